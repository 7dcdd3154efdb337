//! `impartial misere`: a heap game's misère quotient, with a progress bar, printed as its
//! presentation, P-portion and the element of every heap.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use impartial::HeapGame;
use impartial::quotient::{MisereQuotient, QuotientProgress, Stop};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{MisereArguments, MisereGame};
use crate::failure::{Failure, print};
use crate::interrupt;

/// Computes and prints the quotient the arguments name.
pub fn execute(game: &MisereGame) -> Result<(), Failure> {
    match game {
        MisereGame::Octal { code, run } => quotient(code, &format!("octal game {code}"), run),
        MisereGame::Hexadecimal { code, run } => {
            quotient(code, &format!("hexadecimal game {code}"), run)
        }
        MisereGame::Subtraction { set, run } => {
            quotient(set, &format!("subtraction game {set}"), run)
        }
        MisereGame::Code { code, run } => {
            let name = code.code().unwrap_or_else(|| format!("{:?}", code.rules()));
            quotient(code, &format!("take-and-break game {name}"), run)
        }
    }
}

fn quotient(game: &impl HeapGame, name: &str, run: &MisereArguments) -> Result<(), Failure> {
    let bar = if run.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(run.n)
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] heap {pos}/{len}, {msg}")
            .expect("a valid template"),
    );
    let quotient =
        MisereQuotient::compute_with_progress(game, run.n, |progress: &QuotientProgress| {
            bar.set_position(progress.heap);
            bar.set_message(format!("order {}", progress.order));
            if interrupt::requested() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(|error| Failure::from(error.to_string()))?;
    bar.finish_and_clear();
    let text = report(&quotient, name, game.rules().has_periodicity_theorem());
    print(&text)?;
    match quotient.stop() {
        Some(Stop::Interrupted { .. }) => Err(Failure {
            message: "interrupted; the quotient of the heaps before is printed".to_string(),
            code: interrupt::EXIT_CODE,
        }),
        _ => Ok(()),
    }
}

/// The quotient as the command prints it: `#` lines that describe it, the presentation, the
/// P-portion, then `heap element` lines (heaps 0 to the last computed). `provable`: whether
/// the game's rules admit the periodicity theorem that proves `Φ`'s period.
pub fn report(quotient: &MisereQuotient, name: &str, provable: bool) -> String {
    let presentation = quotient.presentation();
    let mut text = format!("# misère quotient of {name}\n");
    let heaps = quotient.heaps();
    let _ = match (quotient.period(), quotient.stop()) {
        (Some(period), _) => writeln!(
            text,
            "# every heap: the elements repeat with period {} from heap {} (proved with heaps 0 to {}; computed to {heaps})",
            period.period,
            period.preperiod,
            period.proof_bound - 1
        ),
        (None, Some(stop)) => writeln!(text, "# heaps 0 to {heaps} only: {stop}"),
        (None, None) if provable => writeln!(
            text,
            "# heaps 0 to {heaps} only: no period proved up to there (a larger --n may prove one)"
        ),
        (None, None) => writeln!(
            text,
            "# heaps 0 to {heaps} only: no period is proved for splits restricted by shape (! ? =)"
        ),
    };
    let _ = writeln!(
        text,
        "# order {}, {} in P, {}",
        quotient.order(),
        quotient.p_portion_size(),
        if quotient.is_tame() { "tame" } else { "wild" }
    );
    let _ = writeln!(text, "Q = {presentation}");
    let p: Vec<String> = quotient.p_portion().map(|word| word.to_string()).collect();
    let _ = writeln!(text, "P = {{{}}}", p.join(", "));
    for heap in 0..=heaps {
        let element = quotient.element(heap).expect("a heap computed");
        let word = presentation.normal_form(element).expect("an element");
        let _ = writeln!(text, "{heap} {word}");
    }
    text
}
