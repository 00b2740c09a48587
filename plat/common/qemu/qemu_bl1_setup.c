/*
 * A QEMU machine, BL1: every secondary core is already waiting in the hold pen;
 * start it from a known state before anything can release a core.
 */
#include <hold_pen.h>
#include <plat/plat_setup.h>

void plat_bl1_setup(void)
{
	hold_pen_init();
}
