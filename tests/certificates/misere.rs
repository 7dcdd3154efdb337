//! Certificates of misère play: every one written here checked and its claim held to a
//! reference written from the definition; forged ones, and claims of one play in a
//! certificate of the other, refused.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use impartial::certificate::{Certificate, CertificateError, Claim, Entry};
use impartial::cram::{Cram, CramPosition};
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::{ImpartialGame, Outcome, Play, Solver, StoredPosition};
use proptest::prelude::*;

use super::common::{check_own, cram_position};
use super::{
    assert_claims_each_need_their_positions, checked_from_bytes, node_kayles, refused_at_limit,
    resealed, sprouts_position,
};

/// Misère play from its definition: a position is P when it has an option and every
/// option is N.
fn reference<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    known: &mut HashMap<G::Position, Outcome>,
) -> Outcome
where
    G::Position: Hash + Eq + Clone,
{
    if let Some(&outcome) = known.get(position) {
        return outcome;
    }
    let options: Vec<_> = game.moves(position).collect();
    let is_p = !options.is_empty()
        && options
            .iter()
            .all(|option| reference(game, option, known) == Outcome::N);
    let outcome = if is_p { Outcome::P } else { Outcome::N };
    known.insert(position.clone(), outcome);
    outcome
}

/// Proves `position`'s misère outcome, reads the certificate back from its bytes, checks it
/// on one thread and two, holds its claim to the reference, and leaves each position out in
/// turn (each is needed). Returns the certificate.
fn prove_and_check<G>(game: &G, position: &G::Position) -> Certificate<G::Position>
where
    G: ImpartialGame + Debug + Clone + Sync,
    G::Position: StoredPosition + Sync,
{
    let expected = reference(game, position, &mut HashMap::new());
    let claim = Claim::MisereOutcome(expected);
    let certificate = Solver::new(game.clone())
        .misere()
        .prove_outcome(position)
        .unwrap();
    assert_eq!(certificate.claim(), claim, "{position:?}");
    let read = Certificate::from_bytes(game, &certificate.to_bytes()).unwrap();
    assert_eq!(read, certificate);
    assert_eq!(
        read.check(game, position, Play::Misere).unwrap(),
        claim,
        "{position:?}"
    );
    assert_eq!(
        read.check_with_threads(game, position, Play::Misere, 2)
            .unwrap(),
        claim
    );
    assert_claims_each_need_their_positions(game, &read);
    read
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn misere_cram_certificates_check((game, free) in cram_position(14)) {
        prove_and_check(&game, &free);
    }

    #[test]
    fn misere_node_kayles_certificates_check(
        vertices in 1usize..=9,
        edges in proptest::collection::vec((0usize..9, 0usize..9), 0..16),
    ) {
        let game = node_kayles(vertices, edges);
        prove_and_check(&game, &game.start());
    }

    #[test]
    fn misere_sprouts_certificates_check(
        spots in 0usize..=4,
        play in proptest::collection::vec(any::<usize>(), 0..4),
    ) {
        prove_and_check(&Sprouts, &sprouts_position(spots, &play));
    }
}

#[test]
fn misere_sprouts_starts_check() {
    // OEIS A164950 (Lemoine and Viennot): 1 when the first player wins misère Sprouts of
    // n = 1, 2, … spots. No spot at all: the player to move has won.
    const A164950: [u8; 7] = [1, 0, 0, 0, 1, 1, 0];
    let none = prove_and_check(&Sprouts, &SproutsPosition::start(0).unwrap());
    assert_eq!(none.claim(), Claim::MisereOutcome(Outcome::N));
    for (spots, first_wins) in (1..=7).zip(A164950) {
        let start = SproutsPosition::start(spots).unwrap();
        let certificate = Solver::new(Sprouts).misere().prove_outcome(&start).unwrap();
        let expected = if first_wins == 1 {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(
            checked_from_bytes(&Sprouts, &certificate),
            Claim::MisereOutcome(expected),
            "{spots} spots"
        );
    }
}

/// A certificate of misère Cram, 4 × 3, and its ruleset.
fn cram_certificate() -> (Cram, Certificate<CramPosition>) {
    let game = Cram::new(4, 3).unwrap();
    let certificate = prove_and_check(&game, &game.start());
    (game, certificate)
}

#[test]
fn a_flipped_bit_or_another_ruleset_is_refused() {
    let (game, certificate) = cram_certificate();
    let bytes = certificate.to_bytes();
    for at in 0..bytes.len() {
        let mut flipped = bytes.clone();
        flipped[at] ^= 1 << (at % 8);
        let error = Certificate::from_bytes(&game, &flipped).unwrap_err();
        assert!(
            matches!(error, CertificateError::Damaged { .. }),
            "byte {at}: {error}"
        );
    }
    let other = Cram::new(3, 4).unwrap();
    assert!(matches!(
        Certificate::from_bytes(&other, &bytes),
        Err(CertificateError::OtherRuleset { .. })
    ));
    // Read as version 3, the version of normal play, its misère claim is refused.
    let mut version = bytes.clone();
    version[16] = 3;
    let error = Certificate::from_bytes(&game, &resealed(version)).unwrap_err();
    assert!(error.to_string().contains("claim of kind"), "{error}");
}

#[test]
fn forged_misere_claims_are_refused() {
    let (game, certificate) = cram_certificate();
    let Claim::MisereOutcome(outcome) = certificate.claim() else {
        panic!("a misère claim")
    };
    let flipped = match outcome {
        Outcome::P => Outcome::N,
        Outcome::N => Outcome::P,
    };
    let mut forged = Certificate::new(&game, game.start(), Claim::MisereOutcome(flipped));
    for (position, entry) in certificate.entries() {
        forged.push(*position, entry.clone());
    }
    let error = check_own(&forged, &game).unwrap_err();
    assert!(error.to_string().contains("its entry says"), "{error}");
    // Each entry changed in turn, each change a false claim: P made N by its first option
    // (an N-position), N made P (its winning option is P), a winning option that is none,
    // or no winning option at all where there are options.
    let mut refused = 0;
    for target in 0..certificate.positions() {
        let changes: [fn(&Entry) -> Option<Entry>; 3] = [
            |entry| match entry {
                Entry::MisereP => Some(Entry::MisereN(Some(0))),
                Entry::MisereN(_) => Some(Entry::MisereP),
                _ => None,
            },
            |entry| match entry {
                Entry::MisereN(Some(_)) => Some(Entry::MisereN(Some(10_000))),
                _ => None,
            },
            |entry| match entry {
                Entry::MisereN(Some(_)) => Some(Entry::MisereN(None)),
                _ => None,
            },
        ];
        for change in changes {
            let mut forged = Certificate::new(&game, game.start(), certificate.claim());
            let mut altered = false;
            for (index, (position, entry)) in certificate.entries().enumerate() {
                let entry = match change(entry) {
                    Some(forgery) if index == target => {
                        altered = true;
                        forgery
                    }
                    _ => entry.clone(),
                };
                forged.push(*position, entry);
            }
            if altered {
                let forged = Certificate::from_bytes(&game, &forged.to_bytes()).unwrap();
                let error = check_own(&forged, &game).unwrap_err();
                assert!(
                    matches!(error, CertificateError::ClaimFails { .. }),
                    "{error}"
                );
                refused += 1;
            }
        }
    }
    assert!(refused >= certificate.positions(), "{refused}");
    // A position without moves claimed P, alone: the player to move has won.
    let over = SproutsPosition::start(0).unwrap();
    let mut forged = Certificate::new(&Sprouts, over.clone(), Claim::MisereOutcome(Outcome::P));
    forged.push(over, Entry::MisereP);
    let error = check_own(&forged, &Sprouts).unwrap_err();
    assert!(
        error.to_string().ends_with("has won misère play"),
        "{error}"
    );
}

#[test]
fn claims_of_one_play_in_a_certificate_of_the_other_are_refused() {
    let (game, misere) = cram_certificate();
    let normal = Solver::new(game).prove_outcome(game.start()).unwrap();
    let (position, entry) = normal.entries().next().unwrap();
    let mut mixed = misere.clone();
    mixed.push(*position, entry.clone());
    let error = check_own(&mixed, &game).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("a claim of normal play in a certificate of misère play"),
        "{error}"
    );
    let (position, entry) = misere.entries().next().unwrap();
    let mut mixed = normal.clone();
    mixed.push(*position, entry.clone());
    let error = check_own(&mixed, &game).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("a claim of misère play in a certificate of normal play"),
        "{error}"
    );
    // Through the bytes, the entry's kind is refused as it is read.
    let error = Certificate::from_bytes(&game, &mixed.to_bytes()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("in a certificate of normal play"),
        "{error}"
    );
}

/// The solver's memory limit bounds the misère proof, held beside the search's tables: a
/// proof that would pass it stops with `MemoryLimit`, one within it is written whole.
#[test]
fn the_memory_limit_bounds_the_misere_proof() {
    let game = Cram::new(4, 5).unwrap();
    let certificate = Solver::new(game)
        .misere()
        .prove_outcome(game.start())
        .unwrap();
    // The least limit, in steps of an eighth, that the search fits in (its table grows in
    // steps of its own): enough for the search's tables, not for the proof beside them.
    let mut limit = 1 << 10;
    let mut tight = loop {
        let mut solver = Solver::new(game).with_memory_limit(limit);
        match solver.misere().outcome(game.start()) {
            Ok(outcome) => {
                assert_eq!(Claim::MisereOutcome(outcome), certificate.claim());
                break solver;
            }
            Err(impartial::SolveError::MemoryLimit { .. }) => limit += limit / 8,
            Err(other) => panic!("{other}"),
        }
    };
    let proof = tight.misere().prove_outcome(game.start());
    refused_at_limit(proof, limit, certificate.positions());
    let roomy = Solver::new(game)
        .with_memory_limit(64 << 20)
        .misere()
        .prove_outcome(game.start())
        .unwrap();
    assert_eq!(roomy.to_bytes(), certificate.to_bytes());
}
