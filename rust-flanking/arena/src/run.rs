//! Running the trials: one playground per scenario and setting, one game
//! process per trial, a few at a time.
//!
//! Trial `i` of a scenario plays seed `scenario.seed + i` under every
//! setting, so the settings are compared seed by seed.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use flank_harness::arena::{Policy, Scenario, Setting};

use super::line::Trial;

/// The file in each playground that keeps the run's lines, in seed order.
pub const TRIALS_FILE: &str = "trials.txt";

/// How to run the trials.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game binary (`nethack-flanking`, or a stand-in in tests).
    pub game: PathBuf,
    /// Where the playgrounds go: `<root>/<scenario>/<setting>/`.
    pub playgrounds: PathBuf,
    /// Game processes at a time (at least 1).
    pub jobs: usize,
    /// Trials per scenario instead of each scenario's `trials:`.
    pub trials: Option<u32>,
    /// A trial that runs longer is killed and reported as an error.
    pub timeout: Duration,
    /// Run the first trial of each scenario and setting again and require
    /// the same line.
    pub check_replay: bool,
}

/// One setting's trials.
#[derive(Debug, Clone)]
pub struct SettingRun {
    /// The setting: sysconf lines.
    pub setting: Setting,
    /// Its playground.
    pub playground: PathBuf,
    /// Trial `i` (seed `scenario.seed + i`) at index `i`.
    pub trials: Vec<Trial>,
}

/// One scenario's trials under each of its settings.
#[derive(Debug, Clone)]
pub struct ScenarioRun {
    /// The scenario.
    pub scenario: Scenario,
    /// Trials per setting in this run.
    pub trials: u32,
    /// One entry per setting of `compare:`, in its order; the first is the
    /// baseline.
    pub settings: Vec<SettingRun>,
}

/// Every scenario's trials.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenarios, in the order given.
    pub scenarios: Vec<ScenarioRun>,
    /// Wall time of all the trials (and the replay check).
    pub elapsed: Duration,
    /// How many trials were replayed (and matched), when checked.
    pub replayed: Option<usize>,
}

impl Run {
    /// The scenario of that name.
    pub fn scenario(&self, name: &str) -> Option<&ScenarioRun> {
        self.scenarios.iter().find(|s| s.scenario.name == name)
    }

    /// The number of trials run (replays not counted).
    pub fn total_trials(&self) -> usize {
        self.scenarios
            .iter()
            .flat_map(|s| &s.settings)
            .map(|s| s.trials.len())
            .sum()
    }
}

/// Why a run stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// A scenario is wrong: `FILE:LINE: message`, from the parser here or
    /// from the game. Nothing was run, or the run stopped at once.
    Scenario(String),
    /// A trial failed: the message names the scenario, setting and seed
    /// and gives the command line that replays it.
    Trial(String),
    /// A replayed trial printed another line.
    Replay(String),
    /// Something else (files, processes).
    Other(String),
}

impl RunError {
    /// The exit status the driver ends with: 2 for a bad scenario, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Scenario(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Scenario(m)
            | RunError::Trial(m)
            | RunError::Replay(m)
            | RunError::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RunError {}

/// Reads every scenario under `paths` (files, or directories of
/// `*.arena`), with absolute paths, and refuses two scenarios of one name.
pub fn load_scenarios(paths: &[PathBuf]) -> Result<Vec<Scenario>, RunError> {
    let files = flank_harness::arena::collect(paths)
        .map_err(|e| RunError::Other(format!("cannot list the scenarios: {e}")))?;
    if files.is_empty() {
        return Err(RunError::Other(format!(
            "no *.arena scenario in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
    let mut out: Vec<Scenario> = Vec::with_capacity(files.len());
    for file in files {
        let file = std::path::absolute(&file).unwrap_or(file);
        let scenario = Scenario::load(&file).map_err(|e| RunError::Scenario(e.to_string()))?;
        if scenario.policy == Policy::Player {
            return Err(RunError::Scenario(format!(
                "{}:{}: `policy: player` is played by a player (--arena-play), not measured by the arena",
                file.display(),
                scenario.policy_line
            )));
        }
        if let Some(other) = out.iter().find(|s| s.name == scenario.name) {
            return Err(RunError::Scenario(format!(
                "{}:0: the scenario name `{}` is already {}'s",
                file.display(),
                scenario.name,
                other.path.display()
            )));
        }
        out.push(scenario);
    }
    Ok(out)
}

/// A name fit for a directory: ASCII letters, digits and `.=+-` kept, any
/// other character made `_`; a setting's lines joined by `+`.
pub fn sanitize(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".=+-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    match s.trim_start_matches('.') {
        "" => "_".to_string(),
        t => t.to_string(),
    }
}

/// The directory name of a setting, e.g. `FLANKING=0+FOO=1`.
pub fn setting_dir(setting: &Setting) -> String {
    sanitize(
        &setting
            .0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("+"),
    )
}

/// Whether a sysconf line sets `key` (`KEY=...`, `KEY = ...`; NetHack
/// reads keys regardless of case), once any leading `#` are taken off
/// when `commented`.
fn sets_key(line: &str, key: &str, commented: bool) -> bool {
    let mut l = line.trim_start();
    if commented {
        if !l.starts_with('#') {
            return false;
        }
        l = l.trim_start_matches('#').trim_start();
    }
    l.get(..key.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(key))
        && l[key.len()..].trim_start().starts_with('=')
}

/// The sysconf `text` with each of the setting's keys set to exactly its
/// value: the first line setting the key becomes `KEY=VALUE` and any
/// later ones go; with none, the first commented-out `#KEY=` line is
/// replaced; else the line is appended.
pub fn apply_setting(text: &str, setting: &Setting) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for (key, value) in &setting.0 {
        let want = format!("{key}={value}");
        let active: Vec<usize> = (0..lines.len())
            .filter(|&i| sets_key(&lines[i], key, false))
            .collect();
        if let Some((&first, rest)) = active.split_first() {
            lines[first] = want;
            for &i in rest.iter().rev() {
                lines.remove(i);
            }
        } else if let Some(i) = (0..lines.len()).find(|&i| sets_key(&lines[i], key, true)) {
            lines[i] = want;
        } else {
            lines.push(want);
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Makes the playground of one setting: the game sets up its own files
/// (`GAME --version`, the playground named in `NETHACK_FLANKING_PLAYGROUND`:
/// as before every game, the launcher makes what is missing, its sysconf
/// among them, refreshes its data files and keeps the rest), then the
/// sysconf gets the setting's lines.
pub fn prepare_playground(game: &Path, dir: &Path, setting: &Setting) -> io::Result<()> {
    let out = Command::new(game)
        .arg("--version")
        .env("NETHACK_FLANKING_PLAYGROUND", dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot run {}: {e}", game.display())))?;
    if !out.status.success() {
        return Err(io::Error::other(format!(
            "{} --version failed ({}): {}",
            game.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        )));
    }
    let path = dir.join("sysconf");
    let old = fs::read_to_string(&path)?;
    let new = apply_setting(&old, setting);
    if new != old {
        let tmp = path.with_extension("new");
        fs::write(&tmp, new)?;
        fs::rename(&tmp, &path)?;
    }
    Ok(())
}

/// A word as the shell reads it back: quoted unless it is plain.
pub fn shell_word(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-=+:,@%".contains(c))
    {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The shell command line that plays one trial again.
pub fn replay_command(game: &Path, playground: &Path, scenario: &Path, seed: u64) -> String {
    format!(
        "NETHACK_FLANKING_PLAYGROUND={} {} --arena {} --arena-seed={seed}",
        shell_word(&playground.display().to_string()),
        shell_word(&game.display().to_string()),
        shell_word(&scenario.display().to_string()),
    )
}

/// The arguments of one trial: `--arena FILE --arena-seed=SEED`.
fn trial_args(scenario: &Path, seed: u64) -> Vec<OsString> {
    vec![
        "--arena".into(),
        scenario.as_os_str().to_owned(),
        format!("--arena-seed={seed}").into(),
    ]
}

/// The `FILE:LINE: message` line of the game's stderr that names the
/// scenario file (by its path or its file name), as the game reports a bad
/// scenario.
fn scenario_error_line<'a>(stderr: &'a str, file: &Path) -> Option<&'a str> {
    stderr.lines().find(|line| {
        let Some((head, _)) = line.split_once(": ") else {
            return false;
        };
        let Some((name, n)) = head.rsplit_once(':') else {
            return false;
        };
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
            && (Path::new(name) == file || Path::new(name).file_name() == file.file_name())
    })
}

/// What one game process left: its exit, stdout and stderr.
struct Finished {
    status: std::process::ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs the game once with stdout and stderr going to files in `scratch`
/// (so a chatty game never blocks on a pipe), killing it after `timeout`.
fn run_game(
    config: &Config,
    playground: &Path,
    args: &[OsString],
    scratch: &Path,
) -> Result<Finished, String> {
    let out_path = scratch.with_extension("out");
    let err_path = scratch.with_extension("err");
    let out = fs::File::create(&out_path)
        .map_err(|e| format!("cannot create {}: {e}", out_path.display()))?;
    let err = fs::File::create(&err_path)
        .map_err(|e| format!("cannot create {}: {e}", err_path.display()))?;
    let mut child = Command::new(&config.game)
        .args(args)
        .env("NETHACK_FLANKING_PLAYGROUND", playground)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", config.game.display()))?;
    let start = Instant::now();
    let mut nap = Duration::from_micros(500);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(format!("cannot wait for the game: {e}")),
        }
        if start.elapsed() > config.timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "the game ran longer than {} s and was killed",
                config.timeout.as_secs_f64()
            ));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    };
    let read = |p: &Path| {
        fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    Ok(Finished {
        status,
        stdout: read(&out_path)?,
        stderr: read(&err_path)?,
    })
}

/// One trial to run: indexes into the scenarios, their settings, and the
/// trial number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Job {
    scenario: usize,
    setting: usize,
    trial: u32,
}

/// A finished trial: the parsed line and the line as printed.
type Done = (Job, Result<(Trial, String), RunError>);

/// Runs one trial and checks its line.
fn run_job(config: &Config, scenarios: &[ScenarioRun], job: Job, scratch: &Path) -> Done {
    let sc = &scenarios[job.scenario];
    let set = &sc.settings[job.setting];
    let seed = sc.scenario.seed.wrapping_add(u64::from(job.trial));
    let path = &sc.scenario.path;
    let replay = replay_command(&config.game, &set.playground, path, seed);
    let failed = |what: String| {
        RunError::Trial(format!(
            "scenario {} ({}), setting {}, seed {seed}: {what}\n  replay: {replay}",
            sc.scenario.name,
            path.display(),
            set.setting
        ))
    };
    let result = match run_game(config, &set.playground, &trial_args(path, seed), scratch) {
        Err(e) => Err(failed(e)),
        Ok(f) if !f.status.success() => match scenario_error_line(&f.stderr, path) {
            Some(line) => Err(RunError::Scenario(line.to_string())),
            None => Err(failed(format!(
                "the game failed ({}){}",
                f.status,
                tail(&f.stderr)
            ))),
        },
        Ok(f) => {
            let lines: Vec<&str> = f.stdout.lines().filter(|l| !l.trim().is_empty()).collect();
            match lines.as_slice() {
                [line] => match Trial::parse(line) {
                    Err(e) => Err(failed(format!("malformed line ({e}): `{line}`"))),
                    Ok(t) if t.name != sc.scenario.name => Err(failed(format!(
                        "the line names scenario `{}`, not `{}`: `{line}`",
                        t.name, sc.scenario.name
                    ))),
                    Ok(t) if t.seed != seed => Err(failed(format!(
                        "the line has seed {}, not {seed}: `{line}`",
                        t.seed
                    ))),
                    Ok(t) => Ok((t, line.trim().to_string())),
                },
                [] => Err(failed(format!(
                    "the game printed no line{}",
                    tail(&f.stderr)
                ))),
                _ => Err(failed(format!(
                    "the game printed {} lines, not one:\n{}",
                    lines.len(),
                    lines.join("\n")
                ))),
            }
        }
    };
    (job, result)
}

/// The last lines of the game's stderr, to quote in an error.
fn tail(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.is_empty() {
        return String::new();
    }
    let from = lines.len().saturating_sub(8);
    format!("; its stderr ends:\n    {}", lines[from..].join("\n    "))
}

/// Progress, as trials finish.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// What is being run: `trials` or `replays`.
    pub phase: &'a str,
    /// Finished so far.
    pub done: usize,
    /// In all.
    pub total: usize,
    /// The scenario whose last trial just finished, if any.
    pub scenario_done: Option<&'a str>,
    /// Since the phase began.
    pub elapsed: Duration,
}

/// Runs `jobs` on `config.jobs` threads, each running one game at a time.
/// Stops at the first error (the trials already running finish), and
/// returns a bad scenario's error before any other.
fn pool(
    config: &Config,
    scenarios: &[ScenarioRun],
    jobs: &[Job],
    phase: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<(Job, Trial, String)>, RunError> {
    let scratch = config.playgrounds.join(".driver");
    fs::create_dir_all(&scratch)
        .map_err(|e| RunError::Other(format!("cannot create {}: {e}", scratch.display())))?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    // per scenario: trials left, to say when one is done
    let mut left: Vec<usize> = vec![0; scenarios.len()];
    for j in jobs {
        left[j.scenario] += 1;
    }
    let mut results = Vec::with_capacity(jobs.len());
    let mut errors: Vec<RunError> = Vec::new();
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel::<Done>();
        for worker in 0..config.jobs.max(1) {
            let tx = tx.clone();
            let (next, stop, scratch) = (&next, &stop, scratch.join(format!("worker-{worker}")));
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&job) = jobs.get(i) else { break };
                    if tx.send(run_job(config, scenarios, job, &scratch)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (job, result) in rx {
            match result {
                Ok((trial, line)) => {
                    results.push((job, trial, line));
                    left[job.scenario] -= 1;
                    progress(Progress {
                        phase,
                        done: results.len(),
                        total: jobs.len(),
                        scenario_done: (left[job.scenario] == 0)
                            .then(|| scenarios[job.scenario].scenario.name.as_str()),
                        elapsed: start.elapsed(),
                    });
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    errors.push(e);
                }
            }
        }
    });
    if let Some(i) = errors
        .iter()
        .position(|e| matches!(e, RunError::Scenario(_)))
    {
        return Err(errors.swap_remove(i));
    }
    match errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(results),
    }
}

/// Runs every trial of every scenario under every setting, then, if asked,
/// the replay check. `progress` hears of every finished trial.
pub fn run_all(
    scenarios: Vec<Scenario>,
    config: &Config,
    progress: &mut dyn FnMut(Progress),
) -> Result<Run, RunError> {
    let mut runs = Vec::with_capacity(scenarios.len());
    for scenario in scenarios {
        let trials = config.trials.unwrap_or(scenario.trials).max(1);
        let mut settings = Vec::with_capacity(scenario.compare.len());
        for setting in &scenario.compare {
            let playground = config
                .playgrounds
                .join(sanitize(&scenario.name))
                .join(setting_dir(setting));
            prepare_playground(&config.game, &playground, setting).map_err(|e| {
                RunError::Other(format!(
                    "cannot set up the playground {}: {e}",
                    playground.display()
                ))
            })?;
            settings.push(SettingRun {
                setting: setting.clone(),
                playground,
                trials: Vec::with_capacity(trials as usize),
            });
        }
        runs.push(ScenarioRun {
            scenario,
            trials,
            settings,
        });
    }
    // Seed by seed, every setting, so a scenario's first trials come early
    // (and a bad scenario is found at once).
    let mut jobs = Vec::new();
    for (si, sc) in runs.iter().enumerate() {
        for trial in 0..sc.trials {
            for setting in 0..sc.settings.len() {
                jobs.push(Job {
                    scenario: si,
                    setting,
                    trial,
                });
            }
        }
    }
    let start = Instant::now();
    let mut done = pool(config, &runs, &jobs, "trials", progress)?;
    done.sort_by_key(|(j, _, _)| (j.scenario, j.setting, j.trial));
    let mut first_lines = Vec::new();
    let mut lines: Vec<Vec<String>> = runs
        .iter()
        .map(|sc| vec![String::new(); sc.settings.len()])
        .collect();
    for (job, trial, line) in done {
        let text = &mut lines[job.scenario][job.setting];
        text.push_str(&line);
        text.push('\n');
        if job.trial == 0 {
            first_lines.push((job, line));
        }
        runs[job.scenario].settings[job.setting].trials.push(trial);
    }
    // The lines as the game printed them, in seed order, for whoever wants
    // to look again.
    for (sc, texts) in runs.iter().zip(&lines) {
        for (set, text) in sc.settings.iter().zip(texts) {
            let path = set.playground.join(TRIALS_FILE);
            fs::write(&path, text)
                .map_err(|e| RunError::Other(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    let mut replayed = None;
    if config.check_replay {
        let jobs: Vec<Job> = first_lines.iter().map(|(j, _)| *j).collect();
        let again = pool(config, &runs, &jobs, "replays", progress)?;
        for (job, _, line) in &again {
            let Some((_, first)) = first_lines.iter().find(|(j, _)| j == job) else {
                continue;
            };
            if first != line {
                let sc = &runs[job.scenario];
                let set = &sc.settings[job.setting];
                return Err(RunError::Replay(format!(
                    "scenario {}, setting {}, seed {}: the replay differs\n  first:  {first}\n  replay: {line}\n  replay: {}",
                    sc.scenario.name,
                    set.setting,
                    sc.scenario.seed,
                    replay_command(&config.game, &set.playground, &sc.scenario.path, sc.scenario.seed)
                )));
            }
        }
        replayed = Some(again.len());
    }
    Ok(Run {
        scenarios: runs,
        elapsed: start.elapsed(),
        replayed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(pairs: &[(&str, &str)]) -> Setting {
        Setting(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn a_setting_replaces_the_key_commented_or_not() {
        let sysconf = "# comment\nFLANKING=100\nWIZARDS=*\n#MAXPLAYERS=10\n";
        let out = apply_setting(
            sysconf,
            &setting(&[("FLANKING", "0"), ("MAXPLAYERS", "4"), ("NEW_KEY", "x")]),
        );
        assert_eq!(
            out,
            "# comment\nFLANKING=0\nWIZARDS=*\nMAXPLAYERS=4\nNEW_KEY=x\n"
        );
        // Applying it again changes nothing.
        let again = apply_setting(
            &out,
            &setting(&[("FLANKING", "0"), ("MAXPLAYERS", "4"), ("NEW_KEY", "x")]),
        );
        assert_eq!(again, out);
    }

    #[test]
    fn a_setting_leaves_exactly_one_live_line() {
        let sysconf = "#FLANKING=5\nflanking = 100\nFLANKINGS=3\nFLANKING=200\n";
        assert_eq!(
            apply_setting(sysconf, &setting(&[("FLANKING", "0")])),
            "#FLANKING=5\nFLANKING=0\nFLANKINGS=3\n"
        );
    }

    #[test]
    fn directory_names_are_plain() {
        assert_eq!(
            setting_dir(&setting(&[("FLANKING", "0"), ("FOO", "a b")])),
            "FLANKING=0+FOO=a_b"
        );
        assert_eq!(sanitize("../jackals/open"), "_jackals_open");
        assert_eq!(sanitize(".."), "_");
    }

    #[test]
    fn the_replay_command_quotes_what_the_shell_would_split() {
        assert_eq!(
            replay_command(
                Path::new("/r/target/release/nethack-flanking"),
                Path::new("/r/target/arena/a b/FLANKING=0"),
                Path::new("/r/arena/a.arena"),
                17
            ),
            "NETHACK_FLANKING_PLAYGROUND='/r/target/arena/a b/FLANKING=0' \
             /r/target/release/nethack-flanking --arena /r/arena/a.arena --arena-seed=17"
        );
    }

    #[test]
    fn a_scenario_error_is_found_by_its_file_and_line() {
        let file = Path::new("/r/arena/x.arena");
        let stderr = "warning: x\n/r/arena/x.arena:3: unknown species `jackel`\n";
        assert_eq!(
            scenario_error_line(stderr, file),
            Some("/r/arena/x.arena:3: unknown species `jackel`")
        );
        assert_eq!(
            scenario_error_line("arena/x.arena:12: bad\n", file),
            Some("arena/x.arena:12: bad")
        );
        assert_eq!(scenario_error_line("/r/arena/x.arena: no\n", file), None);
        assert_eq!(scenario_error_line("/r/arena/x.arena:3x: no\n", file), None);
        assert_eq!(scenario_error_line("/r/arena/y.arena:3: no\n", file), None);
    }
}
