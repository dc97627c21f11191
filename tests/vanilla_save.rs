//! Saves stay compatible with vanilla 3.6.7: a game saved by vanilla, built
//! from the same pristine tree and flags with no patches, restores in the
//! variant and goes on, under every facing rule set.

mod common;

use common::{game_cmd, write_config, Scratch, Tmux};
use std::path::Path;
use std::process::Command;

const VARIANT: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn a_vanilla_save_restores_in_the_variant() {
    let vanilla = common::feature_binary("vanilla");
    let out = Command::new(&vanilla).arg("--version").output().unwrap();
    let version = String::from_utf8_lossy(&out.stdout);
    assert!(
        version.starts_with("Unix NetHack Version 3.6.7")
            || version.starts_with("NetHack Version 3.6.7"),
        "the vanilla build should be plain 3.6.7: {version}"
    );

    let scratch = Scratch::new("vanilla-save");
    let vpg = scratch.path().join("vanilla-playground");
    let rc = write_config(scratch.path(), "saver");

    let t = Tmux::start("vsave1", &game_cmd(&vanilla, &vpg, &rc, ""));
    t.wait_for("Dlvl:1");
    let turns = t.pass_turns(4);
    t.save_and_exit();
    drop(t);
    let save = vpg.join("save/0saver.gz");
    assert!(save.is_file(), "vanilla left no save file");

    // The variant restores it and plays on under every facing rule set
    // (sysconf FLANKING_RULES): the hero's facing lives in bits vanilla
    // leaves zero, so the save restores facing south.
    for (i, rules) in common::rule_sets().iter().enumerate() {
        let pg = scratch.path().join(format!("variant-playground-{i}"));
        common::playground_with(Path::new(VARIANT), &pg, "FLANKING_RULES", rules);
        std::fs::create_dir_all(pg.join("save")).unwrap();
        std::fs::copy(&save, pg.join("save/0saver.gz")).unwrap();
        let t = Tmux::start(
            &format!("vsave2-{i}"),
            &game_cmd(Path::new(VARIANT), &pg, &rc, ""),
        );
        t.expect_restored(turns);
        // It goes on: more turns pass in the variant.
        assert!(t.pass_turns(3) >= turns + 3, "under {rules}");
        t.settle();
        t.keys(&["v"]);
        if *rules == "proposal" {
            // The default: `v` says what it always said (the fuzzer's
            // games depend on its length).
            let s = t.wait_message("NetHack Flanking");
            assert!(!s.contains("FLANKING_RULES"), "{s}");
        } else {
            t.wait_message(&format!("FLANKING_RULES={rules}."));
        }
    }
}
