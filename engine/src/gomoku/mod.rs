//! Turbo Go-Moku grown into a Gomocup engine core.
//!
//! The 1985 program (handbook chapter 5) kept, for every five-square line,
//! how many stones each side has on it (`Line`) and, for every square, what
//! a stone there would be worth to each side (`Value`); `MakeMove` updated
//! both incrementally and `FindMove` picked the best square. That evaluator
//! lives on in [`lines`] and [`turbo1985`]; the threat-space search
//! ([`threats`]) and the alpha-beta search ([`search`]) are built on top of
//! it. Nothing here does I/O: the Gomocup front end is in the `protocols`
//! crate.

pub mod board;
pub mod geometry;
pub mod lines;
pub mod patterns;
pub mod rules;
pub mod search;
pub mod threats;
mod tt;
pub mod turbo1985;
mod zobrist;

pub use board::{Board, Cell, PlayError, SizeError};
pub use geometry::{Colour, Point};
pub use rules::Rule;
pub use search::{Limits, SearchInfo, SearchResult, Searcher};
pub use turbo1985::Turbo1985;
