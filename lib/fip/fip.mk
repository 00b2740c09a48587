# lib/fip: the FIP parser BL1 and BL2 load images with, and fiptool, the
# fuzzer and the host tests build, so that all accept exactly the same FIPs.
FIP_SOURCES := lib/fip/fip.c lib/fip/fip_uuids.c
