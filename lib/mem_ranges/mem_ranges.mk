# lib/mem_ranges: sets of address ranges (BL2's checks of where an image
# may go, the DRAM a DTB describes).
MEM_RANGES_SOURCES := lib/mem_ranges/mem_ranges.c
