/*
 * BL1 reset entry, run by every CPU from the reset vector with the MMU and
 * caches off. The primary (core position 0) cold boots; the others go to
 * the platform's hold pen until PSCI CPU_ON sends them to BL31.
 */
#include <common/aarch64/el3_common_macros.S>

	.section .text.bl1_entrypoint, "ax"
	.global bl1_entrypoint
bl1_entrypoint:
	el3_arch_init early_vectors
	/*
	 * A core powered up by PSCI goes straight to BL31's warm-boot entry,
	 * which runs the reset rows itself (once a warm boot, as TF-A's BL1
	 * leaves them to BL31's entry on a warm boot).
	 */
	bl	plat_get_my_entrypoint
	cbz	x0, 1f
	br	x0
1:	bl	cpu_reset_handler	/* x0 = 0: find the unit */
	el3_icache_on
	bl	plat_my_core_pos
	cbnz	x0, plat_secondary_cold_boot

	/* .data from ROM to RAM, then .bss (the C stack is outside .bss). */
	copy_data
	adr_l	x0, __BSS_START__
	adr_l	x1, __BSS_END__
	bl	zero_mem

	adr_l	x0, boot_cpu_data
	adr_l	x1, __STACK_TOP__
	set_cpu_data
	bl	bl1_main
	b	.
