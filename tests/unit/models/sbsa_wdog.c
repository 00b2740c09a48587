/*
 * The SBSA Generic Watchdog model (sbsa_wdog.h).
 */
#include <string.h>

#include "sbsa_wdog.h"

#define WCS      0x000
#define WOR_LOW  0x008
#define WOR_HIGH 0x00c
#define W_IIDR   0xfcc

static uint64_t wdog_read(void *self, uint64_t off, unsigned int bytes)
{
	struct sbsa_wdog *w = self;

	(void)bytes;
	switch (off) {
	case WCS:
		return w->enabled ? 1U : 0U;
	case WOR_LOW:
		return (uint32_t)w->wor;
	case WOR_HIGH:
		return w->arch == 0U ? 0U : (uint32_t)(w->wor >> 32) & 0xffffU;
	case W_IIDR:
		return (uint64_t)w->arch << 16 | 0x43BU; /* Arm */
	default:
		return 0;
	}
}

static void wdog_write(void *self, uint64_t off, uint64_t v, unsigned int bytes)
{
	struct sbsa_wdog *w = self;

	(void)bytes;
	switch (off) {
	case WCS:
		w->enabled = (v & 1U) != 0U;
		break;
	case WOR_LOW:
		w->wor = (w->wor & ~0xffffffffULL) | (uint32_t)v;
		w->wor_writes++;
		break;
	case WOR_HIGH:
		if (w->arch == 0U) {
			w->reserved_writes++;
			break;
		}
		w->wor = (w->wor & 0xffffffffULL) | ((v & 0xffffU) << 32);
		w->wor_writes++;
		break;
	default:
		w->unknown_writes++;
		break;
	}
}

void sbsa_wdog_init(struct sbsa_wdog *w, uintptr_t control, unsigned int arch)
{
	memset(w, 0, sizeof(*w));
	w->arch = arch;
	w->model = (struct model){ "SBSA watchdog", control, 0x1000, wdog_read, wdog_write, w };
	board_add(&w->model);
}
