//! What the player sees, end to end in tmux as a player would (80x24,
//! tty, wizard mode): `#flanking` shows only what the hero perceives. An
//! invisible stalker, a mimic that looks like an object and a snake hidden
//! under an object, next to the hero, are not drawn, named or counted in
//! the hero's view; wizard mode names them on lines of their own, labelled
//! as wizard knowledge.
//!
//! The hero is a Valkyrie (no see invisible) with no pet. `^G` takes no
//! time, so the stalker changes nothing the hero perceives: her view must
//! stay the same, line for line.

mod common;

use common::{at, find, game_cmd, key, map_rows, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The label of wizard mode's lines under the hero's view.
const WIZARD: &str = "Wizard mode, not in your view:";

/// `#flanking` on the hero: every page of its window (tty ends each with
/// `--More--`), joined, read until the window closes.
fn flanking_view(t: &Tmux) -> String {
    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    t.keys(&["."]);
    t.wait_for("Flanking around you");
    let mut all = String::new();
    while let Ok(page) = t.wait_until("--More--", false, 3) {
        all.push_str(&page);
        t.keys(&["Enter"]);
        // Until the page is gone: an Enter typed at a page still on the
        // screen would reach the game as a command (a move south).
        let start = std::time::Instant::now();
        while t.screen().as_deref() == Some(page.as_str())
            && start.elapsed() < std::time::Duration::from_secs(5)
        {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
    assert!(all.contains("Flanking around you"), "no #flanking window");
    t.settle();
    all
}

/// Creates `what` with `^G` next to the hero.
fn create(t: &Tmux, what: &str) {
    t.wizard_create(what);
    t.settle();
}

/// The hero's part of a view (before wizard mode's lines, without the
/// pages' `--More--` and trailing blanks) and the wizard's.
fn split(view: &str) -> (String, &str) {
    let (hero, wizard) = view.split_once(WIZARD).unwrap_or((view, ""));
    let hero: Vec<&str> = hero
        .lines()
        .map(str::trim_end)
        .filter(|l| *l != "--More--")
        .collect();
    (hero.join("\n").trim_end().to_string(), wizard)
}

/// The viewer's options: a Valkyrie (no see invisible), no pet, vi-keys.
fn viewer_rc(dir: &Path) -> std::path::PathBuf {
    let rc = dir.join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:viewer,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    rc
}

#[test]
fn flanking_shows_the_hero_no_invisible_or_disguised_monster() {
    let scratch = Scratch::new("e2e-view");
    let pg = scratch.path().join("playground");
    let rc = viewer_rc(scratch.path());
    let t = Tmux::start("e2ev", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();

    // Before, and after an invisible stalker is made next to the hero
    // (^G takes no time: nothing else moves): the hero's view is the same,
    // line for line.
    let before = flanking_view(&t);
    create(&t, "stalker");
    let view = flanking_view(&t);
    let (hero, wizard) = split(&view);
    assert!(
        hero.contains("This is what you perceive"),
        "the hero's view says what it is:\n{view}"
    );
    assert_eq!(
        hero,
        split(&before).0,
        "the invisible stalker changed the hero's view"
    );
    for leak in ["stalker", "faceless"] {
        assert!(
            !hero.contains(leak),
            "the hero's view shows {leak:?}, which the hero cannot know:\n{view}"
        );
    }
    assert!(
        wizard.contains("stalker (") && wizard.contains("invisible"),
        "wizard mode names the stalker on its own lines:\n{view}"
    );

    // A mimic that looks like an object, next to the hero as well.
    create(&t, "large mimic");
    let view = flanking_view(&t);
    let (hero, wizard) = split(&view);
    for leak in ["mimic", "stalker"] {
        assert!(
            !hero.contains(leak),
            "the hero's view shows {leak:?}, which the hero cannot know:\n{view}"
        );
    }
    assert!(
        wizard.contains("large mimic (") && wizard.contains("mimicking"),
        "wizard mode names the mimic on its own lines:\n{view}"
    );
}

/// Floor, the objects a snake may hide under, and wall (tty's symbols).
const FLOOR_OR_WALL: &str = ".%$)([!?/=*\"`|-";

#[test]
fn flanking_shows_the_hero_no_snake_hidden_under_an_object() {
    let scratch = Scratch::new("e2e-view-snake");
    let pg = scratch.path().join("playground");
    let rc = viewer_rc(scratch.path());
    let t = Tmux::start("e2evs", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();
    // Experienced, so that what wanders by does not end the test.
    t.wizard_level(14);
    let rock = t.wizard_wish("16 rocks", " rocks.");

    // A square near the hero whose neighbours are floor, objects or wall
    // (no door, no creature, no sink); the snake will be made on one of
    // those that are not wall, and each gets a rock on top. If the hero's
    // room has none (or is a shop), another level's.
    let around = |(x, y): (i32, i32)| {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .map(move |(dx, dy)| (x + dx, y + dy))
    };
    let (_, (centre, floor)) = t.wizard_spot(|rows, (hx, hy)| {
        let fits = |sq: (i32, i32)| {
            (sq == (hx, hy) || at(rows, sq.0, sq.1) == '.')
                && around(sq).all(|(x, y)| FLOOR_OR_WALL.contains(at(rows, x, y)))
        };
        let centre = (-6..=6)
            .flat_map(|dy| (-12..=12).map(move |dx| (hx + dx, hy + dy)))
            .filter(|&sq| fits(sq))
            .min_by_key(|&(x, y)| (x - hx).abs().max((y - hy).abs()))?;
        let floor: Vec<(i32, i32)> = around(centre)
            .filter(|&(x, y)| !"|-".contains(at(rows, x, y)))
            .collect();
        Some((centre, floor))
    });
    // a step at a time, straight or diagonal, over the room's floor (what
    // stands in the way is fought)
    let walk = |to: (i32, i32)| {
        for _ in 0..30 {
            let rows = map_rows(&t.settle());
            let (x, y) = find(&rows, '@')[0];
            if (x, y) == to {
                return;
            }
            t.keys(&[key((to.0 - x).signum(), (to.1 - y).signum())]);
        }
        panic!("the hero did not get to {to:?}:\n{}", t.settle());
    };
    walk(centre);

    // A rock dropped on each of those squares, again where something took
    // it away or stood on it.
    for _ in 0..3 {
        let rows = map_rows(&t.settle());
        let bare: Vec<(i32, i32)> = floor
            .iter()
            .copied()
            .filter(|&(x, y)| at(&rows, x, y) != '*')
            .collect();
        for sq in bare {
            walk(sq);
            t.keys(&["d"]);
            t.wait_for("What do you want to drop?");
            t.text("1");
            t.text(&rock);
            t.settle();
            walk(centre);
        }
    }
    let s = t.settle();
    let rows = map_rows(&s);
    assert!(
        floor.iter().all(|&(x, y)| at(&rows, x, y) == '*'),
        "a rock on each square around the hero but the walls:\n{s}"
    );

    // The snake, made hidden: it lands on one of the eight, under a rock.
    let before = flanking_view(&t);
    create(&t, "hidden snake");
    let s = t.settle();
    assert!(
        !map_rows(&s).iter().flatten().any(|&c| c == 'S'),
        "the snake is not hidden:\n{s}"
    );
    let view = flanking_view(&t);
    let (hero, wizard) = split(&view);
    assert_eq!(
        hero,
        split(&before).0,
        "the hidden snake changed the hero's view"
    );
    assert!(
        !hero.contains("snake"),
        "the hero's view names the hidden snake:\n{view}"
    );
    assert!(
        wizard.contains("snake (") && wizard.contains("hiding"),
        "wizard mode names the snake on its own lines:\n{view}"
    );
}
