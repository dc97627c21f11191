#!/bin/bash
# NetHack Flanking under dgamelaunch, in a chroot, as docs/SERVER.md says,
# word for word: the guide's blocks (`<!-- server-check: run -->`,
# `<!-- dgl: run -->`) run in order as they stand, its configuration
# (`<!-- dgl: conf -->`) written as it stands to the chroot's
# /etc/dgamelaunch.conf.  Then three players, each a dgamelaunch on a
# terminal of its own (tmux), register and play at once; alice loses her
# connection (her dgamelaunch is hung up: her game saves), bob's game is
# killed (SIGKILL), carol plays on.  Then the playground's var/ is listed
# (ls -lR): every file in it must be the games group's and neither
# readable nor writable by others, and dgamelaunch's own user and group
# (shed_uid, shed_gid) may list none of it nor read savekey.  alice and
# bob come back; all three
# quit.  Everything is written to the transcript.
#
#   tools/dgl-check.sh [REPO]     (REPO: default this repository; as root)
#
# Not a step of ./dev test: nothing here may fetch dgamelaunch.  Build it
# from its own source first (docs/SERVER.md, "dgamelaunch itself") and
# name the built clone in DGLSRC.  The transcript and the logs go to
# DGL_CHECK_OUT (default /tmp/dgl-check).  It makes the chroot
# /opt/nhf-chroot anew each run (removing what is there) and installs into
# it with PREFIX=/opt/nethack-flanking, the guide's paths.
#
# Re-runnable: it starts from an empty chroot each time.  dgamelaunch is a
# built clone in $DGLSRC, outside the repository.
set -euo pipefail
REPO=$(cd "${1:-$(dirname "$0")/..}" && pwd)
: "${DGLSRC:?name the built dgamelaunch clone in DGLSRC (docs/SERVER.md, section 4)}"
[ -x "$DGLSRC/dgamelaunch" ] || { echo "dgl-check: no built dgamelaunch in $DGLSRC" >&2; exit 2; }
command -v tmux >/dev/null || { echo "dgl-check: it needs tmux (the players' terminals)" >&2; exit 2; }
export DGLSRC
export CHROOT=/opt/nhf-chroot PREFIX=/opt/nethack-flanking
here=${DGL_CHECK_OUT:-/tmp/dgl-check}
mkdir -p "$here"
T=$here/transcript.txt
: >"$T"
say() { printf '%s\n' "$*" | tee -a "$T"; }
shot() { # NAME TITLE: the screen, into the transcript
    say "---- screen of $1: $2"
    screen_of "$1" | sed -e 's/[[:space:]]*$//' -e '/^$/d' -e 's/^/| /' | tee -a "$T"
}
tmx() { tmux -L nhfdgl "$@"; }
screen_of() { tmx capture-pane -p -t "$1" 2>/dev/null || true; }
fail() { say "FAIL: $*"; exit 1; }
wait_for() { # NAME TEXT [SECONDS]: until the screen shows TEXT
    local i
    for i in $(seq $(( ${3:-30} * 10 ))); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    shot "$1" "no \"$2\" after ${3:-30}s"
    fail "$1: no \"$2\" on the screen"
}
wait_any() { # NAME SECONDS TEXT...: until one shows; prints it
    local name=$1 secs=$2 i t
    shift 2
    for i in $(seq $(( secs * 10 ))); do
        for t in "$@"; do
            screen_of "$name" | grep -qF -- "$t" && { echo "$t"; return 0; }
        done
        sleep 0.1
    done
    return 1
}
settle_pause=0.3 # dgamelaunch's terminal, in a chroot, is slower to show
. "$(dirname "$0")/tmux-screen.sh" # keys, settle, turn_of
HACKDIR=$CHROOT$PREFIX/games/lib/nethackdir
VAR=$HACKDIR/var   # what the games write (VAR_PLAYGROUND)
uid=$(id -u games)

tmx kill-server 2>/dev/null || true
trap 'tmx kill-server 2>/dev/null || true' EXIT
rm -rf "$CHROOT"

say "== dgamelaunch: $(git -C "$DGLSRC" log -1 --format='%H %ad %s' --date=short) ($DGLSRC)"
say "== repository: $(git -C "$REPO" log -1 --format='%h %s') ($REPO)"
say "== $(date -u '+%F %T UTC'), $(. /etc/os-release && echo "$PRETTY_NAME")"

# --- the guide's blocks, in order, as they stand ---------------------------
steps=$here/server-md-steps.sh
awk -v conf="$CHROOT/etc/dgamelaunch.conf" '
     /<!-- (server-check|dgl): run -->/ { want = 1; next }
     /<!-- dgl: conf -->/ { want = 2; next }
     want && /^```(sh)?$/ { inblock = want; want = 0
         if (inblock == 2) print "cat >\"" conf "\" <<'"'"'DGLCONF'"'"'"
         next }
     inblock && /^```$/ { if (inblock == 2) print "DGLCONF"; inblock = 0; next }
     inblock { print }' "$REPO/docs/SERVER.md" >"$steps"
say "== docs/SERVER.md's blocks: $(grep -c . "$steps") lines ($steps)"
# (opened for appending: a block that opens the log again, through
# /dev/stderr, must neither cut it nor be overwritten)
: >"$here/steps.log"
(cd "$REPO" && unset PREFIX CHROOT && DGLSRC=$DGLSRC bash -euo pipefail "$steps") >>"$here/steps.log" 2>&1 ||
    { tail -30 "$here/steps.log" | tee -a "$T"; fail "the guide's blocks failed"; }
grep '^classic build: ok' "$here/steps.log" | tee -a "$T" ||
    fail "the guide's blocks ran, but steps.log has no 'classic build: ok' line"
say "== the configuration as written (the guide's block):"
sed 's/^/  /' "$CHROOT/etc/dgamelaunch.conf" >>"$T"
say "== sysconf, the lines the guide set:"
grep -E '^(WIZARDS|DUMPLOGFILE|SAVEKEY|GENERICUSERS|MAXPLAYERS|BONES_POOLS)=' "$HACKDIR/sysconf" | sed 's/^/  /' | tee -a "$T"
say "== the playground: $(ls -ld "$HACKDIR" | awk '{print $1, $3, $4}'), the game $(ls -l "$HACKDIR/nethack" | awk '{print $1, $3, $4}')"

# --- three players, each a dgamelaunch on a terminal of its own --------------
# (as sshd or telnetd starts it: root's dgamelaunch on the connection's tty)
connect() { # NAME
    tmx new-session -d -s "$1" -x 80 -y 24 "TERM=xterm /usr/local/sbin/dgamelaunch; sleep 600"
    wait_for "$1" "r) Register"
}
register() { # NAME
    keys "$1" r; wait_for "$1" "Please enter a username"
    keys "$1" "$1" Enter; wait_for "$1" "Please enter a password"
    keys "$1" "pw-$1" Enter; wait_for "$1" "And again:"
    keys "$1" "pw-$1" Enter; wait_for "$1" "Please enter your email address"
    keys "$1" "$1@example.org" Enter; wait_for "$1" "Logged in as $1"
}
login() { # NAME
    keys "$1" l; wait_for "$1" "Please enter your username"
    keys "$1" "$1" Enter; wait_for "$1" "Please enter your password"
    keys "$1" "pw-$1" Enter; wait_for "$1" "Logged in as $1"
}
new_game() { # NAME: from the menu to the map of a new game
    keys "$1" p
    wait_for "$1" "Shall I pick"
    keys "$1" y; wait_for "$1" "Is this ok?"
    keys "$1" y; wait_for "$1" "Dlvl:1"
    settle "$1"
}
play() { # NAME N: N turns of searching, then until the game has read them
    local i
    for i in $(seq "$2"); do keys "$1" s; done
    keys "$1" ':'   # look here: answered once the turns before it are done
    wait_any "$1" 20 "here." "--More--" >/dev/null || { shot "$1" "no answer to :"; fail "$1 did not read its keys"; }
    settle "$1"
}
to_map() { # NAME: through the --More--s to the map
    local i s
    for i in $(seq 100); do
        s=$(screen_of "$1")
        if grep -qF -- "--More--" <<<"$s"; then keys "$1" Enter
        elif grep -qF "Dlvl:" <<<"$s"; then return 0
        fi
        sleep 0.3
    done
    shot "$1" "not at the map"; fail "$1 is not at the map"
}
in_chroot() { # as games, in the chroot: CMD...
    chroot --userspec="$(id -u games):$(id -g games)" "$CHROOT" "$@"
}
playground() { say "== the playground's var/: $(cd "$VAR" && ls | grep -vE '^(perm|record|logfile|xlogfile|paniclog|dumplog|save)$' | tr '\n' ' ') save/: $(ls "$VAR/save" | tr '\n' ' ')"; }

say ""
players="alice bob carol"
say "== three players register and play at once"
for p in $players; do connect "$p"; register "$p"; done
for p in $players; do new_game "$p"; done
for p in $players; do play "$p" 5; done
for p in $players; do shot "$p" "playing ($(turn_of "$p"))"; done
playground
say "== dgamelaunch's games in progress: $(ls "$CHROOT/dgldir/inprogress-nhf" | tr '\n' ' ')"
say "== the games, running in the chroot as games:"
for p in $players; do
    pid=$(pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u $p\$")
    say "  $p: pid $pid, root $(readlink /proc/$pid/root), user $(ps -o user= -p "$pid"), groups (real, effective) $(ps -o rgroup=,egroup= -p "$pid" | tr -s " "), NETHACKOPTIONS=$(tr '\0' '\n' </proc/$pid/environ | sed -n 's/^NETHACKOPTIONS=//p')"
done
say "== their rc files (from the template, ifnxcp): $(ls -l "$CHROOT/dgldir/rcfiles" | awk 'NR > 1 {print $9, $3}' | tr '\n' ' ')"
declare -A turn
for p in $players; do turn[$p]=$(turn_of "$p"); done

say ""
say "== alice loses her connection: her terminal is gone (tmux kill-session: SIGHUP to her dgamelaunch)"
alice_pid=$(pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u alice\$")
tmx kill-session -t alice
for i in $(seq 400); do kill -0 "$alice_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$alice_pid" 2>/dev/null && fail "alice's game still runs 40 s after her hangup"
say "  her game (pid $alice_pid) ended ${i}00 ms after the hangup; save/: $(ls -l "$VAR/save" | awk 'NR > 1 {print $9, $3, $4, $5}' | tr '\n' ' ')"
[ -s "$VAR/save/${uid}alice.gz" ] || fail "no save of alice after her hangup"
grep -a alice "$VAR/paniclog" | sed 's/^/  paniclog: /' | tee -a "$T" || true

say ""
say "== bob's game is killed (SIGKILL)"
bob_pid=$(pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u bob\$")
kill -KILL "$bob_pid"
wait_for bob "Logged in as bob"
shot bob "after the kill: back at dgamelaunch's menu"
playground

# --- var/ with one game saved, one killed, one playing -------------------------
say ""
say "== var/ now: alice's game saved, bob's killed, carol's playing (ls -lR, on the host)"
pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u carol\$" >/dev/null || fail "carol's game is not running"
(cd "$HACKDIR" && ls -lR var) | tee -a "$T"
[ -s "$VAR/save/${uid}alice.gz" ] || fail "var/ has no save of alice"
locks=$(cd "$VAR" && ls | grep -cE '^[a-z]lock\.0$' || true)
[ "$locks" -eq 2 ] || fail "var/ has $locks locks, not two (bob's killed game and carol's)"
# Everything the games wrote is in var/: nothing in it may be another
# group's, or open to others (read or write), or the players reach it.
bad=$(find "$VAR" \( ! -group games -o -perm /o=rw \) -printf '%M %u:%g %p\n')
[ -z "$bad" ] || { say "$bad"; fail "var/ holds files not the games group's, or others may read or write them"; }
say "  every file and directory in var/ ($(find "$VAR" | wc -l)) is the games group's; none is readable or writable by others"
# dgamelaunch's own user and group (the configuration's shed_uid and
# shed_gid, no other group), which everything it starts has but the game
# (the rc file editor, the game's gzip): none of var/ and not the key
shed_uid=$(sed -n 's/^shed_uid = //p' "$CHROOT/etc/dgamelaunch.conf")
shed_gid=$(sed -n 's/^shed_gid = //p' "$CHROOT/etc/dgamelaunch.conf")
as_shed() { setpriv --reuid="$shed_uid" --regid="$shed_gid" --clear-groups "$@"; }
for f in "$VAR" "$VAR/save" "$VAR/save/${uid}alice.gz" "$VAR/$(cd "$VAR" && ls | grep -m1 -E '^[a-z]lock\.0$')" \
    "$VAR/xlogfile" "$HACKDIR/savekey"; do
    if [ -d "$f" ]; then err=$(as_shed ls "$f" 2>&1 >/dev/null) && fail "uid $shed_uid gid $shed_gid lists $f"
    else err=$(as_shed head -c1 "$f" 2>&1 >/dev/null) && fail "uid $shed_uid gid $shed_gid reads $f"
    fi
    case $err in *"Permission denied"*) ;; *) fail "uid $shed_uid gid $shed_gid at $f: $err" ;; esac
done
say "  dgamelaunch's user and group (uid $shed_uid, gid $shed_gid) can list none of var/ and read none of its files nor savekey: Permission denied"

say ""
say "== both come back"
connect alice; login alice
keys alice p
wait_for alice "Restoring save file" 30
shot alice "restoring"
to_map alice
shot alice "after logging in again (saved at ${turn[alice]})"
[ "$(turn_of alice)" = "${turn[alice]}" ] && say "  alice's game is back at ${turn[alice]}" ||
    say "  alice's game is at $(turn_of alice), saved at ${turn[alice]}"

keys bob p
what=$(wait_any bob 30 "Shall I pick" "is gone" "Restoring" "recover" "Dlvl:1") || what=
shot bob "after p (first answer: ${what:-none in 30 s})"
for i in $(seq 20); do
    s=$(screen_of bob)
    if grep -qF "Dlvl:1" <<<"$s"; then settle bob; break; fi
    if grep -qF "Shall I pick" <<<"$s"; then say "  bob is offered a new game"; keys bob y; wait_for bob "Is this ok?"; keys bob y; wait_for bob "Dlvl:1"; settle bob; break; fi
    keys bob Enter; sleep 0.5
done
shot bob "bob's game after coming back (his game was at ${turn[bob]} when killed)"
[ "$(turn_of bob)" = "${turn[bob]}" ] && say "  bob's game is back at ${turn[bob]}" ||
    say "  bob's game is at $(turn_of bob); his killed game was at ${turn[bob]}"
say "== paniclog:"; sed 's/^/  /' "$VAR/paniclog" | tee -a "$T"
playground

# --- recover: what a killed game left in the playground -----------------------
kept=$(cd "$VAR" && ls | sed -n 's/^\(crash[0-9]*[a-z]lock\)\.0$/\1/p')
if [ -n "$kept" ]; then
    say ""
    say "== bob's killed game was kept as $kept: the game it left is saved by recover, then bob quits the new game and starts again"
    keys bob '#quit' Enter; wait_for bob "Really quit?"; keys bob y
    wait_any bob 20 "identified?" "Logged in as bob" >/dev/null || true
    for i in $(seq 30); do screen_of bob | grep -qF "Logged in as bob" && break; keys bob q; sleep 0.3; keys bob Enter; sleep 0.3; done
    for k in $kept; do
        say "  # chroot --userspec=games:games $CHROOT $PREFIX/games/lib/nethackdir/recover -d $PREFIX/games/lib/nethackdir/var $k"
        in_chroot "$PREFIX/games/lib/nethackdir/recover" -d "$PREFIX/games/lib/nethackdir/var" "$k" 2>&1 | sed 's/^/  /' | tee -a "$T" || true
    done
    playground
    keys bob p
    what=$(wait_any bob 30 "is not restored" "Restoring" "Shall I pick" "Dlvl:1") || what=
    shot bob "bob starts again after recover (first answer: ${what:-none})"
    for i in $(seq 20); do
        s=$(screen_of bob)
        if grep -qF "Dlvl:1" <<<"$s"; then settle bob; break; fi
        if grep -qF "Shall I pick" <<<"$s"; then keys bob y; wait_for bob "Is this ok?"; keys bob y; wait_for bob "Dlvl:1"; settle bob; break; fi
        keys bob Enter; sleep 0.5
    done
    shot bob "bob's game after recover"
    say "== paniclog:"; sed 's/^/  /' "$VAR/paniclog" | tee -a "$T"
    playground
fi

# --- all three end their games: the records -----------------------------------
say ""
say "== all three quit; the records"
for p in $players; do keys "$p" '#quit' Enter; done
for p in $players; do wait_for "$p" "Really quit?"; keys "$p" y; done
for p in $players; do
    for i in $(seq 40); do screen_of "$p" | grep -qF "Logged in as $p" && break; keys "$p" q; sleep 0.3; keys "$p" Enter; sleep 0.3; done
    wait_for "$p" "Logged in as $p"
done
for p in $players; do
    say "  xlogfile, $p: $(grep -a "name=$p" "$VAR/xlogfile" | tr '\t' '\n' | grep -E '^(turns|death|flankcode)=' | tr '\n' ' ')"
    say "  dump logs, $p: $(cd "$CHROOT/dgldir/userdata/$p/dumplog" && ls | tr '\n' ' ')"
    say "  ttyrecs, $p: $(ls "$CHROOT/dgldir/userdata/$p/ttyrec" | wc -l)"
done
playground
left=$(cd "$VAR" && ls | grep -E '^[a-z]lock\.[0-9]+$' || true)
[ -z "$left" ] && say "  no lock or level file left" || say "  left behind: $left"

# --- GENERICUSERS: a player registered as "player" -----------------------------
say ""
say "== GENERICUSERS: a player registers as \"player\"; first with sysconf's shipped line"
cp "$HACKDIR/sysconf" "$here/sysconf.guide"
sed -i 's/^GENERICUSERS=.*/GENERICUSERS=play player game games nethack nethacker/' "$HACKDIR/sysconf"
connect player; register player
keys player p
what=$(wait_any player 20 "Who are you?" "Shall I pick") || what=
shot player "shipped GENERICUSERS: the game's first question (${what:-none})"
keys player Escape
for i in $(seq 40); do screen_of player | grep -qF "Logged in as player" && break; keys player Escape; sleep 0.3; done
cp "$here/sysconf.guide" "$HACKDIR/sysconf"
say "  and with the guide's GENERICUSERS= (empty):"
keys player p
what=$(wait_any player 20 "Who are you?" "Shall I pick") || what=
shot player "the guide's GENERICUSERS: the game's first question (${what:-none})"
keys player q
for i in $(seq 40); do screen_of player | grep -qF "Logged in as player" && break; sleep 0.3; done
for p in bob carol player; do keys "$p" q; done

# --- upgrading while alice plays: the guide's upgrade block, as it stands ------
say ""
say "== upgrade while alice plays (the guide's <!-- dgl: upgrade --> block)"
keys alice p
what=$(wait_any alice 20 "Restoring" "Shall I pick") || what=
[ "$what" = "Shall I pick" ] && { keys alice y; wait_for alice "Is this ok?"; keys alice y; }
to_map alice
play alice 2
old_pid=$(pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u alice\$")
old_ino=$(stat -c %i "$HACKDIR/nethack")
upgrade=$here/upgrade-steps.sh
awk '/<!-- dgl: upgrade -->/ { w = 1; next } w && /^```sh$/ { b = 1; next }
     b && /^```$/ { exit } b { print }' "$REPO/docs/SERVER.md" >"$upgrade"
(cd "$REPO" && HACKDIR=$HACKDIR bash -euo pipefail "$upgrade") >"$here/upgrade.log" 2>&1 ||
    { tail -20 "$here/upgrade.log" | tee -a "$T"; fail "the upgrade block failed"; }
say "  the game: inode $old_ino -> $(stat -c %i "$HACKDIR/nethack"), $(ls -l "$HACKDIR/nethack" | awk '{print $1, $3, $4}'); alice's running game: $(readlink /proc/$old_pid/exe)"
upturn=$(turn_of alice)
keys alice S; wait_for alice "Really save?"; keys alice y
wait_for alice "Logged in as alice"
say "  alice saved at $upturn with the old game: save/: $(ls "$VAR/save" | tr '\n' ' ')"
keys alice p; wait_for alice "Restoring save file"; to_map alice
new_pid=$(pgrep -f "^$PREFIX/games/lib/nethackdir/nethack -u alice\$")
shot alice "restored by the new game (process $new_pid, $(readlink /proc/$new_pid/exe))"
[ "$(turn_of alice)" = "$upturn" ] && say "  alice's game is back at $upturn under the new game" ||
    say "  alice's game is at $(turn_of alice), saved at $upturn"
keys alice '#quit' Enter; wait_for alice "Really quit?"; keys alice y
for i in $(seq 40); do screen_of alice | grep -qF "Logged in as alice" && break; keys alice q; sleep 0.3; keys alice Enter; sleep 0.3; done
keys alice q
say ""
say "== done: $T"
