//! Which survey a results directory holds: its family and what each run is asked, written by
//! the first job into `survey.manifest` and checked by every later job and by `merge`. So a
//! directory holds one survey, whole or in part, never two: a job of another family, n, time
//! limit or state limit is refused before it computes anything, and `merge` knows which
//! games a whole survey has.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use super::board_record::BoardRecord;
use super::boards::{BoardFamily, BoardKind};
use super::family::{Family, Kind};
use super::record::{Fields, Record, or_dash, read_number, read_text, sealed, unique_suffix};
use crate::args::parse_sizes;

/// The manifest's file name in a results directory.
pub const MANIFEST_NAME: &str = "survey.manifest";

/// The first line of a manifest, with the format's version.
const HEADER: &str = "# impartial survey 1";

/// A survey: a family and the question each of its runs answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Survey {
    /// Heap games, each run to heap `n`, stopped after `time_limit` seconds if given.
    Heaps {
        family: Family,
        n: u64,
        time_limit: Option<u64>,
    },
    /// Boards, each searched within `state_limit` positions if given.
    Boards {
        family: BoardFamily,
        state_limit: Option<u64>,
    },
}

impl std::fmt::Display for Survey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Survey::Heaps {
                family,
                n,
                time_limit,
            } => {
                write!(f, "{family} to n = {n}")?;
                match time_limit {
                    Some(seconds) => write!(f, ", {seconds} s a game"),
                    None => Ok(()),
                }
            }
            Survey::Boards {
                family,
                state_limit,
            } => {
                write!(f, "{family}")?;
                match state_limit {
                    Some(states) => write!(f, ", at most {states} states a board"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Survey {
    /// How many members the family lists (games, codes that are no game, boards).
    pub fn len(&self) -> u64 {
        match self {
            Survey::Heaps { family, .. } => family.len(),
            Survey::Boards { family, .. } => family.len(),
        }
    }

    /// The family as the manifest writes it: `octal 0.??`, `subtraction 3 12`,
    /// `cram 1-5 1-9`.
    fn family_text(&self) -> String {
        match self {
            Survey::Heaps {
                family: Family::Pattern { kind, pattern },
                ..
            } => format!("{} {pattern}", kind.name()),
            Survey::Heaps {
                family: Family::Subtraction { amounts, max },
                ..
            } => format!("subtraction {amounts} {max}"),
            Survey::Boards { family, .. } => format!(
                "{} {}-{} {}-{}",
                family.kind.name(),
                family.rows.start(),
                family.rows.end(),
                family.columns.start(),
                family.columns.end()
            ),
        }
    }

    /// The manifest's text, its checksum last.
    pub fn to_text(&self) -> String {
        let (n, time_limit, state_limit) = match self {
            Survey::Heaps { n, time_limit, .. } => (Some(*n), *time_limit, None),
            Survey::Boards { state_limit, .. } => (None, None, *state_limit),
        };
        sealed(
            HEADER,
            &[
                ("family", self.family_text()),
                ("games", self.len().to_string()),
                ("n", or_dash(n)),
                ("time_limit", or_dash(time_limit)),
                ("state_limit", or_dash(state_limit)),
            ],
        )
    }

    /// Reads a manifest's text, refusing anything that is not one whole: a wrong header or
    /// checksum, a family that does not read, fields that do not belong to its kind.
    pub fn from_text(text: &str) -> Result<Survey, String> {
        let mut fields = Fields::open(text, HEADER)?;
        let family = fields.text("family")?;
        let games = fields.number("games")?;
        let number = |key: &str, written: &str| read_number(key, written);
        let n = fields.optional("n", |written| number("n", written))?;
        let time_limit = fields.optional("time_limit", |written| number("time_limit", written))?;
        let state_limit =
            fields.optional("state_limit", |written| number("state_limit", written))?;
        fields.end()?;
        let (kind, rest) = family
            .split_once(' ')
            .ok_or_else(|| format!("`family {family}`: no kind and family"))?;
        let pattern = |kind| Family::pattern(kind, rest);
        let heaps = |family: Result<Family, String>| {
            let n = n.ok_or("a survey of heap games with no n")?;
            if state_limit.is_some() {
                return Err("a survey of heap games with a state limit".to_string());
            }
            Ok(Survey::Heaps {
                family: family?,
                n,
                time_limit,
            })
        };
        let boards = |kind| {
            if n.is_some() || time_limit.is_some() {
                return Err("a survey of boards with an n or a time limit".to_string());
            }
            let (rows, columns) = rest
                .split_once(' ')
                .ok_or_else(|| format!("`family {family}`: not `KIND ROWS COLUMNS`"))?;
            Ok(Survey::Boards {
                family: BoardFamily {
                    kind,
                    rows: parse_sizes(rows)?,
                    columns: parse_sizes(columns)?,
                },
                state_limit,
            })
        };
        let survey = match kind {
            "octal" => heaps(pattern(Kind::Octal)),
            "hexadecimal" => heaps(pattern(Kind::Hexadecimal)),
            "code" => heaps(pattern(Kind::Code)),
            "subtraction" => {
                let sizes: Vec<&str> = rest.split(' ').collect();
                let [amounts, max] = sizes[..] else {
                    return Err(format!("`family {family}`: not `subtraction AMOUNTS MAX`"));
                };
                let size = |written: &str| {
                    written
                        .parse::<u32>()
                        .map_err(|_| format!("`family {family}`: {written} is not a count"))
                };
                heaps(Family::subtraction(size(amounts)?, size(max)?))
            }
            "cram" => boards(BoardKind::Cram),
            "chomp" => boards(BoardKind::Chomp),
            "node-kayles" => boards(BoardKind::NodeKayles),
            _ => Err(format!("`family {family}`: no survey of {kind}")),
        }?;
        if survey.len() != games {
            return Err(format!(
                "`games {games}`: the family lists {} members",
                survey.len()
            ));
        }
        Ok(survey)
    }

    /// Why `record` is not a record of this survey, if it is not: of another game or
    /// another run.
    pub fn unlike(&self, record: &Record) -> Option<String> {
        let Survey::Heaps {
            family,
            n,
            time_limit,
        } = self
        else {
            return Some("a heap game's record in a survey of boards".to_string());
        };
        let place = (record.index < family.len()).then(|| family.member(record.index).name);
        if record.kind != family.kind_name() || place.as_ref() != Some(&record.game) {
            Some("not a game of the family".to_string())
        } else if record.n != *n {
            Some(format!("run to n = {}", record.n))
        } else if record.time_limit != *time_limit {
            Some(format!("a time limit of {}", seconds(record.time_limit)))
        } else {
            None
        }
    }

    /// Why `record` is not a record of this survey, if it is not, as
    /// [`unlike`](Self::unlike) says of a heap game's.
    pub fn unlike_board(&self, record: &BoardRecord) -> Option<String> {
        let Survey::Boards {
            family,
            state_limit,
        } = self
        else {
            return Some("a board's record in a survey of heap games".to_string());
        };
        let place = (record.index < family.len()).then(|| family.member(record.index));
        if record.kind != family.kind.name() || place != Some((record.rows, record.columns)) {
            Some("not a board of the family".to_string())
        } else if record.state_limit != *state_limit {
            Some(format!(
                "a state limit of {}",
                record
                    .state_limit
                    .map_or_else(|| "none".to_string(), |states| states.to_string())
            ))
        } else {
            None
        }
    }

    /// The name of the record of the family's member at `index`; `None` for a code that
    /// is no game or a board too large for its game, which have none.
    pub fn recorded_name(&self, index: u64) -> Option<String> {
        match self {
            Survey::Heaps { family, .. } => {
                let member = family.member(index);
                member.game.is_ok().then_some(member.name)
            }
            Survey::Boards { family, .. } => {
                let (rows, columns) = family.member(index);
                let is_board = family.kind.not_a_board(rows, columns).is_none();
                is_board.then(|| BoardRecord::name(rows, columns))
            }
        }
    }

    /// The manifest of `directory`.
    pub fn path(directory: &Path) -> PathBuf {
        directory.join(MANIFEST_NAME)
    }

    /// The survey `directory` holds, checked; `None` if it has no manifest.
    pub fn load(directory: &Path) -> Result<Option<Survey>, String> {
        let path = Survey::path(directory);
        match fs::symlink_metadata(&path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(format!("{}: {error}", path.display())),
            Ok(_) => {}
        }
        let text = read_text(&path).map_err(|error| format!("{}: {error}", path.display()))?;
        Survey::from_text(&text)
            .map(Some)
            .map_err(|error| format!("{}: {error}", path.display()))
    }

    /// Makes `directory` (created if missing) this survey's, or checks that it is: the first
    /// job writes the manifest — whole, through a temporary file linked into place, so that
    /// of two jobs starting at once one writes it and the other reads it — and every other
    /// job, or a job of another survey, finds it there.
    pub fn claim(&self, directory: &Path) -> Result<(), String> {
        fs::create_dir_all(directory)
            .map_err(|error| format!("{}: {error}", directory.display()))?;
        let path = Survey::path(directory);
        if Survey::load(directory)?.is_none() {
            let temporary = directory.join(format!(".{MANIFEST_NAME}.{}.tmp", unique_suffix()));
            let write = || -> io::Result<()> {
                let mut file = fs::File::create(&temporary)?;
                file.write_all(self.to_text().as_bytes())?;
                file.sync_all()?;
                // A link is made only where no file is: the first job's manifest stays.
                match fs::hard_link(&temporary, &path) {
                    Err(error) if error.kind() != io::ErrorKind::AlreadyExists => Err(error),
                    _ => Ok(()),
                }
            };
            let written = write();
            let _ = fs::remove_file(&temporary);
            written.map_err(|error| format!("{}: {error}", path.display()))?;
        }
        match Survey::load(directory)? {
            Some(found) if found == *self => Ok(()),
            Some(found) => Err(format!(
                "{} holds the survey of {found}; this job is of {self}: give each survey a \
                 directory of its own",
                directory.display()
            )),
            None => Err(format!("{}: the manifest vanished", path.display())),
        }
    }
}

/// A time limit as a person reads it.
fn seconds(limit: Option<u64>) -> String {
    limit.map_or_else(|| "none".to_string(), |seconds| format!("{seconds} s"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Survey> {
        vec![
            Survey::Heaps {
                family: Family::pattern(Kind::Octal, "0.??").unwrap(),
                n: 4096,
                time_limit: None,
            },
            Survey::Heaps {
                family: Family::pattern(Kind::Code, "4!.?").unwrap(),
                n: 1 << 20,
                time_limit: Some(30),
            },
            Survey::Heaps {
                family: Family::subtraction(3, 12).unwrap(),
                n: 100,
                time_limit: None,
            },
            Survey::Boards {
                family: BoardFamily {
                    kind: BoardKind::NodeKayles,
                    rows: 1..=5,
                    columns: 2..=9,
                },
                state_limit: Some(1_000_000),
            },
        ]
    }

    #[test]
    fn a_manifest_reads_back() {
        for survey in samples() {
            assert_eq!(Survey::from_text(&survey.to_text()), Ok(survey));
        }
    }

    #[test]
    fn every_cut_and_every_changed_byte_is_refused() {
        for survey in samples() {
            let text = survey.to_text();
            for end in 0..text.len() {
                assert!(Survey::from_text(&text[..end]).is_err(), "cut at {end}");
            }
            let bytes = text.as_bytes();
            for at in 0..bytes.len() {
                let mut changed = bytes.to_vec();
                changed[at] ^= 0x04;
                if let Ok(changed) = String::from_utf8(changed) {
                    assert!(Survey::from_text(&changed).is_err(), "byte {at} changed");
                }
            }
        }
    }

    #[test]
    fn a_directory_holds_one_survey() {
        let directory = std::env::temp_dir().join(format!(
            "impartial-manifest-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&directory);
        let [first, second, ..] = &samples()[..] else {
            unreachable!()
        };
        first.claim(&directory).unwrap();
        first.claim(&directory).unwrap();
        let refused = second.claim(&directory).unwrap_err();
        assert!(
            refused.contains("holds the survey of octal 0.??"),
            "{refused}"
        );
        let other_n = Survey::Heaps {
            family: Family::pattern(Kind::Octal, "0.??").unwrap(),
            n: 4097,
            time_limit: None,
        };
        assert!(other_n.claim(&directory).is_err());
        assert_eq!(Survey::load(&directory), Ok(Some(first.clone())));
        // No temporary file is left.
        assert_eq!(fs::read_dir(&directory).unwrap().count(), 1);
        fs::remove_dir_all(&directory).unwrap();
    }
}
