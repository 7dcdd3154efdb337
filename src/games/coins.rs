//! Coin-turning games: a row of coins, each heads or tails; a move turns over a set of
//! coins, the last of which must go from heads to tails. Whoever makes the last move wins.
//!
//! The theory (*Winning Ways*, ch. 14; T. S. Ferguson, *Game Theory*, part I, ch. 5): a
//! position is the sum of its heads, each a game of its own — turning a tail to heads is the
//! same as turning a head twice — so its Grundy value is the XOR of the values of single heads
//! at each heads coin, and a rule is solved by the values of single heads, one per coin:
//!
//! | Ruleset | a move turns over coin `n`, which must show heads, and | coins | a head at `n` is worth | OEIS |
//! |---|---|---|---|---|
//! | [`Twins`] | exactly one coin `m < n` | 0, 1, 2, … | `n` | [A001477](https://oeis.org/A001477) |
//! | [`TurningTurtles`] | at most one coin `m`, `1 ≤ m < n` | 1, 2, … | `n` | [A000027](https://oeis.org/A000027) |
//! | [`MockTurtles`] | at most two coins below `n` | 0, 1, 2, … | the `n`-th odious number | [A000069](https://oeis.org/A000069) |
//! | [`Ruler`] | the coins just before `n`, any number of them in a run | 1, 2, … | the largest power of 2 dividing `n` | [A006519](https://oeis.org/A006519) |
//! | [`Product`]`<A, B>` | coins `(x, y)` in a grid: a move of `A` times a move of `B` | pairs | `A`'s value ⊗ `B`'s | |
//! | [`TurningCorners`] | the other three corners of a rectangle, `(x, y)` the far one | pairs | `x ⊗ y` | [A051775](https://oeis.org/A051775) |
//!
//! Coins are numbered as in Ferguson. Where the numbering starts at 1, coin 0 is a dummy: no
//! move ever turns it, and a head on it is worth 0. Nim in disguise: a head on coin `n` of
//! Turning Turtles is a heap of `n` — turning `n` alone takes the heap, turning `m` with it
//! leaves `m`.
//!
//! **The Tartan theorem** (*Winning Ways*, ch. 14): in the product of two coin-turning games
//! a head at `(x, y)` is worth the *nim-product* of the two values, so the games of the grid
//! are solved by the [`field`](crate::field) of nimbers — and their winning moves found by
//! nim-division.
//!
//! ```
//! use impartial::coins::{Coins, TurningCorners};
//! use impartial::{ClosedForm, Nimber, Outcome};
//!
//! let corners = TurningCorners::default();
//! // Heads at (2, 3) and (3, 2): worth 2 ⊗ 3 ⊕ 3 ⊗ 2 = 0, a loss for the player to move.
//! assert_eq!(corners.outcome([(2, 3), (3, 2)]), Ok(Outcome::P));
//! // A single head at (5, 6) is worth 5 ⊗ 6 = 8.
//! let position = Coins::from([(5, 6)]);
//! assert_eq!(corners.grundy(&position), Ok(Some(Nimber(8))));
//! let Ok(Some(best)) = corners.winning_move(&position) else { panic!("8 is not 0") };
//! assert_eq!(best.coin, (5, 6));
//! assert_eq!(corners.grundy(&best.leaves), Ok(Some(Nimber(0))));
//! ```
//!
//! Every ruleset is an [`ImpartialGame`] whose positions are [`Coins`], so the
//! [`Solver`](crate::Solver) plays it from the definition; it hands the solver its closed
//! form through [`ImpartialGame::known_grundy`]. A new ruleset needs only [`CoinRule::turns`]
//! and [`CoinRule::value`].

use std::borrow::Borrow;
use std::fmt;
use std::hash::Hash;
use std::ops::Deref;

use smallvec::SmallVec;

use std::convert::Infallible;

use crate::closed_form::ClosedForm;
use crate::game::{IllegalMove, ImpartialGame, IntoPosition, Nimber, Outcome};

/// The coins a move turns over besides the heads coin it is named by: all of them come before
/// that coin. Up to three are held without an allocation.
pub type Turn<C> = SmallVec<[C; 3]>;

/// A coin-turning ruleset: the moves named by each coin, and the value of a single head on
/// each coin.
///
/// Every `CoinRule` is an [`ImpartialGame`] on [`Coins`] positions: a move chooses a heads
/// coin `c` and one of [`turns`](CoinRule::turns)`(c)`, and turns over `c` and the coins of
/// the turn.
///
/// # Examples
///
/// A ruleset of our own — turn over a heads coin and, if you like, the coin just before it —
/// with its values worked out by hand, checked against a search from the definition:
///
/// ```
/// use impartial::coins::{CoinRule, Coins, Turn};
/// use impartial::{ClosedForm, ImpartialGame, Nimber, Solver};
///
/// struct OneOrTwoAdjacent;
///
/// impl CoinRule for OneOrTwoAdjacent {
///     type Coin = u64;
///     fn turns(&self, coin: u64) -> impl Iterator<Item = Turn<u64>> {
///         let before = coin.checked_sub(1).map(|before| Turn::from_slice(&[before]));
///         std::iter::once(Turn::new()).chain(before)
///     }
///     fn value(&self, coin: u64) -> Nimber {
///         // Coin 0: mex{0} = 1. Coin n: mex{0, value(n − 1)} — so 1, 2, 1, 2, …
///         Nimber(1 + u128::from(coin % 2))
///     }
/// }
///
/// /// The same moves without the closed form, so the solver must search.
/// struct Bare;
///
/// impl ImpartialGame for Bare {
///     type Position = Coins<u64>;
///     fn moves(&self, position: &Coins<u64>) -> impl Iterator<Item = Coins<u64>> {
///         OneOrTwoAdjacent.moves(position)
///     }
/// }
///
/// let position = Coins::from([0, 3, 4]);
/// assert_eq!(OneOrTwoAdjacent.grundy(&position), Ok(Some(Nimber(1 ^ 2 ^ 1))));
/// assert_eq!(Solver::new(Bare).grundy(&position)?, Nimber(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait CoinRule {
    /// A coin's place: `u64` for a row, a pair for a grid. Its order is the order of the
    /// coins: every coin a move turns over comes before the coin the move is named by.
    type Coin: Copy + Ord + Hash + fmt::Debug;

    /// Every move named by `coin` (which goes from heads to tails), as the other coins it turns
    /// over — all before `coin`, no coin twice. The order is the order in which winning moves
    /// are reported.
    fn turns(&self, coin: Self::Coin) -> impl Iterator<Item = Turn<Self::Coin>>;

    /// The Grundy value of a single head on `coin`: the mex of the values the turns leave.
    fn value(&self, coin: Self::Coin) -> Nimber;

    /// Whether `turned` is one of the [`turns`](CoinRule::turns) named by `coin`: how a move
    /// is checked before it is applied.
    ///
    /// The default searches the turns; the rows here answer in **O(1)** or **O(k)** for `k`
    /// coins turned, so a move on a coin far along the row is checked at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::coins::{CoinRule, Ruler};
    ///
    /// assert!(Ruler.is_turn(6, &[4, 5])); // the run 4, 5, 6
    /// assert!(!Ruler.is_turn(6, &[3, 5])); // not a run
    /// ```
    fn is_turn(&self, coin: Self::Coin, turned: &[Self::Coin]) -> bool {
        self.turns(coin).any(|turn| turn.as_slice() == turned)
    }

    /// A turn named by `coin` whose coins, `coin` among them, are worth `change` together —
    /// the move that changes a position's value by `change` — or `None` if there is none.
    ///
    /// The default searches [`turns`](CoinRule::turns); the rows here answer in **O(1)** or
    /// **O(log n)**, a [`Product`] by searching the turns of its smaller factor.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::coins::{CoinRule, Ruler};
    /// use impartial::Nimber;
    ///
    /// // Ruler at coin 6 (worth 2): turning 5 and 6 is worth 1 ⊕ 2 = 3.
    /// assert_eq!(Ruler.turn_to(6, Nimber(3)).as_deref(), Some(&[5][..]));
    /// // The runs ending at 6 are worth 2, 3, 7, 6, 4, 5: never 8.
    /// assert_eq!(Ruler.turn_to(6, Nimber(4)).as_deref(), Some(&[2, 3, 4, 5][..]));
    /// assert_eq!(Ruler.turn_to(6, Nimber(8)), None);
    /// ```
    fn turn_to(&self, coin: Self::Coin, change: Nimber) -> Option<Turn<Self::Coin>> {
        let own = self.value(coin);
        self.turns(coin).find(|turn| {
            turn.iter()
                .fold(own, |worth, &other| worth ^ self.value(other))
                == change
        })
    }
}

impl<R: CoinRule> ImpartialGame for R {
    type Position = Coins<R::Coin>;

    fn moves(&self, position: &Coins<R::Coin>) -> impl Iterator<Item = Coins<R::Coin>> {
        position.iter().flat_map(move |&coin| {
            self.turns(coin).map(move |turned| {
                let mut after = position.clone();
                after.turn_over(coin);
                for &other in &turned {
                    after.turn_over(other);
                }
                after
            })
        })
    }

    fn allocated_bytes(&self, position: &Coins<R::Coin>) -> usize {
        if position.0.spilled() {
            position.0.capacity() * size_of::<R::Coin>()
        } else {
            0
        }
    }

    fn known_grundy(&self, position: &Coins<R::Coin>) -> Option<Nimber> {
        Some(grundy_of(self, position))
    }
}

/// The value of `position`: the XOR of its heads coins' [`value`](CoinRule::value)s.
fn grundy_of<R: CoinRule>(rule: &R, position: &Coins<R::Coin>) -> Nimber {
    position
        .iter()
        .fold(Nimber(0), |worth, &coin| worth ^ rule.value(coin))
}

/// A winning move from `position`, as in Nim: with `s` the position's value, a heads coin
/// whose value has the highest bit of `s` set is worth more than `value ⊕ s`, so by the mex
/// rule one of its turns leaves exactly `value ⊕ s` there — the turn that
/// [`turn_to`](CoinRule::turn_to) finds. One pass over the heads and one `turn_to`.
fn winning_move_of<R: CoinRule>(rule: &R, position: &Coins<R::Coin>) -> Option<CoinMove<R::Coin>> {
    let target = grundy_of(rule, position);
    let top = target.0.checked_ilog2()?;
    let turn_at = |&coin: &R::Coin| {
        rule.turn_to(coin, target)
            .map(|turned| CoinMove::new(position, coin, turned))
    };
    position
        .iter()
        .filter(|&&coin| rule.value(coin).0 >> top & 1 == 1)
        .find_map(turn_at)
        // Only a rule whose values break the mex rule gets here.
        .or_else(|| position.iter().find_map(turn_at))
}

/// Every winning move from `position`: [`winning_move_of`]'s first, then the others, heads
/// coins in order, each with its turns in the order of [`turns`](CoinRule::turns). Past the
/// first, visits every move of the position.
fn winning_moves_of<R: CoinRule>(
    rule: &R,
    position: Coins<R::Coin>,
) -> impl Iterator<Item = CoinMove<R::Coin>> {
    let first = winning_move_of(rule, &position);
    let target = grundy_of(rule, &position);
    let heads: Turn<R::Coin> = if target == Nimber(0) {
        Turn::new()
    } else {
        position.iter().copied().collect()
    };
    let again = first.clone();
    let others = heads.into_iter().flat_map(move |coin| {
        let position = position.clone();
        let own = rule.value(coin);
        rule.turns(coin).filter_map(move |turned| {
            let change = turned
                .iter()
                .fold(own, |worth, &other| worth ^ rule.value(other));
            (change == target).then(|| CoinMove::new(&position, coin, turned))
        })
    });
    first
        .into_iter()
        .chain(others.filter(move |made| Some(made) != again.as_ref()))
}

/// Every coin-turning ruleset's closed form, from its [`CoinRule`]: the XOR of the heads'
/// values; a winning move as in Nim — with `s` the position's value, a heads coin whose value
/// has the highest bit of `s` set is worth more than `value ⊕ s`, so by the mex rule one of
/// its turns leaves exactly `value ⊕ s` there, the turn [`turn_to`](CoinRule::turn_to)
/// finds — and every winning move, that one first, then the others, heads coins in order,
/// each with its turns in the order of [`turns`](CoinRule::turns).
///
/// # Examples
///
/// ```
/// use impartial::coins::{Coins, MockTurtles};
/// use impartial::{ClosedForm, Nimber};
///
/// let position = Coins::from([0, 3]);
/// assert_eq!(MockTurtles.grundy(&position)?, Some(Nimber(1 ^ 7)));
/// let best = MockTurtles.winning_move(&position)?.expect("N");
/// assert_eq!(MockTurtles.leaves(&position, &best)?, best.leaves);
/// assert!(MockTurtles.leaves(&Coins::from([0]), &best).is_err()); // found with coin 3 heads
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<R: CoinRule> ClosedForm for R {
    type Move = CoinMove<R::Coin>;
    type Error = Infallible;

    fn outcome(&self, position: impl IntoPosition<Coins<R::Coin>>) -> Result<Outcome, Infallible> {
        let holder = position.into_holder();
        let position: &Coins<R::Coin> = holder.borrow();
        Ok(Outcome::from(grundy_of(self, position)))
    }

    fn grundy(
        &self,
        position: impl IntoPosition<Coins<R::Coin>>,
    ) -> Result<Option<Nimber>, Infallible> {
        let holder = position.into_holder();
        let position: &Coins<R::Coin> = holder.borrow();
        Ok(Some(grundy_of(self, position)))
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Coins<R::Coin>>,
    ) -> Result<impl Iterator<Item = CoinMove<R::Coin>>, Infallible> {
        let holder = position.into_holder();
        let position: &Coins<R::Coin> = holder.borrow();
        Ok(winning_moves_of(self, position.clone()))
    }

    fn winning_move(
        &self,
        position: impl IntoPosition<Coins<R::Coin>>,
    ) -> Result<Option<CoinMove<R::Coin>>, Infallible> {
        let holder = position.into_holder();
        let position: &Coins<R::Coin> = holder.borrow();
        Ok(winning_move_of(self, position))
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Coins<R::Coin>>,
        chosen: &CoinMove<R::Coin>,
    ) -> Result<Coins<R::Coin>, IllegalMove<Coins<R::Coin>, CoinMove<R::Coin>>> {
        let holder = position.into_holder();
        let position: &Coins<R::Coin> = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(position, chosen, reason);
        if position.binary_search(&chosen.coin).is_err() {
            return Err(refuse(format!("coin {:?} shows tails", chosen.coin)));
        }
        if !self.is_turn(chosen.coin, &chosen.turned) {
            return Err(refuse(format!(
                "the rule turns no such coins with coin {:?}",
                chosen.coin
            )));
        }
        let made = CoinMove::new(position, chosen.coin, chosen.turned.clone());
        if made.leaves != chosen.leaves {
            return Err(refuse(format!("it leaves {:?}", made.leaves)));
        }
        Ok(made.leaves)
    }
}

/// How many coins a position holds without an allocation.
const INLINE: usize = 4;

/// A position of a coin-turning game: the set of coins that show heads, in coin order.
///
/// # Examples
///
/// ```
/// use impartial::coins::Coins;
///
/// let mut heads = Coins::from([5, 2, 9, 2]);
/// assert_eq!(heads, [2, 5, 9]); // a set: each coin once, in order
/// heads.turn_over(5);
/// heads.turn_over(7);
/// assert_eq!(heads, [2, 7, 9]);
/// assert!(heads.contains(&7));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        from = "Vec<C>",
        into = "Vec<C>",
        bound(
            serialize = "C: Clone + serde::Serialize",
            deserialize = "C: Ord + serde::Deserialize<'de>"
        )
    )
)]
pub struct Coins<C>(SmallVec<[C; INLINE]>);

impl<C: Ord> Coins<C> {
    /// No heads: the terminal position.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::coins::Coins;
    ///
    /// assert!(Coins::<u64>::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Coins(SmallVec::new())
    }

    /// Whether `coin` shows heads.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::coins::Coins;
    ///
    /// assert!(Coins::from([(1, 2)]).contains(&(1, 2)));
    /// assert!(!Coins::from([(1, 2)]).contains(&(2, 1)));
    /// ```
    #[must_use]
    pub fn contains(&self, coin: &C) -> bool {
        self.0.binary_search(coin).is_ok()
    }

    /// Turns `coin` over: heads to tails, or tails to heads.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::coins::Coins;
    ///
    /// let mut heads = Coins::from([3]);
    /// heads.turn_over(3);
    /// assert!(heads.is_empty());
    /// heads.turn_over(4);
    /// assert_eq!(heads, [4]);
    /// ```
    pub fn turn_over(&mut self, coin: C) {
        match self.0.binary_search(&coin) {
            Ok(at) => {
                self.0.remove(at);
            }
            Err(at) => self.0.insert(at, coin),
        }
    }
}

impl<C: Ord> Default for Coins<C> {
    fn default() -> Self {
        Coins::new()
    }
}

impl<C> Deref for Coins<C> {
    type Target = [C];

    fn deref(&self) -> &[C] {
        &self.0
    }
}

impl<C: fmt::Debug> fmt::Debug for Coins<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<C: Ord> FromIterator<C> for Coins<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut coins: SmallVec<[C; INLINE]> = iter.into_iter().collect();
        coins.sort_unstable();
        coins.dedup();
        Coins(coins)
    }
}

impl<C: Ord, const N: usize> From<[C; N]> for Coins<C> {
    fn from(coins: [C; N]) -> Self {
        coins.into_iter().collect()
    }
}

impl<C: Ord + Copy> From<&[C]> for Coins<C> {
    fn from(coins: &[C]) -> Self {
        coins.iter().copied().collect()
    }
}

impl<C: Ord> From<Vec<C>> for Coins<C> {
    fn from(coins: Vec<C>) -> Self {
        coins.into_iter().collect()
    }
}

impl<C> From<Coins<C>> for Vec<C> {
    fn from(coins: Coins<C>) -> Self {
        coins.0.into_vec()
    }
}

impl<'a, C> IntoIterator for &'a Coins<C> {
    type Item = &'a C;
    type IntoIter = std::slice::Iter<'a, C>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<C: PartialEq, const N: usize> PartialEq<[C; N]> for Coins<C> {
    fn eq(&self, other: &[C; N]) -> bool {
        self.0.as_slice() == other
    }
}

impl<C: Ord, const N: usize> IntoPosition<Coins<C>> for [C; N] {
    type Holder = Coins<C>;

    fn into_holder(self) -> Coins<C> {
        Coins::from(self)
    }
}

impl<C: Ord + Copy> IntoPosition<Coins<C>> for &[C] {
    type Holder = Coins<C>;

    fn into_holder(self) -> Coins<C> {
        Coins::from(self)
    }
}

impl<C: Ord> IntoPosition<Coins<C>> for Vec<C> {
    type Holder = Coins<C>;

    fn into_holder(self) -> Coins<C> {
        Coins::from(self)
    }
}

/// One move of a coin-turning game: `coin` goes from heads to tails, the coins of `turned`
/// (all before it) turn over too, and `leaves` is the position after.
///
/// # Examples
///
/// ```
/// use impartial::ClosedForm;
/// use impartial::coins::{Coins, TurningTurtles};
///
/// // Nim with heaps 4 and 6: take the 6 down to 4, turning coins 6 and 4.
/// let Ok(Some(best)) = TurningTurtles.winning_move([4, 6]) else { panic!("4 ⊕ 6 is not 0") };
/// assert_eq!(best.to_string(), "turn coin 6 to tails and turn over coin 4");
/// assert_eq!(best.coin, 6);
/// assert_eq!(best.turned.as_slice(), [4]);
/// assert_eq!(best.leaves, Coins::new());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "C: Clone + serde::Serialize",
        deserialize = "C: Ord + serde::Deserialize<'de>"
    ))
)]
pub struct CoinMove<C> {
    /// The heads coin the move turns to tails: the last coin it turns.
    pub coin: C,
    /// The other coins the move turns over, each before `coin`.
    pub turned: Turn<C>,
    /// The position the move leaves.
    pub leaves: Coins<C>,
}

impl<C: fmt::Debug> fmt::Display for CoinMove<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn coin {:?} to tails", self.coin)?;
        for (place, other) in self.turned.iter().enumerate() {
            let joint = match place {
                0 => " and turn over coin",
                _ if place + 1 == self.turned.len() => " and",
                _ => ",",
            };
            write!(f, "{joint} {other:?}")?;
        }
        Ok(())
    }
}

impl<C: Ord + Copy> CoinMove<C> {
    fn new(position: &Coins<C>, coin: C, turned: Turn<C>) -> Self {
        let mut leaves = position.clone();
        leaves.turn_over(coin);
        for &other in &turned {
            leaves.turn_over(other);
        }
        CoinMove {
            coin,
            turned,
            leaves,
        }
    }
}

/// Twins: a move turns over exactly two coins, the later one from heads to tails. Coins are
/// numbered from 0, and a head on coin `n` is worth `n`: Nim, with a heap of `n` for each
/// head at `n` (turning `n` and `m` moves the heap from `n` to `m`).
///
/// The factor of [`TurningCorners`].
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, Twins};
/// use impartial::{ClosedForm, Nimber, Outcome};
///
/// assert_eq!(Twins.value(6), Nimber(6));
/// assert_eq!(Twins.outcome([1, 2, 3]), Ok(Outcome::P));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Twins;

impl CoinRule for Twins {
    type Coin = u64;

    fn turns(&self, coin: u64) -> impl Iterator<Item = Turn<u64>> {
        (0..coin).map(|other| Turn::from_slice(&[other]))
    }

    fn value(&self, coin: u64) -> Nimber {
        Nimber(u128::from(coin))
    }

    fn is_turn(&self, coin: u64, turned: &[u64]) -> bool {
        matches!(turned, [other] if *other < coin)
    }

    fn turn_to(&self, coin: u64, change: Nimber) -> Option<Turn<u64>> {
        let other = u64::try_from(change.0).ok()? ^ coin;
        (other < coin).then(|| Turn::from_slice(&[other]))
    }
}

/// Turning Turtles: a move turns over one or two coins, the later one from heads to tails.
/// Coins are numbered from 1 (coin 0 is a dummy, worth 0), and a head on coin `n` is worth
/// `n`: Nim again, where turning `n` alone takes a whole heap.
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, TurningTurtles};
/// use impartial::{ClosedForm, Nimber};
///
/// assert_eq!(TurningTurtles.value(6), Nimber(6));
/// // A single head: turn it alone, the whole heap.
/// let Ok(Some(best)) = TurningTurtles.winning_move([6]) else { panic!("6 is not 0") };
/// assert!(best.turned.is_empty() && best.leaves.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TurningTurtles;

impl CoinRule for TurningTurtles {
    type Coin = u64;

    fn turns(&self, coin: u64) -> impl Iterator<Item = Turn<u64>> {
        let alone = (coin > 0).then(Turn::new);
        alone
            .into_iter()
            .chain((1..coin).map(|other| Turn::from_slice(&[other])))
    }

    fn value(&self, coin: u64) -> Nimber {
        Nimber(u128::from(coin))
    }

    fn is_turn(&self, coin: u64, turned: &[u64]) -> bool {
        match *turned {
            [] => coin > 0,
            [other] => 1 <= other && other < coin,
            _ => false,
        }
    }

    fn turn_to(&self, coin: u64, change: Nimber) -> Option<Turn<u64>> {
        let other = u64::try_from(change.0).ok()? ^ coin;
        match other {
            _ if coin == 0 => None,
            0 => Some(Turn::new()),
            _ => (other < coin).then(|| Turn::from_slice(&[other])),
        }
    }
}

/// Mock Turtles: a move turns over one, two or three coins, the last from heads to tails.
/// Coins are numbered from 0, and a head on coin `n` is worth the `n`-th odious number (an
/// odd count of ones in binary): `2n` or `2n + 1`, whichever is odious — 1, 2, 4, 7, 8, 11,
/// 13, 14, … (*Winning Ways*, ch. 14: the Mock Turtles theorem).
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, MockTurtles};
///
/// let values: Vec<u128> = (0..8).map(|coin| MockTurtles.value(coin).0).collect();
/// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]); // OEIS A000069
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MockTurtles;

impl CoinRule for MockTurtles {
    type Coin = u64;

    fn turns(&self, coin: u64) -> impl Iterator<Item = Turn<u64>> {
        let one = (0..coin).map(|other| Turn::from_slice(&[other]));
        let two = (0..coin).flat_map(move |first| {
            (first + 1..coin).map(move |second| Turn::from_slice(&[first, second]))
        });
        std::iter::once(Turn::new()).chain(one).chain(two)
    }

    fn value(&self, coin: u64) -> Nimber {
        let twice = u128::from(coin) << 1;
        Nimber(twice | u128::from(coin.count_ones().is_multiple_of(2)))
    }

    fn is_turn(&self, coin: u64, turned: &[u64]) -> bool {
        match *turned {
            [] => true,
            [other] => other < coin,
            [first, second] => first < second && second < coin,
            _ => false,
        }
    }

    /// **O(1)**: the other coins must be worth `t = value(coin) ⊕ change`. One odious coin is
    /// worth `t` only if it is coin `t / 2`; two coins `m`, `m ⊕ t/2` are worth `t` whenever `t`
    /// is evil (every pair of odious numbers XORs to an evil one), so pick the pair below
    /// `coin`: `0` and `t/2` if it fits, or else `2^b` and `2^b ⊕ t/2` for the top bit `b` of
    /// `t/2` — which fit exactly when `2^b < coin`.
    fn turn_to(&self, coin: u64, change: Nimber) -> Option<Turn<u64>> {
        let others = (self.value(coin) ^ change).0;
        let half = others >> 1;
        let below = |other: u128| u64::try_from(other).ok().filter(|&other| other < coin);
        if others == 0 {
            Some(Turn::new())
        } else if others.count_ones() % 2 == 1 {
            below(half).map(|other| Turn::from_slice(&[other]))
        } else if let Some(second) = below(half) {
            Some(Turn::from_slice(&[0, second]))
        } else {
            let top = 1u128 << half.ilog2(); // half > 0: an evil t ≠ 0 is at least 3
            let second = below(top)?;
            let first = u64::try_from(top ^ half).ok()?;
            Some(Turn::from_slice(&[first, second]))
        }
    }
}

/// The Ruler game: a move turns over a run of consecutive coins, the last from heads to tails.
/// Coins are numbered from 1 (coin 0 is a dummy, worth 0), and a head on coin `n` is worth the
/// largest power of 2 dividing `n`: 1, 2, 1, 4, 1, 2, 1, 8, … — the marks of a ruler.
///
/// A run ending at coin `n` can be `n` coins long, so the positions a move leaves can hold as
/// many heads as the largest coin's number: keep the coin numbers to what you can store.
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, Ruler};
///
/// let values: Vec<u128> = (1..=8).map(|coin| Ruler.value(coin).0).collect();
/// assert_eq!(values, [1, 2, 1, 4, 1, 2, 1, 8]); // OEIS A006519
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ruler;

impl Ruler {
    /// The value of the coins `1..=n` together: `n ⊕ n/2`, the Gray code of `n`.
    fn prefix(n: u64) -> u128 {
        u128::from(n ^ (n >> 1))
    }
}

impl CoinRule for Ruler {
    type Coin = u64;

    fn turns(&self, coin: u64) -> impl Iterator<Item = Turn<u64>> {
        (0..coin)
            .rev()
            .map(move |start| (start + 1..coin).collect())
    }

    fn value(&self, coin: u64) -> Nimber {
        Nimber(u128::from(coin & coin.wrapping_neg()))
    }

    /// A run of coins from 1 on, ending just before `coin`, or none.
    fn is_turn(&self, coin: u64, turned: &[u64]) -> bool {
        coin > 0
            && turned.first().is_none_or(|&first| first >= 1)
            && turned.last().is_none_or(|&last| last + 1 == coin)
            && turned.windows(2).all(|pair| pair[0] + 1 == pair[1])
    }

    /// **O(log n)**: the run `j + 1..=n` is worth `prefix(n) ⊕ prefix(j)`, where `prefix` is
    /// the Gray code, so `j` is the inverse Gray code of `prefix(n) ⊕ change`.
    fn turn_to(&self, coin: u64, change: Nimber) -> Option<Turn<u64>> {
        let gray = u64::try_from(Self::prefix(coin) ^ change.0).ok()?;
        let mut start = gray;
        let mut shift = 1;
        while shift < u64::BITS {
            start ^= start >> shift;
            shift <<= 1;
        }
        (start < coin).then(|| (start + 1..coin).collect())
    }
}

/// The product of two coin-turning games, played on a grid: a move chooses a move of `A`
/// named by coin `x` and a move of `B` named by coin `y`, and turns over every coin `(a, b)`
/// with `a` among the first move's coins and `b` among the second's — `(x, y)` from heads to
/// tails.
///
/// The Tartan theorem (*Winning Ways*, ch. 14): a head on `(x, y)` is worth
/// `A.value(x) ⊗ B.value(y)`, the nim-product. Winning moves come from nim-division: a move
/// of the product changes the value by `u ⊗ v`, with `u` and `v` the changes of its two
/// factors' moves, so for each move of `A` at `x` the move of `B` must change `B`'s value
/// by `change ⊘ u` — one [`turn_to`](CoinRule::turn_to) of `B` for each turn of `A` at `x`
/// (or the other way round, whichever runs out first: for [`TurningCorners`] at `(x, y)`, at
/// most `2 · min(x, y)` nim-divisions).
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, Product, Ruler, TurningTurtles};
/// use impartial::Nimber;
///
/// let rugs = Product(Ruler, Ruler);
/// assert_eq!(rugs.value((4, 6)), Nimber(4) * Nimber(2));
/// let turtles = Product(TurningTurtles, TurningTurtles);
/// assert_eq!(turtles.value((3, 3)), Nimber(2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Product<A, B>(pub A, pub B);

/// Turning Corners: `Twins × Twins`. A move turns over the four corners of a rectangle
/// `(a, b), (a, y), (x, b), (x, y)` with `a < x` and `b < y`, the far corner `(x, y)` from
/// heads to tails; a head on `(x, y)` is worth `x ⊗ y`.
///
/// # Examples
///
/// ```
/// use impartial::coins::{CoinRule, TurningCorners};
/// use impartial::Nimber;
///
/// assert_eq!(TurningCorners::default().value((2, 2)), Nimber(3));
/// assert_eq!(TurningCorners::default().value((8, 8)), Nimber(13));
/// ```
pub type TurningCorners = Product<Twins, Twins>;

/// The coins `(a, b)` for `a` in `row` and `x`, `b` in `column` and `y`, but `(x, y)`.
fn grid<X: Copy + Ord, Y: Copy + Ord>(x: X, row: &[X], y: Y, column: &[Y]) -> Turn<(X, Y)> {
    let mut coins: Turn<(X, Y)> = row
        .iter()
        .chain([&x])
        .flat_map(|&a| column.iter().chain([&y]).map(move |&b| (a, b)))
        .filter(|&coin| coin != (x, y))
        .collect();
    coins.sort_unstable();
    coins
}

impl<A: CoinRule, B: CoinRule> CoinRule for Product<A, B> {
    type Coin = (A::Coin, B::Coin);

    fn turns(&self, (x, y): Self::Coin) -> impl Iterator<Item = Turn<Self::Coin>> {
        self.0
            .turns(x)
            .flat_map(move |row| self.1.turns(y).map(move |column| grid(x, &row, y, &column)))
    }

    fn value(&self, (x, y): Self::Coin) -> Nimber {
        self.0.value(x) * self.1.value(y)
    }

    /// Searches the turns of both factors in step: for a turn of `A` changing `A`'s value by
    /// `u`, asks `B` for a turn changing its value by `change ⊘ u`, and the other way round.
    /// Either search alone is complete, so this stops after
    /// `2 · min(turns of A at x, turns of B at y)` steps at most.
    fn turn_to(&self, (x, y): Self::Coin, change: Nimber) -> Option<Turn<Self::Coin>> {
        let (own_x, own_y) = (self.0.value(x), self.1.value(y));
        let worth = |own: Nimber, turn: &[A::Coin]| {
            turn.iter()
                .fold(own, |worth, &other| worth ^ self.0.value(other))
        };
        let worth_b = |own: Nimber, turn: &[B::Coin]| {
            turn.iter()
                .fold(own, |worth, &other| worth ^ self.1.value(other))
        };
        let mut rows = self.0.turns(x);
        let mut columns = self.1.turns(y);
        loop {
            let row = rows.next()?;
            let v = change.checked_div(worth(own_x, &row));
            if let Some(column) = v.and_then(|v| self.1.turn_to(y, v)) {
                return Some(grid(x, &row, y, &column));
            }
            let column = columns.next()?;
            let u = change.checked_div(worth_b(own_y, &column));
            if let Some(row) = u.and_then(|u| self.0.turn_to(x, u)) {
                return Some(grid(x, &row, y, &column));
            }
        }
    }
}
