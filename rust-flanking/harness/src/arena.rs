//! The arena's scenario files (`*.arena`, arena/README.md): a map in the
//! fixture style, the hero, the monsters and pets, the hero's policy, how
//! many trials and which settings to compare. The game's arena
//! (`--arena FILE`) reads them through [`crate::arena_abi`]; the arena's
//! driver reads them here. Errors name the file and the line.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::files::{self, FileError};
use crate::text::{one_letter, terrain_under, Text};

/// How the hero fights (arena/README.md, "Policies").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Hold the starting square; attack the weakest adjacent foe, else wait.
    Hold,
    /// Walk to the retreat square `*` first, then hold there.
    Retreat,
    /// Walk to the exit `>`, attacking only what stands in the way; the
    /// trial ends when the hero gets there.
    Cross,
    /// No policy: a player plays the scenario (`--arena-play`), as the
    /// game's tests play their scenes; the arena's driver refuses it.
    /// Such a scenario needs no monster and has no `trials:`, `turns:`
    /// or `compare:` line: it is played, not measured.
    Player,
}

impl Policy {
    /// The scenario's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Policy::Hold => "hold",
            Policy::Retreat => "retreat",
            Policy::Cross => "cross",
            Policy::Player => "player",
        }
    }
}

/// One creature of a scenario: a map letter whose species a `monster` or
/// `pet` line names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Creature {
    /// The species, as written (`little dog`).
    pub species: String,
    /// (row, column) in the map.
    pub at: (usize, usize),
    /// The line that names the species.
    pub line: usize,
    /// A pet (else a hostile monster).
    pub tame: bool,
}

/// One setting to compare: sysconf lines `KEY=VALUE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting(pub Vec<(String, String)>);

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, "{}", words.join(" "))
    }
}

/// A parsed scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// The file.
    pub path: PathBuf,
    /// `name:` (default: the file's stem).
    pub name: String,
    /// `hero:` role.
    pub role: String,
    /// The line of `hero:`.
    pub role_line: usize,
    /// `hero:` experience level, 1..=30.
    pub level: u8,
    /// `policy:`.
    pub policy: Policy,
    /// The line of `policy:`.
    pub policy_line: usize,
    /// `trials:` (1 under `policy: player`, which has none).
    pub trials: u32,
    /// `turns:`: the turn limit of one trial (10000, the most, under
    /// `policy: player`, which has none).
    pub turns: u16,
    /// `seed:`: trial `i` plays seed `seed + i`.
    pub seed: u64,
    /// `compare:`: the settings, side by side.
    pub compare: Vec<Setting>,
    /// The map block's rows, as written.
    pub map: Vec<String>,
    /// Where `@` is.
    pub hero_at: (usize, usize),
    /// `hero-on:` the terrain under `@` as a map glyph: `.` for `floor`
    /// (the default), `#` for `corridor`, `'` for `door` (an open door).
    pub hero_on: char,
    /// Where the policy's goal is (`*` for retreat, `>` for cross).
    pub goal: Option<(usize, usize)>,
    /// Every creature, in map order.
    pub creatures: Vec<Creature>,
}

/// The largest map the level holds (NetHack's ROWNO x COLNO-1), less a
/// border of rock.
pub const MAX_ROWS: usize = 19;
/// See [`MAX_ROWS`].
pub const MAX_COLS: usize = 77;

/// `FLANKING_RULES=*` in a setting: that setting once under each rule set
/// of the rule-set table but the default (`flank_rules::facing::RULES`, in
/// its order), so that a scenario compares every rule set, today's and any
/// added later, without naming them. Any other setting is itself.
fn every_rule_set(pairs: Vec<(String, String)>) -> Vec<Setting> {
    let Some(at) = pairs
        .iter()
        .position(|(k, v)| k == "FLANKING_RULES" && v == "*")
    else {
        return vec![Setting(pairs)];
    };
    flank_rules::facing::RULES[1..]
        .iter()
        .map(|row| {
            let mut p = pairs.clone();
            p[at].1 = row.name.to_string();
            Setting(p)
        })
        .collect()
}

/// What is wrong with the value of a flanking setting the game would refuse
/// at its sysconf (before a trial is played: a refused setting would only
/// fail every trial), or `None`. Other sysconf keys are the game's to judge.
fn flanking_value(key: &str, value: &str) -> Option<String> {
    let max = flank_rules::sys::FLANK_PERCENT_MAX;
    match key {
        "FLANKING" => match value.parse::<u32>() {
            Ok(p) if p <= max && !value.starts_with('+') => None,
            _ => Some(format!("FLANKING is a percent, 0 to {max}")),
        },
        "FLANKING_RULES" if value == "*" => None,
        "FLANKING_RULES" => flank_rules::facing::RuleSet::parse(value)
            .err()
            .map(|e| e.to_string()),
        "FLANKING_AI" | "FLANKING_RANGED" => {
            (!matches!(value, "0" | "1")).then(|| format!("{key} is 0 or 1"))
        }
        _ => None,
    }
}

impl Scenario {
    /// Reads and parses a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, FileError> {
        files::load(path, Self::parse)
    }

    /// Parses scenario text; `path` names the file in errors and gives the
    /// default name.
    pub fn parse(path: &Path, text: &str) -> Result<Scenario, FileError> {
        let mut text = Text::new(path, text);
        let mut name = None;
        let mut hero: Option<(String, u8, usize)> = None;
        let mut policy = None;
        let mut trials = None;
        let mut turns = None;
        let mut seed = 1u64;
        let mut hero_on = '.';
        let mut compare = Vec::new();
        let mut legend: BTreeMap<char, (String, bool, usize)> = BTreeMap::new();
        // the first of `trials:`, `turns:` and `compare:`, which only a
        // scenario the arena measures has
        let mut measured: Option<(&str, usize)> = None;
        while let Some(header) = text.header()? {
            let (lineno, key, value) = (header.line, &header.key, header.value);
            // `trials:` and `turns:`: a whole number from 1 to `max`
            let count = |what: &str, max: u32| {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| text.err(lineno, format!("bad {what} `{value}`: 1 to {max}")))
            };
            match header.words().as_slice() {
                ["name"] => {
                    if value.is_empty() || value.contains(char::is_whitespace) {
                        return Err(text.err(
                            lineno,
                            format!("bad name `{value}`: one word, like jackals-open"),
                        ));
                    }
                    name = Some(value.to_string())
                }
                ["hero"] => {
                    let mut w = value.split_whitespace();
                    let (Some(role), Some(level), None) = (w.next(), w.next(), w.next()) else {
                        return Err(text.err(
                            lineno,
                            format!("bad hero `{value}`: a role and a level, like `Valkyrie 1`"),
                        ));
                    };
                    let level = level
                        .parse::<u8>()
                        .ok()
                        .filter(|l| (1..=30).contains(l))
                        .ok_or_else(|| {
                            text.err(lineno, format!("bad hero level `{level}`: 1 to 30"))
                        })?;
                    hero = Some((role.to_string(), level, lineno));
                }
                ["hero-on"] => {
                    hero_on = terrain_under(value).map_err(|why| text.err(lineno, why))?
                }
                ["policy"] => {
                    policy = Some((
                        match value {
                            "hold" => Policy::Hold,
                            "retreat" => Policy::Retreat,
                            "cross" => Policy::Cross,
                            "player" => Policy::Player,
                            _ => {
                                return Err(text.err(
                                    lineno,
                                    format!("unknown policy `{value}` (policies: hold retreat cross player)"),
                                ))
                            }
                        },
                        lineno,
                    ))
                }
                ["trials"] => {
                    measured.get_or_insert(("trials", lineno));
                    trials = Some(count("trials", 100_000)?);
                }
                ["turns"] => {
                    measured.get_or_insert(("turns", lineno));
                    turns = Some(count("turns", 10_000)? as u16);
                }
                ["seed"] => {
                    seed = value.parse::<u64>().map_err(|_| {
                        text.err(lineno, format!("bad seed `{value}`: a whole number"))
                    })?
                }
                ["compare"] => {
                    measured.get_or_insert(("compare", lineno));
                    for setting in value.split('|') {
                        let mut pairs = Vec::new();
                        for word in setting.split_whitespace() {
                            let Some((k, v)) = word.split_once('=') else {
                                return Err(text.err(
                                    lineno,
                                    format!("bad setting `{word}`: sysconf KEY=VALUE, like FLANKING=100"),
                                ));
                            };
                            if k.is_empty()
                                || !k.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
                                || v.is_empty()
                            {
                                return Err(text.err(
                                    lineno,
                                    format!("bad setting `{word}`: sysconf KEY=VALUE, like FLANKING=100"),
                                ));
                            }
                            if let Some(why) = flanking_value(k, v) {
                                return Err(text.err(lineno, format!("bad setting `{word}`: {why}")));
                            }
                            pairs.push((k.to_string(), v.to_string()));
                        }
                        if pairs.is_empty() {
                            return Err(text.err(
                                lineno,
                                "an empty setting: settings are separated by `|`",
                            ));
                        }
                        compare.extend(every_rule_set(pairs));
                    }
                }
                [kind @ ("monster" | "pet"), letter] => {
                    let Some(c) = one_letter(letter) else {
                        return Err(text.err(lineno, format!("`{kind} {letter}`: one map letter")));
                    };
                    if value.is_empty() {
                        return Err(text.err(lineno, format!("`{kind} {c}` names no species")));
                    }
                    if let Some((_, _, first)) = legend.get(&c) {
                        return Err(text.err(
                            lineno,
                            format!("letter `{c}` named twice (first on line {first})"),
                        ));
                    }
                    legend.insert(c, (value.to_string(), *kind == "pet", lineno));
                }
                _ => {
                    return Err(text.err(
                        lineno,
                        format!("unknown key `{key}` (keys: name, hero, hero-on, policy, trials, turns, seed, compare, monster <letter>, pet <letter>)"),
                    ))
                }
            }
        }
        let map = text.map()?;
        let map_line = map.line;

        let Some((role, level, role_line)) = hero else {
            return Err(text.err(map_line, "missing `hero:` line"));
        };
        let Some((policy, policy_line)) = policy else {
            return Err(text.err(map_line, "missing `policy:` line"));
        };
        let played = policy == Policy::Player;
        if let (true, Some((key, line))) = (played, measured) {
            return Err(text.err(
                line,
                format!("`{key}:` is the arena's: a `policy: player` scenario is played (--arena-play), not measured"),
            ));
        }
        let Some(trials) = trials.or(played.then_some(1)) else {
            return Err(text.err(map_line, "missing `trials:` line"));
        };
        let Some(turns) = turns.or(played.then_some(10_000)) else {
            return Err(text.err(map_line, "missing `turns:` line"));
        };
        if compare.is_empty() && !played {
            return Err(text.err(map_line, "missing `compare:` line"));
        }
        if map.rows.len() > MAX_ROWS {
            return Err(text.err(
                map.row_line(MAX_ROWS),
                format!(
                    "the map has {} rows; the level holds {MAX_ROWS}",
                    map.rows.len()
                ),
            ));
        }
        for (r, row) in map.rows.iter().enumerate() {
            let cols = row.chars().count();
            if cols > MAX_COLS {
                return Err(text.err(
                    map.row_line(r),
                    format!("the row has {cols} columns; the level holds {MAX_COLS}"),
                ));
            }
        }

        let mut exits = Vec::new();
        let mut holds = Vec::new();
        let mut creatures = Vec::new();
        let mut used = std::collections::BTreeSet::new();
        let hero_at = map.scan(
            &text,
            ".#-| +'}^0@>*",
            "the hero",
            |r, c, ch| {
                let line = map.row_line(r);
                match ch {
                    '>' => exits.push((r, c, line)),
                    '*' => holds.push((r, c, line)),
                    l if l.is_ascii_alphabetic() => {
                        let Some((species, tame, first)) = legend.get(&l) else {
                            return Err(text.err(
                                line,
                                format!("letter `{l}` in column {} has no `monster {l}:` or `pet {l}:` line", c + 1),
                            ));
                        };
                        used.insert(l);
                        creatures.push(Creature {
                            species: species.clone(),
                            at: (r, c),
                            line: *first,
                            tame: *tame,
                        });
                    }
                    _ => {}
                }
                Ok(())
            },
        )?;
        if let Some((&l, (_, _, line))) = legend.iter().find(|(l, _)| !used.contains(l)) {
            return Err(text.err(*line, format!("letter `{l}` is not in the map")));
        }
        if !played && !creatures.iter().any(|c| !c.tame) {
            return Err(text.err(map_line, "no monster to fight in the map"));
        }
        let goal = match policy {
            Policy::Hold | Policy::Player => None,
            Policy::Retreat | Policy::Cross => {
                let (glyph, found) = if policy == Policy::Cross {
                    ('>', &exits)
                } else {
                    ('*', &holds)
                };
                match found.as_slice() {
                    [(r, c, _)] => Some((*r, *c)),
                    [] => {
                        return Err(text.err(
                            map_line,
                            format!("policy `{}` needs a `{glyph}` in the map", policy.word()),
                        ))
                    }
                    [_, (_, _, line), ..] => {
                        return Err(text.err(*line, format!("more than one `{glyph}` in the map")))
                    }
                }
            }
        };
        let name = text.name_or_stem(name);
        Ok(Scenario {
            path: path.to_path_buf(),
            name,
            role,
            role_line,
            level,
            policy,
            policy_line,
            trials,
            turns,
            seed,
            compare,
            map: map.rows,
            hero_at,
            hero_on,
            goal,
            creatures,
        })
    }
}

/// Every `*.arena` file under the given files and directories (directories
/// recursively, each one's files sorted by path; [`files::collect`]).
pub fn collect(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    files::collect(paths, "arena")
}
