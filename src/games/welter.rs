//! Welter's game: coins on a strip of squares numbered 0, 1, 2, …, at most one coin on a
//! square; a move slides one coin to any free square to its left, jumping over coins if it
//! likes. Whoever makes the last move wins. It is Nim whose heaps must stay different.
//!
//! Welter (1954) found its values, and Conway gave them the form used here (*On Numbers and
//! Games*, ch. 13 "The Curious Field On₂"; *Winning Ways*, ch. 15 "Welter's Game"): the value
//! `[a₁ | a₂ | … | aₙ]` of coins on squares `a₁, …, aₙ` is their nim-sum corrected by their
//! **mating**. Two numbers are *mates* when they agree in as many final binary digits as any
//! pair can; mate the closest pair, then the closest of the rest, and so on. A pair that
//! agrees in its last `t` digits and differs in digit `t` adds `2ᵗ⁺¹ − 1` to the nim-sum:
//!
//! ```text
//! [a | b] = a ⊕ b ⊕ (2ᵗ⁺¹ − 1) = (a ⊕ b) − 1,     t = the lowest digit where a and b differ
//! ```
//!
//! Here the mating is read from the binary trie of the squares, last digit first: a node of
//! depth `t` whose two branches hold an odd number of coins each mates one coin of each, so
//! the correction is the XOR of `2ᵗ⁺¹ − 1` over those nodes. That takes `O(n · b)` for `n`
//! coins of `b` bits ([`grundy`]).
//!
//! A winning move moves one coin `a` to a free square `x < a` with `[rest | x] = 0`. For the
//! rest fixed, that `x` is found without trying every square: where `x` leaves the trie of
//! the rest (a node with an empty branch), its path fixes every mating it changes, so the
//! value equation gives all of `x`, to be checked against the path. One pass over the
//! trie per coin: `O(n² · b)` for every winning move ([`winning_moves`]).
//!
//! ```
//! use impartial::welter::{self, WelterPosition};
//! use impartial::Nimber;
//!
//! // Coins on squares 0 and 3: moving 3 to 1 leaves 0 and 1, which cannot move.
//! let position = WelterPosition::new(&[0, 3])?;
//! assert_eq!(welter::grundy(&position), Nimber(2));
//! let best = welter::winning_move(&position).expect("an N-position");
//! assert_eq!((best.from, best.to), (3, 1));
//! assert_eq!(welter::grundy(&WelterPosition::new(&[0, 1, 2, 3])?), Nimber(0)); // no coin can move
//! assert_eq!(welter::grundy(&WelterPosition::new(&[1, 4, 6])?), Nimber(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;
use std::convert::Infallible;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome};

/// Why a list of squares is not a position of Welter's game.
///
/// # Examples
///
/// ```
/// use impartial::welter::{WelterError, WelterPosition};
///
/// assert_eq!(WelterPosition::new(&[4, 1, 4]), Err(WelterError::SharedSquare { square: 4 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WelterError {
    /// Two coins on one square.
    #[error("two coins on square {square}: a square holds at most one")]
    SharedSquare {
        /// The square.
        square: u64,
    },
}

/// A position of Welter's game: the squares of its coins, distinct, kept ascending —
/// checked when it is made, so every question on it is answered.
///
/// # Examples
///
/// ```
/// use impartial::welter::WelterPosition;
///
/// let position = WelterPosition::new(&[3, 0])?;
/// assert_eq!(position.squares(), [0, 3]);
/// assert!(WelterPosition::new(&[2, 2]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Vec<u64>", into = "Vec<u64>")
)]
pub struct WelterPosition(Vec<u64>);

impl WelterPosition {
    /// The position with coins on `squares`, in any order.
    ///
    /// # Errors
    ///
    /// [`WelterError::SharedSquare`] if two coins share a square.
    pub fn new(squares: &[u64]) -> Result<Self, WelterError> {
        let mut sorted = squares.to_vec();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(WelterError::SharedSquare { square: pair[0] });
        }
        Ok(WelterPosition(sorted))
    }

    /// The squares of the coins, ascending.
    #[must_use]
    pub fn squares(&self) -> &[u64] {
        &self.0
    }
}

impl TryFrom<Vec<u64>> for WelterPosition {
    type Error = WelterError;

    fn try_from(squares: Vec<u64>) -> Result<Self, WelterError> {
        WelterPosition::new(&squares)
    }
}

impl From<WelterPosition> for Vec<u64> {
    fn from(position: WelterPosition) -> Self {
        position.0
    }
}

impl PartialEq<[u64]> for WelterPosition {
    fn eq(&self, other: &[u64]) -> bool {
        self.0 == other
    }
}

impl<const N: usize> PartialEq<[u64; N]> for WelterPosition {
    fn eq(&self, other: &[u64; N]) -> bool {
        self.0 == other
    }
}

/// The Welter value `[a₁ | … | aₙ]` of the position: its Sprague–Grundy value.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterPosition};
/// use impartial::Nimber;
///
/// let value = |squares: &[u64]| WelterPosition::new(squares).map(|p| welter::grundy(&p));
/// assert_eq!(value(&[])?, Nimber(0));
/// assert_eq!(value(&[7])?, Nimber(7)); // one coin is one Nim heap
/// assert_eq!(value(&[2, 5])?, Nimber((2 ^ 5) - 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn grundy(position: &WelterPosition) -> Nimber {
    Nimber(u128::from(welter_value(&trie_order(position.squares()))))
}

/// Who wins from the position.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterPosition};
/// use impartial::Outcome;
///
/// assert_eq!(welter::outcome(&WelterPosition::new(&[1, 4, 6])?), Outcome::P);
/// assert_eq!(welter::outcome(&WelterPosition::new(&[0, 3])?), Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn outcome(position: &WelterPosition) -> Outcome {
    Outcome::from(grundy(position))
}

/// The distinct `squares` sorted by their bits read last digit first — the order of the
/// trie's leaves.
fn trie_order(squares: &[u64]) -> Vec<u64> {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable_by_key(|square| square.reverse_bits());
    sorted
}

/// The value of distinct squares sorted in trie order.
fn welter_value(sorted: &[u64]) -> u64 {
    sorted.iter().fold(0, |sum, &square| sum ^ square) ^ mating(sorted, 0)
}

/// `2ᵗ⁺¹ − 1`, the correction of a pair mated at depth `t`.
fn mate_mask(depth: u32) -> u64 {
    if depth >= 63 {
        u64::MAX
    } else {
        (1 << (depth + 1)) - 1
    }
}

/// The XOR of the corrections of the matings below a node of depth `depth` holding `node`
/// (in trie order, every square agreeing in its `depth` last digits).
fn mating(node: &[u64], depth: u32) -> u64 {
    if node.len() < 2 || depth >= 64 {
        return 0;
    }
    let (zeros, ones) = node.split_at(node.partition_point(|&square| square >> depth & 1 == 0));
    let here = if zeros.len() % 2 == 1 && ones.len() % 2 == 1 {
        mate_mask(depth)
    } else {
        0
    };
    here ^ mating(zeros, depth + 1) ^ mating(ones, depth + 1)
}

/// A move of Welter's game: the coin on square `from` slides to the free square `to`
/// below it.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterMove, WelterPosition};
///
/// let best = welter::winning_move(&WelterPosition::new(&[5])?);
/// assert_eq!(best, Some(WelterMove { from: 5, to: 0 }));
/// assert_eq!(best.unwrap().to_string(), "slide the coin on square 5 to square 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WelterMove {
    /// The square the coin leaves.
    pub from: u64,
    /// The free square it moves to, below `from`.
    pub to: u64,
}

impl fmt::Display for WelterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "slide the coin on square {} to square {}",
            self.from, self.to
        )
    }
}

/// Every winning move from the position, coin by coin from the lowest square: at most one
/// per coin, since for the other coins fixed the square that balances is unique. None from a
/// P-position.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterPosition};
///
/// let position = WelterPosition::new(&[1, 2, 3])?;
/// let moves: Vec<_> = welter::winning_moves(&position).collect();
/// assert!(!moves.is_empty());
/// for step in &moves {
///     let after: Vec<u64> = position.squares().iter().map(|&s| if s == step.from { step.to } else { s }).collect();
///     assert_eq!(welter::grundy(&WelterPosition::new(&after)?).0, 0);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_moves(position: &WelterPosition) -> impl Iterator<Item = WelterMove> + '_ {
    let sorted = trie_order(position.squares());
    let live = welter_value(&sorted) != 0;
    position
        .squares()
        .iter()
        .filter(move |_| live)
        .filter_map(move |&from| {
            let rest: Vec<u64> = sorted.iter().copied().filter(|&s| s != from).collect();
            balancing_square(&rest)
                .filter(|&to| to < from)
                .map(|to| WelterMove { from, to })
        })
}

/// The first winning move of [`winning_moves`], or `None` from a P-position.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterPosition};
///
/// assert_eq!(welter::winning_move(&WelterPosition::new(&[0, 1])?), None);
/// assert!(welter::winning_move(&WelterPosition::new(&[0, 2])?).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn winning_move(position: &WelterPosition) -> Option<WelterMove> {
    winning_moves(position).next()
}

/// The free square `x` with `[rest | x] = 0`, if there is one, for `rest` in trie order.
fn balancing_square(rest: &[u64]) -> Option<u64> {
    if rest.is_empty() {
        return Some(0);
    }
    let nim_sum = rest.iter().fold(0, |sum, &square| sum ^ square);
    let mut found = None;
    search_leaving_points(rest, 0, 0, nim_sum, &mut found);
    found
}

/// Walks the trie of `node` (the squares agreeing with `x` in its `depth` last digits,
/// `prefix`). `outside` is the nim-sum of the rest with the corrections of every node
/// outside this subtree, as they are with `x` added: `x` balances the position when it
/// equals that nim-sum with the corrections inside. Where `x`'s branch is empty, `x` leaves
/// the trie, alone below, so the equation gives all of `x`, which must follow the path.
fn search_leaving_points(
    node: &[u64],
    depth: u32,
    prefix: u64,
    outside: u64,
    found: &mut Option<u64>,
) {
    if found.is_some() || depth >= 64 {
        return;
    }
    let (zeros, ones) = node.split_at(node.partition_point(|&square| square >> depth & 1 == 0));
    let (below_zeros, below_ones) = (mating(zeros, depth + 1), mating(ones, depth + 1));
    for (bit, branch, other, other_below) in [
        (0u64, zeros, ones, below_ones),
        (1, ones, zeros, below_zeros),
    ] {
        let path = prefix | bit << depth;
        // With x in `branch`, this node mates when both branches hold an odd count.
        let mated = (branch.len() + 1) % 2 == 1 && other.len() % 2 == 1;
        let here = if mated { mate_mask(depth) } else { 0 };
        let with_node = outside ^ here ^ other_below;
        if branch.is_empty() {
            if with_node & mate_mask(depth) == path {
                *found = Some(with_node);
                return;
            }
        } else {
            search_leaving_points(branch, depth + 1, path, with_node, found);
        }
    }
}

/// Welter's game as a ruleset on [`WelterPosition`]s.
///
/// Its closed-form hook returns [`grundy`]; use
/// [`Solver::without_closed_form`](crate::Solver::without_closed_form) to check it.
///
/// # Examples
///
/// ```
/// use impartial::welter::{Welter, WelterPosition};
/// use impartial::{Nimber, Solver};
///
/// let mut solver = Solver::new(Welter).without_closed_form();
/// assert_eq!(solver.grundy(WelterPosition::new(&[0, 3])?)?, Nimber(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Welter;

impl ImpartialGame for Welter {
    type Position = WelterPosition;

    fn moves(&self, position: &WelterPosition) -> impl Iterator<Item = WelterPosition> {
        let squares = position.squares();
        squares.iter().enumerate().flat_map(move |(coin, &from)| {
            (0..from)
                .filter(move |to| squares.binary_search(to).is_err())
                .map(move |to| {
                    let mut next = squares.to_vec();
                    next[coin] = to;
                    next.sort_unstable();
                    WelterPosition(next)
                })
        })
    }

    fn known_grundy(&self, position: &WelterPosition) -> Option<Nimber> {
        Some(grundy(position))
    }

    fn allocated_bytes(&self, position: &WelterPosition) -> usize {
        position.0.capacity() * size_of::<u64>()
    }
}

/// Conway's closed form: [`grundy`] and [`winning_moves`].
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, Welter, WelterPosition};
/// use impartial::{ClosedForm, Outcome};
///
/// let position = WelterPosition::new(&[0, 3])?;
/// let Ok(best) = Welter.winning_move(&position);
/// let best = best.expect("an N-position");
/// assert_eq!(best.to_string(), "slide the coin on square 3 to square 1");
/// assert_eq!(Welter.outcome(&Welter.leaves(&position, &best)?), Ok(Outcome::P));
/// // Upward, or onto another coin, a slide is refused.
/// let up = welter::WelterMove { from: 0, to: 9 };
/// assert!(Welter.leaves(&position, &up).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for Welter {
    type Move = WelterMove;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<WelterPosition>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let position: &WelterPosition = holder.borrow();
        Ok(outcome(position))
    }

    fn grundy(
        &self,
        position: impl IntoPosition<WelterPosition>,
    ) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let position: &WelterPosition = holder.borrow();
        Ok(Some(grundy(position)))
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<WelterPosition>,
    ) -> Result<impl Iterator<Item = WelterMove>, Infallible> {
        let holder = position.into_holder();
        let position: &WelterPosition = holder.borrow();
        // At most one move a heap: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(winning_moves(position).collect::<Vec<_>>().into_iter())
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<WelterPosition>,
    ) -> Result<Option<WelterMove>, Infallible> {
        Ok(winning_move(position.into_holder().borrow()))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<WelterPosition>,
        chosen: &WelterMove,
    ) -> Result<WelterPosition, IllegalMove<WelterPosition, WelterMove>> {
        let holder = position.into_holder();
        let position: &WelterPosition = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(position, chosen, reason);
        let squares = position.squares();
        let Ok(coin) = squares.binary_search(&chosen.from) else {
            return Err(refuse(format!("no coin is on square {}", chosen.from)));
        };
        if chosen.to >= chosen.from {
            return Err(refuse(format!(
                "a coin slides down: square {} is not below {}",
                chosen.to, chosen.from
            )));
        }
        if squares.binary_search(&chosen.to).is_ok() {
            return Err(refuse(format!("square {} holds a coin", chosen.to)));
        }
        let mut next = squares.to_vec();
        next[coin] = chosen.to;
        next.sort_unstable();
        Ok(WelterPosition(next))
    }
}
