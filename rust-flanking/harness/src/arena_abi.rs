//! The arena section of the C ABI ("Arena scenarios, for the in-game arena"
//! in `include/flanking.h`): the game's arena reads a `*.arena` scenario
//! through these functions, so the format has one parser,
//! [`crate::arena`].
//!
//! A file is a `Box<ArenaFile>` behind the header's opaque
//! `struct flank_arena_file`; it owns every string and array it hands out.
//! Parsing runs under `catch_unwind`, so no panic (a bug) unwinds into C.

use std::ffi::{c_char, CStr, CString};
use std::path::Path;

use crate::abi_common::{self, array_ptr, c_path, c_string, padded_map, small, Load, Texts};
use crate::arena::{Policy, Scenario};
use crate::files::FileError;
use flank_rules::sys;

pub use sys::{flank_arena, flank_arena_creature, flank_arena_file};

// The header's prototypes, as bindgen read them, are the types of the
// functions below (see the same check in `abi`).
const _: () = {
    let _: unsafe extern "C" fn(*const c_char) -> *mut flank_arena_file = sys::flank_arena_load;
    let _: unsafe extern "C" fn(*const c_char) -> *mut flank_arena_file = flank_arena_load;
    let _: unsafe extern "C" fn(*const flank_arena_file, *mut flank_arena) -> i32 =
        sys::flank_arena_get;
    let _: unsafe extern "C" fn(*const flank_arena_file, *mut flank_arena) -> i32 = flank_arena_get;
    let _: unsafe extern "C" fn(*mut flank_arena_file) = sys::flank_arena_free;
    let _: unsafe extern "C" fn(*mut flank_arena_file) = flank_arena_free;
};

/// What `struct flank_arena_file` really is: a parsed scenario (or the
/// error that stopped it) with the C strings and the array the struct
/// points into.
#[derive(Debug)]
pub struct ArenaFile {
    texts: Texts,
    role: CString,
    species: Vec<CString>,
    creatures: Vec<flank_arena_creature>,
    raw: flank_arena,
}

impl Load for ArenaFile {
    type Parsed = Scenario;
    const LOAD: fn(&Path) -> Result<Scenario, FileError> = Scenario::load;

    /// The file of a parsed scenario.
    fn from_parsed(s: &Scenario) -> ArenaFile {
        let (map, rows, cols) = padded_map(&s.map);
        let species: Vec<CString> = s.creatures.iter().map(|c| c_string(&c.species)).collect();
        let creatures = s
            .creatures
            .iter()
            .map(|c| flank_arena_creature {
                species: std::ptr::null(),
                row: small(c.at.0),
                col: small(c.at.1),
                line: small(c.line),
                tame: u8::from(c.tame),
                reserved: 0,
            })
            .collect();
        let (goal_row, goal_col) = s.goal.map_or((-1, -1), |(r, c)| (r as i16, c as i16));
        let raw = flank_arena {
            rows: small(rows),
            cols: small(cols),
            hero_row: small(s.hero_at.0),
            hero_col: small(s.hero_at.1),
            goal_row,
            goal_col,
            role_line: small(s.role_line),
            level: s.level,
            policy: match s.policy {
                Policy::Hold => sys::FLANK_ARENA_HOLD,
                Policy::Retreat => sys::FLANK_ARENA_RETREAT,
                Policy::Cross => sys::FLANK_ARENA_CROSS,
                Policy::Player => sys::FLANK_ARENA_PLAYER,
            } as u8,
            turns: s.turns,
            ncreatures: small(s.creatures.len()),
            hero_on: s.hero_on as u8 as c_char,
            ..Default::default()
        };
        ArenaFile {
            texts: Texts::parsed(&s.name, &s.path, &map),
            role: c_string(&s.role),
            species,
            creatures,
            raw,
        }
    }

    /// The file of a scenario that could not be used.
    fn from_error(path: &Path, error: &str) -> ArenaFile {
        ArenaFile {
            texts: Texts::failed(path, error),
            role: CString::default(),
            species: Vec::new(),
            creatures: Vec::new(),
            raw: flank_arena::default(),
        }
    }
}

impl ArenaFile {
    /// Points the creatures at their species strings. Done once the file
    /// sits where it will stay (in its box), since the array holds pointers.
    fn link(&mut self) {
        for (c, s) in self.creatures.iter_mut().zip(&self.species) {
            c.species = s.as_ptr();
        }
    }

    /// The struct C sees; its pointers live as long as `self`.
    pub fn to_c(&self) -> flank_arena {
        flank_arena {
            name: self.texts.name.as_ptr(),
            path: self.texts.path.as_ptr(),
            error: self.texts.error_ptr(),
            map: self.texts.map.as_ptr(),
            role: self.role.as_ptr(),
            creatures: array_ptr(&self.creatures),
            ..self.raw
        }
    }

    /// The error text, if the file is one.
    pub fn error(&self) -> Option<&CStr> {
        self.texts.error.as_deref()
    }
}

/// `flank_arena_load()`: loads and parses a scenario file.
///
/// # Safety
/// `path` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn flank_arena_load(path: *const c_char) -> *mut flank_arena_file {
    // SAFETY: the caller guarantees `path` is NULL or a NUL-terminated string.
    let Some(path) = (unsafe { c_path(path) }) else {
        return std::ptr::null_mut();
    };
    let mut boxed = Box::new(abi_common::load_caught::<ArenaFile>(&path, "scenario"));
    boxed.link();
    Box::into_raw(boxed).cast()
}

/// `flank_arena_get()`: the scenario into `*out`.
///
/// # Safety
/// `file` is NULL or a live file from [`flank_arena_load`]; `out` is NULL
/// or points to a writable `struct flank_arena`.
#[no_mangle]
pub unsafe extern "C" fn flank_arena_get(
    file: *const flank_arena_file,
    out: *mut flank_arena,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `file` is NULL or valid.
    let Some(file) = (unsafe { file.cast::<ArenaFile>().as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    // SAFETY: `out` is not NULL and the caller guarantees it is writable.
    unsafe { out.write(file.to_c()) };
    sys::FLANK_OK as i32
}

/// `flank_arena_free()`: frees a file.
///
/// # Safety
/// `file` is NULL or a file from [`flank_arena_load`] not yet freed; it
/// must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn flank_arena_free(file: *mut flank_arena_file) {
    if !file.is_null() {
        // SAFETY: `file` came from Box::into_raw in flank_arena_load.
        drop(unsafe { Box::from_raw(file.cast::<ArenaFile>()) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_through_the_c_functions() {
        let dir = std::env::temp_dir().join(format!("flank-arena-abi-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.arena");
        std::fs::write(
            &good,
            "hero: Valkyrie 3\npolicy: retreat\ntrials: 5\nturns: 50\n\
             compare: FLANKING=0 | FLANKING=100\nmonster j: jackal\npet d: little dog\n\
             map:\n|.j..\n@d#*\nend\n",
        )
        .unwrap();
        let bad = dir.join("bad.arena");
        std::fs::write(&bad, "hero: Valkyrie\n").unwrap();
        let cpath = |p: &Path| CString::new(p.to_str().unwrap()).unwrap();
        unsafe {
            let f = flank_arena_load(cpath(&good).as_ptr());
            let mut a = flank_arena::default();
            assert_eq!(flank_arena_get(f, &mut a), 0);
            assert!(a.error.is_null());
            assert_eq!(CStr::from_ptr(a.name).to_str().unwrap(), "good");
            assert_eq!(CStr::from_ptr(a.map).to_str().unwrap(), "|.j..@d#* ");
            assert_eq!((a.rows, a.cols, a.hero_row, a.hero_col), (2, 5, 1, 0));
            assert_eq!((a.goal_row, a.goal_col), (1, 3));
            assert_eq!(CStr::from_ptr(a.role).to_str().unwrap(), "Valkyrie");
            assert_eq!((a.role_line, a.level, a.turns), (1, 3, 50));
            assert_eq!(u32::from(a.policy), sys::FLANK_ARENA_RETREAT);
            assert_eq!(a.ncreatures, 2);
            assert_eq!(a.hero_on as u8, b'.');
            let cs = std::slice::from_raw_parts(a.creatures, 2);
            assert_eq!(CStr::from_ptr(cs[0].species).to_str().unwrap(), "jackal");
            assert_eq!((cs[0].row, cs[0].col, cs[0].line, cs[0].tame), (0, 2, 6, 0));
            assert_eq!(
                CStr::from_ptr(cs[1].species).to_str().unwrap(),
                "little dog"
            );
            assert_eq!((cs[1].row, cs[1].col, cs[1].line, cs[1].tame), (1, 1, 7, 1));
            flank_arena_free(f);

            let f = flank_arena_load(cpath(&bad).as_ptr());
            assert_eq!(flank_arena_get(f, &mut a), 0);
            let e = CStr::from_ptr(a.error).to_str().unwrap();
            assert!(
                e.ends_with(
                    "bad.arena:1: bad hero `Valkyrie`: a role and a level, like `Valkyrie 1`"
                ),
                "{e}"
            );
            assert_eq!(flank_arena_get(f, std::ptr::null_mut()), sys::FLANK_E_NULL);
            assert_eq!(flank_arena_get(std::ptr::null(), &mut a), sys::FLANK_E_NULL);
            flank_arena_free(f);
            flank_arena_free(std::ptr::null_mut());
            assert!(flank_arena_load(std::ptr::null()).is_null());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
