/*
 * The CPU-specific work of BL31's entry (include/lib/cpus/errata.h,
 * cpu_bl31_entry): the reset rows of the errata table and the choice of
 * EL3 vectors for the Spectre-BHB mitigation, in one place, so no image
 * tests an erratum's build option itself.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/cpus/errata.h>
#include <platform_def.h>

#ifndef WORKAROUND_CVE_2022_23960
#error "the build configuration must say whether WORKAROUND_CVE_2022_23960 is built"
#endif

/*
 * The vectors lower-EL exceptions go through when they are not the boot
 * vectors, 0 for those: decided once at cold boot from the errata table and
 * the boot CPU's MIDR_EL1, as the SMCCC_ARCH_FEATURES answers are (the
 * platforms' CPUs are all of one model), so a warm boot does no look-up.
 */
static uintptr_t lower_el_vectors;

void cpu_bl31_entry(bool cold, uintptr_t bhb_vectors)
{
	if (PLAT_CPU_IMPDEF_REGS != 0)
		cpu_errata_apply_reset();
	if (WORKAROUND_CVE_2022_23960 == 0)
		return;
	if (cold) {
		unsigned int loops = cpu_bhb_loop_count(read_midr_el1());

		/* The vectors' loop covers every row's count (tests/unit/test_errata.c). */
		assert(loops <= BHB_LOOP_COUNT_NEOVERSE_N1);
		lower_el_vectors = loops != 0U ? bhb_vectors : 0U;
		if (loops != 0U)
			NOTICE("BL31: CVE-2022-23960 (Spectre-BHB): %u-branch loop on entry from "
			       "lower ELs\n",
			       BHB_LOOP_COUNT_NEOVERSE_N1);
	}
	/*
	 * No ISB: the ERET to the lower EL synchronises the write, and until
	 * then both tables' current-EL slots are the same.
	 */
	if (lower_el_vectors != 0U)
		write_vbar_el3(lower_el_vectors);
}
