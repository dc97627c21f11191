//! The launcher's library: its command line (`src/cli.rs`), the per-user
//! playground (`src/main.rs`), and the arena's driver (`src/bin/arena.rs`).
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod arena;
pub mod cli;
pub mod playground;
