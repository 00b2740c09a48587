/*
 * Preparing the normal world's entry: its saved EL3 context and the EL2
 * system registers it starts with.
 */
#ifndef LIB_EL3_RUNTIME_CONTEXT_H
#define LIB_EL3_RUNTIME_CONTEXT_H

#include <stdint.h>

#include <lib/el3_runtime/cpu_data.h>

/*
 * Make @ctx enter the normal world at @entry (physical address) with
 * x0 = @arg0, all other general-purpose registers 0, at EL2 (EL1 if the PE
 * has no EL2), SP_ELx selected, interrupts masked, MMU off: the state
 * PSCI's CPU_ON and power-down CPU_SUSPEND return to (DEN0022 6.4.3) and
 * that BL33 starts in.
 */
void cm_init_ns_context(struct el3_context *ctx, uint64_t entry, uint64_t arg0);

/*
 * Put this CPU's EL3 and EL2 control registers in the state the normal
 * world expects at its entry: SCR_EL3/CPTR_EL3/MDCR_EL3 enabling the
 * features the PE implements, and EL2 registers reset to safe values
 * (their reset values are UNKNOWN, ARM DDI 0487 D19). Every CPU, cold and
 * warm boot.
 */
void cm_prepare_el3_exit_ns(void);

/*
 * Turn the trapped instruction @ctx stopped at into an Undefined
 * Instruction exception taken to the exception level it came from (EL0 to
 * EL1, or EL2 if HCR_EL2.TGE), as if EL3 did not exist (ARM DDI 0487
 * D1.10.1, D1.11): the lower EL's ELR/SPSR/ESR are written and @ctx
 * returns to its vector.
 */
void cm_inject_undef(struct el3_context *ctx);

/* SCR_EL3 value for the normal world (computed once from ID registers). */
uint64_t cm_ns_scr_el3(void);

#endif
