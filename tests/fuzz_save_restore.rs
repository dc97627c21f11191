//! Saving and restoring survive the debug fuzzer's play: a game the fuzzer
//! played (the debug-fuzzer-switch patch) is saved at its turn limit (`--fuzz-save`,
//! the debug-fuzzer-save patch), restored in tmux, a fight is started, the game is saved
//! mid-fight, restored again, and the fight goes on; all of it under the
//! facing rule set `dnd` (sysconf FLANKING_RULES).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{game_cmd, Scratch, Tmux};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

fn rc_file(dir: &Path) -> PathBuf {
    let path = dir.join("fuzz.nethackrc");
    std::fs::write(
        &path,
        "OPTIONS=role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen,!autopickup,time\n",
    )
    .unwrap();
    path
}

/// The save files in the playground (debug mode saves under `wizard`).
fn saves(pg: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(pg.join("save"))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

/// Starts the game in debug mode, restores the save and answers the
/// restore's questions; returns with the map on the screen.
fn restore(tag: &str, pg: &Path, rc: &Path) -> Tmux {
    let t = Tmux::start(tag, &game_cmd(Path::new(GAME), pg, rc, "-D"));
    t.wait_for("Restoring save file");
    for _ in 0..20 {
        let s = t.settle();
        if s.contains("keep the save file?") {
            t.keys(&["n"]);
            let s = t.settle();
            assert!(s.contains("Dlvl:"), "no status line after restoring:\n{s}");
            return t;
        }
        t.keys(&["Enter"]);
    }
    panic!("no restored game:\n{}", t.screen().unwrap_or_default());
}

/// Searches a few times (the monsters around attack) and returns every
/// screen seen, --More-- answered.
fn fight(t: &Tmux, turns: usize) -> String {
    let mut seen = String::new();
    for _ in 0..turns {
        t.keys(&["s"]);
        seen.push_str(&t.screen().unwrap_or_default());
        seen.push_str(&t.settle());
    }
    seen
}

#[test]
fn a_fuzzed_game_saves_restores_and_fights_on() {
    let scratch = Scratch::new("fuzz-save");
    let pg = scratch.path().join("playground");
    let rc = rc_file(scratch.path());

    // Under a facing rule set: D&D's, whose zones, Rogue backstab and
    // disturb() change the most.
    common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "dnd");

    // The fuzzer plays 2000 turns and saves.
    let out = Command::new(GAME)
        .env("NETHACK_FLANKING_PLAYGROUND", &pg)
        .env("NETHACKOPTIONS", format!("@{}", rc.display()))
        .env("TERM", "xterm")
        .args(["-D", "--fuzz=7,2000", "--fuzz-save"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the fuzz run failed: {err}");
    assert!(err.contains(" turns, saving; Dlvl:"), "{err}");
    assert_eq!(saves(&pg).len(), 1, "no save file: {err}");

    // Restored: a fight with three jackals, saved in the middle of it.
    let t = restore("fs1", &pg, &rc);
    assert!(saves(&pg).is_empty(), "the restored save should be gone");
    for _ in 0..3 {
        t.keys(&["Escape", "C-g"]);
        t.wait_for("Create what kind of monster?");
        t.text("jackal");
        t.keys(&["Enter"]);
        t.settle();
    }
    let seen = fight(&t, 4);
    assert!(
        seen.contains("jackal") || seen.contains("It bites") || seen.contains("It misses"),
        "no fight:\n{seen}"
    );
    t.keys(&["Escape"]);
    t.save_and_exit();
    drop(t);
    assert_eq!(saves(&pg).len(), 1, "no save file after S");

    // Restored again: the jackals are still there and the fight goes on.
    let t = restore("fs2", &pg, &rc);
    let seen = fight(&t, 4);
    assert!(
        seen.contains("jackal") || seen.contains("It bites") || seen.contains("It misses"),
        "the fight did not go on after restoring:\n{seen}"
    );
    let s = t.settle();
    assert!(
        !s.contains("impossible") && !s.contains("panic"),
        "the restored game complained:\n{s}"
    );
    // `v` names the rule set. The fight may still be asking something (the
    // debug hero's "Die?", a --More--): a key may go to that, so ask again.
    let mut named = Err(String::new());
    for _ in 0..5 {
        t.keys(&["Escape"]);
        t.settle();
        t.keys(&["v"]);
        named = t.wait_until("FLANKING_RULES=dnd.", true, 4);
        if named.is_ok() {
            break;
        }
    }
    if let Err(s) = named {
        panic!("`v` did not name the rule set dnd:\n{s}");
    }
    assert!(
        !pg.join("paniclog").exists() || std::fs::read(pg.join("paniclog")).unwrap().is_empty(),
        "paniclog is not empty"
    );
}
