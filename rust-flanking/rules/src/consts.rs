//! Typed views of the header's constants (bindgen makes them `u32`), each
//! declared once for the rule modules that share them.

use crate::sys;

// A square's bits (`FLANK_SQ_*`).
pub(crate) const CREATURE: u16 = sys::FLANK_SQ_CREATURE as u16;
pub(crate) const HERO: u16 = sys::FLANK_SQ_HERO as u16;
pub(crate) const PEACEFUL: u16 = sys::FLANK_SQ_PEACEFUL as u16;
pub(crate) const TAME: u16 = sys::FLANK_SQ_TAME as u16;
pub(crate) const UNWILLING: u16 = sys::FLANK_SQ_UNWILLING as u16;
pub(crate) const HELPLESS: u16 = sys::FLANK_SQ_HELPLESS as u16;
pub(crate) const TRAPPED: u16 = sys::FLANK_SQ_TRAPPED as u16;
pub(crate) const FLEEING: u16 = sys::FLANK_SQ_FLEEING as u16;
pub(crate) const NOATTACK: u16 = sys::FLANK_SQ_NOATTACK as u16;
pub(crate) const TAIL: u16 = sys::FLANK_SQ_TAIL as u16;
pub(crate) const BLOCKED: u16 = sys::FLANK_SQ_BLOCKED as u16;
pub(crate) const SQ_ALL: u16 = sys::FLANK_SQ_ALL as u16;

// The defender (`FLANK_DEF_*`).
pub(crate) const DEF_HERO: u8 = sys::FLANK_DEF_HERO as u8;
pub(crate) const DEF_PEACEFUL: u8 = sys::FLANK_DEF_PEACEFUL as u8;
pub(crate) const DEF_TAME: u8 = sys::FLANK_DEF_TAME as u8;
pub(crate) const DEF_CONFLICT: u8 = sys::FLANK_DEF_CONFLICT as u8;
pub(crate) const DEF_ALL: u8 = sys::FLANK_DEF_ALL as u8;
pub(crate) const NDIRS: u8 = sys::FLANK_NDIRS as u8;
pub(crate) const PERCENT_MAX: i32 = sys::FLANK_PERCENT_MAX as i32;

// Facing (`FLANK_FI_*`, `FLANK_ST_*`, `FLANK_AT_*`).
pub(crate) const FI_SHIELD: u8 = sys::FLANK_FI_SHIELD as u8;
pub(crate) const FI_ROGUE: u8 = sys::FLANK_FI_ROGUE as u8;
pub(crate) const FI_MELEE: u8 = sys::FLANK_FI_MELEE as u8;
pub(crate) const FI_HELPLESS: u8 = sys::FLANK_FI_HELPLESS as u8;
pub(crate) const FI_ELBERETH: u8 = sys::FLANK_FI_ELBERETH as u8;
pub(crate) const FI_HERO_UNSEEING: u8 = sys::FLANK_FI_HERO_UNSEEING as u8;
pub(crate) const FI_HERO_HOBBLED: u8 = sys::FLANK_FI_HERO_HOBBLED as u8;
pub(crate) const FI_ALL: u8 = sys::FLANK_FI_ALL as u8;
pub(crate) const ST_ALL: u8 = sys::FLANK_ST_ALL as u8;
pub(crate) const AT_ALL: u8 = sys::FLANK_AT_ALL as u8;
pub(crate) const AT_OUTFLANKER: u8 = sys::FLANK_AT_OUTFLANKER as u8;
/// The attacker's sides, `FLANK_AT_HERO | _TAME | _PEACEFUL`.
pub(crate) const AT_SIDES: u8 =
    (sys::FLANK_AT_HERO | sys::FLANK_AT_TAME | sys::FLANK_AT_PEACEFUL) as u8;
pub(crate) const ST_GRUDGE: u8 = sys::FLANK_ST_GRUDGE as u8;
pub(crate) const ST_UNAWARE: u8 = sys::FLANK_ST_UNAWARE as u8;

// Plans (`FLANK_PL_*`).
pub(crate) const PL_PET: u8 = sys::FLANK_PL_PET as u8;
pub(crate) const PL_HURT: u8 = sys::FLANK_PL_HURT as u8;
pub(crate) const PL_FLEEING: u8 = sys::FLANK_PL_FLEEING as u8;
pub(crate) const PL_ATTACKED: u8 = sys::FLANK_PL_ATTACKED as u8;
pub(crate) const PL_RANGED: u8 = sys::FLANK_PL_RANGED as u8;
pub(crate) const PL_LEAVING: u8 = sys::FLANK_PL_LEAVING as u8;
pub(crate) const PL_BESIDE_HERO: u8 = sys::FLANK_PL_BESIDE_HERO as u8;
pub(crate) const PL_ALL: u8 = sys::FLANK_PL_ALL as u8;
