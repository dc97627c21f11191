//! The patch series: it applies to pristine vanilla with no fuzz or offset,
//! pristine + series is exactly the tree the build compiled, and the
//! maintainer's round trip (tree, then refresh) reproduces patches/ byte for
//! byte, `[tactics]` and `[ranged]` tags included; and the tagged patches
//! are where the cargo features that leave them out expect them.

mod common;

use common::{repo, Scratch};
use std::path::Path;
use std::process::Command;

fn patches_sh(args: &[&str], env: &[(&str, &Path)]) -> String {
    let mut c = Command::new(repo().join("tools/patches.sh"));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "tools/patches.sh {args:?} failed:\n{text}"
    );
    text
}

/// Every regular file below `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let ty = e.file_type().unwrap();
            if ty.is_dir() {
                stack.push(e.path());
            } else if ty.is_file() {
                out.push(e.path().strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// The series as tools/patches.sh reads it (the one reader of it, which
/// build.rs uses too).
fn series() -> Vec<String> {
    patches_sh(&["series"], &[])
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_patch_applies_with_no_fuzz() {
    let out = patches_sh(&["check"], &[]);
    let n = series().len();
    assert!(
        n >= 2,
        "the series should hold the build and version patches"
    );
    assert!(
        out.contains(&format!("{n} patches apply")),
        "check did not report all {n} patches:\n{out}"
    );
}

#[test]
fn pristine_plus_series_is_the_tree_the_build_compiled() {
    let scratch = Scratch::new("series");
    let fresh = scratch.path().join("tree");
    patches_sh(&["apply", "--harness", fresh.to_str().unwrap()], &[]);
    let built = Path::new(env!("NETHACK_BUILD_TREE"));
    let list = files(&fresh);
    assert!(
        list.len() > 500,
        "only {} files in the fresh tree",
        list.len()
    );
    let mut differ = Vec::new();
    for f in &list {
        // setup.sh writes the generated Makefiles; the sources must match.
        let a = std::fs::read(fresh.join(f)).unwrap();
        match std::fs::read(built.join(f)) {
            Ok(b) if a == b => {}
            _ => differ.push(f.display().to_string()),
        }
    }
    assert!(
        differ.is_empty(),
        "the build compiled a tree that differs from pristine + series in: {differ:?}"
    );
}

#[test]
fn every_patch_has_a_header() {
    for name in series() {
        let text = std::fs::read_to_string(repo().join("patches").join(&name)).unwrap();
        let header: String = text
            .lines()
            .take_while(|l| *l != "---")
            .collect::<Vec<_>>()
            .join("\n");
        assert!(header.starts_with("Subject: "), "{name}: no Subject: line");
        assert!(
            header.contains("Applies to: NetHack 3.6.7"),
            "{name}: no 'Applies to: NetHack 3.6.7'"
        );
        assert!(
            header.contains("Save and bones files:"),
            "{name}: no save/bones compatibility statement"
        );
    }
}

/// The files a patch changes: its `diff --git a/X b/X` lines' X.
fn touched(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("diff --git a/"))
        .filter_map(|l| l.split_once(" b/").map(|(a, _)| a))
        .collect()
}

#[test]
fn docs_patches_touch_only_docs_and_the_others_no_docs() {
    // One concern per patch: a `-docs` patch changes only doc/ (the
    // Guidebook, fixes-flanking), and the code patches leave the
    // Guidebook to them (the man page, which documents a patch's own
    // command-line switch, goes with its switch).
    for name in series() {
        let text = std::fs::read_to_string(repo().join("patches").join(&name)).unwrap();
        let files = touched(&text);
        assert!(!files.is_empty(), "{name}: changes no file");
        if name.ends_with("-docs.patch") {
            for f in &files {
                assert!(
                    f.starts_with("doc/"),
                    "{name} is a docs patch but changes {f}"
                );
            }
        } else {
            for f in &files {
                assert!(
                    !f.starts_with("doc/Guidebook") && *f != "doc/fixes-flanking",
                    "{name} is not a docs patch but changes {f}"
                );
            }
        }
    }
}

#[test]
fn tree_then_refresh_reproduces_the_series() {
    let scratch = Scratch::new("refresh");
    let tree = scratch.path().join("tree");
    let out_dir = scratch.path().join("patches");
    std::fs::create_dir_all(&out_dir).unwrap();
    patches_sh(
        &["tree", tree.to_str().unwrap()],
        &[("NETHACK_PATCHES_DIR", &repo().join("patches"))],
    );
    patches_sh(
        &["refresh", tree.to_str().unwrap()],
        &[("NETHACK_PATCHES_DIR", &out_dir)],
    );
    let mut names = series();
    names.push("series".into());
    for name in names {
        let want = std::fs::read(repo().join("patches").join(&name)).unwrap();
        let got = std::fs::read(out_dir.join(&name))
            .unwrap_or_else(|_| panic!("refresh did not write {name}"));
        assert!(
            want == got,
            "refresh wrote {name} differently from patches/{name}"
        );
    }
}

/// A patch tagged `[tactics]` (a hook by which monsters flank) goes to its
/// commit as `Series-Tag: tactics` and comes back
/// tagged, with the series header naming the tag; `[baseline]` stays as it
/// was.
#[test]
fn a_tactics_tag_survives_tree_then_refresh() {
    a_tag_survives_tree_then_refresh("tactics", "monsters flank");
}

/// The same for `[ranged]` (a hook of the threats from range).
#[test]
fn a_ranged_tag_survives_tree_then_refresh() {
    a_tag_survives_tree_then_refresh("ranged", "threats from range");
}

/// Tags the series' last patch `[tag]`, then tree + refresh: the commit has
/// `Series-Tag: tag`, the refreshed series is the input, and its header
/// explains the tag, saying `what` it labels.
fn a_tag_survives_tree_then_refresh(tag: &str, what: &str) {
    let scratch = Scratch::new(&format!("refresh-{tag}"));
    let input = scratch.path().join("in");
    let tree = scratch.path().join("tree");
    let out_dir = scratch.path().join("out");
    std::fs::create_dir_all(&input).unwrap();
    std::fs::create_dir_all(&out_dir).unwrap();
    let names = series();
    let last = names.last().unwrap();
    for name in &names {
        std::fs::copy(repo().join("patches").join(name), input.join(name)).unwrap();
    }
    let text = std::fs::read_to_string(repo().join("patches/series")).unwrap();
    let tagged: String = text
        .lines()
        .map(|l| {
            if l.split('#').next().unwrap().trim() == last {
                format!("{last}  # [{tag}]\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(input.join("series"), &tagged).unwrap();
    patches_sh(
        &["tree", tree.to_str().unwrap()],
        &[("NETHACK_PATCHES_DIR", &input)],
    );
    let msg = Command::new("git")
        .arg("-C")
        .arg(&tree)
        .args(["log", "-1", "--format=%B"])
        .output()
        .unwrap();
    let msg = String::from_utf8_lossy(&msg.stdout);
    assert!(
        msg.lines().any(|l| l == format!("Series-Tag: {tag}")),
        "{last}'s commit has no Series-Tag: {tag}:\n{msg}"
    );
    patches_sh(
        &["refresh", tree.to_str().unwrap()],
        &[("NETHACK_PATCHES_DIR", &out_dir)],
    );
    let got = std::fs::read_to_string(out_dir.join("series")).unwrap();
    let entries = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(entries(&got), entries(&tagged), "refresh wrote:\n{got}");
    assert!(
        got.lines()
            .any(|l| l.starts_with(&format!("# [{tag}]:")) && l.contains(what)),
        "the series header does not explain [{tag}]:\n{got}"
    );
    for name in &names {
        assert!(
            std::fs::read(out_dir.join(name)).unwrap() == std::fs::read(input.join(name)).unwrap(),
            "refresh wrote {name} differently"
        );
    }
}

/// The tag of each patch of the series, in order ("" for none), as
/// tools/patches.sh reads them.
fn series_tags() -> Vec<(String, String)> {
    let tagged: Vec<(String, Vec<String>)> = ["baseline", "tactics", "ranged", "field"]
        .into_iter()
        .map(|t| {
            let names = patches_sh(&["series", "--only", t], &[]);
            (t.to_string(), names.lines().map(str::to_owned).collect())
        })
        .collect();
    series()
        .into_iter()
        .map(|name| {
            let tag = tagged
                .iter()
                .find(|(_, names)| names.contains(&name))
                .map_or("", |(t, _)| t.as_str())
                .to_string();
            (name, tag)
        })
        .collect()
}

/// Where the `baseline` feature expects the tagged patches (build.rs): the
/// `[baseline]` tools first, since `baseline` applies them alone to
/// vanilla. The other tags are labels of the feature whose hooks a patch
/// holds (every build applies them): each tag's patches together.
#[test]
fn tagged_patches_are_where_the_features_expect_them() {
    let tags = series_tags();
    let tag_list = || {
        tags.iter()
            .map(|(n, t)| format!("{n} [{t}]"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first_other = tags
        .iter()
        .position(|(_, t)| t != "baseline")
        .unwrap_or(tags.len());
    assert!(
        tags[first_other..].iter().all(|(_, t)| t != "baseline"),
        "a [baseline] patch comes after one that is not: the baseline tools come first\n{}",
        tag_list()
    );
    let first = |tag: &str| tags.iter().position(|(_, t)| t == tag);
    let last = |tag: &str| tags.iter().rposition(|(_, t)| t == tag);
    for tag in ["tactics", "ranged", "field"] {
        if let (Some(a), Some(b)) = (first(tag), last(tag)) {
            assert!(
                tags[a..=b].iter().all(|(_, t)| t == tag),
                "[{tag}] patches are not together\n{}",
                tag_list()
            );
        }
    }
}
