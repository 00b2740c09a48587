/*
 * Arm Cortex-A53 (MIDR 0x410FD030): SMPEN at reset and when it leaves
 * coherency, set/way flushes of L1 (core) and L1+L2 (cluster) (cortex_a5x.h).
 * An in-order core: none of the speculation vulnerabilities with an EL3
 * part applies (Arm's Spectre-BHB and speculative-store-bypass lists);
 * its errata are not this firmware's yet (no row without its fact).
 */
#include "cortex_a5x.h"

static const struct cpu_row a53_reset[] = { CPU_STEP(CPU_AT_RESET, CPU_ROW_BUILT, smpen_on) };

DECLARE_CPU_OPS(cortex_a53, 1, .midr = MIDR_ARM(0xD03), .flush = CPU_FLUSH_L1_L2,
                .reset = CPU_ROWS(a53_reset), .leave = CPU_ROWS(smpen_leave), .name = "Cortex-A53");
