//! Impartial combinatorial games: who wins, by how much (the Sprague–Grundy value), and how.
//!
//! An impartial game is a directed graph of positions in which both players have the same
//! moves; under *normal play* the player who cannot move loses. Every position is either
//! **P** (the *previous* player wins: whoever must move loses) or **N** (the *next* player
//! wins), and carries a Sprague–Grundy value, a [`Nimber`]:
//! `grundy(p) = mex { grundy(q) : q an option of p }`. A position is P exactly when its value
//! is `*0`, and the value of a disjunctive sum of games is the XOR of the parts' values.
//!
//! ```
//! use impartial::{Nimber, Outcome, Solver, SubtractionGame};
//!
//! // One heap; a move takes 1, 3 or 4 counters.
//! let mut solver = Solver::new(SubtractionGame::new(&[1, 3, 4])?);
//! assert_eq!(solver.outcome([7])?, Outcome::P); // whoever moves from 7 loses
//! assert_eq!(solver.grundy([5])?, Nimber(3));
//! assert_eq!(solver.winning_move([8])?, Some([7].into())); // take 1, leave the P-position 7
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Two ways to answer
//!
//! **The general method**, [`Solver`]: explore the graph of positions top-down and remember
//! every answer. A terminal position is P; a position with a P option is N; a position whose
//! options are all N is P. It works for every game you can describe with the
//! [`ImpartialGame`] trait, and costs every reachable position: use it for games without a
//! known theory, for small and medium positions, and to check a theory.
//!
//! **The special method**, the game modules: the P-positions of many games have a closed
//! form and a rule that restores balance, answering in time independent of the size of the
//! state graph. [`nim`] decides Nim by the XOR of the heaps (Bouton) in one pass over them,
//! where a search would visit every position below. Every closed form implements
//! [`ClosedForm`], beside its game's [`ImpartialGame`]: the same questions by the same names
//! — `outcome`, `grundy`, `winning_move`, `winning_moves` — so code written for one answers
//! for all, and the crate's tests hold each to the solver through it. The modules keep
//! one-line functions where they read better (`nim::winning_move(&heaps)`, on the caller's
//! slice as given), with the trait's move types.
//!
//! Three families answer otherwise, and say why. A heap game's values by [`sequence`] are
//! asked as a closed form through [`Tabulated`], once a table or a period covers the heaps.
//! The codes of [`repeating`] and the [`all_but`] games have values that climb: their
//! sequences answer every heap's value (`get`), but a closed form would also owe the winning
//! moves of a heap of any size, and their options are not yet listed a period at a time —
//! use the [`Solver`] for those. A [`poset`] game has a closed form only for the posets whose
//! theory is known (`PosetGame::known_outcome`: chains, antichains, a top element); every
//! other poset is a search.
//!
//! ```
//! use impartial::nim;
//!
//! let heaps = [1_000_000_007u64, 999_999_937, 12_345];
//! let best = nim::winning_move(&heaps).expect("not balanced");
//! let mut after = heaps;
//! after[best.heap] = best.to;
//! assert_eq!(nim::nim_sum(&after), 0);
//! ```
//!
//! [`fibonacci`] decides Fibonacci Nim from the Zeckendorf representation in O(log N), and
//! [`take_away`] any multiplier `k`, where the solver needs `O(N²)` states. For heap games —
//! octal and hexadecimal games like Kayles, Grundy's game, subtraction games, any
//! [`take_and_break`] game — [`sequence`] computes the nim-value of every heap size at once
//! (a position of several heaps is their XOR) and proves the sequence periodic — or, for
//! hexadecimal codes whose values climb, arithmetic-periodic — when the theory allows, after
//! which heaps of any size are answered from a table (codes with
//! modifiers, such as Grundy's game `4!.0`, parse into [`take_and_break::TakeAndBreak`]);
//! [`repeating`] does the same for codes whose last digit repeats forever (`0.[3]` is Nim)
//! and [`all_but`] for the subtraction games with every amount but a finite set, whose
//! values climb (a proved arithmetic period answers any heap); [`wythoff`] gives
//! Wythoff's P-positions in closed form. Nimbers also multiply: [`field`] makes every
//! unsigned width a finite field (Conway's nim-multiplication), and [`coins`] solves the
//! coin-turning games whose values it gives — Turning Corners and the other products on a
//! grid, by the Tartan theorem.
//!
//! | you have | use |
//! |---|---|
//! | your own game | implement [`ImpartialGame`], solve with [`Solver`] |
//! | your own take-and-break game (take, leave 0 to 3 heaps) | [`take_and_break::TakeAndBreak`]: the solver and the sequence engine |
//! | Nim, misère Nim | [`nim`], [`nim::misere`] |
//! | Fibonacci Nim, take-away with multiplier `k` | [`fibonacci`], [`take_away`] |
//! | Kayles, Dawson's chess, any octal or hexadecimal game, Grundy's game | [`octal`], values and periods in [`sequence`] |
//! | Wythoff's game, Fraenkel's a-Wythoff, Euclid's game | [`wythoff`], [`wythoff::AWythoff`], [`euclid`] |
//! | Moore's Nim<sub>k</sub>, Staircase Nim, Welter's game, Lasker's Nim | [`moore`], [`staircase`], [`welter`], [`lasker`] |
//! | Green Hackenbush on any graph | [`hackenbush`] |
//! | a poset game (the divisor game, Chomp as a poset) | [`poset`] |
//! | Sprouts, from `n` spots or a position in Glop's notation | [`sprouts`] |
//! | coin-turning games: Mock Turtles, Ruler, Turning Corners, products on a grid | [`coins`] |
//! | nim-multiplication, division, square roots of nimbers | [`field`], or the operators on [`Nimber`] |
//! | several games played side by side | [`Sum`] (and [`Union`] to mix rulesets) |
//! | misère play (last mover loses) | [`Solver::misere`]: [`Misere::outcome`], [`Misere::grundy`], [`Misere::genus`] |
//! | a game scored in points (take numbers, collect stones) | [`score`]: [`score::ScoreSolver`] |
//! | games played together but not as a sum (move in every component, or in some) | [`compound`] |
//! | a game whose positions can recur (draws) | [`LoopySolver`] |
//! | a board or graph game whose positions fall apart (Cram, Node Kayles) | the hooks below, [`Solver`] |
//! | Chomp on a bar or any Young diagram | [`chomp`] |
//!
//! # Games that fall apart: the general method at the frontier
//!
//! Deep in a game of Cram the free cells fall into regions no domino joins, and the board is
//! the sum of them. A ruleset tells the solver so by implementing [`Decompose`], the trait of
//! what only this search asks, and pointing [`ImpartialGame::DECOMPOSITION`] at it (the
//! compiler holds the two together): [`Decompose::components`] splits a position into its
//! parts, [`Decompose::canonical`] names one position for all its mirror images,
//! [`Decompose::search_size`] says which part is the cheaper, and
//! [`Decompose::grundy_bound`] a value no part can pass (the longest play). The solver then
//! values each part once, on its own, cancels equal parts (`G + G = 0`), and decides "is this
//! sum a P-position?" without the full value of its largest part — the search of Lemoine and
//! Viennot (*Nimbers are inevitable*, TCS 462, 2012), which keeps what it has ruled out of
//! each value. [`Solver::with_table_budget`] keeps its table within a number of bytes (a
//! forgotten fact is found again, never guessed), and [`Solver::save_table`] and
//! [`Solver::load_table`] carry it across runs in a checksummed file.
//! [`Solver::with_threads`] shares the search among threads (the options of the root dealt
//! out, the table shared), with the answers of one thread. [`Whole`] is the same game searched
//! whole, the plain search: the reference the decomposing one is tested against.
//!
//! [`cram`], [`node_kayles`] and [`chomp`] implement these public hooks as a user would:
//! Cram on any board of up to 64 cells, Node Kayles on any graph of up to 128 vertices with the symmetries you give it (each checked), Chomp on bars of up to
//! 16 × 255 squares (which does not fall apart: its array of ranked diagrams is the faster
//! way).
//!
//! # When the answer is a number
//!
//! The general method has three parts, as the paper this crate grew from names them
//! ("Two ways to solve game problems", on Fibonacci Nim and IOI 1996 "A Game"):
//!
//! - **the states** — every factor that decides the game, as one position, with the moves
//!   between them: [`ImpartialGame`] (or [`score::ScoreGame`]) and its `moves`;
//! - **the win/lose rule** — a state without moves is decided by the rules; a state with a
//!   losing option is won; a state whose options are all won is lost: [`Solver::outcome`];
//! - **the extended rule** — where the question is a number, record for every state the best
//!   number the player to move can guarantee, derived from its options' numbers.
//!
//! One engine carries all of them — the same memo, iterative search, cycle detection, limits
//! and stats — and each extended rule is one way of combining the options' numbers:
//!
//! | the number | rule | where |
//! |---|---|---|
//! | Sprague–Grundy value | the mex of the options' values | [`Solver::grundy`] |
//! | remoteness (how soon the winner can end it) | 1 + least even option, else 1 + largest | [`Solver::remoteness`] |
//! | suspense number (how long the winner can make it last) | 1 + largest even option, else 1 + least | [`Solver::suspense`] |
//! | score (best difference of totals) | the most of a move's points minus the score after it | [`score::ScoreSolver`] |
//!
//! The implementation is the paper's too: a memoized search from the start, top down, or —
//! when the ruleset can list its states bottom-up ([`score::ScoreGame::bottom_up`]) — the
//! same rule filled in as a dynamic program. Remoteness and suspense decide the compounds that
//! the Sprague–Grundy value does not ([`compound`]: conjunctive, selective, continued
//! conjunctive).
//!
//! ```
//! use impartial::score::{NumberRow, ScoreSolver};
//!
//! // IOI 1996 "A Game", the contest's sample: both players' totals under best play.
//! let row = NumberRow::new(vec![4, 7, 2, 9, 5, 2]);
//! let whole = row.whole();
//! let mut solver = ScoreSolver::new(row);
//! let score = solver.value(whole)?;
//! assert_eq!(solver.game().totals(score), (18, 11));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Misère play
//!
//! Under misère play the player who moves last *loses*, and the Sprague–Grundy value of a
//! sum no longer decides it: `*1` alone is lost by the player to move, `*1 + *1` is won.
//! What the general method offers for any ruleset:
//!
//! - [`Misere::outcome`] and [`Misere::winning_move`] ([`Solver::misere`]): the search, exact for
//!   any position the table holds.
//! - [`Misere::grundy`]: the misère value (1 without moves, else the mex), 0 exactly at
//!   the misère P-positions — of the position alone; it says nothing of sums.
//! - [`Misere::genus`]: Conway's genus `g^λ₀λ₁…`, the normal value and the misère values of
//!   the position beside 0, 1, 2, … nim-heaps of size 2, with its period proved.
//!   [`Misere::is_tame`] checks that every follower has a tame genus (`0^120`, `1^031`,
//!   `a^(a, a ⊕ 2)`); a sum of tame positions is then played as misère Nim
//!   ([`nim::misere`]) on the nim-heaps the genera name, without searching the sum:
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::{nim, Heaps, Solver};
//!
//! // 0.31: take one counter, leaving a heap or none, or take two from a heap of two.
//! let mut solver = Solver::new("0.31".parse::<OctalGame>()?);
//! let rows = [5u64, 6, 9];
//! let mut heaps = Vec::new();
//! for &row in &rows {
//!     let genus = solver.misere().genus(Heaps::from([row]))?;
//!     assert!(solver.misere().is_tame(Heaps::from([row]))?);
//!     // The nim-heaps a tame genus stands for.
//!     heaps.extend(match genus.to_string().as_str() {
//!         "0^120" => vec![],
//!         "1^031" => vec![1],
//!         "0^02" => vec![2, 2],
//!         "1^13" => vec![2, 3],
//!         _ => vec![genus.normal().0 as u64],
//!     });
//! }
//! assert_eq!(nim::misere::outcome(&heaps), solver.misere().outcome(Heaps::from(rows))?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Wild games (Kayles from a row of 5 on, Dawson's Kayles) have no such rule. For heap games
//! the field's answer is the **misère quotient** (Plambeck and Siegel): the positions no sum
//! tells apart, identified, form a finite commutative monoid for many wild games, and a sum
//! of any number of heaps is P exactly when the product of its heaps' elements is in the
//! monoid's P-portion. [`quotient::MisereQuotient`] computes it heap by heap, proves every
//! step, and proves its period — then it answers every heap size. 0.75, a wild game:
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::quotient::MisereQuotient;
//! use impartial::{ClosedForm, Outcome, Solver};
//!
//! let game: OctalGame = "0.75".parse()?;
//! let q = MisereQuotient::compute(&game, 100)?;
//! assert!(q.is_complete() && !q.is_tame());
//! assert_eq!(q.presentation().to_string(), "⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩");
//! // Heaps 2 and 5 are b and c; bc = ab is not in P = {a, b²}, so 2 + 5 is N — as the search
//! // says — and a million heaps take a million multiplications.
//! assert_eq!(q.outcome([2, 5])?, Outcome::N);
//! assert_eq!(Solver::new(game).misere().outcome([2, 5])?, Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Which to use: misère Nim's rule ([`nim::misere`]) for Nim and tame games; the quotient for
//! sums of many heaps of a heap game whose quotient is within reach (0.75 and Kayles are
//! proved in milliseconds; Dawson's Kayles reaches heap 33, not beyond); the search for everything
//! else — any ruleset, a few components, or a single position.
//!
//! # Positions and moves
//!
//! A query takes a position as you have it: the position, a reference to it, or — for the
//! heap games, whose positions are [`Heaps`] — an array, a slice or a `Vec` of heap sizes
//! ([`IntoPosition`]): `solver.outcome([3, 4, 5])?`. The games of boards and graphs have a
//! position type of their own, made by the game (`start()`, `position(bits)`), so that a
//! position of one game never passes for another's. Heap sizes are generic ([`HeapSize`]:
//! `u8` to `u128`) in the closed forms that compute on the heaps — Nim, misère Nim, Moore,
//! Staircase, Wythoff, Fibonacci Nim and take-away; the games answered from a table of
//! values (octal, subtraction and take-and-break games, misère quotients) take `u64` heaps,
//! the table's index, and so do Lasker's Nim and Welter's game, whose values of `u128` heaps
//! would not fit a `u128` nimber.
//!
//! Every `winning_move` is a move of the game's own type, which says what it does and what it
//! leaves, and prints itself in words (`Display`); the general method names a move by the
//! position it leaves:
//!
//! | API | `winning_move` returns | which says |
//! |---|---|---|
//! | [`Solver`], [`LoopySolver`], [`Misere`] | `Option<P>` | the position left (the option itself) |
//! | [`Sum`] | `Option<`[`SumMove`]`>` | the component moved in, and the position left there |
//! | [`nim`], [`nim::misere`], [`moore`] (several at once) | [`NimMove`](nim::NimMove), [`MooreMove`](moore::MooreMove) | the heap, its size before and after, the take |
//! | [`fibonacci`], [`take_away`], `fibonacci::big` | [`TakeMove`](take_away::TakeMove) | the state before, the take, the state left |
//! | [`wythoff`], [`wythoff::AWythoff`] | [`WythoffMove`](wythoff::WythoffMove) | the pair of heaps before and after |
//! | [`euclid`] | [`EuclidMove`](euclid::EuclidMove) | the pair before and after |
//! | [`staircase`] | [`StairMove`](staircase::StairMove) | the step, the coins moved down, the steps left |
//! | [`lasker`] | [`LaskerMove`](lasker::LaskerMove) | a take from a heap, or a split into two |
//! | [`welter`] | [`WelterMove`](welter::WelterMove) | the coin moved, its square before and after |
//! | [`hackenbush`] | [`HackenbushMove`](hackenbush::HackenbushMove) | the edge cut, its ends |
//! | [`coins`] rulesets | [`CoinMove`](coins::CoinMove) | the heads coin turned to tails, the other coins turned, the position left |
//! | [`Tabulated`] heap games, [`quotient::MisereQuotient`] | [`HeapMove`] | the heap, its size, the heaps it leaves |
//! | [`chomp::ChompValues`] | [`ChompMove`](chomp::ChompMove) | the square eaten, the diagram left |
//!
//! Every one is `Option<…>` (`None` from a P-position), in a `Result` where the closed form
//! rests on a table that may not reach the position.
//! `winning_moves` gives every winning move, of the same type, in the same order the single
//! one is chosen from.
//!
//! A ruleset can hand its closed form to the solver through
//! [`ImpartialGame::known_grundy`]; the solver then never searches below such positions,
//! which is what makes sums of, say, many Nim heaps and one custom game instant.
//!
//! # Implementing a game
//!
//! ```
//! use impartial::{ImpartialGame, Outcome, Solver};
//!
//! /// A single heap; a move halves it (rounding down) or takes one counter.
//! struct HalveOrTakeOne;
//!
//! impl ImpartialGame for HalveOrTakeOne {
//!     type Position = u64;
//!
//!     fn moves(&self, &heap: &u64) -> impl Iterator<Item = u64> {
//!         let take_one = heap.checked_sub(1);
//!         let halve = Some(heap / 2).filter(|&half| heap > 0 && Some(half) != take_one);
//!         take_one.into_iter().chain(halve)
//!     }
//! }
//!
//! let mut solver = Solver::new(HalveOrTakeOne);
//! assert_eq!(solver.outcome(0)?, Outcome::P);
//! assert_eq!(solver.outcome(1)?, Outcome::N);
//! assert_eq!(solver.outcome(2)?, Outcome::P);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors and limits
//!
//! Every solver question returns a `Result` with [`SolveError`]: a position that repeats
//! along a line of play is [`SolveError::Cycle`] (the ordinary solver needs an acyclic game),
//! and [`Solver::with_state_limit`] and [`Solver::with_memory_limit`] turn "out of memory"
//! into [`SolveError::StateLimit`] and [`SolveError::MemoryLimit`]: a limited query keeps to
//! memory proportional to its limit, however many moves a position has. The search is
//! iterative, so a line of play millions of moves long does not overflow the stack.
//!
//! Each game and engine has an error type of its own, for the rules, positions and moves it
//! refuses — [`subtraction::SetError`], [`take_and_break::RulesError`],
//! [`octal::CodeError`], [`nim::MoveError`], [`take_away::TakeAwayError`],
//! [`welter::WelterError`], [`cram::CramError`], [`chomp::ChompError`],
//! [`node_kayles::NodeKaylesError`], [`poset::PosetError`],
//! [`hackenbush::HackenbushError`], [`sprouts::SproutsError`],
//! [`sequence::SequenceError`], [`quotient::QuotientError`], … — each `#[non_exhaustive]`,
//! its message naming the value refused.
//!
//! # Crate features
//!
//! The default features build the whole crate, for a newcomer who wants to see all of it. A
//! program that needs the classics alone writes `default-features = false`: the vocabulary,
//! the solver's plain search, the closed forms (Nim, Fibonacci Nim and take-away, Wythoff,
//! Welter, Moore, Staircase, Lasker, Euclid, Hackenbush, coin-turning games, nimbers) and
//! the heap-sequence engine's direct recurrence, in half the build time of the defaults
//! (README gives the figures). Each item behind a feature says so in these docs.
//!
//! | feature | default | adds |
//! |---|---|---|
//! | `decompose` | yes | the decomposing search: [`Decompose`] (`components`, `canonical`, `search_size`, `grundy_bound`), [`Decomposition`] and [`Whole`]; [`Solver::with_table_budget`], [`Solver::save_table`] and [`Solver::load_table`], [`Solver::with_threads`], [`certificate`] (depends on `stacker`, `crc32fast` and `foldhash`) |
//! | `frontier` | yes | the games searched at the frontier: [`sprouts`], [`cram`], [`node_kayles`], [`chomp`], [`poset`] (turns on `decompose`) |
//! | `quotient` | yes | misère quotients: [`quotient`] |
//! | `repeating` | yes | codes with a repeating tail, [`repeating`], and the all-but subtraction games, [`all_but`] |
//! | `research` | yes | the heap-sequence engine's research paths: the sparse space, threads ([`sequence::SequenceOptions::with_threads`]), bounded and streamed runs ([`HeapGame::values_streamed`]), proofs of arithmetic periods |
//! | `bigint` | no | [`fibonacci::big`](crate::fibonacci), Fibonacci Nim on `num_bigint::BigUint` heaps of any size |
//! | `serde` | no | `Serialize` and `Deserialize` for the value types — [`Nimber`], [`Outcome`], [`Heaps`], [`Either`], the move records, [`take_away::TakeAwayState`], [`sequence::GrundySequence`] (checked in full on reading — G(0), the period against the values, the rare heaps against the mask — so a forged or damaged file is refused rather than answering wrongly), [`sequence::Period`], [`loopy::LoopyValue`], misère quotients (proved again when read) |
//! | `plot` | no | the `plot` module: pictures of sequences and P-position maps as SVG |
//!
//! **Threads.** The library starts threads only where a computation is long enough to
//! repay them, and says so: the heap-sequence engine (feature `research`) computes games
//! that split heaps on two threads by default where the machine has two cores or more
//! ([`sequence::SequenceOptions`]; `with_threads(1)` keeps it on the calling thread), and the
//! decomposing search runs on one thread unless [`Solver::with_threads`] asks for more.
//! Without `research`, no thread is ever started.
//!
//! The `impartial` command line — heap games at research scale with checksummed checkpoints,
//! misère quotients, and `impartial serve`, a local site to play and learn — is the crate
//! `impartial-cli` beside this one: [`guide::command_line`].
//!
//! With `default-features = false` the crate depends on `num-traits`, `thiserror` and
//! `smallvec` alone; the defaults add `stacker` (the decomposing search's stack grows on the
//! heap), `crc32fast` (the checksums of saved tables and certificates) and `foldhash` (the
//! certificate checker's hash, seeded at random).
//!
//! # Rust version
//!
//! The minimum supported Rust version is 1.89 (edition 2024, `let` chains; the command line
//! locks its files with `File::try_lock`).
//!
//! # The guide
//!
//! The rest of the story is in [`guide`]: a [tour](guide::tour) of every kind of game, the
//! [theory](guide::theory) with its proofs, [misère play](guide::misere), the
//! [command line](guide::command_line) and [how the crate is tested](guide::reliability).
#![doc(test(attr(deny(warnings))))]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The rooms (ARCHITECTURE.md, held by tests/general/architecture.rs): the vocabulary (game,
// error, closed_form, hash) and the heap-game vocabulary (heap); the engines beside one
// another over it — the general method (solver), the heap-sequence engine (sequence),
// nimber arithmetic (field), and on the sequence engine misère quotients (quotient) and the
// repeating codes' counting engine (repeating); the rulesets (games); this file and score.rs
// re-export. Certificates (certificate) sit between the vocabulary and the solver: the
// solver writes them, and their checker imports nothing of it.
#[cfg(feature = "decompose")]
#[cfg_attr(docsrs, doc(cfg(feature = "decompose")))]
pub mod certificate;
mod closed_form;
mod error;
pub mod field;
mod game;
mod games;
pub mod guide;
mod hash;
mod heap;
#[cfg(feature = "plot")]
pub mod plot;
#[cfg(feature = "quotient")]
#[cfg_attr(docsrs, doc(cfg(feature = "quotient")))]
pub mod quotient;
#[cfg(feature = "repeating")]
#[cfg_attr(docsrs, doc(cfg(feature = "repeating")))]
pub mod repeating;
#[cfg(feature = "decompose")]
mod replace;
pub mod score;
pub mod sequence;
mod solver;

#[cfg(feature = "repeating")]
pub use games::all_but;
#[cfg(feature = "frontier")]
pub use games::{chomp, cram, node_kayles, poset, sprouts};
pub use games::{
    coins, euclid, fibonacci, hackenbush, lasker, moore, nim, octal, staircase, subtraction,
    take_and_break, take_away, welter, wythoff,
};
pub use solver::{compound, loopy};

/// The plain twins of the fast paths, for the unit tests (the integration tests and the fuzz
/// targets include the same file).
#[cfg(test)]
#[path = "../tests/reference/mod.rs"]
mod reference;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use closed_form::ClosedForm;
pub use error::{SolveError, TableError};
#[cfg(feature = "decompose")]
pub use game::StoredPosition;
#[cfg(feature = "decompose")]
pub use game::{Decompose, Decomposition, Whole};
pub use game::{
    Either, HeapSize, IllegalMove, ImpartialGame, IntoPosition, Nimber, Outcome, Play,
    PositionError,
};
pub use heap::{HeapMove, Heaps};
pub use loopy::LoopySolver;
pub use nim::Nim;
pub use sequence::{HeapGame, Tabulated};
pub use solver::{Genus, Misere, Solver, SolverStats};
pub use solver::{Sum, SumMove, Union};
pub use subtraction::SubtractionGame;
pub use wythoff::Wythoff;
