#!/bin/bash
# The patch series, for maintainers.
#
# The variant is its own files (variant/game: the glue, its header, the
# #flanking help, the fixes file, the Guidebook's sections of the variant,
# the server's hints; variant/harness: the
# fixture harness and the arena, for test builds only) plus patches/, the
# hooks into vanilla's own files.  A patch changes only files of vanilla:
# it creates none.
#
#   tools/patches.sh tree [DIR]     make DIR (default work/nethack): pristine
#                                   vanilla as a git repository, one commit
#                                   per patch of patches/series on top of it,
#                                   and the variant's files linked in
#                                   (symbolic links to variant/, ignored by
#                                   that repository): an edit there is an
#                                   edit of the variant's own file
#   tools/patches.sh refresh [DIR]  write patches/ and patches/series back
#                                   from DIR's commits after `vanilla`
#   tools/patches.sh apply [--harness] [--onto SRC] DIR
#                                   pristine + series + variant/game into DIR
#                                   (no git); --harness: variant/harness too,
#                                   a test build's tree, as build.rs makes it;
#                                   --onto SRC: SRC's tree in place of
#                                   pristine (another NetHack 3.6.7 tree, such
#                                   as NLE's: tools/nle/build.sh), with
#                                   patch(1)'s offsets and default fuzz, each
#                                   fuzzed hunk named on standard error
#   tools/patches.sh check          apply the series to a scratch copy of
#                                   pristine and fail on any fuzz or offset,
#                                   or on a patch that creates a file
#   tools/patches.sh series [--only TAG | --without TAG...]
#                                   the patches of patches/series, a line
#                                   each, in order: the one reading of the
#                                   series, which build.rs and the tests use
#
# NETHACK_PATCHES_DIR names another patches/ directory (tests use it).
#
# A patch file is its commit message (Subject: line, blank line, header
# text), a line `---`, then the diff.  patch(1) skips the header.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
nhsrc=$repo/nethack-src
. "$nhsrc/pristine.sh"
patches="${NETHACK_PATCHES_DIR:-$repo/patches}"

die() {
    echo "tools/patches.sh: $*" >&2
    exit 1
}

need_pristine() {
    [ -f "$pristine_stamp" ] ||
        die "no pristine tree in $pristine: run nethack-src/fetch.sh first"
}

series() {
    [ -f "$patches/series" ] || return 0
    sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$patches/series"
}

copy_pristine() {
    copy_tree "$pristine" "$1"
}

copy_tree() { # copy_tree SRC DIR: DIR made anew as a copy of SRC
    rm -rf "$2"
    mkdir -p "$2"
    (cd "$1" && tar -cf - --exclude=".pristine-*" .) | (cd "$2" && tar -xf -)
}

# Apply one patch with no fuzz, and fail if patch(1) had to shift a hunk.
# With loose=1 (apply --onto: a tree that is not pristine vanilla, whose
# lines have moved), patch(1)'s own default fuzz and offsets are allowed;
# each hunk that needed fuzz is named on standard error.
loose=0
apply_one() {
    local dir=$1 p=$2 out
    [ -f "$patches/$p" ] || die "patches/series names $p, which does not exist"
    if [ "$loose" -eq 1 ]; then
        if ! out=$(patch -d "$dir" -p1 --fuzz=2 --forward --no-backup-if-mismatch -i "$patches/$p" 2>&1); then
            printf '%s\n' "$out" >&2
            die "$p does not apply to the tree"
        fi
        printf '%s\n' "$out" | grep -B1 'fuzz' | grep -v '^--$' | sed "s|^|tools/patches.sh: $p: |" >&2 || true
        return 0
    fi
    if ! out=$(patch -d "$dir" -p1 --fuzz=0 --forward --no-backup-if-mismatch -i "$patches/$p" 2>&1); then
        printf '%s\n' "$out" >&2
        die "$p does not apply to the tree"
    fi
    if printf '%s\n' "$out" | grep -Eq 'offset|fuzz|Reversed|FAILED'; then
        printf '%s\n' "$out" >&2
        die "$p applies only with offset or fuzz: refresh the series"
    fi
}

# The tags a patch may carry in patches/series, one at most, in a comment on
# its line (`0001-x.patch  # [baseline]`), and as the trailer `Series-Tag:
# TAG` of its commit in the tree:
#   baseline  tools with no flanking in them (the debug fuzzer switch...),
#             first in the series: the `baseline` cargo feature applies them
#             alone to vanilla for benchmarks
#   tactics   the hooks by which monsters flank           } labels: every
#   ranged    the hooks of the threats from range         } build applies
#   field     the hooks of the rule sets of the field     } them; the cargo
#             features pre-tactics and pre-ranged compile the variant
#             without the feature instead (build.rs)
SERIES_TAGS="baseline tactics ranged field"

known_tag() {
    local t
    for t in $SERIES_TAGS; do [ "$1" = "$t" ] && return 0; done
    return 1
}

# The tag of patch $1 in the series, or nothing.
tag_of() {
    local t found=""
    for t in $SERIES_TAGS; do
        if grep -E "^[[:space:]]*$1[[:space:]]*#.*\[$t\]" "$patches/series" >/dev/null 2>&1; then
            [ -z "$found" ] || die "patches/series tags $1 both [$found] and [$t]: a patch carries one tag at most"
            found=$t
        fi
    done
    printf '%s' "$found"
}

header_of() { # the commit message part of a patch file
    sed -n '/^---$/q;p' "$1"
}

cmd_series() {
    local only="" without=() p tag t
    while [ $# -gt 0 ]; do
        case $1 in
        --only) [ $# -ge 2 ] || die "series: --only takes a tag"; only=$2; shift 2 ;;
        --without) [ $# -ge 2 ] || die "series: --without takes a tag"; without+=("$2"); shift 2 ;;
        *) die "usage: tools/patches.sh series [--only TAG | --without TAG...]" ;;
        esac
    done
    for t in $only "${without[@]}"; do
        known_tag "$t" || die "series: no tag $t; the tags are: $SERIES_TAGS"
    done
    for p in $(series); do
        [ -f "$patches/$p" ] || die "patches/series names $p, which does not exist"
        tag=$(tag_of "$p")
        if [ -n "$only" ] && [ "$tag" != "$only" ]; then continue; fi
        for t in "${without[@]}"; do
            [ "$tag" != "$t" ] || continue 2
        done
        printf '%s\n' "$p"
    done
}

# The variant's own files of variant/$1, a path relative to it a line.
variant_files() {
    (cd "$repo/variant/$1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
}

# Copy (or, with link, symlink) variant/$1's files into tree $2; none may be
# a file of the patched tree.
add_variant() {
    local part=$1 dir=$2 how=${3:-copy} f
    for f in $(variant_files "$part"); do
        [ ! -e "$dir/$f" ] || die "variant/$part/$f would replace $f of the patched tree: the variant's files are its own"
        mkdir -p "$(dirname "$dir/$f")"
        if [ "$how" = link ]; then
            ln -s "$repo/variant/$part/$f" "$dir/$f"
        else
            cp "$repo/variant/$part/$f" "$dir/$f"
        fi
    done
}

cmd_apply() {
    local harness=0 onto=""
    while [ $# -gt 0 ]; do
        case $1 in
        --harness) harness=1; shift ;;
        --onto) [ $# -ge 2 ] || die "apply: --onto takes a directory"; onto=$2; shift 2 ;;
        *) break ;;
        esac
    done
    [ $# -eq 1 ] || die "usage: tools/patches.sh apply [--harness] [--onto SRC] DIR"
    if [ -n "$onto" ]; then
        [ -d "$onto" ] || die "apply: --onto $onto is not a directory"
        copy_tree "$onto" "$1"
        loose=1
    else
        need_pristine
        copy_pristine "$1"
    fi
    for p in $(series); do apply_one "$1" "$p"; done
    add_variant game "$1"
    [ "$harness" -eq 0 ] || add_variant harness "$1"
}

cmd_check() {
    need_pristine
    :
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    copy_pristine "$tmp/tree"
    local n=0
    for p in $(series); do
        if grep -q '^--- /dev/null' "$patches/$p"; then
            grep -A1 '^--- /dev/null' "$patches/$p" | sed -n 's|^+++ b/|  creates |p' >&2
            die "$p creates a file: a patch changes only vanilla's files; the variant's own live in variant/"
        fi
        apply_one "$tmp/tree" "$p"
        echo "ok $p"
        n=$((n + 1))
    done
    echo "$n patches apply to vanilla $NETHACK_VERSION with no fuzz or offset"
}

git_tree() {
    git -C "$dir" -c user.name="${GIT_AUTHOR_NAME:-NetHack Flanking}" \
        -c user.email="${GIT_AUTHOR_EMAIL:-maintainer@localhost}" \
        -c commit.gpgsign=false "$@"
}

cmd_tree() {
    dir=${1:-$repo/work/nethack}
    need_pristine
    if [ -d "$dir/.git" ] && [ -n "$(git -C "$dir" status --porcelain)" ]; then
        die "$dir has uncommitted changes; commit them and run refresh, or remove $dir"
    fi
    local p tag
    for p in $(series); do tag_of "$p" >/dev/null; done # one tag at most, before any change
    copy_pristine "$dir"
    git_tree init -q -b variant
    git_tree add -A
    git_tree commit -q -m "vanilla NetHack $NETHACK_VERSION" -m "Pristine $NETHACK_TARBALL, sha256 $NETHACK_SHA256."
    git_tree tag -f vanilla >/dev/null
    for p in $(series); do
        tag=$(tag_of "$p")
        apply_one "$dir" "$p"
        git_tree add -A
        {
            header_of "$patches/$p"
            printf '\nPatch-Name: %s\n' "$p"
            if [ -n "$tag" ]; then printf 'Series-Tag: %s\n' "$tag"; fi
        } | git_tree commit -q --allow-empty -F -
    done
    # the variant's own files, linked: edited where they live
    add_variant game "$dir" link
    add_variant harness "$dir" link
    { variant_files game; variant_files harness; } | sed 's|^|/|' >>"$dir/.git/info/exclude"
    echo "patched tree in $dir: $(series | wc -l) commits on top of tag 'vanilla', variant/'s files linked in."
    echo "A hook: edit, commit (git commit --fixup/--amend, rebase -i), then: tools/patches.sh refresh $dir"
    echo "The variant's own C: edit it (here or in variant/) and commit it in the variant's repository."
}

slug() {
    tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9]\{1,\}/-/g' -e 's/^-//' -e 's/-$//' | cut -c1-48
}

cmd_refresh() {
    dir=${1:-$repo/work/nethack}
    [ -d "$dir/.git" ] || die "$dir is not a tree made by 'tools/patches.sh tree'"
    git -C "$dir" rev-parse -q --verify vanilla >/dev/null || die "$dir has no tag 'vanilla'"
    [ -z "$(git -C "$dir" status --porcelain)" ] ||
        die "$dir has uncommitted changes: commit them to the patch they belong to first"
    local commits c name n=0 msg tag tagged=""
    commits=$(git -C "$dir" rev-list --reverse vanilla..HEAD)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    : >"$tmp/series"
    for c in $commits; do
        n=$((n + 1))
        msg=$(git -C "$dir" log -1 --format=%B "$c")
        name=$(printf '%s\n' "$msg" | sed -n 's/^Patch-Name: *//p' | tail -n 1)
        if [ -z "$name" ]; then
            name=$(printf '%04d-%s.patch' "$n" "$(git -C "$dir" log -1 --format=%s "$c" | sed 's/^Subject: *//' | slug)")
        fi
        {
            printf '%s\n' "$msg" | sed -e '/^Patch-Name:/d' -e '/^Series-Tag:/d' |
                sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
            printf -- '---\n'
            git -C "$dir" diff --no-color --no-ext-diff --no-renames --full-index \
                --src-prefix=a/ --dst-prefix=b/ "$c~1" "$c"
        } >"$tmp/$name"
        tag=$(printf '%s\n' "$msg" | sed -n 's/^Series-Tag:[[:space:]]*//p' | sed 's/[[:space:]]*$//')
        if [ -n "$tag" ]; then
            [ "$(printf '%s\n' "$tag" | wc -l)" -eq 1 ] ||
                die "commit $(git -C "$dir" log -1 --format=%h "$c") ($name) has more than one Series-Tag: a patch carries one tag at most"
            known_tag "$tag" ||
                die "commit $(git -C "$dir" log -1 --format=%h "$c") ($name) has Series-Tag: $tag; the tags are: $SERIES_TAGS"
            tagged="$tagged $tag"
            echo "$name  # [$tag]" >>"$tmp/series"
        else
            echo "$name" >>"$tmp/series"
        fi
    done
    # Replace the series wholesale, so a dropped commit drops its patch.
    for p in $(series); do rm -f "$patches/$p"; done
    mkdir -p "$patches"
    {
        echo "# The variant's patches, applied in this order to pristine NetHack $NETHACK_VERSION."
        echo "# Regenerated by tools/patches.sh refresh; see README.md."
        echo "# [baseline]: tools with no flanking in them, applied alone to vanilla by"
        echo "# the cargo feature \`baseline\` (commit trailer Series-Tag: baseline)."
        case " $tagged " in
        *" tactics "*)
            echo "# [tactics]: the hooks by which monsters flank (commit trailer"
            echo "# Series-Tag: tactics); a label: every build applies them."
            ;;
        esac
        case " $tagged " in
        *" ranged "*)
            echo "# [ranged]: the hooks of the threats from range (commit trailer"
            echo "# Series-Tag: ranged); a label: every build applies them."
            ;;
        esac
        case " $tagged " in
        *" field "*)
            echo "# [field]: the hooks of the rule sets of the field (commit"
            echo "# trailer Series-Tag: field); a label: every build applies them."
            ;;
        esac
        cat "$tmp/series"
    } >"$patches/series"
    sed 's/[[:space:]]*#.*//' "$tmp/series" | while read -r p; do cp "$tmp/$p" "$patches/$p"; done
    echo "wrote $n patches to patches/"
}

case "${1:-}" in
tree) shift; cmd_tree "$@" ;;
refresh) shift; cmd_refresh "$@" ;;
apply) shift; cmd_apply "$@" ;;
check) shift; cmd_check "$@" ;;
series) shift; cmd_series "$@" ;;
*) die "usage: tools/patches.sh tree [DIR] | refresh [DIR] | apply [--harness] [--onto SRC] DIR | check | series [--only TAG | --without TAG...]" ;;
esac
