//! Random `struct flank_plan_input`s for the planner's tests: valid ones
//! built square by square, and single faults injected into them. Shared by
//! tests/plan_model.rs (against the plain model) and tests/abi_c.rs
//! (through the C ABI from C).
#![allow(dead_code)]

use std::fmt::Write as _;

use flank_testkit::gen::Rng;
use flank_testkit::model;
use rust_flanking::facing::RuleSet;
use rust_flanking::sys::*;

/// `FLANK_PLAN_NONE`.
pub const NONE: u8 = FLANK_PLAN_NONE as u8;
pub const CREATURE: u16 = FLANK_SQ_CREATURE as u16;
pub const BLOCKED: u16 = FLANK_SQ_BLOCKED as u16;

/// A creature's bits on a square (FLANK_SQ_CREATURE and a valid mix of
/// relation and state bits), `blocked` kept.
pub fn random_creature(rng: &mut Rng, blocked: bool) -> u16 {
    let odds: [(u32, u64); 9] = [
        (FLANK_SQ_HERO, 5),
        (FLANK_SQ_PEACEFUL, 5),
        (FLANK_SQ_TAME, 4),
        (FLANK_SQ_UNWILLING, 4),
        (FLANK_SQ_HELPLESS, 7),
        (FLANK_SQ_TRAPPED, 7),
        (FLANK_SQ_FLEEING, 7),
        (FLANK_SQ_NOATTACK, 7),
        (FLANK_SQ_TAIL, 9),
    ];
    loop {
        let mut v = CREATURE;
        if blocked {
            v |= BLOCKED;
        }
        for (bit, n) in odds {
            if rng.one_in(n) {
                v |= bit as u16;
            }
        }
        if model::square_ok(v) {
            return v;
        }
    }
}

/// One random valid square: blocked one time in four, a creature
/// `creature_percent` times in a hundred.
pub fn random_square(rng: &mut Rng, creature_percent: u64) -> u16 {
    let blocked = rng.one_in(4);
    if rng.below(100) < creature_percent {
        random_creature(rng, blocked)
    } else if blocked {
        BLOCKED
    } else {
        0
    }
}

/// A random valid target. `from_none` in 1..: one time in that many the
/// mover is not next to this target.
pub fn random_target(rng: &mut Rng, creature_percent: u64, from_none: u64) -> flank_plan_target {
    let mut square = [0u16; 8];
    for s in &mut square {
        *s = random_square(rng, creature_percent);
    }
    let from = if rng.one_in(from_none) {
        NONE
    } else {
        let d = rng.below(8) as u8;
        if square[usize::from(d)] & CREATURE == 0 {
            let blocked = square[usize::from(d)] & BLOCKED != 0;
            square[usize::from(d)] = random_creature(rng, blocked);
        }
        d
    };
    // candidates: squares without a creature, each one time in two (all of
    // them one time in eight, none one time in twelve)
    let all = rng.one_in(8);
    let none = rng.one_in(12);
    let mut candidates = 0u8;
    for (d, s) in square.iter().enumerate() {
        if s & CREATURE == 0 && !none && (all || rng.one_in(2)) {
            candidates |= 1 << d;
        }
    }
    let chosen = if candidates == 0 || rng.one_in(3) {
        NONE
    } else {
        let list: Vec<u8> = (0..8).filter(|d| candidates & (1 << d) != 0).collect();
        list[rng.below(list.len() as u64) as usize]
    };
    // the hero next to the target (a pet's foe), one time in two: on a
    // square that is neither a candidate nor the mover's
    let free: Vec<u8> = (0..8u8)
        .filter(|&d| candidates & (1 << d) == 0 && d != from)
        .collect();
    let hero = if free.is_empty() || rng.one_in(2) {
        NONE
    } else {
        let d = free[rng.below(free.len() as u64) as usize];
        let blocked = square[usize::from(d)] & BLOCKED;
        square[usize::from(d)] = blocked | CREATURE | FLANK_SQ_HERO as u16;
        d
    };
    let rules: Vec<_> = RuleSet::all().collect();
    let rules = rules[rng.below(rules.len() as u64) as usize].id();
    // FLANK_FI_MELEE and attack_dir are ignored; ROGUE is refused
    let mut flags = 0u8;
    for bit in [FLANK_FI_SHIELD, FLANK_FI_MELEE, FLANK_FI_HELPLESS] {
        if rng.one_in(3) {
            flags |= bit as u8;
        }
    }
    let attack_dir = if rng.one_in(10) {
        rng.below(256) as u8
    } else {
        rng.below(8) as u8
    };
    flank_plan_target {
        in_: flank_facing_input {
            n: flank_neighbourhood {
                square,
                defender: rng.below(16) as u8,
                attack_dir,
            },
            facing: rng.below(9) as u8,
            flags,
            rules,
            reserved: 0,
            ..Default::default()
        },
        from,
        candidates,
        chosen,
        heading: if rng.one_in(2) {
            rng.below(8) as u8
        } else {
            NONE
        },
        hero,
        // the squares the mover could follow it from: any of the
        // candidates, each one time in two (all of them one time in four)
        follow: if rng.one_in(4) {
            candidates
        } else {
            candidates & rng.below(256) as u8
        },
    }
}

/// Random bytes where the input's unused parts are (targets beyond
/// ntargets, allies beyond nallies): they must not matter.
fn junk_target(rng: &mut Rng) -> flank_plan_target {
    let mut b = || rng.below(256) as u8;
    let mut square = [0u16; 8];
    for s in &mut square {
        *s = u16::from(b()) | (u16::from(b()) << 8);
    }
    flank_plan_target {
        in_: flank_facing_input {
            n: flank_neighbourhood {
                square,
                defender: b(),
                attack_dir: b(),
            },
            facing: b(),
            flags: b(),
            rules: b(),
            reserved: b(),
            ..Default::default()
        },
        from: b(),
        candidates: b(),
        chosen: b(),
        heading: b(),
        hero: b(),
        follow: b(),
    }
}

/// One random valid plan input.
pub fn random_input(rng: &mut Rng) -> flank_plan_input {
    let creature_percent = [0, 0, 8, 20, 40, 70][rng.below(6) as usize];
    let ntargets = rng.weighted(&[(45, 1u8), (25, 2), (15, 3), (15, 4)]);
    let mut target = [flank_plan_target::default(); 4];
    for (i, t) in target.iter_mut().enumerate() {
        *t = if i < usize::from(ntargets) {
            // the first target: mostly approached from further away, so
            // that hanging back comes up
            random_target(rng, creature_percent, if i == 0 { 2 } else { 3 })
        } else {
            junk_target(rng)
        };
    }
    let nallies = rng.weighted(&[(25, 0u8), (30, 1), (20, 2), (10, 3), (15, 8)]);
    let mut ally_dist = [0u8; 8];
    let mut ally_speed = [0u8; 8];
    for i in 0..8 {
        if i < usize::from(nallies) {
            ally_dist[i] = if rng.one_in(12) {
                rng.below(256) as u8
            } else {
                rng.below(7) as u8 + 1
            };
            ally_speed[i] = if rng.one_in(6) {
                rng.below(255) as u8 + 1
            } else {
                [1, 3, 6, 9, 10, 12, 15, 18, 20, 24, 36][rng.below(11) as usize]
            };
        } else {
            ally_dist[i] = rng.below(256) as u8;
            ally_speed[i] = rng.below(256) as u8; // 0 too: not an ally
        }
    }
    let mut flags = 0u8;
    for bit in [
        FLANK_PL_PET,
        FLANK_PL_HURT,
        FLANK_PL_FLEEING,
        FLANK_PL_ATTACKED,
        FLANK_PL_RANGED,
        FLANK_PL_LEAVING,
    ] {
        if rng.one_in(9) {
            flags |= bit as u8;
        }
    }
    // a pet's plan: beside the hero one time in two
    if flags & FLANK_PL_PET as u8 != 0 && rng.one_in(2) {
        flags |= FLANK_PL_BESIDE_HERO as u8;
    }
    let waited = rng.weighted(&[(40, 0u8), (15, 1), (15, 2), (20, 3), (5, 4), (5, 255)]);
    let since = if rng.one_in(4) {
        255
    } else if rng.one_in(6) {
        rng.below(256) as u8
    } else {
        rng.below(26) as u8
    };
    flank_plan_input {
        flags,
        ntargets,
        waited,
        since,
        nallies,
        heading_age: rng.weighted(&[(3, 0u8), (2, 1), (2, 2), (2, 3), (1, 255)]),
        ally_dist,
        ally_speed,
        target,
    }
}

/// Injects one fault into a valid input (and nothing else): returns what
/// it did and the `FLANK_E_*` code the header documents for it.
pub fn inject_fault(rng: &mut Rng, p: &mut flank_plan_input) -> (&'static str, i32) {
    let n = usize::from(p.ntargets);
    let i = rng.below(n as u64) as usize;
    loop {
        let t = &mut p.target[i];
        let sq = &mut t.in_.n.square;
        match rng.below(22) {
            0 => {
                p.ntargets = if rng.one_in(3) {
                    0
                } else {
                    rng.below(251) as u8 + 5
                };
                return ("ntargets", FLANK_E_PLAN);
            }
            1 => {
                p.flags |= 0x80; // the one bit beyond FLANK_PL_ALL
                return ("plan flags", FLANK_E_PLAN);
            }
            2 => {
                p.nallies = rng.below(247) as u8 + 9;
                return ("nallies", FLANK_E_PLAN);
            }
            3 => {
                if p.nallies == 0 {
                    p.nallies = 1;
                    p.ally_dist[0] = 3;
                }
                p.ally_speed[rng.below(u64::from(p.nallies)) as usize] = 0;
                return ("speed 0", FLANK_E_PLAN);
            }
            4 => {
                t.heading = NONE + 1;
                return ("target heading just out of range", FLANK_E_PLAN);
            }
            5 => {
                t.heading = rng.below(247) as u8 + 9;
                return ("target heading", FLANK_E_PLAN);
            }
            6 => {
                t.in_.flags |= FLANK_FI_ROGUE as u8;
                return ("ROGUE", FLANK_E_PLAN);
            }
            7 => {
                t.from = rng.below(247) as u8 + 9;
                return ("from out of range", FLANK_E_PLAN);
            }
            8 => {
                t.chosen = rng.below(247) as u8 + 9;
                return ("chosen out of range", FLANK_E_PLAN);
            }
            9 => {
                let not: Vec<u8> = (0..8).filter(|d| t.candidates & (1 << d) == 0).collect();
                if not.is_empty() {
                    continue;
                }
                t.chosen = not[rng.below(not.len() as u64) as usize];
                return ("chosen not a candidate", FLANK_E_PLAN);
            }
            10 => {
                // a creature on a candidate square (a new candidate when
                // the square is not one yet, but never the mover's own)
                let d = rng.below(8) as usize;
                if usize::from(t.from) == d {
                    continue;
                }
                let blocked = sq[d] & BLOCKED != 0;
                sq[d] = random_creature(rng, blocked);
                t.candidates |= 1 << d;
                return ("a candidate holds a creature", FLANK_E_PLAN);
            }
            11 => {
                // no creature on from: a square that is no candidate
                let d = rng.below(8) as usize;
                if t.candidates & (1 << d) != 0 {
                    continue;
                }
                sq[d] &= BLOCKED;
                t.from = d as u8;
                return ("no creature on from", FLANK_E_PLAN);
            }
            12 => {
                let d = rng.below(8) as usize;
                sq[d] |= 0x0800 << rng.below(5);
                return ("square bits", FLANK_E_SQUARE_BITS);
            }
            13 => {
                t.in_.n.defender |= 0x10 << rng.below(4);
                return ("defender bits", FLANK_E_DEFENDER_BITS);
            }
            14 => {
                // two relations on a square that is no candidate
                let d = rng.below(8) as usize;
                if t.candidates & (1 << d) != 0 {
                    continue;
                }
                sq[d] =
                    (sq[d] & BLOCKED) | CREATURE | FLANK_SQ_PEACEFUL as u16 | FLANK_SQ_TAME as u16;
                return ("inconsistent square", FLANK_E_INCONSISTENT);
            }
            15 => {
                let id = rng.below(256) as u8;
                if RuleSet::from_id(id).is_some() {
                    continue;
                }
                t.in_.rules = id;
                return ("rules", FLANK_E_RULES);
            }
            16 => {
                t.in_.facing = rng.below(247) as u8 + 9;
                return ("facing", FLANK_E_FACING);
            }
            17 => {
                t.in_.flags |= 0x80; // the one bit beyond FLANK_FI_ALL
                return ("facing flags", FLANK_E_FACING_FLAGS);
            }
            18 => {
                t.hero = rng.below(247) as u8 + 9;
                return ("target hero", FLANK_E_PLAN);
            }
            19 => {
                // the hero's square without the hero on it
                let d = rng.below(8) as usize;
                if sq[d] & FLANK_SQ_HERO as u16 != 0 {
                    continue;
                }
                t.hero = d as u8;
                return ("no hero on the hero's square", FLANK_E_PLAN);
            }
            20 => {
                // a square to follow from that is not a candidate
                if t.candidates == 0xFF {
                    continue;
                }
                t.follow |= 1 << (0..8).find(|d| t.candidates & (1 << d) == 0).unwrap_or(0);
                return ("follow not a candidate", FLANK_E_PLAN);
            }
            _ => {
                t.in_.reserved = rng.below(255) as u8 + 1;
                return ("facing reserved", FLANK_E_FACING_FLAGS);
            }
        }
    }
}

/// The numbers of a plan input, in the order abi_test.c reads them: flags
/// ntargets waited since nallies heading_age, dist[8], speed[8], then for
/// each of the four targets defender attack_dir s0..s7 facing flags rules
/// reserved from candidates chosen heading hero follow (102 numbers).
pub fn input_numbers(p: &flank_plan_input) -> String {
    let mut l = format!(
        "{} {} {} {} {} {}",
        p.flags, p.ntargets, p.waited, p.since, p.nallies, p.heading_age
    );
    for v in p.ally_dist.iter().chain(p.ally_speed.iter()) {
        write!(l, " {v}").unwrap();
    }
    for t in &p.target {
        let f = &t.in_;
        write!(l, " {} {}", f.n.defender, f.n.attack_dir).unwrap();
        for s in f.n.square {
            write!(l, " {s}").unwrap();
        }
        write!(
            l,
            " {} {} {} {} {} {} {} {} {} {}",
            f.facing,
            f.flags,
            f.rules,
            f.reserved,
            t.from,
            t.candidates,
            t.chosen,
            t.heading,
            t.hero,
            t.follow
        )
        .unwrap();
    }
    l
}

/// A plan result filled with 0xAB (171) in every field, as a test fills
/// *out before a call, so that a refused input's untouched *out shows.
pub fn untouched_result() -> flank_plan_result {
    flank_plan_result {
        action: 0xAB,
        target: 0xAB,
        dir: 0xAB,
        why: 0xAB,
        half_points: 0xAB,
        vanilla_half_points: 0xAB,
        coming: 0xAB,
        new_wait: 0xAB,
    }
}

/// abi_test's "plan-case" line for what flank_plan() returns: the return
/// value, then the result's fields (171, the 0xAB it was filled with, when
/// the input is refused and *out must be left alone).
pub fn plan_case_line(name: &str, r: Result<(flank_plan_result, i32), i32>) -> String {
    let (rc, o) = match r {
        Ok((o, scored)) => (scored, o),
        Err(code) => (code, untouched_result()),
    };
    format!(
        "plan-case {name} {rc} {} {} {} {} {} {} {} {}",
        o.action,
        o.target,
        o.dir,
        o.why,
        o.half_points,
        o.vanilla_half_points,
        o.coming,
        o.new_wait
    )
}
