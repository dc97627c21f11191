//! A second implementation of the rules, written to be obviously right rather
//! than fast: no tables, no masks, no bit tricks beyond reading one flag. The
//! tests compare [`flank_rules::rules`] (and the C ABI) against it exhaustively.

use flank_rules::sys;

fn has(square: u16, flag: u32) -> bool {
    u32::from(square) & flag != 0
}

fn def_has(defender: u8, flag: u32) -> bool {
    u32::from(defender) & flag != 0
}

/// Whether a square is well formed (no unknown bit, no contradiction).
pub fn square_ok(square: u16) -> bool {
    if u32::from(square) & !sys::FLANK_SQ_ALL != 0 {
        return false;
    }
    let creature_flags = [
        sys::FLANK_SQ_HERO,
        sys::FLANK_SQ_PEACEFUL,
        sys::FLANK_SQ_TAME,
        sys::FLANK_SQ_UNWILLING,
        sys::FLANK_SQ_HELPLESS,
        sys::FLANK_SQ_TRAPPED,
        sys::FLANK_SQ_FLEEING,
        sys::FLANK_SQ_NOATTACK,
        sys::FLANK_SQ_TAIL,
    ];
    if !has(square, sys::FLANK_SQ_CREATURE) {
        for flag in creature_flags {
            if has(square, flag) {
                return false;
            }
        }
    }
    let mut relations = 0;
    if has(square, sys::FLANK_SQ_HERO) {
        relations += 1;
    }
    if has(square, sys::FLANK_SQ_PEACEFUL) {
        relations += 1;
    }
    if has(square, sys::FLANK_SQ_TAME) {
        relations += 1;
    }
    if relations > 1 {
        return false;
    }
    if has(square, sys::FLANK_SQ_UNWILLING) && !has(square, sys::FLANK_SQ_TAME) {
        return false;
    }
    true
}

/// Whether the creature on a well-formed square threatens the defender
/// (docs/DESIGN.md, "The arc rules"), the attack direction aside.
pub fn threatens(square: u16, defender: u8) -> bool {
    if !has(square, sys::FLANK_SQ_CREATURE) {
        return false;
    }
    // Eligible: able and willing to fight right now.
    if has(square, sys::FLANK_SQ_HELPLESS)
        || has(square, sys::FLANK_SQ_TRAPPED)
        || has(square, sys::FLANK_SQ_FLEEING)
        || has(square, sys::FLANK_SQ_NOATTACK)
        || has(square, sys::FLANK_SQ_TAIL)
    {
        return false;
    }
    let is_hero = has(square, sys::FLANK_SQ_HERO);
    let peaceful = has(square, sys::FLANK_SQ_PEACEFUL);
    let tame = has(square, sys::FLANK_SQ_TAME);
    let willing_pet = tame && !has(square, sys::FLANK_SQ_UNWILLING);
    let hostile_monster = !is_hero && !peaceful && !tame;

    if def_has(defender, sys::FLANK_DEF_HERO) {
        if def_has(defender, sys::FLANK_DEF_CONFLICT) {
            !is_hero
        } else {
            hostile_monster
        }
    } else if def_has(defender, sys::FLANK_DEF_TAME) {
        hostile_monster
    } else if def_has(defender, sys::FLANK_DEF_PEACEFUL) {
        willing_pet
    } else {
        is_hero || willing_pet
    }
}

/// The score in half points of a well-formed neighbourhood.
pub fn score(square: &[u16; 8], defender: u8, attack_dir: u8) -> u8 {
    score_with_range(square, defender, attack_dir, [false; 8])
}

/// Whether the creature on line `dir` threatens the defender from range
/// (docs/DESIGN.md, "Threats from range"), asked the long way: nobody
/// stands on the neighbouring square, the creature would threaten the
/// defender from next to it, it is in range, and it has something to
/// attack with from there.
pub fn threatens_from_range(
    defender: u8,
    neighbour: u16,
    dir: u8,
    square: u16,
    dist: u8,
    arms: u8,
    reach: u8,
) -> bool {
    if has(neighbour, sys::FLANK_SQ_CREATURE) {
        return false; // it stands in the way, and counts by its square
    }
    if !threatens(square, defender) {
        return false;
    }
    let diagonal = dir == 1 || dir == 3 || dir == 5 || dir == 7;
    let dx = u32::from(dist);
    let dy = if diagonal { u32::from(dist) } else { 0 };
    let distance_squared = dx * dx + dy * dy;
    if distance_squared > 64 {
        return false; // out of dochug()'s range
    }
    let arm = |flag: u32| u32::from(arms) & flag != 0;
    let hero_shoots_or_is_shot =
        has(square, sys::FLANK_SQ_HERO) || def_has(defender, sys::FLANK_DEF_HERO);
    if arm(sys::FLANK_RA_BREATH)
        || arm(sys::FLANK_RA_SPIT)
        || arm(sys::FLANK_RA_GAZE)
        || arm(sys::FLANK_RA_MISSILES)
    {
        return true;
    }
    if arm(sys::FLANK_RA_LAUNCHER) && (hero_shoots_or_is_shot || distance_squared <= 36) {
        return true;
    }
    if arm(sys::FLANK_RA_POLEARM) && hero_shoots_or_is_shot && distance_squared <= u32::from(reach)
    {
        return true;
    }
    false
}

/// The directions threatened from range, one by one.
pub fn range_threats(square: &[u16; 8], defender: u8, lines: &sys::flank_ranged) -> [bool; 8] {
    let mut out = [false; 8];
    for d in 0..8 {
        out[d] = threatens_from_range(
            defender,
            square[d],
            d as u8,
            lines.square[d],
            lines.dist[d],
            lines.arms[d],
            lines.reach[d],
        );
    }
    out
}

/// [`score`] with threats from range: `from_range[d]` fills direction d
/// as a creature next to the defender would.
pub fn score_with_range(
    square: &[u16; 8],
    defender: u8,
    attack_dir: u8,
    from_range: [bool; 8],
) -> u8 {
    let attack = usize::from(attack_dir);
    let mut threat = [false; 8];
    for d in 0..8 {
        threat[d] = d == attack || threatens(square[d], defender) || from_range[d];
    }
    // The longest circular run of directions without a threat.
    let mut arc = 0;
    for start in 0..8 {
        let mut len = 0;
        while len < 8 && !threat[(start + len) % 8] {
            len += 1;
        }
        if len > arc {
            arc = len;
        }
    }
    let mut half = 2 * (7 - arc as u8);
    let behind = (attack + 4) % 8;
    if has(square[behind], sys::FLANK_SQ_BLOCKED) {
        half += 2;
        for side in [(behind + 7) % 8, (behind + 1) % 8] {
            if has(square[side], sys::FLANK_SQ_BLOCKED) || has(square[side], sys::FLANK_SQ_CREATURE)
            {
                half += 1;
            }
        }
    }
    half
}

/// What [`facing_eval`] returns: every number of `struct
/// flank_facing_result`, worked out the long way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FacingOutcome {
    /// 0 front, 1 flank, 2 rear.
    pub zone: u8,
    /// The arc part of the to-hit bonus, half points.
    pub arc_half_points: u8,
    /// The rule set's own to-hit part, half points.
    pub zone_half_points: u8,
    /// Damage percent.
    pub damage_percent: u16,
    /// Flat damage.
    pub damage_flat: i16,
    /// Whether the shield counts toward AC.
    pub shield_counts: bool,
    /// `FLANK_FR_*` bits.
    pub bits: u16,
}

impl From<&sys::flank_facing_result> for FacingOutcome {
    /// The numbers of an engine result, to compare with the model's.
    fn from(r: &sys::flank_facing_result) -> FacingOutcome {
        FacingOutcome {
            zone: r.zone,
            arc_half_points: r.arc_half_points,
            zone_half_points: r.zone_half_points,
            damage_percent: r.damage_percent,
            damage_flat: r.damage_flat,
            shield_counts: r.shield_counts != 0,
            bits: r.bits,
        }
    }
}

/// What the field's rule sets read of the creatures: `FLANK_ST_*` of each
/// square's, the attacker's level and `FLANK_AT_*`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Peer {
    /// `FLANK_ST_*` per square.
    pub state: [u8; 8],
    /// The attacker's level.
    pub level: u8,
    /// `FLANK_AT_*`.
    pub attacker: u8,
}

/// NerfHack's bonus as their table reads: half of (level - 4), dropping
/// the fraction toward zero, plus 2; a natural flanker adds three halves of
/// its level (a monster) or doubles it (the hero); never below 4 nor above
/// 30 points.
fn nerfhack_points(level: u8, outflanker: bool, hero: bool) -> u8 {
    let half = (f64::from(level) - 4.0) / 2.0;
    let mut points = half.trunc() + 2.0;
    if outflanker && hero {
        points *= 2.0;
    } else if outflanker {
        points += (f64::from(level) * 1.5).floor();
    }
    points.clamp(4.0, 30.0) as u8
}

/// What the field's foe-opposite rule sets (NerfHack's, SpliceHack's,
/// Hack'EM's `calculate_flankers()`) read of the creature straight across
/// the defender from the attacker, and of the attack, each clause's fact
/// once.
struct Across {
    /// The square across.
    there: u16,
    /// Its creature's `FLANK_ST_*`.
    st: u32,
    /// The attack's `FLANK_FI_*`.
    fi: u32,
    /// The attacker's `FLANK_AT_*`.
    at: u32,
    hero_attacks: bool,
    pet_attacks: bool,
    hero_defends: bool,
    /// The defender is peaceful or tame.
    defender_peaceful: bool,
    /// The creature across is the hero.
    hero_flanks: bool,
    flanker_tame: bool,
    /// The creature across is peaceful or tame.
    flanker_peaceful: bool,
    /// The defender has a grudge against the creature across.
    grudge: bool,
}

impl Across {
    fn read(square: &[u16; 8], defender: u8, attack_dir: u8, flags: u8, peer: &Peer) -> Across {
        let across = usize::from((attack_dir + 4) % 8);
        let there = square[across];
        let st = u32::from(peer.state[across]);
        let at = u32::from(peer.attacker);
        let flanker_tame = has(there, sys::FLANK_SQ_TAME);
        Across {
            there,
            st,
            fi: u32::from(flags),
            at,
            hero_attacks: at & sys::FLANK_AT_HERO != 0,
            pet_attacks: at & sys::FLANK_AT_TAME != 0,
            hero_defends: def_has(defender, sys::FLANK_DEF_HERO),
            defender_peaceful: def_has(defender, sys::FLANK_DEF_PEACEFUL)
                || def_has(defender, sys::FLANK_DEF_TAME),
            hero_flanks: has(there, sys::FLANK_SQ_HERO),
            flanker_tame,
            flanker_peaceful: flanker_tame || has(there, sys::FLANK_SQ_PEACEFUL),
            grudge: st & sys::FLANK_ST_GRUDGE != 0,
        }
    }
}

/// The facing rules for one well-formed attack, written as a reader of the
/// rule sets' descriptions would apply them: by rule set, one `if` at a
/// time, with this model's own numbers. `rules` is a rule set's
/// `FLANK_RULES_*` id, the header's (`FLANK_RULES_TACTICS |
/// FLANK_RULES_PLUS_ARC` for `proposal+tactics`); `facing` is 0..=7 or 8
/// (faceless). Flags are `FLANK_FI_*`.
///
/// Threats from range (`from_range`, see [`score_with_range`]) fill the
/// arc only; the `opposite` rule's ally must stand next to the defender
/// (the service spec's `allyMustBeAdjacent`). `peer` is what the field's
/// rule sets read of the creatures (`Peer::default()` for none of it).
#[allow(clippy::too_many_arguments)]
pub fn facing_eval(
    square: &[u16; 8],
    defender: u8,
    attack_dir: u8,
    facing: u8,
    flags: u8,
    rules: u8,
    from_range: [bool; 8],
    peer: &Peer,
) -> FacingOutcome {
    let shield = u32::from(flags) & sys::FLANK_FI_SHIELD != 0;
    let rogue = u32::from(flags) & sys::FLANK_FI_ROGUE != 0;
    let melee = u32::from(flags) & sys::FLANK_FI_MELEE != 0;
    let helpless = u32::from(flags) & sys::FLANK_FI_HELPLESS != 0;

    // The zone: count the steps around the compass both ways.
    let mut zone = 0;
    // NerfHack's and Sil-Q's rules know no facing at all.
    let base_rules = u32::from(rules) & !sys::FLANK_RULES_PLUS_ARC;
    // Nor do SpliceHack's and Hack'EM's.
    let no_facing = [
        sys::FLANK_RULES_NERFHACK,
        sys::FLANK_RULES_SILQ,
        sys::FLANK_RULES_SPLICEHACK,
        sys::FLANK_RULES_HACKEM,
    ]
    .contains(&base_rules);
    if facing < 8 && !no_facing {
        let mut clockwise = 0;
        while (facing + clockwise) % 8 != attack_dir {
            clockwise += 1;
        }
        let steps = if clockwise > 4 {
            8 - clockwise
        } else {
            clockwise
        };
        zone = if steps <= 1 {
            0
        } else if steps == 2 {
            1
        } else {
            2
        };
    }

    let plus_arc = u32::from(rules) & sys::FLANK_RULES_PLUS_ARC != 0;
    let base = u32::from(rules) & !sys::FLANK_RULES_PLUS_ARC;
    let mut out = FacingOutcome {
        zone,
        arc_half_points: 0,
        zone_half_points: 0,
        damage_percent: 100,
        damage_flat: 0,
        shield_counts: true,
        bits: 0,
    };
    if plus_arc || base == sys::FLANK_RULES_PROPOSAL || base == sys::FLANK_RULES_IMPLICIT {
        out.arc_half_points = score_with_range(square, defender, attack_dir, from_range);
        out.bits |= sys::FLANK_FR_ARC as u16;
    }
    if base == sys::FLANK_RULES_IMPLICIT {
        // Flank: "a small ... to-hit bonus" (+2); rear: "substantial" (+4).
        if zone == 1 {
            out.zone_half_points = 4;
        }
        if zone == 2 {
            out.zone_half_points = 8;
        }
        // "the player does not receive defensive benefits from a shield".
        out.shield_counts = zone == 0;
    }
    if base == sys::FLANK_RULES_DND {
        if zone == 1 {
            out.zone_half_points = 4;
        }
        if zone == 2 {
            out.zone_half_points = 8;
        }
        // The shield on the defender's left: facing north, the west flank.
        let left = (facing + 6) % 8;
        out.shield_counts = zone == 0 || (zone == 1 && attack_dir == left);
        if zone == 2 && rogue && melee {
            out.bits |= sys::FLANK_FR_BACKSTAB as u16;
        }
        if zone == 2 && helpless && !def_has(defender, sys::FLANK_DEF_HERO) {
            out.bits |= sys::FLANK_FR_UNNOTICED as u16;
        }
    }
    if base == sys::FLANK_RULES_OPPOSITE && melee {
        let opposite = usize::from((attack_dir + 4) % 8);
        if threatens(square[opposite], defender) {
            out.zone_half_points = 4;
            out.bits |= sys::FLANK_FR_FLANKED as u16;
        } else if zone == 2 {
            out.zone_half_points = 4;
            out.damage_flat = 2;
            out.bits |= sys::FLANK_FR_BEHIND as u16;
        } else if zone == 1 {
            out.bits |= sys::FLANK_FR_SIDE as u16;
        }
        if zone != 0 && !helpless {
            out.bits |= sys::FLANK_FR_TURNS as u16;
        }
    }
    if base == sys::FLANK_RULES_NERFHACK && melee {
        // calculate_flankers() read clause by clause: the creature straight
        // across the defender from the attacker, if it is fit to help, and
        // if it is on the attacker's side.
        let a = Across::read(square, defender, attack_dir, flags, peer);
        let mut fit = has(a.there, sys::FLANK_SQ_CREATURE) && a.at & sys::FLANK_AT_NURSE == 0;
        if fit && a.hero_flanks {
            // The hero's own list: sight, hallucination, confusion,
            // punishment, fumbling, legs, stunning, a form that does not
            // move, sleep or fainting.
            if a.fi & (sys::FLANK_FI_HERO_UNSEEING | sys::FLANK_FI_HERO_HOBBLED) != 0
                || a.st
                    & (sys::FLANK_ST_CONFUSED
                        | sys::FLANK_ST_STUNNED
                        | sys::FLANK_ST_STATIONARY
                        | sys::FLANK_ST_UNAWARE)
                    != 0
            {
                fit = false;
            }
        } else if fit {
            // A monster's list, and Elbereth under the hero.
            if has(a.there, sys::FLANK_SQ_HELPLESS)
                || has(a.there, sys::FLANK_SQ_FLEEING)
                || has(a.there, sys::FLANK_SQ_TRAPPED)
                || a.st
                    & (sys::FLANK_ST_CONFUSED
                        | sys::FLANK_ST_STUNNED
                        | sys::FLANK_ST_EATING
                        | sys::FLANK_ST_HIDDEN
                        | sys::FLANK_ST_STATIONARY
                        | sys::FLANK_ST_NURSE)
                    != 0
                || a.fi & sys::FLANK_FI_ELBERETH != 0
            {
                fit = false;
            }
        }
        let helps = if a.hero_attacks {
            a.flanker_tame || (a.flanker_peaceful && a.grudge)
        } else if a.hero_defends {
            !a.flanker_peaceful
        } else if a.hero_flanks {
            a.pet_attacks && !a.defender_peaceful
        } else {
            a.grudge || (a.pet_attacks && a.flanker_tame)
        };
        if fit && helps {
            let outflanker = a.at & sys::FLANK_AT_OUTFLANKER != 0;
            out.zone_half_points = 2 * nerfhack_points(peer.level, outflanker, a.hero_attacks);
            out.bits |= sys::FLANK_FR_FLANKED as u16;
        }
    }
    if (base == sys::FLANK_RULES_SPLICEHACK || base == sys::FLANK_RULES_HACKEM) && melee {
        // The two older calculate_flankers(), read clause by clause: the
        // creature straight across the defender, fit to help, on the
        // attacker's side.
        let splice = base == sys::FLANK_RULES_SPLICEHACK;
        let a = Across::read(square, defender, attack_dir, flags, peer);
        let mut fit = has(a.there, sys::FLANK_SQ_CREATURE);
        if a.hero_flanks {
            // SpliceHack finds its flanker with m_at(), never the hero;
            // Hack'EM's hero must see, keep her wits and her feet.
            fit = fit
                && !splice
                && a.fi & (sys::FLANK_FI_HERO_UNSEEING | sys::FLANK_FI_HERO_HOBBLED) == 0
                && a.st & (sys::FLANK_ST_CONFUSED | sys::FLANK_ST_STUNNED) == 0;
        } else {
            // Asleep or frozen, fleeing, stunned; Hack'EM also trapped
            // and confused.
            let mut unfit = has(a.there, sys::FLANK_SQ_HELPLESS)
                || has(a.there, sys::FLANK_SQ_FLEEING)
                || a.st & sys::FLANK_ST_STUNNED != 0;
            if !splice {
                unfit = unfit
                    || has(a.there, sys::FLANK_SQ_TRAPPED)
                    || a.st & sys::FLANK_ST_CONFUSED != 0;
            }
            fit = fit && !unfit;
        }
        let helps = if a.hero_attacks {
            a.flanker_tame || (!splice && a.flanker_peaceful && a.grudge)
        } else if a.hero_defends {
            // SpliceHack's mattacku() asks `&& !Blind` too.
            let blind = splice && a.fi & sys::FLANK_FI_HERO_UNSEEING != 0;
            !(a.flanker_peaceful || blind)
        } else if a.hero_flanks {
            a.pet_attacks && !a.defender_peaceful
        } else if splice {
            a.defender_peaceful != a.flanker_peaceful
        } else {
            a.grudge
        };
        if fit && helps {
            out.zone_half_points = if splice {
                8
            } else {
                // (level - 4) / 2 + 4, C's division, within the cap of 30.
                let half = (i32::from(peer.level) - 4) / 2;
                2 * (half + 4).min(30) as u8
            };
            out.bits |= sys::FLANK_FR_FLANKED as u16;
        }
    }
    if base == sys::FLANK_RULES_SILQ {
        // Each other foe next to the defender: one point when it stands at
        // most two steps round the compass from the attacker, two further.
        let mut points = 0;
        for d in 0..8u8 {
            if d == attack_dir || !threatens(square[usize::from(d)], defender) {
                continue;
            }
            let steps = (0..8u8).find(|k| (attack_dir + k) % 8 == d).unwrap();
            points += if steps <= 2 || steps >= 6 { 1 } else { 2 };
        }
        out.zone_half_points = 2 * points;
        if points > 0 {
            out.bits |= sys::FLANK_FR_FLANKED as u16;
        }
    }
    if base == sys::FLANK_RULES_TACTICS {
        let mut multiplier = [1.0, 1.25, 1.5][usize::from(zone)];
        if shield && zone == 0 {
            multiplier *= 0.8;
            out.bits |= sys::FLANK_FR_SHIELD_DAMAGE as u16;
        }
        out.damage_percent = (multiplier * 100.0_f64).round() as u16;
    }
    out
}
