//! `pbrain-turbo`: the Gomocup (Piskvork protocol) front end of the Go-Moku
//! core.
//!
//! [`Brain`] turns each input line into reply lines and keeps the game;
//! it never prints, so conversations are tested without a process. The
//! binary only reads lines (CR, LF or CRLF), stamps the time they arrived
//! and prints the replies, flushing each.

pub mod bench;
pub mod brain;
pub mod clock;
pub mod command;

pub use brain::{Brain, Level, Reply};
pub use command::{Command, CommandError, Coord, Field, parse_command};
