"""tools: the host tools, one Python package (python3 -m tools.<tool>.<module>)."""
