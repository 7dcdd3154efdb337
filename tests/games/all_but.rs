//! All-but subtraction games: the `O(|S|)` rule against the definition written plainly, the
//! ruleset against the solver, and every proved arithmetic period against values computed
//! ten times as far — past 65 535, where a narrower count would wrap.

use impartial::all_but::AllButSubtraction;
use impartial::{Nimber, Solver};
use proptest::prelude::*;

/// G(0..=n) from the definition: the mex of G(n − t) over every take `t` not excluded.
fn plain(excluded: &[u64], n: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let mut seen = vec![false; heap + 1];
        for take in 1..=heap {
            if !excluded.contains(&(take as u64)) {
                seen[values[heap - take] as usize] = true;
            }
        }
        values.push(seen.iter().position(|&seen| !seen).unwrap_or(heap + 1) as u32);
    }
    values
}

fn excluded_sets() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        prop::collection::vec(1u64..=12, 0..5),
        prop::collection::vec(1u64..=60, 0..8),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_rule_is_the_definition(excluded in excluded_sets(), n in 0usize..1_200) {
        let game = AllButSubtraction::new(&excluded).unwrap();
        let values = game.values_up_to(n as u64).unwrap();
        let expected = plain(&excluded, n);
        prop_assert_eq!(values.values(), expected.as_slice());
    }

    #[test]
    fn a_proved_period_predicts_every_heap_ten_times_as_far(excluded in excluded_sets()) {
        let game = AllButSubtraction::new(&excluded).unwrap();
        let short = game.values_up_to(3_000).unwrap();
        if let Some(period) = short.period() {
            prop_assert!(period.proved_at <= 3_000);
            let long = game.code().every_value_up_to(30_000).unwrap();
            prop_assert_eq!(long.values().len(), 30_001);
            for (n, &value) in long.values().iter().enumerate() {
                prop_assert_eq!(short.get(n as u64), Some(Nimber(u128::from(value))), "G({})", n);
            }
            prop_assert_eq!(long.period().map(|long| (long.period, long.saltus)),
                Some((period.period, period.saltus)));
        }
    }

    #[test]
    fn tails_are_all_but_games(amounts in prop::collection::vec(1u64..20, 0..6), tail in 1u64..25) {
        let game = AllButSubtraction::with_tail(&amounts, tail).unwrap();
        for amount in 1..60 {
            prop_assert_eq!(game.allows(amount), amounts.contains(&amount) || amount >= tail);
        }
        let text = game.to_string();
        prop_assert_eq!(text.parse::<AllButSubtraction>().unwrap(), game);
    }
}

#[test]
fn sums_follow_sprague_grundy() {
    for excluded in [&[][..], &[1], &[2, 3], &[1, 4, 5]] {
        let game = AllButSubtraction::new(excluded).unwrap();
        let values = game.values_up_to(14).unwrap();
        let mut solver = Solver::new(game);
        for a in 0..=14u64 {
            for b in 0..=a.min(9) {
                let expected = values.get(a).unwrap() ^ values.get(b).unwrap();
                assert_eq!(
                    solver.grundy([a, b]).unwrap(),
                    expected,
                    "{excluded:?}: heaps {a} and {b}"
                );
            }
        }
    }
}

#[test]
fn known_sequences() {
    // all-but() is Nim: G(n) = n (OEIS A001477), past 65 535.
    let nim = AllButSubtraction::new(&[])
        .unwrap()
        .values_up_to(70_000)
        .unwrap();
    assert!(
        nim.values()
            .iter()
            .enumerate()
            .all(|(n, &value)| value as usize == n)
    );
    // all-but(1): a heap of 1 cannot move; G(n) = ⌊n/2⌋ (OEIS A004526).
    let halves = AllButSubtraction::new(&[1])
        .unwrap()
        .values_up_to(140_000)
        .unwrap();
    assert!(
        halves
            .values()
            .iter()
            .enumerate()
            .all(|(n, &value)| value as usize == n / 2)
    );
    let period = halves.period().unwrap();
    assert_eq!((period.preperiod, period.period, period.saltus), (0, 2, 1));
}

#[test]
fn the_prover_proves_every_small_game() {
    // Every all-but game is arithmetic-periodic (A. Siegel; see Sleator and Slusky,
    // arXiv:1201.3299); with sets of amounts up to 6
    // the values to 5 000 prove it for each.
    for mask in 0u64..64 {
        let excluded: Vec<u64> = (1..=6)
            .filter(|amount| mask >> (amount - 1) & 1 == 1)
            .collect();
        let values = AllButSubtraction::new(&excluded)
            .unwrap()
            .values_up_to(5_000)
            .unwrap();
        let period = values.period();
        assert!(
            period.is_some(),
            "{excluded:?}: {:?}",
            values.apparent_arithmetic_period()
        );
    }
}

/// The shape the literature proves: an all-but game whose excluded set has one or two
/// amounts is *purely* arithmetic-periodic, `G(n + p) = G(n) + s` from `n = 0` (A. Siegel,
/// 2005), so is one with three (D. Sleator and M. Slusky, "Subtraction games with FES sets
/// of size 3", arXiv:1201.3299), and with four or more it need not be (ibid.). Every set of
/// up to three amounts from 1 to 9 (129 games) is proved purely arithmetic-periodic; among
/// the sets of four such a set is found.
#[test]
fn excluded_sets_of_up_to_three_are_purely_arithmetic_periodic() {
    let period_of = |excluded: &[u64]| {
        AllButSubtraction::new(excluded)
            .unwrap()
            .values_up_to(20_000)
            .unwrap()
            .period()
            .unwrap_or_else(|| panic!("{excluded:?}: no period proved"))
    };
    let sets = |size: u32| {
        (0u64..1 << 9)
            .filter(move |mask| mask.count_ones() == size)
            .map(|mask| {
                (1..=9)
                    .filter(|a| mask >> (a - 1) & 1 == 1)
                    .collect::<Vec<u64>>()
            })
    };
    let mut games = 0;
    for size in 1..=3 {
        for excluded in sets(size) {
            let period = period_of(&excluded);
            assert_eq!(period.preperiod, 0, "{excluded:?}: {period:?}");
            assert!(period.saltus >= 1, "{excluded:?}: {period:?}");
            games += 1;
        }
    }
    assert_eq!(games, 9 + 36 + 84);
    let not_pure = sets(4).find(|excluded| period_of(excluded).preperiod > 0);
    assert!(
        not_pure.is_some(),
        "every set of four from 1 to 9 gave a pure period"
    );
}

#[test]
fn bad_sets_and_sizes() {
    assert!("all-but(0)".parse::<AllButSubtraction>().is_err());
    assert!("all-but(1".parse::<AllButSubtraction>().is_err());
    assert!("S(1, 2)".parse::<AllButSubtraction>().is_err());
    assert!(AllButSubtraction::with_tail(&[1], 0).is_err());
    // Huge amounts are refused, not walked through.
    assert!(AllButSubtraction::with_tail(&[1], u64::MAX).is_err());
    assert!(AllButSubtraction::new(&[u64::MAX]).is_err());
    assert!(
        format!("all-but({})", u64::MAX)
            .parse::<AllButSubtraction>()
            .is_err()
    );
    let game = AllButSubtraction::new(&[1]).unwrap();
    // Every heap to 2⁶⁴ − 1 by the period, proved at once; every value computed, refused.
    let all = game.values_up_to(u64::MAX).unwrap();
    assert!(all.get(u64::MAX).is_some());
    assert!(all.values().len() <= 4_096);
    assert!(game.code().every_value_up_to(u64::MAX).is_err());
    assert_eq!(game.values_up_to(0).unwrap().values(), [0]);
    // Without a proof, nothing is said past the values.
    let short = AllButSubtraction::new(&[3, 7])
        .unwrap()
        .values_up_to(5)
        .unwrap();
    assert_eq!((short.period(), short.get(6)), (None, None));
}
