//! Double-dummy solver: the exact number of tricks with all hands open.
//!
//! Turbo Bridge plays by "analysing with open cards" (handbook chapter 7,
//! *Analyze*): deal the unknown cards at random, then search each candidate
//! card to the end with every hand visible. This module is that open-card
//! search, done exactly and fast, the way modern solvers do it:
//!
//! - zero-window alpha-beta on tricks (`search.rs`): each search asks
//!   "can North-South take at least *n* tricks?", and a few such questions
//!   (starting from a guess) pin down the exact count;
//! - quick-trick and later-trick bounds at each trick start (`bounds.rs`):
//!   the leader's cashable winners with length winners, partner's after a
//!   crossing (or a finesse) in the crossing suit, top cards shared between
//!   leader and partner, a ruff in partner's hand, the defenders' top
//!   trumps and a guarded second-best trump over ours, tricks won by trump
//!   length when one side has all the trumps; and second hand's sure win
//!   of the trick (by rank or by a ruff) when that settles the question,
//!   with the tricks the winner then cashes (in a suit contract, one sure
//!   trick more). Each bound reports only the cards it rests on, as few as
//!   settle the question, so that the table entry it leads to stays
//!   general;
//! - a transposition table on trick boundaries keyed on suit lengths and
//!   on the owners of the cards that mattered, by *relative* rank — Ginsberg's
//!   partition search, as DDS does it: positions that differ only in small
//!   cards share one entry (`tt.rs`); a probe mostly waits on memory, so
//!   each trump strain has a map of its own, with 32-byte slots;
//! - equivalent cards (a sequence in one hand) searched once, and after a
//!   card fails, the other cards of its suit below every card its
//!   refutation rested on skipped (DDS's "lowest winning rank"); a move
//!   ordering that cashes winners, leads to partner's honours, ruffs and
//!   plays low where it belongs, with the table's best move and a killer
//!   lead per depth first (`moves.rs`).
//!
//! # Examples
//!
//! ```
//! use engine::bridge::{Deal, Seat, Strain};
//! use engine::bridge::dds::{Position, Solver};
//!
//! let deal: Deal = "N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65"
//!     .parse()
//!     .unwrap();
//! let mut solver = Solver::new();
//! // West leads against South's notrump contract: East-West take 9 tricks.
//! let start = Position::new(&deal, Seat::West).unwrap();
//! assert_eq!(solver.tricks(&start, Strain::NoTrump), 9);
//! ```

mod bits;
mod bounds;
mod lead;
mod moves;
mod position;
mod search;
mod state;
mod tt;

pub(crate) use moves::sequence_of;
pub use position::{Position, PositionError};

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Card, DdTable, Deal, Hand, Seat, Side, Strain};
use moves::{MoveList, generate};
use search::Search;
use state::Board;
use tt::Table;

/// Default transposition table size: up to 2^20 patterns (about 32 MiB).
/// 2^21 spares the one clear the 200 fixture tables reach (deal 35's,
/// bench tables 119,405,701 -> 118,129,175 trick nodes; 2^22 the same),
/// but that deal's table took as long (CPU seconds, three runs
/// alternated, 3.38/3.54/3.32 against 3.56/3.35/3.35): not kept (session
/// 37).
pub const DEFAULT_TABLE_BITS: u32 = 20;

/// A reusable double-dummy solver. Its transposition table is keyed on
/// relative ranks, leader and trump, so what one solve learns stays valid
/// for the next, on this deal or another: keep one solver per thread.
pub struct Solver {
    tt: Table,
    nodes: u64,
    trick_nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table size.
    pub fn new() -> Solver {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver whose table holds up to `2^bits` patterns (about 32 bytes
    /// each) before it starts afresh.
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            tt: Table::new(bits.clamp(4, 28)),
            nodes: 0,
            trick_nodes: 0,
        }
    }

    /// Forgets everything learnt (only useful to make timings comparable).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Cards searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Tricks completed in the searches since the solver was made: the
    /// trick starts examined, the count DDS reports as its nodes.
    pub fn trick_nodes(&self) -> u64 {
        self.trick_nodes
    }

    fn search(&mut self, board: Board) -> Search<'_> {
        Search::new(board, &mut self.tt)
    }

    /// Tricks North-South take of the remaining ones (the trick in progress
    /// included) with best play.
    fn ns_tricks(&mut self, board: Board, guess: Option<u32>) -> u32 {
        let hi = board.tricks_left();
        self.ns_tricks_within(board, 0, hi, guess)
    }

    /// [`Solver::ns_tricks`] when the count is known to lie in `lo..=hi`.
    fn ns_tricks_within(&mut self, board: Board, lo: u32, hi: u32, guess: Option<u32>) -> u32 {
        let mut search = self.search(board);
        let tricks = search.ns_tricks_within(lo, hi, guess);
        let (nodes, trick_nodes) = (search.nodes, search.trick_nodes);
        self.nodes += nodes;
        self.trick_nodes += trick_nodes;
        tricks
    }

    /// Tricks the side to move takes of the remaining ones (the trick in
    /// progress included) with best play by both sides.
    pub fn tricks(&mut self, position: &Position, strain: Strain) -> u8 {
        let board = position.board(strain);
        let left = board.tricks_left();
        // Started from an estimate rather than halfway: the answer is
        // pinned down by two questions when the estimate is right, by
        // about three from halfway (one solve of each of the 200 fixture
        // deals from East's lead, a fresh solver each: 10% fewer trick
        // nodes, 15% less CPU time; session 24).
        let guess = estimate_ns_tricks(&board.hands.map(Hand), strain, left);
        let ns = self.ns_tricks(board.clone(), Some(guess));
        let tricks = if board.to_move() & 1 == 0 {
            ns
        } else {
            left - ns
        };
        tricks as u8
    }

    /// Whether the side to move takes at least `target` of the remaining
    /// tricks (the trick in progress included): one zero-window search,
    /// cheaper than the exact count when only a contract's fate matters
    /// (the bidding's placement asks "does it make?").
    pub fn reaches(&mut self, position: &Position, strain: Strain, target: u8) -> bool {
        let board = position.board(strain);
        let left = board.tricks_left() as i32;
        let mover_is_ns = board.to_move() & 1 == 0;
        let ns_target = if mover_is_ns {
            i32::from(target)
        } else {
            left - i32::from(target) + 1
        };
        let mut search = self.search(board);
        let ns_reach = search.ns_reaches(ns_target);
        let (nodes, trick_nodes) = (search.nodes, search.trick_nodes);
        self.nodes += nodes;
        self.trick_nodes += trick_nodes;
        ns_reach == mover_is_ns
    }

    /// Every legal card of the side to move with the tricks that side takes
    /// (of the remaining ones, the current trick included) after playing
    /// it — the "all cards" mode of solvers. Cards come in hand order.
    ///
    /// Done as DDS's `SolveBoard` does it with solutions 3: the cards not
    /// yet valued are searched together from the position itself, which
    /// finds the best of them and its value; that card is then set aside
    /// and the rest searched again from that value down. A card worth as
    /// much as the one before costs one question ("does one of the rest
    /// still reach it?"), and every card is bounded from above by the
    /// questions that failed for all the rest at once. Solving each card
    /// on its own from the previous card's value (two questions a card
    /// when the guess is right, three when it is a trick too low) searched
    /// 1.6% more trick nodes over the first 40 fixture deals (5,617,444
    /// against 5,528,763). Keeping each card's own bounds as well, so that
    /// a card refuted at a value is not tried at it again, saved 0.01%
    /// more: the table already answers such a card at once. Nor is an
    /// order learnt from the questions better than generate's: after a
    /// question every card left failed, the cards whose refutation took
    /// the most trick nodes tried first (they came closest to the value
    /// asked, one more than the next question's) searched 0.7% more trick
    /// nodes over the first 40 fixture deals (5,566,547), the cheapest
    /// first 1.6% more (5,617,728; session 36).
    ///
    /// Not kept either: solving the position first, to bound the cards by
    /// its value, before solving each card on its own (1.2% more trick
    /// nodes over the 200 fixture deals), nor DDS's "lowest winning rank"
    /// at this root (session 33): a card whose count rests only on higher
    /// cards of its suit gives its value to our cards of that suit below
    /// those, unsolved. Few qualify (28 of 305 solves on the first 30
    /// deals, the answers resting on small cards too), and those few
    /// cost nothing already, their positions answered by the table:
    /// all-cards trick nodes of the first 100 deals 15,056,399 ->
    /// 15,056,402.
    pub fn card_values(&mut self, position: &Position, strain: Strain) -> Vec<(Card, u8)> {
        let board = position.board(strain);
        let left = board.tricks_left();
        let seat = board.to_move();
        let hand = board.hands[seat];
        let live = board.live();
        let mut moves = MoveList::new();
        generate(&board, None, None, &mut moves);
        let mut rest = moves.cards[..moves.len].to_vec();
        let ns_moves = seat & 1 == 0;
        // Tricks of the side to move, and the North-South target that
        // asks whether it takes at least `own`.
        let ns_target = |own: u32| if ns_moves { own } else { left + 1 - own };
        let estimate = estimate_ns_tricks(&board.hands.map(Hand), strain, left);
        let mut guess = if ns_moves { estimate } else { left - estimate };
        // No card left is worth more than the last one set aside.
        let mut ceiling = left;
        let mut values = Vec::new();
        while !rest.is_empty() {
            let (mut lo, mut hi) = (0, ceiling);
            let mut best = None;
            while lo < hi {
                let own = guess.clamp(lo + 1, hi);
                let mut search = self.search(board.clone());
                let found = search.root_settles(ns_target(own) as i32, &rest);
                let (nodes, trick_nodes) = (search.nodes, search.trick_nodes);
                self.nodes += nodes;
                self.trick_nodes += trick_nodes;
                if let Some(i) = found {
                    (lo, best, guess) = (own, Some(i), own + 1);
                } else {
                    (hi, guess) = (own - 1, own - 1);
                }
            }
            // The best card left is worth `lo`; with none reaching a trick,
            // every card left is worth none.
            let valued = match best {
                Some(i) => vec![rest.remove(i)],
                None => std::mem::take(&mut rest),
            };
            for card in valued {
                let mut seq = sequence_of(card, hand, live);
                while seq != 0 {
                    let bit = seq.trailing_zeros();
                    seq &= seq - 1;
                    if let Some(c) = Card::from_bit(bit) {
                        values.push((c, lo as u8));
                    }
                }
            }
            (ceiling, guess) = (lo, lo);
        }
        values.sort_by_key(|&(card, _)| card);
        values
    }

    /// The full table: tricks for each of the four declarers in each of the
    /// five strains, from the opening lead, with this solver alone (see
    /// [`dd_table`] for several threads). The hands must be of equal
    /// length (a full deal, or an end position at a trick boundary).
    pub fn dd_table(&mut self, deal: &Deal) -> Result<DdTable, PositionError> {
        dd_table(std::slice::from_mut(self), deal)
    }

    /// One strain's row of the table: tricks for each declarer (indexed by
    /// `Seat as usize`). Strains are independent, so callers with several
    /// threads can give each its own solver and strains.
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> Result<[u8; 4], PositionError> {
        let mut tricks = [0u8; 4];
        // North and South usually take the same number of tricks whoever
        // declares, and so do East and West: each solve starts from the
        // previous answer.
        let mut guess = estimate_ns(deal, strain);
        for declarer in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let start = Position::new(deal, declarer.next())?;
            let board = start.board(strain);
            let left = board.tricks_left();
            // From East on, North-South have the opening lead, which is
            // often worth a trick to them: a guess one trick too high costs
            // nothing (see [`estimate_ns_tricks`]), one too low a question
            // (0.5% fewer trick nodes in the tables of the 60 first fixture
            // deals).
            if declarer == Seat::East {
                guess += 1;
            }
            let ns = self.ns_tricks(board, Some(guess));
            guess = ns;
            let own = if declarer.side() == Side::NorthSouth {
                ns
            } else {
                left - ns
            };
            tricks[declarer as usize] = own as u8;
        }
        Ok(tricks)
    }
}

/// A rough guess of North-South's tricks, to start the first search of a
/// strain near the answer: about a trick per 2.5 high-card points above
/// half the deck, plus 0.6 of a trick per trump beyond an 8-card fit
/// (least squares on the first solve of each strain over the 200 fixture
/// deals, East on lead), and half a trick more. The search asks "at
/// least the guess?" and then one trick further up or down until the
/// answer flips, so a guess one above the answer asks the same two
/// questions as the answer itself, while one below asks an extra one:
/// the best guess lies half a trick above the expected count. Over the
/// 200 fixture deals, with the table's guess for East raised a trick
/// ([`Solver::strain_tricks`]), 0.8% fewer trick nodes in the tables and
/// 0.4% fewer in the all-cards solves than a trick per 3 points, half a
/// trick per trump and no half trick more (session 24). In notrump the
/// guess runs a trick high (error +1.2 on average over the 200 deals,
/// North declaring), yet a guess a trick higher still searched 0.8% fewer
/// trick nodes in the notrump solves of the first 100 fixture deals, but
/// over all 200 0.1% fewer there and 0.5% more in the all-cards solves;
/// lower guesses cost more (-0.5: +0.5% and +1.3%): not kept (session
/// 37, groups of 256 patterns in the table). DDS starts from 7 tricks
/// for the side to move: from half the tricks here, 1.1% more all-cards
/// trick nodes on the first 60 deals.
fn estimate_ns(deal: &Deal, strain: Strain) -> u32 {
    estimate_ns_tricks(&deal.hands, strain, deal.hands[0].len() as u32)
}

/// [`estimate_ns`] for hands holding `tricks` tricks' worth of cards.
fn estimate_ns_tricks(hands: &[Hand; 4], strain: Strain, tricks: u32) -> u32 {
    let hcp = (hands[0].hcp() + hands[2].hcp()) as i32;
    let total: i32 = hands.iter().map(|h| h.hcp() as i32).sum();
    let cards = tricks as i32;
    let mut est = cards as f32 / 2.0 + 0.5 + (hcp - total / 2) as f32 * 0.4;
    if let Some(suit) = strain.trump() {
        let ns = (hands[0].suit_len(suit) + hands[2].suit_len(suit)) as i32;
        let ew = (hands[1].suit_len(suit) + hands[3].suit_len(suit)) as i32;
        est += (ns - ew) as f32 * 0.6;
    }
    est.round().clamp(0.0, cards as f32) as u32
}

/// Strains in the order the table's threads take them: notrump, usually
/// the longest to solve, first, so that the others fill in around it.
const STRAIN_ORDER: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// Solvers for `threads` threads (at least one): DDS's `SetMaxThreads`.
pub fn solvers(threads: usize) -> Vec<Solver> {
    (0..threads.max(1)).map(|_| Solver::new()).collect()
}

/// The double-dummy table of a deal — DDS's `CalcDDtable` — with one
/// thread per solver given, started for this call alone. Each thread
/// takes the next strain not yet taken, so that a thread that finishes
/// early does not sit idle while another has two strains left (one
/// solver: no extra thread; none: a small one of its own).
pub fn dd_table(solvers: &mut [Solver], deal: &Deal) -> Result<DdTable, PositionError> {
    type Rows = Vec<(Strain, [u8; 4])>;
    let mut table = DdTable::default();
    let rows: Vec<Result<Rows, PositionError>> = if solvers.len() <= 1 {
        let mut one = Solver::with_table_bits(0);
        let solver = solvers.first_mut().unwrap_or(&mut one);
        vec![
            STRAIN_ORDER
                .iter()
                .map(|&s| solver.strain_tricks(deal, s).map(|t| (s, t)))
                .collect(),
        ]
    } else {
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let handles: Vec<_> = solvers
                .iter_mut()
                .map(|solver| {
                    let next = &next;
                    scope.spawn(move || {
                        let mut rows = Rows::new();
                        while let Some(&strain) =
                            STRAIN_ORDER.get(next.fetch_add(1, Ordering::Relaxed))
                        {
                            rows.push((strain, solver.strain_tricks(deal, strain)?));
                        }
                        Ok(rows)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(Err(PositionError::Empty)))
                .collect()
        })
    };
    for row in rows {
        for (strain, tricks) in row? {
            for seat in Seat::ALL {
                table.set(seat, strain, tricks[seat as usize]);
            }
        }
    }
    Ok(table)
}
