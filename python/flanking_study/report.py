"""docs/WHOLE-GAMES.md from the results file: what each setting does to a
whole game, with the sizes and the 95% intervals.

Only the games of each setting's current identity are pooled
(identity.py: the game as it plays now); the others are counted and left
out.  Per setting, every game it played; its survival by turn and by
deepest level against flanking0 (Kaplan-Meier, survival.py: an SVG per
setting beside the report); deaths per dungeon level; then each setting
against flanking0 on the same seeds.  A pair is compared only when both
games ended by themselves (``game-over``); a pair where either side's
agent failed (``agent-error``, ``agent-hung``), made no progress or was
capped is left out of the paired figures, and counted.  The intervals are
Student's t on the mean (per setting) and on the mean of the paired
differences, Wilson's on a share; failures are compared with flanking0's
by Fisher's exact test, and across settings by a chi-square test.  The
Wilson and t intervals are the arena's own (intervals.py: one
implementation for both reports).  The report ends with what the numbers show of each of the proposal's claims
(docs/BALANCE.md's, the arena's verdicts) and of each rule set: only what
the intervals support, "not shown" where they hold 0.
"""

import collections
import os
import re
import statistics

from scipy import stats

from . import intervals, survival

BASELINE = "flanking0"
ENDS = ("game-over", "agent-error", "agent-hung", "no-progress", "step-cap")

# The study's planned size: game-over pairs of BASELINE and PAIRED, and
# games of every other setting asked for, all on the current game. Below
# it the report's figures are provisional, and it says which.
PAIRED = "proposal"
PLANNED_PAIRS = 200
PLANNED_GAMES = 50


def _fmt_ci(ci, digits=0):
    if ci is None:
        return "n < 2"
    f = "{:,.%df}" % digits
    return "%s [%s, %s]" % (f.format(ci[0]), f.format(ci[1]), f.format(ci[2]))


def _share(k, n):
    """k of n as a percent with its 95% Wilson interval."""
    if n == 0:
        return "-"
    p, low, high = intervals.wilson(k, n)
    return "%.0f%% [%.0f, %.0f] (%d/%d)" % (100 * p, 100 * low, 100 * high, k, n)


def _died(r):
    return r["end"] == "game-over" and r["death"] not in ("ascended", "escaped")



FAILURES = ("agent-error", "agent-hung", "no-progress")
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>.+)$')


def where_failed(why):
    """(where, code, exception) of an agent-error's traceback: the
    innermost frame as file:line (in function), its source line and the
    exception's line; None for a text with no frame."""
    lines = (why or "").splitlines()
    last = None
    for i, line in enumerate(lines):
        m = _FRAME.match(line)
        if m:
            last = (i, m)
    if last is None:
        return None
    i, m = last
    path = m["file"]
    for marker in ("site-packages/", "/python/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    code = ""
    if i + 1 < len(lines) and not _FRAME.match(lines[i + 1]):
        code = lines[i + 1].strip()
    exception = next(
        (ln.strip() for ln in lines[i + 1:] if ln and not ln[0].isspace()), "")
    return "%s:%s (in %s)" % (path, m["line"], m["func"]), code, exception


def pool(records, identities):
    """The games of each setting's current identity, and per setting how
    many were left out: {setting: {"older": n, "none": n}}."""
    kept, left = [], collections.defaultdict(collections.Counter)
    for r in records:
        want = identities.get(r["setting"])
        if not r.get("identity"):
            left[r["setting"]]["none"] += 1
        elif r["identity"] != want:
            left[r["setting"]]["older"] += 1
        else:
            kept.append(r)
    return kept, left


def _fmt_diff(ci, digits=0):
    return _fmt_ci(ci, digits)


def _verdict(ci, more, less):
    """Words for a difference's interval: `more` when above 0, `less`
    when below, "not shown" when it holds 0."""
    if ci is None:
        return "not measured (fewer than 2 pairs)"
    if ci[1] > 0:
        return more
    if ci[2] < 0:
        return less
    return "not shown"


def _km_inputs(rs, key):
    times, events = [], []
    for r in rs:
        if r.get(key) is None:
            continue
        times.append(r[key])
        events.append(1 if _died(r) else 0)
    return times, events


def _planned(by, order):
    """The study's planned size, how far the games pooled are from it, and
    which figures are provisional: each part reached is said to be so."""
    pairs = _paired(by, PAIRED, lambda r: 0)[1]
    others = [n for n in (order or []) if n not in (BASELINE, PAIRED)]
    short = ["%s %d" % (n, len(by.get(n, {}))) for n in others if len(by.get(n, {})) < PLANNED_GAMES]
    if pairs >= PLANNED_PAIRS and not short:
        said = "It is reached."
    elif pairs >= PLANNED_PAIRS:
        said = ("The comparison of `%s` with `%s` is at its planned size; **every figure of the "
                "settings short of %d is provisional.**" % (PAIRED, BASELINE, PLANNED_GAMES))
    elif others and not short:
        said = ("Every other setting is at its planned size; **every figure of `%s` is "
                "provisional.**" % PAIRED)
    else:
        said = "**Until it is reached, every figure below is provisional.**"
    return (
        "The study's planned size: %d `game-over` pairs of `%s` and `%s`, and %d games of "
        "every other setting, all on the current game. Pooled: %d pairs%s. %s"
        % (PLANNED_PAIRS, BASELINE, PAIRED, PLANNED_GAMES, pairs,
           "; games of the settings short of %d: %s" % (PLANNED_GAMES, ", ".join(short)) if short else "",
           said))


def _paired(by, n, key_fn, against=BASELINE):
    """The paired differences (n minus `against`) of key_fn over the seeds
    both played to a game-over, and how many pairs were left out."""
    base = by.get(against, {})
    both = [s for s in by.get(n, {}) if s in base]
    pairs = [(by[n][s], base[s]) for s in both
             if by[n][s]["end"] == "game-over" and base[s]["end"] == "game-over"]
    out = []
    for a, b in pairs:
        va, vb = key_fn(a), key_fn(b)
        if va is not None and vb is not None:
            out.append(va - vb)
    return out, len(pairs), len(both) - len(pairs)


def _per_kturn(key):
    def f(r):
        if r.get(key) is None or not r.get("turns"):
            return None
        return 1000 * r[key] / r["turns"]
    return f


def _fisher(k1, n1, k0, n0):
    if n1 == 0 or n0 == 0:
        return None
    return stats.fisher_exact([[k1, n1 - k1], [k0, n0 - k0]])[1]


def build(records, path, order, identities, charts=None):
    """The report's text; `charts` (a dict), if given, is filled with the
    SVG charts' names (relative to the report) and texts."""
    pooled, left = pool(records, identities)
    by = collections.defaultdict(dict)
    for r in pooled:
        by[r["setting"]][r["seed"]] = r
    seen = {r["setting"] for r in records}
    names = [n for n in (order or []) if n in seen] + sorted(n for n in seen if n not in (order or []))
    capped = sorted({r["max_steps"] for r in pooled if r["max_steps"] is not None})
    out = [
        "# Whole games: what each flanking setting does to a real game",
        "",
        "AutoAscend (PyPI `nethackers[autoascend]`) plays whole games of the",
        "variant through `NetHackFlankingScore-v0` as a neutral human female",
        "Valkyrie, every setting on the same seeds. Made by `./dev whole-games",
        "report` from `%s` (%d games, %d of them on each setting's current game);"
        % (path, len(records), len(pooled)),
        "how to run the study: `python/flanking_study/README.md`." + (
            " **Capped at %s steps: a smoke run, not whole games.**" % capped if capped else ""
        ),
        "",
        "## The games pooled",
        "",
        "Each game records the identity of the game it was played on (a hash of",
        "what the game does: a fixed trace of it under the setting, and the rule",
        "engine's answers for the setting's rule set; `python/flanking_study/identity.py`).",
        "Only games of the setting's identity now are pooled: a game played on an",
        "older game (another identity: a change since changed play, or one the",
        "trace cannot see, for which `identity.METHOD` was bumped) or with no",
        "identity (played before identities) is left out. `./dev whole-games",
        "adopt` stamps those known to play as now (a replay of them today is the",
        "same game step for step): \"adopted\".",
        "",
        "| setting | identity now | games pooled | of them adopted | left out: older game | left out: no identity |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for n in names:
        out.append("| %s | `%s` | %d | %d | %d | %d |" % (
            n, identities.get(n) or "-", len(by.get(n, {})),
            sum(1 for r in by.get(n, {}).values() if r.get("adopted")),
            left[n]["older"], left[n]["none"]))
    out += ["", _planned(by, order)]
    names = [n for n in names if by.get(n)]
    out += [
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
                _fmt_ci(intervals.t_interval(scores)),
                "{:,.0f}".format(statistics.median([r["turns"] for r in over])) if over else "-",
                _fmt_ci(intervals.t_interval([r["maxlvl"] for r in over if r["maxlvl"] is not None]), 2),
                _share(sum(1 for r in died if r["deathlev"] == 1), len(died)),
                _share(sum(1 for r in died if r["branch"] == "The Gnomish Mines"), len(died)),
                "%.1f / %.1f" % (statistics.fmean(taken), statistics.fmean(dealt))
                if taken and dealt else "-",
                _share(sum(1 for r in kills if r["flankkill"]), len(kills)),
            )
        )

    # Survival
    out += [
        "",
        "## Survival, against flanking0",
        "",
        "The share of games still alive by game turn and by deepest dungeon level",
        "reached (Kaplan-Meier, with 95% bands: Greenwood's variance on the",
        "log-log scale). A death is an event; every other game is censored where",
        "it stopped: an ascension or an escape, an agent's failure (`agent-error`,",
        "`agent-hung`, `no-progress`) and a step cap (`step-cap`). Beside each",
        "chart, the share alive at a few turns and levels.",
        "",
    ]
    base_rs = list(by.get(BASELINE, {}).values())
    chart_dir = "whole-games"
    for n in [m for m in names if m != BASELINE] or names:
        rs = list(by[n].values())
        curves_t, curves_l = [], []
        for label, group in ([(BASELINE, base_rs)] if n != BASELINE and base_rs else []) + [(n, rs)]:
            curves_t.append((label, survival.kaplan_meier(*_km_inputs(group, "turns"))))
            curves_l.append((label, survival.kaplan_meier(*_km_inputs(group, "maxlvl"))))
        turn_hi = max([r["turns"] or 0 for r in rs + base_rs] + [1])
        level_hi = max([r["maxlvl"] or 0 for r in rs + base_rs] + [2])
        name = "%s/survival-%s.svg" % (chart_dir, re.sub(r"[^A-Za-z0-9+_-]", "_", n))
        if charts is not None:
            charts[name] = survival.chart(
                "Whole games: %s against %s" % (n, BASELINE), curves_t, curves_l, turn_hi, level_hi)
        out += ["### %s" % n, "", "![%s: share alive by turn and by deepest level](%s)" % (n, name), ""]
        marks_t = [t for t in (1000, 5000, 10000, 20000, 40000) if t <= turn_hi] or [turn_hi]
        marks_l = [lv for lv in (2, 3, 5, 8, 12) if lv <= level_hi] or [level_hi]
        out.append("| alive | " + " | ".join(["turn {:,}".format(t) for t in marks_t]
                                            + ["level %d" % lv for lv in marks_l]) + " |")
        out.append("|---|" + "---:|" * (len(marks_t) + len(marks_l)))
        for (label, st_t), (_, st_l) in zip(curves_t, curves_l):
            cells = []
            for steps, marks in ((st_t, marks_t), (st_l, marks_l)):
                for m in marks:
                    s, lo, hi = survival.at(steps, m)
                    cells.append("%.0f%% [%.0f, %.0f]" % (100 * s, 100 * lo, 100 * hi))
            out.append("| %s | %s |" % (label, " | ".join(cells)))
        out.append("")

    # Deaths per level
    top = max([r["maxlvl"] or 0 for r in pooled] + [0])
    out += [
        "## Deaths per dungeon level",
        "",
        "The hazard of each level: the games that died on level L (`deathlev`)",
        "over the games that reached it (deepest level `maxlvl` at least L), as",
        "deaths/games (percent).",
        "",
        "| level | " + " | ".join(names) + " |",
        "|---:|" + "---:|" * len(names),
    ]
    for lv in range(1, top + 1):
        cells = []
        for n in names:
            reached = [r for r in by[n].values() if (r["maxlvl"] or 0) >= lv]
            d = sum(1 for r in reached if _died(r) and r["deathlev"] == lv)
            cells.append("%d/%d (%.0f%%)" % (d, len(reached), 100 * d / len(reached)) if reached else "-")
        out.append("| %d | %s |" % (lv, " | ".join(cells)))
    out += [
        "",
        "Level 1 is the player's choice, not the game's: AutoAscend's first",
        "milestone (`BE_ON_FIRST_LEVEL`, in its `global_logic.py`) keeps the hero",
        "on the first level until she reaches experience level 8, and its rule",
        "to take the stairs when she has no food is switched off there. So a",
        "game that dies on level 1 has usually lived thousands of turns there,",
        "fighting what the level sends, and some of them starve.",
    ]

    # Paired
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
    for n in names:
        if n == BASELINE:
            continue
        sc, npairs, nleft = _paired(by, n, lambda r: r["score"])
        out.append("| %s | %d | %d | %s | %s | %s | %s |" % (
            n, npairs, nleft, _fmt_ci(intervals.t_interval(sc)),
            "{:,.0f}".format(statistics.median(sc)) if sc else "-",
            _fmt_ci(intervals.t_interval(_paired(by, n, lambda r: r["turns"])[0])),
            _fmt_ci(intervals.t_interval(_paired(by, n, lambda r: r["maxlvl"])[0]), 2)))

    # Killing blows
    out += [
        "",
        "## Deaths by a flanked blow",
        "",
        "The share of deaths whose killing blow was flanked (`flankkill`), with",
        "its Wilson interval.",
        "",
        "| setting | deaths | killing blow flanked |",
        "|---|---:|---:|",
    ]
    for n in names:
        died = [r for r in by[n].values() if _died(r) and r.get("flankkill") is not None]
        out.append("| %s | %d | %s |" % (n, len(died), _share(sum(r["flankkill"] for r in died), len(died))))

    # Failures
    fail = {n: sum(1 for r in by[n].values() if r["end"] in FAILURES) for n in names}
    games = {n: len(by[n]) for n in names}
    out += [
        "",
        "## AutoAscend's failures",
        "",
        "The share of games the agent did not finish (`agent-error`, `agent-hung`,",
        "`no-progress`), with its Wilson interval, and Fisher's exact test of",
        "each setting's against `flanking0`'s (two-sided p).",
        "",
        "| setting | games | agent-error | agent-hung | no-progress | failed | against flanking0: p |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for n in names:
        ends = collections.Counter(r["end"] for r in by[n].values())
        p = _fisher(fail[n], games[n], fail.get(BASELINE, 0), games.get(BASELINE, 0)) \
            if n != BASELINE and BASELINE in games else None
        out.append("| %s | %d | %d | %d | %d | %s | %s |" % (
            n, games[n], ends["agent-error"], ends["agent-hung"], ends["no-progress"],
            _share(fail[n], games[n]), "-" if p is None else "%.3f" % p))
    table = [[fail[n], games[n] - fail[n]] for n in names]
    if len(names) > 1 and 0 < sum(fail.values()) < sum(games.values()):
        chi2, p_all, dof, _ = stats.chi2_contingency(table)
        out += ["", "Across all settings (chi-square, %d degree%s of freedom): chi2 = %.2f, p = %.3f: %s."
                % (dof, "" if dof == 1 else "s", chi2, p_all,
                   "the failure rates differ by setting" if p_all < 0.05
                   else "a difference between settings is not shown"
                   ) + (" With so few failures per setting the chi-square's p is rough; "
                        "Fisher's p above is exact." if min(min(row) for row in table) < 5 else "")]
    else:
        p_all = None
        out += ["", "Across all settings: %s." % ("no failures" if not sum(fail.values())
                                                  else "every game failed")]
    out += ["", "Where each `agent-error` failed: the innermost frame of AutoAscend's",
            "traceback (file:line, its function and line), and the exception.", ""]
    any_err = False
    for n in names:
        where = collections.Counter()
        for r in by[n].values():
            if r["end"] != "agent-error":
                continue
            got = where_failed(r.get("why"))
            text = ("%s: `%s` (%s)" % got) if got else "(no traceback kept)"
            if got and not r.get("why_frames"):
                # played before the innermost frames were kept
                text += ", the outermost frames only: where it asserted was cut"
            where[text] += 1
        for w, k in where.most_common():
            any_err = True
            out.append("- %s: %s%s" % (n, w, " (%d games)" % k if k > 1 else ""))
    if not any_err:
        out.append("None.")

    out += ["", "## Causes of death", "", "The five most common per setting.", ""]
    for n in names:
        causes = collections.Counter(r["death"] for r in by[n].values() if _died(r))
        top5 = ", ".join("%s %d" % (c, k) for c, k in causes.most_common(5))
        out.append("- %s: %s" % (n, top5 or "-"))
    out += [
        "",
        "## Games not ended by the game",
        "",
        "What ended a pooled game that was not a `game-over`, by setting and seed.",
        "",
    ]
    others = [r for r in pooled if r["end"] != "game-over"]
    for r in sorted(others, key=lambda r: (r["setting"], r["seed"])):
        why = (r.get("why") or "").strip().splitlines()
        out.append("- %s seed %d: %s at step %d (%s)" % (
            r["setting"], r["seed"], r["end"], r["steps"], why[-1] if why else ""))
    if not others:
        out.append("None.")

    # What the game refused of its own files: a fault of the game, which
    # makes a level anew (another game than the identity's).
    checked = [r for r in pooled if r.get("refused") is not None]
    faulty = [r for r in checked if r["refused"]]
    out += [
        "",
        "## Files the game refused",
        "",
        "A level the game wrote and then refused to read back is made anew: the",
        "game's fault, and another game. Of the %d pooled games that record it"
        % len(checked),
        "(`refused`; older records do not), %d refused a file of their own%s"
        % (len(faulty), ":" if faulty else "."),
    ]
    for r in sorted(faulty, key=lambda r: (r["setting"], r["seed"])):
        out.append("- %s seed %d: %s" % (r["setting"], r["seed"], ", ".join(r["refused"])))

    out += ["", "## What it shows", ""] + shows(by, names, fail, games)
    return "\n".join(out) + "\n"


def _pairs(k):
    return "%d paired game%s" % (k, "" if k == 1 else "s")


def _ci_words(ci, digits=0, unit=""):
    if ci is None:
        return "n < 2"
    f = "{:+,.%df}" % digits
    return "%s%s [%s, %s]" % (f.format(ci[0]), unit, f.format(ci[1]), f.format(ci[2]))


def shows(by, names, fail, games):
    """A paragraph per claim of the proposal (docs/BALANCE.md's verdicts)
    and per setting, from the numbers: only what their intervals support."""
    out = [
        "Generated from the numbers above: a difference is named only when its",
        "95% interval excludes 0, and is \"not shown\" when the interval holds 0",
        "(with few games, most are). The claims are docs/BALANCE.md's (the",
        "arena's verdicts); whole games answer some of them.",
        "",
    ]
    has = lambda n: n in by and by[n]  # noqa: E731

    def paired_ci(n, fn, base=BASELINE):
        diffs, npairs, _ = _paired(by, n, fn, base)
        return intervals.t_interval(diffs), npairs

    out.append("- **Choke points protect the hero: not measured here.** A whole game's "
               "record does not say where its fights took place; the arena measures it.")
    if has("proposal") and has(BASELINE):
        ci, k = paired_ci("proposal", lambda r: 1 if _died(r) and r["branch"] == "The Gnomish Mines" else 0)
        out.append(
            "- **Open levels such as the Big Room and the Mines become more dangerous: %s.** "
            "Deaths in the Gnomish Mines, `proposal` minus `flanking0` over %s: "
            "%s percentage points. (The Big Room is not told apart in the record.)"
            % (_verdict(ci, "supported", "contradicted"), _pairs(k),
               _ci_words(None if ci is None else tuple(100 * x for x in ci), digits=1)))
    else:
        out.append("- **Open levels such as the Big Room and the Mines become more dangerous: "
                   "not measured** (`proposal` and `flanking0` were not both played).")
    if has("proposal"):
        dealt = [r["flankdealt"] for r in by["proposal"].values()
                 if r["end"] == "game-over" and r.get("flankdealt") is not None]
        ci = intervals.t_interval(dealt)
        out.append(
            "- **Pets flank for the hero: not measured here.** Under `proposal` the hero "
            "dealt %s flanked blows per game, but a blow's bonus may come from her pet or "
            "from what stands behind the foe, which the record does not tell apart."
            % (_fmt_ci(ci, 1) if ci else "n < 2"))
    out.append("- **Running through hordes costs: not measured here** (the arena's "
               "`bigroom-horde` measures it).")
    if has("proposal") and has("proposal-ai0"):
        ci, k = paired_ci("proposal", _per_kturn("flanktaken"), base="proposal-ai0")
        out.append(
            "- **Intelligent enemies flank you (FLANKING_AI): %s.** Flanked blows taken per "
            "1,000 turns, `proposal` minus `proposal-ai0` over %s: %s."
            % (_verdict(ci, "supported", "contradicted"), _pairs(k), _ci_words(ci, 2)))
    else:
        out.append("- **Intelligent enemies flank you (FLANKING_AI): not measured** "
                   "(`proposal` and `proposal-ai0` were not both played).")
    ranged = [(n, n.replace("-ranged", "")) for n in names if "-ranged" in n
              and has(n.replace("-ranged", ""))]
    if ranged:
        for n, base in ranged:
            ci, k = paired_ci(n, _per_kturn("flanktaken"), base=base)
            out.append(
                "- **Threats from range flank you (FLANKING_RANGED): %s.** Flanked blows taken "
                "per 1,000 turns, `%s` minus `%s` over %s: %s."
                % (_verdict(ci, "supported", "contradicted"), n, base, _pairs(k), _ci_words(ci, 2)))
    else:
        out.append("- **Threats from range flank you (FLANKING_RANGED): not measured** "
                   "(no `-ranged` setting was played beside its own).")
    out += ["", "Each setting against `flanking0`, on the paired games:", ""]
    for n in names:
        if n == BASELINE or not has(BASELINE):
            continue
        sc, k = paired_ci(n, lambda r: r["score"])
        tu, _ = paired_ci(n, lambda r: r["turns"])
        lv, _ = paired_ci(n, lambda r: r["maxlvl"])
        p = _fisher(fail[n], games[n], fail.get(BASELINE, 0), games.get(BASELINE, 0))
        failures = ("not shown to differ (Fisher p = %.2f)" % p if p >= 0.05
                    else "differ (Fisher p = %.3f)" % p) if p is not None else "not measured"
        if sc is None:
            out.append("- **%s** (%d pair%s): score, turns and depth not measured (fewer than 2 "
                       "pairs); AutoAscend's failures: %s." % (n, k, "" if k == 1 else "s", failures))
            continue
        out.append(
            "- **%s** (%d pairs): score %s: %s; turns lived %s: %s; deepest level %s: %s; "
            "AutoAscend's failures: %s."
            % (n, k,
               _ci_words(sc), _verdict(sc, "higher", "lower"),
               _ci_words(tu), _verdict(tu, "longer", "shorter"),
               _ci_words(lv, 2), _verdict(lv, "deeper", "shallower"),
               failures))
    return out


def write(records, path, out, order, identities):
    """Writes the report to `out` and its charts beside it (out's
    directory); returns the files written."""
    charts = {}
    text = build(records, path, order, identities, charts)
    base = os.path.dirname(os.path.abspath(out))
    written = []
    # charts of settings no longer in the results go
    for name in {os.path.dirname(n) for n in charts}:
        d = os.path.join(base, name)
        for old in os.listdir(d) if os.path.isdir(d) else []:
            if old.startswith("survival-") and old.endswith(".svg") and "%s/%s" % (name, old) not in charts:
                os.remove(os.path.join(d, old))
    for name, svg in sorted(charts.items()):
        target = os.path.join(base, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as f:
            f.write(svg)
        written.append(target)
    with open(out, "w") as f:
        f.write(text)
    return [out] + written
