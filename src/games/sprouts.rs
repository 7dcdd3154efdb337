//! Sprouts (Conway and Paterson, 1967), by the general method: spots on a sheet of paper; a
//! move draws a line from a spot to a spot (the same one, if it can take both ends) that
//! crosses no line, and puts a new spot on it. A spot takes at most three line ends — its
//! *lives* — and whoever cannot move loses. A game of `n` spots lasts at least `2n` moves and
//! at most `3n − 1`.
//!
//! No closed form is known; Sprouts is solved by searching, and it is the game the
//! decomposing search was made for. The drawing does not matter, only which spots can still
//! be joined inside which region, so a position is written as Applegate, Jacobson and
//! Sleator did (*Computer Analysis of Sprouts*, CMU-CS-91-144, 1991) and Lemoine and
//! Viennot's program Glop does (*Computer analysis of Sprouts with nimbers*, Games of No
//! Chance 4, 2015):
//!
//! - a **boundary** is the sequence of spot corners met walking once around one connected
//!   piece of drawing with the region on the left, ended by `.`;
//! - a **region** is its boundaries, ended by `}`; a **land** is regions that share spots,
//!   ended by `]`; the position ends with `!`;
//! - a spot is written by its lives: `0` for a spot with no line (three lives, alone on its
//!   boundary), `1` for a spot with one line (two lives), `2` for a spot with one life whose
//!   other corner is in a region where nothing can be played; a spot with one life seen from
//!   two corners is a letter, written at both — `A`–`Z`, then `a`–`z`, named in order of first
//!   appearance. Spots with no life are left out.
//!
//! The start of three spots is `0.0.0.}]!`. A loop around one of them, with one spot on each
//! side, is `AB.0.}AB.0.}]!`: the looped spot `A` and the new spot `B` are each seen from
//! inside and outside the loop.
//!
//! Two lands never share a spot, so a position is the sum of its lands
//! ([`components`](crate::Decompose::components)), and the [`Solver`](crate::Solver) values each
//! land once, asking of the largest only whether it wins. Every position — read from text
//! or left by a move — holds each land in a canonical form: its regions and their boundaries
//! sorted,
//! each boundary turned to start at its least rotation, each region read in whichever
//! direction is less (a region's drawing can be mirrored without changing what can be played
//! in it), letters renamed in order — so most drawings that differ only in those ways are
//! searched once (where shapes tie, the writing is chosen greedily, and a symmetric land
//! may be stored under two codes: never a wrong value, a little work twice). Regions that
//! look alike are told apart by the regions across their letters first, as colour
//! refinement does, so fewer orders of them are tried.
//!
//! A region of at most three lives is written as one boundary of its spots in order, as
//! Glop merges the boundaries of such regions: at most two more lines can be drawn in it, and
//! which spots they join does not depend on the drawing. So a position reads and moves to
//! these merged forms (`"1.2.}"` is read as `"12.}"`). A unit test holds the merged forms to
//! the drawings, in normal and misère play, on every position reached from up to four spots.
//!
//! ```
//! use impartial::sprouts::{Sprouts, SproutsPosition};
//! use impartial::{Nimber, Outcome, Solver};
//!
//! let mut solver = Solver::new(Sprouts);
//! // Three spots: the first player wins (Applegate, Jacobson and Sleator's table).
//! let three = SproutsPosition::start(3)?;
//! assert_eq!(solver.outcome(&three)?, Outcome::N);
//! // A move that wins, as the position it leaves: the second player now loses.
//! let after = solver.winning_move(&three)?.expect("three spots are N");
//! assert_eq!(solver.outcome(&after)?, Outcome::P);
//! // Positions read and print in Glop's notation.
//! let loop_: SproutsPosition = "AB.0.}AB.0.}]!".parse()?;
//! assert_eq!(solver.grundy(&loop_)?, Nimber(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The first player wins `n`-spot Sprouts exactly when `n mod 6` is 3, 4 or 5 for every `n`
//! computed so far: 0–11 by Applegate, Jacobson and Sleator, every `n` up to 32 and some up to
//! 47 by Lemoine and Viennot. `tests/published.rs` checks this crate's answers against that
//! table for every `n ≤ 11`, and the nimbers of those starts (0 or 1 by the same rule), 12
//! and 13 spots (P) with certificates that check, and `tests/classics.rs` its misère
//! outcomes against OEIS [A164950](https://oeis.org/A164950). Misère play does not split
//! into lands, so it is searched as whole positions, in rounds too: 9 spots in 40 s.
//!
//! What makes 11 spots quick is the order the search tries options in
//! ([`search_size`](crate::Decompose::search_size)): fewest lives, then lives shared out most
//! evenly among the regions, then fewest letters. The answer to a move is often the option
//! that leaves two halves alike — for the start, a loop around half the spots — and this
//! order finds it first. It is still a guess, so the search takes a position's options in
//! rounds ([`SEARCH_IN_ROUNDS`](crate::Decompose::SEARCH_IN_ROUNDS)): each with a small
//! allowance of work, then eight times as much, so that a cheap winning move placed after a
//! costly losing one is found first. `examples/sprouts.rs` answers each start up to 11 spots
//! in under a second on a 2-core machine, 12 spots (P) in 6 s and 13 (P) in 13 s. Each
//! thread also remembers the canonical codes of the lands it met lately, up to about 70 MB,
//! outside the solver's memory limit.

mod canonical;
mod moves;
mod notation;

use std::fmt;
use std::str::FromStr;

use crate::game::{Decompose, Decomposition};
use crate::game::{ImpartialGame, Nimber, StoredPosition};

use canonical::canonical_land;
use moves::{options, tidy_land};
use notation::{
    BOUNDARY_END, LAND_END, Land, REGION_END, SPOT, land_codes, lives_of,
    lives_squares_and_letters, parse,
};
pub use notation::{MAX_LIVES, MAX_SPOTS, SproutsError};

/// The ruleset of Sprouts in the plane. Positions are [`SproutsPosition`]s.
///
/// # Examples
///
/// ```
/// use impartial::sprouts::{Sprouts, SproutsPosition};
/// use impartial::ImpartialGame;
///
/// // One spot: the only move is a loop, leaving the spot and the new one on both sides.
/// let options: Vec<String> = Sprouts
///     .moves(&SproutsPosition::start(1)?)
///     .map(|after| after.to_string())
///     .collect();
/// assert_eq!(options, ["AB.}AB.}]!"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sprouts;

/// A position of [`Sprouts`], in the notation of the [module](self): lands of regions of
/// boundaries of spots. Compared, hashed and printed as that string.
///
/// # Examples
///
/// ```
/// use impartial::sprouts::SproutsPosition;
///
/// let start = SproutsPosition::start(2)?;
/// assert_eq!(start.to_string(), "0.0.}]!");
/// assert_eq!(start.lives(), 6);
/// assert_eq!(start.lands(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SproutsPosition {
    /// The notation without the final `!`: every land in its canonical form and the lands in
    /// order, as every move and every reading leaves them.
    code: Box<[u8]>,
}

impl SproutsPosition {
    /// The start of `spots`-spot Sprouts: one region, each spot a boundary of its own.
    ///
    /// # Errors
    ///
    /// [`SproutsError::TooManySpots`] past [`MAX_SPOTS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::{SproutsPosition, MAX_SPOTS};
    ///
    /// assert_eq!(SproutsPosition::start(3)?.to_string(), "0.0.0.}]!");
    /// assert_eq!(SproutsPosition::start(0)?.to_string(), "!");
    /// assert!(SproutsPosition::start(MAX_SPOTS + 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(spots: usize) -> Result<Self, SproutsError> {
        if spots > MAX_SPOTS {
            return Err(SproutsError::TooManySpots {
                spots,
                most: MAX_SPOTS,
            });
        }
        let mut code = Vec::with_capacity(2 * spots + 2);
        for _ in 0..spots {
            code.extend_from_slice(&[SPOT, BOUNDARY_END]);
        }
        if spots > 0 {
            code.extend_from_slice(&[REGION_END, LAND_END]);
        }
        // One land of plain boundaries all alike: canonical as it stands.
        Ok(SproutsPosition { code: code.into() })
    }

    /// The lives left: an upper bound on the moves still to come, as each move spends one.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::SproutsPosition;
    ///
    /// // Spot `1` has two lives, `2` and the letter one each.
    /// let position: SproutsPosition = "1A.2A.}]!".parse()?;
    /// assert_eq!(position.lives(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn lives(&self) -> usize {
        lives_of(&self.code)
    }

    /// The lands: parts of the position that share no spot, each a game of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::SproutsPosition;
    ///
    /// let position: SproutsPosition = "0.}]1.1.}]!".parse()?;
    /// assert_eq!(position.lands(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn lands(&self) -> usize {
        self.code
            .iter()
            .fold(0, |lands, &byte| lands + usize::from(byte == LAND_END))
    }

    /// The notation without the final `!`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::SproutsPosition;
    ///
    /// assert_eq!(SproutsPosition::start(1)?.as_str(), "0.}]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.code).unwrap_or_default()
    }

    /// The position of tidy `lands`: each in its canonical form, the lands in order, as
    /// every move leaves a position.
    fn from_tidy_lands(lands: &[Land]) -> Self {
        let mut codes: Vec<Vec<u8>> = lands.iter().map(canonical_land).collect();
        codes.sort_unstable();
        SproutsPosition {
            code: codes.concat().into(),
        }
    }
}

impl fmt::Display for SproutsPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}!", self.as_str())
    }
}

impl fmt::Debug for SproutsPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl FromStr for SproutsPosition {
    type Err = SproutsError;

    /// Reads the notation of the [module](self); the final `!` may be left out, and so may the
    /// `.`, `}` and `]` that end the last boundary, region and land. The position is checked
    /// (each letter twice in its land, `0` alone on its boundary, no empty boundary, at most
    /// [`MAX_LIVES`]) and tidied as a move leaves one: regions where no move is possible
    /// dropped, regions of at most three lives merged into one boundary, lands split where
    /// they share no spot, letters renamed in order — and written in the canonical form a
    /// move leaves ([`canonical`](crate::Decompose::canonical)). So a position printed and read
    /// back is the same position, and two drawings that differ only by the order of their
    /// regions, boundaries or lands, by where a boundary starts, or by the names of the
    /// letters read as one.
    ///
    /// # Errors
    ///
    /// [`SproutsError::Notation`], naming the byte where the string goes wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::{SproutsError, SproutsPosition};
    ///
    /// let position: SproutsPosition = "0.1.}]!".parse()?;
    /// assert_eq!(position.to_string(), "0.1.}]!");
    /// // Read back, a printed position is itself.
    /// let drawn: SproutsPosition = "1B.}A.CCBA.}]!".parse()?;
    /// assert_eq!(drawn.to_string().parse::<SproutsPosition>()?, drawn);
    /// // A letter seen once is not a spot of this notation.
    /// assert!(matches!(
    ///     "0.A.}]!".parse::<SproutsPosition>(),
    ///     Err(SproutsError::Notation { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, SproutsError> {
        let lands = parse(text.as_bytes())?;
        let mut tidy = Vec::new();
        for land in lands {
            tidy_land(land, &mut tidy, true);
        }
        Ok(SproutsPosition::from_tidy_lands(&tidy))
    }
}

/// The notation without the final `!`, as [`as_str`](SproutsPosition::as_str) gives it. Read
/// back, bytes must be the notation as [`from_str`](SproutsPosition::from_str) checks it,
/// written out in full (every boundary, region and land ended), the lands in order; and they
/// are kept as they are, not tidied and written canonically again: each land's code is the
/// one the moves gave it, which a certificate's checker looks it up by. (The canonical code of
/// a land, read as a drawing, may be written otherwise: the greedy writing is a canonical
/// form of the drawings that lead to its cycle, not of every drawing of the land.)
///
/// # Examples
///
/// ```
/// use impartial::sprouts::SproutsPosition;
/// use impartial::StoredPosition;
///
/// let start = SproutsPosition::start(3)?;
/// let mut bytes = Vec::new();
/// start.write_to(&mut bytes);
/// assert_eq!(bytes, b"0.0.0.}]");
/// assert_eq!(SproutsPosition::read_from(&bytes), Some(start));
/// assert_eq!(SproutsPosition::read_from(b"0.0.0.}"), None); // a land not ended
/// assert_eq!(SproutsPosition::read_from(b"0.A.}]"), None); // a letter once
/// assert_eq!(SproutsPosition::read_from(b"1A.}]0.}]"), None); // lands out of order
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl StoredPosition for SproutsPosition {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        bytes.extend_from_slice(&self.code);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        let codes = land_codes(&parse(bytes).ok()?);
        let code = codes.is_sorted().then(|| codes.concat())?;
        (code == bytes).then(|| SproutsPosition { code: code.into() })
    }
}

impl ImpartialGame for Sprouts {
    type Position = SproutsPosition;

    /// Every line that can be drawn, each position once: in each land, each region, a line
    /// between two corners of a boundary (splitting the region, the other boundaries shared
    /// every way between the two sides) or of two boundaries (joining them).
    fn moves(&self, position: &SproutsPosition) -> impl Iterator<Item = SproutsPosition> {
        // Listed when first asked for, not when made: the solver may only want a size hint.
        std::iter::once(position)
            .flat_map(|position| options(&position.code, true).map(|code| SproutsPosition { code }))
    }

    fn allocated_bytes(&self, position: &SproutsPosition) -> usize {
        position.code.len()
    }

    /// A land of two lives has one move left: `*1`; none, `0`.
    fn known_grundy(&self, position: &SproutsPosition) -> Option<Nimber> {
        match position.lives() {
            0 | 1 => Some(Nimber::ZERO),
            2 if position.lands() == 1 => Some(Nimber(1)),
            _ => None,
        }
    }

    const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());
}

impl Decompose for Sprouts {
    /// The lands, when there are two or more.
    fn components(
        &self,
        position: &SproutsPosition,
    ) -> Option<impl Iterator<Item = SproutsPosition>> {
        (position.lands() > 1).then(|| {
            position
                .code
                .split_inclusive(|&byte| byte == LAND_END)
                .map(|land| SproutsPosition { code: land.into() })
        })
    }

    /// The lives left; among positions of as many, the sum of the squares of the lives of
    /// each region, then the letters (spots that link two corners): the decomposing search
    /// tries the least first.
    ///
    /// A position whose lives are shared out among regions evenly, with few links, is near a
    /// sum of alike games, and the answer to a move is often the option that leaves two halves
    /// alike (a loop around half the spots). Ordered by lives alone, 8 spots took 146 s and 9
    /// spots 312 s; by the largest region's lives, 6.1 s and 0.02 s; by the squares, 0.9 s
    /// and 0.02 s.
    fn search_size(&self, position: &SproutsPosition) -> usize {
        let (lives, squares, letters) = lives_squares_and_letters(&position.code);
        (lives.min(usize::MAX >> 32) << 32) | (squares.min(0xFF_FFFF) << 8) | letters.min(0xFF)
    }

    /// The order above is a guess: a winning option is often cheap but not first, and the
    /// options before it can cost minutes. In rounds, 12 spots take 6 s, not 233 s.
    const SEARCH_IN_ROUNDS: bool = true;
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn position(text: &str) -> SproutsPosition {
        text.parse().expect("a position")
    }

    #[test]
    fn a_position_read_back_is_itself() {
        // Every position met from four spots, printed and read back.
        let mut frontier = vec![SproutsPosition::start(4).expect("start")];
        let mut met = HashSet::new();
        while let Some(next) = frontier.pop() {
            if met.len() > 1_000 {
                break;
            }
            for after in Sprouts.moves(&next) {
                assert_eq!(position(&after.to_string()), after);
                if met.insert(after.clone()) {
                    frontier.push(after);
                }
            }
        }
        // Drawings that tidying once left half tidy: the second region of the first is
        // `2A2` once its letter `C` is a `2`, and reading merged it to `22A` only then.
        for drawn in [
            "1B.}A.CCBA.}]!",
            "AB.}A.CCB.}]!",
            "A1.}BB.1A.}]!",
            "ABBA.0.}]!",
        ] {
            let read = position(drawn);
            assert_eq!(position(&read.to_string()), read, "{drawn}");
        }
    }

    /// Random strings of the notation's symbols, most of them no position: each that reads
    /// is read back as itself, and its options too.
    #[test]
    fn random_drawings_read_back_as_themselves() {
        let mut next = crate::sequence::testing::random_words(0x5EED_5EED_0BAD_F00D);
        let symbols = b"0121AABBCC..}}]";
        let (mut read, mut tried) = (0, 0);
        while read < 3_000 {
            tried += 1;
            assert!(tried < 1_000_000, "too few strings read");
            let len = 3 + (next() % 14) as usize;
            let text: Vec<u8> = (0..len)
                .map(|_| symbols[(next() % symbols.len() as u64) as usize])
                .collect();
            let Ok(first) = std::str::from_utf8(&text)
                .unwrap()
                .parse::<SproutsPosition>()
            else {
                continue;
            };
            read += 1;
            // Tidying is idempotent: a tidy land, written and read, tidies to itself.
            for land in parse(&text).expect("read above") {
                let mut once = Vec::new();
                tidy_land(land, &mut once, true);
                for land in once {
                    let mut written = Vec::new();
                    notation::write_land(&land, &mut written);
                    let mut twice = Vec::new();
                    tidy_land(land, &mut twice, true);
                    assert_eq!(twice.len(), 1);
                    let mut rewritten = Vec::new();
                    notation::write_land(&twice[0], &mut rewritten);
                    assert_eq!(
                        String::from_utf8_lossy(&rewritten),
                        String::from_utf8_lossy(&written),
                        "{}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
            let again = position(&first.to_string());
            assert_eq!(again, first, "{}", String::from_utf8_lossy(&text));
            assert_eq!(again.to_string(), first.to_string());
            for after in Sprouts.moves(&first) {
                assert_eq!(position(&after.to_string()), after, "{first} → {after}");
            }
        }
    }

    /// Sprouts with every region kept as drawn, none merged: the reference for merging.
    struct AsDrawn;

    impl ImpartialGame for AsDrawn {
        type Position = SproutsPosition;

        fn moves(&self, position: &SproutsPosition) -> impl Iterator<Item = SproutsPosition> {
            options(&position.code, false).map(|code| SproutsPosition { code })
        }

        const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());
    }

    impl Decompose for AsDrawn {
        fn components(
            &self,
            position: &SproutsPosition,
        ) -> Option<impl Iterator<Item = SproutsPosition>> {
            Sprouts.components(position)
        }
    }

    #[test]
    fn merging_small_regions_changes_no_value() {
        // Every position met from the starts of up to four spots when no region is merged,
        // valued as drawn and as `Sprouts` merges it, in normal and misère play (merging
        // leaves the same play, so misère play cannot tell either).
        let mut as_drawn = crate::Solver::new(AsDrawn);
        let mut merged = crate::Solver::new(Sprouts);
        let (mut checked, mut changed) = (0, 0);
        for spots in 0..=4 {
            let mut frontier = vec![SproutsPosition::start(spots).expect("start")];
            let mut met = HashSet::new();
            while let Some(next) = frontier.pop() {
                if !met.insert(next.clone()) {
                    continue;
                }
                let read = position(&next.to_string());
                changed += usize::from(read != next);
                assert_eq!(
                    as_drawn.grundy(&next).unwrap(),
                    merged.grundy(&read).unwrap(),
                    "{next}"
                );
                assert_eq!(
                    as_drawn.misere().outcome(&next).unwrap(),
                    merged.misere().outcome(&read).unwrap(),
                    "{next} in misère play"
                );
                checked += 1;
                frontier.extend(AsDrawn.moves(&next));
            }
        }
        assert_eq!(position("1.2.}]").to_string(), "12.}]!");
        assert_eq!(
            position("0.1.}]").to_string(),
            "0.1.}]!",
            "five lives: as drawn"
        );
        // The check reaches many positions, and merging changes a good share of them.
        assert!(checked > 1_000, "{checked}");
        assert!(changed * 5 > checked, "{changed} of {checked}");
    }

    /// The search size's parts, worked out from the code, against the regions decoded: the
    /// lives, the squares of each region's lives (`moves::region_lives`) and the letters, on
    /// every position reached from 4 spots and a few by hand.
    #[test]
    fn the_search_size_is_lives_then_squares_of_regions_then_letters() {
        let size =
            |lives: usize, squares: usize, letters: usize| (lives << 32) | (squares << 8) | letters;
        assert_eq!(
            Sprouts.search_size(&position("0.0.AB.}AB.}]!")),
            size(8, 64 + 4, 2)
        );
        // A letter seen twice in one region is one life there.
        assert_eq!(Sprouts.search_size(&position("1A1A.}]!")), size(5, 25, 1));
        assert_eq!(
            Sprouts.search_size(&position("0.}]1.1.}]!")),
            size(7, 9 + 16, 0)
        );
        assert_eq!(Sprouts.search_size(&position("!")), 0);
        // Two lands name their letters alike: four letters, not two.
        assert_eq!(
            Sprouts.search_size(&position("AB.}AB.}]AB.}AB.}]!")),
            size(4, 4 * 4, 4)
        );
        let mut frontier = vec![SproutsPosition::start(4).expect("start")];
        let mut met = HashSet::new();
        while let Some(next) = frontier.pop() {
            let regions: Vec<notation::Region> =
                notation::decode(&next.code).into_iter().flatten().collect();
            let squares = regions
                .iter()
                .map(|region| moves::region_lives(region).pow(2));
            // Each letter is written at its two corners.
            let corners = next
                .code
                .iter()
                .filter(|byte| byte.is_ascii_alphabetic())
                .count();
            let expected = size(next.lives(), squares.sum(), corners / 2);
            assert_eq!(Sprouts.search_size(&next), expected, "{next}");
            for after in Sprouts.moves(&next) {
                if met.insert(after.clone()) {
                    frontier.push(after);
                }
            }
        }
        assert!(met.len() > 1_000, "{}", met.len());
    }

    #[test]
    fn mirrored_and_turned_lands_are_one() {
        assert_eq!(position("1AB2.}AB.0.}]"), position("0.BA.}A12B.}]"));
        // Lands in either order, letters named either way.
        assert_eq!(
            position("0.BA.}A12B.}]1.1.}]"),
            position("1.1.}]1BA2.}AB.0.}]")
        );
    }
}
