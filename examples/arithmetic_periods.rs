//! How often the engine proves the arithmetic periods hexadecimal games show: random codes of
//! one to four digits whose last digit leaves three heaps, each computed to 2 000 heaps, and
//! counted as proved, only seen (apparent) or neither; the codes only seen are listed.
//!
//! ```text
//! cargo run --release --example arithmetic_periods          # 300 codes
//! cargo run --release --example arithmetic_periods -- 1000  # as many as asked
//! ```
//!
//! The codes come from a fixed seed, so every run counts the same ones.

#[macro_use]
#[path = "common/output.rs"]
mod output;

use std::collections::BTreeSet;
use std::process::ExitCode;

use impartial::octal::HexadecimalGame;

fn main() -> ExitCode {
    let wanted = match std::env::args().nth(1).map(|count| count.parse::<usize>()) {
        None => 300,
        Some(Ok(count)) if (1..=4_096).contains(&count) => count,
        Some(_) => {
            eprintln!("usage: arithmetic_periods [COUNT]   (1 to 4096 codes, 300 by default)");
            return ExitCode::FAILURE;
        }
    };
    let mut next = split_mix(20);
    let mut codes = BTreeSet::new();
    let (mut proved, mut seen, mut neither) = (0, Vec::new(), 0);
    while codes.len() < wanted {
        let length = 1 + next() % 4;
        let mut digits: Vec<u8> = (0..=length).map(|_| (next() % 16) as u8).collect();
        digits[0] = 0;
        *digits.last_mut().expect("a digit") |= 8;
        if !codes.insert(digits.clone()) {
            continue;
        }
        let game = HexadecimalGame::from_digits(&digits).expect("a code with a move");
        let values = game
            .values_up_to(2_000)
            .expect("within the engine's bounds");
        if let Some(period) = values.arithmetic_period() {
            proved += 1;
            say!("{game}: {period}");
        } else if let Some(apparent) = values.apparent_arithmetic_period() {
            seen.push(format!("{game}: {apparent}"));
        } else {
            neither += 1;
        }
    }
    for line in &seen {
        say!("{line}");
    }
    say!(
        "{wanted} codes: {proved} proved, {} only seen, {neither} neither (periodic or no climb \
         seen)",
        seen.len()
    );
    ExitCode::SUCCESS
}

/// A fixed stream of random words (`SplitMix64`), so that every run draws the same codes.
fn split_mix(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
