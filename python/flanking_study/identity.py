"""The identity of the game a setting plays: two games share one only when
the game plays the same.

It is made from what the game does, not from a commit or a file's hash, so
that a change that does not change play (a fix in save files, a comment, a
rebuild) keeps it, and a change that does changes it:

- **A trace**: the study's own game (game.make_env: the character, the
  options, the setting's sysconf) on TRACE_SEEDS, played with a fixed
  sequence of actions (moves, search, fight, Escape) drawn from a fixed
  generator (splitmix64, ours, so that no library's generator can move
  it), TRACE_STEPS steps a seed or to the game's end; every step's
  glyphs, bottom line and message are hashed, and the xlogfile line's
  score, turns, death and flank counts.
- **A battery** (when flanking is on: at FLANKING=0 the game asks the rule
  engine nothing): the rule engine's answers for the setting's rule set
  on fixed situations drawn from the same generator: what a rule set
  reads (flank_rules_info), the direction of every offset up to 8 squares
  (flank_rules_attack_dir), who flanks by nature (flank_rules_outflanker,
  every species), BATTERY_ATTACKS attacks (flank_facing_eval_ranged: with
  lines of threats from range under a `-ranged` setting, none otherwise)
  and, when monsters flank (`ai`), who plans (flank_plans) and
  BATTERY_PLANS moves (flank_plan).  The engine is the one in the game's
  own libnethack.so (nle_flanking's _game/), whose functions are local
  symbols: found in its symbol table, called through ctypes.

identity = the first 16 hex digits of sha256 over METHOD, the setting's
four values, the trace's hash and the battery's.  A change to one rule
set's answers changes the identity of the settings of that rule set
only; a change to the game's C changes the traces it reaches.  A change
deeper in a game than the trace goes (a level read back when the hero
returns to it) it does not see: METHOD is bumped for it by hand.

Computing it takes a second or two a setting; it is kept in
target/study/identity/, under a key made of everything it was computed
from (the game's files, NLE's version, the options, the setting, METHOD),
so that each process of a run (the driver, then every worker of a node)
computes it once at most.
"""

import ctypes
import hashlib
import json
import os
import struct

import nle
import nle.nethack as nh
from nle.nethack import actions as A
from nle_flanking import settings as nf_settings

from . import game

# Bump when what is hashed changes, or when the game changed where the
# trace and the battery do not reach (every identity changes with it; the
# games known to play as now are then adopted by their commit).  2: the
# game reads back the levels it wrote with a shopkeeper or a priest in a
# subroom (Minetown's shops and temple); a build that refused them, and
# made Minetown anew when the hero came back, plays another game on the
# same trace.
METHOD = 2
TRACE_SEEDS = range(1, 9)
TRACE_STEPS = 2000
BATTERY_ATTACKS = 6000
BATTERY_PLANS = 2000
CACHE = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "target", "study", "identity",
)

# The trace's actions: each compass move twice as often as the rest.
_TRACE_ACTIONS = [nh.ACTIONS.index(a) for a in list(A.CompassDirection) * 2] + [
    nh.ACTIONS.index(a) for a in (A.Command.ESC, A.Command.SEARCH, A.Command.FIGHT)
]


class SplitMix64:
    """A fixed pseudo-random generator (Steele, Lea and Flood's splitmix64),
    so that a numpy or Python upgrade cannot change what is hashed."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        """0..n-1."""
        return self.next() % n

    def chance(self, num, den):
        return self.below(den) < num


# ---------------------------------------------------------------- the trace


def trace(kwargs):
    """sha256 (hex) of the study's game under `kwargs` played by the fixed
    actions on TRACE_SEEDS."""
    h = hashlib.sha256()
    env = game.make_env(kwargs, observation_keys=("glyphs", "blstats", "message"))
    try:
        for seed in TRACE_SEEDS:
            rng = SplitMix64(seed)
            env._max_episode_steps = TRACE_STEPS
            env.seed(seed, 1_000_000 + seed, False, 2_000_000 + seed)
            obs, _ = env.reset()
            done = False
            while not done:
                action = _TRACE_ACTIONS[rng.below(len(_TRACE_ACTIONS))]
                obs, _, done, _, _ = env.step(action)
                for key in ("glyphs", "blstats", "message"):
                    h.update(obs[key].tobytes())
            records = env.xlog_records()
            last = records[-1] if records else {}
            h.update(json.dumps(
                [last.get(k) for k in ("points", "turns", "maxlvl", "death",
                                       "flanktaken", "flankdealt", "flankkill")]
            ).encode())
    finally:
        env.close()
    return h.hexdigest()


# ------------------------------------------------- the engine, via ctypes

u8, u16, i16 = ctypes.c_uint8, ctypes.c_uint16, ctypes.c_int16


class Neighbourhood(ctypes.Structure):
    _fields_ = [("square", u16 * 8), ("defender", u8), ("attack_dir", u8)]


class FacingInput(ctypes.Structure):
    _fields_ = [
        ("n", Neighbourhood), ("facing", u8), ("flags", u8), ("rules", u8),
        ("reserved", u8), ("state", u8 * 8), ("attacker_level", u8), ("attacker", u8),
    ]


class FacingResult(ctypes.Structure):
    _fields_ = [
        ("hit_half_points", u8), ("arc_half_points", u8), ("zone_half_points", u8),
        ("zone", u8), ("damage_percent", u16), ("damage_flat", i16), ("bits", u16),
        ("shield_counts", u8), ("rules", u8),
    ]


class Ranged(ctypes.Structure):
    _fields_ = [("square", u16 * 8), ("dist", u8 * 8), ("arms", u8 * 8), ("reach", u8 * 8)]


class PlanTarget(ctypes.Structure):
    _fields_ = [
        ("input", FacingInput), ("from_", u8), ("candidates", u8), ("chosen", u8),
        ("heading", u8), ("hero", u8), ("follow", u8),
    ]


class PlanInput(ctypes.Structure):
    _fields_ = [
        ("flags", u8), ("ntargets", u8), ("waited", u8), ("since", u8), ("nallies", u8),
        ("heading_age", u8), ("ally_dist", u8 * 8), ("ally_speed", u8 * 8),
        ("target", PlanTarget * 4),
    ]


class PlanResult(ctypes.Structure):
    _fields_ = [(k, u8) for k in (
        "action", "target", "dir", "why", "half_points", "vanilla_half_points",
        "coming", "new_wait")]


# flanking.h's sizes (ABI version 17), checked before any call.
_SIZES = {Neighbourhood: 18, FacingInput: 32, FacingResult: 12, Ranged: 40,
          PlanTarget: 38, PlanInput: 174, PlanResult: 8}


def _symbols(path):
    """{name: value} of the ELF64 file's symbol table (.symtab)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:5] != b"\x7fELF\x02" or data[5] != 1:
        raise RuntimeError("%s: not a little-endian ELF64 library" % path)
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for _, kind, _, _, offset, size, link, _, _, entsize in sections:
        if kind != 2:  # SHT_SYMTAB
            continue
        stroff = sections[link][4]
        for at in range(offset, offset + size, entsize):
            name, _, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, at)
            if value:
                end = data.index(b"\0", stroff + name)
                out[data[stroff + name:end].decode("ascii", "replace")] = value
    return out


class Engine:
    """The rule engine inside the game's libnethack.so (the file
    nle_flanking puts into each environment), called through ctypes."""

    _FUNCTIONS = {
        "flank_rules_parse": (ctypes.c_int32, [ctypes.c_char_p]),
        "flank_rules_info": (ctypes.c_int32, [ctypes.c_int32]),
        "flank_rules_attack_dir": (ctypes.c_int32, [ctypes.c_int32] * 3),
        "flank_rules_outflanker": (ctypes.c_int32, [ctypes.c_int32, ctypes.c_char_p]),
        "flank_facing_eval_ranged": (ctypes.c_int32, [
            ctypes.POINTER(FacingInput), ctypes.POINTER(Ranged), ctypes.POINTER(FacingResult)]),
        "flank_plans": (ctypes.c_int32, [u8]),
        "flank_plan": (ctypes.c_int32, [ctypes.POINTER(PlanInput), ctypes.POINTER(PlanResult)]),
    }

    def __init__(self, path=None):
        path = path or nf_settings.game_files()[0]
        for cls, size in _SIZES.items():
            if ctypes.sizeof(cls) != size:
                raise RuntimeError("%s is %d bytes, flanking.h says %d" % (cls.__name__, ctypes.sizeof(cls), size))
        lib = ctypes.CDLL(path, mode=os.RTLD_LOCAL)
        symbols = _symbols(path)
        # An exported function gives where the library was loaded.
        base = ctypes.cast(lib.flank_valid_percent, ctypes.c_void_p).value - symbols["flank_valid_percent"]
        self._lib = lib  # kept loaded while its functions are called
        for name, (restype, argtypes) in self._FUNCTIONS.items():
            if name not in symbols:
                raise RuntimeError("%s has no symbol %s (stripped?)" % (path, name))
            setattr(self, "_" + name, ctypes.CFUNCTYPE(restype, *argtypes)(base + symbols[name]))

    def rules_id(self, name):
        rules = self._flank_rules_parse(name.encode("ascii"))
        if rules < 0:
            raise ValueError("the engine refuses rule set %r (%d)" % (name, rules))
        return rules

    def rules_info(self, rules):
        return self._flank_rules_info(rules)

    def attack_dir(self, rules, dx, dy):
        return self._flank_rules_attack_dir(rules, dx, dy)

    def outflanker(self, rules, species):
        return self._flank_rules_outflanker(rules, species.encode("latin-1"))

    def facing_eval(self, inp, ranged=None):
        """(code, the result's fields or None)."""
        out = FacingResult()
        code = self._flank_facing_eval_ranged(
            ctypes.byref(inp), ctypes.byref(ranged) if ranged is not None else None, ctypes.byref(out))
        return code, _fields(out) if code >= 0 else None

    def plans(self, kind):
        return self._flank_plans(kind)

    def plan(self, inp):
        out = PlanResult()
        code = self._flank_plan(ctypes.byref(inp), ctypes.byref(out))
        return code, _fields(out) if code >= 0 else None


def _fields(s):
    return tuple(getattr(s, name) for name, _ in s._fields_)


_ENGINE = None


def engine():
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = Engine()
    return _ENGINE


# ------------------------------------------------- the battery's situations

CREATURE, HERO, PEACEFUL, TAME, UNWILLING = 0x1, 0x2, 0x4, 0x8, 0x10
STATES = (0x20, 0x40, 0x80, 0x100, 0x200)  # helpless, trapped, fleeing, noattack, tail
BLOCKED = 0x400
FI_SHIELD, FI_ROGUE, FI_MELEE, FI_HELPLESS = 0x1, 0x2, 0x4, 0x8
FI_PEER = (0x10, 0x20, 0x40)
AT_OUTFLANKER, AT_NURSE, AT_HERO, AT_TAME, AT_PEACEFUL = 0x1, 0x2, 0x4, 0x8, 0x10
RI_PEER = 0x4
NONE = 8


def _creature(rng, hero_ok=True):
    bits = CREATURE
    side = rng.below(8)
    if side == 0 and hero_ok:
        bits |= HERO
    elif side == 1:
        bits |= PEACEFUL
    elif side in (2, 3):
        bits |= TAME | (UNWILLING if rng.chance(1, 4) else 0)
    for s in STATES:
        if rng.chance(1, 8):
            bits |= s
    return bits


def _attack(rng, rules, peer, plan=False):
    """A FacingInput for one attack, mostly one the engine takes."""
    inp = FacingInput()
    hero_on = NONE if rng.chance(1, 2) else rng.below(8)  # at most one hero
    for d in range(8):
        bits = 0
        if d == hero_on:
            bits = CREATURE | HERO
        elif rng.chance(2, 5):
            bits = _creature(rng, hero_ok=False)
        if rng.chance(1, 4):
            bits |= BLOCKED
        inp.n.square[d] = bits
    inp.n.defender = (0, 0x1, 0x2, 0x4)[rng.below(4)] | (0x8 if rng.chance(1, 6) else 0)
    a = rng.below(8)
    inp.n.attack_dir = a
    inp.facing = rng.below(9)
    inp.rules = rules
    melee = not plan and inp.n.square[a] & CREATURE and rng.chance(4, 5)
    flags = (FI_SHIELD if rng.chance(1, 3) else 0) | (FI_HELPLESS if rng.chance(1, 6) else 0)
    if melee:
        flags |= FI_MELEE
        if inp.n.square[a] & HERO and not inp.n.defender & 0x1 and rng.chance(1, 3):
            flags |= FI_ROGUE
    if peer:
        for bit in FI_PEER:
            if rng.chance(1, 6):
                flags |= bit
        for d in range(8):
            if inp.n.square[d] & CREATURE:
                # a few bits; unaware (0x80) is the hero's alone
                mask = 0xFF if inp.n.square[d] & HERO else 0x7F
                inp.state[d] = rng.below(256) & rng.below(256) & mask
        inp.attacker_level = rng.below(31)
        side = 0
        if melee:
            sq = inp.n.square[a]
            side = AT_HERO if sq & HERO else AT_TAME if sq & TAME else AT_PEACEFUL if sq & PEACEFUL else 0
        inp.attacker = side | (AT_OUTFLANKER if rng.chance(1, 4) else 0) | (AT_NURSE if rng.chance(1, 20) else 0)
    inp.flags = flags
    return inp


def _lines(rng):
    r = Ranged()
    for d in range(8):
        if rng.chance(3, 10):
            r.square[d] = _creature(rng, hero_ok=False)
            r.dist[d] = 2 + rng.below(6)
            r.arms[d] = rng.below(64)
            r.reach[d] = (4, 5, 8)[rng.below(3)] if r.arms[d] & 0x1 else 0
    return r


def _plan(rng, rules, peer):
    p = PlanInput()
    p.flags = rng.below(128)
    p.ntargets = 1 + rng.below(4)
    p.waited = rng.below(5)
    p.since = 255 if rng.chance(1, 2) else rng.below(40)
    p.nallies = rng.below(9)
    for i in range(p.nallies):
        p.ally_dist[i] = 1 + rng.below(10)
        p.ally_speed[i] = 1 + rng.below(24)
    p.heading_age = 255 if rng.chance(1, 4) else rng.below(6)
    for t in range(p.ntargets):
        tgt = p.target[t]
        tgt.input = _attack(rng, rules, peer, plan=True)
        squares = tgt.input.n.square
        occupied = [d for d in range(8) if squares[d] & CREATURE]
        free = [d for d in range(8) if not squares[d] & CREATURE]
        tgt.from_ = occupied[rng.below(len(occupied))] if occupied and rng.chance(1, 2) else NONE
        tgt.candidates = sum(1 << d for d in free if rng.chance(1, 2))
        cands = [d for d in range(8) if tgt.candidates >> d & 1]
        tgt.chosen = cands[rng.below(len(cands))] if cands and rng.chance(2, 3) else NONE
        tgt.heading = rng.below(9)
        # the hero's square, when she stands next to this target
        hero = [d for d in range(8) if squares[d] & HERO]
        tgt.hero = hero[0] if hero and rng.chance(2, 3) else NONE
        tgt.follow = tgt.candidates & rng.below(256) if tgt.heading != NONE else 0
    return p


def battery(kwargs, eng=None):
    """sha256 (hex) of the engine's answers for the setting's rule set, or
    None when flanking is off (the game asks the engine nothing)."""
    if kwargs["flanking"] == 0:
        return None
    eng = eng or engine()
    rules = eng.rules_id(kwargs["rules"])
    info = eng.rules_info(rules)
    peer = info >= 0 and bool(info & RI_PEER)
    answers = [("info", info)]
    answers += [(dx, dy, eng.attack_dir(rules, dx, dy)) for dx in range(-8, 9) for dy in range(-8, 9)]
    answers += [eng.outflanker(rules, nh.permonst(i).mname) for i in range(nh.NUMMONS)]
    rng = SplitMix64(0xF1A4C)
    for _ in range(BATTERY_ATTACKS):
        inp = _attack(rng, rules, peer)
        lines = _lines(rng) if kwargs["ranged"] else None
        answers.append(eng.facing_eval(inp, lines))
    if kwargs["ai"]:
        answers += [eng.plans(kind) for kind in range(64)]
        rng = SplitMix64(0x9A11)
        answers += [eng.plan(_plan(rng, rules, peer)) for _ in range(BATTERY_PLANS)]
    return hashlib.sha256(json.dumps(answers).encode()).hexdigest()


# ----------------------------------------------------------- the identity


def compute(kwargs):
    """{"identity", "trace", "battery"} of the setting with nle_flanking's
    keyword arguments `kwargs`, computed now (no cache)."""
    t = trace(kwargs)
    b = battery(kwargs)
    return {"identity": _hash(METHOD, kwargs, t, b), "trace": t, "battery": b}


def _hash(method, kwargs, t, b):
    return hashlib.sha256(json.dumps(
        {"method": method, "settings": kwargs, "trace": t, "battery": b}, sort_keys=True
    ).encode()).hexdigest()[:16]


def _digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(kwargs):
    """What an identity was computed from: the game's files, NLE's version
    and library, the options, the setting and METHOD."""
    import nle._pynethack as pynethack

    parts = {
        "method": METHOD,
        "settings": kwargs,
        "options": list(game.OPTIONS),
        "character": game.CHARACTER,
        "nle": nle.__version__,
        "pynethack": _digest(pynethack.__file__),
        "files": [_digest(p) for p in nf_settings.game_files()],
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def of(kwargs, cache=CACHE):
    """The identity of the setting `kwargs` (a dict as above), from the
    cache when the game's files are those it was computed from, else
    computed and kept (written whole or not at all: two processes computing
    it at once both write the same)."""
    return _computed(kwargs, cache)["identity"]


def before_bump(kwargs, cache=CACHE):
    """The identity the setting's game had under METHOD - 1, when METHOD
    was bumped by hand (the trace and the battery hashed alike): what
    today's game was called before the change the trace cannot see."""
    got = _computed(kwargs, cache)
    return _hash(METHOD - 1, kwargs, got["trace"], got["battery"])


def _computed(kwargs, cache):
    path = os.path.join(cache, cache_key(kwargs) + ".json")
    try:
        with open(path) as f:
            got = json.load(f)
        if all(k in got for k in ("identity", "trace", "battery")):
            return got
    except (OSError, ValueError):
        pass
    got = compute(kwargs)
    os.makedirs(cache, exist_ok=True)
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "w") as f:
        json.dump(dict(got, settings=kwargs), f, sort_keys=True)
    os.replace(tmp, path)
    return got
