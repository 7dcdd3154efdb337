//! The parts a decomposing search is valuing, along its line of play: a part met again on
//! it is a cycle.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

use crate::hash::MapBuildHasher;

/// Parts held on the stack alone: past them, a deeper part goes into a hash set as well.
const SCANNED: usize = 64;

/// The line of play: a stack of parts, and a count of its parts in each of 256 classes of
/// their hash, so that a part whose class holds none is known new at once — the usual case,
/// where a hash set's insert and remove cost 1.8 % of Cram 5 × 7's instructions. A part whose
/// class holds some is looked for among the first [`SCANNED`] parts, and in the set of the
/// deeper ones, so a deep line costs no long scans.
#[derive(Clone, Debug)]
pub(super) struct LineOfPlay<P> {
    parts: Vec<P>,
    classes: [u32; 256],
    deeper: HashSet<P, MapBuildHasher>,
    hasher: MapBuildHasher,
}

impl<P> Default for LineOfPlay<P> {
    fn default() -> Self {
        LineOfPlay {
            parts: Vec::new(),
            classes: [0; 256],
            deeper: HashSet::default(),
            hasher: MapBuildHasher::default(),
        }
    }
}

impl<P: Clone + Eq + Hash> LineOfPlay<P> {
    fn class(&self, part: &P) -> usize {
        // The top byte: the multiply-add hash mixes its high bits best.
        (self.hasher.hash_one(part) >> 56) as usize
    }

    /// Whether `part` is on the line.
    #[cfg(test)]
    fn holds(&self, part: &P) -> bool {
        self.holds_in(self.class(part), part)
    }

    /// Whether `part`, of hash class `class`, is on the line.
    fn holds_in(&self, class: usize, part: &P) -> bool {
        self.classes[class] > 0
            && (self.parts.iter().take(SCANNED).any(|on| on == part) || self.deeper.contains(part))
    }

    /// Puts `part` at the end of the line, unless it is on it already: then `false`.
    pub(super) fn enter(&mut self, part: &P) -> bool {
        let class = self.class(part);
        if self.holds_in(class, part) {
            return false;
        }
        self.classes[class] += 1;
        if self.parts.len() >= SCANNED {
            self.deeper.insert(part.clone());
        }
        self.parts.push(part.clone());
        true
    }

    /// Takes the last part off the line: `part`, which entered last.
    pub(super) fn leave(&mut self, part: &P) {
        debug_assert!(self.parts.last() == Some(part), "parts leave in turn");
        if self.parts.pop().is_some() {
            let class = self.class(part);
            self.classes[class] -= 1;
            if self.parts.len() >= SCANNED {
                self.deeper.remove(part);
            }
        }
    }

    /// The part that entered last.
    pub(super) fn last(&self) -> Option<&P> {
        self.parts.last()
    }

    /// How many parts are on the line.
    pub(super) fn len(&self) -> usize {
        self.parts.len()
    }

    pub(super) fn clear(&mut self) {
        self.parts.clear();
        self.classes = [0; 256];
        self.deeper.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::{LineOfPlay, SCANNED};
    use std::collections::HashSet;

    #[test]
    fn the_line_holds_what_a_set_would_at_every_depth() {
        let mut line = LineOfPlay::default();
        let mut reference = Vec::new();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for step in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Few values, so that parts meet again; deep lines now and then.
            let part = state % 500;
            let deep = (step / 2_000) % 2 == 1;
            let leave = reference.len() > if deep { 3 * SCANNED } else { 10 };
            if leave || (state >> 60) < 5 {
                if let Some(last) = reference.pop() {
                    line.leave(&last);
                }
            } else {
                let set: HashSet<u64> = reference.iter().copied().collect();
                assert_eq!(line.holds(&part), set.contains(&part), "step {step}");
                assert_eq!(line.enter(&part), !set.contains(&part), "step {step}");
                if !set.contains(&part) {
                    reference.push(part);
                }
            }
        }
        line.clear();
        assert!(!line.holds(&reference[0]));
    }
}
