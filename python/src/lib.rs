//! `impartial._impartial`: the native part of the Python package `impartial`, binding the
//! crate's vocabulary — `Outcome`, `Nimber`, each game's move — its closed forms (`nim`,
//! `fibonacci`, `wythoff`), the general method (`Solver`, on a game written in Python) and
//! the heap-sequence engine (`octal`). The package's `__init__.py` makes each submodule
//! importable as `impartial.NAME`; the stubs beside it give every signature.

// The doc comments are the Python docstrings, examples in doctest's `>>>` form, not
// rustdoc's; PyO3 hands each function its arguments owned.
#![allow(
    clippy::doc_link_with_quotes,
    clippy::doc_markdown,
    clippy::needless_pass_by_value,
    reason = "the docs are Python's, and PyO3 passes arguments by value"
)]

use pyo3::prelude::*;

mod classics;
mod closed_forms;
mod errors;
mod exclusive;
mod frontier;
mod heap_games;
mod interrupt;
mod more_forms;
mod sequence;
mod solver;
mod vocabulary;

/// The native module: every submodule named as Python imports it (`impartial.nim`), so that
/// its functions and classes say where they live.
#[pymodule]
fn _impartial(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    vocabulary::register(module)?;
    errors::register(module)?;
    for (name, register) in [
        (
            "nim",
            classics::register_nim as fn(&Bound<'_, PyModule>) -> PyResult<()>,
        ),
        ("fibonacci", classics::register_fibonacci),
        ("wythoff", classics::register_wythoff),
        ("take_away", closed_forms::register_take_away),
        ("lasker", closed_forms::register_lasker),
        ("welter", closed_forms::register_welter),
        ("moore", closed_forms::register_moore),
        ("staircase", closed_forms::register_staircase),
        ("euclid", closed_forms::register_euclid),
        ("hackenbush", more_forms::register_hackenbush),
        ("coins", more_forms::register_coins),
        ("octal", sequence::register),
        ("cram", frontier::register_cram),
        ("chomp", frontier::register_chomp),
        ("node_kayles", frontier::register_node_kayles),
        ("sprouts", frontier::register_sprouts),
    ] {
        let submodule = PyModule::new(py, &format!("impartial.{name}"))?;
        register(&submodule)?;
        if name == "wythoff" {
            closed_forms::register_a_wythoff(&submodule)?;
        }
        module.add(name, submodule)?;
    }
    solver::register(module)?;
    heap_games::register(module)?;
    Ok(())
}
