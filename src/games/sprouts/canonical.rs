//! The canonical form of a land: regions mirrored, boundaries turned and sorted, letters
//! renamed, so that most drawings of one land are searched once.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::hash::MapBuildHasher;

use super::notation::{
    BOUNDARY_END, LAND_END, Land, REGION_END, Region, SPOT, decode, is_letter, letter, write_land,
};

/// The symbols of a boundary read for sorting, with no letter's name in it: a letter by
/// where its other corner is — further along this boundary (how far), on another boundary
/// of the region, or in another region.
pub(super) fn shape(boundary: &[u8], region: &Region, reversed: bool) -> Shape {
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

/// A boundary's shape: short, kept inline.
pub(super) type Shape = smallvec::SmallVec<[u16; 16]>;

/// The most steps [`canonical_land`] takes among writings that tie. Past it, the least
/// writing found so far is kept: still the same position, though a drawing of it may then be
/// stored apart from another.
const MOST_STEPS: usize = 64;

/// A boundary read in one direction: its shape, its symbols, and the starts of its least
/// rotations (more than one when the shape repeats).
pub(super) struct Read {
    shape: Shape,
    symbols: smallvec::SmallVec<[u8; 16]>,
    starts: smallvec::SmallVec<[usize; 4]>,
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
        let starts = (0..len)
            .filter(|&start| rotation(start).eq(rotation(least)))
            .collect();
        let mut symbols: smallvec::SmallVec<[u8; 16]> = boundary.iter().copied().collect();
        if reversed {
            symbols.reverse();
        }
        let shape = rotation(least).collect();
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
pub(super) fn region_key(reads: &[Read]) -> Vec<u16> {
    let mut shapes: Vec<&Shape> = reads.iter().map(|read| &read.shape).collect();
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
pub(super) struct Prepared {
    key: Vec<u16>,
    /// The region's class once its neighbours are counted ([`refine`]): regions are taken
    /// in order of class, and those of one class are tried in turn.
    class: usize,
    directions: Vec<Vec<Read>>,
}

/// The search for the least writing of a land: letters are named in order of first
/// appearance, so a writing is found boundary by boundary, trying only the candidates whose
/// written boundary is least, and cutting a line of writing as soon as it passes the best.
pub(super) struct Writer {
    regions: Vec<Prepared>,
    best: Option<Vec<u8>>,
    steps: usize,
    /// Whether [`MOST_STEPS`] cut the search short.
    cut: bool,
}

/// Places of regions or boundaries not written yet: a few, kept inline.
type Indices = smallvec::SmallVec<[usize; 8]>;

/// One boundary as written: short, kept inline.
type Chunk = smallvec::SmallVec<[u8; 32]>;

/// Letter names given so far: by label, and the next free index.
#[derive(Clone)]
pub(super) struct Names {
    of: [u8; 256],
    next: usize,
}

impl Names {
    /// What [`write`](Self::write) would write, without naming anything: letters not named
    /// yet take the next names in order of first appearance.
    fn peek(&self, symbols: &[u8], start: usize, code: &mut Chunk) {
        let len = symbols.len();
        let mut fresh: smallvec::SmallVec<[u8; 16]> = smallvec::SmallVec::new();
        for step in 0..len {
            let symbol = symbols[(start + step) % len];
            if !is_letter(symbol) {
                code.push(symbol);
                continue;
            }
            match self.of[usize::from(symbol)] {
                0 => {
                    let place = fresh
                        .iter()
                        .position(|&seen| seen == symbol)
                        .unwrap_or_else(|| {
                            fresh.push(symbol);
                            fresh.len() - 1
                        });
                    code.push(letter(self.next + place));
                }
                name => code.push(name),
            }
        }
        code.push(BOUNDARY_END);
    }

    /// Writes `symbols` from `start`, naming the letters met first; the labels named are
    /// pushed on `named`, for [`forget`](Self::forget).
    fn write(&mut self, symbols: &[u8], start: usize, code: &mut Vec<u8>, named: &mut Labels) {
        let len = symbols.len();
        for step in 0..len {
            let symbol = symbols[(start + step) % len];
            if is_letter(symbol) {
                let name = &mut self.of[usize::from(symbol)];
                if *name == 0 {
                    *name = letter(self.next);
                    self.next += 1;
                    named.push(symbol);
                }
                code.push(*name);
            } else {
                code.push(symbol);
            }
        }
        code.push(BOUNDARY_END);
    }

    /// Takes back the names of the labels in `named` (the last given), as if never written.
    fn forget(&mut self, named: &[u8]) {
        for &label in named {
            self.of[usize::from(label)] = 0;
        }
        self.next -= named.len();
    }
}

/// Letter labels named by one boundary's writing.
type Labels = smallvec::SmallVec<[u8; 8]>;

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
        names: &mut Names,
        left: &[usize],
        current: Option<(usize, usize, Indices)>,
    ) {
        self.steps += 1;
        if self.steps > MOST_STEPS && self.best.is_some() {
            self.cut = true;
            return;
        }
        match current {
            Some((region, direction, boundaries)) if !boundaries.is_empty() => {
                let reads = &self.regions[region].directions[direction];
                let least = &reads[boundaries[0]].shape;
                // Each candidate boundary at each least rotation, written with the names so
                // far: those whose writing is least are tried, each in turn.
                let (mut least_chunk, mut chunk) = (Chunk::new(), Chunk::new());
                let mut ties: smallvec::SmallVec<[(usize, usize); 8]> = smallvec::SmallVec::new();
                for (place, &boundary) in boundaries.iter().enumerate() {
                    let read = &reads[boundary];
                    if read.shape != *least {
                        break;
                    }
                    for &start in &read.starts {
                        chunk.clear();
                        names.peek(&read.symbols, start, &mut chunk);
                        match (ties.is_empty(), chunk.cmp(&least_chunk)) {
                            (true, _) | (false, std::cmp::Ordering::Less) => {
                                std::mem::swap(&mut least_chunk, &mut chunk);
                                ties.clear();
                                ties.push((place, start));
                            }
                            (false, std::cmp::Ordering::Equal) => ties.push((place, start)),
                            (false, std::cmp::Ordering::Greater) => {}
                        }
                    }
                    // Plain boundaries of one shape are written alike: one stands for all.
                    if !read.has_letters() {
                        break;
                    }
                }
                for (place, start) in ties {
                    let mark = code.len();
                    let mut given = Labels::new();
                    let read = &self.regions[region].directions[direction][boundaries[place]];
                    names.write(&read.symbols, start, code, &mut given);
                    if !self.beaten(code) {
                        let mut rest = boundaries.clone();
                        rest.remove(place);
                        self.extend(code, names, left, Some((region, direction, rest)));
                    }
                    names.forget(&given);
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
                let least = self.regions[left[0]].class;
                let group = left
                    .iter()
                    .take_while(|&&region| self.regions[region].class == least)
                    .count();
                for place in 0..group {
                    let region = left[place];
                    let mut rest: Indices = left.iter().copied().collect();
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

/// The regions each letter is seen in, by the letter's byte: the second is `usize::MAX` when
/// both its corners are in one region.
type LetterRegions = [[usize; 2]; 256];

fn letter_regions(land: &Land) -> LetterRegions {
    let mut seen_in = [[usize::MAX; 2]; 256];
    for (index, region) in land.iter().enumerate() {
        for &symbol in region.iter().flatten() {
            if is_letter(symbol) {
                let slots = &mut seen_in[usize::from(symbol)];
                if slots[0] == usize::MAX {
                    slots[0] = index;
                } else if slots[0] != index {
                    slots[1] = index;
                }
            }
        }
    }
    seen_in
}

/// Splits the regions of one key by their neighbours, as colour refinement does: a region's
/// class is the rank of its key, then of its class with the classes of the regions across
/// each of its letters, until no class splits. Every drawing of the land gets the same
/// classes, so taking regions by class keeps the code canonical, and orders of regions that
/// look alike but differ in their neighbours are not tried (the writer's steps are bounded;
/// on Sprouts 6 spots this stored 4 % fewer positions).
fn refine(land: &Land, regions: &mut [Prepared]) {
    let keys: Vec<Vec<usize>> = regions
        .iter()
        .map(|region| region.key.iter().map(|&part| usize::from(part)).collect())
        .collect();
    let mut classes = ranks(&keys);
    let mut count = classes.iter().max().map_or(0, |&most| most + 1);
    if count < regions.len() {
        refine_classes(land, &letter_regions(land), &mut classes, &mut count);
    }
    for (region, class) in regions.iter_mut().zip(classes) {
        region.class = class;
    }
}

/// The rank of each signature among the distinct ones.
fn ranks(signatures: &[Vec<usize>]) -> Vec<usize> {
    let mut sorted: Vec<&Vec<usize>> = signatures.iter().collect();
    sorted.sort();
    sorted.dedup();
    signatures
        .iter()
        .map(|signature| sorted.partition_point(|other| *other < signature))
        .collect()
}

/// The rounds of [`refine`] that count neighbours, from the classes of the regions' keys.
fn refine_classes(
    land: &Land,
    seen_in: &LetterRegions,
    classes: &mut Vec<usize>,
    count: &mut usize,
) {
    // `classes` is in the land's order, as `seen_in` is.
    for _ in 0..land.len() {
        let signatures: Vec<Vec<usize>> = land
            .iter()
            .enumerate()
            .map(|(index, region)| {
                let mut across: Vec<usize> = region
                    .iter()
                    .flatten()
                    .filter(|&&symbol| is_letter(symbol))
                    .map(|&symbol| {
                        let [first, second] = seen_in[usize::from(symbol)];
                        let other = if first == index { second } else { first };
                        if other == usize::MAX {
                            usize::MAX
                        } else {
                            classes[other]
                        }
                    })
                    .collect();
                across.sort_unstable();
                let mut signature = vec![classes[index]];
                signature.extend(across);
                signature
            })
            .collect();
        *classes = ranks(&signatures);
        let refined = classes.iter().max().map_or(0, |&most| most + 1);
        if refined == *count {
            break;
        }
        *count = refined;
    }
}

/// The canonical code of a tidy land: the least code, letters named in order of first
/// appearance, among the writings that sort by shape — regions by their key, each in a
/// direction whose key is least, boundaries by shape, each at a least rotation. Shapes know
/// no letter names, so every drawing of the land has the same writings; within
/// [`MOST_STEPS`] the least of them is found, past it the first found is kept. The second
/// value says whether the least was found: then any drawing of the land writes the same.
pub(super) fn greedy_writing(land: &Land) -> (Vec<u8>, bool) {
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
                    class: 0,
                    directions: vec![forward],
                },
                std::cmp::Ordering::Greater => Prepared {
                    key: backward_key,
                    class: 0,
                    directions: vec![backward],
                },
                std::cmp::Ordering::Equal => Prepared {
                    key: forward_key,
                    class: 0,
                    directions: vec![forward, backward],
                },
            }
        })
        .collect();
    refine(land, &mut regions);
    regions.sort_by_key(|region| region.class);
    let left: Vec<usize> = (0..regions.len()).collect();
    let mut writer = Writer {
        regions,
        best: None,
        steps: 0,
        cut: false,
    };
    let mut names = Names {
        of: [0; 256],
        next: 0,
    };
    writer.extend(&mut Vec::new(), &mut names, &left, None);
    let least = !writer.cut;
    (writer.best.unwrap_or_else(|| vec![LAND_END]), least)
}

/// Most lands whose canonical codes a thread remembers in each of its two generations
/// (about 25 MB each on Sprouts 7 spots). When the recent generation is full it becomes the
/// older one and the older is forgotten, so the lands met lately are always kept.
const MOST_REMEMBERED: usize = 1 << 17;

/// Canonical codes of the lands met lately, by the land's own writing, in two generations:
/// the same land comes back in the options of many positions, and writing it canonically is
/// most of the cost of listing options (Sprouts 5 spots: 93 % of the instructions, 25 600
/// lands written).
#[derive(Default)]
struct Remembered {
    recent: HashMap<Vec<u8>, Box<[u8]>, MapBuildHasher>,
    older: HashMap<Vec<u8>, Box<[u8]>, MapBuildHasher>,
}

impl Remembered {
    fn get(&mut self, written: &[u8]) -> Option<Vec<u8>> {
        if let Some(code) = self.recent.get(written) {
            return Some(code.to_vec());
        }
        let (written, code) = self.older.remove_entry(written)?;
        let found = code.to_vec();
        self.insert(written, code);
        Some(found)
    }

    fn insert(&mut self, written: Vec<u8>, code: Box<[u8]>) {
        if self.recent.len() >= MOST_REMEMBERED {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.insert(written, code);
    }
}

thread_local! {
    static REMEMBERED: RefCell<Remembered> = RefCell::new(Remembered::default());
    /// The least code of the cycle each code met leads to, by the code: kept apart from the
    /// lands' own writings, whose codes may differ.
    static CYCLES: RefCell<Remembered> = RefCell::new(Remembered::default());
}

/// The canonical code of a tidy land: the greedy writing, written again until it repeats,
/// and the least code of that cycle — so that the canonical code of a canonical code is
/// itself, whichever order of its regions the greedy writing met first. Remembered for the
/// lands met lately, by the land as written (the same writing is the same land).
///
/// A function of the land as written alone, whatever was met before: remembering only
/// saves the work. The codes met on the way to a cycle are remembered apart, each with its
/// cycle's least, not as lands' writings: a land drawn as one of them may find a least
/// writing of its own, so that remembering it would make a land's code depend on the lands
/// met before it, and a code written by one process read otherwise by another, as a
/// certificate's checker reads the search's.
pub(super) fn canonical_land(land: &Land) -> Vec<u8> {
    let mut written = Vec::new();
    write_land(land, &mut written);
    if let Some(code) = REMEMBERED.with_borrow_mut(|remembered| remembered.get(&written)) {
        return code;
    }
    let (first, least) = greedy_writing(land);
    // The least writing of every drawing is its own canonical code.
    let code = if least {
        first
    } else if let Some(code) = CYCLES.with_borrow_mut(|cycles| cycles.get(&first)) {
        code
    } else {
        let (code, chain) = cycle_from(first);
        // Every code met on the way leads to the same cycle, so to the same least code.
        CYCLES.with_borrow_mut(|cycles| {
            for met in chain {
                cycles.insert(met, code.clone().into_boxed_slice());
            }
        });
        code
    };
    REMEMBERED.with_borrow_mut(|remembered| {
        remembered.insert(written, code.clone().into_boxed_slice());
    });
    code
}

/// The least code of the cycle that greedy writing reaches from `land`, and the codes met.
#[cfg(test)]
fn least_of_cycle(land: &Land) -> (Vec<u8>, Vec<Vec<u8>>) {
    cycle_from(greedy_writing(land).0)
}

/// The least code of the cycle that greedy writing reaches from the code `first`, and the
/// codes met on the way.
fn cycle_from(first: Vec<u8>) -> (Vec<u8>, Vec<Vec<u8>>) {
    let mut codes: Vec<Vec<u8>> = vec![first];
    loop {
        let last = codes.last().expect("one code at least");
        let next = greedy_writing(&decode(last).swap_remove(0)).0;
        if let Some(start) = codes.iter().position(|code| *code == next) {
            let smallest = (start..codes.len())
                .min_by(|&a, &b| codes[a].cmp(&codes[b]))
                .unwrap_or(start);
            return (codes[smallest].clone(), codes);
        }
        codes.push(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ImpartialGame;
    use crate::sprouts::{Sprouts, SproutsPosition};

    /// Every land of every position reachable from `spots` spots.
    fn reachable_lands(spots: usize) -> Vec<Land> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![SproutsPosition::start(spots).unwrap()];
        let mut lands = Vec::new();
        while let Some(position) = stack.pop() {
            if !seen.insert(position.clone()) {
                continue;
            }
            lands.extend(decode(&position.code));
            stack.extend(Sprouts.moves(&position));
        }
        lands
    }

    /// The remembered codes are the codes worked out: each land's code, asked twice (the
    /// second time remembered), is its code worked out afresh, and a cleared memory changes
    /// nothing.
    #[test]
    fn remembered_codes_are_the_codes_worked_out() {
        let lands = reachable_lands(4);
        assert!(lands.len() > 500, "{}", lands.len());
        for land in &lands {
            let (fresh, chain) = least_of_cycle(land);
            assert_eq!(canonical_land(land), fresh);
            assert_eq!(canonical_land(land), fresh);
            // The codes met on the way, remembered too, are those of lands of this cycle.
            for met in &chain {
                REMEMBERED.with_borrow_mut(|remembered| *remembered = Remembered::default());
                assert_eq!(canonical_land(&decode(met).swap_remove(0)), fresh);
            }
            REMEMBERED.with_borrow_mut(|remembered| *remembered = Remembered::default());
            assert_eq!(canonical_land(land), fresh);
        }
    }

    /// A boundary peeked at is written as it would be: for every boundary of those lands,
    /// every start and names given by the boundaries before it.
    #[test]
    fn a_peek_is_the_writing() {
        for land in reachable_lands(4) {
            let mut names = Names {
                of: [0; 256],
                next: 0,
            };
            for boundary in land.iter().flatten() {
                for start in 0..boundary.len() {
                    let mut peeked = Chunk::new();
                    names.peek(boundary, start, &mut peeked);
                    let mut written = Vec::new();
                    names
                        .clone()
                        .write(boundary, start, &mut written, &mut Labels::new());
                    assert_eq!(
                        peeked.as_slice(),
                        written.as_slice(),
                        "{boundary:?} {start}"
                    );
                }
                names.write(boundary, 0, &mut Vec::new(), &mut Labels::new());
            }
        }
    }
}
