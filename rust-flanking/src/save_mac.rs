//! The save files' integrity check (sysconf `SAVEKEY`): an HMAC-SHA256 of
//! a save file's bytes, keyed by a secret only the game's group can read,
//! which the game appends to every save it writes and checks before it
//! restores one. A save the game did not write (a player's edit, a file
//! from elsewhere) has no valid mark and is refused before a byte of it is
//! parsed. Not a rule of flanking: the game's safety on a server, in Rust
//! for its SHA-256 and constant-time comparison (the `hmac` and `sha2`
//! crates).

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::sys;

/// The mark's length: an HMAC-SHA256.
pub const MAC_LEN: usize = 32;

/// The shortest key accepted: 16 bytes (128 bits).
pub const KEY_MIN: usize = 16;

/// HMAC-SHA256 of `data` under `key`, or `None` for a key shorter than
/// [`KEY_MIN`].
pub fn mac(key: &[u8], data: &[u8]) -> Option<[u8; MAC_LEN]> {
    if key.len() < KEY_MIN {
        return None;
    }
    let mut m = Hmac::<Sha256>::new_from_slice(key).ok()?;
    m.update(data);
    Some(m.finalize().into_bytes().into())
}

/// Is `mark` the HMAC of `data` under `key` (compared in constant time)?
/// `None` for a key shorter than [`KEY_MIN`].
pub fn verify(key: &[u8], data: &[u8], mark: &[u8; MAC_LEN]) -> Option<bool> {
    if key.len() < KEY_MIN {
        return None;
    }
    let mut m = Hmac::<Sha256>::new_from_slice(key).ok()?;
    m.update(data);
    Some(m.verify_slice(mark).is_ok())
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
/// key shorter than 16 bytes (`out` untouched on an error).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_4231_case_6() {
        // RFC 4231, test case 6: a key of 131 bytes of 0xaa
        let key = [0xaau8; 131];
        let data = b"Test Using Larger Than Block-Size Key - Hash Key First";
        let want = "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54";
        let got: String = mac(&key, data)
            .unwrap()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_changed_byte_or_a_short_key_is_refused() {
        let key = b"0123456789abcdef";
        let m = mac(key, b"a save").unwrap();
        assert_eq!(verify(key, b"a save", &m), Some(true));
        assert_eq!(verify(key, b"a savE", &m), Some(false));
        assert_eq!(verify(b"0123456789abcdeF", b"a save", &m), Some(false));
        assert_eq!(mac(b"short", b"x"), None);
        assert_eq!(verify(b"short", b"x", &m), None);
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
}
