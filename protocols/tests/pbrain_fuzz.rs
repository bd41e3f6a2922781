//! A bounded, seeded fuzz of the Gomocup front end: thousands of malformed
//! and mangled command groups, a few seconds in all. No input may print a
//! panic, hang the brain or silence it; a known command with a bad
//! argument gets `ERROR …`, an unknown command `UNKNOWN …`.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "common/pbrain.rs"]
mod pbrain;

use pbrain::{is_remark, run_with_input};

/// Commands that take an argument, with how it must look.
const WITH_ARGUMENT: [&str; 5] = ["START", "RECTSTART", "TURN", "TAKEBACK", "PLAY"];

/// Every command word the brain knows (any case).
const KNOWN: [&str; 15] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "SWAP2BOARD",
    "INFO",
    "TAKEBACK",
    "PLAY",
    "ABOUT",
    "STOP",
    "YXSTOP",
    "END",
    "DONE",
];

/// Well-formed lines and groups that the mangler starts from. `END` is
/// not among them: it would end the conversation.
const SEEDS: [&str; 16] = [
    "START 15",
    "START 20",
    "RECTSTART 20,15",
    "RESTART",
    "BEGIN",
    "TURN 7,7",
    "TURN 10,3",
    "TAKEBACK 7,7",
    "PLAY 3,3",
    "INFO timeout_turn 0",
    "INFO rule 4",
    "INFO max_memory 1000000",
    "INFO time_left 100",
    "BOARD\n7,7,1\n8,8,2\n9,9,3\nDONE",
    "SWAP2BOARD\n7,7\n8,7\n7,8\nDONE",
    "SWAP2BOARD\nDONE",
];

/// A random argument that no command accepts: it holds a character that
/// is neither a digit, a comma nor a space.
fn bad_argument(rng: &mut StdRng) -> String {
    const CHARS: &[u8] = b"0123456789,, -x.;+";
    loop {
        let len = rng.random_range(1..8);
        let arg: String = (0..len)
            .map(|_| CHARS[rng.random_range(0..CHARS.len())] as char)
            .collect();
        if arg.trim().bytes().any(|b| b"-x.;+".contains(&b)) {
            return arg;
        }
    }
}

/// A word that is no command.
fn unknown_word(rng: &mut StdRng) -> String {
    loop {
        let len = rng.random_range(1..12);
        let word: String = (0..len)
            .map(|_| {
                let base = if rng.random_bool(0.3) { b'a' } else { b'A' };
                (base + rng.random_range(0..26u8)) as char
            })
            .collect();
        if !KNOWN.iter().any(|k| k.eq_ignore_ascii_case(&word)) {
            return word;
        }
    }
}

#[test]
fn malformed_known_commands_are_errors_and_unknown_ones_unknown() {
    let mut rng = StdRng::seed_from_u64(25);
    let mut input = String::from("START 15\r\nINFO max_memory 4000000\r\nINFO timeout_turn 0\r\n");
    let mut expected = vec!["OK"];
    for _ in 0..2000 {
        if rng.random_bool(0.5) {
            let command = WITH_ARGUMENT[rng.random_range(0..WITH_ARGUMENT.len())];
            input.push_str(&format!("{command} {}\r\n", bad_argument(&mut rng)));
            expected.push("ERROR ");
        } else {
            let word = unknown_word(&mut rng);
            let tail = if rng.random_bool(0.5) { " 1,2" } else { "" };
            input.push_str(&format!("{word}{tail}\r\n"));
            expected.push("UNKNOWN ");
        }
    }
    input.push_str("ABOUT\r\n");
    expected.push("name=");
    let start = Instant::now();
    let out = run_with_input(&[], &input);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = stdout.lines().filter(|l| !is_remark(l)).collect();
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(replies.len(), expected.len(), "one reply per command");
    for (i, (reply, want)) in replies.iter().zip(&expected).enumerate() {
        // Reply i answers input line i + 2 (the INFO lines get none).
        let line = if i == 0 { lines[0] } else { lines[i + 2] };
        assert!(reply.starts_with(want), "{line:?} -> {reply:?}");
    }
}

/// `text` with a few random edits: bytes dropped, doubled, replaced or
/// inserted (any byte, CR and LF included), case flipped, numbers made
/// huge or negative.
fn mangle(rng: &mut StdRng, text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        let i = rng.random_range(0..=bytes.len());
        match rng.random_range(0..7u32) {
            0 if i < bytes.len() => {
                bytes.remove(i);
            }
            1 if i < bytes.len() => bytes.insert(i, bytes[i]),
            2 if i < bytes.len() => bytes[i] = rng.random_range(0..=255u8),
            3 => bytes.insert(i, rng.random_range(0..=255u8)),
            4 if i < bytes.len() => bytes[i] = bytes[i].to_ascii_lowercase(),
            5 => bytes
                .splice(i..i, b"99999999999999999999".iter().copied())
                .for_each(drop),
            6 => bytes.splice(i..i, b"-1".iter().copied()).for_each(drop),
            _ => bytes.insert(i, b' '),
        }
    }
    bytes
}

/// Whether a mangled group holds a line that would end the conversation.
fn ends(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\r' || b == b'\n').any(|line| {
        String::from_utf8_lossy(line)
            .trim()
            .eq_ignore_ascii_case("END")
    })
}

#[test]
fn mangled_command_groups_never_silence_the_brain() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut input = b"START 15\r\nINFO max_memory 4000000\r\nINFO timeout_turn 0\r\n".to_vec();
    let mut groups = 0;
    while groups < 4000 {
        let seed = SEEDS[rng.random_range(0..SEEDS.len())];
        let group = mangle(&mut rng, seed);
        if ends(&group) || group.windows(5).any(|w| w.eq_ignore_ascii_case(b"about")) {
            continue;
        }
        input.extend_from_slice(&group);
        // Whatever the group left open (a BOARD, a SWAP2BOARD) is closed,
        // and the brain must still answer.
        input.extend_from_slice(b"\r\nDONE\r\nABOUT\r\n");
        groups += 1;
    }
    let start = Instant::now();
    let out = run_with_input(&[], &String::from_utf8_lossy(&input));
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{:?}", out.status);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answered = stdout
        .lines()
        .filter(|l| l.starts_with("name=\"pbrain-turbo\""))
        .count();
    assert_eq!(answered, groups, "every group's ABOUT is answered");
}
