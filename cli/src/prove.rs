//! `impartial prove` and `impartial check`: a search game's answer with a certificate, and
//! the certificate checked by the library's checker, which shares nothing with the search
//! but the ruleset.

use std::path::Path;
use std::time::Instant;

use impartial::certificate::{Certificate, read_bytes, ruleset_of};
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::poset::PosetGame;
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::{Play, Solver, StoredPosition};

use crate::args::{ProofArguments, ProveGame};
use crate::failure::{Failure, say};
use crate::notation::{self, Notation};

/// Proves the answer `game` asks for and writes its certificate.
pub fn execute(game: &ProveGame) -> Result<(), Failure> {
    let bad = |error: &dyn std::fmt::Display| Failure {
        message: error.to_string(),
        code: 2,
    };
    match game {
        ProveGame::Cram { size, proof } => {
            let game = Cram::new(size.columns, size.rows).map_err(|error| bad(&error))?;
            prove(&game, &game.start(), proof)
        }
        ProveGame::Chomp { size, proof } => {
            let game = Chomp::new(size.rows, size.columns).map_err(|error| bad(&error))?;
            prove(&game, &game.start(), proof)
        }
        ProveGame::NodeKayles { size, proof } => {
            let (columns, rows) = (size.columns as usize, size.rows as usize);
            let game = NodeKayles::grid(columns, rows).map_err(|error| bad(&error))?;
            prove(&game, &game.start(), proof)
        }
        ProveGame::Poset {
            elements,
            relation,
            proof,
        } => {
            let game = PosetGame::new(*elements, &relation.0).map_err(|error| bad(&error))?;
            prove(&game, &game.start(), proof)
        }
        ProveGame::Sprouts { spots, proof } => {
            let start = SproutsPosition::start(*spots).map_err(|error| bad(&error))?;
            prove(&Sprouts, &start, proof)
        }
    }
}

fn prove<G>(game: &G, root: &G::Position, proof: &ProofArguments) -> Result<(), Failure>
where
    G: Notation + Clone,
    G::Position: StoredPosition + Send + Sync,
{
    let mut solver = Solver::new(game.clone())
        .with_threads(proof.threads as usize)
        .map_err(|error| format!("could not set the threads: {error}"))?;
    let fail = |error: impartial::SolveError<G::Position>| format!("could not prove it: {error}");
    // The search first, on its threads; the proof then asks it for witnesses, which it
    // answers from what it learnt.
    let started = Instant::now();
    if proof.misere {
        solver.misere().outcome(root).map_err(fail)?;
    } else if proof.value {
        solver.grundy(root).map_err(fail)?;
    } else {
        solver.outcome(root).map_err(fail)?;
    }
    let searched = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let certificate = if proof.misere {
        solver.misere().prove_outcome(root)
    } else if proof.value {
        solver.prove_grundy(root)
    } else {
        solver.prove_outcome(root)
    }
    .map_err(fail)?;
    let proved = started.elapsed().as_secs_f64();
    certificate
        .save(&proof.output)
        .map_err(|error| error.to_string())?;
    let bytes = std::fs::metadata(&proof.output).map_or(0, |file| file.len());
    say(format!("# {}, from {}", game.title(), game.describe(root)))?;
    say(certificate.claim())?;
    say(format!(
        "# certificate {}: {} positions, {bytes} bytes",
        proof.output.display(),
        certificate.positions(),
    ))?;
    say(format!(
        "# searched in {searched:.3} s, then proved in {proved:.3} s"
    ))
}

/// The search games whose rulesets a certificate's name rebuilds.
enum SearchGame {
    Cram(Cram),
    Chomp(Chomp),
    NodeKayles(NodeKayles),
    Poset(PosetGame),
    Sprouts,
}

impl SearchGame {
    /// The ruleset whose `Debug` form is `name`, if it is one of the search games'.
    fn from_name(name: &str) -> Option<SearchGame> {
        let numbers = |text: &str| -> Vec<usize> {
            text.split(|c: char| !c.is_ascii_digit())
                .filter_map(|digits| digits.parse().ok())
                .collect()
        };
        let game = if name == "Sprouts" {
            SearchGame::Sprouts
        } else if name.starts_with("Cram {") {
            let [width, height] = numbers(name)[..] else {
                return None;
            };
            SearchGame::Cram(Cram::new(width as u32, height as u32).ok()?)
        } else if name.starts_with("Chomp {") {
            let [rows, columns] = numbers(name)[..] else {
                return None;
            };
            SearchGame::Chomp(Chomp::new(rows as u32, columns as u32).ok()?)
        } else if name.starts_with("NodeKayles {") {
            // The name lists the vertices, the edges and how many symmetries the canonical
            // forms use: a graph of its edges alone, or a path, a cycle or a grid with theirs.
            let numbers = numbers(name);
            let (&vertices, rest) = numbers.split_first()?;
            let (_, edges) = rest.split_last()?;
            let edges: Vec<(usize, usize)> = edges
                .chunks_exact(2)
                .map(|pair| (pair[0], pair[1]))
                .collect();
            let shapes = (1..=vertices).filter(|columns| vertices % columns == 0);
            let candidates = [
                NodeKayles::new(vertices, &edges),
                NodeKayles::path(vertices),
                NodeKayles::cycle(vertices),
            ]
            .into_iter()
            .chain(shapes.map(|columns| NodeKayles::grid(columns, vertices / columns)));
            let game = candidates
                .filter_map(Result::ok)
                .find(|graph| format!("{graph:?}") == name)?;
            SearchGame::NodeKayles(game)
        } else if name.starts_with("PosetGame { up: [") {
            // Each element's set of those at or above it gives the order back.
            let ups = name.split("up: [").nth(1)?.split(']').next()?;
            let ups: Vec<u128> = ups
                .split(", ")
                .map(|set| set.parse().ok())
                .collect::<Option<_>>()?;
            let relation: Vec<(usize, usize)> = (0..ups.len())
                .flat_map(|low| (0..ups.len()).map(move |high| (low, high)))
                .filter(|&(low, high)| low != high && ups[low] >> high & 1 == 1)
                .collect();
            SearchGame::Poset(PosetGame::new(ups.len(), &relation).ok()?)
        } else {
            return None;
        };
        // Rebuilt, the ruleset must be the one named, or it is none of these.
        (game.name() == name).then_some(game)
    }

    fn name(&self) -> String {
        match self {
            SearchGame::Cram(game) => format!("{game:?}"),
            SearchGame::Chomp(game) => format!("{game:?}"),
            SearchGame::NodeKayles(game) => format!("{game:?}"),
            SearchGame::Poset(game) => format!("{game:?}"),
            SearchGame::Sprouts => format!("{Sprouts:?}"),
        }
    }
}

/// The question `impartial check` asks of a certificate: the position (in the game's
/// notation; the game's start unless given) and the play.
pub struct Question<'a> {
    pub position: Option<&'a str>,
    pub misere: bool,
}

/// Checks that the certificate at `path` answers `question` — in the game its ruleset names,
/// from the position asked, in the play asked — on `threads` threads (0 for one a core), and
/// says what it confirmed in the game's notation.
pub fn check(path: &Path, question: &Question<'_>, threads: u32) -> Result<(), Failure> {
    let refused = |error: &dyn std::fmt::Display| format!("{}: refused: {error}", path.display());
    let bytes = read_bytes(path).map_err(|error| match error {
        impartial::certificate::CertificateError::Io { .. } => error.to_string(),
        other => refused(&other),
    })?;
    let name = ruleset_of(&bytes).map_err(|error| refused(&error))?;
    let Some(game) = SearchGame::from_name(&name) else {
        return Err(refused(&format!(
            "it is a certificate of {name}, a ruleset this command line does not rebuild: \
             check it with the library (Certificate::load(&game, path)?.check(&game, position, play))"
        ))
        .into());
    };
    let threads = threads as usize;
    match game {
        SearchGame::Cram(game) => confirm(&game, bytes, question, threads),
        SearchGame::Chomp(game) => confirm(&game, bytes, question, threads),
        SearchGame::NodeKayles(game) => confirm(&game, bytes, question, threads),
        SearchGame::Poset(game) => confirm(&game, bytes, question, threads),
        SearchGame::Sprouts => confirm(&Sprouts, bytes, question, threads),
    }
    .map_err(|error| match error {
        Refusal::Refused(error) => refused(&error).into(),
        Refusal::Failed(failure) => failure,
    })
}

/// Why a check did not confirm: the certificate refused, or the answer not written.
enum Refusal {
    Refused(String),
    Failed(Failure),
}

fn confirm<G>(
    game: &G,
    bytes: Vec<u8>,
    question: &Question<'_>,
    threads: usize,
) -> Result<(), Refusal>
where
    G: Notation,
    G::Position: StoredPosition + Sync,
{
    let refuse = |error: &dyn std::fmt::Display| Refusal::Refused(error.to_string());
    let started = Instant::now();
    let certificate = Certificate::from_bytes(game, &bytes).map_err(|error| refuse(&error))?;
    // The file is read: its bytes are not held through the check (Cram 5 × 9's are 65 MB
    // of its 540).
    drop(bytes);
    let root = certificate.root();
    let asked = notation::asked(game, question.position, root).map_err(|error| refuse(&error))?;
    let play = if question.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let proved = if certificate.claim().is_misere() {
        Play::Misere
    } else {
        Play::Normal
    };
    let in_play = |play| match play {
        Play::Normal => "",
        Play::Misere => " in misère play",
    };
    // The question in the game's notation; the library refuses it too, by `Debug` forms.
    if asked != *root || play != proved {
        return Err(refuse(&format!(
            "the certificate is about {}{}, not {}{}",
            game.describe(root),
            in_play(proved),
            game.describe(&asked),
            in_play(play)
        )));
    }
    let claim = certificate
        .check_with_threads(game, &asked, play, threads)
        .map_err(|error| refuse(&error))?;
    let written = say(format!(
        "# {}, from {}",
        game.title(),
        game.describe(&asked)
    ))
    .and_then(|()| say(format!("{claim}: confirmed")))
    .and_then(|()| {
        say(format!(
            "# {} positions checked in {:.3} s",
            certificate.positions(),
            started.elapsed().as_secs_f64()
        ))
    });
    written.map_err(Refusal::Failed)
}

#[cfg(test)]
mod tests {
    use super::SearchGame;
    use impartial::node_kayles::NodeKayles;

    /// Every Node Kayles graph the library makes is rebuilt from its name, with the
    /// symmetries its canonical forms use; a name that matches no graph is refused.
    #[test]
    fn node_kayles_graphs_are_rebuilt_from_their_names() {
        let graphs = [
            NodeKayles::new(4, &[(0, 1), (1, 2), (3, 0)]).unwrap(),
            NodeKayles::new(3, &[]).unwrap(),
            NodeKayles::path(5).unwrap(),
            NodeKayles::cycle(6).unwrap(),
            NodeKayles::grid(3, 2).unwrap(),
            NodeKayles::grid(8, 8).unwrap(),
        ];
        for graph in graphs {
            let name = format!("{graph:?}");
            let rebuilt = SearchGame::from_name(&name).expect("rebuilt");
            assert_eq!(rebuilt.name(), name);
        }
        let path = format!("{:?}", NodeKayles::path(5).unwrap());
        let forged = path.replace("symmetries: 2", "symmetries: 3");
        assert!(SearchGame::from_name(&forged).is_none());
    }
}
