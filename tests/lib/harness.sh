# shellcheck shell=bash
# Shared helpers for the shell test suites: PASS/FAIL bookkeeping and
# booting QEMU. Source it; end the suite with `summary`.

passed=0
failed=0
harness_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
skip() { echo "SKIP $1${2:+: $2}"; }

# py MODULE ARGS...: a module of the tree's Python package (tools.qemu_run.qemu_run,
# tests.profile.etm_encode...), from any folder: python3 -m with the tree's top
# on PYTHONPATH.
py() { PYTHONPATH=$harness_top${PYTHONPATH:+:$PYTHONPATH} python3 -m "$@"; }

# check NAME CONDITION-COMMAND...: PASS if the command succeeds.
check() {
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}

# has LOG TEXT / lacks LOG TEXT: fixed-string search in a console log.
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }

# sub_suite NAME COMMAND...: run another suite inside this one; its
# PASS/FAIL lines (prefixed with NAME) and counts become this suite's.
sub_suite() {
	local name=$1 out line
	shift
	out=$("$@" 2>&1)
	while IFS= read -r line; do
		case $line in
		"PASS "*) pass "$name: ${line#PASS }" ;;
		"FAIL "*) fail "$name: ${line#FAIL }" ;;
		"    "*) echo "$line" ;;
		esac
	done <<<"$out"
	grep -qE '^[0-9]+ passed, 0 failed$' <<<"$out" || fail "$name: the suite did not finish" "$(tail -n 3 <<<"$out")"
}

# psci_version: the PSCI version the firmware reports, MAJOR.MINOR, from the
# one place it is written (include/lib/psci/psci.h).
psci_version() {
	awk '$1 == "#define" && $2 == "PSCI_VERSION_MAJOR" { M = $3 }
		$1 == "#define" && $2 == "PSCI_VERSION_MINOR" { m = $3 }
		END { print M "." m }' "$harness_top/include/lib/psci/psci.h"
}

summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

# qemu_boot LOG SECONDS [QEMU_RUN-ARGS...]: boot through tools/qemu_run (the
# one description of the machine; give it --config BUILD/config.mk and/or
# --flash, --cpu, --stop ...), console to LOG only. Returns its status: QEMU's,
# 0 when a --stop line was seen, 124 after SECONDS.
qemu_boot() {
	local log=$1 secs=$2
	shift 2
	py tools.qemu_run.qemu_run --quiet --log "$log" --timeout "$secs" "$@"
}

# FIPs and flash images for tests, from a build folder BUILD (BUILD_BASE/
# PLAT/TYPE: bl1.bin, bl2.bin, bl31.bin, payload.bin, certs/*.crt, and the
# tools under BUILD_BASE/tools).
#
# fip_of BUILD OUT [--PART FILE|none]...: BUILD's FIP parts (fiptool's
#   names: tb-fw, soc-fw, nt-fw and each certificate), with the parts named
#   replaced by FILE or left out. Certificates are packed as they are.
# signed_fip BUILD OUT [--PART FILE|none]...: the same, with certificates
#   made for the images packed, from BUILD's keys (BUILD/cot.args), so that
#   a build with trusted board boot authenticates them (a part left out is
#   signed as BUILD has it).
# flash_of BUILD FIP OUT: what QEMU boots: BUILD's BL1 and FIP in the
#   flash layout of BUILD's config.mk (tools/qemu_run --make-flash).
fip_of() {
	local build=$1 out=$2 c k
	shift 2
	declare -A part=([tb-fw]=$build/bl2.bin [soc-fw]=$build/bl31.bin [nt-fw]=$build/payload.bin)
	for c in "$build"/certs/*.crt; do
		[ -e "$c" ] && part[$(basename "$c" .crt)]=$c
	done
	while [ $# -gt 1 ]; do
		part[${1#--}]=$2
		shift 2
	done
	local args=()
	for k in "${!part[@]}"; do
		[ "${part[$k]}" = none ] || args+=("--$k" "${part[$k]}")
	done
	"$build/../../tools/fiptool/fiptool" create "${args[@]}" "$out" >/dev/null
}

signed_fip() {
	local build=$1 out=$2
	shift 2
	if ! grep -qx 'TRUSTED_BOARD_BOOT := 1' "$build/config.mk"; then
		fip_of "$build" "$out" "$@"
		return
	fi
	declare -A img=([tb-fw]=$build/bl2.bin [soc-fw]=$build/bl31.bin [nt-fw]=$build/payload.bin)
	local a=("$@") i
	for ((i = 0; i + 1 < ${#a[@]}; i += 2)); do
		[ "${a[i + 1]}" != none ] && [ -n "${img[${a[i]#--}]+set}" ] && img[${a[i]#--}]=${a[i + 1]}
	done
	local certs c args=()
	certs=$(mktemp -d)
	read -r -a args <"$build/cot.args"
	for c in "$build"/certs/*.crt; do
		c=$(basename "$c" .crt)
		args+=("--$c" "$certs/$c.crt")
	done
	"$build/../../tools/cert_create/cert_create" "${args[@]}" --tb-fw "${img[tb-fw]}" \
		--soc-fw "${img[soc-fw]}" --nt-fw "${img[nt-fw]}" || return 1
	for c in "$certs"/*.crt; do
		c=$(basename "$c" .crt)
		set -- --"$c" "$certs/$c.crt" "$@"
	done
	fip_of "$build" "$out" "$@"
	rm -rf "$certs"
}

flash_of() {
	py tools.qemu_run.qemu_run --config "$1/config.mk" --make-flash "$1/bl1.bin" "$2" "$3"
}

# payload_flash BUILD PAYLOAD OUT_DIR WHAT: OUT_DIR/flash.bin, BUILD's BL1
#   and a FIP with BUILD's payload image PAYLOAD (payload_stress.bin...) as
#   BL33, signed with BUILD's keys; checked as WHAT. Fails (1) when BUILD
#   has no such payload, saying so.
payload_flash() {
	local build=$1 bin=$1/$2 out=$3 what=$4
	if [ ! -f "$bin" ]; then
		fail "the payload $2 is built" "no $bin"
		return 1
	fi
	signed_fip "$build" "$out/fip.bin" --nt-fw "$bin" &&
		flash_of "$build" "$out/fip.bin" "$out/flash.bin"
	check "$what" [ -s "$out/flash.bin" ]
}

# busy_host N: N background CPU hogs, each bounded by `timeout` (60 s), so
# that a real-time boot's vCPUs are preempted anywhere; quiet_host ends
# them (a suite that calls busy_host runs quiet_host in its EXIT trap).
host_hogs=()
busy_host() {
	local i
	for ((i = 0; i < $1; i++)); do
		timeout 60 sh -c 'while :; do :; done' &
		host_hogs+=($!)
	done
}
quiet_host() {
	local p
	for p in "${host_hogs[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${host_hogs[@]}"; do wait "$p" 2>/dev/null; done
	host_hogs=()
}

# key_options BUILD: make options (ROT_KEY=... and the other key options)
# that give another build BUILD's keys, so that its BL1/BL2 and BUILD's
# certificates trust each other.
key_options() {
	local -a a
	local i
	read -r -a a <"$1/cot.args"
	for ((i = 0; i + 1 < ${#a[@]}; i++)); do
		case ${a[i]} in
		--*-key) echo "$(echo "${a[i]#--}" | tr a-z- A-Z_)=${a[i + 1]}" ;;
		esac
	done
}
