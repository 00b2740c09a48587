/*
 * The N1SDP port (plat/n1sdp) with the drivers it runs on, on register
 * models of the board's devices (tests/unit/models, from Arm's documents
 * and the N1SDP's SCP firmware): the SCP behind the MHU and the SCMI
 * channel, the GIC-600, the generic counter's frames and the two DMC-620
 * memory controllers. Each test is one thing the board needs: that PSCI
 * asks the SCP only what it implements and takes its answers as
 * DEN0056 and SCP-firmware mean them (QUEUED, DENIED, NOT_SUPPORTED, no
 * answer, a channel still busy), that the counter's frames are set up
 * for the normal world, that DRAM is zeroed before ECC is enabled.
 */
#include <string.h>

#include "test.h"

#include <arch/aarch64/arch.h>
#include <arch/aarch64/arch_helpers.h>
#include <drivers/gicv3.h>
#include <drivers/console.h>
#include <drivers/pl011.h>
#include <drivers/sds.h>
#include <lib/psci/psci.h>
#include <lib/utils_def.h>
#include <css_pm.h>
#include <n1sdp_css.h>
#include <plat/plat_psci.h>
#include <plat/plat_setup.h>
#include <plat/plat_topology.h>
#include <platform_def.h>
#include <trusted_mailbox.h>

#include "models/board.h"
#include "models/counter.h"
#include "models/dmc620.h"
#include "models/gic600.h"
#include "models/sbsa_wdog.h"
#include "models/scp.h"

#define ENTRY 0x04040000U
#define RUN   PSCI_LOCAL_STATE_RUN
#define OFF   PSCI_LOCAL_STATE_OFF

static const uint64_t mpidr[4] = { 0x81000000, 0x81000100, 0x81010000, 0x81010100 };
static const uint64_t affinity[4] = { 0x000000, 0x000100, 0x010000, 0x010100 };

static struct scp scp;
static struct gic600 gic;
static struct counter cnt;
static struct sbsa_wdog wdog;

/* The shared RAM page: the SDS region and the trusted mailbox at its top. */
static uint8_t shared_ram[PLAT_SHARED_RAM_SIZE];

static uint64_t ram_read(void *self, uint64_t off, unsigned int bytes)
{
	uint64_t v = 0;

	(void)self;
	memcpy(&v, shared_ram + off, bytes);
	return v;
}

static void ram_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	(void)self;
	memcpy(shared_ram + off, &v, bytes);
}

static const struct model shared_ram_model = {
	"shared RAM", PLAT_SHARED_RAM_BASE, PLAT_SHARED_RAM_SIZE, ram_read, ram_write, NULL
};

static uint64_t mailbox(unsigned int off)
{
	uint64_t v;

	memcpy(&v, shared_ram + (PLAT_MAILBOX_BASE - PLAT_SHARED_RAM_BASE) + off, 8);
	return v;
}

/* ---- what the port calls that is not under test here ---- */

/* The consoles: which UART the messages go to (drivers/console's list). */
static uintptr_t uart_registered, uart_only;
void pl011_console_register(struct console *console, uintptr_t base, uint32_t clk_hz, uint32_t baud)
{
	*console = (struct console){ .base = base };
	uart_registered = base;
	(void)clk_hz;
	CHECK_EQ(baud, 115200);
}

void console_switch(struct console *console)
{
	uart_only = console->base;
}

unsigned int plat_my_core_pos(void)
{
	return (unsigned int)plat_core_pos_by_mpidr(read_mpidr_el1());
}

/* BL2's SDS reader: the platform information the test chooses. */
static struct dmc_log dmc_log;
static struct n1sdp_platform_info sds_info;
static int sds_rc;
int n1sdp_read_platform_info(const void *sds, size_t size, struct n1sdp_platform_info *info)
{
	(void)sds;
	(void)size;
	*info = sds_info;
	return sds_rc;
}

/* Writing NT_FW_CONFIG, in DRAM: recorded in the DMC log. */
int n1sdp_write_nt_fw_config(const void *sds, size_t sds_size, void *dtb, size_t dtb_size,
                             struct n1sdp_platform_info *info, int *rc)
{
	(void)sds_size;
	(void)dtb_size;
	dmc_log_add(&dmc_log, (struct dmc_event){ EV_DRAM_WRITE, 0, 0, (uintptr_t)dtb, 4096 });
	*rc = n1sdp_read_platform_info(sds, 0, info);
	return 0;
}

/* The DRAM zeroing routine (lib/aarch64): recorded in the DMC log. */
void zero_normal_mem(uintptr_t base, uint64_t size)
{
	dmc_log_add(&dmc_log, (struct dmc_event){ EV_ZERO, 0, 0, base, size });
}

/* ---- a booted board ---- */

static void board_up(void)
{
	board_reset();
	/* Every access as the images map it: a device they do not map would fault. */
	board_map(plat_device_regions, plat_device_region_count);
	board_map(plat_bl1_regions, plat_bl1_region_count);
	board_map(plat_bl2_regions, plat_bl2_region_count);
	board_map(plat_bl31_regions, plat_bl31_region_count);
	for (unsigned int c = 0; c < 4; c++)
		board_core[c].mpidr = mpidr[c];
	memset(shared_ram, 0, sizeof(shared_ram));
	board_add(&shared_ram_model);
	scp_init(&scp, PLAT_SCMI_SHMEM_BASE, PLAT_MHU_DOORBELL);
	counter_init(&cnt, 100000000U);
	sbsa_wdog_init(&wdog, PLAT_WDOG_BASE, 1);
	gic600_init(&gic, PLAT_GICD_BASE, PLAT_GICR_BASE, 4, 2, GIC600_IIDR, affinity);
	board_run_on(0);
	static const struct gicv3_secure_irq secure[] = { PLAT_GIC_SECURE_IRQS };

	gicv3_distributor_init(PLAT_GICD_BASE, PLAT_GICR_BASE, secure, ARRAY_SIZE(secure));
	for (unsigned int c = 0; c < 4; c++) {
		board_run_on(c);
		CHECK_EQ(gicv3_cpu_init(), 0);
	}
	board_run_on(0);
}

static const struct plat_psci_ops *psci_up(void)
{
	const struct plat_psci_ops *ops = plat_psci_setup(ENTRY);

	CHECK_EQ(mailbox(TRUSTED_MAILBOX_ENTRY), ENTRY);
	CHECK_EQ(mailbox(TRUSTED_MAILBOX_MAGIC), PLAT_MAILBOX_MAGIC);
	return ops;
}

/* ---- SCMI as the SCP speaks it ---- */

static void test_discovery_at_boot(void)
{
	const struct plat_psci_ops *ops;
	const struct scp_cmd *c;

	/* An SCP with warm reset and suspend: SYSTEM_RESET2 and SYSTEM_SUSPEND are offered. */
	board_up();
	ops = psci_up();
	CHECK(ops->system_reset_warm != NULL);
	CHECK(ops->system_suspend);
	CHECK(scp_last(&scp, 0x11, 0x0) != NULL); /* power domain PROTOCOL_VERSION */
	CHECK(scp_last(&scp, 0x12, 0x0) != NULL); /* system power PROTOCOL_VERSION */
	c = scp_last(&scp, 0x11, 0x2);            /* PROTOCOL_MESSAGE_ATTRIBUTES */
	CHECK(c != NULL && c->payload[0] == 0x4); /* of POWER_STATE_SET */
	c = scp_last(&scp, 0x12, 0x2);
	CHECK(c != NULL && c->payload[0] == 0x3); /* of SYSTEM_POWER_STATE_SET */
	CHECK_EQ(board_log_errors, 0);
	CHECK_EQ(scp.violations, 0);
	CHECK_EQ(board_unmapped, 0);

	/* Without warm reset (attributes bit 31 clear): no SYSTEM_RESET2. */
	board_up();
	scp.sys_attributes = 1U << 30;
	ops = psci_up();
	CHECK(ops->system_reset_warm == NULL);
	CHECK(ops->system_suspend);
	CHECK_EQ(board_log_errors, 0);

	/* Without suspend (bit 30 clear): no SYSTEM_SUSPEND (TF-A's rule too). */
	board_up();
	scp.sys_attributes = 1U << 31;
	ops = psci_up();
	CHECK(ops->system_reset_warm != NULL);
	CHECK(!ops->system_suspend);

	/* No system power protocol at all: no SYSTEM_RESET2, and it is said at boot. */
	board_up();
	scp.sys_version = 0;
	ops = psci_up();
	CHECK(ops->system_reset_warm == NULL);
	CHECK(!ops->system_suspend);
	CHECK(board_log_errors + board_log_warnings > 0);

	/* No POWER_STATE_SET: CPU_ON cannot work, and boot says so. */
	board_up();
	scp.pwr_state_set = false;
	ops = psci_up();
	CHECK(board_log_errors > 0);
	CHECK(strstr(board_last_error, "POWER_STATE_SET") != NULL);
	CHECK_EQ(scp.violations, 0);
}

static void test_cpu_on(void)
{
	static const struct {
		int answer, psci;
	} cases[] = {
		{ SCP_SUCCESS, PSCI_E_SUCCESS },
		{ SCP_QUEUED, PSCI_E_SUCCESS },
		{ SCP_DENIED, PSCI_E_INTERN_FAIL },
		{ SCP_NOT_SUPPORTED, PSCI_E_INTERN_FAIL },
		{ SCP_GENERIC_ERROR, PSCI_E_INTERN_FAIL },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct scp_cmd *c;

		board_up();
		(void)psci_up();
		scp.pd_answer = cases[i].answer;
		unsigned int errors = board_log_errors;

		CHECK_EQ(plat_pwr_domain_on(mpidr[2], 2), cases[i].psci);
		c = scp_last(&scp, 0x11, 0x4);
		CHECK(c != NULL);
		if (c != NULL) {
			CHECK_EQ(c->flags, 0);            /* polled completion */
			CHECK_EQ(c->length, 16);          /* header + 3 words */
			CHECK_EQ(c->payload[0], 1);       /* asynchronous */
			CHECK_EQ(c->payload[1], 2);       /* the core's domain */
			CHECK_EQ(c->payload[2], 0x20111); /* every level on */
		}
		/* A refusal is reported, naming what the SCP said. */
		if (cases[i].psci != PSCI_E_SUCCESS) {
			CHECK_EQ(board_log_errors, errors + 1);
			CHECK(strstr(board_last_error, cases[i].answer == SCP_DENIED ? "DENIED"
			                               : cases[i].answer == SCP_NOT_SUPPORTED
			                                       ? "NOT_SUPPORTED"
			                                       : "GENERIC_ERROR") != NULL);
		} else {
			CHECK_EQ(board_log_errors, errors);
		}
		CHECK_EQ(scp.violations, 0);
		CHECK_EQ(board_unmapped, 0);
	}
}

/*
 * No answer: CPU_ON fails after a bounded wait, and the channel, still
 * the SCP's, is not written again until the SCP gives it back.
 */
static void test_cpu_on_unanswered(void)
{
	unsigned int sent;
	uint64_t start;

	board_up();
	(void)psci_up();
	scp.pd_answer = SCP_NO_ANSWER;
	start = board_now;
	CHECK_EQ(plat_pwr_domain_on(mpidr[1], 1), PSCI_E_INTERN_FAIL);
	/* Bounded: about a second of the counter, not millions of polls. */
	CHECK(board_now - start >= board_freq / 10);
	CHECK(board_now - start <= 3 * board_freq);
	CHECK(!scp_channel_free(&scp));
	sent = scp.count;
	/* The channel is busy: CPU_ON fails at once, nothing written, the doorbell silent. */
	start = board_now;
	CHECK_EQ(plat_pwr_domain_on(mpidr[2], 2), PSCI_E_INTERN_FAIL);
	CHECK_EQ(scp.count, sent);
	CHECK_EQ(scp.violations, 0);
	CHECK(board_now - start < board_freq / 100);
	CHECK(strstr(board_last_error, "busy") != NULL);
	/* The SCP answers at last: the channel is used again. */
	scp.pd_answer = SCP_SUCCESS;
	scp.shmem[0x04] |= 1; /* free */
	CHECK_EQ(plat_pwr_domain_on(mpidr[2], 2), PSCI_E_SUCCESS);
	CHECK_EQ(scp.count, sent + 1);
	CHECK_EQ(scp.violations, 0);
}

/*
 * The SCP carries power-state changes out later, in its own order: CPU_ON
 * returns once the request is accepted (the core is ON_PENDING to PSCI),
 * never waiting for the power; two requests completed in the reverse
 * order are both as asked.
 */
static void test_scp_completes_later(void)
{
	const struct psci_power_state core_off = { { OFF, RUN, RUN } };

	board_up();
	(void)psci_up();
	CHECK_EQ(plat_pwr_domain_on(mpidr[2], 2), PSCI_E_SUCCESS);
	CHECK_EQ(plat_pwr_domain_on(mpidr[3], 3), PSCI_E_SUCCESS);
	CHECK(scp.queued[2] && scp.queued[3]);
	CHECK(!scp.domain_on[2] && !scp.domain_on[3]);
	scp_complete(&scp, 3);
	scp_complete(&scp, 2);
	CHECK(scp.domain_on[2] && scp.domain_on[3]);
	/* CPU_OFF QUEUED: the core goes off at its WFI, later. */
	scp.pd_answer = SCP_QUEUED;
	board_run_on(3);
	plat_pwr_domain_off(&core_off);
	CHECK(scp.queued[3] && scp.domain_on[3]);
	scp_complete(&scp, 3);
	CHECK(!scp.domain_on[3]);
	CHECK_EQ(board_log_errors, 0);
	CHECK_EQ(scp.violations, 0);
}

/*
 * Every power state CPU_OFF can ask the SCP for (the core off, and each
 * level above that coordination turned off with it) is one the SCP's CSS
 * encoding takes: never INVALID_PARAMETERS.
 */
static void test_power_states_the_scp_takes(void)
{
	static const struct psci_power_state states[] = {
		{ { OFF, RUN, RUN } },
		{ { OFF, OFF, RUN } },
	};

	board_up();
	(void)psci_up();
	CHECK(scp_css_state_valid(0x00020111)); /* CPU_ON's */
	for (unsigned int i = 0; i < ARRAY_SIZE(states); i++) {
		const struct scp_cmd *c;

		board_run_on(1 + 2 * i); /* a core still on each time */
		plat_pwr_domain_off(&states[i]);
		c = scp_last(&scp, 0x11, 0x4);
		CHECK(c != NULL && scp_css_state_valid(c->payload[2]));
		CHECK_EQ(board_log_errors, 0);
	}
	/* What it would refuse, as SCP-firmware's composite state check does. */
	CHECK(!scp_css_state_valid(0x00030000)); /* no level 3 */
	CHECK(!scp_css_state_valid(0x00010001)); /* an on core in an off cluster */
	CHECK(!scp_css_state_valid(0x00000010)); /* a level above the highest named */
	CHECK(!scp_css_state_valid(0x40000000)); /* a reserved bit */
	CHECK(!scp_css_state_valid(0x00010020)); /* a cluster asleep */
	CHECK_EQ(scp.violations, 0);
}

/* CPU_OFF: asynchronous as TF-A sends it; QUEUED is success. */
static void test_cpu_off(void)
{
	const struct psci_power_state core_off = { { OFF, RUN, RUN } };
	const struct psci_power_state cluster_off = { { OFF, OFF, RUN } };
	const struct scp_cmd *c;

	board_up();
	(void)psci_up();
	scp.pd_answer = SCP_QUEUED;
	board_run_on(1);
	plat_pwr_domain_off(&core_off);
	c = scp_last(&scp, 0x11, 0x4);
	CHECK(c != NULL && c->payload[0] == 1 && c->payload[1] == 1 && c->payload[2] == 0);
	CHECK_EQ(board_log_errors, 0);
	CHECK(gic.rd[1].sleep); /* the redistributor asleep first */
	board_run_on(0);
	plat_pwr_domain_off(&cluster_off);
	c = scp_last(&scp, 0x11, 0x4);
	CHECK(c != NULL && c->payload[0] == 1 && c->payload[1] == 0 && c->payload[2] == 0x10000);
	CHECK_EQ(board_log_errors, 0);
	/* A refusal is reported. */
	scp.pd_answer = SCP_DENIED;
	board_run_on(2);
	plat_pwr_domain_off(&core_off);
	CHECK(strstr(board_last_error, "DENIED") != NULL);
	CHECK_EQ(scp.violations, 0);
	CHECK_EQ(board_unmapped, 0);
}

/* SYSTEM_OFF / SYSTEM_RESET: the calling core waits in WFI for the SCP. */
static jmp_buf wfi_jmp;
static unsigned int wfi_left;
static void wfi_escape(void)
{
	if (--wfi_left == 0)
		longjmp(wfi_jmp, 2);
}

static int run_system(void (*fn)(void))
{
	jmp_buf panic_jmp;
	int how;

	wfi_left = 3;
	board_wfi_hook = wfi_escape;
	board_panic_jmp = &panic_jmp;
	how = setjmp(panic_jmp);
	if (how == 0) {
		how = setjmp(wfi_jmp);
		if (how == 0)
			fn();
	}
	board_wfi_hook = NULL;
	board_panic_jmp = NULL;
	return how; /* 1: panicked, 2: waiting in WFI */
}

static void test_system_off(void)
{
	const struct scp_cmd *c;

	/* SCP-firmware never answers a shutdown it carries out: no error, just waiting. */
	board_up();
	(void)psci_up();
	CHECK_EQ(run_system(plat_system_off), 2);
	c = scp_last(&scp, 0x12, 0x3);
	CHECK(c != NULL && c->payload[0] == 0 && c->payload[1] == 0); /* forceful, shutdown */
	CHECK_EQ(board_log_errors, 0);
	CHECK_EQ(mailbox(TRUSTED_MAILBOX_MAGIC), 0); /* no stale warm boot after it */
	CHECK_EQ(board_panics, 0);

	/* A refusal is reported and stops there, naming the status. */
	board_up();
	(void)psci_up();
	scp.sys_answer = SCP_DENIED;
	CHECK_EQ(run_system(plat_system_reset), 1);
	c = scp_last(&scp, 0x12, 0x3);
	CHECK(c != NULL && c->payload[1] == 1); /* cold reset */
	CHECK(strstr(board_last_error, "DENIED") != NULL);
	CHECK_EQ(scp.violations, 0);
}

/*
 * SYSTEM_RESET2 refused although offered: the caller gets NOT_SUPPORTED
 * (DEN0022, SYSTEM_RESET2), the refusal is reported, and the trusted
 * mailbox, cleared for the reset, is given back its entry: the system is
 * still up.
 */
static void test_system_reset2_refused(void)
{
	static const int answers[] = { SCP_DENIED, SCP_NOT_SUPPORTED };

	for (unsigned int i = 0; i < ARRAY_SIZE(answers); i++) {
		const struct plat_psci_ops *ops;

		board_up();
		ops = psci_up();
		CHECK(ops->system_reset_warm != NULL);
		scp.sys_answer = answers[i];
		CHECK_EQ(ops->system_reset_warm(), PSCI_E_NOT_SUPPORTED);
		CHECK(scp_last(&scp, 0x12, 0x3) != NULL &&
		      scp_last(&scp, 0x12, 0x3)->payload[1] == 2);
		CHECK(strstr(board_last_error, i == 0 ? "DENIED" : "NOT_SUPPORTED") != NULL);
		CHECK_EQ(mailbox(TRUSTED_MAILBOX_ENTRY), ENTRY);
		CHECK_EQ(mailbox(TRUSTED_MAILBOX_MAGIC), PLAT_MAILBOX_MAGIC);
		CHECK_EQ(board_core[0].wfi_count, 0);
		CHECK_EQ(scp.violations, 0);
	}
}

/*
 * SYSTEM_SUSPEND on core 0, the others off: the GIC's state kept, the
 * redistributor powered down, SYSTEM_POWER_STATE_SET(forceful, suspend)
 * sent. The system's power goes and comes back (the GIC at its reset
 * state); the warm boot's GIC set-up gives back what the normal world had
 * configured, the secure interrupts still secure.
 */
static void test_system_suspend(void)
{
	const struct psci_power_state all_off = { { OFF, OFF, OFF } };
	const struct scp_cmd *c;

	board_up();
	(void)psci_up();
	/* What the normal world set up: SPI 100 enabled at 0xa0, routed to core 1; PPI 27. */
	gic.gicd_enable[3] |= 1U << 4;
	gic.gicd_priority[100] = 0xa0;
	gic.gicd_router[100] = 0x100;
	gic.rd[0].enable0 |= 1U << 27;
	gic.rd[0].priority[27] = 0x80;
	gic.rd[0].propbaser = 0x80001234;
	board_core[0].icc_igrpen1_el3 = 1;
	plat_pwr_domain_suspend(&all_off);
	c = scp_last(&scp, 0x12, 0x3);
	CHECK(c != NULL && c->payload[0] == 0 && c->payload[1] == 4); /* forceful, suspend */
	CHECK(gic.rd[0].children_asleep && gic.rd[0].rdpd);
	CHECK_EQ(gic.sleep_refused, 0);
	CHECK_EQ(board_log_errors, 0);

	gic600_system_power_cycle(&gic);
	CHECK_EQ(gicv3_cpu_init(), 0);
	CHECK_EQ(gic.gicd_ctlr & 0x37U, 0x37U); /* ARE_S, ARE_NS, every group */
	CHECK(gic.gicd_enable[3] & 1U << 4);
	CHECK_EQ(gic.gicd_priority[100], 0xa0);
	CHECK_EQ(gic.gicd_router[100], 0x100);
	CHECK_EQ(gic.gicd_igroupr[3] & 1U << 4, 1U << 4);
	CHECK_EQ(gic.gicd_igroupr[2] & 1U << 22, 0); /* 86, the watchdog: secure */
	CHECK(gic.rd[0].enable0 & 1U << 27);
	CHECK_EQ(gic.rd[0].priority[27], 0x80);
	CHECK_EQ(gic.rd[0].propbaser, 0x80001234);
	CHECK_EQ(gic.rd[0].igroupr0, ~(1U << 8 | 1U << 14));
	CHECK(!gic.rd[0].sleep);
	/* Once only: a later power-up of another core gets the defaults. */
	board_run_on(1);
	CHECK_EQ(gicv3_cpu_init(), 0);
	CHECK_EQ(gic.rd[1].enable0, 0);
	CHECK_EQ(gic.sleep_refused, 0);
	CHECK_EQ(board_unmapped, 0);

	/* Refused: reported; the power never went, the WFI will return. */
	board_up();
	(void)psci_up();
	scp.sys_answer = SCP_DENIED;
	plat_pwr_domain_suspend(&all_off);
	CHECK(strstr(board_last_error, "SYSTEM_SUSPEND") != NULL);
	CHECK(strstr(board_last_error, "DENIED") != NULL);
}

/* The channel left busy by the SCP at boot: discovery reports it, writes nothing. */
static void test_busy_at_boot(void)
{
	const struct plat_psci_ops *ops;

	board_up();
	scp_hold_channel(&scp);
	ops = psci_up();
	CHECK_EQ(scp.count, 0);
	CHECK_EQ(scp.violations, 0);
	CHECK(board_log_errors > 0);
	CHECK(ops->system_reset_warm == NULL);
	CHECK_EQ(plat_pwr_domain_on(mpidr[1], 1), PSCI_E_INTERN_FAIL);
	CHECK_EQ(scp.count, 0);
	CHECK_EQ(scp.violations, 0);
}

/* ---- the generic counter and its frames ---- */

static void test_counter(void)
{
	board_up();
	/* Every image, first thing: the counter runs (CNTCR.EN, FCREQ 0). */
	plat_early_setup();
	CHECK_EQ(cnt.cntcr, 1);
	CHECK_EQ(plat_get_syscnt_freq(), 100000000U);
	/* BL31: frame 0 is the normal world's, and both frames give the frequency. */
	cnt.nwrites = 0;
	(void)psci_up();
	plat_bl31_setup();
	CHECK_EQ(cnt.cntacr0, 0x3f); /* RPCT RVCT RFRQ RVOFF RWVT RWPT */
	CHECK_EQ(cnt.cntnsar, 1);    /* NS0 */
	CHECK_EQ(cnt.ctl_cntfrq, 100000000U);
	CHECK_EQ(cnt.base0_cntfrq, 100000000U); /* the N1SDP quirk */
	CHECK_EQ(cnt.cntcr, 1);
	CHECK_EQ(board_unmapped, 0);
	/* Every access secure, as the images map the frames. */
	CHECK_EQ(cnt.ns_refused, 0);

	/* Through a non-secure mapping the secure frames take nothing: the model is not fooled. */
	static const struct mmap_region ns_ctl = { PLAT_CNTCTL_BASE, 0x1000, MT_DEVICE_RW | MT_NS };
	board_reset();
	board_map(&ns_ctl, 1);
	board_map(plat_device_regions, plat_device_region_count);
	counter_init(&cnt, 100000000U);
	n1sdp_timer_frames_init();
	CHECK(cnt.ns_refused >= 3);
	CHECK_EQ(cnt.cntacr0, 0);
	CHECK_EQ(cnt.cntnsar, 0);
}

/* BL31's runtime console: the IOFPGA's UART0, TF-A master's run and crash UART. */
static void test_runtime_console(void)
{
	board_up();
	uart_registered = uart_only = 0;
	plat_bl31_runtime_console();
	CHECK_EQ(uart_registered, 0x1C090000);
	CHECK_EQ(uart_only, 0x1C090000);
}

/*
 * BL1's boot watchdog: started for 100 s, or the most a version-0
 * watchdog's 32-bit WOR holds (42 s at the model's 100 MHz), and said so;
 * stopped by BL31 before its exit to BL33.
 */
static void test_boot_watchdog(void)
{
	for (unsigned int arch = 0; arch < 2; arch++) {
		board_up();
		wdog.arch = arch;
		plat_bl1_setup();
		CHECK(wdog.enabled);
		CHECK_EQ(wdog.wor, arch != 0U ? 100ULL * 100000000U : 0xffffffffU);
		CHECK_EQ(wdog.reserved_writes + wdog.unknown_writes, 0);
		CHECK(strstr(board_last_log, arch != 0U ? " 100 s " : " 42 s ") != NULL);
		plat_bl31_setup();
		CHECK(!wdog.enabled);
		CHECK_EQ(board_unmapped, 0);
	}
}

/* ---- DRAM ECC on the DMC-620s ---- */

static struct dmc620 dmc[2];

static void dram_up(uint8_t ddr_gb)
{
	board_up();
	memset(&dmc_log, 0, sizeof(dmc_log));
	dmc620_init(&dmc[0], 0, PLAT_DMC0_BASE, &dmc_log);
	dmc620_init(&dmc[1], 1, PLAT_DMC1_BASE, &dmc_log);
	sds_info = (struct n1sdp_platform_info){ false, 0, ddr_gb, 0 };
	sds_rc = 0;
}

/*
 * Every byte of the chip's DDR zeroed (DRAM1 whole, the rest in DRAM2)
 * before either controller checks ECC; each controller taken to CONFIG
 * before ERR0CTLR0 is written and back to READY after; nothing written to
 * DRAM (NT_FW_CONFIG) before all that.
 */
static void check_ecc_sequence(uint64_t ddr)
{
	uint64_t bytes = 0;
	unsigned int ecc_on = 0, written = 0;
	uint64_t state[2] = { DMC_READY, DMC_READY }; /* as the log says, event by event */

	CHECK(dmc_log.count <= 64);
	for (unsigned int i = 0; i < dmc_log.count && i < 64; i++) {
		const struct dmc_event *e = &dmc_log.ev[i];

		switch (e->kind) {
		case EV_ZERO:
			CHECK_EQ(ecc_on, 0);
			CHECK(e->base == PLAT_DRAM1_BASE
			              ? e->size == PLAT_DRAM1_SIZE
			              : e->base == PLAT_DRAM2_BASE &&
			                        e->size == ddr - PLAT_DRAM1_SIZE);
			bytes += e->size;
			break;
		case EV_DMC_STATE:
			state[e->dmc] = e->value;
			break;
		case EV_DMC_ERRCTLR:
			CHECK_EQ(bytes, ddr);
			CHECK_EQ(state[e->dmc], DMC_CONFIG);
			ecc_on++;
			break;
		case EV_DRAM_WRITE:
			CHECK_EQ(ecc_on, 2);
			written++;
			break;
		default:
			break;
		}
	}
	CHECK_EQ(bytes, ddr);
	CHECK_EQ(ecc_on, 2);
	CHECK_EQ(written, 1);
	for (unsigned int d = 0; d < 2; d++) {
		CHECK_EQ(dmc[d].err0ctlr0, 1);
		CHECK_EQ(dmc[d].state, DMC_READY);
		CHECK_EQ(dmc[d].ignored_writes, 0);
		CHECK_EQ(dmc[d].unknown_writes, 0);
		CHECK_EQ(dmc[d].ns_refused, 0); /* BL2 maps them secure */
	}
}

static void test_dram_ecc(void)
{
	static const uint8_t sizes[] = { 2, 16, 64 };
	struct plat_ns_dram dram;

	for (unsigned int i = 0; i < ARRAY_SIZE(sizes); i++) {
		char bytes[32];

		dram_up(sizes[i]);
		plat_bl2_prepare_bl33(&dram);
		check_ecc_sequence((uint64_t)sizes[i] << 30);
		/* The cost is said: the bytes zeroed. */
		snprintf(bytes, sizeof(bytes), "(%llu bytes)", (unsigned long long)sizes[i] << 30);
		CHECK_EQ(board_log_errors, 0);
		CHECK(board_log_notices >= 2);
		CHECK_EQ(board_unmapped, 0);
		CHECK(strstr(ecc_notice, bytes) != NULL);
	}
}

/* Multichip mode reported: refused, said, and only the local DDR zeroed and described. */
static void test_multichip_refused(void)
{
	struct plat_ns_dram dram;

	dram_up(8);
	sds_info = (struct n1sdp_platform_info){ true, 1, 8, 16 };
	plat_bl2_prepare_bl33(&dram);
	check_ecc_sequence(8ULL << 30);
	CHECK_EQ(board_log_warnings, 1);
	CHECK(strstr(board_last_log, "multichip") != NULL);
	CHECK_EQ(dram.ranges.count, 2);
	CHECK_EQ(dram.ranges.range[1].size, 6ULL << 30);
}

/* No DDR size from the SCP: nothing zeroed, ECC left off, and BL2 says so. */
static void test_dram_ecc_unknown_size(void)
{
	struct plat_ns_dram dram;

	dram_up(16);
	sds_rc = SDS_E_NOT_FOUND;
	plat_bl2_prepare_bl33(&dram);
	for (unsigned int i = 0; i < dmc_log.count && i < 64; i++)
		CHECK(dmc_log.ev[i].kind == EV_DRAM_WRITE);
	CHECK_EQ(dmc[0].err0ctlr0, 0);
	CHECK_EQ(dmc[1].err0ctlr0, 0);
	CHECK(board_log_warnings >= 1);
}

/* A controller that never reaches CONFIG: a bounded wait, then BL2 stops. */
static void test_dram_ecc_stuck(void)
{
	struct plat_ns_dram dram;
	jmp_buf j;

	dram_up(4);
	dmc[1].settle_reads = ~0U;
	board_panic_jmp = &j;
	if (setjmp(j) == 0) {
		plat_bl2_prepare_bl33(&dram);
		CHECK(false);
	}
	board_panic_jmp = NULL;
	CHECK_EQ(board_panics, 1);
	CHECK(strstr(board_last_error, "DMC-620 1") != NULL);
}

/* Usage: test_n1sdp_board [TEST...]   (default: every test) */
int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
#define T(fn) { #fn, fn }
		T(test_discovery_at_boot),
		T(test_cpu_on),
		T(test_cpu_on_unanswered),
		T(test_scp_completes_later),
		T(test_power_states_the_scp_takes),
		T(test_scp_completes_later),
		T(test_power_states_the_scp_takes),
		T(test_cpu_off),
		T(test_system_off),
		T(test_system_reset2_refused),
		T(test_system_suspend),
		T(test_busy_at_boot),
		T(test_counter),
		T(test_runtime_console),
		T(test_boot_watchdog),
		T(test_dram_ecc),
		T(test_dram_ecc_unknown_size),
		T(test_dram_ecc_stuck),
		T(test_multichip_refused),
#undef T
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(tests); i++) {
		bool named = argc < 2;

		for (int a = 1; a < argc; a++)
			named = named || strcmp(argv[a], tests[i].name) == 0;
		if (!named)
			continue;
		test_current_failed = 0;
		tests[i].fn();
		if (test_current_failed) {
			test_failed_count++;
			printf("FAIL %s\n", tests[i].name);
		} else {
			test_passed_count++;
			printf("PASS %s\n", tests[i].name);
		}
		fflush(stdout);
	}
	return test_summary();
}
