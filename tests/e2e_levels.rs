//! A level the game wrote is read back as it was: the restore's checks
//! (variant/game/src/flanktrust.c) refuse only what the game itself never
//! writes. A check too narrow for one special level (Minetown's shops and
//! temple are subrooms of its town, so their shopkeepers' and priest's
//! room numbers are in the second half of `rooms[]`) makes that level
//! anew each time the hero comes back to it, shops, temple and all.
//!
//! Debug mode (`-D`): wizard mode's level teleport (`^V`, then `?` for
//! its menu of the special levels) takes the hero to every special level
//! the menu offers, one after another (each is made, and written when the
//! hero leaves), then to each again (each is read back). No level file may
//! be kept aside as `.refused`. `SPLEVTYPE` picks the variant of a level
//! that has several: one game visits every level with variant 1, and one
//! game per further variant visits the levels that have it (Minetown 1-7,
//! Mines' End 1-3, Medusa 1-4, each Sokoban level 1-2, the Big Room 1-10:
//! debug mode makes every level a dungeon has only by chance).
//!
//! Not visited: the Elemental Planes (the game keeps none of their files:
//! a plane is never read back), and Fort Ludios, which the menu offers no
//! letter before a vault's portal has placed it.

mod common;

use common::{page_mark, sh_quote, write_config, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The levels of the Elemental Planes, as the menu names them.
const PLANES: [&str; 6] = ["astral", "water", "fire", "air", "earth", "dummy"];

/// The special levels with more than one variant, and how many each has.
const VARIANTS: [(&str, u32); 8] = [
    ("minetn", 7),
    ("minend", 3),
    ("medusa", 4),
    ("soko1", 2),
    ("soko2", 2),
    ("soko3", 2),
    ("soko4", 2),
    ("bigrm", 10),
];

/// The levels that have a variant `variant` (the names `SPLEVTYPE` takes
/// as "name-variant").
fn with_variant(variant: u32) -> impl Iterator<Item = &'static str> {
    VARIANTS
        .iter()
        .filter(move |(_, n)| variant <= *n)
        .map(|(name, _)| *name)
}

/// Where the status line says the hero is: "Dlvl:N"'s N, or "Home N" in
/// the Quest.
fn whereabouts(screen: &str) -> Option<String> {
    if let Some(rest) = screen.split("Dlvl:").nth(1) {
        return rest.split_whitespace().next().map(str::to_string);
    }
    let rest = screen.split("Home ").nth(1)?;
    let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!n.is_empty()).then(|| format!("Home {n}"))
}

/// One special level in `^V`'s menu: its letter, its name (the level's
/// file name: "minetn", "Val-strt") and its depth.
#[derive(Clone, Debug)]
struct Entry {
    letter: char,
    name: String,
    depth: String,
    /// Where the game may send the hero straight on from the level: the
    /// Quest's home expels a hero its leader meets unready (one who lands
    /// next to the leader) to the level of the Quest's portal. The home
    /// was made, or read back, all the same.
    or_else: Option<String>,
}

/// The special levels a menu page offers. A line reads "x - * name: depth"
/// ("*" where the hero is, the castle's " (tune ...)" after); a branch's
/// line ("Stairs up to Sokoban") has spaces in its name and is no level.
/// tty may draw a narrow menu over the map's right half, so a level's
/// line is found anywhere in a row.
fn entries(page: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for line in page.lines() {
        let chars: Vec<char> = line.chars().collect();
        for i in 1..chars.len().saturating_sub(5) {
            let letter = chars[i - 1];
            if !letter.is_ascii_alphabetic()
                || (i >= 2 && chars[i - 2] != ' ')
                || chars[i..i + 3] != [' ', '-', ' ']
                || !matches!(chars[i + 3], ' ' | '*')
                || chars[i + 4] != ' '
            {
                continue;
            }
            let rest: String = chars[i + 5..].iter().collect();
            let Some((name, after)) = rest.split_once(": ") else {
                continue;
            };
            let depth: String = after.chars().take_while(char::is_ascii_digit).collect();
            if !name.is_empty()
                && !depth.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                out.push(Entry {
                    letter,
                    name: name.to_string(),
                    depth,
                    or_else: None,
                });
            }
        }
    }
    out
}

/// Asks wizard mode's level teleport (`^V`) and answers its prompt.
fn ask_level(t: &Tmux, answer: &str) {
    t.keys(&["C-v"]);
    t.wait_for("To what level do you want to teleport?");
    t.text(answer);
    t.keys(&["Enter"]);
}

/// Opens `^V`'s menu of the special levels and reads its pages in order,
/// up to the one where `stop` holds or the last; the menu is left open on
/// the page read last.
fn level_menu(t: &Tmux, stop: impl Fn(&str) -> bool) -> Vec<String> {
    ask_level(t, "?");
    t.menu_pages("The Dungeons of Doom", stop)
}

/// The special levels the menu offers a letter for, outside the Elemental
/// Planes; the menu is closed after.
fn special_levels(t: &Tmux) -> Vec<Entry> {
    let pages = level_menu(t, |_| false);
    t.keys(&["Escape"]);
    t.steady();
    let portal = pages.iter().flat_map(|p| p.lines()).find_map(|l| {
        let after = l.split("to The Quest: ").nth(1)?;
        Some(after.chars().take_while(char::is_ascii_digit).collect())
    });
    pages
        .iter()
        .flat_map(|p| entries(p))
        .filter(|e| !PLANES.contains(&e.name.as_str()))
        .map(|e| Entry {
            or_else: e.name.ends_with("-strt").then(|| portal.clone()).flatten(),
            ..e
        })
        .collect()
}

/// Whether the screen shows the hero on `level`: its depth on the status
/// line, or "Home N" for a Quest level (whose status line gives the
/// Quest's own level number, not the depth the menu gives); or where the
/// level may send him straight on.
fn on(screen: &str, level: &Entry) -> bool {
    match whereabouts(screen) {
        Some(w) if w.starts_with("Home ") => ["-strt", "-loca", "-goal"]
            .iter()
            .any(|q| level.name.ends_with(q)),
        Some(w) => w == level.depth || level.or_else.as_ref() == Some(&w),
        None => false,
    }
}

/// Level-teleports to `level` by the menu, and returns the settled screen
/// of the level it lands on. A hero killed on the way (the castle's
/// soldiers, Medusa's gaze) declines to die, as debug mode lets him.
fn visit(t: &Tmux, level: &Entry) -> String {
    let before = t.steady();
    let tag = format!(" {}: ", level.name);
    let pages = level_menu(t, |p| p.contains(&tag));
    let page = pages.last().unwrap();
    let entry = entries(page)
        .into_iter()
        .find(|e| e.name == level.name)
        .unwrap_or_else(|| panic!("no {} in the menu:\n{page}", level.name));
    assert_eq!(entry.depth, level.depth, "{} moved:\n{page}", level.name);
    t.keys(&[&entry.letter.to_string()]);
    for _ in 0..100 {
        let s = t.steady();
        if s.contains("Die?") {
            t.keys(&["n"]);
        } else if s.contains(&tag) && page_mark(&s).is_some() {
            t.keys(&["Enter"]);
        } else if on(&s, level) && s != before {
            return s;
        } else if s.contains("[yn") {
            panic!("^V {} asked a question:\n{s}", level.name);
        }
    }
    panic!(
        "the menu's {} ({}) did not take the hero there:\n{:?}",
        entry.letter,
        level.name,
        t.screen()
    );
}

/// Level-teleports to level 1 by its number: away from the last level
/// visited, so that a game of one special level reads it back too.
fn to_first_level(t: &Tmux) {
    t.steady();
    ask_level(t, "1");
    for _ in 0..100 {
        let s = t.steady();
        if s.contains("Die?") {
            t.keys(&["n"]);
        } else if whereabouts(&s).as_deref() == Some("1") {
            return;
        }
    }
    panic!("^V 1 did not take the hero to level 1:\n{:?}", t.screen());
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

/// Plays one debug-mode game with `SPLEVTYPE` set to variant `variant` of
/// every level that has one, and takes the hero to each special level
/// `wanted` keeps, then to each again; panics, naming the level, when the
/// game refused a file or a level came back with a refusal's message.
/// Returns the names of the levels visited.
fn round_trip(variant: u32, wanted: impl Fn(&str) -> bool) -> Vec<String> {
    let tag = format!("e2e-levels-{variant}");
    let scratch = Scratch::new(&tag);
    let pg = scratch.path().join("playground");
    let rc = write_config(scratch.path(), "levels");
    let splev = with_variant(variant)
        .map(|name| format!("{name}-{variant}"))
        .collect::<Vec<_>>()
        .join(",");
    let cmd = format!(
        "SPLEVTYPE={} NETHACK_FLANKING_PLAYGROUND={} NETHACKOPTIONS=@{} {} -D; sleep 1",
        sh_quote(&splev),
        sh_quote(&pg.display().to_string()),
        sh_quote(&rc.display().to_string()),
        sh_quote(GAME)
    );
    let t = Tmux::start(&tag, &cmd);
    t.wait_for("Dlvl:1");
    t.settle();

    // The Quest's home is visited first, the Dungeons' levels after it:
    // from there the game lets no one go deeper into the Quest before its
    // leader has (a mysterious force), and "^V 1" means the Quest's first
    // level.
    let mut levels: Vec<Entry> = special_levels(&t)
        .into_iter()
        .filter(|e| wanted(&e.name))
        .collect();
    levels.sort_by_key(|e| !e.name.ends_with("-strt"));
    let names: Vec<String> = levels.iter().map(|e| e.name.clone()).collect();
    println!("SPLEVTYPE={splev}: {names:?}");
    for level in &levels {
        visit(&t, level);
    }
    to_first_level(&t);
    for level in &levels {
        let back = visit(&t, level);
        assert!(
            !back.contains("is not read") && !back.contains("made anew"),
            "the game refused the {} it wrote:\n{back}",
            level.name
        );
        assert_eq!(
            refused(&pg),
            Vec::<String>::new(),
            "a level file was kept aside on coming back to {}",
            level.name
        );
    }
    names
}

#[test]
fn every_special_level_comes_back_as_the_game_left_it() {
    let names = round_trip(1, |_| true);
    for must in [
        "oracle", "bigrm", "rogue", "medusa", "castle", "valley", "sanctum", "wizard1", "orcus",
        "minetn", "minend", "soko1", "soko4", "tower1",
    ] {
        assert!(
            names.iter().any(|n| n == must),
            "the menu offered no {must}: {names:?}"
        );
    }
    assert!(
        names.iter().any(|n| n.ends_with("-strt")),
        "the menu offered no Quest: {names:?}"
    );
}

#[test]
fn every_variant_of_a_special_level_comes_back_as_the_game_left_it() {
    for variant in 2..=10 {
        let names = round_trip(variant, |name| with_variant(variant).any(|v| v == name));
        for must in with_variant(variant) {
            assert!(
                names.iter().any(|n| n == must),
                "variant {variant}: the menu offered no {must}: {names:?}"
            );
        }
    }
}
