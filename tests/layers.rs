//! Every layer scores alike: random valid fixtures (flank_testkit::gen),
//! each scored by the Rust API, by the plain second model, through the C
//! ABI by a C program, and in the real game by the fixture harness, which
//! builds each one on a real level. All four must agree.
//!
//! Three tests, one per kind of fixture:
//! - `random_fixtures_agree_at_every_layer`: arc fixtures
//!   (gen::write_fixtures); the harness must refuse nothing but the hero
//!   states it documents (tests/fixtures/README.md);
//! - `random_facing_fixtures_agree_at_every_layer`: facing fixtures
//!   (gen::write_facing_fixtures), through the facing API
//!   (flank_facing_eval() from C, model::facing_eval() the long way), and
//!   in the game, which builds every facing from real game state. The
//!   generator draws only what the game can build, so here the harness
//!   must refuse nothing: every fixture is "ok", any FAIL is a
//!   disagreement;
//! - `random_ranged_fixtures_agree_at_every_layer`: fixtures with threats
//!   from range (gen::write_ranged_fixtures), through the ranged functions
//!   (flank_explain_ranged() from C, model::score_with_range() the long
//!   way), and in the game, which builds every far creature with real
//!   weapons; as for facing, the harness must refuse nothing.
//!
//! The seed is fixed (`DEFAULT_SEED`), so a run can never fail by the
//! chance of what it drew: a red CI is a change's doing. To explore, set
//! `FLANK_LAYERS_SEED=fresh` (a seed no run has used, printed) or a number
//! (decimal or 0x-hex: the one printed by a run to replay), with counts as
//! large as time allows; what a fresh seed finds becomes a fixture of
//! tests/fixtures/. `FLANK_LAYERS_COUNT` sets
//! change how many arc fixtures it draws (default 3000) and
//! `FLANK_LAYERS_FACING_COUNT` how many facing fixtures (default 1000)
//! and `FLANK_LAYERS_RANGED_COUNT` how many ranged ones (default 500). A
//! disagreement prints each fixture whole, ready to be added to
//! tests/fixtures/.

mod common;

#[path = "../rust-flanking/tests/support/c_abi.rs"]
mod c_abi;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::Scratch;
use flank_testkit::gen;
use flank_testkit::model;
use flank_testkit::ModelOracle;
use rust_flanking::fixture::Fixture;

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// What the harness says when a fixture asks for a hero it cannot build
/// (documented in tests/fixtures/README.md).
const HERO_REFUSAL: &str =
    "cannot build it in the game: the hero cannot be fleeing, passive or a tail";

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v}: not a number")))
}

/// A seed no run has used before: the clock and the process, mixed.
fn fresh_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    gen::Rng::new(t ^ (u64::from(std::process::id()) << 32)).next_u64()
}

/// The seed of every run that does not ask for another ("layers" in ASCII).
const DEFAULT_SEED: u64 = 0x6c61_7965_7273_0000;

/// The run's seed (`FLANK_LAYERS_SEED`: a number or `fresh`; else
/// `DEFAULT_SEED`), how many fixtures it
/// draws (`count_var`, else `default`), and the command that replays it
/// (`test`: the test to run, or empty for the whole file).
fn seed_count_replay(count_var: &str, default: u64, test: &str) -> (u64, usize, String) {
    let seed = match std::env::var("FLANK_LAYERS_SEED").as_deref().map(str::trim) {
        Ok("fresh") => fresh_seed(),
        _ => env_number("FLANK_LAYERS_SEED").unwrap_or(DEFAULT_SEED),
    };
    let count = env_number(count_var).unwrap_or(default) as usize;
    let mut replay = format!(
        "FLANK_LAYERS_SEED={seed:#x} {count_var}={count} cargo test --release --test layers"
    );
    if !test.is_empty() {
        write!(replay, " {test}").unwrap();
    }
    (seed, count, replay)
}

/// One generated fixture and its text; the generator writes only valid
/// ones.
fn load(path: &Path) -> (Fixture, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let f = Fixture::parse(path, &text)
        .unwrap_or_else(|e| panic!("the generator wrote an invalid fixture: {e}\n{text}"));
    (f, text)
}

/// abi_test's arc cases file for `fixtures`, written into `work`.
fn write_cases(work: &Path, fixtures: &[Fixture]) -> PathBuf {
    let file = work.join("cases.txt");
    let cases: String = fixtures
        .iter()
        .map(|f| c_abi::case_line(f) + "\n")
        .collect();
    std::fs::write(&file, cases).unwrap();
    file
}

/// abi_test's "case NAME SCORE HALF_POINTS ..." lines: flank_score(), then
/// flank_explain()'s half points, by name.
fn c_arc_scores(stdout: &str) -> HashMap<&str, (u8, u8)> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("case "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            (w[0], (w[1].parse().unwrap(), w[2].parse().unwrap()))
        })
        .collect()
}

/// Runs the game's fixture harness on `dir`, in a playground of its own
/// under `work`.
fn run_harness(work: &Path, dir: &Path) -> Output {
    Command::new(GAME)
        .env("NETHACK_FLANKING_PLAYGROUND", work.join("playground"))
        .env("TERM", "xterm")
        .env_remove("NETHACKOPTIONS")
        .arg("--flank-fixtures")
        .arg(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run the game")
}

/// The harness's verdicts, one per fixture line: `(NAME, None)` for
/// "ok NAME", `(NAME, Some(WHY))` for "FAIL NAME: WHY".
fn verdicts(stdout: &str) -> Vec<(&str, Option<&str>)> {
    stdout
        .lines()
        .filter_map(|line| {
            if let Some(name) = line.strip_prefix("ok ") {
                Some((name, None))
            } else {
                let rest = line.strip_prefix("FAIL ")?;
                let (name, why) = rest.split_once(": ").unwrap_or((rest, ""));
                Some((name, Some(why)))
            }
        })
        .collect()
}

/// Runs the game's harness on `dir` (in a playground under `work`), for
/// a kind of fixture it must build whole: every fixture of `texts` gets
/// one verdict, and each FAIL, a refusal too, joins `disagree`. The
/// harness's output, for its exit status.
fn game_refuses_nothing(
    work: &Path,
    dir: &Path,
    texts: &HashMap<String, String>,
    disagree: &mut Vec<(String, String)>,
) -> Output {
    let out = run_harness(work, dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut seen = 0;
    for (name, why) in verdicts(&stdout) {
        seen += 1;
        assert!(
            texts.contains_key(name),
            "the harness reported something unknown: {name} {why:?}"
        );
        if let Some(why) = why {
            disagree.push((name.to_string(), format!("the game: {why}")));
        }
    }
    assert_eq!(
        seen,
        texts.len(),
        "the harness reported {seen} of {} fixtures:\n{stdout}\n{}",
        texts.len(),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Panics with the disagreements, the first 20 each with its fixture
/// whole; `what` says what was drawn ("random fixtures").
fn report_disagreements(
    disagree: &[(String, String)],
    texts: &HashMap<String, String>,
    what: &str,
    count: usize,
    seed: u64,
    replay: &str,
) {
    if disagree.is_empty() {
        return;
    }
    let mut report = format!(
        "{} of {count} {what} disagree (seed {seed:#x}; replay: {replay}):\n",
        disagree.len()
    );
    for (name, what) in disagree.iter().take(20) {
        report.push_str(&format!(
            "\n--- {name}: {what}\n{}",
            texts.get(name).map(String::as_str).unwrap_or("")
        ));
    }
    panic!("{report}");
}

/// A generator of random fixtures: `(dir, seed, count)` to their paths.
type Writer = fn(&Path, u64, usize) -> std::io::Result<Vec<PathBuf>>;

/// One layers test under way: its seed, count and replay command, the
/// scratch directory its fixtures are written to, each fixture's text by
/// name, and the disagreements found so far.
struct Layers {
    seed: u64,
    count: usize,
    replay: String,
    /// What is drawn ("random facing fixtures").
    what: String,
    scratch: Scratch,
    /// Where the generator writes the fixtures.
    dir: PathBuf,
    texts: HashMap<String, String>,
    disagree: Vec<(String, String)>,
}

impl Layers {
    /// Starts test `test` (empty for the whole file), drawing fixtures of
    /// `kind` ("facing"; `None` for plain arc fixtures):
    /// `FLANK_LAYERS_KIND_COUNT` of them, else `default`, into a scratch
    /// directory `layers-kind`, where `write` (a generator of
    /// flank_testkit::gen) writes them; the test and the fixtures' paths.
    fn new(test: &str, kind: Option<&str>, default: u64, write: Writer) -> (Layers, Vec<PathBuf>) {
        let (count_var, what, scratch) = match kind {
            None => (
                "FLANK_LAYERS_COUNT".into(),
                "random fixtures".into(),
                "layers".into(),
            ),
            Some(k) => (
                format!("FLANK_LAYERS_{}_COUNT", k.to_uppercase()),
                format!("random {k} fixtures"),
                format!("layers-{k}"),
            ),
        };
        let (seed, count, replay) = seed_count_replay(&count_var, default, test);
        eprintln!("layers: {count} {what} of seed {seed:#x} (replay: {replay})");
        let scratch = Scratch::new(&scratch);
        let dir = scratch.path().join("fixtures");
        let files = write(&dir, seed, count).unwrap();
        let layers = Layers {
            seed,
            count,
            replay,
            what,
            scratch,
            dir,
            texts: HashMap::new(),
            disagree: Vec::new(),
        };
        (layers, files)
    }

    fn work(&self) -> &Path {
        self.scratch.path()
    }

    /// Fixture `name` disagrees: `why`.
    fn disagree(&mut self, name: &str, why: String) {
        self.disagree.push((name.to_string(), why));
    }

    /// Compares the C ABI's line for fixture `name` with the one wanted:
    /// `got` from `function`, `want` from `source`.
    fn compare(&mut self, name: &str, function: &str, got: &str, source: &str, want: &str) {
        if got != want {
            self.disagree(name, format!("C ABI {function} `{got}`, {source} `{want}`"));
        }
    }

    /// The Rust API's score (`api`) and the model's of fixture `f`
    /// against the `expect` the generator wrote.
    fn compare_scores(&mut self, f: &Fixture, api: u8, model: u8) {
        if api != f.expect_half_points || model != api {
            self.disagree(
                &f.name,
                format!(
                    "Rust API {api}, model {model}, expect {} (half points)",
                    f.expect_half_points
                ),
            );
        }
    }

    /// Compares flank_fixtures_get()'s line for fixture `name` (`got`)
    /// with the fixture's own (`want`).
    fn compare_fixture(&mut self, name: &str, got: &str, want: &str) {
        self.compare(name, "flank_fixtures_get", got, "the fixture", want);
    }

    /// C ABI flank_score() and flank_explain() against the fixture's
    /// expected score (`c_scores` by [`c_arc_scores`]).
    fn compare_arc(&mut self, f: &Fixture, c_scores: &HashMap<&str, (u8, u8)>) {
        let (score, explained) = c_scores[f.name.as_str()];
        if score != f.expect_half_points || explained != score {
            self.disagree(
                &f.name,
                format!(
                    "C ABI flank_score {score}, flank_explain {explained}, Rust API {} (half points)",
                    f.expect_half_points
                ),
            );
        }
    }

    /// Runs abi_test on `fixtures`' arc cases and the further case files
    /// `more` (written into the scratch directory by name and text, an
    /// empty text for none); its output, after checking that it failed
    /// nothing.
    fn abi_test(&self, fixtures: &[Fixture], more: &[(&str, &str)]) -> String {
        let exe = c_abi::compile(self.work());
        let mut cmd = Command::new(&exe);
        cmd.arg(write_cases(self.work(), fixtures));
        if !more.is_empty() {
            cmd.arg(&self.dir);
        }
        for (name, text) in more {
            let file = self.work().join(name);
            std::fs::write(&file, text).unwrap();
            cmd.arg(file);
        }
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let failed: Vec<&str> = stdout.lines().filter(|l| l.contains("FAIL")).collect();
        assert!(
            out.status.success() && failed.is_empty(),
            "abi_test failed:\n{failed:#?}"
        );
        stdout
    }

    /// The game's harness on every fixture, each built whole
    /// ([`game_refuses_nothing`]); then the disagreements, if any, the
    /// harness's exit status, and what agreed: `kind` ("facing
    /// fixtures"), `also` said after.
    fn game_builds_all(mut self, kind: &str, also: &str) {
        let out = game_refuses_nothing(
            self.scratch.path(),
            &self.dir,
            &self.texts,
            &mut self.disagree,
        );
        self.report();
        assert!(
            out.status.success(),
            "the harness failed:\n{}",
            String::from_utf8_lossy(&out.stdout)
        );
        eprintln!(
            "layers: {} {kind} of seed {:#x} agree at every layer \
             (Rust API, model, C ABI, game), none refused{also}",
            self.count, self.seed
        );
    }

    /// Panics with the disagreements, if any.
    fn report(&self) {
        report_disagreements(
            &self.disagree,
            &self.texts,
            &self.what,
            self.count,
            self.seed,
            &self.replay,
        );
    }
}

/// abi_test's lines that start with `prefix` ("fixture2 "), by the
/// fixture's name, their second word.
fn c_lines<'a>(stdout: &'a str, prefix: &str) -> HashMap<&'a str, &'a str> {
    stdout
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(|l| (l.split(' ').nth(1).unwrap(), l))
        .collect()
}

/// Does the fixture ask for a hero state the harness documents it cannot
/// build?
fn asks_for_unbuildable_hero(f: &Fixture) -> bool {
    f.creatures.iter().zip(f.glyphs).any(|(s, g)| {
        // passive is built only in a form of speed 0 (`stationary`)
        let stationary = u32::from(s.peer) & rust_flanking::sys::FLANK_FX_PEER_STATIONARY != 0;
        g.is_ascii_alphabetic() && s.hero && (s.fleeing || (s.passive && !stationary) || s.tail)
    })
}

#[test]
fn random_fixtures_agree_at_every_layer() {
    let (mut l, files) = Layers::new("", None, 3000, gen::write_fixtures);
    let mut fixtures = Vec::new();

    // The Rust API (the generator wrote its score as `expect`) against the
    // plain model.
    for path in &files {
        let (f, text) = load(path);
        let raw = f.to_raw();
        let api = f.neighbourhood().unwrap().score();
        let model = model::score(&raw.square, raw.defender, raw.attack_dir);
        l.compare_scores(&f, api, model);
        l.texts.insert(f.name.clone(), text);
        fixtures.push(f);
    }

    // The C ABI, from C.
    let stdout = l.abi_test(&fixtures, &[]);
    let c_scores = c_arc_scores(&stdout);
    assert_eq!(c_scores.len(), fixtures.len(), "abi_test scored too few");
    for f in &fixtures {
        l.compare_arc(f, &c_scores);
    }

    // The real game: only the hero states it documents are refused.
    let out = run_harness(l.work(), &l.dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut refused = 0;
    let mut seen = 0;
    for (name, why) in verdicts(&stdout) {
        seen += 1;
        let Some(why) = why else {
            assert!(l.texts.contains_key(name), "unknown fixture: ok {name}");
            continue;
        };
        match fixtures.iter().find(|f| f.name == name) {
            Some(f) if why == HERO_REFUSAL && asks_for_unbuildable_hero(f) => refused += 1,
            Some(f) => l.disagree(&f.name, format!("the game: {why}")),
            None => panic!("the harness failed on something unknown: FAIL {name}: {why}"),
        }
    }
    assert_eq!(
        seen,
        fixtures.len(),
        "the harness reported {seen} of {} fixtures:\n{stdout}\n{}",
        fixtures.len(),
        String::from_utf8_lossy(&out.stderr)
    );

    l.report();
    let with_hero = fixtures
        .iter()
        .filter(|f| asks_for_unbuildable_hero(f))
        .count();
    assert_eq!(
        refused, with_hero,
        "every fixture with a fleeing, passive or tail hero is refused"
    );
    eprintln!(
        "layers: {} fixtures of seed {:#x} agree at every layer \
         (Rust API, model, C ABI, game); {refused} refused as documented \
         (a fleeing, passive or tail hero)",
        l.count, l.seed
    );
}

#[test]
fn random_facing_fixtures_agree_at_every_layer() {
    let test = "random_facing_fixtures_agree_at_every_layer";
    let (mut l, files) = Layers::new(test, Some("facing"), 1000, gen::write_facing_fixtures);
    let mut fixtures = Vec::new();
    let mut results = Vec::new();

    // The Rust API (the generator wrote its results as `expect*`) against
    // the plain model.
    for path in &files {
        let (f, text) = load(path);
        let spec = f.facing.as_ref().expect("a facing fixture");
        let input = f
            .facing_input()
            .unwrap()
            .unwrap_or_else(|e| panic!("the generator wrote an invalid facing: {e:?}\n{text}"));
        let r = input.eval();
        let arc = input.hood().score();
        let mismatches = f.facing_mismatches(&r);
        if arc != f.expect_half_points || !mismatches.is_empty() {
            l.disagree(
                &f.name,
                format!(
                    "Rust API arc {arc} (expect {} half points); {}",
                    f.expect_half_points,
                    mismatches.join("; ")
                ),
            );
        }
        let raw = f.to_raw();
        let arc_model = model::score(&raw.square, raw.defender, raw.attack_dir);
        let m = f.model_facing().expect("a facing fixture");
        let got = model::FacingOutcome::from(&r);
        if got != m
            || arc_model != arc
            || r.hit_half_points != r.arc_half_points + r.zone_half_points
            || r.rules != spec.rules.id()
        {
            l.disagree(
                &f.name,
                format!(
                    "Rust API {got:?} (hit {}, rules {}, arc {arc}), model {m:?} (arc {arc_model})",
                    r.hit_half_points, r.rules
                ),
            );
        }
        l.texts.insert(f.name.clone(), text);
        fixtures.push(f);
        results.push(r);
    }

    // The C ABI, from C: the arc score, flank_facing_eval(), and the
    // fixtures as flank_fixtures_get() reads them for the game.
    let facing_cases: String = fixtures
        .iter()
        .map(|f| c_abi::facing_input_line(f) + "\n")
        .collect();
    let stdout = l.abi_test(&fixtures, &[("facing-cases.txt", &facing_cases)]);
    let c_scores = c_arc_scores(&stdout);
    let c_facing = c_lines(&stdout, "facing-case ");
    let c_fixture2 = c_lines(&stdout, "fixture2 ");
    assert_eq!(c_scores.len(), fixtures.len(), "abi_test scored too few");
    assert_eq!(c_facing.len(), fixtures.len(), "abi_test evaluated too few");
    assert_eq!(c_fixture2.len(), fixtures.len(), "abi_test read too few");
    for (f, r) in fixtures.iter().zip(&results) {
        let name = f.name.as_str();
        l.compare_arc(f, &c_scores);
        let want = c_abi::facing_case_line(name, r);
        l.compare(name, "flank_facing_eval", c_facing[name], "Rust API", &want);
        l.compare_fixture(name, c_fixture2[name], &c_abi::fixture2_line(f));
    }

    // The real game: every fixture built from real game state and "ok";
    // a refusal is a disagreement too.
    l.game_builds_all("facing fixtures", "");
}

#[test]
fn random_ranged_fixtures_agree_at_every_layer() {
    let test = "random_ranged_fixtures_agree_at_every_layer";
    let (mut l, files) = Layers::new(test, Some("ranged"), 500, gen::write_ranged_fixtures);
    let mut fixtures = Vec::new();

    // The Rust API (the generator wrote its score as `expect`) against the
    // plain model, each judging the lines its own way.
    let mut threatened = 0;
    for path in &files {
        let (f, text) = load(path);
        let api = f.score().unwrap();
        let model = f.model_score();
        l.compare_scores(&f, api, model);
        threatened += usize::from(f.ranged_threats() != 0);
        l.texts.insert(f.name.clone(), text);
        fixtures.push(f);
    }

    // The C ABI, from C: flank_ranged_threats() and flank_explain_ranged()
    // on the lines, and the fixtures as flank_fixtures_get() reads them
    // for the game (no facing cases, no plan cases).
    let ranged_cases: String = fixtures
        .iter()
        .map(|f| c_abi::ranged_input_line(f) + "\n")
        .collect();
    let stdout = l.abi_test(
        &fixtures,
        &[
            ("empty.txt", ""),
            ("empty.txt", ""),
            ("ranged-cases.txt", &ranged_cases),
        ],
    );
    let (c_ranged, c_fixture3) = (
        c_lines(&stdout, "ranged-case "),
        c_lines(&stdout, "fixture3 "),
    );
    assert_eq!(c_ranged.len(), fixtures.len(), "abi_test scored too few");
    assert_eq!(c_fixture3.len(), fixtures.len(), "abi_test read too few");
    for f in &fixtures {
        let name = f.name.as_str();
        let want = &c_abi::ranged_case_lines(f)[0];
        let got = c_ranged[name];
        // With `ranged: off` the C score is the one with the lines anyway:
        // compare it with the engine's, and the fixture's expect only when
        // the fixture turns them on.
        let c_half: u8 = got.split(' ').nth(3).unwrap().parse().unwrap();
        if got != want || (f.ranged && c_half != f.expect_half_points) {
            l.disagree(
                name,
                format!(
                    "C ABI `{got}`, Rust API `{want}`, expect {}",
                    f.expect_half_points
                ),
            );
        }
        l.compare_fixture(name, c_fixture3[name], &c_abi::fixture3_line(f));
    }

    // The real game: every fixture built with real weapons and "ok"; a
    // refusal is a disagreement too (the generator draws only what the
    // harness builds).
    let also = format!("; threats from range decide {threatened}");
    l.game_builds_all("ranged fixtures", &also);
}
