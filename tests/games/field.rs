//! Nim-arithmetic against its definition and its laws: every product below 256 against the
//! plain twin in `reference` (itself checked against the mex definition), random products of
//! every width against the twin and against the `nimber` crate, the field laws on random
//! values of every width, and values published elsewhere.

use crate::reference;

use impartial::{HeapSize, Nimber, field};
use nimber::FiniteNimber;
use proptest::prelude::*;

/// Published values: 2 ⊗ 2 = 3 and 16 ⊗ 16 = 24 (*On Numbers and Games*, ch. 6; *Winning
/// Ways*, ch. 14); 2⁶³ ⊗ 2⁶² = 0xb9c59257c5445713 (the `nimber` crate's README, Simon
/// Tatham); √123456789 = 98433322 (Anders Kaseorg's Haskell package `nimber`).
#[test]
fn published_values() {
    assert_eq!(field::mul(2u8, 2), 3);
    assert_eq!(field::mul(16u8, 16), 24);
    assert_eq!(field::mul(1u64 << 63, 1 << 62), 0xb9c5_9257_c544_5713);
    assert_eq!(field::sqrt(123_456_789u32), 98_433_322);
    assert_eq!(
        Nimber(1 << 63) * Nimber(1 << 62),
        Nimber(0xb9c5_9257_c544_5713)
    );
}

#[test]
fn the_reference_agrees_with_the_definition_below_32() {
    let table = reference::nim_mul_table_by_definition(32);
    for (a, row) in table.iter().enumerate() {
        for (b, &product) in row.iter().enumerate() {
            assert_eq!(
                reference::nim_mul(a as u128, b as u128),
                u128::from(product),
                "{a} ⊗ {b}"
            );
        }
    }
}

/// Every product of nimbers below 256, in every width (each width has its own fast path).
#[test]
fn every_product_below_256_agrees_with_the_reference() {
    for a in 0..256u32 {
        for b in 0..256u32 {
            let expected = reference::nim_mul(u128::from(a), u128::from(b));
            assert_eq!(u128::from(field::mul(a as u8, b as u8)), expected);
            assert_eq!(u128::from(field::mul(a as u16, b as u16)), expected);
            assert_eq!(u128::from(field::mul(a, b)), expected);
            assert_eq!(u128::from(field::mul(u64::from(a), u64::from(b))), expected);
            assert_eq!(
                field::mul(u128::from(a), u128::from(b)),
                expected,
                "{a} ⊗ {b}"
            );
        }
    }
}

/// The field laws, the inverse, the square root and the quadratic equation on random values
/// of one width.
fn check_laws<T: HeapSize>(a: T, b: T, c: T, e: u128) -> Result<(), TestCaseError> {
    let (zero, one) = (T::zero(), T::one());
    let mul = field::mul::<T>;
    prop_assert_eq!(mul(a, b), mul(b, a));
    prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
    prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
    prop_assert_eq!(mul(a, one), a);
    prop_assert_eq!(mul(a, zero), zero);
    prop_assert_eq!(field::square(a), mul(a, a));
    prop_assert_eq!(field::square(a ^ b), field::square(a) ^ field::square(b));
    prop_assert_eq!(field::square(field::sqrt(a)), a);
    prop_assert_eq!(field::sqrt(field::square(a)), a);
    match field::inverse(a) {
        Some(inverse) => {
            prop_assert!(a != zero);
            prop_assert_eq!(mul(a, inverse), one);
            prop_assert_eq!(field::div(mul(b, a), a), Some(b));
        }
        None => prop_assert_eq!(a, zero),
    }
    // Powers: a^(e + 1) = a^e ⊗ a, and the group's order (2^bits − 1) brings back 1.
    prop_assert_eq!(field::pow(a, e + 1), mul(field::pow(a, e), a));
    let bits = T::zero().count_zeros();
    let order = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    if a != zero {
        prop_assert_eq!(field::pow(a, order), one);
    }
    // x² ⊕ x = a: both roots solve it, or there is none in this width.
    match field::quadratic_roots(a) {
        Some([root, other]) => {
            prop_assert_eq!(other, root ^ one);
            prop_assert_eq!(field::square(root) ^ root, a);
            prop_assert_eq!(field::square(other) ^ other, a);
        }
        None => {
            // Then its roots in the field of order 2¹²⁸ lie outside this width, or the trace
            // of `a` there is 1.
            let wide = field::quadratic_roots(reference_wide(a));
            if let Some([root, _]) = wide {
                prop_assert!(bits < 128 && root >> bits != 0, "{:?}", root);
            }
        }
    }
    Ok(())
}

fn reference_wide<T: HeapSize>(a: T) -> u128 {
    a.to_u128().expect("every heap size fits in u128")
}

macro_rules! width_tests {
    ($module:ident, $width:ty) => {
        mod $module {
            use super::*;

            proptest! {
                #[test]
                fn the_field_laws_hold(
                    a in any::<$width>(),
                    b in any::<$width>(),
                    c in any::<$width>(),
                    e in any::<u128>(),
                ) {
                    check_laws(a, b, c, e)?;
                }

                #[test]
                fn products_agree_with_the_reference(a in any::<$width>(), b in any::<$width>()) {
                    let expected = reference::nim_mul(reference_wide(a), reference_wide(b));
                    prop_assert_eq!(reference_wide(field::mul(a, b)), expected);
                }
            }
        }
    };
}

width_tests!(width_u8, u8);
width_tests!(width_u16, u16);
width_tests!(width_u32, u32);
width_tests!(width_u64, u64);
width_tests!(width_u128, u128);
width_tests!(width_usize, usize);

fn finite(value: u128) -> FiniteNimber {
    FiniteNimber::from(&[value as u64, (value >> 64) as u64][..])
}

fn wide(value: &FiniteNimber) -> u128 {
    value
        .as_slice()
        .iter()
        .rev()
        .fold(0, |wide, &word| wide << 64 | u128::from(word))
}

proptest! {
    /// The `nimber` crate computes the same products, inverses and square roots.
    #[test]
    fn the_nimber_crate_agrees(a in any::<u128>(), b in any::<u128>(), narrow in any::<bool>()) {
        let (a, b) = if narrow { (a & u128::from(u64::MAX), b & u128::from(u64::MAX)) } else { (a, b) };
        let (x, y) = (finite(a), finite(b));
        prop_assert_eq!(field::mul(a, b), wide(&(&x * &y)));
        prop_assert_eq!(field::inverse(a), x.inverse().map(|inverse| wide(&inverse)));
        prop_assert_eq!(field::sqrt(a), wide(&x.sqrt()));
        prop_assert_eq!(Nimber(a) * Nimber(b), Nimber(wide(&(&x * &y))));
    }
}

/// The Fermat 2-powers solve `x² ⊕ x = 2^(2^k − 1)`, the rule the nimbers are built by.
#[test]
fn the_fermat_two_powers_solve_the_tower_equations() {
    for k in 0..7 {
        let fermat = 1u128 << (1 << k);
        let roots = field::quadratic_roots(fermat >> 1);
        assert_eq!(roots, Some([fermat, fermat | 1]), "k = {k}");
    }
    // 2¹²⁷ has trace 1 in the field of order 2¹²⁸: its roots lie beyond it.
    assert_eq!(field::quadratic_roots(1u128 << 127), None);
    assert_eq!(Nimber(1 << 127).quadratic_roots(), None);
}

#[test]
fn zero_has_no_inverse() {
    assert_eq!(field::inverse(0u8), None);
    assert_eq!(field::div(1u128, 0), None);
    assert_eq!(Nimber(0).checked_inverse(), None);
    assert_eq!(Nimber(7).checked_div(Nimber(0)), None);
    assert!(std::panic::catch_unwind(|| Nimber(1) / Nimber(0)).is_err());
}
