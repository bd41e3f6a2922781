//! Support code for the cross-crate tests in `tests/`: locating the built
//! binaries of the `protocols` crate and scripting conversations with them.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Path of a binary built from the `protocols` crate, in the same target
/// profile directory as the running test.
///
/// `cargo test --workspace` builds every package's binaries before any test
/// runs (the `protocols` crate has integration tests of its own, which makes
/// cargo build its binaries), so they sit two levels above the test
/// executable: `target/<profile>/deps/<test>` → `target/<profile>/<name>`.
pub fn bin_path(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps layout");
    let path = profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} not built: run the tests with `cargo test --workspace`",
        path.display()
    );
    path
}

/// Runs a binary with `args`, feeds it `input` on stdin, closes stdin and
/// waits for it to exit.
pub fn run_with_input(name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(bin_path(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn binary");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // A binary may exit before reading everything (e.g. on `quit`);
        // a broken pipe here is not a test failure.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("wait for binary")
}

pub mod uci_process;
