//! `flank-harness`: the test formats of the flanking variant and the
//! harness's C ABI, on top of `flank-rules`. The rules know nothing of
//! them.
//!
//! * [`fixture`]: the `*.flank` fixture format shared by every test layer,
//!   and [`fixture_abi`], the fixtures over the C ABI for the game's
//!   in-game fixture harness (`--flank-fixtures`);
//! * [`movement`], [`movement_abi`]: the `*.move` movement fixtures, checked
//!   against the planner and, over the C ABI, played by the game's harness;
//! * [`arena`], [`arena_abi`]: the arena's scenario files, in Rust and over
//!   the C ABI for the game's arena (`--arena`);
//! * [`set_abi`] and [`abi_common`]: what those C ABIs share, written once.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod abi_common;
pub mod arena;
pub mod arena_abi;
pub mod files;
pub mod fixture;
pub mod fixture_abi;
pub mod movement;
pub mod movement_abi;
pub mod set_abi;
mod text;
