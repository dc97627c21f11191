//! Malformed fixtures: each error names the file and the line.

use std::path::Path;

use rust_flanking::fixture::Fixture;

/// Parses `text` as `bad.flank`; returns (line, what is wrong, message).
fn error(text: &str) -> (usize, String, String) {
    let e = Fixture::parse(Path::new("dir/bad.flank"), text).expect_err("should not parse");
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("dir/bad.flank:{}: ", e.line)),
        "message does not name file and line: {msg}"
    );
    (e.line, e.what, msg)
}

/// Parses `text` as `bad.flank`, wants an error at `line` whose words
/// start with `start`; the message.
fn fails(text: &str, line: usize, start: &str) -> String {
    let (l, what, msg) = error(text);
    assert_eq!(l, line, "{text}: {msg}");
    assert!(what.starts_with(start), "{text}: {msg}");
    msg
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
    let msg = fails(
        "attacker: n\nexpect: 0\ncolour: red\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "unknown key `colour` (",
    );
    assert!(msg.contains("unknown key `colour`"));
}

#[test]
fn not_key_value() {
    fails(
        "attacker: n\nexpect 0\nmap:\n.d.\n.@.\n...\nend\n",
        2,
        "expected `key: value` or `map:`, found `expect 0`",
    );
}

#[test]
fn bad_direction() {
    let msg = fails(
        "attacker: up\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\n",
        1,
        "bad direction `up` (",
    );
    assert!(msg.contains("bad direction `up`"));
    fails(
        "attacker: n\nexpect: 0\ncreature x: peaceful\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "bad direction `x` (",
    );
}

#[test]
fn bad_expect_values() {
    for v in [
        "1.25", "9.5", "10", "-1", "x", "", "1.", ".5", "0.55", "1,5", "09", "00", "99",
    ] {
        let text = format!("attacker: n\nexpect: {v}\nmap:\n.d.\n.@.\n...\nend\n");
        let msg = fails(&text, 2, &format!("bad expect value `{v}`: "));
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
    fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n...\n...\nend\n",
        3,
        "no `@` (the defender) in the map block",
    );
}

#[test]
fn two_defenders() {
    let msg = fails(
        "attacker: n\nexpect: 0\nmap:\n.d..\n.@.@\n....\nend\n",
        5,
        "two `@` in the map block (the first on line 5)",
    );
    assert!(msg.contains("two `@`"));
    fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\n.@.\nend\n",
        7,
        "two `@` in the map block (the first on line 5)",
    );
}

#[test]
fn neighbour_outside_the_map() {
    let (line, what, msg) = error("attacker: n\nexpect: 0\nmap:\n.d.\n.@.\nend\n");
    assert_eq!(line, 5);
    assert!(what.contains("neighbour of `@` is outside"), "{what}");
    assert!(msg.contains("outside the map block"));
    // A short row: the east neighbour is missing.
    fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@\n...\nend\n",
        5,
        "the east neighbour of `@` is outside the map block",
    );
    // @ in the first column.
    fails(
        "attacker: n\nexpect: 0\nmap:\nd.\n@.\n..\nend\n",
        5,
        "the west neighbour of `@` is outside the map block",
    );
}

#[test]
fn creature_line_without_creature() {
    let msg = fails(
        "attacker: n\nexpect: 0\ncreature s: sleeping\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "`creature s` but there is no creature letter s of `@`",
    );
    assert!(msg.contains("no creature letter"));
}

#[test]
fn unknown_glyph() {
    let msg = fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@*\n...\nend\n",
        5,
        "unknown glyph `*` in column 3 (",
    );
    assert!(msg.contains("unknown glyph `*`"));
}

#[test]
fn missing_end() {
    let msg = fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\n",
        6,
        "missing `end` after the map block",
    );
    assert!(msg.contains("missing `end`"));
}

#[test]
fn missing_map() {
    fails("attacker: n\nexpect: 0\n", 2, "missing `map:` block");
}

#[test]
fn missing_attacker_and_expect() {
    let msg = fails(
        "expect: 0\nmap:\n.d.\n.@.\n...\nend\n",
        2,
        "missing `attacker:` line",
    );
    assert!(msg.contains("missing `attacker:`"));
    fails(
        "attacker: n\nmap:\n.d.\n.@.\n...\nend\n",
        2,
        "missing `expect:` line",
    );
}

#[test]
fn duplicate_keys() {
    let msg = fails(
        "attacker: n\nexpect: 0\nattacker: s\nmap:\n.d.\n.@.\n.d.\nend\n",
        3,
        "duplicate key `attacker` (first on line 1)",
    );
    assert!(msg.contains("duplicate key `attacker` (first on line 1)"));
    fails("attacker: n\nexpect: 0\ncreature e: fleeing\ncreature  e: sleeping\nmap:\n.d.\n.@d\n...\nend\n", 4, "duplicate key `creature e` (first on line 3)");
}

#[test]
fn attacker_without_creature() {
    let msg = fails(
        "attacker: s\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\n",
        1,
        "the attacker square (s of `@`) holds no creature letter",
    );
    assert!(msg.contains("holds no creature letter"));
}

#[test]
fn unknown_traits_and_states() {
    fails(
        "attacker: n\nexpect: 0\ndefender: invisible\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "unknown defender trait `invisible` (",
    );
    fails(
        "attacker: n\nexpect: 0\ncreature n: angry\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "unknown creature state `angry` (",
    );
}

#[test]
fn contradictory_traits_and_states() {
    for traits in [
        "hero monster",
        "peaceful",
        "monster peaceful tame",
        // No ordinary species swims and flies, or swims and passes walls.
        "monster swimming flying",
        "monster swimming levitating",
        "monster swimming phasing",
        // Blindness is read of the hero defender only (`splicehack`).
        "monster blind",
        "monster tame blind",
    ] {
        let text =
            format!("attacker: n\nexpect: 0\ndefender: {traits}\nmap:\n.d.\n.@.\n...\nend\n");
        fails(&text, 3, "defender traits ");
    }
    for states in [
        "peaceful tame",
        "hostile peaceful",
        "peaceful unwilling",
        "hero tame",
        // Only long worms have tails, and they bite.
        "tail passive",
        // ABI 17: 3.6.7's grudge is against a shrieker (no attack), its
        // speed-0 species have no attack, the hero mimics only while
        // helpless after eating a mimic, and eats or is hated by nobody.
        "grudge",
        "stationary",
        "hero mimicking",
        "hero eating",
        "hero grudge passive",
        "hero hiding nurse",
        "grudge stationary passive",
        "hero stationary",
        "hero stationary passive",
        "hero nurse outflanker",
        "hero stationary passive blind hiding",
        "hero stationary passive blind nurse",
    ] {
        let text = format!(
            "attacker: n\nexpect: 0\ndefender: monster\ncreature n: {states}\nmap:\n.d.\n.@.\n...\nend\n"
        );
        fails(&text, 4, "creature states ");
    }
    // Conflict beside a monster defender is the hero's (ABI 17): it parses.
    for traits in [
        "monster conflict",
        "monster peaceful conflict",
        "monster tame conflict",
    ] {
        let text =
            format!("attacker: n\nexpect: 0\ndefender: {traits}\nmap:\n.d.\n.@.\n...\nend\n");
        let f = Fixture::parse(Path::new("dir/ok.flank"), &text)
            .unwrap_or_else(|e| panic!("{traits}: {e}"));
        assert!(f.defender.monster && f.defender.conflict, "{traits}");
    }
    // The hero cannot stand next to itself.
    fails(
        "attacker: n\nexpect: 0\ncreature n: hero\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "creature states ",
    );
}

#[test]
fn conflict_beside_a_monster_and_the_new_words_parse() {
    for (defender, states) in [
        ("monster conflict", "tame"),
        ("monster", "grudge passive peaceful"),
        ("monster", "stationary passive"),
        ("monster", "hero stationary passive blind"),
        ("monster", "hero hiding"),
        ("monster", "hero nurse"),
        ("monster", "hero mimicking paralyzed"),
    ] {
        let text = format!(
            "attacker: s\nexpect: 0\ndefender: {defender}\ncreature n: {states}\nmap:\n.d.\n.@.\n.d.\nend\n"
        );
        let f = Fixture::parse(Path::new("dir/ok.flank"), &text);
        assert!(f.is_ok(), "{defender} / {states}: {f:?}");
    }
}

#[test]
fn a_blind_hero_defender_is_the_hero_s_unseeing_fact() {
    // `defender: blind` (SpliceHack's `&& !Blind`): the hero defender's
    // blindness travels as FLANK_FI_HERO_UNSEEING, and to the harness as
    // FLANK_FX_PEER_BLIND of the defender.
    let text = "rules: splicehack\nattacker: n\nattacker-level: 0\ndefender: blind\n\
expect: 4\nexpect-hit: 0\nexpect-damage: 100%\nmap:\n.d.\n.@.\n.d.\nend\n";
    let f = Fixture::parse(Path::new("dir/ok.flank"), text).unwrap();
    assert!(f.defender.blind && !f.defender.monster);
    assert!(f.attack_facts().hero_unseeing);
    let seeing = Fixture::parse(
        Path::new("dir/ok.flank"),
        &text.replace("defender: blind\n", ""),
    )
    .unwrap();
    assert!(!seeing.attack_facts().hero_unseeing);
    // It is a facing key: without `rules:` the fixture is refused by name.
    let (line, _, msg) =
        error("attacker: n\nexpect: 4\ndefender: blind\nmap:\n.d.\n.@.\n.d.\nend\n");
    assert_eq!(line, 3);
    assert!(msg.contains("defender: blind"), "{msg}");
}

#[test]
fn attacker_at_says_where_and_the_rule_set_says_from_where() {
    let fx = |at: &str, rules: &str| {
        format!(
            "attacker-at: {at}\nattack: missile\nexpect: 0\nrules: {rules}\nexpect-hit: 0\nexpect-damage: 100%\nmap:\n...d.\n.....\n..@..\n.....\n.....\nend\n"
        )
    };
    // Sil's rough_direction(): one east, two north is north (2); the
    // octant of the signs north-east (3).
    let silq = Fixture::parse(Path::new("dir/a.flank"), &fx("1 -2", "silq")).unwrap();
    assert_eq!(silq.attacker, 2);
    assert_eq!(silq.facing.as_ref().unwrap().attacker_at, Some((1, -2)));
    let dnd = fx("1 -2", "dnd").replace(
        "rules: dnd\n",
        "rules: dnd\nfacing: n\nexpect-zone: front\n",
    );
    assert_eq!(
        Fixture::parse(Path::new("dir/a.flank"), &dnd)
            .unwrap()
            .attacker,
        2
    );
    let tactics = fx("1 -2", "tactics").replace(
        "rules: tactics\n",
        "rules: tactics\nfacing: n\nexpect-zone: front\n",
    );
    assert_eq!(
        Fixture::parse(Path::new("dir/a.flank"), &tactics)
            .unwrap()
            .attacker,
        3
    );
    for (text, line) in [
        (fx("1 -1", "silq"), 1),                                  // next to `@`
        (fx("1 -3", "silq"), 1),                                  // beyond reach
        (fx("2 -2", "silq"), 1),                                  // no letter there
        (fx("1 x", "silq"), 1),                                   // not a number
        (fx("1 -2", "silq").replace("attack: missile\n", ""), 1), // melee
        (format!("attacker: n\n{}", fx("1 -2", "silq")), 1),      // both
    ] {
        let e = Fixture::parse(Path::new("dir/bad.flank"), &text).unwrap_err();
        assert!(e.what.starts_with("attacker-at: "), "{text}: {e}");
        assert!(e.line >= line, "{text}: {e}");
    }
    // Without `rules:` it has no direction.
    let no_rules = "attacker-at: 1 -2\nattack: missile\nexpect: 0\nmap:\n...d.\n.....\n..@..\n.....\n.....\nend\n";
    let e = Fixture::parse(Path::new("dir/bad.flank"), no_rules).unwrap_err();
    assert!(
        e.what.contains("is a facing key and needs a `rules:` line"),
        "{e}"
    );
}

#[test]
fn a_tail_never_attacks() {
    let msg = fails(
        "attacker: n\nexpect: 0\ncreature n: tail\nmap:\n.d.\n.@.\n...\nend\n",
        1,
        "the attacker (n of `@`) is a `tail`",
    );
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
    fails(
        "attacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\nexpect: 1\n",
        8,
        "text after `end` (only comments may follow the map)",
    );
}

#[test]
fn unreadable_file() {
    let e = Fixture::load(Path::new("/nonexistent/x.flank")).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("cannot read /nonexistent/x.flank: "));
}

const FACING: &str = "name: f\nattacker: n\nexpect: 0\nrules: dnd\nfacing: n\n\
    expect-zone: front\nexpect-hit: 0\nexpect-damage: 100%\nmap:\n.d.\n.@.\n...\nend\n";

#[test]
fn the_good_facing_one_parses() {
    let f = Fixture::parse(Path::new("f.flank"), FACING).unwrap();
    let spec = f.facing.as_ref().unwrap();
    assert_eq!(spec.rules.name(), "dnd");
    assert_eq!(spec.facing, 2);
    assert_eq!(spec.first_key, ("rules".to_string(), 4));
    assert!(f.facing_input().unwrap().is_ok());
    // An arc-only fixture has no facing.
    assert!(!Fixture::parse(Path::new("good.flank"), GOOD)
        .unwrap()
        .uses_facing());
}

#[test]
fn facing_errors_name_their_line() {
    let cases: [(&str, &str, usize, &str); 16] = [
        (
            "rules: dnd\n",
            "rules: chess\n",
            4,
            "unknown rule set `chess`",
        ),
        (
            "rules: dnd\n",
            "rules: proposal+dnd\n",
            4,
            "supersedes the standard rules for flanking",
        ),
        (
            "rules: dnd\n",
            "rules: dnd+tactics\n",
            4,
            "only `proposal` combines",
        ),
        ("facing: n\n", "facing: up\n", 5, "bad facing `up`"),
        (
            "expect-zone: front\n",
            "expect-zone: side\n",
            6,
            "bad zone `side`",
        ),
        (
            "expect-hit: 0\n",
            "expect-hit: 30.5\n",
            7,
            "bad expect-hit value `30.5`",
        ),
        (
            "expect-damage: 100%\n",
            "expect-damage: 100\n",
            8,
            "`100` is not a percent",
        ),
        (
            "expect-damage: 100%\n",
            "expect-damage: 100% 3->4\n",
            8,
            "`3->4` does not follow from 100% +0",
        ),
        (
            "expect-damage: 100%\n",
            "expect-damage: 100% x\n",
            8,
            "after the percent come",
        ),
        (
            "facing: n\n",
            "facing: n\nexpect-extra: sneaky\n",
            6,
            "unknown expect-extra word `sneaky`",
        ),
        (
            "facing: n\n",
            "facing: n\nexpect-shield: maybe\n",
            6,
            "bad expect-shield `maybe`",
        ),
        (
            "facing: n\n",
            "facing: n\nrole: wizard\n",
            6,
            "only `rogue` changes a rule",
        ),
        (
            "facing: n\n",
            "facing: n\nrole: rogue\n",
            6,
            "a Rogue attacker needs a `monster` defender",
        ),
        (
            "facing: n\n",
            "facing: n\nattack: thrown\n",
            6,
            "bad attack `thrown`",
        ),
        (
            "facing: n\n",
            "facing: n\nfacing e: n\n",
            6,
            "`creature e` but there is no creature letter",
        ),
        (
            "rules: dnd\n",
            "rules: dnd\nfacing: n\n",
            6,
            "duplicate key `facing` (first on line 5)",
        ),
    ];
    for (from, to, line, msg) in cases {
        let text = FACING.replacen(from, to, 1);
        let (l, _, m) = error(&text);
        assert_eq!(l, line, "{to}: {m}");
        assert!(m.contains(msg), "{to}: {m}");
    }
}

#[test]
fn facing_keys_need_rules_and_rules_need_their_keys() {
    fails(
        "attacker: n\nexpect: 0\nfacing: n\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "`facing` is a facing key and needs a `rules:` line",
    );
    fails(
        "attacker: n\nexpect: 0\ndefender: shield\nmap:\n.d.\n.@.\n...\nend\n",
        3,
        "`defender: shield` is a facing key and needs a `rules:` line",
    );
    for key in ["facing", "expect-zone", "expect-hit", "expect-damage"] {
        let text: String = FACING
            .lines()
            .filter(|l| !l.starts_with(&format!("{key}:")))
            .map(|l| format!("{l}\n"))
            .collect();
        fails(&text, 8, &format!("`rules:` needs a `{key}:` line"));
    }
    let text = FACING.replace("rules: dnd\n", "rules: dnd\ndefender: shield\n");
    let (_, k, _) = error(&text);
    assert_eq!(k, "`rules:` needs a `expect-shield:` line");
    // role: rogue needs the hero as the melee attacker.
    let text = FACING.replace(
        "rules: dnd\n",
        "rules: dnd\ndefender: monster\nrole: rogue\n",
    );
    let (l, _, m) = error(&text);
    assert_eq!(l, 6);
    assert!(m.contains("write `creature n: hero`"), "{m}");
    // ... but not for a missile, whose attacker stands further away.
    let text = FACING.replace(
        "rules: dnd\n",
        "rules: dnd\ndefender: monster\nrole: rogue\nattack: missile\n",
    );
    assert!(Fixture::parse(Path::new("x.flank"), &text).is_ok());
    // A missile's attacker square may be empty; a melee one's may not.
    let text = FACING.replace(".d.\n", "...\n");
    assert!(error(&text).1.starts_with("the attacker square"));
    let text = FACING
        .replace(".d.\n", "...\n")
        .replace("rules: dnd\n", "rules: dnd\nattack: missile\n");
    assert!(Fixture::parse(Path::new("x.flank"), &text).is_ok());
}

#[test]
fn expect_hit_reads_half_points_up_to_30() {
    // NerfHack's cap, 30 points (FLANK_MAX_FACING_HALF_POINTS).
    for (v, half) in [
        ("0", 0),
        ("2", 4),
        ("6.5", 13),
        ("13", 26),
        ("29.5", 59),
        ("30", 60),
    ] {
        let text = FACING.replace("expect-hit: 0\n", &format!("expect-hit: {v}\n"));
        let f = Fixture::parse(Path::new("ok.flank"), &text).unwrap();
        assert_eq!(f.facing.unwrap().expect_hit, half, "{v}");
    }
    for v in ["30.5", "31", "013", "07", "-2", "+2", "2.25", "x"] {
        let text = FACING.replace("expect-hit: 0\n", &format!("expect-hit: {v}\n"));
        fails(&text, 7, &format!("bad expect-hit value `{v}`: "));
    }
}

/// A fixture with a creature further out, `a`, 3 squares east.
fn far(line: &str) -> String {
    format!("attacker: w\nexpect: 0\nranged: on\n{line}\nmap:\n.......\nd@..a..\n.......\nend\n")
}

#[test]
fn far_lines_parse() {
    let f = Fixture::parse(Path::new("far.flank"), &far("far a: bow arrows sleeping")).unwrap();
    assert!(f.ranged);
    assert_eq!(f.far.len(), 1);
    assert_eq!(
        (f.far[0].letter, f.far[0].at, f.far[0].line),
        ('a', (1, 4), 4)
    );
    assert!(f.far[0].states.sleeping);
    assert_eq!(f.first_ranged_key, Some(("ranged".into(), 3)));
    let lines = f.ranged_lines();
    assert_eq!(
        (lines.dist[4], lines.arms[4]),
        (3, rust_flanking::sys::FLANK_RA_LAUNCHER as u8)
    );
}

#[test]
fn bad_far_lines_name_their_line() {
    let cases: [(&str, &str); 10] = [
        ("far a: bow trebuchet", "unknown `far` word `trebuchet`"),
        ("far ab: bow", "name one map letter"),
        (
            "far z: bow",
            "must stand exactly once in the map (it does 0 times)",
        ),
        ("far d: bow", "stands next to `@`"),
        ("far a: bow crossbow", "wields one of"),
        ("far a: breath daggers", "a species of its own"),
        ("far a: breath spit", "a species of its own"),
        ("far a: tail", "not a state of a creature further out"),
        ("far a: peaceful tame", "more than one of"),
        ("far a: hero bow", "`hero` needs a `monster` defender"),
    ];
    for (line, want) in cases {
        let (n, _, msg) = error(&far(line));
        assert_eq!(n, 4, "{line}: {msg}");
        assert!(msg.contains(want), "{line}: {msg}");
    }
    fails(
        &far("far a: bow\nfar a: darts"),
        5,
        "duplicate key `far a` (first on line 4)",
    );
    fails(
        &far("far a: bow").replace("ranged: on", "ranged: maybe"),
        3,
        "bad ranged `maybe` (on or off)",
    );
}

#[test]
fn a_map_larger_than_the_level_names_its_line() {
    // 300 rows of 10000 columns around the defender: refused where it first
    // leaves the room the game has (8 rows above `@`), not built.
    let row = ".".repeat(10_000);
    let mut text = String::from("attacker: n\nexpect: 0\nmap:\n");
    for r in 0..300 {
        if r == 150 {
            text.push_str(&format!("{}@{}\n", ".".repeat(5_000), ".".repeat(4_999)));
        } else if r == 149 {
            text.push_str(&format!("{}d{}\n", ".".repeat(5_000), ".".repeat(4_999)));
        } else {
            text.push_str(&row);
            text.push('\n');
        }
    }
    text.push_str("end\n");
    let msg = fails(&text, 4, "the map reaches");
    assert!(msg.contains("150 rows above `@`"), "{msg}");
    // Each way out of the room, at its own line; the limits themselves fit.
    let map = |rows: &[&str]| format!("attacker: n\nexpect: 0\nmap:\n{}\nend\n", rows.join("\n"));
    let wide = format!(".d.{}", ".".repeat(30));
    let (line, _, msg) = error(&map(&[&wide, ".@.", "..."]));
    assert_eq!((line, msg.contains("31 columns right")), (4, true), "{msg}");
    let left = format!("{}.d.", ".".repeat(30));
    let at = format!("{}.@.", ".".repeat(30));
    let (line, _, msg) = error(&map(&[&left, &at]));
    assert_eq!((line, msg.contains("31 columns left")), (5, true), "{msg}");
    let mut tall = vec![".d.", ".@."];
    tall.extend(std::iter::repeat_n("...", 9));
    let (line, _, msg) = error(&map(&tall));
    assert_eq!((line, msg.contains("9 rows below")), (14, true), "{msg}");
    let fits = format!("{}.d.{}", ".".repeat(29), ".".repeat(29));
    let at = format!("{}.@.{}", ".".repeat(29), ".".repeat(29));
    let below = ".".repeat(61);
    let mut rows = vec![fits.as_str(), at.as_str()];
    rows.extend(std::iter::repeat_n(below.as_str(), 8));
    if let Err(e) = Fixture::parse(Path::new("fits.flank"), &map(&rows)) {
        panic!("the limits themselves must fit: {e}");
    }
}

#[test]
fn a_file_that_cannot_be_read_is_named_without_a_line() {
    let dir = std::env::temp_dir().join(format!("flank-parser-read-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.flank");
    let msg = Fixture::load(&missing).unwrap_err().to_string();
    assert!(
        msg.starts_with(&format!("cannot read {}: ", missing.display())) && !msg.contains(":0:"),
        "{msg}"
    );
    let big = dir.join("big.flank");
    std::fs::write(&big, vec![b'#'; 2 << 20]).unwrap();
    let msg = Fixture::load(&big).unwrap_err().to_string();
    assert!(msg.contains("a file holds at most 1048576"), "{msg}");
    let _ = std::fs::remove_dir_all(&dir);
}
