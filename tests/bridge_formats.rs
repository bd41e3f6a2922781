//! PBN and LIN: the four boards with known results from the reference
//! notes, lists of valid (lenient) and invalid inputs, a played board in
//! both formats, and `parse(print(x)) == x` on random boards.

use engine::bridge::{
    Auction, Call, Card, ContractBid, DdTable, Deal, Play, Seat, Strain, Vulnerability,
    board_dealer, board_vulnerability, scoring,
};
use protocols::bridge::board::{AuctionRecord, Board, BoardError, ContractTag};
use protocols::bridge::io::{Format, read_boards};
use protocols::bridge::lin::{self, LinError};
use protocols::bridge::pbn::{self, PbnError};
use rand::rngs::StdRng;
use rand::seq::IteratorRandom;
use rand::{RngExt, SeedableRng};

/// The four boards with known results (reference notes §1.8): deal,
/// DoubleDummyTricks, OptimumScore for NS, ParContract.
const KNOWN: [(u32, &str, &str, i32, &str); 4] = [
    (
        1,
        "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
        "54555546658977889778",
        -140,
        "EW 1S+2",
    ),
    (
        2,
        "E:J2.T9875.J4.AQ82 A73.AQJ43.T32.96 KQ9865..A76.KJ73 T4.K62.KQ985.T54",
        "53772537725a65b5a65b",
        -420,
        "EW 4S=",
    ),
    (
        3,
        "S:AQ32.Q986.3.K832 87.J7542.AKT8.QJ JT6.AK.972.T9754 K954.T3.QJ654.A6",
        "7875b7875b6468264582",
        400,
        "NS 5C=",
    ),
    (
        4,
        "W:AKQJT2.AQT2.A6.6 .K964.KQ93.KJ532 96543.5.J74.AT94 87.J873.T852.Q87",
        "31667316679c666ac666",
        -1430,
        "EW 6S=",
    ),
];

fn known_board_text(i: usize) -> String {
    let (n, deal, dd, score, par) = KNOWN[i];
    let side = if score >= 0 { "NS" } else { "EW" };
    format!(
        "[Board \"{n}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{deal}\"]\n\
         [DoubleDummyTricks \"{dd}\"]\n[OptimumScore \"{side} {}\"]\n[ParContract \"{par}\"]\n",
        board_dealer(n),
        board_vulnerability(n),
        score.abs()
    )
}

#[test]
fn the_four_known_boards_read_and_round_trip() {
    for (i, &(n, deal, dd, score, par)) in KNOWN.iter().enumerate() {
        let b = pbn::parse_board(&known_board_text(i)).expect("known board");
        assert_eq!(b.number, Some(n));
        // The deal tag starts with the dealer, as the cycle says.
        assert_eq!(deal.chars().next(), Some(board_dealer(n).letter()));
        assert!(b.deal.is_full());
        assert_eq!(b.deal, deal.parse::<Deal>().expect("deal"));
        assert_eq!(b.dd_tricks.map(|t| t.to_hex()), Some(dd.to_string()));
        assert_eq!(b.optimum_score, Some(score));
        assert_eq!(b.par_contract.as_deref(), Some(par));

        // The par contract's score, from our scoring, is the optimum score.
        let (side, rest) = par.split_once(' ').expect("side");
        let bid: ContractBid = rest
            .trim_end_matches(|c: char| c == '=' || c == '+' || c.is_ascii_digit())
            .parse()
            .expect("par contract");
        let over: u8 = rest
            .split('+')
            .nth(1)
            .map_or(0, |o| o.parse().expect("over"));
        let declarer = if side == "NS" {
            Seat::North
        } else {
            Seat::East
        };
        let c = bid.with_declarer(declarer);
        let ns = scoring::ns_score(
            Some(&c),
            b.vulnerability.expect("vul"),
            c.tricks_needed() + over,
        );
        assert_eq!(ns, score, "board {n}");
        // And the DD table allows it: the declaring side makes that many.
        let table = b.dd_tricks.expect("dd");
        let best = declarer
            .side()
            .seats()
            .map(|s| table.get(s, c.strain))
            .into_iter()
            .max();
        assert_eq!(best, Some(c.tricks_needed() + over), "board {n}");

        // Export, then import: the same board.
        let text = pbn::write_file(std::slice::from_ref(&b));
        assert_eq!(pbn::parse_board(&text), Ok(b.clone()));
        // LIN carries deal, dealer, vulnerability and number.
        let lin_text = lin::write_board(&b);
        let back = lin::parse_board(&lin_text).expect("lin");
        assert_eq!(
            (back.deal, back.dealer, back.vulnerability, back.number),
            (b.deal, b.dealer, b.vulnerability, b.number)
        );
    }
}

#[test]
fn strict_export_layout() {
    let b = pbn::parse_board(&known_board_text(0)).expect("board");
    let text = pbn::write_file(&[b.clone(), b]);
    assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"\"]\r\n"));
    assert!(!text.contains('\t'));
    assert!(
        text.split("\r\n")
            .all(|l| !l.contains('\n') && l.len() < 255)
    );
    let tags: Vec<&str> = text
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.strip_prefix('['))
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        tags,
        [
            "Event",
            "Site",
            "Date",
            "Board",
            "West",
            "North",
            "East",
            "South",
            "Dealer",
            "Vulnerable",
            "Deal",
            "Scoring",
            "Declarer",
            "Contract",
            "Result",
            "DoubleDummyTricks",
            "OptimumScore",
            "ParContract"
        ]
    );
    // Games are separated by one empty line.
    assert_eq!(text.matches("\r\n\r\n[Event").count(), 1);
}

/// Board played as in the BBO Helper file of the reference notes: 6D by
/// East, South leads H2, East ruffs with D2 and leads D6, which still sits
/// in East's (fourth) column.
const PLAYED: &str = "% a comment line\r\n\
[Event \"Club\"]\r\n[Board \"6\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"EW\"]\r\n\
[Deal \"E:AKQJ..KQJ9862.AK 76.87632.543.432 5432.A54.A.QJT98 T98.KQJT9.T7.765\"]\r\n\
[Declarer \"E\"]\r\n[Contract \"6D\"]\r\n[Result \"12\"]\r\n\
[Auction \"E\"]\r\n1S\tPass\t2C\tPass\r\n3D =1=\tPass\t6D\tAP\r\n[Note \"1:natural, \\\"strong\\\"\"]\r\n\
[Play \"S\"]\r\nH2\tH4\tHK\tD2\r\nD3\tDA\tDT\tD6\r\n*\r\n";

#[test]
fn play_section_columns_follow_the_opening_leader() {
    let b = pbn::parse_board(PLAYED).expect("played board");
    let c = b.contract().expect("contract");
    assert_eq!(c.to_string(), "6D by E");
    let rec = b.auction.as_ref().expect("auction");
    assert!(rec.auction.is_complete());
    assert_eq!(rec.auction.final_contract(), Some(c));
    assert_eq!(rec.annotations[4].as_deref(), Some("natural, \"strong\""));
    let order: Vec<String> = b
        .linear_play()
        .iter()
        .map(|(s, c)| format!("{s}{c}"))
        .collect();
    assert_eq!(
        order,
        ["SH2", "WH4", "NHK", "ED2", "ED6", "SD3", "WDA", "NDT"]
    );

    // PBN export keeps the columns; import gives the same board back.
    let text = pbn::write_board(&b);
    assert!(text.contains("[Play \"S\"]\r\nH2 H4 HK D2\r\nD3 DA DT D6\r\n*\r\n"));
    assert!(
        text.contains("3D =1= Pass 6D Pass\r\nPass Pass\r\n[Note \"1:natural, \\\"strong\\\"\"]")
    );
    assert_eq!(pbn::parse_board(&text), Ok(b.clone()));

    // LIN plays in play order, with the alert and its explanation.
    let lin_text = lin::write_board(&b);
    assert!(lin_text.contains("pc|H2|pc|H4|pc|HK|pc|D2|pg||pc|D6|pc|D3|pc|DA|pc|DT|pg||"));
    assert!(lin_text.contains("mb|3D!|an|natural, \"strong\"|"));
    let back = lin::parse_board(&lin_text).expect("lin");
    assert_eq!(back.play, b.play);
    assert_eq!(back.auction, b.auction);
    assert_eq!(back.result, Some(12));
    assert_eq!(back.contract(), Some(c));
}

/// The LIN sample of the reference notes (endplay tests/lin/example1.lin,
/// board 3, first trick), East's hand omitted.
const LIN_SAMPLE: &str = "pn|domtp,~~M25054gn,~~M2509087,~~M25116nn|st||md|1S4QAH37KAD28TC6TQ,S2567THJD347QC57J,S38KH24689D9JC38A,|rh||ah|Board 3|sv|e|mb|1N|an|notrump opener|mb|p|mb|2D!|an|Jacoby transfer -- 5+ !H |mb|p|mb|2H|mb|p|mb|p|mb|p|pg||pc|HJ|pc|H2|pc|H5|pc|HA|pg||mc|9|\n";

#[test]
fn lin_sample_reads_and_round_trips() {
    let b = lin::parse_board(LIN_SAMPLE).expect("lin sample");
    assert_eq!(b.number, Some(3));
    assert_eq!(b.dealer, Some(Seat::South));
    assert_eq!(b.vulnerability, Some(Vulnerability::EW));
    assert!(b.deal.is_full(), "East completed from the other three");
    assert_eq!(b.deal[Seat::South].to_string(), "AQ4.AK73.T82.QT6");
    assert_eq!(b.players[Seat::South.index()], "domtp");
    assert_eq!(b.players[Seat::East.index()], "~~M25116nn");
    assert_eq!(
        b.contract().map(|c| c.to_string()).as_deref(),
        Some("2H by S")
    );
    let rec = b.auction.as_ref().expect("auction");
    assert_eq!(rec.annotations[0].as_deref(), Some("notrump opener"));
    assert_eq!(
        rec.annotations[2].as_deref(),
        Some("Jacoby transfer -- 5+ !H ")
    );
    assert_eq!(b.result, Some(9));
    assert_eq!(b.linear_play().len(), 4);
    assert_eq!(
        b.linear_play()[0],
        (Seat::West, "HJ".parse::<Card>().expect("card"))
    );

    let text = lin::write_board(&b);
    assert_eq!(lin::parse_board(&text), Ok(b.clone()));
    assert!(text.contains("mb|1N|an|notrump opener|mb|p|mb|2D!|an|Jacoby"));
    // PBN keeps what LIN said, but for the alert apart from the note: PBN
    // has none, so its notes read as alerts.
    let pbn_text = pbn::write_board(&b);
    let p = pbn::parse_board(&pbn_text).expect("as pbn");
    let calls_and_notes = |b: &Board| {
        b.auction
            .as_ref()
            .map(|r| (r.auction.clone(), r.annotations.clone()))
    };
    assert_eq!(
        (p.deal, calls_and_notes(&p), &p.play, p.result),
        (b.deal, calls_and_notes(&b), &b.play, b.result)
    );
}

/// Lenient import: each text parses, and the check says what it read.
#[test]
fn valid_pbn_inputs() {
    type Check = fn(&Board) -> bool;
    let deal = "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9";
    let cases: Vec<(String, Check)> = vec![
        // The smallest useful import file.
        (
            format!("[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n"),
            |b| b.dealer == Some(Seat::North) && b.deal.is_full(),
        ),
        // Any tag order, lower case names and values, tabs, CRLF.
        (
            format!("[deal\t\"{}\"]\r\n[vulnerable \"love\"]\r\n[dealer \"s\"]\r\n", deal.to_lowercase()),
            |b| b.dealer == Some(Seat::South) && b.vulnerability == Some(Vulnerability::None),
        ),
        // Comments of both kinds, a brace comment spanning a blank line,
        // and % lines.
        (
            format!("% PBN 2.1\n%Creator: x\n{{ a comment\n\nstill }}\n[Deal \"{deal}\"] ; rest\n[Vulnerable \"-\"]\n"),
            |b| b.vulnerability == Some(Vulnerability::None),
        ),
        (format!("[Deal \"{deal}\"]\n[Vulnerable \"Both\"]\n"), |b| {
            b.vulnerability == Some(Vulnerability::Both)
        }),
        // 1N for 1NT, AP, and a repeated tag ignored.
        (
            format!("[Dealer \"N\"]\n[Dealer \"E\"]\n[Deal \"{deal}\"]\n[Auction \"N\"]\n1N pass 3n AP\n"),
            |b| {
                b.dealer == Some(Seat::North)
                    && b.contract().map(|c| c.to_string()).as_deref() == Some("3NT by N")
            },
        ),
        // Result as NS <n>; declarer on the other side of the count.
        (
            format!("[Deal \"{deal}\"]\n[Declarer \"E\"]\n[Contract \"2HX\"]\n[Result \"NS 6\"]\n"),
            |b| b.result == Some(7) && b.contract().map(|c| c.pbn()).as_deref() == Some("2HX"),
        ),
        // Passed out, an unknown hand, unknown values as "?" / "".
        (
            "[Board \"?\"]\n[Deal \"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -\"]\n[Contract \"Pass\"]\n[Result \"\"]\n".into(),
            |b| b.number.is_none() && b.contract == Some(ContractTag::PassedOut) && !b.deal.is_full(),
        ),
        // Three hands given: the fourth is completed.
        (
            "[Deal \"N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 -\"]\n".into(),
            |b| b.deal.is_full(),
        ),
        // An end position with only the strain, and a play from it.
        (
            "[Deal \"N:A... K... Q... J...\"]\n[Declarer \"S\"]\n[Contract \"NT\"]\n[Play \"W\"]\nSJ SA SK SQ\n".into(),
            |b| b.contract == Some(ContractTag::StrainOnly(Strain::NoTrump)) && b.linear_play().len() == 4,
        ),
        // Table-layout auction starting before the dealer, notes, NAGs,
        // suffixes, an OptimumResultTable.
        (
            format!(
                "[Dealer \"E\"]\n[Deal \"{deal}\"]\n[Auction \"N\"]\n- 1S! Pass 2C =1= $3\nPass 2S Pass Pass\nPass\n[Note \"1:Drury\"]\n\
                 [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 5\nS  S 4\n[Score \"EW 140\"]\n"
            ),
            |b| {
                let rec = b.auction.as_ref().expect("auction");
                rec.auction.dealer() == Seat::East
                    && rec.annotations[2].as_deref() == Some("Drury")
                    && b.optimum_table.map(|t| t.get(Seat::North, Strain::NoTrump)) == Some(5)
                    && b.optimum_table.map(|t| t.get(Seat::South, Strain::Spades)) == Some(4)
                    && b.score == Some(-140)
            },
        ),
    ];
    for (text, check) in cases {
        let b = pbn::parse_board(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert!(check(&b), "{text}\n{b:?}");
        // Whatever was read exports and reads back the same.
        assert_eq!(pbn::parse_board(&pbn::write_board(&b)), Ok(b), "{text}");
    }
}

/// Each bad input is refused with the error that names the problem.
#[test]
fn invalid_pbn_inputs() {
    type Check = fn(&PbnError) -> bool;
    let deal = "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9";
    let cases: Vec<(String, Check)> = vec![
        ("[Dealer \"N\"]\n".into(), |e| *e == PbnError::MissingDeal),
        // 12 cards in North, 14 in East.
        (
            "[Deal \"N:AKQJ..AT8632.43 T742.Q9543.J.QT88 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]"
                .into(),
            |e| matches!(e, PbnError::Deal(_)),
        ),
        (
            "[Deal \"N:AKQJ..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]"
                .into(),
            |e| matches!(e, PbnError::Inconsistent(BoardError::HandSizes { .. })),
        ),
        // A card twice.
        (
            "[Deal \"N:AKQJ8..AT8632.43 A742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]"
                .into(),
            |e| {
                matches!(
                    e,
                    PbnError::Deal(engine::bridge::DealError::Duplicate { .. })
                )
            },
        ),
        // An unknown rank; an unknown seat.
        (
            "[Deal \"N:AKQJ1..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]"
                .into(),
            |e| matches!(e, PbnError::Deal(engine::bridge::DealError::Hand { .. })),
        ),
        ("[Deal \"X:- - - -\"]".into(), |e| {
            matches!(e, PbnError::Deal(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Dealer \"Q\"]"), |e| {
            matches!(e, PbnError::Dealer(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Declarer \"NS\"]"), |e| {
            matches!(e, PbnError::Declarer(_))
        }),
        // Broken tags.
        (format!("[Deal \"{deal}\""), |e| {
            matches!(e, PbnError::Tag(_))
        }),
        (format!("[Deal {deal}]"), |e| matches!(e, PbnError::Tag(_))),
        (format!("[ \"x\"]\n[Deal \"{deal}\"]"), |e| {
            matches!(e, PbnError::Tag(_))
        }),
        (format!("[Deal \"{deal}\"]\n{{ never closed"), |e| {
            *e == PbnError::UnclosedComment
        }),
        (format!("[Deal \"{deal}\"]\n1S Pass"), |e| {
            matches!(e, PbnError::Unexpected(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Vulnerable \"Some\"]"), |e| {
            matches!(e, PbnError::Vulnerable(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Contract \"8S\"]"), |e| {
            matches!(e, PbnError::Contract(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Result \"14\"]"), |e| {
            matches!(e, PbnError::Result(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Board \"0\"]"), |e| {
            matches!(e, PbnError::Board(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Score \"420\"]"), |e| {
            matches!(e, PbnError::Score { .. })
        }),
        (
            format!("[Deal \"{deal}\"]\n[DoubleDummyTricks \"123\"]"),
            |e| matches!(e, PbnError::DoubleDummyTricks(_)),
        ),
        (
            format!("[Deal \"{deal}\"]\n[OptimumResultTable \"x\"]\nN NT 14\n"),
            |e| matches!(e, PbnError::OptimumTable(_)),
        ),
        // Auction: a bad token, an insufficient bid, a double of partner.
        (format!("[Deal \"{deal}\"]\n[Auction \"N\"]\n1S 9C"), |e| {
            matches!(e, PbnError::Call(_))
        }),
        (format!("[Deal \"{deal}\"]\n[Auction \"N\"]\n1S 1H"), |e| {
            matches!(e, PbnError::IllegalCall { index: 2, .. })
        }),
        (
            format!("[Deal \"{deal}\"]\n[Auction \"N\"]\n1S Pass X"),
            |e| matches!(e, PbnError::IllegalCall { index: 3, .. }),
        ),
        (format!("[Deal \"{deal}\"]\n[Auction \"Z\"]\n"), |e| {
            matches!(e, PbnError::AuctionSeat(_))
        }),
        // Contract tags that contradict the auction.
        (
            format!(
                "[Deal \"{deal}\"]\n[Declarer \"S\"]\n[Contract \"2S\"]\n[Auction \"N\"]\n1S Pass 2S AP\n"
            ),
            |e| {
                matches!(
                    e,
                    PbnError::Inconsistent(BoardError::ContractMismatch { .. })
                )
            },
        ),
        (
            format!("[Dealer \"E\"]\n[Deal \"{deal}\"]\n[Auction \"N\"]\n1S AP\n"),
            |e| matches!(e, PbnError::Inconsistent(BoardError::AuctionDealer { .. })),
        ),
        // Play: a bad card, a card not held, a revoke, a card twice, no
        // contract.
        (
            format!("[Deal \"{deal}\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Play \"E\"]\nDZ"),
            |e| matches!(e, PbnError::Card(_)),
        ),
        (
            format!("[Deal \"{deal}\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Play \"E\"]\nSA"),
            |e| matches!(e, PbnError::Inconsistent(BoardError::Card { trick: 1, .. })),
        ),
        (
            format!(
                "[Deal \"{deal}\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Play \"E\"]\nDJ H2 D9 DA\nS2 S3 S5 SK\n"
            ),
            |e| matches!(e, PbnError::Inconsistent(BoardError::Card { trick: 1, .. })),
        ),
        (
            format!(
                "[Deal \"{deal}\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Play \"E\"]\nDJ D7 DK DJ\n"
            ),
            |e| matches!(e, PbnError::Inconsistent(BoardError::CardPlayedTwice(_))),
        ),
        (
            format!("[Deal \"{deal}\"]\n[Play \"E\"]\nDJ D7 DK DA\n"),
            |e| matches!(e, PbnError::Inconsistent(BoardError::PlayWithoutContract)),
        ),
        (
            format!("[Deal \"{deal}\"]\n[Auction \"N\"]\n1S =x= Pass\n"),
            |e| matches!(e, PbnError::Note(_)),
        ),
    ];
    for (text, check) in cases {
        match pbn::parse_board(&text) {
            Ok(b) => panic!("accepted {text:?}: {b:?}"),
            Err(e) => {
                assert!(check(&e), "{text:?}: wrong error {e:?}");
                let msg = e.to_string();
                assert!(!msg.is_empty() && !msg.contains('\n'), "{msg}");
            }
        }
    }
}

#[test]
fn invalid_lin_inputs() {
    type Check = fn(&LinError) -> bool;
    let md = "md|1S4QAH37KAD28TC6TQ,S2567THJD347QC57J,S38KH24689D9JC38A,|";
    let cases: Vec<(String, Check)> = vec![
        ("pn|a,b,c,d|".into(), |e| *e == LinError::MissingDeal),
        ("md|5SA,,,|".into(), |e| matches!(e, LinError::Deal(_))),
        ("md|1SAXH,,,|".into(), |e| matches!(e, LinError::Hand(_))),
        ("md|1AK,,,|".into(), |e| matches!(e, LinError::Hand(_))),
        ("md|1SA,SA,,|".into(), |e| matches!(e, LinError::BadDeal(_))),
        (
            // 12 cards for South.
            "md|1S4QAH37KAD28TC6T,S2567THJD347QC57J,S38KH24689D9JC38A,|".into(),
            |e| matches!(e, LinError::Inconsistent(BoardError::HandSizes { .. })),
        ),
        (format!("{md}sv|x|"), |e| {
            matches!(e, LinError::Vulnerability(_))
        }),
        (format!("{md}mb|1S|mb|1H|"), |e| {
            matches!(e, LinError::IllegalCall { index: 2, .. })
        }),
        (format!("{md}mb|8S|"), |e| matches!(e, LinError::Call(_))),
        (format!("{md}mb|p|mb|p|mb|p|mb|p|pc|SA|"), |e| {
            *e == LinError::PlayWithoutContract
        }),
        (format!("{md}mb|1S|mb|p|mb|p|mb|p|pc|SAK|"), |e| {
            matches!(e, LinError::Card(_))
        }),
        // West leads against 1S by South; West does not hold the ace.
        (format!("{md}mb|1S|mb|p|mb|p|mb|p|pc|SA|"), |e| {
            matches!(e, LinError::Inconsistent(BoardError::Card { trick: 1, .. }))
        }),
        (format!("{md}mb|1S|mb|p|mb|p|mb|p|mc|14|"), |e| {
            matches!(e, LinError::Claim(_))
        }),
        ("md|1SA,,,|xyz|".into(), |e| {
            matches!(e, LinError::Syntax(_))
        }),
    ];
    for (text, check) in cases {
        match lin::parse_board(&text) {
            Ok(b) => panic!("accepted {text:?}: {b:?}"),
            Err(e) => assert!(check(&e), "{text:?}: wrong error {e:?}"),
        }
    }
}

#[test]
fn lin_splits_boards_and_detects_format() {
    let two = format!("qx|o1|{}qx|c1|{}", LIN_SAMPLE.trim(), LIN_SAMPLE.trim());
    let (format, boards) = read_boards(&two);
    assert_eq!(format, Format::Lin);
    assert_eq!(boards.len(), 2);
    assert!(boards.iter().all(Result::is_ok));
    let (format, boards) = read_boards(&known_board_text(1));
    assert_eq!(format, Format::Pbn);
    assert_eq!(boards.len(), 1);
    // A byte-order mark in front changes nothing.
    for text in [known_board_text(1), LIN_SAMPLE.to_string()] {
        let with_bom = format!("\u{feff}{text}");
        let (a, plain) = read_boards(&text);
        let (b, bom) = read_boards(&with_bom);
        assert_eq!((a, plain), (b, bom));
    }
}

#[test]
fn the_dd_fixture_reads_and_round_trips() {
    // The DDS-computed fixture, copied into the repository from
    // shared/fixtures/bridge/ so the suite is self-contained.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dd-200.pbn"),
    )
    .expect("tests/fixtures/dd-200.pbn");
    let boards: Vec<Board> = pbn::parse_all(&text)
        .into_iter()
        .map(|r| r.expect("fixture board"))
        .collect();
    assert_eq!(boards.len(), 200);
    let back: Vec<Board> = pbn::parse_all(&pbn::write_file(&boards))
        .into_iter()
        .map(|r| r.expect("exported board"))
        .collect();
    assert_eq!(back, boards);
    for b in &boards {
        assert!(b.deal.is_full() && b.dd_tricks.is_some() && b.optimum_score.is_some());
        let n = b.number.expect("number");
        assert_eq!(b.dealer, Some(board_dealer(n)));
        assert_eq!(b.vulnerability, Some(board_vulnerability(n)));
    }
}

/// A random board with every part filled in consistently: a legal
/// auction (sometimes unfinished), a legal play part of the way, tags.
fn random_board(rng: &mut StdRng, n: u32, for_lin: bool) -> Board {
    let mut b = Board::dealt(n, Deal::random(rng));
    b.players = Seat::ALL.map(|s| format!("{s} player {}", rng.random_range(0..100)));
    let mut auction = Auction::new(b.dealer.expect("dealer"));
    let mut annotations = Vec::new();
    let stop = rng.random_range(0..30);
    while !auction.is_complete() && auction.calls().len() < stop {
        let legal = auction.legal_calls();
        let call = if rng.random_bool(0.6) {
            Call::Pass
        } else {
            legal
                .iter()
                .copied()
                .take(8)
                .choose(rng)
                .expect("a legal call")
        };
        auction.push(call).expect("legal");
        annotations.push(rng.random_bool(0.2).then(|| {
            if rng.random_bool(0.3) {
                String::new()
            } else {
                format!("note \"{}\" ok", rng.random_range(0..9))
            }
        }));
    }
    let complete = auction.is_complete();
    let contract = auction.final_contract();
    b.auction = Some(AuctionRecord::with_annotations(auction, annotations));
    if complete {
        b.contract = Some(contract.map_or(ContractTag::PassedOut, |c| ContractTag::Bid(c.into())));
        b.declarer = contract.map(|c| c.declarer);
    }
    if let Some(c) = contract.filter(|_| complete) {
        let mut play = Play::new(&b.deal, &c);
        let cards = rng.random_range(0..=52);
        let mut played = Vec::new();
        while played.len() < cards && !play.is_finished() {
            let card = play.legal_cards().iter().choose(rng).expect("legal card");
            play.play(card).expect("legal");
            played.push(card);
        }
        b.set_linear_play(c.opening_leader(), &played, c.strain)
            .expect("no card twice");
        // A play of all 13 tricks has its result (LIN gives it even
        // without a claim); otherwise the result is what a claim says.
        b.result = match play.result() {
            Some(tricks) => Some(tricks),
            None => rng.random_bool(0.7).then(|| rng.random_range(0..=13)),
        };
    }
    if !for_lin {
        b.event = "Random \"quoted\" \\ event".into();
        b.site = "Nowhere".into();
        b.date = "2026.11.??".into();
        b.scoring = "IMP".into();
        if rng.random_bool(0.5) {
            let mut t = DdTable::default();
            for s in Seat::ALL {
                for st in Strain::ALL {
                    t.set(s, st, rng.random_range(0..=13));
                }
            }
            b.dd_tricks = Some(t);
            b.optimum_table = Some(t);
            b.optimum_score = Some(rng.random_range(-2000..2000) / 10 * 10);
            b.par_contract = Some("NS 3NT=".into());
            b.score = Some(rng.random_range(-2000..2000));
        }
        b.other_tags.insert("Room".into(), "Open".into());
        if let Some(play) = b.play.as_mut().filter(|_| rng.random_bool(0.3)) {
            // Unknown cards ("-") in the record.
            for row in play.tricks.iter_mut().skip(3) {
                row[rng.random_range(0..4)] = None;
            }
        }
    }
    b
}

#[test]
fn random_boards_round_trip_through_pbn() {
    let mut rng = StdRng::seed_from_u64(2026);
    let boards: Vec<Board> = (1..=300)
        .map(|n| random_board(&mut rng, n, false))
        .collect();
    for b in &boards {
        b.validate().expect("generated board is valid");
        let text = pbn::write_board(b);
        assert_eq!(pbn::parse_board(&text).as_ref(), Ok(b), "{text}");
    }
    let file = pbn::write_file(&boards);
    let back: Vec<Board> = pbn::parse_all(&file)
        .into_iter()
        .map(|r| r.expect("board"))
        .collect();
    assert_eq!(back, boards);
}

#[test]
fn random_boards_round_trip_through_lin() {
    let mut rng = StdRng::seed_from_u64(1985);
    let boards: Vec<Board> = (1..=300).map(|n| random_board(&mut rng, n, true)).collect();
    for b in &boards {
        let text = lin::write_board(b);
        assert_eq!(lin::parse_board(&text).as_ref(), Ok(b), "{text}");
    }
    let file = lin::write_file(&boards);
    let back: Vec<Board> = lin::parse_all(&file)
        .into_iter()
        .map(|r| r.expect("board"))
        .collect();
    assert_eq!(back, boards);
}

/// Mangled input never panics: random edits of valid PBN and LIN texts
/// are either read or refused with an error.
#[test]
fn mangled_input_never_panics() {
    let mut rng = StdRng::seed_from_u64(404);
    let seeds = [
        PLAYED.to_string(),
        LIN_SAMPLE.to_string(),
        known_board_text(2),
    ];
    let alphabet: Vec<char> = "[]{}\";%|=-*+$!?^:.,0123456789 \t\r\nAKQJTSHDCNEWPXpxr"
        .chars()
        .collect();
    for round in 0..4000 {
        let mut text: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..rng.random_range(1..6) {
            let len = text.len();
            match rng.random_range(0..4) {
                0 if len > 0 => {
                    text.remove(rng.random_range(0..len));
                }
                1 => {
                    let c = alphabet[rng.random_range(0..alphabet.len())];
                    text.insert(rng.random_range(0..=len), c);
                }
                2 if len > 0 => {
                    let c = alphabet[rng.random_range(0..alphabet.len())];
                    text[rng.random_range(0..len)] = c;
                }
                _ => text.truncate(rng.random_range(0..=len)),
            }
        }
        let text: String = text.into_iter().collect();
        let (_, boards) = read_boards(&text);
        for b in boards.into_iter().flatten() {
            // Whatever is accepted can be written in both formats.
            let _ = pbn::write_board(&b);
            let _ = lin::write_board(&b);
        }
    }
}

#[test]
fn a_played_out_board_records_contract_result_and_score() {
    let mut rng = StdRng::seed_from_u64(77);
    for n in 1..=50 {
        let mut b = Board::dealt(n, Deal::random(&mut rng));
        let mut auction = Auction::new(b.dealer.expect("dealer"));
        let level = rng.random_range(1..=7);
        let strain = Strain::ALL[rng.random_range(0..5)];
        auction
            .push(Call::bid(level, strain).expect("bid"))
            .expect("opening bid");
        if rng.random_bool(0.3) {
            auction.push(Call::Double).expect("double");
        }
        while !auction.is_complete() {
            auction.push(Call::Pass).expect("pass");
        }
        b.set_auction(auction);
        let c = b.contract().expect("contract");
        assert_eq!(b.declarer, Some(c.declarer));
        let mut play = Play::new(&b.deal, &c);
        while !play.is_finished() {
            let card = play.legal_cards().iter().choose(&mut rng).expect("card");
            play.play(card).expect("legal");
        }
        b.set_play(&play);
        let tricks = play.declarer_tricks();
        assert_eq!(b.result, Some(tricks));
        let vul = b.is_vulnerable(c.declarer.side());
        let declarer_score = scoring::duplicate_score(&c, vul, tricks);
        let ns = if c.declarer.side() == engine::bridge::Side::NorthSouth {
            declarer_score
        } else {
            -declarer_score
        };
        assert_eq!(b.score, Some(ns));
        assert_eq!(b.linear_play(), play.cards_played());
        let text = pbn::write_board(&b);
        assert_eq!(pbn::parse_board(&text), Ok(b.clone()));
        assert!(!text.contains("*\r\n"), "a full play has no `*`");
    }
}

/// The sample files shipped in books/deals/ all read without error.
#[test]
fn shipped_sample_deals_read() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("books/deals");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("books/deals") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("sample file");
        let (format, boards) = read_boards(&text);
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        assert_eq!(format == Format::Lin, ext == "lin", "{}", path.display());
        assert!(!boards.is_empty(), "{}", path.display());
        for b in boards {
            b.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        files += 1;
    }
    assert!(files >= 3);
}

#[test]
fn latin1_input_is_decoded_not_refused() {
    use protocols::bridge::io::read_input;
    let mut bytes = b"[Event \"Caf\xe9 Bridge\"]\n".to_vec();
    bytes.extend_from_slice(known_board_text(0).as_bytes());
    let text = read_input(&bytes[..]).expect("read");
    let b = pbn::parse_board(&text).expect("board");
    assert_eq!(b.event, "Caf\u{e9} Bridge");
    let utf8 = read_input("[Event \"Caf\u{e9}\"]".as_bytes()).expect("read");
    assert_eq!(utf8, "[Event \"Caf\u{e9}\"]");
}
