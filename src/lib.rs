//! The launcher's library: its command line (`src/cli.rs`) and the
//! per-user playground (`src/playground.rs`), used by `src/main.rs`. The
//! arena's driver is a crate of its own, `rust-flanking/arena`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod cli;
pub mod playground;
