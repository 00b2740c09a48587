/*
 * A model of the N1SDP's SCP as the application processors' PSCI agent
 * sees it: an MHU doorbell and the SCMI shared-memory channel (DEN0056
 * 5.1.2: channel status at +0x04, bit 0 free, bit 1 error; flags +0x10;
 * length +0x14; message header +0x18; payload +0x1c), answered the way
 * SCP-firmware's product/n1sdp does (module/scmi_power_domain,
 * module/scmi_system_power):
 *
 *  - PROTOCOL_VERSION (0x0) of the power domain (0x11) and system power
 *    (0x12) protocols: SUCCESS and the version; NOT_SUPPORTED for a
 *    protocol it does not implement;
 *  - PROTOCOL_MESSAGE_ATTRIBUTES (0x2): SUCCESS and the attributes
 *    (SYSTEM_POWER_STATE_SET: bit 31 warm reset, bit 30 suspend), NOT_FOUND
 *    for a message it does not implement;
 *  - POWER_STATE_SET (0x11/0x4): flags other than bit 0 (async) or a
 *    power state outside 0x4FFFFFFF are INVALID_PARAMETERS, a domain
 *    other than the four cores NOT_FOUND; otherwise the answer the test
 *    chose (pd_answer: SUCCESS, QUEUED, DENIED, NOT_SUPPORTED...) or none
 *    at all (SCP_NO_ANSWER: the channel stays the SCP's);
 *  - SYSTEM_POWER_STATE_SET (0x12/0x3): no answer for shutdown, cold and
 *    warm reset (SCP-firmware's fire-and-forget), or the error the test
 *    chose (sys_answer).
 *
 * Every command is recorded; what the agent did against the transport's
 * rules is counted: writing the channel while the SCP owns it, ringing
 * the doorbell without handing the channel over, a length that is not
 * header + payload.
 */
#ifndef TESTS_UNIT_MODELS_SCP_H
#define TESTS_UNIT_MODELS_SCP_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define SCP_SHMEM_SIZE 0x80
#define SCP_NO_ANSWER  0x7fffffff
#define SCP_LOG        64

/* SCMI status codes (DEN0056 4.1.4), and TF-A's QUEUED. */
#define SCP_SUCCESS        0
#define SCP_QUEUED         1
#define SCP_NOT_SUPPORTED  (-1)
#define SCP_INVALID_PARAMS (-2)
#define SCP_DENIED         (-3)
#define SCP_NOT_FOUND      (-4)
#define SCP_BUSY           (-6)
#define SCP_GENERIC_ERROR  (-8)

struct scp_cmd {
	uint32_t protocol, msg, token, length, flags;
	uint32_t payload[6];
};

struct scp {
	uintptr_t shmem_base, doorbell;
	uint8_t shmem[SCP_SHMEM_SIZE];
	uint32_t db;

	/* what it implements (0: protocol absent) */
	uint32_t pd_version, sys_version;
	bool pwr_state_set, sys_state_set;
	uint32_t sys_attributes;
	/* how it answers */
	int pd_answer;  /* POWER_STATE_SET of a valid request */
	int sys_answer; /* SYSTEM_POWER_STATE_SET: SCP_NO_ANSWER or an error */

	struct scp_cmd log[SCP_LOG];
	unsigned int count;
	unsigned int violations;
	struct model shmem_model, mhu_model;
};

/* The N1SDP's SCP: channel free, both protocols (versions 2.0 and 1.0),
 * warm reset and suspend supported, SUCCESS to POWER_STATE_SET. */
void scp_init(struct scp *s, uintptr_t shmem, uintptr_t doorbell);

/* The last command of @protocol/@msg, or NULL. */
const struct scp_cmd *scp_last(const struct scp *s, uint32_t protocol, uint32_t msg);

/* The channel as the SCP leaves it with a command it has not answered. */
void scp_hold_channel(struct scp *s);
bool scp_channel_free(const struct scp *s);

#endif
