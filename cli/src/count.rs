//! Counts as people write them: `1000000`, `1_000_000`, `1e6`, `2.5e6`, `2^20`. Shared by
//! the `impartial` command line and the examples, so that one syntax works everywhere.

/// A whole number written in decimal, with `_` separators, as `AeB` (A may have a
/// fractional part, as long as the whole is whole) or as `B^K`.
///
/// # Errors
///
/// A message naming the text when it is not such a number or passes `u128::MAX`.
pub fn parse_count(text: &str) -> Result<u128, String> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let too_large = || format!("{text} is too large a count");
    if let Some((base, exponent)) = cleaned.split_once('^') {
        let base: u128 = digits(base)
            .ok_or_else(|| format!("{text:?}: the base of ^ is not a whole number"))?
            .parse()
            .map_err(|_| too_large())?;
        let exponent: u32 = digits(exponent)
            .and_then(|exponent| exponent.parse().ok())
            .ok_or_else(|| format!("{text:?}: the exponent of ^ is not a whole number"))?;
        return base.checked_pow(exponent).ok_or_else(too_large);
    }
    if let Some((mantissa, exponent)) = cleaned.split_once(['e', 'E']) {
        let exponent: u32 = digits(exponent)
            .and_then(|exponent| exponent.parse().ok())
            .ok_or_else(|| format!("{text:?}: the exponent after e is not a whole number"))?;
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return Err(format!("{text:?} is not a number like 1e9 or 2.5e6"));
        }
        let places = u32::try_from(fraction.len()).map_err(|_| too_large())?;
        let Some(shift) = exponent.checked_sub(places) else {
            return Err(format!("{text} is not a whole number"));
        };
        let mantissa: u128 = format!("{whole}{fraction}")
            .parse()
            .map_err(|_| too_large())?;
        return 10u128
            .checked_pow(shift)
            .and_then(|scale| mantissa.checked_mul(scale))
            .ok_or_else(too_large);
    }
    digits(&cleaned)
        .ok_or_else(|| format!("{text:?} is not a whole number (write 1000000, 1e6 or 2^20)"))?
        .parse()
        .map_err(|_| too_large())
}

/// `text` if it is one or more ASCII digits.
fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::parse_count;

    #[test]
    fn counts_in_every_notation() {
        assert_eq!(parse_count("1000000"), Ok(1_000_000));
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_count("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_count("2.5e6"), Ok(2_500_000));
        assert_eq!(parse_count("2^32"), Ok(1 << 32));
        assert_eq!(parse_count("1e20"), Ok(100_000_000_000_000_000_000));
        assert_eq!(parse_count("2^127"), Ok(1 << 127));
        assert_eq!(parse_count(&u128::MAX.to_string()), Ok(u128::MAX));
        for bad in [
            "2^128",
            "1e39",
            "1.5e0",
            "-5",
            "",
            "e5",
            "2^",
            "^3",
            "1e",
            "1.e",
            "abc",
            "2^-1",
            "340282366920938463463374607431768211456",
        ] {
            assert!(parse_count(bad).is_err(), "{bad}");
        }
    }
}
