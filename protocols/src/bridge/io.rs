//! The board-by-board loop every `turbobridge` mode shares: read PBN or
//! LIN (detected), hand each good board to the mode, write the results in
//! the chosen format, report a bad board as `board N: <error>` on the
//! error stream and go on. Modes (convert, solve, the bidding/playing
//! filter) supply only the per-board work.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use super::board::Board;
use super::handviewer;
use super::lin::{self, LinError};
use super::pbn::{self, PbnError};
use crate::progress::Progress;

/// A deal file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pbn,
    Lin,
    /// Output only: one BBO handviewer link a line per board, in place of
    /// the board (see [`super::handviewer`]).
    Handviewer,
}

impl Format {
    /// LIN when the text starts with a `key|` pair, PBN otherwise.
    pub fn detect(text: &str) -> Format {
        if lin::looks_like_lin(text) {
            Format::Lin
        } else {
            Format::Pbn
        }
    }
}

/// What was wrong with a board's text, in its format's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    Pbn(PbnError),
    Lin(LinError),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Pbn(e) => e.fmt(f),
            FormatError::Lin(e) => e.fmt(f),
        }
    }
}

/// Why a board could not be read, with the board's number when its text
/// gives one (PBN `Board`, LIN `ah`/`qx`), so the report names the board
/// the user knows, not its position in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub number: Option<u32>,
    pub error: FormatError,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for ReadError {}

/// The name of board `position` (from 1) in reports: its number, or its
/// position in the input when it has none.
pub fn board_name(number: Option<u32>, position: usize) -> usize {
    number.map_or(position, |n| n as usize)
}

/// The character set a deal file came in: output goes out in the same
/// one, so that names and comments come back as they were read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Charset {
    #[default]
    Utf8,
    /// ISO-8859-1, PBN's own character set: every byte one character.
    Latin1,
}

/// Reads a whole input stream as text. PBN is ISO-8859-1 at heart: input
/// that is not UTF-8 is decoded as Latin-1 (every byte one character), so
/// names and comments survive and nothing fails on a stray byte.
pub fn read_input<R: io::Read>(input: R) -> io::Result<String> {
    read_text(input).map(|(text, _)| text)
}

/// [`read_input`] with the character set it found, for writing back.
pub fn read_text<R: io::Read>(mut input: R) -> io::Result<(String, Charset)> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(decode_charset(bytes))
}

/// UTF-8 if valid, else Latin-1.
pub fn decode(bytes: Vec<u8>) -> String {
    decode_charset(bytes).0
}

/// [`decode`] with the character set it used.
pub fn decode_charset(bytes: Vec<u8>) -> (String, Charset) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, Charset::Utf8),
        Err(e) => (
            e.into_bytes().into_iter().map(char::from).collect(),
            Charset::Latin1,
        ),
    }
}

/// A writer that takes UTF-8 text and writes it in a [`Charset`]: as is,
/// or one byte per character for Latin-1 (a character Latin-1 cannot
/// hold, which only our own text could bring, becomes `?`).
pub struct EncodingWriter<W: Write> {
    inner: W,
    charset: Charset,
    /// The start of a UTF-8 sequence split between two writes.
    pending: Vec<u8>,
}

impl<W: Write> EncodingWriter<W> {
    pub fn new(inner: W, charset: Charset) -> EncodingWriter<W> {
        EncodingWriter {
            inner,
            charset,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for EncodingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.charset == Charset::Utf8 {
            return self.inner.write(buf);
        }
        self.pending.extend_from_slice(buf);
        let (text, rest) = match std::str::from_utf8(&self.pending) {
            Ok(t) => (t, 0),
            Err(e) => {
                let valid = e.valid_up_to();
                let t = std::str::from_utf8(&self.pending[..valid]).unwrap_or_default();
                match e.error_len() {
                    // An incomplete sequence at the end: wait for the rest.
                    None => (t, self.pending.len() - valid),
                    // Not UTF-8 at all (never from our writers): dropped.
                    Some(_) => (t, 0),
                }
            }
        };
        let bytes: Vec<u8> = text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect();
        let keep = self.pending.split_off(self.pending.len() - rest);
        self.pending = keep;
        self.inner.write_all(&bytes)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Reads every board of a text in the detected format, in order. Every
/// board of the text is here, read or refused: the rule of the filter is
/// that each one is written or named on the error stream.
pub fn read_boards(text: &str) -> (Format, Vec<Result<Board, ReadError>>) {
    let format = Format::detect(text);
    let boards = match format {
        Format::Pbn | Format::Handviewer => pbn::read_all(text)
            .into_iter()
            .map(|(number, r)| {
                r.map_err(|e| ReadError {
                    number,
                    error: FormatError::Pbn(e),
                })
            })
            .collect(),
        Format::Lin => lin::read_all(text)
            .into_iter()
            .map(|(number, r)| {
                r.map_err(|e| ReadError {
                    number,
                    error: FormatError::Lin(e),
                })
            })
            .collect(),
    };
    (format, boards)
}

/// A board read for a mode's work, or the report of why it was not: the
/// name to report it under and the one-line error.
fn named(position: usize, read: Result<Board, ReadError>) -> Result<Board, (usize, String)> {
    read.map_err(|e| (board_name(e.number, position), e.to_string()))
}

/// Runs a mode's work on a board read at `position`; an error is named
/// after the board's number.
fn work_on<F: FnOnce(usize, Board) -> Result<Board, String>>(
    position: usize,
    read: Result<Board, ReadError>,
    work: F,
) -> Result<Board, (usize, String)> {
    named(position, read).and_then(|b| {
        let name = board_name(b.number, position);
        work(position, b).map_err(|e| (name, e))
    })
}

/// Writes boards one at a time in one format: the PBN export header
/// before the first, an empty line between PBN games, a line per LIN
/// board or handviewer link. Flushes after every board so a long run
/// shows progress.
pub struct BoardWriter<W: Write> {
    out: W,
    format: Format,
    written: usize,
}

impl<W: Write> BoardWriter<W> {
    pub fn new(out: W, format: Format) -> BoardWriter<W> {
        BoardWriter {
            out,
            format,
            written: 0,
        }
    }

    pub fn write(&mut self, board: &Board) -> io::Result<()> {
        match self.format {
            Format::Pbn => {
                if self.written == 0 {
                    self.out.write_all(pbn::HEADER.as_bytes())?;
                } else {
                    self.out.write_all(b"\r\n")?;
                }
                self.out.write_all(pbn::write_board(board).as_bytes())?;
            }
            Format::Lin => {
                self.out.write_all(lin::write_board(board).as_bytes())?;
                self.out.write_all(b"\n")?;
            }
            Format::Handviewer => {
                self.out.write_all(handviewer::link(board).as_bytes())?;
                self.out.write_all(b"\n")?;
            }
        }
        self.written += 1;
        self.out.flush()
    }

    /// Boards written so far.
    pub fn written(&self) -> usize {
        self.written
    }
}

/// [`run_filter`] with the boards shared out between workers, each with
/// its own state (say a solver): `work(state, n, board)`. Results are
/// written in input order as soon as each one and those before it are
/// done, so a long file shows progress and an interrupted run keeps the
/// boards finished so far. When the output fails (a closed pipe), the
/// workers stop after their current board.
pub fn run_filter_shared<S: Send, W: Write, E: Write>(
    text: &str,
    out_format: Format,
    out: W,
    errors: E,
    workers: &mut [S],
    work: impl Fn(&mut S, usize, Board) -> Result<Board, String> + Sync,
) -> io::Result<FilterSummary> {
    let mut progress = Progress::off();
    run_filter_shared_with(text, out_format, out, errors, &mut progress, workers, work)
}

/// [`run_filter_shared`] showing `progress` (boards written of the total).
pub fn run_filter_shared_with<S: Send, W: Write, E: Write>(
    text: &str,
    out_format: Format,
    out: W,
    mut errors: E,
    progress: &mut Progress,
    workers: &mut [S],
    work: impl Fn(&mut S, usize, Board) -> Result<Board, String> + Sync,
) -> io::Result<FilterSummary> {
    let (_, boards) = read_boards(text);
    progress.set_total(boards.len());
    let queue: Vec<Mutex<Option<Result<Board, ReadError>>>> =
        boards.into_iter().map(|b| Mutex::new(Some(b))).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut writer = BoardWriter::new(out, out_format);
    let mut summary = FilterSummary::default();
    std::thread::scope(|scope| {
        let (done, results) = mpsc::channel();
        for state in workers.iter_mut() {
            let (done, queue, next, stop, work) = (done.clone(), &queue, &next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = queue.get(i) else {
                        break;
                    };
                    let read = slot.lock().map(|mut b| b.take()).ok().flatten();
                    // A bug in one board's work must not lose the others.
                    let result = match read {
                        Some(read) => work_on(i + 1, read, |n, board| {
                            catch_unwind(AssertUnwindSafe(|| work(state, n, board)))
                                .unwrap_or_else(|_| Err("internal error".to_string()))
                        }),
                        None => Err((i + 1, "internal error".to_string())),
                    };
                    if done.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        let mut waiting = BTreeMap::new();
        let mut written = 0;
        let outcome = (|| -> io::Result<()> {
            for (i, result) in &results {
                waiting.insert(i, result);
                while let Some(result) = waiting.remove(&written) {
                    written += 1;
                    if result.is_err() {
                        progress.clear();
                    }
                    summary.emit(result, &mut writer, &mut errors)?;
                    progress.update(written, "");
                }
            }
            Ok(())
        })();
        if outcome.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        outcome
    })?;
    progress.clear();
    Ok(summary)
}

/// What a filter run did: boards seen and boards skipped for an error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FilterSummary {
    pub boards: usize,
    pub failed: usize,
}

impl FilterSummary {
    /// Counts one board's outcome and reports its error as
    /// `board N: <error>` (N its name, see [`board_name`]).
    pub fn count<E: Write>(
        &mut self,
        outcome: Result<(), (usize, String)>,
        errors: &mut E,
    ) -> io::Result<()> {
        self.boards += 1;
        if let Err((name, e)) = outcome {
            self.failed += 1;
            writeln!(errors, "board {name}: {e}")?;
        }
        Ok(())
    }

    /// Writes a board's result, or reports its error, and counts it.
    fn emit<W: Write, E: Write>(
        &mut self,
        result: Result<Board, (usize, String)>,
        writer: &mut BoardWriter<W>,
        errors: &mut E,
    ) -> io::Result<()> {
        match result {
            Ok(board) => {
                writer.write(&board)?;
                self.count(Ok(()), errors)
            }
            Err(e) => self.count(Err(e), errors),
        }
    }
}

/// Runs a mode over every board of `text`: `work(n, board)` (n counts
/// boards from 1 in input order) returns the board to write or a one-line
/// error. Bad boards are reported as `board N: <error>` on `errors` (N
/// the board's number, its position when it has none) and skipped. The exit status is the caller's: non-zero when
/// `summary.failed > 0`.
///
/// # Examples
/// A mode that fills in the OptimumScore tag:
/// ```
/// use protocols::bridge::io::{Format, run_filter};
/// let input = "[Deal \"N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]\n\n\
///              [Deal \"N:AA.. - - -\"]\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let summary = run_filter(input, Format::Pbn, &mut out, &mut err, |_, mut board| {
///     board.optimum_score = Some(0);
///     Ok(board)
/// })
/// .unwrap();
/// assert_eq!((summary.boards, summary.failed), (2, 1));
/// assert!(String::from_utf8(out).unwrap().contains("[OptimumScore \"NS 0\"]"));
/// assert!(String::from_utf8(err).unwrap().starts_with("board 2: Deal: "));
/// ```
pub fn run_filter<W: Write, E: Write>(
    text: &str,
    out_format: Format,
    out: W,
    errors: E,
    work: impl FnMut(usize, Board) -> Result<Board, String>,
) -> io::Result<FilterSummary> {
    run_filter_with(text, out_format, out, errors, &mut Progress::off(), work)
}

/// [`run_filter`] showing `progress` (boards done of the total).
pub fn run_filter_with<W: Write, E: Write>(
    text: &str,
    out_format: Format,
    out: W,
    mut errors: E,
    progress: &mut Progress,
    mut work: impl FnMut(usize, Board) -> Result<Board, String>,
) -> io::Result<FilterSummary> {
    let (_, boards) = read_boards(text);
    progress.set_total(boards.len());
    let mut writer = BoardWriter::new(out, out_format);
    let mut summary = FilterSummary::default();
    for (i, read) in boards.into_iter().enumerate() {
        let result = work_on(i + 1, read, &mut work);
        if result.is_err() {
            progress.clear();
        }
        summary.emit(result, &mut writer, &mut errors)?;
        progress.update(i + 1, "");
    }
    progress.clear();
    Ok(summary)
}
