//! Every layer scores alike: random valid fixtures (rust_flanking::gen),
//! each scored by the Rust API, by the plain second model, through the C
//! ABI by a C program, and in the real game by the fixture harness, which
//! builds each one on a real level. All four must agree, and the harness
//! must refuse nothing but the hero states it documents
//! (tests/fixtures/README.md).
//!
//! The seed is fresh on every run and printed; set `FLANK_LAYERS_SEED` (a
//! number, decimal or 0x-hex) to replay one, and `FLANK_LAYERS_COUNT` to
//! change how many fixtures it draws (default 3000). A disagreement prints
//! each fixture whole, ready to be added to tests/fixtures/.

mod common;

#[path = "../rust-flanking/tests/support/c_abi.rs"]
mod c_abi;

use std::collections::HashMap;
use std::process::{Command, Stdio};

use common::Scratch;
use rust_flanking::fixture::Fixture;
use rust_flanking::gen;

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

/// Does the fixture ask for a hero state the harness documents it cannot
/// build?
fn asks_for_unbuildable_hero(f: &Fixture) -> bool {
    f.creatures
        .iter()
        .zip(f.glyphs)
        .any(|(s, g)| g.is_ascii_alphabetic() && s.hero && (s.fleeing || s.passive || s.tail))
}

#[test]
fn random_fixtures_agree_at_every_layer() {
    let seed = env_number("FLANK_LAYERS_SEED").unwrap_or_else(fresh_seed);
    let count = env_number("FLANK_LAYERS_COUNT").unwrap_or(3000) as usize;
    let replay = format!("FLANK_LAYERS_SEED={seed:#x} FLANK_LAYERS_COUNT={count}");
    eprintln!("layers: {count} random fixtures of seed {seed:#x} (replay: {replay} cargo test --release --test layers)");

    let scratch = Scratch::new("layers");
    let dir = scratch.path().join("fixtures");
    let files = gen::write_fixtures(&dir, seed, count).unwrap();
    let mut texts: HashMap<String, String> = HashMap::new();
    let mut fixtures = Vec::new();
    let mut disagree: Vec<(String, String)> = Vec::new();

    // The Rust API (the generator wrote its score as `expect`) against the
    // plain model.
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let f = Fixture::parse(path, &text)
            .unwrap_or_else(|e| panic!("the generator wrote an invalid fixture: {e}\n{text}"));
        let raw = f.to_raw();
        let api = f.neighbourhood().unwrap().score();
        let model = rust_flanking::model::score(&raw.square, raw.defender, raw.attack_dir);
        if api != f.expect_half_points || model != api {
            disagree.push((
                f.name.clone(),
                format!(
                    "Rust API {api}, model {model}, expect {} (half points)",
                    f.expect_half_points
                ),
            ));
        }
        texts.insert(f.name.clone(), text);
        fixtures.push(f);
    }

    // The C ABI, from C.
    let exe = c_abi::compile(scratch.path());
    let cases_file = scratch.path().join("cases.txt");
    let cases: String = fixtures
        .iter()
        .map(|f| c_abi::case_line(f) + "\n")
        .collect();
    std::fs::write(&cases_file, cases).unwrap();
    let out = Command::new(&exe).arg(&cases_file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "abi_test failed:\n{stdout}");
    // "case NAME SCORE HALF_POINTS ...": flank_score(), then
    // flank_explain()'s detail.
    let c_scores: HashMap<&str, (u8, u8)> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("case "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            (w[0], (w[1].parse().unwrap(), w[2].parse().unwrap()))
        })
        .collect();
    assert_eq!(c_scores.len(), fixtures.len(), "abi_test scored too few");
    for f in &fixtures {
        let (score, explained) = c_scores[f.name.as_str()];
        if score != f.expect_half_points || explained != score {
            disagree.push((
                f.name.clone(),
                format!(
                    "C ABI flank_score {score}, flank_explain {explained}, Rust API {} (half points)",
                    f.expect_half_points
                ),
            ));
        }
    }

    // The real game.
    let out = Command::new(GAME)
        .env(
            "NETHACK_FLANKING_PLAYGROUND",
            scratch.path().join("playground"),
        )
        .env("TERM", "xterm")
        .env_remove("NETHACKOPTIONS")
        .arg("--flank-fixtures")
        .arg(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("run the game");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut refused = 0;
    let mut seen = 0;
    for line in stdout.lines() {
        if let Some(name) = line.strip_prefix("ok ") {
            assert!(texts.contains_key(name), "unknown fixture: {line}");
            seen += 1;
        } else if let Some(rest) = line.strip_prefix("FAIL ") {
            seen += 1;
            let (name, why) = rest.split_once(": ").unwrap_or((rest, ""));
            let f = fixtures.iter().find(|f| f.name == name);
            match f {
                Some(f) if why == HERO_REFUSAL && asks_for_unbuildable_hero(f) => refused += 1,
                Some(f) => disagree.push((f.name.clone(), format!("the game: {why}"))),
                None => panic!("the harness failed on something unknown: {line}"),
            }
        }
    }
    assert_eq!(
        seen,
        fixtures.len(),
        "the harness reported {seen} of {} fixtures:\n{stdout}\n{}",
        fixtures.len(),
        String::from_utf8_lossy(&out.stderr)
    );

    if !disagree.is_empty() {
        let mut report = format!(
            "{} of {count} random fixtures disagree (seed {seed:#x}; replay: {replay} cargo test --release --test layers):\n",
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
    let with_hero = fixtures
        .iter()
        .filter(|f| asks_for_unbuildable_hero(f))
        .count();
    assert_eq!(
        refused, with_hero,
        "every fixture with a fleeing, passive or tail hero is refused"
    );
    eprintln!(
        "layers: {count} fixtures of seed {seed:#x} agree at every layer \
         (Rust API, model, C ABI, game); {refused} refused as documented \
         (a fleeing, passive or tail hero)"
    );
}
