//! What the harness's C ABI formats share, written once: how a file
//! becomes an entry (the parsed file, or the error that stopped it, with a
//! parser that panicked caught), the path a C string names, the C strings
//! every entry hands out, and the map block as the ABI's one string. The
//! sets of `*.flank` and `*.move` files ([`crate::set_abi`]) and the one
//! `*.arena` file ([`crate::arena_abi`]) are built on it.

use std::ffi::{c_char, CStr, CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::files::FileError;

/// What one file of a format becomes over the C ABI: its parsed contents,
/// or the error that stopped them; either way it owns every string it
/// hands to C.
pub trait Load: Sized {
    /// The parsed file.
    type Parsed;
    /// Reads and parses the file at `path` (the format's `load`); an
    /// error names the file and line.
    const LOAD: fn(&Path) -> Result<Self::Parsed, FileError>;
    /// The entry of a parsed file.
    fn from_parsed(parsed: &Self::Parsed) -> Self;
    /// The entry of a file (or path) that could not be used, with why.
    fn from_error(path: &Path, error: &str) -> Self;

    /// The entry of the file at `path`: the parsed file, or its error. It
    /// never fails: an unusable file is an entry naming the file and line.
    fn load(path: &Path) -> Self {
        match (Self::LOAD)(path) {
            Ok(parsed) => Self::from_parsed(&parsed),
            Err(e) => Self::from_error(path, &e.to_string()),
        }
    }
}

/// [`Load::load`] under `catch_unwind`, so no panic (a bug) unwinds into
/// C: a parser that panicked is an error entry, `PATH: the WHAT parser
/// failed (a bug)`.
pub(crate) fn load_caught<E: Load>(path: &Path, what: &str) -> E {
    catch_unwind(AssertUnwindSafe(|| E::load(path))).unwrap_or_else(|_| {
        E::from_error(
            path,
            &format!("{}: the {what} parser failed (a bug)", path.display()),
        )
    })
}

/// Where the C struct points for the array `items`: NULL when it is empty.
pub(crate) fn array_ptr<T>(items: &[T]) -> *const T {
    if items.is_empty() {
        std::ptr::null()
    } else {
        items.as_ptr()
    }
}

/// The path the C string `path` names; `None` for NULL.
///
/// # Safety
/// `path` is NULL or a NUL-terminated string.
pub(crate) unsafe fn c_path(path: *const c_char) -> Option<PathBuf> {
    if path.is_null() {
        return None;
    }
    // SAFETY: the caller guarantees `path` is a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(path) }.to_bytes();
    Some(PathBuf::from(OsStr::from_bytes(bytes)))
}

/// The C strings every entry hands out: its name, its file, its error (if
/// it is one) and its map block.
#[derive(Debug)]
pub(crate) struct Texts {
    pub(crate) name: CString,
    pub(crate) path: CString,
    pub(crate) error: Option<CString>,
    pub(crate) map: CString,
}

impl Texts {
    /// The strings of a parsed file.
    pub(crate) fn parsed(name: &str, path: &Path, map: &str) -> Texts {
        Texts {
            name: c_string(name),
            path: c_string(&path.display().to_string()),
            error: None,
            map: c_string(map),
        }
    }

    /// The strings of a file (or path) that could not be used: named by
    /// its stem, with no map.
    pub(crate) fn failed(path: &Path, error: &str) -> Texts {
        Texts {
            name: c_string(&stem_name(path)),
            path: c_string(&path.display().to_string()),
            error: Some(c_string(error)),
            map: CString::default(),
        }
    }

    /// The error as C sees it: NULL when there is none.
    pub(crate) fn error_ptr(&self) -> *const c_char {
        self.error.as_ref().map_or(std::ptr::null(), |e| e.as_ptr())
    }
}

/// A map block as the ABI's one string, each row padded with spaces to the
/// widest, with its rows and columns.
pub(crate) fn padded_map(map: &[String]) -> (String, usize, usize) {
    let rows = map.len();
    let cols = map_cols(map);
    let mut text = String::with_capacity(rows * cols);
    for row in map {
        text.push_str(row);
        text.extend(std::iter::repeat_n(' ', cols - row.chars().count()));
    }
    (text, rows, cols)
}

/// [`padded_map`] of a map block whose rows and columns must fit the ABI's
/// `uint16_t`s; else the error naming the file at `path`.
pub(crate) fn checked_map(path: &Path, map: &[String]) -> Result<(String, usize, usize), String> {
    let (rows, cols) = (map.len(), map_cols(map));
    if rows > usize::from(u16::MAX) || cols > usize::from(u16::MAX) {
        return Err(format!(
            "{}: the map block is {cols} columns by {rows} rows, too large",
            path.display()
        ));
    }
    Ok(padded_map(map))
}

/// The widest row of a map block, in characters.
fn map_cols(map: &[String]) -> usize {
    map.iter().map(|r| r.chars().count()).max().unwrap_or(0)
}

/// A C string of `s`, with any NUL byte (which a text file may hold)
/// replaced so nothing is cut short. Every file the ABI hands out
/// (fixtures, movement fixtures, arena scenarios) goes through it.
pub(crate) fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "\u{FFFD}")).unwrap_or_default()
}

/// A count or coordinate as the ABI's `uint16_t`, saturating.
pub(crate) fn small(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// The name of an entry for a file (or path) that could not be used: its
/// stem, else the whole path.
pub(crate) fn stem_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}
