"""tests.linux: the Linux suite's initramfs writer."""
