# lib/libc: the C library subset of every image and the payload; the
# stack protector's guard and handler, for the images built with it (BL2,
# the payload).
LIBC_SOURCES := lib/libc/printf.c lib/libc/string.c
LIBC_STACK_PROTECTOR_SOURCES := lib/libc/stack_protector.c
