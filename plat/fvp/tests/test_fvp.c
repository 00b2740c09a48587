/*
 * Base FVP platform logic on the host: the power controller's register
 * protocol against a simulated Base_PowerController (Arm 100966, Fast
 * Models Reference Guide): every write is checked; PSYSR answers per core
 * (powered, pending off, wake-up enable, wake-up reason); the cluster
 * powers off only when its last core does. Also the MPIDR decoding of both
 * FVP layouts, the SYS_CFGCTRL words and the memory map.
 */
#include <string.h>

#include "test.h"

#include <drivers/gicv3.h>
#include <drivers/pl011.h>
#include <fvp_pwrc.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>

/* --- a simulated Base_PowerController: 2 clusters x 2 cores, AEM MPIDRs --- */
struct sim_core {
	bool on, pending_off, wen;
	unsigned int wk;
};
static struct sim_core core[2][2];
static bool cluster_on[2], cluster_pending_off[2];
static uint32_t psysr_sel;
static struct {
	unsigned int offset;
	uint32_t value;
} writes[16];
static unsigned int nwrites, pponr_writes;
static unsigned int psysr_reads_until_off; /* a core still on its way down */

static struct sim_core *lookup(uint32_t id)
{
	unsigned int c = id & 0xff, cl = (id >> 8) & 0xff;

	return (id >> 16) == 0 && c < 2 && cl < 2 ? &core[cl][c] : NULL;
}

static void sim_write(unsigned int offset, uint32_t value)
{
	/* The first 16 writes are kept; all are counted (bounded polls). */
	if (nwrites < 16)
		writes[nwrites] = (typeof(writes[0])){ offset, value };
	nwrites++;
	if (offset == PWRC_PPONR)
		pponr_writes++;
	struct sim_core *c = lookup(value & PWRC_ID_MASK);
	unsigned int cl = (value >> 8) & 0xff;

	switch (offset) {
	case PWRC_PPOFFR:
		CHECK(c != NULL);
		c->pending_off = true;
		break;
	case PWRC_PPONR:
		CHECK(c != NULL && !c->on);
		c->on = true;
		c->wk = PSYSR_WK_PPONR;
		cluster_on[cl] = true;
		break;
	case PWRC_PCOFFR:
		CHECK(c != NULL);
		cluster_pending_off[cl] = true;
		break;
	case PWRC_PWKUPR:
		CHECK(c != NULL);
		CHECK_EQ(value & ~(PWKUPR_WEN | PWRC_ID_MASK), 0); /* reserved bits 30:24 */
		c->wen = (value & PWKUPR_WEN) != 0;
		break;
	case PWRC_PSYSR:
		psysr_sel = value;
		break;
	default:
		CHECK(false);
	}
}

static uint32_t sim_read(unsigned int offset)
{
	CHECK_EQ(offset, PWRC_PSYSR);
	struct sim_core *c = lookup(psysr_sel);

	if (c == NULL)
		return PSYSR_INVALID;
	unsigned int cl = (psysr_sel >> 8) & 0xff;
	if (psysr_reads_until_off != 0U && --psysr_reads_until_off == 0U)
		c->on = false;
	return (c->on ? PSYSR_AFF_L0 : 0U) | (cluster_on[cl] ? PSYSR_AFF_L1 : 0U) |
	       (c->wen ? PSYSR_WEN : 0U) | (c->pending_off ? PSYSR_PP : 0U) |
	       (cluster_pending_off[cl] ? PSYSR_PC : 0U) | c->wk << PSYSR_WK_SHIFT;
}

/* The core with a pending off executes WFI: the controller acts. */
static void sim_wfi(unsigned int cl, unsigned int c)
{
	if (!core[cl][c].pending_off)
		return;
	core[cl][c].on = false;
	core[cl][c].pending_off = false;
	if (cluster_pending_off[cl] && !core[cl][0].on && !core[cl][1].on) {
		cluster_on[cl] = false;
		cluster_pending_off[cl] = false;
	}
}

/* A GIC interrupt for a powered-down core: it wakes only with WEN. */
static void sim_gic_wake(unsigned int cl, unsigned int c)
{
	if (!core[cl][c].on && core[cl][c].wen) {
		core[cl][c].on = true;
		core[cl][c].wk = PSYSR_WK_GICREQ;
		cluster_on[cl] = true;
	}
}

static const struct fvp_pwrc_io io = { sim_write, sim_read };

static void sim_reset(void)
{
	memset(core, 0, sizeof(core));
	for (int cl = 0; cl < 2; cl++) {
		cluster_on[cl] = true;
		cluster_pending_off[cl] = false;
		for (int c = 0; c < 2; c++)
			core[cl][c].on = true;
	}
	nwrites = 0;
	pponr_writes = 0;
	psysr_reads_until_off = 0;
}

static void test_cpu_off_and_on(void)
{
	sim_reset();
	/* CPU_OFF of core 1.1, not the last of its cluster: no PCOFFR, no WEN. */
	fvp_pwrc_core_off(&io, 0x101, false, false);
	CHECK_EQ(nwrites, 2);
	CHECK_EQ(writes[0].offset, PWRC_PWKUPR);
	CHECK_EQ(writes[0].value, 0x101);
	CHECK_EQ(writes[1].offset, PWRC_PPOFFR);
	CHECK_EQ(writes[1].value, 0x101);
	CHECK_EQ(fvp_pwrc_status(&io, 0x101) & PSYSR_PP, PSYSR_PP);
	sim_wfi(1, 1);
	CHECK_EQ(fvp_pwrc_status(&io, 0x101) & (PSYSR_AFF_L0 | PSYSR_AFF_L1), PSYSR_AFF_L1);
	/* An interrupt does not wake a core turned off by CPU_OFF. */
	sim_gic_wake(1, 1);
	CHECK_EQ(fvp_pwrc_status(&io, 0x101) & PSYSR_AFF_L0, 0);
	/* CPU_ON: PSYSR says off, then PPONR with the affinity only. */
	nwrites = 0;
	CHECK_EQ(fvp_pwrc_core_on(&io, 0x80000101ULL), 0);
	CHECK_EQ(writes[0].offset, PWRC_PSYSR);
	CHECK_EQ(writes[0].value, 0x101);
	CHECK_EQ(writes[1].offset, PWRC_PPONR);
	CHECK_EQ(writes[1].value, 0x101);
	CHECK_EQ(nwrites, 2);
	uint32_t st = fvp_pwrc_status(&io, 0x101);
	CHECK_EQ((st >> PSYSR_WK_SHIFT) & PSYSR_WK_MASK, PSYSR_WK_PPONR);
	CHECK(st & PSYSR_AFF_L0);
}

static void test_cpu_on_waits_for_off(void)
{
	sim_reset();
	fvp_pwrc_core_off(&io, 0x1, false, false);
	/* The core has not reached WFI yet: it goes off on the 3rd PSYSR read. */
	psysr_reads_until_off = 3;
	nwrites = 0;
	CHECK_EQ(fvp_pwrc_core_on(&io, 0x1), 0);
	CHECK_EQ(nwrites, 4); /* three PSYSR selects, then PPONR */
	CHECK_EQ(writes[3].offset, PWRC_PPONR);
	/* A core that never goes off: bounded, then refused, never PPONR. */
	sim_reset();
	CHECK_EQ(fvp_pwrc_core_on(&io, 0x1), -1);
	CHECK_EQ(nwrites, FVP_PWRC_OFF_POLLS);
	CHECK_EQ(pponr_writes, 0);
	/* No such core. */
	sim_reset();
	CHECK_EQ(fvp_pwrc_core_on(&io, 0x10002), -1);
	CHECK_EQ(nwrites, 1);
}

static void test_cluster_off_last_core(void)
{
	sim_reset();
	/* Suspend of both cores of cluster 0 to cluster power-down, with wake-up. */
	fvp_pwrc_core_off(&io, 0x0, true, true);
	CHECK_EQ(nwrites, 3);
	CHECK_EQ(writes[0].offset, PWRC_PWKUPR);
	CHECK_EQ(writes[0].value, PWKUPR_WEN | 0x0);
	CHECK_EQ(writes[2].offset, PWRC_PCOFFR);
	CHECK_EQ(writes[2].value, 0x0);
	sim_wfi(0, 0);
	/* The cluster stays up while its other core runs. */
	CHECK_EQ(fvp_pwrc_status(&io, 0x0) & (PSYSR_AFF_L0 | PSYSR_AFF_L1 | PSYSR_PC),
	         PSYSR_AFF_L1 | PSYSR_PC);
	fvp_pwrc_core_off(&io, 0x1, true, true);
	sim_wfi(0, 1);
	CHECK_EQ(fvp_pwrc_status(&io, 0x1) & (PSYSR_AFF_L0 | PSYSR_AFF_L1), 0);
	CHECK_EQ(fvp_pwrc_status(&io, 0x1) & PSYSR_WEN, PSYSR_WEN);
	/* The other cluster is untouched. */
	CHECK(fvp_pwrc_status(&io, 0x100) & PSYSR_AFF_L1);
	/* An interrupt wakes core 0.1 (WEN), the reason is the GIC. */
	sim_gic_wake(0, 1);
	uint32_t st = fvp_pwrc_status(&io, 0x1);
	CHECK_EQ((st >> PSYSR_WK_SHIFT) & PSYSR_WK_MASK, PSYSR_WK_GICREQ);
	CHECK(st & PSYSR_AFF_L1);
	/* Back up: the wake-up enable is withdrawn. */
	nwrites = 0;
	fvp_pwrc_core_up(&io, 0x81000001ULL & 0xffffff);
	CHECK_EQ(nwrites, 1);
	CHECK_EQ(writes[0].offset, PWRC_PWKUPR);
	CHECK_EQ(writes[0].value, 0x1);
	CHECK_EQ(fvp_pwrc_status(&io, 0x1) & PSYSR_WEN, 0);
}

static void test_v2m(void)
{
	/* DUI 0447: START | WRITE | FUNCTION, site/position/device 0. */
	CHECK_EQ(fvp_v2m_cfgctrl(V2M_FUNC_SHUTDOWN), 0xC0800000U);
	CHECK_EQ(fvp_v2m_cfgctrl(V2M_FUNC_REBOOT), 0xC0900000U);
}

/* MPIDR_EL1 of the core the test runs on: AEM or MT-style. */
static uint64_t sim_mpidr = 0x80000000;
uint64_t read_mpidr_el1(void)
{
	return sim_mpidr;
}

static void test_topology(void)
{
	const unsigned int cores = FVP_CORES_PER_CLUSTER, clusters = FVP_CLUSTERS;

	/* Every core of the shape, both MPIDR styles, round trip. */
	for (unsigned int cl = 0; cl < clusters; cl++) {
		for (unsigned int c = 0; c < cores; c++) {
			int pos = (int)(cl * cores + c);

			sim_mpidr = 0x80000000; /* AEM: Aff1 cluster, Aff0 core */
			CHECK_EQ(plat_core_pos_by_mpidr(cl << 8 | c), pos);
			CHECK_EQ(plat_core_pos_by_mpidr(0x80000000U | cl << 8 | c), pos);
			CHECK_EQ(plat_core_mpidr((unsigned int)pos), cl << 8 | c);
			sim_mpidr = 0x81000000; /* Neoverse N1 model: MT, Aff2 cluster, Aff1 core */
			CHECK_EQ(plat_core_pos_by_mpidr(cl << 16 | c << 8), pos);
			CHECK_EQ(plat_core_pos_by_mpidr(0x81000000U | cl << 16 | c << 8), pos);
			CHECK_EQ(plat_core_mpidr((unsigned int)pos), cl << 16 | c << 8);
		}
	}
	/* Just outside the shape, and above it. */
	sim_mpidr = 0x80000000;
	CHECK_EQ(plat_core_pos_by_mpidr(cores), -1);
	CHECK_EQ(plat_core_pos_by_mpidr(clusters << 8), -1);
	CHECK_EQ(plat_core_pos_by_mpidr(0x10000), -1);
	sim_mpidr = 0x81000000;
	CHECK_EQ(plat_core_pos_by_mpidr(0x1), -1); /* thread 1 */
	CHECK_EQ(plat_core_pos_by_mpidr(cores << 8), -1);
	CHECK_EQ(plat_core_pos_by_mpidr(clusters << 16), -1);
	CHECK_EQ(plat_core_pos_by_mpidr(0x100000000ULL), -1);
	/* The 2x2 default, by value. */
	if (clusters == 2 && cores == 2) {
		sim_mpidr = 0x80000000;
		CHECK_EQ(plat_core_pos_by_mpidr(0x100), 2);
		CHECK_EQ(plat_core_mpidr(3), 0x101);
		sim_mpidr = 0x81000000;
		CHECK_EQ(plat_core_pos_by_mpidr(0x10100), 3);
		CHECK_EQ(plat_core_mpidr(2), 0x10000);
	}
}

/* The console the platform registers: UART0 at its 24 MHz reference clock. */
static struct {
	uintptr_t base;
	uint32_t clk, baud;
	int calls;
} pl011_seen;

void pl011_console_register(struct console *console, uintptr_t base, uint32_t clk_hz, uint32_t baud)
{
	(void)console;
	pl011_seen.base = base;
	pl011_seen.clk = clk_hz;
	pl011_seen.baud = baud;
	pl011_seen.calls++;
}

static void test_console(void)
{
	plat_console_init();
	CHECK_EQ(pl011_seen.calls, 1);
	CHECK_EQ(pl011_seen.base, 0x1C090000);
	CHECK_EQ(pl011_seen.clk, 24000000);
	CHECK_EQ(pl011_seen.baud, 115200);
}

/* Whether [@base, @base + @size) lies inside one device mapping of the platform's. */
static bool mapped_device(uintptr_t base, size_t size)
{
	for (unsigned int i = 0; i < plat_device_region_count; i++) {
		const struct mmap_region *r = &plat_device_regions[i];

		if (r->attr == MT_DEVICE_RW && base >= r->base && base + size <= r->base + r->size)
			return true;
	}
	return false;
}

static void test_memory_map(void)
{
	CHECK_EQ(PLAT_UART_BASE, 0x1C090000);
	CHECK_EQ(PLAT_PWRC_BASE, 0x1C100000);
	CHECK(PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE <= BL31_BASE);
	CHECK(BL1_RW_BASE >= BL31_BASE && BL1_RW_LIMIT <= BL31_LIMIT);
	CHECK(BL31_LIMIT <= PLAT_SEC_SRAM_BASE + PLAT_SEC_SRAM_SIZE);
	CHECK(BL2_BASE >= PLAT_SEC_DRAM_BASE &&
	      BL2_LIMIT <= PLAT_SEC_DRAM_BASE + PLAT_SEC_DRAM_SIZE);
	CHECK(PLAT_BL1_RO_LIMIT <= 0x04000000);
	CHECK(PLAT_BL33_BASE >= PLAT_NS_DRAM_BASE &&
	      PLAT_BL33_LIMIT <= PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE);
	/* The distributor and every core's redistributor frames are device memory. */
	CHECK(mapped_device(PLAT_GICD_BASE, 0x10000));
	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++)
		CHECK(mapped_device(PLAT_GICR_BASE + pos * GICV3_GICR_FRAME_SIZE,
		                    GICV3_GICR_FRAME_SIZE));
}

int main(void)
{
	RUN_TEST(test_cpu_off_and_on);
	RUN_TEST(test_cpu_on_waits_for_off);
	RUN_TEST(test_cluster_off_last_core);
	RUN_TEST(test_v2m);
	RUN_TEST(test_topology);
	RUN_TEST(test_memory_map);
	RUN_TEST(test_console);
	return test_summary();
}
