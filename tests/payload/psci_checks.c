/*
 * PSCI and PMF return codes for good and bad arguments (DEN0022 5.2.2,
 * tfa-abi-facts §1.4, §4.2). Each check prints "FAIL <call>(<args>) = <got>,
 * expected <want>" when it fails.
 */
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <plat/plat_topology.h>

#include "payload.h"
#include "smc.h"

#define CPU_ON64	(PSCI_FID_CPU_ON | PSCI_FID_SMC64_BIT)
#define CPU_SUSPEND64	(PSCI_FID_CPU_SUSPEND | PSCI_FID_SMC64_BIT)
#define AFF_INFO64	(PSCI_FID_AFFINITY_INFO | PSCI_FID_SMC64_BIT)
#define RT_TID(i)	((PMF_ARM_TIF_IMPL_ID << PMF_TID_IMPL_SHIFT) | \
			 (PMF_RT_INSTR_SVC_ID << PMF_TID_SVC_SHIFT) | (i))

void payload_cpu_entry(uint64_t context_id);

static unsigned int named;

static void expect(const char *call, uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3,
		   int64_t want)
{
	int64_t got = smc1(fid, a1, a2, a3);

	named++;
	payload_check(got == want, "%s(0x%llx, 0x%llx, 0x%llx) = %lld, expected %lld", call,
		      (unsigned long long)a1, (unsigned long long)a2, (unsigned long long)a3,
		      (long long)got, (long long)want);
}

static void idle(unsigned int pos, void *arg)
{
	(void)pos;
	(void)arg;
}

static void cpu_on_checks(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;
	uint64_t me = read_mpidr_el1() & MPIDR_AFFINITY_MASK;
	uint64_t other = plat_core_mpidr(1);

	expect("CPU_ON on the calling core", CPU_ON64, me, ep, 0, PSCI_E_ALREADY_ON);
	expect("CPU_ON, MPIDR of no core", CPU_ON64, PLATFORM_CORE_COUNT, ep, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("CPU_ON, MPIDR with Aff3 set", CPU_ON64, other | (1ULL << 32), ep, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("CPU_ON, MPIDR with Aff2 set", CPU_ON64, other | (1ULL << 16), ep, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("CPU_ON, odd entry point", CPU_ON64, other, ep + 1, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON, misaligned entry point", CPU_ON64, other, ep + 2, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON, entry point in secure SRAM", CPU_ON64, other, BL31_BASE, 0,
	       PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON, entry point 0", CPU_ON64, other, 0, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_ON, entry point above NS DRAM", CPU_ON64, other,
	       PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE, 0, PSCI_E_INVALID_ADDRESS);
	expect("AFFINITY_INFO of an off core", AFF_INFO64, other, 0, 0, PSCI_AFF_OFF);

	/* Once CPU_ON is accepted the core is ON_PENDING until its warm boot ends. */
	int64_t rc = payload_cpu_on(1, idle, NULL);

	named++;
	payload_check(rc == PSCI_E_SUCCESS, "CPU_ON(core 1) = %lld, expected 0", (long long)rc);
	expect("CPU_ON on a core being powered on", CPU_ON64, other, ep, 0, PSCI_E_ON_PENDING);
	payload_wait_cpu_off(1);
	expect("AFFINITY_INFO after CPU_OFF", AFF_INFO64, other, 0, 0, PSCI_AFF_OFF);
	expect("AFFINITY_INFO of the calling core", AFF_INFO64, me, 0, 0, PSCI_AFF_ON);
	expect("AFFINITY_INFO, lowest level 1", AFF_INFO64, me, 1, 0, PSCI_E_INVALID_PARAMS);
	expect("AFFINITY_INFO, MPIDR of no core", AFF_INFO64, PLATFORM_CORE_COUNT, 0, 0,
	       PSCI_E_INVALID_PARAMS);
	/* SMC32 forms ignore the upper halves of their arguments (DEN0028 2.6). */
	expect("AFFINITY_INFO (SMC32), garbage upper half", PSCI_FID_AFFINITY_INFO,
	       me | 0xabcd000000000000ULL, 0xffffffff00000000ULL, 0, PSCI_AFF_ON);
}

static void suspend_checks(void)
{
	uintptr_t ep = (uintptr_t)payload_cpu_entry;

	expect("CPU_SUSPEND, reserved bit 30 set", CPU_SUSPEND64, 0x40000000 | PLAT_PSTATE_CORE_OFF,
	       ep, 0, PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND, reserved bit 17 set", CPU_SUSPEND64, 0x00020000 | PLAT_PSTATE_CORE_OFF,
	       ep, 0, PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND, level 3 (beyond the deepest)", CPU_SUSPEND64, 0x03010222, ep, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND, StateID 0 standby", CPU_SUSPEND64, 0x00000000, ep, 0,
	       PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND, power-down type with a standby StateID", CPU_SUSPEND64, 0x00010001,
	       ep, 0, PSCI_E_INVALID_PARAMS);
	expect("CPU_SUSPEND, power-down to an odd entry point", CPU_SUSPEND64,
	       PLAT_PSTATE_CORE_OFF, ep + 1, 0, PSCI_E_INVALID_ADDRESS);
	expect("CPU_SUSPEND, power-down to secure memory", CPU_SUSPEND64, PLAT_PSTATE_DEEPEST,
	       BL31_BASE, 0, PSCI_E_INVALID_ADDRESS);

	/*
	 * Core standby returns to the caller once the timer wakes it, with the
	 * caller's GIC CPU-interface state (priority mask) as it left it.
	 */
	uint64_t pmr;

	__asm__ volatile("msr S3_0_C4_C6_0, %0" : : "r"(0xf0ULL));	/* ICC_PMR_EL1 */
	payload_timer_arm_us(100);
	int64_t rc = payload_suspend(PLAT_PSTATE_CORE_STANDBY);

	payload_timer_stop();
	__asm__ volatile("mrs %0, S3_0_C4_C6_0" : "=r"(pmr));
	__asm__ volatile("msr S3_0_C4_C6_0, %0" : : "r"(0xffULL));
	named++;
	payload_check(rc == PSCI_E_SUCCESS, "CPU_SUSPEND(core standby 0x%x) = %lld, expected 0",
		      PLAT_PSTATE_CORE_STANDBY, (long long)rc);
	payload_check(pmr == 0xf0, "CPU_SUSPEND(core standby) changed ICC_PMR_EL1 to 0x%llx",
		      (unsigned long long)pmr);
	/* Cluster power-down of the lead alone (the other cores are off). */
	payload_timer_arm_us(100);
	rc = payload_suspend(PLAT_PSTATE_CLUSTER_OFF);
	payload_timer_stop();
	named++;
	payload_check(rc == PSCI_E_SUCCESS, "CPU_SUSPEND(cluster power-down 0x%x) = %lld, expected 0",
		      PLAT_PSTATE_CLUSTER_OFF, (long long)rc);
}

static void misc_checks(void)
{
	expect("PSCI_VERSION", PSCI_FID_VERSION, 0, 0, 0, PSCI_VERSION_VALUE);
	expect("PSCI_FEATURES(CPU_SUSPEND): original format, no OSI", PSCI_FID_FEATURES,
	       PSCI_FID_CPU_SUSPEND, 0, 0, 0);
	expect("PSCI_FEATURES(CPU_ON SMC64)", PSCI_FID_FEATURES, CPU_ON64, 0, 0, 0);
	expect("PSCI_FEATURES(SMCCC_VERSION)", PSCI_FID_FEATURES, SMCCC_VERSION, 0, 0, 0);
	expect("PSCI_FEATURES(unassigned 0x8400001F)", PSCI_FID_FEATURES, 0x8400001F, 0, 0,
	       PSCI_E_NOT_SUPPORTED);
	expect("PSCI_FEATURES(SMC64 PSCI_VERSION)", PSCI_FID_FEATURES,
	       PSCI_FID_VERSION | PSCI_FID_SMC64_BIT, 0, 0, PSCI_E_NOT_SUPPORTED);
	expect("MIGRATE_INFO_TYPE: no Trusted OS", PSCI_FID_MIGRATE_INFO_TYPE, 0, 0, 0,
	       PSCI_TOS_NOT_PRESENT_MP);
	expect("unassigned PSCI function 0x8400001F", 0x8400001F, 0, 0, 0, SMC_UNK);
	expect("SMC64 form of PSCI_VERSION", PSCI_FID_VERSION | PSCI_FID_SMC64_BIT, 0, 0, 0,
	       SMC_UNK);
	expect("Standard Service call outside PSCI (0x84000100)", 0x84000100, 0, 0, 0, SMC_UNK);
	expect("yielding call", 0x04000000, 0, 0, 0, SMC_UNK);
	expect("fast call with reserved bits 23:17 set", 0x84020000, 0, 0, 0, SMC_UNK);
	expect("SMCCC_ARCH_FEATURES(SMCCC_VERSION)", SMCCC_ARCH_FEATURES, SMCCC_VERSION, 0, 0, 0);
	expect("SMCCC_ARCH_FEATURES(unassigned 0x80000099)", SMCCC_ARCH_FEATURES, 0x80000099, 0, 0,
	       SMC_ARCH_CALL_NOT_SUPPORTED);
	/* The last core running may not CPU_OFF: nothing could turn it back on. */
	expect("CPU_OFF of the last running core", PSCI_FID_CPU_OFF, 0, 0, 0, PSCI_E_DENIED);
}

static void pmf_checks(void)
{
	uint64_t me = read_mpidr_el1();
	struct smc_result r64 = smc(PMF_SMC_GET_TIMESTAMP_64, RT_TID(RT_INSTR_ENTER_PSCI), me, 0);
	struct smc_result r32 = smc(PMF_SMC_GET_TIMESTAMP_32, RT_TID(RT_INSTR_ENTER_PSCI), me,
				    PMF_CACHE_MAINT);

	named += 2;
	payload_check(r64.x0 == 0 && r64.x1 != 0, "PMF GET_TIMESTAMP_64(own MPIDR) = %lld, ts %llu",
		      (long long)r64.x0, (unsigned long long)r64.x1);
	payload_check(r32.x0 == 0 && (r32.x1 | r32.x2 << 32) == r64.x1,
		      "PMF GET_TIMESTAMP_32 = %lld, halves 0x%llx:0x%llx, expected 0x%llx",
		      (long long)r32.x0, (unsigned long long)r32.x2, (unsigned long long)r32.x1,
		      (unsigned long long)r64.x1);
	expect("PMF GET_TIMESTAMP, bare tid 0x400", PMF_SMC_GET_TIMESTAMP_64, 0x400, me, 0, 0);
	expect("PMF GET_TIMESTAMP, MPIDR of no core", PMF_SMC_GET_TIMESTAMP_64,
	       RT_TID(RT_INSTR_ENTER_PSCI), PLATFORM_CORE_COUNT, 0, PSCI_E_INVALID_PARAMS);
	expect("PMF GET_TIMESTAMP, index 6 (past the last)", PMF_SMC_GET_TIMESTAMP_64, RT_TID(6),
	       me, 0, PMF_E_INVAL);
	expect("PMF GET_TIMESTAMP, service id 0 (PSCI_STAT, no SMC access)",
	       PMF_SMC_GET_TIMESTAMP_64, 0x41000000, me, 0, PMF_E_INVAL);
	expect("PMF GET_TIMESTAMP, service id 2", PMF_SMC_GET_TIMESTAMP_64, 0x41000800, me, 0,
	       PMF_E_INVAL);
	expect("PMF GET_VERSION", PMF_SMC_GET_VERSION_64, 0, 0, 0, 0);
	named++;
	payload_check(smc(PMF_SMC_GET_VERSION_32, 0, 0, 0).x1 == PMF_SMC_VERSION,
		      "PMF GET_VERSION: x1 != 1");
	expect("PMF range, unassigned 0xC7000022", 0xC7000022, 0, 0, 0, SMC_UNK);
	expect("Vendor EL3 outside PMF (0xC7000030)", 0xC7000030, 0, 0, 0, SMC_UNK);
}

void psci_checks_run(void)
{
	unsigned int failed_before = payload_checks_failed;

	named = 0;
	cpu_on_checks();
	suspend_checks();
	misc_checks();
	pmf_checks();
	printf("PAYLOAD: return-code checks: %u calls, %s\n", named,
	       payload_checks_failed == failed_before ? "PASS" : "FAIL");
}
