#!/bin/bash
# What flanking costs, side by side with vanilla: one command for every
# figure of BENCHMARKS.md, which it rewrites (between its results markers),
# together with the chart docs/tohit-chart.svg.
#
#   bench/run.sh            (from anywhere; assumes ./dev setup has run)
#
# It builds what it needs with cargo (the variant in target/release, the
# baseline -- vanilla plus the [baseline] tools of patches/series, i.e. the
# debug fuzzer switch -- in target/baseline, and cold builds of the variant
# and of vanilla under target/bench/cold-*), then measures:
#   1. the engine: instructions (callgrind) and ns per flank_score call
#      (rust-flanking/bench/callgrind.sh), and the same over the C ABI from C
#      for flank_score and flank_explain (bench/abi_bench.c);
#   2. the game: the debug fuzzer (-D --fuzz=SEED,TURNS) under callgrind for
#      the variant, the baseline and the variant with sysconf FLANKING=0:
#      instructions per turn, per flank_bonus call (a whole evaluation:
#      gather + engine + scaling), per find_roll_to_hit and mattacku call;
#      and for the variant under every other facing rule set (sysconf
#      FLANKING_RULES, configs variant-RULES, '+' written '_'): the same
#      fuzzer runs, for the instructions per evaluation and flanking's
#      whole share of a turn (every glue entry point NetHack calls, the
#      monsters that flank -- flank_plan_move, flank_plan_pet,
#      flank_ai_attacked -- included); and for the variant with sysconf
#      FLANKING_AI=0 (config variant-ai0), the share without them; and
#      threats from range: each configuration of BENCH_RANGED once more
#      with sysconf FLANKING_RANGED=1 (config CFG-ranged: variant-ranged,
#      variant-ai0-ranged, variant-tactics-ranged...), the instructions
#      per evaluation with the lines gathered (flank_gather_ranged) and the
#      engine's *_ranged entry point, against the same configuration with
#      the option off (the default), and flanking's whole share with them;
#      monsters that flank: instructions per planned move (flank_plan_apply:
#      gathering + the engine's flank_plan_asking, which scores the
#      candidates) and per engine call, from the same profiles, and the
#      candidates each call scored (its return value, which callgrind cannot
#      see: the same games once more, natively, under gdb with
#      bench/plancount.py, when gdb is installed);
#   3. wall time of the fuzzer runs of the variant, the baseline and
#      FLANKING=0 (native, repeated, min; not the other rule sets);
#   4. cold build time and binary size, variant against vanilla;
#   5. steps per second inside NLE against the wheel's vanilla
#      (bench/nle_steps.py, which writes its own section);
# and bench/report.py turns the raw data (target/bench/) into the tables.
#
# Environment (defaults in brackets):
#   BENCH_SEEDS  fuzzer seeds ["1 2 3"]      BENCH_TURNS  turns per run [8000]
#   BENCH_REPEAT wall-time repeats [5]       BENCH_JOBS   parallel callgrind runs [2]
#   BENCH_COLD   1: time cold builds, 0: skip them (the report keeps the
#                last figures it has) [1]
#   BENCH_RULES  the facing rule sets measured besides the default
#                (proposal, the variant's) [every other rule set, from
#                `flank rules`]; "" for none
#   BENCH_RANGED the configurations measured again with FLANKING_RANGED=1:
#                proposal (the variant), ai0 (FLANKING_AI=0, the fuzzer's
#                games with the most evaluations a turn) or a rule set of
#                BENCH_RULES ["proposal ai0 tactics"]; "" for none
#   BENCH_OUT    raw data [target/bench]
#   BENCH_NLE    1: also steps per second inside NLE (bench/nle_steps.py,
#                its own section of BENCHMARKS.md), 0: skip it [1]
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

SEEDS=${BENCH_SEEDS:-1 2 3}
TURNS=${BENCH_TURNS:-8000}
REPEAT=${BENCH_REPEAT:-5}
JOBS=${BENCH_JOBS:-2}
COLD=${BENCH_COLD:-1}
# every rule set but the default, as the rule-set table lists them
RULES=${BENCH_RULES-$(cd "$repo" && cargo run -q --release -p flank-testkit --bin flank -- rules | tail -n +2 | tr '\n' ' ')}
RANGED=${BENCH_RANGED-proposal ai0 tactics}
OUT=${BENCH_OUT:-target/bench}
case $OUT in /*) ;; *) OUT=$repo/$OUT ;; esac

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'bench/run.sh: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }

for tool in cargo valgrind callgrind_annotate python3 gcc size strip; do
    command -v "$tool" >/dev/null || die "$tool is not installed (run ./dev setup)"
done
grep -q '\[baseline\]' patches/series ||
    die "patches/series tags no patch [baseline] (the debug fuzzer switch): no baseline to compare with"

start=$(now)
mkdir -p "$OUT"
rm -rf "$OUT/engine" "$OUT/game" "$OUT/wall" "$OUT/bin"
mkdir -p "$OUT/engine" "$OUT/game" "$OUT/wall" "$OUT/pg"

# ---------------------------------------------------------------- builds
say "building the variant (target/release) and the baseline (target/baseline)"
cargo build --quiet --release
cargo build --quiet --release --features baseline --target-dir target/baseline
# The runs use copies: a cargo build elsewhere in this tree during the
# half hour of runs would otherwise change the binary under them (the game
# carries its data files; a playground needs nothing from target/).
mkdir -p "$OUT/bin"
cp target/release/nethack-flanking "$OUT/bin/nethack-flanking.variant"
cp target/baseline/release/nethack-flanking "$OUT/bin/nethack-flanking.baseline"
variant=$OUT/bin/nethack-flanking.variant
baseline=$OUT/bin/nethack-flanking.baseline

# ---------------------------------------------------------------- engine
say "engine: rust-flanking/bench/callgrind.sh"
rust-flanking/bench/callgrind.sh >"$OUT/engine/callgrind.txt"
cat "$OUT/engine/callgrind.txt" >&2
bench_score=$repo/target/release/examples/bench_score
for _ in $(seq "$REPEAT"); do
    "$bench_score" 20000000 --time
done >"$OUT/engine/bench_score.time"

say "engine over the C ABI: bench/abi_bench.c, flank_score and flank_explain"
cargo build --quiet --release -p rust-flanking # target/release/librust_flanking.a
gcc -O2 -g -Irust-flanking/include bench/abi_bench.c \
    target/release/librust_flanking.a -lpthread -ldl -lm -o "$OUT/engine/abi_bench"
for fn in score explain; do
    valgrind --tool=callgrind --callgrind-out-file="$OUT/engine/cg.abi.$fn" \
        --log-file="$OUT/engine/vg.abi.$fn" "$OUT/engine/abi_bench" "$fn" 100000 >/dev/null
    for _ in $(seq "$REPEAT"); do
        "$OUT/engine/abi_bench" "$fn" 10000000 --time
    done >"$OUT/engine/abi.$fn.time"
done

# ---------------------------------------------------------------- the game
# Playgrounds: a fresh one per flavour (the launcher writes WIZARDS=* into a
# new playground's sysconf); the variant's three times, once with FLANKING=0
# and once with FLANKING_AI=0 (no monster plans), once more per facing rule
# set (FLANKING_RULES=RULES, FLANKING left at the variant's 100), and once
# more per configuration of BENCH_RANGED with FLANKING_RANGED=1 as well
# (threats from range).
rc=$OUT/pg/fuzz.rc
cat >"$rc" <<'EOF'
OPTIONS=name:wizard,role:Valkyrie,race:human,gender:female,align:neutral
OPTIONS=!legacy,!news,!splash_screen
EOF
binary_of() {
    case $1 in
    baseline) echo "$baseline" ;;
    *) echo "$variant" ;;
    esac
}
# set_sys CFG NAME VALUE: NAME=VALUE in CFG's sysconf, in place of any NAME=
set_sys() {
    local sysconf=$OUT/pg/$1/sysconf
    if grep -q "^$2=" "$sysconf"; then
        sed -i "s/^$2=.*/$2=$3/" "$sysconf"
    else
        echo "$2=$3" >>"$sysconf"
    fi
}
rule_cfgs=()
for rules in $RULES; do
    [ "$rules" = proposal ] && die "BENCH_RULES: proposal is the variant's own rule set"
    rule_cfgs+=("variant-${rules//+/_}")
done
# ranged_base R: the configuration BENCH_RANGED's R names
ranged_base() {
    case $1 in
    proposal) echo variant ;;
    ai0) echo variant-ai0 ;;
    *)
        [[ " $RULES " == *" $1 "* ]] ||
            die "BENCH_RANGED: $1 is neither proposal, ai0 nor a rule set of BENCH_RULES"
        echo "variant-${1//+/_}"
        ;;
    esac
}
ranged_cfgs=()
for r in $RANGED; do
    ranged_cfgs+=("$(ranged_base "$r")-ranged")
done
CONFIGS=(variant baseline variant-off variant-ai0 "${rule_cfgs[@]}" "${ranged_cfgs[@]}")
for cfg in "${CONFIGS[@]}"; do
    rm -rf "$OUT/pg/$cfg"
    NETHACK_FLANKING_PLAYGROUND=$OUT/pg/$cfg "$(binary_of $cfg)" --version >/dev/null
done
set_sys variant-off FLANKING 0
set_sys variant-ai0 FLANKING_AI 0
for rules in $RULES; do
    set_sys "variant-${rules//+/_}" FLANKING_RULES "$rules"
done
[ -z "$RANGED" ] || grep -q '^FLANKING_RANGED=' "$OUT/pg/variant/sysconf" ||
    die "the variant's sysconf has no FLANKING_RANGED (the [ranged] patches' threats from range): nothing to measure for BENCH_RANGED"
for r in $RANGED; do
    base=$(ranged_base "$r")
    # the base configuration's sysconf, FLANKING_RANGED=1 in it
    cp "$OUT/pg/$base/sysconf" "$OUT/pg/$base-ranged/sysconf"
    set_sys "$base-ranged" FLANKING_RANGED 1
done

# fuzz CFG SEED [WRAPPER...]: one fuzzer run; its stderr is the caller's
fuzz() {
    local cfg=$1 seed=$2
    shift 2
    NETHACK_FLANKING_PLAYGROUND=$OUT/pg/$cfg NETHACKOPTIONS=@$rc TERM=xterm \
        "$@" "$(binary_of "$cfg")" -D --fuzz="$seed,$TURNS" </dev/null >/dev/null
}

say "checking that every build and rule set drives the fuzzer"
for cfg in "${CONFIGS[@]}"; do
    # (a FLANKING_RULES the game does not know stops it at a config error
    # prompt: the timeout)
    TURNS=20 fuzz "$cfg" 1 timeout 300 2>"$OUT/game/check.$cfg.log" ||
        die "$cfg: the fuzzer failed: $(tail -3 "$OUT/game/check.$cfg.log")"
    grep -q '^fuzzer: .* ended;' "$OUT/game/check.$cfg.log" ||
        die "$cfg: no 'fuzzer: ... ended' line: $(tail -3 "$OUT/game/check.$cfg.log")"
done

say "the game under callgrind: ${CONFIGS[*]}; seeds $SEEDS, $TURNS turns, $JOBS at a time"
# A run that panics (exit status 134) still counts, with its closing line;
# one with no closing line at all stops the benchmark.
cg_run() { # CFG SEED
    fuzz "$1" "$2" valgrind --tool=callgrind \
        --callgrind-out-file="$OUT/game/cg.$1.$2" --log-file="$OUT/game/vg.$1.$2" \
        2>"$OUT/game/fuzz.$1.$2.log" || true
    grep -Eq '^fuzzer: seed .* turns, (ended|panic)' "$OUT/game/fuzz.$1.$2.log"
}
pids=()
for seed in $SEEDS; do
    for cfg in "${CONFIGS[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
            wait -n || true
        done
        cg_run "$cfg" "$seed" &
        pids+=($!)
    done
done
fail=0
for pid in "${pids[@]}"; do
    wait "$pid" || fail=1
done
[ "$fail" -eq 0 ] || die "a fuzzer run under callgrind failed (see $OUT/game/*.log)"

# The candidates each flank_plan_asking() call scored: its return value, which
# callgrind does not record; the same games natively under gdb (a
# breakpoint on each call and its return), for the configs where monsters
# plan.  The closing line must be the callgrind run's: the same game.
if command -v gdb >/dev/null; then
    say "candidates per flank_plan call: the same games under gdb (bench/plancount.py)"
    for seed in $SEEDS; do
        for cfg in variant "${rule_cfgs[@]}"; do
            PLANCOUNT_OUT=$OUT/game/plan.$cfg.$seed.json \
                fuzz "$cfg" "$seed" gdb -q -batch -x "$repo/bench/plancount.py" --args \
                2>"$OUT/game/plan.$cfg.$seed.log" || true
            [ -s "$OUT/game/plan.$cfg.$seed.json" ] ||
                die "$cfg seed $seed: bench/plancount.py wrote nothing (see $OUT/game/plan.$cfg.$seed.log)"
        done
    done
else
    say "no gdb: the candidates per flank_plan call are not measured"
fi

say "wall time: $REPEAT rounds of every seed and build, one at a time"
for round in $(seq "$REPEAT"); do
    for seed in $SEEDS; do
        for cfg in variant baseline variant-off; do
            t0=$(now)
            fuzz "$cfg" "$seed" 2>"$OUT/wall/fuzz.$cfg.$seed.log" || true
            t1=$(now)
            echo "$cfg $seed $round $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')"
        done
    done
done >"$OUT/wall/times.txt"

# ---------------------------------------------------------------- builds
if [ "$COLD" = 1 ]; then
    say "cold builds: vanilla and the variant, each in its own target dir"
    mkdir -p "$OUT/build"
    : >"$OUT/build/times.txt"
    : >"$OUT/build/cargo.log"
    for flavour in vanilla variant; do
        dir=$OUT/cold-$flavour
        features=()
        [ "$flavour" = vanilla ] && features=(--features vanilla)
        rm -rf "$dir"
        # wall, user and system seconds (bash's time counts the children)
        TIMEFORMAT="$flavour full %R %U %S"
        { time cargo build --quiet --release "${features[@]}" --target-dir "$dir" \
            2>>"$OUT/build/cargo.log"; } 2>>"$OUT/build/times.txt" ||
            die "the cold build of $flavour failed: see $OUT/build/cargo.log"
        # the game alone: its build script (NetHack's makefiles) and link,
        # with the Rust dependencies (rust-flanking, cc, bindgen) kept
        cargo clean --quiet --release -p nethack-flanking --target-dir "$dir"
        TIMEFORMAT="$flavour game %R %U %S"
        { time cargo build --quiet --release "${features[@]}" --target-dir "$dir" \
            2>>"$OUT/build/cargo.log"; } 2>>"$OUT/build/times.txt" ||
            die "the cold build of $flavour failed: see $OUT/build/cargo.log"
        cp "$dir/release/nethack-flanking" "$OUT/build/nethack-flanking.$flavour"
    done
fi

# ---------------------------------------------------------------- report
say "chart: docs/tohit-chart.svg"
python3 bench/tohit_chart.py docs/tohit-chart.svg >&2
end=$(now)
awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f\n", b - a }' >"$OUT/elapsed.txt"
say "report: BENCHMARKS.md"
python3 bench/report.py --out "$OUT" --seeds "$SEEDS" --turns "$TURNS" \
    --repeat "$REPEAT" --rules "$RULES" --ranged "$RANGED" --benchmarks BENCHMARKS.md
if [ "${BENCH_NLE:-1}" = 1 ]; then
    say "inside NLE: steps per second (bench/nle_steps.py)"
    ./dev python bench/nle_steps.py --benchmarks BENCHMARKS.md
fi
