//! Random valid fixtures, for the property test that every layer (the Rust
//! API, the C ABI, the plain model and the real game) scores alike, and for
//! `flank gen`.
//!
//! A fixture is drawn from a seed by a small, self-contained generator
//! (SplitMix64), so a seed names the same fixtures on every machine and in
//! every build. Everything the format can say is drawn: every glyph, every
//! defender kind and trait, every creature state, maps from 3x3 up to 7x9
//! with the defender anywhere inside. Only valid fixtures come out (the
//! parser's rules, tests/fixtures/README.md), with `expect:` set to the
//! engine's own score, so a layer that disagrees fails its check.
//!
//! Facing fixtures ([`random_facing_fixture`]) are drawn from what the
//! game can hold, not from all the format can say: the game's harness
//! builds each one from real game state, and the layers test accepts no
//! refusal, so the few combinations no real game holds (listed there) are
//! never drawn.

use std::fmt::Write as _;
use std::path::Path;

use flank_harness::fixture::{Fixture, DIR_OFFSETS, DIR_WORDS};

/// SplitMix64: a tiny, fast, well-mixed generator; plenty for test input.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // The modulo bias is far too small to matter for test input.
        self.next_u64() % n
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// One item of `items`, drawn by the weights.
    pub fn weighted<T: Copy>(&mut self, items: &[(u64, T)]) -> T {
        let total: u64 = items.iter().map(|(w, _)| w).sum();
        let mut r = self.below(total);
        for &(w, item) in items {
            if r < w {
                return item;
            }
            r -= w;
        }
        items[items.len() - 1].1
    }
}

/// Glyphs of the map and how often each is drawn (`a` stands for any
/// creature letter).
const GLYPHS: [(u64, char); 10] = [
    (28, '.'),
    (6, '#'),
    (6, '-'),
    (6, '|'),
    (6, ' '),
    (7, '+'),
    (6, '}'),
    (6, '^'),
    (5, '0'),
    (24, 'a'),
];

const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The movement traits a monster defender may have: those of ordinary
/// NetHack species (none, flying or levitating, swimming, passing walls,
/// flying and passing walls like a ghost).
const MONSTER_MOVES: [&[&str]; 7] = [
    &[],
    &["flying"],
    &["levitating"],
    &["levitating", "flying"],
    &["swimming"],
    &["phasing"],
    &["flying", "phasing"],
];

/// The text of one random valid fixture named `name`, its `expect:` the
/// engine's score.
pub fn random_fixture(rng: &mut Rng, name: &str) -> String {
    let body = random_body(rng, true);
    let probe = format!("name: {name}\nexpect: 0\n{body}");
    // The generator only writes what the parser accepts; should that ever
    // fail, say so in the file itself, where every layer will refuse it.
    let expect = match Fixture::parse(Path::new(name), &probe)
        .ok()
        .and_then(|f| f.neighbourhood().ok().map(|h| h.score()))
    {
        Some(h) => format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" }),
        None => "generator-made-an-invalid-fixture".into(),
    };
    format!("name: {name}\nexpect: {expect}\n{body}")
}

/// A map row of three creatures `e`, `n`, `d` (and rock around them)
/// would read `end` and close the map; the parser would refuse the rows
/// after it. The `e` becomes an `E`: a creature all the same, and no draw
/// from the generator, so every other fixture of a seed stays as it was.
fn not_end(row: &mut [char]) {
    if row.iter().collect::<String>().trim() == "end" {
        for g in row.iter_mut().filter(|g| **g == 'e') {
            *g = 'E';
        }
    }
}

/// Everything but `name:` and `expect:`. With `unbuildable_hero`, a hero
/// creature is rarely fleeing, passive or a tail, states the game harness
/// documents it cannot build (the arc layers test that refusal); without
/// it, never.
fn random_body(rng: &mut Rng, unbuildable_hero: bool) -> String {
    let rows = 3 + rng.below(5) as usize;
    let cols = 3 + rng.below(7) as usize;
    let (dr, dc) = (
        1 + rng.below(rows as u64 - 2) as usize,
        1 + rng.below(cols as u64 - 2) as usize,
    );
    let mut map: Vec<Vec<char>> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| match rng.weighted(&GLYPHS) {
                    'a' => LETTERS[rng.below(LETTERS.len() as u64) as usize] as char,
                    g => g,
                })
                .collect()
        })
        .collect();
    map[dr][dc] = '@';
    let at = |d: usize| {
        let (dx, dy) = DIR_OFFSETS[d];
        (
            dr.checked_add_signed(dy).unwrap_or(0),
            dc.checked_add_signed(dx).unwrap_or(0),
        )
    };
    let letter = |map: &Vec<Vec<char>>, d: usize| {
        let (r, c) = at(d);
        map[r][c].is_ascii_alphabetic()
    };
    // The attacker stands on one of the eight squares.
    let attacker = rng.below(8) as usize;
    if !letter(&map, attacker) {
        let (r, c) = at(attacker);
        map[r][c] = LETTERS[rng.below(LETTERS.len() as u64) as usize] as char;
    }

    // The defender.
    let monster = rng.one_in(2);
    let mut traits: Vec<&str> = Vec::new();
    if monster {
        traits.push("monster");
        match rng.below(5) {
            0 => traits.push("peaceful"),
            1 => traits.push("tame"),
            _ => {}
        }
        traits.extend_from_slice(MONSTER_MOVES[rng.below(MONSTER_MOVES.len() as u64) as usize]);
    } else {
        if rng.one_in(3) {
            traits.push("hero");
        }
        for t in ["levitating", "flying", "swimming", "phasing", "conflict"] {
            if rng.one_in(5) {
                traits.push(t);
            }
        }
    }

    // The creatures around it.
    let hero_dir = (monster && rng.one_in(3)).then(|| {
        let letters: Vec<usize> = (0..8).filter(|&d| letter(&map, d)).collect();
        letters[rng.below(letters.len() as u64) as usize]
    });
    let mut lines = Vec::new();
    for (d, word) in DIR_WORDS.iter().enumerate() {
        if !letter(&map, d) {
            continue;
        }
        let mut words: Vec<&str> = Vec::new();
        if hero_dir == Some(d) {
            words.push("hero");
            for s in ["sleeping", "paralyzed", "trapped"] {
                if rng.one_in(6) {
                    words.push(s);
                }
            }
            // States the harness cannot give the hero (README): rarely.
            if unbuildable_hero && rng.one_in(40) {
                let n = if d == attacker { 2 } else { 3 };
                words.push(["fleeing", "passive", "tail"][rng.below(n) as usize]);
            }
        } else {
            match rng.weighted(&[(5, 0), (2, 1), (2, 2), (2, 3), (2, 4)]) {
                1 => words.push("hostile"),
                2 => words.push("peaceful"),
                3 => words.push("tame"),
                4 => words.push("unwilling"),
                _ => {}
            }
            for s in ["sleeping", "paralyzed", "trapped", "fleeing"] {
                if rng.one_in(7) {
                    words.push(s);
                }
            }
            // A tail never attacks, and a long worm is never passive.
            if d != attacker && rng.one_in(7) {
                words.push("tail");
            } else if rng.one_in(6) {
                words.push("passive");
            }
        }
        if !words.is_empty() {
            lines.push(format!("creature {word}: {}", words.join(" ")));
        }
    }

    let mut out = String::new();
    let _ = writeln!(out, "attacker: {}", DIR_WORDS[attacker]);
    if !traits.is_empty() || rng.one_in(2) {
        let _ = writeln!(
            out,
            "defender: {}",
            if traits.is_empty() {
                "hero".to_string()
            } else {
                traits.join(" ")
            }
        );
    }
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    out.push_str("map:\n");
    for row in &mut map {
        not_end(row);
    }
    for row in &map {
        // Trailing rock may be left out of a row, as a person would write,
        // but not the defender's neighbours: the parser wants them written.
        let row: String = row.iter().collect();
        let trimmed = row.trim_end_matches(' ');
        let keep = trimmed.len().max(dc + 2);
        let _ = writeln!(out, "{}", &row[..keep]);
    }
    out.push_str("end\n");
    out
}

/// The text of one random valid fixture that uses facing (a rule set, the
/// defender's facing, maybe a shield, a sleeping defender, a Rogue
/// attacker, a missile, other creatures' facings), every `expect-*` set to
/// the engine's result. Arc-only consumers (flank_fixtures_get(), the v1
/// fixture ABI) must not be given these; [`random_fixture`] never writes
/// facing.
///
/// The game's fixture harness builds each of these from real game state
/// (tests/fixtures/README.md), so the generator draws only what a real
/// game can hold, and the layers test accepts no refusal:
/// - a shield on a monster defender only when it has no movement trait
///   (levitating, flying, swimming, phasing) and a face: the species the
///   harness makes for those traits, or a faceless one, wear no shield;
/// - a faceless monster defender is never swimming, nor flying and
///   passing walls: no faceless species the harness makes moves so; and
///   one that passes walls without flying is always faceless (a xorn, the
///   only such species);
/// - another creature's facing is one of the eight directions, never
///   `faceless`, and only for a creature made with a face: the hero, or a
///   jackal or a willing pet; not a passive monster (an acid blob, a gas
///   spore, a floating eye), an unwilling pet (a newt), which are
///   faceless, nor a long worm's tail segment, which is no creature of its
///   own;
/// - `role: rogue` only when the hero is the attacker (it is the hero's
///   role), never for a monster's missile;
/// - a hero creature is never fleeing, passive or a tail, but passive in a
///   form of speed 0 (`stationary passive blind`, `peer_states()`);
/// - the field's words only as `peer_states()` draws them, and
///   `attacker-at:` only under `silq`, for a missile (`attacker_at()`).
pub fn random_facing_fixture(rng: &mut Rng, name: &str) -> String {
    let body = random_body(rng, false);
    let probe = format!("name: {name}\nexpect: 0\n{body}");
    let Ok(base) = Fixture::parse(Path::new(name), &probe) else {
        return format!("name: {name}\nexpect: generator-made-an-invalid-fixture\n{body}");
    };
    let rules: Vec<_> = flank_rules::facing::RuleSet::all().collect();
    let rules = rules[rng.below(rules.len() as u64) as usize];
    let def = &base.defender;
    let moves = def.levitating || def.flying || def.swimming || def.phasing;
    // A faceless monster defender is a flaming sphere, a xorn, a floating
    // eye or a lichen: none swims, none both flies and passes walls. One
    // that passes walls and does not fly is a xorn: faceless.
    let air = def.levitating || def.flying;
    let facing = if def.monster && def.phasing && !air {
        flank_rules::facing::FACING_NONE
    } else if def.monster && (def.swimming || def.phasing) {
        rng.below(8) as u8
    } else {
        rng.below(9) as u8
    };
    // A rule set with no zones and no arc (the field's) reads no facing,
    // and the parser takes none for it.
    let zoneless = !rules.row().facing && !rules.uses_arc();
    let mut head = if zoneless {
        format!("rules: {}\n", rules.name())
    } else {
        format!(
            "rules: {}\nfacing: {}\n",
            rules.name(),
            flank_rules::facing::facing_word(facing)
        )
    };
    let missile = rng.one_in(4);
    if missile {
        head.push_str("attack: missile\n");
    }
    // The hero as the attacker means a monster defender (the parser's
    // rule): the Rogue's sneak attack, by hand or by missile.
    let attacker_is_hero = base.creatures[usize::from(base.attacker)].hero;
    if attacker_is_hero && rng.one_in(2) {
        head.push_str("role: rogue\n");
    }
    for (d, (glyph, word)) in base.glyphs.iter().zip(DIR_WORDS).enumerate() {
        let s = &base.creatures[d];
        let has_face = s.hero || !(s.passive || s.unwilling || s.tail);
        if glyph.is_ascii_alphabetic() && has_face && !zoneless && rng.one_in(4) {
            let _ = writeln!(
                head,
                "facing {}: {}",
                word,
                flank_rules::facing::facing_word(rng.below(8) as u8)
            );
        }
    }
    let rogue = head.contains("role: rogue\n");
    let mut grudge = false;
    let body = if rules.info() & flank_rules::sys::FLANK_RI_PEER as u8 != 0 {
        head.push_str(&peer_level(rng, attacker_is_hero));
        let natural = rules.outflanker("soldier ant");
        let (body, g) = peer_states(rng, &base, &body, missile, rogue, natural);
        grudge = g;
        body
    } else if missile && !rogue && rules.name() == "silq" && rng.one_in(3) {
        // kept only if the format takes it (the creature on the square of
        // the direction it gives may be a tail, which never attacks)
        let at = attacker_at(rng, &base, &body);
        let probe =
            format!("name: {name}\nexpect: 0\n{head}expect-hit: 0\nexpect-damage: 100%\n{at}");
        if Fixture::parse(Path::new(name), &probe).is_ok() {
            at
        } else {
            body
        }
    } else {
        body
    };
    let mut extra = Vec::new();
    // The hero wears the Valkyrie's own small shield; a monster defender,
    // one of the species with a face and no movement trait.
    // A grudge's defender is a purple worm, which wears none.
    let shield_ok = !grudge
        && (!def.monster || (!moves && (zoneless || facing != flank_rules::facing::FACING_NONE)));
    if shield_ok && rng.one_in(2) {
        extra.push("shield");
    }
    if rng.one_in(4) {
        extra.push("sleeping");
    }
    let body = if extra.is_empty() {
        body
    } else if body.contains("\ndefender: ") || body.starts_with("defender: ") {
        body.lines()
            .map(|l| {
                if l.starts_with("defender: ") {
                    format!("{l} {}\n", extra.join(" "))
                } else {
                    format!("{l}\n")
                }
            })
            .collect()
    } else {
        format!("defender: {}\n{body}", extra.join(" "))
    };
    let probe = format!(
        "name: {name}\nexpect: 0\n{head}expect-zone: front\nexpect-hit: 0\nexpect-damage: 100%\nexpect-shield: counts\n{body}"
    );
    let result = Fixture::parse(Path::new(name), &probe)
        .ok()
        .and_then(|f| f.facing_input())
        .and_then(Result::ok)
        .map(|i| (i.hood().score(), i.eval()));
    let Some((score, r)) = result else {
        return format!("name: {name}\nexpect: generator-made-an-invalid-fixture\n{head}{body}");
    };
    let half = |h: u8| format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" });
    format!(
        "name: {name}\nexpect: {}\n{head}expect-zone: {}\nexpect-hit: {}\nexpect-damage: {}\nexpect-shield: {}\nexpect-extra: {}\n{body}",
        half(score),
        flank_rules::facing::Zone::from_code(r.zone).map_or("?", |z| z.word()),
        half(r.hit_half_points),
        flank_harness::fixture::damage_words(r.damage_percent, r.damage_flat),
        if r.shield_counts != 0 { "counts" } else { "ignored" },
        flank_harness::fixture::extra_words(r.bits & !flank_rules::facing::bits::ARC),
    )
}

/// A rule set that reads the creatures' states (`nerfhack`) gets an
/// `attacker-level:` line: the hero's 1 to 30, a monster's 0 to 24.
fn peer_level(rng: &mut Rng, hero: bool) -> String {
    let level = if hero {
        1 + rng.below(30)
    } else {
        rng.below(25)
    };
    format!("attacker-level: {level}\n")
}

/// `body` with the field's states drawn onto its creatures, only those the
/// game harness builds on any creature: a monster confused, stunned or
/// eating; the hero confused, stunned, blind, hallucinating or fumbling,
/// and on Elbereth; a melee attacker that is neither passive nor a pet
/// flanking by nature (the harness makes a species that does, a soldier
/// ant, or the hero a Valkyrie; its pets are of species that do not).
/// And ABI 17's: a passive creature `stationary` (a mold) or, beside a
/// monster defender with no movement trait, held a `grudge` against (a
/// shrieker beside a purple worm; then the second value is true, and the
/// defender wears no shield); the hero as a creature (not the attacker)
/// `hiding` (a snake's form), `mimicking paralyzed` or `stationary
/// passive blind` (a mold's form, eyeless), or `nurse` (a nurse's form; the attacker too,
/// when she is no Rogue and does not flank by nature); `conflict` beside
/// a monster defender. An attacker flanks by nature only where the rule
/// set names a species that does (`natural`: NerfHack's; SpliceHack's and
/// Hack'EM's name none, and the harness refuses the word there). The hero
/// defender `blind` (SpliceHack's `!Blind`).
fn peer_states(
    rng: &mut Rng,
    base: &Fixture,
    body: &str,
    missile: bool,
    rogue: bool,
    natural: bool,
) -> (String, bool) {
    let mut add: [Vec<&str>; 8] = Default::default();
    let def = &base.defender;
    let walks = def.monster && !(def.levitating || def.flying || def.swimming || def.phasing);
    let mut grudge = false;
    for (d, (s, g)) in base.creatures.iter().zip(base.glyphs).enumerate() {
        if !g.is_ascii_alphabetic() || s.tail {
            continue;
        }
        let attacker = d == usize::from(base.attacker) && !missile;
        if s.hero && d != usize::from(base.attacker) && rng.one_in(2) {
            match rng.below(4) {
                0 => add[d].push("hiding"),
                1 => add[d].push("nurse"),
                2 => {
                    add[d].push("mimicking");
                    if !s.paralyzed {
                        add[d].push("paralyzed");
                    }
                }
                // every form of speed 0 is eyeless: the hero in one is blind
                _ => add[d].extend_from_slice(&["stationary", "passive", "blind"]),
            }
        } else if !s.hero && s.passive && rng.one_in(2) {
            if walks && rng.one_in(2) {
                add[d].push("grudge");
                grudge = true;
            } else {
                add[d].push("stationary");
            }
        } else if walks && !s.hero && !s.passive && !attacker && rng.one_in(3) {
            // a shrieker: passive too
            add[d].extend_from_slice(&["passive", "grudge"]);
            grudge = true;
        }
        let pool: &[&str] = if s.hero {
            &[
                "confused",
                "stunned",
                "blind",
                "hallucinating",
                "fumbling",
                "elbereth",
            ]
        } else {
            &["confused", "stunned", "eating"]
        };
        for w in pool {
            if rng.one_in(9) {
                add[d].push(w);
            }
        }
        if attacker && natural && !s.passive && !s.tame && rng.one_in(3) {
            add[d].push("outflanker");
        } else if attacker && s.hero && !rogue && rng.one_in(4) {
            add[d].push("nurse");
        }
    }
    let mut defender_elbereth = !base.defender.monster && rng.one_in(6);
    let mut defender_conflict = base.defender.monster && rng.one_in(5);
    let defender_blind = !base.defender.monster && rng.one_in(6);
    // the hero defender's words, on its `defender:` line or a new one
    let hero_words = |elbereth: bool| {
        [(elbereth, "elbereth"), (defender_blind, "blind")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, w)| *w)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut hero_said = false;
    let mut out = String::new();
    let mut seen = [false; 8];
    for line in body.lines() {
        if let Some(rest) = line.strip_prefix("creature ") {
            if let Some((dir, _)) = rest.split_once(':') {
                if let Some(d) = flank_harness::fixture::parse_dir(dir) {
                    let d = usize::from(d);
                    seen[d] = true;
                    if !add[d].is_empty() {
                        let _ = writeln!(out, "{line} {}", add[d].join(" "));
                        continue;
                    }
                }
            }
        }
        if line.starts_with("defender: ") && (defender_elbereth || defender_blind) {
            let _ = writeln!(out, "{line} {}", hero_words(defender_elbereth));
            defender_elbereth = false;
            hero_said = true;
            continue;
        }
        if line.starts_with("defender: ") && defender_conflict {
            let _ = writeln!(out, "{line} conflict");
            defender_conflict = false;
            continue;
        }
        if line == "map:" {
            for d in 0..8 {
                if !seen[d] && !add[d].is_empty() {
                    let _ = writeln!(out, "creature {}: {}", DIR_WORDS[d], add[d].join(" "));
                }
            }
            if !hero_said && (defender_elbereth || defender_blind) {
                let _ = writeln!(out, "defender: {}", hero_words(defender_elbereth));
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    (out, grudge)
}

/// `body` (a missile's, under `silq`) with its `attacker:` line made an
/// `attacker-at: DX DY` two squares out, off the eight lines or on them,
/// where a creature letter is put if none stands there (a hostile jackal
/// in the game); `body` as it was when the map has no room there.
fn attacker_at(rng: &mut Rng, base: &Fixture, body: &str) -> String {
    let (dr, dc) = base.defender_at;
    let reach = i64::from(flank_harness::fixture::ATTACKER_AT_REACH);
    let (mut dx, mut dy) = (rng.below(5) as i64 - 2, rng.below(5) as i64 - 2);
    if dx.abs() < reach && dy.abs() < reach {
        if rng.one_in(2) {
            dx = if dx < 0 { -reach } else { reach };
        } else {
            dy = if dy < 0 { -reach } else { reach };
        }
    }
    let (r, c) = (dr as i64 + dy, dc as i64 + dx);
    if r < 0 || c < 0 || r as usize >= base.map.len() {
        return body.to_string();
    }
    let (r, c) = (r as usize, c as usize);
    let mut out = String::new();
    let mut row = None;
    for line in body.lines() {
        if line.starts_with("attacker: ") {
            let _ = writeln!(out, "attacker-at: {dx} {dy}");
            continue;
        }
        if line == "map:" {
            row = Some(0usize);
        } else if line == "end" {
            row = None;
        } else if let Some(n) = row.as_mut() {
            let mut chars: Vec<char> = line.chars().collect();
            if *n == r {
                if c >= chars.len() {
                    return body.to_string(); // keep rows as they were
                }
                if !chars[c].is_ascii_alphabetic() {
                    chars[c] = 'j'; // no `end` row can come of it
                }
                let _ = writeln!(out, "{}", chars.iter().collect::<String>());
                *n += 1;
                continue;
            }
            *n += 1;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes `count` random facing fixtures of `seed` into `dir`, as
/// [`write_fixtures`] does for arc-only ones.
pub fn write_facing_fixtures(
    dir: &Path,
    seed: u64,
    count: usize,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    write_each(dir, seed, count, "facing-", random_facing_fixture)
}

/// Writes `count` random fixtures with threats from range
/// ([`random_ranged_fixture`]) of `seed` into `dir`, named `ranged-` +
/// [`fixture_name`]; returns their paths.
pub fn write_ranged_fixtures(
    dir: &Path,
    seed: u64,
    count: usize,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    write_each(dir, seed, count, "ranged-", random_ranged_fixture)
}

/// The size of a ranged fixture's map, and where `@` stands in it: room
/// for a line of `FLANK_RANGE_MAX` squares and one more each way.
const RANGED_ROWS: usize = 17;
const RANGED_COLS: usize = 19;
const RANGED_AT: (usize, usize) = (8, 9);

/// The text of one random valid fixture with threats from range: an arc
/// fixture's defender, neighbours and rules ([`random_body`], no
/// unbuildable hero), set in a larger map of floor with scattered terrain
/// and jackals, and two to six creatures further out with `far` lines,
/// most of them on a line from `@` (some past the range or off every
/// line). `ranged: on` nine times in ten. `expect:` is the engine's score.
///
/// Drawn from what the game's harness builds (tests/fixtures/README.md):
/// a far creature is the hero only when the defender is a monster and no
/// neighbour is the hero; it is never `unwilling`, `passive` or a `tail`
/// (the parser's rule), and a far pet only when the defender is hostile to
/// it and weaker (a willing pet: the harness refuses to build an
/// unwilling one, which the format cannot ask for).
pub fn random_ranged_fixture(rng: &mut Rng, name: &str) -> String {
    let body = random_body(rng, false);
    let probe = format!("name: {name}\nexpect: 0\n{body}");
    let Ok(base) = Fixture::parse(Path::new(name), &probe) else {
        return format!("name: {name}\nexpect: generator-made-an-invalid-fixture\n{body}");
    };
    // The base map, set so that its `@` is at RANGED_AT; the rest floor,
    // some terrain, some jackals.
    let mut map: Vec<Vec<char>> = (0..RANGED_ROWS)
        .map(|_| {
            (0..RANGED_COLS)
                .map(|_| match rng.below(80) {
                    0 => '-',
                    1 => '|',
                    2 => '0',
                    3 => '+',
                    4 => '}',
                    5 => '^',
                    6 => ' ',
                    7 | 8 => 'j',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let (br, bc) = base.defender_at;
    for (r, row) in base.map.iter().enumerate() {
        for (c, g) in row.chars().enumerate() {
            map[RANGED_AT.0 - br + r][RANGED_AT.1 - bc + c] = g;
        }
    }
    let def = &base.defender;
    let hero_taken = base
        .creatures
        .iter()
        .zip(base.glyphs)
        .any(|(s, g)| s.hero && g.is_ascii_alphabetic());
    let used: Vec<char> = map.iter().flatten().copied().collect();
    let mut free = LETTERS
        .iter()
        .map(|&b| b as char)
        .filter(|c| !used.contains(c));
    let mut far_lines = Vec::new();
    let mut far_letters = Vec::new();
    let mut hero_far = false;
    for _ in 0..2 + rng.below(5) {
        let Some(letter) = free.next() else { break };
        // Where: on a line (most), past the range, or off every line.
        let dir = rng.below(8) as usize;
        let (dx, dy) = DIR_OFFSETS[dir];
        let k = match rng.below(10) {
            0 => 8,
            _ => 2 + rng.below(6) as isize,
        };
        let (mut r, mut c) = (RANGED_AT.0 as isize + k * dy, RANGED_AT.1 as isize + k * dx);
        if rng.one_in(8) {
            // A knight's move off the line.
            if dx == 0 {
                c += 1;
            } else {
                r += 1;
            }
        }
        let (Ok(r), Ok(c)) = (usize::try_from(r), usize::try_from(c)) else {
            continue;
        };
        if r >= RANGED_ROWS
            || c >= RANGED_COLS
            || (r.abs_diff(RANGED_AT.0) <= 1 && c.abs_diff(RANGED_AT.1) <= 1)
            || far_letters.contains(&map[r][c])
        {
            continue;
        }
        let mut words: Vec<&str> = Vec::new();
        // What it is.
        let hero = def.monster && !hero_taken && !hero_far && rng.one_in(4);
        let kinds: &[&[&str]] = &[
            &["bow", "arrows"],
            &["crossbow", "bolts"],
            &["sling", "rocks"],
            &["daggers"],
            &["spears"],
            &["darts"],
            &["knives"],
            &["polearm"],
            &["lance"],
            &["bow"],
            &["arrows"],
            &["bow", "bolts"],
            &["breath"],
            &["spit"],
            &["gaze"],
            &[],
        ];
        let n = if hero { 12 } else { kinds.len() };
        words.extend_from_slice(kinds[rng.below(n as u64) as usize]);
        if hero {
            words.push("hero");
            hero_far = true;
        } else {
            // A pet only against a hostile monster (see above).
            let pet_ok = def.monster && !def.peaceful && !def.tame;
            match rng.weighted(&[(6, 0), (2, 1), (2, 2), (if pet_ok { 2 } else { 0 }, 3)]) {
                1 => words.push("hostile"),
                2 => words.push("peaceful"),
                3 => words.push("tame"),
                _ => {}
            }
        }
        for st in ["sleeping", "paralyzed", "trapped", "fleeing"] {
            if rng.one_in(8) && !(hero && st == "fleeing") {
                words.push(st);
            }
        }
        map[r][c] = letter;
        far_letters.push(letter);
        far_lines.push(format!("far {letter}: {}", words.join(" ")));
    }
    let (head, rest) = body.split_once("map:\n").unwrap_or((&body, ""));
    let _ = rest;
    let mut text = String::from(head);
    text.push_str(if rng.one_in(10) {
        "ranged: off\n"
    } else {
        "ranged: on\n"
    });
    for l in &far_lines {
        text.push_str(l);
        text.push('\n');
    }
    text.push_str("map:\n");
    for row in &mut map {
        not_end(row);
        let row = &*row;
        text.extend(row.iter());
        text.push('\n');
    }
    text.push_str("end\n");
    let probe = format!("name: {name}\nexpect: 0\n{text}");
    let expect = match Fixture::parse(Path::new(name), &probe)
        .ok()
        .and_then(|f| f.score().ok())
    {
        Some(h) => format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" }),
        None => "generator-made-an-invalid-fixture".into(),
    };
    format!("name: {name}\nexpect: {expect}\n{text}")
}

/// The name of fixture `index` of `seed`: `gen-SEED-INDEX`, SEED in hex.
pub fn fixture_name(seed: u64, index: usize) -> String {
    format!("gen-{seed:016x}-{index:05}")
}

/// Writes `count` random fixtures of `seed` into `dir` (created if need
/// be), one file each, `NAME.flank`; returns their paths.
pub fn write_fixtures(
    dir: &Path,
    seed: u64,
    count: usize,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    write_each(dir, seed, count, "", random_fixture)
}

/// `count` fixtures of `seed` drawn by `draw`, each named `prefix` +
/// [`fixture_name`], into `dir` (created if need be); their paths.
fn write_each(
    dir: &Path,
    seed: u64,
    count: usize,
    prefix: &str,
    draw: fn(&mut Rng, &str) -> String,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let name = format!("{prefix}{}", fixture_name(seed, i));
            let path = dir.join(format!("{name}.flank"));
            std::fs::write(&path, draw(&mut rng, &name))?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ModelOracle;
    use flank_rules::sys;

    #[test]
    fn every_generated_fixture_parses_and_the_model_agrees() {
        let mut rng = Rng::new(7);
        let mut glyphs = std::collections::HashSet::new();
        for i in 0..5000 {
            let name = fixture_name(7, i);
            let text = random_fixture(&mut rng, &name);
            let f =
                Fixture::parse(Path::new(&name), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let raw = f.to_raw();
            assert_eq!(
                crate::model::score(&raw.square, raw.defender, raw.attack_dir),
                f.expect_half_points,
                "{text}"
            );
            glyphs.extend(f.glyphs);
        }
        for g in ['.', '#', '-', '|', ' ', '+', '}', '^', '0'] {
            assert!(glyphs.contains(&g), "never drew `{g}`");
        }
    }

    #[test]
    fn a_row_of_e_n_d_does_not_close_the_map() {
        // Seed 0xc7ae4ce616a9ee0d drew the row `end` in its 212th facing
        // fixture (a CI run's layers test caught it).
        for row in ["end", " end", "end ", " end  "] {
            let mut cells: Vec<char> = row.chars().collect();
            not_end(&mut cells);
            let fixed: String = cells.iter().collect();
            assert_ne!(fixed.trim(), "end", "{row:?}");
            assert_eq!(fixed.len(), row.len());
            assert!(cells.iter().filter(|g| g.is_ascii_alphabetic()).count() == 3);
        }
        for row in ["ends", "e.nd", "en d", "..."] {
            let mut cells: Vec<char> = row.chars().collect();
            not_end(&mut cells);
            assert_eq!(cells.iter().collect::<String>(), row);
        }
        let seed = 0xc7ae_4ce6_16a9_ee0d;
        let mut rng = Rng::new(seed);
        let text = (0..212)
            .map(|i| random_facing_fixture(&mut rng, &format!("facing-{}", fixture_name(seed, i))))
            .last()
            .unwrap();
        Fixture::parse(Path::new("facing-211"), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }

    #[test]
    fn generated_ranged_fixtures_parse_and_the_model_agrees() {
        let mut rng = Rng::new(14);
        let (mut threatened, mut far, mut off) = (0, 0, 0);
        for i in 0..3000 {
            let name = format!("ranged-{i}");
            let text = random_ranged_fixture(&mut rng, &name);
            let f =
                Fixture::parse(Path::new(&name), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(f.model_score(), f.expect_half_points, "{text}");
            threatened += usize::from(f.ranged_threats() != 0);
            far += f.far.len();
            off += usize::from(!f.ranged);
        }
        // Enough of each: threats from range decide some, and some are off.
        assert!(threatened > 200, "{threatened}");
        assert!(far > 4000, "{far}");
        assert!((150..450).contains(&off), "{off}");
    }

    #[test]
    fn generated_facing_fixtures_parse_and_the_model_agrees() {
        let mut rng = Rng::new(12);
        let mut rules_seen = std::collections::HashSet::new();
        for i in 0..3000 {
            let name = format!("facing-{i}");
            let text = random_facing_fixture(&mut rng, &name);
            let f =
                Fixture::parse(Path::new(&name), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let spec = f.facing.as_ref().expect("uses facing");
            rules_seen.insert(spec.rules.name());
            let m = f.model_facing().expect("uses facing");
            assert_eq!(m.zone, spec.expect_zone.code(), "{text}");
            assert_eq!(
                m.arc_half_points + m.zone_half_points,
                spec.expect_hit,
                "{text}"
            );
            assert_eq!(m.damage_percent, spec.expect_damage.percent, "{text}");
            assert_eq!(m.damage_flat, spec.expect_damage.flat, "{text}");
            assert_eq!(
                m.bits & !flank_rules::facing::bits::ARC,
                spec.expect_extra,
                "{text}"
            );
        }
        assert_eq!(
            rules_seen.len(),
            flank_rules::facing::RuleSet::all().count()
        );
    }

    #[test]
    fn generated_facing_fixtures_are_what_the_game_can_build() {
        // The combinations the game harness cannot build
        // (random_facing_fixture's doc comment) never come out, and what
        // it can build still does.
        let mut rng = Rng::new(13);
        let none = flank_rules::facing::FACING_NONE;
        let (mut shielded_monster, mut shielded_hero) = (0, 0);
        let (mut faceless_monster, mut faceless_hero, mut rogue, mut facings) = (0, 0, 0, 0);
        let (mut hero_forms, mut grudges, mut stationaries) = (0, 0, 0);
        let (mut conflicts, mut attackers_at) = (0, 0);
        for i in 0..3000 {
            let name = format!("facing-{i}");
            let text = random_facing_fixture(&mut rng, &name);
            let f = Fixture::parse(Path::new(&name), &text).unwrap();
            let spec = f.facing.as_ref().unwrap();
            let d = &f.defender;
            let moves = d.levitating || d.flying || d.swimming || d.phasing;
            // The harness builds no facing for a rule set that reads none.
            let zoneless = !spec.rules.row().facing && !spec.rules.uses_arc();
            if zoneless {
                assert_eq!(spec.facing, none, "{text}");
                assert!(!d.monster || !d.shield || !moves, "{text}");
            } else if d.monster {
                if d.shield {
                    assert!(!moves && spec.facing != none, "{text}");
                    shielded_monster += 1;
                }
                if spec.facing == none {
                    assert!(!(d.swimming || (d.phasing && d.flying)), "{text}");
                    faceless_monster += 1;
                }
                if d.phasing && !(d.flying || d.levitating) {
                    assert_eq!(spec.facing, none, "{text}");
                }
            } else {
                shielded_hero += usize::from(d.shield);
                faceless_hero += usize::from(spec.facing == none);
            }
            if spec.rogue {
                assert!(f.creatures[usize::from(f.attacker)].hero, "{text}");
                rogue += 1;
            }
            for (dir, cf) in spec.creature_facing.iter().enumerate() {
                if let Some(cf) = *cf {
                    let s = &f.creatures[dir];
                    assert_ne!(cf, none, "{text}");
                    assert!(s.hero || !(s.passive || s.unwilling || s.tail), "{text}");
                    facings += 1;
                }
            }
            let stationary = sys::FLANK_FX_PEER_STATIONARY as u16;
            let grudge = sys::FLANK_FX_PEER_GRUDGE as u16;
            let forms = (sys::FLANK_FX_PEER_HIDING
                | sys::FLANK_FX_PEER_MIMICKING
                | sys::FLANK_FX_PEER_NURSE
                | sys::FLANK_FX_PEER_STATIONARY) as u16;
            // a grudge's defender is a purple worm: it walks, no shield
            for (s, g) in f.creatures.iter().zip(f.glyphs) {
                if !g.is_ascii_alphabetic() {
                    continue;
                }
                if s.hero {
                    // passive only in a form of speed 0, which is eyeless
                    let mold = s.peer & stationary != 0;
                    assert!(!(s.fleeing || s.tail || (s.passive != mold)), "{text}");
                    assert!(
                        !mold || s.peer & sys::FLANK_FX_PEER_BLIND as u16 != 0,
                        "{text}"
                    );
                    assert!((s.peer & forms).count_ones() <= 1, "{text}");
                    if s.peer & forms != 0 {
                        assert!(!spec.rogue, "{text}");
                        hero_forms += 1;
                    }
                } else if s.peer & grudge != 0 {
                    let t = &f.defender;
                    let moves = t.levitating || t.flying || t.swimming || t.phasing;
                    assert!(t.monster && !moves && !t.shield, "{text}");
                    grudges += 1;
                } else if s.peer & stationary != 0 {
                    stationaries += 1;
                }
            }
            conflicts += usize::from(d.monster && d.conflict);
            attackers_at += usize::from(spec.attacker_at.is_some());
        }
        for (what, n) in [
            ("a shielded monster defender", shielded_monster),
            ("a shielded hero defender", shielded_hero),
            ("a faceless monster defender", faceless_monster),
            ("a faceless hero defender", faceless_hero),
            ("a Rogue attacker", rogue),
            ("another creature's facing", facings),
        ] {
            assert!(n >= 20, "only {n} times {what}");
        }
        // one rule set's words (`nerfhack`'s, `silq`'s): rarer
        for (what, n) in [
            ("a hero in a form", hero_forms),
            ("a grudge", grudges),
            ("a stationary creature", stationaries),
            ("Conflict beside a monster defender", conflicts),
            ("an attacker-at", attackers_at),
        ] {
            assert!(n >= 5, "only {n} times {what}");
        }
    }

    #[test]
    fn the_default_generator_never_writes_facing() {
        let mut rng = Rng::new(5);
        for i in 0..2000 {
            let text = random_fixture(&mut rng, &i.to_string());
            let f = Fixture::parse(Path::new("x"), &text).unwrap();
            assert!(!f.uses_facing(), "{text}");
        }
    }

    #[test]
    fn a_seed_names_the_same_fixtures() {
        let a: Vec<String> = {
            let mut r = Rng::new(99);
            (0..20)
                .map(|i| random_fixture(&mut r, &i.to_string()))
                .collect()
        };
        let b: Vec<String> = {
            let mut r = Rng::new(99);
            (0..20)
                .map(|i| random_fixture(&mut r, &i.to_string()))
                .collect()
        };
        assert_eq!(a, b);
    }
}
