//! Builds the game: pristine NetHack 3.6.7 (unpacked by `nethack-src/fetch.sh`)
//! plus `patches/series` (the hooks into vanilla's own files) plus the
//! variant's own files (`variant/game`, and its test support
//! `variant/harness`: the fixture harness and the arena), compiled by
//! NetHack's own makefiles and util programs with the C compiler that the
//! `cc` crate finds, then linked into this package's binary together with
//! `rust-flanking`.
//!
//! Layout under `OUT_DIR`:
//! - `stage/`: made anew whenever the pin, a patch or a variant file
//!   changes: pristine, the series applied with no fuzz, the variant's
//!   files copied in, `setup.sh` run. Nothing is built there.
//! - `build/`: where make runs. Files of `stage/` are copied over only when
//!   their content differs, so make rebuilds only what a change touches.
//! - `libnethack.a` (every game object, with `main` renamed `nethack_main`)
//!   and `data/` (nhdat, license, symbols, sysconf) for the launcher.
//!
//! This build is a test build: it has the fixture harness and the arena
//! (`-DFLANK_HARNESS`, make's `FLANKTESTOBJ`), which the launcher, the
//! arena and the tests use. A server's game (`tools/classic-build.sh`)
//! has neither.
//!
//! With the `vanilla` feature no patch and no variant file is applied: the
//! same tree and flags. With `baseline`, only the patches that
//! `patches/series` tags `[baseline]` (tools such as the debug fuzzer
//! switch, first in the series, with no flanking in them): vanilla that
//! benchmarks can drive like the variant.
//! With `pre-tactics`, the variant built without monsters that flank
//! (`-DFLANK_NO_TACTICS`: `flank_ai_on()` is false and the movement hooks
//! do nothing, whatever sysconf says), which the variant with sysconf
//! `FLANKING_AI=0` must replay (tests/same_game.rs); with `pre-ranged`, the
//! variant built without threats from range (`-DFLANK_NO_RANGED`:
//! `flank_ranged_on()` is false), which the variant with `FLANKING_RANGED`
//! unset or 0 must replay.

use std::collections::BTreeMap;
use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    if let Err(e) = run() {
        eprintln!("\nerror: {e}\n");
        std::process::exit(1);
    }
}

type Result<T> = std::result::Result<T, String>;

fn run() -> Result<()> {
    let repo = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let vanilla = env::var_os("CARGO_FEATURE_VANILLA").is_some();
    let baseline = env::var_os("CARGO_FEATURE_BASELINE").is_some();
    let pre_tactics = env::var_os("CARGO_FEATURE_PRE_TACTICS").is_some();
    let pre_ranged = env::var_os("CARGO_FEATURE_PRE_RANGED").is_some();
    let chosen: Vec<&str> = [
        ("vanilla", vanilla),
        ("baseline", baseline),
        ("pre-tactics", pre_tactics),
        ("pre-ranged", pre_ranged),
    ]
    .into_iter()
    .filter(|(_, on)| *on)
    .map(|(name, _)| name)
    .collect();
    if chosen.len() > 1 {
        return Err(format!(
            "the features `{}` exclude each other: each builds another tree. \
             Build one at a time, each with its own --target-dir (target/FEATURE)",
            chosen.join("` and `")
        ));
    }

    let pin = read_pin(&repo.join("nethack-src/pin.env"))?;
    let pristine = repo.join("nethack-src").join(&pin["NETHACK_TREE"]);
    let stamp = pristine.join(format!(".pristine-{}", pin["NETHACK_SHA256"]));

    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=nethack-src/pin.env");
    println!("cargo:rerun-if-changed={}", stamp.display());
    println!("cargo:rerun-if-changed=rust-flanking/include/flanking.h");
    println!("cargo:rerun-if-env-changed=NETHACK_MAKE_JOBS");
    if !stamp.is_file() {
        return Err(format!(
            "vanilla NetHack {} is not unpacked in {}.\n\
             Run `./dev setup` (or `nethack-src/fetch.sh [path/to/{}]`) first.",
            pin["NETHACK_VERSION"],
            pristine.display(),
            pin["NETHACK_TARBALL"]
        ));
    }
    let patches: Vec<String> = if vanilla {
        Vec::new()
    } else if baseline {
        series(&repo, &["--only", "baseline"])?
    } else {
        series(&repo, &[])?
    };
    // the variant's own files: its game, then its test support
    let flanking = !(vanilla || baseline);
    let variant: Vec<PathBuf> = if flanking {
        println!("cargo:rerun-if-changed=variant");
        vec![repo.join("variant/game"), repo.join("variant/harness")]
    } else {
        Vec::new()
    };
    // what a build without a feature leaves out (flank.c, flankai.c)
    let switches: &[&str] = if pre_tactics {
        &["-DFLANK_NO_TACTICS"]
    } else if pre_ranged {
        &["-DFLANK_NO_RANGED"]
    } else {
        &[]
    };
    let flavour = if vanilla {
        "vanilla"
    } else if baseline {
        "baseline"
    } else if pre_tactics {
        "pre-tactics"
    } else if pre_ranged {
        "pre-ranged"
    } else {
        "variant"
    };

    let stage = out.join("stage");
    let build = out.join("build");
    make_stage(&pristine, &stage, &repo.join("patches"), &patches, &variant)?;
    sync_tree(&stage, &build)?;
    // doc/Guidebook is formatted from Guidebook.mn and the files it reads
    // in (`.so`: the variant's doc/Gbk-*.mn), which its make rule does not
    // name: made anew whenever the build runs, an edited part included.
    let _ = fs::remove_file(build.join("doc/Guidebook"));

    let compiler = cc::Build::new().cargo_metadata(false).get_compiler();
    let make_vars = make_vars(&compiler, &repo, flanking, switches);
    let jobs = env::var("NETHACK_MAKE_JOBS")
        .or_else(|_| env::var("NUM_JOBS"))
        .unwrap_or_else(|_| "2".into());
    // LINK=true: make compiles every object, util program and data file but
    // does not link the game; cargo links it into this package's binary.
    // The game's objects build in parallel; the rest of `all` runs serially,
    // since the top Makefile's sub-makes of util/ and dat/ race under -j.
    for (target, parallel) in [("nethack", true), ("all", false)] {
        let mut make = Command::new("make");
        make.current_dir(&build)
            .arg(if parallel {
                format!("-j{jobs}")
            } else {
                "-j1".into()
            })
            .args(&make_vars)
            .arg("LINK=true")
            .arg(target)
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            // a sanitized makedefs or lev_comp need not free its memory
            .env("ASAN_OPTIONS", "detect_leaks=0");
        run_cmd(
            &mut make,
            &format!("make {target} (NetHack's own makefiles)"),
        )?;
    }

    let objs = hobj(&build, &make_vars)?;
    archive(&build, &out, &objs)?;
    collect_data(&build, &out)?;

    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=nethack");
    println!("cargo:rustc-link-lib=ncurses");
    println!("cargo:rustc-link-lib=tinfo");
    println!(
        "cargo:rustc-env=NETHACK_DATA_DIR={}",
        out.join("data").display()
    );
    println!("cargo:rustc-env=NETHACK_BUILD_TREE={}", build.display());
    println!("cargo:rustc-env=NETHACK_STAGE_TREE={}", stage.display());
    println!("cargo:rustc-env=NETHACK_FLAVOUR={flavour}");
    Ok(())
}

/// `KEY=value` lines of `nethack-src/pin.env`.
fn read_pin(path: &Path) -> Result<BTreeMap<String, String>> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut pin = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            pin.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    for key in [
        "NETHACK_VERSION",
        "NETHACK_TARBALL",
        "NETHACK_SHA256",
        "NETHACK_TREE",
    ] {
        if !pin.contains_key(key) {
            return Err(format!("{}: no {key}=", path.display()));
        }
    }
    Ok(pin)
}

/// The patches of `patches/series` that `tools/patches.sh series ARGS`
/// names (the one reader of the series and its `[tag]`s), in order; every
/// one is watched.
fn series(repo: &Path, args: &[&str]) -> Result<Vec<String>> {
    let dir = repo.join("patches");
    println!("cargo:rerun-if-changed={}", dir.join("series").display());
    println!("cargo:rerun-if-changed=tools/patches.sh");
    let out = Command::new("bash")
        .arg(repo.join("tools/patches.sh"))
        .arg("series")
        .args(args)
        .env_remove("NETHACK_PATCHES_DIR")
        .output()
        .map_err(|e| format!("cannot run tools/patches.sh: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "tools/patches.sh series {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    for name in &names {
        println!("cargo:rerun-if-changed={}", dir.join(name).display());
    }
    Ok(names)
}

/// Pristine + series + the variant's own files + `setup.sh`, made anew.
fn make_stage(
    pristine: &Path,
    stage: &Path,
    dir: &Path,
    patches: &[String],
    variant: &[PathBuf],
) -> Result<()> {
    if stage.exists() {
        fs::remove_dir_all(stage).map_err(|e| format!("{}: {e}", stage.display()))?;
    }
    copy_tree(pristine, stage, Overwrite::Allowed)?;
    for name in patches {
        let out = Command::new("patch")
            .current_dir(stage)
            .args([
                "-p1",
                "--fuzz=0",
                "--forward",
                "--no-backup-if-mismatch",
                "-i",
            ])
            .arg(dir.join(name))
            .output()
            .map_err(|e| format!("cannot run patch: {e} (install the `patch` package)"))?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(format!("patches/{name} does not apply:\n{text}"));
        }
        if ["offset", "fuzz", "Reversed"]
            .iter()
            .any(|w| text.contains(w))
        {
            return Err(format!(
                "patches/{name} applies only with offset or fuzz; refresh the series:\n{text}"
            ));
        }
    }
    // a variant file is the variant's alone: none is vanilla's or a patch's
    for from in variant {
        copy_tree(from, stage, Overwrite::Refused)?;
    }
    let mut setup = Command::new("sh");
    setup
        .current_dir(stage.join("sys/unix"))
        .args(["setup.sh", "hints/linux"]);
    run_cmd(&mut setup, "sys/unix/setup.sh hints/linux")
}

/// Whether [`copy_tree`] may replace a file `to` already holds.
#[derive(Clone, Copy, PartialEq)]
enum Overwrite {
    Allowed,
    /// The variant's files onto the patched tree: one that would replace a
    /// file of it is an error.
    Refused,
}

fn copy_tree(from: &Path, to: &Path, overwrite: Overwrite) -> Result<()> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with(".pristine-") {
            continue;
        }
        let (src, dst) = (entry.path(), to.join(&name));
        let ty = entry.file_type().map_err(|e| e.to_string())?;
        if ty.is_dir() {
            copy_tree(&src, &dst, overwrite)?;
        } else if ty.is_file() {
            if overwrite == Overwrite::Refused && dst.exists() {
                return Err(format!(
                    "{} would overwrite {} of the patched tree: the variant's \
                     files are its own, and the patches change only vanilla's",
                    src.display(),
                    dst.display()
                ));
            }
            fs::copy(&src, &dst).map_err(|e| format!("{}: {e}", src.display()))?;
        }
    }
    Ok(())
}

/// Copies every file of `from` whose content differs in `to`, keeping the
/// times of the others so that make rebuilds only what changed.
fn sync_tree(from: &Path, to: &Path) -> Result<()> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        let ty = entry.file_type().map_err(|e| e.to_string())?;
        if ty.is_dir() {
            sync_tree(&src, &dst)?;
        } else if ty.is_file() && !same_content(&src, &dst) {
            fs::copy(&src, &dst).map_err(|e| format!("{}: {e}", src.display()))?;
        }
    }
    Ok(())
}

fn same_content(a: &Path, b: &Path) -> bool {
    let read = |p: &Path| -> io::Result<Vec<u8>> {
        let mut v = Vec::new();
        fs::File::open(p)?.read_to_end(&mut v)?;
        Ok(v)
    };
    match (read(a), read(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// make's variables: hints/linux's flags, the compiler `cc` found, and a
/// relative sysconf path: the launcher runs the game in its playground.
fn make_vars(compiler: &cc::Tool, repo: &Path, flanking: bool, switches: &[&str]) -> Vec<OsString> {
    // The compiler's own flags (optimisation, debug info, target), without
    // the warnings `cc` adds: NetHack's code is built as its makefiles do.
    let mut cflags: Vec<String> = compiler
        .args()
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .filter(|a| !a.starts_with("-W"))
        .collect();
    cflags.extend(
        [
            "-I../include",
            "-DNOTPARMDECL",
            "-DDLB",
            "-DCOMPRESS=\\\"/bin/gzip\\\"",
            "-DCOMPRESS_EXTENSION=\\\".gz\\\"",
            // Read after the chdir to the playground that -d asks for.
            "-DSYSCF",
            "-DSYSCF_FILE=\\\"sysconf\\\"",
            "-DTIMED_DELAY",
            "-DDUMPLOG",
            "-DCONFIG_ERROR_SECURE=FALSE",
            "-DCURSES_GRAPHICS",
        ]
        .map(String::from),
    );
    if flanking {
        // a test build: the fixture harness and the arena
        cflags.push("-DFLANK_HARNESS".into());
        cflags.extend(switches.iter().map(|s| s.to_string()));
    }
    if let Ok(extra) = env::var("NETHACK_EXTRA_CFLAGS") {
        cflags.extend(extra.split_whitespace().map(String::from));
    }
    println!("cargo:rerun-if-env-changed=NETHACK_EXTRA_CFLAGS");
    let sanitize = sanitizer_flags();
    cflags.extend(sanitize.iter().cloned());
    let mut vars: Vec<OsString> = vec![
        format!("CC={}", compiler.path().display()).into(),
        format!("CFLAGS={}", cflags.join(" ")).into(),
        // the util programs (makedefs...) link with the same sanitizers
        format!("LFLAGS={}", sanitize.join(" ")).into(),
        "YACC=bison -y".into(),
        "LEX=flex".into(),
    ];
    if flanking {
        vars.push(format!("FLANKING_DIR={}", repo.display()).into());
        vars.push("FLANKTESTOBJ=$(FLANKHARNESSOBJ)".into());
    }
    vars
}

/// `NETHACK_SANITIZE=1` (for the fuzz soak, `tools/soak.sh`): the C code is
/// built with AddressSanitizer and UndefinedBehaviorSanitizer, and the game
/// is linked with them. Use a target dir of its own (`--target-dir
/// target/asan`) so the normal build is left alone.
fn sanitizer_flags() -> Vec<String> {
    println!("cargo:rerun-if-env-changed=NETHACK_SANITIZE");
    match env::var("NETHACK_SANITIZE").as_deref() {
        Ok("") | Ok("0") | Err(_) => Vec::new(),
        Ok(_) => {
            // rustc links with -nodefaultlibs, so `cc -fsanitize=...` would
            // not add the runtimes: name them, ahead of every other shared
            // library (ASan must come first in the initial library list).
            println!("cargo:rustc-link-lib=dylib=asan");
            println!("cargo:rustc-link-lib=dylib=ubsan");
            ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
                .map(String::from)
                .to_vec()
        }
    }
}

/// The game's objects, as src/Makefile lists them in HOBJ.
fn hobj(build: &Path, make_vars: &[OsString]) -> Result<Vec<String>> {
    let out = Command::new("make")
        .current_dir(build.join("src"))
        .arg("-s")
        .args(make_vars)
        .args(["--eval", "print-hobj: ; @echo $(HOBJ)", "print-hobj"])
        .env_remove("MAKEFLAGS")
        .output()
        .map_err(|e| format!("cannot run make: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "make print-hobj failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(String::from)
        .collect())
}

/// `libnethack.a`: every game object, `main` renamed `nethack_main`.
fn archive(build: &Path, out: &Path, objs: &[String]) -> Result<()> {
    let src = build.join("src");
    let lib = out.join("libnethack.a");
    let _ = fs::remove_file(&lib);
    let mut members = Vec::new();
    for o in objs {
        if o == "unixmain.o" {
            let renamed = out.join("unixmain-nethack_main.o");
            let mut objcopy = Command::new("objcopy");
            objcopy
                .args(["--redefine-sym", "main=nethack_main"])
                .arg(src.join(o))
                .arg(&renamed);
            run_cmd(&mut objcopy, "objcopy (binutils)")?;
            members.push(renamed);
        } else {
            members.push(src.join(o));
        }
    }
    let mut ar = cc::Build::new().cargo_metadata(false).get_archiver();
    ar.arg("crs").arg(&lib).args(&members);
    run_cmd(&mut ar, "ar")
}

/// The files the launcher installs into a playground.
fn collect_data(build: &Path, out: &Path) -> Result<()> {
    let data = out.join("data");
    fs::create_dir_all(&data).map_err(|e| e.to_string())?;
    for (from, to) in [
        ("dat/nhdat", "nhdat"),
        ("dat/license", "license"),
        ("dat/symbols", "symbols"),
        ("sys/unix/sysconf", "sysconf"),
        ("doc/Guidebook", "Guidebook"),
        ("doc/nethack.6", "nethack.6"),
    ] {
        let src = build.join(from);
        fs::copy(&src, data.join(to)).map_err(|e| format!("{}: {e}", src.display()))?;
    }
    Ok(())
}

fn run_cmd(cmd: &mut Command, what: &str) -> Result<()> {
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status}); see the output above"))
    }
}
