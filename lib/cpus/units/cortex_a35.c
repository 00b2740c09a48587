/*
 * Arm Cortex-A35 (MIDR 0x410FD040): as the Cortex-A53 (cortex_a5x.h), an
 * in-order core with none of the speculation vulnerabilities' EL3 parts;
 * its errata are not this firmware's yet (no row without its fact).
 */
#include "cortex_a5x.h"

static const struct cpu_row a35_reset[] = { CPU_STEP(CPU_AT_RESET, CPU_ROW_BUILT, smpen_on) };

DECLARE_CPU_OPS(cortex_a35, 1, .midr = MIDR_ARM(0xD04), .flush = CPU_FLUSH_L1_L2,
                .reset = CPU_ROWS(a35_reset), .leave = CPU_ROWS(smpen_leave), .name = "Cortex-A35");
