//! What flanking changed of one blow: the game's record counts a blow
//! (the xlogfile's `flanktaken=`, `flankdealt=`, `flankkill=`) when its
//! answer is not empty.
//!
//! A blow is one roll that hit. Flanking changed it when the roll got
//! to-hit points (the arc's, a zone's, a shield that did not count), or
//! when the evaluation changed its damage: a zone's percent other than 100
//! or a flat part (`tactics`' flank and rear, `opposite`'s +2 from behind),
//! the shield's frontal cut (`tactics`: the defender's shield took 20% off,
//! which is in the percent), or a Rogue's backstab from the rear (`dnd`).
//! A defender turning (`opposite`) or not noticing (`dnd`) changes the
//! defender, not the blow. The points are the integer the game's roll added
//! (the half points scaled by `FLANKING`, plus a shield's AC), so that a
//! zone's half point that rounds to no point changes no to-hit.

use crate::facing::bits;
use crate::sys::{self, flank_facing_result};

/// Its to-hit: the roll got points.
pub const HIT: u8 = sys::FLANK_BLOW_HIT as u8;
/// Its damage: a percent other than 100 or a flat part.
pub const DAMAGE: u8 = sys::FLANK_BLOW_DAMAGE as u8;
/// Of its damage, the shield's frontal cut (`tactics`).
pub const SHIELD: u8 = sys::FLANK_BLOW_SHIELD as u8;
/// A Rogue's backstab from the rear (`dnd`).
pub const BACKSTAB: u8 = sys::FLANK_BLOW_BACKSTAB as u8;

/// What flanking changed of a blow whose roll added `points` to-hit points
/// and whose evaluation is `r` (`None`: no zone, as under `proposal` or
/// for a roll flanking had no say in): [`HIT`], [`DAMAGE`], [`SHIELD`],
/// [`BACKSTAB`], or 0 when it changed nothing. Reads only `r`'s
/// `damage_percent`, `damage_flat` and `bits`.
pub fn changes(points: i32, r: Option<&flank_facing_result>) -> u8 {
    let mut out = 0;
    if points > 0 {
        out |= HIT;
    }
    if let Some(r) = r {
        if r.damage_percent != 100 || r.damage_flat != 0 {
            out |= DAMAGE;
        }
        if r.bits & bits::SHIELD_DAMAGE != 0 {
            out |= DAMAGE | SHIELD;
        }
        if r.bits & bits::BACKSTAB != 0 {
            out |= BACKSTAB;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(percent: u16, flat: i16, bits: u16) -> flank_facing_result {
        flank_facing_result {
            hit_half_points: 0,
            arc_half_points: 0,
            zone_half_points: 0,
            zone: 0,
            damage_percent: percent,
            damage_flat: flat,
            bits,
            shield_counts: 1,
            rules: 0,
        }
    }

    #[test]
    fn points_alone_change_the_to_hit() {
        assert_eq!(changes(1, None), HIT);
        assert_eq!(changes(0, None), 0);
        assert_eq!(changes(-3, None), 0);
        assert_eq!(changes(2, Some(&result(100, 0, 0))), HIT);
    }

    #[test]
    fn a_zone_that_changes_damage_changes_the_blow() {
        assert_eq!(changes(0, Some(&result(125, 0, 0))), DAMAGE);
        assert_eq!(changes(0, Some(&result(150, 0, 0))), DAMAGE);
        assert_eq!(
            changes(2, Some(&result(100, 2, bits::BEHIND))),
            HIT | DAMAGE
        );
        assert_eq!(
            changes(0, Some(&result(80, 0, bits::SHIELD_DAMAGE))),
            DAMAGE | SHIELD
        );
        assert_eq!(
            changes(4, Some(&result(100, 0, bits::BACKSTAB))),
            HIT | BACKSTAB
        );
    }

    #[test]
    fn what_changes_the_defender_changes_no_blow() {
        for b in [
            bits::SIDE,
            bits::TURNS,
            bits::UNNOTICED,
            bits::FLANKED,
            bits::ARC,
        ] {
            assert_eq!(changes(0, Some(&result(100, 0, b))), 0, "bits {b:#x}");
        }
    }
}
