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

use std::fmt::Write as _;
use std::path::Path;

use crate::fixture::{Fixture, DIR_OFFSETS, DIR_WORDS};

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
    let body = random_body(rng);
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

/// Everything but `name:` and `expect:`.
fn random_body(rng: &mut Rng) -> String {
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
            if rng.one_in(40) {
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
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let name = fixture_name(seed, i);
            let path = dir.join(format!("{name}.flank"));
            std::fs::write(&path, random_fixture(&mut rng, &name))?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
