"""AutoAscend's own speed on whole games, and the study's bound from it.

    ./dev python bench/whole_games.py [--seeds 1,2,3] [--settings vanilla,flanking0]
                                      [--study study/whole-games.jsonl]
                                      [--profile FILE] [--benchmarks BENCHMARKS.md | --no-write]
                                      [--note TEXT]

Plays whole games with AutoAscend (as the study plays them: the same
character, NLE arguments and options, ``python/flanking_study/game.py``)
one after another in this one process, seed by seed, each setting of a
seed in turn:

- ``vanilla``: NLE's own wheel, ``NetHackScore-v0``;
- ``flanking0``: the variant's ``NetHackFlankingScore-v0`` at ``flanking=0``
  (vanilla's game, the variant's build);
- ``proposal``: the variant at its defaults.

For each game it keeps the steps, the seconds of play (from the first
observation to the game's end), and of these the seconds inside NLE's
``step()``; the rest is AutoAscend's (its own play and the hand-over
between its thread and this one).  Importing AutoAscend is timed apart;
the process's first game also pays for numba's compilation (each game's
own figures show it).

The bound is what two cores could play if all they did was AutoAscend's
play on the wheel: 2 x 3,600 x (vanilla's steps per second over its
games) / (the mean steps of a game in the study's file, every end).
Writes its section of BENCHMARKS.md (between its markers), or only prints
it with --no-write.  ``--profile FILE`` plays instead one game (the first
seed, the first setting) under cProfile, saves the profile to FILE and
prints where its time went.
"""

import argparse
import cProfile
import datetime
import json
import os
import platform
import pstats
import statistics
import sys
import time
import warnings

import gymnasium as gym

import benchdoc  # bench/benchdoc.py, beside this script
import nle
import nle.nethack as nh
from flanking_study import game
from flanking_study.runner import seeds_of

# Importing AutoAscend (and numba, which it loads) is a worker's start-up.
_t = time.perf_counter()
from flanking_study.player import _Agent  # noqa: E402

IMPORT_SECONDS = time.perf_counter() - _t

SETTINGS = {
    "vanilla": "the wheel's `NetHackScore-v0`",
    "flanking0": "the variant at `flanking=0`",
    "proposal": "the variant at its defaults (`proposal`)",
}


def make(name):
    if name == "vanilla":
        env = gym.make("NetHackScore-v0", options=game.ARENA_OPTIONS, **game.NLE_KWARGS).unwrapped
        env._max_episode_steps = game.NLE_STEP_LIMIT
        return env
    return game.make_env({"flanking": 0} if name == "flanking0" else {})


def play(name, seed):
    """One whole game: {steps, play, nle, turns, ended}."""
    env = make(name)
    agent = None
    try:
        core, disp, lgen = seeds_of(seed)
        env.seed(core, disp, False, lgen)
        obs, _ = env.reset()
        agent = _Agent()
        steps, in_nle, turns = 0, 0.0, 0
        t1 = time.perf_counter()
        done = False
        while not done:
            action = agent.act(obs)
            if isinstance(action, tuple):
                break  # the agent failed: the game so far is timed all the same
            s = time.perf_counter()
            obs, _, done, _, _ = env.step(action)
            in_nle += time.perf_counter() - s
            steps += 1
            if not done:  # the last observation's bottom line is blank
                turns = int(obs["blstats"][nh.NLE_BL_TIME])
        return {
            "steps": steps,
            "play": time.perf_counter() - t1,
            "nle": in_nle,
            "turns": turns,
            "ended": "game-over" if done else action[0],
        }
    finally:
        if agent is not None:
            agent.close()
        env.close()


def study_steps(path):
    """The mean steps of the study's games (every end), and how many."""
    steps = []
    with open(path) as f:
        for line in f:
            if line.strip():
                steps.append(json.loads(line)["steps"])
    return statistics.mean(steps), len(steps)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1,2,3", help="the study's game numbers [1,2,3]")
    ap.add_argument("--settings", default="vanilla,flanking0", help="of %s [vanilla,flanking0]" % ",".join(SETTINGS))
    ap.add_argument("--study", default="study/whole-games.jsonl", help="the study's results, for a game's steps")
    ap.add_argument("--profile", metavar="FILE", help="profile one game instead, into FILE")
    ap.add_argument("--benchmarks", default="BENCHMARKS.md")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--note", default="", help="what else the machine did meanwhile")
    args = ap.parse_args()
    warnings.simplefilter("ignore", RuntimeWarning)  # as the study's workers
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        ap.error("--seeds: comma-separated game numbers, not %r" % args.seeds)
    names = args.settings.split(",")
    for n in names:
        if n not in SETTINGS:
            ap.error("--settings: %r is not one of %s" % (n, ", ".join(SETTINGS)))
    if args.profile:
        return profile_threads(names[0], seeds[0], args.profile)

    start = time.time()
    games = {n: [] for n in names}
    order_played = []
    for i, seed in enumerate(seeds):
        order = names[i % len(names):] + names[: i % len(names)]
        for n in order:
            g = play(n, seed)
            games[n].append(g)
            order_played.append((seed, n, g))
            print(
                "%s seed %d: %s, %d steps, %d turns, %.1f s of play (%.1f in NLE), %.0f steps/s"
                % (n, seed, g["ended"], g["steps"], g["turns"], g["play"], g["nle"],
                   g["steps"] / g["play"]),
                file=sys.stderr,
            )
    mean_steps, n_study = study_steps(args.study)

    def rate(n):
        return sum(g["steps"] for g in games[n]) / sum(g["play"] for g in games[n])

    lines = [
        "Measured %s by `bench/whole_games.py` (AutoAscend, the study's character and"
        " options; game numbers %s; %.0f s in all) on %d cores of \"%s\", Python %s,"
        " nle %s, one game at a time in one process.%s"
        % (
            datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            ", ".join(map(str, seeds)),
            time.time() - start,
            os.cpu_count(),
            benchdoc.cpu_name(),
            platform.python_version(),
            nle.__version__,
            " " + args.note if args.note else "",
        ),
        "",
        "| setting | games | steps | steps per second | of the time: in NLE's `step()` | in AutoAscend |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for n in names:
        gs = games[n]
        steps = sum(g["steps"] for g in gs)
        play_s = sum(g["play"] for g in gs)
        nle_s = sum(g["nle"] for g in gs)
        lines.append(
            "| %s | %d | %s | %s | %.0f%% | %.0f%% |"
            % (SETTINGS[n], len(gs), format(steps, ","), format(round(rate(n)), ","),
               100 * nle_s / play_s, 100 * (play_s - nle_s) / play_s)
        )
    lines += [
        "",
        "Game by game, in the order played (the process's first game also loads numba's"
        " compiled kernels, or compiles them, about 12 s, when no cache holds them; importing"
        " AutoAscend took %.1f s before it):" % IMPORT_SECONDS,
        "",
        "| game | setting | end | steps | game turns | seconds | steps per second |",
        "|---:|---|---|---:|---:|---:|---:|",
    ]
    for seed, n, g in order_played:
        lines.append(
            "| %d | %s | %s | %s | %s | %.1f | %s |"
            % (seed, n, g["ended"], format(g["steps"], ","), format(g["turns"], ","),
               g["play"], format(round(g["steps"] / g["play"]), ","))
        )
    if "vanilla" in names:
        bound = 2 * 3600 * rate("vanilla") / mean_steps
        lines += [
            "",
            "The bound: 2 cores x %s steps per second (AutoAscend on the wheel) / %s steps"
            " (the mean game of the study's %d, every end) = **%.0f games an hour**."
            % (format(round(rate("vanilla")), ","), format(round(mean_steps), ","), n_study, bound),
        ]
    text = "\n".join(lines)
    print(text)
    if args.no_write:
        return
    benchdoc.write_section(args.benchmarks, "bench/whole_games.py", text)


def profile_threads(name, seed, path, top=35):
    """One game under cProfile, in both threads: the driver's (NLE) and
    AutoAscend's (its play), each profile saved (FILE.driver, FILE.agent)
    and the agent's printed by its own time."""
    import threading

    agent_prof = cProfile.Profile()
    run = _Agent._run

    def profiled_run(self):
        agent_prof.enable()
        try:
            run(self)
        finally:
            agent_prof.disable()

    _Agent._run = profiled_run
    threading.setprofile(None)
    driver = cProfile.Profile()
    driver.enable()
    result = play(name, seed)
    driver.disable()
    _Agent._run = run
    driver.dump_stats(path + ".driver")
    agent_prof.dump_stats(path + ".agent")
    print("%s, game %d: %s" % (name, seed, result))
    print("== AutoAscend's thread, by own time")
    pstats.Stats(path + ".agent").sort_stats("tottime").print_stats(top)
    print("== AutoAscend's thread, by cumulative time")
    pstats.Stats(path + ".agent").sort_stats("cumulative").print_stats(top)
    print("== the driver's thread, by own time")
    pstats.Stats(path + ".driver").sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
