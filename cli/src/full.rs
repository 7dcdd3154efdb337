//! Runs that keep every value in memory: up to 2³² − 1 heaps, checkpointed as a whole.

use std::path::Path;
use std::time::Instant;

use impartial::sequence::{GrundySequence, Values};

use crate::args::{RunArguments, Size, is_text};
use crate::checkpoint;
use crate::counts::Counts;
use crate::failure::{Failure, say};
use crate::format::{width_for, write_values};
use crate::game::Game;
use crate::lock::lock_directory;
use crate::outputs::{self, Mode, write_or_rescue};
use crate::progress::{self, Stop};
use crate::report::{Report, frequencies, through};

/// A run of `game` to `size.n` holding every value.
pub fn execute(game: &Game, run: &RunArguments, size: Size) -> Result<(), Failure> {
    outputs::check(
        &[
            ("--values", run.values.as_deref()),
            ("--rare-heaps", run.rare_heaps.as_deref()),
            ("--plot", run.plot.as_deref()),
        ],
        run.checkpoint.as_deref(),
        Mode::Full,
    )?;
    let _lock = run.checkpoint.as_deref().map(lock_directory).transpose()?;
    let name = game.describe();
    let known = resume(run, &name)?;
    let loaded = known.len() as u64;
    let started = Instant::now();
    let sequence = compute(game, run, size.n, &name, known)?;
    let elapsed = started.elapsed();
    let mut report = Report::new(game, size.n);
    let computed = sequence.computed_len();
    report.rate(computed - loaded.min(computed), elapsed);
    // The results first, then the last checkpoint: a checkpoint that cannot be saved (a full
    // disk) costs this run none of what it reports and writes.
    let finished = finish(run, &sequence, size.n, &name, report);
    // The last checkpoint holds the whole run — unless this run asked for fewer values than
    // the checkpoint had, which it keeps.
    let saved = match &run.checkpoint {
        Some(directory) if sequence.computed_len() > loaded => {
            checkpoint::save(directory, &name, sequence.computed_values()).map_err(|error| {
                format!(
                    "{error}: the last checkpoint was not saved (the results above are \
                     complete; the checkpoint in {} is the one saved before)",
                    directory.display()
                )
            })
        }
        _ => Ok(()),
    };
    match (finished, saved) {
        (finished, Ok(())) => finished,
        (Ok(()), Err(unsaved)) => Err(unsaved.into()),
        (Err(failure), Err(unsaved)) => Err(format!("{}\n{unsaved}", failure.message).into()),
    }
}

/// The values of the checkpoint to go on from, if `--checkpoint` has one.
fn resume(run: &RunArguments, name: &str) -> Result<Values, Failure> {
    let Some(directory) = &run.checkpoint else {
        return Ok(Values::new());
    };
    if checkpoint::stream_path_in(directory).exists() {
        return Err(format!(
            "{} holds the checkpoint of a bounded run: resume it with the same --prefix, or \
             use another directory",
            directory.display()
        )
        .into());
    }
    let Some(values) = checkpoint::load(directory, name).map_err(|error| error.to_string())? else {
        return Ok(Values::new());
    };
    say(format!(
        "# resumed from {} values in {}",
        values.len(),
        checkpoint::path_in(directory).display()
    ))?;
    Ok(values)
}

/// The run from the `known` values to heap `n`, saving a checkpoint when one is due, and
/// one on the way out when a signal stops it.
fn compute(
    game: &Game,
    run: &RunArguments,
    n: u64,
    name: &str,
    mut known: Values,
) -> Result<GrundySequence, Failure> {
    let options = run.options();
    let target = n + 1;
    let bar = progress::bar(run.quiet, known.len() as u64, target);
    loop {
        let mut stop = Stop::No;
        let checkpoints = run.checkpoint.is_some();
        let callback =
            progress::when_due(&bar, checkpoints, run.checkpoint_every, target, &mut stop);
        let sequence = game
            .continued(known, n, &options, callback)
            .map_err(|error| error.to_string())?;
        if stop == Stop::No {
            bar.finish_and_clear();
            return Ok(sequence);
        }
        if let Some(directory) = &run.checkpoint
            && let Err(error) = checkpoint::save(directory, name, sequence.computed_values())
        {
            // The values are in memory still: the run goes on (and says so), its results
            // and a later checkpoint still to come.
            if stop == Stop::Interrupted {
                bar.finish_and_clear();
                return Err(format!("interrupted; {error}: the values computed are lost").into());
            }
            bar.suspend(|| eprintln!("impartial: {error}: the run goes on without it"));
        }
        if stop == Stop::Interrupted {
            bar.finish_and_clear();
            let directory = run.checkpoint.as_deref();
            return Err(Failure::interrupted(directory, sequence.computed_len()));
        }
        known = sequence.into_values();
    }
}

/// The rest of the report and the outputs: the period, the rare heaps, the values file,
/// then the counts.
fn finish(
    run: &RunArguments,
    sequence: &GrundySequence,
    n: u64,
    name: &str,
    mut report: Report,
) -> Result<(), Failure> {
    report.period(sequence.period(), !run.every_value, "none up to", n);
    if let Some(proved) = sequence.arithmetic_period() {
        report.line(format!("arithmetic period: {proved}"));
    }
    if let Some(seen) = sequence.apparent_arithmetic_period() {
        report.line(format!("arithmetic period: {seen}"));
    }
    let values = sequence.computed_values();
    let largest = largest_through(sequence, n);
    report.line(format!("largest value: {largest}"));
    match (sequence.sparse_mask(), sequence.rare_heaps()) {
        (Some(mask), Some(rare)) => report.rare_heaps(&format!("mask {mask:#x}, "), rare),
        _ => report.line("method: direct recurrence (no sparse space)".to_string()),
    }
    let mut failures = Vec::new();
    if let Some(path) = &run.values {
        match write_all_values(path, sequence, n, largest) {
            Ok(line) => report.line(line),
            Err(error) => failures.push(error),
        }
    }
    if let (Some(path), Some(rare)) = (&run.rare_heaps, sequence.rare_heaps()) {
        let written = write_or_rescue(path, "rare heaps", |out| {
            writeln!(out, "heap value")?;
            for &heap in rare {
                let value = values.get(heap as usize).expect("a rare heap was computed");
                writeln!(out, "{heap} {value}")?;
            }
            Ok(())
        });
        failures.extend(written.err());
    }
    if let Some(path) = &run.plot {
        let drawn = impartial::plot::nim_sequence(name, sequence)
            .map_err(|error| format!("cannot draw the sequence: {error}"))
            .and_then(|svg| write_or_rescue(path, "picture", |out| out.write_all(svg.as_bytes())));
        match drawn {
            Ok(()) => report.line(format!("picture: {}", path.display())),
            Err(error) => failures.push(error),
        }
    }
    let counts = count_values(sequence, n, largest, &mut report);
    report.print(&counts).or_else(|error| match error.kind() {
        // A reader that has gone ends the output quietly, as every command's does.
        std::io::ErrorKind::BrokenPipe => Ok(()),
        _ => Err(format!("cannot write the results: {error}")),
    })?;
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Heaps past those computed that an arithmetic period's counts go through one by one.
const COUNTED_PAST: u64 = 1 << 24;

/// The largest of G(0) … G(n). Past the values computed an arithmetic period climbs, so the
/// last period's worth of heaps holds the largest of those.
fn largest_through(sequence: &GrundySequence, n: u64) -> u128 {
    let computed = u128::from(sequence.computed_values().iter().max().unwrap_or(0));
    let climbed = match sequence.arithmetic_period() {
        Some(period) if n >= sequence.computed_len() => (n.saturating_sub(period.period - 1)..=n)
            .filter_map(|heap| sequence.get(heap))
            .map(|value| value.0)
            .max(),
        _ => None,
    };
    computed.max(climbed.unwrap_or(0))
}

/// G(0) … G(n): computed, then repeated by a period or climbing by an arithmetic period —
/// whose values, the caller has checked, fit in 32 bits.
fn every_value(sequence: &GrundySequence, n: u64) -> Box<dyn Iterator<Item = u32> + '_> {
    let values = sequence.computed_values();
    let computed = sequence.computed_len();
    if sequence.arithmetic_period().is_some() {
        let climbed = (computed..=n).map(|heap| {
            let value = sequence.get(heap).map_or(0, |value| value.0);
            u32::try_from(value).unwrap_or(u32::MAX)
        });
        Box::new(values.iter().chain(climbed))
    } else {
        Box::new(through(values.iter(), computed, sequence.period(), n))
    }
}

/// How many of the heaps 0 to n hold each value. Past an arithmetic period's first
/// [`COUNTED_PAST`] heaps beyond those computed, or values past 32 bits, only the values
/// computed are counted, and the report says so.
fn count_values(sequence: &GrundySequence, n: u64, largest: u128, report: &mut Report) -> Counts {
    let values = sequence.computed_values();
    let computed = sequence.computed_len();
    if sequence.arithmetic_period().is_none() || n < computed {
        return frequencies(values.iter(), sequence.period(), n);
    }
    let mut counts = Counts::default();
    if n - computed < COUNTED_PAST && u32::try_from(largest).is_ok() {
        every_value(sequence, n).for_each(|value| counts.add(value, 1));
    } else {
        values.iter().for_each(|value| counts.add(value, 1));
        report.line(format!(
            "value count: of G(0) to G({}) only, the values computed; the arithmetic period \
             gives the rest",
            computed - 1
        ));
    }
    counts
}

/// Writes G(0) … G(n) to `path` — past a proven period or arithmetic period too — and the
/// report's line saying how, or an error saying where they went instead.
fn write_all_values(
    path: &Path,
    sequence: &GrundySequence,
    n: u64,
    largest: u128,
) -> Result<String, String> {
    let Ok(largest) = u32::try_from(largest) else {
        return Err(format!(
            "values not written to {}: G({n}) and others pass 2^32 - 1",
            path.display()
        ));
    };
    let all = || every_value(sequence, n);
    if is_text(path) {
        write_or_rescue(path, "values", |out| {
            writeln!(out, "value")?;
            all().try_for_each(|value| writeln!(out, "{value}"))
        })?;
        Ok(format!(
            "values: {}, G(0) to G({n}), one per line",
            path.display()
        ))
    } else {
        let width = width_for([largest]);
        write_or_rescue(path, "values", |out| write_values(out, all(), width))?;
        Ok(format!(
            "values: {}, G(0) to G({n}), as {width}-byte little-endian integers",
            path.display()
        ))
    }
}
