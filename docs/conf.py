# Sphinx configuration of n1fw's documentation: `make docs` (Debian's
# python3-sphinx) builds it to HTML with warnings as errors, from a staging
# copy of docs/ that carries the latest latency report and its plots
# (make_helpers/docs.sh).
project = "n1fw"
author = "the n1fw developers"
copyright = "the n1fw developers"
extensions = []
root_doc = "index"
exclude_patterns = ["_build"]
# The docs quote register names, SMC function IDs and shell lines that look
# like cross-references to Sphinx's default role; keep them literal.
default_role = None
html_theme = "alabaster"
html_static_path = []
html_last_updated_fmt = None
# Plots: SVG where the builder takes it (HTML), PNG otherwise.
