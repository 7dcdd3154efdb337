//! Checkpoints of a long run: the values computed so far, for the game they belong to, with a
//! checksum, written so that a run killed at any moment leaves the last complete checkpoint.
//!
//! The file, little-endian throughout:
//!
//! ```text
//! magic     16 bytes  "impartial values"
//! version    u32      1
//! game       u32 length, then that many bytes of UTF-8: the game as `describe` names it
//! count      u64      how many values: G(0) … G(count − 1)
//! width      u8       bytes per value: 1, 2 or 4, the narrowest that holds every value
//! values     count × width bytes
//! crc32      u32      of every byte before it (CRC-32/ISO-HDLC, as zlib)
//! ```
//!
//! It is written to `values.checkpoint.partial` beside the real one, flushed to the disk,
//! then renamed over `values.checkpoint`: the rename is atomic, so the checkpoint is always
//! either the old one or the new one, never half of each.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 16] = b"impartial values";
const VERSION: u32 = 1;
const FILE_NAME: &str = "values.checkpoint";
const PARTIAL_NAME: &str = "values.checkpoint.partial";

/// What can go wrong with a checkpoint, in words for the user.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    #[error("{} is not a checkpoint of this program ({reason})", path.display())]
    Malformed { path: PathBuf, reason: String },
    #[error(
        "{} is damaged: its checksum is {found:08x}, its contents give {computed:08x}",
        path.display()
    )]
    Checksum {
        path: PathBuf,
        found: u32,
        computed: u32,
    },
    #[error(
        "{} holds values of {found}, not of {wanted}: use another directory",
        path.display()
    )]
    OtherGame {
        path: PathBuf,
        found: String,
        wanted: String,
    },
}

/// The checkpoint file in `directory`.
pub fn path_in(directory: &Path) -> PathBuf {
    directory.join(FILE_NAME)
}

/// The narrowest width, in bytes, that holds every value.
pub fn width_for(values: &[u32]) -> u8 {
    match values.iter().copied().max().unwrap_or(0) {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        _ => 4,
    }
}

/// Writes `values` to `writer` in `width` bytes each, little-endian.
pub fn write_values(writer: &mut impl Write, values: &[u32], width: u8) -> io::Result<()> {
    for &value in values {
        writer.write_all(&value.to_le_bytes()[..usize::from(width)])?;
    }
    Ok(())
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Summing<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.crc.update(&bytes[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Saves `values` of `game` as the checkpoint in `directory` (created if need be).
pub fn save(directory: &Path, game: &str, values: &[u32]) -> Result<(), CheckpointError> {
    let io_error = |action, path: &Path| {
        let path = path.to_path_buf();
        move |source| CheckpointError::Io {
            action,
            path,
            source,
        }
    };
    fs::create_dir_all(directory).map_err(io_error("create", directory))?;
    let partial = directory.join(PARTIAL_NAME);
    let file = File::create(&partial).map_err(io_error("create", &partial))?;
    let mut writer = Summing {
        inner: BufWriter::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let width = width_for(values);
    let game_length = u32::try_from(game.len()).expect("a game's name is short");
    let written: io::Result<()> = (|| {
        writer.write_all(MAGIC)?;
        writer.write_all(&VERSION.to_le_bytes())?;
        writer.write_all(&game_length.to_le_bytes())?;
        writer.write_all(game.as_bytes())?;
        writer.write_all(&(values.len() as u64).to_le_bytes())?;
        writer.write_all(&[width])?;
        write_values(&mut writer, values, width)?;
        let crc = writer.crc.clone().finalize();
        writer.inner.write_all(&crc.to_le_bytes())?;
        writer.inner.flush()?;
        writer.inner.get_ref().sync_all()
    })();
    written.map_err(io_error("write", &partial))?;
    let target = path_in(directory);
    fs::rename(&partial, &target).map_err(io_error("replace", &target))
}

/// A checkpoint being read: the bytes so far go into the checksum, and a short read is a
/// malformed file.
struct Reading<'p> {
    reader: BufReader<File>,
    crc: crc32fast::Hasher,
    path: &'p Path,
}

impl Reading<'_> {
    fn malformed(&self, reason: impl Into<String>) -> CheckpointError {
        CheckpointError::Malformed {
            path: self.path.to_path_buf(),
            reason: reason.into(),
        }
    }

    fn fill(&mut self, buffer: &mut [u8]) -> Result<(), CheckpointError> {
        self.reader
            .read_exact(buffer)
            .map_err(|source| match source.kind() {
                io::ErrorKind::UnexpectedEof => self.malformed("it ends too early"),
                _ => CheckpointError::Io {
                    action: "read",
                    path: self.path.to_path_buf(),
                    source,
                },
            })?;
        self.crc.update(buffer);
        Ok(())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], CheckpointError> {
        let mut bytes = [0u8; N];
        self.fill(&mut bytes)?;
        Ok(bytes)
    }
}

/// The values of the checkpoint in `directory`, if there is one; an error if it is damaged or
/// belongs to another game than `game`.
pub fn load(directory: &Path, game: &str) -> Result<Option<Vec<u32>>, CheckpointError> {
    let path = path_in(directory);
    let io_error = |action| {
        let path = path.clone();
        move |source| CheckpointError::Io {
            action,
            path,
            source,
        }
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(io_error("open")(source)),
    };
    let length = file.metadata().map_err(io_error("read"))?.len();
    let mut reading = Reading {
        reader: BufReader::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
        path: &path,
    };
    if &reading.array::<16>()? != MAGIC {
        return Err(reading.malformed("it does not start with \"impartial values\""));
    }
    let version = u32::from_le_bytes(reading.array()?);
    if version != VERSION {
        return Err(reading.malformed(format!(
            "version {version}; this program reads version {VERSION}"
        )));
    }
    let game_length = u32::from_le_bytes(reading.array()?);
    if u64::from(game_length) > length {
        return Err(reading.malformed("its game name is longer than the file"));
    }
    let mut name = vec![0u8; game_length as usize];
    reading.fill(&mut name)?;
    let found =
        String::from_utf8(name).map_err(|_| reading.malformed("its game name is not UTF-8"))?;
    let count = u64::from_le_bytes(reading.array()?);
    let [width] = reading.array()?;
    if ![1, 2, 4].contains(&width) {
        return Err(reading.malformed(format!("a value width of {width} bytes")));
    }
    let header = 16 + 4 + 4 + u64::from(game_length) + 8 + 1;
    let expected = count
        .checked_mul(u64::from(width))
        .and_then(|bytes| bytes.checked_add(header + 4));
    if expected != Some(length) {
        return Err(reading.malformed(format!(
            "{count} values of {width} bytes do not fill its {length} bytes"
        )));
    }
    if found != game {
        return Err(CheckpointError::OtherGame {
            path: path.clone(),
            found,
            wanted: game.to_string(),
        });
    }
    let values = read_values(&mut reading, count, width)?;
    let computed = reading.crc.clone().finalize();
    let found = u32::from_le_bytes(reading.array()?);
    if found != computed {
        return Err(CheckpointError::Checksum {
            path: path.clone(),
            found,
            computed,
        });
    }
    Ok(Some(values))
}

/// `count` values of `width` bytes each.
fn read_values(reading: &mut Reading, count: u64, width: u8) -> Result<Vec<u32>, CheckpointError> {
    let count = usize::try_from(count).map_err(|_| reading.malformed("too many values"))?;
    let mut values = Vec::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| reading.malformed(format!("{count} values do not fit in memory")))?;
    let width = usize::from(width);
    let mut chunk = vec![0u8; width << 16];
    let mut left = count;
    while left > 0 {
        let take = left.min(1 << 16);
        let bytes = &mut chunk[..take * width];
        reading.fill(bytes)?;
        values.extend(bytes.chunks_exact(width).map(|value| {
            let mut word = [0u8; 4];
            word[..width].copy_from_slice(value);
            u32::from_le_bytes(word)
        }));
        left -= take;
    }
    Ok(values)
}
