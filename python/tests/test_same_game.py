"""The NLE form of tests/same_game.rs: with FLANKING=0 the variant plays
vanilla NLE's own game; with flanking on, the game parts from it."""

import gymnasium as gym
import numpy as np
import pytest

import nle_flanking  # noqa: F401  (registers the environments)
from nle.nethack import BLSTATS_SHAPE, NLE_BL_CONDITION

from conftest import message

STEPS = 2500


def make(settings):
    kwargs = dict(fix_moon_phase=True)
    if settings is None:
        return gym.make("NetHackScore-v0", **kwargs)
    return gym.make("NetHackFlankingScore-v0", **settings, **kwargs)


def side_by_side(a, b, seed, steps=STEPS):
    """Plays the same seeds and the same random actions in a and b, a new
    game (the next seeds) whenever the game ends; yields each step's two
    observations, the first of each game too (step None)."""
    a, b = a.unwrapped, b.unwrapped
    for env in (a, b):
        env._max_episode_steps = steps + 1
    rng = np.random.default_rng(seed)
    game = 0

    def start():
        for env in (a, b):
            env.seed(seed * 100 + game, seed * 100 + game + 50, False, seed * 100 + game + 70)
        return a.reset()[0], b.reset()[0]

    yield (None, *start())
    for step in range(1, steps + 1):
        action = int(rng.integers(a.action_space.n))
        oa, _, done_a, _, _ = a.step(action)
        ob, _, done_b, _, _ = b.step(action)
        yield step, oa, ob
        if done_a or done_b:
            assert done_a and done_b, "one game ended at step %d, the other not" % step
            game += 1
            yield (None, *start())


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_flanking_0_plays_vanilla_nles_game(seed, closing):
    vanilla = closing(make(None))
    variant = closing(make(dict(flanking=0)))
    steps = games = 0
    for step, ov, of in side_by_side(vanilla, variant, seed):
        for key in ("glyphs", "blstats"):
            assert np.array_equal(ov[key], of[key]), "%s parts at step %s" % (key, step)
        if step is None:
            # the start too: at FLANKING=0 the NLE build's is vanilla's
            assert message(ov) == message(of), "the start's message parts"
            games += 1
        else:
            assert message(ov) == message(of), "the message parts at step %d" % step
            steps += 1
    assert steps == STEPS
    print("seed %d: %d steps, %d games, identical" % (seed, steps, games))


def first_parting(a, b, seed):
    """The first step at which the game itself parts: the map, the
    message, or a bottom-line number other than the conditions (the
    variant's Flanked condition, bit 0x2000, parts first and alone)."""
    others = np.ones(BLSTATS_SHAPE, dtype=bool)
    others[NLE_BL_CONDITION] = False
    for step, oa, ob in side_by_side(a, b, seed, steps=3000):
        if step is None:
            continue
        if (
            not np.array_equal(oa["glyphs"], ob["glyphs"])
            or message(oa) != message(ob)
            or not np.array_equal(oa["blstats"][others], ob["blstats"][others])
        ):
            return step
    return None


@pytest.mark.parametrize("seed", [4, 5])
def test_flanking_reaches_the_game(seed, closing):
    step = first_parting(closing(make(None)), closing(make(dict(rules="proposal"))), seed)
    assert step is not None, "proposal at 100% played vanilla's game for 3,000 steps"
    print("seed %d: proposal parts from vanilla at step %d" % (seed, step))


@pytest.mark.parametrize("seed", [4, 5])
def test_dnd_parts_from_proposal(seed, closing):
    step = first_parting(
        closing(make(dict(rules="proposal"))), closing(make(dict(rules="dnd"))), seed
    )
    assert step is not None, "dnd played proposal's game for 3,000 steps"
    print("seed %d: dnd parts from proposal at step %d" % (seed, step))
