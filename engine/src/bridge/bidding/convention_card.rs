//! The convention card: what each call of the system shows, generated from
//! the `BidSystem` itself by explaining the calls of a fixed list of
//! representative auctions. `books/convention-card.txt` is this text, and
//! a test keeps the two equal, so the card never says what the code does
//! not do.

use super::Bidding;
use crate::bridge::{Call, Seat};

/// One group of the card: a heading and the auctions it explains, each
/// written as the calls before (from North, the dealer) and the calls
/// explained after them.
struct Section {
    title: &'static str,
    families: &'static [(&'static str, &'static str)],
}

const ALL_OPENINGS: &str = "P 1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT \
    4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT";

#[rustfmt::skip]
const SECTIONS: &[Section] = &[
    Section {
        title: "Opening bids (first seat)",
        families: &[("", ALL_OPENINGS)],
    },
    Section {
        title: "Opening bids (fourth seat, after three passes)",
        families: &[("P P P", "P 1C 1H 1NT 2C 2H 3H")],
    },
    Section {
        title: "Responses to one of a suit",
        families: &[
            ("1C P", "P 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3NT 4NT"),
            ("1D P", "P 1H 1S 1NT 2C 2D 2H 2S 2NT 3D 3NT"),
            ("1H P", "P 1S 1NT 2C 2D 2H 2S 2NT 3C 3H 3NT 4H 4NT"),
            ("1S P", "P 1NT 2C 2D 2H 2S 2NT 3H 3S 3NT 4S 4NT"),
        ],
    },
    Section {
        title: "Opener's rebid",
        families: &[
            ("1D P 1H P", "P 1S 1NT 2C 2D 2H 2NT 3D 3H 3NT 4H"),
            ("1H P 1S P", "1NT 2C 2H 2S 2NT 3S 3NT 4S"),
            ("1H P 2C P", "2D 2H 2NT 3C 3H 3NT"),
            ("1H P 2H P", "P 2NT 3H 3NT 4H"),
            ("1S P 1NT P", "P 2C 2S 2NT 3NT"),
            ("1S P 2NT P", "3C 3D 3H 3S 3NT 4S"),
        ],
    },
    Section {
        title: "Responder's rebid",
        families: &[
            ("1D P 1H P 1NT P", "P 2D 2H 2NT 3H 3NT 4H"),
            ("1D P 1H P 1NT P 3H P", "3NT 4H"),
            ("1C P 1S P 2C P", "P 2S 2NT 3NT"),
            ("1NT P 2D P 2H P", "P 2NT 3H 3NT 4H"),
            ("1S P 2C P 2NT P", "P 3S 3NT"),
            ("1S P 2C P 2NT P 3S P", "3NT 4S"),
        ],
    },
    Section {
        title: "Responses to 1NT and 2NT",
        families: &[
            ("1NT P", "P 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 6NT"),
            ("2NT P", "P 3C 3D 3H 3S 3NT 4NT"),
            ("3NT P", "P 4NT"),
        ],
    },
    Section {
        title: "Notrump opener's rebid",
        families: &[
            ("1NT P 2C P", "2D 2H 2S"),
            ("1NT P 2D P", "P 2H"),
            ("1NT P 2H P", "P 2S"),
            ("1NT P 2S P", "P"),
            ("1NT P 2NT P", "P 3NT"),
            ("1NT P 3H P", "3NT 4H"),
            ("2NT P 3C P", "3D 3H 3S"),
        ],
    },
    Section {
        title: "Responses to two of a suit",
        families: &[
            ("2C P", "P 2D 2H 2S 2NT 3C 3D 3NT"),
            ("2D P", "P 2H 2S 2NT 3D"),
            ("2H P", "P 2S 2NT 3C 3H 4H"),
            ("2S P", "P 2NT 3H 3S 4S"),
            ("2S P 2NT P", "3C 3D 3H 3S 3NT"),
        ],
    },
    Section {
        title: "Overcalls and doubles of an opening",
        families: &[
            ("1C", "P X 1D 1H 1S 1NT 2C 2H 2S"),
            ("1H", "P X 1S 1NT 2C 2D 2H 2S 2NT 3C 3S"),
            ("1S", "X 1NT 2C 2H 3H"),
            ("1NT", "P X 2C 2D 2H 2S"),
            ("2H", "P X 2S 2NT 3C"),
            ("3S", "P X 3NT 4H"),
            ("1H P P", "P X 1S 1NT 2C"),
        ],
    },
    Section {
        title: "Competitive auctions",
        families: &[
            ("1C 1S", "X 1NT 2C 2D 2H 2S"),
            ("1H X", "XX 1S 1NT 2H 2NT 3H"),
            ("1H X P", "P 1S 1NT 2C 2S"),
            ("1H X P 1S P", "P 1NT 2C 2D 2S 3S"),
            ("1H X 2H", "X P 2S 3C"),
            ("1D X 2D", "X"),
            ("1H X 2H X P", "3C 3D"),
            ("1H 1S P", "P 1NT 2C 2S 3S"),
            ("1H 1S 2H P P", "P X 2S 3C"),
            ("1H 2C 2H", "X P 3C"),
            ("1H P 2H X", "P XX 2S 3H"),
            ("1NT X", "P XX 2C 2H"),
            ("1H P 1S 2C", "P X 2S"),
        ],
    },
    Section {
        title: "Slam bidding",
        families: &[
            ("1S P 3S P", "4S 4NT"),
            ("1S P 3S P 4NT P", "5C 5D 5H 5S"),
            ("1S P 3S P 4NT P 5D P", "5S 5NT 6S 7S"),
            ("1S P 3S P 4NT P 5D P 5NT P", "6C 6D 6H 6S"),
            ("1NT P 4NT P", "P 5NT 6NT"),
        ],
    },
    Section {
        title: "Passes",
        families: &[
            ("1H P 2H P 3H P", "P 4H"),
            ("1NT P 3NT P", "P"),
            ("1S P 4S P", "P 4NT"),
        ],
    },
];

/// How the defenders' cards carry information: standard carding
/// (`play::signal`), given only among cards the double-dummy analysis of
/// `FindCard` values alike, and read by partner's sampling.
const CARDING: &str = "Signals: standard carding. A defender's first spot card (nine or lower) in
a suit that does not try to win the trick signals: attitude on partner's
lead (high encourages with the ace, king or queen of the suit, the lowest
discourages), count when declarer or dummy leads the suit (high then low
with an even number of cards, the lowest with an odd number). Discards are
attitude: a high spot likes the suit, the lowest does not. Trumps carry no
signal, and no suit-preference signals. A signal is given only among cards
that take the same tricks in the double-dummy analysis, so it never costs a
trick; partner's sampled deals weigh the hands that would have made it.
";

/// Parses a family's calls; the lists are fixed, so a typo is a bug the
/// card test reports.
fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("convention card: {e}")))
        .collect()
}

/// `1S P 3S` for the card (opponents' passes as `P`, like a written
/// convention card).
fn spell(calls: &[Call]) -> String {
    calls
        .iter()
        .map(|c| match c {
            Call::Pass => "P".to_string(),
            c => c.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The convention card as plain text: every call of the representative
/// auctions with the explanation [`Bidding::explain`] gives it. The same
/// text is `books/convention-card.txt`; `turbobridge card` writes it.
pub fn convention_card() -> String {
    let mut out = String::new();
    out.push_str(
        "Turbo Bridge convention card\n\
         ============================\n\
         \n\
         Simplified Goren with modifications (Turbo Bridge handbook ch. 3, table 3-1).\n\
         Generated from the bidding code by `turbobridge card`; do not edit by hand.\n\
         Each line: the auction from the dealer (North), the call explained last,\n\
         then what that call shows. HCP: high-card points 4-3-2-1; points: HCP plus\n\
         3 for a void, 2 for a singleton, 1 for a doubleton. P is pass, X double,\n\
         XX redouble. A convention's name precedes \"--\".\n",
    );
    for section in SECTIONS {
        let mut rows: Vec<(String, String)> = Vec::new();
        for &(before, explained) in section.families {
            let mut bidding = Bidding::new(Seat::North);
            for call in calls(before) {
                if let Err(e) = bidding.push(call) {
                    panic!("convention card: {before}: {e}");
                }
            }
            for call in calls(explained) {
                let mut auction = calls(before);
                auction.push(call);
                let text = if bidding.auction().is_legal(call) {
                    bidding.explain(call).to_string()
                } else {
                    panic!("convention card: {call} is illegal after {before}")
                };
                rows.push((spell(&auction), text));
            }
        }
        let width = rows.iter().map(|(a, _)| a.len()).max().unwrap_or(0);
        out.push('\n');
        out.push_str(section.title);
        out.push('\n');
        out.push_str(&"-".repeat(section.title.len()));
        out.push('\n');
        for (auction, text) in rows {
            out.push_str(&format!("{auction:<width$}  {text}\n"));
        }
    }
    out.push_str("\nPlacement by simulation\n-----------------------\n");
    out.push_str(&crate::bridge::placement::card_text());
    out.push_str("\nSlam decision by simulation\n---------------------------\n");
    out.push_str(&crate::bridge::placement::slam_card_text());
    out.push_str(
        "\nContested game decision by simulation\n-------------------------------------\n",
    );
    out.push_str(&crate::bridge::compete::card_text());
    out.push_str("\nCard play\n---------\n");
    out.push_str(CARDING);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The explanation the card gives the last call of `auction`.
    fn line<'a>(card: &'a str, auction: &str) -> Option<&'a str> {
        card.lines().find_map(|l| {
            l.strip_prefix(auction)?
                .strip_prefix("  ")?
                .trim_start()
                .into()
        })
    }

    #[test]
    fn the_card_explains_calls_as_the_bidder_reads_them() {
        let card = convention_card();
        let stayman = line(&card, "1NT P 2C").expect("1NT P 2C on the card");
        assert!(stayman.starts_with("Stayman -- "), "{stayman}");
        let one_nt = Bidding::new(Seat::North)
            .explain(Call::bid(1, crate::bridge::Strain::NoTrump).expect("1NT"));
        assert_eq!(line(&card, "1NT"), Some(one_nt.to_string().as_str()));
        let ask = line(&card, "1S P 3S P 4NT").expect("4NT on the card");
        assert!(
            ask.contains(" -- "),
            "an asking bid names its convention: {ask}"
        );
        assert!(card.contains("Signals: standard carding"));
    }
}
