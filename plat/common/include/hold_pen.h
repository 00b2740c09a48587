/*
 * The hold pen: where a CPU that is not running waits, with its MMU and
 * caches off, until another CPU gives it an entry point.
 *
 * One 64-byte slot per core in the platform's shared RAM (slot = core
 * position). A waiting CPU WFE-polls its slot's state. A releaser writes
 * entry first, then state = HOLD_PEN_GO, cleans the line to the Point of
 * Coherency (the waiter reads with its data cache off) and executes SEV.
 * The waiter sets state back to HOLD_PEN_WAIT before it jumps, so a GO is
 * consumed exactly once and a stale one can never survive a reset.
 */
#ifndef PLAT_HOLD_PEN_H
#define PLAT_HOLD_PEN_H

#define HOLD_PEN_SLOT_SHIFT 6 /* a slot per 64-byte cache line */
#define HOLD_PEN_SLOT_SIZE  (1 << HOLD_PEN_SLOT_SHIFT)
#define HOLD_PEN_ENTRY      0 /* u64 entry point, physical address */
#define HOLD_PEN_STATE      8 /* u64 HOLD_PEN_WAIT or HOLD_PEN_GO */
#define HOLD_PEN_WAIT       0
/* A 64-bit pattern that uninitialised SRAM will not hold by chance. */
#define HOLD_PEN_GO         0x474f2d5043504f4eULL

#ifndef __ASSEMBLY__
#include <stdint.h>

/*
 * Send the CPU at core position @pos, waiting in its hold pen, to @entry
 * (physical address, entered at EL3 with the MMU off). Callable with the
 * MMU on or off.
 */
void hold_pen_release(unsigned int pos, uintptr_t entry);
/* Set every slot to HOLD_PEN_WAIT (cold boot, before any release). */
void hold_pen_init(void);
#endif

#endif
