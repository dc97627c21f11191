//! The fixture harness inside the real game (the flanking-fixture-harness patch): every `*.flank`
//! under tests/fixtures becomes a real situation in a real game, scored by
//! the game's own gathering code, with the melee to-hit checked between
//! FLANKING=0 and FLANKING=100. It runs unattended: no terminal needed.
//!
//! The harness builds arc fixtures and facing fixtures (the `facing-*`
//! directories, read through flanking.h ABI 2) alike: a facing fixture's
//! facings, shield, sleep, Rogue attacker and missile are built from real
//! game state (tests/fixtures/README.md), and its zone, to-hit, damage,
//! shield and extras checked against what the game works out. A test here
//! holds a changed facing expectation to a failure, and a changed
//! expectation of a fixture with threats from range.
//!
//! The movement fixtures (`*.move`, tests/fixtures/moves) run from the
//! same entry point, through the real m_move()/dog_move(); a `*` moved to
//! another square, or a wait where the mover steps, fails in the game.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{repo, Scratch};
use rust_flanking::movement::MoveFixture;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

fn harness(playground: &Path, paths: &[&Path]) -> Output {
    Command::new(GAME)
        .env("NETHACK_FLANKING_PLAYGROUND", playground)
        .env("TERM", "xterm")
        .env_remove("NETHACKOPTIONS")
        .arg("--flank-fixtures")
        .args(paths)
        .stdin(Stdio::null())
        .output()
        .expect("run the game")
}

/// Runs the harness on `dir` and wants it to fail with a line that starts
/// with `want`; its standard output.
fn fails_with(playground: &Path, dir: &Path, want: &str) -> String {
    let out = harness(playground, &[dir]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.starts_with(want)),
        "no {want:?} in:\n{stdout}"
    );
    stdout
}

fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    rust_flanking::fixture::collect(&[dir.to_path_buf()]).unwrap()
}

fn move_files(dir: &Path) -> Vec<PathBuf> {
    rust_flanking::movement::collect(&[dir.to_path_buf()]).unwrap()
}

/// The directories of tests/fixtures, arc and facing (`facing-*`) alike,
/// sorted.
fn fixture_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/fixtures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// Copies every file under `from` into `to`, keeping the layout.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dst = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &dst);
        } else {
            std::fs::copy(entry.path(), dst).unwrap();
        }
    }
}

#[test]
fn every_fixture_passes_in_the_game() {
    let scratch = Scratch::new("fixture-harness");
    let dirs = fixture_dirs();
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| fixture_files(d)).collect();
    assert!(files.len() >= 195, "only {} fixtures found", files.len());
    let facing = files
        .iter()
        .filter(|p| {
            rust_flanking::fixture::Fixture::load(p)
                .unwrap()
                .uses_facing()
        })
        .count();
    assert!(facing >= 100, "only {facing} facing fixtures found");

    let moves = move_files(&repo().join("tests/fixtures"));
    assert!(moves.len() >= 12, "only {} movement fixtures", moves.len());

    let paths: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let out = harness(&scratch.path().join("playground"), &paths);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the harness failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    let lines: Vec<&str> = stdout.lines().collect();
    let (summary, results) = lines.split_last().expect("no output");
    assert_eq!(
        results.len(),
        files.len() + moves.len(),
        "one line per fixture:\n{stdout}"
    );
    for line in results {
        assert!(line.starts_with("ok "), "{line}\n{stdout}");
    }
    // One line per fixture, in the files' sorted order, the movement
    // fixtures after the others.
    let names = files
        .iter()
        .map(|p| rust_flanking::fixture::Fixture::load(p).unwrap().name)
        .chain(moves.iter().map(|p| MoveFixture::load(p).unwrap().name));
    for (line, name) in results.iter().zip(names) {
        assert_eq!(*line, format!("ok {name}"));
    }
    let n = moves.len();
    assert_eq!(
        *summary,
        format!(
            "{} passed, 0 failed ({n} of {n} movement fixtures passed)",
            files.len() + n
        )
    );
    assert!(stderr.is_empty(), "stderr: {stderr}");
    // No lock or level files left behind, no save, no paniclog.
    common::assert_nothing_left(&scratch.path().join("playground"), "flankfx");
}

/// A run of the harness on changed copies of some fixtures.
struct ChangedRun {
    scratch: Scratch,
    stdout: String,
}

impl ChangedRun {
    /// Copies `files` (paths under tests/fixtures) into a scratch directory
    /// `tag`, changes `from` to `to` in each `(file, from, to)` of
    /// `changes` (the copy's file name; `from` must be there), writes each
    /// `(file, text)` of `written` beside them, runs the harness on them all
    /// and wants it to fail with one line per file and a summary.
    fn new(
        tag: &str,
        files: &[&str],
        changes: &[(&str, &str, &str)],
        written: &[(&str, &str)],
    ) -> ChangedRun {
        let scratch = Scratch::new(tag);
        let copy = scratch.path().join("fixtures");
        std::fs::create_dir_all(&copy).unwrap();
        for f in files {
            let from = repo().join("tests/fixtures").join(f);
            std::fs::copy(&from, copy.join(from.file_name().unwrap())).unwrap();
        }
        for (file, from, to) in changes {
            let path = copy.join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains(from), "{file}: {text}");
            std::fs::write(&path, text.replace(from, to)).unwrap();
        }
        for (file, text) in written {
            std::fs::write(copy.join(file), text).unwrap();
        }
        let out = harness(&scratch.path().join("playground"), &[&copy]);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(!out.status.success(), "a wrong value must fail:\n{stdout}");
        assert_eq!(
            stdout.lines().count(),
            files.len() + written.len() + 1,
            "one line per fixture and a summary:\n{stdout}"
        );
        ChangedRun { scratch, stdout }
    }

    /// The copy of the fixture file `name`.
    fn copy(&self, name: &str) -> PathBuf {
        self.scratch.path().join("fixtures").join(name)
    }

    /// Line `i` of the harness's output.
    fn line(&self, i: usize) -> &str {
        self.stdout.lines().nth(i).unwrap()
    }

    /// Wants line `i` to say that fixture `name` passed.
    fn passed(&self, i: usize, name: &str) {
        assert_eq!(self.line(i), format!("ok {name}"), "{}", self.stdout);
    }

    /// Wants line `i` to be fixture `name` failing on its `what`: scored,
    /// not refused as a fixture the game cannot build.
    fn failed_on(&self, i: usize, name: &str, what: &str) {
        let line = self.line(i);
        let why = line
            .strip_prefix(&format!("FAIL {name}: "))
            .unwrap_or_else(|| panic!("no FAIL for {name}:\n{}", self.stdout));
        assert!(
            why.contains(what) && !why.contains("cannot build"),
            "{name} must fail on its {what}: {line}"
        );
    }

    /// Wants the last line to be `summary`, and nothing left behind.
    fn ends(&self, summary: &str) {
        assert_eq!(self.stdout.lines().last(), Some(summary), "{}", self.stdout);
        common::assert_nothing_left(&self.scratch.path().join("playground"), "flankfx");
    }
}

/// Scored, not refused: each changed facing fixture fails on what was
/// changed ("FAIL d03-rear-plus-4: got zone 2, expected 1"), and the
/// unchanged one still passes in the same run.
#[test]
fn a_changed_facing_expectation_fails_in_the_game() {
    // t02: a backstab's 150% damage, said to be 125%.
    let t02 = std::fs::read_to_string(
        repo().join("tests/fixtures/facing-tactics/t02-example2-backstab.flank"),
    )
    .unwrap();
    let damage = t02
        .lines()
        .find(|l| l.starts_with("expect-damage: "))
        .expect("t02 has an expect-damage line");
    assert!(damage.starts_with("expect-damage: 150%"), "{damage}");
    let run = ChangedRun::new(
        "fixture-harness-facing",
        &[
            "facing-dnd/d01-front.flank",
            "facing-dnd/d03-rear-plus-4.flank",
            "facing-tactics/t02-example2-backstab.flank",
        ],
        &[
            // d03: attacked from the rear, said to be the flank.
            (
                "d03-rear-plus-4.flank",
                "\nexpect-zone: rear\n",
                "\nexpect-zone: flank\n",
            ),
            ("t02-example2-backstab.flank", damage, "expect-damage: 125%"),
        ],
        &[],
    );
    run.passed(0, "d01-front");
    run.failed_on(1, "d03-rear-plus-4", "zone");
    run.failed_on(2, "t02-example2-backstab", "damage");
    run.ends("1 passed, 2 failed");
}

/// One changed expectation in each of the field's directories fails by
/// name, on the to-hit, and not as a fixture the game cannot build: a
/// NerfHack attacker of level 20 said to get the level 10 bonus, a Sil-Q
/// foe behind the hero said to count as one beside it; a clause the game
/// must build for real (a stunned flanker, the hero's Elbereth) still
/// passes in the same run.
#[test]
fn a_changed_field_expectation_fails_in_the_game() {
    let run = ChangedRun::new(
        "fixture-harness-field",
        &[
            "peer-nerfhack/n10-stunned-flanker.flank",
            "peer-nerfhack/n17-elbereth-hero-defender.flank",
            "peer-nerfhack/n23-level-20.flank",
            "peer-silq/s04-behind.flank",
        ],
        &[
            (
                "n23-level-20.flank",
                "\nexpect-hit: 10\n",
                "\nexpect-hit: 5\n",
            ),
            ("s04-behind.flank", "\nexpect-hit: 2\n", "\nexpect-hit: 1\n"),
        ],
        &[],
    );
    run.passed(0, "n10-stunned-flanker");
    run.passed(1, "n17-elbereth-hero-defender");
    run.failed_on(2, "n23-level-20", "to-hit");
    run.failed_on(3, "s04-behind", "to-hit");
    run.ends("2 passed, 2 failed");
}

/// Built and scored, not refused: the game's archer counts; the unchanged
/// fixture still passes in the same run.
#[test]
fn a_changed_ranged_expectation_fails_in_the_game() {
    // r01: the archer 3 squares east, said not to count (the score of the
    // jackal's bite alone).
    let run = ChangedRun::new(
        "fixture-harness-ranged",
        &["ranged/r01-bow.flank", "ranged/r14-blocked-boulder.flank"],
        &[("r01-bow.flank", "\nexpect: 4\n", "\nexpect: 0\n")],
        &[],
    );
    run.failed_on(0, "r01-bow", "got 4");
    run.passed(1, "r14-blocked-boulder");
    run.ends("1 passed, 1 failed");
}

/// A `*` moved to another square, or a wait where the mover steps, fails
/// in the game; an unknown species is refused by name, with its file and
/// line.
#[test]
fn a_moved_movement_square_fails_in_the_game() {
    let run = ChangedRun::new(
        "fixture-harness-moves",
        &[
            "moves/m02-wall-lone.move",
            "moves/m07-waits-at-most-three.move",
        ],
        &[
            // m02: the '*' one square west, onto the square south of the
            // hero (where the jackal's bite counts 1 and vanilla does not
            // go either)
            ("m02-wall-lone.move", "\n......*....\n", "\n.....*.....\n"),
            // m07: a step one turn before the bound ends the wait
            (
                "m07-waits-at-most-three.move",
                "\nexpect: wait wait wait move\n",
                "\nexpect: wait wait move\n",
            ),
        ],
        &[(
            "zz-unknown.move",
            "mover: j\nexpect: wait\ncreature j: jackalope\nmap:\n.@..\n...j\nend\n",
        )],
    );
    assert_eq!(
        run.line(0),
        format!(
            "FAIL m02-wall-lone: {}: run 1, turn 1: expected a step to a '*' square, \
             but it went to row 3 col 7 (and 7 more)",
            run.copy("m02-wall-lone.move").display()
        ),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.line(1),
        format!(
            "FAIL m07-waits-at-most-three: {}: run 1, turn 3: expected a step to a '*' \
             square, but it stayed on row 2 col 8 (and 7 more)",
            run.copy("m07-waits-at-most-three.move").display()
        ),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.line(2),
        format!(
            "FAIL zz-unknown: cannot build it in the game: unknown species `jackalope` ({}:3)",
            run.copy("zz-unknown.move").display()
        ),
        "{}",
        run.stdout
    );
    run.ends("0 passed, 3 failed (0 of 3 movement fixtures passed)");
    // the unchanged files pass, named one by one too
    let one = harness(
        &run.scratch.path().join("playground"),
        &[&repo().join("tests/fixtures/moves/m02-wall-lone.move")],
    );
    assert!(one.status.success());
    assert_eq!(
        String::from_utf8_lossy(&one.stdout),
        "ok m02-wall-lone\n1 passed, 0 failed (1 of 1 movement fixtures passed)\n"
    );
    common::assert_nothing_left(&run.scratch.path().join("playground"), "flankfx");
}

#[test]
fn a_wrong_expected_value_fails_and_a_bad_file_is_named() {
    let scratch = Scratch::new("fixture-harness-bad");
    let copy = scratch.path().join("fixtures");
    copy_dir(&repo().join("tests/fixtures/proposal"), &copy);
    let files = fixture_files(&copy);

    // p09: expect 6 -> 5.5
    let p09 = copy.join("p09-pinned-north.flank");
    let text = std::fs::read_to_string(&p09).unwrap();
    assert!(text.contains("\nexpect: 6\n"));
    std::fs::write(&p09, text.replace("\nexpect: 6\n", "\nexpect: 5.5\n")).unwrap();

    let out = harness(&scratch.path().join("playground"), &[&copy]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "a wrong value must fail:\n{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l == "FAIL p09-pinned-north: got 6, expected 5.5"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok ")).count(),
        files.len() - 1,
        "{stdout}"
    );
    assert!(
        stdout.ends_with(&format!("{} passed, 1 failed\n", files.len() - 1)),
        "{stdout}"
    );

    // A malformed file: reported with its file and line, the rest still run.
    let bad = copy.join("zz-bad.flank");
    std::fs::write(&bad, "name: zz\nattacker: up\nexpect: 1\n").unwrap();
    std::fs::write(&p09, text).unwrap();
    let pg = scratch.path().join("playground");
    let want = format!("FAIL {}:2: bad direction `up`", bad.display());
    let stdout = fails_with(&pg, &copy, &want);
    assert!(
        stdout.ends_with(&format!("{} passed, 1 failed\n", files.len())),
        "{stdout}"
    );

    // A map larger than the level: refused at its file and line, the rest
    // still run.
    std::fs::remove_file(&bad).unwrap();
    let huge = copy.join("zz-huge.flank");
    let mut text_huge = String::from("name: huge\nattacker: n\nexpect: 0\nmap:\n");
    for r in 0..300 {
        let mid = if r == 150 {
            '@'
        } else if r == 149 {
            'd'
        } else {
            '.'
        };
        text_huge.push_str(&format!("{}{mid}{}\n", ".".repeat(500), ".".repeat(499)));
    }
    text_huge.push_str("end\n");
    std::fs::write(&huge, text_huge).unwrap();
    let want = format!(
        "FAIL {}:5: the map reaches 150 rows above `@`",
        huge.display()
    );
    let stdout = fails_with(&pg, &copy, &want);
    assert!(
        stdout.ends_with(&format!("{} passed, 1 failed\n", files.len())),
        "{stdout}"
    );
    std::fs::remove_file(&huge).unwrap();

    // A symbolic link loop: the search is refused, naming the link, instead
    // of reading the same files forty levels deep.
    let looped = copy.join("sub");
    std::fs::create_dir_all(&looped).unwrap();
    std::os::unix::fs::symlink(&copy, looped.join("back")).unwrap();
    let want = format!(
        "FAIL {}: cannot search for fixtures: {}: a symbolic link loop",
        copy.display(),
        looped.join("back").display()
    );
    fails_with(&pg, &copy, &want);
    std::fs::remove_dir_all(&looped).unwrap();

    // Nothing to run is a failure too.
    let empty = scratch.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = harness(&scratch.path().join("playground"), &[&empty]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 passed, 0 failed\n");
}

#[test]
fn the_harness_is_for_debug_mode_only() {
    let scratch = Scratch::new("fixture-harness-wiz");
    let pg = scratch.path().join("playground");
    std::fs::create_dir_all(&pg).unwrap();
    // A playground whose sysconf allows nobody debug mode.
    let first = harness(
        &pg,
        &[&repo().join("tests/fixtures/proposal/p01-lone-dingo.flank")],
    );
    assert!(first.status.success());
    common::refuse_debug_mode(&pg);
    common::assert_debug_mode_only(&harness(&pg, &[&repo().join("tests/fixtures/proposal")]));
}
