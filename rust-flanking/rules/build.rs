//! Turns `include/flanking.h`, the one source of truth of the C ABI, into the
//! Rust types and constants of `rust_flanking::sys`.

use std::env;
use std::path::PathBuf;

fn main() {
    let header = "../include/flanking.h";
    println!("cargo:rerun-if-changed={header}");
    println!("cargo:rerun-if-changed=build.rs");

    let bindings = bindgen::Builder::default()
        .header(header)
        // Only the header's own names; the functions are defined in Rust, so
        // they are generated into a separate module that is used only to
        // check, at compile time, that the Rust definitions match the header.
        .allowlist_type("flank_.*")
        .allowlist_var("FLANK_.*")
        .allowlist_function("flank_.*")
        .derive_debug(true)
        .derive_default(true)
        .derive_copy(true)
        .derive_eq(true)
        .derive_partialeq(true)
        .derive_hash(true)
        .generate_comments(true)
        .use_core()
        .layout_tests(true)
        .generate()
        .expect("bindgen could not read include/flanking.h (is libclang installed?)");

    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("flanking_bindings.rs");
    bindings
        .write_to_file(&out)
        .expect("could not write the generated bindings");
}
