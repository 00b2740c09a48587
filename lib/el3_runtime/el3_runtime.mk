# lib/el3_runtime: the per-CPU data every image has, and BL31's EL3 context
# (lib/el3_runtime/asm_offsets.c is the build's generator, not a source).
CPU_DATA_SOURCES := lib/el3_runtime/cpu_data.c
EL3_CONTEXT_SOURCES := lib/el3_runtime/context.c
