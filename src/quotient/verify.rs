//! The verification of a candidate: the closure of the empty position's pair (element,
//! options' elements) under adding heaps, every pair checked.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use smallvec::SmallVec;

use super::limits::MAX_VERIFIED_STATES;
use super::monoid::{Bipartite, Monoid};
use crate::hash::MapBuildHasher;

/// What a verification found.
pub(super) enum Verdict {
    /// Every position's outcome is predicted.
    Proved,
    /// A smallest position (fewest counters in all) whose outcome is mispredicted, and its
    /// outcome: every smaller position is predicted, its options among them, so it is P
    /// exactly when it has a move and no option's element is in P.
    Fails {
        /// Its heaps.
        position: Vec<u64>,
        /// Whether it is a P-position.
        is_p: bool,
    },
    /// Past [`MAX_VERIFIED_STATES`].
    TooLarge,
    /// Past the heap's [`MAX_PAIRS_PER_HEAP`].
    OutOfWork,
}

/// The pair (element, options' elements) of a position with that pair, a heap of `kind`
/// added.
pub(super) fn add_heap_to<M: Monoid>(
    monoid: &M,
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

/// A pair (element, options' elements) met by [`check`]: the smallest position known to
/// reach it (its size, and the state and heap it was reached from), and whether it is
/// checked.
struct State {
    pair: (u32, Elements),
    size: u64,
    parent: usize,
    heap: u64,
    checked: bool,
}

/// Whether `monoid` predicts every misère outcome of the positions made of heaps of `kinds`:
/// the closure of the empty position's pair (element, options' elements) under adding heaps,
/// each pair checked. A first pass visits the pairs in any order (most candidates pass, and
/// this is the cheapest); if one fails, [`smallest_failure`] finds the position to report.
pub(super) fn check(monoid: &Bipartite, kinds: &[HeapKind], work_left: &mut usize) -> Verdict {
    let words = monoid.size().div_ceil(64);
    let mut seen: HashSet<(u32, Elements), MapBuildHasher> = HashSet::default();
    let start: (u32, Elements) = (0, SmallVec::from_elem(0, words));
    seen.insert(start.clone());
    let mut pending = vec![start];
    while let Some((element, options)) = pending.pop() {
        if !predicted(monoid, element, &options) {
            return smallest_failure(monoid, kinds, work_left);
        }
        // Every heap added costs the same, whether its pair is new or not.
        if *work_left < kinds.len() {
            return Verdict::OutOfWork;
        }
        *work_left -= kinds.len();
        for kind in kinds {
            let pair = add_heap_to(monoid, element, &options, kind);
            if seen.contains(&pair) {
                continue;
            }
            if seen.len() >= MAX_VERIFIED_STATES {
                return Verdict::TooLarge;
            }
            seen.insert(pair.clone());
            pending.push(pair);
        }
    }
    Verdict::Proved
}

/// The pairs of a verified closure: every position's pair (element, options' elements) for a
/// monoid and its kinds of heap, each predicted.
pub(super) type Closure = HashSet<(u32, Elements), MapBuildHasher>;

/// The closure of the empty position's pair under adding heaps of `kinds`, every pair known
/// to be predicted (the kinds verified together before): what [`extend`] starts from.
pub(super) fn closure(monoid: &Bipartite, kinds: &[HeapKind]) -> Closure {
    let words = monoid.size().div_ceil(64);
    let start: (u32, Elements) = (0, SmallVec::from_elem(0, words));
    let mut seen = Closure::default();
    seen.insert(start.clone());
    let mut pending = vec![start];
    while let Some((element, options)) = pending.pop() {
        for kind in kinds {
            let pair = add_heap_to(monoid, element, &options, kind);
            if seen.insert(pair.clone()) {
                pending.push(pair);
            }
        }
    }
    seen
}

/// Whether `monoid` predicts every position of heaps of `kinds` — `verified` the closure of
/// all kinds but the last, each of its pairs predicted — by checking only the pairs the last
/// kind adds: a position with a heap of the last kind is one without it (in `verified`), that
/// heap added, then heaps of any kind. Proved, the new pairs join `verified`; otherwise it is
/// left as it was. A failure gives no position (the callers only try another element).
pub(super) fn extend(
    monoid: &Bipartite,
    kinds: &[HeapKind],
    verified: &mut Closure,
    work_left: &mut usize,
) -> Verdict {
    let Some(new) = kinds.last() else {
        return Verdict::Proved;
    };
    let mut added = Closure::default();
    let mut pending = Vec::new();
    if *work_left < verified.len() {
        return Verdict::OutOfWork;
    }
    *work_left -= verified.len();
    for (element, options) in verified.iter() {
        let pair = add_heap_to(monoid, *element, options, new);
        if !verified.contains(&pair) && added.insert(pair.clone()) {
            pending.push(pair);
        }
    }
    while let Some((element, options)) = pending.pop() {
        if !predicted(monoid, element, &options) {
            return Verdict::Fails {
                position: Vec::new(),
                is_p: false,
            };
        }
        if *work_left < kinds.len() {
            return Verdict::OutOfWork;
        }
        *work_left -= kinds.len();
        for kind in kinds {
            let pair = add_heap_to(monoid, element, &options, kind);
            if verified.contains(&pair) || added.contains(&pair) {
                continue;
            }
            if verified.len() + added.len() >= MAX_VERIFIED_STATES {
                return Verdict::TooLarge;
            }
            added.insert(pair.clone());
            pending.push(pair);
        }
    }
    verified.extend(added);
    Verdict::Proved
}

/// The pairs of [`check`] visited in order of the size of the smallest position reaching each
/// (a shortest-path search over the pairs, a heap of a kind weighing its smallest heap): the
/// first pair that fails gives a smallest position mispredicted, whose outcome every
/// smaller position's prediction then decides.
fn smallest_failure(monoid: &Bipartite, kinds: &[HeapKind], work_left: &mut usize) -> Verdict {
    let words = monoid.size().div_ceil(64);
    let mut index: HashMap<(u32, Elements), usize, MapBuildHasher> = HashMap::default();
    let start: (u32, Elements) = (0, SmallVec::from_elem(0, words));
    index.insert(start.clone(), 0);
    let mut states = vec![State {
        pair: start,
        size: 0,
        parent: usize::MAX,
        heap: 0,
        checked: false,
    }];
    let mut queue = BinaryHeap::from([Reverse((0u64, 0usize))]);
    while let Some(Reverse((size, at))) = queue.pop() {
        if states[at].checked || size > states[at].size {
            continue;
        }
        states[at].checked = true;
        let (element, options) = states[at].pair.clone();
        if !predicted(monoid, element, &options) {
            let has_move = options.iter().any(|&word| word != 0);
            let option_in_p = members(&options).any(|y| monoid.p[y as usize]);
            return Verdict::Fails {
                position: position_of(&states, at),
                is_p: has_move && !option_in_p,
            };
        }
        if *work_left < kinds.len() {
            return Verdict::OutOfWork;
        }
        *work_left -= kinds.len();
        for kind in kinds {
            let pair = add_heap_to(monoid, element, &options, kind);
            let size = size + kind.heap;
            if let Some(&known) = index.get(&pair) {
                let state = &mut states[known];
                if !state.checked && size < state.size {
                    (state.size, state.parent, state.heap) = (size, at, kind.heap);
                    queue.push(Reverse((size, known)));
                }
                continue;
            }
            if states.len() >= MAX_VERIFIED_STATES {
                return Verdict::TooLarge;
            }
            index.insert(pair.clone(), states.len());
            queue.push(Reverse((size, states.len())));
            states.push(State {
                pair,
                size,
                parent: at,
                heap: kind.heap,
                checked: false,
            });
        }
    }
    unreachable!("a pair that failed in one order fails in every order")
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

/// The heaps of the smallest position known to reach state `at`.
fn position_of(states: &[State], mut at: usize) -> Vec<u64> {
    let mut heaps = Vec::new();
    while at != 0 {
        heaps.push(states[at].heap);
        at = states[at].parent;
    }
    heaps
}
