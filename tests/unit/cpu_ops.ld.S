/*
 * The host tests that link CPU units (lib/cpus/units): the firmware's
 * cpu_ops section (include/common/bl_common.ld.h, CPU_OPS_DESCS) added to
 * the host linker's default script, so that cpu_ops_find walks the units
 * in the firmware's order.
 */
#include <common/bl_common.ld.h>

SECTIONS {
	cpu_ops : {
		CPU_OPS_DESCS
	}
} INSERT AFTER .rodata;
