/*
 * SMC Calling Convention (Arm DEN0028, SMCCC v1.5) function-ID layout and
 * return codes. Shared with the normal-world test payload.
 */
#ifndef LIB_SMCCC_H
#define LIB_SMCCC_H

#include <arch/aarch64/arch.h>

#define SMCCC_VERSION_MAJOR 1
#define SMCCC_VERSION_MINOR 5
#define SMCCC_VERSION_VALUE ((SMCCC_VERSION_MAJOR << 16) | SMCCC_VERSION_MINOR)

/* Function ID fields (DEN0028 2.5, Table 2-1) */
#define FUNCID_TYPE_SHIFT    31 /* 1: fast call, 0: yielding call */
#define FUNCID_CC_SHIFT      30 /* 1: SMC64, 0: SMC32 */
#define FUNCID_OEN_SHIFT     24
#define FUNCID_OEN_MASK      U(0x3f)
#define FUNCID_RESERVED_MASK U(0x00fe0000) /* bits 23:17, zero for fast calls */
#define FUNCID_SVE_HINT_BIT  U(0x00010000) /* bit 16, SMCCC v1.3 */
#define FUNCID_NUM_MASK      U(0xffff)

/*
 * Bit 23, the top reserved bit: a fast call with it set is no function
 * (SMC_UNK), which BL31's vectors answer before saving anything
 * (bl31/aarch64/runtime_exceptions.S) with the dispatcher's very answer
 * (x0 = SMC_UNK, every other register as the caller left it). That round
 * trip is the floor of an SMC on this firmware; SMC_FLOOR_FID is the one
 * make bench times (docs/perf/runtime-paths.rst).
 */
#define FUNCID_RESERVED_TOP_SHIFT 23
#define SMC_FLOOR_FID             U(0x80800000) /* fast, SMC32, OEN 0, bit 23 */

#define SMC_TYPE_FAST U(1)
#define SMC_64        U(1)
#define SMC_32        U(0)

/* Owning entity numbers */
#define OEN_ARM_START     0
#define OEN_CPU_START     1
#define OEN_SIP_START     2
#define OEN_OEM_START     3
#define OEN_STD_START     4
#define OEN_STD_HYP_START 5
#define OEN_VEN_HYP_START 6
#define OEN_VEN_EL3_START 7
#define OEN_TAP_START     48
#define OEN_TOS_START     50
#define OEN_LIMIT         64

/* Return codes */
#define SMC_UNK                     (-1) /* unknown function; all ones in x0 */
#define SMC_OK                      0
#define SMC_ARCH_CALL_NOT_SUPPORTED (-1)
#define SMC_ARCH_CALL_NOT_REQUIRED  (-2)
#define SMC_ARCH_CALL_INVAL_PARAM   (-3)

/* Arm Architecture Calls (DEN0028 7) */
#define SMCCC_VERSION           U(0x80000000)
#define SMCCC_ARCH_FEATURES     U(0x80000001)
#define SMCCC_ARCH_SOC_ID       U(0x80000002)
#define SMCCC_ARCH_SOC_ID_64    U(0xC0000002) /* SMCCC 1.5: the name */
#define SMCCC_ARCH_WORKAROUND_1 U(0x80008000)
#define SMCCC_ARCH_WORKAROUND_2 U(0x80007fff)
#define SMCCC_ARCH_WORKAROUND_3 U(0x80003fff)

/* SMCCC_ARCH_SOC_ID's SoC_ID_type in x1 (DEN0028 7.4; the name since SMCCC 1.5). */
#define SMCCC_SOC_ID_VERSION  0
#define SMCCC_SOC_ID_REVISION 1
#define SMCCC_SOC_ID_NAME     2
#define SMCCC_SOC_NAME_LEN    136 /* x1-x17, 8 bytes each, NUL-terminated */

/*
 * Arm Errata Management Firmware Interface (Arm DEN0100 1.0): Standard
 * Service calls (OEN 4), SMC32 only, function numbers 0xF0-0xF2.
 */
#define EM_VERSION              U(0x840000F0)
#define EM_FEATURES             U(0x840000F1)
#define EM_CPU_ERRATUM_FEATURES U(0x840000F2)
#define EM_VERSION_VALUE        0x10000 /* 1.0: major << 16 | minor */
/* EM_CPU_ERRATUM_FEATURES answers and the interface's error codes */
#define EM_HIGHER_EL_MITIGATION 3 /* a higher EL mitigates it for the caller */
#define EM_NOT_AFFECTED         2 /* the calling PE is not affected */
#define EM_AFFECTED             1 /* affected: the caller mitigates it */
#define EM_SUCCESS              0 /* EM_FEATURES: implemented */
#define EM_NOT_SUPPORTED        (-1)
#define EM_INVALID_PARAMETERS   (-2)
#define EM_UNKNOWN_ERRATUM      (-3) /* not known here, or EL3's half of a split one missing */

#ifndef __ASSEMBLY__
#include <stdbool.h>
#include <stdint.h>

static inline unsigned int smccc_oen(uint32_t fid)
{
	return (fid >> FUNCID_OEN_SHIFT) & FUNCID_OEN_MASK;
}

static inline bool smccc_is_fast(uint32_t fid)
{
	return (fid >> FUNCID_TYPE_SHIFT) != 0U;
}

static inline bool smccc_is_64(uint32_t fid)
{
	return ((fid >> FUNCID_CC_SHIFT) & 1U) != 0U;
}
#endif

#endif
