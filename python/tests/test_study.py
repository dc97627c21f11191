"""The whole-game study's machinery, on short games (each capped at a few
hundred steps): Ray plays them, each is recorded once, a killed worker's
game is played again, a restart plays nothing twice, a cut line is
dropped, a bad file or setting is refused by name."""

import json
import math

import pytest

from flanking_study import identity, report, results, runner
from flanking_study.settings import DEFAULT, kwargs_of

SETTINGS = ["flanking0", "dnd-ai0"]
SEEDS = range(1, 3)
STEPS = 150


def test_settings_are_the_games():
    assert kwargs_of("flanking0") == dict(flanking=0, rules="proposal", ai=True, ranged=False)
    assert kwargs_of("silq-ranged-pct50") == dict(flanking=50, rules="silq", ai=True, ranged=True)
    # SpliceHack's and Hack'EM's rules are taken when named, and are not
    # in the default list (none of their games is played yet).
    assert kwargs_of("splicehack") == dict(flanking=100, rules="splicehack", ai=True, ranged=False)
    assert kwargs_of("hackem-ai0")["rules"] == "hackem"
    assert "nerfhack" in DEFAULT and "silq" in DEFAULT
    assert "splicehack" not in DEFAULT and "hackem" not in DEFAULT
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

    # Each game names the game it was played on: its setting's identity now.
    identities = runner.identities_of(SETTINGS, say=False)
    assert {r["identity"] for r in records if r["setting"] == "dnd-ai0"} == {identities["dnd-ai0"]}
    assert {r["identity"] for r in records if r["setting"] == "flanking0"} == {identities["flanking0"]}
    assert identities["flanking0"] != identities["dnd-ai0"]

    text = report.build(records, "games.jsonl", SETTINGS, identities)
    assert "| dnd-ai0 | 2 | step-cap 2 |" in text
    assert "Capped at [150] steps" in text
    assert "| dnd-ai0 | `%s` | 2 | 0 | 0 | 0 |" % identities["dnd-ai0"] in text


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
    r.update(study=results.STUDY, setting="dnd", settings=kwargs_of("tactics"), seed=1,
             end="game-over", identity="0123456789abcdef")
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


def _record(setting, seed, **more):
    r = {k: None for k in results.KEYS}
    r.update(study=results.STUDY, setting=setting, settings=kwargs_of(setting), seed=seed,
             seeds=list(runner.seeds_of(seed)), end="game-over", death="killed by a newt",
             score=100 * seed, turns=1000 * seed, maxlvl=seed, deathlev=seed, steps=10,
             branch="The Dungeons of Doom", flanktaken=seed, flankdealt=0, flankkill=0)
    r.update(more)
    return r


def test_a_change_to_one_rule_sets_answers_changes_its_settings_identity_only(monkeypatch):
    """The battery asks the engine in the game's own library; dnd's answers
    changed (one more half point on every attack it takes) change the
    identity of dnd's settings and of no other."""

    names = ["flanking0", "proposal", "proposal-ai0", "dnd", "dnd-ai0", "silq"]
    traces = {}
    real_trace = identity.trace

    def trace_once(kwargs):  # the real trace, played once a setting here
        key = repr(sorted(kwargs.items()))
        if key not in traces:
            traces[key] = real_trace(kwargs)
        return traces[key]

    monkeypatch.setattr(identity, "trace", trace_once)
    before = {n: identity.compute(kwargs_of(n)) for n in names}
    assert len({b["identity"] for b in before.values()}) == len(names)
    assert before["flanking0"]["battery"] is None  # flanking off: the engine is not asked

    dnd = identity.engine().rules_id("dnd")
    real_eval = identity.Engine.facing_eval

    def dnd_gives_more(self, inp, ranged=None):
        code, out = real_eval(self, inp, ranged)
        if inp.rules == dnd and code >= 0:
            out = (out[0] + 1,) + out[1:]
        return code, out

    monkeypatch.setattr(identity.Engine, "facing_eval", dnd_gives_more)
    after = {n: identity.compute(kwargs_of(n)) for n in names}
    changed = sorted(n for n in names if after[n]["identity"] != before[n]["identity"])
    assert changed == ["dnd", "dnd-ai0"]
    assert all(after[n]["trace"] == before[n]["trace"] for n in names)
    # and a trace played again is the same (nothing in it hangs on the clock)
    assert real_trace(kwargs_of("dnd")) == before["dnd"]["trace"]


def test_adopt_stamps_the_named_commits_games_and_a_run_refuses_the_rest(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    old = [_record("dnd-ai0", 1, commit="5801b61be94e"), _record("flanking0", 1, commit="5801b61be94e"),
           _record("dnd-ai0", 2, commit="5801b61be94e-dirty")]
    # games of today's game under the METHOD before (identity.METHOD
    # bumped since): one played at the commit named below, one at
    # another; and one of another game at the commit named (its rules
    # changed since), which adopt leaves as it is
    before = identity.before_bump(kwargs_of("flanking0"))
    old += [_record("flanking0", 2, commit="5801b61be94e", identity=before),
            _record("flanking0", 3, commit="2d76ac94aaaa", identity=before),
            _record("flanking0", 4, commit="5801b61be94e", identity="0123456789abcdef")]
    path.write_text("".join(json.dumps(r) + "\n" for r in old))
    with pytest.raises(results.ResultsError, match=r"games.jsonl:1: 3 games have no identity .*adopt"):
        runner.run(["dnd-ai0"], range(1, 2), str(path), cpus=1, progress=False)
    with pytest.raises(ValueError, match="adopt needs --commit"):
        runner.adopt(str(path), [])
    with results.lock(str(path)):
        with pytest.raises(results.ResultsError, match="another writer"):
            runner.adopt(str(path), ["5801b61"])
    said = []
    assert runner.adopt(str(path), ["5801b61"], say=said.append) == 3
    identities = runner.identities_of(["dnd-ai0", "flanking0"], say=False)
    got = results.read(str(path))
    assert [r.get("identity") for r in got] == [
        identities["dnd-ai0"], identities["flanking0"], None, identities["flanking0"], before,
        "0123456789abcdef"]
    assert before != identities["flanking0"]
    assert [r.get("adopted") for r in got] == [True, True, None, True, None, None]
    assert "stamped 3 games played at 5801b61" in said[0]
    assert "1 of their games are of another game (left as they are)" in said[0]
    # adopting again stamps nothing: its games are of today's game already
    assert runner.adopt(str(path), ["5801b61"], say=said.append) == 0
    # a dirty tree's game is not its commit's unless named so
    assert "1 games without an identity left (played at 5801b61be94e-dirty)" in said[0]
    with pytest.raises(results.ResultsError, match=r"games.jsonl:3: 1 games have no identity \(played at 5801b61be94e-dirty\)"):
        runner.run(["dnd-ai0"], range(1, 2), str(path), cpus=1, progress=False)


def test_a_game_names_the_files_it_refused_to_read_back(tmp_path):
    """The record's `refused`: the files the game kept as FILE.refused, in
    its directory and below it (its saves)."""
    from flanking_study import player

    (tmp_path / "save").mkdir()
    for name in ("1lock.51.refused", "save/0wizard.refused", "1lock.5", "xlogfile"):
        (tmp_path / name).write_text("x")
    assert player.refused_files(str(tmp_path)) == ["1lock.51.refused", "save/0wizard.refused"]
    assert player.refused_files(str(tmp_path / "save")) == ["0wizard.refused"]


def test_the_report_pools_the_current_game_and_draws_survival(tmp_path):
    """Games of an older identity are counted and left out; the survival
    charts are SVG; a failure is placed at its innermost frame."""
    import xml.etree.ElementTree as ET

    from flanking_study import survival

    steps = survival.kaplan_meier([1, 2, 2, 3, 4], [1, 1, 0, 1, 0])
    assert [(t, n, d) for t, n, d, *_ in steps] == [(0, 5, 0), (1, 5, 1), (2, 4, 1), (3, 2, 1)]
    assert [round(s, 6) for *_, s, _, _ in steps] == [1, 0.8, 0.6, 0.3]
    for *_, s, low, high in steps:
        assert 0 <= low <= s <= high <= 1
    # Greenwood at t=3: 0.3^2 * (1/20 + 1/12 + 1/2); the log-log band's
    # low end from it by hand
    se = math.sqrt(1 / 20 + 1 / 12 + 1 / 2) / abs(math.log(0.3))
    assert steps[-1][4] == pytest.approx(0.3 ** math.exp(1.959964 * se))

    why = ('Traceback (most recent call last):\n  File "/x/site-packages/nethackers/roots/a.py", '
           'line 10, in main\n    step()\n  File "/x/site-packages/autoascend/fight.py", line 42, '
           'in attack\n    assert target.alive, target\nAssertionError: boor wight\n')
    assert report.where_failed(why) == (
        "autoascend/fight.py:42 (in attack)", "assert target.alive, target", "AssertionError: boor wight")

    idents = {"flanking0": "a" * 16, "dnd": "b" * 16}
    records = [_record("flanking0", s, identity="a" * 16) for s in (1, 2, 3)]
    records[0]["refused"], records[1]["refused"] = [], ["1lock.51.refused"]
    records += [_record("dnd", s, identity="b" * 16, flankkill=1, turns=500 * s, score=100 * s - 100)
                for s in (1, 2)]
    records += [_record("dnd", 3, identity="b" * 16, end="agent-error", death="quit", why=why,
                        why_frames=-25)]
    records += [_record("dnd", 4, identity="c" * 16), _record("dnd", 5)]
    out = tmp_path / "docs" / "WHOLE-GAMES.md"
    out.parent.mkdir()
    written = report.write(records, "games.jsonl", str(out), ["flanking0", "dnd"], idents)
    text = out.read_text()
    assert "| dnd | `%s` | 3 | 0 | 1 | 1 |" % ("b" * 16) in text
    # no proposal was played: 0 pairs of the planned 200, and dnd short of 50
    assert ("Pooled: 0 pairs; games of the settings short of 50: dnd 3. **Until it is reached, "
            "every figure below is provisional.**") in text
    full = {n: {s: _record(n, s) for s in range(1, report.PLANNED_PAIRS + 1)}
            for n in ("flanking0", "proposal")}
    full["proposal"][1]["end"] = "agent-error"  # one pair short
    assert "Pooled: 199 pairs. **Until" in report._planned(full, ["flanking0", "proposal"])
    full["proposal"][report.PLANNED_PAIRS + 1] = _record("proposal", report.PLANNED_PAIRS + 1)
    full["flanking0"][report.PLANNED_PAIRS + 1] = _record("flanking0", report.PLANNED_PAIRS + 1)
    assert "Pooled: 200 pairs. It is reached." in report._planned(full, ["flanking0", "proposal"])
    # each part reached is said, and only the figures short of theirs are provisional
    full["dnd"] = {s: _record("dnd", s) for s in range(1, report.PLANNED_GAMES)}
    assert ("Pooled: 200 pairs; games of the settings short of 50: dnd 49. The comparison of "
            "`proposal` with `flanking0` is at its planned size; **every figure of the settings "
            "short of 50 is provisional.**") in report._planned(full, ["flanking0", "proposal", "dnd"])
    full["dnd"][report.PLANNED_GAMES] = _record("dnd", report.PLANNED_GAMES)
    assert "Pooled: 200 pairs. It is reached." in report._planned(full, ["flanking0", "proposal", "dnd"])
    full["proposal"][2]["end"] = "agent-error"  # 199 pairs again, dnd at its 50
    assert ("Pooled: 199 pairs. Every other setting is at its planned size; **every figure of "
            "`proposal` is provisional.**") in report._planned(full, ["flanking0", "proposal", "dnd"])
    assert "| dnd | 3 | 1 | 0 | 0 | 33% [6, 79] (1/3) | 1.000 |" in text  # Fisher: 1/3 against 0/3
    assert "| dnd | 2 | 100% [34, 100] (2/2) |" in text  # killing blows flanked
    assert "- dnd: autoascend/fight.py:42 (in attack): `assert target.alive, target` (AssertionError: boor wight)" in text
    assert "| 2 | 1/2 (50%) | 1/2 (50%) |" in text  # died on level 2 of those that reached it
    assert "![dnd: share alive by turn and by deepest level](whole-games/survival-dnd.svg)" in text
    # a game that refused a file of its own is named; a record without the key is not counted
    assert "Of the 2 pooled games that record it\n(`refused`; older records do not), 1 refused" in text
    assert "- flanking0 seed 2: 1lock.51.refused\n" in text
    # 100 points less on both seeds: lower; turns -500 and -1,000: not shown
    assert "- **dnd** (2 pairs): score -100 [-100, -100]: lower; turns lived -750 [" in text
    assert "]: not shown; deepest level" in text
    svg = tmp_path / "docs" / "whole-games" / "survival-dnd.svg"
    assert str(svg) in written
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 4
