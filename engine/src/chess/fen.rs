//! Forsyth–Edwards Notation: parse into a checked [`Board`], write back.
//!
//! Castling rights are read as rook squares. Standard FEN (`KQkq`) names
//! the outermost rook on each side of the king; in Chess960 mode Shredder
//! (`HAha`) and X-FEN file letters are accepted as well, and written where
//! `K`/`Q` would be ambiguous.

use super::board::{Board, EMPTY, code};
use super::types::{CastlingSide, Color, Piece, Role, Square};
use std::fmt;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused: one variant per malformed field or impossible
/// placement. Each message names the expected syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    WrongFieldCount(usize),
    /// The placement does not have 8 ranks separated by `/`.
    WrongRankCount(usize),
    /// A placement character that is neither a piece letter nor 1–8.
    BadPieceLetter(char),
    /// A rank describing more than 8 squares (rank number 1–8).
    RankTooLong(u8),
    /// A rank describing fewer than 8 squares.
    RankTooShort(u8),
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A side has more than 16 pieces.
    TooManyPieces(Color),
    /// More pieces than eight pawns could have promoted to: pawns plus
    /// extra queens (beyond 1), rooks, knights (beyond 2) and bishops
    /// (beyond 1 per square colour) exceed 8.
    TooMuchMaterial(Color),
    /// A pawn on the first or eighth rank.
    PawnOnBackRank(Square),
    /// Side to move other than `w` or `b`.
    BadSideToMove(String),
    /// Castling field that is not `-` or letters from `KQkq` (or file
    /// letters `A-H`/`a-h`), each at most once.
    BadCastling(String),
    /// A castling right that the placement contradicts (king or rook not
    /// on its square).
    CastlingContradicted(char),
    /// En-passant field that is not `-` or a square name.
    BadEnPassant(String),
    /// An en-passant square no double pawn push could have left.
    ImpossibleEnPassant(Square),
    /// Half-move clock that is not a non-negative number.
    BadHalfmoveClock(String),
    /// Full-move number that is not a non-negative number.
    BadFullmoveNumber(String),
    /// The side that just moved is in check: the position cannot arise.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenError::*;
        match self {
            WrongFieldCount(n) => write!(
                f,
                "FEN has {n} fields: expected <placement> <w|b> <castling> <en passant> [<halfmove> <fullmove>]"
            ),
            WrongRankCount(n) => write!(
                f,
                "FEN placement has {n} ranks: expected 8 separated by '/'"
            ),
            BadPieceLetter(c) => write!(
                f,
                "bad FEN piece letter '{c}': expected one of PNBRQK pnbrqk or a digit 1-8"
            ),
            RankTooLong(r) => write!(f, "FEN rank {r} has more than 8 squares"),
            RankTooShort(r) => write!(f, "FEN rank {r} has fewer than 8 squares"),
            MissingKing(c) => write!(f, "FEN has no {} king", c.name()),
            TooManyKings(c) => write!(f, "FEN has more than one {} king", c.name()),
            TooManyPieces(c) => write!(f, "FEN has more than 16 {} pieces", c.name()),
            TooMuchMaterial(c) => write!(
                f,
                "FEN has more {} material than promotions allow: pawns plus promoted pieces must be at most 8",
                c.name()
            ),
            PawnOnBackRank(s) => write!(f, "FEN has a pawn on {s}: pawns stand on ranks 2-7"),
            BadSideToMove(s) => write!(f, "bad FEN side to move '{s}': expected 'w' or 'b'"),
            BadCastling(s) => write!(
                f,
                "bad FEN castling field '{s}': expected '-' or letters from KQkq (Chess960: A-H a-h), each once"
            ),
            CastlingContradicted(c) => write!(
                f,
                "FEN castling right '{c}' contradicts the placement: king and rook must stand on their original squares"
            ),
            BadEnPassant(s) => write!(
                f,
                "bad FEN en-passant field '{s}': expected '-' or a square like e3"
            ),
            ImpossibleEnPassant(s) => write!(
                f,
                "impossible FEN en-passant square {s}: expected the square behind a pawn that just advanced two squares"
            ),
            BadHalfmoveClock(s) => write!(f, "bad FEN half-move clock '{s}': expected a number"),
            BadFullmoveNumber(s) => write!(f, "bad FEN full-move number '{s}': expected a number"),
            OpponentInCheck => write!(
                f,
                "FEN position is illegal: the side not to move is in check"
            ),
        }
    }
}

impl std::error::Error for FenError {}

impl Board {
    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(STARTPOS).expect("the start position is valid")
    }

    /// Reads a FEN in standard chess: castling rights must name a king on
    /// the e-file and rooks in the corners.
    ///
    /// # Examples
    /// ```
    /// use engine::chess::Board;
    /// let b = Board::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    /// assert_eq!(b.to_fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        parse(fen, false)
    }

    /// Reads a FEN (or Shredder-FEN / X-FEN) for Chess960: castling rooks
    /// may stand anywhere on the back rank. The board is left in Chess960
    /// mode.
    pub fn from_fen_chess960(fen: &str) -> Result<Board, FenError> {
        parse(fen, true)
    }

    /// Writes the position as FEN (X-FEN castling letters in Chess960 mode
    /// where `KQkq` would be ambiguous).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side == Color::White { 'w' } else { 'b' });
        s.push(' ');
        let castling = self.castling_string();
        s.push_str(&castling);
        s.push(' ');
        match self.ep {
            Some(ep) => s.push_str(&ep.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    fn castling_string(&self) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castle[color.index()][side.index()] else {
                    continue;
                };
                let letter = if self.chess960 && self.outermost_rook(color, side) != Some(rook) {
                    (b'A' + rook.file()) as char
                } else {
                    match side {
                        CastlingSide::KingSide => 'K',
                        CastlingSide::QueenSide => 'Q',
                    }
                };
                s.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The rook of `color` on its back rank farthest from the king on the
    /// given side.
    fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king_square(color);
        let rank = color.back_rank();
        if king.rank() != rank {
            return None;
        }
        let rook = code(color, Role::Rook);
        let files: Vec<u8> = match side {
            CastlingSide::KingSide => ((king.file() + 1)..8).rev().collect(),
            CastlingSide::QueenSide => (0..king.file()).collect(),
        };
        files
            .into_iter()
            .map(|f| Square::new(f, rank))
            .find(|s| self.cells[s.to_0x88() as usize] == rook)
    }
}

fn parse(fen: &str, chess960: bool) -> Result<Board, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::WrongFieldCount(fields.len()));
    }
    let mut board = Board::empty();
    board.chess960 = chess960;
    parse_placement(&mut board, fields[0])?;
    board.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadSideToMove(other.to_string())),
    };
    parse_castling(&mut board, fields[2])?;
    board.ep = parse_en_passant(&board, fields[3])?;
    if let Some(h) = fields.get(4) {
        board.halfmove = h
            .parse()
            .map_err(|_| FenError::BadHalfmoveClock(h.to_string()))?;
    }
    if let Some(n) = fields.get(5) {
        let n: u32 = n
            .parse()
            .map_err(|_| FenError::BadFullmoveNumber(n.to_string()))?;
        board.fullmove = n.max(1);
    }
    board.calc_piece_tab();
    let them = !board.side;
    if board.is_attacked(board.king_square(them), board.side) {
        return Err(FenError::OpponentInCheck);
    }
    Ok(board)
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount(ranks.len()));
    }
    let mut kings = [0; 2];
    let mut count = [0; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(FenError::RankTooLong(rank + 1));
                }
                continue;
            }
            let piece = Piece::from_char(ch).ok_or(FenError::BadPieceLetter(ch))?;
            if file >= 8 {
                return Err(FenError::RankTooLong(rank + 1));
            }
            let sq = Square::new(file, rank);
            if piece.role == Role::Pawn && (rank == 0 || rank == 7) {
                return Err(FenError::PawnOnBackRank(sq));
            }
            let c = piece.color.index();
            count[c] += 1;
            if count[c] > 16 {
                return Err(FenError::TooManyPieces(piece.color));
            }
            if piece.role == Role::King {
                kings[c] += 1;
                if kings[c] > 1 {
                    return Err(FenError::TooManyKings(piece.color));
                }
            }
            board.cells[sq.to_0x88() as usize] = code(piece.color, piece.role);
            file += 1;
        }
        if file < 8 {
            return Err(FenError::RankTooShort(rank + 1));
        }
    }
    for color in Color::ALL {
        if kings[color.index()] == 0 {
            return Err(FenError::MissingKing(color));
        }
    }
    for color in Color::ALL {
        if !standard_material(board, color) {
            return Err(FenError::TooMuchMaterial(color));
        }
    }
    Ok(())
}

/// Whether a side's material could come from the starting array by
/// promotions: at most 8 pawns and promoted pieces together.
fn standard_material(board: &Board, color: Color) -> bool {
    let mut count = [0usize; 6];
    let mut bishops_on = [0usize; 2];
    for sq in Square::all() {
        let c = board.cells[sq.to_0x88() as usize];
        for role in Role::ALL {
            if c == code(color, role) {
                count[role.index()] += 1;
                if role == Role::Bishop {
                    bishops_on[((sq.file() + sq.rank()) % 2) as usize] += 1;
                }
            }
        }
    }
    let promoted = count[Role::Queen.index()].saturating_sub(1)
        + count[Role::Rook.index()].saturating_sub(2)
        + count[Role::Knight.index()].saturating_sub(2)
        + bishops_on[0].saturating_sub(1)
        + bishops_on[1].saturating_sub(1);
    count[Role::Pawn.index()] + promoted <= 8
}

fn parse_castling(board: &mut Board, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let bad = || FenError::BadCastling(field.to_string());
    if !field
        .chars()
        .all(|c| matches!(c.to_ascii_uppercase(), 'K' | 'Q' | 'A'..='H'))
    {
        return Err(bad());
    }
    for ch in field.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let king_code = code(color, Role::King);
        let king = Square::all()
            .find(|s| board.cells[s.to_0x88() as usize] == king_code)
            .filter(|k| k.rank() == rank)
            .ok_or(FenError::CastlingContradicted(ch))?;
        let rook_code = code(color, Role::Rook);
        let is_rook = |f: u8| board.cells[Square::new(f, rank).to_0x88() as usize] == rook_code;
        let (side, file) = match ch.to_ascii_uppercase() {
            'K' => (
                CastlingSide::KingSide,
                ((king.file() + 1)..8)
                    .rev()
                    .find(|&f| is_rook(f))
                    .ok_or(FenError::CastlingContradicted(ch))?,
            ),
            'Q' => (
                CastlingSide::QueenSide,
                (0..king.file())
                    .find(|&f| is_rook(f))
                    .ok_or(FenError::CastlingContradicted(ch))?,
            ),
            l @ 'A'..='H' => {
                let f = l as u8 - b'A';
                if !is_rook(f) || f == king.file() {
                    return Err(FenError::CastlingContradicted(ch));
                }
                (CastlingSide::of_rook(king, Square::new(f, rank)), f)
            }
            _ => return Err(bad()),
        };
        if !board.chess960 && (king.file() != 4 || (file != 0 && file != 7)) {
            return Err(FenError::CastlingContradicted(ch));
        }
        let slot = &mut board.castle[color.index()][side.index()];
        if slot.is_some() {
            return Err(bad());
        }
        *slot = Some(Square::new(file, rank));
    }
    Ok(())
}

fn parse_en_passant(board: &Board, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let ep: Square = field
        .parse()
        .map_err(|_| FenError::BadEnPassant(field.to_string()))?;
    let us = board.side;
    let them = !us;
    let expected_rank = if us == Color::White { 5 } else { 2 };
    let pawn_sq = ep.offset(-us.forward());
    let origin = ep.offset(us.forward());
    let possible = ep.rank() == expected_rank
        && board.cells[ep.to_0x88() as usize] == EMPTY
        && origin.is_some_and(|o| board.cells[o.to_0x88() as usize] == EMPTY)
        && pawn_sq.is_some_and(|p| board.cells[p.to_0x88() as usize] == code(them, Role::Pawn));
    if possible {
        Ok(Some(ep))
    } else {
        Err(FenError::ImpossibleEnPassant(ep))
    }
}

impl Board {
    /// Reads a FEN the way GUIs and PGN tools write them: castling rights
    /// that the placement contradicts (no king or rook on its square) are
    /// dropped rather than refused, as python-chess and shakmaty's lenient
    /// reading do. Returns the board and the dropped letters, so the
    /// caller can say what it ignored. Every other error stays an error.
    ///
    /// # Examples
    /// ```
    /// use engine::chess::Board;
    /// let (b, dropped) =
    ///     Board::from_fen_lenient("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1", false).unwrap();
    /// assert_eq!(dropped, vec!['K', 'k', 'q']);
    /// assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    /// ```
    pub fn from_fen_lenient(fen: &str, chess960: bool) -> Result<(Board, Vec<char>), FenError> {
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        let mut dropped = Vec::new();
        loop {
            match parse(&fields.join(" "), chess960) {
                // Each round removes one letter, so this ends.
                Err(FenError::CastlingContradicted(c)) if fields.len() > 2 => {
                    dropped.push(c);
                    let rest = fields[2].replacen(c, "", 1);
                    fields[2] = if rest.is_empty() {
                        "-".to_string()
                    } else {
                        rest
                    };
                }
                other => return other.map(|board| (board, dropped)),
            }
        }
    }
}
