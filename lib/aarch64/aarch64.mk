# lib/aarch64: cache maintenance and the other helpers in assembly, of every
# image and the payload.
AARCH64_HELPER_SOURCES := lib/aarch64/cache_helpers.S lib/aarch64/misc_helpers.S
