"""The whole-game study's machinery, on short games (each capped at a few
hundred steps): Ray plays them, each is recorded once, a killed worker's
game is played again, a restart plays nothing twice, a cut line is
dropped, a bad file or setting is refused by name."""

import json

import pytest

from flanking_study import report, results, runner
from flanking_study.settings import kwargs_of

SETTINGS = ["flanking0", "dnd-ai0"]
SEEDS = range(1, 3)
STEPS = 150


def test_settings_are_the_games():
    assert kwargs_of("flanking0") == dict(flanking=0, rules="proposal", ai=True, ranged=False)
    assert kwargs_of("silq-ranged-pct50") == dict(flanking=50, rules="silq", ai=True, ranged=True)
    with pytest.raises(ValueError, match="flanking0 or a rule set .*proposal, implicit"):
        kwargs_of("bogus")
    with pytest.raises(ValueError, match="allowed: -ai0, -ranged, -pctN"):
        kwargs_of("dnd-fast")
    with pytest.raises(ValueError, match="a percent, 0 to 1000"):
        kwargs_of("dnd-pct5000")


def test_a_study_plays_each_game_once_even_when_a_worker_dies(tmp_path, monkeypatch):
    path = str(tmp_path / "games.jsonl")
    marker = tmp_path / "killed"
    monkeypatch.setenv("FLANKING_STUDY_KILL_FIRST_WORKER", str(marker))
    failed = runner.run(SETTINGS, SEEDS, path, cpus=2, max_steps=STEPS, progress=False)
    assert failed == 0
    assert marker.exists(), "no worker was killed"
    records = results.read(path)
    keys = sorted((r["setting"], r["seed"]) for r in records)
    assert keys == sorted((n, s) for n in SETTINGS for s in SEEDS)
    for r in records:
        assert r["end"] == "step-cap" and r["steps"] == STEPS and r["max_steps"] == STEPS
        assert r["xlog"] and r["death"] == "quit"
        assert r["seeds"] == list(runner.seeds_of(r["seed"]))
        assert r["settings"] == kwargs_of(r["setting"])
        want = "nf-proposal-0-a1-r0" if r["setting"] == "flanking0" else "nf-dnd-100-a0-r0"
        assert r["flankcode"] == want
        assert r["role"] == "Val-Hum-Fem-Neu"
    # paired: the same seeds give the same first level, so the same hero
    by = {(r["setting"], r["seed"]): r for r in records}
    for s in SEEDS:
        assert by[("flanking0", s)]["seeds"] == by[("dnd-ai0", s)]["seeds"]

    # A restart plays nothing that is done, and writes nothing.
    before = open(path).read()
    monkeypatch.delenv("FLANKING_STUDY_KILL_FIRST_WORKER")
    assert runner.run(SETTINGS, SEEDS, path, cpus=2, max_steps=STEPS, progress=False) == 0
    assert open(path).read() == before

    # Games capped otherwise do not mix with these.
    with pytest.raises(results.ResultsError, match=r"games.jsonl:1: a game capped at 150"):
        runner.run(SETTINGS, SEEDS, path, cpus=2, max_steps=None, progress=False)

    text = report.build(records, "games.jsonl", SETTINGS)
    assert "| dnd-ai0 | 2 | step-cap 2 |" in text
    assert "Capped at [150] steps" in text


def test_a_line_cut_by_a_crash_is_dropped_and_a_bad_one_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    good = {k: 1 for k in results.KEYS}
    good["study"] = results.STUDY
    cut = json.dumps(good) + "\n" + '{"study": 1, "sett'
    path.write_text(cut)
    assert len(results.read(str(path))) == 1
    assert path.read_text() == cut  # a reader changes nothing
    assert len(results.read(str(path), repair=True)) == 1
    assert path.read_text() == json.dumps(good) + "\n"
    path.write_text(json.dumps(good) + "\nnot json\n" + json.dumps(good) + "\n")
    with pytest.raises(results.ResultsError, match=r"games.jsonl:2: not a JSON record"):
        results.read(str(path))
    path.write_text('{"study": 1}\n')
    with pytest.raises(results.ResultsError, match=r"games.jsonl:1: not a game's record"):
        results.read(str(path))


def test_a_results_file_of_other_settings_is_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    r = {k: None for k in results.KEYS}
    r.update(study=results.STUDY, setting="dnd", settings=kwargs_of("tactics"), seed=1, end="game-over")
    path.write_text(json.dumps(r) + "\n")
    with pytest.raises(results.ResultsError, match=r"games.jsonl:1: setting dnd was played as"):
        runner.run(["dnd"], range(1, 2), str(path), cpus=1, progress=False)


def test_autoascend_plays_vanilla_nles_game_at_flanking0(monkeypatch):
    """What AutoAscend plays at flanking0 is the wheel's own game: the
    same actions give the same game, the variant's words at the start
    notwithstanding (checked whole here on seed 1: 14,227 steps each)."""
    import os

    import gymnasium as gym

    from flanking_study import player
    from nle_flanking.envs import read_xlogfile

    def vanilla_env(settings):
        assert settings == {}
        env = gym.make(
            "NetHackScore-v0", options=player.ARENA_OPTIONS, **player.NLE_KWARGS
        ).unwrapped
        env._max_episode_steps = player.NLE_STEP_LIMIT
        xlog = os.path.join(env.nethack._vardir, "xlogfile")
        env.xlog_records = lambda: read_xlogfile(xlog)
        return env

    seeds = runner.seeds_of(1)
    ours = player.play_game(kwargs_of("flanking0"), seeds, max_steps=3000)
    monkeypatch.setattr(player, "make_env", vanilla_env)
    theirs = player.play_game({}, seeds, max_steps=3000)
    keys = ("end", "death", "score", "turns", "maxlvl", "deathlev", "steps")
    assert {k: ours[k] for k in keys} == {k: theirs[k] for k in keys}
    assert ours["turns"] > 1000


def test_an_agent_error_keeps_the_innermost_frames_and_the_assertion():
    """AutoAscend fails deep in its strategies, under some forty frames of
    its main loop: the record keeps the frames nearest the failure, the
    assertion's own line among them, and the exception's line last."""
    from flanking_study import player

    # Two functions in turn, so that Python folds no repeated frames.
    def ping(n):
        if n == 0:
            assert n == 1, "the innermost frame's assertion"
        pong(n - 1)

    def pong(n):
        ping(n - 1)

    try:
        ping(60)
    except AssertionError:
        text = player.format_error()
    # (pytest adds its own words after the assertion's message)
    head, tail = text.split("\nAssertionError: the innermost frame's assertion")
    assert "File " not in tail
    assert 'assert n == 1, "the innermost frame\'s assertion"' in text
    assert text.count("in ping") + text.count("in pong") == player.ERROR_FRAMES
    assert text.startswith("Traceback") or len(text) == player.ERROR_CHARS
    assert len(text) <= player.ERROR_CHARS
