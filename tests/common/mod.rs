//! Games and strategies shared by the integration tests: a token on a directed graph, random
//! Cram positions.

// Every test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use impartial::ImpartialGame;
use proptest::prelude::*;

/// A token on a directed graph given as adjacency lists; a move follows an edge.
#[derive(Clone, Debug)]
pub struct Graph(pub Vec<Vec<usize>>);

impl ImpartialGame for Graph {
    type Position = usize;

    fn moves(&self, &node: &usize) -> impl Iterator<Item = usize> {
        self.0[node].iter().copied()
    }
}

/// A random DAG of fewer than `max_nodes` nodes: edges only go to higher-numbered nodes.
pub fn dag(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Graph> {
    (1..max_nodes).prop_flat_map(move |nodes| {
        proptest::collection::vec(
            proptest::collection::vec(any::<prop::sample::Index>(), 0..=max_degree),
            nodes,
        )
        .prop_map(move |edges| {
            Graph(
                edges
                    .into_iter()
                    .enumerate()
                    .map(|(node, targets)| {
                        let later = nodes - node - 1;
                        if later == 0 {
                            return vec![];
                        }
                        targets
                            .iter()
                            .map(|index| node + 1 + index.index(later))
                            .collect()
                    })
                    .collect(),
            )
        })
    })
}

/// A random directed graph of up to `max_nodes` nodes that may have cycles and self-loops.
pub fn digraph(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Graph> {
    (1..=max_nodes).prop_flat_map(move |nodes| {
        proptest::collection::vec(proptest::collection::vec(0..nodes, 0..=max_degree), nodes)
            .prop_map(Graph)
    })
}

/// A small random generator for tests that draw many inputs themselves (xorshift64*): the
/// same seed, the same inputs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `bound` (at least 1).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }
}

/// A Cram board of at most `most` cells and a random set of free cells on it.
#[cfg(feature = "frontier")]
pub fn cram_position(
    most: u32,
) -> impl Strategy<Value = (impartial::cram::Cram, impartial::cram::CramPosition)> {
    (1..=most, 1..=most)
        .prop_filter("at most `most` cells", move |(w, h)| w * h <= most)
        .prop_flat_map(|(width, height)| {
            let game = impartial::cram::Cram::new(width, height).unwrap();
            (
                Just(game),
                any::<u64>().prop_map(move |bits| game.start().without(!bits)),
            )
        })
}

/// The play a certificate's claim is of.
#[cfg(feature = "decompose")]
fn play_of(claim: impartial::certificate::Claim) -> impartial::Play {
    if claim.is_misere() {
        impartial::Play::Misere
    } else {
        impartial::Play::Normal
    }
}

/// Checks `certificate` as the answer to the question it names itself — its root, in the
/// play of its claim. What the tests of forged and damaged certificates hold the claims'
/// soundness to; the tests of the question ask their own.
#[cfg(feature = "decompose")]
pub fn check_own<G>(
    certificate: &impartial::certificate::Certificate<G::Position>,
    game: &G,
) -> Result<impartial::certificate::Claim, impartial::certificate::CertificateError>
where
    G: ImpartialGame + std::fmt::Debug,
    G::Position: impartial::StoredPosition,
{
    certificate.check(game, certificate.root(), play_of(certificate.claim()))
}

/// [`check_own`] on `threads` threads.
#[cfg(feature = "decompose")]
pub fn check_own_threads<G>(
    certificate: &impartial::certificate::Certificate<G::Position>,
    game: &G,
    threads: usize,
) -> Result<impartial::certificate::Claim, impartial::certificate::CertificateError>
where
    G: ImpartialGame + std::fmt::Debug + Sync,
    G::Position: impartial::StoredPosition + Sync,
{
    let play = play_of(certificate.claim());
    certificate.check_with_threads(game, certificate.root(), play, threads)
}
