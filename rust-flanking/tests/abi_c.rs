//! The C ABI from C: tests/c/abi_test.c includes include/flanking.h, links the
//! `librust_flanking.a` that cargo built next to this test, scores every
//! fixture and checks every kind of invalid input.

#[path = "support/c_abi.rs"]
mod c_abi;
#[path = "support/plan_gen.rs"]
mod plan_gen;

use std::fmt::Write as _;
use std::process::Command;

use c_abi::{case_line, manifest};

use flank_testkit::gen::Rng;
use rust_flanking::fixture::{collect, Fixture};
use rust_flanking::fixture_abi::{creature_bits, defender_bits};
use rust_flanking::plan;
use rust_flanking::sys::{flank_plan_input, flank_plan_result, flank_plan_target};

/// Random plan inputs through flank_plan() from C; one in eight has one
/// fault (its code, and *out left alone).
const PLAN_CASES: usize = 4000;

#[test]
fn c_program_scores_every_fixture_and_rejects_every_invalid_input() {
    let work = std::env::temp_dir().join(format!("flank-abi-test-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let exe = c_abi::compile(&work);

    // Every fixture, as the C struct.
    let files = collect(&[manifest().join("../tests/fixtures")]).unwrap();
    let mut cases = String::new();
    let mut expected = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        let hood = f.neighbourhood().unwrap();
        let d = hood.explain();
        // The squares alone (a fixture with threats from range expects
        // more: the ranged cases below).
        if f.ranged_threats() == 0 {
            assert_eq!(d.half_points, f.expect_half_points, "{}", f.name);
        }
        cases.push_str(&case_line(&f));
        cases.push('\n');
        expected.push(format!(
            "case {} {} {} {}",
            f.name,
            c_abi::detail_fields(&d),
            d.reserved,
            d.half_points
        ));
    }
    let cases_file = work.join("cases.txt");
    std::fs::write(&cases_file, cases).unwrap();

    // The facing cases: every fixture that uses facing, through
    // flank_facing_eval() from C, against the Rust API.
    let mut facing_cases = String::new();
    let mut facing_expected = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        let Some(input) = f.facing_input() else {
            continue;
        };
        let input = input.unwrap();
        let r = input.eval();
        if f.ranged_threats() == 0 {
            assert!(f.facing_mismatches(&r).is_empty(), "{}", f.name);
        }
        writeln!(facing_cases, "{}", c_abi::facing_input_line(&f)).unwrap();
        facing_expected.push(c_abi::facing_case_line(&f.name, &r));
    }
    assert!(facing_expected.len() >= 100, "{}", facing_expected.len());
    let facing_file = work.join("facing-cases.txt");
    std::fs::write(&facing_file, facing_cases).unwrap();

    // The ranged cases: every fixture through the ranged functions from
    // C, its lines as the game gathers them; with `ranged: on` the score is
    // its `expect`.
    let mut ranged_cases = String::new();
    let mut ranged_expected = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        writeln!(ranged_cases, "{}", c_abi::ranged_input_line(&f)).unwrap();
        let lines = c_abi::ranged_case_lines(&f);
        if f.ranged {
            let half: u8 = lines[0].split(' ').nth(3).unwrap().parse().unwrap();
            assert_eq!(half, f.expect_half_points, "{}", f.name);
        }
        ranged_expected.extend(lines);
    }
    let ranged_file = work.join("ranged-cases.txt");
    std::fs::write(&ranged_file, ranged_cases).unwrap();

    // The fixture section: the same directory through flank_fixtures_*.
    let mut fixtures = Vec::new();
    let mut fixtures_v2 = Vec::new();
    let mut fixtures_v3 = Vec::new();
    let mut fixtures_v4 = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        // One getter, every field: all three lines for every fixture.
        fixtures_v4.push(c_abi::fixture4_line(&f));
        fixtures_v3.push(c_abi::fixture3_line(&f));
        fixtures_v2.push(c_abi::fixture2_line(&f));
        let mut line = format!(
            "fixture {} {} {} {} {} {} {} {}",
            f.name,
            f.expect_half_points,
            defender_bits(&f.defender),
            f.attacker,
            f.map.len(),
            f.map.iter().map(|r| r.chars().count()).max().unwrap(),
            f.defender_at.0,
            f.defender_at.1
        );
        for d in 0..8 {
            let bits = if f.glyphs[d].is_ascii_alphabetic() {
                creature_bits(&f.creatures[d])
            } else {
                0
            };
            write!(line, " {bits}").unwrap();
        }
        write!(line, " {}", f.glyphs.iter().collect::<String>()).unwrap();
        fixtures.push(line);
    }

    // The plan cases: random inputs, every field of the result and the
    // return value against plan::plan_raw().
    let mut rng = Rng::new(0x2F60_9C06_ABC3);
    let mut plan_cases = String::new();
    let mut plan_expected = Vec::new();
    let mut plan_refused = 0;
    for i in 0..PLAN_CASES {
        let mut p = plan_gen::random_input(&mut rng);
        if rng.one_in(8) {
            plan_gen::inject_fault(&mut rng, &mut p);
        }
        let name = format!("plan-{i}");
        writeln!(plan_cases, "{name} {}", plan_gen::input_numbers(&p)).unwrap();
        let r = plan::plan_raw(&p);
        plan_refused += usize::from(r.is_err());
        plan_expected.push(plan_gen::plan_case_line(&name, r));
    }
    assert!(plan_refused > PLAN_CASES / 16, "{plan_refused}");
    let plan_file = work.join("plan-cases.txt");
    std::fs::write(&plan_file, plan_cases).unwrap();

    let out = Command::new(&exe)
        .arg(&cases_file)
        .arg(manifest().join("../tests/fixtures"))
        .arg(&facing_file)
        .arg(&plan_file)
        .arg(&ranged_file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let failed: Vec<&str> = stdout.lines().filter(|l| l.contains("FAIL")).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(out.status.success(), "{stdout}");
    let got: Vec<&str> = stdout.lines().filter(|l| l.starts_with("case ")).collect();
    assert_eq!(got, expected);
    assert!(stdout.contains(&format!("cases {} ", files.len())));
    assert!(stdout.contains("strerror -1 FLANK_E_NULL: "));
    assert!(stdout.contains("strerror -7 FLANK_E_INDEX: "));
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            // "fixture-error ...", or any refusal a getter could make
            l.starts_with("fixture ") || l.starts_with("fixture-")
        })
        .collect();
    assert_eq!(got, fixtures);
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("fixture3 "))
        .collect();
    assert_eq!(got, fixtures_v3);
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("fixture4 "))
        .collect();
    assert_eq!(got, fixtures_v4);
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("ranged-case ") || l.starts_with("ranged-facing "))
        .collect();
    assert_eq!(got, ranged_expected);
    assert!(stdout.contains(&format!("ranged-cases {}\n", files.len())));
    assert!(stdout.contains("strerror -13 FLANK_E_RANGED: "));
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("fixture2 "))
        .collect();
    assert_eq!(got, fixtures_v2);
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("facing-case "))
        .collect();
    assert_eq!(got, facing_expected);
    assert!(stdout.contains(&format!("facing-cases {}\n", facing_expected.len())));
    assert!(stdout.contains(&format!("fixtures {}\n", files.len())));
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("plan-case "))
        .collect();
    assert_eq!(got, plan_expected);
    assert!(stdout.contains(&format!("plan-cases {PLAN_CASES}\n")));
    assert!(stdout.contains("strerror -12 FLANK_E_PLAN: "));
    // the plan structs: C's sizes and offsets are Rust's (bindgen's)
    use core::mem::{offset_of, size_of};
    let layout = format!(
        "plan-layout {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {}",
        size_of::<flank_plan_input>(),
        offset_of!(flank_plan_input, flags),
        offset_of!(flank_plan_input, ntargets),
        offset_of!(flank_plan_input, waited),
        offset_of!(flank_plan_input, since),
        offset_of!(flank_plan_input, nallies),
        offset_of!(flank_plan_input, heading_age),
        offset_of!(flank_plan_input, ally_dist),
        offset_of!(flank_plan_input, ally_speed),
        offset_of!(flank_plan_input, target),
        size_of::<flank_plan_target>(),
        offset_of!(flank_plan_target, in_),
        offset_of!(flank_plan_target, from),
        offset_of!(flank_plan_target, candidates),
        offset_of!(flank_plan_target, chosen),
        offset_of!(flank_plan_target, heading),
        offset_of!(flank_plan_target, hero),
        offset_of!(flank_plan_target, follow),
        size_of::<flank_plan_result>(),
        offset_of!(flank_plan_result, action),
        offset_of!(flank_plan_result, target),
        offset_of!(flank_plan_result, dir),
        offset_of!(flank_plan_result, why),
        offset_of!(flank_plan_result, half_points),
        offset_of!(flank_plan_result, new_wait),
    );
    assert!(
        stdout.lines().any(|l| l == layout),
        "{layout} not in the output"
    );
    std::fs::remove_dir_all(&work).unwrap();
}
