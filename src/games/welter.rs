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
//! coins of `b` bits ([`value`]).
//!
//! A winning move moves one coin `a` to a free square `x < a` with `[rest | x] = 0`. For the
//! rest fixed, that `x` is found without trying every square: where `x` leaves the trie of
//! the rest (a node with an empty branch), its path fixes every mating it changes, so the
//! value equation gives all of `x`, to be checked against the path. One pass over the
//! trie per coin: `O(n² · b)` for every winning move ([`winning_moves`]).
//!
//! ```
//! use impartial::{welter, Nimber};
//!
//! // Coins on squares 0 and 3: moving 3 to 1 leaves 0 and 1, which cannot move.
//! assert_eq!(welter::value(&[0, 3])?, Nimber(2));
//! let best = welter::winning_move(&[0, 3])?.expect("an N-position");
//! assert_eq!((best.from, best.to), (3, 1));
//! assert_eq!(welter::value(&[0, 1, 2, 3])?, Nimber(0)); // no coin can move
//! assert_eq!(welter::value(&[1, 4, 6])?, Nimber(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::error::GameError;
use crate::game::{ImpartialGame, Nimber};

/// The Welter value `[a₁ | … | aₙ]` of coins on the squares given, in any order.
///
/// # Errors
///
/// [`GameError::InvalidPosition`] if two coins share a square.
///
/// # Examples
///
/// ```
/// use impartial::{welter, GameError, Nimber};
///
/// assert_eq!(welter::value(&[])?, Nimber(0));
/// assert_eq!(welter::value(&[7])?, Nimber(7)); // one coin is one Nim heap
/// assert_eq!(welter::value(&[2, 5])?, Nimber((2 ^ 5) - 1));
/// assert!(matches!(welter::value(&[4, 4]), Err(GameError::InvalidPosition(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn value(squares: &[u64]) -> Result<Nimber, GameError> {
    let sorted = checked_sorted(squares)?;
    Ok(Nimber(u128::from(welter_value(&sorted))))
}

/// The squares sorted by their bits read last digit first — the order of the trie's
/// leaves — after checking that no two coins share a square.
fn checked_sorted(squares: &[u64]) -> Result<Vec<u64>, GameError> {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
        return Err(GameError::InvalidPosition("two coins on one square"));
    }
    sorted.sort_unstable_by_key(|square| square.reverse_bits());
    Ok(sorted)
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

/// A move of Welter's game: the coin number `coin` (in the order given) slides from square
/// `from` to the free square `to < from`.
///
/// # Examples
///
/// ```
/// use impartial::welter::{self, WelterMove};
///
/// let best = welter::winning_move(&[5])?;
/// assert_eq!(best, Some(WelterMove { coin: 0, from: 5, to: 0 }));
/// assert_eq!(best.unwrap().to_string(), "coin 0 from square 5 to square 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WelterMove {
    /// The coin's place in the list of squares given.
    pub coin: usize,
    /// The square it leaves.
    pub from: u64,
    /// The free square it moves to, below `from`.
    pub to: u64,
}

impl fmt::Display for WelterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "coin {} from square {} to square {}",
            self.coin, self.from, self.to
        )
    }
}

/// Every winning move from the coins on `squares`, coin by coin in the order given: at
/// most one per coin, since for the other coins fixed the square that balances is unique.
/// Empty from a P-position.
///
/// # Errors
///
/// [`GameError::InvalidPosition`] if two coins share a square.
///
/// # Examples
///
/// ```
/// use impartial::welter;
///
/// let moves = welter::winning_moves(&[1, 2, 3])?;
/// for step in &moves {
///     let mut after = vec![1, 2, 3];
///     after[step.coin] = step.to;
///     assert_eq!(welter::value(&after)?.0, 0);
/// }
/// assert!(!moves.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_moves(squares: &[u64]) -> Result<Vec<WelterMove>, GameError> {
    let sorted = checked_sorted(squares)?;
    if welter_value(&sorted) == 0 {
        return Ok(Vec::new());
    }
    let mut moves = Vec::new();
    for (coin, &from) in squares.iter().enumerate() {
        let rest: Vec<u64> = sorted.iter().copied().filter(|&s| s != from).collect();
        if let Some(to) = balancing_square(&rest).filter(|&to| to < from) {
            moves.push(WelterMove { coin, from, to });
        }
    }
    Ok(moves)
}

/// The first winning move of [`winning_moves`], or `None` from a P-position.
///
/// # Errors
///
/// [`GameError::InvalidPosition`] if two coins share a square.
///
/// # Examples
///
/// ```
/// use impartial::welter;
///
/// assert_eq!(welter::winning_move(&[0, 1])?, None);
/// assert!(welter::winning_move(&[0, 2])?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_move(squares: &[u64]) -> Result<Option<WelterMove>, GameError> {
    Ok(winning_moves(squares)?.into_iter().next())
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

/// Welter's game as a ruleset: a position is the squares of the coins, ascending.
///
/// Its closed-form hook returns [`value`]; use
/// [`Solver::without_closed_form`](crate::Solver::without_closed_form) to check it.
///
/// # Examples
///
/// ```
/// use impartial::welter::Welter;
/// use impartial::{Nimber, Solver};
///
/// let mut solver = Solver::new(Welter).without_closed_form();
/// assert_eq!(solver.grundy(&vec![0, 3])?, Nimber(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Welter;

impl ImpartialGame for Welter {
    type Position = Vec<u64>;

    fn moves(&self, squares: &Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
        squares.iter().enumerate().flat_map(move |(coin, &from)| {
            (0..from)
                .filter(move |to| !squares.contains(to))
                .map(move |to| {
                    let mut next = squares.clone();
                    next[coin] = to;
                    next.sort_unstable();
                    next
                })
        })
    }

    fn known_grundy(&self, squares: &Vec<u64>) -> Option<Nimber> {
        value(squares).ok()
    }

    fn allocated_bytes(&self, squares: &Vec<u64>) -> usize {
        squares.capacity() * size_of::<u64>()
    }
}
