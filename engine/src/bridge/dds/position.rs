//! A position for the solver: the cards each player still holds, the cards
//! already on the table in the current trick, and who led it. Validated
//! once here so the search never re-checks.

use std::fmt;

use super::state::{Board, beats};
use crate::bridge::{Card, Deal, Hand, Play, Seat, Strain};

/// What makes a position unsolvable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A card is held by two players, or held and already on the table.
    Duplicate(Card),
    /// Hand sizes do not fit the trick in progress: players who have
    /// played to it hold one card fewer than those still to play.
    Lengths([usize; 4]),
    /// No cards left to play.
    Empty,
    /// A card is already on the table four times (a complete trick is not
    /// a position: its winner leads the next one).
    TrickFull,
    /// A player did not follow suit although still holding the suit led.
    Revoke { seat: Seat, card: Card },
    /// The card to play is not a legal card of the player to move.
    Illegal(Card),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Duplicate(card) => write!(f, "card {card} appears twice"),
            PositionError::Lengths(lens) => write!(
                f,
                "hand sizes N {} E {} S {} W {} do not fit the trick in progress \
                 (expected equal sizes, one fewer for each player who has played to it)",
                lens[0], lens[1], lens[2], lens[3]
            ),
            PositionError::Empty => write!(f, "no cards left to play"),
            PositionError::TrickFull => {
                write!(f, "a trick in progress holds at most 3 cards")
            }
            PositionError::Revoke { seat, card } => {
                write!(f, "{seat} played {card} without following suit")
            }
            PositionError::Illegal(card) => {
                write!(f, "{card} is not a legal card for the player to move")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// An open-card position: remaining hands, the current trick so far and
/// its leader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    hands: [Hand; 4],
    leader: Seat,
    trick: [Option<Card>; 3],
}

impl Position {
    /// The start of a trick: `leader` leads from the hands of `deal`
    /// (which must all hold the same number of cards, at least one).
    pub fn new(deal: &Deal, leader: Seat) -> Result<Position, PositionError> {
        Position::with_trick(deal, leader, &[])
    }

    /// A position inside a trick: `leader` led `trick[0]`, the next players
    /// clockwise played the rest; `deal` holds the cards not yet played.
    pub fn with_trick(
        deal: &Deal,
        leader: Seat,
        trick: &[Card],
    ) -> Result<Position, PositionError> {
        if trick.len() > 3 {
            return Err(PositionError::TrickFull);
        }
        let mut seen = Hand::EMPTY;
        for &hand in &deal.hands {
            if let Some(card) = (seen & hand).iter().next() {
                return Err(PositionError::Duplicate(card));
            }
            seen = seen | hand;
        }
        for &card in trick {
            if !seen.insert(card) {
                return Err(PositionError::Duplicate(card));
            }
        }
        let lens = deal.hands.map(|h| h.len());
        let base = lens[leader as usize] + usize::from(!trick.is_empty());
        for k in 0..4 {
            let seat = leader.offset(k);
            let expected = if k < trick.len() { base - 1 } else { base };
            if lens[seat as usize] != expected {
                return Err(PositionError::Lengths(lens));
            }
        }
        if base == 0 {
            return Err(PositionError::Empty);
        }
        if let Some(&lead) = trick.first() {
            for (k, &card) in trick.iter().enumerate().skip(1) {
                let seat = leader.offset(k);
                if card.suit != lead.suit && deal[seat].suit(lead.suit) != 0 {
                    return Err(PositionError::Revoke { seat, card });
                }
            }
        }
        let mut cards = [None; 3];
        for (slot, &card) in cards.iter_mut().zip(trick) {
            *slot = Some(card);
        }
        Ok(Position {
            hands: deal.hands,
            leader,
            trick: cards,
        })
    }

    /// The position reached in a [`Play`] (the cards played to its
    /// current trick included). `None` once the play is finished.
    pub fn from_play(play: &Play) -> Option<Position> {
        if play.is_finished() {
            return None;
        }
        let current = play.current_trick();
        let trick: Vec<Card> = current.cards().map(|(_, card)| card).collect();
        Position::with_trick(play.hands(), current.leader(), &trick).ok()
    }

    /// The remaining hands (cards on the table not included).
    pub fn hands(&self) -> Deal {
        Deal { hands: self.hands }
    }

    /// Leader of the trick in progress.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Cards played to the trick in progress, in play order.
    pub fn trick(&self) -> impl Iterator<Item = Card> + '_ {
        self.trick.iter().flatten().copied()
    }

    fn played(&self) -> usize {
        self.trick.iter().flatten().count()
    }

    /// The player to play next.
    pub fn to_move(&self) -> Seat {
        self.leader.offset(self.played())
    }

    /// Tricks still to be completed, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        (self.hands[self.leader as usize].len() + usize::from(self.played() > 0)) as u8
    }

    /// The cards the player to move may play.
    pub fn legal_cards(&self) -> Hand {
        let hand = self.hands[self.to_move() as usize];
        match self.trick[0] {
            Some(lead) if hand.suit(lead.suit) != 0 => hand.only(lead.suit),
            _ => hand,
        }
    }

    /// Plays a card for the player to move; after the fourth card of a
    /// trick the winner (in `strain`) leads the next. Returns the winner
    /// when the card completes a trick.
    pub fn play(&mut self, card: Card, strain: Strain) -> Result<Option<Seat>, PositionError> {
        if !self.legal_cards().contains(card) {
            return Err(PositionError::Illegal(card));
        }
        let seat = self.to_move();
        let played = self.played();
        self.hands[seat as usize].remove(card);
        if played < 3 {
            self.trick[played] = Some(card);
            return Ok(None);
        }
        let mut winner = self.leader;
        let mut best = self.trick[0].map_or(0, |c| c.bit() as u8);
        for k in 1..4 {
            let c = if k < 3 {
                self.trick[k].map_or(0, |c| c.bit() as u8)
            } else {
                card.bit() as u8
            };
            if beats(c, best, strain as usize) {
                best = c;
                winner = self.leader.offset(k);
            }
        }
        self.trick = [None; 3];
        self.leader = winner;
        Ok(Some(winner))
    }

    /// The solver's board for this position.
    pub(crate) fn board(&self, strain: Strain) -> Board {
        // Replaying the trick needs the cards back in their hands first.
        let mut hands = self.hands.map(|h| h.0);
        for (k, card) in self.trick().enumerate() {
            hands[self.leader.offset(k) as usize] |= 1u64 << card.bit();
        }
        let mut board = Board::new(hands, strain as usize, self.leader as usize);
        for card in self.trick() {
            board.play(card.bit() as u8);
        }
        board
    }
}
