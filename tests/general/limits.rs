//! Limits that hold: a query with a limit returns an error instead of exhausting memory.
//!
//! Each case runs in a child process of this test binary, under a cap on its address space
//! (`ulimit -v`), so that a regression fails the test instead of the machine; the child then
//! checks its own peak resident memory (`VmHWM` in `/proc/self/status`) against the case's
//! bound. Every case here once took gigabytes or aborted the process. Linux only.
#![cfg(target_os = "linux")]

use std::ops::ControlFlow;
use std::process::Command;

use impartial::SubtractionGame;
use impartial::loopy::LoopySolver;
use impartial::octal::{GrundysGame, OctalGame};
#[cfg(feature = "research")]
use impartial::sequence::StreamState;
use impartial::sequence::{SequenceError, SequenceOptions, Tabulated, Values};
use impartial::take_away::{TakeAway, TakeAwayState};
use impartial::{Heaps, Nim, SolveError, Solver, Sum, SumMove};

/// Set in a child to the name of the case it runs.
const CHILD: &str = "IMPARTIAL_LIMITS_CASE";
/// The address space a child may use: far below what any of the regressions asked for.
const ADDRESS_SPACE_MIB: u64 = 2_048;

/// Runs `case` in a child process whose address space is capped, and checks there that its
/// peak resident memory stays within `peak_mib` MiB. `name` is the test's own name.
fn in_child(name: &str, peak_mib: u64, case: impl FnOnce()) {
    if std::env::var(CHILD).as_deref() == Ok(name) {
        case();
        let peak = peak_resident_kib();
        assert!(
            peak <= peak_mib * 1024,
            "{name}: peak resident memory {peak} KiB, more than {peak_mib} MiB"
        );
        return;
    }
    let test_binary = std::env::current_exe().expect("the test binary's path");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            ADDRESS_SPACE_MIB * 1024
        ))
        .arg(test_binary)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .expect("the child starts");
    assert!(
        output.status.success(),
        "{name} failed in its child ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The most resident memory this process has had, in KiB.
fn peak_resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    line.split_whitespace()
        .nth(1)
        .and_then(|kib| kib.parse().ok())
        .expect("VmHWM in kB")
}

/// The moves of a heap of 2⁴⁰ were reserved from their size hint: terabytes, an abort.
#[test]
fn a_huge_heap_without_closed_form_stops_at_the_state_limit() {
    in_child(
        "a_huge_heap_without_closed_form_stops_at_the_state_limit",
        64,
        || {
            let mut solver = Solver::new(Nim)
                .without_closed_form()
                .with_state_limit(1_000);
            assert_eq!(
                solver.grundy(vec![1u64 << 40]),
                Err(SolveError::StateLimit { limit: 1_000 })
            );
            let mut kayles = Solver::new(OctalGame::kayles()).with_state_limit(100);
            assert_eq!(
                kayles.outcome(vec![1u64 << 40]),
                Err(SolveError::StateLimit { limit: 100 })
            );
            let mut loopy = LoopySolver::new(Nim).with_state_limit(100);
            assert_eq!(
                loopy.outcome(vec![1u64 << 40]),
                Err(SolveError::StateLimit { limit: 100 })
            );
        },
    );
}

/// A heap of `u64::MAX` in Kayles has 2⁶³ splits: the reservation overflowed ("capacity
/// overflow", a panic).
#[test]
fn the_largest_heap_is_an_error_not_a_panic() {
    in_child("the_largest_heap_is_an_error_not_a_panic", 64, || {
        let tabulated = Tabulated::new(OctalGame::kayles(), 10).expect("10 heaps");
        let mut solver = Solver::new(tabulated).with_state_limit(100);
        assert_eq!(
            solver.grundy(vec![u64::MAX]),
            Err(SolveError::StateLimit { limit: 100 })
        );
    });
}

/// A winning move collected all 10⁸ options of the first heap before choosing one.
#[test]
fn a_winning_move_does_not_list_every_option_first() {
    in_child(
        "a_winning_move_does_not_list_every_option_first",
        64,
        || {
            let heaps = vec![100_000_000u64, 1];
            assert_eq!(
                Solver::new(Nim).winning_move(&heaps),
                Ok(Some(Heaps::from([1, 1])))
            );
            assert_eq!(
                Sum::new(Nim).winning_move(std::slice::from_ref(&heaps)),
                Ok(Some(SumMove {
                    component: 0,
                    to: Heaps::from([1, 1])
                }))
            );
        },
    );
}

/// The dense memo grew to the largest index seen — 1.8·10⁹ slots for a start of 60 000 —
/// whatever the limit.
#[test]
fn a_dense_index_keeps_to_the_state_limit() {
    in_child("a_dense_index_keeps_to_the_state_limit", 64, || {
        let mut solver = Solver::new(TakeAway::<u64>::fibonacci_nim()).with_state_limit(10);
        assert_eq!(
            solver.outcome(TakeAwayState::start(60_000)),
            Err(SolveError::StateLimit { limit: 10 })
        );
        // Few options a position, so the search goes deep and stores positions whose
        // indices are near 1.8·10⁹ before it reaches the limit.
        for limit in [10, 1_000, 100_000] {
            let mut deep = Solver::new(TakeAway::<u64>::fibonacci_nim()).with_state_limit(limit);
            assert_eq!(
                deep.grundy(TakeAwayState::new(60_000, 2)),
                Err(SolveError::StateLimit { limit })
            );
            assert!(
                deep.stats().bytes < 64 * limit + (1 << 16),
                "{:?}",
                deep.stats()
            );
        }
        assert!(solver.stats().bytes < 1 << 16, "{:?}", solver.stats());
        // Within a generous limit the answer is the closed form's, by the same array.
        let mut roomy = Solver::new(TakeAway::<u64>::fibonacci_nim()).with_state_limit(1 << 20);
        assert_eq!(
            roomy.outcome(TakeAwayState::start(200)),
            Ok(impartial::fibonacci::outcome(TakeAwayState::start(200u64)))
        );
    });
}

/// Grundy's game from 1 000 stores positions of hundreds of heaps: a million states took
/// 7.5 GB while `stats().bytes` said 43 MB. The memory limit bounds the bytes, and the
/// statistics count what the positions own.
#[test]
fn the_memory_limit_bounds_the_bytes_and_the_statistics_count_them() {
    in_child(
        "the_memory_limit_bounds_the_bytes_and_the_statistics_count_them",
        400,
        || {
            let limit = 256 << 20;
            let game = Tabulated::new(GrundysGame, 100).expect("100 heaps");
            let mut solver = Solver::new(game.clone())
                .with_state_limit(1_000_000)
                .with_memory_limit(limit);
            assert_eq!(
                solver.outcome(vec![1_000]),
                Err(SolveError::MemoryLimit { limit })
            );
            assert!(solver.stats().bytes <= limit);
            // With a state limit only, the statistics account for what the long positions
            // own: far more than the slots of the table.
            let mut counted = Solver::new(game).with_state_limit(20_000);
            assert_eq!(
                counted.outcome(vec![1_000]),
                Err(SolveError::StateLimit { limit: 20_000 })
            );
            let stats = counted.stats();
            assert!(
                stats.bytes > 10 * stats.states * stats.bytes_per_entry,
                "{stats:?}"
            );
        },
    );
}

/// `fibonacci::big` kept every Fibonacci number up to n: 40 000 digits took 2 GB, 80 000
/// aborted.
#[cfg(feature = "bigint")]
#[test]
fn big_fibonacci_nim_takes_memory_linear_in_the_digits() {
    use impartial::fibonacci::big;
    use num_bigint::BigUint;
    in_child(
        "big_fibonacci_nim_takes_memory_linear_in_the_digits",
        64,
        || {
            // 40 000 digits: the walk up and down holds three numbers of that size.
            let n = BigUint::from(10u32).pow(40_000) / 7u32;
            let smallest = big::smallest_term(&n).expect("n > 0");
            assert!(!big::is_fibonacci(&n));
            let state = impartial::take_away::TakeAwayState::new(n, smallest.clone());
            assert_eq!(big::winning_move(&state).map(|m| m.take), Some(smallest));
        },
    );
}

/// Reserving `usize::MAX` states overflowed a multiplication.
#[test]
fn reserving_more_than_memory_is_an_error() {
    let mut solver = Solver::new(Nim);
    assert!(solver.try_reserve(usize::MAX).is_err());
    assert!(solver.try_reserve(usize::MAX / 2).is_err());
    assert!(solver.try_reserve(100).is_ok());
    assert_eq!(solver.grundy(vec![3, 5]).unwrap(), impartial::Nimber(6));
}

/// Widening the values from one byte to two copied them into room reserved without a check:
/// past the memory there is, an abort. Here the known values come with room for 1.2·10⁹ of
/// them, so two bytes each would take 2.4 GB, more than the child's address space; the run
/// reaches G(256) = 256 in S(1, …, 300) and must say so instead.
#[test]
fn widening_the_values_past_memory_is_an_error() {
    in_child("widening_the_values_past_memory_is_an_error", 64, || {
        let game = SubtractionGame::new(&(1..=300).collect::<Vec<u64>>()).expect("a valid set");
        let mut room = Vec::with_capacity(1_200_000_000);
        room.push(0u8);
        let known = Values::from_u8(room);
        let options = SequenceOptions::default();
        #[cfg(feature = "research")]
        let options = options.with_parallel(false);
        let result = game.values_continued(known, 1_000, &options, |_| ControlFlow::Continue(()));
        assert!(
            matches!(result, Err(SequenceError::OutOfMemory { bytes }) if bytes >= 1_200_000_000),
            "{result:?}"
        );
    });
}

/// A bounded run keeps its prefix and room for its window in one buffer, reserved with a
/// check. Resumed here from a state whose window holds 3·10⁸ values (1.2 GB of zeroed pages
/// the child never touches), that buffer would take 1.2 GB more than the child's address
/// space has left: the run must say so instead of aborting.
#[cfg(feature = "research")]
#[test]
fn a_bounded_window_past_memory_is_an_error() {
    in_child("a_bounded_window_past_memory_is_an_error", 64, || {
        let game: OctalGame = "0.167".parse().expect("a valid code");
        let options = SequenceOptions::default()
            .with_parallel(false)
            .with_prove_period(false);
        let prefix = game
            .values_up_to_with(4_095, &options)
            .expect("4 096 values")
            .computed_values()
            .to_vec();
        let largest = prefix.iter().copied().max().unwrap_or(0);
        let window = vec![0u32; 300_000_000];
        let state = StreamState::from_parts(4_096, prefix, 4_096, window, largest, 0);
        let result = game.values_streamed(
            400_000_000,
            &options,
            state,
            |_| ControlFlow::Continue(()),
            |_, _| {},
        );
        assert!(
            matches!(result, Err(SequenceError::OutOfMemory { bytes }) if bytes >= 1_200_000_000),
            "{result:?}"
        );
    });
}
