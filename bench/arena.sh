#!/bin/bash
# The arena: what flanking does to fights, measured in the real game. One
# command plays every scenario of arena/ under each setting of its
# `compare:` line and rewrites docs/BALANCE.md and its chart
# docs/balance-chart.svg.
#
#   bench/arena.sh [OPTIONS]   (from anywhere; assumes ./dev setup has run)
#
# It builds the game and the driver with cargo (target/release/nethack-flanking;
# target/release/arena, of the crate rust-flanking/arena), then runs
#   target/release/arena --check-replay OPTIONS arena/
# Every trial is one game process (`nethack-flanking --arena FILE
# --arena-seed=SEED`), two at a time, in playgrounds under target/arena/; the
# first trial of each scenario and setting is played twice and must print the
# same line. OPTIONS go to the driver (`target/release/arena --help`), e.g.
# `--trials 20` for a quick look (the report says so), `--jobs 4`, or
# `--no-write` to print the verdicts without touching docs/.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -p nethack-flanking -p flank-arena --bins
exec target/release/arena --check-replay "$@" arena/
