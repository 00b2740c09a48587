/* BL31: the EL3 runtime, loaded by BL2 into secure SRAM. */
#include <common/bl_common.ld.h>
#include <platform_def.h>

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(bl31_entrypoint)

/* DECLARE_RT_SVC descriptors, walked by runtime_svc_init. */
#define RT_SVC_DESCS				\
	. = ALIGN(8);				\
	__start_rt_svc_descs = .;		\
	KEEP(*(rt_svc_descs))			\
	__stop_rt_svc_descs = .;

SECTIONS {
	. = BL31_BASE;
	TEXT_SECTION(bl31_entrypoint.o)
	RODATA_SECTION(RT_SVC_DESCS CPU_OPS_DESCS)
	RW_SECTIONS(PLATFORM_CORE_COUNT)
	IMAGE_DISCARD
	IMAGE_BUDGET(BL31_LIMIT, "BL31 exceeds its memory budget")
	ASSERT(__stop_rt_svc_descs > __start_rt_svc_descs, "BL31 has no runtime service")
	ASSERT(__stop_cpu_ops > __start_cpu_ops, "BL31 has no CPU unit")
}

__IMAGE_BASE__ = BL31_BASE;
__IMAGE_END__ = __RW_END__;
__IMAGE_LIMIT__ = BL31_LIMIT;
