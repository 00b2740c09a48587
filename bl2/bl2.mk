BL2_SOURCES := bl2/aarch64/bl2_entrypoint.S bl2/bl2_main.c common/bl_common.c \
	common/crash.c common/aarch64/crash.S lib/fip/fip.c lib/fip/fip_uuids.c \
	common/version.c
