//! What a set of trials says: per scenario and setting, and each setting
//! against the baseline, seed by seed.

use super::line::{Outcome, Trial};
use super::stats::{self, Interval, PairedCounts};

/// The figures of one scenario under one setting.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Trials.
    pub n: usize,
    /// How many ended each way, in [`Outcome::ALL`]'s order.
    pub outcomes: [usize; 4],
    /// The hero's death rate (Wilson).
    pub death_rate: Option<Interval>,
    /// Trials won or crossed.
    pub wins: usize,
    /// Turns to win, over the trials won or crossed (normal).
    pub turns_to_win: Option<Interval>,
    /// HP lost, `hp_start - hp_end`, over every trial (normal).
    pub hp_lost: Option<Interval>,
    /// The hero's melee rolls and hits, over every trial.
    pub hero_rolls: u64,
    /// See `hero_rolls`.
    pub hero_hits: u64,
    /// The hero's hit rate, hits / rolls pooled (Wilson).
    pub hero_hit_rate: Option<Interval>,
    /// Hostile monsters' melee rolls against the hero, and hits.
    pub foe_rolls: u64,
    /// See `foe_rolls`.
    pub foe_hits: u64,
    /// The foes' hit rate (Wilson).
    pub foe_hit_rate: Option<Interval>,
    /// The hero's mean flanking bonus per roll (ratio over trials).
    pub hero_bonus: Option<Interval>,
    /// The foes' mean flanking bonus per roll (ratio over trials).
    pub foe_bonus: Option<Interval>,
    /// Every other kind of blow ([`crate::line::OtherBlows::KINDS`]), pooled.
    pub others: [BlowSummary; crate::line::OTHER_KINDS],
}

/// One kind of blow over every trial: rolls and hits pooled, and the mean
/// flanking bonus per roll (ratio over trials).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlowSummary {
    /// The rolls.
    pub rolls: u64,
    /// How many hit.
    pub hits: u64,
    /// The mean bonus per roll; `None` without a roll.
    pub bonus: Option<Interval>,
}

impl BlowSummary {
    /// Kind `i` of [`crate::line::OtherBlows::KINDS`] over the trials.
    pub fn of(trials: &[Trial], i: usize) -> BlowSummary {
        let col = |f: &dyn Fn(&Trial) -> f64| trials.iter().map(f).collect::<Vec<f64>>();
        BlowSummary {
            rolls: trials.iter().map(|t| t.others.0[i].rolls).sum(),
            hits: trials.iter().map(|t| t.others.0[i].hits).sum(),
            bonus: stats::ratio_interval(
                &col(&|t| t.others.0[i].bonus as f64),
                &col(&|t| t.others.0[i].rolls as f64),
            ),
        }
    }
}

impl Summary {
    /// Sums up trials.
    pub fn of(trials: &[Trial]) -> Summary {
        let n = trials.len();
        let mut outcomes = [0; 4];
        for t in trials {
            if let Some(i) = Outcome::ALL.iter().position(|&o| o == t.outcome) {
                outcomes[i] += 1;
            }
        }
        let deaths = trials.iter().filter(|t| t.died()).count() as u64;
        let wins: Vec<f64> = trials
            .iter()
            .filter(|t| t.outcome.is_win())
            .map(|t| t.turns as f64)
            .collect();
        let hp: Vec<f64> = trials.iter().map(|t| t.hp_lost() as f64).collect();
        let sum = |f: fn(&Trial) -> u64| trials.iter().map(f).sum::<u64>();
        let col = |f: fn(&Trial) -> f64| trials.iter().map(f).collect::<Vec<f64>>();
        let (hero_rolls, hero_hits) = (sum(|t| t.hero_rolls), sum(|t| t.hero_hits));
        let (foe_rolls, foe_hits) = (sum(|t| t.foe_rolls), sum(|t| t.foe_hits));
        Summary {
            n,
            outcomes,
            death_rate: stats::wilson(deaths, n as u64),
            wins: wins.len(),
            turns_to_win: stats::mean_interval(&wins),
            hp_lost: stats::mean_interval(&hp),
            hero_rolls,
            hero_hits,
            hero_hit_rate: stats::wilson(hero_hits, hero_rolls),
            foe_rolls,
            foe_hits,
            foe_hit_rate: stats::wilson(foe_hits, foe_rolls),
            hero_bonus: stats::ratio_interval(
                &col(|t| t.hero_bonus as f64),
                &col(|t| t.hero_rolls as f64),
            ),
            foe_bonus: stats::ratio_interval(
                &col(|t| t.foe_bonus as f64),
                &col(|t| t.foe_rolls as f64),
            ),
            others: std::array::from_fn(|i| BlowSummary::of(trials, i)),
        }
    }

    /// How many trials ended that way.
    pub fn count(&self, outcome: Outcome) -> usize {
        Outcome::ALL
            .iter()
            .position(|&o| o == outcome)
            .map_or(0, |i| self.outcomes[i])
    }
}

/// One setting against the baseline over the same seeds.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// Pairs (seeds).
    pub n: usize,
    /// HP lost under the setting minus under the baseline, per seed, mean
    /// and normal interval.
    pub hp_lost: Option<Interval>,
    /// The hero died: under both, the setting only, the baseline only,
    /// neither.
    pub deaths: PairedCounts,
    /// The death rate's difference (Newcombe, paired).
    pub death_rate: Option<Interval>,
}

impl Paired {
    /// Pairs `other[i]` with `base[i]`: the same seed. `None` when the
    /// lists differ in length or in their seeds.
    pub fn of(base: &[Trial], other: &[Trial]) -> Option<Paired> {
        if base.len() != other.len() || base.iter().zip(other).any(|(b, o)| b.seed != o.seed) {
            return None;
        }
        let hp = |ts: &[Trial]| ts.iter().map(|t| t.hp_lost() as f64).collect::<Vec<_>>();
        let deaths = PairedCounts::of(base.iter().zip(other).map(|(b, o)| (b.died(), o.died())));
        Some(Paired {
            n: base.len(),
            hp_lost: stats::paired_mean_difference(&hp(base), &hp(other)),
            deaths,
            death_rate: deaths.difference(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(seed: u64, outcome: Outcome, hp_end: i64, rolls: u64, hits: u64, bonus: i64) -> Trial {
        Trial {
            name: "t".into(),
            seed,
            outcome,
            turns: 10 + seed,
            hp_start: 20,
            hp_end,
            hero_rolls: rolls,
            hero_hits: hits,
            hero_bonus: bonus,
            foe_rolls: 2 * rolls,
            foe_hits: hits,
            foe_bonus: 0,
            others: crate::line::OtherBlows::default(),
        }
    }

    /// Trials of seeds 1, 2, 3... that end so (outcome, HP left), a roll
    /// and a hit each: what pairing reads.
    fn by_seed(ends: &[(Outcome, i64)]) -> Vec<Trial> {
        (1..)
            .zip(ends)
            .map(|(seed, &(outcome, hp_end))| trial(seed, outcome, hp_end, 1, 1, 0))
            .collect()
    }

    #[test]
    fn a_summary_counts_and_pools() {
        let ts = [
            trial(1, Outcome::Won, 15, 10, 5, 10),
            trial(2, Outcome::Died, 0, 6, 1, 6),
            trial(3, Outcome::Timeout, 20, 4, 4, 4),
        ];
        let s = Summary::of(&ts);
        assert_eq!(s.n, 3);
        assert_eq!((s.count(Outcome::Won), s.count(Outcome::Died)), (1, 1));
        assert_eq!(s.count(Outcome::Crossed), 0);
        assert!((s.death_rate.unwrap().est - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(s.wins, 1);
        assert_eq!(s.turns_to_win.unwrap().est, 11.0);
        assert!(!s.turns_to_win.unwrap().is_known());
        assert!((s.hp_lost.unwrap().est - 25.0 / 3.0).abs() < 1e-12);
        assert_eq!((s.hero_rolls, s.hero_hits), (20, 10));
        assert_eq!(s.hero_hit_rate.unwrap().est, 0.5);
        assert_eq!(s.hero_bonus.unwrap().est, 1.0);
        assert_eq!(s.foe_bonus.unwrap().est, 0.0);
        let empty = Summary::of(&[]);
        assert_eq!(
            (empty.n, empty.death_rate, empty.hero_bonus),
            (0, None, None)
        );
    }

    #[test]
    fn pairs_go_by_seed() {
        let base = by_seed(&[(Outcome::Won, 15), (Outcome::Won, 10), (Outcome::Died, 0)]);
        let other = by_seed(&[(Outcome::Won, 13), (Outcome::Died, 0), (Outcome::Died, 0)]);
        let p = Paired::of(&base, &other).unwrap();
        assert_eq!(p.n, 3);
        // HP lost 5, 10, 20 against 7, 20, 20: differences 2, 10, 0.
        assert_eq!(p.hp_lost.unwrap().est, 4.0);
        assert_eq!(
            p.deaths,
            PairedCounts {
                both: 1,
                only_other: 1,
                only_base: 0,
                neither: 1
            }
        );
        assert!((p.death_rate.unwrap().est - 1.0 / 3.0).abs() < 1e-12);
        assert!(Paired::of(&base, &other[..2]).is_none());
        assert!(Paired::of(&base[1..], &other[..2]).is_none());
    }
}
