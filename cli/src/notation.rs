//! The search games' positions as people write them: read from `--position`, and written in
//! what `prove` and `check` print — a Cram board drawn in rows, Chomp's row lengths, the
//! vertices or elements in play, Sprouts in its notation.

use std::fmt::Debug;

use impartial::chomp::{Chomp, ChompPosition};
use impartial::cram::{Cram, CramPosition};
use impartial::node_kayles::{NodeKayles, NodeKaylesPosition};
use impartial::poset::{PosetGame, PosetPosition};
use impartial::sprouts::{MAX_SPOTS, Sprouts, SproutsPosition};
use impartial::{ImpartialGame, StoredPosition};

/// A search game with a notation for its positions.
pub trait Notation: ImpartialGame + Debug + Sync
where
    Self::Position: StoredPosition + Sync,
{
    /// The game in words: "Cram on the 4 × 3 board".
    fn title(&self) -> String;

    /// The start a question is about when no position is named: the game's own; for
    /// Sprouts, whose starts differ in their spots, `root` if it is one.
    fn start_for(&self, root: &Self::Position) -> Option<Self::Position>;

    /// The position `text` writes.
    fn read(&self, text: &str) -> Result<Self::Position, String>;

    /// `position` in words and the game's notation; several lines for a board.
    fn describe(&self, position: &Self::Position) -> String;
}

/// The numbers of `text`, separated by commas or spaces.
fn numbers<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse()
                .map_err(|_| format!("{word:?} is not a number"))
        })
        .collect()
}

/// The members `text` lists (`0,2,5`), as bits: each below `count`, else an error that the
/// `whole` (a graph, a poset) has no such `member`.
fn members(text: &str, count: usize, whole: &str, member: &str) -> Result<u128, String> {
    numbers::<usize>(text)?
        .into_iter()
        .try_fold(0u128, |bits, at| {
            if at >= count {
                return Err(format!("the {whole} has no {member} {at}"));
            }
            Ok(bits | 1 << at)
        })
}

/// The set bits of `bits`, ascending, as a list.
fn listed(bits: u128) -> String {
    let members: Vec<String> = (0..128)
        .filter(|bit| bits >> bit & 1 == 1)
        .map(|bit: u32| bit.to_string())
        .collect();
    members.join(", ")
}

impl Notation for Cram {
    fn title(&self) -> String {
        format!("Cram on the {} × {} board", self.width(), self.height())
    }

    fn start_for(&self, _: &CramPosition) -> Option<CramPosition> {
        Some(self.start())
    }

    /// Rows of `.` (free) and `#` (covered), separated by `/` or new lines, from the top
    /// row; or the free cells as a number (`0x…` in hexadecimal).
    fn read(&self, text: &str) -> Result<CramPosition, String> {
        let text = text.trim();
        let free = if let Some(hexadecimal) = text.strip_prefix("0x") {
            u64::from_str_radix(hexadecimal, 16).map_err(|error| error.to_string())?
        } else if text.bytes().all(|byte| byte.is_ascii_digit()) {
            text.parse::<u64>().map_err(|error| error.to_string())?
        } else {
            let rows: Vec<&str> = text
                .split(['/', '\n'])
                .map(str::trim)
                .filter(|row| !row.is_empty())
                .collect();
            if rows.len() != self.height() as usize {
                return Err(format!(
                    "{} rows drawn, and the board has {}",
                    rows.len(),
                    self.height()
                ));
            }
            let mut free = 0u64;
            for (row, cells) in (0u32..).zip(&rows) {
                if cells.chars().count() != self.width() as usize {
                    return Err(format!(
                        "row {row} ({cells:?}) has {} cells, and the board {}",
                        cells.chars().count(),
                        self.width()
                    ));
                }
                for (column, cell) in (0u32..).zip(cells.chars()) {
                    match cell {
                        '.' => free |= self.cell(row, column).unwrap_or(0),
                        '#' => {}
                        other => {
                            return Err(format!("{other:?} is neither . (free) nor # (covered)"));
                        }
                    }
                }
            }
            free
        };
        self.position(free).map_err(|error| error.to_string())
    }

    /// The rows on one line, separated by `/`, as `--position` reads them.
    fn describe(&self, position: &CramPosition) -> String {
        let picture = self.display(*position).to_string();
        let rows = picture.trim_end().replace('\n', "/");
        if *position == Cram::start(self) {
            format!("the empty board {rows}")
        } else {
            format!("the board {rows} (. free, # covered)")
        }
    }
}

impl Notation for Chomp {
    fn title(&self) -> String {
        format!("Chomp on the {} × {} bar", self.rows(), self.columns())
    }

    fn start_for(&self, _: &ChompPosition) -> Option<ChompPosition> {
        Some(self.start())
    }

    /// The rows' lengths from the poisoned row down, e.g. `5 3 1` or `5,3,1`.
    fn read(&self, text: &str) -> Result<ChompPosition, String> {
        self.diagram(&numbers(text)?)
            .map_err(|error| error.to_string())
    }

    fn describe(&self, position: &ChompPosition) -> String {
        if *position == Chomp::start(self) {
            format!("the whole bar (rows {position})")
        } else {
            format!("rows {position}")
        }
    }
}

impl Notation for NodeKayles {
    fn title(&self) -> String {
        format!(
            "Node Kayles on a graph of {} vertices and {} edges",
            self.vertices(),
            self.edges().count()
        )
    }

    fn start_for(&self, _: &NodeKaylesPosition) -> Option<NodeKaylesPosition> {
        Some(self.start())
    }

    /// The vertices in play, e.g. `0,1,5`.
    fn read(&self, text: &str) -> Result<NodeKaylesPosition, String> {
        let bits = members(text, self.vertices(), "graph", "vertex")?;
        self.position(bits).map_err(|error| error.to_string())
    }

    fn describe(&self, position: &NodeKaylesPosition) -> String {
        if *position == NodeKayles::start(self) {
            "every vertex in play".into()
        } else {
            format!("vertices {{{}}} in play", listed(position.bits()))
        }
    }
}

impl Notation for PosetGame {
    fn title(&self) -> String {
        format!("the poset game of {} elements", self.elements())
    }

    fn start_for(&self, _: &PosetPosition) -> Option<PosetPosition> {
        Some(self.start())
    }

    /// The elements left, e.g. `0,2,3`.
    fn read(&self, text: &str) -> Result<PosetPosition, String> {
        let bits = members(text, self.elements(), "poset", "element")?;
        self.position(bits).map_err(|error| error.to_string())
    }

    fn describe(&self, position: &PosetPosition) -> String {
        if *position == PosetGame::start(self) {
            "every element".into()
        } else {
            format!("elements {{{}}}", listed(position.bits()))
        }
    }
}

/// The spots of `position` if it is a start (spots, no line drawn).
fn start_spots(position: &SproutsPosition) -> Option<usize> {
    (0..=MAX_SPOTS)
        .find(|&spots| SproutsPosition::start(spots).is_ok_and(|start| start == *position))
}

impl Notation for Sprouts {
    fn title(&self) -> String {
        "Sprouts".into()
    }

    fn start_for(&self, root: &SproutsPosition) -> Option<SproutsPosition> {
        start_spots(root).map(|_| root.clone())
    }

    /// A number of spots (the start), or a position in the notation of Lemoine and
    /// Viennot's Glop, e.g. `0.0.AB.}]!`.
    fn read(&self, text: &str) -> Result<SproutsPosition, String> {
        let text = text.trim();
        match text.parse::<usize>() {
            Ok(spots) => SproutsPosition::start(spots),
            Err(_) => text.parse(),
        }
        .map_err(|error| error.to_string())
    }

    fn describe(&self, position: &SproutsPosition) -> String {
        match start_spots(position) {
            Some(spots) => format!("the start of {spots} spots ({position})"),
            None => position.to_string(),
        }
    }
}

/// The position a question is about: `text` if given, else the game's start — for Sprouts,
/// whose starts differ in their spots, the certificate's own root if that is a start.
pub fn asked<G>(game: &G, text: Option<&str>, root: &G::Position) -> Result<G::Position, String>
where
    G: Notation,
    G::Position: StoredPosition + Sync,
{
    match text {
        Some(text) => game
            .read(text)
            .map_err(|error| format!("--position {text:?}: {error}")),
        None => game.start_for(root).ok_or_else(|| {
            format!(
                "the certificate is about {}, which is no start: name the position it answers \
                 with --position",
                game.describe(root)
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a position describes as reads back as that position, in every game.
    #[test]
    fn positions_read_back_as_described() {
        let cram = Cram::new(4, 3).unwrap();
        let position = cram.position(0b0110_1111_1001).unwrap();
        let picture = cram.display(position).to_string();
        assert_eq!(cram.read(&picture).unwrap(), position);
        assert_eq!(cram.read(&picture.replace('\n', "/")).unwrap(), position);
        assert_eq!(cram.read("0x69f").unwrap(), cram.position(0x69f).unwrap());
        assert!(cram.read("..../..../...").is_err());
        assert!(cram.read("....").is_err());
        let chomp = Chomp::new(3, 4).unwrap();
        assert_eq!(
            chomp.read("4 2 2").unwrap(),
            chomp.diagram(&[4, 2, 2]).unwrap()
        );
        assert!(chomp.read("2 4").is_err());
        let graph = NodeKayles::path(5).unwrap();
        assert_eq!(graph.read("0,4").unwrap().bits(), 0b10001);
        assert!(graph.read("5").is_err());
        assert_eq!(
            graph.describe(&graph.read("0,4").unwrap()),
            "vertices {0, 4} in play"
        );
        let start = Sprouts.read("7").unwrap();
        assert_eq!(
            Sprouts.describe(&start),
            "the start of 7 spots (0.0.0.0.0.0.0.}]!)"
        );
        assert_eq!(Sprouts.read("0.0.0.0.0.0.0.}]!").unwrap(), start);
    }
}
