//! `arena`: the arena's driver. It plays every trial of the given `*.arena`
//! scenarios in the real game, one process per trial, under each setting of
//! their `compare:` line, and writes docs/BALANCE.md and
//! docs/balance-chart.svg. `bench/arena.sh` runs it over `arena/`.
//! `arena intervals` answers requests for the same 95% intervals on stdin
//! (the whole-game study's report asks it; `flank_arena::intervals`).
//!
//! Exit status: 0 when done, 1 when a trial failed (the error names the
//! scenario, setting and seed, and the command line that replays it) or a
//! replay differed, 2 for a bad scenario (`FILE:LINE: message`) or a bad
//! command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use flank_arena::num::{duration, percent, plain, thousands};
use flank_arena::report::Meta;
use flank_arena::run::{self, Config, Progress};
use flank_arena::summary::Summary;
use flank_arena::verdict;
use flank_arena::{intervals, write_report};

const USAGE: &str = "\
usage: arena [OPTIONS] FILE|DIR...
       arena intervals

Plays every trial of the *.arena scenarios (a directory: every *.arena in
it, sorted) in the real game, under each setting of their compare: line,
and writes DIR/BALANCE.md and DIR/balance-chart.svg.

  --trials N          trials per scenario and setting instead of each
                      scenario's own trials: (a quick run)
  --jobs J            games at a time [2]
  --game PATH         the game [nethack-flanking beside this program]
  --out DIR           where the report and the chart go [docs]
  --no-write          print the summary and the verdicts; write nothing
  --playgrounds DIR   the playgrounds' root, DIR/SCENARIO/SETTING/
                      [target/arena: ../arena from this program's directory]
  --timeout SECS      kill a trial that runs longer, and fail [60]
  --check-replay      play the first trial of each scenario and setting
                      again and fail unless it prints the same line
  -h, --help          this text

arena intervals: the report's 95% intervals for another program, one
request a line on stdin, one answer a line on stdout: `wilson K N`
(a proportion, Wilson's) or `t X1 X2 ...` (a mean, Student's t), each
answered `ESTIMATE LOW HIGH`, or `-` when there is no interval. (A
directory named `intervals` is `./intervals`.)
";

/// The command line, parsed.
struct Args {
    paths: Vec<PathBuf>,
    trials: Option<u32>,
    jobs: usize,
    game: Option<PathBuf>,
    out: PathBuf,
    write: bool,
    playgrounds: Option<PathBuf>,
    timeout: Duration,
    check_replay: bool,
}

fn parse_args(args: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        paths: Vec::new(),
        trials: None,
        jobs: 2,
        game: None,
        out: PathBuf::from("docs"),
        write: true,
        playgrounds: None,
        timeout: Duration::from_secs(60),
        check_replay: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{name} needs {what}")),
            }
        };
        let number = |v: String, what: &str, min: u64, max: u64| -> Result<u64, String> {
            v.parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("bad {name} `{v}`: {what} from {min} to {max}"))
        };
        match name {
            "-h" | "--help" => return Ok(None),
            "--trials" => {
                a.trials = Some(number(value("a number")?, "a number", 1, 100_000)? as u32)
            }
            "--jobs" => a.jobs = number(value("a number")?, "a number", 1, 256)? as usize,
            "--game" => a.game = Some(PathBuf::from(value("a path")?)),
            "--out" => a.out = PathBuf::from(value("a directory")?),
            "--playgrounds" => a.playgrounds = Some(PathBuf::from(value("a directory")?)),
            "--timeout" => {
                a.timeout = Duration::from_secs(number(value("seconds")?, "seconds", 1, 86_400)?)
            }
            "--no-write" if inline.is_none() => a.write = false,
            "--check-replay" if inline.is_none() => a.check_replay = true,
            "--" => {
                a.paths.extend(it.by_ref().map(PathBuf::from));
            }
            _ if name.starts_with('-') && name.len() > 1 => {
                return Err(format!("unknown option `{arg}`"))
            }
            _ => a.paths.push(PathBuf::from(arg)),
        }
    }
    if a.paths.is_empty() {
        return Err("no scenario given: name *.arena files or directories".into());
    }
    Ok(Some(a))
}

/// This program's directory, to find the game and target/ beside it.
fn own_dir() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("intervals") {
        if argv.len() > 2 {
            eprintln!("arena: `arena intervals` takes no arguments\n\n{USAGE}");
            return ExitCode::from(2);
        }
        return match intervals::serve(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arena intervals: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let args = match parse_args(argv.get(1..).unwrap_or_default()) {
        Ok(Some(a)) => a,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("arena: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let dir = own_dir();
    let Some(game) = args
        .game
        .clone()
        .or_else(|| dir.as_ref().map(|d| d.join("nethack-flanking")))
    else {
        eprintln!("arena: cannot tell where this program is: give --game");
        return ExitCode::from(2);
    };
    if !game.is_file() {
        eprintln!(
            "arena: no game at {}: build it (cargo build --release --bin nethack-flanking) or give --game",
            game.display()
        );
        return ExitCode::FAILURE;
    }
    let Some(playgrounds) = args.playgrounds.clone().or_else(|| {
        dir.as_ref()
            .and_then(|d| d.parent())
            .map(|t| t.join("arena"))
    }) else {
        eprintln!("arena: cannot tell where this program is: give --playgrounds");
        return ExitCode::from(2);
    };
    let abs = |p: PathBuf| std::path::absolute(&p).unwrap_or(p);
    let config = Config {
        game: abs(game),
        playgrounds: abs(playgrounds),
        jobs: args.jobs,
        trials: args.trials,
        timeout: args.timeout,
        check_replay: args.check_replay,
    };
    let command = argv
        .iter()
        .map(|w| run::shell_word(w))
        .collect::<Vec<_>>()
        .join(" ");
    let meta = Meta::here(command, config.jobs, config.trials);

    let scenarios = match run::load_scenarios(&args.paths) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::from(e.exit_code());
        }
    };
    let total: usize = scenarios
        .iter()
        .map(|s| s.compare.len() * config.trials.unwrap_or(s.trials) as usize)
        .sum();
    eprintln!(
        "arena: {} scenarios, {} trials, {} at a time, with {}",
        scenarios.len(),
        thousands(total),
        config.jobs,
        config.game.display()
    );
    let started = Instant::now();
    let mut last_note = Instant::now();
    let mut progress = |p: Progress| {
        let note = format!(
            "{} of {} {}, {}",
            thousands(p.done),
            thousands(p.total),
            p.phase,
            duration(p.elapsed)
        );
        if let Some(name) = p.scenario_done {
            eprintln!("arena: {name} done ({note})");
            last_note = Instant::now();
        } else if last_note.elapsed() >= Duration::from_secs(15) {
            eprintln!("arena: {note}");
            last_note = Instant::now();
        }
    };
    let result = match run::run_all(scenarios, &config, &mut progress) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::from(e.exit_code());
        }
    };

    for sc in &result.scenarios {
        for set in &sc.settings {
            let m = Summary::of(&set.trials);
            println!(
                "{} {}: died {}, HP lost {}, hero bonus/roll {}, foe bonus/roll {}",
                sc.scenario.name,
                set.setting,
                percent(m.death_rate),
                plain(m.hp_lost, 2),
                plain(m.hero_bonus, 2),
                plain(m.foe_bonus, 2)
            );
        }
    }
    for v in verdict::verdicts(&result) {
        println!("verdict: {}: {}", v.claim, v.finding);
    }
    if let Some(n) = result.replayed {
        println!("replays: {n} identical");
    }
    eprintln!(
        "arena: {} trials in {}",
        thousands(result.total_trials()),
        duration(started.elapsed())
    );
    if args.write {
        match write_report(&result, &meta, &args.out) {
            Ok((md, svg)) => println!(
                "wrote the report {} and the chart {}",
                md.display(),
                svg.display()
            ),
            Err(e) => {
                eprintln!(
                    "arena: cannot write the report in {}: {e}",
                    args.out.display()
                );
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
