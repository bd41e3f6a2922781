//! Turbo Bridge PLAY.BR heuristics: `SelectLead` (with `DeclarerLeadEvalu`,
//! `OpponentLeadEvalu`, `SuitEvalu` and `SuitTreatment`) and `SelectCard`
//! (with `FollowSuit`, `SelectRuff` and `DiscardCard`).
//!
//! They look at the hands of the `Play` they are given: a simulated deal
//! in the search, the real one when the program cheats.

use crate::bridge::{Card, Hand, Play, Rank, Seat, Strain, Suit};

/// A card chosen by the heuristics; always one of `play.legal_cards()`.
pub fn select(play: &Play) -> Option<Card> {
    let legal = play.legal_cards();
    if legal.is_empty() {
        return None;
    }
    let card = if play.current_trick().is_empty() {
        select_lead(play)
    } else {
        select_card(play)
    };
    Some(
        card.filter(|&c| legal.contains(c))
            .unwrap_or_else(|| lowest_of(legal, play.strain())),
    )
}

/// The mask of `suit` still held by anybody.
fn outstanding(play: &Play, suit: Suit) -> u16 {
    play.hands().hands.iter().fold(0, |m, h| m | h.suit(suit))
}

fn len(play: &Play, seat: Seat, suit: Suit) -> u32 {
    play.hands()[seat].suit(suit).count_ones()
}

fn top_bit(mask: u16) -> Option<u8> {
    (mask != 0).then(|| 15 - mask.leading_zeros() as u8)
}

fn card(suit: Suit, rank: u8) -> Card {
    Card::new(suit, Rank(rank))
}

/// Consecutive top cards of `suit` (among those still out) held by the
/// side of `seat`: its sure tricks in the suit (`TestSuit`'s `TopTricks`).
fn top_tricks(play: &Play, seat: Seat, suit: Suit) -> u32 {
    let ours = play.hands()[seat].suit(suit) | play.hands()[seat.partner()].suit(suit);
    let mut all = outstanding(play, suit);
    let mut n = 0;
    while let Some(r) = top_bit(all) {
        if ours >> r & 1 == 0 {
            break;
        }
        n += 1;
        all &= !(1 << r);
    }
    n.min(ours.count_ones())
}

fn has_trumps(play: &Play, seat: Seat) -> bool {
    play.strain()
        .trump()
        .is_some_and(|t| play.hands()[seat].suit(t) != 0)
}

/// The lowest card of a set; trumps count higher than other cards and the
/// lowest suit goes first among equals (the handbook's default card).
fn lowest_of(cards: Hand, strain: Strain) -> Card {
    let trump = strain.trump();
    cards
        .iter()
        .min_by_key(|c| (Some(c.suit) == trump, c.rank.0, c.suit.index()))
        .unwrap_or(Card::new(Suit::Clubs, Rank(2)))
}

fn lowest_in(play: &Play, seat: Seat, suit: Suit) -> Option<Card> {
    play.hands()[seat].lowest(suit)
}

fn highest_in(play: &Play, seat: Seat, suit: Suit) -> Option<Card> {
    play.hands()[seat].highest(suit)
}

// ---------------------------------------------------------------- leads

/// `SelectLead`: evaluate the four suits, lead from the best one with
/// `SuitTreatment`.
fn select_lead(play: &Play) -> Option<Card> {
    let me = play.next_seat();
    let declaring = me.side() == play.declarer().side();
    let suit = Suit::ALL
        .into_iter()
        .filter(|&s| len(play, me, s) > 0)
        .max_by_key(|&s| {
            let major = if declaring {
                declarer_lead_evalu(play, me, s)
            } else {
                opponent_lead_evalu(play, me, s)
            };
            major.unwrap_or_else(|| suit_evalu(play, me, s, declaring))
                + same_suit_bonus(play, me, s)
        })?;
    suit_treatment(play, me, suit)
}

/// Leading the suit our side led last time keeps a plan going (and the
/// handbook uses it to narrow the search).
fn same_suit_bonus(play: &Play, me: Seat, suit: Suit) -> i32 {
    let last = play
        .tricks()
        .iter()
        .rev()
        .find(|t| t.leader().side() == me.side())
        .and_then(|t| t.lead_suit());
    if last == Some(suit) { 8 } else { 0 }
}

/// `DeclarerLeadEvalu`: first a ruff in the short hand that the opponents
/// cannot overruff, then drawing trumps while the opponents have some.
fn declarer_lead_evalu(play: &Play, me: Seat, suit: Suit) -> Option<i32> {
    let trump = play.strain().trump()?;
    let partner = me.partner();
    let (lho, rho) = (me.next(), me.prev());
    let opp_trumps = len(play, lho, trump) + len(play, rho, trump);
    if suit == trump {
        return (opp_trumps > 0).then_some(50);
    }
    let opponents_follow = |s: Seat| len(play, s, suit) > 0 || len(play, s, trump) == 0;
    if len(play, partner, suit) == 0
        && has_trumps(play, partner)
        && opponents_follow(lho)
        && opponents_follow(rho)
    {
        return Some(if opp_trumps == 0 { 60 } else { 45 });
    }
    None
}

/// `OpponentLeadEvalu`: when declarer and dummy cannot ruff the suit, first
/// cash top tricks, then go for a ruff: lead a singleton, or a suit partner
/// is void or short in.
fn opponent_lead_evalu(play: &Play, me: Seat, suit: Suit) -> Option<i32> {
    let declarer = play.declarer();
    let dummy = declarer.partner();
    let partner = me.partner();
    let trump = play.strain().trump();
    let can_ruff = |s: Seat| {
        trump.is_some_and(|t| t != suit && len(play, s, suit) == 0 && len(play, s, t) > 0)
    };
    if can_ruff(declarer) || can_ruff(dummy) {
        return None;
    }
    if top_tricks(play, me, suit) > 0 {
        return Some(60);
    }
    let t = trump?;
    if suit == t {
        return None;
    }
    if len(play, partner, suit) == 0 && has_trumps(play, partner) {
        return Some(55);
    }
    if len(play, me, suit) == 1 && has_trumps(play, me) {
        return Some(45);
    }
    if len(play, partner, suit) == 1 && has_trumps(play, partner) {
        return Some(40);
    }
    None
}

/// `SuitEvalu`: declarer plays suits with top tricks, then long suits, then
/// trumps; the defenders lead trumps (safe) and then long suits.
fn suit_evalu(play: &Play, me: Seat, suit: Suit, declaring: bool) -> i32 {
    let trump = play.strain().trump();
    let ours = (len(play, me, suit) + len(play, me.partner(), suit)) as i32;
    if declaring {
        if trump == Some(suit) {
            return 5;
        }
        let top = top_tricks(play, me, suit) as i32;
        if top > 0 { 30 + 3 * top } else { 10 + ours }
    } else {
        if trump == Some(suit) {
            return 20;
        }
        // Do not lead away from a king into the hand on the left.
        let mine = play.hands()[me].suit(suit);
        let tenace_penalty = if mine >> 13 & 1 != 0 && mine >> 14 & 1 == 0 {
            6
        } else {
            0
        };
        10 + 2 * len(play, me, suit) as i32 - tenace_penalty
    }
}

/// `SuitTreatment`: normally the lowest card; the highest when both
/// opponents are short, when partner's highest cannot take the trick but
/// ours can, or to make a finesse from a sequence; never the highest when an
/// opponent's top card is a singleton.
fn suit_treatment(play: &Play, me: Seat, suit: Suit) -> Option<Card> {
    let hands = play.hands();
    let partner = me.partner();
    let (lho, rho) = (me.next(), me.prev());
    let my = hands[me].suit(suit);
    let my_hi = top_bit(my)?;
    let opp = hands[lho].suit(suit) | hands[rho].suit(suit);
    let low = lowest_in(play, me, suit);
    let Some(opp_hi) = top_bit(opp) else {
        // Opponents void: take it with the top card unless partner must win.
        return highest_in(play, me, suit);
    };
    let singleton_top = [lho, rho]
        .into_iter()
        .any(|s| hands[s].suit(suit) == 1 << opp_hi);
    if singleton_top && opp_hi > my_hi {
        return low;
    }
    let partner_hi = top_bit(hands[partner].suit(suit)).unwrap_or(0);
    if my_hi > opp_hi && partner_hi < opp_hi {
        return highest_in(play, me, suit);
    }
    if len(play, lho, suit) <= 1 && len(play, rho, suit) <= 1 && my_hi > opp_hi {
        return highest_in(play, me, suit);
    }
    // A finesse from a sequence: lead the top of two touching honours when
    // partner holds a card above the opponents' top.
    let below = my_hi.checked_sub(1).map_or(0, |b| my >> b & 1);
    if my_hi >= 10 && below != 0 && partner_hi > opp_hi {
        return highest_in(play, me, suit);
    }
    low
}

// ----------------------------------------------------- second to fourth

/// `SelectCard`: follow suit if possible, otherwise ruff or discard.
fn select_card(play: &Play) -> Option<Card> {
    let me = play.next_seat();
    let led = play.current_trick().lead_suit()?;
    if play.hands()[me].suit(led) != 0 {
        return follow_suit(play, me, led);
    }
    if has_trumps(play, me)
        && let Some(c) = select_ruff(play, me, led)
    {
        return Some(c);
    }
    discard_card(play, me)
}

/// The card winning the trick so far and its player.
fn best_so_far(play: &Play) -> Option<(Seat, Card)> {
    let trump = play.strain().trump();
    let mut best: Option<(Seat, Card)> = None;
    for (seat, card) in play.current_trick().cards() {
        best = match best {
            None => Some((seat, card)),
            Some((_, b)) => {
                let beats = if card.suit == b.suit {
                    card.rank > b.rank
                } else {
                    Some(card.suit) == trump
                };
                if beats { Some((seat, card)) } else { best }
            }
        };
    }
    best
}

/// Whether `seat` (still to play) can beat `best` in the trick led in
/// `led`: with a higher card of the suit, or by ruffing.
fn can_beat(play: &Play, seat: Seat, led: Suit, best: Card) -> bool {
    let hand = play.hands()[seat];
    let trump = play.strain().trump();
    if hand.suit(led) != 0 {
        return best.suit == led && top_bit(hand.suit(led)).is_some_and(|r| r > best.rank.0);
    }
    match trump {
        Some(t) if hand.suit(t) != 0 => {
            best.suit != t || top_bit(hand.suit(t)).is_some_and(|r| r > best.rank.0)
        }
        _ => false,
    }
}

/// The players still to play after `me` in this trick.
fn still_to_play(play: &Play, me: Seat) -> Vec<Seat> {
    let n = 3 - play.current_trick().len();
    (1..=n).map(|k| me.offset(k)).collect()
}

/// The lowest card of `seat` in `suit` above `rank` and above every card
/// of `others` in that suit.
fn lowest_winner(play: &Play, seat: Seat, suit: Suit, rank: u8, others: &[Seat]) -> Option<Card> {
    let their = others
        .iter()
        .fold(0u16, |m, &s| m | play.hands()[s].suit(suit));
    let floor = rank.max(top_bit(their).unwrap_or(0));
    let mine = play.hands()[seat].suit(suit) & !((2u16 << floor) - 1);
    (mine != 0).then(|| card(suit, mine.trailing_zeros() as u8))
}

/// `FollowSuit`: low when we cannot beat the trick; second hand low unless
/// a high card wins the trick that partner could not; third hand high
/// unless partner surely wins; fourth hand high unless partner has it.
fn follow_suit(play: &Play, me: Seat, led: Suit) -> Option<Card> {
    let low = lowest_in(play, me, led);
    let (best_seat, best) = best_so_far(play)?;
    if best.suit != led {
        return low; // ruffed already
    }
    let partner = me.partner();
    let after = still_to_play(play, me);
    let opponents_after: Vec<Seat> = after.iter().copied().filter(|&s| s != partner).collect();
    match play.current_trick().len() {
        1 => {
            // Second hand: partner plays last.
            let sure = lowest_winner(play, me, led, best.rank.0, &opponents_after);
            let partner_wins = can_beat(play, partner, led, best);
            match sure {
                Some(c)
                    if !partner_wins
                        && !opponents_after.iter().any(|&s| can_beat(play, s, led, c)) =>
                {
                    Some(c)
                }
                _ => low,
            }
        }
        2 => {
            if best_seat == partner
                && !opponents_after
                    .iter()
                    .any(|&s| can_beat(play, s, led, best))
            {
                return low;
            }
            if let Some(c) = lowest_winner(play, me, led, best.rank.0, &opponents_after)
                && !opponents_after.iter().any(|&s| can_beat(play, s, led, c))
            {
                return Some(c);
            }
            // Third hand high: force out the opponent's honour.
            match highest_in(play, me, led) {
                Some(c) if c.rank > best.rank && best_seat != partner => Some(c),
                _ => low,
            }
        }
        _ => {
            if best_seat == partner {
                return low;
            }
            lowest_winner(play, me, led, best.rank.0, &[]).or(low)
        }
    }
}

/// `SelectRuff`: ruff when it wins the trick and partner's card does not
/// already, with the lowest trump that wins (and is not overruffed).
fn select_ruff(play: &Play, me: Seat, led: Suit) -> Option<Card> {
    let trump = play.strain().trump()?;
    let (best_seat, best) = best_so_far(play)?;
    let partner = me.partner();
    let after = still_to_play(play, me);
    let opponents_after: Vec<Seat> = after.iter().copied().filter(|&s| s != partner).collect();
    if best_seat == partner
        && !opponents_after
            .iter()
            .any(|&s| can_beat(play, s, led, best))
    {
        return None;
    }
    let floor = if best.suit == trump { best.rank.0 } else { 0 };
    // Only opponents who are void in the led suit can overruff.
    let overrufers: Vec<Seat> = opponents_after
        .iter()
        .copied()
        .filter(|&s| play.hands()[s].suit(led) == 0)
        .collect();
    lowest_winner(play, me, trump, floor, &overrufers)
}

/// `DiscardCard`: the lowest card of the least important suit. Trumps,
/// winners, guards of honours and long suits are important.
fn discard_card(play: &Play, me: Seat) -> Option<Card> {
    let trump = play.strain().trump();
    let hand = play.hands()[me];
    let suit = Suit::ALL
        .into_iter()
        .filter(|&s| hand.suit(s) != 0)
        .min_by_key(|&s| {
            let mask = hand.suit(s);
            let n = mask.count_ones() as i32;
            let mut importance = 0;
            if trump == Some(s) {
                importance += 100;
            }
            let tops = top_tricks(play, me, s) as i32;
            // Discarding a winner, or the last winner's company.
            if tops >= n {
                importance += 40;
            }
            importance += 8 * tops;
            // An honour needs guards: the king one, the queen two.
            let guard_needed = if mask >> 13 & 1 != 0 && mask >> 14 & 1 == 0 {
                2
            } else if mask >> 12 & 1 != 0 && mask >> 13 & 1 == 0 && mask >> 14 & 1 == 0 {
                3
            } else {
                0
            };
            if guard_needed > 0 && n <= guard_needed {
                importance += 25;
            }
            importance - n
        })?;
    lowest_in(play, me, suit)
}
