//! The progress of a run: the bar on standard error, and the callback that moves it and
//! stops the run for a checkpoint or a signal.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use impartial::sequence::Progress;
use indicatif::{ProgressBar, ProgressStyle};

use crate::interrupt;

/// The progress bar, from `done` values of `target`; hidden when `quiet`.
pub fn bar(quiet: bool, done: u64, target: u64) -> ProgressBar {
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(target)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} values, {per_sec}, \
             {eta} left",
        )
        .expect("a valid template"),
    );
    bar.set_position(done);
    bar.reset_eta();
    bar
}

/// Why the progress callback stopped a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stop {
    /// It did not: the run ended by itself.
    #[default]
    No,
    /// A checkpoint is due.
    Checkpoint,
    /// A signal asked the run to stop.
    Interrupted,
}

/// The progress callback of a run: it moves the bar, and stops the run — saying why in
/// `stop` — at the first report once a signal came, or, when `checkpoints`, once `every` has
/// passed.
pub fn when_due<'a>(
    bar: &'a ProgressBar,
    checkpoints: bool,
    every: Duration,
    target: u64,
    stop: &'a mut Stop,
) -> impl FnMut(&Progress) -> ControlFlow<()> + 'a {
    let since = Instant::now();
    move |progress| {
        bar.set_position(progress.computed);
        if progress.computed >= target {
            return ControlFlow::Continue(());
        }
        if interrupt::requested() {
            *stop = Stop::Interrupted;
            return ControlFlow::Break(());
        }
        if checkpoints && since.elapsed() >= every {
            *stop = Stop::Checkpoint;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}
