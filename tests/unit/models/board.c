/*
 * The board of the model tests (board.h): the fake register layer's
 * decoder, the simulated cores behind the fake architecture layer, and
 * the firmware's log, panic and locks.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <common/debug.h>
#include <lib/el3_runtime/cpu_data.h>
#include <lib/mmio.h>
#include <lib/spinlock.h>
#include <lib/xlat.h>

#include "board.h"

static const struct model *models[BOARD_MAX_MODELS];
static unsigned int model_count;
unsigned int board_unmapped;
uintptr_t board_unmapped_last;

struct board_core board_core[BOARD_MAX_CORES];
unsigned int board_cur;
static struct cpu_data cpu_data_sim[BOARD_MAX_CORES];
static uint64_t locks_held_sim[BOARD_MAX_CORES];
uint64_t board_now, board_freq, board_ticks_per_read;
void (*board_wfi_hook)(void);
unsigned int board_log_errors, board_log_warnings, board_log_notices;
char board_last_error[256], board_last_log[256];
char ecc_notice[256];
jmp_buf *board_panic_jmp;
unsigned int board_panics;
unsigned int board_lock_errors;
static uint64_t board_seq;
static const struct mmap_region *map[BOARD_MAX_REGIONS];
static unsigned int map_count;
bool board_access_ns;

void board_map(const struct mmap_region *regions, unsigned int count)
{
	for (unsigned int i = 0; i < count; i++) {
		if (map_count == BOARD_MAX_REGIONS)
			abort();
		map[map_count++] = &regions[i];
	}
}

/* The region @addr's @bytes lie in (NULL: none), when the test gave a map. */
static const struct mmap_region *mapped_at(uintptr_t addr, unsigned int bytes)
{
	for (unsigned int i = 0; i < map_count; i++) {
		if (map[i]->size >= bytes && addr >= map[i]->base &&
		    addr - map[i]->base <= map[i]->size - bytes)
			return map[i];
	}
	return NULL;
}

uint64_t board_next_seq(void)
{
	return ++board_seq;
}

void board_reset(void)
{
	model_count = 0;
	board_unmapped = 0;
	board_unmapped_last = 0;
	memset(board_core, 0, sizeof(board_core));
	memset(cpu_data_sim, 0, sizeof(cpu_data_sim));
	memset(locks_held_sim, 0, sizeof(locks_held_sim));
	board_cur = 0;
	board_now = 0;
	board_freq = 100000000U;     /* 100 MHz */
	board_ticks_per_read = 1000; /* 10 us per read */
	board_wfi_hook = NULL;
	board_log_errors = board_log_warnings = board_log_notices = 0;
	board_last_error[0] = board_last_log[0] = ecc_notice[0] = '\0';
	board_panic_jmp = NULL;
	board_panics = 0;
	board_lock_errors = 0;
	board_seq = 0;
	map_count = 0;
	board_access_ns = false;
}

void board_add(const struct model *m)
{
	if (model_count == BOARD_MAX_MODELS)
		abort();
	models[model_count++] = m;
}

void board_run_on(unsigned int pos)
{
	board_cur = pos;
}

static const struct model *decode(uintptr_t addr, unsigned int bytes)
{
	if (map_count > 0U) {
		const struct mmap_region *r = mapped_at(addr, bytes);

		if (r == NULL) {
			board_unmapped++;
			board_unmapped_last = addr;
			return NULL;
		}
		board_access_ns = (r->attr & MT_NS) != 0U;
	}
	for (unsigned int i = 0; i < model_count; i++) {
		const struct model *m = models[i];

		if (addr >= m->base && addr - m->base <= m->size - bytes)
			return m;
	}
	board_unmapped++;
	board_unmapped_last = addr;
	if (getenv("BOARD_TRACE") != NULL)
		printf("    [unmapped access at 0x%lx]\n", (unsigned long)addr);
	return NULL;
}

static uint64_t rd(uintptr_t addr, unsigned int bytes)
{
	const struct model *m = decode(addr, bytes);

	return m != NULL ? m->read(m->self, addr - m->base, bytes) : 0;
}

static void wr(uintptr_t addr, uint64_t v, unsigned int bytes)
{
	const struct model *m = decode(addr, bytes);

	if (m != NULL)
		m->write(m->self, addr - m->base, v, bytes);
}

uint32_t mmio_read_32(uintptr_t addr)
{
	return (uint32_t)rd(addr, 4);
}

void mmio_write_32(uintptr_t addr, uint32_t v)
{
	wr(addr, v, 4);
}

uint64_t mmio_read_64(uintptr_t addr)
{
	return rd(addr, 8);
}

void mmio_write_64(uintptr_t addr, uint64_t v)
{
	wr(addr, v, 8);
}

/* ---- the fake architecture layer's other side ---- */

uint64_t read_mpidr_el1(void)
{
	return board_core[board_cur].mpidr;
}

uint64_t read_tpidr_el3(void)
{
	return (uintptr_t)&cpu_data_sim[board_cur];
}

uint64_t read_cntpct_el0(void)
{
	board_now += board_ticks_per_read;
	return board_now;
}

uint64_t read_cntfrq_el0(void)
{
	return board_freq;
}

void write_cntfrq_el0(uint64_t v)
{
	board_freq = v;
}

uint64_t read_isr_el1(void)
{
	return 0;
}

#define SYSREG(name, field)                                                                        \
	uint64_t read_##name(void)                                                                 \
	{                                                                                          \
		return board_core[board_cur].field;                                                \
	}                                                                                          \
	void write_##name(uint64_t v)                                                              \
	{                                                                                          \
		board_core[board_cur].field = v;                                                   \
	}
SYSREG(scr_el3, scr_el3)
SYSREG(icc_pmr_el1, icc_pmr)
SYSREG(icc_sre_el3, icc_sre_el3)
SYSREG(icc_sre_el2, icc_sre_el2)

uint64_t read_icc_igrpen1_el3(void)
{
	return board_core[board_cur].icc_igrpen1_el3;
}

void write_icc_igrpen1_el3(uint64_t v)
{
	board_core[board_cur].icc_igrpen1_el3 = v;
	board_core[board_cur].igrpen1_seq = board_next_seq();
}

/* DSB SY completes what the core did before it (the GIC model checks the order). */
void dsb_sy(void)
{
	board_core[board_cur].dsb_seq = board_next_seq();
	board_core[board_cur].dsb_count++;
}

/* Inner shareable: not what a device outside the cores waits for. */
void dsb_ish(void)
{
}

void wfi(void)
{
	board_core[board_cur].wfi_count++;
	board_core[board_cur].scr_at_wfi = board_core[board_cur].scr_el3;
	if (board_wfi_hook != NULL)
		board_wfi_hook();
}

/* ---- the firmware's log, panic and locks ---- */

void tf_log(int level, const char *fmt, ...);
void tf_log(int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(board_last_log, sizeof(board_last_log), fmt, ap);
	va_end(ap);
	switch (level) {
	case LOG_LEVEL_ERROR:
		board_log_errors++;
		memcpy(board_last_error, board_last_log, sizeof(board_last_error));
		break;
	case LOG_LEVEL_WARNING:
		board_log_warnings++;
		break;
	case LOG_LEVEL_NOTICE:
		board_log_notices++;
		if (strstr(board_last_log, "ECC") != NULL)
			memcpy(ecc_notice, board_last_log, sizeof(ecc_notice));
		break;
	default:
		break;
	}
	if (getenv("BOARD_TRACE") != NULL)
		printf("    [log %d] %s", level, board_last_log);
}

void __panic(const char *file, int line)
{
	board_panics++;
	if (getenv("BOARD_TRACE") != NULL)
		printf("    [panic at %s:%d]\n", file, line);
	if (board_panic_jmp != NULL)
		longjmp(*board_panic_jmp, 1);
	printf("    unexpected panic at %s:%d\n", file, line);
	fflush(stdout);
	abort();
}

void spin_lock_raw(struct spinlock *lock)
{
	if (lock->lock != 0U)
		board_lock_errors++;
	lock->lock = 1;
}

void spin_unlock_raw(struct spinlock *lock)
{
	if (lock->lock == 0U)
		board_lock_errors++;
	lock->lock = 0;
}

uint64_t *lock_order_held(void)
{
	return &locks_held_sim[board_cur];
}
