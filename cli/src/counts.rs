//! How many heaps have each value.

use std::collections::BTreeMap;

/// How many heaps have each value: a table for the values below 2¹⁶ — every game's, in
/// practice — and a map for any above.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    dense: Vec<u64>,
    sparse: BTreeMap<u32, u64>,
}

impl Counts {
    const DENSE: usize = 1 << 16;

    pub fn add(&mut self, value: u32, count: u64) {
        let index = value as usize;
        if index < Self::DENSE {
            if index >= self.dense.len() {
                self.dense.resize(index + 1, 0);
            }
            self.dense[index] += count;
        } else {
            *self.sparse.entry(value).or_default() += count;
        }
    }

    /// Counts each of `values` once.
    pub fn add_each(&mut self, values: &[u32]) {
        for &value in values {
            self.add(value, 1);
        }
    }

    /// The values with a count, ascending, and their counts.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        (0u32..)
            .zip(self.dense.iter().copied())
            .chain(self.sparse.iter().map(|(&value, &count)| (value, count)))
            .filter(|&(_, count)| count > 0)
    }
}
