"""tests.profile: the profiler's tests and the ETM encoder."""
