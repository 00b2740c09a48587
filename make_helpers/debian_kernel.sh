#!/usr/bin/env bash
# debian_kernel.sh boot|headers|source|userland DEPS_DIR: Debian's current arm64
# kernel package, the one the Linux tests boot (tests/linux, make
# linux-latency), fetched into DEPS_DIR (make_helpers/fetch_deb.sh), and
# prints shell assignments to eval:
#   boot     KERNEL_PKG, KERNEL_RELEASE (uname -r), KERNEL (its vmlinuz),
#            BUSYBOX (busybox-static:arm64's /bin/busybox, for initramfs)
#   headers  the same, and KDIR: linux-headers-<release> (arm64),
#            linux-headers-<abi>-common and linux-kbuild-<ver> (for this
#            host's architecture: its programs run here) unpacked into one
#            tree, so that their relative links meet; a module builds with
#            make -C KDIR -f KDIR_MAKEFILE (KDIR's own Makefile includes
#            /usr/src/... by absolute path)
#   source   CHECKPATCH: scripts/checkpatch.pl (with its spelling.txt and
#            const_structs.checkpatch) out of linux-source-<ver>'s tarball
#   userland what make linux-latency's initramfs adds to busybox: Debian's
#            trace-cmd and rt-tests (cyclictest) for arm64 and the packages
#            of the libraries they link (USERLAND_PKGS), each unpacked
#            whole: USERLAND_ROOTS (their trees, for
#            tests/linux/mkinitramfs.py --lib-root), TRACE_CMD, CYCLICTEST;
#            and VIRTIO_MODULES, the kernel package's virtio_mmio.ko and
#            virtio_console.ko (the port the run's files leave by)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
what=$1 deps=$2

# apt knows arm64 packages only once dpkg has the architecture (as root,
# added here as fetch_deb.sh would).
if [ "$(dpkg --print-architecture)" != arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64 &&
	[ "$(id -u)" -eq 0 ]; then
	dpkg --add-architecture arm64
	apt-get update -qq
fi
pkg=$(apt-cache depends linux-image-arm64:arm64 2>/dev/null |
	sed -n 's/.*Depends: \(linux-image-[0-9][^:]*-arm64\).*/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "debian_kernel: apt knows no linux-image-arm64:arm64 (as root: dpkg --add-architecture arm64 && apt-get update)" >&2
	exit 1
fi
release=${pkg#linux-image-}
abi=${release%-arm64}
# linux-kbuild-6.1 for 6.1.0-57: the upstream version's first two numbers.
kver=$(echo "$abi" | cut -d. -f1-2)
fetch() { bash "$here/fetch_deb.sh" "$@" >&2; }
# unpack DEST PATH: PATH of DEST's .deb into DEST/root, unless it is there
# from this very .deb already (tests/linux unpacks the same way).
unpack() {
	local stamp
	stamp=$(sha256sum "$1"/*.deb | cut -c1-16):$2
	[ "$(cat "$1/root.stamp" 2>/dev/null)" = "$stamp" ] && [ -d "$1/root" ] && return
	rm -rf "$1/root" && mkdir "$1/root"
	dpkg-deb --fsys-tarfile "$1"/*.deb | tar -x -C "$1/root" "$2"
	echo "$stamp" >"$1/root.stamp"
}

# unpack_all DEST: DEST's .deb whole into DEST/root, unless it is there already.
unpack_all() {
	local stamp
	stamp=$(sha256sum "$1"/*.deb | cut -c1-16):all
	[ "$(cat "$1/root.stamp" 2>/dev/null)" = "$stamp" ] && [ -d "$1/root" ] && return
	rm -rf "$1/root" && mkdir "$1/root"
	dpkg-deb -x "$1"/*.deb "$1/root"
	echo "$stamp" >"$1/root.stamp"
}
# The arm64 packages of the initramfs's programs and the libraries they
# link (mkinitramfs.py names a library none of them holds).
USERLAND_PKGS="trace-cmd libtraceevent1 libtracefs1 libzstd1 libc6 rt-tests libnuma1"

case $what in
userland)
	roots=
	for p in $USERLAND_PKGS; do
		fetch "$p:arm64" "$deps/$p-arm64" --download-only
		unpack_all "$deps/$p-arm64"
		roots="$roots $deps/$p-arm64/root"
	done
	fetch "$pkg:arm64" "$deps/$pkg" --download-only
	mods=$deps/$pkg/virtio
	stamp=$(sha256sum "$deps/$pkg"/*.deb | cut -c1-16)
	if [ "$(cat "$mods/stamp" 2>/dev/null)" != "$stamp" ]; then
		rm -rf "$mods" && mkdir -p "$mods"
		dpkg-deb --fsys-tarfile "$deps/$pkg"/*.deb | tar -x -C "$mods" --strip-components=7 \
			"./lib/modules/$release/kernel/drivers/virtio/virtio_mmio.ko" \
			"./lib/modules/$release/kernel/drivers/char/virtio_console.ko"
		echo "$stamp" >"$mods/stamp"
	fi
	echo "USERLAND_ROOTS='${roots# }'"
	echo "TRACE_CMD=$deps/trace-cmd-arm64/root/usr/bin/trace-cmd CYCLICTEST=$deps/rt-tests-arm64/root/usr/bin/cyclictest"
	echo "VIRTIO_MODULES='$mods/virtio_mmio.ko $mods/virtio_console.ko'"
	;;
boot)
	fetch "$pkg:arm64" "$deps/$pkg" --download-only
	fetch busybox-static:arm64 "$deps/busybox-static" --download-only
	unpack "$deps/$pkg" ./boot
	unpack "$deps/busybox-static" ./bin
	echo "KERNEL_PKG=$pkg KERNEL_RELEASE=$release"
	echo "KERNEL=$deps/$pkg/root/boot/vmlinuz-$release BUSYBOX=$deps/busybox-static/root/bin/busybox"
	;;
headers)
	fetch "linux-headers-$release:arm64" "$deps/linux-headers-$release" --download-only
	fetch "linux-headers-$abi-common" "$deps/linux-headers-$abi-common" --download-only
	fetch "linux-kbuild-$kver" "$deps/linux-kbuild-$kver" --download-only
	tree=$deps/kbuild-tree-$release
	# Remade whenever one of the three packages is another file.
	stamp=$(sha256sum "$deps/linux-headers-$release"/*.deb "$deps/linux-headers-$abi-common"/*.deb \
		"$deps/linux-kbuild-$kver"/*.deb | sha256sum | cut -c1-16)
	if [ "$(cat "$tree/stamp" 2>/dev/null)" != "$stamp" ]; then
		echo "  UNPACK  the kernel's headers and kbuild into $tree" >&2
		rm -rf "$tree"
		mkdir -p "$tree/root"
		for d in "$deps/linux-headers-$release" "$deps/linux-headers-$abi-common" "$deps/linux-kbuild-$kver"; do
			dpkg-deb -x "$d"/*.deb "$tree/root"
		done
		echo "$stamp" >"$tree/stamp"
	fi
	echo "KERNEL_PKG=$pkg KERNEL_RELEASE=$release"
	echo "KDIR=$tree/root/usr/src/linux-headers-$release"
	echo "KDIR_MAKEFILE=$tree/root/usr/src/linux-headers-$abi-common/Makefile"
	;;
source)
	src=$deps/linux-source-$kver
	fetch "linux-source-$kver" "$src" --download-only
	out=$src/scripts
	stamp=$(sha256sum "$src"/*.deb | cut -c1-16)
	if [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
		echo "  UNPACK  checkpatch.pl from linux-source-$kver" >&2
		rm -rf "$out"
		mkdir -p "$out"
		# --occurrence: tar stops once it has the three (about 88 % into
		# the 140 MB tarball: ~8 s of xz), which ends the pipe's writers
		# early; so the files, not the pipe's status, say whether it worked.
		files=(checkpatch.pl spelling.txt const_structs.checkpatch)
		(set +o pipefail
			dpkg-deb --fsys-tarfile "$src"/*.deb 2>/dev/null |
				tar -x -O "./usr/src/linux-source-$kver.tar.xz" 2>/dev/null |
				tar -xJ -C "$out" --strip-components=2 --occurrence=1 \
					"${files[@]/#/linux-source-$kver/scripts/}") || true
		for f in "${files[@]}"; do
			[ -s "$out/$f" ] || { echo "debian_kernel: no scripts/$f in $src/*.deb" >&2; exit 1; }
		done
		echo "$stamp" >"$out/stamp"
	fi
	echo "CHECKPATCH=$out/checkpatch.pl"
	;;
*)
	echo "usage: debian_kernel.sh boot|headers|source|userland DEPS_DIR" >&2
	exit 2
	;;
esac
