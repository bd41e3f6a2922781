//! The lines of the Blue Chip Bridge table-manager protocol (version 18),
//! both directions, parsed loosely and written canonically.
//!
//! Real managers differ in punctuation, case and spacing (`Teams : N/S :
//! "x". E/W : "y"` against `Teams: N/S "x" E/W "y"`, `NORTH` against
//! `North`, a final full stop or not), so the parser works on words:
//! separators are blanks, `.`, `:` and `,`, case is ignored, and seats may
//! be named in full or by their letter.

use std::fmt;

use engine::bridge::{Call, Card, Hand, Rank, Seat, Strain, Suit, Vulnerability};

/// A seat or "Dummy" (whose cards are shown, or whose card is awaited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Seat(Seat),
    Dummy,
}

impl fmt::Display for Whose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Whose::Seat(s) => f.write_str(seat_name(*s)),
            Whose::Dummy => f.write_str("Dummy"),
        }
    }
}

/// One protocol line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `Connecting "team" as North using protocol version 18`; `seat` is
    /// None for `ANYPL` (any seat).
    Connecting {
        team: String,
        seat: Option<Seat>,
        version: u32,
    },
    /// `North ("team") seated`
    Seated { seat: Seat, team: String },
    /// `North ready for teams`
    ReadyForTeams(Seat),
    /// `Teams : N/S : "x" E/W : "y"`
    Teams { ns: String, ew: String },
    /// `North ready to start`
    ReadyToStart(Seat),
    /// `Start of board`
    StartOfBoard,
    /// `North ready for deal`
    ReadyForDeal(Seat),
    /// `Board number 1. Dealer North. Neither vulnerable.`
    BoardInfo {
        number: u32,
        dealer: Seat,
        vulnerability: Vulnerability,
    },
    /// `North ready for cards`
    ReadyForCards(Seat),
    /// `North's cards : S A K 4. H -. D Q J T 9 8. C 7 6 5 4 3.`, or
    /// `Dummy's cards : …`
    Cards { whose: Whose, hand: Hand },
    /// `North passes`, `North doubles`, `North redoubles`, `North bids
    /// 1NT`, optionally followed by `Alert. <text>`
    Call {
        seat: Seat,
        call: Call,
        alert: Option<String>,
    },
    /// `North ready for East's bid`
    ReadyForCall { seat: Seat, from: Seat },
    /// `North plays 7H` (declarer plays dummy's cards under dummy's seat)
    Plays { seat: Seat, card: Card },
    /// `North ready for East's card to trick 3`, `… dummy's card …`
    ReadyForCard { seat: Seat, from: Whose, trick: u8 },
    /// `North ready for dummy`
    ReadyForDummy(Seat),
    /// `North to lead`, `Dummy to lead`
    ToLead(Whose),
    /// `Timing - …` (kept as sent)
    Timing(String),
    /// `End of session`
    EndOfSession,
    /// `Illegal bid`
    IllegalBid,
    /// `Illegal card`
    IllegalCard,
}

/// A line that is not a protocol message; the message quotes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageParseError {
    pub line: String,
    pub reason: &'static str,
}

impl fmt::Display for MessageParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse {:?}: {}", self.line, self.reason)
    }
}

impl std::error::Error for MessageParseError {}

/// The protocol's name of a seat.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

fn parse_seat(word: &str) -> Option<Seat> {
    match word {
        "north" | "n" => Some(Seat::North),
        "east" | "e" => Some(Seat::East),
        "south" | "s" => Some(Seat::South),
        "west" | "w" => Some(Seat::West),
        _ => None,
    }
}

/// `north's`, `norths`, `dummy's` → the owner.
fn parse_owner(word: &str) -> Option<Whose> {
    if let Some(seat) = parse_seat(word) {
        return Some(Whose::Seat(seat));
    }
    let base = word
        .strip_suffix("'s")
        .or_else(|| word.strip_suffix("’s"))
        .or_else(|| word.strip_suffix('s'))
        .unwrap_or(word);
    if base == "dummy" {
        return Some(Whose::Dummy);
    }
    parse_seat(base).map(Whose::Seat)
}

/// A card as `7H`, `TH`, `10H` or `H7` (ranks and suit letters do not
/// overlap, so either order is unambiguous).
pub fn parse_card(word: &str) -> Option<Card> {
    let w = word.to_ascii_uppercase();
    let w = w.replace("10", "T");
    let mut chars = w.chars();
    let (a, b) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let (suit, rank) = match (Suit::from_letter(a), Suit::from_letter(b)) {
        (Some(s), None) => (s, Rank::from_letter(b)?),
        (None, Some(s)) => (s, Rank::from_letter(a)?),
        _ => return None,
    };
    Some(Card::new(suit, rank))
}

/// The protocol's card: rank then suit, `TH` for the ten.
pub fn card_text(card: Card) -> String {
    format!("{}{}", card.rank.letter(), card.suit.letter())
}

/// A hand as `S A K 4. H -. D Q J T. C 9 8.`: a suit letter starts a suit,
/// `-` is a void, ranks may be spaced or run together, `10` is the ten.
fn parse_hand(text: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    let mut suit = None;
    let mut suits_seen = 0;
    for token in text
        .split(|c: char| c.is_whitespace() || c == '.' || c == ',')
        .filter(|t| !t.is_empty())
    {
        let token = token.to_ascii_uppercase().replace("10", "T");
        if let Some(s) = token.chars().next().and_then(Suit::from_letter)
            && token.len() == 1
        {
            suit = Some(s);
            suits_seen += 1;
            continue;
        }
        if token == "-" {
            continue;
        }
        let s = suit?;
        for c in token.chars() {
            if !hand.insert(Card::new(s, Rank::from_letter(c)?)) {
                return None;
            }
        }
    }
    (suits_seen == 4).then_some(hand)
}

/// The protocol's hand: spades first, `-` for a void.
pub fn hand_text(hand: Hand) -> String {
    Suit::DESCENDING
        .iter()
        .map(|&s| {
            let ranks: Vec<String> = Rank::descending()
                .filter(|&r| hand.contains(Card::new(s, r)))
                .map(|r| r.letter().to_string())
                .collect();
            let ranks = if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks.join(" ")
            };
            format!("{} {}.", s.letter(), ranks)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn call_text(call: Call) -> String {
    match call {
        Call::Pass => "passes".to_string(),
        Call::Double => "doubles".to_string(),
        Call::Redouble => "redoubles".to_string(),
        Call::Bid { level, strain } => format!(
            "bids {level}{}",
            if strain == Strain::NoTrump {
                "NT".to_string()
            } else {
                strain.to_string()
            }
        ),
    }
}

fn vulnerability_text(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "Neither",
        Vulnerability::NS => "N/S",
        Vulnerability::EW => "E/W",
        Vulnerability::Both => "Both",
    }
}

fn parse_vulnerability(words: &[&str]) -> Option<Vulnerability> {
    let joined: String = words.concat().replace(['/', '-'], "");
    match joined.as_str() {
        "neither" | "none" | "nil" | "love" | "nobody" => Some(Vulnerability::None),
        "ns" | "northsouth" => Some(Vulnerability::NS),
        "ew" | "eastwest" => Some(Vulnerability::EW),
        "both" | "all" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// The strings between double quotes, in order.
fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Connecting {
                team,
                seat,
                version,
            } => write!(
                f,
                "Connecting \"{team}\" as {} using protocol version {version}",
                seat.map_or("ANYPL", seat_name)
            ),
            Message::Seated { seat, team } => write!(f, "{} (\"{team}\") seated", seat_name(*seat)),
            Message::ReadyForTeams(s) => write!(f, "{} ready for teams", seat_name(*s)),
            Message::Teams { ns, ew } => write!(f, "Teams : N/S : \"{ns}\" E/W : \"{ew}\""),
            Message::ReadyToStart(s) => write!(f, "{} ready to start", seat_name(*s)),
            Message::StartOfBoard => f.write_str("Start of board"),
            Message::ReadyForDeal(s) => write!(f, "{} ready for deal", seat_name(*s)),
            Message::BoardInfo {
                number,
                dealer,
                vulnerability,
            } => write!(
                f,
                "Board number {number}. Dealer {}. {} vulnerable.",
                seat_name(*dealer),
                vulnerability_text(*vulnerability)
            ),
            Message::ReadyForCards(s) => write!(f, "{} ready for cards", seat_name(*s)),
            Message::Cards { whose, hand } => {
                write!(f, "{whose}'s cards : {}", hand_text(*hand))
            }
            Message::Call { seat, call, alert } => {
                write!(f, "{} {}", seat_name(*seat), call_text(*call))?;
                match alert {
                    Some(text) => write!(f, " Alert. {text}"),
                    None => Ok(()),
                }
            }
            Message::ReadyForCall { seat, from } => write!(
                f,
                "{} ready for {}'s bid",
                seat_name(*seat),
                seat_name(*from)
            ),
            Message::Plays { seat, card } => {
                write!(f, "{} plays {}", seat_name(*seat), card_text(*card))
            }
            Message::ReadyForCard { seat, from, trick } => {
                let from = match from {
                    Whose::Seat(s) => seat_name(*s).to_string(),
                    Whose::Dummy => "dummy".to_string(),
                };
                write!(
                    f,
                    "{} ready for {from}'s card to trick {trick}",
                    seat_name(*seat)
                )
            }
            Message::ReadyForDummy(s) => write!(f, "{} ready for dummy", seat_name(*s)),
            Message::ToLead(w) => write!(f, "{w} to lead"),
            Message::Timing(text) => f.write_str(text),
            Message::EndOfSession => f.write_str("End of session"),
            Message::IllegalBid => f.write_str("Illegal bid"),
            Message::IllegalCard => f.write_str("Illegal card"),
        }
    }
}

impl std::str::FromStr for Message {
    type Err = MessageParseError;

    fn from_str(line: &str) -> Result<Message, MessageParseError> {
        let text = line.trim();
        let err = |reason| MessageParseError {
            line: text.to_string(),
            reason,
        };
        // ASCII lower-casing keeps byte offsets, so positions found in
        // `lower` slice `text` too.
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || matches!(c, '.' | ':' | ','))
            .filter(|w| !w.is_empty())
            .collect();
        let Some(&first) = words.first() else {
            return Err(err("empty line"));
        };
        match words.as_slice() {
            ["connecting", ..] => {
                let team = quoted(text).into_iter().next().ok_or(err(
                    "expected Connecting \"<team>\" as <seat> using protocol version <n>",
                ))?;
                let after_team = lower.rfind('"').map_or("", |i| &lower[i + 1..]);
                let rest: Vec<&str> = after_team.split_whitespace().collect();
                let seat_word = rest
                    .iter()
                    .position(|&w| w == "as")
                    .and_then(|i| rest.get(i + 1))
                    .ok_or(err("expected `as <seat>` in the connect line"))?;
                let seat = match *seat_word {
                    "anypl" | "any" => None,
                    w => Some(parse_seat(w).ok_or(err("unknown seat in the connect line"))?),
                };
                let version = rest
                    .last()
                    .and_then(|w| w.trim_end_matches('.').parse().ok())
                    .unwrap_or(18);
                return Ok(Message::Connecting {
                    team,
                    seat,
                    version,
                });
            }
            ["teams", ..] => {
                let q = quoted(text);
                return match q.as_slice() {
                    [ns, ew, ..] => Ok(Message::Teams {
                        ns: ns.clone(),
                        ew: ew.clone(),
                    }),
                    _ => Err(err("expected Teams : N/S : \"<team>\" E/W : \"<team>\"")),
                };
            }
            ["start", "of", "board"] => return Ok(Message::StartOfBoard),
            ["end", "of", "session"] => return Ok(Message::EndOfSession),
            ["timing", ..] => return Ok(Message::Timing(text.to_string())),
            ["illegal", "bid", ..] => return Ok(Message::IllegalBid),
            ["illegal", "card", ..] => return Ok(Message::IllegalCard),
            [
                "board",
                "number",
                n,
                "dealer",
                dealer,
                vul @ ..,
                "vulnerable",
            ] => {
                return Ok(Message::BoardInfo {
                    number: n.parse().map_err(|_| err("bad board number"))?,
                    dealer: parse_seat(dealer).ok_or(err("unknown dealer"))?,
                    vulnerability: parse_vulnerability(vul)
                        .ok_or(err("expected Neither, N/S, E/W or Both vulnerable"))?,
                });
            }
            ["board", ..] => {
                return Err(err(
                    "expected Board number <n>. Dealer <seat>. <Neither|N/S|E/W|Both> vulnerable.",
                ));
            }
            _ => {}
        }
        // Messages that start with a seat (or dummy).
        if let (Some(owner), Some(&"cards")) = (parse_owner(first), words.get(1)) {
            let colon = text.find(':').ok_or(err("expected `:` after cards"))?;
            let hand = parse_hand(&text[colon + 1..]).ok_or(err(
                "expected four suits as S <ranks>. H <ranks>. D <ranks>. C <ranks>.",
            ))?;
            return Ok(Message::Cards { whose: owner, hand });
        }
        if first == "dummy" && words.get(1..) == Some(&["to", "lead"][..]) {
            return Ok(Message::ToLead(Whose::Dummy));
        }
        let seat = parse_seat(first).ok_or(err("unknown message"))?;
        let rest = &words[1..];
        if lower.ends_with("seated") {
            return Ok(Message::Seated {
                seat,
                team: quoted(text).into_iter().next().unwrap_or_default(),
            });
        }
        let call = |call: Call, after: &[&str]| {
            // `Alert. <text>` (or `Alert: <text>`): the text as sent.
            let alert = after.first().filter(|w| w.starts_with("alert")).map(|_| {
                let at = lower.find("alert").map_or(text.len(), |i| i + 5);
                text[at..]
                    .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '.' | ':'))
                    .trim()
                    .to_string()
            });
            Ok(Message::Call { seat, call, alert })
        };
        match rest {
            ["passes" | "pass", after @ ..] => call(Call::Pass, after),
            ["doubles" | "double", after @ ..] => call(Call::Double, after),
            ["redoubles" | "redouble", after @ ..] => call(Call::Redouble, after),
            ["bids", bid, after @ ..] => match bid.parse::<Call>() {
                Ok(c @ Call::Bid { .. }) => call(c, after),
                _ => Err(err("expected a bid from 1C to 7NT")),
            },
            ["plays", card] => parse_card(card)
                .map(|card| Message::Plays { seat, card })
                .ok_or(err("expected a card as <rank><suit>, e.g. TH")),
            ["to", "lead"] => Ok(Message::ToLead(Whose::Seat(seat))),
            ["ready", "for", "teams"] => Ok(Message::ReadyForTeams(seat)),
            ["ready", "to", "start"] => Ok(Message::ReadyToStart(seat)),
            ["ready", "for", "deal"] => Ok(Message::ReadyForDeal(seat)),
            ["ready", "for", "cards"] => Ok(Message::ReadyForCards(seat)),
            ["ready", "for", "dummy"] => Ok(Message::ReadyForDummy(seat)),
            ["ready", "for", owner, "bid"] => match parse_owner(owner) {
                Some(Whose::Seat(from)) => Ok(Message::ReadyForCall { seat, from }),
                _ => Err(err("expected ready for <seat>'s bid")),
            },
            ["ready", "for", owner, "card", "to", "trick", n] => {
                match (parse_owner(owner), n.parse::<u8>()) {
                    (Some(from), Ok(trick)) if (1..=13).contains(&trick) => {
                        Ok(Message::ReadyForCard { seat, from, trick })
                    }
                    _ => Err(err("expected ready for <seat>'s card to trick <1-13>")),
                }
            }
            _ => Err(err("unknown message")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Message {
        line.parse()
            .unwrap_or_else(|e| panic!("{line:?} should parse: {e}"))
    }

    fn card(s: &str) -> Card {
        s.parse().expect("card")
    }

    #[test]
    fn every_message_round_trips_through_its_canonical_text() {
        let hand: Hand = "AK4..QJT98.76543".parse().expect("hand");
        let messages = [
            Message::Connecting {
                team: "Turbo".into(),
                seat: Some(Seat::South),
                version: 18,
            },
            Message::Connecting {
                team: "WBridge5".into(),
                seat: None,
                version: 18,
            },
            Message::Seated {
                seat: Seat::South,
                team: "Turbo".into(),
            },
            Message::ReadyForTeams(Seat::West),
            Message::Teams {
                ns: "Red Team".into(),
                ew: "Blue".into(),
            },
            Message::ReadyToStart(Seat::North),
            Message::StartOfBoard,
            Message::ReadyForDeal(Seat::East),
            Message::BoardInfo {
                number: 12,
                dealer: Seat::West,
                vulnerability: Vulnerability::NS,
            },
            Message::ReadyForCards(Seat::South),
            Message::Cards {
                whose: Whose::Seat(Seat::South),
                hand,
            },
            Message::Cards {
                whose: Whose::Dummy,
                hand,
            },
            Message::Call {
                seat: Seat::North,
                call: Call::Pass,
                alert: None,
            },
            Message::Call {
                seat: Seat::North,
                call: Call::Double,
                alert: None,
            },
            Message::Call {
                seat: Seat::North,
                call: Call::Redouble,
                alert: None,
            },
            Message::Call {
                seat: Seat::East,
                call: "1NT".parse().expect("call"),
                alert: None,
            },
            Message::Call {
                seat: Seat::East,
                call: "2C".parse().expect("call"),
                alert: Some("Stayman, 8+".into()),
            },
            Message::ReadyForCall {
                seat: Seat::South,
                from: Seat::West,
            },
            Message::Plays {
                seat: Seat::North,
                card: card("HT"),
            },
            Message::ReadyForCard {
                seat: Seat::East,
                from: Whose::Seat(Seat::South),
                trick: 3,
            },
            Message::ReadyForCard {
                seat: Seat::East,
                from: Whose::Dummy,
                trick: 13,
            },
            Message::ReadyForDummy(Seat::West),
            Message::ToLead(Whose::Seat(Seat::East)),
            Message::ToLead(Whose::Dummy),
            Message::Timing(
                "Timing - N/S : this board 0:12, total 0:40. E/W : this board 0:10, total 0:33."
                    .into(),
            ),
            Message::EndOfSession,
            Message::IllegalBid,
            Message::IllegalCard,
        ];
        for m in messages {
            let text = m.to_string();
            assert_eq!(parse(&text), m, "{text}");
            // Managers differ in case and in the line ending.
            assert_eq!(
                parse(&format!("{}\r\n", text.to_uppercase())),
                upper(&m),
                "{text}"
            );
        }
    }

    /// What an all-capitals line means: team names and timing text are
    /// taken as sent.
    fn upper(m: &Message) -> Message {
        match m.clone() {
            Message::Connecting {
                team,
                seat,
                version,
            } => Message::Connecting {
                team: team.to_uppercase(),
                seat,
                version,
            },
            Message::Seated { seat, team } => Message::Seated {
                seat,
                team: team.to_uppercase(),
            },
            Message::Teams { ns, ew } => Message::Teams {
                ns: ns.to_uppercase(),
                ew: ew.to_uppercase(),
            },
            Message::Call { seat, call, alert } => Message::Call {
                seat,
                call,
                alert: alert.map(|a| a.to_uppercase()),
            },
            Message::Timing(t) => Message::Timing(t.to_uppercase()),
            other => other,
        }
    }

    #[test]
    fn variants_of_real_managers_parse() {
        let south_hand: Hand = "AT95.K65.QJ876.7".parse().expect("hand");
        for (line, want) in [
            (
                "Connecting \"WBridge5\" as ANYPL using protocol version 18",
                Message::Connecting {
                    team: "WBridge5".into(),
                    seat: None,
                    version: 18,
                },
            ),
            (
                "Teams : N/S : \"silent\". E/W : \"bidders\"",
                Message::Teams {
                    ns: "silent".into(),
                    ew: "bidders".into(),
                },
            ),
            (
                "Teams: N/S \"silent\" E/W \"bidders\"",
                Message::Teams {
                    ns: "silent".into(),
                    ew: "bidders".into(),
                },
            ),
            (
                "Board number 8. Dealer WEST. Neither vulnerable.",
                Message::BoardInfo {
                    number: 8,
                    dealer: Seat::West,
                    vulnerability: Vulnerability::None,
                },
            ),
            (
                "Board number 3 Dealer S E/W vulnerable",
                Message::BoardInfo {
                    number: 3,
                    dealer: Seat::South,
                    vulnerability: Vulnerability::EW,
                },
            ),
            (
                "Board number 4. Dealer West. Both vulnerable",
                Message::BoardInfo {
                    number: 4,
                    dealer: Seat::West,
                    vulnerability: Vulnerability::Both,
                },
            ),
            (
                "SOUTH's cards: S A T 9 5. H K 6 5. D Q J 8 7 6. C 7.",
                Message::Cards {
                    whose: Whose::Seat(Seat::South),
                    hand: south_hand,
                },
            ),
            (
                "South's cards : S AT95. H K65. D QJ876. C 7",
                Message::Cards {
                    whose: Whose::Seat(Seat::South),
                    hand: south_hand,
                },
            ),
            (
                "South's cards : S A 10 9 5. H K 6 5. D Q J 8 7 6. C 7.",
                Message::Cards {
                    whose: Whose::Seat(Seat::South),
                    hand: south_hand,
                },
            ),
            (
                "WEST PASSES",
                Message::Call {
                    seat: Seat::West,
                    call: Call::Pass,
                    alert: None,
                },
            ),
            (
                "East bids 1N",
                Message::Call {
                    seat: Seat::East,
                    call: "1NT".parse().expect("call"),
                    alert: None,
                },
            ),
            (
                "East bids 2D Alert: transfer",
                Message::Call {
                    seat: Seat::East,
                    call: "2D".parse().expect("call"),
                    alert: Some("transfer".into()),
                },
            ),
            (
                "WEST ready for  NORTH's bid",
                Message::ReadyForCall {
                    seat: Seat::West,
                    from: Seat::North,
                },
            ),
            (
                "North plays 10H",
                Message::Plays {
                    seat: Seat::North,
                    card: card("HT"),
                },
            ),
            (
                "north plays h7.",
                Message::Plays {
                    seat: Seat::North,
                    card: card("H7"),
                },
            ),
            (
                "East ready for Dummy's card to trick 2.",
                Message::ReadyForCard {
                    seat: Seat::East,
                    from: Whose::Dummy,
                    trick: 2,
                },
            ),
            (
                // Suits clubs first, as OpenSpiel's manager writes them.
                "EAST's cards: C A J T 9 6. D A 8 7. H A T 5. S Q 9.",
                Message::Cards {
                    whose: Whose::Seat(Seat::East),
                    hand: "Q9.AT5.A87.AJT96".parse().expect("hand"),
                },
            ),
            (
                "EAST bids 4C Alert.",
                Message::Call {
                    seat: Seat::East,
                    call: "4C".parse().expect("call"),
                    alert: Some(String::new()),
                },
            ),
            (
                "WEST plays kd",
                Message::Plays {
                    seat: Seat::West,
                    card: card("DK"),
                },
            ),
            ("EAST to lead", Message::ToLead(Whose::Seat(Seat::East))),
            ("start of board", Message::StartOfBoard),
            ("  Start of Board.  ", Message::StartOfBoard),
            ("End of session.", Message::EndOfSession),
        ] {
            assert_eq!(parse(line), want, "{line}");
        }
    }

    #[test]
    fn garbage_is_refused_with_the_line_quoted() {
        for line in [
            "",
            "   ",
            "hello there",
            "North",
            "North bids",
            "North bids 8C",
            "North bids X",
            "North plays",
            "North plays 1H",
            "North plays AX",
            "North plays AHS",
            "Norse passes",
            "North ready for",
            "North ready for East's card to trick 14",
            "North ready for East's card to trick x",
            "North ready for Dummy's bid",
            "Board number x. Dealer North. Neither vulnerable.",
            "Board number 1. Dealer Nowhere. Neither vulnerable.",
            "Board number 1. Dealer North. Some vulnerable.",
            "Board 1",
            "North's cards : S A K. H Q.",
            "North's cards : S A A. H -. D -. C -.",
            "North's cards S A K Q. H -. D -. C -.",
            "Teams : N/S : \"only one\"",
            "Connecting as North using protocol version 18",
            "Connecting \"x\" as Nowhere using protocol version 18",
            "\u{1b}[2J\u{0}",
        ] {
            let e = line.parse::<Message>().expect_err(line);
            assert!(e.to_string().contains(&format!("{:?}", line.trim())), "{e}");
        }
    }
}
