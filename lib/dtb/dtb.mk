# lib/dtb (include/lib/dtb.h): BL2's checks of an untrusted DTB, the PSCI
# description and /reserved-memory node it adds, the DRAM it reads; the
# host tests build the same (and check the results with libfdt).
DTB_SOURCES := lib/dtb/dtb_check.c lib/dtb/dtb_walk.c lib/dtb/dtb_psci.c lib/dtb/dtb_memory.c
