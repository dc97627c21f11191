//! The movement fixtures over the C ABI ("Movement fixtures" in the fixture
//! section of `include/flanking.h`): the game's fixture harness reads
//! `*.move` files through these functions, so the format has one parser,
//! [`crate::movement`].
//!
//! A set is a [`MoveSet`] ([`crate::set_abi`]'s one set) behind the
//! header's opaque `struct flank_move_set`; it owns every string and array
//! it hands out. Parsing runs under `catch_unwind`, so no panic (a bug)
//! unwinds into C.

use std::ffi::{c_char, CStr, CString};
use std::path::Path;

use crate::abi_common::{array_ptr, c_string, checked_map, small, Load, Texts};
use crate::files::FileError;
use crate::movement::MoveFixture;
use crate::set_abi::{self, Format, Set};
use flank_rules::sys;

pub use sys::{flank_move_creature, flank_move_fixture, flank_move_set};

// The header's prototypes, as bindgen read them, are the types of the
// functions below (see the same check in `abi`).
const _: () = {
    let _: unsafe extern "C" fn() -> *mut flank_move_set = sys::flank_moves_new;
    let _: extern "C" fn() -> *mut flank_move_set = flank_moves_new;
    let _: unsafe extern "C" fn(*mut flank_move_set, *const c_char) -> i32 = sys::flank_moves_add;
    let _: unsafe extern "C" fn(*mut flank_move_set, *const c_char) -> i32 = flank_moves_add;
    let _: unsafe extern "C" fn(*const flank_move_set) -> i32 = sys::flank_moves_count;
    let _: unsafe extern "C" fn(*const flank_move_set) -> i32 = flank_moves_count;
    let _: unsafe extern "C" fn(*const flank_move_set, i32, *mut flank_move_fixture) -> i32 =
        sys::flank_moves_get;
    let _: unsafe extern "C" fn(*const flank_move_set, i32, *mut flank_move_fixture) -> i32 =
        flank_moves_get;
    let _: unsafe extern "C" fn(*mut flank_move_set) = sys::flank_moves_free;
    let _: unsafe extern "C" fn(*mut flank_move_set) = flank_moves_free;
};

/// One entry of a set: a parsed movement fixture or the error that stopped
/// it, with the C strings and the array the struct points into. The
/// pointers point into heap buffers, which stay put when the entry moves.
#[derive(Debug)]
pub struct MoveEntry {
    texts: Texts,
    species: Vec<CString>,
    creatures: Vec<flank_move_creature>,
    raw: flank_move_fixture,
}

impl Load for MoveEntry {
    type Parsed = MoveFixture;
    const LOAD: fn(&Path) -> Result<MoveFixture, FileError> = MoveFixture::load;

    /// The entry of a parsed fixture.
    fn from_parsed(f: &MoveFixture) -> MoveEntry {
        let (map, rows, cols) = match checked_map(&f.path, &f.map) {
            Ok(m) => m,
            Err(why) => return MoveEntry::from_error(&f.path, &why),
        };
        let mut species = Vec::new();
        let mut creatures = Vec::new();
        for (r, row) in f.map.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let Some(spec) = f.creatures.get(&ch) else {
                    continue;
                };
                let s = c_string(&spec.species);
                creatures.push(flank_move_creature {
                    species: s.as_ptr(),
                    row: small(r),
                    col: small(c),
                    line: small(spec.line),
                    states: spec.states.bits(),
                    mover: u8::from(ch == f.mover),
                    letter: ch as u8 as c_char,
                    reserved: [0; 3],
                });
                species.push(s);
            }
        }
        let mut expect = [0u8; sys::FLANK_MV_MAX_TURNS as usize];
        for (slot, e) in expect.iter_mut().zip(&f.expect) {
            *slot = e.code();
        }
        let raw = flank_move_fixture {
            rows: small(rows),
            cols: small(cols),
            hero_row: small(f.hero_at.0),
            hero_col: small(f.hero_at.1),
            runs: f.runs,
            ncreatures: small(creatures.len()),
            rules: f.rules.id(),
            facing: f.facing.unwrap_or(sys::FLANK_FX_UNSET as u8),
            heading: f.heading.unwrap_or(sys::FLANK_FX_UNSET as u8),
            hero_on: f.hero_on as u8 as c_char,
            nexpect: f.expect.len() as u8,
            expect,
            ..Default::default()
        };
        MoveEntry {
            texts: Texts::parsed(&f.name, &f.path, &map),
            species,
            creatures,
            raw,
        }
    }

    /// The entry of a file (or path) that could not be used.
    fn from_error(path: &Path, error: &str) -> MoveEntry {
        MoveEntry {
            texts: Texts::failed(path, error),
            species: Vec::new(),
            creatures: Vec::new(),
            raw: flank_move_fixture::default(),
        }
    }
}

impl MoveEntry {
    /// The struct C sees; its pointers live as long as `self`.
    pub fn to_c(&self) -> flank_move_fixture {
        flank_move_fixture {
            name: self.texts.name.as_ptr(),
            path: self.texts.path.as_ptr(),
            error: self.texts.error_ptr(),
            map: self.texts.map.as_ptr(),
            creatures: array_ptr(&self.creatures),
            ..self.raw
        }
    }

    /// The error text, if the entry is one.
    pub fn error(&self) -> Option<&CStr> {
        self.texts.error.as_deref()
    }

    /// The species strings the creatures point to, in map order.
    pub fn species(&self) -> &[CString] {
        &self.species
    }
}

/// The `*.move` format as a set of the C ABI ([`crate::set_abi`]).
#[derive(Debug)]
pub struct Move;

impl Format for Move {
    type Entry = MoveEntry;
    const EXT: &'static str = "move";
}

/// What `struct flank_move_set` really is.
pub type MoveSet = Set<Move>;

set_abi::set_functions!(
    Move,
    flank_move_set,
    flank_moves_new,
    flank_moves_add,
    flank_moves_count,
    flank_moves_free
);

/// `flank_moves_get()`: entry `index` into `*out`.
///
/// # Safety
/// `set` is NULL or a live set from [`flank_moves_new`]; `out` is NULL or
/// points to a writable `struct flank_move_fixture`.
#[no_mangle]
pub unsafe extern "C" fn flank_moves_get(
    set: *const flank_move_set,
    index: i32,
    out: *mut flank_move_fixture,
) -> i32 {
    // SAFETY: as the caller guarantees.
    unsafe { set_abi::get::<Move, _, _>(set, index, out, |e| (e.to_c(), sys::FLANK_OK as i32)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(tag: &str) -> PathBuf {
        crate::files::scratch(&format!("mv-{tag}"))
    }

    #[test]
    fn movement_fixtures_through_the_c_functions() {
        let dir = scratch("one");
        std::fs::write(
            dir.join("b.move"),
            "name: pack\nrules: dnd\nfacing: n\nheading: se\nhero-on: corridor\nmover: j\nruns: 3\n\
             expect: move wait vanilla\ncreature j: jackal attacked\ncreature k: little dog tame\n\
             map:\n-.---\n.k@.\n..*\n.j\nend\n",
        )
        .unwrap();
        std::fs::write(dir.join("a.move"), "mover: 7\n").unwrap();
        // a *.flank beside them is not a movement fixture
        std::fs::write(dir.join("c.flank"), "attacker: n\n").unwrap();
        let set = flank_moves_new();
        let path = CString::new(dir.to_str().unwrap()).unwrap();
        unsafe {
            assert_eq!(flank_moves_add(set, path.as_ptr()), 2);
            assert_eq!(flank_moves_count(set), 2);
            let mut f = flank_move_fixture::default();
            assert_eq!(flank_moves_get(set, 0, &mut f), 0);
            let err = CStr::from_ptr(f.error).to_str().unwrap();
            assert!(
                err.ends_with("a.move:1: bad mover `7`: one map letter"),
                "{err}"
            );
            assert_eq!(flank_moves_get(set, 1, &mut f), 0);
            assert!(f.error.is_null());
            assert_eq!(CStr::from_ptr(f.name).to_str().unwrap(), "pack");
            assert_eq!((f.rows, f.cols, f.hero_row, f.hero_col), (4, 5, 1, 2));
            assert_eq!(
                CStr::from_ptr(f.map).to_str().unwrap(),
                "-.---.k@. ..*  .j   "
            );
            assert_eq!((f.runs, f.rules, f.facing, f.nexpect), (3, 2, 2, 3));
            assert_eq!((f.heading, f.hero_on as u8), (5, b'#'));
            assert_eq!(&f.expect[..4], &[0, 1, 2, 0]);
            assert_eq!(f.ncreatures, 2);
            let cs = std::slice::from_raw_parts(f.creatures, 2);
            assert_eq!(
                CStr::from_ptr(cs[0].species).to_str().unwrap(),
                "little dog"
            );
            assert_eq!((cs[0].row, cs[0].col, cs[0].line), (1, 1, 10));
            assert_eq!(u32::from(cs[0].states), sys::FLANK_MV_TAME);
            assert_eq!((cs[0].mover, cs[0].letter as u8), (0, b'k'));
            assert_eq!(CStr::from_ptr(cs[1].species).to_str().unwrap(), "jackal");
            assert_eq!((cs[1].row, cs[1].col, cs[1].mover), (3, 1, 1));
            assert_eq!(u32::from(cs[1].states), sys::FLANK_MV_ATTACKED);
            assert_eq!(flank_moves_get(set, 2, &mut f), sys::FLANK_E_INDEX);
            assert_eq!(flank_moves_get(set, -1, &mut f), sys::FLANK_E_INDEX);
            assert_eq!(
                flank_moves_get(set, 0, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_moves_get(std::ptr::null(), 0, &mut f),
                sys::FLANK_E_NULL
            );
            assert_eq!(flank_moves_count(std::ptr::null()), sys::FLANK_E_NULL);
            assert_eq!(flank_moves_add(set, std::ptr::null()), sys::FLANK_E_NULL);
            flank_moves_free(set);
            flank_moves_free(std::ptr::null_mut());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
