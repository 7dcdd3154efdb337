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
//! ([`components`](ImpartialGame::components)), and the [`Solver`](crate::Solver) values each
//! land once, asking of the largest only whether it wins. A land is stored in a canonical
//! form ([`canonical`](ImpartialGame::canonical)): its regions and their boundaries sorted,
//! each boundary turned to start at its least rotation, each region read in whichever
//! direction is less (a region's drawing can be mirrored without changing what can be played
//! in it), letters renamed in order — so most drawings that differ only in those ways are
//! searched once (where shapes tie, the writing is chosen greedily, and a symmetric land
//! may be stored under two codes: never a wrong value, a little work twice).
//!
//! ```
//! use impartial::sprouts::{Sprouts, SproutsPosition};
//! use impartial::{Nimber, Outcome, Solver};
//!
//! let mut solver = Solver::new(Sprouts);
//! // Three spots: the first player wins (Applegate, Jacobson and Sleator's table).
//! let three = SproutsPosition::start(3)?;
//! assert_eq!(solver.outcome(&three), Outcome::N);
//! // A move that wins, as the position it leaves: the second player now loses.
//! let after = solver.winning_move(&three).expect("three spots are N");
//! assert_eq!(solver.outcome(&after), Outcome::P);
//! // Positions read and print in Glop's notation.
//! let loop_: SproutsPosition = "AB.0.}AB.0.}]!".parse()?;
//! assert_eq!(solver.grundy(&loop_), Nimber(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The first player wins `n`-spot Sprouts exactly when `n mod 6` is 3, 4 or 5 for every `n`
//! computed so far: 0–11 by Applegate, Jacobson and Sleator, every `n` up to 32 and some up to
//! 47 by Lemoine and Viennot. `tests/sprouts.rs` checks this crate's answers for `n ≤ 11`
//! against that table and its misère outcomes against OEIS
//! [A164950](https://oeis.org/A164950).

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use crate::error::GameError;
use crate::game::{ImpartialGame, Nimber};

/// The most lives a position may hold: every spot with one life seen from two corners needs
/// a letter, and there are 52 (`A`–`Z`, `a`–`z`). A move spends one life, so no position
/// reached from one within the limit leaves it.
pub const MAX_LIVES: usize = 52;

/// The most spots of a [start](SproutsPosition::start): three lives each, within
/// [`MAX_LIVES`].
pub const MAX_SPOTS: usize = MAX_LIVES / 3;

/// A spot with no line: three lives, alone on its boundary.
const SPOT: u8 = b'0';
/// A spot with one line: two lives, one corner.
const END: u8 = b'1';
/// A spot with one life and one corner in play (the other is in a dead region).
const PIER: u8 = b'2';
const BOUNDARY_END: u8 = b'.';
const REGION_END: u8 = b'}';
const LAND_END: u8 = b']';
const POSITION_END: u8 = b'!';

/// Labels of the letters a move makes, past the alphabet until the land is relabelled.
const NEW_LINE_SPOT: u8 = 200;
const FIRST_END: u8 = 201;
const SECOND_END: u8 = 202;

type Boundary = Vec<u8>;
type Region = Vec<Boundary>;
type Land = Vec<Region>;

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
/// # Ok::<(), impartial::GameError>(())
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
/// # Ok::<(), impartial::GameError>(())
/// ```
#[derive(Clone)]
pub struct SproutsPosition {
    /// The notation without the final `!`.
    code: Box<[u8]>,
    /// Whether every land is in canonical form and the lands in order, as every move leaves
    /// them: then [`canonical`](ImpartialGame::canonical) has nothing to do. Not part of the
    /// position: compared, hashed and ordered by `code` alone.
    canonical: bool,
}

impl PartialEq for SproutsPosition {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl Eq for SproutsPosition {}

impl std::hash::Hash for SproutsPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.code.hash(state);
    }
}

impl PartialOrd for SproutsPosition {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SproutsPosition {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.code.cmp(&other.code)
    }
}

impl SproutsPosition {
    /// The start of `spots`-spot Sprouts: one region, each spot a boundary of its own.
    ///
    /// # Errors
    ///
    /// [`GameError::AmountTooLarge`] past [`MAX_SPOTS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::{SproutsPosition, MAX_SPOTS};
    ///
    /// assert_eq!(SproutsPosition::start(3)?.to_string(), "0.0.0.}]!");
    /// assert_eq!(SproutsPosition::start(0)?.to_string(), "!");
    /// assert!(SproutsPosition::start(MAX_SPOTS + 1).is_err());
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    pub fn start(spots: usize) -> Result<Self, GameError> {
        if spots > MAX_SPOTS {
            return Err(GameError::AmountTooLarge {
                amount: spots as u64,
                max: MAX_SPOTS as u64,
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
        Ok(SproutsPosition {
            code: code.into(),
            canonical: true,
        })
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
    /// # Ok::<(), impartial::GameError>(())
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
    /// # Ok::<(), impartial::GameError>(())
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
    /// # Ok::<(), impartial::GameError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.code).unwrap_or_default()
    }

    fn from_lands(lands: &[Land]) -> Self {
        let mut code = Vec::new();
        for land in lands {
            write_land(land, &mut code);
        }
        SproutsPosition {
            code: code.into(),
            canonical: false,
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
    type Err = GameError;

    /// Reads the notation of the [module](self); the final `!` may be left out, and so may the
    /// `.`, `}` and `]` that end the last boundary, region and land. The position is checked
    /// (each letter twice in its land, `0` alone on its boundary, no empty boundary, at most
    /// [`MAX_LIVES`]) and tidied as a move leaves one: regions where no move is possible
    /// dropped, lands split where they share no spot, letters renamed in order.
    ///
    /// # Errors
    ///
    /// [`GameError::NotASproutsPosition`], naming the byte where the string goes wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::sprouts::SproutsPosition;
    /// use impartial::GameError;
    ///
    /// let position: SproutsPosition = "0.1.}]!".parse()?;
    /// assert_eq!(position.to_string(), "0.1.}]!");
    /// // A letter seen once is not a spot of this notation.
    /// assert!(matches!(
    ///     "0.A.}]!".parse::<SproutsPosition>(),
    ///     Err(GameError::NotASproutsPosition { .. })
    /// ));
    /// # Ok::<(), GameError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, GameError> {
        let lands = parse(text.as_bytes())?;
        let mut tidy = Vec::new();
        for land in lands {
            tidy_land(land, &mut tidy);
        }
        Ok(SproutsPosition::from_lands(&tidy))
    }
}

/// The lives of a symbol.
fn symbol_lives(symbol: u8) -> usize {
    match symbol {
        SPOT => 3,
        END => 2,
        _ => 1,
    }
}

fn is_letter(symbol: u8) -> bool {
    !matches!(symbol, SPOT | END | PIER)
}

/// The lives in a stored code: a letter's one life is seen at its two corners.
fn lives_of(code: &[u8]) -> usize {
    let doubled: usize = code
        .iter()
        .map(|&byte| match byte {
            BOUNDARY_END | REGION_END | LAND_END => 0,
            SPOT => 6,
            END => 4,
            PIER => 2,
            _ => 1,
        })
        .sum();
    doubled / 2
}

/// The letter of the `index`th spot seen from two corners.
fn letter(index: usize) -> u8 {
    match u8::try_from(index) {
        Ok(small @ 0..26) => b'A' + small,
        Ok(small @ 26..52) => b'a' + (small - 26),
        _ => unreachable!("at most {MAX_LIVES} letters, as a land holds at most that many lives"),
    }
}

fn error(at: usize, reason: &'static str) -> GameError {
    GameError::NotASproutsPosition { at, reason }
}

/// The notation being read: what is complete so far, and what is open.
#[derive(Default)]
struct Reader {
    lands: Vec<Land>,
    land: Land,
    region: Region,
    boundary: Boundary,
    lives: usize,
    /// The letters of the open land, each with where it was seen.
    seen: Vec<(u8, usize)>,
}

impl Reader {
    fn symbol(&mut self, at: usize, byte: u8) -> Result<(), GameError> {
        if self.boundary.first() == Some(&SPOT) || (byte == SPOT && !self.boundary.is_empty()) {
            return Err(error(
                at,
                "a `0` (a spot with no line) is alone on its boundary",
            ));
        }
        if is_letter(byte) {
            match self
                .seen
                .iter()
                .filter(|(symbol, _)| *symbol == byte)
                .count()
            {
                0 => self.lives += 1,
                1 => {}
                _ => return Err(error(at, "a letter seen three times in its land")),
            }
            self.seen.push((byte, at));
        } else {
            self.lives += symbol_lives(byte);
        }
        if self.lives > MAX_LIVES {
            return Err(error(at, "more than 52 lives (sprouts::MAX_LIVES)"));
        }
        self.boundary.push(byte);
        Ok(())
    }

    fn end_boundary(&mut self, at: usize, written: bool) -> Result<(), GameError> {
        if !self.boundary.is_empty() {
            self.region.push(std::mem::take(&mut self.boundary));
        } else if written {
            return Err(error(at, "an empty boundary"));
        }
        Ok(())
    }

    fn end_region(&mut self, at: usize, written: bool) -> Result<(), GameError> {
        self.end_boundary(at, false)?;
        if !self.region.is_empty() {
            self.land.push(std::mem::take(&mut self.region));
        } else if written {
            return Err(error(at, "an empty region"));
        }
        Ok(())
    }

    fn end_land(&mut self, at: usize, written: bool) -> Result<(), GameError> {
        self.end_region(at, false)?;
        if self.land.is_empty() {
            return if written {
                Err(error(at, "an empty land"))
            } else {
                Ok(())
            };
        }
        for &(symbol, first) in &self.seen {
            if self
                .seen
                .iter()
                .filter(|(other, _)| *other == symbol)
                .count()
                == 1
            {
                return Err(error(
                    first,
                    "a letter seen once in its land: a letter is a spot seen from two corners",
                ));
            }
        }
        self.seen.clear();
        self.lands.push(std::mem::take(&mut self.land));
        Ok(())
    }
}

/// Reads and checks the notation.
fn parse(text: &[u8]) -> Result<Vec<Land>, GameError> {
    let body = match text.iter().position(|&byte| byte == POSITION_END) {
        Some(end) if end + 1 == text.len() => &text[..end],
        Some(end) => return Err(error(end + 1, "text after the final `!`")),
        None => text,
    };
    let mut reader = Reader::default();
    for (at, &byte) in body.iter().enumerate() {
        match byte {
            SPOT | END | PIER | b'A'..=b'Z' | b'a'..=b'z' => reader.symbol(at, byte)?,
            BOUNDARY_END => reader.end_boundary(at, true)?,
            REGION_END => reader.end_region(at, true)?,
            LAND_END => reader.end_land(at, true)?,
            _ => {
                return Err(error(
                    at,
                    "not a symbol of the notation: `0`, `1`, `2`, a letter, `.`, `}`, `]` or `!`",
                ));
            }
        }
    }
    reader.end_land(body.len(), false)?;
    Ok(reader.lands)
}

/// The lands of a stored code.
fn decode(code: &[u8]) -> Vec<Land> {
    let mut lands = Vec::new();
    let mut land = Vec::new();
    let mut region = Vec::new();
    let mut boundary = Vec::new();
    for &byte in code {
        match byte {
            BOUNDARY_END => region.push(std::mem::take(&mut boundary)),
            REGION_END => land.push(std::mem::take(&mut region)),
            LAND_END => lands.push(std::mem::take(&mut land)),
            symbol => boundary.push(symbol),
        }
    }
    lands
}

fn write_land(land: &Land, code: &mut Vec<u8>) {
    for region in land {
        for boundary in region {
            code.extend_from_slice(boundary);
            code.push(BOUNDARY_END);
        }
        code.push(REGION_END);
    }
    code.push(LAND_END);
}

/// The lives a region offers a move: each spot counted once.
fn region_lives(region: &Region) -> usize {
    let mut letters: Vec<u8> = Vec::new();
    let mut lives = 0;
    for &symbol in region.iter().flatten() {
        if is_letter(symbol) {
            if letters.contains(&symbol) {
                continue;
            }
            letters.push(symbol);
        }
        lives += symbol_lives(symbol);
    }
    lives
}

/// Tidies a land after a move: regions where no move is possible (fewer than two lives)
/// dropped — a letter with one corner left becomes a `2` — then the land split into the
/// lands that share no spot, each with its letters renamed in order of first appearance.
fn tidy_land(mut land: Land, out: &mut Vec<Land>) {
    // A letter whose two corners are next to each other on a boundary is one corner: no line
    // can end between them, and a line ending at either kills the spot, so it plays as a `2`.
    for boundary in land.iter_mut().flatten() {
        let len = boundary.len();
        if len < 2 {
            continue;
        }
        let mut index = 0;
        while index < boundary.len() {
            let next = (index + 1) % boundary.len();
            let symbol = boundary[index];
            if next != index && is_letter(symbol) && boundary[next] == symbol {
                boundary[index] = PIER;
                boundary.remove(next);
            } else {
                index += 1;
            }
        }
    }
    land.retain(|region| region_lives(region) >= 2);
    let mut count = [0u8; 256];
    for &symbol in land.iter().flatten().flatten() {
        count[usize::from(symbol)] += 1;
    }
    for symbol in land.iter_mut().flatten().flatten() {
        if is_letter(*symbol) && count[usize::from(*symbol)] == 1 {
            *symbol = PIER;
        }
    }
    // Regions joined through a shared letter, by union–find.
    let mut parent: Vec<usize> = (0..land.len()).collect();
    let mut first_region = [usize::MAX; 256];
    for (index, region) in land.iter().enumerate() {
        for &symbol in region.iter().flatten() {
            if is_letter(symbol) {
                let slot = &mut first_region[usize::from(symbol)];
                if *slot == usize::MAX {
                    *slot = index;
                } else {
                    let (a, b) = (root(&mut parent, *slot), root(&mut parent, index));
                    parent[a] = b;
                }
            }
        }
    }
    let mut roots: Vec<usize> = Vec::new();
    let mut parts: Vec<Land> = Vec::new();
    for (index, region) in land.into_iter().enumerate() {
        let top = root(&mut parent, index);
        match roots.iter().position(|&other| other == top) {
            Some(part) => parts[part].push(region),
            None => {
                roots.push(top);
                parts.push(vec![region]);
            }
        }
    }
    for mut part in parts {
        rename_letters(&mut part);
        out.push(part);
    }
}

/// The representative of `region`'s set in a union–find forest.
fn root(parent: &mut [usize], mut region: usize) -> usize {
    while parent[region] != region {
        parent[region] = parent[parent[region]];
        region = parent[region];
    }
    region
}

/// Renames a land's letters `A`, `B`, … in order of first appearance.
fn rename_letters(land: &mut Land) {
    let mut names = [0u8; 256];
    let mut next = 0;
    for symbol in land.iter_mut().flatten().flatten() {
        if is_letter(*symbol) {
            let name = &mut names[usize::from(*symbol)];
            if *name == 0 {
                *name = letter(next);
                next += 1;
            }
            *symbol = *name;
        }
    }
}

/// What a corner becomes when a line ends at it, once: `None` when its spot dies.
fn after_one_end(symbol: u8, new_letter: u8) -> Option<u8> {
    match symbol {
        SPOT => Some(END),
        END => Some(new_letter),
        _ => None,
    }
}

/// `boundary` turned to start at `start`.
fn rotated<T: Copy>(boundary: &[T], start: usize) -> Vec<T> {
    let mut turned = Vec::with_capacity(boundary.len());
    turned.extend_from_slice(&boundary[start..]);
    turned.extend_from_slice(&boundary[..start]);
    turned
}

/// Every way to share `others` between two new regions: the boundaries that are the same
/// (no letter, same symbols) counted, not placed one by one.
fn shares(others: &[Boundary]) -> Vec<(Vec<Boundary>, Vec<Boundary>)> {
    let mut kinds: Vec<(&Boundary, usize)> = Vec::new();
    for boundary in others {
        let plain = !boundary.iter().any(|&symbol| is_letter(symbol));
        match kinds
            .iter_mut()
            .find(|(kind, _)| plain && *kind == boundary)
        {
            Some((_, count)) => *count += 1,
            None => kinds.push((boundary, 1)),
        }
    }
    let mut ways = vec![(Vec::new(), Vec::new())];
    for (kind, count) in kinds {
        let mut next = Vec::with_capacity(ways.len() * (count + 1));
        for (first, second) in &ways {
            for inside in 0..=count {
                let mut first: Vec<Boundary> = first.clone();
                let mut second: Vec<Boundary> = second.clone();
                first.extend(std::iter::repeat_n(kind.clone(), inside));
                second.extend(std::iter::repeat_n(kind.clone(), count - inside));
                next.push((first, second));
            }
        }
        ways = next;
    }
    ways
}

/// Whether boundary `index` of `region` is the first of the boundaries equal to it with no
/// letter (the others give the same moves), leaving out boundary `except`.
fn first_of_kind(region: &Region, index: usize, except: usize) -> bool {
    let boundary = &region[index];
    if boundary.iter().any(|&symbol| is_letter(symbol)) {
        return true;
    }
    !region[..index]
        .iter()
        .enumerate()
        .any(|(other, earlier)| other != except && earlier == boundary)
}

/// The moves inside region `at` of `land`, each the land it leaves (untidied), with the
/// letters whose spot the move killed.
fn region_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    splitting_moves(land, at, emit);
    joining_moves(land, at, emit);
}

/// `land` with region `at` replaced by `new_regions`.
fn replaced(land: &Land, at: usize, new_regions: Vec<Region>) -> Land {
    let mut next: Land = Vec::with_capacity(land.len() + 1);
    next.extend(land[..at].iter().cloned());
    next.extend(new_regions);
    next.extend(land[at + 1..].iter().cloned());
    next
}

/// The lines from a corner to a corner of the same boundary of region `at`: each splits the
/// region in two, the other boundaries shared every way between the sides.
fn splitting_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    let region = &land[at];
    let with_regions = |new_regions: Vec<Region>| replaced(land, at, new_regions);
    for (index, boundary) in region.iter().enumerate() {
        if !first_of_kind(region, index, usize::MAX) {
            continue;
        }
        let others: Vec<Boundary> = region
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .map(|(_, boundary)| boundary.clone())
            .collect();
        let len = boundary.len();
        for from in 0..len {
            let first = boundary[from];
            // A loop from a corner back to itself: the spot takes both ends.
            let loops = match first {
                SPOT => Some((
                    vec![FIRST_END, NEW_LINE_SPOT],
                    vec![FIRST_END, NEW_LINE_SPOT],
                )),
                END => {
                    let mut outside = vec![NEW_LINE_SPOT];
                    outside.extend_from_slice(&rotated(boundary, from)[1..]);
                    Some((vec![NEW_LINE_SPOT], outside))
                }
                _ => None,
            };
            if let Some((inside, outside)) = loops {
                for (with_inside, with_outside) in shares(&others) {
                    let mut one = vec![inside.clone()];
                    one.extend(with_inside);
                    let mut two = vec![outside.clone()];
                    two.extend(with_outside);
                    emit(with_regions(vec![one, two]), &[]);
                }
            }
            for to in from + 1..len {
                let second = boundary[to];
                if is_letter(first) && first == second {
                    continue; // one spot with one life
                }
                let turned = rotated(boundary, from);
                let middle = to - from;
                let (first_after, second_after) = (
                    after_one_end(first, FIRST_END),
                    after_one_end(second, SECOND_END),
                );
                let mut one: Boundary = Vec::with_capacity(middle + 2);
                one.extend(first_after);
                one.extend_from_slice(&turned[1..middle]);
                one.extend(second_after);
                one.push(NEW_LINE_SPOT);
                let mut two: Boundary = Vec::with_capacity(len - middle + 2);
                two.extend(second_after);
                two.extend_from_slice(&turned[middle + 1..]);
                two.extend(first_after);
                two.push(NEW_LINE_SPOT);
                let dead: Vec<u8> = [first, second]
                    .into_iter()
                    .filter(|&s| is_letter(s))
                    .collect();
                for (with_one, with_two) in shares(&others) {
                    let mut first_region = vec![one.clone()];
                    first_region.extend(with_one);
                    let mut second_region = vec![two.clone()];
                    second_region.extend(with_two);
                    emit(with_regions(vec![first_region, second_region]), &dead);
                }
            }
        }
    }
}

/// The lines between corners of two boundaries of region `at`: each joins them into one.
fn joining_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    let region = &land[at];
    for one in 0..region.len() {
        if !first_of_kind(region, one, usize::MAX) {
            continue;
        }
        for two in one + 1..region.len() {
            if !first_of_kind(region, two, one) {
                continue;
            }
            for (from, &first) in region[one].iter().enumerate() {
                for (to, &second) in region[two].iter().enumerate() {
                    if is_letter(first) && first == second {
                        continue;
                    }
                    let mut joined: Boundary = Vec::new();
                    for (boundary, corner, symbol, new_letter) in [
                        (&region[one], from, first, FIRST_END),
                        (&region[two], to, second, SECOND_END),
                    ] {
                        if symbol == SPOT {
                            joined.push(END);
                        } else {
                            let after = after_one_end(symbol, new_letter);
                            joined.extend(after);
                            joined.extend_from_slice(&rotated(boundary, corner)[1..]);
                            joined.extend(after);
                        }
                        joined.push(NEW_LINE_SPOT);
                    }
                    let mut rest: Region = vec![joined];
                    rest.extend(
                        region
                            .iter()
                            .enumerate()
                            .filter(|&(index, _)| index != one && index != two)
                            .map(|(_, boundary)| boundary.clone()),
                    );
                    let dead: Vec<u8> = [first, second]
                        .into_iter()
                        .filter(|&s| is_letter(s))
                        .collect();
                    emit(replaced(land, at, vec![rest]), &dead);
                }
            }
        }
    }
}

/// The options of a position, each with its lands tidied and in canonical form.
fn options(position: &SproutsPosition) -> Vec<SproutsPosition> {
    let lands = decode(&position.code);
    let mut seen: HashSet<Box<[u8]>> = HashSet::new();
    let mut options = Vec::new();
    for (index, land) in lands.iter().enumerate() {
        for at in 0..land.len() {
            region_moves(land, at, &mut |mut after: Land, dead: &[u8]| {
                if !dead.is_empty() {
                    for boundary in after.iter_mut().flatten() {
                        boundary.retain(|symbol| !dead.contains(symbol));
                    }
                    for region in &mut after {
                        region.retain(|boundary| !boundary.is_empty());
                    }
                }
                let mut parts: Vec<Vec<u8>> = lands
                    .iter()
                    .enumerate()
                    .filter(|&(other, _)| other != index)
                    .map(|(_, land)| {
                        let mut code = Vec::new();
                        write_land(land, &mut code);
                        code
                    })
                    .collect();
                let mut tidy = Vec::new();
                tidy_land(after, &mut tidy);
                parts.extend(tidy.iter().map(canonical_land));
                parts.sort_unstable();
                let code: Box<[u8]> = parts.concat().into();
                if seen.insert(code.clone()) {
                    options.push(SproutsPosition {
                        code,
                        canonical: true,
                    });
                }
            });
        }
    }
    options
}

/// The symbols of a boundary read for sorting, with no letter's name in it: a letter by
/// where its other corner is — further along this boundary (how far), on another boundary
/// of the region, or in another region.
fn shape(boundary: &[u8], region: &Region, reversed: bool) -> Vec<u16> {
    let len = boundary.len();
    let read = |index: usize| {
        if reversed {
            boundary[len - 1 - index]
        } else {
            boundary[index]
        }
    };
    (0..len)
        .map(|index| {
            let symbol = read(index);
            if !is_letter(symbol) {
                return u16::from(symbol - SPOT);
            }
            if let Some(step) = (1..len).find(|&step| read((index + step) % len) == symbol) {
                return 16 + u16::try_from(step).unwrap_or(u16::MAX - 16);
            }
            let elsewhere_in_region =
                region.iter().flatten().filter(|&&s| s == symbol).count() == 2;
            if elsewhere_in_region { 8 } else { 9 }
        })
        .collect()
}

/// The most steps [`canonical_land`] takes among writings that tie. Past it, the least
/// writing found so far is kept: still the same position, though a drawing of it may then be
/// stored apart from another.
const MOST_STEPS: usize = 64;

/// A boundary read in one direction: its shape, its symbols, and the starts of its least
/// rotations (more than one when the shape repeats).
struct Read {
    shape: Vec<u16>,
    symbols: Vec<u8>,
    starts: Vec<usize>,
}

impl Read {
    fn new(boundary: &[u8], region: &Region, reversed: bool) -> Read {
        let shape = shape(boundary, region, reversed);
        let len = shape.len();
        let shape = &shape;
        let rotation = move |start: usize| (0..len).map(move |i| shape[(start + i) % len]);
        let least = (0..len)
            .min_by(|&a, &b| rotation(a).cmp(rotation(b)))
            .unwrap_or(0);
        let starts: Vec<usize> = (0..len)
            .filter(|&start| rotation(start).eq(rotation(least)))
            .collect();
        let mut symbols = boundary.to_vec();
        if reversed {
            symbols.reverse();
        }
        let shape = rotated(shape, least);
        Read {
            shape,
            symbols,
            starts,
        }
    }

    fn has_letters(&self) -> bool {
        self.symbols.iter().any(|&symbol| is_letter(symbol))
    }
}

/// A region's shape key in one direction: its boundaries' shapes, sorted.
fn region_key(reads: &[Read]) -> Vec<u16> {
    let mut shapes: Vec<&Vec<u16>> = reads.iter().map(|read| &read.shape).collect();
    shapes.sort();
    let mut key = Vec::new();
    for shape in shapes {
        key.extend_from_slice(shape);
        key.push(u16::MAX);
    }
    key
}

/// A region ready to be written: its key, and its boundaries read in each direction whose
/// key is that least one, sorted by shape.
struct Prepared {
    key: Vec<u16>,
    directions: Vec<Vec<Read>>,
}

/// The search for the least writing of a land: letters are named in order of first
/// appearance, so a writing is found boundary by boundary, trying only the candidates whose
/// written boundary is least, and cutting a line of writing as soon as it passes the best.
struct Writer {
    regions: Vec<Prepared>,
    best: Option<Vec<u8>>,
    steps: usize,
}

/// Letter names given so far: by label, and the next free index.
#[derive(Clone)]
struct Names {
    of: [u8; 256],
    next: usize,
}

impl Names {
    fn write(&mut self, symbols: &[u8], start: usize, code: &mut Vec<u8>) {
        let len = symbols.len();
        for step in 0..len {
            let symbol = symbols[(start + step) % len];
            if is_letter(symbol) {
                let name = &mut self.of[usize::from(symbol)];
                if *name == 0 {
                    *name = letter(self.next);
                    self.next += 1;
                }
                code.push(*name);
            } else {
                code.push(symbol);
            }
        }
        code.push(BOUNDARY_END);
    }
}

impl Writer {
    /// Whether `code` is already past the best writing's start: no completion can win.
    fn beaten(&self, code: &[u8]) -> bool {
        self.best
            .as_ref()
            .is_some_and(|best| code > &best[..code.len().min(best.len())])
    }

    /// Continues a writing: `left` the regions not written yet, `current` the region being
    /// written (its index, direction, and boundaries not written yet).
    fn extend(
        &mut self,
        code: &mut Vec<u8>,
        names: &Names,
        left: &[usize],
        current: Option<(usize, usize, Vec<usize>)>,
    ) {
        self.steps += 1;
        if self.steps > MOST_STEPS && self.best.is_some() {
            return;
        }
        match current {
            Some((region, direction, boundaries)) if !boundaries.is_empty() => {
                let reads = &self.regions[region].directions[direction];
                let least = &reads[boundaries[0]].shape;
                // Each candidate boundary at each least rotation, written with the names so far.
                let mut candidates: Vec<(Vec<u8>, Names, usize)> = Vec::new();
                for (place, &boundary) in boundaries.iter().enumerate() {
                    let read = &reads[boundary];
                    if read.shape != *least {
                        break;
                    }
                    for &start in &read.starts {
                        let mut chunk = Vec::with_capacity(read.symbols.len() + 1);
                        let mut after = names.clone();
                        after.write(&read.symbols, start, &mut chunk);
                        candidates.push((chunk, after, place));
                    }
                    // Plain boundaries of one shape are written alike: one stands for all.
                    if !read.has_letters() {
                        break;
                    }
                }
                let Some(first) = candidates.iter().map(|(chunk, _, _)| chunk).min().cloned()
                else {
                    return;
                };
                for (chunk, after, place) in candidates {
                    if chunk != first {
                        continue;
                    }
                    let mark = code.len();
                    code.extend_from_slice(&chunk);
                    if !self.beaten(code) {
                        let mut rest = boundaries.clone();
                        rest.remove(place);
                        self.extend(code, &after, left, Some((region, direction, rest)));
                    }
                    code.truncate(mark);
                }
            }
            Some(_) => {
                let mark = code.len();
                code.push(REGION_END);
                if !self.beaten(code) {
                    self.extend(code, names, left, None);
                }
                code.truncate(mark);
            }
            None if left.is_empty() => {
                code.push(LAND_END);
                if self.best.as_ref().is_none_or(|best| *code < *best) {
                    self.best = Some(code.clone());
                }
                code.pop();
            }
            None => {
                let least = &self.regions[left[0]].key;
                let group = left
                    .iter()
                    .take_while(|&&region| self.regions[region].key == *least)
                    .count();
                for place in 0..group {
                    let region = left[place];
                    let mut rest = left.to_vec();
                    rest.remove(place);
                    for direction in 0..self.regions[region].directions.len() {
                        let boundaries =
                            (0..self.regions[region].directions[direction].len()).collect();
                        self.extend(code, names, &rest, Some((region, direction, boundaries)));
                    }
                }
            }
        }
    }
}

/// The canonical code of a tidy land: the least code, letters named in order of first
/// appearance, among the writings that sort by shape — regions by their key, each in a
/// direction whose key is least, boundaries by shape, each at a least rotation. Shapes know
/// no letter names, so every drawing of the land has the same writings; within
/// [`MOST_STEPS`] the least of them is found, past it the first found is kept.
fn greedy_writing(land: &Land) -> Vec<u8> {
    let mut regions: Vec<Prepared> = land
        .iter()
        .map(|region| {
            let read = |reversed| {
                let mut reads: Vec<Read> = region
                    .iter()
                    .map(|b| Read::new(b, region, reversed))
                    .collect();
                reads.sort_by(|a, b| a.shape.cmp(&b.shape));
                reads
            };
            let (forward, backward) = (read(false), read(true));
            let (forward_key, backward_key) = (region_key(&forward), region_key(&backward));
            match forward_key.cmp(&backward_key) {
                std::cmp::Ordering::Less => Prepared {
                    key: forward_key,
                    directions: vec![forward],
                },
                std::cmp::Ordering::Greater => Prepared {
                    key: backward_key,
                    directions: vec![backward],
                },
                std::cmp::Ordering::Equal => Prepared {
                    key: forward_key,
                    directions: vec![forward, backward],
                },
            }
        })
        .collect();
    regions.sort_by(|a, b| a.key.cmp(&b.key));
    let left: Vec<usize> = (0..regions.len()).collect();
    let mut writer = Writer {
        regions,
        best: None,
        steps: 0,
    };
    let names = Names {
        of: [0; 256],
        next: 0,
    };
    writer.extend(&mut Vec::new(), &names, &left, None);
    writer.best.unwrap_or_else(|| vec![LAND_END])
}

/// The canonical code of a tidy land: the greedy writing, written again until it repeats,
/// and the least code of that cycle — so that the canonical code of a canonical code is
/// itself, whichever order of its regions the greedy writing met first.
fn canonical_land(land: &Land) -> Vec<u8> {
    let mut codes: Vec<Vec<u8>> = vec![greedy_writing(land)];
    loop {
        let last = codes.last().expect("one code at least");
        let next = greedy_writing(&decode(last).swap_remove(0));
        if let Some(start) = codes.iter().position(|code| *code == next) {
            return codes.swap_remove(
                (start..codes.len())
                    .min_by(|&a, &b| codes[a].cmp(&codes[b]))
                    .unwrap_or(start),
            );
        }
        codes.push(next);
    }
}

impl ImpartialGame for Sprouts {
    type Position = SproutsPosition;

    /// Every line that can be drawn, each position once: in each land, each region, a line
    /// between two corners of a boundary (splitting the region, the other boundaries shared
    /// every way between the two sides) or of two boundaries (joining them).
    fn moves(&self, position: &SproutsPosition) -> impl Iterator<Item = SproutsPosition> {
        // Listed when first asked for, not when made: the solver may only want a size hint.
        std::iter::once(position).flat_map(options)
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

    const DECOMPOSES: bool = true;

    /// The lands, when there are two or more.
    fn components(
        &self,
        position: &SproutsPosition,
    ) -> Option<impl Iterator<Item = SproutsPosition>> {
        (position.lands() > 1).then(|| {
            position
                .code
                .split_inclusive(|&byte| byte == LAND_END)
                .map(|land| SproutsPosition {
                    code: land.into(),
                    canonical: position.canonical,
                })
        })
    }

    /// Each land in its canonical form, the lands in order.
    fn canonical(&self, position: &SproutsPosition) -> Option<SproutsPosition> {
        if position.canonical {
            return None;
        }
        let mut lands: Vec<Vec<u8>> = decode(&position.code).iter().map(canonical_land).collect();
        lands.sort_unstable();
        let code = lands.concat();
        (*code != *position.code).then(|| SproutsPosition {
            code: code.into(),
            canonical: true,
        })
    }

    /// The lives left.
    fn search_size(&self, position: &SproutsPosition) -> usize {
        position.lives()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> SproutsPosition {
        text.parse().expect("a position")
    }

    #[test]
    fn a_canonical_form_is_its_own() {
        let mut frontier = vec![SproutsPosition::start(4).expect("start")];
        let mut met = HashSet::new();
        while let Some(next) = frontier.pop() {
            if met.len() > 1_000 {
                break;
            }
            for after in Sprouts.moves(&next) {
                // Read back from its text, the position is no longer marked canonical: the
                // hook works it out again, and must find it unchanged.
                let read = position(&after.to_string());
                assert!(!read.canonical);
                assert_eq!(Sprouts.canonical(&read), None, "{after}");
                if met.insert(after.clone()) {
                    frontier.push(after);
                }
            }
        }
    }

    #[test]
    fn mirrored_and_turned_lands_are_one() {
        let a = position("1AB2.}AB.0.}]");
        let b = position("0.BA.}A12B.}]");
        assert_eq!(
            Sprouts.canonical(&a).unwrap_or(a),
            Sprouts.canonical(&b).unwrap_or(b)
        );
    }
}
