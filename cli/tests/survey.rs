//! `impartial survey`: records against the library and the literature, shards run by GNU
//! parallel merged equal to one run of the whole family, a job killed and run again ends
//! with every game recorded once, damaged records named and replaced, never counted, and a
//! directory that is not one whole survey never merged as if it were.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;

mod common;
use common::{binary, has_gnu_parallel, run, shards_by_gnu_parallel, stdout, wait_for};

/// The merged CSV of `directory`, each row keyed by its game, without the time column
/// (the one column two runs of the same game may differ in).
fn merged(directory: &Path) -> BTreeMap<String, Vec<String>> {
    merged_with(directory, &[])
}

/// As [`merged`], with more arguments to `merge`.
fn merged_with(directory: &Path, more: &[&str]) -> BTreeMap<String, Vec<String>> {
    let mut arguments = vec!["survey", "merge", directory.to_str().unwrap()];
    arguments.extend(more);
    let text = stdout(&run(&arguments));
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
    // What the killed job left is not the whole survey: merge names what is missing, and
    // with --partial prints what is there (a temporary file is no record) …
    let refused = run(&["survey", "merge", results.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains(&format!(
            "{} of the survey's games have no record",
            63 - left
        )),
        "{message}"
    );
    assert_eq!(merged_with(results.path(), &["--partial"]).len(), left);
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

/// The arguments of a survey of `pattern` to `n` into `directory`, with `more`.
fn survey_of(pattern: &str, n: &str, directory: &Path, more: &[&str]) -> Vec<String> {
    let mut arguments: Vec<String> = ["survey", "octal", pattern, "--n", n, "--quiet"]
        .iter()
        .map(ToString::to_string)
        .collect();
    arguments.extend(["--results".into(), directory.to_str().unwrap().into()]);
    arguments.extend(more.iter().map(ToString::to_string));
    arguments
}

fn run_strings(arguments: &[String]) -> std::process::Output {
    run(&arguments.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Each of these once merged into a table, exit code 0, as if it were a whole survey.
#[test]
fn merge_refuses_a_directory_that_is_not_one_whole_survey() {
    // Shards 1/3 and 3/3 only: the games of shard 2/3 are named as missing.
    let results = tempfile::tempdir().unwrap();
    for shard in ["1/3", "3/3"] {
        stdout(&run_strings(&survey_of(
            "0.??",
            "2^12",
            results.path(),
            &["--shard", shard],
        )));
    }
    let refused = run(&["survey", "merge", results.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(refused.stdout.is_empty());
    let message = String::from_utf8_lossy(&refused.stderr);
    // 0.00 is no game; shard 2/3 holds indices 1, 4, 7, …: 0.01, 0.04, 0.07, …
    assert!(
        message.contains("21 of the survey's games have no record yet: 0.01, 0.04, 0.07"),
        "{message}"
    );
    assert_eq!(merged_with(results.path(), &["--partial"]).len(), 42);
    // The last shard run, the survey is whole.
    stdout(&run_strings(&survey_of(
        "0.??",
        "2^12",
        results.path(),
        &["--shard", "2/3"],
    )));
    assert_eq!(merged(results.path()).len(), 63);
    // Another n, another family, or another time limit into the same directory: refused
    // before anything is computed, naming the survey the directory holds.
    for (pattern, n, more) in [
        ("0.??", "2^14", &["--shard", "2/2"][..]),
        ("0.?7", "2^12", &[][..]),
        ("0.??", "2^12", &["--seconds", "5"][..]),
    ] {
        let output = run_strings(&survey_of(pattern, n, results.path(), more));
        assert_eq!(output.status.code(), Some(1), "{pattern} {n} {more:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains("holds the survey of octal 0.?? to n = 4096"),
            "{message}"
        );
    }
    assert_eq!(merged(results.path()).len(), 63);
    // A record of another survey copied in is named, not merged.
    let other = tempfile::tempdir().unwrap();
    // (0.17 is the 16th code of 0.??: shard 8/8.)
    stdout(&run_strings(&survey_of(
        "0.??",
        "2^10",
        other.path(),
        &["--shard", "8/8"],
    )));
    fs::copy(
        other.path().join("octal 0.17.record"),
        results.path().join("octal 0.17.record"),
    )
    .unwrap();
    let refused = run(&["survey", "merge", results.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("octal 0.17: run to n = 1024"), "{message}");
    // A directory of records with no manifest is no survey.
    fs::remove_file(other.path().join("survey.manifest")).unwrap();
    let refused = run(&["survey", "merge", other.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no survey.manifest"));
}

/// Two surveys started at once into one directory: one runs, the other is refused.
#[test]
fn two_surveys_cannot_write_one_directory_at_once() {
    for _ in 0..5 {
        let results = tempfile::tempdir().unwrap();
        let spawn = |n: &str| {
            binary()
                .args(survey_of("0.??", n, results.path(), &[]))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = (spawn("2^13"), spawn("2^15"));
        let outputs = [wait_for(first), wait_for(second)];
        let succeeded = outputs
            .iter()
            .filter(|output| output.status.success())
            .count();
        assert_eq!(succeeded, 1, "{outputs:?}");
        let rows = merged(results.path());
        assert_eq!(rows.len(), 63);
        let ns: std::collections::BTreeSet<&String> = rows.values().map(|row| &row[2]).collect();
        assert_eq!(ns.len(), 1, "{ns:?}");
    }
}

/// A killed job's temporary file is removed by the job that records its game; a FIFO named
/// like a record blocks nobody; a pattern with a line break is refused.
#[test]
fn what_killed_jobs_and_strangers_leave_is_no_trouble() {
    let results = tempfile::tempdir().unwrap();
    stdout(&run_strings(&survey_of(
        "0.1?",
        "2^10",
        results.path(),
        &["--shard", "1/2"],
    )));
    // 0.11 is in shard 2/2: a job killed while writing its record left this.
    let stale = results.path().join(".octal 0.11.4242-1-0.tmp");
    fs::write(&stale, "# impartial survey record 1\nkind oc").unwrap();
    let earlier = std::time::SystemTime::now() - Duration::from_secs(60);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(earlier)
        .unwrap();
    let fifo = results.path().join("octal 0.13.record");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // Merge names the FIFO and returns (it once waited on it for ever).
    let refused = run(&["survey", "merge", results.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a regular file"));
    // The other shard records 0.11 and 0.13 (over the FIFO), and removes the stale file.
    stdout(&run_strings(&survey_of(
        "0.1?",
        "2^10",
        results.path(),
        &["--shard", "2/2"],
    )));
    assert!(!stale.exists());
    assert_eq!(merged(results.path()).len(), 8);
    // A line break in a pattern would split a game's line in its record.
    for pattern in ["0.{2,\n3}?", "0.{2, 3}?"] {
        let output = run(&["survey", "code", pattern, "--results", "unused"]);
        assert_eq!(output.status.code(), Some(2), "{pattern:?}");
        assert!(!Path::new("unused").exists());
    }
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
