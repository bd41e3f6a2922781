//! The handbook's text board file, written by *SaveBoard* and read by
//! *LoadBoard* (chapter 2, "Setting Up a Board Using a Text Editor"):
//!
//! ```text
//! WHITE to Play  You can put comments here.
//! WHITE=Program  played: 22 OCT 1985 with Koltanowski.
//! WK H2
//! WP G3
//! BK C4
//! ```
//!
//! The first line names the side to move, the second the side the program
//! plays; each further line is `[W|B][P|N|B|R|Q|K] [A-H][1-8]`. The file has
//! no castling or en-passant field: as the handbook's `CalcCastling` does
//! from an empty game record, a king and rook on their original squares
//! are taken as unmoved.

use super::Board;
use super::fen::FenError;
use super::types::{Color, Piece, Role, Square};
use std::fmt;

/// A position read from (or to be written to) a board file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFile {
    pub board: Board,
    /// The side the program plays (`WHITE=Program`).
    pub program: Color,
}

/// Why a board file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFileError {
    /// The first line is not `WHITE to Play` or `BLACK to Play`.
    BadSideToMove(String),
    /// The second line is not `WHITE=Program` or `BLACK=Program`.
    BadProgramLine(String),
    /// A piece line (1-based line number) not of the form `WK H2`.
    BadPieceLine(usize, String),
    /// Two pieces placed on one square (1-based line number).
    SquareTaken(usize, Square),
    /// The placement is not a legal chess position.
    Position(FenError),
}

impl fmt::Display for BoardFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardFileError::BadSideToMove(l) => write!(
                f,
                "board file line 1 '{l}': expected 'WHITE to Play' or 'BLACK to Play'"
            ),
            BoardFileError::BadProgramLine(l) => write!(
                f,
                "board file line 2 '{l}': expected 'WHITE=Program' or 'BLACK=Program'"
            ),
            BoardFileError::BadPieceLine(n, l) => write!(
                f,
                "board file line {n} '{l}': expected colour W/B, piece PNBRQK, a space and a square, e.g. 'WK H2'"
            ),
            BoardFileError::SquareTaken(n, s) => {
                write!(f, "board file line {n}: square {s} already has a piece")
            }
            BoardFileError::Position(e) => write!(f, "board file position: {e}"),
        }
    }
}

impl std::error::Error for BoardFileError {}

fn color_word(word: &str) -> Option<Color> {
    if word.eq_ignore_ascii_case("WHITE") {
        Some(Color::White)
    } else if word.eq_ignore_ascii_case("BLACK") {
        Some(Color::Black)
    } else {
        None
    }
}

fn parse_piece_line(line: &str) -> Option<(Piece, Square)> {
    let b = line.as_bytes();
    if !line.is_ascii() || b.len() != 5 || b[2] != b' ' {
        return None;
    }
    let color = match b[0].to_ascii_uppercase() {
        b'W' => Color::White,
        b'B' => Color::Black,
        _ => return None,
    };
    let role = Role::from_char(b[1] as char)?;
    let sq: Square = line[3..5].to_ascii_lowercase().parse().ok()?;
    Some((Piece::new(color, role), sq))
}

impl BoardFile {
    /// Reads a board file (the handbook's *LoadBoard*).
    pub fn parse(text: &str) -> Result<BoardFile, BoardFileError> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("").trim_end();
        let mut words = first.split_whitespace();
        let side = match (
            words.next().and_then(color_word),
            words.next(),
            words.next(),
        ) {
            (Some(c), Some(to), Some(play))
                if to.eq_ignore_ascii_case("to") && play.eq_ignore_ascii_case("play") =>
            {
                c
            }
            _ => return Err(BoardFileError::BadSideToMove(first.to_string())),
        };
        let second = lines.next().unwrap_or("").trim_end();
        let program = second
            .split_whitespace()
            .next()
            .and_then(|w| w.split_once('='))
            .filter(|(_, p)| p.eq_ignore_ascii_case("program"))
            .and_then(|(c, _)| color_word(c))
            .ok_or_else(|| BoardFileError::BadProgramLine(second.to_string()))?;
        let mut grid: [[Option<Piece>; 8]; 8] = [[None; 8]; 8];
        for (i, raw) in lines.enumerate() {
            let n = i + 3;
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let (piece, sq) = parse_piece_line(line)
                .ok_or_else(|| BoardFileError::BadPieceLine(n, line.to_string()))?;
            let cell = &mut grid[sq.rank() as usize][sq.file() as usize];
            if cell.is_some() {
                return Err(BoardFileError::SquareTaken(n, sq));
            }
            *cell = Some(piece);
        }
        // Build a FEN so the one validator (kings, pawns, checks) decides.
        let mut placement = String::new();
        for row in grid.iter().rev() {
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        placement.push(p.char());
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            placement.push('/');
        }
        placement.pop();
        let unmoved = |color: Color, file: usize, role: Role| {
            grid[color.back_rank() as usize][file] == Some(Piece::new(color, role))
        };
        let mut castling = String::new();
        for (color, letters) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
            if unmoved(color, 4, Role::King) {
                if unmoved(color, 7, Role::Rook) {
                    castling.push(letters[0]);
                }
                if unmoved(color, 0, Role::Rook) {
                    castling.push(letters[1]);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let fen = format!(
            "{placement} {} {castling} - 0 1",
            if side == Color::White { 'w' } else { 'b' }
        );
        let board = Board::from_fen(&fen).map_err(BoardFileError::Position)?;
        Ok(BoardFile { board, program })
    }
}

impl fmt::Display for BoardFile {
    /// Writes the board file (the handbook's *SaveBoard*): header lines,
    /// then White's pieces and Black's in piece-list order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Color| match c {
            Color::White => "WHITE",
            Color::Black => "BLACK",
        };
        writeln!(f, "{} to Play", name(self.board.side_to_move()))?;
        writeln!(f, "{}=Program", name(self.program))?;
        for color in Color::ALL {
            for (sq, role) in self.board.pieces(color) {
                let c = if color == Color::White { 'W' } else { 'B' };
                writeln!(
                    f,
                    "{c}{} {}",
                    role.upper_char(),
                    sq.to_string().to_ascii_uppercase()
                )?;
            }
        }
        Ok(())
    }
}

impl Board {
    /// Reads a handbook board file; see [`BoardFile`].
    pub fn from_board_file(text: &str) -> Result<BoardFile, BoardFileError> {
        BoardFile::parse(text)
    }

    /// Writes this position as a handbook board file, with `program` as
    /// the side the program plays.
    pub fn to_board_file(&self, program: Color) -> String {
        BoardFile {
            board: self.clone(),
            program,
        }
        .to_string()
    }
}
