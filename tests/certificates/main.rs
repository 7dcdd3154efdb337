//! Certificates: every one a search here writes is read back from its bytes and checked, on
//! one thread and two, and its claim held to the plain search (which reads nothing but
//! `moves`); and certificates damaged or forged in every way the format allows are refused.

#![cfg(feature = "frontier")]

use impartial::certificate::{Certificate, CertificateError, Claim, Entry, Witness, ruleset_of};
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::poset::PosetGame;
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::{Decompose, ImpartialGame, Nimber, Outcome, Play, Solver, StoredPosition};
use proptest::prelude::*;

#[path = "../common/mod.rs"]
mod common;
use common::{check_own, check_own_threads, cram_position};
use std::fmt::Debug;

mod misere;
mod question;

/// Proves `position`'s outcome and value, reads both back from bytes and checks them, and
/// holds both claims to `expected`, the value the plain search gives.
fn prove_and_check<G>(game: &G, position: &G::Position, expected: Nimber)
where
    G: ImpartialGame + Debug + Clone + Sync,
    G::Position: StoredPosition + Sync,
{
    let outcome = if expected == Nimber::ZERO {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut solver = Solver::new(game.clone());
    let proofs = [
        (
            solver.prove_outcome(position).unwrap(),
            Claim::Outcome(outcome),
        ),
        (
            solver.prove_grundy(position).unwrap(),
            Claim::Grundy(expected),
        ),
    ];
    for (certificate, claim) in proofs {
        assert_eq!(certificate.claim(), claim, "{position:?}");
        let read = Certificate::from_bytes(game, &certificate.to_bytes()).unwrap();
        assert_eq!(read, certificate);
        assert_eq!(
            read.check(game, position, Play::Normal).unwrap(),
            claim,
            "{position:?}"
        );
        assert_eq!(
            read.check_with_threads(game, position, Play::Normal, 2)
                .unwrap(),
            claim
        );
        assert_claims_each_need_their_positions(game, &read);
    }
}

/// Every position of `certificate` is needed: with any one left out, the check fails.
fn assert_claims_each_need_their_positions<G>(game: &G, certificate: &Certificate<G::Position>)
where
    G: ImpartialGame + Debug,
    G::Position: StoredPosition + Clone,
{
    for left_out in 0..certificate.positions() {
        let mut short = Certificate::new(game, certificate.root().clone(), certificate.claim());
        for (index, (position, entry)) in certificate.entries().enumerate() {
            if index != left_out {
                short.push(position.clone(), entry.clone());
            }
        }
        assert!(
            check_own(&short, game).is_err(),
            "position {left_out} of {} is not needed",
            certificate.positions()
        );
    }
}

fn plain<G: ImpartialGame>(game: G, position: &G::Position) -> Nimber {
    Solver::new(impartial::Whole(game))
        .without_closed_form()
        .grundy(position)
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn cram_certificates_check((game, free) in cram_position(16)) {
        prove_and_check(&game, &free, plain(game, &free));
    }

    #[test]
    fn node_kayles_certificates_check(
        vertices in 1usize..=10,
        edges in proptest::collection::vec((0usize..10, 0usize..10), 0..20),
    ) {
        let game = node_kayles(vertices, edges);
        prove_and_check(&game, &game.start(), plain(game.clone(), &game.start()));
    }

    #[test]
    fn poset_certificates_check(
        elements in 1usize..=7,
        relation in proptest::collection::vec((0usize..7, 0usize..7), 0..10),
    ) {
        // Pairs up the order only (a < b), so the relation has no cycle.
        let relation: Vec<_> = relation
            .into_iter()
            .filter(|&(a, b)| a < b && b < elements)
            .collect();
        let game = PosetGame::new(elements, &relation).unwrap();
        prove_and_check(&game, &game.start(), plain(game.clone(), &game.start()));
    }

    #[test]
    fn sprouts_certificates_check(spots in 0usize..=4, play in proptest::collection::vec(any::<usize>(), 0..4)) {
        let position = sprouts_position(spots, &play);
        prove_and_check(&Sprouts, &position, plain(Sprouts, &position));
    }
}

/// Node Kayles on `vertices` vertices and those of `edges` that join two of them.
fn node_kayles(vertices: usize, edges: Vec<(usize, usize)>) -> NodeKayles {
    let edges: Vec<_> = edges
        .into_iter()
        .filter(|&(a, b)| a < vertices && b < vertices && a != b)
        .collect();
    NodeKayles::new(vertices, &edges).unwrap()
}

/// A position a few random moves (`play`, each taken modulo the options) from the start of
/// `spots` spots.
fn sprouts_position(spots: usize, play: &[usize]) -> SproutsPosition {
    let mut position = SproutsPosition::start(spots).unwrap();
    for pick in play {
        let options: Vec<_> = Sprouts.moves(&position).collect();
        if options.is_empty() {
            break;
        }
        position = options[pick % options.len()].clone();
    }
    position
}

#[test]
fn chomp_certificates_check() {
    for (rows, columns) in [(1, 1), (1, 5), (2, 3), (3, 3), (3, 4), (4, 4), (2, 7)] {
        let game = Chomp::new(rows, columns).unwrap();
        prove_and_check(&game, &game.start(), plain(game.clone(), &game.start()));
    }
}

#[test]
fn sprouts_starts_check() {
    // Applegate, Jacobson and Sleator (1991): 0 to 6 spots are P, P, P, N, N, N, P.
    for (spots, outcome) in (0..=6).zip("PPPNNNP".chars()) {
        let start = SproutsPosition::start(spots).unwrap();
        let certificate = Solver::new(Sprouts).prove_outcome(&start).unwrap();
        let expected = if outcome == 'P' {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(
            checked_from_bytes(&Sprouts, &certificate),
            Claim::Outcome(expected),
            "{spots} spots"
        );
    }
}

/// The claim `certificate` makes, once written as bytes, read back and checked.
fn checked_from_bytes<G>(game: &G, certificate: &Certificate<G::Position>) -> Claim
where
    G: ImpartialGame + Debug,
    G::Position: StoredPosition + Clone + Eq + std::hash::Hash + Debug,
{
    let read = Certificate::from_bytes(game, &certificate.to_bytes()).unwrap();
    check_own(&read, game).unwrap()
}

/// Asserts that a proof was stopped by the memory limit `limit`, which the error reports; a
/// certificate of `positions` positions was proved with room to spare.
fn refused_at_limit<T, P: Debug>(
    proof: Result<T, impartial::SolveError<P>>,
    limit: usize,
    positions: usize,
) {
    match proof {
        Err(impartial::SolveError::MemoryLimit { limit: reported }) => {
            assert_eq!(reported, limit);
        }
        Ok(_) => panic!("{positions} positions fit in {limit} bytes"),
        Err(other) => panic!("{other}"),
    }
}

/// A position is read as the prover wrote it, and the codes moves give lands do not depend
/// on what was met before: a checker on fresh threads, whose memory of lands is empty, finds
/// every option under the code the prover wrote. (Ten spots write a land whose code, read as
/// a drawing and tidied, is written otherwise: a reader that wrote it again refused it.)
#[test]
fn sprouts_ten_spots_check_on_fresh_threads() {
    let start = SproutsPosition::start(10).unwrap();
    let certificate = Solver::new(Sprouts).prove_outcome(&start).unwrap();
    let read = Certificate::from_bytes(&Sprouts, &certificate.to_bytes()).unwrap();
    assert_eq!(
        check_own_threads(&read, &Sprouts, 2).unwrap(),
        Claim::Outcome(Outcome::N)
    );
    let on_a_fresh_thread =
        std::thread::spawn(move || check_own(&read, &Sprouts).map_err(|error| error.to_string()));
    assert_eq!(
        on_a_fresh_thread.join().unwrap(),
        Ok(Claim::Outcome(Outcome::N))
    );
}

/// A user's game of the plain search: take 1, 2 or 5 from a heap, positions `u32`; values
/// climb past one byte's worth of heaps.
#[derive(Clone, Debug)]
struct TakeOneTwoFive;

impl ImpartialGame for TakeOneTwoFive {
    type Position = u32;
    fn moves(&self, &heap: &u32) -> impl Iterator<Item = u32> {
        [1, 2, 5]
            .into_iter()
            .filter_map(move |take| heap.checked_sub(take))
    }
}

/// A user's game whose positions are pairs: a heap and the most the next move may take
/// (Fibonacci Nim's rule), a value that grows with the heap.
#[derive(Clone, Debug)]
struct TakeAtMostTwice;

impl ImpartialGame for TakeAtMostTwice {
    type Position = (u32, u32);
    fn moves(&self, &(heap, most): &(u32, u32)) -> impl Iterator<Item = (u32, u32)> {
        (1..=most.min(heap)).map(move |take| (heap - take, 2 * take))
    }
}

#[test]
fn user_games_of_the_plain_search_check() {
    for heap in [0, 1, 2, 7, 255, 256, 300] {
        prove_and_check(&TakeOneTwoFive, &heap, plain(TakeOneTwoFive, &heap));
    }
    for position in [(0, 0), (5, 4), (20, 19), (34, 33), (40, 5)] {
        prove_and_check(
            &TakeAtMostTwice,
            &position,
            plain(TakeAtMostTwice, &position),
        );
    }
}

/// CRC-32 (IEEE), bit by bit: the format's checksum, written again here so that a forged
/// certificate can be sealed as a genuine one.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `bytes` with their length (bytes 20 to 27) and their last four, the checksum, made right
/// again, as a forger would.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let length = bytes.len() as u64;
    bytes[20..28].copy_from_slice(&length.to_le_bytes());
    let body = bytes.len() - 4;
    let crc = crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

fn sprouts_certificate() -> Certificate<SproutsPosition> {
    let start = SproutsPosition::start(4).unwrap();
    Solver::new(Sprouts).prove_grundy(&start).unwrap()
}

#[test]
fn a_flipped_bit_anywhere_or_a_cut_is_refused() {
    let bytes = sprouts_certificate().to_bytes();
    assert_eq!(
        crc32(&bytes[..bytes.len() - 4]).to_le_bytes(),
        bytes[bytes.len() - 4..]
    );
    for at in 0..bytes.len() {
        for bit in [0, 3, 7] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            let error = Certificate::from_bytes(&Sprouts, &flipped).unwrap_err();
            assert!(
                matches!(error, CertificateError::Damaged { .. }),
                "byte {at}: {error}"
            );
        }
    }
    for length in 0..bytes.len() {
        assert!(Certificate::from_bytes(&Sprouts, &bytes[..length]).is_err());
    }
    let mut longer = bytes.clone();
    longer.insert(bytes.len() - 4, 0);
    assert!(Certificate::from_bytes(&Sprouts, &resealed(longer)).is_err());
}

#[test]
fn another_version_magic_or_ruleset_is_refused() {
    let game = Cram::new(4, 3).unwrap();
    let bytes = Solver::new(game)
        .prove_grundy(game.start())
        .unwrap()
        .to_bytes();
    // Versions 1 and 2 (before certificates had a length) and 5 are refused by name.
    for old in [1, 2, 5] {
        let mut version = bytes.clone();
        version[16] = old;
        let error = Certificate::from_bytes(&game, &resealed(version)).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "damaged certificate: it is version {old}; this checker reads versions 3 and 4"
            )
        );
    }
    // Version 4 is misère play's: a claim of normal play in it is refused.
    let mut version = bytes.clone();
    version[16] = 4;
    let error = Certificate::from_bytes(&game, &resealed(version)).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("the claim \"value *1\" in a version 4 certificate"),
        "{error}"
    );
    // A length that is not the certificate's, sealed as genuine: refused.
    let mut length = bytes.clone();
    length[20] ^= 1;
    let body = length.len() - 4;
    let crc = crc32(&length[..body]);
    length[body..].copy_from_slice(&crc.to_le_bytes());
    let error = Certificate::from_bytes(&game, &length).unwrap_err();
    assert!(error.to_string().contains("says it is"), "{error}");
    let mut magic = bytes.clone();
    magic[0] = b'I';
    assert!(matches!(
        Certificate::from_bytes(&game, &resealed(magic)),
        Err(CertificateError::Damaged { .. })
    ));
    let other = Cram::new(3, 4).unwrap();
    let error = Certificate::from_bytes(&other, &bytes).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the certificate is about Cram { width: 4, height: 3, .. }, not Cram { width: 3, height: 4, .. }"
    );
    assert_eq!(
        ruleset_of(&bytes).unwrap(),
        "Cram { width: 4, height: 3, .. }"
    );
    let read = Certificate::from_bytes(&game, &bytes).unwrap();
    assert!(matches!(
        check_own(&read, &other),
        Err(CertificateError::OtherRuleset { .. })
    ));
}

/// `certificate` with its root's claim and its entries changed by `change` (given each
/// entry's index), sealed as a genuine one.
fn forged<P: StoredPosition + Clone, G: ImpartialGame<Position = P> + Debug>(
    game: &G,
    certificate: &Certificate<P>,
    claim: Claim,
    mut change: impl FnMut(usize, &mut Entry),
) -> Certificate<P> {
    let mut forged = Certificate::new(game, certificate.root().clone(), claim);
    for (index, (position, entry)) in certificate.entries().enumerate() {
        let mut entry = entry.clone();
        change(index, &mut entry);
        forged.push(position.clone(), entry);
    }
    // Through the bytes, as a forger would hand it over.
    Certificate::from_bytes(game, &forged.to_bytes()).unwrap()
}

#[test]
fn forged_claims_are_refused_naming_the_position() {
    let certificate = sprouts_certificate();
    let Claim::Grundy(value) = certificate.claim() else {
        panic!("a value asked")
    };
    for claim in [
        Claim::Grundy(Nimber(value.0 + 1)),
        Claim::Grundy(Nimber(u128::MAX)),
        Claim::Outcome(if value == Nimber::ZERO {
            Outcome::N
        } else {
            Outcome::P
        }),
    ] {
        let error =
            check_own(&forged(&Sprouts, &certificate, claim, |_, _| ()), &Sprouts).unwrap_err();
        let root = format!("{:?}", certificate.root());
        assert!(
            matches!(&error, CertificateError::ClaimFails { position, .. } if *position == root),
            "{error}"
        );
    }
    // Each entry's claim changed in turn: a value one more or one less, a value it is not
    // moved up, a witness that is no option.
    for target in 0..certificate.positions() {
        let changes: [fn(&mut Entry); 4] = [
            |entry| {
                if let Entry::Value { value, below } = entry {
                    *value += 1;
                    below.push(0);
                }
            },
            |entry| {
                if let Entry::Value { value, below } = entry {
                    if *value > 0 {
                        *value -= 1;
                        below.pop();
                    } else {
                        *value = 1;
                        below.push(0);
                    }
                }
            },
            |entry| {
                if let Entry::Not(values) = entry {
                    values[0].0 += 1;
                }
            },
            |entry| match entry {
                Entry::Not(values) => values[0].1 = Witness::Option(10_000),
                Entry::Value { below, .. } => below.iter_mut().for_each(|at| *at = 10_000),
                Entry::MisereP | Entry::MisereN(_) => unreachable!("a certificate of normal play"),
            },
        ];
        for change in changes {
            let mut altered = false;
            let forged = forged(
                &Sprouts,
                &certificate,
                certificate.claim(),
                |index, entry| {
                    if index == target {
                        let before = entry.clone();
                        change(entry);
                        altered = *entry != before;
                    }
                },
            );
            if altered {
                let error = check_own(&forged, &Sprouts).unwrap_err();
                assert!(
                    matches!(error, CertificateError::ClaimFails { .. }),
                    "{error}"
                );
            }
        }
    }
}

#[test]
fn a_witness_above_no_bound_is_refused() {
    // A heap of 3 has two options (heaps of 2 and 1), so its value is at most 2: "not 2, as
    // 2 is above the bound" is refused, though the value (0) is not 2.
    let mut above = Certificate::new(&TakeOneTwoFive, 3, Claim::Outcome(Outcome::P));
    above.push(3, Entry::Not(vec![(2, Witness::AboveBound)]));
    let error = check_own(&above, &TakeOneTwoFive).unwrap_err();
    assert!(error.to_string().contains("not above its bound"), "{error}");
}

#[test]
fn positions_twice_or_not_canonical_are_refused() {
    let game = Cram::new(3, 3).unwrap();
    let certificate = Solver::new(game).prove_outcome(game.start()).unwrap();
    let (first, entry) = certificate.entries().next().unwrap();
    let mut twice = certificate.clone();
    twice.push(*first, entry.clone());
    let error = check_own(&twice, &game).unwrap_err();
    assert!(
        error.to_string().ends_with("it is written twice"),
        "{error}"
    );
    // A board not in its canonical form: a single domino's place in a corner it is not
    // drawn in.
    let drawn = (1..512)
        .map(|bits| game.position(bits).unwrap())
        .find(|position| {
            game.canonical(position)
                .is_some_and(|form| form != *position)
        })
        .unwrap();
    let mut turned = certificate.clone();
    turned.push(
        drawn,
        Entry::Value {
            value: 0,
            below: vec![],
        },
    );
    let error = check_own(&turned, &game).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("it is not its own canonical form"),
        "{error}"
    );
}

#[test]
fn bytes_that_are_no_position_are_refused() {
    let certificate = sprouts_certificate();
    let bytes = certificate.to_bytes();
    // The root, "0.0.0.0.}]", is written otherwise: its boundaries' order changed.
    let root = bytes
        .windows(10)
        .position(|window| window == b"0.0.0.0.}]")
        .unwrap();
    let mut other = bytes.clone();
    other[root + 9] = b'!';
    let error = Certificate::from_bytes(&Sprouts, &resealed(other)).unwrap_err();
    assert!(
        matches!(error, CertificateError::BadPosition { index: 0, .. }),
        "{error}"
    );
}

#[test]
fn a_count_past_the_bytes_is_refused_before_anything_is_reserved() {
    let game = Cram::new(2, 2).unwrap();
    let certificate = Certificate::new(&game, game.start(), Claim::Outcome(Outcome::N));
    let mut bytes = certificate.to_bytes();
    // The count of positions, 0, is the byte before the checksum: made 2^63.
    let count = bytes.len() - 5;
    bytes.splice(
        count..=count,
        [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
    );
    let error = Certificate::from_bytes(&game, &resealed(bytes)).unwrap_err();
    assert!(
        error.to_string().contains("a count past the bytes left"),
        "{error}"
    );
}

/// On several threads the failure reported is the first in the certificate's order, as on
/// one: two forged positions far apart, in blocks that different threads take.
#[test]
fn the_first_failure_is_reported_on_any_number_of_threads() {
    let game = Cram::new(6, 5).unwrap();
    let certificate = Solver::new(game).prove_grundy(game.start()).unwrap();
    assert!(
        certificate.positions() > 5_000,
        "{}",
        certificate.positions()
    );
    for (first, second) in [(300, 5_000), (4_000, 700)] {
        let forged = forged(&game, &certificate, certificate.claim(), |index, entry| {
            if index == first || index == second {
                *entry = Entry::Value {
                    value: 7,
                    below: vec![0; 7],
                };
            }
        });
        let one = check_own(&forged, &game).unwrap_err().to_string();
        let earlier = format!("{:?}", forged.entries().nth(first.min(second)).unwrap().0);
        assert!(one.contains(&earlier), "{one}");
        for threads in [2, 3, 8, usize::MAX] {
            assert_eq!(
                check_own_threads(&forged, &game, threads)
                    .unwrap_err()
                    .to_string(),
                one
            );
        }
    }
}

/// Saves to one path from several threads at once each leave a whole certificate there, and
/// nothing beside it; a save to a folder is refused and leaves the folder as it was.
#[test]
fn saves_at_once_to_one_path_each_leave_a_whole_certificate() {
    let game = Cram::new(4, 4).unwrap();
    let certificate = Solver::new(game).prove_grundy(game.start()).unwrap();
    let folder = std::env::temp_dir().join(format!("saves-at-once-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("cram.proof");
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..8 {
                    certificate.save(&path).unwrap();
                }
            });
        }
    });
    let read = Certificate::load(&game, &path).unwrap();
    assert_eq!(read.to_bytes(), certificate.to_bytes());
    let names: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["cram.proof"]);
    assert!(matches!(
        certificate.save(&folder),
        Err(CertificateError::Io { .. })
    ));
    assert!(folder.is_dir());
    std::fs::remove_dir_all(&folder).unwrap();
}

/// The solver's memory limit bounds the proof, held beside the search's tables, as it bounds
/// the search: a proof that would pass it stops with `MemoryLimit`, one within it is written.
#[test]
fn the_memory_limit_bounds_the_proof() {
    let game = Cram::new(4, 5).unwrap();
    let certificate = Solver::new(game).prove_grundy(game.start()).unwrap();
    // Enough for the search's tables, not for the proof's entries beside them.
    let search_bytes = {
        let mut solver = Solver::new(game);
        solver.grundy(game.start()).unwrap();
        solver.stats().bytes
    };
    let limit = search_bytes + 1024;
    let mut tight = Solver::new(game).with_memory_limit(limit);
    let value = tight.grundy(game.start()).unwrap();
    assert_eq!(Claim::Grundy(value), certificate.claim(), "the search fits");
    let tight = tight.prove_grundy(game.start());
    refused_at_limit(tight, limit, certificate.positions());
    let roomy = Solver::new(game)
        .with_memory_limit(64 << 20)
        .prove_grundy(game.start())
        .unwrap();
    assert_eq!(roomy.to_bytes(), certificate.to_bytes());
}
