//! The double-dummy search: zero-window alpha-beta on tricks.
//!
//! Every search answers one yes/no question, "can North-South take at
//! least `target` of the remaining tricks?", which lets each node stop at
//! the first card that settles it. The exact count comes from a handful of
//! such questions ([`Search::ns_tricks`]), the transposition table carrying
//! what one question learnt into the next.

use super::bounds::{later_tricks_cap, quick_tricks, second_hand_tricks, trump_length_tricks};
use super::moves::{MoveList, generate, sequence_bottoms, sequence_top};
use super::state::{Board, beats, rank_of, suit_mask, suit_of};
use super::tt::{Probe, Shape, Table, absolute_move, relative_move};

/// Tricks left from which a trick start looks in the table before
/// counting quick tricks. Half the trick starts end in the table, so
/// looking there first saves counting; only in the last few tricks are
/// the quick tricks cheaper and more often decisive (measured by
/// instruction counts over the first 6 fixture deals: 10 -> 4 saves 8%).
/// With the table's smaller maps (one per strain, 32-byte slots), 3 and 5
/// are no faster either: CPU seconds of `turbobridge bench --deals 20`,
/// three runs alternated, 2.45 against 2.45 and 2.47 against 2.46 (table
/// trick nodes on 40 deals +1.0% and -0.1%; session 23). The table is
/// worth asking even with two tricks left: skipping it there (no probe,
/// no store) searches 2.0% more trick nodes (`turbobridge bench --deals
/// 20`, tables 7,767,027 -> 7,920,359) and costs 1.2% more instructions
/// (cachegrind, `bench --only tables --deals 3`; session 35).
///
/// When the side on lead needs one trick, the bounds come first whatever
/// the tricks left (session 40): a quick trick is cheap to find then, and
/// its answer rests on fewer cards than the table's, so the entries
/// stored above stay more general. `turbobridge bench` (200 fixture
/// deals) trick nodes tables 116,556,723 -> 115,335,540 (-1.0%),
/// all-cards 27,689,979 -> 27,402,700 (-1.0%); see the commit for the
/// instructions. Wider, the trees shrink further but counting costs more
/// than the probes it spares: `turbobridge bench --only tables --deals
/// 10` and `--only cards --deals 40`, trick nodes 4,382,899 and 5,386,568
/// before, 4,344,260 and 5,342,700 with need 1; need 1 or all 4,300,732
/// and 5,271,303, but callgrind 9,443,131,638 -> 9,624,901,542
/// instructions (+1.9%) on those tables (need 1 alone: 9,444,351,342);
/// need at most 2 from either end 4,248,383 and 5,202,036, at most 3
/// 4,243,765 and 5,171,280, always the bounds first 4,242,649 and
/// 5,170,570 (instructions not measured).
///
/// When the opponents need one trick (the side on lead all the rest),
/// the later-trick caps come before the probe too, quick tricks after it
/// as before (session 41): `bench --only tables --deals 10` trick nodes
/// 4,344,260 -> 4,301,311, callgrind 9,525,461,464 -> 9,491,165,410
/// instructions (-0.4%); `--only cards --deals 40` 5,342,700 ->
/// 5,271,769 trick nodes, 12,044,585,152 -> 11,810,242,207 (-1.9%).
/// With the quick tricks resting on fewer cards (see `bounds.rs`), the
/// bounds first at need 2 as well: trick nodes 4,009,827 -> 3,958,619 on
/// those tables, but 8,821,147,603 -> 8,872,889,692 instructions (+0.6%);
/// not kept.
const EARLY_PROBE: i32 = 4;

/// One search over a board, borrowing the solver's table.
pub(crate) struct Search<'a> {
    pub board: Board,
    pub tt: &'a mut Table,
    pub nodes: u64,
    /// Tricks completed in the search (DDS's "trick nodes"): each is a
    /// trick start examined.
    pub trick_nodes: u64,
    /// The lead that last refuted a trick start, per tricks left: a
    /// killer move, tried early at the next lead of that depth. Killers
    /// for the follows too (per tricks left and place in the trick) cost
    /// 2.6 times the nodes on the first 20 fixture deals; leads' killers
    /// kept per leader as well, 0.6% more nodes; carried over from one
    /// search to the next (the solves of a table, the cards of an
    /// all-cards solve), 0.3% more (issue 21). Nor (session 26) marking
    /// down the untried cards of a suit after one of its cards failed (20
    /// points at a lead, 10 at a follow; DDS does not): 1.4% fewer table
    /// trick nodes over the 200 fixture deals (135,809,472 -> 133,967,359)
    /// and 0.5% fewer all-cards ones (32,260,932 -> 32,086,548), but more
    /// CPU time (`turbobridge bench --only tables --deals 30`, five runs
    /// alternated: 2.83 against 2.80 s; `--only cards --deals 100`, three:
    /// 3.39 against 3.33), with the cards taken from an unsorted list best
    /// first or, marked down only when the next card is of the failed
    /// suit, with the rest sorted again out of line. Nor (session 40)
    /// cleared before each question of a solve, as DDS's
    /// `ResetBestMoves` does: `turbobridge bench --only tables` trick
    /// nodes 116,556,723 -> 116,626,736.
    killers: [Option<u8>; 14],
}

impl<'a> Search<'a> {
    pub fn new(board: Board, tt: &'a mut Table) -> Search<'a> {
        Search {
            board,
            tt,
            nodes: 0,
            trick_nodes: 0,
            killers: [None; 14],
        }
    }

    /// Exact number of the remaining tricks (the one in progress included)
    /// that North-South take with best play on both sides, known to lie in
    /// `lo..=hi`: only questions inside the range are asked. `guess` (say
    /// a related solve's answer) is tried first: when it is right, two
    /// zero-window searches settle the count.
    ///
    /// Against DDS 2.9 (session 26, one thread, fresh tables): one solve
    /// of each of the 200 fixture deals from East's lead (the bench's
    /// strains) searches 14,134,048 trick nodes to DDS's 11,654,648 (its
    /// `futureTricks.nodes`, 1.21 times), the all-cards solves 32,260,932
    /// to 26,083,217 (1.24 times), while our time is 0.85-0.87 of DDS's:
    /// a node costs about 30% less, the trees are larger. The excess sits
    /// in single questions, deal by deal (DDS searches more on 83 of the
    /// 200 all-cards solves). Deal 177 in hearts, "North-South at least
    /// 6?" (no): 415,755 trick nodes against 78,236 for DDS's same
    /// question (`SolveBoard`, target 8 for East-West): East's trump
    /// leads are refuted first (219, 43, 0 and 35 thousand trick nodes)
    /// before the singleton spade that wins (119 thousand), and after it
    /// West tries three spade returns for the ruff (20-46 thousand each)
    /// before the diamond switch that wins (2.7 thousand). Deal 34 in notrump, "at least 3?" (yes, third question):
    /// 670,671 against DDS's 336,860 asked first. DDS's lead bonus for
    /// the singleton to partner's winner (for a ruff on the return) did
    /// not help: +20, +40 or +80 points gave +0.07%, -0.75% and +0.3%
    /// trick nodes over those 200 solves, and deal 177 more nodes.
    /// Session 28, with DDS's notrump lead weights and its second-hand
    /// weights (`lead.rs`, `moves.rs`): the tables of the 200 fixture
    /// deals 125,073,020 trick nodes (were 135,809,472), the all-cards
    /// solves 28,970,685 (1.11 times DDS's).
    ///
    /// Where the trick nodes go (session 33, tables of the first 30
    /// fixture deals, 12.5 million trick nodes): the guess is right or one
    /// above in 85% of the 600 solves (2.18 questions a solve, 2 at least);
    /// of the trick starts that get past the trivial tests, 6.4 million
    /// are answered by the table, 2.6 million by quick or later tricks
    /// and 2.8 million searched, half of those refuted in full; the first
    /// lead settles 92% of the rest and the first follow 99%: ordering
    /// leaves little, fewer nodes must come from more table answers or
    /// stronger bounds.
    ///
    /// Where we search more than DDS, by strain (session 37, groups of 256
    /// patterns in the table, before the change to 1024; the 200
    /// fixture deals, each strain of each deal with a fresh solver: the
    /// all-cards solve from East's lead, and the four declarers' solves
    /// of `strain_tricks`; DDS: `SolveBoardPBN` with solutions 3 from
    /// East, and four calls with solutions 1 and target -1 in a row on the
    /// same deal and trump, its table kept between them): trick nodes
    /// ours/DDS, all-cards / solves, clubs 1.10 / 1.08, diamonds 1.07 /
    /// 1.03, hearts 1.05 / 1.05, spades 1.02 / 1.02, notrump 1.18 / 1.16
    /// (all 1.08 / 1.06: 142,934,856 against 132,200,969 all-cards). The
    /// excess is notrump's, and it is spread over many deals (all-cards,
    /// deal by deal and strain: 20.0 million more than DDS where we
    /// search more, 9.3 million fewer where it does). Tried and
    /// not kept: fail-soft answers (each search returning the bound it
    /// proved, stored in the table in place of the question's target:
    /// quick tricks claim `need` with the cards for `need`, the whole count
    /// only when it rests on suit lengths): 0.34% fewer trick nodes in the
    /// tables of the first 30 deals (12,503,192 -> 12,460,484), 0.24% in
    /// the all-cards solves of the first 100 (15,056,399 -> 15,020,280);
    /// quick tricks claiming their whole count with the cards for it,
    /// 0.5% more (12,564,455).
    pub fn ns_tricks_within(&mut self, lo: u32, hi: u32, guess: Option<u32>) -> u32 {
        let (mut lo, mut hi) = (lo, hi.min(self.board.tricks_left()));
        let mut next = guess;
        while lo < hi {
            let target = match next {
                Some(g) => g.clamp(lo + 1, hi),
                None => (lo + hi).div_ceil(2),
            };
            if self.ns_reaches(target as i32) {
                lo = target;
                next = next.map(|_| target + 1);
            } else {
                hi = target - 1;
                next = next.map(|_| target - 1);
            }
        }
        lo
    }

    /// The root of an all-cards solve (DDS's `SolveBoard` with solutions
    /// 3): can the side to move settle "North-South take at least
    /// `target`?" its way with one of `cards`, tried in the order given?
    /// The index of the first card that does; every card before it fails.
    pub fn root_settles(&mut self, target: i32, cards: &[u8]) -> Option<usize> {
        let ns_to_move = self.board.to_move() & 1 == 0;
        let leader = self.board.leader;
        for (i, &card) in cards.iter().enumerate() {
            self.nodes += 1;
            let reached = match self.board.play(card) {
                Some(winner) => {
                    self.trick_nodes += 1;
                    self.trick_start(target - i32::from(winner & 1 == 0)).0
                }
                None => self.in_trick(target).0,
            };
            self.board.undo(leader);
            if reached == ns_to_move {
                return Some(i);
            }
        }
        None
    }

    /// Can North-South take at least `target` of the remaining tricks?
    pub fn ns_reaches(&mut self, target: i32) -> bool {
        if self.board.played == 0 {
            self.trick_start(target).0
        } else {
            self.in_trick(target).0
        }
    }

    /// Answers for a position inside a trick, with the cards the answer
    /// rests on.
    ///
    /// Tried and not kept (session 40): third and fourth hand settling
    /// the question when the trick's side is already decided (fourth hand:
    /// partner winning or its top card or trump beating the winner; third
    /// hand: the same against fourth hand's top card) and that side needs
    /// one trick, or its opponents all the rest, the answer resting on the
    /// trick's winning card when it beats one of its suit. Trick nodes of
    /// `turbobridge bench` (200 fixture deals) tables 116,556,723 ->
    /// 112,974,407 (-3.1%), all-cards 27,689,979 -> 26,248,046 (-5.2%), but
    /// the trick starts it spares are the trivial ones (the question
    /// already answered by the tricks won): callgrind `bench --only tables
    /// --deals 10` 9,443,131,638 -> 9,767,049,520 instructions (+3.4%);
    /// fourth hand alone (trick nodes 4,382,899 -> 4,169,541 on those
    /// tables) 9,567,846,304 (+1.3%), `--only cards --deals 40`
    /// 11,995,764,705 -> 12,081,525,584 (+0.7%). Second hand's side
    /// needing every trick and neither it nor fourth hand able to beat
    /// the card led: no trick node fewer.
    fn in_trick(&mut self, target: i32) -> (bool, u64) {
        if target <= 0 {
            return (true, 0);
        }
        let left = self.board.tricks_left() as i32;
        if target > left {
            return (false, 0);
        }
        if self.board.played == 1 {
            // DDS's second-hand quick trick: when this trick alone settles
            // the question and second hand's side surely wins it.
            let ns = self.board.to_move() & 1 == 0;
            let need = if ns { target } else { left - target + 1 };
            if need >= 1
                && let Some(rel) = second_hand_tricks(&self.board, need as u32)
            {
                return (ns, rel);
            }
        }
        let (reached, rel, _) = self.expand(target, None);
        (reached, rel)
    }

    fn trick_start(&mut self, target: i32) -> (bool, u64) {
        let left = self.board.hands[self.board.leader].count_ones() as i32;
        if target <= 0 {
            return (true, 0);
        }
        if target > left {
            return (false, 0);
        }
        if left == 1 {
            let (ns, rel) = self.last_trick();
            return (ns >= target, rel);
        }
        // Quick tricks settle the question once they reach `need`. When
        // one trick settles it they are asked before the table (see
        // [`EARLY_PROBE`]).
        let ns_leads = self.board.leader & 1 == 0;
        let need = if ns_leads { target } else { left - target + 1 };
        let lengths = trump_length_tricks(&self.board);
        // The side on lead cannot take more than the later-trick cap: the
        // cards it rests on when that falls short of `need`.
        let capped = |board: &Board| {
            let (cap, cap_rel) = later_tricks_cap(board, left as u32, need as u32, lengths);
            ((cap as i32) < need).then_some(cap_rel)
        };
        // The opponents need one trick: a later-trick cap is likely to
        // settle that, and rests on a few top cards.
        let all_needed = need == left;
        if all_needed && let Some(rel) = capped(&self.board) {
            return (!ns_leads, rel);
        }
        let (shape, early) = if left >= EARLY_PROBE && need > 1 {
            let shape = Shape::of(&mut self.board);
            match self.tt.probe(&self.board, &shape, target as u8) {
                Probe::Known(reached, rel) => return (reached, rel),
                Probe::Unknown(hint) => (Some(shape), Some(hint)),
            }
        } else {
            (None, None)
        };
        let (quick, quick_rel) = match lengths {
            // Only the suit lengths (part of every key) matter here.
            Some((sure, _)) if sure >= need as u32 => (sure, 0),
            _ => quick_tricks(&self.board, need as u32),
        };

        if quick >= need as u32 {
            return (ns_leads, quick_rel);
        }
        if !all_needed && let Some(rel) = capped(&self.board) {
            return (!ns_leads, rel);
        }
        let shape = shape.unwrap_or_else(|| Shape::of(&mut self.board));
        let hint = match early {
            Some(hint) => hint,
            None => match self.tt.probe(&self.board, &shape, target as u8) {
                Probe::Known(reached, rel) => return (reached, rel),
                Probe::Unknown(hint) => hint,
            },
        };
        let live = self.board.live();
        let hint = hint.and_then(|(rel, exact)| absolute_move(rel, live).map(|c| (c, exact)));
        let (reached, rel, best) = self.expand(target, hint);
        // DDS stores its killer as the entry's best move when every card
        // failed; here (the leader's killer of this depth, when held)
        // 0.7% more all-cards and 0.3% more table trick nodes on the
        // first 40 fixture deals: not kept (session 37).
        let best = best.map(|card| relative_move(card, live));
        self.tt
            .store(&self.board, &shape, target as u8, reached, rel, best);
        (reached, rel)
    }

    /// Tries the moves of the seat to move; returns the answer, the cards
    /// it rests on and the card that settled it.
    fn expand(&mut self, target: i32, hint: Option<(u8, bool)>) -> (bool, u64, Option<u8>) {
        let left = self.board.hands[self.board.leader].count_ones() as usize;
        let killer = if self.board.played == 0 {
            self.killers[left]
        } else {
            None
        };
        // Filled in place: a list returned by value is copied, and the copy
        // stalls on the sort's narrow stores (measured: 8% of the time).
        let mut moves = MoveList::new();
        generate(&self.board, hint, killer, &mut moves);
        let ns_to_move = self.board.to_move() & 1 == 0;
        let leader = self.board.leader;
        let mut rel_all = 0u64;
        let played = self.board.played;
        // DDS's "lowest winning rank" skip: once a card of a suit has failed
        // while ranking below every card its refutation rested on, any other
        // card of that suit below those is the same card to the opponents.
        let mut skip_below = [0u8; 4];
        for &card in &moves.cards[..moves.len] {
            let suit = suit_of(card);
            if rank_of(card) < skip_below[suit] {
                continue;
            }
            self.nodes += 1;
            let (reached, rel) = match self.board.play(card) {
                Some(winner) => {
                    self.trick_nodes += 1;
                    let (reached, rel) = self.trick_start(target - i32::from(winner & 1 == 0));
                    (reached, rel | self.board.last_trick_rank())
                }
                None => self.in_trick(target),
            };
            self.board.undo(leader);
            if reached == ns_to_move {
                if played == 0 {
                    self.killers[left] = Some(card);
                }
                return (reached, rel, Some(card));
            }
            rel_all |= rel;
            if skip_below[suit] == 0 {
                let relevant = suit_mask(rel_all, suit);
                let lowest = if relevant == 0 {
                    16
                } else {
                    relevant.trailing_zeros() as u8
                };
                if rank_of(card) < lowest {
                    skip_below[suit] = lowest;
                }
            }
        }
        // Every card was refuted, but only one card of each sequence was
        // searched. A sequence that straddles a suit's lowest relevant rank
        // would split in a position matching only from that rank up (its
        // lower cards there need not be ours): make the whole sequence
        // relevant so that it stays one.
        let hand = self.board.hands[self.board.to_move()];
        let live = self.board.live();
        // The cards tried are the lowest of their sequences.
        let bottoms = sequence_bottoms(hand, live);
        loop {
            let mut widened = false;
            for &card in &moves.cards[..moves.len] {
                let suit = suit_of(card);
                let relevant = suit_mask(rel_all, suit);
                if relevant == 0 {
                    continue;
                }
                let lowest = u16::from(rank_of(card));
                let threshold = relevant.trailing_zeros() as u16;
                if lowest < threshold && sequence_top(card, hand, bottoms) as u16 >= threshold {
                    rel_all |= 1u64 << (16 * suit as u16 + lowest);
                    widened = true;
                }
            }
            if !widened {
                break;
            }
        }
        (!ns_to_move, rel_all, None)
    }

    /// The last trick, each hand holding one card: 1 if North-South win
    /// it, and the winning card if it had to outrank one of its suit.
    fn last_trick(&self) -> (i32, u64) {
        let b = &self.board;
        let cards = [0, 1, 2, 3].map(|k| b.hands[(b.leader + k) & 3].trailing_zeros() as u8);
        let mut winner = 0;
        for k in 1..4 {
            if beats(cards[k], cards[winner], b.trump) {
                winner = k;
            }
        }
        let best = cards[winner];
        // Only a comparison within the winner's suit makes its rank count.
        let same = cards
            .iter()
            .filter(|&&c| suit_of(c) == suit_of(best))
            .count();
        let rel = if same > 1 { 1u64 << best } else { 0 };
        (i32::from((b.leader + winner) & 1 == 0), rel)
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
        let mut search = Search::new(board, &mut tt);
        assert_eq!(search.ns_tricks_within(0, 3, None), 3);
    }
}
