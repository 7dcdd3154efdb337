//! The construction of a quotient heap by heap: a new heap as an element of the quotient so
//! far, or a change of presentation recalibrated on the positions a candidate mispredicts.

use smallvec::SmallVec;

use super::limits::{MAX_ELEMENTS, MAX_OPTION_WORDS, MAX_PAIRS_PER_HEAP, MAX_PRODUCT, Stop};
use super::monoid::{Bipartite, Monoid, Product, ReduceStop, reduce};
use super::presentation::generators;
use super::verify::{
    Closure, Elements, HeapKind, Verdict, add_heap_to, check, closure, extend, members, passes_near,
};
use crate::heap::{HeapRules, Heaps};

/// The quotient being built: the heaps' options, the monoid and `Φ` proved so far.
pub(super) struct Builder {
    rules: HeapRules,
    /// The options of each heap, as lists of heaps (each smaller than it).
    options: Vec<Vec<Vec<u64>>>,
    pub(super) monoid: Bipartite,
    pub(super) phi: Vec<u32>,
    /// The kinds of the heaps so far under `monoid` and `phi`.
    kinds: Vec<HeapKind>,
    /// Pairs the verifications for the heap being added may still meet.
    work_left: usize,
    /// The closure of the pairs of `kinds` under `monoid`, every one predicted, when it has
    /// been listed since the last change of presentation.
    verified: Option<Closure>,
    /// How many more words the options of lone heaps may take ([`MAX_OPTION_WORDS`]).
    options_left: usize,
}

/// A candidate: a monoid with its P-portion, and `Φ` for every heap so far.
struct Candidate {
    monoid: Bipartite,
    phi: Vec<u32>,
}

/// Most recalibrations one heap may take before the computation stops.
const MAX_RECALIBRATIONS: usize = 64;

/// Most heaps one recalibration gives generators of their own.
const MAX_PROMOTED: usize = 3;

impl Builder {
    pub(super) fn new(rules: &HeapRules) -> Self {
        Builder {
            rules: rules.clone(),
            options: vec![Vec::new()],
            monoid: Bipartite::trivial(),
            phi: vec![0],
            kinds: Vec::new(),
            work_left: MAX_PAIRS_PER_HEAP,
            verified: None,
            options_left: MAX_OPTION_WORDS,
        }
    }

    /// The monoid, `Φ` and the heaps' options, the builder done with.
    pub(super) fn into_parts(self) -> (Bipartite, Vec<u32>, Vec<Vec<Vec<u64>>>) {
        (self.monoid, self.phi, self.options)
    }

    /// The largest heap added so far.
    pub(super) fn heaps(&self) -> u64 {
        (self.phi.len() - 1) as u64
    }

    /// Adds the next heap, or says why it cannot (and then adds nothing).
    pub(super) fn add_next(&mut self) -> Result<(), Stop> {
        let heap = self.phi.len() as u64;
        let options = single_heap_options(&self.rules, heap, &mut self.options_left)
            .ok_or(Stop::TooManyOptions { heap })?;
        self.options.push(options);
        let added = self.add_heap();
        if added.is_err() {
            self.options.pop();
        }
        added
    }

    /// Adds the last heap of `options` to the quotient, or says why it cannot: as an element
    /// of the quotient so far if one is verified, else by a change of presentation.
    fn add_heap(&mut self) -> Result<(), Stop> {
        let heap = (self.options.len() - 1) as u64;
        self.work_left = MAX_PAIRS_PER_HEAP;
        if self.options[heap as usize].is_empty() {
            // A heap without moves is the empty position.
            self.phi.push(0);
            return Ok(());
        }
        let images = self.images(&self.monoid, &self.phi, heap as usize);
        // A heap of a kind met before (the same options' elements, and an element with them)
        // adds no new pair: the verification of the heaps before covers it.
        if let Some(kind) = self.kinds.iter().find(|kind| kind.images == images) {
            self.phi.push(kind.element);
            return Ok(());
        }
        let heap_is_p = images.iter().all(|&image| !self.monoid.p[image as usize]);
        let mut verified = match self.verified.take() {
            Some(verified) => verified,
            None => closure(&self.monoid, &self.kinds),
        };
        let added = self.add_as_element(heap, &images, heap_is_p, &mut verified);
        self.verified = Some(verified);
        match added {
            Ok(true) => Ok(()),
            Ok(false) => {
                self.verified = None;
                self.change_presentation(heap)
            }
            Err(stop) => Err(stop),
        }
    }

    /// Tries `heap` (options' elements `images`) as each element of the quotient so far that
    /// is P exactly when it is: `Ok(true)` when one is verified (checking only the pairs its
    /// kind adds to `verified`), `Ok(false)` when none is.
    fn add_as_element(
        &mut self,
        heap: u64,
        images: &[u32],
        heap_is_p: bool,
        verified: &mut Closure,
    ) -> Result<bool, Stop> {
        for x in 0..self.monoid.size() as u32 {
            if self.monoid.p[x as usize] != heap_is_p {
                continue;
            }
            self.kinds.push(HeapKind {
                element: x,
                images: images.to_vec(),
                heap,
            });
            if !passes_near(&self.monoid, &self.kinds) {
                self.kinds.pop();
                continue;
            }
            match extend(&self.monoid, &self.kinds, verified, &mut self.work_left) {
                Verdict::Proved => {
                    self.phi.push(x);
                    return Ok(true);
                }
                Verdict::Fails { .. } => {
                    self.kinds.pop();
                }
                Verdict::TooLarge => {
                    self.kinds.pop();
                    return Err(Stop::TooLarge { heap });
                }
                Verdict::OutOfWork => {
                    self.kinds.pop();
                    return Err(Stop::OutOfWork { heap });
                }
            }
        }
        Ok(false)
    }

    /// Adds `heap` as a new generator — the product of the quotient with a cyclic monoid,
    /// marked and reduced — then, while the candidate mispredicts a position, recalibrates it
    /// on that position ([`recalibrate`](Self::recalibrate)).
    fn change_presentation(&mut self, heap: u64) -> Result<(), Stop> {
        let mut phi = self.phi.clone();
        phi.push(0);
        let promoted = [heap as usize];
        let mut candidate = self.extended(&self.monoid.clone(), &phi, &promoted, &[2])?;
        for _ in 0..MAX_RECALIBRATIONS {
            match self.verify(&candidate.monoid, &candidate.phi) {
                Verdict::Proved => {
                    self.kinds = self.types(&candidate.monoid, &candidate.phi);
                    self.monoid = candidate.monoid;
                    self.phi = candidate.phi;
                    return Ok(());
                }
                Verdict::Fails { position, is_p } => {
                    candidate = self
                        .recalibrate(&candidate, &position, is_p)?
                        .ok_or(Stop::NoCandidate { heap })?;
                }
                Verdict::TooLarge => return Err(Stop::TooLarge { heap }),
                Verdict::OutOfWork => return Err(Stop::OutOfWork { heap }),
            }
        }
        Err(Stop::NoCandidate { heap })
    }

    /// A candidate that predicts `position` right, made from `candidate` by giving some of
    /// the heaps in `position` generators of their own (the fewest that will do): the
    /// submonoid the other heaps generate, times a cyclic monoid for each (its powers
    /// repeating with period 2 from the heap's count in `position`), marked and reduced.
    /// `None` if no set of heaps will do.
    fn recalibrate(
        &mut self,
        candidate: &Candidate,
        position: &[u64],
        is_p: bool,
    ) -> Result<Option<Candidate>, Stop> {
        let heap = (candidate.phi.len() - 1) as u64;
        let mut involved: Vec<usize> = position.iter().map(|&h| h as usize).collect();
        involved.sort_unstable();
        involved.dedup();
        // Whether a set of heaps was passed over for the size of its product: then the
        // computation stops for the size, not for want of a candidate.
        let mut too_large = false;
        for size in 1..=involved.len().min(MAX_PROMOTED) {
            for promoted in combinations(&involved, size) {
                if self.work_left == 0 {
                    return Err(Stop::OutOfWork { heap });
                }
                let indices: Vec<usize> = promoted
                    .iter()
                    .map(|&h| position.iter().filter(|&&p| p as usize == h).count().max(2))
                    .collect();
                let trial =
                    match self.extended(&candidate.monoid, &candidate.phi, &promoted, &indices) {
                        Ok(trial) => trial,
                        Err(Stop::TooLarge { .. }) => {
                            too_large = true;
                            continue;
                        }
                        Err(stop) => return Err(stop),
                    };
                let element = position
                    .iter()
                    .fold(0, |x, &h| trial.monoid.product(x, trial.phi[h as usize]));
                if trial.monoid.p[element as usize] == is_p {
                    return Ok(Some(trial));
                }
            }
        }
        if too_large {
            return Err(Stop::TooLarge { heap });
        }
        Ok(None)
    }

    /// `monoid` under `phi` with the heaps `promoted` made generators of their own: the
    /// submonoid the others generate times a cyclic monoid of index `indices[i]` and period 2
    /// for each, marked and reduced. `None` past [`MAX_ELEMENTS`].
    fn extended(
        &mut self,
        monoid: &Bipartite,
        phi: &[u32],
        promoted: &[usize],
        indices: &[usize],
    ) -> Result<Candidate, Stop> {
        let heap = (phi.len() - 1) as u64;
        let mut phi = phi.to_vec();
        for &heap in promoted {
            phi[heap] = 0;
        }
        let (base, number) = monoid.submonoid(&phi);
        let mut phi: Vec<u32> = phi
            .iter()
            .map(|&x| number[x as usize].expect("reached"))
            .collect();
        let mut product = Product::new(base);
        for (&heap_promoted, &index) in promoted.iter().zip(indices) {
            phi[heap_promoted] = product
                .times_cyclic(index, 2, MAX_PRODUCT)
                .ok_or(Stop::TooLarge { heap })?;
        }
        // Marking visits each element of the product with a set of elements of its size:
        // charged to the heap's work, as a verification's pairs are.
        let words = product.size().div_ceil(64);
        self.work_left = self.work_left.saturating_sub(product.size() * words / 8);
        self.mark(&mut product, &phi);
        // The fewest heaps' elements that generate the product: each round of the
        // reduction reads the products with every generator.
        let (_, generators) = generators(&product, &phi);
        let (reduced, class) = reduce(&product, &generators, &mut self.work_left, MAX_ELEMENTS)
            .map_err(|stop| match stop {
                ReduceStop::OutOfWork => Stop::OutOfWork { heap },
                ReduceStop::TooManyClasses => Stop::TooLarge { heap },
            })?;
        let phi = phi
            .iter()
            .map(|&x| class[x as usize].expect("a heap's element is reached"))
            .collect();
        Ok(Candidate {
            monoid: reduced,
            phi,
        })
    }

    /// Marks the P-portion of `monoid` (under `phi`) by the positions reaching each element
    /// first in lexicographic order, the count of the largest heap first: an option of a
    /// position comes before it (it trades a heap for smaller ones), so its element is marked
    /// when the position is, and the position is P when it has a move and no option's
    /// element is P. Heaps of a kind (same element, same options' elements) count as the
    /// smallest of them. Whether every other position agrees is the verification's to check.
    fn mark(&self, monoid: &mut Product, phi: &[u32]) {
        let kinds = kinds(&self.options, monoid, phi);
        let mut marked = vec![false; monoid.size()];
        let words = monoid.size().div_ceil(64);
        mark_from(monoid, &kinds, &mut marked, kinds.len(), 0, &vec![0; words]);
    }

    /// The elements of `heap`'s options under `phi`, each once.
    fn images(&self, monoid: &Bipartite, phi: &[u32], heap: usize) -> Vec<u32> {
        images(&self.options[heap], monoid, phi)
    }

    /// The kinds of heap a verification adds (see [`kinds`]).
    fn types(&self, monoid: &Bipartite, phi: &[u32]) -> Vec<HeapKind> {
        kinds(&self.options, monoid, phi)
    }

    /// Whether `monoid` under `phi` predicts every misère outcome of the positions of the
    /// heaps so far (see [`check`]).
    fn verify(&mut self, monoid: &Bipartite, phi: &[u32]) -> Verdict {
        check(monoid, &self.types(monoid, phi), &mut self.work_left)
    }
}

/// Marks, for the positions whose counts of the `digits` largest kinds vary (the counts of
/// the larger ones fixed, reaching `element` with options' elements `options`), the element
/// of each one reaching a new element first (see [`Builder::mark`]).
fn mark_from(
    monoid: &mut Product,
    kinds: &[HeapKind],
    marked: &mut [bool],
    digits: usize,
    element: u32,
    options: &[u64],
) {
    if digits == 0 {
        if !marked[element as usize] {
            marked[element as usize] = true;
            let has_move = options.iter().any(|&word| word != 0);
            let option_in_p = members(options).any(|y| monoid.is_p(y));
            monoid.set_p(element, has_move && !option_in_p);
        }
        return;
    }
    let kind = &kinds[digits - 1];
    let (mut element, mut options): (u32, Elements) = (element, SmallVec::from_slice(options));
    loop {
        mark_from(monoid, kinds, marked, digits - 1, element, &options);
        let (next, next_options) = add_heap_to(monoid, element, &options, kind);
        if marked[next as usize] {
            break;
        }
        (element, options) = (next, next_options);
    }
}

/// Every `size`-element subset of `values`, in order.
fn combinations(values: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in values.iter().enumerate() {
        for mut rest in combinations(&values[i + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The kinds of heap a verification adds — `Φ(h)` and the elements of `h`'s options,
/// each kind once with its smallest heap (heaps without moves add nothing); `options[h]`
/// lists heap `h`'s.
pub(super) fn kinds<M: Monoid>(
    options: &[Vec<Vec<u64>>],
    monoid: &M,
    phi: &[u32],
) -> Vec<HeapKind> {
    let mut kinds: Vec<HeapKind> = Vec::new();
    for heap in 1..phi.len() {
        if options[heap].is_empty() {
            continue;
        }
        let kind = HeapKind {
            element: phi[heap],
            images: images(&options[heap], monoid, phi),
            heap: heap as u64,
        };
        if !kinds
            .iter()
            .any(|k| k.element == kind.element && k.images == kind.images)
        {
            kinds.push(kind);
        }
    }
    kinds
}

/// The elements of `options` (each a list of heaps) under `phi`, each once, in order.
pub(super) fn images<M: Monoid>(options: &[Vec<u64>], monoid: &M, phi: &[u32]) -> Vec<u32> {
    let mut images: Vec<u32> = options
        .iter()
        .map(|option| {
            option.iter().fold(0, |element, &left| {
                monoid.product(element, phi[left as usize])
            })
        })
        .collect();
    images.sort_unstable();
    images.dedup();
    images
}

/// The options of a lone heap of `heap`, each as its heaps (each smaller), if they take at
/// most `budget` words (four an option and one a heap), which they use up; `None` past it
/// (listed lazily, so never more is held).
pub(super) fn single_heap_options(
    rules: &HeapRules,
    heap: u64,
    budget: &mut usize,
) -> Option<Vec<Vec<u64>>> {
    let mut options = Vec::new();
    for option in rules.moves(&Heaps::from([heap])) {
        let leaves: Vec<u64> = option.iter().copied().filter(|&h| h > 0).collect();
        *budget = budget.checked_sub(4 + leaves.len())?;
        options.push(leaves);
    }
    Some(options)
}
