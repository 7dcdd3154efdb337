//! Finite commutative monoids given by their multiplication tables, with a P-portion: what a
//! misère quotient is, and what a candidate for one is before it is proved.

use std::collections::HashMap;

use crate::hash::MapBuildHasher;

/// A finite commutative monoid with a P-portion, as the construction reads and marks it:
/// elements `0 … size − 1`, `0` the identity.
pub(crate) trait Monoid {
    fn size(&self) -> usize;
    fn product(&self, a: u32, b: u32) -> u32;
    fn is_p(&self, x: u32) -> bool;
    fn set_p(&mut self, x: u32, p: bool);
}

/// A finite commutative monoid: elements `0 … size − 1`, `0` the identity, and a P-portion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bipartite {
    size: usize,
    /// `table[a * size + b]` is `a · b`.
    table: Vec<u32>,
    /// Whether each element is in the P-portion.
    pub(crate) p: Vec<bool>,
}

impl Bipartite {
    /// The trivial monoid: the empty position alone, an N-position in misère play.
    pub(crate) fn trivial() -> Self {
        Bipartite {
            size: 1,
            table: vec![0],
            p: vec![false],
        }
    }

    /// The monoid of a table read back (`None` if the sizes do not fit or a product is not an
    /// element); whether it is a
    /// commutative monoid is [`is_commutative_monoid`](Self::is_commutative_monoid)'s to say.
    #[cfg(feature = "serde")]
    pub(crate) fn from_table(size: usize, table: Vec<u32>, p: Vec<bool>) -> Option<Self> {
        let fits = size >= 1
            && size.checked_mul(size) == Some(table.len())
            && p.len() == size
            && table.iter().all(|&x| (x as usize) < size);
        fits.then_some(Bipartite { size, table, p })
    }

    /// The table, `a · b` at `a * size + b`.
    #[cfg(feature = "serde")]
    pub(crate) fn table(&self) -> &[u32] {
        &self.table
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    pub(crate) fn product(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    /// Whether this is a tame quotient: trivial, `⟨a | a² = 1⟩` with `P = {a}`, or
    /// `⟨a, b | a² = 1, b³ = b⟩` with `P = {a, b²}`.
    pub(crate) fn is_tame(&self) -> bool {
        let p_set = |members: &[u32]| {
            (0..self.size as u32).all(|x| self.p[x as usize] == members.contains(&x))
        };
        match self.size {
            1 => !self.p[0],
            2 => self.product(1, 1) == 0 && p_set(&[1]),
            6 => (1..6).any(|a| {
                (1..6).any(|b| {
                    let b2 = self.product(b, b);
                    let elements = [0, a, b, self.product(a, b), b2, self.product(a, b2)];
                    let mut distinct = elements.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    // Six distinct words a^i b^j, i < 2, j < 3, obeying the relations: the
                    // quotient is the image of the presented monoid, and as large, so it is it.
                    distinct.len() == 6
                        && self.product(a, a) == 0
                        && self.product(b2, b) == b
                        && p_set(&[a, b2])
                })
            }),
            _ => false,
        }
    }

    /// Whether the table is a commutative monoid with identity 0: commutativity and the
    /// identity on every pair, associativity by Light's test on `generators` (the elements
    /// `g` with `(x·g)·y = x·(g·y)` for all `x`, `y` are closed under products, so when they
    /// include generators of the monoid they are all of it).
    #[cfg(feature = "serde")]
    pub(crate) fn is_commutative_monoid(&self, generators: &[u32]) -> bool {
        let n = self.size as u32;
        if self.table.iter().any(|&x| x >= n) || reached_from(self, generators).len() != self.size {
            return false;
        }
        (0..n).all(|a| {
            self.product(0, a) == a
                && (0..n).all(|b| self.product(a, b) == self.product(b, a))
                && generators.iter().all(|&g| {
                    (0..n).all(|b| {
                        self.product(self.product(a, g), b) == self.product(a, self.product(g, b))
                    })
                })
        })
    }

    /// The submonoid `generators` generate, renumbered in order of discovery (the identity
    /// 0), its P-portion kept; and for every element of this one its number there (`None` for
    /// those not reached).
    pub(crate) fn submonoid(&self, generators: &[u32]) -> (Bipartite, Vec<Option<u32>>) {
        let reached = reached_from(self, generators);
        let class: Vec<u32> = (0..self.size as u32).collect();
        quotient_by(self, &reached, &class)
    }
}

impl Monoid for Bipartite {
    fn size(&self) -> usize {
        self.size
    }

    fn product(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    fn set_p(&mut self, x: u32, p: bool) {
        self.p[x as usize] = p;
    }
}

/// The product of a monoid with cyclic monoids, one for each new generator `g` whose powers
/// repeat with a period from an index on (`g^(index + period) = g^index`), its products
/// computed rather than tabled: candidates many times larger than a quotient are marked and
/// reduced without a table of their squared size. Element `m + size · (k₁ + powers₁ · (k₂ +
/// …))` is `m` times the generators' powers `k₁, k₂, …`. Its P-portion starts empty, to be
/// marked.
pub(crate) struct Product {
    base: Bipartite,
    /// Each factor's index and period.
    factors: Vec<(usize, usize)>,
    size: usize,
    p: Vec<bool>,
}

impl Product {
    pub(crate) fn new(base: Bipartite) -> Self {
        let size = base.size;
        Product {
            base,
            factors: Vec::new(),
            size,
            p: vec![false; size],
        }
    }

    /// Adds a cyclic factor; returns its generator, or `None` if the product would pass
    /// `limit` elements.
    pub(crate) fn times_cyclic(
        &mut self,
        index: usize,
        period: usize,
        limit: usize,
    ) -> Option<u32> {
        let size = self
            .size
            .checked_mul(index + period)
            .filter(|&size| size <= limit)?;
        let generator = self.size as u32;
        self.factors.push((index, period));
        self.size = size;
        self.p = vec![false; size];
        Some(generator)
    }
}

impl Monoid for Product {
    fn size(&self) -> usize {
        self.size
    }

    fn product(&self, a: u32, b: u32) -> u32 {
        let base = self.base.size;
        let (a, b) = (a as usize, b as usize);
        let mut result = self.base.product((a % base) as u32, (b % base) as u32) as usize;
        let (mut a, mut b) = (a / base, b / base);
        let mut stride = base;
        for &(index, period) in &self.factors {
            let powers = index + period;
            let mut k = a % powers + b % powers;
            if k >= powers {
                k = index + (k - index) % period;
            }
            result += stride * k;
            stride *= powers;
            a /= powers;
            b /= powers;
        }
        result as u32
    }

    fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    fn set_p(&mut self, x: u32, p: bool) {
        self.p[x as usize] = p;
    }
}

/// Why [`reduce`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReduceStop {
    /// The refinement needed more key entries than the work allowed.
    OutOfWork,
    /// More classes than allowed: the reduced monoid's table (classes²) is never built.
    TooManyClasses,
}

/// The submonoid of `monoid` generated by `generators`, and the quotient of it by
/// indistinguishability (`x ~ y` when `xz` and `yz` are in P together for every `z`): the
/// reduced bipartite monoid. Returns it and, for every element of `monoid`, its class (`None`
/// for those the generators do not reach). Gives up if the refinement needs more than
/// `work_left` key entries (what is left of it is kept there), or makes more than
/// `max_classes` classes — checked as the classes are made, since a round only splits them:
/// the table of products has the square of their number of entries (51 000 classes, of 0.036
/// at heap 16, would have asked for 10 GB).
pub(crate) fn reduce<M: Monoid>(
    monoid: &M,
    generators: &[u32],
    work_left: &mut usize,
    max_classes: usize,
) -> Result<(Bipartite, Vec<Option<u32>>), ReduceStop> {
    let reached = reached_from(monoid, generators);
    // The products with the generators, once: each round of the refinement reads them all.
    let products: Vec<u32> = reached
        .iter()
        .flat_map(|&x| generators.iter().map(move |&g| monoid.product(x, g)))
        .collect();
    // Moore's refinement: start from P, split by the classes of the products with each
    // generator, until nothing splits. The coarsest partition stable under the generators
    // (which generate the reached part) and refining P is indistinguishability. A round
    // only splits classes, so one that makes no more of them has changed nothing.
    let mut class: Vec<u32> = (0..monoid.size() as u32)
        .map(|x| u32::from(monoid.is_p(x)))
        .collect();
    let mut classes_before = distinct(&class, &reached);
    let stride = generators.len() + 1;
    let mut keys = vec![0u32; reached.len() * stride];
    loop {
        // A round reads a key of every element: charged to the work allowed.
        *work_left = work_left
            .checked_sub(keys.len())
            .ok_or(ReduceStop::OutOfWork)?;
        for (i, &x) in reached.iter().enumerate() {
            let key = &mut keys[i * stride..(i + 1) * stride];
            key[0] = class[x as usize];
            for (slot, &y) in key[1..].iter_mut().zip(&products[i * (stride - 1)..]) {
                *slot = class[y as usize];
            }
        }
        let mut ids: HashMap<&[u32], u32, MapBuildHasher> = HashMap::default();
        let mut next = class.clone();
        for (i, &x) in reached.iter().enumerate() {
            let fresh = ids.len() as u32;
            next[x as usize] = *ids
                .entry(&keys[i * stride..(i + 1) * stride])
                .or_insert(fresh);
        }
        let classes = ids.len();
        if classes > max_classes {
            return Err(ReduceStop::TooManyClasses);
        }
        class = next;
        if classes == classes_before {
            break;
        }
        classes_before = classes;
    }
    Ok(quotient_by(monoid, &reached, &class))
}

/// The elements reached from the identity by multiplying by `generators`, in order of
/// discovery (the identity first).
fn reached_from<M: Monoid>(monoid: &M, generators: &[u32]) -> Vec<u32> {
    let mut seen = vec![false; monoid.size()];
    let mut order = vec![0u32];
    seen[0] = true;
    let mut next = 0;
    while next < order.len() {
        let x = order[next];
        next += 1;
        for &g in generators {
            let y = monoid.product(x, g);
            if !seen[y as usize] {
                seen[y as usize] = true;
                order.push(y);
            }
        }
    }
    order
}

/// The monoid of the classes of `reached` (numbered in order of discovery, so the
/// identity's class is 0), and each element's class.
fn quotient_by<M: Monoid>(
    monoid: &M,
    reached: &[u32],
    class: &[u32],
) -> (Bipartite, Vec<Option<u32>>) {
    let mut number = std::collections::HashMap::new();
    let mut representative = Vec::new();
    let mut of = vec![None; monoid.size()];
    for &x in reached {
        let next = number.len() as u32;
        let id = *number.entry(class[x as usize]).or_insert_with(|| {
            representative.push(x);
            next
        });
        of[x as usize] = Some(id);
    }
    let size = representative.len();
    let mut table = vec![0; size * size];
    for a in 0..size {
        for b in 0..size {
            let product = monoid.product(representative[a], representative[b]);
            table[a * size + b] =
                of[product as usize].expect("a product of reached elements is reached");
        }
    }
    let p = representative.iter().map(|&x| monoid.is_p(x)).collect();
    (Bipartite { size, table, p }, of)
}

/// How many classes `class` gives the elements `reached`.
fn distinct(class: &[u32], reached: &[u32]) -> usize {
    let mut seen: Vec<u32> = reached.iter().map(|&x| class[x as usize]).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cyclic monoid's power `k` as the definition gives it: `g^k`, with
    /// `g^(index + period) = g^index`.
    fn power(k: usize, index: usize, period: usize) -> usize {
        if k < index + period {
            k
        } else {
            index + (k - index) % period
        }
    }

    /// A product's computed multiplication against the definition — components multiplied
    /// in the base, powers added and wrapped — on every pair of elements, for bases of Z/n (a
    /// group: every element's product defined plainly) and up to three cyclic factors; and
    /// the identity, commutativity and associativity it must keep.
    fn check_product(base_order: usize, factors: &[(usize, usize)]) {
        let table: Vec<u32> = (0..base_order * base_order)
            .map(|i| ((i / base_order + i % base_order) % base_order) as u32)
            .collect();
        let base = Bipartite {
            size: base_order,
            table,
            p: vec![false; base_order],
        };
        let mut product = Product::new(base);
        for &(index, period) in factors {
            assert!(product.times_cyclic(index, period, 1 << 16).is_some());
        }
        let size = product.size();
        let decompose = |x: usize| {
            let mut rest = x / base_order;
            let powers: Vec<usize> = factors
                .iter()
                .map(|&(index, period)| {
                    let k = rest % (index + period);
                    rest /= index + period;
                    k
                })
                .collect();
            (x % base_order, powers)
        };
        for a in 0..size {
            for b in 0..size {
                let ((am, ak), (bm, bk)) = (decompose(a), decompose(b));
                let mut expected = (am + bm) % base_order;
                let mut stride = base_order;
                for (i, &(index, period)) in factors.iter().enumerate() {
                    expected += stride * power(ak[i] + bk[i], index, period);
                    stride *= index + period;
                }
                let found = product.product(a as u32, b as u32) as usize;
                assert_eq!(found, expected, "{a} · {b}");
                assert_eq!(found, product.product(b as u32, a as u32) as usize);
            }
            assert_eq!(product.product(0, a as u32) as usize, a);
        }
        for a in 0..size as u32 {
            for b in 0..size as u32 {
                for c in 0..size.min(16) as u32 {
                    let left = product.product(product.product(a, b), c);
                    let right = product.product(a, product.product(b, c));
                    assert_eq!(left, right);
                }
            }
        }
    }

    #[test]
    fn products_are_computed_as_defined() {
        // Each case checks every pair of up to 864 elements: 64 random cases reach every
        // base order and factor count many times over.
        let mut next = crate::sequence::testing::random_words(0x3041_0D01);
        for _ in 0..64 {
            let base_order = 1 + (next() % 4) as usize;
            let count = (next() % 4) as usize;
            let factors: Vec<(usize, usize)> = (0..count)
                .map(|_| ((next() % 4) as usize, 1 + (next() % 3) as usize))
                .collect();
            check_product(base_order, &factors);
        }
    }
}
