//! Formatting search reports as UCI `info` and `bestmove` lines.

use engine::chess::Move;
use engine::chess::search::score::{UciScore, to_uci};
use engine::chess::search::{ScoreBound, SearchInfo};

/// A move as UCI text; in Chess960 mode castling is king-takes-rook.
pub fn move_text(mv: Move, chess960: bool) -> String {
    if chess960 {
        mv.to_uci_chess960()
    } else {
        mv.to_uci()
    }
}

/// `score cp X` / `score mate N`, with the bound qualifier.
pub fn score_text(score: i32, bound: ScoreBound) -> String {
    let mut s = match to_uci(score) {
        UciScore::Centipawns(cp) => format!("score cp {cp}"),
        UciScore::Mate(n) => format!("score mate {n}"),
    };
    match bound {
        ScoreBound::Exact => {}
        ScoreBound::Lower => s.push_str(" lowerbound"),
        ScoreBound::Upper => s.push_str(" upperbound"),
    }
    s
}

/// The `info` line of one iteration report.
pub fn info_line(info: &SearchInfo, elapsed_ms: u64, chess960: bool) -> String {
    let nps = info.nodes * 1000 / elapsed_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} {} nodes {} nps {} hashfull {} time {}",
        info.depth.max(1),
        info.seldepth.max(info.depth).max(1),
        info.multipv,
        score_text(info.score, info.bound),
        info.nodes,
        nps,
        info.hashfull,
        elapsed_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for &mv in &info.pv {
            line.push(' ');
            line.push_str(&move_text(mv, chess960));
        }
    }
    line
}

/// `bestmove M [ponder P]`; `bestmove 0000` when there is no legal move.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    match (best, ponder) {
        (None, _) => "bestmove 0000".to_string(),
        (Some(b), None) => format!("bestmove {}", move_text(b, chess960)),
        (Some(b), Some(p)) => format!(
            "bestmove {} ponder {}",
            move_text(b, chess960),
            move_text(p, chess960)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::Board;
    use engine::chess::search::MATE;

    #[test]
    fn lines() {
        let board = Board::startpos();
        let e4 = board.parse_uci_move("e2e4").unwrap();
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: 256,
            bound: ScoreBound::Exact,
            nodes: 1000,
            hashfull: 2,
            pv: vec![e4],
        };
        assert_eq!(
            info_line(&info, 10, false),
            "info depth 3 seldepth 5 multipv 1 score cp 100 nodes 1000 nps 100000 hashfull 2 time 10 pv e2e4"
        );
        assert_eq!(
            score_text(MATE - 3, ScoreBound::Lower),
            "score mate 2 lowerbound"
        );
        assert_eq!(bestmove_line(None, None, false), "bestmove 0000");
        assert_eq!(bestmove_line(Some(e4), None, false), "bestmove e2e4");
    }
}
