/*
 * The normal-world test payload (BL33 at NS-EL2): reports the state BL31
 * handed over, checks the basic SMC interfaces, runs the runtime-
 * instrumentation measurement and the PSCI return-code checks, and powers
 * the system off (with SYSTEM_OFF2 where the firmware has it). Lines
 * starting "PAYLOAD:" are what tests/integration asserts on; the last
 * "PAYLOAD: RESULT:" line is the overall verdict.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/console.h>
#include <drivers/pl011.h>
#include <lib/psci/psci.h>
#include <lib/smccc.h>
#include <lib/xlat.h>
#include <lib/utils_def.h>

#include "payload.h"
#include "smc.h"

void payload_main(uint64_t x0);

extern char __TEXT_START__[], __TEXT_END__[], __RODATA_START__[], __RODATA_END__[];
extern char __RW_START__[], __RW_END__[];

/* Read with the MMU off by cores that power up (payload_entry.S). */
uint64_t payload_ttbr0;

/*
 * Level-2/3 tables: the image, the UART, the GIC's distributor and
 * redistributors (unaligned ends each take a level-3 table) and the DTB.
 */
#define PAYLOAD_XLAT_TABLES 10

static uint64_t base_table[XLAT_BASE_ENTRIES] __attribute__((aligned(64)));
static uint64_t tables[PAYLOAD_XLAT_TABLES][XLAT_TABLE_ENTRIES]
	__attribute__((aligned(XLAT_PAGE_SIZE)));

unsigned int payload_checks_passed, payload_checks_failed;
int64_t payload_psci_version;

bool payload_check(bool ok, const char *fmt, ...)
{
	if (ok) {
		payload_checks_passed++;
		return true;
	}
	va_list ap;

	payload_checks_failed++;
	console_lock();
	printf("PAYLOAD: FAIL ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	console_unlock();
	return false;
}

void payload_skip(const char *what, const char *why_fmt, ...)
{
	va_list ap;

	console_lock();
	printf("PAYLOAD: SKIPPED %s: ", what);
	va_start(ap, why_fmt);
	vprintf(why_fmt, ap);
	va_end(ap);
	printf("\n");
	console_unlock();
}

/* GICv3 frame sizes (IHI 0069 12.8): distributor 64 KiB, 128 KiB per redistributor. */
#define GICD_SIZE       0x10000U
#define GICR_FRAME_SIZE 0x20000U

static uintptr_t page_down(uintptr_t a)
{
	return a & ~(uintptr_t)(XLAT_PAGE_SIZE - 1U);
}

static uintptr_t page_up(uintptr_t a)
{
	return page_down(a + XLAT_PAGE_SIZE - 1U);
}

static void __attribute__((noreturn)) power_off(void)
{
	console_flush();
	smc1(PSCI_FID_SYSTEM_OFF, 0, 0, 0);
	printf("PAYLOAD: ERROR: SYSTEM_OFF returned\n");
	for (;;)
		wfi();
}

/*
 * Map the payload, the devices it drives (console UART, GIC distributor
 * and redistributors), the DTB and the PMF call ring, and turn the EL2 MMU
 * on. The DTB's size
 * comes from its header, read with aligned loads while the MMU is off.
 * Returns the header's totalsize, as read then (payload_topology_init
 * refuses one the payload does not map).
 */
static uint32_t mmu_setup(uint64_t dtb)
{
	struct xlat_ctx ctx = { base_table, tables, PAYLOAD_XLAT_TABLES, 0 };
	/* x0 = 0: the firmware passes no DTB (FVP); address 0 is secure ROM. */
	uint32_t dtb_size = dtb == 0U
	                            ? 0U
	                            : __builtin_bswap32(*(volatile uint32_t *)(uintptr_t)(dtb + 4));

	const uint32_t totalsize = dtb_size;

	if ((dtb & 7U) != 0U || dtb_size > PAYLOAD_DTB_MAX_SIZE)
		dtb_size = 0; /* no usable DTB: the topology step says why */
	/* Linker symbols are distinct objects to C: sizes from addresses. */
	const struct mmap_region map[] = {
		{ (uintptr_t)__TEXT_START__, (uintptr_t)__TEXT_END__ - (uintptr_t)__TEXT_START__,
		  MT_CODE },
		{ (uintptr_t)__RODATA_START__,
		  (uintptr_t)__RODATA_END__ - (uintptr_t)__RODATA_START__, MT_RO_DATA },
		{ (uintptr_t)__RW_START__, (uintptr_t)__RW_END__ - (uintptr_t)__RW_START__,
		  MT_RW_DATA },
		{ page_down(PLAT_UART_BASE), XLAT_PAGE_SIZE, MT_DEVICE_RW },
		{ PLAT_GICD_BASE, GICD_SIZE, MT_DEVICE_RW },
		{ PLAT_GICR_BASE, (size_t)GICR_FRAME_SIZE * PAYLOAD_MAX_CORES, MT_DEVICE_RW },
		{ page_down(dtb), page_up(dtb + dtb_size) - page_down(dtb), MT_RO_DATA },
		/* The PMF call ring, where PMF_GET_RING says, as the firmware maps it. */
		{ (uintptr_t)payload_ring.base, (size_t)payload_ring.size, MT_RW_DATA },
	};

	int rc = xlat_map_regions(&ctx, map, ARRAY_SIZE(map) - (payload_ring.usable ? 0U : 1U));

	if (rc != XLAT_OK) {
		printf("PAYLOAD: ERROR: memory map rejected (%d)\n", rc);
		printf("PAYLOAD: RESULT: FAIL\n");
		power_off();
	}
	payload_ttbr0 = (uintptr_t)base_table;
	clean_dcache_range((uintptr_t)&payload_ttbr0, sizeof(payload_ttbr0));
	payload_enable_mmu_el2((uintptr_t)base_table);
	return totalsize;
}

/*
 * The MEM_PROTECT reset test (make test-mem-protect): the first boot writes
 * a mark in DRAM (MMU still off: no mapping needed), enables MEM_PROTECT
 * and resets; BL2 must overwrite DRAM on the way back, so the second boot,
 * which finds MEM_PROTECT still enabled, must find the mark gone.
 */
#define MEM_PROTECT_MARK_ADDR (PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE - 0x1000)
#define MEM_PROTECT_MARK      0x4d454d50524f5431ULL

static void __attribute__((noreturn)) mem_protect_test(void)
{
	volatile uint64_t *mark = (volatile uint64_t *)MEM_PROTECT_MARK_ADDR;
	int64_t was = smc1(PSCI_FID_MEM_PROTECT, 0, 0, 0);

	if (was == PSCI_E_NOT_SUPPORTED) {
		payload_skip("MEM_PROTECT reset test", "PSCI_FEATURES: MEM_PROTECT not supported");
		printf("PAYLOAD: RESULT: PASS\n");
		power_off();
	}
	if (was == 1) {
		printf("PAYLOAD: MEM_PROTECT: after the reset the DRAM mark reads 0x%llx: %s\n",
		       (unsigned long long)*mark, *mark == 0 ? "PASS" : "FAIL");
		printf("PAYLOAD: RESULT: %s\n", *mark == 0 ? "PASS" : "FAIL");
		power_off();
	}
	*mark = MEM_PROTECT_MARK;
	printf("PAYLOAD: MEM_PROTECT: marked DRAM, MEM_PROTECT(1) = %lld, resetting\n",
	       (long long)smc1(PSCI_FID_MEM_PROTECT, 1, 0, 0));
	console_flush();
	smc1(PSCI_FID_SYSTEM_RESET, 0, 0, 0);
	printf("PAYLOAD: ERROR: SYSTEM_RESET returned\n");
	for (;;)
		wfi();
}

void payload_main(uint64_t x0)
{
	static struct console uart;
	/* The whole boot's length: the counter starts at reset. */
	uint64_t entered = read_cntpct_el0();

	pl011_console_register(&uart, PLAT_UART_BASE, PLAT_UART_CLK_HZ, PLAT_UART_BAUD);
	if (PAYLOAD_MODE_MEM_PROTECT)
		mem_protect_test();
	printf("PAYLOAD: entered at EL%u, x0 = 0x%llx, MPIDR = 0x%llx, CNTFRQ = %llu Hz\n",
	       get_current_el(), (unsigned long long)x0, (unsigned long long)read_mpidr_el1(),
	       (unsigned long long)read_cntfrq_el0());
	printf("PAYLOAD: BL33 entered %llu us after reset\n",
	       (unsigned long long)(entered * 1000000U / read_cntfrq_el0()));
	payload_ring_probe();
	uint32_t dtb_totalsize = mmu_setup(x0);

	console_lock_enable();
	if (!payload_topology_init((const void *)(uintptr_t)x0, dtb_totalsize)) {
		printf("PAYLOAD: RESULT: FAIL\n");
		power_off();
	}
	payload_ring_init(x0 != 0U ? (const void *)(uintptr_t)x0 : NULL);
	payload_gic_dist_setup();
	payload_cpu_setup();

	payload_psci_version = smc1(PSCI_FID_VERSION, 0, 0, 0);
	printf("PAYLOAD: PSCI_VERSION = %lld.%lld\n", (long long)(payload_psci_version >> 16),
	       (long long)(payload_psci_version & 0xffff));

	int64_t smccc = smc1(SMCCC_VERSION, 0, 0, 0);

	printf("PAYLOAD: SMCCC_VERSION = %lld.%lld\n", (long long)(smccc >> 16),
	       (long long)(smccc & 0xffff));
	printf("PAYLOAD: unknown SMC 0x%x returns %lld\n", 0xc200ff00U,
	       (long long)smc1(0xc200ff00U, 0, 0, 0));
	printf("PAYLOAD: x4-x29 changed by a known SMC: mask 0x%llx, by an unknown SMC: mask 0x%llx\n",
	       (unsigned long long)smc_clobber_mask(PSCI_FID_VERSION),
	       (unsigned long long)smc_clobber_mask(0xc200ff00U));

	payload_pmf_probe();
	if (PAYLOAD_MODE_BENCH) {
		bench_run();
		power_off();
	}
	if (PAYLOAD_MODE_PROFILE) {
		profile_run();
		power_off();
	}
	if (PAYLOAD_MODE_PMF_ORDER || PAYLOAD_MODE_STRESS) {
		bool ok = PAYLOAD_MODE_STRESS ? stress_run() : pmf_order_run();

		printf("PAYLOAD: checks: %u passed, %u failed\n", payload_checks_passed,
		       payload_checks_failed);
		printf("PAYLOAD: RESULT: %s\n", ok && payload_checks_failed == 0 ? "PASS" : "FAIL");
		power_off();
	}

	bool rt_ok = rt_instr_run();

	conformance_run();

	printf("PAYLOAD: checks: %u passed, %u failed\n", payload_checks_passed,
	       payload_checks_failed);
	printf("PAYLOAD: RESULT: %s\n", rt_ok && payload_checks_failed == 0 ? "PASS" : "FAIL");
	/*
	 * The last check is the last act: SYSTEM_OFF2 with HIBERNATE_OFF
	 * (PSCI 1.3) must power the machine off, as SYSTEM_OFF does. If it
	 * comes back, that is the run's verdict (a second one, FAIL) and
	 * SYSTEM_OFF ends the run.
	 */
	if (payload_topo.system_off2) {
		printf("PAYLOAD: calling SYSTEM_OFF2 (HIBERNATE_OFF)\n");
		console_flush();
		int64_t rc = smc1(PSCI_FID_SYSTEM_OFF2, PSCI_OFF2_TYPE_HIBERNATE_OFF, 0, 0);

		printf("PAYLOAD: ERROR: SYSTEM_OFF2 returned %lld\n", (long long)rc);
		printf("PAYLOAD: RESULT: FAIL\n");
	}
	printf("PAYLOAD: calling SYSTEM_OFF\n");
	power_off();
}
