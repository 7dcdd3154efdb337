//! The decomposing search, and the hooks it reads, against the plain search: random boards
//! and positions, the closed forms on and off, fixed tables down to the least budget.

use impartial::cram::Cram;
use impartial::{ImpartialGame, Nimber, Outcome, Solver};
use proptest::prelude::*;

/// A board of at most `most` cells and a random set of free cells on it.
fn cram_position(most: u32) -> impl Strategy<Value = (Cram, u64)> {
    (1..=most, 1..=most)
        .prop_filter("at most `most` cells", move |(w, h)| w * h <= most)
        .prop_flat_map(|(width, height)| {
            let game = Cram::new(width, height).unwrap();
            (
                Just(game),
                any::<u64>().prop_map(move |bits| bits & game.board()),
            )
        })
}

/// The plain search's answer, which reads none of the hooks but `moves`.
fn plain_grundy(game: Cram, free: u64) -> Nimber {
    Solver::new(game)
        .with_plain_search()
        .without_closed_form()
        .grundy(free)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cram_values_agree_with_the_plain_search((game, free) in cram_position(16)) {
        let expected = plain_grundy(game, free);
        prop_assert_eq!(Solver::new(game).grundy(free), expected);
        prop_assert_eq!(Solver::new(game).without_closed_form().grundy(free), expected);
        let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
        prop_assert_eq!(Solver::new(game).outcome(free), outcome);
    }

    #[test]
    fn cram_hooks_keep_the_value((game, free) in cram_position(16)) {
        let expected = plain_grundy(game, free);
        // The canonical form is the same game, and its own canonical form.
        if let Some(canonical) = game.canonical(&free) {
            prop_assert_eq!(plain_grundy(game, canonical), expected);
            prop_assert_eq!(game.canonical(&canonical).unwrap_or(canonical), canonical);
        }
        // The parts add up (nim-sum) to the whole, each smaller than it.
        if let Some(parts) = game.components(&free) {
            let mut sum = Nimber::ZERO;
            for part in parts {
                prop_assert!(part != free && part & !free == 0);
                sum ^= plain_grundy(game, part);
            }
            prop_assert_eq!(sum, expected);
        }
        if let Some(known) = game.known_grundy(&free) {
            prop_assert_eq!(known, expected);
        }
    }

    #[test]
    fn cram_winning_moves_win((game, free) in cram_position(16)) {
        let mut solver = Solver::new(game);
        match solver.winning_move(free) {
            Some(option) => {
                prop_assert!(game.moves(&free).any(|legal| legal == option));
                prop_assert_eq!(plain_grundy(game, option), Nimber::ZERO);
            }
            None => prop_assert_eq!(plain_grundy(game, free), Nimber::ZERO),
        }
    }

    #[test]
    fn cram_fixed_tables_agree((game, free) in cram_position(20), budget in 0usize..3) {
        let least = Solver::<Cram>::least_table_budget();
        let bytes = [least, 2 * least, 64 * least][budget];
        let mut fixed = Solver::new(game).with_table_budget(bytes).unwrap();
        let mut growing = Solver::new(game);
        prop_assert_eq!(fixed.grundy(free), growing.grundy(free));
        prop_assert!(fixed.stats().bytes <= bytes);
    }
}

#[test]
fn cram_boards_agree_with_the_plain_search() {
    for width in 1..=4 {
        for height in 1..=4 {
            let game = Cram::new(width, height).unwrap();
            let mut split = Solver::new(game);
            let mut plain = Solver::new(game).with_plain_search();
            let board = game.board();
            assert_eq!(split.grundy(board), plain.grundy(board), "{width}x{height}");
            for option in game.moves(&board) {
                assert_eq!(
                    split.grundy(option),
                    plain.grundy(option),
                    "{width}x{height}"
                );
                assert_eq!(split.outcome(option), plain.outcome(option));
            }
        }
    }
}

/// Even by even boards are second-player wins (the half-turn strategy), and even by odd ones
/// first-player wins (a domino on the centre, then the half turn).
#[test]
fn cram_symmetry_strategies() {
    for width in 1..=6u32 {
        for height in 1..=6u32 {
            if width * height > 30 || (width % 2 == 1 && height % 2 == 1) {
                continue;
            }
            let game = Cram::new(width, height).unwrap();
            let expected = if width % 2 == 0 && height % 2 == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(
                Solver::new(game).outcome(game.board()),
                expected,
                "{width}x{height}"
            );
        }
    }
}

/// A strip of Cram is Dawson's Kayles (0.07) on as many pins: a domino takes two adjacent
/// cells, from an end or the middle. Across and down, up to the widest and tallest boards.
#[test]
fn cram_strips_are_dawsons_kayles() {
    let dawson = impartial::octal::OctalGame::dawsons_kayles()
        .values_up_to(64)
        .unwrap();
    for length in 1..=64u32 {
        let expected = Nimber(u128::from(dawson.get(u64::from(length)).unwrap()));
        for (width, height) in [(length, 1), (1, length)] {
            let game = Cram::new(width, height).unwrap();
            let mut solver = Solver::new(game);
            assert_eq!(solver.grundy(game.board()), expected, "{width}x{height}");
            if length <= 20 {
                assert_eq!(
                    plain_grundy(game, game.board()),
                    expected,
                    "{width}x{height}"
                );
            }
        }
    }
}
