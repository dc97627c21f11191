//! The layout the fixture (`*.flank`) and arena (`*.arena`) formats share:
//! `key: value` header lines with `#` comments, a `map:` line, the map
//! block taken verbatim (there `#` is a corridor), an `end` line, and
//! nothing but comments after it. Each format judges its own keys and
//! glyphs; this reads the layout, in order, so that errors come in the
//! order of the lines.

use std::collections::HashMap;

/// Something wrong with the layout itself, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Layout {
    /// A header line that is not `key: value` (the line's content).
    NotKeyValue(usize, String),
    /// A key given twice: the line, the key, and the line of the first.
    DuplicateKey(usize, String, usize),
    /// No `map:` line (the last line).
    MissingMap(usize),
    /// The map has no `end` line (the last line).
    MissingEnd(usize),
    /// Something other than comments after `end`.
    TextAfterEnd(usize),
}

/// What is wrong with the layout, without its line: the words every
/// format's errors use for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutError {
    /// A header line that is not `key: value` (the line's content).
    NotKeyValue(String),
    /// A key given twice: the key, and the line of the first.
    DuplicateKey(String, usize),
    /// No `map:` line.
    MissingMap,
    /// The map has no `end` line.
    MissingEnd,
    /// Something other than comments after `end`.
    TextAfterEnd,
}

impl std::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayoutError::NotKeyValue(l) => {
                write!(f, "expected `key: value` or `map:`, found `{l}`")
            }
            LayoutError::DuplicateKey(k, first) => {
                write!(f, "duplicate key `{k}` (first on line {first})")
            }
            LayoutError::MissingMap => write!(f, "missing `map:` block"),
            LayoutError::MissingEnd => write!(f, "missing `end` after the map block"),
            LayoutError::TextAfterEnd => {
                write!(f, "text after `end` (only comments may follow the map)")
            }
        }
    }
}

impl Layout {
    /// The line, and what is wrong there.
    pub(crate) fn split(self) -> (usize, LayoutError) {
        match self {
            Layout::NotKeyValue(line, text) => (line, LayoutError::NotKeyValue(text)),
            Layout::DuplicateKey(line, key, first) => (line, LayoutError::DuplicateKey(key, first)),
            Layout::MissingMap(line) => (line, LayoutError::MissingMap),
            Layout::MissingEnd(line) => (line, LayoutError::MissingEnd),
            Layout::TextAfterEnd(line) => (line, LayoutError::TextAfterEnd),
        }
    }
}

/// One header line: its number, its key (inner white space folded) and
/// its value (trimmed).
pub(crate) struct Header<'a> {
    pub line: usize,
    pub key: String,
    pub value: &'a str,
}

/// A reader of the shared layout.
pub(crate) struct Text<'a> {
    lines: Vec<&'a str>,
    next: usize,
    seen: HashMap<String, usize>,
    map_line: Option<usize>,
}

/// A line without its comment, trimmed.
fn content(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

impl<'a> Text<'a> {
    /// A reader of `text` (CRLF line ends are fine).
    pub fn new(text: &'a str) -> Text<'a> {
        Text {
            lines: text.lines().map(|l| l.trim_end_matches('\r')).collect(),
            next: 0,
            seen: HashMap::new(),
            map_line: None,
        }
    }

    /// The last line's number (at least 1), for what is missing at the end.
    pub fn last_line(&self) -> usize {
        self.lines.len().max(1)
    }

    /// The next header line, or `None` at `map:` (or the end of the text).
    pub fn header(&mut self) -> Result<Option<Header<'a>>, Layout> {
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
                return Err(Layout::NotKeyValue(line, text.to_string()));
            };
            let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(&first) = self.seen.get(&key) {
                return Err(Layout::DuplicateKey(line, key, first));
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

    /// After the header: the `map:` line's number and the map block's rows,
    /// checking that `end` comes and only comments follow it.
    pub fn map(&mut self) -> Result<(usize, Vec<String>), Layout> {
        let map_line = self.map_line.ok_or(Layout::MissingMap(self.last_line()))?;
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
            return Err(Layout::MissingEnd(self.last_line()));
        }
        while self.next < self.lines.len() {
            let line = self.next + 1;
            let text = content(self.lines[self.next]);
            self.next += 1;
            if !text.is_empty() {
                return Err(Layout::TextAfterEnd(line));
            }
        }
        Ok((map_line, rows))
    }
}
