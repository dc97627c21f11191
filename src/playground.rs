//! The per-user playground: the directory NetHack runs in (`-d`), with its
//! data files, sysconf, score files and save directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The game's data files of this build, embedded at compile time.
const DATA: &[(&str, &[u8])] = &[
    (
        "nhdat",
        include_bytes!(concat!(env!("NETHACK_DATA_DIR"), "/nhdat")),
    ),
    (
        "license",
        include_bytes!(concat!(env!("NETHACK_DATA_DIR"), "/license")),
    ),
    (
        "symbols",
        include_bytes!(concat!(env!("NETHACK_DATA_DIR"), "/symbols")),
    ),
    (
        "Guidebook",
        include_bytes!(concat!(env!("NETHACK_DATA_DIR"), "/Guidebook")),
    ),
    (
        "nethack.6",
        include_bytes!(concat!(env!("NETHACK_DATA_DIR"), "/nethack.6")),
    ),
];

/// The sysconf that the patched tree installs (sys/unix/sysconf).
const SYSCONF: &str = include_str!(concat!(env!("NETHACK_DATA_DIR"), "/sysconf"));

/// Files NetHack expects to exist and appends to.
const SCORE_FILES: &[&str] = &["record", "logfile", "xlogfile", "perm"];

/// `vanilla`, `baseline`, `pre-tactics` or `variant`: which tree this binary
/// was built from.
pub const FLAVOUR: &str = env!("NETHACK_FLAVOUR");

/// The playground's directory name under the XDG data directory.
pub fn dir_name() -> &'static str {
    match FLAVOUR {
        "vanilla" => "nethack-flanking-vanilla",
        "baseline" => "nethack-flanking-baseline",
        // its sysconf must not hold keys of the `[tactics]` patches
        "pre-tactics" => "nethack-flanking-pre-tactics",
        _ => "nethack-flanking",
    }
}

/// The playground: `NETHACK_FLANKING_PLAYGROUND` if set, else
/// `$XDG_DATA_HOME/<dir_name>`, else `$HOME/.local/share/<dir_name>`. A
/// relative `XDG_DATA_HOME` is ignored, as the XDG base directory
/// specification says ("If an implementation encounters a relative path in
/// any of these variables it should consider the path invalid and ignore
/// it").
pub fn dir_from_env() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("NETHACK_FLANKING_PLAYGROUND").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    let base = match std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty() && Path::new(d).is_absolute())
    {
        Some(d) => PathBuf::from(d),
        None => match std::env::var_os("HOME").filter(|d| !d.is_empty()) {
            Some(h) => PathBuf::from(h).join(".local/share"),
            None => {
                return Err(
                    "neither XDG_DATA_HOME nor HOME is set: set NETHACK_FLANKING_PLAYGROUND".into(),
                )
            }
        },
    };
    Ok(base.join(dir_name()))
}

/// Where a new playground's dump logs go, named as public servers name
/// them: the player's name and the game's start time
/// (`DUMPLOGFILE` placeholders `%n`, `%d`), in the playground's
/// [`DUMPLOG_DIR`].
pub const DUMPLOGFILE: &str = "dumplog/%n.%d.txt";
/// The playground's directory of dump logs ([`DUMPLOGFILE`]).
pub const DUMPLOG_DIR: &str = "dumplog";

/// The sysconf a new playground gets: the tree's own, with wizard mode
/// allowed (the playground belongs to one player, who asks for it with -D)
/// and a dump log of every game ([`DUMPLOGFILE`]).
pub fn initial_sysconf() -> String {
    let mut out = String::with_capacity(SYSCONF.len() + 200);
    for line in SYSCONF.lines() {
        if line.starts_with("WIZARDS=") {
            out.push_str("# A personal playground: its owner may use wizard mode (-D).\n");
            out.push_str("WIZARDS=*\n");
        } else if line.starts_with("#DUMPLOGFILE=") {
            out.push_str(line);
            out.push('\n');
            out.push_str(
                "# NetHack Flanking: a dump log of every game, named as public servers\n\
                 # name them (player, start time), in this playground's dumplog/.\n",
            );
            out.push_str(&format!("DUMPLOGFILE={DUMPLOGFILE}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A playground directory.
#[derive(Debug, Clone)]
pub struct Playground {
    dir: PathBuf,
}

impl Playground {
    /// The playground at `dir` (nothing is touched yet).
    pub fn new(dir: PathBuf) -> Self {
        Playground { dir }
    }

    /// Its directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Creates what is missing and refreshes this build's data files. The
    /// player's own files (sysconf, scores, logs, saves) are never rewritten.
    /// An error names the file or directory it came from.
    pub fn ensure(&self) -> io::Result<()> {
        let at = |path: &Path| {
            let path = path.to_path_buf();
            move |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()))
        };
        for dir in ["save", DUMPLOG_DIR] {
            let path = self.dir.join(dir);
            fs::create_dir_all(&path).map_err(at(&path))?;
        }
        for (name, bytes) in DATA {
            let path = self.dir.join(name);
            if fs::read(&path).map(|old| old != *bytes).unwrap_or(true) {
                write_atomically(&path, bytes).map_err(at(&path))?;
            }
        }
        let sysconf = self.dir.join("sysconf");
        if !sysconf.exists() {
            write_atomically(&sysconf, initial_sysconf().as_bytes()).map_err(at(&sysconf))?;
        }
        for name in SCORE_FILES {
            let path = self.dir.join(name);
            fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .map_err(at(&path))?;
        }
        Ok(())
    }
}

/// Writes `path` through a temporary file in the same directory, so a
/// crash never leaves half a data file behind.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = path.with_extension("new");
    fs::write(&tmp, bytes)?;
    fs::rename(&tmp, path)
}
