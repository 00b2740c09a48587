/*
 * n1sdp: a model of the Arm Neoverse N1 System Development Platform's
 * application processor (AP) side, as far as the AP's firmware touches it,
 * for QEMU 7.2 (Debian's qemu 1:7.2+dfsg-7+deb12u18). n1fw's own work
 * (tools/n1sdp_model/, docs/plat/n1sdp-model.rst): copied into QEMU's tree
 * as hw/arm/n1sdp.c by make_helpers/n1sdp_model_build.sh, beside the build
 * glue of tools/n1sdp_model/qemu-n1sdp.patch.
 *
 * Every address and behaviour below names its source: TF-A 2.8's N1SDP
 * port (TFA_SRC/plat/arm/board/n1sdp, its drivers/arm/css and gic/v3: Debian's
 * arm-trusted-firmware 2.8.0+dfsg-1), SCP-firmware's product/n1sdp, TF-A's
 * fdts/n1sdp.dtsi, Arm's TRMs as those sources use them, and n1fw's
 * plat/n1sdp/include/platform_def.h (checked against TF-A). Where no
 * public source says, the model says so (docs/plat/n1sdp-model.rst's
 * fidelity table lists each device: modelled, not modelled, source).
 *
 * What it is not: a cycle model, a model of the SCP's own firmware, of the
 * CMN-600 interconnect, of PCIe/CCIX, of TrustZone's address space
 * controllers, or of a second chip. The firmware's timing on it is QEMU's.
 *
 * Written for n1fw; licensed as QEMU (GPL-2.0-or-later).
 */

#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qapi/qapi-commands-run-state.h"
#include "hw/boards.h"
#include "hw/loader.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "hw/char/pl011.h"
#include "hw/intc/arm_gicv3.h"
#include "hw/intc/arm_gicv3_common.h"
#include "hw/watchdog/sbsa_gwdt.h"
#include "exec/address-spaces.h"
#include "sysemu/sysemu.h"
#include "sysemu/runstate.h"
#include "sysemu/reset.h"
#include "target/arm/cpu.h"
#include "target/arm/cpregs.h"
#include "target/arm/arm-powerctl.h"

/*
 * ---------------------------------------------------------------------
 * The memory map (TF-A 2.8's TFA_SRC/plat/arm/board/n1sdp/include/platform_def.h,
 * its css_def.h, and n1fw's plat/n1sdp/include/platform_def.h).
 * ---------------------------------------------------------------------
 */
/* Trusted SRAM: ARM_TRUSTED_SRAM_BASE of the CSS platforms; the SDS
 * region and the trusted mailbox in its first page (PLAT_ARM_SDS_MEM_BASE
 * = ARM_SHARED_RAM_BASE); 512 KiB, the top 128 KiB where the SCP puts BL1
 * (PLAT_ARM_TRUSTED_ROM_BASE 0x04060000, 128 KiB). */
#define N1SDP_SRAM_BASE       0x04000000ULL
#define N1SDP_SRAM_SIZE       (512 * KiB)
#define N1SDP_BL1_BASE        0x04060000ULL
#define N1SDP_BL1_MAX_SIZE    (128 * KiB)
#define N1SDP_SHARED_PAGE     (4 * KiB)
/* Non-secure SRAM (TF-A's n1sdp_def.h N1SDP_NS_SRAM_BASE, 64 KiB). */
#define N1SDP_NS_SRAM_BASE    0x06000000ULL
#define N1SDP_NS_SRAM_SIZE    (64 * KiB)
/* The AP's QSPI flash, memory-mapped; the FIP at 0x18200000
 * (PLAT_ARM_FLASH_IMAGE_BASE; PLAT_ARM_NVM_BASE), 8 MiB at most for it. */
#define N1SDP_QSPI_BASE       0x18000000ULL
#define N1SDP_QSPI_SIZE       (64 * MiB)
#define N1SDP_FIP_BASE        0x18200000ULL
#define N1SDP_FIP_MAX_SIZE    (8 * MiB)
/* IOFPGA UARTs (PLAT_ARM_RUN_UART_BASE 0x1C090000; the second at
 * 0x1C0A0000 as on Arm's Versatile Express IOFPGA). */
#define N1SDP_IOFPGA_UART0    0x1C090000ULL
#define N1SDP_IOFPGA_UART1    0x1C0A0000ULL
/* AP UARTs (PLAT_ARM_BOOT_UART_BASE 0x2A400000, PLAT_ARM_SP_MIN_RUN_UART_BASE
 * 0x2A410000); UART0's interrupt SPI 63 (TF-A's fdts/n1sdp.dtsi). */
#define N1SDP_AP_UART0        0x2A400000ULL
#define N1SDP_AP_UART1        0x2A410000ULL
#define N1SDP_AP_UART0_SPI    63
/* System Security Control (css_def.h SSC_REG_BASE; SSC_VERSION at +0x40). */
#define N1SDP_SSC_BASE        0x2A420000ULL
#define N1SDP_SSC_VERSION     0x040
/* The system counter and the Generic Timer's memory-mapped frames
 * (css_def.h: ARM_SYS_CNTCTL_BASE 0x2a430000 = CNTControlBase,
 * ARM_SYS_TIMCTL_BASE 0x2a810000 = CNTCTLBase; frame 0 at 0x2a830000 is
 * the non-secure one, PLAT_ARM_NSTIMER_FRAME_ID 0; 0x2a820000, frame 1). */
#define N1SDP_CNTCONTROL_BASE 0x2A430000ULL
#define N1SDP_CNTCTL_BASE     0x2A810000ULL
#define N1SDP_CNT_FRAME0_BASE 0x2A830000ULL
#define N1SDP_CNT_FRAME1_BASE 0x2A820000ULL
#define N1SDP_CNT_FRAMES      2
/* The counter's frequency: the REFCLK, 100 MHz (SCP-firmware
 * product/n1sdp/include/n1sdp_system_clock.h CLOCK_RATE_REFCLK). */
#define N1SDP_CNT_HZ          100000000ULL
/* The trusted SBSA watchdog (SBSA_SECURE_WDOG_BASE 0x2A480000, its
 * refresh frame the next 64 KiB); its WS0 interrupt is INTID 86, the
 * trusted watchdog of TF-A's CSS_G1S_IRQ_PROPS (css_def.h). */
#define N1SDP_WDOG_CTRL       0x2A480000ULL
#define N1SDP_WDOG_REFRESH    0x2A490000ULL
#define N1SDP_WDOG_INTID      86
/* GIC-600 (PLAT_ARM_GICD_BASE 0x30000000, PLAT_ARM_GICR_BASE 0x300C0000;
 * fdts/n1sdp.dtsi: GICD 64 KiB, GICR 0x80000 = 4 x 128 KiB frames). */
#define N1SDP_GICD_BASE       0x30000000ULL
#define N1SDP_GICD_SIZE       (64 * KiB)
#define N1SDP_GICR_BASE       0x300C0000ULL
#define N1SDP_GICR_STRIDE     (128 * KiB)
/* SPIs 32..479: TF-A's n1sdp_bl31_setup.c n1sdp_multichip_data.spi_ids
 * for chip 0. */
#define N1SDP_GIC_NUM_IRQ     480
/* The SCP's MHU (PLAT_CSS_MHU_BASE 0x45000000) and the AP-SCP shared
 * memory holding the SCMI channel (N1SDP_SCMI_PAYLOAD_BASE 0x45400000). */
#define N1SDP_MHU_BASE        0x45000000ULL
#define N1SDP_MHU_SIZE        (4 * KiB)
#define N1SDP_SCMI_SHMEM      0x45400000ULL
#define N1SDP_SCMI_SHMEM_SIZE (4 * KiB)
/* The two DMC-620s (TF-A n1sdp_def.h: N1SDP_DMC0/1 at 0x4E000000/0x4E100000). */
#define N1SDP_DMC0_BASE       0x4E000000ULL
#define N1SDP_DMC1_BASE       0x4E100000ULL
#define N1SDP_DMC_SIZE        (64 * KiB)
/* DRAM: 2 GiB at 0x80000000 (ARM_DRAM1), the rest of the chip's DDR at
 * 0x80_8000_0000 (PLAT_ARM_DRAM2_BASE; 62 GiB at most, PLAT_ARM_DRAM2_SIZE). */
#define N1SDP_DRAM1_BASE      0x80000000ULL
#define N1SDP_DRAM1_SIZE      (2 * GiB)
#define N1SDP_DRAM2_BASE      0x8080000000ULL
#define N1SDP_DDR_MAX         (64 * GiB) /* N1SDP_MAX_DDR_CAPACITY_GB */

/*
 * Topology: one chip of two clusters of two Neoverse N1 cores (TF-A's
 * PLAT_ARM_CLUSTER_COUNT, N1SDP_MAX_CPUS_PER_CLUSTER). Their MPIDRs are
 * multithreading-style (TF-A's platform.mk: ARM_PLAT_MT := 1; its
 * n1sdp_helper.S plat_arm_calc_core_pos): MT (bit 24) set, Aff0 the
 * thread (0), Aff1 the core, Aff2 the cluster, Aff3 the chip (0);
 * fdts/n1sdp.dtsi's cpu reg values 0x0, 0x100, 0x10000, 0x10100.
 */
#define N1SDP_CLUSTERS        2
#define N1SDP_CORES           2
#define N1SDP_NUM_CPUS        (N1SDP_CLUSTERS * N1SDP_CORES)
#define N1SDP_MPIDR_MT        (1ULL << 24)

static uint64_t n1sdp_mpidr(int n)
{
    return N1SDP_MPIDR_MT | (uint64_t)(n / N1SDP_CORES) << 16 |
           (uint64_t)(n % N1SDP_CORES) << 8;
}

/* PPIs (fdts/n1sdp.dtsi timer node; the SBSA convention) as INTIDs. */
#define PPI_SEC_TIMER   29
#define PPI_NS_TIMER    30
#define PPI_VIRT_TIMER  27
#define PPI_HYP_TIMER   26
#define PPI_GIC_MAINT   25
#define PPI_PMU         23

/*
 * The power policy unit's view of a core (Arm's PPU architecture, as
 * SCP-firmware's ppu_v1 module drives it for each N1SDP core): a core is
 * powered down only once it is in WFI with a power-down pending. Pending
 * comes from the SCP (SCMI POWER_STATE_SET, TF-A's css_scp_off and
 * css_scp_suspend) or from the core itself (the Neoverse N1 TRM's
 * CPUPWRCTLR_EL1.CORE_PWRDN_EN set before its WFI: the P-channel
 * power-down request, which the PPU in dynamic mode honours). A core
 * powered down by a suspend wakes when its redistributor has an interrupt
 * for it (the GIC-600 TRM's wake_request to the power controller); one
 * powered off by an OFF request stays off until the SCP is asked to
 * power it on.
 */
enum core_state {
    CORE_OFF,          /* off; only SCMI ON powers it */
    CORE_ON,
    CORE_OFF_PENDING,  /* SCMI OFF asked; off at its WFI */
    CORE_SLEEP_PENDING,/* SCMI sleep asked; off at its WFI, wakes on an interrupt */
    CORE_SLEEP,        /* off, wakes on an interrupt */
};

/* The Neoverse N1 IMPLEMENTATION DEFINED registers the firmware writes
 * (Neoverse N1 TRM; TF-A's neoverse_n1.h; n1fw's include/lib/cpus/cpu_regs.h):
 * kept per core, reset to 0 (QEMU 7.2's neoverse-n1 has none of them); I/O
 * accesses to TCG, as CPUPWRCTLR_EL1 arms the PPU's timer (-icount). */
enum impdef_reg {
    IMPDEF_CPUACTLR, IMPDEF_CPUACTLR2, IMPDEF_CPUACTLR3, IMPDEF_CPUECTLR,
    IMPDEF_CPUPWRCTLR, IMPDEF_CPUPSELR, IMPDEF_CPUPCR, IMPDEF_CPUPOR,
    IMPDEF_CPUPMR,
    /* CLUSTERPWRDN_EL1 (S3_0_C15_C3_6, TF-A's arch.h): TF-A's CSS module
     * (css_pm.c css_power_down_common, HW_ASSISTED_COHERENCY=1 as N1SDP
     * builds) reads and writes it when a cluster goes down: its "cluster
     * power not required" hint is kept, not acted on. */
    IMPDEF_CLUSTERPWRDN,
    IMPDEF_COUNT
};
#define CPUPWRCTLR_CORE_PWRDN_EN 1ULL

#define TYPE_N1SDP_MACHINE MACHINE_TYPE_NAME("n1sdp")
OBJECT_DECLARE_SIMPLE_TYPE(N1SDPMachineState, N1SDP_MACHINE)

struct N1SDPMachineState {
    MachineState parent;
    char *fip;
    uint32_t scp_latency_ns;

    ARMCPU *cpu[N1SDP_NUM_CPUS];
    DeviceState *gic;
    MemoryRegion sram, ns_sram, qspi, dram1, dram2, shmem;
    MemoryRegion mhu, gicd, gicr, ssc, cntcontrol, cntctl, cntframe[N1SDP_CNT_FRAMES];
    MemoryRegion dmc[2];

    /* SCP */
    QEMUTimer *scp_timer;   /* the SCP answering a doorbell */
    QEMUTimer *ppu_timer;   /* the PPUs watching for WFI and wake-ups */
    uint32_t mhu_stat[3];   /* CPU_INTR_{L,H,S}_STAT: doorbells to the SCP */
    enum core_state core[N1SDP_NUM_CPUS];
    bool on_after_off[N1SDP_NUM_CPUS];
    bool cluster_on[N1SDP_CLUSTERS];
    bool shutting_down;
    uint64_t impdef[N1SDP_NUM_CPUS][IMPDEF_COUNT];

    /* GIC-600 redistributor power (GICR_PWRR.RDPD: 1 = powered down). */
    bool gicr_off[N1SDP_NUM_CPUS];
    unsigned int gicr_refused;

    /* System counter and timer frames */
    uint32_t cntcr, cntctl_cntfrq, cntnsar, cntacr[N1SDP_CNT_FRAMES];
    uint32_t frame_cntfrq[N1SDP_CNT_FRAMES], frame_el0acr[N1SDP_CNT_FRAMES];
    uint64_t frame_cval[N1SDP_CNT_FRAMES][2];
    uint32_t frame_ctl[N1SDP_CNT_FRAMES][2];

    /* DMC-620s: state (MEMC_STATUS 2:0) and ERR0CTLR0 */
    uint32_t dmc_state[2], dmc_err0ctlr0[2];
};

static N1SDPMachineState *n1sdp_of(void *opaque)
{
    return N1SDP_MACHINE(opaque);
}

static uint64_t counter_now(void)
{
    /* The count QEMU's CPUs read from CNTPCT_EL0 at this frequency
     * (target/arm: virtual clock ns / the period, here 10 ns). */
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) / (NANOSECONDS_PER_SECOND / N1SDP_CNT_HZ);
}

/*
 * ---------------------------------------------------------------------
 * SDS: what the SCP writes at the start of trusted SRAM before it
 * releases the primary core (SCP-firmware module/sds, the region and
 * structure headers TF-A's TFA_SRC/drivers/arm/css/sds/sds_private.h reads;
 * product/n1sdp/scp_ramfw/config_sds.c's structures, n1sdp_sds.h's ids).
 * ---------------------------------------------------------------------
 */
#define SDS_REGION_SIGNATURE 0xAA7A
#define SDS_SIZE             0xDC0 /* PLAT_ARM_SDS_MEM_SIZE_MAX */

static void sds_write(N1SDPMachineState *s)
{
    MachineState *ms = MACHINE(s);
    uint8_t region[SDS_SIZE];
    uint32_t off = 8, count = 0;
    uint32_t ddr_gb = ms->ram_size / GiB;
    struct { uint32_t id; uint32_t size; uint8_t data[8]; } st[] = {
        /* CPU info: the primary core's MPIDR-based id (N1SDP_SDS_CPU_INFO, 1) */
        { 1 | 1 << 24, 4, { 0 } },
        /* Firmware version (2): the model's, 0 */
        { 2 | 1 << 24, 4, { 0 } },
        /* Reset syndrome (4): a power-on reset, 0 */
        { 4 | 1 << 24, 4, { 0 } },
        /* Feature availability (5): firmware, DMC and messaging ready
         * (N1SDP_SDS_FEATURE_FIRMWARE/DMC/MESSAGING_MASK) */
        { 5 | 1 << 24, 4, { 0x7 } },
        /* Platform info (8; TF-A's struct n1sdp_plat_info): single chip,
         * no other chips, this chip's DDR in GiB, no remote DDR */
        { 8 | 1 << 24, 4, { 0, 0, (uint8_t)ddr_gb, 0 } },
    };

    memset(region, 0, sizeof(region));
    for (size_t i = 0; i < ARRAY_SIZE(st); i++) {
        /* Header: id; valid (bit 32) and size (bits 55:33) padded to 8
         * bytes, as SCP-firmware's sds module lays structures out. */
        uint32_t padded = ROUND_UP(st[i].size, 8);
        stl_le_p(region + off, st[i].id);
        stl_le_p(region + off + 4, 1 | padded << 1);
        memcpy(region + off + 8, st[i].data, st[i].size);
        off += 8 + padded;
        count++;
    }
    /* Region descriptor: signature, structure count, schema 1.0; size. */
    stl_le_p(region, SDS_REGION_SIGNATURE | count << 16 | 1u << 28);
    stl_le_p(region + 4, SDS_SIZE);
    address_space_write(&address_space_memory, N1SDP_SRAM_BASE, MEMTXATTRS_UNSPECIFIED,
                        region, sizeof(region));
}

/*
 * ---------------------------------------------------------------------
 * The SCP: MHU doorbells and SCMI over shared memory (Arm DEN0056; the
 * shared-memory layout of TF-A's TFA_SRC/drivers/arm/css/scmi/scmi_private.h
 * mailbox_mem_t; the MHU's secure doorbell at CPU_INTR_S_SET 0x308, TF-A's
 * css_def.h MHU_CPU_INTR_S_SET_OFFSET). The SCP answers asynchronously:
 * a doorbell starts a timer (scp-latency-ns of virtual time); only then
 * is the message read, acted on, answered and the channel marked free.
 * TF-A's scmi_send_sync_command spins on the channel's free bit meanwhile.
 * ---------------------------------------------------------------------
 */
#define MHU_CPU_INTR_L_STAT 0x100
#define MHU_CPU_INTR_H_STAT 0x120
#define MHU_CPU_INTR_S_STAT 0x300
#define MHU_STAT_OFF 0x0
#define MHU_SET_OFF  0x8
#define MHU_CLR_OFF  0x10

#define SHM_STATUS  0x04
#define SHM_FLAGS   0x10
#define SHM_LENGTH  0x14
#define SHM_HEADER  0x18
#define SHM_PAYLOAD 0x1c
#define SHM_STATUS_FREE 1u

#define SCMI_PROTO_BASE     0x10
#define SCMI_PROTO_PWR      0x11
#define SCMI_PROTO_SYS      0x12
#define SCMI_SUCCESS        0
#define SCMI_NOT_SUPPORTED  (-1)
#define SCMI_INVALID_PARAMS (-2)
#define SCMI_DENIED         (-3)
#define SCMI_NOT_FOUND      (-4)
#define SCMI_PROTOCOL_ERROR (-10)

/* Power domains: one per core (TF-A's plat_css_core_pos_to_scmi_dmn_id_map:
 * core position n is domain n), then the clusters and the system top. */
#define PD_CORES    N1SDP_NUM_CPUS
#define PD_COUNT    (N1SDP_NUM_CPUS + N1SDP_CLUSTERS + 1)
/* TF-A's css_pm_scmi.c composite power state: 4 bits a level, the
 * deepest level in 19:16; scmi_power_state_off/on/sleep = 0/1/2. */
#define PS_OFF   0
#define PS_ON    1
#define PS_SLEEP 2

static uint32_t shm_read(hwaddr off)
{
    return address_space_ldl_le(&address_space_memory, N1SDP_SCMI_SHMEM + off,
                                MEMTXATTRS_UNSPECIFIED, NULL);
}

static void shm_write(hwaddr off, uint32_t v)
{
    address_space_stl_le(&address_space_memory, N1SDP_SCMI_SHMEM + off, v,
                         MEMTXATTRS_UNSPECIFIED, NULL);
}

static void ppu_arm(N1SDPMachineState *s);

static int core_power_on(N1SDPMachineState *s, int n)
{
    switch (s->core[n]) {
    case CORE_OFF:
    case CORE_SLEEP:
        if (s->cpu[n]->power_state != PSCI_OFF) {
            /* QEMU has not yet taken the core down (arm_set_cpu_off runs
             * on the core's own thread): on once it has. */
            s->on_after_off[n] = true;
            ppu_arm(s);
            return SCMI_SUCCESS;
        }
        s->on_after_off[n] = false;
        s->core[n] = CORE_ON;
        s->cluster_on[n / N1SDP_CORES] = true;
        /* The core starts at its reset address: RVBAR, BL1 (TF-A 2.8 on
         * N1SDP has PROGRAMMABLE_RESET_ADDRESS = 0). */
        arm_set_cpu_on_and_reset(n1sdp_mpidr(n));
        return SCMI_SUCCESS;
    case CORE_OFF_PENDING:
    case CORE_SLEEP_PENDING:
        /* Asked on before it reached its WFI: off there, then on again. */
        s->on_after_off[n] = true;
        return SCMI_SUCCESS;
    case CORE_ON:
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: SCP: core %d is already on\n", n);
        return SCMI_DENIED;
    }
}

static int scmi_pwr_state_set(N1SDPMachineState *s, uint32_t domain, uint32_t state)
{
    unsigned int core_state = state & 0xf;
    unsigned int cluster_state = (state >> 4) & 0xf;
    unsigned int max_lvl = (state >> 16) & 0xf;

    if (domain >= PD_CORES) {
        /* Clusters and the system are powered through their cores'
         * composite states (TF-A never addresses them directly). */
        return domain < PD_COUNT ? SCMI_DENIED : SCMI_NOT_FOUND;
    }
    /* Levels 0 (core), 1 (cluster) and 2 (the chip: TF-A's N1SDP
     * PLAT_MAX_PWR_LVL, which css_scp_on names as the deepest level). */
    if (max_lvl > 2) {
        return SCMI_INVALID_PARAMS;
    }
    switch (core_state) {
    case PS_ON:
        return core_power_on(s, domain);
    case PS_OFF:
    case PS_SLEEP:
        if (s->core[domain] != CORE_ON) {
            qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: SCP: power-down of core %u, which is not on\n",
                          domain);
            return SCMI_DENIED;
        }
        s->core[domain] = core_state == PS_OFF ? CORE_OFF_PENDING : CORE_SLEEP_PENDING;
        /* A cluster asked off (cluster_state) goes down with its last
         * core: cluster_update() after each power-down. */
        (void)cluster_state;
        ppu_arm(s);
        return SCMI_SUCCESS;
    default:
        return SCMI_INVALID_PARAMS;
    }
}

static uint32_t scmi_pwr_state_get(N1SDPMachineState *s, uint32_t domain)
{
    int c = domain / N1SDP_CORES;
    uint32_t core = s->core[domain] == CORE_OFF || s->core[domain] == CORE_SLEEP ? PS_OFF : PS_ON;

    return core | (s->cluster_on[c] ? PS_ON : PS_OFF) << 4 | 1u << 16;
}

/* Returns the number of 32-bit return values written after the status, or
 * -1 when the SCP does not answer (the system is going down). */
static int scmi_dispatch(N1SDPMachineState *s, unsigned int proto, unsigned int msg,
                         const uint32_t *arg, unsigned int nargs, uint32_t *ret, int32_t *status)
{
    *status = SCMI_SUCCESS;
    if (msg == 0) { /* PROTOCOL_VERSION (DEN0056 4.1.2 and each protocol's) */
        switch (proto) {
        case SCMI_PROTO_BASE: ret[0] = 0x20000; return 1;
        case SCMI_PROTO_PWR:  ret[0] = 0x20000; return 1; /* TF-A needs 2.x */
        case SCMI_PROTO_SYS:  ret[0] = 0x10000; return 1; /* TF-A needs 1.x */
        }
        *status = SCMI_NOT_SUPPORTED;
        return 0;
    }
    switch (proto) {
    case SCMI_PROTO_BASE:
        switch (msg) {
        case 1: /* PROTOCOL_ATTRIBUTES: one agent (the AP's secure world), two protocols */
            ret[0] = 1 << 8 | 2;
            return 1;
        case 2: /* PROTOCOL_MESSAGE_ATTRIBUTES */
            if (nargs < 1) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            ret[0] = 0;
            *status = arg[0] <= 6 && arg[0] != 4 ? SCMI_SUCCESS : SCMI_NOT_FOUND;
            return *status ? 0 : 1;
        case 3: /* DISCOVER_VENDOR */
            memset(ret, 0, 16);
            memcpy(ret, "arm", 3);
            return 4;
        case 5: /* DISCOVER_IMPLEMENTATION_VERSION */
            ret[0] = 0;
            return 1;
        case 6: /* DISCOVER_LIST_PROTOCOLS */
            if (nargs < 1) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            ret[0] = arg[0] == 0 ? 2 : 0;
            ret[1] = arg[0] == 0 ? SCMI_PROTO_PWR | SCMI_PROTO_SYS << 8 : 0;
            return arg[0] == 0 ? 2 : 1;
        }
        break;
    case SCMI_PROTO_PWR:
        switch (msg) {
        case 1: /* PROTOCOL_ATTRIBUTES: number of power domains */
            ret[0] = PD_COUNT;
            ret[1] = 0;
            ret[2] = 0;
            ret[3] = 0;
            return 4;
        case 2: /* PROTOCOL_MESSAGE_ATTRIBUTES: 3 (attributes), 4 (set), 5 (get) */
            if (nargs < 1) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            ret[0] = 0;
            *status = arg[0] >= 3 && arg[0] <= 5 ? SCMI_SUCCESS : SCMI_NOT_FOUND;
            return *status ? 0 : 1;
        case 3: /* POWER_DOMAIN_ATTRIBUTES: async supported, a name */
            if (nargs < 1 || arg[0] >= PD_COUNT) {
                *status = SCMI_NOT_FOUND;
                return 0;
            }
            ret[0] = 1u << 30;
            memset(&ret[1], 0, 16);
            snprintf((char *)&ret[1], 16, arg[0] < PD_CORES ? "CPU%u" :
                     arg[0] < PD_COUNT - 1 ? "CLUS%u" : "SYSTOP", arg[0] < PD_CORES ?
                     arg[0] : arg[0] - PD_CORES);
            return 5;
        case 4: /* POWER_STATE_SET: flags, domain, state */
            if (nargs < 3) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            *status = scmi_pwr_state_set(s, arg[1], arg[2]);
            return 0;
        case 5: /* POWER_STATE_GET: domain */
            if (nargs < 1 || arg[0] >= PD_CORES) {
                *status = SCMI_NOT_FOUND;
                return 0;
            }
            ret[0] = scmi_pwr_state_get(s, arg[0]);
            return 1;
        }
        break;
    case SCMI_PROTO_SYS:
        switch (msg) {
        case 1: /* PROTOCOL_ATTRIBUTES */
            ret[0] = 0;
            return 1;
        case 2: /* PROTOCOL_MESSAGE_ATTRIBUTES: SYSTEM_POWER_STATE_SET (3)
                 * with warm reset (bit 31), no system suspend (bit 30):
                 * SCP-firmware's N1SDP does not suspend the system */
            if (nargs < 1) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            if (arg[0] == 3) {
                ret[0] = 1u << 31;
                return 1;
            }
            *status = arg[0] <= 2 ? SCMI_SUCCESS : SCMI_NOT_FOUND;
            ret[0] = 0;
            return *status ? 0 : 1;
        case 3: /* SYSTEM_POWER_STATE_SET: flags, state */
            if (nargs < 2) {
                *status = SCMI_PROTOCOL_ERROR;
                return 0;
            }
            switch (arg[1]) {
            case 0: /* shutdown */
                /* SCP-firmware's scmi_system_power carries a shutdown or
                 * a reset out without answering. */
                s->shutting_down = true;
                qemu_system_shutdown_request(SHUTDOWN_CAUSE_GUEST_SHUTDOWN);
                return -1;
            case 1: /* cold reset */
            case 2: /* warm reset */
                s->shutting_down = true;
                qemu_system_reset_request(SHUTDOWN_CAUSE_GUEST_RESET);
                return -1;
            }
            *status = SCMI_INVALID_PARAMS;
            return 0;
        }
        break;
    }
    *status = SCMI_NOT_SUPPORTED;
    return 0;
}

static void scp_run(void *opaque)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    uint32_t status = shm_read(SHM_STATUS);
    uint32_t len = shm_read(SHM_LENGTH);
    uint32_t header = shm_read(SHM_HEADER);
    uint32_t arg[8], ret[8];
    unsigned int nargs, i;
    int32_t rc;
    int nret;

    if (!(s->mhu_stat[2] & 1)) {
        return;
    }
    if (status & SHM_STATUS_FREE) {
        /* A doorbell with no message: the SCP has nothing to answer. */
        qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: SCP: doorbell on a free channel\n");
        s->mhu_stat[2] &= ~1u;
        return;
    }
    nargs = len >= 4 ? MIN((len - 4) / 4, ARRAY_SIZE(arg)) : 0;
    for (i = 0; i < nargs; i++) {
        arg[i] = shm_read(SHM_PAYLOAD + 4 * i);
    }
    if (len < 4 || ((header >> 8) & 3) != 0) {
        nret = 0;
        rc = SCMI_PROTOCOL_ERROR;
    } else {
        nret = scmi_dispatch(s, (header >> 10) & 0xff, header & 0xff, arg, nargs, ret, &rc);
    }
    /* The doorbell is taken: the SCP clears it (its MHU driver). */
    s->mhu_stat[2] &= ~1u;
    if (nret < 0) {
        return;
    }
    shm_write(SHM_HEADER, header);
    shm_write(SHM_PAYLOAD, (uint32_t)rc);
    for (i = 0; i < (unsigned int)nret; i++) {
        shm_write(SHM_PAYLOAD + 4 + 4 * i, ret[i]);
    }
    shm_write(SHM_LENGTH, 8 + 4 * nret);
    shm_write(SHM_STATUS, SHM_STATUS_FREE);
}

static uint64_t mhu_read(void *opaque, hwaddr addr, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);

    switch (addr) {
    case MHU_CPU_INTR_L_STAT: return s->mhu_stat[0];
    case MHU_CPU_INTR_H_STAT: return s->mhu_stat[1];
    case MHU_CPU_INTR_S_STAT: return s->mhu_stat[2];
    case MHU_CPU_INTR_L_STAT + MHU_SET_OFF:
    case MHU_CPU_INTR_H_STAT + MHU_SET_OFF:
    case MHU_CPU_INTR_S_STAT + MHU_SET_OFF:
        return 0; /* write-only; TF-A's MHU_RING_DOORBELL reads it back */
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: MHU read at 0x%" HWADDR_PRIx " not modelled\n", addr);
    return 0;
}

static void mhu_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    int i;

    for (i = 0; i < 3; i++) {
        hwaddr base = i == 0 ? MHU_CPU_INTR_L_STAT : i == 1 ? MHU_CPU_INTR_H_STAT
                                                           : MHU_CPU_INTR_S_STAT;
        if (addr == base + MHU_SET_OFF) {
            s->mhu_stat[i] |= val;
            if (i == 2 && (val & 1)) {
                timer_mod(s->scp_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                          s->scp_latency_ns);
            } else if (val) {
                /* The non-secure and high-priority slots carry nothing
                 * the AP's firmware sends (TF-A uses the secure one). */
                qemu_log_mask(LOG_UNIMP, "n1sdp: MHU doorbell 0x%" PRIx64 " on slot %d not answered\n",
                              val, i);
            }
            return;
        }
        if (addr == base + MHU_CLR_OFF) {
            s->mhu_stat[i] &= ~val;
            return;
        }
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: MHU write at 0x%" HWADDR_PRIx " not modelled\n", addr);
}

static const MemoryRegionOps mhu_ops = {
    .read = mhu_read,
    .write = mhu_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
};

/*
 * ---------------------------------------------------------------------
 * The PPUs (see enum core_state): a timer every microsecond of virtual
 * time while any core has a power-down pending or sleeps.
 * ---------------------------------------------------------------------
 */
#define PPU_POLL_NS 1000

static bool gic_wake_pending(N1SDPMachineState *s, int n)
{
    /* The redistributor's best pending interrupt for the core (priority
     * 0xff: none), what the GIC-600 signals as wake_request. */
    GICv3State *gs = ARM_GICV3_COMMON(s->gic);

    return gs->cpu[n].hppi.prio != 0xff;
}

static void ppu_arm(N1SDPMachineState *s)
{
    if (!timer_pending(s->ppu_timer)) {
        timer_mod(s->ppu_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + PPU_POLL_NS);
    }
}

static void cluster_update(N1SDPMachineState *s, int c)
{
    bool on = false;

    for (int k = 0; k < N1SDP_CORES; k++) {
        enum core_state st = s->core[c * N1SDP_CORES + k];
        on |= st != CORE_OFF && st != CORE_SLEEP;
    }
    s->cluster_on[c] = on;
}

static void ppu_run(void *opaque)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    bool again = false;

    for (int n = 0; n < N1SDP_NUM_CPUS; n++) {
        CPUState *cs = CPU(s->cpu[n]);
        bool pwrdn_en = s->impdef[n][IMPDEF_CPUPWRCTLR] & CPUPWRCTLR_CORE_PWRDN_EN;

        switch (s->core[n]) {
        case CORE_ON:
            /* The core's own power-down request on WFI (dynamic mode). */
            if (pwrdn_en && cs->halted && s->cpu[n]->power_state == PSCI_ON) {
                s->core[n] = CORE_SLEEP;
                arm_set_cpu_off(n1sdp_mpidr(n));
                cluster_update(s, n / N1SDP_CORES);
            }
            again |= pwrdn_en;
            break;
        case CORE_OFF_PENDING:
        case CORE_SLEEP_PENDING:
            if (cs->halted) {
                s->core[n] = s->core[n] == CORE_OFF_PENDING ? CORE_OFF : CORE_SLEEP;
                arm_set_cpu_off(n1sdp_mpidr(n));
                cluster_update(s, n / N1SDP_CORES);
            }
            again = true;
            break;
        case CORE_SLEEP:
        case CORE_OFF:
            if (s->cpu[n]->power_state != PSCI_OFF) {
                again = true; /* not down yet */
            } else if (s->on_after_off[n] || (s->core[n] == CORE_SLEEP && gic_wake_pending(s, n))) {
                core_power_on(s, n);
            } else {
                again |= s->core[n] == CORE_SLEEP;
            }
            break;
        }
    }
    if (again) {
        ppu_arm(s);
    }
}

/*
 * ---------------------------------------------------------------------
 * Neoverse N1 IMPLEMENTATION DEFINED system registers (see enum impdef_reg).
 * ---------------------------------------------------------------------
 */
static int impdef_slot(const ARMCPRegInfo *ri)
{
    if (ri->opc1 == 6) {
        return IMPDEF_CPUPSELR + ri->opc2; /* S3_6_C15_C8_{0..3} */
    }
    if (ri->crm == 2) {
        return IMPDEF_CPUPWRCTLR; /* S3_0_C15_C2_7 */
    }
    if (ri->crm == 3) {
        return IMPDEF_CLUSTERPWRDN; /* S3_0_C15_C3_6 */
    }
    return ri->opc2 == 4 ? IMPDEF_CPUECTLR : IMPDEF_CPUACTLR + ri->opc2; /* S3_0_C15_C1_x */
}

static uint64_t impdef_read(CPUARMState *env, const ARMCPRegInfo *ri)
{
    N1SDPMachineState *s = ri->opaque;

    return s->impdef[env_cpu(env)->cpu_index][impdef_slot(ri)];
}

static void impdef_write(CPUARMState *env, const ARMCPRegInfo *ri, uint64_t v)
{
    N1SDPMachineState *s = ri->opaque;
    int n = env_cpu(env)->cpu_index;

    s->impdef[n][impdef_slot(ri)] = v;
    if (impdef_slot(ri) == IMPDEF_CPUPWRCTLR && (v & CPUPWRCTLR_CORE_PWRDN_EN)) {
        ppu_arm(s);
    }
}

static void impdef_reset(CPUARMState *env, const ARMCPRegInfo *ri)
{
    N1SDPMachineState *s = ri->opaque;

    s->impdef[env_cpu(env)->cpu_index][impdef_slot(ri)] = 0;
}

#define IMPDEF_REG(nm, o1, m, o2, acc)                                                     \
    { .name = nm, .state = ARM_CP_STATE_AA64, .opc0 = 3, .opc1 = o1, .crn = 15, .crm = m,  \
      .opc2 = o2, .access = acc, .type = ARM_CP_NO_RAW | ARM_CP_IO, .readfn = impdef_read, \
      .writefn = impdef_write, .resetfn = impdef_reset }

static const ARMCPRegInfo n1_impdef_regs[] = {
    IMPDEF_REG("CPUACTLR_EL1", 0, 1, 0, PL1_RW),
    IMPDEF_REG("CPUACTLR2_EL1", 0, 1, 1, PL1_RW),
    IMPDEF_REG("CPUACTLR3_EL1", 0, 1, 2, PL1_RW),
    IMPDEF_REG("CPUECTLR_EL1", 0, 1, 4, PL1_RW),
    IMPDEF_REG("CPUPWRCTLR_EL1", 0, 2, 7, PL1_RW),
    IMPDEF_REG("CLUSTERPWRDN_EL1", 0, 3, 6, PL1_RW),
    IMPDEF_REG("CPUPSELR_EL3", 6, 8, 0, PL3_RW),
    IMPDEF_REG("CPUPCR_EL3", 6, 8, 1, PL3_RW),
    IMPDEF_REG("CPUPOR_EL3", 6, 8, 2, PL3_RW),
    IMPDEF_REG("CPUPMR_EL3", 6, 8, 3, PL3_RW),
};

/*
 * ---------------------------------------------------------------------
 * GIC-600: QEMU's GICv3 behind two windows of the model's. The
 * distributor's and redistributors' GICD/GICR_IIDR say GIC-600 (product
 * 0x02, implementer Arm 0x43B: TF-A's gicv3.h IIDR_MODEL_ARM_GIC_600,
 * which its gic-x00.c gicv3_redists_need_power_mgmt tests), r1p6.
 * GICR_PWRR (+0x24; the GIC-600 TRM, TF-A's gic-x00.c): each
 * redistributor is powered down at reset (RDPD = 1); writing RDPD = 0
 * powers it up, RDGPD/RDGPO (the group's state) follow at once. While it
 * is powered down it answers only its ID registers (GICR_IIDR, GICR_TYPER,
 * which TF-A's probe reads before power-up, and PIDR/CIDR) and GICR_PWRR:
 * any other access reads as zero and writes are ignored, each one logged
 * (-d guest_errors) and counted.
 * ---------------------------------------------------------------------
 */
#define GIC600_IIDR   0x0201643BU
#define GICD_IIDR     0x0008
#define GICR_IIDR     0x0004
#define GICR_TYPER    0x0008
#define GICR_PWRR     0x0024
#define PWRR_RDPD     (1u << 0)
#define PWRR_RDGPD    (1u << 2)
#define PWRR_RDGPO    (1u << 3)

static MemTxResult gicd_read(void *opaque, hwaddr addr, uint64_t *data, unsigned size,
                             MemTxAttrs attrs)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    MemoryRegion *mr = sysbus_mmio_get_region(SYS_BUS_DEVICE(s->gic), 0);

    if (addr == GICD_IIDR && size == 4) {
        *data = GIC600_IIDR;
        return MEMTX_OK;
    }
    return memory_region_dispatch_read(mr, addr, data, size_memop(size) | MO_LE, attrs);
}

static MemTxResult gicd_write(void *opaque, hwaddr addr, uint64_t data, unsigned size,
                              MemTxAttrs attrs)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    MemoryRegion *mr = sysbus_mmio_get_region(SYS_BUS_DEVICE(s->gic), 0);

    return memory_region_dispatch_write(mr, addr, data, size_memop(size) | MO_LE, attrs);
}

static bool gicr_answers_off(hwaddr off)
{
    return off == GICR_IIDR || off == GICR_TYPER || off == GICR_TYPER + 4 ||
           off == GICR_PWRR || (off >= 0xFFD0 && off < 0x10000);
}

static MemTxResult gicr_read(void *opaque, hwaddr addr, uint64_t *data, unsigned size,
                             MemTxAttrs attrs)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    MemoryRegion *mr = sysbus_mmio_get_region(SYS_BUS_DEVICE(s->gic), 1);
    int n = addr / N1SDP_GICR_STRIDE;
    hwaddr off = addr % N1SDP_GICR_STRIDE;

    if (n < N1SDP_NUM_CPUS && off == GICR_PWRR) {
        *data = s->gicr_off[n] ? PWRR_RDPD | PWRR_RDGPD | PWRR_RDGPO : 0;
        return MEMTX_OK;
    }
    if (n < N1SDP_NUM_CPUS && off == GICR_IIDR && size == 4) {
        *data = GIC600_IIDR;
        return MEMTX_OK;
    }
    if (n < N1SDP_NUM_CPUS && s->gicr_off[n] && !gicr_answers_off(off)) {
        s->gicr_refused++;
        qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: GIC-600: read of GICR+0x%" HWADDR_PRIx
                      " of core %d's redistributor, powered down (GICR_PWRR.RDPD): RAZ\n",
                      off, n);
        *data = 0;
        return MEMTX_OK;
    }
    return memory_region_dispatch_read(mr, addr, data, size_memop(size) | MO_LE, attrs);
}

static MemTxResult gicr_write(void *opaque, hwaddr addr, uint64_t data, unsigned size,
                              MemTxAttrs attrs)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    MemoryRegion *mr = sysbus_mmio_get_region(SYS_BUS_DEVICE(s->gic), 1);
    int n = addr / N1SDP_GICR_STRIDE;
    hwaddr off = addr % N1SDP_GICR_STRIDE;

    if (n < N1SDP_NUM_CPUS && off == GICR_PWRR) {
        /* RDAG (bit 1) asks for the whole group; each redistributor is
         * its own group here, so it changes nothing. */
        s->gicr_off[n] = data & PWRR_RDPD;
        return MEMTX_OK;
    }
    if (n < N1SDP_NUM_CPUS && s->gicr_off[n] && !gicr_answers_off(off)) {
        s->gicr_refused++;
        qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: GIC-600: write 0x%" PRIx64 " to GICR+0x%"
                      HWADDR_PRIx " of core %d's redistributor, powered down "
                      "(GICR_PWRR.RDPD): ignored\n", data, off, n);
        return MEMTX_OK;
    }
    return memory_region_dispatch_write(mr, addr, data, size_memop(size) | MO_LE, attrs);
}

static const MemoryRegionOps gicd_ops = {
    .read_with_attrs = gicd_read,
    .write_with_attrs = gicd_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

static const MemoryRegionOps gicr_ops = {
    .read_with_attrs = gicr_read,
    .write_with_attrs = gicr_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

/*
 * ---------------------------------------------------------------------
 * The system counter (CNTControlBase) and the memory-mapped timer frames
 * (CNTCTLBase, CNTBaseN): Arm DDI 0487 chapter I2, at the offsets TF-A's
 * arch.h names (CNTCR_OFF, CNTFID_OFF, CNTCTLBASE_CNTFRQ, CNTNSAR,
 * CNTACR_BASE(n), CNTBASEN_CNTFRQ) and n1fw's sys_counter.h. The count
 * is QEMU's, the one the cores' CNTPCT_EL0 reads; CNTCR.EN is kept but the
 * count never stops. The frames' timers keep their registers and raise no
 * interrupt.
 * ---------------------------------------------------------------------
 */
static uint64_t cntcontrol_read(void *opaque, hwaddr addr, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);

    switch (addr) {
    case 0x00: return s->cntcr;                       /* CNTCR */
    case 0x04: return 0;                              /* CNTSR */
    case 0x08: return (uint32_t)counter_now();        /* CNTCV */
    case 0x0C: return counter_now() >> 32;
    case 0x20: return N1SDP_CNT_HZ;                   /* CNTFID0 */
    case 0x24: return 0;                              /* end of the table */
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: CNTControlBase read at 0x%" HWADDR_PRIx "\n", addr);
    return 0;
}

static void cntcontrol_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);

    if (addr == 0x00) {
        s->cntcr = val & 0x303; /* EN, HDBG, FCREQ */
        return;
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: CNTControlBase write at 0x%" HWADDR_PRIx "\n", addr);
}

static uint64_t cntctl_read(void *opaque, hwaddr addr, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);

    switch (addr) {
    case 0x00: return s->cntctl_cntfrq;               /* CNTFRQ */
    case 0x04: return s->cntnsar;                     /* CNTNSAR */
    case 0x08: return 0x11;                           /* CNTTIDR: frames 0, 1, physical */
    }
    if (addr >= 0x40 && addr < 0x40 + 4 * N1SDP_CNT_FRAMES) {
        return s->cntacr[(addr - 0x40) / 4];           /* CNTACR<n> */
    }
    if (addr >= 0xFD0) {
        return 0;
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: CNTCTLBase read at 0x%" HWADDR_PRIx "\n", addr);
    return 0;
}

static void cntctl_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    N1SDPMachineState *s = n1sdp_of(opaque);

    if (addr == 0x00) {
        s->cntctl_cntfrq = val;
    } else if (addr == 0x04) {
        s->cntnsar = val & ((1u << N1SDP_CNT_FRAMES) - 1);
    } else if (addr >= 0x40 && addr < 0x40 + 4 * N1SDP_CNT_FRAMES) {
        s->cntacr[(addr - 0x40) / 4] = val & 0x3f;
    } else {
        qemu_log_mask(LOG_UNIMP, "n1sdp: CNTCTLBase write at 0x%" HWADDR_PRIx "\n", addr);
    }
}

static uint64_t cntframe_rw(N1SDPMachineState *s, int f, hwaddr addr, uint64_t *wval)
{
    uint64_t now = counter_now();
    int t = addr >= 0x30;       /* 0: physical timer, 1: virtual */

    switch (addr) {
    case 0x00: case 0x08: return (uint32_t)now;       /* CNTPCT, CNTVCT */
    case 0x04: case 0x0C: return now >> 32;
    case 0x10:                                         /* CNTFRQ */
        if (wval) {
            s->frame_cntfrq[f] = *wval;
        }
        return s->frame_cntfrq[f];
    case 0x14:                                         /* CNTEL0ACR */
        if (wval) {
            s->frame_el0acr[f] = *wval & 0x303;
        }
        return s->frame_el0acr[f];
    case 0x18: case 0x1C: return 0;                   /* CNTVOFF */
    case 0x20: case 0x30:                              /* CNTx_CVAL */
        if (wval) {
            s->frame_cval[f][t] = deposit64(s->frame_cval[f][t], 0, 32, *wval);
        }
        return (uint32_t)s->frame_cval[f][t];
    case 0x24: case 0x34:
        if (wval) {
            s->frame_cval[f][t] = deposit64(s->frame_cval[f][t], 32, 32, *wval);
        }
        return s->frame_cval[f][t] >> 32;
    case 0x28: case 0x38:                              /* CNTx_TVAL */
        if (wval) {
            s->frame_cval[f][t] = now + (int32_t)*wval;
        }
        return (uint32_t)(s->frame_cval[f][t] - now);
    case 0x2C: case 0x3C:                              /* CNTx_CTL: ISTATUS computed */
        if (wval) {
            s->frame_ctl[f][t] = *wval & 3;
        }
        return s->frame_ctl[f][t] | ((s->frame_ctl[f][t] & 1) && now >= s->frame_cval[f][t] ? 4 : 0);
    }
    if (addr >= 0xFD0) {
        return 0;
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: timer frame %d access at 0x%" HWADDR_PRIx "\n", f, addr);
    return 0;
}

static uint64_t cntframe0_read(void *opaque, hwaddr addr, unsigned size)
{
    return cntframe_rw(n1sdp_of(opaque), 0, addr, NULL);
}

static void cntframe0_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    cntframe_rw(n1sdp_of(opaque), 0, addr, &val);
}

static uint64_t cntframe1_read(void *opaque, hwaddr addr, unsigned size)
{
    return cntframe_rw(n1sdp_of(opaque), 1, addr, NULL);
}

static void cntframe1_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    cntframe_rw(n1sdp_of(opaque), 1, addr, &val);
}

#define REG32_OPS(r, w)                                                                    \
    { .read = r, .write = w, .endianness = DEVICE_LITTLE_ENDIAN,                           \
      .valid = { .min_access_size = 4, .max_access_size = 4 } }

static const MemoryRegionOps cntcontrol_ops = REG32_OPS(cntcontrol_read, cntcontrol_write);
static const MemoryRegionOps cntctl_ops = REG32_OPS(cntctl_read, cntctl_write);
static const MemoryRegionOps cntframe_ops[N1SDP_CNT_FRAMES] = {
    REG32_OPS(cntframe0_read, cntframe0_write),
    REG32_OPS(cntframe1_read, cntframe1_write),
};

/*
 * ---------------------------------------------------------------------
 * DMC-620 (n1fw's include/drivers/dmc620.h; TF-A's n1sdp_def.h): MEMC_STATUS
 * (+0x000) bits 2:0 the state, MEMC_CMD (+0x008) the state to go to,
 * taken at once: CONFIG (0), LOW_POWER (1), PAUSED (2), READY (3);
 * ERR0CTLR0 (+0x708) written only in CONFIG (a write in another state is
 * ignored and logged). The SCP leaves both READY (SCP-firmware's
 * n1sdp_dmc620 module). Memory is served whatever the state.
 * ---------------------------------------------------------------------
 */
static uint64_t dmc_rw(N1SDPMachineState *s, int d, hwaddr addr, uint64_t *wval)
{
    switch (addr) {
    case 0x000:
        return s->dmc_state[d];
    case 0x008:
        if (wval) {
            if ((*wval & 7) <= 3) {
                s->dmc_state[d] = *wval & 7;
            } else {
                qemu_log_mask(LOG_UNIMP, "n1sdp: DMC-620 %d: command %" PRIu64 " not modelled\n",
                              d, *wval & 7);
            }
        }
        return 0;
    case 0x708:
        if (wval) {
            if (s->dmc_state[d] == 0) {
                s->dmc_err0ctlr0[d] = *wval;
            } else {
                qemu_log_mask(LOG_GUEST_ERROR, "n1sdp: DMC-620 %d: ERR0CTLR0 written outside "
                              "CONFIG: ignored\n", d);
            }
        }
        return s->dmc_err0ctlr0[d];
    }
    qemu_log_mask(LOG_UNIMP, "n1sdp: DMC-620 %d access at 0x%" HWADDR_PRIx " not modelled\n", d,
                  addr);
    return 0;
}

static uint64_t dmc0_read(void *o, hwaddr a, unsigned sz) { return dmc_rw(n1sdp_of(o), 0, a, NULL); }
static void dmc0_write(void *o, hwaddr a, uint64_t v, unsigned sz) { dmc_rw(n1sdp_of(o), 0, a, &v); }
static uint64_t dmc1_read(void *o, hwaddr a, unsigned sz) { return dmc_rw(n1sdp_of(o), 1, a, NULL); }
static void dmc1_write(void *o, hwaddr a, uint64_t v, unsigned sz) { dmc_rw(n1sdp_of(o), 1, a, &v); }

static const MemoryRegionOps dmc_ops[2] = {
    REG32_OPS(dmc0_read, dmc0_write),
    REG32_OPS(dmc1_read, dmc1_write),
};

/* System Security Control: SSC_VERSION. The N1SDP's value is in no public
 * source read here: 0 (part 0, r0p0), which the fidelity table says. */
static uint64_t ssc_read(void *opaque, hwaddr addr, unsigned size)
{
    if (addr != N1SDP_SSC_VERSION && addr < 0xFD0) {
        qemu_log_mask(LOG_UNIMP, "n1sdp: SSC read at 0x%" HWADDR_PRIx " not modelled\n", addr);
    }
    return 0;
}

static void ssc_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    qemu_log_mask(LOG_UNIMP, "n1sdp: SSC write at 0x%" HWADDR_PRIx " not modelled\n", addr);
}

static const MemoryRegionOps ssc_ops = REG32_OPS(ssc_read, ssc_write);

/*
 * ---------------------------------------------------------------------
 * Reset: what the SCP does at every power-on before it releases the
 * primary core (SCP-firmware product/n1sdp: the DDR brought up and the
 * DMC-620s READY, SDS written, BL1 copied to trusted SRAM, core 0 powered
 * on at RVBAR = BL1's base; the other cores stay off until SCMI asks).
 * ---------------------------------------------------------------------
 */
static void n1sdp_cpu_reset(void *opaque)
{
    cpu_reset(CPU(opaque));
}

static void n1sdp_scp_reset(void *opaque)
{
    N1SDPMachineState *s = n1sdp_of(opaque);
    static const uint8_t zero[N1SDP_SHARED_PAGE];

    timer_del(s->scp_timer);
    timer_del(s->ppu_timer);
    memset(s->mhu_stat, 0, sizeof(s->mhu_stat));
    memset(s->on_after_off, 0, sizeof(s->on_after_off));
    s->shutting_down = false;
    for (int n = 0; n < N1SDP_NUM_CPUS; n++) {
        s->core[n] = n == 0 ? CORE_ON : CORE_OFF;
        s->gicr_off[n] = true;
    }
    s->cluster_on[0] = true;
    s->cluster_on[1] = false;
    s->cntcr = 0;
    s->cntctl_cntfrq = 0;
    s->cntnsar = 0;
    memset(s->cntacr, 0, sizeof(s->cntacr));
    memset(s->frame_cntfrq, 0, sizeof(s->frame_cntfrq));
    memset(s->frame_el0acr, 0, sizeof(s->frame_el0acr));
    memset(s->frame_cval, 0, sizeof(s->frame_cval));
    memset(s->frame_ctl, 0, sizeof(s->frame_ctl));
    for (int d = 0; d < 2; d++) {
        s->dmc_state[d] = 3;
        s->dmc_err0ctlr0[d] = 0;
    }
    /* The shared page (SDS, the trusted mailbox) and the SCMI channel
     * start cleared, the channel free. */
    address_space_write(&address_space_memory, N1SDP_SRAM_BASE, MEMTXATTRS_UNSPECIFIED, zero,
                        sizeof(zero));
    address_space_write(&address_space_memory, N1SDP_SCMI_SHMEM, MEMTXATTRS_UNSPECIFIED, zero,
                        sizeof(zero));
    shm_write(SHM_STATUS, SHM_STATUS_FREE);
    sds_write(s);
}

static void n1sdp_init(MachineState *ms)
{
    N1SDPMachineState *s = N1SDP_MACHINE(ms);
    MemoryRegion *sysmem = get_system_memory();
    SysBusDevice *gicbus;
    DeviceState *dev;
    int n;

    if (ms->smp.cpus != N1SDP_NUM_CPUS || ms->smp.max_cpus != N1SDP_NUM_CPUS) {
        error_report("n1sdp: the chip has %d cores (-smp %d)", N1SDP_NUM_CPUS, N1SDP_NUM_CPUS);
        exit(1);
    }
    if (ms->ram_size < N1SDP_DRAM1_SIZE + GiB || ms->ram_size > N1SDP_DDR_MAX ||
        ms->ram_size % GiB) {
        error_report("n1sdp: -m must be whole GiB, 3 to 64 (the DDR SDS reports: DRAM1's 2 GiB "
                     "and at least 1 GiB in DRAM2)");
        exit(1);
    }
    if (!ms->firmware) {
        error_report("n1sdp: give BL1 with -bios (the SCP copies it to 0x%llx)",
                     (unsigned long long)N1SDP_BL1_BASE);
        exit(1);
    }

    /* Cores: Neoverse N1 (or -cpu), EL3 and EL2, the counter at the
     * REFCLK, the board's MPIDRs, reset at BL1 (RVBAR). */
    for (n = 0; n < N1SDP_NUM_CPUS; n++) {
        Object *o = object_new(ms->cpu_type);

        object_property_set_int(o, "mp-affinity", n1sdp_mpidr(n), &error_fatal);
        object_property_set_uint(o, "cntfrq", N1SDP_CNT_HZ, &error_fatal);
        object_property_set_uint(o, "rvbar", N1SDP_BL1_BASE, &error_fatal);
        object_property_set_bool(o, "has_el3", true, &error_fatal);
        object_property_set_bool(o, "has_el2", true, &error_fatal);
        object_property_set_link(o, "memory", OBJECT(sysmem), &error_abort);
        if (n > 0) {
            object_property_set_bool(o, "start-powered-off", true, &error_fatal);
        }
        s->cpu[n] = ARM_CPU(o);
        define_arm_cp_regs_with_opaque(s->cpu[n], n1_impdef_regs, s);
        qdev_realize(DEVICE(o), NULL, &error_fatal);
        object_unref(o);
        qemu_register_reset(n1sdp_cpu_reset, s->cpu[n]);
    }

    /* Memory */
    memory_region_init_ram(&s->sram, NULL, "n1sdp.trusted-sram", N1SDP_SRAM_SIZE, &error_fatal);
    memory_region_add_subregion(sysmem, N1SDP_SRAM_BASE, &s->sram);
    memory_region_init_ram(&s->ns_sram, NULL, "n1sdp.ns-sram", N1SDP_NS_SRAM_SIZE, &error_fatal);
    memory_region_add_subregion(sysmem, N1SDP_NS_SRAM_BASE, &s->ns_sram);
    memory_region_init_rom(&s->qspi, NULL, "n1sdp.qspi", N1SDP_QSPI_SIZE, &error_fatal);
    memory_region_add_subregion(sysmem, N1SDP_QSPI_BASE, &s->qspi);
    memory_region_init_alias(&s->dram1, NULL, "n1sdp.dram1", ms->ram, 0, N1SDP_DRAM1_SIZE);
    memory_region_add_subregion(sysmem, N1SDP_DRAM1_BASE, &s->dram1);
    memory_region_init_alias(&s->dram2, NULL, "n1sdp.dram2", ms->ram, N1SDP_DRAM1_SIZE,
                             ms->ram_size - N1SDP_DRAM1_SIZE);
    memory_region_add_subregion(sysmem, N1SDP_DRAM2_BASE, &s->dram2);
    memory_region_init_ram(&s->shmem, NULL, "n1sdp.scp-shared", N1SDP_SCMI_SHMEM_SIZE,
                           &error_fatal);
    memory_region_add_subregion(sysmem, N1SDP_SCMI_SHMEM, &s->shmem);

    /* BL1 where the SCP puts it, again at every reset; the FIP in QSPI. */
    if (load_image_size(ms->firmware, NULL, 0) > N1SDP_BL1_MAX_SIZE ||
        rom_add_file_fixed(ms->firmware, N1SDP_BL1_BASE, -1)) {
        error_report("n1sdp: cannot load BL1 '%s' (128 KiB at most)", ms->firmware);
        exit(1);
    }
    if (s->fip && (load_image_size(s->fip, NULL, 0) > N1SDP_FIP_MAX_SIZE ||
                   rom_add_file_fixed(s->fip, N1SDP_FIP_BASE, -1))) {
        error_report("n1sdp: cannot load the FIP '%s' (8 MiB at most)", s->fip);
        exit(1);
    }

    /* GIC-600 */
    s->gic = qdev_new(TYPE_ARM_GICV3); /* TCG's GICv3 */
    qdev_prop_set_uint32(s->gic, "revision", 3);
    qdev_prop_set_uint32(s->gic, "num-cpu", N1SDP_NUM_CPUS);
    qdev_prop_set_uint32(s->gic, "num-irq", N1SDP_GIC_NUM_IRQ);
    qdev_prop_set_bit(s->gic, "has-security-extensions", true);
    qdev_prop_set_uint32(s->gic, "len-redist-region-count", 1);
    qdev_prop_set_uint32(s->gic, "redist-region-count[0]", N1SDP_NUM_CPUS);
    gicbus = SYS_BUS_DEVICE(s->gic);
    sysbus_realize_and_unref(gicbus, &error_fatal);
    memory_region_init_io(&s->gicd, OBJECT(ms), &gicd_ops, s, "n1sdp.gic600-gicd", N1SDP_GICD_SIZE);
    memory_region_add_subregion(sysmem, N1SDP_GICD_BASE, &s->gicd);
    memory_region_init_io(&s->gicr, OBJECT(ms), &gicr_ops, s, "n1sdp.gic600-gicr",
                          N1SDP_NUM_CPUS * N1SDP_GICR_STRIDE);
    memory_region_add_subregion(sysmem, N1SDP_GICR_BASE, &s->gicr);
    for (n = 0; n < N1SDP_NUM_CPUS; n++) {
        DeviceState *cpudev = DEVICE(s->cpu[n]);
        int ppi = N1SDP_GIC_NUM_IRQ - 32 + n * 32;

        qdev_connect_gpio_out(cpudev, GTIMER_PHYS, qdev_get_gpio_in(s->gic, ppi + PPI_NS_TIMER));
        qdev_connect_gpio_out(cpudev, GTIMER_VIRT, qdev_get_gpio_in(s->gic, ppi + PPI_VIRT_TIMER));
        qdev_connect_gpio_out(cpudev, GTIMER_HYP, qdev_get_gpio_in(s->gic, ppi + PPI_HYP_TIMER));
        qdev_connect_gpio_out(cpudev, GTIMER_SEC, qdev_get_gpio_in(s->gic, ppi + PPI_SEC_TIMER));
        qdev_connect_gpio_out_named(cpudev, "gicv3-maintenance-interrupt", 0,
                                    qdev_get_gpio_in(s->gic, ppi + PPI_GIC_MAINT));
        qdev_connect_gpio_out_named(cpudev, "pmu-interrupt", 0,
                                    qdev_get_gpio_in(s->gic, ppi + PPI_PMU));
        sysbus_connect_irq(gicbus, n, qdev_get_gpio_in(cpudev, ARM_CPU_IRQ));
        sysbus_connect_irq(gicbus, n + N1SDP_NUM_CPUS, qdev_get_gpio_in(cpudev, ARM_CPU_FIQ));
        sysbus_connect_irq(gicbus, n + 2 * N1SDP_NUM_CPUS, qdev_get_gpio_in(cpudev, ARM_CPU_VIRQ));
        sysbus_connect_irq(gicbus, n + 3 * N1SDP_NUM_CPUS, qdev_get_gpio_in(cpudev, ARM_CPU_VFIQ));
    }

    /* UARTs: -serial 0 the AP's UART0 (BL1's, BL2's and the OS's console),
     * 1 the IOFPGA's UART0 (TF-A's BL31 runtime console), 2 and 3 the
     * second of each. */
    pl011_create(N1SDP_AP_UART0, qdev_get_gpio_in(s->gic, N1SDP_AP_UART0_SPI), serial_hd(0));
    pl011_create(N1SDP_IOFPGA_UART0, NULL, serial_hd(1));
    pl011_create(N1SDP_AP_UART1, NULL, serial_hd(2));
    pl011_create(N1SDP_IOFPGA_UART1, NULL, serial_hd(3));

    /*
     * The trusted SBSA watchdog: WS0 to the GIC (INTID 86). WS1 goes to the
     * SCP, which does not reset the system: TF-A 2.8's N1SDP port starts it
     * in BL1 for 100 ms (its SBSA_SECURE_WDOG_TIMEOUT, through sbsa_wdog_start
     * in ms) and stops it only when BL2 asks BL1 to run BL31 (its
     * bl1_plat_prepare_exit), after BL2 has zeroed the board's DDR, seconds
     * on a 16 GiB board: a reset at WS1 would stop every boot of that
     * port, which boards ran. So WS1 is logged and nothing more (QEMU's
     * watchdog action set to none; the model has no other watchdog).
     */
    qmp_watchdog_set_action(WATCHDOG_ACTION_NONE, &error_abort);
    dev = qdev_new(TYPE_WDT_SBSA);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, N1SDP_WDOG_REFRESH);
    sysbus_mmio_map(SYS_BUS_DEVICE(dev), 1, N1SDP_WDOG_CTRL);
    sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0, qdev_get_gpio_in(s->gic, N1SDP_WDOG_INTID - 32));

    /* The SCP's side */
    memory_region_init_io(&s->mhu, OBJECT(ms), &mhu_ops, s, "n1sdp.mhu", N1SDP_MHU_SIZE);
    memory_region_add_subregion(sysmem, N1SDP_MHU_BASE, &s->mhu);
    memory_region_init_io(&s->ssc, OBJECT(ms), &ssc_ops, s, "n1sdp.ssc", 4 * KiB);
    memory_region_add_subregion(sysmem, N1SDP_SSC_BASE, &s->ssc);
    memory_region_init_io(&s->cntcontrol, OBJECT(ms), &cntcontrol_ops, s, "n1sdp.cntcontrol",
                          4 * KiB);
    memory_region_add_subregion(sysmem, N1SDP_CNTCONTROL_BASE, &s->cntcontrol);
    memory_region_init_io(&s->cntctl, OBJECT(ms), &cntctl_ops, s, "n1sdp.cntctl", 4 * KiB);
    memory_region_add_subregion(sysmem, N1SDP_CNTCTL_BASE, &s->cntctl);
    for (n = 0; n < N1SDP_CNT_FRAMES; n++) {
        memory_region_init_io(&s->cntframe[n], OBJECT(ms), &cntframe_ops[n], s,
                              n ? "n1sdp.cntbase1" : "n1sdp.cntbase0", 4 * KiB);
        memory_region_add_subregion(sysmem, n ? N1SDP_CNT_FRAME1_BASE : N1SDP_CNT_FRAME0_BASE,
                                    &s->cntframe[n]);
    }
    for (n = 0; n < 2; n++) {
        memory_region_init_io(&s->dmc[n], OBJECT(ms), &dmc_ops[n], s,
                              n ? "n1sdp.dmc620-1" : "n1sdp.dmc620-0", N1SDP_DMC_SIZE);
        memory_region_add_subregion(sysmem, n ? N1SDP_DMC1_BASE : N1SDP_DMC0_BASE, &s->dmc[n]);
    }
    s->scp_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, scp_run, s);
    s->ppu_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, ppu_run, s);
    qemu_register_reset(n1sdp_scp_reset, s);
}

static char *n1sdp_get_fip(Object *obj, Error **errp)
{
    return g_strdup(N1SDP_MACHINE(obj)->fip);
}

static void n1sdp_set_fip(Object *obj, const char *value, Error **errp)
{
    N1SDPMachineState *s = N1SDP_MACHINE(obj);

    g_free(s->fip);
    s->fip = g_strdup(value);
}

static void n1sdp_get_latency(Object *obj, Visitor *v, const char *name, void *opaque,
                              Error **errp)
{
    visit_type_uint32(v, name, &N1SDP_MACHINE(obj)->scp_latency_ns, errp);
}

static void n1sdp_set_latency(Object *obj, Visitor *v, const char *name, void *opaque,
                              Error **errp)
{
    visit_type_uint32(v, name, &N1SDP_MACHINE(obj)->scp_latency_ns, errp);
}

static void n1sdp_instance_init(Object *obj)
{
    /* The SCP's answer time: an assumption (no public figure), tens of
     * microseconds as an M7 at hundreds of MHz handling one message. */
    N1SDP_MACHINE(obj)->scp_latency_ns = 20000;
}

static void n1sdp_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    mc->desc = "Arm N1SDP, application processor side (n1fw's model)";
    mc->init = n1sdp_init;
    mc->max_cpus = N1SDP_NUM_CPUS;
    mc->min_cpus = N1SDP_NUM_CPUS;
    mc->default_cpus = N1SDP_NUM_CPUS;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("neoverse-n1");
    mc->default_ram_size = 3 * GiB;
    mc->default_ram_id = "n1sdp.ddr";
    mc->minimum_page_bits = 12;
    object_class_property_add_str(oc, "fip", n1sdp_get_fip, n1sdp_set_fip);
    object_class_property_set_description(oc, "fip", "the FIP image the QSPI holds at 0x18200000");
    object_class_property_add(oc, "scp-latency-ns", "uint32", n1sdp_get_latency,
                              n1sdp_set_latency, NULL, NULL);
    object_class_property_set_description(oc, "scp-latency-ns",
                                          "virtual time the SCP takes to answer an SCMI message");
}

static const TypeInfo n1sdp_info = {
    .name = TYPE_N1SDP_MACHINE,
    .parent = TYPE_MACHINE,
    .instance_size = sizeof(N1SDPMachineState),
    .instance_init = n1sdp_instance_init,
    .class_init = n1sdp_class_init,
};

static void n1sdp_register_types(void)
{
    type_register_static(&n1sdp_info);
}

type_init(n1sdp_register_types)
