//! A level the game wrote is read back as it was: the restore's checks
//! (variant/game/src/flanktrust.c) refuse only what the game itself never
//! writes. Minetown's shops and temple are subrooms of its town, so their
//! shopkeepers' and priest's room numbers are above MAXNROFROOMS, in the
//! second half of `rooms[]`; a check that took them for bad numbers made
//! Minetown anew each time the hero came back to it, shops, temple and
//! all.
//!
//! Debug mode (`-D`), with `SPLEVTYPE=minetn-3`: the Minetown whose shop
//! (of a random kind) and temple are always there, both subrooms. `^V` to
//! it, to level 1, and back: no level file is kept aside.

mod common;

use common::{sh_quote, write_config, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The depth on a screen's status line.
fn dlvl(screen: &str) -> Option<String> {
    screen
        .split("Dlvl:")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .map(str::to_string)
}

/// Asks wizard mode's level teleport (`^V`) and answers its prompt.
fn ask_level(t: &Tmux, answer: &str) {
    t.keys(&["C-v"]);
    t.wait_for("To what level do you want to teleport?");
    t.text(answer);
    t.keys(&["Enter"]);
}

/// Level-teleports from depth `from` to `level` (a depth, or a special
/// level's name) and returns the settled screen of the level it lands on.
fn teleport(t: &Tmux, level: &str, from: &str) -> String {
    ask_level(t, level);
    for _ in 0..100 {
        let s = t.steady();
        if dlvl(&s).is_some_and(|d| d != from) {
            return s;
        }
    }
    panic!(
        "^V {level} left the hero on level {from}:\n{:?}",
        t.screen()
    );
}

/// The files under `dir` whose names end with ".refused".
fn refused(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                out.extend(refused(&e.path()));
            } else if name.ends_with(".refused") {
                out.push(name);
            }
        }
    }
    out
}

/// Level-teleports to Minetown, from level `from`, by wizard mode's menu
/// of the special levels (its name alone reaches only a level of the
/// hero's own dungeon); returns Minetown's depth and its settled screen.
fn to_minetown(t: &Tmux, from: &str) -> (String, String) {
    ask_level(t, "?");
    let pages = t.menu_pages("The Dungeons of Doom", |p| p.contains(" minetn: "));
    let page = pages.last().unwrap();
    let line = page
        .lines()
        .find(|l| l.contains(" minetn: "))
        .unwrap_or_else(|| panic!("no minetn in the menu:\n{page}"));
    let letter = line
        .split(" - ")
        .next()
        .and_then(|l| l.trim().chars().last())
        .unwrap_or_else(|| panic!("no letter before minetn: {line:?}"));
    let depth = line.rsplit(": ").next().unwrap().trim().to_string();
    t.keys(&[&letter.to_string()]);
    for _ in 0..100 {
        let s = t.steady();
        if s.contains(" minetn: ") {
            t.keys(&["Enter"]);
            continue;
        }
        if dlvl(&s).is_some_and(|d| d != from) {
            assert_eq!(dlvl(&s).as_deref(), Some(depth.as_str()), "{s}");
            return (depth, s);
        }
    }
    panic!(
        "the menu's {letter} left the hero on level {from}:\n{:?}",
        t.screen()
    );
}

#[test]
fn minetowns_shops_and_temple_come_back_as_the_game_left_them() {
    let scratch = Scratch::new("e2e-levels");
    let pg = scratch.path().join("playground");
    let rc = write_config(scratch.path(), "levels");
    let cmd = format!(
        "SPLEVTYPE=minetn-3 NETHACK_FLANKING_PLAYGROUND={} NETHACKOPTIONS=@{} {} -D; sleep 1",
        sh_quote(&pg.display().to_string()),
        sh_quote(&rc.display().to_string()),
        sh_quote(GAME)
    );
    let t = Tmux::start("e2e-levels", &cmd);
    t.wait_for("Dlvl:1");
    t.settle();

    let (depth, town) = to_minetown(&t, "1");
    println!("--- Minetown, first made:\n{town}");
    teleport(&t, "1", &depth);
    let (_, back) = to_minetown(&t, "1");
    println!("--- back in Minetown:\n{back}");
    assert!(
        !back.contains("is not read") && !back.contains("made anew"),
        "the game refused the Minetown it wrote:\n{back}"
    );
    assert_eq!(
        refused(&pg),
        Vec::<String>::new(),
        "a level file was kept aside"
    );
}
