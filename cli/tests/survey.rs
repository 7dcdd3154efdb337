//! `impartial survey`: records against the library and the literature, shards run by GNU
//! parallel merged equal to one run of the whole family, a job killed and run again ends
//! with every game recorded once, and damaged records named and replaced, never counted.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;

mod common;
use common::{binary, has_gnu_parallel, run, shards_by_gnu_parallel, stdout};

/// The merged CSV of `directory`, each row keyed by its game, without the time column
/// (the one column two runs of the same game may differ in).
fn merged(directory: &Path) -> BTreeMap<String, Vec<String>> {
    let text = stdout(&run(&["survey", "merge", directory.to_str().unwrap()]));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "kind,game,n,computed,preperiod,period,saltus,largest,rare_heaps,method,stopped,seconds"
        )
    );
    let mut rows = BTreeMap::new();
    for line in lines {
        let fields = csv_fields(line);
        let key = format!("{} {}", fields[0], fields[1]);
        let without_time = fields[..fields.len() - 1].to_vec();
        assert!(
            rows.insert(key, without_time).is_none(),
            "a game twice: {line}"
        );
    }
    rows
}

/// The fields of a CSV line, a quoted field unquoted.
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for letter in line.chars() {
        match letter {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(letter),
        }
    }
    fields
}

fn records_in(directory: &Path) -> usize {
    fs::read_dir(directory).map_or(0, |entries| {
        entries
            .filter(|entry| {
                let name = entry.as_ref().unwrap().file_name();
                let name = name.to_string_lossy();
                name.ends_with(".record") && !name.starts_with('.')
            })
            .count()
    })
}

#[test]
fn records_equal_the_library_and_the_known_periods() {
    let results = tempfile::tempdir().unwrap();
    let directory = results.path().to_str().unwrap();
    let summary = stdout(&run(&[
        "survey",
        "octal",
        "0.?7",
        "--n",
        "2000",
        "--results",
        directory,
    ]));
    assert!(summary.contains("8 run, 0 kept"), "{summary}");
    let rows = merged(results.path());
    assert_eq!(rows.len(), 8);
    for (key, row) in &rows {
        let code = key.strip_prefix("octal ").unwrap();
        let sequence = code
            .parse::<OctalGame>()
            .unwrap()
            .values_up_to(2000)
            .unwrap();
        let fields = row;
        let period = sequence.period();
        let expected_period = period.map_or((String::new(), String::new()), |period| {
            (period.preperiod.to_string(), period.period.to_string())
        });
        assert_eq!(
            (fields[4].clone(), fields[5].clone()),
            expected_period,
            "{key}"
        );
        assert_eq!(fields[3], sequence.computed_len().to_string(), "{key}");
        let largest = sequence.computed_values().iter().max().unwrap();
        assert_eq!(fields[7], largest.to_string(), "{key}");
    }
    // Guy and Smith (1956), Winning Ways ch. 4: Dawson's Kayles and Kayles.
    assert_eq!(rows["octal 0.07"][4..7], ["53", "34", "0"]);
    assert_eq!(rows["octal 0.77"][4..7], ["71", "12", "0"]);
    // Run again: every game is kept, none run.
    let again = stdout(&run(&[
        "survey",
        "octal",
        "0.?7",
        "--n",
        "2000",
        "--results",
        directory,
    ]));
    assert!(again.contains("0 run, 8 kept"), "{again}");
}

#[test]
fn shards_run_by_gnu_parallel_merge_equal_one_run_of_the_family() {
    if !has_gnu_parallel() {
        return;
    }
    let whole = tempfile::tempdir().unwrap();
    stdout(&run(&[
        "survey",
        "octal",
        "0.??",
        "--n",
        "4096",
        "--results",
        whole.path().to_str().unwrap(),
        "--quiet",
    ]));
    let sharded = tempfile::tempdir().unwrap();
    let summaries = shards_by_gnu_parallel(
        &[
            "survey",
            "octal",
            "0.??",
            "--n",
            "4096",
            "--results",
            sharded.path().to_str().unwrap(),
            "--quiet",
        ],
        3,
    );
    assert_eq!(
        summaries.matches("# survey of octal 0.??, shard").count(),
        3
    );
    let whole_rows = merged(whole.path());
    assert_eq!(whole_rows.len(), 63, "0.00 is no game");
    assert_eq!(merged(sharded.path()), whole_rows);
}

#[test]
fn a_killed_job_run_again_records_every_game_once() {
    let whole = tempfile::tempdir().unwrap();
    let family = ["survey", "octal", "0.??", "--n", "2^16", "--seconds", "1"];
    let with = |directory: &Path| {
        let mut arguments: Vec<String> = family.iter().map(ToString::to_string).collect();
        arguments.extend(["--results".into(), directory.to_str().unwrap().into()]);
        arguments.push("--quiet".into());
        arguments
    };
    let results = tempfile::tempdir().unwrap();
    let mut child = binary()
        .args(with(results.path()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed once a few records are in and before the last: 0.04, the fifth game, has
    // values that keep growing and takes a while.
    let started = Instant::now();
    while records_in(results.path()) < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "no records");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let left = records_in(results.path());
    assert!((3..63).contains(&left), "{left} records when killed");
    // What the killed job left merges (a temporary file is no record) …
    assert_eq!(merged(results.path()).len(), left);
    // … and a half-written record, as a disk that filled up might leave, is named and
    // refused by merge, then replaced by the run.
    let cut = results.path().join("octal 0.01.record");
    let text = fs::read_to_string(&cut).unwrap();
    fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let refused = run(&["survey", "merge", results.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("octal 0.01.record"), "{message}");
    let summary = stdout(&run(&with(results.path())
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()));
    assert!(summary.contains(&format!("{} kept", left - 1)), "{summary}");
    stdout(&run(&with(whole.path())
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()));
    let rows = merged(results.path());
    assert_eq!(rows.len(), 63);
    // The games the time limit stopped, in either run, may stop at another heap; the rest
    // are equal.
    let whole_rows = merged(whole.path());
    let mut compared = 0;
    for (key, row) in &rows {
        if row[10] == "false" && whole_rows[key][10] == "false" {
            assert_eq!(row, &whole_rows[key], "{key}");
            compared += 1;
        }
    }
    assert!(
        compared >= 40,
        "only {compared} of 63 games ran to n in both runs"
    );
}

#[test]
fn bad_families_and_shards_are_refused() {
    for arguments in [
        &["survey", "octal", "0.77", "--results", "unused"][..],
        &[
            "survey",
            "octal",
            "0.??",
            "--results",
            "unused",
            "--shard",
            "4/3",
        ],
        &[
            "survey",
            "octal",
            "0.??",
            "--results",
            "unused",
            "--shard",
            "0/3",
        ],
        &["survey", "hexadecimal", "0.??????", "--results", "unused"],
        &[
            "survey",
            "subtraction",
            "--amounts",
            "4",
            "--max",
            "3",
            "--results",
            "unused",
        ],
        &["survey", "octal", "0.??", "--results", "unused", "--n", "0"],
    ] {
        let output = run(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(!output.stderr.is_empty(), "{arguments:?}");
        assert!(!Path::new("unused").exists());
    }
}

#[test]
fn subtraction_families_are_every_set() {
    let results = tempfile::tempdir().unwrap();
    let summary = stdout(&run(&[
        "survey",
        "subtraction",
        "--amounts",
        "2",
        "--max",
        "5",
        "--n",
        "1000",
        "--results",
        results.path().to_str().unwrap(),
    ]));
    assert!(summary.contains("10 run"), "{summary}");
    let rows = merged(results.path());
    assert_eq!(rows.len(), 10);
    // A subtraction game is periodic; S(1, 2) has period 3 from the start.
    assert_eq!(rows["subtraction 1,2"][4..7], ["0", "3", "0"]);
    // Every subtraction game is periodic (a finite set): each has its period proved.
    for (key, row) in &rows {
        assert_eq!(row[10], "false", "{key}");
        assert!(!row[5].is_empty(), "{key}");
    }
}

#[test]
fn codes_that_are_no_game_are_counted_and_the_first_ten_named() {
    let results = tempfile::tempdir().unwrap();
    let summary = stdout(&run(&[
        "survey",
        "code",
        "?!.?",
        "--n",
        "100",
        "--results",
        results.path().to_str().unwrap(),
        "--quiet",
    ]));
    // 256 codes, most of them refused by the parser, each with its reason.
    assert!(summary.contains("48 run"), "{summary}");
    assert!(
        summary.contains("208 not games: 0!.0 (every digit is 0"),
        "{summary}"
    );
    assert!(summary.contains(", and 198 more, 0 failed"), "{summary}");
    assert_eq!(summary.matches("(the modifier").count(), 9, "{summary}");
}
