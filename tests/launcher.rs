//! The launcher's command line: `--help` prints its options and exits 0 with
//! no terminal and no playground; an unknown `--long` option is refused with
//! a clear message and exit status 2 before NetHack would ignore it and start
//! a game; NetHack's own long options all pass through.

mod common;
#[path = "../rust-flanking/header_names.rs"]
mod header_names;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::Scratch;
use header_names::header_functions;
use nethack_flanking::cli::{self, Action};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

fn run(pg: &Path, args: &[&str]) -> Output {
    Command::new(GAME)
        .env("NETHACK_FLANKING_PLAYGROUND", pg)
        .env_remove("TERM")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn help_prints_the_launchers_options_and_exits() {
    let scratch = Scratch::new("launcher-help");
    let pg = scratch.path().join("playground");
    for flag in ["--help", "-h"] {
        let out = run(&pg, &[flag]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        for what in [
            "--playground",
            "--fuzz[=SEED[,TURNS]]",
            "--fuzz-save",
            "--flank-fixtures",
            "--arena FILE",
            "/nethack.6",
            "-D ",
            "-u NAME",
            "FLANKING=<percent>",
            "FLANKING_RULES=NAME",
            "FLANKING_AI=1|0",
            "FLANKING_RANGED=0|1",
        ] {
            assert!(
                text.contains(what),
                "{flag} does not mention {what}:\n{text}"
            );
        }
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!pg.exists(), "--help made a playground");
    // every rule set sysconf takes, none cut, no line past 79 columns
    let text = String::from_utf8_lossy(&run(&pg, &["--help"]).stdout).into_owned();
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    for r in common::rule_sets() {
        assert!(words.contains(&r), "--help does not name {r}:\n{text}");
    }
    assert!(text.lines().all(|l| l.chars().count() <= 79), "{text}");
}

/// `--showpaths` prints where the files are, in the playground, and exits
/// 0 (it used to change to NetHack's compiled-in directory and fail).
#[test]
fn showpaths_names_the_playground() {
    let scratch = Scratch::new("launcher-showpaths");
    let pg = scratch.path().join("playground");
    let out = run(&pg, &["--showpaths"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(text.contains(&format!("\"{}\"", pg.display())), "{text}");
    assert!(text.contains("system configuration file"), "{text}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("Cannot chdir"),
        "{out:?}"
    );
}

/// A relative `XDG_DATA_HOME` is ignored, as the XDG base directory
/// specification says: the playground is under `$HOME/.local/share`.
#[test]
fn a_relative_xdg_data_home_is_ignored() {
    let scratch = Scratch::new("launcher-xdg");
    let home = scratch.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    for (xdg, want) in [
        ("relative/data", home.join(".local/share")),
        ("", home.join(".local/share")),
        (
            scratch.path().join("xdg").to_str().unwrap(),
            scratch.path().join("xdg"),
        ),
    ] {
        let out = Command::new(GAME)
            .env_remove("NETHACK_FLANKING_PLAYGROUND")
            .env("HOME", &home)
            .env("XDG_DATA_HOME", xdg)
            .arg("--playground")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.trim_end().starts_with(want.to_str().unwrap()),
            "XDG_DATA_HOME={xdg:?}: {text}"
        );
    }
}

/// `-d DIR` would be read by NetHack as stray options after the launcher's
/// own `-d PLAYGROUND` ("Unknown option: -d", "MAXPLAYERS are set in
/// sysconf file.") and a game started anyway, in the default playground:
/// the launcher refuses it, as an unknown option, before any playground is
/// made. `-dec` (DECgraphics) is not it.
#[test]
fn the_directory_option_is_refused_clearly() {
    let scratch = Scratch::new("launcher-dir");
    let pg = scratch.path().join("playground");
    let other = scratch.path().join("x");
    let other = other.to_str().unwrap();
    let joined = format!("-d{other}");
    for args in [["-d", other], ["-D", joined.as_str()]] {
        let out = run(&pg, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("nethack-flanking: -d is not taken")
                && err.contains("NETHACK_FLANKING_PLAYGROUND"),
            "{err}"
        );
        assert!(!err.contains("Unknown option"), "{err}");
        assert!(
            !pg.exists() && !Path::new(other).exists(),
            "-d made a playground"
        );
    }
}

#[test]
fn an_unknown_option_is_refused_clearly() {
    let scratch = Scratch::new("launcher-unknown");
    let pg = scratch.path().join("playground");
    let out = run(&pg, &["-D", "--fuzzz=1,10"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        "nethack-flanking: unknown option --fuzzz=1,10; nethack-flanking --help lists the options"
    );
    assert!(!pg.exists(), "an unknown option made a playground");
    // ... while --playground still answers
    let out = run(&pg, &["--playground"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        pg.to_str().unwrap()
    );
}

/// The game's own errors about the variant's options name the command as
/// the launcher's do ("nethack-flanking: ..."), not the path it was run
/// by (`GAME` is an absolute path).
#[test]
fn the_fuzzers_errors_name_the_command() {
    let scratch = Scratch::new("launcher-fuzz-name");
    let pg = scratch.path().join("playground");
    assert!(Path::new(GAME).is_absolute(), "{GAME}");
    for (args, said) in [
        (
            &["-D", "--fuzz=x"][..],
            "nethack-flanking: bad --fuzz option; use --fuzz[=SEED[,TURNS]]",
        ),
        (
            &["-D", "--fuzz-save"][..],
            "nethack-flanking: --fuzz-save needs --fuzz=SEED,TURNS",
        ),
    ] {
        let out = run(&pg, args);
        assert!(!out.status.success(), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.lines().any(|l| l == said),
            "{args:?}: {said:?} expected, got:\n{err}"
        );
        assert!(!err.contains(GAME), "{args:?} printed the path:\n{err}");
    }
}

/// Every `--long` option the patched sys/unix/unixmain.c compares argv with.
#[test]
fn every_long_option_of_the_game_passes_through() {
    let main_c =
        std::fs::read_to_string(Path::new(env!("NETHACK_BUILD_TREE")).join("sys/unix/unixmain.c"))
            .unwrap();
    let mut found = Vec::new();
    for piece in main_c.split("(*argv, \"--").skip(1) {
        let name: String = piece
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        found.push(format!("--{name}"));
    }
    assert!(
        found.iter().any(|o| o == "--fuzz") && found.iter().any(|o| o == "--flank-fixtures"),
        "no --fuzz or --flank-fixtures in unixmain.c: {found:?}"
    );
    for opt in found {
        let arg = format!("{opt}=1");
        assert_eq!(
            cli::action(&[opt.as_str()]),
            Action::Play,
            "the launcher refuses NetHack's {opt}: add it to cli::NETHACK_LONG_OPTIONS"
        );
        if !opt.ends_with('-') {
            assert_eq!(cli::action(&[arg.as_str()]), Action::Play, "{arg}");
        }
    }
}

/// The engine's functions are called from C only; the launcher calls
/// `rust_flanking::keep_engine()`, which names every function the header
/// declares (rust-flanking/build.rs reads the list from it), so the linker
/// keeps them all: each is defined in the game (binutils' `nm`, which any
/// machine that links the game has).
#[test]
fn the_game_keeps_every_function_of_the_header() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = std::fs::read_to_string(root.join("rust-flanking/include/flanking.h")).unwrap();
    let main = std::fs::read_to_string(root.join("src/main.rs")).unwrap();
    let declared = header_functions(&header);
    assert!(
        declared.len() >= 30,
        "too few prototypes found: {declared:?}"
    );
    assert!(
        main.contains("rust_flanking::keep_engine();"),
        "src/main.rs must call rust_flanking::keep_engine()"
    );
    let nm = Command::new("nm")
        .args(["--defined-only", GAME])
        .output()
        .expect("nm (binutils)");
    assert!(nm.status.success(), "{nm:?}");
    let defined: std::collections::BTreeSet<String> = String::from_utf8_lossy(&nm.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_owned))
        .collect();
    let missing: Vec<_> = declared.difference(&defined).collect();
    assert!(
        missing.is_empty(),
        "the game does not define these functions of the header: {missing:?}"
    );
}

/// A playground the launcher cannot set up (here, a directory where the
/// record file must be: root, who runs the tests, may write anywhere else)
/// stops it with an error naming that file, before any game starts.
#[test]
fn a_playground_it_cannot_set_up_is_named_to_the_file() {
    let scratch = Scratch::new("launcher-bad-playground");
    let pg = scratch.path().join("playground");
    std::fs::create_dir_all(pg.join("record")).unwrap();
    let out = run(&pg, &["--version"]);
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{out:?}");
    assert!(
        text.contains(&format!(
            "cannot set up the playground {}: {}:",
            pg.display(),
            pg.join("record").display()
        )),
        "{text}"
    );
}
