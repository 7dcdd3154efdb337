//! One run at a time on a checkpoint directory or a values file: an exclusive lock the
//! operating system holds for the process and drops when it ends, however it ends — so a
//! lock file left by a killed run is stale by construction, and the next run takes it.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The lock of a checkpoint directory, held while the value lives.
#[derive(Debug)]
pub struct DirectoryLock {
    // Closing the file releases the lock.
    _file: File,
}

/// The lock file in a checkpoint directory.
pub const LOCK_NAME: &str = "lock";

/// The lock file of `directory`.
pub fn lock_path(directory: &Path) -> PathBuf {
    directory.join(LOCK_NAME)
}

/// Locks `directory` (created if need be) for this process, writing its pid into the lock
/// file; an error naming the process that holds it if another does.
pub fn lock_directory(directory: &Path) -> Result<DirectoryLock, String> {
    std::fs::create_dir_all(directory)
        .map_err(|error| format!("cannot create {}: {error}", directory.display()))?;
    let path = lock_path(directory);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|error| format!("cannot write in {}: {error}", directory.display()))?;
    match try_lock_awhile(&file) {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut owner = String::new();
            let _ = file.read_to_string(&mut owner);
            let owner = owner.trim();
            let owner = if owner.is_empty() {
                "another process".to_string()
            } else {
                format!("process {owner}")
            };
            return Err(format!(
                "{} is in use by another run ({owner}): wait for it to end, or use another \
                 directory",
                directory.display()
            ));
        }
        Err(TryLockError::Error(error)) => {
            return Err(format!("cannot lock {}: {error}", path.display()));
        }
    }
    let written = file
        .set_len(0)
        .and_then(|()| file.seek(SeekFrom::Start(0)))
        .and_then(|_| writeln!(file, "{}", std::process::id()))
        .and_then(|()| file.flush());
    written.map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    Ok(DirectoryLock { _file: file })
}

/// How long a run waits for the lock before saying who holds it: a run killed a moment ago
/// holds it until the system has finished closing its files, which may come after the
/// shell that killed it has started the next run.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// Takes the lock of `file`, trying again for [`LOCK_PATIENCE`] while another holds it.
fn try_lock_awhile(file: &File) -> Result<(), TryLockError> {
    let started = std::time::Instant::now();
    loop {
        match file.try_lock() {
            Err(TryLockError::WouldBlock) if started.elapsed() < LOCK_PATIENCE => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            result => return result,
        }
    }
}

/// Whether some process holds the lock of the file at `path` (false if it cannot be opened).
pub fn is_locked(path: &Path) -> bool {
    File::open(path).is_ok_and(|file| matches!(file.try_lock(), Err(TryLockError::WouldBlock)))
}
