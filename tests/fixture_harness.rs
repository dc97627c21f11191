//! The fixture harness inside the real game (the flanking-fixture-harness patch): every `*.flank`
//! under tests/fixtures becomes a real situation in a real game, scored by
//! the game's own gathering code, with the melee to-hit checked between
//! FLANKING=0 and FLANKING=100. It runs unattended: no terminal needed.
//!
//! The harness builds arc fixtures. The facing fixtures (`facing-*`
//! directories, flanking.h ABI 2) run at the Rust and C ABI layers; the game
//! refuses each of them by name until it builds facing (issue 12's game
//! half), and a test here holds it to that.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{repo, Scratch};

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

fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    rust_flanking::fixture::collect(&[dir.to_path_buf()]).unwrap()
}

/// The directories of tests/fixtures, split into those the game builds
/// (arc fixtures) and the facing ones (`facing-*`), each sorted.
fn fixture_dirs() -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/fixtures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.into_iter().partition(|d| {
        !d.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("facing-")
    })
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
    let (dirs, _) = fixture_dirs();
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| fixture_files(d)).collect();
    assert!(files.len() >= 59, "only {} fixtures found", files.len());

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
        files.len(),
        "one line per fixture:\n{stdout}"
    );
    for line in results {
        assert!(line.starts_with("ok "), "{line}\n{stdout}");
    }
    // One line per fixture, in the files' sorted order.
    for (line, path) in results.iter().zip(&files) {
        let f = rust_flanking::fixture::Fixture::load(path).unwrap();
        assert_eq!(*line, format!("ok {}", f.name));
    }
    assert_eq!(*summary, format!("{} passed, 0 failed", files.len()));
    assert!(stderr.is_empty(), "stderr: {stderr}");
    // No lock or level files left behind, no save, no paniclog.
    common::assert_nothing_left(&scratch.path().join("playground"), "flankfx");
}

#[test]
fn every_facing_fixture_is_refused_by_name_not_scored_as_the_arc() {
    let scratch = Scratch::new("fixture-harness-facing");
    let (_, dirs) = fixture_dirs();
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| fixture_files(d)).collect();
    assert!(
        files.len() >= 100,
        "only {} facing fixtures found",
        files.len()
    );

    let paths: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let out = harness(&scratch.path().join("playground"), &paths);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let (summary, results) = lines.split_last().expect("no output");
    assert_eq!(
        results.len(),
        files.len(),
        "one line per fixture:\n{stdout}"
    );
    for (line, path) in results.iter().zip(&files) {
        let f = rust_flanking::fixture::Fixture::load(path).unwrap();
        let want = format!("FAIL {}: cannot build it in the game: ", f.name);
        assert!(
            line.starts_with(&want) && line.contains("uses facing"),
            "{line}"
        );
    }
    assert_eq!(*summary, format!("0 passed, {} failed", files.len()));
    common::assert_nothing_left(&scratch.path().join("playground"), "flankfx");
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
    let out = harness(&scratch.path().join("playground"), &[&copy]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    let want = format!("FAIL {}:2: bad direction `up`", bad.display());
    assert!(
        stdout.lines().any(|l| l.starts_with(&want)),
        "no {want:?} in:\n{stdout}"
    );
    assert!(
        stdout.ends_with(&format!("{} passed, 1 failed\n", files.len())),
        "{stdout}"
    );

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
    let sysconf = pg.join("sysconf");
    let text = std::fs::read_to_string(&sysconf).unwrap();
    std::fs::write(&sysconf, text.replace("WIZARDS=*", "WIZARDS=nobody-at-all")).unwrap();
    let out = harness(&pg, &[&repo().join("tests/fixtures/proposal")]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("debug mode only"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
