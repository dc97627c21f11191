//! Threats from range (docs/DESIGN.md, "Threats from range"; ABI
//! version 4): which creatures further out on a line from the defender
//! fill their octant in the arc.
//!
//! The game gathers, for each direction, the first creature on the line
//! past the neighbouring square and what it is armed with
//! (`struct flank_ranged`); the rule that decides is here, once:
//! [`line_threatens`]. The score itself is the proposal's, with these
//! directions added to the threats ([`Neighbourhood::explain_with`]).

use crate::consts::{BLOCKED, CREATURE, DEF_HERO, HERO};
use crate::rules::{is_threat, square_error, FlankError, Neighbourhood};
use crate::sys;
use crate::sys::flank_ranged;

/// The nearest a creature on a line can stand: past the neighbouring square.
pub const RANGE_MIN: u8 = sys::FLANK_RANGE_MIN as u8;
/// The farthest: `linedup()` wants `distmin < BOLT_LIM`.
pub const RANGE_MAX: u8 = sys::FLANK_RANGE_MAX as u8;
/// `dochug()`'s `inrange`: distance squared at most `BOLT_LIM * BOLT_LIM`.
pub const DIST2_MAX: u32 = sys::FLANK_RANGE_DIST2_MAX;
/// `thrwmm()`: a monster shoots a monster only within this distance squared.
pub const MM_LAUNCHER2: u32 = sys::FLANK_RANGE_MM_LAUNCHER2;

/// `FLANK_RA_*` as `u8`.
pub mod arms {
    use crate::sys;
    /// Wields a polearm or lance.
    pub const POLEARM: u8 = sys::FLANK_RA_POLEARM as u8;
    /// Wields a launcher and has matching ammunition.
    pub const LAUNCHER: u8 = sys::FLANK_RA_LAUNCHER as u8;
    /// Has missiles it would throw.
    pub const MISSILES: u8 = sys::FLANK_RA_MISSILES as u8;
    /// A breath attack it can use now.
    pub const BREATH: u8 = sys::FLANK_RA_BREATH as u8;
    /// A spit attack.
    pub const SPIT: u8 = sys::FLANK_RA_SPIT as u8;
    /// An active gaze.
    pub const GAZE: u8 = sys::FLANK_RA_GAZE as u8;
    /// Every defined bit.
    pub const ALL: u8 = sys::FLANK_RA_ALL as u8;
}

/// Distance squared of a creature `dist` squares out in direction `dir`
/// (odd directions are diagonal).
pub const fn dist2(dir: u8, dist: u8) -> u32 {
    let d = dist as u32;
    if dir % 2 == 1 {
        2 * d * d
    } else {
        d * d
    }
}

/// One line as the game gathers it: the first creature on the line in
/// direction `dir` past the neighbouring square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Line {
    /// Its `FLANK_SQ_*` bits (0: nobody on the line).
    pub square: u16,
    /// Its distance, `RANGE_MIN..=RANGE_MAX` (0 with nobody).
    pub dist: u8,
    /// `FLANK_RA_*`.
    pub arms: u8,
    /// Its polearm's reach, distance squared (with `arms::POLEARM`).
    pub reach: u8,
}

impl Line {
    /// Line `d` of a raw struct (`d` is 0..=7).
    pub fn of(r: &flank_ranged, d: usize) -> Line {
        Line {
            square: r.square[d],
            dist: r.dist[d],
            arms: r.arms[d],
            reach: r.reach[d],
        }
    }
}

/// The rule: does the creature on line `dir` threaten the defender from
/// range? `defender` is the neighbourhood's `FLANK_DEF_*` bits and
/// `neighbour` the neighbouring square's `FLANK_SQ_*` bits in that
/// direction. The line must be well formed ([`validate`]).
///
/// A threat when all of these hold:
/// - the neighbouring square holds no creature (one that does counts by
///   its own square, and stands in the way);
/// - the creature threatens the defender as an adjacent one would (hostile
///   to it, and not helpless, trapped, fleeing, attackless or a tail);
/// - it is within `dochug()`'s range (distance squared at most 64);
/// - it is armed for this distance: breath, spit, gaze or missiles; a
///   launcher (a monster shooting a monster: distance squared at most 36);
///   a polearm within its reach, when the hero wields it or is its target
///   (no monster applies a polearm to a monster).
pub fn line_threatens(defender: u8, neighbour: u16, dir: u8, line: Line) -> bool {
    if !line_in_reach(defender, neighbour, dir, line) {
        return false;
    }
    let d2 = dist2(dir, line.dist);
    let hero_in_it = line.square & HERO != 0 || defender & DEF_HERO != 0;
    let a = line.arms;
    a & (arms::BREATH | arms::SPIT | arms::GAZE | arms::MISSILES) != 0
        || (a & arms::LAUNCHER != 0 && (hero_in_it || d2 <= MM_LAUNCHER2))
        || (a & arms::POLEARM != 0 && hero_in_it && d2 <= u32::from(line.reach))
}

/// Every rule of [`line_threatens`] but the arms: the creature on line
/// `dir` would threaten the defender if it were armed for its distance.
/// Its arms and reach are not read: a gatherer need find out what a
/// creature carries only when this holds ([`armed_lines`]).
pub fn line_in_reach(defender: u8, neighbour: u16, dir: u8, line: Line) -> bool {
    line.square & CREATURE != 0
        && neighbour & CREATURE == 0
        && is_threat(line.square, defender)
        && dist2(dir, line.dist) <= DIST2_MAX
}

/// Whether line `dir` is well formed: `None`, or the `FLANK_E_RANGED`
/// error.
pub fn line_error(dir: u8, line: Line) -> Option<FlankError> {
    let bad = FlankError::Ranged { dir };
    if square_error(dir, line.square).is_some() || line.square & BLOCKED != 0 {
        return Some(bad);
    }
    let ok = if line.square & CREATURE == 0 {
        line.dist == 0 && line.arms == 0 && line.reach == 0
    } else {
        (RANGE_MIN..=RANGE_MAX).contains(&line.dist)
            && line.arms & !arms::ALL == 0
            && (line.reach == 0 || line.arms & arms::POLEARM != 0)
    };
    (!ok).then_some(bad)
}

/// Validates every line (lowest direction first).
pub fn validate(r: &flank_ranged) -> Result<(), FlankError> {
    for d in 0..8u8 {
        if let Some(e) = line_error(d, Line::of(r, usize::from(d))) {
            return Err(e);
        }
    }
    Ok(())
}

/// The directions threatened from range around a valid neighbourhood, for
/// valid lines: bit d for direction d (the attack direction is not added).
pub fn threats(hood: &Neighbourhood, r: &flank_ranged) -> u8 {
    lines_where(hood.raw(), r, line_threatens)
}

/// The directions d whose line `judge(defender, neighbour, d, line)`
/// passes: [`threats`] with [`line_threatens`], [`armed_lines`] with
/// [`line_in_reach`].
fn lines_where(
    n: &sys::flank_neighbourhood,
    r: &flank_ranged,
    judge: fn(u8, u16, u8, Line) -> bool,
) -> u8 {
    (0..8u8).fold(0, |mask, d| {
        let i = usize::from(d);
        if judge(n.defender, n.square[i], d, Line::of(r, i)) {
            mask | 1 << d
        } else {
            mask
        }
    })
}

/// The lines a gatherer walks for a neighbourhood's score (valid
/// `occupied`, the directions whose square holds a creature, and attack
/// direction `a`): bit d when the line in direction d could change the
/// score. Not a line behind a creature next to the defender
/// ([`line_threatens`] ignores it), nor the attack direction's, a threat
/// already.
pub const fn wanted_lines(occupied: u8, a: u8) -> u8 {
    !occupied & !(1 << (a & 7))
}

/// The lines whose creature's arms decide, for a valid neighbourhood and
/// valid lines (their arms are not read): bit d when [`line_in_reach`]
/// holds for line d.
pub fn armed_lines(n: &sys::flank_neighbourhood, r: &flank_ranged) -> u8 {
    lines_where(n, r, line_in_reach)
}

/// The threats from range for a fast scorer: the mask of [`threats`], or
/// `None` when a line is malformed. The neighbourhood is not validated
/// (its bits are only read), so a scorer that validates it afterwards
/// reports its faults first; on `None` ask [`threats_raw`] for the error.
/// Lines with nobody on them, the most, cost one test together.
#[inline]
pub fn fast_threats(n: &sys::flank_neighbourhood, r: &flank_ranged) -> Option<u8> {
    let squares = r.square.iter().fold(0u16, |a, &s| a | s);
    let rest =
        u64::from_ne_bytes(r.dist) | u64::from_ne_bytes(r.arms) | u64::from_ne_bytes(r.reach);
    if squares == 0 {
        return (rest == 0).then_some(0);
    }
    validate(r).ok()?;
    Some(lines_where(n, r, line_threatens))
}

/// The answer for lines [`fast_threats`] refused: the error code, the
/// neighbourhood's first. Kept out of line so the fast path stays small.
#[cold]
#[inline(never)]
pub fn refused(n: &sys::flank_neighbourhood, r: &flank_ranged) -> i32 {
    match threats_raw(n, r) {
        Err(e) => e.code(),
        // Not reachable (fast_threats refuses only malformed lines), but
        // never panic.
        Ok((hood, extra)) => i32::from(hood.explain_with(extra).half_points),
    }
}

/// Validates both and scores: [`Neighbourhood::explain_with`]'s half
/// points with the threats from range, or the `FLANK_E_*` code (the
/// neighbourhood's first). `flank_score_ranged` without the NULL checks.
#[inline]
pub fn score_raw(n: &sys::flank_neighbourhood, r: &flank_ranged) -> i32 {
    match fast_threats(n, r) {
        Some(extra) => crate::rules::score_raw_with(n, extra),
        None => refused(n, r),
    }
}

/// Validates both and works out the threats from range: the mask, or the
/// error (the neighbourhood's first).
pub fn threats_raw(
    n: &sys::flank_neighbourhood,
    r: &flank_ranged,
) -> Result<(Neighbourhood, u8), FlankError> {
    let hood = Neighbourhood::new(*n)?;
    validate(r)?;
    Ok((hood, threats(&hood, r)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sys::*;

    const HOSTILE: u16 = FLANK_SQ_CREATURE as u16;
    const HERO_DEF: u8 = FLANK_DEF_HERO as u8;

    fn archer(dist: u8, arms: u8) -> Line {
        Line {
            square: HOSTILE,
            dist,
            arms,
            reach: 0,
        }
    }

    #[test]
    fn each_kind_threatens_the_hero_along_the_line() {
        for a in [
            arms::LAUNCHER,
            arms::MISSILES,
            arms::BREATH,
            arms::SPIT,
            arms::GAZE,
        ] {
            for d in 0..8u8 {
                let far = if d % 2 == 1 { 5 } else { 7 };
                assert!(line_threatens(HERO_DEF, 0, d, archer(far, a)), "{a:#x} {d}");
            }
            // Diagonal 6 is distance squared 72: out of dochug()'s range.
            assert!(!line_threatens(HERO_DEF, 0, 1, archer(6, a)));
        }
        assert!(!line_threatens(HERO_DEF, 0, 0, archer(3, 0)), "unarmed");
    }

    #[test]
    fn polearms_reach_what_their_reach_says() {
        let pole = |dist, reach| Line {
            square: HOSTILE,
            dist,
            arms: arms::POLEARM,
            reach,
        };
        assert!(line_threatens(HERO_DEF, 0, 0, pole(2, 5)), "orthogonal 2");
        assert!(
            !line_threatens(HERO_DEF, 0, 1, pole(2, 5)),
            "diagonal 2 is 8"
        );
        assert!(!line_threatens(HERO_DEF, 0, 0, pole(3, 5)), "3 is 9");
        // The hero wielding it, at Expert, against a monster.
        let hero = Line {
            square: HOSTILE | FLANK_SQ_HERO as u16,
            dist: 2,
            arms: arms::POLEARM,
            reach: 8,
        };
        assert!(line_threatens(0, 0, 1, hero));
        // A pet's polearm against a monster: never.
        let pet = Line {
            square: HOSTILE | FLANK_SQ_TAME as u16,
            ..pole(2, 5)
        };
        assert!(!line_threatens(0, 0, 0, pet));
    }

    #[test]
    fn a_monster_shoots_a_monster_within_six() {
        let pet = Line {
            square: HOSTILE | FLANK_SQ_TAME as u16,
            dist: 6,
            arms: arms::LAUNCHER,
            reach: 0,
        };
        assert!(line_threatens(0, 0, 0, pet), "36");
        assert!(!line_threatens(0, 0, 0, Line { dist: 7, ..pet }), "49");
        assert!(!line_threatens(0, 0, 1, Line { dist: 5, ..pet }), "50");
        assert!(line_threatens(0, 0, 1, Line { dist: 4, ..pet }), "32");
        assert!(line_threatens(
            0,
            0,
            0,
            Line {
                dist: 7,
                arms: arms::MISSILES,
                ..pet
            }
        ));
    }

    #[test]
    fn eligibility_and_the_neighbour() {
        let bow = archer(3, arms::LAUNCHER);
        assert!(!line_threatens(HERO_DEF, HOSTILE, 0, bow), "someone next");
        assert!(!line_threatens(
            HERO_DEF,
            HOSTILE | FLANK_SQ_BLOCKED as u16,
            0,
            bow
        ));
        assert!(line_threatens(HERO_DEF, FLANK_SQ_BLOCKED as u16, 0, bow));
        for state in [
            FLANK_SQ_PEACEFUL,
            FLANK_SQ_TAME,
            FLANK_SQ_HELPLESS,
            FLANK_SQ_TRAPPED,
            FLANK_SQ_FLEEING,
            FLANK_SQ_NOATTACK,
        ] {
            let l = Line {
                square: HOSTILE | state as u16,
                ..bow
            };
            assert!(!line_threatens(HERO_DEF, 0, 0, l), "{state:#x}");
        }
        // Under Conflict the peaceful archer shoots too.
        let peaceful = Line {
            square: HOSTILE | FLANK_SQ_PEACEFUL as u16,
            ..bow
        };
        assert!(line_threatens(
            HERO_DEF | FLANK_DEF_CONFLICT as u8,
            0,
            0,
            peaceful
        ));
    }

    /// A small generator: valid neighbourhoods and lines, and now and then
    /// a malformed line.
    struct Gen(u64);

    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 17
        }
        fn pick<T: Copy>(&mut self, from: &[T]) -> T {
            from[(self.next() % from.len() as u64) as usize]
        }
    }

    fn valid_squares() -> Vec<u16> {
        (0..=FLANK_SQ_ALL as u16)
            .filter(|&s| crate::model::square_ok(s))
            .collect()
    }

    fn random_case(g: &mut Gen, squares: &[u16]) -> (flank_neighbourhood, flank_ranged) {
        let creatures: Vec<u16> = squares
            .iter()
            .copied()
            .filter(|s| s & CREATURE != 0 && s & BLOCKED == 0)
            .collect();
        let mut n = flank_neighbourhood {
            square: [0; 8],
            defender: (g.next() & u64::from(FLANK_DEF_ALL)) as u8,
            attack_dir: (g.next() % 8) as u8,
        };
        for s in n.square.iter_mut() {
            // Mostly empty or open squares, as in the game.
            *s = if g.next().is_multiple_of(3) {
                g.pick(squares)
            } else {
                0
            };
        }
        let mut r = flank_ranged::default();
        for d in 0..8 {
            if g.next().is_multiple_of(2) {
                continue;
            }
            // Half of them plain hostile ones, the likeliest threats.
            r.square[d] = if g.next().is_multiple_of(2) {
                CREATURE
            } else {
                g.pick(&creatures)
            };
            r.dist[d] = RANGE_MIN + (g.next() % u64::from(RANGE_MAX - RANGE_MIN + 1)) as u8;
            r.arms[d] = (g.next() & u64::from(arms::ALL)) as u8;
            if r.arms[d] & arms::POLEARM != 0 {
                r.reach[d] = g.pick(&[0, 4, 5, 8]);
            }
        }
        if g.next().is_multiple_of(16) {
            // A malformed line: a distance with nobody, or arms unknown.
            let d = (g.next() % 8) as usize;
            if r.square[d] == 0 {
                r.dist[d] = 3;
            } else {
                r.arms[d] = 0x40;
            }
        }
        (n, r)
    }

    /// The lines a gatherer may leave out (`flank_ranged_lines()`) and the
    /// arms it may leave unread (`flank_ranged_armed()`) left out.
    fn pruned(n: &flank_neighbourhood, r: &flank_ranged) -> flank_ranged {
        let occupied = crate::rules::occupied_raw(n).unwrap();
        let want = wanted_lines(occupied, n.attack_dir);
        let mut p = flank_ranged::default();
        for d in 0..8 {
            if want & 1 << d != 0 {
                p.square[d] = r.square[d];
                p.dist[d] = r.dist[d];
            }
        }
        let armed = armed_lines(n, &p);
        for d in 0..8 {
            if armed & 1 << d != 0 {
                p.arms[d] = r.arms[d];
                p.reach[d] = r.reach[d];
            }
        }
        p
    }

    #[test]
    fn the_fast_path_and_the_pruned_lines_score_as_the_whole() {
        let squares = valid_squares();
        let mut g = Gen(0x5eed_0014);
        let (mut refused, mut threatened, mut pruned_some) = (0, 0, 0);
        for _ in 0..200_000 {
            let (n, r) = random_case(&mut g, &squares);
            let whole = threats_raw(&n, &r);
            let fast = score_raw(&n, &r);
            let (hood, extra) = match whole {
                Err(e) => {
                    assert_eq!(fast, e.code(), "{n:?} {r:?}");
                    assert!(fast_threats(&n, &r).is_none());
                    refused += 1;
                    continue;
                }
                Ok(x) => x,
            };
            assert_eq!(fast_threats(&n, &r), Some(extra));
            let detail = hood.explain_with(extra);
            assert_eq!(fast, i32::from(detail.half_points), "{n:?} {r:?}");
            let from_range = crate::model::range_threats(&n.square, n.defender, &r);
            assert_eq!(
                fast,
                i32::from(crate::model::score_with_range(
                    &n.square,
                    n.defender,
                    n.attack_dir,
                    from_range
                ))
            );
            threatened += usize::from(extra != 0);

            // What a gatherer that asks which lines it needs builds.
            let p = pruned(&n, &r);
            pruned_some += usize::from(p != r);
            let (_, pextra) = threats_raw(&n, &p).unwrap();
            assert_eq!(pextra & !extra, 0, "pruning adds no threat");
            assert_eq!(hood.explain_with(pextra), detail, "{n:?} {r:?} {p:?}");
            assert_eq!(score_raw(&n, &p), fast);
            for rules in crate::facing::RuleSet::all() {
                let input = flank_facing_input {
                    n,
                    facing: (g.next() % 9) as u8,
                    flags: 0,
                    rules: rules.id(),
                    reserved: 0,
                    ..Default::default()
                };
                let valid = crate::facing::validate(&input).unwrap();
                assert_eq!(valid.eval_with(pextra), valid.eval_with(extra), "{input:?}");
            }
        }
        // The generator reaches every case (about 12,000, 98,000 and
        // 184,000 of them).
        assert!(refused > 5_000 && threatened > 50_000 && pruned_some > 100_000);
    }

    #[test]
    fn malformed_lines_are_refused() {
        let bad = |l: Line| line_error(3, l) == Some(FlankError::Ranged { dir: 3 });
        assert!(line_error(3, Line::default()).is_none());
        assert!(line_error(3, archer(2, arms::ALL)).is_none());
        assert!(bad(archer(1, 0)), "too near");
        assert!(bad(archer(8, 0)), "too far");
        assert!(bad(archer(3, 0x40)), "unknown arms");
        assert!(
            bad(Line {
                reach: 5,
                ..archer(3, 0)
            }),
            "reach without polearm"
        );
        assert!(
            bad(Line {
                dist: 3,
                ..Line::default()
            }),
            "distance with nobody"
        );
        assert!(
            bad(Line {
                arms: 1,
                ..Line::default()
            }),
            "arms with nobody"
        );
        assert!(bad(Line {
            square: FLANK_SQ_BLOCKED as u16,
            ..Line::default()
        }));
        assert!(bad(Line {
            square: HOSTILE | FLANK_SQ_BLOCKED as u16,
            ..archer(3, 0)
        }));
        assert!(
            bad(Line {
                square: FLANK_SQ_HERO as u16,
                ..archer(3, 0)
            }),
            "no CREATURE"
        );
    }
}
