#!/usr/bin/env bash
# Nothing is registered by hand: in a copy of the tree,
#  - a new unit-test file (tests/unit/test_<name>.c) that no .mk names is
#    in make check's unit list and builds and runs as test_<name>
#    (tests/unit/discovered.mk);
#  - a new runtime service (services/<name>/<name>.c, DECLARE_RT_SVC) that
#    no .mk names is linked into BL31 (bl31/bl31.mk).
# The fetched dependencies are shared with BUILD_BASE's tree.
# Usage: discovery_test.sh BUILD_BASE
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/harness.sh"
top=$(cd "$here/../.." && pwd)
deps=$(cd "${1:?usage: discovery_test.sh BUILD_BASE}" && pwd)/deps
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

tree=$work/tree
build=$work/build
mkdir -p "$tree" && git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$tree")

cat >"$tree/tests/unit/test_discovery_probe.c" <<'EOF'
/* A unit test no .mk names (tests/host/discovery_test.sh). */
#include "test.h"

static void test_probe(void)
{
	CHECK_EQ(6 * 7, 42);
}

int main(void)
{
	RUN_TEST(test_probe);
	return test_summary();
}
EOF
mkdir -p "$tree/services/discovery_probe"
cat >"$tree/services/discovery_probe/discovery_probe.c" <<'EOF'
/* A runtime service no .mk names (tests/host/discovery_test.sh). */
#include <common/runtime_svc.h>

static void probe_handle(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
                         struct el3_context *ctx)
{
	(void)fid, (void)x1, (void)x2, (void)x3;
	smc_ret1(ctx, (uint64_t)(int64_t)SMC_UNK);
}

DECLARE_RT_SVC(discovery_probe, OEN_TOS_START, OEN_TOS_START, NULL, probe_handle);
EOF

list=$build/tests/unit/unit-tests.list
probe=$build/tests/unit/test_discovery_probe
if timeout 300 make -C "$tree" -j2 BUILD_BASE="$build" DEPS_DIR="$deps" "$list" "$probe" \
	>"$work/unit.log" 2>&1; then
	check "the new unit test is in make check's unit list" grep -q "^$probe\( \|$\)" "$list"
	"$probe" >"$work/probe.out" 2>&1
	check "the new unit test runs and passes" has "$work/probe.out" "1 passed, 0 failed"
else
	fail "make the unit list and the new unit test" "$(tail -n 5 "$work/unit.log")"
fi

if timeout 300 make -C "$tree" -j2 PLAT=qemu BUILD_BASE="$build" DEPS_DIR="$deps" bl31 \
	>"$work/bl31.log" 2>&1; then
	check "the new service is linked into BL31" \
		bash -c "nm '$build/qemu/release/bl31.elf' | grep -q __rt_svc_desc_discovery_probe"
else
	fail "BL31 with the new service builds" "$(tail -n 5 "$work/bl31.log")"
fi

summary
