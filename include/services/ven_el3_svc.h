/*
 * The Vendor-Specific EL3 service (services/ven_el3, OEN 7, DEN0028 6.1):
 * what another service shares of it. Its SMC function IDs and the PMF
 * timestamp layout are lib/pmf's (include/lib/pmf.h).
 */
#ifndef SERVICES_VEN_EL3_SVC_H
#define SERVICES_VEN_EL3_SVC_H

#include <stdint.h>

struct el3_context;
/*
 * The GET_TIMESTAMP SMC (services/ven_el3): @fid its function ID (SMC32 or
 * SMC64 result layout), @tid the timestamp ID (x1), @mpidr the core (x2),
 * @flags bit 0 = invalidate the slot first (x3); results in @ctx. Shared by
 * the vendor EL3 IDs and the deprecated Arm SiP IDs (services/optional/arm_sip_svc).
 */
void pmf_get_timestamp(uint32_t fid, uint64_t tid, uint64_t mpidr, uint64_t flags,
                       struct el3_context *ctx);

#endif
