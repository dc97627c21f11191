//! A player's connection drops mid-fight (the terminal closes: tmux kills
//! the session, and the game gets SIGHUP), under sysconf
//! `FLANKING_RULES=dnd` with monsters that flank (`FLANKING_AI=1`, the
//! default), jackals biting the hero: NetHack's own hangup handler saves
//! the game, and the next start restores it at the same turn, with the
//! jackals next to the hero and the hero facing the way it faced (its
//! facing is kept in `u.uhave`'s unused bits; the planners' waits are not
//! saved and start afresh, docs/FLANKING-DECISIONS.md). Nothing of the
//! game in progress is left behind.
//!
//! The fight is a scene (`tests/scenes/hangup-jackals.arena`, played with
//! a fixed seed): two jackals beside a level 12 Valkyrie, in the open;
//! they bite, she lives. The restore is an ordinary start in debug mode.

mod common;

use common::{find, game_cmd, map_rows, turn, write_config, Scene, Scratch, Tmux};
use std::path::Path;
use std::time::{Duration, Instant};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The way `^X` says the hero faces ("You are facing north."), read from
/// its pages (a menu; `>` turns to the next).
fn facing(t: &Tmux) -> String {
    let seen = t.attribute_pages().concat();
    seen.lines()
        .find_map(|l| {
            let i = l.find("You are facing ")?;
            Some(l[i..].trim_end().to_string())
        })
        .unwrap_or_else(|| panic!("^X names no facing under dnd:\n{seen}"))
}

#[test]
fn a_hangup_mid_fight_saves_and_the_game_comes_back_as_it_was() {
    let scratch = Scratch::new("e2e-hangup");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "dnd");
    common::playground_with(Path::new(GAME), &pg, "FLANKING_AI", "1");
    let rc = write_config(scratch.path(), "hangup");
    // debug mode plays as "wizard": its save is save/<uid>wizard.gz, its
    // level files and lock <uid>wizard.0, .1... in the playground; the
    // restore
    let cmd = game_cmd(Path::new(GAME), &pg, &rc, "-D");

    let scene = Scene::new("hangup-jackals");
    let (t, _, _) = Tmux::play_scene("e2ehup", &scene, Path::new(GAME), &pg, &rc);
    // the fight: a few turns of it, the jackals next to the hero
    for _ in 0..3 {
        t.keys(&["s"]);
        t.sync();
    }
    let s = t.sync();
    let rows = map_rows(&s);
    let (hx, hy) = find(&rows, '@')[0];
    let adjacent = |rows: &[Vec<char>]| {
        find(rows, 'd')
            .into_iter()
            .filter(|&(x, y)| (x - hx).abs() <= 1 && (y - hy).abs() <= 1)
            .count()
    };
    assert!(adjacent(&rows) >= 1, "no jackal at the hero:\n{s}");
    let at = turn(&s).expect("a turn counter");
    assert!(at > 1, "no turn passed:\n{s}");
    let faced = facing(&t);

    // The terminal closes.
    drop(t);
    let save = pg.join("save");
    let start = Instant::now();
    loop {
        let saved = std::fs::read_dir(&save)
            .unwrap()
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().ends_with("wizard.gz"));
        let playing = std::fs::read_dir(&pg)
            .unwrap()
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().contains("wizard."));
        if saved && !playing {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no save after the hangup, or the game's files are still there: save/ {:?}",
            std::fs::read_dir(&save)
                .unwrap()
                .filter_map(Result::ok)
                .map(|e| e.file_name())
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    // The next start restores it at the same turn, as it was.
    let t = Tmux::start("e2ehup2", &cmd);
    t.expect_restored(at);
    // debug mode always asks whether to keep the save file (a player is
    // not asked): waited for, not looked for after a pause
    t.wait_message("keep the save file?");
    t.keys(&["n"]);
    let s = t.sync();
    assert_eq!(turn(&s), Some(at), "{s}");
    let rows = map_rows(&s);
    let (hx2, hy2) = find(&rows, '@')[0];
    assert_eq!((hx2, hy2), (hx, hy), "the hero moved:\n{s}");
    assert!(
        adjacent(&rows) >= 1,
        "the jackals are gone from the hero:\n{s}"
    );
    assert_eq!(facing(&t), faced, "the hero's facing changed");
}
