//! How the arena writes its numbers, for the report, the verdicts and the
//! driver alike: counts with thousands separators, durations, and rates,
//! means and differences with their intervals.

use std::time::Duration;

use super::stats::Interval;

/// `1 h 2 min 3 s`, `4 min 5 s`, `6.7 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{} h {} min {} s", s / 3600, s % 3600 / 60, s % 60)
    } else if s >= 60 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A signed difference and its interval: `+3.1 [+2.2, +4.0]`, times
/// `scale`, with `unit` after the estimate. An interval that excludes 0
/// gets up to two more decimals rather than show its nearer end as 0.
pub fn diff(iv: Option<Interval>, scale: f64, decimals: usize, unit: &str) -> String {
    match iv {
        None => "n/a".to_string(),
        Some(iv) => {
            let iv = iv.scaled(scale);
            if iv.is_known() {
                let near = if iv.lo > 0.0 {
                    iv.lo
                } else if iv.hi < 0.0 {
                    iv.hi
                } else {
                    1.0
                };
                let mut decimals = decimals;
                for _ in 0..2 {
                    if near.abs() * 10f64.powi(decimals as i32) < 0.5 {
                        decimals += 1;
                    }
                }
                format!(
                    "{:+.d$}{unit} [{:+.d$}, {:+.d$}]",
                    iv.est,
                    iv.lo,
                    iv.hi,
                    d = decimals
                )
            } else {
                format!("{:+.d$}{unit} [no interval]", iv.est, d = decimals)
            }
        }
    }
}

/// `real` when the interval excludes 0 (`real, only just` when a 99%
/// interval would not), else says there is no real difference.
pub fn real(iv: Option<Interval>) -> &'static str {
    match iv {
        Some(iv) if !iv.is_known() => "too few trials to tell",
        Some(iv) if iv.excludes_zero_at_99() => "real",
        Some(iv) if iv.excludes_zero() => "real, only just",
        Some(_) => "no real difference",
        None => "not measured",
    }
}

/// A rate and its interval in percent: `61.2% [58.0, 64.3]`.
pub fn percent(iv: Option<Interval>) -> String {
    match iv {
        None => "n/a".into(),
        Some(iv) => format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * iv.est,
            100.0 * iv.lo,
            100.0 * iv.hi
        ),
    }
}

/// A mean and its interval: `5.2 [4.6, 5.8]`.
pub fn plain(iv: Option<Interval>, decimals: usize) -> String {
    match iv {
        None => "n/a".into(),
        Some(iv) if !iv.is_known() => format!("{:.d$} [no interval]", iv.est, d = decimals),
        Some(iv) => format!(
            "{:.d$} [{:.d$}, {:.d$}]",
            iv.est,
            iv.lo,
            iv.hi,
            d = decimals
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(duration(Duration::from_millis(6700)), "6.7 s");
        assert_eq!(duration(Duration::from_secs(245)), "4 min 5 s");
        assert_eq!(duration(Duration::from_secs(3723)), "1 h 2 min 3 s");
    }
}
