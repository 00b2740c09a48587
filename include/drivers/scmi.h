/*
 * SCMI (Arm DEN0056) over a shared-memory mailbox with an MHU doorbell:
 * the messages the Arm Compute Subsystem power control uses
 * (tfa-abi-facts §6.5).
 */
#ifndef DRIVERS_SCMI_H
#define DRIVERS_SCMI_H

#include <stdint.h>

#include <lib/psci/psci_coord.h>
#include <lib/spinlock.h>

#define SCMI_PROTO_POWER_DOMAIN		0x11
#define SCMI_PROTO_SYS_POWER		0x12
#define SCMI_MSG_PWR_STATE_SET		0x4
#define SCMI_MSG_SYS_PWR_STATE_SET	0x3
#define SCMI_PWR_STATE_SET_ASYNC	1U
#define SCMI_SYS_STATE_SHUTDOWN		0U
#define SCMI_SYS_STATE_COLD_RESET	1U
#define SCMI_SYS_STATE_WARM_RESET	2U

/* SCMI status codes (DEN0056 4.1.4) */
#define SCMI_SUCCESS			0
#define SCMI_E_TIMEOUT			(-1000)	/* ours: the platform never answered */

/* Shared-memory transport layout (DEN0056 5.1.2), byte offsets. */
#define SCMI_SHMEM_STATUS		0x04	/* bit 0: channel free */
#define SCMI_SHMEM_FLAGS		0x10
#define SCMI_SHMEM_LENGTH		0x14	/* header + payload, bytes */
#define SCMI_SHMEM_HEADER		0x18
#define SCMI_SHMEM_PAYLOAD		0x1c
#define SCMI_STATUS_FREE		1U

struct scmi_channel {
	uintptr_t shmem;
	uintptr_t doorbell;		/* MHU set register; bit 0 rings */
	struct spinlock lock;
	uint32_t token;
};

/* Message header (DEN0056 4.1.1): message id, type 0 (command), protocol, token. */
static inline uint32_t scmi_msg_header(uint32_t protocol, uint32_t msg, uint32_t token)
{
	return (msg & 0xffU) | ((protocol & 0xffU) << 10) | ((token & 0x3ffU) << 18);
}

/*
 * CSS power_state for POWER_STATE_SET from a PSCI target @state: one
 * nibble per level, 1 = on, 0 = off, up to the highest level changed,
 * which goes in bits 19:16. Powering a core on: every level on.
 * e.g. core on 0x00020111, core off 0x00000000, core+cluster off 0x00010000.
 */
uint32_t scmi_css_power_state(const struct psci_power_state *state, int power_on);

/*
 * Write a command into the shared memory at @shmem (host-testable: a plain
 * pointer): @n 32-bit payload words, channel marked busy.
 */
void scmi_write_command(volatile uint8_t *shmem, uint32_t header, const uint32_t *payload,
			unsigned int n);

/*
 * Send a command and wait for the platform's reply; returns the SCMI
 * status of the reply (0 = success), or SCMI_E_TIMEOUT. Serialised by the
 * channel lock; MMU on.
 */
int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg,
	      const uint32_t *payload, unsigned int n);

#endif
