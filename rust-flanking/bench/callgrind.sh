#!/bin/sh
# Instructions and time per flank_score call.
#
# Builds examples/bench_score.rs in release mode, runs it under
# `valgrind --tool=callgrind` with two call counts N1 < N2 and reports
#   (Ir(N2) - Ir(N1)) / (N2 - N1)   instructions per loop iteration
# (one flank_score call plus the benchmark loop around it), the Ir that
# callgrind attributes to flank_score itself divided by its calls, and the
# nanoseconds per call of a plain timed run.
#
# Usage: rust-flanking/bench/callgrind.sh [N1 [N2]]   (from anywhere)
set -eu
N1=${1:-100000}
N2=${2:-1100000}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
cargo build --quiet --release -p rust-flanking --example bench_score
target=$(cargo metadata --format-version 1 --no-deps | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
bin="$target/release/examples/bench_score"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

total_ir() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$bin" "$1" >/dev/null 2>"$tmp/log.$1"
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$tmp/cg.$1"
}
ir1=$(total_ir "$N1")
ir2=$(total_ir "$N2")
per_iter=$(awk -v a="$ir1" -v b="$ir2" -v n1="$N1" -v n2="$N2" 'BEGIN { printf "%.2f", (b - a) / (n2 - n1) }')
# Ir inside flank_score (inclusive) per call, from the larger run.
fn_ir=$(callgrind_annotate --inclusive=yes "$tmp/cg.$N2" 2>/dev/null | awk '/flank_score/ { gsub(",", "", $1); print $1; exit }')
per_call=$(awk -v f="${fn_ir:-0}" -v n="$N2" 'BEGIN { printf "%.2f", f / n }')
echo "Ir(N1=$N1) = $ir1"
echo "Ir(N2=$N2) = $ir2"
echo "instructions per iteration (call + loop): $per_iter"
echo "instructions inside flank_score per call:  $per_call"
"$bin" 20000000 --time
