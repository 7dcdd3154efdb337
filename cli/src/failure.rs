//! How a run fails: a message for the user and the exit code that goes with it.

use std::path::Path;

use crate::interrupt;

/// Why a run did not finish, and the exit code that says so.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// A run stopped by a signal, which saved `values` values in its checkpoint `directory`
    /// if it has one.
    pub fn interrupted(directory: Option<&Path>, values: u64) -> Self {
        let saved = match directory {
            Some(directory) => format!(
                "the checkpoint in {} holds {values} values",
                directory.display()
            ),
            None => "the values computed are lost (no --checkpoint)".to_string(),
        };
        Failure {
            message: format!("interrupted; {saved}"),
            code: interrupt::EXIT_CODE,
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure { message, code: 1 }
    }
}

/// Writes `text` and a new line to standard output, as [`print`] does.
pub fn say(text: impl std::fmt::Display) -> Result<(), Failure> {
    print(&format!("{text}\n"))
}

/// Writes `text` to standard output. A reader that has gone — a closed pipe,
/// `impartial check p.proof | head -1` — ends the output quietly (the command's own result
/// and exit code stand); any other failure to write is the run's failure.
pub fn print(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the results: {error}").into())
        }
        _ => Ok(()),
    }
}
