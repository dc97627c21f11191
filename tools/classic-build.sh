#!/bin/bash
# The classic build, as packagers and server admins do it: the patched tree,
# `sh sys/unix/setup.sh sys/unix/hints/linux-flanking` (the variant's hints:
# vanilla's linux ones without CONFIG_ERROR_SECURE=FALSE), `make all
# install`, linking the librust_flanking.a that cargo builds.  Checks that the installed game
# runs, names the variant and carries the flanking engine.
#
#   tools/classic-build.sh [PREFIX]    (default: a scratch dir, removed after)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
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
sh sys/unix/setup.sh sys/unix/hints/linux-flanking >/dev/null
make_args=(FLANKING_DIR="$repo" PREFIX="$prefix" YACC='bison -y' LEX=flex)
echo "classic build: make all install (PREFIX=$prefix)"
make -j"$(nproc)" "${make_args[@]}" nethack >"$scratch/make.log" 2>&1 &&
    make "${make_args[@]}" all install >>"$scratch/make.log" 2>&1 || {
    tail -40 "$scratch/make.log" >&2
    echo "classic build: make failed" >&2
    exit 1
}

game=$prefix/games/lib/nethackdir/nethack
[ -x "$game" ] || { echo "classic build: $game was not installed" >&2; exit 1; }
for f in nhdat sysconf perm record; do
    [ -e "$prefix/games/lib/nethackdir/$f" ] || { echo "classic build: no $f installed" >&2; exit 1; }
done
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
