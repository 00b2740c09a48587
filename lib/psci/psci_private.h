#ifndef PSCI_PRIVATE_H
#define PSCI_PRIVATE_H

#include <stdint.h>

#include <common/console.h>
#include <common/runtime_svc.h>

#include <lib/psci/psci_lib.h>

/* PSCI_FEATURES(@fid): 0 (or feature flags) if implemented, else -1. */
int32_t psci_features(uint32_t fid);

void psci_system_off(void) __attribute__((noreturn));
void psci_system_reset(void) __attribute__((noreturn));

#endif
