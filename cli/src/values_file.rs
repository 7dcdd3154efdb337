//! The values file of a bounded run: every value, in order, as little-endian integers of one
//! width — the narrowest that holds every value so far, the file rewritten wider when a value
//! needs it — with a CRC-32 for each block of [`BLOCK`] values, so that a run resumed from a
//! checkpoint never reads or reports a value the disk changed since.
//!
//! The checksums cover the values as 4-byte little-endian integers whatever the file's width,
//! so widening the file leaves them as they are. A checkpoint records them; a resumed run
//! checks the block it appends to at once (that also tells the file's width), every other
//! block a deep search reads before it reads it, and — before it reports — every block it
//! did not write itself.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use impartial::sequence::ValueStore;

use crate::counts::Counts;
use crate::format::{decode, width_for, write_values};

/// Values a checksum covers: 2²⁰ (1 MiB of a one-byte file; 4 MiB of checksums a 2⁴⁰ run).
pub const BLOCK: u64 = 1 << 20;

/// The checksums of a values file: one for each whole block of [`BLOCK`] values, and one for
/// the values after them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checksums {
    pub blocks: Vec<u32>,
    /// Of the values after the whole blocks (0 for none).
    pub last: u32,
}

/// A running CRC-32 of values as 4-byte little-endian integers.
#[derive(Clone, Default)]
struct Summing(crc32fast::Hasher);

impl Summing {
    fn continuing(crc: u32, values: u64) -> Self {
        Summing(crc32fast::Hasher::new_with_initial_len(crc, values * 4))
    }

    fn add(&mut self, values: &[u32]) {
        let mut bytes = [0u8; 4 << 10];
        for chunk in values.chunks(1 << 10) {
            for (to, value) in bytes.chunks_exact_mut(4).zip(chunk) {
                to.copy_from_slice(&value.to_le_bytes());
            }
            self.0.update(&bytes[..chunk.len() * 4]);
        }
    }

    fn value(&self) -> u32 {
        self.0.clone().finalize()
    }
}

/// The CRC-32 of `values` as 4-byte little-endian integers.
fn checksum(values: &[u32]) -> u32 {
    let mut summing = Summing::default();
    summing.add(values);
    summing.value()
}

/// A values file open for a run: values are appended as the run hands them out, and read
/// back for deep searches.
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
    checksums: Vec<u32>,
    last: Summing,
    /// The whole blocks this run has neither written nor checked: those a checkpoint vouched
    /// for, whose bytes may have changed on the disk since.
    unchecked: Vec<bool>,
}

impl ValuesFile {
    /// A new, empty file at `path` — emptied only once this process holds its lock, so
    /// that a second run on the file does not cut the first one's values.
    pub fn create(path: &Path) -> io::Result<Self> {
        let file = Self::open(path, 1, 0, Counts::default())?;
        file.writer.get_ref().set_len(0)?;
        Ok(file)
    }

    /// The file at `path` as a checkpoint left it: `heaps` values with `checksums`, at least
    /// `width` bytes each — more bytes, written after the checkpoint, are cut off.
    ///
    /// A file widened after the checkpoint is wider than it says: the width is the one, of
    /// `width` and those above, in which the block the run appends to (or the last whole
    /// block) has its checksum. A file that has it in no width is refused — damaged, or not
    /// this run's. The other blocks are checked when read, and by [`check_all`](Self::check_all).
    pub fn resume(
        path: &Path,
        heaps: u64,
        width: u8,
        checksums: &Checksums,
        counts: Counts,
    ) -> io::Result<Self> {
        let whole = heaps / BLOCK;
        if checksums.blocks.len() as u64 != whole {
            return Err(invalid(format!(
                "the checkpoint has {} block checksums for {heaps} values, not {whole}",
                checksums.blocks.len()
            )));
        }
        let length = fs::metadata(path)?.len();
        let (first, expected) = if heaps.is_multiple_of(BLOCK) && whole > 0 {
            (heaps - BLOCK, checksums.blocks[checksums.blocks.len() - 1])
        } else {
            (whole * BLOCK, checksums.last)
        };
        let mut found = None;
        for wider in [1u8, 2, 4].into_iter().filter(|&wider| wider >= width) {
            if length < heaps.saturating_mul(u64::from(wider)) {
                continue;
            }
            let mut file = Self::open(path, wider, heaps, Counts::default())?;
            if checksum(&file.read_raw(first, heaps - first)?) == expected {
                found = Some(wider);
                break;
            }
        }
        let Some(width) = found else {
            return Err(invalid(format!(
                "{} ({length} bytes) is damaged, or another run's: the values of heaps \
                 {first} to {} do not have the checksum the checkpoint recorded for them, in \
                 any width",
                path.display(),
                heaps.saturating_sub(1)
            )));
        };
        OpenOptions::new()
            .write(true)
            .open(path)?
            .set_len(heaps * u64::from(width))?;
        let mut file = Self::open(path, width, heaps, counts)?;
        file.checksums.clone_from(&checksums.blocks);
        file.last = Summing::continuing(checksums.last, heaps % BLOCK);
        file.unchecked = vec![true; checksums.blocks.len()];
        if heaps.is_multiple_of(BLOCK)
            && let Some(checked) = file.unchecked.last_mut()
        {
            *checked = false;
        }
        Ok(file)
    }

    /// The file at `path` as a checkpoint without checksums (version 2) left it: `heaps`
    /// values ending in `tail`, at least `width` bytes each; the checksums computed from the
    /// file as it stands.
    pub fn adopt(
        path: &Path,
        heaps: u64,
        width: u8,
        tail: &[u32],
        counts: Counts,
    ) -> io::Result<Self> {
        let length = fs::metadata(path)?.len();
        let first = heaps.saturating_sub(tail.len() as u64);
        let width = [1u8, 2, 4]
            .into_iter()
            .filter(|&wider| wider >= width && length >= heaps.saturating_mul(u64::from(wider)))
            .find(|&wider| {
                Self::open(path, wider, heaps, Counts::default())
                    .and_then(|mut file| file.read_raw(first, heaps - first))
                    .is_ok_and(|read| read == tail)
            })
            .ok_or_else(|| {
                invalid(format!(
                    "{} ({length} bytes) does not hold the {heaps} values the checkpoint \
                     counts: it is not this run's values file",
                    path.display()
                ))
            })?;
        OpenOptions::new()
            .write(true)
            .open(path)?
            .set_len(heaps * u64::from(width))?;
        let mut file = Self::open(path, width, heaps, counts)?;
        let mut start = 0;
        while start < heaps {
            let count = (heaps - start).min(BLOCK);
            let values = file.read_raw(start, count)?;
            if count == BLOCK {
                file.checksums.push(checksum(&values));
            } else {
                file.last.add(&values);
            }
            start += count;
        }
        Ok(file)
    }

    /// The file at `path`, locked for this process — a run resumed on it as much as one
    /// that starts it, so that no other run (nor another's `--values`) writes it meanwhile.
    fn open(path: &Path, width: u8, heaps: u64, counts: Counts) -> io::Result<Self> {
        let append = OpenOptions::new().append(true).create(true).open(path)?;
        match append.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    "another run is writing it: wait for it to end, or choose another file",
                ));
            }
            Err(std::fs::TryLockError::Error(error)) => return Err(error),
        }
        Ok(ValuesFile {
            path: path.to_path_buf(),
            writer: BufWriter::with_capacity(1 << 20, append),
            reader: File::open(path)?,
            width,
            heaps,
            counts,
            read_back: 0,
            error: None,
            checksums: Vec::new(),
            last: Summing::default(),
            unchecked: Vec::new(),
        })
    }

    /// Bytes per value.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The values written.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The heaps written, their width and their checksums, every byte flushed to the disk:
    /// what a checkpoint records.
    pub fn sync(&mut self) -> io::Result<(u64, u8, Checksums)> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        self.writer.flush()?;
        self.writer.get_ref().sync_data()?;
        let checksums = Checksums {
            blocks: self.checksums.clone(),
            last: self.last.value(),
        };
        Ok((self.heaps, self.width, checksums))
    }

    /// Checks every block this run has neither written nor checked against its checksum;
    /// how many it checked.
    pub fn check_all(&mut self) -> io::Result<usize> {
        let mut checked = 0;
        for block in 0..self.unchecked.len() {
            if self.unchecked[block] {
                self.check_block(block)?;
                checked += 1;
            }
        }
        Ok(checked)
    }

    /// Checks whole block `block`, if it is unchecked.
    fn check_block(&mut self, block: usize) -> io::Result<()> {
        if !self.unchecked.get(block).copied().unwrap_or(false) {
            return Ok(());
        }
        let first = block as u64 * BLOCK;
        let values = self.read_raw(first, BLOCK)?;
        if checksum(&values) != self.checksums[block] {
            return Err(self.damaged(first, first + BLOCK));
        }
        self.unchecked[block] = false;
        Ok(())
    }

    fn damaged(&self, first: u64, end: u64) -> io::Error {
        invalid(format!(
            "{} is damaged: the values of heaps {first} to {} differ from the checksum the \
             checkpoint recorded for them. The checkpoint's counts are intact, but the file \
             is not: run again in a new directory to have it whole",
            self.path.display(),
            end - 1
        ))
    }

    /// Hands `f` the values of heaps `0..heaps` (at most those written) in order, a block at
    /// a time, checking every block read against its checksum on the way.
    pub fn read_checked(
        &mut self,
        heaps: u64,
        mut f: impl FnMut(&[u32]) -> io::Result<()>,
    ) -> io::Result<()> {
        self.writer.flush()?;
        let heaps = heaps.min(self.heaps);
        let mut first = 0;
        while first < heaps {
            let block = first / BLOCK;
            let count = (self.heaps - first).min(BLOCK);
            let values = self.read_raw(first, count)?;
            let expected = self
                .checksums
                .get(usize::try_from(block).expect("a block index"))
                .copied()
                .unwrap_or_else(|| self.last.value());
            if checksum(&values) != expected {
                return Err(self.damaged(first, first + count));
            }
            if let Some(checked) = self.unchecked.get_mut(block as usize) {
                *checked = false;
            }
            let wanted = usize::try_from((heaps - first).min(count)).expect("a block");
            f(&values[..wanted])?;
            first += count;
        }
        Ok(())
    }

    /// Copies the values of heaps `0..heaps`, checked, to `writer`: as text (for a `.csv`
    /// or `.txt` file), else in this file's width; then `more` values after them.
    pub fn export(
        &mut self,
        heaps: u64,
        writer: &mut dyn Write,
        text: bool,
        more: impl IntoIterator<Item = u32>,
    ) -> io::Result<()> {
        if text {
            writeln!(writer, "value")?;
        }
        let width = self.width;
        let mut write = |values: &mut dyn Iterator<Item = u32>| -> io::Result<()> {
            if text {
                for value in values {
                    writeln!(writer, "{value}")?;
                }
                Ok(())
            } else {
                write_values(writer, values, width)
            }
        };
        self.read_checked(heaps, |values| write(&mut values.iter().copied()))?;
        write(&mut more.into_iter())
    }

    /// Appends `values` to the file without counting them or taking them into the
    /// checksums: values a proven period repeats past those the run computed, which a
    /// resumed run cuts off again.
    pub fn append_uncounted(&mut self, values: impl IntoIterator<Item = u32>) -> io::Result<()> {
        write_values(&mut self.writer, values, self.width)?;
        self.writer.flush()
    }

    /// Rewrites the file with `width` bytes per value, checking every block on the way.
    fn widen(&mut self, width: u8) -> io::Result<()> {
        self.writer.flush()?;
        let wider = self.path.with_extension("widening");
        {
            let mut to = BufWriter::with_capacity(1 << 20, File::create(&wider)?);
            self.read_checked(self.heaps, |values| {
                write_values(&mut to, values.iter().copied(), width)
            })?;
            to.flush()?;
            to.get_ref().sync_data()?;
        }
        fs::rename(&wider, &self.path)?;
        // Opened again, the new file is locked as the old one was.
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

    /// Adds `values`, the next heaps', to the checksums: a block's ends with it.
    fn sum(&mut self, mut values: &[u32]) {
        while !values.is_empty() {
            let room = usize::try_from(BLOCK - self.heaps % BLOCK).expect("a block");
            let (now, later) = values.split_at(room.min(values.len()));
            self.last.add(now);
            self.heaps += now.len() as u64;
            if self.heaps.is_multiple_of(BLOCK) {
                self.checksums.push(self.last.value());
                self.last = Summing::default();
            }
            values = later;
        }
    }

    /// The values of heaps `first..first + count` as the file holds them, unchecked.
    fn read_raw(&mut self, first: u64, count: u64) -> io::Result<Vec<u32>> {
        let width = usize::from(self.width);
        let count = usize::try_from(count).expect("a block");
        self.reader
            .seek(SeekFrom::Start(first.saturating_mul(width as u64)))?;
        let mut bytes = vec![0u8; count * width];
        self.reader.read_exact(&mut bytes)?;
        Ok(bytes.chunks_exact(width).map(decode).collect())
    }

    /// The values of heaps `first..first + values.len()`, each whole block read checked
    /// first.
    fn read_into(&mut self, first: u64, values: &mut [u32]) -> io::Result<()> {
        self.writer.flush()?;
        let end = first + values.len() as u64;
        for block in first / BLOCK..end.div_ceil(BLOCK) {
            self.check_block(usize::try_from(block).expect("a block index"))?;
        }
        let read = self.read_raw(first, values.len() as u64)?;
        values.copy_from_slice(&read);
        Ok(())
    }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

impl ValueStore for ValuesFile {
    fn store(&mut self, first: u64, values: &[u32]) {
        debug_assert_eq!(first, self.heaps, "values come in order");
        self.counts.add_each(values);
        if self.error.is_none()
            && let Err(error) = self.write(values)
        {
            self.error = Some(error);
        }
        self.sum(values);
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

    /// Values of every width, stored in batches that cross 255 and 65 535 with values already
    /// in the file: read back, and in the file, they are what was stored, in the narrowest
    /// width that holds them all; counted; and cut back to a checkpoint on resuming.
    #[test]
    fn the_file_widens_reads_back_and_resumes() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("widening.bin");
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
        let mut at_six = None;
        for (batch, width) in batches.into_iter().zip(widths) {
            file.store(all.len() as u64, batch);
            all.extend_from_slice(batch);
            assert_eq!(file.width(), width);
            let (heaps, synced_width, checksums) = file.sync().unwrap();
            assert_eq!((heaps, synced_width), (all.len() as u64, width));
            assert_eq!(checksums.last, checksum(&all));
            if heaps == 6 {
                at_six = Some(checksums);
            }
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
        let mut expected = std::collections::BTreeMap::<u32, u64>::new();
        for &value in &all {
            *expected.entry(value).or_default() += 1;
        }
        assert_eq!(counted, expected.into_iter().collect::<Vec<_>>());
        // Resumed at a checkpoint of 6 heaps that found the file 1 byte wide, since widened
        // to 4: the width is found from the checksum, the rest is cut.
        drop(file);
        let at_six = at_six.unwrap();
        let mut resumed = ValuesFile::resume(&path, 6, 1, &at_six, Counts::default()).unwrap();
        assert_eq!(resumed.width(), 4);
        assert_eq!(fs::metadata(&path).unwrap().len(), 24);
        resumed.store(6, &[5]);
        assert_eq!(
            resumed.sync().unwrap().2.last,
            checksum(&[0, 1, 255, 7, 3, 2, 5])
        );
        let mut back = vec![0; 7];
        assert!(resumed.read(0, &mut back));
        assert_eq!(back, [0, 1, 255, 7, 3, 2, 5]);
        // A checkpoint that counts more than the file holds, or other values, is refused.
        drop(resumed);
        let other = Checksums {
            blocks: Vec::new(),
            last: checksum(&[0, 1, 255, 7, 3, 3]),
        };
        assert!(ValuesFile::resume(&path, 8, 4, &at_six, Counts::default()).is_err());
        assert!(ValuesFile::resume(&path, 6, 1, &other, Counts::default()).is_err());
    }

    /// Whole blocks: every one a resumed run did not write is checked before it is read
    /// or reported, a flipped byte in any of them found and named; the block appended to
    /// is checked on resuming.
    #[test]
    fn a_changed_byte_in_any_block_is_found() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("blocks.bin");
        let heaps = 3 * BLOCK + 1_000;
        let values: Vec<u32> = (0..heaps).map(|heap| (heap % 251) as u32).collect();
        let mut file = ValuesFile::create(&path).unwrap();
        for (k, chunk) in values.chunks(70_000).enumerate() {
            file.store(k as u64 * 70_000, chunk);
        }
        let (synced, width, checksums) = file.sync().unwrap();
        assert_eq!((synced, width, checksums.blocks.len()), (heaps, 1, 3));
        drop(file);
        let pristine = fs::read(&path).unwrap();
        // Untouched: resumed, every block reads back checked, and counts as it should.
        let mut file = ValuesFile::resume(&path, heaps, 1, &checksums, Counts::default()).unwrap();
        file.check_all().unwrap();
        let mut read = Vec::new();
        file.read_checked(heaps, |chunk| {
            read.extend_from_slice(chunk);
            Ok(())
        })
        .unwrap();
        assert_eq!(read, values);
        drop(file);
        for at in [5, BLOCK + 17, 2 * BLOCK + 9, 3 * BLOCK + 999] {
            let mut bytes = pristine.clone();
            bytes[at as usize] ^= 1;
            fs::write(&path, &bytes).unwrap();
            let resumed = ValuesFile::resume(&path, heaps, 1, &checksums, Counts::default());
            if at >= 3 * BLOCK {
                // The block appended to: refused on resuming.
                assert!(resumed.is_err(), "{at}");
                continue;
            }
            let mut file = resumed.unwrap();
            // A deep search reading the block is refused the values; the run stops.
            let mut some = [0u32; 3];
            assert!(!file.read(at, &mut some), "{at}");
            let message = file.sync().unwrap_err().to_string();
            let block = at / BLOCK;
            let named = format!("heaps {} to {}", block * BLOCK, (block + 1) * BLOCK - 1);
            assert!(message.contains(&named), "{message}");
            // And the check before the report finds it too (the file taken again once the
            // run before has let go of its lock).
            drop(file);
            let mut file =
                ValuesFile::resume(&path, heaps, 1, &checksums, Counts::default()).unwrap();
            assert!(file.check_all().is_err(), "{at}");
        }
    }
}
