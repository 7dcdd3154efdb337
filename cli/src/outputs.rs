//! The files a run writes its results to: checked before the run computes anything, so that
//! a typo costs seconds, not the hours of a run; and written so that a failure at the end
//! keeps the results somewhere and says where.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::checkpoint::{RESERVED_NAMES, VALUES_FILE_NAME};
use crate::lock::is_locked;

/// Whether a run keeps every value or is bounded: a bounded run's values file in the
/// checkpoint directory may be its `--values` file too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Full,
    Bounded,
}

/// `path` with every symbolic link along its last component followed, whether or not the
/// file at the end exists yet (a link may point at a checkpoint file a run will create).
fn followed(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As the system does, give up on a chain of links past 40.
    for _ in 0..40 {
        let Ok(target) = fs::read_link(&path) else {
            break;
        };
        path = match path.parent() {
            Some(parent) if target.is_relative() => parent.join(target),
            _ => target,
        };
    }
    path
}

/// `path` as an absolute path through its directory's canonical form, its links followed,
/// the file itself perhaps not there yet; an error if its directory is not there.
fn resolved(path: &Path, option: &str) -> Result<PathBuf, String> {
    let followed = followed(path);
    let name = followed
        .file_name()
        .ok_or_else(|| format!("{option} {} names no file", path.display()))?;
    let parent = match followed.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let directory = fs::canonicalize(parent).map_err(|error| {
        format!(
            "{option} {}: cannot use its directory {}: {error}",
            path.display(),
            parent.display()
        )
    })?;
    Ok(directory.join(name))
}

/// The identity of the file at `path` — its device and inode, whatever name or link leads
/// to it — if it exists.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path)
        .ok()
        .map(|metadata| (metadata.dev(), metadata.ino()))
}

/// Checks that `path` can be written by `option` before the run: not a directory, in a
/// directory that exists, writable — found by opening it (and removing it again if this
/// created it) — and not a file another run holds locked (a bounded run's values file).
fn check_writable(path: &Path, option: &str) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} {} is a directory", path.display()));
    }
    resolved(path, option)?;
    if is_locked(path) {
        return Err(format!(
            "{option} {}: another run is writing it: wait for it to end, or choose another file",
            path.display()
        ));
    }
    // The file a link leads to is the one opened, and the one removed again if this made
    // it (not the link).
    let target = followed(path);
    let existed = target.exists();
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&target)
        .map_err(|error| format!("{option} {}: cannot write it: {error}", path.display()))?;
    if !existed {
        let _ = fs::remove_file(&target);
    }
    Ok(())
}

/// Checks the output files of a run before it starts — each an option's file, as
/// `(--values, path)` — each writable, no two the same (one would be written over the
/// other), none a file of the checkpoint directory (except, for a bounded run, its values
/// file as the `--values` file).
pub fn check(
    outputs: &[(&str, Option<&Path>)],
    checkpoint: Option<&Path>,
    mode: Mode,
) -> Result<(), String> {
    let directory = match checkpoint {
        Some(directory) => {
            fs::create_dir_all(directory)
                .map_err(|error| format!("cannot create {}: {error}", directory.display()))?;
            Some(
                fs::canonicalize(directory)
                    .map_err(|error| format!("cannot use {}: {error}", directory.display()))?,
            )
        }
        None => None,
    };
    let mut seen: Vec<(&Path, &str)> = Vec::new();
    for &(option, path) in outputs {
        let Some(path) = path else { continue };
        if let Some((_, other)) = seen.iter().find(|(earlier, _)| same_file(earlier, path)) {
            return Err(format!(
                "{option} {} is the {other} file too: give each its own",
                path.display()
            ));
        }
        if let Some(directory) = &directory {
            // By name (links followed, so a file the run will create counts too) and by
            // identity (a hard link, or a link into another path to the directory).
            let names = RESERVED_NAMES.iter().copied().chain([VALUES_FILE_NAME]);
            let clash = names
                .into_iter()
                .find(|&name| same_file(path, &directory.join(name)));
            let allowed =
                clash == Some(VALUES_FILE_NAME) && mode == Mode::Bounded && option == "--values";
            if clash.is_some() && !allowed {
                return Err(format!(
                    "{option} {} is a file of the checkpoint in {}: choose another name",
                    path.display(),
                    directory.display()
                ));
            }
        }
        check_writable(path, option)?;
        seen.push((path, option));
    }
    Ok(())
}

/// Whether `a` and `b` are the same file: the same device and inode if both exist, else the
/// same name once links are followed and directories made canonical.
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Some(a), Some(b)) = (identity(a), identity(b)) {
        return a == b;
    }
    match (resolved(a, ""), resolved(b, "")) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Writes `path` with `write`: a file beside it first, flushed to the disk and renamed over
/// it at the end, so that what was there stays whole until the new one is (and a failure
/// leaves nothing behind); a device or a pipe as the output comes.
pub fn write_replacing(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let special = fs::metadata(path).is_ok_and(|metadata| !metadata.is_file());
    if special {
        let mut writer = BufWriter::with_capacity(1 << 20, File::create(path)?);
        write(&mut writer)?;
        return writer.flush();
    }
    let target = resolved(path, "").map_err(io::Error::other)?;
    let (partial, file) = new_partial_beside(&target)?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    let written = write(&mut writer)
        .and_then(|()| writer.flush())
        .and_then(|()| writer.get_ref().sync_all())
        .and_then(|()| fs::rename(&partial, &target));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

/// Writes an output of the run to `path` with `write`; if that fails, to a file in the
/// temporary directory instead. An error that names both, and says where the output is, if
/// `path` failed.
pub fn write_or_rescue(
    path: &Path,
    what: &str,
    write: impl Fn(&mut dyn Write) -> io::Result<()>,
) -> Result<(), String> {
    let attempt = |path: &Path| write_replacing(path, &write);
    let Err(error) = attempt(path) else {
        return Ok(());
    };
    let name = path
        .file_name()
        .map_or("output".into(), |name| name.to_string_lossy());
    let rescue = std::env::temp_dir().join(format!("impartial-{}-{name}", std::process::id()));
    let saved = match attempt(&rescue) {
        Ok(()) => format!("they are saved in {} instead", rescue.display()),
        Err(second) => {
            let _ = fs::remove_file(&rescue);
            format!("nor in {}: {second}", rescue.display())
        }
    };
    Err(format!(
        "cannot write the {what} to {}: {error}; {saved}",
        path.display()
    ))
}

/// A new file of this process beside `path` (a dot, the name, the process and a count),
/// created new so that it is nobody else's: where an output is written before it is renamed
/// over `path`.
pub fn new_partial_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    static OUTPUTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |name| name.to_string_lossy());
    loop {
        let count = OUTPUTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let partial =
            path.with_file_name(format!(".{name}.{}-{count}.partial", std::process::id()));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)
        {
            Ok(file) => return Ok((partial, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
}
