/*
 * SCMI message encoding (Arm DEN0056 4.1.1, 5.1.2): pure, shared by the
 * transport (scmi.c) and the host unit tests.
 */
#include <drivers/scmi.h>

void scmi_write_command(volatile uint8_t *shmem, uint32_t header, const uint32_t *payload,
                        unsigned int n)
{
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_FLAGS) = 0; /* polled, no interrupt */
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_LENGTH) = 4U + 4U * n;
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_HEADER) = header;
	for (unsigned int i = 0; i < n; i++)
		*(volatile uint32_t *)(shmem + SCMI_SHMEM_PAYLOAD + 4U * i) = payload[i];
	*(volatile uint32_t *)(shmem + SCMI_SHMEM_STATUS) = 0; /* busy */
}
