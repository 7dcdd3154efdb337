//! `impartial prove` and `impartial check` at their edges: a check answers the question its
//! user asks (the start, `--position`, `--misere`) and says what it confirmed in the game's
//! notation; certificates about another position, a renamed board or the other play are
//! refused; outputs that are not regular files are written through, never replaced; a
//! device that never ends is not read into memory; a closed standard output ends a command
//! quietly; and every example of `impartial --help` runs as written.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use impartial::certificate::{Certificate, Claim};
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::{Outcome, Solver};

mod common;
use common::{binary, finish, run, stdout};

/// A fresh directory under the target directory for one test.
fn scratch(name: &str) -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("prove-check-{name}"));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The message of a check refused with exit code 1.
fn refused(arguments: &[&str]) -> String {
    let output = run(arguments);
    assert_eq!(output.status.code(), Some(1), "{arguments:?}");
    assert!(output.stdout.is_empty(), "{arguments:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// `check` confirms the start by default, a position named by `--position` in the game's
/// notation, and misère play with `--misere`; each is printed in the game's notation, and
/// each other question is refused by name.
#[test]
fn a_check_answers_the_question_asked() {
    let folder = scratch("question");
    let start = folder.join("start.proof");
    stdout(&run(&[
        "prove",
        "cram",
        "--rows",
        "3",
        "--columns",
        "4",
        "--value",
        "-o",
        text(&start),
    ]));
    let confirmed = stdout(&run(&["check", text(&start)]));
    assert!(
        confirmed.contains("Cram on the 4 × 3 board, from the empty board ..../..../....\n"),
        "{confirmed}"
    );
    assert!(confirmed.contains("value *1: confirmed"), "{confirmed}");
    assert!(!confirmed.contains("CramPosition"), "{confirmed}");
    // The same certificate asked of another position, or of misère play, answers nothing.
    let other = refused(&["check", text(&start), "--position", "#.../..../...."]);
    assert!(
        other.contains("the certificate is about the empty board"),
        "{other}"
    );
    assert!(
        other.contains("not the board #.../..../.... (. free, # covered)"),
        "{other}"
    );
    let misere = refused(&["check", text(&start), "--misere"]);
    assert!(misere.contains("not the empty board"), "{misere}");
    assert!(misere.contains("in misère play"), "{misere}");
    // A position of its own: named, it is confirmed; unnamed, the start is asked, refused.
    let corner = folder.join("corner.proof");
    let position = "#.../..../....";
    let game = Cram::new(4, 3).unwrap();
    let covered = game.start().without(game.cell(0, 0).unwrap());
    let certificate = Solver::new(game).prove_outcome(covered).unwrap();
    certificate.save(&corner).unwrap();
    let said = stdout(&run(&["check", text(&corner), "--position", position]));
    assert!(said.contains("from the board #.../..../...."), "{said}");
    assert!(said.contains(": confirmed"), "{said}");
    let unnamed = refused(&["check", text(&corner)]);
    assert!(unnamed.contains("not the empty board"), "{unnamed}");
    // A position that is no position of the board is a clear error, not a panic.
    let bad = refused(&["check", text(&corner), "--position", "###"]);
    assert!(bad.contains("--position"), "{bad}");
    // Misère play, asked as such.
    let misere = folder.join("misere.proof");
    stdout(&run(&[
        "prove",
        "chomp",
        "--rows",
        "3",
        "--columns",
        "3",
        "--misere",
        "-o",
        text(&misere),
    ]));
    let said = stdout(&run(&["check", text(&misere), "--misere"]));
    assert!(
        said.contains("Chomp on the 3 × 3 bar, from the whole bar (rows 3 3 3)"),
        "{said}"
    );
    assert!(said.contains("misère outcome"), "{said}");
    assert!(refused(&["check", text(&misere)]).contains("in misère play, not"));
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Sprouts has a start for each number of spots: a certificate's own start is asked unless
/// `--position` names another, in spots or in its notation.
#[test]
fn a_sprouts_check_asks_the_start_it_names() {
    let folder = scratch("sprouts");
    let sprouts = folder.join("sprouts.proof");
    stdout(&run(&[
        "prove",
        "sprouts",
        "--spots",
        "5",
        "-o",
        text(&sprouts),
    ]));
    let said = stdout(&run(&["check", text(&sprouts)]));
    assert!(
        said.contains("from the start of 5 spots (0.0.0.0.0.}]!)"),
        "{said}"
    );
    stdout(&run(&["check", text(&sprouts), "--position", "5"]));
    assert!(refused(&["check", text(&sprouts), "--position", "6"]).contains("start of 6 spots"));
    std::fs::remove_dir_all(&folder).unwrap();
}

/// The reproducers of a session's review: a Cram certificate of 4 × 3 renamed 4 × 4 (its
/// checksum sealed again), a Chomp certificate of the poison square alone named for a bar of
/// 4 × 5, an empty board's certificate for Cram 4 × 3. Each is true of its own root and
/// refused as an answer about the start.
#[test]
fn certificates_of_other_questions_are_refused() {
    let folder = scratch("others");
    // 4 × 3 renamed 4 × 4: the root is the 4 × 3 board, a sub-board of the 4 × 4 one —
    // and, read as a position of 4 × 4, of another board.
    let small = Cram::new(4, 3).unwrap();
    let bytes = Solver::new(small)
        .prove_grundy(small.start())
        .unwrap()
        .to_bytes();
    let renamed = reseal(&replace_once(
        &bytes,
        b"Cram { width: 4, height: 3, .. }",
        b"Cram { width: 4, height: 4, .. }",
    ));
    let path = folder.join("renamed.proof");
    std::fs::write(&path, renamed).unwrap();
    let said = refused(&["check", text(&path)]);
    assert!(said.contains("refused"), "{said}");
    // The poison square alone, for the bar of 4 × 5: outcome P, true of that diagram; the
    // bar is N.
    let chomp = Chomp::new(4, 5).unwrap();
    let poison = chomp.diagram(&[1]).unwrap();
    let certificate = Solver::new(chomp.clone()).prove_outcome(poison).unwrap();
    assert_eq!(certificate.claim(), Claim::Outcome(Outcome::P));
    let path = folder.join("poison.proof");
    certificate.save(&path).unwrap();
    let said = refused(&["check", text(&path)]);
    assert!(
        said.contains("the certificate is about rows 1, not the whole bar"),
        "{said}"
    );
    stdout(&run(&["check", text(&path), "--position", "1"]));
    // The empty board of 4 × 3: *0, where the board is *1.
    let empty = Solver::new(small)
        .prove_grundy(small.position(0).unwrap())
        .unwrap();
    let path = folder.join("empty.proof");
    empty.save(&path).unwrap();
    assert!(refused(&["check", text(&path)]).contains("not the empty board"));
    // In the library, as in the command line.
    let read = Certificate::load(&small, &path).unwrap();
    assert!(
        read.check(&small, small.start(), impartial::Play::Normal)
            .is_err()
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

/// `bytes` with `from` replaced by `to`, once.
fn replace_once(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let at = bytes
        .windows(from.len())
        .position(|window| window == from)
        .expect("the text is there");
    [&bytes[..at], to, &bytes[at + from.len()..]].concat()
}

/// `bytes` with their CRC-32 sealed again, as a forger would.
fn reseal(bytes: &[u8]) -> Vec<u8> {
    let body = &bytes[..bytes.len() - 4];
    let mut sealed = body.to_vec();
    sealed.extend_from_slice(&crc32fast::hash(body).to_le_bytes());
    sealed
}

/// `-o` naming a device writes to it (a full one fails, and stays a device); naming a link
/// replaces the file it points at and keeps the link; `check` of a device that never ends
/// is refused at once, not read into memory.
#[cfg(unix)]
#[test]
fn outputs_that_are_not_regular_files_are_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let folder = scratch("outputs");
    let output = run(&[
        "prove",
        "cram",
        "--rows",
        "2",
        "--columns",
        "3",
        "-o",
        "/dev/null",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    if Path::new("/dev/full").exists() {
        let output = run(&[
            "prove",
            "cram",
            "--rows",
            "2",
            "--columns",
            "3",
            "-o",
            "/dev/full",
        ]);
        assert_eq!(output.status.code(), Some(1));
        let kind = std::fs::metadata("/dev/full").unwrap().file_type();
        assert!(kind.is_char_device(), "/dev/full is still a device");
    }
    let target = folder.join("target.proof");
    std::fs::write(&target, b"an older file").unwrap();
    let link = folder.join("link.proof");
    std::os::unix::fs::symlink("target.proof", &link).unwrap();
    stdout(&run(&[
        "prove",
        "cram",
        "--rows",
        "2",
        "--columns",
        "3",
        "-o",
        text(&link),
    ]));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    stdout(&run(&["check", text(&target)]));
    std::fs::remove_dir_all(&folder).unwrap();
}

/// A certificate is read no further than it says: a device that never ends is refused at
/// once, and a file or a pipe longer or shorter than its header says is refused.
#[cfg(unix)]
#[test]
fn reads_stop_where_the_certificate_says() {
    let folder = scratch("bounded");
    let target = folder.join("target.proof");
    stdout(&run(&[
        "prove",
        "cram",
        "--rows",
        "2",
        "--columns",
        "3",
        "-o",
        text(&target),
    ]));
    let started = Instant::now();
    let zero = refused(&["check", "/dev/zero"]);
    assert!(
        zero.contains("does not start as a certificate does"),
        "{zero}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // A certificate with bytes after its end is refused, as one cut short is.
    let longer = folder.join("longer.proof");
    let mut bytes = std::fs::read(&target).unwrap();
    bytes.push(0);
    std::fs::write(&longer, &bytes).unwrap();
    assert!(refused(&["check", text(&longer)]).contains("and says it is"));
    bytes.truncate(bytes.len() - 2);
    std::fs::write(&longer, &bytes).unwrap();
    assert!(refused(&["check", text(&longer)]).contains("and says it is"));
    // Through a pipe, whose length no one knows beforehand, the same file is read to its
    // end and one byte more.
    let piped = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{{ cat {}; printf x; }} | {} check /dev/stdin",
            text(&target),
            env!("CARGO_BIN_EXE_impartial")
        ))
        .current_dir(&folder)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&piped.stderr);
    assert_eq!(piped.status.code(), Some(1), "{said}");
    assert!(said.contains("bytes follow its end"), "{said}");
    std::fs::remove_dir_all(&folder).unwrap();
}

/// A reader that has gone before the answer is written ends `prove`, `check`, `survey
/// merge` and the runs quietly — never a panic's exit code 101, nor a failure's 1.
#[test]
fn a_closed_standard_output_ends_a_command_quietly() {
    let folder = scratch("closed");
    let proof = folder.join("c.proof");
    let results = folder.join("results");
    stdout(&run(&[
        "prove",
        "cram",
        "--rows",
        "2",
        "--columns",
        "4",
        "-o",
        text(&proof),
    ]));
    stdout(&run(&[
        "survey",
        "cram",
        "--rows",
        "1-2",
        "--columns",
        "1-2",
        "--results",
        text(&results),
        "--quiet",
    ]));
    for arguments in [
        vec![
            "prove",
            "cram",
            "--rows",
            "2",
            "--columns",
            "4",
            "-o",
            text(&proof),
        ],
        vec!["check", text(&proof)],
        vec!["survey", "merge", text(&results)],
        vec!["octal", "0.77", "--n", "1e4"],
        vec!["misere", "octal", "0.75", "--n", "100"],
        vec!["repeating", "0.[3]", "--n", "100"],
    ] {
        let mut child = binary()
            .args(&arguments)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes before the command writes a line.
        drop(child.stdout.take());
        let output = common::wait_for(child);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{arguments:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Every line under "Examples:" in `impartial --help` runs as written, in one folder, in
/// order (the check reads what the prove wrote); the site's example prints its address.
#[test]
fn every_example_of_the_help_runs_as_written() {
    let folder = scratch("examples");
    let help = stdout(&run(&["--help"]));
    let examples: Vec<&str> = help
        .split("Examples:")
        .nth(1)
        .expect("an Examples section")
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("impartial "))
        .map(|line| line.split("   ").next().unwrap_or(line).trim())
        .collect();
    assert!(examples.len() >= 4, "{help}");
    for example in examples {
        let arguments: Vec<&str> = example.split_whitespace().collect();
        if arguments[0] == "serve" && cfg!(feature = "serve") {
            let mut child = binary()
                .args(&arguments)
                .current_dir(&folder)
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut line = String::new();
            BufReader::new(child.stdout.take().unwrap())
                .read_line(&mut line)
                .unwrap();
            child.kill().unwrap();
            child.wait().unwrap();
            assert!(line.starts_with("http://127.0.0.1:"), "{example}: {line}");
            continue;
        }
        let output = finish(
            Command::new(env!("CARGO_BIN_EXE_impartial"))
                .args(&arguments)
                .current_dir(&folder),
        );
        assert!(
            output.status.success(),
            "`impartial {example}` failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
