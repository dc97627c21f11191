//! The flanking rules (docs/DESIGN.md, "The arc rules") as a safe
//! Rust API, and the fast scorer behind `flank_score`.
//!
//! Directions are NetHack's `xdir[]`/`ydir[]` order: 0 W, 1 NW, 2 N, 3 NE,
//! 4 E, 5 SE, 6 S, 7 SW (clockwise). Scores are half points, 0..=18.

use core::fmt;

use crate::consts::{
    BLOCKED, CREATURE, DEF_ALL, DEF_CONFLICT, DEF_HERO, DEF_PEACEFUL, DEF_TAME, FLEEING, HELPLESS,
    HERO, NDIRS, NOATTACK, PEACEFUL, PERCENT_MAX, SQ_ALL, TAIL, TAME, TRAPPED, UNWILLING,
};
use crate::sys;
use crate::sys::{flank_detail, flank_neighbourhood};

/// Every bit that describes the creature on a square (all but CREATURE and
/// BLOCKED): these need FLANK_SQ_CREATURE.
const CREATURE_BITS: u16 = SQ_ALL & !CREATURE & !BLOCKED;
/// The bits that decide eligibility: exactly CREATURE among them.
const ELIGIBLE_MASK: u16 = CREATURE | HELPLESS | TRAPPED | FLEEING | NOATTACK | TAIL;

/// Why a neighbourhood (or a percent) was refused; each variant is one
/// `FLANK_E_*` code (see [`FlankError::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlankError {
    /// A required pointer was NULL (only the C ABI can see this).
    Null,
    /// `attack_dir` is outside 0..=7.
    Direction {
        /// The direction given.
        dir: u8,
    },
    /// A square has a bit outside `FLANK_SQ_ALL`.
    SquareBits {
        /// Which square (the lowest one that is wrong).
        dir: u8,
        /// Its value.
        value: u16,
    },
    /// The defender has a bit outside `FLANK_DEF_ALL`.
    DefenderBits {
        /// The defender bits given.
        value: u8,
    },
    /// A square's bits contradict each other: creature bits without
    /// `FLANK_SQ_CREATURE`, more than one of HERO/PEACEFUL/TAME, or UNWILLING
    /// without TAME.
    Inconsistent {
        /// Which square (the lowest one that is wrong).
        dir: u8,
        /// Its value.
        value: u16,
    },
    /// A percent outside `0..=FLANK_PERCENT_MAX`.
    Percent {
        /// The percent given.
        percent: i32,
    },
    /// A line of a `struct flank_ranged` is malformed (see
    /// [`crate::ranged::line_error`]).
    Ranged {
        /// Which line (the lowest one that is wrong).
        dir: u8,
    },
}

impl fmt::Display for FlankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FlankError::Null => write!(f, "a required pointer was NULL"),
            FlankError::Direction { dir } => write!(f, "attack direction {dir} is outside 0..7"),
            FlankError::SquareBits { dir, value } => write!(
                f,
                "square {dir} ({}) has bits {:#06x} outside FLANK_SQ_ALL",
                dir_name(dir),
                value & !SQ_ALL
            ),
            FlankError::DefenderBits { value } => write!(
                f,
                "defender has bits {:#04x} outside FLANK_DEF_ALL",
                value & !DEF_ALL
            ),
            FlankError::Inconsistent { dir, value } => write!(
                f,
                "square {dir} ({}) has inconsistent bits {value:#06x}",
                dir_name(dir)
            ),
            FlankError::Percent { percent } => {
                write!(f, "percent {percent} is outside 0..{PERCENT_MAX}")
            }
            FlankError::Ranged { dir } => {
                write!(
                    f,
                    "the line {dir} ({}) of the ranged facts is malformed",
                    dir_name(dir)
                )
            }
        }
    }
}

impl std::error::Error for FlankError {}

impl FlankError {
    /// The `FLANK_E_*` code of this error.
    pub fn code(&self) -> i32 {
        match self {
            FlankError::Null => sys::FLANK_E_NULL,
            FlankError::Direction { .. } => sys::FLANK_E_DIRECTION,
            FlankError::SquareBits { .. } => sys::FLANK_E_SQUARE_BITS,
            FlankError::DefenderBits { .. } => sys::FLANK_E_DEFENDER_BITS,
            FlankError::Inconsistent { .. } => sys::FLANK_E_INCONSISTENT,
            FlankError::Percent { .. } => sys::FLANK_E_PERCENT,
            FlankError::Ranged { .. } => sys::FLANK_E_RANGED,
        }
    }
}

/// The short direction words (`w`, `nw`, ..., `sw`), indexed by direction
/// (0 W .. 7 SW): the fixture format's, and a facing's in `flank explain`.
pub const DIR_WORDS: [&str; 8] = ["w", "nw", "n", "ne", "e", "se", "s", "sw"];

/// `(dx, dy)` of each direction 0..=7, NetHack's `xdir[]`/`ydir[]` (x
/// right, y down).
pub const DIR_OFFSETS: [(i8, i8); 8] = [
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
];

/// The direction 0..=7 of a step `<sx,sy>` (each -1, 0 or 1, not both 0;
/// x right, y down): NetHack's `xytod()`. `<0,0>` gives 0.
pub const fn dir_of(sx: i32, sy: i32) -> u8 {
    match (sx.signum(), sy.signum()) {
        (-1, 0) => 0,
        (-1, -1) => 1,
        (0, -1) => 2,
        (1, -1) => 3,
        (1, 0) => 4,
        (1, 1) => 5,
        (0, 1) => 6,
        (-1, 1) => 7,
        _ => 0,
    }
}

/// The lower-case English name of a direction 0..=7 ("west" .. "southwest"),
/// or "?" for anything else.
pub fn dir_name(dir: u8) -> &'static str {
    match dir {
        0 => "west",
        1 => "northwest",
        2 => "north",
        3 => "northeast",
        4 => "east",
        5 => "southeast",
        6 => "south",
        7 => "southwest",
        _ => "?",
    }
}

/// Whether one square value is well formed: no unknown bit and no
/// contradiction (the checks behind `FLANK_E_SQUARE_BITS` and
/// `FLANK_E_INCONSISTENT`).
pub fn square_error(dir: u8, value: u16) -> Option<FlankError> {
    if value & !SQ_ALL != 0 {
        return Some(FlankError::SquareBits { dir, value });
    }
    let relations = [HERO, PEACEFUL, TAME]
        .iter()
        .filter(|&&b| value & b != 0)
        .count();
    let inconsistent = (value & CREATURE == 0 && value & CREATURE_BITS != 0)
        || relations > 1
        || (value & UNWILLING != 0 && value & TAME == 0);
    inconsistent.then_some(FlankError::Inconsistent { dir, value })
}

/// Validates a raw neighbourhood exactly as the C ABI does. When several
/// things are wrong, the first of these wins: the direction, unknown square
/// bits (lowest square first), unknown defender bits, inconsistent square bits
/// (lowest square first).
pub fn validate(n: &flank_neighbourhood) -> Result<(), FlankError> {
    if n.attack_dir >= NDIRS {
        return Err(FlankError::Direction { dir: n.attack_dir });
    }
    for (dir, &value) in (0u8..).zip(n.square.iter()) {
        if value & !SQ_ALL != 0 {
            return Err(FlankError::SquareBits { dir, value });
        }
    }
    if n.defender & !DEF_ALL != 0 {
        return Err(FlankError::DefenderBits { value: n.defender });
    }
    for (dir, &value) in (0u8..).zip(n.square.iter()) {
        if let Some(e) = square_error(dir, value) {
            return Err(e);
        }
    }
    Ok(())
}

/// Checks a percent for `flank_set_percent`.
pub fn check_percent(percent: i32) -> Result<i32, FlankError> {
    if (0..=PERCENT_MAX).contains(&percent) {
        Ok(percent)
    } else {
        Err(FlankError::Percent { percent })
    }
}

/// Whom the defender is, for judging hostility. Precedence when several
/// defender bits are set: HERO, then TAME, then PEACEFUL (NetHack keeps
/// `mpeaceful` set on pets, so PEACEFUL|TAME is a pet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DefenderKind {
    Hero,
    HeroConflict,
    Tame,
    Peaceful,
    Hostile,
}

const fn defender_kind(defender: u8) -> DefenderKind {
    if defender & DEF_HERO != 0 {
        if defender & DEF_CONFLICT != 0 {
            DefenderKind::HeroConflict
        } else {
            DefenderKind::Hero
        }
    } else if defender & DEF_TAME != 0 {
        DefenderKind::Tame
    } else if defender & DEF_PEACEFUL != 0 {
        DefenderKind::Peaceful
    } else {
        DefenderKind::Hostile
    }
}

/// Two (mask, value) patterns per defender: on a well-formed square, the
/// creature there threatens the defender iff `sq & m1 == v1 || sq & m2 == v2`.
/// Each pattern demands exactly CREATURE among the eligibility bits (a
/// creature that is not helpless, trapped, fleeing, attackless or a tail), and
/// then the relation that makes it hostile to that defender.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Patterns([[u16; 8]; 4]);

const fn splat(x: u16) -> [u16; 8] {
    [x; 8]
}

const fn patterns_for(defender: u8) -> Patterns {
    // (mask, value) pairs; a kind with one rule repeats it.
    let not_friendly = (ELIGIBLE_MASK | HERO | PEACEFUL | TAME, CREATURE);
    let not_hero = (ELIGIBLE_MASK | HERO, CREATURE);
    let hero = (ELIGIBLE_MASK | HERO, CREATURE | HERO);
    let willing_pet = (ELIGIBLE_MASK | TAME | UNWILLING, CREATURE | TAME);
    let (p1, p2) = match defender_kind(defender) {
        // The hero is attacked by monsters neither peaceful nor tame...
        DefenderKind::Hero => (not_friendly, not_friendly),
        // ...or, under the hero's Conflict, by every monster.
        DefenderKind::HeroConflict => (not_hero, not_hero),
        // A pet is attacked by hostile monsters.
        DefenderKind::Tame => (not_friendly, not_friendly),
        // A peaceful monster by willing pets (never by the hero's choice).
        DefenderKind::Peaceful => (willing_pet, willing_pet),
        // A hostile monster by the hero and by willing pets.
        DefenderKind::Hostile => (hero, willing_pet),
    };
    Patterns([splat(p1.0), splat(p1.1), splat(p2.0), splat(p2.1)])
}

const PATTERNS: [Patterns; 16] = {
    let mut t = [patterns_for(0); 16];
    let mut d = 0;
    while d < 16 {
        t[d] = patterns_for(d as u8);
        d += 1;
    }
    t
};

/// Whether a well-formed square threatens the defender (the attack direction
/// aside, which always does).
pub fn is_threat(square: u16, defender: u8) -> bool {
    let p = &PATTERNS[usize::from(defender & DEF_ALL)].0;
    square & p[0][0] == p[1][0] || square & p[2][0] == p[3][0]
}

/// Whether the creature on a square with bits `square` would attack a
/// defender with bits `defender`: a threat by the rules' own notion
/// ([`is_threat`]: peacefulness, pets and their refusals, Conflict), or an
/// able monster that holds a grudge against the defender (`grudge`:
/// NetHack's `mm_aggression()`, a purple worm against a shrieker), which
/// attacks it whatever their sides. The squares must be well formed
/// ([`square_error`]) and the defender's bits within `FLANK_DEF_ALL`.
pub fn would_attack(square: u16, defender: u8, grudge: bool) -> Result<bool, FlankError> {
    if let Some(e) = square_error(0, square) {
        return Err(e);
    }
    if defender & !DEF_ALL != 0 {
        return Err(FlankError::DefenderBits { value: defender });
    }
    Ok(is_threat(square, defender) || (grudge && square & (ELIGIBLE_MASK | HERO) == CREATURE))
}

/// The longest circular run of zero bits in `threats` (8 when it is 0).
const fn arc_of(threats: u8) -> u8 {
    if threats == 0 {
        return 8;
    }
    let (mut best, mut run, mut i) = (0u8, 0u8, 0u32);
    while i < 16 {
        if (threats >> (i % 8)) & 1 == 0 {
            run += 1;
            if run > best {
                best = run;
            }
        } else {
            run = 0;
        }
        i += 1;
    }
    best
}

/// `ARC[t]`: the largest arc with no threat for threat mask `t`.
const ARC: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = arc_of(i as u8);
        i += 1;
    }
    t
};

/// `BASE[t]`: the arc part of the score, `2 * (7 - arc)` half points (0 for
/// the impossible mask 0: the attack direction is always a threat).
const BASE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let arc = ARC[i];
        t[i] = if arc > 7 { 0 } else { 2 * (7 - arc) };
        i += 1;
    }
    t
};

/// The behind/beside part of the score in half points, from the three squares
/// at the defender's back.
const fn back_bonus(behind_blocked: bool, left_taken: bool, right_taken: bool) -> u8 {
    if behind_blocked {
        2 + left_taken as u8 + right_taken as u8
    } else {
        0
    }
}

/// `BONUS[i]` for the SSE2 scorer. Bits of `i`, each *inverted*: 0 creature
/// and 1 blocked of the square left of behind, 2 creature and 3 blocked of
/// behind, 4 creature and 5 blocked of the square right of behind.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
const BONUS: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let left = (i & 0b11) != 0b11;
        let behind = (i & 0b1000) == 0;
        let right = (i & 0b11_0000) != 0b11_0000;
        t[i] = back_bonus(behind, left, right);
        i += 1;
    }
    t
};

/// The squares of the relation values a well-formed square can have: 0,
/// HERO, PEACEFUL, TAME, TAME|UNWILLING (0, 2, 4, 8, 24) square to 0, 4, 16,
/// 64, 576; every other combination of those four bits squares to a value
/// with a bit outside these.
const REL_SQUARES: u16 = {
    let h = HERO * HERO;
    let p = PEACEFUL * PEACEFUL;
    let t = TAME * TAME;
    let tu = (TAME | UNWILLING) * (TAME | UNWILLING);
    h | p | t | tu
};

/// Both score tables in one object, so the SSE2 scorer needs one address.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
struct Tables {
    base: [u8; 256],
    bonus: [u8; 64],
}

#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
static TABLES: Tables = Tables {
    base: BASE,
    bonus: BONUS,
};

/// The three masks a score is made of (bit d = direction d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Masks {
    /// Squares that threaten the defender (the attack direction included).
    pub threats: u8,
    /// Squares blocked for the defender.
    pub blocked: u8,
    /// Squares with a creature.
    pub occupied: u8,
}

/// A neighbourhood that passed [`validate`]: the eight squares around a
/// defender, the defender's bits and the attack direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Neighbourhood {
    raw: flank_neighbourhood,
}

impl Neighbourhood {
    /// Validates a raw neighbourhood.
    pub fn new(raw: flank_neighbourhood) -> Result<Self, FlankError> {
        validate(&raw)?;
        Ok(Neighbourhood { raw })
    }

    /// A neighbourhood [`square_masks`] has found valid: not validated
    /// again.
    pub(crate) fn valid(raw: flank_neighbourhood) -> Self {
        debug_assert_eq!(validate(&raw), Ok(()));
        Neighbourhood { raw }
    }

    /// Builds and validates a neighbourhood from its parts.
    pub fn from_parts(square: [u16; 8], defender: u8, attack_dir: u8) -> Result<Self, FlankError> {
        Self::new(flank_neighbourhood {
            square,
            defender,
            attack_dir,
        })
    }

    /// The raw C struct.
    pub fn raw(&self) -> &flank_neighbourhood {
        &self.raw
    }

    /// The attack direction, 0..=7.
    pub fn attack_dir(&self) -> u8 {
        self.raw.attack_dir
    }

    /// The square opposite the attacker.
    pub fn behind(&self) -> u8 {
        (self.raw.attack_dir + 4) % 8
    }

    /// The threat, blocked and occupied masks.
    pub fn masks(&self) -> Masks {
        self.masks_with(0)
    }

    /// [`Self::masks`] with `extra` threats (bit d: direction d, threatened
    /// from range; see [`crate::ranged`]).
    pub fn masks_with(&self, extra: u8) -> Masks {
        let mut m = portable_masks(&self.raw);
        m.threats |= 1 << self.raw.attack_dir | extra;
        m
    }

    /// The score in half points, 0..=18.
    pub fn score(&self) -> u8 {
        self.explain().half_points
    }

    /// The score taken apart, as `flank_explain` returns it.
    ///
    /// `arc_start` is the first direction of the largest run; when several
    /// runs are equally long, the first one clockwise from the attacker.
    pub fn explain(&self) -> flank_detail {
        self.explain_with(0)
    }

    /// [`Self::explain`] with `extra` threats (bit d: direction d,
    /// threatened from range): they fill their octants like a creature
    /// next to the defender, and change nothing else.
    pub fn explain_with(&self, extra: u8) -> flank_detail {
        let m = self.masks_with(extra);
        let a = self.raw.attack_dir;
        let arc = ARC[usize::from(m.threats)];
        // The attack direction is a threat, so no run crosses it: scanning
        // clockwise from a+1 to a+7 sees every run whole.
        let (mut arc_start, mut run, mut best) = (0u8, 0u8, 0u8);
        for k in 1..8u8 {
            let d = (a + k) % 8;
            if m.threats & (1 << d) == 0 {
                run += 1;
                if run > best {
                    best = run;
                    arc_start = (d + 8 - (run - 1)) % 8;
                }
            } else {
                run = 0;
            }
        }
        debug_assert_eq!(best, arc);
        let behind = self.behind();
        let left = (behind + 7) % 8;
        let right = (behind + 1) % 8;
        let taken = m.blocked | m.occupied;
        let behind_blocked = m.blocked & (1 << behind) != 0;
        let beside = if behind_blocked {
            u8::from(taken & (1 << left) != 0) + u8::from(taken & (1 << right) != 0)
        } else {
            0
        };
        let half_points = score_masks(m.threats, m.blocked, taken, a);
        flank_detail {
            half_points,
            threats: m.threats,
            arc,
            arc_start: if arc == 0 { 0 } else { arc_start },
            behind,
            behind_blocked: u8::from(behind_blocked),
            beside,
            reserved: 0,
        }
    }
}

/// The score in half points from the masks of a neighbourhood: `threats`
/// (the attack direction `a` included), `blocked` and `taken` (blocked or
/// holding a creature). `a` is 0..=7. The arc score, written once: what
/// [`Neighbourhood::explain_with`] and the portable scorer compute with it,
/// and what the planner (`crate::plan`) asks of it as it changes a square
/// or two. The SSE2 scorer (`sse2::score`, `flank_score`'s fast path) is
/// the only other way to it, kept because BENCHMARKS.md shows it pays (50
/// instructions a call against about 540 for `flank_explain`); the tests
/// hold it to the model and to this.
#[inline]
pub fn score_masks(threats: u8, blocked: u8, taken: u8, a: u8) -> u8 {
    let behind = (a + 4) % 8;
    let (left, right) = ((behind + 7) % 8, (behind + 1) % 8);
    BASE[usize::from(threats)]
        + back_bonus(
            blocked & (1 << behind) != 0,
            taken & (1 << left) != 0,
            taken & (1 << right) != 0,
        )
}

/// Validates and scores a raw neighbourhood in one go: the half points, or a
/// negative `FLANK_E_*` code. This is `flank_score` without the NULL check.
#[inline]
pub fn score_raw(n: &flank_neighbourhood) -> i32 {
    score_raw_with(n, 0)
}

/// [`score_raw`] with `extra` threats (bit d: direction d, threatened from
/// range; [`crate::ranged`]): the half points of
/// [`Neighbourhood::explain_with`], or `n`'s `FLANK_E_*` code.
#[inline]
pub fn score_raw_with(n: &flank_neighbourhood, extra: u8) -> i32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: this build targets x86_64 with SSE2 enabled (the cfg
        // above), so the CPU running it has SSE2.
        unsafe { sse2::score(n, extra) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        portable_score(n, extra)
    }
}

/// The directions around a raw neighbourhood whose square holds a
/// creature (bit d: direction d), or its `FLANK_E_*` code; validated as
/// [`score_raw`] validates.
#[inline]
pub fn occupied_raw(n: &flank_neighbourhood) -> Result<u8, i32> {
    let rc = score_raw(n);
    if rc < 0 {
        return Err(rc);
    }
    Ok((0u8..)
        .zip(n.square.iter())
        .fold(0, |m, (d, &sq)| m | u8::from(sq & CREATURE != 0) << d))
}

/// The masks of a raw neighbourhood's squares as they stand (bit d:
/// direction d): the squares whose creature threatens the defender (the
/// attack direction is not made one), the blocked ones and those with a
/// creature; or the neighbourhood's error, as [`validate`] finds it. On
/// SSE2 one pass validates and judges the eight squares, as
/// [`score_raw`] does: what the planner (`crate::plan`) asks of each
/// target.
#[inline]
pub fn square_masks(n: &flank_neighbourhood) -> Result<Masks, FlankError> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: this build targets x86_64 with SSE2 enabled (the cfg
        // above), so the CPU running it has SSE2.
        if let Some(m) = unsafe { sse2::square_masks(n) } {
            return Ok(m);
        }
    }
    validate(n)?;
    Ok(portable_masks(n))
}

/// The masks of a valid neighbourhood's squares, square by square: what
/// [`square_masks`] returns.
#[inline]
fn portable_masks(n: &flank_neighbourhood) -> Masks {
    let mut m = Masks::default();
    for (d, &sq) in n.square.iter().enumerate() {
        if is_threat(sq, n.defender) {
            m.threats |= 1 << d;
        }
        if sq & BLOCKED != 0 {
            m.blocked |= 1 << d;
        }
        if sq & CREATURE != 0 {
            m.occupied |= 1 << d;
        }
    }
    m
}

/// The answer for a neighbourhood the fast path refused: its error code. Kept
/// out of line so the fast path stays small.
#[cold]
#[inline(never)]
extern "C" fn refused(n: &flank_neighbourhood, extra: u8) -> i32 {
    match Neighbourhood::new(*n) {
        Err(e) => e.code(),
        // Not reachable (the fast check is exact), but never panic.
        Ok(hood) => i32::from(hood.explain_with(extra).half_points),
    }
}

/// The scorer for targets without SSE2: [`Neighbourhood::masks_with`] and
/// [`score_masks`], the score every other path computes too.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline]
fn portable_score(n: &flank_neighbourhood, extra: u8) -> i32 {
    match Neighbourhood::new(*n) {
        Ok(hood) => {
            let m = hood.masks_with(extra);
            i32::from(score_masks(
                m.threats,
                m.blocked,
                m.blocked | m.occupied,
                n.attack_dir,
            ))
        }
        Err(e) => e.code(),
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    //! The SSE2 scorer: the eight squares are one 128-bit vector of eight
    //! 16-bit lanes, judged all at once.
    use core::arch::x86_64::*;

    use super::*;

    #[target_feature(enable = "sse2")]
    #[inline]
    fn splat(x: u16) -> __m128i {
        _mm_set1_epi16(x as i16)
    }

    /// Validates a neighbourhood and judges its squares: `None` when it is
    /// not valid, else the squares that threaten the defender (bit d:
    /// direction d) and the eight squares as one vector.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn judge(n: &flank_neighbourhood) -> Option<(u8, __m128i)> {
        // defender and attack_dir in one test: bits 4..7 of the defender are
        // unknown bits, and a direction above 7 has a bit in 3..7.
        let dd = u16::from(n.defender) | (u16::from(n.attack_dir) << 8);
        if dd & !(u16::from(DEF_ALL) | (7 << 8)) != 0 {
            return None;
        }
        // SAFETY: `square` is 16 readable bytes; loadu needs no alignment.
        let v = unsafe { _mm_loadu_si128(n.square.as_ptr().cast()) };
        let zero = _mm_setzero_si128();

        // Per lane, with BLOCKED masked off (y): no creature means y == 0,
        // a creature means y <= 0x3FF (no unknown bit); psubusw(y, limit) is
        // non-zero exactly when that fails, limit = CREATURE << 10 = 0x400.
        let y = _mm_and_si128(v, splat(!BLOCKED));
        let limit = _mm_slli_epi16::<10>(_mm_and_si128(v, splat(CREATURE)));
        let bad_bits = _mm_subs_epu16(y, limit);
        // The relation x = HERO|PEACEFUL|TAME|UNWILLING bits is one of 0, H,
        // P, T, T|U exactly when x*x has no bit outside 0x254 = {4, 16, 64,
        // 576} (x*x is 0, 4, 16, 64, 576 for those; every other x gives a
        // stray bit; the tests check all 16 values).
        let x = _mm_and_si128(v, splat(HERO | PEACEFUL | TAME | UNWILLING));
        let bad_rel = _mm_and_si128(_mm_mullo_epi16(x, x), splat(!REL_SQUARES));
        let valid = _mm_cmpeq_epi16(_mm_or_si128(bad_bits, bad_rel), zero);

        // Threats: two (mask, value) patterns per defender kind.
        let p = &PATTERNS[usize::from(n.defender & DEF_ALL)].0;
        // SAFETY: each row is 16 bytes inside a 16-aligned `Patterns`.
        let (m1, v1, m2, v2) = unsafe {
            (
                _mm_load_si128(p[0].as_ptr().cast()),
                _mm_load_si128(p[1].as_ptr().cast()),
                _mm_load_si128(p[2].as_ptr().cast()),
                _mm_load_si128(p[3].as_ptr().cast()),
            )
        };
        let threat = _mm_or_si128(
            _mm_cmpeq_epi16(_mm_and_si128(v, m1), v1),
            _mm_cmpeq_epi16(_mm_and_si128(v, m2), v2),
        );
        // Bytes 0..7: threat per square; bytes 8..15: valid per square.
        let tv = _mm_movemask_epi8(_mm_packs_epi16(threat, valid)) as u32;
        if tv < 0xFF00 {
            return None;
        }
        Some((tv as u8, v))
    }

    /// Validates and scores; see [`super::score_raw`].
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn score(n: &flank_neighbourhood, extra: u8) -> i32 {
        let Some((threat, v)) = judge(n) else {
            return refused(n, extra);
        };
        let a = u32::from(n.attack_dir);
        let threats = (u32::from(threat) | (1 << a) | u32::from(extra)) & 0xFF;

        // Bit 2d: no creature on d; bit 2d+1: d not blocked (CREATURE is in
        // each lane's low byte, BLOCKED in its high byte).
        let cb = _mm_movemask_epi8(_mm_cmpeq_epi8(
            _mm_and_si128(v, splat(CREATURE | BLOCKED)),
            _mm_setzero_si128(),
        )) as u16;
        // Bring the squares a+3, a+4 (behind), a+5 down to bits 0..5.
        let back = cb.rotate_right(2 * a + 6) & 0x3F;
        let t = &TABLES;
        i32::from(t.base[threats as usize] + t.bonus[usize::from(back)])
    }

    /// Validates and takes the masks; see [`super::square_masks`]. `None`
    /// when the neighbourhood is not valid (the caller finds out why).
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn square_masks(n: &flank_neighbourhood) -> Option<Masks> {
        let (threats, v) = judge(n)?;
        let has = |bit: u16| _mm_cmpeq_epi16(_mm_and_si128(v, splat(bit)), splat(bit));
        // Bytes 0..7: a creature per square; bytes 8..15: blocked per square.
        let cb = _mm_movemask_epi8(_mm_packs_epi16(has(CREATURE), has(BLOCKED))) as u32;
        Some(Masks {
            threats,
            blocked: (cb >> 8) as u8,
            occupied: cb as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn would_attack_is_the_threat_or_an_able_grudge() {
        // Every well-formed square against every defender: without a
        // grudge exactly the threat; with one, also any able monster.
        for def in 0..=DEF_ALL {
            for sq in 0..=SQ_ALL {
                let Ok(yes) = would_attack(sq, def, false) else {
                    assert!(square_error(0, sq).is_some(), "{sq:#x}");
                    continue;
                };
                assert_eq!(yes, is_threat(sq, def), "{sq:#x} {def:#x}");
                let able = sq & (ELIGIBLE_MASK | HERO) == CREATURE;
                assert_eq!(
                    would_attack(sq, def, true),
                    Ok(yes || able),
                    "{sq:#x} {def:#x}"
                );
            }
        }
        assert_eq!(
            would_attack(CREATURE, DEF_ALL + 1, false),
            Err(FlankError::DefenderBits { value: DEF_ALL + 1 })
        );
        // hostile monsters do not fight each other: a jackal beside a jackal
        assert_eq!(would_attack(CREATURE, 0, false), Ok(false));
        assert_eq!(would_attack(CREATURE | HELPLESS, 0, true), Ok(false));
    }

    #[test]
    fn squaring_the_relation_bits_tells_valid_from_invalid() {
        // All 16 combinations of HERO, PEACEFUL, TAME, UNWILLING.
        for x in (0..32u16).map(|i| i & 0x1E) {
            let valid = [0, HERO, PEACEFUL, TAME, TAME | UNWILLING].contains(&x);
            assert_eq!((x * x) & !REL_SQUARES == 0, valid, "{x:#x}");
        }
    }

    #[test]
    fn bonus_table_matches_back_bonus() {
        for (i, &bonus) in BONUS.iter().enumerate() {
            let (c_l, b_l, c_b, b_b, c_r, b_r) = (
                i & 1 == 0,
                i & 2 == 0,
                i & 4 == 0,
                i & 8 == 0,
                i & 16 == 0,
                i & 32 == 0,
            );
            let _ = c_b;
            assert_eq!(bonus, back_bonus(b_b, c_l || b_l, c_r || b_r), "{i:#b}");
        }
    }

    #[test]
    fn arc_table() {
        assert_eq!(ARC[0b0000_0100], 7);
        assert_eq!(ARC[0xFF], 0);
        assert_eq!(ARC[0b0010_0100], 4);
        assert_eq!(ARC[0b0111_1111], 1);
        assert_eq!(BASE[0xFF], 14);
        assert_eq!(BASE[0], 0);
    }

    #[test]
    fn portable_scorer_matches_the_model() {
        // The non-SSE2 scorer is compiled on every target; check it here.
        let mut state = 0x51u64;
        for _ in 0..100_000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = state;
            let mut square = [0u16; 8];
            for (i, s) in square.iter_mut().enumerate() {
                *s = ((r >> (i * 7)) as u16) & 0x7FF & if i % 2 == 0 { 0x401 } else { 0x7FF };
            }
            let n = flank_neighbourhood {
                square,
                defender: (r >> 56) as u8 & 0x1F,
                attack_dir: (r >> 61) as u8 | ((r >> 40) as u8 & 8),
            };
            let want = match Neighbourhood::new(n) {
                Ok(_) => i32::from(crate::model::score(&n.square, n.defender, n.attack_dir)),
                Err(e) => e.code(),
            };
            assert_eq!(portable_score(&n, 0), want, "{n:?}");
            assert_eq!(score_raw(&n), want, "{n:?}");
            // With threats from range, as flank_score_ranged() scores.
            let extra = (r >> 8) as u8 & (r >> 24) as u8;
            let want = match Neighbourhood::new(n) {
                Ok(_) => {
                    let from_range = core::array::from_fn(|d| extra & 1 << d != 0);
                    i32::from(crate::model::score_with_range(
                        &n.square,
                        n.defender,
                        n.attack_dir,
                        from_range,
                    ))
                }
                Err(e) => e.code(),
            };
            assert_eq!(portable_score(&n, extra), want, "{n:?} {extra:#x}");
            assert_eq!(score_raw_with(&n, extra), want, "{n:?} {extra:#x}");
            // The masks: as the validated neighbourhood's, the attack's
            // threat aside; the same error when it is not valid.
            let want = Neighbourhood::new(n).map(|h| {
                let mut m = h.masks();
                m.threats &= !(1 << n.attack_dir);
                if is_threat(n.square[usize::from(n.attack_dir)], n.defender) {
                    m.threats |= 1 << n.attack_dir;
                }
                m
            });
            assert_eq!(square_masks(&n), want, "{n:?}");
        }
    }
}
