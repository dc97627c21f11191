//! Threats from range, end to end in tmux as a player would (wizard mode,
//! sysconf `FLANKING_RANGED=1`): an archer lined up with a monster, two
//! or three squares away, threatens it from range, and `#flanking` on the monster
//! says so.
//!
//! The archer is the hero: a Ranger, her arrows quivered from the start,
//! who wields her bow (`x`). The scene (`tests/scenes/ranged-mold.arena`,
//! played with a fixed seed) puts a brown mold three squares east of
//! her, in the open, with nothing between: it neither moves nor attacks,
//! so the situation stays as it was built, and `#flanking` on the mold
//! shows "Threat from range: you, 3 squares west (bow)." Scene monsters
//! are hostile, so she threatens it.
//!
//! And a `FLANKING_RANGED` value other than 0 or 1 is NetHack's sysconf
//! error, naming the line.

mod common;

use common::{at, key, map_rows, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The names #flanking gives directions, by step (dx, dy).
fn dir_name(dx: i32, dy: i32) -> &'static str {
    match (dx, dy) {
        (-1, 0) => "west",
        (-1, -1) => "northwest",
        (0, -1) => "north",
        (1, -1) => "northeast",
        (1, 0) => "east",
        (1, 1) => "southeast",
        (0, 1) => "south",
        (-1, 1) => "southwest",
        _ => panic!("no direction"),
    }
}

/// What `#flanking` shows around the mold under sysconf
/// `FLANKING_RANGED=ranged`, how far the hero stands from it, and the
/// unit step from the mold toward her.
fn shown(ranged: &str) -> (String, i32, (i32, i32)) {
    let scratch = Scratch::new(&format!("e2e-ranged-{ranged}"));
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RANGED", ranged);
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:archer,!legacy,!news,!splash_screen,!autopickup,time\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let scene = Scene::new("ranged-mold");
    let (t, s, (hx, hy)) =
        Tmux::play_scene(&format!("e2er{ranged}"), &scene, Path::new(GAME), &pg, &rc);
    let (fx, fy) = scene.one('F');
    assert_eq!(at(&map_rows(&s), hx + fx, hy + fy), 'F', "no mold:\n{s}");
    let k = fx.abs().max(fy.abs());
    let u = (-fx.signum(), -fy.signum());
    // A Ranger starts with her dagger wielded and her bow the alternate
    // weapon: `x` swaps them.
    t.keys(&["x"]);
    t.wait_message("bow (weapon in hand");
    t.settle();

    t.ask_flanking(&vec![key(-u.0, -u.1); k as usize]);
    (t.flanking_window(), k, u)
}

/// The mark #flanking's picture gives the square next to the defender in
/// direction `u`: `*` threat, `#` blocked, `.` open. The picture is three
/// rows under its header, each "  " + " c c c" + 7 spaces + " m m m".
fn picture_mark(shown: &str, u: (i32, i32)) -> Option<char> {
    let mut lines = shown.lines().skip_while(|l| !l.contains("Threat(*)"));
    let row = lines.nth(usize::try_from(u.1 + 2).ok()?)?;
    row.chars().nth(usize::try_from(16 + 2 * (u.0 + 1)).ok()?)
}

#[test]
fn flanking_shows_an_archer_lined_up_as_a_threat_from_range() {
    let (shown, k, u) = shown("1");
    let line = format!(
        "Threat from range: you, {k} squares {} (bow).",
        dir_name(u.0, u.1)
    );
    assert!(
        shown.contains("Flanking around the brown mold") && shown.contains(&line),
        "#flanking on the mold should show {line:?}:\n{shown}"
    );
    assert_eq!(
        picture_mark(&shown, u),
        Some('*'),
        "the picture should mark the direction threatened from range:\n{shown}"
    );
}

#[test]
fn without_flanking_ranged_flanking_shows_no_threat_from_range() {
    let (shown, _, u) = shown("0");
    assert!(
        shown.contains("Flanking around the brown mold") && !shown.contains("from range"),
        "#flanking should say nothing of range with FLANKING_RANGED=0:\n{shown}"
    );
    assert_eq!(
        picture_mark(&shown, u),
        Some('.'),
        "the picture should show the square toward the hero open:\n{shown}"
    );
}

#[test]
fn a_bad_flanking_ranged_value_is_a_sysconf_error_naming_its_line() {
    let (line, s) = common::sysconf_error("e2erb", "FLANKING_RANGED", "yes");
    assert!(
        s.contains(&format!(
            "Line {line}: Illegal value in FLANKING_RANGED (0 or 1)"
        )),
        "the error should name the line:\n{s}"
    );
}
