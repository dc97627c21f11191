#!/bin/bash
# The game's tests in tmux, run again and again: proof that they do not
# fail by chance. Every test that drives the real game in tmux
# (tests/e2e_*.rs, and arena_game, fuzz_save_restore and vanilla_save,
# which do too), RUNS times in a row, each run as `cargo test` runs them;
# optionally with the fuzz soak playing beside them, to load the machine.
#
#   tools/tmux-repeat.sh [--runs N] [--load] [--name TAG]
#
#   --runs N   how many times (default 30)
#   --name TAG its own directory, target/tmux-repeat-TAG: two streams of
#              runs may go side by side (each test's scratch directory,
#              playground and tmux server are its process's own)
#   --load     play the long fuzz soak (tools/soak.sh --turns, its own
#              ASan build, every CPU) beside the runs, restarted whenever it
#              ends, and stopped with them
#
# Every run's output goes to target/tmux-repeat[-TAG]/run-K.log; a failed run's
# failures are printed. The last line is "tmux-repeat: P passed, F failed"
# (runs), and the exit status is non-zero if any failed. Not part of
# ./dev test: 30 runs take about an hour on 2 cores under load.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=30
load=false
name=
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --load) load=true; shift ;;
    --name) name=-$2; shift 2 ;;
    *) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    esac
done

TESTS=(--test 'e2e_*' --test arena_game --test fuzz_save_restore --test vanilla_save)
out=target/tmux-repeat$name
rm -rf "$out"
mkdir -p "$out"
echo "tmux-repeat: building the game and the tests" >&2
cargo test --release --no-run "${TESTS[@]}" 2>"$out/build.log" || {
    cat "$out/build.log" >&2
    exit 1
}

if $load; then
    echo "tmux-repeat: the fuzz soak plays beside the runs (log: $out/soak.log)" >&2
    # its own session, so that it and every run it started stop with us
    setsid bash -c 'while true; do tools/soak.sh --turns 2000000 --per-run 50000 || true; done' \
        >>"$out/soak.log" 2>&1 &
    loader=$!
    trap 'kill -- "-$loader" 2>/dev/null || true' EXIT
    # the soak's ASan build first: the runs start once its games do
    until pgrep -f -- '--fuzz=' >/dev/null; do sleep 5; done
fi

passed=0
failed=0
for k in $(seq "$runs"); do
    start=$(date +%s)
    if CARGO_TERM_COLOR=never cargo test --release "${TESTS[@]}" >"$out/run-$k.log" 2>&1; then
        passed=$((passed + 1))
        echo "run $k: passed ($(($(date +%s) - start)) s)" >&2
    else
        failed=$((failed + 1))
        echo "run $k: FAILED ($(($(date +%s) - start)) s); $out/run-$k.log:" >&2
        grep -E '^---- |panicked|FAILED' "$out/run-$k.log" >&2 || true
    fi
done
echo "tmux-repeat$name: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
