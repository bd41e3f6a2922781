//! Turbo Chess move ordering ("The Move Generator", `SearchMovGen`): the
//! best move from the previous iteration (here: from the transposition
//! table), capture of the piece that just moved, other captures that do
//! not lose material by exchange (largest victim first), the two killer
//! moves of this ply, the counter move (the quiet move that last refuted
//! the opponent's last move, by its piece and target square), promotions,
//! castling, quiet moves (by the history heuristic), captures that lose
//! material by exchange, en-passant captures last.
//!
//! The handbook tries the killers before the other captures; with them
//! after the captures (as modern engines order them) the fixed-node match
//! against the handbook's order (`protocols/tools/match.py --games 268
//! --nodes 20000 --openings books/openings.txt --opening-plies 8`,
//! OwnBook=false both, bench 347593 to 310937) scored +104 =87 −77,
//! 55.0 %, +35 Elo [+1, +70]; again with `--opening-plies 10`, +104
//! =100 −64, 57.5 %, +52 [+19, +86]; all 536 games +208 =187 −141,
//! 56.2 %, about +44 [+20, +68]. The bench tree shrank by a tenth. A
//! guess at why: a killer refuted a sibling, while a capture that wins
//! material by exchange refutes most moves outright.
//!
//! The counter move (Uiterwijk's counter-move heuristic) after the
//! killers, against the build without it (bench 310937 to 322642), the
//! same match: `--opening-plies 8` +89 =100 −79, 51.9 %, +13 [−20, +46];
//! `--opening-plies 10` +95 =92 −81, 52.6 %, +18 [−16, +52];
//! `--opening-plies 12` +97 =84 −87, 51.9 %, +13 [−22, +48]; all 804
//! games +281 =276 −247, 52.1 %, +15 [−5, +34]. Each run positive, none
//! alone clear. Ordered after promotions and with the killers above the
//! captures it had scored −8 (`mod.rs`).
//!
//! Measured and not kept (session 39, against main's build, bench
//! 342106, the same match with `--opening-plies 8`): threat-aware quiet
//! order (Stockfish's), a quiet move of an officer out of an attack
//! above the other quiet moves' history, one into an attack below it.
//! By pawns alone (knights, bishops, rooks and queens; bench 313765):
//! +87 =97 −84, 50.6 %, +4 [−29, +37]; by lesser pieces (minors by
//! pawns, rooks by pawns and minors, queens by those and rooks; bench
//! 316471): +88 =93 −87, 50.2 %, +1 [−32, +35]. The bench tree shrank
//! by 8 %, the play did not change.
//!
//! Measured and not kept (session 41, against main's build, bench 342106,
//! the same match with `--opening-plies 8`): en passant among the captures
//! that do not lose by exchange and a quiet queen promotion just below the
//! capture of a queen (both above the killers; bench 340363): +90 =88
//! −90, 50.0 %, 0 [−34, +34]. Both moves are too rare to change the play.

use super::moves::{MoveCode, encode, promotion_code};
use super::see::see;
use crate::chess::eval::material;
use crate::chess::{Board, Color, Move, MoveList, Role, Square};

// Bands of 2^26 apart in an i32, far wider than what moves within one
// band differ by (a victim's value times 8 is below 2^15, a history score
// stays within ±2^20): half the width of 64-bit scores for `pick` to scan.
const BAND: i32 = 1 << 26;
const HASH_MOVE: i32 = 20 * BAND;
const RECAPTURE: i32 = 16 * BAND;
const CAPTURE: i32 = 12 * BAND;
const KILLER: i32 = 8 * BAND;
const COUNTER_MOVE: i32 = 7 * BAND;
const PROMOTION: i32 = 6 * BAND;
const CASTLING: i32 = 4 * BAND;
/// Quiet moves score their history value, kept far below `CASTLING`.
/// Captures that lose material by exchange come after them.
const LOSING_CAPTURE: i32 = -4 * BAND;
const EN_PASSANT: i32 = -20 * BAND;

/// Index of a (colour, from, to) triple in the history table.
#[inline]
pub fn history_index(color: Color, mv: Move) -> usize {
    color.index() * 4096 + mv.from.index64() * 64 + mv.to.index64()
}

/// Index of the opponent's last move (colour, piece, target) in the
/// counter-move table.
#[inline]
pub fn counter_index(color: Color, last: Move) -> usize {
    (color.index() * 6 + last.piece as usize) * 64 + last.to.index64()
}

/// Most valuable victim, least valuable attacker.
#[inline]
pub fn mvv_lva(mv: Move) -> i32 {
    let victim = mv.captured.map_or(0, material);
    victim * 8 - mv.piece as i32
}

/// Scores every move of `list` into `scores` in the handbook's order.
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    board: &Board,
    list: &MoveList,
    scores: &mut [i32],
    hash_move: MoveCode,
    last_move: Option<Move>,
    killers: &[Move; 2],
    counter_move: Move,
    history: &[i32],
    color: Color,
) {
    // The table move's squares and promotion, compared with each move's
    // own instead of encoding every move ([`encode`] is from | to << 6 |
    // promotion << 12 on disjoint bits, so the triples are equal exactly
    // when the codes are). No move goes from a square to itself, so the
    // empty code 0 (a1-a1) matches none.
    let square = |code: MoveCode| Square::from_index64((code & 63) as u8).expect("6 bits");
    let (hash_from, hash_to, hash_promotion) =
        (square(hash_move), square(hash_move >> 6), hash_move >> 12);
    let recapture_square = last_move.filter(|last| !last.is_null()).map(|last| last.to);
    for (i, &mv) in list.iter().enumerate() {
        debug_assert_eq!(
            mv.from == hash_from && mv.to == hash_to && promotion_code(mv) == hash_promotion,
            hash_move != 0 && encode(mv) == hash_move
        );
        scores[i] =
            if mv.from == hash_from && mv.to == hash_to && promotion_code(mv) == hash_promotion {
                HASH_MOVE
            } else if mv.is_en_passant() {
                EN_PASSANT
            } else if mv.captured.is_some() {
                if Some(mv.to) == recapture_square {
                    RECAPTURE + mvv_lva(mv)
                } else if material(mv.piece) > mv.captured.map_or(0, material) && see(board, mv) < 0
                {
                    LOSING_CAPTURE + mvv_lva(mv)
                } else {
                    CAPTURE + mvv_lva(mv)
                }
            } else if mv == killers[0] {
                KILLER + 1
            } else if mv == killers[1] {
                KILLER
            } else if mv == counter_move {
                COUNTER_MOVE
            } else if let Some(role) = mv.promotion() {
                PROMOTION + material(role)
            } else if mv.is_castle() {
                CASTLING
            } else {
                history[history_index(color, mv)]
            };
        // Under-promotions are almost never right: order them with quiet
        // moves.
        if matches!(mv.promotion(), Some(r) if r != Role::Queen) && scores[i] < HASH_MOVE {
            scores[i] = history[history_index(color, mv)] - (1 << 20);
        }
    }
}

/// Swaps the best-scored move among `list[from..]` to `from` (selection
/// sort, one step per move tried: cut-offs usually come early).
#[inline]
pub fn pick(list: &mut MoveList, scores: &mut [i32], from: usize) -> Move {
    // The first of the highest scores: the maximum in one pass, then its
    // first place in another, both on 32-bit lanes the compiler packs
    // four to a vector register (the same move as a plain scan, so the
    // same tree).
    let rest = &scores[from..list.len()];
    let top = rest.iter().copied().max().unwrap_or(0);
    let best = from + first_equal(rest, top);
    list.as_mut_slice().swap(from, best);
    scores.swap(from, best);
    list[from]
}

/// The index of the first element of `values` equal to `wanted` (its
/// length if there is none), eight at a time.
#[inline]
fn first_equal(values: &[i32], wanted: i32) -> usize {
    let mut chunks = values.chunks_exact(8);
    let mut base = 0;
    for chunk in chunks.by_ref() {
        let mask = chunk
            .iter()
            .enumerate()
            .fold(0u32, |m, (k, &v)| m | (u32::from(v == wanted) << k));
        if mask != 0 {
            return base + mask.trailing_zeros() as usize;
        }
        base += 8;
    }
    base + chunks
        .remainder()
        .iter()
        .position(|&v| v == wanted)
        .unwrap_or(values.len() - base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::MAX_MOVES;

    #[test]
    fn the_counter_move_comes_after_the_killers_and_before_other_quiet_moves() {
        let board = Board::startpos();
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        let find = |uci: &str| board.parse_uci_move(uci).expect("legal");
        let (killer, counter, other) = (find("e2e4"), find("g1f3"), find("d2d4"));
        // The history prefers the other quiet move: the counter move still
        // goes before it, and after the killer.
        let mut history = vec![0; 2 * 64 * 64];
        history[history_index(Color::White, other)] = 1000;
        let mut scores = [0i32; MAX_MOVES];
        score_moves(
            &board,
            &list,
            &mut scores,
            0,
            None,
            &[killer, Move::NULL],
            counter,
            &history,
            Color::White,
        );
        let order: Vec<Move> = (0..list.len())
            .map(|i| pick(&mut list, &mut scores, i))
            .collect();
        assert_eq!(&order[..3], &[killer, counter, other]);
    }

    #[test]
    fn pick_takes_the_first_of_the_highest_scores() {
        let board = Board::startpos();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..500 {
            let mut list = MoveList::new();
            board.legal_moves(&mut list);
            let mut scores = [0i32; 20];
            for s in &mut scores {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Few distinct values, so ties are common.
                *s = (state % (2 + round % 7)) as i32 - 3;
            }
            let mut expected = scores;
            let mut moves: Vec<Move> = list.to_vec();
            for i in 0..list.len() {
                let mut best = i;
                for j in i + 1..list.len() {
                    if expected[j] > expected[best] {
                        best = j;
                    }
                }
                expected.swap(i, best);
                moves.swap(i, best);
                assert_eq!(pick(&mut list, &mut scores, i), moves[i]);
                assert_eq!(scores, expected);
            }
        }
    }
}
