/*
 * SCMI message encoding (Arm DEN0056 4.1.1, 5.1.2): shared by the
 * transport (scmi.c) and the host unit tests. The channel is device
 * memory the SCP reads: every access is a single 32-bit mmio access.
 */
#include <drivers/scmi.h>
#include <lib/mmio.h>

void scmi_write_command(uintptr_t shmem, uint32_t header, const uint32_t *payload, unsigned int n)
{
	mmio_write_32(shmem + SCMI_SHMEM_FLAGS, 0); /* polled, no interrupt */
	mmio_write_32(shmem + SCMI_SHMEM_LENGTH, 4U + 4U * n);
	mmio_write_32(shmem + SCMI_SHMEM_HEADER, header);
	for (unsigned int i = 0; i < n; i++)
		mmio_write_32(shmem + SCMI_SHMEM_PAYLOAD + 4U * i, payload[i]);
	mmio_write_32(shmem + SCMI_SHMEM_STATUS, 0); /* busy */
}
