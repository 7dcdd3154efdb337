//! The site as a visitor meets it: what a click will take before the click, errors in the
//! page's words, the edge positions, hints hidden, and every page at a desktop's and a
//! phone's width — no sideways scroll, touch targets of 44 px, the board on the first screen,
//! and axe-core's checks of WCAG 2.x levels A and AA in the browser.

use std::path::PathBuf;

use fantoccini::Client;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::key::Key;
use fantoccini::{Locator, elements::Element};
use serde_json::Value;

use super::{Session, click, focused_within, screenshot, snapshot, text, wait_until};

/// axe-core's version, fetched and checked by `cli/tests/browser/fetch-axe.sh` (`.ci/run`
/// runs it).
const AXE_VERSION: &str = "4.11.0";

/// Runs `script` (a function body) in the page and returns what it returns.
async fn run(client: &Client, script: &str) -> Value {
    client.execute(script, Vec::new()).await.unwrap()
}

/// Waits until the game on the page is the player's or over: the computer has answered.
async fn settled(client: &Client) {
    wait_until(client, "the player's turn", |client| async move {
        let (turn, _) = snapshot(&client, "''").await;
        turn == "you" || turn == "over"
    })
    .await;
}

/// For each counter of heap `heap`, whether it is drawn as taken by a click.
async fn taking(client: &Client, heap: usize) -> Vec<bool> {
    let script = format!(
        "return [...document.querySelectorAll(\".heap[data-heap='{heap}'] .counter\")]\
         .map(c => c.classList.contains('taking'));"
    );
    serde_json::from_value(run(client, &script).await).unwrap()
}

async fn counter(client: &Client, heap: usize, leave: u64) -> Element {
    let css = format!(".heap[data-heap='{heap}'] .counter[data-leave='{leave}']");
    client.find(Locator::Css(&css)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn a_counter_shows_what_a_click_takes_on_hover_and_on_focus() {
    let session = Session::open("nim?heaps=6,2&turn=you").await;
    let client = &session.client;
    settled(client).await;
    // The pointer on the third counter of heap 1: a click leaves 2, so it takes 4.
    let third = counter(client, 0, 2).await;
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: third,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(hover).await.unwrap();
    assert_eq!(
        taking(client, 0).await,
        [false, false, true, true, true, true]
    );
    assert_eq!(taking(client, 1).await, [false, false]);
    assert_eq!(
        text(client, ".heap[data-heap='0'] .preview").await,
        "take 4, leave 2"
    );
    screenshot(client, "nim-hover.png").await;
    let away = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(away).await.unwrap();
    assert_eq!(taking(client, 0).await, [false; 6]);
    // By keyboard: Tab from the fourth counter to the fifth, which takes 2.
    run(
        client,
        "document.querySelector(\".heap[data-heap='0'] .counter[data-leave='3']\").focus();",
    )
    .await;
    let tab = char::from(Key::Tab).to_string();
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(&tab)
        .await
        .unwrap();
    assert_eq!(
        taking(client, 0).await,
        [false, false, false, false, true, true]
    );
    assert_eq!(
        text(client, ".heap[data-heap='0'] .preview").await,
        "take 2, leave 4"
    );
    // Enter plays it; after the computer's answer the focus is on the board again.
    let enter = char::from(Key::Enter).to_string();
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(&enter)
        .await
        .unwrap();
    wait_until(client, "the computer's answer", |client| async move {
        let (turn, heaps) = snapshot(
            &client,
            "[...document.querySelectorAll('.heap')].map(h => h.dataset.size).join()",
        )
        .await;
        turn == "you" && heaps != "6,2" && heaps != "4,2"
    })
    .await;
    assert!(focused_within(client, "#board").await);
    let focused = run(
        client,
        "return document.activeElement.classList.contains('counter');",
    )
    .await;
    assert_eq!(focused, Value::Bool(true));
}

/// The text of the page's error line once it is not empty.
async fn error_after(client: &Client) -> String {
    wait_until(client, "an error message", |client| async move {
        !text(&client, "#error").await.is_empty()
    })
    .await;
    text(client, "#error").await
}

async fn fill(client: &Client, css: &str, value: &str) {
    let input = client.find(Locator::Css(css)).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys(value).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn errors_speak_the_pages_words() {
    let session = Session::open("nim?heaps=3,4,5&turn=you").await;
    let client = &session.client;
    settled(client).await;
    let enter = char::from(Key::Enter);
    fill(client, "#move-heap", "7").await;
    fill(client, "#move-to", &format!("0{enter}")).await;
    assert_eq!(
        error_after(client).await,
        "From heap: there is no heap 7; the heaps are numbered 1 to 3"
    );
    fill(client, "#move-heap", "1").await;
    fill(client, "#move-to", &format!("5{enter}")).await;
    assert_eq!(
        error_after(client).await,
        "Leave: heap 1 has 3 counters, so leave 0 to 2 (a move takes at least one)"
    );
    // The server's answer, its field named as the page names it.
    fill(client, "#heaps", &vec!["1"; 65].join(",")).await;
    click(client, "#start").await;
    wait_until(client, "the server's refusal", |client| async move {
        text(&client, "#error").await.starts_with("Heaps: 65")
    })
    .await;
    assert_eq!(
        text(client, "#error").await,
        "Heaps: 65 heaps is more than the site's limit of 64"
    );
    client
        .goto(&format!(
            "{}fibonacci?k=2&remaining=20&turn=you",
            session.url()
        ))
        .await
        .unwrap();
    settled(client).await;
    fill(client, "#take", &format!("20{enter}")).await;
    assert_eq!(error_after(client).await, "Take: you may take 1 to 19 now");
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn edge_positions_read_right() {
    let session = Session::open("fibonacci?k=2&remaining=1&turn=you").await;
    let client = &session.client;
    settled(client).await;
    assert_eq!(
        text(client, "#status").await,
        "One counter, and the first move may not take them all: you cannot move, so the \
         computer wins."
    );
    assert_eq!(text(client, "#terms").await, "(a Fibonacci number)");
    assert!(focused_within(client, "#again").await);
    // One heap of Nim: the computer takes it whole, and says so.
    let url = session.url();
    client
        .goto(&format!("{url}nim?heaps=5&turn=computer"))
        .await
        .unwrap();
    settled(client).await;
    let explanation = text(client, "#explanation").await;
    assert!(
        explanation.contains("Only heap 1 has counters left: the computer takes all 5"),
        "{explanation}"
    );
    assert_eq!(
        text(client, "#status").await,
        "No counters left: the computer wins."
    );
    // One heap of Kayles: a nim-value, no XOR of one value.
    client
        .goto(&format!(
            "{url}code?kind=octal&code=0.77&heaps=5&turn=computer"
        ))
        .await
        .unwrap();
    settled(client).await;
    let explanation = text(client, "#explanation").await;
    assert!(
        explanation.starts_with("The heap's nim-value is 4, not 0"),
        "{explanation}"
    );
    // A heap of 1 000 at a phone's width: said in words, and the page does not scroll sideways.
    client.set_window_size(390, 844).await.unwrap();
    client
        .goto(&format!("{url}nim?heaps=1000,3&turn=you"))
        .await
        .unwrap();
    settled(client).await;
    assert_eq!(
        text(client, ".heap[data-heap='0'] .note").await,
        "1000 counters are too many to draw: use “From heap … leave …” below."
    );
    assert!(fits_the_width(client).await);
    screenshot(client, "nim-1000-390.png").await;
    // The largest heap the site takes, 2⁵³ − 1: 53 binary columns scroll inside their box.
    client
        .goto(&format!("{url}nim?heaps=9007199254740991,5&turn=you"))
        .await
        .unwrap();
    settled(client).await;
    let columns = run(
        client,
        "return document.querySelectorAll('#columns tr:first-child th').length;",
    )
    .await;
    assert_eq!(columns, Value::from(54), "a heading and 53 columns");
    assert!(
        fits_the_width(client).await,
        "53 columns scroll inside their box"
    );
    // A heap of 7 on one line at that width, under its label.
    client
        .goto(&format!("{url}nim?heaps=7,1&turn=you"))
        .await
        .unwrap();
    settled(client).await;
    let lines = run(
        client,
        "return new Set([...document.querySelectorAll(\".heap[data-heap='0'] .counter\")]\
         .map(c => c.getBoundingClientRect().top)).size;",
    )
    .await;
    assert_eq!(
        lines,
        Value::from(1),
        "the counters of a heap of 7 on one line"
    );
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn hints_can_be_hidden_and_the_address_keeps_the_choice() {
    let session = Session::open("fibonacci?k=2&remaining=20&turn=you&hints=off").await;
    let client = &session.client;
    settled(client).await;
    let shown = |css: &'static str| async move {
        let script = format!("return document.querySelector({css:?}).offsetParent !== null;");
        run(client, &script).await == Value::Bool(true)
    };
    assert!(!shown("#terms").await && shown("#counters").await);
    assert_eq!(text(client, "#status").await, "Your move.");
    click(client, "#hints").await;
    assert!(shown("#terms").await);
    assert!(
        text(client, "#status")
            .await
            .starts_with("Your move. The smallest term")
    );
    let address = client.current_url().await.unwrap();
    assert!(!address.as_str().contains("hints=off"), "{address}");
    click(client, "#hints").await;
    client.refresh().await.unwrap();
    settled(client).await;
    assert!(!shown("#terms").await);
    // The property: the attribute is the markup's default.
    let checked = run(client, "return document.getElementById('hints').checked;").await;
    assert_eq!(checked, Value::Bool(false));
}

/// Whether the page is no wider than the window: nothing scrolls it sideways.
async fn fits_the_width(client: &Client) -> bool {
    let script =
        "const root = document.documentElement; return root.scrollWidth <= root.clientWidth;";
    run(client, script).await == Value::Bool(true)
}

/// The visible controls smaller than 44 × 44 px, by tag and text (WCAG 2.5.5's size; inline
/// links in a sentence are exempt, as WCAG exempts them).
async fn small_targets(client: &Client) -> Vec<String> {
    let script = "return [...document.querySelectorAll(\
        'button, select, input:not([type=checkbox]), label.check, nav a')]\
        .filter(e => e.offsetParent !== null)\
        .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })\
        .map(e => `${e.tagName} ${e.id || e.textContent || e.getAttribute('aria-label')}`);";
    serde_json::from_value(run(client, script).await).unwrap()
}

/// axe-core's script: `AXE_CORE`, or where `fetch-axe.sh` puts it.
fn axe_source() -> Option<String> {
    let path = std::env::var_os("AXE_CORE").map_or_else(
        || {
            PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("../axe-core-{AXE_VERSION}/axe.min.js"))
        },
        PathBuf::from,
    );
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(error) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "axe-core at {} ({error}): run cli/tests/browser/fetch-axe.sh",
                path.display()
            );
            eprintln!(
                "axe-core not found at {}: accessibility not checked",
                path.display()
            );
            None
        }
    }
}

/// The violations of WCAG 2.0–2.2 levels A and AA axe-core finds on the page, as
/// `rule: targets`.
async fn axe_violations(client: &Client, source: &str) -> Vec<String> {
    run(client, source).await;
    let check = "const done = arguments[arguments.length - 1];\
        axe.run(document, { runOnly: { type: 'tag', values: \
            ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })\
        .then(result => done(result.violations.map(v => \
            `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)),\
            error => done([`axe failed: ${error}`]));";
    let found = client.execute_async(check, Vec::new()).await.unwrap();
    serde_json::from_value(found).unwrap()
}

/// Every page, with a game under way where it has one, at a desktop's and a phone's width.
const PAGES: [(&str, &str); 8] = [
    ("index", ""),
    ("nim", "nim?heaps=3,4,5,6&play=normal&turn=computer"),
    ("nim-misere", "nim?heaps=1,1,5&play=misere&turn=computer"),
    ("fibonacci", "fibonacci?k=2&remaining=30&turn=computer"),
    (
        "code",
        "code?kind=octal&code=0.77&heaps=5,7,9&turn=computer",
    ),
    ("learn", "learn"),
    ("pictures", "pictures"),
    ("api", "api"),
];

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn every_page_at_two_widths_fits_has_large_targets_and_passes_axe() {
    let axe = axe_source();
    let session = Session::open("").await;
    let client = &session.client;
    let mut problems = Vec::new();
    for (width, height) in [(1200, 1300), (390, 844)] {
        client.set_window_size(width, height).await.unwrap();
        for (name, page) in PAGES {
            client
                .goto(&format!("{}{page}", session.url()))
                .await
                .unwrap();
            wait_until(client, "the page drawn", |client| async move {
                let (turn, images) = snapshot(
                    &client,
                    "[...document.images].every(i => i.complete && i.naturalWidth > 0)",
                )
                .await;
                (turn == "you" || turn == "over" || turn == "setup") && images == "true"
            })
            .await;
            let inner = run(client, "return window.innerWidth;").await;
            assert!(
                inner
                    .as_u64()
                    .is_some_and(|inner| inner <= u64::from(width)),
                "{inner}"
            );
            if !fits_the_width(client).await {
                problems.push(format!("{name} at {width} px scrolls sideways"));
            }
            for target in small_targets(client).await {
                problems.push(format!("{name} at {width} px: {target} is under 44 px"));
            }
            if width == 390 && page.contains("turn=") {
                let top = run(
                    client,
                    "return document.querySelector('[data-board]')\
                    .getBoundingClientRect().top + window.scrollY;",
                )
                .await;
                if top.as_f64().is_none_or(|top| top >= f64::from(height)) {
                    problems.push(format!(
                        "{name}: the board starts at {top} px, below the first screen"
                    ));
                }
            }
            if let Some(axe) = &axe {
                for violation in axe_violations(client, axe).await {
                    problems.push(format!("{name} at {width} px: {violation}"));
                }
            }
            screenshot(client, &format!("{name}-{width}.png")).await;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every position of one to three heaps of at most 3.
fn small_positions() -> Vec<Vec<u64>> {
    let mut positions: Vec<Vec<u64>> = vec![Vec::new()];
    let mut all = Vec::new();
    for _ in 0..3 {
        positions = positions
            .iter()
            .flat_map(|heaps| {
                (0..=3).map(move |size| {
                    let mut longer = heaps.clone();
                    longer.push(size);
                    longer
                })
            })
            .collect();
        all.extend(positions.iter().cloned());
    }
    all
}

/// The hint of misère Nim at `heaps` holds: lost exactly when the library's misère outcome
/// is P, by the rule of its case, and the move it tells the player to find wins.
fn check_misere_hint(heaps: &[u64], hint: &str) {
    use impartial::{Outcome, nim};
    let lost = nim::misere::outcome(heaps) == Outcome::P;
    assert_eq!(hint.contains("lost"), lost, "{heaps:?}: {hint}");
    let large = heaps.iter().filter(|&&size| size > 1).count();
    let ones = heaps.iter().filter(|&&size| size == 1).count();
    let leaves_lost = |after: &[u64]| nim::misere::outcome(after) == Outcome::P;
    let nim_sum = nim::nim_sum(heaps);
    // The columns are spoken of only where they decide, and then truly.
    assert!(
        !(nim_sum != 0 && hint.contains("every column is even")),
        "{heaps:?}: {hint}"
    );
    assert!(
        !(nim_sum == 0 && hint.contains("some column is odd")),
        "{heaps:?}: {hint}"
    );
    match large {
        0 => {
            let counted = if ones == 1 {
                "One heap of 1".to_string()
            } else {
                format!("{ones} heaps of 1")
            };
            assert!(hint.starts_with(&counted), "{heaps:?}: {hint}");
            assert!(hint.contains(if ones % 2 == 1 { "odd" } else { "even" }));
            if !lost {
                // "take one": a heap of 1 taken leaves the other player lost.
                let mut after = heaps.to_vec();
                *after.iter_mut().find(|size| **size == 1).unwrap() = 0;
                assert!(leaves_lost(&after), "{heaps:?}");
            }
        }
        1 => {
            assert!(
                hint.starts_with("One heap holds more than one counter"),
                "{hint}"
            );
            // Leaving an odd number of heaps of 1 and nothing else wins.
            let (index, _) = heaps
                .iter()
                .enumerate()
                .find(|(_, size)| **size > 1)
                .unwrap();
            let mut after = heaps.to_vec();
            after[index] = u64::from(ones % 2 == 0);
            assert!(leaves_lost(&after), "{heaps:?} → {after:?}");
        }
        _ => {
            assert!(
                hint.starts_with(&format!("Nim-sum {nim_sum}:")),
                "{heaps:?}: {hint}"
            );
            if !lost {
                // Normal play's move, every column even, wins here.
                let best = nim::winning_move(heaps).expect("a nim-sum not 0");
                let mut after = heaps.to_vec();
                after[best.heap] = best.to;
                assert!(leaves_lost(&after), "{heaps:?} → {after:?}");
            }
        }
    }
}

/// The Nim page in misère play once told the opposite of the truth (`1, 1`: "some column is
/// odd"; `1`: "every column is even"; `1, 2`: "make every column even"): its hint is held to
/// the library on every position of up to three heaps of 3, and the end says who took the
/// last counter. The move form's heap leaves a heap a move emptied.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver: cargo test -p impartial-cli --test browser -- --ignored"]
async fn misere_nim_tells_the_truth_in_every_small_position() {
    let session = Session::open("nim").await;
    let client = &session.client;
    let url = session.url().to_string();
    let mut checked = 0;
    for heaps in small_positions() {
        let written = heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        client
            .goto(&format!("{url}nim?heaps={written}&play=misere&turn=you"))
            .await
            .unwrap();
        settled(client).await;
        let status = text(client, "#status").await;
        if heaps.iter().all(|&size| size == 0) {
            assert_eq!(
                status,
                "No counters left: the computer took the last counter, so you win!"
            );
            continue;
        }
        let hint = status
            .strip_prefix("Your move. ")
            .unwrap_or_else(|| panic!("{heaps:?}: {status}"));
        check_misere_hint(&heaps, hint);
        checked += 1;
    }
    assert_eq!(checked, 81, "every position with a counter");
    client
        .goto(&format!("{url}nim?heaps=0&play=misere&turn=computer"))
        .await
        .unwrap();
    settled(client).await;
    assert_eq!(
        text(client, "#status").await,
        "No counters left: you took the last counter, so you lose."
    );
    // Heap 1 emptied by the form: the form's heap moves to one with counters.
    client
        .goto(&format!("{url}nim?heaps=1,4,5&turn=you"))
        .await
        .unwrap();
    settled(client).await;
    fill(client, "#move-heap", "1").await;
    fill(client, "#move-to", &format!("0{}", char::from(Key::Enter))).await;
    wait_until(client, "the computer's answer", |client| async move {
        let (turn, heaps) = snapshot(&client, super::NIM_KEY).await;
        turn == "you" && heaps.starts_with("0,")
    })
    .await;
    let from = run(client, "return document.getElementById('move-heap').value;").await;
    assert_eq!(from, Value::from("2"));
}
