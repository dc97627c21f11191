#!/bin/bash
# The classic build installed the way a public server installs NetHack, and
# checked as a player of that server would use it.
#
#   tools/server-check.sh
#
# It follows docs/SERVER.md into a scratch prefix, running every block the
# guide marks `<!-- server-check: run -->` as it stands (the classic build,
# the game setgid `games`, the playground and its files group-writable,
# sysconf for a server), checks the result against what the guide
# promises, then adds a scratch user to sysconf's WIZARDS.
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
# file himself, yet his --arena on it reports its lines.  And two games at
# once, as dgamelaunch runs them (one shared user, -u NAME, two terminals):
# each saved and restored at its turn, both in the logfile, the xlogfile
# (with their rules) and the dump logs, the record whole, no lock left.
# And the playground's files as a wrong owner or a full disk leave them: a
# save/ the game cannot write (the save fails naming the file, the game goes
# on) and a record it cannot write (a scored game is kept in the logfile,
# the xlogfile and its dump log).
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

# --- the classic build, installed as docs/SERVER.md says -----------------------
# Every block the guide marks `<!-- server-check: run -->`, run as it stands
# from the repository, with PREFIX the scratch prefix.
guide=$repo/docs/SERVER.md
steps=$scratch/server-md.sh
awk '/<!-- server-check: run -->/ { want = 1; next }
     want && /^```sh$/ { inblock = 1; next }
     inblock && /^```$/ { inblock = 0; want = 0; next }
     inblock { print }' "$guide" >"$steps"
[ "$(grep -c . "$steps")" -ge 10 ] ||
    { echo "server-check: docs/SERVER.md has no runnable install blocks" >&2; exit 1; }
prefix=$scratch/install
echo "server-check: docs/SERVER.md's steps, PREFIX=$prefix"
(cd "$repo" && PREFIX=$prefix bash -euo pipefail "$steps") ||
    { echo "server-check: docs/SERVER.md's steps failed" >&2; exit 1; }
hack=$prefix/games/lib/nethackdir
game=$hack/nethack

# What the guide promises of the install.
perm_is() { # FILE MODE GROUP
    local got
    got=$(stat -c '%a %G' "$1")
    [ "$got" = "$2 $3" ] || bad "$1 is $got, the guide says $2 $3"
}
perm_is "$game" 2755 games
for d in "$hack" "$hack/save" "$hack/dumplog"; do
    [ "$(stat -c %G "$d")" = games ] && [ $(( 0$(stat -c %a "$d") & 070 )) -eq $(( 070 )) ] ||
        bad "$d is $(stat -c '%a %G' "$d"): the guide makes it writable by games"
done
for f in record logfile xlogfile perm; do perm_is "$hack/$f" 664 games; done
perm_is "$hack/sysconf" 644 games
[ "$(stat -c %U "$hack/sysconf")" = root ] || bad "sysconf is not root's"
grep -qx 'WIZARDS=root' "$hack/sysconf" || bad "sysconf's WIZARDS is not root alone"
grep -qx 'DUMPLOGFILE=dumplog/%n.%d.txt' "$hack/sysconf" || bad "sysconf writes no dump log"
[ "$fail" -eq 0 ] || { echo "server-check: the install is not what docs/SERVER.md says" >&2; exit 1; }
echo "server-check: ok: installed as docs/SERVER.md says"

# The check's own wizard, besides the guide's root.
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

# --- two players at once, as dgamelaunch starts them ---------------------------
# One shared user (nhfplayer), two names (-u alice, -u bob), two terminals
# (tmux sessions of a private server): both play a few turns at the same
# time and save; both come back (each restores its own save) and quit.
# Then every file of the playground must be whole and hold both games:
# the saves while saved, the record, logfile and xlogfile (a line each,
# naming its rules), a dump log each; and nothing left of a game in
# progress: no level file, no lock.
tmx() { tmux -L "nhfsc-$$" "$@"; }
trap 'tmx kill-server 2>/dev/null || true; cleanup' EXIT
opts='!autopickup,!legacy,!news,!splash_screen,time,pettype:none'
opts+=',role:Valkyrie,race:human,gender:female,align:neutral'
start_game() { # NAME [PET]: PET a pettype (none by default)
    tmx new-session -d -s "$1" -x 80 -y 24 \
        "cd / && setpriv --reuid=$(id -u nhfplayer) --regid=$(id -g nhfplayer) --init-groups \
         env -i PATH=/usr/bin:/bin HOME=/ USER=nhfplayer LOGNAME=nhfplayer TERM=xterm \
         NETHACKOPTIONS='${opts/pettype:none/pettype:${2:-none}}' '$game' -u $1; sleep 5"
}
screen_of() { tmx capture-pane -J -p -t "$1" 2>/dev/null || true; }
wait_screen() { # NAME TEXT: until the screen shows TEXT (20 s)
    local i
    for i in $(seq 200); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    bad "$1: no \"$2\" on the screen:"
    screen_of "$1" | sed 's/^/    /' >&2
    return 1
}
keys() { tmx send-keys -t "$@"; }
settle() { # NAME: answer every --More-- (the welcome, a restore's)
    local i
    for i in $(seq 50); do
        sleep 0.2
        screen_of "$1" | grep -qF -- "--More--" || return 0
        keys "$1" Enter
    done
}
gone() { # NAME: until the game has ended and its session is gone
    local i
    for i in $(seq 200); do
        tmx has-session -t "$1" 2>/dev/null || return 0
        keys "$1" Enter 2>/dev/null || true
        sleep 0.2
    done
    bad "$1: the game did not end"
}
# NAME: until the game has read every key typed (a barrier, not a pause):
# `;` (farlook, no time) asks "Pick an object." only once the keys before
# it are done, ESC leaves it; a --More-- eats the `;`, so it is answered
# (ESC) and `;` typed again (tests/common's Tmux::sync, in shell)
sync_game() {
    local i j s
    keys "$1" '\;'
    for i in $(seq 400); do
        s=$(screen_of "$1")
        if grep -qF "Pick an object." <<<"$s"; then
            keys "$1" Escape
            for j in $(seq 100); do
                screen_of "$1" | grep -qF "Pick an object." || return 0
                sleep 0.05
            done
            break
        fi
        if grep -qF -- "--More--" <<<"$s"; then
            keys "$1" Escape
            for j in $(seq 40); do # until it is gone (2 s at most)
                [ "$(screen_of "$1")" = "$s" ] || break
                sleep 0.05
            done
            keys "$1" '\;'
        fi
        sleep 0.05
    done
    bad "$1: the game did not read its keys:"
    screen_of "$1" | sed 's/^/    /' >&2
    return 1
}
uid=$(id -u nhfplayer)
turn_of() { screen_of "$1" | grep -o 'T:[0-9]*' | tail -1; }
for p in alice bob; do start_game "$p"; done
for p in alice bob; do wait_screen "$p" "Dlvl:1" || exit 1; settle "$p"; done
for n in 1 2 3; do for p in alice bob; do keys "$p" s; done; done
declare -A saved_at
for p in alice bob; do sync_game "$p" || exit 1; saved_at[$p]=$(turn_of "$p"); keys "$p" S; done
for p in alice bob; do wait_screen "$p" "Really save?" && keys "$p" y; done
for p in alice bob; do gone "$p"; done
for p in alice bob; do
    [ -s "$hack/save/${uid}$p.gz" ] || bad "no save of $p: $(ls "$hack/save")"
done
for p in alice bob; do start_game "$p"; done
for p in alice bob; do wait_screen "$p" "Restoring save file" && keys "$p" Enter; done
for p in alice bob; do
    wait_screen "$p" "Dlvl:1" || exit 1
    settle "$p"
    [ "$(turn_of "$p")" = "${saved_at[$p]}" ] && [ "${saved_at[$p]}" != "T:1" ] ||
        bad "$p's restored game is at $(turn_of "$p"), saved at ${saved_at[$p]}"
    keys "$p" '#quit' Enter
done
for p in alice bob; do wait_screen "$p" "Really quit?" && keys "$p" y; done
for p in alice bob; do wait_screen "$p" "identified?" && keys "$p" q; done
for p in alice bob; do gone "$p"; done
for p in alice bob; do
    grep -q "name=$p" "$hack/xlogfile" || bad "the xlogfile has no game of $p"
    grep "name=$p" "$hack/xlogfile" | grep -q "flankcode=nf-proposal-100-a1-r0" ||
        bad "$p's xlogfile line names no rules"
    grep -q " $p[,-]" "$hack/logfile" || bad "the logfile has no game of $p"
    ls "$hack/dumplog/$p".*.txt >/dev/null 2>&1 || bad "no dump log of $p"
    [ ! -e "$hack/save/${uid}$p.gz" ] || bad "$p's save is still there after the restore"
done
# --- a save/ the games group cannot write: the save fails, nothing is lost ----
# (a full disk looks the same to the game: the save file cannot be made)
chmod 0555 "$hack/save"
start_game carol
wait_screen carol "Dlvl:1" || exit 1
settle carol
keys carol s
keys carol S
wait_screen carol "Really save?" && keys carol y
# (named as NetHack names it, in the playground)
wait_screen carol "Cannot open save file save/${uid}carol." ||
    bad "a save into a save/ the game cannot write: no message naming the file"
settle carol
wait_screen carol "Dlvl:1" || bad "the game did not go on after a failed save"
chmod 0775 "$hack/save"
keys carol S
wait_screen carol "Really save?" && keys carol y
gone carol
[ -s "$hack/save/${uid}carol.gz" ] || bad "carol's save, once save/ was writable again, is not there"
rm -f "$hack/save/${uid}carol.gz"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a save/ the game cannot write: the save fails naming the file, the game goes on and saves later"

# --- a record the games group cannot write: the score is still kept ----------
# A game that scores: dave climbs the up stairs of level 1, where every game
# begins, at his first move, with his kitten beside him (a pet that leaves
# with the hero adds its hit points to the score), so he has points enough
# for the record (POINTSMIN).  With the record not writable by the games
# group, NetHack warns at the start ("cannot write scoreboard file") and says
# "Cannot open file record.  Is NetHack installed correctly?" at the end
# (its lock_file() opens the record to write), after it has written the
# logfile and the xlogfile: the game is in both, with its points, its dump
# log is written, the record is as it was and its lock is gone.  Then the
# same game by erin, the record writable again, is in the record.
escape() { # NAME [WARNING]: a game that escapes the dungeon with its kitten,
    # at turn 1; WARNING, what the game must say before it starts
    start_game "$1" cat
    if [ -n "${2:-}" ]; then
        wait_screen "$1" "$2" && keys "$1" Enter
    fi
    wait_screen "$1" "Dlvl:1" || exit 1
    settle "$1"
    keys "$1" '<'
    wait_screen "$1" "Still climb?" && keys "$1" y
    # then Enter: "n" to every question of the game's end ("q" would
    # silence the rest, the record's message too) and through the --More--s
}
chmod 0644 "$hack/record"
record_was=$(md5sum <"$hack/record")
escape dave "Warning: cannot write scoreboard file 'record'"
said=
for i in $(seq 50); do # through the --More--s of the game's end
    screen_of dave | grep -qF "Cannot open file record.  Is NetHack installed correctly?" && { said=1; break; }
    tmx has-session -t dave 2>/dev/null || break
    keys dave Enter 2>/dev/null || true
    sleep 0.2
done
[ -n "$said" ] || bad "a record the games group cannot write: no \"Cannot open file record\" at the end"
gone dave
line=$(grep "name=dave" "$hack/xlogfile" || true)
points=$(printf '%s\n' "$line" | tr '\t' '\n' | sed -n 's/^points=//p')
[ -n "$line" ] && [ "${points:-0}" -gt 0 ] ||
    bad "dave's scored game is not in the xlogfile with its points: '$line'"
printf '%s\n' "$line" | grep -q "death=escaped" || bad "dave's xlogfile line: '$line'"
grep -q " dave[,-]" "$hack/logfile" || bad "the logfile has no game of dave"
ls "$hack/dumplog/dave".*.txt >/dev/null 2>&1 || bad "no dump log of dave"
[ "$(md5sum <"$hack/record")" = "$record_was" ] || bad "the record changed though it could not be written"
[ ! -e "$hack/record_lock" ] || bad "the record's lock is left behind"
chmod 0664 "$hack/record"
escape erin
gone erin
grep -q " erin[,-]" "$hack/record" || bad "erin's scored game, the record writable, is not in it"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a record the game cannot write: named at the start and at the end, the game ($points points) kept in the logfile, xlogfile and dump log; written again, the record takes the next"

# The record keeps scored games only (sysconf POINTSMIN, at least 1 point;
# games of a few turns score 0): it must still be whole, every line a
# score line, and where NetHack keeps it.
perm_is "$hack/record" 664 games
if [ -s "$hack/record" ]; then
    awk 'NF < 16 { exit 1 }' "$hack/record" || bad "the record holds a broken line"
fi
left=$(cd "$hack" && ls | grep -E '^[0-9]+[a-z]+\.[0-9]+$|_lock$|\.lock$' || true)
[ -z "$left" ] || bad "a game in progress left files behind: $left"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: two players at once: each save restored at its turn; logfile, xlogfile and dump logs hold both games, the record whole; no lock left"
