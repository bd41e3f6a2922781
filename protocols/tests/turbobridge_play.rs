//! The play mode of `turbobridge` as cargo builds it for this package:
//! one board dealt and played without reading stdin.

use std::process::{Command, Stdio};

#[test]
fn deals_one_board_without_reading_stdin() {
    let out = Command::new(env!("CARGO_BIN_EXE_turbobridge"))
        .args(["--deals", "1", "--seed", "5", "--level", "heuristic"])
        .stdin(Stdio::null())
        .output()
        .expect("run turbobridge");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("[Board \"1\"]"), "{text}");
    assert!(text.contains("[Auction "), "{text}");
}
