//! Standard carding (issue 21): the defenders' signals, and partner's
//! reading of them in the deals `FindCard` samples.
//!
//! A defender's first card in a suit, when it is a spot (nine or lower)
//! that does not beat the trick's winning card, tells partner something:
//! - on partner's lead, and when discarding, attitude: high encourages
//!   (an ace, king or queen in the suit), the lowest discourages;
//! - when declarer (or dummy) leads the suit, count: high then low with
//!   an even number of cards, the lowest with an odd number.
//!
//! The card is given only among cards the double-dummy analysis values
//! alike, so a signal never costs a trick the analysis sees (it may be
//! forced otherwise: then the card says nothing true, and partner's reading
//! only weighs the deals, never rules one out). Trumps carry no signal.
//!
//! Measured with `bridge_quality --seed 1` (default options): on the first
//! 100 boards the defenders lost 0.470 double-dummy tricks a board instead
//! of 0.480 (0.440 instead of 0.480 on the first 50), declarer 0.440
//! instead of 0.480 (its play follows other cards); on 200 boards 0.485
//! for the defenders and 0.480 for declarer. A few boards either way: the
//! goal (at most 0.50 in defence) holds, the gain is within the noise.
//!
//! Declarer reads both defenders' signals the same way (a defender's
//! carding tells declarer as much as partner). On the first 100 boards of
//! `bridge_quality --boards 100 --seed 1` (each card seeded by its
//! position) declarer lost 0.38 double-dummy tricks a board instead of
//! 0.50 (38 tricks instead of 50; 45 boards played differently), the
//! defenders 0.44 instead of 0.38, the opening lead 0.21 either way.

use rand::{Rng, RngExt};

use super::view::View;
use crate::bridge::{Card, Deal, Hand, Play, Seat, Strain};

/// What a signalling card tells partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Signal {
    /// High: an honour in the suit, continue it (or lead it).
    Attitude,
    /// High then low: an even number of cards in the suit.
    Count,
}

/// The highest rank that signals: a ten or higher may be needed to win
/// or to guard, and partner reads an honour as an honour.
const TOP_SPOT: u8 = 9;

/// The spot cards of a suit's rank mask (two to nine).
const SPOTS: u16 = (2u16 << TOP_SPOT) - (1 << 2);

/// Ace, king and queen: the honours that make a defender want the suit.
const HONOURS: u16 = 0b111 << 12;

/// The weight of a deal in which partner's card says the opposite of what
/// the carding would have said with partner's hand there: the card may
/// have been forced by the analysis (no equal choice), so such deals stay
/// possible, only less likely.
const MISREAD: f64 = 0.3;

/// Deals drawn at most for each one kept; the first kept by the signals'
/// likelihood, else the likeliest of them.
const MAX_DRAWS: usize = 8;

/// Whether, holding `holding` (the suit's whole rank mask, the card
/// signalled with included), the carding plays a high spot.
pub(super) fn wants_high(signal: Signal, holding: u16) -> bool {
    match signal {
        Signal::Attitude => holding & HONOURS != 0,
        Signal::Count => holding.count_ones().is_multiple_of(2),
    }
}

/// The card winning the trick so far (`before`, in play order).
fn winning(before: &[(Seat, Card)], strain: Strain) -> Option<Card> {
    let trump = strain.trump();
    let (_, mut best) = *before.first()?;
    for &(_, card) in &before[1..] {
        let beats = if card.suit == best.suit {
            card.rank > best.rank
        } else {
            Some(card.suit) == trump
        };
        if beats {
            best = card;
        }
    }
    Some(best)
}

/// The signal `card` gives when `seat` plays it after the trick's cards
/// `before` (leader first), having played `earlier` in previous tricks;
/// none when it is not a defender's signalling card.
pub(super) fn meaning(
    play: &Play,
    before: &[(Seat, Card)],
    seat: Seat,
    card: Card,
    earlier: Hand,
) -> Option<Signal> {
    let declarer = play.declarer();
    let strain = play.strain();
    let &(leader, led) = before.first()?;
    if seat.side() == declarer.side()
        || strain.trump() == Some(card.suit)
        || card.rank.0 > TOP_SPOT
        || earlier.suit(card.suit) != 0
    {
        return None;
    }
    if card.suit != led.suit {
        // A discard (a ruff is a trump, excluded above).
        return Some(Signal::Attitude);
    }
    let best = winning(before, strain)?;
    if best.suit == card.suit && card.rank > best.rank {
        return None; // Trying to win the trick, not signalling.
    }
    Some(if leader == seat.partner() {
        Signal::Attitude
    } else {
        Signal::Count
    })
}

/// The card the carding plays for the player to move in `play` instead of
/// `best`, among `equal` (the legal cards the analysis values as it
/// values `best`): the highest or lowest signalling card of `best`'s suit,
/// as the signal asks. None when `best` is not a signalling card or there
/// is no choice.
pub(super) fn carding(play: &Play, best: Card, equal: Hand) -> Option<Card> {
    let seat = play.next_seat();
    let before: Vec<(Seat, Card)> = play.current_trick().cards().collect();
    let earlier = played_by(play, seat);
    let signal = meaning(play, &before, seat, best, earlier)?;
    let choices: Vec<Card> = equal
        .only(best.suit)
        .iter()
        .filter(|&c| meaning(play, &before, seat, c, earlier) == Some(signal))
        .collect();
    if choices.len() < 2 {
        return None;
    }
    let holding = play.hands()[seat].suit(best.suit);
    if wants_high(signal, holding) {
        choices.iter().copied().max_by_key(|c| c.rank)
    } else {
        choices.iter().copied().min_by_key(|c| c.rank)
    }
}

/// The cards `seat` has played in the completed tricks of `play`.
fn played_by(play: &Play, seat: Seat) -> Hand {
    play.tricks()
        .iter()
        .filter_map(|t| t.card_of(seat))
        .collect()
}

/// The defenders' signals that the player to move in `play` reads: a
/// defender reads partner's, declarer (for either hand) both defenders'.
#[derive(Clone, Debug, Default)]
pub(super) struct Signals {
    /// Each signalling card with its player and what it means.
    cards: Vec<(Seat, Card, Signal)>,
}

impl Signals {
    /// The signals the player to move in `play` reads: partner's for a
    /// defender (a defender's own cards tell them nothing new), both
    /// defenders' for declarer — the defenders card the standard way, so
    /// their spots say something about the unseen hands to declarer too.
    pub(super) fn read(play: &Play) -> Signals {
        let me = play.next_seat();
        let readable = |seat: Seat| {
            if me.side() == play.declarer().side() {
                seat.side() != me.side()
            } else {
                seat == me.partner()
            }
        };
        let mut earlier = [Hand::EMPTY; 4];
        let mut cards = Vec::new();
        let tricks = play
            .tricks()
            .iter()
            .chain(std::iter::once(play.current_trick()));
        for trick in tricks {
            let all: Vec<(Seat, Card)> = trick.cards().collect();
            for (i, &(seat, card)) in all.iter().enumerate() {
                if !readable(seat) || i == 0 {
                    continue;
                }
                if let Some(signal) = meaning(play, &all[..i], seat, card, earlier[seat.index()]) {
                    cards.push((seat, card, signal));
                }
            }
            for &(seat, card) in &all {
                earlier[seat.index()].insert(card);
            }
        }
        Signals { cards }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The relative chance that the signallers signal as they did when
    /// their remaining cards are those of `deal` (and `played[seat]` those
    /// they have played): 1 when every signal is what the carding gives
    /// with that hand, or when the signaller had no other spot to play.
    pub(super) fn likelihood(&self, deal: &Deal, played: &[Hand; 4]) -> f64 {
        self.cards
            .iter()
            .map(|&(seat, card, signal)| {
                let hand = deal[seat] | played[seat.index()];
                let holding = hand.suit(card.suit);
                let spots = holding & SPOTS;
                if spots.count_ones() < 2 {
                    return 1.0;
                }
                let high = card.rank.0 > spots.trailing_zeros() as u8;
                if high == wants_high(signal, holding) {
                    1.0
                } else {
                    MISREAD
                }
            })
            .product()
    }

    /// A deal of the unseen cards for `view` kept with the likelihood of
    /// the signals (rejection sampling, as the opening lead keeps deals
    /// with the auction's): the first of up to [`MAX_DRAWS`] draws that
    /// passes, else the likeliest draw.
    pub(super) fn sample<R: Rng + ?Sized>(&self, view: &View, play: &Play, rng: &mut R) -> Deal {
        if self.is_empty() {
            return view.sample(play, rng);
        }
        self.sample_weighted(view, play, rng, MAX_DRAWS, |_| 1.0)
    }

    /// [`Signals::sample`] with each draw's likelihood also multiplied by
    /// `weight` of it (the auction's, for declarer): the first of up to
    /// `draws` draws that passes, else the likeliest.
    pub(super) fn sample_weighted<R: Rng + ?Sized>(
        &self,
        view: &View,
        play: &Play,
        rng: &mut R,
        draws: usize,
        weight: impl Fn(&Deal) -> f64,
    ) -> Deal {
        let mut best: Option<(f64, Deal)> = None;
        for _ in 0..draws {
            let deal = view.sample(play, rng);
            let likelihood = self.likelihood(&deal, &view.played) * weight(&deal);
            if likelihood >= 1.0 || rng.random::<f64>() < likelihood {
                return deal;
            }
            if best.is_none_or(|(l, _)| likelihood > l) {
                best = Some((likelihood, deal));
            }
        }
        best.map_or_else(|| view.sample(play, rng), |(_, d)| d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Suit;

    fn card(s: &str) -> Card {
        s.parse().expect("test card")
    }

    #[test]
    fn attitude_wants_an_honour_and_count_an_even_length() {
        let mask = |h: &str| h.parse::<Hand>().expect("hand").suit(Suit::Spades);
        assert!(wants_high(Signal::Attitude, mask("K82...")));
        assert!(!wants_high(Signal::Attitude, mask("J82...")));
        assert!(wants_high(Signal::Count, mask("8632...")));
        assert!(!wants_high(Signal::Count, mask("863...")));
        assert_eq!(SPOTS.count_ones(), 8);
        assert_eq!(card("S9").rank.0, TOP_SPOT);
    }
}
