//! Coin-turning games against their definitions: the turns of each ruleset against a plain
//! description of the rule, the closed-form values against a search that knows nothing but
//! the moves, the Tartan theorem against Conway's nim-multiplication, and every fast
//! `turn_to` against a search of all turns.

use crate::reference;

use std::collections::BTreeSet;
use std::fmt::Debug;

use impartial::coins::{
    CoinRule, Coins, MockTurtles, Product, Ruler, Turn, TurningCorners, TurningTurtles, Twins,
};
use impartial::{ClosedForm, ImpartialGame, Nimber, Outcome, Solver, field};
use proptest::prelude::*;

/// A ruleset's moves without its closed form: the solver must search.
struct Bare<R>(R);

impl<R: CoinRule> ImpartialGame for Bare<R> {
    type Position = Coins<R::Coin>;

    fn moves(&self, position: &Coins<R::Coin>) -> impl Iterator<Item = Coins<R::Coin>> {
        self.0.moves(position)
    }
}

/// The worth of a turn named by `coin`: the coin and the turn's coins together.
fn change<R: CoinRule>(rule: &R, coin: R::Coin, turn: &[R::Coin]) -> Nimber {
    turn.iter()
        .fold(rule.value(coin), |worth, &other| worth ^ rule.value(other))
}

/// Every subset of `0..n`, as sorted vectors.
fn subsets(n: u64) -> Vec<Vec<u64>> {
    (0..1u64 << n)
        .map(|mask| (0..n).filter(|bit| mask >> bit & 1 == 1).collect())
        .collect()
}

/// The rules in plain words: may a move named by `coin` turn over the coins of `others`?
fn allowed(rule: &str, coin: u64, others: &[u64]) -> bool {
    match rule {
        "twins" => others.len() == 1,
        "turning turtles" => coin >= 1 && others.len() <= 1 && !others.contains(&0),
        "mock turtles" => others.len() <= 2,
        // A run of coins ending at `coin`, numbered from 1.
        "ruler" => {
            coin >= 1
                && !others.contains(&0)
                && others
                    .iter()
                    .enumerate()
                    .all(|(i, &other)| other == coin - (others.len() - i) as u64)
        }
        _ => unreachable!("no rule {rule}"),
    }
}

fn check_turns<R: CoinRule<Coin = u64>>(name: &str, rule: &R) {
    for coin in 0..9 {
        let turns: Vec<Vec<u64>> = rule.turns(coin).map(|turn| turn.to_vec()).collect();
        let distinct: BTreeSet<&Vec<u64>> = turns.iter().collect();
        assert_eq!(
            distinct.len(),
            turns.len(),
            "{name}: a turn twice at {coin}"
        );
        for turn in &turns {
            assert!(
                turn.is_sorted(),
                "{name}: turn {turn:?} at {coin} not in order"
            );
        }
        let expected: BTreeSet<Vec<u64>> = subsets(coin)
            .into_iter()
            .filter(|others| allowed(name, coin, others))
            .collect();
        let turns: BTreeSet<Vec<u64>> = turns.into_iter().collect();
        assert_eq!(turns, expected, "{name}: the turns at coin {coin}");
    }
}

#[test]
fn the_turns_are_the_rules() {
    check_turns("twins", &Twins);
    check_turns("turning turtles", &TurningTurtles);
    check_turns("mock turtles", &MockTurtles);
    check_turns("ruler", &Ruler);
}

#[test]
fn a_product_turns_the_grid_of_its_factors_turns() {
    // Turning Corners: the three other corners of every rectangle with far corner (x, y).
    for (x, y) in [(0, 0), (0, 3), (3, 0), (1, 1), (3, 4)] {
        let turns: BTreeSet<Vec<(u64, u64)>> = TurningCorners::default()
            .turns((x, y))
            .map(|turn| turn.to_vec())
            .collect();
        let mut expected = BTreeSet::new();
        for a in 0..x {
            for b in 0..y {
                expected.insert(vec![(a, b), (a, y), (x, b)]);
            }
        }
        assert_eq!(turns, expected, "corners of ({x}, {y})");
    }
    // Ruler × Turning Turtles at (3, 2): runs ending at 3 times {2} or {1, 2}.
    let turns: BTreeSet<Vec<(u64, u64)>> = Product(Ruler, TurningTurtles)
        .turns((3, 2))
        .map(|turn| turn.to_vec())
        .collect();
    let mut expected = BTreeSet::new();
    for start in 1..=3 {
        for column in [vec![2], vec![1, 2]] {
            let mut coins: Vec<(u64, u64)> = (start..=3)
                .flat_map(|a| column.iter().map(move |&b| (a, b)))
                .filter(|&coin| coin != (3, 2))
                .collect();
            coins.sort_unstable();
            expected.insert(coins);
        }
    }
    assert_eq!(turns, expected);
}

/// The least value not in `options`.
fn mex(options: &BTreeSet<u128>) -> u128 {
    (0..=options.len() as u128)
        .find(|value| !options.contains(value))
        .expect("n values leave one of 0..=n out")
}

/// The value of a single head on each coin `0..n` by the definition: the mex of the values
/// its moves leave, each the XOR of single heads.
fn values_by_mex<R: CoinRule<Coin = u64>>(rule: &R, n: u64) -> Vec<u128> {
    let mut values: Vec<u128> = Vec::new();
    for coin in 0..n {
        let options: BTreeSet<u128> = rule
            .turns(coin)
            .map(|turn| {
                turn.iter()
                    .fold(0, |worth, &other| worth ^ values[other as usize])
            })
            .collect();
        values.push(mex(&options));
    }
    values
}

#[test]
fn single_heads_are_worth_the_published_sequences() {
    // OEIS A000069, the odious numbers, from 1.
    let odious = [
        1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47,
        49, 50, 52, 55, 56, 59, 61, 62,
    ];
    // OEIS A006519, the highest power of 2 dividing n, from n = 1.
    let ruler = [
        1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2,
        1, 32,
    ];
    for (coin, &value) in (0..).zip(&odious) {
        assert_eq!(
            MockTurtles.value(coin),
            Nimber(value),
            "Mock Turtles at {coin}"
        );
    }
    for (coin, &value) in (1..).zip(&ruler) {
        assert_eq!(Ruler.value(coin), Nimber(value), "Ruler at {coin}");
    }
    assert_eq!(Ruler.value(0), Nimber(0));
    for coin in 0..32 {
        assert_eq!(Twins.value(coin), Nimber(u128::from(coin)));
        assert_eq!(TurningTurtles.value(coin), Nimber(u128::from(coin)));
    }
}

#[test]
fn closed_forms_equal_the_mex_definition() {
    fn check<R: CoinRule<Coin = u64>>(name: &str, rule: &R, n: u64) {
        let values: Vec<u128> = (0..n).map(|coin| rule.value(coin).0).collect();
        assert_eq!(values, values_by_mex(rule, n), "{name}");
    }
    check("twins", &Twins, 200);
    check("turning turtles", &TurningTurtles, 200);
    check("mock turtles", &MockTurtles, 120);
    check("ruler", &Ruler, 300);
}

/// The Tartan theorem, from the definition: a head on `(x, y)` of a product game is worth the
/// mex of what the product's moves leave, compared with `A.value(x) ⊗ B.value(y)` and with
/// Conway's rules for the nim-product.
fn check_tartan<A, B>(name: &str, product: &Product<A, B>, n: u64)
where
    A: CoinRule<Coin = u64>,
    B: CoinRule<Coin = u64>,
{
    let size = n as usize;
    let mut values = vec![vec![0u128; size]; size];
    for x in 0..n {
        for y in 0..n {
            let options: BTreeSet<u128> = product
                .turns((x, y))
                .map(|turn| {
                    turn.iter()
                        .fold(0, |worth, &(a, b)| worth ^ values[a as usize][b as usize])
                })
                .collect();
            let value = mex(&options);
            values[x as usize][y as usize] = value;
            assert_eq!(product.value((x, y)), Nimber(value), "{name} at ({x}, {y})");
            let by_conway = reference::nim_mul(product.0.value(x).0, product.1.value(y).0);
            assert_eq!(value, by_conway, "{name} at ({x}, {y}) by Conway's rules");
        }
    }
}

#[test]
fn products_are_worth_nim_products() {
    check_tartan("turning corners", &TurningCorners::default(), 24);
    check_tartan("rugs", &Product(Ruler, Ruler), 24);
    check_tartan("mock × ruler", &Product(MockTurtles, Ruler), 12);
    check_tartan("turtles × mock", &Product(TurningTurtles, MockTurtles), 12);
}

#[test]
fn turning_corners_is_the_nim_multiplication_table() {
    // The table by the mex definition of the product (the plain twin of the tests) is the
    // table of single heads in Turning Corners.
    let table = reference::nim_mul_table_by_definition(32);
    for (x, row) in (0..).zip(&table) {
        for (y, &value) in (0..).zip(row) {
            assert_eq!(
                TurningCorners::default().value((x, y)),
                Nimber(u128::from(value))
            );
        }
    }
}

/// `turn_to` finds a turn exactly when a search of all turns does, and what it finds is one
/// of the turns, worth the change asked for.
fn check_turn_to<R: CoinRule>(name: &str, rule: &R, coins: &[R::Coin], changes: &[u128])
where
    R::Coin: Debug,
{
    for &coin in coins {
        let turns: Vec<Turn<R::Coin>> = rule.turns(coin).collect();
        for &asked in changes {
            let asked = Nimber(asked);
            let exists = turns.iter().any(|turn| change(rule, coin, turn) == asked);
            match rule.turn_to(coin, asked) {
                Some(turn) => {
                    assert!(
                        turns.contains(&turn),
                        "{name}: {turn:?} is no turn at {coin:?}"
                    );
                    assert_eq!(change(rule, coin, &turn), asked, "{name}: at {coin:?}");
                }
                None => assert!(!exists, "{name}: missed a turn at {coin:?} worth {asked:?}"),
            }
        }
    }
}

#[test]
fn fast_turns_equal_a_search_of_all_turns() {
    let row: Vec<u64> = (0..48).collect();
    let changes: Vec<u128> = (0..260).collect();
    check_turn_to("twins", &Twins, &row, &changes);
    check_turn_to("turning turtles", &TurningTurtles, &row, &changes);
    check_turn_to("mock turtles", &MockTurtles, &row, &changes);
    check_turn_to("ruler", &Ruler, &row, &changes);
    // Changes past 2⁶⁴ and coins near u64::MAX: no turn can be worth more than the field of
    // the coins holds.
    let far = [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 5];
    let huge = [1u128 << 64, u128::MAX, (1 << 65) - 1];
    for &coin in &far {
        for &asked in &huge {
            let asked = Nimber(asked);
            for (name, turn) in [
                ("twins", Twins.turn_to(coin, asked)),
                ("turning turtles", TurningTurtles.turn_to(coin, asked)),
                ("ruler", Ruler.turn_to(coin, asked)),
            ] {
                assert_eq!(turn, None, "{name} at {coin} for {asked:?}");
            }
            if let Some(turn) = MockTurtles.turn_to(coin, asked) {
                assert!(turn.iter().all(|&other| other < coin) && turn.is_sorted());
                assert_eq!(change(&MockTurtles, coin, &turn), asked);
            }
        }
    }
    let grid: Vec<(u64, u64)> = (0..7).flat_map(|x| (0..7).map(move |y| (x, y))).collect();
    let changes: Vec<u128> = (0..64).collect();
    check_turn_to("corners", &TurningCorners::default(), &grid, &changes);
    check_turn_to(
        "mock × ruler",
        &Product(MockTurtles, Ruler),
        &grid,
        &changes,
    );
    check_turn_to(
        "ruler × turtles",
        &Product(Ruler, TurningTurtles),
        &grid,
        &changes,
    );
}

/// The position of heads at the set bits of `mask`, on coins `first..`.
fn row_position(mask: u16, first: u64) -> Coins<u64> {
    (0..16)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| first + bit)
        .collect()
}

fn grid_position(mask: u16, side: u64) -> Coins<(u64, u64)> {
    (0..side * side)
        .filter(|&bit| mask >> bit & 1 == 1)
        .map(|bit| (bit / side, bit % side))
        .collect()
}

/// Against a solver that knows only the moves: the value, the outcome, the winning move and
/// every winning move.
fn check_position<R: CoinRule + Clone>(rule: &R, position: &Coins<R::Coin>) {
    let mut bare = Solver::new(Bare(rule.clone()));
    let value = bare.grundy(position).unwrap();
    let Ok(worth) = rule.grundy(position);
    assert_eq!(worth, Some(value), "{position:?}");
    assert_eq!(rule.outcome(position), Ok(Outcome::from(value)));
    let winning: Vec<Coins<R::Coin>> = rule
        .moves(position)
        .filter(|after| bare.grundy(after).unwrap() == Nimber(0))
        .collect();
    let Ok(found) = rule.winning_move(position);
    match found {
        None => assert!(winning.is_empty(), "{position:?} has a winning move"),
        Some(best) => {
            assert!(winning.contains(&best.leaves), "{best:?} does not win");
            assert!(position.contains(&best.coin));
        }
    }
    // The rule's own move first, then the others in the order of `moves`.
    let all: Vec<Coins<R::Coin>> = rule
        .winning_moves(position)
        .into_iter()
        .flatten()
        .map(|found| found.leaves)
        .collect();
    let first = rule
        .winning_move(position)
        .ok()
        .flatten()
        .map(|best| best.leaves);
    assert_eq!(all.first(), first.as_ref(), "{position:?}");
    let others: Vec<&Coins<R::Coin>> = winning
        .iter()
        .filter(|&after| Some(after) != first.as_ref())
        .collect();
    assert_eq!(
        all.iter().skip(1).collect::<Vec<_>>(),
        others,
        "{position:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn rows_agree_with_the_search(mask in 0u16..1 << 9, first in 0u64..3) {
        let position = row_position(mask, first);
        check_position(&Twins, &position);
        check_position(&TurningTurtles, &position);
        check_position(&MockTurtles, &position);
        check_position(&Ruler, &position);
    }

    #[test]
    fn grids_agree_with_the_search(mask in 0u16..1 << 9) {
        let position = grid_position(mask, 3);
        check_position(&TurningCorners::default(), &position);
        check_position(&Product(Ruler, MockTurtles), &position);
        check_position(&Product(TurningTurtles, Twins), &position);
    }

    #[test]
    fn winning_moves_on_large_boards_leave_zero(
        heads in prop::collection::vec((0u64..1 << 20, 0u64..1 << 20), 1..6),
    ) {
        // Too large to search: the closed form checks itself.
        let corners = TurningCorners::default();
        let position = Coins::from(heads);
        let Ok(Some(value)) = corners.grundy(&position) else { unreachable!() };
        let Ok(found) = corners.winning_move(&position);
        match found {
            None => prop_assert_eq!(value, Nimber(0)),
            Some(best) => {
                prop_assert_eq!(corners.grundy(&best.leaves), Ok(Some(Nimber(0))));
                let expected: Coins<(u64, u64)> = {
                    let mut after = position.clone();
                    after.turn_over(best.coin);
                    for &other in &best.turned {
                        after.turn_over(other);
                    }
                    after
                };
                prop_assert_eq!(best.leaves, expected);
                // The other three corners of a rectangle whose far corner is the coin.
                let (x, y) = best.coin;
                let [(a, b), corner_a, corner_b] = best.turned[..] else {
                    return Err(TestCaseError::fail(format!("{:?} is no rectangle", best.turned)));
                };
                prop_assert!(a < x && b < y);
                prop_assert_eq!((corner_a, corner_b), ((a, y), (x, b)));
            }
        }
    }

    #[test]
    fn mock_turtles_and_ruler_find_turns_on_any_coin(coin in any::<u64>(), asked in any::<u64>()) {
        let asked = Nimber(u128::from(asked));
        if let Some(turn) = MockTurtles.turn_to(coin, asked) {
            prop_assert!(turn.len() <= 2 && turn.is_sorted());
            prop_assert!(turn.iter().all(|&other| other < coin));
            prop_assert_eq!(change(&MockTurtles, coin, &turn), asked);
        }
        // A Ruler turn is a run: check it without building it when it is long.
        if let Some(turn) = Ruler.turn_to(coin, Nimber(asked.0 & 0xff)) {
            prop_assert!(turn.iter().all(|&other| other < coin));
        }
    }
}

#[test]
fn edges() {
    let empty: Coins<u64> = Coins::new();
    assert_eq!(MockTurtles.grundy(&empty), Ok(Some(Nimber(0))));
    assert_eq!(MockTurtles.winning_move(&empty), Ok(None));
    assert_eq!(
        MockTurtles.winning_moves(&empty).map(Iterator::count),
        Ok(0)
    );
    // Dummy coins: a head on coin 0 of Ruler or Turning Turtles never moves.
    assert_eq!(Ruler.moves(&Coins::from([0])).count(), 0);
    assert_eq!(TurningTurtles.moves(&Coins::from([0])).count(), 0);
    assert_eq!(Twins.moves(&Coins::from([0])).count(), 0);
    // The largest coins: values in the field, no overflow.
    assert_eq!(MockTurtles.value(u64::MAX), Nimber((1 << 65) - 1));
    assert_eq!(Ruler.value(u64::MAX), Nimber(1));
    assert_eq!(Ruler.value(1 << 63), Nimber(1 << 63));
    let corner = (u64::MAX, u64::MAX);
    assert_eq!(
        TurningCorners::default().value(corner),
        Nimber(u128::from(field::mul(u64::MAX, u64::MAX)))
    );
    // A single head anywhere: the rectangle from the origin clears it.
    let best = TurningCorners::default()
        .winning_move([corner])
        .ok()
        .flatten()
        .expect("a nonzero head");
    assert_eq!(
        best.turned.as_slice(),
        [(0, 0), (0, u64::MAX), (u64::MAX, 0)]
    );
    // Coins: a set, turning over toggles.
    let mut coins = Coins::from(vec![3, 1, 3]);
    assert_eq!(coins, [1, 3]);
    coins.turn_over(1);
    coins.turn_over(2);
    assert_eq!(coins, [2, 3]);
    assert_eq!(format!("{coins:?}"), "[2, 3]");
}
