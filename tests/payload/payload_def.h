/*
 * Payload constants usable from C, assembly and the linker script.
 */
#ifndef PAYLOAD_DEF_H
#define PAYLOAD_DEF_H

/* Upper bound of the payload's per-core tables; a bigger machine is refused. */
#define PAYLOAD_MAX_CORES    64
#define PAYLOAD_STACK_SIZE   0x1000
/* The largest DTB the payload maps and reads. */
#define PAYLOAD_DTB_MAX_SIZE 0x200000

/*
 * Which program this image is (one per payload image, see payload.mk):
 * the report and conformance run (no flag), make bench's
 * micro-benchmarks, the MEM_PROTECT reset test, make profile's calls, the
 * PMF record scenario (make check's pmf-order suite), or the power paths'
 * real-time stress (the power-stress suite).
 */
#ifndef PAYLOAD_MODE_BENCH
#define PAYLOAD_MODE_BENCH 0
#endif
#ifndef PAYLOAD_MODE_MEM_PROTECT
#define PAYLOAD_MODE_MEM_PROTECT 0
#endif
#ifndef PAYLOAD_MODE_PROFILE
#define PAYLOAD_MODE_PROFILE 0
#endif
#ifndef PAYLOAD_MODE_PMF_ORDER
#define PAYLOAD_MODE_PMF_ORDER 0
#endif
#ifndef PAYLOAD_MODE_STRESS
#define PAYLOAD_MODE_STRESS 0
#endif

#endif
