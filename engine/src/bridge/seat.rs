//! Turbo Bridge at a real table: the program playing one seat from that
//! seat's view only, as at a table manager where every seat is a separate
//! program (handbook ch. 7: the player "knows" his own hand, dummy after
//! the opening lead, and the cards played).
//!
//! The bidding needs nothing hidden: `BidSystem` reads every call from the
//! auction alone. The play needs a [`Play`], which holds four hands, so
//! the seat builds one from a *placeholder* deal: its own hand, dummy once
//! shown, the cards each hidden hand has played, and the unseen cards
//! shared out among the hidden hands consistently with the counts and the
//! voids shown. The Monte-Carlo play (`FindCard`) never looks at how the
//! unseen cards are placed: its [`View`](crate::bridge::play::View)
//! deals them again at random for every sample from the same set of
//! cards, so a seat chooses exactly the card the whole-deal program would
//! choose with the same random generator.

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::bridge::bidding::Bidding;
use crate::bridge::play::{DoubleDummy, PlayOptions, choose_card};
use crate::bridge::{
    AuctionError, Call, Card, Contract, Deal, FULL_DECK, Hand, Play, Rank, Seat, Suit, Trick,
    Vulnerability,
};
use crate::control::{Control, Progress};

/// The random generator of one decision: board `board` of a session with
/// seed `seed`, after `cards_played` cards. Giving every card its own
/// generator makes a choice independent of the choices before it, so four
/// programs at a table, each with its own generator, play the same cards
/// as one program playing the four seats.
pub fn card_rng(seed: u64, board: u64, cards_played: usize) -> StdRng {
    StdRng::seed_from_u64(
        seed ^ board.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (cards_played as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03),
    )
}

/// Why a call, a card or dummy's hand does not fit what the seat knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatError {
    /// The seat's own hand is not 13 cards.
    BadHand { cards: usize },
    /// A call or card came from a seat whose turn it is not.
    NotTurn { expected: Seat, got: Seat },
    /// The call is illegal by the laws.
    Call { call: Call, error: AuctionError },
    /// A card before the auction ended, or after a pass-out.
    NoPlay,
    /// The card cannot have been played by that seat.
    Card {
        seat: Seat,
        card: Card,
        reason: String,
    },
    /// Dummy's cards do not fit the deal seen so far.
    Dummy(String),
}

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatError::BadHand { cards } => {
                write!(f, "own hand has {cards} cards: expected 13")
            }
            SeatError::NotTurn { expected, got } => {
                write!(f, "{got} acted but it is {expected}'s turn")
            }
            SeatError::Call { call, error } => write!(f, "illegal call {call}: {error}"),
            SeatError::NoPlay => {
                f.write_str("no card can be played: the auction is not over or was passed out")
            }
            SeatError::Card { seat, card, reason } => {
                write!(f, "card {card} by {seat} is impossible: {reason}")
            }
            SeatError::Dummy(reason) => write!(f, "dummy's cards do not fit: {reason}"),
        }
    }
}

impl std::error::Error for SeatError {}

/// One seat at the table: its hand, the auction, dummy once shown and the
/// cards played.
#[derive(Clone, Debug)]
pub struct SeatPlayer {
    seat: Seat,
    hand: Hand,
    vulnerability: Vulnerability,
    bidding: Bidding,
    /// Dummy's original 13 cards, once shown.
    dummy: Option<Hand>,
    cards: Vec<Card>,
}

impl SeatPlayer {
    /// `hand` is the seat's 13 cards; `dealer` calls first.
    pub fn new(seat: Seat, hand: Hand, dealer: Seat) -> Result<SeatPlayer, SeatError> {
        if hand.len() != 13 {
            return Err(SeatError::BadHand { cards: hand.len() });
        }
        Ok(SeatPlayer {
            seat,
            hand,
            vulnerability: Vulnerability::None,
            bidding: Bidding::new(dealer),
            dummy: None,
            cards: Vec::new(),
        })
    }

    /// The board's vulnerability, which the bidding simulation scores
    /// its contracts at (none until told).
    pub fn with_vulnerability(mut self, vulnerability: Vulnerability) -> SeatPlayer {
        self.vulnerability = vulnerability;
        self.bidding = self.bidding.with_vulnerability(vulnerability);
        self
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn vulnerability(&self) -> Vulnerability {
        self.vulnerability
    }

    pub fn hand(&self) -> Hand {
        self.hand
    }

    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The final contract, once the auction is over (None when passed out).
    pub fn contract(&self) -> Option<Contract> {
        if self.bidding.is_complete() {
            self.bidding.auction().final_contract()
        } else {
            None
        }
    }

    /// The cards played so far, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn dummy_hand(&self) -> Option<Hand> {
        self.dummy
    }

    /// Whose call it is, while the auction lasts.
    pub fn next_caller(&self) -> Option<Seat> {
        (!self.bidding.is_complete()).then(|| self.bidding.next_seat())
    }

    /// Records anybody's call (ours included).
    pub fn call(&mut self, seat: Seat, call: Call) -> Result<(), SeatError> {
        let expected = self.bidding.next_seat();
        if seat != expected || self.bidding.is_complete() {
            return Err(SeatError::NotTurn {
                expected,
                got: seat,
            });
        }
        self.bidding
            .push(call)
            .map(|_| ())
            .map_err(|error| SeatError::Call { call, error })
    }

    /// Turbo Bridge `FindBid` for our own hand by the rules alone (the
    /// caller checks that it is our turn); `table::Player::call_as` adds
    /// the bidding simulation.
    pub fn choose_call(&self) -> Call {
        self.bidding.find_bid(self.hand)
    }

    /// The seat that plays the next card (dummy's cards are played by
    /// declarer but belong to dummy's seat); None before the play or after
    /// it.
    pub fn next_player(&self) -> Option<Seat> {
        let contract = self.contract()?;
        if self.cards.len() >= 52 {
            return None;
        }
        Some(self.tricks(&contract).1.next_seat())
    }

    /// Whether this seat chooses the next card: its own, or dummy's when it
    /// is declarer.
    pub fn chooses_next(&self) -> bool {
        let (Some(next), Some(contract)) = (self.next_player(), self.contract()) else {
            return false;
        };
        if next == contract.dummy() {
            self.seat == contract.declarer
        } else {
            next == self.seat
        }
    }

    /// The completed tricks and the current one, from the cards alone.
    fn tricks(&self, contract: &Contract) -> (Vec<Trick>, Trick) {
        let mut done = Vec::new();
        let mut leader = contract.opening_leader();
        let mut chunks = self.cards.chunks_exact(4);
        for four in chunks.by_ref() {
            if let Some(t) = Trick::from_cards(leader, four) {
                leader = t.winner(contract.strain).unwrap_or(leader);
                done.push(t);
            }
        }
        let current = Trick::from_cards(leader, chunks.remainder()).unwrap_or(Trick::new(leader));
        (done, current)
    }

    /// Dummy's cards as shown after the opening lead (what dummy still
    /// holds: its cards already played are added back).
    pub fn show_dummy(&mut self, shown: Hand) -> Result<(), SeatError> {
        let contract = self.contract().ok_or(SeatError::NoPlay)?;
        let dummy = contract.dummy();
        if dummy == self.seat {
            return Err(SeatError::Dummy("we are dummy".to_string()));
        }
        let (done, current) = self.tricks(&contract);
        let played: Hand = done
            .iter()
            .chain(std::iter::once(&current))
            .flat_map(|t| t.cards().collect::<Vec<_>>())
            .filter(|&(s, _)| s == dummy)
            .map(|(_, c)| c)
            .collect();
        let original = shown | played;
        if original.len() != 13 || shown.intersection(played) != Hand::EMPTY {
            return Err(SeatError::Dummy(format!(
                "{} shown and {} played: expected 13 in all",
                shown.len(),
                played.len()
            )));
        }
        if original.intersection(self.hand) != Hand::EMPTY {
            return Err(SeatError::Dummy(format!(
                "dummy holds {} of our cards",
                original.intersection(self.hand)
            )));
        }
        let others: Hand = self
            .cards
            .iter()
            .copied()
            .collect::<Hand>()
            .difference(played);
        if original.intersection(others) != Hand::EMPTY {
            return Err(SeatError::Dummy(
                "dummy holds cards other seats have played".to_string(),
            ));
        }
        let before = self.dummy.replace(original);
        if let Err(e) = self.position() {
            self.dummy = before;
            return Err(SeatError::Dummy(e.to_string()));
        }
        Ok(())
    }

    /// Records anybody's card (ours, dummy's, the others'). A card that
    /// cannot be reconciled with what the seat knows is refused and
    /// nothing changes.
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<(), SeatError> {
        let expected = self.next_player().ok_or(SeatError::NoPlay)?;
        if seat != expected {
            return Err(SeatError::NotTurn {
                expected,
                got: seat,
            });
        }
        self.cards.push(card);
        if let Err(e) = self.position() {
            self.cards.pop();
            return Err(match e {
                SeatError::Card { reason, .. } => SeatError::Card { seat, card, reason },
                other => other,
            });
        }
        Ok(())
    }

    /// The play so far over a placeholder deal that agrees with everything
    /// the seat knows (see the module comment).
    pub fn position(&self) -> Result<Play, SeatError> {
        let contract = self.contract().ok_or(SeatError::NoPlay)?;
        let (done, current) = self.tricks(&contract);
        let mut played = [Hand::EMPTY; 4];
        let mut voids = [[false; 4]; 4];
        for trick in done.iter().chain(std::iter::once(&current)) {
            let led = trick.lead_suit();
            for (s, c) in trick.cards() {
                if !played[s.index()].insert(c)
                    || played.iter().filter(|h| h.contains(c)).count() > 1
                {
                    return Err(card_error(s, c, "already played"));
                }
                if let Some(l) = led
                    && l != c.suit
                {
                    voids[s.index()][l.index()] = true;
                }
            }
        }
        let mut known: [Option<Hand>; 4] = [None; 4];
        known[self.seat.index()] = Some(self.hand);
        if let Some(d) = self.dummy {
            known[contract.dummy().index()] = Some(d);
        }
        let mut pool = FULL_DECK;
        for s in Seat::ALL {
            if let Some(h) = known[s.index()] {
                let foreign = played[s.index()].difference(h);
                if let Some(c) = foreign.iter().next() {
                    return Err(card_error(s, c, "not in that hand"));
                }
                pool = pool.difference(h);
            } else {
                pool = pool.difference(played[s.index()]);
            }
        }
        for s in Seat::ALL.into_iter().filter(|s| known[s.index()].is_none()) {
            if let Some(c) = played[s.index()]
                .iter()
                .find(|&c| known.iter().flatten().any(|h| h.contains(c)))
            {
                return Err(card_error(s, c, "another hand holds it"));
            }
        }
        let hidden: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| known[s.index()].is_none())
            .collect();
        let need: Vec<usize> = hidden
            .iter()
            .map(|s| 13usize.saturating_sub(played[s.index()].len()))
            .collect();
        let allowed: Vec<[bool; 4]> = hidden
            .iter()
            .map(|s| std::array::from_fn(|suit| !voids[s.index()][suit]))
            .collect();
        let remaining = share_out(pool, &need, &allowed).ok_or_else(|| {
            let (s, c) = current
                .cards()
                .last()
                .or_else(|| done.last().and_then(|t| t.cards().last()))
                .unwrap_or((self.seat, Card::new(Suit::Clubs, Rank::TWO)));
            card_error(s, c, "no deal of the unseen cards agrees with the play")
        })?;
        let mut deal = Deal::default();
        for s in Seat::ALL {
            deal[s] = known[s.index()].unwrap_or(Hand::EMPTY);
        }
        for (i, &s) in hidden.iter().enumerate() {
            deal[s] = played[s.index()] | remaining[i];
        }
        let mut play = Play::new(&deal, &contract);
        for &c in &self.cards {
            let s = play.next_seat();
            play.play(c).map_err(|e| card_error(s, c, &e.to_string()))?;
        }
        Ok(play)
    }

    /// Turbo Bridge `FindCard` for the card this seat chooses next (its own
    /// or dummy's): the same Monte-Carlo play as with the whole deal, over
    /// samples of the hidden hands. None when it is not this seat's choice.
    pub fn choose_card<R: Rng + ?Sized>(
        &self,
        options: &PlayOptions,
        dd: Option<&mut dyn DoubleDummy>,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Option<Card> {
        if !self.chooses_next() {
            return None;
        }
        let play = self.position().ok()?;
        let contract = self.contract()?;
        let options = PlayOptions {
            cheat: false,
            ..*options
        };
        let legal = play.legal_cards();
        choose_card(
            &play,
            &self.bidding,
            contract.tricks_needed(),
            &options,
            dd,
            rng,
            control,
        )
        .map(|c| c.card)
        .filter(|&c| legal.contains(c))
        .or_else(|| legal.iter().next())
    }
}

fn card_error(seat: Seat, card: Card, reason: &str) -> SeatError {
    SeatError::Card {
        seat,
        card,
        reason: reason.to_string(),
    }
}

/// Shares the cards of `pool` among hands needing `need[i]` cards, hand
/// `i` taking only suits with `allowed[i][suit]`; None when impossible.
/// A transportation problem small enough for Hall's condition: every set
/// of suits must fit into the hands that may hold them.
fn share_out(pool: Hand, need: &[usize], allowed: &[[bool; 4]]) -> Option<Vec<Hand>> {
    let feasible = |counts: &[usize; 4], room: &[usize]| {
        let total: usize = counts.iter().sum();
        if total != room.iter().sum::<usize>() {
            return false;
        }
        (1u32..16).all(|set| {
            let supply: usize = (0..4)
                .filter(|s| set >> s & 1 != 0)
                .map(|s| counts[s])
                .sum();
            let capacity: usize = (0..room.len())
                .filter(|&i| (0..4).any(|s| set >> s & 1 != 0 && allowed[i][s]))
                .map(|i| room[i])
                .sum();
            supply <= capacity
        })
    };
    let mut counts = [0usize; 4];
    for c in pool.iter() {
        counts[c.suit.index()] += 1;
    }
    let mut room = need.to_vec();
    if !feasible(&counts, &room) {
        return None;
    }
    let mut hands = vec![Hand::EMPTY; need.len()];
    for c in pool.iter() {
        counts[c.suit.index()] -= 1;
        let i = (0..room.len()).find(|&i| {
            if room[i] == 0 || !allowed[i][c.suit.index()] {
                return false;
            }
            room[i] -= 1;
            let ok = feasible(&counts, &room);
            room[i] += 1;
            ok
        })?;
        room[i] -= 1;
        hands[i].insert(c);
    }
    Some(hands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Strain;
    use crate::bridge::play::find_card;
    use crate::control::Unlimited;

    fn deal() -> Deal {
        "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9"
            .parse()
            .expect("deal")
    }

    #[test]
    fn share_out_respects_voids_and_counts() {
        let pool: Hand = "AKQ.AKQ..".parse().expect("hand");
        let hands =
            share_out(pool, &[3, 3], &[[true, true, false, true], [true; 4]]).expect("possible");
        assert_eq!(hands[0].suit(Suit::Hearts), 0);
        assert_eq!(hands[0].len() + hands[1].len(), 6);
        assert!(share_out(pool, &[4, 2], &[[true, true, false, true], [true; 4]]).is_none());
    }

    /// The differential twin: on random deals, four seats that see only
    /// what a player sees choose every call and card the whole-deal
    /// program chooses with the same generator.
    #[test]
    fn seats_choose_what_the_whole_deal_program_chooses() {
        let mut rng = StdRng::seed_from_u64(18);
        let mut played = 0;
        for board in 0..12u64 {
            let d = Deal::random(&mut rng);
            let dealer = Seat::from_index(board as usize % 4);
            let mut seats: Vec<SeatPlayer> = Seat::ALL
                .into_iter()
                .map(|s| SeatPlayer::new(s, d[s], dealer).expect("seat"))
                .collect();
            let mut bidding = Bidding::new(dealer);
            while !bidding.is_complete() {
                let s = bidding.next_seat();
                let call = seats[s.index()].choose_call();
                assert_eq!(call, bidding.find_bid(d[s]));
                bidding.push(call).expect("legal");
                for p in &mut seats {
                    p.call(s, call).expect("every seat accepts");
                }
            }
            let Some(contract) = bidding.auction().final_contract() else {
                continue;
            };
            let mut play = Play::new(&d, &contract);
            let options = PlayOptions {
                samples: 3,
                ..PlayOptions::heuristic()
            };
            while !play.is_finished() {
                let next = play.next_seat();
                let chooser = if next == contract.dummy() {
                    contract.declarer
                } else {
                    next
                };
                let n = play.cards_played().len();
                for p in &seats {
                    assert_eq!(p.chooses_next(), p.seat() == chooser);
                }
                let whole = find_card(
                    &play,
                    bidding.infos(),
                    contract.tricks_needed(),
                    &options,
                    None,
                    &mut card_rng(board, board, n),
                    &mut Unlimited,
                )
                .expect("a card")
                .card;
                let card = seats[chooser.index()]
                    .choose_card(
                        &options,
                        None,
                        &mut card_rng(board, board, n),
                        &mut Unlimited,
                    )
                    .expect("a card");
                assert_eq!(card, whole, "board {board}, card {n}");
                play.play(card).expect("the seat's card is legal");
                for p in &mut seats {
                    p.play(next, card).expect("every seat accepts");
                }
                if n == 0 {
                    for p in seats.iter_mut().filter(|p| p.seat() != contract.dummy()) {
                        p.show_dummy(play.hands()[contract.dummy()]).expect("dummy");
                    }
                }
            }
            for p in &seats {
                assert_eq!(p.cards().len(), 52);
                assert_eq!(p.position().expect("position").result(), play.result());
            }
            played += 1;
        }
        assert!(played >= 8, "only {played} boards were played out");
    }

    #[test]
    fn impossible_cards_are_refused() {
        let d = deal();
        let mut east = SeatPlayer::new(Seat::East, d[Seat::East], Seat::North).expect("seat");
        for call in ["1S", "Pass", "Pass", "Pass"] {
            let s = east.next_caller().expect("auction");
            east.call(s, call.parse().expect("call")).expect("legal");
        }
        assert_eq!(east.contract().map(|c| c.strain), Some(Strain::Spades));
        // East leads; a card East does not hold is refused.
        let err = east
            .play(Seat::East, "SA".parse().expect("card"))
            .expect_err("not East's");
        assert!(err.to_string().contains("SA"), "{err}");
        assert!(east.play(Seat::South, "S2".parse().expect("card")).is_err());
        east.play(Seat::East, "HQ".parse().expect("card"))
            .expect("lead");
        // South cannot play a card East holds.
        assert!(east.play(Seat::South, "H9".parse().expect("card")).is_err());
        east.play(Seat::South, "HA".parse().expect("card"))
            .expect("follow");
    }
}
