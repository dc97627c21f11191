//! The field's rule sets in the real game, end to end in tmux as a player
//! would, under sysconf `FLANKING_RULES=nerfhack` in wizard mode: `v`
//! names the rule set; two jackals on opposite sides of the hero flank it
//! (NerfHack's "sandwich"), which the status line (`Flanked`), `;` and
//! `#flanking` say before any blow, with the rule set's own line and no
//! facings (the rule reads none); `^X` names no facing.
//!
//! The jackals are made with `^G`, which takes no time, so none has moved
//! or bitten yet; the hero is level 1 and the jackals level 0: NerfHack's
//! least bonus, 4.

mod common;

use common::{at, company_at, find, game_cmd, key, map_rows, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The four lines through the hero: a square and the one opposite it.
const ACROSS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

#[test]
fn two_jackals_across_the_hero_flank_it_under_nerfhack() {
    let scratch = Scratch::new("e2e-field");
    let pg = scratch.path().join("playground");
    // in any case, as NetHack reads its option values: `v` says "nerfhack"
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "NerfHack");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:fielder,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n",
    )
    .unwrap();
    let t = Tmux::start("e2efld", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();

    // `v` names the rule set.
    t.keys(&["v"]);
    t.wait_message("FLANKING_RULES=nerfhack.");
    t.settle();

    // A level where nothing stands next to the hero and two squares across
    // it from each other are bare floor (a hero against a wall will do:
    // the squares along it), then jackals next to it until two stand
    // across it: ^G puts each on a free square next to the hero, so once
    // every free one is taken, those two are. A landing in a room's corner
    // or beside a creature is passed over.
    t.wizard_spot(|rows, (hx, hy)| {
        let near = |dx: i32, dy: i32| at(rows, hx + dx, hy + dy);
        // floor, maybe with an object on it: no wall, door, rock, boulder,
        // water, fountain or corridor
        let free = |dx: i32, dy: i32| !" |-+#0`}{".contains(near(dx, dy));
        let room = ACROSS
            .iter()
            .any(|&(dx, dy)| free(dx, dy) && free(-dx, -dy));
        (!company_at(rows, (hx, hy)) && room).then_some(())
    });
    let mut across = None;
    for _ in 0..10 {
        t.wizard_create("jackal");
        let s = t.settle();
        let rows = map_rows(&s);
        let (hx, hy) = find(&rows, '@')[0];
        across = ACROSS.iter().copied().find(|&(dx, dy)| {
            at(&rows, hx + dx, hy + dy) == 'd' && at(&rows, hx - dx, hy - dy) == 'd'
        });
        if across.is_some() {
            break;
        }
    }
    let (dx, dy) =
        across.unwrap_or_else(|| panic!("ten jackals and no two across:\n{}", t.settle()));
    let s = t.settle();
    let status: String = s.lines().rev().take(2).collect::<Vec<_>>().join("\n");
    assert!(
        status.contains("Flanked"),
        "two jackals across the hero and no Flanked:\n{s}"
    );

    // `;` on one of them: NerfHack's least bonus.
    t.keys(&["\\;"]);
    t.wait_for("Pick an object.");
    t.keys(&[key(dx, dy), "."]);
    let s = t.wait_for("jackal, flanks you: +");
    let line = s.lines().next().unwrap();
    assert!(line.contains("flanks you: +4)"), "farlook's line: {line:?}");
    t.settle();

    // #flanking around the hero: the rule set, the rule's own line for
    // each jackal, and no facings.
    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    t.keys(&["."]);
    let shown = t.flanking_window();
    assert!(shown.contains("FLANKING_RULES=nerfhack"), "{shown}");
    assert!(
        shown.contains("Under nerfhack: +4 to hit (+4 foe opposite)."),
        "#flanking should give NerfHack's bonus:\n{shown}"
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
