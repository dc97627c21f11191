//! The C ABI from C: tests/c/abi_test.c includes include/flanking.h, links the
//! `librust_flanking.a` that cargo built next to this test, scores every
//! fixture and checks every kind of invalid input.

#[path = "support/c_abi.rs"]
mod c_abi;

use std::fmt::Write as _;
use std::process::Command;

use c_abi::{case_line, manifest};

use rust_flanking::fixture::{collect, Fixture};
use rust_flanking::fixture_abi::{creature_bits, defender_bits};

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
        assert_eq!(d.half_points, f.expect_half_points, "{}", f.name);
        cases.push_str(&case_line(&f));
        cases.push('\n');
        expected.push(format!(
            "case {} {} {} {} {} {} {} {} {} {} {}",
            f.name,
            f.expect_half_points,
            d.half_points,
            d.threats,
            d.arc,
            d.arc_start,
            d.behind,
            d.behind_blocked,
            d.beside,
            d.reserved,
            f.expect_half_points
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
        assert!(f.facing_mismatches(&r).is_empty(), "{}", f.name);
        writeln!(facing_cases, "{}", c_abi::facing_input_line(&f)).unwrap();
        facing_expected.push(c_abi::facing_case_line(&f.name, &r));
    }
    assert!(facing_expected.len() >= 100, "{}", facing_expected.len());
    let facing_file = work.join("facing-cases.txt");
    std::fs::write(&facing_file, facing_cases).unwrap();

    // The fixture section: the same directory through flank_fixtures_*.
    let mut fixtures = Vec::new();
    let mut fixtures_v2 = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        let v2 = c_abi::fixture2_line(&f);
        fixtures_v2.push(v2);
        if let Some(spec) = &f.facing {
            fixtures.push(format!(
                "fixture-facing {} {}:{}: uses facing (`{}`), which this consumer does not read; use flank_fixtures_get_v2()",
                f.name,
                path.display(),
                spec.first_key.1,
                spec.first_key.0
            ));
            continue;
        }
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

    let out = Command::new(&exe)
        .arg(&cases_file)
        .arg(manifest().join("../tests/fixtures"))
        .arg(&facing_file)
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
    assert!(stdout.contains("strerror -11 FLANK_E_FIXTURE_FACING: "));
    let got: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            l.starts_with("fixture ")
                || l.starts_with("fixture-error ")
                || l.starts_with("fixture-facing ")
        })
        .collect();
    assert_eq!(got, fixtures);
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
    std::fs::remove_dir_all(&work).unwrap();
}
