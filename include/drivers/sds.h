/*
 * Shared Data Structures (SDS): the SCP firmware's tagged structures in
 * memory it shares with the application processors (Arm SCP-firmware,
 * module/sds). The region starts with an 8-byte descriptor:
 *   bits 15:0   signature 0xAA7A
 *   bits 23:16  structure count
 *   bits 27:24  schema minor version, 31:28 major version (1)
 *   bits 63:32  region size in bytes, descriptor included
 * then the structures, each an 8-byte header followed by its content:
 *   bits 31:0   id: linear id 15:0, minor version 23:16, major version 31:24
 *               (0 is not an id, nor major version 0)
 *   bit  32     valid (the SCP finalised it)
 *   bits 55:33  content size in bytes, a multiple of 8, at least 8
 * Pure: parses a copy or the region itself, never reads past @size.
 */
#ifndef SDS_H
#define SDS_H

#include <stddef.h>
#include <stdint.h>

#define SDS_REGION_SIGNATURE 0xAA7AU
#define SDS_VERSION_MAJOR    1U
#define SDS_DESC_SIZE        8U
#define SDS_HEADER_SIZE      8U
#define SDS_STRUCT_ALIGN     8U
#define SDS_ID(n, major)     ((uint32_t)(n) | (uint32_t)(major) << 24)

/* Errors (negative) */
#define SDS_E_NO_REGION -1 /* no signature: no SDS region there */
#define SDS_E_VERSION   -2 /* a schema major version other than 1 */
#define SDS_E_CORRUPT   -3 /* a size or header that cannot be right */
#define SDS_E_NOT_FOUND -4 /* no structure with that id */
#define SDS_E_INVALID   -5 /* found, but the SCP has not finalised it */

/*
 * Find structure @id in the SDS region at @region (at most @size bytes
 * readable): 0 with *@data / *@len its content, or an SDS_E_* error.
 */
int sds_find(const void *region, size_t size, uint32_t id, const uint8_t **data, uint32_t *len);

#endif
