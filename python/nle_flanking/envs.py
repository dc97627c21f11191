"""NLE's Score and Challenge tasks, played by NetHack Flanking.

Each environment is NLE's own task class (``nle.env.tasks``) with the
variant's game put in place before its first game starts:

- NLE copies the wheel's ``libnethack.so`` into a memory file of its own
  for each environment (``Nethack.dlpath``) and opens it only at the first
  ``reset()``; the variant's library is written over that copy.
- NLE links the wheel's ``nhdat`` into the environment's own directory
  (``Nethack._vardir``); the variant's takes its place (it adds the
  ``flanking`` help topic).
- The variant's build reads ``sysconf`` from that same directory, and the
  environment writes its own there: two environments in one process never
  share a setting.

No module global of NLE's is changed, so NLE's own environments made in the
same process stay vanilla.
"""

import os
import shutil
import warnings

import gymnasium as gym
import numpy as np
from nle import nethack
from nle.env import tasks

from . import seeding as _seeding
from . import settings as _settings

# The settings an environment plays when its arguments name none: the game's
# own (flank_defaults() in its library), through settings.Flanking's fields.
_DEFAULT = _settings.Flanking()


class _Flanking:
    """What both tasks add: the keyword arguments ``flanking`` (a percent,
    from 0 to the game's largest, ``settings.max_percent()``), ``rules`` (a
    rule set's name, as sysconf's ``FLANKING_RULES``), ``ai`` and ``ranged``
    (True or False), each one not given at its default (the fields of
    ``settings.Flanking``).  A bad value raises ValueError before anything
    is made.

    And Gymnasium's contract, which NLE 1.3.0 breaks: ``reset(seed=N)``
    plays the same game for the same N (``nle_flanking.seeding`` says how
    N becomes NetHack's seeds), ``reset(options={})`` works.  NLE's
    ``fix_moon_phase`` is True unless given, so that a seeded game is the
    same on any day."""

    # Whether reset(seed=N) seeds the game (the Challenge's are not seeded).
    _seeds_games = True

    def __init__(
        self,
        *args,
        flanking=_DEFAULT.flanking,
        rules=_DEFAULT.rules,
        ai=_DEFAULT.ai,
        ranged=_DEFAULT.ranged,
        **kwargs,
    ):
        # Checked first: a refused value leaves no directory behind.
        self.flanking = _settings.Flanking.checked(
            flanking=flanking, rules=rules, ai=ai, ranged=ranged
        )
        lib, nhdat = _settings.game_files()
        kwargs.setdefault("fix_moon_phase", True)
        # (seed, episode) of reset(seed=...)'s games; None: NLE's own seeding
        self._seed_episode = None
        self._warned_unseeded = False
        super().__init__(*args, **kwargs)
        try:
            _adopt(self.nethack, lib, nhdat, self.flanking.sysconf())
        except BaseException:
            self.close()
            raise

    def reset(self, seed=None, options=None):
        """NLE's reset, with Gymnasium's seed and options (see the class)."""
        seed = _seeding.checked_seed(seed)
        options = _seeding.checked_options(options)
        if seed is not None:
            # env.np_random, as every Gymnasium environment seeds it
            gym.Env.reset(self, seed=seed)
            self._seed_episode = (seed, 0)
            if not self._seeds_games and not self._warned_unseeded:
                self._warned_unseeded = True
                warnings.warn(
                    "%s does not seed its games (the NetHack Challenge's rule, "
                    "as NLE's NetHackChallenge-v0): seed=%d seeds env.np_random "
                    "alone" % (type(self).__name__, seed),
                    stacklevel=2,
                )
        elif self._seed_episode is not None:
            self._seed_episode = (self._seed_episode[0], self._seed_episode[1] + 1)
        if self._seed_episode is not None and self._seeds_games:
            core, disp, lgen = _seeding.game_seeds(*self._seed_episode)
            self.nethack.set_initial_seeds(core, disp, False, lgen)
        return super().reset(seed=None, options=options)

    def seed(self, *args, **kwargs):
        """NLE's env.seed(core, disp, reseed, lgen): seeds the next game
        (the Challenge refuses it, as NLE's does); resets after it play
        unseeded again, as in NLE, until a reset(seed=N)."""
        seeds = super().seed(*args, **kwargs)
        self._seed_episode = None
        return seeds

    def render(self):
        """NLE's render.  In mode "full", NLE 1.3.0's ``tty_render``
        computes ``colors & ~8`` on the ``uint8`` colours, which numpy 2
        refuses (OverflowError, in vanilla NLE too): it is handed an
        ``int16`` copy of them, the same values, and renders as NLE meant."""
        if self.render_mode != "full" or "colors" not in self._observation_keys:
            return super().render()
        saved = self.last_observation
        i = self._observation_keys.index("colors")
        self.last_observation = tuple(
            a.astype(np.int16) if k == i else a for k, a in enumerate(saved)
        )
        try:
            return super().render()
        finally:
            self.last_observation = saved

    @property
    def xlogfile(self):
        """The xlogfile this environment's games are written to."""
        if self.savedir:
            # NLE names it after the ttyrecs (NLE.__init__'s scoreprefix).
            first = self._ttyrec_pattern % 0
            suffix = "0.ttyrec%i.bz2" % nethack.TTYREC_VERSION
            return first.replace(suffix, "") + "xlogfile"
        return os.path.join(self.nethack._vardir, "xlogfile")

    def xlog_records(self):
        """The xlogfile's games, each a dict of its fields."""
        return read_xlogfile(self.xlogfile)


def read_xlogfile(path):
    """The games of the xlogfile at `path` (NLE's or the variant's), each
    a dict of its fields."""
    with open(path, encoding="latin-1") as f:
        return [
            dict(field.split("=", 1) for field in line.rstrip("\n").split("\t"))
            for line in f
            if line.strip()
        ]


def _adopt(nethack, lib, nhdat, sysconf):
    """Puts the variant's game into NLE's ``nethack`` before its first game."""
    if not nethack.dlpath.startswith("/proc/self/fd/"):
        raise RuntimeError(
            "nle_flanking runs on Linux, where NLE loads each environment's "
            "game from a memory file (its dlpath is %s)" % nethack.dlpath
        )
    # The same open file NLE made: truncated and filled with ours.
    shutil.copyfile(lib, nethack.dlpath)
    vardir = nethack._vardir
    link = os.path.join(vardir, "nhdat")
    os.remove(link)
    os.symlink(nhdat, link)
    with open(os.path.join(vardir, "sysconf"), "w") as f:
        f.write(sysconf)


class NetHackFlankingScore(_Flanking, tasks.NetHackScore):
    """NLE's ``NetHackScore-v0`` (seedable: ``env.seed(core, disp, reseed,
    lgen)``), played by NetHack Flanking."""


class NetHackFlankingChallenge(_Flanking, tasks.NetHackChallenge):
    """NLE's ``NetHackChallenge-v0`` (a random character; seeds refused:
    ``env.seed()`` raises NLE's RuntimeError, ``reset(seed=N)`` seeds
    ``env.np_random`` alone), played by NetHack Flanking."""

    _seeds_games = False
