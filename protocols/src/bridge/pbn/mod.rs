//! PBN 2.1: lenient import, strict export.
//!
//! Import accepts tags in any order and any case, tabs, `1N` for `1NT`,
//! `{…}` and `;` comments, `%` lines, CRLF or LF, `AP`, notes `=n=`,
//! suffixes and NAGs (dropped), and the Auction and Play sections. Export
//! writes `% PBN 2.1` / `% EXPORT`, the fifteen mandatory tags in their
//! order, the Auction (four calls a line, notes after it) and the Play
//! (seat columns from the opening leader), then the supplemental tags in
//! alphabetical order, every line ended by CRLF.

use std::fmt;

use engine::bridge::{
    AuctionError, CallParseError, CardParseError, ContractParseError, DdTableParseError, DealError,
    SeatParseError, VulnerabilityParseError,
};

use super::board::BoardError;

mod lex;
mod read;
mod write;

pub use lex::{RawGame, split_games};
pub use read::{parse_all, parse_board, parse_game, read_all};
pub use write::{HEADER, write_board, write_file};

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
