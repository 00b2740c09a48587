/*
 * Arm Neoverse N1 (MIDR 0x410FD0C0; revisions r0p0, r1p0, r2p0, r3p0,
 * r3p1, r4p0, r4p1): the CPU this firmware is made for.
 *
 * Its own steps: hardware-coherent (the DSU writes its caches back on
 * power-down, so nothing is flushed by set/way); CPUPWRCTLR_EL1.
 * CORE_PWRDN_EN cleared at reset and set before a power-down (Neoverse N1
 * TRM, 100616). The Spectre-BHB loop needs 24 taken branches.
 *
 * Its errata are those of Arm's Neoverse N1 Software Developer Errata
 * Notice (SDEN-885747) that have a firmware workaround, as TF-A documents
 * them (its page of CPU build macros, ERRATA_N1_*) and implements them
 * (its neoverse_n1.S): each row gives the
 * erratum's number, the revisions the notice says it affects, where the
 * workaround runs and what it writes. Every row is always built: which
 * apply is the running core's revision's business, not the build's
 * (TF-A's ERRATA_N1_* options have no meaning here, docs/tfa-users.rst).
 * The rows that write IMPLEMENTATION DEFINED registers run only where the
 * platform says they exist (PLAT_CPU_IMPDEF_REGS: not on QEMU, whose model
 * has none of them); the boot log says so. And the vulnerabilities with an
 * EL3 part: CVE-2018-3639, CVE-2022-23960, CVE-2025-10263.
 */
#include <lib/cpus/errata.h>
#include <lib/el3_runtime/cpu_data.h>

#define N1_MIDR MIDR_ARM(0xD0C)
#define R(v, p) CPU_REV(v, p)

/* Neoverse N1 TRM: CPUPWRCTLR_EL1.CORE_PWRDN_EN; CPUECTLR_EL1 fields. */
#define CORE_PWRDN_EN      (1ULL << 0)
#define ECTLR_EXTLLC       (1ULL << 0)  /* an external last-level cache is present */
#define ECTLR_WS_THR_L2    (3ULL << 24) /* write streaming no-allocate threshold, L2 */
#define ECTLR_MM_TLBPF_DIS (1ULL << 51) /* MMU TLB prefetch disable */

/* SSBS holds bit 12 alone (the others RES0): written, not read first. */
static const struct cpu_reg_write ssbs_off[] = { CPU_WRITE(SSBS, 0, 0) };
static const struct cpu_reg_write isb_only[] = { CPU_BARRIER(CPU_SYNC_ISB) };
static const struct cpu_reg_write pwrdn_off[] = { CPU_CLEAR(CPUPWRCTLR_EL1, CORE_PWRDN_EN, 0) };
static const struct cpu_reg_write pwrdn_on[] = { CPU_SET(CPUPWRCTLR_EL1, CORE_PWRDN_EN, 0) };
static const struct cpu_reg_write dsb_only[] = { CPU_BARRIER(CPU_SYNC_DSB_SY) };
/*
 * A platform whose interconnect has a system-level cache behind the DSU
 * (N1SDP's CMN-600 system cache; TF-A's N1SDP builds with
 * NEOVERSE_Nx_EXTERNAL_LLC) tells the core (Neoverse N1 TRM,
 * CPUECTLR_EL1.EXTLLC): PLAT_CPU_EXTERNAL_LLC.
 */
CPU_IF(PLAT_CPU_EXTERNAL_LLC,
       static const struct cpu_reg_write extllc_on[] = { CPU_SET(CPUECTLR_EL1, ECTLR_EXTLLC, 0) };)
/*
 * 1043202 (r0p0-r1p0): an instruction patch in slot 0, as TF-A's
 * neoverse_n1.S applies it (its ERRATA_N1_1043202, absent from its list
 * of build macros); slot 0 is 1542419's on r3p0-r4p0, a disjoint range.
 */
static const struct cpu_reg_write e1043202[] = {
	CPU_WRITE(CPUPSELR_EL3, 0, 0),
	CPU_WRITE(CPUPOR_EL3, 0xF3BF8F2FULL, 0),
	CPU_WRITE(CPUPMR_EL3, 0xFFFFFFFFULL, 0),
	CPU_WRITE(CPUPCR_EL3, 0x800200071ULL, CPU_SYNC_ISB),
};
static const struct cpu_reg_write e925373[] = {
	CPU_SET(CPUACTLR3_EL1, (1ULL << 33) | (1ULL << 34), 0),
};
static const struct cpu_reg_write e1073348[] = { CPU_SET(CPUACTLR_EL1, 1ULL << 6, 0) };
static const struct cpu_reg_write e1130799[] = { CPU_SET(CPUACTLR2_EL1, 1ULL << 59, 0) };
static const struct cpu_reg_write e1165347[] = {
	CPU_SET(CPUACTLR2_EL1, (1ULL << 0) | (1ULL << 15), 0),
};
static const struct cpu_reg_write e1207823[] = { CPU_SET(CPUACTLR2_EL1, 1ULL << 11, 0) };
static const struct cpu_reg_write e1220197[] = { CPU_SET(CPUECTLR_EL1, ECTLR_WS_THR_L2, 0) };
static const struct cpu_reg_write e1257314[] = { CPU_SET(CPUACTLR3_EL1, 1ULL << 10, 0) };
/* 1262606, 1275112 and 1868343 share their workaround over different revisions. */
static const struct cpu_reg_write actlr_bit13[] = { CPU_SET(CPUACTLR_EL1, 1ULL << 13, 0) };
static const struct cpu_reg_write e1262888[] = { CPU_SET(CPUECTLR_EL1, ECTLR_MM_TLBPF_DIS, 0) };
static const struct cpu_reg_write e1315703[] = { CPU_SET(CPUACTLR2_EL1, 1ULL << 16, 0) };
/*
 * 1542419: an instruction patch (slot 0: select, opcode, mask, control)
 * that makes IC IVAU at EL0 trap to EL3, where n1_trap does the rest.
 */
static const struct cpu_reg_write e1542419[] = {
	CPU_WRITE(CPUPSELR_EL3, 0, 0),
	CPU_WRITE(CPUPOR_EL3, 0xEE670D35ULL, 0),
	CPU_WRITE(CPUPMR_EL3, 0xFFFF0FFFULL, 0),
	CPU_WRITE(CPUPCR_EL3, 0x08000020007DULL, CPU_SYNC_ISB),
};
static const struct cpu_reg_write e1791580[] = { CPU_SET(CPUACTLR2_EL1, 1ULL << 2, 0) };
/* 1946160: three instruction patches, slots 3 to 5. */
static const struct cpu_reg_write e1946160[] = {
	CPU_WRITE(CPUPSELR_EL3, 3, 0),
	CPU_WRITE(CPUPOR_EL3, 0x10E3900002ULL, 0),
	CPU_WRITE(CPUPMR_EL3, 0x10FFF00083ULL, 0),
	CPU_WRITE(CPUPCR_EL3, 0x2001003FFULL, 0),
	CPU_WRITE(CPUPSELR_EL3, 4, 0),
	CPU_WRITE(CPUPOR_EL3, 0x10E3800082ULL, 0),
	CPU_WRITE(CPUPMR_EL3, 0x10FFF00083ULL, 0),
	CPU_WRITE(CPUPCR_EL3, 0x2001003FFULL, 0),
	CPU_WRITE(CPUPSELR_EL3, 5, 0),
	CPU_WRITE(CPUPOR_EL3, 0x10E3800200ULL, 0),
	CPU_WRITE(CPUPMR_EL3, 0x10FFF003E0ULL, 0),
	CPU_WRITE(CPUPCR_EL3, 0x2001003FFULL, CPU_SYNC_ISB),
};
static const struct cpu_reg_write e3888013[] = { CPU_SET(CPUACTLR2_EL1, 1ULL << 22, 0) };

#define IMPDEF_ROW (CPU_ROW_BUILT | CPU_ROW_IMPDEF)
/* An erratum whose workaround sets bits of IMPLEMENTATION DEFINED registers at reset. */
#define RESET_ERRATUM(number, lo, hi, writes, text)                                                \
	CPU_ERRATUM(number, lo, hi, CPU_AT_RESET, IMPDEF_ROW, CPU_EM_EL3, writes, text)

/*
 * Speculative Store Bypass (CVE-2018-3639): EL3 runs with PSTATE.SSBS = 0
 * from reset, not only from its first exception entry (SCTLR_EL3.DSSBS =
 * 0), as TF-A does on N1; then 3324349 (every revision, open): an MSR to
 * SSBS does not synchronise itself, so speculation past it may still
 * bypass stores: an ISB right after EL3's write. Lower ELs that write SSBS
 * do their own (Linux: ARM64_ERRATUM_3194386). Walked at reset only when
 * the build carries WORKAROUND_CVE_2018_3639 (CPU_IF), kept aside otherwise.
 */
#define SSBD_FLAGS (CPU_BUILT_IF(WORKAROUND_CVE_2018_3639) | CPU_ROW_SSBS)
#define N1_SSBS_ROWS                                                                               \
	CPU_ERRATUM(CVE_ID(2018, 3639), R(0, 0), R(4, 1), CPU_AT_RESET, SSBD_FLAGS,                \
	            CPU_EM_EACH_EL, ssbs_off, "PSTATE.SSBS = 0 at reset; each EL sets its own"),   \
		CPU_ERRATUM(3324349, R(0, 0), R(4, 1), CPU_AT_RESET, SSBD_FLAGS, CPU_EM_EACH_EL,   \
	                    isb_only,                                                              \
	                    "ISB right after EL3's SSBS write (the CVE-2018-3639 row's); lower "   \
	                    "ELs do their own")

/*
 * At every reset, in this order: the architectural rows, then the
 * IMPLEMENTATION DEFINED ones (the walk stops at the first of those where
 * the platform has none): the CPU's own step (no power-down request left
 * over from before the reset), then the errata by number.
 */
static const struct cpu_row n1_reset[] = {
	CPU_IF(WORKAROUND_CVE_2018_3639, N1_SSBS_ROWS, ) /* the rows with their comma, or none */
	CPU_STEP(CPU_AT_RESET, IMPDEF_ROW, pwrdn_off),
	CPU_IF(PLAT_CPU_EXTERNAL_LLC, CPU_STEP(CPU_AT_RESET, IMPDEF_ROW, extllc_on), )
		RESET_ERRATUM(925373, R(0, 0), R(0, 0), e925373,
	                      "CPUACTLR3_EL1[34:33] set at reset"),
	RESET_ERRATUM(1043202, R(0, 0), R(1, 0), e1043202, "instruction patch 0 at reset"),
	RESET_ERRATUM(1073348, R(0, 0), R(1, 0), e1073348, "CPUACTLR_EL1[6] set at reset"),
	RESET_ERRATUM(1130799, R(0, 0), R(2, 0), e1130799, "CPUACTLR2_EL1[59] set at reset"),
	RESET_ERRATUM(1165347, R(0, 0), R(2, 0), e1165347,
	              "CPUACTLR2_EL1[15] and [0] set at reset"),
	RESET_ERRATUM(1207823, R(0, 0), R(2, 0), e1207823, "CPUACTLR2_EL1[11] set at reset"),
	RESET_ERRATUM(1220197, R(0, 0), R(2, 0), e1220197,
	              "CPUECTLR_EL1.WS_THR_L2 (bits 25:24) set at reset"),
	RESET_ERRATUM(1257314, R(0, 0), R(3, 0), e1257314, "CPUACTLR3_EL1[10] set at reset"),
	RESET_ERRATUM(1262606, R(0, 0), R(3, 0), actlr_bit13, "CPUACTLR_EL1[13] set at reset"),
	RESET_ERRATUM(1262888, R(0, 0), R(3, 0), e1262888,
	              "CPUECTLR_EL1.MM_TLBPF_DIS (bit 51) set at reset"),
	RESET_ERRATUM(1275112, R(0, 0), R(3, 0), actlr_bit13, "CPUACTLR_EL1[13] set at reset"),
	RESET_ERRATUM(1315703, R(0, 0), R(3, 0), e1315703, "CPUACTLR2_EL1[16] set at reset"),
	/*
	 * 1542419 (r3p0-r4p0): the core may fetch a stale instruction after
	 * a branch is changed to point at new code. The patch makes EL0's IC
	 * IVAU trap to EL3, whose handler (n1_trap) issues one broadcast TLB
	 * invalidation and a DSB, which waits for the old fetches; the OS's
	 * half is to make EL0 issue IC IVAU (Linux: ARM64_ERRATUM_1542419
	 * hides CTR_EL0.DIC), so the caller is affected still.
	 */
	CPU_ERRATUM(1542419, R(3, 0), R(4, 0), CPU_AT_RESET, IMPDEF_ROW, CPU_EM_SPLIT, e1542419,
	            "patch at reset traps EL0's IC IVAU to EL3; EL3 does TLBI VAE3IS + DSB SY and "
	            "skips it; the OS does its half"),
	RESET_ERRATUM(1791580, R(0, 0), R(4, 0), e1791580, "CPUACTLR2_EL1[2] set at reset"),
	RESET_ERRATUM(1868343, R(0, 0), R(4, 0), actlr_bit13, "CPUACTLR_EL1[13] set at reset"),
	/* 1946160: r3p0-r4p1 (r0p0-r2p0 are affected too but have no workaround). */
	RESET_ERRATUM(1946160, R(3, 0), R(4, 1), e1946160, "instruction patches 3-5 at reset"),
	/* 3888013: every revision, open. */
	RESET_ERRATUM(3888013, R(0, 0), R(4, 1), e3888013, "CPUACTLR2_EL1[22] set at reset"),
};

/*
 * Before a power-down: CORE_PWRDN_EN, then 2743102's DSB (every revision,
 * open: without it the core may not finish powering down), then the ISB.
 */
static const struct cpu_row n1_pwr_down[] = {
	CPU_STEP(CPU_AT_PWR_DOWN, IMPDEF_ROW, pwrdn_on),
	CPU_ERRATUM(2743102, R(0, 0), R(4, 1), CPU_AT_PWR_DOWN, IMPDEF_ROW, CPU_EM_EL3, dsb_only,
	            "DSB SY between setting CORE_PWRDN_EN and its ISB"),
	CPU_STEP(CPU_AT_PWR_DOWN, IMPDEF_ROW, isb_only),
};

static const struct cpu_row n1_runtime[] = {
	CPU_UNLESS(WORKAROUND_CVE_2018_3639,
	           N1_SSBS_ROWS, ) /* the rows with their comma, or none */
	/*
	 * Spectre-BHB (CVE-2022-23960), every revision: BL31's lower-EL
	 * vectors run the branch loop (Arm's Spectre-BHB whitepaper). It
	 * guards EL3 only; a kernel runs its own, so no SMCCC_ARCH_WORKAROUND_3
	 * call is required (1, TF-A's answer on N1: docs/plat/n1sdp.rst).
	 */
	CPU_ERRATUM_AT(CVE_ID(2022, 23960), R(0, 0), R(4, 1), CPU_AT_ENTRY,
	               CPU_BUILT_IF(WORKAROUND_CVE_2022_23960), CPU_EM_EACH_EL,
	               "24-branch loop on each entry from a lower EL; each EL runs its own"),
	/*
	 * CVE-2025-10263 (Arm security notice 112137), every revision: one
	 * more TLBI VALE3IS and DSB ISH after each broadcast TLBI and its DSB
	 * (cpu_broadcast_tlbi_done). EL3's only broadcast TLBI is 1542419's
	 * handler: its tables are built once with the MMU off and never
	 * change, and the MMU's TLBI ALLE3 is local. Each EL with broadcast
	 * TLBIs of its own adds the sequence itself.
	 */
	CPU_ERRATUM_AT(CVE_ID(2025, 10263), R(0, 0), R(4, 1), CPU_AT_TLBI,
	               CPU_BUILT_IF(WORKAROUND_CVE_2025_10263), CPU_EM_EACH_EL,
	               "TLBI VALE3IS + DSB ISH after each broadcast TLBI + DSB in EL3"),
};

#ifdef IMAGE_BL31
/*
 * Erratum 1542419's EL3 half: the IC IVAU its patch traps (EC 0x1F, an
 * IMPLEMENTATION DEFINED exception to EL3) is replaced by a broadcast
 * TLB invalidation of any address and a DSB SY, which complete only once
 * no instruction fetched through the old translations is in flight (SDEN
 * 1542419); then the trapped instruction is skipped.
 */
static bool n1_trap(const struct cpu_ops *ops, struct el3_context *ctx, uint64_t esr)
{
	const struct cpu_row *row = cpu_erratum_find(ops, 1542419);

	if (((esr >> ESR_EC_SHIFT) & ESR_EC_MASK) != EC_IMP_DEF_EL3 || row == NULL ||
	    cpu_row_state(row, read_midr_el1()) != CPU_ROW_APPLIED)
		return false;
	tlbi_vae3is(0);
	dsb_sy();
	cpu_broadcast_tlbi_done();
	ctx->elr_el3 += 4;
	return true;
}
#endif

DECLARE_CPU_OPS(neoverse_n1, 0, .midr = N1_MIDR, .flush = CPU_FLUSH_NONE, .bhb_loops = 24,
                .reset = CPU_ROWS(n1_reset), .pwr_down = CPU_ROWS(n1_pwr_down),
                .runtime = CPU_ROWS(n1_runtime), .name = "Neoverse N1", .trap = CPU_BL31(n1_trap));
