//! The octal periodicity theorem (Guy and Smith): a period proven from finitely many values.

use std::fmt;

use super::values::Value;
use crate::heap::HeapRules;

/// A proven period: `G(n + period) = G(n)` for every `n ≥ preperiod`.
///
/// # Examples
///
/// ```
/// use impartial::SubtractionGame;
///
/// let period = SubtractionGame::new(&[1, 3, 4])?.values_up_to(100)?.period().unwrap();
/// assert_eq!((period.preperiod, period.period), (0, 7));
/// assert_eq!(period.to_string(), "period 7 from n = 0 (proven with G(0..12))");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The least `n0` from which the values repeat.
    pub preperiod: u64,
    /// The shortest period.
    pub period: u64,
    /// How many values the periodicity theorem needed: G(0) to G(`proof_bound` − 1).
    pub proof_bound: u64,
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "period {} from n = {} (proven with G(0..{}))",
            self.period, self.preperiod, self.proof_bound
        )
    }
}

/// The smallest period and least preperiod that the periodicity theorem proves from
/// `values`, if any.
///
/// Octal games (Guy and Smith): if `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t`, then for
/// all `n ≥ n0`, where `t` is the most counters a move removes. The proof pairs each option
/// of a heap of `m + p` with one of `m`: a split of `m + p − r` has its larger heap at least
/// `(m + p − r)/2 ≥ n0 + p`, whose value is periodic. A move that leaves three heaps has its
/// largest at least a third of the rest, so the window grows to `3·n0 + 2p + t`; without
/// splits `n0 + t` suffices, as every value then depends on the `t` before it — in general
/// `k·n0 + (k − 1)·p + t` for moves leaving at most `k` heaps. Every proof needs `n0 ≥ 1` —
/// at `n0 = 0` a move leaving one heap of `p` would pair with a move leaving nothing — so a
/// period from 0 is proven from 1 and extended back by comparing `G(0)` and `G(p)`.
pub(crate) fn prove_period<V: Value>(rules: &HeapRules, values: &[V]) -> Option<Period> {
    let len = values.len() as u64;
    let t = rules.reach();
    let parts = rules.parts().max(1);
    // The values the check of `n0 ≤ n < k·n0 + (k − 1)·p + t` reads: up to that bound plus p.
    let bound = |n0: u64, p: u64| {
        let n0 = n0.max(1);
        n0.saturating_add(p).saturating_mul(parts).saturating_add(t)
    };
    // Periods whose values already repeat over half the sequence, but not yet long enough
    // for a proof. Their multiples repeat as long and would each cost as long a comparison,
    // so they wait for a later check, when the period itself will be proven.
    let mut repeating: Vec<usize> = Vec::new();
    let mut p = 1u64;
    while bound(0, p) <= len {
        let pu = p as usize;
        if repeating.iter().any(|&shorter| pu.is_multiple_of(shorter)) {
            p += 1;
            continue;
        }
        // The least n0 with G(n + p) = G(n) for every n0 ≤ n < len − p.
        let mut i = values.len() - 1;
        while i >= pu && values[i] == values[i - pu] {
            i -= 1;
        }
        let n0 = if i < pu { 0 } else { (i + 1 - pu) as u64 };
        if bound(n0, p) <= len {
            return Some(shortest(values, n0, p, bound(n0, p)));
        }
        if 2 * (i + 1) < values.len() && repeating.len() < 64 {
            repeating.push(pu);
        }
        p += 1;
    }
    None
}

/// A proven period `p` from `n0` may be a multiple of the shortest: the shortest period
/// divides every period of an eventually periodic sequence, and a divisor `d` is a period
/// iff one full period of values is invariant under a cyclic shift by `d`. The preperiod
/// does not depend on which period is used.
pub(super) fn shortest<V: Value>(values: &[V], n0: u64, p: u64, proof: u64) -> Period {
    let start = n0 as usize;
    let length = p as usize;
    let cycle = &values[start..start + length];
    let period = (1..=length)
        .filter(|&d| length.is_multiple_of(d))
        .find(|&d| (0..length).all(|i| cycle[i] == cycle[(i + d) % length]))
        .unwrap_or(length) as u64;
    Period {
        preperiod: n0,
        period,
        proof_bound: proof,
    }
}

/// The next length at which periodicity is tried: about 1/8 more each time, so the proof
/// comes at most 1/8 after it is possible and the checks cost O(n) in all.
pub(crate) fn next_check(len: usize) -> usize {
    len + (len / 8).max(16)
}
