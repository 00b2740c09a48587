# lib/dtb (include/lib/dtb.h): BL2's checks of an untrusted DTB, the PSCI
# description and /reserved-memory nodes it adds, the DRAM it reads; the
# host tests build the same. dtb_walk.c and dtb_reserved.c use libfdt: an
# object of them needs libfdt's headers.
DTB_SOURCES := lib/dtb/dtb_check.c lib/dtb/dtb_walk.c lib/dtb/dtb_psci.c lib/dtb/dtb_memory.c \
	lib/dtb/dtb_reserved.c
DTB_LIBFDT_SOURCES := lib/dtb/dtb_walk.c lib/dtb/dtb_reserved.c
