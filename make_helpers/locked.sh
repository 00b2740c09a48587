#!/usr/bin/env bash
# locked.sh BUILD_BASE COMMAND [ARG...]: run COMMAND (a make of this tree)
# holding BUILD_BASE's lock, so that one make at a time writes a build tree
# (the Makefile's first lines). A second make is refused at once, saying
# which make holds the tree; it writes nothing. COMMAND and what it starts
# see BUILD_BASE in N1FW_LOCKED and do not take the lock again.
#
# Exit status: COMMAND's, or 1 when another make holds the lock.
set -euo pipefail
base=$1
shift
mkdir -p "$base"
lock=$base/.lock
exec 9>>"$lock"
if ! flock -n 9; then
	owner=$(cat "$base/.lock.owner" 2>/dev/null || true)
	echo "make: $base is in use by another make${owner:+ ($owner)}: wait for it to finish," \
		"or give this one a build tree of its own (BUILD_BASE=<dir>)" >&2
	exit 1
fi
echo "pid $$, make $(tr '\0' ' ' </proc/$PPID/cmdline 2>/dev/null | sed 's/^[^ ]* //; s/ $//'), since $(date '+%H:%M:%S')" \
	>"$base/.lock.owner"
export N1FW_LOCKED="${N1FW_LOCKED:+$N1FW_LOCKED }$base"
# The lock is held as long as fd 9 is open: COMMAND inherits it.
"$@"
