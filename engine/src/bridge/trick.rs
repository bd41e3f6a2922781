//! The card play: tricks, following suit, trick winners, the trick count
//! and claims.
//!
//! This is the handbook's *Rel* record (chapter 7: Round, TrickNo,
//! WonTricks, LeadHand, LeadSuit, BestCard, BestHand, PlayingHand) kept as
//! a checked state: [`Play::play`] refuses a card that is not held or that
//! revokes. The tricks-won counters are incremental; their from-scratch
//! twin is recomputed from the trick list in `debug_assert!`.

use std::fmt;

use super::card::{Card, Seat, Side, Strain, Suit};
use super::contract::Contract;
use super::deal::Deal;
use super::hand::Hand;

/// One trick: who led it and the cards played so far, in play order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    cards: [Option<Card>; 4],
    len: u8,
}

impl Trick {
    /// An empty trick led by `leader`.
    pub fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [None; 4],
            len: 0,
        }
    }

    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards in play order (leader first).
    pub fn cards(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        (0..self.len as usize).filter_map(|i| self.cards[i].map(|c| (self.leader.offset(i), c)))
    }

    /// The card played by `seat`, if any.
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        let i = (seat.index() + 4 - self.leader.index()) % 4;
        if i < self.len as usize {
            self.cards[i]
        } else {
            None
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The suit led, once a card is down.
    pub fn lead_suit(&self) -> Option<Suit> {
        self.cards[0].filter(|_| self.len > 0).map(|c| c.suit)
    }

    /// The seat to play next (the leader when complete).
    pub fn next_seat(&self) -> Seat {
        self.leader.offset(self.len as usize)
    }

    /// A trick led by `leader` with `cards` in play order; `None` for
    /// more than four cards. No legality check: this is a record.
    pub fn from_cards(leader: Seat, cards: &[Card]) -> Option<Trick> {
        if cards.len() > 4 {
            return None;
        }
        let mut t = Trick::new(leader);
        for &c in cards {
            t.push(c);
        }
        Some(t)
    }

    fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = Some(card);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        self.cards[self.len as usize].take()
    }

    /// The seat winning the trick so far: the highest trump if any was
    /// played, else the highest card of the suit led. `None` when empty.
    pub fn winner(&self, strain: Strain) -> Option<Seat> {
        let trump = strain.trump();
        let mut best: Option<(Seat, Card)> = None;
        for (seat, card) in self.cards() {
            best = match best {
                None => Some((seat, card)),
                Some((_, b)) if beats(card, b, trump) => Some((seat, card)),
                keep => keep,
            };
        }
        best.map(|(s, _)| s)
    }
}

/// Whether `card`, played after `best`, takes the lead in the trick.
fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    if card.suit == best.suit {
        card.rank > best.rank
    } else {
        Some(card.suit) == trump
    }
}

/// Why a card was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// All tricks are played or claimed.
    Finished,
    /// The player to play does not hold the card.
    NotHeld { seat: Seat, card: Card },
    /// The player holds a card of the suit led and must follow.
    MustFollow { seat: Seat, card: Card, led: Suit },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Finished => f.write_str("the play is over"),
            PlayError::NotHeld { seat, card } => write!(f, "{seat} does not hold {card}"),
            PlayError::MustFollow { seat, card, led } => {
                write!(f, "{seat} must follow to {led}, cannot play {card}")
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a claim was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// The play is already over.
    Finished,
    /// Declarer's total must lie between the tricks already won and those
    /// won plus the tricks still to play.
    OutOfRange { claimed: u8, min: u8, max: u8 },
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::Finished => f.write_str("the play is over, nothing to claim"),
            ClaimError::OutOfRange { claimed, min, max } => write!(
                f,
                "claim of {claimed} tricks: declarer's total must be between {min} and {max}"
            ),
        }
    }
}

impl std::error::Error for ClaimError {}

/// The play of a deal: remaining hands, completed tricks, the current
/// trick, tricks won per side, and an optional claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    strain: Strain,
    declarer: Seat,
    first_leader: Seat,
    hands: Deal,
    tricks: Vec<Trick>,
    current: Trick,
    won: [u8; 2],
    claim: Option<u8>,
}

impl Play {
    /// The play of `contract` from the start: the player on declarer's left
    /// leads.
    pub fn new(deal: &Deal, contract: &Contract) -> Play {
        Play::from_position(
            deal,
            contract.strain,
            contract.declarer,
            contract.opening_leader(),
        )
    }

    /// A play from an end position (or any position at a trick boundary):
    /// `leader` leads next with the cards of `deal`.
    pub fn from_position(deal: &Deal, strain: Strain, declarer: Seat, leader: Seat) -> Play {
        Play {
            strain,
            declarer,
            first_leader: leader,
            hands: *deal,
            tricks: Vec::new(),
            current: Trick::new(leader),
            won: [0; 2],
            claim: None,
        }
    }

    pub fn strain(&self) -> Strain {
        self.strain
    }

    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The player who led the first card of this play.
    pub fn opening_leader(&self) -> Seat {
        self.first_leader
    }

    /// The cards each player still holds.
    pub fn hands(&self) -> &Deal {
        &self.hands
    }

    /// The completed tricks, first trick first.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// The trick in progress (empty at a trick boundary).
    pub fn current_trick(&self) -> &Trick {
        &self.current
    }

    /// The player to play next.
    pub fn next_seat(&self) -> Seat {
        self.current.next_seat()
    }

    /// Every card played so far, in play order.
    pub fn cards_played(&self) -> Vec<(Seat, Card)> {
        self.tricks
            .iter()
            .chain(std::iter::once(&self.current))
            .flat_map(|t| t.cards().collect::<Vec<_>>())
            .collect()
    }

    pub fn tricks_won(&self, side: Side) -> u8 {
        self.won[side.index()]
    }

    /// Tricks won so far by the declaring side.
    pub fn declarer_tricks(&self) -> u8 {
        self.won[self.declarer.side().index()]
    }

    /// Declarer's claimed total, if the play ended with a claim.
    pub fn claim(&self) -> Option<u8> {
        self.claim
    }

    /// No cards left to play, or a claim was made.
    pub fn is_finished(&self) -> bool {
        self.claim.is_some() || (self.current.is_empty() && self.hands[self.next_seat()].is_empty())
    }

    /// Declarer's final trick count: the claim, or the tricks won once all
    /// cards are played; `None` while the play goes on.
    pub fn result(&self) -> Option<u8> {
        self.claim
            .or_else(|| self.is_finished().then(|| self.declarer_tricks()))
    }

    /// The cards the player to play may play: the suit led if held, else
    /// anything held. Empty once the play is finished.
    pub fn legal_cards(&self) -> Hand {
        if self.claim.is_some() {
            return Hand::EMPTY;
        }
        let hand = self.hands[self.next_seat()];
        match self.current.lead_suit() {
            Some(led) if hand.suit(led) != 0 => hand.only(led),
            _ => hand,
        }
    }

    /// Checks a card without playing it.
    pub fn check(&self, card: Card) -> Result<(), PlayError> {
        if self.is_finished() {
            return Err(PlayError::Finished);
        }
        let seat = self.next_seat();
        let hand = self.hands[seat];
        if !hand.contains(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        match self.current.lead_suit() {
            Some(led) if card.suit != led && hand.suit(led) != 0 => {
                Err(PlayError::MustFollow { seat, card, led })
            }
            _ => Ok(()),
        }
    }

    /// Plays a card after checking it; completes the trick after the
    /// fourth card (the winner leads next).
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        self.check(card)?;
        let seat = self.next_seat();
        self.hands[seat].remove(card);
        self.current.push(card);
        if self.current.is_complete() {
            let winner = self
                .current
                .winner(self.strain)
                .unwrap_or(self.current.leader);
            self.won[winner.side().index()] += 1;
            self.tricks.push(self.current);
            self.current = Trick::new(winner);
        }
        debug_assert_eq!(self.won, self.won_from_scratch());
        Ok(())
    }

    /// Takes back the last card played (or a claim, if one was made).
    pub fn undo(&mut self) -> Option<Card> {
        if self.claim.take().is_some() {
            return None;
        }
        if self.current.is_empty() {
            let last = self.tricks.pop()?;
            let winner = last.winner(self.strain).unwrap_or(last.leader);
            self.won[winner.side().index()] -= 1;
            self.current = last;
        }
        let seat = self.current.leader.offset(self.current.len() - 1);
        let card = self.current.pop()?;
        self.hands[seat].insert(card);
        debug_assert_eq!(self.won, self.won_from_scratch());
        Some(card)
    }

    /// Ends the play with declarer claiming a total of `total` tricks.
    pub fn claim_total(&mut self, total: u8) -> Result<(), ClaimError> {
        if self.is_finished() {
            return Err(ClaimError::Finished);
        }
        let min = self.declarer_tricks();
        // Tricks still open: the remaining cards of the fullest hand.
        let open = self.hands.hands.iter().map(|h| h.len()).max().unwrap_or(0) as u8;
        let max = min + open;
        if !(min..=max).contains(&total) {
            return Err(ClaimError::OutOfRange {
                claimed: total,
                min,
                max,
            });
        }
        self.claim = Some(total);
        Ok(())
    }

    /// The tricks won per side recomputed from the trick list: the
    /// from-scratch twin of the incremental counters.
    pub fn won_from_scratch(&self) -> [u8; 2] {
        let mut won = [0u8; 2];
        for t in &self.tricks {
            let w = t.winner(self.strain).unwrap_or(t.leader);
            won[w.side().index()] += 1;
        }
        won
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::contract::Doubling;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IteratorRandom;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn trick(leader: Seat, cards: &str) -> Trick {
        let mut t = Trick::new(leader);
        for c in cards.split_whitespace() {
            t.push(card(c));
        }
        t
    }

    #[test]
    fn trick_winner_with_and_without_trumps() {
        let t = trick(Seat::West, "H2 H4 HK D2");
        assert_eq!(t.winner(Strain::NoTrump), Some(Seat::East));
        assert_eq!(t.winner(Strain::Hearts), Some(Seat::East));
        assert_eq!(t.winner(Strain::Diamonds), Some(Seat::South));
        assert_eq!(t.winner(Strain::Spades), Some(Seat::East));
        let t = trick(Seat::North, "C2 S3 D4 S2");
        assert_eq!(t.winner(Strain::Spades), Some(Seat::East));
        assert_eq!(t.winner(Strain::Hearts), Some(Seat::North));
        assert_eq!(t.card_of(Seat::West), Some(card("S2")));
        assert_eq!(Trick::new(Seat::North).winner(Strain::Clubs), None);
    }

    #[test]
    fn must_follow_suit_and_hold_the_card() {
        let deal: Deal = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"
            .parse()
            .unwrap();
        let c = Contract::new(3, Strain::NoTrump, Doubling::Undoubled, Seat::West).unwrap();
        let mut p = Play::new(&deal, &c);
        assert_eq!(p.next_seat(), Seat::North);
        assert_eq!(p.legal_cards().len(), 13);
        assert_eq!(
            p.play(card("SJ")),
            Err(PlayError::NotHeld {
                seat: Seat::North,
                card: card("SJ")
            })
        );
        p.play(card("SA")).unwrap();
        // East holds spades and must follow.
        assert_eq!(p.legal_cards(), deal[Seat::East].only(Suit::Spades));
        assert!(matches!(
            p.play(card("H8")),
            Err(PlayError::MustFollow { .. })
        ));
        for c in ["S9", "S6", "S2"] {
            p.play(card(c)).unwrap();
        }
        assert_eq!(p.tricks_won(Side::NorthSouth), 1);
        assert_eq!(p.next_seat(), Seat::North);
        assert_eq!(p.declarer_tricks(), 0);
    }

    #[test]
    fn random_playouts_keep_counters_and_undo_exact() {
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..200 {
            let deal = Deal::random(&mut rng);
            let strain = Strain::ALL.into_iter().choose(&mut rng).unwrap();
            let declarer = Seat::ALL.into_iter().choose(&mut rng).unwrap();
            let c = Contract::new(1, strain, Doubling::Undoubled, declarer).unwrap();
            let mut p = Play::new(&deal, &c);
            let start = p.clone();
            let mut count = 0;
            while !p.is_finished() {
                let legal = p.legal_cards();
                assert!(!legal.is_empty());
                for c in p.hands()[p.next_seat()].iter() {
                    assert_eq!(p.check(c).is_ok(), legal.contains(c));
                }
                let c = legal.iter().choose(&mut rng).unwrap();
                p.play(c).unwrap();
                assert_eq!(p.won, p.won_from_scratch());
                count += 1;
            }
            assert_eq!(count, 52);
            assert_eq!(p.tricks().len(), 13);
            assert_eq!(
                p.tricks_won(Side::NorthSouth) + p.tricks_won(Side::EastWest),
                13
            );
            assert_eq!(p.result(), Some(p.declarer_tricks()));
            assert_eq!(p.play(legal_any(&deal)), Err(PlayError::Finished));
            while p.undo().is_some() {}
            assert_eq!(p, start);
        }
    }

    fn legal_any(deal: &Deal) -> Card {
        deal[Seat::North].iter().next().unwrap()
    }

    #[test]
    fn claims_are_bounded_by_the_tricks_left() {
        let deal: Deal = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"
            .parse()
            .unwrap();
        let c = Contract::new(4, Strain::Spades, Doubling::Undoubled, Seat::South).unwrap();
        let mut p = Play::new(&deal, &c);
        for c in ["S5", "SA", "SJ", "S8"] {
            p.play(card(c)).unwrap();
        }
        assert_eq!(p.declarer_tricks(), 1);
        assert_eq!(
            p.claim_total(0),
            Err(ClaimError::OutOfRange {
                claimed: 0,
                min: 1,
                max: 13
            })
        );
        p.claim_total(10).unwrap();
        assert!(p.is_finished());
        assert_eq!(p.result(), Some(10));
        assert!(p.legal_cards().is_empty());
        assert_eq!(p.claim_total(9), Err(ClaimError::Finished));
        assert_eq!(p.undo(), None);
        assert_eq!(p.result(), None);
    }
}
