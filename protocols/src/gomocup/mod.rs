//! `pbrain-turbo`: the Gomocup (Piskvork protocol) front end of the Go-Moku
//! core's [`engine::gomoku::Player`].
//!
//! [`Brain`] turns each input line into reply lines; it never prints, so
//! conversations are tested without a process. [`input`] reads the lines
//! on a thread of their own, so that `STOP`, `END` and end of input reach
//! a search under way; the binary only wires the two and prints.

pub mod bench;
pub mod brain;
pub mod command;
pub mod input;

pub use brain::{Brain, Reply};
pub use command::{Command, CommandError, Coord, Field, parse_command};
pub use engine::gomoku::Level;
