/*
 * BL31's CPU-specific entry work (lib/cpus/cpu_entry.c): the calling
 * CPU's unit kept in its data, its rows on the console, the Spectre-BHB
 * vectors with its loop count. A header of its own: BL31 calls these, and
 * they ask include/lib/cpus/errata.h's questions, not the other way round.
 */
#ifndef LIB_CPUS_CPU_ENTRY_H
#define LIB_CPUS_CPU_ENTRY_H

#include <stdint.h>

/*
 * BL31's entry work on the calling CPU (lib/cpus/cpu_entry.c), before it
 * first enters a lower EL. cpu_bl31_entry_cold: the primary at cold boot
 * (MMU on, before the other CPUs start): its unit's look-up, kept in its
 * data (a warm boot's is stored by bl31_warm_entrypoint, from
 * cpu_reset_handler), and its rows on the console: which ran, which did
 * not and why. cpu_bl31_entry: every CPU, cold and warm boot, after that:
 * where its unit's CVE-2022-23960 row applies, the loop count in its data
 * and VBAR_EL3 = @bhb_vectors (BL31's vectors with the branch-history
 * loop); nothing at all in a build without that mitigation.
 */
void cpu_bl31_entry_cold(void);
void cpu_bl31_bhb_vectors(uintptr_t bhb_vectors);

static inline void cpu_bl31_entry(uintptr_t bhb_vectors)
{
	if (WORKAROUND_CVE_2022_23960)
		cpu_bl31_bhb_vectors(bhb_vectors);
}

#endif
