"""Gymnasium's ``reset(seed=N)`` and ``reset(options=...)``, applied to the game.

NLE 1.3.0 accepts ``reset(seed=N)`` and hands N to Gymnasium's own
generator (``env.np_random``) alone: the game is not seeded, and two resets
with the same N play two different games.  It also reads
``options["wizkit_items"]`` with no default, so Gymnasium's own
``reset(options={})`` raises ``KeyError``.  The variant's environments do
both as Gymnasium says.

How a seed becomes a game
-------------------------

``reset(seed=N)`` starts episode 0 of seed N; each later ``reset()``
without a seed starts the next episode (1, 2, ...) of the same N, so a
whole sequence of games is reproducible from N alone.  Episode k of seed
N is played with NetHack's three seeds::

    digest = sha256(b"nle_flanking %d %d" % (N, k)).digest()
    core = int.from_bytes(digest[0:8], "big") >> 1
    disp = int.from_bytes(digest[8:16], "big") >> 1
    lgen = int.from_bytes(digest[16:24], "big") >> 1

(63-bit numbers, as NLE's own ``env.seed()`` draws), with NetHack's
reseeding off (``reseed=False``): that is ``env.seed(core, disp, False,
lgen)`` before the reset.  The moon's phase and the time of day come from
the seed too (the environments' ``fix_moon_phase`` is True unless given),
so the same N plays the same game on any day.  ``env.np_random`` is
seeded with N as well, as in every Gymnasium environment.

A seed is an integer from 0 to ``MAX_SEED`` (2**64 - 1, NetHack's
unsigned long); anything else raises TypeError (not an integer) or
ValueError (out of range) saying so.  ``env.seed(core, disp, reseed,
lgen)``, NLE's own way, keeps working: it seeds the next game, and the
resets after it play unseeded again, as in NLE.

The Challenge
-------------

NLE's ``NetHackChallenge-v0`` refuses seeds (``env.seed()`` raises
``RuntimeError: NetHackChallenge doesn't allow seed changes``); so does the
variant's.  ``reset(seed=N)`` there seeds ``env.np_random`` alone and warns
once that the game is not seeded, and the environment is registered as
nondeterministic (``env.spec.nondeterministic``), which is what Gymnasium's
checker reads.
"""

import collections.abc
import hashlib
import operator

MAX_SEED = 2**64 - 1

# The keys NLE's Nethack.reset() reads from `options`.
OPTION_KEYS = ("wizkit_items",)


def checked_seed(seed):
    """seed as an int, None if None; TypeError or ValueError if it is not
    an integer from 0 to MAX_SEED."""
    if seed is None:
        return None
    if isinstance(seed, bool):
        raise TypeError("seed=%r: a seed is an integer from 0 to 2**64 - 1, or None" % (seed,))
    try:
        n = operator.index(seed)
    except TypeError:
        raise TypeError(
            "seed=%r: a seed is an integer from 0 to 2**64 - 1, or None (not a %s)"
            % (seed, type(seed).__name__)
        ) from None
    if not 0 <= n <= MAX_SEED:
        raise ValueError("seed=%r: a seed is an integer from 0 to 2**64 - 1, or None" % (n,))
    return n


def game_seeds(seed, episode):
    """NetHack's (core, disp, lgen) for episode `episode` of seed `seed`."""
    digest = hashlib.sha256(b"nle_flanking %d %d" % (seed, episode)).digest()
    return tuple(int.from_bytes(digest[i : i + 8], "big") >> 1 for i in (0, 8, 16))


def checked_options(options):
    """reset()'s options as NLE's Nethack.reset() reads them: None, or a
    mapping whose keys are among OPTION_KEYS (each missing one None)."""
    if options is None:
        return None
    if not isinstance(options, collections.abc.Mapping):
        raise TypeError(
            "options=%r: reset()'s options are None or a dict with the keys %s"
            % (options, ", ".join(OPTION_KEYS))
        )
    unknown = sorted(str(k) for k in options if k not in OPTION_KEYS)
    if unknown:
        raise ValueError(
            "options: unknown key %s: allowed keys are %s"
            % (", ".join(map(repr, unknown)), ", ".join(OPTION_KEYS))
        )
    return {key: options.get(key) for key in OPTION_KEYS}
