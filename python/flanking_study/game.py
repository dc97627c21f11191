"""The game the study plays, as NLE makes it: the character, NLE's
arguments and the options.  Apart from player.py (which loads AutoAscend)
so that the driver and identity.py can make the same game without it."""

import gymnasium as gym
import nle.nethack as nh
from nethackers.arena.environment import PUBLIC_OBSERVATION_KEYS, disable_autopickup

import nle_flanking  # noqa: F401  (registers the environments)

# The character: a neutral human female Valkyrie, AutoAscend's best role.
CHARACTER = "val-hum-neu-fem"
# NLE's arguments for AutoAscend's game, the variant's and vanilla's alike.
NLE_KWARGS = dict(
    character=CHARACTER,
    actions=nh.ACTIONS,
    allow_all_yn_questions=True,
    allow_all_modes=True,
    observation_keys=PUBLIC_OBSERVATION_KEYS,
    fix_moon_phase=True,
)
# nethackers' arena options (autopickup off); for the variant, flanklook
# off too: AutoAscend reads farlook's words and asserts on any it does not
# know.
ARENA_OPTIONS = disable_autopickup(tuple(nh.NETHACKOPTIONS))
OPTIONS = ARENA_OPTIONS + ("!flanklook",)
# NLE's own step limit, set so high that no game is cut by it.
NLE_STEP_LIMIT = 10**9


def make_env(settings, **nle_kwargs):
    """NetHackFlankingScore-v0 set up as AutoAscend wants it; `nle_kwargs`
    replaces NLE's arguments that do not change the game (the
    observation's keys)."""
    env = gym.make(
        "NetHackFlankingScore-v0", options=OPTIONS, **{**NLE_KWARGS, **nle_kwargs}, **settings
    ).unwrapped
    env._max_episode_steps = NLE_STEP_LIMIT
    return env
