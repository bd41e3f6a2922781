//! What a call shows, in words: the shown `Info` the `BidSystem` reads
//! into a call (what the rules count on, cut by what the call denies),
//! written for people (PBN notes, LIN alerts, the convention card).
//!
//! There is no second table of meanings here: every word comes from the
//! [`Meaning`] that [`Bidding::meaning`] gives the bidder itself, plus the
//! name of the convention when the [`BidClass`] is artificial.

use std::fmt;

use super::info::MAX_POINTS;
use super::meaning::{Meaning, Special};
use super::{BidClass, Bidding};
use crate::bridge::{Auction, Call, Strain, Suit};

impl BidClass {
    /// The name of the convention when a call of this class is artificial
    /// (it says something other than "I want to play here"), `None` for a
    /// natural call. Every class is listed so that a new class has to be
    /// named or declared natural here.
    pub fn convention(self) -> Option<&'static str> {
        match self {
            BidClass::Stayman => Some("Stayman"),
            BidClass::StaymanResponse => Some("Stayman answer"),
            BidClass::Blackwood => Some("Blackwood"),
            BidClass::BlackwoodResponse => Some("Blackwood answer"),
            BidClass::KingAsk => Some("Blackwood king ask"),
            BidClass::KingResponse => Some("king answer"),
            BidClass::NegativeTwoNotrump => Some("negative"),
            BidClass::TakeoutDouble => Some("takeout double"),
            BidClass::NegativeDouble => Some("negative double"),
            BidClass::ResponsiveDouble => Some("responsive double"),
            BidClass::Transfer => Some("Jacoby transfer"),
            BidClass::TransferCompletion => Some("transfer completed"),
            BidClass::WeakTwoAsk => Some("asks for shortness"),
            BidClass::WeakTwoNewSuit => Some("new suit forcing"),
            BidClass::WeakTwoAnswer => Some("weak-two answer"),
            BidClass::JacobyTwoNotrump => Some("Jacoby 2NT"),
            BidClass::JacobyAnswer => Some("Jacoby 2NT answer"),
            BidClass::OpeningPass
            | BidClass::OpeningOneSuit
            | BidClass::OpeningTwoSuit
            | BidClass::WeakTwo
            | BidClass::OpeningNotrump
            | BidClass::ResponsePass
            | BidClass::RaiseTwo
            | BidClass::RaiseThree
            | BidClass::NewSuitOne
            | BidClass::NewSuitTwo
            | BidClass::ResponseOneNotrump
            | BidClass::ResponseTwoNotrump
            | BidClass::TwoSuitResponse
            | BidClass::NotrumpPass
            | BidClass::WeakTakeout
            | BidClass::NotrumpJumpSuit
            | BidClass::NotrumpRaise
            | BidClass::RebidNotrump
            | BidClass::RebidNotrumpJump
            | BidClass::Shutout
            | BidClass::Overcall
            | BidClass::NormalPass
            | BidClass::NormalDouble
            | BidClass::NormalRedouble
            | BidClass::NormalBid
            | BidClass::TakeoutAdvance
            | BidClass::TakeoutJumpAdvance
            | BidClass::NotrumpOvercall
            | BidClass::Illegal => None,
        }
    }
}

/// What one call shows: the convention's name when it is artificial, and
/// the facts it reveals (point ranges, suit lengths, aces, conditions).
///
/// Displayed the way BBO's robots explain their calls:
/// `Stayman -- 6+ HCP; a 4-card major`, or only the facts for a natural
/// call: `13-23 points; 4+ hearts`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub call: Call,
    pub class: BidClass,
    pub convention: Option<&'static str>,
    pub facts: Vec<String>,
}

impl Explanation {
    /// Whether the call is artificial: the one a player alerts.
    pub fn is_artificial(&self) -> bool {
        self.convention.is_some()
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let facts = if self.class == BidClass::Illegal {
            "not part of the system".to_string()
        } else if self.facts.is_empty() {
            "nothing specific".to_string()
        } else {
            self.facts.join("; ")
        };
        match self.convention {
            Some(name) => write!(f, "{name} -- {facts}"),
            None => f.write_str(&facts),
        }
    }
}

fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// `13-23`, `16+`, or `None` when the range says nothing.
fn range((lo, hi): (u8, u8)) -> Option<String> {
    match (lo, hi) {
        (0, MAX_POINTS) => None,
        (lo, MAX_POINTS) => Some(format!("{lo}+")),
        (lo, hi) if lo == hi => Some(lo.to_string()),
        (lo, hi) => Some(format!("{lo}-{hi}")),
    }
}

fn count(n: u8, what: &str) -> String {
    match n % 4 {
        0 => format!("0 or 4 {what}s"),
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// The facts of a meaning, in the order a player reads them: strength,
/// then the suits from spades down, then what lengths cannot say.
fn facts(meaning: &Meaning, class: BidClass) -> Vec<String> {
    let req = &meaning.requirement;
    // What the call shows, not what the rules count on (see `Info`).
    let shown = meaning.shown();
    let info = &shown;
    let mut facts = Vec::new();
    match class {
        BidClass::Blackwood => facts.push("asks for aces".to_string()),
        BidClass::KingAsk => facts.push("asks for kings".to_string()),
        _ => {}
    }
    // Notrump calls count high-card points only; when the requirement is
    // in HCP, the points range of `Info` is that range plus the most a
    // shape can add, so the HCP range is the fact to tell.
    // A cap the call's context puts on it (1NT-3NT: short of the
    // quantitative 4NT) limits the high-card points as well.
    // A pass where the takeout double was open says its limit in HCP.
    let hcp = if req.hcp == (0, MAX_POINTS) {
        (meaning.denies.max_hcp < MAX_POINTS)
            .then(|| range((0, meaning.denies.max_hcp)))
            .flatten()
    } else {
        range((req.hcp.0, req.hcp.1.min(info.max_p.max(req.hcp.0))))
    };
    let default_points = req.points == (0, MAX_POINTS);
    if let Some(h) = &hcp {
        facts.push(format!("{h} HCP"));
    }
    if (hcp.is_none() || !default_points)
        && let Some(p) = range((info.min_p, info.max_p))
    {
        facts.push(format!("{p} points"));
    }
    let balanced = matches!(req.special, Special::Balanced | Special::BalancedStopper(_));
    let no_shortness = info.min_len.iter().all(|&l| l >= 2);
    // What the call denies: the balanced shapes and the Stayman answers
    // say it in their own words.
    let denials = !balanced && !matches!(req.special, Special::StaymanAnswer(_));
    for suit in Suit::DESCENDING {
        let (l, most) = (info.min_len[suit.index()], info.max_len[suit.index()]);
        if l == most {
            facts.push(format!("{l} {}", suit_name(suit)));
        } else if l >= 3 || (l > 0 && !no_shortness) {
            facts.push(format!("{l}+ {}", suit_name(suit)));
        }
        if denials && most < 13 && l != most {
            facts.push(format!("at most {most} {}", suit_name(suit)));
        }
    }
    if balanced {
        facts.push("balanced".to_string());
    } else if no_shortness {
        facts.push("no singleton or void".to_string());
    }
    match req.special {
        Special::None | Special::Balanced | Special::Aces(_) | Special::Kings(_) => {}
        Special::PreferredSuit(_) => {
            facts.push("longest suit (5-5: the higher; 4-card suits only: the lowest)".to_string())
        }
        Special::FourCardMajor => facts.push("asks for a 4-card major; holds one".to_string()),
        Special::StaymanAnswer(Strain::Spades) => facts.push("not 4 hearts".to_string()),
        Special::StaymanAnswer(Strain::Hearts) => {}
        Special::StaymanAnswer(_) => facts.push("no 4-card major".to_string()),
        Special::AceAndKing => facts.push("at least an ace and a king".to_string()),
        Special::Takeout(theirs, most) => {
            let suits: Vec<&str> = Suit::DESCENDING
                .into_iter()
                .filter(|s| theirs >> s.index() & 1 == 1)
                .map(suit_name)
                .collect();
            facts.push(format!(
                "at most {most} {}, or 17+ HCP",
                suits.join(" and ")
            ));
        }
        Special::GoodSuit(suit) => facts.push(format!(
            "a good {} suit (5+ HCP in it, or 3+ with six cards)",
            suit_name(suit).trim_end_matches('s')
        )),
        Special::BalancedStopper(suit) => facts.push(format!("{} stopped", suit_name(suit))),
        Special::Short(suit) => facts.push(format!("a singleton or void in {}", suit_name(suit))),
        Special::NoShortness => {
            if !no_shortness {
                facts.push("no singleton or void".to_string());
            }
        }
    }
    if let Some(n) = info.aces {
        facts.push(count(n, "ace"));
    }
    if let Some(n) = info.kings {
        facts.push(count(n, "king"));
    }
    facts
}

impl Bidding {
    /// What `call`, made now by the player to act, shows: the
    /// [`Bidding::meaning`] the bidder itself uses, in words.
    pub fn explain(&self, call: Call) -> Explanation {
        let class = self.classify(call);
        let meaning = self.meaning(call);
        Explanation {
            call,
            class,
            convention: class.convention(),
            facts: facts(&meaning, class),
        }
    }
}

/// The explanation of every call of `auction`, in order, each read in the
/// auction as it stood when the call was made. Stops at the first call
/// the laws refuse (none in an [`Auction`], which checks its calls).
pub fn explain_auction(auction: &Auction) -> Vec<Explanation> {
    let mut bidding = Bidding::new(auction.dealer());
    let mut out = Vec::with_capacity(auction.calls().len());
    for &call in auction.calls() {
        out.push(bidding.explain(call));
        if bidding.push(call).is_err() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Seat;

    fn auction(calls: &str) -> Auction {
        let mut a = Auction::new(Seat::North);
        for c in calls.split_whitespace() {
            a.push(c.parse().expect("call")).expect("legal");
        }
        a
    }

    #[test]
    fn explanations_follow_the_meaning_of_each_call_in_its_auction() {
        let e = explain_auction(&auction("1NT P 2C P 2H P 4NT P 5D P 6H P P P"));
        let text: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 14);
        let (lo, hi) = Bidding::new(Seat::North)
            .meaning(Call::bid(1, Strain::NoTrump).expect("1NT"))
            .requirement
            .hcp;
        assert_eq!(text[0], format!("{lo}-{hi} HCP; balanced"));
        assert!(text[2].starts_with("Stayman -- "), "{}", text[2]);
        assert!(text[4].contains("4+ hearts"), "{}", text[4]);
        assert!(e[2].is_artificial() && e[6].is_artificial());
        assert!(!e[0].is_artificial() && !e[12].is_artificial());
    }

    #[test]
    fn the_text_tells_what_the_call_shows_not_what_the_rules_count_on() {
        // The rules count the 1NT opener as 16-21 points and read nothing
        // into the passes; the explanation tells the hands that make them.
        let e = explain_auction(&auction("P 1H P 1NT P 3NT P P P"));
        let text: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(text[0], "0-11 points");
        assert_eq!(
            text[2], "0-16 HCP",
            "a pass where the takeout double was open"
        );
        let one_nt = Bidding::from_auction(&auction("1NT")).expect("legal");
        assert_eq!(one_nt.info(Seat::North).max_p, 21);
        assert_eq!(one_nt.shown(Seat::North).max_p, 18);
        let e = explain_auction(&auction("1NT P 3NT P P P"));
        assert_eq!(
            e[2].to_string(),
            "9-15 HCP; at most 3 spades; at most 3 hearts"
        );
    }

    #[test]
    fn the_text_is_the_bidders_info() {
        // 1H by North: the explanation's lengths and points are exactly
        // what `push` merges into North's shown Info.
        let mut b = Bidding::new(Seat::North);
        let call: Call = "1H".parse().expect("call");
        let e = b.explain(call);
        b.push(call).expect("legal");
        let info = b.shown(Seat::North);
        assert!(
            e.facts
                .contains(&format!("{}-{} points", info.min_p, info.max_p))
        );
        assert!(e.facts.contains(&format!("{}+ hearts", info.min_len[2])));
    }
}
