#!/usr/bin/env python3
"""Random neighbourhoods for NerfHack's and Sil-Q's own flanking functions.

Draws cases (deterministic from --seed), asks the peer programs
(nerfhack/peer, silq/peer: the peers' functions compiled against stand-ins,
see README.md) for their answers, and writes

  OUT/nerfhack/*.flank, OUT/silq/*.flank   fixtures the present format can
      say, `expect-hit:` the peer's answer (`expect:`, the proposal's arc
      score that every fixture carries, is filled in from the variant's own
      `flank score`: it is not the peer's and not under test here);
  OUT/nerfhack.cases.jsonl, OUT/silq.cases.jsonl   every fixture's facts,
      one JSON object a line (file, facts, the peer's input line, answer);
  OUT/inexpressible-nerfhack.jsonl, OUT/inexpressible-silq.jsonl   cases
      the format still cannot say (Elbereth under a hero who is not in the
      neighbourhood, an engulfed hero, the to-hit clamp order; Sil's
      archers off the eight lines beyond a polearm's reach), with the
      peer's answer.

Each case records `new_words`: the words of the format it uses that the
format before ABI 17 (d77d91a) did not have (`grudge`, `stationary`,
`hero hiding`, `hero mimicking`, `hero nurse`, `hero stationary`,
`monster conflict`, `attacker-at`), so that measure.py can tell what the
old engine could not read.

Standard library only.  Usage:
  gen.py [--seed S] [--count N] [--inexpressible N] [--out DIR] [--flank BIN]
         [--only nerfhack|silq]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIRS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
DXY = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
EMPTY_GLYPHS = ". . . . . . # - | + } ^ 0".split() + [" "]

# NerfHack peer flags (nerfhack/peer.c)
F = dict(sleeping=1, paralyzed=2, fleeing=4, trapped=8, confused=16, stunned=32,
         eating=64, hiding=128, mimicking=256, nurse=512, outflanker=1024,
         stationary=2048, grudge=4096, passive=8192, tail=16384, unwilling=32768)
H = dict(blind=1, hallucinating=2, confused=4, stunned=8, punished=16, fumbling=32,
         **{"wounded-legs": 64}, sleeping=128, stationary=256, elbereth=512,
         engulfed=1024, hidden=2048, disguised=4096, nurseform=8192,
         outflanker=16384, paralyzed=32768, trapped=65536)
# the format's words for the hero's forms (`creature D: hero hiding`, ...)
H.update(hiding=H["hidden"], mimicking=H["disguised"], nurse=H["nurseform"])
# the hero's form without an active attack (a mold's, with `stationary`):
# NerfHack's hero branch tests no attacks, so the peer reads nothing of it
H["passive"] = 0
HERO_WORDS = ["blind", "hallucinating", "confused", "stunned", "punished",
              "fumbling", "wounded-legs", "elbereth", "sleeping", "paralyzed",
              "trapped"]
# new in ABI 17: the hero hiding, mimicking (only paralysed, after eating
# a mimic), in a nurse's form, in a form of speed 0
HERO_FORMS = ["hiding", "mimicking", "nurse", "stationary"]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
CORNER = [(2, 2), (-2, 2), (2, -2), (-2, -2)]
MON_STATES = ["sleeping", "paralyzed", "trapped", "fleeing", "passive", "tail",
              "confused", "stunned", "eating", "hiding", "mimicking", "nurse"]
SPECIES_ONLY = {"hiding", "mimicking", "nurse"}  # never tame/passive/tail/outflanker


def side_of(c):
    return c["side"]


# ---------------------------------------------------------------- NerfHack
def hero_states(rng, p=0.06, forms_p=0.06):
    st = [w for w in HERO_WORDS if rng.random() < p]
    for w in HERO_FORMS:
        if rng.random() < forms_p:
            st.append(w)
    forms = [w for w in st if w in ("hiding", "mimicking", "nurse")]
    for w in forms[1:]:
        st.remove(w)
    if "mimicking" in st and "paralyzed" not in st:
        st.append("paralyzed")  # the format: the hero mimics only paralysed
    if "stationary" in st and any(w in st for w in ("hiding", "mimicking", "nurse")):
        st.remove("stationary")  # one form at a time; a mold neither hides nor eats
    if "stationary" in st:
        # 3.6.7's forms of speed 0 (molds, jellies) have no active attack
        # and no eyes: the format wants both said
        st += [w for w in ("passive", "blind") if w not in st]
    return st


def draw_states(rng, side, monster_defender):
    """States of a creature that is not the attacker (format words)."""
    if side == "hero":
        return hero_states(rng)
    st = []
    p = 0.07
    for w in MON_STATES:
        if rng.random() < p:
            st.append(w)
    if side == "tame" and monster_defender and rng.random() < 0.15:
        st.append("unwilling")
    # new words: a speed-0 monster (a mold: passive), a grudge (a shrieker
    # against a purple worm defender: passive)
    if rng.random() < 0.05:
        st.append("stationary")
    if monster_defender and rng.random() < 0.05:
        st.append("grudge")
    if "stationary" in st and "grudge" in st:
        st.remove("stationary")  # 3.6.7's grudge is against a shrieker, which moves
    if "stationary" in st or "grudge" in st:
        if "passive" not in st:
            st.append("passive")
        if "tail" in st:
            st.remove("tail")
    # the format's exclusions
    if side == "tame" or "passive" in st or "tail" in st:
        st = [w for w in st if w not in SPECIES_ONLY]
    if "tail" in st and "passive" in st:
        st.remove("passive")
    if "tail" in st:  # the harness makes a tail as its worm's segment: no field's states
        st = [w for w in st if w not in ("confused", "stunned", "eating")]
    excl = [w for w in st if w in ("eating", "hiding", "mimicking", "nurse")]
    for w in excl[1:]:
        st.remove(w)
    return st


def rough_dir(dx, dy):
    """Sil-Q's rough_direction() (src/xtra2.c) as a DXY index."""
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if dx and abs(dy) // abs(dx) >= 2:
        sx = 0
    if dy and abs(dx) // abs(dy) >= 2:
        sy = 0
    return DXY.index((sx, sy))


def sign_dir(dx, dy):
    return DXY.index(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))


def clear_rule_square(c, rules):
    """`attacker-at:`: the fixture reader checks the square of the rule
    set's direction as if it held the attacker (a `tail` there is refused,
    a `hero` there takes the hero's level bounds), though the attacker
    stands at the offset: keep a tail and the hero off that square (see
    README.md, "What the format got wrong (fixed)")."""
    dx, dy = c["attacker_offset"]
    d = rough_dir(dx, dy) if rules == "silq" else sign_dir(dx, dy)
    c["attacker_dir"] = d  # for the record: the variant's direction
    cr = c["squares"][d]
    if cr and (cr["side"] == "hero" or "tail" in cr["states"]):
        c["squares"][d] = None


def new_words(c):
    """The words of the format the case uses that d77d91a's format lacked."""
    w = set()
    if c["defender"] != "hero" and c.get("conflict"):
        w.add("monster conflict")
    if c.get("attacker_at"):
        w.add("attacker-at")
    crs = [c["attacker"]] + [x for x in c["squares"] if x]
    for cr in crs:
        for st in cr["states"]:
            if st in ("grudge", "stationary") and cr["side"] != "hero":
                w.add(st)
            if cr["side"] == "hero" and st in HERO_FORMS:
                w.add("hero " + st)
    return sorted(w)


def nerfhack_case(rng, missile_p=0.08, at_p=0.03):
    """One case in what NerfHack and the format can both say."""
    c = {"peer": "nerfhack"}
    monster_def = rng.random() < 0.55
    if monster_def:
        c["defender"] = rng.choice(["hostile", "hostile", "peaceful", "tame"])
        c["conflict"] = rng.random() < 0.2  # `defender: monster conflict`
        c["elbereth_def"] = False
    else:
        c["defender"] = "hero"
        c["conflict"] = rng.random() < 0.2
        c["elbereth_def"] = rng.random() < 0.12
    a = rng.randrange(8)
    c["attacker_dir"] = a
    c["attacker_at"] = rng.random() < at_p
    c["missile"] = c["attacker_at"] or rng.random() < missile_p
    if c["attacker_at"]:
        # `attacker-at:` a polearm's or lance's offset; the creature there
        # is the format's hostile jackal. NerfHack: "If too far, then return."
        c["attacker_offset"] = list(rng.choice(KNIGHT + CORNER))
        att_side = "hostile"
    elif not monster_def:
        att_side = rng.choice(["hostile", "peaceful", "tame"]) if c["conflict"] else "hostile"
    else:
        att_side = rng.choice(["hero", "hero", "tame", "tame", "hostile", "peaceful"])
    att = {"side": att_side, "states": []}
    if att_side == "hero":
        att["level"] = rng.randint(1, 30)
        if rng.random() < 0.3:
            att["states"].append("outflanker")
        if rng.random() < 0.1:
            att["states"].append("elbereth")
        # the hero's forms as attacker (a nurse's: "They are healers")
        f = rng.random()
        if f < 0.08:
            att["states"].append("nurse")
        elif f < 0.12:
            att["states"].append("hiding")
        elif f < 0.15:
            att["states"] += ["mimicking", "paralyzed"]
        # (never `stationary`: a form of speed 0 has no active attack, so
        # the hero in one attacks nothing in melee)
        if ("nurse" in att["states"] or "hiding" in att["states"]) and "outflanker" in att["states"]:
            # her form is not her role: a nurse's or a snake's form does
            # not flank by nature (the game's harness builds those forms)
            att["states"].remove("outflanker")
    else:
        att["level"] = rng.choice([rng.randint(0, 10), rng.randint(0, 49)])
        if c["attacker_at"]:
            pass
        elif att_side != "tame" and rng.random() < 0.2:
            att["states"].append("outflanker")
        elif att_side != "tame" and rng.random() < 0.06:
            att["states"].append("nurse")
    c["attacker"] = att
    # the other squares
    hero_placed = att_side == "hero" or not monster_def
    sq = [None] * 8
    b = (a + 4) % 8
    special = rng.random()
    for d in range(8):
        if d == a and not c["attacker_at"]:
            continue
        if monster_def and d == b and special < 0.10:
            # 3.6.7's one grudge: a shrieker (passive) beside a purple worm
            side = rng.choice(["peaceful", "peaceful", "hostile", "tame"])
            st = ["passive", "grudge"]
            for w in ("sleeping", "paralyzed", "fleeing", "trapped", "confused"):
                if rng.random() < 0.05:
                    st.append(w)
            sq[d] = {"side": side, "states": st}
            continue
        if monster_def and d == b and not hero_placed and special < 0.25:
            # the hero as flanker, her forms and states drawn more often
            sq[d] = {"side": "hero", "states": hero_states(rng, 0.08, 0.12)}
            hero_placed = True
            continue
        pr = 0.75 if d == b else 0.3
        if rng.random() >= pr:
            sq[d] = None
            continue
        if monster_def and not hero_placed and rng.random() < 0.25:
            side = "hero"
            hero_placed = True
        else:
            side = rng.choice(["hostile", "hostile", "tame", "peaceful"])
        sq[d] = {"side": side, "states": draw_states(rng, side, monster_def)}
    c["squares"] = sq
    c["terrain"] = [rng.choice(EMPTY_GLYPHS) for _ in range(8)]
    if c["attacker_at"]:
        clear_rule_square(c, "nerfhack")
    elif c["missile"]:
        # the format's missile attacker is the hostile jackal two squares
        # out: the case says what the fixture says (NerfHack: too far, 0)
        c["attacker"] = {"side": "hostile", "states": [], "level": att["level"]}
    c["new_words"] = new_words(c)
    return c


def nerfhack_line(c):
    """The peer program's input line for a case."""
    hf = 0
    ulev = 1
    if c.get("elbereth_def"):
        hf |= H["elbereth"]
    if c.get("blind_def"):
        hf |= H["blind"]  # the hero defender blind (`defender: blind`)
    for w in c.get("hero_extra", []):
        hf |= H[w]
    if c["defender"] == "hero" and c.get("engulfed"):
        hf |= H["engulfed"]
    parts = []

    def mon(dx, dy, cr):
        nonlocal hf, ulev
        if cr["side"] == "hero":
            for w in cr["states"]:
                hf |= H[w]
            if cr.get("level"):
                ulev = cr["level"]
            return "%d %d h 0 0" % (dx, dy)
        fl = 0
        for w in cr["states"]:
            fl |= F[w]
        if cr.get("grudge"):
            fl |= F["grudge"]
        s = {"tame": "t", "peaceful": "p", "hostile": "x"}[cr["side"]]
        return "%d %d %s %d %d" % (dx, dy, s, cr.get("level", 0), fl)

    d = c["defender"]
    parts.append(mon(0, 0, {"side": "hero" if d == "hero" else d, "states": []}))
    a = c["attacker_dir"]
    k = c.get("attacker_dist", 2 if c["missile"] else 1)
    off = c.get("attacker_offset") or (DXY[a][0] * k, DXY[a][1] * k)
    parts.append(mon(off[0], off[1], c["attacker"]))
    for dd, cr in enumerate(c["squares"]):
        if cr is not None:
            parts.append(mon(DXY[dd][0], DXY[dd][1], cr))
    for ex in c.get("far_creatures", []):
        parts.append(mon(ex["dx"], ex["dy"], ex))
    if c.get("hero_elsewhere"):
        parts.append("%d %d h 0 0" % (c["hero_elsewhere"][0], c["hero_elsewhere"][1]))
    return "%d %d ; %s" % (hf, ulev, " ; ".join(parts))


# ---------------------------------------------------------------- Sil-Q
def silq_case(rng, missile_p=0.15, at_p=0.2):
    c = {"peer": "silq", "defender": "hero", "conflict": False, "elbereth_def": False}
    a = rng.randrange(8)
    c["attacker_dir"] = a
    c["attacker_at"] = rng.random() < at_p
    if c["attacker_at"]:
        # `attacker-at:` a polearm or lance: a knight's move (2 in 3) or
        # (2,2) (the hero's reach at Expert); Sil: rough_direction()
        c["attacker_offset"] = list(rng.choice(KNIGHT) if rng.random() < 2 / 3
                                    else rng.choice(CORNER))
        c["missile"] = True
    else:
        c["missile"] = rng.random() < missile_p
        c["attacker_dist"] = rng.randint(2, 5) if c["missile"] else 1
    c["attacker"] = {"side": "hostile", "states": []}
    sq = [None] * 8
    for d in range(8):
        if d == a and not c["attacker_at"]:
            continue
        if rng.random() < 0.3:
            side = "peaceful" if rng.random() < 0.2 else "hostile"
            st = []
            if side == "hostile":
                if rng.random() < 0.05:
                    st.append("sleeping")
                if rng.random() < 0.05:
                    st.append("fleeing")
            sq[d] = {"side": side, "states": st}
    c["squares"] = sq
    c["terrain"] = [rng.choice(EMPTY_GLYPHS) for _ in range(8)]
    if c["attacker_at"]:
        clear_rule_square(c, "silq")
    c["new_words"] = new_words(c)
    return c


def silq_line(c, crowd=0):
    a = c["attacker_dir"]
    k = c.get("attacker_dist", 1)
    dx, dy = c.get("attacker_offset") or (DXY[a][0] * k, DXY[a][1] * k)
    parts = ["%d %d %d" % (crowd, dy, dx)]
    for d, cr in enumerate(c["squares"]):
        if cr is not None:
            parts.append("%d %d %d" % (DXY[d][1], DXY[d][0], 1 if cr["side"] == "peaceful" else 0))
    return " ; ".join(parts)


# ---------------------------------------------------------------- fixtures
# the rule sets whose fixtures say the attacker's level (NerfHack's, and
# SpliceHack's and Hack'EM's: family.py)
LEVEL_RULES = ("nerfhack", "splicehack", "hackem")


def creature_words(cr):
    w = []
    if cr["side"] in ("hero", "tame", "peaceful"):
        w.append(cr["side"])
    w += cr["states"]
    return " ".join(w)


def fixture_text(c, name, rules, hit, arc, comment):
    a = c["attacker_dir"]
    at = c.get("attacker_at")
    k = 2 if at else c.get("attacker_dist", 2 if c["missile"] else 1)
    r = max(1, k)
    size = 2 * r + 1
    grid = [["." for _ in range(size)] for _ in range(size)]
    grid[r][r] = "@"
    letters = {"hero": "H", "tame": "f", "peaceful": "p", "hostile": "d"}
    lines = []
    for d in range(8):
        x, y = r + DXY[d][0], r + DXY[d][1]
        cr = c["squares"][d]
        if d == a and not c["missile"]:
            cr = c["attacker"]
        if cr is not None:
            grid[y][x] = letters[cr["side"]]
            words = creature_words(cr)
            if words:
                lines.append("creature %s: %s" % (DIRS[d], words))
        elif at or not (c["missile"] and d == a):
            grid[y][x] = c["terrain"][d]
    if at:
        dx, dy = c["attacker_offset"]
        grid[r + dy][r + dx] = "d"  # the format's hostile jackal
    elif c["missile"]:
        x, y = r + DXY[a][0] * k, r + DXY[a][1] * k
        grid[y][x] = "d"
    head = ["# " + l for l in comment]
    head += ["name: %s" % name, "rules: %s" % rules]
    if at:
        head.append("attacker-at: %d %d" % tuple(c["attacker_offset"]))
    else:
        head.append("attacker: %s" % DIRS[a])
    if c["missile"]:
        head.append("attack: missile")
    if rules in LEVEL_RULES:
        head.append("attacker-level: %d" % c["attacker"]["level"])
    traits = []
    if c["defender"] != "hero":
        traits.append("monster")
        if c["defender"] in ("peaceful", "tame"):
            traits.append(c["defender"])
        if c["conflict"]:
            traits.append("conflict")
    else:
        if c["conflict"]:
            traits.append("conflict")
        if c["elbereth_def"]:
            traits.append("elbereth")
        if c.get("blind_def"):
            traits.append("blind")
    if traits:
        head.append("defender: %s" % " ".join(traits))
    head += lines
    head.append("expect: %s" % arc)
    head.append("expect-hit: %d" % hit)
    head.append("expect-damage: 100%")
    head.append("expect-extra: %s" % ("flanked" if hit > 0 else "none"))
    head.append("map:")
    head += ["".join(row) for row in grid]
    head.append("end")
    return "\n".join(head) + "\n"


def run_peer(prog, lines):
    p = subprocess.run([prog], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, check=True)
    out = p.stdout.split()
    if len(out) != len(lines):
        sys.exit("%s: %d answers for %d cases: %s" % (prog, len(out), len(lines), p.stderr))
    return [int(x) for x in out]


def arc_scores(flank, paths):
    """The variant's arc score (`expect:`) of each fixture, by `flank score`."""
    res = {}
    for i in range(0, len(paths), 500):
        chunk = paths[i:i + 500]
        p = subprocess.run([flank, "score"] + chunk, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("flank score failed:\n%s" % p.stderr)
        for line in p.stdout.splitlines():
            name, rest = line.split(": ", 1)
            res[name] = rest.split()[0]
    return res


def write_set(flank, outdir, rules, cases, answers, comment_of):
    if os.path.isdir(outdir):
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    paths = []
    for i, (c, ans) in enumerate(zip(cases, answers)):
        name = c["name"]
        path = os.path.join(outdir, name + ".flank")
        with open(path, "w") as f:
            f.write(fixture_text(c, name, rules, ans, 0, comment_of(c, ans)))
        paths.append(path)
    arcs = arc_scores(flank, paths)
    for c, ans, path in zip(cases, answers, paths):
        with open(path, "w") as f:
            f.write(fixture_text(c, c["name"], rules, ans, arcs[c["name"]], comment_of(c, ans)))
    return paths


NH_SRC = "NerfHack (elunna/NerfHack 5194598f7 5194598f759d704f13e736d38b98c2ead2e662e9)"
SQ_SRC = "Sil-Q (sil-quirk/sil-q 7516a49f 7516a49f77fdb1494d100d71011f94383855958f)"


def nh_comment(c, ans):
    return ["Generated by gen.py (seed %s): expect-hit is the own answer of %s," % (c["seed"], NH_SRC),
            "src/mon.c calculate_flankers() and flank_bonus() run on this neighbourhood",
            "(tools/peers/gen.py, tools/peers/README.md).",
            "expect: is the variant's arc score (not the peer's; not under test here)."]


def sq_comment(c, ans):
    return ["Generated by gen.py (seed %s): expect-hit is the own answer of %s," % (c["seed"], SQ_SRC),
            "src/cmd1.c overwhelming_att_mod() with rough_direction() (src/xtra2.c) and",
            "attacker_at() (src/melee2.c): a monster counts when it is not RF1_PEACEFUL",
            "(tools/peers/gen.py, tools/peers/README.md)%s." % (
                "; the attacker at dx=%d dy=%d" % tuple(c["attacker_offset"]) if c.get("attacker_at") else ""),
            "expect: is the variant's arc score (not the peer's; not under test here)."]


# ---------------------------------------------------------------- inexpressible
def nh_inexpressible(rng, n):
    """Cases the present format cannot say, with NerfHack's answers."""
    out = []
    kinds = ["elbereth-hero-elsewhere", "engulfed", "tohit-clamp"]
    for i in range(n):
        kind = kinds[i % len(kinds)]
        c = nerfhack_case(rng, missile_p=0, at_p=0)
        c["kind"] = kind
        a = c["attacker_dir"]
        b = (a + 4) % 8
        c["conflict"] = False
        for cr in [c["attacker"]] + [x for x in c["squares"] if x]:
            cr["states"] = [w for w in cr["states"] if w not in ("grudge", "stationary") + tuple(HERO_FORMS)]
        if kind == "elbereth-hero-elsewhere":
            c["defender"] = rng.choice(["hostile", "peaceful", "tame"])
            c["conflict"] = False
            c["elbereth_def"] = True  # read as the hero's square, wherever she is
            c["attacker"] = {"side": rng.choice(["tame", "hostile"]), "states": [],
                             "level": rng.randint(0, 20)}
            for d in range(8):
                if c["squares"][d] and c["squares"][d]["side"] == "hero":
                    c["squares"][d] = None
            c["squares"][b] = {"side": rng.choice(["tame", "hostile"]), "states": []}
            c["hero_elsewhere"] = [rng.choice([-5, 5]), rng.choice([-4, 4])]
            c["hero_extra"] = ["elbereth"]
        elif kind == "engulfed":
            if rng.random() < 0.5:
                # the hero defending while engulfed: mattacku() never asks
                c["defender"] = "hero"
                c["conflict"] = False
                c["attacker"] = {"side": "hostile", "states": [], "level": rng.randint(0, 20)}
                c["squares"][b] = {"side": "hostile", "states": []}
                c["engulfed"] = True
            else:
                # monsters fighting elsewhere while the hero, engulfed, is on Elbereth
                c["defender"] = rng.choice(["hostile", "tame"])
                c["conflict"] = False
                c["attacker"] = {"side": "tame" if c["defender"] == "hostile" else "hostile",
                                 "states": [], "level": rng.randint(0, 20)}
                for d in range(8):
                    if c["squares"][d] and c["squares"][d]["side"] == "hero":
                        c["squares"][d] = None
                c["squares"][b] = {"side": c["attacker"]["side"], "states": []}
                c["hero_elsewhere"] = [6, 3]
                c["hero_extra"] = ["elbereth", "engulfed"]
            c["elbereth_def"] = False
        elif kind == "tohit-clamp":
            c["defender"] = "hero"
            c["conflict"] = c["elbereth_def"] = False
            c["attacker"] = {"side": "hostile", "states": [], "level": rng.randint(0, 20)}
            c["squares"][b] = {"side": "hostile", "states": []}
            c["base_tohit"] = rng.randint(-25, 5)
        c["why_inexpressible"] = NH_WHY[kind]
        out.append(c)
    return out


NH_WHY = {
    "elbereth-hero-elsewhere": "`elbereth` only on a hero in the neighbourhood; NerfHack reads "
                               "sengr_at(\"Elbereth\", u.ux, u.uy) wherever the hero is",
    "engulfed": "no word for an engulfed hero (mattacku(): !u.uswallow; Elbereth read under "
                "the engulfed hero in the monster flanker's branch; the glue skips it)",
    "tohit-clamp": "no fixture key for the base to-hit: mattacku() clamps tmp to 1, then adds "
                   "the bonus (peer_tohit); add_then_clamp_tohit is the other order",
}


def sq_inexpressible(rng, n):
    """Sil-Q archers off the eight lines and beyond a polearm's reach
    (`attacker-at:` reaches 2 in either axis), with Sil's answers."""
    out = []
    for i in range(n):
        c = silq_case(rng, missile_p=0, at_p=0)
        c["missile"] = True
        c["attacker_at"] = False
        while True:
            ax, ay = rng.randint(0, 8), rng.randint(0, 8)
            if ax != ay and ax and ay and max(ax, ay) >= 3:
                break
        c["kind"] = "archery-off-the-lines"
        ax *= rng.choice([-1, 1])
        ay *= rng.choice([-1, 1])
        c["attacker_offset"] = [ax, ay]
        c["why_inexpressible"] = ("`attacker-at:` reaches 2 squares in either axis (a polearm's "
                                  "or lance's reach); Sil's archer at dx=%d dy=%d, off the "
                                  "eight lines, cannot be said (and 3.6.7's missiles fly only "
                                  "on the lines)" % (ax, ay))
        out.append(c)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("--inexpressible", type=int, default=900)
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--flank", default=os.path.join(HERE, "bin", "flank"))
    ap.add_argument("--only", choices=["nerfhack", "silq"], default=None)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    nh_prog = os.path.join(HERE, "nerfhack", "peer")
    sq_prog = os.path.join(HERE, "silq", "peer")

    def dump(path, cases, lines, answers):
        with open(path, "w") as f:
            for c, l, a in zip(cases, lines, answers):
                f.write(json.dumps(dict(c, peer_input=l, peer_answer=a), sort_keys=True) + "\n")

    def named(cases, prefix):
        for i, c in enumerate(cases):
            c["seed"] = args.seed
            c["name"] = prefix + "%05d" % i
        return cases

    def make(peer, tag, case, line, prog, comment, inexpressible):
        """One peer's set: its fixtures (out/PEER/gTAG*.flank), their
        cases, and the inexpressible cases (xTAG*) with the peer's answers."""
        rng = random.Random("%s:%d" % (peer, args.seed))
        cases = named([case(rng) for _ in range(args.count)], "g" + tag)
        lines = [line(c) for c in cases]
        answers = run_peer(prog, lines)
        write_set(args.flank, os.path.join(args.out, peer), peer, cases, answers, comment)
        dump(os.path.join(args.out, peer + ".cases.jsonl"), cases, lines, answers)
        inx = named(inexpressible(rng, args.inexpressible), "x" + tag)
        lx = [line(c) for c in inx]
        ax = run_peer(prog, lx)
        return cases, answers, inx, lx, ax

    if args.only in (None, "nerfhack"):
        cases, answers, inx, lx, ax = make("nerfhack", "n", nerfhack_case, nerfhack_line, nh_prog,
                                           nh_comment, nh_inexpressible)
        for c, a in zip(inx, ax):
            if "base_tohit" in c:
                # mhitu.c mattacku(): "if (tmp <= 0) tmp = 1;" then "tmp += ftmp"
                c["peer_tohit"] = max(c["base_tohit"], 1) + a
                c["add_then_clamp_tohit"] = max(c["base_tohit"] + a, 1)
        dump(os.path.join(args.out, "inexpressible-nerfhack.jsonl"), inx, lx, ax)
        print("nerfhack: %d fixtures, %d flanked; %d inexpressible cases" %
              (len(cases), sum(1 for a in answers if a), len(inx)))

    if args.only in (None, "silq"):
        cases, answers, inx, lx, ax = make("silq", "s", silq_case, silq_line, sq_prog,
                                           sq_comment, sq_inexpressible)
        dump(os.path.join(args.out, "inexpressible-silq.jsonl"), inx, lx, ax)
        print("silq: %d fixtures, %d with a bonus; %d inexpressible" %
              (len(cases), sum(1 for a in answers if a), len(inx)))


if __name__ == "__main__":
    main()
