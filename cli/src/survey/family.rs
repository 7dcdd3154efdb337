//! A family of heap games, listed in one fixed order, and the share of it a shard takes.

use std::fmt;

use impartial::SubtractionGame;
use impartial::octal::{HexadecimalGame, OctalGame};
use impartial::take_and_break::TakeAndBreak;

#[cfg(test)]
use crate::args::{Shard, parse_shard};
use crate::game::Game;

/// The most games a family may list: a survey larger than this is split into families.
pub const MAX_GAMES: u64 = 10_000_000;

/// The kinds of code a digit pattern can stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Octal,
    Hexadecimal,
    Code,
}

impl Kind {
    /// The digits a `?` stands for.
    fn digits(self) -> &'static [u8] {
        match self {
            Kind::Octal => b"01234567",
            Kind::Hexadecimal | Kind::Code => b"0123456789ABCDEF",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Octal => "octal",
            Kind::Hexadecimal => "hexadecimal",
            Kind::Code => "code",
        }
    }
}

/// A family: every code a digit pattern matches, or every subtraction set of some size
/// drawn from `1..=max`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    Pattern { kind: Kind, pattern: String },
    Subtraction { amounts: u32, max: u32 },
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Pattern { kind, pattern } => write!(f, "{} {pattern}", kind.name()),
            Family::Subtraction { amounts, max } => {
                write!(f, "subtraction sets of {amounts} amounts up to {max}")
            }
        }
    }
}

/// One member of a family: its name (the code as the pattern wrote it, or the set), and
/// the game, or why that code is no game.
pub struct Member {
    pub name: String,
    pub game: Result<Game, String>,
}

impl Family {
    /// A pattern family, checked: at least one `?`, no white space or control character (a
    /// game's name is one line of its record), and no more games than [`MAX_GAMES`].
    pub fn pattern(kind: Kind, pattern: &str) -> Result<Family, String> {
        if let Some(bad) = pattern
            .chars()
            .find(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "{pattern:?}: {bad:?} in a pattern; write the code without spaces or line breaks"
            ));
        }
        let wildcards = pattern.bytes().filter(|&byte| byte == b'?').count();
        if wildcards == 0 {
            return Err(format!(
                "{pattern}: a pattern has a `?` for each digit that varies, e.g. 0.??? (one game: `impartial {} {pattern}`)",
                kind.name()
            ));
        }
        let games = u32::try_from(wildcards)
            .ok()
            .and_then(|wildcards| (kind.digits().len() as u64).checked_pow(wildcards));
        if games.is_none_or(|games| games > MAX_GAMES) {
            return Err(format!(
                "{pattern}: more than {MAX_GAMES} games; survey it as several patterns"
            ));
        }
        Ok(Family::Pattern {
            kind,
            pattern: pattern.to_string(),
        })
    }

    /// A subtraction family, checked: `1 ≤ amounts ≤ max`, and no more games than
    /// [`MAX_GAMES`].
    pub fn subtraction(amounts: u32, max: u32) -> Result<Family, String> {
        if amounts == 0 || amounts > max {
            return Err(format!(
                "sets of {amounts} amounts up to {max}: needs 1 ≤ amounts ≤ max"
            ));
        }
        if binomial(u64::from(max), u64::from(amounts)).is_none_or(|games| games > MAX_GAMES) {
            return Err(format!(
                "sets of {amounts} amounts up to {max}: more than {MAX_GAMES} games"
            ));
        }
        Ok(Family::Subtraction { amounts, max })
    }

    /// How many members the family lists.
    pub fn len(&self) -> u64 {
        match self {
            Family::Pattern { kind, pattern } => {
                let wildcards = pattern.bytes().filter(|&byte| byte == b'?').count();
                (kind.digits().len() as u64).pow(u32::try_from(wildcards).unwrap_or(u32::MAX))
            }
            Family::Subtraction { amounts, max } => {
                binomial(u64::from(*max), u64::from(*amounts)).unwrap_or(u64::MAX)
            }
        }
    }

    /// The member at `index` (below [`len`](Self::len)).
    pub fn member(&self, index: u64) -> Member {
        match self {
            Family::Pattern { kind, pattern } => {
                let digits = kind.digits();
                let base = digits.len() as u64;
                // The last `?` varies fastest, as the codes sort.
                let mut rest = index;
                let mut name: Vec<u8> = pattern.bytes().collect();
                for byte in name.iter_mut().rev().filter(|byte| **byte == b'?') {
                    *byte = digits[usize::try_from(rest % base).unwrap_or(0)];
                    rest /= base;
                }
                let name = String::from_utf8(name).unwrap_or_default();
                let game = match kind {
                    Kind::Octal => name.parse::<OctalGame>().map(Game::Octal),
                    Kind::Hexadecimal => name.parse::<HexadecimalGame>().map(Game::Hexadecimal),
                    Kind::Code => name.parse::<TakeAndBreak>().map(Game::Code),
                }
                .map_err(|error| error.to_string());
                Member { name, game }
            }
            Family::Subtraction { amounts, max } => {
                let set = nth_subset(u64::from(*max), u64::from(*amounts), index);
                let name = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
                let game = SubtractionGame::new(&set)
                    .map(Game::Subtraction)
                    .map_err(|error| error.to_string());
                Member { name, game }
            }
        }
    }

    /// The kind written in records: `octal`, `hexadecimal`, `code` or `subtraction`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Family::Pattern { kind, .. } => kind.name(),
            Family::Subtraction { .. } => "subtraction",
        }
    }
}

/// `n` choose `k`, if it fits.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut result: u64 = 1;
    for step in 0..k {
        // Exact at every step: a product of `step + 1` consecutive integers is divisible by
        // `(step + 1)!`.
        result = result.checked_mul(n - step)? / (step + 1);
    }
    Some(result)
}

/// The `index`th set of `k` amounts from `1..=n` in lexicographic order.
fn nth_subset(n: u64, k: u64, mut index: u64) -> Vec<u64> {
    let mut set = Vec::new();
    let mut next = 1;
    while (set.len() as u64) < k {
        let still = k - set.len() as u64;
        // Sets that start with `next`: the rest chosen from above it.
        let starting_here = binomial(n - next, still - 1).unwrap_or(u64::MAX);
        if index < starting_here {
            set.push(next);
        } else {
            index -= starting_here;
        }
        next += 1;
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_list_every_code_once_in_order() {
        let family = Family::pattern(Kind::Octal, "0.??").unwrap();
        assert_eq!(family.len(), 64);
        let names: Vec<String> = (0..64).map(|index| family.member(index).name).collect();
        assert_eq!(names[0], "0.00");
        assert_eq!(names[1], "0.01");
        assert_eq!(names[8], "0.10");
        assert_eq!(names[63], "0.77");
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, names);
        assert!(family.member(0).game.is_err(), "0.00 has no move");
        assert!(family.member(63).game.is_ok());
    }

    #[test]
    fn subtraction_families_are_every_set_in_order() {
        let family = Family::subtraction(3, 6).unwrap();
        assert_eq!(family.len(), 20);
        let sets: Vec<Vec<u64>> = (0..20).map(|index| nth_subset(6, 3, index)).collect();
        // The definition: every increasing triple of 1..=6, in lexicographic order.
        let mut expected = Vec::new();
        for a in 1..=6 {
            for b in a + 1..=6 {
                for c in b + 1..=6 {
                    expected.push(vec![a, b, c]);
                }
            }
        }
        assert_eq!(sets, expected);
        assert_eq!(family.member(0).name, "1,2,3");
    }

    #[test]
    fn shards_cover_a_family_once() {
        for parts in 1..=7 {
            for index in 0..50 {
                let owners = (1..=parts)
                    .filter(|&part| Shard { part, parts }.takes(index))
                    .count();
                assert_eq!(owners, 1);
            }
        }
        assert_eq!(parse_shard("2/5"), Ok(Shard { part: 2, parts: 5 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn families_too_large_or_empty_are_refused() {
        assert!(Family::pattern(Kind::Octal, "0.77").is_err());
        // A line break would split the game's line in its record.
        assert!(Family::pattern(Kind::Code, "0.{2,\n3}?").is_err());
        assert!(Family::pattern(Kind::Code, "0.{2, 3}?").is_err());
        assert!(Family::pattern(Kind::Code, "0.{2,3}?").is_ok());
        assert!(Family::pattern(Kind::Hexadecimal, "0.??????").is_err());
        assert!(Family::pattern(Kind::Octal, "0.???????").is_ok());
        assert!(Family::subtraction(0, 5).is_err());
        assert!(Family::subtraction(6, 5).is_err());
        assert!(Family::subtraction(20, 60).is_err());
        assert_eq!(binomial(60, 20), Some(4_191_844_505_805_495));
        assert_eq!(binomial(5, 0), Some(1));
    }
}
