//! gomoku core.
