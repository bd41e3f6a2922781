//! Turbo Bridge card play: legality over many random boards, sampling
//! consistent with what the player knows, and small end positions whose
//! right card is known.

use engine::bridge::bidding::{Bidding, Info};
use engine::bridge::play::{PlayOptions, View, find_card, select};
use engine::bridge::{Card, Deal, Hand, Play, Seat, Strain, Suit};
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
                &mut || false,
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
