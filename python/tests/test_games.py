"""Games under every setting: each records its own settings."""

import itertools
import os

import gymnasium as gym
import pytest

import nle_flanking
from conftest import message, quit_after

# Every rule set the game knows, each with monsters that flank on and off,
# and with threats from range on.
SWITCHES = [(True, False), (False, False), (True, True)]
CASES = list(itertools.product(nle_flanking.rule_sets(), SWITCHES))


# What flanking did in the game, after the settings' fields.
COUNTS = ["flanktaken", "flankdealt", "flankkill"]


def flank_fields(record):
    """Every flank* field but the counts, once the counts are checked: each
    present, a non-negative integer, flankkill 0 or 1 (and 0 unless the
    hero was killed)."""
    fields = {k: v for k, v in record.items() if k.startswith("flank")}
    for k in COUNTS:
        assert k in fields, record
        assert fields.pop(k).isdigit(), record
    assert record["flankkill"] in ("0", "1"), record
    if not record["death"].startswith("killed by"):
        assert record["flankkill"] == "0", record
    return fields


def expected_fields(flanking, rules, ai, ranged):
    return {
        "flanking": str(flanking),
        "flankrules": rules,
        "flankai": str(int(ai)),
        "flankranged": str(int(ranged)),
        "flankcode": "nf-%s-%d-a%d-r%d" % (rules, flanking, ai, ranged),
        # an NLE game is never restored: its settings never changed
        "flankchanges": "0",
    }


@pytest.mark.parametrize(
    "rules, switches", CASES, ids=["%s-ai%d-ranged%d" % (r, a, g) for r, (a, g) in CASES]
)
def test_a_random_agent_plays_every_setting(rules, switches, closing):
    ai, ranged = switches
    env = closing(gym.make("NetHackFlankingScore-v0", rules=rules, ai=ai, ranged=ranged))
    case = CASES.index((rules, switches))
    env.unwrapped.seed(1000 + case, 2000 + case, False, 3000 + case)
    record = quit_after(env, 300, actions_seed=case)
    assert flank_fields(record) == expected_fields(100, rules, ai, ranged)
    assert int(record["turns"]) > 1


def test_flanking_off_counts_no_flanked_blow(closing):
    env = closing(gym.make("NetHackFlankingScore-v0", flanking=0))
    env.unwrapped.seed(11, 12, False, 13)
    record = quit_after(env, 300, actions_seed=11)
    assert flank_fields(record) == expected_fields(0, "proposal", True, False)
    assert [record[k] for k in COUNTS] == ["0", "0", "0"]


@pytest.mark.parametrize("flanking", [0, 40])
def test_the_start_is_vanilla_nles_screen_for_screen(flanking, closing):
    # NLE's raw game, whose first observation is where the game first
    # waits: at every setting the NLE build's start is vanilla NLE's, the
    # whole terminal, and a --More-- only where vanilla NLE has one (the
    # tty game's rules line would add one; its longer welcome would push
    # vanilla's own into the map's first row)
    env = closing(gym.make("NetHackFlankingScore-v0", flanking=flanking, rules="SILQ", ranged=True))
    vanilla = closing(gym.make("NetHackScore-v0", fix_moon_phase=True))  # the variant's default
    mores = 0
    for seed in range(1, 31):
        screens = []
        for nle_env in (env.unwrapped, vanilla.unwrapped):
            nle_env.nethack.set_initial_seeds(seed, seed + 1, False, seed + 2)
            obs = dict(zip(nle_env._observation_keys, nle_env.nethack.reset()))
            screens.append(["".join(chr(c) for c in row) for row in obs["tty_chars"]])
        assert screens[0] == screens[1], "seed %d:\n%s" % (seed, "\n".join(screens[0]))
        assert screens[0][0].startswith("Hello Agent, welcome to NetHack!  You are a")
        mores += any("--More--" in row for row in screens[1])
    print("30 starts the same as vanilla NLE's; %d of them with vanilla's --More--" % mores)


def test_the_xlogfile_keeps_nles_ttyrecname_last_after_the_flanking_fields(tmp_path, recording):
    env = recording(tmp_path / "games", "opposite")
    env.unwrapped.seed(5, 6, False, 7)
    record = quit_after(env, 200)
    assert record["ttyrecname"].endswith(".ttyrec3.bz2")
    keys = list(record)
    assert keys[keys.index("flags") :] == [
        "flags",
        "flanking",
        "flankrules",
        "flankai",
        "flankranged",
        "flankcode",
    ] + COUNTS + ["flankchanges", "ttyrecname"]
    assert flank_fields(record) == expected_fields(100, "opposite", True, False)


def test_the_challenge_plays_the_variant_and_refuses_seeds(closing):
    env = closing(gym.make("NetHackFlankingChallenge-v0", rules="nerfhack", ranged=True))
    with pytest.raises(RuntimeError, match="doesn't allow seed changes"):
        env.unwrapped.seed(1, 2, False, 3)
    record = quit_after(env, 300)
    assert flank_fields(record) == expected_fields(100, "nerfhack", True, True)


def test_wizard_mode_works_as_in_nle(closing):
    env = closing(nle_flanking.NetHackFlankingScore(wizard=True, rules="tactics"))
    env.seed(1, 2, False, 3)
    record = quit_after(env, 50)
    assert int(record["flags"], 16) & 1  # wizard mode
    assert record["flankrules"] == "tactics"


def test_a_missing_sysconf_ends_the_game_not_python(closing):
    env = closing(gym.make("NetHackFlankingScore-v0")).unwrapped
    os.remove(os.path.join(env.nethack._vardir, "sysconf"))
    with pytest.raises(RuntimeError, match="NetHack done right after reset"):
        env.reset()
    # Python goes on, and so do other games
    other = closing(gym.make("NetHackFlankingScore-v0", rules="dnd")).unwrapped
    other.seed(1, 2, False, 3)
    obs, _ = other.reset()
    assert message(obs).startswith("Hello Agent, welcome to NetHack!")
