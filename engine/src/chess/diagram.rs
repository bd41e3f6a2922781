//! A text diagram of the board, for debugging and the UCI `d` command.

use super::Board;
use super::types::Square;
use std::fmt;

impl fmt::Display for Board {
    /// Eight ranks from Black's side down, FEN letters, `.` for empty
    /// squares, then the FEN.
    ///
    /// ```text
    /// 8 r n b q k b n r
    /// 7 p p p p p p p p
    /// …
    /// 1 R N B Q K B N R
    ///   a b c d e f g h
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..8 {
                let c = self
                    .piece_at(Square::new(file, rank))
                    .map_or('.', |p| p.char());
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")?;
        write!(f, "{}", self.to_fen())
    }
}
