//! Front ends: each turns one protocol's lines into calls on an `engine` core.

pub mod bridge;
pub mod chess_perft;
pub mod chess_tune;
pub mod console;
pub mod gomocup;
pub mod gomoku_tune;
pub mod progress;
pub mod tune_lines;
pub mod uci;
