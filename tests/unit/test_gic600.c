/*
 * The GICv3 driver (drivers/arm/gic/gicv3.c) on a register model of the
 * N1SDP's GIC-600 (tests/unit/models/gic600.h, from the GIC-600 TRM):
 * every core's Redistributor is powered down at reset and its frame
 * answers nothing but its identification and GICR_PWRR until the core
 * powers it; CPU_OFF powers it down again (the group goes down with its
 * last core), a suspend keeps it powered so that it can wake the core. On
 * a GICv3 without GICR_PWRR (QEMU's) the driver never touches the
 * register. A redistributor's sleep is ordered as the model demands (the
 * groups off, a DSB, erratum 2384374's DPG toggle on the revisions that
 * have it), and the N1SDP's secure interrupts are made secure.
 */
#include <string.h>

#include "test.h"

#include <drivers/gicv3.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/utils_def.h>
#include <platform_def.h>

#include "models/board.h"
#include "models/gic600.h"

#define GICD 0x30000000U
#define GICR 0x300C0000U

/* N1SDP: MT-style MPIDR_EL1 (bit 31 RES1, MT) and the frames' affinities. */
static const uint64_t mpidr[4] = { 0x81000000, 0x81000100, 0x81010000, 0x81010100 };
static const uint64_t affinity[4] = { 0x000000, 0x000100, 0x010000, 0x010100 };

static struct gic600 gic;
static const struct gicv3_secure_irq secure[] = { PLAT_GIC_SECURE_IRQS };

static void boot(uint32_t iidr)
{
	board_reset();
	for (unsigned int c = 0; c < 4; c++)
		board_core[c].mpidr = mpidr[c];
	/* Two Redistributor groups of two cores: one per cluster. */
	gic600_init(&gic, GICD, GICR, 4, 2, iidr, affinity);
	board_run_on(0);
	gicv3_distributor_init(GICD, GICR, secure, ARRAY_SIZE(secure));
}

static void check_frame_ready(unsigned int f)
{
	CHECK(gic600_frame_on(&gic, f));
	CHECK(!gic.rd[f].sleep);
	/* Every SGI and PPI the normal world's, but the secure SGIs 8 and 14 (Group 0). */
	CHECK_EQ(gic.rd[f].igroupr0, ~(1U << 8 | 1U << 14));
	CHECK_EQ(gic.rd[f].igrpmodr0, 0);
	/* The CPU interface's groups are the normal world's to enable. */
	CHECK_EQ(board_core[f].icc_igrpen1_el3, 0);
	CHECK_EQ(board_core[f].icc_pmr, 0xff);
	CHECK_EQ(gic.sleep_refused, 0);
}

static void test_cold_boot_powers_own_redistributor(void)
{
	boot(GIC600_IIDR);
	CHECK_EQ(gicv3_cpu_init(), 0);
	check_frame_ready(0);
	/* Only its own frame: the others stay down until their cores come. */
	CHECK(!gic600_frame_on(&gic, 1));
	CHECK(gic600_group_off(&gic, 2));
	CHECK_EQ(gic.rdag_writes, 0);
	CHECK_EQ(gic.dead_writes, 0);
	CHECK_EQ(gic.pwrr_ignored, 0);
	CHECK_EQ(board_unmapped, 0);
}

static void test_every_core_powers_its_own(void)
{
	boot(GIC600_IIDR);
	for (unsigned int c = 0; c < 4; c++) {
		board_run_on(c);
		CHECK_EQ(gicv3_cpu_init(), 0);
	}
	for (unsigned int c = 0; c < 4; c++)
		check_frame_ready(c);
	CHECK_EQ(gic.dead_writes, 0);
	CHECK_EQ(gic.dead_reads, 0);
	CHECK_EQ(board_unmapped, 0);
}

static void test_cpu_off_powers_down(void)
{
	boot(GIC600_IIDR);
	for (unsigned int c = 0; c < 2; c++) {
		board_run_on(c);
		CHECK_EQ(gicv3_cpu_init(), 0);
	}
	/* CPU_OFF of core 1: asleep, then its frame powered down. */
	board_run_on(1);
	gicv3_cpu_power_down();
	CHECK_EQ(board_core[1].icc_igrpen1_el3, 0);
	CHECK(gic.rd[1].sleep);
	CHECK(gic.rd[1].children_asleep);
	CHECK(gic.rd[1].rdpd);
	CHECK(gic600_frame_on(&gic, 0)); /* core 0 keeps the group up */
	/* The last core of the cluster: the group goes down, and is waited for. */
	board_run_on(0);
	gicv3_cpu_power_down();
	CHECK(gic.rd[0].rdpd);
	CHECK(gic600_group_off(&gic, 0));
	CHECK_EQ(gic.pwrr_ignored, 0);
	/* CPU_ON again: the group comes back, its state lost and set anew. */
	CHECK_EQ(gicv3_cpu_init(), 0);
	check_frame_ready(0);
	CHECK_EQ(gic.dead_writes, 0);
	CHECK_EQ(board_unmapped, 0);
}

/* A power-down suspend: asleep, but powered, so that it can wake the core. */
static void test_suspend_keeps_power(void)
{
	boot(GIC600_IIDR);
	board_run_on(0);
	CHECK_EQ(gicv3_cpu_init(), 0);
	gicv3_cpu_suspend();
	CHECK_EQ(board_core[0].icc_igrpen1_el3, 0);
	CHECK(gic.rd[0].sleep);
	CHECK(!gic.rd[0].rdpd);
	CHECK(!gic600_group_off(&gic, 0));
	/* Woken: the warm boot's set-up brings it back. */
	CHECK_EQ(gicv3_cpu_init(), 0);
	check_frame_ready(0);
	CHECK_EQ(gic.dead_writes, 0);
}

/* QEMU's standby: the GIC made to signal for one WFI, then given back. */
static bool signalling_at_wfi;
static void wfi_probe(void)
{
	signalling_at_wfi = board_core[0].icc_pmr == 0xff && board_core[0].icc_igrpen1_el3 == 3 &&
	                    !gic.rd[0].sleep;
}

/*
 * Erratum 2384374: on the revisions that have it (GIC-600 up to r1p6)
 * every sleep toggles GICR_CTLR.DPG after the DSB, or ChildrenAsleep
 * never sets; r1p7 needs no toggle, and has none. Every GIC needs the DSB.
 */
static void test_sleep_sequence_and_erratum_2384374(void)
{
	static const struct {
		uint32_t iidr;
		unsigned int toggles;
	} gics[] = { { GIC600_IIDR, 1 }, { GIC600_R1P6_IIDR, 1 }, { GIC600_R1P7_IIDR, 0 } };

	for (unsigned int i = 0; i < ARRAY_SIZE(gics); i++) {
		boot(gics[i].iidr);
		board_run_on(0);
		CHECK_EQ(gicv3_cpu_init(), 0);
		/* The normal world enabled its group: CPU_OFF must disable it first. */
		board_core[0].icc_igrpen1_el3 = 1;
		gicv3_cpu_suspend();
		CHECK(gic.rd[0].children_asleep);
		CHECK_EQ(gic.sleep_refused, 0);
		CHECK_EQ(gic.dpg_toggles, gics[i].toggles);
		CHECK(board_core[0].dsb_count >= 1);
		/* DPG as it was: the toggle leaves GICR_CTLR unchanged. */
		CHECK_EQ(gic.rd[0].ctlr & 7U << 24, 0);
		CHECK_EQ(gicv3_cpu_init(), 0);
		gicv3_cpu_power_down();
		CHECK(gic.rd[0].children_asleep);
		CHECK_EQ(gic.sleep_refused, 0);
		CHECK_EQ(gic.dpg_toggles, 2 * gics[i].toggles);
	}
}

/*
 * The interrupts N1SDP's secure world owns (platform_def.h, as TF-A's
 * port): the SPIs Secure Group 1, level, disabled, at the highest
 * priority; the SGIs 8 and 14 Group 0; everything else the normal world's.
 */
static void test_secure_interrupts(void)
{
	boot(GIC600_IIDR);
	CHECK_EQ(gicv3_cpu_init(), 0);
	for (unsigned int i = 0; i < ARRAY_SIZE(secure); i++) {
		unsigned int id = secure[i].intid;
		uint32_t bit = 1U << (id % 32);
		bool g1s = secure[i].group == GICV3_GROUP1S;

		if (id < 32) {
			CHECK_EQ(gic.rd[0].igroupr0 & bit, 0);
			CHECK_EQ(gic.rd[0].igrpmodr0 & bit, g1s ? bit : 0);
			CHECK_EQ(gic.rd[0].enable0 & bit, 0);
			CHECK_EQ(gic.rd[0].priority[id], 0);
		} else {
			CHECK_EQ(gic.gicd_igroupr[id / 32] & bit, 0);
			CHECK_EQ(gic.gicd_igrpmodr[id / 32] & bit, g1s ? bit : 0);
			CHECK_EQ(gic.gicd_enable[id / 32] & bit, 0);
			CHECK_EQ(gic.gicd_priority[id], 0);
			CHECK_EQ(gic.gicd_icfgr[id / 16] >> (2 * (id % 16)) & 2U,
			         secure[i].edge ? 2U : 0U);
		}
	}
	/* N1SDP's secure SPIs: 69 (MHU), 71, 80, 86 (watchdog), 91 (timer); 70 is not. */
	CHECK_EQ(gic.gicd_igroupr[2], ~(1U << 5 | 1U << 7 | 1U << 16 | 1U << 22 | 1U << 27));
	CHECK_EQ(gic.gicd_igrpmodr[2], 1U << 5 | 1U << 7 | 1U << 16 | 1U << 22 | 1U << 27);
	CHECK_EQ(gic.gicd_igroupr[1], 0xffffffffU);
	CHECK_EQ(gic.rd[0].igrpmodr0, 0); /* SGIs 8 and 14: Group 0 */
}

static void test_standby_wfi_gives_back(void)
{
	boot(GICV3_QEMU_IIDR);
	CHECK_EQ(gicv3_cpu_init(), 0);
	/* The normal world slept its redistributor and masked everything. */
	gic.rd[0].sleep = gic.rd[0].children_asleep = true;
	board_core[0].icc_pmr = 0;
	board_core[0].icc_igrpen1_el3 = 1;
	board_wfi_hook = wfi_probe;
	gicv3_cpu_standby_wfi();
	CHECK_EQ(board_core[0].wfi_count, 1);
	CHECK(signalling_at_wfi);
	CHECK_EQ(board_core[0].icc_pmr, 0);
	CHECK_EQ(board_core[0].icc_igrpen1_el3, 1);
	/* Asleep again, by the ordered sequence. */
	CHECK(gic.rd[0].sleep);
	CHECK(gic.rd[0].children_asleep);
	CHECK_EQ(gic.sleep_refused, 0);
}

static void test_plain_gicv3_has_no_pwrr(void)
{
	static const uint32_t iidr[] = { GICV3_QEMU_IIDR, GIC500_IIDR };

	for (unsigned int i = 0; i < 2; i++) {
		boot(iidr[i]);
		for (unsigned int c = 0; c < 4; c++) {
			board_run_on(c);
			CHECK_EQ(gicv3_cpu_init(), 0);
			check_frame_ready(c);
		}
		board_run_on(3);
		gicv3_cpu_power_down();
		CHECK(gic.rd[3].sleep);
		CHECK_EQ(gic.reserved_access, 0);
		CHECK_EQ(board_unmapped, 0);
	}
}

/* A group that never finishes its transition: a bounded wait and a panic. */
static void test_stuck_power_up_is_bounded(void)
{
	jmp_buf j;

	boot(GIC600_IIDR);
	gic.stuck = true;
	board_panic_jmp = &j;
	if (setjmp(j) == 0) {
		(void)gicv3_cpu_init();
		CHECK(false); /* never reached: the redistributor never powers up */
	}
	CHECK_EQ(board_panics, 1);
	CHECK(strstr(board_last_error, "GICR_PWRR") != NULL);
	CHECK_EQ(board_unmapped, 0);
}

/* A core no frame answers for: not found, and the walk ends at Last. */
static void test_unknown_core(void)
{
	boot(GIC600_IIDR);
	board_core[0].mpidr = 0x81020000; /* cluster 2 */
	CHECK_EQ(gicv3_cpu_init(), -1);
	CHECK_EQ(board_unmapped, 0);
	CHECK_EQ(gic.pwrr_writes, 0);
}

/*
 * Frames that answer nothing (GICR_TYPER zero, no Last): the search ends
 * after the platform's frames, never reading past them (an access there
 * would be outside the GIC's mapping: a fault in EL3).
 */
static void test_mute_frames_bounded(void)
{
	boot(GIC600_IIDR);
	gic.mute = true;
	board_core[0].mpidr = mpidr[3];
	CHECK_EQ(gicv3_cpu_init(), -1);
	CHECK_EQ(board_unmapped, 0);
}

int main(void)
{
	RUN_TEST(test_cold_boot_powers_own_redistributor);
	RUN_TEST(test_every_core_powers_its_own);
	RUN_TEST(test_cpu_off_powers_down);
	RUN_TEST(test_suspend_keeps_power);
	RUN_TEST(test_standby_wfi_gives_back);
	RUN_TEST(test_sleep_sequence_and_erratum_2384374);
	RUN_TEST(test_secure_interrupts);
	RUN_TEST(test_plain_gicv3_has_no_pwrr);
	RUN_TEST(test_stuck_power_up_is_bounded);
	RUN_TEST(test_unknown_core);
	RUN_TEST(test_mute_frames_bounded);
	return test_summary();
}
