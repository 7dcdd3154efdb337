//! One board's result in a board survey: written and checked as a heap game's
//! [`Record`](super::record::Record) is (whole or not at all, its CRC-32 last), with the
//! fields a board has.

use std::path::Path;
use std::time::SystemTime;

use super::record::{Fields, Record, or_dash, read_number, read_text, sealed};

/// The first line of every board record, with the format's version.
pub const BOARD_HEADER: &str = "# impartial survey board record 1";

/// What a board survey keeps of one board's search.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRecord {
    /// `cram`, `chomp` or `node-kayles`.
    pub kind: String,
    /// `RxC`: rows, then columns.
    pub game: String,
    /// The place of the board in its family's order.
    pub index: u64,
    pub rows: u32,
    pub columns: u32,
    /// The nimber of the start; `None` if the state limit stopped the search.
    pub value: Option<u32>,
    /// Positions the search stored (Chomp: diagrams of its table).
    pub states: u64,
    /// Wall time of the board's search.
    pub seconds: f64,
    /// The state limit of the run, if it had one.
    pub state_limit: Option<u64>,
    /// Whether the state limit stopped the search.
    pub stopped: bool,
}

impl BoardRecord {
    /// The record's text, its checksum last.
    pub fn to_text(&self) -> String {
        sealed(
            BOARD_HEADER,
            &[
                ("kind", self.kind.clone()),
                ("game", self.game.clone()),
                ("index", self.index.to_string()),
                ("rows", self.rows.to_string()),
                ("columns", self.columns.to_string()),
                ("value", or_dash(self.value)),
                ("states", self.states.to_string()),
                ("seconds", format!("{:.6}", self.seconds)),
                ("state_limit", or_dash(self.state_limit)),
                ("stopped", self.stopped.to_string()),
            ],
        )
    }

    /// Reads a board record's text, refusing anything that is not one whole, and a record
    /// whose name, value and stop disagree.
    pub fn from_text(text: &str) -> Result<BoardRecord, String> {
        let mut fields = Fields::open(text, BOARD_HEADER)?;
        let kind = fields.text("kind")?.to_string();
        let game = fields.text("game")?.to_string();
        let index = fields.number("index")?;
        let rows = fields.small("rows")?;
        let columns = fields.small("columns")?;
        let value = fields.optional("value", |written| {
            u32::try_from(read_number("value", written)?)
                .map_err(|_| format!("`value {written}`: past 2^32 − 1"))
        })?;
        let states = fields.number("states")?;
        let seconds = fields.seconds()?;
        let state_limit =
            fields.optional("state_limit", |written| read_number("state_limit", written))?;
        let stopped = fields.flag("stopped")?;
        fields.end()?;
        if game != BoardRecord::name(rows, columns) {
            return Err(format!("`game {game}` is not {rows}x{columns}"));
        }
        if stopped != value.is_none() {
            return Err("a value and a stop, or neither".to_string());
        }
        Ok(BoardRecord {
            kind,
            game,
            index,
            rows,
            columns,
            value,
            states,
            seconds,
            state_limit,
            stopped,
        })
    }

    /// The board record at `path`, checked.
    pub fn load(path: &Path) -> Result<BoardRecord, String> {
        BoardRecord::from_text(&read_text(path)?)
    }

    /// Writes the record into `directory` whole, as [`Record::save`] does.
    pub fn save(&self, directory: &Path, started: SystemTime) -> Result<(), String> {
        Record::save_text(directory, &self.kind, &self.game, &self.to_text(), started)
    }

    /// A board's name in records and tables: `5x8`, rows first.
    pub fn name(rows: u32, columns: u32) -> String {
        format!("{rows}x{columns}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> BoardRecord {
        BoardRecord {
            kind: "cram".to_string(),
            game: "5x8".to_string(),
            index: 39,
            rows: 5,
            columns: 8,
            value: Some(1),
            states: 123_456,
            seconds: 3.5,
            state_limit: None,
            stopped: false,
        }
    }

    #[test]
    fn a_board_record_reads_back() {
        let record = sample();
        assert_eq!(
            BoardRecord::from_text(&record.to_text()),
            Ok(record.clone())
        );
        let stopped = BoardRecord {
            value: None,
            state_limit: Some(1000),
            stopped: true,
            ..record
        };
        assert_eq!(BoardRecord::from_text(&stopped.to_text()), Ok(stopped));
    }

    #[test]
    fn every_cut_and_every_changed_byte_is_refused() {
        let text = sample().to_text();
        for end in 0..text.len() {
            assert!(
                BoardRecord::from_text(&text[..end]).is_err(),
                "cut at {end}"
            );
        }
        let bytes = text.as_bytes();
        for at in 0..bytes.len() {
            let mut changed = bytes.to_vec();
            changed[at] ^= 0x04;
            if let Ok(changed) = String::from_utf8(changed) {
                assert!(
                    BoardRecord::from_text(&changed).is_err(),
                    "byte {at} changed"
                );
            }
        }
    }

    #[test]
    fn records_that_disagree_with_themselves_are_refused() {
        let misnamed = BoardRecord {
            game: "8x5".to_string(),
            ..sample()
        };
        assert!(BoardRecord::from_text(&misnamed.to_text()).is_err());
        let stopped_with_a_value = BoardRecord {
            stopped: true,
            ..sample()
        };
        assert!(BoardRecord::from_text(&stopped_with_a_value.to_text()).is_err());
    }
}
