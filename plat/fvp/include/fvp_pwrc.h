/*
 * The Base FVP's power controller (Base_PowerController, Arm 100966 Fast
 * Models Reference Guide) and the V2M system registers' SYS_CFGCTRL (ARM
 * DUI 0447, Motherboard Express uATX TRM, 4.3 "Register summary"), as pure
 * logic over two accessors so the host tests drive it against a simulated
 * device (plat/fvp/tests/test_fvp.c).
 *
 * Every power-controller register takes a core's 24-bit MPIDR affinity
 * (Aff2.Aff1.Aff0) in bits 23:0:
 *  PPOFFR (0x0)  the core powers off at its next WFI;
 *  PPONR  (0x4)  power the core on (it starts at the reset vector);
 *  PCOFFR (0x8)  its cluster powers off when its last core is off;
 *  PWKUPR (0xC)  bit 31 WEN: a GIC wake-up request powers the core on;
 *  PSYSR  (0x10) write an affinity, read that core's status: bit 31/30/29
 *                its cluster-level / ... / core powered (L2, L1, L0), 28
 *                WEN, 27 PC pending cluster off, 26 PP pending core off,
 *                25:24 why it woke (0 cold, 1 reset, 2 PPONR, 3 GIC).
 */
#ifndef FVP_PWRC_H
#define FVP_PWRC_H

#include <stdbool.h>
#include <stdint.h>

#define PWRC_PPOFFR 0x0
#define PWRC_PPONR  0x4
#define PWRC_PCOFFR 0x8
#define PWRC_PWKUPR 0xC
#define PWRC_PSYSR  0x10

#define PWRC_ID_MASK    0x00FFFFFFU
#define PWKUPR_WEN      (1U << 31)
#define PSYSR_AFF_L1    (1U << 30)
#define PSYSR_AFF_L0    (1U << 29)
#define PSYSR_WEN       (1U << 28)
#define PSYSR_PC        (1U << 27)
#define PSYSR_PP        (1U << 26)
#define PSYSR_WK_SHIFT  24
#define PSYSR_WK_MASK   3U
#define PSYSR_WK_COLD   0U
#define PSYSR_WK_RESET  1U
#define PSYSR_WK_PPONR  2U
#define PSYSR_WK_GICREQ 3U
#define PSYSR_INVALID   0xFFFFFFFFU /* no such core */

/* V2M SYS_CFGCTRL (offset 0xA4): START, WRITE, FUNCTION 25:20; SYS_CFGSTAT 0xA8. */
#define V2M_SYS_CFGCTRL      0xA4
#define V2M_SYS_CFGSTAT      0xA8
#define V2M_CFGCTRL_START    (1U << 31)
#define V2M_CFGCTRL_WRITE    (1U << 30)
#define V2M_CFGCTRL_FUNC(f)  ((uint32_t)(f) << 20)
#define V2M_FUNC_SHUTDOWN    8U
#define V2M_FUNC_REBOOT      9U
#define V2M_CFGSTAT_COMPLETE (1U << 0)

/* How many PSYSR reads CPU_ON waits for a core still powering off. */
#define FVP_PWRC_OFF_POLLS 100000U

/* The device, as the logic sees it (fvp_pm.c: MMIO; the host test: a model). */
struct fvp_pwrc_io {
	void (*write)(unsigned int offset, uint32_t value);
	uint32_t (*read)(unsigned int offset);
};

/* A core's status word (PSYSR) after selecting it. */
uint32_t fvp_pwrc_status(const struct fvp_pwrc_io *io, uint64_t mpidr);

/*
 * CPU_ON: wait (bounded) until the core has finished powering off, then
 * ask for it to be powered on. 0, or -1 if it never went off or does not
 * exist.
 */
int fvp_pwrc_core_on(const struct fvp_pwrc_io *io, uint64_t mpidr);

/*
 * The calling core's power-down request before its last WFI: its core
 * (and its cluster when @cluster_off: the controller acts once the last
 * core is down), with wake-up on a GIC request when @wake (a suspend),
 * without when not (CPU_OFF: only PPONR brings it back).
 */
void fvp_pwrc_core_off(const struct fvp_pwrc_io *io, uint64_t mpidr, bool cluster_off, bool wake);

/* Back up: no stale wake-up enable. */
void fvp_pwrc_core_up(const struct fvp_pwrc_io *io, uint64_t mpidr);

/* The SYS_CFGCTRL word that asks the motherboard for @func (shutdown, reboot). */
uint32_t fvp_v2m_cfgctrl(unsigned int func);

#endif
