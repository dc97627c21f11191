//! The fixture section of the C ABI ("Fixtures, for the in-game harness" in
//! `include/flanking.h`): the game's fixture harness reads `*.flank` files
//! through these functions, so the format has one parser, [`crate::fixture`].
//!
//! A set is a `Box<FixtureSet>` behind the header's opaque
//! `struct flank_fixture_set`; it owns every string it hands out. No
//! function here unwinds into C: parsing runs under `catch_unwind`, and a
//! panic (a bug) becomes an error entry.

use std::ffi::{c_char, CStr, CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::fixture::{collect, CreatureStates, DefenderTraits, Fixture};
use crate::sys;

pub use sys::{
    flank_fixture, flank_fixture_far, flank_fixture_set, flank_fixture_v2, flank_fixture_v3,
};

// The header's prototypes, as bindgen read them, are the types of the
// functions below (see the same check in `abi`).
const _: () = {
    let _: unsafe extern "C" fn() -> *mut flank_fixture_set = sys::flank_fixtures_new;
    let _: extern "C" fn() -> *mut flank_fixture_set = flank_fixtures_new;
    let _: unsafe extern "C" fn(*mut flank_fixture_set, *const c_char) -> i32 =
        sys::flank_fixtures_add;
    let _: unsafe extern "C" fn(*mut flank_fixture_set, *const c_char) -> i32 = flank_fixtures_add;
    let _: unsafe extern "C" fn(*const flank_fixture_set) -> i32 = sys::flank_fixtures_count;
    let _: unsafe extern "C" fn(*const flank_fixture_set) -> i32 = flank_fixtures_count;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture) -> i32 =
        sys::flank_fixtures_get;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture) -> i32 =
        flank_fixtures_get;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture_v2) -> i32 =
        sys::flank_fixtures_get_v2;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture_v2) -> i32 =
        flank_fixtures_get_v2;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture_v3) -> i32 =
        sys::flank_fixtures_get_v3;
    let _: unsafe extern "C" fn(*const flank_fixture_set, i32, *mut flank_fixture_v3) -> i32 =
        flank_fixtures_get_v3;
    let _: unsafe extern "C" fn(*mut flank_fixture_set) = sys::flank_fixtures_free;
    let _: unsafe extern "C" fn(*mut flank_fixture_set) = flank_fixtures_free;
};

/// One entry of a set: a parsed fixture or the error that stopped it, with
/// the C strings the struct points into.
#[derive(Debug)]
pub struct Entry {
    name: CString,
    path: CString,
    error: Option<CString>,
    map: CString,
    raw: flank_fixture,
    /// The facing fields (all UNSET for an arc-only fixture).
    v2: flank_fixture_v2,
    /// For a fixture that uses facing: the error a version-1 consumer gets.
    v1_refusal: Option<CString>,
    /// `ranged: on`.
    ranged: bool,
    /// The `far` creatures.
    far: Vec<flank_fixture_far>,
    /// For a fixture with threats from range: the error a version-1 or
    /// version-2 consumer gets.
    range_refusal: Option<CString>,
}

const UNSET: u8 = sys::FLANK_FX_UNSET as u8;

/// The facing fields of an arc-only fixture: nothing given.
fn v2_unset() -> flank_fixture_v2 {
    flank_fixture_v2 {
        rules: UNSET,
        facing: UNSET,
        creature_facing: [UNSET; 8],
        expect_zone: UNSET,
        expect_hit_half_points: UNSET,
        expect_shield: UNSET,
        ..Default::default()
    }
}

impl Entry {
    /// The entry of a parsed fixture.
    pub fn from_fixture(f: &Fixture) -> Entry {
        let rows = f.map.len();
        let cols = f.map.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        if rows > usize::from(u16::MAX) || cols > usize::from(u16::MAX) {
            return Entry::from_error(
                &f.path,
                &format!(
                    "{}: the map block is {cols} columns by {rows} rows, too large",
                    f.path.display()
                ),
            );
        }
        let mut map = String::with_capacity(rows * cols);
        for row in &f.map {
            let n = row.chars().count();
            map.push_str(row);
            map.extend(std::iter::repeat_n(' ', cols - n));
        }
        let mut raw = flank_fixture {
            rows: rows as u16,
            cols: cols as u16,
            def_row: f.defender_at.0 as u16,
            def_col: f.defender_at.1 as u16,
            attack_dir: f.attacker,
            expect_half_points: f.expect_half_points,
            defender: defender_bits(&f.defender),
            ..Default::default()
        };
        for d in 0..8 {
            // Glyphs are ASCII (the parser refuses anything else).
            raw.glyph[d] = f.glyphs[d] as u8 as c_char;
            if f.glyphs[d].is_ascii_alphabetic() {
                raw.creature[d] = creature_bits(&f.creatures[d]);
            }
        }
        let mut v2 = v2_unset();
        let mut v1_refusal = None;
        if let Some(spec) = &f.facing {
            v2.uses_facing = 1;
            v2.rules = spec.rules.id();
            v2.facing = spec.facing;
            v2.def_facing = pack_bits(&[
                (f.defender.shield, sys::FLANK_FX_DEF_SHIELD),
                (f.defender.sleeping, sys::FLANK_FX_DEF_SLEEPING),
            ]) as u8;
            v2.creature_facing = spec.creature_facing.map(|c| c.unwrap_or(UNSET));
            v2.flags = f.attack_facts().bits();
            v2.expect_zone = spec.expect_zone.code();
            v2.expect_hit_half_points = spec.expect_hit;
            v2.expect_shield = spec.expect_shield.map_or(UNSET, u8::from);
            v2.expect_damage_percent = spec.expect_damage.percent;
            v2.expect_damage_flat = spec.expect_damage.flat;
            v2.expect_bits = spec.expect_extra;
            let (key, line) = &spec.first_key;
            v1_refusal = Some(c_string(&format!(
                "{}:{line}: uses facing (`{key}`), which this consumer does not read; use flank_fixtures_get_v2()",
                f.path.display()
            )));
        }
        let far = f
            .far
            .iter()
            .map(|c| flank_fixture_far {
                row: small(c.at.0),
                col: small(c.at.1),
                line: small(c.line),
                states: creature_bits(&c.states),
                arms: c.arms,
                // Letters are ASCII (the parser refuses anything else).
                letter: c.letter as u8 as c_char,
                reserved: 0,
            })
            .collect();
        let range_refusal = f.first_ranged_key.as_ref().map(|(key, line)| {
            c_string(&format!(
                "{}:{line}: has threats from range (`{key}`), which this consumer does not read; use flank_fixtures_get_v3()",
                f.path.display()
            ))
        });
        Entry {
            name: c_string(&f.name),
            path: c_string(&f.path.display().to_string()),
            error: None,
            map: c_string(&map),
            raw,
            v2,
            v1_refusal,
            ranged: f.ranged,
            far,
            range_refusal,
        }
    }

    /// The entry of a file (or path) that could not be used.
    pub fn from_error(path: &Path, error: &str) -> Entry {
        Entry {
            name: c_string(&stem_name(path)),
            path: c_string(&path.display().to_string()),
            error: Some(c_string(error)),
            map: CString::default(),
            raw: flank_fixture::default(),
            v2: v2_unset(),
            v1_refusal: None,
            ranged: false,
            far: Vec::new(),
            range_refusal: None,
        }
    }

    /// The struct C sees; its pointers live as long as `self`.
    pub fn to_c(&self) -> flank_fixture {
        flank_fixture {
            name: self.name.as_ptr(),
            path: self.path.as_ptr(),
            error: self.error.as_ref().map_or(std::ptr::null(), |e| e.as_ptr()),
            map: self.map.as_ptr(),
            ..self.raw
        }
    }

    /// An error entry for a consumer that cannot read this fixture.
    fn refused(&self, why: &CStr) -> flank_fixture {
        flank_fixture {
            name: self.name.as_ptr(),
            path: self.path.as_ptr(),
            error: why.as_ptr(),
            map: c"".as_ptr(),
            ..flank_fixture::default()
        }
    }

    /// What `flank_fixtures_get` gives: the struct, or for a fixture with
    /// threats from range an error entry and `FLANK_E_FIXTURE_RANGED`, or
    /// for one that uses facing an error entry and
    /// `FLANK_E_FIXTURE_FACING`.
    pub fn to_c_v1(&self) -> (flank_fixture, i32) {
        match (&self.range_refusal, &self.v1_refusal) {
            (Some(why), _) => (self.refused(why), sys::FLANK_E_FIXTURE_RANGED),
            (None, Some(why)) => (self.refused(why), sys::FLANK_E_FIXTURE_FACING),
            (None, None) => (self.to_c(), sys::FLANK_OK as i32),
        }
    }

    /// The version-2 struct: [`Entry::to_c`] plus the facing fields.
    pub fn to_c_v2(&self) -> flank_fixture_v2 {
        flank_fixture_v2 {
            base: self.to_c(),
            ..self.v2
        }
    }

    /// What `flank_fixtures_get_v2` gives: the struct, or for a fixture
    /// with threats from range an error entry (facing fields unset) and
    /// `FLANK_E_FIXTURE_RANGED`.
    pub fn to_c_v2_checked(&self) -> (flank_fixture_v2, i32) {
        match &self.range_refusal {
            None => (self.to_c_v2(), sys::FLANK_OK as i32),
            Some(why) => (
                flank_fixture_v2 {
                    base: self.refused(why),
                    ..v2_unset()
                },
                sys::FLANK_E_FIXTURE_RANGED,
            ),
        }
    }

    /// The version-3 struct: everything; its pointers live as long as
    /// `self`.
    pub fn to_c_v3(&self) -> flank_fixture_v3 {
        flank_fixture_v3 {
            v2: self.to_c_v2(),
            ranged: u8::from(self.ranged),
            // The map has at most 52 distinct letters.
            nfar: u8::try_from(self.far.len()).unwrap_or(u8::MAX),
            reserved: 0,
            far: if self.far.is_empty() {
                std::ptr::null()
            } else {
                self.far.as_ptr()
            },
        }
    }

    /// Whether the fixture has threats from range (`ranged` or `far`).
    pub fn uses_range(&self) -> bool {
        self.range_refusal.is_some()
    }

    /// Whether the fixture uses facing.
    pub fn uses_facing(&self) -> bool {
        self.v1_refusal.is_some()
    }

    /// The error text, if the entry is one.
    pub fn error(&self) -> Option<&CStr> {
        self.error.as_deref()
    }
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

/// The OR of the bits whose flag is on.
fn pack_bits(flags: &[(bool, u32)]) -> u32 {
    flags
        .iter()
        .filter(|(on, _)| *on)
        .fold(0, |bits, (_, bit)| bits | bit)
}

/// `FLANK_FX_DEF_*` bits of a defender.
pub fn defender_bits(t: &DefenderTraits) -> u8 {
    pack_bits(&[
        (t.monster, sys::FLANK_FX_DEF_MONSTER),
        (t.levitating, sys::FLANK_FX_DEF_LEVITATING),
        (t.flying, sys::FLANK_FX_DEF_FLYING),
        (t.swimming, sys::FLANK_FX_DEF_SWIMMING),
        (t.phasing, sys::FLANK_FX_DEF_PHASING),
        (t.peaceful, sys::FLANK_FX_DEF_PEACEFUL),
        (t.tame, sys::FLANK_FX_DEF_TAME),
        (t.conflict, sys::FLANK_FX_DEF_CONFLICT),
    ]) as u8
}

/// `FLANK_FX_CR_*` bits of a creature.
pub fn creature_bits(s: &CreatureStates) -> u16 {
    pack_bits(&[
        (s.peaceful, sys::FLANK_FX_CR_PEACEFUL),
        (s.tame, sys::FLANK_FX_CR_TAME),
        (s.unwilling, sys::FLANK_FX_CR_UNWILLING),
        (s.hero, sys::FLANK_FX_CR_HERO),
        (s.sleeping, sys::FLANK_FX_CR_SLEEPING),
        (s.paralyzed, sys::FLANK_FX_CR_PARALYZED),
        (s.trapped, sys::FLANK_FX_CR_TRAPPED),
        (s.fleeing, sys::FLANK_FX_CR_FLEEING),
        (s.passive, sys::FLANK_FX_CR_PASSIVE),
        (s.tail, sys::FLANK_FX_CR_TAIL),
    ]) as u16
}

/// What `struct flank_fixture_set` really is.
#[derive(Debug, Default)]
pub struct FixtureSet {
    entries: Vec<Entry>,
}

impl FixtureSet {
    /// An empty set.
    pub fn new() -> FixtureSet {
        FixtureSet::default()
    }

    /// Adds the fixture at `path`, or every `*.flank` under the directory
    /// `path` (recursively, sorted); returns how many entries were added.
    /// Nothing is dropped: a bad file or an unsearchable path is an entry
    /// with an error.
    pub fn add(&mut self, path: &Path) -> usize {
        add_files(
            &mut self.entries,
            path,
            collect,
            |file| match Fixture::load(file) {
                Ok(f) => Entry::from_fixture(&f),
                Err(e) => Entry::from_error(file, &e.to_string()),
            },
            Entry::from_error,
        )
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
}

/// What a set's `add` does, for every kind of fixture file: the files
/// `collect` finds under `path`, each made an entry by `load`, or by
/// `error` (with a message naming the file) when the path cannot be
/// searched or the parser panics: nothing is dropped. Returns how many
/// entries were added.
pub(crate) fn add_files<E>(
    entries: &mut Vec<E>,
    path: &Path,
    collect: fn(&[PathBuf]) -> std::io::Result<Vec<PathBuf>>,
    load: impl Fn(&Path) -> E,
    error: impl Fn(&Path, &str) -> E,
) -> usize {
    let before = entries.len();
    let files = match collect(&[path.to_path_buf()]) {
        Ok(files) => files,
        Err(e) => {
            entries.push(error(
                path,
                &format!("{}: cannot search for fixtures: {e}", path.display()),
            ));
            return 1;
        }
    };
    for file in files {
        let entry = catch_unwind(AssertUnwindSafe(|| load(&file))).unwrap_or_else(|_| {
            error(
                &file,
                &format!("{}: the fixture parser failed (a bug)", file.display()),
            )
        });
        entries.push(entry);
    }
    entries.len() - before
}

/// `flank_fixtures_new()`: a new, empty set.
#[no_mangle]
pub extern "C" fn flank_fixtures_new() -> *mut flank_fixture_set {
    Box::into_raw(Box::new(FixtureSet::new())).cast()
}

/// `flank_fixtures_add()`: adds a file or a directory of fixtures.
///
/// # Safety
/// `set` is NULL or a set from [`flank_fixtures_new`] not yet freed; `path`
/// is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_add(
    set: *mut flank_fixture_set,
    path: *const c_char,
) -> i32 {
    if set.is_null() || path.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees both pointers are valid.
    let (set, path) = unsafe { (&mut *set.cast::<FixtureSet>(), CStr::from_ptr(path)) };
    let path = PathBuf::from(OsStr::from_bytes(path.to_bytes()));
    let added = catch_unwind(AssertUnwindSafe(|| set.add(&path))).unwrap_or(0);
    i32::try_from(added).unwrap_or(i32::MAX)
}

/// `flank_fixtures_count()`: the number of entries.
///
/// # Safety
/// `set` is NULL or a live set from [`flank_fixtures_new`].
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_count(set: *const flank_fixture_set) -> i32 {
    // SAFETY: the caller guarantees `set` is NULL or valid.
    match unsafe { set.cast::<FixtureSet>().as_ref() } {
        Some(set) => i32::try_from(set.entries.len()).unwrap_or(i32::MAX),
        None => sys::FLANK_E_NULL,
    }
}

/// Entry `index` of `set`: `FLANK_E_NULL` for a NULL set,
/// `FLANK_E_INDEX` for an index outside it.
///
/// # Safety
/// `set` is NULL or a live set from [`flank_fixtures_new`].
unsafe fn entry_at<'a>(set: *const flank_fixture_set, index: i32) -> Result<&'a Entry, i32> {
    // SAFETY: the caller guarantees `set` is NULL or valid.
    let set = unsafe { set.cast::<FixtureSet>().as_ref() }.ok_or(sys::FLANK_E_NULL)?;
    usize::try_from(index)
        .ok()
        .and_then(|i| set.entries.get(i))
        .ok_or(sys::FLANK_E_INDEX)
}

/// What every `flank_fixtures_get*()` does: entry `index` of `set` as
/// `view` makes it, into `*out`, and `view`'s code; `FLANK_E_NULL` for a
/// NULL `out` or set, `FLANK_E_INDEX` for an index outside the set, with
/// `*out` untouched.
///
/// # Safety
/// `set` is NULL or a live set from [`flank_fixtures_new`]; `out` is NULL
/// or points to a writable `T`.
unsafe fn get_into<T>(
    set: *const flank_fixture_set,
    index: i32,
    out: *mut T,
    view: impl Fn(&Entry) -> (T, i32),
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `set` is NULL or valid.
    let entry = match unsafe { entry_at(set, index) } {
        Ok(entry) => entry,
        Err(code) => return code,
    };
    let (fx, rc) = view(entry);
    // SAFETY: `out` is not NULL and the caller guarantees it is writable.
    unsafe { out.write(fx) };
    rc
}

/// `flank_fixtures_get()`: entry `index` into `*out`.
///
/// # Safety
/// `set` is NULL or a live set from [`flank_fixtures_new`]; `out` is NULL
/// or points to a writable `struct flank_fixture`.
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_get(
    set: *const flank_fixture_set,
    index: i32,
    out: *mut flank_fixture,
) -> i32 {
    // SAFETY: as the caller guarantees.
    unsafe { get_into(set, index, out, Entry::to_c_v1) }
}

/// `flank_fixtures_get_v2()`: entry `index`, facing fields included.
///
/// # Safety
/// As [`flank_fixtures_get`], with `out` a `struct flank_fixture_v2`.
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_get_v2(
    set: *const flank_fixture_set,
    index: i32,
    out: *mut flank_fixture_v2,
) -> i32 {
    // SAFETY: as the caller guarantees.
    unsafe { get_into(set, index, out, Entry::to_c_v2_checked) }
}

/// `flank_fixtures_get_v3()`: entry `index`, every field.
///
/// # Safety
/// As [`flank_fixtures_get`], with `out` a `struct flank_fixture_v3`.
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_get_v3(
    set: *const flank_fixture_set,
    index: i32,
    out: *mut flank_fixture_v3,
) -> i32 {
    // SAFETY: as the caller guarantees.
    unsafe { get_into(set, index, out, |e| (e.to_c_v3(), sys::FLANK_OK as i32)) }
}

/// `flank_fixtures_free()`: frees a set.
///
/// # Safety
/// `set` is NULL or a set from [`flank_fixtures_new`] not yet freed; it
/// must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn flank_fixtures_free(set: *mut flank_fixture_set) {
    if !set.is_null() {
        // SAFETY: `set` came from Box::into_raw in flank_fixtures_new.
        drop(unsafe { Box::from_raw(set.cast::<FixtureSet>()) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("flank-fx-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_fixture_through_the_c_functions() {
        let dir = scratch("one");
        write(
            &dir,
            "b.flank",
            "name: wide\nattacker: w\nexpect: 1.5\ndefender: monster flying\n\
             creature w: hero\ncreature se: unwilling sleeping\n\
             map:\n|...\nx@.\n..y\nend\n",
        );
        write(&dir, "a.flank", "attacker: q\n");
        let set = flank_fixtures_new();
        let path = CString::new(dir.to_str().unwrap()).unwrap();
        unsafe {
            assert_eq!(flank_fixtures_add(set, path.as_ptr()), 2);
            assert_eq!(flank_fixtures_count(set), 2);
            let mut f = flank_fixture::default();
            // Sorted: a.flank first, an error naming the file and line.
            assert_eq!(flank_fixtures_get(set, 0, &mut f), 0);
            let err = CStr::from_ptr(f.error).to_str().unwrap();
            assert!(err.ends_with("a.flank:1: bad direction `q` (directions: n ne e se s sw w nw)"));
            assert_eq!(CStr::from_ptr(f.name).to_str().unwrap(), "a");
            assert_eq!(flank_fixtures_get(set, 1, &mut f), 0);
            assert!(f.error.is_null());
            assert_eq!(CStr::from_ptr(f.name).to_str().unwrap(), "wide");
            assert_eq!((f.rows, f.cols, f.def_row, f.def_col), (3, 4, 1, 1));
            assert_eq!(CStr::from_ptr(f.map).to_str().unwrap(), "|...x@. ..y ");
            assert_eq!(f.attack_dir, 0);
            assert_eq!(f.expect_half_points, 3);
            assert_eq!(
                u32::from(f.defender),
                sys::FLANK_FX_DEF_MONSTER | sys::FLANK_FX_DEF_FLYING
            );
            assert_eq!(u32::from(f.creature[0]), sys::FLANK_FX_CR_HERO);
            assert_eq!(
                u32::from(f.creature[5]),
                sys::FLANK_FX_CR_TAME | sys::FLANK_FX_CR_UNWILLING | sys::FLANK_FX_CR_SLEEPING
            );
            assert_eq!(f.creature[2], 0);
            assert_eq!(
                f.glyph.map(|c| c as u8 as char),
                ['x', '|', '.', '.', '.', 'y', '.', '.']
            );
            assert_eq!(flank_fixtures_get(set, 2, &mut f), sys::FLANK_E_INDEX);
            assert_eq!(flank_fixtures_get(set, -1, &mut f), sys::FLANK_E_INDEX);
            assert_eq!(
                flank_fixtures_get(set, 0, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            flank_fixtures_free(set);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn facing_fixtures_are_refused_by_v1_and_read_by_v2() {
        let dir = scratch("facing");
        write(
            &dir,
            "a.flank",
            "name: arc\nattacker: n\nexpect: 0\nmap:\n.d.\n.@.\n...\nend\n",
        );
        write(
            &dir,
            "b.flank",
            "name: face\nattacker: s\nexpect: 0\ndefender: monster shield sleeping\n\
             rules: proposal+tactics\nfacing: n\nfacing e: faceless\nrole: rogue\n\
             expect-zone: rear\nexpect-hit: 0\nexpect-damage: 150% 20->30\n\
             expect-shield: counts\ncreature s: hero\n\
             map:\n...\n.@x\n.h.\nend\n",
        );
        let set = flank_fixtures_new();
        let path = CString::new(dir.to_str().unwrap()).unwrap();
        unsafe {
            assert_eq!(flank_fixtures_add(set, path.as_ptr()), 2);
            let mut f = flank_fixture::default();
            let mut v2 = flank_fixture_v2::default();
            // The arc-only fixture: the same through both getters.
            assert_eq!(flank_fixtures_get(set, 0, &mut f), 0);
            assert!(f.error.is_null());
            assert_eq!(flank_fixtures_get_v2(set, 0, &mut v2), 0);
            assert_eq!(v2.base, f);
            assert_eq!(v2.uses_facing, 0);
            assert_eq!((v2.rules, v2.facing, v2.expect_zone), (UNSET, UNSET, UNSET));
            assert_eq!(v2.creature_facing, [UNSET; 8]);
            // The facing fixture: refused by v1, with an error naming it.
            assert_eq!(
                flank_fixtures_get(set, 1, &mut f),
                sys::FLANK_E_FIXTURE_FACING
            );
            let err = CStr::from_ptr(f.error).to_str().unwrap();
            assert!(
                err.ends_with(
                    "b.flank:4: uses facing (`defender: shield`), which this consumer does not read; use flank_fixtures_get_v2()"
                ),
                "{err}"
            );
            assert_eq!(CStr::from_ptr(f.name).to_str().unwrap(), "face");
            // ... and read whole by v2.
            assert_eq!(flank_fixtures_get_v2(set, 1, &mut v2), 0);
            assert!(v2.base.error.is_null());
            assert_eq!(v2.base.attack_dir, 6);
            assert_eq!(v2.uses_facing, 1);
            assert_eq!(v2.rules, 0x14);
            assert_eq!(v2.facing, 2);
            assert_eq!(
                u32::from(v2.def_facing),
                sys::FLANK_FX_DEF_SHIELD | sys::FLANK_FX_DEF_SLEEPING
            );
            assert_eq!(v2.creature_facing[4], sys::FLANK_FACING_NONE as u8);
            assert_eq!(v2.creature_facing[6], UNSET);
            assert_eq!(
                u32::from(v2.flags),
                sys::FLANK_FI_SHIELD
                    | sys::FLANK_FI_ROGUE
                    | sys::FLANK_FI_MELEE
                    | sys::FLANK_FI_HELPLESS
            );
            assert_eq!((v2.expect_zone, v2.expect_hit_half_points), (2, 0));
            assert_eq!((v2.expect_damage_percent, v2.expect_damage_flat), (150, 0));
            assert_eq!((v2.expect_shield, v2.expect_bits, v2.reserved), (1, 0, 0));
            assert_eq!(flank_fixtures_get_v2(set, 2, &mut v2), sys::FLANK_E_INDEX);
            assert_eq!(flank_fixtures_get_v2(set, -1, &mut v2), sys::FLANK_E_INDEX);
            assert_eq!(
                flank_fixtures_get_v2(set, 0, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_fixtures_get_v2(std::ptr::null(), 0, &mut v2),
                sys::FLANK_E_NULL
            );
            flank_fixtures_free(set);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_paths_and_null_pointers() {
        let set = flank_fixtures_new();
        let missing = CString::new("/nonexistent/flank-fixtures").unwrap();
        unsafe {
            assert_eq!(flank_fixtures_add(set, missing.as_ptr()), 1);
            let mut f = flank_fixture::default();
            assert_eq!(flank_fixtures_get(set, 0, &mut f), 0);
            assert!(CStr::from_ptr(f.error)
                .to_str()
                .unwrap()
                .starts_with("/nonexistent/flank-fixtures:0: cannot read the file"));
            assert_eq!(
                flank_fixtures_add(std::ptr::null_mut(), missing.as_ptr()),
                sys::FLANK_E_NULL
            );
            assert_eq!(flank_fixtures_add(set, std::ptr::null()), sys::FLANK_E_NULL);
            assert_eq!(flank_fixtures_count(std::ptr::null()), sys::FLANK_E_NULL);
            assert_eq!(
                flank_fixtures_get(std::ptr::null(), 0, &mut f),
                sys::FLANK_E_NULL
            );
            flank_fixtures_free(set);
            flank_fixtures_free(std::ptr::null_mut());
        }
    }
}
