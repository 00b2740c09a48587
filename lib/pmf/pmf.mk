# lib/pmf (docs/design/pmf.rst): the runtime-instrumentation timestamps of
# BL31 and the host tests.
PMF_SOURCES := lib/pmf/pmf.c
