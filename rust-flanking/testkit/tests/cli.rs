//! The `flank` binary: check, score, explain, and its exit codes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn flank(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flank"))
        .args(args)
        .output()
        .expect("run flank");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn check_passes_on_all_fixtures() {
    let (code, out, err) = flank(&["check".as_ref(), fixtures_dir().as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    let files = flank_harness::fixture::collect(&[fixtures_dir()]).unwrap();
    let moves = flank_harness::movement::collect(&[fixtures_dir()]).unwrap();
    assert!(moves.len() >= 12, "only {} movement fixtures", moves.len());
    assert!(out.lines().any(|l| l == "ok p01-lone-dingo"));
    assert!(out.lines().any(|l| l == "ok m02-wall-lone"));
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok ")).count(),
        files.len() + moves.len()
    );
    let n = moves.len();
    assert!(
        out.ends_with(&format!(
            "{} passed, 0 failed ({n} of {n} movement fixtures passed)\n",
            files.len() + n
        )),
        "{out}"
    );
}

#[test]
fn check_fails_when_a_movement_square_is_moved() {
    let tmp = std::env::temp_dir().join(format!("flank-cli-move-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    // m02: the '*' one square west, onto the square south of the hero
    let from = fixtures_dir().join("moves/m02-wall-lone.move");
    let text = std::fs::read_to_string(&from).unwrap();
    assert!(text.contains("\n......*....\n"), "{text}");
    let moved = text.replace("\n......*....\n", "\n.....*.....\n");
    std::fs::write(tmp.join("m02-wall-lone.move"), moved).unwrap();
    // and a malformed one, named by file and line
    std::fs::write(
        tmp.join("zz-bad.move"),
        "mover: j\nexpect: move hop\ncreature j: jackal\nmap:\n.@*\n..j\nend\n",
    )
    .unwrap();
    let (code, out, _) = flank(&["check".as_ref(), tmp.as_os_str()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.lines().any(
            |l| l.starts_with("FAIL m02-wall-lone: the best squares (hit 1.5,")
                && l.ends_with("are row 3 col 7, but the `*` squares are row 3 col 6")
        ),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("FAIL ")
            && l.contains("zz-bad.move:2: bad expect: unknown word `hop`")),
        "{out}"
    );
    assert!(
        out.ends_with("0 passed, 2 failed (0 of 2 movement fixtures passed)\n"),
        "{out}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn check_fails_when_an_expected_value_is_changed() {
    let tmp = std::env::temp_dir().join(format!("flank-cli-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&fixtures_dir(), &tmp);
    let victim = tmp.join("proposal/p03-split-pair.flank");
    let text = std::fs::read_to_string(&victim).unwrap();
    std::fs::write(&victim, text.replace("expect: 3", "expect: 3.5")).unwrap();
    // and a malformed one, and one whose map the level cannot hold
    std::fs::write(
        tmp.join("zz-broken.flank"),
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n",
    )
    .unwrap();
    let wide = format!(".d.{}", ".".repeat(40));
    std::fs::write(
        tmp.join("zz-wide.flank"),
        format!("attacker: n\nexpect: 0\nmap:\n{wide}\n.@.\n...\nend\n"),
    )
    .unwrap();

    let (code, out, _) = flank(&["check".as_ref(), tmp.as_os_str()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.lines()
            .any(|l| l == "FAIL p03-split-pair: got 3, expected 3.5"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("FAIL ") && l.contains("zz-broken.flank:5: missing `end`")),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("FAIL ")
            && l.contains("zz-wide.flank:4: the map reaches 41 columns right of `@`")),
        "{out}"
    );
    let n = flank_harness::movement::collect(&[fixtures_dir()])
        .unwrap()
        .len();
    assert!(
        out.trim_end().ends_with(&format!(
            "passed, 3 failed ({n} of {n} movement fixtures passed)"
        )),
        "{out}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn score_and_explain() {
    let p = fixtures_dir().join("proposal");
    let (code, out, _) = flank(&[
        "score".as_ref(),
        p.join("p08-wall-gap.flank").as_os_str(),
        p.join("p09-pinned-north.flank").as_os_str(),
        p.join("p01-lone-dingo.flank").as_os_str(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "p08-wall-gap: 1.5\np09-pinned-north: 6\np01-lone-dingo: 0\n"
    );

    let (code, out, _) = flank(&[
        "explain".as_ref(),
        p.join("p03-split-pair.flank").as_os_str(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        "The largest arc with no threat is 4 (south clockwise to northwest). The space behind \
         the defender is not a trap or terrain, so it does not get any extra bonus. Flanking \
         bonus = (7 - 4) + 0 + 0/2 = 3."
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["check"][..],
        &["explain"][..],
        &["explain", "a", "b"][..],
    ] {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let (code, _, err) = flank(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("usage:"), "{err}");
    }
}

#[test]
fn gen_writes_fixtures_that_check_and_refuses_bad_arguments() {
    let dir = std::env::temp_dir().join(format!("flank-cli-gen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = flank(&[
        "gen".as_ref(),
        "0x2a".as_ref(),
        "25".as_ref(),
        dir.as_os_str(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        format!("25 fixtures of seed 0x2a in {}\n", dir.display())
    );
    let (code, out, err) = flank(&["check".as_ref(), dir.as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("25 passed, 0 failed\n"), "{out}");
    // The same seed writes the same files.
    let first = std::fs::read(dir.join("gen-000000000000002a-00007.flank")).unwrap();
    let again = dir.join("again");
    flank(&[
        "gen".as_ref(),
        "42".as_ref(),
        "25".as_ref(),
        again.as_os_str(),
    ]);
    assert_eq!(
        first,
        std::fs::read(again.join("gen-000000000000002a-00007.flank")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let (code, _, err) = flank(&["gen".as_ref(), "x".as_ref(), "1".as_ref(), "d".as_ref()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad seed `x`"), "{err}");
    let (code, _, err) = flank(&["gen".as_ref(), "1".as_ref(), "d".as_ref()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`gen` takes a seed, a count and a directory"),
        "{err}"
    );
}

#[test]
fn check_fails_when_a_facing_expectation_is_changed() {
    let tmp = std::env::temp_dir().join(format!("flank-cli-facing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&fixtures_dir(), &tmp);
    let files = flank_harness::fixture::collect(std::slice::from_ref(&tmp)).unwrap();

    // One expected zone and one expected damage, each in its own file.
    let zone = tmp.join("facing-dnd/d03-rear-plus-4.flank");
    let text = std::fs::read_to_string(&zone).unwrap();
    assert!(text.contains("\nexpect-zone: rear\n"));
    std::fs::write(
        &zone,
        text.replace("\nexpect-zone: rear\n", "\nexpect-zone: flank\n"),
    )
    .unwrap();
    let damage = tmp.join("facing-tactics/t03-example3-flank.flank");
    let text = std::fs::read_to_string(&damage).unwrap();
    assert!(text.contains("\nexpect-damage: 125% 15->18\n"));
    std::fs::write(
        &damage,
        text.replace("\nexpect-damage: 125% 15->18\n", "\nexpect-damage: 150%\n"),
    )
    .unwrap();
    let hit = tmp.join("facing-opposite/o06-flanked-over-behind.flank");
    let text = std::fs::read_to_string(&hit).unwrap();
    std::fs::write(&hit, text.replace("\nexpect-hit: 2\n", "\nexpect-hit: 4\n")).unwrap();
    let extra = tmp.join("facing-dnd/d14-rogue-backstab.flank");
    let text = std::fs::read_to_string(&extra).unwrap();
    std::fs::write(&extra, text.replace("\nexpect-extra: backstab\n", "\n")).unwrap();
    // A worked example that does not follow from its percent is an error.
    let example = tmp.join("facing-tactics/t01-example1-basic-attack.flank");
    let text = std::fs::read_to_string(&example).unwrap();
    std::fs::write(&example, text.replace("20->16", "20->17")).unwrap();

    let (code, out, _) = flank(&["check".as_ref(), tmp.as_os_str()]);
    assert_eq!(code, 1, "{out}");
    for want in [
        "FAIL d03-rear-plus-4: zone rear, expected flank",
        "FAIL t03-example3-flank: damage 125%, expected 150%",
        "FAIL o06-flanked-over-behind: hit 2, expected 4",
        "FAIL d14-rogue-backstab: extra backstab, expected none",
    ] {
        assert!(out.lines().any(|l| l == want), "{want}\n{out}");
    }
    assert!(
        out.lines().any(|l| l.starts_with("FAIL ")
            && l.contains("t01-example1-basic-attack.flank:")
            && l.contains("bad expect-damage: `20->17` does not follow from 80% +0")),
        "{out}"
    );
    let n = flank_harness::movement::collect(std::slice::from_ref(&tmp))
        .unwrap()
        .len();
    assert!(
        out.trim_end().ends_with(&format!(
            "{} passed, 5 failed ({n} of {n} movement fixtures passed)",
            files.len() - 5 + n
        )),
        "{out}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn facing_score_and_explain_quote_the_seeds() {
    let dir = fixtures_dir();
    let (code, out, _) = flank(&[
        "score".as_ref(),
        dir.join("facing-opposite/o02-uc002-backstab.flank")
            .as_os_str(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "o02-uc002-backstab: 0 (zone rear, hit 2, damage 100% +2, shield counts, extra behind turns)\n"
    );
    for (file, quote) in [
        (
            "facing-dnd/d02-flank-plus-2.flank",
            "you get a +2 bonus on the attack roll",
        ),
        (
            "facing-dnd/d07-faceless.flank",
            "they can't be flanked or attacked from the rear",
        ),
        (
            "facing-dnd/d14-rogue-backstab.flank",
            "attacking with a melee weapon from the foe's rear area",
        ),
        (
            "facing-dnd/d10-shield-left-flank.flank",
            "the flank area on the shield's side",
        ),
        (
            "facing-implicit/if1-face-n-from-s.flank",
            "substantial bonus",
        ),
        (
            "facing-opposite/o01-uc001-true-flanking.flank",
            "Attack with ally on opposite side",
        ),
        (
            "facing-opposite/o03-uc003-side.flank",
            "Attack from side -> No bonus (noted)",
        ),
        (
            "facing-opposite/o08-ranged-no-flanking.flank",
            "range too far",
        ),
        (
            "facing-tactics/t01-example1-basic-attack.flank",
            "incoming damage is reduced by 20%",
        ),
        (
            "facing-tactics/t03-example3-flank.flank",
            "Side of defender | 125% | Flank",
        ),
    ] {
        let (code, out, err) = flank(&["explain".as_ref(), dir.join(file).as_os_str()]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.contains(quote), "{file}: {out}");
        // The arc explanation comes first, unchanged.
        assert!(
            out.starts_with("The largest arc with no threat is"),
            "{out}"
        );
    }
}

#[test]
fn gen_facing_writes_facing_fixtures_that_check() {
    let dir = std::env::temp_dir().join(format!("flank-cli-genf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = flank(&[
        "gen".as_ref(),
        "--facing".as_ref(),
        "7".as_ref(),
        "40".as_ref(),
        dir.as_os_str(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = flank(&["check".as_ref(), dir.as_os_str()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("40 passed, 0 failed\n"), "{out}");
    let files = flank_harness::fixture::collect(std::slice::from_ref(&dir)).unwrap();
    for f in &files {
        let f = flank_harness::fixture::Fixture::load(f).unwrap();
        assert!(f.uses_facing(), "{}", f.name);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
