//! `flank-testkit`: test support for the flanking engine, in no production
//! artifact (neither the game nor `librust_flanking.a` depends on it).
//!
//! * [`model`]: a second, deliberately plain implementation of the rules
//!   that the tests compare the fast one against;
//! * [`gen`]: random valid fixtures, for the layer-agreement property test
//!   and `flank gen`;
//! * [`ModelOracle`]: a fixture's attack as the model scores it;
//! * the `flank` tool (`flank check`, `flank explain`, `flank gen`).
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod gen;
pub mod model;

use flank_harness::fixture::Fixture;
use flank_rules::facing::{Combine, RULES};

/// A fixture's attack as the plain model sees it: what the layers compare
/// the engine's result with.
pub trait ModelOracle {
    /// The model's outcome for the attack ([`model::facing_eval`]),
    /// `None` without facing.
    fn model_facing(&self) -> Option<model::FacingOutcome>;
    /// The model's score of the attack, threats from range counted when the
    /// fixture has `ranged: on`.
    fn model_score(&self) -> u8;
}

impl ModelOracle for Fixture {
    fn model_facing(&self) -> Option<model::FacingOutcome> {
        let spec = self.facing.as_ref()?;
        let raw = self.to_raw();
        let c = self.creatures_input();
        Some(model::facing_eval(
            &raw.square,
            raw.defender,
            raw.attack_dir,
            spec.facing,
            self.attack_facts().bits(),
            spec.rules.id(),
            range_threats(self),
            &model::Peer {
                state: c.state,
                level: c.attacker_level,
                attacker: c.attacker,
            },
        ))
    }

    fn model_score(&self) -> u8 {
        let raw = self.to_raw();
        model::score_with_range(
            &raw.square,
            raw.defender,
            raw.attack_dir,
            range_threats(self),
        )
    }
}

/// The model's threats from range (none without `ranged: on`).
fn range_threats(f: &Fixture) -> [bool; 8] {
    if !f.ranged {
        return [false; 8];
    }
    let raw = f.to_raw();
    model::range_threats(&raw.square, raw.defender, &f.ranged_lines())
}

/// The players' table of the rule sets (README.md's), from each row's
/// guide words: a line per row, then the combinations.
pub fn rules_markdown() -> String {
    let mut out = String::from(
        "| `FLANKING_RULES=` | from the flank | from the rear | also |\n|---|---|---|---|\n",
    );
    for (i, r) in RULES.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        let g = r.guide;
        out.push_str(&format!(
            "| `{}`{default} | {} | {} | {} |\n",
            r.name, g.flank, g.rear, g.also
        ));
    }
    let combined: Vec<String> = RULES
        .iter()
        .filter_map(|r| match r.combine {
            Combine::AddsArc(name) => Some(format!("`{name}`")),
            _ => None,
        })
        .collect();
    out.push('\n');
    out.push_str(&format!(
        "{} add arc flanking to those.",
        combined.join(" and ")
    ));
    out
}
