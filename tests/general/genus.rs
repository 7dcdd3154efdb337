//! Misère Grundy values and genera against the definitions, computed plainly: the misère
//! value of a position beside `k` nim-heaps of size 2 (and no assumption that two `*1`s
//! cancel), on random games and positions; and the published genera of misère 0.312.

use std::collections::HashMap;

use impartial::octal::OctalGame;
use impartial::{Heaps, ImpartialGame, Nim, Nimber, Outcome, SolveError, Solver};
use proptest::prelude::*;

/// The misère value of `position` beside `twos` nim-heaps of size 2 and `ones` of size 1,
/// from the definition: 1 without moves, else the mex of the options' values.
fn misere_beside<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    twos: u32,
    ones: u32,
    memo: &mut HashMap<(G::Position, u32, u32), u32>,
) -> u32 {
    let key = (position.clone(), twos, ones);
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut values = Vec::new();
    for option in game.moves(position) {
        values.push(misere_beside(game, &option, twos, ones, memo));
    }
    if twos > 0 {
        values.push(misere_beside(game, position, twos - 1, ones, memo));
        values.push(misere_beside(game, position, twos - 1, ones + 1, memo));
    }
    if ones > 0 {
        values.push(misere_beside(game, position, twos, ones - 1, memo));
    }
    let value = if values.is_empty() {
        1
    } else {
        (0..=values.len() as u32)
            .find(|v| !values.contains(v))
            .unwrap()
    };
    memo.insert(key, value);
    value
}

/// The normal value from the definition.
fn normal<G: ImpartialGame>(game: &G, position: &G::Position) -> u32 {
    let values: Vec<u32> = game.moves(position).map(|o| normal(game, &o)).collect();
    (0..=values.len() as u32)
        .find(|v| !values.contains(v))
        .unwrap()
}

/// Checks `position`'s genus and misère value against the definitions, for `k` up to 7.
fn check<G: ImpartialGame + Clone>(game: &G, position: &G::Position) -> Result<(), TestCaseError> {
    let mut solver = Solver::new(game.clone());
    let genus = solver.misere().genus(position.clone()).unwrap();
    let mut memo = HashMap::new();
    prop_assert_eq!(genus.normal(), Nimber(u128::from(normal(game, position))));
    for k in 0..8 {
        let expected = misere_beside(game, position, k, 0, &mut memo);
        prop_assert_eq!(
            genus.exponent(u128::from(k)),
            Nimber(u128::from(expected)),
            "k = {}",
            k
        );
    }
    let misere = solver.misere().grundy(position.clone()).unwrap();
    prop_assert_eq!(misere, genus.misere());
    let outcome = if misere == Nimber(0) {
        Outcome::P
    } else {
        Outcome::N
    };
    prop_assert_eq!(solver.misere().outcome(position.clone()).unwrap(), outcome);
    // The written form is the shortest: its last two repeat, the one before differs.
    let written = genus.exponents();
    prop_assert!(written.len() >= 2);
    if written.len() >= 3 {
        prop_assert_ne!(written[written.len() - 3], written[written.len() - 1]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Nim positions of up to three heaps below 6.
    #[test]
    fn nim_genera_agree_with_the_definition(heaps in proptest::collection::vec(0u64..6, 0..=3)) {
        check(&Nim, &Heaps::from(heaps))?;
    }

    /// Random octal games (digits 0–7, up to four), positions of up to two heaps below 8.
    #[test]
    fn octal_genera_agree_with_the_definition(
        digits in proptest::collection::vec(0u8..8, 1..=4),
        heaps in proptest::collection::vec(1u64..8, 1..=2),
    ) {
        let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
        let Ok(game) = code.parse::<OctalGame>() else {
            return Ok(()); // a code the parser refuses (e.g. all zeros)
        };
        check(&game, &Heaps::from(heaps))?;
    }
}

/// A nim-heap's genus (*On Numbers and Games*, ch. 12): `0^120`, `1^031`, and for n ≥ 2
/// `n^(n, n ⊕ 2)` — beside a heap of 2 or more, misère Nim is played as normal Nim.
#[test]
fn nim_heaps_have_the_genera_conway_gives() {
    let mut solver = Solver::new(Nim);
    assert_eq!(solver.misere().genus([0]).unwrap().to_string(), "0^120");
    assert_eq!(solver.misere().genus([1]).unwrap().to_string(), "1^031");
    for n in 2..12u64 {
        let genus = solver.misere().genus([n]).unwrap();
        assert_eq!(genus.normal(), Nimber(u128::from(n)));
        for k in 0..20 {
            let expected = if k % 2 == 0 { n } else { n ^ 2 };
            assert_eq!(
                genus.exponent(k),
                Nimber(u128::from(expected)),
                "*{n}, k = {k}"
            );
        }
    }
    assert_eq!(solver.misere().genus([2]).unwrap().to_string(), "2^20");
    assert_eq!(
        solver.misere().genus([12]).unwrap().to_string(),
        "12^(12,14)"
    );
}

/// The single-heap genera of misère 0.312, heaps 1 to 6, as Plambeck lists them
/// (plambeck.org, "misère octal games: quaternary games: 0.312", solved 4 February 2003):
/// `1^03131  2^20  0^02  2^1420  0^02  1^13`.
#[test]
fn misere_0_312_has_the_published_genera() {
    let mut solver = Solver::new("0.312".parse::<OctalGame>().unwrap());
    let published = ["1^03131", "2^20", "0^02", "2^1420", "0^02", "1^13"];
    for (heap, written) in (1u64..).zip(published) {
        let genus = solver.misere().genus(Heaps::from([heap])).unwrap();
        let (normal, exponents) = written.split_once('^').unwrap();
        assert_eq!(genus.normal().0.to_string(), normal, "heap {heap}");
        for (k, digit) in (0u128..).zip(exponents.chars()) {
            let expected = u128::from(digit.to_digit(10).unwrap());
            assert_eq!(
                genus.exponent(k),
                Nimber(expected),
                "heap {heap}, exponent {k}"
            );
        }
        // Past the published digits the last two alternate.
        let n = exponents.len() as u128;
        for k in n..n + 6 {
            assert_eq!(genus.exponent(k), genus.exponent(k - 2), "heap {heap}");
        }
    }
}

/// A loopy game is a cycle, a limit an error, and the solver goes on after either.
#[test]
fn bad_positions_are_errors() {
    #[derive(Debug)]
    struct Loop;
    impl ImpartialGame for Loop {
        type Position = u8;
        fn moves(&self, &position: &u8) -> impl Iterator<Item = u8> {
            [(position + 1) % 3].into_iter()
        }
    }
    let mut solver = Solver::new(Loop);
    assert!(matches!(
        solver.misere().genus(0),
        Err(SolveError::Cycle { .. })
    ));
    assert!(matches!(
        solver.misere().grundy(0),
        Err(SolveError::Cycle { .. })
    ));
    let mut limited = Solver::new(Nim).with_state_limit(50);
    assert_eq!(
        limited.misere().genus([7, 7, 7]),
        Err(SolveError::StateLimit { limit: 50 })
    );
    assert_eq!(
        limited.misere().genus([1]).map(|g| g.to_string()),
        Ok("1^031".into())
    );
    assert!(limited.stats().states <= 3 * 50);
    limited.clear();
    assert_eq!(limited.stats().states, 0);
}

/// Positions whose exponents turn periodic late (found by searching the octal games of four
/// digits, heaps below 12): the proof of the period must look past the first few twos.
#[test]
fn late_periods_agree_with_the_definition() {
    for (code, heap, written) in [
        ("0.734", 9, "1^31431"),
        ("0.734", 11, "3^131431"),
        ("0.4", 11, "3^1431"),
    ] {
        let game: OctalGame = code.parse().unwrap();
        let position = Heaps::from([heap]);
        let genus = Solver::new(game.clone())
            .misere()
            .genus(position.clone())
            .unwrap();
        assert_eq!(genus.to_string(), written, "{code} heap {heap}");
        let mut memo = HashMap::new();
        for k in 0..14 {
            let expected = misere_beside(&game, &position, k, 0, &mut memo);
            assert_eq!(genus.exponent(u128::from(k)), Nimber(u128::from(expected)));
        }
    }
}

/// Tame games (*Winning Ways*, ch. 13; Plambeck and Siegel, *Misère quotients for impartial
/// games*, 2008): every Nim position; every position of 0.31 and 0.52, whose quotient is
/// misère Nim's; and not 0.312 beyond heap 3 (heap 4's genus is 2^1420, Plambeck).
#[test]
fn tame_games_are_tame_and_wild_ones_are_not() {
    let mut nim = Solver::new(Nim);
    for a in 0..7u64 {
        for b in 0..7u64 {
            assert!(nim.misere().is_tame([a, b, 3]).unwrap(), "nim {a} {b} 3");
        }
    }
    for code in ["0.31", "0.52"] {
        let mut solver = Solver::new(code.parse::<OctalGame>().unwrap());
        for a in 1..16u64 {
            assert!(
                solver.misere().is_tame(Heaps::from([a])).unwrap(),
                "{code} heap {a}"
            );
            assert!(
                solver.misere().is_tame(Heaps::from([a, 3])).unwrap(),
                "{code} heaps {a} 3"
            );
        }
    }
    let mut wild = Solver::new("0.312".parse::<OctalGame>().unwrap());
    assert!(wild.misere().is_tame(Heaps::from([3])).unwrap());
    assert!(!wild.misere().is_tame(Heaps::from([4])).unwrap());
    assert!(!wild.misere().is_tame(Heaps::from([9])).unwrap());
}

/// The nim-heaps a tame genus stands for in misère play: `*0`, `*1`, `*a` (a ≥ 2), and for
/// `0^02` and `1^13` the pairs `*2 + *2` and `*2 + *3`.
fn nim_heaps_of(genus: &impartial::Genus) -> Vec<u64> {
    let a = genus.normal().0 as u64;
    match genus.to_string().as_str() {
        "0^120" => vec![],
        "1^031" => vec![1],
        "0^02" => vec![2, 2],
        "1^13" => vec![2, 3],
        _ => vec![a],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A sum of tame heaps of 0.31 or 0.52 has the misère outcome of misère Nim on the
    /// nim-heaps their genera stand for.
    #[test]
    fn tame_sums_are_played_as_misere_nim(
        code in prop::sample::select(vec!["0.31", "0.52"]),
        heaps in proptest::collection::vec(1u64..14, 1..=3),
    ) {
        let mut solver = Solver::new(code.parse::<OctalGame>().unwrap());
        let mut nim_heaps = Vec::new();
        for &heap in &heaps {
            let genus = solver.misere().genus(Heaps::from([heap])).unwrap();
            prop_assert!(genus.is_tame());
            nim_heaps.extend(nim_heaps_of(&genus));
        }
        let expected = impartial::nim::misere::outcome(&nim_heaps);
        prop_assert_eq!(solver.misere().outcome(Heaps::from(heaps)).unwrap(), expected);
    }
}
