//! The field: flanking off and every rule set of the rule-set table
//! (`flank_rules::facing::RULES`, in its order) side by side, in each
//! scenario that compares rule sets, each against `FLANKING=0` seed by
//! seed; and what the numbers say about them: the harshest rule in the
//! open, the gentlest at the choke point, and whether any rule makes the
//! choke point worse than the open. docs/BALANCE.md's "The field, side by
//! side" writes it out.

use std::cmp::Ordering;

use flank_harness::arena::Setting;
use flank_rules::facing::RULES;

use super::run::{Run, ScenarioRun};
use super::stats::Interval;
use super::summary::{Paired, Summary};
use super::verdict::effective;

/// The field's first rule, and what the others are measured against:
/// flanking off.
pub const OFF: &str = "FLANKING=0";
/// The scenario of the open: the jackal pack around the hero in a room.
pub const OPEN: &str = "jackals-open";
/// The scenario of the choke point: the same pack, the hero in a corridor.
pub const CHOKE: &str = "jackals-corridor";

/// The field's rules, in order: [`OFF`], then each rule set of the table
/// (the default, `proposal`, first).
pub fn rules() -> Vec<&'static str> {
    std::iter::once(OFF)
        .chain(RULES.iter().map(|r| r.name))
        .collect()
}

/// The rule of the field a setting is: [`OFF`] for `FLANKING=0` alone, a
/// rule set's name for that rule set with nothing else changed (the default
/// rule set for `FLANKING=100`, or a setting of defaults only); `None` for
/// anything else (`FLANKING_AI=0`, threats from range, ...).
pub fn rule_of(setting: &Setting) -> Option<&'static str> {
    let e = effective(setting);
    match e.len() {
        0 => Some(RULES[0].name),
        1 if e.get("FLANKING") == Some(&"0") => Some(OFF),
        1 => {
            let name = e.get("FLANKING_RULES")?;
            RULES.iter().find(|r| r.name == *name).map(|r| r.name)
        }
        _ => None,
    }
}

/// Whether a scenario compares rule sets: some setting names
/// `FLANKING_RULES`.
pub fn compares_rules(sc: &ScenarioRun) -> bool {
    sc.settings
        .iter()
        .any(|s| s.setting.0.iter().any(|(k, _)| k == "FLANKING_RULES"))
}

/// One rule of the field in one scenario.
#[derive(Debug, Clone)]
pub struct Row<'a> {
    /// The rule: [`OFF`] or a rule set's name.
    pub rule: &'static str,
    /// The scenario's setting that is this rule.
    pub setting: &'a Setting,
    /// Its figures.
    pub summary: Summary,
    /// It against `FLANKING=0`, seed by seed: `None` for `FLANKING=0`
    /// itself, or when the scenario has no `FLANKING=0` or their seeds
    /// differ.
    pub paired: Option<Paired>,
}

impl Row<'_> {
    /// The row of `FLANKING=0`, the baseline.
    pub fn is_off(&self) -> bool {
        self.rule == OFF
    }
}

/// One scenario's field: a row per rule it has, in [`rules`]' order.
#[derive(Debug, Clone)]
pub struct Field<'a> {
    /// The scenario.
    pub name: &'a str,
    /// Trials per setting.
    pub trials: u32,
    /// The rows; a rule the scenario does not compare has none.
    pub rows: Vec<Row<'a>>,
}

impl<'a> Field<'a> {
    /// The scenario's field, when it compares rule sets. A rule two
    /// settings are (`FLANKING=100` and `FLANKING_RULES=proposal`) is read
    /// from the first.
    pub fn of(sc: &'a ScenarioRun) -> Option<Field<'a>> {
        if !compares_rules(sc) {
            return None;
        }
        let index = |rule: &str| {
            sc.settings
                .iter()
                .position(|s| rule_of(&s.setting) == Some(rule))
        };
        let off = index(OFF);
        let rows = rules()
            .into_iter()
            .filter_map(|rule| {
                let i = index(rule)?;
                let set = &sc.settings[i];
                Some(Row {
                    rule,
                    setting: &set.setting,
                    summary: Summary::of(&set.trials),
                    paired: off
                        .filter(|&o| o != i)
                        .and_then(|o| Paired::of(&sc.settings[o].trials, &set.trials)),
                })
            })
            .collect();
        Some(Field {
            name: &sc.scenario.name,
            trials: sc.trials,
            rows,
        })
    }

    /// The row of that rule.
    pub fn row(&self, rule: &str) -> Option<&Row<'a>> {
        self.rows.iter().find(|r| r.rule == rule)
    }

    /// Each rule but `FLANKING=0`, with its rise over `FLANKING=0`, in
    /// order; rules without a paired death rate are left out.
    pub fn rises(&self) -> Vec<Rise> {
        self.rows
            .iter()
            .filter(|r| !r.is_off())
            .filter_map(|r| {
                let p = r.paired.as_ref()?;
                Some(Rise {
                    rule: r.rule,
                    setting: r.setting.to_string(),
                    death_rate: p.death_rate?,
                    hp_lost: p.hp_lost,
                })
            })
            .collect()
    }
}

/// Every scenario's field, for those that compare rule sets, in the run's
/// order.
pub fn fields(run: &Run) -> Vec<Field<'_>> {
    run.scenarios.iter().filter_map(Field::of).collect()
}

/// What one rule does in one scenario against `FLANKING=0`, seed by seed.
#[derive(Debug, Clone, PartialEq)]
pub struct Rise {
    /// The rule.
    pub rule: &'static str,
    /// The setting, as written.
    pub setting: String,
    /// The death rate's difference (a fraction).
    pub death_rate: Interval,
    /// HP lost's difference.
    pub hp_lost: Option<Interval>,
}

impl Rise {
    /// Orders by the death rate's rise, then by HP lost's.
    fn cmp_rise(&self, other: &Rise) -> Ordering {
        let hp = |r: &Rise| r.hp_lost.map_or(0.0, |i| i.est);
        self.death_rate
            .est
            .total_cmp(&other.death_rate.est)
            .then(hp(self).total_cmp(&hp(other)))
    }
}

/// The rule picked from a scenario's field.
#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    /// The scenario.
    pub scenario: &'static str,
    /// The rule and its rise.
    pub rise: Rise,
    /// The other rules whose death rate rose by exactly as much (HP lost
    /// broke the tie), in order.
    pub tied: Vec<&'static str>,
    /// Those of `tied` whose HP lost rose by exactly as much too: the rule
    /// picked is the earliest of them in the field's order.
    pub even: Vec<&'static str>,
}

/// One rule's rise in death rate at the choke point and in the open.
#[derive(Debug, Clone, PartialEq)]
pub struct Against {
    /// The rule.
    pub rule: &'static str,
    /// Its death rate's difference from `FLANKING=0` in [`CHOKE`].
    pub choke: Interval,
    /// The same in [`OPEN`].
    pub open: Interval,
    /// The choke point's interval lies wholly above the open's: the rule
    /// makes the choke point worse than the open, beyond chance.
    pub worse: bool,
}

/// What the field says, for the verdict under its tables.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    /// The rule whose death rate rises most in [`OPEN`] (ties broken by HP
    /// lost): `None` when the open was not run with rule sets.
    pub harshest_open: Option<Pick>,
    /// The rule whose death rate rises least in [`CHOKE`] (ties broken by
    /// HP lost): `None` when the choke point was not run with rule sets.
    pub gentlest_choke: Option<Pick>,
    /// Each rule measured in both, in order: `None` when either was not
    /// run with rule sets.
    pub choke_against_open: Option<Vec<Against>>,
}

/// The rule whose rise is the largest (`most`) or the smallest, by
/// [`Rise::cmp_rise`]; the earliest on a full tie.
fn pick(scenario: &'static str, rises: &[Rise], most: bool) -> Option<Pick> {
    let mut best: Option<&Rise> = None;
    for r in rises {
        let better = best.is_none_or(|b| {
            let o = r.cmp_rise(b);
            if most {
                o == Ordering::Greater
            } else {
                o == Ordering::Less
            }
        });
        if better {
            best = Some(r);
        }
    }
    let best = best?;
    let tied: Vec<&Rise> = rises
        .iter()
        .filter(|r| r.rule != best.rule && r.death_rate.est == best.death_rate.est)
        .collect();
    Some(Pick {
        scenario,
        rise: best.clone(),
        tied: tied.iter().map(|r| r.rule).collect(),
        even: tied
            .iter()
            .filter(|r| r.cmp_rise(best) == Ordering::Equal)
            .map(|r| r.rule)
            .collect(),
    })
}

/// The field's verdict facts from the run: the harshest rule in
/// [`OPEN`], the gentlest in [`CHOKE`], and each rule's rise at the choke
/// point against its rise in the open.
pub fn facts(run: &Run) -> Facts {
    let fields = fields(run);
    let rises = |name: &str| fields.iter().find(|f| f.name == name).map(Field::rises);
    let (open, choke) = (rises(OPEN), rises(CHOKE));
    let choke_against_open = match (&open, &choke) {
        (Some(open), Some(choke)) => Some(
            choke
                .iter()
                .filter_map(|c| {
                    let o = open.iter().find(|o| o.rule == c.rule)?;
                    let (ci, oi) = (c.death_rate, o.death_rate);
                    Some(Against {
                        rule: c.rule,
                        choke: ci,
                        open: oi,
                        worse: ci.is_known() && oi.is_known() && ci.lo > oi.hi,
                    })
                })
                .collect(),
        ),
        _ => None,
    };
    Facts {
        harshest_open: open.as_deref().and_then(|r| pick(OPEN, r, true)),
        gentlest_choke: choke.as_deref().and_then(|r| pick(CHOKE, r, false)),
        choke_against_open,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::line::Trial;
    use crate::run::SettingRun;
    use flank_harness::arena::Scenario;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    const N: u64 = 100;

    /// A trial (the verdicts' tests' own): the hero, 16 HP, loses `lost`.
    fn trial(seed: u64, lost: i64) -> Trial {
        crate::verdict::tests::trial("t", seed, lost)
    }

    /// A scenario of `N` trials comparing `compare`: under setting `i` the
    /// hero dies on the first `per[i].0` seeds and loses `4 + per[i].1`
    /// HP (give or take two, seed by seed) on the others.
    pub(crate) fn scenario(name: &str, compare: &str, per: &[(u64, i64)]) -> ScenarioRun {
        let text = format!(
            "name: {name}\nhero: Valkyrie 1\npolicy: hold\ntrials: {N}\nturns: 50\n\
             compare: {compare}\nmonster j: jackal\nmap:\n|j@|\nend\n"
        );
        let scenario = Scenario::parse(Path::new("x.arena"), &text).unwrap();
        assert_eq!(scenario.compare.len(), per.len(), "{compare}");
        let settings = per
            .iter()
            .enumerate()
            .map(|(i, &(deaths, extra))| SettingRun {
                setting: scenario.compare[i].clone(),
                playground: PathBuf::new(),
                trials: (1..=N)
                    .map(|seed| {
                        trial(
                            seed,
                            if seed <= deaths {
                                16
                            } else {
                                2 + seed as i64 % 5 + extra
                            },
                        )
                    })
                    .collect(),
            })
            .collect();
        ScenarioRun {
            trials: N as u32,
            settings,
            scenario,
        }
    }

    pub(crate) fn run(scenarios: Vec<ScenarioRun>) -> Run {
        Run {
            scenarios,
            elapsed: Duration::ZERO,
            replayed: None,
        }
    }

    /// `FLANKING=0 | [FLANKING_AI=0 |] FLANKING=100 | FLANKING_RULES=*`:
    /// the nine (or eight) settings the field's scenarios compare, with
    /// `per` for FLANKING=0, then each rule set in the table's order (and
    /// `ai` for FLANKING_AI=0 when given).
    pub(crate) fn field_scenario(
        name: &str,
        ai: Option<(u64, i64)>,
        per: &[(u64, i64)],
    ) -> ScenarioRun {
        assert_eq!(per.len(), 1 + RULES.len());
        let mut all = vec![per[0]];
        let compare = match ai {
            Some(ai) => {
                all.push(ai);
                "FLANKING=0 | FLANKING_AI=0 | FLANKING=100 | FLANKING_RULES=*"
            }
            None => "FLANKING=0 | FLANKING=100 | FLANKING_RULES=*",
        };
        all.extend_from_slice(&per[1..]);
        scenario(name, compare, &all)
    }

    #[test]
    fn the_field_is_off_then_the_table_in_order() {
        let rules = rules();
        assert_eq!(rules[0], "FLANKING=0");
        let table: Vec<&str> = RULES.iter().map(|r| r.name).collect();
        assert_eq!(rules[1..], table);
        let setting = |s: &str| {
            Setting(vec![(
                s.split('=').next().unwrap().to_string(),
                s.split('=').nth(1).unwrap().to_string(),
            )])
        };
        assert_eq!(rule_of(&setting("FLANKING=0")), Some(OFF));
        assert_eq!(rule_of(&setting("FLANKING=100")), Some("proposal"));
        assert_eq!(
            rule_of(&setting("FLANKING_RULES=proposal")),
            Some("proposal")
        );
        assert_eq!(rule_of(&setting("FLANKING_RULES=silq")), Some("silq"));
        assert_eq!(rule_of(&setting("FLANKING_AI=0")), None);
        assert_eq!(rule_of(&setting("FLANKING_RULES=nonesuch")), None);
        let two = Setting(vec![
            ("FLANKING".into(), "100".into()),
            ("FLANKING_RANGED".into(), "1".into()),
        ]);
        assert_eq!(rule_of(&two), None);
    }

    #[test]
    fn rows_follow_the_field_not_the_compare_line() {
        // The compare line in another order, with settings that are not
        // rules of the field among them.
        let sc = scenario(
            "x",
            "FLANKING_RULES=silq | FLANKING_AI=0 | FLANKING_RULES=dnd | FLANKING=100 FLANKING_RANGED=1 \
             | FLANKING=0 | FLANKING=100 | FLANKING_RULES=proposal",
            &[(9, 0), (1, 0), (5, 0), (7, 0), (2, 0), (3, 0), (4, 0)],
        );
        let f = Field::of(&sc).unwrap();
        let rules: Vec<_> = f.rows.iter().map(|r| r.rule).collect();
        assert_eq!(rules, ["FLANKING=0", "proposal", "dnd", "silq"]);
        let settings: Vec<_> = f.rows.iter().map(|r| r.setting.to_string()).collect();
        // proposal is the first setting that is it: FLANKING=100.
        assert_eq!(
            settings,
            [
                "FLANKING=0",
                "FLANKING=100",
                "FLANKING_RULES=dnd",
                "FLANKING_RULES=silq"
            ]
        );
        assert!(f.rows[0].is_off() && f.rows[0].paired.is_none());
        // Each against FLANKING=0, not against the compare line's first.
        let rise = |rule: &str| {
            f.row(rule)
                .unwrap()
                .paired
                .as_ref()
                .unwrap()
                .death_rate
                .unwrap()
                .est
        };
        assert!((rise("proposal") - 0.01).abs() < 1e-12);
        assert!((rise("dnd") - 0.03).abs() < 1e-12);
        assert!((rise("silq") - 0.07).abs() < 1e-12);

        // Every rule of the field, FLANKING_AI=0 left out.
        let sc = field_scenario("y", Some((0, 0)), &[(0, 0); 10]);
        let f = Field::of(&sc).unwrap();
        assert_eq!(
            f.rows.iter().map(|r| r.rule).collect::<Vec<_>>(),
            super::rules()
        );
        // A scenario that names no rule set has no field.
        let plain = scenario(
            "z",
            "FLANKING=0 | FLANKING_AI=0 | FLANKING=100",
            &[(0, 0); 3],
        );
        assert!(Field::of(&plain).is_none());
        assert_eq!(fields(&run(vec![plain, sc])).len(), 1);
    }

    /// The open of the harshest-rule test (and the report's): deaths per
    /// 100 seeds off 5, FLANKING_AI=0 40; proposal 10, implicit 30, dnd 30
    /// (more HP lost), opposite 8, tactics 12, nerfhack 6, silq 7,
    /// splicehack 6, hackem 7.
    pub(crate) fn open_example() -> ScenarioRun {
        field_scenario(OPEN, Some((40, 0)), &OPEN_DEATHS)
    }

    /// [`open_example`]'s deaths and extra HP lost, off and per rule set.
    const OPEN_DEATHS: [(u64, i64); 10] = [
        (5, 0),
        (10, 0),
        (30, 0),
        (30, 2),
        (8, 0),
        (12, 0),
        (6, 0),
        (7, 0),
        (6, 0),
        (7, 0),
    ];

    /// The corridor of the worse-than-the-open test (and the report's):
    /// deaths off 10; proposal 20, dnd 70, nerfhack 55, splicehack 15,
    /// hackem 16; the rest 10.
    pub(crate) fn corridor_example() -> ScenarioRun {
        field_scenario(
            CHOKE,
            None,
            &[
                (10, 0),
                (20, 0),
                (10, 0),
                (70, 0),
                (10, 0),
                (10, 0),
                (55, 0),
                (10, 0),
                (15, 0),
                (16, 0),
            ],
        )
    }

    #[test]
    fn the_harshest_rule_in_the_open_rises_most_ties_broken_by_hp() {
        // Deaths per 100 seeds: off 5; proposal 10, implicit 30, dnd 30
        // (more HP lost), opposite 8, tactics 12, nerfhack 6, silq 7,
        // splicehack 6, hackem 7.
        let open = open_example();
        let f = facts(&run(vec![open]));
        let h = f.harshest_open.unwrap();
        assert_eq!(h.scenario, OPEN);
        // FLANKING_AI=0's 40 deaths are not a rule of the field.
        assert_eq!(h.rise.rule, "dnd");
        assert_eq!(h.rise.setting, "FLANKING_RULES=dnd");
        assert!((h.rise.death_rate.est - 0.25).abs() < 1e-12);
        assert_eq!(h.tied, ["implicit"]);
        assert!(h.even.is_empty());
        assert!(f.gentlest_choke.is_none());
        assert!(f.choke_against_open.is_none());

        // Without the tie-break implicit would come first: a full tie keeps
        // the earlier rule.
        let mut even = OPEN_DEATHS;
        even[3] = (30, 0);
        let open = field_scenario(OPEN, None, &even);
        let h = facts(&run(vec![open])).harshest_open.unwrap();
        assert_eq!(
            (h.rise.rule, h.tied.clone(), h.even),
            ("implicit", vec!["dnd"], vec!["dnd"])
        );
    }

    #[test]
    fn the_gentlest_rule_at_the_choke_point_rises_least() {
        // Deaths: off 20; proposal 22, implicit 21, dnd 25, opposite 30,
        // tactics 21 with less HP lost, nerfhack 40, silq 23, splicehack
        // 24, hackem 26.
        let choke = field_scenario(
            CHOKE,
            None,
            &[
                (20, 0),
                (22, 0),
                (21, 0),
                (25, 0),
                (30, 0),
                (21, -1),
                (40, 0),
                (23, 0),
                (24, 0),
                (26, 0),
            ],
        );
        let f = facts(&run(vec![choke]));
        let g = f.gentlest_choke.unwrap();
        assert_eq!((g.scenario, g.rise.rule), (CHOKE, "tactics"));
        assert_eq!(g.tied, ["implicit"]);
        assert!(g.even.is_empty());
        assert!(f.harshest_open.is_none());
        assert!(f.choke_against_open.is_none());
    }

    #[test]
    fn a_choke_point_is_worse_only_when_its_interval_lies_wholly_above() {
        // In the open every rule kills 10 more of 100 than off, but
        // nerfhack none; in the corridor proposal kills 10 more, dnd 60
        // more, nerfhack 45 more, splicehack 5, hackem 6; the rest none.
        // Off 10 deaths of 100, every rule set 20.
        let mut rise = [(20, 0); 10];
        rise[0] = (10, 0);
        let mut open_deaths = rise;
        open_deaths[6] = (10, 0); // nerfhack
        let open = field_scenario(OPEN, Some((0, 0)), &open_deaths);
        let choke = corridor_example();
        let f = facts(&run(vec![choke, open]));
        let a = f.choke_against_open.unwrap();
        assert_eq!(
            a.iter().map(|a| a.rule).collect::<Vec<_>>(),
            &super::rules()[1..]
        );
        let worse: Vec<_> = a.iter().filter(|a| a.worse).map(|a| a.rule).collect();
        assert_eq!(worse, ["dnd", "nerfhack"]);
        let by = |rule: &str| a.iter().find(|a| a.rule == rule).unwrap();
        assert!((by("dnd").choke.est - 0.6).abs() < 1e-12);
        assert!((by("dnd").open.est - 0.1).abs() < 1e-12);
        assert!(by("dnd").choke.lo > by("dnd").open.hi);
        // The same rise in both: overlapping intervals, not worse.
        assert!(!by("proposal").worse);

        // Higher in the corridor, but the intervals overlap: not worse.
        let open = field_scenario(OPEN, None, &rise);
        let mut higher = [(28, 0); 10];
        higher[0] = (10, 0);
        let choke = field_scenario(CHOKE, None, &higher);
        let f = facts(&run(vec![open, choke]));
        assert!(f.choke_against_open.unwrap().iter().all(|a| !a.worse));

        // A rule missing from one of them is left out; a scenario missing
        // means no comparison.
        let open = scenario(
            OPEN,
            "FLANKING=0 | FLANKING_RULES=dnd | FLANKING_RULES=silq",
            &[(0, 0), (5, 0), (5, 0)],
        );
        let choke = scenario(
            CHOKE,
            "FLANKING=0 | FLANKING_RULES=silq | FLANKING=100",
            &[(0, 0), (50, 0), (5, 0)],
        );
        let f = facts(&run(vec![open.clone(), choke]));
        let a = f.choke_against_open.unwrap();
        assert_eq!(
            a.iter().map(|a| (a.rule, a.worse)).collect::<Vec<_>>(),
            [("silq", true)]
        );
        assert!(facts(&run(vec![open])).choke_against_open.is_none());
        assert_eq!(
            facts(&run(vec![])),
            Facts {
                harshest_open: None,
                gentlest_choke: None,
                choke_against_open: None
            }
        );
    }
}
