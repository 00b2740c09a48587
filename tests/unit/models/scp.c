/*
 * The SCP model (scp.h).
 */
#include <string.h>

#include "scp.h"

#define SH_STATUS  0x04
#define SH_FLAGS   0x10
#define SH_LENGTH  0x14
#define SH_HEADER  0x18
#define SH_PAYLOAD 0x1c
#define ST_FREE    1U

#define PROTO_PD    0x11
#define PROTO_SYS   0x12
#define MSG_VER     0x0
#define MSG_ATTR    0x2
#define MSG_PD_SET  0x4
#define MSG_SYS_SET 0x3

static uint32_t get32(const struct scp *s, unsigned int off)
{
	uint32_t v;

	memcpy(&v, s->shmem + off, 4);
	return v;
}

static void put32(struct scp *s, unsigned int off, uint32_t v)
{
	memcpy(s->shmem + off, &v, 4);
}

bool scp_channel_free(const struct scp *s)
{
	return (get32(s, SH_STATUS) & ST_FREE) != 0U;
}

void scp_hold_channel(struct scp *s)
{
	put32(s, SH_STATUS, get32(s, SH_STATUS) & ~ST_FREE);
}

const struct scp_cmd *scp_last(const struct scp *s, uint32_t protocol, uint32_t msg)
{
	for (unsigned int i = s->count; i > 0; i--) {
		const struct scp_cmd *c = &s->log[(i - 1) % SCP_LOG];

		if (c->protocol == protocol && c->msg == msg)
			return c;
	}
	return NULL;
}

bool scp_css_state_valid(uint32_t state)
{
	unsigned int max = (state >> 16) & 0xfU;

	if (max > 2U || (state & ~(0xfU << 16 | 0xfffU)) != 0U)
		return false;
	/* Nothing in the levels above the highest named. */
	if ((state & 0xfffU & ~((1U << (4U * (max + 1U))) - 1U)) != 0U)
		return false;
	for (unsigned int lvl = 0; lvl <= max; lvl++) {
		unsigned int v = (state >> (4U * lvl)) & 0xfU;

		if (v > (lvl == 0U ? 2U : 1U))
			return false;
		/* A level on (1) needs every level above it on. */
		if (v == 1U && lvl < max && ((state >> (4U * (lvl + 1U))) & 0xfU) != 1U)
			return false;
	}
	return true;
}

void scp_complete(struct scp *s, unsigned int domain)
{
	if (domain >= 4U || !s->queued[domain])
		return;
	s->domain_on[domain] = (s->queued_state[domain] & 0xfU) == 1U;
	s->queued[domain] = false;
}

/* The reply: the command's header, the status and @n return values. */
static void reply(struct scp *s, int32_t status, const uint32_t *ret, unsigned int n)
{
	put32(s, SH_LENGTH, 8U + 4U * n);
	put32(s, SH_PAYLOAD, (uint32_t)status);
	for (unsigned int i = 0; i < n; i++)
		put32(s, SH_PAYLOAD + 4 + 4 * i, ret[i]);
	put32(s, SH_STATUS, get32(s, SH_STATUS) | ST_FREE);
}

static void serve(struct scp *s)
{
	uint32_t header = get32(s, SH_HEADER);
	struct scp_cmd c = {
		.protocol = (header >> 10) & 0xff,
		.msg = header & 0xff,
		.token = (header >> 18) & 0x3ff,
		.length = get32(s, SH_LENGTH),
		.flags = get32(s, SH_FLAGS),
	};
	unsigned int n = c.length >= 4 ? (c.length - 4) / 4 : 0;

	if ((header >> 8 & 3U) != 0U || c.length < 4 || c.length % 4 != 0 ||
	    c.length > SCP_SHMEM_SIZE - SH_HEADER)
		s->violations++;
	for (unsigned int i = 0; i < n && i < 6; i++)
		c.payload[i] = get32(s, SH_PAYLOAD + 4 * i);
	s->log[s->count++ % SCP_LOG] = c;

	uint32_t version = c.protocol == PROTO_PD    ? s->pd_version
	                   : c.protocol == PROTO_SYS ? s->sys_version
	                                             : 0;

	if (version == 0U) {
		reply(s, SCP_NOT_SUPPORTED, NULL, 0);
		return;
	}
	switch (c.msg) {
	case MSG_VER:
		reply(s, SCP_SUCCESS, &version, 1);
		return;
	case MSG_ATTR: {
		bool known = n == 1 && (c.payload[0] <= 2 ||
		                        (c.protocol == PROTO_PD && c.payload[0] == MSG_PD_SET &&
		                         s->pwr_state_set) ||
		                        (c.protocol == PROTO_SYS && c.payload[0] == MSG_SYS_SET &&
		                         s->sys_state_set));
		uint32_t attr = c.protocol == PROTO_SYS && n == 1 && c.payload[0] == MSG_SYS_SET
		                        ? s->sys_attributes
		                        : 0U;

		if (known)
			reply(s, SCP_SUCCESS, &attr, 1);
		else
			reply(s, SCP_NOT_FOUND, NULL, 0);
		return;
	}
	case MSG_PD_SET:
		if (c.protocol != PROTO_PD || !s->pwr_state_set)
			break;
		if (n != 3 || (c.payload[0] & ~1U) != 0U || !scp_css_state_valid(c.payload[2])) {
			reply(s, SCP_INVALID_PARAMS, NULL, 0);
		} else if (c.payload[1] > 3) {
			reply(s, SCP_NOT_FOUND, NULL, 0);
		} else if (s->pd_answer != SCP_NO_ANSWER) {
			if (s->pd_answer == SCP_SUCCESS || s->pd_answer == SCP_QUEUED) {
				s->queued[c.payload[1]] = true;
				s->queued_state[c.payload[1]] = c.payload[2];
			}
			reply(s, s->pd_answer, NULL, 0);
		}
		return;
	case MSG_SYS_SET:
		if (c.protocol != PROTO_SYS || !s->sys_state_set)
			break;
		if (n != 2 || (c.payload[0] & ~1U) != 0U || c.payload[1] == 3 || c.payload[1] > 4)
			reply(s, SCP_INVALID_PARAMS, NULL, 0);
		else if (s->sys_answer != SCP_NO_ANSWER)
			reply(s, s->sys_answer, NULL, 0);
		else if (c.payload[1] == 4)
			reply(s, SCP_SUCCESS, NULL, 0); /* suspend is answered */
		return;
	default:
		break;
	}
	reply(s, SCP_NOT_FOUND, NULL, 0);
}

static uint64_t shmem_read(void *self, uint64_t off, unsigned int bytes)
{
	struct scp *s = self;
	uint64_t v = 0;

	if (off == SH_STATUS) {
		/* The SCP answers after the agent has polled latency times. */
		if (s->answer_in > 0U && --s->answer_in == 0U)
			serve(s);
	} else if (!scp_channel_free(s)) {
		s->violations++; /* a reply read before it was there */
	}
	memcpy(&v, s->shmem + off, bytes);
	return v;
}

static void shmem_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct scp *s = self;

	/* The channel is the SCP's until it marks it free again. */
	if (!scp_channel_free(s))
		s->violations++;
	memcpy(s->shmem + off, &v, bytes);
}

static uint64_t mhu_read(void *self, uint64_t off, unsigned int bytes)
{
	struct scp *s = self;

	(void)off;
	(void)bytes;
	return s->db;
}

static void mhu_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct scp *s = self;

	(void)off;
	(void)bytes;
	if ((v & 1U) == 0U)
		return;
	/* A doorbell with nothing handed over is a protocol error. */
	if (scp_channel_free(s) || s->answer_in > 0U) {
		s->violations++;
		return;
	}
	s->answer_in = s->latency;
}

void scp_init(struct scp *s, uintptr_t shmem, uintptr_t doorbell)
{
	memset(s, 0, sizeof(*s));
	s->shmem_base = shmem;
	s->doorbell = doorbell;
	put32(s, SH_STATUS, ST_FREE);
	s->pd_version = 0x20000;
	s->sys_version = 0x10000;
	s->pwr_state_set = true;
	s->sys_state_set = true;
	s->sys_attributes = 1U << 31 | 1U << 30;
	s->pd_answer = SCP_SUCCESS;
	s->sys_answer = SCP_NO_ANSWER;
	s->latency = 3;
	s->shmem_model = (struct model){ "SCMI shared memory", shmem,       SCP_SHMEM_SIZE,
		                         shmem_read,           shmem_write, s };
	s->mhu_model = (struct model){ "MHU doorbell", doorbell, 4, mhu_read, mhu_write, s };
	board_add(&s->shmem_model);
	board_add(&s->mhu_model);
}
