//! A certificate answers the question its checker asks, in every search game and both plays:
//! one about a position is refused when another is asked, one of a play when the other is,
//! and a position of another board, graph or poset is refused — by the checker and by the
//! solver alike.

use std::fmt::Debug;

use impartial::certificate::{Certificate, CertificateError, Claim};
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::poset::PosetGame;
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::{ImpartialGame, Play, SolveError, Solver, StoredPosition};

/// Proves `first` and `second` (two positions of `game`) in both plays, and holds each
/// certificate to its own question and to no other.
fn answers_its_own_question<G>(game: &G, first: &G::Position, second: &G::Position)
where
    G: ImpartialGame + Debug + Clone + Sync,
    G::Position: StoredPosition + Sync,
{
    assert_ne!(first, second);
    for play in [Play::Normal, Play::Misere] {
        let other_play = match play {
            Play::Normal => Play::Misere,
            Play::Misere => Play::Normal,
        };
        for (asked, not_asked) in [(first, second), (second, first)] {
            let mut solver = Solver::new(game.clone());
            let certificate = match play {
                Play::Normal => solver.prove_grundy(asked).unwrap(),
                Play::Misere => solver.misere().prove_outcome(asked).unwrap(),
            };
            let read = Certificate::from_bytes(game, &certificate.to_bytes()).unwrap();
            assert!(read.check(game, asked, play).is_ok(), "{asked:?}, {play:?}");
            for (position, play) in [
                (not_asked, play),
                (asked, other_play),
                (not_asked, other_play),
            ] {
                let refused = read.check(game, position, play).unwrap_err();
                assert!(
                    matches!(refused, CertificateError::OtherQuestion { .. }),
                    "{asked:?} asked as {position:?}, {play:?}: {refused}"
                );
                let threads = read.check_with_threads(game, position, play, 2);
                assert!(threads.is_err(), "on two threads too");
            }
        }
    }
}

#[test]
fn every_search_game_in_both_plays() {
    let cram = Cram::new(4, 3).unwrap();
    let corner = cram.start().without(cram.cell(0, 0).unwrap());
    answers_its_own_question(&cram, &cram.start(), &corner);
    // A sub-board in a corner of a larger one: the 4 × 3 inside 4 × 4.
    let square = Cram::new(4, 4).unwrap();
    answers_its_own_question(&square, &square.start(), &square.position(0x0fff).unwrap());
    let chomp = Chomp::new(4, 5).unwrap();
    answers_its_own_question(&chomp, &chomp.start(), &chomp.diagram(&[1]).unwrap());
    let graph = NodeKayles::grid(3, 3).unwrap();
    answers_its_own_question(
        &graph,
        &graph.start(),
        &graph.position(0b1_1011_0111).unwrap(),
    );
    let poset = PosetGame::divisors(36).unwrap();
    let taken = poset.take(poset.start(), 0).unwrap();
    answers_its_own_question(&poset, &poset.start(), &taken);
    let sprouts = (
        SproutsPosition::start(4).unwrap(),
        SproutsPosition::start(3).unwrap(),
    );
    answers_its_own_question(&Sprouts, &sprouts.0, &sprouts.1);
}

/// The checker and the solver refuse a position made for another board, graph or poset —
/// one whose bits would mean other cells, vertices or elements here.
#[test]
fn positions_of_another_game_are_refused() {
    fn refused<G>(game: &G, foreign: &G::Position)
    where
        G: ImpartialGame + Debug + Clone,
        G::Position: StoredPosition,
    {
        assert!(game.check_position(foreign).is_err(), "{foreign:?}");
        let mut solver = Solver::new(game.clone());
        for answer in [
            solver.grundy(foreign).map(|_| ()),
            solver.outcome(foreign).map(|_| ()),
            solver.winning_move(foreign).map(|_| ()),
            solver.misere().outcome(foreign).map(|_| ()),
            solver.prove_grundy(foreign).map(|_| ()),
        ] {
            assert!(
                matches!(answer, Err(SolveError::InvalidPosition { .. })),
                "{foreign:?}: {answer:?}"
            );
        }
        let certificate =
            Certificate::new(game, foreign.clone(), Claim::Grundy(impartial::Nimber(0)));
        assert!(matches!(
            certificate.check(game, foreign, Play::Normal),
            Err(CertificateError::InvalidPosition { .. })
        ));
    }
    // The reproducers: a 2 × 2 start asked of 8 × 8 (read as a strip of four, it
    // was *2; the 2 × 2 board is *0), and an 8 × 8 start asked of 4 × 3.
    let (small, large) = (Cram::new(2, 2).unwrap(), Cram::new(8, 8).unwrap());
    refused(&large, &small.start());
    refused(&Cram::new(4, 3).unwrap(), &large.start());
    refused(&Cram::new(3, 4).unwrap(), &Cram::new(4, 3).unwrap().start());
    assert_eq!(
        Solver::new(small).grundy(small.start()).unwrap(),
        impartial::Nimber(0)
    );
    // Graphs and posets of as many vertices or elements, but other edges or order.
    refused(
        &NodeKayles::cycle(5).unwrap(),
        &NodeKayles::path(5).unwrap().start(),
    );
    refused(
        &NodeKayles::path(6).unwrap(),
        &NodeKayles::path(5).unwrap().start(),
    );
    let chain = PosetGame::new(3, &[(0, 1), (1, 2)]).unwrap();
    refused(&PosetGame::new(3, &[]).unwrap(), &chain.start());
    // A Chomp diagram is a diagram of any bar it fits in, with the same moves; one that does
    // not fit is refused.
    let bar = Chomp::new(2, 2).unwrap();
    refused(&bar, &Chomp::new(3, 3).unwrap().start());
    let fits = Chomp::new(5, 5).unwrap();
    assert!(fits.check_position(&bar.start()).is_ok());
}
