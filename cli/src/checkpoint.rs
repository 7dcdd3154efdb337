//! Checkpoints of a long run: the values computed so far, for the game they belong to, with a
//! checksum, written so that a run killed at any moment leaves the last complete checkpoint.
//!
//! A run holding every value saves `values.checkpoint`, little-endian throughout:
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
//! A bounded run (`--prefix`) saves `stream.checkpoint`: what it keeps, what it has counted,
//! how far its values file (`values.bin` beside it) goes and the file's checksums.
//!
//! ```text
//! magic     16 bytes  "impartial stream"
//! version    u32      3
//! game                as above
//! prefix length u64   the --prefix of the run
//! prefix    count, width, values as above: G(0) …
//! window start  u64   the heap of the window's first value
//! window    count, width, values as above
//! largest   u32       the largest value so far
//! mask flips u32      the sparse space's mask bits decided past the prefix
//! counts    u64 length, then that many (u32 value, u64 count): the heaps so far with
//!                     each value that has any, ascending
//! values file  u64 heaps, u8 width: the values file holds that many, that wide
//! checksums u64 count, then that many u32: the CRC-32 of each whole block of 2^20 values
//!           of the values file, then a u32: of the values after them (see `values_file`)
//! crc32     u32
//! ```
//!
//! Version 2 had no checksums of the values file: it is read, and the checksums computed
//! from the file as it stands.
//!
//! Each is written to a `.partial` file beside the real one, flushed to the disk, then
//! renamed over it: the rename is atomic, so the checkpoint is always either the old one or
//! the new one, never half of each.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use impartial::sequence::{StreamState, Values};

use crate::counts::Counts;
use crate::format::{width_for, write_values};
use crate::values_file::Checksums;

/// What starts a checkpoint of one kind: its magic and the version of its layout.
struct Format {
    magic: &'static [u8; 16],
    version: u32,
}

const VALUES: Format = Format {
    magic: b"impartial values",
    version: 1,
};
const FILE_NAME: &str = "values.checkpoint";
// Version 2 added the mask flips, version 3 the checksums of the values file; a version 1
// stream checkpoint is refused by its version.
const STREAM: Format = Format {
    magic: b"impartial stream",
    version: 3,
};
const STREAM_WITHOUT_CHECKSUMS: u32 = 2;
const STREAM_NAME: &str = "stream.checkpoint";
/// The values file of a bounded run in its checkpoint directory.
pub const VALUES_FILE_NAME: &str = "values.bin";

/// The files a checkpoint directory holds besides the values file: a run writes none of its
/// outputs over them.
pub const RESERVED_NAMES: [&str; 6] = [
    FILE_NAME,
    STREAM_NAME,
    "values.checkpoint.partial",
    "stream.checkpoint.partial",
    "values.widening",
    crate::lock::LOCK_NAME,
];

/// What can go wrong with a checkpoint, in words for the user.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    #[error(
        "{} is not a checkpoint of this program ({reason}): move it away to start the run \
         afresh, or give another --checkpoint directory",
        path.display()
    )]
    Malformed { path: PathBuf, reason: String },
    #[error(
        "{} is damaged: its checksum is {found:08x}, its contents give {computed:08x}. Move \
         it away (or restore a copy) to start the run afresh",
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
pub fn save(directory: &Path, game: &str, values: &Values) -> Result<(), CheckpointError> {
    write_atomically(directory, FILE_NAME, &VALUES, game, |writer| {
        write_section(writer, values)
    })
}

/// Writes `values` as `count`, `width`, then the values in that width.
fn write_section(
    writer: &mut impl Write,
    values: impl IntoIterator<Item = u32, IntoIter: ExactSizeIterator + Clone>,
) -> io::Result<()> {
    let values = values.into_iter();
    let width = width_for(values.clone());
    writer.write_all(&(values.len() as u64).to_le_bytes())?;
    writer.write_all(&[width])?;
    write_values(writer, values, width)
}

/// Writes the checkpoint `name` in `directory` — the magic, the version, the game, `body`
/// and the checksum — to a partial file first, flushed to the disk, then renamed over the
/// real one.
fn write_atomically(
    directory: &Path,
    name: &str,
    format: &Format,
    game: &str,
    body: impl FnOnce(&mut Summing<BufWriter<File>>) -> io::Result<()>,
) -> Result<(), CheckpointError> {
    let io_error = |action, path: &Path| {
        let path = path.to_path_buf();
        move |source| CheckpointError::Io {
            action,
            path,
            source,
        }
    };
    fs::create_dir_all(directory).map_err(io_error("create", directory))?;
    let partial = directory.join(format!("{name}.partial"));
    let file = File::create(&partial).map_err(io_error("create", &partial))?;
    let mut writer = Summing {
        inner: BufWriter::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let game_length = u32::try_from(game.len()).expect("a game's name is short");
    let written: io::Result<()> = (|| {
        writer.write_all(format.magic)?;
        writer.write_all(&format.version.to_le_bytes())?;
        writer.write_all(&game_length.to_le_bytes())?;
        writer.write_all(game.as_bytes())?;
        body(&mut writer)?;
        let crc = writer.crc.clone().finalize();
        writer.inner.write_all(&crc.to_le_bytes())?;
        writer.inner.flush()?;
        writer.inner.get_ref().sync_all()
    })();
    let target = directory.join(name);
    let saved = written
        .map_err(io_error("write", &partial))
        .and_then(|()| fs::rename(&partial, &target).map_err(io_error("replace", &target)));
    if saved.is_err() {
        // The checkpoint before stays as it was; no half-written file is left beside it.
        let _ = fs::remove_file(&partial);
    }
    saved
}

/// A checkpoint being read: the bytes so far go into the checksum, and a short read is a
/// malformed file.
struct Reading<'p> {
    reader: BufReader<File>,
    crc: crc32fast::Hasher,
    path: &'p Path,
    /// Bytes of the file not read yet.
    left: u64,
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
        self.left -= buffer.len() as u64;
        Ok(())
    }

    /// Reads the checksum, which must be the file's last four bytes and match.
    fn finish(mut self) -> Result<(), CheckpointError> {
        let computed = self.crc.clone().finalize();
        if self.left != 4 {
            return Err(self.malformed(format!("{} bytes too many", self.left.wrapping_sub(4))));
        }
        let found = u32::from_le_bytes(self.array()?);
        if found != computed {
            return Err(CheckpointError::Checksum {
                path: self.path.to_path_buf(),
                found,
                computed,
            });
        }
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
pub fn load(directory: &Path, game: &str) -> Result<Option<Values>, CheckpointError> {
    let path = path_in(directory);
    let Some(mut reading) = open(&path, &VALUES, game)? else {
        return Ok(None);
    };
    let values = read_section(&mut reading)?;
    reading.finish()?;
    Ok(Some(values))
}

/// Opens the checkpoint at `path`, if there is one, and reads its header: the magic, the
/// version and the game, which must be `game`.
fn open<'p>(
    path: &'p Path,
    format: &Format,
    game: &str,
) -> Result<Option<Reading<'p>>, CheckpointError> {
    Ok(open_versions(path, format, &[], game)?.map(|(reading, _)| reading))
}

/// As [`open`], accepting the `older` versions of the format too; the version read.
fn open_versions<'p>(
    path: &'p Path,
    format: &Format,
    older: &[u32],
    game: &str,
) -> Result<Option<(Reading<'p>, u32)>, CheckpointError> {
    let io_error = |action| {
        move |source| CheckpointError::Io {
            action,
            path: path.to_path_buf(),
            source,
        }
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(io_error("open")(source)),
    };
    let length = file.metadata().map_err(io_error("read"))?.len();
    let mut reading = Reading {
        reader: BufReader::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
        path,
        left: length,
    };
    if &reading.array::<16>()? != format.magic {
        let magic = String::from_utf8_lossy(format.magic);
        return Err(reading.malformed(format!("it does not start with \"{magic}\"")));
    }
    let version = u32::from_le_bytes(reading.array()?);
    if version != format.version && !older.contains(&version) {
        let wanted = format.version;
        return Err(reading.malformed(format!(
            "version {version}; this program reads version {wanted}"
        )));
    }
    let game_length = u32::from_le_bytes(reading.array()?);
    if u64::from(game_length) > reading.left {
        return Err(reading.malformed("its game name is longer than the file"));
    }
    let mut name = vec![0u8; game_length as usize];
    reading.fill(&mut name)?;
    let found =
        String::from_utf8(name).map_err(|_| reading.malformed("its game name is not UTF-8"))?;
    if found != game {
        return Err(CheckpointError::OtherGame {
            path: path.to_path_buf(),
            found,
            wanted: game.to_string(),
        });
    }
    Ok(Some((reading, version)))
}

/// A section written by [`write_section`].
fn read_section(reading: &mut Reading) -> Result<Values, CheckpointError> {
    let count = u64::from_le_bytes(reading.array()?);
    let [width] = reading.array()?;
    if ![1, 2, 4].contains(&width) {
        return Err(reading.malformed(format!("a value width of {width} bytes")));
    }
    // The values and the checksum after them.
    if count
        .checked_mul(u64::from(width))
        .and_then(|bytes| bytes.checked_add(4))
        .is_none_or(|bytes| bytes > reading.left)
    {
        return Err(reading.malformed(format!(
            "{count} values of {width} bytes do not fit in what is left of it"
        )));
    }
    read_values(reading, count, width)
}

/// `count` values of `width` bytes each, held in that width.
fn read_values(reading: &mut Reading, count: u64, width: u8) -> Result<Values, CheckpointError> {
    fn read_in<V>(
        reading: &mut Reading,
        count: usize,
        width: usize,
        decode: impl Fn(&[u8]) -> V,
    ) -> Result<Vec<V>, CheckpointError> {
        let mut values = Vec::new();
        values
            .try_reserve_exact(count)
            .map_err(|_| reading.malformed(format!("{count} values do not fit in memory")))?;
        let mut chunk = vec![0u8; width << 16];
        let mut left = count;
        while left > 0 {
            let take = left.min(1 << 16);
            let bytes = &mut chunk[..take * width];
            reading.fill(bytes)?;
            values.extend(bytes.chunks_exact(width).map(&decode));
            left -= take;
        }
        Ok(values)
    }
    let count = usize::try_from(count).map_err(|_| reading.malformed("too many values"))?;
    let width = usize::from(width);
    Ok(match width {
        1 => Values::from_u8(read_in(reading, count, width, |bytes| bytes[0])?),
        2 => Values::from_u16(read_in(reading, count, width, |bytes| {
            u16::from_le_bytes([bytes[0], bytes[1]])
        })?),
        _ => Values::from(read_in(reading, count, width, |bytes| {
            u32::from_le_bytes(bytes.try_into().expect("four bytes"))
        })?),
    })
}

/// What a bounded run saves: see the module's documentation.
pub struct StreamCheckpoint {
    pub state: StreamState,
    pub counts: Counts,
    pub file_heaps: u64,
    pub file_width: u8,
    /// The values file's checksums; `None` from a checkpoint of version 2.
    pub checksums: Option<Checksums>,
}

/// The bounded run's checkpoint file in `directory`.
pub fn stream_path_in(directory: &Path) -> PathBuf {
    directory.join(STREAM_NAME)
}

/// Saves a bounded run's checkpoint in `directory` (created if need be).
pub fn save_stream(
    directory: &Path,
    game: &str,
    state: &StreamState,
    counts: &Counts,
    (file_heaps, file_width, checksums): (u64, u8, &Checksums),
) -> Result<(), CheckpointError> {
    write_atomically(directory, STREAM_NAME, &STREAM, game, |writer| {
        writer.write_all(&state.prefix_len().to_le_bytes())?;
        write_section(writer, state.prefix().iter().copied())?;
        writer.write_all(&state.window_start().to_le_bytes())?;
        write_section(writer, state.window().iter().copied())?;
        writer.write_all(&state.largest_value().to_le_bytes())?;
        writer.write_all(&state.mask_flips().to_le_bytes())?;
        writer.write_all(&(counts.pairs().count() as u64).to_le_bytes())?;
        for (value, count) in counts.pairs() {
            writer.write_all(&value.to_le_bytes())?;
            writer.write_all(&count.to_le_bytes())?;
        }
        writer.write_all(&file_heaps.to_le_bytes())?;
        writer.write_all(&[file_width])?;
        writer.write_all(&(checksums.blocks.len() as u64).to_le_bytes())?;
        for crc in &checksums.blocks {
            writer.write_all(&crc.to_le_bytes())?;
        }
        writer.write_all(&checksums.last.to_le_bytes())
    })
}

/// The bounded run's checkpoint in `directory`, if there is one; an error if it is damaged
/// or belongs to another game than `game`.
pub fn load_stream(
    directory: &Path,
    game: &str,
) -> Result<Option<StreamCheckpoint>, CheckpointError> {
    let path = stream_path_in(directory);
    let Some((mut reading, version)) =
        open_versions(&path, &STREAM, &[STREAM_WITHOUT_CHECKSUMS], game)?
    else {
        return Ok(None);
    };
    let prefix_len = u64::from_le_bytes(reading.array()?);
    let prefix = read_section(&mut reading)?.to_vec();
    let window_start = u64::from_le_bytes(reading.array()?);
    let window = read_section(&mut reading)?.to_vec();
    let largest = u32::from_le_bytes(reading.array()?);
    let mask_flips = u32::from_le_bytes(reading.array()?);
    let values = u64::from_le_bytes(reading.array()?);
    if values
        .checked_mul(12)
        .is_none_or(|bytes| bytes > reading.left)
    {
        return Err(reading.malformed(format!("{values} counts do not fit in it")));
    }
    let mut counts = Counts::default();
    for _ in 0..values {
        let value = u32::from_le_bytes(reading.array()?);
        counts.add(value, u64::from_le_bytes(reading.array()?));
    }
    let file_heaps = u64::from_le_bytes(reading.array()?);
    let [file_width] = reading.array()?;
    let checksums = if version == STREAM_WITHOUT_CHECKSUMS {
        None
    } else {
        let blocks = u64::from_le_bytes(reading.array()?);
        if blocks
            .checked_mul(4)
            .is_none_or(|bytes| bytes > reading.left)
        {
            return Err(reading.malformed(format!("{blocks} checksums do not fit in it")));
        }
        let blocks = (0..blocks)
            .map(|_| reading.array().map(u32::from_le_bytes))
            .collect::<Result<_, _>>()?;
        let last = u32::from_le_bytes(reading.array()?);
        Some(Checksums { blocks, last })
    };
    reading.finish()?;
    Ok(Some(StreamCheckpoint {
        state: StreamState::from_parts(
            prefix_len,
            prefix,
            window_start,
            window,
            largest,
            mask_flips,
        ),
        counts,
        file_heaps,
        file_width,
        checksums,
    }))
}
