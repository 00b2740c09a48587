/*
 * BL2 entry: jumped to by BL1 on the primary CPU at EL3, MMU and caches
 * off, image already cleaned to the Point of Coherency. The read-write
 * memory is invalidated first: BL1 had it mapped cacheable, so lines of it
 * may linger, and after the MMU-off writes below (zero_mem) they would be
 * stale, or dirty and written back over them.
 */
#include <common/aarch64/el3_common_macros.S>

	.section .text.bl2_entrypoint, "ax"
	.global bl2_entrypoint
bl2_entrypoint:
	el3_arch_init early_vectors
	el3_icache_on
	invalidate_rw
	/* .data is loaded packed after .rodata (bl_common.ld.h). */
	copy_data
	adr_l	x0, __BSS_START__
	adr_l	x1, __BSS_END__
	bl	zero_mem
	adr_l	x0, boot_cpu_data
	adr_l	x1, __STACK_TOP__
	set_cpu_data
	bl	bl2_main
	b	.
