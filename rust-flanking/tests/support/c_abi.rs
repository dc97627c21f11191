//! Building `tests/c/abi_test.c`, the C program that drives the engine's C
//! ABI the way the game does (it includes `include/flanking.h` and links
//! `librust_flanking.a`), and feeding it neighbourhoods. Shared by
//! rust-flanking's own `abi_c` test and the game's layer-agreement test.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use rust_flanking::fixture::Fixture;

/// rust-flanking's directory, from its own tests or from the workspace's.
pub fn manifest() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if here.join("include/flanking.h").is_file() {
        here.to_path_buf()
    } else {
        here.join("rust-flanking")
    }
}

/// The `librust_flanking.a` that cargo built for this test run. Tests run
/// from target/<profile>/deps/, where cargo leaves the library's staticlib
/// artifact (a crate-type of the lib) as `librust_flanking-HASH.a`; it is
/// copied up to target/<profile>/ only when the package itself is built,
/// not when it is a dependency of the workspace's game. So: the newest of
/// deps/librust_flanking-*.a, else target/<profile>/.
pub fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let newest = std::fs::read_dir(deps)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("librust_flanking-") && name.ends_with(".a")
        })
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .map(|e| e.path());
    let lib = newest.unwrap_or_else(|| deps.parent().unwrap().join("librust_flanking.a"));
    assert!(lib.is_file(), "{} not found", lib.display());
    lib
}

/// Compiles abi_test.c into `work/abi_test` (warnings are errors) and
/// returns the program's path.
pub fn compile(work: &Path) -> PathBuf {
    let exe = work.join("abi_test");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            "-O1",
            "-o",
        ])
        .arg(&exe)
        .arg(manifest().join("tests/c/abi_test.c"))
        .arg("-I")
        .arg(manifest().join("include"))
        .arg(staticlib())
        .args(["-lpthread", "-ldl", "-lm"])
        .status()
        .expect("run the C compiler");
    assert!(status.success(), "compiling abi_test.c failed");
    exe
}

/// One line of abi_test's cases file: "name defender attack_dir s0..s7".
pub fn case_line(f: &Fixture) -> String {
    let raw = f.to_raw();
    let mut line = format!("{} {} {}", f.name, raw.defender, raw.attack_dir);
    for s in raw.square {
        write!(line, " {s}").unwrap();
    }
    line
}

/// One line of abi_test's facing cases file for a fixture that uses
/// facing: its case line, then "facing flags rules", then what the field's
/// rule sets read: "state0..state7 attacker_level attacker".
pub fn facing_input_line(f: &Fixture) -> String {
    let spec = f.facing.as_ref().expect("a facing fixture");
    let c = f.creatures_input();
    let mut l = format!(
        "{} {} {} {}",
        case_line(f),
        spec.facing,
        f.attack_facts().bits(),
        spec.rules.id()
    );
    for s in c.state {
        write!(l, " {s}").unwrap();
    }
    write!(l, " {} {}", c.attacker_level, c.attacker).unwrap();
    l
}

/// abi_test's "facing-case ..." line for fixture `name` whose facing
/// result (by the Rust API) is `r`: flank_facing_eval()'s return value,
/// then the result's fields.
pub fn facing_case_line(name: &str, r: &rust_flanking::abi::flank_facing_result) -> String {
    format!(
        "facing-case {name} {} {} {} {} {} {} {} {} {} {}",
        r.hit_half_points,
        r.hit_half_points,
        r.arc_half_points,
        r.zone_half_points,
        r.zone,
        r.damage_percent,
        r.damage_flat,
        r.bits,
        r.shield_counts,
        r.rules
    )
}

/// One line of abi_test's ranged cases file: the case line, "facing flags
/// rules" (255 255 255 without facing), then the fixture's lines as the
/// game gathers them (`struct flank_ranged`: square, dist, arms, reach).
pub fn ranged_input_line(f: &Fixture) -> String {
    let mut line = match &f.facing {
        Some(_) => facing_input_line(f),
        None => format!("{} 255 255 255 0 0 0 0 0 0 0 0 0 0", case_line(f)),
    };
    let r = f.ranged_lines();
    for v in r.square {
        write!(line, " {v}").unwrap();
    }
    for v in r.dist.iter().chain(&r.arms).chain(&r.reach) {
        write!(line, " {v}").unwrap();
    }
    line
}

/// How abi_test prints a score and its `flank_detail`: flank_score()'s
/// half points, then the detail's half points, threats, arc, arc start,
/// behind, behind blocked and beside.
pub fn detail_fields(d: &rust_flanking::abi::flank_detail) -> String {
    format!(
        "{} {} {} {} {} {} {} {}",
        d.half_points,
        d.half_points,
        d.threats,
        d.arc,
        d.arc_start,
        d.behind,
        d.behind_blocked,
        d.beside
    )
}

/// abi_test's "ranged-case ..." line (and "ranged-facing ..." with
/// facing) for fixture `f`, by the Rust API: the threats from range of its
/// lines (whether or not the fixture turns them on), and the scores with
/// them.
pub fn ranged_case_lines(f: &Fixture) -> Vec<String> {
    let raw = f.to_raw();
    let lines = f.ranged_lines();
    let (hood, mask) = rust_flanking::ranged::threats_raw(&raw, &lines).unwrap();
    let d = hood.explain_with(mask);
    let mut out = vec![format!(
        "ranged-case {} {mask} {}",
        f.name,
        detail_fields(&d)
    )];
    if let Some(input) = f.facing_input() {
        let r = input.unwrap().eval_with(mask);
        let l = facing_case_line(&f.name, &r);
        out.push(l.replacen("facing-case ", "ranged-facing ", 1));
    }
    out
}

/// abi_test's "fixture3 ..." line: what flank_fixtures_get() hands over
/// of the ranged extension.
pub fn fixture3_line(f: &Fixture) -> String {
    let mut l = format!("fixture3 {} {} {}", f.name, u8::from(f.ranged), f.far.len());
    for c in &f.far {
        write!(
            l,
            " {} {} {} {} {} {}",
            c.letter,
            c.at.0,
            c.at.1,
            c.line,
            rust_flanking::fixture_abi::creature_bits(&c.states),
            c.arms
        )
        .unwrap();
    }
    l
}

/// abi_test's "fixture4 ..." line: the field's facts flank_fixtures_get()
/// hands over, each creature's `FLANK_FX_PEER_*` (by its own words, not
/// the harness's reader), the hero defender's and `attacker-level:`.
pub fn fixture4_line(f: &Fixture) -> String {
    let mut l = format!("fixture4 {}", f.name);
    for (s, g) in f.creatures.iter().zip(f.glyphs) {
        let bits = if g.is_ascii_alphabetic() { s.peer } else { 0 };
        write!(l, " {bits}").unwrap();
    }
    let mut def = 0;
    if f.defender.elbereth {
        def |= rust_flanking::abi::sys::FLANK_FX_PEER_ELBERETH;
    }
    if f.defender.blind {
        def |= rust_flanking::abi::sys::FLANK_FX_PEER_BLIND;
    }
    let level = f
        .facing
        .as_ref()
        .and_then(|s| s.attacker_level)
        .unwrap_or(255);
    let (dx, dy) = f
        .facing
        .as_ref()
        .and_then(|s| s.attacker_at)
        .unwrap_or((0, 0));
    write!(l, " {def} {level} {dx} {dy}").unwrap();
    l
}

/// abi_test's "fixture2 ..." line: what flank_fixtures_get(), the game
/// harness's reader, must hand over for fixture `f`.
pub fn fixture2_line(f: &Fixture) -> String {
    let Some(spec) = &f.facing else {
        return format!(
            "fixture2 {} 0 255 255 0 0 255 255 255 0 0 0 255 255 255 255 255 255 255 255",
            f.name
        );
    };
    let mut l = format!(
        "fixture2 {} 1 {} {} {} {} {} {} {} {} {} {}",
        f.name,
        spec.rules.id(),
        spec.facing,
        u8::from(f.defender.shield) | (u8::from(f.defender.sleeping) << 1),
        f.attack_facts().bits(),
        spec.expect_zone.code(),
        spec.expect_hit,
        spec.expect_shield.map_or(255, u8::from),
        spec.expect_damage.percent,
        spec.expect_damage.flat,
        spec.expect_extra
    );
    for c in spec.creature_facing {
        write!(l, " {}", c.unwrap_or(255)).unwrap();
    }
    l
}
