//! The UCI front end of `turbochess`: line parsing around `vampirc-uci`,
//! options, `info` formatting, human reports and the threaded engine loop.

pub mod book;
pub mod command;
pub mod engine;
pub mod info;
pub mod options;
pub mod report;

pub use engine::run_stdio;
