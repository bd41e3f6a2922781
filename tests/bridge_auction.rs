//! The auction against an independent incremental referee: at every step
//! of random auctions the legal calls, completion and the final contract
//! (declarer = first of the winning side to name the strain) agree.

use engine::bridge::{Auction, Call, Doubling, Seat, Strain};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Appendix C's rules kept as a running state, written apart from the
/// engine's from-scratch scan.
#[derive(Default)]
struct Referee {
    calls: usize,
    passes: usize,
    any_bid: bool,
    /// (level, strain, bidder seat index)
    last: Option<(u8, usize, usize)>,
    doubled: u8,
    /// first_namer[side][strain] = seat index
    first_namer: [[Option<usize>; 5]; 2],
}

impl Referee {
    fn complete(&self) -> bool {
        (self.any_bid && self.passes >= 3) || (!self.any_bid && self.passes == 4)
    }

    fn legal(&self, call: Call, seat: usize) -> bool {
        if self.complete() {
            return false;
        }
        match (call, self.last) {
            (Call::Pass, _) => true,
            (Call::Bid { level, strain }, None) => (1..=7).contains(&level) && strain.index() < 5,
            (Call::Bid { level, strain }, Some((l, s, _))) => {
                level > l || (level == l && strain.index() > s)
            }
            (Call::Double, Some((_, _, by))) => (by + seat) % 2 == 1 && self.doubled == 0,
            (Call::Redouble, Some((_, _, by))) => {
                (by + seat).is_multiple_of(2) && self.doubled == 1
            }
            (_, None) => false,
        }
    }

    fn apply(&mut self, call: Call, seat: usize) {
        self.calls += 1;
        match call {
            Call::Pass => self.passes += 1,
            Call::Bid { level, strain } => {
                self.passes = 0;
                self.any_bid = true;
                self.doubled = 0;
                self.last = Some((level, strain.index(), seat));
                self.first_namer[seat % 2][strain.index()].get_or_insert(seat);
            }
            Call::Double => {
                self.passes = 0;
                self.doubled = 1;
            }
            Call::Redouble => {
                self.passes = 0;
                self.doubled = 2;
            }
        }
    }

    fn contract(&self) -> Option<(u8, Strain, Doubling, Seat)> {
        let (level, strain, by) = self.last?;
        let declarer = self.first_namer[by % 2][strain]?;
        let doubling =
            [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled][self.doubled as usize];
        Some((
            level,
            Strain::ALL[strain],
            doubling,
            Seat::from_index(declarer),
        ))
    }
}

fn every_call() -> Vec<Call> {
    [Call::Pass, Call::Double, Call::Redouble]
        .into_iter()
        .chain(Call::all_bids())
        .collect()
}

#[test]
fn random_auctions_agree_with_the_referee() {
    let mut rng = StdRng::seed_from_u64(3);
    let calls = every_call();
    for round in 0..3000 {
        let dealer = Seat::from_index(round % 4);
        let mut auction = Auction::new(dealer);
        let mut referee = Referee::default();
        loop {
            let seat = dealer.index() + referee.calls;
            let legal = auction.legal_calls();
            let expected: Vec<Call> = calls
                .iter()
                .copied()
                .filter(|&c| referee.legal(c, seat % 4))
                .collect();
            assert_eq!(legal, expected, "{:?}", auction.calls());
            assert_eq!(auction.is_complete(), referee.complete());
            if auction.is_complete() {
                break;
            }
            // Mostly passes and doubles, so auctions both end and double.
            let call = match rng.random_range(0..10) {
                0..=4 => Call::Pass,
                5 if legal.contains(&Call::Double) => Call::Double,
                6 if legal.contains(&Call::Redouble) => Call::Redouble,
                _ => legal[rng.random_range(0..legal.len().min(8))],
            };
            // An illegal call is refused and changes nothing.
            let illegal = calls.iter().copied().find(|c| !legal.contains(c));
            if let Some(bad) = illegal {
                let before = auction.clone();
                assert!(auction.push(bad).is_err());
                assert_eq!(auction, before);
            }
            auction.push(call).expect("legal call");
            referee.apply(call, seat % 4);
        }
        let got = auction
            .final_contract()
            .map(|c| (c.level, c.strain, c.doubling, c.declarer));
        assert_eq!(got, referee.contract(), "{:?}", auction.calls());
        assert_eq!(auction.is_passed_out(), got.is_none());
    }
}
