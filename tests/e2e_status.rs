//! Flanking before the blow, end to end in tmux as a player would, at
//! 80x24, in wizard mode, under the default rule set: the status line's
//! `Flanked` condition, farlook's phrase, the option `showflanked` that
//! hides the condition (from NETHACKOPTIONS and from the `O` menu),
//! curses drawing it as tty does, the `?` topic on flanking, and the
//! tactic the condition exists for: jackals on opposite sides, then a
//! corridor.
//!
//! Every scene is set by `tests/scenes/status-*.arena`, played with a
//! fixed seed: the foes stand where the map puts them, and nothing else
//! comes. The lichens are awake and hostile like jackals, but they hardly
//! ever move (speed 1), so the squares they stand on stay put while the
//! test reads the screen; two on opposite sides of the hero are, under arc
//! flanking, always a bonus for either against her.

mod common;

use common::{
    at, company_at, creature, find, key, map_rows, turn, write_config, Scene, Scratch, Tmux,
};
use std::path::{Path, PathBuf};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

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

/// `O`: finds the boolean option `name` on its page of the menu, selects
/// it (which turns it over) and leaves the menu.
fn toggle_in_o_menu(t: &Tmux, name: &str) {
    t.keys(&["O"]);
    let pages = t.menu_pages("Booleans", |p| menu_letter(p, name).is_some());
    let page = pages.last().unwrap();
    let letter =
        menu_letter(page, name).unwrap_or_else(|| panic!("no {name} in `O`:\n{}", pages.concat()));
    t.text(&letter);
    t.keys(&["Enter"]);
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

/// The lichens' scene, started with the options of `rc`: the game, its
/// settled screen, and the step from the hero to the lichen east of her.
fn lichens(tag: &str, pg: &Path, rc: &Path) -> (Tmux, String, (i32, i32)) {
    let scene = Scene::new("status-lichens");
    let (t, _, (hx, hy)) = Tmux::play_scene(tag, &scene, Path::new(GAME), pg, rc);
    let s = settle(&t);
    let lichens = scene.steps_to('F');
    assert_eq!(lichens, vec![(-1, 0), (1, 0)], "the scene's lichens");
    let rows = map_rows(&s);
    for (dx, dy) in lichens {
        assert_eq!(
            at(&rows, hx + dx, hy + dy),
            'F',
            "no lichen at ({dx}, {dy}):\n{s}"
        );
    }
    (t, s, (1, 0))
}

#[test]
fn flanked_shows_before_the_blow_and_farlook_says_by_how_much() {
    let scratch = Scratch::new("e2e-status");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "");
    let (t, s, (dx, dy)) = lichens("e2es", &pg, &rc);
    assert!(
        status(&s).contains("Flanked"),
        "two lichens on opposite sides and no Flanked:\n{s}"
    );

    // `?`: the game's own help has a topic on flanking and facing.
    t.keys(&["?"]);
    let menu = t.wait_for("Flanking and facing");
    let letter = menu_letter(&menu, "Flanking and facing")
        .unwrap_or_else(|| panic!("no topic in `?`:\n{menu}"));
    t.text(&letter);
    t.wait_for("Fight in a corridor or a doorway");
    // the whole topic: the file, then this game's rules and every rule
    // set's summary (the lines joined: the topic wraps long ones)
    let topic = t.window_pages().concat();
    println!("the `?` topic:\n{topic}");
    let joined = topic
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "--More--")
        .collect::<Vec<_>>()
        .join(" ");
    for said in [
        "Monsters that flank (FLANKING_AI",
        "Threats from range (FLANKING_RANGED",
        "\"Flanking\", \"Facing\", \"Monsters that flank\" and \"Threats from range\"",
        "This game's rules",
        "rule set FLANKING_RULES=proposal; FLANKING=100%",
        "proposal (this game): arc flanking alone",
        "dnd: flank +2 to hit; rear +4 to hit; no arc flanking",
        "opposite: flank noted; rear +2 to hit, +2 damage, when no foe is opposite",
        "tactics: flank damage x1.25; rear damage x1.5",
        "nerfhack: NerfHack's",
        "silq: Sil-Q's",
        "splicehack: SpliceHack's",
        "hackem: Hack'EM's",
        "proposal+tactics: flank damage x1.25",
        "and arc flanking on top.",
    ] {
        assert!(joined.contains(said), "the topic lacks {said:?}:\n{topic}");
    }

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

    // Away from them (`^T`, eight squares east: `L` moves the cursor
    // eight), the condition clears.
    t.keys(&["C-t"]);
    t.wait_for("Where do you want to be teleported?");
    t.keys(&["L", "."]);
    let s = t.sync();
    let rows = map_rows(&s);
    let hero = find(&rows, '@');
    assert_eq!(hero.len(), 1, "no hero on the map:\n{s}");
    assert!(
        !company_at(&rows, hero[0]),
        "the hero is not away from the lichens:\n{s}"
    );
    assert!(!status(&s).contains("Flanked"), "no foe around:\n{s}");
}

#[test]
fn showflanked_off_hides_it_and_the_o_menu_shows_it_again() {
    let scratch = Scratch::new("e2e-status-opt");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "OPTIONS=!showflanked\n");
    let (t, s, _) = lichens("e2eso", &pg, &rc);
    assert!(
        !status(&s).contains("Flanked"),
        "showflanked is off in NETHACKOPTIONS:\n{s}"
    );

    toggle_in_o_menu(&t, "showflanked");
    let s = t.sync();
    let s = if status(&s).contains("Flanked") {
        s
    } else {
        t.wait_for("Flanked")
    };
    assert!(status(&s).contains("Flanked"), "showflanked on again:\n{s}");
}

#[test]
fn flanklook_off_gives_farlook_vanillas_words_and_the_o_menu_turns_it_on() {
    let scratch = Scratch::new("e2e-status-look");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "OPTIONS=!flanklook\n");
    let (t, s, (dx, dy)) = lichens("e2esl", &pg, &rc);
    // The condition is the status line's, not farlook's: still there.
    assert!(
        status(&s).contains("Flanked"),
        "two lichens, no Flanked:\n{s}"
    );

    let look = |t: &Tmux| {
        t.keys(&["\\;"]);
        t.wait_for("Pick an object.");
        t.keys(&[key(dx, dy)]);
        t.keys(&["."]);
        let s = t.wait_for("(lichen");
        let line = s.lines().next().unwrap().to_string();
        settle(t);
        line
    };
    let line = look(&t);
    assert!(
        line.trim_end().ends_with("(lichen)") && !line.contains("flank"),
        "flanklook off, farlook's line: {line:?}"
    );

    toggle_in_o_menu(&t, "flanklook");
    t.sync();
    let line = look(&t);
    assert!(
        line.contains("(lichen, flanks you: +"),
        "flanklook on again, farlook's line: {line:?}"
    );
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
    let (_t, s, _) = lichens("e2esc", &pg, &rc);
    let s = if s.contains("Flanked") {
        s
    } else {
        _t.wait_for("Flanked")
    };
    assert!(s.contains("Flanked"), "curses shows no Flanked:\n{s}");
}

/// The hero's square, once the game has read every key typed.
fn hero(t: &Tmux) -> (String, Vec<Vec<char>>, (i32, i32)) {
    let s = t.sync();
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

/// The tactic the condition exists for: jackals on opposite sides of the
/// hero in the open show `Flanked` before any attack, and `;` on one says
/// by how much; the hero steps through the open door east of her into a
/// corridor, where only one can stand next to her, and the condition
/// clears while a jackal still bites. The scene
/// (`tests/scenes/status-corridor.arena`) makes her level 14, so that the
/// jackals cannot end the test.
#[test]
fn a_corridor_clears_flanked_when_jackals_chase() {
    let scratch = Scratch::new("e2e-status-corridor");
    let pg = scratch.path().join("playground");
    let rc = rc(scratch.path(), "");
    let scene = Scene::new("status-corridor");
    let (t, _, (hx, hy)) = Tmux::play_scene("e2escr", &scene, Path::new(GAME), &pg, &rc);
    let s = settle(&t);
    let rows = map_rows(&s);
    let jackals = scene.steps_to('j');
    assert_eq!(jackals, vec![(0, -1), (0, 1)], "the scene's jackals");
    for &(dx, dy) in &jackals {
        assert_eq!(
            at(&rows, hx + dx, hy + dy),
            'd',
            "no jackal at ({dx}, {dy}):\n{s}"
        );
    }
    let d = (1, 0);
    assert_eq!(scene.glyph(d), '\'', "the door east of the hero");
    for i in 2..=4 {
        assert_eq!(scene.glyph((i, 0)), '#', "the corridor beyond the door");
    }
    assert_eq!(turn(&s), Some(1), "a turn passed before the test:\n{s}");
    assert!(
        status(&s).contains("Flanked"),
        "jackals on opposite sides and no Flanked:\n{s}"
    );
    // `;` on one of them says by how much, before any blow.
    let jackal = jackals[0];
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

    // She steps into the doorway and on into the corridor.
    let door = (hx + d.0, hy + d.1);
    step_to(&t, d, door);
    let corridor = (door.0 + d.0, door.1 + d.1);
    step_to(&t, d, corridor);

    // The jackals follow; the first to come stands in the doorway, the only
    // square next to the hero they can reach.
    let mut seen = None;
    for _ in 0..6 {
        let (s, rows, h) = hero(&t);
        assert_eq!(h, corridor, "the hero left the corridor:\n{s}");
        if at(&rows, door.0, door.1) == 'd' {
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
