//! The lines a move can draw, and the tidying that follows: dead regions dropped, letters
//! with one corner left made `2`, lands split apart.

use std::collections::HashSet;

use crate::hash::MapBuildHasher;

use super::canonical::canonical_land;
use super::notation::{
    Boundary, END, Land, PIER, Region, SPOT, decode, is_letter, land_codes, letter, rotated,
    symbol_lives,
};

/// Labels of the letters a move makes, past the alphabet until the land is relabelled.
const NEW_LINE_SPOT: u8 = 200;
const FIRST_END: u8 = 201;
const SECOND_END: u8 = 202;

/// The lives a region offers a move: each spot counted once.
pub(super) fn region_lives(region: &Region) -> usize {
    // Letters are bytes: a bit for each says it was counted.
    let mut counted = [0u64; 4];
    let mut lives = 0;
    for &symbol in region.iter().flatten() {
        if is_letter(symbol) {
            let (word, bit) = (usize::from(symbol / 64), 1 << (symbol % 64));
            if counted[word] & bit != 0 {
                continue;
            }
            counted[word] |= bit;
        }
        lives += symbol_lives(symbol);
    }
    lives
}

/// Tidies a land after a move: regions where no move is possible (fewer than two lives)
/// dropped — a letter with one corner left becomes a `2` — then the land split into the
/// lands that share no spot, each with its letters renamed in order of first appearance.
/// With `merge_small`, each region of at most three lives is written as one boundary
/// ([`merge_small_regions`]); the tests turn it off to check that this changes no value.
///
/// Tidying a tidy land changes nothing, so that a position printed and read back is the
/// same: the steps run in an order where none undoes an earlier one. A region is merged
/// only once the letters that play as `2`s are found (they can bring its lives down to
/// three), and its spots are sorted once more after the letters are renamed.
pub(super) fn tidy_land(mut land: Land, out: &mut Vec<Land>, merge_small: bool) {
    for boundary in land.iter_mut().flatten() {
        join_neighbouring_corners(boundary);
    }
    land.retain(|region| region_lives(region) >= 2);
    let mut count = [0u8; 256];
    for &symbol in land.iter().flatten().flatten() {
        count[usize::from(symbol)] += 1;
    }
    for symbol in land.iter_mut().flatten().flatten() {
        if is_letter(*symbol) && count[usize::from(*symbol)] == 1 {
            *symbol = PIER;
        }
    }
    if merge_small {
        // Neither step changes a region's lives: a letter seen twice in a region is one
        // life there, as the `2` it becomes.
        merge_small_regions(&mut land);
        for region in &mut land {
            if let [boundary] = region.as_mut_slice()
                && join_neighbouring_corners(boundary)
            {
                boundary.sort_unstable();
            }
        }
    }
    // Regions joined through a shared letter, by union–find.
    let mut parent: Vec<usize> = (0..land.len()).collect();
    let mut first_region = [usize::MAX; 256];
    for (index, region) in land.iter().enumerate() {
        for &symbol in region.iter().flatten() {
            if is_letter(symbol) {
                let slot = &mut first_region[usize::from(symbol)];
                if *slot == usize::MAX {
                    *slot = index;
                } else {
                    let (a, b) = (root(&mut parent, *slot), root(&mut parent, index));
                    parent[a] = b;
                }
            }
        }
    }
    let mut roots: Vec<usize> = Vec::new();
    let mut parts: Vec<Land> = Vec::new();
    for (index, region) in land.into_iter().enumerate() {
        let top = root(&mut parent, index);
        match roots.iter().position(|&other| other == top) {
            Some(part) => parts[part].push(region),
            None => {
                roots.push(top);
                parts.push(vec![region]);
            }
        }
    }
    for mut part in parts {
        rename_letters(&mut part);
        if merge_small {
            // Renaming keeps the order of the letters a region meets first, but a letter
            // named in an earlier region now sorts before them.
            for region in &mut part {
                if region_lives(region) <= 3 {
                    for boundary in region.iter_mut() {
                        boundary.sort_unstable();
                    }
                }
            }
        }
        out.push(part);
    }
}

/// Makes a `2` of each letter whose two corners are next to each other on `boundary`
/// (around its end too): no line can end between them, and a line ending at either kills
/// the spot, so it plays as a `2`. Whether it made one.
fn join_neighbouring_corners(boundary: &mut Boundary) -> bool {
    let mut joined = false;
    let mut index = 0;
    while boundary.len() >= 2 && index < boundary.len() {
        let next = (index + 1) % boundary.len();
        let symbol = boundary[index];
        if is_letter(symbol) && boundary[next] == symbol {
            boundary[index] = PIER;
            boundary.remove(next);
            joined = true;
        } else {
            index += 1;
        }
    }
    joined
}

/// Writes each region of at most three lives as one boundary of its spots in order.
///
/// In such a region the drawing no longer matters: at most two more lines can be drawn in
/// it, and which spots they can join does not depend on where the spots lie on which
/// boundary (a line between two of its spots leaves the new spot beside every spot left).
/// Lemoine and Viennot's Glop merges the boundaries of these regions; sorting the spots too
/// writes every drawing of one such region alike. A unit test of the module holds the values
/// of merged lands to those of the lands as drawn.
pub(super) fn merge_small_regions(land: &mut Land) {
    for region in land.iter_mut() {
        if region_lives(region) > 3 {
            continue;
        }
        let mut spots: Boundary = region.iter().flatten().copied().collect();
        spots.sort_unstable();
        region.clear();
        if !spots.is_empty() {
            region.push(spots);
        }
    }
}

/// The representative of `region`'s set in a union–find forest.
pub(super) fn root(parent: &mut [usize], mut region: usize) -> usize {
    while parent[region] != region {
        parent[region] = parent[parent[region]];
        region = parent[region];
    }
    region
}

/// Renames a land's letters `A`, `B`, … in order of first appearance.
pub(super) fn rename_letters(land: &mut Land) {
    let mut names = [0u8; 256];
    let mut next = 0;
    for symbol in land.iter_mut().flatten().flatten() {
        if is_letter(*symbol) {
            let name = &mut names[usize::from(*symbol)];
            if *name == 0 {
                *name = letter(next);
                next += 1;
            }
            *symbol = *name;
        }
    }
}

/// What a corner becomes when a line ends at it, once: `None` when its spot dies.
pub(super) fn after_one_end(symbol: u8, new_letter: u8) -> Option<u8> {
    match symbol {
        SPOT => Some(END),
        END => Some(new_letter),
        _ => None,
    }
}

/// Every way to share `others` between two new regions: the boundaries that are the same
/// (no letter, same symbols) counted, not placed one by one.
pub(super) fn shares(others: &[Boundary]) -> Vec<(Vec<Boundary>, Vec<Boundary>)> {
    let mut kinds: Vec<(&Boundary, usize)> = Vec::new();
    for boundary in others {
        let plain = !boundary.iter().any(|&symbol| is_letter(symbol));
        match kinds
            .iter_mut()
            .find(|(kind, _)| plain && *kind == boundary)
        {
            Some((_, count)) => *count += 1,
            None => kinds.push((boundary, 1)),
        }
    }
    let mut ways = vec![(Vec::new(), Vec::new())];
    for (kind, count) in kinds {
        let mut next = Vec::with_capacity(ways.len() * (count + 1));
        for (first, second) in &ways {
            for inside in 0..=count {
                let mut first: Vec<Boundary> = first.clone();
                let mut second: Vec<Boundary> = second.clone();
                first.extend(std::iter::repeat_n(kind.clone(), inside));
                second.extend(std::iter::repeat_n(kind.clone(), count - inside));
                next.push((first, second));
            }
        }
        ways = next;
    }
    ways
}

/// Whether boundary `index` of `region` is the first of the boundaries equal to it with no
/// letter (the others give the same moves), leaving out boundary `except`.
pub(super) fn first_of_kind(region: &Region, index: usize, except: usize) -> bool {
    let boundary = &region[index];
    if boundary.iter().any(|&symbol| is_letter(symbol)) {
        return true;
    }
    !region[..index]
        .iter()
        .enumerate()
        .any(|(other, earlier)| other != except && earlier == boundary)
}

/// The moves inside region `at` of `land`, each the land it leaves (untidied), with the
/// letters whose spot the move killed.
pub(super) fn region_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    splitting_moves(land, at, emit);
    joining_moves(land, at, emit);
}

/// `land` with region `at` replaced by `new_regions`.
pub(super) fn replaced(land: &Land, at: usize, new_regions: Vec<Region>) -> Land {
    let mut next: Land = Vec::with_capacity(land.len() + 1);
    next.extend(land[..at].iter().cloned());
    next.extend(new_regions);
    next.extend(land[at + 1..].iter().cloned());
    next
}

/// The lines from a corner to a corner of the same boundary of region `at`: each splits the
/// region in two, the other boundaries shared every way between the sides.
pub(super) fn splitting_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    let region = &land[at];
    let with_regions = |new_regions: Vec<Region>| replaced(land, at, new_regions);
    for (index, boundary) in region.iter().enumerate() {
        if !first_of_kind(region, index, usize::MAX) {
            continue;
        }
        let others: Vec<Boundary> = region
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .map(|(_, boundary)| boundary.clone())
            .collect();
        let len = boundary.len();
        for from in 0..len {
            let first = boundary[from];
            // A loop from a corner back to itself: the spot takes both ends.
            let loops = match first {
                SPOT => Some((
                    Boundary::from_slice(&[FIRST_END, NEW_LINE_SPOT]),
                    Boundary::from_slice(&[FIRST_END, NEW_LINE_SPOT]),
                )),
                END => {
                    let mut outside = Boundary::from_slice(&[NEW_LINE_SPOT]);
                    outside.extend_from_slice(&rotated(boundary, from)[1..]);
                    Some((Boundary::from_slice(&[NEW_LINE_SPOT]), outside))
                }
                _ => None,
            };
            if let Some((inside, outside)) = loops {
                for (with_inside, with_outside) in shares(&others) {
                    let mut one = vec![inside.clone()];
                    one.extend(with_inside);
                    let mut two = vec![outside.clone()];
                    two.extend(with_outside);
                    emit(with_regions(vec![one, two]), &[]);
                }
            }
            for to in from + 1..len {
                let second = boundary[to];
                if is_letter(first) && first == second {
                    continue; // one spot with one life
                }
                let turned = rotated(boundary, from);
                let middle = to - from;
                let (first_after, second_after) = (
                    after_one_end(first, FIRST_END),
                    after_one_end(second, SECOND_END),
                );
                let mut one = Boundary::with_capacity(middle + 2);
                one.extend(first_after);
                one.extend_from_slice(&turned[1..middle]);
                one.extend(second_after);
                one.push(NEW_LINE_SPOT);
                let mut two = Boundary::with_capacity(len - middle + 2);
                two.extend(second_after);
                two.extend_from_slice(&turned[middle + 1..]);
                two.extend(first_after);
                two.push(NEW_LINE_SPOT);
                let dead: Vec<u8> = [first, second]
                    .into_iter()
                    .filter(|&s| is_letter(s))
                    .collect();
                for (with_one, with_two) in shares(&others) {
                    let mut first_region = vec![one.clone()];
                    first_region.extend(with_one);
                    let mut second_region = vec![two.clone()];
                    second_region.extend(with_two);
                    emit(with_regions(vec![first_region, second_region]), &dead);
                }
            }
        }
    }
}

/// The lines between corners of two boundaries of region `at`: each joins them into one.
pub(super) fn joining_moves(land: &Land, at: usize, emit: &mut impl FnMut(Land, &[u8])) {
    let region = &land[at];
    for one in 0..region.len() {
        if !first_of_kind(region, one, usize::MAX) {
            continue;
        }
        for two in one + 1..region.len() {
            if !first_of_kind(region, two, one) {
                continue;
            }
            for (from, &first) in region[one].iter().enumerate() {
                for (to, &second) in region[two].iter().enumerate() {
                    if is_letter(first) && first == second {
                        continue;
                    }
                    let mut joined = Boundary::new();
                    for (boundary, corner, symbol, new_letter) in [
                        (&region[one], from, first, FIRST_END),
                        (&region[two], to, second, SECOND_END),
                    ] {
                        if symbol == SPOT {
                            joined.push(END);
                        } else {
                            let after = after_one_end(symbol, new_letter);
                            joined.extend(after);
                            joined.extend_from_slice(&rotated(boundary, corner)[1..]);
                            joined.extend(after);
                        }
                        joined.push(NEW_LINE_SPOT);
                    }
                    let mut rest: Region = vec![joined];
                    rest.extend(
                        region
                            .iter()
                            .enumerate()
                            .filter(|&(index, _)| index != one && index != two)
                            .map(|(_, boundary)| boundary.clone()),
                    );
                    let dead: Vec<u8> = [first, second]
                        .into_iter()
                        .filter(|&s| is_letter(s))
                        .collect();
                    emit(replaced(land, at, vec![rest]), &dead);
                }
            }
        }
    }
}

/// The options of the position stored as `code` (its lands canonical, as every position
/// is), each with its lands tidied, in canonical form and in order, each once. The lands a
/// move leaves alone are copied as they are; `merge_small` is passed to [`tidy_land`].
///
/// The lines are drawn a region at a time and each option is tidied and written in
/// canonical form only when it is asked for: the decomposing search stops at the first
/// option that answers its question, and on Sprouts 7 spots (options then ordered by lives
/// alone) it asked for 43 % of them; on Sprouts 11 spots' nimber, three fifths (tidying
/// them all took about 6 % more time).
pub(super) fn options(code: &[u8], merge_small: bool) -> Options {
    let lands = decode(code);
    // The codes of the lands as a move leaves them alone, worked out once for every move.
    let untouched = land_codes(&lands);
    Options {
        lands,
        untouched,
        next_region: (0, 0),
        merge_small,
        drawn: Vec::new().into_iter(),
        drawn_in: 0,
        seen: HashSet::default(),
    }
}

/// The letters whose spots a line killed: at most its two ends.
type Dead = smallvec::SmallVec<[u8; 2]>;

/// The options of a position, drawn a region at a time and written in canonical form as
/// they are asked for: see [`options`].
pub(super) struct Options {
    lands: Vec<Land>,
    /// The code of each land of the position, as a move elsewhere leaves it.
    untouched: Vec<Vec<u8>>,
    /// The land and region whose lines are drawn next.
    next_region: (usize, usize),
    merge_small: bool,
    /// The lines drawn in the last region, not yet given: each the land it leaves, and the
    /// letters whose spot it killed.
    drawn: std::vec::IntoIter<(Land, Dead)>,
    /// The land of that region.
    drawn_in: usize,
    /// The codes given so far.
    seen: HashSet<Box<[u8]>, MapBuildHasher>,
}

impl Options {
    /// Draws the lines of the next region, if any is left.
    fn draw_next_region(&mut self) -> bool {
        let (land_index, at) = self.next_region;
        let Some(land) = self.lands.get(land_index) else {
            return false;
        };
        if at >= land.len() {
            // Past the land's last region: on to the next land.
            self.next_region = (land_index + 1, 0);
            return self.draw_next_region();
        }
        self.next_region = (land_index, at + 1);
        let mut drawn = Vec::new();
        region_moves(land, at, &mut |after: Land, dead: &[u8]| {
            drawn.push((after, Dead::from_slice(dead)));
        });
        self.drawn = drawn.into_iter();
        self.drawn_in = land_index;
        true
    }
}

impl Iterator for Options {
    type Item = Box<[u8]>;

    fn next(&mut self) -> Option<Box<[u8]>> {
        loop {
            for (mut after, dead) in self.drawn.by_ref() {
                if !dead.is_empty() {
                    for boundary in after.iter_mut().flatten() {
                        boundary.retain(|symbol| !dead.contains(symbol));
                    }
                    for region in &mut after {
                        region.retain(|boundary| !boundary.is_empty());
                    }
                }
                let mut tidy = Vec::new();
                tidy_land(after, &mut tidy, self.merge_small);
                let index = self.drawn_in;
                let mut parts: Vec<&[u8]> = self
                    .untouched
                    .iter()
                    .enumerate()
                    .filter(|&(other, _)| other != index)
                    .map(|(_, code)| code.as_slice())
                    .collect();
                let moved: Vec<Vec<u8>> = tidy.iter().map(canonical_land).collect();
                parts.extend(moved.iter().map(Vec::as_slice));
                parts.sort_unstable();
                let code: Box<[u8]> = parts.concat().into();
                if self.seen.insert(code.clone()) {
                    return Some(code);
                }
            }
            if !self.draw_next_region() {
                return None;
            }
        }
    }
}
