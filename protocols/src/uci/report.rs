//! Text reports for humans: the board (`d`), the evaluation breakdown and
//! the piece-value tables (`eval`, the handbook's **Value** command), and
//! the search bench.

use std::fmt::Write as _;
use std::time::Instant;

use engine::chess::eval::{Evaluator, PAWN_VALUE};
use engine::chess::search::bench;
use engine::chess::{Board, Piece, Square};

/// Points → centipawns (the handbook divides by 256 so that a pawn is 100).
fn cp(points: i32) -> i32 {
    points * 100 / PAWN_VALUE
}

/// The board as an 8×8 diagram, then FEN and key.
pub fn board_diagram(board: &Board) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8u8 {
            let c = board
                .piece_at(Square::new(file, rank))
                .map_or('.', Piece::char);
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    let _ = writeln!(out, "Fen: {}", board.to_fen());
    let _ = writeln!(out, "Key: {:016x}", board.key());
    out
}

/// The evaluation breakdown (centipawns, White's view) and, if `piece` is
/// given, that piece's value table as the handbook's **Value** command
/// shows it: positional value per square, in centipawns.
pub fn eval_report(board: &Board, piece: Option<Piece>) -> String {
    let evaluator = Evaluator::new(board);
    let b = evaluator.breakdown(board);
    let mut out = String::new();
    let _ = writeln!(out, "Turbo Chess evaluation (centipawns, White's view)");
    let _ = writeln!(
        out,
        "{:<16}{:>8}{:>8}{:>8}",
        "term", "White", "Black", "total"
    );
    for (name, pair) in [
        ("material", b.material),
        ("piece values", b.placement),
        ("pawn structure", b.pawn_structure),
    ] {
        let _ = writeln!(
            out,
            "{:<16}{:>8}{:>8}{:>8}",
            name,
            cp(pair[0]),
            cp(pair[1]),
            cp(pair[0] - pair[1])
        );
    }
    let _ = writeln!(out, "{:<16}{:>24}", "leaf terms", cp(b.leaf));
    if let Some(m) = b.mating {
        let _ = writeln!(out, "{:<16}{:>24}", "mating", cp(m));
    }
    let _ = writeln!(
        out,
        "material level {} (45 = early middlegame, 0 = endgame)",
        b.material_level
    );
    let _ = writeln!(out, "total {} cp", cp(b.total));
    if let Some(p) = piece {
        let _ = writeln!(
            out,
            "piece values of the {} {:?} (centipawns)",
            p.color.name(),
            p.role
        );
        for rank in (0..8u8).rev() {
            let _ = write!(out, "{} ", rank + 1);
            for file in 0..8u8 {
                let v = evaluator
                    .tables
                    .get(p.color, p.role, Square::new(file, rank));
                let _ = write!(out, "{:>5}", cp(v));
            }
            out.push('\n');
        }
        out.push_str("      a    b    c    d    e    f    g    h\n");
    }
    out
}

/// Parses the piece letter of `eval <piece>` (`N` white knight, `n` black).
pub fn parse_piece(text: &str) -> Option<Piece> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Piece::from_char(c)
}

/// Runs the search bench and formats its report; the last line is the
/// fingerprint `N nodes`.
pub fn bench_report(depth: u32) -> String {
    let mut out = String::new();
    let start = Instant::now();
    let total = bench::run(depth, |i, fen, nodes| {
        let _ = writeln!(out, "position {:>2}: {nodes:>10} nodes  {fen}", i + 1);
    });
    let ms = start.elapsed().as_millis().max(1) as u64;
    let _ = writeln!(out, "===========================");
    let _ = writeln!(out, "Depth         : {depth}");
    let _ = writeln!(out, "Total time (ms): {ms}");
    let _ = writeln!(out, "Nodes/second  : {}", total * 1000 / ms);
    let _ = writeln!(out, "{total} nodes");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::{Color, Role};

    #[test]
    fn eval_report_start_position() {
        let board = Board::startpos();
        let text = eval_report(&board, parse_piece("N"));
        assert!(text.contains("total 0 cp"), "{text}");
        assert!(text.contains("piece values of the white"), "{text}");
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with(char::is_numeric))
                .count(),
            8
        );
        assert_eq!(
            parse_piece("q").map(|p| (p.color, p.role)),
            Some((Color::Black, Role::Queen))
        );
        assert_eq!(parse_piece("x"), None);
        assert_eq!(parse_piece("NN"), None);
    }

    #[test]
    fn diagram_shows_fen() {
        let text = board_diagram(&Board::startpos());
        assert!(text.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(text.starts_with("8  r n b q k b n r"));
    }
}
