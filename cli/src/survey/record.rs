//! One game's result in a survey: a small text file, written whole or not at all (a
//! temporary file renamed into place) and checked by its CRC-32 when read, so that a record a
//! killed job or another process left half-written never counts.

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use impartial::sequence::GrundySequence;

/// The first line of every record, with the format's version.
const HEADER: &str = "# impartial survey record 1";

/// The file name a record ends with; anything else in a results directory is not a record.
pub const EXTENSION: &str = "record";

/// What a survey keeps of one game's run.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// `octal`, `hexadecimal`, `code` or `subtraction`.
    pub kind: String,
    /// The code as the family's pattern wrote it, or the set.
    pub game: String,
    /// The place of the game in its family's order.
    pub index: u64,
    /// The largest heap asked for.
    pub n: u64,
    /// How many values were computed: fewer than `n + 1` when a period was proved first.
    pub computed: u64,
    /// `(preperiod, period, saltus)`: the values repeat from the preperiod on, each period
    /// `saltus` larger (0 for an ordinary period); `None` if none was proved by heap `n`.
    pub period: Option<(u64, u64, u32)>,
    /// The largest value computed: for a proved ordinary period, the largest of every heap.
    pub largest: u32,
    /// The sparse space's rare heaps (how many), for a game whose values it split.
    pub rare_heaps: Option<usize>,
    /// The engine's method: `direct` or `sparse-space`.
    pub method: String,
    /// Wall time of the game's run.
    pub seconds: f64,
    /// The time limit of the run, in whole seconds, if it had one.
    pub time_limit: Option<u64>,
    /// Whether the time limit ended the run before heap `n` and before a period was proved.
    pub stopped: bool,
}

impl Record {
    /// The record of `sequence`, the run of game `game` (kind `kind`, at `index`) to `n`.
    pub fn of(
        kind: &str,
        game: &str,
        index: u64,
        n: u64,
        sequence: &GrundySequence,
        seconds: f64,
        time_limit: Option<u64>,
    ) -> Record {
        let period = match (sequence.period(), sequence.arithmetic_period()) {
            (Some(period), _) => Some((period.preperiod, period.period, 0)),
            (None, Some(arithmetic)) => {
                Some((arithmetic.preperiod, arithmetic.period, arithmetic.saltus))
            }
            (None, None) => None,
        };
        Record {
            kind: kind.to_string(),
            game: game.to_string(),
            index,
            n,
            computed: sequence.computed_len(),
            period,
            largest: sequence.computed_values().iter().max().unwrap_or(0),
            rare_heaps: sequence.rare_heap_count(),
            method: kebab_case(&format!("{:?}", sequence.method())),
            seconds,
            time_limit,
            stopped: period.is_none() && sequence.computed_len() <= n,
        }
    }

    /// The record's text, its checksum last.
    pub fn to_text(&self) -> String {
        let period = self
            .period
            .map(|(preperiod, period, saltus)| format!("{preperiod} {period} {saltus}"));
        sealed(
            HEADER,
            &[
                ("kind", self.kind.clone()),
                ("game", self.game.clone()),
                ("index", self.index.to_string()),
                ("n", self.n.to_string()),
                ("computed", self.computed.to_string()),
                ("period", or_dash(period)),
                ("largest", self.largest.to_string()),
                ("rare_heaps", or_dash(self.rare_heaps)),
                ("method", self.method.clone()),
                ("seconds", format!("{:.6}", self.seconds)),
                ("time_limit", or_dash(self.time_limit)),
                ("stopped", self.stopped.to_string()),
            ],
        )
    }

    /// Reads a record's text, refusing anything that is not one whole: a wrong header or
    /// checksum, a field missing, out of order or unreadable, anything after the checksum.
    pub fn from_text(text: &str) -> Result<Record, String> {
        let mut fields = Fields::open(text, HEADER)?;
        let kind = fields.text("kind")?.to_string();
        let game = fields.text("game")?.to_string();
        let index = fields.number("index")?;
        let n = fields.number("n")?;
        let computed = fields.number("computed")?;
        let period = fields.optional("period", |written| {
            let parts: Vec<&str> = written.split(' ').collect();
            let [preperiod, period, saltus] = parts[..] else {
                return Err(format!("`period {written}`: not `preperiod period saltus`"));
            };
            Ok((
                read_number("period", preperiod)?,
                read_number("period", period)?,
                u32::try_from(read_number("period", saltus)?)
                    .map_err(|_| format!("`period {written}`: the saltus is too large"))?,
            ))
        })?;
        let largest = fields.small("largest")?;
        let rare_heaps = fields.optional("rare_heaps", |written| {
            usize::try_from(read_number("rare_heaps", written)?)
                .map_err(|_| "`rare_heaps`: too large".to_string())
        })?;
        let method = fields.text("method")?.to_string();
        let seconds = fields.seconds()?;
        let time_limit =
            fields.optional("time_limit", |written| read_number("time_limit", written))?;
        let stopped = fields.flag("stopped")?;
        fields.end()?;
        if computed > n.saturating_add(1) {
            return Err(format!("computed {computed} values of heaps 0 to {n}"));
        }
        Ok(Record {
            kind,
            game,
            index,
            n,
            computed,
            period,
            largest,
            rare_heaps,
            method,
            seconds,
            time_limit,
            stopped,
        })
    }

    /// The file of the record of `game` (of kind `kind`) in `directory`.
    pub fn path(directory: &Path, kind: &str, game: &str) -> PathBuf {
        directory.join(format!("{kind} {game}.{EXTENSION}"))
    }

    /// Writes the record into `directory` whole: into a temporary file of this process, then
    /// renamed over any record there. A job killed before the rename leaves only the
    /// temporary file, which no reader takes for a record, and which the job that writes
    /// the game's record next removes (see [`save_text`](Self::save_text)).
    pub fn save(&self, directory: &Path, started: SystemTime) -> Result<(), String> {
        Record::save_text(directory, &self.kind, &self.game, &self.to_text(), started)
    }

    /// Writes `text`, the record of `game` (of kind `kind`), into `directory` whole, as
    /// [`save`](Self::save) says; then removes the temporary files of this game that jobs
    /// killed before `started` (when this job began the game) left.
    pub fn save_text(
        directory: &Path,
        kind: &str,
        game: &str,
        text: &str,
        started: SystemTime,
    ) -> Result<(), String> {
        let path = Record::path(directory, kind, game);
        let prefix = format!(".{kind} {game}.");
        let temporary = directory.join(format!("{prefix}{}.tmp", unique_suffix()));
        let write = || -> std::io::Result<()> {
            let mut file = fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&temporary, &path)
        };
        write().map_err(|error| {
            let _ = fs::remove_file(&temporary);
            format!("{}: {error}", path.display())
        })?;
        // Another job's file of this game is stale if it was last written before this job
        // began the game: a job writes its file in one go, just before renaming it.
        for entry in fs::read_dir(directory).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let left = name.starts_with(&prefix)
                && name.ends_with(".tmp")
                && !name[prefix.len()..name.len() - ".tmp".len()].contains(' ');
            let stale = entry
                .metadata()
                .and_then(|metadata| metadata.modified())
                .is_ok_and(|modified| modified < started);
            if left && stale {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(())
    }

    /// The record at `path`, checked.
    pub fn load(path: &Path) -> Result<Record, String> {
        Record::from_text(&read_text(path)?)
    }
}

/// The text of the file at `path`, if it is a regular file of a record's size: a FIFO or a
/// device named like a record would block a reader for ever, and a huge file fill its
/// memory.
pub(super) fn read_text(path: &Path) -> Result<String, String> {
    /// Far more than any record or manifest needs.
    const MOST_BYTES: u64 = 1 << 16;
    let metadata = fs::metadata(path).map_err(|error| format!("{error}"))?;
    if !metadata.is_file() {
        return Err("not a regular file".to_string());
    }
    if metadata.len() > MOST_BYTES {
        return Err(format!(
            "{} bytes: far too long for a record",
            metadata.len()
        ));
    }
    fs::read_to_string(path).map_err(|error| format!("{error}"))
}

/// A part of a temporary file's name that no other job writing into the directory uses at
/// the same time, on this machine or another sharing the directory: the process, the time
/// and a count.
pub(super) fn unique_suffix() -> String {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}-{nanos}-{count}", std::process::id())
}

/// `text`: `header`, then a `key value` line for each field, then the CRC-32 of all that.
pub(super) fn sealed(header: &str, fields: &[(&str, String)]) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{header}");
    for (key, value) in fields {
        let _ = writeln!(text, "{key} {value}");
    }
    let crc = crc32fast::hash(text.as_bytes());
    let _ = writeln!(text, "crc32 {crc:08x}");
    text
}

/// A field that may be absent, written `-` when it is.
pub(super) fn or_dash(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "-".to_string(), |value| value.to_string())
}

/// `value`, the field `key`, as a number.
pub(super) fn read_number(key: &str, value: &str) -> Result<u64, String> {
    value
        .parse()
        .map_err(|_| format!("`{key} {value}`: not a number"))
}

/// The fields of a record's body, read in their order: each must be where it belongs, and
/// nothing may follow the last.
pub(super) struct Fields<'t> {
    lines: std::str::Lines<'t>,
}

impl<'t> Fields<'t> {
    /// The fields of `text`, once its checksum and its `header` are checked.
    pub(super) fn open(text: &'t str, header: &str) -> Result<Self, String> {
        let mut lines = verified_body(text)?.lines();
        if lines.next() != Some(header) {
            return Err(format!("not a record of this format (`{header}`)"));
        }
        Ok(Fields { lines })
    }

    /// The next field's value, which must be `key`'s.
    pub(super) fn text(&mut self, key: &str) -> Result<&'t str, String> {
        self.lines
            .next()
            .and_then(|line| line.strip_prefix(key))
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| format!("no `{key}` line where it belongs"))
    }

    pub(super) fn number(&mut self, key: &str) -> Result<u64, String> {
        read_number(key, self.text(key)?)
    }

    /// A number that fits 32 bits.
    pub(super) fn small(&mut self, key: &str) -> Result<u32, String> {
        let written = self.text(key)?;
        u32::try_from(read_number(key, written)?)
            .map_err(|_| format!("`{key} {written}`: past 2^32 − 1"))
    }

    /// `None` for `-`, else the value `read` reads.
    pub(super) fn optional<T>(
        &mut self,
        key: &str,
        read: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.text(key)? {
            "-" => Ok(None),
            written => read(written).map(Some),
        }
    }

    /// The `seconds` field: a time, finite and not negative.
    pub(super) fn seconds(&mut self) -> Result<f64, String> {
        let written = self.text("seconds")?;
        written
            .parse()
            .ok()
            .filter(|seconds: &f64| seconds.is_finite() && *seconds >= 0.0)
            .ok_or_else(|| format!("`seconds {written}`: not a time"))
    }

    /// `true` or `false`.
    pub(super) fn flag(&mut self, key: &str) -> Result<bool, String> {
        match self.text(key)? {
            "true" => Ok(true),
            "false" => Ok(false),
            written => Err(format!("`{key} {written}`: not true or false")),
        }
    }

    /// Nothing past the last field.
    pub(super) fn end(mut self) -> Result<(), String> {
        match self.lines.next() {
            Some(_) => Err("a line past the fields".to_string()),
            None => Ok(()),
        }
    }
}

/// The text of a record before its checksum line, if that line is whole and matches.
fn verified_body(text: &str) -> Result<&str, String> {
    let body_end = text
        .rfind("crc32 ")
        .ok_or("no checksum: not a whole record")?;
    let (body, checksum) = text.split_at(body_end);
    let stated = checksum
        .strip_prefix("crc32 ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or("an unreadable checksum line")?;
    if crc32fast::hash(body.as_bytes()) != stated {
        return Err("the checksum does not match: the record was changed or cut".to_string());
    }
    Ok(body)
}

/// `SparseSpace` as `sparse-space`.
fn kebab_case(name: &str) -> String {
    let mut written = String::new();
    for (at, letter) in name.char_indices() {
        if letter.is_ascii_uppercase() && at > 0 {
            written.push('-');
        }
        written.push(letter.to_ascii_lowercase());
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            kind: "octal".to_string(),
            game: "0.137".to_string(),
            index: 95,
            n: 1 << 20,
            computed: 190,
            period: Some((52, 34, 0)),
            largest: 4,
            rare_heaps: None,
            method: "direct".to_string(),
            seconds: 0.25,
            time_limit: None,
            stopped: false,
        }
    }

    #[test]
    fn a_record_reads_back() {
        let record = sample();
        assert_eq!(Record::from_text(&record.to_text()), Ok(record.clone()));
        let other = Record {
            period: None,
            rare_heaps: Some(17),
            time_limit: Some(10),
            stopped: true,
            ..record
        };
        assert_eq!(Record::from_text(&other.to_text()), Ok(other));
    }

    #[test]
    fn every_cut_and_every_changed_byte_is_refused() {
        let text = sample().to_text();
        for end in 0..text.len() {
            assert!(Record::from_text(&text[..end]).is_err(), "cut at {end}");
        }
        let bytes = text.as_bytes();
        for at in 0..bytes.len() {
            let mut changed = bytes.to_vec();
            changed[at] ^= 0x04;
            if let Ok(changed) = String::from_utf8(changed) {
                assert!(Record::from_text(&changed).is_err(), "byte {at} changed");
            }
        }
    }
}
