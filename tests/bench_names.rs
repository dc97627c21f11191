//! bench/report.py picks functions out of callgrind's profiles by name:
//! C functions of the patched tree (some of them static) and the engine's
//! entry points. A function renamed or removed there would quietly drop
//! out of the report; this fails instead.

use std::path::Path;

/// The quoted names of every list `NAME = [ ... ]` in report.py that holds
/// function names.
fn listed(report: &str) -> Vec<(String, String)> {
    let lists = [
        "GAME_FUNCS",
        "GLUE_FUNCS",
        "ENTRY_FUNCS",
        "PLAN_ENTRY",
        "PLAN_FUNCS",
        "ENGINE_FUNCS",
        "RANGED_ADVICE",
    ];
    let mut out = Vec::new();
    for list in lists {
        let at = report
            .find(&format!("\n{list} = ["))
            .unwrap_or_else(|| panic!("bench/report.py has no list {list}"));
        let body = &report[at..];
        let body = &body[..body.find(']').unwrap()];
        for line in body.lines() {
            let code = line.split('#').next().unwrap();
            for quoted in code.split('"').skip(1).step_by(2) {
                out.push((list.to_string(), quoted.to_string()));
            }
        }
    }
    out
}

/// Whether `name` is defined in `text` as NetHack writes a definition (the
/// name at the start of a line, then `(`), or declared as the header
/// declares its functions (a line that starts with the return type).
fn defined(text: &str, name: &str) -> bool {
    let call = format!("{name}(");
    text.lines().any(|l| {
        l.starts_with(&call)
            || (l.starts_with(|c: char| c.is_ascii_alphabetic())
                && (l.contains(&format!(" {call}")) || l.contains(&format!("*{call}"))))
    })
}

#[test]
fn every_function_the_report_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = std::fs::read_to_string(root.join("bench/report.py")).unwrap();
    let tree = Path::new(env!("NETHACK_BUILD_TREE"));
    let mut sources =
        std::fs::read_to_string(root.join("rust-flanking/include/flanking.h")).unwrap();
    for dir in ["src", "sys/unix", "sys/share"] {
        for e in std::fs::read_dir(tree.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "c") {
                sources.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
            }
        }
    }
    let names = listed(&report);
    assert!(names.len() > 40, "too few names found: {names:?}");
    let missing: Vec<_> = names
        .iter()
        .filter(|(_, n)| !defined(&sources, n))
        .collect();
    assert!(
        missing.is_empty(),
        "bench/report.py names functions the patched tree and flanking.h do not define: {missing:?}"
    );
}
