# lib/xlat: the translation tables (pure C: the images, the payload, which
# turns its own MMU on, and the host tests) and the MMU's enabling at EL3.
XLAT_TABLE_SOURCES := lib/xlat/xlat.c
XLAT_SOURCES := $(XLAT_TABLE_SOURCES) lib/xlat/xlat_enable.c
