#!/usr/bin/env python3
"""Runs the variant's checker on gen.py's fixtures and classifies every
disagreement with the peer by the clause that makes it.

  measure.py [--out DIR] [--flank BIN]

For each set (nerfhack, silq, silq-offsets) it runs `flank check DIR`,
reads `FAIL NAME: hit GOT, expected WANT...` lines, joins them to the
cases' facts (SET.cases.jsonl) and prints the counts per class, and writes
OUT/SET.disagreements.jsonl (the case, the variant's hit, the class).
A class is proved where it can be: the peer is run again on the case as
the variant reads it (e.g. with the states Sil-Q ignores treated as the
variant treats them) and must then give the variant's answer.
"""
import argparse
import collections
import copy
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

FAIL = re.compile(r"^FAIL (\S+): (.*)$")


def check(flank, d):
    p = subprocess.run([flank, "check", d], capture_output=True, text=True)
    fails = {}
    for line in p.stdout.splitlines():
        m = FAIL.match(line)
        if m:
            hm = re.search(r"hit ([\d.]+), expected ([\d.]+)", m.group(2))
            fails[m.group(1)] = (float(hm.group(1)) if hm else None, m.group(2))
    summary = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr
    return fails, summary


def peer_again(prog, lines):
    return gen.run_peer(prog, lines)


VARIANT_ONLY_STATES = {"passive", "tail", "unwilling"}
HERO_VARIANT_ONLY = {"paralyzed", "trapped"}


def nh_class(c, got, want):
    a = c["attacker_dir"]
    fl = c["squares"][(a + 4) % 8]
    d = c["defender"]
    att = c["attacker"]["side"]
    if got and want:
        return "amount (level scaling)"
    if fl is None:
        return "no flanker (?)"
    fside = fl["side"]
    if d == "hero" and c["conflict"] and fside in ("peaceful", "tame") and got and not want:
        return "Conflict: a %s opposite the hero's attacker (peer 0; 1. of the issue)" % fside
    st = set(fl["states"])
    if fside == "hero":
        vo = st & HERO_VARIANT_ONLY
        if vo and want and not got:
            return "hero flanker %s: NerfHack's youflanker branch does not read it" % "+".join(sorted(vo))
    else:
        vo = st & VARIANT_ONLY_STATES
        if vo and want and not got:
            return "flanker %s: NerfHack does not read it" % "+".join(sorted(vo))
    who = "peer flanks, variant not" if want else "variant flanks, peer not"
    return "attacker side: defender %s, attacker %s, flanker %s (%s)" % (d, att, fside, who)


def issue_situation(cls):
    """The issue's numbered situation (or the decisions file's kept
    difference) a NerfHack class belongs to."""
    if cls.startswith("Conflict"):
        return "1. Conflict, a peaceful or tame opposite the hero's attacker"
    if "NerfHack does not read it" in cls or "youflanker branch" in cls:
        return "kept difference (FLANKING-DECISIONS: attackless, tail, unwilling pet, helpless hero)"
    if cls.startswith("amount"):
        return "amount"
    m = re.match(r"attacker side: defender (\w+), attacker (\w+), flanker (\w+)", cls)
    if not m:
        return "other"
    d, a, f = m.groups()
    if d == "tame" and a == "hero":
        return "3. the hero attacking her own pet"
    if d == "tame" and a == "tame":
        return "5. pet against pet (Conflict)"
    if d == "tame":
        return "2. a monster attacking a pet, a hostile opposite"
    if a in ("hostile", "peaceful") and f in ("hero", "tame"):
        return "4. a monster not a pet attacking a monster, the hero or a pet opposite"
    return "other"


def sq_variant_view(c):
    """The case with the creatures the variant does not count made peaceful
    (Sil's attacker_at() counts every monster that is not RF1_PEACEFUL)."""
    v = copy.deepcopy(c)
    for cr in v["squares"]:
        if cr and (set(cr["states"]) & {"sleeping", "fleeing"}):
            cr["side"] = "peaceful"
    return v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--flank", default=os.path.join(HERE, "bin", "flank"))
    args = ap.parse_args()
    sq_prog = os.path.join(HERE, "silq", "peer")
    for name in ("nerfhack", "silq", "silq-offsets"):
        d = os.path.join(args.out, name)
        if not os.path.isdir(d):
            continue
        cases = {}
        with open(os.path.join(args.out, name + ".cases.jsonl")) as f:
            for line in f:
                c = json.loads(line)
                cases[c["name"]] = c
        fails, summary = check(args.flank, d)
        classes = collections.Counter()
        rows = []
        both = sum(1 for c in cases.values() if c["peer_answer"] > 0 and c["name"] not in fails)
        both_amount = 0
        pending = []
        for n, (got, text) in sorted(fails.items()):
            c = cases[n]
            want = c["peer_answer"]
            if got is None:
                cls = "not a hit disagreement: " + text
            elif name == "nerfhack":
                cls = nh_class(c, got, want)
            else:
                cls = None
                pending.append((n, got, want))
            if cls:
                classes[cls] += 1
                rows.append(dict(c, variant_hit=got, cls=cls))
        if pending:
            # Sil-Q: run the peer on the variant's view of each case
            views = []
            for n, got, want in pending:
                c = cases[n]
                v = sq_variant_view(c)
                if name == "silq-offsets":
                    v2 = copy.deepcopy(v)
                    v2["attacker_offset"] = None
                    v2["attacker_dist"] = 1
                    views += [gen.silq_line(v), gen.silq_line(v2), gen.silq_line(dict(c, attacker_offset=None, attacker_dist=1))]
                else:
                    views += [gen.silq_line(v)]
            ans = peer_again(sq_prog, views)
            step = 3 if name == "silq-offsets" else 1
            for i, (n, got, want) in enumerate(pending):
                c = cases[n]
                r = ans[i * step:(i + 1) * step]
                if name == "silq-offsets":
                    states_only, both_fix, dir_only = r
                    if dir_only == got:
                        cls = "direction: rough_direction() vs the glue's signs"
                    elif both_fix == got:
                        cls = "direction and states (sleeping/fleeing counted by Sil)"
                    elif states_only == got:
                        cls = "states only (sleeping/fleeing counted by Sil)"
                    else:
                        cls = "unexplained"
                else:
                    cls = ("states: Sil's attacker_at() counts sleeping/fleeing monsters"
                           if r[0] == got else "unexplained")
                classes[cls] += 1
                rows.append(dict(c, variant_hit=got, cls=cls))
        with open(os.path.join(args.out, name + ".disagreements.jsonl"), "w") as f:
            for r in rows:
                f.write(json.dumps(r, sort_keys=True) + "\n")
        total = len(cases)
        flanked = sum(1 for c in cases.values() if c["peer_answer"] > 0)
        print("== %s: %s" % (name, summary))
        print("   %d cases, %d agree, %d disagree; the peer gives a bonus in %d, "
              "%d of them agreed" % (total, total - len(fails), len(fails), flanked, both))
        for cls, k in classes.most_common():
            print("   %5d  %s" % (k, cls))
        if name == "nerfhack":
            groups = collections.Counter()
            for cls, k in classes.items():
                groups[issue_situation(cls)] += k
            print("   by the issue's situations:")
            for g, k in sorted(groups.items()):
                print("   %5d  %s" % (k, g))
        both_pos = [r for r in rows if r["variant_hit"] and r["peer_answer"]]
        print("   disagreements where both give a bonus (the amount differs): %d" % len(both_pos))


if __name__ == "__main__":
    main()
