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
