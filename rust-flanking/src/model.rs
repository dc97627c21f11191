//! A second implementation of the rules, written to be obviously right rather
//! than fast: no tables, no masks, no bit tricks beyond reading one flag. The
//! tests compare [`crate::rules`] (and the C ABI) against it exhaustively.

use crate::sys;

fn has(square: u16, flag: u32) -> bool {
    u32::from(square) & flag != 0
}

fn def_has(defender: u8, flag: u32) -> bool {
    u32::from(defender) & flag != 0
}

/// Whether a square is well formed (no unknown bit, no contradiction).
pub fn square_ok(square: u16) -> bool {
    if u32::from(square) & !sys::FLANK_SQ_ALL != 0 {
        return false;
    }
    let creature_flags = [
        sys::FLANK_SQ_HERO,
        sys::FLANK_SQ_PEACEFUL,
        sys::FLANK_SQ_TAME,
        sys::FLANK_SQ_UNWILLING,
        sys::FLANK_SQ_HELPLESS,
        sys::FLANK_SQ_TRAPPED,
        sys::FLANK_SQ_FLEEING,
        sys::FLANK_SQ_NOATTACK,
        sys::FLANK_SQ_TAIL,
    ];
    if !has(square, sys::FLANK_SQ_CREATURE) {
        for flag in creature_flags {
            if has(square, flag) {
                return false;
            }
        }
    }
    let mut relations = 0;
    if has(square, sys::FLANK_SQ_HERO) {
        relations += 1;
    }
    if has(square, sys::FLANK_SQ_PEACEFUL) {
        relations += 1;
    }
    if has(square, sys::FLANK_SQ_TAME) {
        relations += 1;
    }
    if relations > 1 {
        return false;
    }
    if has(square, sys::FLANK_SQ_UNWILLING) && !has(square, sys::FLANK_SQ_TAME) {
        return false;
    }
    true
}

/// Whether the creature on a well-formed square threatens the defender
/// (design/FLANKING.md, "Threats"), the attack direction aside.
pub fn threatens(square: u16, defender: u8) -> bool {
    if !has(square, sys::FLANK_SQ_CREATURE) {
        return false;
    }
    // Eligible: able and willing to fight right now.
    if has(square, sys::FLANK_SQ_HELPLESS)
        || has(square, sys::FLANK_SQ_TRAPPED)
        || has(square, sys::FLANK_SQ_FLEEING)
        || has(square, sys::FLANK_SQ_NOATTACK)
        || has(square, sys::FLANK_SQ_TAIL)
    {
        return false;
    }
    let is_hero = has(square, sys::FLANK_SQ_HERO);
    let peaceful = has(square, sys::FLANK_SQ_PEACEFUL);
    let tame = has(square, sys::FLANK_SQ_TAME);
    let willing_pet = tame && !has(square, sys::FLANK_SQ_UNWILLING);
    let hostile_monster = !is_hero && !peaceful && !tame;

    if def_has(defender, sys::FLANK_DEF_HERO) {
        if def_has(defender, sys::FLANK_DEF_CONFLICT) {
            !is_hero
        } else {
            hostile_monster
        }
    } else if def_has(defender, sys::FLANK_DEF_TAME) {
        hostile_monster
    } else if def_has(defender, sys::FLANK_DEF_PEACEFUL) {
        willing_pet
    } else {
        is_hero || willing_pet
    }
}

/// The score in half points of a well-formed neighbourhood.
pub fn score(square: &[u16; 8], defender: u8, attack_dir: u8) -> u8 {
    let attack = usize::from(attack_dir);
    let mut threat = [false; 8];
    for d in 0..8 {
        threat[d] = d == attack || threatens(square[d], defender);
    }
    // The longest circular run of directions without a threat.
    let mut arc = 0;
    for start in 0..8 {
        let mut len = 0;
        while len < 8 && !threat[(start + len) % 8] {
            len += 1;
        }
        if len > arc {
            arc = len;
        }
    }
    let mut half = 2 * (7 - arc as u8);
    let behind = (attack + 4) % 8;
    if has(square[behind], sys::FLANK_SQ_BLOCKED) {
        half += 2;
        for side in [(behind + 7) % 8, (behind + 1) % 8] {
            if has(square[side], sys::FLANK_SQ_BLOCKED) || has(square[side], sys::FLANK_SQ_CREATURE)
            {
                half += 1;
            }
        }
    }
    half
}
