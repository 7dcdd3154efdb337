//! The decomposing search against the plain one.

use impartial::cram::Cram;
use impartial::{ImpartialGame, Solver};

#[test]
fn cram_boards_agree_with_the_plain_search() {
    for width in 1..=4 {
        for height in 1..=4 {
            let game = Cram::new(width, height).unwrap();
            let mut split = Solver::new(game);
            let mut plain = Solver::new(game).with_plain_search();
            let board = game.board();
            assert_eq!(split.grundy(board), plain.grundy(board), "{width}x{height}");
            // Every position one or two moves in.
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
