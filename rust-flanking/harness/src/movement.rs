//! The `*.move` movement fixture format (tests/fixtures/README.md,
//! "Movement fixtures"): a map, a creature that moves, its target and
//! allies, the rule set, and what the mover must do on each of its turns.
//! The game's fixture harness plays each one through the real `m_move()`
//! or `dog_move()`; [`MoveFixture::check`] checks the first turn's `move`
//! against the planner ([`flank_rules::plan`]) at the Rust layer.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::files::{self, FileError};
use crate::fixture::{parse_dir, CreatureStates, DefenderTraits, Fixture, DIR_OFFSETS};
use crate::text::{one_letter, terrain_under, Text};
use flank_rules::facing::{AttackFacts, RuleSet, FACING_NONE};
use flank_rules::plan::{self, Action};
use flank_rules::sys::{self, flank_facing_input, flank_plan_input, flank_plan_target};

/// The most turns a fixture may expect.
pub const MAX_TURNS: usize = sys::FLANK_MV_MAX_TURNS as usize;
/// The most runs (RNG seeds) a fixture may ask for.
pub const MAX_RUNS: u16 = 100;
/// The runs when `runs:` is not given.
pub const DEFAULT_RUNS: u16 = 8;

/// What the mover must do on one of its turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expect {
    /// End on a `*` square.
    Move,
    /// Stay where it is.
    Wait,
    /// End where the same run with `FLANKING_AI` off ends.
    Vanilla,
}

impl Expect {
    /// The `FLANK_MV_*` code.
    pub fn code(self) -> u8 {
        (match self {
            Expect::Move => sys::FLANK_MV_MOVE,
            Expect::Wait => sys::FLANK_MV_WAIT,
            Expect::Vanilla => sys::FLANK_MV_VANILLA,
        }) as u8
    }

    fn parse(word: &str) -> Option<Expect> {
        match word {
            "move" => Some(Expect::Move),
            "wait" => Some(Expect::Wait),
            "vanilla" => Some(Expect::Vanilla),
            _ => None,
        }
    }
}

/// The states of a creature (`creature X:` after the species).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MoveStates {
    /// `peaceful`.
    pub peaceful: bool,
    /// `tame`: the hero's pet.
    pub tame: bool,
    /// `sleeping`.
    pub sleeping: bool,
    /// `fleeing`.
    pub fleeing: bool,
    /// `hurt`: half its hit points.
    pub hurt: bool,
    /// `attacked`: `flank_ai_attacked()` before each of its turns (the
    /// mover only).
    pub attacked: bool,
    /// `still`: it did not step closer last turn (not the mover).
    pub still: bool,
}

impl MoveStates {
    /// The `FLANK_MV_*` bits.
    pub fn bits(self) -> u8 {
        [
            (self.peaceful, sys::FLANK_MV_PEACEFUL),
            (self.tame, sys::FLANK_MV_TAME),
            (self.sleeping, sys::FLANK_MV_SLEEPING),
            (self.fleeing, sys::FLANK_MV_FLEEING),
            (self.hurt, sys::FLANK_MV_HURT),
            (self.attacked, sys::FLANK_MV_ATTACKED),
            (self.still, sys::FLANK_MV_STILL),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .fold(0, |b, (_, bit)| b | *bit as u8)
    }

    /// Hostile to the hero: neither peaceful nor tame.
    pub fn hostile(self) -> bool {
        !self.peaceful && !self.tame
    }

    /// As the `*.flank` format's states, for a target's ring.
    fn as_flank(self) -> CreatureStates {
        CreatureStates {
            peaceful: self.peaceful,
            tame: self.tame,
            sleeping: self.sleeping,
            fleeing: self.fleeing,
            ..CreatureStates::default()
        }
    }
}

/// One `creature X:` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatureSpec {
    /// The species, NetHack's name as written (`little dog`).
    pub species: String,
    /// Its states.
    pub states: MoveStates,
    /// The line it is on.
    pub line: usize,
}

/// One parsed movement fixture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveFixture {
    /// The file it came from.
    pub path: PathBuf,
    /// `name:` (default: the file's stem).
    pub name: String,
    /// `rules:` (default `proposal`).
    pub rules: RuleSet,
    /// `facing:`, the hero's facing, if given.
    pub facing: Option<u8>,
    /// `heading:`, the direction of the hero's last step, if given (the
    /// hero moved; without it she did not).
    pub heading: Option<u8>,
    /// `hero-on:`, the terrain under `@` as a map glyph: `.` floor (when
    /// not given), `#` a corridor, `'` an open door.
    pub hero_on: char,
    /// `mover:`, its map letter.
    pub mover: char,
    /// `runs:`.
    pub runs: u16,
    /// `expect:`, one word per turn.
    pub expect: Vec<Expect>,
    /// `creature X:` lines by letter.
    pub creatures: BTreeMap<char, CreatureSpec>,
    /// The map block's rows, as written.
    pub map: Vec<String>,
    /// Where `@` is: (row, column).
    pub hero_at: (usize, usize),
    /// Where the mover is: (row, column).
    pub mover_at: (usize, usize),
}

const STATE_WORDS: [&str; 8] = [
    "hostile", "peaceful", "tame", "sleeping", "fleeing", "hurt", "attacked", "still",
];

/// `SPECIES [STATES]`: the species is every word before the first state
/// word; every word after it must be a state. Otherwise why not.
fn parse_creature(value: &str) -> Result<(String, MoveStates), String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let first_state = words
        .iter()
        .position(|w| STATE_WORDS.contains(w))
        .unwrap_or(words.len());
    if first_state == 0 {
        return Err("no species: write `creature X: SPECIES [STATES]`".into());
    }
    let species = words[..first_state].join(" ");
    let mut s = MoveStates::default();
    let mut hostile = false;
    for w in &words[first_state..] {
        match *w {
            "hostile" => hostile = true,
            "peaceful" => s.peaceful = true,
            "tame" => s.tame = true,
            "sleeping" => s.sleeping = true,
            "fleeing" => s.fleeing = true,
            "hurt" => s.hurt = true,
            "attacked" => s.attacked = true,
            "still" => s.still = true,
            other => {
                return Err(format!(
                    "unknown state `{other}` after the species (states: {})",
                    STATE_WORDS.join(" ")
                ))
            }
        }
    }
    if [hostile, s.peaceful, s.tame].iter().filter(|&&b| b).count() > 1 {
        return Err("states name more than one of hostile, peaceful, tame".into());
    }
    Ok((species, s))
}

/// The glyph on (row, col) of map rows, rock (space) outside them.
fn glyph_at(map: &[String], r: isize, c: isize) -> char {
    if r < 0 || c < 0 {
        return ' ';
    }
    map.get(r as usize)
        .and_then(|row| row.chars().nth(c as usize))
        .unwrap_or(' ')
}

/// Whether a step between two neighbouring squares, one of them holding
/// `a` and the other `b` (map glyphs), is a diagonal one NetHack forbids:
/// into or out of a doorway that has a door (an open one, `'`; a closed
/// one blocks every step).
fn door_diagonal(diagonal: bool, a: char, b: char) -> bool {
    diagonal && (a == '\'' || b == '\'')
}

impl MoveFixture {
    /// Reads and parses a movement fixture file.
    pub fn load(path: &Path) -> Result<MoveFixture, FileError> {
        files::load(path, Self::parse)
    }

    /// Parses movement fixture text; `path` names the file in errors and
    /// gives the default name.
    pub fn parse(path: &Path, text: &str) -> Result<MoveFixture, FileError> {
        let mut text = Text::new(path, text);
        let mut name = None;
        let mut rules = RuleSet::PROPOSAL;
        let mut facing = None;
        let mut heading = None;
        let mut hero_on: Option<(char, usize)> = None;
        let mut mover: Option<(char, usize)> = None;
        let mut runs = DEFAULT_RUNS;
        let mut expect: Option<(Vec<Expect>, usize)> = None;
        let mut creatures: BTreeMap<char, CreatureSpec> = BTreeMap::new();

        while let Some(header) = text.header()? {
            let (line, value) = (header.line, header.value);
            let bad = |what: String| text.err(line, what);
            match header.words().as_slice() {
                ["name"] => name = Some(value.to_string()),
                ["rules"] => match RuleSet::parse(value) {
                    Ok(r) => rules = r,
                    Err(e) => return Err(bad(e.to_string())),
                },
                ["facing"] => match parse_dir(value) {
                    Some(d) => facing = Some(d),
                    None => {
                        return Err(bad(format!(
                            "bad facing `{value}`: the hero's facing is one of n ne e se s sw w nw"
                        )))
                    }
                },
                ["heading"] => match parse_dir(value) {
                    Some(d) => heading = Some((d, line)),
                    None => {
                        return Err(bad(format!(
                            "bad heading `{value}`: the direction of the hero's last step is one of n ne e se s sw w nw"
                        )))
                    }
                },
                ["hero-on"] => hero_on = Some((terrain_under(value).map_err(bad)?, line)),
                ["mover"] => match one_letter(value) {
                    Some(c) => mover = Some((c, line)),
                    None => return Err(bad(format!("bad mover `{value}`: one map letter"))),
                },
                ["runs"] => {
                    match value
                        .parse::<u16>()
                        .ok()
                        .filter(|r| (1..=MAX_RUNS).contains(r) && !value.starts_with('+'))
                    {
                        Some(r) => runs = r,
                        None => return Err(bad(format!("bad runs `{value}`: a whole number 1..{MAX_RUNS}"))),
                    }
                }
                ["expect"] => {
                    let mut list = Vec::new();
                    for w in value.split_whitespace() {
                        match Expect::parse(w) {
                            Some(e) => list.push(e),
                            None => {
                                return Err(bad(format!(
                                    "bad expect: unknown word `{w}` (one per turn: move wait vanilla)"
                                )))
                            }
                        }
                    }
                    if list.is_empty() || list.len() > MAX_TURNS {
                        return Err(bad(format!(
                            "bad expect: {} words; one per turn of the mover, 1..{MAX_TURNS}",
                            list.len()
                        )));
                    }
                    expect = Some((list, line));
                }
                ["creature", letter] => {
                    let Some(c) = one_letter(letter) else {
                        return Err(bad(format!(
                            "bad `creature {letter}`: a creature line names one map letter"
                        )));
                    };
                    let (species, states) = parse_creature(value).map_err(bad)?;
                    creatures.insert(
                        c,
                        CreatureSpec {
                            species,
                            states,
                            line,
                        },
                    );
                }
                _ => {
                    return Err(bad(format!(
                        "unknown key `{}` (keys: name, rules, facing, heading, hero-on, mover, runs, expect, creature <letter>)",
                        header.key
                    )))
                }
            }
        }
        let map = text.map()?;

        // Glyphs, the hero, the letters.
        let mut letters: BTreeMap<char, Vec<(usize, usize)>> = BTreeMap::new();
        let mut stars = 0usize;
        let hero_at = map.scan(&text, ".#*-| +'}^0@", "the hero", |r, c, ch| {
            match ch {
                '*' => stars += 1,
                l if l.is_ascii_alphabetic() => letters.entry(l).or_default().push((r, c)),
                _ => {}
            }
            Ok(())
        })?;
        if let Some((r, why)) = files::beyond_reach(&map.rows, hero_at) {
            return Err(text.err(map.row_line(r), why));
        }
        let missing = |k: &str| text.err(map.line, format!("missing `{k}:` line"));
        let Some((mover, mover_line)) = mover else {
            return Err(missing("mover"));
        };
        let Some((expect, expect_line)) = expect else {
            return Err(missing("expect"));
        };
        for (&l, at) in &letters {
            if !creatures.contains_key(&l) {
                return Err(text.err(
                    map.row_line(at[0].0),
                    format!("map letter `{l}` has no `creature {l}:` line"),
                ));
            }
        }
        for (&l, spec) in &creatures {
            if !letters.contains_key(&l) {
                return Err(text.err(spec.line, format!("`creature {l}` but no `{l}` in the map")));
            }
            if l == mover && spec.states.still {
                return Err(text.err(
                    spec.line,
                    "states `still` is for the mover's allies; the mover's own track is cleared",
                ));
            }
            if l != mover && spec.states.attacked {
                return Err(text.err(spec.line, "states `attacked` is for the mover alone"));
            }
        }
        let mover_at = match letters.get(&mover).map(Vec::as_slice) {
            Some([at]) => *at,
            other => {
                return Err(text.err(
                    mover_line,
                    format!(
                        "the mover `{mover}` must be in the map exactly once, not {} times",
                        other.map_or(0, <[_]>::len)
                    ),
                ))
            }
        };
        // the square she stepped from: one she could have stood on, and
        // not a diagonal step into or out of a doorway with a door
        let hero_on = hero_on.map_or('.', |(g, _)| g);
        if let Some((h, line)) = heading {
            let (dx, dy) = DIR_OFFSETS[usize::from(h)];
            let (r, c) = (hero_at.0 as isize - dy, hero_at.1 as isize - dx);
            let behind = glyph_at(&map.rows, r, c);
            let impossible = |why: &str| {
                Err(text.err(line, format!("the hero cannot have taken that step: {why}")))
            };
            if " -|}+".contains(behind) {
                return impossible("the square behind her is wall, rock, water or a closed door");
            }
            if door_diagonal(h % 2 == 1, behind, hero_on) {
                return impossible("a diagonal step into or out of a doorway that has a door");
            }
        }
        let heading = heading.map(|(h, _)| h);
        let moves = expect.contains(&Expect::Move);
        if moves && stars == 0 {
            return Err(text.err(
                expect_line,
                "`move` needs at least one `*` square in the map",
            ));
        }
        if !moves && stars > 0 {
            return Err(text.err(expect_line, "`*` squares in the map but no `move` expected"));
        }

        Ok(MoveFixture {
            path: path.to_path_buf(),
            name: text.name_or_stem(name),
            rules,
            facing,
            heading,
            hero_on,
            mover,
            runs,
            expect,
            creatures,
            map: map.rows,
            hero_at,
            mover_at,
        })
    }

    /// The glyph on (row, col), rock (space) outside the map block.
    pub fn glyph(&self, r: isize, c: isize) -> char {
        glyph_at(&self.map, r, c)
    }

    /// The terrain on (row, col) as a map glyph: the glyph, but for `@`,
    /// what the hero stands on (`hero-on:`).
    fn terrain(&self, r: isize, c: isize) -> char {
        match self.glyph(r, c) {
            '@' => self.hero_on,
            g => g,
        }
    }

    /// The states of the creature on (row, col), if a letter is there.
    fn creature_at(&self, r: isize, c: isize) -> Option<&CreatureSpec> {
        let g = self.glyph(r, c);
        g.is_ascii_alphabetic()
            .then(|| self.creatures.get(&g))
            .flatten()
    }

    /// The mover's states.
    pub fn mover_states(&self) -> MoveStates {
        self.creatures
            .get(&self.mover)
            .map(|c| c.states)
            .unwrap_or_default()
    }

    /// The `*` squares, as (row, col).
    pub fn stars(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (r, row) in self.map.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '*' {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// The ring around the square (r, c) as a `*.flank` fixture sees it,
    /// with a hero or a monster defender on it: the same glyphs-to-squares
    /// logic ([`Fixture::to_raw`]), '*' and '\'' being floor and '@' the
    /// hero.
    fn ring(&self, r: isize, c: isize, hero: bool) -> Fixture {
        let mut glyphs = [' '; 8];
        let mut creatures = [CreatureStates::default(); 8];
        for (d, &(dx, dy)) in DIR_OFFSETS.iter().enumerate() {
            let (rr, cc) = (r + dy, c + dx);
            let g = self.glyph(rr, cc);
            glyphs[d] = match g {
                // an open door is floor but for a diagonal step, which
                // plan_input() blocks
                '*' | '\'' => '.',
                '@' => {
                    creatures[d].hero = true;
                    'h'
                }
                g => g,
            };
            if let Some(spec) = self.creature_at(rr, cc) {
                creatures[d] = spec.states.as_flank();
            }
        }
        Fixture {
            path: self.path.clone(),
            name: self.name.clone(),
            attacker: 0,
            expect_half_points: 0,
            defender: DefenderTraits {
                monster: !hero,
                ..DefenderTraits::default()
            },
            glyphs,
            creatures,
            map: Vec::new(),
            defender_at: (0, 0),
            facing: None,
            ranged: false,
            far: Vec::new(),
            first_ranged_key: None,
        }
    }

    /// The first turn's plan at the Rust layer: the targets (as (row, col))
    /// and the plan input, candidates being the mover's neighbours that are
    /// floor (`.`, `#`, `*`), hold no creature and are next to a target,
    /// vanilla's choice left open (`FLANK_PLAN_NONE`).
    pub fn plan_input(&self) -> Result<(Vec<(isize, isize)>, flank_plan_input), String> {
        let ms = self.mover_states();
        let (mr, mc) = (self.mover_at.0 as isize, self.mover_at.1 as isize);
        let (hr, hc) = (self.hero_at.0 as isize, self.hero_at.1 as isize);
        let dist = |a: (isize, isize), b: (isize, isize)| (a.0 - b.0).abs().max((a.1 - b.1).abs());
        // the targets: the hero for a hostile mover; for a pet, the hostile
        // creatures next to the hero within two steps of it, in the game's
        // order (directions from the hero, west clockwise)
        let mut targets = Vec::new();
        if ms.tame {
            for &(dx, dy) in DIR_OFFSETS.iter() {
                let at = (hr + dy, hc + dx);
                if at != (mr, mc)
                    && dist(at, (mr, mc)) <= 2
                    && self
                        .creature_at(at.0, at.1)
                        .is_some_and(|s| s.states.hostile())
                {
                    targets.push(at);
                }
            }
        } else {
            targets.push((hr, hc));
        }
        targets.truncate(plan::MAX_TARGETS);
        if targets.is_empty() {
            return Err("the pet has no foe of the hero's within two steps".into());
        }
        let mut raw = flank_plan_input {
            ntargets: targets.len() as u8,
            since: 255,
            ..flank_plan_input::default()
        };
        if ms.tame {
            raw.flags |= sys::FLANK_PL_PET as u8;
        }
        if dist((mr, mc), (hr, hc)) == 1 {
            raw.flags |= sys::FLANK_PL_BESIDE_HERO as u8;
        }
        if ms.hurt {
            raw.flags |= sys::FLANK_PL_HURT as u8;
        }
        if ms.fleeing {
            raw.flags |= sys::FLANK_PL_FLEEING as u8;
        }
        for (i, &(tr, tc)) in targets.iter().enumerate() {
            let hero = (tr, tc) == (hr, hc);
            let ring = self.ring(tr, tc, hero);
            let mut n = ring.to_raw();
            // no diagonal step into or out of a doorway that has a door
            let own = self.terrain(tr, tc);
            for (d, &(dx, dy)) in DIR_OFFSETS.iter().enumerate() {
                if door_diagonal(d % 2 == 1, own, self.terrain(tr + dy, tc + dx)) {
                    n.square[d] |= sys::FLANK_SQ_BLOCKED as u16;
                }
            }
            // the hero faces as `facing:` says (south when not given); a
            // monster target faces the hero next to it (flank_facing_of())
            let facing = if hero {
                self.facing.unwrap_or(sys::FLANK_DIR_S as u8)
            } else {
                (0u8..8)
                    .find(|&d| n.square[usize::from(d)] & sys::FLANK_SQ_HERO as u16 != 0)
                    .unwrap_or(sys::FLANK_DIR_S as u8)
            };
            let helpless = !hero && self.creature_at(tr, tc).is_some_and(|s| s.states.sleeping);
            let facts = AttackFacts {
                // the harness's hero is a Valkyrie with her small shield
                shield: hero,
                helpless,
                ..AttackFacts::default()
            };
            let mut candidates = 0u8;
            let mut follow = 0u8;
            let mut from = plan::NONE;
            // a foe next to the hero sees her on one of its squares
            let mut hero_dir = plan::NONE;
            for (d, &(dx, dy)) in DIR_OFFSETS.iter().enumerate() {
                let sq = (tr + dy, tc + dx);
                if sq == (mr, mc) {
                    from = d as u8;
                    continue;
                }
                if sq == (hr, hc) {
                    hero_dir = d as u8;
                    continue;
                }
                let g = self.glyph(sq.0, sq.1);
                let step_diagonal = sq.0 != mr && sq.1 != mc;
                if dist(sq, (mr, mc)) == 1
                    && matches!(g, '.' | '#' | '*' | '\'')
                    && !door_diagonal(step_diagonal, g, self.terrain(mr, mc))
                {
                    candidates |= 1 << d;
                    // as the glue gathers it: for a target with a heading
                    if hero
                        && self.heading.is_some()
                        && !door_diagonal(d % 2 == 1, g, self.terrain(tr, tc))
                    {
                        follow |= 1 << d;
                    }
                }
            }
            raw.target[i] = flank_plan_target {
                in_: flank_facing_input {
                    n,
                    facing: if facing > FACING_NONE {
                        FACING_NONE
                    } else {
                        facing
                    },
                    flags: facts.bits(),
                    rules: self.rules.id(),
                    ..Default::default()
                },
                from,
                candidates,
                chosen: plan::NONE,
                heading: match self.heading {
                    Some(h) if hero => h,
                    _ => plan::NONE,
                },
                hero: hero_dir,
                follow,
            };
        }
        Ok((targets, raw))
    }

    /// The Rust layer's check of the first turn, when it is `move`: the
    /// squares with the best worth ([`plan::candidate_worths`]) must be the
    /// `*` squares whenever that worth is above nothing, and the plan
    /// ([`plan::plan`]) must take one of them. `Ok(None)`: nothing to check
    /// (the first turn is not `move`, or no square is worth anything, so
    /// the planner keeps vanilla's square); `Ok(Some(n))`: n squares
    /// checked; `Err`: what disagrees.
    pub fn check(&self) -> Result<Option<usize>, String> {
        if self.expect.first() != Some(&Expect::Move) {
            return Ok(None);
        }
        let (targets, raw) = self.plan_input()?;
        let worths = plan::candidate_worths(&raw).map_err(|e| e.to_string())?;
        let Some(top) = worths.iter().max_by_key(|w| w.key()) else {
            return Ok(None);
        };
        if !top.above_nothing() {
            return Ok(None);
        }
        let best = top.key();
        let square = |t: u8, d: u8| {
            let (tr, tc) = targets[usize::from(t)];
            let (dx, dy) = DIR_OFFSETS[usize::from(d)];
            ((tr + dy) as usize, (tc + dx) as usize)
        };
        let mut best_set: Vec<(usize, usize)> = worths
            .iter()
            .filter(|w| w.key() == best)
            .map(|w| square(w.target, w.dir))
            .collect();
        best_set.sort_unstable();
        best_set.dedup();
        let stars = self.stars();
        let words = |v: &[(usize, usize)]| {
            v.iter()
                .map(|(r, c)| format!("row {} col {}", r + 1, c + 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if best_set != stars {
            return Err(format!(
                "the best squares ({}{}hit {}, damage {}) are {}, but the `*` squares are {}",
                match best.0 {
                    plan::REACH_IN_THE_WAY => "in the hero's way, ",
                    plan::REACH_AHEAD => "ahead of the hero, ",
                    plan::REACH_BESIDE => "beside the hero, ",
                    _ => "",
                },
                if best.1 {
                    "she can be followed from them, "
                } else {
                    ""
                },
                flank_rules::explain::format_half_points(best.2.into()),
                crate::fixture::damage_words(best.3, best.4),
                words(&best_set),
                words(&stars)
            ));
        }
        let d = plan::plan(&raw).map_err(|e| e.to_string())?;
        match d.action {
            Action::Move { target, dir } if best_set.contains(&square(target, dir)) => {
                Ok(Some(best_set.len()))
            }
            other => Err(format!(
                "the plan does {other:?}, not a step to a `*` square"
            )),
        }
    }
}

/// Every `*.move` file under the given files and directories (directories
/// recursively, each one's files sorted by path; a file is taken as is).
pub fn collect(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    files::collect(paths, "move")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<MoveFixture, String> {
        MoveFixture::parse(Path::new("t.move"), text).map_err(|e| e.to_string())
    }

    const WALL: &str = "name: w\nmover: j\nexpect: move\ncreature j: jackal\n\
                        map:\n-----\n..@..\n..*..\n..j..\nend\n";

    #[test]
    fn a_fixture_parses() {
        let f = parse(WALL).unwrap();
        assert_eq!(f.name, "w");
        assert_eq!(f.mover, 'j');
        assert_eq!(f.runs, DEFAULT_RUNS);
        assert_eq!(f.expect, vec![Expect::Move]);
        assert_eq!(f.hero_at, (1, 2));
        assert_eq!(f.mover_at, (3, 2));
        assert_eq!(f.creatures[&'j'].species, "jackal");
        assert_eq!(f.stars(), vec![(2, 2)]);
    }

    #[test]
    fn species_of_several_words_and_states() {
        let f = parse(
            "mover: d\nexpect: vanilla wait\nruns: 3\n\
             creature d: little dog tame hurt\ncreature k: kobold zombie still sleeping\n\
             map:\n.@.\nd.k\nend\n",
        )
        .unwrap();
        assert_eq!(f.creatures[&'d'].species, "little dog");
        assert!(f.creatures[&'d'].states.tame && f.creatures[&'d'].states.hurt);
        assert_eq!(f.creatures[&'k'].species, "kobold zombie");
        assert_eq!(
            f.creatures[&'k'].states.bits(),
            (sys::FLANK_MV_STILL | sys::FLANK_MV_SLEEPING) as u8
        );
        assert_eq!(f.runs, 3);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let cases = [
            ("mover: j\nexpect: hop\n", "t.move:2: bad expect: unknown word `hop`"),
            (
                "mover: j\nexpect: move\ncreature j: jackal\nmap:\n.@.\n.j.\nend\n",
                "t.move:2: `move` needs at least one `*`",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@*\n.j.\nend\n",
                "t.move:2: `*` squares in the map but no `move`",
            ),
            (
                "mover: j\nexpect: wait\nmap:\n.@.\n.j.\nend\n",
                "t.move:5: map letter `j` has no `creature j:` line",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\ncreature k: jackal\nmap:\n.@.\n.j.\nend\n",
                "t.move:4: `creature k` but no `k` in the map",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@j\n.j.\nend\n",
                "t.move:1: the mover `j` must be in the map exactly once, not 2 times",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal still\nmap:\n.@.\n.j.\nend\n",
                "t.move:3: states `still` is for the mover's allies",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\ncreature k: jackal attacked\nmap:\n.@k\n.j.\nend\n",
                "t.move:4: states `attacked` is for the mover alone",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: tame\nmap:\n.@.\n.j.\nend\n",
                "t.move:3: no species",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal tame peaceful\nmap:\n.@.\n.j.\nend\n",
                "t.move:3: states name more than one",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal still sleepy\nmap:\n.@.\n.j.\nend\n",
                "t.move:3: unknown state `sleepy` after the species",
            ),
            ("runs: 0\n", "t.move:1: bad runs `0`"),
            ("rules: chess\n", "t.move:1: unknown rule set `chess`"),
            ("facing: up\n", "t.move:1: bad facing `up`"),
            ("heading: 4\n", "t.move:1: bad heading `4`"),
            ("hero-on: water\n", "t.move:1: bad hero-on `water`"),
            (
                "heading: w\nmover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@|\n.j.\nend\n",
                "t.move:1: the hero cannot have taken that step: the square behind her is wall",
            ),
            (
                "heading: nw\nhero-on: door\nmover: j\nexpect: wait\ncreature j: jackal\nmap:\n...\n.@.\n..j\nend\n",
                "t.move:1: the hero cannot have taken that step: a diagonal step into or out of a doorway",
            ),
            (
                "heading: ne\nmover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@.\n'j.\nend\n",
                "t.move:1: the hero cannot have taken that step: a diagonal step into or out of a doorway",
            ),
            ("mover: jj\n", "t.move:1: bad mover `jj`"),
            (
                "expect: wait\ncreature j: jackal\nmap:\n.@.\n.j.\nend\n",
                "t.move:3: missing `mover:` line",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@.\n.j?\nend\n",
                "t.move:6: unknown glyph `?` in column 3",
            ),
            (
                "mover: j\nexpect: wait\ncreature j: jackal\nmap:\n.@.\n.j@\nend\n",
                "t.move:6: two `@` in the map block (the first on line 5)",
            ),
            ("attacker: n\n", "t.move:1: unknown key `attacker`"),
        ];
        for (text, want) in cases {
            let got = parse(text).unwrap_err();
            assert!(
                got.starts_with(want),
                "{got:?} does not start with {want:?}"
            );
        }
    }

    #[test]
    fn the_wall_case_checks_and_a_moved_star_does_not() {
        let f = parse(WALL).unwrap();
        assert_eq!(f.check(), Ok(Some(1)));
        // the '*' one square to the west: the best square is not a '*'
        let moved = WALL.replace("..*..\n..j..", ".*...\n..j..");
        assert_ne!(moved, WALL);
        let f = parse(&moved).unwrap();
        let e = f.check().unwrap_err();
        assert!(e.contains("the best squares (hit 2, damage 100%)"), "{e}");
    }

    #[test]
    fn nothing_to_check_in_the_open() {
        let f = parse(
            "mover: j\nexpect: move\ncreature j: jackal\nmap:\n.....\n..@..\n.....\n..*..\n..j..\nend\n",
        )
        .unwrap();
        assert_eq!(f.check(), Ok(None));
    }
}
