//! Node Kayles: players take turns picking a vertex of a graph, which removes it and its
//! neighbours; whoever cannot pick loses.
//!
//! On a path it is the octal game 0.137 (picking an end vertex removes two, any other
//! three — Dawson's Kayles one heap on), and on a graph of cliques it is Nim with heaps of
//! one; on general graphs deciding it is PSPACE-complete (Schaefer, *On the complexity of
//! some two-person perfect-information games*, J. Comput. Syst. Sci. 16 (1978)). A graph of
//! at most 128 vertices keeps a position ([`NodeKaylesPosition`]) in a `u128`, one bit a
//! vertex still in play; a move clears the bits of a vertex and its neighbours. The ruleset gives the solver:
//!
//! - [`components`](crate::Decompose::components): the vertices left fall into connected
//!   parts, and the position is the sum of them;
//! - [`canonical`](crate::Decompose::canonical): with symmetries given (checked to be
//!   automorphisms of the graph, and closed into the group they generate), the least image
//!   of a part under them, one entry of the solver's table for all;
//! - [`known_grundy`](ImpartialGame::known_grundy): vertices all joined to each other (a
//!   clique, one vertex included) are worth `*1` — any pick ends it;
//! - [`search_size`](crate::Decompose::search_size): the vertices left.
//!
//! ```
//! use impartial::node_kayles::NodeKayles;
//! use impartial::octal::OctalGame;
//! use impartial::{Outcome, Solver};
//!
//! // A 2 × 6 grid, with its four symmetries.
//! let game = NodeKayles::grid(6, 2)?;
//! let mut solver = Solver::new(game.clone());
//! match solver.winning_move(game.start())? {
//!     Some(after) => println!("pick vertex {:?}", game.picked(game.start(), after)),
//!     None => assert_eq!(solver.outcome(game.start())?, Outcome::P),
//! }
//! // A path of eight vertices is 0.137's heap of 8.
//! let path = NodeKayles::path(8)?;
//! let dawson: OctalGame = "0.137".parse()?;
//! let expected = dawson.values_up_to(8)?.get(8);
//! assert_eq!(Some(Solver::new(path.clone()).grundy(path.start())?), expected);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashSet, VecDeque};
use std::fmt;

use super::marked::Marked;
use crate::game::{Decompose, Decomposition};
use crate::game::{ImpartialGame, Nimber, PositionError, StoredPosition};
use crate::hash::fingerprint;

/// The most vertices of a graph: one bit each in a `u128`.
pub const MAX_VERTICES: usize = 128;

/// The most symmetries a graph keeps: applying them costs a pass over the vertices each, for
/// every part the solver looks up.
pub const MAX_SYMMETRIES: usize = 1024;

/// Node Kayles on a graph of at most [`MAX_VERTICES`] vertices; its positions are
/// [`NodeKaylesPosition`]s.
///
/// # Examples
///
/// ```
/// use impartial::node_kayles::NodeKayles;
/// use impartial::ImpartialGame;
///
/// // A triangle with a tail: 0–1, 1–2, 2–0, 2–3.
/// let game = NodeKayles::new(4, &[(0, 1), (1, 2), (2, 0), (2, 3)])?;
/// assert_eq!(game.start().bits(), 0b1111);
/// // Picking 2 removes everything; picking 3 leaves 0 and 1.
/// let options: Vec<u128> = game.moves(&game.start()).map(|after| after.bits()).collect();
/// assert_eq!(options, [0b1000, 0b1000, 0, 0b0011]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct NodeKayles {
    /// Each vertex with its neighbours: the vertices a pick of it removes.
    closed: Box<[u128]>,
    /// The fingerprint of `closed`, which the game's positions carry.
    fingerprint: u64,
    /// The symmetries other than the identity, as images of the vertices, closed under
    /// composition.
    symmetries: Box<[Box<[u8]>]>,
}

/// A position of [`NodeKayles`]: the vertices still in play, bit `v` for vertex `v`, and a
/// fingerprint of the graph they are vertices of. Made by [`NodeKayles::start`] and
/// [`NodeKayles::position`], which refuses bits past the graph, and by the moves; a position
/// of one graph is refused by the game of another
/// ([`check_position`](ImpartialGame::check_position)), whose vertices its bits are not.
///
/// # Examples
///
/// ```
/// use impartial::node_kayles::NodeKayles;
///
/// let path = NodeKayles::path(5)?;
/// let ends = path.position(0b10001)?;
/// assert_eq!((ends.bits(), ends.in_play()), (0b10001, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeKaylesPosition(Marked);

impl NodeKaylesPosition {
    /// The vertices in play, one bit each.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// assert_eq!(NodeKayles::cycle(4)?.start().bits(), 0b1111);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn bits(self) -> u128 {
        self.0.bits()
    }

    /// How many vertices are in play.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// assert_eq!(NodeKayles::grid(3, 3)?.start().in_play(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_play(self) -> u32 {
        self.bits().count_ones()
    }

    /// The position of `in_play` on the same graph.
    #[inline]
    fn with(self, in_play: u128) -> NodeKaylesPosition {
        NodeKaylesPosition(self.0.with(in_play))
    }
}

/// The vertices in play and the graph's fingerprint, in hexadecimal.
impl fmt::Debug for NodeKaylesPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "NodeKaylesPosition {{ in_play: {:#x}, graph: {:#018x} }}",
            self.bits(),
            self.0.mark()
        )
    }
}

/// The bits, as `{:b}` writes an integer's.
impl fmt::Binary for NodeKaylesPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.bits(), f)
    }
}

/// The graph's fingerprint, then the vertices in play: a table file or a certificate holds
/// positions of one graph, and the checker refuses one of another.
impl StoredPosition for NodeKaylesPosition {
    fn write_to(&self, bytes: &mut Vec<u8>) {
        self.0.write_to(bytes);
    }

    fn read_from(bytes: &[u8]) -> Option<Self> {
        Marked::read_from(bytes).map(NodeKaylesPosition)
    }
}

/// A Node Kayles graph or position that cannot be made.
///
/// # Examples
///
/// ```
/// use impartial::node_kayles::{NodeKayles, NodeKaylesError};
///
/// assert_eq!(
///     NodeKayles::new(3, &[(0, 3)]).unwrap_err(),
///     NodeKaylesError::InvalidEdge { from: 0, to: 3, vertices: 3 }
/// );
/// assert_eq!(
///     NodeKayles::path(129).unwrap_err().to_string(),
///     "a graph of 129 vertices: Node Kayles takes at most 128"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NodeKaylesError {
    /// More vertices than a position holds.
    #[error("a graph of {vertices} vertices: Node Kayles takes at most {most}")]
    TooManyVertices {
        /// The vertices asked for.
        vertices: usize,
        /// [`MAX_VERTICES`].
        most: usize,
    },
    /// An edge names a vertex the graph does not have, or joins a vertex to itself.
    #[error("edge {from}–{to} is not an edge of a graph on vertices 0 to {vertices} − 1")]
    InvalidEdge {
        /// One end of the edge.
        from: usize,
        /// The other end.
        to: usize,
        /// The vertices of the graph.
        vertices: usize,
    },
    /// A permutation given as a symmetry is not one: not a permutation of the vertices, or
    /// it does not map edges onto edges; or together they generate too many.
    #[error("symmetry {index} is not an automorphism of the graph: {reason}")]
    NotASymmetry {
        /// Its place in the list given.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Vertices in play past the graph.
    #[error("bits {bits:#x} are past the graph's vertices")]
    OffGraph {
        /// The bits past the graph.
        bits: u128,
    },
}

impl fmt::Debug for NodeKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NodeKayles")
            .field("vertices", &self.vertices())
            .field("edges", &self.edges().collect::<Vec<_>>())
            .field("symmetries", &(self.symmetries.len() + 1))
            .finish_non_exhaustive()
    }
}

impl NodeKayles {
    /// The game on the graph of `vertices` vertices, numbered from 0, and `edges` (each
    /// pair once or more, in either order).
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::TooManyVertices`] for more than [`MAX_VERTICES`] vertices,
    /// [`NodeKaylesError::InvalidEdge`] for an edge naming a vertex the graph does not have
    /// or joining a vertex to itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// assert!(NodeKayles::new(3, &[(0, 1), (1, 2)]).is_ok());
    /// assert!(NodeKayles::new(3, &[(0, 3)]).is_err());
    /// assert!(NodeKayles::new(3, &[(1, 1)]).is_err());
    /// assert!(NodeKayles::new(129, &[]).is_err());
    /// ```
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<Self, NodeKaylesError> {
        check_vertices(vertices)?;
        let mut closed: Box<[u128]> = (0..vertices).map(|vertex| 1u128 << vertex).collect();
        for &(from, to) in edges {
            if from >= vertices || to >= vertices || from == to {
                return Err(NodeKaylesError::InvalidEdge { from, to, vertices });
            }
            closed[from] |= 1 << to;
            closed[to] |= 1 << from;
        }
        Ok(NodeKayles {
            fingerprint: fingerprint(closed.iter().copied()),
            closed,
            symmetries: Box::new([]),
        })
    }

    /// The path on `vertices` vertices, `0 – 1 – … – (vertices − 1)`, with its mirror
    /// image as a symmetry.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::TooManyVertices`] for more than [`MAX_VERTICES`] vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    /// use impartial::ImpartialGame;
    ///
    /// let path = NodeKayles::path(5)?;
    /// // Picking the middle vertex leaves the two ends, apart.
    /// assert!(path.moves(&path.start()).any(|after| after.bits() == 0b10001));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path(vertices: usize) -> Result<Self, NodeKaylesError> {
        check_vertices(vertices)?;
        let edges: Vec<_> = (1..vertices).map(|vertex| (vertex - 1, vertex)).collect();
        let mirror: Vec<usize> = (0..vertices).rev().collect();
        Self::new(vertices, &edges)?.with_symmetries(&[mirror])
    }

    /// The cycle on `vertices` vertices, with its turns and mirror images as symmetries;
    /// fewer than three vertices make the path on them (a cycle needs three).
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::TooManyVertices`] for more than [`MAX_VERTICES`] vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    /// use impartial::{Nimber, Solver};
    ///
    /// // Any first pick on a cycle of ten leaves a path of seven.
    /// let cycle = NodeKayles::cycle(10)?;
    /// let path = NodeKayles::path(7)?;
    /// let after = Solver::new(path.clone()).grundy(path.start())?;
    /// let expected = if after == Nimber::ZERO { Nimber(1) } else { Nimber::ZERO };
    /// assert_eq!(Solver::new(cycle.clone()).grundy(cycle.start())?, expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cycle(vertices: usize) -> Result<Self, NodeKaylesError> {
        check_vertices(vertices)?;
        if vertices < 3 {
            return Self::path(vertices);
        }
        let edges: Vec<_> = (0..vertices)
            .map(|vertex| (vertex, (vertex + 1) % vertices))
            .collect();
        let turn: Vec<usize> = (0..vertices).map(|v| (v + 1) % vertices).collect();
        let mirror: Vec<usize> = (0..vertices).map(|v| (vertices - v) % vertices).collect();
        Self::new(vertices, &edges)?.with_symmetries(&[turn, mirror])
    }

    /// The grid graph of `columns` × `rows` vertices (vertex `row · columns + column`,
    /// joined to the vertices beside, above and below it), with the symmetries of its
    /// rectangle: four, or eight on a square.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::TooManyVertices`] for more than [`MAX_VERTICES`] vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    /// use impartial::{Outcome, Solver};
    ///
    /// let grid = NodeKayles::grid(4, 2)?;
    /// assert_eq!(grid.vertices(), 8);
    /// // Each of the 8 vertices joined to those beside it: 4 + 4 − 2 across, 4 down.
    /// assert_eq!(grid.edges().count(), 10);
    /// assert_eq!(Solver::new(grid.clone()).outcome(grid.start())?, Outcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(columns: usize, rows: usize) -> Result<Self, NodeKaylesError> {
        let vertices = columns.saturating_mul(rows);
        check_vertices(vertices)?;
        let at = |row: usize, column: usize| row * columns + column;
        let mut edges = Vec::new();
        for row in 0..rows {
            for column in 0..columns {
                if column + 1 < columns {
                    edges.push((at(row, column), at(row, column + 1)));
                }
                if row + 1 < rows {
                    edges.push((at(row, column), at(row + 1, column)));
                }
            }
        }
        let image = |map: &dyn Fn(usize, usize) -> usize| -> Vec<usize> {
            (0..vertices)
                .map(|vertex| map(vertex / columns, vertex % columns))
                .collect()
        };
        let mut symmetries = vec![
            image(&|row, column| at(row, columns - 1 - column)),
            image(&|row, column| at(rows - 1 - row, column)),
        ];
        if rows == columns {
            symmetries.push(image(&|row, column| at(column, row)));
        }
        Self::new(vertices, &edges)?.with_symmetries(&symmetries)
    }

    /// The game with `symmetries` — each a permutation of the vertices, `permutation[v]`
    /// the image of `v` — and every symmetry they generate: a part of a position and its
    /// images are then one entry of the solver's table. Each is checked to map edges onto
    /// edges, so that a wrong one is an error, never a wrong value.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::NotASymmetry`] naming the first permutation that is not one of the
    /// vertices or does not map every edge onto an edge, or (`index` the list's length)
    /// when together they generate more than [`MAX_SYMMETRIES`].
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    /// use impartial::Decompose;
    ///
    /// // A star: vertex 0 joined to 1, 2 and 3; any two leaves may swap.
    /// let star = NodeKayles::new(4, &[(0, 1), (0, 2), (0, 3)])?;
    /// let star = star.with_symmetries(&[vec![0, 2, 1, 3], vec![0, 1, 3, 2]])?;
    /// let leaf = star.position(0b1000)?;
    /// assert_eq!(star.canonical(&leaf), Some(star.position(0b0010)?));
    /// // Swapping the centre with a leaf maps edge 0–2 onto 1–2, which is none.
    /// assert!(star.with_symmetries(&[vec![1, 0, 2, 3]]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_symmetries(mut self, symmetries: &[Vec<usize>]) -> Result<Self, NodeKaylesError> {
        let vertices = self.vertices();
        let mut generators: Vec<Box<[u8]>> = self.symmetries.to_vec();
        for (index, permutation) in symmetries.iter().enumerate() {
            let not_one = |reason| NodeKaylesError::NotASymmetry { index, reason };
            if permutation.len() != vertices {
                return Err(not_one("it does not name an image for each vertex"));
            }
            let mut seen = 0u128;
            for &image in permutation {
                if image >= vertices || seen & 1 << image != 0 {
                    return Err(not_one("it is not a permutation of the vertices"));
                }
                seen |= 1 << image;
            }
            let images: Box<[u8]> = permutation.iter().map(|&image| image as u8).collect();
            if (0..vertices).any(|vertex| {
                image_of(&images, self.closed[vertex]) != self.closed[usize::from(images[vertex])]
            }) {
                return Err(not_one("it maps an edge onto two vertices not joined"));
            }
            generators.push(images);
        }
        self.symmetries =
            close_group(vertices, &generators).ok_or(NodeKaylesError::NotASymmetry {
                index: symmetries.len(),
                reason: "together they generate more than 1 024 symmetries",
            })?;
        Ok(self)
    }

    /// The vertices of the graph.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// assert_eq!(NodeKayles::grid(3, 2)?.vertices(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn vertices(&self) -> usize {
        self.closed.len()
    }

    /// The start: every vertex in play.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// assert_eq!(NodeKayles::path(3)?.start().bits(), 0b111);
    /// assert_eq!(NodeKayles::path(128)?.start().bits(), u128::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> NodeKaylesPosition {
        self.at(self.all())
    }

    /// The position of the vertices `in_play` of this graph.
    #[inline]
    fn at(&self, in_play: u128) -> NodeKaylesPosition {
        NodeKaylesPosition(Marked::new(in_play, self.fingerprint))
    }

    /// The position with the vertices of `in_play` (bit `v` for vertex `v`) in play.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::OffGraph`] for a bit past the graph's vertices.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::{NodeKayles, NodeKaylesError};
    ///
    /// let path = NodeKayles::path(4)?;
    /// assert_eq!(path.position(0b1001)?.in_play(), 2);
    /// assert_eq!(path.position(1 << 4), Err(NodeKaylesError::OffGraph { bits: 1 << 4 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, in_play: u128) -> Result<NodeKaylesPosition, NodeKaylesError> {
        match in_play & !self.all() {
            0 => Ok(self.at(in_play)),
            bits => Err(NodeKaylesError::OffGraph { bits }),
        }
    }

    /// Every vertex of the graph, one bit each.
    fn all(&self) -> u128 {
        match self.vertices() {
            0 => 0,
            vertices => u128::MAX >> (MAX_VERTICES - vertices),
        }
    }

    /// The neighbours of `vertex` (not the vertex itself), or `None` if the graph has no
    /// such vertex.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// let path = NodeKayles::path(4)?;
    /// assert_eq!(path.neighbours(1), Some(0b0101));
    /// assert_eq!(path.neighbours(4), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn neighbours(&self, vertex: usize) -> Option<u128> {
        self.closed
            .get(vertex)
            .map(|&closed| closed & !(1 << vertex))
    }

    /// The edges, each once as `(smaller, larger)`, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// let cycle = NodeKayles::cycle(3)?;
    /// assert_eq!(cycle.edges().collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.closed
            .iter()
            .enumerate()
            .flat_map(|(vertex, &closed)| {
                vertices_of(closed >> vertex >> 1).map(move |above| (vertex, vertex + 1 + above))
            })
    }

    /// The vertex picked in the move from `before` to `after`, if that is a move.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::node_kayles::NodeKayles;
    ///
    /// let path = NodeKayles::path(5)?;
    /// assert_eq!(path.picked(path.start(), path.position(0b10001)?), Some(2));
    /// assert_eq!(path.picked(path.start(), path.position(0b11110)?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn picked(&self, before: NodeKaylesPosition, after: NodeKaylesPosition) -> Option<usize> {
        if self.check_position(&before).is_err() || self.check_position(&after).is_err() {
            return None;
        }
        let (before, after) = (before.bits(), after.bits());
        vertices_of(before).find(|&vertex| before & !self.closed[vertex] == after)
    }

    /// The vertices of `position` joined to `seed` through vertices of `position`.
    fn part(&self, position: u128, seed: u128) -> u128 {
        let (mut part, mut frontier) = (seed, seed);
        while frontier != 0 {
            let reached =
                vertices_of(frontier).fold(0, |reached, vertex| reached | self.closed[vertex]);
            frontier = reached & position & !part;
            part |= frontier;
        }
        part
    }
}

/// [`NodeKaylesError::TooManyVertices`] past [`MAX_VERTICES`], before anything is built.
fn check_vertices(vertices: usize) -> Result<(), NodeKaylesError> {
    if vertices > MAX_VERTICES {
        return Err(NodeKaylesError::TooManyVertices {
            vertices,
            most: MAX_VERTICES,
        });
    }
    Ok(())
}

/// The image of the vertex set `set` under the permutation `images`.
fn image_of(images: &[u8], set: u128) -> u128 {
    vertices_of(set).fold(0, |image, vertex| image | 1 << images[vertex])
}

/// The vertices (bit indices) of `set`, lowest first.
fn vertices_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let vertex = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(vertex)
    })
}

/// The group `generators` generate, without the identity; `None` past [`MAX_SYMMETRIES`].
fn close_group(vertices: usize, generators: &[Box<[u8]>]) -> Option<Box<[Box<[u8]>]>> {
    let identity: Box<[u8]> = (0..vertices).map(|vertex| vertex as u8).collect();
    let mut group = HashSet::from([identity.clone()]);
    let mut queue = VecDeque::from([identity.clone()]);
    while let Some(element) = queue.pop_front() {
        for generator in generators {
            let product: Box<[u8]> = element
                .iter()
                .map(|&image| generator[usize::from(image)])
                .collect();
            if group.insert(product.clone()) {
                if group.len() > MAX_SYMMETRIES {
                    return None;
                }
                queue.push_back(product);
            }
        }
    }
    group.remove(&identity);
    let mut group: Vec<_> = group.into_iter().collect();
    // A fixed order, so that a solver's table does not depend on a hash seed's.
    group.sort_unstable();
    Some(group.into_boxed_slice())
}

impl ImpartialGame for NodeKayles {
    type Position = NodeKaylesPosition;

    /// A position of this graph: the bits of another graph's are other vertices.
    fn check_position(&self, position: &NodeKaylesPosition) -> Result<(), PositionError> {
        let graph = position.0.mark();
        if graph != self.fingerprint {
            return Err(PositionError::new(format!(
                "a position of another graph (fingerprint {graph:#018x}, not {:#018x})",
                self.fingerprint
            )));
        }
        match position.bits() & !self.all() {
            0 => Ok(()),
            bits => Err(PositionError::new(format!(
                "bits {bits:#x} are past the graph's vertices"
            ))),
        }
    }

    /// Pick any vertex in play, lowest first.
    fn moves(&self, from: &NodeKaylesPosition) -> impl Iterator<Item = NodeKaylesPosition> {
        // Bits past the graph are no vertices (a position made by hand is checked against
        // the graph only when asked about): dropped, never read as an index.
        let position = from.bits() & self.all();
        let from = *from;
        vertices_of(position).map(move |vertex| from.with(position & !self.closed[vertex]))
    }

    const DECOMPOSITION: Option<Decomposition<Self>> = Some(Decomposition::of());

    fn known_grundy(&self, position: &NodeKaylesPosition) -> Option<Nimber> {
        let position = position.bits() & self.all();
        if position == 0 {
            return Some(Nimber::ZERO);
        }
        vertices_of(position)
            .all(|vertex| self.closed[vertex] & position == position)
            .then_some(Nimber(1))
    }
}

impl Decompose for NodeKayles {
    fn components(
        &self,
        whole: &NodeKaylesPosition,
    ) -> Option<impl Iterator<Item = NodeKaylesPosition>> {
        let position = whole.bits() & self.all();
        let whole = *whole;
        if position == 0 || self.part(position, position & position.wrapping_neg()) == position {
            return None;
        }
        let mut left = position;
        Some(std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let part = self.part(left, left & left.wrapping_neg());
            left &= !part;
            Some(whole.with(part))
        }))
    }

    /// The least image of `position` under the symmetries, if any were given.
    fn canonical(&self, part: &NodeKaylesPosition) -> Option<NodeKaylesPosition> {
        let position = part.bits() & self.all();
        if self.symmetries.is_empty() {
            return None;
        }
        Some(
            part.with(
                self.symmetries
                    .iter()
                    .map(|images| image_of(images, position))
                    .fold(position, u128::min),
            ),
        )
    }

    fn search_size(&self, position: &NodeKaylesPosition) -> usize {
        (position.bits() & self.all()).count_ones() as usize
    }
}
