//! The save files' integrity check (sysconf `SAVEKEY`): an HMAC-SHA256 of
//! a save file's bytes, keyed by a secret only the game's group can read,
//! which the game appends to every save it writes and checks before it
//! restores one. A save the game did not write (a player's edit, a file
//! from elsewhere) has no valid mark and is refused before a byte of it is
//! parsed. Not a rule of flanking: the game's safety on a server, in Rust
//! for its SHA-256 and constant-time comparison (the `hmac` and `sha2`
//! crates).
//!
//! The game computes the mark as it writes the save (one
//! [`SaveMacState`] fed every byte it writes, `flank_save_mac_begin()` to
//! `flank_save_mac_end()`), never over a file it reads back, and checks it
//! the same way; what the mark binds besides the bytes (the player's uid
//! and name, a one-time value) is the game's to feed first.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::sys;

/// The mark's length: an HMAC-SHA256.
pub const MAC_LEN: usize = 32;

/// The shortest key accepted: 16 bytes (128 bits).
pub const KEY_MIN: usize = 16;

/// The longest key accepted: 64 bytes (SHA-256's block; a longer key
/// would be hashed first, and the game reads no more than this).
pub const KEY_MAX: usize = 64;

/// Is a key of `len` bytes one the mark takes?
fn key_len_ok(len: usize) -> bool {
    (KEY_MIN..=KEY_MAX).contains(&len)
}

/// HMAC-SHA256 of `data` under `key`, or `None` for a key shorter than
/// [`KEY_MIN`] or longer than [`KEY_MAX`].
pub fn mac(key: &[u8], data: &[u8]) -> Option<[u8; MAC_LEN]> {
    let mut m = SaveMacState::new(key)?;
    m.update(data);
    m.end()
}

/// Is `mark` the HMAC of `data` under `key` (compared in constant time)?
/// `None` for a key [`mac`] refuses.
pub fn verify(key: &[u8], data: &[u8], mark: &[u8; MAC_LEN]) -> Option<bool> {
    let mut m = SaveMacState::new(key)?;
    m.update(data);
    m.end_check(mark)
}

/// A mark being computed, fed a save's bytes as they are written or read.
/// Its memory (which holds what the key becomes inside HMAC) is wiped when
/// it is dropped.
pub struct SaveMacState {
    mac: Option<Hmac<Sha256>>,
}

impl SaveMacState {
    /// A mark under `key`, or `None` for a key [`mac`] refuses.
    pub fn new(key: &[u8]) -> Option<Self> {
        if !key_len_ok(key.len()) {
            return None;
        }
        Some(Self {
            mac: Some(Hmac::<Sha256>::new_from_slice(key).ok()?),
        })
    }

    /// Feeds `data`.
    pub fn update(&mut self, data: &[u8]) {
        if let Some(m) = self.mac.as_mut() {
            m.update(data);
        }
    }

    /// The mark of everything fed; `None` once ended. (It ends the state
    /// in place, so that the memory wiped on drop is where it lay.)
    pub fn end(&mut self) -> Option<[u8; MAC_LEN]> {
        let m = self.mac.take()?;
        Some(m.finalize().into_bytes().into())
    }

    /// Is `mark` the mark of everything fed (constant time)? `None` once
    /// ended.
    pub fn end_check(&mut self, mark: &[u8; MAC_LEN]) -> Option<bool> {
        let m = self.mac.take()?;
        Some(m.verify_slice(mark).is_ok())
    }
}

impl Drop for SaveMacState {
    fn drop(&mut self) {
        // The HMAC state is plain bytes (no pointer, no Drop of its own):
        // drop it, then overwrite its memory where it lay.
        let p = std::ptr::addr_of_mut!(self.mac).cast::<u8>();
        self.mac = None;
        for i in 0..std::mem::size_of::<Option<Hmac<Sha256>>>() {
            // SAFETY: p..p+size is self.mac's own memory, now None; the
            // bytes written are zeros, and None is written back after.
            unsafe { std::ptr::write_volatile(p.add(i), 0) };
        }
        // SAFETY: self.mac is valid memory for its type; writing None
        // (without dropping the zeroed bytes) makes it a valid value again.
        unsafe { std::ptr::write(std::ptr::addr_of_mut!(self.mac), None) };
        std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
    }
}

/// # Safety
/// `p` is NULL or valid for `len` bytes (any pointer when `len` is 0).
unsafe fn bytes<'a>(p: *const u8, len: usize) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    if p.is_null() {
        return None;
    }
    // SAFETY: the caller's promise.
    Some(unsafe { std::slice::from_raw_parts(p, len) })
}

/// `flank_save_mac()` (flanking.h): HMAC-SHA256 of `data` under `key`
/// into `out`; `FLANK_OK`, `FLANK_E_NULL`, or `FLANK_E_SAVE_KEY` for a
/// key shorter than 16 or longer than 64 bytes (`out` untouched on an
/// error).
///
/// # Safety
/// `key` and `data` valid for their lengths (NULL allowed with 0), `out`
/// NULL or valid for 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac(
    key: *const u8,
    keylen: u32,
    data: *const u8,
    len: u32,
    out: *mut u8,
) -> i32 {
    // SAFETY: the caller's promise, passed on.
    let (Some(key), Some(data)) = (unsafe { bytes(key, keylen as usize) }, unsafe {
        bytes(data, len as usize)
    }) else {
        return sys::FLANK_E_NULL;
    };
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    let Some(m) = mac(key, data) else {
        return sys::FLANK_E_SAVE_KEY;
    };
    // SAFETY: out is valid for MAC_LEN bytes (the caller's promise).
    unsafe { std::ptr::copy_nonoverlapping(m.as_ptr(), out, MAC_LEN) };
    sys::FLANK_OK as i32
}

/// `flank_save_mac_check()` (flanking.h): 1 if `mark` (32 bytes) is the
/// HMAC-SHA256 of `data` under `key`, 0 if not; `FLANK_E_NULL` or
/// `FLANK_E_SAVE_KEY` as [`flank_save_mac`].
///
/// # Safety
/// As [`flank_save_mac`], `mark` NULL or valid for 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_check(
    key: *const u8,
    keylen: u32,
    data: *const u8,
    len: u32,
    mark: *const u8,
) -> i32 {
    // SAFETY: the caller's promise, passed on.
    let (Some(key), Some(data), Some(mark)) = (
        unsafe { bytes(key, keylen as usize) },
        unsafe { bytes(data, len as usize) },
        unsafe { bytes(mark, MAC_LEN) },
    ) else {
        return sys::FLANK_E_NULL;
    };
    let Ok(mark) = <&[u8; MAC_LEN]>::try_from(mark) else {
        return sys::FLANK_E_NULL;
    };
    match verify(key, data, mark) {
        Some(ok) => i32::from(ok),
        None => sys::FLANK_E_SAVE_KEY,
    }
}

/// The C side's handle (flanking.h's opaque `struct
/// flank_save_mac_state`): a boxed [`SaveMacState`].
type CState = sys::flank_save_mac_state;

/// # Safety
/// `st` came from [`flank_save_mac_begin`] and is never used again.
unsafe fn take(st: *mut CState) -> Box<SaveMacState> {
    // SAFETY: flank_save_mac_begin made it with Box::into_raw.
    unsafe { Box::from_raw(st.cast::<SaveMacState>()) }
}

/// `flank_save_mac_begin()` (flanking.h): a mark under `key` into `*out`;
/// `FLANK_OK`, `FLANK_E_NULL` (`key` NULL with a length, or `out` NULL),
/// `FLANK_E_SAVE_KEY` (a key [`mac`] refuses; `*out` set to NULL).
///
/// # Safety
/// `key` valid for `keylen` bytes (NULL allowed with 0), `out` NULL or
/// valid to write a pointer.
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_begin(
    key: *const u8,
    keylen: u32,
    out: *mut *mut CState,
) -> i32 {
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: out is valid (the caller's promise).
    unsafe { *out = std::ptr::null_mut() };
    // SAFETY: the caller's promise, passed on.
    let Some(key) = (unsafe { bytes(key, keylen as usize) }) else {
        return sys::FLANK_E_NULL;
    };
    let Some(st) = SaveMacState::new(key) else {
        return sys::FLANK_E_SAVE_KEY;
    };
    // SAFETY: out is valid (the caller's promise).
    unsafe { *out = Box::into_raw(Box::new(st)).cast::<CState>() };
    sys::FLANK_OK as i32
}

/// `flank_save_mac_update()` (flanking.h): feeds `data[0..len)`;
/// `FLANK_OK` or `FLANK_E_NULL` (`st` NULL, or `data` NULL with a length).
///
/// # Safety
/// `st` NULL or from [`flank_save_mac_begin`] and not yet ended; `data`
/// valid for `len` bytes (NULL allowed with 0).
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_update(st: *mut CState, data: *const u8, len: u32) -> i32 {
    // SAFETY: the caller's promise, passed on.
    let Some(data) = (unsafe { bytes(data, len as usize) }) else {
        return sys::FLANK_E_NULL;
    };
    // SAFETY: st is NULL or a live state (the caller's promise).
    let Some(st) = (unsafe { st.cast::<SaveMacState>().as_mut() }) else {
        return sys::FLANK_E_NULL;
    };
    st.update(data);
    sys::FLANK_OK as i32
}

/// `flank_save_mac_end()` (flanking.h): the mark of everything fed into
/// `out[32]`, and `st` freed (wiped) whatever the answer; `FLANK_OK` or
/// `FLANK_E_NULL` (`st` or `out` NULL; `out` untouched).
///
/// # Safety
/// `st` as [`flank_save_mac_update`] (never used again), `out` NULL or
/// valid for 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_end(st: *mut CState, out: *mut u8) -> i32 {
    if st.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller's promise.
    let mut st = unsafe { take(st) };
    if out.is_null() {
        return sys::FLANK_E_NULL;
    }
    let Some(m) = st.end() else {
        return sys::FLANK_E_NULL;
    };
    // SAFETY: out is valid for MAC_LEN bytes (the caller's promise).
    unsafe { std::ptr::copy_nonoverlapping(m.as_ptr(), out, MAC_LEN) };
    sys::FLANK_OK as i32
}

/// `flank_save_mac_end_check()` (flanking.h): 1 if `mark[32]` is the mark
/// of everything fed, 0 if not (constant time), `FLANK_E_NULL` (`st` or
/// `mark` NULL); `st` freed (wiped) whatever the answer.
///
/// # Safety
/// As [`flank_save_mac_end`], `mark` NULL or valid for 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_end_check(st: *mut CState, mark: *const u8) -> i32 {
    if st.is_null() {
        return sys::FLANK_E_NULL;
    }
    // SAFETY: the caller's promise.
    let mut st = unsafe { take(st) };
    // SAFETY: mark is NULL or valid for MAC_LEN bytes.
    let Some(mark) = (unsafe { bytes(mark, MAC_LEN) }) else {
        return sys::FLANK_E_NULL;
    };
    let Ok(mark) = <&[u8; MAC_LEN]>::try_from(mark) else {
        return sys::FLANK_E_NULL;
    };
    st.end_check(mark).map_or(sys::FLANK_E_NULL, i32::from)
}

/// `flank_save_mac_abandon()` (flanking.h): frees (wipes) a state not
/// ended; NULL is fine.
///
/// # Safety
/// `st` NULL or as [`flank_save_mac_update`] (never used again).
#[no_mangle]
pub unsafe extern "C" fn flank_save_mac_abandon(st: *mut CState) {
    if !st.is_null() {
        // SAFETY: the caller's promise.
        drop(unsafe { take(st) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(m: &[u8]) -> String {
        m.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn rfc_4231_case_4() {
        // RFC 4231, test case 4: a key of 25 bytes 0x01..0x19, 50 bytes 0xcd
        let key: Vec<u8> = (1u8..=25).collect();
        let data = [0xcdu8; 50];
        let want = "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b";
        assert_eq!(hex(&mac(&key, &data).unwrap()), want);
        // fed in pieces, as the game feeds a save: the same mark
        let mut st = SaveMacState::new(&key).unwrap();
        for piece in data.chunks(7) {
            st.update(piece);
        }
        assert_eq!(hex(&st.end().unwrap()), want);
        assert_eq!(st.end(), None);
    }

    #[test]
    fn a_changed_byte_or_a_bad_key_is_refused() {
        let key = b"0123456789abcdef";
        let m = mac(key, b"a save").unwrap();
        assert_eq!(verify(key, b"a save", &m), Some(true));
        assert_eq!(verify(key, b"a savE", &m), Some(false));
        assert_eq!(verify(b"0123456789abcdeF", b"a save", &m), Some(false));
        assert_eq!(mac(b"short", b"x"), None);
        assert_eq!(verify(b"short", b"x", &m), None);
        // 64 bytes are a key, 65 are not
        assert!(mac(&[1u8; 64], b"x").is_some());
        assert_eq!(mac(&[1u8; 65], b"x"), None);
        assert!(SaveMacState::new(&[1u8; 65]).is_none());
        assert!(SaveMacState::new(&[1u8; 15]).is_none());
    }

    #[test]
    fn the_c_functions_check_their_pointers() {
        let key = [7u8; 16];
        let mut out = [0u8; MAC_LEN];
        // SAFETY: valid pointers and lengths, or NULL.
        unsafe {
            assert_eq!(
                flank_save_mac(key.as_ptr(), 16, std::ptr::null(), 0, out.as_mut_ptr()),
                0
            );
            assert_eq!(out, mac(&key, b"").unwrap());
            assert_eq!(
                flank_save_mac_check(key.as_ptr(), 16, std::ptr::null(), 0, out.as_ptr()),
                1
            );
            assert_eq!(
                flank_save_mac(key.as_ptr(), 16, std::ptr::null(), 3, out.as_mut_ptr()),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_save_mac(key.as_ptr(), 15, b"x".as_ptr(), 1, out.as_mut_ptr()),
                sys::FLANK_E_SAVE_KEY
            );
            let long = [7u8; 65];
            assert_eq!(
                flank_save_mac(long.as_ptr(), 65, b"x".as_ptr(), 1, out.as_mut_ptr()),
                sys::FLANK_E_SAVE_KEY
            );
            assert_eq!(
                flank_save_mac_check(key.as_ptr(), 16, b"x".as_ptr(), 1, std::ptr::null()),
                sys::FLANK_E_NULL
            );
            out[0] ^= 1;
            assert_eq!(
                flank_save_mac_check(key.as_ptr(), 16, std::ptr::null(), 0, out.as_ptr()),
                0
            );
        }
    }

    #[test]
    fn the_incremental_c_functions() {
        let key = [9u8; 32];
        let want = mac(&key, b"one save").unwrap();
        let mut st: *mut CState = std::ptr::null_mut();
        let mut out = [0u8; MAC_LEN];
        // SAFETY: valid pointers and lengths, or NULL; each state ended once.
        unsafe {
            assert_eq!(flank_save_mac_begin(key.as_ptr(), 32, &mut st), 0);
            assert!(!st.is_null());
            assert_eq!(flank_save_mac_update(st, b"one ".as_ptr(), 4), 0);
            assert_eq!(flank_save_mac_update(st, std::ptr::null(), 0), 0);
            assert_eq!(
                flank_save_mac_update(st, std::ptr::null(), 4),
                sys::FLANK_E_NULL
            );
            assert_eq!(flank_save_mac_update(st, b"save".as_ptr(), 4), 0);
            assert_eq!(flank_save_mac_end(st, out.as_mut_ptr()), 0);
            assert_eq!(out, want);

            // the check: a match, a changed byte, NULL mark (st freed all the same)
            for (mark, answer) in [
                (want, 1),
                (
                    {
                        let mut w = want;
                        w[5] ^= 0x10;
                        w
                    },
                    0,
                ),
            ] {
                assert_eq!(flank_save_mac_begin(key.as_ptr(), 32, &mut st), 0);
                assert_eq!(flank_save_mac_update(st, b"one save".as_ptr(), 8), 0);
                assert_eq!(flank_save_mac_end_check(st, mark.as_ptr()), answer);
            }
            assert_eq!(flank_save_mac_begin(key.as_ptr(), 32, &mut st), 0);
            assert_eq!(
                flank_save_mac_end_check(st, std::ptr::null()),
                sys::FLANK_E_NULL
            );

            // bad keys and pointers: error codes, *out NULL
            st = std::ptr::NonNull::dangling().as_ptr();
            assert_eq!(
                flank_save_mac_begin(key.as_ptr(), 15, &mut st),
                sys::FLANK_E_SAVE_KEY
            );
            assert!(st.is_null());
            let long = [9u8; 65];
            assert_eq!(
                flank_save_mac_begin(long.as_ptr(), 65, &mut st),
                sys::FLANK_E_SAVE_KEY
            );
            assert!(st.is_null());
            assert_eq!(
                flank_save_mac_begin(std::ptr::null(), 16, &mut st),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_save_mac_begin(key.as_ptr(), 16, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            assert_eq!(
                flank_save_mac_update(std::ptr::null_mut(), b"x".as_ptr(), 1),
                sys::FLANK_E_NULL
            );
            out = [0x5c; MAC_LEN];
            assert_eq!(
                flank_save_mac_end(std::ptr::null_mut(), out.as_mut_ptr()),
                sys::FLANK_E_NULL
            );
            assert_eq!(out, [0x5c; MAC_LEN]);
            assert_eq!(
                flank_save_mac_end_check(std::ptr::null_mut(), want.as_ptr()),
                sys::FLANK_E_NULL
            );
            // NULL out: the state is freed all the same, out untouched
            assert_eq!(flank_save_mac_begin(key.as_ptr(), 16, &mut st), 0);
            assert_eq!(
                flank_save_mac_end(st, std::ptr::null_mut()),
                sys::FLANK_E_NULL
            );
            // abandoned: freed; NULL is fine
            assert_eq!(flank_save_mac_begin(key.as_ptr(), 16, &mut st), 0);
            flank_save_mac_abandon(st);
            flank_save_mac_abandon(std::ptr::null_mut());
        }
    }
}
