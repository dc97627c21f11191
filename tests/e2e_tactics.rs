//! Monsters that flank, end to end in tmux as a player would (wizard mode,
//! sysconf defaults: `FLANKING_AI=1`): a jackal the hero steps away from
//! plans its step back in, and `#flanking` on it says what it planned.
//!
//! The scene (`tests/scenes/tactics-step-away.arena`, played with a fixed
//! seed) puts the jackal beside a level 30 Valkyrie (its bites cannot end
//! the test) in the open; she steps east, away from it, and waits if she
//! must. On its move the jackal, two squares from the hero it knows the
//! place of, steps next to her again: `m_move()` asks the planner, which
//! records its plan, and `#flanking` on the jackal shows "Plans (turn N):
//! ...". The jackal is the one creature on the level: whatever stands
//! next to her then is the jackal.
//! And a `FLANKING_AI` value other than 0 or 1 is NetHack's sysconf error,
//! naming the line.

mod common;

use common::{creature, find, key, map_rows, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn flanking_in_wizard_mode_says_what_a_monster_planned() {
    let scratch = Scratch::new("e2e-tactics");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_AI", "1");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:tactician,!legacy,!news,!splash_screen,!autopickup,time\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let scene = Scene::new("tactics-step-away");
    let (t, s, (hx, hy)) = Tmux::play_scene("e2et", &scene, Path::new(GAME), &pg, &rc);
    let (jx, jy) = scene.one('j');
    assert_eq!(
        common::at(&map_rows(&s), hx + jx, hy + jy),
        'd',
        "no jackal where the scene puts it:\n{s}"
    );

    // She steps east, away from it (`m` prefix: no fight, no pick-up): it
    // is two squares from her. Then she waits (`s`) until it stands next
    // to her again.
    let step = (hx + 1, hy);
    assert_eq!(scene.glyph((1, 0)), '.');
    t.keys(&["m", key(1, 0)]);
    let mut screen = t.sync();
    let mut jackal = None;
    for _ in 0..3 {
        let rows = map_rows(&screen);
        assert_eq!(
            find(&rows, '@'),
            vec![step],
            "the hero is not where she stepped:\n{screen}"
        );
        jackal = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .find(|&(dx, dy)| creature(common::at(&rows, step.0 + dx, step.1 + dy)));
        if jackal.is_some() {
            break;
        }
        t.keys(&["s"]);
        screen = t.sync();
    }
    let (dx, dy) = jackal.unwrap_or_else(|| panic!("the jackal did not follow:\n{screen}"));

    t.ask_flanking(&[key(dx, dy)]);
    let shown = t.flanking_window();
    assert!(
        shown.contains("Flanking around the jackal") && shown.contains("Plans (turn "),
        "#flanking should say what the jackal planned:\n{shown}"
    );
}

#[test]
fn a_bad_flanking_ai_value_is_a_sysconf_error_naming_its_line() {
    let (line, s) = common::sysconf_error("e2etb", "FLANKING_AI", "yes");
    assert!(
        s.contains(&format!(
            "Line {line}: Illegal value in FLANKING_AI (0 or 1)"
        )),
        "the error should name the line:\n{s}"
    );
}
