//! Exact arithmetic with the golden ratio φ = (1 + √5)/2 on integers up to `u128::MAX`:
//! no floating point, whose 53 bits go wrong beyond about 10¹⁵.

use std::cmp::Ordering;

/// `⌊(φ − 1) · 2¹²⁸⌋`, the fixed-point estimate of `1/φ`.
const INVERSE_PHI: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

/// A number of up to 320 bits, little-endian limbs: enough for `5·m²` with `m < 2¹²⁹`.
type Wide = [u64; 5];

fn wide(value: u128) -> Wide {
    [value as u64, (value >> 64) as u64, 0, 0, 0]
}

/// `a · b` for `a, b < 2¹⁶⁰`.
fn multiply(a: &Wide, b: &Wide) -> Wide {
    let mut product = [0u64; 5];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &y) in b.iter().enumerate() {
            if i + j >= 5 {
                break;
            }
            let sum = u128::from(x) * u128::from(y) + u128::from(product[i + j]) + carry;
            product[i + j] = sum as u64;
            carry = sum >> 64;
        }
    }
    product
}

fn compare(a: &Wide, b: &Wide) -> Ordering {
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
    let twice_k = [(k << 1) as u64, (k >> 63) as u64, (k >> 127) as u64, 0, 0];
    let Some(difference) = subtract(&twice_k, &wide(m)) else {
        return false;
    };
    let m_wide = wide(m);
    let five_m_squared = multiply(&multiply(&m_wide, &m_wide), &[5, 0, 0, 0, 0]);
    compare(&five_m_squared, &multiply(&difference, &difference)) != Ordering::Greater
}

fn subtract(a: &Wide, b: &Wide) -> Option<Wide> {
    let mut result = [0u64; 5];
    let mut borrow = false;
    for i in 0..5 {
        let (partial, first) = a[i].overflowing_sub(b[i]);
        let (digit, second) = partial.overflowing_sub(u64::from(borrow));
        result[i] = digit;
        borrow = first || second;
    }
    (!borrow).then_some(result)
}
