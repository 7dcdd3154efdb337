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
///
/// Only a regular file (or no file) is replaced. A symbolic link is followed, and the file it
/// names replaced in its own folder; a device or a pipe (`/dev/stdout`, `/dev/full`) is
/// written through, never replaced by a file; a folder is refused.
pub(crate) fn replace(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let path = match fs::symlink_metadata(path) {
        Ok(link) if link.file_type().is_symlink() => match fs::canonicalize(path) {
            Ok(target) => target,
            // A link to no file yet: the file is made where it points.
            Err(_) => resolve_dangling(path)?,
        },
        _ => path.to_path_buf(),
    };
    match fs::metadata(&path) {
        Ok(found) if found.is_dir() => {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            ));
        }
        Ok(found) if !found.is_file() => return write_through(&path, write),
        _ => {}
    }
    let (partial, file) = new_beside(&path)?;
    let mut writer = BufWriter::new(file);
    let written = write(&mut writer)
        .and_then(|()| writer.flush())
        .and_then(|()| writer.get_ref().sync_all())
        .and_then(|()| fs::rename(&partial, &path));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

/// The path a symbolic link to no file ends at, each link's target read relative to its
/// folder; as the system does, a chain past 40 links is an error.
fn resolve_dangling(link: &Path) -> io::Result<PathBuf> {
    let mut path = link.to_path_buf();
    for _ in 0..40 {
        let Ok(target) = fs::read_link(&path) else {
            return Ok(path);
        };
        path = match path.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    Err(io::Error::other("a chain of more than 40 symbolic links"))
}

/// Writes to what is at `path` — a device, a pipe — as it is: no file replaces it.
fn write_through(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let file = fs::OpenOptions::new().write(true).open(path)?;
    let mut writer = BufWriter::new(file);
    write(&mut writer)?;
    writer.flush()
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

    /// A link is followed, its target replaced and the link kept; a device is written
    /// through (a full one refuses the bytes) and stays a device.
    #[cfg(unix)]
    #[test]
    fn links_are_followed_and_devices_written_through() {
        use std::os::unix::fs::FileTypeExt;
        let folder = scratch("links");
        let target = folder.join("target");
        std::fs::write(&target, b"old").unwrap();
        let link = folder.join("link");
        std::os::unix::fs::symlink("target", &link).unwrap();
        replace(&link, |file| file.write_all(b"new")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        let dangling = folder.join("dangling");
        // A link to a link to no file: the file is made at the end of the chain.
        std::os::unix::fs::symlink("middle", &dangling).unwrap();
        std::os::unix::fs::symlink("made", folder.join("middle")).unwrap();
        replace(&dangling, |file| file.write_all(b"made")).unwrap();
        assert!(
            std::fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(folder.join("made")).unwrap(), b"made");
        replace(std::path::Path::new("/dev/null"), |file| {
            file.write_all(b"gone")
        })
        .unwrap();
        let full = std::path::Path::new("/dev/full");
        if full.exists() {
            assert!(replace(full, |file| file.write_all(&vec![0; 1 << 16])).is_err());
            assert!(
                std::fs::metadata(full)
                    .unwrap()
                    .file_type()
                    .is_char_device()
            );
        }
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
