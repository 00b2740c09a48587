/*
 * The SCMI transport: a command written into the channel's shared memory,
 * the MHU doorbell rung, and the reply polled for (Arm DEN0056 5.1).
 */
#include <errno.h>

#include <arch/aarch64/arch_helpers.h>
#include <drivers/scmi.h>
#include <lib/mmio.h>

/* A reply should take microseconds; give up after ~1 s of polling. */
#define SCMI_POLL_LIMIT 100000000U

int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg, const uint32_t *payload,
              unsigned int n, int32_t *status)
{
	int rc = -ETIMEDOUT;

	spin_lock(&ch->lock);
	scmi_write_command(ch->shmem, scmi_msg_header(protocol, msg, ch->token++), payload, n);
	/* The command must be in memory before the doorbell rings (DMB ST). */
	dmb_st();
	mmio_write_32(ch->doorbell, (mmio_read_32(ch->doorbell) & ~1U) | 1U);
	dsb_sy();
	for (uint32_t i = 0; i < SCMI_POLL_LIMIT; i++) {
		if ((mmio_read_32(ch->shmem + SCMI_SHMEM_STATUS) & SCMI_STATUS_FREE) != 0U) {
			dmb_ld();
			int32_t st = (int32_t)mmio_read_32(ch->shmem + SCMI_SHMEM_PAYLOAD);

			if (status != NULL)
				*status = st;
			rc = st == SCMI_SUCCESS ? 0 : -EIO;
			break;
		}
	}
	spin_unlock(&ch->lock);
	return rc;
}
