//! End of input ends the engine promptly, whatever it is doing; no input
//! makes it print a panic; a book file that never delivers does not hang it.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::time::{Duration, Instant};

use turbochess_process::EngineProcess;

const WAIT: Duration = Duration::from_secs(30);

/// Bounded searches that would run for minutes: end of input stops them,
/// the engine prints its `bestmove` and exits.
#[test]
fn end_of_input_stops_a_bounded_search() {
    for go in ["go depth 64", "go mate 30", "go nodes 100000000000"] {
        let mut e = EngineProcess::start(&[]);
        e.send("setoption name OwnBook value false");
        e.send("position startpos");
        e.send("isready");
        e.expect_prefix("readyok", WAIT);
        e.send(go);
        e.expect_prefix("info depth", WAIT);
        let start = Instant::now();
        // A search of minutes: a loaded machine needs far less than this.
        assert!(e.finish(Duration::from_secs(8)), "{go}: still running");
        let rest = e.rest();
        assert!(
            rest.last().is_some_and(|l| l.starts_with("bestmove ")),
            "{go}: {rest:?}"
        );
        assert!(start.elapsed() < Duration::from_secs(8));
    }
}

/// Numbers vampirc-uci cannot hold (above 255 for depth, mate and
/// movestogo; 2^32 and more elsewhere) are read without a panic.
#[test]
fn big_numbers_never_print_a_panic() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name OwnBook value false");
    e.send("position fen 7k/8/8/8/8/8/8/K5R1 w - - 0 1");
    for line in [
        "go depth 256 nodes 2000",
        "go mate 256 nodes 2000",
        "go movestogo 256 wtime 100 btime 100",
        "go depth 4294967296 nodes 2000",
        "go nodes 18446744073709551616 depth 3",
        "go wtime 4294967296 btime 4294967296 movetime 50",
        "go movetime 99999999999999999999999 nodes 2000",
        "go winc 4294967296 binc 256 depth 2",
        "debug 256",
        "register later 4294967296",
    ] {
        e.send(line);
        if line.starts_with("go") {
            e.expect_prefix("bestmove", WAIT);
        }
    }
    e.send("isready");
    e.expect_prefix("readyok", WAIT);
    e.send("quit");
    assert!(e.finish(WAIT));
    let err = e.stderr();
    assert!(!err.contains("panick"), "{err}");
    assert!(err.is_empty(), "{err}");
}

fn mkfifo(path: &std::path::Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// `BookFile` opens only regular files of a book's size: a FIFO with no
/// writer or `/dev/zero` is refused at once and `isready` is answered.
#[test]
fn book_file_that_never_delivers_is_refused() {
    let fifo = std::env::temp_dir().join(format!("turbochess_fifo_{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    let mut paths = vec!["/dev/zero".to_string()];
    if mkfifo(&fifo) {
        paths.push(fifo.display().to_string());
    }
    for path in &paths {
        let mut e = EngineProcess::start(&[]);
        e.send(&format!("setoption name BookFile value {path}"));
        e.send("isready");
        let lines = e.read_until(Duration::from_secs(10), |l| l == "readyok");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string option BookFile")),
            "{path}: {lines:?}"
        );
        e.send("quit");
        assert!(e.finish(WAIT), "{path}");
    }
    let _ = std::fs::remove_file(&fifo);
}
