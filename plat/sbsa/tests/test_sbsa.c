/*
 * QEMU sbsa-ref's topology on the host, as the firmware learns it: the
 * uniform topology helper (plat/common/uniform_topology.c) on sbsa-ref's
 * platform_def.h: core positions from QEMU's MPIDRs (Aff1 = index / 8, Aff0
 * = index % 8: hw/arm/sbsa-ref.c), the power-domain tree of two clusters
 * of eight, and the cores the machine has (its -smp) being the only ones
 * PSCI knows once BL31 has learnt them (uniform_topology_set_present);
 * the device map the images share.
 */
#include "test.h"

#include <lib/xlat.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <uniform_topology.h>

/* The fake architecture's WFI: no test powers the machine off. */
void wfi(void)
{
	CHECK(false);
}

/* What QEMU's sbsa-ref gives CPU @index (sbsa_ref_cpu_mp_affinity). */
static uint64_t qemu_mpidr(unsigned int index)
{
	return (uint64_t)(index / 8U) << 8 | (index % 8U);
}

static void test_positions(void)
{
	for (unsigned int i = 0; i < PLATFORM_CORE_COUNT; i++) {
		CHECK_EQ(plat_core_pos_by_mpidr(qemu_mpidr(i)), (int)i);
		CHECK_EQ(plat_core_mpidr(i), qemu_mpidr(i));
		/* Bits outside Aff3..Aff0 are ignored (RES1, U, MT). */
		CHECK_EQ(plat_core_pos_by_mpidr(qemu_mpidr(i) | (1ULL << 31) | (1ULL << 30)),
		         (int)i);
	}
	CHECK_EQ(plat_core_pos_by_mpidr(0x8), -1);         /* Aff0 beyond a cluster's eight */
	CHECK_EQ(plat_core_pos_by_mpidr(0x200), -1);       /* a third cluster */
	CHECK_EQ(plat_core_pos_by_mpidr(0x10000), -1);     /* Aff2 */
	CHECK_EQ(plat_core_pos_by_mpidr(0x100000000), -1); /* Aff3 */
}

static void test_tree(void)
{
	const uint8_t *desc = plat_get_power_domain_tree_desc();

	CHECK_EQ(desc[0], 1);
	CHECK_EQ(desc[1], 2);
	CHECK_EQ(desc[2], 8);
	CHECK_EQ(desc[3], 8);
}

/* -smp 12: clusters of eight and four; PSCI knows those twelve only. */
static void test_present_cores(void)
{
	uniform_topology_set_present(12);
	for (unsigned int i = 0; i < PLATFORM_CORE_COUNT; i++)
		CHECK_EQ(plat_core_pos_by_mpidr(qemu_mpidr(i)), i < 12U ? (int)i : -1);
	/* More than the build has changes nothing. */
	uniform_topology_set_present(PLATFORM_CORE_COUNT + 1U);
	CHECK_EQ(plat_core_pos_by_mpidr(qemu_mpidr(12)), -1);
	uniform_topology_set_present(1);
	CHECK_EQ(plat_core_pos_by_mpidr(0), 0);
	CHECK_EQ(plat_core_pos_by_mpidr(1), -1);
	uniform_topology_set_present(PLATFORM_CORE_COUNT);
	CHECK_EQ(plat_core_pos_by_mpidr(qemu_mpidr(15)), 15);
}

/* The GIC (a redistributor per core of the build), the EC, the UART: mapped, 2 MiB blocks. */
static void test_device_map(void)
{
	static const uint64_t want[][2] = {
		{ PLAT_GICD_BASE, PLAT_GICR_BASE + PLATFORM_CORE_COUNT * 0x20000ULL },
		{ PLAT_SECURE_EC_BASE, PLAT_SECURE_EC_BASE + 4 },
		{ PLAT_UART_BASE, PLAT_UART_BASE + 0x1000 },
	};

	for (unsigned int w = 0; w < 3; w++) {
		bool covered = false;

		for (unsigned int i = 0; i < plat_device_region_count; i++) {
			const struct mmap_region *r = &plat_device_regions[i];

			CHECK_EQ(r->base % 0x200000U, 0);
			CHECK_EQ(r->size % 0x200000U, 0);
			covered |= r->base <= want[w][0] && want[w][1] <= r->base + r->size &&
			           r->attr == MT_DEVICE_RW;
		}
		CHECK(covered);
	}
}

int main(void)
{
	RUN_TEST(test_positions);
	RUN_TEST(test_tree);
	RUN_TEST(test_present_cores);
	RUN_TEST(test_device_map);
	return test_summary();
}
