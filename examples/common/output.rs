//! `println!` and `print!` for the examples' reports (`say!` and `say_on!`): a reader that
//! goes away early (`| head`) ends the program quietly, and an output that cannot be written
//! ends it with a message, where the standard macros panic. Included with `#[macro_use] #[path = "common/output.rs"] mod output;`.

macro_rules! say {
    () => {
        $crate::output::emit(format_args!("\n"))
    };
    ($($argument:tt)*) => {
        $crate::output::emit(format_args!("{}\n", format_args!($($argument)*)))
    };
}

// Not every example writes part of a line.
#[allow(unused_macros)]
macro_rules! say_on {
    ($($argument:tt)*) => {
        $crate::output::emit(format_args!($($argument)*))
    };
}

/// Writes to standard output; ends the program quietly if no one reads it any more, and
/// with a message and exit code 1 if it cannot be written (a full disk), never a panic.
pub fn emit(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    if let Err(error) = std::io::stdout().lock().write_fmt(text) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing the report: {error}");
        std::process::exit(1);
    }
}
