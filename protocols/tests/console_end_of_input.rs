//! The console game (`turbochess play`) ends when its input ends, whatever
//! it is doing, and lists the game as Quit does; and no input crashes it
//! (a seeded fuzz test of mangled console lines).

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use turbochess_process::EngineProcess;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("turbo_eoi_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The program thinks for minutes (Normal, 999 s a move); end of input
/// makes it move now, list the game and say goodbye.
#[test]
fn end_of_input_during_a_long_think_ends_the_program() {
    let dir = temp_dir("think");
    let pgn = dir.join("games.pgn");
    let pgn_arg = pgn.display().to_string();
    let mut e = EngineProcess::start(&["play", "--no-book", "--pgn", &pgn_arg]);
    e.send("l normal 999");
    e.send("e4");
    e.expect_prefix("Turbo Chess (Black) is thinking", Duration::from_secs(20));
    // Thinking for minutes: a loaded machine needs far less than this.
    assert!(e.finish(Duration::from_secs(8)), "still thinking");
    let rest = e.rest();
    assert!(
        rest.iter().any(|l| l.contains("Turbo Chess plays 1...")),
        "{rest:?}"
    );
    assert!(
        rest.last().is_some_and(|l| l.contains("Goodbye.")),
        "{rest:?}"
    );
    let listing = std::fs::read_to_string(&pgn).expect("the game is listed");
    assert!(listing.contains("1. e4 "), "{listing}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kiwipete, a middlegame full of checks, as a board file with the
/// program to move: the mate solver finds no mate in up to 6 and spends
/// its whole node allowance (20M nodes, about 3 s on a 2-core machine,
/// measured) before the search plays.
const KIWIPETE: &str = "WHITE to Play\nWHITE=Program\n\
    WK E1\nWR A1\nWR H1\nWQ F3\nWB D2\nWB E2\nWN C3\nWN E5\n\
    WP A2\nWP B2\nWP C2\nWP F2\nWP G2\nWP H2\nWP D5\nWP E4\n\
    BK E8\nBR A8\nBR H8\nBQ E7\nBB A6\nBB G7\nBN B6\nBN F6\n\
    BP A7\nBP C7\nBP D7\nBP F7\nBP E6\nBP G6\nBP B4\nBP H3\n";

/// The console's Mate level on a position where the mate solver runs out
/// of nodes: end of input stops the solver (and the search after it) at
/// once. The bound is the same think with the input left open, on the same
/// machine, so a loaded machine slows both alike.
#[test]
fn end_of_input_during_the_mate_solver_ends_the_program() {
    let dir = temp_dir("mate");
    let board = dir.join("kiwipete.txt");
    std::fs::write(&board, KIWIPETE).unwrap();
    let board_arg = board.display().to_string();
    let args = [
        "play", "--no-pgn", "--level", "mate:6", "--board", &board_arg,
    ];
    let thinking = "Turbo Chess (White) is thinking";

    let mut e = EngineProcess::start(&args);
    e.send("p");
    e.expect_prefix(thinking, Duration::from_secs(20));
    let start = Instant::now();
    e.expect_prefix("Turbo Chess plays 1.", Duration::from_secs(120));
    let full_think = start.elapsed();
    e.send("q");
    assert!(e.finish(Duration::from_secs(20)));

    let mut e = EngineProcess::start(&args);
    e.send("p");
    e.expect_prefix(thinking, Duration::from_secs(20));
    let start = Instant::now();
    assert!(e.finish(Duration::from_secs(120)), "did not end by itself");
    let to_exit = start.elapsed();
    assert!(
        to_exit * 2 < full_think,
        "ended {to_exit:?} after end of input; the whole think takes {full_think:?}"
    );
    let rest = e.rest();
    assert!(
        rest.last().is_some_and(|l| l.contains("Goodbye.")),
        "{rest:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Auto then end of input: nobody is left to stop Auto, so the program
/// ends instead of playing forever.
#[test]
fn auto_then_end_of_input_ends_the_program() {
    let dir = temp_dir("auto");
    let pgn = dir.join("games.pgn");
    let pgn_arg = pgn.display().to_string();
    let mut e = EngineProcess::start(&["play", "--pgn", &pgn_arg, "--level", "ply:1"]);
    e.send("a");
    e.expect_prefix("Auto: the program plays itself", Duration::from_secs(20));
    assert!(e.finish(Duration::from_secs(8)), "still playing");
    let rest = e.rest();
    assert!(
        rest.len() < 2_000,
        "{} lines after the input ended",
        rest.len()
    );
    assert!(
        rest.last().is_some_and(|l| l.contains("Goodbye.")),
        "{rest:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const WORDS: &[&str] = &[
    "n",
    "q9",
    "l",
    "l ply 1",
    "l ply 2",
    "l mate 2",
    "l infinite",
    "l demo",
    "l warp 9",
    "l normal",
    "b",
    "b 3",
    "f",
    "f 2",
    "h",
    "p",
    "t",
    "m",
    "v",
    "v wq",
    "v bk",
    "v xx",
    "?",
    "a",
    "e",
    "e4",
    "e2e4",
    "d4",
    "Nf3",
    "NF3",
    "O-O",
    "o-o-o",
    "0-0",
    "KG1",
    "QE8",
    "a7a8q",
    "exd5",
    "e8=Q+",
    "Ke9",
    "z9",
    "xyz",
    "w",
    "c",
    "d",
    "qd8",
    "pe4",
    "d8",
    "1",
    "-1",
    "99999999999999999999",
    "é4",
    "\u{0}",
    "\u{fffd}",
    "\r",
    "\t",
];

fn random_line(rng: &mut StdRng) -> Vec<u8> {
    if rng.random_range(0..10u32) == 0 {
        // Raw bytes, invalid UTF-8 included; never `s …` (the editor would
        // save a board file under that name).
        let n = rng.random_range(0..30usize);
        let mut bytes: Vec<u8> = (0..n)
            .map(|_| rng.random_range(0..=255u8))
            .filter(|&b| b != b'\n')
            .collect();
        if bytes.first().is_some_and(|b| b.eq_ignore_ascii_case(&b's')) {
            bytes[0] = b'x';
        }
        return bytes;
    }
    let n = if rng.random_bool(0.6) {
        1
    } else {
        rng.random_range(2..4usize)
    };
    let words: Vec<&str> = (0..n)
        .map(|_| WORDS[rng.random_range(0..WORDS.len())])
        .collect();
    words.join(" ").into_bytes()
}

/// Thousands of mangled lines at every prompt (moves, commands, the
/// editor, Auto): the program never panics, never hangs and says goodbye
/// when the input ends.
#[test]
fn mangled_console_lines_never_crash_or_hang() {
    let dir = temp_dir("fuzz");
    let mut rng = StdRng::seed_from_u64(0xc0_9501e);
    // A visit to the editor (mangled lines there too), then the prompt.
    let mut input = b"e\n".to_vec();
    for _ in 0..200 {
        input.extend_from_slice(&random_line(&mut rng));
        input.push(b'\n');
    }
    // A legal position to leave with: kings on e1 and e8, White to move.
    input.extend_from_slice(b"c\nb\nke8\nw\nke1\npe2\nq\n");
    for _ in 0..2_000 {
        input.extend_from_slice(&random_line(&mut rng));
        input.push(b'\n');
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_turbochess"))
        .args(["play", "--no-pgn", "--level", "ply:1", "--max-moves", "20"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn turbochess");
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the console ends when its input ends")
        .expect("wait for turbochess");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panick"), "{stderr}");
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.trim_end().ends_with("Goodbye."),
        "{}",
        &stdout[stdout.len().saturating_sub(2000)..]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
