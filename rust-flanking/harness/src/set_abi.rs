//! The one set of the harness's C ABI: every format that the game reads as
//! a set of files (`*.flank`, `*.move`) is a [`Set`] of its entries behind
//! the header's opaque set pointer, with the same five functions (new, add,
//! count, get, free). A format says what an entry is ([`Format`]), the
//! entry how a file becomes one ([`crate::abi_common::Load`]); its
//! `extern "C"` functions are one line each.
//!
//! Nothing here unwinds into C: a file is parsed under `catch_unwind`, and
//! a panic (a bug) becomes an error entry naming the file.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use flank_rules::sys;

use crate::abi_common::{self, c_path, Load};
use crate::files;

/// A format read as a set of files.
pub trait Format {
    /// One entry: a parsed file, or the error that stopped it, owning every
    /// string it hands to C.
    type Entry: Load;
    /// The ending of the format's file names (`flank`, `move`).
    const EXT: &'static str;
}

/// A set of entries, in the order they were added.
#[derive(Debug)]
pub struct Set<F: Format> {
    entries: Vec<F::Entry>,
}

impl<F: Format> Default for Set<F> {
    fn default() -> Self {
        Set {
            entries: Vec::new(),
        }
    }
}

impl<F: Format> Set<F> {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the file at `path`, or every file of the format under the
    /// directory `path` ([`files::collect`]); returns how many entries were
    /// added. Nothing is dropped: a bad file, an unsearchable path, or a
    /// parser that panicked is an entry with an error.
    pub fn add(&mut self, path: &Path) -> usize {
        let before = self.entries.len();
        match files::collect(&[path.to_path_buf()], F::EXT) {
            Ok(found) => {
                for file in found {
                    self.entries
                        .push(abi_common::load_caught::<F::Entry>(&file, "fixture"));
                }
            }
            Err(e) => self.entries.push(F::Entry::from_error(
                path,
                &format!("{}: cannot search for fixtures: {e}", path.display()),
            )),
        }
        self.entries.len() - before
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[F::Entry] {
        &self.entries
    }
}

/// `*_new()`: a new, empty set, as the header's opaque pointer `S`.
pub(crate) fn new<F: Format, S>() -> *mut S {
    Box::into_raw(Box::new(Set::<F>::new())).cast()
}

/// `*_add()`: adds a file or a directory; how many entries, or
/// `FLANK_E_NULL`.
///
/// # Safety
/// `set` is NULL or a set from [`new`] of the same `F`, not yet freed;
/// `path` is NULL or a NUL-terminated string.
pub(crate) unsafe fn add<F: Format, S>(set: *mut S, path: *const c_char) -> i32 {
    if set.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `path` is NULL or a NUL-terminated string.
    let Some(path) = (unsafe { c_path(path) }) else {
        return sys::FLANK_E_NULL;
    };
    // SAFETY: the caller guarantees `set` is a live set of this format.
    let set = unsafe { &mut *set.cast::<Set<F>>() };
    let added = catch_unwind(AssertUnwindSafe(|| set.add(&path))).unwrap_or(0);
    i32::try_from(added).unwrap_or(i32::MAX)
}

/// `*_count()`: the number of entries, or `FLANK_E_NULL`.
///
/// # Safety
/// `set` is NULL or a live set from [`new`] of the same `F`.
pub(crate) unsafe fn count<F: Format, S>(set: *const S) -> i32 {
    // SAFETY: the caller guarantees `set` is NULL or valid.
    match unsafe { set.cast::<Set<F>>().as_ref() } {
        Some(set) => i32::try_from(set.entries.len()).unwrap_or(i32::MAX),
        None => sys::FLANK_E_NULL,
    }
}

/// `*_get()`: entry `index` of `set` as `view` makes it, into `*out`, and
/// `view`'s code; `FLANK_E_NULL` for a NULL `out` or set, `FLANK_E_INDEX`
/// for an index outside the set, with `*out` untouched.
///
/// # Safety
/// `set` is NULL or a live set from [`new`] of the same `F`; `out` is NULL
/// or points to a writable `T`.
pub(crate) unsafe fn get<F: Format, S, T>(
    set: *const S,
    index: i32,
    out: *mut T,
    view: impl Fn(&F::Entry) -> (T, i32),
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller guarantees `set` is NULL or valid.
    let Some(set) = (unsafe { set.cast::<Set<F>>().as_ref() }) else {
        return sys::FLANK_E_NULL;
    };
    let Some(entry) = usize::try_from(index).ok().and_then(|i| set.entries.get(i)) else {
        return sys::FLANK_E_INDEX;
    };
    let (value, rc) = view(entry);
    // SAFETY: `out` is not NULL and the caller guarantees it is writable.
    unsafe { out.write(value) };
    rc
}

/// `*_free()`: frees a set.
///
/// # Safety
/// `set` is NULL or a set from [`new`] of the same `F`, not yet freed; it
/// must not be used afterwards.
pub(crate) unsafe fn free<F: Format, S>(set: *mut S) {
    if !set.is_null() {
        // SAFETY: `set` came from Box::into_raw in new::<F, S>().
        drop(unsafe { Box::from_raw(set.cast::<Set<F>>()) });
    }
}

/// The `extern "C"` new, add, count and free of a format's set, one line
/// each on top of this module: `set_functions!(Format, c_set_type, new,
/// add, count, free)`. The getters differ by format and are written out.
macro_rules! set_functions {
    ($format:ty, $set:ty, $new:ident, $add:ident, $count:ident, $free:ident) => {
        #[doc = concat!("`", stringify!($new), "()`: a new, empty set.")]
        #[no_mangle]
        pub extern "C" fn $new() -> *mut $set {
            $crate::set_abi::new::<$format, _>()
        }

        #[doc = concat!("`", stringify!($add), "()`: adds a file, or every file of the format under a directory.")]
        ///
        /// # Safety
        #[doc = concat!("`set` is NULL or a set from [`", stringify!($new), "`] not yet freed; `path` is NULL or a NUL-terminated string.")]
        #[no_mangle]
        pub unsafe extern "C" fn $add(set: *mut $set, path: *const ::std::ffi::c_char) -> i32 {
            // SAFETY: as the caller guarantees.
            unsafe { $crate::set_abi::add::<$format, _>(set, path) }
        }

        #[doc = concat!("`", stringify!($count), "()`: the number of entries.")]
        ///
        /// # Safety
        #[doc = concat!("`set` is NULL or a live set from [`", stringify!($new), "`].")]
        #[no_mangle]
        pub unsafe extern "C" fn $count(set: *const $set) -> i32 {
            // SAFETY: as the caller guarantees.
            unsafe { $crate::set_abi::count::<$format, _>(set) }
        }

        #[doc = concat!("`", stringify!($free), "()`: frees a set.")]
        ///
        /// # Safety
        #[doc = concat!("`set` is NULL or a set from [`", stringify!($new), "`] not yet freed; it must not be used afterwards.")]
        #[no_mangle]
        pub unsafe extern "C" fn $free(set: *mut $set) {
            // SAFETY: as the caller guarantees.
            unsafe { $crate::set_abi::free::<$format, _>(set) }
        }
    };
}
pub(crate) use set_functions;
