/*
 * The generic unit: what runs on a CPU no other unit claims (QEMU's "max",
 * the FVP's AEM). Not registered: cpu_ops_find returns it when the look-up
 * finds nothing. Its caches go down as CLIDR_EL1 says: the levels below
 * the Level of Unification Inner Shareable when a core goes down (its
 * private caches), below the Level of Coherency when its cluster does
 * (ARM DDI 0487 D7.5, CLIDR_EL1). No rows: nothing is known of its errata,
 * and it needs no IMPLEMENTATION DEFINED step.
 */
#include <lib/cpus/cpu_ops.h>

const struct cpu_ops cpu_ops_generic = {
	.midr = 0,
	.flush = CPU_FLUSH_CLIDR,
	.name = "generic (CLIDR_EL1)",
};
