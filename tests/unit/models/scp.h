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
 *  - POWER_STATE_SET (0x11/0x4): flags other than bit 0 (async) are
 *    INVALID_PARAMETERS, and so is a power state the SCP's CSS encoding
 *    does not allow (scp_css_state_valid); a domain other than the four
 *    cores NOT_FOUND; otherwise the answer the test chose (pd_answer:
 *    SUCCESS, QUEUED, DENIED, NOT_SUPPORTED...) or none at all
 *    (SCP_NO_ANSWER: the channel stays the SCP's). An accepted request is
 *    queued for its domain and carried out later, when the test says
 *    (scp_complete, in any order): domain_on[] is what the SCP has done;
 *  - SYSTEM_POWER_STATE_SET (0x12/0x3): shutdown, cold and warm reset
 *    and suspend (0, 1, 2, 4; power-up, 3, is not an agent's to ask, and
 *    anything else is INVALID_PARAMETERS); no answer for the first three
 *    (SCP-firmware's fire-and-forget), SUCCESS for suspend, or the error
 *    the test chose (sys_answer).
 *
 * The SCP answers later, as SCP-firmware does, never inside the doorbell
 * write: the reply is written, and the channel marked free, only after
 * the agent has read the channel's status latency times. Every command
 * is recorded; what the agent did against the transport's rules is
 * counted: writing the channel while the SCP owns it, reading anything
 * of it but the status before the channel is free again (a reply read
 * before it is there), ringing the doorbell without handing the channel
 * over, a length that is not header + payload.
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
	int pd_answer;        /* POWER_STATE_SET of a valid request */
	int sys_answer;       /* SYSTEM_POWER_STATE_SET: SCP_NO_ANSWER or an error */
	unsigned int latency; /* status reads before the reply (at least 1) */

	/* a command handed over, not yet answered: status reads left */
	unsigned int answer_in;
	/* power states asked for and not yet carried out, per core domain */
	bool queued[4];
	uint32_t queued_state[4];
	bool domain_on[4];

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

/*
 * Whether @state is a power state the SCP takes for a core's domain (its
 * CSS encoding, SCP-firmware's composite state): one nibble per level
 * (0 off, 1 on; level 0 may also be 2, sleep) up to the highest level
 * named in bits 19:16 (0 to 2: core, cluster, system), every other bit 0,
 * and no level on above one that is not (an on core needs an on cluster).
 */
bool scp_css_state_valid(uint32_t state);

/* Carry out what was queued for core domain @domain (no-op if nothing). */
void scp_complete(struct scp *s, unsigned int domain);

/* The channel as the SCP leaves it with a command it has not answered. */
void scp_hold_channel(struct scp *s);
bool scp_channel_free(const struct scp *s);

#endif
