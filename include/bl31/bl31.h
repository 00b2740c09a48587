/*
 * BL31's own entry points, for the code linked into BL31 only (its
 * services): nothing in lib/, drivers/ or plat/ includes this.
 */
#ifndef BL31_BL31_H
#define BL31_BL31_H

#include <lib/mem_ranges.h>

/*
 * Where a core powered up by PSCI enters BL31 (bl31_entrypoint.S): MMU and
 * caches off, any register content. psci_setup() hands its address to the
 * platform, whose power hooks start cores there.
 */
void bl31_warm_entrypoint(void);

/*
 * The non-secure DRAM BL2 found (struct bl31_params): where PSCI takes
 * entry points. Valid from BL31's cold boot on.
 */
const struct mem_ranges *bl31_ns_dram(void);

#endif
