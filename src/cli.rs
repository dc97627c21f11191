//! The launcher's command line: its own options (`--help`, `--playground`),
//! and a check that every other `--long` option is one NetHack knows, since
//! NetHack itself ignores an unknown one and starts a game.

/// What the launcher does with its arguments.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    /// `-h` or `--help`: print [`help`] and exit 0.
    Help,
    /// `--playground`: print the playground's directory and exit 0.
    Playground,
    /// A `--long` option neither the launcher nor NetHack knows: exit 2.
    Unknown(String),
    /// `-d DIR` (or `-dDIR`): NetHack's playground option, which the
    /// launcher gives NetHack itself (its first option, where NetHack reads
    /// it); the player's would be read as stray options and a game started
    /// in the default playground anyway: exit 2.
    Directory,
    /// Everything goes to NetHack.
    Play,
}

/// NetHack's own `--long` options (the names before any `=` or `:`): the
/// early ones of src/allmain.c's `earlyopts[]` (`--version` may be cut to
/// `--vers`), and those the patch series adds to sys/unix/unixmain.c's
/// `process_options()`. A patch that adds one adds it here too
/// (tests/launcher.rs checks).
pub const NETHACK_LONG_OPTIONS: &[&str] = &[
    "--version",
    "--showpaths",
    "--debug",
    "--fuzz",
    "--fuzz-save",
    "--fuzz-restore",
    "--fuzz-level",
    "--fuzz-bones",
    "--flank-fixtures",
    "--arena",
    "--arena-seed",
    "--arena-play",
];

/// NetHack's options that take the next argument as their value, whatever
/// it looks like (`-u --odd-name`).
const TAKES_VALUE: &[&str] = &["-u", "-p", "-r", "--arena"];

/// Decides what to do with the arguments (without the program name).
pub fn action<S: AsRef<[u8]>>(args: &[S]) -> Action {
    let mut unknown = None;
    let mut skip_next = false;
    for arg in args {
        let arg = arg.as_ref();
        if std::mem::take(&mut skip_next) {
            continue;
        }
        match arg {
            b"-h" | b"--help" => return Action::Help,
            b"--playground" => return Action::Playground,
            _ => {}
        }
        if TAKES_VALUE.iter().any(|o| o.as_bytes() == arg) {
            skip_next = true;
        } else if is_directory_option(arg) {
            return Action::Directory;
        } else if arg.starts_with(b"--")
            && arg.len() > 2
            && unknown.is_none()
            && !is_nethack_long(arg)
        {
            unknown = Some(String::from_utf8_lossy(arg).into_owned());
        }
    }
    match unknown {
        Some(opt) => Action::Unknown(opt),
        None => Action::Play,
    }
}

/// Is `arg` NetHack's `-d DIR` (`-dDIR`, `-d=DIR`)? NetHack reads it only
/// as the first option, and `-dec` (DECgraphics) is not it
/// (sys/unix/unixmain.c: `argv[1][2] != 'e'`).
fn is_directory_option(arg: &[u8]) -> bool {
    arg.starts_with(b"-d") && arg.get(2) != Some(&b'e')
}

/// The message for `-d`.
pub fn directory_message() -> String {
    "nethack-flanking: -d is not taken: the launcher runs NetHack in its playground \
     (nethack-flanking --playground prints it); set NETHACK_FLANKING_PLAYGROUND=DIR \
     to play in another"
        .to_string()
}

/// Is `arg` (starting with `--`) one of NetHack's long options?
fn is_nethack_long(arg: &[u8]) -> bool {
    let name_len = arg
        .iter()
        .position(|&c| c == b'=' || c == b':')
        .unwrap_or(arg.len());
    let name = &arg[..name_len];
    // `--version` may be abbreviated to four letters, as NetHack allows
    if name.len() >= b"--vers".len() && b"--version".starts_with(name) {
        return true;
    }
    NETHACK_LONG_OPTIONS.iter().any(|o| o.as_bytes() == name)
}

/// The message for an unknown option.
pub fn unknown_message(opt: &str) -> String {
    let hint = if opt.starts_with("--nethackrc") {
        " (NetHack 3.6.7 has no --nethackrc: NETHACKOPTIONS=@FILE names a config file)"
    } else {
        ""
    };
    format!(
        "nethack-flanking: unknown option {opt}{hint}; nethack-flanking --help lists the options"
    )
}

/// The rule sets sysconf FLANKING_RULES takes, for `--help`: from the
/// rule-set table, wrapped under its column.
fn rule_set_lines() -> String {
    let names: Vec<String> = rust_flanking::facing::RuleSet::all()
        .enumerate()
        .map(|(i, r)| {
            if i == 0 {
                format!("{} (the default)", r.name())
            } else {
                r.name().to_string()
            }
        })
        .collect();
    let mut out = String::new();
    let mut line = String::new();
    // the first line follows "  FLANKING_RULES=NAME   the rule set: "
    let mut indent = 24 + "the rule set: ".len();
    for (i, n) in names.iter().enumerate() {
        let word = if i + 1 < names.len() {
            format!("{n},")
        } else {
            n.clone()
        };
        if !line.is_empty() && indent + line.len() + 1 + word.len() > 78 {
            out.push_str(&line);
            out.push_str("\n                        ");
            line.clear();
            indent = 24;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out
}

/// The text `--help` prints.
pub fn help(version: &str) -> String {
    let rules = rule_set_lines();
    format!(
        "\
nethack-flanking {version}: NetHack 3.6.7 with arc flanking.

Usage: nethack-flanking [OPTION...]

Runs NetHack in your playground (made on the first run; it holds sysconf,
saves, scores and the Guidebook), passing it every option but these.

The launcher's own options:
  -h, --help            print this and exit
  --playground          print the playground's directory and exit: from
                        NETHACK_FLANKING_PLAYGROUND, else
                        $XDG_DATA_HOME/nethack-flanking (~/.local/share/...)

The variant's tools (debug mode: -D, or implied; sysconf WIZARDS must allow
you, as it does in a new playground):
  -D --fuzz[=SEED[,TURNS]]
                        the debug fuzzer plays random keys; --fuzz=SEED,TURNS
                        replays a run and ends it at TURNS (docs/SOAK.md)
  --fuzz-save           with --fuzz=SEED,TURNS: save the game at the limit
  --fuzz-restore        with --fuzz=SEED,TURNS: restore the name's save first
  --fuzz-level=FILE[,LEDGER], --fuzz-bones=FILE[,LEDGER]
                        with --fuzz=SEED,TURNS: at the limit, copy a level
                        file (bones) of the game to FILE; with LEDGER, load
                        FILE as that level's file (bones) at the start
  --flank-fixtures PATH...
                        check *.flank fixtures in the real game (implies -D)
  --arena FILE --arena-seed=SEED
                        play one fight of an arena scenario (implies -D)
  --arena FILE --arena-seed=SEED --arena-play
                        play the scenario yourself: same seed, same game

NetHack's own options, the most used (all of them: its manual page, in the
playground: man -l \"$(nethack-flanking --playground)/nethack.6\"):
  -D                    debug (wizard) mode     -X  explore mode
  -u NAME               play as NAME (a saved game of NAME is restored)
  -p ROLE, -r RACE      choose role and race (-pHea: a Healer; -h is help)
  -@                    a random character
  -s [-v] [NAME...]     show scores and exit
  --version, --showpaths
                        print the version, or where the files are, and exit
The playground is given to NetHack as -d: set NETHACK_FLANKING_PLAYGROUND
instead of -d. Options also come from NETHACKOPTIONS (@FILE: a config file)
and ~/.nethackrc.

The playground's sysconf sets how flanking plays (the Guidebook and the
sysconf file's comments say more):
  FLANKING=<percent>    how much the flanking bonus counts (100; 0 is off)
  FLANKING_RULES=NAME   the rule set: {rules}
  FLANKING_AI=1|0       monsters that flank (on by default)
  FLANKING_RANGED=0|1   threats from range (off by default)
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(args: &[&str]) -> Action {
        action(args)
    }

    #[test]
    fn help_and_playground_are_the_launchers() {
        assert_eq!(act(&["--help"]), Action::Help);
        assert_eq!(act(&["-h"]), Action::Help);
        assert_eq!(act(&["-D", "--help"]), Action::Help);
        assert_eq!(act(&["--playground"]), Action::Playground);
    }

    #[test]
    fn nethacks_options_pass_through() {
        for args in [
            &[][..],
            &["-D"],
            &["-u", "wizard", "-pVal", "-r", "human", "-X", "-@"],
            &["--version"],
            &["--vers"],
            &["--version:paste"],
            &["--showpaths"],
            &["-D", "--fuzz"],
            &["-D", "--fuzz=42,20000", "--fuzz-save"],
            &["--flank-fixtures", "tests/fixtures"],
            &["--flank-fixtures=a.flank", "b.flank"],
            &["--arena", "arena/jackals-open.arena", "--arena-seed=3"],
            &["-s", "-v", "all"],
            &["-dec"],
            &["-u", "-d"],
            &["-u", "--odd-name"],
            &["--debug=test"],
            &["-Healer"],
        ] {
            assert_eq!(act(args), Action::Play, "{args:?}");
        }
    }

    #[test]
    fn an_unknown_long_option_is_refused() {
        assert_eq!(act(&["--hlep"]), Action::Unknown("--hlep".into()));
        assert_eq!(
            act(&["-D", "--fuzzz=1"]),
            Action::Unknown("--fuzzz=1".into())
        );
        assert_eq!(act(&["--ver"]), Action::Unknown("--ver".into()));
        assert!(unknown_message("--nethackrc=x").contains("NETHACKOPTIONS"));
    }

    #[test]
    fn the_directory_option_is_refused() {
        for args in [
            &["-d", "/tmp/x"][..],
            &["-d/tmp/x"],
            &["-d"],
            &["-D", "-d", "x"],
            &["-d=x"],
        ] {
            assert_eq!(act(args), Action::Directory, "{args:?}");
        }
        assert!(directory_message().contains("NETHACK_FLANKING_PLAYGROUND"));
    }
}
