//! A set of cards as a 64-bit mask.
//!
//! Bit `suit * 16 + rank` is set when the card is in the set, so each suit
//! owns 16 bits of which 2..=14 are used: `(hand.0 >> (16 * suit)) as u16`
//! is the suit's rank mask (bits 0, 1 and 15 are always clear). The
//! double-dummy solver relies on this layout and works on the raw bits.

use std::fmt;
use std::str::FromStr;

use super::card::{Card, Rank, Suit};

/// The rank bits used inside one suit's 16 bits (2..=14).
pub const RANK_MASK: u16 = 0x7ffc;

/// A set of cards: a hand, the cards played, the cards still unseen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub u64);

/// All 52 cards.
pub const FULL_DECK: Hand = Hand(0x7ffc_7ffc_7ffc_7ffc);

impl Hand {
    pub const EMPTY: Hand = Hand(0);

    /// The full deck.
    pub const fn full_deck() -> Hand {
        FULL_DECK
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.bit() & 1 != 0
    }

    /// Adds a card; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.bit();
        !had
    }

    /// Removes a card; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.bit());
        had
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rank mask of one suit: bit `r` set when rank `r` is held.
    pub const fn suit(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u32)) as u16
    }

    /// The same set with one suit's ranks replaced by `mask`.
    pub const fn with_suit(self, suit: Suit, mask: u16) -> Hand {
        let shift = 16 * suit as u32;
        Hand(self.0 & !(0xffff << shift) | ((mask & RANK_MASK) as u64) << shift)
    }

    /// The cards of one suit as a set.
    pub const fn only(self, suit: Suit) -> Hand {
        Hand(self.0 & (0xffff << (16 * suit as u32)))
    }

    pub const fn suit_len(self, suit: Suit) -> usize {
        self.suit(suit).count_ones() as usize
    }

    /// Suit lengths, clubs first.
    pub fn shape(self) -> [usize; 4] {
        Suit::ALL.map(|s| self.suit_len(s))
    }

    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    pub const fn difference(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The cards, lowest bit first (clubs 2 … spades A).
    pub fn iter(self) -> HandIter {
        HandIter(self.0)
    }

    /// The highest card of a suit, if any.
    pub fn highest(self, suit: Suit) -> Option<Card> {
        let m = self.suit(suit);
        (m != 0).then(|| Card::new(suit, Rank(15 - m.leading_zeros() as u8)))
    }

    /// The lowest card of a suit, if any.
    pub fn lowest(self, suit: Suit) -> Option<Card> {
        let m = self.suit(suit);
        (m != 0).then(|| Card::new(suit, Rank(m.trailing_zeros() as u8)))
    }

    /// High-card points, 4-3-2-1.
    pub fn hcp(self) -> u32 {
        // Per suit: 4 * A + 3 * K + 2 * Q + J, on the rank mask directly.
        Suit::ALL
            .iter()
            .map(|&s| {
                let m = self.suit(s);
                4 * (m >> 14 & 1) as u32
                    + 3 * (m >> 13 & 1) as u32
                    + 2 * (m >> 12 & 1) as u32
                    + (m >> 11 & 1) as u32
            })
            .sum()
    }
}

impl std::ops::BitOr for Hand {
    type Output = Hand;
    fn bitor(self, rhs: Hand) -> Hand {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for Hand {
    type Output = Hand;
    fn bitand(self, rhs: Hand) -> Hand {
        self.intersection(rhs)
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut h = Hand::EMPTY;
        for c in iter {
            h.insert(c);
        }
        h
    }
}

impl IntoIterator for Hand {
    type Item = Card;
    type IntoIter = HandIter;
    fn into_iter(self) -> HandIter {
        self.iter()
    }
}

/// Iterator over the cards of a [`Hand`], lowest bit first.
#[derive(Clone, Debug)]
pub struct HandIter(u64);

impl Iterator for HandIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        // Only card bits are ever set through the safe API; skip anything
        // else a caller may have put in the raw field.
        while self.0 != 0 {
            let bit = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            if let Some(c) = Card::from_bit(bit) {
                return Some(c);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.0.count_ones() as usize))
    }
}

/// PBN hand form: suits S.H.D.C separated by dots, ranks high to low, a
/// void empty: `AKQ.JT9.876.5432`, `.63.AKQ987.A9732`.
impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in Suit::DESCENDING.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            let m = self.suit(suit);
            for r in Rank::descending() {
                if m >> r.0 & 1 != 0 {
                    write!(f, "{}", r.letter())?;
                }
            }
        }
        Ok(())
    }
}

/// Why a PBN hand was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandParseError {
    /// Not exactly four dot-separated suits.
    SuitCount(String),
    /// A character that is not a rank.
    Rank { hand: String, found: char },
    /// The same card twice in one hand.
    Duplicate { hand: String, card: Card },
}

impl fmt::Display for HandParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandParseError::SuitCount(h) => write!(
                f,
                "bad hand {h:?}: expected four suits S.H.D.C separated by dots, e.g. AKQ.JT9.876.5432"
            ),
            HandParseError::Rank { hand, found } => write!(
                f,
                "bad hand {hand:?}: {found:?} is not a rank (expected A K Q J T 9 8 7 6 5 4 3 2)"
            ),
            HandParseError::Duplicate { hand, card } => {
                write!(f, "bad hand {hand:?}: {card} appears twice")
            }
        }
    }
}

impl std::error::Error for HandParseError {}

/// Parses the PBN hand form (ranks in any order, any case). Also accepts
/// `10` for the ten, which some hand-typed files use.
impl FromStr for Hand {
    type Err = HandParseError;

    fn from_str(s: &str) -> Result<Hand, HandParseError> {
        let parts: Vec<&str> = s.split('.').collect();
        if parts.len() != 4 {
            return Err(HandParseError::SuitCount(s.to_string()));
        }
        let mut hand = Hand::EMPTY;
        for (suit, part) in Suit::DESCENDING.into_iter().zip(parts) {
            let part = part.replace("10", "T");
            for c in part.chars() {
                let rank = Rank::from_letter(c).ok_or_else(|| HandParseError::Rank {
                    hand: s.to_string(),
                    found: c,
                })?;
                let card = Card::new(suit, rank);
                if !hand.insert(card) {
                    return Err(HandParseError::Duplicate {
                        hand: s.to_string(),
                        card,
                    });
                }
            }
        }
        Ok(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_layout_is_suit_times_16_plus_rank() {
        let h: Hand = "A...2".parse().unwrap();
        assert_eq!(h.0, 1 << (3 * 16 + 14) | 1 << 2);
        assert_eq!(h.suit(Suit::Spades), 1 << 14);
        assert_eq!(FULL_DECK.len(), 52);
        for s in Suit::ALL {
            assert_eq!(FULL_DECK.suit(s), RANK_MASK);
        }
    }

    #[test]
    fn pbn_hand_round_trips() {
        for text in [
            "AKQ.JT9.876.5432",
            ".63.AKQ987.A9732",
            "...",
            "AKQJT98765432...",
        ] {
            let h: Hand = text.parse().unwrap();
            assert_eq!(h.to_string(), text);
        }
        let h: Hand = "qka.9tj.678.2345".parse().unwrap();
        assert_eq!(h.to_string(), "AKQ.JT9.876.5432");
        assert_eq!(h.hcp(), 10);
        assert_eq!(h.len(), 13);
        assert_eq!(h.shape(), [4, 3, 3, 3]);
        assert_eq!(
            h.highest(Suit::Hearts).map(|c| c.to_string()),
            Some("HJ".into())
        );
        assert_eq!(
            h.lowest(Suit::Clubs).map(|c| c.to_string()),
            Some("C2".into())
        );
        assert_eq!("A10.K..".parse::<Hand>().unwrap().to_string(), "AT.K..");
    }

    #[test]
    fn bad_hands_are_rejected() {
        for bad in ["AKQ.JT9.876", "AKQ.JT9.876.54.3", "AKX...", "AA...", "1..."] {
            assert!(bad.parse::<Hand>().is_err(), "{bad}");
        }
    }

    #[test]
    fn insert_remove_iter_agree() {
        let mut h = Hand::EMPTY;
        let cards: Vec<Card> = FULL_DECK.iter().step_by(3).collect();
        for &c in &cards {
            assert!(h.insert(c));
            assert!(!h.insert(c));
        }
        assert_eq!(h.iter().collect::<Vec<_>>(), cards);
        assert_eq!(h.len(), cards.len());
        for &c in &cards {
            assert!(h.remove(c));
            assert!(!h.contains(c));
        }
        assert!(h.is_empty());
    }
}
