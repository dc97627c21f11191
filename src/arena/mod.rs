//! The arena's driver: it plays every trial of `*.arena` scenarios in the
//! real game (`nethack-flanking --arena FILE --arena-seed=SEED`, one
//! process per trial) under each setting of their `compare:` line, and
//! writes what the numbers say.
//!
//! - [`line`]: the one line a trial prints;
//! - [`run`]: playgrounds, processes, seeds;
//! - [`stats`] and [`summary`]: intervals, per setting and paired.

pub mod line;
pub mod run;
pub mod stats;
pub mod summary;
