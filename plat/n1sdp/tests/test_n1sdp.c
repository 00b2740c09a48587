/*
 * N1SDP platform logic on the host: MT-style MPIDR decoding, the CSS
 * power_state encoding and the SCMI messages of its power control, the
 * SCP's SDS platform information and the NT_FW_CONFIG device tree that
 * hands it to BL33, against malformed regions (docs/plat/n1sdp.rst).
 */
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "test.h"

#include <common/bl_common.h>
#include <drivers/pl011.h>
#include <drivers/scmi.h>
#include <drivers/sds.h>
#include <css_pm.h>
#include <n1sdp_css.h>
#include <plat/plat_topology.h>
#include <plat/plat_setup.h>
#include <platform_def.h>

static void test_core_positions(void)
{
	/* MPIDR_EL1 as read (MT and bit 31 set) and as the DT lists them. */
	const uint64_t read[4] = { 0x81000000, 0x81000100, 0x81010000, 0x81010100 };
	const uint64_t dt[4] = { 0x0, 0x100, 0x10000, 0x10100 };

	for (int pos = 0; pos < 4; pos++) {
		CHECK_EQ(plat_core_pos_by_mpidr(read[pos]), pos);
		CHECK_EQ(plat_core_pos_by_mpidr(dt[pos]), pos);
		CHECK_EQ(plat_core_mpidr((unsigned int)pos), dt[pos]);
	}
	CHECK_EQ(plat_core_pos_by_mpidr(0x1), -1);            /* thread 1 */
	CHECK_EQ(plat_core_pos_by_mpidr(0x200), -1);          /* core 2 */
	CHECK_EQ(plat_core_pos_by_mpidr(0x20000), -1);        /* cluster 2 */
	CHECK_EQ(plat_core_pos_by_mpidr(0x100000000ULL), -1); /* chip 1 */
}

static void test_css_power_states(void)
{
	const struct psci_power_state on = { { 0, 0, 0 } };
	const struct psci_power_state core_off = { { 2, 0, 0 } };
	const struct psci_power_state cluster_off = { { 2, 2, 0 } };

	CHECK_EQ(css_power_state(&on, true), 0x00020111);
	CHECK_EQ(css_power_state(&core_off, false), 0x00000000);
	CHECK_EQ(css_power_state(&cluster_off, false), 0x00010000);
}

static void test_scmi_message(void)
{
	uint8_t shmem[64] __attribute__((aligned(8)));
	const uint32_t payload[3] = { 1, 2, 0x00020111 };
	uint32_t v;

	memset(shmem, 0xff, sizeof(shmem));
	CHECK_EQ(scmi_msg_header(0x11, 0x4, 5), 0x4 | (0x11 << 10) | (5 << 18));
	scmi_write_command((uintptr_t)shmem, scmi_msg_header(0x11, 0x4, 5), payload, 3);
	memcpy(&v, shmem + SCMI_SHMEM_STATUS, 4);
	CHECK_EQ(v, 0); /* busy: the SCP's turn */
	memcpy(&v, shmem + SCMI_SHMEM_LENGTH, 4);
	CHECK_EQ(v, 16); /* header + 3 words */
	memcpy(&v, shmem + SCMI_SHMEM_HEADER, 4);
	CHECK_EQ(v, scmi_msg_header(0x11, 0x4, 5));
	memcpy(&v, shmem + SCMI_SHMEM_PAYLOAD + 8, 4);
	CHECK_EQ(v, 0x00020111);
	memcpy(&v, shmem + SCMI_SHMEM_FLAGS, 4);
	CHECK_EQ(v, 0); /* polled completion */
}

/*
 * Each image's translation tables, as bl_setup_mmu (common/bl_common.c)
 * builds them from its own layout (code, read-only data and RW data:
 * three page-granular spans of its region here), the platform's device
 * regions, what the image's generic code maps (bl1/bl1_main.c,
 * bl2/bl2_main.c) and the platform's regions for it: they do not overlap
 * and fit the image's PLAT_XLAT_TABLES, with the 40-bit address space's level-0 walks
 * and, in BL2, DRAM2 for the ECC zeroing. A map that did not fit would stop
 * the board at boot.
 */
static int map_image(unsigned int tables, uintptr_t base, uintptr_t limit,
                     const struct mmap_region *own, unsigned int own_count,
                     const struct mmap_region *plat, unsigned int plat_count, unsigned int *used)
{
	static uint64_t base_table[XLAT_BASE_ENTRIES] __attribute__((aligned(4096)));
	static uint64_t pool[PLAT_XLAT_TABLES_BL2][XLAT_TABLE_ENTRIES]
		__attribute__((aligned(4096)));
	struct xlat_ctx ctx = { base_table, pool, tables, 0 };
	struct mmap_region map[24];
	unsigned int n = 0;
	uintptr_t third = ((limit - base) / 3) & ~(uintptr_t)0xfff;
	int rc;

	memset(base_table, 0, sizeof(base_table));
	map[n++] = (struct mmap_region){ base, third, MT_CODE };
	map[n++] = (struct mmap_region){ base + third, third, MT_RO_DATA };
	map[n++] = (struct mmap_region){ base + 2 * third, limit - base - 2 * third, MT_RW_DATA };
	for (unsigned int i = 0; i < plat_device_region_count; i++)
		map[n++] = plat_device_regions[i];
	for (unsigned int i = 0; i < own_count; i++)
		map[n++] = own[i];
	for (unsigned int i = 0; i < plat_count; i++)
		map[n++] = plat[i];
	/* bl_setup_mmu panics past its array (the board's BL2 once did). */
	CHECK(n <= BL_MAX_REGIONS);
	rc = xlat_map_regions(&ctx, map, n);
	*used = ctx.tables_used;
	return rc;
}

static void test_translation_tables(void)
{
	const struct mmap_region bl1_own[] = {
		{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
		{ BL2_BASE, BL2_LIMIT - BL2_BASE, MT_RW_DATA },
		{ BL1_RW_BASE, BL1_RW_LIMIT - BL1_RW_BASE, MT_RW_DATA },
	};
	const struct mmap_region bl2_own[] = {
		{ PLAT_FIP_BASE, PLAT_FIP_MAX_SIZE, MT_RO_DATA },
		{ BL31_BASE, BL31_LIMIT - BL31_BASE, MT_RW_DATA },
		{ PLAT_BL33_BASE, PLAT_BL33_LIMIT - PLAT_BL33_BASE,
		  MT_NON_CACHEABLE | MT_RW | MT_NS },
	};
	unsigned int used;

	CHECK_EQ(XLAT_VA_BITS, 40);
	CHECK(PLAT_XLAT_TABLES_BL <= PLAT_XLAT_TABLES_BL2);
	CHECK_EQ(map_image(PLAT_XLAT_TABLES_BL, PLAT_BL1_RO_BASE, PLAT_BL1_RO_LIMIT, bl1_own, 3,
	                   plat_bl1_regions, plat_bl1_region_count, &used),
	         XLAT_OK);
	CHECK_EQ(map_image(PLAT_XLAT_TABLES_BL2, BL2_BASE, BL2_LIMIT, bl2_own, 3, plat_bl2_regions,
	                   plat_bl2_region_count, &used),
	         XLAT_OK);
	/* BL31 maps the PMF call ring's window too, when BL2 kept it (lib/pmf). */
	const struct mmap_region bl31_own[] = {
		{ PLAT_PMF_RING_BASE, PLAT_PMF_RING_MAX_SIZE, MT_RW_DATA | MT_NS },
	};
	CHECK_EQ(map_image(PLAT_XLAT_TABLES_BL, BL31_BASE, BL31_LIMIT, bl31_own, 1,
	                   plat_bl31_regions, plat_bl31_region_count, &used),
	         XLAT_OK);
	/*
	 * The shared page, written by the SCP (SDS) and read by BL1 with its
	 * caches off (the mailbox): Device memory in every image, as TF-A maps it.
	 */
	const struct {
		const struct mmap_region *r;
		unsigned int n;
	} images[] = { { plat_bl1_regions, plat_bl1_region_count },
		       { plat_bl2_regions, plat_bl2_region_count },
		       { plat_bl31_regions, plat_bl31_region_count } };
	for (unsigned int i = 0; i < 3; i++) {
		unsigned int found = 0;

		for (unsigned int j = 0; j < images[i].n; j++) {
			if (images[i].r[j].base == PLAT_SHARED_RAM_BASE) {
				found++;
				CHECK_EQ(images[i].r[j].attr & MT_TYPE_MASK, MT_DEVICE);
			}
		}
		CHECK_EQ(found, 1);
	}
	/* DRAM2, for the zeroing: Normal non-cacheable, non-secure, in BL2. */
	bool dram2 = false;

	for (unsigned int i = 0; i < plat_bl2_region_count; i++)
		dram2 = dram2 || (plat_bl2_regions[i].base == PLAT_DRAM2_BASE &&
		                  plat_bl2_regions[i].size == PLAT_DRAM2_SIZE &&
		                  plat_bl2_regions[i].attr == (MT_NON_CACHEABLE | MT_RW | MT_NS));
	CHECK(dram2);
}

static void test_memory_map(void)
{
	/*
	 * Images live at the same time must not overlap: BL1 (RO and RW)
	 * while it loads BL2, BL2 while it loads BL31. BL31 may reuse BL1's
	 * RW region, and only that.
	 */
	CHECK(PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE <= BL2_BASE);
	CHECK(BL2_LIMIT <= BL1_RW_BASE);
	CHECK(BL1_RW_LIMIT <= PLAT_BL1_RO_BASE);
	CHECK(BL2_LIMIT <= BL31_BASE);
	CHECK(BL31_LIMIT <= PLAT_BL1_RO_BASE);
	CHECK(PLAT_BL1_RO_LIMIT <= PLAT_SEC_SRAM_BASE + PLAT_SEC_SRAM_SIZE);
	CHECK(PLAT_MAILBOX_BASE + 16 <= PLAT_SHARED_RAM_BASE + PLAT_SHARED_RAM_SIZE);
	CHECK(PLAT_BL33_BASE >= PLAT_NS_DRAM_BASE &&
	      PLAT_BL33_LIMIT <= PLAT_NS_DRAM_BASE + PLAT_NS_DRAM_SIZE);
}

/*
 * The driver programs the device, which the host does not have: record
 * what the platform asks of it instead.
 */
static struct {
	struct console *console;
	uintptr_t base;
	uint32_t baud;
	int calls;
} pl011_seen;

void pl011_console_register(struct console *console, uintptr_t base, uint32_t clk_hz, uint32_t baud)
{
	(void)clk_hz;
	pl011_seen.console = console;
	pl011_seen.base = base;
	pl011_seen.baud = baud;
	pl011_seen.calls++;
}

static void test_console(void)
{
	plat_console_init();
	/* AP UART0 (N1SDP TRM, application processor memory map). */
	CHECK_EQ(pl011_seen.calls, 1);
	CHECK_EQ(pl011_seen.base, 0x2A400000);
	CHECK_EQ(pl011_seen.baud, 115200);
	CHECK(pl011_seen.console != NULL);
}

/* --- SDS: a region as the SCP writes it, then broken in every way --- */
static uint8_t sds[PLAT_SDS_SIZE];

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Region with: a CPU-info structure (id 1, 8 bytes), then platform info. */
static void sds_good(uint8_t mode, uint8_t others, uint8_t local_gb, uint8_t remote_gb)
{
	memset(sds, 0, sizeof(sds));
	put32(sds, 0xAA7A | 2U << 16 | 0U << 24 | 1U << 28);
	put32(sds + 4, PLAT_SDS_SIZE);
	put32(sds + 8, SDS_ID(1, 1));
	put32(sds + 12, 1U | 8U << 1);
	put32(sds + 24, N1SDP_SDS_PLATFORM_INFO_ID);
	put32(sds + 28, 1U | 8U << 1);
	sds[32] = mode;
	sds[33] = others;
	sds[34] = local_gb;
	sds[35] = remote_gb;
}

/*
 * What an N1SDP can report, from the board rather than from the parser: a
 * chip has 2 GiB (the DRAM1 window, all of it used) to 64 GiB (DRAM1 and
 * the 62 GiB DRAM2 window) of DDR; a single board has no other chip and no
 * remote DDR; in multichip mode there is exactly one other board.
 */
static bool board_can_have(const struct n1sdp_platform_info *i)
{
	bool local = i->local_ddr_gb >= 2 && i->local_ddr_gb <= 64;

	if (!i->multichip)
		return local && i->remote_chips == 0 && i->remote_ddr_gb == 0;
	return local && i->remote_chips == 1 && i->remote_ddr_gb >= 2 && i->remote_ddr_gb <= 64;
}

static void test_sds_platform_info(void)
{
	struct n1sdp_platform_info info;

	sds_good(0, 0, 16, 0);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), 0);
	CHECK_EQ(info.local_ddr_gb, 16);
	CHECK(!info.multichip);
	sds_good(1, 1, 8, 8);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), 0);
	CHECK(info.multichip && info.remote_chips == 1 && info.remote_ddr_gb == 8);
}

static void test_sds_malformed(void)
{
	struct n1sdp_platform_info info;
	const uint8_t *p;
	uint32_t len;

	memset(sds, 0, sizeof(sds)); /* nothing published */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_NO_REGION);
	sds_good(0, 0, 16, 0);
	CHECK_EQ(sds_find(sds, 7, 1, &p, &len), SDS_E_NO_REGION); /* shorter than a descriptor */
	sds_good(0, 0, 16, 0);
	put32(sds, 0xAA7A | 2U << 16 | 2U << 28); /* schema 2 */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_VERSION);
	sds_good(0, 0, 16, 0);
	put32(sds + 4, PLAT_SDS_SIZE + 8); /* region larger than its memory */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 4, 4); /* smaller than its own descriptor */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 12, 1U | 0x7FFFF8U << 1); /* first structure runs past the end */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 12, 1U | 12U << 1); /* size not a multiple of 8 */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 12, 1U); /* zero size */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 8, 0); /* id 0 */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds + 8, 5); /* major version 0 */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds, 0xAA7A | 200U << 16 | 1U << 28); /* more structures than there are */
	CHECK_EQ(sds_find(sds, sizeof(sds), SDS_ID(99, 1), &p, &len), SDS_E_CORRUPT);
	sds_good(0, 0, 16, 0);
	put32(sds, 0xAA7A | 1U << 16 | 1U << 28); /* platform info not listed */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_NOT_FOUND);
	sds_good(0, 0, 16, 0);
	put32(sds + 28, 8U << 1); /* not finalised by the SCP */
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_INVALID);
	/* Values the board cannot have. */
	sds_good(2, 0, 16, 0);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 0, 0, 0);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(0, 1, 16, 16);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	sds_good(1, 3, 16, 16);
	CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	/* Every value of every byte against the board's own limits (board_can_have). */
	for (unsigned int mode = 0; mode < 3; mode++) {
		for (unsigned int others = 0; others < 3; others++) {
			for (unsigned int local = 0; local < 256; local++) {
				for (unsigned int remote = 0; remote < 256; remote++) {
					struct n1sdp_platform_info want = { mode == 1,
						                            (uint8_t)others,
						                            (uint8_t)local,
						                            (uint8_t)remote };
					bool ok = mode <= 1 && board_can_have(&want);

					sds_good((uint8_t)mode, (uint8_t)others, (uint8_t)local,
					         (uint8_t)remote);
					CHECK_EQ(n1sdp_read_platform_info(sds, sizeof(sds), &info),
					         ok ? 0 : SDS_E_CORRUPT);
				}
			}
		}
	}
	/* Every truncation of a good region: an error, never a read past it (ASan). */
	sds_good(0, 0, 16, 0);
	put32(sds + 4, 40);
	for (size_t n = 0; n < 40; n++) {
		uint8_t *copy = malloc(n ? n : 1);

		memcpy(copy, sds, n);
		CHECK(n1sdp_read_platform_info(copy, n, &info) != 0);
		free(copy);
	}
	CHECK_EQ(n1sdp_read_platform_info(sds, 40, &info), 0);
}

/* The NT_FW_CONFIG blob BL33 gets: a valid DTB, platform-info iff @want. */
static uint8_t nt_fw_config[PLAT_NT_FW_CONFIG_SIZE];

static void check_nt_fw_config(const struct n1sdp_platform_info *want)
{
	int node;

	CHECK_EQ(fdt_check_header(nt_fw_config), 0);
	CHECK(fdt_totalsize(nt_fw_config) <= sizeof(nt_fw_config));
	CHECK_EQ(fdt_num_mem_rsv(nt_fw_config), 0);
	node = fdt_path_offset(nt_fw_config, "/platform-info");
	if (want == NULL) {
		CHECK_EQ(node, -FDT_ERR_NOTFOUND);
		/* Only the root node. */
		CHECK_EQ(fdt_first_subnode(nt_fw_config, 0), -FDT_ERR_NOTFOUND);
		return;
	}
	CHECK(node > 0);
	static const char *const names[] = { "multichip-mode", "secondary-chip-count",
		                             "local-ddr-size", "remote-ddr-size" };
	/* One chip whatever the SCP says: never a claim of the other's cores and DDR. */
	const uint32_t values[] = { 0, 0, want->local_ddr_gb, 0 };
	for (unsigned int i = 0; i < 4; i++) {
		int len = -1;
		const fdt32_t *v = fdt_getprop(nt_fw_config, node, names[i], &len);

		CHECK(v != NULL && len == 4);
		if (v != NULL && len == 4)
			CHECK_EQ(fdt32_to_cpu(*v), values[i]);
	}
	/* Nothing else in the node. */
	int count = 0, prop;
	fdt_for_each_property_offset(prop, nt_fw_config, node) count++;
	CHECK_EQ(count, 4);
}

/* The whole path: SDS region -> info -> blob, with the result BL2 logs. */
static int bl33_config(const void *region, size_t size, struct n1sdp_platform_info *info)
{
	int sds_rc = 12345;

	memset(nt_fw_config, 0xA5, sizeof(nt_fw_config));
	CHECK_EQ(n1sdp_write_nt_fw_config(region, size, nt_fw_config, sizeof(nt_fw_config), info,
	                                  &sds_rc),
	         0);
	return sds_rc;
}

static void test_nt_fw_config(void)
{
	struct n1sdp_platform_info info;
	uint8_t small[64];
	int sds_rc;

	sds_good(0, 0, 16, 0);
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), 0);
	check_nt_fw_config(&(struct n1sdp_platform_info){ false, 0, 16, 0 });
	sds_good(1, 1, 8, 32);
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), 0);
	check_nt_fw_config(&(struct n1sdp_platform_info){ true, 1, 8, 32 });
	sds_good(0, 0, 64, 0); /* the most DRAM1 and DRAM2 hold */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), 0);
	check_nt_fw_config(&(struct n1sdp_platform_info){ false, 0, 64, 0 });
	sds_good(1, 1, 2, 2); /* the least: DRAM1 alone on each board */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), 0);
	check_nt_fw_config(&(struct n1sdp_platform_info){ true, 1, 2, 2 });
	/* Too little room: libfdt's error, reported, never a write past it (ASan). */
	sds_good(0, 0, 16, 0);
	CHECK_EQ(n1sdp_write_nt_fw_config(sds, sizeof(sds), small, sizeof(small), &info, &sds_rc),
	         -FDT_ERR_NOSPACE);
	CHECK_EQ(sds_rc, 0);
}

/* Malformed SDS: the blob is still valid, without platform-info; never a guess. */
static void test_nt_fw_config_malformed(void)
{
	struct n1sdp_platform_info info;

	memset(sds, 0, sizeof(sds));
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_NO_REGION);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 16, 0);
	put32(sds, 0xAA7A | 2U << 16 | 2U << 28); /* schema 2 */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_VERSION);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 16, 0);
	put32(sds + 12, 1U | 0x7FFFF8U << 1); /* first structure runs past the end */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 16, 0);
	put32(sds + 28, 8U << 1); /* not finalised by the SCP */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_INVALID);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 16, 0);
	put32(sds, 0xAA7A | 1U << 16 | 1U << 28); /* platform info not listed */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_NOT_FOUND);
	check_nt_fw_config(NULL);
	sds_good(2, 0, 16, 0); /* a mode byte the board cannot have */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	check_nt_fw_config(NULL);
	sds_good(1, 3, 16, 16); /* three other chips */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 255, 0); /* more DDR than DRAM1 and DRAM2 can map */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	check_nt_fw_config(NULL);
	sds_good(0, 0, 16, 200); /* remote DDR on a single board */
	CHECK_EQ(bl33_config(sds, sizeof(sds), &info), SDS_E_CORRUPT);
	check_nt_fw_config(NULL);
	/* Every truncation of a good region, and every single-byte corruption of it. */
	sds_good(1, 1, 8, 8);
	put32(sds + 4, 40);
	for (size_t n = 0; n < 40; n++) {
		uint8_t *copy = malloc(n ? n : 1);

		memcpy(copy, sds, n);
		CHECK(bl33_config(copy, n, &info) != 0);
		check_nt_fw_config(NULL);
		free(copy);
	}
	for (size_t i = 0; i < 40; i++) {
		for (unsigned int bit = 0; bit < 8; bit++) {
			int rc;

			sds_good(1, 1, 8, 8);
			put32(sds + 4, 40);
			sds[i] ^= (uint8_t)(1U << bit);
			rc = bl33_config(sds, 40, &info);
			/* Either a clean error and no node, or values the board can have. */
			if (rc != 0) {
				check_nt_fw_config(NULL);
			} else {
				CHECK(board_can_have(&info));
				check_nt_fw_config(&info);
			}
		}
	}
}

int main(void)
{
	RUN_TEST(test_core_positions);
	RUN_TEST(test_css_power_states);
	RUN_TEST(test_scmi_message);
	RUN_TEST(test_memory_map);
	RUN_TEST(test_translation_tables);
	RUN_TEST(test_console);
	RUN_TEST(test_sds_platform_info);
	RUN_TEST(test_sds_malformed);
	RUN_TEST(test_nt_fw_config);
	RUN_TEST(test_nt_fw_config_malformed);
	return test_summary();
}
