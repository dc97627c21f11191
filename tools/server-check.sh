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
# What it proves: the installed game carries no test code (no symbol of
# the fixture harness or the arena; --arena and --flank-fixtures refused
# as not in this game, for a wizard too), and every option of the variant
# that names or writes a file refuses before the game opens anything with
# its group's rights (--fuzz-save: an ordinary player), never showing a
# file's contents.  A file that only the games group may read must appear
# in no output; the same path as a FIFO must not be opened at all (opening
# one blocks until a writer comes, so a game that opens it never returns).
# That the install really is setgid is checked too: nhfwizard cannot write
# save/ himself, yet his --fuzz-save writes a save there.  And two games at
# once, as dgamelaunch runs them (one shared user, -u NAME, two terminals):
# each saved and restored at its turn, both in the logfile, the xlogfile
# (with their rules) and the dump logs, the record whole, no lock left.
# And the playground's files as a wrong owner or a full disk leave them: a
# save/ the game cannot write (the save fails naming the file, the game goes
# on) and a record it cannot write (a scored game is kept in the logfile,
# the xlogfile and its dump log).
# And nhfplayer as a shell user would try it: his ~/.nethackrc a symlink
# to a games-only file; NETHACKOPTIONS=@FILE raced 300 times against a
# symlink swapped to it; his own games killed (SIGKILL) past MAXPLAYERS,
# then one more; a name with a tab and a newline.  Nothing may be read,
# forged or locked out.  Every file his games write for him is in var/
# (tools/server-install.sh: root:games 2770), and each of his attempts on
# them must fail with EACCES at the path where root's same attempt
# succeeds: his killed game's lock (its checkpoint) and level file, his
# save while the game writes it and after (append, overwrite, copy aside),
# locks forged ahead of every game, a bones file, a read lock on perm,
# record, logfile or xlogfile, the dump logs, the paniclog, the listing.
# A save edited anyway (by root here) is refused by its mark (sysconf
# SAVEKEY), kept aside, never over a save refused before.  The install
# ships recover, which turns a dead game's files kept aside into a save.
# Where nhfplayer can enter var/ (opened to others here for the test, then
# closed again), a checkpoint of his killed game that he forges is kept
# aside unread, never rebuilt or marked; with var/ the games group's alone,
# a game killed with SIGKILL comes back at the next start under its name,
# from its checkpoint, its save marked.  A ten-digit uid with the longest
# name is refused at the start; two users whose uid and name ran together
# into one save name keep their own saves.
# And the save mark against a player who reaches his save (root makes the
# edits here: under var/ the player cannot): bytes changed after the game
# closed the save (the game stopped there under gdb), a copy restored
# after a later save, a save renamed, another uid's: each refused; a save
# too large to check kept as it is, not refused; a key file others may
# read, of 65 bytes or the player's own: sysconf's error; and ordinary
# play (save, restore, save, restore; a hangup's save) goes on.  And an
# install of the layout before var/, moved by the guide's block: its
# save, its dead game and its records are found where they moved.
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
# from the repository, with PREFIX the scratch prefix and no chroot (CHROOT
# empty: the server's hints, linux-flanking-server, installing on the host).
# The guide's dgamelaunch blocks (`<!-- dgl: ... -->`) need dgamelaunch and
# a chroot, and are not run here.
guide=$repo/docs/SERVER.md
steps=$scratch/server-md.sh
awk '/<!-- server-check: run -->/ { want = 1; next }
     want && /^```sh$/ { inblock = 1; next }
     inblock && /^```$/ { inblock = 0; want = 0; next }
     inblock { print }' "$guide" >"$steps"
grep -q 'tools/server-install.sh' "$steps" ||
    { echo "server-check: docs/SERVER.md's runnable blocks do not run tools/server-install.sh" >&2; exit 1; }
prefix=$scratch/install
echo "server-check: docs/SERVER.md's steps, PREFIX=$prefix, CHROOT= (none: the game runs on the host)"
(cd "$repo" && PREFIX=$prefix CHROOT= bash -euo pipefail "$steps") ||
    { echo "server-check: docs/SERVER.md's steps failed" >&2; exit 1; }
hack=$prefix/games/lib/nethackdir
game=$hack/nethack

# What the guide promises of the install (tools/server-install.sh): the
# game and what it reads in the playground, readable; what it writes in
# var/ (VAR_PLAYGROUND), which only the games group may enter.
var=$hack/var
perm_is() { # FILE MODE OWNER:GROUP
    local got
    got=$(stat -c '%a %U:%G' "$1")
    [ "$got" = "$2 $3" ] || bad "$1 is $got, the guide says $2 $3"
}
perm_is "$hack" 755 root:games
perm_is "$game" 2755 root:games
perm_is "$hack/recover" 755 root:games
perm_is "$hack/nhdat" 644 root:games
perm_is "$hack/sysconf" 644 root:games
perm_is "$hack/savekey" 640 root:games
for d in "$var" "$var/save" "$var/dumplog"; do perm_is "$d" 2770 root:games; done
for f in record logfile xlogfile perm paniclog; do perm_is "$var/$f" 660 root:games; done
[ "$(stat -c %s "$hack/savekey")" -eq 32 ] || bad "savekey is not 32 bytes"
for l in 'SAVEKEY=savekey' 'WIZARDS=root' 'MAXPLAYERS=10' 'DUMPLOGFILE=var/dumplog/%n.%d.txt'; do
    grep -qxF "$l" "$hack/sysconf" || bad "sysconf does not say $l"
done
# nothing else in the playground the games group may write
writable=$(find "$hack" -path "$var" -prune -o -perm /022 ! -type l -print)
[ -z "$writable" ] || bad "writable by group or others outside var/: $writable"
[ "$fail" -eq 0 ] || { echo "server-check: the install is not what docs/SERVER.md says" >&2; exit 1; }
echo "server-check: ok: installed as docs/SERVER.md says"
playground_was=$(ls -A "$hack")

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
# (HOME is / unless AS_HOME names another; VAR=VALUE words before the
# command are passed to env)
as() {
    local user=$1
    shift
    setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups \
        env -i PATH=/usr/bin:/bin HOME="${AS_HOME:-/}" USER="$user" LOGNAME="$user" \
        TERM=dumb "$@"
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

# The install is setgid: the wizard cannot write save/ himself; the game,
# run by him and the players below, saves there.
if as nhfwizard test -w "$var/save"; then
    echo "server-check: nhfwizard can write save/ himself: the check would prove nothing" >&2
    exit 1
fi
status=0
(cd / && as nhfwizard TERM=xterm \
    NETHACKOPTIONS='role:Valkyrie,race:human,gender:female,align:neutral,!legacy,!news,!splash_screen' \
    timeout 60 "$game" -D --fuzz=1,50 --fuzz-save) </dev/null >"$out" 2>&1 || status=$?
ls "$var/save" | grep -q . ||
    { echo "server-check: a wizard's --fuzz-save wrote no save: the install is not setgid:" >&2; cat "$out" >&2; exit 1; }
rm -f "$var"/save/*
echo "server-check: ok: the install is setgid games (a wizard's game saves where he cannot write)"

# A server's game carries no test code: the fixture harness and
# the arena are a test build's alone.  No symbol of theirs, C's or Rust's,
# is in the installed binary, and their options are refused by name, even
# in debug mode, before any file is opened.
test_syms=$(nm "$game" | grep -E ' (flankfx|flankarena|fx_|ar_)|flank_(fixtures|moves|arena)_' || true)
if [ -n "$test_syms" ]; then
    bad "the installed game carries test code: $(printf '%s\n' "$test_syms" | head -5 | awk '{print $3}' | tr '\n' ' ')"
else
    echo "server-check: ok: no fixture harness or arena symbol in the installed game (nm)"
fi
# WHO runs the game with ARGS, which must refuse: never open a games-only
# FIFO, never show a games-only file, and say WHY (a grep pattern); with
# STATUS, exit with it (else with any failure).
refused_by() { # WHO WHAT WHY STATUS ARGS...
    local who=$1 what=$2 why=$3 want=$4
    shift 4
    run "$who" "$@"
    if [ "$status" -eq 124 ]; then
        bad "$what ($who): the game opened a games-only FIFO (it blocked until killed)"
    elif [ "$status" -eq 0 ] || { [ -n "$want" ] && [ "$status" -ne "$want" ]; }; then
        bad "$what ($who): exit status $status, not ${want:-a refusal}"
    elif grep -q "$token" "$out"; then
        bad "$what ($who): a games-only file's contents reached the output"
    elif ! grep -q "$why" "$out"; then
        bad "$what ($who): no refusal saying \"$why\""
    else
        echo "server-check: ok: refused ($why): $what ($who)"
        return 0
    fi
    sed 's/^/    /' "$out" >&2
}
unknown() { # WHO WHAT ARGS...: not in this game, exit status 2
    local who=$1 what=$2
    shift 2
    refused_by "$who" "$what" "not in this game" 2 "$@"
}
for who in nhfplayer nhfwizard; do
    for f in "$secret/notes.arena" "$secret/fifos/pipe.arena"; do
        unknown "$who" "--arena $f" --arena "$f" --arena-seed=1
        unknown "$who" "-D --arena-seed=1 --arena $f --arena-play" -D --arena-seed=1 --arena "$f" --arena-play
    done
    for f in "$secret/notes.flank" "$secret/fixtures" "$secret/fifos/x.flank"; do
        unknown "$who" "--flank-fixtures $f" --flank-fixtures "$f"
        unknown "$who" "-D --flank-fixtures=$f" -D "--flank-fixtures=$f"
    done
done

# An ordinary player: refused before anything is opened, nothing shown.
refused() { # WHAT ARGS...
    local what=$1
    shift
    refused_by nhfplayer "$what" "debug mode only" "" "$@"
}
before=$(ls -A "$var/save" | wc -l)
refused "--fuzz=1,50 --fuzz-save" --fuzz=1,50 --fuzz-save
refused "-D --fuzz=1,50 --fuzz-save" -D --fuzz=1,50 --fuzz-save
[ "$(ls -A "$var/save" | wc -l)" -eq "$before" ] || bad "--fuzz-save: a refused run left a file in save/"

[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: no test option in the installed game; a player outside WIZARDS gets no file through the variant's options"

# --- the server's hints and the guide's rc template --------------------------
# The game was built with sys/unix/hints/linux-flanking-server: its
# directory and sysconf compiled in as absolute paths under PREFIX (in a
# chroot, the path inside it; here, with no chroot, the install's).
strings "$game" | grep -x "$hack/sysconf" >/dev/null ||
    bad "the installed game does not name $hack/sysconf (not built with the server's hints?)"
# docs/server/dgl-default-rcfile.nhf, every new player's rc file under
# dgamelaunch (NETHACKOPTIONS=@FILE), read without an error.
install -m 0644 "$repo/docs/server/dgl-default-rcfile.nhf" "$scratch/template.nethackrc"
status=0
(cd / && as nhfplayer NETHACKOPTIONS="@$scratch/template.nethackrc" timeout 20 "$game" --showpaths) \
    </dev/null >"$out" 2>&1 || status=$?
if [ "$status" -ne 0 ] || grep -qiE "error|Unknown option|Not a config statement|Couldn't open" "$out"; then
    bad "docs/server/dgl-default-rcfile.nhf: the game does not read it cleanly (status $status):"
    sed 's/^/    /' "$out" >&2
fi
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: built with the server's hints ($hack/sysconf compiled in); the guide's rc template is read without an error"

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
wrap= # a command the game runs under (strace, below), or none
start_game() { # NAME [PET]: PET a pettype (none by default); as nhfplayer,
    # or as $GAME_USER
    local u=${GAME_USER:-nhfplayer}
    tmx new-session -d -s "$1" -x 80 -y 24 \
        "cd / && $wrap setpriv --reuid=$(id -u "$u") --regid=$(id -g "$u") --init-groups \
         env -i PATH=/usr/bin:/bin HOME=/ USER=$u LOGNAME=$u TERM=xterm \
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
. "$repo/tools/tmux-screen.sh" # keys, settle, turn_of
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
fresh() { # NAME: a new game, at its first turn
    start_game "$1"
    wait_screen "$1" "Dlvl:1" || exit 1
    settle "$1"
}
quit_now() { # NAME
    keys "$1" '#quit' Enter
    wait_screen "$1" "Really quit?" && keys "$1" y
    wait_screen "$1" "identified?" && keys "$1" q
    gone "$1"
}
killed() { # NAME: a new game, three turns, then SIGKILL; lk: the lock it left
    fresh "$1"
    for n in 1 2 3; do keys "$1" s; done
    sync_game "$1" || exit 1
    pkill -KILL -u nhfplayer -f -- "$game -u $1" || bad "no game of $1 to kill"
    gone "$1"
    lk=$(cd "$var" && ls | grep -E '^[a-z]lock\.0$' | head -1 || true)
    [ -n "$lk" ] || { bad "$1's killed game left no lock: $(ls "$var")"; exit 1; }
}
for p in alice bob; do start_game "$p"; done
for p in alice bob; do wait_screen "$p" "Dlvl:1" || exit 1; settle "$p"; done
for n in 1 2 3; do for p in alice bob; do keys "$p" s; done; done
declare -A saved_at
for p in alice bob; do sync_game "$p" || exit 1; saved_at[$p]=$(turn_of "$p"); keys "$p" S; done
for p in alice bob; do wait_screen "$p" "Really save?" && keys "$p" y; done
for p in alice bob; do gone "$p"; done
for p in alice bob; do
    [ -s "$var/save/${uid}$p.gz" ] || bad "no save of $p: $(ls "$var/save")"
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
    grep -q "name=$p" "$var/xlogfile" || bad "the xlogfile has no game of $p"
    grep "name=$p" "$var/xlogfile" | grep -q "flankcode=nf-proposal-100-a1-r0" ||
        bad "$p's xlogfile line names no rules"
    grep -q " $p[,-]" "$var/logfile" || bad "the logfile has no game of $p"
    ls "$var/dumplog/$p".*.txt >/dev/null 2>&1 || bad "no dump log of $p"
    [ ! -e "$var/save/${uid}$p.gz" ] || bad "$p's save is still there after the restore"
done
# --- a save/ the games group cannot write: the save fails, nothing is lost ----
# (a full disk looks the same to the game: the save file cannot be made)
chmod 2550 "$var/save"
start_game carol
wait_screen carol "Dlvl:1" || exit 1
settle carol
keys carol s
keys carol S
wait_screen carol "Really save?" && keys carol y
# (named as NetHack names it: the full path in var/, after a --More-- when
# "Saving..." and it do not fit on one line, and itself on two lines when
# longer than one: the screen's lines are read as one)
said=
for i in $(seq 100); do
    s=$(screen_of carol)
    if tr '\n' ' ' <<<"$s" | grep -qE "Cannot open save file +$var/save/${uid}carol\."; then said=1; break; fi
    grep -qF -- "--More--" <<<"$s" && keys carol Enter
    sleep 0.2
done
[ -n "$said" ] || {
    bad "a save into a save/ the game cannot write: no message naming the file:"
    screen_of carol | sed 's/^/    /' >&2
}
settle carol
wait_screen carol "Dlvl:1" || bad "the game did not go on after a failed save"
chmod 2770 "$var/save"
keys carol S
wait_screen carol "Really save?" && keys carol y
gone carol
[ -s "$var/save/${uid}carol.gz" ] || bad "carol's save, once save/ was writable again, is not there"
rm -f "$var/save/${uid}carol.gz"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a save/ the game cannot write: the save fails naming the file, the game goes on and saves later"

# --- a record the games group cannot write: the score is still kept ----------
# A game that scores: dave climbs the up stairs of level 1, where every game
# begins, at his first move, with his kitten beside him (a pet that leaves
# with the hero adds its hit points to the score), so he has points enough
# for the record (POINTSMIN).  With the record not writable by the games
# group, NetHack warns at the start ("cannot write scoreboard file") and says
# "Cannot open file .../record.  Is NetHack installed correctly?" at the end
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
chmod 0640 "$var/record"
record_was=$(md5sum <"$var/record")
# (both name the record by its path in var/; the screen's lines read as one,
# for a message longer than a line)
escape dave "Warning: cannot write scoreboard file '$var/record'"
said=
for i in $(seq 50); do # through the --More--s of the game's end
    screen_of dave | tr '\n' ' ' |
        grep -qE "Cannot open file +$var/record\. +Is NetHack installed correctly\?" && { said=1; break; }
    tmx has-session -t dave 2>/dev/null || break
    keys dave Enter 2>/dev/null || true
    sleep 0.2
done
[ -n "$said" ] || bad "a record the games group cannot write: no \"Cannot open file record\" at the end"
gone dave
line=$(grep "name=dave" "$var/xlogfile" || true)
points=$(printf '%s\n' "$line" | tr '\t' '\n' | sed -n 's/^points=//p')
[ -n "$line" ] && [ "${points:-0}" -gt 0 ] ||
    bad "dave's scored game is not in the xlogfile with its points: '$line'"
printf '%s\n' "$line" | grep -q "death=escaped" || bad "dave's xlogfile line: '$line'"
grep -q " dave[,-]" "$var/logfile" || bad "the logfile has no game of dave"
ls "$var/dumplog/dave".*.txt >/dev/null 2>&1 || bad "no dump log of dave"
[ "$(md5sum <"$var/record")" = "$record_was" ] || bad "the record changed though it could not be written"
[ ! -e "$var/record_lock" ] || bad "the record's lock is left behind"
chmod 0660 "$var/record"
escape erin
gone erin
grep -q " erin[,-]" "$var/record" || bad "erin's scored game, the record writable, is not in it"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a record the game cannot write: named at the start and at the end, the game ($points points) kept in the logfile, xlogfile and dump log; written again, the record takes the next"

# --- records no game cuts ------------------------------------------------------
# A game that dies while it writes the records (its player kills it: the
# process is his) must leave them whole.  Killing it at that moment would
# be a race; strace's fault injection makes the moment certain instead,
# on one file each time (strace runs as root, so the game keeps its group):
# - fay's xlogfile line: its write falls short (7 bytes said written, none
#   written).  Vanilla's stdio writes the rest, a line cut at its start;
#   the game takes the line back: the xlogfile is as it was, it says
#   "Cannot write extended log file!", her logfile line is there.
# - gus's record: every write of the new record fails (a full disk).
#   Vanilla has emptied the record by then (fopen "w"), every score gone;
#   the game writes it beside the record: the record is as it was, no
#   record.new is left, and it says "Cannot write record file".
command -v strace >/dev/null ||
    { echo "server-check: no strace (./dev setup installs it): records no game cuts cannot be checked" >&2; exit 1; }
said_at_end() { # NAME TEXT: TEXT on the screen through the --More--s of the game's end
    local i
    for i in $(seq 50); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        tmx has-session -t "$1" 2>/dev/null || break
        keys "$1" Enter 2>/dev/null || true
        sleep 0.2
    done
    return 1
}
escape_faulted() { # NAME FILE FAULT TEXT WHAT: NAME escapes under strace,
    # his game's writes to FILE faulted (inject=write:FAULT; its trace in
    # $scratch/trace-NAME), and his game's end says TEXT (else: WHAT, no TEXT)
    wrap="strace -f -o $scratch/trace-$1 -P $2 -e trace=write -e inject=write:$3"
    escape "$1"
    said_at_end "$1" "$4" || bad "$5: no \"$4\""
    gone "$1"
    wrap=
}
xlog_was=$(md5sum <"$var/xlogfile")
escape_faulted fay "$var/xlogfile" retval=7:when=1 "Cannot write extended log file!" \
    "fay's xlogfile line, its write short"
grep -F INJECTED "$scratch/trace-fay" | sed 's/^/    strace: /'
grep -q 'INJECTED' "$scratch/trace-fay" || bad "fay: no write of the xlogfile was made short (strace): the check proves nothing"
[ "$(md5sum <"$var/xlogfile")" = "$xlog_was" ] ||
    bad "fay's xlogfile line, its write short, changed the xlogfile: ...$(tail -c 120 "$var/xlogfile")"
grep -q " fay[,-]" "$var/logfile" || bad "the logfile has no game of fay"
grep -q " fay[,-]" "$var/record" || bad "fay's scored game is not in the record"
record_was=$(md5sum <"$var/record")
escape_faulted gus "$var/record.new" error=ENOSPC "Cannot write record file" \
    "gus's record, its writes failing"
grep -F INJECTED "$scratch/trace-gus" | head -1 | sed 's/^/    strace: /'
grep -q 'ENOSPC.*INJECTED' "$scratch/trace-gus" || bad "gus: no write of record.new failed (strace): the check proves nothing"
[ "$(md5sum <"$var/record")" = "$record_was" ] || bad "the record changed though its new copy could not be written"
[ ! -e "$var/record.new" ] || bad "record.new is left behind"
grep -q "name=gus" "$var/xlogfile" || bad "the xlogfile has no game of gus"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: records no game cuts: an xlogfile line whose write falls short is taken back whole; a record whose new copy cannot be written stays as it was"

# The record keeps scored games only (sysconf POINTSMIN, at least 1 point;
# games of a few turns score 0): it must still be whole, every line a
# score line, and where NetHack keeps it.
# (written anew by a rename, the record is the uid's of the game that
# wrote it last: its group and mode are the record's)
[ "$(stat -c '%a %G' "$var/record")" = "660 games" ] ||
    bad "the record is $(stat -c '%a %G' "$var/record") after a game rewrote it, not 660 games"
if [ -s "$var/record" ]; then
    awk 'NF < 16 { exit 1 }' "$var/record" || bad "the record holds a broken line"
fi
left=$(cd "$var" && ls | grep -E '^[0-9]+[a-z]+\.[0-9]+$|_lock$|\.lock$' || true)
[ -z "$left" ] || bad "a game in progress left files behind: $left"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: two players at once: each save restored at its turn; logfile, xlogfile and dump logs hold both games, the record whole; no lock left"

# --- a shell user against the setgid install ------------------------------------
# nhfplayer, not in games and not in WIZARDS, with a home of his own, tries
# what a shell account allows: his rc file a symlink to a games-only file;
# NETHACKOPTIONS=@FILE raced against a symlink swapped to it; his own games
# killed past MAXPLAYERS; a name with a tab and a newline; his own save,
# edited. None may read, forge or lock out anything.
home=$scratch/home-nhfplayer
mkdir -m 0700 "$home"
chown nhfplayer "$home"
as_home() { # CMD...: as nhfplayer, HOME his own
    AS_HOME=$home as nhfplayer "$@"
}
# What he tries on the files of var/: attempt WHO OP PATH prints "ok", or
# EACCES, or why else it failed.  OP: list (opendir), read, write, append
# (open to read, to write, to append), create (a new file, O_EXCL; removed
# again if made), rdlock (open to read, then a shared flock and an fcntl
# F_RDLCK, as one who would stall every game's end holds a record).
cat >"$scratch/attempt.pl" <<'PERL'
use strict;
use Fcntl qw(:DEFAULT :flock F_SETLK F_RDLCK SEEK_SET);
my ($op, $path) = @ARGV;
my ($ok, $f);
if ($op eq 'list') { $ok = opendir($f, $path) }
elsif ($op eq 'read') { $ok = sysopen($f, $path, O_RDONLY) }
elsif ($op eq 'write') { $ok = sysopen($f, $path, O_WRONLY) }
elsif ($op eq 'append') { $ok = sysopen($f, $path, O_WRONLY | O_APPEND) }
elsif ($op eq 'create') {
    $ok = sysopen($f, $path, O_WRONLY | O_CREAT | O_EXCL, 0660);
    unlink $path if $ok;
} elsif ($op eq 'rdlock') {
    my $lk = pack('s s x4 q q i x4', F_RDLCK, SEEK_SET, 0, 0, 0); # struct flock
    $ok = sysopen($f, $path, O_RDONLY) && flock($f, LOCK_SH | LOCK_NB)
        && fcntl($f, F_SETLK, $lk);
} else { die "attempt: no operation $op\n" }
print $ok ? "ok\n" : $!{EACCES} ? "EACCES\n" : "failed: $!\n";
PERL
chmod 0644 "$scratch/attempt.pl"
attempt() { # WHO OP PATH
    if [ "$1" = root ]; then perl "$scratch/attempt.pl" "$2" "$3" 2>&1
    else as "$1" perl "$scratch/attempt.pl" "$2" "$3" 2>&1; fi
}
# WHAT OP PATH: nhfplayer's OP on PATH fails with EACCES, where root's
# succeeds (the file is there, the operation possible: the refusal is the
# directory's, not a missing file's)
denied() {
    local mine theirs
    mine=$(attempt nhfplayer "$2" "$3")
    theirs=$(attempt root "$2" "$3")
    if [ "$theirs" != ok ]; then
        bad "$1: root's $2 of $3 fails too ($theirs): the attempt proves nothing"
    elif [ "$mine" != EACCES ]; then
        bad "$1: nhfplayer's $2 of $3: $mine, not EACCES"
    else
        echo "server-check: ok: denied (EACCES): $1 ($2 ${3#"$hack/"})"
    fi
}
his() { # PATH: the file is nhfplayer's own (his game made it)
    [ "$(stat -c %U "$1")" = nhfplayer ] || bad "${1#"$hack/"} is $(stat -c %U "$1")'s, not nhfplayer's: the check would prove less"
}
# 1. ~/.nethackrc a symlink to a games-only file: --showpaths reads the rc
#    file and reports its errors. Its lines must not appear, and it must not
#    be parsed at all: its lines are no config statements, and an error
#    saying so (even without the line, CONFIG_ERROR_SECURE) means the game
#    read it with its group's rights.
as_home ln -s "$secret/notes.arena" "$home/.nethackrc"
status=0
(cd / && as_home timeout 20 "$game" --showpaths) </dev/null >"$out" 2>&1 || status=$?
if grep -qE "$token|Not a config statement" "$out"; then
    bad "a ~/.nethackrc symlink read a games-only file:"
    sed 's/^/    /' "$out" >&2
else
    echo "server-check: ok: a ~/.nethackrc symlink to a games-only file is not read (status $status)"
fi
as_home rm -f "$home/.nethackrc"
# 2. NETHACKOPTIONS=@LINK, LINK swapped between a readable file of his and
#    the games-only one as fast as he can, 300 tries.
as_home sh -c "echo 'OPTIONS=!autopickup' >'$home/mine'"
as_home sh -c "while :; do ln -sfn '$home/mine' '$home/link'; ln -sfn '$secret/notes.arena' '$home/link'; done" &
swapper=$!
leaks=0
for i in $(seq 300); do
    as_home NETHACKOPTIONS="@$home/link" timeout 20 "$game" --showpaths </dev/null >"$out" 2>&1 || true
    grep -qE "$token|Not a config statement" "$out" && leaks=$((leaks + 1))
done
# the swapper is nhfplayer's only shell (his games run from root's tmux)
pkill -KILL -u nhfplayer -x sh 2>/dev/null || true
wait "$swapper" 2>/dev/null || true
[ "$leaks" -eq 0 ] && echo "server-check: ok: NETHACKOPTIONS=@FILE raced against a swapped symlink: 0 of 300 leaked" ||
    bad "NETHACKOPTIONS=@FILE raced against a swapped symlink: $leaks of 300 read the games-only file"
# 3. A name with a tab and a newline (on a terminal, where the name is
#    read): refused, nothing written.
tmx new-session -d -s tabname -x 80 -y 24 \
    "cd / && setpriv --reuid=$(id -u nhfplayer) --regid=$(id -g nhfplayer) --init-groups \
     env -i PATH=/usr/bin:/bin HOME=/ USER=nhfplayer LOGNAME=nhfplayer TERM=xterm \
     NETHACKOPTIONS='$opts' '$game' -u \"\$(printf 'z\\npoints=8888888\\tflankrules=dnd')\"; \
     echo status=\$?; sleep 5"
wait_screen tabname "status=" || exit 1
if screen_of tabname | grep -q "status=0" || ! screen_of tabname | grep -q "control character"; then
    bad "-u with a tab and a newline: no refusal:"
    screen_of tabname | sed 's/^/    /' >&2
elif grep -q "points=8888888" "$var/xlogfile" "$var/logfile" "$var/record"; then
    bad "-u with a tab and a newline: a forged line reached the records"
else
    echo "server-check: ok: a name with a tab and a newline is refused, the records untouched"
fi
# Can nhfplayer enter the directory of the game's files (var/: its level
# files, locks and checkpoints)?  Then every byte of them is his to forge,
# and the recovery under SAVEKEY keeps his dead games aside unread ("within
# your reach"); when only the games group can (var/ as installed), it gives
# them back.
reach=
as nhfplayer test -x "$var" && reach=1
# 4. His own games killed (SIGKILL) past MAXPLAYERS: MAXPLAYERS games at
#    once take every lock (one more is "Too many hacks running now", as it
#    should be), all are killed, and the next game plays: it reclaims a
#    dead game's lock, says so and keeps the dead game's files for
#    recover (or, his files within his reach, keeps every dead game of
#    his aside unread first, saying why).
maxp=$(sed -n 's/^MAXPLAYERS=\([0-9]*\).*/\1/p' "$hack/sysconf")
maxp=${maxp:-10}
for i in $(seq "$maxp"); do start_game "k$i"; done
for i in $(seq "$maxp"); do wait_screen "k$i" "Dlvl:1" || exit 1; done
start_game over
wait_screen over "Too many hacks running now." || exit 1
pkill -KILL -u nhfplayer -f -- "$game -u k[0-9]" || bad "no game to kill"
for i in $(seq "$maxp"); do tmx kill-session -t "k$i" 2>/dev/null || true; done
tmx kill-session -t over 2>/dev/null || true
locks=$(cd "$var" && ls | grep -cE '^[a-z]lock\.0$' || true)
[ "$locks" -eq "$maxp" ] || bad "$maxp killed games left $locks locks"
# His games are dead (kill -9, his right: they were his processes), their
# files his own: the checkpoint in the lock, the level file.  He can
# neither read nor edit them, nor list where they are.
his "$var/alock.0"
his "$var/alock.1"
denied "his own lock and checkpoint, after kill -9 of his game" read "$var/alock.0"
denied "his own lock and checkpoint, after kill -9 of his game" write "$var/alock.0"
denied "his own level file, after kill -9 of his game" write "$var/alock.1"
denied "the variable files' directory, listed" list "$var"
start_game last
if [ -n "$reach" ]; then
    wait_screen last "within your reach" || exit 1
    for i in $(seq 100); do # a message for each, each waiting for a key
        screen_of last | grep -q "Dlvl:1" && break
        screen_of last | grep -qE "Hit space|--More--" && keys last Enter
        sleep 0.2
    done
    grep -q "recover your dead game of lock alock cannot be recovered: its files were within your reach" "$var/paniclog" ||
        bad "paniclog does not note the dead games kept unread"
else
    wait_screen last "is gone" || exit 1
    screen_of last | grep -q "for recover" || bad "the reclaimed lock's message names no recover"
    keys last Enter
    grep -q "lock the game of lock" "$var/paniclog" || bad "paniclog does not note the reclaimed lock"
fi
settle last
wait_screen last "Dlvl:1" || exit 1
kept=$(cd "$var" && ls | grep -cE '^crash[0-9]+[a-z]lock(_[0-9]+)?\.[0-9]+$' || true)
[ "$kept" -ge 2 ] || bad "the dead game's files were not kept for recover ($kept files)"
quit_now last
# The install ships NetHack's recover (Makefile.top's install), and it
# turns a dead game's files kept aside into a save, as the message says.
# The save it writes carries no mark: under SAVEKEY only the game's own
# recovery (6. below) gives a save back that the game restores.
if [ ! -x "$hack/recover" ]; then
    bad "the install has no recover in $hack"
else
    kept_base=$(cd "$var" && ls | sed -n 's/^\(crash[0-9]*[a-z]lock\(_[0-9]*\)\?\)\.0$/\1/p' | head -1)
    kept_name=$(cd "$var" && dd if="$kept_base.0" bs=1 skip=8 count=45 2>/dev/null | tr -d '\0')
    (cd / && "$hack/recover" -d "$var" "$kept_base") >"$out" 2>&1 ||
        { bad "recover $kept_base failed:"; sed 's/^/    /' "$out" >&2; }
    if [ -n "$kept_name" ] && [ -s "$var/$kept_name" ] && [ ! -e "$var/$kept_base.0" ]; then
        echo "server-check: ok: recover is installed and turns the kept $kept_base.* into $kept_name"
    else
        bad "recover -d $var $kept_base made no save ${kept_name:-(no name in its checkpoint)}"
    fi
    rm -f "$var/$kept_name"
fi
(cd "$var" && rm -f crash*lock*.* [a-z]lock.*)
[ "$fail" -eq 0 ] && echo "server-check: ok: $maxp games killed, the next start plays: the dead games kept aside, said, $kept files kept for recover${reach:+ (unread: within his reach)}"
# 5. His own save: out of his reach while it is written (between the
#    game's close of it and its mark, and the gzip after), and after: he
#    cannot overwrite it, append to it or copy it aside to play it again.
#    An edited save (an admin's slip, a backup from elsewhere) is still
#    refused by its mark (SAVEKEY), kept aside, noted.
start_game mallory
wait_screen mallory "Dlvl:1" || exit 1
settle mallory
keys mallory s
sync_game mallory || exit 1
sv=$var/save/${uid}mallory.gz
# he tries to open the save, both names it has while it is written, to
# write and to read, as fast as he can, from before S until it is there
cat >"$scratch/race.pl" <<'PERL'
use strict;
use Fcntl;
my ($stop, @paths) = @ARGV;
my %n;
until (-e $stop) {
    for my $p (@paths) {
        for my $m (O_WRONLY, O_RDONLY) {
            if (sysopen(my $f, $p, $m)) { $n{ok}++ } elsif ($!{EACCES}) { $n{EACCES}++ } else { $n{"$!"}++ }
        }
    }
    select(undef, undef, undef, 0.001);
}
print join(' ', map { "$_=$n{$_}" } sort keys %n), "\n";
PERL
chmod 0644 "$scratch/race.pl"
rm -f "$scratch/race.stop"
as nhfplayer perl "$scratch/race.pl" "$scratch/race.stop" "${sv%.gz}" "$sv" >"$scratch/race.out" 2>&1 &
racer=$!
keys mallory S
wait_screen mallory "Really save?" && keys mallory y
gone mallory
[ -s "$sv" ] || bad "no save of mallory"
touch "$scratch/race.stop"
wait "$racer" || true
race=$(cat "$scratch/race.out")
case $race in
EACCES=[1-9]*) [ "$(echo "$race" | wc -w)" -eq 1 ] || bad "his save, raced while it was written: $race" ;;
*) bad "his save, raced while it was written: $race" ;;
esac
[ "$fail" -eq 0 ] && echo "server-check: ok: denied (EACCES): his save, opened to write or read while the game wrote it ($race)"
his "$sv"
denied "his own save, appended to" append "$sv"
denied "his own save, overwritten" write "$sv"
denied "his own marked save, copied aside to restore it later" read "$sv"
# edited as root (the mark is checked whoever edits it)
gzip -dc "$sv" >"$scratch/s"
perl -e 'open(F, "+<:raw", $ARGV[0]) or die; seek(F, 200, 0); read(F, $c, 1);
         seek(F, 200, 0); print F chr(ord($c) ^ 1); close(F) or die' "$scratch/s"
gzip -c "$scratch/s" >"$sv"
# An earlier refused save of his is there: it is never replaced (the new
# one takes the next free name).
echo "an earlier refused save" >"$var/save/${uid}mallory.refused"
start_game mallory
wait_screen mallory "is not restored" || exit 1
keys mallory Enter
settle mallory
[ -e "$var/save/${uid}mallory.refused.1" ] || bad "the edited save was not kept aside as ${uid}mallory.refused.1: $(ls "$var/save")"
[ "$(cat "$var/save/${uid}mallory.refused")" = "an earlier refused save" ] ||
    bad "the earlier ${uid}mallory.refused was replaced by the new refused save"
grep -qF "save/${uid}mallory does not match its mark" "$var/paniclog" || bad "paniclog does not note the refused save"
tmx kill-session -t mallory 2>/dev/null || true
gone mallory
rm -f "$var/save/${uid}mallory"*
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a shell user cannot reach his own save; an edited save is refused by its mark and kept aside, an earlier refused one kept too"


# 6. A game killed (SIGKILL: an out-of-memory kill, a crash, a power cut)
#    comes back at the next start under its name, but only from files no
#    player could have written.
# 6a. Where nhfplayer can enter the game's directory, his dead game's
#    checkpoint is his to edit.  var/ as installed is the games group's
#    alone (2770), so the game's own rule is tried with var/ opened to
#    others for it (2771: entered, not listed), then closed again: he
#    kills rita's game and raises a byte of its state (his hero's hit
#    points, a glyph, a timer: any byte), and starts again.  Nothing of
#    it may be read, rebuilt, marked or restored: the start says why,
#    keeps the pieces as they are, and a new game begins.
trap 'echo "server-check: FAIL: stopped at line $LINENO" >&2' ERR
var_mode=$(stat -c %a "$var")
chmod 2771 "$var"
as nhfplayer test -x "$var" || bad "nhfplayer cannot enter $var at 2771: the check would prove nothing"
killed rita
as_home perl -e 'open(F, "+<:raw", $ARGV[0]) or die; seek(F, 200, 0); read(F, $c, 1);
                 seek(F, 200, 0); print F chr(ord($c) ^ 0x40); close(F) or die' "$var/$lk" ||
    bad "nhfplayer could not edit his dead game's checkpoint (the check would prove nothing)"
cp "$var/$lk" "$scratch/forged"
start_game rita
wait_screen rita "within your reach" || exit 1
screen_of rita | grep -F "within your reach" | sed 's/^/    screen: /'
screen_of rita | grep -q "welcome back" && bad "rita's forged checkpoint was restored"
keys rita Enter
settle rita
wait_screen rita "Dlvl:1" || exit 1
[ "$(turn_of rita)" = "T:1" ] || bad "rita's start after the forgery is not a new game"
kept_lk=$(cd "$var" && ls | grep -E "^crash[0-9]+${lk%.0}(_[0-9]+)?\.0\$" | head -1 || true)
{ [ -n "$kept_lk" ] && cmp -s "$var/$kept_lk" "$scratch/forged"; } ||
    bad "the forged checkpoint was not kept aside as it was ($kept_lk)"
ls "$var/save" | grep -q "rita" && bad "a save was made of the forged checkpoint: $(ls "$var/save")"
grep -qF "rebuilt from its checkpoint into save/${uid}rita" "$var/paniclog" &&
    bad "paniclog says the forged checkpoint was rebuilt"
grep -F "within your reach" "$var/paniclog" | tail -1 | sed 's/^/    paniclog: /'
quit_now rita
(cd "$var" && rm -f crash*lock*.* [a-z]lock.*)
chmod "$var_mode" "$var"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a dead game's checkpoint forged by its player, within his reach (var/ opened to others for the test), is kept aside unread: not rebuilt, marked or restored"
# 6b. var/ the games group's alone, as installed: rita's killed game comes
#    back at her next start: the game rebuilds it from its checkpoint (the
#    game's start, here) into its save, marked with the install's
#    SAVEKEY, restores it and says so; the admin reads it in the
#    paniclog; nothing of it is left; and nhfplayer could not have opened
#    a piece of it.
! as nhfplayer test -x "$var" || bad "nhfplayer can still enter $var"
killed rita
denied "rita's dead game's checkpoint" read "$var/$lk"
denied "rita's dead game's checkpoint" append "$var/$lk"
start_game rita
wait_screen rita "Restoring save file" && keys rita Enter
told=
for i in $(seq 100); do # through the restore's --More--s (the welcome back)
    s=$(screen_of rita)
    if grep -qF "Your game was recovered from its last checkpoint (turn 1)" <<<"$s"; then
        told=1
        break
    fi
    grep -qF -- "--More--" <<<"$s" && keys rita Enter
    sleep 0.2
done
if [ -n "$told" ]; then
    screen_of rita | grep -F "recovered from its last checkpoint" | sed 's/^/    screen: /'
    settle rita
    [ "$(turn_of rita)" = "T:1" ] || bad "rita's recovered game is at $(turn_of rita), its checkpoint at T:1"
else
    bad "rita's next start does not say her game was recovered:"
    screen_of rita | sed 's/^/    /' >&2
fi
grep -F "recover the game of rita" "$var/paniclog" | sed 's/^/    paniclog: /'
grep -qF "rebuilt from its checkpoint into save/${uid}rita" "$var/paniclog" &&
    grep -qF "restored at turn 1" "$var/paniclog" || bad "paniclog does not note rita's recovery"
ls "$var/save" | grep -q refused && bad "the recovered save was refused by its mark: $(ls "$var/save")"
quit_now rita
left=$(cd "$var" && ls | grep -E '^((crash|recovered|unrestored)[0-9]+)?[a-z]lock(_[0-9]+)?\.[0-9]+$' || true)
[ -z "$left" ] || bad "rita's game left files behind: $left"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a game killed with SIGKILL comes back at the next start, from its checkpoint (out of its player's reach), its save marked (SAVEKEY), noted in paniclog"

# 7. The rest of var/ as he would try it: locks forged ahead of every game
#    (MAXPLAYERS of them would lock everyone out), a bones file edited (one
#    put there as a game of his leaves it: his, the games group's), a read
#    lock held on a record (every game's end would wait on it), the dump
#    logs and the paniclog read.
for l in $(printf '%s\n' {a..z} | head -"$maxp"); do
    [ ! -e "$var/${l}lock.0" ] || bad "${l}lock.0 is there before the forgery: the check would prove nothing"
    denied "a lock forged ahead of the games (${l}lock.0)" create "$var/${l}lock.0"
done
install -o nhfplayer -g games -m 0660 /dev/null "$var/bonD0.3"
echo "bones of a game of his" >"$var/bonD0.3"
denied "a bones file (one of his)" write "$var/bonD0.3"
denied "a bones file (one of his)" read "$var/bonD0.3"
rm -f "$var/bonD0.3"
for f in perm record logfile xlogfile; do
    denied "a read lock on $f (fcntl F_RDLCK and flock)" rdlock "$var/$f"
done
dump=$(ls "$var"/dumplog/alice.*.txt | head -1)
his "$dump"
denied "his own dump log" read "$dump"
denied "the paniclog" read "$var/paniclog"
[ "$(ls -A "$hack")" = "$playground_was" ] ||
    bad "the games wrote outside var/: the playground was $(echo $playground_was), is $(ls -A "$hack" | tr '\n' ' ')"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: a shell user outside games reaches no file of var/ (each attempt EACCES at the path, root's the same succeeding); the games wrote nothing outside var/"

# 8. User ids and names: a ten-digit uid with a 31-character name is
#    refused at the start, before any lock is taken ("too long": it ran
#    past the save file's name and the lock's); with a shorter name the
#    same user gets past the names, to the terminal check. And two users
#    whose uid and name ran together into one save name (uid U1 = U0*10+1
#    playing "bob", uid U0 playing "1bob": both save/<U1>bob before) keep
#    apart: the second's start makes a new game and leaves the first's
#    save alone, where it was refused as not his and deleted.
start_as() { # USER NAME SESSION
    tmx new-session -d -s "$3" -x 80 -y 24 \
        "cd / && setpriv --reuid=$(id -u "$1") --regid=$(id -g "$1") --init-groups \
         env -i PATH=/usr/bin:/bin HOME=/ USER=$1 LOGNAME=$1 TERM=xterm \
         NETHACKOPTIONS='$opts' '$game' -u $2; sleep 5"
}
newuser() { # NAME UID: a scratch user of that uid, if it is free
    getent passwd "$2" >/dev/null && return 1
    useradd --system --no-create-home --home-dir / --shell /usr/sbin/nologin -u "$2" "$1" || return 1
    created_users+=("$1")
}
if newuser nhfbig 4000000000; then
    # on a terminal, where the game gets as far as the names
    long=abcdefghijklmnopqrstuvwxyz01234
    tmx new-session -d -s big -x 80 -y 24 \
        "cd / && setpriv --reuid=$(id -u nhfbig) --regid=$(id -g nhfbig) --init-groups \
         env -i PATH=/usr/bin:/bin HOME=/ USER=nhfbig LOGNAME=nhfbig TERM=xterm \
         NETHACKOPTIONS='$opts' '$game' -u $long; echo status=\$?; sleep 5"
    wait_screen big "status=" || exit 1
    if screen_of big | grep -q "status=0" || ! screen_of big | grep -q "too long"; then
        bad "uid 4000000000 with a 31-character name is not refused:"
        screen_of big | sed 's/^/    /' >&2
    fi
    gone big
    ls "$hack" "$var" "$var/save" | grep -q "^4000000000" &&
        bad "the refused start left a file: $(ls "$hack" "$var" "$var/save" | grep "^4000000000")"
    start_as nhfbig shortname big
    wait_screen big "Dlvl:1" || exit 1
    settle big
    keys big S
    wait_screen big "Really save?" && keys big y
    gone big
    [ -s "$var/save/4000000000shortname.gz" ] || [ -s "$var/save/-294967296shortname.gz" ] ||
        bad "uid 4000000000's shortname has no save: $(ls "$var/save")"
    rm -f "$var/save/"*shortname*
    [ "$fail" -eq 0 ] && echo "server-check: ok: a ten-digit uid with a 31-character name is refused at the start; a shorter name plays and saves"
else
    echo "server-check: uid 4000000000 is taken here: its check is skipped" >&2
    fail=1
fi
u0=4217
until ! getent passwd "$u0" >/dev/null && ! getent passwd "${u0}1" >/dev/null; do u0=$((u0 + 1)); done
if newuser nhfuza "$u0" && newuser nhfuzb "${u0}1"; then
    start_as nhfuzb bob zb
    wait_screen zb "Dlvl:1" || exit 1
    settle zb
    keys zb S
    wait_screen zb "Really save?" && keys zb y
    gone zb
    [ -s "$var/save/${u0}1bob.gz" ] || bad "no save of uid ${u0}1's bob"
    cp "$var/save/${u0}1bob.gz" "$scratch/bob.gz"
    start_as nhfuza 1bob za
    wait_screen za "Dlvl:1" || exit 1
    settle za
    screen_of za | grep -qE "not yours|welcome back" && bad "uid $u0's 1bob met uid ${u0}1's bob's save"
    [ "$(turn_of za)" = "T:1" ] || bad "uid $u0's 1bob is not a new game"
    cmp -s "$var/save/${u0}1bob.gz" "$scratch/bob.gz" || bad "uid ${u0}1's bob's save is gone or changed"
    keys za S
    wait_screen za "Really save?" && keys za y
    gone za
    [ -s "$var/save/${u0}-1bob.gz" ] ||
        bad "uid $u0's 1bob saved as $(ls "$var/save")"
    rm -f "$var/save/${u0}"*
    [ "$fail" -eq 0 ] && echo "server-check: ok: uid $u0's 1bob and uid ${u0}1's bob keep apart: save/${u0}-1bob and save/${u0}1bob"
else
    bad "scratch users of uids $u0 and ${u0}1 could not be made"
fi
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }

# --- the save mark against a player who reaches his save (SAVEKEY) -----------
# What makes a save this game's: the bytes it wrote (a save rewritten after
# the game closed it is refused), this uid, this name and a one-time value
# (a copy restored after a later save, a save renamed, another uid's: each
# refused); a file the machine cannot check is kept as it is; the key file
# is the admin's. And ordinary play goes on: a save restored, saved again
# and restored; a hangup's save restored. The file edits are root's here
# (cat >, keeping the file's owner and inode): under var/ the player
# cannot reach his save (5. above), and the mark is what still stands
# where one does (an install whose save directory he can enter, an
# admin's slip, a backup from elsewhere): the same edits to his own files.
save_now() { # NAME: a turn, then S y, until the game is gone
    keys "$1" s
    sync_game "$1" || exit 1
    keys "$1" S
    wait_screen "$1" "Really save?" && keys "$1" y
    gone "$1"
}
restored() { # NAME: his next start restores his save
    start_game "$1"
    wait_screen "$1" "Restoring save file" && keys "$1" Enter
    wait_screen "$1" "Dlvl:1" || exit 1
    settle "$1"
    if screen_of "$1" | grep -qE "not restored|cannot be checked"; then
        bad "$1: the save was not restored"
    fi
}
refused_save() { # NAME WHY: his next start refuses his save saying WHY; the
    # new game that begins is quit
    start_game "$1"
    if ! wait_screen "$1" "$2"; then
        keys "$1" Enter
        settle "$1"
        quit_now "$1"
        return 1
    fi
    keys "$1" Enter
    settle "$1"
    wait_screen "$1" "Dlvl:1" || exit 1
    quit_now "$1"
}
sv() { echo "$var/save/${uid}$1"; }
once_files() { ls "$var/save" | grep -c "^${uid}$1\.once-" || true; }

command -v gdb >/dev/null ||
    { echo "server-check: no gdb (./dev setup installs it): a save changed after its close cannot be checked" >&2; exit 1; }
# 9. The bytes changed after the game closed the save, before it went on:
#    the game stopped (gdb, root's; a player stops his own game with
#    SIGSTOP) at the first delete_levelfile() after the save's bclose().
#    The mark was made over the bytes as written, so the change is refused.
fresh vic
keys vic s
sync_game vic || exit 1
keys vic S
wait_screen vic "Really save?"
pid=$(pgrep -u nhfplayer -f -- "^$game -u vic" | head -1 || true)
cat >"$scratch/edit-vic" <<EOF
perl -e 'open(F, "+<:raw", \$ARGV[0]) or die; seek(F, 200, 0); read(F, \$c, 1);
         seek(F, 200, 0); print F chr(ord(\$c) ^ 1); close(F) or die' '$(sv vic)' && echo edited
EOF
gdbout=$scratch/gdb.out
timeout 120 gdb -p "$pid" -batch -ex 'break delete_levelfile' -ex continue \
    -ex "shell sh $scratch/edit-vic" -ex detach >"$gdbout" 2>&1 &
gdbpid=$!
for i in $(seq 100); do grep -q "^Breakpoint 1 at" "$gdbout" && break; sleep 0.2; done
keys vic y
wait "$gdbpid" || true
grep -q "^edited" "$gdbout" || { bad "gdb did not stop the save to edit it:"; sed 's/^/    /' "$gdbout" >&2; }
gone vic
refused_save vic "does not match its mark" ||
    bad "a save whose bytes changed between its close and its mark was restored"
ls "$var/save" | grep -qx "${uid}vic.refused" || bad "vic's changed save was not kept aside"
rm -f "$(sv vic)"*
[ "$fail" -eq 0 ] && echo "server-check: ok: a save changed after the game closed it (the game stopped there) is refused"

# 10. A copy restored after a later save; a save renamed; another uid's.
#     Between them, ordinary play: save, restore, save, restore.
fresh rep
save_now rep
[ "$(once_files rep)" -eq 1 ] || bad "rep's save has $(once_files rep) one-time files, not 1"
cp -p "$(sv rep).gz" "$scratch/rep1.gz"
restored rep
[ "$(once_files rep)" -eq 0 ] || bad "rep's restore left its one-time file"
save_now rep
cp -p "$(sv rep).gz" "$scratch/rep2.gz"
cat "$scratch/rep1.gz" >"$(sv rep).gz"
refused_save rep "was restored once already" ||
    bad "a copy of a save, restored once, restored again after a later save"
ls "$var/save" | grep -qx "${uid}rep.refused" || bad "the replayed copy was not kept aside"
cp -p "$scratch/rep2.gz" "$(sv rep).gz"
restored rep
quit_now rep
[ -z "$(ls "$var/save" | grep "^${uid}rep" | grep -v refused)" ] || bad "rep left files in save/: $(ls "$var/save")"
rm -f "$(sv rep)"*
fresh ren1
save_now ren1
cp -p "$(sv ren1).gz" "$(sv ren2).gz"
refused_save ren2 "does not match its mark" || bad "a save of ren1 restored as ren2's"
rm -f "$(sv ren1)"* "$(sv ren2)"*
GAME_USER=nhfwizard fresh ouid
GAME_USER=nhfwizard save_now ouid
wuid=$(id -u nhfwizard)
cp "$var/save/${wuid}ouid.gz" "$(sv ouid).gz"
chown nhfplayer "$(sv ouid).gz"
refused_save ouid "does not match its mark" || bad "nhfwizard's save restored as nhfplayer's"
rm -f "$(sv ouid)"* "$var/save/${wuid}ouid"*
# a hangup's save (dosave0() as SIGHUP calls it) restores
fresh hup
keys hup s
sync_game hup || exit 1
pkill -HUP -u nhfplayer -f -- "^$game -u hup" || bad "no game of hup to hang up"
gone hup
[ -s "$(sv hup).gz" ] || bad "hup's hangup wrote no save"
restored hup
quit_now hup
[ "$fail" -eq 0 ] && echo "server-check: ok: a copy restored after a later save, a renamed save and another uid's are refused; save, restore, save, restore and a hangup's save restore"

# 14. A file the machine cannot check (over 64 MiB): said so, kept as it is.
head -c $((65 * 1024 * 1024)) /dev/zero | gzip -1 >"$(sv big).gz"
chown nhfplayer "$(sv big).gz"
start_game big
wait_screen big "cannot be checked now"
keys big Enter
settle big
wait_screen big "Dlvl:1" || exit 1
quit_now big
[ "$(stat -c %s "$(sv big)" 2>/dev/null)" = $((65 * 1024 * 1024)) ] || bad "the save too large to check was not kept as it is: $(ls "$var/save")"
ls "$var/save" | grep -q "^${uid}big.refused" && bad "the save too large to check was refused as a forgery"
grep -qF "save/${uid}big cannot be checked" "$var/paniclog" || bad "paniclog does not note the save it cannot check"
rm -f "$(sv big)"*
[ "$fail" -eq 0 ] && echo "server-check: ok: a save too large to check is said so and kept as it is, not refused"

# 16. The key file: the admin's, 16 to 64 bytes, else sysconf's error
#     (-s reads sysconf, then prints the scores).
cp -p "$hack/savekey" "$scratch/savekey"
key_refused() { # WHAT WHY
    status=0
    (cd / && as nhfplayer timeout 20 "$game" -s) </dev/null >"$out" 2>&1 || status=$?
    if grep -q "SAVEKEY" "$out" && grep -q "$2" "$out"; then
        echo "server-check: ok: a key file $1 is sysconf's error ($2)"
    else
        bad "a key file $1 is not refused:"
        sed 's/^/    /' "$out" >&2
    fi
    cp -p "$scratch/savekey" "$hack/savekey"
}
chmod 0644 "$hack/savekey"
key_refused "others may read (0644)" "read or written by others"
head -c 65 /dev/urandom >"$hack/savekey"
key_refused "of 65 bytes" "more than 64 bytes"
chown nhfplayer "$hack/savekey"
key_refused "the player owns" "owned by uid $uid"
[ "$(ls -A "$hack")" = "$playground_was" ] ||
    bad "the games wrote outside var/: the playground was $(echo $playground_was), is $(ls -A "$hack" | tr '\n' ' ')"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: the save mark: bound to the bytes written, the uid, the name and one restore; the machine's failures and the key file's faults said as such"

# --- an install of the old layout, moved into var/ as the guide says ----------
# The playground as an install made before var/ left it: the variable files
# beside the game (the playground 0775, DUMPLOGFILE=dumplog/...), among them
# a save of olga's and the files of a game of pete's killed with SIGKILL.
# The guide's block (`<!-- server-check: move-var -->`, "Upgrading") moves
# them; the game then restores olga's save, gives pete's game back, and
# writes the records that were moved.
start_game olga
wait_screen olga "Dlvl:1" || exit 1
settle olga
keys olga s
sync_game olga || exit 1
keys olga S
wait_screen olga "Really save?" && keys olga y
gone olga
start_game pete
wait_screen pete "Dlvl:1" || exit 1
settle pete
keys pete s
sync_game pete || exit 1
pkill -KILL -u nhfplayer -f -- "$game -u pete" || bad "no game of pete to kill"
gone pete
[ -s "$var/save/${uid}olga.gz" ] && [ -e "$var/alock.0" ] || bad "no save of olga or no lock of pete's killed game: $(ls "$var")"
games_were=$(grep -c . "$var/xlogfile")
mv "$var"/* "$hack"/
rmdir "$var"
chmod 0775 "$hack"
sed -i 's|^DUMPLOGFILE=.*|DUMPLOGFILE=dumplog/%n.%d.txt|' "$hack/sysconf"
move=$scratch/move-var.sh
awk '/<!-- server-check: move-var -->/ { want = 1; next }
     want && /^```sh$/ { inblock = 1; next }
     inblock && /^```$/ { inblock = 0; want = 0; next }
     inblock { print }' "$guide" >"$move"
[ "$(grep -c . "$move")" -ge 5 ] || bad "docs/SERVER.md has no move-var block"
(cd "$repo" && HACKDIR=$hack bash -euo pipefail "$move") >"$out" 2>&1 ||
    { bad "the guide's move-var block failed:"; sed 's/^/    /' "$out" >&2; }
perm_is "$hack" 755 root:games
for d in "$var" "$var/save" "$var/dumplog"; do perm_is "$d" 2770 root:games; done
for f in logfile xlogfile perm paniclog; do perm_is "$var/$f" 660 root:games; done
grep -qxF 'DUMPLOGFILE=var/dumplog/%n.%d.txt' "$hack/sysconf" || bad "the move left DUMPLOGFILE: $(grep DUMPLOGFILE= "$hack/sysconf")"
his "$var/save/${uid}olga.gz"
his "$var/alock.0"
[ "$(ls -A "$hack")" = "$playground_was" ] || bad "the move left in the playground: $(ls -A "$hack" | tr '\n' ' ')"
start_game pete
wait_screen pete "Restoring save file" && keys pete Enter
told=
for i in $(seq 100); do
    s=$(screen_of pete)
    if grep -qF "Your game was recovered from its last checkpoint" <<<"$s"; then told=1; break; fi
    grep -qF -- "--More--" <<<"$s" && keys pete Enter
    sleep 0.2
done
[ -n "$told" ] || bad "pete's killed game, moved into var/, was not given back"
settle pete
sync_game pete || exit 1
quit_now pete
# (pete first: his own start gives his game back; another game's
# would move its files aside first, as it should)
start_game olga
wait_screen olga "Restoring save file" && keys olga Enter
settle olga
wait_screen olga "Dlvl:1" || exit 1
sync_game olga || exit 1
quit_now olga
[ "$(grep -c . "$var/xlogfile")" -eq $((games_were + 2)) ] ||
    bad "the moved xlogfile had $games_were games, has $(grep -c . "$var/xlogfile") after two more"
ls "$var/dumplog/pete".*.txt >/dev/null 2>&1 || bad "no dump log of pete in var/dumplog"
[ "$(ls -A "$hack")" = "$playground_was" ] || bad "after the move, the games wrote outside var/: $(ls -A "$hack" | tr '\n' ' ')"
[ "$fail" -eq 0 ] || { echo "server-check: failed" >&2; exit 1; }
echo "server-check: ok: an install of the old layout, moved by the guide's block: olga's save restored, pete's killed game given back, the records written where they moved"
