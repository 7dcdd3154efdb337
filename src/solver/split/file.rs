//! A decomposing search's table on disk, little-endian throughout:
//!
//! ```text
//! magic      16 bytes  "impartial facts\0"
//! version     u32      1
//! game        u32 length, then that many bytes of UTF-8: the ruleset as `Debug` shows it
//! count       u64      facts
//! facts       count × (length u32, position, lower u32, exact u8, excluded u64), the
//!             position as `StoredPosition::write_to` writes it
//! crc32       u32      of every byte before it
//! ```
//!
//! Written to a file beside the target and renamed over it, so a table on disk is always a
//! whole one; read back only if every part checks.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;

use super::table::Facts;
use crate::error::TableError;
use crate::game::StoredPosition;

const MAGIC: &[u8; 16] = b"impartial facts\0";
/// Version 2 writes each position's length: positions of any length (Sprouts) are stored.
const VERSION: u32 = 2;

/// Writes `facts`, of the ruleset named `game`, to `path`; how many.
pub(crate) fn save<'f, P: StoredPosition + 'f>(
    path: &Path,
    game: &str,
    facts: impl Iterator<Item = (&'f P, Facts)>,
) -> Result<usize, TableError> {
    let io = |action: &'static str, source: std::io::Error| TableError::Io {
        action,
        path: path.to_path_buf(),
        source,
    };
    let mut body = Vec::new();
    body.extend_from_slice(MAGIC);
    body.extend_from_slice(&VERSION.to_le_bytes());
    let name = u32::try_from(game.len()).expect("a ruleset's name is short");
    body.extend_from_slice(&name.to_le_bytes());
    body.extend_from_slice(game.as_bytes());
    let count_at = body.len();
    body.extend_from_slice(&0u64.to_le_bytes());
    let mut count = 0u64;
    let mut position = Vec::new();
    for (key, fact) in facts {
        position.clear();
        key.write_to(&mut position);
        let length = u32::try_from(position.len()).expect("a position is shorter than 4 GB");
        body.extend_from_slice(&length.to_le_bytes());
        body.extend_from_slice(&position);
        body.extend_from_slice(&fact.lower().to_le_bytes());
        body.push(u8::from(fact.exact()));
        body.extend_from_slice(&fact.excluded().to_le_bytes());
        count += 1;
    }
    body[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
    let crc = crc32fast::hash(&body);
    crate::replace::replace(path, |file| {
        file.write_all(&body)?;
        file.write_all(&crc.to_le_bytes())
    })
    .map_err(|error| io("write", error))?;
    Ok(usize::try_from(count).unwrap_or(usize::MAX))
}

/// The facts of the table at `path`, which must be one of the ruleset named `game`.
pub(crate) fn load<P: StoredPosition>(
    path: &Path,
    game: &str,
) -> Result<Vec<(P, Facts)>, TableError> {
    let refused = |reason: String| TableError::Refused {
        path: path.display().to_string(),
        reason,
    };
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| BufReader::new(file).read_to_end(&mut bytes))
        .map_err(|source| TableError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(refused("it does not start as a table of facts does".into()));
    }
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    let mut reader = Reader {
        bytes: body,
        at: MAGIC.len(),
    };
    let version = reader
        .u32()
        .ok_or_else(|| refused("it ends too early".into()))?;
    if version != VERSION {
        return Err(refused(format!(
            "it is version {version}; this solver reads version {VERSION}"
        )));
    }
    let expected = u32::from_le_bytes(crc.try_into().expect("four bytes"));
    if crc32fast::hash(body) != expected {
        return Err(refused("its checksum does not match: it is damaged".into()));
    }
    let malformed = || refused("its parts do not fit together".into());
    let name_len = reader.u32().ok_or_else(malformed)? as usize;
    let name = reader.take(name_len).ok_or_else(malformed)?;
    let found = String::from_utf8_lossy(name);
    if found != game {
        return Err(refused(format!("it is a table of {found}, not of {game}")));
    }
    let count = reader.u64().ok_or_else(malformed)?;
    // Each fact takes 17 bytes besides its position: a count past that is a forged one,
    // refused before anything is reserved for it.
    let most = (body.len() - reader.at) / 17;
    if usize::try_from(count).map_or(true, |count| count > most) {
        return Err(malformed());
    }
    let mut facts = Vec::with_capacity(usize::try_from(count).map_err(|_| malformed())?);
    for _ in 0..count {
        let length = reader.u32().ok_or_else(malformed)? as usize;
        let bytes = reader.take(length).ok_or_else(malformed)?;
        let position = P::read_from(bytes)
            .ok_or_else(|| refused("a position does not read as one of this game".into()))?;
        let lower = reader.u32().ok_or_else(malformed)?;
        let exact = match reader.take(1).ok_or_else(malformed)? {
            [0] => false,
            [1] => true,
            _ => return Err(malformed()),
        };
        let excluded = reader.u64().ok_or_else(malformed)?;
        facts.push((position, Facts::new(lower, exact, excluded)));
    }
    if reader.at != body.len() {
        return Err(malformed());
    }
    Ok(facts)
}

/// Reads little-endian fields one after another.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, count: usize) -> Option<&'b [u8]> {
        let taken = self.bytes.get(self.at..self.at.checked_add(count)?)?;
        self.at += count;
        Some(taken)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|bytes| u32::from_le_bytes(bytes.try_into().expect("four")))
    }

    fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|bytes| u64::from_le_bytes(bytes.try_into().expect("eight")))
    }
}
