//! PBN 2.1: lenient import, strict export.
//!
//! Import accepts tags in any order and any case, tabs, `1N` for `1NT`,
//! `{…}` and `;` comments, `%` lines, CRLF or LF, `AP`, notes `=n=`,
//! suffixes and NAGs (dropped), and the Auction and Play sections. Export
//! writes `% PBN 2.1` / `% EXPORT`, the fifteen mandatory tags in their
//! order, the Auction (four calls a line, notes after it) and the Play
//! (seat columns from the opening leader), then the supplemental tags in
//! alphabetical order, every line ended by CRLF.

use std::collections::BTreeMap;
use std::fmt;

use engine::bridge::{
    Auction, AuctionError, Call, CallParseError, Card, CardParseError, ContractBid,
    ContractParseError, DdTable, DdTableParseError, DealError, Seat, SeatParseError, Side, Strain,
    Vulnerability, VulnerabilityParseError,
};

use super::board::{AuctionRecord, Board, BoardError, ContractTag, PlayRecord};

/// Why a PBN game was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PbnError {
    /// A tag pair that is not `[Name "value"]`.
    Tag(String),
    /// A `{` comment that never closes.
    UnclosedComment,
    /// A token outside the Auction and Play sections.
    Unexpected(String),
    /// No Deal tag.
    MissingDeal,
    Board(String),
    Dealer(SeatParseError),
    Vulnerable(VulnerabilityParseError),
    Deal(DealError),
    Declarer(SeatParseError),
    Contract(ContractParseError),
    Result(String),
    /// A Score or OptimumScore value that is not `NS <n>` / `EW <n>`.
    Score {
        tag: &'static str,
        value: String,
    },
    DoubleDummyTricks(DdTableParseError),
    /// An OptimumResultTable row that is not `<seat> <strain> <tricks>`.
    OptimumTable(String),
    /// The Auction tag's seat.
    AuctionSeat(SeatParseError),
    /// The Play tag's seat.
    PlaySeat(SeatParseError),
    Call(CallParseError),
    /// Call number `index` (from 1) is illegal.
    IllegalCall {
        index: usize,
        error: AuctionError,
    },
    Card(CardParseError),
    /// More than 13 tricks in the Play section.
    TooManyTricks,
    /// A Note tag not of the form `n:text`.
    Note(String),
    /// The parts of the board do not fit together.
    Inconsistent(BoardError),
}

impl fmt::Display for PbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PbnError::Tag(t) => write!(f, "broken tag {t:?}: expected [Name \"value\"]"),
            PbnError::UnclosedComment => f.write_str("a { comment is never closed: expected }"),
            PbnError::Unexpected(t) => write!(
                f,
                "unexpected {t:?}: expected a tag [Name \"value\"] (calls and cards only after [Auction] or [Play])"
            ),
            PbnError::MissingDeal => {
                f.write_str("no Deal tag: expected [Deal \"N:... ... ... ...\"]")
            }
            PbnError::Board(v) => write!(f, "bad Board {v:?}: expected a positive number"),
            PbnError::Dealer(e) => write!(f, "Dealer: {e}"),
            PbnError::Vulnerable(e) => write!(f, "Vulnerable: {e}"),
            PbnError::Deal(e) => write!(f, "Deal: {e}"),
            PbnError::Declarer(e) => write!(f, "Declarer: {e}"),
            PbnError::Contract(e) => write!(f, "Contract: {e} or Pass"),
            PbnError::Result(v) => write!(
                f,
                "bad Result {v:?}: expected declarer's tricks 0-13 (or NS <n> / EW <n>)"
            ),
            PbnError::Score { tag, value } => {
                write!(
                    f,
                    "bad {tag} {value:?}: expected NS <points> or EW <points>"
                )
            }
            PbnError::DoubleDummyTricks(e) => e.fmt(f),
            PbnError::OptimumTable(row) => write!(
                f,
                "bad OptimumResultTable row {row:?}: expected <N|E|S|W> <NT|S|H|D|C> <tricks>"
            ),
            PbnError::AuctionSeat(e) => write!(f, "Auction: {e}"),
            PbnError::PlaySeat(e) => write!(f, "Play: {e}"),
            PbnError::Call(e) => write!(f, "auction: {e}"),
            PbnError::IllegalCall { index, error } => write!(f, "auction: call {index}: {error}"),
            PbnError::Card(e) => write!(f, "play: {e}"),
            PbnError::TooManyTricks => f.write_str("play: more than 13 tricks"),
            PbnError::Note(n) => write!(f, "bad Note {n:?}: expected <number>:<text>"),
            PbnError::Inconsistent(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PbnError {}

/// A lexical token of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Word(String),
    Note(u32),
}

/// One game's tokens, or the lexical error that spoiled it.
#[derive(Debug)]
pub struct RawGame {
    tokens: Vec<Token>,
    error: Option<PbnError>,
}

/// Splits a PBN text into games (separated by semi-empty lines outside
/// `{}` comments) and tokenizes each; `%` lines are skipped. Games
/// without any token (comments only) are dropped.
pub fn split_games(text: &str) -> Vec<RawGame> {
    let mut games = Vec::new();
    let mut current = RawGame {
        tokens: Vec::new(),
        error: None,
    };
    let mut in_brace = false;
    let mut had_content = false;
    for line in text.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if !in_brace && line.starts_with('%') {
            continue;
        }
        if !in_brace && line.trim().is_empty() {
            if had_content {
                games.push(std::mem::replace(
                    &mut current,
                    RawGame {
                        tokens: Vec::new(),
                        error: None,
                    },
                ));
                had_content = false;
            }
            continue;
        }
        had_content |= lex_line(line, &mut in_brace, &mut current);
    }
    if in_brace && current.error.is_none() {
        current.error = Some(PbnError::UnclosedComment);
        had_content = true;
    }
    if had_content {
        games.push(current);
    }
    games.retain(|g| !g.tokens.is_empty() || g.error.is_some());
    games
}

/// Tokenizes one line into `game`; returns whether the line held anything
/// (a token or a comment: a comment-only game is later dropped).
fn lex_line(line: &str, in_brace: &mut bool, game: &mut RawGame) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let mut any = false;
    while i < chars.len() {
        let c = chars[i];
        if *in_brace {
            if c == '}' {
                *in_brace = false;
            }
            i += 1;
            continue;
        }
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => {
                *in_brace = true;
                any = true;
                i += 1;
            }
            ';' => return true,
            '[' => {
                any = true;
                match lex_tag(&chars, i) {
                    Ok((name, value, next)) => {
                        game.tokens.push(Token::Tag(name, value));
                        i = next;
                    }
                    Err(e) => {
                        game.error.get_or_insert(e);
                        return true;
                    }
                }
            }
            '=' => {
                any = true;
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '=')
                    .map(|p| i + 1 + p);
                let text: String = match end {
                    Some(e) => chars[i + 1..e].iter().collect(),
                    None => chars[i..].iter().collect(),
                };
                match (end, text.parse::<u32>()) {
                    (Some(e), Ok(n)) => {
                        game.tokens.push(Token::Note(n));
                        i = e + 1;
                    }
                    _ => {
                        game.error.get_or_insert(PbnError::Note(text));
                        return true;
                    }
                }
            }
            '$' => {
                // NAG: dropped.
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            '!' | '?' => i += 1,
            '^' => i += 2,
            _ => {
                any = true;
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !"[]{};=$!?".contains(chars[i])
                {
                    i += 1;
                }
                game.tokens
                    .push(Token::Word(chars[start..i].iter().collect()));
            }
        }
    }
    any
}

/// Lexes `[Name "value"]` starting at `chars[start] == '['`; returns the
/// name, the unescaped value and the index after `]`.
fn lex_tag(chars: &[char], start: usize) -> Result<(String, String, usize), PbnError> {
    let rest: String = chars[start..].iter().collect();
    let err = || PbnError::Tag(rest.clone());
    let mut i = start + 1;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let name_start = i;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == name_start {
        return Err(err());
    }
    let name: String = chars[name_start..i].iter().collect();
    skip_ws(&mut i);
    if chars.get(i) != Some(&'"') {
        return Err(err());
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return Err(err()),
            Some('"') => break,
            Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                value.push(chars[i + 1]);
                i += 2;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_ws(&mut i);
    if chars.get(i) != Some(&']') {
        return Err(err());
    }
    Ok((name, value, i + 1))
}

/// Which section the words that follow belong to.
enum Section {
    None,
    Auction,
    Play,
    OptimumTable,
    /// An unknown tag's table rows: ignored.
    Other,
}

/// A value that may be unknown: `""` or `"?"`.
fn known(v: &str) -> Option<&str> {
    let t = v.trim();
    (!t.is_empty() && t != "?").then_some(t)
}

/// `NS 420`, `EW -50`, `NS 420 EW -420` → points for North-South.
fn parse_side_score(tag: &'static str, value: &str) -> Result<i32, PbnError> {
    let err = || PbnError::Score {
        tag,
        value: value.to_string(),
    };
    let words: Vec<&str> = value.split_whitespace().collect();
    let (side, n) = match words[..] {
        [side, n] | [side, n, _, _] => (side, n),
        _ => return Err(err()),
    };
    let n: i32 = n.parse().map_err(|_| err())?;
    match side.to_ascii_uppercase().as_str() {
        "NS" => Ok(n),
        "EW" => Ok(-n),
        _ => Err(err()),
    }
}

/// Writes a points-for-North-South value as PBN: `NS 420` or `EW 420`.
fn side_score(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// Parses one PBN game into a validated board.
pub fn parse_game(game: &RawGame) -> Result<Board, PbnError> {
    if let Some(e) = &game.error {
        return Err(e.clone());
    }
    let mut b = Board::default();
    let mut seen_tags: Vec<String> = Vec::new();
    let mut section = Section::None;
    let mut deal_seen = false;
    let mut raw_result: Option<String> = None;
    let mut notes: BTreeMap<u32, String> = BTreeMap::new();
    // Auction section state.
    let mut auction_first: Option<Seat> = None;
    let mut calls: Vec<Call> = Vec::new();
    let mut call_notes: Vec<Option<u32>> = Vec::new();
    let mut ap = false;
    // Play section state.
    let mut play_leader: Option<Seat> = None;
    let mut cards: Vec<Option<Card>> = Vec::new();
    let mut table_words: Vec<String> = Vec::new();

    for token in &game.tokens {
        match token {
            Token::Tag(name, value) => {
                let lname = name.to_ascii_lowercase();
                section = Section::None;
                if lname == "note" {
                    let (n, text) = value
                        .split_once(':')
                        .and_then(|(n, t)| Some((n.trim().parse::<u32>().ok()?, t)))
                        .ok_or_else(|| PbnError::Note(value.clone()))?;
                    notes.entry(n).or_insert_with(|| text.to_string());
                    continue;
                }
                if seen_tags.contains(&lname) {
                    // Import: a repeated tag is ignored.
                    section = Section::Other;
                    continue;
                }
                seen_tags.push(lname.clone());
                match lname.as_str() {
                    "event" => b.event = value.clone(),
                    "site" => b.site = value.clone(),
                    "date" => b.date = value.clone(),
                    "board" => {
                        b.number = known(value)
                            .map(|v| {
                                v.parse::<u32>()
                                    .ok()
                                    .filter(|&n| n > 0)
                                    .ok_or_else(|| PbnError::Board(value.clone()))
                            })
                            .transpose()?
                    }
                    "west" | "north" | "east" | "south" => {
                        let seat = Seat::from_letter(lname.chars().next().unwrap_or('n'))
                            .unwrap_or(Seat::North);
                        b.players[seat.index()] = value.clone();
                    }
                    "dealer" => {
                        b.dealer = known(value)
                            .map(|v| v.parse().map_err(PbnError::Dealer))
                            .transpose()?
                    }
                    "vulnerable" => {
                        b.vulnerability = if value.trim().is_empty() || value.trim() == "?" {
                            None
                        } else {
                            Some(value.parse().map_err(PbnError::Vulnerable)?)
                        }
                    }
                    "deal" => {
                        deal_seen = true;
                        b.deal = value.parse().map_err(PbnError::Deal)?;
                    }
                    "scoring" => b.scoring = value.clone(),
                    "declarer" => {
                        b.declarer = known(value)
                            .map(|v| {
                                v.trim_start_matches('^')
                                    .parse()
                                    .map_err(PbnError::Declarer)
                            })
                            .transpose()?
                    }
                    "contract" => {
                        b.contract = match known(value) {
                            None => None,
                            Some(v) if v.eq_ignore_ascii_case("pass") => {
                                Some(ContractTag::PassedOut)
                            }
                            Some(v) => match Strain::parse(v) {
                                Some(s) => Some(ContractTag::StrainOnly(s)),
                                None => Some(ContractTag::Bid(
                                    v.parse::<ContractBid>().map_err(PbnError::Contract)?,
                                )),
                            },
                        }
                    }
                    "result" => raw_result = known(value).map(str::to_string),
                    "score" => {
                        b.score = known(value)
                            .map(|v| parse_side_score("Score", v))
                            .transpose()?
                    }
                    "optimumscore" => {
                        b.optimum_score = known(value)
                            .map(|v| parse_side_score("OptimumScore", v))
                            .transpose()?
                    }
                    "doubledummytricks" => {
                        b.dd_tricks = known(value)
                            .map(|v| v.parse().map_err(PbnError::DoubleDummyTricks))
                            .transpose()?
                    }
                    "parcontract" => b.par_contract = known(value).map(str::to_string),
                    "optimumresulttable" => section = Section::OptimumTable,
                    "auction" => {
                        auction_first = Some(value.trim().parse().map_err(PbnError::AuctionSeat)?);
                        section = Section::Auction;
                    }
                    "play" => {
                        play_leader = Some(value.trim().parse().map_err(PbnError::PlaySeat)?);
                        section = Section::Play;
                    }
                    _ => {
                        b.other_tags.insert(name.clone(), value.clone());
                        section = Section::Other;
                    }
                }
            }
            Token::Note(n) => {
                if let Section::Auction = section
                    && let Some(last) = call_notes.last_mut()
                {
                    *last = Some(*n);
                }
            }
            Token::Word(w) => match section {
                Section::Auction => {
                    match w.as_str() {
                        "-" if calls.is_empty() => {
                            // Table layout: a seat before the dealer.
                            auction_first = auction_first.map(Seat::next);
                        }
                        "*" | "+" | "-" => {}
                        _ if w.eq_ignore_ascii_case("ap") => ap = true,
                        _ => {
                            calls.push(w.parse().map_err(PbnError::Call)?);
                            call_notes.push(None);
                        }
                    }
                }
                Section::Play => match w.as_str() {
                    "*" | "+" => {}
                    "-" => cards.push(None),
                    _ => cards.push(Some(w.parse().map_err(PbnError::Card)?)),
                },
                Section::OptimumTable => table_words.push(w.clone()),
                Section::Other => {}
                Section::None => return Err(PbnError::Unexpected(w.clone())),
            },
        }
    }
    if !deal_seen {
        return Err(PbnError::MissingDeal);
    }
    if let Some(first) = auction_first {
        let mut auction = Auction::new(first);
        for (i, &call) in calls.iter().enumerate() {
            auction.push(call).map_err(|error| PbnError::IllegalCall {
                index: i + 1,
                error,
            })?;
        }
        if ap {
            // "All pass": the closing passes.
            while !auction.is_complete() {
                let _ = auction.push(Call::Pass);
            }
        }
        let annotations = call_notes
            .iter()
            .map(|n| n.map(|n| notes.get(&n).cloned().unwrap_or_default()))
            .collect();
        b.auction = Some(AuctionRecord {
            auction,
            annotations,
        });
    }
    if let Some(leader) = play_leader {
        if cards.len() > 52 {
            return Err(PbnError::TooManyTricks);
        }
        let tricks = cards
            .chunks(4)
            .map(|c| {
                let mut row = [None; 4];
                row[..c.len()].copy_from_slice(c);
                row
            })
            .collect();
        b.play = Some(PlayRecord { leader, tricks });
    }
    if !table_words.is_empty() {
        b.optimum_table = Some(parse_optimum_table(&table_words)?);
    }
    if let Some(r) = raw_result {
        b.result = Some(resolve_result(&r, b.declarer)?);
    }
    b.complete_deal();
    b.validate().map_err(PbnError::Inconsistent)?;
    Ok(b)
}

/// `9`, `^9`, `NS 9`, `EW 4`, `NS 9 EW 4` → declarer's tricks.
fn resolve_result(value: &str, declarer: Option<Seat>) -> Result<u8, PbnError> {
    let err = || PbnError::Result(value.to_string());
    let v = value.trim().trim_start_matches('^');
    let words: Vec<&str> = v.split_whitespace().collect();
    let tricks = |s: &str| s.parse::<u8>().ok().filter(|&t| t <= 13).ok_or_else(err);
    match words[..] {
        [n] => tricks(n),
        [side, n] | [side, n, _, _] => {
            let n = tricks(n)?;
            let side = match side.to_ascii_uppercase().as_str() {
                "NS" => Side::NorthSouth,
                "EW" => Side::EastWest,
                _ => return Err(err()),
            };
            let declarer = declarer.ok_or_else(err)?;
            Ok(if declarer.side() == side { n } else { 13 - n })
        }
        _ => Err(err()),
    }
}

fn parse_optimum_table(words: &[String]) -> Result<DdTable, PbnError> {
    let mut t = DdTable::default();
    if !words.len().is_multiple_of(3) {
        return Err(PbnError::OptimumTable(words.join(" ")));
    }
    for row in words.chunks(3) {
        let err = || PbnError::OptimumTable(row.join(" "));
        let seat: Seat = row[0].parse().map_err(|_| err())?;
        let strain = Strain::parse(&row[1]).ok_or_else(err)?;
        let tricks: u8 = row[2].parse().ok().filter(|&n| n <= 13).ok_or_else(err)?;
        t.set(seat, strain, tricks);
    }
    Ok(t)
}

/// Parses every game of a PBN text: one result per game, in order.
pub fn parse_all(text: &str) -> Vec<Result<Board, PbnError>> {
    split_games(text).iter().map(parse_game).collect()
}

/// Parses a text that holds exactly one game.
pub fn parse_board(text: &str) -> Result<Board, PbnError> {
    let games = split_games(text);
    match games.first() {
        Some(g) => parse_game(g),
        None => Err(PbnError::MissingDeal),
    }
}

/// The export file header.
pub const HEADER: &str = "% PBN 2.1\r\n% EXPORT\r\n";

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\r\n", escape(value)));
}

/// Writes one board in export format (no file header, no blank line):
/// CRLF line ends, the mandatory tags in order, then the sections.
pub fn write_board(b: &Board) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", &b.event);
    tag(&mut out, "Site", &b.site);
    tag(&mut out, "Date", &b.date);
    tag(
        &mut out,
        "Board",
        &b.number.map(|n| n.to_string()).unwrap_or_default(),
    );
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        let name = match seat {
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
        };
        tag(&mut out, name, &b.players[seat.index()]);
    }
    tag(
        &mut out,
        "Dealer",
        &b.dealer.map(|d| d.to_string()).unwrap_or_default(),
    );
    tag(
        &mut out,
        "Vulnerable",
        b.vulnerability.map(Vulnerability::as_pbn).unwrap_or(""),
    );
    tag(
        &mut out,
        "Deal",
        &b.deal.to_pbn(b.dealer.unwrap_or(Seat::North)),
    );
    tag(&mut out, "Scoring", &b.scoring);
    tag(
        &mut out,
        "Declarer",
        &b.declarer.map(|d| d.to_string()).unwrap_or_default(),
    );
    let contract = match b.contract {
        None => String::new(),
        Some(ContractTag::PassedOut) => "Pass".to_string(),
        Some(ContractTag::Bid(c)) => c.to_string(),
        Some(ContractTag::StrainOnly(s)) => s.to_string(),
    };
    tag(&mut out, "Contract", &contract);
    tag(
        &mut out,
        "Result",
        &b.result.map(|r| r.to_string()).unwrap_or_default(),
    );
    if let Some(rec) = &b.auction {
        write_auction(&mut out, rec);
    }
    if let Some(play) = &b.play {
        write_play(&mut out, play);
    }
    // Supplemental tags, alphabetically.
    let mut supplemental: Vec<(String, String)> = b
        .other_tags
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if let Some(t) = &b.dd_tricks {
        supplemental.push(("DoubleDummyTricks".into(), t.to_hex()));
    }
    if let Some(s) = b.optimum_score {
        supplemental.push(("OptimumScore".into(), side_score(s)));
    }
    if let Some(p) = &b.par_contract {
        supplemental.push(("ParContract".into(), p.clone()));
    }
    if let Some(s) = b.score {
        supplemental.push(("Score".into(), side_score(s)));
    }
    if b.optimum_table.is_some() {
        supplemental.push((
            "OptimumResultTable".into(),
            "Declarer;Denomination\\2R;Result\\2R".into(),
        ));
    }
    supplemental.sort();
    for (name, value) in supplemental {
        if name == "OptimumResultTable" {
            // The header holds backslashes that are table syntax, not
            // escapes: write it as is.
            out.push_str(&format!("[{name} \"{value}\"]\r\n"));
            if let Some(t) = &b.optimum_table {
                for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
                    for strain in Strain::DESCENDING {
                        out.push_str(&format!(
                            "{seat} {:>2} {:>2}\r\n",
                            strain.as_str(),
                            t.get(seat, strain)
                        ));
                    }
                }
            }
        } else {
            tag(&mut out, &name, &value);
        }
    }
    out
}

fn write_auction(out: &mut String, rec: &AuctionRecord) {
    tag(out, "Auction", &rec.auction.dealer().to_string());
    let mut notes: Vec<String> = Vec::new();
    let calls = rec.auction.calls();
    for (i, call) in calls.iter().enumerate() {
        let mut token = call.to_string();
        if let Some(Some(text)) = rec.annotations.get(i) {
            notes.push(text.clone());
            token.push_str(&format!(" ={}=", notes.len()));
        }
        out.push_str(&token);
        out.push_str(if i % 4 == 3 || i + 1 == calls.len() {
            "\r\n"
        } else {
            " "
        });
    }
    if !rec.auction.is_complete() {
        out.push_str("*\r\n");
    }
    for (i, text) in notes.iter().enumerate() {
        tag(out, "Note", &format!("{}:{text}", i + 1));
    }
}

fn write_play(out: &mut String, play: &PlayRecord) {
    tag(out, "Play", &play.leader.to_string());
    for row in &play.tricks {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.map_or("-".to_string(), |c| c.to_string()))
            .collect();
        out.push_str(&cells.join(" "));
        out.push_str("\r\n");
    }
    let complete = play.tricks.len() == 13 && play.tricks.iter().flatten().all(Option::is_some);
    if !complete {
        out.push_str("*\r\n");
    }
}

/// Writes boards as one export file: header, games separated by an empty
/// line.
pub fn write_file(boards: &[Board]) -> String {
    let mut out = HEADER.to_string();
    for (i, b) in boards.iter().enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        out.push_str(&write_board(b));
    }
    out
}
