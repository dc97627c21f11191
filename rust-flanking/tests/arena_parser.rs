//! The arena's scenario files: a good one parses; each kind of bad one gets
//! an error naming the file and the line.

use std::path::Path;

use rust_flanking::arena::{Policy, Scenario};

const GOOD: &str = "\
# the jackals in the open
name: jackals
hero: Valkyrie 1
policy: hold
trials: 40
turns: 200
seed: 7
compare: FLANKING=0 | FLANKING=100
monster j: jackal
pet d: little dog
map:
-------
|j...j|
|..@d.|
|j...j|
-------
end
";

/// Parses GOOD with one line replaced (1-based; None: removed).
fn with_line(n: usize, line: Option<&str>) -> String {
    GOOD.lines()
        .enumerate()
        .filter_map(|(i, l)| if i + 1 == n { line } else { Some(l) })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The error for `text`: (line, message); the message starts with the file
/// and the line.
fn error(text: &str) -> (usize, String) {
    let e = Scenario::parse(Path::new("dir/bad.arena"), text).expect_err("should not parse");
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("dir/bad.arena:{}: ", e.line)),
        "{msg}"
    );
    (e.line, msg)
}

#[test]
fn the_good_one_parses() {
    let s = Scenario::parse(Path::new("x/good.arena"), GOOD).unwrap();
    assert_eq!(s.name, "jackals");
    assert_eq!((s.role.as_str(), s.level, s.role_line), ("Valkyrie", 1, 3));
    assert_eq!(s.policy, Policy::Hold);
    assert_eq!((s.trials, s.turns, s.seed), (40, 200, 7));
    assert_eq!(s.compare.len(), 2);
    assert_eq!(s.compare[1].to_string(), "FLANKING=100");
    assert_eq!(s.hero_at, (2, 3));
    assert_eq!(s.goal, None);
    assert_eq!(s.hero_on, '.');
    assert_eq!(s.creatures.len(), 5);
    assert_eq!(s.creatures.iter().filter(|c| c.tame).count(), 1);
    let dog = s.creatures.iter().find(|c| c.tame).unwrap();
    assert_eq!(
        (dog.species.as_str(), dog.at, dog.line),
        ("little dog", (2, 4), 10)
    );
}

#[test]
fn header_errors_name_their_line() {
    let cases: &[(usize, &str, &str)] = &[
        (2, "name: the jackals", "bad name `the jackals`: one word"),
        (3, "hero: Valkyrie", "bad hero `Valkyrie`"),
        (3, "hero: Valkyrie 31", "bad hero level `31`"),
        (4, "policy: charge", "unknown policy `charge`"),
        (10, "hero-on: wall", "bad hero-on `wall`"),
        (5, "trials: 0", "bad trials `0`"),
        (6, "turns: many", "bad turns `many`"),
        (7, "seed: -1", "bad seed `-1`"),
        (8, "compare: FLANKING", "bad setting `FLANKING`"),
        (8, "compare: flanking=1", "bad setting `flanking=1`"),
        (8, "compare: FLANKING=0 |", "an empty setting"),
        (
            8,
            "compare: FLANKING_RULES=bogus",
            "bad setting `FLANKING_RULES=bogus`: unknown rule set `bogus`",
        ),
        (
            8,
            "compare: FLANKING=1001",
            "FLANKING is a percent, 0 to 1000",
        ),
        (8, "compare: FLANKING_AI=yes", "FLANKING_AI is 0 or 1"),
        (8, "compare: FLANKING_RANGED=2", "FLANKING_RANGED is 0 or 1"),
        (9, "monster jj: jackal", "`monster jj`: one map letter"),
        (9, "monster j:", "`monster j` names no species"),
        (
            10,
            "pet j: little dog",
            "letter `j` named twice (first on line 9)",
        ),
        (10, "colour: red", "unknown key `colour`"),
        (10, "trials: 3", "duplicate key `trials` (first on line 5)"),
        (10, "just words", "expected `key: value`"),
    ];
    for &(line, text, want) in cases {
        let (got, msg) = error(&with_line(line, Some(text)));
        assert_eq!(got, line, "{text}: {msg}");
        assert!(msg.contains(want), "{text}: {msg}");
    }
}

#[test]
fn missing_lines_and_map_errors() {
    for (line, key) in [
        (3, "hero"),
        (4, "policy"),
        (5, "trials"),
        (6, "turns"),
        (8, "compare"),
    ] {
        let (got, msg) = error(&with_line(line, None));
        assert_eq!(got, 10, "{key}: {msg}"); // the `map:` line, one up
        assert!(msg.contains(&format!("missing `{key}:` line")), "{msg}");
    }
    let (line, msg) = error(&with_line(14, Some("|..@d.&")));
    assert_eq!(line, 14);
    assert!(msg.contains("unknown glyph `&` in column 7"), "{msg}");
    let (line, msg) = error(&with_line(15, Some("|j.@.j|")));
    assert_eq!(line, 15);
    assert!(
        msg.contains("two `@` in the map block (the first on line 14)"),
        "{msg}"
    );
    let (line, msg) = error(&with_line(15, Some("|k...j|")));
    assert_eq!(line, 15);
    assert!(
        msg.contains("letter `k` in column 2 has no `monster k:`"),
        "{msg}"
    );
    let (line, msg) = error(&with_line(14, Some("|.....|")));
    assert_eq!(line, 11);
    assert!(msg.contains("no `@`"), "{msg}");
    let (line, msg) = error(&with_line(14, Some("|..@..|")));
    assert_eq!(line, 10);
    assert!(msg.contains("letter `d` is not in the map"), "{msg}");
    let (line, msg) = error(&with_line(4, Some("policy: cross")));
    assert_eq!(line, 11);
    assert!(msg.contains("policy `cross` needs a `>`"), "{msg}");
    let (line, msg) =
        error(&with_line(4, Some("policy: retreat")).replace("|j...j|\n-", "|j*.*j|\n-"));
    assert_eq!(line, 15, "{msg}");
    assert!(msg.contains("more than one `*`"), "{msg}");
    let (_, msg) = error(&GOOD.replace("end\n", ""));
    assert!(msg.contains("missing `end`"), "{msg}");
    let (line, msg) = error(&format!("{GOOD}trials: 3\n"));
    assert_eq!(line, 18);
    assert!(msg.contains("text after `end`"), "{msg}");
    let big = GOOD.replace("|..@d.|", &format!("|..@d.{}|", ".".repeat(80)));
    let (line, msg) = error(&big);
    assert_eq!(line, 14);
    assert!(msg.contains("the level holds 77"), "{msg}");
    let peaceful = GOOD
        .replace("monster j: jackal\n", "")
        .replace("|j...j|", "|d...d|");
    let (_, msg) = error(&peaceful);
    assert!(msg.contains("no monster to fight"), "{msg}");
}

#[test]
fn unreadable_file() {
    let e = Scenario::load(Path::new("/nonexistent/x.arena")).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("cannot read /nonexistent/x.arena: "));
}

#[test]
fn every_rule_set_stands_for_each_but_the_default() {
    let text = with_line(
        8,
        Some("compare: FLANKING=0 | FLANKING_RULES=* | FLANKING_AI=0 FLANKING_RULES=*"),
    );
    let s = Scenario::parse(Path::new("x/all.arena"), &text).unwrap();
    let got: Vec<String> = s.compare.iter().map(ToString::to_string).collect();
    let others = &rust_flanking::facing::RULES[1..];
    let mut want = vec!["FLANKING=0".to_string()];
    want.extend(others.iter().map(|r| format!("FLANKING_RULES={}", r.name)));
    want.extend(
        others
            .iter()
            .map(|r| format!("FLANKING_AI=0 FLANKING_RULES={}", r.name)),
    );
    assert_eq!(got, want);
    assert!(got.contains(&"FLANKING_RULES=dnd".to_string()));
    assert!(!got
        .iter()
        .any(|g| g.contains("proposal") || g.contains('*')));
}

/// A scene: `policy: player`, played by a player (`--arena-play`).
const SCENE: &str = "\
# a closet for a test
hero: Rogue 30
policy: player
map:
----
|@.|
----
end
";

#[test]
fn a_player_scenario_needs_no_monster_nor_anything_to_measure() {
    let s = Scenario::parse(Path::new("tests/scenes/closet.arena"), SCENE).unwrap();
    assert_eq!(s.policy, Policy::Player);
    assert_eq!(s.policy.word(), "player");
    assert_eq!(s.policy_line, 3);
    assert_eq!(s.name, "closet");
    assert_eq!((s.trials, s.turns), (1, 10_000));
    assert!(s.compare.is_empty() && s.creatures.is_empty() && s.goal.is_none());
    // creatures are made as in any scenario
    let with_pet = SCENE
        .replace("map:", "pet k: kitten\nmap:")
        .replace("|@.|", "|@k|");
    let s = Scenario::parse(Path::new("x.arena"), &with_pet).unwrap();
    assert_eq!(s.creatures.len(), 1);
    assert!(s.creatures[0].tame);
}

#[test]
fn a_player_scenario_refuses_what_the_arena_measures() {
    for (key, line) in [
        ("trials: 10", "trials"),
        ("turns: 100", "turns"),
        ("compare: FLANKING=0 | FLANKING=100", "compare"),
    ] {
        let text = SCENE.replace("policy: player\n", &format!("policy: player\n{key}\n"));
        let (n, msg) = error(&text);
        assert_eq!(n, 4, "{msg}");
        assert!(msg.contains(&format!("`{line}:` is the arena's")), "{msg}");
    }
    // and the measuring policies still need them, and a monster
    let hold = SCENE.replace("policy: player", "policy: hold");
    let (_, msg) = error(&hold);
    assert!(msg.contains("missing `trials:` line"), "{msg}");
    let (_, msg) = error(&GOOD.replace("monster j: jackal", "pet j: jackal"));
    assert!(msg.contains("no monster to fight"), "{msg}");
}
