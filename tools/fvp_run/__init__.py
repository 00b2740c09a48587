"""tools.fvp_run: the Base FVP's command line (docs/plat/fvp.rst)."""
