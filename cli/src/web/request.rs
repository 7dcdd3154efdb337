//! What every endpoint shares: reading a request, refusing it with a JSON answer that names
//! the field at fault, computing off the server's threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How long one request may take, reading its body included, before it is answered 503 —
/// and a computation before it stops.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// A refused request: its status, what was wrong, and the field of the request at fault.
#[derive(Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    status: StatusCode,
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
}

impl ApiError {
    /// The field at fault, if the answer names one.
    #[cfg(test)]
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The answer's status.
    #[cfg(test)]
    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn new(status: StatusCode, error: String) -> Self {
        ApiError {
            status,
            error,
            field: None,
        }
    }

    /// A 400 answer naming the field at fault.
    pub fn bad(field: &str, error: impl std::fmt::Display) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            error: error.to_string(),
            field: Some(field.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(&self)).into_response()
    }
}

/// A request body read as JSON: a 400 answer names the field at fault (`heaps[2]`); a body
/// past the body limit is a 413 answer, in JSON as every other.
pub fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let body = body.map_err(|rejection| ApiError {
        status: rejection.status(),
        error: rejection.body_text(),
        field: None,
    })?;
    read(&body)
}

fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    let request = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = error.path().to_string();
        ApiError::bad(&path, error.into_inner())
    })?;
    deserializer
        .end()
        .map_err(|error| ApiError::bad(".", error))?;
    Ok(request)
}

/// The most computations that run at once: one a thread of the runtime's blocking pool.
/// A request past them is answered 503 at once instead of waiting in a queue that a few
/// slow requests would fill for minutes.
pub const MAX_COMPUTATIONS: usize = 4;

/// The computations running now.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// A place among the [`MAX_COMPUTATIONS`], given back when the computation ends — which
/// it does by its [`Deadline`], not when its request is dropped.
struct Place;

impl Place {
    fn take() -> Option<Place> {
        RUNNING
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |running| {
                (running < MAX_COMPUTATIONS).then_some(running + 1)
            })
            .ok()
            .map(|_| Place)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// When a computation must stop: the work checks it as it goes (a dropped request does not
/// stop a thread), and gives up with a 503 answer past it.
#[derive(Clone, Copy, Debug)]
pub struct Deadline(Instant);

impl Deadline {
    /// [`TIME_LIMIT`] from now.
    pub fn from_now() -> Self {
        Deadline(Instant::now() + TIME_LIMIT)
    }

    /// `limit` from now, for the tests of computations that must stop.
    #[cfg(test)]
    pub fn after(limit: Duration) -> Self {
        Deadline(Instant::now() + limit)
    }

    pub fn passed(self) -> bool {
        Instant::now() >= self.0
    }

    /// The 503 answer of a computation stopped by its deadline.
    pub fn error() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the computation took more than {} s and was stopped: a smaller n, smaller \
                 heaps or a shorter code",
                TIME_LIMIT.as_secs()
            ),
        )
    }

    /// `Err` with [`error`](Self::error) once the deadline has passed.
    pub fn check(self) -> Result<(), ApiError> {
        if self.passed() {
            return Err(Self::error());
        }
        Ok(())
    }
}

/// `compute` on a thread of its own, so that a long one leaves the server answering, with
/// a [`Deadline`] to check; a 503 answer at once when [`MAX_COMPUTATIONS`] are running. A
/// panic in it is a 500 answer, not a dead server.
pub async fn compute<T: Send + 'static>(
    compute: impl FnOnce(Deadline) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let Some(place) = Place::take() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy with {MAX_COMPUTATIONS} computations: try again in a few \
                 seconds"
            ),
        ));
    };
    let deadline = Deadline::from_now();
    tokio::task::spawn_blocking(move || {
        let _place = place;
        compute(deadline)
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the computation failed".to_string(),
        )
    })?
}

/// The largest number a request may hold where the answer repeats it: JavaScript's
/// `Number.MAX_SAFE_INTEGER`, so that every number of every answer reads exactly in a browser.
pub const MAX_NUMBER: u64 = (1 << 53) - 1;

/// `Err` naming `field` when `count` passes `limit`.
pub fn at_most(field: &str, what: &str, count: u64, limit: u64) -> Result<(), ApiError> {
    if count > limit {
        return Err(ApiError::bad(
            field,
            format!("{count} {what} is more than the site's limit of {limit}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        #[allow(dead_code)]
        heaps: Vec<u64>,
    }

    #[test]
    fn bad_bodies_name_their_field() {
        let error = read::<Sample>(br#"{"heaps": [1, "x"]}"#).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("heaps[1]"));
        let error = read::<Sample>(br#"{"heap": [1]}"#).unwrap_err();
        assert!(
            error.error.contains("unknown field `heap`"),
            "{}",
            error.error
        );
        let error = read::<Sample>(br#"{"heaps": [1]} trailing"#).unwrap_err();
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert!(read::<Sample>(br#"{"heaps": [1, 2]}"#).is_ok());
    }
}
