//! Certificates from any bytes, sealed with the right magic, version (of normal or misère
//! play), ruleset and checksum so that the reader and the checker see them whole; and
//! genuine certificates of random Cram boards, in both plays, with their claims, values,
//! witnesses and positions changed. Never a panic; and a certificate the checker confirms
//! claims what the plain search answers: no forged certificate passes.
#![no_main]

use arbitrary::Arbitrary;
use impartial::certificate::{Certificate, Claim, Entry, Witness};
use impartial::cram::Cram;
use impartial::sprouts::Sprouts;
use impartial::{ImpartialGame, Nimber, Outcome, Play, Solver, StoredPosition};
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;

/// A varint, as the format writes counts and lengths.
fn varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

/// `body` (the root onward) sealed as a certificate of `game`: of version 4, misère play's,
/// if `misere`, else 3, its length and checksum right.
fn sealed(game: &impl Debug, misere: bool, body: &[u8]) -> Vec<u8> {
    let mut bytes = b"impartial proof\0".to_vec();
    let version: u32 = if misere { 4 } else { 3 };
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&0u64.to_le_bytes());
    let name = format!("{game:?}");
    varint(&mut bytes, name.len() as u64);
    bytes.extend_from_slice(name.as_bytes());
    bytes.extend_from_slice(body);
    let length = bytes.len() as u64 + 4;
    bytes[20..28].copy_from_slice(&length.to_le_bytes());
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// Reads and checks `body` as a certificate of `game`; if confirmed, the claim must be the
/// solver's, for a root `small` says the solver answers at once.
fn confirmed_only_if_true<G>(
    game: &G,
    misere: bool,
    body: &[u8],
    small: impl Fn(&G::Position) -> bool,
) where
    G: ImpartialGame + Debug + Clone + Sync,
    G::Position: StoredPosition + Sync,
{
    let Ok(certificate) = Certificate::from_bytes(game, &sealed(game, misere, body)) else {
        return;
    };
    // Asked of its own root and play: its claims checked. Asked of the other play, it
    // answers nothing.
    let (play, other) = if certificate.claim().is_misere() {
        (Play::Misere, Play::Normal)
    } else {
        (Play::Normal, Play::Misere)
    };
    let root = certificate.root();
    assert!(certificate.check(game, root, other).is_err());
    let one = certificate.check(game, root, play);
    let two = certificate.check_with_threads(game, root, play, 2);
    assert_eq!(one.as_ref().ok(), two.as_ref().ok());
    let Ok(claim) = one else {
        return;
    };
    if !small(certificate.root()) {
        return;
    }
    let mut plain = Solver::new(impartial::Whole(game.clone()));
    if let Claim::MisereOutcome(outcome) = claim {
        let expected = plain.misere().outcome(certificate.root()).unwrap();
        assert_eq!(outcome, expected, "misère {:?}", certificate.root());
        return;
    }
    let value = plain.grundy(certificate.root()).unwrap();
    match claim {
        Claim::Grundy(claimed) => assert_eq!(claimed, value, "{:?}", certificate.root()),
        Claim::Outcome(outcome) => {
            let expected = if value == Nimber::ZERO {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(outcome, expected, "{:?}", certificate.root());
        }
        Claim::MisereOutcome(_) => {}
    }
}

/// A change to a genuine certificate.
#[derive(Arbitrary, Debug)]
enum Edit {
    Claim(u8),
    Value {
        entry: u16,
        value: u8,
    },
    Below {
        entry: u16,
        at: u8,
        option: u8,
    },
    Not {
        entry: u16,
        at: u8,
        value: u8,
    },
    Witness {
        entry: u16,
        at: u8,
        option: Option<u8>,
    },
    Drop {
        entry: u16,
    },
    Swap {
        entry: u16,
        other: u16,
    },
    /// An entry made misère P, or N with no option or with option `to / 3`.
    Misere {
        entry: u16,
        to: u8,
    },
}

#[derive(Arbitrary, Debug)]
enum Input<'a> {
    Bytes {
        misere: bool,
        body: &'a [u8],
    },
    Forged {
        free: u16,
        value: bool,
        misere: bool,
        edits: Vec<Edit>,
    },
}

fn forge(game: &Cram, free: u16, (value, misere): (bool, bool), edits: &[Edit]) {
    let root = game.start().without(!u64::from(free));
    let mut solver = Solver::new(*game);
    let genuine = if misere {
        solver.misere().prove_outcome(root)
    } else if value {
        solver.prove_grundy(root)
    } else {
        solver.prove_outcome(root)
    };
    let genuine = genuine.unwrap();
    let mut claim = genuine.claim();
    let mut entries: Vec<(_, Entry)> = genuine
        .entries()
        .map(|(position, entry)| (*position, entry.clone()))
        .collect();
    for edit in edits {
        let count = entries.len().max(1);
        match *edit {
            Edit::Claim(to) => {
                claim = match to % 5 {
                    0 => Claim::Outcome(Outcome::P),
                    1 => Claim::Outcome(Outcome::N),
                    2 => Claim::MisereOutcome(Outcome::P),
                    3 => Claim::MisereOutcome(Outcome::N),
                    _ => Claim::Grundy(Nimber(u128::from(to / 5))),
                }
            }
            Edit::Drop { entry } if !entries.is_empty() => {
                entries.remove(usize::from(entry) % count);
            }
            Edit::Swap { entry, other } if !entries.is_empty() => {
                let (a, b) = (usize::from(entry) % count, usize::from(other) % count);
                let moved = entries[a].1.clone();
                entries[a].1 = entries[b].1.clone();
                entries[b].1 = moved;
            }
            _ if entries.is_empty() => {}
            Edit::Value { entry, value } => {
                if let Entry::Value { value: old, below } =
                    &mut entries[usize::from(entry) % count].1
                {
                    *old = u32::from(value % 8);
                    below.resize(*old as usize, 0);
                }
            }
            Edit::Below { entry, at, option } => {
                if let Entry::Value { below, .. } = &mut entries[usize::from(entry) % count].1 {
                    if !below.is_empty() {
                        let at = usize::from(at) % below.len();
                        below[at] = u32::from(option % 16);
                    }
                }
            }
            Edit::Not { entry, at, value } => {
                if let Entry::Not(values) = &mut entries[usize::from(entry) % count].1 {
                    let at = usize::from(at) % values.len();
                    values[at].0 = u32::from(value % 8);
                }
            }
            Edit::Witness { entry, at, option } => {
                if let Entry::Not(values) = &mut entries[usize::from(entry) % count].1 {
                    let at = usize::from(at) % values.len();
                    values[at].1 = option.map_or(Witness::AboveBound, |option| {
                        Witness::Option(u32::from(option % 16))
                    });
                }
            }
            Edit::Misere { entry, to } => {
                entries[usize::from(entry) % count].1 = match to % 3 {
                    0 => Entry::MisereP,
                    1 => Entry::MisereN(None),
                    _ => Entry::MisereN(Some(u32::from(to / 3 % 16))),
                };
            }
            Edit::Drop { .. } | Edit::Swap { .. } => {}
        }
    }
    let mut forged = Certificate::new(game, root, claim);
    for (position, entry) in entries {
        forged.push(position, entry);
    }
    // Through the bytes, as a forger hands it over; the checker reads what it reads.
    let mut body = forged.to_bytes();
    body.truncate(body.len() - 4);
    let header = 16 + 4 + 8 + 1 + format!("{game:?}").len();
    confirmed_only_if_true(game, claim.is_misere(), &body[header..], |_| true);
}

fuzz_target!(|input: Input<'_>| {
    let cram = Cram::new(4, 3).unwrap();
    match input {
        Input::Bytes { misere, body } => {
            confirmed_only_if_true(&cram, misere, body, |_| true);
            confirmed_only_if_true(&Sprouts, misere, body, |position| position.lives() <= 12);
        }
        Input::Forged {
            free,
            value,
            misere,
            edits,
        } => forge(&cram, free, (value, misere), &edits),
    }
});
