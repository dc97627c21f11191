#!/usr/bin/env python3
"""Runs the variant's checker on gen.py's fixtures, before and after, and
classifies every disagreement with the peer by the clause that makes it.

  measure.py [--out DIR] [--flank BIN] [--before BIN]
             [--export-nerfhack DIR] [--export-silq DIR]

For each set (nerfhack, silq) it runs `flank check` of the engine under
test (--flank, "after") on the whole set, and of the old engine (--before,
d77d91a's) on the cases the old format could say (the cases with no
`new_words`, see gen.py: the old reader refuses the others, which are
counted apart as "not sayable before" after checking that it does refuse
each). It joins `FAIL NAME: hit GOT, expected WANT` lines to the cases'
facts (SET.cases.jsonl), prints the counts per class, and writes
OUT/SET.disagreements.jsonl (the case, the variant's hit, the class; the
"after" engine's). A class is proved where it can be: the peer is run again
on the case as the variant reads it and must then give the variant's
answer.

--export-*: copies every fixture of the set that the "after" engine passes
into DIR (emptied of *.flank first), leaving out those of a class the
variant keeps apart from the peer (under silq: every case with an asleep or
fleeing monster, FLANKING-DECISIONS `silq` "Who counts", fixture
peer-silq/s10).
"""
import argparse
import collections
import copy
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

FAIL = re.compile(r"^FAIL (\S+?): (.*)$")


def check(flank, d):
    """`flank check D`: {name: (hit or None, text)}, {path: error} for
    files it could not read, and the summary line."""
    p = subprocess.run([flank, "check", d], capture_output=True, text=True)
    fails, refused = {}, {}
    for line in p.stdout.splitlines():
        m = FAIL.match(line)
        if not m:
            continue
        who = m.group(1)
        if who.endswith(".flank") or re.search(r"\.flank:\d+$", who):
            refused[os.path.basename(who.split(":")[0])[:-6]] = m.group(2)
            continue
        hm = re.search(r"hit ([\d.]+), expected ([\d.]+)", m.group(2))
        fails[who] = (float(hm.group(1)) if hm else None, m.group(2))
    summary = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr
    return fails, refused, summary


def linkdir(src, names):
    d = tempfile.mkdtemp(prefix="h2-before-")
    for n in names:
        os.symlink(os.path.join(src, n + ".flank"), os.path.join(d, n + ".flank"))
    return d


# ---------------------------------------------------------------- NerfHack
def grudge_between_pets(c, got, want):
    """The variant flanks and the peer does not, a tame `grudge` creature
    opposite the attacker of a tame defender: the peers' mm_aggression()
    holds no grudge between pets (3.7's clause), 3.6.7's does."""
    fl = None if c["missile"] else c["squares"][(c["attacker_dir"] + 4) % 8]
    return bool(fl and "grudge" in fl["states"] and c["defender"] == "tame"
                and fl["side"] == "tame" and got and not want)


def nh_class(c, got, want):
    """The class of a NerfHack disagreement (the engine "after")."""
    if grudge_between_pets(c, got, want):
        return ("grudge between two pets: NerfHack's mm_aggression() (3.7's first clause, "
                "\"don't allow pets to fight each other\") gives a tame defender no grudge "
                "against a tame shrieker; the variant reads `grudge` as 3.6.7's "
                "mm_aggression(), which has no such clause")
    return "unexplained: " + nh_class_before(c, got, want)


VARIANT_ONLY_STATES = {"passive", "tail", "unwilling"}
HERO_VARIANT_ONLY = {"paralyzed", "trapped"}


def nh_class_before(c, got, want):
    """The classes of d77d91a's engine (the measurement of session 13)."""
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
        return "1. Conflict: a %s opposite the hero's attacker (NerfHack 0)" % fside
    st = set(fl["states"])
    if fside == "hero":
        vo = st & HERO_VARIANT_ONLY
        if vo and want and not got:
            return "kept then: hero flanker %s (NerfHack's youflanker branch does not read it)" % "+".join(sorted(vo))
    else:
        vo = st & VARIANT_ONLY_STATES
        if vo and want and not got:
            return "kept then: flanker %s (NerfHack does not read it)" % "+".join(sorted(vo))
    who = "NerfHack flanks, variant not" if want else "variant flanks, NerfHack not"
    if d == "tame" and att == "hero":
        n = "3. the hero attacking her own pet"
    elif d == "tame" and att == "tame":
        n = "5. pet against pet"
    elif d == "tame":
        n = "2. a monster attacking a pet"
    elif att in ("hostile", "peaceful") and fside in ("hero", "tame"):
        n = "4. a monster not a pet attacking a monster, the hero or a pet opposite"
    else:
        n = "sides"
    return "%s: defender %s, attacker %s, flanker %s (%s)" % (n, d, att, fside, who)


def nh_tags(c):
    """The situations a NerfHack case is about: what stands
    opposite the attacker (the flanker NerfHack reads), and Conflict."""
    t = []
    a = c["attacker_dir"]
    fl = None if c["missile"] else c["squares"][(a + 4) % 8]
    if c["defender"] != "hero" and c["conflict"]:
        t.append("Conflict beside a monster defender")
    if c["defender"] == "hero" and c["conflict"]:
        t.append("Conflict, hero defender")
    if "nurse" in c["attacker"]["states"] and c["attacker"]["side"] == "hero":
        t.append("the hero attacking in nurse form")
    if fl is None:
        return t
    st = set(fl["states"])
    if fl["side"] == "hero":
        for w in ("sleeping", "paralyzed", "trapped", "hiding", "mimicking", "nurse",
                  "stationary"):
            if w in st:
                t.append("hero opposite, %s" % w)
        if not st:
            t.append("hero opposite, no state")
    else:
        if "grudge" in st:
            t.append("grudge: a %s shrieker opposite (%s defender)" % (fl["side"], c["defender"]))
        for w in ("tail", "passive", "unwilling", "stationary"):
            if w in st:
                t.append("%s opposite" % w)
    return t


def nh_situations(cases, fails, bfails, old):
    """Agreement per situation (the case's tags), after, and before on the
    cases the old format could say."""
    oldset = set(old)
    tot, ok, btot, bok = (collections.Counter() for _ in range(4))
    for n, c in cases.items():
        for t in nh_tags(c):
            tot[t] += 1
            ok[t] += n not in fails
            if bfails is not None and n in oldset:
                btot[t] += 1
                bok[t] += n not in bfails
    print("   by situation (opposite the attacker, in melee): after agree/cases;"
          " before agree/cases sayable")
    for t in sorted(tot):
        b = "%d/%d" % (bok[t], btot[t]) if btot[t] else "-"
        print("   %5d/%-5d %9s  %s" % (ok[t], tot[t], b, t))


# ---------------------------------------------------------------- Sil-Q
ASLEEP_FLEEING = {"sleeping", "fleeing"}


def sq_asleep_fleeing(c):
    return any(cr and set(cr["states"]) & ASLEEP_FLEEING for cr in c["squares"])


def sq_variant_view(c):
    """The case with the creatures the variant does not count made peaceful
    (Sil's attacker_at() counts every monster that is not RF1_PEACEFUL)."""
    v = copy.deepcopy(c)
    for cr in v["squares"]:
        if cr and (set(cr["states"]) & ASLEEP_FLEEING):
            cr["side"] = "peaceful"
    return v


def sq_classes(sq_prog, cases, fails):
    pending = [(n, got) for n, (got, _) in sorted(fails.items()) if got is not None]
    views = [gen.silq_line(sq_variant_view(cases[n])) for n, _ in pending]
    ans = gen.run_peer(sq_prog, views) if views else []
    out = {}
    for (n, got), r in zip(pending, ans):
        c = cases[n]
        where = "attacker-at %d %d" % tuple(c["attacker_offset"]) if c.get("attacker_at") else (
            "melee" if not c["missile"] else "missile on a line")
        if r == got:
            out[n] = ("states: Sil's attacker_at() counts asleep and fleeing monsters "
                      "(kept: FLANKING-DECISIONS silq \"Who counts\", s10)")
        else:
            out[n] = "unexplained (%s)" % where
    for n, (got, text) in fails.items():
        if got is None:
            out[n] = "not a hit disagreement: " + text
    return out


def sq_offsets_before(before, cases, fails):
    """The attacker-at cases as d77d91a's format had to say them: `attack:
    missile` from the octant of the signs of dx, dy (the glue's arithmetic
    then), a jackal two squares out on that line, the neighbours as drawn;
    `expect-hit:` Sil's answer for the exact offset. Run on the old engine."""
    d = tempfile.mkdtemp(prefix="h2-octant-")
    names = [n for n, c in cases.items() if c.get("attacker_at")]
    paths = []
    for n in names:
        c = copy.deepcopy(cases[n])
        dx, dy = c["attacker_offset"]
        c["attacker_dir"] = gen.sign_dir(dx, dy)
        c["attacker_at"] = False
        c["attacker_dist"] = 2
        p = os.path.join(d, n + ".flank")
        with open(p, "w") as f:
            f.write(gen.fixture_text(c, n, "silq", c["peer_answer"], 0, ["octant"]))
        paths.append((n, p, c))
    arcs = gen.arc_scores(before, [p for _, p, _ in paths])
    for n, p, c in paths:
        with open(p, "w") as f:
            f.write(gen.fixture_text(c, n, "silq", c["peer_answer"], arcs[n], ["octant"]))
    bf, br, _ = check(before, d)
    shutil.rmtree(d)
    calm = [n for n in names if not sq_asleep_fleeing(cases[n])]
    print("   before, the attacker-at cases said as the old format had to (missile from the "
          "sign octant): %d of %d agree (%d refused); without asleep/fleeing %d of %d "
          "(after: %d of %d)" %
          (len(names) - len(bf) - len(br), len(names), len(br),
           sum(1 for n in calm if n not in bf and n not in br), len(calm),
           sum(1 for n in calm if n not in fails), len(calm)))


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--flank", default=os.path.join(HERE, "bin", "flank"))
    ap.add_argument("--before", default=None,
                    help="the old engine's flank (d77d91a), run on the cases it can read")
    ap.add_argument("--export-nerfhack", default=None)
    ap.add_argument("--export-silq", default=None)
    args = ap.parse_args()
    sq_prog = os.path.join(HERE, "silq", "peer")
    for name in ("nerfhack", "silq"):
        d = os.path.join(args.out, name)
        if not os.path.isdir(d):
            continue
        cases = {}
        with open(os.path.join(args.out, name + ".cases.jsonl")) as f:
            for line in f:
                c = json.loads(line)
                cases[c["name"]] = c
        old = sorted(n for n, c in cases.items() if not c["new_words"])
        new = sorted(n for n, c in cases.items() if c["new_words"])
        fails, refused, summary = check(args.flank, d)
        if refused:
            sys.exit("%s: the engine under test refuses %d fixtures: %s" %
                     (name, len(refused), sorted(refused.items())[:3]))
        if name == "nerfhack":
            cls = {n: (nh_class(cases[n], got, cases[n]["peer_answer"]) if got is not None
                       else "not a hit disagreement: " + text)
                   for n, (got, text) in fails.items()}
        else:
            cls = sq_classes(sq_prog, cases, fails)
        total = len(cases)
        flanked = sum(1 for c in cases.values() if c["peer_answer"] > 0)
        print("== %s (%d cases; the peer gives a bonus in %d)" % (name, total, flanked))
        print("   after  (%s): %s" % (args.flank, summary))
        agree_old = sum(1 for n in old if n not in fails)
        agree_new = sum(1 for n in new if n not in fails)
        print("   after:  %d of %d agree; on the %d the old format could say: %d; "
              "on the %d with new words: %d" %
              (total - len(fails), total, len(old), agree_old, len(new), agree_new))
        if args.before:
            bd = linkdir(d, old)
            bfails, brefused, bsum = check(args.before, bd)
            shutil.rmtree(bd)
            nd = linkdir(d, new)
            nfails, nrefused, _ = check(args.before, nd)
            shutil.rmtree(nd)
            print("   before (%s): %s" % (args.before, bsum))
            print("   before: on the %d the old format could say: %d agree (%d refused); "
                  "not sayable before: %d (the old reader refuses %d of them, "
                  "reads %d)" % (len(old), len(old) - len(bfails) - len(brefused),
                                 len(brefused), len(new), len(nrefused),
                                 len(new) - len(nrefused)))
            bcls = collections.Counter()
            for n, (got, text) in bfails.items():
                c = cases[n]
                if got is None:
                    bcls["not a hit disagreement: " + text] += 1
                elif name == "nerfhack":
                    bcls[nh_class_before(c, got, c["peer_answer"])] += 1
                else:
                    bcls["states: asleep/fleeing counted by Sil" if sq_asleep_fleeing(c)
                         else "other"] += 1
            print("   before, the disagreements by class:")
            for k, v in sorted(bcls.items(), key=lambda kv: (-kv[1], kv[0])):
                print("   %6d  %s" % (v, k))
        counts = collections.Counter(cls.values())
        print("   after, the disagreements by class:")
        for k, v in counts.most_common():
            ex = sorted(n for n in cls if cls[n] == k)[0]
            print("   %6d  %s  (e.g. %s)" % (v, k, ex))
        if name == "silq":
            af = [n for n, c in cases.items() if sq_asleep_fleeing(c)]
            own = [n for n in af if all(
                i == cases[n]["attacker_dir"] for i, cr in enumerate(cases[n]["squares"])
                if cr and set(cr["states"]) & ASLEEP_FLEEING)]
            print("   silq: %d cases hold an asleep or fleeing monster, %d of them agree "
                  "(%d of these hold it only on the attack's own square, which neither "
                  "counts); without any: %d of %d agree" %
                  (len(af), sum(1 for n in af if n not in fails),
                   sum(1 for n in own if n not in fails),
                   sum(1 for n in cases if n not in fails and n not in af), total - len(af)))
            at = [n for n, c in cases.items() if c.get("attacker_at")]
            print("   silq: attacker-at (knight's moves, (2,2)): %d cases, %d agree; "
                  "without asleep/fleeing %d of %d" %
                  (len(at), sum(1 for n in at if n not in fails),
                   sum(1 for n in at if n not in fails and not sq_asleep_fleeing(cases[n])),
                   sum(1 for n in at if not sq_asleep_fleeing(cases[n]))))
        if name == "silq" and args.before:
            sq_offsets_before(args.before, cases, fails)
        # by new word (after)
        byword = collections.Counter()
        byword_ok = collections.Counter()
        for n in new:
            for w in cases[n]["new_words"]:
                byword[w] += 1
                if n not in fails:
                    byword_ok[w] += 1
        if byword:
            print("   after, by new word (cases using it, of them agree):")
            for w in sorted(byword):
                print("   %6d %6d  %s" % (byword[w], byword_ok[w], w))
        if name == "nerfhack":
            nh_situations(cases, fails, bfails if args.before else None, old)
        with open(os.path.join(args.out, name + ".disagreements.jsonl"), "w") as f:
            for n in sorted(cls):
                f.write(json.dumps(dict(cases[n], variant_hit=fails[n][0], cls=cls[n]),
                                   sort_keys=True) + "\n")
        exp = args.export_nerfhack if name == "nerfhack" else args.export_silq
        if exp:
            os.makedirs(exp, exist_ok=True)
            for p in glob.glob(os.path.join(exp, "*.flank")):
                os.remove(p)
            keep = [n for n in sorted(cases) if n not in fails
                    and not (name == "silq" and sq_asleep_fleeing(cases[n]))]
            for n in keep:
                shutil.copyfile(os.path.join(d, n + ".flank"), os.path.join(exp, n + ".flank"))
            print("   exported %d fixtures to %s" % (len(keep), exp))


if __name__ == "__main__":
    main()
