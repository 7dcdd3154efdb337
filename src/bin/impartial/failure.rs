//! How a run fails: a message for the user and the exit code that goes with it.

use crate::interrupt;

/// Why a run did not finish, and the exit code that says so.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// A run stopped by a signal; `saved` says what it kept.
    pub fn interrupted(saved: &str) -> Self {
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
