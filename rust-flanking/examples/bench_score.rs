//! Calls `flank_score` N times on varied, valid neighbourhoods, for
//! `bench/callgrind.sh` (instructions per call) and for timing.
//!
//! `cargo run --release -p rust-flanking --example bench_score -- N [--time] [--facing]`
//!
//! With `--facing` it calls `flank_facing_eval` instead, on the same
//! neighbourhoods, cycling through every rule set and facing (a missile, so
//! that every neighbourhood is valid input whatever its attacker square).

use std::hint::black_box;
use std::time::Instant;

use rust_flanking::abi::{
    flank_facing_eval, flank_facing_input, flank_facing_result, flank_neighbourhood, flank_score,
};
use rust_flanking::facing::RuleSet;

/// A small deterministic generator (xorshift64*), so runs are comparable.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// 256 varied valid neighbourhoods: every relation and state, blocked or not,
/// every defender kind and attack direction.
fn inputs() -> Vec<flank_neighbourhood> {
    // Well-formed squares: empty, or a creature with a valid relation.
    let relations = [0u16, 0x2, 0x4, 0x8, 0x18];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..256)
        .map(|_| {
            let mut square = [0u16; 8];
            for sq in &mut square {
                let r = next(&mut state);
                let blocked = if r & 3 == 0 { 0x400 } else { 0 };
                *sq = if (r >> 2) & 1 == 0 {
                    blocked
                } else {
                    let rel = relations[((r >> 3) % 5) as usize];
                    // states: mostly none, sometimes one
                    let states = if (r >> 6) & 3 == 0 {
                        0x20 << ((r >> 8) % 5)
                    } else {
                        0
                    };
                    0x1 | rel | states | blocked
                };
            }
            let r = next(&mut state);
            flank_neighbourhood {
                square,
                defender: (r & 0xF) as u8,
                attack_dir: ((r >> 4) & 7) as u8,
            }
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let rest: Vec<String> = args.collect();
    let time = rest.iter().any(|a| a == "--time");
    let facing = rest.iter().any(|a| a == "--facing");
    let inputs = inputs();
    // Every rule set, from the rule-set table.
    let rules: Vec<u8> = RuleSet::all().map(RuleSet::id).collect();
    let facing_inputs: Vec<flank_facing_input> = inputs
        .iter()
        .enumerate()
        .map(|(i, &n)| flank_facing_input {
            n,
            facing: (i % 9) as u8,
            // A shield sometimes; never MELEE or ROGUE, which some
            // attacker squares would contradict.
            flags: (i & 1) as u8,
            rules: rules[i % rules.len()],
            reserved: 0,
            ..Default::default()
        })
        .collect();
    let start = Instant::now();
    let mut sum = 0i64;
    if facing {
        let mut out = flank_facing_result::default();
        for i in 0..n {
            let input = black_box(&facing_inputs[(i & 255) as usize]);
            // SAFETY: valid references.
            sum += i64::from(unsafe { flank_facing_eval(input, &mut out) });
        }
    } else {
        for i in 0..n {
            let hood = black_box(&inputs[(i & 255) as usize]);
            // SAFETY: `hood` is a valid reference.
            sum += i64::from(unsafe { flank_score(hood) });
        }
    }
    let elapsed = start.elapsed();
    black_box(sum);
    if time {
        println!(
            "{n} calls, {:.2} ns per call (checksum {sum})",
            elapsed.as_nanos() as f64 / n as f64
        );
    } else {
        println!("{n} calls (checksum {sum})");
    }
}
