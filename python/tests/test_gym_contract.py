"""Gymnasium's contract on every id, where NLE 1.3.0 breaks it: the
checker passes, reset(seed=N) plays the same game for the same N and
another for another N, reset(options={}) works; NLE's env.seed() and the
Challenge's refusal stay as NLE has them; a bad seed says what a seed is."""

import re

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from nle.env import tasks

import nle_flanking  # noqa: F401  (registers the environments)
from nle_flanking import seeding

IDS = ["NetHackFlankingScore-v0", "NetHackFlankingChallenge-v0"]
ACTIONS = 200


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasiums_checker_passes(env_id, closing):
    env = closing(gym.make(env_id, rules="dnd"))
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasiums_checker_passes_with_its_render_pass_too(env_id, closing, capsys):
    # every render mode (NLE's "full" raises OverflowError under numpy 2)
    env = closing(gym.make(env_id))
    check_env(env.unwrapped)
    # Each mode rendered a game: the tty modes its screen (the bottom line
    # of a game on its first level), "full" its message as bytes.  Which
    # message a game starts with is the game's (the Challenge's character
    # is drawn at random: its greeting, its first messages).
    out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)
    assert "Dlvl:1 " in out
    assert any(line.startswith("b'") for line in out.splitlines())


def test_full_render_works_and_leaves_the_observation_as_it_was(closing):
    env = closing(gym.make("NetHackFlankingScore-v0", render_mode="full")).unwrapped
    env.reset(seed=1)
    colors = env.last_observation[env._observation_keys.index("colors")]
    assert colors.dtype == np.uint8
    env.render()
    assert env.last_observation[env._observation_keys.index("colors")] is colors


def test_vanilla_nle_fails_the_checker_where_the_variant_passes(closing):
    # What the variant mends: NLE 1.3.0's reset(options={}) reads
    # options["wizkit_items"] with no default.
    env = closing(gym.make("NetHackScore-v0"))
    with pytest.raises(KeyError, match="wizkit_items"):
        env.unwrapped.reset(options={})


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("options", [{}, None, {"wizkit_items": None}])
def test_reset_takes_gymnasiums_options(env_id, options, closing):
    env = closing(gym.make(env_id))
    obs, info = env.reset(options=options)
    assert obs in env.observation_space
    assert info["end_status"] == 0


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"wizkit": ["wand of wishing"]}, ValueError, "unknown key 'wizkit': allowed keys are wizkit_items"),
        ("wizkit_items", TypeError, "None or a dict with the keys wizkit_items"),
    ],
)
def test_bad_options_name_the_allowed_ones(options, error, words, closing):
    env = closing(gym.make("NetHackFlankingScore-v0"))
    with pytest.raises(error, match=words):
        env.reset(options=options)


def play(env, seed, actions):
    """The observations of reset(seed=seed) (seed None: reset()) and then
    `actions`, until the game ends (copies: NLE reuses its arrays)."""
    obs, _ = env.reset() if seed is None else env.reset(seed=seed)
    seen = [{k: v.copy() for k, v in obs.items()}]
    for action in actions:
        obs, _, done, _, _ = env.step(int(action))
        seen.append({k: v.copy() for k, v in obs.items()})
        if done:
            break
    return seen


def same(a, b):
    return len(a) == len(b) and all(
        x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x) for x, y in zip(a, b)
    )


def test_reset_seed_plays_the_same_game_for_the_same_seed(closing):
    env = closing(gym.make("NetHackFlankingScore-v0", rules="dnd"))
    other = closing(gym.make("NetHackFlankingScore-v0", rules="dnd"))
    actions = np.random.default_rng(0).integers(env.action_space.n, size=ACTIONS)
    first = play(env, 42, actions)
    again = play(env, 42, actions)  # the same environment, after a game
    elsewhere = play(other, 42, actions)  # another environment
    assert len(first) > 50
    assert same(first, again), "reset(seed=42) twice: two games"
    assert same(first, elsewhere), "reset(seed=42) in two environments: two games"
    # and the episodes after it, reset() without a seed
    next_one = play(env, None, actions)
    assert not same(next_one, first)
    play(other, 42, actions)
    assert same(play(other, None, actions), next_one), "the episode after seed=42 differs"
    for n in (43, 0, 2**64 - 1):
        assert not same(play(env, n, actions), first), "seed=%d plays seed 42's game" % n
    print(
        "seed 42: %d observations (every key) the same three times; "
        "seeds 43, 0 and 2**64-1 play other games" % len(first)
    )


def test_vanilla_nles_reset_seed_does_not_seed_the_game(closing):
    # What the variant mends: NLE 1.3.0 hands reset()'s seed to
    # Gymnasium's generator alone, so one seed plays two games.
    env = closing(gym.make("NetHackScore-v0"))
    actions = np.random.default_rng(0).integers(env.action_space.n, size=ACTIONS)
    assert not same(play(env, 42, actions), play(env, 42, actions))


def test_a_seed_maps_to_nethacks_seeds_as_documented(closing):
    env = closing(gym.make("NetHackFlankingScore-v0")).unwrapped
    env.reset(seed=7)
    core, disp, lgen = seeding.game_seeds(7, 0)
    assert env.get_seeds() == (core, disp, False, lgen)
    env.reset()
    assert env.get_seeds()[:2] == seeding.game_seeds(7, 1)[:2]
    assert all(0 <= s < 2**63 for s in seeding.game_seeds(2**64 - 1, 5))


def test_nles_env_seed_keeps_working(closing):
    env = closing(gym.make("NetHackFlankingScore-v0")).unwrapped
    actions = np.random.default_rng(1).integers(env.action_space.n, size=ACTIONS)
    env.reset(seed=5)  # a seed from reset, then NLE's own
    assert env.seed(11, 12, False, 13) == (11, 12, False, 13)
    first = play(env, None, actions)
    assert env.get_seeds() == (11, 12, False, 13)
    env.seed(11, 12, False, 13)
    assert same(play(env, None, actions), first)
    # after it, resets are NLE's own again (not seed 5's next episode)
    env.reset()
    assert env.get_seeds()[:2] != seeding.game_seeds(5, 1)[:2]


def test_the_challenge_refuses_seeds_as_nles_does(closing):
    ours = closing(gym.make("NetHackFlankingChallenge-v0")).unwrapped
    nles = closing(gym.make("NetHackChallenge-v0")).unwrapped
    with pytest.raises(RuntimeError) as nle_error:
        nles.seed(1, 2, False, 3)
    with pytest.raises(RuntimeError) as our_error:
        ours.seed(1, 2, False, 3)
    assert str(our_error.value) == str(nle_error.value) == "NetHackChallenge doesn't allow seed changes"
    with pytest.raises(RuntimeError, match="Should not try changing seeds"):
        ours.nethack.set_initial_seeds(1, 2, False, 3)
    assert isinstance(ours, tasks.NetHackChallenge)
    assert gym.spec("NetHackFlankingChallenge-v0").nondeterministic
    assert not gym.spec("NetHackFlankingScore-v0").nondeterministic
    with pytest.warns(UserWarning, match="does not seed its games"):
        obs, _ = ours.reset(seed=3)
    assert obs in ours.observation_space
    first = ours.np_random.integers(1000, size=4)
    ours.reset(seed=3)
    assert np.array_equal(ours.np_random.integers(1000, size=4), first)


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize(
    "seed, error",
    [
        (-1, ValueError),
        (2**64, ValueError),
        (1.5, TypeError),
        (3.0, TypeError),
        ("3", TypeError),
        (True, TypeError),
        ([3], TypeError),
    ],
)
def test_a_bad_seed_says_what_a_seed_is(env_id, seed, error, closing):
    env = closing(gym.make(env_id))
    with pytest.raises(error, match=r"a seed is an integer from 0 to 2\*\*64 - 1, or None"):
        env.reset(seed=seed)
    # and the environment plays on
    obs, _ = env.reset(seed=np.uint64(2**64 - 1) if env_id.endswith("Score-v0") else None)
    assert obs in env.observation_space
