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
/// which game and which rules he plays: the banner names the variant, and
/// the welcome says "NetHack Flanking" and, in the same message, the rule
/// set and where to read about it, with what differs from sysconf's
/// defaults by its sysconf name; a restore plays the sysconf of its own
/// start, and when that differs from the settings the game was last
/// played under, it says both; the records say it too: the xlogfile's
/// `flankchanges=` counts the change, and the dump log lists it with its
/// turn.
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
    // one message: the welcome on the same screen as the rules, with no
    // --More-- between them (a full or new moon's message may follow)
    let s = t.wait_top_message("Flanking rules: dnd (? explains them).");
    assert!(s.contains("welcome to NetHack Flanking!  You are a"), "{s}");
    t.save_and_exit();
    drop(t);

    // The restore plays the sysconf of its own start, and says so.
    playground_with(Path::new(GAME), &pg, "FLANKING_RULES", "tactics");
    playground_with(Path::new(GAME), &pg, "FLANKING_AI", "0");
    let t = Tmux::start("e2estart2", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Restoring save file");
    t.keys(&["Enter"]);
    let s = t.wait_top_message("Flanking rules: tactics, FLANKING_AI=0 (? explains them).");
    assert!(s.contains("welcome back to NetHack Flanking!"), "{s}");
    t.wait_top_message(
        "This game was last played under dnd (FLANKING=100%, FLANKING_AI=1, \
         FLANKING_RANGED=0); it plays under tactics (FLANKING=100%, \
         FLANKING_AI=0, FLANKING_RANGED=0) now.",
    );
    t.save_and_exit();
    drop(t);

    // Restored again under the same settings: nothing more to say.
    let t = Tmux::start("e2estart3", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Restoring save file");
    t.keys(&["Enter"]);
    let s = t.wait_top_message("Flanking rules: tactics, FLANKING_AI=0 (? explains them).");
    t.settle();
    let after = t.screen().unwrap_or_default();
    assert!(
        !s.contains("last played under") && !after.contains("last played under"),
        "{s}\n{after}"
    );
    t.text("#quit");
    t.keys(&["Enter"]);
    t.wait_for("Really quit?");
    t.keys(&["y"]);
    t.wait_for("identified?");
    t.keys(&["q"]);
    t.answer_until_exit();
    let xlog = std::fs::read_to_string(pg.join("xlogfile")).unwrap();
    let line = xlog.lines().last().expect("an xlogfile line");
    println!("xlogfile: {line}");
    for field in ["flankrules=tactics", "flankai=0", "flankchanges=1"] {
        assert!(line.split('\t').any(|f| f == field), "{field}: {line}");
    }
    let dumps: Vec<_> = std::fs::read_dir(pg.join("dumplog"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dumps.len(), 1, "one dump log: {dumps:?}");
    let dump = std::fs::read_to_string(&dumps[0]).unwrap();
    println!("{}", dump.lines().take(8).collect::<Vec<_>>().join("\n"));
    assert!(
        dump.contains("Flanking settings changed 1 time during the game, at restores:"),
        "{dump}"
    );
    let change = dump
        .lines()
        .find(|l| l.starts_with(" turn "))
        .unwrap_or_else(|| panic!("a change with its turn: {dump}"));
    assert!(
        change.ends_with(
            ": from dnd (FLANKING=100%, FLANKING_AI=1, FLANKING_RANGED=0) to \
             tactics (FLANKING=100%, FLANKING_AI=0, FLANKING_RANGED=0)."
        ),
        "{change}"
    );
}
