//! Bounded, seeded fuzzing of `turbobridge`: about three thousand mangled
//! PBN and LIN boards, fed in files of fifty to `convert` (and a few to
//! `solve` and the play mode), in a few seconds. Every run must end on its
//! own (no hang), print no panic, report errors only as `board N: …`, and
//! keep the filter's rule: every board of the input is written or named.
//!
//! Each board carries a number of 1000 or more in a part the mangling
//! leaves alone (the PBN `Board` line, the LIN `qx|oN|ah|Board N|`
//! prefix), so the rule can be checked by number; pieces of a board cut
//! off by the mangling (a whitespace-only line, a second `md`) may come out
//! as boards of their own, named by position, which is below 1000.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Boards played out by the play mode, in PBN, with a full play.
const PBN_BOARDS: [&str; 3] = [
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
     [Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\n\
     [Declarer \"W\"]\n[Contract \"2S\"]\n[Result \"9\"]\n\
     [Auction \"N\"]\nPass 1C Pass 1S\nPass 2S Pass Pass\nPass\n\
     [Play \"N\"]\nD4 DK D2 DA\nH8 H3 HA H4\n*\n{a comment}\n",
    "[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
     [Deal \"E:J2.T9875.J4.AQ82 A73.AQJ43.T32.96 KQ9865..A76.KJ73 T4.K62.KQ985.T54\"]\n\
     [Auction \"E\"]\n1S 2H =1= 2S AP\n[Note \"1:natural\"]\n",
    "[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
     [Deal \"S:AQ32.Q986.3.K832 87.J7542.AKT8.QJ JT6.AK.972.T9754 K954.T3.QJ654.A6\"]\n\
     [OptimumScore \"NS 400\"]\n",
];

/// The rest of a LIN board after its numbered prefix.
const LIN_BODY: &str = "pn|a,b,c,d|st||md|1S4QAH37KAD28TC6TQ,S2567THJD347QC57J,S38KH24689D9JC38A,|rh||sv|e|mb|1N|mb|p|mb|2D!|an|transfer|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||pc|HJ|pc|H2|pc|H5|pc|HA|pg||pc|S4|mc|9|";

/// Characters the mangling inserts: the syntax of both formats.
const NOISE: &[u8] = b"[]{}\"%;=$!?^*+-|,.\t\r\n 0123456789SHDCAKQJTNXPpdrmbcx";

fn mangle(rng: &mut StdRng, text: &mut Vec<u8>, edits: usize) {
    for _ in 0..edits {
        let at = rng.random_range(0..=text.len());
        match rng.random_range(0..5) {
            0 if at < text.len() => {
                text.remove(at);
            }
            1 => text.insert(at, NOISE[rng.random_range(0..NOISE.len())]),
            2 if at < text.len() => {
                // Duplicate a short stretch.
                let end = (at + rng.random_range(1..12)).min(text.len());
                let piece = text[at..end].to_vec();
                text.splice(at..at, piece);
            }
            3 => text.truncate(at.max(text.len() * 3 / 4)),
            _ if at < text.len() => text[at] = rng.random_range(0..=255),
            _ => {}
        }
    }
}

/// A PBN board numbered `n`, mangled below its Board line.
fn pbn_board(rng: &mut StdRng, n: u32) -> Vec<u8> {
    let mut body = PBN_BOARDS[rng.random_range(0..PBN_BOARDS.len())]
        .as_bytes()
        .to_vec();
    let edits = rng.random_range(0..4);
    mangle(rng, &mut body, edits);
    let mut board = format!("[Board \"{n}\"]\n").into_bytes();
    board.extend(body);
    board
}

/// A LIN board numbered `n`, mangled after its numbered prefix.
fn lin_board(rng: &mut StdRng, n: u32) -> Vec<u8> {
    let mut body = LIN_BODY.as_bytes().to_vec();
    let edits = rng.random_range(0..4);
    mangle(rng, &mut body, edits);
    let mut board = format!("qx|o{n}|ah|Board {n}|").into_bytes();
    board.extend(body);
    board
}

/// A file of `count` boards numbered from `first`, PBN or LIN, with one
/// of the line-end conventions.
fn file(rng: &mut StdRng, lin: bool, first: u32, count: u32) -> Vec<u8> {
    let eol: &[u8] = [&b"\n"[..], b"\r\n", b"\r"][rng.random_range(0..3)];
    let mut out = Vec::new();
    if !lin && rng.random_bool(0.5) {
        out.extend(b"% PBN 2.1\n% EXPORT\n");
    }
    for n in first..first + count {
        let board = if lin {
            lin_board(rng, n)
        } else {
            pbn_board(rng, n)
        };
        out.extend(board);
        out.extend(b"\n");
        if !lin {
            out.extend(b"\n");
        }
    }
    out.split(|&b| b == b'\n').collect::<Vec<_>>().join(eol)
}

struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

/// Runs the binary on `input`; a run that has not ended after `limit` is
/// killed and reported as a hang.
fn run(args: &[&str], input: &[u8], limit: Duration) -> Result<Run, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_turbobridge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().ok_or("stdin")?;
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().ok_or("stdout")?;
    let mut err = child.stderr.take().ok_or("stderr")?;
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = out.read_to_end(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = err.read_to_end(&mut text);
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("no answer after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(Run {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        code: status.code(),
    })
}

/// The checks every run must pass; `numbers` are the boards of the input.
fn check(args: &[&str], input: &[u8], numbers: std::ops::Range<u32>) {
    // Wide: a loaded two-core machine runs these in parallel with others.
    let r = run(args, input, Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{args:?}: {e}\ninput:\n{}", String::from_utf8_lossy(input)));
    let context = || {
        format!(
            "{args:?}\ninput:\n{}\nstderr:\n{}",
            String::from_utf8_lossy(input),
            r.stderr
        )
    };
    assert!(
        matches!(r.code, Some(0) | Some(1)),
        "exit {:?}: {}",
        r.code,
        context()
    );
    assert!(!r.stderr.contains("panicked"), "{}", context());
    let mut named = Vec::new();
    for line in r.stderr.lines() {
        let n = line
            .strip_prefix("board ")
            .and_then(|rest| rest.split_once(": "))
            .and_then(|(n, _)| n.parse::<u32>().ok())
            .unwrap_or_else(|| panic!("not a board report {line:?}: {}", context()));
        named.push(n);
    }
    assert_eq!(r.code == Some(0), named.is_empty(), "{}", context());
    for n in numbers {
        // PBN out, or a `show` diagram headed `Board N`.
        let written = r.stdout.contains(&format!("[Board \"{n}\"]"))
            || r.stdout
                .lines()
                .any(|l| l.starts_with(&format!("Board {n} ")));
        assert!(
            written || named.contains(&n),
            "board {n} neither written nor named: {}",
            context()
        );
    }
}

#[test]
fn mangled_files_never_crash_hang_or_lose_a_board() {
    let mut rng = StdRng::seed_from_u64(25);
    let mut first = 1000;
    for i in 0..60 {
        let lin = i % 2 == 1;
        let input = file(&mut rng, lin, first, 50);
        check(&["convert"], &input, first..first + 50);
        first += 50;
    }
    // The modes that do more than read: a few boards each.
    for i in 0..4 {
        let lin = i % 2 == 1;
        let input = file(&mut rng, lin, first, 6);
        check(&["--level", "heuristic"], &input, first..first + 6);
        first += 6;
    }
    let input = file(&mut rng, false, first, 2);
    check(&["solve", "--threads", "1"], &input, first..first + 2);
    first += 2;
    // Diagrams of whatever survives, and the double-dummy section.
    for i in 0..10 {
        let lin = i % 2 == 1;
        let input = file(&mut rng, lin, first, 50);
        check(&["show", "--handviewer"], &input, first..first + 50);
        first += 50;
    }
    let input = file(&mut rng, true, first, 2);
    check(&["show", "--dd", "--ascii"], &input, first..first + 2);
}
