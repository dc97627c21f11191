"""The variant's observations are vanilla NLE's: the same keys, shapes and
dtypes (and bounds) as NLE's environment of the same task, so that a
wrapper written for NLE works unchanged."""

import gymnasium as gym
import pytest

import nle_flanking  # noqa: F401  (registers the environments)

PAIRS = [
    ("NetHackFlankingScore-v0", "NetHackScore-v0", {}),
    ("NetHackFlankingChallenge-v0", "NetHackChallenge-v0", {}),
    # NLE's own argument, passed through
    ("NetHackFlankingScore-v0", "NetHackScore-v0", {"observation_keys": ("glyphs", "misc", "screen_descriptions")}),
]


def described(space):
    return {key: (sub.shape, sub.dtype, sub.low.tolist(), sub.high.tolist()) for key, sub in space.spaces.items()}


@pytest.mark.parametrize("ours, nles, kwargs", PAIRS)
def test_the_same_observation_space_as_nles(ours, nles, kwargs, closing):
    variant = closing(gym.make(ours, rules="dnd", **kwargs))
    vanilla = closing(gym.make(nles, **kwargs))
    assert list(variant.observation_space.spaces) == list(vanilla.observation_space.spaces)
    assert described(variant.observation_space) == described(vanilla.observation_space)
    assert variant.action_space == vanilla.action_space
    # and what a game returns is of that space, key for key
    obs_v, _ = variant.reset()
    obs_n, _ = vanilla.reset()
    assert list(obs_v) == list(obs_n)
    for key in obs_n:
        assert (obs_v[key].shape, obs_v[key].dtype) == (obs_n[key].shape, obs_n[key].dtype), key
    assert obs_v in vanilla.observation_space
