"""The four settings: what the game's sysconf takes, and nothing else."""

import ctypes
import os
import tempfile

import gymnasium as gym
import numpy as np
import pytest

import nle_flanking
from nle_flanking import Flanking, settings


def _names_by_id():
    """Each rule set's name as the game names the one in force
    (flank_set_rules(id), then flank_rules_now(), in the game's library),
    id by id: a list written nowhere here, read without
    flank_rules_list()."""
    lib = ctypes.CDLL(settings.game_files()[0], mode=os.RTLD_LOCAL)
    lib.flank_set_rules.argtypes = [ctypes.c_int]
    lib.flank_set_rules.restype = ctypes.c_byte  # NetHack's boolean
    lib.flank_rules_now.restype = ctypes.c_char_p
    lib.flank_rules.restype = ctypes.c_int
    before = lib.flank_rules()
    try:
        return tuple(
            lib.flank_rules_now().decode("ascii") for i in range(0x20) if lib.flank_set_rules(i)
        )
    finally:
        lib.flank_set_rules(before)


def test_rule_sets_are_the_games():
    # rule_sets() reads the game's list of names (flank_rules_list()): it is
    # every rule set the game knows, in the table's order, the default
    # first, and each name is a value the settings take.
    sets = nle_flanking.rule_sets()
    assert len(sets) > 1
    assert sets == _names_by_id()
    assert sets[0] == Flanking().rules
    for name in sets:
        assert Flanking.checked(rules=name).rules == name


def test_defaults_are_the_games():
    # read from the game's library (flank_defaults()), as sysconf has them
    # when it says nothing
    assert settings.defaults() == (100, "proposal", True, False)
    f = Flanking.checked()
    assert (f.flanking, f.rules, f.ai, f.ranged) == settings.defaults()
    assert f.sysconf().splitlines()[-4:] == [
        "FLANKING=100",
        "FLANKING_RULES=proposal",
        "FLANKING_AI=1",
        "FLANKING_RANGED=0",
    ]


def test_the_environments_take_their_defaults_from_flanking():
    # Flanking's fields are the package's one home for the defaults: the
    # environments' keyword arguments and Flanking.checked() read them.
    import dataclasses
    import inspect

    from nle_flanking import envs

    defaults = dataclasses.asdict(Flanking())
    for cls in (envs.NetHackFlankingScore, envs.NetHackFlankingChallenge):
        params = inspect.signature(cls.__init__).parameters
        assert {k: params[k].default for k in defaults} == defaults
    assert Flanking.checked() == Flanking()
    assert Flanking.checked(rules="dnd") == dataclasses.replace(Flanking(), rules="dnd")
    with pytest.raises(TypeError, match="flnaking"):
        Flanking.checked(flnaking=50)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(flanking=0),
        dict(flanking=1000),
        dict(flanking=np.int64(50)),
        dict(rules="DND"),  # the game reads names without case
        dict(rules="proposal+tactics"),
        dict(ai=0, ranged=1),
        dict(ai=False, ranged=True),
    ],
)
def test_the_games_values_are_taken(kwargs):
    Flanking.checked(**kwargs)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(flanking=-1), "a percent, 0 to 1000"),
        (dict(flanking=1001), "a percent, 0 to 1000"),
        (dict(flanking=2**70), "a percent, 0 to 1000"),
        (dict(flanking=50.0), "a percent, 0 to 1000"),
        (dict(flanking="100"), "a percent, 0 to 1000"),
        (dict(flanking=True), "a percent, 0 to 1000"),
        (dict(rules="bogus"), "proposal, implicit, dnd"),
        (dict(rules="proposal+dnd"), "proposal+tactics"),
        (dict(rules="tactics+proposal"), "proposal+tactics"),
        (dict(rules="dnd\nFLANKING=0"), "proposal, implicit, dnd"),
        (dict(rules=""), "proposal, implicit, dnd"),
        (dict(rules=None), "proposal, implicit, dnd"),
        (dict(ai=2), "True or False"),
        (dict(ai="1"), "True or False"),
        (dict(ranged=None), "True or False"),
        (dict(ranged=-1), "True or False"),
    ],
)
def test_a_bad_value_names_the_allowed_ones(kwargs, words):
    with pytest.raises(ValueError) as e:
        Flanking.checked(**kwargs)
    name = next(iter(kwargs))
    assert str(e.value).startswith(name + "=")
    assert "allowed values are" in str(e.value)
    assert words in str(e.value)


def _nle_dirs():
    return {d for d in os.listdir(tempfile.gettempdir()) if d.startswith("nle")}


@pytest.mark.parametrize("env_id", ["NetHackFlankingScore-v0", "NetHackFlankingChallenge-v0"])
def test_a_bad_value_is_refused_before_any_game(env_id, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where NLE would put a savedir
    before = _nle_dirs()
    with pytest.raises(ValueError, match="allowed values are"):
        gym.make(env_id, rules="nope", save_ttyrec_every=1)
    with pytest.raises(ValueError, match="allowed values are"):
        gym.make(env_id, flanking=-5)
    assert _nle_dirs() == before
    assert os.listdir(tmp_path) == []
