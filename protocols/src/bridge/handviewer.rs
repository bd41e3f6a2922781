//! BBO handviewer links: `https://www.bridgebase.com/tools/handviewer.html?lin=…`
//! with the board's LIN, percent-encoded, as the query. Any browser opens
//! the board there (hands, auction, play step by step); the link is made
//! here without any network.

use super::board::Board;
use super::lin;

/// The handviewer page; its `lin` parameter takes a whole LIN board.
pub const HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

/// The handviewer link of a board.
///
/// # Examples
/// ```
/// use protocols::bridge::{handviewer, lin};
/// let board = lin::parse_board("md|3SAKQJHAKQJDAKQCAK,,,|sv|o|").unwrap();
/// let link = handviewer::link(&board);
/// assert!(link.starts_with("https://www.bridgebase.com/tools/handviewer.html?lin=pn%7C"));
/// let lin = handviewer::lin_of_link(&link).unwrap();
/// assert_eq!(lin::parse_board(&lin).unwrap().deal, board.deal);
/// ```
pub fn link(board: &Board) -> String {
    format!("{HANDVIEWER}{}", percent_encode(&lin::write_board(board)))
}

/// The LIN text inside a handviewer link made by [`link`] (`None` if the
/// text is not such a link or its encoding is broken).
pub fn lin_of_link(link: &str) -> Option<String> {
    percent_decode(link.strip_prefix(HANDVIEWER)?)
}

/// Encodes every byte but the URL's unreserved characters (RFC 3986:
/// letters, digits, `-._~`), so that `|`, `,`, `!`, spaces and names in
/// any script survive any browser and any chat program.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The inverse of [`percent_encode`] (also reads `+` as a space, as
/// query strings may). `None` for a broken `%` escape or bytes that are
/// not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips_and_keeps_only_unreserved_characters() {
        for text in [
            "pn|Ann,Bob,Çelik,Dörte|md|3SAK,,,|",
            "an|Jacoby transfer -- 5+ !H |",
            "",
            "~._-",
        ] {
            let enc = percent_encode(text);
            assert!(
                enc.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)),
                "{enc}"
            );
            assert_eq!(percent_decode(&enc).as_deref(), Some(text));
        }
        assert_eq!(percent_encode("a|b c"), "a%7Cb%20c");
    }

    #[test]
    fn broken_escapes_are_refused() {
        for bad in ["%", "%7", "%G1", "%FF"] {
            assert_eq!(percent_decode(bad), None, "{bad}");
        }
        assert_eq!(lin_of_link("https://example.com/?lin=md%7C"), None);
    }
}
