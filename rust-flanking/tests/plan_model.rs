//! `flank_plan` (src/plan.rs) against a second, deliberately plain model of
//! the whole decision, written from include/flanking.h's "Monsters that
//! flank" section and docs/DESIGN.md, "Monsters that flank".
//!
//! The engine scores a candidate from masks kept per target (what changes:
//! the mover's old square and its new one). The model does not: for every
//! candidate it builds the neighbourhood as it would be after the step (the
//! mover's old square without its creature, the candidate holding the
//! mover) and asks `model::facing_eval`, the plain model of one attack, for
//! a melee attack from the candidate. Then it picks and hangs back one
//! rule at a time.

#[path = "support/plan_gen.rs"]
mod plan_gen;

use plan_gen::{inject_fault, random_input, untouched_result, BLOCKED, CREATURE, NONE};

use flank_testkit::gen::Rng;
use flank_testkit::model;
use rust_flanking::abi::{flank_plan, flank_plan_asking};
use rust_flanking::facing::RuleSet;
use rust_flanking::plan::{self, Action, Decision, Why};
use rust_flanking::sys::*;

const W: u8 = 0;
const NW: u8 = 1;
const N: u8 = 2;
const NE: u8 = 3;
const E: u8 = 4;
const SE: u8 = 5;
const S: u8 = 6;
const SW: u8 = 7;

fn bit(flags: u8, b: u32) -> bool {
    u32::from(flags) & b != 0
}

fn bit_16(square: u16, b: u32) -> bool {
    u32::from(square) & b != 0
}

// ------------------------------------------------------------------
// The model
// ------------------------------------------------------------------

/// What the header says is refused, checked one field at a time.
fn model_check(p: &flank_plan_input) -> Result<(), i32> {
    let refuse = Err(FLANK_E_PLAN);
    if p.ntargets < 1 || p.ntargets > 4 {
        return refuse;
    }
    if u32::from(p.flags) & !FLANK_PL_ALL != 0 {
        return refuse;
    }
    if p.nallies > 8 {
        return refuse;
    }
    for i in 0..usize::from(p.nallies) {
        if p.ally_speed[i] == 0 {
            return refuse;
        }
    }
    for t in &p.target[..usize::from(p.ntargets)] {
        if t.heading > 8 {
            return refuse;
        }
        if bit(t.in_.flags, FLANK_FI_ROGUE) {
            return refuse;
        }
        if t.from > 8 || t.chosen > 8 {
            return refuse;
        }
        if t.hero > 8 {
            return refuse;
        }
        if t.chosen != NONE && t.candidates & (1 << t.chosen) == 0 {
            return refuse;
        }
        if t.follow & !t.candidates != 0 {
            return refuse;
        }
        // the facing input, its attack_dir and FLANK_FI_MELEE ignored
        let f = &t.in_;
        for s in f.n.square {
            if u32::from(s) & !FLANK_SQ_ALL != 0 {
                return Err(FLANK_E_SQUARE_BITS);
            }
        }
        if u32::from(f.n.defender) & !FLANK_DEF_ALL != 0 {
            return Err(FLANK_E_DEFENDER_BITS);
        }
        for s in f.n.square {
            if !model::square_ok(s) {
                return Err(FLANK_E_INCONSISTENT);
            }
        }
        // Any id of the rule-set table (whose own test, `the_ids_of_today`,
        // holds it to the header's).
        if RuleSet::from_id(f.rules).is_none() {
            return Err(FLANK_E_RULES);
        }
        if f.facing > 8 {
            return Err(FLANK_E_FACING);
        }
        if u32::from(f.flags) & !FLANK_FI_ALL != 0 || f.reserved != 0 {
            return Err(FLANK_E_FACING_FLAGS);
        }
        if t.from != NONE && f.n.square[usize::from(t.from)] & CREATURE == 0 {
            return refuse;
        }
        if t.hero != NONE && !bit_16(f.n.square[usize::from(t.hero)], FLANK_SQ_HERO) {
            return refuse;
        }
        for d in 0..8 {
            if t.candidates & (1 << d) != 0 && f.n.square[d] & CREATURE != 0 {
                return refuse;
            }
        }
    }
    Ok(())
}

/// A square's worth: (how it keeps up with the target, whether the mover
/// could follow it from there, to-hit half points, damage percent, flat
/// damage), compared in that order.
type Worth = (u8, bool, u8, u16, i16);

/// Each direction's offset, NetHack's `xdir[]` and `ydir[]`.
const XDIR: [i32; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
const YDIR: [i32; 8] = [0, -1, -1, -1, 0, 1, 1, 1];

/// How square `d` keeps up with a target heading `h`, by the angle
/// between them: the heading itself 3, less than 90 degrees off it (their
/// offsets' dot product positive) 2, square to it 1, behind or not moving
/// 0.
fn reach_of(h: u8, d: u8, age: u8) -> u8 {
    if h >= NONE || u32::from(age) >= FLANK_PLAN_HEADING_TURNS {
        return 0;
    }
    let (h, d) = (usize::from(h), usize::from(d));
    if h == d {
        return 3;
    }
    match (XDIR[h] * XDIR[d] + YDIR[h] * YDIR[d]).signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

/// Whether square `d` around a target is next to the hero, who stands on
/// square `h` around it: their offsets differ by one step at most.
fn next_to_hero(h: u8, d: u8) -> bool {
    let (h, d) = (usize::from(h), usize::from(d));
    (XDIR[h] - XDIR[d]).abs().max((YDIR[h] - YDIR[d]).abs()) == 1
}

/// The squares a pet beside the hero may take around target `i`: while
/// another target attacking her (next to her, not helpless) could be
/// fought from her side (the pet next to it, or a candidate next to it and
/// to her), only the candidates next to her.
fn allowed(p: &flank_plan_input, i: usize) -> u8 {
    let targets = &p.target[..usize::from(p.ntargets)];
    let t = &targets[i];
    if !bit(p.flags, FLANK_PL_PET) || !bit(p.flags, FLANK_PL_BESIDE_HERO) || t.hero == NONE {
        return t.candidates;
    }
    let fought_from_her_side = |g: &flank_plan_target| {
        g.hero != NONE
            && !bit(g.in_.flags, FLANK_FI_HELPLESS)
            && (g.from != NONE
                || (0..8).any(|d| g.candidates & (1 << d) != 0 && next_to_hero(g.hero, d)))
    };
    let another = targets
        .iter()
        .enumerate()
        .any(|(j, g)| j != i && fought_from_her_side(g));
    if !another {
        return t.candidates;
    }
    (0..8u8)
        .filter(|&d| t.candidates & (1 << d) != 0 && next_to_hero(t.hero, d))
        .fold(0, |m, d| m | 1 << d)
}

/// The mover as its target sees it: a hostile monster when the target is
/// the hero or a pet, else (a monster) the hero's pet.
fn mover_bits(defender: u8) -> u16 {
    if bit(defender, FLANK_DEF_HERO) || bit(defender, FLANK_DEF_TAME) {
        CREATURE
    } else {
        CREATURE | FLANK_SQ_TAME as u16
    }
}

/// The mover's melee attack on target `t` from its square `d`, after the
/// step: its old square is empty (the terrain stays), `d` holds it.
fn worth_from(t: &flank_plan_target, d: u8, heading_age: u8) -> Worth {
    let f = &t.in_;
    let mut square = f.n.square;
    if t.from != NONE {
        square[usize::from(t.from)] &= BLOCKED;
    }
    square[usize::from(d)] |= mover_bits(f.n.defender);
    let flags = f.flags | FLANK_FI_MELEE as u8;
    let o = model::facing_eval(
        &square,
        f.n.defender,
        d,
        f.facing,
        flags,
        f.rules,
        [false; 8],
        &model::Peer::default(),
    );
    // following is asked of a moving target alone: the age that ends its
    // heading's reach ends it too
    let moving = t.heading < NONE && u32::from(heading_age) < FLANK_PLAN_HEADING_TURNS;
    (
        reach_of(t.heading, d, heading_age),
        moving && t.follow & (1 << d) != 0,
        o.arc_half_points + o.zone_half_points,
        o.damage_percent,
        o.damage_flat,
    )
}

/// Turns an ally `dist` squares from the target (distmin) at `speed` needs
/// to stand next to it: `dist - 1` squares, 12 movement points a square.
fn turns(dist: u8, speed: u8) -> u32 {
    let need = u32::from(dist - 1) * 12;
    let mut t = 0;
    while t * u32::from(speed) < need {
        t += 1;
    }
    t
}

fn model_plan(p: &flank_plan_input) -> Result<Decision, i32> {
    model_plan_asking(p).map(|(d, _)| d)
}

/// The model's decision, and whether it read the allies (what
/// `flank_plan_asking` must ask the game for, and only then): a mover
/// that is not a pet arriving next to its first target from further away,
/// where no threat stands next to it already.
fn model_plan_asking(p: &flank_plan_input) -> Result<(Decision, bool), i32> {
    model_check(p)?;
    let targets = &p.target[..usize::from(p.ntargets)];

    // vanilla's square: the best of what it is worth next to each target
    let mut vanilla: Option<Worth> = None;
    for t in targets {
        if t.chosen != NONE {
            let w = worth_from(t, t.chosen, p.heading_age);
            if vanilla.is_none() || w > vanilla.unwrap() {
                vanilla = Some(w);
            }
        }
    }
    let vanilla_worth = vanilla.unwrap_or((0, false, 0, 100, 0));
    let vanilla_half = match vanilla {
        Some(w) => w.2,
        None => 0,
    };

    // the first strictly best candidate
    let mut scored = 0;
    let mut best: Option<(Worth, u8, u8)> = None;
    for (i, t) in targets.iter().enumerate() {
        let candidates = allowed(p, i);
        for d in 0..8u8 {
            if candidates & (1 << d) == 0 {
                continue;
            }
            scored += 1;
            let w = worth_from(t, d, p.heading_age);
            if best.is_none() || w > best.unwrap().0 {
                best = Some((w, i as u8, d));
            }
        }
    }
    let mut decision = Decision {
        action: Action::Keep,
        why: Why::NoBetter,
        half_points: vanilla_half,
        vanilla_half_points: vanilla_half,
        coming: 0,
        scored,
    };
    if let Some((w, i, d)) = best {
        if w > vanilla_worth {
            decision.action = Action::Move { target: i, dir: d };
            decision.why = Why::Better;
            decision.half_points = w.2;
        }
    }

    // Hanging back: about the first target, when the mover steps next to
    // it now and is not next to it yet.
    let first = &targets[0];
    let steps_next_to_first = match decision.action {
        Action::Move { target, .. } => target == 0,
        _ => first.chosen != NONE,
    };
    if !steps_next_to_first || first.from != NONE {
        return Ok((decision, false));
    }
    let defender = first.in_.n.defender;
    let threat_there = first
        .in_
        .n
        .square
        .iter()
        .any(|&s| model::threatens(s, defender));
    // a wait is forgotten FLANK_PLAN_WAIT_MEMORY turns after it began
    let waited = if u32::from(p.since) >= FLANK_PLAN_WAIT_MEMORY {
        0
    } else {
        p.waited
    };
    // Why not, in the header's words, the reasons that need no allies
    // first (ABI 12): the allies are read only when none holds.
    let no_wait = if bit(p.flags, FLANK_PL_PET) {
        Some(Why::Pet)
    } else if threat_there {
        Some(Why::NotAlone)
    } else if bit(p.flags, FLANK_PL_HURT) {
        Some(Why::Hurt)
    } else if bit(p.flags, FLANK_PL_FLEEING) {
        Some(Why::Fleeing)
    } else if bit(p.flags, FLANK_PL_ATTACKED) {
        Some(Why::Attacked)
    } else if bit(p.flags, FLANK_PL_RANGED) {
        Some(Why::Ranged)
    } else if bit(p.flags, FLANK_PL_LEAVING) {
        Some(Why::Leaving)
    } else if allowed(p, 0).count_ones() < 2 {
        // one square next to the hero in reach: allies only queue
        Some(Why::SingleFile)
    } else if u32::from(waited) >= FLANK_PLAN_WAIT_MOVES {
        Some(Why::Waited)
    } else {
        None
    };
    if let Some(why) = no_wait {
        if decision.action == Action::Keep {
            decision.why = why;
        }
        return Ok((decision, false));
    }
    let mut together = 0;
    let mut coming = 0;
    for i in 0..usize::from(p.nallies) {
        let dist = p.ally_dist[i];
        // An ally at distance 1 already stands next to the target: the
        // target's squares say whether it threatens (plan.rs's reading; the
        // header is silent, see the report).
        if dist <= 1 {
            continue;
        }
        let t = turns(dist, p.ally_speed[i]);
        if t <= 1 {
            together += 1;
        } else if t <= FLANK_PLAN_AHEAD_TURNS {
            coming += 1;
        }
    }
    decision.coming = coming;
    if together == 0 && coming > 0 {
        decision.action = Action::Wait {
            new_wait: waited == 0,
        };
        decision.half_points = 0;
        decision.why = Why::Waiting;
    } else if decision.action == Action::Keep {
        decision.why = if together > 0 {
            Why::NotAlone
        } else {
            Why::NoAllies
        };
    }
    Ok((decision, true))
}

/// The engine, through `plan::plan`, `plan::plan_raw` and the `extern "C"`
/// function, which must agree with each other.
fn engine(p: &flank_plan_input) -> Result<Decision, i32> {
    let d = plan::plan(p).map_err(|e| e.code());
    let untouched = untouched_result();
    let mut out = untouched;
    // SAFETY: valid references.
    let rc = unsafe { flank_plan(p, &mut out) };
    match &d {
        Ok(d) => {
            assert_eq!(rc, i32::from(d.scored));
            assert_eq!(out, d.raw());
            assert_eq!(plan::plan_raw(p), Ok((d.raw(), rc)));
        }
        Err(code) => {
            assert_eq!(rc, *code);
            assert_eq!(out, untouched, "*out written on error {code}");
            assert_eq!(plan::plan_raw(p), Err(*code));
        }
    }
    // flank_plan_asking, the input's allies given when asked for: the same
    // answer (but for allies it is refused, which it finds only if it asks)
    let allies_ok = usize::from(p.nallies) <= plan::MAX_ALLIES
        && p.ally_speed[..usize::from(p.nallies)]
            .iter()
            .all(|&s| s > 0);
    if d.is_ok() || allies_ok {
        let (got, out, asked) = asking(p);
        assert!(asked <= 1, "asked {asked} times");
        match &d {
            Ok(d) => assert_eq!((got, out), (i32::from(d.scored), d.raw())),
            Err(code) => assert_eq!((got, out), (*code, untouched)),
        }
    }
    d
}

/// What `flank_plan_asking` gives its allies callback: `p`'s allies, and
/// how many times it was called.
struct Asked {
    n: i32,
    dist: [u8; FLANK_PLAN_MAX_ALLIES as usize],
    speed: [u8; FLANK_PLAN_MAX_ALLIES as usize],
    calls: u32,
}

extern "C" fn give_allies(ctx: *mut core::ffi::c_void, dist: *mut u8, speed: *mut u8) -> i32 {
    // SAFETY: ctx is the Asked of asking(); dist and speed hold
    // FLANK_PLAN_MAX_ALLIES bytes each, as the header promises.
    unsafe {
        let a = &mut *ctx.cast::<Asked>();
        a.calls += 1;
        core::ptr::copy_nonoverlapping(a.dist.as_ptr(), dist, a.dist.len());
        core::ptr::copy_nonoverlapping(a.speed.as_ptr(), speed, a.speed.len());
        a.n
    }
}

/// `p` through `flank_plan_asking`, its allies moved into the callback:
/// the return value, *out (0xAB before the call) and the calls.
fn asking(p: &flank_plan_input) -> (i32, flank_plan_result, u32) {
    let mut a = Asked {
        n: i32::from(p.nallies),
        dist: p.ally_dist,
        speed: p.ally_speed,
        calls: 0,
    };
    let mut q = *p;
    q.nallies = 0;
    q.ally_dist = [0; FLANK_PLAN_MAX_ALLIES as usize];
    q.ally_speed = [0; FLANK_PLAN_MAX_ALLIES as usize];
    let (rc, out) = ask_with(&q, &mut a, Some(give_allies));
    (rc, out, a.calls)
}

/// `q` through `flank_plan_asking` with callback `cb` and context `a`.
fn ask_with(
    q: &flank_plan_input,
    a: &mut Asked,
    cb: flank_plan_allies_fn,
) -> (i32, flank_plan_result) {
    let mut out = untouched_result();
    // SAFETY: valid references; give_allies reads `a` and fills the arrays.
    let rc = unsafe { flank_plan_asking(q, cb, (a as *mut Asked).cast(), &mut out) };
    (rc, out)
}

#[test]
fn asking_refuses_allies_as_the_input_would() {
    // m04's wait: the allies are read, so asked for
    let p = with_allies(jackal_from_the_east(EMPTY, NE), &[(2, 6)]);
    let wait = decide(&p);
    assert_eq!(wait.action, Action::Wait { new_wait: true });
    let (rc, out, calls) = asking(&p);
    assert_eq!((rc, out, calls), (i32::from(wait.scored), wait.raw(), 1));
    let mut q = p;
    q.nallies = 0;
    let given = |n: i32, speed0: u8| Asked {
        n,
        dist: [2; FLANK_PLAN_MAX_ALLIES as usize],
        speed: [speed0, 6, 6, 6, 6, 6, 6, 6],
        calls: 0,
    };
    let untouched = untouched_result();
    for (what, mut a, code) in [
        ("nine allies", given(9, 6), FLANK_E_PLAN),
        ("a count below 0", given(-1, 6), FLANK_E_PLAN),
        ("a speed of 0", given(1, 0), FLANK_E_PLAN),
        ("one ally", given(1, 6), i32::from(wait.scored)),
        ("eight allies", given(8, 6), i32::from(wait.scored)),
    ] {
        let (rc, out) = ask_with(&q, &mut a, Some(give_allies));
        assert_eq!((rc, a.calls), (code, 1), "{what}");
        if code < 0 {
            assert_eq!(out, untouched, "{what}: *out written");
        }
    }
    // no callback, or allies in the input as well: refused before asking
    assert_eq!(
        ask_with(&q, &mut given(1, 6), None),
        (FLANK_E_NULL, untouched)
    );
    let mut a = given(1, 6);
    assert_eq!(
        ask_with(&p, &mut a, Some(give_allies)),
        (FLANK_E_PLAN, untouched)
    );
    assert_eq!(a.calls, 0);
    // a threat next to the hero already: not asked, even for bad allies
    let mut sq = EMPTY;
    sq[usize::from(SW)] = HOSTILE;
    let mut t = with_allies(jackal_from_the_east(sq, NE), &[]);
    t.nallies = 0;
    let mut a = given(9, 0);
    let (rc, out) = ask_with(&t, &mut a, Some(give_allies));
    assert_eq!(
        (rc >= 0, out.why, out.coming, a.calls),
        (true, Why::NotAlone as u8, 0, 0)
    );
}

// ------------------------------------------------------------------
// Random inputs
// ------------------------------------------------------------------

#[test]
fn engine_matches_the_model_on_random_inputs() {
    const INPUTS: usize = 300_000;
    let mut rng = Rng::new(0x9E37_2F60_9C06_0003);
    let mut whys = [0usize; 13];
    let (mut keep, mut moves, mut waits, mut new_waits) = (0, 0, 0, 0);
    let mut moves_not_first = 0;
    let mut coming_seen = 0;
    let mut asked = 0;
    // a pet beside the hero that the side rule sends elsewhere
    let mut kept_to_her_side = 0;
    // a mover that following its moving target sends elsewhere
    let mut followed = 0;
    let mut faults = std::collections::BTreeMap::new();
    for n in 0..INPUTS {
        let mut p = random_input(&mut rng);
        let fault = if rng.one_in(10) {
            let f = inject_fault(&mut rng, &mut p);
            *faults.entry(f.0).or_insert(0usize) += 1;
            Some(f)
        } else {
            None
        };
        let want = model_plan_asking(&p);
        let got = engine(&p);
        assert_eq!(got, want.map(|(d, _)| d), "input {n} ({fault:?}): {p:#?}");
        if let Some((what, code)) = fault {
            assert_eq!(got, Err(code), "input {n}: {what}");
            continue;
        }
        // asked for the allies exactly when the model reads them
        let read = want.is_ok_and(|(_, read)| read);
        assert_eq!(asking(&p).2, u32::from(read), "input {n}: {p:#?}");
        asked += usize::from(read);
        let d = got.unwrap_or_else(|c| panic!("input {n}: a valid input refused: {c}"));
        whys[d.why as usize] += 1;
        match d.action {
            Action::Keep => keep += 1,
            Action::Move { target, .. } => {
                moves += 1;
                if target > 0 {
                    moves_not_first += 1;
                }
            }
            Action::Wait { new_wait } => {
                waits += 1;
                new_waits += usize::from(new_wait);
            }
        }
        if d.coming > 0 {
            coming_seen += 1;
        }
        let mut unfollowed = p;
        for t in &mut unfollowed.target {
            t.follow = 0;
        }
        if engine(&unfollowed) != got {
            followed += 1;
        }
        if bit(p.flags, FLANK_PL_BESIDE_HERO) {
            let mut away = p;
            away.flags &= !(FLANK_PL_BESIDE_HERO as u8);
            if engine(&away) != got {
                kept_to_her_side += 1;
            }
        }
    }
    eprintln!(
        "{INPUTS} inputs: whys {whys:?}, keep {keep} move {moves} (not the first target {moves_not_first}) wait {waits} (new {new_waits}), coming>0 {coming_seen}, allies asked for {asked}, kept to her side {kept_to_her_side}, followed {followed}, faults {faults:?}"
    );
    // the inputs reach every branch, often
    for (w, &count) in whys.iter().enumerate() {
        assert!(count >= 500, "FLANK_WHY {w} only {count} times: {whys:?}");
    }
    assert!(keep > 20_000 && moves > 20_000, "{keep} {moves}");
    assert!(waits > 2_000 && new_waits > 500 && waits - new_waits > 500);
    assert!(moves_not_first > 2_000 && coming_seen > 5_000);
    assert!(asked > 20_000 && asked < INPUTS / 2, "{asked}");
    assert!(kept_to_her_side > 500, "{kept_to_her_side}");
    assert!(followed > 500, "{followed}");
    assert_eq!(faults.len(), 22, "{faults:?}");
}

// ------------------------------------------------------------------
// Cases a reader can check
// ------------------------------------------------------------------

/// A target: the hero with these squares, rule set `proposal`, faceless.
fn hero(square: [u16; 8], from: u8, candidates: &[u8], chosen: u8) -> flank_plan_target {
    flank_plan_target {
        in_: flank_facing_input {
            n: flank_neighbourhood {
                square,
                defender: FLANK_DEF_HERO as u8,
                attack_dir: 0,
            },
            facing: FLANK_FACING_NONE as u8,
            flags: 0,
            rules: FLANK_RULES_PROPOSAL as u8,
            reserved: 0,
            ..Default::default()
        },
        from,
        candidates: candidates.iter().fold(0, |m, &d| m | 1 << d),
        chosen,
        heading: NONE,
        hero: NONE,
        follow: 0,
    }
}

fn input(targets: &[flank_plan_target]) -> flank_plan_input {
    let mut p = flank_plan_input {
        ntargets: targets.len() as u8,
        since: 255,
        ..Default::default()
    };
    p.target[..targets.len()].copy_from_slice(targets);
    p
}

fn with_allies(mut p: flank_plan_input, allies: &[(u8, u8)]) -> flank_plan_input {
    p.nallies = allies.len() as u8;
    for (i, &(dist, speed)) in allies.iter().enumerate() {
        p.ally_dist[i] = dist;
        p.ally_speed[i] = speed;
    }
    p
}

/// The engine's decision, checked against the model too.
fn decide(p: &flank_plan_input) -> Decision {
    let got = engine(p);
    assert_eq!(got, model_plan(p), "engine and model differ");
    got.unwrap_or_else(|c| panic!("refused: {c}"))
}

fn decision(action: Action, why: Why, half: u8, vanilla: u8, coming: u8, scored: u8) -> Decision {
    Decision {
        action,
        why,
        half_points: half,
        vanilla_half_points: vanilla,
        coming,
        scored,
    }
}

const EMPTY: [u16; 8] = [0; 8];
const HOSTILE: u16 = CREATURE;
const WALL: u16 = BLOCKED;

/// A jackal two squares east of the hero, stepping to N, NE, E, SE or S.
fn jackal_from_the_east(square: [u16; 8], chosen: u8) -> flank_plan_input {
    input(&[hero(square, NONE, &[N, NE, E, SE, S], chosen)])
}

#[test]
fn a_in_the_open_alone_no_square_is_better() {
    // Every square: the jackal is the only threat, arc 7, 0 points.
    let p = jackal_from_the_east(EMPTY, NE);
    let d = decide(&p);
    // it arrives alone, with nobody behind: it does not wait either
    assert_eq!(d, decision(Action::Keep, Why::NoAllies, 0, 0, 0, 5));
    // as the pet of nobody, vanilla's square next to nothing
    let p = jackal_from_the_east(EMPTY, NONE);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoBetter, 0, 0, 0, 5)
    );
}

#[test]
fn b_a_hostile_already_west_the_mover_goes_east() {
    let mut sq = EMPTY;
    sq[usize::from(W)] = HOSTILE;
    // NE: threats W, NE: runs 2 (NW, N) and 4 (E..SW): arc 4, 2*(7-4) = 6.
    // E: threats W, E: runs 3 and 3: arc 3, 8 half points.
    let p = jackal_from_the_east(sq, NE);
    let d = decide(&p);
    assert_eq!(
        d,
        decision(Action::Move { target: 0, dir: E }, Why::Better, 8, 6, 0, 5)
    );
    assert_eq!(d.raw().action, FLANK_PLAN_MOVE as u8);
    // already east: it keeps it, and another threat is there: not alone
    let p = jackal_from_the_east(sq, E);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NotAlone, 8, 8, 0, 5)
    );
    // a fleeing hostile west is no threat: no better square
    sq[usize::from(W)] = HOSTILE | FLANK_SQ_FLEEING as u16;
    let p = jackal_from_the_east(sq, NE);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoAllies, 0, 0, 0, 5)
    );
}

#[test]
fn c_back_to_a_wall() {
    // a wall west of the hero: NW, W, SW blocked
    let mut sq = EMPTY;
    for d in [NW, W, SW] {
        sq[usize::from(d)] = WALL;
    }
    // E: behind (W) blocked +2, both beside (NW, SW) +1 each = 4.
    // NE: behind SW blocked +2, beside W +1, S no = 3; SE likewise 3.
    // N and S, along the wall: behind S or N is open: 0.
    let p = jackal_from_the_east(sq, N);
    assert_eq!(
        decide(&p),
        decision(Action::Move { target: 0, dir: E }, Why::Better, 4, 0, 0, 5)
    );
    let p = jackal_from_the_east(sq, NE);
    assert_eq!(
        decide(&p),
        decision(Action::Move { target: 0, dir: E }, Why::Better, 4, 3, 0, 5)
    );
    // only the squares along the wall: ties keep vanilla's square
    let p = input(&[hero(sq, NONE, &[N, S], S)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoAllies, 0, 0, 0, 2)
    );
    // a creature beside the back square counts as the wall does: a hostile
    // on SW instead of the wall (it also threatens: threats SW, E; runs
    // W..NE 4, SE..S 2: arc 4 = 6, back 2 + 2 = 4: 10)
    sq[usize::from(SW)] = HOSTILE;
    let p = jackal_from_the_east(sq, N);
    let d = decide(&p);
    assert_eq!(d.action, Action::Move { target: 0, dir: E });
    assert_eq!(d.half_points, 10);
}

#[test]
fn d_waiting_for_an_ally() {
    // one ally three squares away at speed 12: 2 turns, coming
    let p = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12)]);
    let d = decide(&p);
    assert_eq!(
        d,
        decision(Action::Wait { new_wait: true }, Why::Waiting, 0, 0, 1, 5)
    );
    assert_eq!(d.raw().new_wait, 1);
    assert_eq!(d.raw().action, FLANK_PLAN_WAIT as u8);
    // waiting on: waited 1, since 1: no new wait
    let mut q = p;
    (q.waited, q.since) = (1, 1);
    assert_eq!(
        decide(&q),
        decision(Action::Wait { new_wait: false }, Why::Waiting, 0, 0, 1, 5)
    );
    (q.waited, q.since) = (2, 2);
    assert_eq!(decide(&q).action, Action::Wait { new_wait: false });
    // waited 3, since 2: as long as it may (the allies no longer read,
    // none counted as coming)
    (q.waited, q.since) = (3, 2);
    assert_eq!(decide(&q), decision(Action::Keep, Why::Waited, 0, 0, 0, 5));
    assert_eq!(asking(&q).2, 0);
    (q.waited, q.since) = (3, 19);
    assert_eq!(decide(&q).why, Why::Waited);
    // 20 turns after the wait began it may wait again ("does not wait
    // again until FLANK_PLAN_WAIT_MEMORY turns after its wait began")
    (q.waited, q.since) = (3, 20);
    assert_eq!(decide(&q).action, Action::Wait { new_wait: true });
    (q.waited, q.since) = (3, 30);
    assert_eq!(
        decide(&q),
        decision(Action::Wait { new_wait: true }, Why::Waiting, 0, 0, 1, 5)
    );
    (q.waited, q.since) = (2, 30);
    assert_eq!(decide(&q).action, Action::Wait { new_wait: true });
    // too far or too slow: 4 squares at 12 is 3 turns, coming; 5 is 4: not
    let p5 = with_allies(jackal_from_the_east(EMPTY, NE), &[(4, 12)]);
    assert_eq!(decide(&p5).action, Action::Wait { new_wait: true });
    let p5 = with_allies(jackal_from_the_east(EMPTY, NE), &[(5, 12), (3, 6), (2, 3)]);
    // (5,12): 4 turns; (3,6): 4 turns; (2,3): 4 turns
    assert_eq!(
        decide(&p5),
        decision(Action::Keep, Why::NoAllies, 0, 0, 0, 5)
    );
    // two coming, one far
    let p5 = with_allies(jackal_from_the_east(EMPTY, NE), &[(5, 12), (3, 9), (4, 15)]);
    assert_eq!(decide(&p5).coming, 2);
    // it moves to a better square and waits there instead: the wait wins
    let mut sq = EMPTY;
    sq[usize::from(W)] = WALL;
    let p = with_allies(jackal_from_the_east(sq, NE), &[(3, 12)]);
    assert_eq!(
        decide(&p),
        decision(Action::Wait { new_wait: true }, Why::Waiting, 0, 0, 1, 5)
    );
    // vanilla's square is not next to the hero: no wait, whatever allies
    let p = with_allies(jackal_from_the_east(EMPTY, NONE), &[(3, 12)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoBetter, 0, 0, 0, 5)
    );
    // already next to the hero (from N): no wait, it just steps
    let mut sq = EMPTY;
    sq[usize::from(N)] = HOSTILE;
    let p = with_allies(input(&[hero(sq, N, &[NE, E], NE)]), &[(3, 12)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoBetter, 0, 0, 0, 2)
    );
}

#[test]
fn e_an_ally_arriving_together_is_not_alone() {
    // distance 2 at speed 12: one turn, together
    let p = with_allies(jackal_from_the_east(EMPTY, NE), &[(2, 12)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NotAlone, 0, 0, 0, 5)
    );
    // together wins over coming: counted only as coming are the others
    let p = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12), (3, 24)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NotAlone, 0, 0, 1, 5)
    );
    // distance 2 at speed 6: two turns, coming
    let p = with_allies(jackal_from_the_east(EMPTY, NE), &[(2, 6)]);
    assert_eq!(decide(&p).action, Action::Wait { new_wait: true });
    // a hostile already next to the hero (not a candidate square)
    let mut sq = EMPTY;
    sq[usize::from(SW)] = HOSTILE;
    let p = with_allies(jackal_from_the_east(sq, NE), &[(3, 12)]);
    assert_eq!(decide(&p).why, Why::NotAlone);
}

#[test]
fn f_a_pet_never_waits() {
    let mut p = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12)]);
    p.flags = FLANK_PL_PET as u8;
    // the allies are not read for a pet (ABI 12): none counted as coming,
    // and flank_plan_asking does not ask for them
    assert_eq!(decide(&p), decision(Action::Keep, Why::Pet, 0, 0, 0, 5));
    assert_eq!(asking(&p).2, 0);
    // the pet's own target: a hostile monster, the hero's pet attacking it
    let mut t = hero(EMPTY, NONE, &[N, NE, E], NE);
    t.in_.n.defender = 0;
    t.in_.n.square[usize::from(W)] = CREATURE | FLANK_SQ_HERO as u16;
    let mut p = input(&[t]);
    p.flags = FLANK_PL_PET as u8;
    // the hero west: the pet goes east, opposite (8 half points)
    assert_eq!(
        decide(&p),
        decision(Action::Move { target: 0, dir: E }, Why::Better, 8, 6, 0, 3)
    );
}

#[test]
fn g_what_stops_a_wait() {
    let base = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12)]);
    for (flag, why) in [
        (FLANK_PL_HURT, Why::Hurt),
        (FLANK_PL_FLEEING, Why::Fleeing),
        (FLANK_PL_ATTACKED, Why::Attacked),
        (FLANK_PL_RANGED, Why::Ranged),
        (FLANK_PL_LEAVING, Why::Leaving),
    ] {
        let mut p = base;
        p.flags = flag as u8;
        // a reason that needs no allies: they are not read (ABI 12)
        assert_eq!(
            decide(&p),
            decision(Action::Keep, why, 0, 0, 0, 5),
            "{why:?}"
        );
        assert_eq!(asking(&p).2, 0, "{why:?}");
        // with an ally arriving with it too, the reason that needs no
        // allies is the one given (ABI 12; it was NOT_ALONE)
        let mut both = with_allies(p, &[(2, 12)]);
        both.flags = flag as u8;
        assert_eq!(decide(&both).why, why);
        // and the why is the FLANK_WHY_* of the header
        assert_eq!(
            decide(&p).raw().why,
            match why {
                Why::Hurt => FLANK_WHY_HURT,
                Why::Fleeing => FLANK_WHY_FLEEING,
                Why::Attacked => FLANK_WHY_ATTACKED,
                Why::Ranged => FLANK_WHY_RANGED,
                _ => FLANK_WHY_LEAVING,
            } as u8
        );
    }
    // the precedence: pet, not alone, hurt, fleeing, attacked, ranged
    let mut p = base;
    p.flags = FLANK_PL_ALL as u8 & !(FLANK_PL_PET as u8);
    assert_eq!(decide(&p).why, Why::Hurt);
    p.flags &= !(FLANK_PL_HURT as u8);
    assert_eq!(decide(&p).why, Why::Fleeing);
    p.flags &= !(FLANK_PL_FLEEING as u8);
    assert_eq!(decide(&p).why, Why::Attacked);
    p.flags = FLANK_PL_ALL as u8;
    assert_eq!(decide(&p).why, Why::Pet);
}

/// The hero facing north, a jackal stepping to its east flank (E) or its
/// rear (S), vanilla's choice E.
fn facing_north(rules: u32) -> flank_plan_input {
    let mut t = hero(EMPTY, NONE, &[E, S], E);
    t.in_.facing = N;
    t.in_.rules = rules as u8;
    input(&[t])
}

#[test]
fn h_facing_the_rear_wins() {
    // dnd: flank +2 (4 half points), rear +4 (8)
    let d = decide(&facing_north(FLANK_RULES_DND));
    assert_eq!(
        d,
        decision(Action::Move { target: 0, dir: S }, Why::Better, 8, 4, 0, 2)
    );
    // tactics: no to-hit bonus, x1.25 on the flank, x1.5 from the rear
    let d = decide(&facing_north(FLANK_RULES_TACTICS));
    assert_eq!(
        d,
        decision(Action::Move { target: 0, dir: S }, Why::Better, 0, 0, 0, 2)
    );
    // tactics with a shield: the front (N) is x0.8, worse than nothing
    let mut t = hero(EMPTY, NONE, &[N, NE], N);
    t.in_.facing = N;
    t.in_.rules = FLANK_RULES_TACTICS as u8;
    t.in_.flags = FLANK_FI_SHIELD as u8;
    assert_eq!(decide(&input(&[t])).action, Action::Keep);
    // opposite: from behind +2 hit (4) and +2 damage; the flank nothing
    let d = decide(&facing_north(FLANK_RULES_OPPOSITE));
    assert_eq!(
        d,
        decision(Action::Move { target: 0, dir: S }, Why::Better, 4, 0, 0, 2)
    );
    // proposal+tactics: the arc is 0 everywhere, the damage decides
    let d = decide(&facing_north(FLANK_RULES_PLUS_ARC | FLANK_RULES_TACTICS));
    assert_eq!(d.action, Action::Move { target: 0, dir: S });
    // faceless: every zone is the front; a tie keeps vanilla's square
    let mut p = facing_north(FLANK_RULES_DND);
    p.target[0].in_.facing = FLANK_FACING_NONE as u8;
    assert_eq!(decide(&p).action, Action::Keep);
}

#[test]
fn several_targets() {
    // target 0: nothing to gain; target 1: a hostile (to the hero) west of
    // it, the east square opposite
    let mut sq = EMPTY;
    sq[usize::from(W)] = HOSTILE;
    let t0 = hero(EMPTY, NONE, &[N, NE], NE);
    let t1 = hero(sq, NONE, &[NE, E], NONE);
    let p = with_allies(input(&[t0, t1]), &[(3, 12)]);
    // it goes to target 1, so it does not wait for target 0's allies
    assert_eq!(
        decide(&p),
        decision(Action::Move { target: 1, dir: E }, Why::Better, 8, 0, 0, 4)
    );
    // vanilla's square next to both: worth its best, 8 from target 1; it
    // arrives next to target 0 alone (no ally at all)
    let t1 = hero(sq, NONE, &[NE, E], E);
    let p = input(&[t0, t1]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoAllies, 8, 8, 0, 4)
    );
    // equal squares at two targets: the first target's
    let p = input(&[hero(sq, NONE, &[E], NONE), hero(sq, NONE, &[E], NONE)]);
    assert_eq!(decide(&p).action, Action::Move { target: 0, dir: E });
    // the mover next to a target: its old square is not a threat any more
    // (it leaves it). Hostile west is the mover: no gain from east.
    let p = input(&[hero(sq, W, &[N, E], N)]);
    assert_eq!(
        decide(&p),
        decision(Action::Keep, Why::NoBetter, 0, 0, 0, 2)
    );
    // a blocked square the mover leaves stays blocked: back to a wall
    let mut sq = EMPTY;
    sq[usize::from(W)] = HOSTILE | WALL;
    let p = input(&[hero(sq, W, &[N, E], N)]);
    assert_eq!(
        decide(&p),
        decision(Action::Move { target: 0, dir: E }, Why::Better, 2, 0, 0, 2)
    );
}

#[test]
fn the_ignored_fields_are_ignored() {
    let base = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12)]);
    let want = decide(&base);
    let mut p = base;
    p.target[0].in_.n.attack_dir = 200;
    p.target[0].in_.flags = FLANK_FI_MELEE as u8;
    p.ntargets = 1;
    p.target[1].heading = 200;
    p.target[2].in_.n.square[0] = 0xFFFF;
    p.target[3].in_.rules = 99;
    p.ally_speed[5] = 0;
    p.ally_dist[7] = 0;
    assert_eq!(decide(&p), want);
}

// ------------------------------------------------------------------
// Every error
// ------------------------------------------------------------------

fn refused(p: &flank_plan_input) -> i32 {
    let want = model_plan(p);
    let got = engine(p);
    assert_eq!(got, want);
    got.expect_err("refused")
}

#[test]
fn every_error_has_its_code() {
    let good = with_allies(jackal_from_the_east(EMPTY, NE), &[(3, 12)]);
    assert!(engine(&good).is_ok());
    let mut cases: Vec<(&str, flank_plan_input, i32)> = Vec::new();
    let mut add = |what, f: &dyn Fn(&mut flank_plan_input), code| {
        let mut p = good;
        f(&mut p);
        cases.push((what, p, code));
    };
    add("ntargets 0", &|p| p.ntargets = 0, FLANK_E_PLAN);
    add("ntargets 5", &|p| p.ntargets = 5, FLANK_E_PLAN);
    add("ntargets 255", &|p| p.ntargets = 255, FLANK_E_PLAN);
    add("nallies 9", &|p| p.nallies = 9, FLANK_E_PLAN);
    add("nallies 255", &|p| p.nallies = 255, FLANK_E_PLAN);
    add("ally speed 0", &|p| p.ally_speed[0] = 0, FLANK_E_PLAN);
    add(
        "last ally speed 0",
        &|p| {
            p.nallies = 8;
            p.ally_dist = [3; 8];
            p.ally_speed = [12, 12, 12, 12, 12, 12, 12, 0];
        },
        FLANK_E_PLAN,
    );
    add(
        "flags outside FLANK_PL_ALL",
        &|p| p.flags = 0x80,
        FLANK_E_PLAN,
    );
    add("target heading", &|p| p.target[0].heading = 9, FLANK_E_PLAN);
    add("target hero", &|p| p.target[0].hero = 9, FLANK_E_PLAN);
    add(
        "no hero on the hero's square",
        &|p| p.target[0].hero = FLANK_DIR_E as u8,
        FLANK_E_PLAN,
    );
    add("from 9", &|p| p.target[0].from = 9, FLANK_E_PLAN);
    add("chosen 9", &|p| p.target[0].chosen = 9, FLANK_E_PLAN);
    add("chosen 255", &|p| p.target[0].chosen = 255, FLANK_E_PLAN);
    add(
        "follow not a candidate",
        &|p| p.target[0].follow = 1 << W,
        FLANK_E_PLAN,
    );
    add(
        "chosen not a candidate",
        &|p| p.target[0].chosen = W,
        FLANK_E_PLAN,
    );
    add(
        "a candidate holds a creature",
        &|p| p.target[0].in_.n.square[usize::from(E)] = HOSTILE,
        FLANK_E_PLAN,
    );
    add(
        "from without a creature",
        &|p| p.target[0].from = W,
        FLANK_E_PLAN,
    );
    add(
        "from is a candidate",
        &|p| {
            p.target[0].from = E;
            p.target[0].in_.n.square[usize::from(E)] = HOSTILE;
        },
        FLANK_E_PLAN,
    );
    add(
        "FLANK_FI_ROGUE",
        &|p| p.target[0].in_.flags = FLANK_FI_ROGUE as u8,
        FLANK_E_PLAN,
    );
    add(
        "FLANK_FI_ROGUE on a monster target",
        &|p| {
            p.target[0].in_.n.defender = 0;
            p.target[0].in_.flags = FLANK_FI_ROGUE as u8;
        },
        FLANK_E_PLAN,
    );
    add(
        "bad square bits",
        &|p| p.target[0].in_.n.square[usize::from(W)] = 0x0800,
        FLANK_E_SQUARE_BITS,
    );
    add(
        "bad defender bits",
        &|p| p.target[0].in_.n.defender = 0x10,
        FLANK_E_DEFENDER_BITS,
    );
    add(
        "inconsistent square",
        &|p| p.target[0].in_.n.square[usize::from(W)] = FLANK_SQ_TAME as u16,
        FLANK_E_INCONSISTENT,
    );
    add("bad rules", &|p| p.target[0].in_.rules = 9, FLANK_E_RULES);
    add(
        "bad facing",
        &|p| p.target[0].in_.facing = 9,
        FLANK_E_FACING,
    );
    add(
        "bad facing flags",
        &|p| p.target[0].in_.flags = 0x80,
        FLANK_E_FACING_FLAGS,
    );
    add(
        "facing reserved",
        &|p| p.target[0].in_.reserved = 1,
        FLANK_E_FACING_FLAGS,
    );
    // a fault in a later target
    add(
        "second target's chosen",
        &|p| {
            p.ntargets = 2;
            p.target[1] = p.target[0];
            p.target[1].chosen = W;
        },
        FLANK_E_PLAN,
    );
    add(
        "second target's square bits",
        &|p| {
            p.ntargets = 2;
            p.target[1] = p.target[0];
            p.target[1].in_.n.square[7] = 0x8000;
        },
        FLANK_E_SQUARE_BITS,
    );
    for (what, p, code) in &cases {
        assert_eq!(refused(p), *code, "{what}");
    }
    // NULL pointers
    let mut out = flank_plan_result::default();
    // SAFETY: NULL or valid pointers.
    unsafe {
        assert_eq!(flank_plan(std::ptr::null(), &mut out), FLANK_E_NULL);
        assert_eq!(flank_plan(&good, std::ptr::null_mut()), FLANK_E_NULL);
        assert_eq!(
            flank_plan(std::ptr::null(), std::ptr::null_mut()),
            FLANK_E_NULL
        );
    }
    // the error's words
    let e = plan::plan(&cases[0].1).unwrap_err();
    assert!(e.to_string().starts_with("plan: "), "{e}");
    let e = plan::plan(&cases.iter().find(|c| c.0 == "bad rules").unwrap().1).unwrap_err();
    assert!(e.to_string().starts_with("plan target 0: "), "{e}");
}

#[test]
fn turns_to_arrive_is_the_models() {
    for dist in 1..=255u8 {
        for speed in 1..=255u8 {
            assert_eq!(plan::turns_to_arrive(dist, speed), turns(dist, speed));
        }
    }
}

#[test]
fn h_single_file_no_wait() {
    // m04's wait: alone, an ally coming in 3 turns, five squares in reach
    let open = with_allies(jackal_from_the_east(EMPTY, NE), &[(4, 12)]);
    assert!(matches!(decide(&open).action, Action::Wait { .. }));
    // the same with one square next to the hero in reach: it comes in
    let mut corridor = open;
    corridor.target[0].candidates = 1 << NE;
    let d = decide(&corridor);
    assert_eq!((d.action, d.why), (Action::Keep, Why::SingleFile));
    assert_eq!(d.raw().why, FLANK_WHY_SINGLE_FILE as u8);
    assert_eq!(model_plan(&corridor), Ok(d));
}

/// A foe of the hero's next to her, she on its square `hero_at`, for a
/// pet's plan (rule set `proposal`, faceless): the pet is not next to it.
fn foe(hero_at: u8, candidates: &[u8]) -> flank_plan_target {
    let mut square = EMPTY;
    square[usize::from(hero_at)] = CREATURE | FLANK_SQ_HERO as u16;
    let mut t = hero(square, NONE, candidates, NONE);
    t.in_.n.defender = 0;
    t.hero = hero_at;
    t
}

#[test]
fn i_a_pet_keeps_to_her_side() {
    // m21: jackals northeast and southwest of the hero, the pet northwest
    // of her; around each jackal, one square at her side and one away
    let j = foe(SW, &[NW, W]);
    let k = foe(NE, &[NW, N]);
    let mut p = input(&[j, k]);
    p.flags = FLANK_PL_PET as u8;
    // not at her side: it may step away, to the better bite
    let away = decide(&p);
    assert_eq!(away.action, Action::Move { target: 0, dir: NW });
    // at her side: it keeps to it, next to a jackal
    p.flags |= FLANK_PL_BESIDE_HERO as u8;
    let kept = decide(&p);
    assert!(
        matches!(
            kept.action,
            Action::Move { target: 0, dir: W } | Action::Move { target: 1, dir: N }
        ),
        "{kept:?}"
    );
    assert!(kept.half_points < away.half_points);
    // the second jackal asleep attacks nobody: the first's far side again
    p.target[1].in_.flags |= FLANK_FI_HELPLESS as u8;
    assert_eq!(decide(&p).action, away.action);
    // one jackal alone: nothing else to cover, it may leave her side
    let alone = input(&[foe(SW, &[NW, W])]);
    let mut alone_beside = alone;
    alone_beside.flags = (FLANK_PL_PET | FLANK_PL_BESIDE_HERO) as u8;
    assert_eq!(
        decide(&alone_beside).action,
        Action::Move { target: 0, dir: NW }
    );
    // the squares next to her around a foe
    assert_eq!(plan::beside_hero(SW), 1 << W | 1 << S);
    assert_eq!(plan::beside_hero(E), 1 << N | 1 << NE | 1 << SE | 1 << S);
    assert_eq!(plan::beside_hero(NONE), 0);
}

#[test]
fn j_a_hero_leaving_by_a_door_is_followed() {
    // m22: the hero has stepped west into a doorway with a door: walls
    // north and south of her, rock beyond, no diagonal step out of it; a
    // jackal two squares east steps northeast, east (vanilla's) or
    // southeast, all behind her
    let mut sq = EMPTY;
    for d in [N, S, NW, SW, NE, SE] {
        sq[usize::from(d)] = BLOCKED;
    }
    let mut p = input(&[hero(sq, NONE, &[NE, E, SE], E)]);
    p.target[0].heading = W;
    // not told where it could follow her from: a diagonal's flank (1.5)
    let flank = decide(&p);
    assert_eq!(flank.action, Action::Move { target: 0, dir: NE });
    assert_eq!(flank.half_points, 3);
    // only from east could it step after her: it keeps east
    p.target[0].follow = 1 << E;
    assert_eq!(decide(&p).action, Action::Keep);
    // her heading too old to count: following is not asked either
    p.heading_age = FLANK_PLAN_HEADING_TURNS as u8;
    assert_eq!(decide(&p).action, flank.action);
    // standing (m23): the flank
    p.heading_age = 0;
    p.target[0].heading = NONE;
    assert_eq!(decide(&p).action, flank.action);
    // a square it could follow from comes after one that keeps up better:
    // her heading north, northeast is ahead of her (still next to her
    // after her step) and beats southeast, behind her, that it could
    // follow her from
    p.target[0].heading = N;
    p.target[0].follow = 1 << SE;
    assert_eq!(decide(&p).action, Action::Move { target: 0, dir: NE });
}
