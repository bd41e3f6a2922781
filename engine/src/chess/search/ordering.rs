//! Turbo Chess move ordering ("The Move Generator", `SearchMovGen`): the
//! best move from the previous iteration (here: from the transposition
//! table), capture of the piece that just moved, the two killer moves of
//! this ply, other captures (largest victim first), promotions, castling,
//! quiet moves (by the history heuristic), captures that lose material by
//! exchange, en-passant captures last.
//!
//! The quiet moves' history is the butterfly table (colour, from, to) plus
//! the continuation history (Stockfish's `continuationHistory`): how
//! often a piece going to a square refuted, or failed to refute, after
//! the opponent's last move (1 ply back) and after our own move before it
//! (2 plies back), each move named by its piece and target square.

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

/// Piece-to keys of the continuation history: colour, role, target square.
pub const PIECE_TO: usize = 2 * 6 * 64;

/// The continuation table's bound (gravity: an update moves an entry by
/// its bonus less the entry times the bonus's share of the bound, so no
/// entry passes it and a long-held value fades when contradicted).
pub const CONTINUATION_BOUND: i32 = 1 << 14;

/// A history entry moved by `bonus` with gravity: the step shrinks as the
/// entry nears the bound on the bonus's side, so it never passes it.
#[inline]
pub fn with_gravity(entry: i16, bonus: i32) -> i16 {
    let bonus = bonus.clamp(-CONTINUATION_BOUND, CONTINUATION_BOUND);
    let old = i32::from(entry);
    (old + bonus - old * bonus.abs() / CONTINUATION_BOUND) as i16
}

/// The piece-to key of `mv` played by `color`.
#[inline]
pub fn piece_to(color: Color, mv: Move) -> usize {
    (color.index() * 6 + mv.piece.index()) * 64 + mv.to.index64()
}

/// The quiet-move histories a node orders by: the butterfly table and the
/// continuation tables' rows of the moves 1 and 2 plies back (`None`
/// where there is none: the root, after a null move).
pub struct QuietHistory<'a> {
    pub butterfly: &'a [i32],
    pub continuation: [Option<&'a [i16]>; 2],
}

impl<'a> QuietHistory<'a> {
    /// The histories after the moves with the continuation keys `keys`
    /// (one row of `continuation` each).
    pub fn new(
        butterfly: &'a [i32],
        continuation: &'a [i16],
        keys: [Option<usize>; 2],
    ) -> QuietHistory<'a> {
        QuietHistory {
            butterfly,
            continuation: keys.map(|k| k.map(|k| &continuation[k * PIECE_TO..][..PIECE_TO])),
        }
    }

    /// A quiet move's score: the sum of its histories.
    #[inline]
    pub fn score(&self, color: Color, mv: Move) -> i64 {
        let key = piece_to(color, mv);
        let mut score = i64::from(self.butterfly[history_index(color, mv)]);
        for row in self.continuation.iter().flatten() {
            score += i64::from(row[key]);
        }
        score
    }
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
    history: &QuietHistory,
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
            history.score(color, mv)
        };
        // Under-promotions are almost never right: order them with quiet
        // moves.
        if matches!(mv.promotion(), Some(r) if r != Role::Queen) && scores[i] < HASH_MOVE {
            scores[i] = history.score(color, mv) - (1 << 20);
        }
    }
}

/// Swaps the best-scored move among `list[from..]` to `from` (selection
/// sort, one step per move tried: cut-offs usually come early).
#[inline]
pub fn pick(list: &mut MoveList, scores: &mut [i64], from: usize) -> Move {
    let mut best = from;
    for i in from + 1..list.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    list.as_mut_slice().swap(from, best);
    scores.swap(from, best);
    list[from]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_bounds_an_entry_and_lets_it_fall_back() {
        let mut h = 0i16;
        for _ in 0..10_000 {
            h = with_gravity(h, 400);
        }
        assert!(i32::from(h) <= CONTINUATION_BOUND && i32::from(h) > CONTINUATION_BOUND * 9 / 10);
        let high = h;
        h = with_gravity(h, -400);
        assert!(
            h < high - 400,
            "a malus on a high entry moves it more than its size"
        );
        for _ in 0..10_000 {
            h = with_gravity(h, -400);
        }
        assert!(i32::from(h) >= -CONTINUATION_BOUND);
    }

    #[test]
    fn continuation_rows_add_to_the_butterfly_score() {
        let board = Board::startpos();
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        let knight = *list.iter().find(|m| m.piece == Role::Knight).unwrap();
        let pawn = *list.iter().find(|m| m.piece == Role::Pawn).unwrap();
        let butterfly = vec![0; 2 * 64 * 64];
        let mut continuation = vec![0i16; PIECE_TO * PIECE_TO];
        let (one_back, two_back) = (5, 700);
        continuation[one_back * PIECE_TO + piece_to(Color::White, knight)] = 300;
        continuation[two_back * PIECE_TO + piece_to(Color::White, knight)] = 20;
        continuation[one_back * PIECE_TO + piece_to(Color::White, pawn)] = -50;
        let both = QuietHistory::new(&butterfly, &continuation, [Some(one_back), Some(two_back)]);
        assert_eq!(both.score(Color::White, knight), 320);
        assert_eq!(both.score(Color::White, pawn), -50);
        let none = QuietHistory::new(&butterfly, &continuation, [None, None]);
        assert_eq!(none.score(Color::White, knight), 0);
    }
}
