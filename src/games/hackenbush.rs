//! Green Hackenbush: a graph drawn on the ground; a move cuts one edge, and every edge no
//! longer connected to the ground falls away. Whoever cuts the last edge wins. Any graph is
//! allowed: parallel edges, loops, cycles, several pieces on the ground.
//!
//! Its values come from two principles (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7
//! "Hackenbush Hotchpotch"; Conway, *On Numbers and Games*, ch. 7):
//!
//! - **The colon principle** — a tree's branches can be replaced by their values: a stalk
//!   of `n` edges is worth `n`, a branch is worth one more than what hangs from it, and the
//!   branches at a vertex add by nim-sum. So a tree is worth the XOR over the root's edges
//!   of `1 + ` the value above each edge.
//! - **The fusion principle** — the vertices of any cycle can be fused into one without
//!   changing the value, each edge of the cycle becoming a loop, and a loop is worth 1
//!   (a stalk of one edge).
//!
//! Fusing every cycle fuses each *2-edge-connected component* (what is left joined when the
//! bridges are removed) into one vertex, with a loop for each of its edges, and the bridges
//! form a tree rooted at the ground's component. So [`GreenHackenbush::grundy`] finds the
//! bridges (Tarjan's lowest-link numbering, without recursion) and adds up the tree: a
//! component is worth the parity of its own edges XOR, over the bridges above it,
//! `1 + ` the component above — `O(V + E)` for `V` vertices and `E` edges.
//!
//! A winning move is an edge whose cut leaves value 0. [`winning_moves`](GreenHackenbush::winning_moves)
//! finds them through the bridge tree: each component gets the value it would need for the
//! whole to be worth 0, so a bridge is decided in `O(1)` and every cut of a tree in
//! `O(V + E)`; an edge inside a cycle's component is decided by valuing the graph without
//! it, and only in components that have such a need — `O(E · (V + E))` at worst, when most
//! edges lie on cycles.
//!
//! `tests/classics.rs` holds the values and the winning cuts to the plain search on every
//! grounded graph of up to 8 edges (30 439 of them, loops and parallel edges included, each
//! once up to the numbering of its vertices), and to the definition on larger random ones.
//!
//! Vertex 0 is the ground; tie every point that stands on the ground to it.
//!
//! ```
//! use impartial::hackenbush::GreenHackenbush;
//! use impartial::{ClosedForm, Nimber};
//!
//! // A stalk of two edges and a triangle standing on the ground.
//! let game = GreenHackenbush::new(5, &[(0, 1), (1, 2), (0, 3), (3, 4), (4, 0)])?;
//! let start = game.start();
//! // The stalk is worth 2; the triangle fuses into three loops on the ground, worth 1.
//! assert_eq!(game.grundy(&start)?, Some(Nimber(2 ^ 1)));
//! let best = game.winning_move(&start)?.expect("an N-position");
//! assert_eq!(best.to_string(), "cut edge 1 (1–2)");
//! assert_eq!(game.grundy(game.leaves(&start, &best)?)?, Some(Nimber(0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;

use crate::closed_form::ClosedForm;
use crate::game::IntoPosition;
use crate::game::{IllegalMove, ImpartialGame, Nimber, Outcome, PositionError};
use crate::hash::fingerprint;

/// A move of Green Hackenbush: the edge cut, by its place in the list the graph was given,
/// and its two ends (the edges that fall with it go too).
///
/// # Examples
///
/// ```
/// use impartial::hackenbush::{GreenHackenbush, HackenbushMove};
/// use impartial::ClosedForm;
///
/// // Stalks of 1 and 3: cut the second edge of the tall one.
/// let game = GreenHackenbush::new(5, &[(0, 1), (0, 2), (2, 3), (3, 4)])?;
/// let best = game.winning_move(&game.start())?;
/// assert_eq!(best, Some(HackenbushMove { edge: 2, ends: (2, 3) }));
/// assert_eq!(best.unwrap().to_string(), "cut edge 2 (2–3)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HackenbushMove {
    /// The edge's place in the list given.
    pub edge: usize,
    /// Its two ends, as given.
    pub ends: (u32, u32),
}

impl fmt::Display for HackenbushMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cut edge {} ({}–{})",
            self.edge, self.ends.0, self.ends.1
        )
    }
}

/// The most vertices a graph may have (vertices are numbered in `u32`). Memory follows the
/// vertices the edges touch, not this count.
pub const MAX_VERTICES: usize = u32::MAX as usize;

/// A graph of Green Hackenbush: vertex 0 is the ground.
///
/// # Examples
///
/// ```
/// use impartial::hackenbush::GreenHackenbush;
/// use impartial::{ClosedForm, Nimber, Solver};
///
/// // Two parallel edges from the ground to vertex 1 and a loop there.
/// let game = GreenHackenbush::new(2, &[(0, 1), (0, 1), (1, 1)])?;
/// let mut solver = Solver::new(game.clone()).without_closed_form();
/// assert_eq!(Some(solver.grundy(game.start())?), game.grundy(game.start())?);
/// assert_eq!(game.grundy(game.start())?, Some(Nimber(1))); // three loops after fusion
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GreenHackenbush {
    /// The vertices some edge touches, and the ground: the searches' tables are sized by
    /// them, never by the vertex count given.
    vertices: usize,
    /// The edges on those vertices renumbered densely, the ground still 0.
    edges: Vec<(u32, u32)>,
    /// The edges as given.
    given: Vec<(u32, u32)>,
    /// The fingerprint of the vertices and edges given, which the game's positions carry.
    fingerprint: u64,
}

/// A position: which edges of the graph remain, one bit an edge, in the order given.
///
/// # Examples
///
/// ```
/// use impartial::hackenbush::GreenHackenbush;
///
/// // Edge 1 stands on vertex 2, which the ground never reaches: it is not in play.
/// let game = GreenHackenbush::new(3, &[(0, 1), (2, 2)])?;
/// let start = game.start();
/// assert_eq!(start.iter().collect::<Vec<_>>(), [0]);
/// assert_eq!(start.len(), 1);
/// assert!(start.contains(0) && !start.contains(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edges {
    bits: Vec<u64>,
    /// A fingerprint of the graph the edges are of: another graph's game refuses them.
    graph: u64,
}

impl Edges {
    /// Whether edge `edge` remains.
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let game = GreenHackenbush::new(2, &[(0, 1), (0, 1)])?;
    /// let after = game.cut(&game.start(), 0)?;
    /// assert!(!after.contains(0) && after.contains(1) && !after.contains(99));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn contains(&self, edge: usize) -> bool {
        self.bits
            .get(edge / 64)
            .is_some_and(|word| word >> (edge % 64) & 1 == 1)
    }

    /// The remaining edges, ascending.
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let game = GreenHackenbush::new(3, &[(0, 1), (1, 2), (0, 2)])?;
    /// assert_eq!(game.start().iter().collect::<Vec<_>>(), [0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(index, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(index * 64 + bit)
            })
        })
    }

    /// How many edges remain.
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let game = GreenHackenbush::new(2, &[(0, 1), (1, 1)])?;
    /// assert_eq!(game.start().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.bits
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// Whether no edge remains: the game is over.
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let game = GreenHackenbush::new(2, &[(0, 1)])?;
    /// assert!(!game.start().is_empty());
    /// assert!(game.cut(&game.start(), 0)?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&word| word == 0)
    }

    fn remove(&mut self, edge: usize) {
        if let Some(word) = self.bits.get_mut(edge / 64) {
            *word &= !(1 << (edge % 64));
        }
    }
}

/// A Hackenbush graph that cannot be made, or a cut that is not a move.
///
/// # Examples
///
/// ```
/// use impartial::hackenbush::{GreenHackenbush, HackenbushError};
///
/// let stalk = GreenHackenbush::new(2, &[(0, 1)])?;
/// let error = stalk.cut(&stalk.start(), 3).unwrap_err();
/// assert_eq!(error, HackenbushError::NotInPosition { edge: 3 });
/// assert_eq!(error.to_string(), "edge 3 is not in the position");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HackenbushError {
    /// A graph of no vertex: there is always the ground, vertex 0.
    #[error("a graph needs its ground, vertex 0")]
    NoGround,
    /// More vertices than the graphs take.
    #[error("a graph of {vertices} vertices: at most {most}")]
    TooManyVertices {
        /// The vertices asked for.
        vertices: usize,
        /// [`MAX_VERTICES`].
        most: usize,
    },
    /// An edge names a vertex the graph does not have.
    #[error(
        "edge {edge} names vertex {vertex}, not one of the graph's vertices 0 to {vertices} − 1"
    )]
    VertexOutOfRange {
        /// The edge's place in the list given.
        edge: usize,
        /// The vertex it names.
        vertex: usize,
        /// The vertices of the graph.
        vertices: usize,
    },
    /// A position of another graph.
    #[error("a position of another graph (fingerprint {found:#018x}, not {expected:#018x})")]
    OtherGraph {
        /// The fingerprint of the position's graph.
        found: u64,
        /// This graph's.
        expected: u64,
    },
    /// A cut of an edge the position does not hold.
    #[error("edge {edge} is not in the position")]
    NotInPosition {
        /// The edge.
        edge: usize,
    },
}

impl GreenHackenbush {
    /// The graph on vertices `0..vertices` (0 the ground) with `edges`, each a pair of
    /// vertices; a pair `(v, v)` is a loop, a pair given twice two parallel edges. Edges
    /// the ground does not reach are allowed and take no part.
    ///
    /// # Errors
    ///
    /// [`HackenbushError::TooManyVertices`] past [`MAX_VERTICES`] vertices,
    /// [`HackenbushError::NoGround`] for no vertex at all (there is always the ground),
    /// [`HackenbushError::VertexOutOfRange`] for an edge naming a vertex outside
    /// `0..vertices`.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::hackenbush::{GreenHackenbush, HackenbushError};
    ///
    /// assert!(GreenHackenbush::new(1, &[(0, 0)]).is_ok());
    /// assert_eq!(
    ///     GreenHackenbush::new(2, &[(0, 1), (1, 2)]),
    ///     Err(HackenbushError::VertexOutOfRange { edge: 1, vertex: 2, vertices: 2 })
    /// );
    /// assert_eq!(GreenHackenbush::new(0, &[]), Err(HackenbushError::NoGround));
    /// ```
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<Self, HackenbushError> {
        if vertices == 0 {
            return Err(HackenbushError::NoGround);
        }
        if vertices > MAX_VERTICES {
            return Err(HackenbushError::TooManyVertices {
                vertices,
                most: MAX_VERTICES,
            });
        }
        let given: Vec<(u32, u32)> = edges
            .iter()
            .enumerate()
            .map(|(edge, &(a, b))| {
                let vertex = if a >= vertices { a } else { b };
                if vertex >= vertices {
                    return Err(HackenbushError::VertexOutOfRange {
                        edge,
                        vertex,
                        vertices,
                    });
                }
                // Both below MAX_VERTICES = u32::MAX.
                Ok((a as u32, b as u32))
            })
            .collect::<Result<_, _>>()?;
        // Dense numbers for the vertices in use, in order of appearance after the ground.
        let mut dense: HashMap<u32, u32> = HashMap::from([(0, 0)]);
        let mut number = |vertex: u32| {
            let next = dense.len() as u32;
            *dense.entry(vertex).or_insert(next)
        };
        let edges = given.iter().map(|&(a, b)| (number(a), number(b))).collect();
        let words = given
            .iter()
            .map(|&(a, b)| u128::from(a) | u128::from(b) << 64)
            .chain([vertices as u128]);
        Ok(GreenHackenbush {
            vertices: dense.len(),
            edges,
            fingerprint: fingerprint(words),
            given,
        })
    }

    /// The edges, as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let game = GreenHackenbush::new(2, &[(0, 1)])?;
    /// assert_eq!(game.edges().collect::<Vec<_>>(), [(0, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn edges(&self) -> impl ExactSizeIterator<Item = (usize, usize)> + '_ {
        self.given.iter().map(|&(a, b)| (a as usize, b as usize))
    }

    /// The whole graph as a position: every edge the ground reaches.
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// // Edge 1 hangs in the air: it is not in play.
    /// let game = GreenHackenbush::new(4, &[(0, 1), (2, 3)])?;
    /// assert_eq!(game.start().iter().collect::<Vec<_>>(), [0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn start(&self) -> Edges {
        let words = self.edges.len().div_ceil(64);
        let mut all = Edges {
            bits: vec![u64::MAX; words],
            graph: self.fingerprint,
        };
        if !self.edges.len().is_multiple_of(64) {
            all.bits[words - 1] = (1 << (self.edges.len() % 64)) - 1;
        }
        self.grounded(&all)
    }

    /// The position after cutting `edge`, with every edge that falls removed.
    ///
    /// # Errors
    ///
    /// [`HackenbushError::NotInPosition`] if `edge` is not in the position.
    ///
    /// # Examples
    ///
    /// ```
    /// use impartial::hackenbush::GreenHackenbush;
    ///
    /// let stalk = GreenHackenbush::new(3, &[(0, 1), (1, 2)])?;
    /// let after = stalk.cut(&stalk.start(), 0)?;
    /// assert!(after.is_empty()); // the edge above falls too
    /// assert!(stalk.cut(&after, 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cut(&self, position: &Edges, edge: usize) -> Result<Edges, HackenbushError> {
        self.of_this_graph(position)?;
        if !position.contains(edge) {
            return Err(HackenbushError::NotInPosition { edge });
        }
        let mut next = position.clone();
        next.remove(edge);
        Ok(self.grounded(&next))
    }

    /// Refuses a position of another graph.
    fn of_this_graph(&self, position: &Edges) -> Result<(), HackenbushError> {
        if position.graph != self.fingerprint {
            return Err(HackenbushError::OtherGraph {
                found: position.graph,
                expected: self.fingerprint,
            });
        }
        Ok(())
    }

    /// The edges of `position` the ground still reaches.
    fn grounded(&self, position: &Edges) -> Edges {
        let adjacency = self.adjacency(position);
        let mut reached = vec![false; self.vertices];
        let mut kept = Edges {
            bits: vec![0; position.bits.len()],
            graph: self.fingerprint,
        };
        let mut stack = vec![0usize];
        reached[0] = true;
        while let Some(vertex) = stack.pop() {
            for &(next, edge) in &adjacency[vertex] {
                kept.bits[edge / 64] |= 1 << (edge % 64);
                if !reached[next] {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
        kept
    }

    /// For each vertex, its (neighbour, edge) pairs over the edges of `position`; a loop
    /// is listed once.
    fn adjacency(&self, position: &Edges) -> Vec<Vec<(usize, usize)>> {
        let mut adjacency = vec![Vec::new(); self.vertices];
        // A position of another graph may hold edges this one does not have.
        for edge in position.iter().take_while(|&edge| edge < self.edges.len()) {
            let (a, b) = self.edges[edge];
            let (a, b) = (a as usize, b as usize);
            adjacency[a].push((b, edge));
            if a != b {
                adjacency[b].push((a, edge));
            }
        }
        adjacency
    }

    /// The Sprague–Grundy value of `position`, by fusion and the colon principle, in
    fn grundy_of(&self, position: &Edges) -> Nimber {
        Nimber(u128::from(self.fused_value(position)))
    }

    fn fused_value(&self, position: &Edges) -> u64 {
        self.fused(position).value[0]
    }

    /// The bridge tree of `position`: its 2-edge-connected components fused, each with its
    /// value by the colon principle.
    fn fused(&self, position: &Edges) -> Fused {
        let adjacency = self.adjacency(position);
        let is_bridge = bridges(&adjacency, self.edges.len());
        // 2-edge-connected components: what the ground reaches without crossing a bridge.
        let mut component = vec![usize::MAX; self.vertices];
        let mut parity: Vec<u64> = Vec::new();
        let mut tree: Vec<Branch> = Vec::new();
        let mut frontier = vec![(0usize, Branch::GROUND)];
        while let Some((root, branch)) = frontier.pop() {
            if component[root] != usize::MAX {
                continue;
            }
            let id = parity.len();
            parity.push(0);
            tree.push(branch);
            component[root] = id;
            let mut stack = vec![root];
            while let Some(vertex) = stack.pop() {
                for &(next, edge) in &adjacency[vertex] {
                    if is_bridge[edge] {
                        if component[next] == usize::MAX {
                            frontier.push((
                                next,
                                Branch {
                                    parent: id,
                                    bridge: edge,
                                },
                            ));
                        }
                        continue;
                    }
                    if component[next] == usize::MAX {
                        component[next] = id;
                        stack.push(next);
                    }
                }
            }
        }
        // Each non-bridge edge is a loop of its component once fused, worth 1.
        for edge in position.iter().take_while(|&edge| edge < self.edges.len()) {
            if !is_bridge[edge] {
                let (a, _) = self.edges[edge];
                if component[a as usize] != usize::MAX {
                    parity[component[a as usize]] ^= 1;
                }
            }
        }
        // The colon principle up the bridge tree: children come after their parents.
        let mut value = parity;
        for (id, branch) in tree.iter().enumerate().rev() {
            if branch.parent != usize::MAX {
                value[branch.parent] ^= value[id] + 1;
            }
        }
        Fused {
            component,
            tree,
            value,
            is_bridge,
        }
    }

    /// Who wins from `position`: P exactly when it is worth 0.
    fn outcome_of(&self, position: &Edges) -> Outcome {
        Outcome::from(self.grundy_of(position))
    }

    /// Every cut that wins from `position` (leaves value 0), by edge ascending.
    fn winning_moves_of(&self, position: &Edges) -> impl Iterator<Item = HackenbushMove> {
        self.winning_cuts(position).map(|edge| HackenbushMove {
            edge,
            ends: self.given[edge],
        })
    }

    /// The edges whose cut leaves value 0, ascending, lazily.
    ///
    /// Top-down through the bridge tree, each component gets the value it would need for
    /// the whole to be worth 0 (the ground: 0; a child `D` of `P`: the `x` with
    /// `value(P) ⊕ (value(D) + 1) ⊕ (x + 1) = need(P)`, none if that asks `x + 1 = 0`). A
    /// bridge above `D` wins when `P` without `D`'s branch is worth `need(P)`: `O(1)` each.
    /// An edge inside a component wins only if that component has a need; then the position
    /// without it is valued whole.
    fn winning_cuts(&self, position: &Edges) -> impl Iterator<Item = usize> {
        let fused = self.fused(position);
        let balanced = fused.value[0] == 0;
        let mut need: Vec<Option<u64>> = vec![None; fused.tree.len()];
        if !balanced {
            need[0] = Some(0);
        }
        for id in 1..fused.tree.len() {
            let Branch { parent, .. } = fused.tree[id];
            need[id] = need[parent].and_then(|wanted| {
                (wanted ^ fused.value[parent] ^ (fused.value[id] + 1)).checked_sub(1)
            });
        }
        // The child component below each bridge.
        let mut below = vec![usize::MAX; self.edges.len()];
        for (id, branch) in fused.tree.iter().enumerate().skip(1) {
            below[branch.bridge] = id;
        }
        position
            .iter()
            .take_while(move |_| !balanced)
            .take_while(|&edge| edge < self.edges.len())
            .filter(move |&edge| {
                if fused.is_bridge[edge] {
                    let child = below[edge];
                    let parent = fused.tree[child].parent;
                    return need[parent] == Some(fused.value[parent] ^ (fused.value[child] + 1));
                }
                let (a, _) = self.edges[edge];
                if need[fused.component[a as usize]].is_none() {
                    return false;
                }
                let mut next = position.clone();
                next.remove(edge);
                self.fused_value(&self.grounded(&next)) == 0
            })
    }
}

/// A component of the bridge tree: its parent and the bridge that joins them.
#[derive(Clone, Copy, Debug)]
struct Branch {
    /// The parent component, `usize::MAX` for the ground's.
    parent: usize,
    /// The bridge to the parent, `usize::MAX` for the ground's component.
    bridge: usize,
}

impl Branch {
    const GROUND: Branch = Branch {
        parent: usize::MAX,
        bridge: usize::MAX,
    };
}

/// A position's bridge tree: components in the order found (parents first, the ground's
/// first), with their values.
struct Fused {
    /// Each vertex's component, `usize::MAX` where the ground does not reach.
    component: Vec<usize>,
    tree: Vec<Branch>,
    value: Vec<u64>,
    is_bridge: Vec<bool>,
}

/// Which edges are bridges of the graph `adjacency` (edges numbered below `edges`), by
/// Tarjan's lowest-link numbering on an explicit stack: a deep graph cannot overflow it.
fn bridges(adjacency: &[Vec<(usize, usize)>], edges: usize) -> Vec<bool> {
    let mut is_bridge = vec![false; edges];
    let mut order = vec![usize::MAX; adjacency.len()];
    let mut low = vec![usize::MAX; adjacency.len()];
    let mut counter = 0;
    for start in 0..adjacency.len() {
        if order[start] != usize::MAX {
            continue;
        }
        order[start] = counter;
        low[start] = counter;
        counter += 1;
        // (vertex, the edge it was entered by, next neighbour to look at)
        let mut stack = vec![(start, usize::MAX, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (vertex, entered_by, next) = *top;
            if let Some(&(neighbour, edge)) = adjacency[vertex].get(next) {
                top.2 += 1;
                if edge == entered_by || neighbour == vertex {
                    continue;
                }
                if order[neighbour] == usize::MAX {
                    order[neighbour] = counter;
                    low[neighbour] = counter;
                    counter += 1;
                    stack.push((neighbour, edge, 0));
                } else {
                    low[vertex] = low[vertex].min(order[neighbour]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[vertex]);
                    if low[vertex] > order[parent] {
                        is_bridge[entered_by] = true;
                    }
                }
            }
        }
    }
    is_bridge
}

impl ImpartialGame for GreenHackenbush {
    type Position = Edges;

    /// A position of this graph, its edges among the graph's.
    fn check_position(&self, position: &Edges) -> Result<(), PositionError> {
        self.of_this_graph(position)
            .map_err(|error| PositionError::new(error.to_string()))?;
        match position.iter().find(|&edge| edge >= self.given.len()) {
            Some(edge) => Err(PositionError::new(format!(
                "edge {edge} is past the graph's {} edges",
                self.given.len()
            ))),
            None => Ok(()),
        }
    }

    fn moves(&self, position: &Edges) -> impl Iterator<Item = Edges> {
        position.iter().map(move |edge| {
            let mut next = position.clone();
            next.remove(edge);
            self.grounded(&next)
        })
    }

    fn known_grundy(&self, position: &Edges) -> Option<Nimber> {
        Some(self.grundy_of(position))
    }

    fn allocated_bytes(&self, position: &Edges) -> usize {
        position.bits.capacity() * size_of::<u64>()
    }
}

/// The closed form of [`GreenHackenbush`]'s own methods, for generic code.
///
/// # Examples
///
/// ```
/// use impartial::hackenbush::GreenHackenbush;
/// use impartial::{ClosedForm, Nimber};
///
/// let game = GreenHackenbush::new(3, &[(0, 1), (1, 2)])?;
/// assert_eq!(ClosedForm::grundy(&game, &game.start())?, Some(Nimber(2)));
/// let best = ClosedForm::winning_move(&game, &game.start())?.expect("N");
/// assert!(game.leaves(&game.start(), &best)?.is_empty());
/// assert!(game.leaves(&game.leaves(&game.start(), &best)?, &best).is_err()); // cut already
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ClosedForm for GreenHackenbush {
    type Move = HackenbushMove;
    type Error = HackenbushError;

    fn outcome(&self, position: impl IntoPosition<Edges>) -> Result<Outcome, HackenbushError> {
        let holder = position.into_holder();
        let position: &Edges = holder.borrow();
        self.of_this_graph(position)?;
        Ok(self.outcome_of(position))
    }

    fn grundy(
        &self,
        position: impl IntoPosition<Edges>,
    ) -> Result<Option<Nimber>, HackenbushError> {
        let holder = position.into_holder();
        let position: &Edges = holder.borrow();
        self.of_this_graph(position)?;
        Ok(Some(self.grundy_of(position)))
    }

    fn winning_moves(
        &self,
        position: impl IntoPosition<Edges>,
    ) -> Result<impl Iterator<Item = HackenbushMove>, HackenbushError> {
        let holder = position.into_holder();
        let position: &Edges = holder.borrow();
        self.of_this_graph(position)?;
        // At most one move an edge: listed at once, so that the moves need not borrow the
        // position, which may be a temporary.
        Ok(self
            .winning_moves_of(position)
            .collect::<Vec<_>>()
            .into_iter())
    }

    fn leaves(
        &self,
        position: impl IntoPosition<Edges>,
        chosen: &HackenbushMove,
    ) -> Result<Edges, IllegalMove<Edges, HackenbushMove>> {
        let holder = position.into_holder();
        let position: &Edges = holder.borrow();
        let refuse = |reason: String| IllegalMove::new(position, chosen, reason);
        if let Err(error) = self.of_this_graph(position) {
            return Err(refuse(error.to_string()));
        }
        match self.given.get(chosen.edge) {
            None => Err(refuse(format!(
                "the graph has {} edges, no edge {}",
                self.given.len(),
                chosen.edge
            ))),
            Some(&ends) if ends != chosen.ends => Err(refuse(format!(
                "edge {} joins {} and {}",
                chosen.edge, ends.0, ends.1
            ))),
            Some(_) if !position.contains(chosen.edge) => {
                Err(refuse(format!("edge {} is not in play", chosen.edge)))
            }
            Some(_) => {
                let mut next = position.clone();
                next.remove(chosen.edge);
                Ok(self.grounded(&next))
            }
        }
    }
}
