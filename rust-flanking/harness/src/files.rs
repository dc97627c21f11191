//! The files of every format (`*.flank`, `*.move`, `*.arena`): one reader,
//! one search, one error type, and the same limits for all, whichever layer
//! reads them (`flank check`, the C ABI, the game's harness and arena).

use std::collections::HashSet;
use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use flank_rules::sys;

/// The largest file any format reads, in bytes.
pub const MAX_FILE_BYTES: u64 = sys::FLANK_FILE_MAX_BYTES as u64;

/// How far a fixture's or a movement fixture's map may reach from its `@`:
/// columns left and right, rows above and below.
pub const MAP_REACH_COLS: usize = sys::FLANK_FX_MAP_REACH_COLS as usize;
/// See [`MAP_REACH_COLS`].
pub const MAP_REACH_ROWS: usize = sys::FLANK_FX_MAP_REACH_ROWS as usize;

/// Whether a map block (its rows as written) reaches further from its `@`
/// at `at` (row, column) than the game has room for: the 0-based row to
/// blame (the first, from the top, beyond the reach; the `@`'s own row when
/// it stands too far from the block's left edge) and why, in words.
pub fn beyond_reach(map: &[String], at: (usize, usize)) -> Option<(usize, String)> {
    let (ar, ac) = at;
    for (r, row) in map.iter().enumerate() {
        if ar > r + MAP_REACH_ROWS {
            return Some((
                r,
                format!(
                    "the map reaches {} rows above `@`; the level has room for {MAP_REACH_ROWS}",
                    ar - r
                ),
            ));
        }
        if r > ar + MAP_REACH_ROWS {
            return Some((
                r,
                format!(
                    "the map reaches {} rows below `@`; the level has room for {MAP_REACH_ROWS}",
                    r - ar
                ),
            ));
        }
        let width = row.chars().count();
        if width > ac + MAP_REACH_COLS + 1 {
            return Some((
                r,
                format!(
                    "the map reaches {} columns right of `@`; the level has room for {MAP_REACH_COLS}",
                    width - 1 - ac
                ),
            ));
        }
        if r == ar && ac > MAP_REACH_COLS {
            return Some((
                r,
                format!(
                    "the map reaches {ac} columns left of `@`; the level has room for {MAP_REACH_COLS}"
                ),
            ));
        }
    }
    None
}

/// An error in a file of any format: the file, the 1-based line, and what
/// is wrong there, in words. A file that cannot be read at all has no
/// line: it says `cannot read FILE: why`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The file.
    pub file: PathBuf,
    /// The 1-based line, or 0 when the file could not be read.
    pub line: usize,
    /// What is wrong, in words.
    pub what: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "cannot read {}: {}", self.file.display(), self.what)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.what)
        }
    }
}

impl std::error::Error for FileError {}

impl FileError {
    /// An error at `line` of `file`.
    pub fn at(file: &Path, line: usize, what: impl Into<String>) -> Self {
        FileError {
            file: file.to_path_buf(),
            line,
            what: what.into(),
        }
    }
}

/// Reads the file at `path` ([`read`]) and parses it with `parse`; a file
/// that cannot be read is an error at no line. What every format's `load`
/// is.
pub fn load<T>(
    path: &Path,
    parse: impl FnOnce(&Path, &str) -> Result<T, FileError>,
) -> Result<T, FileError> {
    match read(path) {
        Ok(text) => parse(path, &text),
        Err(why) => Err(FileError::at(path, 0, why)),
    }
}

/// The text of the file at `path`: a regular file (a FIFO or a device is
/// not opened), at most [`MAX_FILE_BYTES`], in UTF-8. Otherwise why not.
pub fn read(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(if meta.is_dir() {
            "a directory where a file was named".into()
        } else {
            "not a regular file".into()
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{} bytes; a file holds at most {MAX_FILE_BYTES}",
            meta.len()
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("more than {MAX_FILE_BYTES} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".into())
}

/// Every regular file whose name ends in `.EXT` under the given files and
/// directories: directories searched recursively, each one's files sorted
/// by path; a file named is taken as it is. A symbolic link that leads back
/// to a directory being searched is an error naming it, not a walk that
/// reads the same files again and again.
pub fn collect(paths: &[PathBuf], ext: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, ext, &mut found, &mut HashSet::new())?;
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// [`collect`] in `dir`; `open` holds the directories being searched, as
/// the system resolves them.
fn walk(
    dir: &Path,
    ext: &str,
    out: &mut Vec<PathBuf>,
    open: &mut HashSet<PathBuf>,
) -> std::io::Result<()> {
    let real = dir.canonicalize()?;
    if !open.insert(real.clone()) {
        return Err(std::io::Error::other(format!(
            "{}: a symbolic link loop (it leads back to {})",
            dir.display(),
            real.display()
        )));
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, ext, out, open)?;
        } else if path.is_file() && path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    open.remove(&real);
    Ok(())
}

/// A fresh scratch directory for the unit tests of this crate, named by
/// `tag` and the process.
#[cfg(test)]
pub(crate) fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flank-harness-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symlink_loop_is_refused_by_name() {
        let d = scratch("files-loop");
        std::fs::create_dir_all(d.join("a/b")).unwrap();
        std::fs::write(d.join("a/one.flank"), "x").unwrap();
        std::os::unix::fs::symlink(d.join("a"), d.join("a/b/back")).unwrap();
        let e = collect(&[d.join("a")], "flank").unwrap_err().to_string();
        assert!(
            e.contains("a/b/back") && e.contains("symbolic link loop"),
            "{e}"
        );
        // Two links to one directory are no loop: both are searched.
        std::fs::remove_file(d.join("a/b/back")).unwrap();
        std::fs::create_dir_all(d.join("c")).unwrap();
        std::os::unix::fs::symlink(d.join("c"), d.join("a/c1")).unwrap();
        std::os::unix::fs::symlink(d.join("c"), d.join("a/c2")).unwrap();
        std::fs::write(d.join("c/two.flank"), "x").unwrap();
        let got = collect(&[d.join("a")], "flank").unwrap();
        assert_eq!(got.len(), 3, "{got:?}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn only_regular_files_of_bounded_size_are_read() {
        let d = scratch("files-read");
        let big = d.join("big.flank");
        std::fs::write(&big, vec![b'#'; MAX_FILE_BYTES as usize + 1]).unwrap();
        assert!(read(&big).unwrap_err().contains("at most"));
        let fifo = d.join("pipe.flank");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        // A FIFO is neither read (it would block) nor collected.
        assert_eq!(read(&fifo).unwrap_err(), "not a regular file");
        assert_eq!(
            collect(std::slice::from_ref(&d), "flank").unwrap(),
            vec![big.clone()]
        );
        assert!(read(&d.join("none.flank")).is_err());
        std::fs::write(d.join("ok.flank"), "name: x\n").unwrap();
        assert_eq!(read(&d.join("ok.flank")).unwrap(), "name: x\n");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unreadable_file_has_no_line() {
        let e = FileError {
            file: PathBuf::from("dir/x.flank"),
            line: 0,
            what: "No such file or directory (os error 2)".into(),
        };
        assert_eq!(
            e.to_string(),
            "cannot read dir/x.flank: No such file or directory (os error 2)"
        );
        let e = FileError { line: 3, ..e };
        assert!(e.to_string().starts_with("dir/x.flank:3: "));
    }
}
