#!/usr/bin/env bash
# fetch_deb.sh PACKAGE:ARCH DEST [PATH...]: download one Debian package with
# apt and unpack it into DEST/root (all of it, or only the PATHs given, as
# they appear in the package, e.g. ./boot; --download-only: none, the .deb
# alone). DEST is a build cache; nothing is vendored in git.
# Foreign architectures (arm64) are added to dpkg first when root.
set -euo pipefail
pkg=$1 dest=$2
shift 2
arch=${pkg##*:}
[ "$arch" = "$pkg" ] && arch=$(dpkg --print-architecture)

if [ "$arch" != "$(dpkg --print-architecture)" ] &&
	! dpkg --print-foreign-architectures | grep -qx "$arch"; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "fetch_deb: $pkg needs the $arch architecture: run as root" \
			"'dpkg --add-architecture $arch && apt-get update'" >&2
		exit 1
	fi
	dpkg --add-architecture "$arch"
	apt-get update -qq
fi
mkdir -p "$dest"
cd "$dest"
if ! ls ./*.deb >/dev/null 2>&1; then
	echo "  FETCH   $pkg (apt-get download, cached in $dest)" >&2
	if ! apt-get download "$pkg" >/dev/null 2>download.err; then
		if [ "$(id -u)" -eq 0 ] && apt-get update -qq && apt-get download "$pkg" >/dev/null 2>download.err; then
			:
		else
			echo "fetch_deb: cannot download $pkg: $(grep -m1 '^E:' download.err)" >&2
			exit 1
		fi
	fi
	rm -f download.err
fi
[ "${1:-}" = --download-only ] && exit 0
rm -rf root
mkdir root
dpkg-deb --fsys-tarfile ./*.deb | tar -x -C root "$@"
