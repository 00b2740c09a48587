# QEMU sbsa-ref's host unit tests (included by tests/unit/unit.mk): the
# uniform topology helper and the device map on its platform_def.h
# (plat/sbsa/tests/test_sbsa.c), on the fake architecture layer (tests/unit/fake).
UNIT_SBSA := -Iplat/sbsa/include -Iplat/common/qemu/include -Iplat/common/include -Itests/unit/fake -Itests/unit \
	-DQEMU_MEMORY_MB=1024 -DQEMU_FLASH_SIZE=0x10000000 -DQEMU_FLASH_FIP_OFFSET=0x40000 $(UNIT_CONFIG)
$(eval $(call unit_test,sbsa,plat/common/uniform_topology.c plat/sbsa/qemu_sbsa.c,$(UNIT_SBSA),,\
	plat/sbsa/tests/test_sbsa.c,plat/sbsa/tests/unit.mk))
