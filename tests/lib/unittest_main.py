"""The Python host suites' runner: a unittest module's tests with one
"PASS name" or "FAIL name: why" line each and the "N passed, N failed" line
that tests/run_suites.py and tests/lib/harness.sh's sub_suite read, as the
shell suites print them (tests/lib/harness.sh).

Usage, at the end of a test module:
    if __name__ == "__main__":
        unittest_main.main(__name__)
"""
import os
import sys
import unittest


class Result(unittest.TextTestResult):
    """A line per test on stdout as each ends; errors count as failures."""

    def addSuccess(self, test):
        super().addSuccess(test)
        print(f"PASS {test.id()}", flush=True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        print(f"FAIL {test.id()}: {self._exc_info_to_string(err, test)}", flush=True)

    def addError(self, test, err):
        super().addError(test, err)
        print(f"FAIL {test.id()}: {self._exc_info_to_string(err, test)}", flush=True)


def main(module_name):
    """Run the tests of module @module_name, print the summary and exit 0
    only if every one passed."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module_name])
    with open(os.devnull, "w") as quiet:
        res = unittest.TextTestRunner(resultclass=Result, verbosity=0, stream=quiet).run(suite)
    bad = len(res.failures) + len(res.errors)
    print(f"{res.testsRun - bad} passed, {bad} failed")
    sys.exit(1 if bad else 0)
