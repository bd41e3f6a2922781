//! The gomoku bench without clocks: `pbrain-turbo bench`'s positions,
//! searches and lines less the timings, for instruction counts
//! (`valgrind --tool=callgrind`) that do not depend on the machine's load.

fn main() {
    let depth = std::env::args()
        .nth(1)
        .map_or(engine::gomoku::bench::DEFAULT_DEPTH, |d| {
            d.parse().expect("a depth")
        });
    let total = engine::gomoku::bench::run(depth, |position, result| {
        let best = result.best.map_or("none".to_string(), |p| p.to_string());
        println!(
            "{:<12} best {best:<6} {:?} depth {} score {} nodes {}",
            position.name, result.reason, result.depth, result.score, result.nodes
        );
    });
    println!("Nodes: {total}");
}
