//! The score in words, phrased as the proposal (NetHackWiki
//! FlankingProposal) phrases its own examples.

use crate::rules::dir_name;
use crate::sys::flank_detail;

/// Formats half points as the proposal writes a bonus: `0`, `1.5`, `6`.
pub fn format_half_points(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

/// Describes the largest arc with no threat, e.g. `south clockwise to
/// northwest`, `an "arc" consisting only of southwest`, or `there is no
/// direction with no threat`.
pub fn arc_words(detail: &flank_detail) -> String {
    match detail.arc {
        0 => "there is no direction with no threat".to_string(),
        1 => format!(
            "an \"arc\" consisting only of {}",
            dir_name(detail.arc_start)
        ),
        n => format!(
            "{} clockwise to {}",
            dir_name(detail.arc_start),
            dir_name((detail.arc_start + n - 1) % 8)
        ),
    }
}

/// The whole explanation, e.g. "The largest arc with no threat is 4 (south
/// clockwise to northwest). The space behind the defender is not a trap or
/// terrain, so it does not get any extra bonus. Flanking bonus = (7 - 4) + 0
/// + 0/2 = 3."
pub fn explain_words(detail: &flank_detail) -> String {
    let mut s = format!(
        "The largest arc with no threat is {} ({})",
        detail.arc,
        arc_words(detail)
    );
    if detail.behind_blocked != 0 {
        s.push_str(", and the space behind the defender is blocked, ");
        s.push_str(match detail.beside {
            2 => "and both of the spaces on either side of it are also blocked.",
            1 => "and one of the spaces on either side of it is also blocked.",
            _ => "but neither of the spaces on either side of it is blocked.",
        });
    } else {
        s.push_str(
            ". The space behind the defender is not a trap or terrain, so it does not get any extra bonus.",
        );
    }
    s.push_str(&format!(
        " Flanking bonus = (7 - {}) + {} + {}/2 = {}.",
        detail.arc,
        detail.behind_blocked,
        detail.beside,
        format_half_points(u32::from(detail.half_points))
    ));
    s
}

/// The zone and the rule set's effects of one attack, in the seeds' own
/// words (each quotation is the seed's; the numbers are the result's).
pub fn facing_words(
    input: &crate::facing::FacingInput,
    r: &crate::sys::flank_facing_result,
) -> String {
    use crate::facing::{bits, facing_name, turn_distance, Flow, Zone};
    let a = input.hood().attack_dir();
    let f = input.facing();
    let rules = input.rules();
    let zone = Zone::from_code(r.zone).unwrap_or(Zone::Front);
    let mut s = format!("Rule set `{}`. ", rules.name());
    if !rules.row().facing && !rules.uses_arc() {
        s.push_str("It has no zones: the defender's facing counts for nothing.");
    } else if f >= 8 {
        s.push_str(&format!(
            "The defender is faceless: \"they can't be flanked or attacked from the rear because they don't have flanks or rears\", so the attack from the {} is a front attack.",
            dir_name(a)
        ));
    } else {
        s.push_str(&format!(
            "The defender faces {}; the attacker is {} of it, {} of 4 steps from its facing: the {} (\"to determine what region an attacker is in, we find the facing which would be towards it, subtract the player's facing modulo 8, and take the absolute value; if the result is <= 1, it is a frontal attack; else if <=2, flank attack; else <=4, rear\").",
            facing_name(f),
            dir_name(a),
            turn_distance(a, f),
            zone.word()
        ));
    }
    let quote = |s: &mut String, q: &str| {
        s.push(' ');
        s.push_str(q);
    };
    // Every sentence below is the rule set's row's (facing::RULES): the
    // seeds' words, and the row's numbers where a zone's words say {hit}.
    let row = rules.row();
    let z = usize::from(zone.code());
    if !row.words.preface.is_empty() {
        quote(&mut s, row.words.preface);
    }
    match row.flow {
        Flow::EveryAttack => {
            let hit = format!("+{}", format_half_points(row.hit[z].into()));
            quote(&mut s, &row.words.zone[z].replace("{hit}", &hit));
        }
        Flow::AllyOppositeFirst { words, .. } => {
            quote(
                &mut s,
                if r.bits & bits::FLANKED != 0 {
                    words.flanked
                } else if r.bits & bits::BEHIND != 0 {
                    words.behind
                } else if r.bits & bits::SIDE != 0 {
                    words.side
                } else if !input.facts().melee {
                    words.not_melee
                } else {
                    words.front
                },
            );
            if r.bits & bits::TURNS != 0 {
                quote(&mut s, words.turns);
            }
        }
        Flow::FoeOpposite { words, .. } => {
            use crate::facing::FoeOpposite as F;
            match input.foe_opposite(a, input.others(), input.facts()) {
                F::Flanked => {
                    quote(&mut s, words.flanked);
                    quote(&mut s, words.bonus);
                }
                F::NotMelee => quote(&mut s, words.not_melee),
                F::AttackerUnable => quote(&mut s, words.attacker),
                F::Alone => quote(&mut s, words.alone),
                F::Unable => quote(&mut s, words.unable),
                F::Elbereth => quote(&mut s, words.elbereth),
                F::Sides => quote(&mut s, words.sides),
                F::Blind => quote(&mut s, words.blind),
            }
        }
        Flow::Crowd { words, .. } => {
            quote(
                &mut s,
                if r.hit_half_points > 0 {
                    words.counted
                } else {
                    words.none
                },
            );
        }
    }
    if r.bits & bits::SHIELD_DAMAGE != 0 {
        quote(&mut s, row.words.shield_damage);
    }
    if r.bits & bits::BACKSTAB != 0 {
        quote(&mut s, row.words.backstab);
    }
    if r.bits & bits::UNNOTICED != 0 {
        quote(&mut s, row.words.unnoticed);
    }
    if input.facts().shield {
        quote(&mut s, row.words.shield);
        quote(
            &mut s,
            if r.shield_counts != 0 {
                "The shield counts."
            } else {
                "The shield does not count."
            },
        );
    }
    let hit = if r.bits & bits::ARC != 0 {
        format!(
            "arc score {} + {} = {}",
            format_half_points(r.arc_half_points.into()),
            format_half_points(r.zone_half_points.into()),
            format_half_points(r.hit_half_points.into())
        )
    } else {
        format!(
            "+{} (no arc score)",
            format_half_points(r.hit_half_points.into())
        )
    };
    s.push_str(&format!(
        " To hit: {hit}. Damage: {}.",
        damage_words(r.damage_percent, r.damage_flat)
    ));
    s
}

/// A damage change in words (`125%`, `100% +2`), as fixtures write it.
pub fn damage_words(percent: u16, flat: i16) -> String {
    if flat == 0 {
        format!("{percent}%")
    } else {
        format!("{percent}% {flat:+}")
    }
}

/// A damage multiplier as a player reads it: `1.5` for 150 percent,
/// `1.25`, `0.8`, `2`.
pub fn format_multiplier(percent: u16) -> String {
    let (whole, part) = (percent / 100, percent % 100);
    if part == 0 {
        format!("{whole}")
    } else if part % 10 == 0 {
        format!("{whole}.{}", part / 10)
    } else {
        format!("{whole}.{part:02}")
    }
}

/// What the zone of one attack does to its damage, as the game's farlook
/// says it beside a foe next to the hero (`flank_zone_look_words()`):
/// `x1.5 damage from your rear` when the hero is the defender,
/// `x1.25 damage to its flank` when the hero attacks, `+2 damage`, a
/// Rogue's `a backstab`, the shield's share (`(your shield)`); empty when
/// the zone changes nothing of the damage. `r` is what the rule set made
/// of the attack (`flank_facing_eval()`).
pub fn zone_look_words(r: &crate::sys::flank_facing_result, hero_defends: bool) -> String {
    use crate::facing::bits;
    const ZONES: [&str; 3] = ["front", "flank", "rear"];
    let mut parts = Vec::new();
    match (r.damage_percent != 100, r.damage_flat != 0) {
        (true, false) => parts.push(format!("x{} damage", format_multiplier(r.damage_percent))),
        (false, true) => parts.push(format!("{:+} damage", r.damage_flat)),
        (true, true) => parts.push(format!(
            "x{} and {:+} damage",
            format_multiplier(r.damage_percent),
            r.damage_flat
        )),
        (false, false) => {}
    }
    if !hero_defends && r.bits & bits::BACKSTAB != 0 {
        parts.push("a backstab".to_string());
    }
    if parts.is_empty() {
        return String::new();
    }
    let zone = ZONES.get(usize::from(r.zone)).copied().unwrap_or("front");
    let mut s = parts.join(", ");
    s.push_str(&if hero_defends {
        format!(" from your {zone}")
    } else {
        format!(" to its {zone}")
    });
    if r.bits & bits::SHIELD_DAMAGE != 0 {
        s.push_str(if hero_defends {
            " (your shield)"
        } else {
            " (its shield)"
        });
    }
    s
}

#[cfg(test)]
mod look_tests {
    use super::*;
    use crate::facing::bits;
    use crate::sys::flank_facing_result;

    fn result(zone: u8, percent: u16, flat: i16, b: u16) -> flank_facing_result {
        flank_facing_result {
            hit_half_points: 0,
            arc_half_points: 0,
            zone_half_points: 0,
            zone,
            damage_percent: percent,
            damage_flat: flat,
            bits: b,
            shield_counts: 1,
            rules: 0,
        }
    }

    #[test]
    fn multipliers_read_as_a_player_reads_them() {
        assert_eq!(format_multiplier(150), "1.5");
        assert_eq!(format_multiplier(125), "1.25");
        assert_eq!(format_multiplier(80), "0.8");
        assert_eq!(format_multiplier(200), "2");
        assert_eq!(format_multiplier(105), "1.05");
    }

    #[test]
    fn the_zone_in_the_farlook_s_words() {
        assert_eq!(
            zone_look_words(&result(2, 150, 0, 0), true),
            "x1.5 damage from your rear"
        );
        assert_eq!(
            zone_look_words(&result(1, 125, 0, 0), false),
            "x1.25 damage to its flank"
        );
        assert_eq!(
            zone_look_words(&result(2, 100, 2, bits::BEHIND), true),
            "+2 damage from your rear"
        );
        assert_eq!(
            zone_look_words(&result(2, 100, 0, bits::BACKSTAB), false),
            "a backstab to its rear"
        );
        // a backstab is the hero's alone
        assert_eq!(
            zone_look_words(&result(2, 100, 0, bits::BACKSTAB), true),
            ""
        );
        assert_eq!(
            zone_look_words(&result(0, 80, 0, bits::SHIELD_DAMAGE), true),
            "x0.8 damage from your front (your shield)"
        );
        assert_eq!(zone_look_words(&result(2, 100, 0, 0), true), "");
        assert_eq!(zone_look_words(&result(1, 100, 0, bits::SIDE), false), "");
    }
}
