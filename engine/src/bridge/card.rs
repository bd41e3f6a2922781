//! The vocabulary of the card table: suits, ranks, cards, strains, seats
//! and partnerships.
//!
//! The numbering is part of the API: the double-dummy solver works on raw
//! bits (see [`crate::bridge::hand::Hand`]), so `Suit as usize`, `Rank.0`
//! and `Seat as usize` are stable.

use std::fmt;
use std::str::FromStr;

/// A suit, numbered from the lowest (clubs = 0) to the highest (spades = 3),
/// which is also the rank order of the suits in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// All four suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The suits in the order a PBN or LIN hand lists them: spades first.
    pub const DESCENDING: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with number `i` (0 = clubs … 3 = spades), if any.
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's number, 0 (clubs) to 3 (spades).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The ASCII letter used by PBN and LIN: `C`, `D`, `H`, `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Parses a suit letter, upper or lower case.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// Hearts and spades score 30 a trick, clubs and diamonds 20.
    pub const fn is_major(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Spades)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A card's rank, 2 to 14: ten is 10, jack 11, queen 12, king 13, ace 14.
///
/// The value is the bit index of the card inside its suit's 16 bits of a
/// [`Hand`](crate::bridge::hand::Hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    /// The rank with value `v`, if `2 <= v <= 14`.
    pub const fn new(v: u8) -> Option<Rank> {
        if v >= 2 && v <= 14 {
            Some(Rank(v))
        } else {
            None
        }
    }

    /// All thirteen ranks, ace first (the order PBN prints them in).
    pub fn descending() -> impl Iterator<Item = Rank> {
        (2..=14).rev().map(Rank)
    }

    /// The character PBN and LIN use: `A K Q J T 9 … 2`.
    pub const fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            v @ 2..=9 => (b'0' + v) as char,
            _ => '?',
        }
    }

    /// Parses a rank character (upper or lower case; `T` for ten).
    pub fn from_letter(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            'A' => Some(Rank::ACE),
            'K' => Some(Rank::KING),
            'Q' => Some(Rank::QUEEN),
            'J' => Some(Rank::JACK),
            'T' => Some(Rank::TEN),
            d @ '2'..='9' => Some(Rank(d as u8 - b'0')),
            _ => None,
        }
    }

    /// Milton Work high-card points: ace 4, king 3, queen 2, jack 1.
    pub const fn hcp(self) -> u32 {
        match self.0 {
            14 => 4,
            13 => 3,
            12 => 2,
            11 => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 52 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// The card's bit index in a [`Hand`](crate::bridge::hand::Hand):
    /// `suit * 16 + rank`.
    pub const fn bit(self) -> u32 {
        self.suit as u32 * 16 + self.rank.0 as u32
    }

    /// The card at bit index `bit`, if that index is a card.
    pub const fn from_bit(bit: u32) -> Option<Card> {
        let suit = match Suit::from_index((bit / 16) as usize) {
            Some(s) => s,
            None => return None,
        };
        match Rank::new((bit % 16) as u8) {
            Some(rank) => Some(Card { suit, rank }),
            None => None,
        }
    }
}

/// Cards order by suit, then rank (the bit order of a hand).
impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.bit().cmp(&other.bit())
    }
}

/// Cards print as suit then rank, the PBN play form: `SA`, `HT`, `C2`.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}

/// Why a card token was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardParseError {
    /// Not two characters long.
    Length(String),
    /// The first character is not `S`, `H`, `D` or `C`.
    Suit(String),
    /// The second character is not a rank `A K Q J T 9..2`.
    Rank(String),
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardParseError::Length(s) => {
                write!(
                    f,
                    "bad card {s:?}: expected suit then rank, e.g. SA, HT, C2"
                )
            }
            CardParseError::Suit(s) => {
                write!(f, "bad card {s:?}: expected the suit S, H, D or C first")
            }
            CardParseError::Rank(s) => {
                write!(
                    f,
                    "bad card {s:?}: expected a rank A K Q J T 9 8 7 6 5 4 3 2"
                )
            }
        }
    }
}

impl std::error::Error for CardParseError {}

/// Parses `SA`, `ht`, `C2` (suit then rank, any case).
impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let mut chars = s.chars();
        let (Some(sc), Some(rc), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(CardParseError::Length(s.to_string()));
        };
        let suit = Suit::from_letter(sc).ok_or_else(|| CardParseError::Suit(s.to_string()))?;
        let rank = Rank::from_letter(rc).ok_or_else(|| CardParseError::Rank(s.to_string()))?;
        Ok(Card { suit, rank })
    }
}

/// The denomination of a contract: a trump suit or notrump.
///
/// Numbered like [`Suit`] (clubs 0 … spades 3) with notrump 4, which is
/// also the rank order in the auction; `Strain as usize` indexes the
/// five-strain arrays of the double-dummy tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
    NoTrump = 4,
}

impl Strain {
    /// The five strains, lowest (clubs) first.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The order of the DoubleDummyTricks and OptimumResultTable tags:
    /// NT, S, H, D, C.
    pub const DESCENDING: [Strain; 5] = [
        Strain::NoTrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];

    /// The strain with number `i` (0 = clubs … 4 = notrump).
    pub const fn from_index(i: usize) -> Option<Strain> {
        match i {
            0 => Some(Strain::Clubs),
            1 => Some(Strain::Diamonds),
            2 => Some(Strain::Hearts),
            3 => Some(Strain::Spades),
            4 => Some(Strain::NoTrump),
            _ => None,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` at notrump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The PBN spelling: `C`, `D`, `H`, `S`, `NT`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// Parses `C D H S NT`, also `N` for notrump (bba-cli, LIN), any case.
    pub fn parse(s: &str) -> Option<Strain> {
        match s.to_ascii_uppercase().as_str() {
            "C" => Some(Strain::Clubs),
            "D" => Some(Strain::Diamonds),
            "H" => Some(Strain::Hearts),
            "S" => Some(Strain::Spades),
            "NT" | "N" => Some(Strain::NoTrump),
            _ => None,
        }
    }
}

impl From<Suit> for Strain {
    fn from(s: Suit) -> Strain {
        match s {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A seat at the table, numbered clockwise from North (the handbook's
/// `HandType`: North, East, South, West = 0..3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    /// The four seats clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The seat with number `i` (0 = North, clockwise), taken modulo 4.
    pub const fn from_index(i: usize) -> Seat {
        match i % 4 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The next seat clockwise (left-hand opponent): N→E→S→W→N.
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The previous seat (right-hand opponent).
    pub const fn prev(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// The seat `n` steps clockwise.
    pub const fn offset(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n % 4)
    }

    /// The seat opposite.
    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The partnership this seat belongs to.
    pub const fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    /// The letter PBN uses: `N`, `E`, `S`, `W`.
    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// Parses `N E S W` in either case.
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }

    /// The four seats clockwise starting from this one.
    pub fn clockwise(self) -> [Seat; 4] {
        [self, self.next(), self.partner(), self.prev()]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a seat was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatParseError(pub String);

impl fmt::Display for SeatParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad seat {:?}: expected N, E, S or W", self.0)
    }
}

impl std::error::Error for SeatParseError {}

impl FromStr for Seat {
    type Err = SeatParseError;

    fn from_str(s: &str) -> Result<Seat, SeatParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_letter(c).ok_or_else(|| SeatParseError(s.to_string())),
            _ => Err(SeatParseError(s.to_string())),
        }
    }
}

/// A partnership: North-South (0) or East-West (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    NorthSouth = 0,
    EastWest = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::NorthSouth, Side::EastWest];

    /// The other partnership.
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    /// The two seats of this side (North/South or East/West).
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// `NS` or `EW`, as in the PBN Score and OptimumScore tags.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_clockwise() {
        assert_eq!(Seat::North.next(), Seat::East);
        assert_eq!(Seat::West.next(), Seat::North);
        assert_eq!(Seat::East.partner(), Seat::West);
        assert_eq!(Seat::North.prev(), Seat::West);
        assert_eq!(Seat::South.side(), Side::NorthSouth);
        for s in Seat::ALL {
            assert_eq!(s.next().prev(), s);
            assert_eq!(s.partner().partner(), s);
            assert_eq!(s.letter().to_string().parse::<Seat>(), Ok(s));
        }
    }

    #[test]
    fn cards_round_trip_through_text_and_bits() {
        for suit in Suit::ALL {
            for rank in Rank::descending() {
                let c = Card::new(suit, rank);
                assert_eq!(c.to_string().parse::<Card>(), Ok(c));
                assert_eq!(c.to_string().to_lowercase().parse::<Card>(), Ok(c));
                assert_eq!(Card::from_bit(c.bit()), Some(c));
            }
        }
        for bad in ["", "S", "SAK", "XA", "S1", "SX", "10S", "♠A"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert_eq!(Card::from_bit(16), None);
        assert_eq!(Card::from_bit(15), None);
        assert_eq!(Card::from_bit(64), None);
    }

    #[test]
    fn strains_parse_both_notrump_spellings() {
        assert_eq!(Strain::parse("nt"), Some(Strain::NoTrump));
        assert_eq!(Strain::parse("N"), Some(Strain::NoTrump));
        assert_eq!(Strain::parse("X"), None);
        for s in Strain::ALL {
            assert_eq!(Strain::parse(s.as_str()), Some(s));
            assert_eq!(Strain::from_index(s.index()), Some(s));
        }
        assert_eq!(Strain::from(Suit::Hearts).trump(), Some(Suit::Hearts));
    }
}
