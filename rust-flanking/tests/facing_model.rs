//! The facing engine (`flank_facing_eval` over the C ABI entry point, and
//! the safe API) against the plain model (`flank_testkit::model::
//! facing_eval`), exhaustively over every facing, attack direction, rule
//! set and flag combination, on neighbourhoods that exercise every rule.

use flank_testkit::model;
use rust_flanking::abi::sys::*;
use rust_flanking::abi::{flank_facing_eval, flank_facing_input, flank_facing_result};
use rust_flanking::facing::RuleSet;

/// Every rule set's id and name, from the rule-set table (the table's own
/// test, `the_ids_of_today` in flank_rules::rule_sets, holds it to the
/// header's ids and names).
fn rule_sets() -> Vec<(u8, &'static str)> {
    RuleSet::all().map(|r| (r.id(), r.name())).collect()
}

fn eval(input: &flank_facing_input) -> (i32, flank_facing_result) {
    let mut out = flank_facing_result::default();
    // SAFETY: valid references.
    let rc = unsafe { flank_facing_eval(input, &mut out) };
    (rc, out)
}

/// What the model says the code is for a (well-formed neighbourhood) input:
/// Ok(()) or the expected error code.
fn model_validity(
    square: &[u16; 8],
    defender: u8,
    a: u8,
    facing: u8,
    flags: u8,
    rules: u8,
    peer: &model::Peer,
) -> Result<(), i32> {
    if RuleSet::from_id(rules).is_none() {
        return Err(FLANK_E_RULES);
    }
    if facing > 8 {
        return Err(FLANK_E_FACING);
    }
    if u32::from(flags) & !FLANK_FI_ALL != 0 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    let rogue = u32::from(flags) & FLANK_FI_ROGUE != 0;
    let melee = u32::from(flags) & FLANK_FI_MELEE != 0;
    let sq = u32::from(square[usize::from(a)]);
    if rogue && u32::from(defender) & FLANK_DEF_HERO != 0 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    if melee && sq & FLANK_SQ_CREATURE == 0 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    if rogue && melee && sq & FLANK_SQ_HERO == 0 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    for (st, s) in peer.state.iter().zip(square) {
        let creature = u32::from(*s) & FLANK_SQ_CREATURE != 0;
        if u32::from(*st) & !FLANK_ST_ALL != 0 || (*st != 0 && !creature) {
            return Err(FLANK_E_FACING_FLAGS);
        }
        // Unaware is the hero's alone.
        if u32::from(*st) & FLANK_ST_UNAWARE != 0 && u32::from(*s) & FLANK_SQ_HERO == 0 {
            return Err(FLANK_E_FACING_FLAGS);
        }
    }
    let at = u32::from(peer.attacker);
    if at & !FLANK_AT_ALL != 0 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    // One side at most; in melee, the side of the creature on the square.
    let sides = [FLANK_AT_HERO, FLANK_AT_TAME, FLANK_AT_PEACEFUL];
    let n_sides = sides.iter().filter(|&&b| at & b != 0).count();
    if n_sides > 1 {
        return Err(FLANK_E_FACING_FLAGS);
    }
    // Under a rule set that reads the creatures' sides (NerfHack's,
    // SpliceHack's, Hack'EM's) the side is always given: none means
    // hostile.
    let base = u32::from(rules) & !FLANK_RULES_PLUS_ARC;
    let foe_opposite = [
        FLANK_RULES_NERFHACK,
        FLANK_RULES_SPLICEHACK,
        FLANK_RULES_HACKEM,
    ];
    if melee && (n_sides == 1 || foe_opposite.contains(&base)) {
        let square_side = if sq & FLANK_SQ_HERO != 0 {
            FLANK_AT_HERO
        } else if sq & FLANK_SQ_TAME != 0 {
            FLANK_AT_TAME
        } else if sq & FLANK_SQ_PEACEFUL != 0 {
            FLANK_AT_PEACEFUL
        } else {
            0
        };
        if at & sides.iter().fold(0, |a, b| a | b) != square_side {
            return Err(FLANK_E_FACING_FLAGS);
        }
    }
    Ok(())
}

/// Checks one input against the model, every facing and rule set and flag
/// combination below `flags_to` (all of them: 0..=255), with the field's
/// facts `peer`.
fn check_all(square: [u16; 8], defender: u8, a: u8, peer: &model::Peer, flags_to: u16) -> usize {
    let mut n = 0;
    let rule_sets = rule_sets();
    for facing in 0..=9u8 {
        for &(id, name) in &rule_sets {
            for flags in 0..flags_to {
                let flags = flags as u8;
                let input = flank_facing_input {
                    n: flank_neighbourhood {
                        square,
                        defender,
                        attack_dir: a,
                    },
                    facing,
                    flags,
                    rules: id,
                    reserved: 0,
                    state: peer.state,
                    attacker_level: peer.level,
                    attacker: peer.attacker,
                };
                let (rc, r) = eval(&input);
                match model_validity(&square, defender, a, facing, flags, id, peer) {
                    Err(code) => assert_eq!(rc, code, "{input:?}"),
                    Ok(()) => {
                        let m = model::facing_eval(
                            &square, defender, a, facing, flags, id, [false; 8], peer,
                        );
                        let got = model::FacingOutcome::from(&r);
                        assert_eq!(got, m, "{name} {input:?}");
                        assert_eq!(rc, i32::from(r.hit_half_points));
                        assert_eq!(r.hit_half_points, r.arc_half_points + r.zone_half_points);
                        assert_eq!(r.rules, id);
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

const C: u16 = FLANK_SQ_CREATURE as u16;
const HERO: u16 = FLANK_SQ_HERO as u16;
const TAME: u16 = FLANK_SQ_TAME as u16;
const HELPLESS: u16 = FLANK_SQ_HELPLESS as u16;
const PEACEFUL: u16 = FLANK_SQ_PEACEFUL as u16;
const BLOCKED: u16 = FLANK_SQ_BLOCKED as u16;

#[test]
fn every_facing_direction_rule_set_and_flag_on_every_opposite_square() {
    // The attacker (a monster, or the hero) and every well-formed value of
    // the square opposite it, for each defender kind and attack direction.
    let opposite_values: Vec<u16> = (0..=0x7FFu16).filter(|&s| model::square_ok(s)).collect();
    let mut checked = 0;
    for defender in [
        FLANK_DEF_HERO as u8,
        0,
        FLANK_DEF_TAME as u8,
        FLANK_DEF_PEACEFUL as u8,
    ] {
        for a in 0..8u8 {
            for attacker in [C, C | HERO, 0] {
                if attacker & HERO != 0 && defender & FLANK_DEF_HERO as u8 != 0 {
                    continue;
                }
                for &opp in &opposite_values {
                    let mut square = [0u16; 8];
                    square[usize::from(a)] = attacker;
                    square[usize::from((a + 4) % 8)] = opp;
                    checked += check_all(square, defender, a, &model::Peer::default(), 32);
                }
            }
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}

#[test]
fn random_full_neighbourhoods() {
    let valid: Vec<u16> = (0..=0x7FFu16).filter(|&s| model::square_ok(s)).collect();
    let mut state = 0x12u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 17
    };
    for _ in 0..3000 {
        let mut square = [0u16; 8];
        for s in square.iter_mut() {
            *s = valid[(next() % valid.len() as u64) as usize];
        }
        let defender = (next() % 16) as u8;
        let a = (next() % 8) as u8;
        // The field's facts: states on the creatures (now and then one
        // beyond FLANK_ST_ALL, or on an empty square), a level, the
        // attacker's bits (now and then beyond FLANK_AT_ALL).
        let mut peer = model::Peer {
            level: (next() % 60) as u8,
            attacker: (next() % 5) as u8,
            ..Default::default()
        };
        for (st, s) in peer.state.iter_mut().zip(square) {
            if s != 0 || next() % 40 == 0 {
                *st = (next() % 0x22) as u8;
            }
        }
        check_all(square, defender, a, &peer, 256);
    }
}

#[test]
fn the_neighbourhoods_own_faults_come_first() {
    // An invalid neighbourhood gives flank_score's code whatever else is
    // wrong, and *out is left alone.
    let bad = flank_facing_input {
        n: flank_neighbourhood {
            square: [TAME | PEACEFUL | C, 0, 0, 0, 0, 0, 0, 0],
            defender: 0,
            attack_dir: 2,
        },
        facing: 200,
        flags: 0xFF,
        rules: 77,
        reserved: 3,
        ..Default::default()
    };
    let mut out = flank_facing_result {
        zone: 0xAB,
        ..Default::default()
    };
    // SAFETY: valid references.
    let rc = unsafe { flank_facing_eval(&bad, &mut out) };
    assert_eq!(rc, FLANK_E_INCONSISTENT);
    assert_eq!(out.zone, 0xAB);
    let mut dir = bad;
    dir.n.attack_dir = 9;
    assert_eq!(eval(&dir).0, FLANK_E_DIRECTION);
    // SAFETY: NULL is allowed.
    unsafe {
        assert_eq!(flank_facing_eval(std::ptr::null(), &mut out), FLANK_E_NULL);
        assert_eq!(flank_facing_eval(&bad, std::ptr::null_mut()), FLANK_E_NULL);
    }
    let mut reserved = flank_facing_input {
        n: flank_neighbourhood {
            square: [0, 0, C, 0, 0, 0, 0, 0],
            defender: FLANK_DEF_HERO as u8,
            attack_dir: 2,
        },
        facing: 2,
        flags: 0,
        rules: 0,
        reserved: 1,
        ..Default::default()
    };
    assert_eq!(eval(&reserved).0, FLANK_E_FACING_FLAGS);
    reserved.reserved = 0;
    assert_eq!(eval(&reserved).0, 0);
}

#[test]
fn the_seeds_numbers() {
    // The rule sets' table (docs/DESIGN.md), spot by spot, through the ABI.
    let mut square = [0u16; 8];
    square[6] = C; // a jackal south of the hero
    let base = flank_facing_input {
        n: flank_neighbourhood {
            square,
            defender: FLANK_DEF_HERO as u8,
            attack_dir: 6,
        },
        facing: 2, // the hero faces north: the jackal is behind her
        flags: (FLANK_FI_MELEE | FLANK_FI_SHIELD) as u8,
        rules: 0,
        reserved: 0,
        ..Default::default()
    };
    let with = |rules: u8| eval(&flank_facing_input { rules, ..base }).1;
    let r = with(1); // implicit
    assert_eq!((r.zone, r.hit_half_points, r.shield_counts), (2, 8, 0));
    let r = with(2); // dnd
    assert_eq!((r.zone, r.hit_half_points, r.shield_counts), (2, 8, 0));
    let r = with(3); // opposite: behind, +2 +2
    assert_eq!((r.hit_half_points, r.damage_flat), (4, 2));
    assert_eq!(r.bits, (FLANK_FR_BEHIND | FLANK_FR_TURNS) as u16);
    let r = with(4); // tactics: 150%
    assert_eq!((r.hit_half_points, r.damage_percent), (0, 150));
    let r = with(0); // proposal: the zone is shown, nothing else
    assert_eq!(
        (r.zone, r.hit_half_points, r.damage_percent, r.shield_counts),
        (2, 0, 100, 1)
    );
    // A sleeping kitten opposite never flanks; an awake hostile one does.
    let mut flanked = base;
    flanked.rules = 3;
    flanked.n.square[2] = C;
    assert_eq!(
        eval(&flanked).1.bits & FLANK_FR_FLANKED as u16,
        FLANK_FR_FLANKED as u16
    );
    flanked.n.square[2] = C | HELPLESS;
    assert_eq!(eval(&flanked).1.bits & FLANK_FR_FLANKED as u16, 0);
    // Blocked squares change the arc score, never the zone.
    let mut walled = base;
    walled.rules = 1;
    walled.n.square[2] = BLOCKED;
    let r = eval(&walled).1;
    assert_eq!((r.zone, r.arc_half_points, r.zone_half_points), (2, 2, 8));
}
