//! Turbo Chess move ordering ("The Move Generator", `SearchMovGen`): the
//! best move from the previous iteration (here: from the transposition
//! table), capture of the piece that just moved, the two killer moves of
//! this ply, other captures (largest victim first), promotions, castling,
//! quiet moves (by the history heuristic), captures that lose material by
//! exchange, en-passant captures last.

use super::moves::{MoveCode, encode};
use super::see::see;
use crate::chess::eval::material;
use crate::chess::{Board, Color, Move, MoveList, Role};

const HASH_MOVE: i64 = 1 << 40;
const RECAPTURE: i64 = 1 << 36;
const KILLER: i64 = 1 << 34;
const CAPTURE: i64 = 1 << 32;
const PROMOTION: i64 = 1 << 31;
const CASTLING: i64 = 1 << 30;
/// Quiet moves score their history value, kept far below `CASTLING`.
/// Captures that lose material by exchange come after them.
const LOSING_CAPTURE: i64 = -(1 << 30);
const EN_PASSANT: i64 = -(1 << 40);

/// Index of a (colour, from, to) triple in the history table.
#[inline]
pub fn history_index(color: Color, mv: Move) -> usize {
    color.index() * 4096 + mv.from.index64() * 64 + mv.to.index64()
}

/// Most valuable victim, least valuable attacker.
#[inline]
pub fn mvv_lva(mv: Move) -> i64 {
    let victim = mv.captured.map_or(0, material);
    i64::from(victim) * 8 - mv.piece as i64
}

/// Scores every move of `list` into `scores` in the handbook's order.
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    board: &Board,
    list: &MoveList,
    scores: &mut [i64],
    hash_move: MoveCode,
    last_move: Option<Move>,
    killers: &[Move; 2],
    history: &[i32],
    color: Color,
) {
    for (i, &mv) in list.iter().enumerate() {
        scores[i] = if hash_move != 0 && encode(mv) == hash_move {
            HASH_MOVE
        } else if mv.is_en_passant() {
            EN_PASSANT
        } else if mv.captured.is_some() {
            let recapture = last_move.is_some_and(|last| !last.is_null() && last.to == mv.to);
            if recapture {
                RECAPTURE + mvv_lva(mv)
            } else if material(mv.piece) > mv.captured.map_or(0, material) && see(board, mv) < 0 {
                LOSING_CAPTURE + mvv_lva(mv)
            } else {
                CAPTURE + mvv_lva(mv)
            }
        } else if mv == killers[0] {
            KILLER + 1
        } else if mv == killers[1] {
            KILLER
        } else if let Some(role) = mv.promotion() {
            PROMOTION + i64::from(material(role))
        } else if mv.is_castle() {
            CASTLING
        } else {
            i64::from(history[history_index(color, mv)])
        };
        // Under-promotions are almost never right: order them with quiet
        // moves.
        if matches!(mv.promotion(), Some(r) if r != Role::Queen) && scores[i] < HASH_MOVE {
            scores[i] = i64::from(history[history_index(color, mv)]) - (1 << 20);
        }
    }
}

/// Swaps the best-scored move among `list[from..]` to `from` (selection
/// sort, one step per move tried: cut-offs usually come early).
#[inline]
pub fn pick(list: &mut MoveList, scores: &mut [i64], from: usize) -> Move {
    // The first of the highest scores, found in two passes the compiler
    // turns into vector code (a maximum, then a search for it) instead of
    // one branchy scan: the same move as the scan, so the same tree.
    let rest = &scores[from..list.len()];
    let top = rest.iter().copied().max().unwrap_or(i64::MIN);
    let best = from + rest.iter().position(|&s| s == top).unwrap_or(0);
    list.as_mut_slice().swap(from, best);
    scores.swap(from, best);
    list[from]
}
