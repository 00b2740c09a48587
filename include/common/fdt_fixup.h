/*
 * Device-tree edits that describe this firmware to the normal world
 * (libfdt, from Debian's libfdt-dev arm64 static library).
 */
#ifndef COMMON_FDT_FIXUP_H
#define COMMON_FDT_FIXUP_H

#include <stddef.h>
#include <stdint.h>

/* One idle state to advertise (Linux: Documentation/devicetree/bindings/cpu/idle-states.yaml). */
struct dt_idle_state {
	const char *name;		/* node name, e.g. "cpu-power-down" */
	uint32_t psci_suspend_param;	/* power_state CPU_SUSPEND accepts */
	uint32_t entry_latency_us;
	uint32_t exit_latency_us;
	uint32_t min_residency_us;
	uint32_t level;			/* 0: core state, 1: cluster state */
};

/*
 * Make the DTB at @fdt (with up to @max_size bytes of room) describe PSCI:
 * a /psci node ("arm,psci-1.0", method "smc"), enable-method = "psci" on
 * every /cpus/cpu node, and /cpus/idle-states with @states, linked from each
 * CPU's cpu-idle-states. Existing nodes and properties of those names are
 * replaced. Returns 0, or a negative libfdt error code (FDT_ERR_*) after
 * printing what failed; the DTB may then be partly edited.
 */
int fdt_add_psci(void *fdt, size_t max_size, const struct dt_idle_state *states,
		 unsigned int count);

#endif
