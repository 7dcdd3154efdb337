//! Times `impartial::quotient` as a dependent crate sees it.
use std::time::{Duration, Instant};

use impartial::octal::OctalGame;
use impartial::quotient::MisereQuotient;
use impartial::{ClosedForm, Heaps};

fn best_of_five(mut f: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .expect("five runs")
}

fn main() {
    for code in ["0.31", "0.52", "0.75", "0.77"] {
        let game: OctalGame = code.parse().expect("a code");
        let quotient = MisereQuotient::compute(&game, 4096).expect("a bound");
        let time = best_of_five(|| {
            MisereQuotient::compute(&game, 4096).expect("a bound");
        });
        let period = quotient.period().expect("proved");
        println!(
            "quotient of {code}: order {}, period {} from heap {}, proved at heap {}: {time:?}",
            quotient.order(),
            period.period,
            period.preperiod,
            quotient.heaps()
        );
    }
    let kayles = MisereQuotient::compute(&OctalGame::kayles(), 4096).expect("a bound");
    // A xorshift generator: rows of 1 to 10⁶ pins.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let rows: Vec<u64> = (0..1_000_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            1 + state % 1_000_000
        })
        .collect();
    // The position as the closed form takes it, made once: the rows as a multiset.
    let rows = Heaps::from(rows);
    let mut outcome = None;
    let time = best_of_five(|| outcome = Some(kayles.outcome(&rows).expect("covered")));
    println!("outcome of 10^6 Kayles rows <= 10^6: {outcome:?}: {time:?}");
    let mut found = None;
    let time = best_of_five(|| found = kayles.winning_move(&rows).expect("covered"));
    let found = found.map(|m| (m.heap, m.from, m.leaves));
    println!("winning move of the same: {found:?}: {time:?}");
    let started = Instant::now();
    let dawson = MisereQuotient::compute(&"0.07".parse::<OctalGame>().expect("a code"), 4096)
        .expect("a bound");
    println!(
        "Dawson's Kayles: heaps to {}, order {}, stop {:?}: {:?}",
        dawson.heaps(),
        dawson.order(),
        dawson.stop().map(ToString::to_string),
        started.elapsed()
    );
}
