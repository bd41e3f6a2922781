//! Vocabulary types of the chess core: colours, piece kinds, pieces and
//! squares in the Turbo Chess 0x88 numbering.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// The two sides. The handbook's `ColorType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side (the handbook's `Opponent`).
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank (0..8) on which this side's pieces start.
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// The 0x88 step of this side's pawns (+16 for White, -16 for Black).
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }

    /// Lower-case English name, as the board file and messages spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

/// The kind of a piece, without colour (shakmaty's naming: `Role`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0..6, pawn first: an index into per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub(crate) const fn from_index(i: u8) -> Role {
        match i {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    /// Upper-case letter (`P N B R Q K`), as SAN and the board file use it.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// Lower-case letter, as UCI promotions and black FEN pieces use it.
    pub const fn char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role for a letter of either case, if any.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether the piece slides along lines (bishop, rook, queen).
    #[inline]
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

/// A castling side (shakmaty's `CastlingSide`): the h-side ("O-O", the
/// king ends on the g-file, the rook on the f-file) or the a-side
/// ("O-O-O", king to the c-file, rook to the d-file). In Chess960 the side
/// is told by where the rook stands relative to the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    KingSide = 0,
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, the h-side first (the order castling rights are written
    /// in FEN: `KQkq`).
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// 0 for the h-side, 1 for the a-side: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side on which a rook on `rook` stands, seen from a king on
    /// `king` (the same back rank).
    #[inline]
    pub const fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The square the king of `color` castles to.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::new(6, color.back_rank()),
            CastlingSide::QueenSide => Square::new(2, color.back_rank()),
        }
    }

    /// The square the rook of `color` castles to.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::new(5, color.back_rank()),
            CastlingSide::QueenSide => Square::new(3, color.back_rank()),
        }
    }

    /// The castling notation: "O-O" or "O-O-O".
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

/// A square in the Turbo Chess 0x88 numbering: rank in bits 4–6, file in
/// bits 0–2 (a1 = 0x00, h1 = 0x07, a8 = 0x70, h8 = 0x77). Adding a direction
/// to a square and testing `& 0x88` tells at once whether a move left the
/// board, which is why the handbook chose it (chapter 6, BOARD.CH).
///
/// A `Square` value is always on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0x00);
    pub const B1: Square = Square(0x01);
    pub const C1: Square = Square(0x02);
    pub const D1: Square = Square(0x03);
    pub const E1: Square = Square(0x04);
    pub const F1: Square = Square(0x05);
    pub const G1: Square = Square(0x06);
    pub const H1: Square = Square(0x07);
    pub const A8: Square = Square(0x70);
    pub const E8: Square = Square(0x74);
    pub const H8: Square = Square(0x77);

    /// The square on `file` (0 = a) and `rank` (0 = first rank).
    ///
    /// # Panics
    /// If `file` or `rank` is not below 8.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 8 && rank < 8, "file and rank must be below 8");
        Square(rank << 4 | file)
    }

    /// The square with 0x88 number `raw`, if it is on the board.
    #[inline]
    pub const fn from_0x88(raw: u8) -> Option<Square> {
        if raw & 0x88 == 0 {
            Some(Square(raw))
        } else {
            None
        }
    }

    /// The square with index `i` in 0..64 (a1 = 0, h8 = 63).
    #[inline]
    pub const fn from_index64(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square((i >> 3) << 4 | (i & 7)))
        } else {
            None
        }
    }

    /// Unchecked construction from a value already known to be on the board.
    #[inline]
    pub(crate) const fn raw(raw: u8) -> Square {
        debug_assert!(raw & 0x88 == 0);
        Square(raw)
    }

    /// The 0x88 number (0..0x78).
    #[inline]
    pub const fn to_0x88(self) -> u8 {
        self.0
    }

    /// File 0..8 (0 = a).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (0 = first rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// Index 0..64 (a1 = 0, b1 = 1, …, h8 = 63), for 8×8 tables.
    #[inline]
    pub const fn index64(self) -> usize {
        ((self.0 >> 4) * 8 + (self.0 & 7)) as usize
    }

    /// The square reached by adding the 0x88 `step`, if still on the board.
    #[inline]
    pub const fn offset(self, step: i8) -> Option<Square> {
        Square::from_0x88(self.0.wrapping_add(step as u8))
    }

    /// The same square seen from the other side (rank mirrored).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 0x70)
    }

    /// All 64 squares, a1, b1, …, h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(|i| Square((i >> 3) << 4 | (i & 7)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Error for a square name that is not a file letter `a`–`h` followed by a
/// rank digit `1`–`8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad square `{}`: expected a file a-h and a rank 1-8, e.g. e4",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square::new(f - b'a', r - b'1')),
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}
