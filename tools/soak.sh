#!/bin/bash
# The fuzz soak: the variant built with AddressSanitizer and
# UndefinedBehaviorSanitizer, played by NetHack's debug fuzzer
# (patches/0001-debug-fuzzer-switch.patch) under every sysconf setting that
# changes play.
#
#   tools/soak.sh [RUNS...] [--per-run T] [--jobs J] [--setting S]
#                 [--no-build] [--keep]
#
# RUNS (any mix; with none, --regression --fresh 3; ./dev test runs
# --regression alone, fixed seeds, so that CI never fails by chance):
#   --regression      every run of tools/soak-seeds: the fixed seeds and
#                     every seed that ever failed, with their turns
#   --fresh K         K runs on seeds no one has played: derived from the
#                     commit (git rev-parse HEAD; outside git, the date),
#                     printed, T turns each
#   --turns N         ceil(N/T) runs of T turns, seeds S, S+1, ...
#   --first-seed S    the first seed of --turns (default: the fresh seeds')
#   --fuzz=SEED,TURNS one run (repeatable): how a failing run is replayed
# Options:
#   --per-run T       turns per run of --fresh and --turns (default 20000)
#   --jobs J          runs at a time (default: the number of CPUs)
#   --setting S       play every run under setting S (e.g. FLANKING=0)
#                     instead of its own
#   --no-build        use target/asan as it is
#   --keep            keep the logs and the playgrounds even when all is well
#
# Settings: every sysconf setting that changes play is one entry of
# SETTINGS below, written as the sysconf lines it sets (KEY=VALUE, several
# joined by ','); each has its own playground.  A run plays the setting
# tools/soak-seeds gives it, else SETTINGS[SEED % number of settings], so
# consecutive seeds go round them all and a seed alone names its setting.
#
# A run passes when the game reaches its turn limit and exits 0 with the
# fuzzer's closing line, and nothing else on stderr: no panic, no
# impossible() (the fuzzer turns those into panics, as it does failed
# sanity checks), no sanitizer report; and no playground's paniclog has
# anything in it.  The sanitizers stop the game at the first report
# (UBSAN_OPTIONS=halt_on_error=1, ASan always does); leak checking is off
# (ASAN_OPTIONS=detect_leaks=0): NetHack leaves memory to exit() on
# several paths.  Every run is printed as the --fuzz=SEED,TURNS that
# replays it.  Findings and seeds are in docs/SOAK.md.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)

# Every sysconf setting that changes play.  FLANKING: 100 (the default),
# 0 (off: vanilla's game) and FLANK_PERCENT_MAX (rust-flanking/include/
# flanking.h); FLANKING_RULES: every rule set and combination but the
# default, each at FLANKING=100, as the rule-set table lists them (`flank
# rules`: a new rule set is soaked without a word here); FLANKING_AI=0
# (monsters that flank are on in every other setting, the default);
# FLANKING_RANGED=1 (threats from range, off in every other setting, the
# default).
rule_sets=$(cd "$repo" && cargo run -q --release -p flank-testkit --bin flank -- rules) ||
    { echo "tools/soak.sh: flank rules failed" >&2; exit 1; }
rule_sets=$(printf '%s\n' "$rule_sets" | tail -n +2)
[ -n "$rule_sets" ] || { echo "tools/soak.sh: flank rules named no rule set" >&2; exit 1; }
SETTINGS=(FLANKING=100 FLANKING=0 FLANKING=1000)
for r in $rule_sets; do SETTINGS+=("FLANKING_RULES=$r"); done
SETTINGS+=(FLANKING_AI=0 FLANKING_RANGED=1)
seed_list=$repo/tools/soak-seeds

per_run=20000
jobs=$(nproc 2>/dev/null || echo 2)
build=1
keep=0
regression=0
fresh=0
turns=0
first_seed=
force_setting=
fuzz_runs=()

die() {
    echo "tools/soak.sh: $*" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --regression) regression=1; shift ;;
    --fresh) fresh=${2:?}; shift 2 ;;
    --turns) turns=${2:?}; shift 2 ;;
    --first-seed) first_seed=${2:?}; shift 2 ;;
    --fuzz=*) fuzz_runs+=("${1#--fuzz=}"); shift ;;
    --per-run) per_run=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --setting) force_setting=${2:?}; shift 2 ;;
    --no-build) build=0; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,41p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
    esac
done
posint() { [[ $1 =~ ^[0-9]+$ ]] && [ "$1" -gt 0 ]; }
for v in "$per_run" "$jobs"; do
    posint "$v" || die "not a positive number: $v"
done
for v in "$fresh" "$turns" ${first_seed:+"$first_seed"}; do
    [[ $v =~ ^[0-9]+$ ]] || die "not a number: $v"
done
if [ "$regression" = 0 ] && [ "$fresh" = 0 ] && [ "$turns" = 0 ] &&
    [ ${#fuzz_runs[@]} -eq 0 ]; then
    regression=1
    fresh=3
fi
valid_setting() { [[ $1 =~ ^[A-Z_]+=[^,[:space:]]+(,[A-Z_]+=[^,[:space:]]+)*$ ]]; }
[ -z "$force_setting" ] || valid_setting "$force_setting" ||
    die "--setting wants KEY=VALUE[,KEY=VALUE...], not '$force_setting'"

# The fresh seeds' base: six digits from the commit (the date outside
# git), so that every commit plays games no one has played, and the same
# commit plays the same ones.
if head=$(git -C "$repo" rev-parse HEAD 2>/dev/null); then
    fresh_from="commit ${head:0:12}"
    fresh_base=$((100000 + 16#${head:0:7} % 899000))
else
    day=$(date -u +%Y%m%d)
    fresh_from="the date $day (not a git checkout)"
    fresh_base=$((100000 + 10#$day % 899000))
fi

# The runs: parallel arrays of seed, turns, setting and where each came from.
run_seed=()
run_turns=()
run_setting=()
run_kind=()
setting_of_seed() { # the setting seed $1 plays unless tools/soak-seeds says
    echo "${SETTINGS[$(($1 % ${#SETTINGS[@]}))]}"
}
listed_setting() { # tools/soak-seeds' setting for seed $1 and turns $2
    [ -f "$seed_list" ] || return 0
    sed 's/#.*//' "$seed_list" |
        awk -v s="$1" -v t="$2" '$1 == s && $2 == t { print $3; exit }'
}
add_run() { # SEED TURNS SETTING KIND
    run_seed+=("$1")
    run_turns+=("$2")
    run_setting+=("${force_setting:-$3}")
    run_kind+=("$4")
}
if [ "$regression" = 1 ]; then
    [ -f "$seed_list" ] || die "$seed_list is missing"
    while read -r s t set _; do
        posint "$s" && posint "$t" && valid_setting "$set" ||
            die "$seed_list: a line wants SEED TURNS SETTING, not '$s $t $set'"
        add_run "$s" "$t" "$set" regression
    done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$seed_list")
fi
for ((i = 0; i < fresh; i++)); do
    s=$((fresh_base + i))
    add_run "$s" "$per_run" "$(setting_of_seed "$s")" fresh
done
if [ "$turns" -gt 0 ]; then
    s=${first_seed:-$fresh_base}
    [ -n "$first_seed" ] || [ "$fresh" = 0 ] || s=$((fresh_base + fresh))
    for ((i = 0; i < (turns + per_run - 1) / per_run; i++)); do
        add_run $((s + i)) "$per_run" "$(setting_of_seed $((s + i)))" range
    done
fi
for f in "${fuzz_runs[@]}"; do
    [[ $f =~ ^([0-9]+),([0-9]+)$ ]] || die "--fuzz wants SEED,TURNS, not '$f'"
    s=${BASH_REMATCH[1]}
    t=${BASH_REMATCH[2]}
    posint "$t" || die "--fuzz=$f: TURNS must be positive"
    set=$(listed_setting "$s" "$t")
    add_run "$s" "$t" "${set:-$(setting_of_seed "$s")}" replay
done
runs=${#run_seed[@]}
[ "$runs" -gt 0 ] || die "no runs"

game=$repo/target/asan/release/nethack-flanking
if [ "$build" = 1 ]; then
    echo "soak: building the game with ASan and UBSan (target/asan)" >&2
    (cd "$repo" && NETHACK_SANITIZE=1 cargo build -q --release \
        --target-dir target/asan --bin nethack-flanking)
fi
[ -x "$game" ] || die "$game is missing: run without --no-build"

work=$repo/target/soak/$(date -u +%Y%m%dT%H%M%SZ)-$$
mkdir -p "$work/logs"
rc_file=$work/fuzz.nethackrc
cat >"$rc_file" <<'EOF'
OPTIONS=name:soak,role:Valkyrie,race:human,gender:female,align:neutral
OPTIONS=!legacy,!news,!splash_screen,!autopickup
EOF

export NETHACKOPTIONS=@$rc_file
export TERM=xterm
export ASAN_OPTIONS=detect_leaks=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# One playground per setting, made before the runs that would race to
# make it: the launcher's new playground, then the setting's sysconf lines.
declare -A playground_of
for set in $(printf '%s\n' "${run_setting[@]}" | sort -u); do
    pg=$work/pg-${set//[^A-Za-z0-9=]/_}
    pg=${pg//=/}
    NETHACK_FLANKING_PLAYGROUND=$pg "$game" --version >/dev/null 2>&1 ||
        die "$game does not start"
    [ -f "$pg/sysconf" ] || die "no playground in $pg"
    IFS=, read -ra lines <<<"$set"
    for line in "${lines[@]}"; do
        key=${line%%=*}
        if grep -q "^$key=" "$pg/sysconf"; then
            sed -i "s/^$key=.*/$line/" "$pg/sysconf"
        else
            echo "$line" >>"$pg/sysconf"
        fi
    done
    playground_of[$set]=$pg
done

# run $1 (an index): its stderr in logs/run-$1.err, its verdict in .result
one_run() {
    local i=$1 err=$work/logs/run-$1.err start end rc line
    start=$(date +%s%N)
    rc=0
    NETHACK_FLANKING_PLAYGROUND=${playground_of[${run_setting[$i]}]} \
        "$game" -D --fuzz="${run_seed[$i]},${run_turns[$i]}" \
        </dev/null >/dev/null 2>"$err" || rc=$?
    end=$(date +%s%N)
    line=$(grep -a '^fuzzer: seed .* ended;' "$err" || true)
    if [ "$rc" -eq 0 ] && [ -n "$line" ] &&
        [ "$(grep -avc '^fuzzer: seed ' "$err")" -eq 0 ]; then
        printf 'ok %s %s\n' \
            "$(sed -n 's/^fuzzer: seed [0-9]*, \([0-9]*\) turns, ended.*/\1/p' <<<"$line")" \
            "$(((end - start) / 1000000))" >"$work/logs/run-$i.result"
    else
        printf 'FAIL %s\n' "$rc" >"$work/logs/run-$i.result"
    fi
}

replay() { echo "--fuzz=${run_seed[$1]},${run_turns[$1]}"; }
replay_cmd() {
    echo "tools/soak.sh $(replay "$1")${force_setting:+ --setting $force_setting}"
}
echo "soak: $runs runs, $jobs at a time, in $work" >&2
fresh_runs=()
for ((i = 0; i < runs; i++)); do
    case ${run_kind[$i]} in
    fresh) fresh_runs+=("$i") ;;
    range) [ -n "$first_seed" ] || fresh_runs+=("$i") ;;
    esac
done
if [ ${#fresh_runs[@]} -gt 0 ]; then
    echo "soak: fresh seeds from $fresh_from:"
    for i in "${fresh_runs[@]}"; do
        echo "    $(replay "$i") ${run_setting[$i]}"
    done
fi
t0=$(date +%s)
running=0
for ((i = 0; i < runs; i++)); do
    one_run "$i" &
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
    read -r verdict n ms <"$work/logs/run-$i.result"
    what="$(replay "$i") ${run_setting[$i]} (${run_kind[$i]})"
    if [ "$verdict" = ok ]; then
        ok=$((ok + 1))
        total=$((total + n))
        printf 'ok %s: %s turns in %d.%d s\n' "$what" "$n" $((ms / 1000)) $((ms % 1000 / 100))
    else
        failed=$((failed + 1))
        echo "FAIL $what: exit status $n; replay: $(replay_cmd "$i")" \
            "(or by hand in ${playground_of[${run_setting[$i]}]}, see docs/SOAK.md);" \
            "$work/logs/run-$i.err:"
        grep -av '^fuzzer: seed .* starting' "$work/logs/run-$i.err" | head -n 40 | sed 's/^/    /'
    fi
done
for pg in "${playground_of[@]}"; do
    if [ -s "$pg/paniclog" ]; then
        echo "FAIL: $pg/paniclog is not empty:"
        sed 's/^/    /' "$pg/paniclog"
        failed=$((failed + 1))
    fi
done
secs=$((t1 - t0))
echo "soak: $ok runs passed, $failed failed; $total turns in ${secs} s" \
    "($((total / (secs > 0 ? secs : 1))) turns/s)"
if [ "$failed" -ne 0 ]; then
    echo "soak: logs and playgrounds kept in $work" >&2
    exit 1
fi
[ "$keep" = 1 ] && echo "soak: logs kept in $work" >&2 || rm -rf "$work"
exit 0
