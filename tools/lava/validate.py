#!/usr/bin/env python3
"""validate: check LAVA job definitions against LAVA's own job schema.

Usage: validate.py [--expect-invalid] JOB.yaml...

Each job is read as YAML and given to lava_common.schemas.validate (Debian's
lava-common, LAVA 2023.01), strict: an unknown key is an error, as a LAVA
2023.01 server refuses it at submission. Prints one line per job, the
schema's message and the path of the offending key for a job it refuses.

Exit status: 0 when every job is valid (with --expect-invalid: when every
job is refused); 1 otherwise; 2 when lava-common is not installed or a file
cannot be read.
"""
import sys

import yaml

try:
    from lava_common.schemas import validate
    from voluptuous import Invalid
except ImportError as e:
    print(f"validate: LAVA's schema is not installed ({e}): apt-get install lava-common",
          file=sys.stderr)
    sys.exit(2)


def check(path):
    """None when LAVA accepts the job at @path, else the schema's message."""
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    try:
        validate(data, strict=True)
    except Invalid as e:
        return f"{e.msg} (at {'/'.join(str(p) for p in e.path) or 'top level'})"
    return None


def main(argv):
    expect_invalid = bool(argv) and argv[0] == "--expect-invalid"
    paths = argv[1:] if expect_invalid else argv
    if not paths:
        print("usage: validate.py [--expect-invalid] JOB.yaml...", file=sys.stderr)
        return 2
    bad = 0
    for path in paths:
        try:
            problem = check(path)
        except (OSError, yaml.YAMLError) as e:
            print(f"validate: {path}: {e}", file=sys.stderr)
            return 2
        if problem is None:
            print(f"validate: {path}: valid (LAVA job schema)")
        else:
            print(f"validate: {path}: refused: {problem}")
        bad += (problem is None) == expect_invalid
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
