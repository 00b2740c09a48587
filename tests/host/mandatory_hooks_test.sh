#!/usr/bin/env bash
# A platform that lacks a mandatory hook or constant does not build, and
# the build names what is missing (docs/porting-guide.rst): in a copy of
# the tree, the qemu platform loses
#  - one mandatory power hook (plat_system_off, a plain function of
#    include/plat/plat_psci.h): BL31's link fails naming it;
#  - one mandatory constant (PLAT_CPU_EXTERNAL_LLC, include/plat/plat_def.h
#    checks it): the compile fails naming it;
# and the copy as it is builds BL31 (so that a failure is the break's).
# The fetched dependencies are shared with BUILD_BASE's tree.
# Usage: mandatory_hooks_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
deps=$(cd "${1:?usage: mandatory_hooks_test.sh BUILD_BASE}" && pwd)/deps
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# copy NAME: the tree's tracked files in $work/NAME.
copy() {
	mkdir -p "$work/$1" &&
		git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$work/$1")
}

# build NAME: BL31 of the qemu platform from $work/NAME; its output in $work/NAME.log.
build() {
	timeout 300 make -C "$work/$1" -j2 PLAT=qemu BUILD_BASE="$work/$1-build" DEPS_DIR="$deps" \
		bl31 >"$work/$1.log" 2>&1
}

copy as-is
if build as-is; then
	pass "the copy as it is builds BL31"
else
	fail "the copy as it is builds BL31" "$(tail -n 5 "$work/as-is.log")"
fi

copy no-hook
# The definition renamed: nothing defines plat_system_off any more.
sed -i 's/^void \(__attribute__((noreturn[^)]*)) \)plat_system_off(void)$/static void __attribute__((unused)) \1qemu_no_system_off(void)/' \
	"$work/no-hook/plat/common/qemu/qemu_pm.c"
if cmp -s "$top/plat/common/qemu/qemu_pm.c" "$work/no-hook/plat/common/qemu/qemu_pm.c"; then
	fail "a missing hook: the pattern no longer matches plat/common/qemu/qemu_pm.c"
elif build no-hook; then
	fail "BL31 without plat_system_off built"
else
	check "BL31 without plat_system_off fails to link, naming it" \
		grep -q "undefined reference to .plat_system_off" "$work/no-hook.log"
fi

copy no-constant
sed -i '/^#define PLAT_CPU_EXTERNAL_LLC\b/d' "$work/no-constant/plat/common/qemu/include/qemu_def.h"
if cmp -s "$top/plat/common/qemu/include/qemu_def.h" "$work/no-constant/plat/common/qemu/include/qemu_def.h"; then
	fail "a missing constant: the pattern no longer matches plat/common/qemu/include/qemu_def.h"
elif build no-constant; then
	fail "BL31 without PLAT_CPU_EXTERNAL_LLC built"
else
	check "BL31 without PLAT_CPU_EXTERNAL_LLC fails, naming it" \
		grep -q "error: .*PLAT_CPU_EXTERNAL_LLC" "$work/no-constant.log"
fi
summary
