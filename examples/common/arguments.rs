//! How every example answers its command line: `--help` prints the help and exits with 0;
//! an argument it cannot read prints the error, then the help, and exits with 2. Included
//! with `#[path = "common/arguments.rs"] mod arguments;`.

use std::fmt::Display;
use std::process::ExitCode;

/// The arguments `parsed` read (`None`: help was asked for), or the exit code to return
/// once the help or the error is printed.
pub fn or_exit<T, E: Display>(parsed: Result<Option<T>, E>, help: &str) -> Result<T, ExitCode> {
    match parsed {
        Ok(Some(arguments)) => Ok(arguments),
        Ok(None) => {
            println!("{help}");
            Err(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("error: {error}\n\n{help}");
            Err(ExitCode::from(2))
        }
    }
}
