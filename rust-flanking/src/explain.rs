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
