"""Environments with different settings, alive at once in one process,
each play and record their own; NLE's own environment stays vanilla."""

import os

import gymnasium as gym
import numpy as np
from nle.nethack import nethack

import nle_flanking  # noqa: F401  (registers the environments)
from conftest import message

WHEEL_DLPATH = nethack.DLPATH


def test_two_settings_at_once_and_vanilla_beside_them(closing):
    a = closing(gym.make("NetHackFlankingScore-v0", flanking=50, rules="dnd", ai=False))
    vanilla = closing(gym.make("NetHackScore-v0"))
    b = closing(gym.make("NetHackFlankingScore-v0", rules="silq", ranged=True))
    envs = [a.unwrapped, vanilla.unwrapped, b.unwrapped]
    assert nethack.DLPATH == WHEEL_DLPATH
    assert len({env.nethack._vardir for env in envs}) == 3

    starts = []
    for env in envs:
        env._max_episode_steps = 250
        env.seed(11, 12, False, 13)
        obs, _ = env.reset()
        starts.append(message(obs))
    # interleaved, step by step, all three alive
    rng = np.random.default_rng(3)
    done = [False] * 3
    while not all(done):
        action = int(rng.integers(envs[0].action_space.n))
        for i, env in enumerate(envs):
            if not done[i]:
                done[i] = env.step(action)[2]

    # the start is vanilla NLE's at every setting (the moon's phase from
    # the seed); the xlogfile names the settings
    welcome = "Hello Agent, welcome to NetHack!  You are a neutral male human Monk."
    assert starts[0] == starts[2] == welcome
    (ra,) = a.unwrapped.xlog_records()
    (rb,) = b.unwrapped.xlog_records()
    assert ra["flankcode"] == "nf-dnd-50-a0-r0"
    assert rb["flankcode"] == "nf-silq-100-a1-r1"

    # NLE's own: the wheel's game, its own xlogfile without a flanking field
    assert starts[1].startswith("Hello Agent, welcome to NetHack!")
    with open(os.path.join(vanilla.unwrapped.nethack._vardir, "xlogfile")) as f:
        (line,) = f.read().splitlines()
    assert "\tdeath=quit\t" in line
    assert "flank" not in line
    assert not os.path.exists(os.path.join(vanilla.unwrapped.nethack._vardir, "sysconf"))
