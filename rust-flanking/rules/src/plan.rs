//! Monsters that flank (docs/DESIGN.md): where a planner steps, and when
//! it hangs back, behind `flank_plan`.
//!
//! The game has already let NetHack choose the mover's square (m_move() or
//! dog_move()); it gathers once the squares around each target the mover
//! could step next to, and [`plan`] decides:
//! * **where to stand**: of the candidate squares next to a target, the one
//!   that keeps up with a moving target ([`reach`]: a square ahead of its
//!   heading, in its way, before one beside it, before one behind it, which
//!   its next step leaves; and of two alike, one from which the mover
//!   could step onto the target's square when she leaves it, before one
//!   it could not, such as a square diagonal to a doorway she stands in),
//!   then the one where the mover's melee attack
//!   would be best under the rule set in force (to-hit first, then the
//!   damage change), when it is strictly better than vanilla's square;
//!   ties keep vanilla's square. So a planner never gives up a square in
//!   a moving target's way, or one it keeps reaching her from, for a
//!   flank: a horde the hero runs through blocks her and keeps at her
//!   instead of letting her by;
//! * **a pet at the hero's side** ([`beside_hero`]) does not step away
//!   from her to a foe's far side while another foe attacking her stands
//!   where the pet could fight it from her side: it covers that side
//!   instead of leaving it open;
//! * **hanging back**: a hostile mover that would arrive next to its target
//!   alone, while allies close in a few turns behind, waits where it is, for
//!   at most [`WAIT_MOVES`] of its moves. Only this reads the allies, so
//!   [`plan_asking`] asks the game for them only when it gets that far
//!   (the game walks its level's monsters for them).
//!
//! A candidate is scored from what changes: the mover leaves its old square
//! and stands on the candidate, which becomes the attack direction. The
//! masks of the other squares are worked out once per target.

use core::cmp::Ordering;
use core::ffi::CStr;
use core::fmt;

use crate::consts::{
    FI_MELEE, FI_ROGUE, HERO, PL_ALL, PL_ATTACKED, PL_BESIDE_HERO, PL_FLEEING, PL_HURT, PL_LEAVING,
    PL_PET, PL_RANGED,
};
use crate::facing::{self, AttackFacts, FacingError, FacingInput};
use crate::rules;
use crate::sys::{self, flank_facing_result, flank_plan_input, flank_plan_result};

/// No direction: not next to the target.
pub const NONE: u8 = sys::FLANK_PLAN_NONE as u8;
/// The most targets one plan weighs.
pub const MAX_TARGETS: usize = sys::FLANK_PLAN_MAX_TARGETS as usize;
/// The most allies one plan counts.
pub const MAX_ALLIES: usize = sys::FLANK_PLAN_MAX_ALLIES as usize;
/// The longest wait, in the mover's moves.
pub const WAIT_MOVES: u8 = sys::FLANK_PLAN_WAIT_MOVES as u8;
/// How many turns a wait is remembered from its beginning.
pub const WAIT_MEMORY: u8 = sys::FLANK_PLAN_WAIT_MEMORY as u8;
/// An ally is coming when it can stand next to the target within this
/// many turns.
pub const AHEAD_TURNS: u32 = sys::FLANK_PLAN_AHEAD_TURNS;
/// A target's heading counts while its age is below this.
pub const HEADING_TURNS: u8 = sys::FLANK_PLAN_HEADING_TURNS as u8;

/// What the mover does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Vanilla's square.
    Keep,
    /// The square in direction `dir` from target `target`.
    Move {
        /// The target's index.
        target: u8,
        /// The square, as a direction from that target.
        dir: u8,
    },
    /// Stay where it is.
    Wait {
        /// A new wait begins (the game restarts its count).
        new_wait: bool,
    },
}

/// Why, for `#flanking` in wizard mode (`FLANK_WHY_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Why {
    /// No candidate beats vanilla's square.
    NoBetter = sys::FLANK_WHY_NO_BETTER as u8,
    /// A better square next to a target.
    Better = sys::FLANK_WHY_BETTER as u8,
    /// Waiting for allies.
    Waiting = sys::FLANK_WHY_WAITING as u8,
    /// It arrives where a threat already stands, or with an ally.
    NotAlone = sys::FLANK_WHY_NOT_ALONE as u8,
    /// Nobody close enough behind.
    NoAllies = sys::FLANK_WHY_NO_ALLIES as u8,
    /// Hurt.
    Hurt = sys::FLANK_WHY_HURT as u8,
    /// Fleeing.
    Fleeing = sys::FLANK_WHY_FLEEING as u8,
    /// Attacked since its wait began.
    Attacked = sys::FLANK_WHY_ATTACKED as u8,
    /// Its target can reach it from range.
    Ranged = sys::FLANK_WHY_RANGED as u8,
    /// It has waited as long as it may.
    Waited = sys::FLANK_WHY_WAITED as u8,
    /// A pet never waits.
    Pet = sys::FLANK_WHY_PET as u8,
    /// Its target is moving away from it.
    Leaving = sys::FLANK_WHY_LEAVING as u8,
    /// Only one square next to its target is in its reach (a corridor):
    /// allies would queue behind it, not arrive with it.
    SingleFile = sys::FLANK_WHY_SINGLE_FILE as u8,
}

impl Why {
    /// Every reason, in `FLANK_WHY_*` order.
    pub const ALL: [Why; 13] = [
        Why::NoBetter,
        Why::Better,
        Why::Waiting,
        Why::NotAlone,
        Why::NoAllies,
        Why::Hurt,
        Why::Fleeing,
        Why::Attacked,
        Why::Ranged,
        Why::Waited,
        Why::Pet,
        Why::Leaving,
        Why::SingleFile,
    ];

    /// The reason of a `FLANK_WHY_*` code.
    pub fn from_code(code: i32) -> Option<Why> {
        Why::ALL.into_iter().find(|w| i32::from(*w as u8) == code)
    }

    /// The words `#flanking` uses (`flank_plan_why()`), a static C string.
    pub fn words(self) -> &'static CStr {
        match self {
            Why::NoBetter => c"no square beats the one it was taking",
            Why::Better => c"a better square next to its target",
            Why::Waiting => c"waiting for its allies",
            Why::NotAlone => c"it does not arrive alone",
            Why::NoAllies => c"no ally is close behind",
            Why::Hurt => c"it is hurt",
            Why::Fleeing => c"it is fleeing",
            Why::Attacked => c"it was attacked",
            Why::Ranged => c"its target can reach it from range",
            Why::Waited => c"it has waited long enough",
            Why::Pet => c"a pet does not wait",
            Why::Leaving => c"its target is moving away",
            Why::SingleFile => c"it comes in single file",
        }
    }
}

/// A decided move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Decision {
    /// What the mover does.
    pub action: Action,
    /// Why.
    pub why: Why,
    /// The to-hit bonus (half points) of the square it steps to, when that
    /// is next to a target; 0 otherwise.
    pub half_points: u8,
    /// Vanilla's square's.
    pub vanilla_half_points: u8,
    /// Allies counted as coming.
    pub coming: u8,
    /// Candidates scored.
    pub scored: u8,
}

impl Decision {
    /// As the C struct.
    pub fn raw(&self) -> flank_plan_result {
        let (action, target, dir, new_wait) = match self.action {
            Action::Keep => (sys::FLANK_PLAN_KEEP, 0, NONE, 0),
            Action::Move { target, dir } => (sys::FLANK_PLAN_MOVE, target, dir, 0),
            Action::Wait { new_wait } => (sys::FLANK_PLAN_WAIT, 0, NONE, u8::from(new_wait)),
        };
        flank_plan_result {
            action: action as u8,
            target,
            dir,
            why: self.why as u8,
            half_points: self.half_points,
            vanilla_half_points: self.vanilla_half_points,
            coming: self.coming,
            new_wait,
        }
    }
}

/// Why a plan input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanError {
    /// The plan's own fields (`FLANK_E_PLAN`).
    Plan {
        /// What is wrong.
        why: &'static str,
    },
    /// A target's facing input.
    Target {
        /// Which target.
        index: u8,
        /// What is wrong with it.
        error: FacingError,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Plan { why } => write!(f, "plan: {why}"),
            PlanError::Target { index, error } => write!(f, "plan target {index}: {error}"),
        }
    }
}

impl std::error::Error for PlanError {}

impl PlanError {
    /// The `FLANK_E_*` code.
    pub fn code(&self) -> i32 {
        match self {
            PlanError::Plan { .. } => sys::FLANK_E_PLAN,
            PlanError::Target { error, .. } => error.code(),
        }
    }
}

fn refuse(why: &'static str) -> PlanError {
    PlanError::Plan { why }
}

/// One target, validated, with the masks of its squares without the mover.
#[derive(Debug, Clone, Copy)]
struct Target {
    input: FacingInput,
    from: u8,
    candidates: u8,
    chosen: u8,
    /// Where the target is going, or [`NONE`].
    heading: u8,
    /// The squares from which the mover could step onto the target's.
    follow: u8,
    /// The hero's square seen from the target, a foe of hers next to
    /// her, or [`NONE`].
    hero: u8,
    /// Squares that threaten the target, the mover's old square aside.
    threats: u8,
    /// The squares other than the attack's that the rule set reads
    /// (`FacingInput::eval_from`'s `others`), the mover's old square
    /// aside: the threats, or under a rule of a foe opposite the squares
    /// with a creature.
    others: u8,
    /// Squares blocked for the target.
    blocked: u8,
    /// Squares blocked or holding a creature, the mover's old square aside.
    taken: u8,
}

/// The validated targets of one plan, in order: at most [`MAX_TARGETS`],
/// kept on the stack (a plan is made on many monster moves; no allocation).
#[derive(Debug, Clone, Copy)]
struct Targets {
    list: [Option<Target>; MAX_TARGETS],
    n: usize,
}

impl Targets {
    /// None yet.
    fn new() -> Targets {
        Targets {
            list: [None; MAX_TARGETS],
            n: 0,
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Target> + Clone {
        self.list[..self.n].iter().flatten()
    }

    /// The first target (validation refuses a plan without one).
    fn first(&self) -> Option<&Target> {
        self.list[0].as_ref()
    }
}

/// A square's worth to the mover: how it keeps up with its target first
/// (where the square lies from a moving target, then whether the mover
/// could follow her from it), then to-hit, then the damage change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Worth {
    reach: u8,
    follow: bool,
    hit: u8,
    percent: u16,
    flat: i16,
}

impl Worth {
    /// A square next to no target: no bonus, damage unchanged.
    const NOTHING: Worth = Worth {
        reach: 0,
        follow: false,
        hit: 0,
        percent: 100,
        flat: 0,
    };

    fn of(reach: u8, follow: bool, r: &flank_facing_result) -> Worth {
        Worth {
            reach,
            follow,
            hit: r.hit_half_points,
            percent: r.damage_percent,
            flat: r.damage_flat,
        }
    }
}

impl PartialOrd for Worth {
    fn partial_cmp(&self, other: &Worth) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Worth {
    fn cmp(&self, other: &Worth) -> Ordering {
        (self.reach, self.follow, self.hit, self.percent, self.flat).cmp(&(
            other.reach,
            other.follow,
            other.hit,
            other.percent,
            other.flat,
        ))
    }
}

impl Target {
    /// The evaluation of the mover's melee attack from the candidate square
    /// `d`: the mover has left `from` and stands on `d`.
    fn eval(&self, d: u8) -> flank_facing_result {
        let bit = 1u8 << d;
        // the attacker is always a threat; the mover elsewhere is not
        let threats = self.threats | bit;
        let taken = self.taken | bit;
        let arc = rules::score_masks(threats, self.blocked, taken, d);
        let facts = AttackFacts {
            melee: true,
            ..self.input.facts()
        };
        self.input.eval_from(d, arc, self.others, facts)
    }

    /// The worth of the candidate square `d`.
    fn worth(&self, d: u8) -> (Worth, flank_facing_result) {
        let r = self.eval(d);
        (Worth::of(reach(self.heading, d), self.follows(d), &r), r)
    }

    /// Whether the mover on square `d` could follow the target: it is
    /// moving, and the mover could step from `d` onto its square. Of a
    /// target that stands, nothing is asked.
    fn follows(&self, d: u8) -> bool {
        self.heading != NONE && self.follow & (1 << d) != 0
    }

    /// Whether a threat other than the mover stands next to the target.
    fn has_threat(&self) -> bool {
        self.threats != 0
    }

    /// Whether the target is a foe attacking the hero that a pet beside
    /// her could fight from her side: next to her and not helpless, and
    /// the pet next to it already or able to step next to both.
    fn covered_from_her_side(&self) -> bool {
        self.hero != NONE
            && !self.input.facts().helpless
            && (self.from != NONE || self.candidates & beside_hero(self.hero) != 0)
    }
}

/// A pet beside the hero keeps to her side: while one target attacking
/// her could be fought from her side, the squares around every other
/// target that are not next to her are no longer candidates.
fn keep_to_her_side(targets: &mut Targets) {
    let covered = (0u8..)
        .zip(targets.iter())
        .filter(|(_, t)| t.covered_from_her_side())
        .fold(0u8, |m, (i, _)| m | 1 << i);
    for (i, t) in (0u8..).zip(targets.list[..targets.n].iter_mut().flatten()) {
        if covered & !(1 << i) != 0 && t.hero != NONE {
            t.candidates &= beside_hero(t.hero);
        }
    }
}

/// Validates a raw plan input, in the header's order: the plan's fields,
/// then each target, which go into `out` (empty), where the caller keeps
/// them: a plan is made on many monster moves, and its targets are not
/// copied.
fn validate(raw: &flank_plan_input, out: &mut Targets) -> Result<(), PlanError> {
    let n = usize::from(raw.ntargets);
    if n == 0 || n > MAX_TARGETS {
        return Err(refuse("ntargets outside 1..FLANK_PLAN_MAX_TARGETS"));
    }
    if raw.flags & !PL_ALL != 0 {
        return Err(refuse("flags outside FLANK_PL_ALL"));
    }
    Allies::check(raw.nallies, &raw.ally_speed)?;
    for (i, t) in (0u8..).zip(raw.target[..n].iter()) {
        if t.heading > NONE {
            return Err(refuse("a target's heading is outside 0..8"));
        }
        if t.in_.flags & FI_ROGUE != 0 {
            return Err(refuse("FLANK_FI_ROGUE: the hero does not plan"));
        }
        if t.from > NONE || t.chosen > NONE {
            return Err(refuse("a target's from or chosen is outside 0..8"));
        }
        if t.hero > NONE {
            return Err(refuse("a target's hero is outside 0..8"));
        }
        if t.chosen != NONE && t.candidates & (1 << t.chosen) == 0 {
            return Err(refuse("a target's chosen square is not a candidate"));
        }
        if t.follow & !t.candidates != 0 {
            return Err(refuse("a target's follow square is not a candidate"));
        }
        if t.from != NONE && t.candidates & (1 << t.from) != 0 {
            return Err(refuse("the mover's own square is a candidate"));
        }
        // the attack direction is the caller's to ignore: any valid one
        let mut fin = t.in_;
        fin.n.attack_dir = 0;
        fin.flags &= !FI_MELEE;
        // the squares' masks as they stand (no attacker among them yet)
        let (input, m) =
            facing::validate_masked(&fin).map_err(|error| PlanError::Target { index: i, error })?;
        if t.from != NONE && m.occupied & (1 << t.from) == 0 {
            return Err(refuse("no creature on the mover's square"));
        }
        if t.hero != NONE && fin.n.square[usize::from(t.hero)] & HERO == 0 {
            return Err(refuse("no hero on a target's hero square"));
        }
        if t.candidates & m.occupied != 0 {
            return Err(refuse("a candidate square holds a creature"));
        }
        let mut threats = m.threats;
        let mut taken = m.blocked | m.occupied;
        let mut others = match input.rules().row().flow {
            facing::Flow::FoeOpposite { .. } => m.occupied,
            _ => m.threats,
        };
        if t.from != NONE {
            threats &= !(1 << t.from);
            others &= !(1 << t.from);
            if m.blocked & (1 << t.from) == 0 {
                taken &= !(1 << t.from);
            }
        }
        out.list[out.n] = Some(Target {
            input,
            from: t.from,
            candidates: t.candidates,
            chosen: t.chosen,
            heading: if raw.heading_age < HEADING_TURNS {
                t.heading
            } else {
                NONE
            },
            hero: t.hero,
            follow: t.follow,
            threats,
            others,
            blocked: m.blocked,
            taken,
        });
        out.n += 1;
    }
    Ok(())
}

/// Fills `out` (empty) with the targets a plan chooses among: the input
/// validated ([`validate`]), and for a pet beside the hero, the squares
/// away from her side dropped while another foe attacks her there
/// ([`keep_to_her_side`]).
fn fill_targets(raw: &flank_plan_input, out: &mut Targets) -> Result<(), PlanError> {
    validate(raw, out)?;
    if raw.flags & PL_PET != 0 && raw.flags & PL_BESIDE_HERO != 0 {
        keep_to_her_side(out);
    }
    Ok(())
}

/// What kind of monster a mover is (`FLANK_PK_*`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Mindless.
    pub mindless: bool,
    /// Humanoid.
    pub humanoid: bool,
    /// Has hands.
    pub hands: bool,
    /// A pack hunter (the dog or cat class).
    pub pack: bool,
    /// The hero's pet.
    pub tame: bool,
    /// Peaceful, not a pet.
    pub peaceful: bool,
}

impl Kind {
    /// From `FLANK_PK_*` bits, or `None` for a bit outside `FLANK_PK_ALL`.
    pub fn from_bits(b: u8) -> Option<Kind> {
        let has = |bit: u32| u32::from(b) & bit != 0;
        (u32::from(b) & !sys::FLANK_PK_ALL == 0).then(|| Kind {
            mindless: has(sys::FLANK_PK_MINDLESS),
            humanoid: has(sys::FLANK_PK_HUMANOID),
            hands: has(sys::FLANK_PK_HANDS),
            pack: has(sys::FLANK_PK_PACK),
            tame: has(sys::FLANK_PK_TAME),
            peaceful: has(sys::FLANK_PK_PEACEFUL),
        })
    }

    /// Whether a monster of this kind plans its fights: never a mindless
    /// one nor a peaceful one; a pet (the hero is its pack); a hostile
    /// humanoid with hands (it can be told where to stand) or pack hunter.
    pub fn plans(self) -> bool {
        if self.mindless || self.peaceful {
            return false;
        }
        self.tame || (self.humanoid && self.hands) || self.pack
    }
}

/// The square a moving target steps into next if it keeps its heading:
/// standing there stops it ([`reach`]).
pub const REACH_IN_THE_WAY: u8 = 3;
/// A square diagonally ahead of a moving target: still next to it after
/// its next step, and in its way if it turns.
pub const REACH_AHEAD: u8 = 2;
/// A square beside a moving target: still next to it after its next step.
pub const REACH_BESIDE: u8 = 1;
/// A square behind a moving target, which its next step leaves, or any
/// square next to a target that is not moving.
pub const REACH_NONE: u8 = 0;

/// How the square in direction `d` from a target keeps up with it, the
/// target heading `heading` ([`NONE`]: not moving, [`REACH_NONE`] for
/// every square): [`REACH_IN_THE_WAY`] for the square it would step into
/// next, which stops it; [`REACH_AHEAD`] for the two beside that one;
/// [`REACH_BESIDE`] for the two squares square to its heading, still next
/// to it when it has stepped on; [`REACH_NONE`] for the three behind it,
/// which its next step leaves.
pub fn reach(heading: u8, d: u8) -> u8 {
    if heading >= NONE || d >= NONE {
        return REACH_NONE;
    }
    match (d + 8 - heading) % 8 {
        0 => REACH_IN_THE_WAY,
        1 | 7 => REACH_AHEAD,
        2 | 6 => REACH_BESIDE,
        _ => REACH_NONE,
    }
}

/// The squares around a target that are next to the hero too, she
/// standing in direction `hero` from it ([`NONE`]: none): a mask of
/// directions from the target. Beside her orthogonally, four (the two
/// squares either side of her, and the two beyond those); diagonally, two.
pub fn beside_hero(hero: u8) -> u8 {
    if hero >= NONE {
        return 0;
    }
    let steps: &[u8] = if hero.is_multiple_of(2) {
        &[1, 2, 6, 7]
    } else {
        &[1, 7]
    };
    steps.iter().fold(0, |m, s| m | 1 << ((hero + s) % 8))
}

/// Turns an ally at `dist` with `speed` needs to stand next to the target:
/// `dist - 1` squares at `speed / 12` squares a turn, rounded up.
pub fn turns_to_arrive(dist: u8, speed: u8) -> u32 {
    let squares = u32::from(dist.saturating_sub(1));
    (squares * 12).div_ceil(u32::from(speed.max(1)))
}

/// The allies closing in on a plan's first target (`struct
/// flank_plan_input`'s `nallies`, `ally_dist` and `ally_speed`), as the
/// input holds them or as the game gives them when [`plan_asking`] asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Allies {
    /// How many, 0..=[`MAX_ALLIES`].
    pub n: u8,
    /// Each one's distance to the first target.
    pub dist: [u8; MAX_ALLIES],
    /// And its speed, 1..=255.
    pub speed: [u8; MAX_ALLIES],
}

impl Allies {
    /// The input's own.
    pub fn of_input(raw: &flank_plan_input) -> Allies {
        Allies {
            n: raw.nallies,
            dist: raw.ally_dist,
            speed: raw.ally_speed,
        }
    }

    /// `FLANK_E_PLAN` for a count above [`MAX_ALLIES`] or a speed of 0,
    /// whether in the input or given when asked.
    fn check(n: u8, speed: &[u8; MAX_ALLIES]) -> Result<(), PlanError> {
        if usize::from(n) > MAX_ALLIES {
            return Err(refuse("nallies above FLANK_PLAN_MAX_ALLIES"));
        }
        // not contains(), which calls memchr for these eight bytes at most
        // (about 35 instructions a plan under callgrind)
        #[allow(clippy::manual_contains)]
        if speed[..usize::from(n)].iter().any(|&s| s == 0) {
            return Err(refuse("an ally's speed is 0"));
        }
        Ok(())
    }

    /// Each ally's (distance, speed).
    fn iter(&self) -> impl Iterator<Item = (u8, u8)> + Clone + '_ {
        let n = usize::from(self.n).min(MAX_ALLIES);
        self.dist[..n]
            .iter()
            .copied()
            .zip(self.speed[..n].iter().copied())
    }
}

/// The directions of the bits of `mask`, clockwise from west: one step
/// a bit set, not eight a mask.
fn directions(mut mask: u8) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        let d = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        (d < 8).then_some(d)
    })
}

/// Decides one move (see the module's documentation), with the input's
/// allies.
pub fn plan(raw: &flank_plan_input) -> Result<Decision, PlanError> {
    plan_asking(raw, || Ok(Allies::of_input(raw)))
}

/// Decides one move as [`plan`] does, calling `allies` (once at most) for
/// the allies only when the decision depends on them: a hostile mover
/// arriving alone next to its first target from further away, with no
/// other reason not to wait (hurt, fleeing, attacked, in reach from range,
/// its target stepping away, one square in reach, its waits used up).
/// What it gives is checked as the input's allies are; the input's own
/// are validated with the rest of the input but not read ([`plan`] gives
/// them).
pub fn plan_asking(
    raw: &flank_plan_input,
    allies: impl FnOnce() -> Result<Allies, PlanError>,
) -> Result<Decision, PlanError> {
    let mut targets = Targets::new();
    fill_targets(raw, &mut targets)?;
    let mut scored = 0u8;

    // each square scored once: vanilla's (its best worth over the targets
    // it is next to) and the best candidate (the first of the best,
    // targets in order, then directions clockwise from west)
    let mut vanilla: Option<(Worth, u8)> = None;
    let mut best: Option<(Worth, u8, u8, u8)> = None;
    for (i, t) in (0u8..).zip(targets.iter()) {
        let chosen = if t.chosen == NONE { 0 } else { 1u8 << t.chosen };
        for d in directions(t.candidates | chosen) {
            let (w, r) = t.worth(d);
            if d == t.chosen && vanilla.is_none_or(|(v, _)| w > v) {
                vanilla = Some((w, r.hit_half_points));
            }
            if t.candidates & (1 << d) != 0 {
                scored += 1;
                if best.is_none_or(|(b, ..)| w > b) {
                    best = Some((w, i, d, r.hit_half_points));
                }
            }
        }
    }
    let (vworth, vhalf) = vanilla.unwrap_or((Worth::NOTHING, 0));
    let mut decision = Decision {
        action: Action::Keep,
        why: Why::NoBetter,
        half_points: vhalf,
        vanilla_half_points: vhalf,
        coming: 0,
        scored,
    };
    // where it ends up next to the first target (hanging back is about it)
    let Some(first) = targets.first() else {
        return Err(refuse("ntargets outside 1..FLANK_PLAN_MAX_TARGETS"));
    };
    let mut arrives = first.chosen != NONE;
    if let Some((w, i, d, half)) = best {
        if w > vworth {
            decision.action = Action::Move { target: i, dir: d };
            decision.why = Why::Better;
            decision.half_points = half;
            arrives = i == 0;
        }
    }

    // hanging back: only a mover that arrives next to the first target now,
    // from further away
    if !arrives || first.from != NONE {
        return Ok(decision);
    }
    let flags = raw.flags;
    // "does not wait again until FLANK_PLAN_WAIT_MEMORY turns after its wait
    // began": at `since` == WAIT_MEMORY the old wait is over
    let waited = if raw.since >= WAIT_MEMORY {
        0
    } else {
        raw.waited
    };
    // the reasons not to wait that need no allies come first, so that the
    // allies (a walk of the level's monsters) are asked for only when none
    // holds
    let why = if flags & PL_PET != 0 {
        Why::Pet
    } else if first.has_threat() {
        Why::NotAlone
    } else if flags & PL_HURT != 0 {
        Why::Hurt
    } else if flags & PL_FLEEING != 0 {
        Why::Fleeing
    } else if flags & PL_ATTACKED != 0 {
        Why::Attacked
    } else if flags & PL_RANGED != 0 {
        Why::Ranged
    } else if flags & PL_LEAVING != 0 {
        Why::Leaving
    } else if first.candidates.count_ones() < 2 {
        Why::SingleFile
    } else if waited >= WAIT_MOVES {
        Why::Waited
    } else {
        return decision.with_allies(&allies()?, waited);
    };
    Ok(decision.because(why))
}

impl Decision {
    /// Not waiting, for `why`: the reason, unless it moved for a better
    /// square, which keeps that reason.
    fn because(mut self, why: Why) -> Decision {
        if self.why == Why::NoBetter {
            self.why = why;
        }
        self
    }

    /// The last of hanging back, the only part that reads the allies: it
    /// waits for those coming, unless one arrives with it (`NotAlone`) or
    /// none is coming.
    fn with_allies(mut self, allies: &Allies, waited: u8) -> Result<Decision, PlanError> {
        Allies::check(allies.n, &allies.speed)?;
        let together = allies
            .iter()
            .filter(|&(d, s)| d >= 2 && turns_to_arrive(d, s) <= 1)
            .count();
        let coming = allies
            .iter()
            .filter(|&(d, s)| {
                let t = turns_to_arrive(d, s);
                d >= 2 && (2..=AHEAD_TURNS).contains(&t)
            })
            .count();
        self.coming = u8::try_from(coming).unwrap_or(u8::MAX);
        if together > 0 {
            return Ok(self.because(Why::NotAlone));
        }
        if coming == 0 {
            return Ok(self.because(Why::NoAllies));
        }
        self.action = Action::Wait {
            new_wait: waited == 0,
        };
        self.half_points = 0;
        self.why = Why::Waiting;
        Ok(self)
    }
}

/// One candidate square's worth to the mover, as [`plan`] weighs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CandidateWorth {
    /// The target's index.
    pub target: u8,
    /// The square, as a direction from that target.
    pub dir: u8,
    /// How it keeps up with the target ([`reach`]).
    pub reach: u8,
    /// Whether the mover could follow the moving target from it.
    pub follow: bool,
    /// The to-hit bonus there, in half points.
    pub hit_half_points: u8,
    /// The damage change there: percent...
    pub damage_percent: u16,
    /// ... and flat part.
    pub damage_flat: i16,
}

impl CandidateWorth {
    /// What [`plan`] compares: how it keeps up with the target first, then
    /// to-hit, then the damage change.
    pub fn key(&self) -> (u8, bool, u8, u16, i16) {
        (
            self.reach,
            self.follow,
            self.hit_half_points,
            self.damage_percent,
            self.damage_flat,
        )
    }

    /// Whether a square of this worth is worth more than a square next to
    /// no target (no bonus, damage unchanged).
    pub fn above_nothing(&self) -> bool {
        let n = Worth::NOTHING;
        self.key() > (n.reach, n.follow, n.hit, n.percent, n.flat)
    }
}

/// Every candidate square of a plan input with its worth, targets in
/// order, then directions clockwise from west: what [`plan`] chooses
/// among (the movement fixtures' check in flank-harness, `movement`).
pub fn candidate_worths(raw: &flank_plan_input) -> Result<Vec<CandidateWorth>, PlanError> {
    let mut targets = Targets::new();
    fill_targets(raw, &mut targets)?;
    let mut out = Vec::new();
    for (i, t) in (0u8..).zip(targets.iter()) {
        for d in directions(t.candidates) {
            let (w, r) = t.worth(d);
            out.push(CandidateWorth {
                target: i,
                dir: d,
                reach: w.reach,
                follow: w.follow,
                hit_half_points: r.hit_half_points,
                damage_percent: r.damage_percent,
                damage_flat: r.damage_flat,
            });
        }
    }
    Ok(out)
}

/// [`plan`] on a raw input, for the ABI: the result and the number of
/// candidates scored, or the error's code.
pub fn plan_raw(raw: &flank_plan_input) -> Result<(flank_plan_result, i32), i32> {
    plan(raw)
        .map(|d| (d.raw(), i32::from(d.scored)))
        .map_err(|e| e.code())
}

/// [`plan_asking`] on a raw input, for the ABI's `flank_plan_asking`:
/// `ask` fills the allies' distances and speeds and returns how many. The
/// input's `nallies` must be 0: the allies come from `ask` alone.
pub fn plan_raw_asking(
    raw: &flank_plan_input,
    ask: impl FnOnce(&mut [u8; MAX_ALLIES], &mut [u8; MAX_ALLIES]) -> i32,
) -> Result<(flank_plan_result, i32), i32> {
    if raw.nallies != 0 {
        return Err(refuse("nallies given to flank_plan_asking, which asks for them").code());
    }
    plan_asking(raw, || {
        let mut a = Allies::default();
        let n = ask(&mut a.dist, &mut a.speed);
        a.n = u8::try_from(n)
            .ok()
            .filter(|&n| usize::from(n) <= MAX_ALLIES)
            .ok_or(refuse(
                "the allies asked for are not 0..FLANK_PLAN_MAX_ALLIES",
            ))?;
        Ok(a)
    })
    .map(|d| (d.raw(), i32::from(d.scored)))
    .map_err(|e| e.code())
}
