//! Conway's genus: the normal-play value of a position and the misère-play values of the
//! position plus any number of nim-heaps of size 2 (*On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13) — the part of misère play that the general method answers for
//! any ruleset.
//!
//! The misère values of `G + k·*2` are found by searching the position together with a
//! count of `*2`s and one bit for a `*1`: a move in `G`, a `*2` taken whole or cut to `*1`,
//! the `*1` taken. One bit is enough because `*1 + *1` equals 0 in misère play: `X + *1 + *1`
//! and `X` have the same misère outcome for every `X` (if `X` is N, the move that wins `X`
//! wins with the pair beside it; if `X` is P, every move in `X` leads to an N-position with
//! the pair, and taking a `*1` leaves `X + *1`, from which taking the other wins).
//!
//! The exponents `λ_k` (the misère value with `k` twos) are eventually periodic with period
//! 2 (Conway), and the search proves where: if every follower `X` of `G` has the same two
//! values (with the bit clear and set) at `k = A` as at `A − 2`, they stay so for every
//! larger `k` — a follower's values at `k + 1` follow from its own at `k` and its options'
//! at `k + 1`, so the equality passes from the options up and from `k` to `k + 1`.

use std::collections::HashSet;
use std::fmt::{self, Debug, Display};

use super::search::Search;
use crate::error::SolveError;
use crate::game::{ImpartialGame, Nimber};
use crate::hash::MapBuildHasher;

/// A position with `twos` nim-heaps of size 2 beside it, and a `*1` if `one`.
pub(crate) type WithTwos<P> = (P, u32, bool);

/// The ruleset of a position played beside nim-heaps of sizes 2 and 1.
#[derive(Debug)]
pub(crate) struct PlusTwos<'g, G>(pub(crate) &'g G);

impl<G: ImpartialGame> ImpartialGame for PlusTwos<'_, G> {
    type Position = WithTwos<G::Position>;

    fn moves(&self, position: &Self::Position) -> impl Iterator<Item = Self::Position> {
        let (inner, twos, one) = (&position.0, position.1, position.2);
        let in_game = self.0.moves(inner).map(move |option| (option, twos, one));
        let on_twos = (twos > 0)
            .then(|| {
                [
                    (inner.clone(), twos - 1, one),
                    (inner.clone(), twos - 1, !one),
                ]
            })
            .into_iter()
            .flatten();
        let on_one = one.then(|| (inner.clone(), twos, false));
        in_game.chain(on_twos).chain(on_one)
    }
}

/// Most twos a genus search adds before it gives up finding the period: far more than any
/// game needs (the exponents of Kayles' heaps, of the nim-heaps and of every position the
/// tests meet turn periodic within a few).
pub(crate) const MAX_TWOS: u32 = 64;

/// The genus of a position: its normal-play value `g` and the misère values `λ₀ λ₁ λ₂ …` of
/// the position plus 0, 1, 2, … nim-heaps of size 2, written `g^λ₀λ₁…` with the last two
/// exponents repeating forever (*On Numbers and Games*, ch. 12). `*0` is `0^120`, `*1` is
/// `1^031`, and `*n` for n ≥ 2 is `n^(n, n ⊕ 2)` (beside a heap of 2 or more, misère Nim is
/// played as normal Nim): `*2` is `2^20`, `*3` is `3^31`.
///
/// [`Misere::genus`](crate::Misere::genus) computes it for a position of any ruleset.
///
/// # Examples
///
/// ```
/// use impartial::{Nim, Nimber, Solver};
///
/// let mut solver = Solver::new(Nim);
/// let empty = solver.misere().genus([])?;
/// assert_eq!(empty.to_string(), "0^120");
/// assert_eq!(empty.normal(), Nimber(0));
/// assert_eq!(empty.misere(), Nimber(1)); // the player to move cannot, and wins misère play
/// assert_eq!(empty.exponent(1_000_001), Nimber(2));
/// assert_eq!(solver.misere().genus([1])?.to_string(), "1^031");
/// assert_eq!(solver.misere().genus([3])?.to_string(), "3^31");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "GenusParts")
)]
pub struct Genus {
    normal: Nimber,
    /// `λ₀ … λ_{n−1}`, at least two, the shortest such that `λ_{k+2} = λ_k` from `n − 2` on.
    exponents: Vec<Nimber>,
}

/// A [`Genus`] as read, before its exponents are checked to be written as the search writes
/// them.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GenusParts {
    normal: Nimber,
    exponents: Vec<Nimber>,
}

#[cfg(feature = "serde")]
impl TryFrom<GenusParts> for Genus {
    type Error = String;

    /// The genus, if its exponents are at least two and the shortest that say it: a last
    /// exponent equal to the one two before would repeat what the period already says.
    fn try_from(parts: GenusParts) -> Result<Self, String> {
        let exponents = parts.exponents;
        let written = exponents.len();
        if written < 2 || (written >= 3 && exponents[written - 1] == exponents[written - 3]) {
            return Err(format!(
                "{written} exponents do not write a genus: at least two, the last two alternating from where they are written"
            ));
        }
        Ok(Genus {
            normal: parts.normal,
            exponents,
        })
    }
}

impl Genus {
    /// The normal-play value `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).misere().genus([1, 2])?.normal(), Nimber(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn normal(&self) -> Nimber {
        self.normal
    }

    /// The misère-play value `λ₀`: 0 exactly at the misère P-positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// // Misère Nim: a lone heap of 1 is lost by the player who must take it.
    /// assert_eq!(Solver::new(Nim).misere().genus([1])?.misere(), Nimber(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn misere(&self) -> Nimber {
        self.exponents[0]
    }

    /// The exponent `λ_k`: the misère value of the position plus `k` nim-heaps of size 2,
    /// for any `k`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// let genus = Solver::new(Nim).misere().genus([1])?; // 1^031
    /// let exponents: Vec<Nimber> = (0..6).map(|k| genus.exponent(k)).collect();
    /// assert_eq!(exponents, [0, 3, 1, 3, 1, 3].map(Nimber));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn exponent(&self, k: u128) -> Nimber {
        let written = self.exponents.len() as u128;
        let index = if k < written {
            k
        } else {
            // From `written − 2` on, the last two alternate.
            written - 2 + (k - (written - 2)) % 2
        };
        self.exponents[index as usize]
    }

    /// The exponents as written: `λ₀ λ₁ …`, the last two repeating forever.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::{Nim, Nimber, Solver};
    ///
    /// assert_eq!(Solver::new(Nim).misere().genus([])?.exponents(), [1, 2, 0].map(Nimber));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn exponents(&self) -> &[Nimber] {
        &self.exponents
    }

    /// Whether this is a tame genus — that of a nim-heap, `0^120` (`*0`) or `1^031` (`*1`), or
    /// `a^(a, a ⊕ 2)` for any `a` (`*a` for a ≥ 2, and `*2 + *2` as `0^02`, `*2 + *3` as
    /// `1^13`): the genera a game may have and still be played as misère Nim
    /// (*Winning Ways*, ch. 13). A position is tame when every follower's genus is
    /// ([`Misere::is_tame`](crate::Misere::is_tame)).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::octal::OctalGame;
    /// use impartial::{Heaps, Nim, Solver};
    ///
    /// let mut nim = Solver::new(Nim);
    /// let mut misere = nim.misere();
    /// assert!(misere.genus([])?.is_tame() && misere.genus([1])?.is_tame() && misere.genus([2, 2])?.is_tame());
    /// // Misère 0.312: a heap of 4 has genus 2^1420 (Plambeck).
    /// let mut wild = Solver::new("0.312".parse::<OctalGame>()?);
    /// assert!(!wild.misere().genus(Heaps::from([4]))?.is_tame());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_tame(&self) -> bool {
        let a = self.normal.0;
        let written: Vec<u128> = self.exponents.iter().map(|value| value.0).collect();
        match (a, written.as_slice()) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => true,
            (a, [first, second]) => *first == a && *second == a ^ 2,
            _ => false,
        }
    }

    /// The genus of normal value `normal` whose exponents `λ₀ …` are `values` with the
    /// last two repeating: the shortest form of the same sequence.
    pub(crate) fn new(normal: Nimber, mut values: Vec<Nimber>) -> Genus {
        while values.len() > 2 && values[values.len() - 3] == values[values.len() - 1] {
            values.pop();
        }
        Genus {
            normal,
            exponents: values,
        }
    }
}

impl Display for Genus {
    /// `g^λ₀λ₁…`, as Conway writes it; with commas, `g^(λ₀,λ₁,…)`, when a number has more
    /// than one digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal.0)?;
        if self.exponents.iter().all(|value| value.0 < 10) {
            self.exponents
                .iter()
                .try_for_each(|value| write!(f, "{}", value.0))
        } else {
            let written: Vec<String> = self.exponents.iter().map(|v| v.0.to_string()).collect();
            write!(f, "({})", written.join(","))
        }
    }
}

/// The misère value of `position` with `twos` twos and a one if `one`, by `search`.
fn misere_value<G: ImpartialGame>(
    search: &mut Search<WithTwos<G::Position>>,
    game: &G,
    position: &G::Position,
    twos: u32,
    one: bool,
) -> Result<Nimber, SolveError<WithTwos<G::Position>>> {
    search.misere_grundy(&PlusTwos(game), &(position.clone(), twos, one))
}

/// The exponents of `position`'s genus, by `search` (which keeps the misère values of the
/// position and its followers beside twos): `λ₀ … λ_A` for the least `A ≥ 2` at which every
/// follower's values repeat those at `A − 2` — from there on they alternate.
///
/// # Errors
///
/// As the search, with the position beside its twos; a follower met again is a cycle. If no
/// such `A` is found up to [`MAX_TWOS`], [`SolveError::StateLimit`] naming it (Conway's
/// theorem says it is always found).
pub(crate) fn genus_exponents<G: ImpartialGame>(
    search: &mut Search<WithTwos<G::Position>>,
    game: &G,
    position: &G::Position,
) -> Result<Vec<Nimber>, SolveError<WithTwos<G::Position>>> {
    // Every follower has a state in the search's table: the state limit bounds them too.
    let followers = followers(game, position, search.state_limit())
        .map_err(|limit| SolveError::StateLimit { limit })?;
    let mut exponents = Vec::new();
    for twos in 0..=MAX_TWOS {
        exponents.push(misere_value(search, game, position, twos, false)?);
        if twos >= 2 && repeats(search, game, &followers, twos)? {
            return Ok(exponents);
        }
    }
    Err(SolveError::StateLimit {
        limit: MAX_TWOS as usize,
    })
}

/// Whether every follower has the same misère values (with and without the one) beside
/// `twos` twos as beside `twos − 2`.
fn repeats<G: ImpartialGame>(
    search: &mut Search<WithTwos<G::Position>>,
    game: &G,
    followers: &PositionSet<G::Position>,
    twos: u32,
) -> Result<bool, SolveError<WithTwos<G::Position>>> {
    for follower in followers {
        for one in [false, true] {
            if misere_value(search, game, follower, twos, one)?
                != misere_value(search, game, follower, twos - 2, one)?
            {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Positions of a ruleset, each once.
pub(crate) type PositionSet<P> = HashSet<P, MapBuildHasher>;

/// `position` and every position reachable from it; past `limit` of them, the limit.
pub(crate) fn followers<G: ImpartialGame>(
    game: &G,
    position: &G::Position,
    limit: Option<usize>,
) -> Result<PositionSet<G::Position>, usize> {
    let mut seen = HashSet::default();
    let mut to_visit = vec![position.clone()];
    seen.insert(position.clone());
    while let Some(next) = to_visit.pop() {
        for option in game.moves(&next) {
            if seen.insert(option.clone()) {
                if let Some(limit) = limit.filter(|&limit| seen.len() > limit) {
                    return Err(limit);
                }
                to_visit.push(option);
            }
        }
    }
    Ok(seen)
}
