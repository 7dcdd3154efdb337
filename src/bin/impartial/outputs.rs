//! The files a run writes its results to: checked before the run computes anything, so that
//! a typo costs seconds, not the hours of a run; and written so that a failure at the end
//! keeps the results somewhere and says where.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::checkpoint::{RESERVED_NAMES, VALUES_FILE_NAME};

/// Whether a run keeps every value or is bounded: a bounded run's values file in the
/// checkpoint directory may be its `--values` file too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Full,
    Bounded,
}

/// `path` as an absolute path through its directory's canonical form, the file itself
/// perhaps not there yet; an error if its directory is not there.
fn resolved(path: &Path, option: &str) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{option} {} names no file", path.display()))?;
    let parent = match path.parent() {
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

/// Checks that `path` can be written by `option` before the run: not a directory, in a
/// directory that exists, writable — found by opening it (and removing it again if this
/// created it).
fn check_writable(path: &Path, option: &str) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} {} is a directory", path.display()));
    }
    resolved(path, option)?;
    let existed = path.exists();
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|error| format!("{option} {}: cannot write it: {error}", path.display()))?;
    if !existed {
        let _ = fs::remove_file(path);
    }
    Ok(())
}

/// Checks the output files of a run before it starts: each writable, no two the same, none
/// a file of the checkpoint directory (except, for a bounded run, its values file as the
/// `--values` file).
pub fn check(
    values: Option<&Path>,
    rare_heaps: Option<&Path>,
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
    let mut seen: Vec<(PathBuf, &str)> = Vec::new();
    for (path, option) in [(values, "--values"), (rare_heaps, "--rare-heaps")] {
        let Some(path) = path else { continue };
        check_writable(path, option)?;
        let full = resolved(path, option)?;
        if let Some((_, other)) = seen.iter().find(|(earlier, _)| *earlier == full) {
            return Err(format!(
                "{option} {} is the {other} file too: give each its own",
                path.display()
            ));
        }
        if let Some(directory) = &directory
            && full.parent() == Some(directory.as_path())
        {
            let name = full
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            let values_file = name == VALUES_FILE_NAME;
            let allowed = values_file && mode == Mode::Bounded && option == "--values";
            if (RESERVED_NAMES.contains(&name) || values_file) && !allowed {
                return Err(format!(
                    "{option} {} is a file of the checkpoint in {}: choose another name",
                    path.display(),
                    directory.display()
                ));
            }
        }
        seen.push((full, option));
    }
    Ok(())
}

/// Whether `a` and `b` name the same file, as far as their directories tell.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (resolved(a, ""), resolved(b, "")) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Writes an output of the run to `path` with `write`; if that fails, to a file in the
/// temporary directory instead. An error that names both, and says where the output is, if
/// `path` failed.
pub fn write_or_rescue(
    path: &Path,
    what: &str,
    write: impl Fn(&mut dyn Write) -> io::Result<()>,
) -> Result<(), String> {
    let attempt = |path: &Path| -> io::Result<()> {
        let mut writer = BufWriter::with_capacity(1 << 20, File::create(path)?);
        write(&mut writer)?;
        writer.flush()?;
        writer.get_ref().sync_all()
    };
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
