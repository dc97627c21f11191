//! Every rule set of the rule-set table (`flank_rules::facing::RULES`) is
//! where players and administrators read about it, so that a new row
//! cannot ship undocumented: README.md's table is `flank rules --markdown`
//! to the letter; the Guidebook (both formats, as read with the files it
//! reads in: `.so` and `\input`, the variant's own `doc/Gbk-*`) has a
//! paragraph for each row and names every rule set sysconf accepts;
//! sysconf's own comment names each row. The installed sysconf and the
//! Guidebook say the settings' defaults and the percent's range as
//! `flanking.h` has them (`FLANK_*_DEFAULT`, `FLANK_PERCENT_MAX`), their
//! one home, which the game's C reads.

use std::path::Path;

use rust_flanking::facing::{RuleSet, RULES};
use rust_flanking::sys;

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

#[test]
fn sysconf_and_the_guidebook_say_the_headers_defaults() {
    let percent = sys::FLANK_PERCENT_DEFAULT;
    let max = sys::FLANK_PERCENT_MAX;
    let rules = RULES
        .iter()
        .find(|r| u32::from(r.id) == sys::FLANK_RULES_DEFAULT)
        .expect("FLANK_RULES_DEFAULT is a row of the rule-set table")
        .name;
    let (ai, ranged) = (sys::FLANK_AI_DEFAULT, sys::FLANK_RANGED_DEFAULT);
    assert!(
        ai <= 1 && ranged <= 1,
        "FLANKING_AI and FLANKING_RANGED are 0 or 1"
    );

    // sysconf sets each to its default, so that a server that keeps it
    // plays what a sysconf without them plays, and its comment says so.
    let sysconf = tree("sys/unix/sysconf");
    for line in [
        format!("FLANKING={percent}"),
        format!("FLANKING_RULES={rules}"),
        format!("FLANKING_AI={ai}"),
        format!("FLANKING_RANGED={ranged}"),
        format!("# {percent} is the default, 0 turns flanking off, 200 doubles it; 0 to {max}."),
        format!("#   {rules}  arc flanking alone, as above (the default)"),
    ] {
        assert!(
            sysconf.lines().any(|l| l == line),
            "sys/unix/sysconf has no line `{line}`"
        );
    }
    assert!(
        sysconf.contains(&format!("\n# that direction.  {ranged} (the default): ")),
        "sys/unix/sysconf does not give FLANKING_RANGED's default, {ranged}"
    );

    // The Guidebook's sysconf entries, each up to the next `.lp`.
    let mn = guidebook("mn");
    let entry = |key: &str| -> String {
        let at = mn
            .find(&format!("\n{key}\\ =\\ "))
            .unwrap_or_else(|| panic!("the Guidebook has no {key} entry"));
        mn[at + 1..]
            .split("\n.lp")
            .next()
            .unwrap()
            .replace('\n', " ")
    };
    for (key, words) in [
        (
            "FLANKING",
            format!("in percent: {percent} by default, 0 turns flanking off, at most {max}."),
        ),
        ("FLANKING_RULES", format!("{rules} (the default)")),
        ("FLANKING_AI", format!("{ai} (the default) or {}", 1 - ai)),
        (
            "FLANKING_RANGED",
            format!("{ranged} (the default) or {}", 1 - ranged),
        ),
    ] {
        let text = entry(key);
        assert!(
            text.contains(&words),
            "the Guidebook's {key} entry does not say `{words}`: {text}"
        );
    }
}
