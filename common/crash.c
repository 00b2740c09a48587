/*
 * The report of an unexpected exception at EL3 (the crash path of
 * common/aarch64/crash.S): the exception's kind, syndrome and addresses
 * and every general-purpose register, then the CPU stops.
 */
#include <stdint.h>
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/console.h>
#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>

void el3_crash_report(unsigned int kind, const struct crash_regs *regs);

/* Vector slot order, ARM DDI 0487 D1.10.2 Table D1-5. */
static const char *const crash_kind[] = {
	"Sync, current EL with SP_EL0", "IRQ, current EL with SP_EL0",
	"FIQ, current EL with SP_EL0",  "SError, current EL with SP_EL0",
	"Sync, current EL with SP_EL3", "IRQ, current EL with SP_EL3",
	"FIQ, current EL with SP_EL3",  "SError, current EL with SP_EL3",
	"Sync, lower EL AArch64",       "IRQ, lower EL AArch64",
	"FIQ, lower EL AArch64",        "SError, lower EL AArch64",
	"Sync, lower EL AArch32",       "IRQ, lower EL AArch32",
	"FIQ, lower EL AArch32",        "SError, lower EL AArch32",
};

/*
 * Called by el3_crash_entry on the CPU's crash stack. Prints without the
 * console lock (the lock holder may be the CPU that crashed) and halts.
 */
void el3_crash_report(unsigned int kind, const struct crash_regs *regs)
{
	printf("\nERROR:   Unhandled exception in EL3: %s\n", kind < 16U ? crash_kind[kind] : "?");
	printf("  MPIDR    0x%016llx\n", (unsigned long long)read_mpidr_el1());
	printf("  ESR_EL3  0x%016llx\n", (unsigned long long)read_esr_el3());
	printf("  ELR_EL3  0x%016llx\n", (unsigned long long)read_elr_el3());
	printf("  FAR_EL3  0x%016llx\n", (unsigned long long)read_far_el3());
	printf("  SPSR_EL3 0x%016llx\n", (unsigned long long)read_spsr_el3());
	printf("  SCR_EL3  0x%016llx\n", (unsigned long long)read_scr_el3());
	printf("  SCTLR_EL3 0x%016llx\n", (unsigned long long)read_sctlr_el3());
	for (unsigned int i = 0; i < 31U; i += 2U) {
		if (i == 30U)
			printf("  x30      0x%016llx  sp_el0   0x%016llx\n",
			       (unsigned long long)regs->x[30], (unsigned long long)regs->sp);
		else
			printf("  x%-2u      0x%016llx  x%-2u      0x%016llx\n", i,
			       (unsigned long long)regs->x[i], i + 1U,
			       (unsigned long long)regs->x[i + 1U]);
	}
	console_flush();
	cpu_halt();
}
