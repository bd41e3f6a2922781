//! Declarer's reading of the defenders' cards (issue 21): a sampled deal
//! is weighted by how likely it makes the cards the defenders followed
//! with in the current trick and the one before. In a deal where a
//! defender's card threw a trick away (third hand did not win the trick
//! with the king he held, second hand did not cover) that card was
//! unlikely. And where he held cards equal to it (a sequence) and had
//! another choice too, he could have played any card of the sequence:
//! restricted choice, counted only when the sequence is not all he could
//! play (a queen followed from queen-jack doubleton weighs like a
//! singleton queen). The handbook's `DealCards` only rejects deals that
//! contradict what is certain (voids, the auction); this is the
//! likelihood of the rest.

use crate::bridge::dds::sequence_of;
use crate::bridge::{Card, Deal, Hand, Play};

use super::search::DoubleDummy;

/// The weight of a sampled deal that explains every checked card as the
/// defender's only good choice.
pub(super) const FULL: i64 = 64;

/// The likelihood of a defender's card that costs a trick in the sampled
/// deal, against one that does not: defenders who see one hand and dummy
/// still err, so a deal is discounted, not thrown away.
const MISTAKE: f64 = 0.25;

/// Completed tricks looked back at, besides the current one: the most
/// recent cards say most about the suit in play, and every check is one
/// more analysis of the deal.
const TRICKS_BACK: usize = 1;

/// The weight (1 to [`FULL`]) of `sample`, the unseen cards as dealt for
/// the declaring side in `play`, from the defenders' cards followed (not
/// led: a lead is chosen blind) in the current trick and the previous
/// one. The opening lead's trick is never looked at: its position is the
/// whole deal, the costliest analysis of all.
pub(super) fn deal_weight(play: &Play, sample: &Deal, dd: &mut dyn DoubleDummy) -> i64 {
    let cards = play.cards_played();
    let current = play.current_trick().len();
    let first = cards.len() - current;
    let from = first.saturating_sub(4 * TRICKS_BACK).max(4);
    let defenders = play.declarer().side().opponents();
    // The deal as it was before card `i`: the remaining hands with every
    // card from `i` on given back, walking backwards.
    let mut hands = *sample;
    let mut likelihood = 1.0;
    for i in (from..cards.len()).rev() {
        let (seat, card) = cards[i];
        hands[seat].insert(card);
        let place = i % 4;
        if place == 0 || seat.side() != defenders {
            continue;
        }
        let trick_start = i - place;
        let leader = cards[trick_start].0;
        let before: Vec<Card> = cards[trick_start..i].iter().map(|&(_, c)| c).collect();
        likelihood *= card_likelihood(&hands, leader, &before, card, play, dd);
    }
    ((FULL as f64 * likelihood).round() as i64).clamp(1, FULL)
}

/// How likely a defender holding `hands[mover]` chose `card` to follow to
/// `trick` (led by `leader`): 1 when every legal card was of its
/// sequence; else 1 over the cards of its sequence when it loses nothing
/// in the analysis, a mistake's share of that when it does.
fn card_likelihood(
    hands: &Deal,
    leader: crate::bridge::Seat,
    trick: &[Card],
    card: Card,
    play: &Play,
    dd: &mut dyn DoubleDummy,
) -> f64 {
    let mover = leader.offset(trick.len());
    let hand = hands[mover];
    let led = trick[0].suit;
    let legal = if hand.suit(led) != 0 {
        hand.only(led)
    } else {
        hand
    };
    let live = hands.hands.iter().fold(Hand::EMPTY, |all, &h| all | h).0
        | trick.iter().fold(0u64, |m, c| m | 1 << c.bit());
    let sequence = sequence_of(card.bit() as u8, legal.0, live) & legal.0;
    if sequence == legal.0 {
        // Every legal card was the same card: nothing to read.
        return 1.0;
    }
    let equals = f64::from(sequence.count_ones());
    let values = dd.card_values(hands, leader, trick, play.strain());
    let best = values.iter().map(|&(_, t)| t).max();
    let own = values.iter().find(|&&(c, _)| c == card).map(|&(_, t)| t);
    match (own, best) {
        (Some(own), Some(best)) if own < best => MISTAKE / equals,
        _ => 1.0 / equals,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::bidding::Info;
    use crate::bridge::play::{PlayOptions, find_card};
    use crate::bridge::{Seat, Strain};

    fn card(s: &str) -> Card {
        s.parse().expect("test card")
    }

    /// An analysis in which the king of diamonds decides: East following
    /// low with it in the previous trick threw a trick away, and now the
    /// ace wins a trick more when East holds it, the queen (a finesse)
    /// when West does. Every other card is worth the same.
    struct KingDecides;

    impl DoubleDummy for KingDecides {
        fn card_values(
            &mut self,
            hands: &Deal,
            leader: Seat,
            trick: &[Card],
            _strain: Strain,
        ) -> Vec<(Card, u8)> {
            let mover = leader.offset(trick.len());
            let east_king = hands[Seat::East].contains(card("DK"));
            hands[mover]
                .iter()
                .map(|c| {
                    let value = match (mover, c.to_string().as_str()) {
                        (Seat::East, "DK") => 2,
                        (Seat::North, "DA") => 1 + u8::from(east_king),
                        (Seat::North, "DQ") => 2 - u8::from(east_king),
                        _ => 1,
                    };
                    (c, value)
                })
                .collect()
        }
    }

    /// Every card worth one trick, except `better`, worth two.
    struct AllButOne {
        better: Option<Card>,
    }

    impl DoubleDummy for AllButOne {
        fn card_values(
            &mut self,
            hands: &Deal,
            leader: Seat,
            trick: &[Card],
            _strain: Strain,
        ) -> Vec<(Card, u8)> {
            let mover = leader.offset(trick.len());
            hands[mover]
                .iter()
                .map(|c| (c, 1 + u8::from(Some(c) == self.better)))
                .collect()
        }
    }

    #[test]
    fn a_deal_weighs_by_the_defenders_card_equals_and_mistakes() {
        // Dummy won the first trick and leads the five of diamonds; East
        // follows with the queen. The unseen cards are DJ D9 D3 D2 S5.
        let deal: Deal = "N:2..A5.A ..Q93.K 43.2..3 5..J2.4".parse().expect("deal");
        let mut play = Play::from_position(&deal, Strain::NoTrump, Seat::South, Seat::West);
        for c in ["C4", "CA", "CK", "C3", "D5", "DQ"] {
            play.play(card(c)).expect("legal");
        }
        let remaining = |east: &str, west: &str| {
            let mut d = *play.hands();
            d[Seat::East] = east.parse().expect("east");
            d[Seat::West] = west.parse().expect("west");
            d
        };
        let equal = &mut AllButOne { better: None };
        // The queen from Q-9-3 (the jack with West): his only card of
        // its rank.
        let alone = remaining("..93.", "5..J2.");
        assert_eq!(deal_weight(&play, &alone, equal), FULL);
        // From Q-J-3 the jack would have done as well: half as likely.
        let touching = remaining("..J3.", "5..92.");
        assert_eq!(deal_weight(&play, &touching, equal), FULL / 2);
        // Where the three would have taken a trick more, the queen was a
        // mistake.
        let mistake = &mut AllButOne {
            better: Some(card("D3")),
        };
        assert_eq!(deal_weight(&play, &alone, mistake), FULL / 4);
    }

    #[test]
    fn declarer_reads_the_king_third_hand_did_not_play() {
        // West won the first trick and led away from the king; East
        // followed with the eight under dummy's nine. A priori East, with
        // two unseen cards to West's one, holds the king twice as often
        // and the ace is right; but an East with the king would have won
        // the trick with it, so the king is West's and declarer finesses.
        // Suits in PBN order: spades, hearts, diamonds, clubs.
        let deal: Deal = "N:..AQ5.3 .92.8.4 ..97.52 ..K42.A".parse().expect("deal");
        let mut play = Play::from_position(&deal, Strain::NoTrump, Seat::North, Seat::West);
        for c in ["CA", "C3", "C4", "C2", "D2", "D5", "D8", "D9", "D7", "D4"] {
            play.play(card(c)).expect("legal");
        }
        assert_eq!(play.next_seat(), Seat::North);
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
        let choice = find_card(
            &play,
            &[Info::default(); 4],
            1,
            &PlayOptions::default(),
            Some(&mut KingDecides),
            &mut rng,
            &mut crate::control::Unlimited,
        )
        .expect("a card");
        assert_eq!(choice.card, card("DQ"), "{choice:?}");
    }
}
