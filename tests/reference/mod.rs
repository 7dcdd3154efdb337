//! Plain twins of the crate's fast paths, written from the definitions and kept obviously
//! correct: no tables, no bit tricks, no threads, no early exits. Used only by tests, the
//! crate's unit tests and the fuzz targets (each includes this file), never by the library.
//!
//! Everything here is slow on purpose. A fast path is trusted when it agrees with its twin
//! here on random inputs that reach the edges the optimisation touches.

// Each includer uses only part of this file.
#![allow(dead_code)]

/// The least value not among `values`: the *minimum excludant*.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    // The mex of k values is at most k.
    let mut present = vec![false; values.len() + 1];
    for value in values {
        if let Some(slot) = present.get_mut(value as usize) {
            *slot = true;
        }
    }
    let absent = present.iter().position(|&here| !here);
    absent.expect("k values leave one of 0..=k out") as u32
}

/// A take-and-break game written out: the amounts a move may take leaving nothing (the heap
/// had exactly that many), one heap, two heaps or three, and whether the two heaps of a
/// split must differ.
#[derive(Clone, Debug, Default)]
pub struct PlainRules {
    pub none: Vec<usize>,
    pub one: Vec<usize>,
    pub two: Vec<usize>,
    pub three: Vec<usize>,
    pub unequal: bool,
    /// The modifier after each amount's digit, if any: `!` the heaps of its splits all
    /// differ, `?` they are not all equal, `=` they are all equal.
    pub modifiers: Vec<(usize, char)>,
    /// Amounts that may leave four heaps or more: the counts listed, and every count from
    /// some number on.
    pub many: Vec<(usize, Vec<usize>, Option<usize>)>,
}

impl PlainRules {
    /// The counts of heaps past three amount `take` may leave, for a rest of `rest`.
    fn many_counts(&self, take: usize, rest: usize) -> Vec<usize> {
        let mut counts = Vec::new();
        for (amount, listed, from) in &self.many {
            if *amount == take {
                counts.extend(listed.iter().copied().filter(|&j| j <= rest));
                if let Some(from) = from {
                    counts.extend(*from..=rest);
                }
            }
        }
        counts.sort_unstable();
        counts.dedup();
        counts
    }
}

/// Every partition of `rest` into exactly `count` parts, non-decreasing, each at least
/// `least`.
pub fn partitions(rest: usize, count: usize, least: usize) -> Vec<Vec<usize>> {
    if count == 0 {
        return if rest == 0 {
            vec![Vec::new()]
        } else {
            Vec::new()
        };
    }
    let mut all = Vec::new();
    for first in least..=rest {
        if first * count > rest {
            break;
        }
        for mut tail in partitions(rest - first, count - 1, first) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

impl PlainRules {
    /// Whether the split of amount `take` into `heaps` obeys the rules' modifiers.
    fn allows(&self, take: usize, heaps: &[usize]) -> bool {
        let all_differ = heaps
            .iter()
            .enumerate()
            .all(|(i, a)| !heaps[..i].contains(a));
        let all_equal = heaps.iter().all(|&a| a == heaps[0]);
        let modifier = self
            .modifiers
            .iter()
            .find(|&&(at, _)| at == take)
            .map(|&(_, m)| m);
        let by_modifier = match modifier {
            Some('!') => all_differ,
            Some('?') => !all_equal,
            Some('=') => all_equal,
            _ => true,
        };
        let by_flag = !(self.unequal && heaps.len() == 2 && all_equal);
        by_modifier && by_flag
    }
}

impl PlainRules {
    /// The rules of an octal or hexadecimal code (`d0, d1, …`): bits 1, 2, 4 and 8 of digit
    /// `dᵢ` let a move take `i` and leave nothing, one heap, two or three.
    pub fn of_code(digits: &[u8]) -> Self {
        let with_bit = |bit: u8| {
            (0..digits.len())
                .filter(|&take| digits[take] & bit != 0)
                .collect()
        };
        PlainRules {
            none: with_bit(1),
            one: with_bit(2),
            two: with_bit(4),
            three: with_bit(8),
            unequal: false,
            modifiers: Vec::new(),
            many: Vec::new(),
        }
    }
}

/// The options of a lone heap of `heap` under `rules`, each as its heaps (without empty
/// ones), written from the definition: what each amount may take and leave.
pub fn plain_options(rules: &PlainRules, heap: usize) -> Vec<Vec<u64>> {
    let mut options: Vec<Vec<u64>> = Vec::new();
    if rules.none.contains(&heap) && heap > 0 {
        options.push(Vec::new());
    }
    for &take in &rules.one {
        if take > 0 && take < heap {
            options.push(vec![(heap - take) as u64]);
        }
    }
    for &take in &rules.two {
        let rest = heap.saturating_sub(take);
        for small in 1..=rest / 2 {
            if take <= heap && rules.allows(take, &[small, rest - small]) {
                options.push(vec![small as u64, (rest - small) as u64]);
            }
        }
    }
    for &take in &rules.three {
        let rest = heap.saturating_sub(take);
        for least in 1..=rest / 3 {
            for middle in least..=(rest - least) / 2 {
                let largest = rest - least - middle;
                if take <= heap && rules.allows(take, &[least, middle, largest]) {
                    options.push(vec![least as u64, middle as u64, largest as u64]);
                }
            }
        }
    }
    for take in rules.many.iter().map(|&(take, _, _)| take) {
        if take <= heap {
            for count in rules.many_counts(take, heap - take) {
                for parts in partitions(heap - take, count, 1) {
                    options.push(parts.iter().map(|&part| part as u64).collect());
                }
            }
        }
    }
    options.sort();
    options.dedup();
    options
}

/// The values of the options of a heap of `heap` that leave no heap or one.
fn single_heap_options(rules: &PlainRules, values: &[u32], heap: usize) -> Vec<u32> {
    let mut options = Vec::new();
    for &take in &rules.none {
        if take == heap && take > 0 {
            options.push(0);
        }
    }
    for &take in &rules.one {
        if take > 0 && take < heap {
            options.push(values[heap - take]);
        }
    }
    options
}

/// G(0), …, G(n) of the game with `rules`, by the definition: G(n) is the mex of the values
/// of the options of a heap of `n`, several heaps being worth the XOR of their values.
pub fn rules_values(rules: &PlainRules, n: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let mut options = single_heap_options(rules, &values, heap);
        for &take in &rules.two {
            if take <= heap {
                let rest = heap - take;
                for small in 1..=rest / 2 {
                    if rules.allows(take, &[small, rest - small]) {
                        options.push(values[small] ^ values[rest - small]);
                    }
                }
            }
        }
        for &take in &rules.three {
            if take <= heap {
                let rest = heap - take;
                for least in 1..=rest / 3 {
                    for middle in least..=(rest - least) / 2 {
                        let largest = rest - least - middle;
                        if rules.allows(take, &[least, middle, largest]) {
                            options.push(values[least] ^ values[middle] ^ values[largest]);
                        }
                    }
                }
            }
        }
        for take in rules.many.iter().map(|&(take, _, _)| take) {
            if take <= heap {
                for count in rules.many_counts(take, heap - take) {
                    for parts in partitions(heap - take, count, 1) {
                        options.push(parts.iter().fold(0, |x, &part| x ^ values[part]));
                    }
                }
            }
        }
        values.push(mex(options));
    }
    values
}

/// G(0), …, G(n) of rules whose splits have any shape, with the XORs of the splits as sets
/// of values written out —
/// `E(s, j)`, exactly `j` heaps summing to `s`, is `G(a) ^ E(s − a, j − 1)` over the first
/// heap `a`; `A(s, k)`, `k` heaps or more, is `G(a) ^ A(s − a, k − 1)`, `A(s, 1) = {G(s)} ∪
/// A(s, 2)` — for heaps past what listing partitions affords.
pub fn many_values_by_sets(rules: &PlainRules, n: usize) -> Vec<u32> {
    // Values are at most n here (each heap's mex is at most its heap: checked below).
    let width = (n + 1).next_power_of_two();
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    // exact[s][j] and atleast[s][k], as lists of flags over the values below `width`.
    assert!(
        rules.modifiers.is_empty() && !rules.unequal,
        "splits of any shape only"
    );
    let depth = 1 + rules
        .many
        .iter()
        .flat_map(|(_, listed, from)| listed.iter().copied().chain(*from))
        .max()
        .unwrap_or(1)
        .max(3);
    let mut exact: Vec<Vec<Vec<bool>>> = Vec::new();
    let mut atleast: Vec<Vec<Vec<bool>>> = Vec::new();
    for heap in 0..=n {
        let mut row_exact = vec![vec![false; width]; depth];
        let mut row_atleast = vec![vec![false; width]; depth];
        for j in 2..depth {
            for a in 1..heap {
                for x in 0..width {
                    if exact[heap - a][j - 1][x] {
                        row_exact[j][x ^ values[a] as usize] = true;
                    }
                    if atleast[heap - a][j - 1][x] {
                        row_atleast[j][x ^ values[a] as usize] = true;
                    }
                }
            }
        }
        let mut options = single_heap_options(rules, &values, heap);
        // Splits into two and three heaps read their exact sets too.
        let fixed = rules.two.iter().map(|&take| (take, vec![2], None));
        let fixed = fixed.chain(rules.three.iter().map(|&take| (take, vec![3], None)));
        let all: Vec<(usize, Vec<usize>, Option<usize>)> =
            fixed.chain(rules.many.iter().cloned()).collect();
        for (take, listed, from) in &all {
            let Some(rest) = heap.checked_sub(*take) else {
                continue;
            };
            let (rest_exact, rest_atleast) = if rest == heap {
                (&row_exact, &row_atleast)
            } else {
                (&exact[rest], &atleast[rest])
            };
            for &j in listed {
                options.extend((0..width).filter(|&x| rest_exact[j][x]).map(|x| x as u32));
            }
            if let Some(k) = from.filter(|&k| k < depth) {
                options.extend((0..width).filter(|&x| rest_atleast[k][x]).map(|x| x as u32));
            }
        }
        let value = if heap == 0 { 0 } else { mex(options) };
        assert!(
            (value as usize) < width,
            "a value past the width of the sets"
        );
        values.push(value);
        row_exact[1][value as usize] = true;
        let mut all = row_atleast[2].clone();
        all[value as usize] = true;
        row_atleast[1] = all;
        exact.push(row_exact);
        atleast.push(row_atleast);
    }
    values
}

/// G(0), …, G(n) of the octal or hexadecimal game with digits `digits`, as
/// `OctalGame::digits` gives them.
pub fn code_values(digits: &[u8], n: usize) -> Vec<u32> {
    rules_values(&PlainRules::of_code(digits), n)
}

/// G(0), …, G(n) of Grundy's game: a move splits one heap into two non-empty heaps of
/// different sizes.
pub fn grundys_game_values(n: usize) -> Vec<u32> {
    let rules = PlainRules {
        two: vec![0],
        unequal: true,
        ..PlainRules::default()
    };
    rules_values(&rules, n)
}

/// G(0), …, G(n) of the subtraction game whose moves take exactly `s` counters from one
/// heap, for each `s` in `set`.
pub fn subtraction_values(set: &[u64], n: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(n + 1);
    for heap in 0..=n {
        let options = set
            .iter()
            .filter_map(|&take| usize::try_from(take).ok())
            .filter(|&take| take <= heap)
            .map(|take| values[heap - take]);
        let value = mex(options);
        values.push(value);
    }
    values
}

/// The digits `d0, d1, …` of an octal code (`radix` 8) or a hexadecimal one (16), read
/// plainly: an optional first digit that only splits (0 or 4; in hexadecimal also 8 or C),
/// a point, then 1 to 256 digits of which one at least is not 0; trailing zeros after the
/// first digit past the point are dropped. `None` for anything else.
pub fn code_digits(code: &str, radix: u32) -> Option<Vec<u8>> {
    let (before, after) = code.split_once('.')?;
    let first = match before {
        "" | "0" => 0,
        "4" => 4,
        "8" if radix == 16 => 8,
        "C" | "c" if radix == 16 => 12,
        _ => return None,
    };
    let count = after.chars().count();
    if count == 0 || count > 256 {
        return None;
    }
    let mut digits = vec![first];
    for c in after.chars() {
        digits.push(u8::try_from(c.to_digit(radix)?).ok()?);
    }
    if digits.iter().all(|&digit| digit == 0) {
        return None;
    }
    while digits.len() > 2 && digits[digits.len() - 1] == 0 {
        digits.pop();
    }
    Some(digits)
}

/// The amounts of a subtraction set, read plainly: whole numbers from 1 to `u64::MAX`
/// separated by commas or white space, perhaps inside `S( )`, `s( )` or `{ }`; at least one.
/// Sorted, without repeats. `None` for anything else.
pub fn subtraction_set(text: &str) -> Option<Vec<u64>> {
    let mut inner = text.trim();
    for (open, close) in [("S(", ")"), ("s(", ")"), ("{", "}")] {
        if let Some(rest) = inner.strip_prefix(open) {
            inner = rest.strip_suffix(close)?;
            break;
        }
    }
    let mut amounts = Vec::new();
    for word in inner.split(|c: char| c == ',' || c.is_whitespace()) {
        if word.is_empty() {
            continue;
        }
        if !word.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let amount: u64 = word.parse().ok()?;
        if amount == 0 {
            return None;
        }
        amounts.push(amount);
    }
    if amounts.is_empty() {
        return None;
    }
    amounts.sort_unstable();
    amounts.dedup();
    Some(amounts)
}

/// The nim-sum of Nim heaps: their XOR, one heap at a time.
pub fn nim_sum(heaps: &[u128]) -> u128 {
    let mut sum = 0;
    for &heap in heaps {
        sum ^= heap;
    }
    sum
}

/// Every winning Nim move `(heap index, size left)`, by the definition: a move that leaves a
/// position of nim-sum 0, tried heap by heap (the size to leave is the one that zeroes the
/// sum, and it must be smaller than the heap).
pub fn nim_winning_moves(heaps: &[u128]) -> Vec<(usize, u128)> {
    let total = nim_sum(heaps);
    let mut moves = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        let others = total ^ heap;
        if others < heap {
            moves.push((index, others));
        }
    }
    moves
}

/// Whether a Nim position is P in misère play (the player who takes the last counter loses),
/// by Bouton's rule: all heaps at most 1 and an odd number of 1s, or some heap above 1 and
/// nim-sum 0.
pub fn misere_nim_is_p(heaps: &[u128]) -> bool {
    if heaps.iter().all(|&heap| heap <= 1) {
        heaps.iter().filter(|&&heap| heap == 1).count() % 2 == 1
    } else {
        nim_sum(heaps) == 0
    }
}

/// Every winning misère Nim move `(heap index, size left)`, sorted: the moves to a misère
/// P-position. A move to one leaves either heaps of at most 1 (so the heap goes to 0 or 1)
/// or a nim-sum of 0 (so the heap goes to the XOR of the others): only those are tried.
pub fn misere_nim_winning_moves(heaps: &[u128]) -> Vec<(usize, u128)> {
    let total = nim_sum(heaps);
    let mut moves = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        let mut targets = vec![0, 1, total ^ heap];
        targets.sort_unstable();
        targets.dedup();
        for to in targets.into_iter().filter(|&to| to < heap) {
            let mut after = heaps.to_vec();
            after[index] = to;
            if misere_nim_is_p(&after) {
                moves.push((index, to));
            }
        }
    }
    moves
}

/// A token on a directed graph (adjacency lists; a move follows an edge).
pub type Graph = [Vec<usize>];

/// Whether a position that repeats along some line of play can be reached from `start`.
pub fn reaches_cycle(graph: &Graph, start: usize) -> bool {
    // 0 unvisited, 1 on the current path, 2 finished.
    fn visit(graph: &Graph, node: usize, state: &mut [u8]) -> bool {
        match state[node] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        state[node] = 1;
        let found = graph[node].iter().any(|&next| visit(graph, next, state));
        state[node] = 2;
        found
    }
    visit(graph, start, &mut vec![0; graph.len()])
}

/// The Sprague–Grundy value of `node` by recursion over its options, remembering answers in
/// `memo`. The graph must be acyclic from `node`.
pub fn grundy(graph: &Graph, node: usize, memo: &mut Vec<Option<u32>>) -> u32 {
    memo.resize(graph.len(), None);
    if let Some(value) = memo[node] {
        return value;
    }
    let options: Vec<u32> = graph[node]
        .iter()
        .map(|&next| grundy(graph, next, memo))
        .collect();
    let value = mex(options);
    memo[node] = Some(value);
    value
}

/// Whether the player to move from `node` wins when the player who cannot move *wins*
/// (misère play), by recursion. The graph must be acyclic from `node`.
pub fn misere_win(graph: &Graph, node: usize, memo: &mut Vec<Option<bool>>) -> bool {
    memo.resize(graph.len(), None);
    if let Some(win) = memo[node] {
        return win;
    }
    let win = graph[node].is_empty()
        || graph[node]
            .clone()
            .into_iter()
            .any(|next| !misere_win(graph, next, memo));
    memo[node] = Some(win);
    win
}

/// Steinhaus's remoteness of `node` by its definition: 0 at the end; else one more than the
/// least even remoteness of an option if there is one, or than the largest. With `suspense`,
/// the suspense number instead: one more than the largest even, or than the least.
pub fn remoteness(graph: &Graph, node: usize, suspense: bool, memo: &mut Vec<Option<u32>>) -> u32 {
    memo.resize(graph.len(), None);
    if let Some(value) = memo[node] {
        return value;
    }
    let options: Vec<u32> = graph[node]
        .iter()
        .map(|&next| remoteness(graph, next, suspense, memo))
        .collect();
    let even: Vec<u32> = options.iter().copied().filter(|r| r % 2 == 0).collect();
    let value = if options.is_empty() {
        0
    } else if !even.is_empty() {
        1 + if suspense {
            *even.iter().max().unwrap()
        } else {
            *even.iter().min().unwrap()
        }
    } else if suspense {
        1 + options.iter().min().unwrap()
    } else {
        1 + options.iter().max().unwrap()
    };
    memo[node] = Some(value);
    value
}

/// A graph whose moves carry points: `(points, target)` per edge.
pub type WeightedGraph = [Vec<(i64, usize)>];

/// The negamax score of `node` by its definition: `terminal` at a node without moves, else
/// the most over edges of the points minus the score after. The graph must be acyclic.
pub fn negamax(
    graph: &WeightedGraph,
    terminal: &[i64],
    node: usize,
    memo: &mut Vec<Option<i64>>,
) -> i64 {
    memo.resize(graph.len(), None);
    if let Some(value) = memo[node] {
        return value;
    }
    let value = if graph[node].is_empty() {
        terminal[node]
    } else {
        graph[node]
            .clone()
            .into_iter()
            .map(|(points, next)| points - negamax(graph, terminal, next, memo))
            .max()
            .unwrap()
    };
    memo[node] = Some(value);
    value
}

/// The score of the number row `numbers[left..right]` (IOI 1996 "A Game") by plain recursion
/// over both ends, remembering intervals in `memo`.
pub fn number_row(
    numbers: &[i64],
    left: usize,
    right: usize,
    memo: &mut std::collections::HashMap<(usize, usize), i64>,
) -> i64 {
    if left >= right {
        return 0;
    }
    if let Some(&value) = memo.get(&(left, right)) {
        return value;
    }
    let take_left = numbers[left] - number_row(numbers, left + 1, right, memo);
    let take_right = numbers[right - 1] - number_row(numbers, left, right - 1, memo);
    let value = take_left.max(take_right);
    memo.insert((left, right), value);
    value
}

/// The class of a position of a game that may loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win.
    Draw,
}

/// Every node's class by retrograde analysis done the slow way: sweep all nodes until
/// nothing changes, marking N a node with a P option and P a node whose options are all N
/// (a terminal node among them); what is never marked is a draw.
pub fn retrograde(graph: &Graph) -> Vec<Class> {
    let mut class = vec![Class::Draw; graph.len()];
    loop {
        let mut changed = false;
        for node in 0..graph.len() {
            if class[node] != Class::Draw {
                continue;
            }
            let options = &graph[node];
            if options.iter().any(|&next| class[next] == Class::P) {
                class[node] = Class::N;
                changed = true;
            } else if options.iter().all(|&next| class[next] == Class::N) {
                class[node] = Class::P;
                changed = true;
            }
        }
        if !changed {
            return class;
        }
    }
}

/// The nim-product of `2^i` and `2^j`, by Conway's rules for Fermat 2-powers `F = 2^(2^k)`:
/// distinct ones multiply as ordinary numbers, and `F ⊗ F = F ⊕ F/2`. `2^i` is the product
/// of the Fermat 2-powers given by the bits of `i`, so `2^i ⊗ 2^j` is `2^(i ⊕ j)` times
/// `F ⊗ F` for each bit `k` that `i` and `j` share. Remembered in `memo`.
fn power_of_two_product(
    i: u32,
    j: u32,
    memo: &mut std::collections::HashMap<(u32, u32), u128>,
) -> u128 {
    if i & j == 0 {
        return 1 << (i | j);
    }
    if let Some(&product) = memo.get(&(i, j)) {
        return product;
    }
    let shared = 1 << (i & j).ilog2();
    let fermat = 1u128 << shared;
    let rest = power_of_two_product(i ^ shared, j ^ shared, memo);
    let product = plain_nim_mul(rest, fermat ^ (fermat >> 1), memo);
    memo.insert((i, j), product);
    product
}

fn plain_nim_mul(a: u128, b: u128, memo: &mut std::collections::HashMap<(u32, u32), u128>) -> u128 {
    let mut product = 0;
    for i in (0..128).filter(|&i| a >> i & 1 == 1) {
        for j in (0..128).filter(|&j| b >> j & 1 == 1) {
            product ^= power_of_two_product(i, j, memo);
        }
    }
    product
}

/// The nim-product by distributing over the bits of both factors and Conway's rules for
/// products of powers of two.
pub fn nim_mul(a: u128, b: u128) -> u128 {
    thread_local! {
        static MEMO: std::cell::RefCell<std::collections::HashMap<(u32, u32), u128>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    MEMO.with(|memo| plain_nim_mul(a, b, &mut memo.borrow_mut()))
}

/// The nim-products of all `a, b < n` by the definition:
/// `a ⊗ b = mex { a′⊗b ⊕ a⊗b′ ⊕ a′⊗b′ : a′ < a, b′ < b }`.
pub fn nim_mul_table_by_definition(n: usize) -> Vec<Vec<u32>> {
    let mut table = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = Vec::new();
            for a2 in 0..a {
                for b2 in 0..b {
                    options.push(table[a2][b] ^ table[a][b2] ^ table[a2][b2]);
                }
            }
            table[a][b] = mex(options);
        }
    }
    table
}
