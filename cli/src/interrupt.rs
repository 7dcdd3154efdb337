//! SIGINT and SIGTERM (and SIGHUP): the run stops at its next report — saving a checkpoint
//! if it keeps them, removing its temporary file — and exits with code 130. A run that does
//! not reach a report within a few seconds (a slow game between reports), or a second
//! signal, ends at once: its temporary file is removed, its checkpoint is the last one saved.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static REQUESTED: AtomicBool = AtomicBool::new(false);
static ACKNOWLEDGED: AtomicBool = AtomicBool::new(false);
/// The temporary values file of a bounded run, removed on the way out.
static TEMPORARY: Mutex<Option<PathBuf>> = Mutex::new(None);

/// How long the run has to reach a report before the handler ends it.
const GRACE: Duration = Duration::from_secs(5);

/// The exit code of an interrupted run, as a shell gives one killed by SIGINT.
pub const EXIT_CODE: u8 = 130;

/// From now on a write past the file-size limit (`ulimit -f`) fails with "file too large",
/// which every run reports as it reports any failure to write, instead of SIGXFSZ ending
/// the process without a word: a handler that only sets a flag replaces the default action.
pub fn report_file_size_limit() {
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(AtomicBool::new(false)),
    );
}

/// Handles the signals from now on.
pub fn install() {
    // Without a handler (it fails only if one is installed already), a signal ends the
    // process as it would have anyway.
    let _ = ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            leave();
        }
        let since = Instant::now();
        while since.elapsed() < GRACE {
            if ACKNOWLEDGED.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        leave();
    });
}

/// Removes the temporary file and exits.
fn leave() -> ! {
    remove_temporary();
    eprintln!("impartial: interrupted");
    std::process::exit(i32::from(EXIT_CODE));
}

/// Whether a signal asked the run to stop; asking says the run will.
pub fn requested() -> bool {
    let requested = REQUESTED.load(Ordering::SeqCst);
    if requested {
        ACKNOWLEDGED.store(true, Ordering::SeqCst);
    }
    requested
}

/// Makes `path` the temporary file to remove on the way out.
pub fn set_temporary(path: Option<PathBuf>) {
    *TEMPORARY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = path;
}

/// Removes the temporary file, if any.
pub fn remove_temporary() {
    let path = TEMPORARY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    if let Some(path) = path {
        let _ = std::fs::remove_file(path);
    }
}
