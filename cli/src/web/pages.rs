//! The site's pages, compiled into the binary: plain HTML (one head and navigation, each
//! page's `<main>`), one style sheet and a script per page, which only draw what the API
//! answers.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Scripts and pictures come from this server only; no inline script runs.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                      script-src 'self'; frame-ancestors 'none'";

fn page(html: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        html,
    )
        .into_response()
}

/// A page: the shared head and navigation around `assets/FILE`'s `<main>` and scripts.
macro_rules! page {
    ($title:literal, $file:literal) => {
        page(concat!(
            include_str!("assets/head.html"),
            "<title>",
            $title,
            "</title>\n",
            include_str!("assets/nav.html"),
            include_str!(concat!("assets/", $file)),
            include_str!("assets/foot.html"),
        ))
    };
}

pub async fn index() -> Response {
    page!("impartial — play and see", "index.html")
}

pub async fn nim() -> Response {
    page!("Nim — impartial", "nim.html")
}

pub async fn take_away() -> Response {
    page!("Fibonacci Nim — impartial", "fibonacci.html")
}

pub async fn code() -> Response {
    page!("Any heap game — impartial", "code.html")
}

pub async fn learn() -> Response {
    page!("Learn — impartial", "learn.html")
}

pub async fn pictures() -> Response {
    page!("Pictures — impartial", "pictures.html")
}

/// The API's documentation as the repository has it (`cli/API.md`).
const API_MARKDOWN: &str = include_str!("../../API.md");

/// The API's documentation as a page of the site, rendered once.
pub async fn api() -> Response {
    static PAGE: LazyLock<String> = LazyLock::new(|| {
        let mut body = String::new();
        let options = pulldown_cmark::Options::ENABLE_TABLES;
        pulldown_cmark::html::push_html(
            &mut body,
            pulldown_cmark::Parser::new_ext(API_MARKDOWN, options),
        );
        // Wide tables and code scroll inside the page, not the page itself, on a phone.
        let body = body
            .replace(
                "<table>",
                "<div class=\"scroll\"><table class=\"reference\">",
            )
            .replace("</table>", "</table></div>")
            // A block that scrolls must take the keyboard's focus to be scrolled by it.
            .replace("<pre>", "<pre tabindex=\"0\">");
        format!(
            "{}<title>The JSON API — impartial</title>\n{}<main class=\"document\">\n{body}\
             <p><a href=\"/api.md\">The same as Markdown</a></p>\n</main>\n{}",
            include_str!("assets/head.html"),
            include_str!("assets/nav.html"),
            include_str!("assets/foot.html"),
        )
    });
    page(&PAGE)
}

/// The API's documentation as plain Markdown, for programs and for reading as text.
pub async fn api_markdown() -> Response {
    (
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        API_MARKDOWN,
    )
        .into_response()
}

/// The site's icon, where a browser asks for it without reading the pages' `<link>`: three
/// heaps of counters, 1, 2 and 3 (a 404 there was an error in every browser's console).
pub async fn favicon() -> Response {
    asset(Path("icon.svg".to_string())).await
}

pub async fn asset(Path(file): Path<String>) -> Response {
    let (kind, text) = match file.as_str() {
        "style.css" => ("text/css", include_str!("assets/style.css")),
        "site.js" => ("text/javascript", include_str!("assets/site.js")),
        "nim.js" => ("text/javascript", include_str!("assets/nim.js")),
        "fibonacci.js" => ("text/javascript", include_str!("assets/fibonacci.js")),
        "code.js" => ("text/javascript", include_str!("assets/code.js")),
        "pictures.js" => ("text/javascript", include_str!("assets/pictures.js")),
        "icon.svg" => ("image/svg+xml", include_str!("assets/icon.svg")),
        _ => return (StatusCode::NOT_FOUND, "no such file").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        text,
    )
        .into_response()
}
