//! flank-arena, the arena's driver: it plays every trial of `*.arena` scenarios in the
//! real game (`nethack-flanking --arena FILE --arena-seed=SEED`, one
//! process per trial) under each setting of their `compare:` line, and
//! writes what the numbers say: docs/BALANCE.md and docs/balance-chart.svg.
//!
//! - [`line`]: the one line a trial prints;
//! - [`run`]: playgrounds, processes, seeds;
//! - [`stats`] and [`summary`]: intervals, per setting and paired;
//! - [`verdict`]: the proposal's claims answered;
//! - [`field`]: flanking off and every rule set side by side, and what
//!   they say;
//! - [`report`] and [`chart`]: the Markdown and the SVG;
//! - [`num`]: how they all write numbers;
//! - [`intervals`]: the same intervals for the whole-game study's report
//!   (`arena intervals`, numbers in, intervals out).
//!
//! The binary is `src/main.rs` (`arena`); `bench/arena.sh` runs it. The
//! scenarios' format is flank-harness's (`flank_harness::arena`), which the
//! game reads too.

pub mod chart;
pub mod field;
pub mod intervals;
pub mod line;
pub mod num;
pub mod report;
pub mod run;
pub mod stats;
pub mod summary;
pub mod verdict;

use std::io;
use std::path::{Path, PathBuf};

/// Writes `DIR/BALANCE.md` and `DIR/balance-chart.svg`, each through a
/// temporary file, and returns their paths.
pub fn write_report(
    run: &run::Run,
    meta: &report::Meta,
    dir: &Path,
) -> io::Result<(PathBuf, PathBuf)> {
    std::fs::create_dir_all(dir)?;
    let md = dir.join(report::REPORT);
    let svg = dir.join(report::CHART);
    for (path, text) in [(&md, report::markdown(run, meta)), (&svg, chart::svg(run))] {
        let tmp = path.with_extension("new");
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, path)?;
    }
    Ok((md, svg))
}
