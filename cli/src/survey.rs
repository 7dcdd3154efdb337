//! `impartial survey`: one run per game of a family — every code a digit pattern matches,
//! every subtraction set of a size, every board of a range of sizes — each result a record
//! file in a results directory, and `survey merge` to gather the records into one table.
//!
//! There is no scheduler here: a cluster's own (a Slurm job array, GNU parallel) runs the
//! shards `--shard 1/N` … `N/N`, which cover the family exactly once. A job skips the games
//! whose record is already there, so a killed job is simply run again; a record is written
//! whole or not at all, and checked by its checksum when read. The directory's manifest says
//! which survey it holds: a job of another is refused, and `merge` prints a table only of a
//! whole survey (or, with `--partial`, says which games are missing).

mod board_record;
mod boards;
mod family;
mod manifest;
mod record;

use std::fmt::Write as _;
use std::fs;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use impartial::sequence::{Progress, SequenceOptions, Values};

use crate::args::{BoardArguments, SurveyArguments, SurveyCommand, TableFormat};
use crate::failure::{Failure, print, say};
use board_record::{BOARD_HEADER, BoardRecord};
use boards::{BoardFamily, BoardKind, Unvalued};
use family::{Family, Kind};
use manifest::Survey;
use record::Record;

/// How many of the codes a pattern matches that are no game the summary names.
const NOT_GAMES_NAMED: usize = 10;

/// Runs a survey command.
pub fn execute(command: &SurveyCommand) -> Result<(), Failure> {
    let (family, arguments) = match command {
        SurveyCommand::Octal { pattern, run } => (Family::pattern(Kind::Octal, pattern), run),
        SurveyCommand::Hexadecimal { pattern, run } => {
            (Family::pattern(Kind::Hexadecimal, pattern), run)
        }
        SurveyCommand::Code { pattern, run } => (Family::pattern(Kind::Code, pattern), run),
        SurveyCommand::Subtraction { amounts, max, run } => {
            (Family::subtraction(*amounts, *max), run)
        }
        SurveyCommand::Merge {
            directory,
            format,
            partial,
        } => return merge(directory, *format, *partial),
        SurveyCommand::Cram { boards } => return run_boards(BoardKind::Cram, boards),
        SurveyCommand::Chomp { boards } => return run_boards(BoardKind::Chomp, boards),
        SurveyCommand::NodeKayles { boards } => {
            return run_boards(BoardKind::NodeKayles, boards);
        }
    };
    let family = family.map_err(|message| Failure { message, code: 2 })?;
    run(&family, arguments)
}

/// Runs the games of `family` in this job's shard that have no record yet.
fn run(family: &Family, arguments: &SurveyArguments) -> Result<(), Failure> {
    let directory = &arguments.results;
    let survey = Survey::Heaps {
        family: family.clone(),
        n: arguments.n,
        time_limit: arguments.seconds,
    };
    survey.claim(directory)?;
    let kind = family.kind_name();
    let time_limit = arguments.seconds.map(Duration::from_secs);
    // With a time limit, the run looks at the clock every few thousand values.
    let options = match time_limit {
        Some(_) => SequenceOptions::default().with_progress_every(4_096),
        None => SequenceOptions::default(),
    };
    let (mut ran, mut kept, mut failed) = (0_u64, 0_u64, 0_u64);
    // The first few codes that are no game, named; the rest only counted.
    let (mut not_games, mut not_game_count) = (Vec::new(), 0_u64);
    for index in (0..family.len()).filter(|&index| arguments.shard.takes(index)) {
        let member = family.member(index);
        let game = match member.game {
            Ok(game) => game,
            Err(reason) => {
                not_game_count += 1;
                if not_games.len() < NOT_GAMES_NAMED {
                    not_games.push(format!("{} ({reason})", member.name));
                }
                continue;
            }
        };
        let path = Record::path(directory, kind, &member.name);
        match Record::load(&path) {
            Ok(record) if survey.unlike(&record).is_none() && record.index == index => {
                kept += 1;
                continue;
            }
            Err(reason) if path.exists() => {
                eprintln!("{}: {reason}; run again", path.display());
            }
            // Another n or time limit, or no record yet: run.
            Ok(_) | Err(_) => {}
        }
        let start = Instant::now();
        let started = SystemTime::now();
        let within_time = |_: &Progress| match time_limit {
            Some(limit) if start.elapsed() >= limit => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        };
        let sequence = match game.continued(Values::new(), arguments.n, &options, within_time) {
            Ok(sequence) => sequence,
            Err(error) => {
                eprintln!("{kind} {}: {error}", member.name);
                failed += 1;
                continue;
            }
        };
        let record = Record::of(
            kind,
            &member.name,
            index,
            arguments.n,
            &sequence,
            start.elapsed().as_secs_f64(),
            arguments.seconds,
        );
        record.save(directory, started)?;
        ran += 1;
        if !arguments.quiet {
            eprintln!("{}", summary(&record));
        }
    }
    say(format!(
        "# survey of {family}, shard {}/{}: {ran} run, {kept} kept from an earlier run, {} not games{}, {failed} failed",
        arguments.shard.part,
        arguments.shard.parts,
        not_game_count,
        named(&not_games, not_game_count)
    ))?;
    if failed > 0 {
        return Err(format!("{failed} games failed; their messages are above").into());
    }
    Ok(())
}

/// Values the boards of `kind` in this job's shard that have no record yet.
fn run_boards(kind: BoardKind, arguments: &BoardArguments) -> Result<(), Failure> {
    let family = BoardFamily {
        kind,
        rows: arguments.rows.clone(),
        columns: arguments.columns.clone(),
    };
    let directory = &arguments.results;
    let survey = Survey::Boards {
        family: family.clone(),
        state_limit: arguments.states,
    };
    survey.claim(directory)?;
    let (mut ran, mut kept, mut failed) = (0_u64, 0_u64, 0_u64);
    let (mut not_boards, mut not_board_count) = (Vec::new(), 0_u64);
    for index in (0..family.len()).filter(|&index| arguments.shard.takes(index)) {
        let (rows, columns) = family.member(index);
        let name = BoardRecord::name(rows, columns);
        let path = Record::path(directory, kind.name(), &name);
        match BoardRecord::load(&path) {
            Ok(record) if survey.unlike_board(&record).is_none() && record.index == index => {
                kept += 1;
                continue;
            }
            Err(reason) if path.exists() => eprintln!("{}: {reason}; run again", path.display()),
            // Another state limit or place, or no record yet: run.
            Ok(_) | Err(_) => {}
        }
        let started = Instant::now();
        let started_at = SystemTime::now();
        let valued = match boards::value_board(kind, rows, columns, arguments) {
            Ok(valued) => valued,
            Err(Unvalued::NotABoard(reason)) => {
                not_board_count += 1;
                if not_boards.len() < NOT_GAMES_NAMED {
                    not_boards.push(format!("{name} ({reason})"));
                }
                continue;
            }
            Err(Unvalued::Failed(reason)) => {
                eprintln!("{} {name}: {reason}", kind.name());
                failed += 1;
                continue;
            }
        };
        let record = boards::record_of(kind, (rows, columns), index, &valued, started, arguments);
        record.save(directory, started_at)?;
        ran += 1;
        if !arguments.quiet {
            let value = record.value.map_or_else(
                || "stopped by the state limit".to_string(),
                |value| format!("*{value}"),
            );
            eprintln!(
                "{} {}: {value}, {} states ({:.3} s)",
                record.kind, record.game, record.states, record.seconds
            );
        }
    }
    say(format!(
        "# survey of {family}, shard {}/{}: {ran} run, {kept} kept from an earlier run, {not_board_count} not boards{}, {failed} failed",
        arguments.shard.part,
        arguments.shard.parts,
        named(&not_boards, not_board_count)
    ))?;
    if failed > 0 {
        return Err(format!("{failed} boards failed; their messages are above").into());
    }
    Ok(())
}

/// `: a, b, c` for the first `names` of `count`, `, and N more` for the rest.
fn named(names: &[String], count: u64) -> String {
    let unnamed = count.saturating_sub(names.len() as u64);
    match (names.is_empty(), unnamed) {
        (true, _) => String::new(),
        (false, 0) => format!(": {}", names.join(", ")),
        (false, more) => format!(": {}, and {more} more", names.join(", ")),
    }
}

/// One line on a game's result.
fn summary(record: &Record) -> String {
    let period = match record.period {
        Some((preperiod, period, 0)) => format!("period {period}, preperiod {preperiod}"),
        Some((preperiod, period, saltus)) => {
            format!("arithmetic period {period}, saltus {saltus}, preperiod {preperiod}")
        }
        None if record.stopped => format!(
            "no period to {} (stopped there by the time limit)",
            record.computed.saturating_sub(1)
        ),
        None => format!("no period to {}", record.n),
    };
    format!(
        "{} {}: {period}, largest value {} ({:.3} s)",
        record.kind, record.game, record.largest, record.seconds
    )
}

/// Prints the records of `directory` as one table, in family order. Refuses, naming each,
/// a record that is damaged, named for another game or of another survey than the
/// directory's manifest says; and, unless `partial`, a survey with games still missing
/// (named too): a table of part of a family is not the family's.
fn merge(directory: &Path, format: TableFormat, partial: bool) -> Result<(), Failure> {
    let survey = Survey::load(directory)?.ok_or_else(|| {
        format!(
            "{}: no {}, so not the results directory of a survey",
            directory.display(),
            manifest::MANIFEST_NAME
        )
    })?;
    let (mut records, mut board_records) = read_records(directory)?;
    let (foreign, missing) = check_whole(&survey, &records, &board_records);
    if !foreign.is_empty() {
        return Err(format!(
            "{} records not of the survey of {survey} that {} holds:\n{}",
            foreign.len(),
            directory.display(),
            foreign.join("\n")
        )
        .into());
    }
    let (missing_names, missing_count) = missing;
    if missing_count > 0 && !partial {
        return Err(format!(
            "{}: {missing_count} of the survey's games have no record yet{}; run their shards, \
             or merge with --partial for a table of those done",
            directory.display(),
            named(&missing_names, missing_count)
        )
        .into());
    }
    let count = if board_records.is_empty() {
        records.sort_by_key(|record| record.index);
        print(&table(&records, format))?;
        records.len()
    } else {
        board_records.sort_by_key(|record| record.index);
        print(&board_table(&board_records, format))?;
        board_records.len()
    };
    if missing_count > 0 {
        eprintln!(
            "{count} records of the survey of {survey}, not all of it: {missing_count} games \
             missing{}",
            named(&missing_names, missing_count)
        );
    } else {
        eprintln!("{count} records: the whole survey of {survey}");
    }
    Ok(())
}

/// The records of another survey than `survey` (each a line saying why), and the names of
/// the first of the survey's games with no record, with how many there are.
fn check_whole(
    survey: &Survey,
    records: &[Record],
    board_records: &[BoardRecord],
) -> (Vec<String>, (Vec<String>, u64)) {
    let mut recorded = vec![false; usize::try_from(survey.len()).unwrap_or(usize::MAX)];
    let places = records
        .iter()
        .map(|record| {
            (
                &record.kind,
                &record.game,
                record.index,
                survey.unlike(record),
            )
        })
        .chain(board_records.iter().map(|record| {
            let unlike = survey.unlike_board(record);
            (&record.kind, &record.game, record.index, unlike)
        }));
    let mut foreign = Vec::new();
    for (kind, game, index, unlike) in places {
        match unlike {
            Some(why) => foreign.push(format!("{kind} {game}: {why}")),
            None => recorded[usize::try_from(index).unwrap_or(usize::MAX)] = true,
        }
    }
    foreign.sort();
    let (mut names, mut count) = (Vec::new(), 0_u64);
    for (index, _) in (0..).zip(&recorded).filter(|(_, done)| !**done) {
        if let Some(name) = survey.recorded_name(index) {
            count += 1;
            if names.len() < NOT_GAMES_NAMED {
                names.push(name);
            }
        }
    }
    (foreign, (names, count))
}

/// Every record of `directory`, heap games' and boards', each checked and under its own
/// name; refused, naming each, if any is not.
fn read_records(directory: &Path) -> Result<(Vec<Record>, Vec<BoardRecord>), Failure> {
    let entries =
        fs::read_dir(directory).map_err(|error| format!("{}: {error}", directory.display()))?;
    let (mut records, mut board_records, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    for entry in entries {
        let path = entry
            .map_err(|error| format!("{}: {error}", directory.display()))?
            .path();
        let is_record = path
            .extension()
            .is_some_and(|extension| extension == record::EXTENSION);
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if !is_record || hidden {
            continue;
        }
        let text = match record::read_text(&path) {
            Ok(text) => text,
            Err(error) => {
                damaged.push(format!("{}: {error}", path.display()));
                continue;
            }
        };
        let read = if text.lines().next() == Some(BOARD_HEADER) {
            BoardRecord::from_text(&text).map(|record| {
                let name = (record.kind.clone(), record.game.clone());
                board_records.push(record);
                name
            })
        } else {
            Record::from_text(&text).map(|record| {
                let name = (record.kind.clone(), record.game.clone());
                records.push(record);
                name
            })
        };
        match read {
            Ok((kind, game)) if Record::path(directory, &kind, &game) == path => {}
            Ok((kind, game)) => damaged.push(format!(
                "{}: the record of {kind} {game}, under another name",
                path.display()
            )),
            Err(reason) => damaged.push(format!("{}: {reason}", path.display())),
        }
    }
    if !damaged.is_empty() {
        damaged.sort();
        return Err(format!(
            "{} damaged records (run their shard again to replace them):\n{}",
            damaged.len(),
            damaged.join("\n")
        )
        .into());
    }
    Ok((records, board_records))
}

/// Board records as CSV, or as Markdown grids in the manner of Winning Ways' table of Cram:
/// for each game, a row of the grid for each count of rows, a column for each of columns.
fn board_table(records: &[BoardRecord], format: TableFormat) -> String {
    let mut text = String::new();
    match format {
        TableFormat::Csv => {
            text.push_str("kind,game,rows,columns,value,outcome,states,stopped,seconds\n");
            for record in records {
                let (value, outcome) = match record.value {
                    Some(value) => (value.to_string(), if value == 0 { "P" } else { "N" }),
                    None => (String::new(), ""),
                };
                let _ = writeln!(
                    text,
                    "{},{},{},{},{value},{outcome},{},{},{:.6}",
                    record.kind,
                    record.game,
                    record.rows,
                    record.columns,
                    record.states,
                    record.stopped,
                    record.seconds
                );
            }
        }
        TableFormat::Markdown => {
            let mut kinds: Vec<&str> = records.iter().map(|record| record.kind.as_str()).collect();
            kinds.dedup();
            for kind in kinds {
                let of_kind: Vec<&BoardRecord> = records
                    .iter()
                    .filter(|record| record.kind == kind)
                    .collect();
                board_grid(&mut text, kind, &of_kind);
            }
        }
    }
    text
}

/// One game's Markdown grid: `*v` for a value, `?` for a board the state limit stopped,
/// blank for a board with no record.
fn board_grid(text: &mut String, kind: &str, records: &[&BoardRecord]) {
    let mut rows: Vec<u32> = records.iter().map(|record| record.rows).collect();
    let mut columns: Vec<u32> = records.iter().map(|record| record.columns).collect();
    rows.sort_unstable();
    rows.dedup();
    columns.sort_unstable();
    columns.dedup();
    if !text.is_empty() {
        text.push('\n');
    }
    let _ = write!(text, "| {kind}: rows \\ columns |");
    for column in &columns {
        let _ = write!(text, " {column} |");
    }
    text.push_str("\n|---|");
    text.push_str(&"---:|".repeat(columns.len()));
    text.push('\n');
    for row in rows {
        let _ = write!(text, "| {row} |");
        for &column in &columns {
            let cell = records
                .iter()
                .find(|record| record.rows == row && record.columns == column)
                .map_or(String::new(), |record| {
                    record
                        .value
                        .map_or("?".to_string(), |value| format!("*{value}"))
                });
            let _ = write!(text, " {cell} |");
        }
        text.push('\n');
    }
}

/// The records as CSV, or as a Markdown table in the manner of Flammenkamp's tables of
/// octal games.
fn table(records: &[Record], format: TableFormat) -> String {
    let mut text = String::new();
    match format {
        TableFormat::Csv => {
            text.push_str(
                "kind,game,n,computed,preperiod,period,saltus,largest,rare_heaps,method,stopped,seconds\n",
            );
            for record in records {
                let (preperiod, period, saltus) = match record.period {
                    Some((preperiod, period, saltus)) => (
                        preperiod.to_string(),
                        period.to_string(),
                        saltus.to_string(),
                    ),
                    None => (String::new(), String::new(), String::new()),
                };
                let _ = writeln!(
                    text,
                    "{},{},{},{},{preperiod},{period},{saltus},{},{},{},{},{:.6}",
                    record.kind,
                    csv_field(&record.game),
                    record.n,
                    record.computed,
                    record.largest,
                    record
                        .rare_heaps
                        .map_or(String::new(), |count| count.to_string()),
                    record.method,
                    record.stopped,
                    record.seconds
                );
            }
        }
        TableFormat::Markdown => {
            text.push_str("| game | period | preperiod | saltus | largest value | rare heaps |\n");
            text.push_str("|---|---:|---:|---:|---:|---:|\n");
            for record in records {
                let (period, preperiod, saltus) = match record.period {
                    Some((preperiod, period, saltus)) => (
                        period.to_string(),
                        preperiod.to_string(),
                        saltus.to_string(),
                    ),
                    None => (
                        format!("none to {}", record.computed.saturating_sub(1)),
                        "–".into(),
                        "–".into(),
                    ),
                };
                let _ = writeln!(
                    text,
                    "| {} {} | {period} | {preperiod} | {saltus} | {} | {} |",
                    record.kind,
                    record.game,
                    record.largest,
                    record
                        .rare_heaps
                        .map_or("–".to_string(), |count| count.to_string())
                );
            }
        }
    }
    text
}

/// A set `1,3,4` quoted, as its commas would split it.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
