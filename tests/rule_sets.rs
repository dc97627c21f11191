//! Every rule set of the rule-set table (`flank_rules::facing::RULES`) is
//! where players and administrators read about it, so that a new row
//! cannot ship undocumented: README.md's table is `flank rules --markdown`
//! to the letter; the Guidebook (both formats, as read with the files it
//! reads in: `.so` and `\input`, the variant's own `doc/Gbk-*`) has a
//! paragraph for each row and names every rule set sysconf accepts;
//! sysconf's own comment names each row.

use std::path::Path;

use rust_flanking::facing::{RuleSet, RULES};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn tree(file: &str) -> String {
    read(&Path::new(env!("NETHACK_BUILD_TREE")).join(file))
}

/// `doc/Guidebook.EXT` of the tree the build compiled, each line that reads
/// a file in (`.so FILE` in the nroff source, `\input{NAME}` in the LaTeX
/// one, both relative to `doc/`, where the Guidebook is formatted) replaced
/// by that file's lines: the text nroff and LaTeX read.
fn guidebook(ext: &str) -> String {
    fn expand(file: &str, out: &mut String) {
        for line in tree(&format!("doc/{file}")).lines() {
            let so = line
                .strip_prefix(".so ")
                .and_then(|r| r.split_whitespace().next())
                .map(str::to_owned);
            let input = line
                .strip_prefix("\\input{")
                .and_then(|r| r.split_once('}'))
                .map(|(name, _)| format!("{name}.tex"));
            match so.or(input) {
                Some(inner) => expand(&inner, out),
                None => {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    let mut out = String::new();
    expand(&format!("Guidebook.{ext}"), &mut out);
    out
}

#[test]
fn the_readme_table_is_the_rule_set_tables() {
    let readme = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"));
    let table = flank_testkit::rules_markdown();
    assert!(
        readme.contains(&format!("{table}\n")),
        "README.md's rule-set table is not `flank rules --markdown`; paste this in:\n{table}"
    );
}

#[test]
fn the_guidebook_has_a_paragraph_for_every_rule_set() {
    let mn = guidebook("mn");
    let tex = guidebook("tex");
    for r in &RULES {
        assert!(
            mn.lines().any(|l| l == format!(".lp {}", r.name)),
            "doc/Guidebook.mn has no `.lp {}` paragraph",
            r.name
        );
        assert!(
            tex.contains(&format!("\\item[\\ib{{{}}}]", r.name)),
            "doc/Guidebook.tex has no `\\item[\\ib{{{}}}]` paragraph",
            r.name
        );
    }
}

#[test]
fn the_guidebook_and_sysconf_name_every_rule_set() {
    // The Guidebook's sysconf entry, FLANKING_RULES = ...: every name, in
    // the table's order.
    let mn = guidebook("mn");
    let at = mn
        .find("FLANKING_RULES\\ =")
        .expect("the Guidebook's FLANKING_RULES entry");
    let entry: String = mn[at..].split("\n.lp").next().unwrap().replace('\n', " ");
    let mut from = 0;
    for r in RuleSet::all() {
        let at = entry[from..].find(r.name()).unwrap_or_else(|| {
            panic!(
                "the Guidebook's FLANKING_RULES entry does not name {} (in order): {entry}",
                r.name()
            )
        });
        from += at + r.name().len();
    }
    // sysconf's comment: a line `#   NAME  ...` for each row.
    let sysconf = tree("sys/unix/sysconf");
    for r in &RULES {
        assert!(
            sysconf
                .lines()
                .any(|l| l.starts_with(&format!("#   {} ", r.name))),
            "sys/unix/sysconf's comment does not describe {}",
            r.name
        );
    }
}
