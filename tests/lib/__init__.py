"""Helpers the test suites share: shell (harness.sh) and Python (unittest_main)."""
