//! The solver's own board: four hands as 52-bit sets (bit `16 * suit + rank`,
//! the layout of `bridge::Hand`) plus the trick in progress, with the
//! unchecked play/undo the search uses.

use super::bits::{compress, spread};

/// Strain index meaning "no trumps" (suits are 0..=3, clubs to spades).
pub(crate) const NO_TRUMP: usize = 4;

/// The 13 rank bits (2..=14) of one suit's 16-bit field.
pub(crate) const SUIT_BITS: u16 = 0x7ffc;

/// The rank bits of all four suits in a 52-bit card set.
pub(crate) const ALL_SUIT_BITS: u64 = 0x7ffc_7ffc_7ffc_7ffc;

/// Suit of a card index (`16 * suit + rank`).
#[inline]
pub(crate) fn suit_of(card: u8) -> usize {
    (card >> 4) as usize
}

/// Rank (2..=14) of a card index.
#[inline]
pub(crate) fn rank_of(card: u8) -> u8 {
    card & 15
}

/// One suit's rank mask of a 52-bit card set.
#[inline]
pub(crate) fn suit_mask(set: u64, suit: usize) -> u16 {
    (set >> (16 * suit)) as u16
}

/// Highest set bit of a non-zero 16-bit mask.
#[inline]
pub(crate) fn top_bit(mask: u16) -> u8 {
    15 - mask.leading_zeros() as u8
}

/// Does `card` beat `best`, the card currently winning the trick?
#[inline]
pub(crate) fn beats(card: u8, best: u8, trump: usize) -> bool {
    let (cs, bs) = (suit_of(card), suit_of(best));
    if cs == bs {
        rank_of(card) > rank_of(best)
    } else {
        cs == trump
    }
}

/// From-scratch winner of a complete trick (`cards` in play order, led by
/// `leader`): the twin of the running winner [`Board::play`] keeps.
pub(crate) fn trick_winner(cards: &[u8; 4], leader: usize, trump: usize) -> usize {
    let mut best = 0;
    for k in 1..4 {
        let (c, b) = (cards[k], cards[best]);
        let wins = if suit_of(c) == suit_of(b) {
            rank_of(c) > rank_of(b)
        } else {
            suit_of(c) == trump
        };
        if wins {
            best = k;
        }
    }
    (leader + best) & 3
}

/// One trick's cards in play order, with the seat and card winning it
/// after each card.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TrickCards {
    pub cards: [u8; 4],
    pub win_seat: [usize; 4],
    pub win_card: [u8; 4],
}

/// The open-card position the search walks: remaining hands, the cards of
/// the trick in progress (in the order played) and who led it. Completed
/// tricks stay on a stack so that taking a card back restores them.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub hands: [u64; 4],
    /// The four hands together, kept with them: or-ing the hands anew
    /// reads them in 16-byte loads that stall behind the 8-byte store
    /// of the card just played or taken back (7% of the search's cycles).
    pub held: u64,
    pub trump: usize,
    pub leader: usize,
    /// Cards of the current trick played so far (0..=3 between calls).
    pub played: usize,
    /// Tricks completed since the board was set up.
    pub depth: usize,
    stack: [TrickCards; 14],
    /// The relative ranks at the start of each trick so far, made from
    /// the previous trick's when asked for (see [`Board::lanes`]).
    lanes: [Lanes; 14],
}

/// Who holds which cards by relative rank, at a trick start: what the
/// transposition table keys on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lanes {
    /// Per suit, the seat holding each card, two bits a card in rank
    /// order, the lowest card in the lowest bits: a 32-bit lane a suit,
    /// clubs lowest. One 128-bit word rather than four lanes in memory:
    /// the lanes' 4-byte updates stalled the 16-byte copy that follows
    /// them (a quarter of the cycles of [`Board::lanes`]).
    pub owners: u128,
    /// Suit lengths, 4 bits for each suit and seat at `4 * (4 * suit + seat)`.
    pub lengths: u64,
}

/// From-scratch twin of [`Board::lanes`].
pub(crate) fn lanes_of(hands: &[u64; 4]) -> Lanes {
    let mut lengths = 0u64;
    let mut owners = 0u128;
    for suit in 0..4 {
        let h = hands.map(|hand| suit_mask(hand, suit));
        for (seat, &mask) in h.iter().enumerate() {
            lengths |= u64::from(mask.count_ones()) << (4 * (4 * suit + seat));
        }
        let all = h[0] | h[1] | h[2] | h[3];
        // The seat number's two bits, each compressed over the suit's cards.
        let odd = compress(h[1] | h[3], all);
        let high = compress(h[2] | h[3], all);
        let lane = spread(odd) | spread(high) << 1;
        owners |= u128::from(lane) << (32 * suit);
    }
    Lanes { owners, lengths }
}

impl Board {
    pub fn new(hands: [u64; 4], trump: usize, leader: usize) -> Board {
        let mut lanes = [Lanes::default(); 14];
        lanes[0] = lanes_of(&hands);
        Board {
            hands,
            held: hands[0] | hands[1] | hands[2] | hands[3],
            trump,
            leader,
            played: 0,
            depth: 0,
            stack: [TrickCards::default(); 14],
            lanes,
        }
    }

    /// The relative ranks at this trick start (`played == 0`), made from
    /// the previous trick start's by taking out the four cards played
    /// since: a fraction of recomputing them (which cost 9% of the
    /// instructions). The search asks at every trick start it expands, so
    /// the previous one's are always ready. The four suits' lanes are
    /// updated apart, in a `[u32; 4]`, sparing the variable 128-bit
    /// shifts. Session 31 tried that and read the lanes back as one
    /// 16-byte load, which stalled on their 4-byte stores: 2.1% fewer
    /// instructions in all (cachegrind, `turbobridge bench --only tables
    /// --deals 3`) but not faster in CPU time (nine rounds alternated on a
    /// loaded machine, medians of `bench --only tables --deals 15`: 2999
    /// against 2949 ms, `--only cards --deals 50`: 3208 against 3267 ms);
    /// two 64-bit halves chosen by the suit cost more instructions (228
    /// against 185 million). Put back together lane by lane instead
    /// (session 35): 249 -> 186 million instructions here, 2.4% fewer in
    /// all, and CPU milliseconds alternated on a loaded machine, medians
    /// of `bench --only tables --deals 20` 3754 against 3796 (16 runs
    /// each), `--only cards --deals 60` 3956 against 4208 (7 runs).
    pub fn lanes(&mut self) -> &Lanes {
        debug_assert_eq!(self.played, 0);
        if self.depth > 0 {
            let t = &self.stack[self.depth - 1];
            let prev = self.lanes[self.depth - 1];
            let mut lengths = prev.lengths;
            let mut lane = [0, 32, 64, 96].map(|shift| (prev.owners >> shift) as u32);
            let mut held = self.held;
            for &card in &t.cards {
                held |= 1u64 << card;
            }
            // `win_seat[0]` is the trick's leader.
            let leader = t.win_seat[0];
            for (k, &card) in t.cards.iter().enumerate() {
                held &= !(1u64 << card);
                let suit = suit_of(card);
                let below = suit_mask(held, suit) & ((1u16 << rank_of(card)) - 1);
                let low = (1u32 << (2 * below.count_ones())) - 1;
                let l = lane[suit];
                lane[suit] = (l & low) | ((l >> 2) & !low);
                lengths -= 1u64 << (4 * (4 * suit + ((leader + k) & 3)));
            }
            // Put together lane by lane, each a 4-byte load of its own.
            let owners = u128::from(lane[0])
                | u128::from(lane[1]) << 32
                | u128::from(lane[2]) << 64
                | u128::from(lane[3]) << 96;
            self.lanes[self.depth] = Lanes { owners, lengths };
        }
        debug_assert_eq!(self.lanes[self.depth], lanes_of(&self.hands));
        &self.lanes[self.depth]
    }

    /// The trick in progress.
    #[inline]
    pub fn current(&self) -> &TrickCards {
        &self.stack[self.depth]
    }

    /// Seat to play the next card.
    #[inline]
    pub fn to_move(&self) -> usize {
        (self.leader + self.played) & 3
    }

    /// Cards still in play for rank purposes: all unplayed cards plus the
    /// card winning the current trick so far. The other cards on the table
    /// are dead: beaten already, they cannot win this trick and are gone
    /// after it, so two cards with only dead cards between them are the
    /// same card to every player.
    #[inline]
    pub fn live(&self) -> u64 {
        let live = self.held;
        debug_assert_eq!(
            live,
            self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        );
        if self.played == 0 {
            live
        } else {
            live | 1u64 << self.winning().0
        }
    }

    /// Suit led to the current trick (only meaningful when `played > 0`).
    #[inline]
    pub fn lead_suit(&self) -> usize {
        suit_of(self.current().cards[0])
    }

    /// Card and seat winning the current trick so far (`played > 0`).
    #[inline]
    pub fn winning(&self) -> (u8, usize) {
        let t = self.current();
        (t.win_card[self.played - 1], t.win_seat[self.played - 1])
    }

    /// Tricks still to be completed, counting the one in progress.
    #[inline]
    pub fn tricks_left(&self) -> u32 {
        self.hands[self.leader].count_ones() + u32::from(self.played > 0)
    }

    /// Plays `card` for the seat to move; returns the trick's winner when
    /// this card completes the trick (the board then starts the next
    /// trick, led by that winner).
    #[inline]
    pub fn play(&mut self, card: u8) -> Option<usize> {
        let seat = self.to_move();
        debug_assert!(self.hands[seat] & (1u64 << card) != 0, "card not held");
        self.hands[seat] &= !(1u64 << card);
        self.held &= !(1u64 << card);
        let k = self.played;
        let trump = self.trump;
        let t = &mut self.stack[self.depth];
        t.cards[k] = card;
        if k == 0 || beats(card, t.win_card[k - 1], trump) {
            t.win_seat[k] = seat;
            t.win_card[k] = card;
        } else {
            t.win_seat[k] = t.win_seat[k - 1];
            t.win_card[k] = t.win_card[k - 1];
        }
        if k == 3 {
            let winner = t.win_seat[3];
            debug_assert_eq!(
                winner,
                trick_winner(&t.cards, self.leader, trump),
                "incremental trick winner"
            );
            self.played = 0;
            self.leader = winner;
            self.depth += 1;
            Some(winner)
        } else {
            self.played = k + 1;
            None
        }
    }

    /// Takes back the last card; `prev_leader` is the leader of the trick it
    /// belonged to (needed when that card completed a trick).
    #[inline]
    pub fn undo(&mut self, prev_leader: usize) {
        let (seat, card) = if self.played == 0 {
            self.depth -= 1;
            self.leader = prev_leader;
            self.played = 3;
            ((prev_leader + 3) & 3, self.stack[self.depth].cards[3])
        } else {
            self.played -= 1;
            (
                (self.leader + self.played) & 3,
                self.stack[self.depth].cards[self.played],
            )
        };
        self.hands[seat] |= 1u64 << card;
        self.held |= 1u64 << card;
    }

    /// The winning card of the trick just completed if it outranked another
    /// card of its suit (then its rank mattered), else nothing.
    #[inline]
    pub fn last_trick_rank(&self) -> u64 {
        let t = &self.stack[self.depth - 1];
        let win = t.win_card[3];
        let same = t
            .cards
            .iter()
            .filter(|&&c| suit_of(c) == suit_of(win))
            .count();
        if same > 1 { 1u64 << win } else { 0 }
    }

    /// Legal cards of the seat to move: follow suit when able.
    #[inline]
    pub fn legal(&self) -> u64 {
        let hand = self.hands[self.to_move()];
        if self.played == 0 {
            return hand;
        }
        let suit = self.lead_suit();
        let follow = hand & (u64::from(SUIT_BITS) << (16 * suit));
        if follow != 0 { follow } else { hand }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Deal;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Random play-outs: every trick's running winner matches the
    /// from-scratch one, and undoing all cards restores the deal.
    #[test]
    fn play_and_undo_are_twins_of_from_scratch() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let deal = Deal::random(&mut rng);
            let hands = deal.hands.map(|h| h.0);
            let trump = rng.random_range(0..5);
            let mut board = Board::new(hands, trump, rng.random_range(0..4));
            let mut leaders = Vec::new();
            for _ in 0..52 {
                let legal = board.legal();
                let cards: Vec<u8> = (0..64u8).filter(|&b| legal >> b & 1 != 0).collect();
                let card = cards[rng.random_range(0..cards.len())];
                leaders.push(board.leader);
                if let Some(winner) = board.play(card) {
                    let lanes = *board.lanes();
                    assert_eq!(lanes, lanes_of(&board.hands));
                    let t = &board.stack[board.depth - 1];
                    assert_eq!(
                        winner,
                        trick_winner(&t.cards, *leaders.last().unwrap_or(&0), trump)
                    );
                }
            }
            while let Some(leader) = leaders.pop() {
                board.undo(leader);
            }
            assert_eq!(board.hands, hands);
            assert_eq!(board.held, hands[0] | hands[1] | hands[2] | hands[3]);
            assert_eq!(board.played, 0);
        }
    }
}
