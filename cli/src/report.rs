//! What a run prints on standard output: `#` lines that describe it, then `value count`
//! lines.

use std::io::{self, BufWriter, Write};
use std::time::Duration;

use impartial::sequence::Period;

use crate::counts::Counts;
use crate::format::{cycle_of, repeated};
use crate::game::Game;

/// The lines of a run's output, gathered before they are printed.
pub struct Report {
    lines: Vec<String>,
}

impl Report {
    /// A report of a run of `game` to heap `n`.
    pub fn new(game: &Game, n: u64) -> Self {
        let mut lines = vec![format!("game: {}", game.describe())];
        lines.extend(game.canonical());
        lines.push(format!("heaps: 0 to {n}"));
        Report { lines }
    }

    /// Adds the line `# text`.
    pub fn line(&mut self, text: String) {
        self.lines.push(text);
    }

    /// The `# computed` line: the values this run computed, and its rate.
    pub fn rate(&mut self, computed: u64, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        // Precision lost past 2⁵³ values does not show in a rate.
        #[allow(clippy::cast_precision_loss)]
        let per_second = computed as f64 / seconds.max(1e-9);
        self.line(format!(
            "computed: {computed} values in {seconds:.2} s ({per_second:.0} values/s in this run)"
        ));
    }

    /// The `# period` line: the period, or `none` (e.g. "none up to") and n, or that no
    /// period was sought.
    pub fn period(&mut self, period: Option<Period>, sought: bool, none: &str, n: u64) {
        self.line(match period {
            Some(period) => format!("period: {period}"),
            None if !sought => "period: not sought (--every-value)".to_string(),
            None => format!("period: {none} n = {n}"),
        });
    }

    /// The `# sparse space` line (`space` says more of it) and the first rare heaps.
    pub fn rare_heaps(&mut self, space: &str, rare: &[u64]) {
        let last = rare.last().map_or("none".to_string(), u64::to_string);
        self.line(format!(
            "sparse space: {space}{} rare heaps, the last at heap {last}",
            rare.len()
        ));
        let shown: Vec<String> = rare.iter().take(40).map(u64::to_string).collect();
        let more = if rare.len() > 40 { " …" } else { "" };
        self.line(format!("rare heaps: {}{more}", shown.join(" ")));
    }

    /// Prints the lines, then every value's count.
    pub fn print(&self, counts: &Counts) -> io::Result<()> {
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        for line in &self.lines {
            writeln!(out, "# {line}")?;
        }
        writeln!(out, "# value count")?;
        for (value, count) in counts.pairs() {
            writeln!(out, "{value} {count}")?;
        }
        out.flush()
    }
}

/// How many of the heaps 0 to `n` have each value: `values` (G(0), G(1), …) counted, and the
/// heaps past them taken from the proven `period`.
pub fn frequencies(
    values: impl Iterator<Item = u32> + Clone,
    period: Option<Period>,
    n: u64,
) -> Counts {
    let mut counts = Counts::default();
    let mut computed = 0;
    for value in values.clone() {
        counts.add(value, 1);
        computed += 1;
    }
    if let Some(period) = period
        && n >= computed
    {
        let cycle = cycle_of(values, period);
        let missing = n + 1 - computed;
        let full = missing / period.period;
        let rest = missing % period.period;
        // Heaps computed, computed + 1, … fall on offsets start, start + 1, … of the cycle.
        let start = (computed - period.preperiod) % period.period;
        for (offset, &value) in (0u64..).zip(&cycle) {
            let extra = u64::from((offset + period.period - start) % period.period < rest);
            counts.add(value, full + extra);
        }
    }
    counts
}

/// G(0) … G(n): `values`, then what the proven `period` repeats past them.
pub fn through(
    values: impl Iterator<Item = u32> + Clone,
    computed: u64,
    period: Option<Period>,
    n: u64,
) -> impl Iterator<Item = u32> {
    let more = period.map(|period| repeated(cycle_of(values.clone(), period), period, computed, n));
    values.chain(more.into_iter().flatten())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts from a period against every value written out: for every n around the
    /// cycle boundaries.
    #[test]
    fn frequencies_from_a_period_equal_the_values_written_out() {
        let values = [0u32, 1, 1, 2, 0, 3, 2, 0, 3, 2];
        let period = Period {
            preperiod: 3,
            period: 3,
            proof_bound: 9,
        };
        for computed in 6..=values.len() {
            let known = values[..computed].iter().copied();
            for n in computed as u64 - 1..40 {
                let all: Vec<u32> = through(known.clone(), computed as u64, Some(period), n)
                    .take_while(|_| true)
                    .collect();
                assert_eq!(all.len() as u64, n + 1, "{computed} {n}");
                let mut counted = Counts::default();
                counted.add_each(&all);
                assert_eq!(frequencies(known.clone(), Some(period), n), counted);
            }
        }
    }
}
