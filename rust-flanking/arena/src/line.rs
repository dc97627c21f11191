//! The one line the game prints for a trial:
//!
//! ```text
//! arena name=NAME seed=SEED outcome=OUTCOME turns=T hp_start=H0 hp_end=H1
//!       hero_rolls=A hero_hits=B hero_bonus=C foe_rolls=D foe_hits=E foe_bonus=F
//!       missile_rolls=.. missile_hits=.. missile_bonus=.. kick_rolls=..
//!       kick_hits=.. kick_bonus=.. spell_rolls=.. spell_hits=.. pet_rolls=..
//!       pet_hits=.. pet_bonus=.. mvm_rolls=.. mvm_hits=.. mvm_bonus=..
//! ```
//!
//! Keys may grow: unknown keys are ignored, the ones above are required
//! ([`REQUIRED`], and each kind of [`OtherBlows`]' `_rolls`, `_hits` and,
//! but for spells, `_bonus`).

use std::collections::BTreeMap;
use std::fmt;

/// How a trial ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// Every hostile monster died.
    Won,
    /// The hero died.
    Died,
    /// Policy `cross`: the hero reached the exit.
    Crossed,
    /// The scenario's turn limit came first.
    Timeout,
}

impl Outcome {
    /// Every outcome, in the order the report lists them.
    pub const ALL: [Outcome; 4] = [
        Outcome::Won,
        Outcome::Died,
        Outcome::Crossed,
        Outcome::Timeout,
    ];

    /// The game's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Died => "died",
            Outcome::Crossed => "crossed",
            Outcome::Timeout => "timeout",
        }
    }

    /// Reads the game's word.
    pub fn from_word(word: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.word() == word)
    }

    /// The hero got what the policy wanted: every foe dead, or across.
    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Won | Outcome::Crossed)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One trial, as the game reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The scenario's name.
    pub name: String,
    /// The trial's seed.
    pub seed: u64,
    /// How it ended.
    pub outcome: Outcome,
    /// Game turns from the fight's start to its end.
    pub turns: u64,
    /// The hero's hit points at the start.
    pub hp_start: i64,
    /// The hero's hit points at the end (0 when the hero died).
    pub hp_end: i64,
    /// The hero's melee to-hit rolls.
    pub hero_rolls: u64,
    /// How many of them hit.
    pub hero_hits: u64,
    /// The sum over those rolls of the integer flanking bonus they got.
    pub hero_bonus: i64,
    /// Hostile monsters' melee to-hit rolls against the hero.
    pub foe_rolls: u64,
    /// How many of them hit.
    pub foe_hits: u64,
    /// The sum over those rolls of the integer flanking bonus they got.
    pub foe_bonus: i64,
    /// Every other blow that rolled to hit, by kind.
    pub others: OtherBlows,
}

/// One kind of blow: the to-hit rolls, how many hit, and the sum of the
/// integer flanking bonus they got.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Blows {
    /// The to-hit rolls.
    pub rolls: u64,
    /// How many hit.
    pub hits: u64,
    /// The bonus they got, summed.
    pub bonus: i64,
}

/// A kind of blow the line counts besides the hero's melee and the foes'
/// blows at the hero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlowKind {
    /// The line's key prefix (`missile` for `missile_rolls`...).
    pub key: &'static str,
    /// What the report calls it.
    pub words: &'static str,
    /// Whether flanking gives it a bonus (a `_bonus` key).
    pub bonus: bool,
}

/// How many kinds of other blows the line counts ([`OtherBlows::KINDS`]).
pub const OTHER_KINDS: usize = 5;

/// Every blow besides the hero's melee and the foes' at the hero, in
/// [`OtherBlows::KINDS`] order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OtherBlows(pub [Blows; OTHER_KINDS]);

impl OtherBlows {
    /// The kinds, in the line's order.
    pub const KINDS: [BlowKind; OTHER_KINDS] = [
        BlowKind {
            key: "missile",
            words: "the hero's thrown and fired missiles",
            bonus: true,
        },
        BlowKind {
            key: "kick",
            words: "the hero's kicks",
            bonus: true,
        },
        BlowKind {
            key: "spell",
            words: "the hero's ray spells",
            bonus: false,
        },
        BlowKind {
            key: "pet",
            words: "the pets' blows",
            bonus: true,
        },
        BlowKind {
            key: "mvm",
            words: "other monsters' blows at monsters",
            bonus: true,
        },
    ];

    /// The pets' blows' index in [`OtherBlows::KINDS`].
    pub const PET: usize = 3;
}

/// Why a line is not a trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError(pub String);

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LineError {}

/// The keys every line must have.
pub const REQUIRED: [&str; 12] = [
    "name",
    "seed",
    "outcome",
    "turns",
    "hp_start",
    "hp_end",
    "hero_rolls",
    "hero_hits",
    "hero_bonus",
    "foe_rolls",
    "foe_hits",
    "foe_bonus",
];

impl Trial {
    /// The hit points the fight cost (negative if the hero ended with more).
    pub fn hp_lost(&self) -> i64 {
        self.hp_start - self.hp_end
    }

    /// Whether the hero died.
    pub fn died(&self) -> bool {
        self.outcome == Outcome::Died
    }

    /// Parses the game's line. Words are `key=value`; a word without `=`
    /// continues the previous value (a scenario name with spaces).
    pub fn parse(line: &str) -> Result<Trial, LineError> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        if words.next() != Some("arena") {
            return Err(LineError(format!(
                "not an arena line (it must start with `arena `): `{line}`"
            )));
        }
        let mut pairs: BTreeMap<&str, String> = BTreeMap::new();
        let mut last: Option<&str> = None;
        for word in words {
            match word.split_once('=') {
                Some((key, value)) if !key.is_empty() => {
                    if pairs.insert(key, value.to_string()).is_some() {
                        return Err(LineError(format!("key `{key}` given twice")));
                    }
                    last = Some(key);
                }
                _ => match last.and_then(|k| pairs.get_mut(k)) {
                    Some(value) => {
                        value.push(' ');
                        value.push_str(word);
                    }
                    None => return Err(LineError(format!("`{word}` is not `key=value`"))),
                },
            }
        }
        let missing: Vec<&str> = REQUIRED
            .iter()
            .copied()
            .filter(|k| !pairs.contains_key(k))
            .collect();
        if !missing.is_empty() {
            return Err(LineError(format!(
                "missing key{} {}",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            )));
        }
        let text = |key: &str| pairs[key].as_str();
        fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, LineError> {
            value
                .parse()
                .map_err(|_| LineError(format!("bad {key} `{value}`: not a whole number")))
        }
        let outcome = Outcome::from_word(text("outcome")).ok_or_else(|| {
            LineError(format!(
                "unknown outcome `{}` (outcomes: won died crossed timeout)",
                text("outcome")
            ))
        })?;
        let mut trial = Trial {
            name: text("name").to_string(),
            seed: number("seed", text("seed"))?,
            outcome,
            turns: number("turns", text("turns"))?,
            hp_start: number("hp_start", text("hp_start"))?,
            hp_end: number("hp_end", text("hp_end"))?,
            hero_rolls: number("hero_rolls", text("hero_rolls"))?,
            hero_hits: number("hero_hits", text("hero_hits"))?,
            hero_bonus: number("hero_bonus", text("hero_bonus"))?,
            foe_rolls: number("foe_rolls", text("foe_rolls"))?,
            foe_hits: number("foe_hits", text("foe_hits"))?,
            foe_bonus: number("foe_bonus", text("foe_bonus"))?,
            others: OtherBlows::default(),
        };
        for (i, kind) in OtherBlows::KINDS.iter().enumerate() {
            let key = |part: &str| format!("{}_{part}", kind.key);
            fn field<T: std::str::FromStr>(
                pairs: &BTreeMap<&str, String>,
                key: &str,
            ) -> Result<T, LineError> {
                match pairs.get(key) {
                    Some(value) => number(key, value),
                    None => Err(LineError(format!("missing key {key}"))),
                }
            }
            let b = &mut trial.others.0[i];
            b.rolls = field(&pairs, &key("rolls"))?;
            b.hits = field(&pairs, &key("hits"))?;
            if kind.bonus {
                b.bonus = field(&pairs, &key("bonus"))?;
            }
            if b.hits > b.rolls {
                return Err(LineError(format!(
                    "{}={} is more than {}={}",
                    key("hits"),
                    b.hits,
                    key("rolls"),
                    b.rolls
                )));
            }
        }
        if trial.hero_hits > trial.hero_rolls {
            return Err(LineError(format!(
                "hero_hits={} is more than hero_rolls={}",
                trial.hero_hits, trial.hero_rolls
            )));
        }
        if trial.foe_hits > trial.foe_rolls {
            return Err(LineError(format!(
                "foe_hits={} is more than foe_rolls={}",
                trial.foe_hits, trial.foe_rolls
            )));
        }
        Ok(trial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "arena name=jackals-open seed=7 outcome=won turns=23 hp_start=16 \
                        hp_end=9 hero_rolls=12 hero_hits=8 hero_bonus=5 foe_rolls=30 \
                        foe_hits=11 foe_bonus=41 missile_rolls=3 missile_hits=2 \
                        missile_bonus=1 kick_rolls=0 kick_hits=0 kick_bonus=0 \
                        spell_rolls=2 spell_hits=1 pet_rolls=9 pet_hits=4 pet_bonus=6 \
                        mvm_rolls=5 mvm_hits=5 mvm_bonus=0";

    #[test]
    fn parses_every_key() {
        let t = Trial::parse(LINE).unwrap();
        assert_eq!(t.name, "jackals-open");
        assert_eq!(t.seed, 7);
        assert_eq!(t.outcome, Outcome::Won);
        assert_eq!(t.turns, 23);
        assert_eq!((t.hp_start, t.hp_end, t.hp_lost()), (16, 9, 7));
        assert_eq!((t.hero_rolls, t.hero_hits, t.hero_bonus), (12, 8, 5));
        assert_eq!((t.foe_rolls, t.foe_hits, t.foe_bonus), (30, 11, 41));
        let b = |rolls, hits, bonus| Blows { rolls, hits, bonus };
        assert_eq!(
            t.others.0,
            [b(3, 2, 1), b(0, 0, 0), b(2, 1, 0), b(9, 4, 6), b(5, 5, 0)]
        );
        assert!(!t.died());
    }

    #[test]
    fn ignores_unknown_keys_and_order() {
        let line = format!(
            "arena foe_bonus=0 future=yes {} name=x seed=1 outcome=died turns=2 \
             hp_start=3 hp_end=0 hero_rolls=0 hero_hits=0 hero_bonus=0 \
             foe_rolls=1 foe_hits=1\n",
            LINE.split_once("foe_bonus=41 ").unwrap().1
        );
        let t = Trial::parse(&line).unwrap();
        assert!(t.died());
        assert_eq!(t.hp_lost(), 3);
    }

    #[test]
    fn a_name_with_spaces_is_kept() {
        let line = LINE.replace("name=jackals-open", "name=jackals in the open");
        assert_eq!(Trial::parse(&line).unwrap().name, "jackals in the open");
    }

    #[test]
    fn a_missing_key_is_an_error_naming_it() {
        let line = LINE.replace(" foe_hits=11", "");
        let e = Trial::parse(&line).unwrap_err();
        assert_eq!(e.0, "missing key foe_hits");
        let e = Trial::parse("arena name=x seed=1").unwrap_err();
        assert!(e.0.starts_with("missing keys outcome, turns,"), "{e}");
    }

    #[test]
    fn malformed_lines_are_errors() {
        for (line, what) in [
            ("", "not an arena line"),
            ("arena: name=x", "not an arena line"),
            ("arena stray name=x", "`stray` is not"),
            (&LINE.replace("seed=7", "seed=-7"), "bad seed `-7`"),
            (&LINE.replace("turns=23", "turns=lots"), "bad turns"),
            (
                &LINE.replace("outcome=won", "outcome=fled"),
                "unknown outcome",
            ),
            (
                &LINE.replace("hero_hits=8", "hero_hits=13"),
                "more than hero_rolls",
            ),
            (
                &LINE.replace("pet_hits=4", "pet_hits=10"),
                "pet_hits=10 is more than pet_rolls=9",
            ),
            (&LINE.replace(" pet_bonus=6", ""), "missing key pet_bonus"),
            (&format!("{LINE} seed=8"), "given twice"),
        ] {
            let e = Trial::parse(line).unwrap_err();
            assert!(e.0.contains(what), "`{line}`: {e}");
        }
    }

    #[test]
    fn outcomes_round_trip() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::from_word(o.word()), Some(o));
        }
        assert!(Outcome::Crossed.is_win() && !Outcome::Timeout.is_win());
    }
}
