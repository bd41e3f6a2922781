//! The UCI options `OwnBook` and `BookFile`, and the book move the engine
//! answers at once while the game is in its opening book (the handbook's
//! `FindOpeningMove`): `info string book move …`, then `bestmove`.
//!
//! `OwnBook` (default on) uses the built-in opening library, or the
//! Polyglot book named by `BookFile` when one is set. Book moves are chosen
//! at random in proportion to their weights, so games vary.

use engine::chess::book::{Book, Library, PolyglotBook};
use engine::chess::{Board, Move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::{SystemTime, UNIX_EPOCH};

/// The `option` lines for the book.
pub fn option_lines() -> [String; 2] {
    [
        "option name OwnBook type check default true".to_string(),
        "option name BookFile type string default <empty>".to_string(),
    ]
}

/// The book settings and the loaded book.
pub struct BookOptions {
    own_book: bool,
    /// The Polyglot book from `BookFile`, if one is set and loaded.
    polyglot: Option<Book>,
    /// The built-in library, compiled at first use.
    library: Option<Book>,
    rng: StdRng,
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        // Different games should get different openings: seed from the
        // clock (the front end may read it; the core never does).
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        BookOptions::with_seed(seed)
    }
}

impl BookOptions {
    /// Book on, built-in library, the given seed for the random choices.
    pub fn with_seed(seed: u64) -> BookOptions {
        BookOptions {
            own_book: true,
            polyglot: None,
            library: None,
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Handles `setoption` for the book options: `None` when `name` is not
    /// one of them, otherwise the outcome (an error message states the
    /// expected value; the previous setting is kept).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Option<Result<(), String>> {
        let value = value.unwrap_or("").trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "ownbook" => Some(match value.to_ascii_lowercase().as_str() {
                "true" => {
                    self.own_book = true;
                    Ok(())
                }
                "false" => {
                    self.own_book = false;
                    Ok(())
                }
                _ => Err(format!(
                    "option OwnBook: expected true or false, got `{value}`"
                )),
            }),
            "bookfile" => Some(self.load(value)),
            _ => None,
        }
    }

    /// `BookFile`: a Polyglot `.bin` path, or empty / `<empty>` for the
    /// built-in library.
    fn load(&mut self, path: &str) -> Result<(), String> {
        if path.is_empty() || path == "<empty>" {
            self.polyglot = None;
            return Ok(());
        }
        let bytes = read_book_file(std::path::Path::new(path)).map_err(|e| {
            format!("option BookFile: cannot read `{path}` ({e}); expected a Polyglot .bin file, book unchanged")
        })?;
        let book = PolyglotBook::from_bytes(&bytes)
            .map_err(|e| format!("option BookFile: `{path}`: {e}; book unchanged"))?;
        self.polyglot = Some(Book::Polyglot(book));
        Ok(())
    }

    /// A weighted random book move for this position, or `None` when the
    /// book is off or the game has left it.
    pub fn choose(&mut self, board: &Board) -> Result<Option<Move>, String> {
        if !self.own_book {
            return Ok(None);
        }
        if self.polyglot.is_none() && self.library.is_none() {
            let library =
                Library::builtin().map_err(|e| format!("opening library not loaded: {e}"))?;
            self.library = Some(Book::Library(library));
        }
        let book = self.polyglot.as_ref().or(self.library.as_ref());
        Ok(book.and_then(|b| b.choose(board, &mut self.rng)))
    }
}

/// The largest `BookFile` read: a Polyglot book is 16-byte entries, and
/// the largest books in use hold a few million of them.
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// Reads a book file: only a regular file (a FIFO would block the reader
/// thread and with it `readyok`; `/dev/zero` never ends), and at most
/// [`MAX_BOOK_BYTES`].
pub fn read_book_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    // Checked before opening: opening a FIFO with no writer blocks.
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    if meta.len() > MAX_BOOK_BYTES {
        return Err(format!("larger than {} MiB", MAX_BOOK_BYTES >> 20));
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_BOOK_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_BOOK_BYTES {
        return Err(format!("larger than {} MiB", MAX_BOOK_BYTES >> 20));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_switch_the_book() {
        let mut b = BookOptions::with_seed(1);
        let start = Board::startpos();
        assert!(b.choose(&start).unwrap().is_some());
        assert_eq!(b.set("OwnBook", Some("false")), Some(Ok(())));
        assert_eq!(b.choose(&start), Ok(None));
        assert!(matches!(b.set("ownbook", Some("maybe")), Some(Err(_))));
        assert_eq!(b.set("OwnBook", Some("true")), Some(Ok(())));
        let err = b
            .set("BookFile", Some("/nonexistent.bin"))
            .unwrap()
            .unwrap_err();
        assert!(err.contains("Polyglot"), "{err}");
        assert!(
            b.choose(&start).unwrap().is_some(),
            "library kept after a bad file"
        );
        assert_eq!(b.set("BookFile", Some("<empty>")), Some(Ok(())));
        assert_eq!(b.set("Hash", Some("1")), None);
    }
}
