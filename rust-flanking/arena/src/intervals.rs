//! `arena intervals`: the 95% intervals of [`crate::stats`] for another
//! program, the whole-game study's report among them
//! (`python/flanking_study/intervals.py`), so that one implementation
//! serves both reports. One request a line on stdin, one answer a line
//! on stdout, flushed at once (the asking program may keep it running):
//!
//! ```text
//! wilson K N        ->  P LO HI    Wilson's interval of K successes in N
//! t X1 X2 ...       ->  M LO HI    the mean with Student's t interval
//! ```
//!
//! Numbers are written so that they read back exactly (Rust's shortest
//! round-trip form: `0.1`, `1e-7`, `inf`). An answer with no interval is
//! `-` (N = 0; fewer than two values); a bad request is answered
//! `error: line L: what is wrong`, and the next line is read.

use std::io::{self, BufRead, Write};

use crate::stats::{self, Interval};

/// The answer to one request line (without its newline).
pub fn answer(request: &str) -> Result<String, String> {
    let mut words = request.split_whitespace();
    let interval = match words.next() {
        Some("wilson") => {
            let mut count = |what: &str| {
                let w = words
                    .next()
                    .ok_or_else(|| format!("`wilson K N` lacks {what}"))?;
                w.parse::<u64>()
                    .map_err(|_| format!("bad {what} `{w}`: a whole number from 0"))
            };
            let (k, n) = (count("K")?, count("N")?);
            if k > n {
                return Err(format!("`wilson {k} {n}`: K is more than N"));
            }
            stats::wilson(k, n)
        }
        Some("t") => {
            let xs = words
                .by_ref()
                .map(|w| match w.parse::<f64>() {
                    Ok(x) if x.is_finite() => Ok(x),
                    _ => Err(format!("bad value `{w}`: a finite number")),
                })
                .collect::<Result<Vec<f64>, String>>()?;
            stats::t_interval(&xs).filter(Interval::is_known)
        }
        Some(other) => return Err(format!("unknown request `{other}`: wilson or t")),
        None => return Err("an empty line: wilson K N or t X...".into()),
    };
    if let Some(extra) = words.next() {
        return Err(format!("`{extra}` after the request's numbers"));
    }
    Ok(match interval {
        Some(iv) => format!("{} {} {}", iv.est, iv.lo, iv.hi),
        None => "-".into(),
    })
}

/// Answers every line of `input` on `output`, flushing each answer.
pub fn serve(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    for (i, line) in input.lines().enumerate() {
        let reply = answer(&line?).unwrap_or_else(|e| format!("error: line {}: {e}", i + 1));
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(reply: &str) -> Vec<f64> {
        reply.split(' ').map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn answers_read_back_as_the_very_intervals() {
        let w = stats::wilson(81, 263).unwrap();
        assert_eq!(
            numbers(&answer("wilson 81 263").unwrap()),
            [w.est, w.lo, w.hi]
        );
        let xs = [0.1, 2.5, -3.0, 1e-7, 12345.678];
        let t = stats::t_interval(&xs).unwrap();
        let reply = answer("t 0.1 2.5 -3 1e-7 12345.678").unwrap();
        assert_eq!(numbers(&reply), [t.est, t.lo, t.hi]);
    }

    #[test]
    fn no_interval_is_a_dash_and_bad_requests_are_named() {
        assert_eq!(answer("wilson 0 0").unwrap(), "-");
        assert_eq!(answer("t 5").unwrap(), "-");
        assert_eq!(answer("t").unwrap(), "-");
        for (bad, says) in [
            ("wilson 3", "lacks N"),
            ("wilson 4 3", "K is more than N"),
            ("wilson -1 3", "bad K `-1`"),
            ("t 1 x", "bad value `x`"),
            ("t 1 inf", "bad value `inf`"),
            ("wilson 1 2 3", "`3` after"),
            ("mean 1 2", "unknown request `mean`"),
            ("", "an empty line"),
        ] {
            let e = answer(bad).unwrap_err();
            assert!(e.contains(says), "{bad:?}: {e}");
        }
    }

    #[test]
    fn serve_answers_line_by_line_and_goes_on_after_an_error() {
        let mut out = Vec::new();
        serve(&b"wilson 5 10\nfrob\nt 1 2 3\n"[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(numbers(lines[0])[0], 0.5);
        assert_eq!(
            lines[1],
            "error: line 2: unknown request `frob`: wilson or t"
        );
        // mean 2, s = 1, t(2) = 4.302653: 2 ± 2.484138.
        let t = numbers(lines[2]);
        assert!(
            (t[1] - (2.0 - 4.302652729749462 / 3f64.sqrt())).abs() < 1e-12,
            "{t:?}"
        );
    }
}
