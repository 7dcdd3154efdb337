//! A position split into a sum of parts, and the sums a part's options make, each listed
//! once.

use std::hash::{BuildHasher, Hash};

use smallvec::SmallVec;

use crate::game::Hooks;
use crate::game::ImpartialGame;
use crate::hash::MapBuildHasher;

/// The parts of a position whose values are not known yet, canonical.
type Parts<P> = SmallVec<[P; 4]>;

/// A position split into its parts: the XOR of the values known at once, and the rest.
#[derive(Clone, Debug)]
pub(super) struct Split<P> {
    pub(super) known: u32,
    pub(super) unknown: Parts<P>,
    /// The search size of the largest unknown part, once listed among a part's options.
    pub(super) size: usize,
}

impl<P> Split<P> {
    /// No parts, and nothing known.
    pub(super) fn empty() -> Self {
        Split {
            known: 0,
            unknown: Parts::new(),
            size: 0,
        }
    }
}

impl<P: Eq> Split<P> {
    /// Whether `other` is the same sum: the same known value and the same parts.
    pub(super) fn same_sum(&self, other: &Split<P>) -> bool {
        self.known == other.known
            && self.unknown.len() == other.unknown.len()
            && self.unknown.iter().all(|part| {
                let mine = self.unknown.iter().filter(|p| *p == part).count();
                let theirs = other.unknown.iter().filter(|p| *p == part).count();
                mine == theirs
            })
    }
}

/// The options of a part, as far as a search has listed them: the values of those whose
/// value is known, and the others, each sum once.
pub(super) struct Options<P> {
    pub(super) known: SmallVec<[u32; 8]>,
    pub(super) pending: Vec<Split<P>>,
    /// Signatures of the pending sums, to find one listed twice.
    signatures: SmallVec<[u64; 16]>,
    /// A bit for each signature's top byte: a sum whose bit is clear is new without a scan
    /// of the signatures (a part of 60 options scanned 30 on average for each).
    seen: [u64; 4],
    pub(super) complete: bool,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            known: SmallVec::new(),
            pending: Vec::new(),
            signatures: SmallVec::new(),
            seen: [0; 4],
            complete: false,
        }
    }
}

impl<P> Options<P> {
    /// No options listed yet, the sums to go into `list` (empty).
    pub(super) fn with_list(list: Vec<Split<P>>) -> Self {
        Options {
            pending: list,
            ..Options::default()
        }
    }

    /// The list of pending sums, emptied.
    pub(super) fn into_list(self) -> Vec<Split<P>> {
        let mut list = self.pending;
        list.clear();
        list
    }
}

impl<P: Eq + Hash> Options<P> {
    /// Whether `split` is a sum not listed yet.
    pub(super) fn is_new(&mut self, split: &Split<P>) -> bool {
        let hasher = MapBuildHasher::default();
        let signature = split
            .unknown
            .iter()
            .fold(u64::from(split.known), |sum, part| {
                sum.wrapping_add(hasher.hash_one(part))
            });
        let top = (signature >> 56) as usize;
        let (word, bit) = (top / 64, 1u64 << (top % 64));
        if self.seen[word] & bit != 0 && self.signatures.contains(&signature) {
            return !self.pending.iter().any(|other| other.same_sum(split));
        }
        self.seen[word] |= bit;
        self.signatures.push(signature);
        true
    }
}

/// The most a part's value can be: its number of options, if its move iterator tells
/// (`options`), and its ruleset's [`grundy_bound`](crate::Decompose::grundy_bound) (`bound`).
pub(super) fn most_value(options: Option<usize>, bound: Option<u128>) -> u32 {
    let options = options.map_or(u128::MAX, |count| count as u128);
    let most = options.min(bound.unwrap_or(u128::MAX));
    u32::try_from(most).unwrap_or(u32::MAX)
}

/// The index of the part that costs most to search (by [`Decompose::search_size`](crate::Decompose::search_size); the
/// last one among equals); `None` if there is none.
pub(super) fn largest_index<G: ImpartialGame>(game: &G, parts: &[G::Position]) -> Option<usize> {
    (0..parts.len()).max_by_key(|&index| game.search_size(&parts[index]))
}

#[cfg(test)]
mod tests {
    use super::most_value;

    #[test]
    fn the_most_value_is_the_least_bound_known_within_u32() {
        assert_eq!(most_value(None, None), u32::MAX);
        assert_eq!(most_value(Some(3), Some(10)), 3);
        assert_eq!(most_value(Some(10), Some(2)), 2);
        assert_eq!(most_value(Some(0), None), 0);
        assert_eq!(most_value(None, Some(u128::MAX)), u32::MAX);
        assert_eq!(most_value(Some(usize::MAX), Some(1 << 40)), u32::MAX);
        assert_eq!(most_value(Some(usize::MAX), Some(7)), 7);
    }
}
