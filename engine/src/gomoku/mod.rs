//! Turbo Go-Moku grown into a Gomocup engine core.
//!
//! The 1985 program (handbook chapter 5) kept, for every five-square line,
//! how many stones each side has on it (`Line`) and, for every square, what
//! a stone there would be worth to each side (`Value`); `MakeMove` updated
//! both incrementally and `FindMove` picked the best square. That evaluator
//! lives on in [`lines`] and [`turbo1985`]; the threat-space search
//! ([`threats`]) and the alpha-beta search ([`search`]) are built on top of
//! it, and [`player`] is the whole program: the game, the rule, the clock
//! budget ([`clock`]) and the move choice. Nothing here does I/O or reads
//! a clock: the Gomocup front end is in the `protocols` crate.

pub mod bench;
pub mod board;
pub mod clock;
pub mod codes;
pub mod geometry;
pub mod lines;
pub mod patterns;
pub mod player;
pub mod renju;
pub mod rules;
pub mod search;
pub mod threats;
mod tt;
pub mod tune;
pub mod turbo1985;
mod zobrist;

pub use board::{Board, Cell, PlayError, SizeError};
pub use clock::Clock;
pub use geometry::{Color, Point};
pub use player::{Decision, Level, Owner, Player, PlayerError, Swap2};
pub use renju::Foul;
pub use rules::Rule;
pub use search::{Limits, Report, SearchControl, SearchResult, Searcher};
pub use turbo1985::Turbo1985;
