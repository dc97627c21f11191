//! Every fixture under tests/fixtures parses and scores its expected value
//! through the Rust API.

use std::path::{Path, PathBuf};

use flank_testkit::ModelOracle;
use rust_flanking::explain::explain_words;
use rust_flanking::fixture::{collect, Fixture};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

#[test]
fn every_fixture_scores_its_expected_value() {
    let files = collect(&[fixtures_dir()]).unwrap();
    assert!(files.len() >= 50, "only {} fixtures found", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap_or_else(|e| panic!("{e}"));
        // Threats from range counted when the fixture has `ranged: on`.
        let got = f.score().unwrap();
        if got != f.expect_half_points {
            failures.push(format!(
                "{}: got {got}, expected {}",
                f.name, f.expect_half_points
            ));
        }
        // The plain model agrees on every fixture too.
        assert_eq!(f.model_score(), got, "{}", f.name);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The proposal's worked examples, as the proposal draws and scores them:
/// the file, the attacker's direction, the map (the dingo or jackal that
/// attacks is one of the `d`s) and the bonus in half points. Example 11's
/// text also gives the bonus of the other two jackals (`p11b`, `p11c`).
/// docs/DESIGN.md, "The fixture format", lists the same files.
const PROPOSAL_EXAMPLES: [(&str, &str, [&str; 3], u8); 14] = [
    ("p01-lone-dingo", "n", [".d.", ".@.", "..."], 0),
    ("p02-two-adjacent", "n", [".dd", ".@.", "..."], 2),
    ("p03-split-pair", "n", [".d.", ".@.", "..d"], 6),
    ("p04-three-sides", "n", [".d.", ".@d", ".d."], 8),
    ("p05-surrounded", "n", ["ddd", "d@d", "ddd"], 14),
    ("p06-one-gap", "n", ["ddd", "d@d", ".dd"], 12),
    ("p07-back-to-wall", "n", [".d.", ".@.", "---"], 4),
    ("p08-wall-gap", "n", [".d.", ".@.", "--."], 3),
    ("p09-pinned-north", "n", [".d.", "d@d", "---"], 12),
    ("p10-pinned-west", "w", [".d.", "d@d", "---"], 8),
    ("p11-hemmed-west", "w", [".dd", "d@.", "---"], 6),
    ("p11b-hemmed-north", "n", [".dd", "d@.", "---"], 10),
    ("p11c-hemmed-northeast", "ne", [".dd", "d@.", "---"], 10),
    ("p12-corridor", "e", ["---", ".@d", "---"], 0),
];

/// `tests/fixtures/proposal/` holds exactly the proposal's worked
/// examples, each as the proposal draws it (a hero among hostile, able
/// creatures: no traits, no states, no extension) and with its bonus; and
/// docs/DESIGN.md lists each one.
#[test]
fn proposal_fixtures_are_all_there() {
    use rust_flanking::fixture::{parse_dir, DefenderTraits};
    let dir = fixtures_dir().join("proposal");
    let files = collect(std::slice::from_ref(&dir)).unwrap();
    let stems: std::collections::BTreeSet<String> = files
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let wanted: std::collections::BTreeSet<String> = PROPOSAL_EXAMPLES
        .iter()
        .map(|(name, ..)| name.to_string())
        .collect();
    assert_eq!(
        stems, wanted,
        "tests/fixtures/proposal/ is not the proposal's worked examples"
    );
    let design =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/DESIGN.md"))
            .unwrap();
    for (name, attacker, map, half_points) in PROPOSAL_EXAMPLES {
        let f = Fixture::load(&dir.join(format!("{name}.flank"))).unwrap();
        assert_eq!(f.name, name);
        assert_eq!(Some(f.attacker), parse_dir(attacker), "{name}: attacker");
        assert_eq!(f.map, map, "{name}: map");
        assert_eq!(f.expect_half_points, half_points, "{name}: expect");
        assert_eq!(f.defender, DefenderTraits::default(), "{name}: defender");
        assert!(
            f.creatures.iter().all(|c| *c == Default::default()),
            "{name}: every creature is hostile and able"
        );
        assert!(
            f.facing.is_none() && !f.ranged && f.far.is_empty(),
            "{name}"
        );
        assert_eq!(f.score().unwrap(), half_points, "{name}: score");
        assert!(
            design.contains(&format!("`{name}`")),
            "docs/DESIGN.md does not list {name}"
        );
    }
}

#[test]
fn proposal_explanations_use_the_proposals_words() {
    let dir = fixtures_dir().join("proposal");
    let explain = |file: &str| {
        let f = Fixture::load(&dir.join(file)).unwrap();
        explain_words(&f.neighbourhood().unwrap().explain())
    };
    assert_eq!(
        explain("p03-split-pair.flank"),
        "The largest arc with no threat is 4 (south clockwise to northwest). The space behind \
         the defender is not a trap or terrain, so it does not get any extra bonus. Flanking \
         bonus = (7 - 4) + 0 + 0/2 = 3."
    );
    assert!(explain("p01-lone-dingo.flank")
        .starts_with("The largest arc with no threat is 7 (northeast clockwise to northwest)."));
    assert!(explain("p05-surrounded.flank").starts_with(
        "The largest arc with no threat is 0 (there is no direction with no threat)."
    ));
    assert!(explain("p06-one-gap.flank").starts_with(
        "The largest arc with no threat is 1 (an \"arc\" consisting only of southwest)."
    ));
    assert_eq!(
        explain("p07-back-to-wall.flank"),
        "The largest arc with no threat is 7 (northeast clockwise to northwest), and the space \
         behind the defender is blocked, and both of the spaces on either side of it are also \
         blocked. Flanking bonus = (7 - 7) + 1 + 2/2 = 2."
    );
    assert!(explain("p08-wall-gap.flank").contains(
        "and one of the spaces on either side of it is also blocked. Flanking bonus = (7 - 7) + 1 + 1/2 = 1.5."
    ));
    assert!(explain("p09-pinned-north.flank").starts_with(
        "The largest arc with no threat is 3 (southeast clockwise to southwest), and"
    ));
    assert!(explain("p11-hemmed-west.flank")
        .starts_with("The largest arc with no threat is 4 (east clockwise to southwest)."));
    assert!(explain("p12-corridor.flank")
        .starts_with("The largest arc with no threat is 7 (southeast clockwise to northeast)."));
}

#[test]
fn fixture_to_raw_sets_the_documented_bits() {
    let f = Fixture::parse(
        Path::new("x.flank"),
        "attacker: n\nexpect: 0\ndefender: monster tame\ncreature n: hostile\n\
         creature e: unwilling sleeping\ncreature w: hero fleeing passive\n\
         creature s: trapped\ncreature sw: peaceful tail\nmap:\nwdx\na@b\ncy^\nend\n",
    )
    .unwrap();
    let raw = f.to_raw();
    use rust_flanking::abi::sys::*;
    let sq = |x: u32| x as u16;
    assert_eq!(raw.defender, FLANK_DEF_TAME as u8);
    assert_eq!(raw.attack_dir, FLANK_DIR_N as u8);
    assert_eq!(raw.square[FLANK_DIR_N as usize], sq(FLANK_SQ_CREATURE));
    assert_eq!(
        raw.square[FLANK_DIR_E as usize],
        sq(FLANK_SQ_CREATURE | FLANK_SQ_TAME | FLANK_SQ_UNWILLING | FLANK_SQ_HELPLESS)
    );
    assert_eq!(
        raw.square[FLANK_DIR_W as usize],
        sq(FLANK_SQ_CREATURE | FLANK_SQ_HERO | FLANK_SQ_FLEEING | FLANK_SQ_NOATTACK)
    );
    assert_eq!(
        raw.square[FLANK_DIR_S as usize],
        sq(FLANK_SQ_CREATURE | FLANK_SQ_TRAPPED | FLANK_SQ_BLOCKED)
    );
    assert_eq!(raw.square[FLANK_DIR_SE as usize], sq(FLANK_SQ_BLOCKED));
    assert_eq!(
        raw.square[FLANK_DIR_SW as usize],
        sq(FLANK_SQ_CREATURE | FLANK_SQ_PEACEFUL | FLANK_SQ_TAIL)
    );
    assert_eq!(raw.square[FLANK_DIR_NW as usize], sq(FLANK_SQ_CREATURE));
    assert_eq!(raw.square[FLANK_DIR_NE as usize], sq(FLANK_SQ_CREATURE));
}

#[test]
fn every_facing_fixture_matches_the_engine_and_the_model() {
    let mut per_dir = std::collections::BTreeMap::new();
    for path in collect(&[fixtures_dir()]).unwrap() {
        let f = Fixture::load(&path).unwrap();
        let Some(input) = f.facing_input() else {
            continue;
        };
        input.unwrap_or_else(|e| panic!("{}: {e}", f.name));
        let r = f.facing_result().unwrap().unwrap();
        assert!(
            f.facing_mismatches(&r).is_empty(),
            "{}: {:?}",
            f.name,
            f.facing_mismatches(&r)
        );
        let spec = f.facing.as_ref().unwrap();
        let m = f.model_facing().unwrap();
        assert_eq!(m.zone, spec.expect_zone.code(), "{}", f.name);
        assert_eq!(
            m.arc_half_points + m.zone_half_points,
            spec.expect_hit,
            "{}",
            f.name
        );
        assert_eq!(
            (m.damage_percent, m.damage_flat),
            (spec.expect_damage.percent, spec.expect_damage.flat),
            "{}",
            f.name
        );
        let dir = path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        *per_dir.entry(dir).or_insert(0) += 1;
    }
    let counts: Vec<(&str, i32)> = per_dir.iter().map(|(d, n)| (d.as_str(), *n)).collect();
    assert_eq!(
        counts,
        [
            ("facing-combined", 7),
            ("facing-dnd", 22),
            ("facing-implicit", 80),
            ("facing-opposite", 13),
            ("facing-tactics", 10),
            ("peer-hackem", 37),
            ("peer-hackem-gen", 6486),
            ("peer-nerfhack", 55),
            ("peer-nerfhack-gen", 6493),
            ("peer-silq", 16),
            ("peer-silq-gen", 5458),
            ("peer-splicehack", 22),
            ("peer-splicehack-gen", 6500),
            ("ranged", 1),
        ]
    );
}

/// Whether the game's record counts a fixture's blow (a roll that hit),
/// read from the fixture's own expectations: its to-hit (the points a
/// strict roll adds at FLANKING=100, or a shield that does not count),
/// its damage (a percent other than 100 or a flat part), the shield's
/// frontal cut, a backstab. The engine's answer (`flank_blow_changes()`)
/// must agree on every facing fixture, and a proposal fixture counts when
/// its score gives a point. Under `tactics` blows are counted that get no
/// to-hit at all: its zones change damage alone.
#[test]
fn every_fixture_says_whether_the_record_counts_its_blow() {
    use rust_flanking::blow;
    let mut damage_alone = std::collections::BTreeMap::<String, usize>::new();
    let (mut counted, mut not) = (0, 0);
    for path in collect(&[fixtures_dir()]).unwrap() {
        let f = Fixture::load(&path).unwrap();
        let Some(spec) = f.facing.as_ref() else {
            // proposal: no zone, the roll's points alone (ceil(h / 2))
            let points = i32::from(f.expect_half_points.div_ceil(2));
            let want = if f.expect_half_points > 0 {
                blow::HIT
            } else {
                0
            };
            assert_eq!(blow::changes(points, None), want, "{}", f.name);
            continue;
        };
        let r = f.facing_result().unwrap().unwrap();
        let shield_ignored = f.defender.shield && spec.expect_shield == Some(false);
        let points = i32::from(spec.expect_hit.div_ceil(2)) + i32::from(shield_ignored);
        let mut want = 0;
        if spec.expect_hit > 0 || shield_ignored {
            want |= blow::HIT;
        }
        if spec.expect_damage.percent != 100 || spec.expect_damage.flat != 0 {
            want |= blow::DAMAGE;
        }
        if spec.expect_extra & rust_flanking::facing::bits::SHIELD_DAMAGE != 0 {
            want |= blow::SHIELD;
        }
        if spec.expect_extra & rust_flanking::facing::bits::BACKSTAB != 0 {
            want |= blow::BACKSTAB;
        }
        let got = blow::changes(points, Some(&r));
        assert_eq!(got, want, "{}", f.name);
        if got == 0 {
            not += 1;
        } else {
            counted += 1;
        }
        if got & blow::HIT == 0 && got != 0 {
            *damage_alone
                .entry(spec.rules.name().to_string())
                .or_default() += 1;
        }
    }
    assert!(counted > 0 && not > 0, "{counted} counted, {not} not");
    // Blows flanking changed by their damage alone: tactics' zones and the
    // shield's cut (the record counted none of them when it counted to-hit
    // alone); the proposal+tactics fixtures all have an arc point.
    let rules: Vec<&str> = damage_alone.keys().map(String::as_str).collect();
    assert_eq!(rules, ["tactics"], "{damage_alone:?}");
}

#[test]
fn implicit_facing_fig_1_has_every_cell_for_every_facing() {
    let dir = fixtures_dir().join("facing-implicit");
    let mut seen = std::collections::HashSet::new();
    for path in collect(&[dir]).unwrap() {
        let f = Fixture::load(&path).unwrap();
        let spec = f.facing.as_ref().unwrap();
        if !spec.missile {
            assert!(seen.insert((spec.facing, f.attacker)), "{}", f.name);
        }
    }
    assert_eq!(seen.len(), 64);
}

/// Every movement fixture (`*.move`) parses and its first `move`, if any,
/// is what the planner rates best; and enough of them have a square worth
/// something that the check is not vacuous.
#[test]
fn every_movement_fixture_checks_against_the_planner() {
    use rust_flanking::movement::{collect as collect_moves, MoveFixture};
    let files = collect_moves(&[fixtures_dir()]).unwrap();
    assert!(files.len() >= 12, "only {} movement fixtures", files.len());
    // the two collections do not pick up each other's files
    assert!(files.iter().all(|p| p.extension().unwrap() == "move"));
    assert!(collect(&[fixtures_dir()])
        .unwrap()
        .iter()
        .all(|p| p.extension().unwrap() == "flank"));
    let mut weighed = 0;
    for path in &files {
        let f = MoveFixture::load(path).unwrap_or_else(|e| panic!("{e}"));
        match f.check() {
            Ok(Some(_)) => weighed += 1,
            Ok(None) => {}
            Err(e) => panic!("{}: {e}", f.name),
        }
    }
    assert!(weighed >= 6, "only {weighed} fixtures weigh a square");
}

/// Threats from range (tests/fixtures/ranged): every kind of threat and
/// every reason a creature further out does not threaten has its fixture,
/// and each one's threat from range decides it: the same file without
/// `ranged: on` scores no more than the jackal's bite alone.
#[test]
fn ranged_fixtures_cover_every_threat_and_every_reason_not() {
    let dir = fixtures_dir().join("ranged");
    let files = collect(std::slice::from_ref(&dir)).unwrap();
    let mut names = Vec::new();
    for path in &files {
        let f = Fixture::load(path).unwrap();
        assert!(f.first_ranged_key.is_some(), "{}: no ranged key", f.name);
        let mut off = f.clone();
        off.ranged = false;
        let (on_score, off_score) = (f.score().unwrap(), off.score().unwrap());
        if f.ranged && f.ranged_threats() != 0 {
            assert!(
                on_score > off_score,
                "{}: the threat from range changes nothing",
                f.name
            );
        } else {
            assert_eq!(on_score, off_score, "{}", f.name);
        }
        names.push(f.name.clone());
    }
    for want in [
        "bow",
        "crossbow",
        "sling",
        "daggers",
        "spears",
        "darts",
        "knives",
        "polearm",
        "lance",
        "breath",
        "spit",
        "gaze",
        "blocked",
        "out-of-range",
        "not-lined-up",
        "peaceful-archer",
        "sleeping-archer",
        "adjacent-and-ranged",
        "hero-bow",
        "pet-archer",
        "ranged-off",
    ] {
        assert!(
            names.iter().any(|n| n.contains(want)),
            "no ranged fixture for `{want}`"
        );
    }
}
