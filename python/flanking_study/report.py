"""docs/WHOLE-GAMES.md from the results file: what each setting does to a
whole game, with the sizes and the 95% intervals.

Per setting, every game it played; then each setting against flanking0 on
the same seeds.  A pair is compared only when both games ended by
themselves (``game-over``); a pair where either side's agent failed
(``agent-error``, ``agent-hung``), made no progress or was capped is left
out of the paired figures, and counted.  The intervals are Student's t on
the mean (per setting) and on the mean of the paired differences.
"""

import collections
import math
import statistics

from scipy import stats

BASELINE = "flanking0"
ENDS = ("game-over", "agent-error", "agent-hung", "no-progress", "step-cap")


def _t_interval(values):
    """(mean, low, high) of the 95% t interval; None for fewer than 2."""
    n = len(values)
    if n < 2:
        return None
    m = statistics.fmean(values)
    sd = statistics.stdev(values)
    h = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return m, m - h, m + h


def _fmt_ci(ci, digits=0):
    if ci is None:
        return "n < 2"
    f = "{:,.%df}" % digits
    return "%s [%s, %s]" % (f.format(ci[0]), f.format(ci[1]), f.format(ci[2]))


def _share(k, n):
    """k of n as a percent with its 95% Wilson interval."""
    if n == 0:
        return "-"
    z = 1.959964
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return "%.0f%% [%.0f, %.0f] (%d/%d)" % (100 * p, 100 * (c - h), 100 * (c + h), k, n)


def _died(r):
    return r["end"] == "game-over" and r["death"] not in ("ascended", "escaped")


def build(records, path, order=None):
    by = collections.defaultdict(dict)
    for r in records:
        by[r["setting"]][r["seed"]] = r
    names = [n for n in (order or []) if n in by] + sorted(n for n in by if n not in (order or []))
    capped = sorted({r["max_steps"] for r in records if r["max_steps"] is not None})
    out = [
        "# Whole games: what each flanking setting does to a real game",
        "",
        "AutoAscend (PyPI `nethackers[autoascend]`) plays whole games of the",
        "variant through `NetHackFlankingScore-v0` as a neutral human female",
        "Valkyrie, every setting on the same seeds. Made by `./dev whole-games",
        "report` from `%s` (%d games); how to run the study:" % (path, len(records)),
        "`python/flanking_study/README.md`." + (
            " **Capped at %s steps: a smoke run, not whole games.**" % capped if capped else ""
        ),
        "",
        "## Each setting",
        "",
        "Ends: `game-over` (the game ended by itself), `agent-error` (AutoAscend's",
        "thread raised), `agent-hung` (no action for 120 s), `no-progress` (no",
        "turn for 10,000 steps). Scores, turns and depths are of the `game-over`",
        "games; means with their 95% t intervals, shares with Wilson's.",
        "",
        "| setting | games | ends | score: median | score: mean | turns: median | deepest level: mean | died on level 1 | died in the Mines | flanked blows taken / dealt per game | killing blow flanked |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n in names:
        rs = list(by[n].values())
        ends = collections.Counter(r["end"] for r in rs)
        over = [r for r in rs if r["end"] == "game-over"]
        died = [r for r in over if _died(r)]
        scores = [r["score"] for r in over]
        taken = [r["flanktaken"] for r in over if r.get("flanktaken") is not None]
        dealt = [r["flankdealt"] for r in over if r.get("flankdealt") is not None]
        kills = [r for r in died if r.get("flankkill") is not None]
        out.append(
            "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
            % (
                n,
                len(rs),
                ", ".join("%s %d" % (e, ends[e]) for e in ENDS if ends[e]),
                "{:,.0f}".format(statistics.median(scores)) if scores else "-",
                _fmt_ci(_t_interval(scores)),
                "{:,.0f}".format(statistics.median([r["turns"] for r in over])) if over else "-",
                _fmt_ci(_t_interval([r["maxlvl"] for r in over if r["maxlvl"] is not None]), 2),
                _share(sum(1 for r in died if r["deathlev"] == 1), len(died)),
                _share(sum(1 for r in died if r["branch"] == "The Gnomish Mines"), len(died)),
                "%.1f / %.1f" % (statistics.fmean(taken), statistics.fmean(dealt))
                if taken and dealt else "-",
                _share(sum(1 for r in kills if r["flankkill"]), len(kills)),
            )
        )
    out += [
        "",
        "## Against flanking0, seed by seed",
        "",
        "The differences (setting minus `flanking0`) over the seeds both played",
        "to a `game-over`; the pairs left out are those where either side did not.",
        "",
        "| setting | pairs | left out | score: mean difference | score: median difference | turns: mean difference | deepest level: mean difference |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    base = by.get(BASELINE, {})
    for n in names:
        if n == BASELINE:
            continue
        both = [s for s in by[n] if s in base]
        pairs = [
            (by[n][s], base[s])
            for s in both
            if by[n][s]["end"] == "game-over" and base[s]["end"] == "game-over"
        ]

        def diffs(key):
            return [a[key] - b[key] for a, b in pairs if a[key] is not None and b[key] is not None]

        out.append(
            "| %s | %d | %d | %s | %s | %s | %s |"
            % (
                n,
                len(pairs),
                len(both) - len(pairs),
                _fmt_ci(_t_interval(diffs("score"))),
                "{:,.0f}".format(statistics.median(diffs("score"))) if pairs else "-",
                _fmt_ci(_t_interval(diffs("turns"))),
                _fmt_ci(_t_interval(diffs("maxlvl")), 2),
            )
        )
    out += ["", "## Causes of death", "", "The five most common per setting.", ""]
    for n in names:
        causes = collections.Counter(r["death"] for r in by[n].values() if _died(r))
        top = ", ".join("%s %d" % (c, k) for c, k in causes.most_common(5))
        out.append("- %s: %s" % (n, top or "-"))
    out += [
        "",
        "## Agent failures",
        "",
        "What ended a game that was not a `game-over`, by setting and seed.",
        "",
    ]
    failures = [r for r in records if r["end"] != "game-over"]
    for r in sorted(failures, key=lambda r: (r["setting"], r["seed"])):
        why = (r.get("why") or "").strip().splitlines()
        out.append("- %s seed %d: %s at step %d (%s)" % (
            r["setting"], r["seed"], r["end"], r["steps"], why[-1] if why else ""))
    if not failures:
        out.append("None.")
    return "\n".join(out) + "\n"
