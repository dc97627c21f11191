#!/bin/bash
# Restores randomly mutated saves, level files or bones files under
# AddressSanitizer and UndefinedBehaviorSanitizer: a save the game did not
# write must be refused (sysconf SAVEKEY, patches/0036-save-mark.patch),
# and a level or bones file with a bad number in it refused with a message
# and kept aside (patches/0047-restore-trust.patch), never trusted. Not
# part of ./dev test; docs/SOAK.md says how to run it.
#
#   tools/save-mutate.sh [--kind save|level|bones] [--count N] [--from K]
#                        [--jobs J] [--seed S] [--no-key] [--no-build]
#
#   --kind K     what is mutated (default save): save, a level file the
#                game reads back (?lock.N), or a bones file; a level or
#                bones file is mutated as root would (its mode does not
#                matter), and is not marked
#   --count N    mutated files to load (default 10000)
#   --from K     the first trial's number (default 1): --from K --count 1
#                plays trial K again, with the same --seed
#   --jobs J     restores at a time (default: the number of CPUs)
#   --seed S     the mutations' seed (default 1): the same seed, the same
#                mutations
#   --no-key     no SAVEKEY: vanilla's trust, to see what it costs
#   --no-build   use target/asan as it is (tools/soak.sh builds it too)
#
# --kind save: one save is made by the debug fuzzer (-D --fuzz=7,2000 --fuzz-save) in a
# playground whose sysconf has SAVEKEY (32 random bytes). Each trial copies
# it, uncompressed, with 1 to 8 random bytes changed anywhere in it (its
# mark included), and restores it with -D --fuzz=SEED,20 --fuzz-restore:
# the game restores the save and the fuzzer plays 20 turns of it, a sanity
# check every turn, or the game refuses it (moved aside as FILE.refused)
# and the fuzzer plays a new game. Each trial's save has its one-time file
# beside it (save/NAME.once-HEX, which the game made with the save), as the
# save the game wrote had: a mutation is refused by its mark, not because
# the save was restored before. A trial fails on a sanitizer report, a panic, a
# signal or a non-zero exit. Every 100th trial restores the save unchanged,
# which must restore. The counts go to standard output, the last line
# "save-mutate: P passed, F failed"; a failed trial's save and output stay
# in target/save-mutate/failed/.
#
# --kind level: the fuzzer plays 2,000 turns, leaves the level it is on
# (--fuzz-level=FILE: its level file copied to FILE) and saves, without a
# key. Each trial restores that save and loads the mutated level file as
# the game does when the hero comes back to the level
# (--fuzz-restore --fuzz-level=FILE,LEDGER), then plays 20 turns.
# --kind bones: the fuzzer plays 2,000 turns and leaves bones
# (--fuzz-bones=FILE); each trial starts the same game (the same seed, so
# the same dungeon) and comes to that level with the mutated bones in the
# playground (--fuzz-bones=FILE,LEDGER), then plays 20 turns. A trial of
# either passes when the game says it refused the file (and the file is
# kept as *.refused) or loaded it and played on with a sanity check every
# turn; every 100th trial loads the file unchanged, which must load.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

kind=save
count=10000
from=1
jobs=$(nproc)
seed=1
key=true
build=true
while [ $# -gt 0 ]; do
    case $1 in
    --kind) kind=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --no-key) key=false; shift ;;
    --no-build) build=false; shift ;;
    *) sed -n '2,54p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    esac
done
case $kind in
save | level | bones) ;;
*) echo "save-mutate: --kind is save, level or bones, not '$kind'" >&2; exit 2 ;;
esac
[ "$kind" = save ] || key=false

game=$repo/target/asan/release/nethack-flanking
if $build; then
    echo "save-mutate: building the game with ASan and UBSan (target/asan)" >&2
    NETHACK_SANITIZE=1 cargo build -q --release --target-dir target/asan \
        --bin nethack-flanking
fi
[ -x "$game" ] || { echo "save-mutate: no $game: build it (drop --no-build)" >&2; exit 1; }
export ASAN_OPTIONS=detect_leaks=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TERM=xterm

out=$repo/target/save-mutate
[ "$kind" = save ] || out=$out-$kind
rm -rf "$out"
mkdir -p "$out/failed"
rc=$out/nethackrc
echo 'OPTIONS=name:mutant,role:Valkyrie,race:human,gender:female,align:neutral,!legacy,!news,!splash_screen,!autopickup' >"$rc"
export NETHACKOPTIONS=@$rc

# The playground and its one file: a save, or a level or bones file.
base=$out/base
NETHACK_FLANKING_PLAYGROUND=$base "$game" --version >/dev/null
if $key; then
    head -c 32 /dev/urandom >"$base/savekey"
    echo "SAVEKEY=savekey" >>"$base/sysconf"
fi
case $kind in
save) made=(--fuzz-save) ;;
level) made=(--fuzz-save "--fuzz-level=$out/file") ;;
bones) made=("--fuzz-bones=$out/file") ;;
esac
NETHACK_FLANKING_PLAYGROUND=$base "$game" -D --fuzz=7,2000 "${made[@]}" \
    </dev/null >/dev/null 2>"$out/base.err" || {
    cat "$out/base.err" >&2
    echo "save-mutate: the fuzzer made no $kind file" >&2
    exit 1
}
ledger=0
once=
if [ "$kind" != bones ]; then
    # the save, and with SAVEKEY its one-time file (kept for every trial)
    saved=$(ls "$base/save" | grep -v '\.once-')
    once=$(ls "$base/save" | grep '\.once-' || true)
    if $key && [ -z "$once" ]; then
        echo "save-mutate: the save has no one-time file beside it: $(ls "$base/save")" >&2
        exit 1
    fi
    case $saved in
    *.gz) gzip -dc "$base/save/$saved" >"$out/save" && saved=${saved%.gz} ;;
    *) cp "$base/save/$saved" "$out/save" ;;
    esac
    rm -f "$base/save/"*
else
    saved=
fi
if [ "$kind" = save ]; then
    cp "$out/save" "$out/file"
else
    ledger=$(sed -n "s/^fuzzer: \(level\|bones of level\) \([0-9]*\) in .*/\2/p" "$out/base.err")
    [ -n "$ledger" ] && [ -s "$out/file" ] || {
        cat "$out/base.err" >&2
        echo "save-mutate: the fuzzer left no $kind file" >&2
        exit 1
    }
fi
echo "save-mutate: a $kind file of $(stat -c %s "$out/file") bytes${saved:+ (save/$saved)}${ledger:+ (level $ledger)}, key: $key; $count trials, $jobs at a time, seed $seed" >&2

# Trial K in playground PG: its result word on standard output.
trial() {
    local k=$1 pg=$2 status=0 err run
    err=$pg/err
    rm -rf "$pg/save/"* "$pg/"bon* "$pg/"*.refused* 2>/dev/null || true
    if [ $((k % 100)) -eq 0 ]; then
        cp "$out/file" "$pg/mutated"
    else
        perl -e '
            my ($k, $seed, $in, $to) = @ARGV;
            srand($seed * 1000003 + $k);
            open(my $f, "<:raw", $in) or die; local $/; my $d = <$f>; close $f;
            my $n = 1 + int(rand(8));
            for (1 .. $n) {
                my $p = int(rand(length $d));
                substr($d, $p, 1) = chr(int(rand(256)));
            }
            open(my $g, ">:raw", $to) or die; print $g $d; close $g;
        ' "$k" "$seed" "$out/file" "$pg/mutated"
    fi
    case $kind in
    save)
        cp "$pg/mutated" "$pg/save/$saved"
        [ -z "$once" ] || : >"$pg/save/$once"
        run=(--fuzz=$k,20 --fuzz-restore) ;;
    level)
        cp "$out/save" "$pg/save/$saved"
        [ -z "$once" ] || : >"$pg/save/$once"
        run=(--fuzz=$k,20 --fuzz-restore "--fuzz-level=$pg/mutated,$ledger") ;;
    bones)
        # the same game as the one that left them: the same dungeon
        run=(--fuzz=7,20 "--fuzz-bones=$pg/mutated,$ledger") ;;
    esac
    NETHACK_FLANKING_PLAYGROUND=$pg timeout 120 "$game" -D "${run[@]}" \
        </dev/null >/dev/null 2>"$err" || status=$?
    # the game's own refusal names what the check met ("makes the game
    # panic: ..."): a refusal, not a crash
    if grep -v '^fuzzer: refused' "$err" \
        | grep -qE 'AddressSanitizer|runtime error|panic|impossible' \
        || { [ "$status" -ne 0 ] && ! grep -q '^fuzzer: refused' "$err"; }; then
        mkdir -p "$out/failed/$k"
        cp "$err" "$out/failed/$k/stderr"
        cp "$pg/mutated" "$out/failed/$k/$kind"
        echo "crash $k status=$status"
    elif [ "$kind" = save ]; then
        if [ -e "$pg/save/$saved.refused" ]; then
            echo "refused $k"
        elif grep -q "fuzzer: seed $k, 20 turns, ended" "$err"; then
            # TURNS counted from 1: a new game, the save not restored
            echo "notrestored $k"
        else
            echo "restored $k"
        fi
    elif grep -q "^fuzzer: $kind refused" "$err"; then
        if compgen -G "$pg/*.refused*" >/dev/null; then
            echo "refused $k"
        else
            mkdir -p "$out/failed/$k"
            cp "$err" "$out/failed/$k/stderr"
            echo "crash $k refused-but-not-kept"
        fi
    elif grep -q "^fuzzer: $kind loaded" "$err" \
        && grep -q "^fuzzer: seed .*, ended" "$err"; then
        echo "restored $k"
    else
        echo "notrestored $k"
    fi
}
export -f trial
export out saved once game seed kind ledger

for j in $(seq "$jobs"); do
    pg=$out/pg$j
    cp -r "$base" "$pg"
    (
        for k in $(seq $((from + j - 1)) "$jobs" $((from + count - 1))); do
            trial "$k" "$pg"
        done
    ) >"$out/results$j" &
done
wait

cat "$out"/results* >"$out/results"
refused=$(grep -c '^refused' "$out/results" || true)
restored=$(grep -c '^restored' "$out/results" || true)
notrestored=$(grep -c '^notrestored' "$out/results" || true)
crashes=$(grep -c '^crash' "$out/results" || true)
controls=$(grep -E '^[a-z]+ [0-9]*00$' "$out/results" | grep -vc '^restored' || true)
if [ "$kind" = save ]; then
    echo "save-mutate: $count restores of mutated saves (every 100th unchanged), key: $key"
    echo "  refused by the mark: $refused"
    echo "  restored: $restored"
    echo "  not restored (vanilla's own checks, a new game): $notrestored"
else
    echo "save-mutate: $count loads of mutated $kind files (every 100th unchanged)"
    echo "  refused with a message, kept aside: $refused"
    echo "  loaded, 20 turns played sane: $restored"
    echo "  not loaded (the game went on without it): $notrestored"
fi
echo "  crashes (sanitizer, panic, signal): $crashes"
grep '^crash' "$out/results" | head -20 | sed 's/^/    /' || true
[ "$controls" -eq 0 ] || echo "  unchanged files not loaded: $controls"
failed=$((crashes + controls))
echo "save-mutate: $((count - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
