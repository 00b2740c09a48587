/*
 * Arm CoreLink DMC-620 dynamic memory controller: as much as turning its
 * ECC on needs (the DMC-620 TRM; the registers and state machine as
 * SCP-firmware's DMC-620 driver and TF-A's N1SDP port use them).
 *
 *  - MEMC_STATUS (+0x000): bits 2:0, the architectural state the
 *    controller is in;
 *  - MEMC_CMD (+0x008): the state to go to: CONFIG (0), in which the
 *    configuration may change and memory is not served, or READY (3, the
 *    GO command);
 *  - ERR0CTLR0 (+0x708): the RAS error record's control, bit 0 (ED) the
 *    ECC error detection; written in CONFIG only.
 */
#ifndef DRIVERS_DMC620_H
#define DRIVERS_DMC620_H

#include <stdint.h>

#define DMC620_MEMC_STATUS  0x000
#define DMC620_MEMC_CMD     0x008
#define DMC620_ERR0CTLR0    0x708
#define DMC620_STATE_MASK   7U
#define DMC620_CMD_CONFIG   0U
#define DMC620_CMD_GO       3U /* to READY */
#define DMC620_ERR0CTLR0_ED (1U << 0)

/*
 * Turn ECC error detection on in the controller at @base: to CONFIG,
 * ERR0CTLR0.ED set, back to READY, each state change waited for (bounded).
 * Memory behind it must not be accessed meanwhile, and should hold valid
 * check bits (written since the controller came up: zeroed). Returns 0, or
 * -ETIMEDOUT naming nothing: the caller says which controller stopped,
 * which is then in an unknown state.
 */
int dmc620_ecc_enable(uintptr_t base);

#endif
