//! The rule sets: one row each in [`RULES`], and everything derived from
//! the table ([`RuleSet`]: the valid sets and their combinations with the
//! arc score, ids, names, parsing).
//!
//! A new rule set is a new row here. What a row can say (zone effects, the
//! shield, the flow, the clauses, its words) is read by
//! `facing::FacingInput::eval_from()` and by `explain::facing_words()`; a
//! rule of a new kind adds what it needs to [`RuleRow`] and to those two.
//! docs/HACKING.md lists every file a new rule set touches.

use core::fmt;

use crate::sys;

const PLUS_ARC: u8 = sys::FLANK_RULES_PLUS_ARC as u8;

/// How a rule set treats the defender's shield.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShieldRule {
    /// NetHack's own rule: the shield always counts toward AC.
    Always,
    /// Only against attacks from the front.
    FrontOnly,
    /// The front and the flank on the shield's side ([`crate::facing::shield_flank`]).
    FrontAndShieldFlank,
    /// Counts toward AC always, and takes `percent`% off the damage of an
    /// attack from the front, after the zone's multiplier.
    FrontDamage {
        /// The damage that is left, in percent (80).
        percent: u16,
    },
}

/// When a rule set's zone effects apply.  `repr(u8)`: a tag byte of its
/// own, so that telling the flows apart (once or twice an evaluation) is one
/// compare (3 instructions in `eval_from`, 9 with the layout the compiler
/// chose, measured: BENCHMARKS.md).
#[derive(Debug, Clone, Copy)]
#[repr(u8)]
pub enum Flow {
    /// To every attack, by its zone.
    EveryAttack,
    /// To melee attacks only, in this order: a threat directly opposite
    /// the attacker gives `ally_hit` to hit (and no damage) and marks
    /// [`crate::facing::bits::FLANKED`]; else the rear's effects, marked [`crate::facing::bits::BEHIND`];
    /// else a flank attack is only marked, [`crate::facing::bits::SIDE`]. A defender
    /// struck in its flank or rear, unless helpless, turns to face its
    /// attacker ([`crate::facing::bits::TURNS`]).
    AllyOppositeFirst {
        /// The to-hit, in half points, for a threat opposite.
        ally_hit: u8,
        /// The words of each outcome, for `flank explain`.
        words: AllyOppositeWords,
    },
    /// To melee attacks only, with no zones: an able threat on the square
    /// directly opposite the attacker (a [`Flanker`]) gives the attacker
    /// `bonus(level, outflanker, hero)` points to hit and marks
    /// [`crate::facing::bits::FLANKED`] (NerfHack).
    FoeOpposite {
        /// Who cannot be the flanker, or make the attack a flank.
        flanker: Flanker,
        /// The bonus in points: the attacker's level, whether it flanks by
        /// nature ([`crate::sys::FLANK_AT_OUTFLANKER`]), whether it is the
        /// hero.
        bonus: fn(u8, bool, bool) -> u8,
        /// The species (NetHack's names) that flank by nature.
        outflankers: &'static [&'static str],
        /// The words of each outcome, for `flank explain`.
        words: FoeOppositeWords,
    },
    /// To every attack, with no zones: each other threat around the
    /// defender gives `beside` half points to hit when it stands within two
    /// turns of the attack's direction, `behind` when further round (the
    /// three squares behind the defender as seen from the attacker); any
    /// marks [`crate::facing::bits::FLANKED`] (Sil-Q).
    Crowd {
        /// Half points per threat beside.
        beside: u8,
        /// Half points per threat behind.
        behind: u8,
        /// The words, for `flank explain`.
        words: CrowdWords,
    },
}

/// From which direction an attacker further away than the next square
/// attacks ([`RuleSet::attack_dir`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The octant of the offset's signs: every square off the eight lines
    /// counts from the diagonal between them (docs/FLANKING-DECISIONS.md,
    /// "Where an attacker further away stands").
    Octant,
    /// Sil's `rough_direction()` (src/xtra2.c): the straight line when the
    /// offset along it is at least twice the other (C's integer division),
    /// else the diagonal. Within a polearm's or lance's reach it is also
    /// D&D's areas "beyond" a square's front, flanks and rear.
    Rough,
}

impl Direction {
    /// The `FLANK_DIR_*` of offset `<dx,dy>` (x right, y down), not `<0,0>`.
    pub fn of(self, dx: i32, dy: i32) -> u8 {
        let (mut sx, mut sy) = (dx.signum(), dy.signum());
        if self == Direction::Rough {
            if dx != 0 && dy.abs() / dx.abs() >= 2 {
                sx = 0;
            }
            if dy != 0 && dx.abs() / dy.abs() >= 2 {
                sy = 0;
            }
        }
        crate::rules::dir_of(sx, sy)
    }
}

/// Who may be [`Flow::FoeOpposite`]'s flanker, the creature on the square
/// directly opposite the attacker: its peer's own clauses, read from the
/// creatures' facts as C gathers them (not from who threatens the
/// defender, which the arc rules judge).
#[derive(Debug, Clone, Copy)]
pub struct Flanker {
    /// A monster with any of these `FLANK_SQ_*` bits of its square.
    pub squares: u16,
    /// A monster with any of these `FLANK_ST_*` states.
    pub states: u8,
    /// The hero with any of these `FLANK_ST_*` states.
    pub hero_states: u8,
    /// The hero, with any of these `FLANK_FI_HERO_*` facts.
    pub hero: u8,
    /// No monster flanks while the hero stands on Elbereth
    /// ([`crate::sys::FLANK_FI_ELBERETH`]).
    pub elbereth: bool,
    /// An attacker with any of these `FLANK_AT_*` bits flanks nothing.
    pub attacker: u8,
    /// The hero defending while blind is not flanked (SpliceHack's
    /// `mattacku()`: `calculate_flankers(mtmp, &g.youmonst) && !Blind`):
    /// [`crate::sys::FLANK_FI_HERO_UNSEEING`] with a hero defender.
    pub blind_defender: bool,
    /// Whether an able flanker helps, by the sides of the three
    /// ([`Sides`]).
    pub sides: fn(Sides) -> bool,
}

/// The sides of an attack's three creatures as NetHack keeps them
/// (`mtame`, `mpeaceful`: a pet is peaceful too; Conflict changes
/// neither), for [`Flanker::sides`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sides {
    /// The attacker's.
    pub attacker: Side,
    /// The defender's.
    pub defender: Side,
    /// The flanker's.
    pub flanker: Side,
    /// The defender holds a grudge against the flanker
    /// ([`crate::sys::FLANK_ST_GRUDGE`]).
    pub grudge: bool,
}

/// One creature's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The hero.
    Hero,
    /// A pet (also peaceful, as NetHack keeps it).
    Tame,
    /// A peaceful monster.
    Peaceful,
    /// A hostile monster.
    Hostile,
}

impl Side {
    /// `mpeaceful` (a pet's too).
    pub fn peaceful(self) -> bool {
        matches!(self, Side::Tame | Side::Peaceful)
    }

    /// `mtame`.
    pub fn tame(self) -> bool {
        self == Side::Tame
    }

    /// The side that `bits` give, with the bits of the hero, a pet and a
    /// peaceful monster in `of` (the first set wins; none: hostile).
    fn of_bits(bits: u32, of: [u32; 3]) -> Side {
        let sides = [Side::Hero, Side::Tame, Side::Peaceful];
        of.iter()
            .zip(sides)
            .find(|(bit, _)| bits & **bit != 0)
            .map_or(Side::Hostile, |(_, side)| side)
    }

    /// The side of a square's creature (`FLANK_SQ_*`).
    pub fn of_square(sq: u16) -> Side {
        Side::of_bits(
            u32::from(sq),
            [
                sys::FLANK_SQ_HERO,
                sys::FLANK_SQ_TAME,
                sys::FLANK_SQ_PEACEFUL,
            ],
        )
    }

    /// The defender's side (`FLANK_DEF_*`: the hero over a pet over a
    /// peaceful).
    pub fn of_defender(def: u8) -> Side {
        Side::of_bits(
            u32::from(def),
            [
                sys::FLANK_DEF_HERO,
                sys::FLANK_DEF_TAME,
                sys::FLANK_DEF_PEACEFUL,
            ],
        )
    }

    /// The attacker's side (`FLANK_AT_*`).
    pub fn of_attacker(at: u8) -> Side {
        Side::of_bits(
            u32::from(at),
            [
                sys::FLANK_AT_HERO,
                sys::FLANK_AT_TAME,
                sys::FLANK_AT_PEACEFUL,
            ],
        )
    }

    /// Its `FLANK_AT_*` bit (0 for a hostile attacker).
    pub fn attacker_bit(self) -> u8 {
        (match self {
            Side::Hero => sys::FLANK_AT_HERO,
            Side::Tame => sys::FLANK_AT_TAME,
            Side::Peaceful => sys::FLANK_AT_PEACEFUL,
            Side::Hostile => 0,
        }) as u8
    }
}

/// NerfHack's sides (`calculate_flankers()`, src/mon.c, its last clauses):
/// the hero attacking, a pet helps her, or a peaceful with a grudge; the
/// hero defending, anyone not peaceful; the hero as flanker, for a pet
/// attacking a defender not peaceful; monsters among themselves, a flanker
/// the defender has a grudge against, or two pets together. Conflict is
/// never read.
pub fn nerfhack_sides(s: Sides) -> bool {
    match (s.attacker, s.defender, s.flanker) {
        (Side::Hero, _, f) => f.tame() || (f.peaceful() && s.grudge),
        (_, Side::Hero, f) => !f.peaceful(),
        (a, d, Side::Hero) => a.tame() && !d.peaceful(),
        (a, _, f) => s.grudge || (a.tame() && f.tame()),
    }
}

/// SpliceHack's sides (`calculate_flankers()`, src/mhitu.c, its last
/// clauses): the hero attacking, a pet helps her; the hero defending,
/// anyone not peaceful; monsters among themselves, a flanker whose
/// `mpeaceful` differs from the defender's (the attacker's side is not
/// read). The hero never flanks: its `youflanker` branch asks `m_at()`,
/// which never gives the hero. Grudges and Conflict are never read.
pub fn splicehack_sides(s: Sides) -> bool {
    match (s.attacker, s.defender, s.flanker) {
        (_, _, Side::Hero) => false,
        (Side::Hero, _, f) => f.tame(),
        (_, Side::Hero, f) => !f.peaceful(),
        (_, d, f) => d.peaceful() != f.peaceful(),
    }
}

/// Hack'EM's sides (`calculate_flankers()`, src/mhitu.c, its last
/// clauses): the hero attacking, a pet helps her, or a peaceful with a
/// grudge; the hero defending, anyone not peaceful; the hero as flanker,
/// for a pet attacking a defender not peaceful; monsters among
/// themselves, only a flanker the defender has a grudge against ("If you
/// are not involved in the flanking, then flanking can still occur if the
/// defender and flanker have a grudge vs each other"). Conflict is never
/// read.
pub fn hackem_sides(s: Sides) -> bool {
    match (s.attacker, s.defender, s.flanker) {
        (Side::Hero, _, f) => f.tame() || (f.peaceful() && s.grudge),
        (_, Side::Hero, f) => !f.peaceful(),
        (a, d, Side::Hero) => a.tame() && !d.peaceful(),
        _ => s.grudge,
    }
}

/// [`Flow::FoeOpposite`]'s words, each quoting the rule set's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoeOppositeWords {
    /// An able threat stands opposite.
    pub flanked: &'static str,
    /// How the bonus is worked out.
    pub bonus: &'static str,
    /// Nobody able stands opposite.
    pub alone: &'static str,
    /// The creature opposite cannot flank (its states).
    pub unable: &'static str,
    /// The hero stands on Elbereth.
    pub elbereth: &'static str,
    /// Not a melee attack.
    pub not_melee: &'static str,
    /// The attacker flanks nothing (a nurse).
    pub attacker: &'static str,
    /// The creature opposite is not on the attacker's side.
    pub sides: &'static str,
    /// The hero defends blind ([`Flanker::blind_defender`]).
    pub blind: &'static str,
}

/// [`Flow::Crowd`]'s words, each quoting the rule set's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrowdWords {
    /// The count.
    pub counted: &'static str,
    /// No other threat around the defender.
    pub none: &'static str,
}

/// [`Flow::AllyOppositeFirst`]'s words, each quoting the rule set's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllyOppositeWords {
    /// A threat stands opposite.
    pub flanked: &'static str,
    /// From the rear.
    pub behind: &'static str,
    /// From a flank.
    pub side: &'static str,
    /// Not a melee attack.
    pub not_melee: &'static str,
    /// From the front.
    pub front: &'static str,
    /// The defender turns.
    pub turns: &'static str,
}

/// How `proposal+NAME` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    /// It does not combine; with the reason given to the user, or `None`
    /// for "only `proposal` combines, with one other rule set".
    Refused(Option<&'static str>),
    /// It is this rule set itself: its positional part is the arc already.
    Itself,
    /// The arc score is added: the combined set's canonical name.
    AddsArc(&'static str),
}

/// A rule set's words, for `flank explain`: quotations of its seed.
/// `{hit}` in a zone's words stands for that zone's to-hit from the row
/// (`+2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// Said before the zone's words ("" for nothing).
    pub preface: &'static str,
    /// The zone's words: front, flank, rear (unused with
    /// [`Flow::AllyOppositeFirst`], whose words are its own).
    pub zone: [&'static str; 3],
    /// Whether the defender's shield counts, by the rule set's rule.
    pub shield: &'static str,
    /// The shield took some damage off ([`ShieldRule::FrontDamage`]).
    pub shield_damage: &'static str,
    /// A backstab (`backstab`).
    pub backstab: &'static str,
    /// A helpless defender does not notice (`rear_unnoticed`).
    pub unnoticed: &'static str,
    /// What the game's `#flanking` calls the to-hit part a flank of foes
    /// gets (`FLANK_FR_FLANKED`, beside a zone's): the foe on the far side
    /// of a facing or field rule, or the foes around under an arc rule
    /// (`flank_rules_flanked_words()`).
    pub flanked: &'static core::ffi::CStr,
}

/// A rule set's line in the players' table (README.md, `flank rules
/// --markdown`): what an attack from the flank and from the rear does,
/// and what else the rule set does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guide {
    /// From the flank.
    pub flank: &'static str,
    /// From the rear.
    pub rear: &'static str,
    /// Everything else, in a phrase.
    pub also: &'static str,
}

/// One rule set: everything the engine, the tools and the docs know of it.
/// A new rule set is one more row of [`RULES`]; its id, name, parsing, C
/// string, combinations and words all come from here.
#[derive(Debug, Clone, Copy)]
pub struct RuleRow {
    /// Its `FLANK_RULES_*` id (never with `FLANK_RULES_PLUS_ARC`): the
    /// value sysconf's choice travels as between C and Rust.
    pub id: u8,
    /// Its name, in sysconf and everywhere else.
    pub name: &'static str,
    /// Whether the arc score is its positional part.
    pub arc: bool,
    /// Whether a zone counts: the defender's facing is read.
    pub facing: bool,
    /// How `proposal+NAME` reads.
    pub combine: Combine,
    /// To-hit bonus per zone (front, flank, rear), half points.
    pub hit: [u8; 3],
    /// Damage percent per zone.
    pub damage_percent: [u16; 3],
    /// Flat damage per zone.
    pub damage_flat: [i16; 3],
    /// The shield rule.
    pub shield: ShieldRule,
    /// From which direction an attacker further away attacks.
    pub direction: Direction,
    /// When the zone effects apply.
    pub flow: Flow,
    /// The hero's melee attack from the rear is a backstab when the hero is
    /// a Rogue ([`crate::facing::bits::BACKSTAB`]).
    pub backstab: bool,
    /// A helpless monster does not notice an attack from its rear
    /// ([`crate::facing::bits::UNNOTICED`]).
    pub rear_unnoticed: bool,
    /// Its words for `flank explain`.
    pub words: Words,
    /// Its line in the players' table.
    pub guide: Guide,
}

/// The shield words of a rule set that leaves the shield to NetHack.
const SHIELD_AS_NETHACK: &str = "The shield counts as NetHack counts it.";
/// Words a rule set without the clause never says.
const UNSAID: &str = "";

/// NerfHack's row, which the field's other rows (SpliceHack's and
/// Hack'EM's, the same rule of a foe opposite the attacker; Sil-Q's count
/// of foes around) write only where they differ from: no arc, no facing,
/// no zone numbers, NetHack's shield, no words of their own but their flow's.
const NERFHACK: RuleRow = RuleRow {
    id: sys::FLANK_RULES_NERFHACK as u8,
    name: "nerfhack",
    arc: false,
    facing: false,
    combine: Combine::Refused(Some(
        "NerfHack's flank is its own rule, a foe opposite the attacker: with the arc it would count that foe twice",
    )),
    hit: [0, 0, 0],
    damage_percent: [100, 100, 100],
    damage_flat: [0, 0, 0],
    shield: ShieldRule::Always,
    direction: Direction::Octant,
    flow: Flow::FoeOpposite {
        // calculate_flankers(), src/mon.c: `flanker->mconf`,
        // `flanker->mstun`, `flanker->meating`, `flanker->mundetected`,
        // `(flanker->m_ap_type || flanker->mappearance)`,
        // `flanker->mnum == PM_NURSE`.
        flanker: Flanker {
            // `!flanker->mcanmove || flanker->msleeping ||
            // flanker->mflee || flanker->mtrapped`.
            squares: (sys::FLANK_SQ_HELPLESS | sys::FLANK_SQ_FLEEING | sys::FLANK_SQ_TRAPPED)
                as u16,
            // `flanker->mconf`, `flanker->mstun`, `flanker->meating`,
            // `flanker->mundetected`, `(flanker->m_ap_type ||
            // flanker->mappearance)`, `flanker->data->mmove == 0`,
            // `flanker->mnum == PM_NURSE`.
            states: (sys::FLANK_ST_CONFUSED
                | sys::FLANK_ST_STUNNED
                | sys::FLANK_ST_EATING
                | sys::FLANK_ST_HIDDEN
                | sys::FLANK_ST_STATIONARY
                | sys::FLANK_ST_NURSE) as u8,
            // The hero's branch: `Confusion || Stunned ||
            // youmonst.data->mmove == 0 || Unaware`; not her hiding,
            // mimicking or nurse form, not her being trapped or
            // paralysed.
            hero_states: (sys::FLANK_ST_CONFUSED
                | sys::FLANK_ST_STUNNED
                | sys::FLANK_ST_STATIONARY
                | sys::FLANK_ST_UNAWARE) as u8,
            // `!canseemon(mdef) || Hallucination || Punished ||
            // Fumbling || Wounded_legs`.
            hero: (sys::FLANK_FI_HERO_UNSEEING | sys::FLANK_FI_HERO_HOBBLED) as u8,
            // `sengr_at("Elbereth", u.ux, u.uy, TRUE)`, in the monster
            // flanker's branch, engulfed or not.
            elbereth: true,
            // "They are healers, not fighters": `magr->mnum == PM_NURSE`.
            attacker: sys::FLANK_AT_NURSE as u8,
            blind_defender: false,
            sides: nerfhack_sides,
        },
        bonus: nerfhack_bonus,
        outflankers: NERFHACK_OUTFLANKERS,
        words: FoeOppositeWords {
            flanked: "calculate_flankers() (NerfHack, src/mon.c): \"The flanker must 'sandwich' the defender\": an able creature hostile to the defender stands on the square opposite the attacker.",
            bonus: "flank_bonus(): the attacker's level L gives (L - 4) / 2 + 2; \"Natural flankers get a much higher bonus\": a monster of an M2_FLANK species + 3L/2, the hero of a fighting role (or in such a form) twice it; from 4 to 30, to hit only.",
            alone: "No able foe of the defender stands opposite the attacker: no flank.",
            unable: "\"Impaired monsters don't make good flankers\": the monster opposite is asleep, cannot move, flees, is trapped, confused, stunned, eating, hiding or mimicking, does not move at all, or is a nurse; the hero opposite cannot see the defender, hallucinates, is confused, stunned, punished, fumbling, has wounded legs, is asleep or fainted, or does not move at all.",
            elbereth: "\"We can't help flank while on Elbereth\": the hero stands on Elbereth, and no monster flanks.",
            not_melee: "Not a melee attack: only find_roll_to_hit(), mattacku() and mattackm() ask calculate_flankers().",
            attacker: "\"They are healers, not fighters\": a nurse flanks nothing.",
            sides: "The creature opposite is not on the attacker's side: \"Pets and non-hostile monsters with a grudge can help us flank\", \"Any hostiles can flank us\", the hero helps her pets against what is not peaceful, and monsters among themselves flank with a grudge or as two pets (Conflict changes none of it).",
            blind: UNSAID,
        },
    },
    backstab: false,
    rear_unnoticed: false,
    words: Words {
        preface: UNSAID,
        zone: [UNSAID; 3],
        shield: SHIELD_AS_NETHACK,
        shield_damage: UNSAID,
        backstab: UNSAID,
        unnoticed: UNSAID,
        flanked: c"foe opposite",
    },
    guide: Guide {
        flank: "-",
        rear: "-",
        also: "NerfHack's: melee with an able creature of your side directly opposite you (your pet for you, any hostile against you, you for your pet, pets together, and a grudge): +(level - 4)/2 + 2 to hit, more for natural flankers and fighting roles, 4 to 30; no monster flanks while the hero stands on Elbereth",
    },
};

/// The rule sets, one row each (docs/FLANKING-DECISIONS.md, "Facing rule
/// sets", says where each number comes from). The first is the default.
pub static RULES: [RuleRow; 9] = [
    RuleRow {
        id: sys::FLANK_RULES_PROPOSAL as u8,
        name: "proposal",
        arc: true,
        facing: false,
        combine: Combine::Refused(None),
        hit: [0, 0, 0],
        damage_percent: [100, 100, 100],
        damage_flat: [0, 0, 0],
        shield: ShieldRule::Always,
        direction: Direction::Octant,
        flow: Flow::EveryAttack,
        backstab: false,
        rear_unnoticed: false,
        words: Words {
            preface: UNSAID,
            zone: [
                "The proposal's rule set: the zone changes nothing; the bonus is the arc score alone.";
                3
            ],
            shield: SHIELD_AS_NETHACK,
            shield_damage: UNSAID,
            backstab: UNSAID,
            unnoticed: UNSAID,
            flanked: c"foes around",
        },
        guide: Guide {
            flank: "-",
            rear: "-",
            also: "arc flanking alone: the game above",
        },
    },
    RuleRow {
        id: sys::FLANK_RULES_IMPLICIT as u8,
        name: "implicit",
        arc: true,
        facing: true,
        combine: Combine::Itself,
        // "a small ... to-hit bonus", "a substantial bonus": +2, +4.
        hit: [0, 4, 8],
        damage_percent: [100, 100, 100],
        damage_flat: [0, 0, 0],
        shield: ShieldRule::FrontOnly,
        direction: Direction::Octant,
        flow: Flow::EveryAttack,
        backstab: false,
        rear_unnoticed: false,
        words: Words {
            preface: UNSAID,
            zone: [
                "A front tile: no bonus.",
                "\"If the attacker is in a flank tile it receives a small (system-dependent) to-hit bonus\": {hit}.",
                "\"If it is in a rear tile it receives a substantial bonus\": {hit}.",
            ],
            shield: "\"If an attacking melee monster is in a flank or rear tile, the player does not receive defensive benefits from a shield.\"",
            shield_damage: UNSAID,
            backstab: UNSAID,
            unnoticed: UNSAID,
            flanked: c"foe opposite",
        },
        guide: Guide {
            flank: "+2 to hit",
            rear: "+4 to hit",
            also: "arc flanking too; a shield counts only from the front",
        },
    },
    RuleRow {
        id: sys::FLANK_RULES_DND as u8,
        name: "dnd",
        arc: false,
        facing: true,
        combine: Combine::Refused(Some(
            "D&D combat facing \"supersedes the standard rules for flanking\"",
        )),
        hit: [0, 4, 8],
        damage_percent: [100, 100, 100],
        damage_flat: [0, 0, 0],
        shield: ShieldRule::FrontAndShieldFlank,
        // "the squares beyond it": the areas of a square space go on
        // between the lines through its corners, so an attacker a
        // knight's move off counts from the straight side it is nearer
        // (docs/FLANKING-DECISIONS.md, "Where an attacker further away
        // stands").
        direction: Direction::Rough,
        flow: Flow::EveryAttack,
        backstab: true,
        rear_unnoticed: true,
        words: Words {
            preface: "\"This variant supersedes the standard rules for flanking\": no arc score.",
            zone: [
                "From the front: no bonus.",
                "\"If you're attacking from a foe's flank area (or the squares beyond it, if you have a reach weapon or ranged weapon), you get a +2 bonus on the attack roll. You don't need anyone opposite you on the other side of your foe.\"",
                "\"If you're attacking from a foe's rear area (or the squares beyond it), you get a +4 bonus on the attack roll.\"",
            ],
            shield: "\"The shield only adds to the character's AC against attacks coming from his front area and the flank area on the shield's side\" (the shield is on the defender's left).",
            shield_damage: UNSAID,
            backstab: "\"A rogue can strike for sneak attack damage ... whenever she's attacking with a melee weapon from the foe's rear area\": a backstab.",
            unnoticed: "\"It's much easier to see what's going on in your front area, and much easier to sneak around behind someone's back\": the sleeping defender does not notice.",
            flanked: c"foe opposite",
        },
        guide: Guide {
            flank: "+2 to hit",
            rear: "+4 to hit",
            also: "no arc flanking; faceless creatures have no flank or rear; a shield covers the front and its own side; a Rogue backstabs from the rear; a sleeping monster does not notice you behind it",
        },
    },
    RuleRow {
        id: sys::FLANK_RULES_OPPOSITE as u8,
        name: "opposite",
        arc: false,
        facing: true,
        combine: Combine::AddsArc("proposal+opposite"),
        // Its "behind" (+2 to hit, +2 damage); its "flanked" (+2 to hit) is
        // the flow's ally_hit, and the flow picks one.
        hit: [0, 0, 4],
        damage_percent: [100, 100, 100],
        damage_flat: [0, 0, 2],
        shield: ShieldRule::Always,
        direction: Direction::Octant,
        flow: Flow::AllyOppositeFirst {
            // "Flanking provides +2 attack bonus".
            ally_hit: 4,
            words: AllyOppositeWords {
                flanked: "\"Flanking is achieved when two allies attack an enemy from opposite sides\" (UC-001: \"Attack with ally on opposite side -> +2 attack bonus\"), and it is checked first: \"Ally on Opposite? -Yes-> Return: FLANKED (+2 attack)\".",
                behind: "UC-002 Backstab: \"Attack from behind target's facing -> +2 attack, +2 damage\".",
                side: "UC-003 Side Attack: \"Attack from side -> No bonus (noted)\".",
                not_melee: "Not a melee attack: \"Adjacent? -No-> Return: No flanking (range too far)\".",
                front: "UC-004 Front Attack: \"Attack from faced direction -> No bonus\".",
                turns: "\"Creatures auto-face toward attack target\": the defender turns to face its attacker.",
            },
        },
        backstab: false,
        rear_unnoticed: false,
        words: Words {
            preface: UNSAID,
            zone: [UNSAID; 3],
            shield: SHIELD_AS_NETHACK,
            shield_damage: UNSAID,
            backstab: UNSAID,
            unnoticed: UNSAID,
            flanked: c"foe opposite",
        },
        guide: Guide {
            flank: "noted",
            rear: "+2 to hit, +2 damage, when no foe is opposite",
            also: "melee: +2 to hit with a foe of the defender directly opposite you (\"You and your kitten flank the jackal.\"), instead of the rear's bonus, never with it; the defender turns to face its attacker",
        },
    },
    RuleRow {
        id: sys::FLANK_RULES_TACTICS as u8,
        name: "tactics",
        arc: false,
        facing: true,
        combine: Combine::AddsArc("proposal+tactics"),
        hit: [0, 0, 0],
        damage_percent: [100, 125, 150],
        damage_flat: [0, 0, 0],
        shield: ShieldRule::FrontDamage { percent: 80 },
        direction: Direction::Octant,
        flow: Flow::EveryAttack,
        backstab: false,
        rear_unnoticed: false,
        words: Words {
            preface: UNSAID,
            zone: [
                "\"Directly facing defender | 100% | Frontal\".",
                "\"Side of defender | 125% | Flank\".",
                "\"Behind defender | 150% | Backstab\".",
            ],
            shield: SHIELD_AS_NETHACK,
            shield_damage: "\"When attacked from the front (Frontal zone only), incoming damage is reduced by 20%\"; \"Shield reduction is applied after position multipliers but before floor rounding.\"",
            backstab: UNSAID,
            unnoticed: UNSAID,
            flanked: c"foe opposite",
        },
        guide: Guide {
            flank: "damage x1.25",
            rear: "damage x1.5",
            also: "no to-hit; a shield-bearer takes 20% less from the front",
        },
    },
    NERFHACK,
    RuleRow {
        id: sys::FLANK_RULES_SILQ as u8,
        name: "silq",
        combine: Combine::Refused(Some(
            "Sil-Q's count of the attackers around the defender is its own rule: with the arc it would count each of them twice",
        )),
        direction: Direction::Rough,
        flow: Flow::Crowd {
            // overwhelming_att_mod(), src/cmd1.c: "+1 for monsters near
            // the attacker or to the sides, and +2 for monsters in the three
            // positions behind the player"; one Sil point (d20 + attack
            // against d20 + evasion, hit_roll()) is one NetHack point.
            beside: 2,
            behind: 4,
            words: CrowdWords {
                counted: "overwhelming_att_mod() (Sil-Q, src/cmd1.c): \"+1 for monsters near the attacker or to the sides, and +2 for monsters in the three positions behind\" the defender, counted among the creatures that could attack it now; one Sil point is one point to hit.",
                none: "No other creature that could attack the defender stands next to it: no bonus.",
            },
        },
        words: Words {
            flanked: c"foes around",
            ..NERFHACK.words
        },
        guide: Guide {
            also: "Sil-Q's: every attack gets +1 to hit for each other foe of the defender beside it and +2 for each behind the defender",
            ..NERFHACK.guide
        },
        ..NERFHACK
    },
    RuleRow {
        id: sys::FLANK_RULES_SPLICEHACK as u8,
        name: "splicehack",
        combine: Combine::Refused(Some(
            "SpliceHack's flank is its own rule, a foe opposite the attacker: with the arc it would count that foe twice",
        )),
        flow: Flow::FoeOpposite {
            // calculate_flankers(), src/mhitu.c l.2827 at 8d70ade6.
            flanker: Flanker {
                // `!flanker->mcanmove || flanker->msleeping ||
                // flanker->mflee`.
                squares: (sys::FLANK_SQ_HELPLESS | sys::FLANK_SQ_FLEEING) as u16,
                // `flanker->mstun`.
                states: sys::FLANK_ST_STUNNED as u8,
                // Its hero's branch (`canseemon(mdef) && !Stunned`) is
                // never reached: the flanker is `m_at()`'s, never the hero.
                hero_states: 0,
                hero: 0,
                elbereth: false,
                attacker: 0,
                // mattacku(): `calculate_flankers(mtmp, &g.youmonst) &&
                // !Blind`.
                blind_defender: true,
                sides: splicehack_sides,
            },
            bonus: splicehack_bonus,
            outflankers: &[],
            words: FoeOppositeWords {
                flanked: "calculate_flankers() (SpliceHack, src/mhitu.c): \"Find the flanker, if one happens to exist\": an able creature on the attacker's side stands on the square opposite the attacker.",
                bonus: "mattacku(), find_roll_to_hit(), mattackm(): a flat +4 to hit (`tmp += 4`), whatever the level.",
                alone: "No able foe of the defender stands opposite the attacker: no flank.",
                unable: "The monster opposite cannot flank: it cannot move, is asleep, flees or is stunned (`!flanker->mcanmove || flanker->msleeping || flanker->mflee || flanker->mstun`).",
                elbereth: UNSAID,
                not_melee: "Not a melee attack: \"If too far, then return\"; only find_roll_to_hit(), mattacku() and mattackm() ask calculate_flankers().",
                attacker: UNSAID,
                sides: "The creature opposite is not on the attacker's side: a pet helps the hero, any monster not peaceful flanks her, and among monsters a flanker helps when its peacefulness differs from the defender's; the hero never helps (m_at() never finds her).",
                blind: "The hero is blind: mattacku() flanks her only `&& !Blind` (\"You are being flanked!\").",
            },
        },
        guide: Guide {
            also: "SpliceHack's: melee with an able creature of your side directly opposite you (your pet for you, anything not peaceful against you; you never help): +4 to hit; a blind hero is not flanked",
            ..NERFHACK.guide
        },
        ..NERFHACK
    },
    RuleRow {
        id: sys::FLANK_RULES_HACKEM as u8,
        name: "hackem",
        combine: Combine::Refused(Some(
            "Hack'EM's flank is its own rule, a foe opposite the attacker: with the arc it would count that foe twice",
        )),
        flow: Flow::FoeOpposite {
            // calculate_flankers(), src/mhitu.c l.5776 at cebe2f36; 3.6.7
            // has no `mstone`, `msick`, `mdiseased` nor `Afraid`.
            flanker: Flanker {
                // `!flanker->mcanmove || flanker->msleeping ||
                // flanker->mflee || flanker->mtrapped`.
                squares: (sys::FLANK_SQ_HELPLESS | sys::FLANK_SQ_FLEEING | sys::FLANK_SQ_TRAPPED)
                    as u16,
                // `flanker->mconf`, `flanker->mstun`.
                states: (sys::FLANK_ST_CONFUSED | sys::FLANK_ST_STUNNED) as u8,
                // The hero's branch: `Confusion || Stunned`.
                hero_states: (sys::FLANK_ST_CONFUSED | sys::FLANK_ST_STUNNED) as u8,
                // `!canseemon(mdef) || Hallucination || Punished ||
                // Fumbling || Wounded_legs`.
                hero: (sys::FLANK_FI_HERO_UNSEEING | sys::FLANK_FI_HERO_HOBBLED) as u8,
                elbereth: false,
                attacker: 0,
                blind_defender: false,
                sides: hackem_sides,
            },
            bonus: hackem_bonus,
            outflankers: &[],
            words: FoeOppositeWords {
                flanked: "calculate_flankers() (Hack'EM, src/mhitu.c): \"The flanker must 'sandwich' the defender\": an able creature on the attacker's side stands on the square opposite the attacker.",
                bonus: "\"Scale with monster difficulty\": (L - 4) / 2 + 4 to hit, L the attacker's level (the hero's experience level), for the hero, monsters and pets alike.",
                alone: "No able foe of the defender stands opposite the attacker: no flank.",
                unable: "\"Impaired monsters don't make good flankers\": the monster opposite cannot move, is asleep, flees, is confused, trapped or stunned; the hero opposite cannot see the defender, hallucinates, is confused, punished, fumbling, stunned or has wounded legs.",
                elbereth: UNSAID,
                not_melee: "Not a melee attack: \"If too far, then return\"; only find_roll_to_hit(), mattacku() and mattackm() ask calculate_flankers().",
                attacker: UNSAID,
                sides: "The creature opposite is not on the attacker's side: \"Pets and non-hostile monsters with a grudge can help us flank\", \"Any hostiles can flank us\", the hero helps her pets against what is not peaceful, and monsters among themselves flank only with a grudge (Conflict changes none of it).",
                blind: UNSAID,
            },
        },
        guide: Guide {
            also: "Hack'EM's: melee with an able creature of your side directly opposite you (your pet for you, any hostile against you, you for your pet, and a grudge): +(level - 4)/2 + 4 to hit for everyone",
            ..NERFHACK.guide
        },
        ..NERFHACK
    },
];

/// NerfHack's `flank_bonus()` (src/mon.c), in points: the attacker's level
/// `L` gives `(L - 4) / 2 + 2` (C's division, toward zero); an attacker
/// that flanks by nature gets `+ 3L/2` as a monster and twice the whole as
/// the hero; from 4 to 30.
pub fn nerfhack_bonus(level: u8, outflanker: bool, hero: bool) -> u8 {
    let l = i32::from(level);
    let mut b = (l - 4) / 2 + 2;
    if outflanker {
        b = if hero { b * 2 } else { b + l * 3 / 2 };
    }
    b.clamp(4, 30) as u8
}

/// SpliceHack's bonus (`tmp += 4` in `mattacku()`, `find_roll_to_hit()`
/// and `mattackm()`), in points: 4, whoever attacks.
pub fn splicehack_bonus(_level: u8, _outflanker: bool, _hero: bool) -> u8 {
    4
}

/// Hack'EM's bonus ("Scale with monster difficulty": `(m_lev - 4) / 2 +
/// 4`, the hero's `(u.ulevel - 4) / 2 + 4`), in points, C's division
/// toward zero: 2 at level 0, 3 at 1 and 2, 4 at 3 to 5, 27 at 3.6.7's
/// highest monster level (50). Hack'EM caps nothing; above level 56,
/// which no creature of 3.6.7 reaches, the engine's cap of 30 points
/// (`FLANK_MAX_FACING_HALF_POINTS`) holds.
pub fn hackem_bonus(level: u8, _outflanker: bool, _hero: bool) -> u8 {
    ((i32::from(level) - 4) / 2 + 4).min(30) as u8
}

/// NerfHack's `M2_FLANK` species and roles (include/monsters.h, 98 of
/// them), by name; those NetHack 3.6.7 lacks (the migos, the gnolls, the
/// deep ones...) never match a species here. A female form's name
/// ("dwarf lady") is its own in 3.7 and not a species in 3.6.7.
pub static NERFHACK_OUTFLANKERS: &[&str] = &[
    "soldier ant",
    "giant praying mantis",
    "bullet ant",
    "assassin bug",
    "migo drone",
    "migo warrior",
    "migo queen",
    "coyote",
    "warg pup",
    "wolf",
    "warg",
    "winter wolf",
    "gremlin",
    "hobbit",
    "dwarf lord",
    "dwarf lady",
    "dwarf king",
    "dwarf queen",
    "deep one",
    "deeper one",
    "deepest one",
    "manes",
    "kobold",
    "large kobold",
    "kobold lord",
    "kobold lady",
    "killer mimic",
    "goblin",
    "hobgoblin",
    "hill orc",
    "Mordor orc",
    "Uruk-hai",
    "orc shaman",
    "orc-captain",
    "spiked orc",
    "lightning bug",
    "compsognathus",
    "velociraptor",
    "couatl",
    "dark Angel",
    "athol",
    "mountain centaur",
    "baby gray dragon",
    "gray dragon",
    "gnome lord",
    "gnome lady",
    "gnome king",
    "gnome queen",
    "gnoll",
    "gnoll warrior",
    "gnoll chieftain",
    "gnoll shaman",
    "minotaur",
    "elder minotaur",
    "Keystone Kop",
    "Kop Sergeant",
    "Kop Lieutenant",
    "Kop Kaptain",
    "ogre lord",
    "ogre lady",
    "ogre king",
    "ogre queen",
    "shadow ogre",
    "Olog-hai",
    "dhampir",
    "vampire",
    "vampire lord",
    "vampire lady",
    "vampire king",
    "vampire queen",
    "vampire mage",
    "Nazgul",
    "xorn",
    "Woodland-elf",
    "Green-elf",
    "Grey-elf",
    "elf-lord",
    "elf-lady",
    "Elvenking",
    "Elvenqueen",
    "doppelganger",
    "guard",
    "soldier",
    "sergeant",
    "lieutenant",
    "captain",
    "watchman",
    "watch captain",
    "Executioner",
    "water demon",
    "lava demon",
    "incubus",
    "succubus",
    "horned devil",
    "erinys",
    "barbed devil",
    "marilith",
    "hezrou",
    "bone devil",
    "ice devil",
    "nalfeshnee",
    "pit fiend",
    "sandestin",
    "balrog",
    // The roles: "some roles (the more fighting oriented ones) are also
    // natural flankers".
    "knight",
    "monk",
    "ranger",
    "rogue",
    "samurai",
    "valkyrie",
];

/// The name of the arc rule set every combination starts with: the first
/// row's (a test holds them equal).
const ARC_SET: &str = "proposal";

/// Each row of [`RULES`] at its id (ids are below 16, a test holds them
/// distinct; the other places hold the first row, which no valid rule set
/// reaches). The table's length is a power of two, so [`RuleSet::row`]'s
/// lookup of a masked id needs no bounds check and no search.
static ROW_OF_ID: [&RuleRow; 16] = {
    let mut at = [&RULES[0]; 16];
    let mut i = 0;
    while i < RULES.len() {
        assert!((RULES[i].id as usize) < 16, "a row's id must be below 16");
        at[RULES[i].id as usize] = &RULES[i];
        i += 1;
    }
    at
};

/// The valid ids, one bit each (ids and `FLANK_RULES_PLUS_ARC` are below
/// 32): every row's, and with `FLANK_RULES_PLUS_ARC` where the row combines.
const VALID_IDS: u32 = {
    let mut bits = 0u32;
    let mut i = 0;
    while i < RULES.len() {
        bits |= 1 << RULES[i].id;
        if matches!(RULES[i].combine, Combine::AddsArc(_)) {
            bits |= 1 << (RULES[i].id | PLUS_ARC);
        }
        i += 1;
    }
    bits
};

/// A valid rule set: a row, maybe with the arc score added; its
/// `FLANK_RULES_*` id is all it holds. One byte: it is copied into every
/// evaluation's input and every planned target, where a pointer to the
/// row made a planned move about 50 instructions dearer (measured with
/// bench/run.sh).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The row's id, with `FLANK_RULES_PLUS_ARC` when combined.
    id: u8,
}

/// Why a rule set name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// Not a rule set's name.
    Unknown(String),
    /// `proposal+NAME` where NAME's row refuses it, with the row's reason.
    Refused {
        /// The rule set that does not combine.
        name: &'static str,
        /// Why.
        why: &'static str,
    },
    /// Two facing rule sets combined (`dnd+tactics`), or `proposal+proposal`.
    TwoFacingSets(String),
}

/// Every row's name, joined by `sep`.
fn every_row(sep: &str) -> String {
    RULES.iter().map(|r| r.name).collect::<Vec<_>>().join(sep)
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Unknown(n) => write!(
                f,
                "unknown rule set `{n}` (rule sets: {}, or {ARC_SET}+<one of them>)",
                every_row(" ")
            ),
            RulesError::Refused { name, why } => write!(
                f,
                "`{ARC_SET}+{name}` does not combine: {why}; write `{name}`"
            ),
            RulesError::TwoFacingSets(n) => {
                let combined: Vec<_> = RULES
                    .iter()
                    .filter(|r| matches!(r.combine, Combine::Itself | Combine::AddsArc(_)))
                    .map(|r| format!("{ARC_SET}+{}", r.name))
                    .collect();
                write!(
                    f,
                    "`{n}`: only `{ARC_SET}` combines, with one other rule set ({})",
                    combined.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl RuleSet {
    /// `proposal`, the default: the first row.
    pub const PROPOSAL: RuleSet = RuleSet { id: RULES[0].id };

    /// The rule set of row `index` of [`RULES`].
    fn of_row(index: usize, plus_arc: bool) -> RuleSet {
        RuleSet {
            id: RULES[index].id | if plus_arc { PLUS_ARC } else { 0 },
        }
    }

    /// Every valid rule set, in id order: each row alone, then each row's
    /// combination with the arc score, where it has one.
    pub fn all() -> impl Iterator<Item = RuleSet> + Clone {
        let plain = (0..RULES.len()).map(|i| RuleSet::of_row(i, false));
        let combined = (0..RULES.len())
            .filter(|&i| matches!(RULES[i].combine, Combine::AddsArc(_)))
            .map(|i| RuleSet::of_row(i, true));
        plain.chain(combined)
    }

    /// The rule set of an id (`FLANK_RULES_*`), if valid.
    pub fn from_id(id: u8) -> Option<RuleSet> {
        let valid = id < 32 && VALID_IDS & (1 << id) != 0;
        valid.then_some(RuleSet { id })
    }

    /// The id.
    pub fn id(self) -> u8 {
        self.id
    }

    /// Its row.
    pub fn row(self) -> &'static RuleRow {
        ROW_OF_ID[usize::from(self.id & !PLUS_ARC) % ROW_OF_ID.len()]
    }

    /// Whether it is a row combined with the arc score (`proposal+NAME`).
    pub fn plus_arc(self) -> bool {
        self.id & PLUS_ARC != 0
    }

    /// Whether the arc score counts.
    pub fn uses_arc(self) -> bool {
        self.plus_arc() || self.row().arc
    }

    /// What it reads, `FLANK_RI_*`: the arc score, the defender's facing,
    /// the creatures' states and the attacker's facts.
    pub fn info(self) -> u8 {
        let row = self.row();
        let mut info = 0;
        if self.uses_arc() {
            info |= sys::FLANK_RI_ARC;
        }
        if row.facing {
            info |= sys::FLANK_RI_FACING;
        }
        if matches!(row.flow, Flow::FoeOpposite { .. }) {
            // NerfHack's mattacku(): `if (tmp <= 0) tmp = 1;`, then the
            // flank bonus.
            info |= sys::FLANK_RI_PEER | sys::FLANK_RI_CLAMP_FIRST;
        }
        info as u8
    }

    /// The direction (`FLANK_DIR_*`) from which an attacker at offset
    /// `<dx,dy>` (x right, y down) attacks under this rule set: its own
    /// square when it stands next to the defender, else the row's
    /// [`Direction`]; `None` for `<0,0>` or an offset beyond
    /// `FLANK_ATTACK_REACH_MAX`.
    pub fn attack_dir(self, dx: i32, dy: i32) -> Option<u8> {
        let max = sys::FLANK_ATTACK_REACH_MAX as i32;
        if (dx == 0 && dy == 0) || dx.abs() > max || dy.abs() > max {
            return None;
        }
        Some(self.row().direction.of(dx, dy))
    }

    /// What `#flanking` calls the to-hit part of a flank of foes
    /// ([`Words::flanked`]).
    pub fn flanked_words(self) -> &'static core::ffi::CStr {
        self.row().words.flanked
    }

    /// Whether a creature of the species named `species` (NetHack's
    /// `mons[].mname`) flanks by nature under it.
    pub fn outflanker(self, species: &str) -> bool {
        match self.row().flow {
            Flow::FoeOpposite { outflankers, .. } => outflankers.contains(&species),
            _ => false,
        }
    }

    /// Its one-line summary for players, from its line in the players'
    /// table (README.md, `flank rules --markdown`): what an attack from the
    /// flank and from the rear gets, and what else it does; `proposal+NAME`
    /// says that the arc score counts too. The game's `?` topic lists
    /// every rule set with it (`flank_rules_summary()`).
    pub fn summary(self) -> String {
        let g = self.row().guide;
        let mut s = if g.flank == "-" && g.rear == "-" {
            g.also.to_string()
        } else {
            format!("flank {}; rear {}; {}", g.flank, g.rear, g.also)
        };
        if self.plus_arc() {
            s.push_str("; and arc flanking on top");
        }
        s
    }

    /// The canonical name: `dnd`, `proposal+tactics`.
    pub fn name(self) -> &'static str {
        match (self.plus_arc(), self.row().combine) {
            (true, Combine::AddsArc(name)) => name,
            _ => self.row().name,
        }
    }

    /// Parses a name: a row's, or `proposal+<name>` where that row combines;
    /// in any case (`DND`, `Proposal+Tactics`), as NetHack reads its own
    /// option values. No blanks.
    pub fn parse(name: &str) -> Result<RuleSet, RulesError> {
        let row_of = |n: &str| RULES.iter().position(|r| r.name.eq_ignore_ascii_case(n));
        match name.split_once('+') {
            None => row_of(name)
                .map(|i| RuleSet::of_row(i, false))
                .ok_or_else(|| RulesError::Unknown(name.into())),
            Some((first, second)) => {
                let (Some(_), Some(i)) = (row_of(first), row_of(second)) else {
                    return Err(RulesError::Unknown(name.into()));
                };
                if !first.eq_ignore_ascii_case(ARC_SET) {
                    return Err(RulesError::TwoFacingSets(name.into()));
                }
                let r = &RULES[i];
                match r.combine {
                    Combine::Refused(Some(why)) => Err(RulesError::Refused { name: r.name, why }),
                    Combine::Refused(None) => Err(RulesError::TwoFacingSets(name.into())),
                    Combine::Itself => Ok(RuleSet::of_row(i, false)),
                    Combine::AddsArc(_) => Ok(RuleSet::of_row(i, true)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in RuleSet::all() {
            assert_eq!(RuleSet::parse(r.name()), Ok(r));
            assert_eq!(RuleSet::from_id(r.id()), Some(r));
            assert_eq!(r.row().id, r.id() & !PLUS_ARC, "{}", r.name());
        }
        assert_eq!(
            RuleSet::parse("proposal+implicit"),
            RuleSet::parse("implicit")
        );
        // Any case, as NetHack's own option values.
        for (name, want) in [
            ("DND", "dnd"),
            ("NerfHack", "nerfhack"),
            ("Proposal+Tactics", "proposal+tactics"),
            ("PROPOSAL+IMPLICIT", "implicit"),
        ] {
            assert_eq!(RuleSet::parse(name).map(RuleSet::name), Ok(want), "{name}");
        }
        assert!(matches!(
            RuleSet::parse("proposal+dnd"),
            Err(RulesError::Refused { name: "dnd", .. })
        ));
        for bad in [
            "",
            "dnd+tactics",
            "DND+TACTICS",
            "PROPOSAL+DND",
            "proposal+proposal",
            "tactics+proposal",
            "proposal+",
            "+dnd",
            "proposal+tactics+dnd",
            " dnd",
        ] {
            assert!(RuleSet::parse(bad).is_err(), "{bad:?}");
        }
        let valid: Vec<u8> = (0..=255)
            .filter(|&i| RuleSet::from_id(i).is_some())
            .collect();
        assert_eq!(valid, [0, 1, 2, 3, 4, 5, 6, 7, 8, 0x13, 0x14]);
    }

    #[test]
    fn nerfhack_bonus_as_its_table() {
        // Their flank_bonus() worked out at each level (no flag, M2_FLANK
        // monster, hero, hero of a fighting role).
        for (l, m, mf, h, hf) in [
            (0, 4, 4, 4, 4),
            (3, 4, 6, 4, 4),
            (4, 4, 8, 4, 4),
            (5, 4, 9, 4, 4),
            (6, 4, 12, 4, 6),
            (10, 5, 20, 5, 10),
            (14, 7, 28, 7, 14),
            (20, 10, 30, 10, 20),
            (30, 15, 30, 15, 30),
            (255, 30, 30, 30, 30),
        ] {
            assert_eq!(nerfhack_bonus(l, false, false), m, "L{l}");
            assert_eq!(nerfhack_bonus(l, true, false), mf, "L{l}");
            assert_eq!(nerfhack_bonus(l, false, true), h, "L{l}");
            assert_eq!(nerfhack_bonus(l, true, true), hf, "L{l}");
        }
        let mut names = NERFHACK_OUTFLANKERS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NERFHACK_OUTFLANKERS.len(), "a name twice");
    }

    #[test]
    fn every_summary_is_its_players_line_in_ascii() {
        for r in RuleSet::all() {
            let s = r.summary();
            let g = r.row().guide;
            assert!(s.is_ascii() && !s.is_empty(), "{}", r.name());
            assert!(s.contains(g.also), "{}: {s}", r.name());
            if g.flank != "-" || g.rear != "-" {
                assert!(s.starts_with(&format!("flank {}; rear {}; ", g.flank, g.rear)));
            }
            assert_eq!(
                s.ends_with("; and arc flanking on top"),
                r.plus_arc(),
                "{s}"
            );
        }
        assert_eq!(
            RuleSet::PROPOSAL.summary(),
            "arc flanking alone: the game above"
        );
    }

    #[test]
    fn splicehack_and_hackem_bonus_as_their_code() {
        // SpliceHack: `tmp += 4`. Hack'EM: `(lev - 4) / 2 + 4`, C's
        // division toward zero, worked out by hand at each level.
        for (l, h) in [
            (0, 2),
            (1, 3),
            (2, 3),
            (3, 4),
            (4, 4),
            (5, 4),
            (6, 5),
            (10, 7),
            (30, 17),
            (50, 27),
            (56, 30),
            (57, 30),
            (255, 30),
        ] {
            for (outflanker, hero) in [(false, false), (true, false), (false, true), (true, true)] {
                assert_eq!(splicehack_bonus(l, outflanker, hero), 4, "L{l}");
                assert_eq!(hackem_bonus(l, outflanker, hero), h, "L{l}");
            }
        }
    }

    #[test]
    fn the_table_is_well_formed() {
        // The default is the first row, the arc alone, named ARC_SET.
        assert_eq!(RULES[0].id, sys::FLANK_RULES_DEFAULT as u8);
        assert_eq!(RULES[0].name, ARC_SET);
        assert!(RULES[0].arc && RULES[0].hit == [0; 3]);
        for (i, r) in RULES.iter().enumerate() {
            // Ids are distinct and leave FLANK_RULES_PLUS_ARC free.
            assert_eq!(r.id & PLUS_ARC, 0, "{}", r.name);
            assert!(RULES[..i].iter().all(|o| o.id != r.id && o.name != r.name));
            // A name sysconf can hold and the C string keeps whole.
            assert!(!r.name.is_empty() && r.name.bytes().all(|b| b.is_ascii_lowercase()));
            match r.combine {
                Combine::AddsArc(name) => {
                    assert_eq!(name, format!("{ARC_SET}+{}", r.name));
                    assert!(!r.arc, "{}: the arc twice", r.name);
                }
                Combine::Itself => assert!(r.arc, "{}", r.name),
                Combine::Refused(_) => {}
            }
            // A rule of the field (FacingInput::eval_field()) has no
            // zones, no arc, no damage change and NetHack's shield.
            if matches!(r.flow, Flow::FoeOpposite { .. } | Flow::Crowd { .. }) {
                assert!(
                    !r.arc && !r.facing && !r.backstab && !r.rear_unnoticed,
                    "{}",
                    r.name
                );
                assert!(!matches!(r.combine, Combine::AddsArc(_) | Combine::Itself));
                assert_eq!(
                    (r.hit, r.damage_percent, r.damage_flat, r.shield),
                    ([0; 3], [100; 3], [0; 3], ShieldRule::Always),
                    "{}",
                    r.name
                );
            }
            // Each zone's words are there where the flow reads them, and a
            // clause's words where the clause can say them.
            if matches!(r.flow, Flow::EveryAttack) {
                assert!(r.words.zone.iter().all(|w| !w.is_empty()), "{}", r.name);
            }
            assert_eq!(r.backstab, !r.words.backstab.is_empty(), "{}", r.name);
            assert_eq!(
                r.rear_unnoticed,
                !r.words.unnoticed.is_empty(),
                "{}",
                r.name
            );
            assert_eq!(
                matches!(r.shield, ShieldRule::FrontDamage { .. }),
                !r.words.shield_damage.is_empty(),
                "{}",
                r.name
            );
        }
    }

    #[test]
    fn the_ids_of_today() {
        // The FLANK_RULES_* of flanking.h, which C and old fixtures carry:
        // the one list of the rule sets written out apart from the table,
        // since holding the table to it is this test's point. Everything
        // else (the tests, the arena) takes the rule sets from the table.
        let ids: Vec<u8> = RuleSet::all().map(RuleSet::id).collect();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5, 6, 7, 8, 0x13, 0x14]);
        let names: Vec<&str> = RuleSet::all().map(RuleSet::name).collect();
        assert_eq!(
            names,
            [
                "proposal",
                "implicit",
                "dnd",
                "opposite",
                "tactics",
                "nerfhack",
                "silq",
                "splicehack",
                "hackem",
                "proposal+opposite",
                "proposal+tactics"
            ]
        );
    }
}
