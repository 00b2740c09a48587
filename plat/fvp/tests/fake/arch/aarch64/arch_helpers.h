/*
 * The FVP host test's view of the architecture: fvp_common.c reads only
 * MPIDR_EL1 (the test says which layout the model has).
 */
#ifndef ARCH_HELPERS_H
#define ARCH_HELPERS_H

#include <stdint.h>

#include <arch/aarch64/arch.h>

uint64_t read_mpidr_el1(void);

#endif
