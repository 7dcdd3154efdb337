//! Every closed form of the crate held to the general method through the one trait: for
//! random positions, `ClosedForm`'s outcome, value and winning moves against the `Solver`'s
//! search of the same ruleset, with its closed-form hook turned off (`without_closed_form`),
//! under the convention the closed form is for. The positions are drawn to reach each
//! theory's edges — empty positions, heaps of 0 and 1, equal heaps, the largest sizes a
//! search can still reach.

use std::collections::BTreeSet;
use std::fmt::Debug;

#[cfg(feature = "frontier")]
use impartial::chomp::Chomp;
use impartial::coins::{Coins, MockTurtles, Ruler, TurningCorners, TurningTurtles, Twins};
use impartial::euclid::Euclid;
use impartial::hackenbush::GreenHackenbush;
use impartial::lasker::Lasker;
use impartial::moore::MooreNim;
use impartial::nim::misere::MisereNim;
use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};
#[cfg(feature = "quotient")]
use impartial::quotient::MisereQuotient;
use impartial::sequence::Tabulated;
use impartial::staircase::Staircase;
use impartial::take_away::{TakeAway, TakeAwayState};
use impartial::welter::{Welter, WelterPosition};
use impartial::wythoff::{AWythoff, Wythoff};
use impartial::{ClosedForm, HeapGame, Heaps, Nim, Outcome, Play, Solver, SubtractionGame};

use crate::common::Rng;

/// Holds `game`'s closed form to the search on each of `positions`: the laws of
/// [`ClosedForm`]. Returns how many positions were answered (the rest were past the closed
/// form's table, which the caller may require to be none).
pub fn holds_to_solver<G>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> usize
where
    G: ClosedForm + Clone,
    G::Position: Ord + Debug,
{
    let mut solver = Solver::new(game.clone()).without_closed_form();
    let positions: Vec<G::Position> = positions.into_iter().collect();
    let mut answered = 0;
    for (index, position) in positions.iter().enumerate() {
        let position = position.clone();
        let Ok(outcome) = game.outcome(&position) else {
            continue;
        };
        answered += 1;
        // The solver answers under the convention the game declares, as the closed form.
        let searched = solver.outcome(&position).unwrap();
        let winning = solver.winning_moves(&position).unwrap();
        if G::PLAY == Play::Misere {
            assert_eq!(searched, solver.misere().outcome(&position).unwrap());
            assert!(solver.grundy(&position).is_err(), "no value in misère play");
        }
        assert_eq!(outcome, searched, "outcome of {position:?}");
        if let Some(value) = game.grundy(&position).ok().flatten() {
            assert_eq!(G::PLAY, Play::Normal, "a value is a normal-play value");
            assert_eq!(value, solver.grundy(&position).unwrap(), "{position:?}");
            assert_eq!(value.0 == 0, outcome == Outcome::P, "{position:?}");
        }
        let moves: Vec<G::Move> = game.winning_moves(&position).ok().unwrap().collect();
        let left: BTreeSet<G::Position> = moves
            .iter()
            .map(|chosen| game.leaves(&position, chosen).unwrap())
            .collect();
        // A move applied to another position is refused, or is a move from there too:
        // never a position its options do not hold.
        for chosen in &moves {
            for other in positions.iter().skip(index + 1).take(8) {
                if let Ok(after) = game.leaves(other, chosen) {
                    assert!(
                        game.moves(other).any(|option| option == after),
                        "{chosen:?} applied to {other:?} left {after:?}, not one of its options"
                    );
                }
            }
        }
        let expected: BTreeSet<G::Position> = winning.into_iter().collect();
        assert_eq!(left, expected, "winning moves from {position:?}: {moves:?}");
        assert_eq!(
            game.winning_move(&position).ok().unwrap(),
            moves.first().cloned(),
            "the winning move is the first of them, from {position:?}"
        );
        // None from a P-position; one at least from an N-position with a move (a terminal
        // position is N in misère play, with no move to make).
        let terminal = game.moves(&position).next().is_none();
        assert_eq!(
            moves.is_empty(),
            outcome == Outcome::P || terminal,
            "{position:?}"
        );
        for chosen in &moves {
            assert!(!chosen.to_string().is_empty(), "{chosen:?} said in words");
        }
    }
    answered
}

/// `count` random heap positions of up to `most_heaps` heaps of up to `largest` counters,
/// with the edges: no heaps, empty heaps dropped, equal heaps.
fn heap_positions(rng: &mut Rng, count: usize, most_heaps: u64, largest: u64) -> Vec<Heaps> {
    let mut positions = vec![Heaps::new(), Heaps::from([1]), Heaps::from([1, 1])];
    while positions.len() < count {
        let heaps = rng.below(most_heaps + 1);
        let sizes: Vec<u64> = (0..heaps)
            .map(|_| match rng.below(4) {
                0 => rng.below(2),
                1 => largest,
                _ => rng.below(largest + 1),
            })
            .collect();
        let mut position: Heaps = sizes.iter().copied().collect();
        if rng.below(3) == 0
            && let Some(&first) = position.first()
        {
            // Equal heaps: a sum with a pair in it.
            position = position.iter().copied().chain([first]).collect();
        }
        positions.push(position);
    }
    positions
}

#[test]
fn nim_in_normal_and_misere_play() {
    let mut rng = Rng::new(0x4e49_4d00);
    let positions = heap_positions(&mut rng, 400, 4, 7);
    assert_eq!(holds_to_solver(&Nim, positions.clone()), positions.len());
    assert_eq!(
        holds_to_solver(&MisereNim, positions.clone()),
        positions.len()
    );
}

#[test]
fn wythoff_and_a_wythoff() {
    let pairs = |most: u64| (0..=most).flat_map(move |x| (0..=most).map(move |y| (x, y)));
    assert_eq!(holds_to_solver(&Wythoff, pairs(14)), 225);
    for a in [1, 2, 3, 5] {
        let game = AWythoff::new(a).unwrap();
        let wide = pairs(12).map(|(x, y)| (u128::from(x), u128::from(y)));
        assert_eq!(holds_to_solver(&game, wide), 169, "a = {a}");
    }
}

#[test]
fn euclid() {
    let pairs = (0..=20u128).flat_map(|x| (0..=20u128).map(move |y| (x, y)));
    assert_eq!(holds_to_solver(&Euclid, pairs), 441);
}

#[test]
fn staircase_nim() {
    let mut rng = Rng::new(0x5741_4952);
    let mut positions = vec![vec![], vec![0], vec![5], vec![0, 0, 3]];
    while positions.len() < 300 {
        let steps = 1 + rng.below(5);
        positions.push((0..steps).map(|_| rng.below(4)).collect());
    }
    assert_eq!(holds_to_solver(&Staircase, positions), 300);
}

#[test]
fn lasker_welter_and_moore() {
    let mut rng = Rng::new(0x4c41_534b);
    let positions = heap_positions(&mut rng, 300, 3, 9);
    assert_eq!(holds_to_solver(&Lasker, positions.clone()), positions.len());
    for k in [0, 1, 2, 3] {
        let small = heap_positions(&mut rng, 150, 4, 5);
        assert_eq!(holds_to_solver(&MooreNim::new(k), small), 150, "k = {k}");
    }
    let mut squares = vec![WelterPosition::default()];
    while squares.len() < 300 {
        let coins = rng.below(5);
        let drawn: Vec<u64> = (0..coins).map(|_| rng.below(12)).collect();
        if let Ok(position) = WelterPosition::new(&drawn) {
            squares.push(position);
        }
    }
    assert_eq!(holds_to_solver(&Welter, squares), 300);
}

#[test]
fn coin_turning_games() {
    let mut rng = Rng::new(0x434f_494e);
    let mut rows: Vec<Coins<u64>> = vec![Coins::new(), Coins::from([0])];
    while rows.len() < 200 {
        let heads = rng.below(4);
        rows.push((0..heads).map(|_| rng.below(9)).collect());
    }
    assert_eq!(holds_to_solver(&Twins, rows.clone()), rows.len());
    assert_eq!(holds_to_solver(&TurningTurtles, rows.clone()), rows.len());
    assert_eq!(holds_to_solver(&MockTurtles, rows.clone()), rows.len());
    assert_eq!(holds_to_solver(&Ruler, rows.clone()), rows.len());
    let mut grid: Vec<Coins<(u64, u64)>> = vec![Coins::new()];
    while grid.len() < 60 {
        let heads = rng.below(3);
        grid.push((0..heads).map(|_| (rng.below(4), rng.below(4))).collect());
    }
    assert_eq!(holds_to_solver(&TurningCorners::default(), grid), 60);
}

#[test]
fn green_hackenbush() {
    let mut rng = Rng::new(0x4841_434b);
    for _ in 0..60 {
        let vertices = 1 + rng.below(5) as usize;
        let edges: Vec<(usize, usize)> = (0..rng.below(7))
            .map(|_| {
                (
                    rng.below(vertices as u64) as usize,
                    rng.below(vertices as u64) as usize,
                )
            })
            .collect();
        let game = GreenHackenbush::new(vertices, &edges).unwrap();
        // The start and every position a cut reaches from it, one level down.
        let start = game.start();
        let mut positions = vec![start.clone()];
        positions.extend(impartial::ImpartialGame::moves(&game, &start));
        let count = positions.len();
        assert_eq!(holds_to_solver(&game, positions), count, "{edges:?}");
    }
}

#[test]
fn take_away_and_fibonacci_nim() {
    for k in [1, 2, 3, 5] {
        let game = TakeAway::<u64>::new(k).unwrap();
        let states =
            (0..=30u64).flat_map(|n| (0..=n).map(move |limit| TakeAwayState::new(n, limit)));
        let count = states.clone().count();
        assert_eq!(holds_to_solver(&game, states), count, "k = {k}");
    }
    // A table that stops short of the type: the heaps past it are refused, not answered.
    let wide = TakeAway::<u64>::new(1 << 20).unwrap();
    let beyond = TakeAwayState::start(u64::MAX);
    assert!(wide.outcome(beyond).is_err());
    assert_eq!(holds_to_solver(&wide, [beyond]), 0);
}

#[test]
fn heap_games_by_their_values() {
    let mut rng = Rng::new(0x4f43_5441);
    let games: Vec<Tabulated<OctalGame>> = ["0.77", "0.07", "0.137", "4.07", "0.6"]
        .iter()
        .map(|code| {
            Tabulated::new(
                code.parse::<OctalGame>()
                    .unwrap_or_else(|_| panic!("{code}")),
                40,
            )
            .unwrap()
        })
        .collect();
    for game in &games {
        let positions = heap_positions(&mut rng, 120, 3, 9);
        assert_eq!(holds_to_solver(game, positions), 120);
    }
    // Hexadecimal codes: a move may leave three heaps.
    for code in ["0.F", "0.8", "4.F"] {
        let game = Tabulated::new(code.parse::<HexadecimalGame>().unwrap(), 40).unwrap();
        let positions = heap_positions(&mut rng, 80, 3, 9);
        assert_eq!(holds_to_solver(&game, positions), 80, "{code}");
    }
    let subtraction = Tabulated::new(SubtractionGame::new(&[1, 3, 4]).unwrap(), 50).unwrap();
    assert_eq!(
        holds_to_solver(&subtraction, heap_positions(&mut rng, 200, 4, 20)),
        200
    );
    let grundy = Tabulated::new(GrundysGame, 30).unwrap();
    assert_eq!(
        holds_to_solver(&grundy, heap_positions(&mut rng, 150, 3, 12)),
        150
    );
    // 0.6 computed to heap 5, no period: heaps past it are refused.
    let short = Tabulated::new("0.6".parse::<OctalGame>().unwrap(), 5).unwrap();
    let answered = holds_to_solver(&short, [Heaps::from([4, 5]), Heaps::from([6])]);
    assert_eq!(answered, 1);
}

#[cfg(feature = "quotient")]
#[test]
fn misere_quotients() {
    let mut rng = Rng::new(0x4d49_5345);
    for code in ["0.77", "0.75", "0.31", "0.52"] {
        let game: OctalGame = code.parse().unwrap();
        let quotient = MisereQuotient::compute(&game, 200).unwrap();
        let positions = heap_positions(&mut rng, 150, 3, 9);
        assert_eq!(holds_to_solver(&quotient, positions), 150, "{code}");
    }
    // Dawson's Kayles: a quotient to heap 10, not proved periodic: heaps past it refused.
    let dawson = MisereQuotient::compute(&"0.07".parse::<OctalGame>().unwrap(), 10).unwrap();
    assert!(!dawson.is_complete());
    assert_eq!(
        holds_to_solver(&dawson, [Heaps::from([3, 4]), Heaps::from([40])]),
        1
    );
}

#[cfg(feature = "frontier")]
#[test]
fn chomp_tables() {
    use impartial::ImpartialGame;
    for (rows, columns) in [(1, 1), (2, 5), (4, 4), (3, 7), (16, 2)] {
        let game = Chomp::new(rows, columns).unwrap();
        let table = game.values(1 << 20).unwrap();
        // Every diagram of the bar, by the moves from the bar.
        let mut seen = BTreeSet::new();
        let mut stack = vec![game.start()];
        while let Some(position) = stack.pop() {
            if seen.insert(position) {
                stack.extend(game.moves(&position));
            }
        }
        let count = seen.len();
        assert_eq!(holds_to_solver(&table, seen), count, "{rows} × {columns}");
    }
    // A diagram of a larger bar is refused, not answered.
    let table = Chomp::new(2, 2).unwrap().values(1 << 10).unwrap();
    let wider = Chomp::new(2, 3).unwrap().start();
    assert_eq!(holds_to_solver(&table, [wider]), 0);
}

/// The winning moves of `position` a closed form finds, as the positions they leave, against
/// every option tried: those whose outcome the closed form says is P. A heap's options are
/// listed one by one here; the closed form tries them a period at a time.
fn winning_moves_against_every_option<G>(game: &G, position: &Heaps)
where
    G: ClosedForm<Position = Heaps, Move = impartial::HeapMove>,
    G::Error: Debug,
{
    let found: BTreeSet<Heaps> = game
        .winning_moves(position)
        .unwrap()
        .map(|chosen| game.leaves(position, &chosen).unwrap())
        .collect();
    let expected: BTreeSet<Heaps> = if game.outcome(position).unwrap() == Outcome::P {
        BTreeSet::new()
    } else {
        game.moves(position)
            .filter(|after| game.outcome(after).unwrap() == Outcome::P)
            .collect()
    };
    assert_eq!(found, expected, "{position:?}");
}

/// Heaps past the proved period, where a closed form's winning moves skip the splits a
/// period rules out: against every option tried (a move leaving three heaps among them), and
/// heaps of 10¹⁵ — whose options no one lists — answered, each move leaving a P-position.
#[test]
fn heap_games_past_their_periods() {
    fn past_the_period<G: HeapGame + Debug>(game: G, rng: &mut Rng) {
        let game = Tabulated::new(game, 1_000).unwrap();
        assert!(game.sequence().period().is_some(), "{:?}", game.game());
        for position in heap_positions(rng, 40, 3, 300) {
            winning_moves_against_every_option(&game, &position);
        }
        huge_heaps_answered(&game);
    }
    let mut rng = Rng::new(0x7065_7269);
    past_the_period(OctalGame::kayles(), &mut rng);
    past_the_period("0.137".parse::<OctalGame>().unwrap(), &mut rng);
    // A move may leave three heaps.
    past_the_period("0.F".parse::<HexadecimalGame>().unwrap(), &mut rng);
    #[cfg(feature = "quotient")]
    {
        let quotient = MisereQuotient::compute(&OctalGame::kayles(), 1_000).unwrap();
        assert!(quotient.is_complete());
        for position in heap_positions(&mut rng, 40, 3, 300) {
            winning_moves_against_every_option(&quotient, &position);
        }
        huge_heaps_answered(&quotient);
    }
}

/// Positions with heaps of 10¹⁵, some with a winning move on a small heap after the huge
/// ones: the first winning moves come, and each leaves a P-position.
fn huge_heaps_answered<G>(game: &G)
where
    G: ClosedForm<Position = Heaps, Move = impartial::HeapMove>,
    G::Error: Debug,
{
    let huge = 1_000_000_000_000_000;
    for position in [
        Heaps::from([huge]),
        Heaps::from([3, huge]),
        Heaps::from([huge, huge + 1]),
        Heaps::from([huge, huge + 5, 7]),
        Heaps::from([1, huge, huge]),
    ] {
        let outcome = game.outcome(&position).unwrap();
        let moves: Vec<_> = game.winning_moves(&position).unwrap().take(3).collect();
        assert_eq!(moves.is_empty(), outcome == Outcome::P, "{position:?}");
        for chosen in &moves {
            let after = game.leaves(&position, chosen).unwrap();
            assert_eq!(game.outcome(&after).unwrap(), Outcome::P, "{chosen}");
        }
    }
}

/// The review's reproducers: moves applied where they are not moves — each an
/// `IllegalMove` naming the move and the position, where they wrapped, panicked, dropped a
/// coin, moved one upward or ignored the position.
#[test]
fn moves_from_elsewhere_are_refused_by_staircase() {
    use impartial::staircase::StairMove;
    // Staircase: 4 coins from a step holding 1 (it wrapped to 2⁶⁴ − 3), step 0, a step past
    // the end.
    let steps = vec![0, 0, 0, 1];
    let error = Staircase
        .leaves(
            &steps,
            &StairMove {
                step: 3,
                coins: 4,
                from: 4,
            },
        )
        .unwrap_err();
    assert_eq!(error.position, steps);
    assert!(
        error.to_string().contains("step 3 holds 1 coins, not 4"),
        "{error}"
    );
    for chosen in [
        StairMove {
            step: 0,
            coins: 1,
            from: 0,
        },
        StairMove {
            step: 9,
            coins: 1,
            from: 1,
        },
        StairMove {
            step: 3,
            coins: 0,
            from: 1,
        },
    ] {
        assert!(Staircase.leaves(&steps, &chosen).is_err(), "{chosen:?}");
    }
    // A coin pushed onto a step already full: no step holds more than 2⁶⁴ − 1.
    let full = vec![0, 0, u64::MAX, 1];
    assert!(
        Staircase
            .leaves(
                &full,
                &StairMove {
                    step: 3,
                    coins: 1,
                    from: 1
                }
            )
            .is_err()
    );
}

/// Welter's coins, Nim's and misère Nim's heaps, Wythoff's pair: moves from elsewhere.
#[test]
fn moves_from_elsewhere_are_refused_by_coins_heaps_and_pairs() {
    use impartial::nim::NimMove;
    use impartial::welter::WelterMove;
    use impartial::wythoff::WythoffMove;
    // Welter: a coin slid onto another (it dropped one), or upward.
    let coins = WelterPosition::new(&[1, 2, 3]).unwrap();
    assert!(
        Welter
            .leaves(&coins, &WelterMove { from: 3, to: 1 })
            .is_err()
    );
    assert!(
        Welter
            .leaves(&coins, &WelterMove { from: 1, to: 100 })
            .is_err()
    );
    assert!(
        Welter
            .leaves(&coins, &WelterMove { from: 7, to: 0 })
            .is_err()
    );
    // Nim and misère Nim on fewer heaps (it panicked: "range start index 1 out of range").
    let chosen = NimMove {
        heap: 1,
        from: 5,
        to: 2,
        take: 3,
    };
    for heaps in [Heaps::new(), Heaps::from([5]), Heaps::from([3, 6])] {
        assert!(Nim.leaves(&heaps, &chosen).is_err(), "{heaps:?}");
        assert!(MisereNim.leaves(&heaps, &chosen).is_err(), "{heaps:?}");
    }
    let wrong_take = NimMove {
        heap: 0,
        from: 5,
        to: 2,
        take: 1,
    };
    assert!(Nim.leaves(Heaps::from([5]), &wrong_take).is_err());
    // Wythoff ignored the position.
    let chosen = WythoffMove {
        from: (4, 6),
        to: (3, 5),
    };
    assert_eq!(Wythoff.leaves((4, 6), &chosen), Ok((3, 5)));
    assert!(Wythoff.leaves((5, 6), &chosen).is_err());
    // Unequal takes from both heaps, or a heap that grows.
    for to in [(3, 4), (4, 7)] {
        let chosen = WythoffMove { from: (4, 6), to };
        assert!(Wythoff.leaves((4, 6), &chosen).is_err(), "{to:?}");
    }
}

/// A heap game's move on a heap that is not there (`HeapMove::after` panicked), or one its
/// rules do not make.
#[test]
fn heap_moves_from_elsewhere_are_refused() {
    let kayles = Tabulated::new(OctalGame::kayles(), 100).unwrap();
    let heaps = Heaps::from([3, 7]);
    assert!(
        kayles
            .leaves(&heaps, &impartial::HeapMove::new(2, 7, &[6]))
            .is_err()
    );
    assert!(
        kayles
            .leaves(&heaps, &impartial::HeapMove::new(1, 7, &[3]))
            .is_err()
    );
    assert!(
        kayles
            .leaves(&heaps, &impartial::HeapMove::new(1, 7, &[1, 1, 4]))
            .is_err()
    );
    assert_eq!(
        kayles.leaves(&heaps, &impartial::HeapMove::new(1, 7, &[2, 4])),
        Ok(Heaps::from([2, 3, 4]))
    );
}

/// `Solver::new(MisereNim)` answers misère play, as `MisereNim` declares: from one counter
/// the player to move loses (it said N, with a move to nothing, which loses misère Nim).
#[test]
fn the_solver_answers_the_play_a_game_declares() {
    let mut solver = Solver::new(MisereNim);
    assert_eq!(solver.outcome([1]).unwrap(), Outcome::P);
    assert_eq!(solver.winning_move([1]).unwrap(), None);
    assert_eq!(solver.outcome([]).unwrap(), Outcome::N);
    assert_eq!(solver.winning_move([1, 5]).unwrap(), Some(Heaps::from([1])));
    assert!(matches!(
        solver.grundy([1]),
        Err(impartial::SolveError::MiserePlay { .. })
    ));
    assert!(solver.remoteness([1]).is_err());
    let mut normal = Solver::new(Nim);
    assert_eq!(normal.outcome([1]).unwrap(), Outcome::N);
}

/// A Green Hackenbush position carries its graph: another graph's game refuses it, in the
/// closed form, the solver and the moves, where its edge bits were read as this graph's.
#[test]
fn hackenbush_positions_of_another_graph_are_refused() {
    use impartial::ImpartialGame;
    let stalk = GreenHackenbush::new(3, &[(0, 1), (1, 2)]).unwrap();
    let fork = GreenHackenbush::new(3, &[(0, 1), (0, 2)]).unwrap();
    let foreign = stalk.start();
    assert!(fork.check_position(&foreign).is_err());
    assert!(ClosedForm::grundy(&fork, &foreign).is_err());
    assert!(ClosedForm::outcome(&fork, &foreign).is_err());
    assert!(fork.cut(&foreign, 0).is_err());
    assert!(matches!(
        Solver::new(fork.clone()).grundy(&foreign),
        Err(impartial::SolveError::InvalidPosition { .. })
    ));
    let best = ClosedForm::winning_move(&stalk, &foreign).unwrap().unwrap();
    assert!(fork.leaves(&foreign, &best).is_err());
    assert_eq!(
        ClosedForm::grundy(&fork, fork.start()).unwrap().unwrap().0,
        0
    );
}
