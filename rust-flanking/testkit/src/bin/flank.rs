//! `flank`: check, score and explain `*.flank` fixtures with the Rust engine,
//! and check `*.move` movement fixtures against the planner.
//!
//! ```text
//! flank check FILE|DIR...   every fixture scores its `expect` value, every
//!                           movement fixture's first `move` is the plan's?
//! flank score FILE...       print each fixture's score
//! flank explain FILE        explain one score in the proposal's words
//! flank gen SEED COUNT DIR  write COUNT random valid fixtures of SEED
//! flank rules [--markdown]  every rule set, from the rule-set table
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use flank_harness::fixture::{collect, damage_words, extra_words, Fixture};
use flank_harness::movement::{self, MoveFixture};
use flank_rules::explain::{explain_words, facing_words, format_half_points};
use flank_rules::facing::RuleSet;
use flank_rules::sys::flank_facing_result;
use flank_testkit::rules_markdown;

const USAGE: &str = "usage:
  flank check FILE|DIR...   check that every fixture (*.flank, directories
                            searched recursively) scores its expected value
  flank score FILE...       print NAME: SCORE for each fixture
  flank explain FILE        explain one fixture's score in words
  flank gen SEED COUNT DIR  write COUNT random valid fixtures drawn from
                            SEED (decimal or 0x-hex) into DIR, each with
                            `expect:` set to the engine's score
                            (--facing: with facing fields, expectations
                            set by the engine: flank gen --facing SEED ...;
                            --ranged: with threats from range)
  flank rules               every rule set's name, one a line, the
                            default first (what sysconf accepts)
  flank rules --markdown    the players' table of the rule sets, as
                            README.md shows it

Fixtures with `rules:` (the facing extension) are also checked for their
zone, to-hit bonus, damage, shield and extras.  `check` also reads the
movement fixtures (*.move): when the first turn is `move`, the squares
the planner rates best must be the map's `*` squares.";

/// `println!` that survives a closed pipe (`flank score DIR | head`): when
/// stdout is gone there is nobody left to tell, so the tool stops with a
/// failure status instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(1);
        }
    }};
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("flank: {msg}\n{USAGE}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        return usage("no command given");
    };
    if matches!(cmd.as_str(), "-h" | "--help" | "help") {
        say!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let paths: Vec<PathBuf> = rest.iter().map(PathBuf::from).collect();
    match cmd.as_str() {
        "rules" if rest.is_empty() => {
            for r in RuleSet::all() {
                say!("{}", r.name());
            }
            ExitCode::SUCCESS
        }
        "rules" if rest.len() == 1 && rest[0] == "--markdown" => {
            say!("{}", rules_markdown());
            ExitCode::SUCCESS
        }
        "rules" => usage("`rules` takes nothing, or --markdown"),
        "check" if !paths.is_empty() => check(&paths),
        "score" if !paths.is_empty() => score(&paths),
        "explain" if paths.len() == 1 => explain(&paths[0]),
        "gen" if rest.len() == 3 => gen(&rest[0], &rest[1], &paths[2], Kind::Arc),
        "gen" if rest.len() == 4 && rest[0] == "--facing" => {
            gen(&rest[1], &rest[2], &paths[3], Kind::Facing)
        }
        "gen" if rest.len() == 4 && rest[0] == "--ranged" => {
            gen(&rest[1], &rest[2], &paths[3], Kind::Ranged)
        }
        "gen" => usage("`gen` takes a seed, a count and a directory"),
        "check" | "score" => usage(&format!("`{cmd}` needs at least one file")),
        "explain" => usage("`explain` takes exactly one file"),
        other => usage(&format!("unknown command `{other}`")),
    }
}

/// Parses and scores one fixture: (fixture, half points, the facing
/// result when it uses facing), threats from range counted when it has
/// `ranged: on`.
fn run(path: &std::path::Path) -> Result<(Fixture, u8, Option<flank_facing_result>), String> {
    let fixture = Fixture::load(path).map_err(|e| e.to_string())?;
    let score = fixture
        .score()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let facing = match fixture.facing_result() {
        None => None,
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => return Err(format!("{}: {e}", path.display())),
    };
    Ok((fixture, score, facing))
}

/// A facing result in one line: `zone rear, hit 4, damage 100% +2, shield
/// counts, extra behind turns`.
fn facing_summary(r: &flank_facing_result) -> String {
    format!(
        "zone {}, hit {}, damage {}, shield {}, extra {}",
        ["front", "flank", "rear"]
            .get(usize::from(r.zone))
            .unwrap_or(&"?"),
        format_half_points(r.hit_half_points.into()),
        damage_words(r.damage_percent, r.damage_flat),
        if r.shield_counts != 0 {
            "counts"
        } else {
            "ignored"
        },
        extra_words(r.bits & !flank_rules::facing::bits::ARC)
    )
}

/// A file named on the command line is a movement fixture when it ends in
/// `.move`; directories are searched for both kinds.
fn is_move_file(p: &std::path::Path) -> bool {
    !p.is_dir() && p.extension().is_some_and(|e| e == "move")
}

fn check(paths: &[PathBuf]) -> ExitCode {
    let (move_args, flank_args): (Vec<PathBuf>, Vec<PathBuf>) =
        paths.iter().cloned().partition(|p| is_move_file(p));
    let dirs: Vec<PathBuf> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
    let found = collect(&flank_args).and_then(|flank| {
        let mut moves = movement::collect(&dirs)?;
        moves.extend(move_args);
        Ok((flank, moves))
    });
    let (files, move_files) = match found {
        Ok(f) => f,
        Err(e) => {
            eprintln!("flank: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut passed, mut failed) = (0, 0);
    for path in &files {
        match run(path) {
            Ok((f, got, facing))
                if got == f.expect_half_points
                    && facing.is_none_or(|r| f.facing_mismatches(&r).is_empty()) =>
            {
                say!("ok {}", f.name);
                passed += 1;
            }
            Ok((f, got, Some(r))) if got == f.expect_half_points => {
                say!("FAIL {}: {}", f.name, f.facing_mismatches(&r).join("; "));
                failed += 1;
            }
            Ok((f, got, _)) => {
                say!(
                    "FAIL {}: got {}, expected {}",
                    f.name,
                    format_half_points(got.into()),
                    format_half_points(f.expect_half_points.into())
                );
                failed += 1;
            }
            Err(e) => {
                say!("FAIL {e}");
                failed += 1;
            }
        }
    }
    let (mut moved, mut move_failed) = (0, 0);
    for path in &move_files {
        match MoveFixture::load(path)
            .map_err(|e| e.to_string())
            .and_then(|f| {
                f.check()
                    .map(|_| f.name.clone())
                    .map_err(|e| format!("{}: {e}", f.name))
            }) {
            Ok(name) => {
                say!("ok {name}");
                moved += 1;
            }
            Err(e) => {
                say!("FAIL {e}");
                move_failed += 1;
            }
        }
    }
    passed += moved;
    failed += move_failed;
    if move_files.is_empty() {
        say!("{passed} passed, {failed} failed");
    } else {
        say!(
            "{passed} passed, {failed} failed ({moved} of {} movement fixtures passed)",
            move_files.len()
        );
    }
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        if passed + failed == 0 {
            eprintln!("flank: no *.flank or *.move files found");
        }
        ExitCode::FAILURE
    }
}

fn score(paths: &[PathBuf]) -> ExitCode {
    let mut ok = true;
    for path in paths {
        match run(path) {
            Ok((f, got, None)) => say!("{}: {}", f.name, format_half_points(got.into())),
            Ok((f, got, Some(r))) => say!(
                "{}: {} ({})",
                f.name,
                format_half_points(got.into()),
                facing_summary(&r)
            ),
            Err(e) => {
                eprintln!("{e}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn explain(path: &std::path::Path) -> ExitCode {
    let fixture = match Fixture::load(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match fixture.neighbourhood() {
        Ok(hood) => {
            let extra = fixture.ranged_threats();
            say!("{}", explain_words(&hood.explain_with(extra)));
            if extra != 0 {
                let dirs: Vec<&str> = (0..8u8)
                    .filter(|d| extra & (1 << d) != 0)
                    .map(flank_rules::rules::dir_name)
                    .collect();
                say!("Threatened from range: {}.", dirs.join(", "));
            }
            match fixture.facing_input() {
                None => {}
                Some(Ok(input)) => say!("{}", facing_words(&input, &input.eval_with(extra))),
                Some(Err(e)) => {
                    eprintln!("{}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// A seed in decimal or with a `0x` prefix in hex.
fn parse_seed(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Which generator `flank gen` runs.
enum Kind {
    Arc,
    Facing,
    Ranged,
}

fn gen(seed: &str, count: &str, dir: &std::path::Path, kind: Kind) -> ExitCode {
    let Some(seed) = parse_seed(seed) else {
        return usage(&format!("bad seed `{seed}`: a number, decimal or 0x-hex"));
    };
    let Ok(count) = count.parse::<usize>() else {
        return usage(&format!("bad count `{count}`: a whole number"));
    };
    let written = match kind {
        Kind::Arc => flank_testkit::gen::write_fixtures(dir, seed, count),
        Kind::Facing => flank_testkit::gen::write_facing_fixtures(dir, seed, count),
        Kind::Ranged => flank_testkit::gen::write_ranged_fixtures(dir, seed, count),
    };
    match written {
        Ok(files) => {
            say!(
                "{} fixtures of seed {seed:#x} in {}",
                files.len(),
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("flank: {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}
