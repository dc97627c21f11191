//! The `*.flank` fixture format (docs/DESIGN.md, "The fixture format",
//! extended in `tests/fixtures/README.md`): one attack on one defender, the
//! squares around it, and the bonus that attack must get.

use std::path::{Path, PathBuf};

use crate::files::{self, FileError};
use crate::text::{one_letter, Text};
use flank_rules::facing::{
    self, bits, AttackFacts, Creatures, FacingError, FacingInput, RuleSet, Zone, FACING_NONE,
};
use flank_rules::rules::{dir_name, Neighbourhood};
use flank_rules::sys::{self, flank_facing_result, flank_neighbourhood, flank_ranged};

/// The direction words of the format, indexed by direction (0 W .. 7 SW):
/// the rules' short names.
pub use flank_rules::rules::DIR_WORDS;
/// (dx, dy) of each direction, NetHack's `xdir[]`/`ydir[]`: the rules'
/// [`flank_rules::rules::DIR_OFFSETS`], as map indices take them.
pub const DIR_OFFSETS: [(isize, isize); 8] = {
    let mut t = [(0, 0); 8];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = flank_rules::rules::DIR_OFFSETS[i];
        t[i] = (dx as isize, dy as isize);
        i += 1;
    }
    t
};

/// Parses a direction word (`n`, `ne`, ..., `nw`) into 0..=7.
pub fn parse_dir(word: &str) -> Option<u8> {
    (0u8..)
        .zip(DIR_WORDS)
        .find(|(_, w)| *w == word)
        .map(|(d, _)| d)
}

/// The defender's traits (`defender:` line).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DefenderTraits {
    /// `monster`: the defender is a monster (default: the hero).
    pub monster: bool,
    /// `levitating`.
    pub levitating: bool,
    /// `flying`.
    pub flying: bool,
    /// `swimming`.
    pub swimming: bool,
    /// `phasing`: passes through walls, doors, rock and boulders.
    pub phasing: bool,
    /// `peaceful`: a peaceful monster (extension; needs `monster`).
    pub peaceful: bool,
    /// `tame`: a pet (extension; needs `monster`).
    pub tame: bool,
    /// `conflict`: the hero causes Conflict (extension; beside a monster
    /// defender too, since ABI 17).
    pub conflict: bool,
    /// `shield`: the defender wears a shield (facing extension).
    pub shield: bool,
    /// `sleeping`: the defender is asleep, helpless (facing extension).
    pub sleeping: bool,
    /// `elbereth`: the hero defender stands on an engraved Elbereth (the
    /// field's rule sets).
    pub elbereth: bool,
    /// `blind`: the hero defender is blind (the field's rule sets:
    /// SpliceHack flanks only a hero who sees).
    pub blind: bool,
}

/// The states of one creature (`creature <dir>:` line).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreatureStates {
    /// `peaceful`.
    pub peaceful: bool,
    /// `tame` (also set by `unwilling`).
    pub tame: bool,
    /// `unwilling`: a pet that would not attack this defender.
    pub unwilling: bool,
    /// `hero`: the creature is the hero.
    pub hero: bool,
    /// `sleeping`.
    pub sleeping: bool,
    /// `paralyzed`.
    pub paralyzed: bool,
    /// `trapped`: caught in a trap, which makes its square a trap square.
    pub trapped: bool,
    /// `fleeing`.
    pub fleeing: bool,
    /// `passive`: no active attack.
    pub passive: bool,
    /// `tail`: a long worm's tail segment.
    pub tail: bool,
    /// The field's states (`confused`, ..., `elbereth`), `FLANK_FX_PEER_*`.
    pub peer: u16,
}

/// The words of the field's creature states, with their `FLANK_FX_PEER_*`
/// bits: a creature's, then the hero's own (which need `hero`).
pub const PEER_WORDS: [(&str, u32); 15] = [
    ("confused", sys::FLANK_FX_PEER_CONFUSED),
    ("stunned", sys::FLANK_FX_PEER_STUNNED),
    ("eating", sys::FLANK_FX_PEER_EATING),
    ("hiding", sys::FLANK_FX_PEER_HIDING),
    ("mimicking", sys::FLANK_FX_PEER_MIMICKING),
    ("nurse", sys::FLANK_FX_PEER_NURSE),
    ("outflanker", sys::FLANK_FX_PEER_OUTFLANKER),
    ("hallucinating", sys::FLANK_FX_PEER_HALLUCINATING),
    ("blind", sys::FLANK_FX_PEER_BLIND),
    ("punished", sys::FLANK_FX_PEER_PUNISHED),
    ("fumbling", sys::FLANK_FX_PEER_FUMBLING),
    ("wounded-legs", sys::FLANK_FX_PEER_WOUNDED_LEGS),
    ("elbereth", sys::FLANK_FX_PEER_ELBERETH),
    ("grudge", sys::FLANK_FX_PEER_GRUDGE),
    ("stationary", sys::FLANK_FX_PEER_STATIONARY),
];

/// The hero's own states of [`PEER_WORDS`].
const PEER_HERO_ONLY: u32 = sys::FLANK_FX_PEER_HALLUCINATING
    | sys::FLANK_FX_PEER_BLIND
    | sys::FLANK_FX_PEER_PUNISHED
    | sys::FLANK_FX_PEER_FUMBLING
    | sys::FLANK_FX_PEER_WOUNDED_LEGS
    | sys::FLANK_FX_PEER_ELBERETH;

/// States no hero has: a monster's meal, a defender's grudge against it.
const PEER_MONSTER_ONLY: u32 = sys::FLANK_FX_PEER_EATING | sys::FLANK_FX_PEER_GRUDGE;

/// A species of its own, or a meal: a nurse, a snake that hides, a mimic,
/// an eater (a dog); the hero as the first three by her form (a hider's, a
/// nurse's) or after eating a mimic.
const PEER_SPECIES: u32 = sys::FLANK_FX_PEER_EATING
    | sys::FLANK_FX_PEER_HIDING
    | sys::FLANK_FX_PEER_MIMICKING
    | sys::FLANK_FX_PEER_NURSE;

/// One parsed fixture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    /// The file it came from.
    pub path: PathBuf,
    /// `name:` (default: the file's stem).
    pub name: String,
    /// `attacker:` direction, 0..=7.
    pub attacker: u8,
    /// `expect:` in half points, 0..=18.
    pub expect_half_points: u8,
    /// `defender:` traits.
    pub defender: DefenderTraits,
    /// The glyph of each of the eight neighbours.
    pub glyphs: [char; 8],
    /// The states of the creature in each direction (default: hostile).
    pub creatures: [CreatureStates; 8],
    /// The map block's rows, as written.
    pub map: Vec<String>,
    /// Where `@` is: (row, column) within `map`.
    pub defender_at: (usize, usize),
    /// The facing extension, when the fixture uses it.
    pub facing: Option<FacingSpec>,
    /// Threats from range: `ranged: on` (FLANKING_RANGED for this fixture).
    pub ranged: bool,
    /// The `far X:` creatures, in map order.
    pub far: Vec<FarCreature>,
    /// The first key of the ranged extension (`ranged` or `far X`) and its
    /// line, for the error a consumer that does not read it gets.
    pub first_ranged_key: Option<(String, usize)>,
}

/// A creature further out on the map, with a `far X:` line: what it
/// carries or can do, and its states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FarCreature {
    /// Its map letter.
    pub letter: char,
    /// Where in the map: (row, column).
    pub at: (usize, usize),
    /// The line of its `far` line.
    pub line: usize,
    /// `FLANK_FX_FAR_*`.
    pub arms: u16,
    /// Its states (hostile by default).
    pub states: CreatureStates,
}

/// The `far` words for what a creature carries or can do, with their
/// `FLANK_FX_FAR_*` bits.
pub const FAR_WORDS: [(&str, u32); 15] = [
    ("polearm", sys::FLANK_FX_FAR_POLEARM),
    ("lance", sys::FLANK_FX_FAR_LANCE),
    ("bow", sys::FLANK_FX_FAR_BOW),
    ("arrows", sys::FLANK_FX_FAR_ARROWS),
    ("crossbow", sys::FLANK_FX_FAR_CROSSBOW),
    ("bolts", sys::FLANK_FX_FAR_BOLTS),
    ("sling", sys::FLANK_FX_FAR_SLING),
    ("rocks", sys::FLANK_FX_FAR_ROCKS),
    ("daggers", sys::FLANK_FX_FAR_DAGGERS),
    ("spears", sys::FLANK_FX_FAR_SPEARS),
    ("darts", sys::FLANK_FX_FAR_DARTS),
    ("knives", sys::FLANK_FX_FAR_KNIVES),
    ("breath", sys::FLANK_FX_FAR_BREATH),
    ("spit", sys::FLANK_FX_FAR_SPIT),
    ("gaze", sys::FLANK_FX_FAR_GAZE),
];

/// The polearm reach (distance squared) of a fixture's far creature: a
/// monster's is `POLE_LIM` (5); the hero's is 4, the harness keeping its
/// skill at Basic or below (`use_pole()`).
pub const FAR_REACH_MONSTER: u8 = 5;
/// See [`FAR_REACH_MONSTER`].
pub const FAR_REACH_HERO: u8 = 4;

/// `expect-damage:`: the percent, the flat part, and worked examples
/// (`20->16`) that must follow from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageExpect {
    /// Percent, 0..=1000.
    pub percent: u16,
    /// Flat part, -100..=100.
    pub flat: i16,
    /// (old, new) damage pairs.
    pub examples: Vec<(i32, i32)>,
}

/// The facing fields of a fixture (tests/fixtures/README.md, "Facing").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacingSpec {
    /// The first facing key and its line (for consumers that cannot read
    /// facing: "uses facing (`rules:` on line 3)").
    pub first_key: (String, usize),
    /// `rules:`.
    pub rules: RuleSet,
    /// `facing:`, 0..=7 or [`facing::FACING_NONE`].
    pub facing: u8,
    /// `facing <dir>:` of other creatures (no rule set reads them; the
    /// harness and `#flanking` may).
    pub creature_facing: [Option<u8>; 8],
    /// `role: rogue`: the attacker is the hero, a Rogue.
    pub rogue: bool,
    /// `attack: missile`: the attacker is further away in its octant.
    pub missile: bool,
    /// `expect-zone:`.
    pub expect_zone: Zone,
    /// `expect-hit:` in half points.
    pub expect_hit: u8,
    /// `expect-damage:`.
    pub expect_damage: DamageExpect,
    /// `expect-shield:` (`counts` true, `ignored` false), if given.
    pub expect_shield: Option<bool>,
    /// `expect-extra:` bits (`none` is 0; default 0).
    pub expect_extra: u16,
    /// `attacker-level:`, required by a rule set that reads it
    /// (`FLANK_RI_PEER`).
    pub attacker_level: Option<u8>,
    /// `attacker-at: DX DY`: the attacker's offset from `@` (x right, y
    /// down), further away than the next square and within a polearm's
    /// or lance's reach; its direction is the rule set's
    /// ([`RuleSet::attack_dir`]).
    pub attacker_at: Option<(i8, i8)>,
}

/// The farthest `attacker-at:` reaches in either axis: a lance or a
/// polearm at Expert (distance squared 8).
pub const ATTACKER_AT_REACH: i8 = 2;

/// The highest `attacker-level:`: a monster's level in NetHack 3.6.7 stays
/// below 50 (`adj_lev()`), the hero's at 30 and below.
pub const MAX_ATTACKER_LEVEL: u8 = 49;

/// What `parse_dir` refuses, in words.
fn bad_direction(d: &str) -> String {
    format!("bad direction `{d}` (directions: n ne e se s sw w nw)")
}

/// What `parse_facing` refuses, in words.
fn bad_facing(v: &str) -> String {
    format!("bad facing `{v}` (facings: n ne e se s sw w nw faceless)")
}

/// A `creature <dir>` or `facing <dir>` line for a square without a
/// creature letter.
fn no_creature_there(d: u8) -> String {
    let d = DIR_WORDS[usize::from(d)];
    format!("`creature {d}` but there is no creature letter {d} of `@`")
}

/// A facing key without `rules:`.
fn facing_without_rules(key: &str) -> String {
    format!(
        "`{key}` is a facing key and needs a `rules:` line (rules: {}, proposal+<name>)",
        flank_rules::rule_sets::RULES
            .iter()
            .map(|r| r.name)
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// Two creatures that are the hero.
const TWO_HEROES: &str = "creature states `hero`: more than one creature is the hero";
/// A creature that is the hero while the hero defends.
const HERO_NEEDS_MONSTER: &str =
    "creature states `hero` needs a `monster` defender (the defender is the hero)";

/// Parses `expect`: a decimal multiple of 0.5 in 0..9, in half points.
fn parse_expect(value: &str) -> Option<u8> {
    parse_half_points(value, 18)
}

/// A decimal multiple of 0.5 in half points, at most `max` half points.
fn parse_half_points(value: &str, max: u8) -> Option<u8> {
    let (int, frac) = match value.split_once('.') {
        Some((i, f)) => (i, f),
        None => (value, ""),
    };
    // One or two digits, no leading zero (so `expect` reads exactly as
    // before the facing extension: 0..9).
    if int.is_empty()
        || int.len() > 2
        || (int.len() == 2 && int.starts_with('0'))
        || !int.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (value.contains('.') && frac.is_empty()) {
        return None;
    }
    let whole: u8 = int.parse().ok()?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    let total = u16::from(whole) * 2 + half;
    (total <= u16::from(max)).then_some(total as u8)
}

/// Parses a facing word: `n`..`nw` or `faceless`.
pub fn parse_facing(word: &str) -> Option<u8> {
    if word == "faceless" {
        Some(facing::FACING_NONE)
    } else {
        parse_dir(word)
    }
}

/// Parses `expect-damage`: `PERCENT%`, then maybe `+FLAT`/`-FLAT`, then
/// any number of `OLD->NEW` examples that must follow from the two.
pub fn parse_damage(value: &str) -> Result<DamageExpect, String> {
    let mut words = value.split_whitespace();
    let first = words.next().ok_or_else(|| {
        "empty; write a percent like `125%`, then maybe `+2` and `15->18`".to_string()
    })?;
    let percent = first
        .strip_suffix('%')
        .and_then(|p| p.parse::<u16>().ok())
        .filter(|&p| p <= 1000 && !first.starts_with('+'))
        .ok_or_else(|| format!("`{first}` is not a percent 0%..1000% (like `125%`)"))?;
    let mut flat = 0i16;
    let mut examples = Vec::new();
    for (i, w) in words.enumerate() {
        if let Some((old, new)) = w.split_once("->") {
            let (Ok(old), Ok(new)) = (old.parse::<i32>(), new.parse::<i32>()) else {
                return Err(format!("`{w}` is not an example like `20->16`"));
            };
            if !(0..=10_000).contains(&old) {
                return Err(format!("`{w}`: the old damage must be 0..10000"));
            }
            let got = facing::apply_damage(old, percent, flat);
            if got != new {
                return Err(format!(
                    "`{w}` does not follow from {percent}% {flat:+}: {old} * {percent} / 100 (rounded down) {flat:+} = {got}"
                ));
            }
            examples.push((old, new));
        } else if i == 0 && (w.starts_with('+') || w.starts_with('-')) {
            flat = w
                .parse::<i16>()
                .ok()
                .filter(|f| (-100..=100).contains(f))
                .ok_or_else(|| format!("`{w}` is not a flat part -100..+100 (like `+2`)"))?;
        } else {
            return Err(format!(
                "`{w}`: after the percent come an optional `+FLAT` and `OLD->NEW` examples"
            ));
        }
    }
    Ok(DamageExpect {
        percent,
        flat,
        examples,
    })
}

/// Parses `expect-extra`: `none`, or words of [`bits::WORDS`].
/// Otherwise why not.
fn parse_extra(value: &str) -> Result<u16, String> {
    let mut out = 0;
    let words: Vec<&str> = value.split_whitespace().collect();
    if words == ["none"] {
        return Ok(0);
    }
    for w in &words {
        match bits::WORDS.iter().find(|(_, name)| name == w) {
            Some((b, _)) => out |= b,
            None => return Err(bad_extra(w)),
        }
    }
    if words.is_empty() {
        return Err(bad_extra(""));
    }
    Ok(out)
}

/// An unknown `expect-extra` word, in words.
fn bad_extra(w: &str) -> String {
    format!("unknown expect-extra word `{w}` (words: none side behind flanked backstab unnoticed turns shield-damage)")
}

/// A word that is no creature state, in words.
fn unknown_state(s: &str) -> String {
    format!(
        "unknown creature state `{s}` (states: hostile peaceful tame unwilling hero sleeping paralyzed trapped fleeing passive tail; the field's: {})",
        PEER_WORDS.map(|(w, _)| w).join(" ")
    )
}

/// The words of extra bits, `none` for 0.
pub fn extra_words(b: u16) -> String {
    let words: Vec<&str> = bits::WORDS
        .iter()
        .filter(|(bit, _)| b & bit != 0)
        .map(|(_, w)| *w)
        .collect();
    if words.is_empty() {
        "none".into()
    } else {
        words.join(" ")
    }
}

impl Fixture {
    /// Reads and parses a fixture file.
    pub fn load(path: &Path) -> Result<Fixture, FileError> {
        files::load(path, Self::parse)
    }

    /// Parses fixture text; `path` names the file in errors and gives the
    /// default name.
    pub fn parse(path: &Path, text: &str) -> Result<Fixture, FileError> {
        let err = |line: usize, what: String| FileError::at(path, line, what);
        let mut text = Text::new(path, text);
        let mut name = None;
        let mut attacker: Option<(u8, usize)> = None;
        let mut expect = None;
        let mut defender = DefenderTraits::default();
        let mut creature_lines: Vec<(u8, CreatureStates, usize)> = Vec::new();
        let mut first_facing_key: Option<(String, usize)> = None;
        let mut rules: Option<RuleSet> = None;
        let mut facing_of: Option<u8> = None;
        let mut creature_facing_lines: Vec<(u8, u8, usize)> = Vec::new();
        let mut role: Option<usize> = None;
        let mut missile = false;
        let mut expect_zone = None;
        let mut expect_hit = None;
        let mut expect_damage = None;
        let mut expect_shield = None;
        let mut expect_extra = 0u16;
        let mut attacker_level: Option<(u8, usize)> = None;
        let mut attacker_at: Option<((i8, i8), usize)> = None;
        let mut facing_line: Option<usize> = None;
        let mut ranged = false;
        let mut first_ranged_key: Option<(String, usize)> = None;
        let mut far_lines: Vec<(char, u16, CreatureStates, usize)> = Vec::new();

        while let Some(header) = text.header()? {
            let (lineno, key, value) = (header.line, &header.key, header.value);
            match header.words().as_slice() {
                ["name"] => name = Some(value.to_string()),
                ["attacker"] => {
                    let d =
                        parse_dir(value).ok_or_else(|| err(lineno, bad_direction(value)))?;
                    attacker = Some((d, lineno));
                }
                ["expect"] => {
                    expect = Some(
                        parse_expect(value).ok_or_else(|| err(lineno, format!("bad expect value `{}`: must be a multiple of 0.5 in 0..9, like 0, 1.5 or 6", value)))?,
                    );
                }
                ["defender"] => {
                    defender = parse_traits(value).map_err(|k| err(lineno, k))?;
                    if (defender.shield || defender.sleeping || defender.elbereth || defender.blind)
                        && first_facing_key.is_none()
                    {
                        let t = if defender.shield {
                            "shield"
                        } else if defender.sleeping {
                            "sleeping"
                        } else if defender.elbereth {
                            "elbereth"
                        } else {
                            "blind"
                        };
                        first_facing_key = Some((format!("defender: {t}"), lineno));
                    }
                }
                ["ranged"] => {
                    ranged = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(err(lineno, format!("bad ranged `{}` (on or off)", value))),
                    };
                    first_ranged_key.get_or_insert((key.clone(), lineno));
                }
                ["far", letter] => {
                    let Some(c) = one_letter(letter) else {
                        return Err(err(
                            lineno,
                            format!("`far {letter}`: name one map letter, like `far a`"),
                        ));
                    };
                    let (arms, states) = parse_far(value).map_err(|k| err(lineno, k))?;
                    far_lines.push((c, arms, states, lineno));
                    first_ranged_key.get_or_insert((key.clone(), lineno));
                }
                ["creature", dir] => {
                    let d = parse_dir(dir).ok_or_else(|| err(lineno, bad_direction(dir)))?;
                    let states = parse_states(value, unknown_state).map_err(|k| err(lineno, k))?;
                    creature_lines.push((d, states, lineno));
                }
                [k, rest @ ..] if rest.len() <= 1 && FACING_KEYS.contains(k) => {
                    if first_facing_key.is_none() {
                        first_facing_key = Some((key.clone(), lineno));
                    }
                    match (*k, rest.first().copied()) {
                        ("rules", None) => {
                            rules = Some(
                                RuleSet::parse(value)
                                    .map_err(|e| err(lineno, e.to_string()))?,
                            );
                        }
                        ("facing", None) => {
                            facing_line = Some(lineno);
                            facing_of = Some(
                                parse_facing(value)
                                    .ok_or_else(|| err(lineno, bad_facing(value)))?,
                            );
                        }
                        ("facing", Some(dir)) => {
                            let d = parse_dir(dir)
                                .ok_or_else(|| err(lineno, bad_direction(dir)))?;
                            let f = parse_facing(value)
                                .ok_or_else(|| err(lineno, bad_facing(value)))?;
                            creature_facing_lines.push((d, f, lineno));
                        }
                        ("role", None) => {
                            if value != "rogue" {
                                return Err(err(
                                    lineno,
                                    format!(
"role: `{value}`: only `rogue` changes a rule (the D&D sneak attack)"
                                    ),
                                ));
                            }
                            role = Some(lineno);
                        }
                        ("attack", None) => {
                            missile = match value {
                                "melee" => false,
                                "missile" => true,
                                _ => return Err(err(lineno, format!("bad attack `{}` (melee or missile)", value))),
                            };
                        }
                        ("expect-zone", None) => {
                            expect_zone = Some(
                                Zone::from_word(value)
                                    .ok_or_else(|| err(lineno, format!("bad zone `{}` (zones: front flank rear)", value)))?,
                            );
                        }
                        ("expect-hit", None) => {
                            expect_hit = Some(
                                parse_half_points(value, sys::FLANK_MAX_FACING_HALF_POINTS as u8)
                                    .ok_or_else(|| err(lineno, format!("bad expect-hit value `{}`: must be a multiple of 0.5 in 0..30, like 0, 2 or 6.5", value)))?,
                            );
                        }
                        ("expect-damage", None) => {
                            expect_damage =
                                Some(parse_damage(value).map_err(|w| err(lineno, format!("bad expect-damage: {}", w)))?);
                        }
                        ("expect-shield", None) => {
                            expect_shield = Some(match value {
                                "counts" => true,
                                "ignored" => false,
                                _ => return Err(err(lineno, format!("bad expect-shield `{}` (counts or ignored)", value))),
                            });
                        }
                        ("expect-extra", None) => {
                            expect_extra = parse_extra(value).map_err(|k| err(lineno, k))?;
                        }
                        ("attacker-level", None) => {
                            let l = value
                                .parse::<u8>()
                                .ok()
                                .filter(|&l| l <= MAX_ATTACKER_LEVEL && !value.starts_with('+'))
                                .ok_or_else(|| {
                                    err(
                                        lineno,
                                        format!(
"bad attacker-level `{value}`: a level is a whole number from 0 to {MAX_ATTACKER_LEVEL}"
                                        ),
                                    )
                                })?;
                            attacker_level = Some((l, lineno));
                        }
                        ("attacker-at", None) => {
                            attacker_at = Some((
                                parse_attacker_at(value)
                                    .map_err(|w| err(lineno, format!("attacker-at: {}", w)))?,
                                lineno,
                            ));
                        }
                        _ => return Err(err(lineno, format!("unknown key `{}` (keys: name, attacker, expect, defender, creature <dir>; facing: rules, facing, facing <dir>, role, attack, attacker-at, attacker-level, expect-zone, expect-hit, expect-damage, expect-shield, expect-extra; range: ranged, far <letter>)", key))),
                    }
                }
                _ => return Err(err(lineno, format!("unknown key `{}` (keys: name, attacker, expect, defender, creature <dir>; facing: rules, facing, facing <dir>, role, attack, attacker-at, attacker-level, expect-zone, expect-hit, expect-damage, expect-shield, expect-extra; range: ranged, far <letter>)", key))),
            }
        }
        // The map block: taken verbatim (`#` is a corridor there).
        let block = text.map()?;
        let map_line = block.line;
        let (ar, ac) = block.scan(&text, ".#-| +}^0@", "the defender", |_, _, _| Ok(()))?;
        if let Some((r, why)) = files::beyond_reach(&block.rows, (ar, ac)) {
            return Err(err(block.row_line(r), why));
        }
        let map = block.rows;
        let at_line = map_line + 1 + ar;
        let mut glyphs = [' '; 8];
        for (d, &(dx, dy)) in DIR_OFFSETS.iter().enumerate() {
            let glyph = ar
                .checked_add_signed(dy)
                .and_then(|r| map.get(r))
                .and_then(|row| ac.checked_add_signed(dx).and_then(|c| row.chars().nth(c)));
            match glyph {
                Some(g) => glyphs[d] = g,
                None => {
                    return Err(err(
                        at_line,
                        format!(
                            "the {} neighbour of `@` is outside the map block",
                            dir_name(d as u8)
                        ),
                    ))
                }
            }
        }

        // Creatures.
        let mut creatures = [CreatureStates::default(); 8];
        for &(d, states, lineno) in &creature_lines {
            if !glyphs[usize::from(d)].is_ascii_alphabetic() {
                return Err(err(lineno, no_creature_there(d)));
            }
            if states.hero && !defender.monster {
                return Err(err(lineno, HERO_NEEDS_MONSTER.into()));
            }
            creatures[usize::from(d)] = states;
        }
        let heroes = creatures
            .iter()
            .zip(glyphs)
            .filter(|(s, g)| s.hero && g.is_ascii_alphabetic())
            .count();
        if heroes > 1 {
            let line = creature_lines.last().map_or(map_line, |c| c.2);
            return Err(err(line, TWO_HEROES.into()));
        }

        // `attacker-at:` stands for `attacker:`: its direction is the rule
        // set's, so it needs `rules:`, and a creature letter at the offset.
        let attacker = match (attacker, attacker_at) {
            (Some((_, line)), Some(_)) => {
                return Err(err(
                    line,
                    "attacker-at: give `attacker:` or `attacker-at:`, not both (the rule set reads the direction of an `attacker-at:`)".into(),
                ))
            }
            (Some(a), None) => Some(a),
            (None, Some(((dx, dy), line))) => {
                let Some(rules) = rules else {
                    return Err(err(line, facing_without_rules("attacker-at")));
                };
                if !missile {
                    return Err(err(
                        line,
                        "attacker-at: the attacker stands further away than the next square: add `attack: missile`".into(),
                    ));
                }
                let glyph = offset_square((ar, ac), (dx, dy)).and_then(|at| glyph_at(&map, at));
                if !glyph.is_some_and(|g| g.is_ascii_alphabetic()) {
                    return Err(err(
                        line,
                        format!(
"attacker-at: no creature letter at {dx} {dy} from `@` (x right, y down)"
                        ),
                    ));
                }
                rules
                    .attack_dir(i32::from(dx), i32::from(dy))
                    .map(|d| (d, line))
            }
            (None, None) => None,
        };
        let Some((attacker, attacker_line)) = attacker else {
            return Err(err(map_line, "missing `attacker:` line".into()));
        };
        if !missile && !glyphs[usize::from(attacker)].is_ascii_alphabetic() {
            return Err(err(
                attacker_line,
                format!("the attacker square ({} of `@`) holds no creature letter; an attacker must be a creature on its square", DIR_WORDS[usize::from(attacker)]),
            ));
        }
        // An attacker at `attacker-at:` stands there, not on the square
        // next to `@` in its direction; its states are its `far` line's
        // (found below, once those are read).
        let at_offset = attacker_at.is_some();
        if !at_offset && creatures[usize::from(attacker)].tail {
            return Err(err(
                attacker_line,
                format!("the attacker ({} of `@`) is a `tail`: a long worm attacks with its head, never with a tail segment", DIR_WORDS[usize::from(attacker)]),
            ));
        }
        let Some(expect_half_points) = expect else {
            return Err(err(map_line, "missing `expect:` line".into()));
        };

        // The facing extension.
        let facing = match first_facing_key {
            None => None,
            Some((first_key, first_line)) => {
                let Some(rules) = rules else {
                    return Err(err(first_line, facing_without_rules(&first_key)));
                };
                let need =
                    |k: &'static str| err(map_line, format!("`rules:` needs a `{}:` line", k));
                // A rule set with no zones reads no facing: the defender is
                // as good as faceless, every attack from the front.
                let zoneless = !rules.row().facing && !rules.uses_arc();
                if zoneless {
                    let given = creature_facing_lines.first().map(|l| l.2).or(facing_line);
                    if let Some(lineno) = given {
                        return Err(err(
                            lineno,
                            format!(
                                "`{}` reads no facing: leave out `facing:` and `facing <dir>:`",
                                rules.name()
                            ),
                        ));
                    }
                }
                let facing_of = match facing_of {
                    None if zoneless => FACING_NONE,
                    f => f.ok_or_else(|| need("facing"))?,
                };
                let expect_zone = match expect_zone {
                    None if zoneless => Zone::Front,
                    z => z.ok_or_else(|| need("expect-zone"))?,
                };
                let peer_rules = rules.info() & sys::FLANK_RI_PEER as u8 != 0;
                if peer_rules && attacker_level.is_none() {
                    return Err(need("attacker-level"));
                }
                if let Some((l, lineno)) = attacker_level {
                    let hero_attacker = match attacker_at {
                        Some((offset, _)) => {
                            let glyph =
                                offset_square((ar, ac), offset).and_then(|at| glyph_at(&map, at));
                            far_lines
                                .iter()
                                .any(|&(letter, _, st, _)| st.hero && glyph == Some(letter))
                        }
                        None => creatures[usize::from(attacker)].hero,
                    };
                    if hero_attacker && !(1..=30).contains(&l) {
                        return Err(err(
                            lineno,
                            format!(
"bad attacker-level `{l}`: the hero's level is 1 to 30, and the attacker is the hero"
                            ),
                        ));
                    }
                }
                let expect_hit = expect_hit.ok_or_else(|| need("expect-hit"))?;
                let expect_damage = expect_damage.ok_or_else(|| need("expect-damage"))?;
                if defender.shield && expect_shield.is_none() {
                    return Err(need("expect-shield"));
                }
                let mut creature_facing = [None; 8];
                for &(d, f, lineno) in &creature_facing_lines {
                    if !glyphs[usize::from(d)].is_ascii_alphabetic() {
                        return Err(err(lineno, no_creature_there(d)));
                    }
                    creature_facing[usize::from(d)] = Some(f);
                }
                if let Some(lineno) = role {
                    if !defender.monster {
                        return Err(err(
                            lineno,
                            "role: `rogue` is the hero's role, and the defender is the hero; a Rogue attacker needs a `monster` defender".into(),
                        ));
                    }
                    if !missile && !creatures[usize::from(attacker)].hero {
                        return Err(err(
                            lineno,
                            format!(
"role: `rogue` needs the attacker to be the hero: write `creature {}: hero`",
                                DIR_WORDS[usize::from(attacker)]
                            ),
                        ));
                    }
                }
                Some(FacingSpec {
                    first_key: (first_key, first_line),
                    rules,
                    facing: facing_of,
                    creature_facing,
                    rogue: role.is_some(),
                    missile,
                    expect_zone,
                    expect_hit,
                    expect_damage,
                    expect_shield,
                    expect_extra,
                    attacker_level: attacker_level.map(|(l, _)| l),
                    attacker_at: attacker_at.map(|(o, _)| o),
                })
            }
        };

        // The creatures further out.
        let mut far = Vec::new();
        for &(letter, arms, states, lineno) in &far_lines {
            let spots: Vec<(usize, usize)> = map
                .iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(move |&(_, ch)| ch == letter)
                        .map(move |(c, _)| (r, c))
                })
                .collect();
            let [(r, c)] = spots[..] else {
                return Err(err(
                    lineno,
                    format!(
                        "`far {letter}`: the letter {letter} must stand exactly once in the map (it does {} times)",
                        spots.len()
                    ),
                ));
            };
            if r.abs_diff(ar) <= 1 && c.abs_diff(ac) <= 1 {
                return Err(err(
                    lineno,
                    format!(
                        "`far {letter}`: {letter} stands next to `@`; say what it is with `creature <dir>`"
                    ),
                ));
            }
            if states.hero && !defender.monster {
                return Err(err(lineno, HERO_NEEDS_MONSTER.into()));
            }
            far.push(FarCreature {
                letter,
                at: (r, c),
                line: lineno,
                arms,
                states,
            });
        }
        far.sort_by_key(|f| f.at);
        if heroes + far.iter().filter(|f| f.states.hero).count() > 1 {
            let line = far
                .iter()
                .find(|f| f.states.hero)
                .map_or(map_line, |f| f.line);
            return Err(err(line, TWO_HEROES.into()));
        }

        let name = text.name_or_stem(name);
        Ok(Fixture {
            path: path.to_path_buf(),
            name,
            attacker,
            expect_half_points,
            defender,
            glyphs,
            creatures,
            map,
            defender_at: (ar, ac),
            facing,
            ranged,
            far,
            first_ranged_key,
        })
    }

    /// Whether the fixture uses the facing extension.
    pub fn uses_facing(&self) -> bool {
        self.facing.is_some()
    }

    /// The `FLANK_FI_*` facts of this fixture's attack.
    pub fn attack_facts(&self) -> AttackFacts {
        let spec = self.facing.as_ref();
        let hero = self
            .creatures
            .iter()
            .zip(self.glyphs)
            .find(|(s, g)| s.hero && g.is_ascii_alphabetic())
            .map_or(0, |(s, _)| u32::from(s.peer));
        let has = |bits: u32| hero & bits != 0;
        AttackFacts {
            shield: self.defender.shield,
            rogue: spec.is_some_and(|s| s.rogue),
            melee: !spec.is_some_and(|s| s.missile),
            helpless: self.defender.sleeping,
            elbereth: self.defender.elbereth || has(sys::FLANK_FX_PEER_ELBERETH),
            hero_unseeing: has(sys::FLANK_FX_PEER_HALLUCINATING | sys::FLANK_FX_PEER_BLIND)
                || self.defender.blind,
            hero_hobbled: has(sys::FLANK_FX_PEER_PUNISHED
                | sys::FLANK_FX_PEER_FUMBLING
                | sys::FLANK_FX_PEER_WOUNDED_LEGS),
        }
    }

    /// What the field's rule sets read of this fixture's creatures: each
    /// one's `FLANK_ST_*`, and the attacker's level and `FLANK_AT_*`
    /// (all 0 for a rule set that reads none of it).
    pub fn creatures_input(&self) -> Creatures {
        let Some(spec) = self.facing.as_ref() else {
            return Creatures::default();
        };
        if spec.rules.info() & sys::FLANK_RI_PEER as u8 == 0 {
            return Creatures::default();
        }
        let mut c = Creatures {
            attacker_level: spec.attacker_level.unwrap_or(0),
            ..Creatures::default()
        };
        for (d, (s, g)) in self.creatures.iter().zip(self.glyphs).enumerate() {
            if !g.is_ascii_alphabetic() {
                continue;
            }
            let p = u32::from(s.peer);
            for (fx, st) in [
                (sys::FLANK_FX_PEER_CONFUSED, sys::FLANK_ST_CONFUSED),
                (sys::FLANK_FX_PEER_STUNNED, sys::FLANK_ST_STUNNED),
                (sys::FLANK_FX_PEER_EATING, sys::FLANK_ST_EATING),
                (sys::FLANK_FX_PEER_HIDING, sys::FLANK_ST_HIDDEN),
                (sys::FLANK_FX_PEER_MIMICKING, sys::FLANK_ST_HIDDEN),
                (sys::FLANK_FX_PEER_NURSE, sys::FLANK_ST_NURSE),
                (sys::FLANK_FX_PEER_GRUDGE, sys::FLANK_ST_GRUDGE),
                (sys::FLANK_FX_PEER_STATIONARY, sys::FLANK_ST_STATIONARY),
            ] {
                if p & fx != 0 {
                    c.state[d] |= st as u8;
                }
            }
            // NetHack's Unaware: the hero asleep (or fainted), not only
            // unable to move
            if s.hero && s.sleeping {
                c.state[d] |= sys::FLANK_ST_UNAWARE as u8;
            }
        }
        // The attacker: the creature on its square in melee, the one at
        // `attacker-at:` (its `far` line, else a hostile jackal), or else
        // the hostile jackal first on the line.
        let attacker = if !spec.missile {
            Some(self.creatures[usize::from(self.attacker)])
        } else {
            spec.attacker_at.map(|offset| {
                let at = offset_square(self.defender_at, offset);
                self.far
                    .iter()
                    .find(|f| Some(f.at) == at)
                    .map_or_else(CreatureStates::default, |f| f.states)
            })
        };
        if let Some(a) = attacker {
            // (a `far` line says no field's states: parse_far())
            let p = u32::from(a.peer);
            if p & sys::FLANK_FX_PEER_OUTFLANKER != 0 {
                c.attacker |= sys::FLANK_AT_OUTFLANKER as u8;
            }
            if p & sys::FLANK_FX_PEER_NURSE != 0 {
                c.attacker |= sys::FLANK_AT_NURSE as u8;
            }
            c.attacker |= facing::Side::of_square(creature_square(&a)).attacker_bit();
        }
        c
    }

    /// The lines around the defender as the game gathers them (`struct
    /// flank_ranged`): on each, walking out from `@`, the first letter 2 to
    /// `FLANK_RANGE_MAX` squares away before anything that blocks the view
    /// (`-`, `|`, rock, `+`, `0`; the map's edge is rock). A letter next to
    /// `@` does not end the walk. A letter without a `far` line is a
    /// hostile jackal with nothing to attack from range.
    pub fn ranged_lines(&self) -> flank_ranged {
        let mut out = flank_ranged::default();
        let (ar, ac) = self.defender_at;
        for (d, &(dx, dy)) in DIR_OFFSETS.iter().enumerate() {
            for k in 1..=isize::from(flank_rules::ranged::RANGE_MAX) {
                let g = (ar as isize)
                    .checked_add(k * dy)
                    .and_then(|r| usize::try_from(r).ok())
                    .and_then(|r| self.map.get(r).map(|row| (r, row)))
                    .and_then(|(r, row)| {
                        let c = usize::try_from(ac as isize + k * dx).ok()?;
                        row.chars().nth(c).map(|g| (r, c, g))
                    });
                let Some((r, c, g)) = g else { break };
                if k >= 2 && g.is_ascii_alphabetic() {
                    out.dist[d] = k as u8;
                    match self.far.iter().find(|f| f.at == (r, c)) {
                        Some(f) => {
                            out.square[d] = creature_square(&f.states);
                            let (arms, reach) = far_arms(f.arms, f.states.hero);
                            out.arms[d] = arms;
                            out.reach[d] = reach;
                        }
                        None => out.square[d] = sys::FLANK_SQ_CREATURE as u16,
                    }
                    break;
                }
                if matches!(g, '-' | '|' | ' ' | '+' | '0') {
                    break;
                }
            }
        }
        out
    }

    /// The directions threatened from range (bit d; 0 without `ranged:
    /// on`), by the engine.
    pub fn ranged_threats(&self) -> u8 {
        match (self.ranged, self.neighbourhood()) {
            (true, Ok(hood)) => flank_rules::ranged::threats(&hood, &self.ranged_lines()),
            _ => 0,
        }
    }

    /// The score of the fixture's attack by the engine, threats from range
    /// counted when it has `ranged: on`: what `expect` must be.
    pub fn score(&self) -> Result<u8, flank_rules::rules::FlankError> {
        Ok(self
            .neighbourhood()?
            .explain_with(self.ranged_threats())
            .half_points)
    }

    /// The facing result of the fixture's attack by the engine, threats
    /// from range counted; `None` without facing.
    pub fn facing_result(&self) -> Option<Result<flank_facing_result, FacingError>> {
        let extra = self.ranged_threats();
        self.facing_input().map(|r| r.map(|i| i.eval_with(extra)))
    }

    /// The validated facing input, for a fixture that uses facing.
    pub fn facing_input(&self) -> Option<Result<FacingInput, FacingError>> {
        let spec = self.facing.as_ref()?;
        Some(
            self.neighbourhood()
                .map_err(FacingError::Hood)
                .and_then(|h| {
                    FacingInput::with_creatures(
                        h,
                        spec.facing,
                        self.attack_facts(),
                        spec.rules,
                        self.creatures_input(),
                    )
                }),
        )
    }

    /// How a facing result differs from this fixture's expectations, one
    /// phrase each (empty: it matches; also empty without facing).
    pub fn facing_mismatches(&self, r: &flank_facing_result) -> Vec<String> {
        let Some(spec) = &self.facing else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let zone = Zone::from_code(r.zone).map_or("?", Zone::word);
        if zone != spec.expect_zone.word() {
            out.push(format!("zone {zone}, expected {}", spec.expect_zone.word()));
        }
        if r.hit_half_points != spec.expect_hit {
            out.push(format!(
                "hit {}, expected {}",
                flank_rules::explain::format_half_points(r.hit_half_points.into()),
                flank_rules::explain::format_half_points(spec.expect_hit.into())
            ));
        }
        let d = &spec.expect_damage;
        if (r.damage_percent, r.damage_flat) != (d.percent, d.flat) {
            out.push(format!(
                "damage {}, expected {}",
                damage_words(r.damage_percent, r.damage_flat),
                damage_words(d.percent, d.flat)
            ));
        }
        if let Some(want) = spec.expect_shield {
            if (r.shield_counts != 0) != want {
                let w = |b: bool| if b { "counts" } else { "ignored" };
                out.push(format!(
                    "shield {}, expected {}",
                    w(r.shield_counts != 0),
                    w(want)
                ));
            }
        }
        let got = r.bits & !bits::ARC;
        if got != spec.expect_extra {
            out.push(format!(
                "extra {}, expected {}",
                extra_words(got),
                extra_words(spec.expect_extra)
            ));
        }
        out
    }

    /// Whether the square in direction `d` is blocked for this defender,
    /// by NetHack's own movement rules (`test_move()` for the hero,
    /// `mfndpos()` for a monster) as far as a fixture can express them.
    ///
    /// A diagonal step into a doorway that holds a door is never allowed to
    /// a monster, even one that passes walls (`mfndpos()`'s `nodiag` test);
    /// a hero who passes walls may take it (`test_move()`). The defender's
    /// own square is always floor, so no step *out of* a doorway arises. No
    /// fixture defender is too big or too laden to squeeze diagonally
    /// between two rock squares, so that rule never blocks here.
    pub fn blocked(&self, d: u8) -> bool {
        let t = &self.defender;
        let glyph = self.glyphs[usize::from(d)];
        let trap = !(t.levitating || t.flying);
        let diagonal = d % 2 == 1;
        match glyph {
            '+' => !t.phasing || (diagonal && t.monster),
            '-' | '|' | ' ' | '0' => !t.phasing,
            '}' => !(t.levitating || t.flying || t.swimming),
            '^' => trap,
            c if c.is_ascii_alphabetic() => self.creatures[usize::from(d)].trapped && trap,
            _ => false,
        }
    }

    /// The neighbourhood as the C ABI struct.
    pub fn to_raw(&self) -> flank_neighbourhood {
        let mut square = [0u16; 8];
        for d in 0..8u8 {
            let mut bits = 0u32;
            if self.glyphs[usize::from(d)].is_ascii_alphabetic() {
                bits = u32::from(creature_square(&self.creatures[usize::from(d)]));
            }
            if self.blocked(d) {
                bits |= sys::FLANK_SQ_BLOCKED;
            }
            square[usize::from(d)] = bits as u16;
        }
        let t = &self.defender;
        let mut defender = 0u32;
        for (on, bit) in [
            (!t.monster, sys::FLANK_DEF_HERO),
            (t.peaceful, sys::FLANK_DEF_PEACEFUL),
            (t.tame, sys::FLANK_DEF_TAME),
            // as the game gathers it: Conflict is a hero defender's fact
            // (who attacks her); beside a monster it changes no threat
            (t.conflict && !t.monster, sys::FLANK_DEF_CONFLICT),
        ] {
            if on {
                defender |= bit;
            }
        }
        flank_neighbourhood {
            square,
            defender: defender as u8,
            attack_dir: self.attacker,
        }
    }

    /// The validated neighbourhood. A parsed fixture always validates; the
    /// error case is kept so callers never need to panic.
    pub fn neighbourhood(&self) -> Result<Neighbourhood, flank_rules::rules::FlankError> {
        Neighbourhood::new(self.to_raw())
    }
}

/// The `FLANK_SQ_*` bits of a creature in these states (no
/// `FLANK_SQ_BLOCKED`: that is the terrain's).
pub fn creature_square(s: &CreatureStates) -> u16 {
    let flags = [
        (true, sys::FLANK_SQ_CREATURE),
        (s.hero, sys::FLANK_SQ_HERO),
        (s.peaceful, sys::FLANK_SQ_PEACEFUL),
        (s.tame, sys::FLANK_SQ_TAME),
        (s.unwilling, sys::FLANK_SQ_UNWILLING),
        (s.sleeping || s.paralyzed, sys::FLANK_SQ_HELPLESS),
        (s.trapped, sys::FLANK_SQ_TRAPPED),
        (s.fleeing, sys::FLANK_SQ_FLEEING),
        (s.passive, sys::FLANK_SQ_NOATTACK),
        (s.tail, sys::FLANK_SQ_TAIL),
    ];
    flags
        .iter()
        .filter(|(on, _)| *on)
        .fold(0u32, |bits, (_, bit)| bits | bit) as u16
}

/// What a far creature's `FLANK_FX_FAR_*` things make of it, as the game
/// gathers it: its `FLANK_RA_*` bits and its polearm's reach. A launcher
/// counts with its own ammunition only.
pub fn far_arms(far: u16, hero: bool) -> (u8, u8) {
    let has = |b: u32| u32::from(far) & b != 0;
    let mut arms = 0u32;
    let mut reach = 0u8;
    if has(sys::FLANK_FX_FAR_POLEARM) || has(sys::FLANK_FX_FAR_LANCE) {
        arms |= sys::FLANK_RA_POLEARM;
        reach = if hero {
            FAR_REACH_HERO
        } else {
            FAR_REACH_MONSTER
        };
    }
    if (has(sys::FLANK_FX_FAR_BOW) && has(sys::FLANK_FX_FAR_ARROWS))
        || (has(sys::FLANK_FX_FAR_CROSSBOW) && has(sys::FLANK_FX_FAR_BOLTS))
        || (has(sys::FLANK_FX_FAR_SLING) && has(sys::FLANK_FX_FAR_ROCKS))
    {
        arms |= sys::FLANK_RA_LAUNCHER;
    }
    if has(sys::FLANK_FX_FAR_DAGGERS)
        || has(sys::FLANK_FX_FAR_SPEARS)
        || has(sys::FLANK_FX_FAR_DARTS)
        || has(sys::FLANK_FX_FAR_KNIVES)
    {
        arms |= sys::FLANK_RA_MISSILES;
    }
    for (far_bit, ra) in [
        (sys::FLANK_FX_FAR_BREATH, sys::FLANK_RA_BREATH),
        (sys::FLANK_FX_FAR_SPIT, sys::FLANK_RA_SPIT),
        (sys::FLANK_FX_FAR_GAZE, sys::FLANK_RA_GAZE),
    ] {
        if has(far_bit) {
            arms |= ra;
        }
    }
    (arms as u8, reach)
}

/// A `defender:` line's traits, or why not.
fn parse_traits(value: &str) -> Result<DefenderTraits, String> {
    let mut t = DefenderTraits::default();
    let mut hero = false;
    for word in value.split_whitespace() {
        match word {
            "hero" => hero = true,
            "monster" => t.monster = true,
            "levitating" => t.levitating = true,
            "flying" => t.flying = true,
            "swimming" => t.swimming = true,
            "phasing" => t.phasing = true,
            "peaceful" => t.peaceful = true,
            "tame" => t.tame = true,
            "conflict" => t.conflict = true,
            "shield" => t.shield = true,
            "sleeping" => t.sleeping = true,
            "elbereth" => t.elbereth = true,
            "blind" => t.blind = true,
            _ => return Err(format!("unknown defender trait `{word}` (traits: hero monster levitating flying swimming phasing peaceful tame conflict; facing: shield sleeping)")),
        }
    }
    if hero && t.monster {
        return Err("defender traits `hero` and `monster` exclude each other".into());
    }
    if (t.peaceful || t.tame) && !t.monster {
        return Err("defender traits `peaceful` and `tame` need `monster`".into());
    }
    if t.peaceful && t.tame {
        return Err(
            "defender traits `peaceful` and `tame` exclude each other (a pet is `tame`)".into(),
        );
    }
    if t.monster && t.swimming && (t.levitating || t.flying || t.phasing) {
        return Err("defender traits `monster swimming` excludes `levitating`, `flying` and `phasing`: no ordinary NetHack monster swims and also flies or passes walls (only Medusa and the mail daemon fly and swim)".into());
    }
    if t.blind && t.monster {
        return Err("defender traits `blind` is the hero's: a `monster` defender's blindness is read by no rule set".into());
    }
    if t.elbereth && t.monster {
        return Err("defender traits `elbereth` is the hero's square: a `monster` defender takes it on its `creature` line when the hero stands beside it".into());
    }
    Ok(t)
}

/// A `far` line's words: what the creature carries or can do
/// (`FLANK_FX_FAR_*`) and its states. Its states are those of an adjacent
/// creature but `unwilling`, `passive` and `tail`; it wields one thing at
/// most; a breath, spit or gaze is a species of its own that carries
/// nothing, and the hero has none of them.
fn parse_far(value: &str) -> Result<(u16, CreatureStates), String> {
    let mut arms = 0u32;
    let mut state_words = Vec::new();
    for word in value.split_whitespace() {
        match FAR_WORDS.iter().find(|(w, _)| *w == word) {
            Some(&(_, bit)) => arms |= bit,
            None => state_words.push(word),
        }
    }
    let states = parse_states(&state_words.join(" "), |w| {
        format!(
            "unknown `far` word `{w}` (arms: {}; states: hostile peaceful tame hero sleeping paralyzed trapped fleeing)",
            FAR_WORDS.map(|(w, _)| w).join(" ")
        )
    })?;
    if let Some((w, _)) = PEER_WORDS
        .iter()
        .find(|(_, b)| u32::from(states.peer) & b != 0)
    {
        return Err(format!(
            "`{w}` is not a state of a creature further out (the field's states are of one next to `@`)"
        ));
    }
    for (on, word) in [
        (states.unwilling, "unwilling"),
        (states.passive, "passive"),
        (states.tail, "tail"),
    ] {
        if on {
            return Err(format!(
                "`{word}` is not a state of a creature further out (only of one next to `@`)"
            ));
        }
    }
    let wielded = [
        sys::FLANK_FX_FAR_POLEARM,
        sys::FLANK_FX_FAR_LANCE,
        sys::FLANK_FX_FAR_BOW,
        sys::FLANK_FX_FAR_CROSSBOW,
        sys::FLANK_FX_FAR_SLING,
    ];
    if wielded.iter().filter(|&&b| arms & b != 0).count() > 1 {
        return Err("it wields one of polearm, lance, bow, crossbow and sling at most".into());
    }
    let species = sys::FLANK_FX_FAR_BREATH | sys::FLANK_FX_FAR_SPIT | sys::FLANK_FX_FAR_GAZE;
    if arms & species != 0 {
        if (arms & species).count_ones() > 1 || arms & !species != 0 {
            return Err(
                "breath, spit and gaze are each a species of its own, which carries nothing".into(),
            );
        }
        if states.hero {
            return Err(
                "the hero has no breath, spit or gaze here (a polymorphed hero is not built)"
                    .into(),
            );
        }
    }
    Ok((arms as u16, states))
}

/// A creature's states, or why not; `unknown` says what a word that is
/// no state is.
fn parse_states(value: &str, unknown: impl Fn(&str) -> String) -> Result<CreatureStates, String> {
    let mut s = CreatureStates::default();
    let mut hostile = false;
    for word in value.split_whitespace() {
        match word {
            "hostile" => hostile = true,
            "peaceful" => s.peaceful = true,
            "tame" => s.tame = true,
            "unwilling" => {
                s.unwilling = true;
                s.tame = true;
            }
            "hero" => s.hero = true,
            "sleeping" => s.sleeping = true,
            "paralyzed" => s.paralyzed = true,
            "trapped" => s.trapped = true,
            "fleeing" => s.fleeing = true,
            "passive" => s.passive = true,
            "tail" => s.tail = true,
            w => match PEER_WORDS.iter().find(|(pw, _)| *pw == w) {
                Some(&(_, bit)) => s.peer |= bit as u16,
                None => return Err(unknown(word)),
            },
        }
    }
    let relations = [hostile, s.peaceful, s.tame, s.hero]
        .iter()
        .filter(|&&b| b)
        .count();
    if relations > 1 {
        return Err(
            "creature states name more than one of hostile, peaceful, tame/unwilling, hero".into(),
        );
    }
    let peer = u32::from(s.peer);
    if peer & PEER_HERO_ONLY != 0 && !s.hero {
        return Err("creature states hallucinating, blind, punished, fumbling, wounded-legs and elbereth are the hero's: add `hero`".into());
    }
    if peer & PEER_MONSTER_ONLY != 0 && s.hero {
        return Err("creature states eating and grudge are a monster's (its meal, a defender's grudge against it), not the hero's".into());
    }
    if (peer & PEER_SPECIES).count_ones() > 1 {
        return Err("creature states eating, hiding, mimicking and nurse exclude each other (a snake hides, a mimic mimics, a nurse is a species, an eater a dog; the hero hides in a hider's form, mimics after eating a mimic, is a nurse in a nurse's form)".into());
    }
    if peer & PEER_SPECIES & !sys::FLANK_FX_PEER_EATING != 0
        && !s.hero
        && (peer & sys::FLANK_FX_PEER_OUTFLANKER != 0 || s.tame || s.passive || s.tail)
    {
        return Err("creature states hiding, mimicking and nurse are each a species of their own: not an outflanker, a pet, passive or a tail".into());
    }
    if s.hero && peer & sys::FLANK_FX_PEER_MIMICKING != 0 && !s.paralyzed {
        return Err("creature states the hero mimics only while helpless after eating a mimic: `hero mimicking` needs `paralyzed`".into());
    }
    if peer & sys::FLANK_FX_PEER_STATIONARY != 0 && !s.hero && !s.passive {
        return Err("creature states `stationary`: 3.6.7's monsters of speed 0 (the molds and jellies) have no active attack: add `passive`".into());
    }
    if peer & sys::FLANK_FX_PEER_GRUDGE != 0 && peer & sys::FLANK_FX_PEER_STATIONARY != 0 {
        return Err("creature states `grudge` and `stationary` exclude each other: 3.6.7's one grudge is against a shrieker, which moves".into());
    }
    if s.hero
        && peer & sys::FLANK_FX_PEER_STATIONARY != 0
        && !(s.passive && peer & sys::FLANK_FX_PEER_BLIND != 0)
    {
        return Err("creature states `hero stationary`: 3.6.7's forms of speed 0 (the molds and jellies) have no active attack and no eyes: add `passive` and `blind`".into());
    }
    if s.hero && peer & sys::FLANK_FX_PEER_STATIONARY != 0 && peer & PEER_SPECIES != 0 {
        return Err("creature states `hero stationary` excludes hiding, mimicking and nurse: the hero takes one form at a time, and a form of speed 0 (a mold, a jelly) neither hides nor eats".into());
    }
    if s.hero && peer & sys::FLANK_FX_PEER_NURSE != 0 && peer & sys::FLANK_FX_PEER_OUTFLANKER != 0 {
        return Err("creature states `hero nurse outflanker`: in a nurse's form the hero does not flank by nature (her form, not her role, decides it)".into());
    }
    if peer & sys::FLANK_FX_PEER_GRUDGE != 0 && !s.passive {
        return Err("creature states `grudge`: 3.6.7's one grudge is a purple worm's against a shrieker, which has no attack: add `passive`".into());
    }
    if s.tail && s.passive {
        return Err("creature states `tail` and `passive` exclude each other: only long worms have tail segments, and a long worm bites".into());
    }
    Ok(s)
}

/// The map square (row, column) at offset `(dx, dy)` (x right, y down)
/// from `at`, if it is not above or left of the map block.
fn offset_square(at: (usize, usize), (dx, dy): (i8, i8)) -> Option<(usize, usize)> {
    Some((
        at.0.checked_add_signed(isize::from(dy))?,
        at.1.checked_add_signed(isize::from(dx))?,
    ))
}

/// The map's glyph at (row, column), if the map block holds it.
fn glyph_at(map: &[String], (r, c): (usize, usize)) -> Option<char> {
    map.get(r).and_then(|row| row.chars().nth(c))
}

/// Parses `attacker-at: DX DY`: whole numbers, at most
/// [`ATTACKER_AT_REACH`] in either axis, at least 2 in one (further away
/// than the next square).
fn parse_attacker_at(value: &str) -> Result<(i8, i8), String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let parse = |w: &str| {
        w.parse::<i8>()
            .ok()
            .filter(|v| v.abs() <= ATTACKER_AT_REACH && !w.starts_with('+'))
    };
    let [x, y] = words[..] else {
        return Err(format!(
            "`{value}`: write the attacker's offset from `@` as two numbers, x to the right and y down, like `-1 -2`"
        ));
    };
    match (parse(x), parse(y)) {
        (Some(dx), Some(dy)) if dx.abs().max(dy.abs()) == ATTACKER_AT_REACH => Ok((dx, dy)),
        (Some(_), Some(_)) => Err(format!(
            "`{value}`: the attacker stands next to `@`; write `attacker:` with its direction"
        )),
        _ => Err(format!(
            "`{value}`: each of x and y is a whole number from -{ATTACKER_AT_REACH} to {ATTACKER_AT_REACH} (a polearm's or lance's reach)"
        )),
    }
}

/// The keys of the facing extension (`facing <dir>` included).
const FACING_KEYS: [&str; 11] = [
    "rules",
    "facing",
    "role",
    "attack",
    "expect-zone",
    "expect-hit",
    "expect-damage",
    "expect-shield",
    "expect-extra",
    "attacker-level",
    "attacker-at",
];

/// A damage change in the format's words (`125%`, `100% +2`): the rules'.
pub use flank_rules::explain::damage_words;

/// Every `*.flank` file under the given files and directories (directories
/// recursively, each one's files sorted by path; [`files::collect`]).
pub fn collect(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    files::collect(paths, "flank")
}
