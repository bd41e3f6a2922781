//! What real UCI clients (fastchess, cutechess-cli, python-chess) found
//! with the engine's default options, and the positions GUIs write.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use turbochess_process::EngineProcess;

const WAIT: Duration = Duration::from_secs(30);

fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut tokens = line.split_whitespace();
    tokens.find(|&t| t == name)?;
    tokens.next()
}

fn number(line: &str, name: &str) -> u64 {
    field(line, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no `{name}` in {line}"))
}

fn is_search_info(line: &str) -> bool {
    line.starts_with("info ") && line.contains(" score ")
}

/// fastchess `--compliance` with OwnBook at its default: a book move comes
/// with a scored `info` line whose best line starts with that move.
#[test]
fn book_move_carries_a_scored_info_line() {
    let mut e = EngineProcess::start(&[]);
    e.send("uci");
    e.read_until(WAIT, |l| l == "uciok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    e.send("go wtime 10000 btime 10000 winc 100 binc 100");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info string book move")),
        "the start is in the book: {lines:?}"
    );
    let best = field(lines.last().unwrap(), "bestmove").unwrap();
    let info = lines
        .iter()
        .rev()
        .find(|l| is_search_info(l))
        .unwrap_or_else(|| panic!("no scored info line for a book move: {lines:?}"));
    assert!(info.starts_with("info depth "), "{info}");
    assert!(info.contains(" score cp "), "{info}");
    assert_eq!(field(info, "pv"), Some(best), "{info}");
}

/// `time` counts from `go ponder` like `nodes`, so neither goes backwards
/// at `ponderhit` and `nps` is nodes over time.
#[test]
fn ponderhit_keeps_time_and_nodes_consistent() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name Ponder value true");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 10000 btime 10000");
    std::thread::sleep(Duration::from_millis(1000));
    e.send("ponderhit");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines.iter().filter(|l| is_search_info(l)).collect();
    assert!(infos.len() >= 2, "{lines:?}");
    let mut last_time = 0;
    for info in &infos {
        let time = number(info, "time");
        let nodes = number(info, "nodes");
        let nps = number(info, "nps");
        assert!(time >= last_time, "time went backwards: {lines:?}");
        last_time = time;
        assert_eq!(nps, nodes * 1000 / time.max(1), "{info}");
    }
    assert!(last_time >= 900, "time counts from `go ponder`: {lines:?}");
}

/// The closing report is not a copy of the last iteration's line.
#[test]
fn the_final_info_line_is_not_printed_twice() {
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name OwnBook value false");
    for go in [
        "go depth 4",
        "go depth 6",
        "go wtime 3000 btime 3000 winc 30 binc 30",
        "go nodes 5000",
    ] {
        e.send("position startpos");
        e.send(go);
        let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
        let infos: Vec<&String> = lines.iter().filter(|l| is_search_info(l)).collect();
        let without_time = |l: &str| {
            let mut tokens: Vec<&str> = l.split_whitespace().collect();
            for name in ["time", "nps"] {
                if let Some(i) = tokens.iter().position(|&t| t == name) {
                    tokens.drain(i..i + 2);
                }
            }
            tokens.join(" ")
        };
        for pair in infos.windows(2) {
            assert_ne!(
                without_time(pair[0]),
                without_time(pair[1]),
                "{go}: the same report twice: {lines:?}"
            );
        }
    }
}

fn perft_1(e: &mut EngineProcess) -> u64 {
    e.send("go perft 1");
    let lines = e.read_until(WAIT, |l| l.starts_with("Nodes searched"));
    number(&lines.last().unwrap().replace(':', ""), "searched")
}

/// With `UCI_Chess960` off a FEN is read by the standard rules only: no
/// Chess960 castling in a standard game.
#[test]
fn a_standard_game_never_falls_back_to_chess960() {
    let fen = "4rkr1/4p1p1/8/8/8/8/8/4K1R1 w K - 0 1";
    let mut e = EngineProcess::start(&[]);
    e.send("setoption name OwnBook value false");
    e.send(&format!("position fen {fen}"));
    let standard = shakmaty_lenient_perft(fen, 1, CastlingMode::Standard);
    assert_eq!(standard, 13, "king, rook, no castling");
    assert_eq!(perft_1(&mut e), standard, "{:?}", e.transcript);
    e.send("go depth 3");
    let best = e.expect_prefix("bestmove", WAIT);
    assert_ne!(best.split(' ').nth(1), Some("e1g1"), "{:?}", e.transcript);
    // Only with UCI_Chess960 on is the right a Chess960 one.
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {fen}"));
    let chess960 = shakmaty_lenient_perft(fen, 1, CastlingMode::Chess960);
    assert_eq!(chess960, 14, "with castling");
    assert_eq!(perft_1(&mut e), chess960, "{:?}", e.transcript);
}

fn shakmaty_lenient_perft(fen: &str, depth: u32, mode: CastlingMode) -> u64 {
    let setup: Fen = fen.parse().unwrap();
    let pos: Chess = match setup.into_position(mode) {
        Ok(pos) => pos,
        Err(e) => e.ignore_invalid_castling_rights().unwrap(),
    };
    shakmaty::perft(&pos, depth)
}

/// Castling rights the placement cannot have are dropped (as python-chess
/// and shakmaty's lenient reading do), and the engine says so.
#[test]
fn impossible_castling_rights_are_dropped_and_reported() {
    for (fen, depth, nodes) in [
        ("r3k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1", 3, 3305),
        ("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", 4, 1156),
    ] {
        assert_eq!(
            shakmaty_lenient_perft(fen, depth, CastlingMode::Standard),
            nodes,
            "{fen}"
        );
        let mut e = EngineProcess::start(&[]);
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go perft {depth}"));
        let lines = e.read_until(WAIT, |l| l.starts_with("Nodes searched"));
        assert_eq!(
            lines.last().unwrap(),
            &format!("Nodes searched: {nodes}"),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains("castling")),
            "{lines:?}"
        );

        let out =
            turbochess_process::run_with_input(&["perft", &depth.to_string(), "--fen", fen], "");
        assert!(out.status.success(), "{fen}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.ends_with(&format!("Nodes searched: {nodes}\n")),
            "{text}"
        );
    }
}

/// A position line rejected at a move keeps the previous position and
/// says nothing about castling rights it never took on.
#[test]
fn a_rejected_position_tells_no_dropped_rights() {
    let mut e = EngineProcess::start(&[]);
    e.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1 moves e1e1");
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        lines.iter().any(|l| l.contains("position rejected")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("castling")), "{lines:?}");
}

/// `go perft` beyond the UCI limit names the real limit.
#[test]
fn go_perft_states_its_real_limit() {
    let mut e = EngineProcess::start(&[]);
    e.send("go perft 7");
    let line = e.expect_prefix("info string", WAIT);
    assert!(line.contains("1..=6"), "{line}");
    assert!(!line.contains("20"), "{line}");
}
