#!/bin/sh
# Obtain pristine NetHack, verify it against the pin and unpack it here.
#
#   nethack-src/fetch.sh [TARBALL]
#
# With TARBALL (or NETHACK_TARBALL_PATH set), that file is used as it is.
# Otherwise the upstream tarball is taken from Debian's source package,
# asking apt through a private sources list and private state directories
# built from this machine's own Debian mirror: the system's apt
# configuration is left as it was.  Either way the file must match the
# sha256 in pin.env; the tree is then unpacked into nethack-src/$NETHACK_TREE.
# Nothing here is ever committed (see .gitignore).
set -eu

nhsrc=$(cd "$(dirname "$0")" && pwd)
. "$nhsrc/pristine.sh"

die() {
    echo "nethack-src/fetch.sh: $*" >&2
    exit 1
}

src=${1:-${NETHACK_TARBALL_PATH:-}}

if [ -z "$src" ] && [ -f "$pristine_stamp" ]; then
    echo "nethack-src: vanilla NetHack $NETHACK_VERSION is already unpacked in $pristine"
    exit 0
fi

sha_of() {
    sha256sum "$1" | cut -d' ' -f1
}

# Find this machine's Debian archive URI, from deb822 or one-line sources.
debian_uri() {
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk 'BEGIN { IGNORECASE = 1 }
             /^URIs:/ { for (i = 2; i <= NF; i++) print $i }' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        sed -n 's/^[[:space:]]*deb\(-src\)\?[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\3/p' "$f"
    done
}

fetch_from_debian() {
    command -v apt-get >/dev/null 2>&1 ||
        die "no tarball given and no apt-get here. Download $NETHACK_TARBALL (sha256 $NETHACK_SHA256) and run: nethack-src/fetch.sh /path/to/$NETHACK_TARBALL"
    uri=$(debian_uri | grep -v -e security -e '^cdrom:' | grep '/debian/\?$' | head -n 1)
    [ -n "$uri" ] ||
        die "cannot find a Debian mirror in /etc/apt/sources*; give the tarball by path: nethack-src/fetch.sh /path/to/$NETHACK_TARBALL"
    apt_dir="$nhsrc/.apt"
    rm -rf "$apt_dir"
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    echo "deb-src [signed-by=$keyring] $uri $DEBIAN_SUITE main" >"$apt_dir/sources.list"
    set -- -o "Dir::Etc::SourceList=$apt_dir/sources.list" \
        -o Dir::Etc::SourceParts=/dev/null \
        -o "Dir::State::Lists=$apt_dir/lists" \
        -o "Dir::Cache=$apt_dir/cache" \
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root
    echo "nethack-src: asking apt for $DEBIAN_SOURCE sources in $DEBIAN_SUITE (private sources list in $apt_dir)"
    apt-get "$@" -qq update ||
        die "apt could not read $DEBIAN_SUITE's source index from $uri; give the tarball by path: nethack-src/fetch.sh /path/to/$NETHACK_TARBALL"
    # Only the upstream tarball is needed: its URI comes from the source
    # index, so a missing .dsc does not matter.
    url=$(apt-get "$@" source --print-uris "$DEBIAN_SOURCE" 2>/dev/null |
        sed -n "s/^'\\([^']*\\/$NETHACK_TARBALL\\)'.*/\\1/p" | head -n 1)
    [ -n "$url" ] ||
        die "$DEBIAN_SUITE has no $DEBIAN_SOURCE $NETHACK_VERSION source package; give the tarball by path: nethack-src/fetch.sh /path/to/$NETHACK_TARBALL"
    /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file "$url" "$nhsrc/$NETHACK_TARBALL" "SHA256:$NETHACK_SHA256" ||
        die "could not download $url"
    rm -rf "$apt_dir"
    src="$nhsrc/$NETHACK_TARBALL"
}

if [ -z "$src" ]; then
    if [ -f "$nhsrc/$NETHACK_TARBALL" ] && [ "$(sha_of "$nhsrc/$NETHACK_TARBALL")" = "$NETHACK_SHA256" ]; then
        src="$nhsrc/$NETHACK_TARBALL"
    else
        fetch_from_debian
    fi
fi

[ -f "$src" ] || die "$src: no such file. Give the path of $NETHACK_TARBALL (sha256 $NETHACK_SHA256)."
got=$(sha_of "$src")
[ "$got" = "$NETHACK_SHA256" ] ||
    die "$src has sha256 $got, but the pin wants $NETHACK_SHA256 ($NETHACK_TARBALL, NetHack $NETHACK_VERSION). Use that exact tarball."

rm -rf "$pristine" "$pristine.tmp"
mkdir -p "$pristine.tmp"
tar -xzf "$src" -C "$pristine.tmp" || die "cannot unpack $src"
[ -d "$pristine.tmp/$NETHACK_TREE" ] || die "$src does not hold $NETHACK_TREE/"
mv "$pristine.tmp/$NETHACK_TREE" "$pristine"
rmdir "$pristine.tmp"
: >"$pristine_stamp"
echo "nethack-src: vanilla NetHack $NETHACK_VERSION unpacked in $pristine"
