//! A take-and-break code as text: read into rules, and written back in the standard form.
//!
//! A digit is a hexadecimal character (bits 1, 2, 4, 8: a move may leave no heap, one, two,
//! three) or `{…}`, the numbers of heaps a move may leave listed (`{0,1}` is 3), any of them
//! past three and `k+` for every count from `k` on (`{2+}`: two heaps or more). A modifier
//! after a digit restricts its splits into two and three heaps: `!` all different, `?` not
//! all equal, `=` all equal.

use crate::games::octal::{
    Base, CodeError, MAX_DIGITS, digit_char, parse_code_with, rules_with_shapes,
};
use crate::heap::{HeapCounts, HeapRules, SplitShapes};

/// The rules of `code`.
pub(super) fn parse(code: &str) -> Result<HeapRules, CodeError> {
    let (expanded, origin, many) = expand_braces(code)?;
    let at = |position: usize| origin.get(position).copied().unwrap_or(position);
    parse_expanded(&expanded, &many).map_err(|error| match error {
        CodeError::InvalidDigit { position, found } => CodeError::InvalidDigit {
            position: at(position),
            found,
        },
        CodeError::UnsupportedModifier { position, found } => CodeError::UnsupportedModifier {
            position: at(position),
            found,
        },
        CodeError::ModifierWithoutSplit { position } => CodeError::ModifierWithoutSplit {
            position: at(position),
        },
        CodeError::ModifierOnManyHeaps { position } => CodeError::ModifierOnManyHeaps {
            position: at(position),
        },
        other => other,
    })
}

/// The digits `d0, d1, …` of the rules' code (at least two; splits into four heaps or more
/// are not among their bits), or `None` if a move takes more than [`MAX_DIGITS`] counters.
pub(super) fn digits(rules: &HeapRules) -> Option<Vec<u8>> {
    let reach = usize::try_from(rules.reach()).ok()?;
    if reach > MAX_DIGITS {
        return None;
    }
    let mut digits = vec![0u8; reach.max(1) + 1];
    let lists = [
        (rules.taken_whole(), 1),
        (rules.taken_leaving_one(), 2),
        (rules.taken_leaving_two(), 4),
        (rules.taken_leaving_three(), 8),
    ];
    for (amounts, bit) in lists {
        for &amount in amounts {
            digits[amount as usize] |= bit;
        }
    }
    Some(digits)
}

/// The rules' code in the standard form, or `None` if a move takes more than
/// [`MAX_DIGITS`] counters or a digit's splits have shapes no one modifier names.
pub(super) fn write(rules: &HeapRules) -> Option<String> {
    let digits = digits(rules)?;
    let two = by_amount(rules.taken_leaving_two(), rules.leaving_two_shapes());
    let three = by_amount(rules.taken_leaving_three(), rules.leaving_three_shapes());
    let many = by_amount(rules.taken_leaving_many(), rules.leaving_many_counts());
    let mut code = String::new();
    for (amount, &digit) in digits.iter().enumerate() {
        let amount = amount as u64;
        let modifier = digit_modifier(two(amount), three(amount))?;
        match many(amount) {
            // No modifier may follow a digit that splits into four heaps or more.
            Some(_) if !modifier.is_empty() => return None,
            Some(counts) => code.push_str(&braces(digit, counts)),
            None => code.push(digit_char(digit)),
        }
        code.push_str(modifier);
        if amount == 0 {
            code.push('.');
        }
    }
    Some(code)
}

/// A digit that also splits into four heaps or more, as `{…}`: "every count from k on"
/// reaching down as far as the digit's own counts go (`{2+}`, not `{2,3,4+}`).
fn braces(digit: u8, counts: HeapCounts) -> String {
    let mut from = counts.from();
    while let Some(f) = from.filter(|&f| (1..=4).contains(&f) && digit >> (f - 1) & 1 == 1) {
        from = Some(f - 1);
    }
    let below = from.map_or(4, |f| f.min(4));
    let mut listed: Vec<String> = (0..below)
        .filter(|heaps| digit >> heaps & 1 == 1)
        .map(|heaps| heaps.to_string())
        .collect();
    listed.extend(counts.listed().map(|count| count.to_string()));
    if let Some(from) = from {
        listed.push(format!("{from}+"));
    }
    format!("{{{}}}", listed.join(","))
}

/// What each amount of `amounts` has in `of` (the same order), `None` for the others.
fn by_amount<'r, T: Copy>(amounts: &'r [u64], of: &'r [T]) -> impl Fn(u64) -> Option<T> + 'r {
    move |amount| {
        let at = amounts.binary_search(&amount).ok()?;
        Some(of[at])
    }
}

/// The one modifier after a digit whose splits into two and three heaps have these shapes
/// (`None` for a split it does not make), or `None` if no modifier says both.
fn digit_modifier(two: Option<SplitShapes>, three: Option<SplitShapes>) -> Option<&'static str> {
    [
        (SplitShapes::ANY, ""),
        (SplitShapes::UNEQUAL, "!"),
        (SplitShapes::NOT_ALL_EQUAL, "?"),
        (SplitShapes::ALL_EQUAL, "="),
    ]
    .into_iter()
    .find(|&(named, _)| {
        two.is_none_or(|two| named.for_heaps(2) == two) && three.is_none_or(|three| named == three)
    })
    .map(|(_, modifier)| modifier)
}

/// A code with its digits in braces replaced (see [`expand_braces`]), where each character
/// was, and the counts past three of the digits that had them.
type Expanded = (String, Vec<usize>, Vec<(usize, HeapCounts)>);

/// A code with its digits in braces read: the code with each replaced by the hexadecimal
/// digit of its counts up to three, where each character of the result was in `code`, and
/// the counts past three of each such digit (by its character's place in the result).
fn expand_braces(code: &str) -> Result<Expanded, CodeError> {
    let mut expanded = String::with_capacity(code.len());
    let mut origin = Vec::with_capacity(code.len());
    let mut many = Vec::new();
    let mut chars = code.chars().enumerate();
    while let Some((position, c)) = chars.next() {
        if c != '{' {
            expanded.push(c);
            origin.push(position);
            continue;
        }
        let (digit, counts) = read_braces(position, &mut chars)?;
        if let Some(counts) = counts {
            many.push((expanded.chars().count(), counts));
        }
        expanded.push(char::from_digit(digit, 16).unwrap_or('0'));
        origin.push(position);
    }
    Ok((expanded, origin, many))
}

/// The digit whose `{` is at `position`, read to its `}`: the bits of its counts up to
/// three, and its counts past three if any.
fn read_braces(
    position: usize,
    chars: &mut impl Iterator<Item = (usize, char)>,
) -> Result<(u32, Option<HeapCounts>), CodeError> {
    let mut digit = 0u32;
    let mut listed: Vec<u32> = Vec::new();
    let mut from: Option<u32> = None;
    let mut word = String::new();
    for (at, c) in chars.by_ref() {
        if c.is_ascii_digit() {
            word.push(c);
            continue;
        }
        if !(c == ',' || c == '}' || c == '+' || c.is_whitespace()) {
            return Err(CodeError::InvalidDigit {
                position: at,
                found: c,
            });
        }
        if !word.is_empty() {
            let heaps: u32 = word.parse().map_err(|_| CodeError::TooManyHeaps {
                position,
                heaps: u32::MAX,
            })?;
            word.clear();
            if heaps > HeapCounts::MAX_COUNT {
                return Err(CodeError::TooManyHeaps { position, heaps });
            }
            if c == '+' {
                // Every count from `heaps` on: those up to three as bits, the rest as counts.
                digit |= (0..4).filter(|&h| h >= heaps).fold(0, |d, h| d | 1 << h);
                from = Some(from.map_or(heaps.max(4), |f| f.min(heaps.max(4))));
            } else if heaps <= 3 {
                digit |= 1 << heaps;
            } else {
                listed.push(heaps);
            }
        } else if c == '+' {
            return Err(CodeError::InvalidDigit {
                position: at,
                found: c,
            });
        }
        if c == '}' {
            let counts = (!listed.is_empty() || from.is_some()).then(|| {
                HeapCounts::new(&listed, from).expect("counts of 4 to 63, and from at least 4")
            });
            return Ok((digit, counts));
        }
    }
    Err(CodeError::InvalidDigit {
        position,
        found: '{',
    })
}

/// A code whose digits are all single characters (`many`: the counts past three of those
/// that were in braces, by their place in `code`): the digits, then the modifiers.
fn parse_expanded(code: &str, many: &[(usize, HeapCounts)]) -> Result<HeapRules, CodeError> {
    // The code without its modifiers, where each of its characters was, and each modifier
    // with the digit it follows (by its place in the plain code) and its own position.
    let mut plain = String::with_capacity(code.len());
    let mut origin = Vec::with_capacity(code.len());
    let mut modifiers = Vec::new();
    let mut after_digit = false;
    for (position, c) in code.chars().enumerate() {
        match c {
            '!' | '?' | '=' if after_digit => {
                modifiers.push((plain.chars().count() - 1, position, c));
                after_digit = false;
            }
            '!' | '?' | '=' => {
                return Err(CodeError::UnsupportedModifier { position, found: c });
            }
            _ => {
                plain.push(c);
                origin.push(position);
                after_digit = c.is_ascii_hexdigit();
            }
        }
    }
    let moved = |position: usize| origin.get(position).copied().unwrap_or(position);
    let digits =
        parse_code_with(&plain, Base::Hexadecimal, !many.is_empty()).map_err(
            |error| match error {
                CodeError::InvalidDigit { position, found } => CodeError::InvalidDigit {
                    position: moved(position),
                    found,
                },
                other => other,
            },
        )?;
    // The amount of each plain character that is a digit (the point is none).
    let point = plain.find('.').unwrap_or(0);
    let amount_of = |at: usize| (at != point).then(|| at.saturating_sub(point));
    // Each digit in braces by its amount: its place in `code` is that of some character of
    // `plain` (modifiers before it moved it).
    let many: Vec<(usize, HeapCounts)> = many
        .iter()
        .filter_map(|&(at, counts)| {
            let in_plain = origin.iter().position(|&o| o == at)?;
            Some((amount_of(in_plain)?, counts))
        })
        .collect();
    let mut shapes = vec![SplitShapes::ANY; digits.len()];
    for (at, position, modifier) in modifiers {
        let amount = amount_of(at);
        let splits = amount
            .and_then(|a| digits.get(a))
            .is_some_and(|&d| d & 12 != 0);
        if amount.is_some_and(|a| many.iter().any(|&(m, _)| m == a)) {
            return Err(CodeError::ModifierOnManyHeaps { position });
        }
        let Some(amount) = amount.filter(|_| splits) else {
            return Err(CodeError::ModifierWithoutSplit { position });
        };
        shapes[amount] = match modifier {
            '!' => SplitShapes::UNEQUAL,
            '?' => SplitShapes::NOT_ALL_EQUAL,
            _ => SplitShapes::ALL_EQUAL,
        };
    }
    Ok(rules_with_shapes(&digits, &shapes, &many))
}
