//! The 95% intervals, the one implementation of them: for proportions
//! (Wilson), means (normal, or Student's t for few data), ratios over
//! trials, and differences, paired (same seeds) or independent. The
//! arena's report uses them and its method section writes the same
//! formulas down; the whole-game study's report asks for Wilson's and
//! Student's t intervals through `arena intervals` ([`crate::intervals`]).

/// The normal quantile of a two-sided 95% interval, as the report writes it.
pub const Z: f64 = 1.96;

/// The normal quantile of a two-sided 99% interval.
pub const Z99: f64 = 2.576;

/// An estimate and its 95% interval. An estimate from too few data to have
/// an interval (one trial) has infinite bounds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The point estimate.
    pub est: f64,
    /// The lower bound.
    pub lo: f64,
    /// The upper bound.
    pub hi: f64,
}

impl Interval {
    /// An estimate with no interval (too few data).
    pub fn unknown(est: f64) -> Interval {
        Interval {
            est,
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
        }
    }

    /// Whether the interval has finite bounds.
    pub fn is_known(&self) -> bool {
        self.lo.is_finite() && self.hi.is_finite()
    }

    /// The interval excludes 0: a difference called real.
    pub fn excludes_zero(&self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }

    /// The interval excludes 0 even widened to about 99%: each side
    /// stretched by `Z99 / Z` (exact for normal intervals, close for the
    /// others). A 95% difference that fails this is real "only just".
    pub fn excludes_zero_at_99(&self) -> bool {
        let k = Z99 / Z;
        self.est - (self.est - self.lo) * k > 0.0 || self.est + (self.hi - self.est) * k < 0.0
    }

    /// -1, 0 or 1: the side of 0 the whole interval lies on (0: it
    /// contains 0).
    pub fn sign(&self) -> i8 {
        if self.lo > 0.0 {
            1
        } else if self.hi < 0.0 {
            -1
        } else {
            0
        }
    }

    /// The same interval with every number multiplied by `k` (k > 0), e.g.
    /// 100 for percentages.
    pub fn scaled(&self, k: f64) -> Interval {
        Interval {
            est: self.est * k,
            lo: self.lo * k,
            hi: self.hi * k,
        }
    }
}

/// The Wilson score interval of a proportion, `k` successes out of `n`:
/// centre `(p + z²/2n) / (1 + z²/n)`, half-width
/// `z / (1 + z²/n) · √(p(1-p)/n + z²/4n²)`. `None` when `n` is 0.
pub fn wilson(k: u64, n: u64) -> Option<Interval> {
    if n == 0 {
        return None;
    }
    let n_f = n as f64;
    let p = k.min(n) as f64 / n_f;
    let z2 = Z * Z;
    let den = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / den;
    let half = Z / den * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    Some(Interval {
        est: p,
        lo: (centre - half).max(0.0),
        hi: (centre + half).min(1.0),
    })
}

/// The mean and sample standard deviation (`n - 1` in the denominator; 0
/// for one value). `None` when `xs` is empty.
pub fn mean_sd(xs: &[f64]) -> Option<(f64, f64)> {
    if xs.is_empty() {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() == 1 {
        return Some((mean, 0.0));
    }
    let ss: f64 = xs.iter().map(|x| (x - mean) * (x - mean)).sum();
    Some((mean, (ss / (n - 1.0)).sqrt()))
}

/// The mean with its normal interval `mean ± z·s/√n`. `None` when `xs` is
/// empty; no interval (infinite bounds) for one value.
pub fn mean_interval(xs: &[f64]) -> Option<Interval> {
    mean_interval_by(xs, |_| Z)
}

/// The mean with its Student's t interval `mean ± t·s/√n`, `t` the
/// two-sided 95% quantile with `n - 1` degrees of freedom
/// ([`student_t_95`]): for few data, where the normal interval is too
/// narrow. `None` when `xs` is empty; no interval for one value.
pub fn t_interval(xs: &[f64]) -> Option<Interval> {
    mean_interval_by(xs, |df| student_t_95(df).unwrap_or(f64::INFINITY))
}

/// The mean with the interval `mean ± q·s/√n`, `q` the quantile of
/// `n - 1` degrees of freedom.
fn mean_interval_by(xs: &[f64], quantile: impl FnOnce(u64) -> f64) -> Option<Interval> {
    let (mean, sd) = mean_sd(xs)?;
    if xs.len() < 2 {
        return Some(Interval::unknown(mean));
    }
    let half = quantile(xs.len() as u64 - 1) * sd / (xs.len() as f64).sqrt();
    Some(Interval {
        est: mean,
        lo: mean - half,
        hi: mean + half,
    })
}

/// The two-sided 95% quantile of Student's t with `df` degrees of freedom:
/// the `t` with `P(|T| ≤ t) = 0.95` (for 1: 12.706; for 30: 2.042; it
/// falls to the normal's 1.960). `None` for 0 degrees of freedom.
///
/// With `θ = atan(t/√ν)` and `c = cos θ`, `P(|T| ≤ t)` is a finite series
/// for whole `ν` (Abramowitz and Stegun 26.7.3 and 26.7.4): for odd `ν`,
/// `(2/π)(θ + sin θ · c · (1 + (2/3)c² + (2·4)/(3·5)c⁴ + … ))` up to
/// `c^(ν-3)` (`2θ/π` for 1); for even `ν`, `sin θ · (1 + (1/2)c² +
/// (1·3)/(2·4)c⁴ + …)` up to `c^(ν-2)`. It grows with `θ`, which is found
/// by bisection to the last bit.
pub fn student_t_95(df: u64) -> Option<f64> {
    if df == 0 {
        return None;
    }
    let two_sided = |theta: f64| {
        let (sin, cos) = theta.sin_cos();
        let c2 = cos * cos;
        let (mut term, mut sum) = (1.0, 1.0);
        if df % 2 == 1 {
            for k in 1..=df.saturating_sub(3) / 2 {
                term *= (2 * k) as f64 / (2 * k + 1) as f64 * c2;
                sum += term;
            }
            let inner = if df == 1 { 0.0 } else { sin * cos * sum };
            (theta + inner) * std::f64::consts::FRAC_2_PI
        } else {
            for k in 1..df / 2 {
                term *= (2 * k - 1) as f64 / (2 * k) as f64 * c2;
                sum += term;
            }
            sin * sum
        }
    };
    let (mut lo, mut hi) = (0.0, std::f64::consts::FRAC_PI_2);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if two_sided(mid) < 0.95 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((df as f64).sqrt() * hi.tan())
}

/// The paired difference `other - base`, seed by seed: the mean of the
/// per-seed differences `d_i = other_i - base_i` with `mean ± z·s_d/√n`.
/// `None` when the slices are empty or of different lengths.
pub fn paired_mean_difference(base: &[f64], other: &[f64]) -> Option<Interval> {
    if base.len() != other.len() {
        return None;
    }
    let d: Vec<f64> = other.iter().zip(base).map(|(o, b)| o - b).collect();
    mean_interval(&d)
}

/// Paired yes/no outcomes over the same seeds, e.g. "the hero died" under
/// the baseline and under another setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PairedCounts {
    /// Yes under both settings.
    pub both: u64,
    /// Yes under the other setting only.
    pub only_other: u64,
    /// Yes under the baseline only.
    pub only_base: u64,
    /// Yes under neither.
    pub neither: u64,
}

impl PairedCounts {
    /// Counts the pairs `(base_i, other_i)`.
    pub fn of(pairs: impl IntoIterator<Item = (bool, bool)>) -> PairedCounts {
        let mut c = PairedCounts::default();
        for (base, other) in pairs {
            match (base, other) {
                (true, true) => c.both += 1,
                (false, true) => c.only_other += 1,
                (true, false) => c.only_base += 1,
                (false, false) => c.neither += 1,
            }
        }
        c
    }

    /// The number of pairs.
    pub fn n(&self) -> u64 {
        self.both + self.only_other + self.only_base + self.neither
    }

    /// The difference of the two proportions, `(only_other - only_base)/n`,
    /// with Newcombe's hybrid score interval for paired data (Newcombe
    /// 1998, method 10; as in Fagerland, Lydersen and Laake 2014): the
    /// Wilson intervals `[l1, u1]` of the other setting's proportion `p1`
    /// and `[l2, u2]` of the baseline's `p2`, combined as
    /// `L = D - √((p1-l1)² - 2φ(p1-l1)(u2-p2) + (u2-p2)²)` and
    /// `U = D + √((u1-p1)² - 2φ(u1-p1)(p2-l2) + (p2-l2)²)`, where φ is the
    /// correlation of the 2x2 table, `A/√(product of the four margins)`
    /// with `A = both·neither - only_other·only_base` corrected to `A - n/2`
    /// when `A > n/2`, to 0 when `0 ≤ A ≤ n/2`, and φ = 0 when a margin is
    /// 0. Unlike the normal interval of the per-seed differences, it stays
    /// honest when there are few discordant pairs (4 deaths against 0 in
    /// 100 pairs is not called real; neither is it by McNemar's exact
    /// test). `None` when there are no pairs.
    pub fn difference(&self) -> Option<Interval> {
        let n = self.n();
        let k1 = self.both + self.only_other;
        let k2 = self.both + self.only_base;
        let w1 = wilson(k1, n)?;
        let w2 = wilson(k2, n)?;
        let margins = [k1, n - k1, k2, n - k2];
        let phi = if margins.contains(&0) {
            0.0
        } else {
            let half_n = n as f64 / 2.0;
            let a = self.both as f64 * self.neither as f64
                - self.only_other as f64 * self.only_base as f64;
            let a = if a > half_n {
                a - half_n
            } else if a >= 0.0 {
                0.0
            } else {
                a
            };
            a / margins.iter().map(|&m| m as f64).product::<f64>().sqrt()
        };
        let d = w1.est - w2.est;
        let (dl1, du1) = (w1.est - w1.lo, w1.hi - w1.est);
        let (dl2, du2) = (w2.est - w2.lo, w2.hi - w2.est);
        let below = (dl1 * dl1 - 2.0 * phi * dl1 * du2 + du2 * du2).max(0.0);
        let above = (du1 * du1 - 2.0 * phi * du1 * dl2 + dl2 * dl2).max(0.0);
        Some(Interval {
            est: d,
            lo: (d - below.sqrt()).max(-1.0),
            hi: (d + above.sqrt()).min(1.0),
        })
    }
}

/// The difference `a - b` of two independent estimates with their own
/// (possibly asymmetric) intervals, by the method of variance estimates
/// recovery (MOVER; Zou and Donner 2008; with Wilson intervals it is
/// Newcombe's hybrid score interval for two proportions):
/// `L = (a-b) - √((a-l_a)² + (u_b-b)²)`, `U = (a-b) + √((u_a-a)² + (b-l_b)²)`.
pub fn independent_difference(a: Interval, b: Interval) -> Interval {
    let d = a.est - b.est;
    if !a.is_known() || !b.is_known() {
        return Interval::unknown(d);
    }
    let below = ((a.est - a.lo).powi(2) + (b.hi - b.est).powi(2)).sqrt();
    let above = ((a.hi - a.est).powi(2) + (b.est - b.lo).powi(2)).sqrt();
    Interval {
        est: d,
        lo: d - below,
        hi: d + above,
    }
}

/// A ratio of sums over trials, `R = Σy / Σx` (e.g. flanking bonus per
/// roll), with the interval of the ratio estimator that takes each trial
/// as one cluster: `R ± z·√(Σ(y_i - R·x_i)² / (n(n-1))) / x̄`, `x̄ = Σx/n`.
/// The lower end is cut at 0 when no `y` or `x` is negative. `None` when
/// `Σx` is 0 or the slices differ in length; no interval for one trial.
pub fn ratio_interval(ys: &[f64], xs: &[f64]) -> Option<Interval> {
    if ys.len() != xs.len() {
        return None;
    }
    let sx: f64 = xs.iter().sum();
    if sx <= 0.0 {
        return None;
    }
    let r = ys.iter().sum::<f64>() / sx;
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return Some(Interval::unknown(r));
    }
    let ss: f64 = ys
        .iter()
        .zip(xs)
        .map(|(y, x)| (y - r * x) * (y - r * x))
        .sum();
    let se = (ss / (n * (n - 1.0))).sqrt() / (sx / n);
    // A ratio of sums that are never negative is not negative either.
    let floor = if ys.iter().chain(xs).all(|v| *v >= 0.0) {
        0.0
    } else {
        f64::NEG_INFINITY
    };
    Some(Interval {
        est: r,
        lo: (r - Z * se).max(floor),
        hi: r + Z * se,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    fn assert_interval(got: Interval, est: f64, lo: f64, hi: f64) {
        assert!(
            close(got.est, est) && close(got.lo, lo) && close(got.hi, hi),
            "got {got:?}, expected {est} [{lo}, {hi}]"
        );
    }

    #[test]
    fn wilson_known_values() {
        // z = 1.96: 0/10 -> [0, 3.8416/13.8416]; 5/10 -> [0.2366, 0.7634].
        assert_interval(wilson(0, 10).unwrap(), 0.0, 0.0, 0.27754);
        assert_interval(wilson(5, 10).unwrap(), 0.5, 0.23659, 0.76341);
        assert_interval(wilson(10, 10).unwrap(), 1.0, 0.72246, 1.0);
        assert_interval(wilson(1, 20).unwrap(), 0.05, 0.00888, 0.23614);
        assert_interval(wilson(81, 263).unwrap(), 81.0 / 263.0, 0.25529, 0.36621);
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn mean_interval_known_values() {
        // mean 5, s = √(32/7) = 2.138, half-width 1.96 · 2.138 / √8 = 1.4816.
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_interval(mean_interval(&xs).unwrap(), 5.0, 3.51840, 6.48160);
        let one = mean_interval(&[3.0]).unwrap();
        assert_eq!(one.est, 3.0);
        assert!(!one.is_known() && !one.excludes_zero());
        assert_eq!(mean_interval(&[]), None);
    }

    #[test]
    fn student_t_known_values() {
        // scipy.stats.t.ppf(0.975, df), to 13 significant digits.
        for (df, t) in [
            (1, 12.706204736174694),
            (2, 4.302652729749462),
            (3, 3.1824463052837078),
            (4, 2.7764451051977934),
            (5, 2.5705818356363146),
            (10, 2.228138851986274),
            (30, 2.0422724563012378),
            (146, 1.9763456545938125),
            (1000, 1.9623390808264083),
        ] {
            let got = student_t_95(df).unwrap();
            assert!((got - t).abs() < 1e-12 * t, "df {df}: {got} against {t}");
        }
        assert_eq!(student_t_95(0), None);
    }

    #[test]
    fn t_interval_known_values() {
        // mean 5, s = √(32/7), t(7) = 2.364624: half-width 1.787488.
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_interval(t_interval(&xs).unwrap(), 5.0, 3.21251, 6.78749);
        // Two values: t(1) = 12.706, so 1 and 3 give 2 ± 12.706.
        assert_interval(t_interval(&[1.0, 3.0]).unwrap(), 2.0, -10.70620, 14.70620);
        assert!(!t_interval(&[3.0]).unwrap().is_known());
        assert_eq!(t_interval(&[]), None);
    }

    #[test]
    fn paired_mean_difference_uses_the_per_seed_differences() {
        // differences 1, 2, 3, 2: mean 2, s = √(2/3), half 1.96·0.8165/2.
        let base = [10.0, 0.0, 5.0, 7.0];
        let other = [11.0, 2.0, 8.0, 9.0];
        assert_interval(
            paired_mean_difference(&base, &other).unwrap(),
            2.0,
            1.19985,
            2.80015,
        );
        // A constant shift is exactly known, however noisy the seeds are.
        let d = paired_mean_difference(&[1.0, 50.0, 3.0], &[2.0, 51.0, 4.0]).unwrap();
        assert_interval(d, 1.0, 1.0, 1.0);
        assert!(d.excludes_zero() && d.excludes_zero_at_99());
        assert_eq!(paired_mean_difference(&[1.0], &[1.0, 2.0]), None);
    }

    #[test]
    fn only_just_is_between_95_and_99_percent() {
        let iv = |lo: f64| Interval {
            est: 1.0,
            lo,
            hi: 2.0 - lo,
        };
        // 1 ± 0.9 (z = 1.96): at 99%, 1 ± 1.18 contains 0.
        assert!(iv(0.1).excludes_zero() && !iv(0.1).excludes_zero_at_99());
        // 1 ± 0.7: at 99%, 1 ± 0.92 does not.
        assert!(iv(0.3).excludes_zero_at_99());
        assert!(!iv(-0.1).excludes_zero() && !iv(-0.1).excludes_zero_at_99());
    }

    #[test]
    fn newcombe_paired_known_values() {
        // Fagerland, Lydersen and Laake (2014), Bentur et al. 2009 (a=1,
        // b=1, c=7, d=12): -0.2857 [-0.5069, -0.0256]; Cavo et al. 2012
        // (59, 6, 16, 80): -0.0621 [-0.1186, -0.0046].
        for ((both, only_other, only_base, neither), (est, lo, hi)) in [
            ((1, 1, 7, 12), (-0.28571, -0.50692, -0.02555)),
            ((59, 6, 16, 80), (-0.06211, -0.11862, -0.00462)),
        ] {
            let counts = PairedCounts {
                both,
                only_other,
                only_base,
                neither,
            };
            assert_interval(counts.difference().unwrap(), est, lo, hi);
        }
    }

    #[test]
    fn few_discordant_pairs_are_not_called_real() {
        // 4 deaths against 0 in 100 pairs: McNemar's exact p = 0.125.
        let four = PairedCounts::of((0..100).map(|i| (false, i < 4)));
        assert_eq!(four.only_other, 4);
        let d = four.difference().unwrap();
        assert_interval(d, 0.04, -0.00428, 0.09837);
        assert!(!d.excludes_zero());
        // 6 against 0 (exact p = 0.031) is.
        let six = PairedCounts::of((0..100).map(|i| (false, i < 6)));
        assert!(six.difference().unwrap().excludes_zero());
        // No deaths at all: 0, and an interval around it.
        let none = PairedCounts::of((0..50).map(|_| (false, false)));
        assert_interval(none.difference().unwrap(), 0.0, -0.07135, 0.07135);
        assert_eq!(PairedCounts::default().difference(), None);
    }

    #[test]
    fn independent_difference_is_newcombe_for_two_proportions() {
        // Newcombe (1998b) example: 56/70 against 48/80,
        // 0.2 [0.0524, 0.3339].
        let d = independent_difference(wilson(56, 70).unwrap(), wilson(48, 80).unwrap());
        assert_interval(d, 0.2, 0.05243, 0.33386);
        let sym = independent_difference(
            Interval {
                est: 1.0,
                lo: 0.0,
                hi: 2.0,
            },
            Interval {
                est: 0.0,
                lo: -1.0,
                hi: 1.0,
            },
        );
        assert_interval(sym, 1.0, 1.0 - 2f64.sqrt(), 1.0 + 2f64.sqrt());
        assert!(!independent_difference(Interval::unknown(1.0), sym).is_known());
    }

    #[test]
    fn ratio_interval_by_trial() {
        // bonus 2 per roll in every trial: exactly 2.
        let r = ratio_interval(&[4.0, 10.0, 0.0], &[2.0, 5.0, 0.0]).unwrap();
        assert_interval(r, 2.0, 2.0, 2.0);
        // R = 6/6 = 1; residuals 1, -1 (trial 3 empty); x̄ = 2;
        // se = √(2/6)/2 = 0.288675.
        let r = ratio_interval(&[3.0, 3.0, 0.0], &[2.0, 4.0, 0.0]).unwrap();
        assert_interval(r, 1.0, 1.0 - Z * 0.288675, 1.0 + Z * 0.288675);
        // Bonuses are never negative, nor is the interval's lower end.
        let r = ratio_interval(&[0.0, 0.0, 0.0, 3.0], &[5.0, 5.0, 5.0, 5.0]).unwrap();
        assert!(r.est > 0.0 && r.lo == 0.0, "{r:?}");
        assert_eq!(ratio_interval(&[1.0], &[0.0]), None);
        assert!(!ratio_interval(&[1.0], &[2.0]).unwrap().is_known());
    }
}
