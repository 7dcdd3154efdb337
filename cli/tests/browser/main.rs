//! The site in a real browser: headless Chromium, driven through chromedriver, plays whole
//! games of Nim, Fibonacci Nim and Kayles by clicks and keys against `impartial serve`. After
//! every move of the computer the position on the page is checked against the library: safe
//! (a P-position), the explanation names the column the rule chose, and the heap and column
//! are marked in the position the move was made from. A reload in the middle must resume the
//! game, focus must stay where play goes on, and "Play again" must start the game again.
//! `site` checks the rest a visitor meets (previews, errors, edges, hints, phone width,
//! axe-core). Screenshots are saved in `target/browser/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (or `CHROMIUM` and `CHROMEDRIVER` naming
//! them), hence ignored by default:
//! `cargo test -p impartial-cli --test browser -- --ignored` (CI installs both, fetches axe-core
//! with `cli/tests/browser/fetch-axe.sh`, and runs it).

#[path = "../web/server.rs"]
mod server;
mod site;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use impartial::take_away::TakeAwayState;
use impartial::{Outcome, fibonacci, nim};
use server::Server;

const IGNORED: &str =
    "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored";

/// A chromedriver on a free loopback port; dropping it stops it.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let program = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let child = Command::new(&program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("{program} does not start ({error}); {IGNORED}"));
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A headless Chromium session, retried while chromedriver starts.
async fn browser(driver: &Driver, profile: &tempfile::TempDir) -> Client {
    let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let options = serde_json::json!({
        "binary": binary,
        // The flags this machine's closed network needs, and a fresh profile.
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--window-size=1200,1300",
            format!("--user-data-dir={}", profile.path().display())],
    });
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    let started = Instant::now();
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(client) => return client,
            Err(error) if started.elapsed() > Duration::from_secs(30) => {
                panic!("no browser session within 30 s: {error}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

async fn attribute(client: &Client, css: &str, name: &str) -> Option<String> {
    let element = client.find(Locator::Css(css)).await.ok()?;
    element.attr(name).await.ok()?
}

async fn text(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Waits until `ready` holds of the page, failing the test after 20 s.
async fn wait_until<F, R>(client: &Client, what: &str, mut ready: F)
where
    F: FnMut(Client) -> R,
    R: Future<Output = bool>,
{
    let started = Instant::now();
    while !ready(client.clone()).await {
        let error = text(client, "#error").await;
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "waited 20 s for {what}; the page's error: {error:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn turn(client: &Client) -> String {
    attribute(client, "body", "data-turn")
        .await
        .unwrap_or_default()
}

/// The turn and the page's `key` (a JavaScript expression), read at one instant: two reads
/// could straddle a move.
async fn snapshot(client: &Client, key: &str) -> (String, String) {
    let script = format!("return [document.body.dataset.turn || '', String({key})];");
    let value = client.execute(&script, Vec::new()).await.unwrap();
    let read = |index: usize| value[index].as_str().unwrap_or_default().to_string();
    (read(0), read(1))
}

/// Waits for the computer's answer: the player's turn with a position other than `seen` —
/// the one the player moved from (still shown until the page has sent the move) and the one
/// the move left — or the end.
async fn computer_answer(client: &Client, key: &'static str, seen: &[String]) {
    let seen = seen.to_vec();
    wait_until(client, "the computer's move", move |client| {
        let seen = seen.clone();
        async move {
            let (turn, now) = snapshot(&client, key).await;
            turn == "over" || turn == "you" && !seen.contains(&now)
        }
    })
    .await;
}

const NIM_KEY: &str = "[...document.querySelectorAll('.heap')].map(h => h.dataset.size).join()";
const FIBONACCI_KEY: &str = "document.getElementById('counters').dataset.remaining";
const CODE_KEY: &str = "document.getElementById('position').dataset.heaps";

fn joined(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

async fn nim_heaps(client: &Client) -> Vec<u64> {
    let (_, heaps) = snapshot(client, NIM_KEY).await;
    heaps
        .split(',')
        .filter(|heap| !heap.is_empty())
        .map(|heap| heap.parse().unwrap())
        .collect()
}

async fn nim_answer(client: &Client, seen: &[&[u64]]) -> Vec<u64> {
    let seen: Vec<String> = seen.iter().map(|heaps| joined(heaps)).collect();
    computer_answer(client, NIM_KEY, &seen).await;
    nim_heaps(client).await
}

async fn screenshot(client: &Client, name: &str) {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../browser");
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    std::fs::write(&path, client.screenshot().await.unwrap()).unwrap();
    println!("screenshot: {}", path.display());
}

/// What "Play again" must lead to: the page's position `key` showing `value` once the
/// computer has answered the start again.
struct Again {
    key: &'static str,
    value: &'static str,
}

/// Whether the game is over; then the computer must have won, after at least `least` of
/// its moves, the page is saved as `name`, focus is on "Play again", a click on it starts
/// the game again (`again`), and the browser is closed.
async fn computer_won(
    client: &Client,
    name: &str,
    moves: usize,
    least: usize,
    again: Option<Again>,
) -> bool {
    if turn(client).await != "over" {
        return false;
    }
    let winner = attribute(client, "#status", "data-winner").await;
    assert_eq!(winner.as_deref(), Some("computer"));
    screenshot(client, name).await;
    assert!(moves >= least, "a whole game, not {moves} moves");
    assert!(
        focused_within(client, "#again").await,
        "focus on Play again"
    );
    if let Some(Again { key, value }) = again {
        click(client, "#again").await;
        wait_until(client, "the game started again", |client| async move {
            let (turn, now) = snapshot(&client, key).await;
            turn == "you" && now == value
        })
        .await;
        assert!(attribute(client, "#again", "hidden").await.is_some());
    }
    client.clone().close().await.unwrap();
    true
}

/// A server, a chromedriver and headless Chromium on the site's `page`; dropping it stops
/// them all.
struct Session {
    client: Client,
    _profile: tempfile::TempDir,
    _driver: Driver,
    server: Server,
}

impl Session {
    /// The site's address, ending in `/`.
    fn url(&self) -> &str {
        &self.server.url
    }

    async fn open(page: &str) -> Session {
        let server = Server::start(&[]);
        let driver = Driver::start();
        let profile = tempfile::tempdir().unwrap();
        let client = browser(&driver, &profile).await;
        client.goto(&format!("{}{page}", server.url)).await.unwrap();
        Session {
            client,
            _profile: profile,
            _driver: driver,
            server,
        }
    }
}

async fn click(client: &Client, css: &str) {
    let button: Element = client.find(Locator::Css(css)).await.unwrap();
    button.click().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn nim_played_to_the_end_by_clicks_keys_and_a_reload() {
    let start = [3u64, 4, 5, 6];
    let session = Session::open("nim?heaps=3,4,5,6&play=normal&turn=computer").await;
    let client = &session.client;
    let mut before = start.to_vec();
    let mut shown = start.to_vec();
    for moves in 0.. {
        let heaps = nim_answer(client, &[&shown, &before]).await;
        // The computer left every column even, by the column the seed's rule names.
        assert_eq!(nim::nim_sum(&heaps), 0, "{before:?} → {heaps:?}");
        let column = 1u64 << nim::nim_sum(&before).ilog2();
        let explanation = text(client, "#explanation").await;
        let last = heaps.iter().filter(|&&heap| heap > 0).count() == 0
            && before.iter().filter(|&&heap| heap > 0).count() == 1;
        assert!(
            explanation.contains(&format!("The first odd column is the {column}s column"))
                || last && explanation.contains("Only heap"),
            "{before:?}: {explanation}"
        );
        computer_move_marked(client, &before, &heaps, column).await;
        // Again from 3, 4, 5, 6: the nim-sum 4 sends the computer to heap 2's 4s column.
        let again = Again {
            key: NIM_KEY,
            value: "3,0,5,6",
        };
        if computer_won(client, "nim-end.png", moves, 2, Some(again)).await {
            return;
        }
        // Play goes on from the board, or from the form if the last move was made there.
        let focus = if moves == 3 { "#move" } else { "#board" };
        assert!(
            focused_within(client, focus).await,
            "focus after move {moves}"
        );
        if moves == 0 {
            screenshot(client, "nim.png").await;
        }
        if moves == 1 {
            // A reload resumes the game from the address.
            client.refresh().await.unwrap();
            wait_until(client, "the game after a reload", |client| {
                let heaps = heaps.clone();
                async move { turn(&client).await == "you" && nim_heaps(&client).await == heaps }
            })
            .await;
        }
        let (index, &size) = heaps
            .iter()
            .enumerate()
            .max_by_key(|&(_, size)| size)
            .unwrap();
        let leave = (size - 1) / 2;
        if moves == 2 {
            // By keys: the move form, Enter to send.
            let heap = client.find(Locator::Css("#move-heap")).await.unwrap();
            heap.clear().await.unwrap();
            heap.send_keys(&(index + 1).to_string()).await.unwrap();
            let to = client.find(Locator::Css("#move-to")).await.unwrap();
            to.clear().await.unwrap();
            to.send_keys(&format!("{leave}{}", char::from(Key::Enter)))
                .await
                .unwrap();
        } else {
            click(
                client,
                &format!(".heap[data-heap='{index}'] button[data-leave='{leave}']"),
            )
            .await;
        }
        before.clone_from(&heaps);
        before[index] = leave;
        shown = heaps;
    }
}

/// The heap the computer changed is marked on the board and in the table of the position it
/// moved from, with the column its rule chose; that table shows the heaps before the move.
async fn computer_move_marked(client: &Client, before: &[u64], after: &[u64], column: u64) {
    let changed = (0..before.len())
        .find(|&index| before[index] != after[index])
        .expect("the computer's move changes a heap");
    let marked = attribute(client, "#board .heap.changed", "data-heap").await;
    assert_eq!(marked, Some(changed.to_string()), "{before:?} → {after:?}");
    let row = text(client, "#before-columns tr.chosen th").await;
    assert_eq!(row, format!("{}: {}", changed + 1, before[changed]));
    let chosen = text(client, "#before-columns tr:first-child th.chosen").await;
    assert_eq!(chosen, format!("{column}s"));
    let (_, shown) = snapshot(
        client,
        "[...document.querySelectorAll('#before-columns tr > th:first-child')].slice(1, -1)\
         .map(th => th.textContent.split(': ')[1]).join()",
    )
    .await;
    assert_eq!(
        shown,
        joined(before),
        "the table the explanation reads against"
    );
}

/// Whether the focused element is inside `css`.
async fn focused_within(client: &Client, css: &str) -> bool {
    let script = format!("return document.activeElement.closest({css:?}) !== null;");
    client.execute(&script, Vec::new()).await.unwrap() == serde_json::Value::Bool(true)
}

async fn fibonacci_state(client: &Client) -> (u64, u64) {
    let remaining = attribute(client, "#counters", "data-remaining").await;
    let limit = attribute(client, "#limit", "data-limit").await;
    (
        remaining
            .and_then(|text| text.parse().ok())
            .unwrap_or(u64::MAX),
        limit.and_then(|text| text.parse().ok()).unwrap_or(u64::MAX),
    )
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn fibonacci_nim_played_to_the_end() {
    // 30 = 21 + 8 + 1: the computer, first, takes 1.
    let session = Session::open("fibonacci?k=2&remaining=30&turn=computer").await;
    let client = &session.client;
    let mut before = 30;
    for moves in 0.. {
        let seen = [before.to_string(), (before + 1).to_string()];
        computer_answer(client, FIBONACCI_KEY, &seen).await;
        let (remaining, limit) = fibonacci_state(client).await;
        let explanation = text(client, "#explanation").await;
        assert!(explanation.contains("smallest term"), "{explanation}");
        assert_eq!(
            fibonacci::outcome(TakeAwayState::new(remaining, limit)),
            Outcome::P,
            "the computer left {remaining} with a limit of {limit}"
        );
        // Again from 30 = 21 + 8 + 1: the computer takes 1.
        let again = Again {
            key: FIBONACCI_KEY,
            value: "29",
        };
        if computer_won(client, "fibonacci.png", moves, 2, Some(again)).await {
            return;
        }
        let focus = if moves == 2 { "#move" } else { "#takes" };
        assert!(
            focused_within(client, focus).await,
            "focus after move {moves}"
        );
        if moves == 1 {
            let take = client.find(Locator::Css("#take")).await.unwrap();
            take.clear().await.unwrap();
            take.send_keys(&format!("1{}", char::from(Key::Enter)))
                .await
                .unwrap();
        } else {
            click(client, "button[data-take='1']").await;
        }
        before = remaining - 1;
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn kayles_by_its_code_played_to_the_end() {
    // Kayles, 0.77: heaps of 5, 7 and 9 have values 4, 2 and 4 — the computer, first, wins.
    let session = Session::open("code?kind=octal&code=0.77&heaps=5,7,9&turn=computer").await;
    let client = &session.client;
    let mut before = "5,7,9".to_string();
    for moves in 0.. {
        computer_answer(client, CODE_KEY, std::slice::from_ref(&before)).await;
        let nim_sum = attribute(client, "#position", "data-nim-sum").await;
        assert_eq!(
            nim_sum.as_deref(),
            Some("0"),
            "the computer left values whose XOR is 0"
        );
        let explanation = text(client, "#explanation").await;
        // One heap left has no XOR to speak of: its value is what counts.
        assert!(
            explanation.contains("the XOR is 0") || explanation.contains("(value 0)"),
            "{explanation}"
        );
        if computer_won(client, "kayles.png", moves, 1, None).await {
            return;
        }
        before = attribute(client, "#position", "data-heaps").await.unwrap();
        // The first option of the first heap that has one.
        click(client, "#position button:enabled").await;
    }
}
