// The names of the functions a C header declares: read by build.rs, to
// keep every one of `include/flanking.h` in the game, and by the game's
// tests/launcher.rs, to check that the game defines them all.

/// The `flank_*` functions a header declares: each prototype's name, on
/// the line that opens it (a line that starts with its return type).
pub fn header_functions(header: &str) -> std::collections::BTreeSet<String> {
    header
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|l| {
            let at = l.find('(')?;
            let name = l[..at].rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            name.into_iter().next().map(str::to_owned)
        })
        .filter(|n| n.starts_with("flank_"))
        .collect()
}
