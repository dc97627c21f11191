//! Facing in the real game, end to end in tmux as a player would, under
//! sysconf `FLANKING_RULES=dnd` (D&D combat facing) in wizard mode: a
//! Rogue strikes a sleeping jackal from its rear and the game says so,
//! `#flanking` shows the rule set, the facings and the jackal's rear, and
//! `^X` says which way the hero faces.
//!
//! The scene (`tests/scenes/facing-dead-end.arena`, played with a fixed
//! seed) puts a level 30 Rogue at the end of a dead end one square wide:
//! the only square next to her is south of her, so `^G sleeping jackal`
//! makes the jackal there, asleep. It has never moved, so it faces south,
//! the documented default, and she stands north of it: its rear. She
//! wields a blessed +5 short sword, so the blow cannot miss and always
//! counts as a weapon hit: the backstab's message is then certain, not a
//! roll of the dice.
//!
//! And a rule set sysconf does not know is NetHack's sysconf error, naming
//! the line.

mod common;

use common::{at, find, key, map_rows, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn a_rogue_strikes_a_sleeping_jackal_from_behind_under_dnd() {
    let scratch = Scratch::new("e2e-facing");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "dnd");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:facer,!legacy,!news,!splash_screen,!autopickup,time\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let scene = Scene::new("facing-dead-end");
    let (t, _, (hx, hy)) = Tmux::play_scene("e2ef", &scene, Path::new(GAME), &pg, &rc);

    // `v` names the rule set.
    t.keys(&["v"]);
    t.wait_message("FLANKING_RULES=dnd.");
    t.settle();

    // A blade that always counts as a weapon, for a hero who cannot miss.
    t.keys(&["C-w"]);
    t.wait_for("For what do you wish?");
    t.text("blessed +5 short sword");
    t.keys(&["Enter"]);
    let s = t.wait_for("short sword");
    let letter = s
        .lines()
        .find_map(|l| {
            // "g - a short sword." (its blessing and +5 are not known)
            let i = l.find(" - ")?;
            l[i..]
                .contains("short sword")
                .then(|| l[..i].chars().last())?
        })
        .unwrap_or_else(|| panic!("no wished-for sword:\n{s}"));
    t.settle();
    t.keys(&["w"]);
    t.wait_for("What do you want to wield?");
    t.text(&letter.to_string());
    t.settle();

    // The sleeping jackal, on the one square next to her: south.
    let south = (0, 1);
    assert_eq!(scene.glyph(south), '.');
    let free = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0) && scene.glyph(d) == '.')
        .count();
    assert_eq!(free, 1, "the scene leaves one square next to the hero");
    t.wizard_create("sleeping jackal");
    let s = t.sync();
    let rows = map_rows(&s);
    let (jx, jy) = (hx + south.0, hy + south.1);
    assert_eq!(find(&rows, '@'), vec![(hx, hy)], "the hero moved:\n{s}");
    assert_eq!(at(&rows, jx, jy), 'd', "no jackal south of the hero:\n{s}");
    let target = (hx, hy);

    // #flanking around the jackal: the rule set, its facing, its rear.
    t.ask_flanking(&[key(jx - target.0, jy - target.1)]);
    let shown = t.flanking_window();
    assert!(shown.contains("FLANKING_RULES=dnd"), "{shown}");
    assert!(shown.contains("The jackal faces south."), "{shown}");
    assert!(
        shown.contains("Its rear: +4 to hit (+4 rear)"),
        "#flanking should put the hero in the jackal's rear:\n{shown}"
    );
    t.keys(&["Escape"]);
    t.settle();

    // ^X says which way the hero faces, the way #flanking's line for the
    // hero said it ("  You, north of it, face east.").
    let name = shown
        .lines()
        .find_map(|l| {
            let l = l.trim_start();
            l.starts_with("You, ")
                .then(|| l.rsplit("face ").next())?
                .map(|w| w.trim_end().trim_end_matches('.').to_string())
        })
        .unwrap_or_else(|| panic!("#flanking names no facing of the hero:\n{shown}"));
    let seen = t.attribute_pages().concat();
    assert!(
        seen.contains(&format!("You are facing {name}.")),
        "^X should say the hero faces {name}:\n{seen}"
    );

    // The blow, from the rear: a Rogue's backstab.
    t.keys(&["F", key(jx - target.0, jy - target.1)]);
    let seen = t.wait_message("from behind!");
    assert!(
        seen.contains("You strike the jackal from behind!"),
        "no backstab message:\n{seen}"
    );
}

#[test]
fn an_unknown_rule_set_is_a_sysconf_error_naming_its_line() {
    // `dnd` supersedes arc flanking: proposal+dnd is no rule set.
    let (line, s) = common::sysconf_error("e2efb", "FLANKING_RULES", "proposal+dnd");
    assert!(
        s.contains(&format!("Line {line}: Unknown rule set in FLANKING_RULES"))
            && s.contains("proposal+tactics"),
        "the error should name the line and the rule sets:\n{s}"
    );
    // The long line is broken between words, not where the terminal ends:
    // every rule set's name stands whole on one line.
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'))
        .collect();
    for r in common::rule_sets() {
        assert!(words.contains(&r), "{r} is cut or missing:\n{s}");
    }
}

/// A name long enough that its line in `#flanking` does not fit in 80
/// columns (a kitten named so in the options, next to the hero from the
/// start) is broken at a space, and the rest stands under it, indented:
/// nothing is cut off at the screen's edge, as tty does to a text window's
/// long lines.
#[test]
fn a_long_name_in_flanking_wraps_under_its_own_line() {
    const NAME: &str = "Bartholomew Fitzgerald Longname the Third of Lichenshire";
    let scratch = Scratch::new("e2e-facing-name");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "dnd");
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:namer,!legacy,!news,!splash_screen,!autopickup,time\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    // The kitten beside her (tests/scenes/facing-kitten.arena), named
    // with `C` as a player names a pet.
    let scene = Scene::new("facing-kitten");
    let (t, s, (hx, hy)) = Tmux::play_scene("e2efn", &scene, Path::new(GAME), &pg, &rc);
    let (kx, ky) = scene.one('k');
    assert_eq!(at(&map_rows(&s), hx + kx, hy + ky), 'f', "no kitten:\n{s}");
    t.keys(&["C"]);
    t.wait_for("What do you want to name?");
    t.keys(&["m"]);
    t.keys(&[key(kx, ky), "."]);
    t.wait_for("What do you want to call the kitten?");
    t.text(NAME);
    t.keys(&["Enter"]);
    t.settle();

    t.ask_flanking(&[]);
    let shown = t.flanking_window();
    let lines: Vec<&str> = shown.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("  Bartholomew"))
        .unwrap_or_else(|| panic!("no line for the kitten:\n{shown}"));
    let (first, next) = (lines[at].trim_end(), lines[at + 1]);
    assert!(first.len() <= 79, "a line wider than 79 columns: {first:?}");
    assert!(
        next.starts_with("      ") && !next.trim().is_empty(),
        "the rest of the kitten's line is not indented under it:\n{shown}"
    );
    let joined = format!("{} {}", first.trim(), next.trim());
    assert!(
        joined.starts_with(&format!("{NAME}, ")) && joined.contains(" of you, faces "),
        "the kitten's line, whole: {joined:?}\n{shown}"
    );
}
