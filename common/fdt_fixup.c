#include <libfdt.h>

#include <common/debug.h>
#include <common/fdt_fixup.h>

#define MAX_IDLE_STATES	4U

/* Replace @parent's child @name with an empty node; its offset or an error. */
static int fresh_subnode(void *fdt, int parent, const char *name)
{
	int node = fdt_subnode_offset(fdt, parent, name);

	if (node >= 0) {
		int rc = fdt_del_node(fdt, node);

		if (rc < 0)
			return rc;
	}
	return fdt_add_subnode(fdt, parent, name);
}

static int add_idle_states(void *fdt, int cpus, const struct dt_idle_state *states,
			   unsigned int count, uint32_t *phandles)
{
	int parent = fresh_subnode(fdt, cpus, "idle-states");
	int rc = parent < 0 ? parent : fdt_setprop_string(fdt, parent, "entry-method", "psci");

	for (unsigned int i = 0; rc >= 0 && i < count; i++) {
		const struct dt_idle_state *s = &states[i];
		int node = fdt_add_subnode(fdt, parent, s->name);

		rc = node;
		if (rc >= 0)
			rc = fdt_generate_phandle(fdt, &phandles[i]);
		if (rc >= 0)
			rc = fdt_setprop_string(fdt, node, "compatible", "arm,idle-state");
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, node, "arm,psci-suspend-param",
					     s->psci_suspend_param);
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, node, "entry-latency-us", s->entry_latency_us);
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, node, "exit-latency-us", s->exit_latency_us);
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, node, "min-residency-us", s->min_residency_us);
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, node, "phandle", phandles[i]);
	}
	return rc;
}

int fdt_add_psci(void *fdt, size_t max_size, const struct dt_idle_state *states,
		 unsigned int count)
{
	/* "arm,psci-0.2" lets kernels that predate PSCI 1.0 bindings use it too. */
	static const char compatible[] = "arm,psci-1.0\0arm,psci-0.2";
	uint32_t phandles[MAX_IDLE_STATES];
	fdt32_t idle_list[MAX_IDLE_STATES];
	int rc = fdt_open_into(fdt, fdt, (int)max_size);
	int node = -FDT_ERR_NOTFOUND;
	int cpus = -FDT_ERR_NOTFOUND;
	unsigned int cpu_count = 0;

	if (count > MAX_IDLE_STATES)
		rc = -FDT_ERR_BADVALUE;
	if (rc >= 0)
		rc = node = fresh_subnode(fdt, 0, "psci");
	if (rc >= 0)
		rc = fdt_setprop(fdt, node, "compatible", compatible, sizeof(compatible));
	if (rc >= 0)
		rc = fdt_setprop_string(fdt, node, "method", "smc");
	if (rc >= 0)
		rc = cpus = fdt_path_offset(fdt, "/cpus");
	if (rc >= 0 && count != 0U)
		rc = add_idle_states(fdt, cpus, states, count, phandles);
	for (unsigned int i = 0; i < count; i++)
		idle_list[i] = cpu_to_fdt32(phandles[i]);
	if (rc >= 0) {
		fdt_for_each_subnode(node, fdt, cpus) {
			const char *type = fdt_getprop(fdt, node, "device_type", NULL);

			if (type == NULL || strcmp(type, "cpu") != 0)
				continue;
			rc = fdt_setprop_string(fdt, node, "enable-method", "psci");
			if (rc >= 0 && count != 0U)
				rc = fdt_setprop(fdt, node, "cpu-idle-states", idle_list,
						 (int)(count * sizeof(idle_list[0])));
			if (rc < 0)
				break;
			cpu_count++;
		}
	}
	if (rc < 0) {
		ERROR("DTB: cannot add the PSCI description: %s\n", fdt_strerror(rc));
		return rc;
	}
	INFO("DTB: PSCI node, enable-method on %u CPUs, %u idle states\n", cpu_count, count);
	return 0;
}
