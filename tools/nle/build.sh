#!/bin/bash
# The variant inside the NetHack Learning Environment, its build:
# NLE 1.3.0's source distribution from PyPI (its NetHack 3.6.7 tree and its
# own C), patches/series, patches/nle/ and rust-flanking, made into the
# libnethack.so that the PyPI `nle` 1.3.0 wheel loads
# (nle.nethack.nethack.DLPATH).  Nothing of NLE's is committed: the sdist
# is fetched at build time with pip (so the user's pip configuration, an
# index mirror, a proxy, an offline wheelhouse, is honoured), pinned by its
# sha256.  NLE's CMake is not used
# (it fetches pybind11, deboost.context and bzip2 from public git
# repositories, and builds the Python module the wheel already has):
# tools/nle/Makefile compiles NLE's own list of the library's sources.
#
#   tools/nle/build.sh [all]     fetch, tree, lib, dat, install (the default)
#   tools/nle/build.sh fetch [SDIST]
#                                the sdist into the build directory: a copy
#                                of SDIST if given, else `pip download` of
#                                nle==1.3.0's sdist; either way its sha256
#                                is checked
#   tools/nle/build.sh tree      NLE's tree with the series applied
#                                (tools/patches.sh apply --onto), then
#                                patches/nle/*.patch, synced into BUILD/tree
#                                (only files whose content changed are
#                                copied, so make remakes only what changed)
#   tools/nle/build.sh lib       rust-flanking (cargo), makedefs's headers,
#                                then BUILD/libnethack.so
#   tools/nle/build.sh dat       the game's data file, BUILD/data/dat/nhdat (the
#                                wheel's is vanilla's: it lacks the variant's
#                                `flanking` help and its opthelp), with the
#                                tree's own makedefs, dgn_comp, lev_comp, dlb
#   tools/nle/build.sh install   both into python/nle_flanking/_game/, where
#                                the nle_flanking package loads them (the
#                                library without its debug information)
#   tools/nle/build.sh clean     remove the build directory
#
# BUILD is $NLE_BUILD_DIR, default target/nle (ignored by git).
# Debian packages it needs besides ./dev setup's (gcc, make, patch, bison,
# flex...): g++ (winrl.cc is C++), libboost-context-dev (make_fcontext and
# jump_fcontext, linked statically from libboost_context.a) and libbz2-dev
# (NLE writes its ttyrecs with bzip2; the .so links libbz2.so.1.0).
# And a Python with pip, to fetch the sdist: $NLE_PYTHON, else the
# project's (target/py, which ./dev setup makes first), else python3.
# NLE_MAKE_JOBS: make's -j (default 2).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
nhsrc=$repo/nethack-src
. "$nhsrc/pristine.sh"
build=${NLE_BUILD_DIR:-$repo/target/nle}
case $build in /*) ;; *) build=$PWD/$build ;; esac

NLE_VERSION=1.3.0
NLE_SDIST=nle-$NLE_VERSION.tar.gz
NLE_SDIST_SHA256=598871072652861541a1c1e56caf51851f311b062d7830d9ebf452119e53205d

say() { printf '==> %s\n' "$*" >&2; }
die() {
    echo "tools/nle/build.sh: $*" >&2
    exit 1
}

sha_ok() { [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$NLE_SDIST_SHA256" ]; }

# A Python whose pip fetches the sdist.
pip_python() {
    local py
    for py in "${NLE_PYTHON:-}" "$repo/target/py/bin/python" python3; do
        [ -n "$py" ] && "$py" -m pip --version >/dev/null 2>&1 && {
            echo "$py"
            return 0
        }
    done
    die "no Python with pip to fetch $NLE_SDIST (./dev setup makes target/py; or set NLE_PYTHON)"
}

# NLE's sdist through pip, from wherever the user's pip configuration says
# (PIP_INDEX_URL, pip.conf, --find-links...), its hash checked by pip too
# (--require-hashes).  `--no-binary nle`, not `:all:`: pip prepares the
# sdist's metadata in a build environment, and `:all:` would build its
# build requirements (cmake, ninja) from source there as well.
pip_download() {
    local to=$1 py dir
    py=$(pip_python)
    dir=$(mktemp -d "$build/pip.XXXXXX")
    printf 'nle==%s --hash=sha256:%s\n' "$NLE_VERSION" "$NLE_SDIST_SHA256" >"$dir/requirements.txt"
    say "pip download --no-deps --no-binary nle nle==$NLE_VERSION ($py)"
    "$py" -m pip download -q --disable-pip-version-check --no-deps --no-binary nle \
        --require-hashes -r "$dir/requirements.txt" -d "$dir/out" ||
        die "pip download nle==$NLE_VERSION failed (see above; pip's configuration says where from)"
    [ -f "$dir/out/$NLE_SDIST" ] || die "pip download gave no $NLE_SDIST: $(ls "$dir/out")"
    mv "$dir/out/$NLE_SDIST" "$to"
    rm -rf "$dir"
}

cmd_fetch() {
    local cached=$build/$NLE_SDIST
    mkdir -p "$build"
    if [ -f "$cached" ] && sha_ok "$cached"; then return 0; fi
    if [ $# -ge 1 ]; then
        say "copying $1"
        cp "$1" "$cached.part"
    else
        pip_download "$cached.part"
    fi
    sha_ok "$cached.part" || {
        rm -f "$cached.part"
        die "$NLE_SDIST: sha256 is not $NLE_SDIST_SHA256"
    }
    mv "$cached.part" "$cached"
}

# NLE's topten.c is vanilla's plus its ttyrecname= lines alone, which meet
# the series' flanking fields; the series goes onto vanilla's topten.c and
# patches/nle/0001-nle.patch puts NLE's lines back.
check_topten() {
    local nle=$1 vanilla=$2 changes expected
    changes=$(diff "$vanilla" "$nle" | grep '^[<>]' || true)
    expected=$(
        cat <<'LINES'
> #define NLE_XLOG_INCLUDE_FILE
> extern char * FDECL(nle_ttyrecname, ());
> 
> #ifdef NLE_XLOG_INCLUDE_FILE
>     if (nle_ttyrecname()[0] != '\0')
>         Fprintf(rfile, "%cttyrecname=%s", XLOG_SEP, nle_ttyrecname());
> #endif
LINES
    )
    [ "$changes" = "$expected" ] || {
        printf '%s\n' "$changes" >&2
        die "NLE's src/topten.c differs from vanilla's by more than its ttyrecname= lines"
    }
}

# Copy into $2 the files of $1 whose content differs; remove what $1 lacks.
sync_tree() {
    local from=$1 to=$2 f
    mkdir -p "$to"
    (cd "$from" && find . -type f) | while read -r f; do
        if ! cmp -s "$from/$f" "$to/$f"; then
            mkdir -p "$(dirname "$to/$f")"
            cp "$from/$f" "$to/$f"
        fi
    done
    (cd "$to" && find . -type f) | while read -r f; do
        case $f in ./util/makedefs | ./include/pm.h | ./include/onames.h | ./include/date.h | ./dat/options) continue ;; esac
        [ -e "$from/$f" ] || rm -f "$to/$f"
    done
}

cmd_tree() {
    local sdist=$build/$NLE_SDIST vanilla=$pristine p
    [ -f "$sdist" ] || die "no $sdist: run tools/nle/build.sh fetch first"
    [ -f "$pristine_stamp" ] ||
        die "no pristine NetHack in $vanilla: run ./dev setup (nethack-src/fetch.sh) first"
    rm -rf "$build/sdist" "$build/base" "$build/stage"
    mkdir -p "$build/sdist"
    tar -xzf "$sdist" -C "$build/sdist" --strip-components=1
    check_topten "$build/sdist/src/topten.c" "$vanilla/src/topten.c"
    cp -a "$build/sdist" "$build/base"
    cp "$vanilla/src/topten.c" "$build/base/src/topten.c"
    say "patches/series onto NLE $NLE_VERSION's tree"
    "$repo/tools/patches.sh" apply --onto "$build/base" "$build/stage"
    for p in "$repo"/patches/nle/*.patch; do
        say "patches/nle/$(basename "$p")"
        patch -d "$build/stage" -p1 --fuzz=0 --forward --no-backup-if-mismatch -s -i "$p" ||
            die "patches/nle/$(basename "$p") does not apply"
    done
    rm -rf "$build/base"
    sync_tree "$build/stage" "$build/tree"
}

cmd_lib() {
    local tree=$build/tree jobs=${NLE_MAKE_JOBS:-2}
    [ -d "$tree" ] || die "no $tree: run tools/nle/build.sh tree first"
    say "cargo build --release -p rust-flanking"
    (cd "$repo" && cargo build -q --release -p rust-flanking)
    # makedefs's headers (pm.h, onames.h, date.h), as NLE's util/CMakeLists.txt
    if [ ! -x "$tree/util/makedefs" ] || [ "$tree/util/makedefs.c" -nt "$tree/util/makedefs" ] ||
        [ "$tree/src/monst.c" -nt "$tree/util/makedefs" ] || [ "$tree/src/objects.c" -nt "$tree/util/makedefs" ]; then
        say "makedefs"
        # the library's own definitions (tools/nle/Makefile's DEFS): NOMAIL
        # above all, or onames.h numbers a scroll of mail the game lacks
        gcc -O2 -DGCC_WARN -DNOCLIPPING -DNOMAIL -DNOTPARMDECL -DDLB -DNOCWD_ASSUMPTIONS \
            -I"$tree/include" -o "$tree/util/makedefs" \
            "$tree/util/makedefs.c" "$tree/src/monst.c" "$tree/src/objects.c"
        (cd "$tree/util" && ./makedefs -o && ./makedefs -p && ./makedefs -v)
    fi
    say "make libnethack.so (tools/nle/Makefile, -j$jobs)"
    make -s -f "$repo/tools/nle/Makefile" -j"$jobs" TREE="$tree" OBJ="$build/obj" OUT="$build" REPO="$repo"
    ls -l "$build/libnethack.so" >&2
}

# The programs that make nhdat, as NetHack's Makefile.utl builds them, with
# the library's definitions; their yacc and lex output is vanilla's own
# (sys/share).  Then nhdat as NLE's dat/CMakeLists.txt makes it, plus the
# variant's help topic (patch 0015 adds it to DATHELP).
cmd_dat() {
    local tree=$build/tree w=$build/data
    [ -d "$tree" ] || die "no $tree: run tools/nle/build.sh tree first"
    if [ -f "$w/dat/nhdat" ] && [ -z "$(find "$tree/dat" "$tree/util" "$tree/include" \
        "$tree/sys/share" "$tree/src" -newer "$w/dat/nhdat" -print -quit)" ]; then
        return 0
    fi
    say "nhdat"
    rm -rf "$w"
    mkdir -p "$w/util"
    cp -a "$tree/dat" "$tree/include" "$w/"
    cp "$tree/sys/share/lev_comp.h" "$tree/sys/share/dgn_comp.h" "$w/include/"
    local cc=(gcc -O2 -w -DGCC_WARN -DNOCLIPPING -DNOMAIL -DNOTPARMDECL -DDLB -DNOCWD_ASSUMPTIONS
        -I"$w/include")
    local alloc=("$tree/src/alloc.c" "$tree/util/panic.c")
    "${cc[@]}" -o "$w/util/makedefs" "$tree/util/makedefs.c" "$tree/src/monst.c" "$tree/src/objects.c"
    "${cc[@]}" -o "$w/util/dgn_comp" "$tree/util/dgn_main.c" "$tree/sys/share/dgn_yacc.c" \
        "$tree/sys/share/dgn_lex.c" "${alloc[@]}"
    "${cc[@]}" -o "$w/util/lev_comp" "$tree/util/lev_main.c" "$tree/sys/share/lev_yacc.c" \
        "$tree/sys/share/lev_lex.c" "${alloc[@]}" "$tree/src/drawing.c" "$tree/src/decl.c" \
        "$tree/src/monst.c" "$tree/src/objects.c"
    "${cc[@]}" -o "$w/util/dlb" "$tree/util/dlb_main.c" "$tree/src/dlb.c" "${alloc[@]}"
    (cd "$w/util" && for o in -s -d -r -q -h -v -e; do ./makedefs $o; done)
    (
        cd "$w/dat"
        ../util/dgn_comp dungeon.pdf
        ../util/lev_comp ./*.des >/dev/null
        # The names exactly as the game asks for them: dlb keeps a member's
        # name as given, and "./minefill.lev" is not "minefill.lev" (every
        # special level then failed to load, and the game made mazes).
        local levs
        levs=$(ls -- *.lev)
        # shellcheck disable=SC2086
        LC_ALL=C ../util/dlb cf nhdat.tmp help hh cmdhelp keyhelp history opthelp wizhelp \
            flanking dungeon tribute bogusmon data engrave epitaph oracles options quest.dat \
            rumors $levs
        # every level file is in, under its bare name
        local listed
        listed=$(LC_ALL=C ../util/dlb tf nhdat.tmp)
        for f in $levs minefill.lev oracle.lev castle.lev; do
            grep -qx -- "$f" <<<"$listed" || die "nhdat lacks $f (dlb lists: $(head -3 <<<"$listed" | tr '\n' ' ')...)"
        done
        mv nhdat.tmp nhdat
    )
    ls -l "$w/dat/nhdat" >&2
}

# Into the package, each file only if it changed (an editable install
# sees the new one at once).
cmd_install() {
    local to=$repo/python/nle_flanking/_game
    [ -f "$build/libnethack.so" ] || die "no $build/libnethack.so: run tools/nle/build.sh lib first"
    [ -f "$build/data/dat/nhdat" ] || die "no $build/data/dat/nhdat: run tools/nle/build.sh dat first"
    mkdir -p "$to"
    strip --strip-debug -o "$build/libnethack.stripped.so" "$build/libnethack.so"
    install_if_changed "$build/libnethack.stripped.so" "$to/libnethack.so"
    install_if_changed "$build/data/dat/nhdat" "$to/nhdat"
}

install_if_changed() {
    cmp -s "$1" "$2" && return 0
    say "installing ${2#"$repo"/}"
    cp "$1" "$2.tmp"
    chmod a+r "$2.tmp"  # dlb makes nhdat readable by its owner only
    mv "$2.tmp" "$2"
}

case "${1:-all}" in
fetch) shift; cmd_fetch "$@" ;;
tree) cmd_tree ;;
lib) cmd_lib ;;
dat) cmd_dat ;;
install) cmd_install ;;
all) cmd_fetch; cmd_tree; cmd_lib; cmd_dat; cmd_install ;;
clean) rm -rf "$build" "$repo/python/nle_flanking/_game" ;;
*) die "usage: tools/nle/build.sh [all | fetch [SDIST] | tree | lib | dat | install | clean]" ;;
esac
