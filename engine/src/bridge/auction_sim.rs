//! Bidding decisions by simulation, where point counts fail: the calls
//! that decide game or not, slam or not, the strain, and whether to double
//! or compete.
//!
//! Turbo Bridge's `FindBid` scores every legal call against the hand with
//! fixed point thresholds (`MinPoints`, partner's shown minimum). When
//! several calls score close to the best, the thresholds alone cannot tell
//! them apart, and the deal can: like `FindCard` in the play, we deal the
//! unseen hands at random consistently with what the auction has shown
//! (the play's own sampling, [`View::sample_deal`]), finish the auction
//! after each contending call with the rules for all four seats, solve the
//! final contracts double dummy (one strain and declarer each, never a
//! full table) and score them at the board's vulnerability. The call whose
//! contracts win the most IMPs against the rules' own choice is made; the
//! rules' choice stays unless another call gains clearly.
//!
//! Only the bidder's hand and the auction are read, so a seat at a table
//! manager makes the call the whole-deal program makes: the random
//! generator of a call is seeded from the seed, the hand and the auction.

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::bidding::{BidClass, Bidding, Candidate};
use super::dds::{Position, Solver};
use super::play::View;
use super::scoring::{imps, ns_score};
use super::{Call, Contract, Deal, FULL_DECK, Hand, Seat, Side, Vulnerability};
use crate::control::Control;

/// Contending calls are those the rules value within this much of their
/// best (a point outside a call's range costs 25).
const MARGIN: i32 = 60;
/// At most this many calls contend, the rules' best first.
const MAX_CONTENDERS: usize = 3;
/// Another call replaces the rules' choice only when it gains at least this
/// many IMPs a deal on average: noise of a few deals must not overturn the
/// system.
const MIN_GAIN: f64 = 0.5;
/// Fewer deals than this (a time limit cut in early) decide nothing.
const MIN_SAMPLES: usize = 4;
/// After this many deals a simulation in which no other call has gained
/// anything yet stops: the rules' choice stands (most contests end so, and
/// the solver's time goes to those still open).
const GIVE_UP_AFTER: usize = 6;
/// A safety bound on the calls of a rolled-out auction.
const MAX_ROLLOUT_CALLS: usize = 64;

/// How much simulation the bidding may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidOptions {
    /// Deals simulated per contested call; 0 bids by the rules alone.
    pub samples: usize,
    /// Stop simulating a call once this many milliseconds of the control's
    /// clock have gone on it (the call is then not reproducible).
    pub time_per_call_ms: Option<u64>,
    /// Deals simulated at a placement call of our own constructive
    /// auction (see [`placement`](super::placement)); 0 leaves those calls
    /// to the rules.
    pub placement_samples: usize,
    /// Deals simulated at a slam decision (see
    /// [`placement::place_slam`](super::placement::place_slam)); 0 leaves
    /// slams to the rules.
    pub slam_samples: usize,
    /// Deals simulated at a contested game decision (see
    /// [`compete::decide`](super::compete::decide)); 0 leaves those games
    /// to the rules.
    pub compete_samples: usize,
    /// Seed of the sampled deals.
    pub seed: u64,
}

/// The rules alone by default at the contested and placement calls (for
/// the placement calls see [`placement::SAMPLES`](super::placement::SAMPLES)),
/// and the slam decision and the contested game decision by simulation
/// ([`placement::SLAM_SAMPLES`](super::placement::SLAM_SAMPLES),
/// [`compete::SAMPLES`](super::compete::SAMPLES)). With 8
/// deals a contested call the simulation moved the mean |IMPs| from par
/// of `bridge_quality --bidding-only` from 5.49 to 5.29 on 200 boards of
/// seed 1 but from 5.11 to 5.35 on 100 boards of seed 2, at about 1 s of
/// one core a board for the bidding: no clear gain for a board five times
/// slower. Session 31 (s31-bidc), `bridge_quality --boards 100
/// --bidding-only --seed 1 --bid-samples 8`: 4.76 -> 5.09, 1.2 s of one
/// core a board.
impl Default for BidOptions {
    fn default() -> Self {
        BidOptions {
            samples: 0,
            time_per_call_ms: None,
            placement_samples: 0,
            slam_samples: super::placement::SLAM_SAMPLES,
            compete_samples: super::compete::SAMPLES,
            seed: 1,
        }
    }
}

/// What the simulation found for one call.
#[derive(Clone, Debug, PartialEq)]
pub struct CallChoice {
    pub call: Call,
    /// The rules' own choice.
    pub rules: Call,
    /// Deals simulated (0 when the rules decided alone).
    pub samples: usize,
    /// Mean IMPs a deal of each contending call against the rules' choice.
    pub values: Vec<(Call, f64)>,
}

/// The random generator of the call `hand` makes after `bidding`'s calls:
/// the same for the whole-deal program and for a seat that sees only its
/// own hand.
pub fn call_rng(seed: u64, hand: Hand, bidding: &Bidding) -> StdRng {
    let mut h = seed ^ 0xCBF2_9CE4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
    };
    mix(hand.0);
    mix(bidding.auction().dealer().index() as u64);
    for &call in bidding.calls() {
        mix(match call {
            Call::Pass => 1,
            Call::Double => 2,
            Call::Redouble => 3,
            Call::Bid { .. } => 4 + call.bid_rank().unwrap_or(0) as u64,
        });
    }
    StdRng::seed_from_u64(h)
}

/// The calls worth a simulation: the rules' best first, then those valued
/// within [`MARGIN`] of it.
fn contenders(candidates: &[Candidate]) -> Vec<Call> {
    let mut sorted: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| c.class != BidClass::Illegal)
        .collect();
    // Stable: among equals the cheapest call first, as `FindBid` takes it.
    sorted.sort_by_key(|c| std::cmp::Reverse(c.value));
    let Some(best) = sorted.first() else {
        return Vec::new();
    };
    sorted
        .iter()
        .take_while(|c| c.value >= best.value - MARGIN)
        .take(MAX_CONTENDERS)
        .map(|c| c.call)
        .collect()
}

/// `hand` at `me` and the other cards in any order at the other seats:
/// the samplers read only the set of the unseen cards from it.
pub(crate) fn placeholder_deal(me: Seat, hand: Hand) -> Deal {
    let mut deal = Deal::default();
    deal[me] = hand;
    let mut rest = FULL_DECK.difference(hand).iter();
    for seat in Seat::ALL.into_iter().filter(|&s| s != me) {
        deal[seat] = rest.by_ref().take(13).collect();
    }
    deal
}

/// The auction finished by the rules on a sampled deal after `call`.
pub(crate) fn rollout(bidding: &Bidding, call: Call, deal: &Deal) -> Option<Contract> {
    let mut b = bidding.clone();
    b.push(call).ok()?;
    for _ in 0..MAX_ROLLOUT_CALLS {
        if b.is_complete() {
            break;
        }
        let next = b.find_bid(deal[b.next_seat()]);
        b.push(next).ok()?;
    }
    b.auction().final_contract()
}

/// Double-dummy tricks of each declarer and strain of one deal, solved
/// when first asked.
struct Tricks<'a> {
    deal: &'a Deal,
    known: [[Option<u8>; 4]; 5],
}

impl Tricks<'_> {
    fn get(&mut self, solver: &mut Solver, declarer: Seat, contract: &Contract) -> u8 {
        let slot = &mut self.known[contract.strain.index()][declarer.index()];
        if let Some(t) = *slot {
            return t;
        }
        let t = Position::new(self.deal, declarer.next())
            .map_or(0, |p| 13 - solver.tricks(&p, contract.strain));
        *slot = Some(t);
        t
    }
}

/// Bidding by simulation for the player to act in `bidding`, holding
/// `hand`: the rules' choice unless the simulation finds a contending call
/// clearly better. `control` is asked before each deal after the first.
pub fn choose_call<P, C: Control<P> + ?Sized>(
    bidding: &Bidding,
    hand: Hand,
    vulnerability: Vulnerability,
    options: &BidOptions,
    solver: &mut Solver,
    control: &mut C,
) -> CallChoice {
    let rules = bidding.find_bid(hand);
    let mut choice = CallChoice {
        call: rules,
        rules,
        samples: 0,
        values: Vec::new(),
    };
    if options.samples == 0 || bidding.is_complete() {
        return choice;
    }
    let calls = contenders(&bidding.candidates(hand));
    if calls.len() < 2 {
        return choice;
    }
    // The rules' choice is the reference every contender is measured against.
    let reference = calls.iter().position(|&c| c == rules);
    let me = bidding.next_seat();
    let view = View::auction(me, bidding.infos());
    let placeholder = placeholder_deal(me, hand);
    let sign = if me.side() == Side::NorthSouth { 1 } else { -1 };
    let mut rng = call_rng(options.seed, hand, bidding);
    let start = control.elapsed_ms();
    let mut totals = vec![0i64; calls.len()];
    let mut samples = 0;
    while samples < options.samples {
        if samples > 0
            && (control.stop_requested()
                || options
                    .time_per_call_ms
                    .is_some_and(|b| control.elapsed_ms().saturating_sub(start) >= b))
        {
            break;
        }
        let deal = view.sample_deal(&placeholder, &mut rng);
        let contracts: Vec<Option<Contract>> =
            calls.iter().map(|&c| rollout(bidding, c, &deal)).collect();
        samples += 1;
        // The same contract everywhere scores the same: no solving needed.
        if contracts.iter().any(|c| *c != contracts[0]) {
            let mut tricks = Tricks {
                deal: &deal,
                known: [[None; 4]; 5],
            };
            let scores: Vec<i32> = contracts
                .iter()
                .map(|c| {
                    let t = c.map_or(0, |c| tricks.get(solver, c.declarer, &c));
                    sign * ns_score(c.as_ref(), vulnerability, t)
                })
                .collect();
            let base = reference.map_or(0, |r| scores[r]);
            for (total, score) in totals.iter_mut().zip(&scores) {
                *total += i64::from(imps(score - base));
            }
        }
        if samples >= GIVE_UP_AFTER && reference.is_some() && totals.iter().all(|&t| t <= 0) {
            break;
        }
    }
    choice.samples = samples;
    choice.values = calls
        .iter()
        .zip(&totals)
        .map(|(&c, &t)| (c, t as f64 / samples.max(1) as f64))
        .collect();
    if samples >= MIN_SAMPLES
        && let Some(&(best, gain)) = choice.values.iter().max_by(|a, b| a.1.total_cmp(&b.1))
        && gain >= MIN_GAIN
    {
        choice.call = best;
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::play::PlayOptions;
    use crate::bridge::seat::SeatPlayer;
    use crate::bridge::table::{Player, Seats, Table};
    use crate::bridge::{Card, Strain, board_dealer, board_vulnerability};
    use crate::control::{Progress, Unlimited};

    fn options(samples: usize) -> BidOptions {
        BidOptions {
            samples,
            time_per_call_ms: None,
            placement_samples: 0,
            slam_samples: 0,
            compete_samples: 0,
            seed: 5,
        }
    }

    fn choose(bidding: &Bidding, hand: Hand, samples: usize) -> CallChoice {
        choose_call::<Progress<Card>, _>(
            bidding,
            hand,
            Vulnerability::None,
            &options(samples),
            &mut Solver::new(),
            &mut Unlimited,
        )
    }

    /// A bidding position with `calls` made so far.
    fn auction(dealer: Seat, calls: &[&str]) -> Bidding {
        let mut b = Bidding::new(dealer);
        for c in calls {
            b.push(c.parse().expect("call")).expect("legal");
        }
        b
    }

    #[test]
    fn without_samples_the_rules_decide() {
        let hand: Hand = "AQ96.A8543.AK5.4".parse().expect("hand");
        let b = auction(Seat::North, &["1D", "Pass"]);
        let choice = choose(&b, hand, 0);
        assert_eq!(choice.call, b.find_bid(hand));
        assert_eq!(choice.samples, 0);
    }

    /// 1C 1D 2C Pass 3C Pass Pass: West, who passed 2C, holds five
    /// hearts to the king-queen-jack and four spades, 10 points, opposite
    /// a one-level overcall. The rules value no three-level call with 10
    /// points and sell out to 3C; but the opponents' club fit leaves East
    /// short in clubs, so E/W have a fit of their own, which the sampled
    /// deals find: the simulation competes with 3H. On the real deal East
    /// has four hearts and a club void: North makes ten tricks in 3C
    /// (-130) while the rules carry E/W from 3H on to 4H, which makes.
    const BALANCE_DEAL: &str =
        "N:KQ93.T.65.AKJ752 T854.A976.AJT94. J.852.KQ73.QT983 A762.KQJ43.82.64";
    const BALANCE_AUCTION: [&str; 7] = ["1C", "1D", "2C", "Pass", "3C", "Pass", "Pass"];

    #[test]
    fn the_fit_the_rules_cannot_see_competes_for_the_partscore() {
        let deal: Deal = BALANCE_DEAL.parse().expect("deal");
        let b = auction(Seat::North, &BALANCE_AUCTION);
        assert_eq!(b.next_seat(), Seat::West);
        let compete = Call::bid(3, Strain::Hearts).expect("3H");
        let choice = choose(&b, deal[Seat::West], 24);
        assert_eq!(choice.rules, Call::Pass, "the rules sell out to 3C");
        assert_eq!(choice.call, compete, "{choice:?}");
        // Right on the deal itself: 3C makes, and so do West's hearts.
        let east_leads = Position::new(&deal, Seat::East).expect("position");
        let north = 13 - Solver::new().tricks(&east_leads, Strain::Clubs);
        assert!(north >= 9, "3C makes double dummy ({north} tricks)");
        let start = Position::new(&deal, Seat::North).expect("position");
        let west = 13 - Solver::new().tricks(&start, Strain::Hearts);
        assert!(west >= 10, "4H makes double dummy ({west} tricks)");
    }

    /// The same seed gives the same deals and the same values, whatever
    /// the solver learnt before; another seed deals other hands.
    #[test]
    fn a_seed_fixes_the_simulation() {
        let deal: Deal = BALANCE_DEAL.parse().expect("deal");
        let b = auction(Seat::North, &BALANCE_AUCTION);
        let hand = deal[Seat::West];
        let first = choose(&b, hand, 8);
        assert_eq!(first.samples, 8);
        let mut used = Solver::new();
        let _ = used.dd_table(&deal);
        let again = choose_call::<Progress<Card>, _>(
            &b,
            hand,
            Vulnerability::None,
            &options(8),
            &mut used,
            &mut Unlimited,
        );
        assert_eq!(first, again);
        let other = choose_call::<Progress<Card>, _>(
            &b,
            hand,
            Vulnerability::None,
            &BidOptions {
                seed: 6,
                ..options(8)
            },
            &mut Solver::new(),
            &mut Unlimited,
        );
        assert_ne!(first.values, other.values, "another seed, other deals");
    }

    /// The differential twin of the hook: four seats that see only their
    /// own hands bid what the whole-deal program bids, simulation
    /// included (each with a solver of its own: what a solver has learnt
    /// never changes an answer).
    #[test]
    fn seats_bid_what_the_whole_deal_program_bids() {
        use rand::SeedableRng;
        let mut rng = StdRng::seed_from_u64(20);
        let mut simulated = 0;
        for board in 1..=4u32 {
            let deal = Deal::random(&mut rng);
            let (dealer, vulnerability) = (board_dealer(board), board_vulnerability(board));
            let mut table = Table::new(deal, dealer, vulnerability).expect("full deal");
            let mut whole =
                Player::new(PlayOptions::heuristic(), Some(Solver::new())).with_bidding(options(6));
            whole
                .bid_for(&mut table, Seats::ALL, &mut Unlimited)
                .expect("legal calls");
            let mut seats: Vec<SeatPlayer> = Seat::ALL
                .into_iter()
                .map(|s| {
                    SeatPlayer::new(s, deal[s], dealer)
                        .expect("seat")
                        .with_vulnerability(vulnerability)
                })
                .collect();
            let mut seat_program =
                Player::new(PlayOptions::heuristic(), Some(Solver::with_table_bits(12)))
                    .with_bidding(options(6));
            for (i, &call) in table.bidding().calls().iter().enumerate() {
                let s = table.bidding().seat_of(i);
                let own = seat_program
                    .call_as(&seats[s.index()], &mut Unlimited)
                    .expect("the seat's turn");
                assert_eq!(own, call, "board {board}, call {i} by {s}");
                let rules = seats[s.index()].choose_call();
                simulated += usize::from(rules != call);
                for p in &mut seats {
                    p.call(s, call).expect("every seat accepts");
                }
            }
        }
        // The simulation changed at least one call, or the twin tested
        // nothing beyond the rules.
        assert!(simulated > 0, "no call was changed by the simulation");
    }
}
