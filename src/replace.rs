//! Replacing a file whole or not at all: the bytes go to a file of their own beside it, made
//! durable, then renamed over it. A reader never sees half a file, and a failed write leaves
//! the old one as it was.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replaces the file at `path` with what `write` writes, whole: into a new file beside it,
/// synced, then renamed over `path`. On an error the new file is removed — only it: the name
/// is one no other file had (see [`new_beside`]).
pub(crate) fn replace(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    let (partial, file) = new_beside(path)?;
    let mut writer = BufWriter::new(file);
    let written = write(&mut writer)
        .and_then(|()| writer.flush())
        .and_then(|()| writer.get_ref().sync_all())
        .and_then(|()| fs::rename(&partial, path));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

/// A file of its own beside `path`, created new — never one that was there (a `keep.partial`
/// of the user's, or another save's, in this process or another): the process, a count and
/// the file's name in its name, `.NAME.PID-K.partial`.
fn new_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy());
    loop {
        let save = SAVES.fetch_add(1, Ordering::Relaxed);
        let partial = path.with_file_name(format!(".{name}.{}-{save}.partial", std::process::id()));
        match fs::OpenOptions::new()
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

#[cfg(test)]
mod tests {
    use super::replace;
    use std::io::Write;

    fn scratch(name: &str) -> std::path::PathBuf {
        let folder = std::env::temp_dir().join(format!("replace-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        folder
    }

    #[test]
    fn a_file_is_replaced_whole_or_left_as_it_was() {
        let folder = scratch("whole");
        let path = folder.join("data");
        std::fs::write(&path, b"old").unwrap();
        // A partial file of another save, with the name an older scheme would have taken.
        let other = folder.join(format!(".data.{}-0.partial", std::process::id()));
        std::fs::write(&other, b"another save's").unwrap();
        let failed = replace(&path, |file| {
            file.write_all(b"half")?;
            Err(std::io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read(&other).unwrap(), b"another save's");
        replace(&path, |file| file.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let mut left: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        left.sort();
        assert_eq!(left, [other.file_name().unwrap(), "data".as_ref()]);
        assert!(
            replace(&folder, |_| Ok(())).is_err(),
            "a folder is not replaced"
        );
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
