//! `CertificateError`: a certificate that cannot be written, read or believed.

use std::path::PathBuf;

/// Why a [`Certificate`](super::Certificate) was not written, not read, or not believed.
///
/// A certificate is refused as a whole: a checker that names a failing position has
/// confirmed nothing, the claim included.
///
/// # Examples
///
/// ```
/// use impartial::certificate::{Certificate, CertificateError};
/// use impartial::cram::Cram;
/// use impartial::Solver;
///
/// let game = Cram::new(3, 3)?;
/// let mut bytes = Solver::new(game).prove_grundy(game.start())?.to_bytes();
/// bytes[30] ^= 1; // one bit flipped
/// let error = Certificate::from_bytes(&game, &bytes).unwrap_err();
/// assert!(matches!(error, CertificateError::Damaged { .. }));
/// assert_eq!(error.to_string(), "damaged certificate: its checksum does not match");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// The file could not be read or written.
    #[error("could not {action} certificate {path}: {source}")]
    Io {
        /// `"read"` or `"write"`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The bytes are not a whole certificate of this version: another kind of file, a
    /// version this checker does not read, a checksum that does not match, or parts that do
    /// not fit together.
    #[error("damaged certificate: {reason}")]
    Damaged {
        /// What is wrong, and where.
        reason: String,
    },
    /// The certificate is about another ruleset (its `Debug` form is written in it).
    #[error("the certificate is about {found}, not {expected}")]
    OtherRuleset {
        /// The ruleset the certificate names.
        found: String,
        /// The ruleset it was checked with.
        expected: String,
    },
    /// The position asked about, or one the certificate holds, is not one of the game's:
    /// made for another board, graph or poset (see
    /// [`check_position`](crate::ImpartialGame::check_position)).
    #[error("{position} is not a position of this game: {reason}")]
    InvalidPosition {
        /// The position, as `Debug` writes it.
        position: String,
        /// Why it is not one of the game's.
        reason: String,
    },
    /// The certificate answers another question than the one asked: its root is another
    /// position, or its claim is of the other play convention. Its own claim may be true;
    /// it is not an answer to this question.
    #[error("the certificate is about {proved}, not {asked}")]
    OtherQuestion {
        /// The question asked: the position (as `Debug` writes it), and the play if misère.
        asked: String,
        /// The question the certificate answers.
        proved: String,
    },
    /// A position is not one the certificate may hold: bytes that do not read back as a
    /// position of the ruleset, a position written twice, or one that is not its own
    /// canonical form.
    #[error("position {index} of the certificate ({position}): {reason}")]
    BadPosition {
        /// Its index among the certificate's positions (the root is `0`, the others from 1).
        index: usize,
        /// The position as `Debug` writes it, or its bytes if they are not one.
        position: String,
        /// Why it is refused.
        reason: String,
    },
    /// The first claim the checker could not confirm, from its own move generation: a
    /// witness that is not an option, an option shown to have the value claimed, a value
    /// below the claim with no option shown to have it, or a claim nothing supports.
    #[error("the claim of {position} fails: {reason}")]
    ClaimFails {
        /// The position whose claim fails, as `Debug` writes it.
        position: String,
        /// What the checker found.
        reason: String,
    },
}
