//! The decomposing search, and the hooks it reads, against the plain search: random boards
//! and positions, the closed forms on and off, fixed tables down to the least budget.

#![cfg(feature = "frontier")]

use std::collections::HashMap;

use impartial::cram::{Cram, CramPosition};
use impartial::{ClosedForm, Decompose, ImpartialGame, Nimber, Outcome, Solver};
use proptest::prelude::*;

#[path = "common/mod.rs"]
mod common;
use common::{check_own, cram_position};

/// The plain search's answer, which reads none of the hooks but `moves`.
fn plain_grundy(game: Cram, free: CramPosition) -> Nimber {
    Solver::new(impartial::Whole(game))
        .without_closed_form()
        .grundy(free)
        .unwrap()
}

/// The most dominoes a play from `free` places, by trying every line of play (each board
/// once).
fn longest_play(game: Cram, free: CramPosition) -> u128 {
    fn longest(game: Cram, free: CramPosition, known: &mut HashMap<CramPosition, u128>) -> u128 {
        if let Some(&length) = known.get(&free) {
            return length;
        }
        let length = game
            .moves(&free)
            .map(|option| 1 + longest(game, option, known))
            .max()
            .unwrap_or(0);
        known.insert(free, length);
        length
    }
    longest(game, free, &mut HashMap::new())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cram_values_agree_with_the_plain_search((game, free) in cram_position(16)) {
        let expected = plain_grundy(game, free);
        prop_assert_eq!(Solver::new(game).grundy(free).unwrap(), expected);
        prop_assert_eq!(Solver::new(game).without_closed_form().grundy(free).unwrap(), expected);
        let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
        prop_assert_eq!(Solver::new(game).outcome(free).unwrap(), outcome);
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
                prop_assert!(part != free && part.bits() & !free.bits() == 0);
                sum ^= plain_grundy(game, part);
            }
            prop_assert_eq!(sum, expected);
        }
        if let Some(known) = game.known_grundy(&free) {
            prop_assert_eq!(known, expected);
        }
        // The bound holds, and is no more than the longest play: never less than the value.
        let bound = game.grundy_bound(&free).expect("Cram knows a bound");
        prop_assert!(expected.0 <= bound, "{} > bound {}", expected.0, bound);
        prop_assert!(longest_play(game, free) <= bound);
    }

    #[test]
    fn cram_winning_moves_win((game, free) in cram_position(16)) {
        let mut solver = Solver::new(game);
        match solver.winning_move(free).unwrap() {
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
        prop_assert_eq!(fixed.grundy(free).unwrap(), growing.grundy(free).unwrap());
        prop_assert!(fixed.stats().bytes <= bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Two to eight threads (up to four per core of this machine), with a growing table or
    /// budgets down to the least, answer as one thread does: values, outcomes, winning
    /// moves, and the values of every option asked of one solver in turn.
    #[test]
    fn cram_threads_agree_with_one_thread(
        (game, free) in cram_position(20),
        threads in 2usize..=8,
        budget in 0usize..4,
    ) {
        let least = Solver::<Cram>::least_table_budget();
        let mut threaded = Solver::new(game).with_threads(threads).unwrap();
        if budget > 0 {
            let bytes = [least, 2 * least, 64 * least][budget - 1];
            threaded = threaded.with_table_budget(bytes).unwrap();
        }
        let mut one = Solver::new(game);
        prop_assert_eq!(threaded.threads(), threads);
        prop_assert_eq!(threaded.grundy(free).unwrap(), one.grundy(free).unwrap());
        prop_assert_eq!(threaded.outcome(free).unwrap(), one.outcome(free).unwrap());
        match threaded.winning_move(free).unwrap() {
            Some(option) => {
                prop_assert!(game.moves(&free).any(|legal| legal == option));
                prop_assert_eq!(one.grundy(option).unwrap(), Nimber::ZERO);
            }
            None => prop_assert_eq!(one.outcome(free).unwrap(), Outcome::P),
        }
        for option in game.moves(&free) {
            prop_assert_eq!(threaded.grundy(option).unwrap(), one.grundy(option).unwrap());
        }
        if budget > 0 {
            let bytes = [least, 2 * least, 64 * least][budget - 1];
            prop_assert!(threaded.stats().bytes <= bytes);
        }
    }

    /// A state limit holds over all threads: a threaded search stores at most the limit,
    /// and answers as one thread does or stops at the limit.
    #[test]
    fn cram_threads_keep_the_state_limit((game, free) in cram_position(20), limit in 0usize..200) {
        let mut threaded = Solver::new(game).with_threads(2).unwrap().with_state_limit(limit);
        match threaded.grundy(free) {
            Ok(value) => prop_assert_eq!(value, Solver::new(game).grundy(free).unwrap()),
            Err(error) => prop_assert_eq!(error, impartial::SolveError::StateLimit { limit }),
        }
        prop_assert!(threaded.stats().states <= limit);
    }
}

/// A ruleset searched in rounds (as Sprouts is), its options tried largest first so that a
/// costly option often comes before a cheap one that answers: every other hook passed on.
#[derive(Debug, Clone, Copy)]
struct InRounds<G>(G);

impl<G: Decompose> ImpartialGame for InRounds<G> {
    type Position = G::Position;

    fn moves(&self, position: &G::Position) -> impl Iterator<Item = G::Position> {
        self.0.moves(position)
    }

    const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
        Some(impartial::Decomposition::of());

    fn known_grundy(&self, position: &G::Position) -> Option<Nimber> {
        self.0.known_grundy(position)
    }
}

impl<G: Decompose> Decompose for InRounds<G> {
    const SEARCH_IN_ROUNDS: bool = true;

    fn components(&self, position: &G::Position) -> Option<impl Iterator<Item = G::Position>> {
        self.0.components(position)
    }

    fn canonical(&self, position: &G::Position) -> Option<G::Position> {
        self.0.canonical(position)
    }

    fn grundy_bound(&self, position: &G::Position) -> Option<u128> {
        self.0.grundy_bound(position)
    }

    fn search_size(&self, position: &G::Position) -> usize {
        usize::MAX - self.0.search_size(position)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// In rounds, where most questions run out of their first allowances: the plain
    /// search's values and outcomes, on one thread and two, with a growing table, a fixed
    /// one and a state limit; winning moves that win; certificates that check.
    #[test]
    fn cram_searched_in_rounds_agrees_with_the_plain_search(
        (game, free) in cram_position(24),
        limit in 0usize..400,
    ) {
        let expected = plain_grundy(game, free);
        let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
        let rounds = InRounds(game);
        prop_assert_eq!(Solver::new(rounds).grundy(free).unwrap(), expected);
        prop_assert_eq!(Solver::new(rounds).outcome(free).unwrap(), outcome);
        let mut two = Solver::new(rounds).with_threads(2).unwrap();
        prop_assert_eq!(two.outcome(free).unwrap(), outcome);
        prop_assert_eq!(two.grundy(free).unwrap(), expected);
        let least = Solver::<InRounds<Cram>>::least_table_budget();
        let mut tight = Solver::new(rounds).with_table_budget(least).unwrap();
        prop_assert_eq!(tight.grundy(free).unwrap(), expected);
        let mut limited = Solver::new(rounds).with_state_limit(limit);
        match limited.grundy(free) {
            Ok(value) => prop_assert_eq!(value, expected),
            Err(error) => prop_assert_eq!(error, impartial::SolveError::StateLimit { limit }),
        }
        match Solver::new(rounds).winning_move(free).unwrap() {
            Some(option) => prop_assert_eq!(plain_grundy(game, option), Nimber::ZERO),
            None => prop_assert_eq!(outcome, Outcome::P),
        }
        let certificate = Solver::new(rounds).prove_grundy(free).unwrap();
        prop_assert_eq!(
            check_own(&certificate, &rounds).unwrap(),
            impartial::certificate::Claim::Grundy(expected)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Misère Cram in rounds: the stacked search's outcomes, and winning moves that win.
    #[test]
    fn misere_cram_in_rounds_agrees_with_the_stacked_search((game, free) in cram_position(16)) {
        let expected = Solver::new(game).misere().outcome(free).unwrap();
        let mut solver = Solver::new(InRounds(game));
        prop_assert_eq!(solver.misere().outcome(free).unwrap(), expected);
        match solver.misere().winning_move(free).unwrap() {
            Some(after) => prop_assert_eq!(Solver::new(game).misere().outcome(after).unwrap(), Outcome::P),
            None => prop_assert!(expected == Outcome::P || game.moves(&free).next().is_none()),
        }
    }
}

/// Who wins from `free` by the definition, in normal play or (`misere`) misère play: P when
/// every option is N, except that a position without options is N in misère play.
fn outcome_by_definition(
    game: Cram,
    free: CramPosition,
    misere: bool,
    known: &mut HashMap<CramPosition, Outcome>,
) -> Outcome {
    if let Some(&outcome) = known.get(&free) {
        return outcome;
    }
    let options: Vec<_> = game.moves(&free).collect();
    let all_n = options
        .iter()
        .all(|&option| outcome_by_definition(game, option, misere, known) == Outcome::N);
    let outcome = if all_n && !(misere && options.is_empty()) {
        Outcome::P
    } else {
        Outcome::N
    };
    known.insert(free, outcome);
    outcome
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The stacked outcome search of a ruleset that decomposes lists each position's options
    /// as the ruleset does, stops at a known P, and sorts only those not known: in both
    /// plays (the plain search for normal play), with a state limit or none, it answers as
    /// the definition or stops with `StateLimit`, and its winning moves win.
    #[test]
    fn stacked_outcomes_agree_with_the_definition(
        (game, free) in cram_position(20),
        limit in prop::option::of(1usize..400),
    ) {
        for misere in [false, true] {
            let expected = outcome_by_definition(game, free, misere, &mut HashMap::new());
            let mut solver = Solver::new(impartial::Whole(game));
            if let Some(limit) = limit {
                solver = solver.with_state_limit(limit);
            }
            let found = if misere {
                solver.misere().outcome(free)
            } else {
                solver.outcome(free)
            };
            match found {
                Ok(outcome) => prop_assert_eq!(outcome, expected, "misère {}", misere),
                Err(impartial::SolveError::StateLimit { .. }) => prop_assert!(limit.is_some()),
                Err(other) => prop_assert!(false, "{}", other),
            }
            let mut free_solver = Solver::new(impartial::Whole(game));
            let winning = if misere {
                free_solver.misere().winning_move(free).unwrap()
            } else {
                free_solver.winning_move(free).unwrap()
            };
            if let Some(after) = winning {
                let reply = outcome_by_definition(game, after, misere, &mut HashMap::new());
                prop_assert_eq!(reply, Outcome::P);
            }
        }
    }
}

/// Boards of 16 to 30 cells, a few of them taken: large enough that questions run out of
/// their allowances again and again.
fn large_cram_position() -> impl Strategy<Value = (Cram, CramPosition)> {
    (4..=6u32, 4..=5u32, any::<u64>(), any::<u64>()).prop_map(|(width, height, a, b)| {
        let game = Cram::new(width, height).unwrap();
        // About one cell in sixteen taken.
        let taken = a & b & (b >> 7) & (a >> 13);
        (game, game.start().without(taken))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// In rounds on large boards, on one thread and two: the values and outcomes of the
    /// search that takes the options in order, and certificates that check.
    #[test]
    fn large_cram_boards_searched_in_rounds_agree((game, free) in large_cram_position()) {
        let expected = Solver::new(game).grundy(free).unwrap();
        let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
        let rounds = InRounds(game);
        prop_assert_eq!(Solver::new(rounds).grundy(free).unwrap(), expected);
        prop_assert_eq!(Solver::new(rounds).outcome(free).unwrap(), outcome);
        let mut two = Solver::new(rounds).with_threads(2).unwrap();
        prop_assert_eq!(two.outcome(free).unwrap(), outcome);
        prop_assert_eq!(two.grundy(free).unwrap(), expected);
        let certificate = Solver::new(rounds).prove_outcome(free).unwrap();
        prop_assert_eq!(
            check_own(&certificate, &rounds).unwrap(),
            impartial::certificate::Claim::Outcome(outcome)
        );
    }
}

/// Boards with every edge a threaded search meets: one cell, a full board, a second
/// player's win (every option searched) and a first player's (the first P option stops the
/// others), one solver asked again and again.
#[test]
fn cram_boards_on_two_threads() {
    for (width, height) in [
        (1, 1),
        (1, 7),
        (2, 2),
        (3, 4),
        (4, 4),
        (5, 4),
        (3, 5),
        (6, 3),
    ] {
        let game = Cram::new(width, height).unwrap();
        let board = game.start();
        let mut one = Solver::new(game);
        let mut two = Solver::new(game).with_threads(2).unwrap();
        assert_eq!(two.grundy(board), one.grundy(board), "{width}x{height}");
        assert_eq!(two.outcome(board), one.outcome(board), "{width}x{height}");
        assert_eq!(
            two.winning_moves(board).unwrap().len(),
            one.winning_moves(board).unwrap().len(),
            "{width}x{height}"
        );
        two.clear();
        assert_eq!(two.stats().states, 0);
        assert_eq!(two.outcome(board), one.outcome(board), "{width}x{height}");
    }
}

/// `0` threads are as many as the machine has, and more than 64 are 64; a clone has a
/// table of its own; a threaded table saves and loads like another.
#[test]
fn threads_are_set_cloned_and_saved() -> Result<(), Box<dyn std::error::Error>> {
    let game = Cram::new(4, 5)?;
    let machine = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(
        Solver::new(game).with_threads(0).unwrap().threads(),
        machine.min(64)
    );
    assert_eq!(
        Solver::new(game)
            .with_threads(usize::MAX)
            .unwrap()
            .threads(),
        64
    );
    assert_eq!(Solver::new(game).with_threads(1).unwrap().threads(), 1);
    let mut solver = Solver::new(game).with_threads(2).unwrap();
    assert_eq!(solver.grundy(game.start()).unwrap(), Nimber(2));
    let mut copy = solver.clone();
    copy.clear();
    assert!(solver.stats().states > 0);
    assert_eq!(copy.stats().states, 0);
    let path = std::env::temp_dir().join(format!("threads-{}.facts", std::process::id()));
    let saved = solver.save_table(&path)?;
    assert_eq!(saved, solver.stats().states);
    let mut one = Solver::new(game);
    assert_eq!(one.load_table(&path)?, saved);
    let mut three = Solver::new(game).with_threads(3).unwrap();
    assert_eq!(three.load_table(&path)?, saved);
    std::fs::remove_file(&path)?;
    // Threads set after a table was learnt keep it; back to one thread, too.
    let learnt = Solver::new(game).with_threads(2).unwrap();
    let mut learnt = {
        let mut learnt = learnt;
        learnt.grundy(game.start()).unwrap();
        learnt.with_threads(1).unwrap()
    };
    let states = learnt.stats().states;
    assert!(states > 0);
    assert_eq!(learnt.grundy(game.start()).unwrap(), Nimber(2));
    assert_eq!(learnt.stats().states, states);
    Ok(())
}

#[test]
fn cram_boards_agree_with_the_plain_search() {
    for width in 1..=4 {
        for height in 1..=4 {
            let game = Cram::new(width, height).unwrap();
            let mut split = Solver::new(game);
            let mut plain = Solver::new(impartial::Whole(game));
            let board = game.start();
            assert_eq!(
                split.grundy(board).unwrap(),
                plain.grundy(board).unwrap(),
                "{width}x{height}"
            );
            for option in game.moves(&board) {
                assert_eq!(
                    split.grundy(option).unwrap(),
                    plain.grundy(option).unwrap(),
                    "{width}x{height}"
                );
                assert_eq!(
                    split.outcome(option).unwrap(),
                    plain.outcome(option).unwrap()
                );
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
                Solver::new(game).outcome(game.start()).unwrap(),
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
            assert_eq!(
                solver.grundy(game.start()).unwrap(),
                expected,
                "{width}x{height}"
            );
            if length <= 20 {
                assert_eq!(
                    plain_grundy(game, game.start()),
                    expected,
                    "{width}x{height}"
                );
            }
        }
    }
}

/// A Chomp diagram (row lengths, non-increasing, the first at least 1) on `rows` rows of
/// at most `columns` squares.
fn chomp_rows(rows: usize, columns: u32) -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(0..=columns, 1..=rows).prop_map(|mut lengths| {
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        lengths[0] = lengths[0].max(1);
        lengths
    })
}

/// The rows of the diagram with `lengths` read as columns.
fn transpose(lengths: &[u32]) -> Vec<u32> {
    (0..lengths[0])
        .map(|column| {
            lengths
                .iter()
                .take_while(|&&length| length > column)
                .count() as u32
        })
        .collect()
}

/// Chomp's moves from the definition: eat square `(row, column)` and every square below
/// and to its right, any square but the poison.
fn chomp_moves_by_definition(lengths: &[u32]) -> Vec<Vec<u32>> {
    let mut moves = Vec::new();
    for (row, &length) in lengths.iter().enumerate() {
        for column in 0..length {
            if (row, column) == (0, 0) {
                continue;
            }
            let after: Vec<u32> = lengths
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= row { l.min(column) } else { l })
                .take_while(|&l| l > 0)
                .collect();
            moves.push(after);
        }
    }
    moves.sort();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The byte-run moves on the largest bar, rows past 127 squares and all sixteen rows
    /// included, against the definition.
    #[test]
    fn chomp_moves_agree_with_the_definition(lengths in chomp_rows(16, 255)) {
        let game = impartial::chomp::Chomp::new(16, 255).unwrap();
        let position = game.diagram(&lengths).unwrap();
        let mut moves: Vec<Vec<u32>> = game.moves(&position).map(impartial::chomp::ChompPosition::lengths).collect();
        moves.sort();
        prop_assert_eq!(moves, chomp_moves_by_definition(&lengths));
        // Ranks past what an index holds are no index, never a wrapped one.
        if let Some(index) = game.dense_index(&position) {
            prop_assert!((index as u64) < u64::MAX);
        }
    }

    /// A diagram and its transpose are one game; the known L values and the dense index
    /// against the plain search, which reads neither.
    #[test]
    fn chomp_values_agree_with_the_plain_search(lengths in chomp_rows(6, 6)) {
        let rows = lengths.len() as u32;
        let columns = lengths[0];
        let game = impartial::chomp::Chomp::new(rows, columns).unwrap();
        let position = game.diagram(&lengths).unwrap();
        let plain = Solver::new(impartial::Whole(game.clone()))
            .without_closed_form()
            .grundy(position).unwrap();
        prop_assert_eq!(Solver::new(game.clone()).grundy(position).unwrap(), plain);
        if let Some(known) = game.known_grundy(&position) {
            prop_assert_eq!(known, plain);
        }
        let flipped = transpose(&lengths);
        let other = impartial::chomp::Chomp::new(columns, rows).unwrap();
        let flipped_position = other.diagram(&flipped).unwrap();
        prop_assert_eq!(Solver::new(other).grundy(flipped_position).unwrap(), plain);
    }
}

/// Chomp's table of every diagram against the solver's search, on every diagram of every
/// box up to 6 × 7 and 1 × 255 (a row of 255 squares, the longest a byte holds), and every
/// winning move it names against the definition's moves; one row and one column are Nim.
#[test]
fn chomp_table_agrees_with_the_search_on_every_diagram() {
    use impartial::chomp::{Chomp, ChompPosition};
    let mut boxes: Vec<(u32, u32)> = (1..=6).flat_map(|r| (1..=7).map(move |c| (r, c))).collect();
    boxes.extend([(1, 255), (16, 2), (16, 1)]);
    for (rows, columns) in boxes {
        let game = Chomp::new(rows, columns).unwrap();
        let table = game.values(1 << 20).unwrap();
        let mut solver = Solver::new(impartial::Whole(game.clone()));
        let mut stack = vec![game.start()];
        let mut seen = std::collections::HashSet::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(position) {
                continue;
            }
            stack.extend(game.moves(&position));
            let expected = solver.grundy(position).unwrap();
            assert_eq!(
                table.grundy(position),
                Ok(Some(expected)),
                "{rows}x{columns} {position:#b}"
            );
            // In the order of the moves, each eating the square it names.
            let winning: Vec<ChompPosition> = table
                .winning_moves(position)
                .unwrap()
                .map(|made| {
                    let lengths = position.lengths();
                    let (row, column) = (made.row as usize, made.column);
                    assert!(lengths.get(row).is_some_and(|&length| length > column));
                    let eaten: Vec<u32> = lengths
                        .iter()
                        .enumerate()
                        .map(|(r, &l)| if r >= row { l.min(column) } else { l })
                        .take_while(|&l| l > 0)
                        .collect();
                    assert_eq!(made.leaves.lengths(), eaten, "{made}");
                    made.leaves
                })
                .collect();
            let by_definition: Vec<ChompPosition> = game
                .moves(&position)
                .filter(|option| solver.grundy(*option).unwrap() == Nimber(0))
                .collect();
            assert_eq!(winning, by_definition, "{rows}x{columns} {position:#b}");
            assert_eq!(
                table
                    .winning_move(position)
                    .unwrap()
                    .map(|made| made.leaves),
                by_definition.first().copied()
            );
        }
        // Every diagram with the poison, and the empty one.
        assert_eq!(table.len(), seen.len() + 1, "{rows}x{columns}");
    }
    let row = Chomp::new(1, 255).unwrap();
    let table = row.values(1 << 10).unwrap();
    assert_eq!(table.grundy(row.start()), Ok(Some(Nimber(254))));
    // Two rows of up to 255 squares: values past 255, which a byte would not hold, against
    // the search on every diagram.
    let bar = Chomp::new(2, 255).unwrap();
    let table = bar.values(1 << 20).unwrap();
    let mut solver = Solver::new(impartial::Whole(bar.clone()));
    let mut past_a_byte = 0;
    for first in 1..=255 {
        for second in 0..=first {
            let position = bar.diagram(&[first, second]).unwrap();
            let expected = solver.grundy(position).unwrap();
            past_a_byte += usize::from(expected.0 > 255);
            assert_eq!(
                table.grundy(position),
                Ok(Some(expected)),
                "rows {first}, {second}"
            );
        }
    }
    assert!(
        past_a_byte > 0,
        "no value past 255: the test reached no edge"
    );
}

/// What is not a diagram of the bar is refused, naming why; a table past its budget is
/// refused before it is allocated, saying what it needs.
#[test]
fn chomp_table_refuses_bad_positions_and_budgets() {
    use impartial::TableError;
    use impartial::chomp::{Chomp, ChompError};
    let game = Chomp::new(3, 4).unwrap();
    let table = game.values(70).unwrap();
    let larger = Chomp::new(16, 255).unwrap();
    for (lengths, reason) in [
        (&[5][..], "a row longer than the bar"),
        (&[4, 4, 4, 1], "more rows than the bar has"),
        (&[255; 16], "more rows than the bar has"),
    ] {
        let position = larger.diagram(lengths).unwrap();
        for answer in [
            table.grundy(position).map(drop),
            table.outcome(position).map(drop),
            table.winning_move(position).map(drop),
            table.winning_moves(position).map(drop),
        ] {
            match answer {
                Err(ChompError::NotADiagram { reason: said, .. }) => {
                    assert!(said.starts_with(reason), "{lengths:?}: {said}");
                }
                other => panic!("{lengths:?}: {other:?}"),
            }
        }
    }
    for (lengths, reason) in [
        (&[][..], "the first row holds the poison"),
        (&[0, 0], "the first row holds the poison"),
        (&[2, 3], "a row longer than the one above it"),
        (&[4, 1, 0, 1], "more rows than the bar has"),
    ] {
        match game.diagram(lengths) {
            Err(ChompError::NotADiagram { reason: said, .. }) => {
                assert!(said.starts_with(reason), "{lengths:?}: {said}");
            }
            other => panic!("{lengths:?}: {other:?}"),
        }
    }
    // C(7, 3) = 35 diagrams, two bytes each.
    assert!(matches!(
        game.values(69).unwrap_err(),
        TableError::BudgetTooSmall {
            bytes: 69,
            least: 70
        }
    ));
    let huge = Chomp::new(16, 255).unwrap().values(usize::MAX).unwrap_err();
    assert!(
        matches!(huge, TableError::BudgetTooSmall { .. }),
        "{huge:?}"
    );
}

/// Two-rowed Chomp: rows of `a` and `b` squares are a P-position iff `a = b + 1` (Gale,
/// *A curious Nim-type game*, Amer. Math. Monthly 81 (1974); Zeilberger, *Three-rowed
/// Chomp*, Adv. Appl. Math. 26 (2001), §1).
#[test]
fn two_rowed_chomp_is_lost_exactly_one_square_apart() {
    let game = impartial::chomp::Chomp::new(2, 40).unwrap();
    let mut solver = Solver::new(game.clone());
    for a in 1..=40 {
        for b in 0..=a {
            let position = game.diagram(&[a, b]).unwrap();
            let expected = if a == b + 1 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.outcome(position).unwrap(), expected, "rows {a}, {b}");
        }
    }
}

/// A square bar's winning move is the square diagonally next to the poison, which leaves
/// an L of equal arms (Gale 1974), and every winning move the solver names leaves a
/// P-position, checked on squares up to 7 × 7.
#[test]
fn square_chomp_is_won_by_the_diagonal_bite() {
    for side in 2..=7 {
        let game = impartial::chomp::Chomp::new(side, side).unwrap();
        let mut solver = Solver::new(game.clone());
        let winning = solver.winning_moves(game.start()).unwrap();
        let mut diagonal = vec![side];
        diagonal.extend(std::iter::repeat_n(1, side as usize - 1));
        let diagonal = game.diagram(&diagonal).unwrap();
        assert!(winning.contains(&diagonal), "{side} x {side}");
        assert!(
            winning
                .iter()
                .all(|&m| solver.outcome(m).unwrap() == Outcome::P)
        );
    }
}

mod node_kayles {
    use impartial::node_kayles::{NodeKayles, NodeKaylesError, NodeKaylesPosition};
    use impartial::octal::OctalGame;
    use impartial::{Decompose, ImpartialGame, Nimber, Outcome, Solver};
    use proptest::prelude::*;

    fn plain_grundy(game: &NodeKayles, position: NodeKaylesPosition) -> Nimber {
        Solver::new(impartial::Whole(game.clone()))
            .without_closed_form()
            .grundy(position)
            .unwrap()
    }

    /// A graph of up to `most` vertices, each pair joined with probability about a half or
    /// a quarter, and a random set of its vertices in play.
    fn graph(most: usize) -> impl Strategy<Value = (NodeKayles, NodeKaylesPosition)> {
        (0..=most, any::<bool>())
            .prop_flat_map(|(vertices, sparse)| {
                let pairs = vertices * vertices.saturating_sub(1) / 2;
                (
                    Just(vertices),
                    proptest::collection::vec(if sparse { 0..4u8 } else { 0..2u8 }, pairs..=pairs),
                    any::<u128>(),
                )
            })
            .prop_map(|(vertices, joined, bits)| {
                let mut edges = Vec::new();
                let mut next = joined.iter();
                for from in 0..vertices {
                    for to in from + 1..vertices {
                        if next.next() == Some(&0) {
                            edges.push((from, to));
                        }
                    }
                }
                let game = NodeKayles::new(vertices, &edges).unwrap();
                let position = game.position(bits & game.start().bits()).unwrap();
                (game, position)
            })
    }

    /// A grid of up to 16 vertices (with its symmetries) and a random set of its vertices.
    fn grid_position() -> impl Strategy<Value = (NodeKayles, NodeKaylesPosition)> {
        (1..=4usize, 1..=4usize, any::<u128>()).prop_map(|(columns, rows, bits)| {
            let game = NodeKayles::grid(columns, rows).unwrap();
            let position = game.position(bits & game.start().bits()).unwrap();
            (game, position)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The decomposing search (parts, the clique closed form) against the plain one;
        /// the parts add up to the whole; every winning move leaves a P-position.
        #[test]
        fn values_agree_with_the_plain_search((game, position) in graph(14)) {
            let expected = plain_grundy(&game, position);
            let mut solver = Solver::new(game.clone());
            prop_assert_eq!(solver.grundy(position).unwrap(), expected);
            let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
            prop_assert_eq!(Solver::new(game.clone()).outcome(position).unwrap(), outcome);
            if let Some(parts) = game.components(&position) {
                let mut sum = Nimber::ZERO;
                let mut union = 0;
                for part in parts {
                    let bits = part.bits();
                    prop_assert!(bits != 0 && bits & union == 0 && bits & !position.bits() == 0);
                    union |= bits;
                    sum ^= plain_grundy(&game, part);
                }
                prop_assert_eq!(union, position.bits());
                prop_assert_eq!(sum, expected);
            }
            if let Some(known) = game.known_grundy(&position) {
                prop_assert_eq!(known, expected);
            }
            let mut solver = Solver::new(game.clone());
            let mut winning = solver.winning_moves(position).unwrap();
            prop_assert_eq!(winning.is_empty(), expected == Nimber::ZERO);
            for &after in &winning {
                prop_assert!(game.picked(position, after).is_some());
                prop_assert_eq!(plain_grundy(&game, after), Nimber::ZERO);
            }
            // One winning move is the first by search size (vertices left), ties in the
            // ruleset's order: the order the searches try options in.
            winning.sort_by_key(|&after| game.search_size(&after));
            prop_assert_eq!(solver.winning_move(position).unwrap(), winning.first().copied());
            // The whole game, which has no search sizes, is searched in the ruleset's order.
            let mut plain = Solver::new(impartial::Whole(game.clone()));
            let first = game.moves(&position).find(|after| winning.contains(after));
            prop_assert_eq!(plain.winning_move(position).unwrap(), first);
        }

        /// The least image under a grid's symmetries is the same game, its own least image,
        /// and no larger than the position.
        #[test]
        fn symmetric_images_keep_the_value((game, position) in grid_position()) {
            let expected = plain_grundy(&game, position);
            prop_assert_eq!(Solver::new(game.clone()).grundy(position).unwrap(), expected);
            if let Some(canonical) = game.canonical(&position) {
                prop_assert!(canonical <= position);
                prop_assert_eq!(canonical.in_play(), position.in_play());
                prop_assert_eq!(plain_grundy(&game, canonical), expected);
                prop_assert_eq!(game.canonical(&canonical), Some(canonical));
            }
        }

        /// A permutation is taken as a symmetry exactly when it maps the edges onto the
        /// edges: checked against the edge sets themselves.
        #[test]
        fn symmetries_are_checked(
            (game, _) in graph(7),
            shuffle in any::<proptest::sample::Index>(),
        ) {
            let vertices = game.vertices();
            // A permutation chosen by index among all of them, and a few swaps of the
            // identity, which are automorphisms more often.
            let mut permutation: Vec<usize> = (0..vertices).collect();
            let mut code = shuffle.index(usize::MAX);
            for place in (1..vertices).rev() {
                permutation.swap(place, code % (place + 1));
                code /= place + 1;
            }
            let edges: std::collections::BTreeSet<_> = game.edges().collect();
            let mapped: std::collections::BTreeSet<_> = edges
                .iter()
                .map(|&(a, b)| {
                    let (x, y) = (permutation[a], permutation[b]);
                    (x.min(y), x.max(y))
                })
                .collect();
            let accepted = game.clone().with_symmetries(&[permutation]).is_ok();
            prop_assert_eq!(accepted, mapped == edges);
        }
    }

    /// Node Kayles on a path is the octal game 0.137: picking an end removes two vertices,
    /// any other three (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4). To 128 vertices,
    /// the largest graph, and the plain search to 24.
    #[test]
    fn paths_are_0_137() {
        let code: OctalGame = "0.137".parse().unwrap();
        let values = code.values_up_to(128).unwrap();
        for length in 0..=128usize {
            let expected = values.get(length as u64).unwrap();
            let path = NodeKayles::path(length).unwrap();
            assert_eq!(
                Solver::new(path.clone()).grundy(path.start()).unwrap(),
                expected,
                "{length}"
            );
            if length <= 24 {
                assert_eq!(plain_grundy(&path, path.start()), expected, "{length}");
            }
        }
    }

    /// Every first pick on a cycle leaves a path three shorter.
    #[test]
    fn cycles_open_into_paths() {
        let code: OctalGame = "0.137".parse().unwrap();
        let values = code.values_up_to(128).unwrap();
        for length in 3..=128usize {
            let after = values.get(length as u64 - 3).unwrap();
            let expected = Nimber(u128::from(after == Nimber::ZERO));
            let cycle = NodeKayles::cycle(length).unwrap();
            assert_eq!(
                Solver::new(cycle.clone()).grundy(cycle.start()).unwrap(),
                expected,
                "{length}"
            );
        }
    }

    /// Graphs too large, edges that are none and permutations that are none are errors;
    /// the empty graph is a lost position.
    #[test]
    fn bad_graphs_are_errors() {
        assert!(matches!(
            NodeKayles::path(usize::MAX),
            Err(NodeKaylesError::TooManyVertices { .. })
        ));
        assert!(matches!(
            NodeKayles::grid(usize::MAX, usize::MAX),
            Err(NodeKaylesError::TooManyVertices { .. })
        ));
        assert!(matches!(
            NodeKayles::new(4, &[(0, 4)]),
            Err(NodeKaylesError::InvalidEdge {
                from: 0,
                to: 4,
                vertices: 4
            })
        ));
        let path = NodeKayles::path(4).unwrap();
        for bad in [
            vec![0, 1, 2],
            vec![0, 1, 1, 3],
            vec![0, 1, 2, 4],
            vec![1, 0, 2, 3],
        ] {
            assert!(matches!(
                path.clone().with_symmetries(&[bad]),
                Err(NodeKaylesError::NotASymmetry { index: 0, .. })
            ));
        }
        // The symmetric group on the 8 leaves of a star has 40 320 elements.
        let star = NodeKayles::new(9, &(1..9).map(|leaf| (0, leaf)).collect::<Vec<_>>()).unwrap();
        let swaps: Vec<Vec<usize>> = (1..8)
            .map(|leaf| {
                let mut swap: Vec<usize> = (0..9).collect();
                swap.swap(leaf, leaf + 1);
                swap
            })
            .collect();
        assert!(matches!(
            star.with_symmetries(&swaps),
            Err(NodeKaylesError::NotASymmetry { index: 7, .. })
        ));
        // Bits past the graph are no position of it.
        let path = NodeKayles::path(5).unwrap();
        assert_eq!(
            path.position(u128::MAX),
            Err(NodeKaylesError::OffGraph {
                bits: u128::MAX << 5
            })
        );
        let after = path.position(0b11000).unwrap();
        assert_eq!(path.picked(path.start(), after), Some(1));
        let empty = NodeKayles::new(0, &[]).unwrap();
        assert_eq!(empty.start().bits(), 0);
        assert_eq!(
            Solver::new(empty.clone()).outcome(empty.start()).unwrap(),
            Outcome::P
        );
    }
}

/// The decomposing search on random games whose positions split, against the plain search:
/// every hook (parts, canonical forms, search sizes), the fixed table down to the least
/// budget, a saved table reloaded — and the bad hooks and files it must refuse.
mod splitting {
    use super::InRounds;
    use impartial::{ImpartialGame, Nimber, Outcome, SolveError, Solver, TableError};
    use proptest::prelude::*;

    /// A random heap game on the sizes 1 to 16: a heap of size `v` may become any of a
    /// random list of *results*, each none, one or two heaps of total less than `v`. A
    /// position is a multiset of heaps, one byte each in a `u128`, largest first — at most
    /// 16 heaps, as the total never grows. Odd sizes from 3 up are *twins* of the size
    /// below, with the same results, so that their canonical form is that size.
    #[derive(Debug, Clone)]
    struct RandomHeaps {
        results: Vec<Vec<(u8, u8)>>,
    }

    impl RandomHeaps {
        fn new(seeds: &[Vec<(u8, u8)>]) -> RandomHeaps {
            let mut results: Vec<Vec<(u8, u8)>> = vec![Vec::new()];
            for size in 1..=16u8 {
                let these = if size >= 3 && size % 2 == 1 {
                    results[usize::from(size - 1)].clone()
                } else {
                    seeds[usize::from(size) - 1]
                        .iter()
                        .map(|&(a, b)| {
                            let a = a % size;
                            (a, b % (size - a))
                        })
                        .collect()
                };
                results.push(these);
            }
            RandomHeaps { results }
        }

        fn heaps(position: u128) -> Vec<u8> {
            position
                .to_le_bytes()
                .into_iter()
                .filter(|&heap| heap > 0)
                .collect()
        }

        fn position(mut heaps: Vec<u8>) -> u128 {
            heaps.retain(|&heap| heap > 0);
            heaps.sort_unstable();
            let mut bytes = [0u8; 16];
            bytes[..heaps.len()].copy_from_slice(&heaps);
            u128::from_le_bytes(bytes)
        }
    }

    impl ImpartialGame for RandomHeaps {
        type Position = u128;

        fn moves(&self, &position: &u128) -> impl Iterator<Item = u128> {
            let heaps = Self::heaps(position);
            let mut after = Vec::new();
            for (index, &heap) in heaps.iter().enumerate() {
                for &(a, b) in &self.results[usize::from(heap)] {
                    let mut left = heaps.clone();
                    left.remove(index);
                    left.extend([a, b]);
                    after.push(Self::position(left));
                }
            }
            after.into_iter()
        }

        const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
            Some(impartial::Decomposition::of());
    }

    impl impartial::Decompose for RandomHeaps {
        fn components(&self, &position: &u128) -> Option<impl Iterator<Item = u128>> {
            let heaps = Self::heaps(position);
            (heaps.len() > 1).then(|| heaps.into_iter().map(u128::from))
        }

        fn canonical(&self, &position: &u128) -> Option<u128> {
            let twin = |heap: u8| {
                if heap >= 3 && heap % 2 == 1 {
                    heap - 1
                } else {
                    heap
                }
            };
            Some(Self::position(
                Self::heaps(position).into_iter().map(twin).collect(),
            ))
        }

        fn search_size(&self, &position: &u128) -> usize {
            Self::heaps(position)
                .iter()
                .map(|&heap| usize::from(heap))
                .sum()
        }
    }

    fn random_game() -> impl Strategy<Value = (RandomHeaps, u128)> {
        (
            proptest::collection::vec(proptest::collection::vec((0..16u8, 0..16u8), 0..5), 16..=16),
            proptest::collection::vec(1..=16u8, 0..5),
        )
            .prop_map(|(seeds, mut heaps)| {
                // At most 16 in all, so that every position reached fits.
                while heaps.iter().map(|&heap| u32::from(heap)).sum::<u32>() > 16 {
                    heaps.pop();
                }
                (RandomHeaps::new(&seeds), RandomHeaps::position(heaps))
            })
    }

    fn plain_grundy(game: &RandomHeaps, position: u128) -> Nimber {
        Solver::new(impartial::Whole(game.clone()))
            .grundy(position)
            .unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Values, outcomes and winning moves of the decomposing search, with an
        /// unbounded table and with the least one, equal the plain search's.
        #[test]
        fn splitting_games_agree_with_the_plain_search((game, position) in random_game()) {
            let expected = plain_grundy(&game, position);
            let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
            prop_assert_eq!(Solver::new(game.clone()).grundy(position).unwrap(), expected);
            prop_assert_eq!(Solver::new(game.clone()).outcome(position).unwrap(), outcome);
            let least = Solver::<RandomHeaps>::least_table_budget();
            let mut tight = Solver::new(game.clone()).with_table_budget(least).unwrap();
            prop_assert_eq!(tight.grundy(position).unwrap(), expected);
            prop_assert!(tight.stats().bytes <= least);
            let mut two = Solver::new(game.clone()).with_threads(2).unwrap();
            prop_assert_eq!(two.grundy(position).unwrap(), expected);
            prop_assert_eq!(two.outcome(position).unwrap(), outcome);
            let mut tight_two = Solver::new(game.clone()).with_threads(2).unwrap().with_table_budget(least).unwrap();
            prop_assert_eq!(tight_two.outcome(position).unwrap(), outcome);
            prop_assert!(tight_two.stats().bytes <= least);
            let mut solver = Solver::new(game.clone());
            let winning = solver.winning_moves(position).unwrap();
            prop_assert_eq!(winning.is_empty(), expected == Nimber::ZERO);
            for after in winning {
                prop_assert!(game.moves(&position).any(|m| m == after));
                prop_assert_eq!(plain_grundy(&game, after), Nimber::ZERO);
            }
            // Outcomes of every option, asked of one solver in turn, share its table.
            for after in game.moves(&position) {
                let value = plain_grundy(&game, after);
                prop_assert_eq!(solver.grundy(after).unwrap(), value);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// In rounds, on one thread and two, with a fixed table: the plain search's values,
        /// outcomes and winning moves, and certificates that check.
        #[test]
        fn games_searched_in_rounds_agree_with_the_plain_search((game, position) in random_game()) {
            let expected = plain_grundy(&game, position);
            let outcome = if expected == Nimber::ZERO { Outcome::P } else { Outcome::N };
            let game = InRounds(game);
            prop_assert_eq!(Solver::new(game.clone()).grundy(position).unwrap(), expected);
            prop_assert_eq!(Solver::new(game.clone()).outcome(position).unwrap(), outcome);
            let mut two = Solver::new(game.clone()).with_threads(2).unwrap();
            prop_assert_eq!(two.outcome(position).unwrap(), outcome);
            prop_assert_eq!(two.grundy(position).unwrap(), expected);
            let least = Solver::<InRounds<RandomHeaps>>::least_table_budget();
            let mut tight = Solver::new(game.clone()).with_table_budget(least).unwrap();
            prop_assert_eq!(tight.outcome(position).unwrap(), outcome);
            let mut solver = Solver::new(game.clone());
            for after in solver.winning_moves(position).unwrap() {
                prop_assert_eq!(plain_grundy(&game.0, after), Nimber::ZERO);
            }
            let certificate = Solver::new(game.clone()).prove_grundy(position).unwrap();
            prop_assert_eq!(
                certificate.check(&game, position, impartial::Play::Normal).unwrap(),
                impartial::certificate::Claim::Grundy(expected)
            );
            let certificate = Solver::new(game.clone()).prove_outcome(position).unwrap();
            prop_assert_eq!(
                certificate.check(&game, position, impartial::Play::Normal).unwrap(),
                impartial::certificate::Claim::Outcome(outcome)
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Misère play in rounds (the outcome search, as positions do not split): the
        /// stacked search's outcomes, winning moves that win, every option asked of one
        /// solver in turn; and normal play by the plain search in rounds; within a state
        /// limit and a memory limit, the answer or the limit's error, then answers again.
        #[test]
        fn misere_play_in_rounds_agrees_with_the_stacked_search(
            (game, position) in random_game(),
            limit in 0usize..300,
        ) {
            let misere = |position: u128| Solver::new(game.clone()).misere().outcome(position).unwrap();
            let expected = misere(position);
            let rounds = InRounds(game.clone());
            let mut solver = Solver::new(rounds.clone());
            prop_assert_eq!(solver.misere().outcome(position).unwrap(), expected);
            let winning = solver.misere().winning_moves(position).unwrap();
            let terminal = game.moves(&position).next().is_none();
            prop_assert_eq!(winning.is_empty(), expected == Outcome::P || terminal);
            for after in winning {
                prop_assert_eq!(misere(after), Outcome::P);
            }
            for after in game.moves(&position) {
                prop_assert_eq!(solver.misere().outcome(after).unwrap(), misere(after));
            }
            let normal = if plain_grundy(&game, position) == Nimber::ZERO { Outcome::P } else { Outcome::N };
            let mut plain = Solver::new(impartial::Whole(rounds.clone()));
            prop_assert_eq!(plain.outcome(position).unwrap(), normal);
            let mut limited = Solver::new(rounds.clone()).with_state_limit(limit);
            for _ in 0..2 {
                match limited.misere().outcome(position) {
                    Ok(outcome) => prop_assert_eq!(outcome, expected),
                    Err(error) => prop_assert_eq!(error, SolveError::StateLimit { limit }),
                }
                prop_assert!(limited.stats().states <= limit);
            }
            let bytes = limit * 64;
            let mut small = Solver::new(rounds).with_memory_limit(bytes);
            for _ in 0..2 {
                match small.misere().outcome(position) {
                    Ok(outcome) => prop_assert_eq!(outcome, expected),
                    Err(error) => prop_assert_eq!(error, SolveError::MemoryLimit { limit: bytes }),
                }
            }
        }
    }

    /// A cycle met in rounds is an error naming a position of it, and leaves no position
    /// marked: the same question gets the same error, and another its answer.
    #[test]
    fn cycles_in_rounds_are_errors() {
        let mut solver = Solver::new(InRounds(RoundAbout));
        for _ in 0..2 {
            assert!(matches!(
                solver.misere().outcome(100),
                Err(SolveError::Cycle { .. })
            ));
            assert_eq!(solver.misere().outcome(3).unwrap(), Outcome::N);
            assert!(matches!(
                solver.misere().outcome(12),
                Err(SolveError::Cycle { .. })
            ));
        }
        let mut plain = Solver::new(impartial::Whole(InRounds(RoundAbout)));
        assert!(matches!(plain.outcome(10), Err(SolveError::Cycle { .. })));
        assert_eq!(plain.outcome(5).unwrap(), Outcome::P);
    }

    /// A game whose parts are not smaller than the position.
    #[derive(Debug)]
    struct SplitsIntoItself;

    impl ImpartialGame for SplitsIntoItself {
        type Position = u32;

        fn moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
            (0..position).rev().take(1)
        }

        const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
            Some(impartial::Decomposition::of());
    }

    impl impartial::Decompose for SplitsIntoItself {
        fn components(&self, &position: &u32) -> Option<impl Iterator<Item = u32>> {
            (position > 0).then(|| [position, 0].into_iter())
        }
    }

    /// A part equal to its position is a cycle, not a search that never ends.
    #[test]
    fn a_part_equal_to_its_position_is_a_cycle() {
        let mut solver = Solver::new(SplitsIntoItself);
        assert!(matches!(
            solver.grundy(5),
            Err(SolveError::Cycle { position: 5 })
        ));
        assert!(matches!(
            solver.outcome(5),
            Err(SolveError::Cycle { position: 5 })
        ));
        // The solver is usable after the error.
        assert_eq!(solver.grundy(0).unwrap(), Nimber::ZERO);
        let mut threaded = Solver::new(SplitsIntoItself).with_threads(2).unwrap();
        assert!(matches!(
            threaded.grundy(5),
            Err(SolveError::Cycle { position: 5 })
        ));
        assert_eq!(threaded.grundy(0).unwrap(), Nimber::ZERO);
    }

    /// A game whose options go round in a cycle below the root: every thread that meets the
    /// cycle stops, and the question is an error, as on one thread.
    #[derive(Debug)]
    struct RoundAbout;

    impl ImpartialGame for RoundAbout {
        type Position = u32;

        /// From 10 + n the options 10 + (n + 1) mod 4 and 10 + (n + 2) mod 4; 100 leads to
        /// 10 … 13 and to 0 … 7 (no moves).
        fn moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
            let options: Vec<u32> = match position {
                100 => (0..8).chain(10..14).collect(),
                10..=13 => vec![10 + (position - 9) % 4, 10 + (position - 8) % 4],
                _ => Vec::new(),
            };
            options.into_iter()
        }

        const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
            Some(impartial::Decomposition::of());
    }

    impl impartial::Decompose for RoundAbout {}

    #[test]
    fn cycles_below_the_root_are_errors_on_every_thread() {
        for threads in 1..=3 {
            let mut solver = Solver::new(RoundAbout).with_threads(threads).unwrap();
            assert!(
                matches!(solver.grundy(100), Err(SolveError::Cycle { .. })),
                "{threads} threads"
            );
            assert!(matches!(solver.outcome(10), Err(SolveError::Cycle { .. })));
            assert_eq!(solver.grundy(3).unwrap(), Nimber::ZERO);
        }
    }

    /// A ruleset that panics on one position.
    #[derive(Debug)]
    struct PanicsAtSeven;

    impl ImpartialGame for PanicsAtSeven {
        type Position = u32;

        fn moves(&self, &position: &u32) -> impl Iterator<Item = u32> {
            assert_ne!(position, 7, "the ruleset panics at 7");
            0..position
        }

        const DECOMPOSITION: Option<impartial::Decomposition<Self>> =
            Some(impartial::Decomposition::of());
    }

    impl impartial::Decompose for PanicsAtSeven {}

    /// A panic in the ruleset on a helper thread reaches the caller, as on one thread.
    #[test]
    #[should_panic(expected = "the ruleset panics at 7")]
    fn a_panic_on_a_helper_thread_reaches_the_caller() {
        let _ = Solver::new(PanicsAtSeven)
            .with_threads(2)
            .unwrap()
            .grundy(9)
            .unwrap();
    }

    /// A saved table is loaded by the same game only: another game's, a damaged file, a
    /// file of another kind, a missing file are errors and load nothing.
    #[test]
    fn saved_tables_are_checked_before_use() -> Result<(), Box<dyn std::error::Error>> {
        let seeds: Vec<Vec<(u8, u8)>> = (0..16u8)
            .map(|size| vec![(size / 2, size / 3), (size / 4, 0), (0, 0)])
            .collect();
        let game = RandomHeaps::new(&seeds);
        let start = RandomHeaps::position(vec![16]);
        let directory = std::env::temp_dir().join(format!("split-tables-{}", std::process::id()));
        std::fs::create_dir_all(&directory)?;
        let path = directory.join("table");
        let mut solver = Solver::new(game.clone());
        let value = solver.grundy(start).unwrap();
        let saved = solver.save_table(&path)?;
        assert!(saved > 0);
        let mut again = Solver::new(game.clone());
        assert_eq!(again.load_table(&path)?, saved);
        assert_eq!(again.grundy(start).unwrap(), value);

        let mut other_seeds = seeds.clone();
        other_seeds[15] = vec![(1, 1)];
        let other = RandomHeaps::new(&other_seeds);
        let refused = Solver::new(other).load_table(&path);
        assert!(
            matches!(refused, Err(TableError::Refused { .. })),
            "{refused:?}"
        );

        let bytes = std::fs::read(&path)?;
        for place in [0, 5, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[place] ^= 0x10;
            std::fs::write(&path, &damaged)?;
            let refused = Solver::new(game.clone()).load_table(&path);
            assert!(
                matches!(refused, Err(TableError::Refused { .. })),
                "{place}: {refused:?}"
            );
        }
        std::fs::write(&path, &bytes[..bytes.len() / 2])?;
        assert!(matches!(
            Solver::new(game.clone()).load_table(&path),
            Err(TableError::Refused { .. })
        ));
        std::fs::remove_file(&path)?;
        assert!(matches!(
            Solver::new(game.clone()).load_table(&path),
            Err(TableError::Io { .. })
        ));
        let too_small = Solver::<RandomHeaps>::least_table_budget() - 1;
        assert!(matches!(
            Solver::new(game).with_table_budget(too_small),
            Err(TableError::BudgetTooSmall { .. })
        ));
        std::fs::remove_dir_all(&directory)?;
        Ok(())
    }
}

/// A saved table touches no file but its own: it was written through `path` with its
/// extension set to `partial`, so saving `keep.facts` overwrote and renamed away a
/// `keep.partial` of the user's, `x.v1` and `x.v2` shared `x.partial`, and a save to a
/// directory left a `.partial` beside it.
#[test]
fn a_saved_table_touches_no_other_file() -> Result<(), Box<dyn std::error::Error>> {
    let game = Cram::new(4, 4)?;
    let mut solver = Solver::new(game);
    solver.grundy(game.start()).unwrap();
    let directory = tempfile::tempdir()?;
    let keep = directory.path().join("keep.partial");
    std::fs::write(&keep, b"the user's own file")?;
    let saved = solver.save_table(directory.path().join("keep.facts"))?;
    assert_eq!(std::fs::read(&keep)?, b"the user's own file");
    let (v1, v2) = (directory.path().join("x.v1"), directory.path().join("x.v2"));
    solver.save_table(&v1)?;
    solver.save_table(&v2)?;
    for path in [directory.path().join("keep.facts"), v1, v2] {
        assert_eq!(Solver::new(game).load_table(&path)?, saved);
    }
    let inside = directory.path().join("inside");
    std::fs::create_dir(&inside)?;
    assert!(solver.save_table(&inside).is_err());
    let mut names: Vec<String> = std::fs::read_dir(directory.path())?
        .map(|entry| entry.map(|entry| entry.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    names.sort();
    assert_eq!(
        names,
        ["inside", "keep.facts", "keep.partial", "x.v1", "x.v2"]
    );
    assert_eq!(std::fs::read_dir(&inside)?.count(), 0);
    Ok(())
}

#[test]
fn cram_boards_a_half_turn_keeps_are_known_lost() {
    // Odd by odd with the centre cell covered: an even count of cells, in pairs.
    for side in [3u32, 5, 7] {
        let game = Cram::new(side, side).unwrap();
        let centre = game.cell(side / 2, side / 2).unwrap();
        let ring = game.start().without(centre);
        assert_eq!(
            game.known_grundy(&ring),
            Some(Nimber::ZERO),
            "{side}x{side}"
        );
        if side <= 5 {
            assert_eq!(plain_grundy(game, ring), Nimber::ZERO);
        }
    }
    // Even by odd, the centre domino covered; and even by even, whole.
    let game = Cram::new(4, 3).unwrap();
    let centre = game.cell(1, 1).unwrap() | game.cell(1, 2).unwrap();
    assert_eq!(
        game.known_grundy(&game.start().without(centre)),
        Some(Nimber::ZERO)
    );
    let game = Cram::new(4, 4).unwrap();
    assert_eq!(game.known_grundy(&game.start()), Some(Nimber::ZERO));
}
