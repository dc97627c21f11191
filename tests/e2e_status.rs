//! Flanking before the blow, end to end in tmux as a player would, at
//! 80x24, in wizard mode, under the default rule set: the status line's
//! `Flanked` condition, farlook's phrase, the option `showflanked` that
//! hides the condition (from NETHACKOPTIONS and from the `O` menu),
//! curses drawing it as tty does, the `?` topic on flanking, and the
//! issue's own case: jackals on opposite sides, then a corridor.
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

use common::{
    at, company_at, creature, find, game_cmd, key, map_rows, turn, write_config, Scratch, Tmux,
};
use std::path::{Path, PathBuf};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

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
fn open(c: char) -> bool {
    !" |-+#0`".contains(c)
}

/// Does a creature stand next to the hero (a letter, or `:;&'@`)? Then
/// the hero may be flanked by what the level holds, not by the test.
fn company(s: &str) -> bool {
    let rows = map_rows(s);
    company_at(&rows, find(&rows, '@')[0])
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
fn into_the_open(t: &Tmux) {
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
            open(c) && !creature(c)
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

/// Makes lichens next to the hero, in the open, until a lichen and another
/// creature (a second lichen, or whatever wandered up first) stand on
/// opposite sides of it (at most twelve lichens); the last screen, and the
/// direction from the hero to the lichen.
fn surround(t: &Tmux) -> (String, (i32, i32)) {
    into_the_open(t);
    // a wandering monster may take a square for a while: a few more
    for _ in 0..12 {
        t.wizard_create("lichen");
        let s = settle(t);
        let rows = map_rows(&s);
        let hero = find(&rows, '@');
        assert_eq!(hero.len(), 1, "no hero on the map:\n{s}");
        let (hx, hy) = hero[0];
        for (dx, dy) in OPPOSITE {
            let (a, b) = (at(&rows, hx + dx, hy + dy), at(&rows, hx - dx, hy - dy));
            if creature(a) && creature(b) && (a == 'F' || b == 'F') {
                return (s, if a == 'F' { (dx, dy) } else { (-dx, -dy) });
            }
        }
    }
    panic!(
        "twelve lichens and no two opposite each other around the hero:\n{}",
        settle(t)
    );
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
        company(&s) || !status(&s).contains("Flanked"),
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

    let (s, (dx, dy)) = surround(&t);
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
    t.wizard_teleport(2);
    let s = t.settle();
    assert!(
        company(&s) || !status(&s).contains("Flanked"),
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
    let (s, _) = surround(&t);
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
    // curses draws walls with line-drawing characters, which tmux shows
    // as letters (`lqkxmj`...) a test cannot tell from monsters: the
    // `plain` symbol set draws them as tty does, as a player may choose
    let rc = rc(
        scratch.path(),
        "OPTIONS=windowtype:curses,!splash_screen,symset:plain\n",
    );
    let t = Tmux::start("e2esc", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    let s = settle(&t);
    assert!(
        company(&s) || !s.contains("Flanked"),
        "flanked by nothing:\n{s}"
    );
    let (s, _) = surround(&t);
    assert!(s.contains("Flanked"), "curses shows no Flanked:\n{s}");
}

/// A square of the map, or a step: (column, row).
type Sq = (i32, i32);

/// The step across a line of steps `d`.
fn across(d: Sq) -> Sq {
    (d.1.abs(), d.0.abs())
}

/// Where to dig from: a floor square of the hero's room that the hero
/// reaches by a straight line and then another (every square on the way
/// open), with a wall of the room next to it in one of the four directions
/// and floor on both sides of it across that direction, wall on both sides
/// of the wall's square, and rock to dig beyond it. The nearest, as
/// (the square, the direction, the wall's square).
fn dig_spot(rows: &[Vec<char>], (hx, hy): (i32, i32)) -> Option<(Sq, Sq, Sq)> {
    let floor = |x: i32, y: i32| at(rows, x, y) == '.';
    let passable = |x: i32, y: i32| {
        let c = at(rows, x, y);
        (x, y) == (hx, hy) || (open(c) && !creature(c))
    };
    let mut best: Option<(i32, Sq, Sq, Sq)> = None;
    for sy in hy - 10..=hy + 10 {
        for sx in hx - 20..=hx + 20 {
            if !floor(sx, sy) && (sx, sy) != (hx, hy) {
                continue;
            }
            let path = (hx.min(sx)..=hx.max(sx)).all(|x| passable(x, hy))
                && (hy.min(sy)..=hy.max(sy)).all(|y| passable(sx, y));
            if !path {
                continue;
            }
            for d in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let wall = if d.0 != 0 { '|' } else { '-' };
                let p = across(d);
                let w = (sx + d.0, sy + d.1);
                // NetHack digs nothing beyond the level's outermost walls
                // (bound_digging()): away from the map's edges, where other
                // rooms lie further out
                let inner = if d.0 != 0 {
                    (10..=69).contains(&w.0)
                } else {
                    (5..=15).contains(&w.1)
                };
                // wall on both sides of the doorway to be: no door next to it
                let walled = |x: i32, y: i32| "|-".contains(at(rows, x, y));
                if at(rows, w.0, w.1) == wall
                    && inner
                    && walled(w.0 + p.0, w.1 + p.1)
                    && walled(w.0 - p.0, w.1 - p.1)
                    && floor(sx + p.0, sy + p.1)
                    && floor(sx - p.0, sy - p.1)
                {
                    let dist = (sx - hx).abs() + (sy - hy).abs();
                    if best.is_none_or(|b| dist < b.0) {
                        best = Some((dist, (sx, sy), d, w));
                    }
                }
            }
        }
    }
    best.map(|(_, s, d, w)| (s, d, w))
}

/// The hero's square, from a settled screen.
fn hero(t: &Tmux) -> (String, Vec<Vec<char>>, (i32, i32)) {
    let s = settle(t);
    let rows = map_rows(&s);
    let h = find(&rows, '@');
    assert_eq!(h.len(), 1, "no hero on the map:\n{s}");
    (s, rows, h[0])
}

/// Steps the hero once toward `d`, fighting what stands there first (at
/// most twenty turns); panics with the screen if it cannot.
fn step_to(t: &Tmux, d: (i32, i32), to: (i32, i32)) {
    for _ in 0..20 {
        let (_, rows, h) = hero(t);
        if h == to {
            return;
        }
        let c = at(&rows, h.0 + d.0, h.1 + d.1);
        if creature(c) {
            t.keys(&["F", key(d.0, d.1)]);
        } else {
            t.keys(&[key(d.0, d.1)]);
        }
    }
    let (s, _, _) = hero(t);
    panic!("the hero did not get to {to:?}:\n{s}");
}

/// The issue's own test of the tactic: jackals on opposite sides of the
/// hero in the open show `Flanked` before any attack, and `;` on one says
/// by how much; the hero steps into a
/// corridor, where only one can stand next to it, and the condition clears
/// while a jackal still bites. The corridor is dug, so that the test knows
/// what lies beyond the wall: a wand of digging (wished for) zapped through
/// the room's wall from the square before it makes a doorway and at least
/// three squares of corridor (`zap_dig()`). The hero is made experienced
/// first (`#levelchange`), so that a pack of jackals cannot end the test,
/// and goes to another level when its room has no wall to dig through.
#[test]
fn a_corridor_clears_flanked_when_jackals_chase() {
    let scratch = Scratch::new("e2e-status-corridor");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "");
    let t = Tmux::start("e2escr", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Dlvl:1");
    settle(&t);

    t.wizard_level(14);
    let wand = t.wizard_wish("wand of digging", " wand.");

    // The square before a wall of the hero's room, floor on both sides of
    // it; if this room has none (or is a shop, whose keeper would take the
    // wall's damage badly), another level's.
    let (h, (stand, d, wall)) = t.wizard_spot(dig_spot);
    for x in 1..=(stand.0 - h.0).abs() {
        step_to(
            &t,
            ((stand.0 - h.0).signum(), 0),
            (h.0 + (stand.0 - h.0).signum() * x, h.1),
        );
    }
    for y in 1..=(stand.1 - h.1).abs() {
        step_to(
            &t,
            (0, (stand.1 - h.1).signum()),
            (stand.0, h.1 + (stand.1 - h.1).signum() * y),
        );
    }

    // Jackals next to the hero until two stand on opposite sides of it,
    // across the line to the wall (the wall is on the third side). Making
    // them takes no time: none has moved or bitten yet.
    let before = turn(&settle(&t)).expect("no turn counter");
    // (A creature that wandered onto one of the two squares first may be
    // the other side, a jackal the one.)
    let p = across(d);
    let mut flanked = None;
    for _ in 0..8 {
        t.wizard_create("jackal");
        let s = settle(&t);
        let rows = map_rows(&s);
        let (a, b) = (
            at(&rows, stand.0 + p.0, stand.1 + p.1),
            at(&rows, stand.0 - p.0, stand.1 - p.1),
        );
        if creature(a) && creature(b) && (a == 'd' || b == 'd') {
            let jackal = if a == 'd' { p } else { (-p.0, -p.1) };
            flanked = Some((s, jackal));
            break;
        }
    }
    let (s, jackal) =
        flanked.unwrap_or_else(|| panic!("eight jackals and no two opposite:\n{}", settle(&t)));
    assert_eq!(
        turn(&s),
        Some(before),
        "a turn passed while making jackals:\n{s}"
    );
    assert!(
        status(&s).contains("Flanked"),
        "jackals on opposite sides and no Flanked:\n{s}"
    );
    // `;` on one of them says by how much, before any blow.
    t.keys(&["\\;"]);
    t.wait_for("Pick an object.");
    t.keys(&[key(jackal.0, jackal.1)]);
    t.keys(&["."]);
    let s = t.wait_for("jackal, flanks you: +");
    let line = s.lines().next().unwrap();
    assert!(
        line.contains("(jackal, flanks you: +"),
        "farlook's line: {line:?}"
    );
    settle(&t);

    // Dig, then step into the doorway and on into the corridor.
    t.keys(&["z"]);
    t.wait_for("What do you want to zap?");
    t.text(&wand);
    t.wait_for("In what direction?");
    t.keys(&[key(d.0, d.1)]);
    // The beam is drawn square by square (`*`) over what it digs.
    let dug = (0..50).any(|_| {
        let (_, rows, _) = hero(&t);
        let beam = (0..4).any(|i| at(&rows, wall.0 + d.0 * i, wall.1 + d.1 * i) == '*');
        at(&rows, wall.0, wall.1) == '.' && !beam
    });
    assert!(dug, "no doorway dug:\n{}", settle(&t));
    step_to(&t, d, wall);
    let corridor = (wall.0 + d.0, wall.1 + d.1);
    step_to(&t, d, corridor);
    // the corridor goes on behind the hero: a dead end would leave it
    // cornered, which arc flanking counts (the square behind blocked)
    let (s, rows, _) = hero(&t);
    assert_eq!(
        at(&rows, corridor.0 + d.0, corridor.1 + d.1),
        '#',
        "the corridor ends at the hero:\n{s}"
    );

    // The jackals follow; the first to come stands in the doorway, the only
    // square next to the hero they can reach.
    let mut seen = None;
    for _ in 0..6 {
        let (s, rows, h) = hero(&t);
        assert_eq!(h, corridor, "the hero left the corridor:\n{s}");
        if at(&rows, wall.0, wall.1) == 'd' {
            seen = Some(s);
            break;
        }
        t.keys(&["s"]);
    }
    let s = seen.unwrap_or_else(|| panic!("no jackal followed:\n{}", settle(&t)));
    let rows = map_rows(&s);
    let beyond = at(&rows, corridor.0 + d.0, corridor.1 + d.1);
    assert!(!creature(beyond), "something stands beyond the hero:\n{s}");
    assert!(
        !status(&s).contains("Flanked"),
        "in the corridor with one jackal next to the hero, Flanked:\n{s}"
    );
}
