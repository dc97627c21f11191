"""The study's report takes its intervals from the arena's program
(`arena intervals`, rust-flanking/arena): they agree with scipy's Student
t and with Wilson's formula, say when there is no interval, and a bad
request or a missing program is an error that says what to do."""

import math
import random
import statistics

import pytest
from scipy import stats

from flanking_study import intervals


def test_t_intervals_agree_with_scipy():
    rng = random.Random(7)
    for n in (2, 3, 5, 30, 174):
        xs = [rng.choice([rng.randint(-50_000, 50_000), rng.uniform(0, 400)]) for _ in range(n)]
        m = statistics.fmean(xs)
        h = stats.t.ppf(0.975, n - 1) * statistics.stdev(xs) / math.sqrt(n)
        got = intervals.t_interval(xs)
        for a, b in zip(got, (m, m - h, m + h)):
            assert a == pytest.approx(b, rel=1e-12, abs=1e-9), (n, got)
    assert intervals.t_interval([4, 4, 4]) == (4.0, 4.0, 4.0)
    assert intervals.t_interval([5]) is None
    assert intervals.t_interval([]) is None


def test_wilson_is_the_score_interval():
    z = 1.96
    for k, n in ((0, 1), (1, 2), (46, 147), (60, 147), (147, 147)):
        p = k / n
        d = 1 + z * z / n
        c = (p + z * z / (2 * n)) / d
        h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
        want = (p, max(0.0, c - h), min(1.0, c + h))
        assert intervals.wilson(k, n) == pytest.approx(want, rel=1e-12, abs=1e-15)
    assert intervals.wilson(0, 0) is None


def test_a_bad_request_or_a_missing_program_says_so(tmp_path, monkeypatch):
    with pytest.raises(intervals.IntervalsError, match="line .*K is more than N"):
        intervals.wilson(5, 3)
    # the program goes on answering after an error
    assert intervals.wilson(1, 2)[0] == 0.5
    intervals._close()
    monkeypatch.setenv("FLANKING_ARENA", str(tmp_path / "arena"))
    with pytest.raises(intervals.IntervalsError, match="missing: build it with `cargo build"):
        intervals.wilson(1, 2)
