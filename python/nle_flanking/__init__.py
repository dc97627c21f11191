"""NetHack Flanking in the NetHack Learning Environment.

Importing this registers two Gymnasium environments:

- ``NetHackFlankingScore-v0``: NLE's ``NetHackScore-v0`` (seedable);
- ``NetHackFlankingChallenge-v0``: NLE's ``NetHackChallenge-v0``.

Both take the variant's four sysconf settings as keyword arguments, with the
values the game's sysconf takes::

    import gymnasium as gym
    import nle_flanking

    env = gym.make("NetHackFlankingScore-v0", flanking=100, rules="dnd",
                   ai=True, ranged=False)

A bad value raises ValueError naming the allowed values.  Each environment
keeps its settings in a sysconf of its own; NLE's own environments in the
same process stay vanilla.
"""

from gymnasium.envs import registration

from .envs import NetHackFlankingChallenge, NetHackFlankingScore
from .settings import Flanking, rule_sets

__all__ = [
    "Flanking",
    "NetHackFlankingChallenge",
    "NetHackFlankingScore",
    "rule_sets",
]

for _name in ("NetHackFlankingScore", "NetHackFlankingChallenge"):
    # As NLE registers its own: without Gymnasium's OrderEnforcing wrapper,
    # which would get in the way of env.seed().
    registration.register(
        id=_name + "-v0",
        entry_point="nle_flanking.envs:" + _name,
        order_enforce=False,
    )
