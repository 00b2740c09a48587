"""tests.host: host tests: the report tools, layers, paths, docs."""
