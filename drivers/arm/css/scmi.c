/*
 * The SCMI transport: a command written into the channel's shared memory,
 * the MHU doorbell rung, and the reply polled for (Arm DEN0056 5.1); and
 * the power messages of a PSCI agent (include/drivers/scmi.h).
 */
#include <errno.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/scmi.h>
#include <lib/mmio.h>
#include <lib/utils_def.h>

/* Should the counter not run: far more polls than SCMI_TIMEOUT_MS takes. */
#define SCMI_POLL_LIMIT 100000000U

/* The channel is free (DEN0056 5.1.2): the agent's to write. */
static bool channel_free(const struct scmi_channel *ch)
{
	return (mmio_read_32(ch->shmem + SCMI_SHMEM_STATUS) & SCMI_STATUS_FREE) != 0U;
}

static bool wait_reply(const struct scmi_channel *ch)
{
	uint64_t start = read_cntpct_el0();
	uint64_t limit = read_cntfrq_el0() / 1000U * SCMI_TIMEOUT_MS;

	for (uint32_t i = 0; i < SCMI_POLL_LIMIT; i++) {
		if (channel_free(ch))
			return true;
		if (limit != 0U && read_cntpct_el0() - start > limit)
			break;
	}
	return channel_free(ch);
}

/* The reply to @header: its status, and @nret values if it succeeded. */
static int read_reply(const struct scmi_channel *ch, uint32_t header, uint32_t *ret,
                      unsigned int nret)
{
	uint32_t length = mmio_read_32(ch->shmem + SCMI_SHMEM_LENGTH);
	int32_t status;

	if ((mmio_read_32(ch->shmem + SCMI_SHMEM_STATUS) & SCMI_STATUS_ERROR) != 0U ||
	    mmio_read_32(ch->shmem + SCMI_SHMEM_HEADER) != header || length < 8U)
		return -EBADMSG;
	status = (int32_t)mmio_read_32(ch->shmem + SCMI_SHMEM_PAYLOAD);
	if (status != SCMI_SUCCESS)
		return status < SCMI_STATUS_LOWEST || status > SCMI_QUEUED ? -EBADMSG : status;
	if ((length - 8U) / 4U < nret)
		return -EBADMSG;
	for (unsigned int i = 0; i < nret; i++)
		ret[i] = mmio_read_32(ch->shmem + SCMI_SHMEM_PAYLOAD + 4U + 4U * i);
	return SCMI_SUCCESS;
}

int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg, const uint32_t *payload,
              unsigned int n, uint32_t *ret, unsigned int nret)
{
	uint32_t header;
	int rc = -EBUSY;

	spin_lock(&ch->lock);
	/* A command the platform never answered may still be its to read. */
	if (!channel_free(ch))
		goto out;
	header = scmi_msg_header(protocol, msg, ch->token++);
	scmi_write_command(ch->shmem, header, payload, n);
	/* The command must be in memory before the doorbell rings (DMB ST). */
	dmb_st();
	mmio_write_32(ch->doorbell, (mmio_read_32(ch->doorbell) & ~1U) | 1U);
	dsb_sy();
	rc = -ETIMEDOUT;
	if (wait_reply(ch)) {
		/* The status before the reply it vouches for. */
		dmb_ld();
		rc = read_reply(ch, header, ret, nret);
	}
out:
	spin_unlock(&ch->lock);
	return rc;
}

const char *scmi_strerror(int rc)
{
	static const char *const status[] = {
		"SUCCESS",        "NOT_SUPPORTED",  "INVALID_PARAMETERS",
		"DENIED",         "NOT_FOUND",      "OUT_OF_RANGE",
		"BUSY",           "COMMS_ERROR",    "GENERIC_ERROR",
		"HARDWARE_ERROR", "PROTOCOL_ERROR", "IN_USE",
	};

	switch (rc) {
	case SCMI_QUEUED:
		return "QUEUED";
	case -EBUSY:
		return "the channel is still busy with a command the SCP never answered";
	case -ETIMEDOUT:
		return "no answer";
	case -EBADMSG:
		return "a malformed answer";
	default:
		return rc <= 0 && rc >= SCMI_STATUS_LOWEST ? status[-rc] : "an unknown error";
	}
}

_Static_assert(-SCMI_STATUS_LOWEST == 11 && SCMI_STATUS_LOWEST > -EBUSY,
               "SCMI statuses and transport errors do not overlap");

/* Does @protocol implement @msg (PROTOCOL_MESSAGE_ATTRIBUTES)? */
static int msg_attributes(struct scmi_channel *ch, uint32_t protocol, uint32_t msg,
                          uint32_t *attributes)
{
	return scmi_call(ch, protocol, SCMI_MSG_PROTOCOL_MSG_ATTRIBUTES, &msg, 1, attributes, 1);
}

static bool transport_error(int rc)
{
	return rc == -EBUSY || rc == -ETIMEDOUT || rc == -EBADMSG;
}

/* Record @rc in @caps if it is the first failure; true to go on. */
static bool note(struct scmi_power_caps *caps, int rc)
{
	if (rc != SCMI_SUCCESS && caps->error == 0)
		caps->error = rc;
	return !transport_error(rc);
}

void scmi_power_discover(struct scmi_channel *ch, struct scmi_power_caps *caps)
{
	uint32_t v = 0, attributes = 0;
	int rc;

	*caps = (struct scmi_power_caps){ 0 };
	rc = scmi_call(ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_PROTOCOL_VERSION, NULL, 0, &v, 1);
	if (!note(caps, rc))
		return;
	/* Major version 0 is no version: a protocol that is not there. */
	if (rc == SCMI_SUCCESS && (v >> 16) != 0U) {
		caps->pd_version = v;
		rc = msg_attributes(ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_PWR_STATE_SET,
		                    &attributes);
		if (!note(caps, rc))
			return;
		caps->pwr_state_set = rc == SCMI_SUCCESS;
	}
	rc = scmi_call(ch, SCMI_PROTO_SYS_POWER, SCMI_MSG_PROTOCOL_VERSION, NULL, 0, &v, 1);
	if (!note(caps, rc))
		return;
	if (rc == SCMI_SUCCESS && (v >> 16) != 0U) {
		caps->sys_version = v;
		rc = msg_attributes(ch, SCMI_PROTO_SYS_POWER, SCMI_MSG_SYS_PWR_STATE_SET,
		                    &attributes);
		(void)note(caps, rc);
		caps->sys_state_set = rc == SCMI_SUCCESS;
		caps->sys_attributes = rc == SCMI_SUCCESS ? attributes : 0U;
	}
}

int scmi_power_state_set(struct scmi_channel *ch, uint32_t domain, uint32_t state)
{
	const uint32_t msg[3] = { SCMI_PWR_STATE_SET_ASYNC, domain, state };

	return scmi_call(ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_PWR_STATE_SET, msg, ARRAY_SIZE(msg),
	                 NULL, 0);
}

int scmi_system_power_state_set(struct scmi_channel *ch, uint32_t state)
{
	const uint32_t msg[2] = { SCMI_SYS_STATE_FORCEFUL, state };

	return scmi_call(ch, SCMI_PROTO_SYS_POWER, SCMI_MSG_SYS_PWR_STATE_SET, msg, ARRAY_SIZE(msg),
	                 NULL, 0);
}
