//! `impartial serve`: the play-and-learn site, on loopback unless told otherwise.
//!
//! The pages are plain HTML, CSS and a little JavaScript, compiled into the binary; every
//! answer of game theory comes from the library through the JSON API (`cli/API.md`), so
//! the browser only draws. Every request has a body limit ([`MAX_BODY`]) and a time limit
//! ([`TIME_LIMIT`]); every input has a size limit of its own, named in its 400 answer.
//!
//! The modules: `nim`, `take_away` and `code` answer the games' positions and moves,
//! `pictures` draws, `pages` serves the site itself; all share `request`'s helpers.

mod code;
mod nim;
mod pages;
mod pictures;
mod request;
mod stamped;
mod take_away;

use std::io::Write as _;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;

use request::{ApiError, TIME_LIMIT};
use stamped::{DATA_POLICY, Stamped};

use crate::args::ServeArguments;
use crate::failure::Failure;
use crate::interrupt;

/// The largest request body, in bytes: a position of the largest size any game accepts
/// fits many times over.
pub const MAX_BODY: usize = 16 * 1024;

/// The most time a connection may take to send a request's headers.
pub const HEADER_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How long the server waits after an accept fails before it accepts again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How long the process waits, once the server has stopped, for computations still running
/// (each stops by its deadline anyway).
const SHUTDOWN_LIMIT: Duration = Duration::from_secs(1);

/// Serves the site until Ctrl-C, having printed its address.
pub fn execute(arguments: &ServeArguments) -> Result<(), Failure> {
    interrupt::install();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(request::MAX_COMPUTATIONS)
        .enable_all()
        .build()
        .map_err(|error| Failure::from(format!("starting the server: {error}")))?;
    let served = runtime.block_on(serve(SocketAddr::new(arguments.host, arguments.port)));
    // Dropped, the runtime would wait for every computation still on its threads.
    runtime.shutdown_timeout(SHUTDOWN_LIMIT);
    served
}

async fn serve(address: SocketAddr) -> Result<(), Failure> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| Failure::from(format!("listening on {address}: {error}")))?;
    let address = listener
        .local_addr()
        .map_err(|error| Failure::from(format!("the address listened on: {error}")))?;
    // The first line is the address, for a person and for the tests that start the server.
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "http://{address}/");
    let _ = writeln!(stdout, "impartial: serving the site; Ctrl-C stops it");
    let _ = stdout.flush();
    drop(stdout);
    if !address.ip().is_loopback() {
        eprintln!(
            "impartial: warning: listening on {}, open to the network: the site has no login, \
             only its request limits",
            address.ip()
        );
    }
    accept(listener, router()).await;
    Ok(())
}

/// Serves each connection `listener` accepts until a stop is requested, then lets those
/// open finish (at most [`TIME_LIMIT`] more). Each connection has [`HEADER_TIME_LIMIT`] to
/// send a request's headers, as hyper allows once it has a timer: a client that opens
/// connections and never finishes a request (slowloris) holds none for long. `axum::serve`
/// sets no such deadline.
async fn accept(listener: tokio::net::TcpListener, app: Router) {
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop_requested());
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                // Out of file descriptors (EMFILE), or a connection refused before it was
                // accepted: the next accept would fail at once again, and the loop spin at
                // full speed, so it waits for connections to close first.
                let Ok((stream, _)) = accepted else {
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                };
                let connection = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIME_LIMIT)
                    .serve_connection(
                        TokioIo::new(Stamped::new(stream)),
                        TowerToHyperService::new(app.clone()),
                    );
                let connection = graceful.watch(connection);
                tokio::spawn(async move {
                    // A connection that ends in error (closed, timed out) ends; the server goes on.
                    let _ = connection.await;
                });
            }
            () = &mut stop => break,
        }
    }
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(TIME_LIMIT) => {}
    }
}

/// Resolves when Ctrl-C (or SIGTERM) arrives: the flag the rest of the binary uses.
async fn stop_requested() {
    while !interrupt::requested() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every page and endpoint, with the limits.
fn router() -> Router {
    Router::new()
        .route("/", get(pages::index))
        .route("/nim", get(pages::nim))
        .route("/fibonacci", get(pages::take_away))
        .route("/code", get(pages::code))
        .route("/learn", get(pages::learn))
        .route("/pictures", get(pages::pictures))
        .route("/assets/{file}", get(pages::asset))
        .route("/favicon.ico", get(pages::favicon))
        .route("/api", get(pages::api))
        .route("/api.md", get(pages::api_markdown))
        .route("/api/nim/position", post(nim::position))
        .route("/api/nim/move", post(nim::play))
        .route("/api/take-away/position", post(take_away::position))
        .route("/api/take-away/move", post(take_away::play))
        .route("/api/code/position", post(code::position))
        .route("/api/code/move", post(code::play))
        .route("/api/plot/sequence", get(pictures::sequence))
        .route("/api/plot/wythoff", get(pictures::wythoff))
        .route("/api/plot/pairs", get(pictures::pairs))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(limits))
}

/// Whether `host` (a Host header) names this server as only a browser on this machine or a
/// client that knows its address would: `localhost` or an IP address, with any port. A
/// page on another site reaching a loopback server through a name of its own that it
/// points at 127.0.0.1 (DNS rebinding) sends that name, and is refused.
fn is_own_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        // [::1]:8080
        match rest.split_once(']') {
            Some((address, port)) if port.is_empty() || port.starts_with(':') => {
                return address.parse::<std::net::Ipv6Addr>().is_ok()
                    && port
                        .trim_start_matches(':')
                        .bytes()
                        .all(|b| b.is_ascii_digit());
            }
            _ => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        }
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::Ipv4Addr>().is_ok()
}

/// The checks every request passes first ([`refusal`]); every request is cut at
/// [`TIME_LIMIT`], and every answer — a refusal too — that is not a page gets `nosniff` and a
/// policy under which nothing in it runs. (Hyper's own answers to requests it cannot read
/// get them from [`Stamped`].)
async fn limits(request: Request, next: Next) -> Response {
    let mut response = match refusal(&request) {
        Some(refused) => refused.into_response(),
        None => checked(request, next).await,
    };
    let headers = response.headers_mut();
    headers
        .entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(header::HeaderValue::from_static("nosniff"));
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(header::HeaderValue::from_static(DATA_POLICY));
    response
}

/// Why `request` is refused before it is looked at, if it is: a Host this server does not
/// answer to; a request for the API from a page of another origin (a page anywhere may
/// embed `<img src="http://127.0.0.1:PORT/api/plot/…">` and use up the computations); a
/// POST's body without a JSON type (a page elsewhere can send a `text/plain` POST without
/// asking first, but not a JSON one).
fn refusal(request: &Request) -> Option<ApiError> {
    let text = |name| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
    };
    let host = text(header::HOST).unwrap_or("");
    if !is_own_host(host) {
        return Some(ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "this server answers requests for localhost or its IP address only".to_string(),
        ));
    }
    if request.uri().path().starts_with("/api/") {
        // A browser says where a request comes from: `Sec-Fetch-Site` (the site's own pages
        // send `same-origin`; an address typed in, `none`), and `Origin` on a POST or a
        // request from a script.
        let site_allowed = text(HeaderName::from_static("sec-fetch-site"))
            .is_none_or(|site| site == "same-origin" || site == "none");
        let origin_allowed =
            text(header::ORIGIN).is_none_or(|origin| origin == format!("http://{host}"));
        if !site_allowed || !origin_allowed {
            return Some(ApiError::new(
                StatusCode::FORBIDDEN,
                "the API answers the site's own pages and programs, not pages of other sites"
                    .to_string(),
            ));
        }
    }
    if request.method() == axum::http::Method::POST {
        let json = text(header::CONTENT_TYPE)
            .and_then(|kind| kind.split(';').next())
            .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Some(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a request body must be JSON, sent with Content-Type: application/json".to_string(),
            ));
        }
    }
    None
}

/// The body's announced size and the time limit.
async fn checked(request: Request, next: Next) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|length| length > MAX_BODY as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a request body may have at most {MAX_BODY} bytes"),
        )
        .into_response();
    }
    match tokio::time::timeout(TIME_LIMIT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took more than {} s and was dropped",
                TIME_LIMIT.as_secs()
            ),
        )
        .into_response(),
    }
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page".to_string())
}
