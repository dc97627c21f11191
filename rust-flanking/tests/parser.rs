//! Malformed fixtures: each error names the file and the line.

use std::path::Path;

use rust_flanking::fixture::{Fixture, FixtureErrorKind as K};

/// Parses `text` as `bad.flank`; returns (line, kind, message).
fn error(text: &str) -> (usize, K, String) {
    let e = Fixture::parse(Path::new("dir/bad.flank"), text).expect_err("should not parse");
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("dir/bad.flank:{}: ", e.line)),
        "message does not name file and line: {msg}"
    );
    (e.line, e.kind, msg)
}

const GOOD: &str = "name: good\nattacker: n\nexpect: 1.5\nmap:\n.d.\n.@.\n--.\nend\n";

#[test]
fn the_good_one_parses() {
    let f = Fixture::parse(Path::new("good.flank"), GOOD).unwrap();
    assert_eq!(f.expect_half_points, 3);
    assert_eq!(f.name, "good");
    assert_eq!(f.neighbourhood().unwrap().score(), 3);
}

#[test]
fn name_defaults_to_stem_and_trailing_comments_are_ignored() {
    let text = "# a comment\nattacker: n   # from the north\nexpect: 0 # none\n\
                defender: hero                 # optional\nmap:\n.d.\n#@#\n...\nend\n# after\n";
    let f = Fixture::parse(Path::new("some/where/stem-name.flank"), text).unwrap();
    assert_eq!(f.name, "stem-name");
    assert_eq!(f.glyphs[0], '#');
}

#[test]
fn unknown_key() {
    let (line, kind, msg) =
        error("attacker: n\nexpect: 0\ncolour: red\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (3, K::UnknownKey("colour".into())));
    assert!(msg.contains("unknown key `colour`"));
}

#[test]
fn not_key_value() {
    let (line, kind, _) = error("attacker: n\nexpect 0\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (2, K::NotKeyValue("expect 0".into())));
}

#[test]
fn bad_direction() {
    let (line, kind, msg) = error("attacker: up\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (1, K::BadDirection("up".into())));
    assert!(msg.contains("bad direction `up`"));
    let (line, kind, _) =
        error("attacker: n\nexpect: 0\ncreature x: peaceful\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (3, K::BadDirection("x".into())));
}

#[test]
fn bad_expect_values() {
    for v in [
        "1.25", "9.5", "10", "-1", "x", "", "1.", ".5", "0.55", "1,5",
    ] {
        let text = format!("attacker: n\nexpect: {v}\nmap:\n.d.\n.@.\n...\nend\n");
        let (line, kind, msg) = error(&text);
        assert_eq!((line, kind), (2, K::BadExpect(v.into())), "{v}");
        assert!(msg.contains("multiple of 0.5 in 0..9"));
    }
    for (v, half) in [
        ("0", 0),
        ("0.5", 1),
        ("6", 12),
        ("9", 18),
        ("4.50", 9),
        ("2.0", 4),
    ] {
        let text = format!("attacker: n\nexpect: {v}\nmap:\n.d.\n.@.\n...\nend\n");
        let f = Fixture::parse(Path::new("ok.flank"), &text).unwrap();
        assert_eq!(f.expect_half_points, half, "{v}");
    }
}

#[test]
fn no_defender() {
    let (line, kind, _) = error("attacker: n\nexpect: 0\nmap:\n.d.\n...\n...\nend\n");
    assert_eq!((line, kind), (3, K::NoDefender));
}

#[test]
fn two_defenders() {
    let (line, kind, msg) = error("attacker: n\nexpect: 0\nmap:\n.d..\n.@.@\n....\nend\n");
    assert_eq!((line, kind), (5, K::TwoDefenders(5)));
    assert!(msg.contains("two `@`"));
    let (line, kind, _) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\n.@.\nend\n");
    assert_eq!((line, kind), (7, K::TwoDefenders(5)));
}

#[test]
fn neighbour_outside_the_map() {
    let (line, kind, msg) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@.\nend\n");
    assert_eq!(line, 5);
    assert!(matches!(kind, K::NeighbourOutside(_)));
    assert!(msg.contains("outside the map block"));
    // A short row: the east neighbour is missing.
    let (line, kind, _) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@\n...\nend\n");
    assert_eq!((line, kind), (5, K::NeighbourOutside("east".into())));
    // @ in the first column.
    let (line, kind, _) = error("attacker: n\nexpect: 0\nmap:\nd.\n@.\n..\nend\n");
    assert_eq!((line, kind), (5, K::NeighbourOutside("west".into())));
}

#[test]
fn creature_line_without_creature() {
    let (line, kind, msg) =
        error("attacker: n\nexpect: 0\ncreature s: sleeping\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (3, K::NoCreatureThere("s".into())));
    assert!(msg.contains("no creature letter"));
}

#[test]
fn unknown_glyph() {
    let (line, kind, msg) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@*\n...\nend\n");
    assert_eq!((line, kind), (5, K::UnknownGlyph('*', 3)));
    assert!(msg.contains("unknown glyph `*`"));
}

#[test]
fn missing_end() {
    let (line, kind, msg) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\n");
    assert_eq!((line, kind), (6, K::MissingEnd));
    assert!(msg.contains("missing `end`"));
}

#[test]
fn missing_map() {
    let (line, kind, _) = error("attacker: n\nexpect: 0\n");
    assert_eq!((line, kind), (2, K::MissingMap));
}

#[test]
fn missing_attacker_and_expect() {
    let (line, kind, msg) = error("expect: 0\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (2, K::MissingAttacker));
    assert!(msg.contains("missing `attacker:`"));
    let (line, kind, _) = error("attacker: n\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (2, K::MissingExpect));
}

#[test]
fn duplicate_keys() {
    let (line, kind, msg) =
        error("attacker: n\nexpect: 0\nattacker: s\nmap:\n.d.\n.@.\n.d.\nend\n");
    assert_eq!((line, kind), (3, K::DuplicateKey("attacker".into(), 1)));
    assert!(msg.contains("duplicate key `attacker` (first on line 1)"));
    let (line, kind, _) = error(
        "attacker: n\nexpect: 0\ncreature e: fleeing\ncreature  e: sleeping\nmap:\n.d.\n.@d\n...\nend\n",
    );
    assert_eq!((line, kind), (4, K::DuplicateKey("creature e".into(), 3)));
}

#[test]
fn attacker_without_creature() {
    let (line, kind, msg) = error("attacker: s\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (1, K::AttackerNotACreature("s".into())));
    assert!(msg.contains("holds no creature letter"));
}

#[test]
fn unknown_traits_and_states() {
    let (line, kind, _) =
        error("attacker: n\nexpect: 0\ndefender: invisible\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (3, K::UnknownTrait("invisible".into())));
    let (line, kind, _) =
        error("attacker: n\nexpect: 0\ncreature n: angry\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (3, K::UnknownState("angry".into())));
}

#[test]
fn contradictory_traits_and_states() {
    for traits in [
        "hero monster",
        "peaceful",
        "monster peaceful tame",
        "monster conflict",
        // No ordinary species swims and flies, or swims and passes walls.
        "monster swimming flying",
        "monster swimming levitating",
        "monster swimming phasing",
    ] {
        let text =
            format!("attacker: n\nexpect: 0\ndefender: {traits}\nmap:\n.d.\n.@.\n...\nend\n");
        let (line, kind, _) = error(&text);
        assert_eq!(line, 3, "{traits}");
        assert!(matches!(kind, K::BadTraits(_)), "{traits}");
    }
    for states in [
        "peaceful tame",
        "hostile peaceful",
        "peaceful unwilling",
        "hero tame",
        // Only long worms have tails, and they bite.
        "tail passive",
    ] {
        let text = format!(
            "attacker: n\nexpect: 0\ndefender: monster\ncreature n: {states}\nmap:\n.d.\n.@.\n...\nend\n"
        );
        let (line, kind, _) = error(&text);
        assert_eq!(line, 4, "{states}");
        assert!(matches!(kind, K::BadStates(_)), "{states}");
    }
    // The hero cannot stand next to itself.
    let (line, kind, _) =
        error("attacker: n\nexpect: 0\ncreature n: hero\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!(line, 3);
    assert!(matches!(kind, K::BadStates(_)));
}

#[test]
fn a_tail_never_attacks() {
    let (line, kind, msg) =
        error("attacker: n\nexpect: 0\ncreature n: tail\nmap:\n.d.\n.@.\n...\nend\n");
    assert_eq!((line, kind), (1, K::AttackerIsATail("n".into())));
    assert!(msg.contains("never with a tail segment"), "{msg}");
}

#[test]
fn what_nethack_can_make_still_parses() {
    // A hero may swim and fly at once, and a ghost flies through walls.
    for traits in ["hero swimming flying phasing", "monster flying phasing"] {
        let text =
            format!("attacker: n\nexpect: 0\ndefender: {traits}\nmap:\n.d.\n.@.\n...\nend\n");
        Fixture::parse(Path::new("ok.flank"), &text).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn text_after_end() {
    let (line, kind, _) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\nexpect: 1\n");
    assert_eq!((line, kind), (8, K::TextAfterEnd));
}

#[test]
fn unreadable_file() {
    let e = Fixture::load(Path::new("/nonexistent/x.flank")).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("/nonexistent/x.flank:0: cannot read"));
}
