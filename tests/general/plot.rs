//! The SVG pictures (feature `plot`): well-formed (read back by an XML parser), the points of
//! a nim-sequence where its values put them, the cells of a P-position map exactly the
//! P-positions, and golden files for small cases.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use impartial::octal::OctalGame;
use impartial::plot::{self, MAX_MAP_SIZE, PlotError};
use impartial::sequence::GrundySequence;
use impartial::{SubtractionGame, wythoff};

/// The document, parsed: the test fails on anything not well-formed.
fn parsed(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|error| panic!("not well-formed: {error}"))
}

/// The top-left corners of the squares of the `values` path.
fn points(svg: &str) -> Vec<(u32, u32)> {
    let document = parsed(svg);
    let path = document
        .descendants()
        .find(|node| node.attribute("class") == Some("values"))
        .expect("a values path");
    path.attribute("d")
        .expect("path data")
        .split('M')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let corner = part.split('h').next().expect("a move");
            let (x, y) = corner.split_once(' ').expect("x y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

/// With fewer heaps than columns, each heap has a column of its own: the points, left to
/// right, are the heaps in order, and their heights order them as their values do — equal
/// values level, a larger value higher — with the extremes labelled.
fn check_one_column_each(sequence: &GrundySequence, svg: &str) {
    let mut points = points(svg);
    points.sort_unstable();
    let heaps = sequence.max_heap() + 1;
    assert_eq!(points.len() as u64, heaps);
    let columns: BTreeSet<u32> = points.iter().map(|&(x, _)| x).collect();
    assert_eq!(columns.len() as u64, heaps, "a column per heap");
    let value = |heap: usize| sequence.get(heap as u64).unwrap().0;
    for i in 0..points.len() {
        for j in 0..points.len() {
            assert_eq!(
                value(i).cmp(&value(j)),
                points[j].1.cmp(&points[i].1),
                "heaps {i} and {j}"
            );
        }
    }
    let largest = (0..heaps as usize).map(value).max().unwrap();
    let labels: Vec<String> = parsed(svg)
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text().map(str::to_string))
        .collect();
    assert!(labels.contains(&"0".to_string()));
    assert!(labels.contains(&largest.to_string()), "{labels:?}");
}

#[test]
fn sequences_are_drawn_where_their_values_are() {
    for (code, n) in [("0.77", 150), ("0.137", 100), ("0.6", 120), ("0.07", 60)] {
        let game: OctalGame = code.parse().unwrap();
        let sequence = game.values_up_to(n).unwrap();
        let svg = plot::nim_sequence(code, &sequence).unwrap();
        check_one_column_each(&sequence, &svg);
    }
}

/// Crowded columns: every value met in a column is drawn once there, and nothing else; the
/// rare heaps of the sparse space are circled, one circle each; a proved period is shaded and
/// named.
#[test]
fn crowded_columns_show_every_value_met() {
    let game: OctalGame = "0.16".parse().unwrap();
    let sequence = game.values_up_to(20_000).unwrap();
    let svg = plot::nim_sequence("0.16", &sequence).unwrap();
    let points = points(&svg);
    let mut per_column: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for &(x, y) in &points {
        assert!(
            per_column.entry(x).or_default().insert(y),
            "({x}, {y}) twice"
        );
    }
    // Which heaps share a column: the points of a column are as many as the distinct values
    // of its heaps, and the rows used are as many as the distinct values overall.
    let rows: BTreeSet<u32> = points.iter().map(|&(_, y)| y).collect();
    let values: BTreeSet<u32> = sequence.computed_values().iter().collect();
    assert_eq!(rows.len(), values.len());
    let rare = sequence.rare_heaps().expect("the sparse space");
    let circles = parsed(&svg)
        .descendants()
        .filter(|node| node.attribute("class") == Some("rare"))
        .count();
    assert_eq!(circles, rare.len());
    assert!(!svg.contains(r#"class="period""#));

    let kayles = OctalGame::kayles().values_up_to(400).unwrap();
    let svg = plot::nim_sequence("Kayles", &kayles).unwrap();
    assert_eq!(svg.matches(r#"class="period""#).count(), 1);
    assert!(svg.contains("period 12 from 71"));
    // Past the values computed (the run stopped at the proof), the period's values are drawn.
    assert!(kayles.computed_len() < 401);
    let columns: BTreeSet<u32> = points_of(&svg).into_iter().map(|(x, _)| x).collect();
    assert!(columns.len() > 300, "{}", columns.len());
}

fn points_of(svg: &str) -> Vec<(u32, u32)> {
    points(svg)
}

/// The cells of a map, as (x, y) heap pairs: each cell's rectangle read back to its heaps.
// The coordinates are small positive numbers, rounded to the cell they start.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
fn cells(svg: &str, size: u32) -> BTreeSet<(u64, u64)> {
    let document = parsed(svg);
    let frame = document
        .descendants()
        .find(|node| node.has_tag_name("rect") && node.attribute("fill") == Some("none"))
        .expect("the frame");
    let number = |node: roxmltree::Node<'_, '_>, name: &str| -> f64 {
        node.attribute(name).unwrap().parse().unwrap()
    };
    let (left, top, extent) = (
        number(frame, "x"),
        number(frame, "y"),
        number(frame, "width"),
    );
    let cell = extent / f64::from(size);
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some("p"))
        .map(|node| {
            let x = ((number(node, "x") - left) / cell).round() as u64;
            let y = ((top + extent - number(node, "y")) / cell).round() as u64 - 1;
            (x, y)
        })
        .collect()
}

#[test]
fn maps_mark_exactly_the_p_positions() {
    for size in [1u32, 2, 13, 100] {
        let svg = plot::wythoff_map(u64::from(size)).unwrap();
        let expected: BTreeSet<(u64, u64)> = (0..u64::from(size))
            .flat_map(|x| (0..u64::from(size)).map(move |y| (x, y)))
            .filter(|&(x, y)| wythoff::outcome((x, y)) == impartial::Outcome::P)
            .collect();
        assert_eq!(cells(&svg, size), expected, "Wythoff, {size}");
    }
    let game = SubtractionGame::new(&[1, 3, 4]).unwrap();
    let sequence = game.values_up_to(30).unwrap(); // period 7, proved early
    let svg = plot::heap_pair_map("S(1, 3, 4)", &sequence, 60).unwrap();
    let expected: BTreeSet<(u64, u64)> = (0..60)
        .flat_map(|a| (0..60).map(move |b| (a, b)))
        .filter(|&(a, b)| sequence.get(a) == sequence.get(b))
        .collect();
    assert_eq!(cells(&svg, 60), expected);
}

#[test]
fn bad_sizes_are_errors() {
    assert_eq!(plot::wythoff_map(0), Err(PlotError::Empty));
    assert_eq!(
        plot::wythoff_map(MAX_MAP_SIZE + 1),
        Err(PlotError::TooLarge {
            size: MAX_MAP_SIZE + 1
        })
    );
    assert!(plot::wythoff_map(MAX_MAP_SIZE).is_ok());
    let game: OctalGame = "0.6".parse().unwrap();
    let sequence = game.values_up_to(10).unwrap(); // no period: heaps past 10 unknown
    assert_eq!(
        plot::heap_pair_map("0.6", &sequence, 12),
        Err(PlotError::Empty)
    );
    assert_eq!(
        plot::heap_pair_map("0.6", &sequence, 0),
        Err(PlotError::Empty)
    );
    // A title that XML would read as markup is written as text.
    let svg = plot::nim_sequence("<&\"'>", &sequence).unwrap();
    let document = parsed(&svg);
    let title = document
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .unwrap();
    assert_eq!(title.text(), Some("<&\"'>"));
}

/// Golden files: small pictures byte for byte. `UPDATE_GOLDEN=1 cargo test --all-features
/// plot` writes them anew after a deliberate change (then look at them).
#[test]
fn small_pictures_match_their_golden_files() {
    let kayles = OctalGame::kayles().values_up_to(40).unwrap();
    let cases = [
        (
            "kayles-40.svg",
            plot::nim_sequence("Kayles", &kayles).unwrap(),
        ),
        ("wythoff-12.svg", plot::wythoff_map(12).unwrap()),
    ];
    let directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/plot");
    for (name, svg) in cases {
        let path = directory.join(name);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, &svg).unwrap();
        }
        let golden = std::fs::read_to_string(&path).unwrap();
        assert_eq!(svg, golden, "{name}");
    }
}
