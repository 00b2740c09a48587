/*
 * Porting interface: CPU topology. Every platform implements all of these.
 */
#ifndef PLAT_TOPOLOGY_H
#define PLAT_TOPOLOGY_H

#include <stdint.h>

/*
 * plat_my_core_pos (assembly-callable): the calling CPU's linear core
 * position, 0 .. PLATFORM_CORE_COUNT-1, or a value >= PLATFORM_CORE_COUNT
 * for a CPU the build does not know. Position 0 is the primary (the CPU
 * that cold boots). MMU on or off; no stack; clobbers x0-x2 only.
 */
unsigned int plat_my_core_pos(void);

/*
 * The core position of the CPU named by @mpidr (any MPIDR_EL1 value: bits
 * outside Aff3..Aff0 are ignored), or -1 when no such CPU exists.
 */
int plat_core_pos_by_mpidr(uint64_t mpidr);

/* The MPIDR affinity value (Aff3..Aff0) of core position @pos. */
uint64_t plat_core_mpidr(unsigned int pos);

/* The generic counter frequency in Hz, programmed into CNTFRQ_EL0. */
uint32_t plat_get_syscnt_freq(void);

#endif
