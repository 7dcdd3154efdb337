//! `impartial survey cram | chomp | node-kayles`: every board of a range of sizes, each value
//! held to the library's solver and to the literature, shards run by GNU parallel merged
//! equal to one run, damaged records replaced, and a state limit that stops the same boards
//! every time.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::octal::OctalGame;
use impartial::{Nimber, Solver};

mod common;
use common::{has_gnu_parallel, run, shards_by_gnu_parallel, stdout};

/// The CSV header of merged board records.
const HEADER: &str = "kind,game,rows,columns,value,outcome,states,stopped,seconds";

/// The merged CSV of `directory`, by `(rows, columns)`: value, outcome and stopped (the
/// fields two runs of one board agree on; the states stored may differ on two threads).
fn merged(directory: &Path) -> BTreeMap<(u32, u32), [String; 3]> {
    let text = stdout(&run(&["survey", "merge", directory.to_str().unwrap()]));
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER));
    let mut rows = BTreeMap::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 9, "{line}");
        assert_eq!(fields[1], format!("{}x{}", fields[2], fields[3]));
        let key = (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        let row = [fields[4], fields[5], fields[7]].map(ToString::to_string);
        assert!(rows.insert(key, row).is_none(), "a board twice: {line}");
    }
    rows
}

/// Runs a board survey of `kind` into `directory`, with `more` arguments.
fn survey(kind: &str, rows: &str, columns: &str, directory: &Path, more: &[&str]) -> String {
    let mut arguments = vec![
        "survey",
        kind,
        "--rows",
        rows,
        "--columns",
        columns,
        "--results",
        directory.to_str().unwrap(),
        "--quiet",
    ];
    arguments.extend_from_slice(more);
    stdout(&run(&arguments))
}

fn value(row: &[String; 3]) -> u128 {
    row[0].parse().unwrap()
}

#[test]
fn cram_records_equal_the_solver_and_the_literature() {
    let results = tempfile::tempdir().unwrap();
    let summary = survey("cram", "1-4", "1-8", results.path(), &[]);
    assert!(summary.contains("32 run, 0 kept"), "{summary}");
    let rows = merged(results.path());
    assert_eq!(rows.len(), 32);
    // Cram on a strip of n cells is Dawson's Kayles, octal 0.07 (Winning Ways, ch. 4).
    let dawson = "0.07"
        .parse::<OctalGame>()
        .unwrap()
        .values_up_to(8)
        .unwrap();
    for ((height, width), row) in &rows {
        let game = Cram::new(*width, *height).unwrap();
        let expected = Solver::new(impartial::Whole(game))
            .grundy(game.start())
            .unwrap();
        assert_eq!(Nimber(value(row)), expected, "{height}x{width}");
        assert_eq!(row[1], if value(row) == 0 { "P" } else { "N" });
        assert_eq!(row[2], "false");
        if *height == 1 {
            assert_eq!(
                value(row),
                u128::from(dawson.get(u64::from(*width)).unwrap())
            );
        }
        // Even by even: the second player mirrors every move through the centre.
        if height % 2 == 0 && width % 2 == 0 {
            assert_eq!(value(row), 0, "{height}x{width}");
        }
    }
    // A board past 64 cells is no Cram board: counted and named, not failed.
    let large = tempfile::tempdir().unwrap();
    let large = survey("cram", "8-9", "8", large.path(), &["--states", "10"]);
    assert!(large.contains("1 not boards: 9x8 ("), "{large}");
    assert!(large.contains("0 failed"), "{large}");
}

#[test]
fn chomp_and_node_kayles_records_equal_the_solver() {
    let results = tempfile::tempdir().unwrap();
    survey("chomp", "1-4", "1-5", results.path(), &[]);
    for ((rows, columns), row) in merged(results.path()) {
        let game = Chomp::new(rows, columns).unwrap();
        // The solver's search, not the table the survey used.
        let expected = Solver::new(game.clone()).grundy(game.start()).unwrap();
        assert_eq!(Nimber(value(&row)), expected, "{rows}x{columns}");
        // A rectangle past the poisoned square alone is a first-player win: strategy
        // stealing.
        let expected_outcome = if rows * columns == 1 { "P" } else { "N" };
        assert_eq!(row[1], expected_outcome, "{rows}x{columns}");
    }
    let results = tempfile::tempdir().unwrap();
    survey(
        "node-kayles",
        "1-3",
        "1-6",
        results.path(),
        &["--threads", "3"],
    );
    // Node Kayles on a path of n vertices is octal 0.137 (Dawson's Chess) at heap n.
    let path = "0.137"
        .parse::<OctalGame>()
        .unwrap()
        .values_up_to(8)
        .unwrap();
    for ((rows, columns), row) in merged(results.path()) {
        let game = NodeKayles::grid(columns as usize, rows as usize).unwrap();
        let expected = Solver::new(impartial::Whole(game.clone()))
            .grundy(game.start())
            .unwrap();
        assert_eq!(Nimber(value(&row)), expected, "{rows}x{columns}");
        if rows == 1 {
            let heap = u64::from(columns);
            assert_eq!(value(&row), u128::from(path.get(heap).unwrap()));
        }
    }
}

#[test]
fn board_shards_run_by_gnu_parallel_merge_equal_one_run() {
    if !has_gnu_parallel() {
        return;
    }
    let whole = tempfile::tempdir().unwrap();
    survey("cram", "1-5", "1-6", whole.path(), &[]);
    let sharded = tempfile::tempdir().unwrap();
    let summaries = shards_by_gnu_parallel(
        &[
            "survey",
            "cram",
            "--rows",
            "1-5",
            "--columns",
            "1-6",
            "--results",
            sharded.path().to_str().unwrap(),
            "--quiet",
        ],
        4,
    );
    assert_eq!(summaries.matches("# survey of cram boards").count(), 4);
    // 30 boards in four shards: 8, 8, 7 and 7.
    assert_eq!(summaries.matches("8 run").count(), 2, "{summaries}");
    assert_eq!(summaries.matches("7 run").count(), 2, "{summaries}");
    let whole_rows = merged(whole.path());
    assert_eq!(whole_rows.len(), 30);
    assert_eq!(merged(sharded.path()), whole_rows);
}

#[test]
fn damaged_records_are_refused_then_replaced_and_limits_rerun() {
    let results = tempfile::tempdir().unwrap();
    let directory = results.path();
    survey("cram", "2-4", "3-6", directory, &[]);
    let before = merged(directory);
    assert_eq!(before.len(), 12);
    // One record gone, one cut in half: merge names the cut one; the rerun runs both.
    fs::remove_file(directory.join("cram 3x4.record")).unwrap();
    let cut = directory.join("cram 4x5.record");
    let text = fs::read_to_string(&cut).unwrap();
    fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let refused = run(&["survey", "merge", directory.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("cram 4x5.record"), "{message}");
    let summary = survey("cram", "2-4", "3-6", directory, &[]);
    assert!(summary.contains("2 run, 10 kept"), "{summary}");
    assert_eq!(merged(directory), before);
    // A run with another limit is another survey: refused here, before it computes.
    let refused = run(&[
        "survey",
        "cram",
        "--rows",
        "2-4",
        "--columns",
        "3-6",
        "--states",
        "50",
        "--results",
        directory.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("holds the survey of cram boards"),
        "{message}"
    );
    assert_eq!(merged(directory), before);
    // A state limit stops the large boards the same way each time.
    let limited_results = tempfile::tempdir().unwrap();
    let directory = limited_results.path();
    let limited = survey("cram", "2-4", "3-6", directory, &["--states", "50"]);
    assert!(limited.contains("12 run, 0 kept"), "{limited}");
    let rows = merged(directory);
    let stopped: Vec<_> = rows.iter().filter(|(_, row)| row[2] == "true").collect();
    assert!(!stopped.is_empty() && stopped.len() < 12, "{rows:?}");
    for (board, row) in &rows {
        if row[2] == "true" {
            assert_eq!(row[..2], ["", ""], "{board:?}");
        } else {
            assert_eq!(row, &before[board], "{board:?}");
        }
    }
    let markdown = stdout(&run(&[
        "survey",
        "merge",
        directory.to_str().unwrap(),
        "--format",
        "markdown",
    ]));
    assert!(
        markdown.starts_with("| cram: rows \\ columns | 3 | 4 | 5 | 6 |\n"),
        "{markdown}"
    );
    assert_eq!(
        markdown.matches(" ? |").count(),
        stopped.len(),
        "{markdown}"
    );
    let again = survey("cram", "2-4", "3-6", directory, &["--states", "50"]);
    assert!(again.contains("0 run, 12 kept"), "{again}");
}

#[test]
fn heap_and_board_surveys_do_not_share_a_directory() {
    let results = tempfile::tempdir().unwrap();
    let directory = results.path().to_str().unwrap();
    survey("cram", "2", "2-3", results.path(), &[]);
    let refused = run(&[
        "survey",
        "octal",
        "0.0?",
        "--n",
        "100",
        "--results",
        directory,
        "--quiet",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("holds the survey of cram boards of 2 to 2 rows"),
        "{message}"
    );
    // A heap game's record copied in is named by merge, not put in the boards' table.
    let other = tempfile::tempdir().unwrap();
    stdout(&run(&[
        "survey",
        "octal",
        "0.0?",
        "--n",
        "100",
        "--results",
        other.path().to_str().unwrap(),
        "--quiet",
    ]));
    fs::copy(
        other.path().join("octal 0.07.record"),
        results.path().join("octal 0.07.record"),
    )
    .unwrap();
    let refused = run(&["survey", "merge", directory]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("octal 0.07: a heap game"), "{message}");
}

#[test]
fn bad_board_families_are_refused() {
    for more in [
        &["--rows", "0", "--columns", "3"][..],
        &["--rows", "3-2", "--columns", "3"],
        &["--rows", "1-256", "--columns", "3"],
        &["--rows", "2", "--columns", "3", "--threads", "65"],
        &["--rows", "2", "--columns", "3", "--states", "0"],
        &["--rows", "2", "--columns", "3", "--shard", "3/2"],
        &["--rows", "2"],
    ] {
        let mut arguments = vec!["survey", "cram", "--results", "unused"];
        arguments.extend_from_slice(more);
        let output = run(&arguments);
        assert_eq!(output.status.code(), Some(2), "{more:?}");
        assert!(!output.stderr.is_empty(), "{more:?}");
        assert!(!Path::new("unused").exists());
    }
}

#[test]
fn a_board_that_cannot_be_valued_fails_with_its_reason_and_writes_no_record() {
    // Sixteen rows of 255: more diagrams than Chomp's table can count, so no table, and the
    // survey says so instead of trying.
    let results = tempfile::tempdir().unwrap();
    let directory = results.path().to_str().unwrap();
    let output = run(&[
        "survey",
        "chomp",
        "--rows",
        "16",
        "--columns",
        "255",
        "--results",
        directory,
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("0 run, 0 kept from an earlier run, 0 not boards, 1 failed"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("chomp 16x255: a table budget"), "{stderr}");
    // The survey's manifest, and no record.
    let names: Vec<String> = fs::read_dir(results.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["survey.manifest"]);
}
