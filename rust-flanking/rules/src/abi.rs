//! The top layer: the `extern "C"` functions declared in
//! `include/flanking.h`, on top of [`crate::rules`], which is built on the
//! header's types in [`crate::sys`]. The layering reads one way: `sys` <-
//! `rules` <- `abi`.
//!
//! A compile-time check makes sure the functions' signatures are exactly
//! the ones bindgen read in the header.
//!
//! No function here can panic: every input is validated and every table index
//! is bounded by construction, so no unwinding can cross the `extern "C"`
//! boundary and `catch_unwind` is not needed.

use core::ffi::{c_char, c_void};
use core::sync::atomic::{AtomicI32, Ordering};

use crate::rules;

/// The header's types and constants, re-exported: the ABI's own vocabulary.
pub use crate::sys;
pub use crate::sys::{
    flank_detail, flank_facing_input, flank_facing_result, flank_neighbourhood, flank_plan_input,
    flank_plan_result, flank_ranged,
};

use crate::facing::{self, RuleSet};
use crate::plan::MAX_ALLIES;

// The header's prototypes, as bindgen read them, must be the types of the
// functions defined here: this fails to compile if the two ever drift apart.
const _: () = {
    let _: unsafe extern "C" fn(*const flank_neighbourhood) -> i32 = sys::flank_score;
    let _: unsafe extern "C" fn(*const flank_neighbourhood) -> i32 = flank_score;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *mut flank_detail) -> i32 =
        sys::flank_explain;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *mut flank_detail) -> i32 =
        flank_explain;
    let _: unsafe extern "C" fn(i32) -> i32 = sys::flank_set_percent;
    let _: extern "C" fn(i32) -> i32 = flank_set_percent;
    let _: unsafe extern "C" fn() -> i32 = sys::flank_percent;
    let _: extern "C" fn() -> i32 = flank_percent;
    let _: unsafe extern "C" fn(i32) -> *const c_char = sys::flank_strerror;
    let _: extern "C" fn(i32) -> *const c_char = flank_strerror;
    let _: unsafe extern "C" fn(*const c_char) -> i32 = sys::flank_rules_parse;
    let _: unsafe extern "C" fn(*const c_char) -> i32 = flank_rules_parse;
    let _: unsafe extern "C" fn(i32) -> i32 = sys::flank_rules_info;
    let _: extern "C" fn(i32) -> i32 = flank_rules_info;
    let _: unsafe extern "C" fn(i32, i32, i32) -> i32 = sys::flank_rules_attack_dir;
    let _: extern "C" fn(i32, i32, i32) -> i32 = flank_rules_attack_dir;
    let _: unsafe extern "C" fn(i32, *const c_char) -> i32 = sys::flank_rules_outflanker;
    let _: unsafe extern "C" fn(i32, *const c_char) -> i32 = flank_rules_outflanker;
    let _: unsafe extern "C" fn(i32) -> *const c_char = sys::flank_rules_name;
    let _: extern "C" fn(i32) -> *const c_char = flank_rules_name;
    let _: unsafe extern "C" fn(i32) -> *const c_char = sys::flank_rules_flanked_words;
    let _: extern "C" fn(i32) -> *const c_char = flank_rules_flanked_words;
    let _: unsafe extern "C" fn(*const flank_facing_result, i32, *mut c_char, u32) -> i32 =
        sys::flank_zone_look_words;
    let _: unsafe extern "C" fn(*const flank_facing_result, i32, *mut c_char, u32) -> i32 =
        flank_zone_look_words;
    let _: unsafe extern "C" fn(i32, *mut c_char, u32) -> i32 = sys::flank_rules_summary;
    let _: unsafe extern "C" fn(i32, *mut c_char, u32) -> i32 = flank_rules_summary;
    let _: unsafe extern "C" fn(i32, i32, i32) -> i32 = sys::flank_threatens;
    let _: extern "C" fn(i32, i32, i32) -> i32 = flank_threatens;
    let _: unsafe extern "C" fn(i32, *const flank_facing_result) -> i32 = sys::flank_blow_changes;
    let _: unsafe extern "C" fn(i32, *const flank_facing_result) -> i32 = flank_blow_changes;
    let _: unsafe extern "C" fn(*const flank_facing_input, *mut flank_facing_result) -> i32 =
        sys::flank_facing_eval;
    let _: unsafe extern "C" fn(*const flank_facing_input, *mut flank_facing_result) -> i32 =
        flank_facing_eval;
    let _: unsafe extern "C" fn(*const flank_plan_input, *mut flank_plan_result) -> i32 =
        sys::flank_plan;
    let _: unsafe extern "C" fn(*const flank_plan_input, *mut flank_plan_result) -> i32 =
        flank_plan;
    let _: unsafe extern "C" fn(
        *const flank_plan_input,
        sys::flank_plan_allies_fn,
        *mut c_void,
        *mut flank_plan_result,
    ) -> i32 = sys::flank_plan_asking;
    let _: unsafe extern "C" fn(
        *const flank_plan_input,
        sys::flank_plan_allies_fn,
        *mut c_void,
        *mut flank_plan_result,
    ) -> i32 = flank_plan_asking;
    let _: unsafe extern "C" fn(i32) -> *const c_char = sys::flank_plan_why;
    let _: extern "C" fn(i32) -> *const c_char = flank_plan_why;
    let _: unsafe extern "C" fn(u8) -> i32 = sys::flank_plans;
    let _: extern "C" fn(u8) -> i32 = flank_plans;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        sys::flank_ranged_threats;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        flank_ranged_threats;
    let _: unsafe extern "C" fn(
        *const flank_neighbourhood,
        *const flank_ranged,
        *mut flank_detail,
    ) -> i32 = sys::flank_explain_ranged;
    let _: unsafe extern "C" fn(
        *const flank_neighbourhood,
        *const flank_ranged,
        *mut flank_detail,
    ) -> i32 = flank_explain_ranged;
    let _: unsafe extern "C" fn(
        *const flank_facing_input,
        *const flank_ranged,
        *mut flank_facing_result,
    ) -> i32 = sys::flank_facing_eval_ranged;
    let _: unsafe extern "C" fn(
        *const flank_facing_input,
        *const flank_ranged,
        *mut flank_facing_result,
    ) -> i32 = flank_facing_eval_ranged;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        sys::flank_score_ranged;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        flank_score_ranged;
    let _: unsafe extern "C" fn(*const flank_neighbourhood) -> i32 = sys::flank_ranged_lines;
    let _: unsafe extern "C" fn(*const flank_neighbourhood) -> i32 = flank_ranged_lines;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        sys::flank_ranged_armed;
    let _: unsafe extern "C" fn(*const flank_neighbourhood, *const flank_ranged) -> i32 =
        flank_ranged_armed;
};

/// The sysconf `FLANKING` percent; see [`flank_set_percent`].
static PERCENT: AtomicI32 = AtomicI32::new(sys::FLANK_PERCENT_DEFAULT as i32);

/// Scores one attack: the bonus in half points (0..=18, unscaled), or a
/// negative `FLANK_E_*` code.
///
/// # Safety
/// `n` is NULL or points to a readable `struct flank_neighbourhood`.
#[no_mangle]
pub unsafe extern "C" fn flank_score(n: *const flank_neighbourhood) -> i32 {
    // SAFETY: the caller guarantees `n` is NULL or valid for reads.
    match unsafe { n.as_ref() } {
        Some(n) => rules::score_raw(n),
        None => sys::FLANK_E_NULL,
    }
}

/// Scores one attack and takes the score apart into `*out`; returns the same
/// as [`flank_score`]. `*out` is written only on success.
///
/// # Safety
/// `n` is NULL or points to a readable `struct flank_neighbourhood`; `out` is
/// NULL or points to a writable `struct flank_detail`.
#[no_mangle]
pub unsafe extern "C" fn flank_explain(
    n: *const flank_neighbourhood,
    out: *mut flank_detail,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `n` is NULL or valid for reads.
    let Some(n) = (unsafe { n.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match rules::Neighbourhood::new(*n) {
        Ok(hood) => {
            let detail = hood.explain();
            // SAFETY: `out` is not NULL and the caller guarantees it is valid
            // for writes; `flank_detail` is plain bytes, so write() suffices.
            unsafe { out.write(detail) };
            i32::from(detail.half_points)
        }
        Err(e) => e.code(),
    }
}

/// Sets the percent of the proposal's bonus that attacks get (sysconf
/// `FLANKING`): `FLANK_OK`, or `FLANK_E_PERCENT` (and no change) when
/// `percent` is outside `0..=FLANK_PERCENT_MAX`.
#[no_mangle]
pub extern "C" fn flank_set_percent(percent: i32) -> i32 {
    match rules::check_percent(percent) {
        Ok(p) => {
            PERCENT.store(p, Ordering::Relaxed);
            sys::FLANK_OK as i32
        }
        Err(e) => e.code(),
    }
}

/// The current percent setting (default `FLANK_PERCENT_DEFAULT`).
#[no_mangle]
pub extern "C" fn flank_percent() -> i32 {
    PERCENT.load(Ordering::Relaxed)
}

/// A static, NUL-terminated description of a `FLANK_*` code; never NULL.
#[no_mangle]
pub extern "C" fn flank_strerror(code: i32) -> *const c_char {
    strerror(code).as_ptr()
}

/// The message [`flank_strerror`] returns for `code`, as a C string.
pub fn strerror(code: i32) -> &'static core::ffi::CStr {
    match code {
        0 => c"FLANK_OK: success",
        sys::FLANK_E_NULL => c"FLANK_E_NULL: a required pointer was NULL",
        sys::FLANK_E_DIRECTION => c"FLANK_E_DIRECTION: attack_dir outside 0..7",
        sys::FLANK_E_SQUARE_BITS => {
            c"FLANK_E_SQUARE_BITS: a square has a bit outside FLANK_SQ_ALL"
        }
        sys::FLANK_E_DEFENDER_BITS => {
            c"FLANK_E_DEFENDER_BITS: defender has a bit outside FLANK_DEF_ALL"
        }
        sys::FLANK_E_INCONSISTENT => {
            c"FLANK_E_INCONSISTENT: creature bits without FLANK_SQ_CREATURE, more than one of HERO/PEACEFUL/TAME, or UNWILLING without TAME"
        }
        sys::FLANK_E_PERCENT => c"FLANK_E_PERCENT: percent outside 0..FLANK_PERCENT_MAX",
        sys::FLANK_E_INDEX => c"FLANK_E_INDEX: a fixture index outside 0..count-1",
        sys::FLANK_E_FACING => {
            c"FLANK_E_FACING: a facing outside 0..7 and not FLANK_FACING_NONE"
        }
        sys::FLANK_E_RULES => c"FLANK_E_RULES: an unknown rule set",
        sys::FLANK_E_FACING_FLAGS => {
            c"FLANK_E_FACING_FLAGS: facing flags outside FLANK_FI_ALL, a reserved byte not 0, or flags that contradict the squares"
        }
        sys::FLANK_E_PLAN => {
            c"FLANK_E_PLAN: a plan's own fields are out of range or contradict each other (see flank_plan())"
        }
        sys::FLANK_E_RANGED => {
            c"FLANK_E_RANGED: a line of struct flank_ranged is malformed (see flank_ranged_threats())"
        }
        _ => c"unknown error code",
    }
}

/// The longest rule set name `flank_rules_parse` reads before giving up
/// (no valid name comes near it), so that an unterminated or huge string
/// costs nothing.
const RULES_NAME_MAX: usize = 64;

/// The rule set named by a NUL-terminated `name`: its id, `FLANK_E_NULL`
/// or `FLANK_E_RULES`.
///
/// # Safety
/// `name` is NULL or points to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn flank_rules_parse(name: *const c_char) -> i32 {
    if name.is_null() {
        return sys::FLANK_E_NULL;
    }
    // Read at most RULES_NAME_MAX + 1 bytes, stopping at the NUL.
    let mut bytes = Vec::with_capacity(16);
    for i in 0..=RULES_NAME_MAX {
        // SAFETY: the string is NUL-terminated and we stop at the NUL, so
        // every byte read up to it is inside the string.
        let b = unsafe { *name.add(i) } as u8;
        if b == 0 {
            break;
        }
        bytes.push(b);
    }
    if bytes.len() > RULES_NAME_MAX {
        return sys::FLANK_E_RULES;
    }
    match core::str::from_utf8(&bytes)
        .ok()
        .and_then(|n| RuleSet::parse(n).ok())
    {
        Some(r) => i32::from(r.id()),
        None => sys::FLANK_E_RULES,
    }
}

/// The canonical name of a rule set id as a static C string, or NULL.
#[no_mangle]
pub extern "C" fn flank_rules_name(rules: i32) -> *const c_char {
    rules_name(rules).map_or(core::ptr::null(), |s| s.as_ptr())
}

/// What the game's `#flanking` calls the to-hit part a flank of foes gets
/// under rule set `rules` ("foe opposite", "foes around"), a static C
/// string, or NULL for an id that is not valid.
#[no_mangle]
pub extern "C" fn flank_rules_flanked_words(rules: i32) -> *const c_char {
    u8::try_from(rules)
        .ok()
        .and_then(RuleSet::from_id)
        .map_or(core::ptr::null(), |r| r.flanked_words().as_ptr())
}

/// Rule set `rules`'s one-line summary for players
/// ([`RuleSet::summary`]) into `out`, `len` bytes, NUL-terminated and cut
/// to fit: the summary's whole length (as `snprintf`), or `FLANK_E_RULES`
/// for an id that is not valid, `FLANK_E_NULL` for no buffer.
///
/// # Safety
/// `out` is NULL or points to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_rules_summary(rules: i32, out: *mut c_char, len: u32) -> i32 {
    if out.is_null() || len == 0 {
        return sys::FLANK_E_NULL;
    }
    let Some(r) = u8::try_from(rules).ok().and_then(RuleSet::from_id) else {
        return sys::FLANK_E_RULES;
    };
    // SAFETY: the caller guarantees `out` holds `len` writable bytes, and
    // it is not NULL and `len` not 0 (checked above).
    unsafe { copy_out(&r.summary(), out, len) }
}

/// Whether the creature on a square with bits `square` (`FLANK_SQ_*`)
/// would attack a defender with bits `defender` (`FLANK_DEF_*`), `grudge`
/// nonzero when it holds a grudge against the defender
/// ([`rules::would_attack`]): 1 or 0, or `FLANK_E_SQUARE_BITS`,
/// `FLANK_E_INCONSISTENT` or `FLANK_E_DEFENDER_BITS`.
#[no_mangle]
pub extern "C" fn flank_threatens(defender: i32, square: i32, grudge: i32) -> i32 {
    let Ok(square) = u16::try_from(square) else {
        return sys::FLANK_E_SQUARE_BITS;
    };
    let Ok(defender) = u8::try_from(defender) else {
        return sys::FLANK_E_DEFENDER_BITS;
    };
    match rules::would_attack(square, defender, grudge != 0) {
        Ok(yes) => i32::from(yes),
        Err(e) => e.code(),
    }
}

/// What rule set `rules` reads (`FLANK_RI_*`), or `FLANK_E_RULES`.
#[no_mangle]
pub extern "C" fn flank_rules_info(rules: i32) -> i32 {
    match u8::try_from(rules).ok().and_then(RuleSet::from_id) {
        Some(r) => i32::from(r.info()),
        None => sys::FLANK_E_RULES,
    }
}

/// The direction from which an attacker at offset `<dx,dy>` from its
/// defender attacks under rule set `rules` ([`RuleSet::attack_dir`]): a
/// `FLANK_DIR_*`, `FLANK_E_RULES` or `FLANK_E_DIRECTION`.
#[no_mangle]
pub extern "C" fn flank_rules_attack_dir(rules: i32, dx: i32, dy: i32) -> i32 {
    match u8::try_from(rules).ok().and_then(RuleSet::from_id) {
        Some(r) => r
            .attack_dir(dx, dy)
            .map_or(sys::FLANK_E_DIRECTION, i32::from),
        None => sys::FLANK_E_RULES,
    }
}

/// Whether a creature of the species named by the NUL-terminated `species`
/// flanks by nature under rule set `rules`: 1 or 0, `FLANK_E_NULL` or
/// `FLANK_E_RULES`.
///
/// # Safety
/// `species` is NULL or points to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn flank_rules_outflanker(rules: i32, species: *const c_char) -> i32 {
    if species.is_null() {
        return sys::FLANK_E_NULL;
    }
    let Some(r) = u8::try_from(rules).ok().and_then(RuleSet::from_id) else {
        return sys::FLANK_E_RULES;
    };
    // SAFETY: the caller guarantees a NUL-terminated string.
    let name = unsafe { core::ffi::CStr::from_ptr(species) };
    i32::from(name.to_str().is_ok_and(|n| r.outflanker(n)))
}

/// The name [`flank_rules_name`] returns, as a C string: every rule set's
/// name made once, from the rule-set table (`facing::RULES`), and kept for
/// the life of the program.
pub fn rules_name(rules: i32) -> Option<&'static core::ffi::CStr> {
    static NAMES: std::sync::OnceLock<Vec<(u8, std::ffi::CString)>> = std::sync::OnceLock::new();
    let id = u8::try_from(rules).ok()?;
    NAMES
        .get_or_init(|| {
            RuleSet::all()
                .filter_map(|r| Some((r.id(), std::ffi::CString::new(r.name()).ok()?)))
                .collect()
        })
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, name)| name.as_c_str())
}

/// Evaluates one attack under a rule set: `hit_half_points` and `*out`, or
/// a negative `FLANK_E_*` code with `*out` untouched.
///
/// # Safety
/// `input` is NULL or points to a readable `struct flank_facing_input`;
/// `out` is NULL or points to a writable `struct flank_facing_result`.
#[no_mangle]
pub unsafe extern "C" fn flank_facing_eval(
    input: *const flank_facing_input,
    out: *mut flank_facing_result,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `input` is NULL or valid for reads.
    let Some(input) = (unsafe { input.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match facing::eval_raw(input) {
        Ok(r) => {
            // SAFETY: `out` is not NULL and the caller guarantees it is
            // valid for writes; the struct is plain bytes.
            unsafe { out.write(r) };
            i32::from(r.hit_half_points)
        }
        Err(e) => e.code(),
    }
}

/// The farlook's words for what the zone of attack `r` does to its
/// damage ([`crate::explain::zone_look_words`]) into `out`, cut to
/// `len - 1` bytes and NUL-terminated: their length (0 for none), or
/// `FLANK_E_NULL` with `out` untouched.
///
/// # Safety
/// `r` is NULL or points to a readable `struct flank_facing_result`;
/// `out` is NULL or points to `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_zone_look_words(
    r: *const flank_facing_result,
    hero_defends: i32,
    out: *mut c_char,
    len: u32,
) -> i32 {
    // SAFETY: the caller guarantees `r` is NULL or valid for reads.
    let Some(r) = (unsafe { r.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    if out.is_null() || len == 0 {
        return sys::FLANK_E_NULL;
    }
    let words = crate::explain::zone_look_words(r, hero_defends != 0);
    // SAFETY: the caller guarantees `out` holds `len` writable bytes, and
    // it is not NULL and `len` not 0 (checked above).
    unsafe { copy_out(&words, out, len) }
}

/// Copies `words` into the caller's buffer `out` of `len` bytes, cut to
/// fit and NUL-terminated: the length of the whole words (`snprintf`'s
/// answer), `i32::MAX` at most.
///
/// # Safety
/// `out` is not NULL and points to `len` writable bytes, `len` > 0; the
/// words are ASCII (the table's and the explanations' tests), so a cut
/// leaves no broken character.
unsafe fn copy_out(words: &str, out: *mut c_char, len: u32) -> i32 {
    let n = words.len().min(len as usize - 1);
    // SAFETY: `out` holds `len` writable bytes and n < len.
    unsafe {
        core::ptr::copy_nonoverlapping(words.as_ptr(), out.cast::<u8>(), n);
        out.add(n).write(0);
    }
    i32::try_from(words.len()).unwrap_or(i32::MAX)
}

/// What flanking changed of a blow whose roll added `points` to-hit points
/// and whose evaluation is `r` (NULL: none, as under `proposal`'s fast
/// path): `FLANK_BLOW_*` bits ([`crate::blow::changes`]), 0 for nothing.
///
/// # Safety
/// `r` is NULL or points to a readable `struct flank_facing_result`.
#[no_mangle]
pub unsafe extern "C" fn flank_blow_changes(points: i32, r: *const flank_facing_result) -> i32 {
    // SAFETY: the caller guarantees `r` is NULL or valid for reads.
    let r = unsafe { r.as_ref() };
    i32::from(crate::blow::changes(points, r))
}

/// Decides one move of a monster that plans (`crate::plan`): the number
/// of candidates scored, or a negative `FLANK_E_*` code with `*out`
/// untouched.
///
/// # Safety
/// `input` is NULL or points to a readable `struct flank_plan_input`; `out`
/// is NULL or points to a writable `struct flank_plan_result`.
#[no_mangle]
pub unsafe extern "C" fn flank_plan(
    input: *const flank_plan_input,
    out: *mut flank_plan_result,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `input` is NULL or valid for reads.
    let Some(input) = (unsafe { input.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match crate::plan::plan_raw(input) {
        Ok((r, scored)) => {
            // SAFETY: `out` is not NULL and the caller guarantees it is
            // valid for writes; the struct is plain bytes.
            unsafe { out.write(r) };
            scored
        }
        Err(code) => code,
    }
}

/// [`flank_plan`], asking `allies(ctx, dist, speed)` for the allies only
/// when the decision depends on them (`crate::plan::plan_asking`): the
/// number of candidates scored, or a negative `FLANK_E_*` code with `*out`
/// untouched (`FLANK_E_NULL` for a NULL `allies`).
///
/// # Safety
/// As [`flank_plan`]; `allies` is NULL or a function that may be called
/// with `ctx` and two writable arrays of `FLANK_PLAN_MAX_ALLIES` bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_plan_asking(
    input: *const flank_plan_input,
    allies: sys::flank_plan_allies_fn,
    ctx: *mut c_void,
    out: *mut flank_plan_result,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `input` is NULL or valid for reads.
    let (Some(input), Some(allies)) = ((unsafe { input.as_ref() }), allies) else {
        return sys::FLANK_E_NULL;
    };
    // SAFETY: the caller guarantees `allies` may be called with `ctx` and
    // two arrays of FLANK_PLAN_MAX_ALLIES bytes, which these are.
    let ask = |dist: &mut [u8; MAX_ALLIES], speed: &mut [u8; MAX_ALLIES]| unsafe {
        allies(ctx, dist.as_mut_ptr(), speed.as_mut_ptr())
    };
    match crate::plan::plan_raw_asking(input, ask) {
        Ok((r, scored)) => {
            // SAFETY: `out` is not NULL and the caller guarantees it is
            // valid for writes; the struct is plain bytes.
            unsafe { out.write(r) };
            scored
        }
        Err(code) => code,
    }
}

/// The words `#flanking` uses for a `FLANK_WHY_*` code, a static C string,
/// or NULL for a code that is none.
#[no_mangle]
pub extern "C" fn flank_plan_why(why: i32) -> *const c_char {
    crate::plan::Why::from_code(why).map_or(core::ptr::null(), |w| w.words().as_ptr())
}

/// Whether a monster of kind `FLANK_PK_*` plans its fights: 1 or 0, or
/// `FLANK_E_PLAN` for a bit outside `FLANK_PK_ALL`.
#[no_mangle]
pub extern "C" fn flank_plans(kind: u8) -> i32 {
    crate::plan::Kind::from_bits(kind).map_or(sys::FLANK_E_PLAN, |k| i32::from(k.plans()))
}

/// The directions threatened from range around `n`'s defender (a mask
/// 0..=255), or a negative `FLANK_E_*` code: `n`'s first, then
/// `FLANK_E_RANGED`.
///
/// # Safety
/// `n` and `r` are NULL or point to readable structs of their types.
#[no_mangle]
pub unsafe extern "C" fn flank_ranged_threats(
    n: *const flank_neighbourhood,
    r: *const flank_ranged,
) -> i32 {
    // SAFETY: the caller guarantees each is NULL or valid for reads.
    let (Some(n), Some(r)) = (unsafe { n.as_ref() }, unsafe { r.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match crate::ranged::threats_raw(n, r) {
        Ok((_, mask)) => i32::from(mask),
        Err(e) => e.code(),
    }
}

/// [`flank_explain`] with the threats from range of `r` (NULL: none).
///
/// # Safety
/// `n` is NULL or points to a readable `struct flank_neighbourhood`, `r` is
/// NULL or points to a readable `struct flank_ranged`, and `out` is NULL or
/// points to a writable `struct flank_detail`.
#[no_mangle]
pub unsafe extern "C" fn flank_explain_ranged(
    n: *const flank_neighbourhood,
    r: *const flank_ranged,
    out: *mut flank_detail,
) -> i32 {
    // SAFETY: the caller guarantees `r` is NULL or valid for reads.
    let Some(r) = (unsafe { r.as_ref() }) else {
        // SAFETY: as the caller guarantees for this function.
        return unsafe { flank_explain(n, out) };
    };
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `n` is NULL or valid for reads.
    let Some(n) = (unsafe { n.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match crate::ranged::threats_raw(n, r) {
        Ok((hood, extra)) => {
            let detail = hood.explain_with(extra);
            // SAFETY: `out` is not NULL and valid for writes (the caller);
            // the struct is plain bytes.
            unsafe { out.write(detail) };
            i32::from(detail.half_points)
        }
        Err(e) => e.code(),
    }
}

/// [`flank_facing_eval`] with the threats from range of `r` (NULL: none).
/// Faults in [`flank_facing_eval`]'s order, then `FLANK_E_RANGED`.
///
/// # Safety
/// `input` and `r` are NULL or point to readable structs of their types;
/// `out` is NULL or points to a writable `struct flank_facing_result`.
#[no_mangle]
pub unsafe extern "C" fn flank_facing_eval_ranged(
    input: *const flank_facing_input,
    r: *const flank_ranged,
    out: *mut flank_facing_result,
) -> i32 {
    // SAFETY: the caller guarantees `r` is NULL or valid for reads.
    let Some(r) = (unsafe { r.as_ref() }) else {
        // SAFETY: as the caller guarantees for this function.
        return unsafe { flank_facing_eval(input, out) };
    };
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `input` is NULL or valid for reads.
    let Some(input) = (unsafe { input.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    let valid = match facing::validate(input) {
        Ok(v) => v,
        Err(e) => return e.code(),
    };
    let Some(extra) = crate::ranged::fast_threats(&input.n, r) else {
        return crate::ranged::refused(&input.n, r);
    };
    let res = valid.eval_with(extra);
    // SAFETY: `out` is not NULL and valid for writes (the caller); the
    // struct is plain bytes.
    unsafe { out.write(res) };
    i32::from(res.hit_half_points)
}

/// [`flank_score`] with the threats from range of `r` (NULL: none): the
/// half points [`flank_explain_ranged`] returns, without the detail.
///
/// # Safety
/// `n` and `r` are NULL or point to readable structs of their types.
#[no_mangle]
pub unsafe extern "C" fn flank_score_ranged(
    n: *const flank_neighbourhood,
    r: *const flank_ranged,
) -> i32 {
    // SAFETY: the caller guarantees `r` is NULL or valid for reads.
    let Some(r) = (unsafe { r.as_ref() }) else {
        // SAFETY: as the caller guarantees for this function.
        return unsafe { flank_score(n) };
    };
    // SAFETY: the caller guarantees `n` is NULL or valid for reads.
    match unsafe { n.as_ref() } {
        Some(n) => crate::ranged::score_raw(n, r),
        None => sys::FLANK_E_NULL,
    }
}

/// The lines whose creature could change `n`'s score
/// ([`crate::ranged::wanted_lines`]): a mask 0..=255, or `n`'s
/// `FLANK_E_*` code.
///
/// # Safety
/// `n` is NULL or points to a readable `struct flank_neighbourhood`.
#[no_mangle]
pub unsafe extern "C" fn flank_ranged_lines(n: *const flank_neighbourhood) -> i32 {
    // SAFETY: the caller guarantees `n` is NULL or valid for reads.
    let Some(n) = (unsafe { n.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    match rules::occupied_raw(n) {
        Ok(occupied) => i32::from(crate::ranged::wanted_lines(occupied, n.attack_dir)),
        Err(code) => code,
    }
}

/// The lines whose creature's arms decide ([`crate::ranged::armed_lines`]):
/// a mask 0..=255, or `n`'s `FLANK_E_*` code, then `FLANK_E_RANGED`.
///
/// # Safety
/// `n` and `r` are NULL or point to readable structs of their types.
#[no_mangle]
pub unsafe extern "C" fn flank_ranged_armed(
    n: *const flank_neighbourhood,
    r: *const flank_ranged,
) -> i32 {
    // SAFETY: the caller guarantees each is NULL or valid for reads.
    let (Some(n), Some(r)) = (unsafe { n.as_ref() }, unsafe { r.as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    if let Err(code) = rules::occupied_raw(n) {
        return code;
    }
    if let Err(e) = crate::ranged::validate(r) {
        return e.code();
    }
    i32::from(crate::ranged::armed_lines(n, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strerror_for_every_code() {
        // -11 and -14 were the old getters' refusals, no longer returned.
        for code in (-14..=0).filter(|c| ![-11, -14].contains(c)) {
            assert!(strerror(code).to_str().unwrap().starts_with("FLANK_"));
        }
        for retired in [-11, -14, -15] {
            assert_eq!(strerror(retired).to_str().unwrap(), "unknown error code");
        }
    }

    #[test]
    fn plan_reasons_over_the_abi() {
        use crate::plan::Why;
        for (code, w) in (0..).zip(Why::ALL) {
            assert_eq!(w as u8, code as u8, "Why::ALL is in FLANK_WHY_* order");
            let p = flank_plan_why(code);
            assert!(!p.is_null());
            // SAFETY: a non-NULL result is a static NUL-terminated string.
            let s = unsafe { core::ffi::CStr::from_ptr(p) };
            assert_eq!(s, w.words());
        }
        assert_eq!(
            unsafe { core::ffi::CStr::from_ptr(flank_plan_why(sys::FLANK_WHY_WAITING as i32)) },
            c"waiting for its allies"
        );
        assert!(flank_plan_why(Why::ALL.len() as i32).is_null());
        assert!(flank_plan_why(-1).is_null());
    }

    #[test]
    fn who_plans() {
        let pk = |b: u32| flank_plans(b as u8);
        assert_eq!(pk(0), 0, "a hostile animal that hunts alone");
        assert_eq!(pk(sys::FLANK_PK_PACK), 1, "a jackal");
        assert_eq!(
            pk(sys::FLANK_PK_HUMANOID | sys::FLANK_PK_HANDS),
            1,
            "an orc"
        );
        assert_eq!(pk(sys::FLANK_PK_HUMANOID), 0, "a humanoid without hands");
        assert_eq!(pk(sys::FLANK_PK_HANDS), 0, "hands, not humanoid");
        assert_eq!(pk(sys::FLANK_PK_TAME), 1, "a pet pony");
        assert_eq!(
            pk(sys::FLANK_PK_TAME | sys::FLANK_PK_MINDLESS),
            0,
            "a pet zombie"
        );
        assert_eq!(pk(sys::FLANK_PK_PACK | sys::FLANK_PK_MINDLESS), 0);
        assert_eq!(
            pk(sys::FLANK_PK_PACK | sys::FLANK_PK_PEACEFUL),
            0,
            "a peaceful dog"
        );
        assert_eq!(
            pk(sys::FLANK_PK_HUMANOID | sys::FLANK_PK_HANDS | sys::FLANK_PK_PEACEFUL),
            0,
            "a watchman"
        );
        assert_eq!(pk(0x40), sys::FLANK_E_PLAN);
        assert_eq!(pk(0xFF), sys::FLANK_E_PLAN);
    }

    #[test]
    fn rules_names_over_the_abi() {
        for r in RuleSet::all() {
            let name = rules_name(i32::from(r.id())).unwrap();
            assert_eq!(
                unsafe { flank_rules_parse(name.as_ptr()) },
                i32::from(r.id())
            );
        }
        assert!(flank_rules_name(9).is_null());
        assert!(flank_rules_name(0x15).is_null());
        for r in RuleSet::all() {
            let w = flank_rules_flanked_words(i32::from(r.id()));
            assert!(!w.is_null(), "{}: no flanked words", r.name());
            let w = unsafe { core::ffi::CStr::from_ptr(w) };
            assert!(
                !w.to_bytes().is_empty(),
                "{}: empty flanked words",
                r.name()
            );
        }
        assert!(flank_rules_flanked_words(9).is_null());
        let r = flank_facing_result {
            hit_half_points: 0,
            arc_half_points: 0,
            zone_half_points: 0,
            zone: sys::FLANK_ZONE_REAR as u8,
            damage_percent: 150,
            damage_flat: 0,
            bits: 0,
            shield_counts: 1,
            rules: sys::FLANK_RULES_TACTICS as u8,
        };
        let mut buf = [0x55 as c_char; 32];
        let n = unsafe { flank_zone_look_words(&r, 1, buf.as_mut_ptr(), buf.len() as u32) };
        let w = unsafe { core::ffi::CStr::from_ptr(buf.as_ptr()) };
        assert_eq!((n, w.to_str().unwrap()), (26, "x1.5 damage from your rear"));
        let n = unsafe { flank_zone_look_words(&r, 0, buf.as_mut_ptr(), 5) };
        let w = unsafe { core::ffi::CStr::from_ptr(buf.as_ptr()) };
        assert_eq!((n, w.to_str().unwrap()), (23, "x1.5"));
        unsafe {
            assert_eq!(
                flank_zone_look_words(core::ptr::null(), 1, buf.as_mut_ptr(), 32),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_zone_look_words(&r, 1, core::ptr::null_mut(), 32),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_zone_look_words(&r, 1, buf.as_mut_ptr(), 0),
                sys::FLANK_E_NULL
            );
        }
        assert!(flank_rules_flanked_words(-1).is_null());
        assert!(flank_rules_info(9) < 0 && flank_rules_info(-1) < 0);
        // SpliceHack's and Hack'EM's mattacku() clamp, then add, too.
        for id in [sys::FLANK_RULES_SPLICEHACK, sys::FLANK_RULES_HACKEM] {
            assert_eq!(
                flank_rules_info(id as i32),
                (sys::FLANK_RI_PEER | sys::FLANK_RI_CLAMP_FIRST) as i32
            );
        }
        let nh = sys::FLANK_RULES_NERFHACK as i32;
        assert_eq!(
            flank_rules_info(sys::FLANK_RULES_NERFHACK as i32),
            (sys::FLANK_RI_PEER | sys::FLANK_RI_CLAMP_FIRST) as i32
        );
        // Sil's rough_direction(): dy=-2, dx=-1 is north (2); the octant
        // of the signs north-west (1); next to the defender, the square.
        let sq = sys::FLANK_RULES_SILQ as i32;
        assert_eq!(flank_rules_attack_dir(sq, -1, -2), sys::FLANK_DIR_N as i32);
        assert_eq!(flank_rules_attack_dir(nh, -1, -2), sys::FLANK_DIR_NW as i32);
        let dnd = sys::FLANK_RULES_DND as i32;
        assert_eq!(flank_rules_attack_dir(dnd, -1, -2), sys::FLANK_DIR_N as i32);
        assert_eq!(flank_rules_attack_dir(sq, 2, 1), sys::FLANK_DIR_E as i32);
        assert_eq!(flank_rules_attack_dir(sq, 2, 2), sys::FLANK_DIR_SE as i32);
        assert_eq!(flank_rules_attack_dir(sq, 3, 2), sys::FLANK_DIR_SE as i32);
        for r in [0, nh, sq] {
            for (d, (dx, dy)) in (0..).zip(crate::rules::DIR_OFFSETS) {
                let got = flank_rules_attack_dir(r, i32::from(dx), i32::from(dy));
                assert_eq!(got, d);
            }
            assert_eq!(flank_rules_attack_dir(r, 0, 0), sys::FLANK_E_DIRECTION);
            assert_eq!(flank_rules_attack_dir(r, 128, 0), sys::FLANK_E_DIRECTION);
        }
        assert_eq!(flank_rules_attack_dir(9, 1, 0), sys::FLANK_E_RULES);
        assert_eq!(
            flank_rules_info(0x13),
            (sys::FLANK_RI_ARC | sys::FLANK_RI_FACING) as i32
        );
        unsafe {
            assert_eq!(flank_rules_outflanker(nh, c"soldier ant".as_ptr()), 1);
            assert_eq!(flank_rules_outflanker(nh, c"valkyrie".as_ptr()), 1);
            assert_eq!(flank_rules_outflanker(nh, c"jackal".as_ptr()), 0);
            assert_eq!(flank_rules_outflanker(0, c"soldier ant".as_ptr()), 0);
            assert_eq!(
                flank_rules_outflanker(9, c"soldier ant".as_ptr()),
                sys::FLANK_E_RULES
            );
            assert_eq!(
                flank_rules_outflanker(nh, core::ptr::null()),
                sys::FLANK_E_NULL
            );
        }
        assert!(flank_rules_name(-1).is_null());
        assert!(flank_rules_name(0x110).is_null());
        let long = std::ffi::CString::new("p".repeat(1000)).unwrap();
        assert_eq!(
            unsafe { flank_rules_parse(long.as_ptr()) },
            sys::FLANK_E_RULES
        );
        assert_eq!(
            unsafe { flank_rules_parse(c"\xff".as_ptr()) },
            sys::FLANK_E_RULES
        );
        assert_eq!(
            unsafe { flank_rules_parse(core::ptr::null()) },
            sys::FLANK_E_NULL
        );
    }
}
