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
    use crate::facing::{bits, facing_name, turn_distance, Base, Zone};
    let a = input.hood().attack_dir();
    let f = input.facing();
    let rules = input.rules();
    let zone = Zone::from_code(r.zone).unwrap_or(Zone::Front);
    let mut s = format!("Rule set `{}`. ", rules.name());
    if f >= 8 {
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
    match rules.base() {
        Base::Proposal => quote(
            &mut s,
            "The proposal's rule set: the zone changes nothing; the bonus is the arc score alone.",
        ),
        Base::Implicit => match zone {
            Zone::Front => quote(&mut s, "A front tile: no bonus."),
            Zone::Flank => quote(
                &mut s,
                "\"If the attacker is in a flank tile it receives a small (system-dependent) to-hit bonus\": +2.",
            ),
            Zone::Rear => quote(
                &mut s,
                "\"If it is in a rear tile it receives a substantial bonus\": +4.",
            ),
        },
        Base::Dnd => {
            quote(
                &mut s,
                "\"This variant supersedes the standard rules for flanking\": no arc score.",
            );
            match zone {
                Zone::Front => quote(&mut s, "From the front: no bonus."),
                Zone::Flank => quote(
                    &mut s,
                    "\"If you're attacking from a foe's flank area (or the squares beyond it, if you have a reach weapon or ranged weapon), you get a +2 bonus on the attack roll. You don't need anyone opposite you on the other side of your foe.\"",
                ),
                Zone::Rear => quote(
                    &mut s,
                    "\"If you're attacking from a foe's rear area (or the squares beyond it), you get a +4 bonus on the attack roll.\"",
                ),
            }
        }
        Base::Opposite => {
            if r.bits & bits::FLANKED != 0 {
                quote(&mut s, "\"Flanking is achieved when two allies attack an enemy from opposite sides\" (UC-001: \"Attack with ally on opposite side -> +2 attack bonus\"), and it is checked first: \"Ally on Opposite? -Yes-> Return: FLANKED (+2 attack)\".");
            } else if r.bits & bits::BEHIND != 0 {
                quote(&mut s, "UC-002 Backstab: \"Attack from behind target's facing -> +2 attack, +2 damage\".");
            } else if r.bits & bits::SIDE != 0 {
                quote(&mut s, "UC-003 Side Attack: \"Attack from side -> No bonus (noted)\".");
            } else if !input.facts().melee {
                quote(&mut s, "Not a melee attack: \"Adjacent? -No-> Return: No flanking (range too far)\".");
            } else {
                quote(&mut s, "UC-004 Front Attack: \"Attack from faced direction -> No bonus\".");
            }
            if r.bits & bits::TURNS != 0 {
                quote(&mut s, "\"Creatures auto-face toward attack target\": the defender turns to face its attacker.");
            }
        }
        Base::Tactics => {
            quote(
                &mut s,
                match zone {
                    Zone::Front => "\"Directly facing defender | 100% | Frontal\".",
                    Zone::Flank => "\"Side of defender | 125% | Flank\".",
                    Zone::Rear => "\"Behind defender | 150% | Backstab\".",
                },
            );
            if r.bits & bits::SHIELD_DAMAGE != 0 {
                quote(&mut s, "\"When attacked from the front (Frontal zone only), incoming damage is reduced by 20%\"; \"Shield reduction is applied after position multipliers but before floor rounding.\"");
            }
        }
    }
    if r.bits & bits::BACKSTAB != 0 {
        quote(&mut s, "\"A rogue can strike for sneak attack damage ... whenever she's attacking with a melee weapon from the foe's rear area\": a backstab.");
    }
    if r.bits & bits::UNNOTICED != 0 {
        quote(&mut s, "\"It's much easier to see what's going on in your front area, and much easier to sneak around behind someone's back\": the sleeping defender does not notice.");
    }
    if input.facts().shield {
        let rule = match rules.base() {
            Base::Implicit => "\"If an attacking melee monster is in a flank or rear tile, the player does not receive defensive benefits from a shield.\"",
            Base::Dnd => "\"The shield only adds to the character's AC against attacks coming from his front area and the flank area on the shield's side\" (the shield is on the defender's left).",
            _ => "The shield counts as NetHack counts it.",
        };
        quote(&mut s, rule);
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
        crate::fixture::damage_words(r.damage_percent, r.damage_flat)
    ));
    s
}
