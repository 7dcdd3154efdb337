//! Canonical forms of codes: the game a code reduces to, checked against the definition
//! (nim-values of both by the plain reference, heap for heap, one `offset` smaller) and
//! against search (the misère outcome of every small position of two heaps — the reduction
//! claims the same game, not only the same values); the literature's equivalences.

use impartial::take_and_break::TakeAndBreak;
use impartial::{HeapGame, Heaps, Solver};
use proptest::prelude::*;

use super::codes::{plain_rules, plain_rules_of_code, written_codes};
use super::reference::rules_values;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_code_is_its_canonical_form_offset_counters_larger(
        (text, digits, modifiers) in written_codes()
    ) {
        let game: TakeAndBreak = text.parse().unwrap();
        let canonical = game.canonical().unwrap();
        let code = canonical.game().code().unwrap();
        let n = 120;
        let values = rules_values(&plain_rules(&digits, &modifiers), n);
        let reduced = rules_values(&plain_rules_of_code(&code), n);
        for (heap, &value) in values.iter().enumerate() {
            prop_assert_eq!(value, reduced[canonical.heap(heap as u64) as usize],
                "{} heap {} as {} offset {}", text, heap, code, canonical.offset());
        }
        // Canonical: a heap of one counter moves there (unless a three-heap digit beside
        // unequal splits stopped the reduction), trailing zeros are gone, and reducing again
        // changes nothing.
        let rules = game.rules();
        let reducible = rules.has_periodicity_theorem()
            || (rules.splits_unequal() && rules.taken_leaving_three().is_empty());
        let moves = canonical.game().rules().taken_whole().contains(&1);
        prop_assert!(moves || !reducible, "{} as {}", text, code);
        if !reducible {
            prop_assert_eq!(canonical.offset(), 0);
            prop_assert_eq!(canonical.game(), &game);
        }
        // No trailing zero after the point, but the lone `0` of a code that only splits
        // without taking (`4=.0`).
        let fraction = code.split_once('.').map_or("", |(_, fraction)| fraction);
        let last_digit = fraction.trim_end_matches(['!', '?', '=']);
        prop_assert!(fraction == "0" || !last_digit.ends_with('0'), "{}", code);
        let again = canonical.game().canonical().unwrap();
        prop_assert_eq!(again.offset(), 0);
        prop_assert_eq!(again.game(), canonical.game());
    }

    #[test]
    fn a_code_and_its_canonical_form_play_alike_in_misere_play(
        (text, _, _) in written_codes()
    ) {
        let game: TakeAndBreak = text.parse().unwrap();
        let canonical = game.canonical().unwrap();
        let mut original = Solver::new(game);
        let mut reduced = Solver::new(canonical.game().clone());
        for a in 0..=11u64 {
            for b in a..=11 {
                let shifted: Vec<u64> = [a, b]
                    .into_iter()
                    .map(|heap| canonical.heap(heap))
                    .filter(|&heap| heap > 0)
                    .collect();
                prop_assert_eq!(
                    original.misere().outcome(Heaps::from([a, b])).unwrap(),
                    reduced.misere().outcome(Heaps::from(shifted)).unwrap(),
                    "{} heaps {} {}", text, a, b
                );
            }
        }
    }
}

/// Sprague–Grundy values of Dawson's chess, octal game .137: OEIS A002187, its first 40
/// terms.
const A002187: [u32; 40] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3,
];

#[test]
fn the_cousins_of_dawsons_chess_named_by_oeis_a002187() {
    // A002187's comments: .07 (Dawson's Kayles) has values a(n − 1); .4, .401, .402, .403,
    // .42, .421, .422 and .423 have values a(n − 2).
    let chess: TakeAndBreak = "0.137".parse().unwrap();
    assert_eq!(chess.values_up_to(39).unwrap().computed_values(), A002187);
    for (code, offset) in [
        ("0.07", 1),
        ("0.4", 2),
        ("0.401", 2),
        ("0.402", 2),
        ("0.403", 2),
        ("0.42", 2),
        ("0.421", 2),
        ("0.422", 2),
        ("0.423", 2),
    ] {
        let canonical = code.parse::<TakeAndBreak>().unwrap().canonical().unwrap();
        assert_eq!(canonical.game(), &chess, "{code}");
        assert_eq!(canonical.offset(), offset, "{code}");
    }
}

#[test]
fn more_cousins_named_by_oeis() {
    // A071452 (.11377): ".0177 has values a(n-1); .045 and .047 have values a(n-2)".
    // A071434 (.1377): ".074-.077 have values a(n-1); .440-.443 and .460-.463 a(n-2)".
    // A071509 (.1777): ".4RZj, R = 5, 7, Z = 4 to 7, j = 0 to 3 have values a(n-1)".
    let mut cousins = vec![
        ("0.11377", vec!["0.0177"], 1),
        ("0.11377", vec!["0.045", "0.047"], 2),
        ("0.1377", vec!["0.074", "0.075", "0.076", "0.077"], 1),
    ];
    let mut two_larger = Vec::new();
    for first in ["0.44", "0.46"] {
        for last in 0..4 {
            two_larger.push(format!("{first}{last}"));
        }
    }
    let mut one_larger = Vec::new();
    for r in [5, 7] {
        for z in 4..8 {
            for j in 0..4 {
                one_larger.push(format!("0.4{r}{z}{j}"));
            }
        }
    }
    cousins.push(("0.1377", two_larger.iter().map(String::as_str).collect(), 2));
    cousins.push(("0.1777", one_larger.iter().map(String::as_str).collect(), 1));
    let mut checked = 0;
    for (canonical_code, codes, offset) in cousins {
        for code in codes {
            let canonical = code.parse::<TakeAndBreak>().unwrap().canonical().unwrap();
            assert_eq!(
                (canonical.game().code().as_deref(), canonical.offset()),
                (Some(canonical_code), offset),
                "{code}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 2 + 4 + 8 + 32);
}

#[test]
fn known_games_and_the_edges_of_the_reduction() {
    for (code, canonical_code, offset) in [
        // Kayles and Nim's cousins move from a heap of one already.
        ("0.77", "0.77", 0),
        ("0.3333", "0.3333", 0),
        // Trailing zeros.
        ("0.7700", "0.77", 0),
        // Grundy's game: heaps of one and two cannot be split unequally.
        ("4!.0", "0.36!", 2),
        ("4?.000", "0.36!", 2),
        // Splitting without taking: a heap of one is stuck, a heap of two splits into two
        // ones, which vanish — taking a heap of one whole.
        ("4.0", "0.7", 1),
        // A three-heap digit beside unequal splits cannot be shifted: left as it is.
        ("0.4!8", "0.4!8", 0),
        // Only heaps of exactly five may be taken: four counters stuck below it.
        ("0.00001", "0.1", 4),
        // A three-heap split of a heap of four: three stuck sizes.
        ("0.8", "0.113377F", 3),
    ] {
        let canonical = code.parse::<TakeAndBreak>().unwrap().canonical().unwrap();
        assert_eq!(
            (canonical.game().code().as_deref(), canonical.offset()),
            (Some(canonical_code), offset),
            "{code}"
        );
    }
}
