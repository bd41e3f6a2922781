//! The double-dummy search: zero-window alpha-beta on tricks.
//!
//! Every search answers one yes/no question, "can North-South take at
//! least `target` of the remaining tricks?", which lets each node stop at
//! the first card that settles it. The exact count comes from a handful of
//! such questions ([`Search::ns_tricks`]), the transposition table carrying
//! what one question learnt into the next.

use super::bounds::{later_tricks_cap, quick_tricks};
use super::moves::generate;
use super::state::{Board, beats};
use super::tt::{Table, absolute_move, position_key, relative_move};

/// One search over a board, borrowing the solver's table.
pub(crate) struct Search<'a> {
    pub board: Board,
    pub tt: &'a mut Table,
    pub nodes: u64,
}

impl Search<'_> {
    /// Exact number of the remaining tricks (the one in progress included)
    /// that North-South take with best play on both sides.
    pub fn ns_tricks(&mut self) -> u32 {
        let (mut lo, mut hi) = (0, self.board.tricks_left());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if self.ns_reaches(mid as i32) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Can North-South take at least `target` of the remaining tricks?
    pub fn ns_reaches(&mut self, target: i32) -> bool {
        if self.board.played == 0 {
            self.trick_start(target)
        } else {
            self.in_trick(target)
        }
    }

    fn in_trick(&mut self, target: i32) -> bool {
        if target <= 0 {
            return true;
        }
        if target > self.board.tricks_left() as i32 {
            return false;
        }
        self.expand(target, None).0
    }

    fn trick_start(&mut self, target: i32) -> bool {
        let left = self.board.hands[self.board.leader].count_ones() as i32;
        if target <= 0 {
            return true;
        }
        if target > left {
            return false;
        }
        if left == 1 {
            return self.last_trick_to_ns() >= target;
        }
        let key = position_key(&self.board);
        let mut hint = None;
        if let Some(known) = self.tt.probe(key) {
            if i32::from(known.lower) >= target {
                return true;
            }
            if i32::from(known.upper) < target {
                return false;
            }
            hint = known
                .best
                .and_then(|rel| absolute_move(rel, self.board.live()));
        }
        let quick = quick_tricks(&self.board) as i32;
        let cap = later_tricks_cap(&self.board, left as u32) as i32;
        if self.board.leader & 1 == 0 {
            if quick >= target {
                return true;
            }
            if cap < target {
                return false;
            }
        } else {
            if left - quick < target {
                return false;
            }
            if left - cap >= target {
                return true;
            }
        }
        let live = self.board.live();
        let (reached, best) = self.expand(target, hint);
        let (lower, upper) = if reached {
            (target as u8, left as u8)
        } else {
            (0, (target - 1) as u8)
        };
        let best = best.map(|card| relative_move(card, live));
        self.tt.store(key, left as u8, lower, upper, best);
        reached
    }

    /// Tries the moves of the seat to move; returns the answer and the card
    /// that settled it.
    fn expand(&mut self, target: i32, hint: Option<u8>) -> (bool, Option<u8>) {
        let moves = generate(&self.board, hint);
        let ns_to_move = self.board.to_move() & 1 == 0;
        let leader = self.board.leader;
        for &card in &moves.cards[..moves.len] {
            self.nodes += 1;
            let reached = match self.board.play(card) {
                Some(winner) => self.trick_start(target - i32::from(winner & 1 == 0)),
                None => self.in_trick(target),
            };
            self.board.undo(leader);
            if reached == ns_to_move {
                return (reached, Some(card));
            }
        }
        (!ns_to_move, None)
    }

    /// The last trick, each hand holding one card: 1 if North-South win it.
    fn last_trick_to_ns(&self) -> i32 {
        let b = &self.board;
        let mut seat = b.leader;
        let mut best = b.hands[seat].trailing_zeros() as u8;
        for k in 1..4 {
            let s = (b.leader + k) & 3;
            let card = b.hands[s].trailing_zeros() as u8;
            if beats(card, best, b.trump) {
                best = card;
                seat = s;
            }
        }
        i32::from(seat & 1 == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From-scratch twin of the search: plain minimax over every legal
    /// card, no table, no bounds, no equivalences.
    fn minimax(board: &mut Board) -> u32 {
        if board.played == 0 && board.hands[board.leader] == 0 {
            return 0;
        }
        let ns = board.to_move() & 1 == 0;
        let leader = board.leader;
        let mut legal = board.legal();
        let mut best: Option<u32> = None;
        while legal != 0 {
            let card = legal.trailing_zeros() as u8;
            legal &= legal - 1;
            let won = board.play(card).map_or(0, |w| u32::from(w & 1 == 0));
            let v = won + minimax(board);
            board.undo(leader);
            best = Some(match best {
                None => v,
                Some(b) if ns => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best.unwrap_or(0)
    }

    #[test]
    fn search_matches_minimax_on_a_ruffing_ending() {
        // N: SQ DT5 C6; E: S94 H9 C5; S: S6 H4 CQ4; W: DKJ97 (hearts
        // trumps, North leads). NS cash SQ and CQ, then C4 forces East
        // to ruff and lead a spade into South's ruff: 3 tricks.
        let hands = [
            1152921504676053056u64,
            148620986726481952,
            18014467228962832,
            713031680,
        ];
        let board = Board::new(hands, 2, 0);
        assert_eq!(minimax(&mut board.clone()), 3);
        let mut tt = Table::new(10);
        let mut search = Search {
            board,
            tt: &mut tt,
            nodes: 0,
        };
        assert_eq!(search.ns_tricks(), 3);
    }
}
