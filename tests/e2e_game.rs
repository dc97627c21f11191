//! The real game, end to end, driven in tmux as a player would: a new game
//! with no prompts, `v` names the variant, a few moves, `S` saves, and a
//! second start restores the saved game; the start names the game and the
//! flanking rules it plays.

mod common;

use common::{game_cmd, playground_with, write_config, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn new_game_moves_saves_and_restores() {
    let scratch = Scratch::new("e2e");
    let pg = scratch.path().join("playground");
    let rc = write_config(scratch.path(), "tester");

    // First run: sets up the playground and starts a new game, no prompts.
    let t = Tmux::start("e2e1", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Dlvl:1");
    for f in ["nhdat", "sysconf", "record", "perm", "license", "symbols"] {
        assert!(pg.join(f).is_file(), "the playground has no {f}");
    }

    t.settle();
    t.keys(&["v"]);
    let s = t.wait_for("NetHack Flanking");
    assert!(
        s.contains("a variant of") && s.contains("3.6.7"),
        "`v` should name the variant and its vanilla:\n{s}"
    );
    t.keys(&["Escape"]);

    // A few moves: search in place, so walls cannot stop the turn counter.
    let turns = t.pass_turns(5);
    assert!(turns >= 6, "five turns should have passed");

    t.save_and_exit();
    let save = pg.join("save/0tester.gz");
    assert!(save.is_file(), "no save file after S");
    drop(t);

    // Second run: the same player gets the saved game back.
    let t = Tmux::start("e2e2", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.expect_restored(turns);
    assert!(!save.exists(), "a restored save file is removed");
    // The player's files survive a second start.
    assert!(pg.join("sysconf").is_file());
}

#[test]
fn version_flag_names_the_variant() {
    let out = std::process::Command::new(GAME)
        .arg("--version")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "--version failed: {text}");
    assert!(
        text.contains("NetHack Flanking") && text.contains("NetHack Version 3.6.7"),
        "--version should name the variant and vanilla 3.6.7: {text}"
    );
}

/// A player who picks the variant from a server's menu sees at the start
/// which game and which rules he plays: the banner names the
/// variant, the welcome says "NetHack Flanking", and the next message the
/// flanking settings of this start, by their sysconf names, for a new game
/// and again for a restore, which plays the sysconf of its own start.
#[test]
fn the_start_names_the_game_and_its_rules() {
    let scratch = Scratch::new("e2e-start");
    let pg = scratch.path().join("playground");
    playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "dnd");
    // no role in the options: the banner stays up while the game asks
    let rc = scratch.path().join("nethackrc");
    std::fs::write(
        &rc,
        "OPTIONS=name:starter,!legacy,!news,!autopickup,time,pettype:none\n",
    )
    .unwrap();

    let t = Tmux::start("e2estart1", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    let s = t.wait_for("Shall I pick");
    let banner = format!(
        "NetHack Flanking {}, Version 3.6.7 Unix, built ",
        env!("CARGO_PKG_VERSION")
    );
    assert!(
        s.lines().any(|l| l.starts_with(&banner)),
        "the banner should name the variant ({banner:?}):\n{s}"
    );
    assert!(s.contains("NetHack, Copyright 1985-2023"), "{s}");
    t.keys(&["y"]);
    t.wait_for("Is this ok?");
    t.keys(&["y"]);
    t.wait_message("welcome to NetHack Flanking!  You are a");
    t.wait_message("Flanking rules: dnd (FLANKING=100%, FLANKING_AI=1, FLANKING_RANGED=0).");
    t.save_and_exit();
    drop(t);

    // The restore plays the sysconf of its own start, and says so.
    playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "tactics");
    playground_with(Path::new(GAME), &pg, "FLANKING_AI", "0");
    let t = Tmux::start("e2estart2", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Restoring save file");
    t.keys(&["Enter"]);
    t.wait_message("welcome back to NetHack Flanking!");
    t.wait_message("Flanking rules: tactics (FLANKING=100%, FLANKING_AI=0, FLANKING_RANGED=0).");
}
