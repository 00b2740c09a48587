/*
 * SCMI (Arm DEN0056) over a shared-memory mailbox with an MHU doorbell: the
 * transport, the messages every protocol has, and the power messages an
 * EL3 PSCI agent sends (power domain protocol 0x11, system power protocol
 * 0x12). It knows messages, not what they mean to PSCI: the power-state
 * encoding and the domain numbers are the platform's (plat/n1sdp).
 */
#ifndef DRIVERS_SCMI_H
#define DRIVERS_SCMI_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/spinlock.h>

#define SCMI_PROTO_POWER_DOMAIN 0x11
#define SCMI_PROTO_SYS_POWER    0x12

/* Messages every protocol has (DEN0056: ids 0-2 of each protocol). */
#define SCMI_MSG_PROTOCOL_VERSION        0x0 /* returns the version: major 31:16, minor 15:0 */
#define SCMI_MSG_PROTOCOL_MSG_ATTRIBUTES 0x2 /* of one message id: SUCCESS or NOT_FOUND */

#define SCMI_MSG_PWR_STATE_SET     0x4 /* power domain: flags, domain, power state */
#define SCMI_MSG_SYS_PWR_STATE_SET 0x3 /* system power: flags, system state */
/*
 * POWER_STATE_SET flags bit 0: asynchronous, the only kind TF-A's CSS
 * driver sends from the application processors (SCP-firmware serves core
 * domains asynchronously whatever the flag says).
 */
#define SCMI_PWR_STATE_SET_ASYNC   1U
#define SCMI_SYS_STATE_FORCEFUL    0U /* SYSTEM_POWER_STATE_SET flags: not graceful */
#define SCMI_SYS_STATE_SHUTDOWN    0U
#define SCMI_SYS_STATE_COLD_RESET  1U
#define SCMI_SYS_STATE_WARM_RESET  2U
#define SCMI_SYS_STATE_SUSPEND     4U
/* PROTOCOL_MESSAGE_ATTRIBUTES of SYSTEM_POWER_STATE_SET: what it does. */
#define SCMI_SYS_ATTR_WARM_RESET   (1U << 31)
#define SCMI_SYS_ATTR_SUSPEND      (1U << 30)

/*
 * SCMI status codes (DEN0056 4.1.4), the first word of every reply, and
 * QUEUED, which DEN0056 does not define but TF-A's CSS driver takes from
 * the SCP as success for POWER_STATE_SET.
 */
#define SCMI_QUEUED         1
#define SCMI_SUCCESS        0
#define SCMI_NOT_SUPPORTED  (-1)
#define SCMI_INVALID_PARAMS (-2)
#define SCMI_DENIED         (-3)
#define SCMI_NOT_FOUND      (-4)
#define SCMI_OUT_OF_RANGE   (-5)
#define SCMI_BUSY           (-6)
#define SCMI_COMMS_ERROR    (-7)
#define SCMI_GENERIC_ERROR  (-8)
#define SCMI_HARDWARE_ERROR (-9)
#define SCMI_PROTOCOL_ERROR (-10)
#define SCMI_STATUS_LOWEST  (-11) /* IN_USE, since SCMI 3.1 */

/* Shared-memory transport layout (DEN0056 5.1.2), byte offsets. */
#define SCMI_SHMEM_STATUS  0x04 /* bit 0: channel free; bit 1: channel error */
#define SCMI_SHMEM_FLAGS   0x10
#define SCMI_SHMEM_LENGTH  0x14 /* header + payload, bytes */
#define SCMI_SHMEM_HEADER  0x18
#define SCMI_SHMEM_PAYLOAD 0x1c
#define SCMI_STATUS_FREE   1U
#define SCMI_STATUS_ERROR  2U

/*
 * How long a reply may take: microseconds for what the SCP does at once;
 * one still missing after a second of the counter will not come.
 */
#define SCMI_TIMEOUT_MS 1000U

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
 * Send a command and wait for the platform's reply (polled, at most
 * SCMI_TIMEOUT_MS of CNTPCT_EL0, and a bounded number of polls should the
 * counter not run). Serialised by the channel lock
 * (docs/design/locking.rst); MMU on. On SCMI_SUCCESS the first @nret
 * return values after the status are copied to @ret.
 *
 * Returns what the platform answered: SCMI_SUCCESS, SCMI_QUEUED or a
 * negative SCMI status (SCMI_NOT_SUPPORTED ... SCMI_STATUS_LOWEST); or a
 * transport error, below all of them:
 *   -EBUSY      the channel is still the platform's (a command it never
 *               answered): nothing was written, the doorbell not rung. A
 *               channel is never written while it is busy (DEN0056 5.1.2).
 *   -ETIMEDOUT  sent, no answer in time; the channel stays the platform's
 *               until it answers.
 *   -EBADMSG    an answer that is not this command's (another header, too
 *               short for a status and @nret values) or a channel error.
 */
int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg, const uint32_t *payload,
              unsigned int n, uint32_t *ret, unsigned int nret);

/* The status name, or what the transport error means, for messages. */
const char *scmi_strerror(int rc);

/* The platform accepted the command: SUCCESS, or QUEUED for later. */
static inline bool scmi_accepted(int rc)
{
	return rc == SCMI_SUCCESS || rc == SCMI_QUEUED;
}

/*
 * What the platform implements of what a PSCI agent asks for, found once
 * at boot (scmi_power_discover): each protocol's version (0: it did not
 * answer), whether POWER_STATE_SET and SYSTEM_POWER_STATE_SET exist
 * (PROTOCOL_MESSAGE_ATTRIBUTES), and the latter's attributes. @error is
 * the first refusal or transport error met (0: none); discovery stops at
 * a transport error, so that a busy channel is not written.
 */
struct scmi_power_caps {
	uint32_t pd_version, sys_version;
	bool pwr_state_set, sys_state_set;
	uint32_t sys_attributes;
	int error;
};

void scmi_power_discover(struct scmi_channel *ch, struct scmi_power_caps *caps);

/* POWER_STATE_SET, asynchronous, of @domain to @state: scmi_call's result. */
int scmi_power_state_set(struct scmi_channel *ch, uint32_t domain, uint32_t state);

/*
 * SYSTEM_POWER_STATE_SET, forceful, to @state (SCMI_SYS_STATE_*):
 * scmi_call's result. SCP-firmware does not answer a shutdown or reset it
 * carries out, so -ETIMEDOUT means "under way" as much as SCMI_SUCCESS.
 */
int scmi_system_power_state_set(struct scmi_channel *ch, uint32_t state);

#endif
