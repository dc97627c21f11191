"""One whole game of NetHack Flanking, played by AutoAscend.

AutoAscend (the winner of the NeurIPS 2021 NetHack Challenge) comes from
PyPI's ``nethackers[autoascend]``: its ``roots/autoascend/`` holds the agent
and nethackers' adapter, which runs the agent in a thread of its own and
trades one action for one observation.  ``play_game()`` drives that
adapter against ``NetHackFlankingScore-v0`` itself, so that it can tell an
agent that failed from a game that ended:

- the agent's thread raised: the game is quit at once and recorded as
  ``agent-error`` (nethackers' driver would wait 118 s for an action that
  cannot come, then press Escape forever);
- the agent gave no action for ``HANG_SECONDS``: ``agent-hung``;
- no game turn for ``NO_PROGRESS_STEPS`` steps: ``no-progress`` (the
  Challenge's rule; the Score task has none);
- ``max_steps`` reached (only when asked, for smoke runs): ``step-cap``;
- else the game ended by itself: ``game-over`` (a death, an ascension, an
  escape from the dungeon).

The record is built from the game's own xlogfile line, which names the
flanking settings and counts the flanked blows, and names the files of
its own the game refused to read back (``refused``: none, unless the
game's restore checks refuse what it wrote, which changes the game).
"""

import os
import queue
import sys
import threading
import time
import traceback

import nethackers

# AutoAscend's modules sit in nethackers' roots/autoascend/, not in a
# package of their own.
_ROOT = os.path.join(os.path.dirname(nethackers.__file__), "roots", "autoascend")
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

import arena_adapter  # noqa: E402  (nethackers' adapter)
import nle.nethack as nh  # noqa: E402
from autoascend import agent as autoascend_agent  # noqa: E402

from . import game  # noqa: E402
from .game import ARENA_OPTIONS, CHARACTER, NLE_KWARGS, NLE_STEP_LIMIT, OPTIONS  # noqa: E402, F401

HANG_SECONDS = 120.0
NO_PROGRESS_STEPS = 10_000
POLL_SECONDS = 0.05
ESC = 27
# What an agent-error keeps of AutoAscend's traceback: the innermost
# frames (where it failed: its assertion's own line) and the exception's
# line, the last characters of them.
ERROR_FRAMES = 25
ERROR_CHARS = 4000

# NetHack 3.6's dungeon numbers (dungeon.def's order), for deathdnum.
BRANCHES = {
    0: "The Dungeons of Doom",
    1: "Gehennom",
    2: "The Gnomish Mines",
    3: "The Quest",
    4: "Sokoban",
    5: "Fort Ludios",
    6: "Vlad's Tower",
    7: "The Elemental Planes",
}


def make_env(settings):
    """NetHackFlankingScore-v0 set up as AutoAscend wants it."""
    return game.make_env(settings)


def format_error():
    """The exception being handled, as an agent-error keeps it: its
    innermost ERROR_FRAMES frames and its own line, cut to the last
    ERROR_CHARS characters (the outermost frames are AutoAscend's main
    loop, the same in every failure)."""
    return traceback.format_exc(limit=-ERROR_FRAMES)[-ERROR_CHARS:]


class _Agent:
    """AutoAscend in its thread, behind nethackers' adapter."""

    def __init__(self):
        self.adapter = arena_adapter.ArenaEnvAdapter()
        self.agent = autoascend_agent.Agent(self.adapter, panic_on_errors=False)
        self.error = None
        self.thread = threading.Thread(target=self._run, name="autoascend", daemon=True)
        self.thread.start()
        self.first = True

    def _run(self):
        try:
            self.agent.main()
        except autoascend_agent.AgentFinished:
            pass
        except BaseException:  # the agent's own failure, recorded
            self.error = format_error()

    def act(self, observation):
        """The agent's next action, or ("agent-error" | "agent-hung", why)."""
        if not self.first and not self.adapter.provide_observation(observation):
            return "agent-error", self.error or "the agent took no observation"
        self.first = False
        waited = 0.0
        while True:
            try:
                return self.adapter.next_action_index(timeout=POLL_SECONDS)
            except queue.Empty:
                if not self.thread.is_alive():
                    return "agent-error", self.error or "the agent's thread ended"
                waited += POLL_SECONDS
                if waited >= HANG_SECONDS:
                    return "agent-hung", "no action for %.0f s" % HANG_SECONDS

    def close(self):
        self.adapter.close()


def _quit(env):
    """Ends the game where it stands, so that NetHack writes its xlogfile
    line: Escape out of any menu, prompt or --More-- (NLE's own
    _quit_game() cannot leave a menu), #quit, then Escape through the
    end's screens."""
    done = False
    for key in [ESC] * 20 + [0x80 | ord("q"), ord("y")] + [ESC] * 200:
        _, done = env.nethack.step(key)
        if done:
            return
    raise RuntimeError("the game would not end by #quit")


def refused_files(vardir):
    """The names of the files under `vardir` (the game's own directory)
    that the game refused to read back and kept as FILE.refused, sorted."""
    return sorted(
        os.path.relpath(os.path.join(d, f), vardir)
        for d, _, files in os.walk(vardir)
        for f in files
        if f.endswith(".refused")
    )


def _int(record, key):
    value = record.get(key)
    return int(value) if value is not None and value.lstrip("-").isdigit() else None


def play_game(settings, seeds, max_steps=None, on_started=None):
    """Plays one whole game under `settings` (nle_flanking's keyword
    arguments) from `seeds` (core, disp, lgen); returns its record.
    `on_started()`, if given, is called once the first step is played."""
    started = time.time()
    env = make_env(settings)
    agent = None
    try:
        core, disp, lgen = seeds
        env.seed(core, disp, False, lgen)
        obs, _ = env.reset()
        agent = _Agent()
        steps = 0
        end, why = None, None
        turn, still = None, 0
        done = False
        while not done:
            action = agent.act(obs)
            if isinstance(action, tuple):
                end, why = action
                break
            obs, _, done, _, _ = env.step(action)
            steps += 1
            if steps == 1 and on_started is not None:
                on_started()
            t = int(obs["blstats"][nh.NLE_BL_TIME])
            still = still + 1 if t == turn else 0
            turn = t
            if done:
                break
            if still >= NO_PROGRESS_STEPS:
                end, why = "no-progress", "no turn for %d steps" % NO_PROGRESS_STEPS
                break
            if max_steps is not None and steps >= max_steps:
                end, why = "step-cap", "%d steps" % max_steps
                break
        if not done:
            _quit(env)
        records = env.xlog_records()
        if len(records) > 1:
            raise RuntimeError("one game wrote %d xlogfile lines" % len(records))
        # No line only if NLE's quit failed (it warns): the bottom line's
        # figures then, and no flanking counts.
        x = records[0] if records else {}
        blstats = obs["blstats"]
        return {
            "end": end or "game-over",
            "why": why,
            "xlog": bool(records),
            "death": x.get("death"),
            "score": _int(x, "points") if x else int(blstats[nh.NLE_BL_SCORE]),
            "turns": _int(x, "turns") if x else int(blstats[nh.NLE_BL_TIME]),
            "maxlvl": _int(x, "maxlvl"),
            "deathlev": _int(x, "deathlev"),
            "branch": BRANCHES.get(_int(x, "deathdnum"), x.get("deathdnum")),
            "role": "-".join(x.get(k, "?") for k in ("role", "race", "gender", "align")),
            "flankcode": x.get("flankcode"),
            "flanktaken": _int(x, "flanktaken"),
            "flankdealt": _int(x, "flankdealt"),
            "flankkill": _int(x, "flankkill"),
            "steps": steps,
            "seconds": round(time.time() - started, 1),
            # what `why` keeps of an agent-error's traceback: the innermost
            # frames (a record without this key kept the outermost)
            "why_frames": -ERROR_FRAMES if end == "agent-error" else None,
            # files of its own the game refused to read back (a fault of
            # the game: a level made anew is another game)
            "refused": refused_files(env.nethack._vardir),
        }
    finally:
        if agent is not None:
            agent.close()
        env.close()
