"""./dev whole-games: AutoAscend plays whole games under each flanking
setting, on Ray.

    ./dev whole-games [run] [--settings A,B,...] [--seeds N] [--first-seed S]
                      [--results FILE] [--address ADDR] [--cpus N]
                      [--max-steps N] [--no-progress]
    ./dev whole-games report [--results FILE] [--out FILE]
    ./dev whole-games settings
    ./dev whole-games adopt --commit C[,C...] [--results FILE]

run (the default): plays every setting on seeds S..S+N-1 (default 1..700),
skipping the games the results file holds, appending each finished game
to it (default study/whole-games.jsonl); --address joins a Ray cluster
(default: Ray on this machine, every core, or --cpus); --max-steps caps
each game (a smoke run: its own results file).  report: writes the
figures (default docs/WHOLE-GAMES.md) and its charts beside it, of the
games of each setting's current identity.  settings: the default
settings, what each sets and its identity.  adopt: stamps the games
played at the commits named that have no identity, or an older one, with
each setting's identity now (for games known to have been played on the
game as it is now), and says what it did.
"""

import argparse
import os
import sys

from . import intervals, report, results, runner
from .settings import DEFAULT, kwargs_of

RESULTS = os.path.join(runner.REPO, "study", "whole-games.jsonl")
REPORT = os.path.join(runner.REPO, "docs", "WHOLE-GAMES.md")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev whole-games", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", nargs="?", default="run", choices=("run", "report", "settings", "adopt"))
    ap.add_argument("--settings", default=",".join(DEFAULT))
    ap.add_argument("--seeds", type=int, default=700)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--results", default=RESULTS)
    ap.add_argument("--out", default=REPORT)
    ap.add_argument("--address", default=None)
    ap.add_argument("--cpus", type=int, default=None)
    ap.add_argument("--max-steps", type=int, default=None)
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--commit", action="append", default=[],
                    help="adopt: a commit (a prefix of the records' commit); repeatable or C1,C2")
    args = ap.parse_args(argv)
    if args.commit and args.command != "adopt":
        ap.error("--commit is for adopt only, not %s" % args.command)
    names = [n for n in args.settings.split(",") if n]
    try:
        for n in names:
            kwargs_of(n)
        if args.command == "settings":
            idents = runner.identities_of(names, say=False)
            for n in names:
                print("%-14s %s  identity %s" % (n, kwargs_of(n), idents[n]))
            return 0
        if args.command == "adopt":
            commits = [c for arg in args.commit for c in arg.split(",") if c]
            runner.adopt(args.results, commits)
            return 0
        if args.command == "report":
            records = results.read(args.results)
            present = [n for n in names] + sorted({r["setting"] for r in records} - set(names))
            idents = runner.identities_of(present, say=False)
            written = report.write(
                records, os.path.relpath(args.results, runner.REPO), args.out, names, idents)
            for path in written:
                print("wrote %s" % path, file=sys.stderr)
            return 0
        if args.seeds < 1 or args.first_seed < 0:
            ap.error("--seeds must be at least 1 and --first-seed at least 0")
        seeds = range(args.first_seed, args.first_seed + args.seeds)
        failed = runner.run(
            names, seeds, args.results, args.address, args.cpus, args.max_steps,
            progress=not args.no_progress and sys.stderr.isatty(),
        )
        return 1 if failed else 0
    except (ValueError, results.ResultsError, intervals.IntervalsError) as e:
        print("whole-games: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
