//! Exact arithmetic with the golden ratio φ = (1 + √5)/2 on integers up to `u128::MAX`:
//! no floating point, whose 53 bits go wrong beyond about 10¹⁵.

use std::cmp::Ordering;

/// `⌊(φ − 1) · 2¹²⁸⌋`, the fixed-point estimate of `1/φ`.
const INVERSE_PHI: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

/// The limbs of a [`Wide`] number.
const LIMBS: usize = 6;

/// A number of up to 384 bits, little-endian limbs: enough for `5·m²` with `m < 2¹²⁹`, and
/// for the squares of a-Wythoff's bounds (`n²(a² + 4)` with `n < 2¹²⁸`, `a < 2³²`).
pub(crate) type Wide = [u64; LIMBS];

pub(crate) fn wide(value: u128) -> Wide {
    let mut limbs = [0; LIMBS];
    limbs[0] = value as u64;
    limbs[1] = (value >> 64) as u64;
    limbs
}

/// `a · b`, for a product below 2³⁸⁴.
pub(crate) fn multiply(a: &Wide, b: &Wide) -> Wide {
    let mut product = [0u64; LIMBS];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &y) in b.iter().enumerate() {
            if i + j >= LIMBS {
                break;
            }
            let sum = u128::from(x) * u128::from(y) + u128::from(product[i + j]) + carry;
            product[i + j] = sum as u64;
            carry = sum >> 64;
        }
    }
    product
}

pub(crate) fn compare(a: &Wide, b: &Wide) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// `⌊k/φ⌋`, exactly, for every `k < 2¹²⁸`.
pub(crate) fn floor_over_phi(k: u128) -> u128 {
    // ⌊k · INVERSE_PHI / 2¹²⁸⌋ is at most one too small: the constant is within 2⁻¹²⁸ of
    // 1/φ, so the product is within k/2¹²⁸ < 1 of k/φ.
    let estimate = high_half_product(k, INVERSE_PHI);
    let next = estimate + 1;
    if at_most_k_over_phi(next, k) {
        next
    } else {
        estimate
    }
}

/// The high 128 bits of `a · b`.
pub(crate) fn high_half_product(a: u128, b: u128) -> u128 {
    let product = multiply(&wide(a), &wide(b));
    u128::from(product[2]) | u128::from(product[3]) << 64
}

/// Whether `m ≤ k/φ`, that is `m·φ ≤ k`, `m·√5 ≤ 2k − m`, `5m² ≤ (2k − m)²`.
fn at_most_k_over_phi(m: u128, k: u128) -> bool {
    // 2k − m as a 129-bit number.
    let mut twice_k = [0; LIMBS];
    twice_k[..3].copy_from_slice(&[(k << 1) as u64, (k >> 63) as u64, (k >> 127) as u64]);
    let Some(difference) = subtract(&twice_k, &wide(m)) else {
        return false;
    };
    let m_wide = wide(m);
    let five_m_squared = multiply(&multiply(&m_wide, &m_wide), &wide(5));
    compare(&five_m_squared, &multiply(&difference, &difference)) != Ordering::Greater
}

pub(crate) fn subtract(a: &Wide, b: &Wide) -> Option<Wide> {
    let mut result = [0u64; LIMBS];
    let mut borrow = false;
    for i in 0..LIMBS {
        let (partial, first) = a[i].overflowing_sub(b[i]);
        let (digit, second) = partial.overflowing_sub(u64::from(borrow));
        result[i] = digit;
        borrow = first || second;
    }
    (!borrow).then_some(result)
}

/// `a + b`, for a sum below 2³⁸⁴.
pub(crate) fn add(a: &Wide, b: &Wide) -> Wide {
    let mut sum = [0u64; LIMBS];
    let mut carry = false;
    for i in 0..LIMBS {
        let (partial, first) = a[i].overflowing_add(b[i]);
        let (digit, second) = partial.overflowing_add(u64::from(carry));
        sum[i] = digit;
        carry = first || second;
    }
    sum
}

/// Whether `a < φ·b`, that is `2a − b < √5·b`: `2a ≤ b`, or `(2a − b)² < 5b²`.
pub(crate) fn below_phi_times(a: u128, b: u128) -> bool {
    let twice_a = add(&wide(a), &wide(a));
    let Some(difference) = subtract(&twice_a, &wide(b)) else {
        return true;
    };
    let b_wide = wide(b);
    let five_b_squared = multiply(&multiply(&b_wide, &b_wide), &wide(5));
    compare(&multiply(&difference, &difference), &five_b_squared) == Ordering::Less
}
