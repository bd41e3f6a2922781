//! Driving the built `pbrain-turbo`: whole scripted conversations, and
//! live sessions that keep its input open (so that end of input, which
//! ends any search at once, does not cut the searches a test times).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_pbrain-turbo");

/// Runs the brain with `args`, feeds it `input`, closes its input and
/// waits for it to exit.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn pbrain-turbo");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    // Written from a thread, so that a long script cannot fill the pipes
    // while we are not yet reading the replies. The brain may exit before
    // reading everything (END): a broken pipe is not a failure.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("wait for pbrain-turbo");
    writer.join().expect("writer thread");
    out
}

/// Whether a line is one of the brain's remarks rather than a reply:
/// `DEBUG` lines and the search's progress `MESSAGE`s.
pub fn is_remark(line: &str) -> bool {
    line.starts_with("DEBUG") || line.starts_with("MESSAGE depth ")
}

/// The replies to a whole script, without remarks; the brain must exit
/// cleanly.
pub fn talk(args: &[&str], input: &str) -> Vec<String> {
    let out = run_with_input(args, input);
    assert!(out.status.success(), "exit status {:?}", out.status);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !is_remark(l))
        .map(str::to_string)
        .collect()
}

/// `x,y` as numbers.
pub fn coord(line: &str) -> (usize, usize) {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {line}"));
    (x.parse().unwrap(), y.parse().unwrap())
}

/// Whether `line` is a move `x,y`.
pub fn is_move(line: &str) -> bool {
    line.split_once(',').is_some_and(|(x, y)| {
        !x.is_empty()
            && !y.is_empty()
            && x.bytes().all(|b| b.is_ascii_digit())
            && y.bytes().all(|b| b.is_ascii_digit())
    })
}

/// A running brain whose input stays open until the test closes it.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    pub fn start(args: &[&str]) -> Session {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn pbrain-turbo");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Session {
            child,
            stdin,
            lines,
        }
    }

    /// Sends lines (each ends in CR LF, as managers send them).
    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        for line in text.lines() {
            write!(stdin, "{line}\r\n").expect("write to pbrain-turbo");
        }
        stdin.flush().expect("flush");
    }

    /// Closes the brain's input (end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line within `timeout`, remarks included.
    pub fn line_within(&self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Every line up to and including the next move, within `timeout`
    /// from now; `None` if no move came in time.
    pub fn until_move(&self, timeout: Duration) -> Option<Vec<String>> {
        let end = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self.line_within(left)?;
            let done = is_move(&line);
            lines.push(line);
            if done {
                return Some(lines);
            }
        }
    }

    /// The next line that is not a remark, within `timeout`.
    pub fn reply_within(&self, timeout: Duration) -> Option<String> {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self.line_within(left)?;
            if !is_remark(&line) {
                return Some(line);
            }
        }
    }

    /// The exit status, if the brain exits within `timeout`.
    pub fn exit_within(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let end = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if Instant::now() >= end {
                return None;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
