/*
 * SCMI (Arm DEN0056) over a shared-memory mailbox with an MHU doorbell: the
 * transport and the message layout. It knows messages, not what they mean
 * to PSCI: the power-state encoding is the platform's (plat/n1sdp).
 */
#ifndef DRIVERS_SCMI_H
#define DRIVERS_SCMI_H

#include <stdint.h>

#include <lib/spinlock.h>

#define SCMI_PROTO_POWER_DOMAIN    0x11
#define SCMI_PROTO_SYS_POWER       0x12
#define SCMI_MSG_PWR_STATE_SET     0x4
#define SCMI_MSG_SYS_PWR_STATE_SET 0x3
#define SCMI_PWR_STATE_SET_ASYNC   1U
#define SCMI_SYS_STATE_SHUTDOWN    0U
#define SCMI_SYS_STATE_COLD_RESET  1U
#define SCMI_SYS_STATE_WARM_RESET  2U

/* SCMI status codes (DEN0056 4.1.4): the first word of every reply. */
#define SCMI_SUCCESS 0

/* Shared-memory transport layout (DEN0056 5.1.2), byte offsets. */
#define SCMI_SHMEM_STATUS  0x04 /* bit 0: channel free */
#define SCMI_SHMEM_FLAGS   0x10
#define SCMI_SHMEM_LENGTH  0x14 /* header + payload, bytes */
#define SCMI_SHMEM_HEADER  0x18
#define SCMI_SHMEM_PAYLOAD 0x1c
#define SCMI_STATUS_FREE   1U

struct scmi_channel {
	uintptr_t shmem;
	uintptr_t doorbell; /* MHU set register; bit 0 rings */
	struct spinlock lock;
	uint32_t token;
};

/* Message header (DEN0056 4.1.1): message id, type 0 (command), protocol, token. */
static inline uint32_t scmi_msg_header(uint32_t protocol, uint32_t msg, uint32_t token)
{
	return (msg & 0xffU) | ((protocol & 0xffU) << 10) | ((token & 0x3ffU) << 18);
}

/*
 * Write a command into the channel's shared memory at @shmem (mmio
 * accesses): @n 32-bit payload words, channel marked busy.
 */
void scmi_write_command(uintptr_t shmem, uint32_t header, const uint32_t *payload, unsigned int n);

/*
 * Send a command and wait for the platform's reply (polled, bounded by
 * SCMI_POLL_LIMIT reads of the channel status). Returns 0 when the reply's
 * status is SCMI_SUCCESS; -EIO when it is another SCMI status (then in
 * *@status, when @status is not NULL); -ETIMEDOUT when no reply came.
 * Serialised by the channel lock (docs/design/locking.rst); MMU on.
 */
int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg, const uint32_t *payload,
              unsigned int n, int32_t *status);

#endif
