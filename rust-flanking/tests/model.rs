//! The fast scorer (through the C ABI entry points and the safe API) against
//! the plain model in `flank_testkit::model`, exhaustively where it matters.

use flank_testkit::model;
use rust_flanking::abi::sys::*;
use rust_flanking::abi::{flank_explain, flank_neighbourhood, flank_score};
use rust_flanking::rules::Neighbourhood;

fn hood(square: [u16; 8], defender: u8, attack_dir: u8) -> flank_neighbourhood {
    flank_neighbourhood {
        square,
        defender,
        attack_dir,
    }
}

fn score(n: &flank_neighbourhood) -> i32 {
    // SAFETY: a valid reference.
    unsafe { flank_score(n) }
}

/// Every well-formed square value: empty (maybe blocked), or a creature with
/// one of the five relations and any states (maybe blocked).
fn valid_squares() -> Vec<u16> {
    (0..=u16::MAX).filter(|&s| model::square_ok(s)).collect()
}

#[test]
fn there_are_322_valid_square_values() {
    // 2 empty + 5 relations * 32 state combinations * 2 (blocked or not).
    assert_eq!(valid_squares().len(), 2 + 5 * 32 * 2);
}

#[test]
fn validation_of_every_square_value_on_every_square() {
    // All 65536 values of one square, the others empty: the fast path must
    // refuse exactly the malformed ones, with the right code.
    for pos in 0..8u8 {
        let attack = (pos + 1) % 8;
        for s in 0..=u16::MAX {
            let mut sq = [0u16; 8];
            sq[usize::from(pos)] = s;
            let got = score(&hood(sq, FLANK_DEF_HERO as u8, attack));
            let want = if u32::from(s) & !FLANK_SQ_ALL != 0 {
                FLANK_E_SQUARE_BITS
            } else if !model::square_ok(s) {
                FLANK_E_INCONSISTENT
            } else {
                i32::from(model::score(&sq, FLANK_DEF_HERO as u8, attack))
            };
            assert_eq!(got, want, "square {pos} = {s:#06x}");
        }
    }
}

#[test]
fn validation_of_every_defender_and_direction() {
    for def in 0..=255u8 {
        for dir in 0..=255u8 {
            let n = hood([0; 8], def, dir);
            let want = if dir > 7 {
                FLANK_E_DIRECTION
            } else if u32::from(def) & !FLANK_DEF_ALL != 0 {
                FLANK_E_DEFENDER_BITS
            } else {
                0
            };
            assert_eq!(score(&n), want, "defender {def:#x} dir {dir}");
        }
    }
}

#[test]
fn error_priority_is_the_documented_order() {
    let bad_bits = 0x8000u16;
    let inconsistent = FLANK_SQ_HERO as u16;
    // direction before everything
    assert_eq!(score(&hood([bad_bits; 8], 0xF0, 8)), FLANK_E_DIRECTION);
    // unknown square bits before unknown defender bits and inconsistency
    let mut sq = [0u16; 8];
    sq[1] = inconsistent;
    sq[5] = bad_bits;
    assert_eq!(score(&hood(sq, 0xF0, 0)), FLANK_E_SQUARE_BITS);
    // unknown defender bits before inconsistency
    sq[5] = 0;
    assert_eq!(score(&hood(sq, 0xF0, 0)), FLANK_E_DEFENDER_BITS);
    assert_eq!(score(&hood(sq, 0, 0)), FLANK_E_INCONSISTENT);
}

#[test]
fn threat_judgement_of_every_square_for_every_defender() {
    // Every well-formed square value, on every square, against every
    // defender value and every other attack direction: one extra threat
    // always changes the arc, so the score shows the judgement.
    for s in valid_squares() {
        for def in 0..16u8 {
            let threat = model::threatens(s, def);
            for pos in 0..8u8 {
                for attack in (0..8u8).filter(|&a| a != pos) {
                    let mut sq = [0u16; 8];
                    sq[usize::from(pos)] = s;
                    let n = hood(sq, def, attack);
                    let want = model::score(&sq, def, attack);
                    assert_eq!(
                        score(&n),
                        i32::from(want),
                        "{s:#06x} def {def} pos {pos} a {attack}"
                    );
                    let m = Neighbourhood::new(n).unwrap().masks();
                    assert_eq!(m.threats & (1 << pos) != 0, threat, "{s:#06x} def {def}");
                }
            }
        }
    }
}

/// The square values used to realise masks for a hero defender.
const HOSTILE: u16 = FLANK_SQ_CREATURE as u16;
const PEACEFUL: u16 = (FLANK_SQ_CREATURE | FLANK_SQ_PEACEFUL) as u16;
const BLOCKED: u16 = FLANK_SQ_BLOCKED as u16;

#[test]
fn exhaustive_over_everything_that_can_change_the_score() {
    // Why this is exhaustive: by the rules (and plainly in the model) a score
    // depends only on the attack direction, which squares threaten, whether
    // the square behind is blocked and whether the two beside it are blocked
    // or occupied. Threat judgement per square is covered exhaustively by
    // `threat_judgement_of_every_square_for_every_defender`; here every
    // attack direction x every threat mask x every blocked mask (all eight
    // squares, so a wrong square being read would show) x every occupancy of
    // the non-threat squares behind and beside it (threat squares are always
    // occupied) is scored. Occupancy of the other squares is read by neither
    // the rules nor, as this test's blocked-mask sweep shows for the
    // neighbouring bits, the scorer.
    let mut count = 0u32;
    for attack in 0..8u8 {
        let behind = (attack + 4) % 8;
        let back = [(behind + 7) % 8, behind, (behind + 1) % 8];
        for threats in 0..=255u8 {
            for blocked in 0..=255u8 {
                for occ in 0..8u8 {
                    let mut sq = [0u16; 8];
                    for d in 0..8u8 {
                        let mut s = 0;
                        if threats & (1 << d) != 0 {
                            s = HOSTILE;
                        } else if let Some(k) = back.iter().position(|&b| b == d) {
                            if occ & (1 << k) != 0 {
                                s = PEACEFUL;
                            }
                        }
                        if blocked & (1 << d) != 0 {
                            s |= BLOCKED;
                        }
                        sq[usize::from(d)] = s;
                    }
                    let def = FLANK_DEF_HERO as u8;
                    let want = model::score(&sq, def, attack);
                    let got = score(&hood(sq, def, attack));
                    assert_eq!(got, i32::from(want), "{sq:x?} a {attack}");
                    assert!(want <= 18);
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 8 * 256 * 256 * 8);
}

/// xorshift64*, deterministic.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn random_hoods(count: usize) -> Vec<flank_neighbourhood> {
    let valid = valid_squares();
    let mut st = 0x1234_5678_9ABC_DEF1u64;
    (0..count)
        .map(|_| {
            let mut sq = [0u16; 8];
            for s in &mut sq {
                let r = next(&mut st);
                // half empty-ish, half any valid value
                *s = if r & 1 == 0 {
                    [0, BLOCKED, HOSTILE, HOSTILE | BLOCKED][((r >> 1) & 3) as usize]
                } else {
                    valid[(r >> 8) as usize % valid.len()]
                };
            }
            let r = next(&mut st);
            hood(sq, (r & 15) as u8, ((r >> 4) & 7) as u8)
        })
        .collect()
}

#[test]
fn random_full_neighbourhoods_match_the_model_and_explain() {
    for n in random_hoods(200_000) {
        let want = model::score(&n.square, n.defender, n.attack_dir);
        assert_eq!(score(&n), i32::from(want), "{n:?}");
        let mut d = flank_detail::default();
        // SAFETY: valid references.
        let rc = unsafe { flank_explain(&n, &mut d) };
        assert_eq!(rc, i32::from(want));
        assert_eq!(d.half_points, want);
        assert_eq!(d.reserved, 0);
        assert_eq!(d.behind, (n.attack_dir + 4) % 8);
        assert!(d.arc <= 7);
        assert_eq!(
            u32::from(d.half_points),
            2 * (7 - u32::from(d.arc)) + 2 * u32::from(d.behind_blocked) + u32::from(d.beside)
        );
        if d.behind_blocked == 0 {
            assert_eq!(d.beside, 0);
        }
        // The arc named by arc_start really is free of threats.
        for k in 0..d.arc {
            assert_eq!(d.threats & (1 << ((d.arc_start + k) % 8)), 0, "{n:?} {d:?}");
        }
        assert!(d.threats & (1 << n.attack_dir) != 0);
    }
}

fn rotate(n: &flank_neighbourhood, k: u8) -> flank_neighbourhood {
    let mut r = *n;
    for d in 0..8u8 {
        r.square[usize::from((d + k) % 8)] = n.square[usize::from(d)];
    }
    r.attack_dir = (n.attack_dir + k) % 8;
    r
}

/// Reflection in the north-south axis: W<->E, NW<->NE, SW<->SE.
fn mirror(n: &flank_neighbourhood) -> flank_neighbourhood {
    let m = |d: u8| (12 - d) % 8;
    let mut r = *n;
    for d in 0..8u8 {
        r.square[usize::from(m(d))] = n.square[usize::from(d)];
    }
    r.attack_dir = m(n.attack_dir);
    r
}

#[test]
fn rotation_and_mirroring_leave_the_score_unchanged() {
    // mirror maps 0 W <-> 4 E, 1 NW <-> 3 NE, 2 N, 6 S, 5 SE <-> 7 SW
    let m = |d: u8| (12 - d) % 8;
    assert_eq!(
        (0..8).map(m).collect::<Vec<_>>(),
        vec![4, 3, 2, 1, 0, 7, 6, 5]
    );
    for n in random_hoods(20_000) {
        let s = score(&n);
        let e = Neighbourhood::new(n).unwrap().explain();
        for k in 1..8 {
            let r = rotate(&n, k);
            assert_eq!(score(&r), s, "{n:?} rotated by {k}");
            let er = Neighbourhood::new(r).unwrap().explain();
            assert_eq!(er.arc, e.arc);
            assert_eq!(er.threats, e.threats.rotate_left(u32::from(k)));
            if e.arc > 0 {
                assert_eq!(er.arc_start, (e.arc_start + k) % 8);
            }
        }
        assert_eq!(score(&mirror(&n)), s, "{n:?} mirrored");
    }
}

#[test]
fn the_tables_match_a_direct_arc_for_every_mask() {
    // Every threat mask that can occur (attack bit set) gives 2*(7-arc).
    for attack in 0..8u8 {
        for threats in 0..=255u8 {
            let mut sq = [0u16; 8];
            for (d, s) in sq.iter_mut().enumerate() {
                if threats & (1 << d) != 0 {
                    *s = HOSTILE;
                }
            }
            let got = score(&hood(sq, FLANK_DEF_HERO as u8, attack));
            assert_eq!(
                got,
                i32::from(model::score(&sq, FLANK_DEF_HERO as u8, attack))
            );
            assert!((0..=FLANK_MAX_HALF_POINTS as i32).contains(&got));
        }
    }
}

#[test]
fn maximum_is_eighteen_half_points() {
    // Surrounded by hostile xorns standing in the walls.
    let sq = [HOSTILE | BLOCKED; 8];
    assert_eq!(score(&hood(sq, FLANK_DEF_HERO as u8, 2)), 18);
    assert_eq!(FLANK_MAX_HALF_POINTS, 18);
}
