//! Turbo Bridge card play: legality over many random boards, sampling
//! consistent with what the player knows, and small end positions whose
//! right card is known.

use engine::bridge::bidding::{Bidding, Info};
use engine::bridge::play::{PlayOptions, View, find_card, select};
use engine::bridge::table::{Action, Player, Table};
use engine::bridge::{Card, Deal, Hand, Play, Seat, Strain, Suit, Vulnerability};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn card(s: &str) -> Card {
    s.parse().expect("test card")
}

/// An end position: hands North, East, South, West in PBN hand syntax.
fn position(hands: [&str; 4], strain: Strain, declarer: Seat, leader: Seat) -> Play {
    let hands = hands.map(|h| h.parse::<Hand>().expect("test hand"));
    Play::from_position(&Deal { hands }, strain, declarer, leader)
}

#[test]
fn heuristic_players_follow_suit_on_thousands_of_random_boards() {
    let mut rng = StdRng::seed_from_u64(11);
    let options = PlayOptions {
        samples: 2,
        ..PlayOptions::heuristic()
    };
    let mut played = 0;
    for board in 0..1200 {
        let deal = Deal::random(&mut rng);
        let mut bidding = Bidding::new(Seat::from_index(board % 4));
        while !bidding.is_complete() {
            let call = bidding.find_bid(deal[bidding.next_seat()]);
            bidding.push(call).expect("legal call");
        }
        let Some(contract) = bidding.auction().final_contract() else {
            continue;
        };
        let mut play = Play::new(&deal, &contract);
        while !play.is_finished() {
            let choice = find_card(
                &play,
                bidding.infos(),
                contract.tricks_needed(),
                &options,
                None,
                &mut rng,
                &mut engine::control::Unlimited,
            )
            .expect("a card to play");
            assert!(
                play.legal_cards().contains(choice.card),
                "illegal {}",
                choice.card
            );
            play.play(choice.card).expect("legal card");
            played += 1;
        }
        assert_eq!(play.result().map(|r| r <= 13), Some(true));
    }
    assert!(played > 40_000, "{played} cards played");
}

#[test]
fn sampled_deals_keep_what_the_player_knows() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let deal = Deal::random(&mut rng);
        let contract = "4S"
            .parse::<engine::bridge::ContractBid>()
            .expect("contract");
        let contract = contract.with_declarer(Seat::South);
        let mut play = Play::new(&deal, &contract);
        // Play half the cards with the heuristics, then sample.
        for _ in 0..26 {
            let c = select(&play).expect("card");
            play.play(c).expect("legal");
        }
        let view = View::new(&play, &[Info::default(); 4]);
        for _ in 0..5 {
            let sample = view.sample(&play, &mut rng);
            for seat in Seat::ALL {
                assert_eq!(
                    sample[seat].len(),
                    play.hands()[seat].len(),
                    "hand sizes kept"
                );
                if view.visible[seat.index()] {
                    assert_eq!(sample[seat], play.hands()[seat], "visible hands kept");
                }
                for suit in Suit::ALL {
                    if view.voids[seat.index()][suit.index()] {
                        assert_eq!(sample[seat].suit(suit), 0, "shown void kept");
                    }
                }
            }
            let all = sample.hands.iter().fold(Hand::EMPTY, |a, &h| a | h);
            let real = play.hands().hands.iter().fold(Hand::EMPTY, |a, &h| a | h);
            assert_eq!(all, real, "the same unplayed cards");
        }
    }
}

#[test]
fn heuristics_draw_trumps_and_ruff() {
    // Declarer South in spades leads; East still has a trump: draw it.
    let play = position(
        ["AK.2..", "2.QJ..", "QJ3...", ".K54.."],
        Strain::Spades,
        Seat::South,
        Seat::South,
    );
    let c = select(&play).expect("card");
    assert_eq!(c.suit, Suit::Spades, "draws trumps, played {c}");

    // West leads a heart, North (dummy) is void and ruffs low; South is
    // declarer, East has no trumps left.
    let mut play = position(
        ["2..K5.", "..QJ4.", "A..A2.", ".A3.9."],
        Strain::Spades,
        Seat::South,
        Seat::West,
    );
    play.play(card("H3")).expect("lead");
    assert_eq!(select(&play), Some(card("S2")), "dummy ruffs");
}

/// A brute-force double-dummy analysis for small end positions: the
/// reference the Monte-Carlo `FindCard` is tested against here.
struct BruteForce;

impl BruteForce {
    /// Tricks the side of the player to move takes from now on (the
    /// current trick included).
    fn solve(play: &mut Play) -> u8 {
        if play.is_finished() {
            return 0;
        }
        let me = play.next_seat();
        let mut best = 0;
        for card in play.legal_cards().iter() {
            best = best.max(Self::after(play, me, card));
        }
        best
    }

    /// Tricks of `me`'s side when `me` plays `card` and both sides then
    /// play their best.
    fn after(play: &mut Play, me: Seat, card: Card) -> u8 {
        let before = play.tricks_won(me.side());
        play.play(card).expect("legal");
        let won = play.tricks_won(me.side()) - before;
        let rest = if play.is_finished() {
            0
        } else if play.next_seat().side() == me.side() {
            Self::solve(play)
        } else {
            Self::left(play) - Self::solve(play)
        };
        play.undo();
        won + rest
    }

    /// Tricks still to be won, the current trick included: the hand of a
    /// player still to play to it holds one card per trick left.
    fn left(play: &Play) -> u8 {
        Seat::ALL
            .iter()
            .map(|&s| play.hands()[s].len())
            .max()
            .unwrap_or(0) as u8
    }
}

impl engine::bridge::play::DoubleDummy for BruteForce {
    fn card_values(
        &mut self,
        hands: &Deal,
        leader: Seat,
        trick: &[Card],
        strain: Strain,
    ) -> Vec<(Card, u8)> {
        let mut full = *hands;
        for (k, &c) in trick.iter().enumerate() {
            full[leader.offset(k)].insert(c);
        }
        // Declarer does not matter to the tricks of the side to move.
        let mut play = Play::from_position(&full, strain, Seat::South, leader);
        for &c in trick {
            play.play(c).expect("trick card");
        }
        let me = play.next_seat();
        let mut out = Vec::new();
        for card in play.legal_cards().iter() {
            out.push((card, Self::after(&mut play, me, card)));
        }
        out
    }
}

fn monte_carlo(play: &Play, infos: &[Info; 4], needed: u8) -> Card {
    let mut rng = StdRng::seed_from_u64(3);
    let mut dd = BruteForce;
    let options = PlayOptions {
        samples: 16,
        ..PlayOptions::default()
    };
    find_card(
        play,
        infos,
        needed,
        &options,
        Some(&mut dd),
        &mut rng,
        &mut engine::control::Unlimited,
    )
    .expect("a card")
    .card
}

#[test]
fn brute_force_reference_counts_tricks() {
    let play = position(
        ["AQ...", "K2...", "43...", "65..."],
        Strain::NoTrump,
        Seat::South,
        Seat::South,
    );
    let values = engine::bridge::play::DoubleDummy::card_values(
        &mut BruteForce,
        play.hands(),
        Seat::South,
        &[],
        Strain::NoTrump,
    );
    // South leads toward AQ: the king sits over the tenace, one trick.
    assert!(values.iter().all(|&(_, t)| t == 1), "{values:?}");
}

#[test]
fn finesse_against_the_queen_marked_by_the_bidding() {
    // South (declarer, notrump) leads a small spade towards dummy's AJ.
    // West opened the bidding; East passed with at most a jack: the queen
    // is West's, so dummy plays the jack when West follows low.
    let mut play = position(
        ["AJ...", "65...", "32...", "Q4..."],
        Strain::NoTrump,
        Seat::South,
        Seat::South,
    );
    play.play(card("S2")).expect("lead");
    play.play(card("S4")).expect("second hand low");
    let mut infos = [Info::default(); 4];
    infos[Seat::West.index()].min_p = 13;
    infos[Seat::East.index()].max_p = 1;
    assert_eq!(
        monte_carlo(&play, &infos, 2),
        card("SJ"),
        "takes the finesse"
    );
}

#[test]
fn ruff_a_loser_in_dummy() {
    // Spades trumps, South declarer to lead: a heart loser goes on a ruff
    // in dummy (North, void in hearts) before trumps are drawn.
    let play = position(
        ["2..AK.", ".AQ.Q.", "A.32..", "..JT9."],
        Strain::Spades,
        Seat::South,
        Seat::South,
    );
    let c = monte_carlo(&play, &[Info::default(); 4], 3);
    assert_eq!(c.suit, Suit::Hearts, "leads the heart to ruff, played {c}");
}

#[test]
fn draw_the_last_trump_before_cashing() {
    // Spades trumps; East still has the four of spades and is void in
    // diamonds: draw it with the ace before cashing dummy's diamonds.
    let play = position(
        ["..AKQ.", "4.QJ..", "A.2.2.", ".AK3.."],
        Strain::Spades,
        Seat::South,
        Seat::South,
    );
    let c = monte_carlo(&play, &[Info::default(); 4], 3);
    assert_eq!(c, card("SA"), "draws trumps");
}

#[test]
fn lead_the_long_strong_suit_against_three_notrump() {
    // South opened 1NT (15-17) and North raised to 3NT (10-15); West holds
    // KQJ97 of spades and the ace of hearts as the entry to them. Leading
    // the spades sets them up while the ace still stands guard: simulated
    // over deals that fit the auction, that lead defeats 3NT most often,
    // where a neutral lead lets declarer knock out the entry in time.
    let play = position(
        [
            "T52.J76.KQ62.A83",
            "43.T983.T98.QJ94",
            "A86.KQ4.AJ5.KT75",
            "KQJ97.A52.743.62",
        ],
        Strain::NoTrump,
        Seat::South,
        Seat::West,
    );
    let mut infos = [Info::default(); 4];
    infos[Seat::South.index()].min_p = 15;
    infos[Seat::South.index()].max_p = 17;
    infos[Seat::North.index()].min_p = 10;
    infos[Seat::North.index()].max_p = 15;
    let mut solver = engine::bridge::dds::Solver::new();
    for seed in 1..=3 {
        let mut rng = StdRng::seed_from_u64(seed);
        let choice = find_card(
            &play,
            &infos,
            9,
            &PlayOptions::default(),
            Some(&mut solver),
            &mut rng,
            &mut engine::control::Unlimited,
        )
        .expect("a lead");
        assert_eq!(
            choice.card.suit,
            Suit::Spades,
            "seed {seed}: led {}, values {:?}",
            choice.card,
            choice.values
        );
    }
}

/// Dummy's card after South's spade lead and West's five: the ace makes
/// four tricks, the contract, in every deal; the queen (a finesse of the
/// king) makes five when West has it, but when East has it and the heart
/// ace too, East wins and cashes it, one down.
fn safety_position() -> Play {
    let mut play = position(
        ["AQ..A.AK", "KT.A.5.4", "32..2.32", "985..43."],
        Strain::NoTrump,
        Seat::South,
        Seat::South,
    );
    play.play(card("S2")).expect("lead");
    play.play(card("S5")).expect("second hand low");
    play
}

fn safety_choice(options: PlayOptions, seed: u64) -> engine::bridge::play::CardChoice {
    let mut solver = engine::bridge::dds::Solver::new();
    let mut rng = StdRng::seed_from_u64(seed);
    find_card(
        &safety_position(),
        &[Info::default(); 4],
        4,
        &PlayOptions {
            samples: 200,
            ..options
        },
        Some(&mut solver),
        &mut rng,
        &mut engine::control::Unlimited,
    )
    .expect("a card")
}

#[test]
fn a_safety_play_secures_the_contract_at_the_cost_of_an_overtrick() {
    for seed in 1..=3 {
        // The contract first (the default): the ace, four tricks for sure.
        let choice = safety_choice(PlayOptions::default(), seed);
        assert_eq!(choice.card, card("SA"), "seed {seed}: {choice:?}");
        // Declarer samples twice the options' 200 deals. The ace gains
        // about 14 points a deal on the queen, of at most 73 one deal can
        // move: the queen cannot catch up after about 335 deals, and the
        // sampling stops there.
        assert!(
            choice.samples < 380,
            "seed {seed}: {} deals",
            choice.samples
        );
        // Counting tricks alone, the finesse is worth more on average
        // (about 4.2 tricks against 4): the scoring is what chooses.
        assert_eq!(
            safety_choice(
                PlayOptions {
                    contract_bonus: 0,
                    ..PlayOptions::default()
                },
                seed
            )
            .card,
            card("SQ"),
            "seed {seed}, tricks alone"
        );
    }
}

#[test]
fn sampled_deals_give_the_aces_and_kings_a_slam_auction_showed() {
    let mut rng = StdRng::seed_from_u64(8);
    let count = |hand: Hand, rank: u8| {
        Suit::ALL
            .iter()
            .filter(|&&s| hand.suit(s) >> rank & 1 == 1)
            .count() as u8
    };
    for _ in 0..40 {
        let deal = Deal::random(&mut rng);
        let contract = "6S"
            .parse::<engine::bridge::ContractBid>()
            .expect("contract")
            .with_declarer(Seat::South);
        // West leads and sees only the West hand; North answered Blackwood
        // and 5NT with the aces and kings it holds.
        let play = Play::new(&deal, &contract);
        let mut infos = [Info::default(); 4];
        infos[Seat::North.index()].aces = Some(count(deal[Seat::North], 14));
        infos[Seat::North.index()].kings = Some(count(deal[Seat::North], 13));
        let view = View::new(&play, &infos);
        for _ in 0..10 {
            let sample = view.sample(&play, &mut rng);
            for rank in [14, 13] {
                assert_eq!(
                    count(sample[Seat::North], rank) % 4,
                    count(deal[Seat::North], rank) % 4,
                    "North's honours of rank {rank}: {}",
                    sample[Seat::North]
                );
            }
        }
    }
}

#[test]
fn partners_overcalled_suit_is_led_against_notrump() {
    // Board 21 of `bridge_quality --seed 1`: South overcalled 2D over 1S
    // and East-West reached 3NT. North's diamond lead sets up partner's
    // suit and takes 7 tricks double dummy; the heart ace (what the old
    // lead chose with the first of these generators) takes 4, the other
    // suits 3. Simulated over deals that fit the auction, the diamond
    // leads clearly.
    let deal: Deal = "N:J98.AJ863.765.QT AKQT3.T72.3.AK42 742.K4.AKJT42.65 65.Q95.Q98.J9873"
        .parse()
        .expect("deal");
    let mut table = Table::new(deal, Seat::North, Vulnerability::NS).expect("deal");
    for call in "Pass 1S 2D Pass Pass 2S Pass 3NT Pass Pass Pass".split(' ') {
        table.call(call.parse().expect("call")).expect("legal call");
    }
    assert_eq!(table.to_act(), Some(Seat::North));
    let mut player = Player::new(
        PlayOptions::default(),
        Some(engine::bridge::dds::Solver::new()),
    );
    for seed in [1 ^ 21u64 << 32, 2] {
        let mut rng = StdRng::seed_from_u64(seed);
        let lead = player.decide(&table, &mut rng, &mut engine::control::Unlimited);
        let Some(Action::Card(lead)) = lead else {
            panic!("seed {seed}: no lead but {lead:?}");
        };
        assert_eq!(lead.suit, Suit::Diamonds, "seed {seed}: led {lead}");
    }
}
