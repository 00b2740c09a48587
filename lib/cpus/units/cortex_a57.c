/*
 * Arm Cortex-A57 (MIDR 0x410FD070): SMPEN, set/way flushes and the
 * CVE-2018-3639 and CVE-2022-23960 rows of its family (cortex_a5x.h).
 */
#include "cortex_a5x.h"

DECLARE_CPU_OPS(cortex_a57, 1, .midr = MIDR_ARM(0xD07), .flush = CPU_FLUSH_L1_L2,
                .bhb_loops = A57_CLASS_BHB_LOOPS, .reset = CPU_ROWS(a57_class_reset),
                .leave = CPU_ROWS(smpen_leave), .runtime = CPU_ROWS(a57_class_runtime),
                .name = "Cortex-A57");
