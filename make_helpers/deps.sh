#!/usr/bin/env bash
# deps.sh run|profile|etm|docs|linux|lava-jobs|lava|compare-tfa|n1sdp-model|check: make sure the Debian packages a target needs
# are there (check: run's, plus the tests' and fuzzers').
# As root, installs what is missing with apt-get; otherwise prints the
# apt-get line to run and fails.
# The tables below are read by add_missing through a name reference (which
# the linter does not follow):
# shellcheck disable=SC2034
set -euo pipefail

# command (or absolute path of a file) -> package that provides it
declare -A run_pkgs=(
	[aarch64-linux-gnu-gcc]=gcc-aarch64-linux-gnu
	[qemu-system-aarch64]=qemu-system-arm
	[cc]=gcc
	[make]=make
	[python3]=python3
	[dpkg-deb]=dpkg
	[dpkg-source]=dpkg-dev
	[apt-get]=apt
	# trusted board boot: cert_create on libcrypto, the ROTPK hash
	[/usr/include/openssl/evp.h]=libssl-dev
	[openssl]=openssl
	# the report's plots (tools/rt_report/plots.py)
	[/usr/lib/python3/dist-packages/matplotlib/__init__.py]=python3-matplotlib
)
# make profile: the run set, and addr2line for the DWARF line tables.
declare -A profile_pkgs=(
	[aarch64-linux-gnu-addr2line]=binutils-aarch64-linux-gnu
)
# make compare-tfa: the run set, the profile set (addr2line), and what
# building Debian's TF-A 2.8 needs beyond them (make_helpers/tfa_build.sh):
# patch for the build patch (tests/tfa/), the host compiler and libssl-dev
# (the run set's) for its fiptool and cert_create.
declare -A compare_tfa_pkgs=(
	[aarch64-linux-gnu-addr2line]=binutils-aarch64-linux-gnu
	[patch]=patch
	[flock]=util-linux
)
# make n1sdp-model: what building QEMU 7.2 from Debian's source needs
# (make_helpers/n1sdp_model_build.sh; the +dfsg tarball bundles no meson):
# meson and ninja, glib and pixman, pkg-config, zlib and libfdt, patch.
declare -A n1sdp_model_pkgs=(
	[meson]=meson
	[ninja]=ninja-build
	[pkg-config]=pkg-config
	[/usr/include/glib-2.0/glib.h]=libglib2.0-dev
	[/usr/include/pixman-1/pixman.h]=libpixman-1-dev
	[/usr/include/zlib.h]=zlib1g-dev
	[/usr/include/libfdt.h]=libfdt-dev
	[patch]=patch
	[flock]=util-linux
)
# make etm-decode: OpenCSD's headers and libraries, and its lister.
declare -A etm_pkgs=(
	[/usr/include/opencsd/c_api/opencsd_c_api.h]=libopencsd-dev
	[trc_pkt_lister]=libopencsd-bin
)
# make docs: Sphinx.
declare -A docs_pkgs=(
	[sphinx-build]=python3-sphinx
)
# make linux-latency: the run set, Debian's U-Boot (BL33), and what the
# fetched linux-kbuild's programs link (its package is unpacked, not
# installed); perl for checkpatch.pl (tools/pmf_idle). (The arm64
# trace-cmd and cyclictest of its initramfs are fetched, not installed:
# make_helpers/debian_kernel.sh userland.)
# (no compiler or dpkg-dev needed yet: this runs before they are installed)
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo "$(uname -m)-linux-gnu")
declare -A linux_pkgs=(
	[/usr/lib/u-boot/qemu_arm64/u-boot.bin]=u-boot-qemu
	[aarch64-linux-gnu-gcc-12]=gcc-12-aarch64-linux-gnu
	[/usr/lib/$ma/libelf.so.1]=libelf1
	[/usr/lib/$ma/libssl.so.3]=libssl3
	[perl]=perl
	# checkpatch.pl comes out of linux-source's .tar.xz
	[xz]=xz-utils
	# the run's trace.dat, read on the host (tools/rt_report/linux_trace.py),
	# and the measured idle states' DT fragment compiled (tests/linux/latency_test.sh)
	[trace-cmd]=trace-cmd
	[dtc]=device-tree-compiler
)
# make lava-jobs: YAML and LAVA's job schema (lava-common). make lava-run:
# Debian's lava-run (lava-dispatcher), Jinja2 for the device dictionary,
# unshare for its mount namespace (tools/lava/lava_run.py).
declare -A lava_jobs_pkgs=(
	[/usr/lib/python3/dist-packages/yaml/__init__.py]=python3-yaml
	[/usr/lib/python3/dist-packages/lava_common/schemas/__init__.py]=lava-common
)
declare -A lava_pkgs=(
	[lava-run]=lava-dispatcher
	[/usr/lib/python3/dist-packages/jinja2/__init__.py]=python3-jinja2
	[unshare]=util-linux
)
declare -A check_pkgs=(
	[sphinx-build]=python3-sphinx
	[aarch64-linux-gnu-addr2line]=binutils-aarch64-linux-gnu
	# OpenCSD: the ETM decoder front end (tools/profile/etm_decode.c) and
	# its round-trip test; trc_pkt_lister to read a capture by hand.
	[/usr/include/opencsd/c_api/opencsd_c_api.h]=libopencsd-dev
	[trc_pkt_lister]=libopencsd-bin
	[fiptool]=arm-trusted-firmware-tools
	[clang]=clang
	[ld.lld]=lld
	[llvm-objcopy]=llvm
	[timeout]=coreutils
	[cppcheck]=cppcheck
	[clang-format]=clang-format
	[git]=git
	[/usr/lib/u-boot/qemu_arm64/u-boot.bin]=u-boot-qemu
	# docs/debugging.rst's gdb session (tests/integration/debug_test.sh)
	[gdb-multiarch]=gdb-multiarch
	# host libfdt for the DTB unit tests and fuzzers (n1sdp's BL2's and the payload's is fetched for arm64)
	[/usr/include/libfdt.h]=libfdt-dev
	[cert_create]=arm-trusted-firmware-tools
	# the lint suite (tests/host/lint.sh)
	[shellcheck]=shellcheck
	[pyflakes3]=pyflakes3
	# the unit tests on AArch64 (tests/unit/sha2.mk, tests/unit/cpus.mk): static, under qemu-aarch64
	[qemu-aarch64]=qemu-user
	[/usr/aarch64-linux-gnu/lib/libc.a]=libc6-dev-arm64-cross
)

want=()
add_missing() {
	local -n pkgs=$1
	for cmd in "${!pkgs[@]}"; do
		if [[ $cmd == /* ]]; then
			[ -e "$cmd" ] || want+=("${pkgs[$cmd]}")
		else
			command -v "$cmd" >/dev/null 2>&1 || want+=("${pkgs[$cmd]}")
		fi
	done
}
add_missing run_pkgs
[ "${1:-run}" = profile ] && add_missing profile_pkgs
[ "${1:-run}" = etm ] && add_missing etm_pkgs
[ "${1:-run}" = docs ] && add_missing docs_pkgs
[ "${1:-run}" = check ] && add_missing check_pkgs
case ${1:-run} in compare-tfa | check) add_missing compare_tfa_pkgs ;; esac
case ${1:-run} in n1sdp-model | check) add_missing n1sdp_model_pkgs ;; esac
[ "${1:-run}" = linux ] || [ "${1:-run}" = check ] && add_missing linux_pkgs
case ${1:-run} in lava-jobs | lava | check) add_missing lava_jobs_pkgs ;; esac
case ${1:-run} in lava | check) add_missing lava_pkgs ;; esac
# The host unit tests run under AddressSanitizer.
if [ "${1:-run}" = check ] && ! echo 'int main(void){return 0;}' |
	cc -fsanitize=address,undefined -x c - -o /dev/null 2>/dev/null; then
	want+=(libasan8 libubsan1)
fi
# The fuzzers (tests/fuzz) need clang's libFuzzer runtime, packaged per
# clang version (Debian 12: libclang-rt-14-dev), which clang only recommends.
if [ "${1:-run}" = check ] && ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
	clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
	if command -v clang >/dev/null 2>&1; then
		clang_major=$(clang -dumpversion | cut -d. -f1)
	else
		clang_major=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9]*\)$/\1/p' | head -n 1)
	fi
	want+=("libclang-rt-${clang_major:-14}-dev")
fi

[ ${#want[@]} -eq 0 ] && exit 0
mapfile -t want < <(printf '%s\n' "${want[@]}" | sort -u)
line="apt-get install -y --no-install-recommends ${want[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "Missing packages. Run as root:  apt-get update && $line" >&2
	exit 1
fi
echo "Installing: ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2048,SC2086
apt-get install -y -qq --no-install-recommends ${want[*]} >/dev/null
