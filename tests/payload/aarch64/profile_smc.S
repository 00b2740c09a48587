/*
 * The SMC call sites of make profile's program (profile.c): one function,
 * one SMC instruction, per profiled path. The profiler (tools/profile)
 * tells a CPU_ON from a PSCI_VERSION by the address the SMC was issued
 * from, so each path must have a call site no other call shares.
 *
 * uint64_t profile_smc_<path>(x0 = function ID, x1-x3 = arguments):
 * returns x0. SMCCC v1.2 may change x4-x17, which AAPCS64 lets a callee
 * change anyway; x18-x30 and SP are preserved by the firmware.
 */
#include <arch/aarch64/asm_macros.S>

	.irp path, psci_version, cpu_on, cpu_off
func profile_smc_\path
	smc	#0
	ret
endfunc profile_smc_\path
	.endr
