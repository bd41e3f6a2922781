//! Move generation for the search: equivalent cards played once, and the
//! heuristic ordering that makes alpha-beta cut early.
//!
//! Two cards of one hand are equivalent when no live card of another hand
//! lies between them (the card winning the current trick counts as live:
//! the others on the table are beaten already). Only the lowest card of
//! each such sequence is searched, the others get the same value: the
//! lowest is what "play low" means, and the cheapest way to win.

use super::bits::{compress, deposit};
use super::lead::{Lead, NotrumpLead};
use super::state::{
    ALL_SUIT_BITS, Board, NO_TRUMP, SUIT_BITS, beats, rank_of, suit_mask, suit_of, top_bit,
};

/// Candidate cards of one node, best first after [`MoveList::sort`].
pub(crate) struct MoveList {
    pub cards: [u8; 13],
    scores: [i32; 13],
    pub len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            cards: [0; 13],
            scores: [0; 13],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, card: u8, score: i32) {
        self.cards[self.len] = card;
        self.scores[self.len] = score;
        self.len += 1;
    }

    /// Insertion sort, highest score first (at most 13 entries). Taking
    /// the cards best first from an unsorted list instead, as far as the
    /// search gets (the first card cuts at 97-99% of the nodes), is no
    /// faster: CPU seconds of `turbobridge bench --only tables --deals
    /// 30`, three runs alternated, 2.78/2.67/2.66 against 2.77/2.71/2.61
    /// (session 26). Nor in instructions (session 35, the search taking
    /// the first-pushed best of the cards left each time, the others kept
    /// in order, so the same search): 6.3% more (cachegrind, `turbobridge
    /// bench --only tables --deals 3`, 2,630,015,988 -> 2,796,650,668),
    /// the nodes whose every card is refuted paying a scan per card.
    /// Nor (session 39) one key per card, the score times 16 with the push
    /// index below it, the cards put in order after the sort: the same
    /// search, 2.8% more instructions (callgrind, `bench --only tables
    /// --deals 10`, 9,458,465,835 -> 9,720,828,036; `--only cards --deals
    /// 40` +2.7%).
    fn sort(&mut self) {
        for i in 1..self.len {
            let (c, s) = (self.cards[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                self.cards[j] = self.cards[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.cards[j] = c;
            self.scores[j] = s;
        }
    }
}

/// The lowest card of each sequence of `hand` among the `live` cards, in
/// all four suits at once: the representative a follow plays, so that
/// "play low" orders and spends the cheapest card.
#[inline]
pub(crate) fn sequence_bottoms(hand: u64, live: u64) -> u64 {
    // A card starts its sequence when the next live card down is not ours.
    // The dead cards (played, or beaten on the table) are transparent: the
    // carry of adding the square just above each of our cards runs up
    // through a dead stretch and lands on the next live square, marking
    // the live cards whose next live card down is ours. A carry never
    // leaves its suit: rank bits 0, 1 and 15 are never dead.
    let dead = ALL_SUIT_BITS & !live;
    let above_ours = ((hand << 1) + dead) & !dead;
    let bottoms = hand & !above_ours;
    debug_assert!((0..4).all(|suit| {
        suit_mask(bottoms, suit)
            == sequence_bottoms_slow(suit_mask(hand, suit), suit_mask(live, suit))
    }));
    bottoms
}

/// Card-by-card twin of [`sequence_bottoms`].
fn sequence_bottoms_slow(hand: u16, live: u16) -> u16 {
    let mut bottoms = 0u16;
    let mut rest = hand;
    while rest != 0 {
        let r = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let below = live & ((1u16 << r) - 1);
        if below == 0 || hand & (1u16 << top_bit(below)) == 0 {
            bottoms |= 1u16 << r;
        }
    }
    bottoms
}

/// The cards of `hand` equivalent to `card` (its whole sequence among
/// `live` cards), as a 52-bit set.
pub(crate) fn sequence_of(card: u8, hand: u64, live: u64) -> u64 {
    let suit = suit_of(card);
    let l = suit_mask(live, suit);
    // In rank order over the live cards, the run of our cards through
    // the card's place.
    let ours = u64::from(compress(suit_mask(hand, suit), l));
    let place = (l & ((1u16 << rank_of(card)) - 1)).count_ones();
    let up = (!(ours >> place)).trailing_zeros();
    let down = if place == 0 {
        0
    } else {
        (ours << (64 - place)).leading_ones()
    };
    let run = ((1u64 << (up + down)) - 1) << (place - down);
    let seq = u64::from(deposit(run as u32, l)) << (16 * suit);
    debug_assert_eq!(seq, sequence_of_slow(card, hand, live));
    seq
}

/// The highest card of the sequence of `hand` whose lowest card is
/// `card`, given the `bottoms` of all its sequences
/// ([`sequence_bottoms`]): every card below the next bottom up.
#[inline]
pub(crate) fn sequence_top(card: u8, hand: u64, bottoms: u64) -> u8 {
    let suit = suit_of(card);
    let above = suit_mask(bottoms, suit) & !((2u16 << rank_of(card)) - 1);
    let below_next = if above == 0 {
        u16::MAX
    } else {
        (above & above.wrapping_neg()) - 1
    };
    let top = top_bit(suit_mask(hand, suit) & below_next);
    debug_assert_eq!(bottoms >> card & 1, 1);
    top
}

/// Card-by-card twin of [`sequence_of`].
fn sequence_of_slow(card: u8, hand: u64, live: u64) -> u64 {
    let suit = suit_of(card);
    let h = suit_mask(hand, suit);
    let l = suit_mask(live, suit);
    let mut seq = 0u16;
    // Walk down from the card while the next lower live card is ours.
    let mut r = rank_of(card);
    seq |= 1u16 << r;
    loop {
        let below = l & ((1u16 << r) - 1);
        if below == 0 {
            break;
        }
        let next = top_bit(below);
        if h & (1u16 << next) == 0 {
            break;
        }
        seq |= 1u16 << next;
        r = next;
    }
    // ... and up while the next higher live card is ours.
    let mut r = rank_of(card);
    loop {
        let above = l & (u16::MAX << (r + 1)) & SUIT_BITS;
        if above == 0 {
            break;
        }
        let next = above.trailing_zeros() as u8;
        if h & (1u16 << next) == 0 {
            break;
        }
        seq |= 1u16 << next;
        r = next;
    }
    u64::from(seq) << (16 * suit)
}

/// Ordered candidate moves for the seat to move. `hint` is the
/// transposition table's best move: tried first when it comes from an
/// entry matching this position (`true`), given a bonus of [`LOOSE`] when
/// it only comes from a position of the same shape; `killer` (the
/// last lead that refuted a trick start at this depth) gets a bonus of
/// [`KILLER`] on top of its heuristic value (in notrump, DDS's bonus:
/// see [`NotrumpLead`]).
pub(crate) fn generate(
    board: &Board,
    hint: Option<(u8, bool)>,
    killer: Option<u8>,
    list: &mut MoveList,
) {
    let legal = board.legal();
    let seat = board.to_move();
    let bottoms = sequence_bottoms(board.hands[seat], board.live());
    let reps_all = bottoms & legal;
    list.len = 0;
    // A single sequence to choose from needs no ordering.
    if board.played > 0 {
        let suit = board.lead_suit();
        let reps = suit_mask(reps_all, suit);
        if reps != 0 && reps & (reps - 1) == 0 {
            list.push((16 * suit as u8) | top_bit(reps), 0);
            return;
        }
    }
    // Tried and not kept (session 30, commits d7c2dbe, d2a1c66, 19b0e79,
    // reverted): a follow in the suit led pushed in score order straight
    // from rank masks (no scores, no sort), DDS's second-hand weights
    // given generate's live cards and sequence bottoms, the bonus loop
    // skipped without hint or killer, the trump-length count passed to
    // later_tricks_cap, Board::lanes on 64-bit halves and the follow node
    // always inlined. The same nodes and 6.7% fewer instructions
    // (cachegrind, `turbobridge bench --deals 5`: 6,169,380,219 ->
    // 5,756,390,387), all-cards 5% less CPU time (`bench --only cards
    // --deals 100`, two runs alternated: 7.26/7.03 s against 7.65/7.50),
    // but tables 7% more (`--only tables --deals 30`, seven alternated:
    // mean 6.80 s against 6.35; dds_compare.py --repeat 1: tables 0.820
    // against 0.794 of DDS, all-cards 0.774 against 0.813). Each step
    // alone was not timed; even the first looked slower on tables.
    // Session 39 brought back the first (below, third and fourth hand
    // following suit), judged by instructions: the same trick nodes, and
    // callgrind `turbobridge bench --only tables --deals 10` 9,802,498,159
    // -> 9,586,465,655 (-2.2%), `--only cards --deals 40` 12,688,031,989
    // -> 12,393,733,275 (-2.3%).
    // Leads and follows in loops of their own, the follow's over the
    // whole card mask at once: the per-card choice between the two kinds
    // of scoring, and the bonuses tested at every card, cost 7% of the
    // instructions.
    // DDS's notrump lead weights ([`NotrumpLead`]); ours in suit
    // contracts, where DDS's did worse in the tables.
    let notrump_lead = board.played == 0 && board.trump == NO_TRUMP;
    if notrump_lead {
        let hand = board.hands[seat];
        for suit in 0..4 {
            let mut reps = suit_mask(reps_all, suit);
            if reps == 0 {
                continue;
            }
            let weights = NotrumpLead::new(board, seat, suit);
            while reps != 0 {
                let r = top_bit(reps);
                reps &= !(1u16 << r);
                let card = (16 * suit as u8) | r;
                let top = sequence_top(card, hand, bottoms);
                let lead = Lead {
                    top,
                    several: top != r,
                    killer: killer == Some(card),
                };
                list.push(card, weights.score(&lead));
            }
        }
    } else if board.played == 0 {
        // Suits pushed clubs first, so ties go to the lower suit. The
        // trump suit pushed last instead (clubs trumps, where we search
        // most against DDS, 1.10 times its all-cards trick nodes against
        // 1.02 in spades): the first 40 fixture deals, all strains, 0.5%
        // more all-cards trick nodes and 0.3% fewer in the four
        // declarers' solves; not kept (session 37).
        for suit in 0..4 {
            let mut reps = suit_mask(reps_all, suit);
            if reps == 0 {
                continue;
            }
            let lead = LeadSuit::new(board, seat, suit, reps);
            while reps != 0 {
                let r = top_bit(reps);
                reps &= !(1u16 << r);
                list.push((16 * suit as u8) | r, lead.score(r));
            }
        }
    } else {
        // A follow has no table move nor killer: scored and sorted here.
        // DDS's second-hand weights, in notrump and while trumps are out
        // in a suit contract (without trumps left there, ours: not
        // measured otherwise), each with a loop of its own: a follow
        // node holding all three kinds of weights, picked per card, cost
        // 4% of the instructions in copying and matching it.
        let hand = board.hands[seat];
        let led = board.lead_suit();
        let second_follows = board.played == 1 && suit_mask(hand, led) != 0;
        let trump = board.trump;
        if second_follows && trump == NO_TRUMP {
            let second = NotrumpSecond::new(board, seat, bottoms);
            push_scored(list, reps_all, |card| second.score(card, hand));
        } else if second_follows && board.held & (0xffffu64 << (16 * trump)) != 0 {
            let second = SecondHandTrump::new(board, seat, bottoms);
            push_scored(list, reps_all, |card| second.score(card, hand));
        } else {
            let follow = FollowNode::new(board, seat);
            let reps = suit_mask(reps_all, led);
            if reps != 0 {
                follow.follow_in_order(led, reps, list);
                return;
            }
            push_scored(list, reps_all, |card| follow.score(card));
        }
        list.sort();
        return;
    }
    // The bonuses go to one card each.
    if hint.is_none() && killer.is_none() {
        list.sort();
        return;
    }
    for k in 0..list.len {
        let card = list.cards[k];
        match hint {
            Some((best, true)) if best == card => list.scores[k] += 10_000,
            Some((best, false)) if best == card => list.scores[k] += LOOSE,
            _ => {}
        }
        if killer == Some(card) && !notrump_lead {
            list.scores[k] += KILLER;
        }
    }
    list.sort();
}

/// Every card of `reps` with its score, lowest card first.
#[inline(always)]
fn push_scored(list: &mut MoveList, mut reps: u64, score: impl Fn(u8) -> i32) {
    while reps != 0 {
        let card = reps.trailing_zeros() as u8;
        reps &= reps - 1;
        list.push(card, score(card));
    }
}

/// Pushes `mask`'s cards of `suit`, lowest first.
#[inline(always)]
fn push_up(list: &mut MoveList, suit: usize, mut mask: u16) {
    while mask != 0 {
        list.push((16 * suit as u8) | mask.trailing_zeros() as u8, 0);
        mask &= mask - 1;
    }
}

/// Pushes `mask`'s cards of `suit`, highest first.
#[inline(always)]
fn push_down(list: &mut MoveList, suit: usize, mut mask: u16) {
    while mask != 0 {
        let r = top_bit(mask);
        list.push((16 * suit as u8) | r, 0);
        mask &= !(1u16 << r);
    }
}

/// Does `seat` hold a trump?
#[inline]
fn has_trump(board: &Board, seat: usize) -> bool {
    board.trump != NO_TRUMP && suit_mask(board.hands[seat], board.trump) != 0
}

/// The killer lead's bonus: enough to put it ahead of its suit's other
/// cards and of close leads in other suits, not ahead of a clearly better
/// lead (an absolute priority cost 10% more nodes on the fixture deals;
/// with the stronger bounds 25 beats 50 by 1.7% of trick nodes on deals
/// 1-130, and by 1.8% on deals 31-130 alone).
const KILLER: i32 = 25;

/// The bonus of a best move borrowed from a position of the same suit
/// lengths but other cards: a fair guess, not a certainty (as a first
/// choice it cost 5% more nodes on the fixture deals). 80 rather than 50
/// once discards stopped favouring long suits: 0.9% fewer trick nodes
/// over the 200 fixture deals, tables and all-cards alike. In notrump,
/// where DDS's lead weights are on a smaller scale (its own bonus for
/// such a move is 19-32), 40 instead: over the 200 fixture deals in
/// notrump (a fresh solver per deal, all-cards from East's lead and the
/// four declarers' solves) 0.6% fewer all-cards trick nodes (27,069,624
/// -> 26,902,318) and 0.1% fewer in the solves (21,547,516 ->
/// 21,528,806), but all of it on the first 60 deals (-1.9%), 0.1% on
/// the other 140: not kept (session 37, groups of 256 patterns; so were
/// the measurements of session 37 noted in this module and in `search`).
const LOOSE: i32 = 80;

/// Lead penalty per card an opponent may choose from in the suit led (a
/// void opponent may throw any card): the smallest subtree refutes
/// soonest, so DDS weighs leads the same way. Tuned on node counts of the
/// fixture deals (12 to 20 do equally well).
const LEAD_TREE: i32 = 12;

/// How a lead's rank counts within its suit.
enum LeadRank {
    /// Cash a winner: the winning sequence best (its lowest card, the one
    /// searched).
    Cash(u8),
    /// Low to partner's winner.
    Low,
    /// The opponents hold the top card: the top of a strong sequence
    /// (second-best card) or else low.
    Second(u8),
}

/// The heuristic value of leading from one suit in a suit contract: the
/// part every card of the suit shares, worked out once per suit, and how
/// the rank counts.
struct LeadSuit {
    base: i32,
    rank: LeadRank,
}

impl LeadSuit {
    /// `bottoms`: the lowest card of each of our sequences in the suit.
    fn new(board: &Board, seat: usize, suit: usize, bottoms: u16) -> LeadSuit {
        let partner = seat ^ 2;
        let lho = (seat + 1) & 3;
        let rho = (seat + 3) & 3;
        let h = |s: usize| suit_mask(board.hands[s], suit);
        let (mine, pards, left, right) = (h(seat), h(partner), h(lho), h(rho));
        let all = mine | pards | left | right;
        let top = top_bit(all);
        let trump = board.trump;
        let mut base = 0;
        // The card searched for our sequence holding `rank`: its lowest.
        let bottom = |rank: u8| top_bit(bottoms & ((2u16 << rank) - 1));

        if trump != NO_TRUMP && suit != trump {
            // Opponents ruffing our lead is bad; partner ruffing it is good.
            let left_ruffs = left == 0 && has_trump(board, lho);
            let right_ruffs = right == 0 && has_trump(board, rho);
            if left_ruffs || right_ruffs {
                base -= 60;
            } else if pards == 0 && has_trump(board, partner) {
                base += 50;
            }
        }
        // Leading to partner's winner keeps our own; cashing our winner
        // at once is weighed low (measured: fewer nodes than favouring it).
        let rank = if mine & (1 << top) != 0 {
            base += 10;
            LeadRank::Cash(bottom(top))
        } else if pards & (1 << top) != 0 {
            base += 60;
            LeadRank::Low
        } else {
            // Lead through the left-hand opponent's honours rather than
            // into the right-hand one's. Both weights below tuned on trick
            // nodes over the 200 fixture deals (20 and 30 before): 1.7%
            // fewer in the all-cards solves, 1.0% fewer in the tables
            // (10 and 70: 1.1% and 1.8%).
            if right & (1 << top) != 0 {
                base -= 10;
            }
            let rest = all & !(1u16 << top);
            let second = top_bit(rest);
            let third = rest & !(1u16 << second);
            let ours = mine | pards;
            if left & (1 << top) != 0 && pards & (1 << second) != 0 {
                // Partner's second-best card sits over the top card.
                base += 50;
            } else if ours & (1 << second) != 0 && third != 0 && ours & (1 << top_bit(third)) != 0 {
                // Our side wins the next round once the top card is out.
                base += 25;
            }
            LeadRank::Second(if mine & (1 << second) != 0 {
                bottom(second)
            } else {
                second
            })
        };
        // Draw trumps when ours are the stronger ones. A trump lead into
        // the opponents' top trump is not marked down: with that and with
        // the second-best card no longer raised above the rest of its
        // suit's score (0, was 10; the lowest cards score below it all
        // the same), 1.2% fewer trick nodes in the tables and 0.4% fewer
        // in the all-cards solves over the 200 fixture deals (was -15).
        if suit == trump && (mine | pards) & (1 << top) != 0 {
            base += 5;
        }
        // A small subtree refutes soonest: prefer suits in which the
        // opponents have few cards to choose from (a void one may throw
        // any).
        let tricks = board.hands[seat].count_ones() as i32;
        let choices = |len: u32| if len == 0 { tricks + 1 } else { len as i32 };
        base -= LEAD_TREE * (choices(left.count_ones()) + choices(right.count_ones()));
        LeadSuit { base, rank }
    }

    /// Heuristic value of leading the card of rank `rank`.
    #[inline]
    fn score(&self, rank: u8) -> i32 {
        self.base
            + match self.rank {
                LeadRank::Cash(top) if rank == top => 30,
                LeadRank::Cash(_) => 0,
                LeadRank::Low => -i32::from(rank),
                LeadRank::Second(second) if rank == second => 0,
                LeadRank::Second(_) => -i32::from(rank) / 2,
            }
    }
}

/// What a later opponent in the trick can do against our card.
#[derive(Clone, Copy)]
enum Reach {
    /// Nobody: we are last, or only partner is still to play.
    Nothing,
    /// Follows suit, with this top rank.
    Follows(u8),
    /// Void in the suit led, and ruffs with this top trump.
    Ruffs(u8),
}

/// The trick so far, against which every candidate card of a follow
/// (second to fourth hand) is judged: worked out once per node.
struct FollowNode {
    trump: usize,
    led: usize,
    best: u8,
    partner_wins: bool,
    /// Partner surely wins the trick: winning it already with no opponent
    /// to beat it, or last to play over second hand's card and third's.
    partner_holds: bool,
    third_hand: bool,
    /// The next seat, an opponent, when still to play.
    next: Reach,
    hand: u64,
    /// What a card of length is worth to a discard (see
    /// [`FollowNode::score`]).
    length_weight: i32,
}

impl FollowNode {
    fn new(board: &Board, seat: usize) -> FollowNode {
        let trump = board.trump;
        let led = board.lead_suit();
        let (best, winner) = board.winning();
        let next = if board.played == 3 {
            Reach::Nothing
        } else {
            let hand = board.hands[(seat + 1) & 3];
            let follow = suit_mask(hand, led);
            let trumps = if trump == NO_TRUMP {
                0
            } else {
                suit_mask(hand, trump)
            };
            if follow != 0 {
                Reach::Follows(top_bit(follow))
            } else if trumps != 0 {
                Reach::Ruffs(top_bit(trumps))
            } else {
                Reach::Nothing
            }
        };
        // Second hand: partner, last to play, wins the trick whatever third
        // hand does.
        let partner_covers = board.played == 1 && {
            let pards = suit_mask(board.hands[seat ^ 2], led);
            let cover = match next {
                Reach::Follows(top) => top.max(rank_of(best)),
                Reach::Ruffs(_) => 16,
                Reach::Nothing => rank_of(best),
            };
            suit_of(best) == led && pards != 0 && top_bit(pards) > cover
        };
        let mut node = FollowNode {
            trump,
            led,
            best,
            partner_wins: winner == seat ^ 2,
            partner_holds: partner_covers,
            third_hand: board.played == 2,
            next,
            hand: board.hands[seat],
            length_weight: if trump == NO_TRUMP { 2 } else { 1 },
        };
        node.partner_holds |= node.partner_wins && !node.beaten(best);
        node
    }

    /// The cards of the suit led, `reps` (two sequences or more), in the
    /// order [`FollowNode::score`] sorts them, worked out on whole rank
    /// masks: its scores for a card following suit fall into classes
    /// whose ranges never overlap (the sure winners, 66-78, above third
    /// hand's winners for now, 47-59, above the rest, 26-38; partner
    /// holding the trick, all 36-48), each ordered by rank alone, and a
    /// follow gets no bonus, so nothing needs scoring or sorting.
    #[inline(always)]
    fn follow_in_order(&self, suit: usize, reps: u16, list: &mut MoveList) {
        debug_assert_eq!(suit, self.led);
        if self.partner_holds {
            push_up(list, suit, reps);
        } else {
            let winners = if suit_of(self.best) == suit {
                reps & !((2u16 << rank_of(self.best)) - 1)
            } else {
                0
            };
            // The ranks the opponent still to play beats.
            let beaten = match self.next {
                Reach::Nothing => 0,
                Reach::Follows(top) => (1u16 << top) - 1,
                Reach::Ruffs(_) if suit != self.trump => u16::MAX,
                Reach::Ruffs(top) => (1u16 << top) - 1,
            };
            let sure = winners & !beaten;
            push_up(list, suit, sure);
            if self.third_hand {
                push_down(list, suit, winners & beaten);
                push_up(list, suit, reps & !winners);
            } else {
                push_up(list, suit, reps & !sure);
            }
        }
        debug_assert!({
            let mut sorted = MoveList::new();
            for &card in &list.cards[..list.len] {
                sorted.push(card, self.score(card));
            }
            sorted.sort();
            sorted.cards[..sorted.len] == list.cards[..list.len]
        });
    }

    /// Can the opponent still to play beat `card`?
    #[inline]
    fn beaten(&self, card: u8) -> bool {
        match self.next {
            Reach::Nothing => false,
            Reach::Follows(top) => suit_of(card) == self.led && top > rank_of(card),
            Reach::Ruffs(top) => suit_of(card) != self.trump || top > rank_of(card),
        }
    }

    /// Heuristic value of following (or discarding / ruffing) with `card`.
    fn score(&self, card: u8) -> i32 {
        let suit = suit_of(card);
        let rank = i32::from(rank_of(card));
        let wins_now = beats(card, self.best, self.trump);
        if suit == self.led {
            if self.partner_holds {
                // Partner has the trick: play low.
                return 50 - rank;
            }
            if wins_now && !self.beaten(card) {
                // Cheapest sure winner.
                return 80 - rank;
            }
            if wins_now && self.third_hand {
                // Third hand high: the highest card that wins for now makes
                // fourth hand spend the most.
                return 45 + rank;
            }
            return 40 - rank;
        }
        if suit == self.trump {
            if self.partner_holds {
                return -30 - rank;
            }
            if wins_now {
                return if self.beaten(card) {
                    20 - rank
                } else {
                    70 - rank
                };
            }
            return -40 - rank;
        }
        // A discard: throw low cards, from longer suits a little rather
        // than shorter. Weighing length less (one point a card, not two)
        // and no longer sparing a short suit's top card both refute
        // sooner: over the 200 fixture deals, with the bonus of `LOOSE`
        // raised too, 2.6% fewer trick nodes in the tables and 4.1% fewer
        // in the all-cards solves (dropping the guard alone: 0.5% and
        // 2.7% fewer on samples of 12 tables and 40 all-cards solves).
        // DDS's notrump discards (three points a card of length, a bare
        // top card or a guarded second-best card kept) search 0.65% and
        // 0.3% fewer trick nodes over the 200 fixture deals, but were no
        // faster (session 24: with the better first guesses, CPU seconds
        // of `turbobridge bench --deals 60` alternated three times, 11.95
        // against 11.92 for the guesses' base). In notrump alone, two
        // points a card of length rather than one: 2.0% fewer trick
        // nodes in the notrump rows of the 200 fixture tables and 1.3%
        // fewer in notrump all-cards solves of the 200 deals (in the
        // suit strains two points cost 1.4% more all-cards nodes; three
        // in notrump do no better than two, and the lead marked down
        // when partner is void, as DDS does, gains 0.4% in the
        // all-cards solves and loses 0.1% in the tables; session 25).
        let len = suit_mask(self.hand, suit).count_ones() as i32;
        let mut score = 10 - rank + self.length_weight * len;
        if self.partner_wins {
            score += 5;
        }
        score
    }
}

/// The rank of the highest and of the lowest card of a suit's mask, 0
/// for a void (below every rank, as DDS's weights compare them).
fn highest(m: u16) -> u8 {
    if m == 0 { 0 } else { top_bit(m) }
}

fn lowest(m: u16) -> u8 {
    if m == 0 { 0 } else { m.trailing_zeros() as u8 }
}

/// DDS's weights for second hand following suit in notrump (its
/// `WeightAllocNTNotvoid1`). A sequence counts by its top card, as in
/// DDS. Its third-hand weights (`WeightAllocNTNotvoid2`: low unless the
/// card surely wins, or forces fourth hand's top card out most cheaply)
/// were ported too and not kept: 0.3% fewer all-cards trick nodes over
/// the 200 fixture deals but 3.2% more in the tables of the first 40
/// (session 28). Nor its newer third-hand overtake (partner's winning
/// singleton overtaken with the cheapest card above it when our top cards
/// then run the suit; 20 points over the low cards; session 38): trick
/// nodes of `turbobridge bench`, 200 deals, tables 119,405,701 ->
/// 119,391,899, all-cards 28,177,748 -> 28,135,829, but more instructions
/// (callgrind, `bench --only tables --deals 10` +0.9%, `--only cards
/// --deals 40` +0.4%): the test at every third hand costs more.
///
/// Session 29 ported DDS's other follow weights, each alone (trick nodes
/// of `turbobridge bench` over the 200 fixture deals, tables / all-cards,
/// against 125,073,020 / 28,970,685; no table differed): second hand
/// void in notrump (`WeightAllocNTVoid1`) +0.17% / +0.30%; second hand
/// void in a trump contract (`WeightAllocTrumpVoid1`), its discards
/// −0.17% / +0.12%, its ruffs +2.1% / +3.8%; third hand following in a
/// trump contract (`WeightAllocTrumpNotvoid2`) +0.8% / +2.3%; third hand
/// void in a trump contract (`WeightAllocTrumpVoid2`) −0.12% / −0.28%,
/// but slower in CPU time (`bench --only tables --deals 100`, two runs
/// each alternated: 37.4 and 37.1 s before, 41.2 and 41.7 s after):
/// `generate` grew from 21% to 26% of the samples with the larger
/// follow-node state. None kept: the remaining DDS weights are ±0.3%
/// levers, and the cost of a follow node counts more than that.
struct NotrumpSecond {
    /// Partner, last to play, beats the card led and third hand's cards:
    /// play low.
    low: bool,
    lead: u8,
    /// Third hand's highest card in the suit (0 if void).
    max3: u8,
    /// The lowest cards of third hand and of partner, the higher of the
    /// two (0 if void): a card below it makes no difference.
    floor: u8,
    live: u16,
    bottoms: u64,
}

impl NotrumpSecond {
    /// `bottoms`: the lowest card of each sequence of second hand's.
    fn new(board: &Board, seat: usize, bottoms: u64) -> NotrumpSecond {
        let lead_card = board.current().cards[0];
        let led = suit_of(lead_card);
        let h = |s: usize| suit_mask(board.hands[s & 3], led);
        let (third, pard) = (h(seat + 1), h(seat + 2));
        let lead = rank_of(lead_card);
        let live = board.live();
        NotrumpSecond {
            low: highest(pard) > lead && highest(pard) > highest(third),
            lead,
            max3: highest(third),
            floor: lowest(third).max(lowest(pard)),
            live: suit_mask(live, led),
            bottoms,
        }
    }

    fn score(&self, card: u8, hand: u64) -> i32 {
        let top = sequence_top(card, hand, self.bottoms);
        let rank = i32::from(top);
        if self.low {
            return -rank;
        }
        // The top card's place among the live cards: 1 for the highest.
        let relative = (self.live >> top).count_ones() as i32;
        if top > self.lead && top > self.max3 {
            // Beats the lead and third hand: the cheapest such card.
            81 - rank
        } else if self.floor > top {
            // Makes no difference: very low.
            -3 + relative
        } else if top < self.lead {
            -11 + relative
        } else if top != rank_of(card) {
            // Some willingness to split a sequence.
            10 + relative
        } else {
            13 - rank
        }
    }
}

/// DDS's weights for second hand following suit in a trump contract
/// (its `WeightAllocTrumpNotvoid1`). A sequence counts by its top card.
struct SecondHandTrump {
    lead: u8,
    trump_led: bool,
    max3: u8,
    min3: u8,
    max4: u8,
    min4: u8,
    third_trumps: u16,
    fourth_trumps: u16,
    leader_rest: u16,
    fourth_rest: u16,
    live: u16,
    bottoms: u64,
}

impl SecondHandTrump {
    /// `bottoms`: the lowest card of each sequence of second hand's.
    fn new(board: &Board, seat: usize, bottoms: u64) -> SecondHandTrump {
        let trick = board.current();
        let led = suit_of(trick.cards[0]);
        let trump = board.trump;
        let h = |s: usize, suit: usize| suit_mask(board.hands[s & 3], suit);
        let (third, fourth) = (h(seat + 1, led), h(seat + 2, led));
        let live_all = board.live();
        SecondHandTrump {
            lead: rank_of(trick.cards[0]),
            trump_led: led == trump,
            max3: highest(third),
            min3: lowest(third),
            max4: highest(fourth),
            min4: lowest(fourth),
            third_trumps: h(seat + 1, trump),
            fourth_trumps: h(seat + 2, trump),
            leader_rest: h(seat + 3, led),
            fourth_rest: fourth,
            live: suit_mask(live_all, led),
            bottoms,
        }
    }

    /// Does our side win the trick when we play a card of rank `rank`?
    fn wins(&self, rank: u8) -> bool {
        let (lead, max3, max4) = (self.lead, self.max3, self.max4);
        if self.trump_led {
            return (max4 > lead && max4 > max3) || (rank > lead && rank > max3);
        }
        let third_no_ruff = max3 != 0 || self.third_trumps == 0;
        let fourth_ruffs = max4 == 0 && self.fourth_trumps != 0;
        if rank > lead && rank > max3 {
            third_no_ruff || (fourth_ruffs && self.fourth_trumps > self.third_trumps)
        } else if max4 > lead && max4 > max3 {
            third_no_ruff
        } else if lead > max4 && lead > max3 && lead > rank {
            fourth_ruffs && (third_no_ruff || self.fourth_trumps > self.third_trumps)
        } else {
            fourth_ruffs
        }
    }

    fn score(&self, card: u8, hand: u64) -> i32 {
        let top = sequence_top(card, hand, self.bottoms);
        let rank = i32::from(top);
        let several = top != rank_of(card);
        let relative = (self.live >> top).count_ones() as i32;
        if self.wins(top) {
            if self.min3 > top {
                40 + relative
            } else if self.max4 > self.lead && self.leader_rest > self.fourth_rest {
                41 + relative
            } else if top > self.lead {
                if top < self.max4 {
                    78 - rank
                } else if top > self.max3 {
                    73 - rank
                } else if several {
                    62 - rank
                } else {
                    49 - rank
                }
            } else if self.max4 > 0 {
                47 - rank
            } else {
                40 - rank
            }
        } else if top < self.min3 || top < self.min4 {
            -9 + relative
        } else if top < self.lead {
            -16 + relative
        } else if several {
            22 - rank
        } else {
            10 - rank
        }
    }
}
