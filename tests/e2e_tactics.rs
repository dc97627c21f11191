//! Monsters that flank, end to end in tmux as a player would (wizard mode,
//! sysconf defaults: `FLANKING_AI=1`): a jackal the hero steps away from
//! plans its step back in, and `#flanking` on it says what it planned.
//!
//! The jackal is made next to the hero (`^G jackal`); the hero, made level
//! 30 so that the jackal's bites do not end the test, steps to an open
//! square two squares from it, and waits if it must. On its move the
//! jackal, two squares from the
//! hero it knows the place of, steps next to it again: `m_move()` asks the
//! planner, which records its plan, and `#flanking` on the jackal shows
//! "Plans (turn N): ...".
//! And a `FLANKING_AI` value other than 0 or 1 is NetHack's sysconf error,
//! naming the line.

mod common;

use common::{at, find, game_cmd, key, map_rows, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// One game: the jackal's plan as `#flanking` shows it, or `Err` with why
/// the situation could not be set up (a level with no room to step away,
/// a jackal that did not follow): the caller plays another game then.
fn one_game(attempt: u32) -> Result<String, String> {
    let scratch = Scratch::new(&format!("e2e-tactics-{attempt}"));
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_AI", "1");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:tactician,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let t = Tmux::start(
        &format!("e2et{attempt}"),
        &game_cmd(Path::new(GAME), &pg, &rc, "-D"),
    );
    t.wait_for("Dlvl:1");
    t.settle();
    t.wizard_level(30);
    let before = map_rows(&t.settle());

    // One jackal next to the hero, and an open square two squares from it
    // that the hero can step to.
    t.wizard_create("jackal");
    let screen = t.settle();
    let rows = map_rows(&screen);
    let (hx, hy) = find(&rows, '@')[0];
    let (jx, jy) = find(&rows, 'd')
        .into_iter()
        .find(|&(x, y)| (x - hx).abs() <= 1 && (y - hy).abs() <= 1 && at(&before, x, y) != 'd')
        .ok_or_else(|| format!("no new jackal next to the hero:\n{screen}"))?;
    let step = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0))
        .map(|(dx, dy)| (hx + dx, hy + dy))
        .find(|&(x, y)| (x - jx).abs().max((y - jy).abs()) == 2 && at(&rows, x, y) == '.')
        .ok_or_else(|| format!("no open square away from the jackal:\n{screen}"))?;

    // The hero steps away (`m` prefix: no fight, no pick-up). A monster
    // made this turn has no movement yet: wait (`s`) until the jackal has
    // stepped next to the hero again.
    t.keys(&["m", key(step.0 - hx, step.1 - hy)]);
    let mut screen = t.settle();
    let next_to = |rows: &[Vec<char>]| {
        find(rows, 'd')
            .into_iter()
            .find(|&(x, y)| (x - step.0).abs() <= 1 && (y - step.1).abs() <= 1)
    };
    let mut jackal = None;
    for _ in 0..3 {
        let rows = map_rows(&screen);
        if find(&rows, '@').first().copied() != Some(step) {
            return Err(format!("the hero is not where it stepped:\n{screen}"));
        }
        jackal = next_to(&rows);
        if jackal.is_some() {
            break;
        }
        t.keys(&["s"]);
        screen = t.settle();
    }
    let (jx, jy) = jackal.ok_or_else(|| format!("the jackal did not follow:\n{screen}"))?;

    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    t.keys(&[key(jx - step.0, jy - step.1), "."]);
    Ok(t.flanking_window())
}

#[test]
fn flanking_in_wizard_mode_says_what_a_monster_planned() {
    let mut why = Vec::new();
    for attempt in 0..5 {
        match one_game(attempt) {
            Ok(shown) => {
                assert!(
                    shown.contains("Flanking around the jackal") && shown.contains("Plans (turn "),
                    "#flanking should say what the jackal planned:\n{shown}"
                );
                return;
            }
            Err(e) => why.push(e),
        }
    }
    panic!("five games, none could be set up:\n{}", why.join("\n"));
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
