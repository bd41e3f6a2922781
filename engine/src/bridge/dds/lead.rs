//! The ordering of notrump leads (the first card of a trick): DDS 2.9's
//! lead weights (its `Moves::WeightAllocNT0`), written anew for our board.
//!
//! Every candidate lead is the representative of a sequence of the
//! leader's hand. DDS judges a sequence by its *top* card (the one its
//! move generator lists), so the weights look at the sequence's top and
//! at that card's place among the suit's live cards (1 for the highest
//! live card, 2 for the next, ...: lower cards weigh more), while the
//! search plays the sequence's lowest card, the same card to everyone.
//!
//! Measured against our own lead ordering ([`super::moves`]'s
//! `LeadSuit`), over the 200 fixture deals (session 28): in notrump,
//! 1.6% fewer trick nodes in the tables and 0.5% fewer in the all-cards
//! solves. DDS's trump weights (`WeightAllocTrump0`) were ported too and
//! not kept: with them in the suit strains as well, 1.7% fewer all-cards
//! trick nodes but 3.1% more in the tables of the first 40 deals; with
//! their killer bonus replaced by ours, worse on both; the notrump
//! weights also for a suit contract whose trumps are gone, or with their
//! killer bonus halved, a little worse on both.

use super::state::{Board, suit_mask, top_bit};

/// The leader's place in the trick and the other three, as offsets
/// from the leader.
const ME: usize = 0;
const LHO: usize = 1;
const PARTNER: usize = 2;
const RHO: usize = 3;
/// No card there (the suit has fewer than three live cards).
const NOBODY: usize = 4;

/// One candidate lead as DDS's weights see it.
pub(crate) struct Lead {
    /// The top card of the sequence.
    pub top: u8,
    /// The sequence holds more than one card.
    pub several: bool,
    /// The sequence is the killer of its depth (DDS's `bestMove`).
    pub killer: bool,
}

/// The notrump lead weights of one suit for the player on lead.
pub(crate) struct NotrumpLead {
    all: u16,
    /// Does partner's top card beat both opponents'?
    partner_over: bool,
    /// The holder of the best live card.
    best: usize,
    best_rank: u8,
    second_rank: u8,
    /// The suit's weight for a lead that wins the trick (ours or
    /// partner's) and for one that does not, before the card's own part.
    winning: i32,
    losing: i32,
    /// An opponent's top card is bare: leading the suit drops it.
    bare_top: bool,
}

impl NotrumpLead {
    pub fn new(board: &Board, seat: usize, suit: usize) -> NotrumpLead {
        let h = |k: usize| suit_mask(board.hands[(seat + k) & 3], suit);
        let (mine, left, pards, right) = (h(ME), h(LHO), h(PARTNER), h(RHO));
        let all = mine | left | pards | right;
        let holder = |rest: u16| {
            if rest == 0 {
                return (NOBODY, 0);
            }
            let rank = top_bit(rest);
            let bit = 1u16 << rank;
            let who = if mine & bit != 0 {
                ME
            } else if left & bit != 0 {
                LHO
            } else if pards & bit != 0 {
                PARTNER
            } else {
                RHO
            };
            (who, rank)
        };
        let (best, best_rank) = holder(all);
        let rest = all & !(1u16 << best_rank);
        let (second, second_rank) = holder(rest);
        let (third, _) = holder(rest & !(1u16 << second_rank));
        let (len_l, len_r, len_p) = (left.count_ones(), right.count_ones(), pards.count_ones());

        // A small subtree refutes soonest: four points a card each
        // opponent may play (a void one as many as the tricks left and
        // one), and a lead partner cannot follow marked down.
        let tricks = board.hands[seat].count_ones() as i32;
        let count = |len: u32| if len == 0 { tricks + 1 } else { len as i32 };
        let mut base = -(((count(len_l) + count(len_r)) << 2 << 5) / 19);
        if len_p == 0 {
            base -= 9;
        }

        // Winning leads: the second-best card over the leader (with the
        // left-hand opponent) is good, under (right-hand) a little bad,
        // unless bare; best when neither opponent guards it.
        let mut winning = base;
        if second == RHO {
            if len_r != 1 {
                winning -= 1;
            }
        } else if second == LHO {
            winning += if len_l != 1 { 22 } else { 16 };
        }
        winning += if (second != LHO || len_l == 1) && (second != RHO || len_r == 1) {
            45
        } else {
            18
        };

        // Losing leads: not into the right-hand opponent's honours; up to
        // partner's second-best card over the left-hand opponent's top;
        // where our side holds the next round's winners.
        let mut losing = base;
        if best == RHO || second == RHO {
            if len_r != 1 {
                losing -= 10;
            }
        } else if best == LHO && second == PARTNER && len_p != 1 {
            losing += 31;
        }
        if second == PARTNER && third == PARTNER {
            losing += 35;
        } else if len_p > 1
            && ((second == ME && third == PARTNER) || (second == PARTNER && third == ME))
        {
            losing += 25;
        }
        let bare_top = (len_l == 1 && best == LHO) || (len_r == 1 && best == RHO);
        NotrumpLead {
            all,
            partner_over: pards > (left | right),
            best,
            best_rank,
            second_rank,
            winning,
            losing,
            bare_top,
        }
    }

    /// The weight of leading the sequence `lead`.
    pub fn score(&self, lead: &Lead) -> i32 {
        // The top card's place among the live cards: 1 for the highest.
        let relative = (self.all >> lead.top).count_ones() as i32;
        if lead.top == self.best_rank || self.partner_over {
            // The killer is worth most among winning leads.
            self.winning + relative + if lead.killer { 126 } else { 0 }
        } else {
            let own = if self.bare_top {
                28 + relative
            } else if self.best == ME {
                -17 + relative
            } else if !lead.several {
                12 + relative
            } else if lead.top == self.second_rank {
                48
            } else {
                29 - relative
            };
            self.losing + own + if lead.killer { 47 } else { 0 }
        }
    }
}
