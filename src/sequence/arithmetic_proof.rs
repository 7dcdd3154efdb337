//! Arithmetic periods *proved* for finite take-and-break codes whose moves leave at most three
//! heaps, unrestricted by shape — the hexadecimal games and their kin. The test and its proof
//! are ours; the literature's (Howse and Nowakowski, *Theoretical Computer Science* 313, 2004)
//! we could not read beyond its abstract, so none of it is used.
//!
//! # The claim
//!
//! Let the values computed show `G(n + p) = G(n) + s`, `s ≥ 1`, for every `n ≥ n0` they reach
//! (the [apparent](super::ApparentArithmeticPeriod) period). Work with `P = p`, `S = s` when
//! `p` is even, else `P = 2p`, `S = 2s` — or those times 2, 4 or 8, tried in turn: a longer
//! step has a larger `w`, the largest power of two dividing `S`, and more options climb.
//! Call a heap *big* when it is at least `b = n0 + P`, and let `N1 = t + 3(b − 1) + 1`, `t`
//! the most counters a move takes: past `N1` every option of a heap has a big heap. If the
//! values up to `N1 + P − 1` pass the checks below, `G(n + p) = G(n) + s` for every `n ≥ n0`.
//!
//! # Two facts about XOR
//!
//! * If `R < w` then `(x + S) ⊕ R = (x ⊕ R) + S`: adding `S` changes bits at or above `w`
//!   only, and `R` has none there. Likewise, if `x` and `y` agree above their bits below
//!   `w/2`, then `(x + S/2) ⊕ (y + S/2) = x ⊕ y`, and they agree so again.
//! * `x ⊕ y ≤ x + y`, and the bits below `w` of `x ⊕ y` are the XOR of theirs.
//!
//! # Proof
//!
//! By induction on `N ≥ N1 + P`: say every heap below `N` has its value from the period
//! (`G(n + p) = G(n) + s` whenever `n0 ≤ n` and `n + p < N`; the values computed show it up to
//! `N1 + P`), and the invariant `J` below holds at `N − P`. We show the mex of `N`'s options
//! is `T = G(N − P) + S`, so `G(N) = G(N − p) + s`, and `J` at `N`.
//!
//! **Every value below `T` is an option (the invariant `J`).** Kinds of option of a heap `M`:
//! an *A-witness* has a heap `h ≥ n0` whose companions' values XOR to `R < w`; adding `P`
//! to `h` gives an option of `M + P` worth `S` more (the first fact), again an A-witness. A
//! *B-witness* holds a *pair* that keeps its value when `P/2` (P is even) is added to each of
//! its heaps: two equal heaps, or — when `P/2` is a whole number of periods `p`, so a heap
//! `h ≥ n0` gains `S/2` over it — two heaps of at least `n0` whose values agree above their
//! bits below `w/2` (the first fact again); the option so grown is again a B-witness. An
//! *AB-witness* is a B-witness of three heaps, a pair and `c ≥ n0` (the pair's values XOR
//! below `w`): both moves apply, and each gives an AB-witness. `J` at `M`, for some `ℓ` fixed
//! for each residue of `M` modulo `P`: every value below `ℓ` has a B-witness, every value in
//! `[ℓ, ℓ + S)` an AB-witness, every value in `[ℓ + S, G(M))` an A-witness. Then at
//! `M + P`: values below `ℓ` and in `[ℓ, ℓ + S)` by the B-moves, values in
//! `[ℓ + S, G(M) + S)` by the A-moves of witnesses `S` lower. So `J` at `N − P` puts every
//! value below `T` among `N`'s options, and gives `J` at `N` once `G(N) = T`. The check
//! computes `J` at `N1 … N1 + P − 1`, each with its own `ℓ`.
//!
//! **`T` is not an option.** Take an option of `N`: heaps summing to `N − r` after taking `r`,
//! at least one big. Sort its heaps into big ones and small ones.
//!
//! * *One big heap* `h = N − c`, small companions worth `R` together. Its value is
//!   `G(N − c) ⊕ R` against `T = G(N)`; along `N, N + P, …` both grow by `S`, and
//!   `x ⊕ R − x` depends on `x` modulo any power of two `m > R` only, so whether they meet
//!   repeats every `m / gcd(m, S)` steps of `P`: the check compares every residue of `N` over
//!   that many steps.
//! * *Two or three big heaps.* Each value of a big heap is `(S·h + Δ(h))/P` with `Δ`
//!   periodic modulo `P`, so the sum of the option's values is below `T` if a sum of `Δ`s,
//!   depending only on the heaps' residues modulo `P` and the small heaps, is — then so is
//!   the XOR (second fact). Or the same with the values' high parts `⌊G/w⌋` (their XOR is
//!   the high part of the option's value, and if it is below `⌊T/w⌋` so is the value). Or
//!   the bits below `w`, periodic too, differ from `T`'s. The check tries all three for every
//!   choice of residues and small heaps.
//!
//! Every option is of one kind or the other, so `G(N) = T`. `J` holds at `N`. ∎
//!
//! A game the test does not prove stays *apparent*: the test is sound, not complete. Games
//! whose moves never leave three heaps have no AB-witness and are never proved (finite octal
//! games are not arithmetic-periodic at all — Horrocks and Nowakowski, INTEGERS 3 (2003)).

use super::arithmetic::{ApparentArithmeticPeriod, ArithmeticPeriod};
use super::values::Value;
use crate::heap::HeapRules;

/// The most elementary steps one proof may take (enumerating options and residues): a proof
/// that would take more is not tried, and the period stays apparent. Some seconds of work.
pub(crate) const MAX_PROOF_WORK: u64 = 2_000_000_000;

/// The most values a checked heap's witness sets hold (a byte each, three sets, one heap at
/// a time): a game's values near `N1` are far smaller, but values handed in as known are
/// taken as they are.
const MAX_WITNESS_VALUES: u64 = 1 << 24;

/// Why a period the values show is not proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unproved {
    /// The proof reads values past those computed.
    TooFewValues,
    /// The test does not pass for the period seen, the rules are not ones it covers, or the
    /// proof would take more than [`MAX_PROOF_WORK`].
    Failed,
}

/// Whether the test can prove any period for `rules`: finite codes whose moves leave at most
/// three heaps, unrestricted by shape, some leaving three.
pub(crate) fn applies_to(rules: &HeapRules) -> bool {
    rules.has_periodicity_theorem() && !rules.taken_leaving_three().is_empty()
}

/// The largest multiple of the period a proof steps by: `P`, `2P`, `4P` or `8P`.
const MAX_TIMES: u64 = 8;

/// The arithmetic period `seen` in `values`, if they prove it for `rules` (see the module
/// docs), stepping by the period (doubled if odd) times 1, 2, 4 or 8 in turn — a longer step
/// gains more, so more of the options climb with it — from `times` on: the caller's record
/// of the steps that failed for this period, raised as more fail.
pub(crate) fn prove_arithmetic<V: Value>(
    rules: &HeapRules,
    values: &[V],
    seen: &ApparentArithmeticPeriod,
    times: &mut u64,
) -> Result<ArithmeticPeriod, Unproved> {
    if !applies_to(rules) {
        return Err(Unproved::Failed);
    }
    while *times <= MAX_TIMES {
        let proof = Proof::new(
            rules,
            values,
            (seen.preperiod, seen.period, seen.saltus),
            *times,
        )?;
        if proof.invariant_holds() && proof.target_is_never_an_option() {
            return Ok(ArithmeticPeriod {
                preperiod: seen.preperiod,
                period: seen.period,
                saltus: seen.saltus,
                proved_at: proof.last_heap_read(),
            });
        }
        *times *= 2;
    }
    Err(Unproved::Failed)
}

/// One candidate period with everything its checks read.
struct Proof<'r> {
    rules: &'r HeapRules,
    /// G(0) … G(N1 + P − 1), widened.
    values: Vec<u64>,
    n0: u64,
    /// The step `P` (even) and its gain `S`.
    step: u64,
    gain: u64,
    /// The largest power of two dividing `gain`.
    low: u64,
    /// Whether `P/2` is a whole number of periods `p`, so a heap of `n0` or more gains
    /// `S/2` over it.
    half_climbs: bool,
    /// The least big heap, `n0 + P`, and the first heap the invariant is checked at.
    big: u64,
    first: u64,
}

impl<'r> Proof<'r> {
    /// The proof's data, if the values reach far enough and the work fits the bound.
    fn new<V: Value>(
        rules: &'r HeapRules,
        values: &[V],
        (n0, p, s): (u64, u64, u32),
        times: u64,
    ) -> Result<Proof<'r>, Unproved> {
        let even = if p.is_multiple_of(2) { 1 } else { 2 };
        let (step, gain) = (p * even * times, u64::from(s) * even * times);
        // Both fit: the period is at most a quarter of the values, which fit in memory, and
        // `times` at most 8.
        let big = n0 + step;
        let first = rules.reach().saturating_add(3 * (big - 1)) + 1;
        let read = usize::try_from(first.saturating_add(step)).unwrap_or(usize::MAX);
        if read > values.len() {
            return Err(Unproved::TooFewValues);
        }
        let low = 1 << gain.trailing_zeros();
        // The companions of one big heap are small heaps: their values XOR below this.
        let small = values[1..big as usize]
            .iter()
            .map(|&v| v.into())
            .max()
            .unwrap_or(0);
        let modulus = (u64::from(small) + 1).next_power_of_two();
        let repeats = modulus / modulus.min(low);
        // The witness sets of each checked heap hold values up to its own plus S.
        let largest: u32 = values[first as usize..read]
            .iter()
            .map(|&v| v.into())
            .max()
            .unwrap_or(0);
        let set = u64::from(largest).saturating_add(gain);
        let work =
            Self::work(rules, (first, step, big), repeats).saturating_add(step.saturating_mul(set));
        if work > MAX_PROOF_WORK || set > MAX_WITNESS_VALUES {
            return Err(Unproved::Failed);
        }
        Ok(Proof {
            rules,
            values: values[..read]
                .iter()
                .map(|&v| u64::from(v.into()))
                .collect(),
            n0,
            step,
            gain,
            low,
            half_climbs: (step / 2).is_multiple_of(p) && low >= 2,
            big,
            first,
        })
    }

    /// An estimate of the steps: the options of `P` heaps near `N1`; the residues and small
    /// heaps of the options with big heaps; for those with one, `repeats` steps of `P`.
    fn work(rules: &HeapRules, (first, step, big): (u64, u64, u64), repeats: u64) -> u64 {
        let digits = |amounts: &[u64]| amounts.len() as u64;
        let top = first.saturating_add(step);
        let options = top.saturating_mul(top).saturating_mul(
            digits(rules.taken_leaving_two()) + digits(rules.taken_leaving_three()),
        );
        let residues = step
            .saturating_mul(step)
            .saturating_mul(step.saturating_add(big))
            .saturating_mul(digits(rules.taken_leaving_three()) + 1);
        let singles = big
            .saturating_mul(big)
            .saturating_mul(step)
            .saturating_mul(repeats);
        step.saturating_mul(options)
            .saturating_add(residues)
            .saturating_add(singles)
    }

    /// The last heap whose value the proof read.
    fn last_heap_read(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// G(h) by the period from `[n0, n0 + P)` for heaps past those computed, as the
    /// induction has it: below 2⁹⁷, so exact.
    fn value(&self, heap: u64) -> i128 {
        match usize::try_from(heap).ok().and_then(|h| self.values.get(h)) {
            Some(&value) => i128::from(value),
            None => {
                let past = heap - self.n0;
                let base = (self.n0 + past % self.step) as usize;
                i128::from(self.values[base]) + i128::from(past / self.step) * i128::from(self.gain)
            }
        }
    }

    /// `J` at `N1 … N1 + P − 1`, each for some `ℓ` of its own.
    fn invariant_holds(&self) -> bool {
        let gain = self.gain as usize;
        // Heaps `P` apart carry `J` one to the next, so each residue has an `ℓ` of its own.
        (self.first..self.first + self.step).all(|n| {
            let held = self.witnesses(n);
            let target = self.values[n as usize] as usize;
            // ℓ: every value below it held by a B-witness.
            let most = held.b.iter().take_while(|&&b| b).count();
            // ℓ + S: every value from it to the heap's value held by an A-witness.
            let least = (0..target).rev().find(|&v| !held.a[v]).map_or(0, |v| v + 1);
            (least.saturating_sub(gain)..=most).any(|band| {
                held.ab
                    .get(band..band + gain)
                    .is_some_and(|band| band.iter().all(|&h| h))
            })
        })
    }

    /// Which values below `G(N) + S` each kind of witness holds at heap `n`.
    fn witnesses(&self, n: u64) -> Witnesses {
        let limit = self.values[n as usize] as usize + self.gain as usize;
        let mut held = Witnesses {
            a: vec![false; limit],
            b: vec![false; limit],
            ab: vec![false; limit],
        };
        let g = |h: u64| self.values[h as usize];
        let mut note = |heaps: &[u64], value: u64| {
            let Some(v) = usize::try_from(value).ok().filter(|&v| v < limit) else {
                return;
            };
            if heaps
                .iter()
                .any(|&h| h >= self.n0 && (value ^ g(h)) < self.low)
            {
                held.a[v] = true;
            }
            // A pair keeps its value when P/2 is added to each: equal heaps, or (P/2 being
            // whole periods) heaps of at least n0 whose values agree above the bits below w/2.
            let pair = |x: u64, y: u64| {
                x == y
                    || (self.half_climbs
                        && x >= self.n0
                        && y >= self.n0
                        && g(x) / (self.low / 2) == g(y) / (self.low / 2))
            };
            if let [x, y, z] = *heaps {
                let third = [(x, y, z), (y, z, x), (x, z, y)]
                    .into_iter()
                    .filter(|&(a, b, _)| pair(a, b))
                    .map(|(_, _, c)| c)
                    .max();
                if let Some(c) = third {
                    held.b[v] = true;
                    held.ab[v] |= c >= self.n0;
                }
            } else if let [x, y] = *heaps {
                held.b[v] |= pair(x, y);
            }
        };
        for &r in self.rules.taken_leaving_one() {
            note(&[n - r], g(n - r));
        }
        for &r in self.rules.taken_leaving_two() {
            let rest = n - r;
            for x in 1..=rest / 2 {
                note(&[x, rest - x], g(x) ^ g(rest - x));
            }
        }
        for &r in self.rules.taken_leaving_three() {
            let rest = n - r;
            for x in 1..=rest / 3 {
                for y in x..=(rest - x) / 2 {
                    let z = rest - x - y;
                    note(&[x, y, z], g(x) ^ g(y) ^ g(z));
                }
            }
        }
        held
    }

    /// No option of any heap from `N1 + P` on is worth `G(N)` (see the module docs).
    fn target_is_never_an_option(&self) -> bool {
        let small = 1..self.big;
        let rules = self.rules;
        rules
            .taken_leaving_one()
            .iter()
            .all(|&r| self.one_big(r, &[]))
            && rules
                .taken_leaving_two()
                .iter()
                .all(|&r| small.clone().all(|z| self.one_big(r, &[z])) && self.residues(r, &[], 2))
            && rules.taken_leaving_three().iter().all(|&r| {
                small.clone().all(|z| {
                    (z..self.big).all(|y| self.one_big(r, &[z, y])) && self.residues(r, &[z], 2)
                }) && self.residues(r, &[], 3)
            })
    }

    /// Options taking `r` and leaving the `small` heaps beside one big heap: never worth
    /// `G(N)`, checked residue by residue over the steps after which the comparison repeats.
    fn one_big(&self, r: u64, small: &[u64]) -> bool {
        let companions = small.iter().fold(0, |x, &z| x ^ self.value(z));
        let cut = r + small.iter().sum::<u64>();
        // Values below 2⁹⁷ (see `value`): the power of two above fits.
        let modulus = (companions.unsigned_abs() + 1).next_power_of_two();
        let steps = modulus / gcd(modulus, u128::from(self.gain));
        let start = self.first + self.step;
        (0..self.step).all(|i| {
            (0..steps as u64).all(|j| {
                let n = start + i + j * self.step;
                self.value(n - cut) ^ companions != self.value(n)
            })
        })
    }

    /// Options taking `r` and leaving the `small` heaps beside `count` big heaps: for every
    /// choice of the big heaps' residues, their sum, their high parts or their low bits
    /// rule out `G(N)`.
    fn residues(&self, r: u64, small: &[u64], count: usize) -> bool {
        let step = self.step;
        let start = self.first + step;
        // The big heap and the heap from N1 + P with each residue modulo P.
        let heap_at = |base: u64, residue: u64| base + (residue + step - base % step) % step;
        let cut = r + small.iter().sum::<u64>();
        let low = i128::from(self.low);
        let (mut sum, mut high, mut bits) = (0, 0, 0);
        for &z in small {
            let value = self.value(z);
            sum += value;
            high += value / low;
            bits ^= value % low;
        }
        // At most three heaps: no allocation per choice of residues.
        let mut residues = [0u64; 3];
        let residues = &mut residues[..count];
        let mut heaps = [0u64; 3];
        let heaps = &mut heaps[..count];
        loop {
            for (heap, &x) in heaps.iter_mut().zip(residues.iter()) {
                *heap = heap_at(self.big, x);
            }
            let total = heaps.iter().sum::<u64>() + cut;
            let n = heap_at(start, total % step);
            if !self.rules_out(heaps, n, cut, (sum, high, bits)) {
                return false;
            }
            // The next non-decreasing choice of residues.
            let Some(i) = residues.iter().rposition(|&x| x + 1 < step) else {
                return true;
            };
            let next = residues[i] + 1;
            residues[i..].iter_mut().for_each(|x| *x = next);
        }
    }

    /// Whether big heaps (representatives of their residues), with small heaps of `cut` counters
    /// in all (with the counters taken) worth `small` in sum, high parts and low bits, rule
    /// out the value of heap `n` by one of the three bounds.
    fn rules_out(&self, heaps: &[u64], heap: u64, cut: u64, small: (i128, i128, i128)) -> bool {
        let (sum, high, bits) = small;
        let (step, gain, low) = (
            i128::from(self.step),
            i128::from(self.gain),
            i128::from(self.low),
        );
        // G(h) = (S·h + Δ(h))/P and ⌊G(h)/w⌋ = ((S/w)·h + Q(h))/P, Δ and Q periodic.
        let delta = |h: u64| step * self.value(h) - gain * i128::from(h);
        let units = gain / low;
        let quotient = |h: u64| step * (self.value(h) / low) - units * i128::from(h);
        let cut = i128::from(cut);
        let deltas: i128 = heaps.iter().map(|&h| delta(h)).sum();
        let by_sum = -gain * cut + deltas + step * sum < delta(heap);
        let quotients: i128 = heaps.iter().map(|&h| quotient(h)).sum();
        let by_high = -units * cut + quotients + step * high <= quotient(heap) - step;
        let low_bits = heaps.iter().fold(bits, |x, &h| x ^ (self.value(h) % low));
        by_sum || by_high || low_bits != self.value(heap) % low
    }
}

/// The values each kind of witness holds at one heap.
struct Witnesses {
    a: Vec<bool>,
    b: Vec<bool>,
    ab: Vec<bool>,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::testing::{direct, random_words, shaped_rules};

    /// The proof of the period the values show, from its first step; `None` if they show
    /// none.
    fn prove<V: Value>(
        rules: &HeapRules,
        values: &[V],
    ) -> Option<Result<ArithmeticPeriod, Unproved>> {
        let seen = super::super::arithmetic::apparent(values.len(), |n| values[n].into())?;
        Some(prove_arithmetic(rules, values, &seen, &mut 1))
    }

    /// The rules of a hexadecimal code written `0.d₁d₂…`.
    fn hexadecimal(code: &str) -> HeapRules {
        let digits: Vec<u8> = code
            .chars()
            .filter(|&c| c != '.')
            .map(|c| c.to_digit(16).expect("a hexadecimal digit") as u8)
            .collect();
        shaped_rules(&digits, &[])
    }

    #[test]
    fn climbing_hexadecimal_games_are_proved_from_the_values_the_proof_reads() {
        // (code, preperiod, period, saltus, last heap read)
        let games = [
            ("0.8", 1, 3, 1, 25),
            ("0.C", 1, 2, 1, 9),
            ("0.08", 1, 4, 1, 14 + 4),
            ("0.F8", 7, 6, 4, 44),
            ("0.28", 1, 53, 16, 426),
            // Saltus 3: only a step of 12 heaps, gaining 6 (w = 2), proves it.
            ("0.3F", 0, 6, 3, 47),
            // Values below ℓ + S reached at every later heap only by pairs of unequal heaps
            // whose values agree above their low bits.
            ("0.3DEE", 14, 9, 8, 187),
            ("0.095C", 49, 80, 32, 788),
        ];
        for (code, preperiod, period, saltus, read) in games {
            let rules = hexadecimal(code);
            let values = direct(&rules, read as usize + 40);
            let proved = prove(&rules, &values).expect(code).expect(code);
            assert_eq!(
                (
                    proved.preperiod,
                    proved.period,
                    proved.saltus,
                    proved.proved_at
                ),
                (preperiod, period, saltus, read),
                "{code}"
            );
            let short = &values[..read as usize];
            assert_eq!(
                prove(&rules, short),
                Some(Err(Unproved::TooFewValues)),
                "{code}"
            );
        }
    }

    #[test]
    fn rules_the_test_does_not_cover_are_never_proved() {
        let eight = direct(&hexadecimal("0.8"), 200);
        // Shapes restricted, or no move leaving three heaps.
        let shaped = shaped_rules(&[0, 8], &[(1, '?')]);
        assert!(!applies_to(&shaped) && !applies_to(&hexadecimal("0.4")));
        assert_eq!(prove(&shaped, &eight), Some(Err(Unproved::Failed)));
        assert_eq!(
            prove(&hexadecimal("0.4"), &eight),
            Some(Err(Unproved::Failed))
        );
        // Kayles (0.77) is periodic and never splits into three: no climb, no test.
        let kayles = hexadecimal("0.77");
        assert!(!applies_to(&kayles));
        assert_eq!(prove(&kayles, &direct(&kayles, 200)), None);
        assert_eq!(prove(&hexadecimal("0.8"), &[0u32; 100]), None);
    }

    /// Each check fails where the values are not the rules' own: the test reads what it is
    /// given, and a check that could not fail would prove these too.
    #[test]
    fn each_check_refuses_values_that_are_not_the_rules_own() {
        let eight: Vec<u32> = (0..400u32).map(|n| n.saturating_sub(1) / 3).collect();
        assert_eq!(eight, direct(&hexadecimal("0.8"), 399));
        // 0.A also takes one leaving one heap: G(N − 1) is G(N) within a block of three.
        let (ten, eight_rules) = (hexadecimal("0.A"), hexadecimal("0.8"));
        let proof = Proof::new(&ten, &eight, (1, 3, 1), 1).expect("enough values");
        assert!(proof.invariant_holds());
        assert!(!proof.target_is_never_an_option());
        // Twice 0.8's values climb by 2: no option of any heap is worth 1.
        let doubled: Vec<u32> = eight.iter().map(|&v| 2 * v).collect();
        let proof = Proof::new(&eight_rules, &doubled, (1, 3, 2), 1).expect("enough values");
        assert!(!proof.invariant_holds());
        // 0.C also splits into two: two big heaps' values may sum past G(N), and their high
        // parts and low bits do not rule it out (S = w = 2 here), so the bounds fail.
        let twelve = hexadecimal("0.C");
        let proof = Proof::new(&twelve, &eight, (1, 3, 1), 1).expect("enough values");
        assert!(proof.residues(1, &[], 3));
        assert!(!proof.residues(1, &[], 2));
        assert!(!proof.target_is_never_an_option());
    }

    /// Values handed in as known are taken as they are: a climb of 2²⁵ a period would make
    /// witness sets of hundreds of millions of values, and is refused before any is made.
    #[test]
    fn values_too_large_for_the_witness_sets_are_refused() {
        let rules = hexadecimal("0.8");
        let huge: Vec<u32> = (0..100u32)
            .map(|n| (n.saturating_sub(1) / 3) << 25)
            .collect();
        let proof = Proof::new(&rules, &huge, (1, 3, 1 << 25), 1);
        assert_eq!(proof.err(), Some(Unproved::Failed));
        let fitting: Vec<u32> = (0..100u32)
            .map(|n| (n.saturating_sub(1) / 3) << 4)
            .collect();
        assert!(Proof::new(&rules, &fitting, (1, 3, 1 << 4), 1).is_ok());
    }

    /// 0.3DEE's values below `ℓ + S` are held at every heap `P` later only by pairs whose
    /// values agree above their low bits: without them the invariant fails at every step.
    #[test]
    fn pairs_that_climb_together_carry_what_equal_pairs_cannot() {
        let rules = hexadecimal("0.3DEE");
        let values = direct(&rules, 200);
        // Proved stepping by 36 heaps, gaining 32.
        let mut proof = Proof::new(&rules, &values, (14, 9, 8), 2).expect("enough values");
        assert!(proof.half_climbs && proof.invariant_holds());
        proof.half_climbs = false;
        assert!(!proof.invariant_holds());
        let values = direct(&rules, 800);
        for times in [1, 4, 8] {
            let mut proof = Proof::new(&rules, &values, (14, 9, 8), times).expect("enough");
            proof.half_climbs = false;
            assert!(!proof.invariant_holds(), "{times}");
        }
    }

    /// Random hexadecimal codes that split into three: every period proved holds to four
    /// times the heaps its proof read, by the definition.
    #[test]
    fn proved_periods_hold_far_past_the_proof() {
        let mut next = random_words(30);
        let mut proved = 0;
        for _ in 0..300 {
            let mut digits = vec![0u8];
            digits.extend((0..=next() % 3).map(|_| (next() % 16) as u8));
            let last = digits.len() - 1;
            digits[last] |= 8;
            let rules = shaped_rules(&digits, &[]);
            let values = direct(&rules, 120);
            let Some(Ok(period)) = prove(&rules, &values) else {
                continue;
            };
            proved += 1;
            let far = direct(&rules, 4 * period.proved_at as usize);
            for (heap, &value) in far.iter().enumerate().skip(period.preperiod as usize) {
                let first = |i| values.get((period.preperiod + i) as usize).copied();
                let extended = period.extend(heap as u64, first);
                let want = Some(u128::from(value));
                assert_eq!(extended, want, "{digits:?} {period} heap {heap}");
            }
        }
        assert!(proved >= 30, "only {proved} codes proved");
    }
}
