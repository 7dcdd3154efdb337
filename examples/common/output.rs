//! `println!` and `print!` for the examples' reports (`say!` and `say_on!`): a reader that
//! goes away early (`| head`) ends the program quietly, where the standard macros panic on
//! the closed pipe. Included with `#[macro_use] #[path = "common/output.rs"] mod output;`.

macro_rules! say {
    () => {
        $crate::output::emit(format_args!("\n"))
    };
    ($($argument:tt)*) => {
        $crate::output::emit(format_args!("{}\n", format_args!($($argument)*)))
    };
}

macro_rules! say_on {
    ($($argument:tt)*) => {
        $crate::output::emit(format_args!($($argument)*))
    };
}

/// Writes to standard output, or ends the program if no one reads it any more.
pub fn emit(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    if std::io::stdout().lock().write_fmt(text).is_err() {
        std::process::exit(0);
    }
}
