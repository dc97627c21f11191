//! What the player sees, end to end in tmux as a player would (80x24,
//! tty, wizard mode): `#flanking` shows only what the hero perceives. An
//! invisible stalker and a mimic that looks like an object, next to the
//! hero, are not drawn, named or counted in the hero's view; wizard mode
//! names them on lines of their own, labelled as wizard knowledge.
//!
//! The hero is a Valkyrie (no see invisible) with no pet. `^G` takes no
//! time, so the stalker changes nothing the hero perceives: her view must
//! stay the same, line for line.

mod common;

use common::{game_cmd, Scratch, Tmux};
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
    t.keys(&["C-g"]);
    t.wait_for("Create what kind of monster?");
    t.text(what);
    t.keys(&["Enter"]);
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

#[test]
fn flanking_shows_the_hero_no_invisible_or_disguised_monster() {
    let scratch = Scratch::new("e2e-view");
    let pg = scratch.path().join("playground");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:viewer,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
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
