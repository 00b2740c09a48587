"""tests: the test suites (tests/suites.toml) and their Python parts."""
