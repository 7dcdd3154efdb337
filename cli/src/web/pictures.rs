//! The library's pictures on the site: SVG answers to GET requests, so that a page shows
//! them with a plain `<img>`.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use impartial::{HeapGame, plot};
use serde::Deserialize;

use super::code::{CodeGame, HeapGameAnswer, Kind, values_by};
use super::request::{ApiError, Deadline, at_most, compute};

/// The most heaps a sequence picture shows.
pub const MAX_SEQUENCE: u64 = 10_000;
/// The largest side of a P-position map.
pub const MAX_MAP: u64 = 200;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRequest {
    kind: Kind,
    code: String,
    n: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapRequest {
    size: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsRequest {
    kind: Kind,
    code: String,
    size: u64,
}

fn query<T>(request: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    request
        .map(|Query(request)| request)
        .map_err(|rejection| ApiError::bad("query", rejection.body_text()))
}

fn svg(picture: String) -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], picture).into_response()
}

/// The answer to a picture's request: the SVG, or the JSON of what was wrong.
async fn answer(picture: impl Future<Output = Result<String, ApiError>>) -> Response {
    picture.await.map_or_else(IntoResponse::into_response, svg)
}

/// The nim-sequence of a code, heaps 0 to n.
pub async fn sequence(request: Result<Query<SequenceRequest>, QueryRejection>) -> Response {
    answer(async {
        let request = query(request)?;
        at_most("n", "heaps", request.n, MAX_SEQUENCE)?;
        of_code(
            request.kind,
            request.code,
            Picture::Sequence { n: request.n },
        )
        .await
    })
    .await
}

/// Wythoff's P-positions, `size` × `size`.
pub async fn wythoff(request: Result<Query<MapRequest>, QueryRejection>) -> Response {
    answer(async {
        let request = query(request)?;
        at_most("size", "heaps a side", request.size, MAX_MAP)?;
        compute(move |_| {
            plot::wythoff_map(request.size).map_err(|error| ApiError::bad("size", error))
        })
        .await
    })
    .await
}

/// The P-positions of two heaps of a code's game, `size` × `size`.
pub async fn pairs(request: Result<Query<PairsRequest>, QueryRejection>) -> Response {
    answer(async {
        let request = query(request)?;
        at_most("size", "heaps a side", request.size, MAX_MAP)?;
        of_code(
            request.kind,
            request.code,
            Picture::Pairs { size: request.size },
        )
        .await
    })
    .await
}

/// A picture of the game `code` names, drawn off the server's threads.
async fn of_code(kind: Kind, code: String, picture: Picture) -> Result<String, ApiError> {
    compute(move |deadline| {
        let game = CodeGame::parse(kind, &code, "code")?;
        game.with((game.name(), picture, deadline), "kind")
    })
    .await
}

/// The pictures of a heap game.
enum Picture {
    /// Its nim-sequence, heaps 0 to `n`.
    Sequence { n: u64 },
    /// Its two-heap P-positions, `size` × `size`.
    Pairs { size: u64 },
}

impl HeapGameAnswer<Result<String, ApiError>> for (String, Picture, Deadline) {
    fn with(self, game: &impl HeapGame) -> Result<String, ApiError> {
        let (title, picture, deadline) = self;
        let (field, max_heap) = match picture {
            Picture::Sequence { n } => ("n", n),
            Picture::Pairs { size } => ("size", size.saturating_sub(1)),
        };
        let bad = |error: &dyn std::fmt::Display| ApiError::bad(field, error);
        let values = values_by(game, max_heap, deadline).map_err(|error| bad(&error))??;
        match picture {
            Picture::Sequence { .. } => plot::nim_sequence(&title, &values),
            Picture::Pairs { size } => plot::heap_pair_map(&title, &values, size),
        }
        .map_err(|error| bad(&error))
    }
}
