//! `nethack-flanking`: the game.
//!
//! NetHack's own `main` is linked into this binary as `nethack_main`. Before
//! handing over, the launcher makes sure the per-user playground exists:
//! `$XDG_DATA_HOME/nethack-flanking` (default `~/.local/share/...`), or the
//! directory named by `NETHACK_FLANKING_PLAYGROUND`. The first run creates it;
//! later runs keep the player's files (sysconf, record, logs, saves) and only
//! refresh the game's data files when this build's differ.
//!
//! `--help` and `--playground` are the launcher's own options, and a `--long`
//! option that neither it nor NetHack knows is refused (NetHack would ignore
//! it and start a game): see `src/cli.rs`.

use std::ffi::{c_char, c_int, CString, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::PathBuf;
use std::process::ExitCode;

use nethack_flanking::cli;
use nethack_flanking::playground::{self, Playground};

extern "C" {
    /// NetHack's `main()` from sys/unix/unixmain.c, renamed by build.rs. It
    /// ends the process itself.
    fn nethack_main(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

fn main() -> ExitCode {
    // The engine's functions are called from C only: keep them linked.
    rust_flanking::keep_engine();
    let mut args: Vec<OsString> = std::env::args_os().collect();
    let argv0 = if args.is_empty() {
        OsString::from("nethack-flanking")
    } else {
        args.remove(0)
    };
    let action = cli::action(&args.iter().map(|a| a.as_bytes()).collect::<Vec<_>>());
    match &action {
        cli::Action::Help => {
            print!("{}", cli::help(env!("CARGO_PKG_VERSION")));
            return ExitCode::SUCCESS;
        }
        cli::Action::Unknown(opt) => {
            eprintln!("{}", cli::unknown_message(opt));
            return ExitCode::from(2);
        }
        cli::Action::Directory => {
            eprintln!("{}", cli::directory_message());
            return ExitCode::from(2);
        }
        cli::Action::Playground | cli::Action::Play => {}
    }
    let dir = match playground::dir_from_env() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("nethack-flanking: {e}");
            return ExitCode::FAILURE;
        }
    };
    if action == cli::Action::Playground {
        println!("{}", dir.display());
        return ExitCode::SUCCESS;
    }
    let pg = Playground::new(dir);
    if let Err(e) = pg.ensure() {
        eprintln!(
            "nethack-flanking: cannot set up the playground {}: {e}",
            pg.dir().display()
        );
        return ExitCode::FAILURE;
    }
    run_game(argv0, pg.dir().to_path_buf(), absolute_fixture_paths(args))
}

/// `--flank-fixtures[=PATH] [PATH...]` (the fixture harness) and `--arena
/// FILE` (the arena), both debug mode: the game takes relative paths from
/// the playground it changes into, so they are made absolute here, from the
/// directory the launcher started in.
fn absolute_fixture_paths(args: Vec<OsString>) -> Vec<OsString> {
    const OPT: &[u8] = b"--flank-fixtures";
    let Ok(cwd) = std::env::current_dir() else {
        return args;
    };
    let absolute = |p: &[u8]| -> OsString {
        let path = PathBuf::from(OsString::from_vec(p.to_vec()));
        if path.is_absolute() {
            path.into_os_string()
        } else {
            cwd.join(path).into_os_string()
        }
    };
    let mut out = Vec::with_capacity(args.len());
    let mut in_paths = false;
    let mut arena_file = false;
    for arg in args {
        let bytes = arg.clone().into_vec();
        if std::mem::take(&mut arena_file) {
            out.push(absolute(&bytes));
            continue;
        }
        if bytes == b"--arena" {
            in_paths = false;
            arena_file = true;
            out.push(arg);
            continue;
        }
        if bytes.first() == Some(&b'-') {
            in_paths = false;
            if bytes == OPT {
                in_paths = true;
            } else if let Some(p) = bytes.strip_prefix(OPT).and_then(|r| r.strip_prefix(b"=")) {
                if !p.is_empty() {
                    let mut v = b"--flank-fixtures=".to_vec();
                    v.extend(absolute(p).into_vec());
                    out.push(OsString::from_vec(v));
                    continue;
                }
            }
            out.push(arg);
        } else if in_paths {
            out.push(absolute(&bytes));
        } else {
            out.push(arg);
        }
    }
    out
}

/// Runs NetHack with `-d PLAYGROUND` first (it must be the first option),
/// then the player's arguments. `--version` and `--showpaths` go first
/// instead: NetHack answers them before looking at `-d`; `--showpaths`
/// finds the playground in `NETHACKDIR`, which NetHack reads for its
/// directory (patch 0032).
fn run_game(argv0: OsString, dir: PathBuf, args: Vec<OsString>) -> ExitCode {
    let early = args
        .first()
        .map(|a| a == "--version" || a == "--showpaths")
        .unwrap_or(false);
    if args.first().is_some_and(|a| a == "--showpaths") {
        // NetHack prints the names in the playground as it opens them
        // there ("sysconf", "nhdat"): say where that is first.
        println!(
            "The playground, where the game runs and the relative names below are:\n    \"{}\"",
            dir.display()
        );
        std::env::set_var("NETHACKDIR", &dir);
    }
    let mut full = vec![argv0];
    if !early {
        full.push("-d".into());
        full.push(dir.into_os_string());
    }
    full.extend(args);
    let cstrings: Vec<CString> = match full
        .into_iter()
        .map(|a| CString::new(a.into_vec()))
        .collect()
    {
        Ok(v) => v,
        Err(_) => {
            eprintln!("nethack-flanking: an argument holds a NUL byte");
            return ExitCode::FAILURE;
        }
    };
    let mut argv: Vec<*mut c_char> = cstrings.iter().map(|c| c.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    let argc = (argv.len() - 1) as c_int;
    // SAFETY: argv is a NULL-terminated array of NUL-terminated strings that
    // outlive the call (NetHack keeps pointers into it until it exits, and
    // `cstrings` is never dropped before then since nethack_main exits).
    let rc = unsafe { nethack_main(argc, argv.as_mut_ptr()) };
    std::mem::forget(cstrings);
    ExitCode::from(rc.clamp(0, 255) as u8)
}
