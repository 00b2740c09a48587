# lib/dtb (include/lib/dtb.h): BL2's checks of an untrusted DTB, the PSCI
# description it adds, the DRAM it reads; the host tests build the same.
# dtb_walk.c walks with libfdt: an object of it needs libfdt's headers.
DTB_SOURCES := lib/dtb/dtb_check.c lib/dtb/dtb_walk.c lib/dtb/dtb_psci.c lib/dtb/dtb_memory.c
DTB_LIBFDT_SOURCES := lib/dtb/dtb_walk.c
