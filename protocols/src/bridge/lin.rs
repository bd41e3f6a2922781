//! LIN, Bridge Base Online's `key|value|` format (no public spec; the keys
//! below follow endplay and BridgeData, see the reference notes).
//!
//! Read: `pn` (names S, W, N, E), `md` (dealer digit 1=S 2=W 3=N 4=E, then
//! the hands S, W, N, E; the fourth may be missing), `sv` (o, n, e, b),
//! `ah` (`Board 7`), `qx` (`o7`), `mb` (`p`, `d`, `r`, `1C`..`7N`, alert
//! `!`), `an` (explanation of the last call), `pc` (a card, or a whole
//! trick), `mc` (declarer's total tricks, a claim); `pg`, `st`, `rh`,
//! `nt` and unknown keys are skipped. A new board starts at `qx`, `pn` or
//! `md` once the current one has a deal, and at a second `qx` (or `pn`
//! in a file without `qx`) even without one.

use std::fmt;

use engine::bridge::{
    Auction, AuctionError, Call, CallParseError, Card, CardParseError, Deal, DealError, Hand, Rank,
    Seat, Suit, Vulnerability,
};

use super::board::{AuctionRecord, Board, BoardError, ContractTag};

/// Why a LIN board was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinError {
    /// Text that is not `key|value|` pairs.
    Syntax(String),
    /// No `md` key.
    MissingDeal,
    /// `md` not of the form `<1-4><S hand>,<W hand>,<N hand>[,<E hand>]`.
    Deal(String),
    /// A hand inside `md` that is malformed.
    Hand(String),
    /// The hands inside `md` do not form a deal.
    BadDeal(DealError),
    /// `sv` not one of o, n, e, b (or 0, -).
    Vulnerability(String),
    Call(CallParseError),
    /// Call number `index` (from 1) is illegal.
    IllegalCall {
        index: usize,
        error: AuctionError,
    },
    Card(CardParseError),
    /// `pc` cards while no contract is known.
    PlayWithoutContract,
    /// More than 52 cards.
    TooManyCards,
    /// `mc` not a number 0..=13.
    Claim(String),
    /// The parts of the board do not fit together.
    Inconsistent(BoardError),
}

impl fmt::Display for LinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinError::Syntax(t) => write!(f, "bad LIN {t:?}: expected key|value| pairs"),
            LinError::MissingDeal => f.write_str("no md|...| deal"),
            LinError::Deal(v) => write!(
                f,
                "bad md {v:?}: expected <dealer 1-4><S hand>,<W hand>,<N hand>[,<E hand>]"
            ),
            LinError::Hand(h) => write!(
                f,
                "bad LIN hand {h:?}: expected S<ranks>H<ranks>D<ranks>C<ranks>, e.g. SAKQHJT9D876C5432"
            ),
            LinError::BadDeal(e) => write!(f, "md: {e}"),
            LinError::Vulnerability(v) => write!(f, "bad sv {v:?}: expected o, n, e or b"),
            LinError::Call(e) => write!(f, "mb: {e}"),
            LinError::IllegalCall { index, error } => write!(f, "mb: call {index}: {error}"),
            LinError::Card(e) => write!(f, "pc: {e}"),
            LinError::PlayWithoutContract => {
                f.write_str("pc: cards played but the auction reaches no contract")
            }
            LinError::TooManyCards => f.write_str("pc: more than 52 cards"),
            LinError::Claim(v) => write!(f, "bad mc {v:?}: expected declarer's total tricks 0-13"),
            LinError::Inconsistent(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LinError {}

/// Whether a text looks like LIN rather than PBN: a two-letter key and a
/// bar at the start of the first meaningful line.
pub fn looks_like_lin(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let b = t.as_bytes();
    b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1].is_ascii_alphabetic() && b[2] == b'|'
}

/// One element of a LIN text: a `key|value|` pair, or text that is not
/// one (kept so that the board it sits in is refused, not misread).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Pair(String, String),
    Broken(String),
}

/// The elements of a LIN text. BBO writes whole pairs on a line, so a
/// line end closes a value whose `|` is missing (`mc|9` at the end of a
/// line) and a key left without a value there is broken. A key that is
/// not two letters or digits (`svo|` for `sv|o|`) is broken text, and the
/// pairing starts again at the next element: one missing bar spoils one
/// pair, not the rest of the file.
fn items(text: &str) -> Vec<Item> {
    let mut out = Vec::new();
    for line in text.trim_start_matches('\u{feff}').split(['\r', '\n']) {
        let line = line.trim_end();
        let line = line.strip_suffix('|').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        let mut i = 0;
        while i < parts.len() {
            let key = parts[i].trim();
            let valid = key.len() == 2 && key.chars().all(|c| c.is_ascii_alphanumeric());
            match parts.get(i + 1) {
                _ if key.is_empty() => i += 1,
                Some(value) if valid => {
                    out.push(Item::Pair(key.to_ascii_lowercase(), value.to_string()));
                    i += 2;
                }
                Some(value) => {
                    out.push(Item::Broken(format!("{key}|{value}|")));
                    i += 1;
                }
                None => {
                    out.push(Item::Broken(format!("{key}|")));
                    i += 1;
                }
            }
        }
    }
    out
}

/// Splits a LIN text into boards' elements (see the module documentation).
fn split_boards(items: Vec<Item>) -> Vec<Vec<Item>> {
    let mut boards: Vec<Vec<Item>> = Vec::new();
    let mut current: Vec<Item> = Vec::new();
    for item in items {
        let holds = |key: &str| {
            current
                .iter()
                .any(|i| matches!(i, Item::Pair(k, _) if k == key))
        };
        // A `qx` (or, in files without them, a `pn`) that the current
        // board already holds starts the next board too, so a board
        // without its deal does not swallow the next. (A vugraph header's
        // `pn` before the first `qx` stays with that board.)
        let starts = match &item {
            Item::Pair(k, _) => match k.as_str() {
                "md" => holds("md"),
                "qx" => holds("md") || holds("qx"),
                "pn" => holds("md") || (holds("pn") && !holds("qx")),
                _ => false,
            },
            Item::Broken(_) => false,
        };
        if starts {
            boards.push(std::mem::take(&mut current));
        }
        current.push(item);
    }
    if !current.is_empty() {
        boards.push(current);
    }
    boards
}

/// The board number a board's elements give (`ah|Board 7|`, else
/// `qx|o7|`), known even when the board cannot be read.
fn board_number(items: &[Item]) -> Option<u32> {
    let number = |key: &str| {
        items.iter().find_map(|i| match i {
            Item::Pair(k, v) if k == key => {
                let digits: String = v.chars().filter(|c| c.is_ascii_digit()).collect();
                digits.parse::<u32>().ok().filter(|&n| n > 0)
            }
            _ => None,
        })
    };
    number("ah").or_else(|| number("qx"))
}

/// Parses every board of a LIN text, in order.
pub fn parse_all(text: &str) -> Vec<Result<Board, LinError>> {
    read_all(text).into_iter().map(|(_, b)| b).collect()
}

/// [`parse_all`] with each board's number, known even when the board
/// cannot be read.
pub fn read_all(text: &str) -> Vec<(Option<u32>, Result<Board, LinError>)> {
    split_boards(items(text))
        .iter()
        .map(|b| (board_number(b), parse_items(b)))
        .collect()
}

/// A board's elements: the first broken one refuses the board.
fn parse_items(items: &[Item]) -> Result<Board, LinError> {
    let mut pairs = Vec::new();
    for item in items {
        match item {
            Item::Pair(k, v) => pairs.push((k.clone(), v.clone())),
            Item::Broken(text) => return Err(LinError::Syntax(text.clone())),
        }
    }
    parse_pairs(&pairs)
}

/// Parses a text that holds one board.
pub fn parse_board(text: &str) -> Result<Board, LinError> {
    parse_all(text)
        .into_iter()
        .next()
        .unwrap_or(Err(LinError::MissingDeal))
}

/// The dealer digit: 1 = S, 2 = W, 3 = N, 4 = E.
fn dealer_from_digit(c: char) -> Option<Seat> {
    match c {
        '1' => Some(Seat::South),
        '2' => Some(Seat::West),
        '3' => Some(Seat::North),
        '4' => Some(Seat::East),
        _ => None,
    }
}

fn dealer_digit(s: Seat) -> char {
    match s {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    }
}

/// LIN lists hands and names S, W, N, E.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

fn parse_hand(text: &str) -> Result<Hand, LinError> {
    let err = || LinError::Hand(text.to_string());
    let mut hand = Hand::EMPTY;
    let mut suit: Option<Suit> = None;
    let t = text.replace("10", "T");
    for c in t.chars() {
        if let Some(s) = Suit::from_letter(c) {
            suit = Some(s);
            continue;
        }
        let rank = Rank::from_letter(c).ok_or_else(err)?;
        let card = Card::new(suit.ok_or_else(err)?, rank);
        if !hand.insert(card) {
            return Err(err());
        }
    }
    Ok(hand)
}

fn write_hand(h: Hand) -> String {
    let mut s = String::new();
    for suit in Suit::DESCENDING {
        s.push(suit.letter());
        // BBO writes ranks low to high.
        for r in 2..=14 {
            if h.suit(suit) >> r & 1 != 0 {
                s.push(Rank(r).letter());
            }
        }
    }
    s
}

fn parse_call(v: &str) -> Result<(Call, bool), LinError> {
    let alert = v.contains('!');
    let t = v.replace('!', "");
    let call = t.trim().parse().map_err(LinError::Call)?;
    Ok((call, alert))
}

fn parse_pairs(pairs: &[(String, String)]) -> Result<Board, LinError> {
    let mut b = Board::default();
    let mut md_seen = false;
    let mut calls: Vec<(Call, bool, Option<String>)> = Vec::new();
    let mut cards: Vec<Card> = Vec::new();
    let mut claim: Option<u8> = None;
    // A `pg` after the deal with no call or card yet: the page break BBO
    // writes after an auction, here one without calls (PBN's
    // `[Auction "N"]` with nothing after it).
    let mut empty_auction = false;
    for (key, value) in pairs {
        match key.as_str() {
            "pn" => {
                for (seat, name) in LIN_SEATS.iter().zip(value.split(',')) {
                    b.players[seat.index()] = name.to_string();
                }
            }
            "md" if !md_seen => {
                md_seen = true;
                let mut chars = value.chars();
                let first = chars.next();
                let rest = chars.as_str();
                let hands: Vec<&str> = rest.split(',').collect();
                let dealer = first.and_then(dealer_from_digit);
                if dealer.is_none() && !value.is_empty() {
                    return Err(LinError::Deal(value.clone()));
                }
                if hands.len() > 4 {
                    return Err(LinError::Deal(value.clone()));
                }
                b.dealer = dealer;
                let mut deal = Deal::default();
                for (seat, h) in LIN_SEATS.iter().zip(&hands) {
                    deal[*seat] = parse_hand(h)?;
                }
                deal.check_partial().map_err(LinError::BadDeal)?;
                b.deal = deal;
            }
            "sv" => {
                b.vulnerability = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "o" | "0" | "-" => Vulnerability::None,
                    "n" => Vulnerability::NS,
                    "e" => Vulnerability::EW,
                    "b" => Vulnerability::Both,
                    _ => return Err(LinError::Vulnerability(value.clone())),
                })
            }
            "ah" => {
                let digits: String = value.chars().filter(|c| c.is_ascii_digit()).collect();
                if let Ok(n) = digits.parse::<u32>() {
                    b.number = Some(n);
                }
            }
            "qx" => {
                let digits: String = value.chars().filter(|c| c.is_ascii_digit()).collect();
                if let (Ok(n), None) = (digits.parse::<u32>(), b.number) {
                    b.number = Some(n);
                }
            }
            "mb" => {
                let (call, alert) = parse_call(value)?;
                calls.push((call, alert, alert.then(String::new)));
            }
            "an" => {
                if let Some((_, _, note)) = calls.last_mut() {
                    *note = Some(value.clone());
                }
            }
            "pc" => {
                // A whole trick may sit in one pc.
                let t: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
                if !t.len().is_multiple_of(2) || t.is_empty() {
                    return Err(LinError::Card(CardParseError::Length(value.clone())));
                }
                for pair in t.chunks(2) {
                    let s: String = pair.iter().collect();
                    cards.push(s.parse().map_err(LinError::Card)?);
                }
                if cards.len() > 52 {
                    return Err(LinError::TooManyCards);
                }
            }
            "pg" if md_seen && calls.is_empty() && cards.is_empty() => empty_auction = true,
            "mc" => {
                claim = Some(
                    value
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&n| n <= 13)
                        .ok_or_else(|| LinError::Claim(value.clone()))?,
                )
            }
            _ => {}
        }
    }
    if !md_seen {
        return Err(LinError::MissingDeal);
    }
    if !calls.is_empty() || empty_auction {
        let mut auction = Auction::new(b.dealer.unwrap_or(Seat::North));
        let mut annotations = Vec::new();
        let mut alerts = Vec::new();
        for (i, (call, alert, note)) in calls.into_iter().enumerate() {
            auction.push(call).map_err(|error| LinError::IllegalCall {
                index: i + 1,
                error,
            })?;
            annotations.push(note);
            alerts.push(alert);
        }
        if auction.is_complete() {
            let contract = auction.final_contract();
            b.contract =
                Some(contract.map_or(ContractTag::PassedOut, |c| ContractTag::Bid(c.into())));
            b.declarer = contract.map(|c| c.declarer);
        }
        b.auction = Some(AuctionRecord {
            auction,
            annotations,
            alerts,
        });
    }
    b.result = claim;
    b.complete_deal();
    if !cards.is_empty() {
        let contract = b.contract().ok_or(LinError::PlayWithoutContract)?;
        b.set_linear_play(contract.opening_leader(), &cards, contract.strain)
            .map_err(LinError::Inconsistent)?;
    }
    b.validate().map_err(LinError::Inconsistent)?;
    // BBO writes `mc` only for a claim: a play of all 13 tricks gives the
    // result itself, as the play mode fills it in.
    if b.result.is_none() {
        b.result = b.played_result();
    }
    Ok(b)
}

/// Writes one board as a single LIN line (no line end).
pub fn write_board(b: &Board) -> String {
    let mut out = String::new();
    let names: Vec<&str> = LIN_SEATS
        .iter()
        .map(|s| b.players[s.index()].as_str())
        .collect();
    out.push_str(&format!("pn|{}|st||", names.join(",")));
    let hands: Vec<String> = LIN_SEATS.iter().map(|&s| write_hand(b.deal[s])).collect();
    let dealer = b.dealer.map(dealer_digit).unwrap_or('3');
    out.push_str(&format!("md|{dealer}{}|rh||", hands.join(",")));
    if let Some(n) = b.number {
        out.push_str(&format!("ah|Board {n}|"));
    }
    let sv = match b.vulnerability.unwrap_or_default() {
        Vulnerability::None => 'o',
        Vulnerability::NS => 'n',
        Vulnerability::EW => 'e',
        Vulnerability::Both => 'b',
    };
    out.push_str(&format!("sv|{sv}|"));
    if let Some(rec) = &b.auction {
        for (i, call) in rec.auction.calls().iter().enumerate() {
            let token = match call {
                Call::Pass => "p".to_string(),
                Call::Double => "d".to_string(),
                Call::Redouble => "r".to_string(),
                Call::Bid { level, strain } => {
                    format!("{level}{}", strain.as_str().chars().next().unwrap_or('N'))
                }
            };
            // BBO's way: `!` marks an alert, `an` explains the call,
            // alerted or not.
            let bang = if rec.alerted(i) { "!" } else { "" };
            out.push_str(&format!("mb|{token}{bang}|"));
            if let Some(text) = rec.annotations.get(i).cloned().flatten()
                && !text.is_empty()
            {
                out.push_str(&format!("an|{}|", text.replace('|', "/")));
            }
        }
        out.push_str("pg||");
    }
    for (i, (_, card)) in b.linear_play().into_iter().enumerate() {
        out.push_str(&format!("pc|{card}|"));
        if i % 4 == 3 {
            out.push_str("pg||");
        }
    }
    if let Some(r) = b.result {
        out.push_str(&format!("mc|{r}|"));
    }
    out
}

/// Writes boards as a LIN file, one board a line.
pub fn write_file(boards: &[Board]) -> String {
    boards.iter().map(|b| write_board(b) + "\n").collect()
}
