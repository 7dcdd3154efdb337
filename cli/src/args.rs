//! The command line's arguments: the games, the options of a run, and the numbers they take.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use impartial::SubtractionGame;
use impartial::all_but::AllButSubtraction;
use impartial::octal::{HexadecimalGame, OctalGame};
use impartial::repeating::RepeatingCode;
use impartial::sequence::{MAX_HEAP, MAX_STREAMED_HEAP, Method, SequenceOptions};
use impartial::take_and_break::TakeAndBreak;

use crate::count::parse_count;

/// Impartial combinatorial games: play and learn them in a browser, compute the
/// nim-sequences of heap games at research scale, misère quotients, and surveys of whole
/// families of games.
///
/// `impartial COMMAND --help` says more of each command.
///
/// Exit codes: 0 done, 1 failed (the message says why and where any results were kept),
/// 2 bad arguments, 130 interrupted (SIGINT or SIGTERM; a run with --checkpoint saves one
/// first).
#[derive(Debug, Parser)]
#[command(name = "impartial", version, max_term_width = 100, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub game: GameArgument,
}

/// The examples of `impartial --help`, each a line that runs as written (a test runs them).
const EXAMPLES: &str = "Examples:
  impartial octal 0.77 --n 1e5                   the values and the period of Kayles
  impartial misere octal 0.75 --n 100            the misère quotient of 0.75
  impartial prove cram --rows 4 --columns 5 --value -o cram.proof
                                                 Cram's value on a board, with a certificate
  impartial check cram.proof                     the certificate checked from the rules alone
  impartial serve                                the site, on a free port it prints";

/// What a heap game's run prints, after its own help.
const RUN_OUTPUT: &str = "The run computes the nim-values G(0), G(1), …, G(n): the proven \
period, the rare heaps and the frequency of every value, at any scale the memory allows.

Output on standard output: lines starting with `#` describe the run; every other line is \
`value count`, the number of heaps 0 to n with that value. A progress bar with values per \
second and the time left goes to standard error when it is a terminal.";

#[derive(Debug, Subcommand)]
pub enum GameArgument {
    /// The play-and-learn site: Nim, Fibonacci Nim and any heap game against the computer.
    ///
    /// In a browser, with the winning rule explained move by move, the theory, and pictures.
    /// Serves on 127.0.0.1 (a free port unless --port) and prints its address; Ctrl-C stops
    /// it.
    #[cfg(feature = "serve")]
    Serve(ServeArguments),
    /// The site, left out of this build (built with `--no-default-features`): `main` says so
    /// and how to get it, rather than clap's "unrecognized subcommand".
    #[cfg(not(feature = "serve"))]
    #[command(hide = true)]
    Serve {
        /// Whatever followed `serve`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        rest: Vec<String>,
    },
    /// An octal game by its code, as in Winning Ways: `0.6`, `.07`, `4.007`, `0.77` (Kayles).
    #[command(after_long_help = RUN_OUTPUT)]
    Octal {
        /// The code: digits after the point, each the ways to take that many counters.
        code: OctalGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// A hexadecimal game: as an octal code, with digits 8 to F that leave three heaps.
    #[command(after_long_help = RUN_OUTPUT)]
    Hexadecimal {
        /// The code, e.g. `0.F` or `0.8`.
        code: HexadecimalGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// A subtraction game: take any amount of the set from one heap.
    #[command(after_long_help = RUN_OUTPUT)]
    Subtraction {
        /// The amounts, e.g. `1,3,4` or `{2, 5, 7}`.
        set: SubtractionGame,
        #[command(flatten)]
        run: RunArguments,
    },
    /// Any take-and-break code: `4!.0` is Grundy's game.
    ///
    /// A hexadecimal code in which `!` after each digit that leaves two heaps makes them
    /// differ — `4!.0` is Grundy's game, `0.4!` splits a heap after taking one into two
    /// unequal heaps.
    #[command(after_long_help = RUN_OUTPUT)]
    Code {
        /// The code, e.g. `4!.0` or `0.F`.
        code: TakeAndBreak,
        #[command(flatten)]
        run: RunArguments,
    },
    /// Grundy's game: split a heap into two heaps of different sizes.
    #[command(after_long_help = RUN_OUTPUT)]
    Grundy {
        #[command(flatten)]
        run: RunArguments,
    },
    /// The misère quotient of a heap game (Plambeck and Siegel).
    ///
    /// Printed as a presentation, its P-portion and the element of every heap. Computed heap by heap, every heap proved,
    /// until the period of the elements is proved (the quotient of every heap) or --n is
    /// reached (the quotient of the heaps up to it); a quotient out of this engine's reach
    /// stops early and says where. Ctrl-C prints the quotient so far.
    Misere {
        #[command(subcommand)]
        game: MisereGame,
    },
    /// A code with a repeating tail, whose values climb: `0.[3]` is Nim.
    ///
    /// `0.30300[3]` takes 1, 3 or any amount from 6 on, `4.[3]` is Lasker's Nim. Prints the
    /// arithmetic period (G(n + p) = G(n) + s),
    /// proved from the values or only seen, and the values of one period, from which every
    /// heap follows.
    Repeating {
        /// The code: the digit before the point (0, 4, 8 or C), hexadecimal digits after it,
        /// then the tail's digit (1 to F) in brackets.
        code: RepeatingCode,
        #[command(flatten)]
        run: ClimbingArguments,
    },
    /// An all-but subtraction game: take any amount but those of the set. As `repeating`.
    #[command(name = "all-but")]
    AllBut {
        /// The amounts a move may not take, e.g. `2,4,5` (none: Nim).
        #[arg(value_parser = parse_all_but)]
        set: AllButSubtraction,
        #[command(flatten)]
        run: ClimbingArguments,
    },
    /// A search game's answer with a certificate that anyone can check without trusting it.
    ///
    /// Searches the game from its start (Sprouts: from N spots) for who wins, or with
    /// --value its nimber, and writes the certificate: every position the answer rests on,
    /// each with its claim and witnesses, nothing else. `impartial check FILE` (or the
    /// library's `Certificate::check`) confirms it from the rules alone; the guide's
    /// certificate chapter says how to check one without this program.
    #[command(subcommand)]
    Prove(ProveGame),
    /// Checks a certificate `impartial prove` wrote, with the library's checker: prints the
    /// claim, confirmed, or refuses the certificate naming what fails (exit code 1).
    ///
    /// The question is yours, not the file's: the game the certificate names, from its start
    /// (or --position), in normal play (or --misere). A certificate about another position —
    /// a sub-board, the poison square alone — or of the other play is refused, however true
    /// its own claim. What was confirmed is printed in the game's notation.
    Check {
        /// The certificate.
        file: PathBuf,
        /// The position the certificate must answer, in the game's notation: Cram rows of
        /// `.` (free) and `#` (covered) separated by `/`, from the top; Chomp's row lengths
        /// (`5 3 1`); the vertices or elements in play (`0,2,5`); Sprouts spots (`11`) or
        /// its notation (`0.0.AB.}]!`). The game's start by default (for Sprouts, the start
        /// the certificate names).
        #[arg(long, value_name = "POSITION")]
        position: Option<String>,
        /// The certificate must answer misère play (whoever moves last loses).
        #[arg(long)]
        misere: bool,
        /// Threads that check positions apart: 1 to 64, 0 for one per core.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=64))]
        threads: u32,
    },
    /// Surveys: one run per game of a family, each result a record, `survey merge` a table.
    ///
    /// Every code a digit pattern matches, every subtraction set of a size, every Cram, Chomp
    /// or Node Kayles board of a range of sizes — each result (period, preperiod, saltus,
    /// largest value, rare heaps, time; a board's nimber) a record file in a results
    /// directory; `survey merge` gathers them into one table. `--shard K/N` takes a share, so that N jobs of a cluster's scheduler
    /// (a Slurm job array, GNU parallel) cover the family exactly once; a job skips the games
    /// already recorded, so a killed one is simply run again.
    Survey {
        #[command(subcommand)]
        command: SurveyCommand,
    },
}

/// The games `prove` proves an answer of.
#[derive(Debug, Subcommand)]
pub enum ProveGame {
    /// Cram on a board of ROWS × COLUMNS, from the empty board.
    Cram {
        #[command(flatten)]
        size: BoardSize,
        #[command(flatten)]
        proof: ProofArguments,
    },
    /// Chomp on a bar of ROWS × COLUMNS squares.
    Chomp {
        #[command(flatten)]
        size: BoardSize,
        #[command(flatten)]
        proof: ProofArguments,
    },
    /// Node Kayles on the grid graph of ROWS × COLUMNS vertices.
    NodeKayles {
        #[command(flatten)]
        size: BoardSize,
        #[command(flatten)]
        proof: ProofArguments,
    },
    /// A poset game: ELEMENTS elements, ordered by the pairs of --relation (`0<1,1<2`).
    Poset {
        #[arg(long)]
        elements: usize,
        /// Pairs `a<b`, comma-separated; none for an antichain.
        #[arg(long, value_parser = parse_relation, default_value = "")]
        relation: Relation,
        #[command(flatten)]
        proof: ProofArguments,
    },
    /// Sprouts from SPOTS spots.
    Sprouts {
        #[arg(long)]
        spots: usize,
        #[command(flatten)]
        proof: ProofArguments,
    },
}

/// The size of a board, a bar or a grid graph `prove` starts from.
#[derive(Debug, Args)]
pub struct BoardSize {
    /// Rows of the board, the bar or the grid.
    #[arg(long)]
    pub rows: u32,
    /// Columns of the board, the bar or the grid.
    #[arg(long)]
    pub columns: u32,
}

/// What `prove` writes and how it searches.
#[derive(Debug, Args)]
pub struct ProofArguments {
    /// Where to write the certificate (through a file beside it, renamed over it).
    #[arg(long, short, value_name = "FILE")]
    pub output: PathBuf,
    /// Prove the nimber, not only who wins (a larger certificate, a longer search).
    #[arg(long)]
    pub value: bool,
    /// Prove who wins misère play, where whoever moves last loses (a search of whole
    /// positions, on one thread).
    #[arg(long, conflicts_with_all = ["value", "threads"])]
    pub misere: bool,
    /// Threads of the search: 1 to 64, 0 for one per core.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub threads: u32,
}

/// A poset's order: pairs of an element below another.
#[derive(Clone, Debug)]
pub struct Relation(pub Vec<(usize, usize)>);

/// A poset's order, `0<1,1<2`: each pair an element below another.
fn parse_relation(text: &str) -> Result<Relation, String> {
    text.split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (low, high) = pair
                .split_once('<')
                .ok_or_else(|| format!("`{pair}` is not a pair `a<b`"))?;
            let element = |text: &str| {
                text.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("`{text}` in `{pair}` is not an element's number"))
            };
            Ok((element(low)?, element(high)?))
        })
        .collect::<Result<_, String>>()
        .map(Relation)
}

/// What `survey` surveys, or `survey merge`.
#[derive(Debug, Subcommand)]
pub enum SurveyCommand {
    /// Every octal code a pattern matches, a `?` for each digit that varies (0 to 7): `0.???`
    /// is the 512 codes of three digits, `4.?7` eight.
    Octal {
        /// The pattern, e.g. `0.???`.
        pattern: String,
        #[command(flatten)]
        run: SurveyArguments,
    },
    /// Every hexadecimal code a pattern matches (`?`: 0 to F).
    Hexadecimal {
        /// The pattern, e.g. `0.??`.
        pattern: String,
        #[command(flatten)]
        run: SurveyArguments,
    },
    /// Every take-and-break code a pattern matches (`?`: 0 to F; the modifiers `!` and `=`
    /// as written): `4!.??`. The modifier `?` (not all equal) cannot be written in a
    /// pattern, where every `?` is a digit that varies: survey such codes one by one.
    Code {
        /// The pattern, e.g. `0.?!?`.
        pattern: String,
        #[command(flatten)]
        run: SurveyArguments,
    },
    /// Every subtraction set of AMOUNTS amounts from 1 to MAX.
    Subtraction {
        /// How many amounts in each set.
        #[arg(long)]
        amounts: u32,
        /// The largest amount a set may hold.
        #[arg(long)]
        max: u32,
        #[command(flatten)]
        run: SurveyArguments,
    },
    /// Every Cram board of a range of sizes (`--rows 1-5 --columns 1-9`), each valued from
    /// the empty board by the solver's decomposing search: one record per board.
    Cram {
        #[command(flatten)]
        boards: BoardArguments,
    },
    /// Every Chomp bar of a range of sizes, each valued by Chomp's table (every diagram of
    /// the bar, bottom-up).
    Chomp {
        #[command(flatten)]
        boards: BoardArguments,
    },
    /// Node Kayles on every grid graph of a range of sizes (each vertex joined to those
    /// beside, above and below it), valued from the whole grid by the solver.
    NodeKayles {
        #[command(flatten)]
        boards: BoardArguments,
    },
    /// Gathers the records of a results directory into one table on standard output, in
    /// family order. Refuses, naming them, if any record is damaged (cut, changed, or named
    /// for another game: run its shard again to replace it) or of another survey than the
    /// directory's, and if any game of the survey has no record yet.
    Merge {
        /// The results directory.
        directory: PathBuf,
        /// `csv`, or `markdown` (a table in the manner of Flammenkamp's).
        #[arg(long, value_enum, default_value_t = TableFormat::Csv)]
        format: TableFormat,
        /// Print the table of the games recorded so far, when some are missing (named on
        /// standard error).
        #[arg(long)]
        partial: bool,
    },
}

/// The options of a survey job.
#[derive(Debug, Args)]
pub struct SurveyArguments {
    /// The largest heap of each game's run: G(0) to G(n), or as far as the period is proved.
    #[arg(long, default_value = "2^20", value_parser = parse_survey_bound)]
    pub n: u64,
    /// The results directory, created if missing: one `KIND GAME.record` file per game.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// This job's share of the family, K of N (1 ≤ K ≤ N): the games whose place in the
    /// family's order is K − 1 modulo N.
    #[arg(long, default_value = "1/1", value_parser = parse_shard)]
    pub shard: Shard,
    /// Stop each game's run after SECONDS (looked at every 4 096 values): its record then
    /// says how far it got. Without it, a game whose values keep growing (0.04, 0.06) runs
    /// to n however long that takes.
    #[arg(long, value_name = "SECONDS")]
    pub seconds: Option<u64>,
    /// No line per game on standard error.
    #[arg(long)]
    pub quiet: bool,
}

/// The options of a board survey job.
#[derive(Debug, Args)]
pub struct BoardArguments {
    /// The rows of the boards: `N`, or `A-B` for every count from A to B.
    #[arg(long, value_parser = parse_sizes)]
    pub rows: RangeInclusive<u32>,
    /// The columns of the boards: `N`, or `A-B`.
    #[arg(long, value_parser = parse_sizes)]
    pub columns: RangeInclusive<u32>,
    /// The results directory, created if missing: one `KIND RxC.record` file per board.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// This job's share of the family, K of N: the boards whose place in the family's order
    /// (rows, then columns) is K − 1 modulo N.
    #[arg(long, default_value = "1/1", value_parser = parse_shard)]
    pub shard: Shard,
    /// Stop a board's search once it has stored STATES positions (Chomp: refuse a bar of
    /// more diagrams): its record then says it stopped. The same limit stops the same boards
    /// on every machine, unlike a time limit.
    #[arg(long, value_name = "STATES", value_parser = parse_states)]
    pub states: Option<u64>,
    /// Threads of each board's search (not Chomp's table): 1 to 64, 0 for one per core.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub threads: u32,
    /// No line per board on standard error.
    #[arg(long)]
    pub quiet: bool,
}

/// Sizes of 1 to 255: `N` or `A-B`, A ≤ B.
pub fn parse_sizes(text: &str) -> Result<RangeInclusive<u32>, String> {
    let refuse = || format!("{text}: a size is N or A-B (1 ≤ A ≤ B ≤ 255), e.g. 1-5");
    let size = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|size| (1..=255).contains(size))
            .ok_or_else(refuse)
    };
    let (first, last) = match text.split_once('-') {
        Some((first, last)) => (size(first)?, size(last)?),
        None => (size(text)?, size(text)?),
    };
    if first > last {
        return Err(refuse());
    }
    Ok(first..=last)
}

/// A state limit of at least 1.
pub fn parse_states(text: &str) -> Result<u64, String> {
    match u64::try_from(parse_count(text)?) {
        Ok(states) if states >= 1 => Ok(states),
        _ => Err(format!("{text}: a state limit is a count from 1, e.g. 1e7")),
    }
}

/// A survey's heap bound: 1 to the sequence engine's `MAX_HEAP`.
fn parse_survey_bound(text: &str) -> Result<u64, String> {
    match u64::try_from(parse_count(text)?) {
        Ok(bound) if (1..=MAX_HEAP).contains(&bound) => Ok(bound),
        _ => Err(format!(
            "{text}: a survey runs each game to a heap from 1 to {MAX_HEAP}"
        )),
    }
}

/// The formats of `survey merge`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TableFormat {
    Csv,
    Markdown,
}

/// Which share of a family a job takes: the members whose index is `part − 1` modulo
/// `parts`. The shares of `1/N` … `N/N` cover the family exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub part: u64,
    pub parts: u64,
}

impl Shard {
    pub fn takes(self, index: u64) -> bool {
        index % self.parts == self.part - 1
    }
}

/// Reads `K/N`, with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let refuse = || format!("{text}: a shard is K/N with 1 ≤ K ≤ N, e.g. 3/8");
    let (part, parts) = text.split_once('/').ok_or_else(refuse)?;
    let part: u64 = part.trim().parse().map_err(|_| refuse())?;
    let parts: u64 = parts.trim().parse().map_err(|_| refuse())?;
    if part == 0 || part > parts {
        return Err(refuse());
    }
    Ok(Shard { part, parts })
}

/// The options of a climbing game's run.
#[derive(Debug, Args)]
pub struct ClimbingArguments {
    /// The largest heap: G(0) to G(n) are computed, or as far as the arithmetic period is
    /// proved and the rest from it (up to 2^32 − 2 without one, 2^64 − 1 with one proved by
    /// heap 2^24). Accepts `1e6`, `2^20`.
    #[arg(long, default_value = "1e6", value_parser = parse_climbing_bound)]
    pub n: u64,
    /// Write every value, one per line after a `value` header, to FILE.
    #[arg(long, value_name = "FILE")]
    pub values: Option<PathBuf>,
}

fn parse_climbing_bound(text: &str) -> Result<u64, String> {
    let n = parse_count(text)?;
    u64::try_from(n).map_err(|_| format!("{text}: the largest heap is at most 2^64 − 1"))
}

/// A set with or without the `all-but` before it.
fn parse_all_but(text: &str) -> Result<AllButSubtraction, String> {
    let lower = text.trim_start().to_ascii_lowercase();
    let written = if lower.starts_with("all") {
        text.to_string()
    } else {
        format!("all-but({text})")
    };
    written.parse().map_err(|error| format!("{error}"))
}

/// Where `serve` listens.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
pub struct ServeArguments {
    /// The port; 0 (the default) takes a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// The address to listen on. Anything but loopback (`127.0.0.1`, `::1`) opens the site to
    /// the network: it has no login, only its request limits.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
}

/// The games whose misère quotient `misere` computes.
#[derive(Debug, Subcommand)]
pub enum MisereGame {
    /// An octal game by its code: `0.75`, `0.77` (Kayles), `0.07` (Dawson's Kayles).
    Octal {
        /// The code.
        code: OctalGame,
        #[command(flatten)]
        run: MisereArguments,
    },
    /// A hexadecimal game by its code.
    Hexadecimal {
        /// The code.
        code: HexadecimalGame,
        #[command(flatten)]
        run: MisereArguments,
    },
    /// A subtraction game by its set.
    Subtraction {
        /// The amounts, e.g. `1,3,4`.
        set: SubtractionGame,
        #[command(flatten)]
        run: MisereArguments,
    },
    /// Any take-and-break code, with modifiers: `4!.0` is Grundy's game.
    Code {
        /// The code.
        code: TakeAndBreak,
        #[command(flatten)]
        run: MisereArguments,
    },
}

/// The options of a quotient's computation.
#[derive(Debug, Args)]
pub struct MisereArguments {
    /// The largest heap to compute to (at most 4096) if the period is not proved before.
    #[arg(long, default_value = "4096", value_parser = parse_misere_bound)]
    pub n: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// A heap bound for `misere`: 1 to the quotient's `MAX_HEAP`.
fn parse_misere_bound(text: &str) -> Result<u64, String> {
    let count = parse_count(text)?;
    match u64::try_from(count) {
        Ok(bound) if (1..=impartial::quotient::MAX_HEAP).contains(&bound) => Ok(bound),
        _ => Err(format!(
            "{text}: a quotient is computed to a heap from 1 to {}",
            impartial::quotient::MAX_HEAP
        )),
    }
}

#[derive(Debug, Args)]
pub struct RunArguments {
    /// The largest heap: G(0) to G(n) are computed. Accepts `1000000`, `1_000_000`, `1e6`,
    /// `2^30`; at most 2^32 − 1 for a run that keeps every value, 2^48 − 1 with --prefix.
    #[arg(long, value_parser = parse_count)]
    pub n: u128,

    /// Save the run to DIR every few minutes (see --checkpoint-every), and go on from the
    /// checkpoint there if one exists: a run that was killed loses at most the values since
    /// the last one. DIR holds one game's run, used by one process at a time (DIR/lock);
    /// another game is refused. A run asked for fewer heaps than DIR holds answers from it.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,

    /// Seconds between checkpoints. Each costs one pass over the values so far (a bounded
    /// run: over what it keeps).
    #[arg(long, value_name = "SECONDS", default_value = "300", value_parser = parse_seconds)]
    pub checkpoint_every: Duration,

    /// Write the values G(0) … G(n) to FILE — those past a proven period too: `value` per
    /// line for `.csv` and `.txt` files, otherwise little-endian binary, in the narrowest
    /// width of 1, 2 or 4 bytes that holds every value (the width is printed).
    #[arg(long, value_name = "FILE")]
    pub values: Option<PathBuf>,

    /// Bounded memory: keep only G(0) … G(HEAPS − 1) and a window of recent values — about
    /// 12 × HEAPS bytes, whatever n — and stream every value to a binary file, counting the
    /// frequencies on the way. The file is values.bin in the checkpoint DIR, else the
    /// --values FILE if it is binary, else a temporary file (TMPDIR/impartial-PID.values,
    /// removed at the end; one left by a killed run is removed by the next bounded run); a
    /// --values FILE elsewhere gets a copy at the end. Works for games that never split
    /// heaps, and for the sparse-space games (0.6, 0.161, 0.167, Grundy's game) once every
    /// rare heap is below HEAPS: a new rare heap past it stops the run with an error that
    /// suggests a longer prefix. A search for a value that goes deeper than the prefix reads
    /// the values it needs back from the file.
    #[arg(long, value_name = "HEAPS", value_parser = parse_count)]
    pub prefix: Option<u128>,

    /// Write the rare heaps to FILE as `heap value` lines.
    #[arg(long, value_name = "FILE")]
    pub rare_heaps: Option<PathBuf>,

    /// Draw the nim-sequence to FILE as SVG: heap across, value up, the rare heaps circled,
    /// the period shaded. Not with --prefix (the picture reads every value).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,

    /// The method: `auto` chooses the sparse space where it pays.
    #[arg(long, value_enum, default_value_t = MethodArgument::Auto)]
    pub method: MethodArgument,

    /// Threads, 1 to 64, or 0 for one per core (default: 2 on two or more cores). In a sparse
    /// space all of them verify the values computed ahead; the direct recurrence uses at
    /// most 2. The values are the same whatever the number.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=64))]
    pub threads: Option<u8>,

    /// Compute every value up to n even once a period or an arithmetic period is proven.
    #[arg(long)]
    pub every_value: bool,

    /// On resuming a bounded run, check the whole values file against the checkpoint's
    /// checksums before going on. (By default the last block is checked then, blocks a deep
    /// search reads when it reads them, and every other block the run did not write itself
    /// before the run reports.)
    #[arg(long)]
    pub verify: bool,

    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,

    /// Values between progress reports, each a chance to checkpoint (for tests).
    #[arg(long, hide = true, default_value_t = 1 << 18, value_parser = clap::value_parser!(u64).range(1..))]
    pub report_every: u64,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MethodArgument {
    Auto,
    Direct,
    Sparse,
}

/// The longest wait between checkpoints: one a century away is never, and no clock needs to
/// add more.
const CENTURY: f64 = 100.0 * 365.25 * 86_400.0;

/// A number of seconds, as a duration a clock can add to.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(0.0..=CENTURY).contains(&seconds) {
        return Err(format!(
            "{text} seconds is not between 0 and a century ({CENTURY:.0} seconds)"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A run's size, checked against what its kind of run reaches.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    /// The largest heap.
    pub n: u64,
    /// The prefix of a bounded run.
    pub prefix: Option<u64>,
}

impl RunArguments {
    /// `--n` and `--prefix`, or the usage error that says which bound they pass.
    pub fn size(&self) -> Result<Size, clap::Error> {
        let usage = |message: String| {
            Cli::command().error(clap::error::ErrorKind::ValueValidation, message)
        };
        let Some(prefix) = self.prefix else {
            return match u64::try_from(self.n) {
                Ok(n) if n <= MAX_HEAP => Ok(Size { n, prefix: None }),
                _ => Err(usage(format!(
                    "--n {} is past {MAX_HEAP} (2^32 − 1), the largest heap of a run that \
                     keeps every value in memory; with --prefix HEAPS a bounded run goes to \
                     {MAX_STREAMED_HEAP} (2^48 − 1)",
                    self.n
                ))),
            };
        };
        let n = u64::try_from(self.n)
            .ok()
            .filter(|&n| n <= MAX_STREAMED_HEAP)
            .ok_or_else(|| {
                usage(format!(
                    "--n {} is past {MAX_STREAMED_HEAP} (2^48 − 1), the largest heap of a \
                     bounded run",
                    self.n
                ))
            })?;
        let prefix = u64::try_from(prefix)
            .ok()
            .filter(|&prefix| prefix <= MAX_HEAP + 1)
            .ok_or_else(|| {
                usage(format!(
                    "--prefix {prefix} is past 2^32, the most values a run keeps in memory"
                ))
            })?;
        Ok(Size {
            n,
            prefix: Some(prefix),
        })
    }

    pub fn options(&self) -> SequenceOptions {
        let mut options = SequenceOptions::default()
            .with_method(match self.method {
                MethodArgument::Auto => Method::Auto,
                MethodArgument::Direct => Method::Direct,
                MethodArgument::Sparse => Method::SparseSpace,
            })
            .with_prove_period(!self.every_value)
            .with_progress_every(self.report_every);
        if let Some(threads) = self.threads {
            options = options.with_threads(usize::from(threads));
        }
        options
    }
}

/// Whether a values file is written as text: `.csv` and `.txt` files, in any case.
pub fn is_text(path: &Path) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| {
            extension.eq_ignore_ascii_case("csv") || extension.eq_ignore_ascii_case("txt")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_from_zero_to_a_century() {
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["1e20", "-1", "inf", "NaN", "abc"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_files_in_any_case() {
        for text in ["a.csv", "a.CSV", "b.Txt"] {
            assert!(is_text(Path::new(text)), "{text}");
        }
        for binary in ["a.bin", "a", "csv", "a.csv.bin"] {
            assert!(!is_text(Path::new(binary)), "{binary}");
        }
    }
}
