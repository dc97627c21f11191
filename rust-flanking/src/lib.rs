//! `rust-flanking`: the one static library the game links
//! (`librust_flanking.a`), and the crate Rust code outside the engine uses.
//!
//! The engine is three crates; this one re-exports the two that ship, and
//! has two things of its own: [`save_mac`] (the save files' integrity
//! mark, sysconf `SAVEKEY`) and [`keep_engine`]:
//! * `flank-rules`: the rules and the game's C ABI ([`sys`], [`rules`],
//!   [`facing`], [`ranged`], [`plan`], [`explain`], [`blow`], [`abi`]); it knows no
//!   test format;
//! * `flank-harness`: the fixture, movement and arena formats and the
//!   harness's C ABI ([`fixture`], [`fixture_abi`], [`movement`],
//!   [`movement_abi`], [`arena`], [`arena_abi`]), which the game's debug
//!   tools (`--flank-fixtures`, `--arena`) call.
//!
//! Two Rust static libraries cannot be linked into one C program (each
//! carries its own copy of the standard library), so the game links this
//! one, which holds both crates' `extern "C"` functions. The third crate,
//! `flank-testkit` (the plain second model, the random fixture generator
//! and the `flank` tool), is test support: nothing here depends on it, so no
//! production artifact contains it.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub use flank_harness::{arena, arena_abi, fixture, fixture_abi, movement, movement_abi};
pub use flank_rules::{abi, blow, explain, facing, plan, ranged, rules, sys};

pub mod save_mac;

/// Names every function `include/flanking.h` declares, so that a program
/// linking the engine keeps them all. The game's C calls them, Rust code
/// never does: the game's `main` calls this once, and the linker then keeps
/// them whatever order it reads the archives in. The list is the header's,
/// read by build.rs; each name is `sys`'s declaration of it, whose type the
/// engine's own definition is checked against.
pub fn keep_engine() {
    std::hint::black_box(include!(concat!(env!("OUT_DIR"), "/engine.rs")));
}
