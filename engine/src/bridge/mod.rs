//! Turbo Bridge core: cards, hands, deals, the auction, the play and
//! scoring (handbook chapters 3 and 7, Appendix C).
//!
//! Numbering used everywhere (and relied on by the double-dummy solver):
//! suits clubs = 0 … spades = 3, strains clubs = 0 … notrump = 4, seats
//! North = 0, East, South, West = 3 (clockwise), ranks 2 … 14 (ace), and a
//! [`Hand`] is a `u64` with bit `suit * 16 + rank` set per card.

pub mod auction;
pub mod auction_sim;
pub mod bidding;
pub mod card;
pub mod compete;
pub mod contract;
pub mod dds;
pub mod ddtable;
pub mod deal;
pub mod hand;
pub mod par;
pub mod placement;
pub mod play;
pub mod rubber;
pub mod scoring;
pub mod seat;
pub mod table;
pub mod trick;

pub use auction::{Auction, AuctionError, Call, CallParseError};
pub use card::{Card, CardParseError, Rank, Seat, SeatParseError, Side, Strain, Suit};
pub use contract::{Contract, ContractBid, ContractParseError, Doubling};
pub use ddtable::{DdTable, DdTableParseError};
pub use deal::{
    Deal, DealError, Vulnerability, VulnerabilityParseError, board_dealer, board_vulnerability,
};
pub use hand::{FULL_DECK, Hand, HandIter, HandParseError, RANK_MASK};
pub use trick::{ClaimError, Play, PlayError, Trick};
