//! Facing: zones, the rule sets as one table of data ([`RULES`], a row per
//! rule set), and the evaluation behind `flank_facing_eval`.
//!
//! Directions are the arc rules' own (`xdir[]`/`ydir[]` order: 0 W, 1 NW,
//! 2 N, 3 NE, 4 E, 5 SE, 6 S, 7 SW, clockwise). A defender facing `f`
//! attacked from `a` is hit in its front when `r = min((a-f) mod 8, (f-a)
//! mod 8) <= 1`, its flank when `r == 2`, its rear when `r >= 3`; a faceless
//! defender only ever from the front.

use core::fmt;

use crate::consts::{
    AT_ALL, AT_OUTFLANKER, AT_SIDES, CREATURE, FI_ALL, FI_ELBERETH, FI_HELPLESS, FI_HERO_HOBBLED,
    FI_HERO_UNSEEING, FI_MELEE, FI_ROGUE, FI_SHIELD, HERO, ST_ALL, ST_GRUDGE, ST_UNAWARE,
};
pub use crate::rule_sets::{
    AllyOppositeWords, Combine, CrowdWords, Direction, Flanker, Flow, FoeOppositeWords, Guide,
    RuleRow, RuleSet, RulesError, ShieldRule, Side, Sides, Words, RULES,
};
use crate::rules::{self, dir_name, is_threat, FlankError, Masks, Neighbourhood};
use crate::sys::{self, flank_facing_input, flank_facing_result};

/// `FLANK_FACING_NONE`: a faceless creature.
pub const FACING_NONE: u8 = sys::FLANK_FACING_NONE as u8;

/// Result bits, typed (`FLANK_FR_*`).
pub mod bits {
    use crate::sys;
    /// The arc score is part of the to-hit bonus.
    pub const ARC: u16 = sys::FLANK_FR_ARC as u16;
    /// `opposite`: attacked from the side (noted, no bonus).
    pub const SIDE: u16 = sys::FLANK_FR_SIDE as u16;
    /// `opposite`: attacked from behind.
    pub const BEHIND: u16 = sys::FLANK_FR_BEHIND as u16;
    /// `opposite`: a threat stands directly opposite the attacker.
    pub const FLANKED: u16 = sys::FLANK_FR_FLANKED as u16;
    /// `dnd`: a Rogue's backstab.
    pub const BACKSTAB: u16 = sys::FLANK_FR_BACKSTAB as u16;
    /// `dnd`: a helpless defender does not notice (disturb() as if Stealthy).
    pub const UNNOTICED: u16 = sys::FLANK_FR_UNNOTICED as u16;
    /// `opposite`: the defender turns to face its attacker.
    pub const TURNS: u16 = sys::FLANK_FR_TURNS as u16;
    /// `tactics`: the shield took 20% off the damage.
    pub const SHIELD_DAMAGE: u16 = sys::FLANK_FR_SHIELD_DAMAGE as u16;
    /// Every defined bit.
    pub const ALL: u16 = sys::FLANK_FR_ALL as u16;
    /// The words of `expect-extra:` and `flank explain`, one per bit
    /// ([`ARC`] has none: it follows from the rule set).
    pub const WORDS: [(u16, &str); 7] = [
        (SIDE, "side"),
        (BEHIND, "behind"),
        (FLANKED, "flanked"),
        (BACKSTAB, "backstab"),
        (UNNOTICED, "unnoticed"),
        (TURNS, "turns"),
        (SHIELD_DAMAGE, "shield-damage"),
    ];
}

/// Where an attack lands on its defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    /// `r <= 1`, and every attack on a faceless defender.
    Front = 0,
    /// `r == 2`.
    Flank = 1,
    /// `r >= 3`.
    Rear = 2,
}

impl Zone {
    /// All three, in order.
    pub const ALL: [Zone; 3] = [Zone::Front, Zone::Flank, Zone::Rear];

    /// The word of the fixture format: `front`, `flank`, `rear`.
    pub fn word(self) -> &'static str {
        match self {
            Zone::Front => "front",
            Zone::Flank => "flank",
            Zone::Rear => "rear",
        }
    }

    /// Parses [`Zone::word`].
    pub fn from_word(w: &str) -> Option<Zone> {
        Zone::ALL.into_iter().find(|z| z.word() == w)
    }

    /// The `FLANK_ZONE_*` value.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// From a `FLANK_ZONE_*` value.
    pub fn from_code(c: u8) -> Option<Zone> {
        Zone::ALL.get(usize::from(c)).copied()
    }
}

/// The angular distance `r`, 0..=4, between an attack direction and a
/// facing (both 0..=7).
pub fn turn_distance(attack_dir: u8, facing: u8) -> u8 {
    let d = (attack_dir + 8 - facing % 8) % 8;
    d.min(8 - d)
}

/// The zone of an attack from `attack_dir` on a defender facing `facing`
/// (0..=7, or [`FACING_NONE`]: always the front).
pub fn zone(attack_dir: u8, facing: u8) -> Zone {
    if facing >= 8 {
        return Zone::Front;
    }
    match turn_distance(attack_dir % 8, facing) {
        0 | 1 => Zone::Front,
        2 => Zone::Flank,
        _ => Zone::Rear,
    }
}

/// The side a shield is on: the defender's left, as a right-handed
/// fighter carries it (docs/FLANKING-DECISIONS.md). Facing `f`, the left
/// flank is `f - 2` (counter-clockwise on the screen).
pub fn shield_flank(facing: u8) -> u8 {
    (facing + 6) % 8
}

/// Facts a facing evaluation needs beyond the squares (`FLANK_FI_*`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct AttackFacts {
    /// The defender wears a shield.
    pub shield: bool,
    /// The attacker is the hero, a Rogue.
    pub rogue: bool,
    /// A melee attack from the `attack_dir` square.
    pub melee: bool,
    /// The defender is asleep or cannot move.
    pub helpless: bool,
    /// The hero stands on an engraved Elbereth (the field's rules).
    pub elbereth: bool,
    /// The hero cannot see the defender, or hallucinates; when she is the
    /// defender, she is blind (the field's).
    pub hero_unseeing: bool,
    /// The hero is punished, fumbling or has wounded legs (the field's).
    pub hero_hobbled: bool,
}

impl AttackFacts {
    /// From `FLANK_FI_*` bits (unknown bits ignored; see [`validate`]).
    pub fn from_bits(b: u8) -> AttackFacts {
        AttackFacts {
            shield: b & FI_SHIELD != 0,
            rogue: b & FI_ROGUE != 0,
            melee: b & FI_MELEE != 0,
            helpless: b & FI_HELPLESS != 0,
            elbereth: b & FI_ELBERETH != 0,
            hero_unseeing: b & FI_HERO_UNSEEING != 0,
            hero_hobbled: b & FI_HERO_HOBBLED != 0,
        }
    }

    /// The `FLANK_FI_*` bits.
    pub fn bits(self) -> u8 {
        [
            (self.shield, FI_SHIELD),
            (self.rogue, FI_ROGUE),
            (self.melee, FI_MELEE),
            (self.helpless, FI_HELPLESS),
            (self.elbereth, FI_ELBERETH),
            (self.hero_unseeing, FI_HERO_UNSEEING),
            (self.hero_hobbled, FI_HERO_HOBBLED),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .fold(0, |acc, (_, b)| acc | b)
    }
}

/// Why a facing input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FacingError {
    /// The neighbourhood (as `flank_score`).
    Hood(FlankError),
    /// An unknown rule set id.
    Rules {
        /// The id given.
        id: u8,
    },
    /// A facing outside 0..=7 and not `FLANK_FACING_NONE`.
    Facing {
        /// The facing given.
        facing: u8,
    },
    /// Unknown flags, a reserved byte not 0, or flags contradicting the
    /// squares.
    Flags {
        /// What is wrong.
        why: &'static str,
    },
}

impl fmt::Display for FacingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FacingError::Hood(e) => e.fmt(f),
            FacingError::Rules { id } => write!(f, "rule set id {id:#04x} is not a rule set"),
            FacingError::Facing { facing } => write!(
                f,
                "facing {facing} is outside 0..7 and not FLANK_FACING_NONE (8)"
            ),
            FacingError::Flags { why } => write!(f, "facing flags: {why}"),
        }
    }
}

impl std::error::Error for FacingError {}

impl FacingError {
    /// The `FLANK_E_*` code.
    pub fn code(&self) -> i32 {
        match self {
            FacingError::Hood(e) => e.code(),
            FacingError::Rules { .. } => sys::FLANK_E_RULES,
            FacingError::Facing { .. } => sys::FLANK_E_FACING,
            FacingError::Flags { .. } => sys::FLANK_E_FACING_FLAGS,
        }
    }
}

/// What the field's rule sets read of the creatures beyond the squares
/// (`FLANK_RI_PEER`): each square's creature's `FLANK_ST_*` states, and the
/// attacker's level and `FLANK_AT_*` bits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Creatures {
    /// `FLANK_ST_*` of the creature on each square.
    pub state: [u8; 8],
    /// The attacker's level.
    pub attacker_level: u8,
    /// `FLANK_AT_*`.
    pub attacker: u8,
}

/// What [`Flow::FoeOpposite`]'s rule makes of an attack
/// ([`FacingInput::foe_opposite`]), in its clauses' order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoeOpposite {
    /// A flank: an able creature opposite, on the attacker's side.
    Flanked,
    /// Not a melee attack.
    NotMelee,
    /// The attacker flanks nothing (a nurse).
    AttackerUnable,
    /// Nobody stands opposite the attacker.
    Alone,
    /// The creature opposite is impaired.
    Unable,
    /// The hero stands on Elbereth, and the one opposite is a monster.
    Elbereth,
    /// The one opposite is not on the attacker's side against this
    /// defender.
    Sides,
    /// The hero defends blind, and the rule set flanks only a hero who
    /// sees ([`crate::rule_sets::Flanker::blind_defender`]).
    Blind,
}

/// A validated facing input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FacingInput {
    hood: Neighbourhood,
    facing: u8,
    facts: AttackFacts,
    rules: RuleSet,
    creatures: Creatures,
}

/// Validates a raw input, faults in the header's order: the neighbourhood,
/// the rule set, the facing, the flags.
pub fn validate(raw: &flank_facing_input) -> Result<FacingInput, FacingError> {
    let hood = Neighbourhood::new(raw.n).map_err(FacingError::Hood)?;
    validate_rest(raw, hood)
}

/// [`validate`] for the planner (`crate::plan`), which wants the masks of
/// the squares too: the neighbourhood validated and judged in one pass
/// ([`rules::square_masks`]), the same faults in the same order.
#[inline]
pub(crate) fn validate_masked(
    raw: &flank_facing_input,
) -> Result<(FacingInput, Masks), FacingError> {
    let m = rules::square_masks(&raw.n).map_err(FacingError::Hood)?;
    Ok((validate_rest(raw, Neighbourhood::valid(raw.n))?, m))
}

/// [`validate`] after the neighbourhood: the rule set, the facing, the
/// flags.
#[inline]
fn validate_rest(
    raw: &flank_facing_input,
    hood: Neighbourhood,
) -> Result<FacingInput, FacingError> {
    let rules = RuleSet::from_id(raw.rules).ok_or(FacingError::Rules { id: raw.rules })?;
    if raw.facing > FACING_NONE {
        return Err(FacingError::Facing { facing: raw.facing });
    }
    if raw.flags & !FI_ALL != 0 {
        return Err(FacingError::Flags {
            why: "a bit outside FLANK_FI_ALL",
        });
    }
    if raw.reserved != 0 {
        return Err(FacingError::Flags {
            why: "the reserved byte is not 0",
        });
    }
    // The field's facts are 0 but under a rule set that reads them: one
    // test on the way of every other evaluation.
    if u64::from_ne_bytes(raw.state) | u64::from(raw.attacker) != 0 {
        validate_creatures(raw)?;
    }
    let facts = AttackFacts::from_bits(raw.flags);
    let attacker_square = raw.n.square[usize::from(raw.n.attack_dir)];
    let defender_is_hero = u32::from(raw.n.defender) & sys::FLANK_DEF_HERO != 0;
    if facts.rogue && defender_is_hero {
        return Err(FacingError::Flags {
            why: "ROGUE with a hero defender: only the hero has a role, and it does not attack itself",
        });
    }
    if facts.melee && u32::from(attacker_square) & sys::FLANK_SQ_CREATURE == 0 {
        return Err(FacingError::Flags {
            why: "MELEE but no creature stands on the attacker's square",
        });
    }
    if facts.rogue && facts.melee && u32::from(attacker_square) & sys::FLANK_SQ_HERO == 0 {
        return Err(FacingError::Flags {
            why: "ROGUE|MELEE but the attacker's square is not the hero",
        });
    }
    // The side is gathered for the rule set that reads it (a foe opposite
    // under NerfHack's clauses), and may be left 0 under the others.
    if facts.melee
        && (raw.attacker & AT_SIDES != 0 || matches!(rules.row().flow, Flow::FoeOpposite { .. }))
        && Side::of_attacker(raw.attacker) != Side::of_square(attacker_square)
    {
        return Err(FacingError::Flags {
            why: "MELEE but the attacker's side is not that of the creature on its square",
        });
    }
    Ok(FacingInput {
        hood,
        facing: raw.facing,
        facts,
        rules,
        creatures: Creatures {
            state: raw.state,
            attacker_level: raw.attacker_level,
            attacker: raw.attacker,
        },
    })
}

/// [`validate`]'s check of the field's facts (`state[]`, `attacker`), out
/// of the way of the evaluations that have none.
#[cold]
#[inline(never)]
fn validate_creatures(raw: &flank_facing_input) -> Result<(), FacingError> {
    // Every bit of a state byte is a state since ABI 17 (FLANK_ST_ALL is
    // 0xFF), so none lies outside; should a bit ever be freed, the check
    // of bits outside FLANK_ST_ALL comes back here.
    const _: () = assert!(ST_ALL == u8::MAX);
    for (st, sq) in raw.state.iter().zip(raw.n.square) {
        if *st != 0 && u32::from(sq) & sys::FLANK_SQ_CREATURE == 0 {
            return Err(FacingError::Flags {
                why: "a state on a square without a creature",
            });
        }
        if st & ST_UNAWARE != 0 && sq & HERO == 0 {
            return Err(FacingError::Flags {
                why: "UNAWARE on a square that is not the hero's",
            });
        }
    }
    if raw.attacker & !AT_ALL != 0 {
        return Err(FacingError::Flags {
            why: "attacker bits outside FLANK_AT_ALL",
        });
    }
    if (raw.attacker & AT_SIDES).count_ones() > 1 {
        return Err(FacingError::Flags {
            why: "more than one of the attacker's sides HERO, TAME, PEACEFUL",
        });
    }
    Ok(())
}

impl FacingInput {
    /// Builds and validates an input from its parts.
    pub fn new(
        hood: Neighbourhood,
        facing: u8,
        facts: AttackFacts,
        rules: RuleSet,
    ) -> Result<FacingInput, FacingError> {
        FacingInput::with_creatures(hood, facing, facts, rules, Creatures::default())
    }

    /// [`FacingInput::new`] with what the field's rule sets read of the
    /// creatures.
    pub fn with_creatures(
        hood: Neighbourhood,
        facing: u8,
        facts: AttackFacts,
        rules: RuleSet,
        creatures: Creatures,
    ) -> Result<FacingInput, FacingError> {
        validate(&flank_facing_input {
            n: *hood.raw(),
            facing,
            flags: facts.bits(),
            rules: rules.id(),
            reserved: 0,
            state: creatures.state,
            attacker_level: creatures.attacker_level,
            attacker: creatures.attacker,
        })
    }

    /// What the field's rule sets read of the creatures.
    pub fn creatures(&self) -> Creatures {
        self.creatures
    }

    /// The neighbourhood.
    pub fn hood(&self) -> &Neighbourhood {
        &self.hood
    }

    /// The defender's facing (0..=7 or [`FACING_NONE`]).
    pub fn facing(&self) -> u8 {
        self.facing
    }

    /// The facts.
    pub fn facts(&self) -> AttackFacts {
        self.facts
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The zone of this attack.
    pub fn zone(&self) -> Zone {
        zone(self.hood.attack_dir(), self.facing)
    }

    /// Whether a creature that threatens the defender stands directly
    /// opposite the attacker (the `opposite` rule's "ally on opposite side").
    pub fn threat_opposite(&self) -> bool {
        let raw = self.hood.raw();
        is_threat(raw.square[usize::from(self.hood.behind())], raw.defender)
    }

    /// The squares other than the attack's that a rule set reads, bit d
    /// for direction d: those that threaten the defender, every one under
    /// a rule set that counts them ([`Flow::Crowd`]), else the one opposite
    /// the attacker; under [`Flow::FoeOpposite`] the one opposite if a
    /// creature stands there (who may flank is its rule's, not the arc's).
    pub(crate) fn others(&self) -> u8 {
        let a = self.hood.attack_dir();
        match self.rules.row().flow {
            Flow::Crowd { .. } => self.hood.masks().threats & !(1 << a),
            Flow::FoeOpposite { .. } => {
                let behind = self.hood.behind();
                let sq = self.hood.raw().square[usize::from(behind)];
                u8::from(sq & CREATURE != 0) << behind
            }
            _ => u8::from(self.threat_opposite()) << self.hood.behind(),
        }
    }

    /// Evaluates the attack.
    pub fn eval(&self) -> flank_facing_result {
        let arc = if self.rules.uses_arc() {
            // The fast scorer; the neighbourhood is valid, so it is 0..=18.
            u8::try_from(crate::rules::score_raw(self.hood.raw())).unwrap_or(0)
        } else {
            0
        };
        self.eval_from(self.hood.attack_dir(), arc, self.others(), self.facts)
    }

    /// Evaluates the attack with `extra` threats from range (bit d:
    /// direction d; [`crate::ranged`]): the arc counts them. One opposite
    /// the attacker is not the `opposite` rule's ally: the service spec's
    /// `CheckFlanking` skips an ally not next to the target
    /// (`allyMustBeAdjacent`), so that ally is only ever a neighbour. Inlined: in
    /// `flank_facing_eval_ranged()` the call alone cost an evaluation with
    /// threats from range about 13 instructions (BENCHMARKS.md).
    #[inline]
    pub fn eval_with(&self, extra: u8) -> flank_facing_result {
        if extra == 0 {
            return self.eval();
        }
        let arc = if self.rules.uses_arc() {
            self.hood.explain_with(extra).half_points
        } else {
            0
        };
        self.eval_from(self.hood.attack_dir(), arc, self.others(), self.facts)
    }

    /// What [`Flow::FoeOpposite`]'s rule makes of an attack from direction
    /// `a` with the facts given, `others` as for [`FacingInput::eval_from`]
    /// (bit `a + 4`: a creature stands opposite, the mover aside).
    pub fn foe_opposite(&self, a: u8, others: u8, facts: AttackFacts) -> FoeOpposite {
        let Flow::FoeOpposite { ref flanker, .. } = self.rules.row().flow else {
            return FoeOpposite::NotMelee;
        };
        let c = &self.creatures;
        let behind = (a + 4) % 8;
        let raw = self.hood.raw();
        let sq = raw.square[usize::from(behind)];
        let st = c.state[usize::from(behind)];
        if !facts.melee {
            return FoeOpposite::NotMelee;
        }
        if c.attacker & flanker.attacker != 0 {
            return FoeOpposite::AttackerUnable;
        }
        if others & (1 << behind) == 0 {
            return FoeOpposite::Alone;
        }
        if sq & HERO != 0 {
            let hero = [
                (facts.hero_unseeing, FI_HERO_UNSEEING),
                (facts.hero_hobbled, FI_HERO_HOBBLED),
            ];
            if st & flanker.hero_states != 0
                || hero.iter().any(|&(on, bit)| on && flanker.hero & bit != 0)
            {
                return FoeOpposite::Unable;
            }
        } else {
            if sq & flanker.squares != 0 || st & flanker.states != 0 {
                return FoeOpposite::Unable;
            }
            if flanker.elbereth && facts.elbereth {
                return FoeOpposite::Elbereth;
            }
        }
        let sides = Sides {
            attacker: Side::of_attacker(c.attacker),
            defender: Side::of_defender(raw.defender),
            flanker: Side::of_square(sq),
            grudge: st & ST_GRUDGE != 0,
        };
        if !(flanker.sides)(sides) {
            FoeOpposite::Sides
        } else if flanker.blind_defender
            && facts.hero_unseeing
            && sides.defender == Side::Hero
            && sides.attacker != Side::Hero
        {
            // mattacku()'s clause: a monster's attack on the hero.
            FoeOpposite::Blind
        } else {
            FoeOpposite::Flanked
        }
    }

    /// The evaluation of an attack from direction `a` with the facts given,
    /// from what the squares make of it: `arc`, the arc score (read only
    /// when the rule set uses it), and `others`, the squares other than
    /// `a` that threaten the defender (bit d: direction d; at least those
    /// the rule set reads, [`FacingInput::others`]). [`FacingInput::eval`]
    /// is this with the input's own attack; the planner (`crate::plan`)
    /// calls it for each candidate square with what it worked out from
    /// what changed.
    pub(crate) fn eval_from(
        &self,
        a: u8,
        arc: u8,
        others: u8,
        facts: AttackFacts,
    ) -> flank_facing_result {
        let rules = self.rules;
        let row = rules.row();
        if let Flow::FoeOpposite { .. } | Flow::Crowd { .. } = row.flow {
            return self.eval_field(a, others, facts);
        }
        let zone = zone(a, self.facing);
        let z = usize::from(zone.code());
        let mut bits = 0u16;
        let opposite = others & (1 << ((a + 4) % 8)) != 0;

        let arc_half_points = if rules.uses_arc() {
            bits |= bits::ARC;
            arc
        } else {
            0
        };
        let (mut hit, mut percent, mut flat) =
            (row.hit[z], row.damage_percent[z], row.damage_flat[z]);

        if let Flow::AllyOppositeFirst { ally_hit, .. } = row.flow {
            // "Adjacent? No -> Return: No flanking (range too far)".
            (hit, flat) = (0, 0);
            if facts.melee {
                if opposite {
                    hit = ally_hit;
                    bits |= bits::FLANKED;
                } else if zone == Zone::Rear {
                    (hit, flat) = (row.hit[z], row.damage_flat[z]);
                    bits |= bits::BEHIND;
                } else if zone == Zone::Flank {
                    bits |= bits::SIDE;
                }
                if zone != Zone::Front && !facts.helpless {
                    bits |= bits::TURNS;
                }
            }
        }
        if (row.backstab || row.rear_unnoticed) && zone == Zone::Rear {
            if row.backstab && facts.rogue && facts.melee {
                bits |= bits::BACKSTAB;
            }
            let hero_defender = u32::from(self.hood.raw().defender) & sys::FLANK_DEF_HERO != 0;
            if row.rear_unnoticed && facts.helpless && !hero_defender {
                bits |= bits::UNNOTICED;
            }
        }
        let shield_counts = match row.shield {
            ShieldRule::Always => true,
            ShieldRule::FrontOnly => zone == Zone::Front,
            ShieldRule::FrontAndShieldFlank => {
                zone == Zone::Front || (zone == Zone::Flank && a == shield_flank(self.facing))
            }
            ShieldRule::FrontDamage { percent: left } => {
                if facts.shield && zone == Zone::Front {
                    // After the zone's multiplier, before rounding down: the
                    // percents multiply exactly (100 * 80 / 100).
                    percent = percent * left / 100;
                    bits |= bits::SHIELD_DAMAGE;
                }
                true
            }
        };
        flank_facing_result {
            hit_half_points: arc_half_points + hit,
            arc_half_points,
            zone_half_points: hit,
            zone: zone.code(),
            damage_percent: percent,
            damage_flat: flat,
            bits,
            shield_counts: u8::from(shield_counts),
            rules: rules.id(),
        }
    }

    /// [`FacingInput::eval_from`] under a rule set of the field
    /// ([`Flow::FoeOpposite`], [`Flow::Crowd`]): no zones (every attack is
    /// from the front), no damage change, the shield as NetHack counts it,
    /// no arc; the to-hit is the flow's. Apart, so that the zones' rule
    /// sets do not carry it (BENCHMARKS.md).
    #[inline(never)]
    fn eval_field(&self, a: u8, others: u8, facts: AttackFacts) -> flank_facing_result {
        let rules = self.rules;
        let mut bits = 0u16;
        let mut hit = 0u8;
        match rules.row().flow {
            Flow::FoeOpposite { bonus, .. } => {
                if self.foe_opposite(a, others, facts) == FoeOpposite::Flanked {
                    let c = &self.creatures;
                    let points = bonus(
                        c.attacker_level,
                        c.attacker & AT_OUTFLANKER != 0,
                        c.attacker & AT_SIDES == Side::Hero.attacker_bit(),
                    );
                    hit = points * 2;
                    bits |= bits::FLANKED;
                }
            }
            Flow::Crowd { beside, behind, .. } => {
                // a+-1 and a+-2 beside; a+3, a+4 and a+5 behind.
                let ring = |mask: u8| mask.rotate_left(u32::from(a));
                let beside_n = (others & ring(0b1100_0110)).count_ones() as u8;
                let behind_n = (others & ring(0b0011_1000)).count_ones() as u8;
                hit = beside_n * beside + behind_n * behind;
                if hit > 0 {
                    bits |= bits::FLANKED;
                }
            }
            Flow::EveryAttack | Flow::AllyOppositeFirst { .. } => {}
        }
        flank_facing_result {
            hit_half_points: hit,
            arc_half_points: 0,
            zone_half_points: hit,
            zone: Zone::Front.code(),
            damage_percent: 100,
            damage_flat: 0,
            bits,
            shield_counts: 1,
            rules: rules.id(),
        }
    }
}

/// Evaluates a raw input: the result, or the error.
pub fn eval_raw(raw: &flank_facing_input) -> Result<flank_facing_result, FacingError> {
    validate(raw).map(|i| i.eval())
}

/// Applies a result's damage change to a damage roll, as the game does:
/// `old * percent / 100` rounded down, plus the flat part.
pub fn apply_damage(old: i32, percent: u16, flat: i16) -> i32 {
    old * i32::from(percent) / 100 + i32::from(flat)
}

/// The words of a facing, `n`..`nw` or `faceless`.
pub fn facing_word(facing: u8) -> &'static str {
    match facing {
        0..=7 => crate::rules::DIR_WORDS[usize::from(facing)],
        _ => "faceless",
    }
}

/// A facing in English: `north`, ..., or `faceless`.
pub fn facing_name(facing: u8) -> &'static str {
    match facing {
        0..=7 => dir_name(facing),
        _ => "faceless",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_of_fig_1() {
        // Facing east (4): "321 / 3@1 / 321".
        let want = [
            (0, Zone::Rear),
            (1, Zone::Rear),
            (2, Zone::Flank),
            (3, Zone::Front),
            (4, Zone::Front),
            (5, Zone::Front),
            (6, Zone::Flank),
            (7, Zone::Rear),
        ];
        for (a, z) in want {
            assert_eq!(zone(a, 4), z, "a={a}");
        }
        for a in 0..8 {
            assert_eq!(zone(a, FACING_NONE), Zone::Front);
        }
    }

    #[test]
    fn tactics_worked_examples() {
        // floor(20 * 1.0 * 0.8) = 16; floor(20 * 1.5) = 30; floor(15 * 1.25) = 18.
        assert_eq!(apply_damage(20, 100 * 80 / 100, 0), 16);
        assert_eq!(apply_damage(20, 150, 0), 30);
        assert_eq!(apply_damage(15, 125, 0), 18);
    }
}
