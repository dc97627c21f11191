//! The launcher's library: the per-user playground. See `src/main.rs`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod playground;
