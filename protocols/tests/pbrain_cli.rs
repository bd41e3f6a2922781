//! The built `pbrain-turbo` binary: a minimal conversation and the bench.
//! (Its presence also makes `cargo test --workspace` build the binaries
//! that the conversation tests in the top-level `tests/` drive.)

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-turbo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn pbrain-turbo");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn start_begin_about_end() {
    let out = run(&[], "START 20\r\nBEGIN\r\nABOUT\r\nEND\r\n");
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with("DEBUG")).collect();
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "10,10");
    assert!(lines[2].starts_with("name=\"pbrain-turbo\", version=\""));
    assert_eq!(lines.len(), 3);
}

#[test]
fn bench_prints_nodes_and_speed() {
    let out = run(&["bench", "--depth", "2"], "");
    let nodes: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes: "))
        .expect("Nodes line")
        .parse()
        .unwrap();
    assert!(nodes > 0);
    assert!(out.contains("Nodes/second: "));
    // The node count is a fingerprint: the same run gives the same count.
    assert!(run(&["bench", "--depth", "2"], "").contains(&format!("Nodes: {nodes}\n")));
}

/// `tune FILE` fits labelled positions and prints the weights as source;
/// a file it cannot read is one line on stderr and exit status 2.
#[test]
fn tune_fits_a_file_and_reports_a_missing_one() {
    let dir = std::env::temp_dir().join(format!("pbrain-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    let mut text = String::new();
    // A few games' positions, each labelled by who won.
    for (moves, result) in [
        ("7,7 8,8 7,8 8,7 6,6", 0.0),
        ("7,7 8,8 7,8", 0.0),
        ("7,7 8,8 9,9 6,6", 1.0),
        ("7,7 7,8 8,7 6,9 9,7", 0.5),
        ("this line is not a position", 1.0),
    ] {
        text.push_str(&format!("15;{moves};{result}\n"));
    }
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let out = run(&["tune", path, "--iterations", "100", "--holdout", "0"], "");
    assert!(
        out.starts_with("samples 4 fitted, 0 held out (skipped 1 lines)\n"),
        "{out}"
    );
    assert!(out.contains("iteration 100: error "), "{out}");
    assert!(
        out.contains("\nconst SHAPE_VALUE: [i32; LINE_SHAPES] = [0, "),
        "{out}"
    );
    assert!(out.contains("\nconst THREAT_PARRY: i32 = "), "{out}");

    let missing = dir.join("missing.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-turbo"))
        .args(["tune", missing.to_str().unwrap()])
        .output()
        .expect("run pbrain-turbo");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("pbrain-turbo: cannot read "), "{err}");
    assert_eq!(err.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
