"""Runs the study on Ray: every setting plays the same seeds, one game a
task, each finished game appended to the results file at once.

- Local by default (Ray starts on this machine and uses every core);
  ``--address`` joins a Ray cluster, whose nodes each have this
  repository at the same path, made by ``./dev setup``.
- Paired: game ``i`` of every setting plays the seeds ``seeds_of(i)``
  (core, disp and the level generator's), so the dungeons are the same.
  Games are handed out seed by seed, every setting of a seed together, so
  that a study stopped early holds whole pairs.
- Resumable: a game already in the results file is not played again
  (one of the setting's current identity: identity.py; a game played on
  an older game is kept and played again on this one).
- One writer: the driver holds the results file (results.lock) for the
  whole run; a second study or adopt on the same file is refused.
- A game whose worker dies (killed, out of memory, a crash of the
  process) is played again by Ray (``max_retries``); its record is
  written once, by this driver, when it arrives.  A game that still fails
  is named, not recorded, and played at the next run.
"""

import os
import signal
import socket
import subprocess
import sys
import time

import ray

from . import identity, results
from .settings import kwargs_of

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RETRIES = 3


def seeds_of(i):
    """Game i's seeds: NetHack's core and disp, and NLE's level generator."""
    return (i, 1_000_000 + i, 2_000_000 + i)


def _commit():
    try:
        head = subprocess.run(
            ["git", "-C", REPO, "rev-parse", "--short=12", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("-dirty" if dirty else "")


# A worker process plays at most MAX_CALLS games, then Ray starts a fresh
# one: whatever a game leaves behind in AutoAscend's or numba's memory does
# not pile up over a study of thousands.
MAX_CALLS = 10


@ray.remote(num_cpus=1, max_retries=RETRIES, max_calls=MAX_CALLS)
def _play(name, kwargs, seed, max_steps):
    import warnings

    import nle
    from importlib.metadata import version

    # AutoAscend's numpy arithmetic warns on every step of some games.
    warnings.simplefilter("ignore", RuntimeWarning)
    marker = os.environ.get("FLANKING_STUDY_KILL_FIRST_WORKER")
    if marker and not os.path.exists(marker):
        # The tests' way to kill a worker mid-game, once: Ray must play
        # the game again and the driver record it once.
        open(marker, "w").close()
        os._exit(9)
    node = ray.get_runtime_context().get_node_id()
    started = None
    if os.environ.get("FLANKING_STUDY_STARTED_DIR"):
        # The tests' way to see where a game is being played: a file per
        # game and node, once its first step is played; on the node
        # FLANKING_STUDY_HOLD_NODE names, the game then waits (60 s at
        # most), so that the test kills that node mid-game however fast
        # the game would have ended.
        def started():
            path = os.path.join(os.environ["FLANKING_STUDY_STARTED_DIR"], "%s.%d.%s" % (name, seed, node))
            open(path, "w").close()
            if os.environ.get("FLANKING_STUDY_HOLD_NODE") == node:
                time.sleep(60)

    from .player import CHARACTER, play_game

    # The game this worker plays on (its node's files; cached in target/).
    ident = identity.of(kwargs)
    record = play_game(kwargs, seeds_of(seed), max_steps, on_started=started)
    record.update(
        study=results.STUDY,
        identity=ident,
        node=node,
        setting=name,
        settings=kwargs,
        seed=seed,
        seeds=list(seeds_of(seed)),
        max_steps=max_steps,
        character=CHARACTER,
        host=socket.gethostname(),
        nle=nle.__version__,
        nethackers=version("nethackers"),
    )
    return record


def plan(names, seeds, records, path, identities):
    """The games still to play, how many of the planned are done, and how
    many of the file's games were played on an older game (another
    identity: kept, not counted as done).  ResultsError if the file's games
    were played under other settings, or have no identity (adopt says
    which game they were played on)."""
    kwargs = {n: kwargs_of(n) for n in names}
    done = set()
    older = 0
    unknown = [r for r in records if not r.get("identity")]
    if unknown:
        commits = sorted({str(r.get("commit")) for r in unknown})
        raise results.ResultsError(
            "%s:%d: %d games have no identity (played at %s): if they were played on "
            "the game as it is now, ./dev whole-games adopt --commit C stamps them"
            % (path, unknown[0]["_line"], len(unknown), ", ".join(commits))
        )
    for r in records:
        if r["setting"] in kwargs and r["settings"] != kwargs[r["setting"]]:
            raise results.ResultsError(
                "%s:%d: setting %s was played as %s, not %s"
                % (path, r["_line"], r["setting"], r["settings"], kwargs[r["setting"]])
            )
        if r["setting"] in identities and r["identity"] != identities[r["setting"]]:
            older += 1
            continue
        done.add((r["setting"], r["seed"]))
    todo = [(n, kwargs[n], s) for s in seeds for n in names if (n, s) not in done]
    planned = len(names) * len(seeds)
    return todo, planned - len(todo), planned, older


def identities_of(names, say=True):
    """{setting: its identity now} (identity.of: cached in target/)."""
    out = {}
    for n in names:
        out[n] = identity.of(kwargs_of(n))
        if say:
            print("identity of %s: %s" % (n, out[n]), file=sys.stderr)
    return out


def adopt(path, commits, say=print):
    """Stamps the file's games that were played at one of `commits`
    (prefixes of their `commit`) and have no identity, or the identity
    their setting's game has under the METHOD before today's
    (identity.before_bump: the same trace, a change it cannot see), with
    their setting's identity now: for games known to have been played on
    the game as it is now.  A game of any other identity (a rule set
    changed since) is left as it is.  Returns how many it stamped."""
    if not commits:
        raise ValueError("adopt needs --commit: the commits whose games play as now")
    with results.lock(path):
        records = results.read(path, repair=True)
        # A game of a dirty tree ("<commit>-dirty") may have played other
        # code than its commit's: adopted only when named so.
        named = [
            r for r in records
            if any(str(r.get("commit") or "").startswith(c)
                   and (c.endswith("-dirty") or not str(r.get("commit")).endswith("-dirty"))
                   for c in commits)
        ]
        for r in named:
            if r["settings"] != kwargs_of(r["setting"]):
                raise results.ResultsError(
                    "%s:%d: setting %s was played as %s, not as it is now (%s)"
                    % (path, r["_line"], r["setting"], r["settings"], kwargs_of(r["setting"]))
                )
        idents = identities_of(sorted({r["setting"] for r in named}), say=False)
        before = {n: identity.before_bump(kwargs_of(n)) for n in idents}
        chosen = [r for r in named if r.get("identity") in (None, before[r["setting"]])]
        names = sorted({r["setting"] for r in chosen})
        for r in chosen:
            r["identity"] = idents[r["setting"]]
            r["adopted"] = True
        if chosen:
            results.rewrite(path, records)
        left = [r for r in records if not r.get("identity")]
        other = sum(1 for r in named if r.get("identity") != idents[r["setting"]])
        say("adopt: stamped %d games played at %s with today's identities (%s); %s; %s"
            % (len(chosen), ", ".join(commits),
               ", ".join("%s %s" % (n, idents[n]) for n in names) or "none",
               "%d of their games are of another game (left as they are)" % other,
               "%d games without an identity left (played at %s)"
               % (len(left), ", ".join(sorted({str(r.get("commit")) for r in left})))
               if left else "every game of %s has an identity" % path))
        return len(chosen)


def run(names, seeds, path, address=None, cpus=None, max_steps=None, progress=True):
    """Plays what is left of the study; returns the number of games that
    failed (not recorded: the next run plays them)."""
    with results.lock(path):
        return _run(names, seeds, path, address, cpus, max_steps, progress)


def _run(names, seeds, path, address, cpus, max_steps, progress):
    records = results.read(path, repair=True)
    for r in records:
        if r["max_steps"] != max_steps:
            raise results.ResultsError(
                "%s:%d: a game capped at %s steps; this run caps at %s: use another file"
                % (path, r["_line"], r["max_steps"], max_steps)
            )
    # Before any game is handed out: what each setting's game is now.
    identities = identities_of(names)
    todo, done, planned, older = plan(names, seeds, records, path, identities)
    print(
        "whole games: %d settings x %d seeds = %d games; %d in %s already, %d to play%s"
        % (len(names), len(seeds), planned, done, path, len(todo),
           "; %d games there were played on an older game (another identity): kept, "
           "played again" % older if older else ""),
        file=sys.stderr,
    )
    if not todo:
        return 0
    commit = _commit()
    # Nothing sent out (usage statistics), nothing written into $HOME
    # (a local cluster's auth token): a study runs offline.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address is None:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    env_vars = {
        "NUMBA_CACHE_DIR": os.path.join(REPO, "target", "study", "numba"),
        "RAY_USAGE_STATS_ENABLED": "0",
    }
    for test_hook in ("FLANKING_STUDY_KILL_FIRST_WORKER", "FLANKING_STUDY_STARTED_DIR",
                      "FLANKING_STUDY_HOLD_NODE"):
        if test_hook in os.environ:
            env_vars[test_hook] = os.environ[test_hook]
    ray.init(
        address=address,
        num_cpus=None if address else cpus,
        include_dashboard=False,
        log_to_driver=False,
        logging_level="ERROR",
        runtime_env={"env_vars": env_vars},
    )
    failed = 0
    pending = {}
    # SIGTERM (a service manager, `kill`) stops the study as Ctrl-C does:
    # the games in flight are dropped and played at the next run.
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        width = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = iter(todo)

        def submit():
            for item in queue:
                name, kwargs, seed = item
                pending[_play.remote(name, kwargs, seed, max_steps)] = item
                return

        for _ in range(width):
            submit()
        bar = _Progress(planned, done, progress)
        while pending:
            # With a timeout, so that a signal to stop is heard at once.
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            if not ready:
                continue
            ref = ready[0]
            name, _, seed = pending.pop(ref)
            try:
                record = ray.get(ref)
            except Exception as e:  # a worker that died RETRIES times, or a bug
                failed += 1
                bar.say("%s seed %d failed, not recorded (the next run plays it): %s"
                        % (name, seed, str(e).splitlines()[-1] if str(e) else type(e).__name__))
            else:
                record["commit"] = commit
                results.append(path, record)
                bar.tick("%s seed %d: %s, %s" % (name, seed, record["end"], record["death"]))
                if record["identity"] != identities[name]:
                    bar.say("%s seed %d was played on another game (identity %s, not %s: "
                            "that node's build differs); recorded, played again at the next run"
                            % (name, seed, record["identity"], identities[name]))
            submit()
        bar.close()
    except KeyboardInterrupt:
        print(
            "\nwhole games: stopped; %d games in flight dropped (the next run plays them)"
            % len(pending),
            file=sys.stderr,
        )
        failed += len(pending)
    finally:
        signal.signal(signal.SIGTERM, previous)
        ray.shutdown()
    return failed


def _stop(signum, frame):
    raise KeyboardInterrupt


class _Progress:
    """Games done, games per hour and the time left, on one line."""

    def __init__(self, total, done, live):
        self.total, self.done, self.live = total, done, live
        self.start, self.this_run = time.time(), 0
        self._show()

    def _line(self):
        hours = (time.time() - self.start) / 3600
        rate = self.this_run / hours if hours > 0 and self.this_run else 0.0
        left = (self.total - self.done) / rate if rate else None
        return "%d/%d games, %.1f games/h, %s left" % (
            self.done, self.total, rate,
            "?" if left is None else "%dh%02dm" % (int(left), int(left * 60) % 60),
        )

    def _show(self):
        if self.live:
            sys.stderr.write("\r\033[K" + self._line())
            sys.stderr.flush()

    def say(self, text):
        if self.live:
            sys.stderr.write("\r\033[K")
        print(text, file=sys.stderr)
        self._show()

    def tick(self, text):
        self.done += 1
        self.this_run += 1
        self.say(text)
        if not self.live:
            print(self._line(), file=sys.stderr)

    def close(self):
        if self.live:
            sys.stderr.write("\n")
