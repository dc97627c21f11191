//! Every game's rules on record, end to end in tmux as a player would: a
//! game under sysconf `FLANKING_RULES=dnd`, `FLANKING_AI=0` and
//! `FLANKING_RANGED=1` ends (`#quit`), and the xlogfile's line and the dump
//! log's header name all four flanking settings and their code; the dump
//! log is where a new playground puts it by default, named as servers
//! name them (`dumplog/%n.%d.txt`).

mod common;

use common::{game_cmd, write_config, Scratch, Tmux};
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
    t.text("#quit");
    t.keys(&["Enter"]);
    t.wait_for("Really quit?");
    t.keys(&["y"]);
    t.wait_for("identified?");
    t.keys(&["q"]);
    // the tombstone and the score list, each behind a --More--
    t.answer_until_exit();

    let xlog = std::fs::read_to_string(pg.join("xlogfile")).unwrap();
    let line = xlog.lines().last().expect("an xlogfile line");
    for field in [
        "name=recorder",
        "death=quit",
        "flanking=100",
        "flankrules=dnd",
        "flankai=0",
        "flankranged=1",
        "flankcode=nf-dnd-100-a0-r1",
    ] {
        assert!(
            line.split('\t').any(|f| f == field),
            "the xlogfile line lacks {field}: {line}"
        );
    }

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
