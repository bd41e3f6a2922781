//! Turbo Bridge bidding judgement (issue 20): the game and competitive
//! decisions behind the largest losses against par on the quality tool's
//! boards. Each scenario is a hand, the auction so far (dealer North) and
//! the call expected.

#[path = "common/bidding.rs"]
#[allow(dead_code)] // each test file uses its own part of the helpers
mod bidding;
use bidding::{assert_bid, assert_bid_not, auction, bid, call};
use engine::bridge::bidding::{BidClass, Bidding};
use engine::bridge::dds::Solver;
use engine::bridge::play::PlayOptions;
use engine::bridge::table::Player;
use engine::bridge::{Call, Seat, Suit, Vulnerability};
use engine::control::Unlimited;

#[test]
fn a_raise_to_three_below_game_invites_and_a_maximum_accepts() {
    // 1S-(2D)-2S-(P)-3S: the opener would have passed 2S with a minimum,
    // so 3S shows extra values; nine points and four trumps accept.
    assert_bid("1S 2D 2S P 3S P", "A754.K3.QT95.832", "4S");
    // A bare raise declines.
    assert_bid("1S 2D 2S P 3S P", "8754.K3.Q952.832", "Pass");
}

#[test]
fn the_opener_jump_raise_invites() {
    // 1H-1S with four spades and 16 high-card points and a singleton:
    // 3S, the invitational jump raise (16-18), not the minimum 2S.
    assert_bid("1H P 1S P", "AQT5.AQ765.7.A42", "3S");
    // The jump raise does not force game: a bare 1S response passes it
    // (six points: four of a major needs 25 while the opponents are
    // silent, and the raise counts 18), eight points accept.
    assert_bid("1H P 1S P 3S P", "KJ96.842.J943.65", "Pass");
    assert_bid("1H P 1S P 3S P", "KJ96.84.Q943.J65", "4S");
}

#[test]
fn the_responsive_double_after_partners_takeout_double_is_raised() {
    // 1H (X) 2H: with both minors and eight points, West competes with
    // the responsive double (a penalty double of their fit made no sense).
    assert_bid("1H X 2H", "84.732.KJ84.QJ93", "X");
    // The takeout doubler answers in the better of the minors shown.
    assert_bid("1H X 2H X P", "AK52.4.A973.K852", "3C");
    // Without the minors West does not double.
    assert_bid_not("1H X 2H", "8432.732.KJ8.QJ9", "X");
}

#[test]
fn a_new_suit_over_partners_weak_two_is_forcing() {
    // 2H P 2S: five spades and opening values, forcing for one round.
    // The weak two-bidder raises with three-card support (the eight-card
    // fit) and otherwise rebids the six-card suit; it never passes.
    assert_bid("2H P 2S P", "Q72.KQT984.84.62", "3S");
    assert_bid("2H P 2S P", "7.KQT984.843.J62", "3H");
}

#[test]
fn a_preempter_passes_partners_game_bid() {
    // 3H-4H: partner placed the game knowing the shutout's range; seven
    // hearts to the ace-king are what 3H promised, not a slam try's
    // answer (seed 1 board 53 asked for aces and went down in 6H).
    assert_bid("3H P 4H P", "97.AKT9863.63.53", "Pass");
    assert_bid("3S P 4S P", "AKT9863.97.63.53", "Pass");
    assert_bid("2H P 4H P", "97.AKT986.632.53", "Pass");
    // Partner's 4NT over the shutout still asks for aces.
    assert_bid_not("3H P 4NT P", "97.AKT9863.63.53", "Pass");
}

#[test]
fn partner_of_an_opening_preempt_counts_its_points() {
    // The preempt shows 5-12 points with its seven cards, not 0-14
    // counted at one: with 20 high-card points and three trumps game is
    // there (seed 4 board 389 passed 3H; 4H made ten tricks), and
    // opposite seven clubs 20 balanced points bid 3NT (seed 9 board 207
    // passed 3C; 3NT made eleven).
    assert_bid("3H P", "J87.AKT2.KQ.AKT2", "4H");
    assert_bid("3C P", "KQ7.K7.AQJ83.AJ7", "3NT");
    // A bare opening hand still passes.
    assert_bid("3H P", "J87.AT2.KQ52.K72", "Pass");
    let b = auction("3H");
    let preempter = b.info(Seat::North);
    assert_eq!((preempter.min_p, preempter.max_p), (5, 12));
}

#[test]
fn four_notrump_over_partners_notrump_invites_six() {
    // 15 balanced opposite the 1NT opening (16-18): one or two points
    // short of the 33 a notrump slam needs, so 4NT invites; 16 bids it.
    assert_bid("1NT P", "KQ4.A93.KJ82.Q73", "4NT");
    assert_bid("1NT P", "KQ4.A93.KJ82.QJ3", "6NT");
    // The opener accepts with a maximum and passes with a minimum.
    assert_bid("1NT P 4NT P", "AJ5.KQ4.AQ73.Q92", "6NT");
    assert_bid("1NT P 4NT P", "AJ5.KQ4.K973.K92", "Pass");
}

#[test]
fn three_card_support_of_a_suit_shown_five_long_is_a_fit() {
    // 1S-2C-2H: with two four-card suits the opener bids the lower first,
    // so spades before hearts are five long and J85 makes the eight-card
    // fit (seed 1 board 196 bid 2NT and played 3NT, 4S making).
    assert_bid("1S P 2C P 2H P", "J85.J43.JT3.KQJT", "2S");
    // Without the third spade the notrump rebid stands.
    assert_bid_not("1S P 2C P 2H P", "J8.J543.JT3.KQJT", "2S");
}

#[test]
fn a_raised_five_card_suit_is_bid_again_without_a_sixth_card() {
    // 1C (1D) P (2D) P: partner's raise agreed the diamonds, so bidding
    // them again competes on five; it asked for a sixth card before and
    // the overcaller bid 3NT with a singleton club (seed 1 board 414).
    let three_diamonds = auction("1C 1D P 2D P").meaning(call("3D"));
    assert_eq!(
        three_diamonds.requirement.min_len[Suit::Diamonds.index()],
        5
    );
    assert_bid_not("1C 1D P 2D P", "A932.J72.AKQJ9.9", "3NT");
}

#[test]
fn a_six_card_major_takes_partners_three_notrump_out_to_game_in_the_major() {
    // 1H-1S-2H-3NT: six hearts to the AKT opposite a doubleton at least;
    // 4H takes ten tricks where 3NT took nine (seed 1 board 442), and the
    // same for the opener's six spades over the 3NT response (seed 2
    // board 266: 3NT ten tricks, 4S ten).
    assert_bid("1H P 1S P 2H P 3NT P", "T43.AKT754.Q6.K3", "4H");
    assert_bid("1S P 3NT P", "A98752.AQJ6.J4.K", "4S");
    // Five of them stay in 3NT.
    assert_bid("1H P 1S P 2H P 3NT P", "T43.AKT75.Q62.K3", "Pass");
    // The 3NT bidder passes the correction: partner knew of its values
    // (seed 1 board 329 went on to 5D doubled, two down).
    assert_bid("1S P 2H P 2S P 3H P 3NT P 4H P", "AKT74.Q.AK82.KQ6", "Pass");
}

#[test]
fn the_weak_two_opener_bids_no_notrump_of_its_own() {
    // 2S-3D: six spades to the KQJ, a void in diamonds and ten points.
    // 3NT took eight tricks where 4S took eleven (seed 2 board 445); the
    // weak two rebids its suit or shows a feature, never notrump.
    assert_bid_not("2S P 3D P", "KQJ752.985..AT74", "3NT");
    // Over the raise too (2D-3D-3NT took seven tricks, seed 1 board 488).
    assert_bid_not("2D P 3D P", "AQJ763..KT8632.9", "3NT");
}

/// The call the program at the table makes (default options: the rules,
/// and the slam decision by simulation).
fn table_call(calls: &str, h: &str, vulnerability: Vulnerability) -> engine::bridge::Call {
    table_call_after(&auction(calls), h, vulnerability)
}

fn table_call_after(b: &Bidding, h: &str, vulnerability: Vulnerability) -> engine::bridge::Call {
    let mut player = Player::new(PlayOptions::heuristic(), Some(Solver::new()));
    player.choose_call(b, bidding::hand(h), vulnerability, &mut Unlimited)
}

#[test]
fn a_shape_slam_is_bid_by_simulation_where_the_points_stop_in_game() {
    // P-P-P-1S-P-2D-P: six spades to AKJ, four aces, 20 high-card points
    // opposite a two-over-one response. The point counts stop in 4S (no
    // fit shown for Blackwood); the deals find twelve tricks. (Seed 1
    // board 209 of `bridge_quality`, the same hand with a seventh spade,
    // 6S and 7NT making, is now the rules' own Blackwood:
    // `bridge_bid_constructive`'s seven-card suit of our own.)
    let calls = "P P P 1S P 2D P";
    let h = "AKJ965.A5.A95.A4";
    assert_eq!(bidding::bid(calls, h), call("4S"));
    let slam = table_call(calls, h, Vulnerability::None);
    assert!(
        matches!(slam, engine::bridge::Call::Bid { level: 6, .. }),
        "the simulation's slam, not {slam}"
    );
}

#[test]
fn the_slam_simulation_needs_partner_known_within_a_few_points() {
    // (W) 1C-P: four-card support and 14 high-card points opposite an
    // opening of 13-23. The deals opposite such a range bid 6C and went
    // one down (seed 1 board 124: opener held 13); the rules' game stands.
    let mut b = Bidding::new(Seat::West);
    for c in ["1C", "P"] {
        b.push(call(c)).expect("legal");
    }
    let h = "Q852.A.AK53.J862";
    assert_eq!(
        table_call_after(&b, h, Vulnerability::NS),
        b.find_bid(bidding::hand(h))
    );
}

#[test]
fn the_slam_simulation_stays_out_of_contested_auctions() {
    // 1H-(2D)-P-(6D) on seed 1 board 18: the overcaller's partner, 25
    // points opposite a simple overcall, bid a slam the deals of a
    // contested auction found and went three down doubled; the rules'
    // 3NT stands. (Whether to bid that game over their overcall at all
    // is the contested game decision's, `compete`, turned off here.)
    let calls = "1H 2D P";
    let h = "AKQ3.8543.KJ7.54";
    let mut player = Player::new(PlayOptions::heuristic(), Some(Solver::new())).with_bidding(
        engine::bridge::auction_sim::BidOptions {
            compete_samples: 0,
            ..Default::default()
        },
    );
    assert_eq!(
        player.choose_call(
            &auction(calls),
            bidding::hand(h),
            Vulnerability::EW,
            &mut Unlimited
        ),
        bidding::bid(calls, h)
    );
}

#[test]
fn the_responder_explores_before_jumping_to_a_minor_game() {
    // 1C-(P): nineteen high-card points, both majors and four clubs
    // (bridge_quality --bidding-only seed 2 board 334, 1C-5C where 6NT
    // made): the forcing new suit, not five of the minor.
    assert_bid("1C P", "AKQ2.QJ87.8.AK98", "1H");
    // 1D-(P) with 18 and five clubs (seed 3 board 430, 1D-5D where 6D
    // made): the two-level new suit first.
    assert_bid("1D P", "A62.7.AKJ2.KQ753", "2C");
}

#[test]
fn three_notrump_over_their_overcall_needs_only_a_stopper_and_opening_values() {
    // 1D-(1S): fourteen high-card points, spades stopped, no heart suit
    // (bridge_quality --bidding-only seed 9 board 133, 1D-(1S)-2D passed
    // where 3NT made ten tricks): 3NT, not the minor raise the opener's
    // minimum passes.
    assert_bid("1D 1S", "K65.KQ5.Q985.A84", "3NT");
    // With four hearts the negative double looks for the 4-4 fit first.
    assert_bid_not("1D 1S", "K65.KQ54.Q98.A84", "3NT");
    // Without a spade stopper no 3NT.
    assert_bid_not("1D 1S", "765.KQ5.KQ98.A84", "3NT");
}

#[test]
fn a_six_card_major_is_named_rather_than_shown_by_a_negative_double() {
    // 1D-(1S) with seven hearts to the KQJ and eight high-card points
    // (bridge_quality --bidding-only seed 10 board 391: the double, then
    // 2D-2H passed where 4H made eleven tricks): 2H at once.
    assert_bid("1D 1S", "92.KQJT762.6.J64", "2H");
    // 1C-(1D) with six hearts and eleven (seed 4 board 10, 1NT passed
    // where 4H made): 1H, not the double or notrump.
    assert_bid("1C 1D", "QJT.AQT852.82.J5", "1H");
    // Four hearts still double.
    assert_bid("1C 1S", "84.KJ73.Q842.Q62", "X");
    // At the one level five cards are enough to name the major, unless
    // the hand holds four of the other major too, which the double shows.
    assert_bid("1C 1D", "KQ953.J72.Q84.65", "1S");
    assert_bid("1C 1D", "KQ953.J872.Q8.65", "X");
}

#[test]
fn a_jump_to_four_of_a_minor_over_a_takeout_double_is_no_jump_advance() {
    // 2H-(X)-P: three of a suit is the cheapest advance, a jump to three
    // of a major the 9-12 jump advance; four of a minor passes 3NT.
    let b = auction("2H X P");
    assert_eq!(b.classify(call("3C")), BidClass::TakeoutAdvance);
    assert_eq!(b.classify(call("3S")), BidClass::TakeoutJumpAdvance);
    assert_eq!(b.classify(call("4C")), BidClass::NormalBid);
    // Eight high-card points and six clubs stay below the four level
    // (seed 3 board 155 of the quality tool: 4C went one down).
    let got = bid("2H X P", "T5.AK6.85.JT7542");
    assert!(
        matches!(got, Call::Bid { level, .. } if level <= 3),
        "after [2H X P]: {got}"
    );
}

#[test]
fn the_overcaller_competes_in_the_pass_out_seat_over_their_two_level_fit() {
    // 1H-(1S)-2H-(P)-P: the opponents have found their fit and stopped at
    // the two level, so partner holds more than the pass says; a good
    // overcall with six spades competes (seed 1 board 440 of the quality
    // tool, AQJ752.9.KT4.K72, sold out to 2H, and 4S made; with three
    // cards in each minor it now doubles for takeout).
    assert_bid("P 1H 1S 2H P P", "AQJ752.97.KT42.K7", "2S");
    // A minimum overcall still sells out.
    assert_bid("P 1H 1S 2H P P", "AQ8752.9.T84.872", "Pass");
}

#[test]
fn the_double_in_the_pass_out_seat_over_their_two_level_fit_is_for_takeout() {
    // 1H-(1S)-2H-(P)-P: the overcaller's double asks partner to bid.
    let b = auction("P 1H 1S 2H P P");
    assert_eq!(b.classify(call("X")), BidClass::TakeoutDouble);
    // Opening values, five spades and a singleton heart: double.
    assert_bid("P 1H 1S 2H P P", "AQ874.5.KJ74.A82", "X");
    // Before the two passes a double of their raise is no takeout double.
    assert_ne!(
        auction("P 1H 1S 2H").classify(call("X")),
        BidClass::TakeoutDouble
    );
}
