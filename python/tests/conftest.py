"""Helpers shared by the tests: random agents and games played to their end."""

import gymnasium as gym
import numpy as np
import pytest

def message(obs):
    return bytes(obs["message"]).rstrip(b"\0").decode("latin-1")


def quit_after(env, steps, actions_seed=0):
    """Plays random actions until NLE's own step limit quits the game (or
    the game ends), so that NetHack writes its xlogfile line; returns it."""
    env = env.unwrapped
    env._max_episode_steps = steps
    rng = np.random.default_rng(actions_seed)
    env.reset()
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(rng.integers(env.action_space.n)))
    records = env.xlog_records()
    assert len(records) == 1, records
    return records[0]


@pytest.fixture
def closing():
    """Environments made through this are closed after the test."""
    made = []

    def close_later(env):
        made.append(env)
        return env

    yield close_later
    for env in made:
        env.close()


@pytest.fixture
def recording(closing):
    """Makes NetHackFlankingScore-v0 with RULES recording every game (its
    ttyrec, the xlogfile) into SAVEDIR, as NLE lays a savedir out; closed
    after the test."""

    def make(savedir, rules):
        env = gym.make("NetHackFlankingScore-v0", rules=rules, save_ttyrec_every=1, savedir=str(savedir))
        return closing(env)

    return make
