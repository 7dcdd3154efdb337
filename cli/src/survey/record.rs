//! One game's result in a survey: a small text file, written whole or not at all (a
//! temporary file renamed into place) and checked by its CRC-32 when read, so that a record a
//! killed job or another process left half-written never counts.

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

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
        let optional = |value: Option<String>| value.unwrap_or_else(|| "-".to_string());
        let mut text = String::new();
        let _ = writeln!(text, "{HEADER}");
        let _ = writeln!(text, "kind {}", self.kind);
        let _ = writeln!(text, "game {}", self.game);
        let _ = writeln!(text, "index {}", self.index);
        let _ = writeln!(text, "n {}", self.n);
        let _ = writeln!(text, "computed {}", self.computed);
        let _ = writeln!(
            text,
            "period {}",
            optional(
                self.period
                    .map(|(preperiod, period, saltus)| format!("{preperiod} {period} {saltus}"))
            )
        );
        let _ = writeln!(text, "largest {}", self.largest);
        let _ = writeln!(
            text,
            "rare_heaps {}",
            optional(self.rare_heaps.map(|count| count.to_string()))
        );
        let _ = writeln!(text, "method {}", self.method);
        let _ = writeln!(text, "seconds {:.6}", self.seconds);
        let _ = writeln!(
            text,
            "time_limit {}",
            optional(self.time_limit.map(|limit| limit.to_string()))
        );
        let _ = writeln!(text, "stopped {}", self.stopped);
        let crc = crc32fast::hash(text.as_bytes());
        let _ = writeln!(text, "crc32 {crc:08x}");
        text
    }

    /// Reads a record's text, refusing anything that is not one whole: a wrong header or
    /// checksum, a field missing, out of order or unreadable, anything after the checksum.
    pub fn from_text(text: &str) -> Result<Record, String> {
        let body = verified_body(text)?;
        let mut lines = body.lines();
        if lines.next() != Some(HEADER) {
            return Err(format!("not a record of this format (`{HEADER}`)"));
        }
        let mut field = |key: &str| -> Result<&str, String> {
            lines
                .next()
                .and_then(|line| line.strip_prefix(key))
                .and_then(|rest| rest.strip_prefix(' '))
                .ok_or_else(|| format!("no `{key}` line where it belongs"))
        };
        let number = |key: &str, value: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("`{key} {value}`: not a number"))
        };
        let kind = field("kind")?.to_string();
        let game = field("game")?.to_string();
        let index = number("index", field("index")?)?;
        let n = number("n", field("n")?)?;
        let computed = number("computed", field("computed")?)?;
        let period = match field("period")? {
            "-" => None,
            written => {
                let parts: Vec<&str> = written.split(' ').collect();
                let [preperiod, period, saltus] = parts[..] else {
                    return Err(format!("`period {written}`: not `preperiod period saltus`"));
                };
                Some((
                    number("period", preperiod)?,
                    number("period", period)?,
                    u32::try_from(number("period", saltus)?)
                        .map_err(|_| format!("`period {written}`: the saltus is too large"))?,
                ))
            }
        };
        let largest = u32::try_from(number("largest", field("largest")?)?)
            .map_err(|_| "`largest`: past 2^32 − 1".to_string())?;
        let rare_heaps = unless_dash(field("rare_heaps")?, |written| {
            usize::try_from(number("rare_heaps", written)?)
                .map_err(|_| "`rare_heaps`: too large".to_string())
        })?;
        let method = field("method")?.to_string();
        let seconds_text = field("seconds")?;
        let seconds: f64 = seconds_text
            .parse()
            .ok()
            .filter(|seconds: &f64| seconds.is_finite() && *seconds >= 0.0)
            .ok_or_else(|| format!("`seconds {seconds_text}`: not a time"))?;
        let time_limit = unless_dash(field("time_limit")?, |written| {
            number("time_limit", written)
        })?;
        let stopped = match field("stopped")? {
            "true" => true,
            "false" => false,
            written => return Err(format!("`stopped {written}`: not true or false")),
        };
        if lines.next().is_some() {
            return Err("a line past the fields".to_string());
        }
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
    /// temporary file, which no reader takes for a record.
    pub fn save(&self, directory: &Path) -> Result<(), String> {
        Record::save_text(directory, &self.kind, &self.game, &self.to_text())
    }

    /// Writes `text`, the record of `game` (of kind `kind`), into `directory` whole, as
    /// [`save`](Self::save) says.
    pub fn save_text(directory: &Path, kind: &str, game: &str, text: &str) -> Result<(), String> {
        let path = Record::path(directory, kind, game);
        let temporary = directory.join(format!(".{kind} {game}.{}.tmp", std::process::id()));
        let write = || -> std::io::Result<()> {
            let mut file = fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&temporary, &path)
        };
        write().map_err(|error| {
            let _ = fs::remove_file(&temporary);
            format!("{}: {error}", path.display())
        })
    }

    /// The record at `path`, checked.
    pub fn load(path: &Path) -> Result<Record, String> {
        let text = fs::read_to_string(path).map_err(|error| format!("{error}"))?;
        Record::from_text(&text)
    }
}

/// `None` for `-`, else the value `read` reads.
pub(super) fn unless_dash<T>(
    written: &str,
    read: impl FnOnce(&str) -> Result<T, String>,
) -> Result<Option<T>, String> {
    if written == "-" {
        Ok(None)
    } else {
        read(written).map(Some)
    }
}

/// The text of a record before its checksum line, if that line is whole and matches.
pub(super) fn verified_body(text: &str) -> Result<&str, String> {
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
