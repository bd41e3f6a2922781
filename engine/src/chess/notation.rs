//! Moves as text: UCI long algebraic notation and SAN, both ways, and the
//! checked `play`.

use super::Board;
use super::moves::{Move, MoveList, Special};
use super::types::{Role, Square};
use std::fmt;

/// Why a move given as text or as a [`Move`] was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not UCI syntax: two squares and an optional promotion letter.
    BadUci(String),
    /// Not SAN syntax.
    BadSan(String),
    /// Well-formed, but not a legal move in this position.
    Illegal(String),
    /// A SAN move that fits more than one legal move.
    AmbiguousSan(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::BadUci(s) => write!(
                f,
                "bad UCI move '{s}': expected <from><to>[promotion], e.g. e2e4, e7e8q, e1g1"
            ),
            MoveError::BadSan(s) => write!(
                f,
                "bad SAN move '{s}': expected e.g. e4, Nf3, exd5, O-O, e8=Q, Raxd1+"
            ),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}' in this position"),
            MoveError::AmbiguousSan(s) => write!(
                f,
                "ambiguous SAN move '{s}': add the file or rank of the moving piece, e.g. Nbd7"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl Board {
    /// Parses a UCI move (`e2e4`, `e7e8q`; castling as the king's two-square
    /// move `e1g1` or, as in Chess960, king-takes-rook `e1h1`) and checks
    /// that it is legal here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        let bad = || MoveError::BadUci(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(bad());
        }
        let from: Square = text[0..2].parse().map_err(|_| bad())?;
        let to: Square = text[2..4].parse().map_err(|_| bad())?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
                    if c.is_ascii_lowercase() =>
                {
                    Some(r)
                }
                _ => return Err(bad()),
            },
        };
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .copied()
            .find(|m| {
                m.from == from
                    && m.promotion() == promotion
                    && match m.special {
                        // Standard form (not in Chess960 mode, where the
                        // king's own destination may be an ordinary king
                        // move) or king-takes-rook.
                        Special::Castle { rook } => (m.to == to && !self.chess960) || rook == to,
                        _ => m.to == to,
                    }
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The UCI text of a move as this board's mode writes it (king-takes-
    /// rook castling in Chess960 mode).
    pub fn move_to_uci(&self, mv: Move) -> String {
        if self.chess960 {
            mv.to_uci_chess960()
        } else {
            mv.to_uci()
        }
    }

    /// Whether `mv` is legal in this position.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(&mv)
    }

    /// Plays `mv` after checking that it is legal: the checked twin of
    /// [`Board::make`].
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal(mv.to_uci()));
        }
        self.make(mv);
        Ok(())
    }

    /// Parses and plays a UCI move.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_uci_move(text)?;
        self.make(mv);
        Ok(mv)
    }

    /// Standard Algebraic Notation of the legal move `mv`, with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_plain(mv);
        let mut copy = self.scratch_copy();
        copy.apply(mv);
        if copy.in_check() {
            let mut replies = MoveList::new();
            copy.legal_moves(&mut replies);
            s.push(if replies.is_empty() { '#' } else { '+' });
        }
        s
    }

    /// SAN without the check suffix.
    fn san_plain(&self, mv: Move) -> String {
        if mv.is_null() {
            return "--".to_string();
        }
        if let Some(side) = mv.castling_side() {
            return side.san().to_string();
        }
        let mut s = String::with_capacity(8);
        if mv.piece == Role::Pawn {
            if mv.is_capture() {
                s.push((b'a' + mv.from.file()) as char);
                s.push('x');
            }
            s.push_str(&mv.to.to_string());
            if let Some(r) = mv.promotion() {
                s.push('=');
                s.push(r.upper_char());
            }
            return s;
        }
        s.push(mv.piece.upper_char());
        // Disambiguate among other pieces of the same role reaching `to`:
        // file if that suffices, else rank, else both.
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let rivals: Vec<Square> = list
            .iter()
            .filter(|m| m.piece == mv.piece && m.to == mv.to && m.from != mv.from && !m.is_castle())
            .map(|m| m.from)
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != mv.from.file()) {
                s.push((b'a' + mv.from.file()) as char);
            } else if rivals.iter().all(|r| r.rank() != mv.from.rank()) {
                s.push((b'1' + mv.from.rank()) as char);
            } else {
                s.push_str(&mv.from.to_string());
            }
        }
        if mv.is_capture() {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        s
    }

    /// Parses SAN (`e4`, `Nbd7`, `exd6`, `e8=Q`, `O-O-O`, with or without
    /// `+`, `#`, `!`, `?`; `0-O` and a promotion without `=` accepted) and
    /// finds the legal move it names.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        let valid = !core.is_empty()
            && core.len() <= 10
            && core
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '=');
        if !valid {
            return Err(MoveError::BadSan(text.to_string()));
        }
        let normalized = normalize_san(core);
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut found: Option<Move> = None;
        for &m in list.iter() {
            let full = normalize_san(&self.san_plain(m));
            if full == normalized || self.san_matches_loosely(m, &normalized) {
                if found.is_some_and(|f| f != m) {
                    return Err(MoveError::AmbiguousSan(text.to_string()));
                }
                found = Some(m);
            }
        }
        match found {
            Some(m) => Ok(m),
            None if looks_like_san(&normalized) => Err(MoveError::Illegal(text.to_string())),
            None => Err(MoveError::BadSan(text.to_string())),
        }
    }

    /// Accepts over-specified SAN (`Ngf3` when only one knight can go, or
    /// `Ng1f3`, or a capture written without `x`).
    fn san_matches_loosely(&self, m: Move, text: &str) -> bool {
        if m.piece == Role::Pawn || m.is_castle() {
            return false;
        }
        let b = text.as_bytes();
        if b.first() != Some(&(m.piece.upper_char() as u8)) {
            return false;
        }
        let rest: String = text[1..].chars().filter(|&c| c != 'x').collect();
        let to = m.to.to_string();
        let Some(prefix) = rest.strip_suffix(&to) else {
            return false;
        };
        let file = (b'a' + m.from.file()) as char;
        let rank = (b'1' + m.from.rank()) as char;
        let ok_prefix = match prefix.as_bytes() {
            [] => true,
            [c] => *c as char == file || *c as char == rank,
            [f, r] => *f as char == file && *r as char == rank,
            _ => false,
        };
        ok_prefix && (!text.contains('x') || m.is_capture())
    }
}

/// SAN without `=` and with zeros read as `O` in castling.
fn normalize_san(s: &str) -> String {
    let s = if s.starts_with('0') {
        s.replace('0', "O")
    } else {
        s.to_string()
    };
    s.replace('=', "")
}

/// Whether normalized SAN text has the shape of a move (for telling a
/// syntax error from an illegal move).
fn looks_like_san(s: &str) -> bool {
    if s == "O-O" || s == "O-O-O" {
        return true;
    }
    let b = s.as_bytes();
    let square_at = |i: usize| {
        b.get(i).is_some_and(|c| (b'a'..=b'h').contains(c))
            && b.get(i + 1).is_some_and(|c| (b'1'..=b'8').contains(c))
    };
    (0..b.len().saturating_sub(1)).any(square_at)
}
