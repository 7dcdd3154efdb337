//! Glop's notation: reading it, checked, into lands of regions of boundaries, and writing
//! lands back.

/// A Sprouts position that cannot be made: too many spots, or a string that is not one in
/// the notation of [`sprouts`](crate::sprouts).
///
/// # Examples
///
/// ```
/// use impartial::sprouts::{SproutsError, SproutsPosition, MAX_SPOTS};
///
/// assert_eq!(
///     SproutsPosition::start(MAX_SPOTS + 1),
///     Err(SproutsError::TooManySpots { spots: MAX_SPOTS + 1, most: MAX_SPOTS })
/// );
/// let error = "0.A.}]!".parse::<SproutsPosition>().unwrap_err();
/// assert!(matches!(error, SproutsError::Notation { .. }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SproutsError {
    /// More spots than [`MAX_SPOTS`].
    #[error("{spots} spots: a position holds at most {most}")]
    TooManySpots {
        /// The spots asked for.
        spots: usize,
        /// [`MAX_SPOTS`].
        most: usize,
    },
    /// A string that is not a position in the notation.
    #[error("not a Sprouts position: {reason} (byte {at})")]
    Notation {
        /// The byte of the string where it goes wrong.
        at: usize,
        /// What is wrong there.
        reason: &'static str,
    },
}

/// The most lives a position may hold: every spot with one life seen from two corners needs
/// a letter, and there are 52 (`A`–`Z`, `a`–`z`). A move spends one life, so no position
/// reached from one within the limit leaves it.
pub const MAX_LIVES: usize = 52;

/// The most spots of a [start](super::SproutsPosition::start): three lives each, within
/// [`MAX_LIVES`].
pub const MAX_SPOTS: usize = MAX_LIVES / 3;

/// A spot with no line: three lives, alone on its boundary.
pub(super) const SPOT: u8 = b'0';
/// A spot with one line: two lives, one corner.
pub(super) const END: u8 = b'1';
/// A spot with one life and one corner in play (the other is in a dead region).
pub(super) const PIER: u8 = b'2';
pub(super) const BOUNDARY_END: u8 = b'.';
pub(super) const REGION_END: u8 = b'}';
pub(super) const LAND_END: u8 = b']';
pub(super) const POSITION_END: u8 = b'!';

pub(super) type Boundary = smallvec::SmallVec<[u8; 14]>;
pub(super) type Region = Vec<Boundary>;
pub(super) type Land = Vec<Region>;

/// The lives of a symbol.
pub(super) fn symbol_lives(symbol: u8) -> usize {
    match symbol {
        SPOT => 3,
        END => 2,
        _ => 1,
    }
}

pub(super) fn is_letter(symbol: u8) -> bool {
    !matches!(symbol, SPOT | END | PIER)
}

/// The lives in a stored code: a letter's one life is seen at its two corners.
pub(super) fn lives_of(code: &[u8]) -> usize {
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

/// In one pass over a stored code: its lives, the sum over its regions of the square of the
/// lives each offers a move (a letter seen twice in one region counted once there), and its
/// letters (each spot seen from two corners, counted once: lands reuse letter names, so the
/// corners are counted, two to a letter).
pub(super) fn lives_squares_and_letters(code: &[u8]) -> (usize, usize, usize) {
    // Letters are bytes: a bit for each says it was counted in the region.
    let mut in_region = [0u64; 4];
    let (mut corners, mut other_lives, mut in_this_region, mut squares) = (0, 0, 0usize, 0usize);
    for &byte in code {
        match byte {
            BOUNDARY_END | LAND_END => {}
            REGION_END => {
                squares = squares.saturating_add(in_this_region.saturating_mul(in_this_region));
                in_this_region = 0;
                in_region = [0; 4];
            }
            SPOT | END | PIER => {
                other_lives += symbol_lives(byte);
                in_this_region += symbol_lives(byte);
            }
            letter => {
                corners += 1;
                let (word, bit) = (usize::from(letter / 64), 1u64 << (letter % 64));
                in_this_region += usize::from(in_region[word] & bit == 0);
                in_region[word] |= bit;
            }
        }
    }
    (other_lives + corners / 2, squares, corners / 2)
}

/// The letter of the `index`th spot seen from two corners.
pub(super) fn letter(index: usize) -> u8 {
    match u8::try_from(index) {
        Ok(small @ 0..26) => b'A' + small,
        Ok(small @ 26..52) => b'a' + (small - 26),
        _ => unreachable!("at most {MAX_LIVES} letters, as a land holds at most that many lives"),
    }
}

pub(super) fn error(at: usize, reason: &'static str) -> SproutsError {
    SproutsError::Notation { at, reason }
}

/// The notation being read: what is complete so far, and what is open.
#[derive(Default)]
pub(super) struct Reader {
    lands: Vec<Land>,
    land: Land,
    region: Region,
    boundary: Boundary,
    lives: usize,
    /// The letters of the open land, each with where it was seen.
    seen: Vec<(u8, usize)>,
}

impl Reader {
    fn symbol(&mut self, at: usize, byte: u8) -> Result<(), SproutsError> {
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

    fn end_boundary(&mut self, at: usize, written: bool) -> Result<(), SproutsError> {
        if !self.boundary.is_empty() {
            self.region.push(std::mem::take(&mut self.boundary));
        } else if written {
            return Err(error(at, "an empty boundary"));
        }
        Ok(())
    }

    fn end_region(&mut self, at: usize, written: bool) -> Result<(), SproutsError> {
        self.end_boundary(at, false)?;
        if !self.region.is_empty() {
            self.land.push(std::mem::take(&mut self.region));
        } else if written {
            return Err(error(at, "an empty region"));
        }
        Ok(())
    }

    fn end_land(&mut self, at: usize, written: bool) -> Result<(), SproutsError> {
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
pub(super) fn parse(text: &[u8]) -> Result<Vec<Land>, SproutsError> {
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
pub(super) fn decode(code: &[u8]) -> Vec<Land> {
    let mut lands = Vec::new();
    let mut land = Vec::new();
    let mut region = Vec::new();
    let mut boundary = Boundary::new();
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

/// The code of each of `lands` as written, apart.
pub(super) fn land_codes(lands: &[Land]) -> Vec<Vec<u8>> {
    lands
        .iter()
        .map(|land| {
            let mut code = Vec::new();
            write_land(land, &mut code);
            code
        })
        .collect()
}

pub(super) fn write_land(land: &Land, code: &mut Vec<u8>) {
    for region in land {
        for boundary in region {
            code.extend_from_slice(boundary);
            code.push(BOUNDARY_END);
        }
        code.push(REGION_END);
    }
    code.push(LAND_END);
}

/// `boundary` turned to start at `start`.
pub(super) fn rotated<T: Copy>(boundary: &[T], start: usize) -> Vec<T> {
    let mut turned = Vec::with_capacity(boundary.len());
    turned.extend_from_slice(&boundary[start..]);
    turned.extend_from_slice(&boundary[..start]);
    turned
}
