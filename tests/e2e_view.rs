//! What the player sees, end to end in tmux as a player would (80x24,
//! tty, wizard mode): `#flanking` shows only what the hero perceives. An
//! invisible stalker, a mimic that looks like an object and a snake hidden
//! under an object, next to the hero, are not drawn, named or counted in
//! the hero's view; wizard mode names them on lines of their own, labelled
//! as wizard knowledge.
//!
//! The hero is a Valkyrie (no see invisible) with no pet, alone on a
//! scene's level (`tests/scenes/view-*.arena`, played with a fixed seed).
//! `^G` takes no time, so the stalker changes nothing the hero perceives:
//! her view must stay the same, line for line.
//!
//! And `#flanking`'s little map is text: the same characters, in the same
//! columns, under DECgraphics and IBMgraphics in tty and under curses with
//! its own symbols and with DECgraphics (line-drawing bytes in a text
//! window once ate the characters after them). Wizard mode says "when you
//! attack" of the hero; blind, with unseen jackals biting, the view says
//! what the hero knows; and under `tactics`, `;` on a jackal in the hero's
//! rear says the damage it would deal. With `FLANKING=0`, `#flanking`
//! says flanking is off and shows nothing acting; wizard mode's
//! `#flanking` around a jackal counts no jackal beside it (jackals do not
//! fight jackals), and its map's legend names the defender.

mod common;

use common::{at, find, key, map_rows, Drawn, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The label of wizard mode's lines under the hero's view.
const WIZARD: &str = "Wizard mode, not in your view:";

/// Creates `what` with `^G` next to the hero, and waits until the game
/// has done with it ([`Tmux::sync`]): `^G hidden ...` flashes the
/// monster's glyph on its square before it hides it, an animation a
/// screen read after a pause could catch.
fn create(t: &Tmux, what: &str) {
    t.wizard_create(what);
    t.sync();
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

/// The viewer's options: vi-keys (the scene makes her a Valkyrie, who
/// does not see invisible, with no pet).
fn viewer_rc(dir: &Path) -> std::path::PathBuf {
    let rc = dir.join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:viewer,!legacy,!news,!splash_screen,!autopickup,time\n\
         OPTIONS=!number_pad\n",
    )
    .unwrap();
    rc
}

/// A scene played for the viewer: the game in tmux, the scene, where the
/// hero stands, and the scratch directory of its playground (last, so the
/// game ends before the directory goes).
struct Viewing {
    t: Tmux,
    scene: Scene,
    hero: (i32, i32),
    _scratch: Scratch,
}

/// Plays scene `scene` for the viewer ([`viewer_rc`]) in tmux session
/// `tag`, in a playground of its own under scratch directory `scratch`
/// whose sysconf says `settings` (key, value) first.
fn view(scratch: &str, tag: &str, scene: &str, settings: &[(&str, &str)]) -> Viewing {
    let scratch = Scratch::new(scratch);
    let pg = scratch.path().join("playground");
    for &(key, value) in settings {
        common::playground_with(Path::new(GAME), &pg, key, value);
    }
    let rc = viewer_rc(scratch.path());
    let scene = Scene::new(scene);
    let (t, _, hero) = Tmux::play_scene(tag, &scene, Path::new(GAME), &pg, &rc);
    Viewing {
        t,
        scene,
        hero,
        _scratch: scratch,
    }
}

/// Asserts that the hero's part of `view` (`hero`) names none of `leaks`,
/// which the hero cannot know, and that wizard mode's part (`wizard`)
/// names the monster with its state (`("snake", "hiding")`).
fn assert_unseen(
    hero: &str,
    wizard: &str,
    view: &str,
    leaks: &[&str],
    (monster, state): (&str, &str),
) {
    for leak in leaks {
        assert!(
            !hero.contains(leak),
            "the hero's view shows {leak:?}, which the hero cannot know:\n{view}"
        );
    }
    assert!(
        wizard.contains(&format!("{monster} (")) && wizard.contains(state),
        "wizard mode names the {monster} on its own lines:\n{view}"
    );
}

/// Wizard mode's `#flanking` on the jackal at `d` from the hero: its
/// window's pages, joined.
fn wizard_flanking_on_jackal(t: &Tmux, d: (i32, i32)) -> String {
    t.ask_flanking(&[key(d.0, d.1)]);
    t.wait_for("Flanking around the jackal");
    let view = t.window_pages().concat();
    println!("wizard mode's #flanking on the jackal:\n{view}");
    view
}

/// Farlook (`;`) on the square at `d` from the hero, once the screen
/// shows `wait`: the screen, and the message window's first two lines
/// joined (a long line wraps in tty).
fn farlook(t: &Tmux, d: (i32, i32), wait: &str) -> (String, String) {
    t.keys(&["\\;"]);
    t.wait_for("Pick an object.");
    t.keys(&[key(d.0, d.1), "."]);
    let s = t.wait_for(wait);
    let line = common::top_rows(&s, 2);
    (s, line)
}

#[test]
fn flanking_shows_the_hero_no_invisible_or_disguised_monster() {
    let v = view("e2e-view", "e2ev", "view-open", &[]);
    let t = &v.t;

    // Before, and after an invisible stalker is made next to the hero
    // (^G takes no time: nothing else moves): the hero's view is the same,
    // line for line.
    let before = t.flanking_view();
    create(t, "stalker");
    let view = t.flanking_view();
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
    assert_unseen(
        &hero,
        wizard,
        &view,
        &["stalker", "faceless"],
        ("stalker", "invisible"),
    );

    // A mimic that looks like an object, next to the hero as well.
    create(t, "large mimic");
    let view = t.flanking_view();
    let (hero, wizard) = split(&view);
    assert_unseen(
        &hero,
        wizard,
        &view,
        &["mimic", "stalker"],
        ("large mimic", "mimicking"),
    );
}

#[test]
fn flanking_shows_the_hero_no_snake_hidden_under_an_object() {
    // A closet of two squares: the hero's and one east of it.
    let v = view("e2e-view-snake", "e2evs", "view-closet", &[]);
    let (t, scene, (hx, hy)) = (&v.t, &v.scene, v.hero);
    let east = (1, 0);
    let free: Vec<(i32, i32)> = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0) && scene.glyph(d) == '.')
        .collect();
    assert_eq!(
        free,
        vec![east],
        "the scene leaves one square next to the hero"
    );
    let rock = t.wizard_wish("rock", " rock.");
    t.sync();

    // A rock dropped on the other square; she steps back.
    t.keys(&["l"]);
    t.sync();
    t.keys(&["d"]);
    t.wait_for("What do you want to drop?");
    t.text(&rock);
    t.sync();
    t.keys(&["h"]);
    let s = t.sync();
    let rows = map_rows(&s);
    assert_eq!(find(&rows, '@'), vec![(hx, hy)], "she is not back:\n{s}");
    assert_eq!(
        at(&rows, hx + east.0, hy + east.1),
        '*',
        "no rock east of her:\n{s}"
    );

    // The snake, made hidden: it lands on the one square next to her,
    // under the rock.
    let before = t.flanking_view();
    create(t, "hidden snake");
    let s = t.sync();
    assert!(
        !map_rows(&s).iter().flatten().any(|&c| c == 'S'),
        "the snake is not hidden:\n{s}"
    );
    let view = t.flanking_view();
    let (hero, wizard) = split(&view);
    assert_eq!(
        hero,
        split(&before).0,
        "the hidden snake changed the hero's view"
    );
    assert_unseen(&hero, wizard, &view, &["snake"], ("snake", "hiding"));
}

/// The header of `#flanking`'s map, as the window shows it.
const MAP_HEADER: &str = "    Map     Threat(*) in some attack / blocked(#) / open(.)";

/// `#flanking`'s map in the scene `view-corner` (a room's top left corner,
/// the jackal east of her, the open door northeast drawn as the default
/// symbols draw an open door, `-`), the same under every symbol set and
/// interface: the default symbols where a symbol set draws lines.
const CORNER_MAP: [&str; 3] = [
    "   - - -        # # #",
    "   | @ d        # @ *",
    "   | . .        # . .",
];

/// The three rows under [`MAP_HEADER`] on the screen, from the window's
/// left edge to its right one: tty's text window fills the screen from its
/// first column; curses draws a frame (`x` on each side, as tmux shows
/// its line drawing), which must stand where the header's frame stands.
/// Whatever lies in the window right of the map is in the rows, so a
/// character dropped or stray there makes them differ.
fn map_of(screen: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let h = lines
        .iter()
        .position(|l| l.iter().collect::<String>().contains(MAP_HEADER))
        .unwrap_or_else(|| panic!("no map header on the screen:\n{screen}"));
    let header: String = lines[h].iter().collect();
    let left = header[..header.find(MAP_HEADER).unwrap()].chars().count();
    // curses: the frame's right side is the header row's last character
    let framed = left > 0 && lines[h][left - 1] == 'x';
    let right = if framed {
        let r = lines[h].len() - 1;
        assert_eq!(lines[h][r], 'x', "no frame right of the header:\n{screen}");
        Some(r)
    } else {
        None
    };
    (h + 1..=h + 3)
        .map(|y| {
            let row = lines.get(y).cloned().unwrap_or_default();
            match right {
                Some(r) => {
                    assert!(
                        row.len() == r + 1 && row[left - 1] == 'x' && row[r] == 'x',
                        "row {y} of the map is out of the window's frame:\n{screen}"
                    );
                    row[left..r]
                        .iter()
                        .collect::<String>()
                        .trim_end()
                        .to_string()
                }
                None => {
                    assert!(
                        row.iter().take(left).all(|&c| c == ' '),
                        "row {y}: something left of the window:\n{screen}"
                    );
                    row.iter()
                        .skip(left)
                        .collect::<String>()
                        .trim_end()
                        .to_string()
                }
            }
        })
        .collect()
}

/// `#flanking` on the hero in `view-corner`, the options given (a
/// symbol set, an interface) after the viewer's: the screen, once the
/// window's text stands whole on it. tty draws its lines in order and
/// curses the window at once; the last line of the hero's view is
/// "This is what you perceive...".
fn corner_flanking(tag: &str, options: &str) -> String {
    let scratch = Scratch::new(tag);
    let pg = scratch.path().join("playground");
    let rc = viewer_rc(scratch.path());
    let mut text = std::fs::read_to_string(&rc).unwrap();
    text.push_str(options);
    text.push('\n');
    std::fs::write(&rc, text).unwrap();
    let scene = Scene::new("view-corner");
    let (t, s, (hx, hy)) =
        Tmux::play_scene_drawn(tag, &scene, Path::new(GAME), &pg, &rc, Drawn::Symbols);
    let (jx, jy) = scene.one('j');
    assert_eq!(
        at(&map_rows(&s), hx + jx, hy + jy),
        'd',
        "no jackal east of the hero:\n{s}"
    );
    t.ask_flanking(&[]);
    let screen = t.wait_for("This is what you perceive");
    println!("#flanking with {options:?}:\n{screen}");
    screen
}

/// Asserts the map of [`corner_flanking`] with `options` is
/// [`CORNER_MAP`], line for line.
fn assert_corner_map(tag: &str, options: &str) {
    let screen = corner_flanking(tag, options);
    assert_eq!(
        map_of(&screen),
        CORNER_MAP,
        "#flanking's map with {options:?}:\n{screen}"
    );
}

#[test]
fn flanking_map_in_tty_with_the_default_symbols() {
    assert_corner_map("e2evm-tty", "OPTIONS=symset:default");
}

#[test]
fn flanking_map_in_tty_under_decgraphics() {
    assert_corner_map("e2evm-dec", "OPTIONS=symset:DECgraphics");
}

#[test]
fn flanking_map_in_tty_under_ibmgraphics() {
    assert_corner_map("e2evm-ibm", "OPTIONS=symset:IBMgraphics");
}

#[test]
fn flanking_map_in_curses_with_its_own_symbols() {
    assert_corner_map("e2evm-cur", "OPTIONS=windowtype:curses");
}

#[test]
fn flanking_map_in_curses_under_decgraphics() {
    assert_corner_map(
        "e2evm-curdec",
        "OPTIONS=windowtype:curses,symset:DECgraphics",
    );
}

/// Wizard mode's `#flanking` on the jackal lists the hero as one who could
/// attack it: "You (west) would get +N ...", then "when you attack", not
/// "when it attacks".
#[test]
fn wizard_flanking_on_a_monster_says_when_you_attack() {
    let v = view("e2e-view-wiz", "e2evw", "view-corner", &[]);
    let view = wizard_flanking_on_jackal(&v.t, v.scene.one('j'));
    let lines: Vec<&str> = view.lines().map(str::trim_end).collect();
    let you = lines
        .iter()
        .position(|l| l.starts_with("You (west) would get +"))
        .unwrap_or_else(|| panic!("no line for the hero west of the jackal:\n{view}"));
    assert!(
        lines[you + 1].starts_with("    when you attack: "),
        "the hero's line goes on with \"when you attack\":\n{view}"
    );
    assert!(
        !lines[you + 1].contains("when it attacks"),
        "\"when it attacks\" of the hero:\n{view}"
    );
}

/// `FLANKING=0` under `tactics`, among jackals: `#flanking` says that
/// flanking is off and, marked as such, what the rule set would do were it
/// on; nothing before that says a bonus, a damage, a facing or a side.
#[test]
fn flanking_off_says_off() {
    let settings = [("FLANKING", "0"), ("FLANKING_RULES", "tactics")];
    let v = view("e2e-view-off", "e2evoff", "view-jackals", &settings);
    let view = v.t.flanking_view();
    println!("#flanking with FLANKING=0:\n{view}");
    let (off, were) = view
        .split_once("Were it on, the rule set named (FLANKING_RULES=tactics) would play:")
        .unwrap_or_else(|| panic!("no \"Were it on\" part:\n{view}"));
    assert!(
        off.contains("Flanking is turned off on this system"),
        "{view}"
    );
    for word in [
        "+", "damage x", "to hit", "face", "front", "rear", "Map", "jackal",
    ] {
        assert!(!off.contains(word), "{word:?} with flanking off:\n{off}");
    }
    assert!(
        were.contains("rear damage x1.5"),
        "the rule set's summary:\n{were}"
    );
}

/// Wizard mode's `#flanking` around the jackal west of the hero: the
/// hero would attack it, the jackal beside it would not (jackals do not
/// fight jackals), and the map's legend names the defender `D`.
#[test]
fn wizard_flanking_counts_only_who_would_attack_the_monster() {
    let v = view("e2e-view-pack", "e2evpack", "view-jackals", &[]);
    let jackals = v.scene.steps_to('j');
    assert!(
        jackals.contains(&(-1, 0)) && jackals.contains(&(-2, -1)),
        "{jackals:?}"
    );
    let view = wizard_flanking_on_jackal(&v.t, (-1, 0));
    assert!(
        view.lines()
            .any(|l| l.starts_with("You (east) would get +")),
        "the hero would attack it:\n{view}"
    );
    assert!(
        !view.lines().any(|l| l.starts_with("The jackal (")),
        "a jackal counted against a jackal:\n{view}"
    );
    assert!(
        view.lines()
            .any(|l| l.trim_end().ends_with("/ open(.) / it(D)")),
        "the legend names the defender:\n{view}"
    );
}

/// Blind (a blindfold), with three jackals around her that have bitten at
/// her (each now an `I` on her map): `#flanking` says she cannot see who is
/// next to her and where the map remembers something unseen, names no
/// jackal and counts nothing the map does not show.
#[test]
fn blind_flanking_says_what_the_hero_knows() {
    let v = view("e2e-view-blind", "e2evb", "view-blind", &[]);
    let (t, (hx, hy)) = (&v.t, v.hero);
    let jackals = v.scene.steps_to('j');
    assert_eq!(jackals.len(), 3, "three jackals in the scene");
    let fold = t.wizard_wish("blindfold", " blindfold.");
    t.sync();
    t.keys(&["P"]);
    t.wait_for("What do you want to put on?");
    t.text(&fold);
    // Each jackal bites or misses her once a turn at least: every one of
    // them is an `I` once she has waited a few turns.
    let mut s = t.sync();
    for _ in 0..10 {
        let rows = map_rows(&s);
        if jackals
            .iter()
            .all(|&(dx, dy)| at(&rows, hx + dx, hy + dy) == 'I')
        {
            break;
        }
        t.text("s");
        s = t.sync();
    }
    let rows = map_rows(&s);
    for &(dx, dy) in &jackals {
        assert_eq!(
            at(&rows, hx + dx, hy + dy),
            'I',
            "no I where a jackal stands ({dx}, {dy}):\n{s}"
        );
    }
    let view = t.flanking_view();
    println!("#flanking, blind:\n{view}");
    let (hero, _) = split(&view);
    assert!(
        hero.contains("You cannot see who is next to you."),
        "blind, the view says so:\n{view}"
    );
    assert!(
        !hero.contains("Nothing next to you is ready to attack you."),
        "blind, the view claims nobody is there:\n{view}"
    );
    // The scene's jackals: northwest, northeast and south of her, in the
    // view's order of directions (west, northwest, north, ... southwest).
    assert!(
        hero.contains("You remember something unseen (I) to your northwest, northeast and south."),
        "the view says where the map remembers something unseen:\n{view}"
    );
    assert!(
        !hero.contains("jackal"),
        "the blind hero's view names the jackals:\n{view}"
    );
}

/// Under `tactics` (zones change damage, not to-hit), a jackal in the
/// hero's rear: she has thrown her dagger east, so she faces east, and the
/// jackal west of her is in her rear. `;` on it says the damage it would
/// deal from there (and after it what her blow would do, whichever way
/// the jackal faces: not asserted here).
#[test]
fn farlook_under_tactics_says_a_foe_in_your_rear_deals_more_damage() {
    let settings = [("FLANKING_RULES", "tactics")];
    let v = view("e2e-view-tactics", "e2evt", "tactics-step-away", &settings);
    let (t, (hx, hy)) = (&v.t, v.hero);
    let (jx, jy) = v.scene.one('j');
    assert_eq!((jx, jy), (-1, 0), "the jackal stands west of her");

    // First she faces the jackal, the one foe next to her: it is in her
    // front, where her shield takes a share of its bite (x0.8), which is
    // no flanking and farlook says nothing of.
    let (_, line) = farlook(t, (jx, jy), "(jackal");
    println!("farlook on the jackal in her front: {line}");
    assert!(
        !line.contains("flanks you"),
        "farlook on a jackal in her front: {line:?}"
    );
    t.settle();

    // Her dagger, thrown east: she faces east.
    t.keys(&["t"]);
    t.wait_for("What do you want to throw?");
    t.keys(&["b"]);
    t.wait_for("In what direction?");
    t.keys(&["l"]);
    let s = t.sync();
    assert_eq!(
        at(&map_rows(&s), hx + jx, hy + jy),
        'd',
        "the jackal is no longer west of her:\n{s}"
    );

    let (s, line) = farlook(t, (jx, jy), "jackal, flanks you: ");
    println!("farlook under tactics:\n{s}");
    assert!(
        line.contains("(jackal, flanks you: x1.5 damage from your rear"),
        "farlook's line: {line:?}"
    );
}
