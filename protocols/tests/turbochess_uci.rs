//! `turbochess` without a subcommand speaks UCI; `bench` and `eval` are
//! its tools.

use std::io::Write;
use std::process::{Command, Stdio};

fn turbochess(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_turbochess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run turbochess");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("wait");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn default_mode_is_uci() {
    let (ok, out, _) = turbochess(&[], "uci\nisready\nposition startpos\ngo depth 2\n");
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"uciok"), "{out}");
    assert!(lines.contains(&"readyok"), "{out}");
    // End of input lets a bounded search finish and print its move.
    assert!(lines.last().unwrap().starts_with("bestmove "), "{out}");
}

#[test]
fn bench_prints_a_node_fingerprint() {
    let (ok, out, _) = turbochess(&["bench", "--depth", "2"], "");
    assert!(ok);
    let last = out.lines().last().unwrap();
    let nodes: u64 = last.strip_suffix(" nodes").unwrap().parse().unwrap();
    assert!(nodes > 40, "{out}");
    assert!(out.contains("Nodes/second"), "{out}");
    let (_, again, _) = turbochess(&["bench", "--depth", "2"], "");
    assert_eq!(
        again.lines().last(),
        Some(last),
        "the fingerprint is reproducible"
    );
    let (ok, _, err) = turbochess(&["bench", "--depth", "0"], "");
    assert!(!ok && err.contains("depth"), "{err}");
}

#[test]
fn eval_prints_breakdown_and_piece_table() {
    let (ok, out, _) = turbochess(&["eval", "--piece", "N"], "");
    assert!(ok);
    assert!(out.contains("total 0 cp"), "{out}");
    assert!(out.contains("piece values of the white Knight"), "{out}");
    let fen = "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1";
    let (ok, out, _) = turbochess(&["eval", "--fen", fen], "");
    assert!(ok);
    assert!(out.contains("mating"), "{out}");
    let (ok, _, err) = turbochess(&["eval", "--fen", "nonsense"], "");
    assert!(!ok && !err.is_empty());
    let (ok, _, err) = turbochess(&["eval", "--piece", "X"], "");
    assert!(!ok && err.contains("piece"), "{err}");
}
