#!/bin/bash
# The fuzz soak: the variant built with AddressSanitizer and
# UndefinedBehaviorSanitizer, played by NetHack's debug fuzzer
# (patches/0001-debug-fuzzer-switch.patch) with fixed seeds.
#
#   tools/soak.sh [--turns N] [--per-run T] [--first-seed S] [--jobs J]
#                 [--no-build] [--keep]
#
#   --turns N       game turns in all (default 100000), split into runs
#   --per-run T     turns per run, one seed each (default 20000): seeds
#                   S, S+1, ... for ceil(N/T) runs
#   --first-seed S  the first seed (default 1)
#   --jobs J        runs at a time (default: the number of CPUs)
#   --no-build      use target/asan as it is
#   --keep          keep the logs and the playground even when all is well
#
# A run passes when the game reaches its turn limit and exits 0 with the
# fuzzer's closing line, and nothing else on stderr: no panic, no
# impossible() (the fuzzer turns those into panics, as it does failed
# sanity checks), no sanitizer report.  The sanitizers stop the game at
# the first report (UBSAN_OPTIONS=halt_on_error=1, ASan always does);
# leak checking is off (ASAN_OPTIONS=detect_leaks=0): NetHack leaves
# memory to exit() on several paths.  Findings and seeds are in
# docs/SOAK.md; a failing run is replayed by its --fuzz=SEED,TURNS.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
turns=100000
per_run=20000
first_seed=1
jobs=$(nproc 2>/dev/null || echo 2)
build=1
keep=0

die() {
    echo "tools/soak.sh: $*" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --turns) turns=${2:?}; shift 2 ;;
    --per-run) per_run=${2:?}; shift 2 ;;
    --first-seed) first_seed=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --no-build) build=0; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
    esac
done
for v in "$turns" "$per_run" "$first_seed" "$jobs"; do
    [[ $v =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || die "not a positive number: $v"
done

game=$repo/target/asan/release/nethack-flanking
if [ "$build" = 1 ]; then
    echo "soak: building the game with ASan and UBSan (target/asan)" >&2
    (cd "$repo" && NETHACK_SANITIZE=1 cargo build -q --release \
        --target-dir target/asan --bin nethack-flanking)
fi
[ -x "$game" ] || die "$game is missing: run without --no-build"

runs=$(((turns + per_run - 1) / per_run))
work=$repo/target/soak/$(date -u +%Y%m%dT%H%M%SZ)-$$
mkdir -p "$work/logs"
playground=$work/playground
rc_file=$work/fuzz.nethackrc
cat >"$rc_file" <<'EOF'
OPTIONS=name:soak,role:Valkyrie,race:human,gender:female,align:neutral
OPTIONS=!legacy,!news,!splash_screen,!autopickup
EOF

export NETHACK_FLANKING_PLAYGROUND=$playground
export NETHACKOPTIONS=@$rc_file
export TERM=xterm
export ASAN_OPTIONS=detect_leaks=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# one run: seed $1; its stderr in logs/seed-$1.err, its verdict in .result
one_run() {
    local seed=$1 err=$work/logs/seed-$1.err start end rc line
    start=$(date +%s%N)
    rc=0
    "$game" -D --fuzz="$seed,$per_run" </dev/null >/dev/null 2>"$err" || rc=$?
    end=$(date +%s%N)
    line=$(grep -a '^fuzzer: seed .* ended;' "$err" || true)
    if [ "$rc" -eq 0 ] && [ -n "$line" ] &&
        [ "$(grep -avc '^fuzzer: seed ' "$err")" -eq 0 ]; then
        printf 'ok %s %s %s\n' "$seed" \
            "$(sed -n 's/^fuzzer: seed [0-9]*, \([0-9]*\) turns, ended.*/\1/p' <<<"$line")" \
            "$(((end - start) / 1000000))" >"$work/logs/seed-$seed.result"
    else
        printf 'FAIL %s %s\n' "$seed" "$rc" >"$work/logs/seed-$seed.result"
    fi
}

# the playground is made once, before runs that would race to make it
"$game" --version >/dev/null 2>&1 || die "$game does not start"
[ -f "$playground/sysconf" ] || die "no playground in $playground"

echo "soak: $runs runs of $per_run turns (seeds $first_seed..$((first_seed + runs - 1))), $jobs at a time, in $work" >&2
t0=$(date +%s)
running=0
for ((i = 0; i < runs; i++)); do
    one_run $((first_seed + i)) &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait
t1=$(date +%s)

ok=0
failed=0
total=0
for ((i = 0; i < runs; i++)); do
    seed=$((first_seed + i))
    read -r verdict _ n ms <"$work/logs/seed-$seed.result"
    if [ "$verdict" = ok ]; then
        ok=$((ok + 1))
        total=$((total + n))
        printf 'ok seed %s: %s turns in %d.%d s\n' "$seed" "$n" $((ms / 1000)) $((ms % 1000 / 100))
    else
        failed=$((failed + 1))
        echo "FAIL seed $seed: exit status $n; replay with --fuzz=$seed,$per_run; $work/logs/seed-$seed.err:"
        grep -av '^fuzzer: seed .* starting' "$work/logs/seed-$seed.err" | head -n 40 | sed 's/^/    /'
    fi
done
if [ -s "$playground/paniclog" ]; then
    echo "FAIL: $playground/paniclog is not empty:"
    sed 's/^/    /' "$playground/paniclog"
    failed=$((failed + 1))
fi
secs=$((t1 - t0))
echo "soak: $ok runs passed, $failed failed; $total turns in ${secs} s" \
    "($((total / (secs > 0 ? secs : 1))) turns/s), seeds $first_seed..$((first_seed + runs - 1))"
if [ "$failed" -ne 0 ]; then
    echo "soak: logs kept in $work" >&2
    exit 1
fi
[ "$keep" = 1 ] && echo "soak: logs kept in $work" >&2 || rm -rf "$work"
exit 0
