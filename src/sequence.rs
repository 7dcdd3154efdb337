//! Nim-value sequences of heap games: G(0), G(1), G(2), … — fast, exact, and proven periodic
//! where the theory allows.
//!
//! By the Sprague–Grundy theorem a position of several heaps of one heap game is worth the
//! XOR of its heaps' values, so one sequence answers every position. A [`HeapGame`] —
//! [`OctalGame`](crate::octal::OctalGame), [`HexadecimalGame`](crate::octal::HexadecimalGame),
//! [`GrundysGame`](crate::octal::GrundysGame), [`SubtractionGame`](crate::SubtractionGame),
//! or any [`TakeAndBreak`](crate::take_and_break::TakeAndBreak) game given by its rules —
//! computes it with [`values_up_to`](HeapGame::values_up_to) (`G(0)` to `G(max_heap)`, both
//! included):
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::Nimber;
//!
//! let kayles: OctalGame = "0.77".parse()?;
//! let values = kayles.values_up_to(1_000)?;
//! assert_eq!(values.get(5), Some(Nimber(4)));
//! let period = values.period().expect("Kayles is periodic");
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! // Proven, so every heap size is known — here far beyond what was computed.
//! assert_eq!(values.get(1_000_000_000_000), values.get(1_000_000_000_000 % 12 + 72));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Methods
//!
//! - **Direct**: `G(n) = mex` of the values of `n`'s options. A split into two heaps has
//!   `n/2` ways, so games that split cost O(n²) in all; games that never split (subtraction
//!   games) cost O(n · moves) and always use it.
//! - **Sparse space** (Berlekamp; Gangolli and Plambeck, *A note on periodicity in some octal
//!   games*, IJGT 18 (1989)): choose a bit mask; most heaps have a value of one mask parity,
//!   the *common* class, and the XOR of two common values always has the same parity. A value
//!   of the other parity can then only come from a split with a *rare* heap — few of them —
//!   and a value of the common parity is almost always found after a short search. The
//!   result is exact whatever the mask; the mask only decides the speed.
//!   [`Method::Auto`] computes the first values directly, picks the mask with the fewest
//!   rare heaps among them (again as the values grow), and switches when few enough are
//!   rare; a game with no such mask keeps the direct recurrence.
//!
//! # Threads
//!
//! [`SequenceOptions::threads`] puts more threads to work on games that split heaps — two by
//! default where the machine has two or more cores, as many as
//! [`with_threads`](SequenceOptions::with_threads) says. The values are the same whatever
//! the number, and there is one table of them: every thread reads it, and each keeps apart
//! only the values of the stretch of at most 2¹⁶ heaps they are computing together.
//!
//! - **In a sparse space**, once new rare heaps have stopped coming for a while, the calling
//!   thread *computes ahead*: it gives each heap the value it has if it is common — the
//!   least value of the parity only splits with rare heaps give that none of them reaches,
//!   which needs no search — and every thread *verifies* those values, a batch of heaps at a
//!   time, by the search for the other parity's values below them. The search is most of the
//!   work, and verifying needs only values already computed, so the threads share it
//!   without waiting for each other: each takes the next batch from a shared counter. A heap
//!   found wrong is a new rare heap: its true value is kept, the values computed after it are
//!   taken back, and the calculation goes on from there. Until the calling thread's own
//!   share (the candidates, a few per cent of the work) is what is left, `N` threads do the
//!   work about `N` times as fast; the guide's command-line chapter has the measured scaling
//!   and a model for many cores.
//! - **By the direct recurrence**, a heap's options almost all leave heaps far smaller than
//!   it, so `N` threads take turns at the heaps: thread `i` computes heaps `i`, `i + N`, …
//!   Each marks the values of the options whose heaps are all computed while the others
//!   finish the heaps just below its own, then, once those arrive, marks the few options
//!   that leave one of them (the *late* options) and reads the mex. Values are finished in
//!   order, and a thread waits only for the `N − 1` heaps below its own. At most one thread
//!   per core takes turns (a thread that waits for one off its core spins for nothing).
//!
//! Small sequences stay on one thread: below a few thousand heaps a second one costs more
//! than it saves.
//!
//! # Memory
//!
//! The values are kept as [`Values`], in the narrowest width that holds them: one byte each
//! while they are below 256, two below 65 536, four beyond — widened on the fly when the
//! first larger value comes. 0.6 or Grundy's game to 10⁹ hold 2 GB of values. For longer
//! runs, [`HeapGame::values_streamed`] keeps only a prefix and a window of recent values.

//! # Periods
//!
//! The octal periodicity theorem (Guy and Smith, 1956): if a game's moves remove at most `t`
//! counters and `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t`, then `G(n + p) = G(n)` for
//! every `n ≥ n0`. (For games that never split, `n0 ≤ n < n0 + t` suffices.) The engine tries
//! the theorem as it goes and stops as soon as a period is proven: the [`Period`] it reports
//! is the shortest, with the least preperiod, and every later value comes from the table.
//! Grundy's game has no such theorem, and no period is ever claimed for it.
//!
//! # Arithmetic periods
//!
//! Hexadecimal games may climb instead: `G(n + p) = G(n) + s` for `n ≥ n0`, `s ≥ 1` (0.8,
//! which takes one counter and leaves three heaps, has `G(n) = ⌊(n − 1)/3⌋`). For finite codes
//! whose moves leave at most three heaps, unrestricted by shape, some leaving three, the engine
//! proves such periods by a test of ours, tried where a period is, and stops as it would for
//! one ([`GrundySequence::arithmetic_period`]). Let `P = p` and `S = s` (both doubled when `p`
//! is odd; if the test fails, times 2, 4 or 8), `w` the largest power of two dividing `S`,
//! heaps of at least `b = n0 + P` *big*, and `N1 = t + 3(b − 1) + 1` (past it every option
//! has a big heap). The test reads G(0) to G(N1 + P − 1) and shows by induction that every
//! heap `N ≥ N1 + P` has `G(N) = G(N − P) + S`:
//!
//! - *Every smaller value is an option.* An option with a heap `h ≥ n0` whose companions XOR
//!   to less than `w` gains `S` when `P` is added to `h` (adding `S` does not touch the bits
//!   below `w`); an option with a pair of heaps keeps its value when `P/2` is added to each —
//!   equal heaps, or (when `P/2` is whole periods) heaps whose values agree above their bits
//!   below `w/2`; one with both, a pair and `c ≥ n0`, does either. The test checks at each heap of
//!   `N1 … N1 + P − 1` that for some `ℓ` the values below `ℓ` have options of the second
//!   kind, those in `[ℓ, ℓ + S)` of the third, those from `ℓ + S` to `G(N)` of the first —
//!   which then holds at every heap `P` later, and gives every value below `G(N − P) + S`.
//! - *`G(N − P) + S` is not.* An option with one big heap `N − c` beside small heaps worth
//!   `R` is worth `G(N − c) ⊕ R`; along `N, N + P, …` both it and `G(N)` grow by `S`, and
//!   whether they meet repeats once `G(N − c)` modulo a power of two above `R` does, so
//!   finitely many heaps decide. Options with two or three big heaps are bounded by residues
//!   modulo `P` alone: a value `(S·h + Δ(h))/P` with `Δ` periodic makes their sum (which
//!   bounds the XOR), or the sum of their high parts `⌊G/w⌋`, fall below `G(N)`'s, or their
//!   low bits differ.
//!
//! The test is sound, not complete: a climb it does not prove stays
//! [apparent](GrundySequence::apparent_arithmetic_period), and a proof that would take more
//! than some billions of steps is not tried.

// The research paths (feature `research`): the sparse space, threads, bounded and streamed
// runs, arithmetic proofs.
#[cfg(feature = "research")]
mod ahead;
mod arithmetic;
#[cfg(feature = "research")]
mod arithmetic_proof;
#[cfg(feature = "research")]
mod bounded;
#[cfg(feature = "research")]
mod bounded_values;
#[cfg(feature = "research")]
mod bytes;
mod direct;
mod error;
mod grundy_sequence;
mod heap_game;
mod many;
mod options;
pub(crate) mod period;
#[cfg(feature = "research")]
mod relay;
mod run;
#[cfg(feature = "research")]
mod sparse;
#[cfg(feature = "research")]
mod stream;
mod stretch;
#[cfg(test)]
pub(crate) mod testing;
mod values;

/// Without the feature `research`, no sparse space: a space that cannot be, so that the
/// driver reads the same and its sparse paths compile to nothing.
#[cfg(not(feature = "research"))]
mod sparse {
    use crate::heap::HeapRules;
    use crate::sequence::direct::{HeapValues, Reached};
    use crate::sequence::values::Value;

    /// No sparse space: the type has no value.
    #[derive(Clone, Debug)]
    pub(super) enum SparseSpace {}

    impl SparseSpace {
        pub(super) fn choose<V: Value>(_: &HeapRules, _: &[V], _: usize) -> Option<(Self, usize)> {
            None
        }

        pub(super) fn record(&mut self, _: usize, _: u32) {
            match *self {}
        }

        pub(super) fn rare_count(&self) -> usize {
            match *self {}
        }

        pub(super) fn mask(&self) -> u32 {
            match *self {}
        }

        pub(super) fn rare(&self) -> &[usize] {
            match *self {}
        }

        pub(super) fn value<H: HeapValues + ?Sized>(
            &mut self,
            _: &HeapRules,
            _: &H,
            _: usize,
            _: u32,
            _: &mut Reached,
        ) -> u32 {
            match *self {}
        }
    }
}

#[cfg(feature = "repeating")]
pub(crate) use arithmetic::apparent as apparent_arithmetic;
pub use arithmetic::{ApparentArithmeticPeriod, ArithmeticPeriod, MAX_APPARENT_PERIOD};
pub use error::{MAX_HEAP, MAX_STREAMED_HEAP, SequenceError};
pub use grundy_sequence::GrundySequence;
pub(crate) use heap_game::heap_game_methods;
pub use heap_game::{HeapGame, Tabulated};
#[cfg(feature = "research")]
pub use options::MAX_THREADS;
pub use options::{Method, Progress, SequenceOptions};
pub use period::Period;
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub use stream::{StreamState, Streamed, ValueStore};
pub use values::{Iter, ValueSlice, Values};
