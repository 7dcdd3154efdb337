//! The certificate in memory and as bytes (the layout is in the [room's docs](super)).

use std::fmt::Debug;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;

use super::error::CertificateError;
use crate::game::{ImpartialGame, Nimber, Outcome, StoredPosition};

const MAGIC: &[u8; 16] = b"impartial proof\0";
/// The version of a certificate of normal play; one of misère play is version 4, which a
/// reader of normal play alone refuses, as it should. (Versions 1 and 2 had no length, and
/// positions of Cram, Node Kayles and posets without their board, graph or poset.)
const VERSION: u32 = 3;
/// The version of a certificate of misère play.
const MISERE_VERSION: u32 = 4;
/// The bytes before a certificate's body: the magic, the version and the length.
const HEADER: usize = MAGIC.len() + 4 + 8;

/// What a certificate claims of its root position.
///
/// # Examples
///
/// ```
/// use impartial::certificate::Claim;
/// use impartial::{Nimber, Outcome};
///
/// assert_eq!(Claim::Grundy(Nimber(2)).to_string(), "value *2");
/// assert_eq!(Claim::Outcome(Outcome::P).to_string(), "outcome P");
/// assert_eq!(Claim::MisereOutcome(Outcome::N).to_string(), "misère outcome N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// Who wins: the player to move (N) or the other (P).
    Outcome(Outcome),
    /// The Sprague–Grundy value.
    Grundy(Nimber),
    /// Who wins misère play, where whoever moves last loses.
    MisereOutcome(Outcome),
}

impl Claim {
    /// Whether the claim is about misère play: then every entry of the certificate is a
    /// [`MisereP`](Entry::MisereP) or a [`MisereN`](Entry::MisereN), and no other.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Claim;
    /// use impartial::Outcome;
    ///
    /// assert!(Claim::MisereOutcome(Outcome::P).is_misere());
    /// assert!(!Claim::Outcome(Outcome::P).is_misere());
    /// ```
    #[must_use]
    pub fn is_misere(self) -> bool {
        matches!(self, Claim::MisereOutcome(_))
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Claim::Outcome(outcome) => write!(f, "outcome {outcome}"),
            Claim::Grundy(value) => write!(f, "value {value}"),
            Claim::MisereOutcome(outcome) => write!(f, "misère outcome {outcome}"),
        }
    }
}

/// What a certificate says of one of its positions: in normal play, of a part that does
/// not split, in its canonical form; in misère play, where sums do not add up, of a whole
/// position as the ruleset's [`moves`](crate::ImpartialGame::moves) list it.
///
/// # Examples
///
/// ```
/// use impartial::certificate::{Entry, Witness};
///
/// // Value 2: option 0 has value 0, option 3 value 1, and no option has value 2.
/// let value = Entry::Value { value: 2, below: vec![0, 3] };
/// // Not value 0, as option 1 has value 0; not 9, as 9 is above the ruleset's bound.
/// let not = Entry::Not(vec![(0, Witness::Option(1)), (9, Witness::AboveBound)]);
/// // Misère play: option 4 is a misère P-position; a position without moves has won.
/// let (won, over) = (Entry::MisereN(Some(4)), Entry::MisereN(None));
/// # let _ = (value, not, won, over, Entry::MisereP);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The part's value is `value`: `below[j]` is the index (in the order
    /// [`moves`](crate::ImpartialGame::moves) lists them) of an option of value `j`, for each
    /// `j` below `value`; and no option has value `value`.
    Value {
        /// The value claimed.
        value: u32,
        /// An option of each value below it, by index.
        below: Vec<u32>,
    },
    /// Values the part does not have, in increasing order, each with its witness: the part
    /// plus a nim-heap of that size is an N-position.
    Not(Vec<(u32, Witness)>),
    /// A P-position of misère play: it has an option, and every option is a misère
    /// N-position (each shown by an entry of its own).
    MisereP,
    /// An N-position of misère play: the option of this index is a misère P-position, or
    /// (`None`) there is no option — the player to move, who cannot, has won.
    MisereN(Option<u32>),
}

/// Why a part does not have a value `k`.
///
/// # Examples
///
/// See [`Entry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Witness {
    /// The option of this index has value `k`.
    Option(u32),
    /// `k` is above the part's number of options or its ruleset's
    /// [`grundy_bound`](crate::Decompose::grundy_bound).
    AboveBound,
}

/// A certificate: a claim about a position and the positions it rests on, each with its
/// own claim and witnesses, enough for a [checker](Certificate::check) that shares nothing
/// with the search but the ruleset to confirm it. See the [module](super) for what it holds
/// and how it is checked.
///
/// # Examples
///
/// ```
/// use impartial::certificate::{Certificate, Claim};
/// use impartial::node_kayles::NodeKayles;
/// use impartial::{Play, Solver};
///
/// let game = NodeKayles::grid(3, 3)?;
/// let certificate = Solver::new(game.clone()).prove_grundy(game.start())?;
/// let bytes = certificate.to_bytes();
/// // Anyone with the ruleset checks it, without the solver.
/// let read = Certificate::from_bytes(&game, &bytes)?;
/// let value = Solver::new(game.clone()).grundy(game.start())?;
/// assert_eq!(read.check(&game, game.start(), Play::Normal)?, Claim::Grundy(value));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate<P> {
    pub(super) ruleset: String,
    pub(super) root: P,
    pub(super) claim: Claim,
    pub(super) entries: Vec<(P, Entry)>,
}

impl<P: StoredPosition> Certificate<P> {
    /// A certificate of `claim` about `root` in `game`, with no positions yet: for
    /// certificates made by another program, to be checked here.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::{Certificate, Claim, Entry};
    /// use impartial::{ImpartialGame, Outcome, Play};
    ///
    /// /// Take one counter from a heap.
    /// #[derive(Debug)]
    /// struct TakeOne;
    ///
    /// impl ImpartialGame for TakeOne {
    ///     type Position = u8;
    ///     fn moves(&self, &heap: &u8) -> impl Iterator<Item = u8> {
    ///         heap.checked_sub(1).into_iter()
    ///     }
    /// }
    ///
    /// // A heap of 2 is a P-position: its one option has value 1.
    /// let mut certificate = Certificate::new(&TakeOne, 2, Claim::Outcome(Outcome::P));
    /// certificate.push(2, Entry::Value { value: 0, below: vec![] });
    /// certificate.push(1, Entry::Value { value: 1, below: vec![0] });
    /// certificate.push(0, Entry::Value { value: 0, below: vec![] });
    /// assert_eq!(certificate.check(&TakeOne, 2, Play::Normal)?, Claim::Outcome(Outcome::P));
    /// // Without the heap of 1, the option of the heap of 2 is not shown to be an N-position.
    /// let mut short = Certificate::new(&TakeOne, 2, Claim::Outcome(Outcome::P));
    /// short.push(2, Entry::Value { value: 0, below: vec![] });
    /// assert!(short.check(&TakeOne, 2, Play::Normal).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<G: ImpartialGame<Position = P> + Debug>(game: &G, root: P, claim: Claim) -> Self {
        Certificate {
            ruleset: format!("{game:?}"),
            root,
            claim,
            entries: Vec::new(),
        }
    }

    /// A certificate of `claim` about `root` in `game` with `entries`, as the prover makes one.
    pub(crate) fn with_entries<G: ImpartialGame<Position = P> + Debug>(
        game: &G,
        root: P,
        claim: Claim,
        entries: Vec<(P, Entry)>,
    ) -> Self {
        Certificate {
            ruleset: format!("{game:?}"),
            root,
            claim,
            entries,
        }
    }

    /// Adds what the certificate says of `position`.
    ///
    /// # Examples
    ///
    /// See [`new`](Self::new).
    pub fn push(&mut self, position: P, entry: Entry) {
        self.entries.push((position, entry));
    }

    /// The position the claim is about.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(3, 2)?;
    /// let certificate = Solver::new(game).prove_outcome(game.start())?;
    /// assert_eq!(*certificate.root(), game.start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn root(&self) -> &P {
        &self.root
    }

    /// The claim about the root, as written: [`check`](Self::check) says whether it holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Claim;
    /// use impartial::cram::Cram;
    /// use impartial::{Outcome, Solver};
    ///
    /// let game = Cram::new(3, 3)?;
    /// let certificate = Solver::new(game).prove_outcome(game.start())?;
    /// assert_eq!(certificate.claim(), Claim::Outcome(Outcome::P));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim(&self) -> Claim {
        self.claim
    }

    /// The name of the ruleset the certificate is about: its `Debug` form.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(3, 2)?;
    /// let certificate = Solver::new(game).prove_outcome(game.start())?;
    /// assert_eq!(certificate.ruleset(), "Cram { width: 3, height: 2, .. }");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// How many positions the certificate holds besides its root.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(4, 4)?;
    /// let certificate = Solver::new(game).prove_outcome(game.start())?;
    /// // Cram on an even board: the second player mirrors; a few positions show it.
    /// assert!(certificate.positions() < 200);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// The positions the certificate holds besides its root, each with what it says of it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Entry;
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(3, 3)?;
    /// let certificate = Solver::new(game).prove_grundy(game.start())?;
    /// let values = certificate
    ///     .entries()
    ///     .filter(|(_, entry)| matches!(entry, Entry::Value { .. }))
    ///     .count();
    /// assert!(values > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (&P, &Entry)> {
        self.entries
            .iter()
            .map(|(position, entry)| (position, entry))
    }

    /// The certificate as bytes, in the format of the [module](super), its CRC-32 last.
    ///
    /// # Examples
    ///
    /// See [`Certificate`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        let version = if self.claim.is_misere() {
            MISERE_VERSION
        } else {
            VERSION
        };
        bytes.extend_from_slice(&version.to_le_bytes());
        // The length, filled in below: a reader reads no more than it says.
        bytes.extend_from_slice(&0u64.to_le_bytes());
        write_varint(&mut bytes, self.ruleset.len() as u64);
        bytes.extend_from_slice(self.ruleset.as_bytes());
        let mut scratch = Vec::new();
        write_position(&mut bytes, &mut scratch, &self.root);
        match self.claim {
            Claim::Outcome(Outcome::P) => bytes.push(0),
            Claim::Outcome(Outcome::N) => bytes.push(1),
            Claim::Grundy(value) => {
                bytes.push(2);
                write_varint(&mut bytes, u64::try_from(value.0).unwrap_or(u64::MAX));
            }
            Claim::MisereOutcome(Outcome::P) => bytes.push(3),
            Claim::MisereOutcome(Outcome::N) => bytes.push(4),
        }
        write_varint(&mut bytes, self.entries.len() as u64);
        for (position, entry) in &self.entries {
            write_position(&mut bytes, &mut scratch, position);
            write_entry(&mut bytes, entry);
        }
        let length = bytes.len() as u64 + 4;
        bytes[MAGIC.len() + 4..HEADER].copy_from_slice(&length.to_le_bytes());
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Reads a certificate [`to_bytes`](Self::to_bytes) wrote, of `game`'s ruleset. It is
    /// read, not checked: [`check`](Self::check) says whether its claim holds.
    ///
    /// # Errors
    ///
    /// [`CertificateError::Damaged`] for bytes that are not a whole certificate of this
    /// version (its checksum is checked before anything else is read),
    /// [`CertificateError::OtherRuleset`] for a certificate of another ruleset, and
    /// [`CertificateError::BadPosition`] for bytes that do not read as a position of it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::{Certificate, CertificateError};
    /// use impartial::cram::Cram;
    /// use impartial::Solver;
    ///
    /// let game = Cram::new(3, 2)?;
    /// let bytes = Solver::new(game).prove_outcome(game.start())?.to_bytes();
    /// assert!(Certificate::from_bytes(&game, &bytes).is_ok());
    /// let other = Cram::new(2, 3)?;
    /// assert!(matches!(
    ///     Certificate::from_bytes(&other, &bytes),
    ///     Err(CertificateError::OtherRuleset { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_bytes<G>(game: &G, bytes: &[u8]) -> Result<Self, CertificateError>
    where
        G: ImpartialGame<Position = P> + Debug,
    {
        let (body, version) = check_frame(bytes)?;
        let mut reader = Reader {
            bytes: body,
            at: HEADER,
        };
        let ruleset = reader.text()?;
        let expected = format!("{game:?}");
        if ruleset != expected {
            return Err(CertificateError::OtherRuleset {
                found: ruleset,
                expected,
            });
        }
        let root = reader.position(0)?;
        let claim = match reader.byte()? {
            0 => Claim::Outcome(Outcome::P),
            1 => Claim::Outcome(Outcome::N),
            2 => Claim::Grundy(Nimber(u128::from(reader.varint()?))),
            3 if version == MISERE_VERSION => Claim::MisereOutcome(Outcome::P),
            4 if version == MISERE_VERSION => Claim::MisereOutcome(Outcome::N),
            kind => return Err(reader.damaged(&format!("claim of kind {kind}"))),
        };
        // Version 2 is the version of misère claims, and of them alone.
        if claim.is_misere() != (version == MISERE_VERSION) {
            let found = format!("the claim \"{claim}\" in a version {version} certificate");
            return Err(reader.damaged(&found));
        }
        // Each position takes two bytes at least: a count past that is forged, refused
        // before anything is reserved for it.
        let count = reader.count(2)?;
        let mut entries = Vec::with_capacity(count);
        for index in 1..=count {
            let position = reader.position(index)?;
            entries.push((position, reader.entry(claim.is_misere())?));
        }
        if reader.at != body.len() {
            return Err(reader.damaged("bytes after the last position"));
        }
        Ok(Certificate {
            ruleset,
            root,
            claim,
            entries,
        })
    }

    /// Writes the certificate to `path`, through a file of its own beside it
    /// (`.NAME.PID-K.partial`, a name no other file has) renamed over it: a certificate on
    /// disk is a whole one, and saves at once to one path, from threads or processes, each
    /// leave a whole certificate.
    ///
    /// # Errors
    ///
    /// [`CertificateError::Io`] if it cannot be written (or `path` is a folder); the file
    /// at `path` is as it was, and nothing is left beside it.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::certificate::Certificate;
    /// use impartial::cram::Cram;
    /// use impartial::{Play, Solver};
    ///
    /// let game = Cram::new(4, 3)?;
    /// let path = std::env::temp_dir().join(format!("cram-{}.proof", std::process::id()));
    /// Solver::new(game).prove_grundy(game.start())?.save(&path)?;
    /// let read = Certificate::load(&game, &path)?;
    /// assert!(read.check(&game, game.start(), Play::Normal).is_ok());
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), CertificateError> {
        let path = path.as_ref();
        let io = |source| CertificateError::Io {
            action: "write",
            path: path.to_path_buf(),
            source,
        };
        crate::replace::replace(path, |file| file.write_all(&self.to_bytes())).map_err(io)
    }

    /// Reads the certificate at `path`, as [`from_bytes`](Self::from_bytes) does. No more
    /// bytes are read than the certificate's header says it has (and one to see its end), so
    /// a device that never ends, a pipe that goes on or a longer file is refused, not read
    /// into memory.
    ///
    /// # Errors
    ///
    /// [`CertificateError::Io`] if the file cannot be read, else as
    /// [`from_bytes`](Self::from_bytes).
    ///
    /// # Examples
    ///
    /// See [`save`](Self::save).
    pub fn load<G>(game: &G, path: impl AsRef<Path>) -> Result<Self, CertificateError>
    where
        G: ImpartialGame<Position = P> + Debug,
    {
        Self::from_bytes(game, &read_bytes(path)?)
    }
}

/// The bytes of the certificate at `path`, read no further than its header says (and one
/// byte more, to see its end): for a program that reads the ruleset
/// ([`ruleset_of`]) before it reads the certificate ([`Certificate::from_bytes`]).
/// [`Certificate::load`] reads so.
///
/// # Errors
///
/// [`CertificateError::Io`] if the file cannot be opened; [`CertificateError::Damaged`] for
/// one that does not start as a certificate does, ends before its length, or goes on past
/// it (a device that never ends, such as `/dev/zero`, is refused after its first bytes).
///
/// # Examples
///
/// ```
/// use impartial::certificate::{CertificateError, read_bytes};
/// use impartial::cram::Cram;
/// use impartial::Solver;
///
/// let game = Cram::new(3, 2)?;
/// let path = std::env::temp_dir().join(format!("cram-3x2-{}.proof", std::process::id()));
/// Solver::new(game).prove_outcome(game.start())?.save(&path)?;
/// assert_eq!(read_bytes(&path)?, std::fs::read(&path)?);
/// # #[cfg(unix)]
/// assert!(matches!(read_bytes("/dev/zero"), Err(CertificateError::Damaged { .. })));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_bytes(path: impl AsRef<Path>) -> Result<Vec<u8>, CertificateError> {
    let path = path.as_ref();
    let file = fs::File::open(path).map_err(|source| CertificateError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    })?;
    let mut reader = std::io::BufReader::new(file);
    // A file says how long it is: one of another length than its header says is refused
    // before its body is read into memory.
    if let Ok(found) = reader.get_ref().metadata()
        && found.is_file()
    {
        let mut header = [0u8; HEADER];
        if found.len() >= HEADER as u64 && reader.read_exact(&mut header).is_ok() {
            let (_, length) = read_header(&header)?;
            if length != found.len() {
                return Err(CertificateError::Damaged {
                    reason: format!("it holds {} bytes, and says it is {length}", found.len()),
                });
            }
            return read_bounded(std::io::Cursor::new(header).chain(reader));
        }
    }
    read_bounded(reader)
}

/// The ruleset a certificate's bytes name, read without knowing the ruleset: for a program
/// that checks certificates of several (the command line's `impartial check FILE`).
///
/// # Errors
///
/// [`CertificateError::Damaged`] as [`Certificate::from_bytes`] says.
///
/// # Examples
///
/// ```
/// use impartial::certificate::ruleset_of;
/// use impartial::cram::Cram;
/// use impartial::Solver;
///
/// let game = Cram::new(3, 2)?;
/// let bytes = Solver::new(game).prove_outcome(game.start())?.to_bytes();
/// assert_eq!(ruleset_of(&bytes)?, "Cram { width: 3, height: 2, .. }");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ruleset_of(bytes: &[u8]) -> Result<String, CertificateError> {
    let (body, _) = check_frame(bytes)?;
    Reader {
        bytes: body,
        at: HEADER,
    }
    .text()
}

/// The version and the length the header of `bytes` gives, once the magic and the version
/// are right: what the first [`HEADER`] bytes say, before the rest is read.
fn read_header(bytes: &[u8]) -> Result<(u32, u64), CertificateError> {
    let damaged = |reason: &str| CertificateError::Damaged {
        reason: reason.into(),
    };
    if bytes.len() < HEADER || &bytes[..MAGIC.len()] != MAGIC {
        return Err(damaged("it does not start as a certificate does"));
    }
    let version = u32::from_le_bytes(bytes[16..20].try_into().expect("four bytes"));
    if version != VERSION && version != MISERE_VERSION {
        return Err(damaged(&format!(
            "it is version {version}; this checker reads versions {VERSION} and {MISERE_VERSION}"
        )));
    }
    let length = u64::from_le_bytes(bytes[20..HEADER].try_into().expect("eight bytes"));
    if length < HEADER as u64 + 4 {
        return Err(damaged(&format!(
            "a length of {length} bytes, too short for one"
        )));
    }
    Ok((version, length))
}

/// The bytes before the checksum and the version, once the magic, the version, the length
/// and the checksum are right.
fn check_frame(bytes: &[u8]) -> Result<(&[u8], u32), CertificateError> {
    let damaged = |reason: &str| CertificateError::Damaged {
        reason: reason.into(),
    };
    let (version, length) = read_header(bytes)?;
    if length != bytes.len() as u64 {
        return Err(damaged(&format!(
            "it holds {} bytes, and says it is {length}",
            bytes.len()
        )));
    }
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body).to_le_bytes() != crc {
        return Err(damaged("its checksum does not match"));
    }
    Ok((body, version))
}

/// The bytes of the certificate `source` holds, read no further than its header says: a
/// device that never ends (`/dev/zero`) or a file longer than its certificate is refused,
/// and nothing past the length is read but one byte to see the end.
fn read_bounded(mut source: impl Read) -> Result<Vec<u8>, CertificateError> {
    let damaged = |reason: &str| CertificateError::Damaged {
        reason: reason.into(),
    };
    let io = |error: std::io::Error| damaged(&format!("reading it failed: {error}"));
    let mut header = [0u8; HEADER];
    source
        .read_exact(&mut header)
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::UnexpectedEof => damaged("it does not start as a certificate does"),
            _ => io(error),
        })?;
    let (_, length) = read_header(&header)?;
    let mut bytes = header.to_vec();
    // Grown as the bytes come, so that a length no source holds reserves nothing.
    (&mut source)
        .take(length - HEADER as u64)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if (bytes.len() as u64) < length {
        return Err(damaged(&format!(
            "it ends after {} bytes, and says it is {length}",
            bytes.len()
        )));
    }
    if source.read(&mut [0u8]).map_err(io)? != 0 {
        return Err(damaged(&format!("bytes follow its end, at byte {length}")));
    }
    Ok(bytes)
}

fn write_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

fn write_position<P: StoredPosition>(bytes: &mut Vec<u8>, scratch: &mut Vec<u8>, position: &P) {
    scratch.clear();
    position.write_to(scratch);
    write_varint(bytes, scratch.len() as u64);
    bytes.extend_from_slice(scratch);
}

fn write_entry(bytes: &mut Vec<u8>, entry: &Entry) {
    match entry {
        Entry::Value { value, below } => {
            bytes.push(0);
            write_varint(bytes, u64::from(*value));
            // `value` options, one for each value below it: the count is the value.
            debug_assert_eq!(below.len(), *value as usize);
            for &option in below {
                write_varint(bytes, u64::from(option));
            }
        }
        Entry::Not(values) => {
            bytes.push(1);
            write_varint(bytes, values.len() as u64);
            for &(value, witness) in values {
                write_varint(bytes, u64::from(value));
                match witness {
                    Witness::AboveBound => write_varint(bytes, 0),
                    Witness::Option(option) => write_varint(bytes, u64::from(option) + 1),
                }
            }
        }
        Entry::MisereP => bytes.push(2),
        Entry::MisereN(winning) => {
            bytes.push(3);
            write_varint(bytes, winning.map_or(0, |option| u64::from(option) + 1));
        }
    }
}

/// Reads the fields of a certificate one after another, refusing what does not fit.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl Reader<'_> {
    fn damaged(&self, what: &str) -> CertificateError {
        CertificateError::Damaged {
            reason: format!("{what} at byte {}", self.at),
        }
    }

    fn byte(&mut self) -> Result<u8, CertificateError> {
        let byte = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| self.damaged("it ends too early"))?;
        self.at += 1;
        Ok(byte)
    }

    fn varint(&mut self) -> Result<u64, CertificateError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                break;
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.damaged("a number past 64 bits"))
    }

    fn u32(&mut self) -> Result<u32, CertificateError> {
        let value = self.varint()?;
        u32::try_from(value).map_err(|_| self.damaged("a number past 32 bits"))
    }

    /// A count of things at least `least` bytes each, no more than the bytes left hold.
    fn count(&mut self, least: usize) -> Result<usize, CertificateError> {
        let count = self.varint()?;
        let left = (self.bytes.len() - self.at) / least;
        usize::try_from(count)
            .ok()
            .filter(|&count| count <= left)
            .ok_or_else(|| self.damaged("a count past the bytes left"))
    }

    fn slice(&mut self) -> Result<&[u8], CertificateError> {
        let length = self.count(1)?;
        let slice = &self.bytes[self.at..self.at + length];
        self.at += length;
        Ok(slice)
    }

    fn text(&mut self) -> Result<String, CertificateError> {
        let bytes = self.slice()?.to_vec();
        String::from_utf8(bytes).map_err(|_| self.damaged("a ruleset's name not in UTF-8"))
    }

    fn position<P: StoredPosition>(&mut self, index: usize) -> Result<P, CertificateError> {
        let bytes = self.slice()?;
        let refused = |reason: &str| CertificateError::BadPosition {
            index,
            position: format!("bytes {bytes:02x?}"),
            reason: reason.into(),
        };
        let position =
            P::read_from(bytes).ok_or_else(|| refused("not a position of the ruleset"))?;
        let mut again = Vec::with_capacity(bytes.len());
        position.write_to(&mut again);
        if again != bytes {
            return Err(refused("written otherwise than the ruleset writes it"));
        }
        Ok(position)
    }

    /// An entry of normal play, or (`misere`) of misère play.
    fn entry(&mut self, misere: bool) -> Result<Entry, CertificateError> {
        match self.byte()? {
            0 if !misere => {
                let value = self.u32()?;
                // One byte at least for each option below the value.
                let room = (self.bytes.len() - self.at) as u64;
                if u64::from(value) > room {
                    return Err(self.damaged("a value past the bytes left"));
                }
                let below = (0..value).map(|_| self.u32()).collect::<Result<_, _>>()?;
                Ok(Entry::Value { value, below })
            }
            1 if !misere => {
                let count = self.count(2)?;
                let mut values = Vec::with_capacity(count);
                for _ in 0..count {
                    let value = self.u32()?;
                    let witness = match self.varint()? {
                        0 => Witness::AboveBound,
                        option => Witness::Option(
                            u32::try_from(option - 1)
                                .map_err(|_| self.damaged("a number past 32 bits"))?,
                        ),
                    };
                    values.push((value, witness));
                }
                Ok(Entry::Not(values))
            }
            2 if misere => Ok(Entry::MisereP),
            3 if misere => match self.varint()? {
                0 => Ok(Entry::MisereN(None)),
                option => Ok(Entry::MisereN(Some(
                    u32::try_from(option - 1).map_err(|_| self.damaged("a number past 32 bits"))?,
                ))),
            },
            kind => Err(self.damaged(&format!(
                "an entry of kind {kind} in a certificate of {} play",
                if misere { "misère" } else { "normal" }
            ))),
        }
    }
}
