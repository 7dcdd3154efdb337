//! Certificates: answers of the search that someone else can check without trusting it.
//!
//! [`Solver::prove_outcome`](crate::Solver::prove_outcome) and
//! [`Solver::prove_grundy`](crate::Solver::prove_grundy) answer as `outcome` and `grundy`
//! do, and write down why: a [`Certificate`] holds the claim about the position asked of,
//! and every position the claim rests on, each with its own claim and witnesses.
//! [`Certificate::check`] confirms it from the ruleset's moves alone — this module imports
//! nothing of the solver — or names the first position whose claim fails.
//!
//! ```
//! use impartial::certificate::{Certificate, Claim};
//! use impartial::cram::Cram;
//! use impartial::{Nimber, Play, Solver};
//!
//! let game = Cram::new(4, 5)?;
//! let certificate = Solver::new(game).prove_grundy(game.start())?;
//! let path = std::env::temp_dir().join(format!("cram-4x5-{}.proof", std::process::id()));
//! certificate.save(&path)?;
//! // Elsewhere, later, with nothing but the ruleset:
//! let read = Certificate::load(&game, &path)?;
//! // The question is the reader's: this board's start, in normal play.
//! assert_eq!(read.check(&game, game.start(), Play::Normal)?, Claim::Grundy(Nimber(2)));
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a certificate says
//!
//! Every claim is about a *part*: a position that is its own canonical form. A position is
//! the sum of its parts ([`components`](crate::Decompose::components), each part in
//! its [`canonical`](crate::Decompose::canonical) form; a position that does not split
//! is one part), and by the Sprague–Grundy theorem its value is the XOR of theirs. A part's
//! [`Entry`] is one of:
//!
//! - **a value** `v`: for each `j < v`, the index of an option of value `j`; and no option
//!   has value `v`. That is the mex rule, and it is how a P-position (value 0) is shown:
//!   every option is shown not to be of value 0.
//! - **values it is not**: for each such `k`, a [`Witness`] — the index of an option of
//!   value `k`, or `AboveBound` when `k` passes the part's number of options or its
//!   ruleset's [`grundy_bound`](crate::Decompose::grundy_bound). "Not of value `k`" is
//!   "the part plus a nim-heap of `k` is an N-position": an N-position is shown by one
//!   winning move, without the value.
//!
//! An option is a sum of parts, and "the option is of value `j`" is read from the parts'
//! entries: the XOR of their values is `j`; or all but one have values, and the last is
//! shown not to be the value that would make the XOR `j` (then the option is not of value
//! `j`). Two equal parts cancel (`G + G = 0`). The claim about the root — its outcome, or
//! its value — is read the same way from the root's parts.
//!
//! **Misère play** ([`Misere::prove_outcome`](crate::Misere::prove_outcome)), where whoever
//! moves last loses, does not add up over sums: its claims are about whole positions, as
//! the ruleset's `moves` list them, and each entry is [`MisereP`](Entry::MisereP) (the
//! position has an option, and every option has an entry that says N) or
//! [`MisereN`](Entry::MisereN) (the index of an option whose entry says P, or none when
//! the position has no option: the player to move has won). A certificate holds entries
//! of one play only.
//!
//! The certificate holds only what its claim needs: the prover starts from the root and
//! takes a witness for each claim, the smallest searches' first, and leaves out all the
//! search explored and the claim does not use. Positions are stored in canonical form, sums
//! by their parts.
//!
//! # What a check proves
//!
//! That the claim holds of the question the *checker's caller* asks: the game they give, the
//! position they name (a game's start, or another), the play they ask about. The file says
//! which question its claim is about, and the check refuses it unless that is the question
//! asked ([`CertificateError::OtherQuestion`]): a true certificate about a sub-board, the
//! poison square of Chomp alone, an empty board, or misère play answers another question,
//! and is not taken for an answer to this one. This is how proof checkers in other fields
//! are built: the checker reads the formula from its user, the proof from the prover.
//!
//! # What the check trusts
//!
//! The ruleset: its `moves` (every option, each listed), `components` (the parts' sum is the
//! position), `canonical` (the same game), `grundy_bound` (a true bound), `check_position`
//! (the positions of the game), and that the game ends (for misère play, `moves` alone).
//! Nothing else: not the solver, its tables or its closed forms
//! ([`known_grundy`](crate::ImpartialGame::known_grundy) is not asked; a part the search
//! valued by a closed form is shown from its options like any other), and nothing of the
//! file but its claims. The check reads the ruleset's name (its `Debug` form) and refuses a
//! certificate of another.
//!
//! # The file
//!
//! Little-endian; a *number* is unsigned LEB128 (seven bits a byte, low first, the high bit
//! set on every byte but the last); a *string* is a number, then that many bytes.
//!
//! ```text
//! magic     16 bytes  "impartial proof\0"
//! version   u32       3 for normal play, 4 for misère play
//! length    u64       the bytes of the whole certificate, these and the checksum included
//! ruleset   string    UTF-8: the ruleset as `Debug` writes it
//! root      string    the position, as `StoredPosition::write_to` writes it
//! claim     byte      version 3: 0 outcome P, 1 outcome N, 2 a value: then the value, a number
//!                     version 4: 3 misère outcome P, 4 misère outcome N
//! count     number    positions besides the root
//! each position:
//!   position  string
//!   kind      byte    version 3: 0 a value, 1 values it is not; version 4: 2 P, 3 N
//!   value:    v, a number; then v numbers: for each j < v, the index of an option of value j
//!   not:      n, a number; then n pairs of numbers (k, w), k increasing:
//!             w = 0 for "k is above the bound", w = i + 1 for "option i has value k"
//!   P:        nothing more
//!   N:        w, a number: 0 for "no option", i + 1 for "option i is P"
//! crc32     u32       CRC-32 (IEEE) of every byte before it
//! ```
//!
//! An option's index is its place in the order the ruleset's `moves` lists them, from 0.
//! Read, every position must write back as the same bytes, so each has one writing.
//!
//! # Checking a claim without this crate
//!
//! The checker is [`check.rs`](https://docs.rs/crate/impartial/latest/source/src/certificate/check.rs),
//! about 330 lines of code with its threads; written again in any language over the same
//! rules, it is:
//!
//! ```text
//! read the file; refuse it unless magic, version, length, CRC-32 and ruleset are right
//! refuse it unless its root and play are the question asked
//! claims = map from each position (in canonical form, each once) to its entry
//! is_p(parts, k):            # is the sum of parts plus *k a P-position?
//!     t = k; unknown = []
//!     for p in parts: if claims[p] is a value v: t ^= v
//!                     else: toggle p in unknown           # G + G = 0
//!     if unknown is empty: return t == 0
//!     if unknown is [p] and claims[p] says "not t": return false
//!     fail "the claims do not tell"
//! for each position x and its entry:
//!     options = [canonical parts of o for o in moves(x)]
//!     value v, below:  is_p(options[below[j]], j) for each j < v,
//!                      and not is_p(o, v) for each option o
//!     not (k, w):      w = option i: is_p(options[i], k)
//!                      w = bound:    k > min(len(options), grundy_bound(x))
//! the root's claim: is_p(parts(root), 0) is "P", or is_p(parts(root), v) for value v
//!
//! misère play (version 4), positions whole and as moves lists them:
//!     P:            moves(x) is not empty, and claims[o] is N for each o in moves(x)
//!     N, option i:  claims[moves(x)[i]] is P
//!     N, no option: moves(x) is empty
//! the root's claim: claims[root]
//! ```
//!
//! Each claim is checked against the claims of parts of its options, which have shorter
//! longest plays: if every claim passes, by induction on that length, every claim holds.

mod check;
mod error;
mod format;

pub(crate) use check::{Parts, parts, xor_rule};
pub use error::CertificateError;
pub use format::{Certificate, Claim, Entry, Witness, read_bytes, ruleset_of};
