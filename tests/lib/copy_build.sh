#!/usr/bin/env bash
# copy_build.sh [--keep] BUILD_DIR TO_BASE: a build tree of a suite's own, made from
# make check's: BUILD_DIR (BUILD_BASE/PLAT/TYPE) to TO_BASE/PLAT/TYPE and
# its host tools (BUILD_BASE/tools) to TO_BASE/tools, times kept, so that a
# make there rebuilds only what the suite changes (the paths of the
# generated keys move with it: its certificates are remade once). A suite
# that writes a tree (make bench, make profile) runs beside the others on
# its copy rather than holding make check's (tests/suites.toml, locks).
# --keep: a tree already at TO_BASE is the suite's own (the Linux suites'
# firmware, kept between runs), and is left as it is.
set -euo pipefail
keep=
if [ "$1" = --keep ]; then
	keep=1
	shift
fi
from=$(cd "$1" && pwd)
to=$2
plat_type=${from#"$(cd "$from/../.." && pwd)"/}
[ -z "$keep" ] || [ ! -d "$to/$plat_type" ] || exit 0
rm -rf "${to:?}/$plat_type" "$to/tools"
mkdir -p "$to/$(dirname "$plat_type")"
cp -a "$from" "$to/$plat_type"
cp -a "$from/../../tools" "$to/tools"
# A run's records are the tree's own: the copy starts with none.
rm -rf "$to/$(dirname "$plat_type")/report"
