//! `impartial repeating` and `impartial all-but`: the games whose values climb, with their
//! arithmetic period, proved or only seen, and the values of one period.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};

use impartial::repeating::{ArithmeticSequence, RepeatingCode};

use crate::args::ClimbingArguments;
use crate::failure::{Failure, print};

/// Computes and prints the values of `code` the arguments ask for.
pub fn execute(code: &RepeatingCode, run: &ClimbingArguments) -> Result<(), Failure> {
    let values = code
        .values_up_to(run.n)
        .map_err(|error| Failure::from(error.to_string()))?;
    if let Some(path) = &run.values {
        write_values(&values, run.n, path)
            .map_err(|error| Failure::from(format!("writing {}: {error}", path.display())))?;
    }
    print(&report(code, &values, run.n))
}

/// The report: the game, the period, and `heap value` lines for one period from its start
/// (or, without a period, for the last heaps computed).
fn report(code: &RepeatingCode, values: &ArithmeticSequence, n: u64) -> String {
    let mut text = format!("# code {code}: heaps 0 to {n}\n");
    let shown = match values.period() {
        Some(period) => {
            let _ = writeln!(text, "# arithmetic period: {period}");
            let _ = writeln!(
                text,
                "# G(n) for n >= {0} is G({0} + (n - {0}) mod {1}) + {2} * ((n - {0}) / {1}), \
                 from the heaps below",
                period.preperiod, period.period, period.saltus
            );
            period.preperiod..period.preperiod + period.period
        }
        None => {
            let seen = values
                .apparent_arithmetic_period()
                .map_or_else(|| "none seen".to_string(), |apparent| apparent.to_string());
            let _ = writeln!(text, "# arithmetic period: none proved up to {n} ({seen})");
            n.saturating_sub(15)..n + 1
        }
    };
    for heap in shown {
        if let Some(value) = values.get(heap) {
            let _ = writeln!(text, "{heap} {}", value.0);
        }
    }
    text
}

/// Writes G(0) … G(n): those computed, then the rest from the proved period.
fn write_values(values: &ArithmeticSequence, n: u64, path: &std::path::Path) -> io::Result<()> {
    let mut writer = BufWriter::with_capacity(1 << 20, File::create(path)?);
    writeln!(writer, "value")?;
    for heap in 0..=n {
        let value = values
            .get(heap)
            .expect("every heap to n is computed or follows from the proved period");
        writeln!(writer, "{}", value.0)?;
    }
    writer.flush()?;
    writer.get_ref().sync_all()
}
