"""tools.qemu_run: the one description of the QEMU machine (docs/plat/qemu.rst)."""
