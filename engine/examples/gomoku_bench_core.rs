//! The gomoku bench without clocks: `pbrain-turbo bench`'s positions,
//! searches and lines less the timings, for instruction counts
//! (`valgrind --tool=callgrind`) that do not depend on the machine's load.

fn main() {
    let depth = match std::env::args().nth(1) {
        None => engine::gomoku::bench::DEFAULT_DEPTH,
        Some(d) => match d.parse() {
            Ok(depth) => depth,
            Err(_) => {
                eprintln!("gomoku_bench_core: the depth must be a whole number, not {d:?}");
                std::process::exit(2);
            }
        },
    };
    let total = engine::gomoku::bench::run(depth, |position, result| {
        let best = result.best.map_or("none".to_string(), |p| p.to_string());
        println!(
            "{:<12} best {best:<6} {:?} depth {} score {} nodes {}",
            position.name, result.reason, result.depth, result.score, result.nodes
        );
    });
    println!("Nodes: {total}");
}
