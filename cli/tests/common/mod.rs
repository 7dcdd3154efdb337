//! What the command line's test files share: the binary, run to its end or failed after
//! two minutes, and its standard output once it has succeeded.

// Each test file uses its own share of these.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_impartial"))
}

pub fn run(arguments: &[&str]) -> Output {
    finish(binary().args(arguments))
}

/// Runs `command` to the end, or fails the test if it takes more than two minutes — a
/// run that never ends (as one that checkpointed in a loop once did) is a failure, not a
/// hang of the suite.
pub fn finish(command: &mut Command) -> Output {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    wait_for(child)
}

/// The output of `child` once it ends; the test fails if that takes over two minutes.
pub fn wait_for(mut child: std::process::Child) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the binary did not end within two minutes");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// Whether GNU parallel is installed, as the survey recipes' tests need; where it is not,
/// the test says so and is skipped, except in CI, which installs it (`.ci/run`).
pub fn has_gnu_parallel() -> bool {
    if Command::new("parallel").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "GNU parallel is missing where CI should have installed it"
    );
    eprintln!("skipped: GNU parallel is not installed");
    false
}

/// Runs `impartial ARGUMENTS --shard K/SHARDS` for every K by GNU parallel, as the guide's
/// recipe does (stopping all at the first failure), within two minutes; their summaries.
pub fn shards_by_gnu_parallel(arguments: &[&str], shards: u64) -> String {
    let shard = format!("{{}}/{shards}");
    let parts: Vec<String> = (1..=shards).map(|part| part.to_string()).collect();
    let mut command = Command::new("parallel");
    command
        .args([
            "--will-cite",
            "--halt",
            "now,fail=1",
            env!("CARGO_BIN_EXE_impartial"),
        ])
        .args(arguments)
        .args(["--shard", &shard, ":::"])
        .args(&parts);
    stdout(&finish(&mut command))
}
