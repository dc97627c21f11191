#!/usr/bin/env python3
"""Turns the raw data of bench/run.sh into the results of BENCHMARKS.md.

    bench/report.py --out target/bench --seeds "1 2 3" --turns 4000 \
        --repeat 5 --rules "implicit dnd" --benchmarks BENCHMARKS.md

Everything between BENCHMARKS.md's markers

    <!-- bench/run.sh: results begin -->  ...  <!-- bench/run.sh: results end -->

is rewritten; the rest of the file is left as it is.  Standard library only
(and bench/cgstats.py beside it).
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgstats  # noqa: E402

BEGIN = "<!-- bench/run.sh: results begin -->"
END = "<!-- bench/run.sh: results end -->"
CONFIGS = ["variant", "baseline", "variant-off"]
# the variant's own facing rule set (sysconf FLANKING_RULES' default); the
# others bench/run.sh measures are configs variant-RULES ('+' written '_')
DEFAULT_RULES = "proposal"
# functions whose inclusive cost per call the game section reports
GAME_FUNCS = [
    "flank_bonus",
    "flank_decided",
    "flank_explain",
    "flank_score",
    "find_roll_to_hit",
    "mattacku",
    "mattackm",
    "thitmonst",
    "thitu",
    "mattacku_tohit",
    "mattackm_tohit",
]
# the glue's (variant/game/src/flank*.c) own functions, taken apart under flank_bonus (whichever of
# them gcc kept out of line; the others count as their caller's own code)
GLUE_FUNCS = [
    "flank_halfpoints",
    "flank_gather",
    "flank_creature",
    "flank_blocked",
    "flank_pet_unwilling",
    "flank_hero_cant_squeeze",
    "flank_mover_init",
    "flank_mover_abilities",
    "flank_mover_blocked",
    "flank_tohit",
    "flank_eval",
    "flank_facing_of",
    "flank_lone_foe",
    # threats from range (sysconf FLANKING_RANGED): the lines around the
    # defender and what the creature on each could attack with
    "flank_gather_ranged",
    "flank_mon_arms",
    "flank_hero_arms",
    "flank_mon_shoots",
    "flank_mon_missile",
]
# the glue's (variant/game/src/flank*.c) entry points that NetHack's own code calls (patches/): none
# calls another but flank_bonus, which is flank_tohit() for a melee attack;
# flanking's whole cost is their inclusive cost from NetHack's callers
ENTRY_FUNCS = [
    "flank_bonus",  # every to-hit hook but thitu()'s
    "flank_tohit",  # thitu(), directly
    "flank_damage",
    "flank_zone_said",  # beside flank_damage(): what the hero sees of a zoned hit
    "flank_backstab",
    "flank_unnoticed",  # disturb(), for a sleeping monster
    "flank_hero_acted",  # moveloop(), once per hero action that took time
    "flank_hero_starts",
    "flank_hero_directed",
    "flank_hero_moves",
    "flank_decided",
    "flank_rules_now",  # the version string, the dumplog, xlogfile
    "flank_rules_facing",  # 'v' and #version: is a facing rule set in force?
    "flank_plan_move",  # m_move(): a hostile monster approaching the hero
    "flank_plan_pet",  # dog_move(): a pet that attacked nothing
    "flank_ai_attacked",  # wakeup() via an attack, mattackm(): ends a wait
    "flank_status_update",  # moveloop(), once per hero input: Flanked
    "flank_status_flanked",  # bot(): is the condition on?
    "flank_offered",  # doset(), dohelp(): do the menus offer our entries?
    "flank_look",  # lookat(): farlook's phrase
    "flank_u_facing_name",  # ^X: the way the hero faces
]
# monsters that flank: one planned move (gathering + the engine's scoring of
# the candidates) is a flank_plan_apply() call; the entry points that reach it
PLAN_ENTRY = ["flank_plan_move", "flank_plan_pet"]
# the engine's entry point for a plan (ABI 12), and the glue's walk for
# the allies it calls back into, which counts with the glue, not the engine
PLAN_ENGINE = "flank_plan_asking"
PLAN_ALLIES = "flank_allies"
PLAN_FUNCS = ["flank_plan_apply", "flank_plan_asking", "flank_allies",
              "flank_plans", "flank_gather_input"]
assert PLAN_ENGINE in PLAN_FUNCS and PLAN_ALLIES in PLAN_FUNCS
TARGET_PLAN = 1.5  # times one evaluation
# the variant with sysconf FLANKING_AI=0: no monster plans
AI_OFF_CFG = "variant-ai0"
# the engine's entry points, as the glue calls them (the *_ranged ones with
# FLANKING_RANGED=1)
ENGINE_FUNCS = ["flank_score", "flank_facing_eval", "flank_explain",
                "flank_score_ranged", "flank_explain_ranged",
                "flank_facing_eval_ranged"]
# the engine's advice to the gatherer of the lines (FLANKING_RANGED=1),
# counted in the gathering of the lines
RANGED_ADVICE = ["flank_ranged_lines", "flank_ranged_armed"]
WANTED = sorted(set(GAME_FUNCS + GLUE_FUNCS + ENTRY_FUNCS + ENGINE_FUNCS + PLAN_FUNCS))
TARGET_ENGINE = 25
TARGET_EVAL = 400
TARGET_GAME = 1.0  # percent


def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    except OSError:
        return ""


def fmt(x, digits=1):
    return f"{x:,.{digits}f}"


def pct(ratio):
    return f"{(ratio - 1) * 100:+.2f}%"


def per(stats, name):
    f = stats[name]
    return f["inclusive"] / f["calls"] if f["calls"] else float("nan")


def read_times(path, pattern):
    vals = []
    if os.path.exists(path):
        for line in open(path):
            m = re.search(pattern, line)
            if m:
                vals.append(float(m.group(1)))
    return vals


def machine():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "nproc": sh("nproc").strip(),
        "cpu": cpu,
        "rustc": sh("rustc", "--version").strip(),
        "gcc": sh("gcc", "--version").splitlines()[0] if sh("gcc", "--version") else "?",
        "valgrind": sh("valgrind", "--version").strip(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def end_line(path):
    """The fuzzer's closing line: (turns, line without the seed)."""
    for line in open(path, errors="replace"):
        if line.startswith("fuzzer:") and ("ended;" in line or "panic" in line):
            m = re.match(r"fuzzer: seed \d+, (\d+) turns, (.*)", line.strip())
            if m:
                return int(m.group(1)), m.group(2)
    raise SystemExit(f"{path}: no 'fuzzer: ... ended' line")


def rules_cfg(rules):
    return "variant" if rules == DEFAULT_RULES else "variant-" + rules.replace("+", "_")


_runs = {}


def load(out, cfg, seed):
    """(callgrind figures, turns played, closing line) of one fuzzer run."""
    if (cfg, seed) not in _runs:
        st = cgstats.parse(os.path.join(out, f"game/cg.{cfg}.{seed}"), WANTED)
        nturns, end = end_line(os.path.join(out, f"game/fuzz.{cfg}.{seed}.log"))
        _runs[cfg, seed] = (st, nturns, end)
    return _runs[cfg, seed]


def engine_section(out, lines):
    text = open(os.path.join(out, "engine/callgrind.txt")).read()
    per_call = float(re.search(r"inside flank_score per call:\s*([\d.]+)", text).group(1))
    per_iter = float(re.search(r"per iteration \(call \+ loop\):\s*([\d.]+)", text).group(1))
    ns = read_times(os.path.join(out, "engine/bench_score.time"), r"([\d.]+) ns per call")
    abi = {}
    for fn in ("score", "explain"):
        st = cgstats.parse(os.path.join(out, f"engine/cg.abi.{fn}"), [f"flank_{fn}"])
        f = st["functions"][f"flank_{fn}"]
        t = read_times(os.path.join(out, f"engine/abi.{fn}.time"), r"([\d.]+) ns per call")
        abi[fn] = (f, t)
    lines += [
        "### The engine",
        "",
        "`rust-flanking/bench/callgrind.sh` (Rust caller, `examples/bench_score.rs`, 256 varied",
        "valid neighbourhoods) and `bench/abi_bench.c` (the same inputs from C over the C ABI,",
        "linked with `librust_flanking.a`, as the game calls it). Instructions are callgrind's",
        "inclusive Ir per call; ns are the min and median of the timed runs.",
        "",
        "| entry point | caller | instructions per call | ns per call (min / median) |",
        "|---|---|---:|---:|",
        f"| `flank_score` | Rust (`bench_score`) | {fmt(per_call)} (loop included: {fmt(per_iter)}) "
        f"| {fmt(min(ns), 2)} / {fmt(statistics.median(ns), 2)} |",
    ]
    for fn in ("score", "explain"):
        f, t = abi[fn]
        lines.append(
            f"| `flank_{fn}` | C (`abi_bench`) | {fmt(f['inclusive'] / f['calls'])} "
            f"| {fmt(min(t), 2)} / {fmt(statistics.median(t), 2)} |"
        )
    f = abi["explain"][0]
    parts = ", ".join(
        f"`{name}` {fmt(cost / f['calls'])}"
        for name, (calls, cost) in sorted(f["callees"].items(), key=lambda kv: -kv[1][1])
    )
    lines += [
        "",
        f"`flank_explain` per call: its own code {fmt(f['self'] / f['calls'])}, {parts}.",
        "",
    ]
    return per_call, abi["explain"][0]["inclusive"] / abi["explain"][0]["calls"]


def game_section(out, seeds, turns, lines):
    runs = {(cfg, seed): load(out, cfg, seed) for cfg in CONFIGS for seed in seeds}

    def agg(cfg, name):
        calls = sum(runs[cfg, s][0]["functions"][name]["calls"] for s in seeds)
        incl = sum(runs[cfg, s][0]["functions"][name]["inclusive"] for s in seeds)
        return calls, incl

    # --- per turn
    lines += [
        "### The whole game: instructions per turn",
        "",
        f"The debug fuzzer (`-D --fuzz=SEED,{turns}`, Valkyrie, see `bench/run.sh`) under",
        "callgrind; total Ir of the process (start-up, level creation and the fuzzer's",
        "per-turn `sanity_check()` included) divided by the turns it played. The variant",
        "(FLANKING=100) and the baseline play the same game only until flanking first",
        "changes a roll; from then on they are different games, so their per-turn ratio is a",
        "sample, not a measurement of overhead. The variant with sysconf FLANKING=0 plays",
        "the baseline's game exactly (the fuzzer leaves the variant's own extended commands",
        "out; tests/same_game.rs), so its ratio is the hooks' own cost on the same game. The",
        "last column compares the fuzzer's closing lines (position, HP, deaths, both RNG",
        "states) of FLANKING=0 and the baseline.",
        "",
        "| seed | baseline Ir/turn | variant Ir/turn | variant / baseline | FLANKING=0 Ir/turn | FLANKING=0 / baseline | FLANKING=0 game = baseline's |",
        "|---:|---:|---:|---:|---:|---:|:---:|",
    ]
    tot = {cfg: [0, 0] for cfg in CONFIGS}
    same_all = True
    for seed in seeds:
        row = {}
        for cfg in CONFIGS:
            st, nturns, _ = runs[cfg, seed]
            row[cfg] = st["total"] / nturns
            tot[cfg][0] += st["total"]
            tot[cfg][1] += nturns
        same = runs["variant-off", seed][2] == runs["baseline", seed][2]
        same_all &= same
        panics = [cfg for cfg in CONFIGS if runs[cfg, seed][2].startswith("panic")]
        lines.append(
            f"| {seed} | {fmt(row['baseline'], 0)} | {fmt(row['variant'], 0)} "
            f"| {pct(row['variant'] / row['baseline'])} | {fmt(row['variant-off'], 0)} "
            f"| {pct(row['variant-off'] / row['baseline'])} | {'yes' if same else '**no**'}"
            + (f" (panic: {', '.join(panics)})" if panics else "") + " |"
        )
    pt = {cfg: tot[cfg][0] / tot[cfg][1] for cfg in CONFIGS}
    lines.append(
        f"| all | {fmt(pt['baseline'], 0)} | {fmt(pt['variant'], 0)} "
        f"| {pct(pt['variant'] / pt['baseline'])} | {fmt(pt['variant-off'], 0)} "
        f"| {pct(pt['variant-off'] / pt['baseline'])} | {'yes' if same_all else '**no**'} |"
    )
    # flanking's own instructions in the variant's games: the evaluations
    # NetHack's code asks for (not the Flanked condition's, counted apart)
    fb_calls = fb_incl = 0
    for s in seeds:
        c, i = from_game(runs["variant", s][0]["functions"], "flank_bonus")
        fb_calls, fb_incl = fb_calls + c, fb_incl + i
    fd_calls, fd_incl = agg("variant", "flank_decided")
    fs_calls, fs_incl = agg("variant", "flank_status_update")
    own = fb_incl + fd_incl + fs_incl
    share = own / tot["variant"][0] * 100
    off_ratio = pt["variant-off"] / pt["baseline"]
    lines += [
        "",
        f"Flanking's own instructions in the variant's games: `flank_bonus` (every evaluation",
        f"a to-hit roll asks for), `flank_decided` (the message hook) and `flank_status_update`",
        f"(the Flanked condition, {fmt(fs_incl / 1e6, 2)} M), inclusive, are {fmt(own / 1e6, 2)} M of",
        f"{fmt(tot['variant'][0] / 1e6, 1)} M Ir, **{share:.3f}%** of the variant's instructions",
        f"({fmt(own / tot['variant'][1], 0)} Ir per turn; {fb_calls:,} evaluations in"
        f" {tot['variant'][1]:,} turns). "
        + (f"With the same game on both sides (FLANKING=0, identical closing lines), the"
           f" variant costs **{pct(off_ratio)}** per turn against the baseline"
           f" ({fmt(pt['variant-off'] - pt['baseline'], 0)} Ir per turn): the hooks,"
           " `flank_bonus`'s early return, and the code layout of a different binary."
           if same_all else
           "The variant with FLANKING=0 should play the baseline's game exactly, but some"
           " closing lines differ (tests/same_game.rs fails too): the fuzzer's keys or the"
           " game depend on something the variant changes even with flanking off. Its"
           f" per-turn ratio, {pct(off_ratio)}, is therefore a sample of two different"
           " games, not an overhead; flanking's own share above is the measurement."),
        "",
    ]

    # --- per call
    lines += [
        "### One flanking evaluation, and the to-hit code around it",
        "",
        "Inclusive instructions per call, all seeds together (calls in brackets). The",
        "variant's (FLANKING=100) and baseline's games diverge, so these are averages over",
        "different fights; they are still comparable per call. FLANKING=0 plays the",
        "baseline's fights exactly, with the same calls: the difference of the two is the",
        "hooks' own cost per call.",
        "",
        "The last column is the part of a variant call spent in `flank_bonus` (directly",
        "or through `mattacku_tohit`/`mattackm_tohit`; `thitu` calls `flank_tohit` itself):",
        "the flanking evaluation it pays for.",
        "",
        "| function | baseline | variant | variant - baseline | variant FLANKING=0 |"
        " FLANKING=0 - baseline | of a variant call: `flank_bonus` |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]

    def flank_inside(name):
        """Ir of flank_bonus per call of name, directly or via a *_tohit helper."""
        calls = total = 0
        for s in seeds:
            fs = runs["variant", s][0]["functions"]
            calls += fs[name]["calls"]
            cal = fs[name]["callees"]
            # flank_bonus, or thitu()'s own flank_tohit
            total += cal.get("flank_bonus", (0, 0))[1] + cal.get("flank_tohit", (0, 0))[1]
            for helper in ("mattacku_tohit", "mattackm_tohit"):
                if helper in cal and fs[helper]["calls"]:
                    share = cal[helper][0] / fs[helper]["calls"]
                    total += share * fs[helper]["callees"].get("flank_bonus", (0, 0))[1]
        return total / calls if calls else None

    def cell(cfg, name):
        c, i = agg(cfg, name)
        return (i / c if c else None), c

    for name in ["flank_bonus", "flank_decided", "find_roll_to_hit", "mattacku", "mattackm",
                 "thitmonst", "thitu"]:
        b, bc = cell("baseline", name)
        v, vc = cell("variant", name)
        o, oc = cell("variant-off", name)
        bs = f"{fmt(b)} ({bc:,})" if b is not None else "-"
        vs = f"{fmt(v)} ({vc:,})" if v is not None else "-"
        os_ = f"{fmt(o)} ({oc:,})" if o is not None else "-"
        diff = f"{v - b:+,.1f}" if (b is not None and v is not None) else "-"
        hooks = "-"
        if b is not None and o is not None:
            hooks = f"{o - b:+,.1f}" + ("" if oc == bc else " (other calls)")
        fi = flank_inside(name) if name.startswith(("find_", "mattack", "thit")) else None
        fis = fmt(fi) if fi is not None else ""
        lines.append(f"| `{name}` | {bs} | {vs} | {diff} | {os_} | {hooks} | {fis} |")
    eval_cost = fb_incl / fb_calls if fb_calls else float("nan")

    # breakdown of flank_bonus, descending into the glue's out-of-line functions
    def summed(name):
        selfc, callees = 0, {}
        for s in seeds:
            f = runs["variant", s][0]["functions"].get(name)
            if f is None:  # a clone gcc made, absent from this run
                continue
            selfc += f["self"]
            for callee, (c, i) in f["callees"].items():
                cc, ii = callees.get(callee, (0, 0))
                callees[callee] = (cc + c, ii + i)
        return selfc, callees

    lines += [
        "",
        f"Where a `flank_bonus` call's {fmt(eval_cost)} instructions go (variant, all seeds;",
        "per `flank_bonus` call; NetHack's functions that gcc inlined count as their",
        "caller's own code; the glue's functions are taken apart in turn):",
        "",
        "| part | instructions | calls |",
        "|---|---:|---:|",
    ]

    def tree(name, depth, incl):
        selfc, callees = summed(name)
        indent = "&nbsp;&nbsp;&nbsp;&nbsp;" * depth
        lines.append(f"| {indent}`{name}`, its own code | {fmt(selfc / fb_calls)} | |")
        for callee, (c, i) in sorted(callees.items(), key=lambda kv: -kv[1][1])[:12]:
            lines.append(f"| {indent}`{callee}` | {fmt(i / fb_calls)} | {c / fb_calls:.2f} |")
            if callee in GLUE_FUNCS + GLUE_CLONES and depth < 4:
                tree(callee, depth + 1, i)

    # gcc's clones of the glue's functions (flank_gather.part.0), as named
    GLUE_CLONES = sorted({n for s in seeds for n in runs["variant", s][0]["functions"]
                          if n not in GLUE_FUNCS and n.split(".")[0] in GLUE_FUNCS})
    if fb_calls:
        tree("flank_bonus", 0, fb_incl)
    lines.append("")
    return eval_cost, share, off_ratio, same_all, pt


def base_name(name):
    while cgstats.CLONE.search(name):
        name = cgstats.CLONE.sub("", name)
    return name


def summed_funcs(out, cfg, seeds):
    """cgstats' functions of cfg's runs, added up over the seeds."""
    fs = {}
    for s in seeds:
        for name, f in load(out, cfg, s)[0]["functions"].items():
            g = fs.setdefault(name, {"calls": 0, "inclusive": 0, "self": 0, "callees": {}})
            g["calls"] += f["calls"]
            g["inclusive"] += f["inclusive"]
            g["self"] += f["self"]
            for callee, (c, i) in f["callees"].items():
                cc, ii = g["callees"].get(callee, (0, 0))
                g["callees"][callee] = (cc + c, ii + i)
    return fs


def from_game(fs, name):
    """(calls, inclusive Ir) of name from NetHack's code, not from another
    entry point (flank_bonus calls flank_tohit)."""
    f = fs.get(name)
    if f is None:
        return 0, 0
    calls, incl = f["calls"], f["inclusive"]
    for g in ENTRY_FUNCS:
        c, i = fs.get(g, {"callees": {}})["callees"].get(name, (0, 0))
        calls, incl = calls - c, incl - i
    return calls, incl


# an evaluation taken apart: the glue functions it is followed into, and the
# part each function's cost counts as
EVAL_DESCEND = {"flank_bonus", "flank_tohit", "flank_eval", "flank_halfpoints",
                "flank_facing_of"}
EVAL_PART = {"flank_gather": "gather", "flank_facing_of": "facing",
             "flank_lone_foe": "lone", "flank_gather_ranged": "lines",
             **{e: "engine" for e in ENGINE_FUNCS}}


def eval_parts(fs):
    """Ir of the to-hit evaluations (flank_bonus, thitu()'s flank_tohit) by
    part: a function called from several places (flank_eval also from
    flank_unnoticed, flank_halfpoints also from flank_decided) counts for
    each in proportion to the inclusive cost of its calls."""
    acc = {"gather": 0.0, "facing": 0.0, "lone": 0.0, "lines": 0.0, "engine": 0.0,
           "rest": 0.0}

    def walk(name, factor, part, depth):
        f = fs[name]
        acc[part] += f["self"] * factor
        for callee, (_, i) in f["callees"].items():
            base = base_name(callee)
            sub = EVAL_PART.get(base, part)
            g = fs.get(callee)
            if base in EVAL_DESCEND and g and g["inclusive"] and depth < 6:
                walk(callee, factor * i / g["inclusive"], sub, depth + 1)
            else:
                acc[sub] += i * factor

    if fs.get("flank_bonus", {}).get("calls"):
        walk("flank_bonus", 1.0, "rest", 0)
    _, direct = from_game(fs, "flank_tohit")
    if direct > 0:
        walk("flank_tohit", direct / fs["flank_tohit"]["inclusive"], "rest", 0)
    return acc


def config_figures(out, cfg, seeds):
    """One configuration's runs, added up over the seeds: its evaluations
    and their cost taken apart, and flanking's whole share of a turn."""
    fs = summed_funcs(out, cfg, seeds)
    total = sum(load(out, cfg, s)[0]["total"] for s in seeds)
    turns = sum(load(out, cfg, s)[1] for s in seeds)
    entry = {e: from_game(fs, e) for e in ENTRY_FUNCS}
    whole = sum(i for _, i in entry.values())
    ev_calls = entry["flank_bonus"][0] + entry["flank_tohit"][0]
    ev_incl = entry["flank_bonus"][1] + entry["flank_tohit"][1]
    return {
        "cfg": cfg, "fs": fs, "total": total, "turns": turns, "entry": entry,
        "whole": whole, "share": whole / total * 100,
        "evals": ev_calls, "eval": ev_incl / ev_calls if ev_calls else float("nan"),
        "per_turn": total / turns,
        "ends": [load(out, cfg, s)[2] for s in seeds],
        "parts": eval_parts(fs),
    }


def rules_section(out, seeds, rules, lines):
    """The variant under every facing rule set: one row each, proposal's
    (the variant's own runs) first."""
    rule_sets = [DEFAULT_RULES] + [r for r in rules if r != DEFAULT_RULES]
    res = {r: config_figures(out, rules_cfg(r), seeds) for r in rule_sets}
    prop = res[DEFAULT_RULES]

    def verdict(ok):
        return "met" if ok else "**missed**"

    lines += [
        "### Facing rule sets",
        "",
        "The variant (FLANKING=100) under every facing rule set of sysconf `FLANKING_RULES`,",
        "the same fuzzer runs under callgrind; `proposal`, the default, is the variant of the",
        "tables above. An evaluation is the flanking of one to-hit roll: a `flank_bonus`",
        "call (every to-hit hook) or `thitu()`'s own `flank_tohit` call. Under `proposal`",
        "it gathers the eight squares and asks `flank_score`; under the others it also works",
        "out the defender's facing (`flank_facing_of`) and asks `flank_facing_eval`.",
        "Flanking's whole share is the inclusive cost of every glue (`variant/game/src/flank*.c`) entry point",
        "NetHack's code calls (" + ", ".join(f"`{e}`" for e in ENTRY_FUNCS) + ";",
        "`flank_bonus`'s own call of `flank_tohit` counted once) over all the run's",
        "instructions. A rule set that changes fights plays another game than `proposal`",
        "from its first changed roll, so its per-turn ratio is a sample of two games, not",
        "an overhead; the closing lines (position, HP, deaths, both RNG states) say whether",
        "the games stayed the same.",
        "",
        "| rule set | evaluations | Ir per evaluation | `flank_unnoticed` calls"
        " | flanking's whole share (Ir per turn) | Ir per turn | per turn vs `proposal`"
        " | closing lines = `proposal`'s | whole share within 1% |",
        "|---|---:|---:|---:|---:|---:|---:|:---:|:---:|",
    ]
    for r in rule_sets:
        d = res[r]
        if r == DEFAULT_RULES:
            same, vs = "-", "-"
        else:
            diff = [s for s, a, b in zip(seeds, d["ends"], prop["ends"]) if a != b]
            same = "yes" if not diff else "no (seed" + ("s " if len(diff) > 1 else " ") + \
                ", ".join(diff) + ")"
            vs = pct(d["per_turn"] / prop["per_turn"])
        panics = [s for s, e in zip(seeds, d["ends"]) if e.startswith("panic")]
        lines.append(
            f"| `{r}` | {d['evals']:,} | {fmt(d['eval'])} | {d['entry']['flank_unnoticed'][0]:,} "
            f"| {d['share']:.3f}% ({fmt(d['whole'] / d['turns'], 0)}) | {fmt(d['per_turn'], 0)} "
            f"| {vs} | {same} | {verdict(d['share'] <= TARGET_GAME)}"
            + (f" (panic: seed {', '.join(panics)})" if panics else "") + " |"
        )
    lines += [
        "",
        "Where flanking's whole share goes: the entry points' inclusive instructions per",
        "turn, from NetHack's callers (calls per turn in brackets).",
        "",
        "| entry point | " + " | ".join(f"`{r}`" for r in rule_sets) + " |",
        "|---|" + "---:|" * len(rule_sets),
    ]
    for e in ENTRY_FUNCS:
        cells = []
        for r in rule_sets:
            c, i = res[r]["entry"][e]
            t = res[r]["turns"]
            cells.append(f"{fmt(i / t)} ({c / t:.2f})" if c else "-")
        lines.append(f"| `{e}` | " + " | ".join(cells) + " |")
    lines.append("| all | " + " | ".join(
        f"{fmt(res[r]['whole'] / res[r]['turns'])}" for r in rule_sets) + " |")
    lines += [
        "",
        "An evaluation taken apart (Ir per evaluation): the gathering of the eight squares",
        "(`flank_gather`), the defender's facing (`flank_facing_of`; for the hero it looks",
        "for the one hostile monster next to it, `flank_lone_foe`, unless the last action",
        "was directed), the engine (`flank_score` under `proposal`, `flank_facing_eval`",
        "otherwise), and the rest (the glue's own code: the rule set's dispatch, scaling,",
        "the shield, and NetHack's small helpers). A function the evaluations share with",
        "another caller (`flank_eval` with `flank_unnoticed`) counts in proportion.",
        "",
        "| rule set | gathering | facing | of which `flank_lone_foe` | engine | the rest | total |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rule_sets:
        d = res[r]
        n = d["evals"] or 1
        p = d["parts"]
        lines.append(
            f"| `{r}` | {fmt(p['gather'] / n)} | {fmt((p['facing'] + p['lone']) / n)} "
            f"| {fmt(p['lone'] / n)} | {fmt(p['engine'] / n)} | {fmt(p['rest'] / n)} "
            f"| {fmt(sum(p.values()) / n)} |"
        )
    lines.append("")
    return res


def plan_counts(out, cfg, seeds):
    """bench/plancount.py's figures for cfg, added up over the seeds, or
    None when any seed's are missing (no gdb)."""
    tot = {"calls": 0, "scored": 0, "errors": 0, "histogram": {}}
    for s in seeds:
        path = os.path.join(out, f"game/plan.{cfg}.{s}.json")
        if not os.path.exists(path):
            return None
        d = json.load(open(path))
        for k in ("calls", "scored", "errors"):
            tot[k] += d[k]
        for k, v in d["histogram"].items():
            tot["histogram"][k] = tot["histogram"].get(k, 0) + v
        log = os.path.join(out, f"game/plan.{cfg}.{s}.log")
        if os.path.exists(log) and end_line(log) != load(out, cfg, s)[1:]:
            tot["other_game"] = True
    return tot


def plan_section(out, seeds, res, lines):
    """Monsters that flank: a planned move per rule set, and the share of a
    turn with FLANKING_AI on (the variant) and off (variant-ai0)."""
    rows = {}
    for r, d in res.items():
        fs = d["fs"]
        ap = fs.get("flank_plan_apply", {"calls": 0, "inclusive": 0, "self": 0, "callees": {}})
        eng = dict(fs.get(PLAN_ENGINE, {"calls": 0, "inclusive": 0}))
        # the allies walk runs inside the engine's call, but is the glue's
        eng["inclusive"] -= fs.get(PLAN_ALLIES, {"inclusive": 0})["inclusive"]
        n = ap["calls"]
        # the target's squares and facing: flank_gather_input(), the
        # planners' own gathering (flank_gather(), and flank_facing_of()
        # unless the rule set is proposal), or either called directly
        gi = fs.get("flank_gather_input", {"calls": 0, "callees": {}})
        gi_calls = sum(k for c, (k, i) in ap["callees"].items()
                       if base_name(c) == "flank_gather_input")
        gi_incl = sum(i for c, (k, i) in ap["callees"].items()
                      if base_name(c) == "flank_gather_input")
        share = gi_calls / gi["calls"] if gi["calls"] else 0.0
        gi_facing = share * sum(i for c, (k, i) in gi["callees"].items()
                                if base_name(c) == "flank_facing_of")
        gather = gi_incl - gi_facing + sum(
            i for c, (k, i) in ap["callees"].items() if base_name(c) == "flank_gather")
        facing = gi_facing + sum(i for c, (k, i) in ap["callees"].items()
                                 if base_name(c) == "flank_facing_of")
        entry = sum(d["entry"][e][1] for e in PLAN_ENTRY)
        entry_calls = sum(d["entry"][e][0] for e in PLAN_ENTRY)
        pc = plan_counts(out, d["cfg"], seeds)
        rows[r] = {
            "moves": n, "per_move": ap["inclusive"] / n if n else float("nan"),
            "gather": gather / n if n else 0.0, "facing": facing / n if n else 0.0,
            "engine_calls": eng["calls"],
            "engine": eng["inclusive"] / eng["calls"] if eng["calls"] else float("nan"),
            "engine_per_move": eng["inclusive"] / n if n else 0.0,
            "rest": (ap["inclusive"] - gather - facing - eng["inclusive"]) / n if n else 0.0,
            "entry": entry, "entry_calls": entry_calls,
            "entry_turn": entry / d["turns"],
            "pc": pc, "eval": d["eval"],
        }
        rows[r]["ratio"] = rows[r]["per_move"] / d["eval"] if d["eval"] else float("nan")

    def cand(row):
        pc = row["pc"]
        if pc is None:
            return "-"
        txt = f"{pc['scored'] / pc['calls']:.2f}" if pc["calls"] else "-"
        if pc["calls"] != row["engine_calls"] or pc.get("other_game"):
            txt += " (**another game**)"
        return txt

    lines += [
        "### Monsters that flank: a planned move",
        "",
        "A planned move is a `flank_plan_apply()` call: a monster that plans its fights",
        "(FLANKING_AI, on by default), moving next to the hero (`flank_plan_move`, from",
        "`m_move()`) or a pet moving next to a foe of the hero's (`flank_plan_pet`, from",
        "`dog_move()`), when a square it may step to is next to its target. Its inclusive",
        "instructions are the gathering of each target's squares (once, `flank_gather_input`),",
        "the target's facing (`flank_facing_of`), the engine's `flank_plan_asking` (which",
        "scores every candidate square from the masks) and the glue's own code (the",
        "candidates, the planner table, for a hostile monster about to arrive alone",
        "whether the hero reaches it from range, and its allies, `flank_allies()`, which",
        "the engine calls back for only when nothing else stops a wait: counted with the",
        "glue); not vanilla's `m_move()` work. A planned move with no target left after",
        "the gathering does not call the engine. The engine is `flank_plan` in the table.",
        "Candidates per call: `flank_plan_asking`'s return value, read by `bench/plancount.py`",
        "under gdb in the same games run natively. The ratio is to one evaluation of the",
        "same rule set (Ir per evaluation above); the target is at most"
        f" {TARGET_PLAN:g} times. The",
        "last columns are every planner entry point's inclusive cost (the early returns",
        "of the monsters that do not plan included) per turn and per `flank_plan` call.",
        "",
        "| rule set | planned moves | Ir per planned move | gathering | facing | engine"
        " | the rest | `flank_plan` calls | Ir per `flank_plan` call | candidates per call"
        " | one evaluation | ratio | planner entry points per turn (calls) | per `flank_plan` call |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r, row in rows.items():
        lines.append(
            f"| `{r}` | {row['moves']:,} | {fmt(row['per_move'])} | {fmt(row['gather'])}"
            f" | {fmt(row['facing'])} | {fmt(row['engine_per_move'])} | {fmt(row['rest'])}"
            f" | {row['engine_calls']:,} | {fmt(row['engine'])} | {cand(row)}"
            f" | {fmt(row['eval'])} | {row['ratio']:.2f}"
            f" | {fmt(row['entry_turn'])} ({row['entry_calls'] / res[r]['turns']:.2f})"
            f" | {fmt(row['entry'] / row['engine_calls']) if row['engine_calls'] else '-'} |"
        )
    hist_rows = [(r, row["pc"]) for r, row in rows.items() if row["pc"]]
    if hist_rows:
        ks = sorted({int(k) for _, pc in hist_rows for k in pc["histogram"]})
        lines += [
            "",
            "`flank_plan` calls by the candidates they scored:",
            "",
            "| rule set | " + " | ".join(str(k) for k in ks) + " |",
            "|---|" + "---:|" * len(ks),
        ]
        for r, pc in hist_rows:
            lines.append(f"| `{r}` | " + " | ".join(
                f"{pc['histogram'].get(str(k), 0):,}" for k in ks) + " |")

    # FLANKING_AI=0 against the variant (proposal, AI on)
    off = None
    if all(os.path.exists(os.path.join(out, f"game/cg.{AI_OFF_CFG}.{s}")) for s in seeds):
        fs = summed_funcs(out, AI_OFF_CFG, seeds)
        total = sum(load(out, AI_OFF_CFG, s)[0]["total"] for s in seeds)
        turns = sum(load(out, AI_OFF_CFG, s)[1] for s in seeds)
        entry = {e: from_game(fs, e) for e in ENTRY_FUNCS}
        whole = sum(i for _, i in entry.values())
        on = res[DEFAULT_RULES]
        off = {"share": whole / total * 100, "whole": whole, "turns": turns,
               "total": total, "entry": entry,
               "plan": sum(entry[e][1] for e in PLAN_ENTRY + ["flank_ai_attacked"]),
               "ends": [load(out, AI_OFF_CFG, s)[2] for s in seeds]}
        on_plan = sum(on["entry"][e][1] for e in PLAN_ENTRY + ["flank_ai_attacked"])
        same = [s for s, a, b in zip(seeds, off["ends"], on["ends"]) if a == b]
        lines += [
            "",
            "Flanking's whole share of a turn (every entry point, as in the facing table)",
            "with monsters that flank (FLANKING_AI=1, the default: the variant, `proposal`)",
            "and without (sysconf FLANKING_AI=0, otherwise the variant); the planner's",
            "entry points are `flank_plan_move`, `flank_plan_pet` and `flank_ai_attacked`.",
            "Planning changes where monsters step, so the two play different games from",
            "the first changed step: the difference is a sample of two games, not an",
            "overhead.",
            "",
            "| FLANKING_AI | flanking's whole share (Ir per turn) | of which the planner's entry"
            " points (Ir per turn) | evaluations per turn | Ir per turn | closing lines = AI on's |",
            "|---|---:|---:|---:|---:|:---:|",
            f"| 1 (`proposal`) | {on['share']:.3f}% ({fmt(on['whole'] / on['turns'], 0)})"
            f" | {on_plan / on['total'] * 100:.3f}% ({fmt(on_plan / on['turns'], 0)})"
            f" | {on['evals'] / on['turns']:.2f} | {fmt(on['per_turn'], 0)} | - |",
            f"| 0 | {off['share']:.3f}% ({fmt(off['whole'] / turns, 0)})"
            f" | {off['plan'] / total * 100:.3f}% ({fmt(off['plan'] / turns, 0)})"
            f" | {(entry['flank_bonus'][0] + entry['flank_tohit'][0]) / turns:.2f}"
            f" | {fmt(total / turns, 0)} | "
            + ("yes" if len(same) == len(seeds) else
               "no" + (f" (same: seed {', '.join(same)})" if same else "")) + " |",
            "",
            f"The difference AI makes to the share: {on['share'] - off['share']:+.3f} points"
            f" of a turn ({fmt(on['whole'] / on['turns'] - off['whole'] / turns, 0)} Ir per"
            f" turn); the planner's own entry points are {on_plan / on['total'] * 100:.3f}%"
            " of a turn with AI on.",
        ]
    lines.append("")
    return rows, off


def ranged_base(r):
    """(base config, its label) of BENCH_RANGED's r"""
    if r == DEFAULT_RULES:
        return "variant", "`proposal`"
    if r == "ai0":
        return AI_OFF_CFG, "`proposal`, FLANKING_AI=0"
    return rules_cfg(r), f"`{r}`"


def ranged_section(out, seeds, res, ranged, lines):
    """Threats from range: each configuration of BENCH_RANGED with
    FLANKING_RANGED=1 (CFG-ranged) against itself with the option off (the
    default). {r: {"on", "off", "label"}} for those whose runs are there."""
    pairs = {}
    for r in ranged:
        base, label = ranged_base(r)
        on_cfg = base + "-ranged"
        if not all(os.path.exists(os.path.join(out, f"game/cg.{c}.{s}"))
                   for c in (base, on_cfg) for s in seeds):
            continue
        off = res[r] if r in res else config_figures(out, base, seeds)
        pairs[r] = {"off": off, "on": config_figures(out, on_cfg, seeds), "label": label}
    if not pairs:
        return pairs

    def per_eval(d, *parts):
        return sum(d["parts"][p] for p in parts) / d["evals"] if d["evals"] else float("nan")

    def fn(d, name):
        f = d["fs"].get(name, {"calls": 0, "inclusive": 0, "self": 0, "callees": {}})
        return f

    lines += [
        "### Threats from range",
        "",
        "The variant with sysconf `FLANKING_RANGED=1` (configs `CFG-ranged`), under each",
        "configuration of `BENCH_RANGED`, against the same configuration with the option",
        "off (the default), the same fuzzer runs under callgrind. `FLANKING_AI=0` is there",
        "because its games have the most evaluations a turn. With threats from range every",
        "evaluation also gathers the lines from the defender (`flank_gather_ranged`: in each",
        "of the eight directions, the first creature 2 to 7 squares out with nothing that",
        "blocks the view before it, and what it could attack with from there; only the",
        "lines the engine's `flank_ranged_lines` says could change the score, and a",
        "creature's arms only when `flank_ranged_armed` says they decide) and asks the",
        "engine's `flank_score_ranged` (`flank_facing_eval_ranged` under a facing rule",
        "set) instead of `flank_score` (`flank_facing_eval`). An evaluation is",
        "as in the facing table: a `flank_bonus` call or `thitu()`'s own `flank_tohit`; the",
        "whole share is every entry point's, as there. A threat from range changes a roll",
        "only when a creature on a line is armed for its distance; from the first such",
        "roll the two play different games (the last column says whether they did).",
        "",
        "| configuration | FLANKING_RANGED | evaluations (per turn) | Ir per evaluation"
        " | gathering the squares | gathering the lines | facing | engine | the rest"
        " | flanking's whole share (Ir per turn) | Ir per turn | whole share within 1%"
        " | closing lines = off's |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|:---:|",
    ]
    for r, p in pairs.items():
        same = [s for s, a, b in zip(seeds, p["on"]["ends"], p["off"]["ends"]) if a == b]
        p["same"] = len(same) == len(seeds)
        for v, d in (("0", p["off"]), ("1", p["on"])):
            eq = "-" if v == "0" else ("yes" if p["same"] else
                                       "no" + (f" (same: seed {', '.join(same)})" if same else ""))
            lines.append(
                f"| {p['label']} | {v} | {d['evals']:,} ({d['evals'] / d['turns']:.2f})"
                f" | {fmt(d['eval'])} | {fmt(per_eval(d, 'gather'))} | {fmt(per_eval(d, 'lines'))}"
                f" | {fmt(per_eval(d, 'facing', 'lone'))} | {fmt(per_eval(d, 'engine'))}"
                f" | {fmt(per_eval(d, 'rest'))}"
                f" | {d['share']:.3f}% ({fmt(d['whole'] / d['turns'], 0)})"
                f" | {fmt(d['per_turn'], 0)}"
                f" | {'met' if d['share'] <= TARGET_GAME else '**missed**'} | {eq} |"
            )
    lines += [
        "",
        "The lines taken apart, with the option on: `flank_gather_ranged` per call (its own",
        "code and what it calls, the engine's advice `flank_ranged_lines` and",
        "`flank_ranged_armed` among them; the calls per `flank_gather_ranged` call in brackets) and",
        "the engine's entry point per call, against the engine's per call with the option",
        "off.",
        "",
        "| configuration | `flank_gather_ranged` per call | its own code | `does_block`"
        " | `flank_creature` | `isok` | `flank_mon_arms` | `flank_hero_arms`"
        " | `flank_ranged_lines` | `flank_ranged_armed`"
        " | engine with the lines, per call | engine without, per call |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]

    def engine_call(d, names):
        c = sum(fn(d, n)["calls"] for n in names)
        i = sum(fn(d, n)["inclusive"] for n in names)
        return f"{fmt(i / c)} ({', '.join(f'`{n}`' for n in names if fn(d, n)['calls'])})" \
            if c else "-"

    for r, p in pairs.items():
        g = fn(p["on"], "flank_gather_ranged")
        n = g["calls"]

        def callee(name):
            c, i = g["callees"].get(name, (0, 0))
            return f"{fmt(i / n)} ({c / n:.2f})" if n and c else "-"

        lines.append(
            f"| {p['label']} | {fmt(g['inclusive'] / n) if n else '-'}"
            f" | {fmt(g['self'] / n) if n else '-'} | {callee('does_block')}"
            f" | {callee('flank_creature')} | {callee('isok')} | {callee('flank_mon_arms')}"
            f" | {callee('flank_hero_arms')}"
            f" | {' | '.join(callee(a) for a in RANGED_ADVICE)}"
            f" | {engine_call(p['on'], ['flank_score_ranged', 'flank_explain_ranged', 'flank_facing_eval_ranged'])}"
            f" | {engine_call(p['off'], ['flank_score', 'flank_facing_eval'])} |"
        )
    lines += [
        "",
        "Where the whole share goes, Ir per turn from NetHack's callers (calls per turn),",
        "off and on:",
        "",
        "| entry point | " + " | ".join(f"{p['label']} {v}" for p in pairs.values()
                                       for v in ("off", "on")) + " |",
        "|---|" + "---:|" * (2 * len(pairs)),
    ]
    for e in ENTRY_FUNCS:
        cells = []
        for p in pairs.values():
            for d in (p["off"], p["on"]):
                c, i = d["entry"][e]
                cells.append(f"{fmt(i / d['turns'])} ({c / d['turns']:.2f})" if c else "-")
        if any(c != "-" for c in cells):
            lines.append(f"| `{e}` | " + " | ".join(cells) + " |")
    lines += [
        "| all | " + " | ".join(fmt(d["whole"] / d["turns"]) for p in pairs.values()
                                for d in (p["off"], p["on"])) + " |",
        "",
    ]
    for r, p in pairs.items():
        on, off = p["on"], p["off"]
        extra = on["whole"] / on["turns"] - off["whole"] / off["turns"]
        lines.append(
            f"{p['label']}: " + (
                "the closing lines (position, HP, deaths, both RNG states) of every seed are"
                " the option-off runs': no threat from range changed a roll, so the two"
                " played the same games and the difference of the whole shares,"
                f" {extra:+,.0f} Ir per turn ({on['share'] - off['share']:+.3f} points), is"
                " the option's own cost on the same game (the runs' totals differ by"
                f" {on['per_turn'] - off['per_turn']:+,.0f} Ir per turn)."
                if p["same"] else
                "threats from range changed rolls, and from the first changed roll the two"
                " play different games; the difference of the whole shares,"
                f" {extra:+,.0f} Ir per turn, is a sample of two games, not an overhead."))
        lines.append("")
    lines += [
        "A whole run's total also moves with where its memory lies (the playgrounds' paths",
        "differ in length; libc's `strcmp`, called as often in both, costs millions of",
        "instructions more or less with its strings at other addresses): on the same game,",
        "the entry points' own cost is the measure, not the difference of the totals.",
        "",
    ]
    return pairs


def wall_section(out, seeds, repeat, lines):
    path = os.path.join(out, "wall/times.txt")
    times = {}
    for line in open(path):
        cfg, seed, _, t = line.split()
        times.setdefault((cfg, seed), []).append(float(t))
    lines += [
        "### The whole game: wall time",
        "",
        f"The same fuzzer runs without valgrind, {repeat} rounds one at a time; seconds per",
        "run, min (median). Indicative only: the machine is shared.",
        "",
        "| seed | baseline | variant | variant / baseline | FLANKING=0 | FLANKING=0 / baseline |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    sums = {cfg: 0.0 for cfg in CONFIGS}
    for seed in seeds:
        m = {cfg: min(times[cfg, seed]) for cfg in CONFIGS}
        med = {cfg: statistics.median(times[cfg, seed]) for cfg in CONFIGS}
        for cfg in CONFIGS:
            sums[cfg] += m[cfg]
        lines.append(
            f"| {seed} | {m['baseline']:.3f} ({med['baseline']:.3f}) "
            f"| {m['variant']:.3f} ({med['variant']:.3f}) | {pct(m['variant'] / m['baseline'])} "
            f"| {m['variant-off']:.3f} ({med['variant-off']:.3f}) "
            f"| {pct(m['variant-off'] / m['baseline'])} |"
        )
    lines += [
        f"| all (sum of mins) | {sums['baseline']:.3f} | {sums['variant']:.3f} "
        f"| {pct(sums['variant'] / sums['baseline'])} | {sums['variant-off']:.3f} "
        f"| {pct(sums['variant-off'] / sums['baseline'])} |",
        "",
    ]


def build_section(out, lines):
    path = os.path.join(out, "build/times.txt")
    if not os.path.exists(path):
        lines += ["### Build time and binary size", "", "(not measured: BENCH_COLD=0)", ""]
        return
    t, cpu = {}, {}
    for line in open(path):
        f = line.split()
        if len(f) == 5 and f[1] in ("full", "game"):
            t[f[0], f[1]] = float(f[2])
            cpu[f[0], f[1]] = float(f[3]) + float(f[4])
    size = {}
    for flavour in ("vanilla", "variant"):
        b = os.path.join(out, f"build/nethack-flanking.{flavour}")
        text, data, bss = map(int, sh("size", b).splitlines()[1].split()[:3])
        stripped = b + ".stripped"
        subprocess.run(["strip", "-o", stripped, b], check=True)
        size[flavour] = (os.path.getsize(b), os.path.getsize(stripped), text, data, bss)
        os.remove(stripped)
    lines += [
        "### Build time and binary size",
        "",
        "Cold `cargo build --release` of each in an empty target dir (`--features vanilla`",
        "for vanilla); then the game alone (`cargo clean -p nethack-flanking` and build",
        "again: the build script runs NetHack's makefiles and the binary is linked, the",
        "Rust dependencies are kept). Both flavours compile rust-flanking (the launcher",
        "links it either way). One run each: the CPU seconds (user + system, all",
        "processes) depend less on the machine's load than the wall seconds.",
        "",
        "| | vanilla | variant | variant / vanilla |",
        "|---|---:|---:|---:|",
    ]
    for kind, what in (("full", "everything"), ("game", "the game alone")):
        for d, unit in ((cpu, "CPU s"), (t, "wall s")):
            v, w = d["vanilla", kind], d["variant", kind]
            lines.append(f"| cold build, {what} ({unit}) | {v:.1f} | {w:.1f} | {pct(w / v)} |")
    names = ["binary (bytes, with debug line tables)", "stripped (bytes)", "text", "data", "bss"]
    for i, name in enumerate(names):
        v, w = size["vanilla"][i], size["variant"][i]
        lines.append(f"| {name} | {v:,} | {w:,} | {w - v:+,} ({pct(w / v)}) |")
    lines.append("")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--turns", required=True)
    ap.add_argument("--repeat", required=True)
    ap.add_argument("--rules", default="",
                    help="the facing rule sets measured besides proposal (configs variant-RULES)")
    ap.add_argument("--ranged", default="proposal",
                    help="the configurations measured with FLANKING_RANGED=1 as well"
                    " (configs CFG-ranged): proposal, ai0 or a rule set")
    ap.add_argument("--benchmarks", required=True)
    a = ap.parse_args()
    seeds = a.seeds.split()
    m = machine()
    elapsed = open(os.path.join(a.out, "elapsed.txt")).read().strip()

    body = []
    engine, explain = engine_section(a.out, body)
    evaluation, share, off_ratio, same_all, pt = game_section(a.out, seeds, a.turns, body)
    rules = rules_section(a.out, seeds, a.rules.split(), body)
    plans, ai_off = plan_section(a.out, seeds, rules, body)
    ranged = ranged_section(a.out, seeds, rules, a.ranged.split(), body)
    wall_section(a.out, seeds, a.repeat, body)
    build_section(a.out, body)

    def verdict(ok):
        return "met" if ok else "**missed**"

    head = [
        BEGIN,
        "",
        f"Measured {m['date']} by `bench/run.sh` (seeds {', '.join(seeds)}; {a.turns} turns;"
        f" {a.repeat} timing rounds; {elapsed} s in all) on {m['nproc']} cores of"
        f" \"{m['cpu']}\", {m['rustc']}, {m['gcc']}, {m['valgrind']}.",
        "",
        "| target | measured | |",
        "|---|---:|---|",
        f"| the engine: at most {TARGET_ENGINE} instructions per `flank_score` call "
        f"| {fmt(engine)} | {verdict(engine <= TARGET_ENGINE)} |",
        f"| one whole evaluation (`flank_bonus`: gather + engine + scaling): at most"
        f" {TARGET_EVAL} instructions per attack | {fmt(evaluation)} "
        f"| {verdict(evaluation <= TARGET_EVAL)} |",
        f"| the whole game: flanking's instructions within {TARGET_GAME:g}% of a turn's"
        f" | {share:.3f}% | {verdict(share <= TARGET_GAME)} |",
        f"| the hooks' overhead, same game: FLANKING=0 against the baseline, per turn,"
        f" within {TARGET_GAME:g}% | {pct(off_ratio)} | "
        + (verdict(off_ratio - 1 <= TARGET_GAME / 100) if same_all else
           "not comparable: the fuzzer played a different game (see below)") + " |",
    ] + [
        f"| `FLANKING_RULES={r}`: flanking's whole share (every entry point) within"
        f" {TARGET_GAME:g}% of a turn's instructions | {d['share']:.3f}% "
        f"| {verdict(d['share'] <= TARGET_GAME)} |"
        for r, d in rules.items()
    ] + [
        f"| `FLANKING_RULES={r}`: a planned move (`flank_plan_apply`: gathering + the"
        f" engine's scoring of the candidates) at most {TARGET_PLAN:g} times one evaluation"
        f" | {fmt(p['per_move'])} ({p['ratio']:.2f} times {fmt(p['eval'])})"
        f" | {verdict(p['ratio'] <= TARGET_PLAN)} |"
        for r, p in plans.items() if p["moves"]
    ] + ([
        f"| FLANKING_AI=0 (`proposal`): flanking's whole share within {TARGET_GAME:g}% of a"
        f" turn's instructions (with AI: {rules[DEFAULT_RULES]['share']:.3f}%)"
        f" | {ai_off['share']:.3f}% | {verdict(ai_off['share'] <= TARGET_GAME)} |"
    ] if ai_off else []) + [
        f"| FLANKING_RANGED=1 ({p['label']}): flanking's whole share within {TARGET_GAME:g}% of"
        f" a turn's instructions (off: {p['off']['share']:.3f}%)"
        f" | {p['on']['share']:.3f}% | {verdict(p['on']['share'] <= TARGET_GAME)} |"
        for p in ranged.values()
    ] + [
        f"| FLANKING_RANGED=1 ({p['label']}): one whole evaluation (gather the squares and the"
        f" lines + engine): at most {TARGET_EVAL} instructions per attack (off:"
        f" {fmt(p['off']['eval'])}) | {fmt(p['on']['eval'])}"
        f" | {verdict(p['on']['eval'] <= TARGET_EVAL)} |"
        for p in ranged.values()
    ] + [
        "",
    ]
    section = "\n".join(head + body + [END])

    with open(a.benchmarks) as f:
        doc = f.read()
    if BEGIN in doc and END in doc:
        pre = doc[: doc.index(BEGIN)]
        post = doc[doc.index(END) + len(END) :]
        doc = pre + section + post
    else:
        doc = doc.rstrip("\n") + "\n\n" + section + "\n"
    with open(a.benchmarks, "w") as f:
        f.write(doc)
    json.dump(
        {"engine": engine, "explain": explain, "evaluation": evaluation, "share": share,
         "off_ratio": off_ratio, "same_game": same_all, "per_turn": pt,
         "rules": {r: {"evaluations": d["evals"], "per_evaluation": d["eval"],
                       "share": d["share"], "per_turn": d["per_turn"],
                       "same_game_as_proposal": d["ends"] == rules[DEFAULT_RULES]["ends"],
                       "planned_moves": plans[r]["moves"],
                       "per_planned_move": plans[r]["per_move"],
                       "plan_ratio": plans[r]["ratio"],
                       "flank_plan_calls": plans[r]["engine_calls"],
                       "per_flank_plan": plans[r]["engine"],
                       "candidates": (plans[r]["pc"]["scored"] / plans[r]["pc"]["calls"]
                                      if plans[r]["pc"] and plans[r]["pc"]["calls"] else None)}
                   for r, d in rules.items()},
         "ai_off_share": ai_off["share"] if ai_off else None,
         "ranged": {r: {"share": p["on"]["share"], "per_evaluation": p["on"]["eval"],
                        "evaluations": p["on"]["evals"], "off_share": p["off"]["share"],
                        "off_per_evaluation": p["off"]["eval"],
                        "same_game_as_off": p["same"]}
                    for r, p in ranged.items()}},
        open(os.path.join(a.out, "summary.json"), "w"), indent=1)
    print(f"wrote {a.benchmarks}: engine {engine:.1f} Ir/call, evaluation {evaluation:.1f}"
          f" Ir/attack, flanking {share:.3f}% of the game, FLANKING=0 {pct(off_ratio)}; rule sets: "
          + ", ".join(f"{r} {d['share']:.3f}%" for r, d in rules.items())
          + "".join(f"; FLANKING_RANGED=1 ({r}) {p['on']['share']:.3f}%,"
                    f" {p['on']['eval']:.1f} Ir/evaluation" for r, p in ranged.items()))


if __name__ == "__main__":
    main()
