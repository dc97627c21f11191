//! The variant with sysconf `FLANKING=0` plays the baseline's fuzzer games
//! exactly: the baseline is vanilla with only the `[baseline]` patches
//! (`--features baseline`), and the same seed must give the same closing
//! line, the hero's position, HP, deaths and both RNG states included. That
//! is what lets bench/run.sh measure the hooks' cost on the same game. It
//! holds because the debug fuzzer leaves out the extended commands the
//! variant adds (flagged `VARIANTCMD`, 0001-debug-fuzzer-switch.patch), which
//! the third test checks for every command the series adds.
//!
//! Likewise the variant with sysconf `FLANKING_AI=0` plays the fuzzer games
//! of the variant built without monsters that flank
//! (`--features pre-tactics`: `-DFLANK_NO_TACTICS`, the movement hooks do
//! nothing and `flank_ai_on()` is false whatever sysconf says); and the
//! variant with sysconf `FLANKING_RANGED` unset (off, the default) or 0
//! plays those of the variant built without threats from range
//! (`--features pre-ranged`: `-DFLANK_NO_RANGED`, `flank_ranged_on()` is
//! false). Each build without the feature is given the feature ON in its
//! sysconf, which it must not heed.

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{repo, Scratch};

const VARIANT: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// A few seeds and turns: games that go through fights, deaths, level
/// changes and the fuzzer's typing of extended commands.
const SEEDS: &[u64] = &[1, 2, 3];
const TURNS: u32 = 3000;

/// Makes the playground `pg` with `game` and sets each `KEY=value` of
/// `sysconf` there, replacing any line of that key (none: leave the sysconf
/// as the game wrote it). Set only keys `game` knows: NetHack refuses a
/// sysconf with an unknown key.
fn playground(game: &Path, pg: &Path, sysconf: &[(&str, &str)]) {
    let out = Command::new(game)
        .env("NETHACK_FLANKING_PLAYGROUND", pg)
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success(), "{} --version failed", game.display());
    if sysconf.is_empty() {
        return;
    }
    let path = pg.join("sysconf");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !sysconf.iter().any(|(k, _)| l.starts_with(&format!("{k}="))))
        .map(str::to_string)
        .collect();
    lines.extend(sysconf.iter().map(|(k, v)| format!("{k}={v}")));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// The fuzzer's options: the same hero every game, no prompts.
fn fuzz_rc(scratch: &Scratch) -> PathBuf {
    let rc = scratch.path().join("fuzz.rc");
    std::fs::write(
        &rc,
        "OPTIONS=name:wizard,role:Valkyrie,race:human,gender:female,align:neutral\n\
         OPTIONS=!legacy,!news,!splash_screen\n",
    )
    .unwrap();
    rc
}

/// A game, in its playground, under a name for the report.
struct Player<'a> {
    name: &'a str,
    game: &'a Path,
    pg: &'a Path,
}

/// Plays every seed of SEEDS with both; a report of each game whose
/// closing lines differ.
fn differing_games(a: &Player, b: &Player, rc: &Path) -> Vec<String> {
    let mut differ = Vec::new();
    for &seed in SEEDS {
        let la = closing_line(a.game, a.pg, rc, seed);
        let lb = closing_line(b.game, b.pg, rc, seed);
        if la != lb {
            differ.push(format!(
                "--fuzz={seed},{TURNS}:\n  {:<14}{la}\n  {:<14}{lb}",
                a.name, b.name
            ));
        }
    }
    differ
}

/// A fuzzer game takes about a second; one that runs this long waits for a
/// key that stdin will never give.
const GAME_TIMEOUT: Duration = Duration::from_secs(120);

/// One fuzzer run; its closing line from "ended;" on. A run that does not
/// end in GAME_TIMEOUT is killed and fails with the last of its screen: a
/// sysconf error (a key the game does not know) leaves NetHack waiting for
/// a key, forever.
fn closing_line(game: &Path, pg: &Path, rc: &Path, seed: u64) -> String {
    let mut child = Command::new(game)
        .env("NETHACK_FLANKING_PLAYGROUND", pg)
        .env("NETHACKOPTIONS", format!("@{}", rc.display()))
        .env("TERM", "xterm")
        .args(["-D", &format!("--fuzz={seed},{TURNS}")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let screen = std::thread::spawn(move || {
        // only the screen's last few KB, for the report
        let (mut tail, mut chunk) = (Vec::new(), [0u8; 8192]);
        while let Ok(n @ 1..) = stdout.read(&mut chunk) {
            tail.extend_from_slice(&chunk[..n]);
            if tail.len() > 16384 {
                tail.drain(..tail.len() - 4096);
            }
        }
        tail
    });
    let mut stderr = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > GAME_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let screen = screen.join().unwrap();
    let stderr = err.join().unwrap();
    let Some(status) = status else {
        let tail = &screen[screen.len().saturating_sub(1024)..];
        panic!(
            "{} --fuzz={seed},{TURNS} in {} did not end in {} s (a sysconf error?); \
             the last of its screen:\n{}",
            game.display(),
            pg.display(),
            GAME_TIMEOUT.as_secs(),
            String::from_utf8_lossy(tail)
        );
    };
    let err = String::from_utf8_lossy(&stderr);
    assert!(
        status.success(),
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
    let rc = fuzz_rc(&scratch);
    let bpg = scratch.path().join("baseline");
    let vpg = scratch.path().join("variant-off");
    let onpg = scratch.path().join("variant-on");
    playground(&baseline, &bpg, &[]);
    playground(variant, &vpg, &[("FLANKING", "0")]);
    playground(variant, &onpg, &[("FLANKING", "100")]);

    let differ = differing_games(
        &Player {
            name: "baseline",
            game: &baseline,
            pg: &bpg,
        },
        &Player {
            name: "FLANKING=0",
            game: variant,
            pg: &vpg,
        },
        &rc,
    );
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

/// The requirement: with FLANKING_AI=0, a fuzzer game is identical to one
/// played by the build without monsters that flank: same seed, same closing
/// line. That
/// build is `pre-tactics`, the variant compiled without monsters that
/// flank; its sysconf turns them on, and it has none to turn on.
#[test]
fn flanking_ai_off_replays_the_pre_tactics_fuzzer_games() {
    let pre = common::feature_binary("pre-tactics");
    let variant = Path::new(VARIANT);
    let scratch = Scratch::new("same-game-ai");
    let rc = fuzz_rc(&scratch);
    let ppg = scratch.path().join("pre-tactics");
    let vpg = scratch.path().join("variant-ai-off");
    playground(&pre, &ppg, &[("FLANKING_AI", "1")]);
    playground(variant, &vpg, &[("FLANKING_AI", "0")]);

    let differ = differing_games(
        &Player {
            name: "pre-tactics",
            game: &pre,
            pg: &ppg,
        },
        &Player {
            name: "FLANKING_AI=0",
            game: variant,
            pg: &vpg,
        },
        &rc,
    );
    assert!(
        differ.is_empty(),
        "FLANKING_AI=0 should play the pre-tactics build's game:\n{}",
        differ.join("\n")
    );
}

/// Threats from range are off by default, and the variant with
/// sysconf `FLANKING_RANGED` unset or `FLANKING_RANGED=0` plays the fuzzer
/// games of the build without them, `pre-ranged`, the variant compiled
/// without threats from range; its sysconf turns them on, and it has none
/// to turn on.
#[test]
fn flanking_ranged_off_replays_the_pre_ranged_fuzzer_games() {
    let pre = common::feature_binary("pre-ranged");
    let variant = Path::new(VARIANT);
    let scratch = Scratch::new("same-game-ranged");
    let rc = fuzz_rc(&scratch);
    let ppg = scratch.path().join("pre-ranged");
    let unset = scratch.path().join("variant-ranged-unset");
    let zero = scratch.path().join("variant-ranged-0");
    playground(&pre, &ppg, &[("FLANKING_RANGED", "1")]);
    playground(variant, &unset, &[]);
    playground(variant, &zero, &[("FLANKING_RANGED", "0")]);
    // The sysconf the variant ships may name the key, but not turn it on;
    // the unset playground has no line of it at all.
    let sysconf = unset.join("sysconf");
    let text = std::fs::read_to_string(&sysconf).unwrap();
    let shipped: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("FLANKING_RANGED="))
        .collect();
    assert!(
        shipped.iter().all(|l| l.trim_end() == "FLANKING_RANGED=0"),
        "the shipped sysconf turns threats from range on: {shipped:?}"
    );
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("FLANKING_RANGED="))
        .collect();
    std::fs::write(&sysconf, kept.join("\n") + "\n").unwrap();
    let pre = Player {
        name: "pre-ranged",
        game: &pre,
        pg: &ppg,
    };

    let mut differ = differing_games(
        &pre,
        &Player {
            name: "(unset)",
            game: variant,
            pg: &unset,
        },
        &rc,
    );
    differ.extend(differing_games(
        &pre,
        &Player {
            name: "FLANKING_RANGED=0",
            game: variant,
            pg: &zero,
        },
        &rc,
    ));
    assert!(
        differ.is_empty(),
        "FLANKING_RANGED unset or 0 should play the pre-ranged build's game:\n{}",
        differ.join("\n")
    );
}

/// The one fixture getter hands every consumer every field, so the
/// pre-ranged build's harness, which cannot build threats from range,
/// sees them and refuses each such fixture by name, never skipping one
/// without a word nor checking it without them.
#[test]
fn the_pre_ranged_harness_names_what_it_cannot_build() {
    let pre = common::feature_binary("pre-ranged");
    let scratch = Scratch::new("pre-ranged-harness");
    let dir = repo().join("tests/fixtures/ranged");
    let out = Command::new(&pre)
        .env("NETHACK_FLANKING_PLAYGROUND", scratch.path().join("pg"))
        .env("TERM", "xterm")
        .env_remove("NETHACKOPTIONS")
        .arg("--flank-fixtures")
        .arg(&dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let files = rust_flanking::fixture::collect(&[dir]).unwrap();
    let mut ranged = 0;
    for f in &files {
        let f = rust_flanking::fixture::Fixture::load(f).unwrap();
        let want = if f.ranged || !f.far.is_empty() {
            ranged += 1;
            format!(
                "FAIL {}: cannot build it in the game: it uses threats from range",
                f.name
            )
        } else {
            format!("ok {}", f.name)
        };
        assert!(
            stdout.lines().any(|l| l == want),
            "no {want:?} in:\n{stdout}"
        );
    }
    assert!(
        ranged >= 30,
        "only {ranged} fixtures with threats from range"
    );
    assert!(
        stdout.ends_with(&format!(
            "{} passed, {ranged} failed\n",
            files.len() - ranged
        )),
        "{stdout}"
    );
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
