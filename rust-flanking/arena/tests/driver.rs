//! The arena's driver (`src/main.rs`) end to end, with a stand-in for
//! the game: a shell script that sets up its playground when asked
//! `--version` (as the launcher does before every game) and answers
//! `--arena FILE --arena-seed=SEED` with a line made from the seed and the
//! playground's sysconf. It checks the playgrounds, the report and the
//! chart, the verdict lines, and the three ways a run fails: a bad scenario
//! (exit 2), a failing trial and a replay that differs (exit 1); and
//! `arena intervals` as another program talks to it.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const DRIVER: &str = env!("CARGO_BIN_EXE_arena");

/// A fresh scratch directory under the workspace's target/, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/test-scratch")
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The stand-in. Scenarios named `*open*` cost 3 more HP with FLANKING on,
/// and the hero dies on every third seed; nothing else depends on the
/// setting. A scenario naming the species `jackel` is refused as the game
/// would; `crash` in a name makes it fail; `flaky` makes a trial's line
/// depend on how many games ran before it.
const FAKE_GAME: &str = r#"#!/bin/sh
set -eu
pg=$NETHACK_FLANKING_PLAYGROUND
if [ "$*" = --version ]; then
    mkdir -p "$pg"
    [ -f "$pg/sysconf" ] || printf 'WIZARDS=*\n#FLANKING=100\n' >"$pg/sysconf"
    echo "stand-in 1.0"
    exit 0
fi
file=""; seed=""
for a in "$@"; do
    case $a in
        --arena) ;;
        --arena-seed=*) seed=${a#--arena-seed=} ;;
        *) file=$a ;;
    esac
done
n=$(grep -n 'jackel' "$file" | head -n 1 | cut -d: -f1 || true)
if [ -n "$n" ]; then
    echo "$file:$n: unknown species \`jackel\`" >&2
    exit 1
fi
name=$(sed -n 's/^name: *//p' "$file")
f=$(sed -n 's/^FLANKING=//p' "$NETHACK_FLANKING_PLAYGROUND/sysconf")
[ -n "$f" ] || { echo "no FLANKING line in the sysconf" >&2; exit 3; }
case $name in *crash*) echo "Segmentation fault" >&2; exit 139 ;; esac
turns=$((20 + seed % 7))
case $name in *flaky*)
    echo x >>"$NETHACK_FLANKING_PLAYGROUND/runs"
    turns=$(wc -l <"$NETHACK_FLANKING_PLAYGROUND/runs") ;;
esac
extra=0; bonus=0; outcome=won
case $name in *open*) if [ "$f" -gt 0 ]; then extra=3; bonus=2; fi ;; esac
hp_end=$((10 - seed % 4 - extra))
if [ "$extra" -gt 0 ] && [ $((seed % 3)) -eq 0 ]; then outcome=died; hp_end=0; fi
echo "arena name=$name seed=$seed outcome=$outcome turns=$turns hp_start=16 hp_end=$hp_end hero_rolls=10 hero_hits=$((4 + seed % 3)) hero_bonus=0 foe_rolls=20 foe_hits=$((6 + seed % 5)) foe_bonus=$((bonus * 20)) missile_rolls=0 missile_hits=0 missile_bonus=0 kick_rolls=0 kick_hits=0 kick_bonus=0 spell_rolls=0 spell_hits=0 pet_rolls=$((seed % 2)) pet_hits=0 pet_bonus=$bonus mvm_rolls=0 mvm_hits=0 mvm_bonus=0 flanking=$f"
"#;

fn scenario(name: &str, species: &str) -> String {
    format!(
        "name: {name}\nhero: Valkyrie 1\npolicy: hold\ntrials: 30\nturns: 100\nseed: 1\n\
         compare: FLANKING=0 | FLANKING=100\nmonster j: {species}\nmap:\n-----\n|j.@|\n-----\nend\n"
    )
}

struct Setup {
    scratch: Scratch,
    game: PathBuf,
}

impl Setup {
    fn new(tag: &str) -> Setup {
        let scratch = Scratch::new(tag);
        let game = scratch.path().join("fake-game");
        std::fs::write(&game, FAKE_GAME).unwrap();
        std::fs::set_permissions(&game, std::fs::Permissions::from_mode(0o755)).unwrap();
        Setup { scratch, game }
    }

    /// Writes `DIR/NAME.arena` and returns DIR.
    fn scenarios(&self, dir: &str, list: &[(&str, &str)]) -> PathBuf {
        let dir = self.scratch.path().join(dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, species) in list {
            std::fs::write(dir.join(format!("{name}.arena")), scenario(name, species)).unwrap();
        }
        dir
    }

    fn driver(&self, args: &[&str], paths: &[&Path]) -> Output {
        Command::new(DRIVER)
            .arg("--game")
            .arg(&self.game)
            .arg("--playgrounds")
            .arg(self.scratch.path().join("playgrounds"))
            .arg("--out")
            .arg(self.scratch.path().join("docs"))
            .args(args)
            .args(paths)
            .output()
            .expect("run the driver")
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn a_run_writes_the_report_the_chart_and_the_verdicts() {
    let s = Setup::new("arena-driver-run");
    let dir = s.scenarios(
        "arena",
        &[("jackals-open", "jackal"), ("jackals-corridor", "jackal")],
    );
    let out = s.driver(&["--check-replay", "--jobs", "2"], &[&dir]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("verdict: Choke points protect the hero: supported"),
        "{stdout}"
    );
    assert!(stdout.contains("verdict: Pets flank for the hero: not measured"));
    assert!(stdout.contains("replays: 4 identical"), "{stdout}");
    assert!(stderr.contains("jackals-open done"), "{stderr}");

    // Each setting's playground has exactly its value.
    for (set, value) in [
        ("FLANKING=0", "FLANKING=0"),
        ("FLANKING=100", "FLANKING=100"),
    ] {
        let sysconf = std::fs::read_to_string(
            s.scratch
                .path()
                .join("playgrounds/jackals-open")
                .join(set)
                .join("sysconf"),
        )
        .unwrap();
        let lines: Vec<&str> = sysconf
            .lines()
            .filter(|l| l.starts_with("FLANKING="))
            .collect();
        assert_eq!(lines, [value]);
    }
    // The game's lines are kept, in seed order.
    let kept = std::fs::read_to_string(
        s.scratch
            .path()
            .join("playgrounds/jackals-open/FLANKING=100/trials.txt"),
    )
    .unwrap();
    let seeds: Vec<&str> = kept
        .lines()
        .map(|l| l.split(' ').nth(2).unwrap_or(""))
        .collect();
    assert_eq!(seeds.len(), 30);
    assert_eq!((seeds[0], seeds[29]), ("seed=1", "seed=30"));
    assert!(kept.ends_with(" flanking=100\n"), "{kept}");

    let md = std::fs::read_to_string(s.scratch.path().join("docs/BALANCE.md")).unwrap();
    for want in [
        "*Generated: do not edit by hand.*",
        "2 scenarios, 120 trials",
        "## Verdicts",
        "**Choke points protect the hero: supported.**",
        "**Pets flank for the hero: not measured.** `pet-flanks` was not run.",
        "**Running through hordes costs: not measured.**",
        "| jackals-open | FLANKING=100 | FLANKING=0 | 30 | +4.77 [+3.83, +5.70] | **real** | +33.3 pp [+15.2, +51.2] | **real** | 10 / 0 / 0 |",
        "| jackals-corridor | FLANKING=100 | FLANKING=0 | 30 | +0.00 [+0.00, +0.00] | not real |",
        "### jackals-open",
        "| FLANKING=0 | 30 | 30 / 0 / 0 / 0 | 0.0% [0.0, 11.4] |",
        "| FLANKING=100 | 30 | 20 / 10 / 0 / 0 |",
        "the first trial of each of the 4 scenario and setting pairs was played again",
        "## Method",
    ] {
        assert!(md.contains(want), "BALANCE.md lacks `{want}`:\n{md}");
    }
    let svg = std::fs::read_to_string(s.scratch.path().join("docs/balance-chart.svg")).unwrap();
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    // The legend names each setting in full after its short name, and each
    // scenario's panel its scenario.
    assert!(
        svg.contains("<tspan font-weight=\"bold\">prop</tspan> FLANKING=100</text>")
            && svg.contains(">jackals-open</text>"),
        "{svg}"
    );
}

#[test]
fn a_bad_scenario_stops_the_run_with_status_2() {
    let s = Setup::new("arena-driver-bad");
    let dir = s.scenarios("arena", &[("jackals-open", "jackal"), ("typo", "jackel")]);
    let out = s.driver(&["--no-write"], &[&dir]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let file = std::path::absolute(dir.join("typo.arena")).unwrap();
    assert!(
        stderr.contains(&format!("{}:8: unknown species `jackel`", file.display())),
        "{stderr}"
    );
    assert!(!s.scratch.path().join("docs").exists());

    // One the driver's own parser refuses: the same status, no game run.
    std::fs::write(dir.join("typo.arena"), "name: x\nhero: Valkyrie 0\n").unwrap();
    let out = s.driver(&[], &[&dir]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("typo.arena:2: bad hero level `0`"));

    // A scene the game's tests play (`policy: player`) is not the arena's
    // to measure: refused by file and line, no game run.
    std::fs::write(
        dir.join("typo.arena"),
        "name: x\nhero: Valkyrie 1\npolicy: player\nmap:\n---\n|@|\n---\nend\n",
    )
    .unwrap();
    let out = s.driver(&[], &[&dir]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("typo.arena:3: `policy: player` is played by a player (--arena-play)"),
        "{stderr}"
    );
    assert!(!s.scratch.path().join("docs").exists());
}

#[test]
fn a_failing_trial_names_its_seed_and_replay() {
    let s = Setup::new("arena-driver-crash");
    let dir = s.scenarios("arena", &[("crash", "jackal")]);
    let out = s.driver(&["--trials", "3"], &[&dir]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("scenario crash ("), "{stderr}");
    assert!(stderr.contains("Segmentation fault"), "{stderr}");
    assert!(
        stderr.contains("replay: NETHACK_FLANKING_PLAYGROUND="),
        "{stderr}"
    );
    assert!(stderr.contains(" --arena-seed="), "{stderr}");
}

#[test]
fn a_replay_that_differs_fails() {
    let s = Setup::new("arena-driver-flaky");
    let dir = s.scenarios("arena", &[("flaky", "jackal")]);
    let out = s.driver(
        &[
            "--trials",
            "2",
            "--jobs",
            "1",
            "--check-replay",
            "--no-write",
        ],
        &[&dir],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the replay differs"), "{stderr}");
}

#[test]
fn bad_command_lines_get_status_2() {
    for args in [&["--jobs", "0", "x"][..], &["--frobnicate"], &[]] {
        let out = Command::new(DRIVER).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("usage: arena"));
    }
}

#[test]
fn intervals_answer_each_request_as_it_comes() {
    let mut child = Command::new(DRIVER)
        .arg("intervals")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |request: &str| {
        writeln!(input, "{request}").unwrap();
        input.flush().unwrap();
        let mut reply = String::new();
        output.read_line(&mut reply).unwrap();
        reply
    };
    // Each answer comes before the next request is written.
    assert_eq!(ask("wilson 0 0"), "-\n");
    let w: Vec<f64> = ask("wilson 5 10")
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(w[0], 0.5);
    assert!((w[1] - 0.23659).abs() < 5e-5 && (w[2] - 0.76341).abs() < 5e-5);
    assert!(ask("wilson ten 10").starts_with("error: line 3: bad K `ten`"));
    let t: Vec<f64> = ask("t 1 3")
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    assert!((t[2] - 14.706204736174694).abs() < 1e-9, "{t:?}");
    drop(input);
    assert!(child.wait().unwrap().success());

    let out = Command::new(DRIVER)
        .args(["intervals", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("takes no arguments"));
}
