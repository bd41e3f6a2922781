//! Bad input never kills `turbochess`: thousands of random and mangled
//! lines (the inputs that make `vampirc-uci` 0.11.1 panic among them), then
//! the engine must still answer `isready` and play a legal move, and it
//! never prints panic text. A seeded fuzz test: the same lines every run.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::time::Duration;

use engine::chess::Board;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use turbochess_process::EngineProcess;

const WAIT: Duration = Duration::from_secs(30);

/// Lines known to upset `vampirc-uci` (see shared/reference/uci-notes.md).
const KNOWN_TRAPS: &[&str] = &[
    "go ",
    "go infinite ",
    "go depth 5 ",
    "go wtime 1000 btime 1000 ",
    "go depth 300",
    "go mate 300",
    "go wtime 1000 btime 1000 movestogo 300",
    "go ponder wtime 60000 btime 60000 winc 1000 binc 1000",
    "go wtime 1000 foo btime 1000",
    "go foo wtime 1000",
    "go nodes 1000000000000",
    "go depth 256",
    "go mate 256",
    "go movestogo 256 wtime 100 btime 100",
    "go depth 4294967296",
    "go nodes 18446744073709551616 depth 2",
    "go movetime 99999999999999999999999",
    "debug 4294967296",
    "setoption name BookFile value /dev/zero",
    "setoption name BookFile value /",
    "setoption name BookFile value <empty>",
    "go perft 7",
    "position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
    "position fen 4rkr1/4p1p1/8/8/8/8/8/4K1R1 w K - 0 1",
    "go wtime -4061 btime 56826",
    "position startpos moves  e2e4",
    "position startpos moves e2e4 0000",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "position fen",
    "position fen 9/8/8/8/8/8/8/8 w - - 0 1",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 100000",
    "setoption name Hash value 64 ",
    "setoption name Hash value -1",
    "setoption name",
    "setoption",
    "joho debug on",
    "go perft",
    "go perft x",
    "eval Z",
    "",
    "   ",
    "\t\t",
    "stop",
    "ponderhit",
];

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "Hash",
    "Move",
    "Overhead",
    "MultiPV",
    "Ponder",
    "stop",
    "ponderhit",
    "ucinewgame",
    "debug",
    "on",
    "off",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "e2e4",
    "e7e5",
    "g1f3",
    "e1g1",
    "a7a8q",
    "0000",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "w",
    "b",
    "KQkq",
    "-",
    "0",
    "1",
    "-1",
    "7",
    "99999999999999999999",
    "256",
    "4294967296",
    "18446744073709551616",
    "OwnBook",
    "BookFile",
    "UCI_Chess960",
    "true",
    "/dev/zero",
    "d",
    "eval",
    "N",
    "\u{fffd}",
    "é",
    "\r",
];

fn random_line(rng: &mut StdRng) -> Vec<u8> {
    let kind = rng.random_range(0..10u32);
    if kind == 0 {
        // Raw bytes, invalid UTF-8 included (no newline inside).
        let n = rng.random_range(0..40usize);
        return (0..n)
            .map(|_| rng.random_range(0..=255u8))
            .filter(|&b| b != b'\n')
            .collect();
    }
    if kind <= 2 {
        // A known trap, with a character dropped or doubled.
        let trap = KNOWN_TRAPS[rng.random_range(0..KNOWN_TRAPS.len())];
        let mut bytes = trap.as_bytes().to_vec();
        if !bytes.is_empty() && rng.random_bool(0.5) {
            let i = rng.random_range(0..bytes.len());
            if rng.random_bool(0.5) {
                bytes.remove(i);
            } else {
                bytes.insert(i, bytes[i]);
            }
        }
        return String::from_utf8_lossy(&bytes).into_owned().into_bytes();
    }
    let n = rng.random_range(1..9usize);
    let mut line = String::new();
    for i in 0..n {
        if i > 0 {
            line.push_str(if rng.random_bool(0.2) { "  \t" } else { " " });
        }
        let mut word = WORDS[rng.random_range(0..WORDS.len())].to_string();
        // Keep searches short: a random `go` gets a node limit right after.
        if word == "go" {
            word.push_str(" nodes 200");
        }
        line.push_str(&word);
    }
    if rng.random_bool(0.1) {
        line.push('\r');
    }
    line.into_bytes()
}

#[test]
fn thousands_of_mangled_lines_then_isready_and_a_legal_move() {
    let mut e = EngineProcess::start(&[]);
    let mut rng = StdRng::seed_from_u64(0x7ac0_c4e5);
    let mut batch = Vec::new();
    for trap in KNOWN_TRAPS {
        batch.extend_from_slice(trap.as_bytes());
        batch.push(b'\n');
    }
    for _ in 0..3000 {
        batch.extend_from_slice(&random_line(&mut rng));
        batch.push(b'\n');
    }
    // Random lines may have started an open-ended search: stop it, then
    // mark the end of the noise with a position no random line can set.
    batch.extend_from_slice(b"stop\nposition fen 8/8/8/8/8/8/8/K6k w - - 0 1\nd\n");
    e.send_raw(&batch);
    e.read_until(WAIT, |l| l == "Fen: 8/8/8/8/8/8/8/K6k w - - 0 1");
    e.send("isready");
    e.read_until(WAIT, |l| l == "readyok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let line = e.expect_prefix("bestmove", WAIT);
    let mv = line.split(' ').nth(1).unwrap().to_string();
    let mut board = Board::startpos();
    board.play_uci("e2e4").unwrap();
    assert!(board.parse_uci_move(&mv).is_ok(), "{line}");
    e.send("quit");
    assert!(
        e.finish(Duration::from_secs(10)),
        "engine exits cleanly after quit"
    );
    let err = e.stderr();
    assert!(!err.contains("panick"), "panic text on stderr:\n{err}");
}
