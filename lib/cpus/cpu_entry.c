/*
 * The CPU-specific work of BL31's entry (include/lib/cpus/cpu_entry.h,
 * cpu_bl31_entry): the calling CPU's unit kept in its data, the EL3
 * vectors for the Spectre-BHB mitigation with that CPU's loop count, and
 * the boot CPU's rows on the console, in one place, so no image tests an
 * erratum's build option itself.
 */
#include <stdbool.h>
#include <stdint.h>

#include <arch/aarch64/arch_helpers.h>
#include <common/debug.h>
#include <lib/cpus/cpu_entry.h>
#include <lib/cpus/errata.h>
#include <lib/el3_runtime/cpu_data.h>

void cpu_bl31_entry_cold(void)
{
	struct cpu_data *me = my_cpu_data();
	uint64_t midr = read_midr_el1();

	me->cpu_ops = cpu_ops_find(midr);
	/* To memory: the warm entry reads it with the MMU off (bl31_entrypoint.S). */
	clean_dcache_range((uintptr_t)&me->cpu_ops, sizeof(me->cpu_ops));
	cpu_errata_report(me->cpu_ops, midr);
}

void cpu_bl31_bhb_vectors(uintptr_t bhb_vectors)
{
	struct cpu_data *me = my_cpu_data();

	/*
	 * Decided at a CPU's first boot, from its own unit and revision (a
	 * CPU that needs no loop keeps the plain vectors); later warm boots
	 * only install them again. No ISB: the ERET to the lower EL
	 * synchronises the write, and until then both tables' current-EL
	 * slots are the same.
	 */
	if (!me->bhb_known) {
		me->bhb_loops = cpu_bhb_loops(me->cpu_ops, read_midr_el1());
		me->bhb_known = true;
	}
	if (me->bhb_loops != 0U)
		write_vbar_el3(bhb_vectors);
}
