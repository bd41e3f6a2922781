//! A `turbochess` child process driven line by line, with timeouts: for
//! UCI and console tests that must see replies *while* the engine thinks.
//! Included per test file with
//! `#[path = "common/turbochess_process.rs"] mod turbochess_process;`.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A running engine: write lines to it, wait for lines from it.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far, in order.
    pub transcript: Vec<String>,
    /// Everything the engine wrote to stderr so far.
    stderr: Arc<Mutex<String>>,
}

impl EngineProcess {
    /// Starts `turbochess` with `args`.
    pub fn start(args: &[&str]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_turbochess"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn engine");
        let mut err_pipe = child.stderr.take().expect("stderr");
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let mut chunk = [0u8; 4096];
            while let Ok(n) = err_pipe.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                bytes.extend_from_slice(&chunk[..n]);
                *sink.lock().unwrap() = String::from_utf8_lossy(&bytes).into_owned();
            }
        });
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProcess {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
            stderr,
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .expect("write to engine");
        stdin.flush().expect("flush engine stdin");
    }

    /// Sends raw bytes as they are (for mangled input).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush engine stdin");
    }

    /// The next line, if one arrives within `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns all lines read
    /// (the matching one last). Panics with the transcript on timeout.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                None => panic!(
                    "no expected line within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads lines until one starts with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> String {
        let lines = self.read_until(timeout, |l| l.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// What the engine has written to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// The stdout lines not read yet, once the process has ended (after
    /// [`EngineProcess::finish`]).
    pub fn rest(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        while let Some(line) = self.next_line(Duration::from_secs(5)) {
            rest.push(line);
        }
        rest
    }

    /// Closes stdin and waits for the process to exit (kills it after
    /// `timeout`); returns whether it exited successfully by itself.
    pub fn finish(&mut self, timeout: Duration) -> bool {
        drop(self.stdin.take());
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return false;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Runs `turbochess` with `args`, feeds it `input` on stdin, closes stdin
/// and waits for it to exit.
pub fn run_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_turbochess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn turbochess");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // The binary may exit before reading everything (e.g. on `quit`);
        // a broken pipe here is not a test failure.
        let _ = stdin.write_all(input.as_ref());
    }
    child.wait_with_output().expect("wait for turbochess")
}
