//! What the player about to play knows, and Turbo Bridge `DealCards` /
//! `ChangeCards`: dealing the unseen cards at random but consistently with
//! that knowledge.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::bridge::bidding::{HandShape, Info};
use crate::bridge::{Card, Deal, Hand, Play, Seat, Suit};

/// The knowledge of the player who chooses the next card (declarer for
/// dummy): the hands they see, the voids shown in the play, and `Info`
/// from the auction with the cards played taken off (`MakeCard` lowers
/// `MinL` as cards are played).
#[derive(Clone, Debug)]
pub struct View {
    /// The player who decides.
    pub viewer: Seat,
    /// Hands the viewer sees: their own, and dummy after the opening lead.
    pub visible: [bool; 4],
    /// `voids[seat][suit]`: the seat failed to follow to that suit.
    pub voids: [[bool; 4]; 4],
    /// Minimum length still held, per seat and suit.
    pub min_len: [[u8; 4]; 4],
    /// Maximum length of each original hand, per seat and suit, from the
    /// auction.
    pub max_len: [[u8; 4]; 4],
    /// Point range of each original hand, from the auction.
    pub points: [(u8, u8); 4],
    /// Aces and kings of each original hand shown by a Blackwood or 5NT
    /// answer (modulo 4, as the answers count them).
    pub honours: [(Option<u8>, Option<u8>); 4],
    /// The cards each seat has played.
    pub played: [Hand; 4],
    /// Whether [`View::sample_deal`] deals the lengths without bias
    /// ([`View::with_fair_lengths`]) rather than `ChangeCards`' way.
    pub fair_lengths: bool,
}

const ACE: u8 = 14;
/// Deals tried at most for one that honours the minimum lengths fairly
/// ([`View::with_fair_lengths`]).
const FAIR_TRIES: u32 = 64;
const KING: u8 = 13;

/// Moves one unplayed card of rank `rank` from `from` to `to`, taking back
/// the lowest card of the same suit that is neither an ace nor a king.
/// False when no suit allows it.
fn swap_honour(deal: &mut Deal, from: Seat, to: Seat, rank: u8) -> bool {
    for suit in Suit::ALL {
        let honour = Card::new(suit, crate::bridge::Rank(rank));
        let small = deal[to].suit(suit) & ((1u16 << KING) - 1);
        if !deal[from].contains(honour) || small == 0 {
            continue;
        }
        let back = Card::new(suit, crate::bridge::Rank(small.trailing_zeros() as u8));
        deal[from].remove(honour);
        deal[to].remove(back);
        deal[to].insert(honour);
        deal[from].insert(back);
        return true;
    }
    false
}

impl View {
    /// The view of the player to act in `play`, given what the auction
    /// revealed (`infos`, North first).
    pub fn new(play: &Play, infos: &[Info; 4]) -> View {
        let dummy = play.declarer().partner();
        let next = play.next_seat();
        let viewer = if next == dummy { play.declarer() } else { next };
        let cards = play.cards_played();
        let mut visible = [false; 4];
        visible[viewer.index()] = true;
        if !cards.is_empty() {
            visible[dummy.index()] = true;
        }
        let mut voids = [[false; 4]; 4];
        let mut played = [Hand::EMPTY; 4];
        for trick in play
            .tricks()
            .iter()
            .chain(std::iter::once(play.current_trick()))
        {
            let led = trick.lead_suit();
            for (seat, card) in trick.cards() {
                played[seat.index()].insert(card);
                if let Some(led) = led
                    && card.suit != led
                {
                    voids[seat.index()][led.index()] = true;
                }
            }
        }
        let mut min_len = [[0u8; 4]; 4];
        let mut points = [(0u8, 40u8); 4];
        let mut honours = [(None, None); 4];
        for seat in Seat::ALL {
            let info = &infos[seat.index()];
            for suit in Suit::ALL {
                let gone = played[seat.index()].suit(suit).count_ones() as u8;
                min_len[seat.index()][suit.index()] = if voids[seat.index()][suit.index()] {
                    0
                } else {
                    info.min_len[suit.index()].saturating_sub(gone)
                };
            }
            points[seat.index()] = (info.min_p, info.max_p);
            honours[seat.index()] = (info.aces, info.kings);
        }
        View {
            viewer,
            visible,
            voids,
            min_len,
            max_len: infos.map(|i| i.max_len),
            points,
            honours,
            played,
            fair_lengths: false,
        }
    }

    /// The view of `viewer` during the auction: its own hand, and the
    /// suit lengths and point ranges every call has revealed (`infos`,
    /// North first). The bidding simulation deals the other hands from it.
    pub fn auction(viewer: Seat, infos: &[Info; 4]) -> View {
        let mut visible = [false; 4];
        visible[viewer.index()] = true;
        View {
            viewer,
            visible,
            voids: [[false; 4]; 4],
            min_len: infos.map(|i| i.min_len),
            max_len: infos.map(|i| i.max_len),
            points: infos.map(|i| (i.min_p, i.max_p)),
            honours: infos.map(|i| (i.aces, i.kings)),
            played: [Hand::EMPTY; 4],
            fair_lengths: false,
        }
    }

    /// This view with the point minimum of every hidden hand lowered by
    /// `by` (never below 0): the deals then also give a hand a point or
    /// two less than its calls' `Info` promises, which the rules do bid
    /// that way (an 11-12 count that opens, raises to 3NT or doubles
    /// where `Info` says 13), and leave it to the auction's likelihood
    /// ([`AuctionFit`](super::AuctionFit)) to weigh them.
    pub fn with_point_minimums_lowered(mut self, by: u8) -> View {
        for seat in Seat::ALL.into_iter().filter(|s| !self.visible[s.index()]) {
            let (lo, _) = &mut self.points[seat.index()];
            *lo = lo.saturating_sub(by);
        }
        self
    }

    /// This view dealing the promised lengths without `ChangeCards`'
    /// leaning to long promised suits (see [`View::length_weight`]): each
    /// deal that honours the lengths as likely as the others, as a random
    /// deal kept only when it honours them would be.
    pub fn with_fair_lengths(mut self) -> View {
        self.fair_lengths = true;
        self
    }

    /// The weight that turns a deal of [`View::sample_deal`] into a draw
    /// from the deals that honour the lengths, each as likely as the
    /// others (a random deal kept only when it honours them).
    /// `ChangeCards` first gives each hidden hand the cards its bidding
    /// promised, then deals the rest at random: a hand that ends with `k`
    /// cards of a suit whose minimum is `m` is dealt `C(k, m)` times as
    /// often as a random deal would hold it (any `m` of its `k` cards may
    /// have been the promised ones), so a promised suit comes out longer
    /// than the auction makes it (partner's overcalled suit by about 0.7
    /// cards). The weight is the product of `1 / C(k, m)` over the hidden
    /// hands' minimums: 1 when every hand holds exactly what it promised,
    /// and for every deal of a view that deals fairly
    /// ([`View::with_fair_lengths`]).
    pub fn length_weight(&self, deal: &Deal) -> f64 {
        if self.fair_lengths {
            return 1.0;
        }
        self.promised_first_weight(deal)
    }

    /// `1 / C(k, m)` over the hidden hands' minimums (see
    /// [`View::length_weight`]), whichever way the view deals.
    fn promised_first_weight(&self, deal: &Deal) -> f64 {
        let mut weight = 1.0;
        for seat in Seat::ALL.into_iter().filter(|s| !self.visible[s.index()]) {
            for suit in Suit::ALL {
                let m = u32::from(self.min_len[seat.index()][suit.index()]);
                let k = deal[seat].suit(suit).count_ones();
                // C(k, m) as the product of (k - i) / (m - i).
                for i in 0..m.min(k) {
                    weight *= f64::from(m - i) / f64::from(k - i);
                }
            }
        }
        weight
    }

    /// The view of a player who may look at every hand (the handbook's
    /// "cheat" option).
    pub fn open(play: &Play) -> View {
        let mut view = View::new(play, &[Info::default(); 4]);
        view.visible = [true; 4];
        view
    }

    /// Whether every hand is visible (then sampling returns the real deal).
    pub fn is_open(&self) -> bool {
        self.visible.iter().all(|&v| v)
    }

    /// Deals the cards the viewer cannot see among the hidden hands, each
    /// getting as many as it really holds, never a card of a suit it has
    /// shown void in, and — when the random deal allows — the suit lengths
    /// and point ranges of the auction. Returns the remaining hands.
    pub fn sample<R: Rng + ?Sized>(&self, play: &Play, rng: &mut R) -> Deal {
        self.sample_deal(play.hands(), rng)
    }

    /// [`View::sample`] over the hands of `real`, of which only the
    /// visible ones and the set of the hidden cards are read.
    pub fn sample_deal<R: Rng + ?Sized>(&self, real: &Deal, rng: &mut R) -> Deal {
        let hidden: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| !self.visible[s.index()])
            .collect();
        if hidden.is_empty() {
            return *real;
        }
        // In card order, not hand by hand: the samples must not depend on
        // where the unseen cards really are (a seat at a table manager
        // knows only which cards are unseen, and must choose as the
        // whole-deal program does).
        let mut pool: Vec<Card> = hidden.iter().flat_map(|&s| real[s].iter()).collect();
        pool.sort_unstable();
        const ATTEMPTS: u32 = 48;
        let mut fallback = None;
        for attempt in 0..ATTEMPTS {
            pool.shuffle(rng);
            let honour_lengths = attempt < ATTEMPTS / 2;
            // What a hand denied (a major after 1NT-3NT) is near to a
            // fact: kept far longer than what it promised, but not to the
            // end, so that a human's call we misread still finds deals.
            let honour_max = attempt < ATTEMPTS - ATTEMPTS / 6;
            let dealt = if honour_lengths && self.fair_lengths {
                self.fair_deal(real, &hidden, &mut pool, honour_max, rng)
            } else {
                self.try_deal(real, &hidden, &pool, (honour_lengths, honour_max), rng)
            };
            let Some(mut deal) = dealt else {
                continue;
            };
            for rank in [ACE, KING] {
                self.give_shown_honours(&mut deal, &hidden, rank);
            }
            let slack = (attempt / 8) as u8;
            if self.points_fit(&deal, &hidden, slack) {
                return deal;
            }
            fallback.get_or_insert(deal);
        }
        // Only the voids are certain; when even they cannot be honoured
        // (inconsistent input), deal by room alone.
        fallback.unwrap_or_else(|| {
            let mut deal = *real;
            let mut i = 0;
            for &s in &hidden {
                let n = real[s].len();
                deal[s] = pool[i..i + n].iter().copied().collect();
                i += n;
            }
            deal
        })
    }

    /// A deal that honours the minimum lengths, each such deal as likely
    /// as the others (up to the maximum lengths' closing of suits): by
    /// rejection, alternately a plain deal kept when it holds every
    /// minimum (likely when the minimums are loose, as a 1NT opener's
    /// two cards a suit) and a `ChangeCards` deal kept with the chance
    /// [`View::length_weight`] gives it (likely when they are tight, as a
    /// long suit overcalled), either kept deal a fair one. After
    /// [`FAIR_TRIES`] misses, the last `ChangeCards` deal.
    fn fair_deal<R: Rng + ?Sized>(
        &self,
        real: &Deal,
        hidden: &[Seat],
        pool: &mut [Card],
        honour_max: bool,
        rng: &mut R,
    ) -> Option<Deal> {
        let holds_minimums = |deal: &Deal| {
            hidden.iter().all(|&s| {
                Suit::ALL.into_iter().all(|suit| {
                    deal[s].suit(suit).count_ones() as u8 >= self.min_len[s.index()][suit.index()]
                })
            })
        };
        let mut last = None;
        for attempt in 0..FAIR_TRIES {
            if attempt > 0 {
                pool.shuffle(rng);
            }
            let promised_first = attempt % 2 == 1;
            let Some(deal) = self.try_deal(real, hidden, pool, (promised_first, honour_max), rng)
            else {
                continue;
            };
            let kept = if promised_first {
                last = Some(deal);
                rng.random::<f64>() < self.promised_first_weight(&deal)
            } else {
                holds_minimums(&deal)
            };
            if kept {
                return Some(deal);
            }
        }
        last
    }

    fn try_deal<R: Rng + ?Sized>(
        &self,
        real: &Deal,
        hidden: &[Seat],
        pool: &[Card],
        (honour_lengths, honour_max): (bool, bool),
        rng: &mut R,
    ) -> Option<Deal> {
        let mut deal = *real;
        let mut room = [0usize; 4];
        for &s in hidden {
            deal[s] = Hand::EMPTY;
            room[s.index()] = real[s].len();
        }
        let mut taken = vec![false; pool.len()];
        if honour_lengths {
            // ChangeCards: first give each hand the cards its bidding promised.
            for &s in hidden {
                for suit in Suit::ALL {
                    let mut need = self.min_len[s.index()][suit.index()];
                    for (i, card) in pool.iter().enumerate() {
                        if need == 0 || room[s.index()] == 0 {
                            break;
                        }
                        if !taken[i] && card.suit == suit {
                            taken[i] = true;
                            deal[s].insert(*card);
                            room[s.index()] -= 1;
                            need -= 1;
                        }
                    }
                }
            }
        }
        // A hand that holds as many cards of a suit as its bidding allows
        // takes no more of it, as a void takes none.
        let closed = |deal: &Deal, s: Seat, suit: Suit| {
            self.voids[s.index()][suit.index()]
                || (honour_max
                    && (deal[s] | self.played[s.index()]).suit(suit).count_ones() as u8
                        >= self.max_len[s.index()][suit.index()])
        };
        for (i, card) in pool.iter().enumerate() {
            if taken[i] {
                continue;
            }
            let total: usize = hidden
                .iter()
                .filter(|&&s| !closed(&deal, s, card.suit))
                .map(|s| room[s.index()])
                .sum();
            if total == 0 {
                return None;
            }
            let mut pick = rng.random_range(0..total);
            for &s in hidden {
                if closed(&deal, s, card.suit) {
                    continue;
                }
                if pick < room[s.index()] {
                    deal[s].insert(*card);
                    room[s.index()] -= 1;
                    break;
                }
                pick -= room[s.index()];
            }
        }
        Some(deal)
    }

    /// The aces (or kings) a slam answer showed, for each hidden hand
    /// that showed them: a random deal rarely has them where they are
    /// known to be, so they are moved there, each swapped for a card of
    /// the same suit (no length or void changes) with a hidden hand that
    /// showed nothing, or has more than it showed.
    fn give_shown_honours(&self, deal: &mut Deal, hidden: &[Seat], rank: u8) {
        let shown = |seat: Seat| {
            let (aces, kings) = self.honours[seat.index()];
            if rank == ACE { aces } else { kings }
        };
        let held = |deal: &Deal, seat: Seat| {
            Suit::ALL
                .iter()
                .filter(|&&suit| {
                    (deal[seat] | self.played[seat.index()]).suit(suit) >> rank & 1 == 1
                })
                .count() as u8
        };
        for &to in hidden {
            let Some(want) = shown(to) else { continue };
            // Move honours in while short, out while over (4 counts as 0).
            for _ in 0..4 {
                let have = held(deal, to);
                if have % 4 == want % 4 {
                    break;
                }
                let short = have < want % 4;
                let (giver, taker) = if short {
                    (None, Some(to))
                } else {
                    (Some(to), None)
                };
                let moved = hidden.iter().filter(|&&s| s != to).any(|&other| {
                    let surplus = shown(other).is_none_or(|w| {
                        let h = held(deal, other);
                        if short { h > w % 4 } else { h < w % 4 }
                    });
                    surplus
                        && swap_honour(deal, giver.unwrap_or(other), taker.unwrap_or(other), rank)
                });
                if !moved {
                    break;
                }
            }
        }
    }

    fn points_fit(&self, deal: &Deal, hidden: &[Seat], slack: u8) -> bool {
        hidden.iter().all(|&s| {
            let original = HandShape::of(deal[s] | self.played[s.index()]);
            let (lo, hi) = self.points[s.index()];
            // The aces and kings an answer showed are facts, not ranges:
            // honoured exactly until the slack grows.
            let (aces, kings) = self.honours[s.index()];
            let shown =
                |count: Option<u8>, held: u8| slack > 1 || count.is_none_or(|n| n % 4 == held % 4);
            // Points include distribution points, which an end position's
            // short hands inflate: the upper bound is checked on the
            // high-card points alone (never more than the points).
            original.points() + slack >= lo
                && original.hcp <= hi.saturating_add(slack)
                && shown(aces, original.aces)
                && shown(kings, original.kings)
        })
    }
}
