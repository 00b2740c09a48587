#include <arch/aarch64/arch_helpers.h>
#include <drivers/scmi.h>
#include <lib/mmio.h>

/* A reply should take microseconds; give up after ~1 s of polling. */
#define SCMI_POLL_LIMIT		100000000U

int scmi_call(struct scmi_channel *ch, uint32_t protocol, uint32_t msg,
	      const uint32_t *payload, unsigned int n)
{
	volatile uint8_t *shmem = (volatile uint8_t *)ch->shmem;
	int rc = SCMI_E_TIMEOUT;

	spin_lock(&ch->lock);
	scmi_write_command(shmem, scmi_msg_header(protocol, msg, ch->token++), payload, n);
	/* The command must be in memory before the doorbell rings (DMB ST). */
	__asm__ volatile("dmb st" : : : "memory");
	mmio_write_32(ch->doorbell, (mmio_read_32(ch->doorbell) & ~1U) | 1U);
	dsb_sy();
	for (uint32_t i = 0; i < SCMI_POLL_LIMIT; i++) {
		if ((mmio_read_32(ch->shmem + SCMI_SHMEM_STATUS) & SCMI_STATUS_FREE) != 0U) {
			__asm__ volatile("dmb ld" : : : "memory");
			rc = (int)mmio_read_32(ch->shmem + SCMI_SHMEM_PAYLOAD);
			break;
		}
	}
	spin_unlock(&ch->lock);
	return rc;
}
