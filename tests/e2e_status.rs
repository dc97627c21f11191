//! Flanking before the blow, end to end in tmux as a player would, at
//! 80x24, in wizard mode, under the default rule set: the status line's
//! `Flanked` condition, farlook's phrase, the option `showflanked` that
//! hides the condition (from NETHACKOPTIONS and from the `O` menu),
//! curses drawing it as tty does, and the `?` topic on flanking.
//!
//! The foes are lichens: awake and hostile like jackals, but they hardly
//! ever move (speed 1), so the squares they stand on stay put while the
//! test reads the screen. Jackals would run around the hero, and sleeping
//! ones flank nobody (a creature that is not ready to fight does not
//! threaten). `^G lichen` makes one next to the hero, on a square the game
//! picks; the test makes them until two stand on opposite sides of the
//! hero, which under arc flanking is always a bonus for either against the
//! hero, whatever else stands around.

mod common;

use common::{at, find, game_cmd, key, map_rows, write_config, Scratch, Tmux};
use std::path::{Path, PathBuf};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The letters curses draws walls with (its line-drawing characters); in
/// tty they are monsters.
const CURSES_WALLS: &str = "lqkxmjtuvwn";

/// The directions of the four pairs of opposite squares around a square.
const OPPOSITE: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The status lines: the screen's last three (the two lines and what
/// tmux gives after them).
fn status(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    lines[lines.len().saturating_sub(3)..].join("\n")
}

/// The common config, no pet, vi-keys, and `extra`.
fn rc(dir: &Path, extra: &str) -> PathBuf {
    let rc = write_config(dir, "watcher");
    let mut text = std::fs::read_to_string(&rc).unwrap();
    text.push_str(&format!("OPTIONS=pettype:none,!number_pad\n{extra}"));
    std::fs::write(&rc, text).unwrap();
    rc
}

/// The letter of the menu item that starts with `item` on the screen: the
/// item may stand anywhere on its line (tty puts a small menu on the
/// right, over the map's rows).
fn menu_letter(screen: &str, item: &str) -> Option<String> {
    let tail = format!(" - {item}");
    screen.lines().find_map(|l| {
        let i = l.find(&tail)?;
        l[..i].chars().last().map(|c| c.to_string())
    })
}

/// A square that is not wall, door, corridor, rock or boulder: floor, a
/// staircase, an object, or a creature that may step aside.
fn open(c: char, curses: bool) -> bool {
    !(" |-+#0`".contains(c) || (curses && CURSES_WALLS.contains(c)))
}

/// Does a creature stand next to the hero (a letter, or `:;&'@`)? Then
/// the hero may be flanked by what the level holds, not by the test.
fn company(s: &str, curses: bool) -> bool {
    let rows = map_rows(s);
    let (hx, hy) = find(&rows, '@')[0];
    (-1..=1).any(|dx| {
        (-1..=1).any(|dy| {
            let c = at(&rows, hx + dx, hy + dy);
            (dx, dy) != (0, 0)
                && ((c.is_alphabetic() && !(curses && CURSES_WALLS.contains(c)))
                    || ":;&'@".contains(c))
        })
    })
}

/// Answers the interface's `--More--` (tty) or `>>` (curses) until the
/// screen is settled.
fn settle(t: &Tmux) -> String {
    for _ in 0..50 {
        let s = t.settle();
        if !s.lines().next().unwrap_or("").trim_end().ends_with(">>") {
            return s;
        }
        t.keys(&["Enter"]);
    }
    panic!("the messages would not go away");
}

/// Walks the hero (at most twelve steps) to a square with two open squares
/// on opposite sides of it, where two lichens can stand.
fn into_the_open(t: &Tmux, curses: bool) {
    let dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    for _ in 0..12 {
        let s = settle(t);
        let rows = map_rows(&s);
        let (hx, hy) = find(&rows, '@')[0];
        let free = |x: i32, y: i32| {
            let c = at(&rows, x, y);
            open(c, curses) && !c.is_alphabetic()
        };
        let pairs = |x: i32, y: i32| {
            OPPOSITE
                .iter()
                .filter(|&&(dx, dy)| free(x + dx, y + dy) && free(x - dx, y - dy))
                .count()
        };
        if pairs(hx, hy) > 0 {
            return;
        }
        let (dx, dy) = dirs
            .iter()
            .copied()
            .filter(|&(dx, dy)| free(hx + dx, hy + dy))
            .max_by_key(|&(dx, dy)| pairs(hx + dx, hy + dy))
            .unwrap_or_else(|| panic!("the hero cannot step anywhere:\n{s}"));
        t.keys(&[key(dx, dy)]);
    }
    panic!("no square in the open within twelve steps:\n{}", settle(t));
}

/// Makes lichens next to the hero, in the open, until two stand on
/// opposite sides of it (at most twelve);
/// the last screen, and the direction from the hero to one of the two.
fn surround(t: &Tmux, curses: bool) -> (String, (i32, i32)) {
    into_the_open(t, curses);
    // a wandering monster may take a square for a while: a few more
    for _ in 0..12 {
        t.keys(&["C-g"]);
        t.wait_for("Create what kind of monster?");
        t.text("lichen");
        t.keys(&["Enter"]);
        let s = settle(t);
        let rows = map_rows(&s);
        let hero = find(&rows, '@');
        assert_eq!(hero.len(), 1, "no hero on the map:\n{s}");
        let (hx, hy) = hero[0];
        for (dx, dy) in OPPOSITE {
            if at(&rows, hx + dx, hy + dy) == 'F' && at(&rows, hx - dx, hy - dy) == 'F' {
                return (s, (dx, dy));
            }
        }
    }
    panic!("twelve lichens and no two opposite each other around the hero");
}

#[test]
fn flanked_shows_before_the_blow_and_farlook_says_by_how_much() {
    let scratch = Scratch::new("e2e-status");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "");
    let t = Tmux::start("e2es", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    let s = t.settle();
    assert!(
        company(&s, false) || !status(&s).contains("Flanked"),
        "flanked by nothing:\n{s}"
    );

    // `?`: the game's own help has a topic on flanking and facing.
    t.keys(&["?"]);
    let menu = t.wait_for("Flanking and facing");
    let letter = menu_letter(&menu, "Flanking and facing")
        .unwrap_or_else(|| panic!("no topic in `?`:\n{menu}"));
    t.text(&letter);
    t.wait_for("Fight in a corridor or a doorway");
    t.keys(&["Escape"]);
    t.settle();

    let (s, (dx, dy)) = surround(&t, false);
    assert!(
        status(&s).contains("Flanked"),
        "two lichens on opposite sides and no Flanked:\n{s}"
    );

    // `;` on one of the two: the phrase, after vanilla's description.
    t.keys(&["\\;"]);
    t.wait_for("Pick an object.");
    t.keys(&[key(dx, dy)]);
    t.keys(&["."]);
    let s = t.wait_for("lichen, flanks you: +");
    let line = s.lines().next().unwrap();
    assert!(
        line.contains("(lichen, flanks you: +"),
        "farlook's line: {line:?}"
    );
    t.settle();

    // Away from them (another level), the condition clears.
    t.keys(&["C-v"]);
    t.wait_for("To what level do you want to teleport?");
    t.text("2");
    t.keys(&["Enter"]);
    let s = t.wait_for("Dlvl:2");
    let s = if s.contains("--More--") {
        t.settle()
    } else {
        s
    };
    assert!(
        company(&s, false) || !status(&s).contains("Flanked"),
        "no foe around:\n{s}"
    );
}

#[test]
fn showflanked_off_hides_it_and_the_o_menu_shows_it_again() {
    let scratch = Scratch::new("e2e-status-opt");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "OPTIONS=!showflanked\n");
    let t = Tmux::start("e2eso", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    t.settle();
    let (s, _) = surround(&t, false);
    assert!(
        !status(&s).contains("Flanked"),
        "showflanked is off in NETHACKOPTIONS:\n{s}"
    );

    // `O`: find showflanked on its page, select it, and leave the menu.
    t.keys(&["O"]);
    let mut page = t.wait_for("Booleans");
    let mut letter = None;
    for _ in 0..6 {
        letter = menu_letter(&page, "showflanked");
        if letter.is_some() {
            break;
        }
        t.keys(&[">"]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        page = t.screen().unwrap_or_default();
    }
    let letter = letter.unwrap_or_else(|| panic!("no showflanked in `O`:\n{page}"));
    t.text(&letter);
    t.keys(&["Enter"]);
    let s = t.settle();
    let s = if status(&s).contains("Flanked") {
        s
    } else {
        t.wait_for("Flanked")
    };
    assert!(status(&s).contains("Flanked"), "showflanked on again:\n{s}");
}

#[test]
fn curses_shows_flanked_too() {
    let scratch = Scratch::new("e2e-status-curses");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "OPTIONS=windowtype:curses,!splash_screen\n");
    let t = Tmux::start("e2esc", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    let s = settle(&t);
    assert!(
        company(&s, true) || !s.contains("Flanked"),
        "flanked by nothing:\n{s}"
    );
    let (s, _) = surround(&t, true);
    assert!(s.contains("Flanked"), "curses shows no Flanked:\n{s}");
}
