"""NetHack Flanking in the NetHack Learning Environment.

Importing this registers two Gymnasium environments:

- ``NetHackFlankingScore-v0``: NLE's ``NetHackScore-v0``;
- ``NetHackFlankingChallenge-v0``: NLE's ``NetHackChallenge-v0`` (seeds
  refused, as NLE's: registered nondeterministic).

Both take the variant's four sysconf settings as keyword arguments, with the
values the game's sysconf takes::

    import gymnasium as gym
    import nle_flanking

    env = gym.make("NetHackFlankingScore-v0", flanking=150, rules="dnd",
                   ai=False, ranged=True)

A setting not given keeps the game's default (``nle_flanking.Flanking()``).

A bad value raises ValueError naming the allowed values.  Each environment
keeps its settings in a sysconf of its own; NLE's own environments in the
same process stay vanilla.

Both keep Gymnasium's contract where NLE 1.3.0 breaks it:
``reset(seed=N)`` plays the same game every time for the same N
(``nle_flanking.seeding`` says how N becomes NetHack's core, disp and
level-generator seeds; ``env.unwrapped.seed(core, disp, reseed, lgen)``
still works), ``reset(options={})`` and ``reset(options=None)`` work, and
``gymnasium.utils.env_checker.check_env(env.unwrapped)`` passes, its
render pass included.  A seed
is an integer from 0 to 2**64 - 1 (TypeError or ValueError otherwise).
"""

from . import settings as _settings

# Refused on a platform the game's library is not built for, by name.
_settings.check_platform()

from gymnasium.envs import registration  # noqa: E402

from .envs import NetHackFlankingChallenge, NetHackFlankingScore  # noqa: E402
from .settings import Flanking, rule_sets  # noqa: E402

__all__ = [
    "Flanking",
    "NetHackFlankingChallenge",
    "NetHackFlankingScore",
    "rule_sets",
]

for _name, _nondeterministic in (
    ("NetHackFlankingScore", False),
    # The Challenge's games are not seeded (its rule): Gymnasium's checker
    # reads this and does not ask two resets with one seed to be equal.
    ("NetHackFlankingChallenge", True),
):
    # As NLE registers its own: without Gymnasium's OrderEnforcing wrapper,
    # which would get in the way of env.seed().
    registration.register(
        id=_name + "-v0",
        entry_point="nle_flanking.envs:" + _name,
        order_enforce=False,
        nondeterministic=_nondeterministic,
    )
