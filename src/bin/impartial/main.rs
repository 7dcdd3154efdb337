//! `impartial`: the nim-values of heap games at research scale, from the command line.
//!
//! `cargo install impartial --features cli`, then for instance
//!
//! ```text
//! impartial octal 0.6 --n 1e9 --checkpoint runs/0.6
//! impartial subtraction 1,3,4 --n 1000000
//! impartial grundy --n 1e8 --values grundy.csv
//! impartial octal 0.167 --n 4294967295 --prefix 2^20 --checkpoint runs/0.167
//! ```
//!
//! Prints the proven period (or "none up to n"), the rare heaps of the sparse space and the
//! frequency of every value as `value count` lines; writes the values themselves on request.
//! A run with `--checkpoint DIR` saves its values there every few minutes and, started
//! again with the same game and directory, goes on from the last checkpoint. A run with
//! `--prefix P` holds only the first P values and a window of recent ones in memory and
//! streams every value to a file (see `bounded`).

mod bounded;
mod checkpoint;

use bounded::{Counts, ValuesFile};

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use impartial::SubtractionGame;
use impartial::octal::{GrundysGame, HexadecimalGame, OctalGame};
use impartial::sequence::{
    GrundySequence, Method, Period, Progress, SequenceError, SequenceOptions, StreamState,
    Streamed, ValueStore, Values,
};
use indicatif::{ProgressBar, ProgressStyle};

/// The nim-values G(0), G(1), …, G(n) of a heap game: its proven period, its rare heaps and
/// the frequency of every value, at any scale the memory allows.
///
/// Output on standard output: lines starting with `#` describe the run; every other line is
/// `value count`, the number of heaps 0 to n with that value. A progress bar with values per
/// second and the time left goes to standard error when it is a terminal.
#[derive(Debug, Parser)]
#[command(name = "impartial", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    game: GameArgument,
}

#[derive(Debug, Subcommand)]
enum GameArgument {
    /// An octal game by its code, as in Winning Ways: `0.6`, `.07`, `4.007`, `0.77` (Kayles).
    Octal {
        /// The code: digits after the point, each the ways to take that many counters.
        code: OctalGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// A hexadecimal game: as an octal code, with digits 8 to F that leave three heaps.
    Hexadecimal {
        /// The code, e.g. `0.F` or `0.8`.
        code: HexadecimalGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// A subtraction game: take any amount of the set from one heap.
    Subtraction {
        /// The amounts, e.g. `1,3,4` or `{2, 5, 7}`.
        set: SubtractionGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// Grundy's game: split a heap into two heaps of different sizes.
    Grundy {
        #[command(flatten)]
        run: RunArguments,
    },
}

#[derive(Debug, Args)]
struct RunArguments {
    /// The largest heap: G(0) to G(n) are computed. Accepts `1000000`, `1_000_000`, `1e6`,
    /// `2^30`; at most 4294967295 (2^32 − 1).
    #[arg(long, value_parser = parse_count)]
    n: u64,

    /// Save the values to DIR every few minutes (see --checkpoint-every), and go on from the
    /// checkpoint there if one exists: a run that was killed loses at most the values since
    /// the last one. DIR holds one game's values; another game is refused.
    #[arg(long, value_name = "DIR")]
    checkpoint: Option<PathBuf>,

    /// Seconds between checkpoints. Each costs one pass over the values so far.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0, value_parser = parse_seconds)]
    checkpoint_every: f64,

    /// Write the values G(0) … to FILE: `value` per line for `.csv` and `.txt` files,
    /// otherwise little-endian binary, in the narrowest width of 1, 2 or 4 bytes that holds
    /// every value (the width is printed).
    #[arg(long, value_name = "FILE")]
    values: Option<PathBuf>,

    /// Bounded memory: keep only G(0) … G(HEAPS − 1) and a window of recent values — about
    /// 12 × HEAPS bytes, whatever n — and stream every value to a binary file (values.bin
    /// in the checkpoint DIR, else the --values FILE if binary, else a temporary file; a
    /// --values FILE elsewhere gets a copy at the end), counting the frequencies on the way. For the sparse-space games (0.6, 0.161, 0.167, Grundy's game)
    /// once every rare heap is below HEAPS; a new rare heap past it stops the run with an
    /// error (run again with a longer prefix). The rare search that goes deeper than the
    /// prefix reads the values it needs back from the file.
    #[arg(long, value_name = "HEAPS", value_parser = parse_count)]
    prefix: Option<u64>,

    /// Write the rare heaps to FILE as `heap value` lines.
    #[arg(long, value_name = "FILE")]
    rare_heaps: Option<PathBuf>,

    /// The method: `auto` chooses the sparse space where it pays.
    #[arg(long, value_enum, default_value_t = MethodArgument::Auto)]
    method: MethodArgument,

    /// Threads: 2 (the default on two or more cores) or 1.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    threads: Option<u8>,

    /// Compute every value up to n even once a period is proven.
    #[arg(long)]
    every_value: bool,

    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MethodArgument {
    Auto,
    Direct,
    Sparse,
}

/// A count written in decimal, with `_` separators, as `AeB`, or as `2^K`.
fn parse_count(text: &str) -> Result<u64, String> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let too_large = || format!("{text} is larger than {}", u64::MAX);
    if let Some((base, exponent)) = cleaned.split_once('^') {
        let base: u64 = base
            .parse()
            .map_err(|_| format!("{text:?}: the base of ^ is not a whole number"))?;
        let exponent: u32 = exponent
            .parse()
            .map_err(|_| format!("{text:?}: the exponent of ^ is not a whole number"))?;
        return base.checked_pow(exponent).ok_or_else(too_large);
    }
    if let Some((mantissa, exponent)) = cleaned.split_once(['e', 'E']) {
        let exponent: u32 = exponent
            .parse()
            .map_err(|_| format!("{text:?}: the exponent after e is not a whole number"))?;
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return Err(format!("{text:?} is not a number like 1e9 or 2.5e6"));
        }
        let digits = u32::try_from(fraction.len()).map_err(|_| too_large())?;
        let Some(shift) = exponent.checked_sub(digits) else {
            return Err(format!("{text} is not a whole number"));
        };
        let mantissa: u64 = format!("{whole}{fraction}")
            .parse()
            .map_err(|_| too_large())?;
        return 10u64
            .checked_pow(shift)
            .and_then(|scale| mantissa.checked_mul(scale))
            .ok_or_else(too_large);
    }
    if cleaned.is_empty() || !cleaned.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{text:?} is not a whole number (write 1000000, 1e6 or 2^20)"
        ));
    }
    cleaned.parse().map_err(|_| too_large())
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Ok(seconds),
        _ => Err(format!("{text:?} is not a number of seconds")),
    }
}

/// The game and what to call it in the output and in checkpoints.
enum Game {
    Octal(OctalGame),
    Hexadecimal(HexadecimalGame),
    Subtraction(SubtractionGame),
    Grundy,
}

impl Game {
    fn describe(&self) -> String {
        match self {
            Game::Octal(game) => format!("octal game {game}"),
            Game::Hexadecimal(game) => format!("hexadecimal game {game}"),
            Game::Subtraction(game) => format!("subtraction game {game}"),
            Game::Grundy => "Grundy's game".to_string(),
        }
    }

    fn continued(
        &self,
        known: Values,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<GrundySequence, impartial::sequence::SequenceError> {
        match self {
            Game::Octal(game) => game.values_continued(known, n, options, progress),
            Game::Hexadecimal(game) => game.values_continued(known, n, options, progress),
            Game::Subtraction(game) => game.values_continued(known, n, options, progress),
            Game::Grundy => GrundysGame.values_continued(known, n, options, progress),
        }
    }

    fn streamed(
        &self,
        state: StreamState,
        n: u64,
        options: &SequenceOptions,
        progress: impl FnMut(&Progress) -> ControlFlow<()>,
        store: &mut impl ValueStore,
    ) -> Result<Streamed, SequenceError> {
        match self {
            Game::Octal(game) => game.values_streamed_into(n, options, state, progress, store),
            Game::Hexadecimal(game) => {
                game.values_streamed_into(n, options, state, progress, store)
            }
            Game::Subtraction(game) => {
                game.values_streamed_into(n, options, state, progress, store)
            }
            Game::Grundy => GrundysGame.values_streamed_into(n, options, state, progress, store),
        }
    }
}

/// Values between progress reports: the bar moves, and a checkpoint can be taken, this often.
const REPORT_EVERY: u64 = 1 << 18;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (game, run) = match cli.game {
        GameArgument::Octal { code, run } => (Game::Octal(code), run),
        GameArgument::Hexadecimal { code, run } => (Game::Hexadecimal(code), run),
        GameArgument::Subtraction { set, run } => (Game::Subtraction(set), run),
        GameArgument::Grundy { run } => (Game::Grundy, run),
    };
    match execute(&game, &run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("impartial: {message}");
            ExitCode::FAILURE
        }
    }
}

impl RunArguments {
    fn options(&self) -> SequenceOptions {
        let mut options = SequenceOptions::default()
            .with_method(match self.method {
                MethodArgument::Auto => Method::Auto,
                MethodArgument::Direct => Method::Direct,
                MethodArgument::Sparse => Method::SparseSpace,
            })
            .with_prove_period(!self.every_value)
            .with_progress_every(REPORT_EVERY);
        if let Some(threads) = self.threads {
            options = options.with_parallel(threads == 2);
        }
        options
    }

    /// The progress bar, from `done` values of `target`.
    fn bar(&self, done: u64, target: u64) -> ProgressBar {
        let bar = if self.quiet {
            ProgressBar::hidden()
        } else {
            ProgressBar::new(target)
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} values, {per_sec}, \
                 {eta} left",
            )
            .expect("a valid template"),
        );
        bar.set_position(done);
        bar.reset_eta();
        bar
    }
}

fn execute(game: &Game, run: &RunArguments) -> Result<(), String> {
    if let Some(prefix) = run.prefix {
        return execute_bounded(game, run, prefix);
    }
    let name = game.describe();
    let options = run.options();
    let mut known = Values::new();
    let mut loaded = 0;
    if let Some(directory) = &run.checkpoint
        && checkpoint::stream_path_in(directory).exists()
    {
        return Err(format!(
            "{} holds the checkpoint of a bounded run: resume it with the same --prefix, or \
             use another directory",
            directory.display()
        ));
    }
    if let Some(directory) = &run.checkpoint
        && let Some(values) =
            checkpoint::load(directory, &name).map_err(|error| error.to_string())?
    {
        println!(
            "# resumed from {} values in {}",
            values.len(),
            checkpoint::path_in(directory).display()
        );
        loaded = values.len();
        known = values;
    }
    let target = run.n.saturating_add(1);
    let bar = run.bar(known.len() as u64, target);
    let started = Instant::now();
    let sequence = loop {
        let mut stopped = false;
        let sequence = game
            .continued(
                known,
                run.n,
                &options,
                checkpoint_when_due(run, &bar, target, &mut stopped),
            )
            .map_err(|error| error.to_string())?;
        match &run.checkpoint {
            Some(directory) if stopped => {
                checkpoint::save(directory, &name, sequence.computed_values())
                    .map_err(|error| error.to_string())?;
                known = sequence.into_values();
            }
            _ => break sequence,
        }
    };
    bar.finish_and_clear();
    // The last checkpoint holds the whole run — unless this run asked for fewer values than
    // the checkpoint had, which it keeps.
    if let Some(directory) = &run.checkpoint
        && sequence.computed_values().len() > loaded
    {
        checkpoint::save(directory, &name, sequence.computed_values())
            .map_err(|error| error.to_string())?;
    }
    let elapsed = started.elapsed();
    report(&name, run, &sequence, elapsed)
        .map_err(|error| format!("cannot write the results: {error}"))
}

/// The progress callback of a run: it moves the bar, and with `--checkpoint` stops the run
/// — setting `stopped` — at the first report once a checkpoint is due.
fn checkpoint_when_due<'a>(
    run: &'a RunArguments,
    bar: &'a ProgressBar,
    target: u64,
    stopped: &'a mut bool,
) -> impl FnMut(&Progress) -> ControlFlow<()> + 'a {
    let since = Instant::now();
    let every = Duration::from_secs_f64(run.checkpoint_every);
    move |progress| {
        bar.set_position(progress.computed);
        if run.checkpoint.is_some() && since.elapsed() >= every && progress.computed < target {
            *stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Whether a values file is written as text: `.csv` and `.txt` files.
fn is_text(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|extension| extension.to_str()),
        Some("csv" | "txt")
    )
}

/// A bounded run (`--prefix`): the values go to a binary file as they come — the checkpoint
/// directory's `values.bin`, the `--values` file if binary, or a temporary file removed at
/// the end.
fn execute_bounded(game: &Game, run: &RunArguments, prefix: u64) -> Result<(), String> {
    let (archive, temporary) = match (&run.checkpoint, &run.values) {
        (Some(directory), _) => (directory.join("values.bin"), false),
        (None, Some(path)) if !is_text(path) => (path.clone(), false),
        _ => {
            let name = format!("impartial-{}.values", std::process::id());
            (std::env::temp_dir().join(name), true)
        }
    };
    let result = run_bounded(game, run, prefix, &archive);
    if temporary {
        // Nothing to keep: the run is over, or failed.
        let _ = fs::remove_file(&archive);
    }
    result
}

fn io_error(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> String {
    let path = path.display().to_string();
    move |error| format!("cannot {action} {path}: {error}")
}

/// Where a bounded run starts: its checkpoint and values file if `--checkpoint` has them,
/// else a new run and an empty file.
fn open_bounded(
    run: &RunArguments,
    name: &str,
    prefix: u64,
    archive: &Path,
) -> Result<(StreamState, ValuesFile), String> {
    if let Some(directory) = &run.checkpoint {
        if checkpoint::path_in(directory).exists() {
            return Err(format!(
                "{} holds the checkpoint of a run that keeps every value: resume it without \
                 --prefix, or use another directory",
                directory.display()
            ));
        }
        if let Some(saved) =
            checkpoint::load_stream(directory, name).map_err(|error| error.to_string())?
        {
            let path = checkpoint::stream_path_in(directory);
            if saved.state.prefix_len() != prefix.max(1) {
                return Err(format!(
                    "{} was saved by a run with --prefix {}: a bounded run resumes only with \
                     its own prefix",
                    path.display(),
                    saved.state.prefix_len()
                ));
            }
            if saved.file_heaps != saved.state.next_heap() {
                return Err(format!(
                    "{} is not a checkpoint of this program (its values file and its state \
                     disagree)",
                    path.display()
                ));
            }
            // The last values kept, to tell the values file's width and that it is this
            // run's.
            let kept = if saved.state.window().is_empty() {
                saved.state.prefix()
            } else {
                saved.state.window()
            };
            let tail = &kept[kept.len().saturating_sub(4_096)..];
            let store = ValuesFile::resume(
                archive,
                saved.file_heaps,
                saved.file_width,
                tail,
                saved.counts,
            )
            .map_err(io_error("resume from", archive))?;
            println!(
                "# resumed from {} values in {}",
                saved.state.next_heap(),
                path.display()
            );
            return Ok((saved.state, store));
        }
        fs::create_dir_all(directory).map_err(io_error("create", directory))?;
    }
    let store = ValuesFile::create(archive).map_err(io_error("create", archive))?;
    Ok((StreamState::new(prefix), store))
}

fn run_bounded(game: &Game, run: &RunArguments, prefix: u64, archive: &Path) -> Result<(), String> {
    let name = game.describe();
    let options = run.options();
    let (mut state, mut store) = open_bounded(run, &name, prefix, archive)?;
    let resumed_at = state.next_heap();
    let target = run.n.saturating_add(1);
    let bar = run.bar(resumed_at, target);
    let started = Instant::now();
    let streamed = loop {
        let mut stopped = false;
        let result = game.streamed(
            state,
            run.n,
            &options,
            checkpoint_when_due(run, &bar, target, &mut stopped),
            &mut store,
        );
        // A failure of the file comes first: the run's own result rests on it.
        let file = store.sync().map_err(io_error("write", archive))?;
        let streamed = result.map_err(|error| match error {
            SequenceError::BoundExceeded { .. } => format!(
                "{error}. The values of the heaps before it are exact and in {}",
                archive.display()
            ),
            _ => error.to_string(),
        })?;
        if let Some(directory) = &run.checkpoint {
            checkpoint::save_stream(directory, &name, &streamed.state, &store.counts, file)
                .map_err(|error| error.to_string())?;
        }
        if !stopped {
            break streamed;
        }
        state = streamed.state;
    };
    bar.finish_and_clear();
    let elapsed = started.elapsed();
    if let Some(path) = &run.values
        && path != archive
    {
        export_values(
            archive,
            path,
            store.sync().map_err(io_error("write", archive))?,
        )
        .map_err(io_error("write", path))?;
    }
    report_bounded(&name, run, &streamed, &store, resumed_at, elapsed)
        .map_err(|error| format!("cannot write the results: {error}"))
}

/// Copies the binary values file `from`, holding `heaps` values of `width` bytes, to `to`:
/// as it is, or as text for a `.csv` or `.txt` file.
fn export_values(from: &Path, to: &Path, (heaps, width): (u64, u8)) -> io::Result<()> {
    if !is_text(to) {
        fs::copy(from, to)?;
        return Ok(());
    }
    let mut reader = io::BufReader::with_capacity(1 << 20, File::open(from)?);
    let mut writer = BufWriter::with_capacity(1 << 20, File::create(to)?);
    writeln!(writer, "value")?;
    let width = usize::from(width);
    let mut bytes = vec![0u8; width];
    for _ in 0..heaps {
        io::Read::read_exact(&mut reader, &mut bytes)?;
        let mut word = [0u8; 4];
        word[..width].copy_from_slice(&bytes);
        writeln!(writer, "{}", u32::from_le_bytes(word))?;
    }
    writer.flush()
}

fn report_bounded(
    name: &str,
    run: &RunArguments,
    streamed: &Streamed,
    store: &ValuesFile,
    resumed_at: u64,
    elapsed: Duration,
) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let state = &streamed.state;
    writeln!(out, "# game: {name}")?;
    writeln!(out, "# heaps: 0 to {}", run.n)?;
    writeln!(
        out,
        "# bounded memory: a prefix of {} heaps and a window of {} kept",
        state.prefix_len(),
        state.window().len()
    )?;
    let computed = streamed.computed - resumed_at.min(streamed.computed);
    write_rate_and_period(
        &mut out,
        run,
        computed,
        elapsed,
        streamed.period,
        "none in the prefix (a bounded run looks no further), up to",
    )?;
    writeln!(out, "# largest value: {}", state.largest_value())?;
    let prefix = state.prefix();
    match &streamed.rare_heaps {
        Some(rare) => {
            write_rare_heaps(&mut out, "", rare)?;
            if let Some(path) = &run.rare_heaps {
                let mut file = BufWriter::new(File::create(path)?);
                writeln!(file, "heap value")?;
                // Every rare heap is in the prefix: a new one past it stops the run.
                for &heap in rare {
                    writeln!(file, "{heap} {}", prefix[heap as usize])?;
                }
                file.flush()?;
            }
        }
        None => writeln!(out, "# method: direct recurrence (no sparse space)")?,
    }
    writeln!(
        out,
        "# deep searches: {} values read back from the values file",
        store.read_back
    )?;
    if let Some(path) = &run.values {
        if is_text(path) {
            writeln!(out, "# values: {} one per line", path.display())?;
        } else {
            writeln!(
                out,
                "# values: {} as {}-byte little-endian integers",
                path.display(),
                store.width()
            )?;
        }
    }
    writeln!(out, "# value count")?;
    let counts = match streamed.period {
        // The run stopped in the prefix, which holds every value computed.
        Some(period) => {
            let prefix = Values::from(prefix);
            Counts::from_pairs((0u32..).zip(frequencies(&prefix, Some(period), run.n)))
        }
        None => store.counts.clone(),
    };
    for (value, count) in counts.pairs() {
        writeln!(out, "{value} {count}")?;
    }
    out.flush()
}

/// How many of the heaps 0 to `n` have each value, the heaps past the computed ones taken
/// from the proven period.
fn frequencies(values: &Values, period: Option<Period>, n: u64) -> Vec<u64> {
    let largest = values.iter().max().unwrap_or(0) as usize;
    let mut counts = vec![0u64; largest + 1];
    for value in values {
        counts[value as usize] += 1;
    }
    let computed = values.len() as u64;
    if let Some(period) = period
        && n >= computed
    {
        let missing = n + 1 - computed;
        let cycle = values
            .iter()
            .skip(period.preperiod as usize)
            .take(period.period as usize);
        let full = missing / period.period;
        let rest = missing % period.period;
        let start = (computed - period.preperiod) % period.period;
        for (offset, value) in cycle.enumerate() {
            let offset = offset as u64;
            // Heaps computed, computed + 1, … fall on offsets start, start + 1, … of the cycle.
            let extra = u64::from((offset + period.period - start) % period.period < rest);
            counts[value as usize] += full + extra;
        }
    }
    counts
}

fn report(
    name: &str,
    run: &RunArguments,
    sequence: &GrundySequence,
    elapsed: Duration,
) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let computed = sequence.computed_len();
    writeln!(out, "# game: {name}")?;
    writeln!(out, "# heaps: 0 to {}", run.n)?;
    write_rate_and_period(
        &mut out,
        run,
        computed,
        elapsed,
        sequence.period(),
        "none up to",
    )?;
    let values = sequence.computed_values();
    writeln!(out, "# largest value: {}", values.iter().max().unwrap_or(0))?;
    match (sequence.sparse_mask(), sequence.rare_heap_list()) {
        (Some(mask), Some(rare)) => write_rare_heaps(&mut out, &format!("mask {mask:#x}, "), rare)?,
        _ => writeln!(out, "# method: direct recurrence (no sparse space)")?,
    }
    if let Some(path) = &run.values {
        let width = write_values_file(path, values)?;
        match width {
            Some(width) => writeln!(
                out,
                "# values: {} as {}-byte little-endian integers",
                path.display(),
                width
            )?,
            None => writeln!(out, "# values: {} one per line", path.display())?,
        }
    }
    if let (Some(path), Some(rare)) = (&run.rare_heaps, sequence.rare_heap_list()) {
        let mut file = BufWriter::new(File::create(path)?);
        writeln!(file, "heap value")?;
        for &heap in rare {
            let value = values.get(heap as usize).expect("a rare heap was computed");
            writeln!(file, "{heap} {value}")?;
        }
        file.flush()?;
    }
    writeln!(out, "# value count")?;
    for (value, count) in frequencies(values, sequence.period(), run.n)
        .iter()
        .enumerate()
    {
        if *count > 0 {
            writeln!(out, "{value} {count}")?;
        }
    }
    out.flush()
}

/// The `# computed` line, with the rate of this run, and the `# period` line: the period,
/// or `none` (e.g. "none up to") and n.
fn write_rate_and_period(
    out: &mut impl Write,
    run: &RunArguments,
    computed: u64,
    elapsed: Duration,
    period: Option<Period>,
    none: &str,
) -> io::Result<()> {
    let seconds = elapsed.as_secs_f64();
    // Precision lost past 2⁵³ values does not show in a rate.
    #[allow(clippy::cast_precision_loss)]
    let per_second = computed as f64 / seconds.max(1e-9);
    writeln!(
        out,
        "# computed: {computed} values in {seconds:.2} s ({per_second:.0} values/s in this run)"
    )?;
    match period {
        Some(period) => writeln!(out, "# period: {period}"),
        None if run.every_value => writeln!(out, "# period: not sought (--every-value)"),
        None => writeln!(out, "# period: {none} n = {}", run.n),
    }
}

/// The `# sparse space` line (`space` says more of it) and the first rare heaps.
fn write_rare_heaps(out: &mut impl Write, space: &str, rare: &[u64]) -> io::Result<()> {
    let last = rare.last().map_or("none".to_string(), u64::to_string);
    writeln!(
        out,
        "# sparse space: {space}{} rare heaps, the last at heap {last}",
        rare.len()
    )?;
    let shown: Vec<String> = rare.iter().take(40).map(u64::to_string).collect();
    let more = if rare.len() > 40 { " …" } else { "" };
    writeln!(out, "# rare heaps: {}{more}", shown.join(" "))
}

/// Writes the values to `path`; the width in bytes of a binary file, `None` for text.
fn write_values_file(path: &PathBuf, values: &Values) -> io::Result<Option<u8>> {
    let text = is_text(path);
    let mut file = BufWriter::with_capacity(1 << 20, File::create(path)?);
    let width = if text {
        writeln!(file, "value")?;
        for value in values {
            writeln!(file, "{value}")?;
        }
        None
    } else {
        let width = checkpoint::width_for(values);
        checkpoint::write_values(&mut file, values, width)?;
        Some(width)
    };
    file.flush()?;
    Ok(width)
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
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        assert!(parse_count("1e20").is_err());
        assert!(parse_count("2^64").is_err());
        assert!(parse_count("1.5e0").is_err());
        assert!(parse_count("-5").is_err());
        assert!(parse_count("").is_err());
        assert!(parse_count("e5").is_err());
    }
}
