//! The `impartial` binary (feature `cli`): its numbers against the library's, frequencies
//! from a proven period against every value counted, a run killed mid-way and resumed from
//! its checkpoint against a run never stopped, and clear errors for damaged checkpoints,
//! another game's checkpoint and bad arguments.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_impartial"))
}

fn run(arguments: &[&str]) -> Output {
    binary().args(arguments).output().expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// The `value count` lines.
fn frequencies(text: &str) -> BTreeMap<u32, u64> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (value, count) = line.split_once(' ').expect("value count");
            (value.parse().unwrap(), count.parse().unwrap())
        })
        .collect()
}

fn counted(values: &[u32]) -> BTreeMap<u32, u64> {
    let mut counts = BTreeMap::new();
    for &value in values {
        *counts.entry(value).or_default() += 1;
    }
    counts
}

/// A fresh directory under the target directory for one test.
fn scratch(name: &str) -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

/// Reads a binary values file of `width`-byte little-endian integers.
fn read_values(path: &Path, width: usize) -> Vec<u32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(width)
        .map(|bytes| {
            let mut word = [0u8; 4];
            word[..width].copy_from_slice(bytes);
            u32::from_le_bytes(word)
        })
        .collect()
}

/// Runs the binary with `arguments` and kills it as soon as `checkpoint` exists — before
/// it finishes, or the test fails.
fn kill_after_checkpoint(arguments: &[String], checkpoint: &Path) {
    let mut child = binary()
        .args(arguments)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !checkpoint.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no checkpoint"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    assert!(
        !child.wait().unwrap().success(),
        "the run finished before it could be killed"
    );
}

/// The number that follows `label` at the start of a line of `output`.
fn number_after(output: &str, label: &str) -> u64 {
    output
        .lines()
        .find_map(|line| line.strip_prefix(label))
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no line starts with {label:?}: {output}"))
        .parse()
        .unwrap()
}

/// The heaps of a `--rare-heaps` file, each checked to have its value in `values`.
fn rare_heaps(path: &Path, values: &[u32]) -> Vec<u64> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| {
            let (heap, value) = line.split_once(' ').unwrap();
            let heap: u64 = heap.parse().unwrap();
            assert_eq!(value.parse::<u32>().unwrap(), values[heap as usize]);
            heap
        })
        .collect()
}

#[test]
fn numbers_agree_with_the_library() {
    let directory = scratch("numbers");
    let values_file = directory.join("values.bin");
    let rare_file = directory.join("rare.txt");
    let output = stdout(&run(&[
        "octal",
        "0.6",
        "--n",
        "20_000",
        "--values",
        values_file.to_str().unwrap(),
        "--rare-heaps",
        rare_file.to_str().unwrap(),
        "--quiet",
    ]));
    let sequence = "0.6"
        .parse::<OctalGame>()
        .unwrap()
        .values_up_to(20_000)
        .unwrap();
    let values = &sequence.computed_values().to_vec()[..];
    assert_eq!(frequencies(&output), counted(values));
    assert!(
        output.contains("# period: none up to n = 20000"),
        "{output}"
    );
    let width = if values.iter().any(|&value| value > 255) {
        2
    } else {
        1
    };
    assert!(
        output.contains(&format!("as {width}-byte little-endian")),
        "{output}"
    );
    assert_eq!(read_values(&values_file, width), values);
    assert_eq!(
        rare_heaps(&rare_file, values),
        sequence.rare_heap_list().unwrap()
    );
    // The same values as text.
    let csv = directory.join("values.csv");
    stdout(&run(&[
        "octal",
        "0.6",
        "--n",
        "500",
        "-q",
        "--values",
        csv.to_str().unwrap(),
    ]));
    let text: Vec<u32> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(text, &values[..=500]);
}

#[test]
fn frequencies_from_a_period_equal_every_value_counted() {
    // Kayles (period 12 from 71), Dawson's Kayles (34 from 53), a subtraction game (7 from
    // 0) and Grundy's game (no period) at sizes that end mid-cycle.
    for arguments in [
        &["octal", "0.77", "--n", "100003"][..],
        &["octal", "0.07", "--n", "54321"],
        &["subtraction", "1,3,4", "--n", "99999"],
        &["hexadecimal", "0.F", "--n", "1001"],
        &["grundy", "--n", "3000"],
    ] {
        let from_period = stdout(&run(arguments));
        let mut every = arguments.to_vec();
        every.push("--every-value");
        let every_value = stdout(&run(&every));
        let n: u64 = arguments[arguments.len() - 1].parse().unwrap();
        let counts = frequencies(&from_period);
        assert_eq!(counts, frequencies(&every_value), "{arguments:?}");
        assert_eq!(counts.values().sum::<u64>(), n + 1, "{arguments:?}");
    }
    let kayles = stdout(&run(&["octal", "0.77", "--n", "1e5"]));
    assert!(
        kayles.contains("# period: period 12 from n = 71"),
        "{kayles}"
    );
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint() {
    let n = 400_000;
    let directory = scratch("resume");
    let checkpoint = directory.join("0.6");
    let checkpoint_file = checkpoint.join("values.checkpoint");
    let arguments = |values: &Path| {
        vec![
            "octal".to_string(),
            "0.6".to_string(),
            "--n".to_string(),
            n.to_string(),
            "--checkpoint".to_string(),
            checkpoint.to_str().unwrap().to_string(),
            "--checkpoint-every".to_string(),
            "0".to_string(),
            "--values".to_string(),
            values.to_str().unwrap().to_string(),
            "-q".to_string(),
        ]
    };
    // Killed as soon as a checkpoint exists, before it finishes.
    let first_values = directory.join("first.bin");
    kill_after_checkpoint(&arguments(&first_values), &checkpoint_file);
    assert!(!first_values.exists(), "the killed run wrote its values");
    // Started again: it says where it resumed, and gives the values of a run never stopped.
    let values_file = directory.join("values.bin");
    let output = stdout(&binary().args(arguments(&values_file)).output().unwrap());
    let resumed_from = number_after(&output, "# resumed from ");
    assert!(resumed_from > 0 && resumed_from <= n, "{output}");
    let expected = "0.6".parse::<OctalGame>().unwrap().values_up_to(n).unwrap();
    let values = &expected.computed_values().to_vec()[..];
    assert_eq!(read_values(&values_file, 2), values);
    assert_eq!(frequencies(&output), counted(values));
    // The checkpoint now holds every value; a third run computes nothing and agrees.
    let again = stdout(&binary().args(arguments(&values_file)).output().unwrap());
    assert!(
        again.contains(&format!("# resumed from {} values", n + 1)),
        "{again}"
    );
    assert_eq!(frequencies(&again), counted(values));
}

#[test]
fn damaged_and_foreign_checkpoints_are_refused() {
    let directory = scratch("refused");
    let path = directory.to_str().unwrap();
    stdout(&run(&["grundy", "--n", "5000", "--checkpoint", path, "-q"]));
    let other = run(&["octal", "0.6", "--n", "5000", "--checkpoint", path, "-q"]);
    assert_eq!(other.status.code(), Some(1));
    let message = String::from_utf8_lossy(&other.stderr);
    assert!(
        message.contains("holds values of Grundy's game, not of octal game 0.6"),
        "{message}"
    );
    // One byte changed in the values: the checksum catches it.
    let file = directory.join("values.checkpoint");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let damaged = run(&["grundy", "--n", "5000", "--checkpoint", path, "-q"]);
    assert_eq!(damaged.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("is damaged"));
    // Cut short, or not a checkpoint at all.
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let short = run(&["grundy", "--n", "5000", "--checkpoint", path, "-q"]);
    assert!(String::from_utf8_lossy(&short.stderr).contains("is not a checkpoint"));
    std::fs::write(&file, b"hello").unwrap();
    let foreign = run(&["grundy", "--n", "5000", "--checkpoint", path, "-q"]);
    assert!(String::from_utf8_lossy(&foreign.stderr).contains("is not a checkpoint"));
}

#[test]
fn bad_arguments_are_usage_errors() {
    for arguments in [
        &["octal", "0.6", "--n", "abc"][..],
        &["octal", "0.G", "--n", "10"],
        &["octal", "0.6"],
        &["subtraction", "1,0", "--n", "10"],
        &["grundy", "--n", "1e30"],
        &["grundy", "--n", "10", "--threads", "3"],
        &["chess", "--n", "10"],
    ] {
        let output = run(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(!output.stderr.is_empty(), "{arguments:?}");
    }
    let help = run(&["--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("octal"));
    let too_large = run(&["grundy", "--n", "2^62", "-q"]);
    assert_eq!(too_large.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&too_large.stderr).contains("beyond the largest"));
}

/// `--prefix`: 0.167 with a prefix just past its last rare heap, so that searches go deeper
/// than the prefix (the first at heap 52 959) and read the values file back; its values,
/// frequencies and rare heaps are the library's full table's, in a binary file and as text.
#[test]
fn bounded_runs_agree_with_the_library() {
    let directory = scratch("bounded");
    let n = 120_000u64;
    let game: OctalGame = "0.167".parse().unwrap();
    let sequence = game.values_up_to(n).unwrap();
    let values = &sequence.computed_values().to_vec()[..];
    let values_file = directory.join("values.bin");
    let rare_file = directory.join("rare.txt");
    let csv = directory.join("values.csv");
    let n_text = n.to_string();
    for (file, extra) in [(&values_file, "--rare-heaps"), (&csv, "--quiet")] {
        let mut arguments = vec!["octal", "0.167", "--n", &n_text, "--prefix", "1400", "-q"];
        arguments.extend(["--values", file.to_str().unwrap()]);
        if extra == "--rare-heaps" {
            arguments.extend([extra, rare_file.to_str().unwrap()]);
        }
        let output = stdout(&run(&arguments));
        assert_eq!(frequencies(&output), counted(values), "{output}");
        assert!(
            output.contains("# bounded memory: a prefix of 1400 heaps"),
            "{output}"
        );
        let deep = number_after(&output, "# deep searches: ");
        assert!(deep > 0, "no search went past the prefix: {output}");
    }
    assert_eq!(read_values(&values_file, 1), values);
    let text: Vec<u32> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(text, values);
    assert_eq!(
        rare_heaps(&rare_file, values),
        sequence.rare_heap_list().unwrap()
    );
    // A game with a proven period stops in the prefix; its frequencies come from the period.
    let kayles = stdout(&run(&[
        "octal", "0.77", "--n", "100003", "--prefix", "4096",
    ]));
    assert!(
        kayles.contains("# period: period 12 from n = 71"),
        "{kayles}"
    );
    let full = stdout(&run(&["octal", "0.77", "--n", "100003"]));
    assert_eq!(frequencies(&kayles), frequencies(&full));
}

/// A bounded run killed after a checkpoint and started again goes on from it — values past
/// the checkpoint in its file are cut off and computed again — and gives the values and
/// frequencies of a run never stopped (0.6, two bytes per value).
#[test]
fn a_killed_bounded_run_resumes_from_its_checkpoint() {
    // Checkpoints come with the reports, every 2^18 heaps: the first past the prefix.
    let n = 600_000;
    let directory = scratch("bounded-resume");
    let checkpoint = directory.join("0.6");
    let checkpoint_file = checkpoint.join("stream.checkpoint");
    let values_file = checkpoint.join("values.bin");
    let arguments = [
        "octal",
        "0.6",
        "--n",
        &n.to_string(),
        "--prefix",
        "2^15",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0",
        "-q",
    ]
    .map(str::to_string);
    kill_after_checkpoint(&arguments, &checkpoint_file);
    let output = stdout(&binary().args(&arguments).output().unwrap());
    let resumed_from = number_after(&output, "# resumed from ");
    assert!(resumed_from > 1 << 15 && resumed_from <= n, "{output}");
    let expected = "0.6".parse::<OctalGame>().unwrap().values_up_to(n).unwrap();
    let values = &expected.computed_values().to_vec()[..];
    assert_eq!(read_values(&values_file, 2), values);
    assert_eq!(frequencies(&output), counted(values));
    // The checkpoint of the finished run holds it all; another prefix is refused, as is a
    // run that keeps every value.
    let again = stdout(&binary().args(&arguments).output().unwrap());
    assert!(
        again.contains(&format!("# resumed from {} values", n + 1)),
        "{again}"
    );
    assert_eq!(frequencies(&again), counted(values));
    let path = checkpoint.to_str().unwrap();
    let other_prefix = run(&[
        "octal",
        "0.6",
        "--n",
        "1000",
        "--prefix",
        "4096",
        "--checkpoint",
        path,
    ]);
    assert_eq!(other_prefix.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other_prefix.stderr).contains("--prefix 32768"));
    let whole = run(&["octal", "0.6", "--n", "1000", "--checkpoint", path]);
    assert_eq!(whole.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&whole.stderr).contains("checkpoint of a bounded run"));
    // One byte changed: the checksum catches it.
    let mut bytes = std::fs::read(&checkpoint_file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&checkpoint_file, &bytes).unwrap();
    let damaged = binary().args(&arguments).output().unwrap();
    assert_eq!(damaged.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("is damaged"));
    // A checkpoint of the layout before the mask flips (version 1, after the 16-byte magic)
    // is refused by its version, not misread.
    bytes[16..20].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&checkpoint_file, &bytes).unwrap();
    let older = binary().args(&arguments).output().unwrap();
    assert_eq!(older.status.code(), Some(1));
    let message = String::from_utf8_lossy(&older.stderr);
    assert!(
        message.contains("version 1; this program reads version 2"),
        "{message}"
    );
}

/// What a bounded run cannot do, it says: a new rare heap past the prefix (0.161's come up
/// to heap 23 784), a game with no sparse space past the prefix (Grundy's game at 1 000).
#[test]
fn bounded_runs_stop_with_clear_errors() {
    let rare = run(&["octal", "0.161", "--n", "30000", "--prefix", "2048", "-q"]);
    assert_eq!(rare.status.code(), Some(1));
    let message = String::from_utf8_lossy(&rare.stderr);
    assert!(
        message.contains("run again with a longer prefix"),
        "{message}"
    );
    let grundy = run(&["grundy", "--n", "5000", "--prefix", "1000", "-q"]);
    assert_eq!(grundy.status.code(), Some(1));
    let message = String::from_utf8_lossy(&grundy.stderr);
    assert!(
        message.contains("cannot be computed in bounded memory"),
        "{message}"
    );
}
