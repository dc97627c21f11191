//! The variant with sysconf `FLANKING=0` plays the baseline's fuzzer games
//! exactly: the baseline is vanilla with only the `[baseline]` patches
//! (`--features baseline`), and the same seed must give the same closing
//! line, the hero's position, HP, deaths and both RNG states included. That
//! is what lets bench/run.sh measure the hooks' cost on the same game. It
//! holds because the debug fuzzer leaves out the extended commands the
//! variant adds (flagged `VARIANTCMD`, 0001-debug-fuzzer-switch.patch), which
//! the second test checks for every command the series adds.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{repo, Scratch};

const VARIANT: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// A few seeds and turns: games that go through fights, deaths, level
/// changes and the fuzzer's typing of extended commands.
const SEEDS: &[u64] = &[1, 2, 3];
const TURNS: u32 = 3000;

/// Makes the playground `pg` with `game` and sets sysconf FLANKING there
/// (None: leave the sysconf as the game wrote it).
fn playground(game: &Path, pg: &Path, flanking: Option<u32>) {
    let out = Command::new(game)
        .env("NETHACK_FLANKING_PLAYGROUND", pg)
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success(), "{} --version failed", game.display());
    if let Some(percent) = flanking {
        let sysconf = pg.join("sysconf");
        let text = std::fs::read_to_string(&sysconf).unwrap();
        let mut lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("FLANKING="))
            .collect();
        let line = format!("FLANKING={percent}");
        lines.push(&line);
        std::fs::write(&sysconf, lines.join("\n") + "\n").unwrap();
    }
}

/// One fuzzer run; its closing line from "ended;" on.
fn closing_line(game: &Path, pg: &Path, rc: &Path, seed: u64) -> String {
    let out = Command::new(game)
        .env("NETHACK_FLANKING_PLAYGROUND", pg)
        .env("NETHACKOPTIONS", format!("@{}", rc.display()))
        .env("TERM", "xterm")
        .args(["-D", &format!("--fuzz={seed},{TURNS}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{} --fuzz={seed},{TURNS} failed:\n{err}",
        game.display()
    );
    let line = err
        .lines()
        .find(|l| l.starts_with("fuzzer: seed ") && l.contains(" ended; "))
        .unwrap_or_else(|| panic!("no closing line from {}:\n{err}", game.display()));
    // "fuzzer: seed 1, 3000 turns, ended; Dlvl:4 HP:4(33) ... rng:N,N"
    assert!(line.contains(" rng:"), "{line}");
    line.split_once(" ended; ").unwrap().1.to_string()
}

#[test]
fn flanking_off_replays_the_baselines_fuzzer_games() {
    let baseline = common::feature_binary("baseline");
    let variant = Path::new(VARIANT);
    let scratch = Scratch::new("same-game");
    let rc = scratch.path().join("fuzz.rc");
    std::fs::write(
        &rc,
        "OPTIONS=name:wizard,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen\n",
    )
    .unwrap();
    let bpg = scratch.path().join("baseline");
    let vpg = scratch.path().join("variant-off");
    let onpg = scratch.path().join("variant-on");
    playground(&baseline, &bpg, None);
    playground(variant, &vpg, Some(0));
    playground(variant, &onpg, Some(100));

    let mut differ = Vec::new();
    for &seed in SEEDS {
        let b = closing_line(&baseline, &bpg, &rc, seed);
        let v = closing_line(variant, &vpg, &rc, seed);
        if b != v {
            differ.push(format!(
                "--fuzz={seed},{TURNS}:\n  baseline      {b}\n  FLANKING=0    {v}"
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "FLANKING=0 should play the baseline's game:\n{}",
        differ.join("\n")
    );

    // Flanking on plays another game: the comparison can fail.
    let on: Vec<String> = SEEDS
        .iter()
        .map(|&s| closing_line(variant, &onpg, &rc, s))
        .collect();
    let off: Vec<String> = SEEDS
        .iter()
        .map(|&s| closing_line(variant, &vpg, &rc, s))
        .collect();
    assert_ne!(on, off, "FLANKING=100 changed no game of seeds {SEEDS:?}");
}

/// The `extcmdlist[]` entries of a cmd.c, by command name: the entry's
/// text from its `{` to its `}`.
fn extcmds(cmd_c: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(cmd_c).unwrap();
    let start = text
        .find("struct ext_func_tab extcmdlist[] = {")
        .expect("no extcmdlist[] in cmd.c");
    let body = &text[start..];
    let body = &body[..body.find("\n};").expect("extcmdlist[] does not end")];
    let mut out = BTreeMap::new();
    let mut rest = body.split_once('{').unwrap().1;
    while let Some(open) = rest.find("\n    {") {
        rest = &rest[open + 5..];
        let close = rest.find("},").or_else(|| rest.find('}')).unwrap();
        let entry = &rest[..close];
        // { key, "name", "description", function, flags[, text] }
        if let Some(name) = entry.split('"').nth(1) {
            out.insert(name.to_string(), entry.to_string());
        }
        rest = &rest[close..];
    }
    out
}

#[test]
fn every_command_the_variant_adds_is_left_out_by_the_fuzzer() {
    let pin = std::fs::read_to_string(repo().join("nethack-src/pin.env")).unwrap();
    let tree = pin
        .lines()
        .find_map(|l| l.strip_prefix("NETHACK_TREE="))
        .unwrap()
        .trim_matches('"');
    let vanilla = extcmds(&repo().join("nethack-src").join(tree).join("src/cmd.c"));
    let variant = extcmds(&Path::new(env!("NETHACK_BUILD_TREE")).join("src/cmd.c"));
    assert!(
        vanilla.len() > 100,
        "only {} vanilla commands",
        vanilla.len()
    );
    assert!(vanilla.contains_key("force") && !vanilla.contains_key("flanking"));
    let added: Vec<&String> = variant
        .keys()
        .filter(|k| !vanilla.contains_key(*k))
        .collect();
    assert!(
        added.iter().any(|k| *k == "flanking"),
        "#flanking is not among the variant's commands: {added:?}"
    );
    for name in added {
        assert!(
            variant[name].contains("VARIANTCMD"),
            "#{name} is the variant's own but not flagged VARIANTCMD, so the debug \
             fuzzer would type it and FLANKING=0 would no longer play the baseline's \
             game: {}",
            variant[name]
        );
    }
    for (name, entry) in &vanilla {
        assert!(
            !variant[name].contains("VARIANTCMD"),
            "vanilla's #{name} is flagged VARIANTCMD: {entry}"
        );
    }
}
