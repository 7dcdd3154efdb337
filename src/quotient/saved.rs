//! A quotient saved with serde, and read back only after it is proved again.

use super::build::{kinds, single_heap_options};
use super::limits::{MAX_ELEMENTS, MAX_HEAP, MAX_OPTION_WORDS, Stop};
use super::monoid::{Bipartite, reduce};
use super::presentation::generators;
use super::verify::{Verdict, check};
use crate::heap::{HeapCounts, HeapRules, SplitShapes};

/// The parts of a quotient read back and proved: its rules, monoid, `Φ`, each heap's
/// options, and where it stopped.
pub(super) type Read = (
    HeapRules,
    Bipartite,
    Vec<u32>,
    Vec<Vec<Vec<u64>>>,
    Option<Stop>,
);

/// The most generators a quotient read back may have.
const MAX_GENERATORS: usize = 64;

/// A [`MisereQuotient`] as saved: the rules, the table, the P-portion and `Φ`. Its period
/// and its tables of options are not saved: they are derived again when it is read.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct QuotientParts {
    taken_whole: Vec<u64>,
    taken_leaving_one: Vec<u64>,
    taken_leaving_two: Vec<u64>,
    taken_leaving_three: Vec<u64>,
    splits_unequal: bool,
    /// The shapes of each amount's splits ([`SplitShapes`] as bits); empty in files saved
    /// before shapes were, which had only `splits_unequal`.
    #[serde(default)]
    leaving_two_shapes: Vec<u8>,
    #[serde(default)]
    leaving_three_shapes: Vec<u8>,
    /// The amounts that split into four heaps or more, with the counts listed and the
    /// count from which all are allowed.
    #[serde(default)]
    taken_leaving_many: Vec<(u64, Vec<u32>, Option<u32>)>,
    order: usize,
    table: Vec<u32>,
    p: Vec<bool>,
    phi: Vec<u32>,
    stop: Option<Stop>,
}

impl QuotientParts {
    pub(super) fn new(
        rules: &HeapRules,
        monoid: &Bipartite,
        phi: &[u32],
        stop: Option<Stop>,
    ) -> Self {
        QuotientParts {
            taken_whole: rules.taken_whole().to_vec(),
            taken_leaving_one: rules.taken_leaving_one().to_vec(),
            taken_leaving_two: rules.taken_leaving_two().to_vec(),
            taken_leaving_three: rules.taken_leaving_three().to_vec(),
            splits_unequal: rules.splits_unequal(),
            leaving_two_shapes: rules
                .leaving_two_shapes()
                .iter()
                .map(|s| s.bits())
                .collect(),
            leaving_three_shapes: rules
                .leaving_three_shapes()
                .iter()
                .map(|s| s.bits())
                .collect(),
            taken_leaving_many: rules
                .taken_leaving_many()
                .iter()
                .zip(rules.leaving_many_counts())
                .map(|(&r, counts)| (r, counts.listed().collect(), counts.from()))
                .collect(),
            order: monoid.size(),
            table: monoid.table().to_vec(),
            p: monoid.p.clone(),
            phi: phi.to_vec(),
            stop,
        }
    }

    /// The rules saved, as built again.
    fn rules(&self) -> Result<HeapRules, String> {
        let two = shaped(&self.taken_leaving_two, &self.leaving_two_shapes)?;
        let three = shaped(&self.taken_leaving_three, &self.leaving_three_shapes)?;
        let mut builder = HeapRules::builder()
            .take_whole(self.taken_whole.iter().copied())
            .take_leaving_one(self.taken_leaving_one.iter().copied());
        for (r, shapes) in two {
            builder = builder.take_leaving_two_shaped([r], shapes);
        }
        for (r, shapes) in three {
            builder = builder.take_leaving_three_shaped([r], shapes);
        }
        for (r, listed, from) in &self.taken_leaving_many {
            let counts = HeapCounts::new(listed, *from).map_err(|error| error.to_string())?;
            builder = builder.take_leaving_many([*r], counts);
        }
        if self.splits_unequal && self.leaving_two_shapes.is_empty() {
            builder = builder.unequal_splits();
        }
        builder.build().map_err(|error| error.to_string())
    }

    /// The rules, monoid, `Φ` and stop, if the parts are a quotient: a commutative monoid with identity 0 (Light's
    /// associativity test on the heaps' elements, which generate it), `Φ(0)` the identity,
    /// every position of the heaps up to the last predicted (the verification of
    /// [`MisereQuotient::compute`], run again in full), and reduced (no two elements
    /// indistinguishable).
    pub(super) fn check(self) -> Result<Read, String> {
        let parts = self;
        let rules = parts.rules()?;
        let phi = parts.phi;
        let heaps = phi.len().saturating_sub(1) as u64;
        if phi.first() != Some(&0) || heaps > MAX_HEAP || parts.order > MAX_ELEMENTS {
            return Err(format!(
                "a quotient of order {} over heaps 0 to {heaps}: Φ(0) is the identity 0, the order at most {MAX_ELEMENTS}, the heaps at most {MAX_HEAP}",
                parts.order
            ));
        }
        let monoid = Bipartite::from_table(parts.order, parts.table, parts.p)
            .ok_or("the table and the P-portion do not have the order's size, or a product is not an element")?;
        if let Some(&element) = phi.iter().find(|&&x| x as usize >= parts.order) {
            return Err(format!(
                "Φ names element {element} of a quotient of order {}",
                parts.order
            ));
        }
        // The heaps' elements that earlier heaps' do not generate: few for any quotient this
        // crate computes (each is a change of presentation), and Light's test costs the
        // square of the order for each.
        let (_, generators) = generators(&monoid, &phi);
        if generators.len() > MAX_GENERATORS {
            return Err(format!(
                "{} generators: more than the {MAX_GENERATORS} of any quotient this crate computes",
                generators.len()
            ));
        }
        if !monoid.is_commutative_monoid(&generators) {
            return Err(
                "the table is not a commutative monoid with identity 0 generated by the heaps"
                    .into(),
            );
        }
        let mut budget = MAX_OPTION_WORDS;
        let options: Vec<Vec<Vec<u64>>> = (0..=heaps)
            .map(|heap| single_heap_options(&rules, heap, &mut budget))
            .collect::<Option<_>>()
            .ok_or(format!(
                "the options of heaps 0 to {heaps} of these rules take more than {MAX_OPTION_WORDS} words"
            ))?;
        // The verification passes over heaps without moves (the computation gives them the
        // identity), so a file's word for them is checked here.
        if let Some(heap) =
            (1..options.len()).find(|&heap| options[heap].is_empty() && phi[heap] != 0)
        {
            return Err(format!(
                "heap {heap} has no move, so it is the empty position, the identity 0, not element {}",
                phi[heap]
            ));
        }
        let mut work = usize::MAX;
        match check(&monoid, &kinds(&options, &monoid, &phi), &mut work) {
            Verdict::Proved => {}
            Verdict::Fails { position, .. } => {
                return Err(format!(
                    "the quotient mispredicts the misère outcome of {position:?}"
                ));
            }
            Verdict::TooLarge | Verdict::OutOfWork => {
                return Err("the verification of the quotient is too large".into());
            }
        }
        let mut work = usize::MAX;
        let reduced = reduce(&monoid, &generators, &mut work, MAX_ELEMENTS)
            .map_err(|_| "the reduction is too large")?;
        if reduced.0.size() != monoid.size() {
            return Err(
                "the quotient is not reduced: two of its elements are indistinguishable".into(),
            );
        }
        Ok((rules, monoid, phi, options, parts.stop))
    }
}

/// Each amount with the shapes of its splits: `bits` one an amount, or none at all (any
/// shape, as files saved before shapes were have it).
fn shaped(amounts: &[u64], bits: &[u8]) -> Result<Vec<(u64, SplitShapes)>, String> {
    if bits.is_empty() {
        return Ok(amounts.iter().map(|&r| (r, SplitShapes::ANY)).collect());
    }
    if bits.len() != amounts.len() {
        return Err(format!(
            "{} split shapes for {} amounts",
            bits.len(),
            amounts.len()
        ));
    }
    amounts
        .iter()
        .zip(bits)
        .map(|(&r, &bits)| {
            SplitShapes::from_bits(bits)
                .map(|shapes| (r, shapes))
                .ok_or(format!("{bits} is not a set of split shapes"))
        })
        .collect()
}
