//! One form for codes that play the same game: trailing zeros dropped, and heaps too small to
//! move taken out.
//!
//! A heap of one counter that has no move never gets one, and no move can touch it: it is
//! the empty heap in disguise. Take one counter from every heap, then: a heap of `n + 1`
//! becomes a heap of `n`, heaps of one vanish, and each move becomes a move of another code.
//! A move that takes `r` and leaves `k` heaps `a₁ … a_k` (each at least 1) becomes one that
//! takes `r + k − 1` — the heap lost a counter, its parts lost `k` — and leaves the `j` of
//! the heaps `aᵢ − 1` that are not empty, for any `j ≤ k` the sizes allow. So digit `r`
//! leaving `k` heaps becomes digit `r + k − 1` leaving any of `0 … k` heaps, and the two games'
//! positions correspond one to one, move for move: the same game, in normal and misère play
//! alike. Repeated while a heap of one has no move, this ends when the heap of one can move:
//! the canonical form, and how many counters it took from every heap.
//!
//! Two heaps that must differ stay different one counter smaller, and `(1, 1)` — the one
//! split that would vanish whole — is the equal split the rule forbids; so a code whose
//! two-heap digits carry `!` reduces the same way, leaving one heap or two unequal ones (a
//! digit that also leaves three heaps would then need equal two-heap splits beside unequal
//! ones, which one code cannot say, and is left as it is).

/// The canonical digits of a code (`digits`, with `unequal` two-heap splits), whether its
/// splits must still be unequal, and how many counters every heap lost to reach it.
pub(super) fn reduce(mut digits: Vec<u8>, unequal: bool) -> (Vec<u8>, bool, u64) {
    let mut unequal = unequal && digits.iter().any(|&d| d & 4 != 0);
    let shifts = !(unequal && digits.iter().any(|&d| d & 8 != 0));
    let mut offset = 0;
    while shifts && heap_of_one_is_stuck(&digits) {
        digits = one_counter_less(&digits, unequal);
        offset += 1;
    }
    while digits.len() > 2 && digits.last() == Some(&0) {
        digits.pop();
    }
    unequal &= digits.iter().any(|&d| d & 4 != 0);
    (digits, unequal, offset)
}

/// Whether a heap of one counter has no move though some heap has one.
fn heap_of_one_is_stuck(digits: &[u8]) -> bool {
    digits.get(1).is_none_or(|&d| d & 1 == 0) && digits.iter().any(|&d| d != 0)
}

/// The code of the game on heaps one counter smaller (see the module's docs): digit `r`
/// leaving `k` heaps becomes digit `r + k − 1` leaving any of `0 … k` — or, when the two
/// heaps of a split must differ, a two-heap digit leaves one heap or two.
fn one_counter_less(digits: &[u8], unequal: bool) -> Vec<u8> {
    let mut less = vec![0u8; digits.len() + 2];
    for (r, &digit) in digits.iter().enumerate() {
        for heaps in 0..4 {
            if digit & (1 << heaps) == 0 {
                continue;
            }
            // Digit 0 neither takes a heap whole nor leaves one (the rules forbid both) and
            // digit 1 does not take a heap of one whole (it is stuck): so r + k ≥ 1.
            let amount = r + heaps - 1;
            less[amount] |= if unequal && heaps == 2 {
                0b110
            } else {
                (1 << (heaps + 1)) - 1
            };
        }
    }
    less
}
