//! The cores of Turbo GameWorks in Rust: chess, gomoku and bridge.
//!
//! Nothing here reads or writes a stream, starts a thread it was not asked
//! to, or keeps global state: the front ends in the `protocols` crate
//! translate protocol lines into calls on these types.

pub mod adam;
pub mod bridge;
pub mod chess;
pub mod control;
pub mod gomoku;
