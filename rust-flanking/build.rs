//! Writes `$OUT_DIR/engine.rs`: every function `include/flanking.h`
//! declares, as an array of pointers through `sys` (bindgen's declarations
//! of the same header), for `keep_engine()` in src/lib.rs. The list is the
//! header's, so a new prototype is kept with nothing else to edit.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let header = root.join("include/flanking.h");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", header.display());
    let text = fs::read_to_string(&header)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", header.display()));
    let names = header_functions(&text);
    assert!(
        names.len() >= 30,
        "too few prototypes found in {}: {names:?}",
        header.display()
    );
    let mut out = String::from("[\n");
    for n in &names {
        out.push_str(&format!("    sys::{n} as *const (),\n"));
    }
    out.push_str("]\n");
    let dest = PathBuf::from(env::var("OUT_DIR").unwrap()).join("engine.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
}

include!("header_names.rs");
