//! Every game's rules on record, end to end in tmux as a player would: a
//! game under sysconf `FLANKING_RULES=dnd`, `FLANKING_AI=0` and
//! `FLANKING_RANGED=1` ends (`#quit`), and the xlogfile's line and the dump
//! log's header name all four flanking settings and their code; the dump
//! log is where a new playground puts it by default, named as servers
//! name them (`dumplog/%n.%d.txt`).
//!
//! What flanking did in a game is on the same line: `flanktaken=`,
//! `flankdealt=` (integers: the blows flanking changed, by their to-hit or
//! their damage, the whole game's) and `flankkill=` (0 or 1), 0 for a
//! game that quits at once, and `flankchanges=` (how often the settings
//! changed at a restore: e2e_game.rs's start test changes them); and a game that dies of flanked blows (the scene
//! `tests/scenes/records-flanked.arena`, a fixed seed) says so, where the
//! same game with `FLANKING=0` counts nothing; under `tactics`, whose zones
//! change damage and never to-hit, the same game counts blows too; a death
//! of something else after flanked blows hit (a scroll of genocide read)
//! is `flankkill=0`; the counts of a game saved and restored are the
//! whole game's.

mod common;

use common::{game_cmd, write_config, Scene, Scratch, Tmux};
use std::path::Path;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn a_game_records_its_four_flanking_settings() {
    let scratch = Scratch::new("e2e-records");
    let pg = scratch.path().join("playground");
    for (key, value) in [
        ("FLANKING_RULES", "dnd"),
        ("FLANKING_AI", "0"),
        ("FLANKING_RANGED", "1"),
    ] {
        common::playground_with(Path::new(GAME), &pg, key, value);
    }
    // A new playground writes a dump log of every game, into dumplog/.
    let sysconf = std::fs::read_to_string(pg.join("sysconf")).unwrap();
    assert!(
        sysconf
            .lines()
            .any(|l| l == "DUMPLOGFILE=dumplog/%n.%d.txt"),
        "{sysconf}"
    );
    assert!(pg.join("dumplog").is_dir());

    let rc = write_config(scratch.path(), "recorder");
    let t = Tmux::start("e2erec", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Dlvl:1");
    t.settle();
    quit(&t);
    let line = &end_and_xlog_line(&t, &pg);
    for field in [
        "name=recorder",
        "death=quit",
        "flanking=100",
        "flankrules=dnd",
        "flankai=0",
        "flankranged=1",
        "flankcode=nf-dnd-100-a0-r1",
        // nothing happened: no blow, no death
        "flanktaken=0",
        "flankdealt=0",
        "flankkill=0",
        // played under one set of settings throughout
        "flankchanges=0",
    ] {
        assert!(
            line.split('\t').any(|f| f == field),
            "the xlogfile line lacks {field}: {line}"
        );
    }
    // the three counts follow flankcode=, in this order, then the number
    // of times the settings changed
    let names: Vec<&str> = line
        .split('\t')
        .map(|f| f.split('=').next().unwrap())
        .collect();
    let at = names.iter().position(|n| *n == "flankcode").unwrap();
    assert_eq!(
        names[at + 1..],
        ["flanktaken", "flankdealt", "flankkill", "flankchanges"],
        "{line}"
    );

    println!("xlogfile: {line}");

    let dumps: Vec<_> = std::fs::read_dir(pg.join("dumplog"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(dumps.len(), 1, "one dump log: {dumps:?}");
    let name = dumps[0].file_name().unwrap().to_string_lossy().into_owned();
    let stamp = name
        .strip_prefix("recorder.")
        .and_then(|s| s.strip_suffix(".txt"))
        .unwrap_or_else(|| panic!("a dump log named recorder.DATE.txt: {name}"));
    assert!(
        stamp.len() == 14 && stamp.bytes().all(|b| b.is_ascii_digit()),
        "%d is YYYYMMDDhhmmss: {name}"
    );
    let dump = std::fs::read_to_string(&dumps[0]).unwrap();
    println!(
        "{name}:\n{}",
        dump.lines().take(6).collect::<Vec<_>>().join("\n")
    );
    assert!(
        dump.contains(
            "Flanking: FLANKING=100%, FLANKING_RULES=dnd, FLANKING_AI=0, \
             FLANKING_RANGED=1 (nf-dnd-100-a0-r1)."
        ),
        "{dump}"
    );
}

/// `#quit`, and yes to "Really quit?" (the game then asks what it asks at
/// its end: `end_and_xlog_line()`).
fn quit(t: &Tmux) {
    t.text("#quit");
    t.keys(&["Enter"]);
    t.wait_for("Really quit?");
    t.keys(&["y"]);
}

/// Answers the end of a game (the "identified?" question, then the
/// tombstone and the score list, each behind a --More--) and returns the
/// xlogfile's last line.
fn end_and_xlog_line(t: &Tmux, pg: &Path) -> String {
    t.wait_for("identified?");
    t.keys(&["q"]);
    t.answer_until_exit();
    let xlog = std::fs::read_to_string(pg.join("xlogfile")).unwrap();
    xlog.lines().last().expect("an xlogfile line").to_string()
}

/// The fields of an xlogfile line, by name.
fn xlog_field<'a>(line: &'a str, name: &str) -> &'a str {
    line.split('\t')
        .find_map(|f| f.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
        .unwrap_or_else(|| panic!("the xlogfile line lacks {name}=: {line}"))
}

/// Plays the scene `records-flanked` under sysconf `key`=`value` (the
/// seed fixed: the same keys play the same game every time): the hero
/// fights the ant to her west (`F` `h`) until she dies, then the game
/// ends; the xlogfile's line.
fn die_among_ants(tag: &str, key: &str, value: &str) -> String {
    let scratch = Scratch::new(tag);
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, key, value);
    let rc = write_config(scratch.path(), "flanked");
    let scene = Scene::new("records-flanked");
    assert_eq!(scene.one('f'), (-2, 0));
    let (t, _, _) = Tmux::play_scene(tag, &scene, Path::new(GAME), &pg, &rc);
    let mut died = false;
    for _ in 0..400 {
        let s = t.settle();
        if s.contains("Die?") {
            t.keys(&["y"]);
            died = true;
            break;
        }
        if s.contains("--More--") {
            t.keys(&["Enter"]);
        } else {
            t.keys(&["F", "h"]);
        }
    }
    assert!(
        died,
        "the hero did not die:\n{}",
        t.screen().unwrap_or_default()
    );
    let line = end_and_xlog_line(&t, &pg);
    println!("{key}={value}: {line}");
    assert!(
        xlog_field(&line, "death").starts_with("killed by"),
        "{line}"
    );
    for name in ["flanktaken", "flankdealt"] {
        let v = xlog_field(&line, name);
        assert!(v.parse::<u64>().is_ok(), "{name}={v}: {line}");
    }
    assert!(
        ["0", "1"].contains(&xlog_field(&line, "flankkill")),
        "{line}"
    );
    line
}

#[test]
fn a_death_by_flanked_blows_is_on_record() {
    // Four ants around her: every blow of theirs has a bonus while two
    // stand opposite each other, the one that kills her too.
    let line = die_among_ants("e2erec-flanked", "FLANKING", "100");
    assert_eq!(xlog_field(&line, "flanking"), "100", "{line}");
    let taken: u64 = xlog_field(&line, "flanktaken").parse().unwrap();
    assert!(taken > 0, "flanked blows hit her: {line}");
    // her kitten beyond the ant she fights: her blow that lands has a bonus
    let dealt: u64 = xlog_field(&line, "flankdealt").parse().unwrap();
    assert!(dealt > 0, "she landed a flanked blow: {line}");
    assert_eq!(xlog_field(&line, "flankkill"), "1", "{line}");

    // The same game with flanking off counts nothing: no roll gets a bonus.
    let line = die_among_ants("e2erec-plain", "FLANKING", "0");
    assert_eq!(xlog_field(&line, "flanking"), "0", "{line}");
    for field in ["flanktaken=0", "flankdealt=0", "flankkill=0"] {
        assert!(line.split('\t').any(|f| f == field), "{field}: {line}");
    }
}

#[test]
fn blows_whose_damage_alone_flanking_changed_are_on_record() {
    // tactics: its zones change damage (x1.25 from a flank, x1.5 from the
    // rear, 20% off for a shield struck from the front) and give no to-hit
    // point, and every shield counts. No roll of this game gets a point,
    // so every blow on record is one whose damage flanking changed: the
    // ants north, south and east of her strike her flank and rear, and
    // the one she faces strikes her shield (her small shield).
    let line = die_among_ants("e2erec-tactics", "FLANKING_RULES", "tactics");
    assert_eq!(xlog_field(&line, "flankrules"), "tactics", "{line}");
    let taken: u64 = xlog_field(&line, "flanktaken").parse().unwrap();
    assert!(
        taken > 0,
        "blows flanking changed the damage of hit her: {line}"
    );
    assert_eq!(xlog_field(&line, "flankkill"), "1", "{line}");
}

#[test]
fn a_later_death_is_not_the_flanked_blows() {
    // The same scene: the ants' flanked blows hit her for a few turns
    // (debug mode's "Die?" answered no), then she reads a scroll of
    // genocide and names her own role. She dies of that, not of a blow:
    // flankkill=0 though flanked blows hit her (the flag the blow raised
    // was lowered when the blow was over).
    let scratch = Scratch::new("e2erec-later");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING", "100");
    let rc = write_config(scratch.path(), "flanked");
    let scene = Scene::new("records-flanked");
    let (t, _, _) = Tmux::play_scene("e2erec-later", &scene, Path::new(GAME), &pg, &rc);
    // (unidentified, it is "x - a scroll labeled ...")
    t.keys(&["C-w"]);
    t.wait_for("For what do you wish?");
    t.text("uncursed scroll of genocide");
    t.keys(&["Enter"]);
    let s = t.wait_for(" - a scroll ");
    let scroll = s
        .lines()
        .next()
        .and_then(|l| l.split(" - a scroll ").next())
        .filter(|l| l.len() == 1)
        .unwrap_or_else(|| panic!("no scroll wished for:\n{s}"))
        .to_string();
    t.settle();
    let mut searched = 0;
    while searched < 3 {
        let s = t.settle();
        if s.contains("Die?") {
            t.keys(&["n"]);
        } else if s.contains("--More--") {
            t.keys(&["Enter"]);
        } else {
            t.keys(&["s"]);
            searched += 1;
        }
    }
    let mut asked = false;
    for _ in 0..20 {
        let s = t.settle();
        if s.contains("Die?") && asked {
            t.keys(&["y"]);
            break;
        } else if s.contains("Die?") {
            t.keys(&["n"]);
        } else if s.contains("want to genocide?") {
            t.text("valkyrie");
            t.keys(&["Enter"]);
            asked = true;
        } else if s.contains("--More--") {
            t.keys(&["Enter"]);
        } else if !asked {
            t.keys(&["r", &scroll]);
        }
    }
    assert!(
        asked,
        "no genocide asked:\n{}",
        t.screen().unwrap_or_default()
    );
    let line = &end_and_xlog_line(&t, &pg);
    println!("{line}");
    assert!(xlog_field(line, "death").contains("genocide"), "{line}");
    let taken: u64 = xlog_field(line, "flanktaken").parse().unwrap();
    assert!(taken > 0, "flanked blows hit her first: {line}");
    assert_eq!(xlog_field(line, "flankkill"), "0", "{line}");
}

/// [`quit`] in debug mode, which asks "Dump core?" first (no).
fn quit_debug(t: &Tmux) {
    quit(t);
    t.wait_for("Dump core?");
    t.keys(&["n"]);
}

/// Plays the scene `records-flanked` (the seed fixed: the same keys play
/// the same game) for `blows` of the hero's `F` `h` at the ant to her
/// west, debug mode's "Die?" answered no; the game goes on.
fn fight_among_ants(tag: &str, pg: &Path, rc: &Path, blows: u32) -> Tmux {
    let scene = Scene::new("records-flanked");
    let (t, _, _) = Tmux::play_scene(tag, &scene, Path::new(GAME), pg, rc);
    let mut struck = 0;
    loop {
        let s = t.settle();
        if s.contains("Die?") {
            t.keys(&["n"]);
        } else if struck < blows {
            t.keys(&["F", "h"]);
            struck += 1;
        } else {
            return t;
        }
    }
}

#[test]
fn the_counts_survive_a_save_and_restore() {
    // The same game twice: three blows among the ants, then `#quit`; and
    // three blows, `S`, a restore, and `#quit` before any other blow. The
    // restored game's counts are the whole game's, the blows before the
    // save included (a count kept only in memory would be 0 there).
    let scratch = Scratch::new("e2erec-kept");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "FLANKING", "100");
    let rc = write_config(scratch.path(), "flanked");

    let t = fight_among_ants("e2erec-kept1", &pg, &rc, 3);
    quit_debug(&t);
    let whole = end_and_xlog_line(&t, &pg);
    drop(t);
    println!("played through: {whole}");
    let taken: u64 = xlog_field(&whole, "flanktaken").parse().unwrap();
    assert!(taken > 0, "flanked blows hit her in three turns: {whole}");

    let t = fight_among_ants("e2erec-kept2", &pg, &rc, 3);
    t.save_and_exit();
    drop(t);
    let t = Tmux::start("e2erec-kept3", &game_cmd(Path::new(GAME), &pg, &rc, "-D"));
    t.wait_for("Restoring save file");
    t.keys(&["Enter"]);
    t.wait_until("keep the save file?", true, 20)
        .unwrap_or_else(|s| panic!("no restore:\n{s}"));
    t.keys(&["n"]);
    t.settle();
    quit_debug(&t);
    let restored = end_and_xlog_line(&t, &pg);
    println!("saved and restored: {restored}");
    for name in ["flanktaken", "flankdealt", "flankkill"] {
        assert_eq!(
            xlog_field(&restored, name),
            xlog_field(&whole, name),
            "{name}: {restored}\n{whole}"
        );
    }
    assert_eq!(xlog_field(&restored, "flankchanges"), "0", "{restored}");
}

/// A name holding bytes from 0x80 up (a C1 control, NEL, and a UTF-8 line
/// separator, which some readers of the xlogfile take for a line's end;
/// the start refuses only control characters below 0x80) goes into the
/// records cleaned: each such byte a '?'. The xlogfile's line and the
/// logfile's hold no byte from 0x80 up.
#[test]
fn a_name_enters_the_records_cleaned() {
    let scratch = Scratch::new("e2ernm");
    let pg = scratch.path().join("playground");
    let rc = write_config(scratch.path(), "zo\u{85}\u{e9}\u{2028}x");
    let t = Tmux::start("e2ernm", &game_cmd(Path::new(GAME), &pg, &rc, ""));
    t.wait_for("Dlvl:1");
    t.settle();
    quit(&t);
    let line = end_and_xlog_line(&t, &pg);
    let xlog = std::fs::read(pg.join("xlogfile")).unwrap();
    println!("--- xlogfile: {line}");
    assert_eq!(xlog_field(&line, "name"), "zo???????x", "{line}");
    assert!(
        xlog.iter().all(|&b| b < 0x80),
        "the xlogfile holds a byte from 0x80 up"
    );
    assert_eq!(
        xlog.iter().filter(|&&b| b == b'\n').count(),
        1,
        "one game, one line"
    );
    if let Ok(log) = std::fs::read(pg.join("logfile")) {
        assert!(
            log.iter().all(|&b| b < 0x80),
            "the logfile holds a byte from 0x80 up"
        );
        assert!(
            String::from_utf8_lossy(&log).contains("zo???????x"),
            "the logfile's name is not cleaned"
        );
    }
}

/// Save files tell the uid from the name: a name starting with a digit is
/// saved as `save/<uid>-<name>` (vanilla's `save/<uid><name>` made uid
/// 100's "1alice" the file of uid 1001's alice, which her game then
/// refused and deleted); any other name keeps vanilla's file name, so a
/// vanilla save of it still restores. Each is restored from it.
#[test]
fn save_names_tell_the_uid_from_the_name() {
    let scratch = Scratch::new("e2ersn");
    let pg = scratch.path().join("playground");
    let uid = {
        let out = std::process::Command::new("id").arg("-u").output().unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    for (name, file) in [
        ("1alice", format!("{uid}-1alice.gz")),
        ("alice", format!("{uid}alice.gz")),
    ] {
        let dir = scratch.path().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let rc = write_config(&dir, name);
        let t = Tmux::start(
            &format!("e2ersn{name}"),
            &game_cmd(Path::new(GAME), &pg, &rc, ""),
        );
        t.wait_for("Dlvl:1");
        t.settle();
        t.save_and_exit();
        assert!(
            pg.join("save").join(&file).is_file(),
            "{name}: no save/{file}"
        );
        let t = Tmux::start(
            &format!("e2ersn{name}2"),
            &game_cmd(Path::new(GAME), &pg, &rc, ""),
        );
        t.expect_restored(1);
        assert!(
            !pg.join("save").join(&file).exists(),
            "{name}: the save is still there"
        );
    }
}
