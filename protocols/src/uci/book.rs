//! The UCI options `OwnBook` and `BookFile`: which opening book the
//! program plays from (the player chooses the book move, the handbook's
//! `FindOpeningMove`, and the engine reports `info string book move …`).
//!
//! `OwnBook` (default on) uses the built-in opening library, or the
//! Polyglot book named by `BookFile` when one is set.

use engine::chess::book::{Book, Library, PolyglotBook};
use std::sync::Arc;

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
    polyglot: Option<Arc<Book>>,
    /// The built-in library, compiled at first use.
    library: Option<Arc<Book>>,
}

impl Default for BookOptions {
    /// Book on, built-in library.
    fn default() -> BookOptions {
        BookOptions {
            own_book: true,
            polyglot: None,
            library: None,
        }
    }
}

impl BookOptions {
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
        self.polyglot = Some(Arc::new(Book::Polyglot(book)));
        Ok(())
    }

    /// The book to play from, or `None` when the book is off.
    pub fn current(&mut self) -> Result<Option<Arc<Book>>, String> {
        if !self.own_book {
            return Ok(None);
        }
        if self.polyglot.is_none() && self.library.is_none() {
            let library =
                Library::builtin().map_err(|e| format!("opening library not loaded: {e}"))?;
            self.library = Some(Arc::new(Book::Library(library)));
        }
        Ok(self.polyglot.as_ref().or(self.library.as_ref()).cloned())
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
    use engine::chess::Board;

    fn has_moves(b: &mut BookOptions) -> bool {
        let start = Board::startpos();
        b.current()
            .unwrap()
            .is_some_and(|book| !book.moves(&start).is_empty())
    }

    #[test]
    fn options_switch_the_book() {
        let mut b = BookOptions::default();
        assert!(has_moves(&mut b));
        assert_eq!(b.set("OwnBook", Some("false")), Some(Ok(())));
        assert!(b.current().unwrap().is_none());
        assert!(matches!(b.set("ownbook", Some("maybe")), Some(Err(_))));
        assert_eq!(b.set("OwnBook", Some("true")), Some(Ok(())));
        let err = b
            .set("BookFile", Some("/nonexistent.bin"))
            .unwrap()
            .unwrap_err();
        assert!(err.contains("Polyglot"), "{err}");
        assert!(has_moves(&mut b), "library kept after a bad file");
        assert_eq!(b.set("BookFile", Some("<empty>")), Some(Ok(())));
        assert_eq!(b.set("Hash", Some("1")), None);
    }
}
