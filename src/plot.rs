//! Pictures as SVG: the nim-sequence of a heap game (heap across, value up, the rare heaps of
//! the sparse space circled, the period shaded), and maps of the P-positions of two-heap games
//! (Wythoff's rays) and of pairs of heaps of any heap game.
//!
//! Written by hand: an SVG of points, rectangles and a few labels is a page of code, and a
//! plotting crate would bring a dependency tree and a font stack for it. The pictures are
//! plain SVG 1.1 with a `viewBox`, so they scale in a browser, a README or an editor.
//!
//! Many heaps share a column of pixels: a column shows every value met among its heaps, so the
//! common values form bands and a value that occurs once still shows.
//!
//! # Examples
//!
//! ```
//! use impartial::octal::OctalGame;
//! use impartial::plot;
//!
//! let values = "0.16".parse::<OctalGame>()?.values_up_to(5_000)?;
//! let svg = plot::nim_sequence("0.16", &values)?;
//! assert!(svg.starts_with("<svg") && svg.contains("<title>0.16</title>"));
//! std::fs::write(std::env::temp_dir().join("impartial-0.16.svg"), &svg)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use crate::game::Outcome;
use crate::games::wythoff;
use crate::sequence::GrundySequence;

/// The picture's size in SVG units (pixels at scale 1).
const WIDTH: u32 = 800;
const HEIGHT: u32 = 400;
/// The margins: left (the value labels), right, top and bottom (the heap labels).
const LEFT: u32 = 56;
const RIGHT: u32 = 16;
const TOP: u32 = 24;
const BOTTOM: u32 = 40;

/// The most cells across a P-position map (a million cells at most).
pub const MAX_MAP_SIZE: u64 = 1_000;

/// Why a picture could not be drawn.
///
/// # Examples
///
/// ```
/// use impartial::plot::{self, PlotError};
///
/// assert_eq!(plot::wythoff_map(0), Err(PlotError::Empty));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// Nothing to draw: no heaps, or a map of size 0.
    #[error("nothing to draw: the picture would be empty")]
    Empty,
    /// A map larger than [`MAX_MAP_SIZE`] across.
    #[error("a map of {size} × {size} cells is past {MAX_MAP_SIZE} × {MAX_MAP_SIZE}")]
    TooLarge {
        /// The size asked for.
        size: u64,
    },
}

/// The nim-sequence G(0) … G(n) of `sequence`, titled `title` (`n` its [`max_heap`](GrundySequence::max_heap),
/// the values past a proved period included): each heap a point at (heap, value), the rare
/// heaps of the sparse space circled in red, and the first full period after the preperiod
/// shaded, with the period (or the arithmetic period, with its saltus) written above.
///
/// # Errors
///
/// None for a sequence the engine computed; [`PlotError::Empty`] is for future inputs
/// without heaps.
///
/// # Examples
///
/// ```
/// use impartial::octal::OctalGame;
/// use impartial::plot;
///
/// // Kayles to 200: period 12 from 71 (shaded), values up to 8.
/// let svg = plot::nim_sequence("Kayles", &OctalGame::kayles().values_up_to(200)?)?;
/// assert!(svg.contains("period 12 from 71"));
///
/// // 0.8 climbs by 1 every 3 heaps: proved at G(25), drawn to 300 from the period.
/// let eight: impartial::octal::HexadecimalGame = "0.8".parse()?;
/// let svg = plot::nim_sequence("0.8", &eight.values_up_to(300)?)?;
/// assert!(svg.contains("period 3, saltus 1 from 1") && svg.contains(">99<"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn nim_sequence(title: &str, sequence: &GrundySequence) -> Result<String, PlotError> {
    let heaps = sequence.max_heap().checked_add(1).ok_or(PlotError::Empty)?;
    let value = |heap: u64| sequence.get(heap).map_or(0, |value| value.0 as u64);
    // A period repeats the values computed, so they hold the largest; an arithmetic period
    // climbs, so the last period's worth of heaps holds the largest past them.
    let climbed = sequence.arithmetic_period().map_or(0, |arithmetic| {
        let last = heaps - 1;
        (last.saturating_sub(arithmetic.period - 1)..=last)
            .map(value)
            .max()
            .unwrap_or(0)
    });
    let computed = u64::from(sequence.computed_values().iter().max().unwrap_or(0));
    let largest = computed.max(climbed).max(1);
    let frame = Frame {
        x_range: heaps,
        y_range: largest + 1,
    };
    let mut svg = Frame::open(&escaped(title), "heap", "value");
    let shaded = match (sequence.period(), sequence.arithmetic_period()) {
        (Some(period), _) => Some((period.preperiod, period.period, String::new())),
        (None, Some(climb)) => Some((
            climb.preperiod,
            climb.period,
            format!(", saltus {}", climb.saltus),
        )),
        (None, None) => None,
    };
    if let Some((preperiod, period, saltus)) = shaded {
        let from = frame.x(preperiod);
        let to = frame.x(preperiod.saturating_add(period).min(heaps));
        let _ = writeln!(
            svg,
            r##"<rect class="period" x="{from}" y="{TOP}" width="{}" height="{}" fill="#dde8f5"/>"##,
            (to - from).max(1),
            HEIGHT - TOP - BOTTOM
        );
        let _ = writeln!(
            svg,
            r#"<text x="{from}" y="{}" font-size="12">period {period}{saltus} from {preperiod}</text>"#,
            TOP - 6,
        );
    }
    frame.axes(&mut svg, heaps - 1, largest);
    // One point per (column, value) met: the bands of common values, and every rare one.
    // The heaps come column by column, so one column's values are gathered at a time.
    let mut path = String::new();
    // Points of a few pixels when every heap has columns to spare, of one when they crowd.
    let dot: u32 = if heaps.saturating_mul(4) <= u64::from(WIDTH - LEFT - RIGHT) {
        3
    } else {
        1
    };
    let mut column = frame.x(0);
    // The values of the column's heaps, each once: as many as its heaps at most, whatever
    // the largest value (a sequence that climbs would make a table of all values too large).
    let mut met: Vec<u64> = Vec::new();
    let mut flush = |column: u32, met: &mut Vec<u64>| {
        met.sort_unstable();
        met.dedup();
        for &value in met.iter() {
            let (x, y) = (column - dot / 2, frame.y(value) - dot / 2);
            let _ = write!(path, "M{x} {y}h{dot}v{dot}h-{dot}z");
        }
        met.clear();
    };
    for heap in 0..heaps {
        let x = frame.x(heap);
        if x != column {
            flush(column, &mut met);
            column = x;
        }
        met.push(value(heap));
    }
    flush(column, &mut met);
    let _ = writeln!(svg, r#"<path class="values" d="{path}" fill="black"/>"#);
    for &heap in sequence.rare_heaps().unwrap_or_default() {
        if heap < heaps {
            let _ = writeln!(
                svg,
                r#"<circle class="rare" cx="{}" cy="{}" r="3" fill="none" stroke="red"/>"#,
                frame.x(heap),
                frame.y(value(heap))
            );
        }
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// A map of the P-positions of Wythoff's game on heaps `0 … size − 1` each way: a black cell
/// at (x, y) for each P-position, the two rays of slopes φ and 1/φ.
///
/// # Errors
///
/// [`PlotError::Empty`] for size 0, [`PlotError::TooLarge`] past [`MAX_MAP_SIZE`].
///
/// # Examples
///
/// ```
/// use impartial::plot;
///
/// let svg = plot::wythoff_map(30)?;
/// assert!(svg.contains(r#"class="p" x="#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn wythoff_map(size: u64) -> Result<String, PlotError> {
    p_position_map(size, "Wythoff&#39;s game: P-positions", |x: u64, y: u64| {
        wythoff::outcome((x, y)) == Outcome::P
    })
}

/// A map of the P-positions of two heaps of a heap game, titled `title`: a black cell at
/// (a, b) when G(a) = G(b), for heaps `0 … size − 1` of `sequence` (the values past a proved
/// period included).
///
/// # Errors
///
/// [`PlotError::Empty`] for size 0 or a heap past what `sequence` answers,
/// [`PlotError::TooLarge`] past [`MAX_MAP_SIZE`].
///
/// # Examples
///
/// ```
/// use impartial::SubtractionGame;
/// use impartial::plot;
///
/// let values = SubtractionGame::new(&[1, 2])?.values_up_to(10)?; // period 3
/// let svg = plot::heap_pair_map("S(1, 2)", &values, 9)?;
/// assert_eq!(svg.matches(r#"class="p""#).count(), 27); // a ≡ b (mod 3)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap_pair_map(
    title: &str,
    sequence: &GrundySequence,
    size: u64,
) -> Result<String, PlotError> {
    if size > 0 && sequence.get(size - 1).is_none() {
        return Err(PlotError::Empty);
    }
    let title = format!("{}, two heaps: P-positions", escaped(title));
    p_position_map(size, &title, |a, b| sequence.get(a) == sequence.get(b))
}

/// `text` with the characters XML gives a meaning written as references.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A map of `size × size` cells, black where `is_p(x, y)`; `(0, 0)` at the bottom left.
fn p_position_map(
    size: u64,
    title: &str,
    is_p: impl Fn(u64, u64) -> bool,
) -> Result<String, PlotError> {
    if size == 0 {
        return Err(PlotError::Empty);
    }
    if size > MAX_MAP_SIZE {
        return Err(PlotError::TooLarge { size });
    }
    let cells = u32::try_from(size).expect("at most MAX_MAP_SIZE");
    let extent = HEIGHT - TOP - BOTTOM;
    let cell = f64::from(extent) / f64::from(cells);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {HEIGHT}" width="{w}" height="{HEIGHT}" font-family="sans-serif">
<title>{title}</title>
<rect x="0" y="0" width="{w}" height="{HEIGHT}" fill="white"/>
<text x="{LEFT}" y="{}" font-size="12">{title}, heaps 0 to {}</text>
<rect x="{LEFT}" y="{TOP}" width="{extent}" height="{extent}" fill="none" stroke="black"/>
"#,
        TOP - 6,
        size - 1,
        w = LEFT + extent + RIGHT,
    );
    for y in 0..cells {
        for x in 0..cells {
            if is_p(u64::from(x), u64::from(y)) {
                let _ = writeln!(
                    svg,
                    r#"<rect class="p" x="{:.2}" y="{:.2}" width="{cell:.2}" height="{cell:.2}"/>"#,
                    f64::from(LEFT) + f64::from(x) * cell,
                    f64::from(TOP + extent) - f64::from(y + 1) * cell,
                );
            }
        }
    }
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// The plotting area of a sequence: heaps `0 … x_range − 1` across, values `0 … y_range − 1`
/// up.
struct Frame {
    x_range: u64,
    y_range: u64,
}

impl Frame {
    /// The column of a heap.
    fn x(&self, heap: u64) -> u32 {
        let width = u128::from(WIDTH - LEFT - RIGHT - 1);
        LEFT + (u128::from(heap) * width / u128::from(self.x_range.max(2) - 1)) as u32
    }

    /// The row of a value (0 at the bottom).
    fn y(&self, value: u64) -> u32 {
        let height = u128::from(HEIGHT - TOP - BOTTOM - 1);
        HEIGHT
            - BOTTOM
            - 1
            - (u128::from(value) * height / u128::from(self.y_range.max(2) - 1)) as u32
    }

    /// The opening of the picture: the `svg` element, a title and a white ground.
    fn open(title: &str, x_label: &str, y_label: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif">
<title>{title}</title>
<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>
<text x="{}" y="{}" font-size="12" text-anchor="end">{title}</text>
<text x="{}" y="{}" font-size="12" text-anchor="middle">{x_label}</text>
<text x="14" y="{}" font-size="12" text-anchor="middle" transform="rotate(-90 14 {})">{y_label}</text>
"#,
            WIDTH - RIGHT,
            TOP - 6,
            (LEFT + WIDTH - RIGHT) / 2,
            HEIGHT - 6,
            (TOP + HEIGHT - BOTTOM) / 2,
            (TOP + HEIGHT - BOTTOM) / 2,
        )
    }

    /// The axes, with five labelled ticks each, from 0 to the last heap and largest value.
    fn axes(&self, svg: &mut String, last_heap: u64, largest: u64) {
        let (x0, y0) = (LEFT - 1, HEIGHT - BOTTOM);
        let _ = writeln!(
            svg,
            r#"<path d="M{x0} {TOP}V{y0}H{}" fill="none" stroke="gray"/>"#,
            WIDTH - RIGHT
        );
        for tick in 0..=4u64 {
            let heap = (u128::from(last_heap) * u128::from(tick) / 4) as u64;
            let value = (u128::from(largest) * u128::from(tick) / 4) as u64;
            // The last label ends at its tick, so that a long number stays in the picture.
            let anchor = if tick == 4 { "end" } else { "middle" };
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" font-size="11" text-anchor="{anchor}">{heap}</text>"#,
                self.x(heap),
                y0 + 16
            );
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" font-size="11" text-anchor="end">{value}</text>"#,
                x0 - 4,
                self.y(value) + 4
            );
        }
    }
}
