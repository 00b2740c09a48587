# The Base FVP port's host unit tests (included by tests/unit/unit.mk): its
# topology, power controller and memory map on a fake architecture layer of
# its own (plat/fvp/tests/fake: MPIDR_EL1 with or without MT), at the
# default shape and at the smallest and largest the port accepts
# (FVP_CLUSTERS, FVP_CORES_PER_CLUSTER).
UNIT_FVP := -Iplat/fvp/tests/fake -Iplat/fvp/include -Iplat/common/include -Itests/unit \
	-DFVP_CLUSTERS=2 -DFVP_CORES_PER_CLUSTER=2 $(UNIT_CONFIG)
FVP_UNIT_SOURCES := plat/fvp/fvp_pwrc.c plat/fvp/fvp_common.c plat/common/uniform_topology.c \
	plat/common/pl011_console.c
$(foreach shape,2 1 4,$(eval $(call unit_test,fvp$(if $(filter-out 2,$(shape)),_$(shape)x$(shape)),$(FVP_UNIT_SOURCES),\
	$(subst =2,=$(shape),$(UNIT_FVP)),,plat/fvp/tests/test_fvp.c,plat/fvp/tests/unit.mk)))
