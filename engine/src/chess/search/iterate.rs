//! Turbo Chess `FindMove`: compute the piece-value tables, then deepen the
//! search one ply at a time, each iteration starting from the best line of
//! the one before, inside an aspiration window; at the root the tolerance
//! search accepts a move only if it beats the best by more than
//! [`TOLERANCE`].

use super::moves::encode;
use super::ordering::score_moves;
use super::score::{INFINITY, MATE, MATE_BOUND};
use super::{
    Frame, Limits, MAX_PLY, ScoreBound, SearchInfo, SearchReport, SearchResult, Searcher, TOLERANCE,
};
use crate::chess::eval::Evaluator;
use crate::chess::eval::leaf::placement;
use crate::chess::eval::pawns::PawnFiles;
use crate::chess::{Board, MAX_MOVES, Move, MoveList};
use crate::control::Control;

/// Half-width of the first aspiration window (points).
const ASPIRATION: i32 = 40;

/// A root move with what the last search of it established.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

pub(super) fn run(
    s: &mut Searcher,
    board: &mut Board,
    limits: &Limits,
    observer: &mut dyn Control<SearchReport>,
) -> SearchResult {
    s.nodes = 0;
    s.seldepth = 0;
    s.aborted = false;
    s.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
    s.hard_limit = limits.time.map(|b| b.hard);
    s.exhaustive = limits.mate.is_some();
    for k in &mut s.killers {
        *k = [Move::NULL; 2];
    }
    s.history.iter_mut().for_each(|h| *h /= 4);

    s.root_ply = board.history_len();
    let evaluator = Evaluator::new(board);
    s.stack[0] = Frame {
        static_white: evaluator.static_white(board),
        bonus_white: 0,
        files: PawnFiles::from_board(board),
        placement: placement(board),
        last_move: board.moves_played().last(),
        static_eval: None,
        in_check: None,
    };
    s.evaluator = Some(evaluator);

    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    if list.is_empty() {
        let score = if board.in_check() { -MATE } else { 0 };
        observer.report(&SearchReport::Iteration(SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: ScoreBound::Exact,
            nodes: 0,
            hashfull: s.tt.hashfull(),
            pv: Vec::new(),
        }));
        return SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
        };
    }
    // Handbook order for the first iteration (hash move first).
    let mut scores = [0i32; MAX_MOVES];
    let hash_move = s.tt.probe(board.key()).map_or(0, |e| e.mv);
    score_moves(
        board,
        &list,
        &mut scores,
        hash_move,
        s.stack[0].last_move,
        &[Move::NULL; 2],
        Move::NULL,
        &s.history,
        board.side_to_move(),
    );
    let mut order: Vec<(i32, Move)> = list
        .iter()
        .enumerate()
        .map(|(i, &m)| (scores[i], m))
        .collect();
    order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let mut root: Vec<RootMove> = order
        .into_iter()
        .map(|(_, mv)| mv)
        .filter(|mv| limits.searchmoves.is_empty() || limits.searchmoves.contains(mv))
        .map(|mv| RootMove {
            mv,
            score: -INFINITY,
            pv: vec![mv],
        })
        .collect();
    if root.is_empty() {
        // `searchmoves` named no legal move: search them all.
        root = list
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITY,
                pv: vec![mv],
            })
            .collect();
    }

    let lines = limits.multipv.clamp(1, root.len());
    let max_depth = match (limits.depth, limits.mate) {
        (Some(d), _) => d.clamp(1, MAX_PLY as u32 - 8),
        (None, Some(m)) => (2 * m + 1).clamp(1, MAX_PLY as u32 - 8),
        (None, None) => MAX_PLY as u32 - 8,
    };
    let mut completed = 0u32;

    for depth in 1..=max_depth {
        if s.role.skips(depth) {
            continue;
        }
        // Turbo Chess never stops before its 1-ply search is finished
        // (node limits still count, so `go nodes` stays exact).
        s.must_finish = depth == 1;
        s.seldepth = 0;
        let mut infos = Vec::with_capacity(lines);
        for line in 0..lines {
            let previous = root[line].score;
            let mut window = ASPIRATION;
            let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
                (
                    (previous - window).max(-INFINITY),
                    (previous + window).min(INFINITY),
                )
            } else {
                (-INFINITY, INFINITY)
            };
            loop {
                let score = root_search(s, board, &mut root, line, alpha, beta, depth, observer);
                if s.aborted {
                    break;
                }
                let bound = if score <= alpha {
                    ScoreBound::Upper
                } else if score >= beta {
                    ScoreBound::Lower
                } else {
                    ScoreBound::Exact
                };
                if bound == ScoreBound::Exact {
                    break;
                }
                observer.report(&SearchReport::Iteration(make_info(
                    s,
                    depth,
                    line,
                    &root[line],
                    score,
                    bound,
                )));
                window *= 2;
                if bound == ScoreBound::Upper {
                    beta = (alpha + beta) / 2;
                    alpha = if window > 1000 {
                        -INFINITY
                    } else {
                        (score - window).max(-INFINITY)
                    };
                } else {
                    beta = if window > 1000 {
                        INFINITY
                    } else {
                        (score + window).min(INFINITY)
                    };
                }
            }
            if s.aborted {
                break;
            }
            infos.push(make_info(
                s,
                depth,
                line,
                &root[line],
                root[line].score,
                ScoreBound::Exact,
            ));
        }
        s.must_finish = false;
        if s.aborted && depth > 1 {
            break;
        }
        completed = depth;
        for info in infos {
            observer.report(&SearchReport::Iteration(info));
        }

        let best = root[0].score;
        if let Some(n) = limits.mate
            && best >= MATE_BOUND
            && (MATE - best + 1) / 2 <= n as i32
        {
            break;
        }
        if limits.infinite {
            continue;
        }
        if limits.time.is_some() && root.len() == 1 {
            break; // one legal move: play it at once
        }
        if let Some(budget) = limits.time
            && observer.clock_running()
            && observer.elapsed_ms() >= budget.soft
        {
            break;
        }
        if s.aborted {
            break;
        }
    }

    let best = root[0].mv;
    let ponder = root[0].pv.get(1).copied().or_else(|| {
        board.make(best);
        let reply = s.tt.probe(board.key()).and_then(|e| {
            let mut replies = MoveList::new();
            board.legal_moves(&mut replies);
            replies.iter().copied().find(|&m| encode(m) == e.mv)
        });
        board.unmake();
        reply
    });
    SearchResult {
        best: Some(best),
        ponder,
        score: root[0].score,
        depth: completed,
        nodes: s.total_nodes(),
    }
}

fn make_info(
    s: &Searcher,
    depth: u32,
    line: usize,
    rm: &RootMove,
    score: i32,
    bound: ScoreBound,
) -> SearchInfo {
    SearchInfo {
        depth,
        seldepth: (s.seldepth as u32).max(depth),
        multipv: line + 1,
        score,
        bound,
        nodes: s.total_nodes(),
        hashfull: s.tt.hashfull(),
        pv: rm.pv.clone(),
    }
}

/// One pass over the root moves `root[first..]` (the lines before `first`
/// are already chosen, for MultiPV). A confirmed better move moves to
/// `root[first]`, so `root[first]` always holds the best move found so far.
#[allow(clippy::too_many_arguments)]
fn root_search(
    s: &mut Searcher,
    board: &mut Board,
    root: &mut [RootMove],
    first: usize,
    mut alpha: i32,
    beta: i32,
    depth: u32,
    observer: &mut dyn Control<SearchReport>,
) -> i32 {
    let depth = depth as i32;
    let mut best = -INFINITY;
    for i in first..root.len() {
        let mv = root[i].mv;
        observer.report(&SearchReport::CurrentMove {
            depth: depth as u32,
            mv,
            number: i + 1,
        });
        s.make_move(board, mv, 0);
        let gives_check = board.in_check();
        let new_depth = depth - 1 + i32::from(gives_check);
        let bar = if i == first {
            alpha
        } else {
            // Turbo Chess tolerance search: replacing the best move needs a
            // margin; a move within TOLERANCE of it is not worth the time.
            (best + TOLERANCE).max(alpha).min(beta - 1)
        };
        let value = if i == first {
            -s.pvs::<true>(board, -beta, -alpha, new_depth, 1, false, &*observer)
        } else {
            let v = -s.pvs::<false>(board, -bar - 1, -bar, new_depth, 1, true, &*observer);
            if v > bar && !s.aborted {
                -s.pvs::<true>(board, -beta, -bar, new_depth, 1, false, &*observer)
            } else {
                v
            }
        };
        s.unmake_move(board);
        if s.aborted {
            return best;
        }
        if i == first || value > bar {
            best = value;
            let mut pv = vec![mv];
            pv.extend_from_slice(&s.pv[1]);
            root[first..=i].rotate_right(1);
            root[first].score = value;
            root[first].pv = pv;
            alpha = alpha.max(value);
            if value >= beta {
                break;
            }
        } else {
            root[i].score = -INFINITY;
        }
    }
    best
}
