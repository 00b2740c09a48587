/*
 * The PSCI library's interface to BL31, its only user: set-up at cold boot,
 * the SMC handler, and the warm boot every power-up ends in.
 */
#ifndef LIB_PSCI_LIB_H
#define LIB_PSCI_LIB_H

#include <stdint.h>

#include <lib/mem_ranges.h>

/*
 * Cold boot, primary CPU, MMU on: hand the platform @warm_entrypoint (the
 * physical address where a powered-up core enters the firmware with its
 * MMU off; the platform's power hooks start cores there, DEN0022 6.4),
 * keep @ns_dram, the non-secure DRAM where the normal world's entry points
 * may lie (CPU_ON, a power-down CPU_SUSPEND, SYSTEM_SUSPEND: elsewhere,
 * INVALID_ADDRESS), and build the power-domain tree from the platform's
 * description. Returns 0, or -1 after an ERROR when the description is
 * inconsistent.
 */
int psci_setup(uintptr_t warm_entrypoint, const struct mem_ranges *ns_dram);

/*
 * What cold boot decided (psci_setup), read by the SMC path and nothing
 * else (all zero until PSCI is set up, and if its set-up failed):
 *  version: PSCI_VERSION's answer, PSCI_VERSION_VALUE (DEN0022 5.1.1).
 *        BL31's AArch64 vectors answer PSCI_VERSION from it without the
 *        dispatcher (bl31/aarch64/runtime_exceptions.S), and leave a 0 to
 *        the dispatcher, which then finds no PSCI service (SMC_UNK);
 *  fids: bit n, SMC32 PSCI function number n (0-31) is implemented; bit
 *        32 + n, its SMC64 form: psci_functions[] and each row's
 *        availability rule, evaluated once;
 *  ns_dram: psci_setup's, where entry points may lie.
 */
struct psci_decided {
	uint64_t version;
	uint64_t fids;
	struct mem_ranges ns_dram;
};
extern struct psci_decided psci_decided;

/*
 * Handle PSCI function @fid (function number 0x00-0x1f of OEN 4, SMC32
 * arguments already zero-extended, DEN0028 2.6) with arguments @x1-@x3,
 * made from the exception level @caller_spsr (the caller's SPSR_EL3)
 * describes. Returns the value for x0, negative PSCI error codes
 * sign-extended (DEN0022 5.2.2). Calls that do not return to the caller
 * (SYSTEM_OFF, CPU_OFF, a power-down suspend that resumes at its entry
 * point) never come back here.
 */
/*
 * psci_pmf_returned() - the Standard Service, after EXIT_PSCI of the PSCI
 * call @fid (first argument @x1) that returns @ret having staged an
 * outcome (pmf_ring_pending, include/lib/pmf_ring.h): its call-ring
 * record, PSCI telling PMF which call it was (docs/design/pmf.rst).
 */
void psci_pmf_returned(uint32_t fid, uint64_t x1, uint64_t ret);

uint64_t psci_smc_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                          uint64_t caller_spsr);

/*
 * Warm boot of the calling core (the end of CPU_ON, or the wake-up from a
 * power-down suspend), MMU on: first-up coordination, the platform's
 * finisher, and this core's saved context set to enter the normal world
 * where CPU_ON or CPU_SUSPEND said.
 */
void psci_warmboot_entrypoint(void);

#endif
