//! The `turbobridge` front end: deal files in and out (PBN, LIN) and the
//! board-by-board filter loop the modes share.

pub mod bluechip;
pub mod board;
pub mod budget;
pub mod filter;
pub mod handviewer;
pub mod io;
pub mod lin;
pub mod partial;
pub mod pbn;
pub mod show;
pub mod solve;
