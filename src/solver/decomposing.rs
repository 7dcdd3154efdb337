//! The solver's decomposing search as one part of it, so that the front end reads the same
//! with the feature `decompose` and without: with it, the search of sums and its table; without
//! it, a part of no size that never answers (every ruleset is searched whole).

#[cfg(feature = "decompose")]
pub(super) use with::Decomposing;
#[cfg(not(feature = "decompose"))]
pub(super) use without::Decomposing;

#[cfg(feature = "decompose")]
mod with {
    use crate::error::{SolveError, TableError};
    use crate::game::Hooks;
    use crate::game::{ImpartialGame, Nimber, Outcome};
    use crate::solver::split::{Answer, Question, SplitSearch};

    /// [`SplitSearch::answer_on_threads`] for a ruleset `G`.
    type OnThreads<G> = fn(
        &mut SplitSearch<<G as ImpartialGame>::Position>,
        &G,
        &<G as ImpartialGame>::Position,
        Question,
    ) -> Result<Answer, SolveError<<G as ImpartialGame>::Position>>;

    /// The decomposing search, for rulesets that split ([`ImpartialGame::DECOMPOSITION`]).
    pub(crate) struct Decomposing<G: ImpartialGame> {
        pub(crate) split: SplitSearch<G::Position>,
        /// The search on several threads, once more than one is set (it needs the ruleset
        /// `Sync`, which only [`Solver::with_threads`](crate::Solver::with_threads) knows).
        on_threads: Option<OnThreads<G>>,
    }

    impl<G: ImpartialGame> Clone for Decomposing<G> {
        fn clone(&self) -> Self {
            Decomposing {
                split: self.split.clone(),
                on_threads: self.on_threads,
            }
        }
    }

    impl<G: ImpartialGame> Decomposing<G> {
        pub(crate) fn new() -> Self {
            Decomposing {
                split: SplitSearch::new(),
                on_threads: None,
            }
        }

        pub(crate) fn limit_states(&mut self, limit: usize) {
            self.split.state_limit = Some(limit);
        }

        pub(crate) fn limit_bytes(&mut self, bytes: usize) {
            self.split.byte_limit = Some(bytes);
        }

        pub(crate) fn ignore_closed_forms(&mut self) {
            self.split.use_known_grundy = false;
        }

        pub(crate) fn set_budget(&mut self, bytes: usize) -> Result<(), TableError> {
            self.split.set_budget(bytes)
        }

        /// `threads` searching, or the error of a budgeted table made again for them.
        pub(crate) fn set_threads(&mut self, threads: usize) -> Result<(), TableError>
        where
            G: Sync,
            G::Position: Send + Sync,
        {
            self.split.set_threads(threads)?;
            // Only a ruleset that decomposes searches on threads; for the others the
            // threaded search is then never built.
            self.on_threads = if <G as Hooks>::DECOMPOSES && self.split.threads() > 1 {
                Some(SplitSearch::answer_on_threads::<G> as OnThreads<G>)
            } else {
                None
            };
            Ok(())
        }

        pub(crate) fn threads(&self) -> usize {
            self.split.threads()
        }

        pub(crate) fn clear(&mut self) {
            self.split.clear();
        }

        pub(crate) fn states(&self) -> usize {
            self.split.states()
        }

        pub(crate) fn bytes(&self) -> usize {
            self.split.bytes()
        }

        /// Whether this search answers normal-play outcomes and values. `<G as Hooks>::DECOMPOSES`
        /// first: for a ruleset that never decomposes, the compiler then leaves the
        /// decomposing search out of its build altogether.
        #[allow(
            clippy::unused_self,
            reason = "asked of the part, as the stand-in without the feature is"
        )]
        pub(crate) fn active(&self) -> bool {
            <G as Hooks>::DECOMPOSES
        }

        /// Its answer, on the threads set.
        fn answer(
            &mut self,
            game: &G,
            position: &G::Position,
            question: Question,
        ) -> Result<Answer, SolveError<G::Position>> {
            let split = &mut self.split;
            let on_threads = self.on_threads;
            // A panic of the ruleset's leaves the line of play it unwound through:
            // forgotten before it goes on, so that a caller who catches it can ask again.
            let answer =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match on_threads {
                    Some(on_threads) => on_threads(split, game, position, question),
                    None => split.answer(game, position, question),
                }));
            answer.unwrap_or_else(|panic| {
                self.split.forget_line_of_play();
                std::panic::resume_unwind(panic)
            })
        }

        /// The value of the canonical part `part`, on this thread.
        pub(crate) fn part_value(
            &mut self,
            game: &G,
            part: &G::Position,
        ) -> Result<u32, SolveError<G::Position>> {
            self.split.value_of_part(game, part)
        }

        /// Whether the canonical part `part` has value `k`, on this thread.
        pub(crate) fn part_is(
            &mut self,
            game: &G,
            part: &G::Position,
            k: u32,
        ) -> Result<bool, SolveError<G::Position>> {
            self.split.part_is(game, part, k)
        }

        pub(crate) fn outcome(
            &mut self,
            game: &G,
            position: &G::Position,
        ) -> Result<Outcome, SolveError<G::Position>> {
            match self.answer(game, position, Question::Outcome)? {
                Answer::Outcome(outcome) => Ok(outcome),
                Answer::Grundy(value) => Ok(Outcome::from(value)),
            }
        }

        pub(crate) fn grundy(
            &mut self,
            game: &G,
            position: &G::Position,
        ) -> Result<Nimber, SolveError<G::Position>> {
            match self.answer(game, position, Question::Grundy)? {
                Answer::Grundy(value) => Ok(value),
                Answer::Outcome(_) => unreachable!("a value asked, a value answered"),
            }
        }
    }
}

#[cfg(not(feature = "decompose"))]
mod without {
    use std::marker::PhantomData;

    use crate::error::SolveError;
    use crate::game::{ImpartialGame, Nimber, Outcome};

    /// No decomposing search: never active, of no size.
    pub(crate) struct Decomposing<G>(PhantomData<fn() -> G>);

    impl<G> Clone for Decomposing<G> {
        fn clone(&self) -> Self {
            Decomposing(PhantomData)
        }
    }

    #[allow(
        clippy::unused_self,
        reason = "the stand-in keeps the signatures of the search it stands for"
    )]
    impl<G: ImpartialGame> Decomposing<G> {
        pub(crate) fn new() -> Self {
            Decomposing(PhantomData)
        }

        pub(crate) fn limit_states(&mut self, _: usize) {}

        pub(crate) fn limit_bytes(&mut self, _: usize) {}

        pub(crate) fn ignore_closed_forms(&mut self) {}

        pub(crate) fn clear(&mut self) {}

        pub(crate) fn states(&self) -> usize {
            0
        }

        pub(crate) fn bytes(&self) -> usize {
            0
        }

        #[allow(
            clippy::unused_self,
            reason = "asked of the part, as the stand-in without the feature is"
        )]
        pub(crate) fn active(&self) -> bool {
            false
        }

        pub(crate) fn outcome(
            &mut self,
            _: &G,
            _: &G::Position,
        ) -> Result<Outcome, SolveError<G::Position>> {
            unreachable!("asked only when active, and never active")
        }

        pub(crate) fn grundy(
            &mut self,
            _: &G,
            _: &G::Position,
        ) -> Result<Nimber, SolveError<G::Position>> {
            unreachable!("asked only when active, and never active")
        }
    }
}
