//! The frequencies of the nim-values of five octal games over heaps 1 to 2²⁰, against those
//! another engine publishes: `rogalski-wmii-uni-lodz-pl/octal` (MIT), `results/<game>/1048576`
//! (and `65536`) at commit 1fb4f7b, copied unchanged to `tests/data/published/`. Two
//! independent programs agreeing on a million values of each game, rare values and all, is
//! evidence no test on small heaps gives. Held for the full table, and for 0.167 in bounded
//! memory as well.
//!
//! A debug build (the README's `cargo test --all-features`) checks the tables to 2¹⁶; a
//! release build (`cargo test --release --all-features --test published`, which CI runs) to
//! 2²⁰.
//!
//! Also the outcomes and nimbers of Sprouts from up to 11 spots, the table Applegate, Jacobson
//! and Sleator computed in 1991.

#[cfg(feature = "frontier")]
use impartial::sprouts::{Sprouts, SproutsPosition};
#[cfg(feature = "frontier")]
use impartial::{Nimber, Outcome, Solver};

/// The octal tables, computed in the sparse space (by the direct recurrence alone, a table of
/// 2¹⁶ heaps would take hours).
#[cfg(feature = "research")]
mod octal {
    use std::collections::BTreeMap;
    use std::ops::ControlFlow;

    use impartial::octal::OctalGame;
    use impartial::sequence::{SequenceOptions, StreamState};

    /// The heaps the published tables count: 2²⁰ in a release build, 2¹⁶ in a debug one.
    const HEAPS: u64 = if cfg!(debug_assertions) {
        1 << 16
    } else {
        1 << 20
    };

    /// The published `value count` lines of `code`, without the zero counts.
    fn published(code: &str) -> BTreeMap<u32, u64> {
        let path = format!(
            "{}/data/published/{code}-{HEAPS}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
        let counts: BTreeMap<u32, u64> = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| {
                let (value, count) = line.split_once(' ').expect("value count");
                (value.parse().unwrap(), count.parse().unwrap())
            })
            .filter(|&(_, count)| count > 0)
            .collect();
        assert_eq!(counts.values().sum::<u64>(), HEAPS, "{path}");
        counts
    }

    /// How many of the heaps 1 to `HEAPS` have each value, from G(0), …, G(`HEAPS`).
    fn counted(values: &[u32]) -> BTreeMap<u32, u64> {
        assert_eq!(values.len() as u64, HEAPS + 1);
        let mut counts = BTreeMap::new();
        for &value in &values[1..] {
            *counts.entry(value).or_default() += 1;
        }
        counts
    }

    /// The full table of `code` to `HEAPS` against the published frequencies.
    fn agrees_with_the_published_frequencies(code: &str) {
        let game: OctalGame = code.parse().expect("a valid code");
        let sequence = game.values_up_to(HEAPS).expect("within MAX_HEAP");
        assert_eq!(sequence.period(), None, "{code}");
        assert_eq!(
            counted(&sequence.computed_values().to_vec()),
            published(code),
            "{code}"
        );
    }

    // One test a game, so that they run side by side.
    #[test]
    fn octal_game_0_014_agrees_with_the_published_frequencies() {
        agrees_with_the_published_frequencies("0.014");
    }

    #[test]
    fn octal_game_0_034_agrees_with_the_published_frequencies() {
        agrees_with_the_published_frequencies("0.034");
    }

    #[test]
    fn octal_game_0_161_agrees_with_the_published_frequencies() {
        agrees_with_the_published_frequencies("0.161");
    }

    #[test]
    fn octal_game_0_167_agrees_with_the_published_frequencies() {
        agrees_with_the_published_frequencies("0.167");
    }

    #[test]
    fn octal_game_0_172_agrees_with_the_published_frequencies() {
        agrees_with_the_published_frequencies("0.172");
    }

    #[test]
    fn a_bounded_run_of_0_167_agrees_with_the_published_frequencies() {
        let game: OctalGame = "0.167".parse().expect("a valid code");
        let mut values = Vec::new();
        let run = game
            .values_streamed(
                HEAPS,
                &SequenceOptions::default(),
                StreamState::new(4_096),
                |_| ControlFlow::Continue(()),
                |_, handed| values.extend_from_slice(handed),
            )
            .expect("0.167's rare heaps all lie below 4 096");
        assert_eq!(run.computed, HEAPS + 1);
        assert!(run.state.window().len() < 20_000, "memory stayed bounded");
        assert_eq!(counted(&values), published("0.167"));
    }
}

#[cfg(feature = "frontier")]
#[test]
fn sprouts_starts_to_11_spots_equal_the_published_table() {
    // Applegate, Jacobson and Sleator (CMU-CS-91-144, 1991) to 11 spots, confirmed by
    // Lemoine and Viennot to 32: the first player wins n-spot Sprouts exactly when n mod 6
    // is 3, 4 or 5.
    let mut solver = Solver::new(Sprouts);
    for spots in 0..=11 {
        let start = SproutsPosition::start(spots).expect("a start");
        let expected = if matches!(spots % 6, 3..=5) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(solver.outcome(&start).unwrap(), expected, "{spots} spots");
        // The nimbers of the starts are 0 and 1 by the same rule: the normal-play column of
        // the G(i) table of wgosa.org/SproutsMisereGrundy2007-4.htm. 11 spots' nimber takes
        // 7 s of a release build's search, so a debug build stops at 10.
        if spots <= if cfg!(debug_assertions) { 10 } else { 11 } {
            let nimber = Nimber(u128::from(expected == Outcome::N));
            assert_eq!(solver.grundy(&start).unwrap(), nimber, "{spots} spots");
        }
        if expected == Outcome::N {
            // The winning move found, held to a search that knows nothing of the first.
            let after = solver
                .winning_move(&start)
                .unwrap()
                .expect("a winning move");
            assert_eq!(
                Solver::new(Sprouts).outcome(&after).unwrap(),
                Outcome::P,
                "{spots}: {after}"
            );
        }
    }
}

/// 12 and 13 spots, past Applegate, Jacobson and Sleator's table: P, as Lemoine and Viennot
/// computed them (Games of No Chance 4, 2015; their table of records at
/// sprouts.tuxfamily.org), and each with a certificate that checks. A release build takes
/// about 25 s; a debug build skips them.
#[cfg(feature = "frontier")]
#[test]
fn sprouts_12_and_13_spots_are_second_player_wins_with_certificates_that_check() {
    use impartial::certificate::Claim;
    if cfg!(debug_assertions) {
        return;
    }
    for spots in [12, 13] {
        let start = SproutsPosition::start(spots).expect("a start");
        let certificate = Solver::new(Sprouts)
            .prove_outcome(&start)
            .expect("a proof within the machine's memory");
        let claim = certificate
            .check(&Sprouts, &start, impartial::Play::Normal)
            .expect("the certificate checks");
        assert_eq!(claim, Claim::Outcome(Outcome::P), "{spots} spots");
    }
}
