//! PBN import: tokens to a validated [`Board`], leniently.

use std::collections::BTreeMap;

use engine::bridge::{Auction, Call, Card, ContractBid, DdTable, Seat, Side, Strain};

use super::PbnError;
use super::lex::{RawGame, Token, split_games};
use crate::bridge::board::{AuctionRecord, Board, ContractTag, PlayRecord};

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
        let annotations: Vec<Option<String>> = call_notes
            .iter()
            .map(|n| n.map(|n| notes.get(&n).cloned().unwrap_or_default()))
            .collect();
        b.auction = Some(AuctionRecord::with_annotations(auction, annotations));
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

/// [`parse_all`] with each game's `Board` number, known even when the
/// game cannot be read.
pub fn read_all(text: &str) -> Vec<(Option<u32>, Result<Board, PbnError>)> {
    split_games(text)
        .iter()
        .map(|g| (g.number(), parse_game(g)))
        .collect()
}

/// Parses a text that holds exactly one game.
pub fn parse_board(text: &str) -> Result<Board, PbnError> {
    let games = split_games(text);
    match games.first() {
        Some(g) => parse_game(g),
        None => Err(PbnError::MissingDeal),
    }
}
