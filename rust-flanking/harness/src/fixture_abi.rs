//! The fixture section of the C ABI ("Fixtures, for the in-game harness" in
//! `include/flanking.h`): the game's fixture harness reads `*.flank` files
//! through these functions, so the format has one parser, [`crate::fixture`].
//!
//! A set is a [`FixtureSet`] ([`crate::set_abi`]'s one set) behind the
//! header's opaque `struct flank_fixture_set`; it owns every string it
//! hands out. No function here unwinds into C: parsing runs under
//! `catch_unwind`, and a panic (a bug) becomes an error entry.

use std::ffi::{c_char, CStr};
use std::path::Path;

use crate::abi_common::{array_ptr, checked_map, small, Load, Texts};
use crate::files::FileError;
use crate::fixture::{CreatureStates, DefenderTraits, Fixture};
use crate::set_abi::{self, Format, Set};
use flank_rules::sys;

pub use sys::{flank_fixture, flank_fixture_far, flank_fixture_set};

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
    let _: unsafe extern "C" fn(*mut flank_fixture_set) = sys::flank_fixtures_free;
    let _: unsafe extern "C" fn(*mut flank_fixture_set) = flank_fixtures_free;
};

/// One entry of a set: a parsed fixture or the error that stopped it, with
/// the C strings the struct points into.
#[derive(Debug)]
pub struct Entry {
    texts: Texts,
    /// Every field but the pointers (the facing ones all UNSET for an
    /// arc-only fixture).
    raw: flank_fixture,
    /// The `far` creatures.
    far: Vec<flank_fixture_far>,
}

const UNSET: u8 = sys::FLANK_FX_UNSET as u8;

/// A fixture with nothing given: the facing fields and `attacker-level:`
/// unset.
fn unset() -> flank_fixture {
    flank_fixture {
        rules: UNSET,
        facing: UNSET,
        creature_facing: [UNSET; 8],
        expect_zone: UNSET,
        expect_hit_half_points: UNSET,
        expect_shield: UNSET,
        attacker_level: UNSET,
        ..Default::default()
    }
}

impl Load for Entry {
    type Parsed = Fixture;
    const LOAD: fn(&Path) -> Result<Fixture, FileError> = Fixture::load;

    /// The entry of a parsed fixture.
    fn from_parsed(f: &Fixture) -> Entry {
        let (map, rows, cols) = match checked_map(&f.path, &f.map) {
            Ok(m) => m,
            Err(why) => return Entry::from_error(&f.path, &why),
        };
        let mut raw = flank_fixture {
            rows: rows as u16,
            cols: cols as u16,
            def_row: f.defender_at.0 as u16,
            def_col: f.defender_at.1 as u16,
            attack_dir: f.attacker,
            expect_half_points: f.expect_half_points,
            defender: defender_bits(&f.defender),
            ranged: u8::from(f.ranged),
            ..unset()
        };
        for d in 0..8 {
            // Glyphs are ASCII (the parser refuses anything else).
            raw.glyph[d] = f.glyphs[d] as u8 as c_char;
            if f.glyphs[d].is_ascii_alphabetic() {
                raw.creature[d] = creature_bits(&f.creatures[d]);
            }
        }
        if let Some(spec) = &f.facing {
            raw.uses_facing = 1;
            raw.rules = spec.rules.id();
            raw.facing = spec.facing;
            raw.def_facing = pack_bits(&[
                (f.defender.shield, sys::FLANK_FX_DEF_SHIELD),
                (f.defender.sleeping, sys::FLANK_FX_DEF_SLEEPING),
            ]) as u8;
            raw.creature_facing = spec.creature_facing.map(|c| c.unwrap_or(UNSET));
            raw.flags = f.attack_facts().bits();
            raw.expect_zone = spec.expect_zone.code();
            raw.expect_hit_half_points = spec.expect_hit;
            raw.expect_shield = spec.expect_shield.map_or(UNSET, u8::from);
            raw.expect_damage_percent = spec.expect_damage.percent;
            raw.expect_damage_flat = spec.expect_damage.flat;
            raw.expect_bits = spec.expect_extra;
            raw.attacker_level = spec.attacker_level.unwrap_or(UNSET);
            if let Some((dx, dy)) = spec.attacker_at {
                (raw.attacker_dx, raw.attacker_dy) = (dx, dy);
            }
        }
        for ((p, c), g) in raw.peer.iter_mut().zip(&f.creatures).zip(f.glyphs) {
            if g.is_ascii_alphabetic() {
                *p = c.peer;
            }
        }
        raw.def_peer = pack_bits(&[
            (f.defender.elbereth, sys::FLANK_FX_PEER_ELBERETH),
            (f.defender.blind, sys::FLANK_FX_PEER_BLIND),
        ]) as u16;
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
        Entry {
            texts: Texts::parsed(&f.name, &f.path, &map),
            raw,
            far,
        }
    }

    /// The entry of a file (or path) that could not be used.
    fn from_error(path: &Path, error: &str) -> Entry {
        Entry {
            texts: Texts::failed(path, error),
            raw: unset(),
            far: Vec::new(),
        }
    }
}

impl Entry {
    /// The struct `flank_fixtures_get` gives, every field of it; its
    /// pointers live as long as `self`.
    pub fn to_c(&self) -> flank_fixture {
        flank_fixture {
            name: self.texts.name.as_ptr(),
            path: self.texts.path.as_ptr(),
            error: self.texts.error_ptr(),
            map: self.texts.map.as_ptr(),
            // The map has at most 52 distinct letters.
            nfar: u8::try_from(self.far.len()).unwrap_or(u8::MAX),
            far: array_ptr(&self.far),
            ..self.raw
        }
    }

    /// Whether the fixture has threats from range (`ranged: on` or `far`).
    pub fn uses_range(&self) -> bool {
        self.raw.ranged != 0 || !self.far.is_empty()
    }

    /// Whether the fixture uses facing.
    pub fn uses_facing(&self) -> bool {
        self.raw.uses_facing != 0
    }

    /// The error text, if the entry is one.
    pub fn error(&self) -> Option<&CStr> {
        self.texts.error.as_deref()
    }
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

/// The `*.flank` format as a set of the C ABI ([`crate::set_abi`]).
#[derive(Debug)]
pub struct Flank;

impl Format for Flank {
    type Entry = Entry;
    const EXT: &'static str = "flank";
}

/// What `struct flank_fixture_set` really is.
pub type FixtureSet = Set<Flank>;

set_abi::set_functions!(
    Flank,
    flank_fixture_set,
    flank_fixtures_new,
    flank_fixtures_add,
    flank_fixtures_count,
    flank_fixtures_free
);

/// `flank_fixtures_get()`: entry `index` into `*out`, every field of it.
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
    unsafe { set_abi::get::<Flank, _, _>(set, index, out, |e| (e.to_c(), sys::FLANK_OK as i32)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::path::PathBuf;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn scratch(tag: &str) -> PathBuf {
        crate::files::scratch(&format!("fx-{tag}"))
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
            let mut full = flank_fixture::default();
            // Sorted: a.flank first, an error naming the file and line.
            assert_eq!(flank_fixtures_get(set, 0, &mut full), 0);
            let f = full;
            let err = CStr::from_ptr(f.error).to_str().unwrap();
            assert!(err.ends_with("a.flank:1: bad direction `q` (directions: n ne e se s sw w nw)"));
            assert_eq!(CStr::from_ptr(f.name).to_str().unwrap(), "a");
            assert_eq!(flank_fixtures_get(set, 1, &mut full), 0);
            let f = full;
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
            assert_eq!(flank_fixtures_get(set, 2, &mut full), sys::FLANK_E_INDEX);
            assert_eq!(flank_fixtures_get(set, -1, &mut full), sys::FLANK_E_INDEX);
            assert_eq!(
                flank_fixtures_get(set, 0, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            flank_fixtures_free(set);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_fixture_is_read_whole_facing_fields_and_all() {
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
            let mut full = flank_fixture::default();
            // The arc-only fixture: its facing fields unset.
            assert_eq!(flank_fixtures_get(set, 0, &mut full), 0);
            let v2 = full;
            assert!(v2.error.is_null());
            assert_eq!(v2.uses_facing, 0);
            assert_eq!((v2.rules, v2.facing, v2.expect_zone), (UNSET, UNSET, UNSET));
            assert_eq!(v2.creature_facing, [UNSET; 8]);
            assert_eq!((full.ranged, full.nfar), (0, 0));
            assert!(full.far.is_null());
            // The facing fixture: read whole, no consumer can take it for
            // an arc-only one.
            assert_eq!(flank_fixtures_get(set, 1, &mut full), 0);
            let v2 = full;
            assert!(v2.error.is_null());
            assert_eq!(v2.attack_dir, 6);
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
            assert_eq!(
                (
                    v2.expect_shield,
                    v2.expect_bits,
                    v2.attacker_dx,
                    v2.attacker_dy
                ),
                (1, 0, 0, 0)
            );
            assert_eq!(
                flank_fixtures_get(std::ptr::null(), 0, &mut full),
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
            let mut full = flank_fixture::default();
            assert_eq!(flank_fixtures_get(set, 0, &mut full), 0);
            assert!(CStr::from_ptr(full.error)
                .to_str()
                .unwrap()
                .starts_with("cannot read /nonexistent/flank-fixtures: "));
            assert_eq!(
                flank_fixtures_add(std::ptr::null_mut(), missing.as_ptr()),
                sys::FLANK_E_NULL
            );
            assert_eq!(flank_fixtures_add(set, std::ptr::null()), sys::FLANK_E_NULL);
            assert_eq!(flank_fixtures_count(std::ptr::null()), sys::FLANK_E_NULL);
            assert_eq!(
                flank_fixtures_get(std::ptr::null(), 0, &mut full),
                sys::FLANK_E_NULL
            );
            flank_fixtures_free(set);
            flank_fixtures_free(std::ptr::null_mut());
        }
    }
}
