//! Progress of a long run, for a person watching a terminal: one line on
//! stderr, rewritten in place (`\r`), saying how far the run is, how fast
//! it goes and how long is left. Shared by the long commands
//! (`turbobridge` solve/play/show, `turbochess tune`).
//!
//! It stays silent unless stderr is a terminal (a pipe or a log file gets
//! only the program's own messages), unless `--quiet` is given, and for
//! the first [`DELAY`] of a run, so that quick runs print nothing at all.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Runs shorter than this print no progress.
pub const DELAY: Duration = Duration::from_secs(2);

/// At most one update per this interval: a fast loop must not spend its
/// time repainting.
const INTERVAL: Duration = Duration::from_millis(250);

/// A progress line: `boards 120/10000  35.2/s  4m41s left  <note>`.
pub struct Progress {
    what: &'static str,
    total: Option<usize>,
    start: Instant,
    delay: Duration,
    last_paint: Option<Instant>,
    sink: Option<Box<dyn Write + Send>>,
    /// Characters of the line now on screen (0: nothing to erase).
    shown: usize,
}

impl Progress {
    /// Progress of `what` (e.g. "boards") on stderr: on only when stderr is
    /// a terminal and `quiet` is not set.
    pub fn stderr(what: &'static str, total: Option<usize>, quiet: bool) -> Progress {
        let sink: Option<Box<dyn Write + Send>> = if !quiet && io::stderr().is_terminal() {
            Some(Box::new(io::stderr()))
        } else {
            None
        };
        Progress::with_sink(sink, what, total, DELAY)
    }

    /// A progress that never prints.
    pub fn off() -> Progress {
        Progress::with_sink(None, "", None, DELAY)
    }

    /// Progress written to `sink` once `delay` has passed (tests use a
    /// buffer and no delay).
    pub fn with_sink(
        sink: Option<Box<dyn Write + Send>>,
        what: &'static str,
        total: Option<usize>,
        delay: Duration,
    ) -> Progress {
        Progress {
            what,
            total,
            start: Instant::now(),
            delay,
            last_paint: None,
            sink,
            shown: 0,
        }
    }

    /// Whether anything can ever be printed.
    pub fn is_on(&self) -> bool {
        self.sink.is_some()
    }

    /// Starts counting something else (the next phase of a run): the rate
    /// and time left are measured from now.
    pub fn restart(&mut self, what: &'static str, total: Option<usize>) {
        self.clear();
        self.what = what;
        self.total = total;
        self.start = Instant::now();
        self.last_paint = None;
    }

    /// The number of items, once known.
    pub fn set_total(&mut self, total: usize) {
        self.total = Some(total);
    }

    /// `done` items are finished; `note` (may be empty) is shown at the
    /// end of the line, e.g. the current error of a fit.
    pub fn update(&mut self, done: usize, note: &str) {
        let now = Instant::now();
        let elapsed = now - self.start;
        if self.sink.is_none()
            || elapsed < self.delay
            || self.last_paint.is_some_and(|t| now - t < INTERVAL)
        {
            return;
        }
        self.last_paint = Some(now);
        let line = self.line(done, elapsed, note);
        self.paint(&line);
    }

    /// The text of the progress line.
    fn line(&self, done: usize, elapsed: Duration, note: &str) -> String {
        let secs = elapsed.as_secs_f64().max(1e-3);
        let rate = done as f64 / secs;
        let mut line = match self.total {
            Some(total) => format!("{} {done}/{total}", self.what),
            None => format!("{} {done}", self.what),
        };
        line.push_str(&format!("  {rate:.1}/s"));
        if let Some(total) = self.total
            && rate > 0.0
            && done <= total
        {
            let left = (total - done) as f64 / rate;
            line.push_str(&format!("  {} left", duration_text(left)));
        }
        if !note.is_empty() {
            line.push_str("  ");
            line.push_str(note);
        }
        // One terminal line: a wrapped line could not be rewritten.
        line.chars().take(79).collect()
    }

    fn paint(&mut self, line: &str) {
        let width = line.chars().count();
        let pad = self.shown.saturating_sub(width);
        if let Some(sink) = self.sink.as_mut() {
            let _ = write!(sink, "\r{line}{:pad$}", "");
            let _ = sink.flush();
        }
        self.shown = width;
    }

    /// Erases the line, e.g. before an error message goes to the same
    /// terminal, or at the end of the run.
    pub fn clear(&mut self) {
        if self.shown == 0 {
            return;
        }
        let width = self.shown;
        if let Some(sink) = self.sink.as_mut() {
            let _ = write!(sink, "\r{:width$}\r", "");
            let _ = sink.flush();
        }
        self.shown = 0;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// `42s`, `4m41s`, `2h05m`.
fn duration_text(secs: f64) -> String {
    let s = secs.round() as u64;
    if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A sink the test can read after the progress wrote to it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().expect("lock").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().expect("lock").clone()).expect("utf-8")
        }
    }

    #[test]
    fn a_line_shows_count_rate_and_time_left_then_is_erased() {
        let sink = Shared::default();
        let mut p = Progress::with_sink(
            Some(Box::new(sink.clone())),
            "boards",
            Some(10),
            Duration::ZERO,
        );
        std::thread::sleep(Duration::from_millis(20));
        p.update(4, "");
        let text = sink.text();
        assert!(text.starts_with("\rboards 4/10  "), "{text:?}");
        assert!(text.contains("/s  ") && text.ends_with(" left"), "{text:?}");
        p.clear();
        let text = sink.text();
        assert!(text.ends_with('\r'), "{text:?}");
        // Erased with as many spaces as the line had.
        let line = text.split('\r').nth(1).expect("line").len();
        let blank = text.split('\r').nth(2).expect("blank");
        assert_eq!(blank, " ".repeat(line));
    }

    #[test]
    fn nothing_before_the_delay_and_nothing_when_off() {
        let sink = Shared::default();
        let mut p = Progress::with_sink(
            Some(Box::new(sink.clone())),
            "iterations",
            None,
            Duration::from_secs(3600),
        );
        p.update(1, "error 0.1");
        p.clear();
        drop(p);
        assert_eq!(sink.text(), "");
        let mut off = Progress::off();
        off.update(5, "");
        assert!(!off.is_on());
    }

    #[test]
    fn a_note_and_no_total() {
        let sink = Shared::default();
        let mut p = Progress::with_sink(
            Some(Box::new(sink.clone())),
            "iterations",
            None,
            Duration::ZERO,
        );
        p.update(300, "error 0.071234");
        let text = sink.text();
        assert!(text.starts_with("\riterations 300  "), "{text:?}");
        assert!(text.ends_with("/s  error 0.071234"), "{text:?}");
        assert!(!text.contains("left"));
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration_text(42.4), "42s");
        assert_eq!(duration_text(281.0), "4m41s");
        assert_eq!(duration_text(7500.0), "2h05m");
    }
}
