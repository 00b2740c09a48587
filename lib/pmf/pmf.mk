# lib/pmf (docs/design/pmf.rst): the runtime-instrumentation timestamps of
# BL31 and the host tests, and the call ring it writes (pmf_ring.c).
PMF_SOURCES := lib/pmf/pmf.c lib/pmf/pmf_ring.c
