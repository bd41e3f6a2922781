//! Running the built `turbobridge` as a filter: arguments, input on stdin,
//! stdin closed, and the whole output once it exits.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_turbobridge");

/// Runs `turbobridge` with `args`, feeds it `input`, closes stdin and
/// waits for it to exit.
pub fn run(args: &[&str], input: &str) -> Output {
    run_bytes(args, input.as_bytes())
}

/// [`run`] with input that need not be UTF-8 (Latin-1 PBN files).
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn turbobridge");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // The binary may exit before reading everything.
        let _ = stdin.write_all(input);
    }
    child.wait_with_output().expect("wait for turbobridge")
}
