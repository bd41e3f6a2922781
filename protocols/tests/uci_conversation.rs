//! Scripted UCI conversations with the built `turbochess` binary: what
//! Arena, Cute Chess and python-chess rely on.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::time::{Duration, Instant};

use engine::chess::Board;
use turbochess_process::EngineProcess;

const WAIT: Duration = Duration::from_secs(20);

fn engine() -> EngineProcess {
    EngineProcess::start(&[])
}

fn ready(e: &mut EngineProcess) {
    e.send("isready");
    e.expect_prefix("readyok", WAIT);
}

/// The move of a `bestmove` line, checked legal in `board`.
fn legal_bestmove(line: &str, board: &Board) -> String {
    let mut tokens = line.split_whitespace();
    assert_eq!(tokens.next(), Some("bestmove"), "{line}");
    let mv = tokens.next().expect("a move").to_string();
    assert!(
        board.parse_uci_move(&mv).is_ok(),
        "illegal bestmove {mv} in {}",
        board.to_fen()
    );
    if let Some(p) = tokens.nth(1) {
        let mut after = board.clone();
        after.play_uci(&mv).unwrap();
        assert!(after.parse_uci_move(p).is_ok(), "illegal ponder move {p}");
    }
    mv
}

fn board_after(moves: &[&str]) -> Board {
    let mut b = Board::startpos();
    for m in moves {
        b.play_uci(m).unwrap();
    }
    b
}

#[test]
fn handshake_lists_options_and_answers_isready() {
    let mut e = engine();
    e.send("uci");
    let lines = e.read_until(WAIT, |l| l == "uciok");
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in [
        "Hash",
        "Threads",
        "Ponder",
        "MultiPV",
        "Move Overhead",
        "UCI_Chess960",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type "))),
            "{option} missing: {lines:?}"
        );
    }
    ready(&mut e);
    e.send("quit");
    assert!(e.finish(Duration::from_secs(5)), "quit exits cleanly");
}

#[test]
fn go_depth_reports_every_iteration_and_a_legal_move() {
    let mut e = engine();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 5");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    for d in 1..=5 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("info depth {d} "))
                    && l.contains(" score ")
                    && l.contains(" pv ")),
            "depth {d} missing: {lines:?}"
        );
    }
    let last_info = &lines[lines.len() - 2];
    assert!(
        last_info.starts_with("info depth 5 "),
        "final info before bestmove: {lines:?}"
    );
    legal_bestmove(
        lines.last().unwrap(),
        &board_after(&["e2e4", "e7e5", "g1f3"]),
    );
}

#[test]
fn go_nodes_and_movetime_are_respected() {
    let mut e = engine();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go nodes 3000");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    legal_bestmove(lines.last().unwrap(), &board);
    for l in lines.iter().filter(|l| l.contains(" nodes ")) {
        let nodes: u64 = l
            .split(" nodes ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 3000, "{l}");
    }
    // The closing info line counts every node searched, the unfinished
    // last iteration's too: GUIs show it as the move's node count.
    let closing = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
    assert!(closing.contains(" nodes 3000 "), "{closing}");

    let start = Instant::now();
    e.send("go movetime 300");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let took = start.elapsed();
    legal_bestmove(lines.last().unwrap(), &board);
    assert!(
        took >= Duration::from_millis(150),
        "movetime 300 answered after {took:?}"
    );
    assert!(
        took < Duration::from_millis(2000),
        "movetime 300 answered after {took:?}"
    );
}

#[test]
fn infinite_search_answers_isready_and_stops_promptly() {
    let mut e = engine();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "readyok took {:?}",
        t.elapsed()
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "no bestmove before stop: {lines:?}"
    );
    // Even after the search could have ended, `infinite` waits for stop.
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("stop");
    let line = e.expect_prefix("bestmove", WAIT);
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "stop took {:?}",
        t.elapsed()
    );
    legal_bestmove(&line, &Board::startpos());
    // Exactly one bestmove per go.
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
}

#[test]
fn ponder_then_ponderhit_and_ponder_then_stop() {
    let mut e = engine();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 3000 btime 3000 winc 100 binc 100");
    std::thread::sleep(Duration::from_millis(400));
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "premature bestmove while pondering: {lines:?}"
    );
    let t = Instant::now();
    e.send("ponderhit");
    let line = e.expect_prefix("bestmove", WAIT);
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "ponderhit → bestmove took {:?}",
        t.elapsed()
    );
    legal_bestmove(&line, &board_after(&["e2e4", "e7e5"]));

    e.send("position startpos moves d2d4");
    e.send("go ponder movetime 100");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let line = e.expect_prefix("bestmove", WAIT);
    legal_bestmove(&line, &board_after(&["d2d4"]));
}

#[test]
fn setoption_hash_and_bad_input_keep_the_engine_working() {
    let mut e = engine();
    e.send("setoption name Hash value 1");
    ready(&mut e);
    e.send("setoption name Hash value 32");
    e.send("setoption name Hash value lots");
    let l = e.expect_prefix("info string", WAIT);
    assert!(l.contains("Hash") && l.contains("expected"), "{l}");
    e.send("position startpos moves e2e4 e7e5 e1e3");
    let l = e.expect_prefix("info string", WAIT);
    assert!(l.contains("e1e3"), "{l}");
    e.send("position fen this/is/not/a/fen w - - 0 1");
    e.expect_prefix("info string", WAIT);
    // The previous position (start position) is still set.
    e.send("go depth 3");
    let l = e.expect_prefix("bestmove", WAIT);
    legal_bestmove(&l, &Board::startpos());
}

#[test]
fn mate_in_two_and_three_are_found_with_mate_scores() {
    let mut e = engine();
    // Mate in 2: 1.Nf6+ gxf6 2.Bxf7#.
    e.send("position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    e.send("go mate 2");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains("score mate 2 ")),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().unwrap().split(' ').nth(1),
        Some("d5f6"),
        "{lines:?}"
    );

    // Mate in 3 by a normal depth-limited search.
    e.send("position fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    e.send("go depth 7");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.contains("score mate 3 ")),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().unwrap().split(' ').nth(1),
        Some("f6a6"),
        "{lines:?}"
    );
}

#[test]
fn ucinewgame_and_same_node_limit_reproduce_the_output() {
    fn run(e: &mut EngineProcess) -> Vec<String> {
        e.send("ucinewgame");
        e.send("position startpos moves d2d4 g8f6 c2c4");
        e.send("go nodes 20000");
        e.read_until(WAIT, |l| l.starts_with("bestmove"))
            .into_iter()
            .map(|l| {
                // Time and speed differ between runs; everything else may not.
                let mut out = Vec::new();
                let mut tokens = l.split(' ');
                while let Some(t) = tokens.next() {
                    if t == "time" || t == "nps" {
                        tokens.next();
                    } else {
                        out.push(t);
                    }
                }
                out.join(" ")
            })
            .collect()
    }
    let mut e = engine();
    let first = run(&mut e);
    let second = run(&mut e);
    assert_eq!(first, second);
    assert!(first.len() > 3);
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let mut e = engine();
    // Black is checkmated (fool's mate).
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert!(lines.iter().any(|l| l.contains("score mate")), "{lines:?}");
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut e = engine();
    e.send("setoption name UCI_Chess960 value true");
    // Shredder-FEN castling field; White can castle h-side at once.
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w H - 0 1");
    e.send("go searchmoves e1h1 depth 2");
    let l = e.expect_prefix("bestmove", WAIT);
    assert_eq!(l.split(' ').nth(1), Some("e1h1"), "{l}");
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w H - 0 1 moves e1h1");
    e.send("d");
    let lines = e.read_until(WAIT, |l| l.starts_with("Fen:"));
    assert!(lines.last().unwrap().contains("5RK1"), "{lines:?}");
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = engine();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4");
    e.send("go depth 4");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let line = lines
            .iter()
            .find(|l| l.starts_with("info depth 4 ") && l.contains(&format!(" multipv {k} ")))
            .unwrap_or_else(|| panic!("no multipv {k}: {lines:?}"));
        firsts.push(
            line.split(" pv ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .to_string(),
        );
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    let best = lines.last().unwrap().split(' ').nth(1).unwrap();
    let first_line = lines
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .unwrap();
    assert!(first_line.contains(&format!(" pv {best}")), "{lines:?}");
}

/// The `depth` of every `info depth … pv …` line, in order.
fn pv_depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth ") && l.contains(" pv "))
        .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn two_threads_stop_promptly_and_report_one_search() {
    let mut e = engine();
    e.send("uci");
    let lines = e.read_until(WAIT, |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 256"),
        "{lines:?}"
    );
    for bad in ["0", "257"] {
        e.send(&format!("setoption name Threads value {bad}"));
        let l = e.expect_prefix("info string", WAIT);
        assert!(l.contains("Threads") && l.contains("1..=256"), "{l}");
    }
    e.send("setoption name Threads value 2");
    ready(&mut e);
    let moves = ["e2e4", "c7c5", "g1f3"];
    e.send("position startpos moves e2e4 c7c5 g1f3");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("stop");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "stop took {:?}",
        t.elapsed()
    );
    legal_bestmove(lines.last().unwrap(), &board_after(&moves));

    // Only the main thread reports: iterations come in order, each once.
    e.send("go depth 6");
    let lines = e.read_until(WAIT, |l| l.starts_with("bestmove"));
    let depths = pv_depths(&lines);
    assert_eq!(depths.first(), Some(&1), "{lines:?}");
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    assert!(
        lines[lines.len() - 2].starts_with("info depth 6 "),
        "{lines:?}"
    );
    legal_bestmove(lines.last().unwrap(), &board_after(&moves));
    e.send("isready");
    let lines = e.read_until(WAIT, |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "one bestmove per go: {lines:?}"
    );
    e.send("quit");
    assert!(e.finish(Duration::from_secs(5)), "quit exits cleanly");
}
