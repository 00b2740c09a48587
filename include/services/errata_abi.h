/*
 * The Arm Errata Management Firmware Interface (services/std_svc/
 * errata_abi.c; Arm DEN0100 1.0): what the Standard Service dispatcher
 * shares of it. Its function IDs and return codes are include/lib/smccc.h's.
 */
#ifndef SERVICES_ERRATA_ABI_H
#define SERVICES_ERRATA_ABI_H

#include <stdbool.h>
#include <stdint.h>

struct el3_context;

/*
 * A Standard Service call that is no PSCI call (@fid with the SVE hint
 * cleared; @x1-@x3 zero-extended for SMC32; @ctx the caller's saved
 * registers, where the result goes): true if it is one of this interface's
 * functions and was answered, false (nothing written) otherwise.
 */
bool errata_abi_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                       struct el3_context *ctx);

#endif
