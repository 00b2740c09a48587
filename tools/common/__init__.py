"""tools.common: what the tools share: the ELF reader, how a run ends, config.mk, starting a tool."""
