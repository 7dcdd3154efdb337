//! The library's pictures on the site: SVG answers to GET requests, so that a page shows
//! them with a plain `<img>`.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use impartial::{HeapGame, plot};
use serde::Deserialize;

use super::code::{CodeGame, HeapGameAnswer, Kind};
use super::request::{ApiError, at_most, compute};

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

/// The nim-sequence of a code, heaps 0 to n.
pub async fn sequence(request: Result<Query<SequenceRequest>, QueryRejection>) -> Response {
    let answer = async {
        let request = query(request)?;
        at_most("n", "heaps", request.n, MAX_SEQUENCE)?;
        compute(move || {
            let game = CodeGame::parse(request.kind, &request.code, "code")?;
            game.with(SequencePicture {
                title: game.name(),
                n: request.n,
            })
        })
        .await
    };
    answer.await.map_or_else(IntoResponse::into_response, svg)
}

struct SequencePicture {
    title: String,
    n: u64,
}

impl HeapGameAnswer<Result<String, ApiError>> for SequencePicture {
    fn with(self, game: &impl HeapGame) -> Result<String, ApiError> {
        let values = game
            .values_up_to(self.n)
            .map_err(|error| ApiError::bad("n", error))?;
        plot::nim_sequence(&self.title, &values).map_err(|error| ApiError::bad("n", error))
    }
}

/// Wythoff's P-positions, `size` × `size`.
pub async fn wythoff(request: Result<Query<MapRequest>, QueryRejection>) -> Response {
    let answer = async {
        let request = query(request)?;
        at_most("size", "heaps a side", request.size, MAX_MAP)?;
        compute(move || {
            plot::wythoff_map(request.size).map_err(|error| ApiError::bad("size", error))
        })
        .await
    };
    answer.await.map_or_else(IntoResponse::into_response, svg)
}

/// The P-positions of two heaps of a code's game, `size` × `size`.
pub async fn pairs(request: Result<Query<PairsRequest>, QueryRejection>) -> Response {
    let answer = async {
        let request = query(request)?;
        at_most("size", "heaps a side", request.size, MAX_MAP)?;
        compute(move || {
            let game = CodeGame::parse(request.kind, &request.code, "code")?;
            game.with(PairsPicture {
                title: game.name(),
                size: request.size,
            })
        })
        .await
    };
    answer.await.map_or_else(IntoResponse::into_response, svg)
}

struct PairsPicture {
    title: String,
    size: u64,
}

impl HeapGameAnswer<Result<String, ApiError>> for PairsPicture {
    fn with(self, game: &impl HeapGame) -> Result<String, ApiError> {
        let values = game
            .values_up_to(self.size.saturating_sub(1))
            .map_err(|error| ApiError::bad("size", error))?;
        plot::heap_pair_map(&self.title, &values, self.size)
            .map_err(|error| ApiError::bad("size", error))
    }
}
