/*
 * AArch64 system register fields used by the firmware.
 * Source: Arm Architecture Reference Manual for A-profile, ARM DDI 0487
 * (chapter D19/D23 "AArch64 System Register Descriptions").
 * Usable from C and assembly.
 */
#ifndef ARCH_H
#define ARCH_H

#ifdef __ASSEMBLY__
#define U(x)   (x)
#define ULL(x) (x)
#else
#define U(x)   (x##U)
#define ULL(x) (x##ULL)
#endif

#define BIT(n) (ULL(1) << (n))

/* MPIDR_EL1 */
#define MPIDR_MT_BIT        BIT(24)
#define MPIDR_U_BIT         BIT(30)
#define MPIDR_RES1_BIT      BIT(31)
#define MPIDR_AFFLVL_MASK   ULL(0xff)
#define MPIDR_AFF0_SHIFT    0
#define MPIDR_AFF1_SHIFT    8
#define MPIDR_AFF2_SHIFT    16
#define MPIDR_AFF3_SHIFT    32
/* Aff3..Aff0: the bits that name a PE. Everything else is ignored on input. */
#define MPIDR_AFFINITY_MASK ULL(0xff00ffffff)

/* SCTLR_ELx (ARM DDI 0487 D19.2.118) */
#define SCTLR_M_BIT   BIT(0)
#define SCTLR_A_BIT   BIT(1)
#define SCTLR_C_BIT   BIT(2)
#define SCTLR_SA_BIT  BIT(3)
#define SCTLR_I_BIT   BIT(12)
#define SCTLR_WXN_BIT BIT(19)
#define SCTLR_EE_BIT  BIT(25)
/* RES1 bits of SCTLR_EL3 and SCTLR_EL2 (with HCR_EL2.E2H == 0). */
#define SCTLR_EL3_RES1                                                                             \
	(BIT(29) | BIT(28) | BIT(23) | BIT(22) | BIT(18) | BIT(16) | BIT(11) | BIT(5) | BIT(4))
#define SCTLR_EL2_RES1 SCTLR_EL3_RES1

/* SCR_EL3 (D19.2.116) */
#define SCR_NS_BIT     BIT(0)
#define SCR_IRQ_BIT    BIT(1)
#define SCR_FIQ_BIT    BIT(2)
#define SCR_EA_BIT     BIT(3)
#define SCR_RES1_BITS  (BIT(4) | BIT(5))
#define SCR_SMD_BIT    BIT(7)
#define SCR_HCE_BIT    BIT(8)
#define SCR_SIF_BIT    BIT(9)
#define SCR_RW_BIT     BIT(10)
#define SCR_ST_BIT     BIT(11)
#define SCR_APK_BIT    BIT(16)
#define SCR_API_BIT    BIT(17)
#define SCR_ENSCXT_BIT BIT(25)
#define SCR_ATA_BIT    BIT(26)
#define SCR_FGTEN_BIT  BIT(27)
#define SCR_ECVEN_BIT  BIT(28)
#define SCR_HXEN_BIT   BIT(38)

/* CPTR_EL3 (D19.2.32): trap nothing the normal world may use. */
#define CPTR_EZ_BIT    BIT(8)
#define CPTR_TFP_BIT   BIT(10)
#define CPTR_ESM_BIT   BIT(12)
#define CPTR_TAM_BIT   BIT(30)
#define CPTR_TCPAC_BIT BIT(31)
/* CPTR_EL2 RES1 bits with HCR_EL2.E2H == 0 */
#define CPTR_EL2_RES1  (BIT(13) | BIT(12) | BIT(9) | 0xffULL)

/* SPSR_ELx / PSTATE (C5.2.19): M[4] AArch32, M[3:2] EL, M[0] SP_ELx */
#define SPSR_M_SP_BIT      BIT(0)
#define SPSR_M_EL_SHIFT    2
#define SPSR_M_EL_MASK     U(0x3)
#define SPSR_M_AARCH32_BIT BIT(4)
#define SPSR_M_EL1H        U(0x5)
#define SPSR_M_EL2H        U(0x9)
#define SPSR_M_EL3H        U(0xd)
#define SPSR_DAIF_MASK     (U(0xf) << 6)
#define DAIF_FIQ_BIT       BIT(0)
#define DAIF_IRQ_BIT       BIT(1)
#define DAIF_ABT_BIT       BIT(2)
#define DAIF_DBG_BIT       BIT(3)

/* CurrentEL */
#define CURRENT_EL_SHIFT 2
#define CURRENT_EL_MASK  U(0x3)

/* ESR_ELx (D19.2.37) */
#define ESR_EC_SHIFT       26
#define ESR_EC_MASK        U(0x3f)
#define EC_UNKNOWN         U(0x00)
#define EC_AARCH32_SMC     U(0x13)
#define EC_AARCH64_SVC     U(0x15)
#define EC_AARCH64_HVC     U(0x16)
#define EC_AARCH64_SMC     U(0x17)
#define EC_AARCH64_SYS     U(0x18)
#define EC_IMP_DEF_EL3     U(0x1f) /* an IMPLEMENTATION DEFINED exception to EL3 */
#define EC_IABORT_LOWER_EL U(0x20)
#define EC_IABORT_CUR_EL   U(0x21)
#define EC_DABORT_LOWER_EL U(0x24)
#define EC_DABORT_CUR_EL   U(0x25)
#define EC_SERROR          U(0x2f)
#define ESR_IL_BIT         BIT(25) /* a 32-bit instruction */

/* HCR_EL2 (D19.2.48) */
#define HCR_TGE_BIT BIT(27)
#define HCR_RW_BIT  BIT(31)

/* MDCR_EL3 (D19.2.83): who owns the profiling and trace buffers. */
#define MDCR_NSPB_NS (ULL(3) << 12) /* SPE buffer: non-secure EL1/2 */
#define MDCR_SDD_BIT BIT(16)
#define MDCR_NSTB_NS (ULL(3) << 24) /* trace buffer: non-secure EL1/2 */
/* MDCR_EL2.HPMN and PMCR_EL0.N: event counters */
#define PMCR_N_SHIFT 11
#define PMCR_N_MASK  U(0x1f)

/* SCR_EL3 bits of later extensions */
#define SCR_ENTP2_BIT BIT(41)
/* SMCR_EL3.LEN: the largest streaming vector length a lower EL may pick. */
#define SMCR_LEN_MAX  U(0xf)
/* ZCR_EL3.LEN: likewise for SVE. */
#define ZCR_LEN_MAX   U(0xf)

/* CNTHCTL_EL2: let EL1 read the physical counter and timer. */
#define CNTHCTL_EL1PCTEN_BIT BIT(0)
#define CNTHCTL_EL1PCEN_BIT  BIT(1)

/* ICC_SRE_ELx (GICv3 architecture specification, IHI 0069, 12.2.x) */
#define ICC_SRE_SRE_BIT BIT(0)
#define ICC_SRE_DFB_BIT BIT(1)
#define ICC_SRE_DIB_BIT BIT(2)
#define ICC_SRE_EN_BIT  BIT(3)

/* TCR_EL3 (D19.2.142) */
#define TCR_T0SZ_SHIFT 0
#define TCR_IRGN0_WBWA (U(1) << 8)
#define TCR_ORGN0_WBWA (U(1) << 10)
#define TCR_SH0_INNER  (U(3) << 12)
#define TCR_TG0_4K     (U(0) << 14)
#define TCR_PS_SHIFT   16
#define TCR_EL3_RES1   (BIT(31) | BIT(23))

/* MAIR attribute encodings and the index each has in our MAIR_EL3. */
#define MAIR_DEVICE_NGNRE    U(0x04)
#define MAIR_NORMAL_WBWA     U(0xff)
#define MAIR_NORMAL_NC       U(0x44)
#define ATTR_DEVICE_INDEX    U(0)
#define ATTR_NORMAL_INDEX    U(1)
#define ATTR_NORMAL_NC_INDEX U(2)
#define MAIR_EL3_VALUE                                                                             \
	((MAIR_DEVICE_NGNRE << (8 * ATTR_DEVICE_INDEX)) |                                          \
	 (MAIR_NORMAL_WBWA << (8 * ATTR_NORMAL_INDEX)) |                                           \
	 (MAIR_NORMAL_NC << (8 * ATTR_NORMAL_NC_INDEX)))

/* ID registers */
#define ID_AA64PFR0_SVE_SHIFT      32
#define ID_AA64PFR0_AMU_SHIFT      44
#define ID_AA64PFR0_CSV2_SHIFT     56
#define ID_AA64PFR1_SSBS_SHIFT     4
#define ID_AA64PFR1_MTE_SHIFT      8
#define ID_AA64PFR1_SME_SHIFT      24
#define ID_AA64ISAR1_APA_SHIFT     4
#define ID_AA64ISAR1_API_SHIFT     8
#define ID_AA64ISAR1_GPA_SHIFT     24
#define ID_AA64ISAR1_GPI_SHIFT     28
#define ID_AA64ISAR2_APA3_SHIFT    12
#define ID_AA64MMFR0_PARANGE_SHIFT 0
#define ID_AA64MMFR0_FGT_SHIFT     56
#define ID_AA64MMFR0_ECV_SHIFT     60
#define ID_AA64MMFR1_HCX_SHIFT     40
#define ID_AA64PFR0_EL2_SHIFT      8
#define ID_AA64DFR0_PMSVER_SHIFT   32
#define ID_AA64DFR0_TRBE_SHIFT     44
#define ID_AA64MMFR1_ECBHB_SHIFT   60
#define ID_FIELD(reg, shift)       (((reg) >> (shift)) & ULL(0xf))

/* Cache geometry (CLIDR_EL1, CCSIDR_EL1) */
#define CLIDR_LOC_SHIFT    24
#define CTR_DMINLINE_SHIFT 16

/* Exception vector table: 16 slots of 32 instructions (D1.10.2). */
#define VECTOR_SLOT_SIZE     0x80
/* Offsets of its four groups of four slots: where an exception comes from. */
#define VECTOR_CURRENT_SP0   U(0x000)
#define VECTOR_CURRENT_SPX   U(0x200)
#define VECTOR_LOWER_AARCH64 U(0x400)
#define VECTOR_LOWER_AARCH32 U(0x600)

/* The generic timer's EL1 physical timer, CNTP_CTL_EL0 (D11.2.4) */
#define CNTP_CTL_ENABLE_BIT BIT(0)

#endif /* ARCH_H */
