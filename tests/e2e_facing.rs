//! Facing in the real game, end to end in tmux as a player would, under
//! sysconf `FLANKING_RULES=dnd` (D&D combat facing) in wizard mode: a
//! Rogue strikes a sleeping jackal from its rear and the game says so,
//! `#flanking` shows the rule set, the facings and the jackal's rear, and
//! `^X` says which way the hero faces.
//!
//! The jackal is made asleep (`^G sleeping jackal`), so it has never moved
//! and faces south, the documented default; the hero teleports (`^T`, no
//! restrictions in wizard mode) onto a floor square north of it, its rear.
//! The hero is made level 30 and wields a blessed +5 short sword, so the
//! blow cannot miss and always counts as a weapon hit: the backstab's
//! message is then certain, not a roll of the dice.
//!
//! And a rule set sysconf does not know is NetHack's sysconf error, naming
//! the line.

mod common;

use common::{at, find, game_cmd, key, map_rows, Scratch, Tmux};
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
        "OPTIONS=name:facer,role:Rogue,race:human,gender:male,align:chaotic\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time,pettype:none\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    let t = Tmux::start("e2ef", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();

    // `v` names the rule set.
    t.keys(&["v"]);
    t.wait_message("FLANKING_RULES=dnd.");
    t.settle();

    // A hero who cannot miss, with a blade that always counts as a weapon.
    t.wizard_level(30);
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

    // A sleeping jackal next to the hero, with a floor square behind it
    // (it faces south: north-west, north or north-east of it) for the
    // hero; one against a wall to its north is left asleep, and another
    // is made.
    let mut found = None;
    for _ in 0..6 {
        let before = map_rows(&t.settle());
        t.wizard_create("sleeping jackal");
        let screen = t.settle();
        let rows = map_rows(&screen);
        let (hx, hy) = find(&rows, '@')[0];
        let (jx, jy) = find(&rows, 'd')
            .into_iter()
            .find(|&(x, y)| (x - hx).abs() <= 1 && (y - hy).abs() <= 1 && at(&before, x, y) != 'd')
            .unwrap_or_else(|| panic!("no new jackal next to the hero:\n{screen}"));
        let rear = [(jx - 1, jy - 1), (jx, jy - 1), (jx + 1, jy - 1)];
        let target = rear
            .iter()
            .copied()
            .find(|&(x, y)| (x, y) == (hx, hy))
            .or_else(|| {
                rear.iter()
                    .copied()
                    .find(|&(x, y)| matches!(at(&rows, x, y), '.' | '#'))
            });
        if let Some(target) = target {
            found = Some(((hx, hy), (jx, jy), target));
            break;
        }
    }
    let ((hx, hy), (jx, jy), target) =
        found.unwrap_or_else(|| panic!("six jackals, none with an open square behind it"));
    if target != (hx, hy) {
        t.keys(&["C-t"]);
        t.wait_for("Where do you want to be teleported?");
        t.settle();
        let (mut cx, mut cy) = (hx, hy);
        while (cx, cy) != target {
            let (dx, dy) = ((target.0 - cx).signum(), (target.1 - cy).signum());
            t.keys(&[key(dx, dy)]);
            cx += dx;
            cy += dy;
        }
        t.keys(&["."]);
        t.settle();
    }
    let rows = map_rows(&t.settle());
    assert_eq!(
        find(&rows, '@').first().copied(),
        Some(target),
        "the hero did not get behind the jackal"
    );
    assert_eq!(at(&rows, jx, jy), 'd', "the jackal moved");

    // #flanking around the jackal: the rule set, its facing, its rear.
    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    t.keys(&[key(jx - target.0, jy - target.1), "."]);
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
        format!(
            "OPTIONS=name:namer,role:Valkyrie,race:human,gender:female,align:neutral\n\
             OPTIONS=!legacy,!news,!splash_screen,!autopickup,time\n\
             OPTIONS=!number_pad,pettype:cat\n\
             OPTIONS=catname:{NAME}\n"
        ),
    )
    .unwrap();
    let t = Tmux::start("e2efn", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();

    t.text("#flanking");
    t.keys(&["Enter"]);
    t.wait_for("Show flanking around which creature?");
    t.keys(&["."]);
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
