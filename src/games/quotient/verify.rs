//! The verification of a candidate: the closure of the empty position's pair (element,
//! options' elements) under adding heaps, every pair checked.

use std::collections::HashMap;

use smallvec::SmallVec;

use super::limits::MAX_VERIFIED_STATES;
use super::monoid::Bipartite;
use crate::solver::hash::MapBuildHasher;

/// What a verification found.
pub(super) enum Verdict {
    /// Every position's outcome is predicted.
    Proved,
    /// A shortest position (its heaps) whose outcome is mispredicted.
    Fails(Vec<u64>),
    /// Past [`MAX_VERIFIED_STATES`].
    TooLarge,
    /// Past the heap's [`MAX_PAIRS_PER_HEAP`].
    OutOfWork,
}

/// The pair (element, options' elements) of a position with that pair, a heap of `kind`
/// added.
pub(super) fn add_heap_to(
    monoid: &Bipartite,
    element: u32,
    options: &[u64],
    kind: &HeapKind,
) -> (u32, Elements) {
    let mut after: Elements = SmallVec::from_elem(0, options.len());
    for y in members(options) {
        let z = monoid.product(y, kind.element) as usize;
        after[z / 64] |= 1 << (z % 64);
    }
    for &image in &kind.images {
        let z = monoid.product(element, image) as usize;
        after[z / 64] |= 1 << (z % 64);
    }
    (monoid.product(element, kind.element), after)
}

/// The elements of a set, in order.
pub(super) fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(word, &bits)| {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                word as u32 * 64 + bit
            })
        })
    })
}

/// A set of elements, a bit each: inline for quotients of up to 128 elements.
pub(super) type Elements = SmallVec<[u64; 2]>;

/// A kind of heap: its element, its options' elements, and the smallest heap of the kind.
pub(super) struct HeapKind {
    pub(super) element: u32,
    pub(super) images: Vec<u32>,
    pub(super) heap: u64,
}

/// Whether `monoid` predicts every misère outcome of the positions made of heaps of `kinds`:
/// the closure of the empty position's pair (element, options' elements) under adding heaps,
/// in order of the number of heaps added, each pair checked; the first pair that fails
/// gives a shortest position mispredicted.
pub(super) fn check(monoid: &Bipartite, kinds: &[HeapKind], work_left: &mut usize) -> Verdict {
    let words = monoid.size().div_ceil(64);
    let mut index: HashMap<(u32, Elements), usize, MapBuildHasher> = HashMap::default();
    // Each state, the state it was reached from and the heap added.
    let mut states: Vec<((u32, Elements), usize, u64)> = Vec::new();
    let start: (u32, Elements) = (0, SmallVec::from_elem(0, words));
    index.insert(start.clone(), 0);
    states.push((start, usize::MAX, 0));
    let mut next = 0;
    while next < states.len() {
        let (element, options) = states[next].0.clone();
        if !predicted(monoid, element, &options) {
            return Verdict::Fails(position_of(&states, next));
        }
        for kind in kinds {
            let state = add_heap_to(monoid, element, &options, kind);
            if !index.contains_key(&state) {
                if states.len() >= MAX_VERIFIED_STATES {
                    return Verdict::TooLarge;
                }
                if *work_left == 0 {
                    return Verdict::OutOfWork;
                }
                *work_left -= 1;
                index.insert(state.clone(), states.len());
                states.push((state, next, kind.heap));
            }
        }
        next += 1;
    }
    Verdict::Proved
}

/// Whether the positions of one heap of the last kind, alone or beside one heap of any kind,
/// are predicted: a quick test that rejects most wrong elements for a new heap before the
/// full [`check`].
pub(super) fn passes_near(monoid: &Bipartite, kinds: &[HeapKind]) -> bool {
    let Some(new) = kinds.last() else {
        return true;
    };
    let words = monoid.size().div_ceil(64);
    let (element, options) = add_heap_to(monoid, 0, &vec![0; words], new);
    if !predicted(monoid, element, &options) {
        return false;
    }
    kinds.iter().all(|kind| {
        let (beside, beside_options) = add_heap_to(monoid, element, &options, kind);
        predicted(monoid, beside, &beside_options)
    })
}

/// Whether `element` is in the P-portion exactly when a position with options' elements
/// `options` is P: it has a move and no option's element is P.
pub(super) fn predicted(monoid: &Bipartite, element: u32, options: &[u64]) -> bool {
    let has_move = options.iter().any(|&word| word != 0);
    let option_in_p = members(options).any(|y| monoid.p[y as usize]);
    monoid.p[element as usize] == (has_move && !option_in_p)
}

/// The heaps of the position that reached state `at`.
fn position_of(states: &[((u32, Elements), usize, u64)], mut at: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while at != 0 {
        heaps.push(states[at].2);
        at = states[at].1;
    }
    heaps
}
