#!/bin/bash
# The classic build, as packagers and server admins do it: the patched tree,
# `sh sys/unix/setup.sh sys/unix/hints/HINTS`, `make all install`, linking
# the librust_flanking.a that cargo builds.  Checks that the installed game
# runs, names the variant and carries the flanking engine.
#
#   tools/classic-build.sh [--hints HINTS] [--chroot DIR] [PREFIX]
#
# HINTS is a hints file of the variant's tree (sys/unix/hints/):
#   linux-flanking          (the default) vanilla's linux hints without
#                           CONFIG_ERROR_SECURE=FALSE; the game is installed
#                           and runs under PREFIX.
#   linux-flanking-server   a server's, for a chroot: PREFIX is the path the
#                           game sees inside the chroot (compiled in), and
#                           the game is installed under DIR (--chroot) +
#                           PREFIX.  Without --chroot, as linux-flanking.
# PREFIX: default a scratch dir, removed after (a chroot needs one).
#
# `make install` empties the install directory first (NetHack's own
# Makefile.top: rm -rf of HACKDIR): never point it at a live playground.
# docs/SERVER.md says how to upgrade one.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: tools/classic-build.sh [--hints HINTS] [--chroot DIR] [PREFIX]" >&2
    exit 2
}
hints=linux-flanking
chroot=
while [ $# -gt 0 ]; do
    case $1 in
    --hints) [ $# -ge 2 ] || usage; hints=$2; shift 2 ;;
    --hints=*) hints=${1#--hints=}; shift ;;
    --chroot) [ $# -ge 2 ] || usage; chroot=$2; shift 2 ;;
    --chroot=*) chroot=${1#--chroot=}; shift ;;
    -*) echo "classic build: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -le 1 ] || usage
case $hints in
*/* | "") echo "classic build: --hints takes a name in sys/unix/hints/, not '$hints'" >&2; exit 2 ;;
esac
hintsfile=$repo/variant/game/sys/unix/hints/$hints
[ -f "$hintsfile" ] ||
    { echo "classic build: no hints file $hints (the variant's are: $(ls "$repo/variant/game/sys/unix/hints" | tr '\n' ' '))" >&2; exit 2; }
if [ -n "$chroot" ]; then
    grep -q '^INSTDIR=\$(CHROOT)' "$hintsfile" ||
        { echo "classic build: --chroot needs a hints file that installs into a chroot (linux-flanking-server), not $hints" >&2; exit 2; }
    [ $# -eq 1 ] || { echo "classic build: --chroot needs PREFIX, the path inside the chroot" >&2; exit 2; }
    case $1 in /*) ;; *) echo "classic build: PREFIX must be absolute (the path inside the chroot): $1" >&2; exit 2 ;; esac
    case $chroot in /*) ;; *) echo "classic build: --chroot must be absolute: $chroot" >&2; exit 2 ;; esac
    chroot=${chroot%/}
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix=${1:-$scratch/install}
tree=$scratch/tree

echo "classic build: cargo build --release -p rust-flanking"
(cd "$repo" && cargo build -q --release -p rust-flanking)
lib=$repo/target/release/librust_flanking.a
[ -f "$lib" ] || { echo "classic build: no $lib" >&2; exit 1; }

echo "classic build: pristine + patches/series in $tree"
"$repo/tools/patches.sh" apply "$tree"
cd "$tree"
sh sys/unix/setup.sh "sys/unix/hints/$hints" >/dev/null
make_args=(FLANKING_DIR="$repo" PREFIX="$prefix" YACC='bison -y' LEX=flex)
[ -z "$chroot" ] || make_args+=(CHROOT="$chroot")
echo "classic build: make all install (hints $hints, PREFIX=$prefix${chroot:+, CHROOT=$chroot})"
make -j"$(nproc)" "${make_args[@]}" nethack >"$scratch/make.log" 2>&1 &&
    make "${make_args[@]}" all install >>"$scratch/make.log" 2>&1 || {
    tail -40 "$scratch/make.log" >&2
    echo "classic build: make failed" >&2
    exit 1
}

game=$chroot$prefix/games/lib/nethackdir/nethack
[ -x "$game" ] || { echo "classic build: $game was not installed" >&2; exit 1; }
# (perm and record in var/: the hints' VAR_PLAYGROUND)
for f in nhdat sysconf var/perm var/record; do
    [ -e "$chroot$prefix/games/lib/nethackdir/$f" ] || { echo "classic build: no $f installed" >&2; exit 1; }
done
# (--version reads no file: it runs outside the chroot too)
version=$("$game" --version)
case "$version" in
*"NetHack Flanking"*"NetHack Version 3.6.7"*) ;;
*) echo "classic build: --version does not name the variant: $version" >&2; exit 1 ;;
esac
# The engine must really be linked in and called, not merely named (no
# grep -q: under pipefail, nm would die of SIGPIPE and fail the test).
if ! nm "$game" | grep ' T flank_explain$' >/dev/null; then
    echo "classic build: $game does not contain rust-flanking's flank_explain" >&2
    exit 1
fi
echo "classic build: ok: $version"
