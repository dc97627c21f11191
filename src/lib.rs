//! The launcher's library: the per-user playground (`src/main.rs`), and the
//! arena's driver (`src/bin/arena.rs`).
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod arena;
pub mod playground;
