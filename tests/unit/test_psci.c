/*
 * PSCI power_state decoding, request validation and last-CPU-down
 * coordination (lib/psci/psci_coord.c), and PMF tid decoding and slot
 * maths (include/lib/pmf.h), on the host.
 */
#include <string.h>

#include "test.h"

#include <lib/pmf.h>
#include <lib/psci/psci.h>
#include <lib/psci/psci_coord.h>

#define RUN PSCI_LOCAL_STATE_RUN
#define RET PSCI_LOCAL_STATE_RET
#define OFF PSCI_LOCAL_STATE_OFF

/* The QEMU platform's table (plat/common/qemu/qemu_pm.c), as data. */
static const struct psci_pstate_desc table[] = {
	{ 0x00000001, { { RET, RUN, RUN } } },
	{ 0x00010002, { { OFF, RUN, RUN } } },
	{ 0x01010022, { { OFF, OFF, RUN } } },
	{ 0x02010222, { { OFF, OFF, OFF } } },
};

/* N1SDP's cluster and level-2 entries (NULL StateIDs): two values granted alike. */
static const struct psci_pstate_desc alike[] = {
	{ 0x00010000, { { OFF, RUN, RUN } } },
	{ 0x01010000, { { OFF, OFF, RUN } } },
	{ 0x02010000, { { OFF, OFF, RUN } } },
};

/*
 * Decode + platform table + consistency, as psci_smc.c does: the table
 * index, or the error.
 */
static int validate(uint32_t pstate, struct psci_power_state *st, struct psci_pstate_fields *f)
{
	int rc = psci_decode_power_state(pstate, f);
	int idx = rc;

	if (rc == 0)
		rc = idx = psci_match_power_state(pstate, table, 4, st);
	if (rc >= 0)
		rc = psci_check_request(f, st);
	return rc == 0 ? idx : rc;
}

static void test_decode(void)
{
	struct psci_pstate_fields f;

	CHECK_EQ(psci_decode_power_state(0x01010022, &f), 0);
	CHECK(f.powerdown);
	CHECK_EQ(f.level, 1);
	CHECK_EQ(f.power_state, 0x01010022);
	/* A table value says the caller is last up to its PowerLevel, no more. */
	CHECK_EQ(psci_last_at_level(&f, true), 1);
	/* The recommended spelling says so of level 2, where the table takes it. */
	CHECK_EQ(psci_decode_power_state(0x01012022, &f), 0);
	CHECK_EQ(psci_last_at_level(&f, true), 2);
	CHECK_EQ(psci_last_at_level(&f, false), 1);
	CHECK_EQ(psci_decode_power_state(0x00000001, &f), 0);
	CHECK(!f.powerdown);
	CHECK_EQ(f.level, 0);
	/* Every should-be-zero bit on its own is rejected. */
	for (unsigned int bit = 0; bit < 32; bit++) {
		if ((PSTATE_SBZ_MASK >> bit) & 1U)
			CHECK_EQ(psci_decode_power_state(0x00010002 | (1U << bit), &f),
			         PSCI_E_INVALID_PARAMS);
	}
	/* Level 3 is beyond PLAT_MAX_PWR_LVL = 2. */
	CHECK_EQ(psci_decode_power_state(0x03010222, &f), PSCI_E_INVALID_PARAMS);
}

/*
 * PSCI_STAT counts per power_state value: a request granted as asked
 * counts for itself, even where another entry has the same states; one
 * coordination made shallower counts for the entry of what was reached.
 */
static void test_stat_index(void)
{
	struct psci_power_state core_off = { { OFF, RUN, RUN } };
	struct psci_power_state cluster_off = { { OFF, OFF, RUN } };
	struct psci_power_state system_off = { { OFF, OFF, OFF } };

	CHECK_EQ(psci_stat_index(table, 4, 2, &cluster_off), 2);
	CHECK_EQ(psci_stat_index(table, 4, 3, &system_off), 3);
	/* QEMU's level-2 request coordinated to a cluster power-down. */
	CHECK_EQ(psci_stat_index(table, 4, 3, &cluster_off), 2);
	CHECK_EQ(psci_stat_index(table, 4, 2, &core_off), 1);
	CHECK_EQ(psci_stat_index(table, 4, 3, &core_off), 1);
	CHECK_EQ(psci_stat_index(table, 4, -1, &core_off), 1);
	CHECK_EQ(psci_stat_index(table, 4, -1, &cluster_off), 2);
	CHECK_EQ(psci_stat_index(table, 4, 1, &system_off), 3);
	CHECK_EQ(psci_stat_index(table, 3, 1, &system_off), -1);
	CHECK_EQ(psci_stat_index(table, 4, 7, &core_off), 1);
	/* Two entries granted alike: each counts for itself when asked. */
	CHECK_EQ(psci_stat_index(alike, 3, 1, &cluster_off), 1);
	CHECK_EQ(psci_stat_index(alike, 3, 2, &cluster_off), 2);
	CHECK_EQ(psci_stat_index(alike, 3, -1, &cluster_off), 1);
}

/* SYSTEM_SUSPEND counts for the table's deepest power-down entry. */
static void test_deepest_index(void)
{
	/* QEMU: 0x02010222, the system off. */
	CHECK_EQ(psci_deepest_index(table, 4), 3);
	/* N1SDP: 0x02010000 and 0x01010000 are alike; the higher PowerLevel wins. */
	CHECK_EQ(psci_deepest_index(alike, 3), 2);
	/* In any order of the table. */
	const struct psci_pstate_desc reversed[] = { table[3], table[2], table[1], table[0] };

	CHECK_EQ(psci_deepest_index(reversed, 4), 0);
	/* A deeper state at a higher level beats a higher PowerLevel field. */
	const struct psci_pstate_desc ret_top[] = {
		{ 0x00010002, { { OFF, RUN, RUN } } },
		{ 0x02010122, { { OFF, OFF, RET } } },
		{ 0x02010222, { { OFF, OFF, RUN } } },
		{ 0x01010021, { { OFF, RET, RUN } } },
	};

	CHECK_EQ(psci_deepest_index(ret_top, 4), 1);
	/* FVP: cluster power-down is the deepest; standby alone is no power-down. */
	CHECK_EQ(psci_deepest_index(table, 3), 2);
	CHECK_EQ(psci_deepest_index(table, 1), -1);
	CHECK_EQ(psci_deepest_index(table, 0), -1);
	/* Two equal entries: the first. */
	const struct psci_pstate_desc twins[] = { table[2], table[2] };

	CHECK_EQ(psci_deepest_index(twins, 2), 0);
}

static void test_validate(void)
{
	struct psci_power_state st;
	struct psci_pstate_fields f;

	CHECK_EQ(validate(0x00000001, &st, &f), 0);
	CHECK_EQ(st.pwr_domain_state[0], RET);
	CHECK_EQ(validate(0x00010002, &st, &f), 1);
	CHECK_EQ(validate(0x01010022, &st, &f), 2);
	CHECK_EQ(st.pwr_domain_state[1], OFF);
	/* TFTF's level-2 "deepest": the system off, as its StateID names. */
	CHECK_EQ(validate(0x02010222, &st, &f), 3);
	CHECK_EQ(st.pwr_domain_state[1], OFF);
	CHECK_EQ(st.pwr_domain_state[2], OFF);
	CHECK_EQ(psci_find_target_level(&st), 2);
	/* NULL StateID and unlisted values. */
	CHECK_EQ(validate(0x00000000, &st, &f), PSCI_E_INVALID_PARAMS);
	CHECK_EQ(validate(0x00010000, &st, &f), PSCI_E_INVALID_PARAMS);
	CHECK_EQ(validate(0x00010001, &st, &f), PSCI_E_INVALID_PARAMS);
	CHECK_EQ(validate(0x01000011, &st, &f), PSCI_E_INVALID_PARAMS);
}

static void test_check_request(void)
{
	struct psci_pstate_fields f = { .powerdown = true, .level = 1, .power_state = 0x01010022 };
	struct psci_power_state ok = { { OFF, OFF, RUN } };
	struct psci_power_state type_mismatch = { { RET, RUN, RUN } };
	struct psci_power_state deeper_above = { { RET, OFF, RUN } };
	struct psci_power_state beyond_level = { { OFF, OFF, OFF } };
	struct psci_power_state core_running = { { RUN, RUN, RUN } };

	CHECK_EQ(psci_check_request(&f, &ok), 0);
	CHECK_EQ(psci_check_request(&f, &type_mismatch), PSCI_E_INVALID_PARAMS);
	f.powerdown = false;
	CHECK_EQ(psci_check_request(&f, &deeper_above), PSCI_E_INVALID_PARAMS);
	f.powerdown = true;
	CHECK_EQ(psci_check_request(&f, &beyond_level), PSCI_E_INVALID_PARAMS);
	CHECK_EQ(psci_check_request(&f, &core_running), PSCI_E_INVALID_PARAMS);
}

/*
 * DEN0022's recommended StateID encoding: which tables may take a
 * last-at-level field (bits [15:12] with three levels) and how a value
 * splits into the table's own spelling and the field.
 */
static void test_last_at_ids(void)
{
	unsigned int last_at = 99;

	/* QEMU's table: every entry grants what its StateID names. */
	CHECK(psci_last_at_ids(table, 4));
	/* FVP's. */
	CHECK(psci_last_at_ids(table, 3));
	CHECK(!psci_last_at_ids(table, 0));
	/* N1SDP's: NULL StateIDs (Arm's convention), nothing names the states. */
	const struct psci_pstate_desc null_ids[] = {
		{ 0x00000000, { { RET, RUN, RUN } } },
		{ 0x00010000, { { OFF, RUN, RUN } } },
		{ 0x01010000, { { OFF, OFF, RUN } } },
	};

	CHECK(!psci_last_at_ids(null_ids, 3));
	/* A field already used, a level named shallower than granted, a bad nibble. */
	const struct psci_pstate_desc used[] = { { 0x01011022, { { OFF, OFF, RUN } } } };
	const struct psci_pstate_desc shallower[] = { { 0x01010012, { { OFF, OFF, RUN } } } };
	const struct psci_pstate_desc bad_nibble[] = { { 0x00010003, { { OFF, RUN, RUN } } } };
	const struct psci_pstate_desc above_level[] = { { 0x00010022, { { OFF, RUN, RUN } } } };
	const struct psci_pstate_desc core_deeper[] = { { 0x00010002, { { RET, RUN, RUN } } } };

	CHECK(!psci_last_at_ids(used, 1));
	CHECK(!psci_last_at_ids(shallower, 1));
	CHECK(!psci_last_at_ids(bad_nibble, 1));
	CHECK(!psci_last_at_ids(above_level, 1));
	CHECK(!psci_last_at_ids(core_deeper, 1));
	/*
	 * The highest level alone may be granted shallower than named, never
	 * asked deeper than the level below; below it the grant is the ask.
	 */
	const struct psci_pstate_desc top_less[] = { { 0x02010222, { { OFF, OFF, RUN } } },
		                                     { 0x02000111, { { RET, RET, RUN } } } };
	const struct psci_pstate_desc cluster_less[] = { { 0x01010022, { { OFF, RET, RUN } } } };
	const struct psci_pstate_desc top_deeper[] = { { 0x02000211, { { RET, RET, RUN } } } };

	CHECK(psci_last_at_ids(top_less, 2));
	CHECK(!psci_last_at_ids(cluster_less, 1));
	CHECK(!psci_last_at_ids(top_deeper, 1));
	/* Split: TFTF's spellings of QEMU's states. */
	CHECK_EQ(psci_split_last_at(0x01011022, &last_at), 0x01010022);
	CHECK_EQ(last_at, 1);
	CHECK_EQ(psci_split_last_at(0x02012222, &last_at), 0x02010222);
	CHECK_EQ(last_at, 2);
	CHECK_EQ(psci_split_last_at(0x00010002, &last_at), 0x00010002);
	CHECK_EQ(last_at, 0);
	CHECK_EQ(psci_split_last_at(0x0000f001, &last_at), 0x00000001);
	CHECK_EQ(last_at, 15);
}

/*
 * What a caller asks for: the StateID's fields where the table spells the
 * recommended encoding (either spelling), the table's entry otherwise.
 */
static void test_asked_state(void)
{
	struct psci_power_state st = { { OFF, OFF, RUN } };

	psci_asked_state(0x02012222, true, &st);
	CHECK_EQ(st.pwr_domain_state[0], OFF);
	CHECK_EQ(st.pwr_domain_state[1], OFF);
	CHECK_EQ(st.pwr_domain_state[2], OFF);
	st = (struct psci_power_state){ { RET, RET, RUN } };
	psci_asked_state(0x02000111, true, &st);
	CHECK_EQ(st.pwr_domain_state[0], RET);
	CHECK_EQ(st.pwr_domain_state[1], RET);
	CHECK_EQ(st.pwr_domain_state[2], RET);
	/* N1SDP's NULL StateIDs name nothing: the entry is what the value means. */
	st = (struct psci_power_state){ { OFF, OFF, RUN } };
	psci_asked_state(0x02010000, false, &st);
	CHECK_EQ(st.pwr_domain_state[0], OFF);
	CHECK_EQ(st.pwr_domain_state[1], OFF);
	CHECK_EQ(st.pwr_domain_state[2], RUN);
}

/* Every composite state of RUN, RET and OFF has a key of its own, below PSCI_STATE_KEYS. */
static void test_state_key(void)
{
	static bool seen[PSCI_STATE_KEYS];
	struct psci_power_state all_run = { { RUN, RUN, RUN } };
	struct psci_power_state all_off = { { OFF, OFF, OFF } };
	struct psci_power_state core_ret = { { RET, RUN, RUN } };

	CHECK_EQ(psci_state_key(&all_run), 0);
	CHECK_EQ(psci_state_key(&core_ret), 1);
	CHECK_EQ(psci_state_key(&all_off), PSCI_STATE_KEYS - 1U);
	for (unsigned int a = RUN; a <= OFF; a++) {
		for (unsigned int b = RUN; b <= OFF; b++) {
			for (unsigned int c = RUN; c <= OFF; c++) {
				struct psci_power_state st = { { (uint8_t)a, (uint8_t)b,
					                         (uint8_t)c } };
				unsigned int key = psci_state_key(&st);

				CHECK(key < PSCI_STATE_KEYS && !seen[key]);
				seen[key] = true;
			}
		}
	}
}

/* Two clusters of two cores under one system node. */
static uint8_t req[PLAT_MAX_PWR_LVL][PLATFORM_CORE_COUNT];

static struct psci_cpu_span span_of(unsigned int pos)
{
	struct psci_cpu_span s;

	s.first[0] = (uint16_t)pos;
	s.count[0] = 1;
	s.first[1] = (uint16_t)(pos / 2 * 2);
	s.count[1] = 2;
	s.first[2] = 0;
	s.count[2] = PLATFORM_CORE_COUNT;
	return s;
}

static void reset_req(uint8_t v)
{
	memset(req, v, sizeof(req));
}

static void test_coordinate_last_core_down(void)
{
	struct psci_cpu_span s0 = span_of(0), s1 = span_of(1);
	struct psci_power_state st = { { OFF, OFF, RUN } };

	/* Core 0 running, the rest never started (OFF). */
	reset_req(OFF);
	req[0][0] = RUN;
	req[1][0] = RUN;
	/* Core 1 asks for cluster off while core 0 runs: only the core goes. */
	psci_coordinate(req, 1, &s1, 1, &st);
	CHECK_EQ(st.pwr_domain_state[0], OFF);
	CHECK_EQ(st.pwr_domain_state[1], RUN);
	CHECK_EQ(st.pwr_domain_state[2], RUN);
	CHECK_EQ(req[0][1], OFF); /* the request is remembered */
	/* Core 0 then asks the same: it is the last one, the cluster goes. */
	st = (struct psci_power_state){ { OFF, OFF, RUN } };
	psci_coordinate(req, 0, &s0, 1, &st);
	CHECK_EQ(st.pwr_domain_state[1], OFF);
	CHECK_EQ(psci_find_target_level(&st), 1);
}

static void test_coordinate_shallowest_wins(void)
{
	struct psci_cpu_span s0 = span_of(0);
	struct psci_power_state st = { { OFF, OFF, RUN } };

	reset_req(OFF);
	req[0][1] = RET; /* the sibling only allows cluster retention */
	psci_coordinate(req, 0, &s0, 1, &st);
	CHECK_EQ(st.pwr_domain_state[1], RET);
}

static void test_coordinate_run_stops_upwards(void)
{
	struct psci_cpu_span s0 = span_of(0);
	struct psci_power_state st = { { OFF, OFF, OFF } };

	reset_req(OFF);
	req[0][1] = RUN; /* sibling running: cluster RUN ... */
	psci_coordinate(req, 0, &s0, 2, &st);
	CHECK_EQ(st.pwr_domain_state[1], RUN);
	CHECK_EQ(st.pwr_domain_state[2], RUN); /* ... and so everything above */
	CHECK_EQ(req[1][0], OFF);              /* yet the request is recorded */

	/* Above end_lvl nothing is coordinated or recorded. */
	reset_req(RUN);
	st = (struct psci_power_state){ { OFF, OFF, OFF } };
	psci_coordinate(req, 0, &s0, 0, &st);
	CHECK_EQ(st.pwr_domain_state[1], RUN);
	CHECK_EQ(req[0][0], RUN);
}

static void test_coordinate_system(void)
{
	struct psci_power_state st = { { OFF, OFF, OFF } };
	struct psci_cpu_span s3 = span_of(3);

	reset_req(OFF);
	psci_coordinate(req, 3, &s3, 2, &st);
	CHECK_EQ(st.pwr_domain_state[2], OFF);
	req[1][0] = RUN;
	st = (struct psci_power_state){ { OFF, OFF, OFF } };
	psci_coordinate(req, 3, &s3, 2, &st);
	CHECK_EQ(st.pwr_domain_state[1], OFF); /* cluster 1 still goes */
	CHECK_EQ(st.pwr_domain_state[2], RUN); /* core 0 keeps the system up */
}

static void test_pmf_tid(void)
{
	for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++) {
		CHECK_EQ(pmf_tid_to_index(0x41000400U + i), i);
		CHECK_EQ(pmf_tid_to_index(0x00000400U + i), i);
		/* The implementation id and reserved bits do not matter (docs/design/pmf.rst). */
		CHECK_EQ(pmf_tid_to_index(0xff000400U + i), i);
		CHECK_EQ(pmf_tid_to_index(0x41ff0700U + i), i);
	}
	CHECK_EQ(pmf_tid_to_index(0x41000406), PMF_E_INVAL);
	CHECK_EQ(pmf_tid_to_index(0x410004ff), PMF_E_INVAL);
	CHECK_EQ(pmf_tid_to_index(0x41000000), PMF_E_INVAL); /* PSCI_STAT */
	CHECK_EQ(pmf_tid_to_index(0x41000800), PMF_E_INVAL);
	CHECK_EQ(pmf_tid_to_index(0x4100fc00), PMF_E_INVAL);
	/* Bits above 31 of x1 are not part of the tid. */
	CHECK_EQ(pmf_tid_to_index(0xffffffff41000401ULL), 1);
}

uint64_t pmf_timestamps[PLATFORM_CORE_COUNT][PMF_PERCPU_SIZE / PMF_TS_SIZE]
	__attribute__((aligned(PMF_PERCPU_SIZE)));

static void test_pmf_slots(void)
{
	uintptr_t base = (uintptr_t)pmf_timestamps;

	for (unsigned int pos = 0; pos < PLATFORM_CORE_COUNT; pos++) {
		for (unsigned int i = 0; i < RT_INSTR_TOTAL_IDS; i++)
			CHECK_EQ((uintptr_t)pmf_slot(pos, i), base + pos * 64U + i * 8U);
		/* A core's six slots share one line; no two cores share one. */
		CHECK_EQ((uintptr_t)pmf_slot(pos, 0) / 64U,
		         (uintptr_t)pmf_slot(pos, RT_INSTR_TOTAL_IDS - 1) / 64U);
		if (pos > 0)
			CHECK((uintptr_t)pmf_slot(pos, 0) / 64U !=
			      (uintptr_t)pmf_slot(pos - 1, RT_INSTR_TOTAL_IDS - 1) / 64U);
	}
	CHECK_EQ(base % 64U, 0);
}

int main(void)
{
	RUN_TEST(test_decode);
	RUN_TEST(test_validate);
	RUN_TEST(test_stat_index);
	RUN_TEST(test_deepest_index);
	RUN_TEST(test_check_request);
	RUN_TEST(test_last_at_ids);
	RUN_TEST(test_asked_state);
	RUN_TEST(test_state_key);
	RUN_TEST(test_coordinate_last_core_down);
	RUN_TEST(test_coordinate_shallowest_wins);
	RUN_TEST(test_coordinate_run_stops_upwards);
	RUN_TEST(test_coordinate_system);
	RUN_TEST(test_pmf_tid);
	RUN_TEST(test_pmf_slots);
	return test_summary();
}
