//! Duplicate scoring against the Laws: every level × strain × doubling ×
//! vulnerability × tricks, checked against an independent trick-by-trick
//! reading of Law 77, and spot-checked against a hand-written table of
//! well-known scores.

use engine::bridge::scoring::{duplicate_score, imps, matchpoints};
use engine::bridge::{Contract, Doubling, Seat, Strain};

/// Law 77 read trick by trick, written without the engine's helpers: each
/// odd trick contracted for, each overtrick and each undertrick is priced
/// on its own and the premiums are added.
fn law77(level: u8, strain: Strain, doubling: Doubling, vul: bool, tricks: u8) -> i32 {
    let x = match doubling {
        Doubling::Undoubled => 1,
        Doubling::Doubled => 2,
        Doubling::Redoubled => 4,
    };
    let needed = level + 6;
    if tricks < needed {
        let mut penalty = 0;
        for nth in 1..=(needed - tricks) {
            penalty += match (doubling, vul, nth) {
                (Doubling::Undoubled, false, _) => 50,
                (Doubling::Undoubled, true, _) => 100,
                (_, false, 1) => 50 * x,
                (_, false, 2 | 3) => 100 * x,
                (_, false, _) => 150 * x,
                (_, true, 1) => 100 * x,
                (_, true, _) => 150 * x,
            };
        }
        return -penalty;
    }
    // Odd tricks contracted for, priced one at a time.
    let mut below = 0;
    for odd in 1..=level {
        below += match strain {
            Strain::Clubs | Strain::Diamonds => 20,
            Strain::Hearts | Strain::Spades => 30,
            Strain::NoTrump if odd == 1 => 40,
            Strain::NoTrump => 30,
        } * x;
    }
    let mut score = below;
    score += match (below >= 100, vul) {
        (false, _) => 50,
        (true, false) => 300,
        (true, true) => 500,
    };
    score += match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    score += match doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 50,
        Doubling::Redoubled => 100,
    };
    for _ in needed..tricks {
        score += match (doubling, strain) {
            (Doubling::Undoubled, Strain::Clubs | Strain::Diamonds) => 20,
            (Doubling::Undoubled, _) => 30,
            (_, _) if vul => 100 * x,
            (_, _) => 50 * x,
        };
    }
    score
}

fn contract(level: u8, strain: Strain, doubling: Doubling) -> Contract {
    Contract::new(level, strain, doubling, Seat::North).expect("level 1..=7")
}

#[test]
fn every_contract_and_result_matches_law_77() {
    let mut cases = 0;
    for level in 1..=7 {
        for strain in Strain::ALL {
            for doubling in Doubling::ALL {
                for vul in [false, true] {
                    for tricks in 0..=13 {
                        let c = contract(level, strain, doubling);
                        assert_eq!(
                            duplicate_score(&c, vul, tricks),
                            law77(level, strain, doubling, vul, tricks),
                            "{} vul={vul} tricks={tricks}",
                            c.pbn()
                        );
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 7 * 5 * 3 * 2 * 14);
}

/// Scores every duplicate player knows, written out by hand:
/// (contract, vulnerable, tricks, score).
#[rustfmt::skip]
const KNOWN: &[(&str, bool, u8, i32)] = &[
    ("1C", false, 7, 70), ("1D", true, 7, 70), ("1H", false, 7, 80), ("1S", true, 7, 80),
    ("1NT", false, 7, 90), ("1NT", true, 8, 120), ("2C", false, 8, 90), ("2H", false, 8, 110),
    ("2NT", false, 8, 120), ("3C", false, 9, 110), ("3H", true, 9, 140), ("2S", false, 10, 170),
    ("3NT", false, 9, 400), ("3NT", true, 9, 600), ("3NT", false, 10, 430), ("3NT", true, 11, 660),
    ("4H", false, 10, 420), ("4S", true, 10, 620), ("4S", true, 11, 650), ("5C", false, 11, 400),
    ("5D", true, 11, 600), ("6S", false, 12, 980), ("6H", true, 12, 1430), ("6NT", false, 12, 990),
    ("6NT", true, 12, 1440), ("6C", true, 13, 1390), ("7C", false, 13, 1440), ("7S", false, 13, 1510),
    ("7S", true, 13, 2210), ("7NT", false, 13, 1520), ("7NT", true, 13, 2220),
    // Doubled and redoubled, made: the insult and game by doubling.
    ("1CX", false, 7, 140), ("1HX", false, 7, 160), ("1SX", false, 8, 260), ("1SX", true, 8, 360),
    ("1NTX", false, 7, 180), ("1NTX", false, 8, 280), ("1NTX", true, 8, 380), ("2CX", false, 8, 180),
    ("2HX", false, 8, 470), ("2HX", true, 8, 670), ("2SX", false, 9, 570), ("2SX", true, 9, 870),
    ("3CX", false, 9, 470), ("4HX", false, 10, 590), ("4SX", true, 10, 790), ("1CX", false, 10, 440),
    ("1NTXX", false, 7, 560), ("1NTXX", true, 7, 760), ("1CXX", false, 7, 230), ("1CXX", false, 8, 430),
    ("1CXX", true, 8, 630), ("7NTXX", true, 13, 2980), ("6SX", true, 12, 1660),
    // Undertricks.
    ("4S", false, 9, -50), ("4S", false, 6, -200), ("4S", true, 9, -100), ("4S", true, 6, -400),
    ("4SX", false, 9, -100), ("4SX", false, 8, -300), ("4SX", false, 7, -500), ("4SX", false, 6, -800),
    ("4SX", false, 5, -1100), ("4SX", true, 9, -200), ("4SX", true, 8, -500), ("4SX", true, 7, -800),
    ("4SX", true, 6, -1100), ("4SXX", false, 9, -200), ("4SXX", false, 8, -600),
    ("4SXX", false, 7, -1000), ("4SXX", false, 6, -1600), ("4SXX", true, 9, -400),
    ("4SXX", true, 8, -1000), ("4SXX", true, 6, -2200), ("3NTX", false, 5, -800),
    ("7CXX", true, 0, -7600), ("7CXX", false, 0, -7000), ("7NT", false, 0, -650),
];

#[test]
fn well_known_scores() {
    for &(text, vul, tricks, score) in KNOWN {
        let bid: engine::bridge::ContractBid = text.parse().expect("table contract");
        let c = bid.with_declarer(Seat::East);
        assert_eq!(
            duplicate_score(&c, vul, tricks),
            score,
            "{text} vul={vul} tricks={tricks}"
        );
        assert_eq!(
            law77(c.level, c.strain, c.doubling, vul, tricks),
            score,
            "oracle {text}"
        );
    }
}

#[test]
fn imp_scale_is_monotonic_and_symmetric() {
    let mut last = 0;
    for diff in (0..=5000).step_by(10) {
        let i = imps(diff);
        assert!(i == last || i == last + 1, "{diff}");
        assert_eq!(imps(-diff), -i);
        last = i;
    }
    assert_eq!(last, 24);
    // A vulnerable game swing: 620 against -100 is 720, 12 IMPs.
    assert_eq!(imps(620 - -100), 12);
}

#[test]
fn matchpoints_sum_to_the_whole_top() {
    let field = [620, 650, 620, 170, -100, 650];
    let mps = matchpoints(&field);
    assert_eq!(mps, vec![5, 9, 5, 2, 0, 9]);
    let n = field.len() as u32;
    assert_eq!(mps.iter().sum::<u32>(), n * (n - 1));
}

mod rubber {
    use engine::bridge::rubber::{RUBBER_TWO_NIL, RUBBER_TWO_ONE, Rubber, RubberError};
    use engine::bridge::{Contract, ContractBid, Seat, Side, Vulnerability};

    fn c(text: &str, declarer: Seat) -> Contract {
        text.parse::<ContractBid>()
            .expect("contract")
            .with_declarer(declarer)
    }

    /// Replays a rubber that ends on the sample card of the handbook
    /// (chapter 7, SCORE.BR): N/S 270 above, 120 / 0 / 0 below, 390 in
    /// all; E/W 400 above, 20 / 120 / 0 below, 540 in all.
    #[test]
    fn the_handbook_score_card() {
        let mut r = Rubber::new();
        // E/W make 1C: 20 below in game 1.
        r.record(Some(&c("1C", Seat::East)), 7).unwrap();
        // N/S make 2H with four overtricks: 60 below, 120 above.
        r.record(Some(&c("2H", Seat::South)), 12).unwrap();
        // E/W go three down, not vulnerable: 150 above for N/S.
        r.record(Some(&c("3D", Seat::West)), 6).unwrap();
        // N/S make 2S: 120 below in game 1 makes a game.
        let s = r.record(Some(&c("2S", Seat::North)), 8).unwrap();
        assert!(s.game && s.side == Some(Side::NorthSouth));
        assert_eq!(r.current_game(), 2);
        assert_eq!(r.vulnerability(), Vulnerability::NS);
        // E/W make 4S: game 2 to them, both vulnerable now.
        r.record(Some(&c("4S", Seat::East)), 10).unwrap();
        assert_eq!(r.vulnerability(), Vulnerability::Both);
        // N/S, vulnerable, go four down in 4S: 400 above for E/W.
        r.record(Some(&c("4S", Seat::North)), 6).unwrap();

        let ns = r.side(Side::NorthSouth);
        let ew = r.side(Side::EastWest);
        assert_eq!((ns.above, ns.below, ns.total()), (270, [120, 0, 0], 390));
        assert_eq!((ew.above, ew.below, ew.total()), (400, [20, 120, 0], 540));
        assert!(!r.is_finished());
        let card = r.card().to_string();
        let lines: Vec<Vec<&str>> = card
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(lines[2], ["Overline", "270", "400"]);
        assert_eq!(lines[3], ["Game", "1", "120", "20"]);
        assert_eq!(lines[6], ["Totals", "390", "540"]);
    }

    #[test]
    fn rubber_bonus_700_or_500() {
        let mut r = Rubber::new();
        r.record(Some(&c("3NT", Seat::North)), 9).unwrap();
        let s = r.record(Some(&c("4H", Seat::South)), 10).unwrap();
        assert_eq!(s.rubber_bonus, RUBBER_TWO_NIL);
        assert!(r.is_finished());
        assert_eq!(r.winner(), Some(Side::NorthSouth));
        assert_eq!(r.side(Side::NorthSouth).total(), 100 + 120 + 700);
        assert_eq!(
            r.record(Some(&c("1C", Seat::East)), 7),
            Err(RubberError::Finished)
        );

        let mut r = Rubber::new();
        r.record(Some(&c("5C", Seat::East)), 11).unwrap();
        r.record(Some(&c("3NT", Seat::North)), 9).unwrap();
        let s = r.record(Some(&c("6S", Seat::West)), 12).unwrap();
        // Vulnerable small slam 750 plus the rubber bonus for 2-1.
        assert_eq!(s.rubber_bonus, RUBBER_TWO_ONE);
        assert_eq!(s.above, 750 + 500);
        assert_eq!(r.winner(), Some(Side::EastWest));
    }

    #[test]
    fn part_scores_add_up_but_do_not_carry_over() {
        let mut r = Rubber::new();
        r.record(Some(&c("2C", Seat::North)), 8).unwrap();
        r.record(Some(&c("1NT", Seat::East)), 7).unwrap();
        let s = r.record(Some(&c("2D", Seat::South)), 8).unwrap();
        // 40 + 40 = 80: still no game.
        assert!(!s.game);
        let s = r.record(Some(&c("1H", Seat::North)), 7).unwrap();
        assert!(s.game);
        assert_eq!(r.side(Side::NorthSouth).below, [110, 0, 0]);
        // E/W's 40 stays in game 1; game 2 starts from zero for both.
        assert_eq!(r.side(Side::EastWest).below, [40, 0, 0]);
        r.record(Some(&c("2NT", Seat::West)), 8).unwrap();
        assert_eq!(r.side(Side::EastWest).below, [40, 70, 0]);
        // Doubled into game: 2HX = 120 below, 50 above.
        let s = r.record(Some(&c("2HX", Seat::East)), 8).unwrap();
        assert!(s.game);
        assert_eq!(s.above, 50);
        assert_eq!(r.current_game(), 3);
        // Passed out: nothing changes.
        let before = r;
        r.record(None, 0).unwrap();
        assert_eq!(r, before);
    }
}
