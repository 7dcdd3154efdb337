//! Bounded runs (`--prefix`): the library keeps the prefix and a window of recent values;
//! every value goes to a binary file as it comes, the frequencies are counted on the way,
//! and the rare search that goes deeper than the prefix reads the values it needs back from
//! the file.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use impartial::sequence::ValueStore;

use crate::checkpoint::{width_for, write_values};

/// How many heaps have each value: a table for the values below 2¹⁶ — every game's, in
/// practice — and a map for any above.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    dense: Vec<u64>,
    sparse: BTreeMap<u32, u64>,
}

impl Counts {
    const DENSE: usize = 1 << 16;

    /// Counts from `(value, count)` pairs.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u32, u64)>) -> Self {
        let mut counts = Counts::default();
        for (value, count) in pairs {
            counts.add(value, count);
        }
        counts
    }

    pub fn add(&mut self, value: u32, count: u64) {
        let index = value as usize;
        if index < Self::DENSE {
            if index >= self.dense.len() {
                self.dense.resize(index + 1, 0);
            }
            self.dense[index] += count;
        } else {
            *self.sparse.entry(value).or_default() += count;
        }
    }

    /// The values with a count, ascending, and their counts.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        (0u32..)
            .zip(self.dense.iter().copied())
            .chain(self.sparse.iter().map(|(&value, &count)| (value, count)))
            .filter(|&(_, count)| count > 0)
    }
}

/// The values of a bounded run in a file of little-endian integers, one width for all —
/// the narrowest that holds every value so far, the file rewritten wider when a value needs
/// it — with the frequency of every value.
pub struct ValuesFile {
    path: PathBuf,
    writer: BufWriter<File>,
    reader: File,
    width: u8,
    heaps: u64,
    /// How many heaps so far have each value.
    pub counts: Counts,
    /// Values read back by deep searches.
    pub read_back: u64,
    /// The first error writing or reading the file: the run's result is not to be trusted
    /// past it, and it is reported instead.
    error: Option<io::Error>,
}

impl ValuesFile {
    /// A new, empty file at `path`.
    pub fn create(path: &Path) -> io::Result<Self> {
        File::create(path)?;
        Self::open(path, 1, 0, Counts::default())
    }

    /// The file at `path` as a checkpoint left it: `heaps` values, the last of them `tail`,
    /// at least `width` bytes each — more bytes, written after the checkpoint, are cut off.
    ///
    /// A file widened after the checkpoint is wider than it says: the width is the one, of
    /// `width` and those above, that holds `heaps` values ending in `tail`. A file that
    /// holds them in no width is refused — it is not this run's.
    pub fn resume(
        path: &Path,
        heaps: u64,
        width: u8,
        tail: &[u32],
        counts: Counts,
    ) -> io::Result<Self> {
        let length = fs::metadata(path)?.len();
        let first = heaps.saturating_sub(tail.len() as u64);
        let mut found = None;
        for wider in [1u8, 2, 4].into_iter().filter(|&wider| wider >= width) {
            if length < heaps.saturating_mul(u64::from(wider)) {
                continue;
            }
            let mut file = Self::open(path, wider, heaps, Counts::default())?;
            let mut read = vec![0; tail.len()];
            file.read_into(first, &mut read)?;
            if read == tail {
                found = Some(wider);
                break;
            }
        }
        let Some(width) = found else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{} ({length} bytes) does not hold the {heaps} values the checkpoint \
                     counts: it is not this run's values file",
                    path.display()
                ),
            ));
        };
        OpenOptions::new()
            .write(true)
            .open(path)?
            .set_len(heaps * u64::from(width))?;
        Self::open(path, width, heaps, counts)
    }

    fn open(path: &Path, width: u8, heaps: u64, counts: Counts) -> io::Result<Self> {
        let append = OpenOptions::new().append(true).open(path)?;
        Ok(ValuesFile {
            path: path.to_path_buf(),
            writer: BufWriter::with_capacity(1 << 20, append),
            reader: File::open(path)?,
            width,
            heaps,
            counts,
            read_back: 0,
            error: None,
        })
    }

    /// Bytes per value.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The heaps written and their width, every byte flushed to the disk: what a checkpoint
    /// records.
    pub fn sync(&mut self) -> io::Result<(u64, u8)> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        self.writer.flush()?;
        self.writer.get_ref().sync_data()?;
        Ok((self.heaps, self.width))
    }

    /// Rewrites the file with `width` bytes per value.
    fn widen(&mut self, width: u8) -> io::Result<()> {
        self.writer.flush()?;
        let wider = self.path.with_extension("widening");
        {
            let mut from = BufReader::with_capacity(1 << 20, File::open(&self.path)?);
            let mut to = BufWriter::with_capacity(1 << 20, File::create(&wider)?);
            let old = usize::from(self.width);
            let mut chunk = vec![0u8; old << 16];
            let mut values = Vec::with_capacity(1 << 16);
            let mut left = self.heaps;
            while left > 0 {
                let take = usize::try_from(left.min(1 << 16)).expect("at most 2^16");
                from.read_exact(&mut chunk[..take * old])?;
                values.clear();
                values.extend(chunk[..take * old].chunks_exact(old).map(decode));
                write_values(&mut to, values.iter().copied(), width)?;
                left -= take as u64;
            }
            to.flush()?;
            to.get_ref().sync_data()?;
        }
        fs::rename(&wider, &self.path)?;
        let reopened = Self::open(&self.path, width, self.heaps, Counts::default())?;
        self.writer = reopened.writer;
        self.reader = reopened.reader;
        self.width = width;
        Ok(())
    }

    fn write(&mut self, values: &[u32]) -> io::Result<()> {
        let needed = width_for(values.iter().copied());
        if needed > self.width {
            self.widen(needed)?;
        }
        write_values(&mut self.writer, values.iter().copied(), self.width)
    }

    fn read_into(&mut self, first: u64, values: &mut [u32]) -> io::Result<()> {
        self.writer.flush()?;
        let width = usize::from(self.width);
        self.reader
            .seek(SeekFrom::Start(first.saturating_mul(width as u64)))?;
        let mut bytes = vec![0u8; values.len() * width];
        self.reader.read_exact(&mut bytes)?;
        for (value, bytes) in values.iter_mut().zip(bytes.chunks_exact(width)) {
            *value = decode(bytes);
        }
        Ok(())
    }
}

/// A little-endian integer of 1, 2 or 4 bytes.
fn decode(bytes: &[u8]) -> u32 {
    let mut word = [0u8; 4];
    word[..bytes.len()].copy_from_slice(bytes);
    u32::from_le_bytes(word)
}

impl ValueStore for ValuesFile {
    fn store(&mut self, first: u64, values: &[u32]) {
        debug_assert_eq!(first, self.heaps, "values come in order");
        for &value in values {
            self.counts.add(value, 1);
        }
        if self.error.is_none()
            && let Err(error) = self.write(values)
        {
            self.error = Some(error);
        }
        self.heaps += values.len() as u64;
    }

    fn read(&mut self, first: u64, values: &mut [u32]) -> bool {
        if self.error.is_some() {
            return false;
        }
        match self.read_into(first, values) {
            Ok(()) => {
                self.read_back += values.len() as u64;
                true
            }
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let directory = std::env::temp_dir().join(format!("impartial-{}", std::process::id()));
        fs::create_dir_all(&directory).unwrap();
        directory.join(name)
    }

    /// Values of every width, stored in batches that cross 255 and 65 535 with values already
    /// in the file: read back, and in the file, they are what was stored, in the narrowest
    /// width that holds them all; counted; and cut back to a checkpoint on resuming.
    #[test]
    fn the_file_widens_reads_back_and_resumes() {
        let path = scratch("widening.bin");
        let mut file = ValuesFile::create(&path).unwrap();
        let mut all = Vec::new();
        let batches: [&[u32]; 5] = [
            &[0, 1, 255, 7],
            &[3, 2],
            &[256, 0, 65_535],
            &[65_536, 1],
            &[u32::MAX, 4],
        ];
        let widths = [1, 1, 2, 4, 4];
        for (batch, width) in batches.into_iter().zip(widths) {
            file.store(all.len() as u64, batch);
            all.extend_from_slice(batch);
            assert_eq!(file.width(), width);
            assert_eq!(file.sync().unwrap(), (all.len() as u64, width));
            for first in 0..all.len() {
                for len in 0..=all.len() - first {
                    let mut back = vec![0; len];
                    assert!(file.read(first as u64, &mut back));
                    assert_eq!(back, &all[first..first + len]);
                }
            }
            let bytes = fs::read(&path).unwrap();
            let stored: Vec<u32> = bytes.chunks_exact(usize::from(width)).map(decode).collect();
            assert_eq!(stored, all);
        }
        let counted: Vec<(u32, u64)> = file.counts.pairs().collect();
        let mut expected = BTreeMap::<u32, u64>::new();
        for &value in &all {
            *expected.entry(value).or_default() += 1;
        }
        assert_eq!(counted, expected.into_iter().collect::<Vec<_>>());
        // Resumed at a checkpoint of 6 heaps that found the file 1 byte wide, since widened
        // to 4: the width is found from the last values, the rest is cut.
        drop(file);
        let mut resumed = ValuesFile::resume(&path, 6, 1, &all[3..6], Counts::default()).unwrap();
        assert_eq!(resumed.width(), 4);
        assert_eq!(fs::metadata(&path).unwrap().len(), 24);
        resumed.store(6, &[5]);
        assert_eq!(resumed.sync().unwrap(), (7, 4));
        let mut back = vec![0; 7];
        assert!(resumed.read(0, &mut back));
        assert_eq!(back, [0, 1, 255, 7, 3, 2, 5]);
        // A checkpoint that counts more than the file holds, or other values, is refused.
        drop(resumed);
        assert!(ValuesFile::resume(&path, 8, 4, &[], Counts::default()).is_err());
        assert!(ValuesFile::resume(&path, 6, 1, &[3, 2, 6], Counts::default()).is_err());
        // Not widened: the checkpoint's width, the values after it cut off.
        let narrow = scratch("narrow.bin");
        let mut file = ValuesFile::create(&narrow).unwrap();
        file.store(0, &[0, 1, 2, 3, 1, 0, 2, 2]);
        file.sync().unwrap();
        drop(file);
        let resumed = ValuesFile::resume(&narrow, 5, 1, &[3, 1], Counts::default()).unwrap();
        assert_eq!(resumed.width(), 1);
        assert_eq!(fs::read(&narrow).unwrap(), [0, 1, 2, 3, 1]);
        fs::remove_file(&path).unwrap();
        fs::remove_file(&narrow).unwrap();
    }
}
