//! `impartial serve` (feature `web`) over real HTTP: a real server on 127.0.0.1, a real
//! client. Every endpoint's answers against the library's own functions on every small
//! position, every bad input answered 400 naming its field (and the server alive after), the
//! limits, concurrent games, the pages, the pictures and the shutdown.

mod server;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;
use impartial::take_away::{TakeAway, TakeAwayState};
use impartial::{ClosedForm, nim};
use serde_json::{Value, json};
use server::Server;

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// The status and JSON body of a POST.
fn post(server: &Server, path: &str, body: &Value) -> (u16, Value) {
    let mut response = agent()
        .post(&format!("{}{}", server.url, path.trim_start_matches('/')))
        .send_json(body)
        .expect("the server answers");
    let status = response.status().as_u16();
    (
        status,
        response.body_mut().read_json().expect("a JSON body"),
    )
}

/// The start of `value` as text, for a failure's message.
fn brief(value: &Value) -> String {
    value.to_string().chars().take(300).collect()
}

fn ok(server: &Server, path: &str, body: &Value) -> Value {
    let (status, answer) = post(server, path, body);
    assert_eq!(status, 200, "{path} {}: {}", brief(body), brief(&answer));
    answer
}

/// The field a 400 answer names.
fn refused(server: &Server, path: &str, body: &Value) -> String {
    let (status, answer) = post(server, path, body);
    assert_eq!(status, 400, "{path} {}: {}", brief(body), brief(&answer));
    assert!(!answer["error"].as_str().unwrap().is_empty());
    answer["field"].as_str().expect("a field").to_string()
}

fn heaps_of(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|heap| heap.as_u64().unwrap())
        .collect()
}

#[test]
fn nim_answers_are_the_librarys_on_every_small_position() {
    let server = Server::start(&[]);
    for misere in [false, true] {
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    let heaps = vec![a, b, c];
                    let body = json!({"heaps": heaps, "misere": misere});
                    let position = ok(&server, "/api/nim/position", &body);
                    let (outcome, best) = if misere {
                        (
                            nim::misere::outcome(&heaps),
                            nim::misere::winning_move(&heaps),
                        )
                    } else {
                        (nim::outcome(&heaps), nim::winning_move(&heaps))
                    };
                    assert_eq!(position["safe"], outcome == impartial::Outcome::P, "{body}");
                    assert_eq!(position["nim_sum"], nim::nim_sum(&heaps));
                    let parity: Vec<u64> = heaps_of(&position["parity"]);
                    let columns = heaps_of(&position["columns"]);
                    let odd: u64 = columns.iter().zip(&parity).map(|(c, p)| c * p).sum();
                    assert_eq!(odd, nim::nim_sum(&heaps), "the parity row is the nim-sum");
                    let computer = &position["computer"];
                    if heaps.iter().all(|&heap| heap == 0) {
                        assert!(computer.is_null() && position["over"] == true);
                        continue;
                    }
                    assert_eq!(computer["winning"], best.is_some(), "{body}");
                    if let Some(best) = best {
                        assert_eq!(computer["heap"], best.heap);
                        assert_eq!(computer["to"], best.to);
                    }
                    if let (false, Some(best)) = (misere, best) {
                        let column = 1u64 << nim::nim_sum(&heaps).ilog2();
                        assert_eq!(computer["column"], column);
                        let explanation = computer["explanation"].as_str().unwrap();
                        let nonempty = heaps.iter().filter(|&&heap| heap > 0).count();
                        let named = if nonempty == 1 {
                            // One heap left: taken whole, nothing to compare it with.
                            format!("Only heap {} has counters left", best.heap + 1)
                        } else {
                            format!("The first odd column is the {column}s column")
                        };
                        assert!(explanation.contains(&named), "{body}: {explanation}");
                    }
                    let body = json!({"heaps": heaps, "misere": misere,
                        "heap": computer["heap"], "to": computer["to"]});
                    let played = ok(&server, "/api/nim/move", &body);
                    assert_eq!(played["position"]["safe"], best.is_some(), "{body}");
                }
            }
        }
    }
}

#[test]
fn take_away_answers_are_the_librarys() {
    let server = Server::start(&[]);
    for k in 1..=4u64 {
        let game = TakeAway::<u64>::new(k).unwrap();
        for remaining in 0..60u64 {
            for limit in [None, Some(1), Some(3), Some(remaining.max(1))] {
                let state = limit.map_or(TakeAwayState::start(remaining), |limit| {
                    TakeAwayState::new(remaining, limit)
                });
                let mut body = json!({"k": k, "remaining": remaining});
                if let Some(limit) = limit {
                    body["limit"] = json!(limit);
                }
                let position = ok(&server, "/api/take-away/position", &body);
                let best = game.winning_move(state).unwrap();
                assert_eq!(position["safe"], best.is_none(), "{body}");
                let terms: u64 = heaps_of(&position["terms"]).iter().sum();
                assert_eq!(terms, remaining, "the terms add up: {position}");
                if remaining == 0 || remaining == 1 && limit.is_none() {
                    assert!(position["computer"].is_null() && position["over"] == true);
                    continue;
                }
                let computer = &position["computer"];
                if let Some(best) = best {
                    assert_eq!(computer["take"], best.take, "{body}");
                    assert_eq!(computer["remaining"], best.to.remaining);
                }
                body["take"] = computer["take"].clone();
                let played = ok(&server, "/api/take-away/move", &body);
                assert_eq!(played["position"]["safe"], best.is_some(), "{body}");
            }
        }
    }
}

#[test]
fn heap_game_answers_are_the_librarys() {
    let server = Server::start(&[]);
    let values = OctalGame::kayles().values_up_to(40).unwrap();
    let value = |heap: u64| values.get(heap).unwrap().0 as u64;
    let mut seed = 7u64;
    for _ in 0..150 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let heaps: Vec<u64> = (0..=seed % 4).map(|i| (seed >> (8 * i + 8)) % 41).collect();
        let body = json!({"kind": "octal", "code": "0.77", "heaps": heaps});
        let position = ok(&server, "/api/code/position", &body);
        let expected: Vec<u64> = heaps.iter().map(|&heap| value(heap)).collect();
        assert_eq!(heaps_of(&position["values"]), expected);
        let nim_sum = expected.iter().fold(0, |sum, value| sum ^ value);
        assert_eq!(position["safe"], nim_sum == 0);
        // Every option listed is one of the rules' and has the value of its leaves.
        for (index, options) in position["options"].as_array().unwrap().iter().enumerate() {
            for option in options.as_array().unwrap() {
                let leaves = heaps_of(&option["leaves"]);
                let xor = leaves.iter().fold(0, |sum, &leaf| sum ^ value(leaf));
                assert_eq!(option["value"], xor);
                let taken = heaps[index] - leaves.iter().sum::<u64>();
                assert!((1..=2).contains(&taken) && leaves.len() <= 2, "{option}");
            }
        }
        let computer = &position["computer"];
        if position["over"] == true {
            assert!(computer.is_null());
            continue;
        }
        assert_eq!(computer["winning"], nim_sum != 0);
        let body = json!({"kind": "octal", "code": "0.77", "heaps": heaps,
            "heap": computer["heap"], "leaves": computer["leaves"]});
        let played = ok(&server, "/api/code/move", &body);
        assert_eq!(played["position"]["safe"], nim_sum != 0, "{body}");
    }
}

#[test]
fn grundys_game_by_its_code_on_the_site() {
    let server = Server::start(&[]);
    let values = impartial::octal::GrundysGame.values_up_to(40).unwrap();
    let body = json!({"kind": "take-and-break", "code": "4!.0", "heaps": [7, 13, 40]});
    let position = ok(&server, "/api/code/position", &body);
    let expected: Vec<u64> = [7, 13, 40]
        .iter()
        .map(|&h| values.get(h).unwrap().0 as u64)
        .collect();
    assert_eq!(heaps_of(&position["values"]), expected);
    assert_eq!(position["game"], "take-and-break game 4!.0");
    // Splitting 8 into two heaps of 4 is not a move: they must differ.
    let split = json!({"kind": "take-and-break", "code": "4!.0", "heaps": [8], "heap": 0,
        "leaves": [4, 4]});
    assert_eq!(refused(&server, "/api/code/move", &split), "leaves");
}

#[test]
fn codes_with_a_repeating_tail_and_all_but_sets_on_the_site() {
    let server = Server::start(&[]);
    // 0.[3] is Nim: every heap is worth its size, and the computer plays Nim's move.
    let nim = json!({"kind": "repeating", "code": "0.[3]", "heaps": [3, 4, 5]});
    let position = ok(&server, "/api/code/position", &nim);
    assert_eq!(heaps_of(&position["values"]), [3, 4, 5]);
    let best = nim::winning_move(&[3u64, 4, 5]).unwrap();
    assert_eq!(position["computer"]["heap"], best.heap);
    assert_eq!(heaps_of(&position["computer"]["leaves"]), [best.to]);
    // all-but(1): a heap of n is worth ⌊n/2⌋, and taking 1 is refused.
    let halves = json!({"kind": "all-but", "code": "1", "heaps": [7, 10]});
    let position = ok(&server, "/api/code/position", &halves);
    assert_eq!(heaps_of(&position["values"]), [3, 5]);
    let one = json!({"kind": "all-but", "code": "1", "heaps": [7], "heap": 0, "leaves": [6]});
    assert_eq!(refused(&server, "/api/code/move", &one), "leaves");
    let two = json!({"kind": "all-but", "code": "1", "heaps": [7], "heap": 0, "leaves": [5]});
    assert_eq!(
        heaps_of(&ok(&server, "/api/code/move", &two)["position"]["heaps"]),
        [5]
    );
    // An amount past the limit is named as that (it was once "0 at position 7").
    let huge = json!({"kind": "all-but", "code": "18446744073709551615", "heaps": [7]});
    let (status, answer) = post(&server, "/api/code/position", &huge);
    assert_eq!((status, answer["field"].as_str()), (400, Some("code")));
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("more than the largest amount"), "{error}");
    // Pictures are the sequence engine's.
    let mut response = agent()
        .get(&format!(
            "{}api/plot/sequence?kind=repeating&code=0.[3]&n=10",
            server.url
        ))
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let answer: Value = response.body_mut().read_json().unwrap();
    assert_eq!(answer["field"], "kind");
}

#[test]
fn bad_input_is_a_400_naming_its_field() {
    let server = Server::start(&[]);
    let (nim, nim_move) = ("/api/nim/position", "/api/nim/move");
    let (take, take_move) = ("/api/take-away/position", "/api/take-away/move");
    let code = "/api/code/position";
    let with = |code: &str, heaps: Value| json!({"kind": "octal", "code": code, "heaps": heaps});
    let cases = [
        (nim, json!({"heaps": [1, "x"]}), "heaps[1]"),
        (nim, json!({"heaps": [-1]}), "heaps[0]"),
        (nim, json!({"heaps": [1], "extra": 1}), "extra"),
        (nim, json!({"heaps": vec![1; 65]}), "heaps"),
        (nim, json!({}), "."),
        (nim, json!([1, 2]), "[0]"),
        (nim, json!({"heaps": [1u64 << 53]}), "heaps"),
        (nim_move, json!({"heaps": [3], "heap": 1, "to": 0}), "heap"),
        (nim_move, json!({"heaps": [3], "heap": 0, "to": 3}), "to"),
        (take, json!({"k": 0, "remaining": 5}), "k"),
        (take, json!({"k": 1001, "remaining": 5}), "k"),
        (take, json!({"remaining": 5, "limit": 0}), "limit"),
        (take, json!({"remaining": 1u64 << 53}), "remaining"),
        (take_move, json!({"remaining": 5, "take": 5}), "take"),
        (take_move, json!({"remaining": 5, "take": 0}), "take"),
        (code, with("0.9", json!([1])), "code"),
        (code, with(&"7".repeat(5000), json!([1])), "code"),
        (code, with("0.77", json!([1_000_000_000])), "heaps"),
        (code, with("0.77", json!(vec![1; 17])), "heaps"),
    ];
    for (path, body, field) in &cases {
        assert_eq!(refused(&server, path, body), *field, "{path} {body}");
    }
    // The largest number a browser reads exactly is still accepted.
    ok(&server, nim, &json!({"heaps": [(1u64 << 53) - 1, 1]}));
}

#[test]
fn bad_codes_and_moves_are_a_400_naming_their_field() {
    let server = Server::start(&[]);
    let code = "/api/code/position";
    // Millions of ways to split a heap of 1000 in three, none of them the move asked for:
    // refused once the options examined pass the limit, not searched for minutes.
    let long = format!("0.{}", "F".repeat(62));
    let splits = json!({"kind": "hexadecimal", "code": long, "heaps": [1000], "heap": 0,
        "leaves": [1, 1, 1]});
    assert_eq!(refused(&server, "/api/code/move", &splits), "heaps");
    // Sixteen equal heaps: their options are examined once.
    ok(
        &server,
        code,
        &json!({"kind": "hexadecimal", "code": long, "heaps": vec![1000; 16]}),
    );
    let kind = json!({"kind": "decimal", "code": "0.77", "heaps": [1]});
    assert_eq!(refused(&server, code, &kind), "kind");
    let leaves =
        json!({"kind": "octal", "code": "0.77", "heaps": [5], "heap": 0, "leaves": [1, 1]});
    assert_eq!(refused(&server, "/api/code/move", &leaves), "leaves");
}

#[test]
fn bad_text_and_bad_pictures_are_a_400_naming_their_field() {
    let server = Server::start(&[]);
    let nim = "/api/nim/position";
    // Not JSON at all, though it says it is.
    let mut response = agent()
        .post(&format!("{}{}", server.url, nim.trim_start_matches('/')))
        .header("Content-Type", "application/json")
        .send("heaps=1,2")
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let answer: Value = response.body_mut().read_json().unwrap();
    assert_eq!(answer["field"], ".");
    // Pictures: a size past the limit, a missing field, a bad code.
    for query in [
        "sequence?kind=octal&code=0.77&n=1000000",
        "sequence?kind=octal&code=0.77",
        "sequence?kind=octal&code=0.G&n=10",
        "wythoff?size=100000",
        "pairs?kind=octal&code=0.77&size=x",
    ] {
        let mut response = agent()
            .get(&format!("{}api/plot/{query}", server.url))
            .call()
            .unwrap();
        assert_eq!(response.status().as_u16(), 400, "{query}");
        let answer: Value = response.body_mut().read_json().unwrap();
        assert!(answer["field"].is_string(), "{query}: {answer}");
    }
    // After all of that, the server still answers.
    ok(&server, nim, &json!({"heaps": [1, 2]}));
}

#[test]
fn limits_of_size_method_and_time() {
    let server = Server::start(&[]);
    // A body past 16 KiB is refused on its announced length, before it is read.
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let answer = raw(
        address,
        &format!(
            "POST /api/nim/position HTTP/1.1\r\nHost: {address}\r\nContent-Type: \
             application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n"
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains(r#"{"error":"#), "a JSON answer: {answer}");
    let response = agent()
        .get(&format!("{}api/nim/position", server.url))
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 405);
    let response = agent()
        .get(&format!("{}no/such/page", server.url))
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 404);
    // A client that announces a body and never sends it is answered within the time limit.
    let started = Instant::now();
    let answer = raw(
        address,
        &format!(
            "POST /api/nim/position HTTP/1.1\r\nHost: {address}\r\nContent-Type: \
             application/json\r\nContent-Length: 1000\r\n\r\n{{\"heaps\": ["
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(20));
    ok(&server, "/api/nim/position", &json!({"heaps": [1]}));
}

/// A client that opens connections and never finishes a request's headers (slowloris) is
/// disconnected within the header time limit (10 s), each connection on its own, and the
/// server answers others all the while.
#[test]
fn clients_that_never_finish_their_headers_are_disconnected() {
    let server = Server::start(&[]);
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let started = Instant::now();
    let idle: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut stream = TcpStream::connect(address).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(30)))
                .unwrap();
            stream
                .write_all(format!("GET / HTTP/1.1\r\nHost: {address}\r\n").as_bytes())
                .unwrap();
            stream
        })
        .collect();
    // Meanwhile the site answers.
    ok(&server, "/api/nim/position", &json!({"heaps": [3, 4, 5]}));
    for mut stream in idle {
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        // Closed, with nothing or an error status: never a page for half a request.
        let answer = String::from_utf8_lossy(&answer);
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
            "{answer}"
        );
    }
    let elapsed = started.elapsed();
    assert!(
        elapsed >= Duration::from_secs(9) && elapsed < Duration::from_secs(25),
        "{elapsed:?}"
    );
    ok(&server, "/api/nim/position", &json!({"heaps": [1]}));
}

/// The answer to `request` sent as it is, read until the server closes or 30 s pass.
fn raw(address: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // A server that answers before the whole request is read (431, 414) may close first.
    let _ = stream.write_all(request.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn concurrent_games_do_not_mix() {
    let server = Server::start(&[]);
    std::thread::scope(|scope| {
        for game in 0..8u64 {
            let server = &server;
            scope.spawn(move || {
                // Each thread plays the computer's move for both sides until the end.
                let mut heaps = vec![game + 3, 2 * game + 5, 7, game];
                let mut moves = 0;
                loop {
                    let position = ok(server, "/api/nim/position", &json!({"heaps": heaps}));
                    assert_eq!(heaps_of(&position["heaps"]), heaps);
                    if position["over"] == true {
                        break;
                    }
                    let computer = &position["computer"];
                    let body =
                        json!({"heaps": heaps, "heap": computer["heap"], "to": computer["to"]});
                    heaps = heaps_of(&ok(server, "/api/nim/move", &body)["position"]["heaps"]);
                    moves += 1;
                }
                assert!(moves > 0);
            });
        }
    });
}

#[test]
fn pages_assets_and_pictures() {
    let server = Server::start(&[]);
    for page in ["", "nim", "fibonacci", "code", "learn", "pictures", "api"] {
        let mut response = agent()
            .get(&format!("{}{page}", server.url))
            .call()
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "/{page}");
        let policy = response.headers().get("content-security-policy").unwrap();
        assert!(policy.to_str().unwrap().contains("script-src 'self'"));
        let html = response.body_mut().read_to_string().unwrap();
        assert!(html.starts_with("<!doctype html>"), "/{page}");
        // Every script and style the page names is served.
        for asset in html.split("\"/assets/").skip(1) {
            let name = &asset[..asset.find('"').unwrap()];
            let response = agent()
                .get(&format!("{}assets/{name}", server.url))
                .call()
                .unwrap();
            assert_eq!(response.status().as_u16(), 200, "{name} of /{page}");
        }
        // Every link stays on the site and opens: the crate is not published, so a link to
        // its page on a documentation host would lead nowhere (the pages once had eight).
        for link in html.split("href=\"").skip(1) {
            let target = &link[..link.find('"').unwrap()];
            assert!(
                target.starts_with('/') || target.starts_with('#'),
                "/{page} links off the site, to {target}"
            );
            if let Some(path) = target.strip_prefix('/') {
                let path = path.split('#').next().unwrap_or_default();
                let response = agent()
                    .get(&format!("{}{path}", server.url))
                    .call()
                    .unwrap();
                assert_eq!(response.status().as_u16(), 200, "{target} of /{page}");
            }
        }
    }
    // The icon the pages name, and where a browser looks without asking them (a 404 there
    // was an error in every console).
    let mut icon = agent()
        .get(&format!("{}favicon.ico", server.url))
        .call()
        .unwrap();
    assert_eq!(icon.status().as_u16(), 200);
    assert_eq!(icon.headers()["content-type"], "image/svg+xml");
    assert!(
        icon.body_mut()
            .read_to_string()
            .unwrap()
            .starts_with("<svg")
    );
    api_documentation(&server);
    pictures(&server);
}

/// The API's documentation: a page of the site, its tables HTML, and the Markdown beside it.
fn api_documentation(server: &Server) {
    let mut api = agent().get(&format!("{}api", server.url)).call().unwrap();
    assert_eq!(
        api.headers().get("content-type").unwrap(),
        "text/html; charset=utf-8"
    );
    let html = api.body_mut().read_to_string().unwrap();
    assert!(html.contains("<nav aria-label=\"site\">"));
    assert!(html.contains("<code>POST /api/nim/position</code>"));
    assert!(html.contains("<table class=\"reference\">") && !html.contains("|---|"));
    let mut markdown = agent()
        .get(&format!("{}api.md", server.url))
        .call()
        .unwrap();
    assert!(
        markdown
            .body_mut()
            .read_to_string()
            .unwrap()
            .starts_with("# The site's JSON API")
    );
}

/// The pictures: the library's, unchanged, and well-formed.
fn pictures(server: &Server) {
    let mut response = agent()
        .get(&format!(
            "{}api/plot/sequence?kind=octal&code=0.77&n=100",
            server.url
        ))
        .call()
        .unwrap();
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "image/svg+xml"
    );
    let svg = response.body_mut().read_to_string().unwrap();
    let expected = impartial::plot::nim_sequence(
        "octal game 0.77",
        &OctalGame::kayles().values_up_to(100).unwrap(),
    )
    .unwrap();
    assert_eq!(svg, expected, "the library's picture, unchanged");
    for query in ["wythoff?size=30", "pairs?kind=subtraction&code=1,2&size=20"] {
        let mut response = agent()
            .get(&format!("{}api/plot/{query}", server.url))
            .call()
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{query}");
        let svg = response.body_mut().read_to_string().unwrap();
        roxmltree::Document::parse(&svg).expect("well-formed SVG");
    }
}

#[test]
fn loopback_by_default_and_a_clean_stop() {
    let mut server = Server::start(&[]);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );
    // SIGINT ends it (the command line's Ctrl-C), and it exits cleanly.
    let pid = server.child().id().to_string();
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    loop {
        if let Some(status) = server.child().try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still serving after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let server = Server::start(&[]);
    let port = server.url.trim_end_matches('/').rsplit(':').next().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(["serve", "--port", port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains(&format!("listening on 127.0.0.1:{port}")),
        "{message}"
    );
}

/// A picture whose computation takes far past the time limit (0.8! by the definition to
/// 9 991 heaps).
const SLOW_PICTURE: &str = "api/plot/sequence?kind=take-and-break&code=0.8!&n=9991";

/// Six slow GETs once froze the site for ten minutes: each was answered 503 at the limit
/// but went on computing, and every request that computes waited behind them. Now each
/// computation stops at its deadline, and those past the few that run are refused at once:
/// a Kayles position is answered within a second of the limit.
#[test]
fn six_slow_requests_do_not_freeze_the_site() {
    let server = Server::start(&[]);
    let started = Instant::now();
    let slow: Vec<_> = (0..6)
        .map(|_| {
            let url = format!("{}{SLOW_PICTURE}", server.url);
            std::thread::spawn(move || agent().get(&url).call().unwrap().status().as_u16())
        })
        .collect();
    let statuses: Vec<u16> = slow
        .into_iter()
        .map(|thread| thread.join().unwrap())
        .collect();
    assert!(statuses.iter().all(|&status| status == 503), "{statuses:?}");
    // As a page would: asked again while the server says it is busy.
    let kayles = json!({"kind": "octal", "code": "0.77", "heaps": [5, 7, 12]});
    loop {
        let (status, answer) = post(&server, "/api/code/position", &kayles);
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{answer}");
        assert!(started.elapsed() < Duration::from_secs(30), "{answer}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(12),
        "a Kayles position answered {elapsed:?} after six slow requests"
    );
}

/// Four positions of a repeating code that splits into three heaps, each some seconds of
/// work, once held every computation slot for 22 s though each was answered 503 at 10 s:
/// their computations now stop at the deadline too.
#[test]
fn slow_repeating_codes_stop_at_the_deadline() {
    let server = Server::start(&[]);
    let started = Instant::now();
    let slow: Vec<_> = (0..4)
        .map(|step| {
            let url = format!("{}api/code/position", server.url);
            let body = json!({"kind": "repeating", "code": "0.[F]", "heaps": [866 - step]});
            std::thread::spawn(move || match agent().post(&url).send_json(&body) {
                Ok(response) => response.status().as_u16(),
                Err(error) => panic!("{error}"),
            })
        })
        .collect();
    // Each was answered (by 10 s) or stopped with a 503.
    let statuses: Vec<u16> = slow
        .into_iter()
        .map(|thread| thread.join().unwrap())
        .collect();
    assert!(
        statuses
            .iter()
            .all(|&status| status == 200 || status == 503),
        "{statuses:?}"
    );
    let kayles = json!({"kind": "octal", "code": "0.77", "heaps": [5, 7, 12]});
    loop {
        let (status, answer) = post(&server, "/api/code/position", &kayles);
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{answer}");
        assert!(started.elapsed() < Duration::from_secs(30), "{answer}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(12),
        "a Kayles position answered {elapsed:?} after four slow repeating codes"
    );
}

/// SIGTERM ends the server within the time limit even while a computation runs (the
/// process once lived 30 s and more, waiting for it).
#[test]
fn a_stop_ends_the_process_while_a_computation_runs() {
    let mut server = Server::start(&[]);
    let url = format!("{}{SLOW_PICTURE}", server.url);
    let _slow = std::thread::spawn(move || agent().get(&url).call().map(|r| r.status()));
    std::thread::sleep(Duration::from_millis(500));
    let pid = server.child().id().to_string();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    while server.child().try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(13),
            "still running 13 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Requests another site could make a browser send are refused: a POST whose body is not
/// declared JSON (a form or `text/plain` needs no permission across sites), and a Host
/// that is neither `localhost` nor an address (DNS rebinding). Every answer, JSON and SVG
/// too, says `nosniff` and carries a policy.
#[test]
fn cross_site_requests_are_refused_and_answers_are_inert() {
    let server = Server::start(&[]);
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let port = address.rsplit(':').next().unwrap();
    let body = r#"{"heaps": [1, 2]}"#;
    for kind in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let header = if kind.is_empty() {
            String::new()
        } else {
            format!("Content-Type: {kind}\r\n")
        };
        let answer = raw(
            address,
            &format!(
                "POST /api/nim/position HTTP/1.1\r\nHost: {address}\r\n{header}Content-Length: \
                 {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        );
        assert!(answer.starts_with("HTTP/1.1 415"), "{kind}: {answer}");
    }
    for (host, allowed) in [
        ("evil.example".to_string(), false),
        (format!("evil.example:{port}"), false),
        (format!("localhost:{port}"), true),
        (format!("LOCALHOST:{port}"), true),
        (format!("127.0.0.1:{port}"), true),
        (format!("[::1]:{port}"), true),
        ("localhost.evil.example".to_string(), false),
    ] {
        let answer = raw(
            address,
            &format!("GET /api HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        let status = if allowed {
            "HTTP/1.1 200"
        } else {
            "HTTP/1.1 421"
        };
        assert!(answer.starts_with(status), "{host}: {answer}");
    }
    let answer = raw(address, "GET /api HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert!(!answer.starts_with("HTTP/1.1 200"), "no Host: {answer}");
    for (method, path) in [
        ("POST", "api/nim/position"),
        ("GET", "api/plot/wythoff?size=10"),
        ("GET", "no/such/page"),
    ] {
        let request = agent().get(&format!("{}{path}", server.url));
        let response = if method == "POST" {
            agent()
                .post(&format!("{}{path}", server.url))
                .send_json(json!({"heaps": [1, 2]}))
                .unwrap()
        } else {
            request.call().unwrap()
        };
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("default-src 'none'"), "{path}: {policy}");
    }
}

/// Every answer carries `nosniff` and the policy: the refusals of the site's own checks
/// (415, 421, 403) and hyper's answers to requests it cannot read (400, 414, 431), which
/// once had neither.
#[test]
fn every_answer_carries_the_security_headers() {
    let server = Server::start(&[]);
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let many_headers = (0..120).fold(String::new(), |headers, n| {
        headers + &format!("X-Filler-{n}: {n}\r\n")
    });
    let long_path = "a".repeat(70_000);
    for (request, status) in [
        (
            format!(
                "POST /api/nim/position HTTP/1.1\r\nHost: {address}\r\nContent-Type: \
                 text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            ),
            "415",
        ),
        (
            "GET /api HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".to_string(),
            "421",
        ),
        (
            format!(
                "GET /api/plot/wythoff?size=10 HTTP/1.1\r\nHost: {address}\r\n\
                 Sec-Fetch-Site: cross-site\r\nConnection: close\r\n\r\n"
            ),
            "403",
        ),
        ("GARBAGE\r\n\r\n".to_string(), "400"),
        (
            format!("GET /{long_path} HTTP/1.1\r\nHost: {address}\r\n\r\n"),
            "414",
        ),
        (
            format!("GET /api HTTP/1.1\r\nHost: {address}\r\n{many_headers}\r\n"),
            "431",
        ),
    ] {
        let answer = raw(address, &request);
        let head = answer
            .split("\r\n\r\n")
            .next()
            .unwrap()
            .to_ascii_lowercase();
        assert!(
            head.starts_with(&format!("http/1.1 {status}")),
            "{status}: {head}"
        );
        assert!(
            head.contains("\r\nx-content-type-options: nosniff\r\n"),
            "{status}: {head}"
        );
        assert!(
            head.contains("\r\ncontent-security-policy: default-src 'none'"),
            "{status}: {head}"
        );
    }
}

/// The clock ticks of CPU time the process `pid` has used (Linux's `/proc`).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name in parentheses: utime and stime are 14th and 15th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// Out of file descriptors (`ulimit -n 64`, 100 connections), the server once spun at 60 %
/// of a core retrying its accept: it now waits between tries, and answers again once
/// connections close.
#[test]
fn out_of_file_descriptors_the_server_waits_instead_of_spinning() {
    let mut server = Server::start_with_file_limit(64);
    let pid = server.child().id();
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let held: Vec<TcpStream> = (0..100)
        .filter_map(|_| TcpStream::connect(&address).ok())
        .collect();
    assert!(held.len() > 64, "{} connections", held.len());
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(2));
    let used = cpu_ticks(pid) - before;
    // Clock ticks are hundredths of a second here: 20 in 2 s is 10 % of a core.
    assert!(used < 20, "{used} ticks of CPU in 2 s");
    drop(held);
    let answer = raw(
        &address,
        &format!("GET /api HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A page of another site may not spend the site's computations: the API refuses a
/// request a browser says comes from another origin, as it refuses other hosts.
#[test]
fn the_api_refuses_requests_from_other_sites() {
    let server = Server::start(&[]);
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let picture = "GET /api/plot/wythoff?size=10 HTTP/1.1";
    let body = r#"{"heaps": [1, 2]}"#;
    let position = format!(
        "POST /api/nim/position HTTP/1.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}",
        body.len()
    );
    for (start, extra, allowed) in [
        (picture, String::new(), true),
        (picture, "Sec-Fetch-Site: same-origin\r\n".to_string(), true),
        (picture, "Sec-Fetch-Site: none\r\n".to_string(), true),
        (picture, "Sec-Fetch-Site: cross-site\r\n".to_string(), false),
        // Another port of localhost is the same site, not the same origin.
        (picture, "Sec-Fetch-Site: same-site\r\n".to_string(), false),
        (
            picture,
            "Origin: http://evil.example\r\n".to_string(),
            false,
        ),
        (picture, "Origin: null\r\n".to_string(), false),
        (&position, format!("Origin: http://{address}\r\n"), true),
        (
            &position,
            "Origin: http://localhost:1\r\n".to_string(),
            false,
        ),
        (
            &position,
            "Sec-Fetch-Site: cross-site\r\n".to_string(),
            false,
        ),
    ] {
        let with_body = start.starts_with("POST");
        let request = format!(
            "{start}\r\nHost: {address}\r\n{extra}Connection: close\r\n\r\n{}",
            if with_body { body } else { "" }
        );
        let answer = raw(address, &request);
        let expected = if allowed {
            "HTTP/1.1 200"
        } else {
            "HTTP/1.1 403"
        };
        assert!(answer.starts_with(expected), "{start} {extra}: {answer}");
    }
    // The pages themselves may be linked from anywhere.
    let answer = raw(
        address,
        &format!(
            "GET /nim HTTP/1.1\r\nHost: {address}\r\nSec-Fetch-Site: cross-site\r\n\
             Connection: close\r\n\r\n"
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A move that leaves more heaps than the site answers is refused with its own field — a
/// move of 0.{2+} splitting a heap of 41 into forty once answered a position of 55 heaps
/// that the position endpoint then refused — and the computer's move keeps within it.
#[test]
fn a_move_may_not_leave_more_heaps_than_the_site_answers() {
    let server = Server::start(&[]);
    let sixteen = vec![41; 16];
    let split = json!({"kind": "take-and-break", "code": "0.{2+}", "heaps": sixteen,
        "heap": 0, "leaves": vec![1; 40]});
    assert_eq!(refused(&server, "/api/code/move", &split), "leaves");
    let position = json!({"kind": "take-and-break", "code": "0.{2+}", "heaps": sixteen});
    let (status, answer) = post(&server, "/api/code/position", &position);
    assert_eq!(status, 200, "{answer}");
    if let Some(leaves) = answer["computer"]["leaves"].as_array() {
        assert!(leaves.len() <= 1, "{answer}");
    }
}
