//! The classics' closed forms beside the general method on the same positions, and at sizes
//! the search could never reach.
//!
//! - Moore's `Nim_k` (k = 3): outcome and winning move of 10⁶ random `u64` heaps (8 MB, past
//!   the caches), beside Nim's one-pass `nim_sum` on the same heaps.
//! - Welter's game: the value and every winning move of 5 coins on 14 squares, beside the
//!   solver without closed forms; the value and winning moves of 200 coins.
//! - Green Hackenbush: the value of a random 12-edge graph, beside the solver without
//!   closed forms; the value of a 10⁵-edge graph (a random tree with cycles); every winning
//!   cut of a random 10⁵-edge tree.
//! - Euclid's game and a-Wythoff (a = 3) on `u128` pairs; Lasker's Nim on 10⁶ heaps.
//! - Poset games: the 6 × 6 Chomp bar's value through the general poset ruleset.
//! - Sprouts: the 5-spot start's outcome, a fresh solver each time: the decomposing search
//!   (lands as a sum, canonical lands) beside the plain search of whole positions.
//!
//! `cargo bench --bench classics`

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use impartial::hackenbush::GreenHackenbush;
use impartial::moore;
use impartial::poset::PosetGame;
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::welter::{self, Welter, WelterPosition};
use impartial::wythoff::AWythoff;
use impartial::{ClosedForm, Solver, euclid, lasker, nim};

use impartial_benches as common;

fn moore(c: &mut Criterion) {
    let mut group = c.benchmark_group("moore_1e6_heaps");
    group.sample_size(20);
    let heaps = common::random_words(1_000_000, 0x9E37_79B9_7F4A_7C15);
    group.bench_function("nim_sum (Nim, the baseline)", |b| {
        b.iter(|| nim::nim_sum(black_box(heaps.as_slice())));
    });
    group.bench_function("outcome", |b| {
        b.iter(|| moore::outcome(3, black_box(&heaps)));
    });
    group.bench_function("winning_move", |b| {
        b.iter(|| moore::winning_move(3, black_box(&heaps)));
    });
    group.bench_function("lasker_winning_move", |b| {
        b.iter(|| lasker::winning_move(black_box(&heaps)));
    });
    group.finish();
}

fn random_graph(vertices: usize, edges: usize, seed: u64) -> Vec<(usize, usize)> {
    common::random_words(2 * edges, seed)
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| {
            // Mostly a tree grown from the ground; one edge in eight anywhere.
            let grown = (index % vertices.saturating_sub(1)) + 1;
            if pair[1] % 8 == 0 {
                (pair[0] as usize % vertices, grown)
            } else {
                (pair[0] as usize % grown, grown)
            }
        })
        .collect()
}

fn welter_and_hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("closed_form_vs_search");
    let coins = WelterPosition::new(&[1, 4, 6, 9, 13]).expect("five squares");
    group.bench_function("welter_5_coins/closed_form", |b| {
        b.iter(|| {
            (
                welter::grundy(black_box(&coins)),
                welter::winning_moves(&coins).count(),
            )
        });
    });
    group.bench_function("welter_5_coins/search", |b| {
        b.iter_batched(
            || Solver::new(Welter).without_closed_form(),
            |mut solver| {
                (
                    solver.grundy(&coins).unwrap(),
                    solver.winning_moves(&coins).unwrap(),
                )
            },
            BatchSize::LargeInput,
        );
    });
    let game = GreenHackenbush::new(8, &random_graph(8, 12, 7)).expect("a graph");
    let start = game.start();
    group.bench_function("hackenbush_12_edges/closed_form", |b| {
        b.iter(|| game.grundy(black_box(&start)));
    });
    group.bench_function("hackenbush_12_edges/search", |b| {
        b.iter_batched(
            || Solver::new(game.clone()).without_closed_form(),
            |mut solver| solver.grundy(&start).unwrap(),
            BatchSize::LargeInput,
        );
    });
    let chomp = PosetGame::chomp(6, 6).expect("35 squares");
    group.bench_function("chomp_6x6_as_a_poset/search", |b| {
        b.iter_batched(
            || Solver::new(chomp.clone()),
            |mut solver| solver.grundy(chomp.start()).unwrap(),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

fn sprouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("classics");
    group.sample_size(10);
    let five = SproutsPosition::start(5).expect("5 spots");
    group.bench_function("sprouts_5_spots/decomposing_search", |b| {
        b.iter_batched(
            || Solver::new(Sprouts),
            |mut solver| solver.outcome(&five).unwrap(),
            BatchSize::LargeInput,
        );
    });
    group.bench_function("sprouts_5_spots/plain_search", |b| {
        b.iter_batched(
            || Solver::new(impartial::Whole(Sprouts)),
            |mut solver| solver.outcome(&five).unwrap(),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

fn large_inputs(c: &mut Criterion) {
    let mut large = c.benchmark_group("closed_form_large");
    large.sample_size(20);
    let many = WelterPosition::new(&common::random_words(200, 3)).expect("distinct squares");
    large.bench_function("welter_200_coins/value", |b| {
        b.iter(|| welter::grundy(black_box(&many)));
    });
    large.bench_function("welter_200_coins/winning_moves", |b| {
        b.iter(|| welter::winning_moves(black_box(&many)).count());
    });
    let big = GreenHackenbush::new(50_000, &random_graph(50_000, 100_000, 11)).expect("a graph");
    let big_start = big.start();
    large.bench_function("hackenbush_1e5_edges/value", |b| {
        b.iter(|| big.grundy(black_box(&big_start)));
    });
    // A random tree of 10⁵ edges: every edge a bridge, each valued in O(1) by the bridge
    // tree (trying every cut would cost 10⁵ valuations).
    let tree: Vec<(usize, usize)> = common::random_words(100_000, 13)
        .into_iter()
        .enumerate()
        .map(|(index, word)| (word as usize % (index + 1), index + 1))
        .collect();
    let tree = GreenHackenbush::new(100_001, &tree).expect("a tree");
    let tree_start = tree.start();
    large.bench_function("hackenbush_1e5_edge_tree/winning_moves", |b| {
        b.iter(|| tree.winning_moves(black_box(&tree_start)));
    });
    let pairs: Vec<(u128, u128)> = common::random_words(2_000, 5)
        .chunks(2)
        .map(|pair| {
            (
                u128::from(pair[0]) << 64 | u128::from(pair[1]),
                u128::from(pair[1]) << 60,
            )
        })
        .collect();
    large.bench_function("euclid_1000_u128_pairs/winning_move", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|&(x, y)| euclid::winning_move((x, y)))
                .count()
        });
    });
    let a_wythoff = AWythoff::new(3).expect("a = 3");
    large.bench_function("a_wythoff_1000_u128_pairs/winning_move", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|pair| a_wythoff.winning_move(pair).ok().flatten())
                .count()
        });
    });
    large.finish();
}

criterion_group!(benches, moore, welter_and_hackenbush, sprouts, large_inputs);
criterion_main!(benches);
