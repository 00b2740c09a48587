/*
 * SDS region parser (include/drivers/sds.h). The region is written by the
 * SCP: every size is checked before it is used. Host-tested against
 * malformed regions (plat/n1sdp/tests/test_n1sdp.c).
 */
#include <drivers/sds.h>

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int sds_find(const void *region, size_t size, uint32_t id, const uint8_t **data, uint32_t *len)
{
	const uint8_t *base = region;

	if (size < SDS_DESC_SIZE || (rd32(base) & 0xFFFFU) != SDS_REGION_SIGNATURE)
		return SDS_E_NO_REGION;
	if ((rd32(base) >> 28) != SDS_VERSION_MAJOR)
		return SDS_E_VERSION;

	unsigned int count = (rd32(base) >> 16) & 0xFFU;
	uint32_t region_size = rd32(base + 4);

	if (region_size < SDS_DESC_SIZE || region_size > size)
		return SDS_E_CORRUPT;

	uint32_t off = SDS_DESC_SIZE;

	for (unsigned int i = 0; i < count; i++) {
		if (region_size - off < SDS_HEADER_SIZE)
			return SDS_E_CORRUPT;

		uint32_t sid = rd32(base + off);
		uint32_t word = rd32(base + off + 4);
		uint32_t len_i = (word >> 1) & 0x7FFFFFU;

		if (sid == 0U || (sid >> 24) == 0U || len_i < SDS_STRUCT_ALIGN ||
		    len_i % SDS_STRUCT_ALIGN != 0U || len_i > region_size - off - SDS_HEADER_SIZE)
			return SDS_E_CORRUPT;
		if (sid == id) {
			if ((word & 1U) == 0U)
				return SDS_E_INVALID;
			*data = base + off + SDS_HEADER_SIZE;
			*len = len_i;
			return 0;
		}
		off += SDS_HEADER_SIZE + len_i;
	}
	return SDS_E_NOT_FOUND;
}
