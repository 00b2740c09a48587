#!/usr/bin/env bash
# make compare holds only real changes ("Regressions" in
# docs/perf/psci-performance-methodology.rst): identical source compares clean;
# so does, in the same repository next, a commit that changes only a log
# message (it moves the code, and with it QEMU's interleaving of the
# parallel scenarios); a planted 100-instruction delay before the
# platform's pwr_domain_suspend hook fails, with the figures it moved
# named. The compare removes its worktree. Everything runs in a
# repository of its own, made from this tree's files, its build tree a
# copy of make check's (tests/lib/copy_build.sh: the same sources, their
# times kept, so only what REF= needs is built).
# Usage: compare_test.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/src

mkdir "$src"
(cd "$top" && git ls-files -z | xargs -0 tar cf -) | tar xf - -C "$src"
git -C "$src" init -q && git -C "$src" add -A &&
	git -C "$src" -c user.name=test -c user.email=test@localhost commit -qm "this tree"
bash "$here/../lib/copy_build.sh" "$1" "$src/build"

compare() {    # NAME REF: make compare REF=REF in the repository; its status
	make -C "$src" -j2 compare REF="$2" >"$work/$1.log" 2>&1
}

compare identical HEAD
rc=$?
check "identical source: make compare REF=HEAD passes ($rc)" [ "$rc" -eq 0 ]
check "identical source: the report and make bench compare clean" \
	bash -c "grep -q '^compare: report: nothing worse than REF' '$work/identical.log' &&
		grep -q '^compare: bench: nothing worse than REF' '$work/identical.log'"
check "make compare removes its worktree and REF's build" \
	bash -c "[ \$(git -C '$src' worktree list | wc -l) -eq 1 ] &&
		[ -z \"\$(ls -A '$src/build/compare' 2>/dev/null)\" ]"

# A commit that changes only a log message.
sed -i 's/NOTICE("BL31: Preparing for EL3 exit to normal world\\n");/NOTICE("BL31: Preparing for the EL3 exit to the normal world, at last\\n");/' \
	"$src/bl31/bl31_main.c"
check "the log message was changed" \
	grep -q 'Preparing for the EL3 exit to the normal world, at last' "$src/bl31/bl31_main.c"
git -C "$src" -c user.name=test -c user.email=test@localhost commit -qam "a longer log message"
compare log-message HEAD~1
rc=$?
check "a commit that changes only a log message: make compare REF=HEAD~1 passes ($rc)" \
	[ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || grep 'worse than' "$work/log-message.log" | head -n 5 | sed 's/^/    /'

# The planted delay, against the last run of the committed tree.
baseline=$(readlink -f "$src/build/qemu/report/latest")
sed -i 's/^\tplat_pwr_domain_suspend(state);/\t__asm__ volatile(".rept 100\\n\\tnop\\n\\t.endr");\n&/' \
	"$src/lib/psci/psci_suspend.c"
check "the delay is planted" grep -q 'rept 100' "$src/lib/psci/psci_suspend.c"
make -C "$src" -j2 run BASELINE="$baseline" FAIL_ABOVE=5% >"$work/planted.log" 2>&1
rc=$?
check "a planted 100-instruction delay before pwr_domain_suspend fails ($rc)" [ "$rc" -ne 0 ]
check "... naming the serial CPU_SUSPEND's Powerdown, beyond both runs' spread" \
	grep -qE '^rt_report: worse than the baseline: test_rt_instr_cpu_susp_serial: core 0\.0: Powerdown .* \(\+[0-9.]+%; spreads 0\.00 and 0\.00 µs\)' \
	"$work/planted.log"
check "... and only Powerdown figures moved" \
	bash -c "! grep '^rt_report: worse than the baseline: ' '$work/planted.log' | grep -qv ': Powerdown '"
check "... the run's verdict says FAIL, as its exit status does" \
	/usr/bin/python3 -c "import json, sys; j = json.load(open('$src/build/qemu/report/latest/report.json'))
sys.exit(not (j['verdict'] == 'FAIL' and j['exit_status'] == 1 and j['regressions']))"

# The targets that write into the tree, in this repository of its own.
git -C "$src" checkout -q lib/psci/psci_suspend.c
make -C "$src" -j2 perf-docs >"$work/perf-docs.log" 2>&1
check "make perf-docs: the report and its plots into docs/perf/" \
	bash -c "git -C '$src' diff --quiet -- docs/perf/psci-performance-qemu.rst; [ \$? -eq 1 ] &&
		grep -q '^:Firmware: v0.1-' '$src/docs/perf/psci-performance-qemu.rst' &&
		[ \$(ls '$src'/docs/perf/plots/*.svg | wc -l) -eq 6 ]"
make -C "$src" format >"$work/format.log" 2>&1
check "make format: leaves the tree's C as it is (it is formatted)" \
	bash -c "git -C '$src' diff --quiet -- '*.c' '*.h'"
make -C "$src" clean >"$work/clean.log" 2>&1
check "make clean: this build gone, the rest kept" \
	bash -c "[ ! -e '$src/build/qemu/release' ] && [ -d '$src/build/tools' ]"
mkdir -p "$src/build/deps/kept"
make -C "$src" DEPS_DIR="$src/build/deps" realclean >"$work/realclean.log" 2>&1
check "make realclean: every build and the tools gone, the downloads (build/deps) kept" \
	bash -c "[ ! -e '$src/build/tools' ] && [ ! -e '$src/build/qemu' ] && [ -d '$src/build/deps/kept' ]"
make -C "$src" distclean >"$work/distclean.log" 2>&1
check "make distclean: build/ gone, downloads too" [ ! -e "$src/build" ]
summary
