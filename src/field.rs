//! The field of nimbers: nim-multiplication, and with it division, powers, square roots and
//! the quadratic equations of characteristic 2.
//!
//! Nimbers add by XOR, and Conway's nim-multiplication makes them a field: the numbers below
//! `2^(2^k)` form the finite field of that order, for every `k` (*On Numbers and Games*,
//! ch. 6). So [`Nimber`] (all of `u128`) is the field of order 2¹²⁸, and each unsigned width —
//! `u8`, `u16`, `u32`, `u64`, `u128` — is a subfield, closed under every operation here. The
//! functions of this module work on any of them; [`Nimber`] has the same as operators and
//! methods.
//!
//! ```
//! use impartial::{field, Nimber};
//!
//! assert_eq!(field::mul(2u8, 2), 3);
//! assert_eq!(field::mul(16u8, 16), 24);
//! let a = Nimber(0x8000_0000_0000_0000);
//! let b = Nimber(0x4000_0000_0000_0000);
//! assert_eq!(a * b, Nimber(0xb9c5_9257_c544_5713)); // the `nimber` crate's README
//! assert_eq!((a * b) / a, b);
//! ```
//!
//! # Laws
//!
//! For all `a`, `b`, `c` of one width: `a ⊗ b = b ⊗ a`; `(a ⊗ b) ⊗ c = a ⊗ (b ⊗ c)`;
//! `a ⊗ (b ⊕ c) = (a ⊗ b) ⊕ (a ⊗ c)`; `1 ⊗ a = a`; `a ⊗ a⁻¹ = 1` for `a ≠ 0`. Squaring is
//! additive, `(a ⊕ b)² = a² ⊕ b²` (the Frobenius map), so every nimber has exactly one square
//! root. `x² ⊕ x = a` has two solutions, `x` and `x ⊕ 1`, exactly when the trace of `a` is 0 —
//! in the field of order 2¹²⁸ that holds for every `a` below 2⁶⁴.
//!
//! # How it is fast
//!
//! The nimbers below `H²`, for `H` a Fermat 2-power `2^(2^k)`, are pairs `a₁·H ⊕ a₀` over
//! the nimbers below `H`, with `H ⊗ H = H ⊕ H/2`. A product of pairs takes three products
//! of halves (Karatsuba) and one by the constant `H/2`. Below 2¹⁶ a product is
//! `exp(log a + log b)` in tables of the cyclic group of order 65 535, built on first use:
//! 256 KiB of logarithms and 1 MiB of powers, of which products of nonzero halves read the
//! first 384 KiB — about 640 KiB a product's lookups range over, so its speed depends on how
//! much of that the core's L2 cache holds. Constants are folded into the logarithms: a
//! 64-bit product is 28 table lookups, no branches. Squares and square roots are additive maps, read from tables a
//! byte at a time. Measured in `cargo bench --bench nimbers` (see BENCHMARKS.md).
//!
//! [`Nimber`]: crate::Nimber

use std::ops::{Div, DivAssign, Mul, MulAssign};
use std::sync::OnceLock;

use crate::game::{HeapSize, Nimber};

/// The order of the multiplicative group of the nimbers below 2¹⁶.
const ORDER: usize = 65_535;

/// The stand-in logarithm of 0: past every sum of two logarithms and a constant's.
const ZERO_LOG: usize = 3 * ORDER;

/// The length of the power table, a power of two past every sum of two logarithms and a
/// constant's when any of them is [`ZERO_LOG`], so an index masked to it is in bounds.
const EXP_LEN: usize = 1 << 19;

/// Logarithms and powers of a generator of the nimbers below 2¹⁶, and the additive maps.
struct Tables {
    /// `log[x]` for `x ≠ 0`, and `log[0] = ZERO_LOG`.
    log: Box<[u32; 1 << 16]>,
    /// `exp[i] = g^i` for `i < ZERO_LOG = 3·ORDER`, so a sum of two logarithms and a
    /// constant's needs no reduction; 0 from `ZERO_LOG` on, so a zero factor, whose
    /// logarithm is `ZERO_LOG`, gives 0 without a branch.
    exp: Box<[u16; EXP_LEN]>,
    /// `square[k][v]`: the square of byte `v` at byte position `k` of a `u128`.
    square: Vec<[u128; 256]>,
    /// The same for the square root.
    sqrt: Vec<[u128; 256]>,
    /// A solution of `x² ⊕ x = a` for each byte of `a`, for `a` of trace 0.
    half: Vec<[u128; 256]>,
    /// The bits whose trace is 1: `trace(a)` is the parity of `a & trace_mask`.
    trace_mask: u128,
    /// `(2⁶³ ⊗ v·2^(8k))` for the 64-bit product's last step.
    times_top: Vec<[u64; 256]>,
    /// The logarithms of `h = 2¹⁵` and of `h²`, the constants of the 32- and 64-bit rules.
    log_h: usize,
    log_h2: usize,
}

#[inline]
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Self {
        let (log, exp) = Self::logarithms();
        let log_h = log[1 << 15] as usize;
        let mut tables = Tables {
            log,
            exp,
            square: Vec::new(),
            sqrt: Vec::new(),
            half: Vec::new(),
            trace_mask: 0,
            times_top: Vec::new(),
            log_h,
            log_h2: 2 * log_h % ORDER,
        };
        tables.times_top = (0..8)
            .map(|k| std::array::from_fn(|v| tables.mul64((v as u64) << (8 * k), 1 << 63)))
            .collect();
        let basis_square: Vec<u128> = (0..128)
            .map(|bit| tables.mul128(1 << bit, 1 << bit))
            .collect();
        tables.square = byte_tables(&basis_square);
        // The square root undoes squaring: in the field of order 2¹²⁸, √x = x^(2¹²⁷).
        let basis_sqrt: Vec<u128> = (0..128)
            .map(|bit| (0..127).fold(1u128 << bit, |x, _| tables.square128(x)))
            .collect();
        tables.sqrt = byte_tables(&basis_sqrt);
        // trace(x) = x ⊕ x² ⊕ x⁴ ⊕ … ⊕ x^(2¹²⁷), 0 or 1.
        tables.trace_mask = (0..128)
            .filter(|&bit| {
                let mut x = 1u128 << bit;
                let mut trace = 0;
                for _ in 0..128 {
                    trace ^= x;
                    x = tables.square128(x);
                }
                trace == 1
            })
            .fold(0, |mask, bit| mask | 1 << bit);
        tables.half = byte_tables(&tables.quadratic_basis());
        tables
    }

    /// Powers and logarithms of a generator of the multiplicative group below 2¹⁶, found
    /// with products built from a table of the nimbers below 2⁸ (itself by the tower rule).
    fn logarithms() -> (Box<[u32; 1 << 16]>, Box<[u16; EXP_LEN]>) {
        let product8: Vec<u8> = (0..1 << 16)
            .map(|i: u32| tower_mul(u128::from(i >> 8), u128::from(i & 0xff), 8) as u8)
            .collect();
        let mul8 = |a: u8, b: u8| product8[usize::from(a) << 8 | usize::from(b)];
        // The tower rule once more: (a₁·2⁸ ⊕ a₀)(b₁·2⁸ ⊕ b₀) with 2⁸ ⊗ 2⁸ = 2⁸ ⊕ 2⁷.
        let mul16 = |a: u16, b: u16| {
            let (a0, a1, b0, b1) = (a as u8, (a >> 8) as u8, b as u8, (b >> 8) as u8);
            let low = mul8(a0, b0);
            let high = mul8(a0 ^ a1, b0 ^ b1) ^ low;
            u16::from(high) << 8 | u16::from(low ^ mul8(mul8(a1, b1), 1 << 7))
        };
        let pow16 = |mut base: u16, mut exponent: u32| {
            let mut power = 1u16;
            while exponent > 0 {
                if exponent & 1 == 1 {
                    power = mul16(power, base);
                }
                base = mul16(base, base);
                exponent >>= 1;
            }
            power
        };
        // An element of order 65 535 = 3·5·17·257 has no power 65 535/p equal to 1.
        let generator = (2u16..=u16::MAX)
            .find(|&g| {
                [3u32, 5, 17, 257]
                    .iter()
                    .all(|&p| pow16(g, 65_535 / p) != 1)
            })
            .expect("the multiplicative group of a finite field is cyclic");
        let mut exp: Box<[u16; EXP_LEN]> = vec![0u16; EXP_LEN]
            .into_boxed_slice()
            .try_into()
            .expect("the length is EXP_LEN");
        let mut log: Box<[u32; 1 << 16]> = vec![ZERO_LOG as u32; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("the length is 2¹⁶");
        let mut power = 1u16;
        for i in 0..ORDER {
            exp[i] = power;
            log[usize::from(power)] = i as u32;
            power = mul16(power, generator);
        }
        for i in ORDER..ZERO_LOG {
            exp[i] = exp[i - ORDER];
        }
        (log, exp)
    }

    /// For each bit of `a`, a solution of `x² ⊕ x = e`: by Gaussian elimination of the
    /// additive map `x ↦ x² ⊕ x`, whose kernel is {0, 1} and whose image is the trace-0
    /// half. A basis vector of trace 1 gets a solution for itself plus an element of trace
    /// 1 fixed once, so the table is additive on the trace-0 half.
    fn quadratic_basis(&self) -> Vec<u128> {
        // Rows: (image, preimage) pairs, reduced to an echelon form on the image.
        let mut rows: Vec<(u128, u128)> = Vec::new();
        for bit in 0..128 {
            let x = 1u128 << bit;
            let mut image = self.square128(x) ^ x;
            let mut preimage = x;
            for &(row_image, row_preimage) in &rows {
                if image ^ row_image < image {
                    image ^= row_image;
                    preimage ^= row_preimage;
                }
            }
            if image != 0 {
                rows.push((image, preimage));
                rows.sort_unstable_by_key(|&(image, _)| std::cmp::Reverse(image));
            }
        }
        let solve = |mut target: u128| {
            let mut solution = 0;
            for &(image, preimage) in &rows {
                if target ^ image < target {
                    target ^= image;
                    solution ^= preimage;
                }
            }
            (target == 0).then_some(solution)
        };
        let odd = (0..128)
            .map(|bit| 1u128 << bit)
            .find(|&e| (e & self.trace_mask).count_ones() % 2 == 1)
            .expect("the trace is not identically 0");
        (0..128)
            .map(|bit| {
                let e = 1u128 << bit;
                let target = if (e & self.trace_mask).count_ones() % 2 == 1 {
                    e ^ odd
                } else {
                    e
                };
                solve(target).expect("every element of trace 0 is x² ⊕ x for some x")
            })
            .collect()
    }

    #[inline]
    fn log(&self, x: u16) -> usize {
        self.log[usize::from(x)] as usize
    }

    /// `g^l`, or 0 if `l` is a sum with [`ZERO_LOG`] in it.
    #[inline]
    fn exp(&self, l: usize) -> u16 {
        self.exp[l & (EXP_LEN - 1)]
    }

    #[inline]
    fn mul16(&self, a: u16, b: u16) -> u16 {
        self.exp(self.log(a) + self.log(b))
    }

    /// The product of nimbers below 2³²: `a = a₀ ⊕ a₁·α` with `α = 2¹⁶`, `α² = α ⊕ 2¹⁵`.
    #[inline]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a0, a1) = (a as u16, (a >> 16) as u16);
        let (b0, b1) = (b as u16, (b >> 16) as u16);
        let (sa, sb) = (a0 ^ a1, b0 ^ b1);
        let m0 = self.exp(self.log(a0) + self.log(b0));
        let hm1 = self.exp(self.log(a1) + self.log(b1) + self.log_h);
        let m2 = self.exp(self.log(sa) + self.log(sb));
        u32::from(m0 ^ hm1) | u32::from(m2 ^ m0) << 16
    }

    /// The product of nimbers below 2⁶⁴: `a = A₀ ⊕ A₁·β` with `β = 2³²`, `β² = β ⊕ 2¹⁵·α`,
    /// each half as in [`mul32`](Self::mul32), and the constants in the logarithms.
    #[inline]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let [a0, a1, a2, a3] = quarters(a);
        let [b0, b1, b2, b3] = quarters(b);
        // The components whose products are needed, and their logarithms.
        let xs = [
            a0,
            a1,
            a0 ^ a1,
            a2,
            a3,
            a2 ^ a3,
            a0 ^ a2,
            a1 ^ a3,
            a0 ^ a1 ^ a2 ^ a3,
        ];
        let ys = [
            b0,
            b1,
            b0 ^ b1,
            b2,
            b3,
            b2 ^ b3,
            b0 ^ b2,
            b1 ^ b3,
            b0 ^ b1 ^ b2 ^ b3,
        ];
        let term =
            |i: usize, constant: usize| self.exp(self.log(xs[i]) + self.log(ys[i]) + constant);
        // M0 = A₀B₀: q0 ⊕ h·q1, and q2 ⊕ q0 (Karatsuba).
        let (q0, q1_times_h, q2) = (term(0, 0), term(1, self.log_h), term(2, 0));
        // M1·(2¹⁵·α) with M1 = A₁B₁: [h²p2 ⊕ h²p0] and [h²p1 ⊕ h·p2].
        let (p0_times_h2, p1_times_h2) = (term(3, self.log_h2), term(4, self.log_h2));
        let (p2_times_h2, p2_times_h) = (term(5, self.log_h2), term(5, self.log_h));
        // M2 = (A₀ ⊕ A₁)(B₀ ⊕ B₁).
        let (r0, r1_times_h, r2) = (term(6, 0), term(7, self.log_h), term(8, 0));
        let c0 = q0 ^ q1_times_h ^ p2_times_h2 ^ p0_times_h2;
        let c1 = q2 ^ q0 ^ p1_times_h2 ^ p2_times_h;
        let c2 = r0 ^ r1_times_h ^ q0 ^ q1_times_h;
        let c3 = r2 ^ r0 ^ q2 ^ q0;
        u64::from(c0) | u64::from(c1) << 16 | u64::from(c2) << 32 | u64::from(c3) << 48
    }

    /// `x ⊗ 2⁶³`, for `x` below 2⁶⁴: an additive map, a byte at a time.
    #[inline]
    fn times_top(&self, x: u64) -> u64 {
        x.to_le_bytes()
            .iter()
            .zip(&self.times_top)
            .fold(0, |product, (&byte, table)| {
                product ^ table[usize::from(byte)]
            })
    }

    /// The product of nimbers: `a = A₀ ⊕ A₁·γ` with `γ = 2⁶⁴`, `γ² = γ ⊕ 2⁶³`.
    #[inline]
    fn mul128(&self, a: u128, b: u128) -> u128 {
        let (a0, a1) = (a as u64, (a >> 64) as u64);
        let (b0, b1) = (b as u64, (b >> 64) as u64);
        if a1 == 0 && b1 == 0 {
            return u128::from(self.mul64(a0, b0));
        }
        let m0 = self.mul64(a0, b0);
        let m1 = self.mul64(a1, b1);
        let m2 = self.mul64(a0 ^ a1, b0 ^ b1);
        u128::from(m0 ^ self.times_top(m1)) | u128::from(m2 ^ m0) << 64
    }

    /// An additive map given by its byte tables.
    #[inline]
    fn additive(x: u128, tables: &[[u128; 256]]) -> u128 {
        x.to_le_bytes()
            .iter()
            .zip(tables)
            .fold(0, |image, (&byte, table)| image ^ table[usize::from(byte)])
    }

    fn square128(&self, x: u128) -> u128 {
        if self.square.is_empty() {
            self.mul128(x, x)
        } else {
            Self::additive(x, &self.square)
        }
    }

    /// The inverse of a nonzero nimber below 2¹⁶.
    fn inverse16(&self, a: u16) -> u16 {
        self.exp[(ORDER - self.log(a)) % ORDER]
    }

    /// The inverse of a nonzero nimber of `2·half` bits, by the norm down to the subfield:
    /// for `a = a₁·H ⊕ a₀`, `a⁻¹ = (a₁·H ⊕ a₀ ⊕ a₁) ⊗ N⁻¹` with `N = a₁²·(H/2) ⊕ a₀² ⊕ a₀a₁`.
    fn inverse(&self, a: u128, bits: u32) -> u128 {
        if bits <= 16 {
            return u128::from(self.inverse16(a as u16));
        }
        let half = bits / 2;
        let low = (1u128 << half) - 1;
        let (a0, a1) = (a & low, a >> half);
        let mul = |x: u128, y: u128| self.mul_bits(x, y, half);
        let h = 1u128 << (half - 1);
        let norm = mul(mul(a1, a1), h) ^ mul(a0, a0) ^ mul(a0, a1);
        let norm_inverse = self.inverse(norm, half);
        mul(a1, norm_inverse) << half | mul(a0 ^ a1, norm_inverse)
    }

    /// The product of nimbers below `2^bits`.
    #[inline]
    fn mul_bits(&self, a: u128, b: u128, bits: u32) -> u128 {
        match bits {
            0..=16 => u128::from(self.mul16(a as u16, b as u16)),
            17..=32 => u128::from(self.mul32(a as u32, b as u32)),
            33..=64 => u128::from(self.mul64(a as u64, b as u64)),
            _ => self.mul128(a, b),
        }
    }
}

/// The four 16-bit components of `x`, least significant first.
#[inline]
fn quarters(x: u64) -> [u16; 4] {
    [
        x as u16,
        (x >> 16) as u16,
        (x >> 32) as u16,
        (x >> 48) as u16,
    ]
}

/// Byte tables of the additive map with images `basis[bit]`.
fn byte_tables(basis: &[u128]) -> Vec<[u128; 256]> {
    (0..16)
        .map(|k| {
            std::array::from_fn(|v| {
                (0..8)
                    .filter(|bit| v >> bit & 1 == 1)
                    .fold(0, |image, bit| image ^ basis[8 * k + bit])
            })
        })
        .collect()
}

/// The product of nimbers below `2^bits` (`bits` a power of two) by the tower rule
/// `(a₁H ⊕ a₀)(b₁H ⊕ b₀) = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)·H ⊕ a₁b₁·(H/2) ⊕ a₀b₀`.
fn tower_mul(a: u128, b: u128, bits: u32) -> u128 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let low = (1u128 << half) - 1;
    let (a0, a1, b0, b1) = (a & low, a >> half, b & low, b >> half);
    let high = tower_mul(a1, b1, half);
    let middle = tower_mul(a0 ^ a1, b0 ^ b1, half) ^ tower_mul(a0, b0, half);
    middle << half | tower_mul(high, 1 << (half - 1), half) ^ tower_mul(a0, b0, half)
}

fn to_u128<T: HeapSize>(value: T) -> u128 {
    crate::game::to_u128(value)
}

/// A nimber of `T`'s width back into `T`: every result here stays in the subfield its
/// operands came from.
fn narrow<T: HeapSize>(value: u128) -> T {
    T::from(value).expect("the nimbers of one width are closed under the field operations")
}

fn width<T: HeapSize>() -> u32 {
    T::zero().count_zeros()
}

/// The nim-product `a ⊗ b`.
///
/// Computes in **O(1)**: 28 table lookups for 64-bit operands, three such products for
/// 128-bit ones; the first call builds the tables (a few milliseconds).
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::mul(2u8, 3), 1);   // 2 and 3 are inverses in the field of order 4
/// assert_eq!(field::mul(8u8, 8), 13);
/// assert_eq!(field::mul(1u64 << 32, 1u64 << 32), 3 << 31); // 2³² ⊗ 2³² = 2³² ⊕ 2³¹
/// ```
#[must_use]
pub fn mul<T: HeapSize>(a: T, b: T) -> T {
    narrow(tables().mul_bits(to_u128(a), to_u128(b), width::<T>()))
}

/// The nim-square `a ⊗ a`: an additive map, `(a ⊕ b)² = a² ⊕ b²`.
///
/// Computes in **O(1)**: a table lookup per byte.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::square(2u8), 3);
/// assert_eq!(field::square(5u8 ^ 9), field::square(5u8) ^ field::square(9));
/// ```
#[must_use]
pub fn square<T: HeapSize>(a: T) -> T {
    narrow(Tables::additive(to_u128(a), &tables().square))
}

/// `a` raised to the power `exponent` (`a⁰ = 1`, also for `a = 0`), by squaring and
/// multiplying.
///
/// Computes in **O(log exponent)** products.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// // The field of order 2⁸ has a multiplicative group of order 255.
/// assert_eq!(field::pow(7u8, 255), 1);
/// assert_eq!(field::pow(7u8, 3), field::mul(7, field::mul(7, 7)));
/// assert_eq!(field::pow(0u8, 0), 1);
/// ```
#[must_use]
pub fn pow<T: HeapSize>(a: T, exponent: u128) -> T {
    let tables = tables();
    let bits = width::<T>();
    let (mut base, mut exponent, mut power) = (to_u128(a), exponent, 1u128);
    while exponent > 0 {
        if exponent & 1 == 1 {
            power = tables.mul_bits(power, base, bits);
        }
        base = Tables::additive(base, &tables.square);
        exponent >>= 1;
    }
    narrow(power)
}

/// The inverse of `a` under nim-multiplication, `None` for 0.
///
/// Computes in **O(1)**: the norm down to the subfield of half the width, level by level,
/// then a table at 16 bits — about five products of each smaller width.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::inverse(2u8), Some(3));
/// assert_eq!(field::inverse(0u64), None);
/// let a = 0x0123_4567_89ab_cdefu64;
/// assert_eq!(field::mul(a, field::inverse(a).unwrap()), 1);
/// ```
#[must_use]
pub fn inverse<T: HeapSize>(a: T) -> Option<T> {
    let a = to_u128(a);
    (a != 0).then(|| narrow(tables().inverse(a, width::<T>())))
}

/// `a ⊘ b = a ⊗ b⁻¹`, `None` when `b` is 0.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::div(1u8, 3), Some(2));
/// assert_eq!(field::div(5u32, 0), None);
/// ```
#[must_use]
pub fn div<T: HeapSize>(a: T, b: T) -> Option<T> {
    inverse(b).map(|inverse| mul(a, inverse))
}

/// The square root of `a`: the one `x` with `x ⊗ x = a` (squaring is a bijection in
/// characteristic 2), in the same width.
///
/// Computes in **O(1)**: a table lookup per byte.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::sqrt(3u8), 2);
/// let x = field::sqrt(123_456_789u64);
/// assert_eq!(field::square(x), 123_456_789);
/// ```
#[must_use]
pub fn sqrt<T: HeapSize>(a: T) -> T {
    narrow(Tables::additive(to_u128(a), &tables().sqrt))
}

/// The solutions of `x² ⊕ x = a` in `a`'s width, `x` and `x ⊕ 1`, the smaller first; `None`
/// where there are none.
///
/// In the field of order 2¹²⁸ they exist exactly when the trace of `a`,
/// `a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2¹²⁷)`, is 0 — for every `a` below 2⁶⁴, whose roots then lie below
/// 2¹²⁸ but not always below 2⁶⁴ (as the nimbers are built, `x² ⊕ x = 2^(2^k − 1)` is solved
/// by `2^(2^k)`, the next Fermat 2-power).
///
/// Computes in **O(1)**: a table lookup per byte.
///
/// # Examples
///
/// ```
/// use impartial::field;
///
/// assert_eq!(field::quadratic_roots(1u8), Some([2, 3])); // 2 ⊗ 2 = 3 = 2 ⊕ 1
/// assert_eq!(field::quadratic_roots(1u128 << 63), Some([1 << 64, 1 << 64 | 1]));
/// assert_eq!(field::quadratic_roots(1u64 << 63), None); // its roots are 2⁶⁴ and 2⁶⁴ ⊕ 1
/// ```
#[must_use]
pub fn quadratic_roots<T: HeapSize>(a: T) -> Option<[T; 2]> {
    let tables = tables();
    let a = to_u128(a);
    if (a & tables.trace_mask).count_ones() % 2 == 1 {
        return None;
    }
    let root = Tables::additive(a, &tables.half) & !1;
    let fits = width::<T>() == 128 || root >> width::<T>() == 0;
    fits.then(|| [narrow(root), narrow(root | 1)])
}

/// Nim-multiplication: the field of order 2¹²⁸ (see the [`field`](crate::field) module).
impl Mul for Nimber {
    type Output = Nimber;

    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
    /// assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
    /// ```
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// let mut x = Nimber(4);
    /// x *= Nimber(4);
    /// assert_eq!(x, Nimber(6));
    /// ```
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Div for Nimber {
    type Output = Nimber;

    /// `self ⊗ rhs⁻¹`.
    ///
    /// # Panics
    ///
    /// If `rhs` is `*0`; [`Nimber::checked_div`] returns `None` instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(1) / Nimber(2), Nimber(3));
    /// ```
    ///
    /// ```should_panic
    /// use impartial::Nimber;
    ///
    /// let _ = Nimber(1) / Nimber(0);
    /// ```
    #[track_caller]
    fn div(self, rhs: Nimber) -> Nimber {
        match self.checked_div(rhs) {
            Some(quotient) => quotient,
            None => panic!("division by the nimber *0"),
        }
    }
}

impl DivAssign for Nimber {
    /// # Panics
    ///
    /// If `rhs` is `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// let mut x = Nimber(6);
    /// x /= Nimber(4);
    /// assert_eq!(x, Nimber(4));
    /// ```
    #[track_caller]
    fn div_assign(&mut self, rhs: Nimber) {
        *self = *self / rhs;
    }
}

impl Nimber {
    /// `self ⊗ self`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(4).square(), Nimber(6));
    /// ```
    #[must_use]
    pub fn square(self) -> Nimber {
        Nimber(square(self.0))
    }

    /// `self` raised to the power `exponent`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(2).pow(3), Nimber(1)); // 2 generates the group of order 3
    /// ```
    #[must_use]
    pub fn pow(self, exponent: u128) -> Nimber {
        Nimber(pow(self.0, exponent))
    }

    /// The inverse under nim-multiplication.
    ///
    /// # Panics
    ///
    /// If `self` is `*0`; [`checked_inverse`](Self::checked_inverse) returns `None` instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(3).inverse(), Nimber(2));
    /// ```
    #[must_use]
    #[track_caller]
    pub fn inverse(self) -> Nimber {
        match self.checked_inverse() {
            Some(inverse) => inverse,
            None => panic!("the nimber *0 has no inverse"),
        }
    }

    /// The inverse under nim-multiplication, `None` for `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(0).checked_inverse(), None);
    /// assert_eq!(Nimber(8).checked_inverse().map(|x| x * Nimber(8)), Some(Nimber(1)));
    /// ```
    #[must_use]
    pub fn checked_inverse(self) -> Option<Nimber> {
        inverse(self.0).map(Nimber)
    }

    /// `self ⊗ rhs⁻¹`, `None` when `rhs` is `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// assert_eq!(Nimber(5).checked_div(Nimber(0)), None);
    /// assert_eq!(Nimber(5).checked_div(Nimber(1)), Some(Nimber(5)));
    /// ```
    #[must_use]
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        div(self.0, rhs.0).map(Nimber)
    }

    /// The square root: the one `x` with `x ⊗ x = self`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// // Anders Kaseorg's Haskell `nimber` package: sqrt 123456789 = *98433322.
    /// assert_eq!(Nimber(123_456_789).sqrt(), Nimber(98_433_322));
    /// ```
    #[must_use]
    pub fn sqrt(self) -> Nimber {
        Nimber(sqrt(self.0))
    }

    /// The solutions of `x² ⊕ x = self`, the smaller first, or `None` (see
    /// [`field::quadratic_roots`](crate::field::quadratic_roots)).
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::Nimber;
    ///
    /// let [x, y] = Nimber(7).quadratic_roots().expect("7 is below 2⁶⁴");
    /// assert_eq!(x.square() ^ x, Nimber(7));
    /// assert_eq!(y, x ^ Nimber(1));
    /// ```
    #[must_use]
    pub fn quadratic_roots(self) -> Option<[Nimber; 2]> {
        quadratic_roots(self.0).map(|roots| roots.map(Nimber))
    }
}
