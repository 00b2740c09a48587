/*
 * PSCI (Arm DEN0022F, PSCI 1.3) function IDs, return codes and power_state
 * layout (DEN0022 5). Shared with the normal-world test payload.
 */
#ifndef LIB_PSCI_H
#define LIB_PSCI_H

#include <arch/aarch64/arch.h>

/*
 * 1.3: every function DEN0022F makes mandatory is implemented (the same set
 * as 1.1's; 1.2 and 1.3 add optional ones only), and SYSTEM_OFF2 is
 * (docs/design/psci.rst, PSCI 1.3).
 */
#define PSCI_VERSION_MAJOR 1
#define PSCI_VERSION_MINOR 3
#define PSCI_VERSION_VALUE ((PSCI_VERSION_MAJOR << 16) | PSCI_VERSION_MINOR)

/* Function IDs, DEN0022 5.1 (SMC64 forms have bit 30 set) */
#define PSCI_FID_VERSION                        U(0x84000000)
#define PSCI_FID_CPU_SUSPEND                    U(0x84000001)
#define PSCI_FID_CPU_OFF                        U(0x84000002)
#define PSCI_FID_CPU_ON                         U(0x84000003)
#define PSCI_FID_AFFINITY_INFO                  U(0x84000004)
#define PSCI_FID_MIGRATE                        U(0x84000005)
#define PSCI_FID_MIGRATE_INFO_TYPE              U(0x84000006)
#define PSCI_FID_MIGRATE_INFO_UP_CPU            U(0x84000007)
#define PSCI_FID_SYSTEM_OFF                     U(0x84000008)
#define PSCI_FID_SYSTEM_RESET                   U(0x84000009)
#define PSCI_FID_FEATURES                       U(0x8400000A)
#define PSCI_FID_CPU_FREEZE                     U(0x8400000B)
#define PSCI_FID_CPU_DEFAULT_SUSPEND            U(0x8400000C)
#define PSCI_FID_NODE_HW_STATE                  U(0x8400000D)
#define PSCI_FID_SYSTEM_SUSPEND                 U(0x8400000E)
#define PSCI_FID_SET_SUSPEND_MODE               U(0x8400000F)
#define PSCI_FID_STAT_RESIDENCY                 U(0x84000010)
#define PSCI_FID_STAT_COUNT                     U(0x84000011)
#define PSCI_FID_SYSTEM_RESET2                  U(0x84000012)
#define PSCI_FID_MEM_PROTECT                    U(0x84000013)
#define PSCI_FID_MEM_PROTECT_CHECK_RANGE        U(0x84000014)
#define PSCI_FID_SYSTEM_OFF2                    U(0x84000015) /* 1.3 */
/* 1.3, optional, not implemented: SMC64 form only, and SMC32 form only. */
#define PSCI_FID_CLEAN_INV_MEMREGION            U(0xC4000016)
#define PSCI_FID_CLEAN_INV_MEMREGION_ATTRIBUTES U(0x84000017)
#define PSCI_FID_SMC64_BIT                      U(0x40000000)
/* The PSCI function numbers: 0x00-0x1f of the Standard Service OEN. */
#define PSCI_FUNC_MASK                          U(0xffe0)
#define PSCI_FUNC_NUM_MASK                      U(0x1f)

/* Return codes, DEN0022 5.2.2 */
#define PSCI_E_SUCCESS         0
#define PSCI_E_NOT_SUPPORTED   (-1)
#define PSCI_E_INVALID_PARAMS  (-2)
#define PSCI_E_DENIED          (-3)
#define PSCI_E_ALREADY_ON      (-4)
#define PSCI_E_ON_PENDING      (-5)
#define PSCI_E_INTERN_FAIL     (-6)
#define PSCI_E_NOT_PRESENT     (-7)
#define PSCI_E_DISABLED        (-8)
#define PSCI_E_INVALID_ADDRESS (-9)

/* AFFINITY_INFO results */
#define PSCI_AFF_ON         0
#define PSCI_AFF_OFF        1
#define PSCI_AFF_ON_PENDING 2

/* NODE_HW_STATE results */
#define PSCI_HW_ON      0
#define PSCI_HW_OFF     1
#define PSCI_HW_STANDBY 2

/* PSCI_SET_SUSPEND_MODE modes */
#define PSCI_MODE_PLAT_COORD 0
#define PSCI_MODE_OS_INIT    1

/* SYSTEM_RESET2 reset_type: bit 31 = vendor-specific; architectural type 0 */
#define PSCI_RESET2_VENDOR_BIT        U(0x80000000)
#define PSCI_RESET2_SYSTEM_WARM_RESET U(0)

/*
 * SYSTEM_OFF2 type (DEN0022F): HIBERNATE_OFF is 1, and issue F.b makes 0 an
 * alias of it (the value earlier drafts and Linux use); bit 31 =
 * vendor-specific. PSCI_FEATURES(SYSTEM_OFF2) answers a bitmap of the types
 * implemented, bit 0 = HIBERNATE_OFF.
 */
#define PSCI_OFF2_TYPE_HIBERNATE_OFF    U(1)
#define PSCI_OFF2_TYPE_HIBERNATE_ALIAS  U(0)
#define PSCI_OFF2_FEATURE_HIBERNATE_OFF U(1)

/* PSCI_FEATURES(CPU_SUSPEND) flags (DEN0022 5.15.2) */
#define PSCI_FEATURE_OSI          U(1)
#define PSCI_FEATURE_EXT_STATE_ID U(2)

/* MIGRATE_INFO_TYPE: no Trusted OS, so none needs migrating. */
#define PSCI_TOS_NOT_PRESENT_MP 2

/* power_state, original format (DEN0022 5.4.2) */
#define PSTATE_ID_MASK        U(0xffff)
#define PSTATE_TYPE_SHIFT     16
#define PSTATE_TYPE_POWERDOWN U(1)
#define PSTATE_PWR_LVL_SHIFT  24
#define PSTATE_PWR_LVL_MASK   U(0x3)
#define PSTATE_SBZ_MASK       U(0xfcfe0000)
/*
 * DEN0022's recommended StateID encoding: one 4-bit field per power
 * level, the core's lowest, each the local state asked for that level
 * (0 run, 1 retention, 2 power-down), and the field above the highest
 * level, in OS-initiated mode, the last power level in which the caller is
 * the last running core (TFTF, TF-A's Arm platforms).
 */
#define PSTATE_ID_LEVEL_BITS  4U
#define PSTATE_ID_LEVEL_MASK  U(0xf)

#endif
