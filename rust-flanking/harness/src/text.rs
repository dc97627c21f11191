//! The layout every format (`*.flank`, `*.move`, `*.arena`) shares:
//! `key: value` header lines with `#` comments, a `map:` line, the map
//! block taken verbatim (there `#` is a corridor), an `end` line, and
//! nothing but comments after it. Each format judges its own keys and
//! glyphs; this reads the layout, in order, so that errors come in the
//! order of the lines, and every error is a [`FileError`] naming the file
//! and the line.

use std::collections::HashMap;
use std::path::Path;

use crate::files::FileError;

/// One header line: its number, its key (inner white space folded) and
/// its value (trimmed).
pub(crate) struct Header<'a> {
    pub line: usize,
    pub key: String,
    pub value: &'a str,
}

impl Header<'_> {
    /// The key's words: `creature n` is `["creature", "n"]`.
    pub fn words(&self) -> Vec<&str> {
        self.key.split(' ').collect()
    }
}

/// The map block: the `map:` line's number and the rows, as written.
pub(crate) struct Map {
    pub line: usize,
    pub rows: Vec<String>,
}

impl Map {
    /// The line of row `r` (0-based).
    pub fn row_line(&self, r: usize) -> usize {
        self.line + 1 + r
    }

    /// Checks every square: a glyph of the format (a letter, or one of
    /// `glyphs`), one `@` (`who` it is, for the error), and `each` (row,
    /// column, glyph) for every other square, in the order of the lines.
    /// Where the `@` is.
    pub fn scan(
        &self,
        text: &Text,
        glyphs: &str,
        who: &str,
        mut each: impl FnMut(usize, usize, char) -> Result<(), FileError>,
    ) -> Result<(usize, usize), FileError> {
        let mut at: Option<(usize, usize)> = None;
        for (r, row) in self.rows.iter().enumerate() {
            let line = self.row_line(r);
            for (c, ch) in row.chars().enumerate() {
                if !(ch.is_ascii_alphabetic() || glyphs.contains(ch)) {
                    let list: Vec<String> = glyphs
                        .chars()
                        .map(|g| match g {
                            ' ' => "space".to_string(),
                            g => g.to_string(),
                        })
                        .collect();
                    return Err(text.err(
                        line,
                        format!(
                            "unknown glyph `{}` in column {} (glyphs: letters {})",
                            ch.escape_debug(),
                            c + 1,
                            list.join(" ")
                        ),
                    ));
                }
                if ch != '@' {
                    each(r, c, ch)?;
                } else if let Some((r0, _)) = at {
                    return Err(text.err(
                        line,
                        format!(
                            "two `@` in the map block (the first on line {})",
                            self.row_line(r0)
                        ),
                    ));
                } else {
                    at = Some((r, c));
                }
            }
        }
        at.ok_or_else(|| text.err(self.line, format!("no `@` ({who}) in the map block")))
    }
}

/// A reader of the shared layout of the file `path`.
pub(crate) struct Text<'a> {
    path: &'a Path,
    lines: Vec<&'a str>,
    next: usize,
    seen: HashMap<String, usize>,
    map_line: Option<usize>,
}

/// A line without its comment, trimmed.
fn content(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// The one map letter `word` names (`far a`, `mover: j`), if it is one.
pub(crate) fn one_letter(word: &str) -> Option<char> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => None,
    }
}

/// `hero-on:`'s value, the terrain under `@`, as a map glyph: `.` for
/// `floor`, `#` for `corridor`, `'` for `door` (an open door). Otherwise
/// why not.
pub(crate) fn terrain_under(value: &str) -> Result<char, String> {
    match value {
        "floor" => Ok('.'),
        "corridor" => Ok('#'),
        "door" => Ok('\''),
        _ => Err(format!(
            "bad hero-on `{value}`: the terrain under `@`, one of floor corridor door"
        )),
    }
}

impl<'a> Text<'a> {
    /// A reader of `text`, the file `path` (CRLF line ends are fine).
    pub fn new(path: &'a Path, text: &'a str) -> Text<'a> {
        Text {
            path,
            lines: text.lines().map(|l| l.trim_end_matches('\r')).collect(),
            next: 0,
            seen: HashMap::new(),
            map_line: None,
        }
    }

    /// The error `what` at `line` of this file.
    pub fn err(&self, line: usize, what: impl Into<String>) -> FileError {
        FileError::at(self.path, line, what)
    }

    /// `name`, or by default the file's stem.
    pub fn name_or_stem(&self, name: Option<String>) -> String {
        name.unwrap_or_else(|| {
            self.path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
    }

    /// The last line's number (at least 1), for what is missing at the end.
    fn last_line(&self) -> usize {
        self.lines.len().max(1)
    }

    /// The next header line, or `None` at `map:` (or the end of the text).
    pub fn header(&mut self) -> Result<Option<Header<'a>>, FileError> {
        while self.next < self.lines.len() && self.map_line.is_none() {
            let line = self.next + 1;
            let text = content(self.lines[self.next]);
            self.next += 1;
            if text.is_empty() {
                continue;
            }
            if text == "map:" {
                self.map_line = Some(line);
                return Ok(None);
            }
            let Some((key, value)) = text.split_once(':') else {
                return Err(self.err(
                    line,
                    format!("expected `key: value` or `map:`, found `{text}`"),
                ));
            };
            let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(&first) = self.seen.get(&key) {
                return Err(self.err(
                    line,
                    format!("duplicate key `{key}` (first on line {first})"),
                ));
            }
            self.seen.insert(key.clone(), line);
            return Ok(Some(Header {
                line,
                key,
                value: value.trim(),
            }));
        }
        Ok(None)
    }

    /// After the header: the map block, checking that `end` comes and only
    /// comments follow it.
    pub fn map(&mut self) -> Result<Map, FileError> {
        let Some(map_line) = self.map_line else {
            return Err(self.err(self.last_line(), "missing `map:` block"));
        };
        let mut rows = Vec::new();
        let mut ended = false;
        while self.next < self.lines.len() {
            let row = self.lines[self.next];
            self.next += 1;
            if row.trim() == "end" {
                ended = true;
                break;
            }
            rows.push(row.to_string());
        }
        if !ended {
            return Err(self.err(self.last_line(), "missing `end` after the map block"));
        }
        while self.next < self.lines.len() {
            let line = self.next + 1;
            let text = content(self.lines[self.next]);
            self.next += 1;
            if !text.is_empty() {
                return Err(self.err(line, "text after `end` (only comments may follow the map)"));
            }
        }
        Ok(Map {
            line: map_line,
            rows,
        })
    }
}
