//! The opening library's text format: one variation per line,
//! `<name>: <moves>`, moves in SAN or UCI with optional move numbers and an
//! optional mark (`!`, `?!`, `?`) that sets how often the move is chosen.
//!
//! This module only reads and writes the text; [`super::Library`] plays the
//! moves on a board and checks them.

use std::fmt;
use std::str::FromStr;

/// How often the program chooses a library move, written as a mark after
/// the move (the annotation glyphs a chess reader already knows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?`: the library knows the move (so it can answer it) but the program
    /// never chooses it.
    Never,
    /// `?!`: chosen rarely.
    Rare,
    /// No mark: an ordinary choice.
    Normal,
    /// `!`: the main line, chosen most often.
    Main,
}

impl Mark {
    /// The weight a move with this mark gets in its position.
    pub const fn weight(self) -> u16 {
        match self {
            Mark::Never => 0,
            Mark::Rare => 2,
            Mark::Normal => 10,
            Mark::Main => 30,
        }
    }

    /// The mark as written after a move (empty for [`Mark::Normal`]).
    pub const fn suffix(self) -> &'static str {
        match self {
            Mark::Never => "?",
            Mark::Rare => "?!",
            Mark::Normal => "",
            Mark::Main => "!",
        }
    }

    /// Splits a trailing mark off a move token: `"Nf3!"` → `("Nf3", Main)`.
    /// The rarer glyphs read as their nearest mark: `!!` main, `!?`
    /// normal, `??` never.
    fn split(token: &str) -> (&str, Mark) {
        if let Some(m) = token.strip_suffix("!!") {
            (m, Mark::Main)
        } else if let Some(m) = token.strip_suffix("!?") {
            (m, Mark::Normal)
        } else if let Some(m) = token.strip_suffix("??") {
            (m, Mark::Never)
        } else if let Some(m) = token.strip_suffix("?!") {
            (m, Mark::Rare)
        } else if let Some(m) = token.strip_suffix('!') {
            (m, Mark::Main)
        } else if let Some(m) = token.strip_suffix('?') {
            (m, Mark::Never)
        } else {
            (token, Mark::Normal)
        }
    }
}

/// One move of a variation as written: the move text (SAN or UCI, without
/// check signs or mark) and its mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub text: String,
    pub mark: Mark,
}

/// One line of the library: a named sequence of moves from the start
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    pub name: String,
    pub moves: Vec<MoveText>,
}

/// Why a library line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariationError {
    /// No `:` between the name and the moves.
    MissingColon,
    /// Nothing before the `:`.
    EmptyName,
    /// Nothing after the `:`.
    NoMoves,
    /// A token that is neither a move number nor a move.
    BadToken(String),
}

impl fmt::Display for VariationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SYNTAX: &str =
            "expected '<name>: <moves>', e.g. 'Italian Game: 1. e4 e5 2. Nf3 Nc6 3. Bc4!'";
        match self {
            VariationError::MissingColon => write!(f, "no ':' after the name: {SYNTAX}"),
            VariationError::EmptyName => write!(f, "empty name before ':': {SYNTAX}"),
            VariationError::NoMoves => write!(f, "no moves after ':': {SYNTAX}"),
            VariationError::BadToken(t) => write!(
                f,
                "'{t}' is not a move: expected SAN or UCI (Nf3, exd5, O-O, e8=Q, g1f3), \
                 a move number (12.) and an optional mark (!, ?!, ?)"
            ),
        }
    }
}

impl std::error::Error for VariationError {}

/// A move number such as `1.`, `12.` or `3...`.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Characters a SAN or UCI move can be made of.
fn is_move_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '=' | 'x')
}

impl FromStr for Variation {
    type Err = VariationError;

    fn from_str(line: &str) -> Result<Variation, VariationError> {
        let (name, moves) = line.split_once(':').ok_or(VariationError::MissingColon)?;
        let name = name.trim();
        if name.is_empty() {
            return Err(VariationError::EmptyName);
        }
        let mut parsed = Vec::new();
        for token in moves.split_whitespace() {
            if is_move_number(token) {
                continue;
            }
            // A move number glued to its move, as in `1.e4`.
            let token = match token.split_once('.') {
                Some((n, m)) if is_move_number(&format!("{n}.")) => m.trim_start_matches('.'),
                _ => token,
            };
            let (text, mark) = Mark::split(token);
            let text = text.trim_end_matches(['+', '#']);
            if text.len() < 2 || !text.chars().all(is_move_char) {
                return Err(VariationError::BadToken(token.to_string()));
            }
            parsed.push(MoveText {
                text: text.to_string(),
                mark,
            });
        }
        if parsed.is_empty() {
            return Err(VariationError::NoMoves);
        }
        Ok(Variation {
            name: name.to_string(),
            moves: parsed,
        })
    }
}

/// The canonical form: `name: 1. e4! e5 2. Nf3 …` (move numbers for White's
/// moves, marks kept, check signs dropped).
impl fmt::Display for Variation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.name)?;
        for (ply, mv) in self.moves.iter().enumerate() {
            if ply % 2 == 0 {
                write!(f, " {}.", ply / 2 + 1)?;
            }
            write!(f, " {}{}", mv.text, mv.mark.suffix())?;
        }
        Ok(())
    }
}

/// A library line that could not be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub error: VariationError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "opening library line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {}

/// Reads a whole library text: every line that is not blank and not a
/// `#` comment is a variation. Returns each with its 1-based line number.
pub fn parse_variations(text: &str) -> Result<Vec<(usize, Variation)>, LineError> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(line, l)| {
            l.parse()
                .map(|v| (line, v))
                .map_err(|error| LineError { line, error })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_lines_parse_and_round_trip() {
        for line in [
            "Italian Game: 1. e4 e5 2. Nf3 Nc6 3. Bc4!",
            "UCI: e2e4 e7e5 g1f3?!",
            "Glued numbers: 1.e4 c5 2.Nf3 d6 3.d4 cxd4 4...Nf6",
            "Checks: 1. f3 e5 2. g4?? Qh4#",
            "Promotion: a7a8q b1=Q+",
            "Castling: O-O O-O-O 0-0",
        ] {
            let v: Variation = line.parse().expect(line);
            let again: Variation = v.to_string().parse().expect("canonical form parses");
            assert_eq!(again, v, "{line}");
        }
    }

    #[test]
    fn marks_set_weights() {
        let v: Variation = "W: e4! e5 Nf3?! Nc6? d4".parse().unwrap();
        let marks: Vec<_> = v.moves.iter().map(|m| m.mark).collect();
        assert_eq!(
            marks,
            [
                Mark::Main,
                Mark::Normal,
                Mark::Rare,
                Mark::Never,
                Mark::Normal
            ]
        );
        assert!(Mark::Main.weight() > Mark::Normal.weight());
        assert!(Mark::Normal.weight() > Mark::Rare.weight());
        assert_eq!(Mark::Never.weight(), 0);
    }

    #[test]
    fn invalid_lines_are_refused_with_a_reason() {
        let cases = [
            ("1. e4 e5", VariationError::MissingColon),
            (": 1. e4", VariationError::EmptyName),
            ("Empty:   ", VariationError::NoMoves),
            ("Only numbers: 1. 2.", VariationError::NoMoves),
            ("Junk: e4 (e5)", VariationError::BadToken("(e5)".into())),
            ("Lone mark: e4 !", VariationError::BadToken("!".into())),
        ];
        for (line, want) in cases {
            assert_eq!(line.parse::<Variation>(), Err(want.clone()), "{line}");
            assert!(!want.to_string().is_empty());
        }
    }

    #[test]
    fn library_text_skips_comments_and_reports_line_numbers() {
        let text = "# comment\n\nA: e4 e5\n  # indented comment\nB e4\n";
        let err = parse_variations(text).unwrap_err();
        assert_eq!(err.line, 5);
        assert_eq!(err.error, VariationError::MissingColon);
        let ok = parse_variations("# c\nA: e4\n\nB: d4 d5\n").unwrap();
        assert_eq!(ok.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [2, 4]);
    }
}
