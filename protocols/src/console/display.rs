//! The screen of the console game in text: the board (White at the bottom
//! unless **T**urned), the side to move and both clocks, and the
//! program's analysis line while it thinks.

use engine::chess::eval::PAWN_VALUE;
use engine::chess::search::score::{MATE_BOUND, UciScore, is_mate, to_uci};
use engine::chess::{Board, Color, Piece, Square};
use std::fmt::Write as _;
use std::time::Duration;

/// The board as text: upper case White, lower case Black, `.` and `:` for
/// empty light and dark squares, ranks and files labelled.
pub fn board_text(board: &Board, turned: bool) -> String {
    grid_text(|sq| board.piece_at(sq), turned)
}

/// The same drawing for any placement (the editor's, which need not be a
/// legal position yet).
pub fn grid_text(piece_at: impl Fn(Square) -> Option<Piece>, turned: bool) -> String {
    let ranks: Vec<u8> = if turned {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let files: Vec<u8> = if turned {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let mut out = String::from("    +-----------------+\n");
    for &rank in &ranks {
        let _ = write!(out, "  {} |", rank + 1);
        for &file in &files {
            let sq = Square::new(file, rank);
            let c = match piece_at(sq) {
                Some(p) => Piece::char(p),
                None if (file + rank) % 2 == 0 => ':',
                None => '.',
            };
            let _ = write!(out, " {c}");
        }
        out.push_str(" |\n");
    }
    out.push_str("    +-----------------+\n      ");
    for &file in &files {
        let _ = write!(out, "{} ", (b'a' + file) as char);
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// `h:mm:ss`.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The status line under the board: side to move and both clocks.
pub fn status_line(board: &Board, clocks: [Duration; 2]) -> String {
    format!(
        "{} to move    White {}   Black {}",
        side_name(board.side_to_move()),
        clock_text(clocks[Color::White.index()]),
        clock_text(clocks[Color::Black.index()])
    )
}

/// "White" / "Black".
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A score (points, side to move's view) in pawns with a sign, or
/// `mate in N` / `mated in N`, as the handbook's value indicator shows it.
pub fn value_text(score: i32) -> String {
    if is_mate(score) {
        match to_uci(score) {
            UciScore::Mate(n) if n > 0 => format!("mate in {n}"),
            UciScore::Mate(n) => format!("mated in {}", -n),
            UciScore::Centipawns(_) => unreachable!("is_mate"),
        }
    } else {
        let v = f64::from(score) / f64::from(PAWN_VALUE);
        format!("{v:+.2}")
    }
}

/// Whether a score says the side to move is being mated.
pub fn is_being_mated(score: i32) -> bool {
    score <= -MATE_BOUND
}

/// A line of moves in SAN from `board` (which is left as it was).
pub fn san_line(board: &Board, moves: &[engine::chess::Move]) -> String {
    let mut b = board.clone();
    let mut out = Vec::new();
    for &mv in moves {
        if !b.is_legal(mv) {
            break;
        }
        out.push(b.san(mv));
        b.make(mv);
    }
    out.join(" ")
}

/// A move with its number: `12. Nf3` or `12... Nf6`.
pub fn numbered(board: &Board, san: &str) -> String {
    match board.side_to_move() {
        Color::White => format!("{}. {san}", board.fullmove_number()),
        Color::Black => format!("{}... {san}", board.fullmove_number()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_is_drawn_white_at_the_bottom_unless_turned() {
        let board = Board::startpos();
        let normal = board_text(&board, false);
        let lines: Vec<&str> = normal.lines().collect();
        assert_eq!(lines[1], "  8 | r n b q k b n r |");
        assert_eq!(lines[8], "  1 | R N B Q K B N R |");
        assert!(lines[10].ends_with("a b c d e f g h"));
        let turned = board_text(&board, true);
        let lines: Vec<&str> = turned.lines().collect();
        assert_eq!(lines[1], "  1 | R N B K Q B N R |");
        assert!(lines[10].ends_with("h g f e d c b a"));
    }

    #[test]
    fn values_in_pawns_and_mates() {
        assert_eq!(value_text(256), "+1.00");
        assert_eq!(value_text(-64), "-0.25");
        assert_eq!(value_text(engine::chess::search::MATE - 3), "mate in 2");
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
    }
}
