//! Turbo Bridge bidding: the handbook's own examples (chapter 3, table 3-1
//! and "Table Talk with a Computer"), each from a hand written for it, and
//! the `Info` ranges a partner's call gives through `BidSystem`.

use engine::bridge::bidding::{BidClass, Bidding};
use engine::bridge::{Call, Deal, Seat, Suit};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[path = "common/bidding.rs"]
#[allow(dead_code)] // each test file uses its own part of the helpers
mod bidding;
use bidding::{assert_bid, assert_bid_not, auction, bid, call};

#[test]
fn choice_of_suit_for_the_opening() {
    // "with a 3-4-4-2 distribution you open in diamonds"
    assert_bid("", "K87.AJ84.KQ93.52", "1D");
    // "with a 4-1-4-4 distribution you open in clubs"
    assert_bid("", "AJ84.7.KQ93.K852", "1C");
    // "with a 5-5-2-1 distribution you open in spades"
    assert_bid("", "AQ874.KJ953.84.6", "1S");
    // Too weak to open.
    assert_bid("", "Q87.J984.K93.652", "Pass");
}

#[test]
fn notrump_ladder() {
    assert_bid("", "AQ4.KJ3.KQ82.J93", "1NT"); // 16
    assert_bid("", "AQ4.KJ3.KQ82.QJ3", "1NT"); // 18
    assert_bid("", "AQ4.AK3.KQ82.KJ3", "2NT"); // 23
    assert_bid("", "AK4.AKJ.KQ82.KQ3", "3NT"); // 26
    // 19 hcp balanced opens one of a suit and jumps in notrump later.
    assert_bid("", "AQ4.AJ3.KQ82.K63", "1D");
    assert_bid("1D P 1S P", "AQ4.AJ3.KQ82.K63", "2NT");
}

#[test]
fn openings_two_and_shutout() {
    assert_bid("", "AKQJ84.AKQ3.A2.4", "2C"); // strong and artificial
    assert_bid("", "KQJ8743.5.842.73", "3S");
    assert_bid("", "5.KQJ87432.84.73", "4H");
}

#[test]
fn responses_to_one_in_a_suit() {
    assert_bid("1H P", "K84.Q973.J842.62", "2H"); // 6-9, four trumps
    assert_bid("1H P", "K84.KQ73.A842.Q2", "2NT"); // 13+, four trumps: Jacoby 2NT
    assert_bid("1H P", "KJ84.73.J842.K62", "1S"); // higher suit at one
    assert_bid("1H P", "K84.73.A842.QJ62", "2C"); // lower suit at two: lowest four-card suit
    assert_bid("1H P", "K84.Q73.J842.K62", "1NT"); // 6-9, no suit to bid
    assert_bid("1D P", "K84.Q73.AJ4.KJ62", "2NT"); // 12-15 balanced
    // Over a major 2NT is Jacoby (four trumps); three of them make the
    // 5-3 fit, so the new suit comes first, not 3NT.
    assert_bid("1H P", "K84.Q73.AJ4.KJ62", "2C");
    assert_bid("1H P", "984.73.J842.K962", "Pass");
    // "if s/he does not bid one heart, you can assume that s/he does not
    // have four hearts": 1D, 1H with four hearts.
    assert_bid("1D P", "K842.Q973.842.62", "1H");
}

#[test]
fn responses_to_one_notrump_and_stayman() {
    assert_bid("1NT P", "KJ84.Q963.A42.75", "2C"); // Stayman
    assert_bid("1NT P", "J8432.9643.42.75", "2H"); // transfer to spades
    assert_bid("1NT P", "Q84.J96.Q742.K75", "2NT"); // 8-9
    assert_bid("1NT P", "84.J96.Q742.9875", "Pass"); // 0-7
    assert_bid("1NT P", "K84.Q96.A742.K75", "3NT");
    // Answers to Stayman: hearts first with both majors, diamonds with none.
    assert_bid("1NT P 2C P", "AQ3.KJ84.K92.Q63", "2H");
    assert_bid("1NT P 2C P", "AQ32.KJ84.K92.Q6", "2H");
    assert_bid("1NT P 2C P", "AQ32.KJ8.K92.Q63", "2S");
    assert_bid("1NT P 2C P", "AQ3.K84.KJ92.Q63", "2D");
    // Opener completes the transfer.
    assert_bid("1NT P 2H P", "AQ3.K84.KJ92.Q63", "2S");
    // With a fit found through Stayman, responder bids the game.
    assert_bid("1NT P 2C P 2H P", "KJ84.Q963.A42.75", "4H");
}

#[test]
fn two_level_opening_and_the_negative_two_notrump() {
    assert_bid("2C P", "643.862.9743.852", "2NT");
    let reply = bid("2C P", "K643.A62.9743.85");
    assert_ne!(
        reply,
        call("2NT"),
        "an ace and a king must not give the negative"
    );
    assert_ne!(reply, Call::Pass, "an opening two forces");
}

#[test]
fn blackwood_answers() {
    // North opens, South raises, North asks: South answers by aces.
    let asked = "1S P 3S P 4NT P";
    assert_bid(asked, "KJ84.Q96.K742.K5", "5C"); // none
    assert_bid(asked, "KJ84.Q96.A742.K5", "5D"); // one
    assert_bid(asked, "KJ84.A96.A742.K5", "5H"); // two
    assert_bid(asked, "KJ84.A96.A742.A5", "5S"); // three
    assert_eq!(
        auction("1S P 3S P").classify(call("4NT")),
        BidClass::Blackwood
    );
    // After the answer, 5NT asks for kings; answers at the six level.
    let kings = "1S P 3S P 4NT P 5H P 5NT P";
    assert_eq!(
        auction("1S P 3S P 4NT P 5H P").classify(call("5NT")),
        BidClass::KingAsk
    );
    assert_bid(kings, "Q984.A96.A742.Q5", "6C");
    assert_bid(kings, "Q984.A96.A742.K5", "6D");
    assert_bid(kings, "K984.A96.A742.K5", "6H");
}

#[test]
fn slam_values_ask_with_blackwood_and_the_asker_places_the_contract() {
    // North has 4 aces and a big hand after a forcing raise.
    assert_bid("1S P 3S P", "AKQ84.A6.AK42.A5", "4NT");
    // Two aces missing: sign off at five.
    assert_bid("1S P 3S P 4NT P 5C P", "AKQ84.K6.KQ42.K5", "5S");
    // One missing: small slam.
    assert_bid("1S P 3S P 4NT P 5D P", "AKQ84.K6.AQ42.K5", "6S");
}

#[test]
fn overcalls_and_doubles() {
    // East overcalls North's 1H with five spades and 8+ hcp.
    assert_bid("1H", "AQJ85.73.K84.962", "1S");
    assert_eq!(auction("1H").classify(call("1S")), BidClass::Overcall);
    assert_eq!(auction("1H").classify(call("3C")), BidClass::Shutout);
    // The handbook doubles four spades with four trumps and sixteen hcp.
    assert_bid("1S P 2S P 4S", "KJ98.AQ4.KJ3.Q72", "X");
    assert_bid("1S P 2S P 4S", "K985.Q84.K73.872", "Pass");
}

#[test]
fn opener_rebids_notrump_with_twelve_to_fifteen() {
    assert_bid("1D P 1S P", "K87.AJ4.KQ93.Q52", "1NT");
    assert_eq!(
        auction("1D P 1S P").classify(call("1NT")),
        BidClass::RebidNotrump
    );
    assert_eq!(
        auction("1D P 1S P").classify(call("2NT")),
        BidClass::RebidNotrumpJump
    );
}

#[test]
fn partner_calls_read_through_bidsystem_give_table_ranges() {
    let b = auction("1H");
    let north = b.info(Seat::North);
    assert_eq!(
        (
            north.min_p,
            north.max_p,
            north.min_len[Suit::Hearts.index()]
        ),
        (13, 23, 4)
    );

    let b = auction("1NT");
    let n = b.info(Seat::North);
    assert_eq!(n.min_p, 16);
    assert!(n.max_p <= 21, "1NT is 16-18 hcp: max {}", n.max_p);
    assert!(
        n.min_len.iter().all(|&l| l >= 2),
        "1NT shows notrump distribution"
    );

    let b = auction("1H P 2H");
    let s = b.info(Seat::South);
    assert_eq!(
        (s.min_p, s.max_p, s.min_len[Suit::Hearts.index()]),
        (6, 9, 4)
    );

    let b = auction("1H P 1S");
    let s = b.info(Seat::South);
    assert_eq!((s.min_p, s.min_len[Suit::Spades.index()]), (6, 4));

    let b = auction("1H P P");
    assert!(b.info(Seat::South).max_p <= 5);

    let b = auction("1NT P 2C P 2D");
    assert!(b.info(Seat::South).min_p >= 6, "Stayman shows six or more");
    let n = b.info(Seat::North);
    assert!(n.min_len[Suit::Hearts.index()] < 4 && n.min_len[Suit::Spades.index()] < 4);
    let b = auction("1NT P 2C P 2S");
    assert_eq!(b.info(Seat::North).min_len[Suit::Spades.index()], 4);

    let b = auction("2C P 2NT");
    assert_eq!(b.classes()[2], BidClass::NegativeTwoNotrump);
    let b = auction("1S P 3S P 4NT P 5D");
    assert_eq!(b.info(Seat::South).aces, Some(1));

    // 19-21 with the jump rebid.
    let b = auction("1D P 1S P 2NT");
    let n = b.info(Seat::North);
    assert!(n.min_p >= 19 && n.max_p <= 24);
}

#[test]
fn four_robots_always_bid_legally_and_finish() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut contracts = 0;
    for board in 0..1500 {
        let deal = Deal::random(&mut rng);
        let mut b = Bidding::new(Seat::from_index(board % 4));
        while !b.is_complete() {
            assert!(b.len() < 60, "runaway auction");
            let seat = b.next_seat();
            let c = b.find_bid(deal[seat]);
            b.push(c).expect("find_bid returns legal calls");
        }
        if b.auction().final_contract().is_some() {
            contracts += 1;
        }
    }
    assert!(contracts > 1200, "most random deals are bid: {contracts}");
}

#[test]
fn penalty_doubles_need_trumps_or_a_trick_to_spare() {
    // Twenty high-card points but a void in their trumps: partner's
    // trumps sit under declarer's, and the double of a game that makes
    // doubles its score (main doubled: (20 - 4) / 4 = 4 "tricks").
    let got = bid("1S P 2S P 4S", ".AKQ4.AQ84.KQ985");
    assert_ne!(got, call("X"), "no penalty double with a void in trumps");
    // A singleton trump and partner's opening bid are no defence against
    // a slam the opponents bid through Blackwood.
    assert_ne!(
        bid("1C 1H 1S 2H P 4NT P 5H P 6H", "T874.5.J93.Q9632"),
        call("X")
    );
}

#[test]
fn no_redouble_on_points_alone() {
    // Partner's 1H is doubled for takeout: a weak hand does not redouble
    // (main redoubled any hand with 19 points counting partner's 14).
    assert_ne!(bid("1H X", "K84.73.Q842.J962"), call("XX"));
    // Ten high-card points say the hand is ours.
    assert_eq!(bid("1H X", "KJ84.7.AQ42.9862"), call("XX"));
}

#[test]
fn takeout_double_and_its_answers() {
    // Short in hearts, four cards in each other suit, opening values.
    assert_bid("1H", "KJ84.3.AQ73.K952", "X");
    assert_eq!(auction("1H").classify(call("X")), BidClass::TakeoutDouble);
    // The same shape in the balancing seat.
    assert_bid("1H P P", "KJ84.3.AQ73.K952", "X");
    // Partner must answer (a pass would leave 1H doubled): the major,
    // at the cheapest level with a weak hand, a jump with 9-12.
    assert_bid("1H X P", "Q973.842.J62.962", "1S");
    assert_bid("1H X P", "KQ73.842.A62.962", "2S");
    // Doubles of notrump and of high contracts stay penalty doubles.
    assert_eq!(auction("1NT").classify(call("X")), BidClass::NormalDouble);
    assert_eq!(auction("3H").classify(call("X")), BidClass::NormalDouble);
}

#[test]
fn a_hand_too_strong_to_overcall_doubles_first() {
    // Seed 1 board 253: 23 high-card points and five clubs over their 1H.
    // The overcall shows at most 17 while the double is open (main bid
    // 2C and played there, 3NT making ten tricks): double first.
    assert_bid("P 1H", "AK3.AJ.A74.AKT85", "X");
    // Seed 1 board 70: 18 and six hearts over their 1C (main 1H).
    assert_bid("1C", "AKQ9.KQJ984.K6.7", "X");
    // The overcall of the same suit with 13 stays.
    assert_bid("P 1H", "A83.J2.K74.AQT85", "2C");
    // The doubler then names the suit: after the advance a new suit
    // shows five cards and the strong hand, and partner reads it so.
    assert_bid("P 1H X P 1S P", "3.AK4.AJ4.AKT852", "2C");
    let b = auction("P 1H X P 1S P 2C");
    assert!(b.info(Seat::South).min_len[Suit::Clubs.index()] >= 5);
    assert!(b.info(Seat::South).min_p >= 17);
    assert!(b.shown(Seat::South).min_len[Suit::Clubs.index()] >= 5);
}

#[test]
fn negative_double_shows_the_unbid_major() {
    // Partner opens 1C, right-hand opponent overcalls 1S: four hearts and
    // eight high-card points double.
    assert_bid("1C 1S", "84.KJ73.Q842.Q62", "X");
    assert_eq!(
        auction("1C 1S").classify(call("X")),
        BidClass::NegativeDouble
    );
    let b = auction("1C 1S X");
    assert!(b.info(Seat::South).min_len[Suit::Hearts.index()] >= 4);
    // Opener with four hearts bids them.
    assert_bid("1C 1S X P", "A5.AQ84.K93.J852", "2H");
}

#[test]
fn no_natural_bid_in_the_opponents_suit() {
    // Six good hearts over their 1H: no overcall (main bid 2H).
    let got = bid("1H", "A4.KQJ987.K4.Q52");
    assert!(
        !matches!(got, Call::Bid { strain, .. } if strain == engine::bridge::Strain::Hearts),
        "{got} bids the opponents' suit"
    );
    assert_eq!(auction("1H").classify(call("2H")), BidClass::Illegal);
    assert_eq!(auction("1C 1S").classify(call("2S")), BidClass::Illegal);
}

#[test]
fn balancing_overcall_on_fewer_points() {
    // Their 1S would end the auction: eight high-card points and a good
    // five-card suit compete at two (main passed: 11 were needed).
    assert_bid("1S P P", "84.73.KQJ84.Q962", "2D");
    // Directly over the opening the same hand has no overcall.
    assert_bid("1S", "84.73.KQJ84.Q962", "Pass");
}

#[test]
fn balancing_takeout_double_with_three_of_their_suit() {
    // Their 2S would end the auction: fourteen high-card points, 3-3-3-4,
    // double (seed 1 board 300: main passed and 4C made for us).
    assert_bid("2S P P", "T98.QJ5.AKJ.K854", "X");
    // Directly over 2S three spades are too many for a takeout double.
    assert_bid_not("2S", "T98.QJ5.AKJ.K854", "X");
}

#[test]
fn opener_notrump_over_interference_is_no_minimum_rebid() {
    // 1C by North, East doubles, South answers 1S, West bids 2H: the
    // opener's 2NT would say "12-15 balanced" as if uncontested and push
    // the side past its level (main bid 2NT with eleven points).
    assert_ne!(
        auction("1C X 1S 2H").classify(call("2NT")),
        BidClass::RebidNotrump
    );
    assert_bid("1C X 1S 2H", "94.J85.AQ82.AT64", "Pass");
    // Uncontested, the rebid keeps its meaning.
    assert_eq!(
        auction("1C P 1S P").classify(call("1NT")),
        BidClass::RebidNotrump
    );
}

#[test]
fn two_level_overcall_needs_thirteen() {
    // Ten high-card points and five clubs do not overcall 1S at two (main
    // bid 2C: a two-level overcall on a minimum left the side too high).
    assert_bid("1S", "84.K7.J843.AQ962", "Pass");
    // Thirteen do.
    assert_bid("1S", "84.K7.A843.AQ962", "2C");
}

#[test]
fn three_notrump_over_a_three_level_preempt() {
    // North opens 3S: nineteen balanced high-card points with the spades
    // stopped bid the notrump game (main overcalled 4C, which partner
    // raised to 5C and went down; 3NT made).
    assert_eq!(
        auction("3S").classify(call("3NT")),
        BidClass::NotrumpOvercall
    );
    assert_bid("3S", "AK2.K54.Q9.AK972", "3NT");
    // Without a spade stopper the game is no notrump one.
    assert_ne!(bid("3S", "43.AKQ.AKJ7.KQ52"), call("3NT"));
    // Over a raise, or a two-level opening, 3NT stays a natural bid.
    assert_eq!(
        auction("1S P 3S").classify(call("3NT")),
        BidClass::NormalBid
    );
}

#[test]
fn four_level_overcall_on_playing_strength() {
    // East opens 4D: eighteen high-card points and six good spades bid
    // the game (main passed: a four-level overcall asked 21 high-card
    // points; 4S made eleven tricks).
    assert_eq!(auction("P 4D").classify(call("4S")), BidClass::Overcall);
    assert_bid("P 4D", "AK8754.AK7.6.A96", "4S");
    // Twelve with the same shape stay out.
    assert_bid("P 4D", "KQ8754.K87.6.A96", "Pass");
}

#[test]
fn contested_game_stops_when_the_deals_say_it_fails() {
    use engine::bridge::auction_sim::BidOptions;
    use engine::bridge::compete;
    use engine::bridge::dds::{Position, Solver};
    use engine::bridge::play::PlayOptions;
    use engine::bridge::table::Player;
    use engine::bridge::{Strain, Vulnerability};
    use engine::control::Unlimited;
    // Seed 1 board 495 of `bridge_quality --bidding-only`: South opens
    // 1D, West overcalls 1H, North doubles and bids his spades, South
    // rebids his seven diamonds. The rules count North's six spades and
    // partner's rebids as game values and bid 4S, three down (South is
    // void in spades); the deals consistent with the auction find the
    // misfit and pass 3D, which makes ten tricks.
    let deal: Deal = "N:AK9842.9754.3.T4 T763.QJ6.K87.872 .A.AQJT964.KQ953 QJ5.KT832.52.AJ6"
        .parse()
        .expect("deal");
    let mut b = Bidding::new(Seat::South);
    for c in "1D 1H X Pass 2D Pass 2S Pass 3D Pass".split_whitespace() {
        b.push(call(c)).expect("legal");
    }
    let north = deal[Seat::North];
    let game = call("4S");
    assert_eq!(b.find_bid(north), game, "the rules bid the game");
    assert!(compete::is_contested_game_call(&b, game));
    let options = |compete_samples| BidOptions {
        compete_samples,
        ..BidOptions::default()
    };
    let mut player =
        Player::new(PlayOptions::heuristic(), Some(Solver::new())).with_bidding(options(0));
    let rules = player.choose_call(&b, north, Vulnerability::NS, &mut Unlimited);
    assert_eq!(rules, game, "without the simulation the rules' game stands");
    let mut player = Player::new(PlayOptions::heuristic(), Some(Solver::new()))
        .with_bidding(options(compete::SAMPLES));
    let stop = player.choose_call(&b, north, Vulnerability::NS, &mut Unlimited);
    assert_ne!(stop, game, "the simulation stops short of 4S");
    // Right on the deal itself: 4S fails, 3D makes.
    let east_leads = Position::new(&deal, Seat::East).expect("position");
    assert!(13 - Solver::new().tricks(&east_leads, Strain::Spades) < 10);
    let west_leads = Position::new(&deal, Seat::West).expect("position");
    assert!(13 - Solver::new().tricks(&west_leads, Strain::Diamonds) >= 9);
}

#[test]
fn the_redouble_shows_the_values_it_is_made_with() {
    // 1H-(X)-XX: made only with ten high-card points or more, and partner
    // counts them (read as nothing, partner's range stayed 0-40).
    assert_bid("1H X", "KQ74.83.AJ62.Q95", "XX");
    assert_ne!(bid("1H X", "Q874.83.J962.Q95"), call("XX"), "five points");
    let shown = auction("1H X").meaning(call("XX")).revealed;
    assert!(shown.min_p >= 10, "the redouble shows {}+", shown.min_p);
}
