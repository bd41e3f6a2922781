//! Reading the manager while the brain thinks. The Piskvork protocol
//! allows a reader thread beside the thinker; it is what lets `END` and a
//! GUI's `STOP` reach a running search, and end of input end the program
//! promptly.
//!
//! The reader splits lines (CR, LF or CRLF), stamps each with the moment
//! it was read (the turn clock starts then, queued or not) and hands it on.
//! It raises [`Signals`] at once for the lines that concern the search
//! under way; the lines themselves are still answered in order.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::Instant;

use engine::control::Control;
use engine::gomoku::Report;

use super::brain::progress_message;
use super::command::{Command, parse_command};

/// Flags the reader raises for the thinker.
#[derive(Debug, Default)]
pub struct Signals {
    /// `STOP`: answer the current move now. Lowered when the `STOP` line
    /// itself is answered, so that it stops only the move it arrived
    /// during.
    stop: AtomicBool,
    /// `END` or end of input: every search from now on answers at once.
    ending: AtomicBool,
}

impl Signals {
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.ending.load(Ordering::Relaxed)
    }

    /// The `STOP` line has been reached in the queue: later moves think
    /// again.
    pub fn stop_answered(&self) {
        self.stop.store(false, Ordering::Relaxed);
    }
}

/// One line from the manager.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    /// When it was read.
    pub received: Instant,
    /// Whether it was a `STOP`.
    pub is_stop: bool,
}

/// Starts the reader thread on `input`. The receiver ends after the last
/// line, once the input has ended (with `ending` raised by then).
pub fn spawn_reader(
    mut input: impl BufRead + Send + 'static,
    signals: Arc<Signals>,
) -> Receiver<Line> {
    let (tx, rx) = channel();
    thread::spawn(move || {
        let mut line = Vec::new();
        let send = |bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let command = parse_command(&text);
            let is_stop = command == Ok(Command::Stop);
            if is_stop {
                signals.stop.store(true, Ordering::Relaxed);
            }
            if command == Ok(Command::End) {
                signals.ending.store(true, Ordering::Relaxed);
            }
            tx.send(Line {
                text,
                received: Instant::now(),
                is_stop,
            })
            .is_ok()
        };
        loop {
            // A line ends at either CR or LF (the empty line between CR
            // and LF is ignored), so a CR alone does not leave us waiting
            // for an LF that never comes.
            let (done, used) = match input.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(buf) => match buf.iter().position(|&b| b == b'\r' || b == b'\n') {
                    Some(i) => {
                        line.extend_from_slice(&buf[..i]);
                        (true, i + 1)
                    }
                    None => {
                        line.extend_from_slice(buf);
                        (false, buf.len())
                    }
                },
            };
            input.consume(used);
            if done {
                if !send(&line) {
                    return;
                }
                line.clear();
            }
        }
        // End of input: a last line without its line end still counts.
        if !line.is_empty() {
            send(&line);
        }
        signals.ending.store(true, Ordering::Relaxed);
    });
    rx
}

/// The front end's side of the control contract for one line: its clock
/// started when the line was read, the reader's signals, and `MESSAGE`
/// lines for the progress reports.
pub struct Thinking<'a> {
    received: Instant,
    signals: &'a Signals,
    message: &'a mut dyn FnMut(String),
}

impl<'a> Thinking<'a> {
    pub fn new(
        received: Instant,
        signals: &'a Signals,
        message: &'a mut dyn FnMut(String),
    ) -> Thinking<'a> {
        Thinking {
            received,
            signals,
            message,
        }
    }
}

impl Control<Report> for Thinking<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.received.elapsed().as_millis() as u64
    }

    fn stop_requested(&self) -> bool {
        self.signals.stop_requested()
    }

    fn report(&mut self, progress: &Report) {
        let text = progress_message(progress, self.elapsed_ms());
        (self.message)(text);
    }
}
