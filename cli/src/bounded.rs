//! Bounded runs (`--prefix`): the library keeps the prefix and a window of recent values;
//! every value goes to a values file as it comes ([`ValuesFile`], checksummed in blocks), the
//! frequencies are counted on the way, and the search that goes deeper than the prefix reads
//! the values it needs back from the file.

use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use impartial::sequence::{Period, SequenceError, SequenceOptions, StreamState, Values};

use crate::args::{RunArguments, Size, is_text};
use crate::checkpoint::{self, VALUES_FILE_NAME};
use crate::counts::Counts;
use crate::failure::{Failure, say};
use crate::format::repeated;
use crate::game::Game;
use crate::interrupt;
use crate::lock::{is_locked, lock_directory};
use crate::outputs::{self, Mode, same_file, write_or_rescue, write_replacing};
use crate::progress::{self, Stop};
use crate::report::{Report, frequencies};
use crate::values_file::ValuesFile;

/// Where a bounded run keeps its values: the checkpoint directory's values file, a file
/// beside a binary `--values` file (renamed over it when the run has written every value,
/// so that a file that was there stays whole until then), or a temporary file.
struct Archive {
    path: PathBuf,
    temporary: bool,
    /// The `--values` file this archive becomes at the end.
    becomes: Option<PathBuf>,
}

/// The temporary values file of this process.
fn temporary_path() -> PathBuf {
    std::env::temp_dir().join(format!("impartial-{}.values", std::process::id()))
}

/// Removes the temporary values files of runs that ended without removing theirs — killed —
/// which no process holds locked, and which have not changed for a minute (a run just
/// starting has not locked its file yet).
fn remove_stale_temporaries() {
    let Ok(entries) = fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = name
            .strip_prefix("impartial-")
            .and_then(|rest| rest.strip_suffix(".values"))
        else {
            continue;
        };
        let path = entry.path();
        let old = entry
            .metadata()
            .and_then(|metadata| metadata.modified())
            .is_ok_and(|modified| {
                SystemTime::now()
                    .duration_since(modified)
                    .is_ok_and(|age| age > Duration::from_secs(60))
            });
        if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) && old && !is_locked(&path) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Keeps the temporary values file of this run, whose values are nowhere else, under a name
/// no later run takes for a stale one; the name.
fn keep_temporary(archive: &Archive) -> PathBuf {
    interrupt::set_temporary(None);
    let kept = std::env::temp_dir().join(format!("impartial-{}-values.bin", std::process::id()));
    match fs::rename(&archive.path, &kept) {
        Ok(()) => kept,
        Err(_) => archive.path.clone(),
    }
}

/// A bounded run of `game` to `size.n` keeping `prefix` values.
pub fn execute(game: &Game, run: &RunArguments, size: Size, prefix: u64) -> Result<(), Failure> {
    if run.plot.is_some() {
        return Err(
            "--plot reads every value, and a run with --prefix keeps only some: draw \
                    from a run without --prefix"
                .to_string()
                .into(),
        );
    }
    outputs::check(
        &[
            ("--values", run.values.as_deref()),
            ("--rare-heaps", run.rare_heaps.as_deref()),
        ],
        run.checkpoint.as_deref(),
        Mode::Bounded,
    )?;
    let _lock = run.checkpoint.as_deref().map(lock_directory).transpose()?;
    let archive = match (&run.checkpoint, &run.values) {
        (Some(directory), _) => Archive {
            path: directory.join(VALUES_FILE_NAME),
            temporary: false,
            becomes: None,
        },
        // A special file (a device, a pipe) takes the values at the end, not as they come.
        (None, Some(path)) if !is_text(path) && (!path.exists() || path.is_file()) => {
            let (beside, _) = outputs::new_partial_beside(path)
                .map_err(|error| format!("--values {}: {error}", path.display()))?;
            interrupt::set_temporary(Some(beside.clone()));
            Archive {
                path: beside,
                temporary: true,
                becomes: Some(path.clone()),
            }
        }
        _ => {
            remove_stale_temporaries();
            interrupt::set_temporary(Some(temporary_path()));
            Archive {
                path: temporary_path(),
                temporary: true,
                becomes: None,
            }
        }
    };
    let result = run_bounded(game, run, size, prefix, &archive);
    // A temporary file is removed, unless a failure to write the values elsewhere left them
    // only there (then the message says so, and it is no longer registered).
    interrupt::remove_temporary();
    result
}

/// Where a bounded run starts: its checkpoint and values file if `--checkpoint` has them,
/// else a new run and an empty file.
fn open(
    run: &RunArguments,
    name: &str,
    prefix: u64,
    archive: &Path,
) -> Result<(StreamState, ValuesFile), String> {
    let Some(directory) = &run.checkpoint else {
        let store = ValuesFile::create(archive).map_err(io_error("create", archive))?;
        return Ok((StreamState::new(prefix), store));
    };
    if checkpoint::path_in(directory).exists() {
        return Err(format!(
            "{} holds the checkpoint of a run that keeps every value: resume it without \
             --prefix, or use another directory",
            directory.display()
        ));
    }
    let Some(saved) =
        checkpoint::load_stream(directory, name).map_err(|error| error.to_string())?
    else {
        let store = ValuesFile::create(archive).map_err(io_error("create", archive))?;
        return Ok((StreamState::new(prefix), store));
    };
    let path = checkpoint::stream_path_in(directory);
    if saved.state.prefix_len() != prefix.max(1) {
        return Err(format!(
            "{} was saved by a run with --prefix {}: a bounded run resumes only with its own \
             prefix",
            path.display(),
            saved.state.prefix_len()
        ));
    }
    if saved.file_heaps != saved.state.next_heap() {
        return Err(format!(
            "{} is not a checkpoint of this program (its values file and its state disagree)",
            path.display()
        ));
    }
    let mut store = match &saved.checksums {
        Some(checksums) => ValuesFile::resume(
            archive,
            saved.file_heaps,
            saved.file_width,
            checksums,
            saved.counts,
        ),
        None => {
            // A checkpoint without checksums (version 2): the file is taken as it stands if
            // its last values are the state's, and its checksums computed now.
            let kept = if saved.state.window().is_empty() {
                saved.state.prefix()
            } else {
                saved.state.window()
            };
            let tail = &kept[kept.len().saturating_sub(4_096)..];
            say("# checkpoint of version 2: the values file's checksums computed from it")
                .map_err(|failure| failure.message)?;
            ValuesFile::adopt(
                archive,
                saved.file_heaps,
                saved.file_width,
                tail,
                saved.counts,
            )
        }
    }
    .map_err(io_error("resume from", archive))?;
    if run.verify {
        store.check_all().map_err(io_error("check", archive))?;
    }
    say(format!(
        "# resumed from {} values in {}",
        saved.state.next_heap(),
        path.display()
    ))
    .map_err(|failure| failure.message)?;
    Ok((saved.state, store))
}

fn io_error(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> String {
    let path = path.display().to_string();
    move |error| {
        if error.kind() == io::ErrorKind::InvalidData {
            // The message names the file and says what is wrong with it.
            error.to_string()
        } else {
            format!("cannot {action} {path}: {error}")
        }
    }
}

fn run_bounded(
    game: &Game,
    run: &RunArguments,
    size: Size,
    prefix: u64,
    archive: &Archive,
) -> Result<(), Failure> {
    let name = game.describe();
    let options = run.options();
    let (mut state, mut store) = open(run, &name, prefix, &archive.path)?;
    let resumed_at = state.next_heap();
    let target = size.n + 1;
    if resumed_at > target {
        return answer_from_file(game, run, size.n, &state, &mut store, archive);
    }
    let bar = progress::bar(run.quiet, resumed_at, target);
    let started = Instant::now();
    let streamed = loop {
        let mut stop = Stop::No;
        let checkpoints = run.checkpoint.is_some();
        let callback =
            progress::when_due(&bar, checkpoints, run.checkpoint_every, target, &mut stop);
        let result = game.streamed(state, size.n, &options, callback, &mut store);
        // A failure of the file comes first: the run's own result rests on it.
        let file = store.sync().map_err(io_error("write", &archive.path))?;
        let streamed = result.map_err(|error| explain(game, &error, archive, size.n, &options))?;
        if let Some(directory) = &run.checkpoint {
            let saved = checkpoint::save_stream(
                directory,
                &name,
                &streamed.state,
                &store.counts,
                (file.0, file.1, &file.2),
            );
            unsaved_checkpoint(saved, directory, stop, &bar)?;
        }
        match stop {
            Stop::No => break streamed,
            Stop::Checkpoint => state = streamed.state,
            Stop::Interrupted => {
                bar.finish_and_clear();
                let directory = run.checkpoint.as_deref();
                return Err(Failure::interrupted(directory, streamed.computed));
            }
        }
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    // Every value reported is checked: the blocks a checkpoint vouched for, too.
    let checking = Instant::now();
    let checked = store
        .check_all()
        .map_err(io_error("check", &archive.path))?;
    let mut report = Report::new(game, size.n);
    report.line(format!(
        "bounded memory: a prefix of {} heaps and a window of {} kept",
        streamed.state.prefix_len(),
        streamed.state.window().len()
    ));
    if checked > 0 {
        report.line(format!(
            "values file: {checked} blocks written before this run checked against their \
             checksums in {:.2} s",
            checking.elapsed().as_secs_f64()
        ));
    }
    report.rate(
        streamed.computed - resumed_at.min(streamed.computed),
        elapsed,
    );
    let state = &streamed.state;
    let counts = match streamed.period {
        // The run stopped in the prefix, which holds every value computed.
        Some(period) => frequencies(state.prefix().iter().copied(), Some(period), size.n),
        None => store.counts.clone(),
    };
    let ending = Ending {
        n: size.n,
        period: streamed.period,
        rare_heaps: streamed.rare_heaps.as_deref(),
        state,
    };
    finish(run, &ending, &mut store, archive, report, &counts)
}

/// What a checkpoint that could not be saved means for the run: every value is in the
/// values file still, so it goes on to its results (and says what was not saved) — unless
/// it was asked to stop, which it does with a failure saying so.
fn unsaved_checkpoint(
    saved: Result<(), checkpoint::CheckpointError>,
    directory: &Path,
    stop: Stop,
    bar: &indicatif::ProgressBar,
) -> Result<(), Failure> {
    let Err(error) = saved else {
        return Ok(());
    };
    if stop == Stop::Interrupted {
        bar.finish_and_clear();
        return Err(format!(
            "interrupted; {error}: the checkpoint in {} is the one saved before",
            directory.display()
        )
        .into());
    }
    bar.suspend(|| eprintln!("impartial: {error}: the run goes on without it"));
    Ok(())
}

/// How a bounded run ended: what its report and its outputs need.
struct Ending<'a> {
    n: u64,
    period: Option<Period>,
    rare_heaps: Option<&'a [u64]>,
    state: &'a StreamState,
}

/// The report and the outputs of a run that ended: the period, the rare heaps, the values
/// file, then the counts.
fn finish(
    run: &RunArguments,
    ending: &Ending,
    store: &mut ValuesFile,
    archive: &Archive,
    mut report: Report,
    counts: &Counts,
) -> Result<(), Failure> {
    let n = ending.n;
    report.period(
        ending.period,
        !run.every_value,
        "none in the prefix (a bounded run looks no further), up to",
        n,
    );
    let largest = counts.pairs().last().map_or(0, |(value, _)| value);
    report.line(format!("largest value: {largest}"));
    let mut failures = Vec::new();
    match ending.rare_heaps {
        Some(rare) => {
            report.rare_heaps("", rare);
            if let Some(path) = &run.rare_heaps {
                // Every rare heap is in the prefix: a new one past it stops the run.
                let prefix = ending.state.prefix();
                let written = write_or_rescue(path, "rare heaps", |out| {
                    writeln!(out, "heap value")?;
                    rare.iter()
                        .try_for_each(|&heap| writeln!(out, "{heap} {}", prefix[heap as usize]))
                });
                failures.extend(written.err());
            }
        }
        None => report.line("method: direct recurrence (no sparse space)".to_string()),
    }
    report.line(format!(
        "deep searches: {} values read back from the values file",
        store.read_back
    ));
    if let Some(path) = &run.values {
        match write_values(path, ending, store, archive) {
            Ok(line) => report.line(line),
            Err(error) => failures.push(error),
        }
    }
    report.print(counts).or_else(|error| match error.kind() {
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

/// Writes G(0) … G(n) to `path`: the values file's, checked, and those a proven period
/// repeats past them; the report's line, or an error saying where the values are instead.
fn write_values(
    path: &Path,
    ending: &Ending,
    store: &mut ValuesFile,
    archive: &Archive,
) -> Result<String, String> {
    let n = ending.n;
    let heaps = store.heaps().min(n + 1);
    let more = |from: u64| -> Vec<u32> {
        match ending.period {
            Some(period) if from <= n => {
                let cycle = crate::format::cycle_of(ending.state.prefix().iter().copied(), period);
                repeated(cycle, period, from, n).collect()
            }
            _ => Vec::new(),
        }
    };
    let text = is_text(path);
    let written = if archive.becomes.as_deref() == Some(path) {
        // Every value is in the archive: it takes the place of the file named.
        store.append_uncounted(more(heaps)).and_then(|()| {
            fs::rename(&archive.path, path)?;
            interrupt::set_temporary(None);
            Ok(())
        })
    } else if same_file(path, &archive.path) {
        store.append_uncounted(more(heaps))
    } else {
        write_replacing(path, |out| store.export(heaps, out, text, more(heaps)))
    };
    if let Err(error) = written {
        let kept = if archive.temporary {
            format!("; the values are in {}", keep_temporary(archive).display())
        } else if same_file(path, &archive.path) {
            String::new()
        } else {
            format!("; the values are in {}", archive.path.display())
        };
        return Err(format!(
            "cannot write the values to {}: {error}{kept}",
            path.display()
        ));
    }
    Ok(if text {
        format!("values: {}, G(0) to G({n}), one per line", path.display())
    } else {
        format!(
            "values: {}, G(0) to G({n}), as {}-byte little-endian integers",
            path.display(),
            store.width()
        )
    })
}

/// The answer for heaps up to `n`, fewer than the checkpoint's run computed: counted from
/// the values file, checked block by block; the period and the rare heaps as a run to `n`
/// finds them among the prefix's values.
fn answer_from_file(
    game: &Game,
    run: &RunArguments,
    n: u64,
    state: &StreamState,
    store: &mut ValuesFile,
    archive: &Archive,
) -> Result<(), Failure> {
    let started = Instant::now();
    let mut counts = Counts::default();
    store
        .read_checked(n + 1, |values| {
            counts.add_each(values);
            Ok(())
        })
        .map_err(io_error("read", &archive.path))?;
    let known = usize::try_from(n + 1)
        .unwrap_or(usize::MAX)
        .min(state.prefix().len());
    let replayed = game
        .continued(
            Values::from(&state.prefix()[..known]),
            known as u64 - 1,
            &run.options(),
            |_| ControlFlow::Continue(()),
        )
        .map_err(|error| error.to_string())?;
    let ending = Ending {
        n,
        period: replayed.period(),
        rare_heaps: replayed.rare_heaps(),
        state,
    };
    let mut report = Report::new(game, n);
    report.line(format!(
        "answered from the values file of a run to heap {} ({} values checked against \
         their checksums)",
        state.next_heap() - 1,
        n + 1
    ));
    report.rate(0, started.elapsed());
    finish(run, &ending, store, archive, report, &counts)
}

/// What a bounded run's error means for the user, with a prefix that would do.
fn explain(
    game: &Game,
    error: &SequenceError,
    archive: &Archive,
    n: u64,
    options: &SequenceOptions,
) -> String {
    match *error {
        SequenceError::BoundExceeded { heap, prefix } => {
            let kept = if archive.temporary {
                keep_temporary(archive)
            } else {
                archive.path.clone()
            };
            format!(
                "heap {heap} needs values a run with a prefix of {prefix} heaps does not keep \
                 (a new rare heap past the prefix, or a search the values file could not \
                 serve): run again with --prefix {} or more, in a new checkpoint directory. \
                 The values of the heaps before it are exact and in {}",
                power_above(heap),
                kept.display()
            )
        }
        SequenceError::Unbounded { heap } => unbounded(game, heap, n, options),
        _ => error.to_string(),
    }
}

/// `2^K`, the least power of two above `heap`.
fn power_above(heap: u64) -> String {
    format!("2^{}", u64::BITS - heap.leading_zeros())
}

/// Why a run with a prefix of `prefix` heaps could not go past it: the prefix is too short
/// for the sparse space (found by a run holding the values with the same `options`, up to
/// 2²⁴ heaps), or the game shows none.
fn unbounded(game: &Game, prefix: u64, n: u64, options: &SequenceOptions) -> String {
    const LOOK_UP_TO: u64 = 1 << 24;
    let mut found = None;
    let options = options.clone().with_progress_every(1 << 10);
    let _ = game.continued(Values::new(), n.min(LOOK_UP_TO), &options, |report| {
        if report.rare_heap_count.is_some() {
            found = Some(report.computed);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match found {
        Some(heap) => format!(
            "the prefix of {prefix} heaps is too short: this game's sparse space takes over \
             only by heap {heap}, and past the prefix a bounded run needs it. Run again with \
             --prefix {} or more (its rare heaps must be within the prefix too)",
            power_above(heap.max(prefix))
        ),
        None => format!(
            "this game shows no sparse space up to heap {}: each value reads every value \
             before it, and a bounded run cannot go past its prefix of {prefix} heaps. Run \
             without --prefix",
            n.min(LOOK_UP_TO)
        ),
    }
}
