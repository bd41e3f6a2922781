//! Front ends: each turns one protocol's lines into calls on an `engine` core.

pub mod bridge;
