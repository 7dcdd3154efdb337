//! The `impartial` binary: its numbers against the library's, frequencies
//! from a proven period against every value counted, a run killed mid-way and resumed from
//! its checkpoint against a run never stopped, and clear errors for damaged checkpoints,
//! another game's checkpoint and bad arguments.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;

mod common;
use common::{binary, finish, run, stdout, wait_for};

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

/// The values of a text `--values` file, after its `value` header.
fn text_values(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.parse().unwrap())
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
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the run ended ({status}) before a checkpoint: {arguments:?}");
        }
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
        sequence.rare_heaps().unwrap()
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
    assert_eq!(text_values(&csv), &values[..=500]);
    // Any number of threads, one per core (0) among them, writes the same values.
    for threads in ["0", "1", "5"] {
        let file = directory.join(format!("values-{threads}.bin"));
        stdout(&run(&[
            "octal",
            "0.6",
            "--n",
            "20_000",
            "--threads",
            threads,
            "-q",
            "--values",
            file.to_str().unwrap(),
        ]));
        assert_eq!(read_values(&file, width), values, "--threads {threads}");
    }
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
    let n = 200_000;
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
            "--report-every".to_string(),
            "16384".to_string(),
            "-q".to_string(),
        ]
    };
    // Killed as soon as a checkpoint exists, before it finishes.
    let first_values = directory.join("first.bin");
    kill_after_checkpoint(&arguments(&first_values), &checkpoint_file);
    assert!(!first_values.exists(), "the killed run wrote its values");
    // Started again: it says where it resumed, and gives the values of a run never stopped.
    let values_file = directory.join("values.bin");
    let output = stdout(&finish(binary().args(arguments(&values_file))));
    let resumed_from = number_after(&output, "# resumed from ");
    assert!(resumed_from > 0 && resumed_from <= n, "{output}");
    let expected = "0.6".parse::<OctalGame>().unwrap().values_up_to(n).unwrap();
    let values = &expected.computed_values().to_vec()[..];
    assert_eq!(read_values(&values_file, width_of(&output)), values);
    assert_eq!(frequencies(&output), counted(values));
    // The checkpoint now holds every value; a third run computes nothing and agrees.
    let again = stdout(&finish(binary().args(arguments(&values_file))));
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
        &["grundy", "--n", "10", "--threads", "65"],
        &["chess", "--n", "10"],
        &["misere", "octal", "0.75", "--n", "0"],
        &["misere", "octal", "0.75", "--n", "4097"],
        &["misere", "octal", "0.8"],
        &["misere", "grundy"],
    ] {
        let output = run(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(!output.stderr.is_empty(), "{arguments:?}");
    }
    // The help opens with the tool, not with one command's output, and names the site
    // first among the commands.
    let help = run(&["--help"]);
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.starts_with("Impartial combinatorial games"), "{help}");
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .filter_map(|line| line.strip_prefix("  ")?.split_whitespace().next())
        .collect();
    assert_eq!(commands.first(), Some(&"serve"), "{help}");
    assert!(
        commands.contains(&"octal") && commands.contains(&"survey"),
        "{help}"
    );
    assert!(!help.contains("value count"), "{help}");
    // A run's own help says what it prints.
    let octal = run(&["octal", "--help"]);
    let octal = String::from_utf8_lossy(&octal.stdout);
    let words: Vec<&str> = octal.split_whitespace().collect();
    assert!(words.join(" ").contains("`value count`"), "{octal}");
}

/// Numbers past what a run reaches are usage errors that name the bound of that kind of
/// run — not of the integer type — and a duration no clock can add is refused, not a panic.
#[test]
fn numbers_out_of_range_name_the_bound_that_applies() {
    for (arguments, says) in [
        (&["grundy", "--n", "1e20"][..], "past 4294967295 (2^32 − 1)"),
        (
            &["grundy", "--n", "2^62", "-q"],
            "with --prefix HEAPS a bounded run goes to",
        ),
        (
            &["grundy", "--n", "2^48", "--prefix", "2^20"],
            "past 281474976710655 (2^48 − 1)",
        ),
        (
            &["grundy", "--n", "10", "--prefix", "2^33"],
            "--prefix 8589934592 is past 2^32",
        ),
        (&["grundy", "--n", "2^128"], "too large"),
        (
            &["grundy", "--n", "10", "--checkpoint-every", "1e20"],
            "--checkpoint-every",
        ),
        (
            &["grundy", "--n", "10", "--checkpoint-every=-1"],
            "--checkpoint-every",
        ),
    ] {
        let output = run(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(says), "{arguments:?}: {message}");
        assert!(!message.contains("panicked"), "{arguments:?}: {message}");
    }
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
    assert_eq!(text_values(&csv), values);
    assert_eq!(
        rare_heaps(&rare_file, values),
        sequence.rare_heaps().unwrap()
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
    // Checkpoints come with the reports, every 2^15 heaps: the first past the prefix (21 000,
    // past 0.6's last rare heap, 20 627).
    let n = 200_000;
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
        "21000",
        "--report-every",
        "32768",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0",
        "-q",
    ]
    .map(str::to_string);
    kill_after_checkpoint(&arguments, &checkpoint_file);
    let output = stdout(&finish(binary().args(&arguments)));
    let resumed_from = number_after(&output, "# resumed from ");
    assert!(resumed_from > 21_000 && resumed_from <= n, "{output}");
    let expected = "0.6".parse::<OctalGame>().unwrap().values_up_to(n).unwrap();
    let values = &expected.computed_values().to_vec()[..];
    let width = std::fs::metadata(&values_file).unwrap().len() as usize / values.len();
    assert_eq!(read_values(&values_file, width), values);
    assert_eq!(frequencies(&output), counted(values));
    // The checkpoint of the finished run holds it all; another prefix is refused, as is a
    // run that keeps every value.
    let again = stdout(&finish(binary().args(&arguments)));
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
    assert!(String::from_utf8_lossy(&other_prefix.stderr).contains("--prefix 21000"));
    let whole = run(&["octal", "0.6", "--n", "1000", "--checkpoint", path]);
    assert_eq!(whole.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&whole.stderr).contains("checkpoint of a bounded run"));
    // One byte changed: the checksum catches it.
    let mut bytes = std::fs::read(&checkpoint_file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&checkpoint_file, &bytes).unwrap();
    let damaged = finish(binary().args(&arguments));
    assert_eq!(damaged.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&damaged.stderr).contains("is damaged"));
    // A checkpoint of the layout before the mask flips (version 1, after the 16-byte magic)
    // is refused by its version, not misread.
    bytes[16..20].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&checkpoint_file, &bytes).unwrap();
    let older = finish(binary().args(&arguments));
    assert_eq!(older.status.code(), Some(1));
    let message = String::from_utf8_lossy(&older.stderr);
    assert!(
        message.contains("version 1; this program reads version 3"),
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
        message.contains("a new rare heap past the prefix"),
        "{message}"
    );
    // The prefix it suggests holds the heap it stopped at.
    let heap = number_after(&message, "impartial: heap ");
    let power: u32 = message
        .split("--prefix 2^")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|power| power.parse().ok())
        .unwrap_or_else(|| panic!("no prefix suggested: {message}"));
    assert!(
        heap > 2048 && heap < 1 << power && heap >= 1 << (power - 1),
        "{message}"
    );
    // Grundy's game chooses its sparse space at 1 024 heaps: a prefix of 1 000 is too
    // short, and the message says so and suggests one.
    let grundy = run(&["grundy", "--n", "5000", "--prefix", "1000", "-q"]);
    assert_eq!(grundy.status.code(), Some(1));
    let message = String::from_utf8_lossy(&grundy.stderr);
    assert!(
        message.contains("the prefix of 1000 heaps is too short")
            && message.contains("--prefix 2^11 or more"),
        "{message}"
    );
    // With the direct recurrence asked for, there is no sparse space at all.
    let arguments = [
        "octal", "0.6", "--n", "3000", "--prefix", "500", "--method", "direct",
    ];
    let direct = run(&arguments);
    assert_eq!(direct.status.code(), Some(1));
    let message = String::from_utf8_lossy(&direct.stderr);
    assert!(
        message.contains("shows no sparse space up to heap 3000"),
        "{message}"
    );
}

/// The values of `code` up to `n`, from the library holding every value.
fn library_values(code: &str, n: u64) -> Vec<u32> {
    let game: OctalGame = code.parse().unwrap();
    let sequence = game.values_up_to(n).unwrap();
    (0..=n)
        .map(|heap| u32::try_from(sequence.get(heap).unwrap().0).unwrap())
        .collect()
}

/// `arguments` as owned strings.
fn strings(arguments: &[&str]) -> Vec<String> {
    arguments
        .iter()
        .map(|&argument| argument.to_string())
        .collect()
}

/// A bounded run resumed with a smaller n than its checkpoint holds answers from the
/// checkpoint's values file: the heaps 0 to n only, counts and values file alike, as a run
/// to n from scratch gives them — and leaves the checkpoint as it was.
#[test]
fn a_smaller_n_is_answered_from_a_longer_run() {
    let directory = scratch("smaller-n");
    let checkpoint = directory.join("0.167");
    let path = checkpoint.to_str().unwrap();
    stdout(&run(&[
        "octal",
        "0.167",
        "--n",
        "2e6",
        "--prefix",
        "2^14",
        "--checkpoint",
        path,
        "-q",
    ]));
    let before = std::fs::read(checkpoint.join("stream.checkpoint")).unwrap();
    let values_file = directory.join("smaller.bin");
    let output = stdout(&run(&[
        "octal",
        "0.167",
        "--n",
        "1e6",
        "--prefix",
        "2^14",
        "--checkpoint",
        path,
        "-q",
        "--values",
        values_file.to_str().unwrap(),
    ]));
    let expected = library_values("0.167", 1_000_000);
    assert_eq!(read_values(&values_file, 1), expected);
    assert_eq!(frequencies(&output), counted(&expected), "{output}");
    assert!(
        output.contains("# answered from the values file of a run to heap 2000000"),
        "{output}"
    );
    let fresh = stdout(&run(&[
        "octal", "0.167", "--n", "1e6", "--prefix", "2^14", "-q",
    ]));
    assert_eq!(frequencies(&output), frequencies(&fresh));
    for line in ["# largest value: ", "# sparse space: ", "# period: "] {
        let of = |text: &str| {
            text.lines()
                .find(|l| l.starts_with(line))
                .map(str::to_string)
        };
        assert_eq!(of(&output), of(&fresh), "{line}");
    }
    assert_eq!(
        std::fs::read(checkpoint.join("stream.checkpoint")).unwrap(),
        before
    );
}

/// Two runs on one checkpoint directory: the second is refused after a few seconds' wait,
/// naming the first's process; once the first is gone — killed — its lock file is stale,
/// and a run takes it.
#[test]
fn one_run_at_a_time_on_a_checkpoint_directory() {
    let directory = scratch("locked");
    let checkpoint = directory.join("0.167");
    let path = checkpoint.to_str().unwrap();
    let arguments = [
        "octal",
        "0.167",
        "--n",
        "2^40",
        "--prefix",
        "2^14",
        "--checkpoint",
        path,
        "-q",
    ];
    let mut first = binary()
        .args(arguments)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let lock = checkpoint.join("lock");
    let started = Instant::now();
    while std::fs::read_to_string(&lock).map_or(true, |pid| pid.trim() != first.id().to_string()) {
        assert!(started.elapsed() < Duration::from_secs(60), "no lock");
        std::thread::sleep(Duration::from_millis(5));
    }
    for second in [
        &arguments[..],
        &["octal", "0.167", "--n", "1e6", "--checkpoint", path, "-q"],
    ] {
        let output = run(second);
        assert_eq!(output.status.code(), Some(1));
        let message = String::from_utf8_lossy(&output.stderr);
        let says = format!("is in use by another run (process {})", first.id());
        assert!(message.contains(&says), "{message}");
    }
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(lock.exists());
    let after = run(&[
        "octal",
        "0.167",
        "--n",
        "1e5",
        "--prefix",
        "2^14",
        "--checkpoint",
        path,
        "-q",
    ]);
    // Killed before its first checkpoint or after: either way the run goes on.
    assert!(
        after.status.success(),
        "{}",
        String::from_utf8_lossy(&after.stderr)
    );
}

/// A byte of the values file changed between two runs — in a block the resumed run reads
/// only at the end (or when a deep search reads it), or in the block it appends to — is
/// found: the run fails naming the heaps whose values changed, and prints no counts; the
/// intact file resumes as ever.
#[test]
fn a_changed_values_file_is_found_before_any_result() {
    let directory = scratch("flipped");
    let checkpoint = directory.join("0.167");
    let path = checkpoint.to_str().unwrap();
    let bounded = |n: &str| {
        strings(&[
            "octal",
            "0.167",
            "--n",
            n,
            "--prefix",
            "2^11",
            "--checkpoint",
            path,
            "-q",
        ])
    };
    stdout(&finish(binary().args(bounded("2.5e6"))));
    let values_path = checkpoint.join("values.bin");
    let state_path = checkpoint.join("stream.checkpoint");
    let pristine = std::fs::read(&values_path).unwrap();
    let pristine_state = std::fs::read(&state_path).unwrap();
    // One byte a value: heap 1 500 000 is in block 1 (heaps 2^20 to 2^21 − 1), heap 2 400 000
    // in block 2, the one a longer run appends to.
    for (heap, heaps) in [
        (1_500_000, "heaps 1048576 to 2097151"),
        (2_400_000, "heaps 2097152 to 2500000"),
    ] {
        let mut bytes = pristine.clone();
        bytes[heap] ^= 1;
        std::fs::write(&values_path, &bytes).unwrap();
        let output = finish(binary().args(bounded("2.7e6")));
        assert_eq!(output.status.code(), Some(1), "heap {heap}");
        assert!(!String::from_utf8_lossy(&output.stdout).contains("# value count"));
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains(heaps) && message.contains("is damaged"),
            "{message}"
        );
        // --verify finds it at once, before computing.
        let mut verify = bounded("1e9");
        verify.push("--verify".to_string());
        std::fs::write(&state_path, &pristine_state).unwrap();
        std::fs::write(&values_path, &bytes).unwrap();
        let started = Instant::now();
        let output = finish(binary().args(&verify));
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr).contains(heaps));
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "--verify computed first"
        );
        // The failed runs saved their checkpoints; the test goes back to the first run's.
        std::fs::write(&state_path, &pristine_state).unwrap();
        std::fs::write(&values_path, &pristine).unwrap();
    }
    let output = stdout(&finish(binary().args(bounded("2.7e6"))));
    let expected = library_values("0.167", 2_700_000);
    assert_eq!(frequencies(&output), counted(&expected));
    assert_eq!(read_values(&values_path, 1), expected);
}

/// A bounded run that stops for a checkpoint at every report (every 4 096 heaps, the prefix
/// a multiple of it) and goes on from each in the same process hands out every value once:
/// the values file and the counts are a run's never stopped.
#[test]
fn checkpoints_at_every_report_leave_the_values_whole() {
    let directory = scratch("every-report");
    let checkpoint = directory.join("0.16");
    let output = stdout(&run(&[
        "octal",
        "0.16",
        "--n",
        "300000",
        "--prefix",
        "16384",
        "--report-every",
        "4096",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0",
        "-q",
    ]));
    let expected = library_values("0.16", 300_000);
    assert_eq!(read_values(&checkpoint.join("values.bin"), 1), expected);
    assert_eq!(frequencies(&output), counted(&expected));
}

/// The width in bytes of the binary values file the output describes.
fn width_of(output: &str) -> usize {
    output
        .split("-byte little-endian")
        .next()
        .and_then(|before| before.chars().last())
        .and_then(|digit| digit.to_digit(10))
        .unwrap_or_else(|| panic!("no width: {output}")) as usize
}

/// A minimal random generator for the harness below (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// Runs killed at random moments and resumed, again and again, in directories fresh and
/// reused (by earlier runs of the same game with other n): random sparse-space games, n,
/// prefixes, report intervals, both kinds of run. Every run that finishes gives the values
/// file and the counts of the library holding every value. `IMPARTIAL_SOAK_RUNS` (3 by
/// default; CI runs 30 in release) and `IMPARTIAL_SOAK_SEED` set how many runs and which.
#[test]
fn runs_killed_at_random_give_the_results_of_runs_never_stopped() {
    let runs: u64 = std::env::var("IMPARTIAL_SOAK_RUNS").map_or(3, |runs| runs.parse().unwrap());
    let seed: u64 =
        std::env::var("IMPARTIAL_SOAK_SEED").map_or(0x5eed, |seed| seed.parse().unwrap());
    let mut random = Random(seed | 1);
    let directory = scratch("soak");
    let games = ["0.6", "0.16", "0.167", "0.161"];
    let largest = 300_000;
    let expected: Vec<Vec<u32>> = games
        .iter()
        .map(|code| library_values(code, largest))
        .collect();
    // Each directory: its game, its prefix (0 for a run holding every value).
    let mut used: Vec<(PathBuf, usize, u64)> = Vec::new();
    for number in 0..runs {
        let reuse = !used.is_empty() && random.below(2) == 0;
        let (checkpoint, game, prefix) = if reuse {
            used[random.below(used.len() as u64) as usize].clone()
        } else {
            let game = random.below(games.len() as u64) as usize;
            let prefix = match random.below(3) {
                0 => 0,
                _ => (1 << 15) + random.below(1 << 15),
            };
            let fresh = (directory.join(format!("run-{number}")), game, prefix);
            used.push(fresh.clone());
            fresh
        };
        let n = 60_000 + random.below(largest - 60_000);
        let every = 1 << (10 + random.below(4));
        let values = directory.join(format!("values-{number}.bin"));
        let mut arguments = strings(&[
            "octal",
            games[game],
            "--n",
            &n.to_string(),
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--checkpoint-every",
            "0",
            "--report-every",
            &every.to_string(),
            "-q",
        ]);
        if prefix > 0 {
            arguments.extend(strings(&["--prefix", &prefix.to_string()]));
        }
        let what = format!("run {number}: {arguments:?}");
        for _ in 0..random.below(6) {
            let mut child = binary()
                .args(&arguments)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_millis(10 + random.below(200)));
            let _ = child.kill();
            child.wait().unwrap();
        }
        arguments.extend(strings(&["--values", values.to_str().unwrap()]));
        let output = finish(binary().args(&arguments));
        let text = stdout(&output);
        let want = &expected[game][..=n as usize];
        assert_eq!(frequencies(&text), counted(want), "{what}");
        assert_eq!(read_values(&values, width_of(&text)), want, "{what}");
        std::fs::remove_file(&values).unwrap();
    }
}

/// Output paths that cannot be written are found before the run computes anything — a
/// checkpoint directory under a file, a values file in a missing directory or that is a
/// directory — each named in the message; a values file that fails at the end (`/dev/full`)
/// loses nothing: the values are saved in the temporary directory, the message says where,
/// and the counts are printed.
#[test]
fn unwritable_outputs_are_found_first_and_results_kept() {
    let directory = scratch("unwritable");
    let file = directory.join("a-file");
    std::fs::write(&file, b"x").unwrap();
    let under_file = file.join("checkpoint");
    let missing = directory.join("missing").join("values.bin");
    let dir_str = directory.to_str().unwrap();
    for (extra, names) in [
        (
            vec!["--checkpoint", under_file.to_str().unwrap()],
            under_file.to_str().unwrap(),
        ),
        (
            vec!["--values", missing.to_str().unwrap()],
            missing.to_str().unwrap(),
        ),
        (vec!["--values", dir_str], dir_str),
        (
            vec!["--rare-heaps", missing.to_str().unwrap()],
            missing.to_str().unwrap(),
        ),
    ] {
        for prefix in [None, Some("2^16")] {
            // A run of 10^9 heaps would take minutes: refused in well under that.
            let mut arguments = vec!["octal", "0.6", "--n", "1e9", "-q"];
            arguments.extend(&extra);
            if let Some(prefix) = prefix {
                arguments.extend(["--prefix", prefix]);
            }
            let started = Instant::now();
            let output = run(&arguments);
            assert!(started.elapsed() < Duration::from_secs(20), "{arguments:?}");
            assert_eq!(output.status.code(), Some(1), "{arguments:?}");
            let message = String::from_utf8_lossy(&output.stderr);
            assert!(message.contains(names), "{arguments:?}: {message}");
        }
    }
    results_rescued_when_the_output_fails_at_the_end();
}

/// A values file that fails at the end (`/dev/full`, where the system has one): the values
/// are saved in the temporary directory, the message says where, and the counts are printed.
fn results_rescued_when_the_output_fails_at_the_end() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let temporary = scratch("unwritable-tmp");
    for (arguments, kept) in [
        (
            &[
                "octal",
                "0.6",
                "--n",
                "20000",
                "-q",
                "--values",
                "/dev/full",
            ][..],
            "saved in",
        ),
        (
            &[
                "octal",
                "0.6",
                "--n",
                "40000",
                "-q",
                "--values",
                "/dev/full",
                "--prefix",
                "2^15",
            ],
            "the values are in",
        ),
    ] {
        let output = finish(binary().args(arguments).env("TMPDIR", &temporary));
        assert_eq!(output.status.code(), Some(1), "{arguments:?}");
        let message = String::from_utf8_lossy(&output.stderr).to_string();
        assert!(
            message.contains("/dev/full") && message.contains(kept),
            "{message}"
        );
        let text = String::from_utf8_lossy(&output.stdout);
        let n = number_after(&text, "# heaps: 0 to ");
        let expected = library_values("0.6", n);
        assert_eq!(frequencies(&text), counted(&expected));
        // The file the message names holds the values.
        let saved = message
            .split(kept)
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map_or_else(
                || panic!("{message}"),
                |path| PathBuf::from(path.trim_end_matches([';', '.', ','])),
            );
        assert_eq!(read_values(&saved, 2), expected, "{message}");
        std::fs::remove_file(saved).unwrap();
    }
}

/// An output path that is one of the checkpoint's files, or another output's, is refused
/// before the run starts.
#[test]
fn outputs_never_overwrite_a_checkpoint() {
    let directory = scratch("overwrite");
    let checkpoint = directory.join("d");
    let path = checkpoint.to_str().unwrap();
    let inside = |name: &str| checkpoint.join(name).to_str().unwrap().to_string();
    let same = directory.join("same.txt");
    let same = same.to_str().unwrap();
    for (arguments, says) in [
        (
            strings(&["--values", &inside("values.checkpoint")]),
            "a file of the checkpoint",
        ),
        (
            strings(&["--values", &inside("lock")]),
            "a file of the checkpoint",
        ),
        (
            strings(&["--values", &inside("values.bin")]),
            "a file of the checkpoint",
        ),
        (
            strings(&[
                "--rare-heaps",
                &inside("stream.checkpoint"),
                "--prefix",
                "4096",
            ]),
            "a file of the checkpoint",
        ),
        (
            strings(&["--values", same, "--rare-heaps", same]),
            "is the --values file too",
        ),
        // The picture once took the file and the values were lost, exit code 0.
        (
            strings(&["--values", same, "--plot", same]),
            "is the --values file too",
        ),
        (
            strings(&["--rare-heaps", same, "--plot", same]),
            "is the --rare-heaps file too",
        ),
        (
            strings(&["--plot", &inside("values.checkpoint")]),
            "a file of the checkpoint",
        ),
    ] {
        let mut all = strings(&["octal", "0.6", "--n", "30000", "--checkpoint", path, "-q"]);
        all.extend(arguments);
        let output = finish(binary().args(&all));
        assert_eq!(output.status.code(), Some(1), "{all:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(says), "{all:?}: {message}");
    }
    assert!(!checkpoint.join("values.checkpoint").exists());
    // The values file of a bounded run is its --values file: allowed.
    let output = run(&[
        "octal",
        "0.6",
        "--n",
        "30000",
        "--checkpoint",
        path,
        "--prefix",
        "2^15",
        "-q",
        "--values",
        &inside("values.bin"),
    ]);
    stdout(&output);
}

/// The temporary values files left in `directory`.
fn leftovers(directory: &Path) -> usize {
    std::fs::read_dir(directory)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".values"))
        .count()
}

/// Sends the signal `name` (`TERM`, `INT`) to `child`.
fn signal(child: &std::process::Child, name: &str) {
    let status = Command::new("kill")
        .args(["-s", name, &child.id().to_string()])
        .status();
    assert!(status.unwrap().success());
}

/// A bounded run of 0.167 too long to finish, started with `TMPDIR` set to `temporary` and
/// running once its temporary values file is there.
fn start_a_long_run(temporary: &Path) -> std::process::Child {
    let child = binary()
        .args(LONG_RUN)
        .env("TMPDIR", temporary)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while leftovers(temporary) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

const LONG_RUN: [&str; 7] = ["octal", "0.167", "--n", "2^40", "--prefix", "2^14", "-q"];

/// SIGTERM and SIGINT: a bounded run without a checkpoint removes its temporary values file
/// and exits with 130.
#[cfg(unix)]
#[test]
fn signals_remove_the_temporary_file() {
    let temporary = scratch("signals-tmp");
    for name in ["TERM", "INT"] {
        let child = start_a_long_run(&temporary);
        std::thread::sleep(Duration::from_millis(300));
        signal(&child, name);
        let output = wait_for(child);
        assert_eq!(output.status.code(), Some(130), "SIG{name}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted"));
        assert_eq!(
            leftovers(&temporary),
            0,
            "SIG{name} left the temporary file"
        );
    }
}

/// SIGINT to a bounded run with a checkpoint: it saves one on the way out, and a run started
/// again goes on from it.
#[cfg(unix)]
#[test]
fn a_signal_saves_the_checkpoint_first() {
    let directory = scratch("signals");
    let checkpoint = directory.join("0.167");
    let mut arguments = strings(&LONG_RUN);
    arguments.extend(strings(&["--checkpoint", checkpoint.to_str().unwrap()]));
    let child = binary()
        .args(&arguments)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1_500));
    signal(&child, "INT");
    let output = wait_for(child);
    assert_eq!(output.status.code(), Some(130));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("the checkpoint in"), "{message}");
    let path = checkpoint.to_str().unwrap();
    let resumed = [
        "octal",
        "0.167",
        "--n",
        "5e5",
        "--prefix",
        "2^14",
        "-q",
        "--checkpoint",
        path,
    ];
    let output = stdout(&run(&resumed));
    assert!(output.contains("# resumed from"), "{output}");
}

/// A run killed outright leaves its temporary file, which the next bounded run removes once
/// it is a minute old and no process holds it.
#[cfg(unix)]
#[test]
fn a_killed_runs_temporary_file_is_removed_once_stale() {
    let temporary = scratch("stale-tmp");
    let mut child = start_a_long_run(&temporary);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(leftovers(&temporary), 1);
    let next = ["octal", "0.167", "--n", "1e4", "--prefix", "2^12", "-q"];
    stdout(&finish(binary().args(next).env("TMPDIR", &temporary)));
    assert_eq!(
        leftovers(&temporary),
        1,
        "a file changed within the minute is not taken for stale"
    );
    for entry in std::fs::read_dir(&temporary).unwrap() {
        let status = Command::new("touch")
            .args(["-d", "2 minutes ago"])
            .arg(entry.unwrap().path())
            .status();
        assert!(status.unwrap().success());
    }
    stdout(&finish(binary().args(next).env("TMPDIR", &temporary)));
    assert_eq!(leftovers(&temporary), 0);
}

/// `--values` holds G(0) to G(n) even when a period is proven long before n — the values
/// past those computed repeated by the period — in both kinds of run and both formats; and
/// `.CSV` in capitals is text.
#[test]
fn values_files_reach_n_past_a_proven_period() {
    let directory = scratch("period-values");
    let n = 100_003;
    let expected = library_values("0.77", n);
    for prefix in [None, Some("4096")] {
        for name in ["kayles.bin", "kayles.CSV"] {
            let file = directory.join(name);
            let mut arguments = vec![
                "octal",
                "0.77",
                "--n",
                "100003",
                "-q",
                "--values",
                file.to_str().unwrap(),
            ];
            if let Some(prefix) = prefix {
                arguments.extend(["--prefix", prefix]);
            }
            let output = stdout(&run(&arguments));
            assert!(output.contains("G(0) to G(100003)"), "{output}");
            let values = if Path::new(name).extension().is_some_and(|e| e == "bin") {
                read_values(&file, 1)
            } else {
                let text = std::fs::read_to_string(&file).unwrap();
                assert!(text.starts_with("value\n"), "{arguments:?}");
                text.lines()
                    .skip(1)
                    .map(|line| line.parse().unwrap())
                    .collect()
            };
            assert_eq!(values, expected, "{arguments:?}");
        }
    }
}

/// A stream checkpoint of version 2 — before the values file had checksums — is read, not
/// refused: the run takes the values file as it stands if its last values are the
/// checkpoint's, computes its checksums, and goes on; a file whose last values differ is
/// refused.
#[test]
fn a_checkpoint_without_checksums_is_upgraded() {
    let directory = scratch("version-2");
    let checkpoint = directory.join("0.6");
    let path = checkpoint.to_str().unwrap();
    let bounded = |n: &str| {
        strings(&[
            "octal",
            "0.6",
            "--n",
            n,
            "--prefix",
            "2^15",
            "--checkpoint",
            path,
            "-q",
        ])
    };
    stdout(&finish(binary().args(bounded("1e5"))));
    // Version 3 ends with the values file's heaps and width, its checksums (none for fewer
    // than 2^20 values: a count of 0 and the last checksum), and the checkpoint's CRC.
    let state_path = checkpoint.join("stream.checkpoint");
    let bytes = std::fs::read(&state_path).unwrap();
    let body = &bytes[..bytes.len() - 4];
    let (head, checksums) = body.split_at(body.len() - 12);
    assert_eq!(&checksums[..8], &0u64.to_le_bytes());
    let mut older = head.to_vec();
    older[16..20].copy_from_slice(&2u32.to_le_bytes());
    let crc = crc32fast::hash(&older);
    older.extend_from_slice(&crc.to_le_bytes());
    std::fs::write(&state_path, &older).unwrap();
    let output = stdout(&finish(binary().args(bounded("2e5"))));
    assert!(output.contains("# checkpoint of version 2"), "{output}");
    let expected = library_values("0.6", 200_000);
    assert_eq!(frequencies(&output), counted(&expected));
    let values_path = checkpoint.join("values.bin");
    let width = std::fs::metadata(&values_path).unwrap().len() as usize / expected.len();
    assert_eq!(read_values(&values_path, width), expected);
    // Saved again as version 3; a version 2 checkpoint whose file ends otherwise is refused.
    assert_eq!(
        std::fs::read(&state_path).unwrap()[16..20],
        3u32.to_le_bytes()
    );
    std::fs::write(&state_path, &older).unwrap();
    let mut values = std::fs::read(&values_path).unwrap();
    values[width * 100_000] ^= 1;
    std::fs::write(&values_path, &values).unwrap();
    let refused = finish(binary().args(bounded("2e5")));
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("is not this run's values file"),
        "{message}"
    );
}

/// `misere`: the quotient the library computes, printed as its presentation, P-portion and
/// the element of every heap (read back and checked against the library's quotient); a
/// quotient out of reach says where it stops.
#[test]
fn misere_takes_any_take_and_break_code() {
    // Kayles by its take-and-break code: the octal game's quotient, line for line but the
    // name.
    let by_code = stdout(&run(&["misere", "code", "0.77", "--quiet"]));
    let octal = stdout(&run(&["misere", "octal", "0.77", "--quiet"]));
    assert_eq!(
        by_code.lines().skip(1).collect::<Vec<_>>(),
        octal.lines().skip(1).collect::<Vec<_>>()
    );
    assert!(by_code.starts_with("# misère quotient of take-and-break game 0.77\n"));
    // A code with modifiers: no period claimed, and why.
    let grundy = stdout(&run(&["misere", "code", "4!.0", "--n", "12", "--quiet"]));
    assert!(
        grundy.contains("# heaps 0 to 12 only: no period is proved for splits restricted by shape"),
        "{grundy}"
    );
}

#[test]
fn misere_prints_the_quotient_of_the_library() {
    let text = stdout(&run(&["misere", "octal", "0.75", "--quiet"]));
    assert!(
        text.contains("Q = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩"),
        "{text}"
    );
    assert!(text.contains("P = {a, b²}"), "{text}");
    assert!(
        text.contains("# every heap: the elements repeat with period 2 from heap 8"),
        "{text}"
    );
    let game: OctalGame = "0.75".parse().unwrap();
    let quotient = impartial::quotient::MisereQuotient::compute(&game, 4096).unwrap();
    let presentation = quotient.presentation();
    let rows: Vec<(u64, String)> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.contains(" = "))
        .map(|line| {
            let (heap, word) = line.split_once(' ').expect("heap element");
            (heap.parse().expect("a heap"), word.to_string())
        })
        .collect();
    assert_eq!(rows.len() as u64, quotient.heaps() + 1);
    for (heap, word) in rows {
        let element = quotient.element(heap).unwrap();
        assert_eq!(
            word,
            presentation.normal_form(element).unwrap().to_string(),
            "heap {heap}"
        );
    }
    let partial = stdout(&run(&[
        "misere",
        "subtraction",
        "1,3,4",
        "--n",
        "5",
        "--quiet",
    ]));
    assert!(
        partial.contains("# heaps 0 to 5 only: no period proved"),
        "{partial}"
    );
    assert_eq!(
        partial
            .lines()
            .filter(|line| !line.starts_with('#'))
            .count(),
        2 + 6
    );
}

/// `--plot FILE.svg`: the nim-sequence drawn (read back as XML, one point per heap for a
/// short run); refused with `--prefix`, which does not keep the values.
#[test]
fn plot_draws_the_sequence() {
    let directory = scratch("plot");
    let file = directory.join("kayles.svg");
    let path = file.to_str().unwrap();
    let text = stdout(&run(&["octal", "0.77", "--n", "100", "--plot", path, "-q"]));
    assert!(text.contains(&format!("# picture: {path}")), "{text}");
    let svg = std::fs::read_to_string(&file).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed");
    assert!(
        document
            .descendants()
            .any(|node| node.attribute("class") == Some("values"))
    );
    let bounded = run(&[
        "octal", "0.77", "--n", "100", "--prefix", "64", "--plot", path, "-q",
    ]);
    assert_eq!(bounded.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bounded.stderr).contains("--plot"));
}

/// A sequence that climbs is reported as arithmetic-periodic: apparent while the values do
/// not reach the proof, proved once they do — and then the values file and the counts to
/// `--n` come from the period, equal to the values computed one by one.
#[test]
fn arithmetic_periods_are_reported_apparent_or_proved() {
    let text = stdout(&run(&["hexadecimal", "0.8", "--n", "20", "-q"]));
    assert!(text.contains("# period: none up to"), "{text}");
    assert!(
        text.contains("# arithmetic period: period 3 and saltus 1 from n = 1 (apparent: seen to G(20), not proved)"),
        "{text}"
    );
    let directory = scratch("arithmetic");
    let file = directory.join("values.txt");
    let text = stdout(&run(&[
        "hexadecimal",
        "0.8",
        "--n",
        "3000",
        "-q",
        "--values",
        file.to_str().unwrap(),
    ]));
    assert!(
        text.contains("# arithmetic period: period 3 and saltus 1 from n = 1 (proved at G(25))"),
        "{text}"
    );
    assert!(text.contains("# computed: 32 values"), "{text}");
    let eight: impartial::octal::HexadecimalGame = "0.8".parse().unwrap();
    let options = impartial::sequence::SequenceOptions::default().with_prove_period(false);
    let expected: Vec<u32> = eight
        .values_up_to_with(3_000, &options)
        .unwrap()
        .computed_values()
        .iter()
        .collect();
    assert_eq!(text_values(&file), expected);
    assert_eq!(frequencies(&text), counted(&expected));
    // Too many heaps to count one by one: the values computed, said so.
    let far = stdout(&run(&["hexadecimal", "0.8", "--n", "1e9", "-q"]));
    assert!(far.contains("# largest value: 333333333"), "{far}");
    assert!(
        far.contains("# value count: of G(0) to G(31) only"),
        "{far}"
    );
    let periodic = stdout(&run(&["octal", "0.77", "--n", "3000", "-q"]));
    assert!(!periodic.contains("arithmetic"), "{periodic}");
    std::fs::remove_dir_all(directory).ok();
}

/// An all-but amount past the limit is named as that (it was once "0 at position 7").
#[test]
fn an_all_but_amount_past_the_limit_says_so() {
    for amount in ["4097", "18446744073709551615"] {
        let output = run(&["all-but", amount]);
        assert_eq!(output.status.code(), Some(2), "{amount}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains(&format!(
                "{amount} is more than the largest amount the set may hold, 4096"
            )) && !message.contains("at least one counter"),
            "{message}"
        );
    }
}

#[test]
fn climbing_games_print_their_proved_period_and_one_period_of_values() {
    use impartial::repeating::RepeatingCode;
    let output = run(&["repeating", "0.30300[3]", "--n", "1e4"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let code: RepeatingCode = "0.30300[3]".parse().unwrap();
    let values = code.values_up_to(10_000).unwrap();
    let period = values.period().unwrap();
    assert!(
        text.contains(&format!("# arithmetic period: {period}")),
        "{text}"
    );
    // One line per heap of the period, each the library's value.
    let lines: Vec<&str> = text.lines().filter(|line| !line.starts_with('#')).collect();
    assert_eq!(lines.len() as u64, period.period);
    for line in lines {
        let (heap, value) = line.split_once(' ').unwrap();
        let heap: u64 = heap.parse().unwrap();
        assert_eq!(values.get(heap).unwrap().0.to_string(), value);
    }
    // The same game as an all-but set: the same report.
    let all_but = run(&["all-but", "2,4,5", "--n", "1e4"]);
    assert_eq!(String::from_utf8(all_but.stdout).unwrap(), text);
    // Every value to a file.
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("values.txt");
    let output = run(&[
        "repeating",
        "0.0123[2]",
        "--n",
        "500",
        "--values",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let expected = "0.0123[2]"
        .parse::<RepeatingCode>()
        .unwrap()
        .values_up_to(500)
        .unwrap();
    let every: Vec<u32> = (0..=500)
        .map(|heap| expected.get(heap).unwrap().0 as u32)
        .collect();
    assert_eq!(text_values(&file), every);
    // Bad codes and bounds: a message and exit code 2.
    for arguments in [
        &["repeating", "0.[G]"][..],
        &["repeating", "0.G[3]"],
        &["all-but", "0"],
        &["repeating", "0.[3]", "--n", "2^64"],
    ] {
        let output = run(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(!output.stderr.is_empty());
    }
    // A values file that cannot be written: a failure naming it, no report.
    let output = run(&[
        "repeating",
        "0.[3]",
        "--n",
        "10",
        "--values",
        "/nonexistent/dir/v.txt",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("/nonexistent/dir/v.txt")
    );
    assert!(output.stdout.is_empty());
    // A code that splits, past the options it may list: a failure naming the largest heap.
    let output = run(&["repeating", "0.[7]"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8(output.stderr).unwrap().contains("3629"));
    let output = run(&["repeating", "0.[7]", "--n", "300"]);
    assert!(output.status.success());
}

/// Once the arithmetic period is proved, a climbing game's run computes no further: a
/// billion heaps under a 100 MB cap on the address space (they once took 4 GB, and a
/// trillion was refused), and the values file past the proof from the period, equal to the
/// values computed one by one.
#[test]
fn climbing_runs_stop_computing_at_the_proof() {
    use impartial::repeating::RepeatingCode;
    let capped = |arguments: &str| {
        finish(Command::new("bash").arg("-c").arg(format!(
            "ulimit -v 100000 && exec {} {arguments}",
            env!("CARGO_BIN_EXE_impartial")
        )))
    };
    for arguments in [
        "repeating '0.30300[3]' --n 1e9",
        "all-but 2,4,5 --n 1e9",
        "repeating '0.30300[3]' --n 1e12",
        "all-but 2,4,5 --n 18446744073709551615",
    ] {
        let output = capped(arguments);
        assert!(output.status.success(), "{arguments}: {output:?}");
        let text = stdout(&output);
        assert!(text.contains("(proved at G(17))"), "{arguments}: {text}");
    }
    // Past 2^32 − 2 without a proof: refused, in little memory.
    let output = capped("repeating '0.[7]' --n 1e12");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    // The values file to 50 000, past the proof at 17, against the definition's values.
    let directory = tempfile::tempdir().unwrap();
    let file = directory.path().join("values.txt");
    let output = run(&[
        "all-but",
        "2,4,5",
        "--n",
        "5e4",
        "--values",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let written = text_values(&file);
    assert_eq!(written.len(), 50_001);
    let code: RepeatingCode = "0.30300[3]".parse().unwrap();
    let values = code.values_up_to(50_000).unwrap();
    assert!(values.values().len() < 5_000, "computed past the proof");
    for (heap, &value) in written.iter().enumerate() {
        assert_eq!(
            Some(u128::from(value)),
            values.get(heap as u64).map(|v| v.0)
        );
    }
    let mut solver = impartial::Solver::new(code);
    for (heap, &value) in written.iter().enumerate().take(300) {
        assert_eq!(
            u128::from(value),
            solver.grundy([heap as u64]).unwrap().0,
            "G({heap})"
        );
    }
}

#[test]
fn grundys_game_by_its_code_reports_as_the_built_in_game() {
    // Everything but the game's name and the timing lines.
    let lines = |output: Output| -> Vec<String> {
        assert!(output.status.success());
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with("# game") && !line.starts_with("# computed"))
            .map(str::to_string)
            .collect()
    };
    let by_code = run(&["code", "4!.0", "--n", "20000", "-q"]);
    let built_in = run(&["grundy", "--n", "20000", "-q"]);
    let by_code = lines(by_code);
    // Only the code's run names the form it reduces to.
    assert_eq!(
        by_code[0],
        "# canonical form: 0.36!, a heap of n + 2 here being a heap of n there"
    );
    assert_eq!(by_code[1..], lines(built_in));
    let output = run(&["code", "4.=0", "--n", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8(output.stderr).unwrap().contains("'='"));
}

/// A run that is ended when the test is, however the test ends.
struct KilledOnDrop(std::process::Child);

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `checkpoint`'s lock names `child`: the run holds its directory.
fn wait_for_lock(child: &std::process::Child, checkpoint: &Path) {
    let lock = checkpoint.join("lock");
    let started = Instant::now();
    while std::fs::read_to_string(&lock).map_or(true, |pid| pid.trim() != child.id().to_string()) {
        assert!(started.elapsed() < Duration::from_secs(60), "no lock");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A resumed bounded run locks its values file as a new one does: another run given it as
/// `--values` once truncated it to 0 bytes before failing, breaking the checkpoint.
#[test]
fn a_resumed_bounded_run_locks_its_values_file() {
    let directory = scratch("resumed-lock");
    let checkpoint = directory.join("ck");
    let path = checkpoint.to_str().unwrap();
    let long = strings(&[
        "octal",
        "0.167",
        "--n",
        "2^40",
        "--prefix",
        "2^14",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0",
        "-q",
    ]);
    kill_after_checkpoint(&long, &checkpoint.join("stream.checkpoint"));
    let mut resumed = KilledOnDrop(binary().args(&long).stdout(Stdio::null()).spawn().unwrap());
    wait_for_lock(&resumed.0, &checkpoint);
    let values = checkpoint.join("values.bin");
    // The resumed run has opened (and locked) its values file once it prints past the lock.
    std::thread::sleep(Duration::from_millis(500));
    let before = std::fs::metadata(&values).unwrap().len();
    assert!(before > 0);
    for other in [
        strings(&[
            "octal",
            "0.6",
            "--n",
            "1000",
            "-q",
            "--values",
            values.to_str().unwrap(),
        ]),
        strings(&[
            "octal",
            "0.6",
            "--n",
            "1e5",
            "--prefix",
            "2^15",
            "-q",
            "--values",
            values.to_str().unwrap(),
        ]),
    ] {
        let output = finish(binary().args(&other));
        assert_eq!(output.status.code(), Some(1), "{other:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("another run is writing it"), "{message}");
        assert!(std::fs::metadata(&values).unwrap().len() >= before);
    }
    resumed.0.kill().unwrap();
    resumed.0.wait().unwrap();
    // The checkpoint resumes, whole.
    let mut short = long.clone();
    short[3] = "3e4".into();
    assert!(stdout(&finish(binary().args(&short))).contains("# resumed from"));
}

/// An output that is a link to a checkpoint file — symbolic, dangling until the run creates
/// it, or hard — is refused as the file itself is: the name check once passed it, and the
/// run overwrote its own checkpoint.
#[test]
fn links_to_checkpoint_files_are_refused() {
    let directory = scratch("linked");
    let checkpoint = directory.join("ck");
    std::fs::create_dir_all(&checkpoint).unwrap();
    let out = directory.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let link = out.join("v.bin");
    std::os::unix::fs::symlink("../ck/values.checkpoint", &link).unwrap();
    let arguments = |values: &Path| {
        strings(&[
            "octal",
            "0.6",
            "--n",
            "30000",
            "-q",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--values",
            values.to_str().unwrap(),
        ])
    };
    // Dangling: the checkpoint file is not there yet.
    let output = finish(binary().args(arguments(&link)));
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("a file of the checkpoint"));
    // There, and linked both ways.
    stdout(&finish(
        binary().args(arguments(&directory.join("plain.bin"))),
    ));
    let saved = std::fs::read(checkpoint.join("values.checkpoint")).unwrap();
    let hard = out.join("hard.bin");
    std::fs::hard_link(checkpoint.join("values.checkpoint"), &hard).unwrap();
    for output_path in [&link, &hard] {
        let output = finish(binary().args(arguments(output_path)));
        assert_eq!(output.status.code(), Some(1), "{output_path:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("a file of the checkpoint"));
    }
    assert_eq!(
        std::fs::read(checkpoint.join("values.checkpoint")).unwrap(),
        saved
    );
    // The lock and a bounded run's values through links: refused too.
    let lock_link = out.join("lock-link");
    std::os::unix::fs::symlink(checkpoint.join("lock"), &lock_link).unwrap();
    let output = finish(binary().args(arguments(&lock_link)));
    assert_eq!(output.status.code(), Some(1));
}

/// A bounded run's `--values` file that was there stays whole until the run has every value:
/// a run refused for a short prefix once emptied it first (400 002 bytes to 16).
#[test]
fn a_bounded_run_keeps_the_values_file_it_replaces_until_the_end() {
    let directory = scratch("precious");
    let precious = directory.join("precious.bin");
    let kept: Vec<u8> = (0..400_002u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&precious, &kept).unwrap();
    // 0.6 has no sparse space: a bounded run cannot pass its prefix, and says so.
    let output = run(&[
        "octal",
        "0.6",
        "--n",
        "1e5",
        "--prefix",
        "2^12",
        "-q",
        "--values",
        precious.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(std::fs::read(&precious).unwrap(), kept);
    let names = |directory: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(&directory), ["precious.bin"]);
    // A run that finishes replaces it with its values, and leaves nothing beside it.
    stdout(&run(&[
        "octal",
        "0.167",
        "--n",
        "1e5",
        "--prefix",
        "2^15",
        "-q",
        "--values",
        precious.to_str().unwrap(),
    ]));
    assert_eq!(read_values(&precious, 1).len() as u64, 100_001);
    assert_eq!(read_values(&precious, 1), library_values("0.167", 100_000));
    assert_eq!(names(&directory), ["precious.bin"]);
}

/// When the last checkpoint cannot be saved (a file-size limit, a full disk), a run that
/// keeps every value still prints its report — it was once lost with no report, a
/// `.partial` left behind, and SIGXFSZ ended the run without a word.
#[test]
fn a_checkpoint_that_cannot_be_saved_costs_no_results() {
    let directory = scratch("unsaved");
    // 300 001 values of 0.6 make a checkpoint of some 300 KB, past a limit of 100 KB; the
    // report goes to a pipe, which the limit does not cover.
    let command = format!(
        "ulimit -f 100 && exec {} octal 0.6 --n 3e5 -q --checkpoint {}",
        env!("CARGO_BIN_EXE_impartial"),
        directory.join("ck").display(),
    );
    let output = finish(Command::new("bash").arg("-c").arg(&command));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("the last checkpoint was not saved"),
        "{message}"
    );
    assert!(message.contains("File too large"), "{message}");
    // The report is there, its counts the library's values counted.
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        frequencies(&report),
        counted(&library_values("0.6", 300_000)),
        "{report}"
    );
    // No partial file beside the checkpoint.
    let names: Vec<String> = std::fs::read_dir(directory.join("ck"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["lock"]);
}

/// The command-line chapter of the guide and README run as written: every `console` block's
/// commands, their output against the text (`[..]` and `...` stand for what varies: timings).
#[test]
fn the_guide_and_readme_run_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let documents = [
        root.join("src/guide/command_line.md"),
        root.join("README.md"),
    ];
    for document in &documents {
        assert!(document.is_file(), "{} is missing", document.display());
    }
    let cases = trycmd::TestCases::new();
    cases.register_bin("impartial", Path::new(env!("CARGO_BIN_EXE_impartial")));
    for document in documents {
        cases.case(document);
    }
}

/// A small game of each search game, `prove`'s arguments for it, and the claim the
/// library's solver makes.
fn search_games() -> [(&'static str, &'static [&'static str], String); 8] {
    use impartial::chomp::Chomp;
    use impartial::cram::Cram;
    use impartial::node_kayles::NodeKayles;
    use impartial::poset::PosetGame;
    use impartial::sprouts::{Sprouts, SproutsPosition};
    use impartial::{Nimber, Solver};

    let cram = Cram::new(4, 3).unwrap();
    let chomp = Chomp::new(3, 4).unwrap();
    let grid = NodeKayles::grid(3, 3).unwrap();
    let poset = PosetGame::new(4, &[(0, 1), (1, 2), (0, 3)]).unwrap();
    let value = |nimber: Nimber| format!("value {nimber}");
    let outcome = |nimber: Nimber| format!("outcome {}", if nimber.is_zero() { "P" } else { "N" });
    let misere = |outcome: impartial::Outcome| format!("misère outcome {outcome}");
    [
        (
            "cram",
            &["--rows", "3", "--columns", "4", "--value"],
            value(Solver::new(cram).grundy(cram.start()).unwrap()),
        ),
        (
            "chomp",
            &["--rows", "3", "--columns", "4"],
            outcome(Solver::new(chomp.clone()).grundy(chomp.start()).unwrap()),
        ),
        (
            "node-kayles",
            &["--rows", "3", "--columns", "3", "--value"],
            value(Solver::new(grid.clone()).grundy(grid.start()).unwrap()),
        ),
        (
            "poset",
            &["--elements", "4", "--relation", "0<1, 1<2, 0<3", "--value"],
            value(Solver::new(poset.clone()).grundy(poset.start()).unwrap()),
        ),
        (
            "sprouts",
            &["--spots", "4"],
            outcome(
                Solver::new(Sprouts)
                    .grundy(SproutsPosition::start(4).unwrap())
                    .unwrap(),
            ),
        ),
        (
            "sprouts",
            &["--spots", "3", "--value"],
            value(
                Solver::new(Sprouts)
                    .grundy(SproutsPosition::start(3).unwrap())
                    .unwrap(),
            ),
        ),
        (
            "sprouts",
            &["--spots", "5", "--misere"],
            misere(
                Solver::new(Sprouts)
                    .misere()
                    .outcome(SproutsPosition::start(5).unwrap())
                    .unwrap(),
            ),
        ),
        (
            "cram",
            &["--rows", "3", "--columns", "4", "--misere"],
            misere(Solver::new(cram).misere().outcome(cram.start()).unwrap()),
        ),
    ]
}

/// `prove` on every search game writes a certificate `check` confirms, with the claim the
/// library's solver answers; `check` refuses a damaged one, naming the file.
#[test]
fn prove_and_check_every_search_game() {
    let directory = scratch("prove");
    let games = search_games();
    for (index, (game, arguments, claim)) in games.iter().enumerate() {
        let file = directory.join(format!("{game}-{index}.proof"));
        let mut prove = vec!["prove", game];
        prove.extend_from_slice(arguments);
        prove.extend(["--output", file.to_str().unwrap()]);
        let proved = stdout(&run(&prove));
        assert!(proved.lines().any(|line| line == claim), "{proved}");
        for threads in ["1", "2"] {
            // The question names its play: a misère certificate answers misère play.
            let mut check = vec!["check", file.to_str().unwrap(), "--threads", threads];
            if arguments.contains(&"--misere") {
                check.push("--misere");
            }
            let checked = stdout(&run(&check));
            assert!(
                checked
                    .lines()
                    .any(|line| *line == format!("{claim}: confirmed")),
                "{checked}"
            );
        }
        let mut bytes = std::fs::read(&file).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x10;
        std::fs::write(&file, bytes).unwrap();
        let refused = run(&["check", file.to_str().unwrap()]);
        assert_eq!(refused.status.code(), Some(1));
        let message = String::from_utf8_lossy(&refused.stderr);
        assert!(
            message.contains("refused: damaged certificate"),
            "{message}"
        );
    }
    let not_one = run(&["check", "Cargo.toml"]);
    assert_eq!(not_one.status.code(), Some(1));
    let too_large = run(&[
        "prove",
        "cram",
        "--rows",
        "9",
        "--columns",
        "9",
        "--output",
        "x",
    ]);
    assert_eq!(too_large.status.code(), Some(2));
    // Misère play is an outcome, searched on one thread.
    for other in ["--value", "--threads=2"] {
        let both = run(&[
            "prove", "sprouts", "--spots", "3", "--misere", other, "-o", "x",
        ]);
        assert_eq!(both.status.code(), Some(2), "{other}");
    }
}
