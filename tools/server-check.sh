#!/bin/bash
# The classic build installed the way a public server installs NetHack, and
# checked as a player of that server would use it.
#
#   tools/server-check.sh
#
# It runs tools/classic-build.sh into a scratch prefix, then makes it a
# server install: the game setgid `games`, the playground and its files
# group-writable, sysconf's WIZARDS naming root, games and one scratch user.
# Two scratch system users play it (created here, removed after): nhfwizard,
# whom WIZARDS allows, and nhfplayer, an ordinary player.
#
# What it proves: every option of the variant that names or writes a file
# (--arena, --flank-fixtures, --fuzz-save) refuses an ordinary player before
# the game opens anything with its group's rights, and never shows a file's
# contents.  A file that only the games group may read must appear in no
# output; the same path as a FIFO must not be opened at all (opening one
# blocks until a writer comes, so a game that opens it never returns).  That
# the install really is setgid is checked too: nhfwizard cannot read the
# file himself, yet his --arena on it reports its lines.
#
# Needs root (it creates users and sets the setgid bit), or sudo.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null ||
        { echo "server-check: needs root or sudo (it creates scratch users and a setgid install)" >&2; exit 1; }
    exec sudo --preserve-env=PATH,CARGO_HOME,RUSTUP_HOME "$0" "$@"
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
created_users=()
cleanup() {
    local u
    for u in "${created_users[@]}"; do userdel "$u" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
chmod 755 "$scratch"

fail=0
bad() {
    echo "server-check: FAIL: $*" >&2
    fail=1
}

# --- the classic build, installed as a server installs it -------------------
prefix=$scratch/install
"$repo/tools/classic-build.sh" "$prefix"
hack=$prefix/games/lib/nethackdir
game=$hack/nethack
chgrp -R games "$hack"
chmod 2755 "$game"
chmod 0775 "$hack" "$hack/save"
chmod 0664 "$hack/record" "$hack/logfile" "$hack/xlogfile" "$hack/perm"
chmod 0644 "$hack/sysconf"
sed -i 's/^WIZARDS=.*/WIZARDS=root games nhfwizard/' "$hack/sysconf"

# --- two players -------------------------------------------------------------
for u in nhfwizard nhfplayer; do
    if ! getent passwd "$u" >/dev/null; then
        useradd --system --no-create-home --home-dir / --shell /usr/sbin/nologin "$u"
        created_users+=("$u")
    fi
    ! id -nG "$u" | tr ' ' '\n' | grep -x games >/dev/null ||
        { echo "server-check: $u is in group games: the check would prove nothing" >&2; exit 1; }
done

# as USER, with nothing of root's environment
as() {
    local user=$1
    shift
    setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
        env -i PATH=/usr/bin:/bin HOME=/ USER="$user" LOGNAME="$user" TERM=dumb "$@"
}

# --- files only the games group may read -------------------------------------
token="secret-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
secret=$scratch/secret
mkdir -m 0750 "$secret"
chgrp games "$secret"
for line in 1 2 3; do echo "$token line $line"; done >"$secret/notes.arena"
cp "$secret/notes.arena" "$secret/notes.flank"
mkdir -m 0750 "$secret/fixtures" "$secret/fifos"
cp "$secret/notes.arena" "$secret/fixtures/a.flank"
mkfifo -m 0640 "$secret/fifos/pipe.arena" "$secret/fifos/x.flank"
chgrp -R games "$secret"
chmod 0640 "$secret"/notes.* "$secret/fixtures/a.flank"

if as nhfwizard cat "$secret/notes.arena" >/dev/null 2>&1; then
    echo "server-check: nhfwizard can read the secret himself: the check would prove nothing" >&2
    exit 1
fi

# The game run as USER with ARGS, bounded in time: its output and status.
out=$scratch/out
run() {
    local user=$1
    shift
    status=0
    (cd / && as "$user" timeout 20 "$game" "$@") </dev/null >"$out" 2>&1 || status=$?
}

# The install is setgid: a wizard's --arena reads what he himself cannot.
run nhfwizard -D --arena "$secret/notes.arena" --arena-seed=1
grep -q "$token" "$out" ||
    { echo "server-check: a wizard's --arena did not read the games-only file; the install is not setgid:" >&2; cat "$out" >&2; exit 1; }
echo "server-check: ok: the install is setgid games (a wizard's --arena reads a games-only file)"

# An ordinary player: refused before anything is opened, nothing shown.
refused() {
    local what=$1
    shift
    run nhfplayer "$@"
    if [ "$status" -eq 124 ]; then
        bad "$what: the game opened a games-only FIFO (it blocked until killed)"
    elif [ "$status" -eq 0 ]; then
        bad "$what: exit status 0, not a refusal"
    elif grep -q "$token" "$out"; then
        bad "$what: a games-only file's contents reached the output"
    elif ! grep -q "debug mode only" "$out"; then
        bad "$what: no refusal naming debug mode"
    else
        echo "server-check: ok: refused: $what"
        return 0
    fi
    sed 's/^/    /' "$out" >&2
}
for f in "$secret/notes.arena" "$secret/fifos/pipe.arena"; do
    refused "--arena $f" --arena "$f" --arena-seed=1
    refused "--arena-seed=1 --arena $f" --arena-seed=1 --arena "$f"
    refused "-D --arena $f" -D --arena "$f" --arena-seed=1
done
for f in "$secret/notes.flank" "$secret/fixtures" "$secret/fifos/x.flank" "$secret/fifos"; do
    refused "--flank-fixtures $f" --flank-fixtures "$f"
    refused "--flank-fixtures=$f" "--flank-fixtures=$f"
    refused "-D --flank-fixtures $f" -D --flank-fixtures "$f"
done
before=$(ls -A "$hack/save" | wc -l)
refused "--fuzz=1,50 --fuzz-save" --fuzz=1,50 --fuzz-save
refused "-D --fuzz=1,50 --fuzz-save" -D --fuzz=1,50 --fuzz-save
[ "$(ls -A "$hack/save" | wc -l)" -eq "$before" ] || bad "--fuzz-save: a refused run left a file in save/"

[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a player outside WIZARDS gets no file through the variant's options"
