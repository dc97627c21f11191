//! The field's rule sets in the real game, end to end in tmux as a player
//! would, under sysconf `FLANKING_RULES=nerfhack` (and `splicehack`,
//! `hackem`) in wizard mode: `v` names the rule set; two jackals on
//! opposite sides of the hero flank it (NerfHack's "sandwich"), which the
//! status line (`Flanked`), `;` and `#flanking` say before any blow, with
//! the rule set's own line and no facings (the rule reads none); `^X`
//! names no facing.
//!
//! The scene (`tests/scenes/field-sandwich.arena`, played with a fixed
//! seed) puts the jackals west and east of the hero; nothing the test
//! does takes time, so none has moved or bitten yet. The hero is level 1
//! and the jackals level 0: NerfHack's least bonus, 4; SpliceHack's flat
//! 4; Hack'EM's (0 - 4) / 2 + 4 = 2.

mod common;

use common::{at, key, map_rows, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn two_jackals_across_the_hero_flank_it_under_nerfhack() {
    // in any case, as NetHack reads its option values: `v` says "nerfhack"
    sandwich("NerfHack", "nerfhack", 4);
}

#[test]
fn two_jackals_across_the_hero_flank_it_under_splicehack_and_hackem() {
    sandwich("splicehack", "splicehack", 4);
    sandwich("HackEM", "hackem", 2);
}

/// The scene under sysconf `FLANKING_RULES=written`, whose canonical name
/// is `rules`: two level 0 jackals across the hero give `bonus`.
fn sandwich(written: &str, rules: &str, bonus: u8) {
    let scratch = Scratch::new(&format!("e2e-field-{rules}"));
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", written);
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:fielder,!legacy,!news,!splash_screen,!autopickup,time\n",
    )
    .unwrap();
    let scene = Scene::new("field-sandwich");
    let (t, s, (hx, hy)) = Tmux::play_scene(
        &format!("e2efld{}", &rules[..3]),
        &scene,
        Path::new(GAME),
        &pg,
        &rc,
    );
    let (dx, dy) = scene.steps_to('j')[1];
    assert_eq!(scene.steps_to('j'), vec![(-dx, -dy), (dx, dy)]);
    for (x, y) in [(hx + dx, hy + dy), (hx - dx, hy - dy)] {
        assert_eq!(
            at(&map_rows(&s), x, y),
            'd',
            "no jackal at ({x}, {y}):\n{s}"
        );
    }

    // `v` names the rule set.
    t.keys(&["v"]);
    t.wait_message(&format!("FLANKING_RULES={rules}."));
    let s = t.settle();
    let status: String = s.lines().rev().take(2).collect::<Vec<_>>().join("\n");
    assert!(
        status.contains("Flanked"),
        "two jackals across the hero and no Flanked:\n{s}"
    );

    // `;` on one of them: the rule set's bonus at level 0.
    t.keys(&["\\;"]);
    t.wait_for("Pick an object.");
    t.keys(&[key(dx, dy), "."]);
    let s = t.wait_for("jackal, flanks you: +");
    let line = s.lines().next().unwrap();
    assert!(
        line.contains(&format!("flanks you: +{bonus})")),
        "farlook's line: {line:?}"
    );
    t.settle();

    // #flanking around the hero: the rule set, the rule's own line for
    // each jackal, and no facings.
    t.ask_flanking(&[]);
    let shown = t.flanking_window();
    assert!(
        shown.contains(&format!("FLANKING_RULES={rules}")),
        "{shown}"
    );
    assert!(
        shown.contains(&format!(
            "Under {rules}: +{bonus} to hit (+{bonus} foe opposite)."
        )),
        "#flanking should give {rules}'s bonus:\n{shown}"
    );
    assert!(
        !shown.contains(" face ") && !shown.contains(" faces "),
        "a rule set without facing shows no facings:\n{shown}"
    );
    t.keys(&["Escape"]);
    t.settle();

    // ^X: no facing under a rule set that reads none, on any of its
    // pages (its window is a menu of pages; `>` turns to the next).
    let pages = t.attribute_pages();
    let seen = pages.concat();
    assert!(
        seen.contains("Current Status") && pages.len() >= 2,
        "^X's pages were not all read:\n{seen}"
    );
    assert!(!seen.contains("You are facing"), "{seen}");
}
