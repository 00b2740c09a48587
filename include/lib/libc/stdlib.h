/* The freestanding subset of <stdlib.h> (for libfdt's headers). */
#ifndef STDLIB_H
#define STDLIB_H

#include <stddef.h>

unsigned long strtoul(const char *s, char **end, int base);

#endif
