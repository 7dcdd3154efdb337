//! The game of a run: what to call it, and the library's two kinds of run for it.

use std::ops::ControlFlow;

use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};
use impartial::sequence::{
    GrundySequence, Progress, SequenceError, SequenceOptions, StreamState, Streamed, ValueStore,
    Values,
};
use impartial::take_and_break::TakeAndBreak;
use impartial::{HeapGame, SubtractionGame};

use crate::args::GameArgument;

/// The game and what to call it in the output and in checkpoints.
pub enum Game {
    Octal(OctalGame),
    Hexadecimal(HexadecimalGame),
    Subtraction(SubtractionGame),
    Grundy,
    Code(TakeAndBreak),
}

impl Game {
    /// The game named on the command line, and the arguments of its run.
    pub fn from_argument(argument: GameArgument) -> (Self, crate::args::RunArguments) {
        match argument {
            GameArgument::Octal { code, run } => (Game::Octal(code), run),
            GameArgument::Hexadecimal { code, run } => (Game::Hexadecimal(code), run),
            GameArgument::Subtraction { set, run } => (Game::Subtraction(set), run),
            GameArgument::Grundy { run } => (Game::Grundy, run),
            GameArgument::Code { code, run } => (Game::Code(code), run),
            GameArgument::Misere { .. } => unreachable!("main runs `misere` before a sequence"),
            GameArgument::Survey { .. } => unreachable!("main runs `survey` before a sequence"),
            GameArgument::Prove(_) | GameArgument::Check { .. } => {
                unreachable!("main runs `prove` and `check` before a sequence")
            }
            GameArgument::Repeating { .. } | GameArgument::AllBut { .. } => {
                unreachable!("main runs climbing games before a sequence")
            }
            #[cfg(feature = "serve")]
            GameArgument::Serve(_) => unreachable!("main runs `serve` before a sequence"),
            #[cfg(not(feature = "serve"))]
            GameArgument::Serve { .. } => unreachable!("main answers `serve` before a sequence"),
        }
    }

    /// The game's name, as the output and the checkpoints give it.
    pub fn describe(&self) -> String {
        match self {
            Game::Octal(game) => format!("octal game {game}"),
            Game::Hexadecimal(game) => format!("hexadecimal game {game}"),
            Game::Subtraction(game) => format!("subtraction game {game}"),
            Game::Grundy => "Grundy's game".to_string(),
            Game::Code(game) => match game.code() {
                Some(code) => format!("take-and-break game {code}"),
                None => format!("take-and-break game {:?}", game.rules()),
            },
        }
    }

    /// For a game by its code that reduces to another ([`TakeAndBreak::canonical`]), the
    /// `# canonical form` line: the code every heap of it is, some counters smaller.
    pub fn canonical(&self) -> Option<String> {
        let Game::Code(game) = self else {
            return None;
        };
        let canonical = game.canonical()?;
        let code = canonical.game().code()?;
        let offset = canonical.offset();
        // Offset 0 is the same rules: the code shown is already without trailing zeros.
        (offset > 0).then(|| {
            format!("canonical form: {code}, a heap of n + {offset} here being a heap of n there")
        })
    }

    /// `known` continued to heap `n`: [`impartial::sequence::HeapGame::values_continued`].
    pub fn continued(
        &self,
        known: Values,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, SequenceError> {
        match self {
            Game::Octal(game) => game.values_continued(known, n, options, progress),
            Game::Hexadecimal(game) => game.values_continued(known, n, options, progress),
            Game::Subtraction(game) => game.values_continued(known, n, options, progress),
            Game::Grundy => GrundysGame.values_continued(known, n, options, progress),
            Game::Code(game) => game.values_continued(known, n, options, progress),
        }
    }

    /// A bounded run from `state` to heap `n`:
    /// [`impartial::sequence::HeapGame::values_streamed_into`].
    pub fn streamed(
        &self,
        state: StreamState,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
        store: &mut impl ValueStore,
    ) -> Result<Streamed, SequenceError> {
        match self {
            Game::Octal(game) => game.values_streamed_into(n, options, state, progress, store),
            Game::Hexadecimal(game) => {
                game.values_streamed_into(n, options, state, progress, store)
            }
            Game::Subtraction(game) => {
                game.values_streamed_into(n, options, state, progress, store)
            }
            Game::Grundy => GrundysGame.values_streamed_into(n, options, state, progress, store),
            Game::Code(game) => game.values_streamed_into(n, options, state, progress, store),
        }
    }
}
