//! `impartial prove` and `impartial check`: a search game's answer with a certificate, and
//! the certificate checked by the library's checker, which shares nothing with the search
//! but the ruleset.

use std::fmt::Debug;
use std::path::Path;
use std::time::Instant;

use impartial::certificate::{Certificate, ruleset_of};
use impartial::chomp::Chomp;
use impartial::cram::Cram;
use impartial::node_kayles::NodeKayles;
use impartial::poset::PosetGame;
use impartial::sprouts::{Sprouts, SproutsPosition};
use impartial::{ImpartialGame, Solver, StoredPosition};

use crate::args::{ProofArguments, ProveGame};
use crate::failure::Failure;

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
    G: ImpartialGame + Debug + Clone + Sync,
    G::Position: StoredPosition + Send + Sync,
{
    let mut solver = Solver::new(game.clone()).with_threads(proof.threads as usize);
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
    println!("# {game:?}, from {root:?}");
    println!("{}", certificate.claim());
    println!(
        "# certificate {}: {} positions, {bytes} bytes",
        proof.output.display(),
        certificate.positions(),
    );
    println!("# searched in {searched:.3} s, then proved in {proved:.3} s");
    Ok(())
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

/// Checks the certificate at `path` on `threads` threads (0 for one a core).
pub fn check(path: &Path, threads: u32) -> Result<(), Failure> {
    let bytes = std::fs::read(path)
        .map_err(|error| format!("could not read {}: {error}", path.display()))?;
    let refused = |error: &dyn std::fmt::Display| format!("{}: refused: {error}", path.display());
    let name = ruleset_of(&bytes).map_err(|error| refused(&error))?;
    let Some(game) = SearchGame::from_name(&name) else {
        return Err(refused(&format!(
            "it is a certificate of {name}, a ruleset this command line does not rebuild: \
             check it with the library (Certificate::load(&game, path)?.check(&game))"
        ))
        .into());
    };
    let threads = threads as usize;
    match game {
        SearchGame::Cram(game) => confirm(&game, bytes, threads),
        SearchGame::Chomp(game) => confirm(&game, bytes, threads),
        SearchGame::NodeKayles(game) => confirm(&game, bytes, threads),
        SearchGame::Poset(game) => confirm(&game, bytes, threads),
        SearchGame::Sprouts => confirm(&Sprouts, bytes, threads),
    }
    .map_err(|error| refused(&error).into())
}

fn confirm<G>(game: &G, bytes: Vec<u8>, threads: usize) -> Result<(), String>
where
    G: ImpartialGame + Debug + Sync,
    G::Position: StoredPosition + Sync,
{
    let started = Instant::now();
    let certificate = Certificate::from_bytes(game, &bytes).map_err(|error| error.to_string())?;
    // The file is read: its bytes are not held through the check (Cram 5 × 9's are 65 MB
    // of its 540).
    drop(bytes);
    let claim = certificate
        .check_with_threads(game, threads)
        .map_err(|error| error.to_string())?;
    println!("# {game:?}, from {:?}", certificate.root());
    println!("{claim}: confirmed");
    println!(
        "# {} positions checked in {:.3} s",
        certificate.positions(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
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
