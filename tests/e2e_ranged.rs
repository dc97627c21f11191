//! Threats from range, end to end in tmux as a player would (wizard mode,
//! sysconf `FLANKING_RANGED=1`): an archer lined up with a monster, two
//! or three squares away, threatens it from range, and `#flanking` on the monster
//! says so.
//!
//! The archer is the hero: a Ranger, her arrows quivered from the start,
//! who wields her bow (`x`). The monster is a brown mold (`^G brown
//! mold`), made next to her: it neither moves nor attacks, so the
//! situation stays as it was built. She takes one or two steps (`m` prefix: no fight, no
//! pick-up) to a square lined up with it two or three squares away, with
//! nothing between, and `#flanking` on the mold shows "Threat from range:
//! you, 3 squares <direction> (bow)." A chaotic hero, so that the mold
//! (unaligned) is hostile to her and she threatens it.
//!
//! And a `FLANKING_RANGED` value other than 0 or 1 is NetHack's sysconf
//! error, naming the line.

mod common;

use common::{at, find, game_cmd, key, map_rows, Scratch, Tmux};
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

/// One game: what `#flanking` shows around the mold, how far the hero
/// stands from it and in which direction, or `Err` with why the situation
/// could not be set up (no room to line up): the caller plays another
/// game then.
fn one_game(attempt: u32, ranged: &str) -> Result<(String, i32, (i32, i32)), String> {
    let scratch = Scratch::new(&format!("e2e-ranged-{ranged}-{attempt}"));
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RANGED", ranged);
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:archer,role:Ranger,race:human,gender:female,align:chaotic\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let t = Tmux::start(
        &format!("e2er{ranged}{attempt}"),
        &game_cmd(Path::new(GAME), &pg, &rc, "-D"),
    );
    t.wait_for("Dlvl:1");
    t.settle();
    // A Ranger starts with her dagger wielded and her bow the alternate
    // weapon: `x` swaps them.
    t.keys(&["x"]);
    t.wait_message("bow (weapon in hand");
    let before = map_rows(&t.settle());

    // A brown mold next to the hero, and a square lined up with it two or
    // three squares away that she can step to.
    t.wizard_create("brown mold");
    let screen = t.settle();
    let rows = map_rows(&screen);
    let (hx, hy) = find(&rows, '@')[0];
    let (fx, fy) = find(&rows, 'F')
        .into_iter()
        .find(|&(x, y)| (x - hx).abs() <= 1 && (y - hy).abs() <= 1 && at(&before, x, y) != 'F')
        .ok_or_else(|| format!("no new mold next to the hero:\n{screen}"))?;
    let (steps, k, (ux, uy)) = path_to_line(&rows, (hx, hy), (fx, fy))
        .ok_or_else(|| format!("no room to line up with the mold:\n{screen}"))?;
    let mut here = (hx, hy);
    for step in &steps {
        t.keys(&["m", key(step.0 - here.0, step.1 - here.1)]);
        t.settle();
        here = *step;
    }
    let screen = t.settle();
    let rows = map_rows(&screen);
    if find(&rows, '@').first().copied() != Some(here) {
        return Err(format!("the hero is not where she stepped:\n{screen}"));
    }
    // In a dark place she sees only what is next to her: the mold, two or
    // three squares away, is gone from her map, and #flanking would name
    // it "it". The test is about a mold she sees.
    if at(&rows, fx, fy) != 'F' {
        return Err(format!(
            "the mold is out of her sight (a dark place):\n{screen}"
        ));
    }

    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    for _ in 0..k {
        t.keys(&[key(-ux, -uy)]);
    }
    t.keys(&["."]);
    Ok((t.flanking_window(), k, (ux, uy)))
}

/// The mark #flanking's picture gives the square next to the defender in
/// direction `u`: `*` threat, `#` blocked, `.` open. The picture is three
/// rows under its header, each "  " + " c c c" + 7 spaces + " m m m".
fn picture_mark(shown: &str, u: (i32, i32)) -> Option<char> {
    let mut lines = shown.lines().skip_while(|l| !l.contains("Threat(*)"));
    let row = lines.nth(usize::try_from(u.1 + 2).ok()?)?;
    row.chars().nth(usize::try_from(16 + 2 * (u.0 + 1)).ok()?)
}

/// One or two steps for the hero from `hero`, over open floor, to a square
/// lined up with the mold on `mold`, 2 or 3 squares from it, with nothing
/// between them but floor, stairs or the square the hero leaves: the
/// steps, the distance, and the unit step from the mold toward the hero.
type LineUp = (Vec<(i32, i32)>, i32, (i32, i32));

fn path_to_line(rows: &[Vec<char>], hero: (i32, i32), mold: (i32, i32)) -> Option<LineUp> {
    let dirs: Vec<(i32, i32)> = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .collect();
    let open = |(x, y): (i32, i32)| (x, y) != mold && at(rows, x, y) == '.';
    let clear = |(x, y): (i32, i32)| (x, y) == hero || matches!(at(rows, x, y), '.' | '<' | '>');
    let lined = |p: (i32, i32)| {
        let (dx, dy) = (p.0 - mold.0, p.1 - mold.1);
        let k = dx.abs().max(dy.abs());
        let ok = (dx == 0 || dy == 0 || dx.abs() == dy.abs())
            && (2..=3).contains(&k)
            && (1..k).all(|i| clear((mold.0 + i * dx.signum(), mold.1 + i * dy.signum())));
        ok.then_some((k, (dx.signum(), dy.signum())))
    };
    let mut paths: Vec<Vec<(i32, i32)>> = Vec::new();
    for &(ax, ay) in &dirs {
        let s1 = (hero.0 + ax, hero.1 + ay);
        if !open(s1) {
            continue;
        }
        paths.push(vec![s1]);
        for &(bx, by) in &dirs {
            let s2 = (s1.0 + bx, s1.1 + by);
            if s2 != hero && open(s2) {
                paths.push(vec![s1, s2]);
            }
        }
    }
    paths.into_iter().find_map(|p| {
        let (k, u) = lined(*p.last().unwrap())?;
        Some((p, k, u))
    })
}

/// `one_game()` until one could be set up (five at most).
fn shown(ranged: &str) -> (String, i32, (i32, i32)) {
    let mut why = Vec::new();
    for attempt in 0..5 {
        match one_game(attempt, ranged) {
            Ok(shown) => return shown,
            Err(e) => why.push(e),
        }
    }
    panic!("five games, none could be set up:\n{}", why.join("\n"));
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
