#!/usr/bin/env bash
# fetch_src.sh PACKAGE VERSION DSC_SHA256 DEST: download one Debian source
# package (apt-get source --download-only PACKAGE=VERSION) and unpack it into
# DEST/src. DEST is a build cache: the downloads stay in DEST/dl and are
# reused; nothing is vendored in git.
#
# The machine's apt configuration is left alone: a private sources list (a
# deb-src line for each deb line the machine has, same mirrors, suites and
# keyrings), private package lists and a private cache under DEST/apt, so the
# `apt-get update` this needs changes nothing in /etc/apt or /var/lib/apt.
#
# Integrity: apt checks the .dsc and tarballs against the Sources index, whose
# InRelease file is signed with the Debian archive key the machine already
# trusts; this script also requires the .dsc to have the SHA-256 pinned by the
# caller, and dpkg-source checks every tarball against the .dsc's checksums.
set -euo pipefail
pkg=$1 version=$2 dsc_sha256=$3 dest=$4
dsc=${pkg}_${version#*:}.dsc

[ -f "$dest/src/.unpacked" ] && exit 0
mkdir -p "$dest/dl"
dest=$(cd "$dest" && pwd)
log=$dest/fetch.log
: >"$log"

fail() {
	echo "fetch_src: $*" >&2
	[ -s "$log" ] && grep -E '^(E|W): |error' "$log" | head -n 5 | sed 's/^/    /' >&2
	exit 1
}

have_pinned_dsc() {
	[ -f "$dest/dl/$dsc" ] &&
		echo "$dsc_sha256  $dest/dl/$dsc" | sha256sum --check --status
}

if ! have_pinned_dsc; then
	echo "  FETCH   $pkg $version source (apt-get source, cached in $dest)" >&2
	apt=$dest/apt
	rm -rf "$apt"
	mkdir -p "$apt/etc/sources.list.d" "$apt/lists/partial" "$apt/cache/archives/partial"
	: >"$apt/etc/sources.list"
	# The same archives the machine installs from, as source archives.
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >>"$apt/etc/sources.list"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		sed 's/^Types:.*/Types: deb-src/' "$f" >"$apt/etc/sources.list.d/$(basename "$f")"
	done
	opts=(-o "Dir::Etc::SourceList=$apt/etc/sources.list"
	      -o "Dir::Etc::SourceParts=$apt/etc/sources.list.d"
	      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
	      -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=")
	apt-get "${opts[@]}" update >>"$log" 2>&1 ||
		fail "apt-get update of the source lists failed (log: $log)"
	rm -f "$dest/dl/"*
	(cd "$dest/dl" && apt-get "${opts[@]}" source --download-only "$pkg=$version") \
		>>"$log" 2>&1 || fail "cannot download $pkg $version source (log: $log)"
	have_pinned_dsc ||
		fail "$dsc does not have the pinned SHA-256 $dsc_sha256"
	rm -rf "$apt"
fi

rm -rf "$dest/src" "$dest/src.tmp"
# dpkg-source verifies each tarball against the checksums in the .dsc. The
# .dsc's own OpenPGP signature cannot be checked without debian-keyring; its
# checksum is pinned above instead.
dpkg-source --no-copy -x "$dest/dl/$dsc" "$dest/src.tmp" >>"$log" 2>&1 ||
	fail "dpkg-source could not unpack $dsc (log: $log)"
mv "$dest/src.tmp" "$dest/src"
touch "$dest/src/.unpacked"
