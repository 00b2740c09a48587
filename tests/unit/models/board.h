/*
 * The board the model tests run firmware code on: a fake register layer
 * (every mmio_read/write of the code under test is decoded by the
 * register model placed at that address) and the simulated cores behind
 * the fake architecture layer (tests/unit/fake), written from Arm's
 * documents, device by device, in the files beside this one.
 *
 * The firmware's own stand-ins are here too: its log (captured, so that a
 * test can check what was reported), panic (returns to the test through
 * board_expect_panic) and the spinlocks (cores run one at a time: a lock
 * found held is a bug the test counts).
 */
#ifndef TESTS_UNIT_MODELS_BOARD_H
#define TESTS_UNIT_MODELS_BOARD_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A register model decoding the accesses to [base, base + size). */
struct model {
	const char *name;
	uintptr_t base;
	uint64_t size;
	uint64_t (*read)(void *self, uint64_t offset, unsigned int bytes);
	void (*write)(void *self, uint64_t offset, uint64_t value, unsigned int bytes);
	void *self;
};

#define BOARD_MAX_MODELS 16
#define BOARD_MAX_CORES  8

/* No models, core 0 running, counter at 0, logs and counts cleared. */
void board_reset(void);
void board_add(const struct model *m);

/* Accesses no model decoded since board_reset (each is a test failure). */
extern unsigned int board_unmapped;
extern uintptr_t board_unmapped_last;

/*
 * The images' translation-table regions (lib/xlat's struct mmap_region),
 * once the test gives them (board_map): an access outside every region
 * would fault on the board and counts as unmapped; one through a region
 * with MT_NS is non-secure, and board_access_ns says so to the model that
 * decodes it (a secure-only register ignores it). Without a map every
 * access is secure. Up to BOARD_MAX_REGIONS regions.
 */
#define BOARD_MAX_REGIONS 16
struct mmap_region;
void board_map(const struct mmap_region *regions, unsigned int count);
extern bool board_access_ns;

/*
 * The simulated cores: their MPIDR and the system registers they hold.
 * The order of what each does is kept as numbers of one board-wide
 * sequence (board_next_seq), so that a model can tell whether one thing
 * came before another: the last write of ICC_IGRPEN1_EL3, the last DSB SY.
 */
struct board_core {
	uint64_t mpidr;
	uint64_t scr_el3;
	uint64_t icc_pmr, icc_igrpen1_el3, icc_sre_el3, icc_sre_el2;
	unsigned int wfi_count;
	uint64_t scr_at_wfi; /* SCR_EL3 at the last WFI */
	uint64_t igrpen1_seq, dsb_seq;
	unsigned int dsb_count;
};
/* The next number of the board's sequence of events (1, 2, ...). */
uint64_t board_next_seq(void);
extern struct board_core board_core[BOARD_MAX_CORES];
extern unsigned int board_cur; /* the core running firmware code */
void board_run_on(unsigned int pos);

/*
 * The system counter as the cores read it: CNTFRQ_EL0 and a CNTPCT_EL0
 * that advances board_ticks_per_read at every read (so that a wait
 * bounded by time ends after a known number of polls).
 */
extern uint64_t board_now, board_freq, board_ticks_per_read;

/* Called at each WFI of the running core (after the count), if set. */
extern void (*board_wfi_hook)(void);

/* The firmware's log: messages per level (common/debug.h) and the last one. */
extern unsigned int board_log_errors, board_log_warnings, board_log_notices;
extern char board_last_error[256], board_last_log[256];
/* The last NOTICE that says "ECC" (BL2's cost line). */
extern char ecc_notice[256];

/*
 * A panic of the code under test longjmps here when armed (returns 1 from
 * the setjmp); unarmed, it fails the test and aborts.
 */
extern jmp_buf *board_panic_jmp;
extern unsigned int board_panics;

/* Locks found held at an acquire, or free at a release. */
extern unsigned int board_lock_errors;

#endif
