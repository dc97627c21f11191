//! The verdicts: each of the proposal's claims answered from the numbers.
//! Scenarios are looked up by name (arena/README.md lists them); a claim
//! whose scenarios are missing is "not measured".

use std::fmt;

use flank_harness::arena::Setting;

use super::num::{diff, percent, plain, real, thousands};
use super::run::{Run, ScenarioRun};
use super::stats::{independent_difference, Interval};
use super::summary::{Paired, Summary};

/// What the numbers say about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// Every measurement the claim rests on shows it, beyond chance.
    Supported,
    /// Some do, none contradicts it.
    Partly,
    /// No difference beyond chance either way.
    NotShown,
    /// The numbers show the opposite, beyond chance.
    Contradicted,
    /// The scenarios it needs were not run.
    NotMeasured,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finding::Supported => "supported",
            Finding::Partly => "partly supported",
            Finding::NotShown => "not shown by these numbers",
            Finding::Contradicted => "contradicted",
            Finding::NotMeasured => "not measured",
        })
    }
}

/// One claim and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The claim, in the proposal's words.
    pub claim: &'static str,
    /// The answer.
    pub finding: Finding,
    /// The numbers behind it, in sentences.
    pub text: String,
}

/// The setting a verdict compares with the baseline: `FLANKING=100` if the
/// scenario has it (and it is not the baseline), else the second setting.
pub fn flanking_index(sc: &ScenarioRun) -> Option<usize> {
    let is_100 = |s: &Setting| s.0.iter().any(|(k, v)| k == "FLANKING" && v == "100");
    (1..sc.settings.len())
        .find(|&i| is_100(&sc.settings[i].setting))
        .or((sc.settings.len() > 1).then_some(1))
}

/// One scenario's setting against its baseline.
#[derive(Debug, Clone)]
pub struct Effect<'a> {
    /// The scenario.
    pub name: &'a str,
    /// The baseline setting and its figures.
    pub base: (&'a Setting, Summary),
    /// The compared setting and its figures.
    pub other: (&'a Setting, Summary),
    /// The paired differences.
    pub paired: Paired,
}

impl<'a> Effect<'a> {
    /// The scenario's setting `i` against its first.
    pub fn at(sc: &'a ScenarioRun, i: usize) -> Option<Effect<'a>> {
        Effect::between(sc, 0, i)
    }

    /// The scenario's setting `other` against its setting `base` (not
    /// necessarily the first), over the same seeds.
    pub fn between(sc: &'a ScenarioRun, base: usize, other: usize) -> Option<Effect<'a>> {
        let (b, o) = (sc.settings.get(base)?, sc.settings.get(other)?);
        if base == other {
            return None;
        }
        Some(Effect {
            name: &sc.scenario.name,
            base: (&b.setting, Summary::of(&b.trials)),
            other: (&o.setting, Summary::of(&o.trials)),
            paired: Paired::of(&b.trials, &o.trials)?,
        })
    }

    /// The effect a verdict reads: [`flanking_index`]'s setting.
    pub fn of(sc: &'a ScenarioRun) -> Option<Effect<'a>> {
        Effect::at(sc, flanking_index(sc)?)
    }

    /// 1 when the setting costs the hero (more HP lost or more deaths,
    /// beyond chance, and neither fewer), -1 when it spares the hero, 0
    /// otherwise.
    pub fn harm(&self) -> i8 {
        combine(&[self.paired.hp_lost, self.paired.death_rate])
    }

    /// `name (OTHER against BASE, N seeds): HP lost ..., death rate ...`.
    pub fn sentence(&self) -> String {
        format!(
            "`{}` ({} against {}, {} seeds): HP lost {}, {}; death rate {}, {}",
            self.name,
            self.other.0,
            self.base.0,
            thousands(self.paired.n),
            diff(self.paired.hp_lost, 1.0, 1, ""),
            real(self.paired.hp_lost),
            diff(self.paired.death_rate, 100.0, 1, " pp"),
            real(self.paired.death_rate),
        )
    }
}

/// 1 if some interval lies above 0 and none below, -1 the other way, else 0.
fn combine(ivs: &[Option<Interval>]) -> i8 {
    let up = ivs.iter().flatten().any(|i| i.sign() > 0);
    let down = ivs.iter().flatten().any(|i| i.sign() < 0);
    match (up, down) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    }
}

/// Every claim's verdict.
pub fn verdicts(run: &Run) -> Vec<Verdict> {
    vec![
        choke_points(run),
        open_levels(run),
        pets(run),
        hordes(run),
        planners(run),
        ranged(run),
    ]
}

/// The effects of those scenarios of `names` that were run with a second
/// setting; when none was, the verdict that `claim` was not measured.
fn effects_of<'a>(
    run: &'a Run,
    claim: &'static str,
    names: &[&str],
) -> Result<Vec<Effect<'a>>, Verdict> {
    let effects: Vec<Effect> = names.iter().filter_map(|n| effect(run, n).ok()).collect();
    if effects.is_empty() {
        return Err(not_measured(
            claim,
            format!("None of {} was run (with a second setting).", quoted(names)),
        ));
    }
    Ok(effects)
}

fn not_measured(claim: &'static str, why: String) -> Verdict {
    Verdict {
        claim,
        finding: Finding::NotMeasured,
        text: why,
    }
}

/// The scenario's effect, or why there is none.
fn effect<'a>(run: &'a Run, name: &str) -> Result<Effect<'a>, String> {
    let sc = run
        .scenario(name)
        .ok_or_else(|| format!("`{name}` was not run"))?;
    Effect::of(sc).ok_or_else(|| format!("`{name}` compares no second setting"))
}

/// The jackal pack of `jackals-open` at a choke point: held in a corridor,
/// in a doorway, or reached by backing into a corridor first.
const CHOKES: [&str; 3] = ["jackals-corridor", "jackals-doorway", "jackals-retreat"];

fn choke_points(run: &Run) -> Verdict {
    const CLAIM: &str = "Choke points protect the hero";
    let open = match effect(run, "jackals-open") {
        Ok(e) => e,
        Err(why) => {
            return not_measured(
                CLAIM,
                format!("{why}, so there is nothing to compare the choke points with."),
            )
        }
    };
    let chokes = match effects_of(run, CLAIM, &CHOKES) {
        Ok(e) => e,
        Err(not_run) => return not_run,
    };
    let mut text = format!("In the open, {}.", open.sentence());
    for c in &chokes {
        text.push_str(&format!(" At a choke point, {}.", c.sentence()));
    }
    let mut gaps = Vec::new();
    for c in &chokes {
        let hp = gap(open.paired.hp_lost, c.paired.hp_lost);
        let death = gap(open.paired.death_rate, c.paired.death_rate);
        text.push_str(&format!(
            " What flanking costs in the open minus what it costs in `{}`: HP lost {}, {}; death rate {}, {}.",
            c.name,
            diff(hp, 1.0, 1, ""),
            real(hp),
            diff(death, 100.0, 1, " pp"),
            real(death)
        ));
        gaps.push(combine(&[hp, death]));
    }
    let (up, down) = (gaps.contains(&1), gaps.contains(&-1));
    let finding = if down && !up {
        Finding::Contradicted
    } else if up && !down && open.harm() > 0 && gaps.iter().all(|&g| g > 0) {
        Finding::Supported
    } else if up && !down {
        Finding::Partly
    } else {
        text.push_str(if up {
            " The choke points disagree with each other."
        } else if open.harm() <= 0 {
            " Flanking made no real difference in the open, so there is nothing for a choke point to protect against here."
        } else {
            " Flanking's cost in the open and at the choke points differ by no more than chance."
        });
        Finding::NotShown
    };
    Verdict {
        claim: CLAIM,
        finding,
        text,
    }
}

/// `a - b` for two independent scenarios' effects.
fn gap(a: Option<Interval>, b: Option<Interval>) -> Option<Interval> {
    Some(independent_difference(a?, b?))
}

/// Supported when every measured effect harms, partly when some do,
/// contradicted when some spare the hero and none harms.
fn from_harms(harms: &[i8]) -> Finding {
    if harms.iter().all(|&h| h > 0) {
        Finding::Supported
    } else if harms.contains(&1) && !harms.contains(&-1) {
        Finding::Partly
    } else if harms.contains(&-1) && !harms.contains(&1) {
        Finding::Contradicted
    } else {
        Finding::NotShown
    }
}

fn open_levels(run: &Run) -> Verdict {
    const CLAIM: &str = "Open levels such as the Big Room and the Mines become more dangerous";
    let names = ["mines-gang", "bigroom-horde", "soldier-ants"];
    let effects = match effects_of(run, CLAIM, &names) {
        Ok(e) => e,
        Err(not_run) => return not_run,
    };
    let mut text = String::new();
    for e in &effects {
        text.push_str(&format!("{}. ", e.sentence()));
    }
    let missing: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !effects.iter().any(|e| e.name == *n))
        .collect();
    if !missing.is_empty() {
        text.push_str(&format!("Not measured: {}. ", quoted(&missing)));
    }
    Verdict {
        claim: CLAIM,
        finding: from_harms(&effects.iter().map(Effect::harm).collect::<Vec<_>>()),
        text: text.trim_end().to_string(),
    }
}

fn pets(run: &Run) -> Verdict {
    const CLAIM: &str = "Pets flank for the hero";
    let with = match effect(run, "pet-flanks") {
        Ok(e) => e,
        Err(why) => return not_measured(CLAIM, format!("{why}.")),
    };
    let on = &with.other.1;
    let off = &with.base.1;
    let mut text = format!(
        "With the pet (`pet-flanks`, {}), the hero's attacks get {} flanking points per roll, \
         and hit {} of the time ({} with {}: {}, {}).",
        with.other.0,
        plain(on.hero_bonus, 2),
        percent(on.hero_hit_rate),
        percent(off.hero_hit_rate),
        with.base.0,
        hit_diff(on, off),
        real(hit_gap(on, off)),
    );
    // The same foe without the pet, under the same setting.
    let alone = run.scenario("pet-alone").and_then(|sc| {
        let i = sc
            .settings
            .iter()
            .position(|s| s.setting == *with.other.0)
            .or_else(|| flanking_index(sc))?;
        Some((&sc.settings[i].setting, Summary::of(&sc.settings[i].trials)))
    });
    let key = match &alone {
        Some((setting, a)) => {
            let bonus = gap(on.hero_bonus, a.hero_bonus);
            text.push_str(&format!(
                " Alone against the same foe (`pet-alone`, {setting}): {} points per roll, so the pet adds {}, {}; \
                 the hero hits {} of the time, so the pet changes it by {}, {}.",
                plain(a.hero_bonus, 2),
                diff(bonus, 1.0, 2, ""),
                real(bonus),
                percent(a.hero_hit_rate),
                hit_diff(on, a),
                real(hit_gap(on, a)),
            ));
            bonus
        }
        None => {
            text.push_str(
                " `pet-alone` was not run: the bonus is compared with FLANKING off only.",
            );
            gap(on.hero_bonus, off.hero_bonus)
        }
    };
    // the pet's own blows at the foe: their bonus, against the baseline's
    const PET: usize = super::line::OtherBlows::PET;
    let (pet_on, pet_off) = (on.others[PET], off.others[PET]);
    let pet = gap(pet_on.bonus, pet_off.bonus);
    if pet_on.rolls > 0 {
        text.push_str(&format!(
            " The pet's own blows ({} rolls) get {} flanking points per roll ({} with {}): {}, {}.",
            pet_on.rolls,
            plain(pet_on.bonus, 2),
            plain(pet_off.bonus, 2),
            with.base.0,
            diff(pet, 1.0, 2, ""),
            real(pet),
        ));
    } else {
        text.push_str(" The pet made no blow that rolled to hit.");
    }
    text.push_str(&format!(" The fight as a whole: {}.", with.sentence()));
    let hit_up = combine(&[hit_gap(on, off)]) > 0
        || alone
            .as_ref()
            .is_some_and(|(_, a)| combine(&[hit_gap(on, a)]) > 0);
    // the hero's bonus with the pet and the pet's own, taken together
    let finding = match (combine(&[key, pet]), hit_up) {
        (1, true) => Finding::Supported,
        (1, false) => {
            text.push_str(" The bonus is real; the change in the hit rate is not beyond chance.");
            Finding::Partly
        }
        (-1, _) => Finding::Contradicted,
        _ => Finding::NotShown,
    };
    Verdict {
        claim: CLAIM,
        finding,
        text,
    }
}

/// The hero's hit rate under `a` minus under `b` (independent: Wilson
/// intervals combined).
fn hit_gap(a: &Summary, b: &Summary) -> Option<Interval> {
    gap(a.hero_hit_rate, b.hero_hit_rate)
}

fn hit_diff(a: &Summary, b: &Summary) -> String {
    diff(hit_gap(a, b), 100.0, 1, " pp")
}

fn hordes(run: &Run) -> Verdict {
    const CLAIM: &str = "Running through hordes costs";
    let e = match effect(run, "bigroom-horde") {
        Ok(e) => e,
        Err(why) => return not_measured(CLAIM, format!("{why}.")),
    };
    let crossed = |s: &Summary| {
        format!(
            "{} of {}",
            thousands(s.count(super::line::Outcome::Crossed)),
            thousands(s.n)
        )
    };
    let text = format!(
        "Crossing the Big Room: {}. The hero got across in {} trials under {} and {} under {}.",
        e.sentence(),
        crossed(&e.other.1),
        e.other.0,
        crossed(&e.base.1),
        e.base.0
    );
    Verdict {
        claim: CLAIM,
        finding: from_harms(&[e.harm()]),
        text,
    }
}

/// The setting of a scenario with `FLANKING_AI=0`, and the one it is the
/// same as but for monsters that flank (`flanking_index()`, FLANKING=100).
pub(crate) fn ai_pair(sc: &ScenarioRun) -> Option<(usize, usize)> {
    let off = sc.settings.iter().position(|s| {
        s.setting
            .0
            .iter()
            .any(|(k, v)| k == "FLANKING_AI" && v == "0")
    })?;
    let on = flanking_index(sc).filter(|&i| i != off)?;
    Some((off, on))
}

/// Monsters that flank (docs/DESIGN.md; the proposal's "intelligent
/// enemies may hang back ... and flank you"), measured as the mean bonus of
/// the monsters' rolls on the hero, and of the hero's own with a pet, with
/// `FLANKING_AI` on (the default) against `FLANKING_AI=0`.
fn planners(run: &Run) -> Verdict {
    const CLAIM: &str = "Intelligent enemies flank you (FLANKING_AI)";
    let mut parts = Vec::new();
    let mut ups = Vec::new();
    for sc in &run.scenarios {
        let Some((off, on)) = ai_pair(sc) else {
            continue;
        };
        let (a, b) = (
            Summary::of(&sc.settings[on].trials),
            Summary::of(&sc.settings[off].trials),
        );
        let foe = gap(a.foe_bonus, b.foe_bonus);
        let hero = gap(a.hero_bonus, b.hero_bonus);
        let pet = sc.scenario.name.starts_with("pet-");
        let (side, key, on_mean, off_mean) = if pet {
            (
                "the hero's (with the pet)",
                hero,
                a.hero_bonus,
                b.hero_bonus,
            )
        } else {
            ("the monsters'", foe, a.foe_bonus, b.foe_bonus)
        };
        ups.push(combine(&[key]));
        parts.push(format!(
            "`{}`: {} bonus per roll {} with monsters that flank against {} without ({}, {}); \
             death rate {} against {}",
            sc.scenario.name,
            side,
            plain(on_mean, 2),
            plain(off_mean, 2),
            diff(key, 1.0, 2, ""),
            real(key),
            percent(a.death_rate),
            percent(b.death_rate),
        ));
    }
    if parts.is_empty() {
        return not_measured(
            CLAIM,
            "no scenario that was run compares `FLANKING_AI=0`.".to_string(),
        );
    }
    let finding = if ups.iter().all(|&u| u > 0) {
        Finding::Supported
    } else if ups.iter().any(|&u| u < 0) {
        if ups.iter().any(|&u| u > 0) {
            Finding::Partly
        } else {
            Finding::Contradicted
        }
    } else if ups.iter().any(|&u| u > 0) {
        Finding::Partly
    } else {
        Finding::NotShown
    };
    Verdict {
        claim: CLAIM,
        finding,
        text: parts.join(". ") + ".",
    }
}

/// The sysconf values the game takes when a setting does not name them
/// (README.md; the playground's sysconf): a setting that names one of
/// them says no more than one that leaves it out.
const DEFAULTS: [(&str, &str); 4] = [
    ("FLANKING", "100"),
    ("FLANKING_RULES", "proposal"),
    ("FLANKING_AI", "1"),
    ("FLANKING_RANGED", "0"),
];

/// What a setting sets, the defaults left out, by key (a later value of a
/// key wins, as in the playground's sysconf).
pub fn effective(s: &Setting) -> std::collections::BTreeMap<&str, &str> {
    let mut m = std::collections::BTreeMap::new();
    for (k, v) in &s.0 {
        m.insert(k.as_str(), v.as_str());
    }
    m.retain(|k, v| !DEFAULTS.contains(&(*k, *v)));
    m
}

/// The settings of a scenario with `FLANKING_RANGED=1`, each with the first
/// other setting that is the same but for threats from range (off): e.g.
/// `FLANKING=100 FLANKING_RANGED=1` and `FLANKING=100`, or
/// `FLANKING_RULES=dnd FLANKING_RANGED=1` and `FLANKING_RULES=dnd`.
/// `(without, with)`.
fn ranged_pairs(sc: &ScenarioRun) -> Vec<(usize, usize)> {
    let sets: Vec<_> = sc.settings.iter().map(|s| effective(&s.setting)).collect();
    let mut pairs = Vec::new();
    for (on, set) in sets.iter().enumerate() {
        if set.get("FLANKING_RANGED") != Some(&"1") {
            continue;
        }
        let mut without = set.clone();
        without.remove("FLANKING_RANGED");
        if let Some(off) = (0..sets.len()).find(|&i| i != on && sets[i] == without) {
            pairs.push((off, on));
        }
    }
    pairs
}

/// Threats from range (docs/DESIGN.md; the proposal's "a monster
/// wielding a launcher or carrying several daggers ... in line with the
/// player" counts in the arc), measured as the mean bonus of the monsters'
/// rolls on the hero (the hero's own with a pet) with `FLANKING_RANGED=1`
/// against the same setting without it, and what that does to the fight,
/// seed by seed.
fn ranged(run: &Run) -> Verdict {
    const CLAIM: &str = "Threats from range flank you (FLANKING_RANGED)";
    let mut parts = Vec::new();
    let mut ups = Vec::new();
    let mut harms = Vec::new();
    for sc in &run.scenarios {
        for (off, on) in ranged_pairs(sc) {
            let Some(e) = Effect::between(sc, off, on) else {
                continue;
            };
            let (a, b) = (&e.other.1, &e.base.1);
            let pet = sc.scenario.name.starts_with("pet-");
            let (side, on_mean, off_mean) = if pet {
                ("the hero's (with the pet)", a.hero_bonus, b.hero_bonus)
            } else {
                ("the monsters'", a.foe_bonus, b.foe_bonus)
            };
            let key = gap(on_mean, off_mean);
            ups.push(combine(&[key]));
            harms.push(e.harm());
            parts.push(format!(
                "`{}` ({} against {}, {} seeds): {} bonus per roll {} with threats from range \
                 against {} without ({}, {}); HP lost {}, {}; death rate {} against {} ({}, {})",
                e.name,
                e.other.0,
                e.base.0,
                thousands(e.paired.n),
                side,
                plain(on_mean, 2),
                plain(off_mean, 2),
                diff(key, 1.0, 2, ""),
                real(key),
                diff(e.paired.hp_lost, 1.0, 1, ""),
                real(e.paired.hp_lost),
                percent(a.death_rate),
                percent(b.death_rate),
                diff(e.paired.death_rate, 100.0, 1, " pp"),
                real(e.paired.death_rate),
            ));
        }
    }
    if parts.is_empty() {
        return not_measured(
            CLAIM,
            "no scenario that was run compares `FLANKING_RANGED=1` with the same setting without it."
                .to_string(),
        );
    }
    let mut text = parts.join(". ") + ".";
    let finding = if ups.iter().all(|&u| u > 0) {
        if harms.iter().all(|&h| h > 0) {
            Finding::Supported
        } else {
            text.push_str(if harms.contains(&1) {
                " The bonus is real everywhere; the fight is harder beyond chance in only some of the scenarios."
            } else {
                " The bonus is real; what it does to the fight is not beyond chance."
            });
            Finding::Partly
        }
    } else if ups.contains(&1) {
        Finding::Partly
    } else if ups.contains(&-1) {
        Finding::Contradicted
    } else {
        Finding::NotShown
    };
    Verdict {
        claim: CLAIM,
        finding,
        text,
    }
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::line::{Outcome, Trial};
    use crate::run::SettingRun;
    use flank_harness::arena::Scenario;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// One trial of the scenarios below: the hero, 16 HP, loses `lost` of
    /// them in 10 turns (dies when that is all 16), and the hero and the
    /// monsters each hit 5 of 10 rolls, without a bonus.
    /// A trial: the hero, 16 HP, loses `lost` of them (dies at 16).
    pub(crate) fn trial(name: &str, seed: u64, lost: i64) -> Trial {
        let lost = lost.min(16);
        Trial {
            name: name.into(),
            seed,
            outcome: if lost == 16 {
                Outcome::Died
            } else {
                Outcome::Won
            },
            turns: 10,
            hp_start: 16,
            hp_end: 16 - lost,
            hero_rolls: 10,
            hero_hits: 5,
            hero_bonus: 0,
            foe_rolls: 10,
            foe_hits: 5,
            foe_bonus: 0,
            others: Default::default(),
        }
    }

    /// Scenario `name` run `n` times under each setting of `compare`
    /// (`A | B ...`), setting `i`'s trials as `trials(i)` makes them.
    fn compared(
        name: &str,
        compare: &str,
        n: u64,
        trials: impl Fn(usize) -> Vec<Trial>,
    ) -> ScenarioRun {
        let text = format!(
            "name: {name}\nhero: Valkyrie 1\npolicy: hold\ntrials: {n}\nturns: 50\n\
             compare: {compare}\nmonster j: jackal\nmap:\n|j@|\nend\n"
        );
        let scenario = Scenario::parse(Path::new("x.arena"), &text).unwrap();
        let settings = (0..scenario.compare.len())
            .map(|i| SettingRun {
                setting: scenario.compare[i].clone(),
                playground: PathBuf::new(),
                trials: trials(i),
            })
            .collect();
        ScenarioRun {
            trials: n as u32,
            settings,
            scenario,
        }
    }

    /// A scenario of `n` trials whose FLANKING=100 trials lose `extra`
    /// more HP than FLANKING=0 (and die when that reaches 16), with a
    /// hero bonus of `bonus` per roll.
    fn scenario(name: &str, n: u64, extra: i64, bonus: i64) -> ScenarioRun {
        let per = [(0, 0), (extra, bonus)];
        compared(name, "FLANKING=0 | FLANKING=100", n, |i| {
            let (extra, bonus) = per[i];
            (1..=n)
                .map(|seed| Trial {
                    hero_hits: 5 + (seed % 2) * u64::from(bonus > 0) * 3,
                    hero_bonus: 10 * bonus,
                    ..trial(name, seed, 4 + seed as i64 % 5 + extra)
                })
                .collect()
        })
    }

    /// A scenario comparing FLANKING=0, FLANKING_AI=0 and FLANKING=100,
    /// whose monsters get `off` and `on` bonus points per roll without and
    /// with monsters that flank (give or take one, seed by seed).
    fn ai_scenario(name: &str, off: i64, on: i64) -> ScenarioRun {
        let per = [0, off, on];
        let compare = "FLANKING=0 | FLANKING_AI=0 | FLANKING=100";
        compared(name, compare, 50, |i| {
            (1..=50u64)
                .map(|seed| Trial {
                    foe_bonus: 10 * per[i] + (seed % 3) as i64 * 10 - 10,
                    ..trial(name, seed, 6)
                })
                .collect()
        })
    }

    #[test]
    fn planners_compare_ai_on_with_ai_off() {
        let claim = "Intelligent enemies flank you (FLANKING_AI)";
        let up = run(vec![ai_scenario("mines-gang", 2, 4)]);
        assert_eq!(finding(&up, claim), Finding::Supported);
        let text = &verdicts(&up)[4].text;
        assert!(
            text.contains("`mines-gang`: the monsters' bonus per roll"),
            "{text}"
        );
        let same = run(vec![ai_scenario("mines-gang", 3, 3)]);
        assert_eq!(finding(&same, claim), Finding::NotShown);
        let mixed = run(vec![
            ai_scenario("mines-gang", 2, 4),
            ai_scenario("jackals-open", 3, 3),
        ]);
        assert_eq!(finding(&mixed, claim), Finding::Partly);
        let down = run(vec![ai_scenario("mines-gang", 4, 2)]);
        assert_eq!(finding(&down, claim), Finding::Contradicted);
    }

    /// A scenario of 80 trials comparing the settings of `compare`, whose
    /// monsters get `per[i].0` bonus points per roll (give or take one,
    /// seed by seed) under setting `i` and whose hero loses `per[i].1`
    /// more HP than under the first (and dies when that reaches 16).
    fn settings_scenario(name: &str, compare: &str, per: &[(i64, i64)]) -> ScenarioRun {
        let run = compared(name, compare, 80, |i| {
            let (bonus, extra) = per[i];
            (1..=80u64)
                .map(|seed| Trial {
                    foe_bonus: 10 * bonus + (seed % 3) as i64 * 10 - 10,
                    ..trial(name, seed, 4 + seed as i64 % 5 + extra)
                })
                .collect()
        });
        assert_eq!(run.settings.len(), per.len(), "{compare}");
        run
    }

    const RANGED: &str = "FLANKING=0 | FLANKING=100 | FLANKING=100 FLANKING_RANGED=1";

    #[test]
    fn ranged_settings_pair_with_the_same_setting_without_them() {
        let pairs = |compare: &str| {
            let n = compare.split('|').count();
            ranged_pairs(&settings_scenario("x", compare, &vec![(1, 0); n]))
        };
        assert_eq!(pairs(RANGED), vec![(1, 2)]);
        // FLANKING=100 is the default: saying it or not is the same.
        assert_eq!(
            pairs("FLANKING=0 | FLANKING=100 | FLANKING_RANGED=1"),
            vec![(1, 2)]
        );
        assert_eq!(pairs("FLANKING_RANGED=1 | FLANKING_RANGED=0"), vec![(1, 0)]);
        assert_eq!(
            pairs(
                "FLANKING_RULES=dnd | FLANKING=100 | FLANKING_RANGED=1 FLANKING_RULES=dnd \
                 | FLANKING_RANGED=1"
            ),
            vec![(0, 2), (1, 3)]
        );
        assert_eq!(
            pairs("FLANKING=0 | FLANKING_AI=0 | FLANKING_AI=0 FLANKING_RANGED=1"),
            vec![(1, 2)]
        );
        // A later value wins, as in the sysconf.
        assert_eq!(
            pairs("FLANKING=0 | FLANKING_RANGED=0 FLANKING_RANGED=1"),
            vec![]
        );
        assert_eq!(pairs("FLANKING=0 | FLANKING_RANGED=1"), vec![]);
        assert_eq!(pairs("FLANKING=0 FLANKING_RANGED=1 | FLANKING=100"), vec![]);
    }

    #[test]
    fn ranged_compares_threats_from_range_with_the_same_setting_without() {
        let claim = "Threats from range flank you (FLANKING_RANGED)";
        // No setting without threats from range to pair with.
        let unpaired = settings_scenario(
            "kobold-pack",
            "FLANKING=0 | FLANKING_RANGED=1 FLANKING_RULES=dnd",
            &[(0, 0), (2, 2)],
        );
        assert_eq!(finding(&run(vec![unpaired]), claim), Finding::NotMeasured);

        // More bonus and a harder fight.
        let up = run(vec![settings_scenario(
            "kobold-pack",
            RANGED,
            &[(0, 0), (2, 1), (3, 3)],
        )]);
        assert_eq!(finding(&up, claim), Finding::Supported);
        let text = &verdicts(&up)[5].text;
        assert!(
            text.starts_with(
                "`kobold-pack` (FLANKING=100 FLANKING_RANGED=1 against FLANKING=100, 80 seeds): \
                 the monsters' bonus per roll 3.01 ["
            ),
            "{text}"
        );
        assert!(text.contains("against 2.01 ["), "{text}");
        assert!(text.contains("(+1.00 ["), "{text}");
        assert!(text.contains("; HP lost +2.0"), "{text}");
        // The other verdicts still read FLANKING=100 against FLANKING=0.
        let open = &verdicts(&run(vec![settings_scenario(
            "mines-gang",
            RANGED,
            &[(0, 0), (2, 1), (3, 3)],
        )]))[1]
            .text;
        assert!(
            open.contains("`mines-gang` (FLANKING=100 against FLANKING=0, 80 seeds): HP lost +1.0"),
            "{open}"
        );

        // More bonus, the same fight.
        let bonus_only = run(vec![settings_scenario(
            "kobold-pack",
            RANGED,
            &[(0, 0), (2, 1), (3, 1)],
        )]);
        assert_eq!(finding(&bonus_only, claim), Finding::Partly);
        assert!(
            verdicts(&bonus_only)[5]
                .text
                .ends_with("what it does to the fight is not beyond chance."),
            "{}",
            verdicts(&bonus_only)[5].text
        );
        // One scenario harder, one not.
        let some = run(vec![
            settings_scenario("kobold-pack", RANGED, &[(0, 0), (2, 1), (3, 3)]),
            settings_scenario("mines-gang", RANGED, &[(0, 0), (2, 1), (3, 1)]),
        ]);
        assert_eq!(finding(&some, claim), Finding::Partly);
        assert!(verdicts(&some)[5]
            .text
            .contains("in only some of the scenarios"));
        // A bonus in one scenario, none in another.
        let mixed = run(vec![
            settings_scenario("kobold-pack", RANGED, &[(0, 0), (2, 1), (3, 3)]),
            settings_scenario("mines-gang", RANGED, &[(0, 0), (2, 1), (2, 1)]),
        ]);
        assert_eq!(finding(&mixed, claim), Finding::Partly);
        let same = run(vec![settings_scenario(
            "kobold-pack",
            RANGED,
            &[(0, 0), (2, 1), (2, 1)],
        )]);
        assert_eq!(finding(&same, claim), Finding::NotShown);
        let down = run(vec![settings_scenario(
            "kobold-pack",
            RANGED,
            &[(0, 0), (3, 1), (2, 1)],
        )]);
        assert_eq!(finding(&down, claim), Finding::Contradicted);
    }

    fn run(scenarios: Vec<ScenarioRun>) -> Run {
        Run {
            scenarios,
            elapsed: Duration::ZERO,
            replayed: None,
        }
    }

    /// A run of [`scenario`]s, one `(name, seeds, extra HP lost, bonus)`
    /// each.
    fn runs(scenarios: &[(&str, u64, i64, i64)]) -> Run {
        run(scenarios
            .iter()
            .map(|&(name, n, extra, bonus)| scenario(name, n, extra, bonus))
            .collect())
    }

    fn finding(run: &Run, claim: &str) -> Finding {
        verdicts(run)
            .into_iter()
            .find(|v| v.claim.starts_with(claim))
            .unwrap()
            .finding
    }

    #[test]
    fn missing_scenarios_are_not_measured() {
        let r = runs(&[("something-else", 50, 3, 0)]);
        for v in verdicts(&r) {
            assert_eq!(v.finding, Finding::NotMeasured, "{v:?}");
            assert!(v.text.contains("was run") || v.text.contains("was not run"));
        }
        let r = runs(&[("jackals-open", 50, 3, 0)]);
        let v = &verdicts(&r)[0];
        assert_eq!(v.finding, Finding::NotMeasured);
        assert!(v.text.contains("`jackals-corridor`"), "{}", v.text);
        // Nor do the claims that need settings of their own.
        for claim in [
            "Intelligent enemies flank you (FLANKING_AI)",
            "Threats from range flank you (FLANKING_RANGED)",
        ] {
            assert_eq!(finding(&r, claim), Finding::NotMeasured, "{claim}");
        }
    }

    #[test]
    fn choke_points_compare_the_open_with_each_choke() {
        let r = runs(&[("jackals-open", 60, 3, 0), ("jackals-corridor", 60, 0, 0)]);
        assert_eq!(finding(&r, "Choke points"), Finding::Supported);
        let text = &verdicts(&r)[0].text;
        assert!(text.contains("`jackals-open` (FLANKING=100 against FLANKING=0, 60 seeds): HP lost +3.0 [+3.0, +3.0], real"), "{text}");
        assert!(text.contains("minus what it costs in `jackals-corridor`: HP lost +3.0"));

        // The same cost everywhere: the choke point protects from nothing.
        let r = runs(&[("jackals-open", 60, 3, 0), ("jackals-doorway", 60, 3, 0)]);
        assert_eq!(finding(&r, "Choke points"), Finding::NotShown);
        // Costlier at the choke point.
        let r = runs(&[("jackals-open", 60, 0, 0), ("jackals-retreat", 60, 2, 0)]);
        assert_eq!(finding(&r, "Choke points"), Finding::Contradicted);
    }

    #[test]
    fn open_levels_and_hordes_read_each_effect() {
        let r = runs(&[("mines-gang", 60, 2, 0), ("bigroom-horde", 60, 0, 0)]);
        assert_eq!(finding(&r, "Open levels"), Finding::Partly);
        assert_eq!(finding(&r, "Running through hordes"), Finding::NotShown);
        let text = &verdicts(&r)[1].text;
        assert!(text.contains("Not measured: `soldier-ants`."), "{text}");
        let r = runs(&[("bigroom-horde", 60, 2, 0)]);
        assert_eq!(finding(&r, "Open levels"), Finding::Supported);
        assert_eq!(finding(&r, "Running through hordes"), Finding::Supported);
    }

    #[test]
    fn pets_flank_reads_the_bonus_with_and_without_the_pet() {
        let r = runs(&[("pet-flanks", 200, 0, 2), ("pet-alone", 200, 0, 0)]);
        assert_eq!(finding(&r, "Pets flank"), Finding::Supported);
        let text = &verdicts(&r)[2].text;
        assert!(
            text.contains("so the pet adds +2.00 [+2.00, +2.00], real"),
            "{text}"
        );
        // A bonus but no change in the hit rate.
        let r = runs(&[("pet-flanks", 200, 0, 0)]);
        assert_eq!(finding(&r, "Pets flank"), Finding::NotShown);
    }
}
