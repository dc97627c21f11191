"""Steps per second of the variant inside NLE, against the wheel's vanilla.

    ./dev python bench/nle_steps.py [--steps N] [--rounds R] [--seeds 1,2,3]
                              [--benchmarks BENCHMARKS.md | --no-write]
                              [--note TEXT]

Side by side in one process: the wheel's own ``NetHackScore-v0``, the
variant's ``NetHackFlankingScore-v0`` at its defaults (``proposal``,
monsters that flank on) and at ``flanking=0`` (the same game as vanilla's,
so the hooks' cost alone).  Every setting plays the same seeds (core, disp,
lgen; a new game on the next seeds when one ends) and the same random
actions; the rounds go round the settings in turn, in a different order
each round, so that the machine's drift falls on all of them.  Only
``step()`` and ``reset()`` are timed.  The figure is the ratio of steps per
second, summed over the seeds, round by round; the median round is
reported.  Writes its section of BENCHMARKS.md (between its markers), or
only prints it with --no-write.  bench/run.sh runs it too.
"""

import argparse
import datetime
import os
import platform
import statistics
import sys
import time

import gymnasium as gym
import numpy as np

import benchdoc  # bench/benchdoc.py, beside this script
import nle
import nle_flanking  # noqa: F401  (registers the environments)

SETTINGS = [
    ("vanilla", "the wheel's `NetHackScore-v0`", None),
    ("proposal", "`NetHackFlankingScore-v0` (`proposal`, AI on)", {}),
    ("flanking0", "`NetHackFlankingScore-v0` (`flanking=0`)", {"flanking": 0}),
]
TARGET = 0.97


def make(settings):
    if settings is None:
        return gym.make("NetHackScore-v0", fix_moon_phase=True).unwrapped
    return gym.make("NetHackFlankingScore-v0", fix_moon_phase=True, **settings).unwrapped


def play(env, seed, steps):
    """(seconds, games) for `steps` random steps from `seed`."""
    env._max_episode_steps = steps + 1
    rng = np.random.default_rng(seed)
    n = env.action_space.n
    actions = rng.integers(n, size=steps)
    games = 0
    elapsed = 0.0
    t = time.perf_counter()
    env.seed(seed * 100, seed * 100 + 50, False, seed * 100 + 70)
    env.reset()
    for a in actions:
        _, _, done, _, _ = env.step(int(a))
        if done:
            games += 1
            env.seed(seed * 100 + games, seed * 100 + games + 50, False, seed * 100 + games + 70)
            env.reset()
    elapsed += time.perf_counter() - t
    return elapsed, games


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=20000, help="steps per seed [20000]")
    ap.add_argument("--rounds", type=int, default=5, help="rounds [5]")
    ap.add_argument("--seeds", default="1,2,3", help="seeds [1,2,3]")
    ap.add_argument("--benchmarks", default="BENCHMARKS.md")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--note", default="", help="what else the machine did meanwhile")
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]

    envs = {name: make(s) for name, _, s in SETTINGS}
    start = time.time()
    per_round = []  # {name: steps per second} per round
    games = {name: 0 for name, _, _ in SETTINGS}
    for r in range(args.rounds):
        order = SETTINGS[r % len(SETTINGS) :] + SETTINGS[: r % len(SETTINGS)]
        secs = {name: 0.0 for name, _, _ in SETTINGS}
        for seed in seeds:
            for name, _, _ in order:
                s, g = play(envs[name], seed, args.steps)
                secs[name] += s
                games[name] += g
        rates = {name: len(seeds) * args.steps / secs[name] for name in secs}
        per_round.append(rates)
        print(
            "round %d: %s"
            % (r + 1, ", ".join("%s %.0f steps/s" % (n, v) for n, v in rates.items())),
            file=sys.stderr,
        )
    for env in envs.values():
        env.close()

    def median(name):
        return statistics.median(r[name] for r in per_round)

    def ratio(name):
        return statistics.median(r[name] / r["vanilla"] for r in per_round)

    lines = [
        "Measured %s by `bench/nle_steps.py` (seeds %s; %s random steps a seed; %d rounds;"
        " %.0f s in all) on %d cores of \"%s\", Python %s, nle %s."
        % (
            datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            ", ".join(map(str, seeds)),
            format(args.steps, ","),
            args.rounds,
            time.time() - start,
            os.cpu_count(),
            benchdoc.cpu_name(),
            platform.python_version(),
            nle.__version__,
        )
        + (" %s" % args.note if args.note else ""),
        "",
        "| setting | steps per second (median round) | games ended | against vanilla (median round) |",
        "|---|---:|---:|---:|",
    ]
    for name, words, _ in SETTINGS:
        lines.append(
            "| %s | %s | %d | %s |"
            % (
                words,
                format(round(median(name)), ","),
                games[name],
                "1" if name == "vanilla" else "%.3f" % ratio(name),
            )
        )
    met = ratio("proposal") >= TARGET
    own = statistics.median(r["proposal"] / r["flanking0"] for r in per_round)
    lines += [
        "",
        "The variant at `flanking=0` plays vanilla's game step for step, so its"
        " ratio is the build's (Debian's GCC 12 at `-O3` against the wheel's"
        " build) and the hooks' together; flanking's own cost is `proposal`"
        " against `flanking=0`, the same build: %.3f (median round)." % own,
        "",
        "Target: the variant (`proposal`, AI on) at least %.2f times the wheel's steps per"
        " second: **%s** (%.3f)." % (TARGET, "met" if met else "missed", ratio("proposal")),
    ]
    text = "\n".join(lines)
    print(text)
    if args.no_write:
        return
    benchdoc.write_section(args.benchmarks, "bench/nle_steps.py", text)


if __name__ == "__main__":
    main()
