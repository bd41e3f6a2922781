//! Self-play games of the current search at a fixed node budget, written as
//! labelled positions for `pbrain-turbo tune` (freestyle).
//!
//! Each game starts from random stones near the centre (black first, as
//! `gomoku_match.py --opening-stones` lays them), kept only if a search of
//! `--balance-nodes` scores them within `--balance` points: from a lopsided
//! opening the result says little about the positions. Then both sides
//! search `--nodes` nodes a move. Every quiet position after the opening
//! (`engine::gomoku::tune::is_quiet`) becomes one line
//! `SIZE;MOVES;SCORE`: the moves from the first stone, `x,y` black first,
//! space-separated, and the side to move's result (1, 0.5 or 0).
//!
//! `cargo run --release -p protocols --example gomoku_selfplay -- \
//!     --games 500 --size 15 --nodes 2000 --seed 1 > positions.txt`

use clap::Parser;
use engine::control::Unlimited;
use engine::gomoku::tune::is_quiet;
use engine::gomoku::{Board, Color, Limits, Point, Rule, Searcher};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::io::Write;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 100)]
    games: usize,
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Search nodes per move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    #[arg(long, default_value_t = 4)]
    opening_stones: usize,
    /// Largest score (either way) of an opening kept.
    #[arg(long, default_value_t = 150)]
    balance: i32,
    #[arg(long, default_value_t = 5000)]
    balance_nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

const TT_BYTES: usize = 8 << 20;

fn limits(nodes: u64) -> Limits {
    let mut limits = Limits::depth(64);
    limits.nodes = nodes;
    limits
}

fn side_to_move(board: &Board) -> Color {
    let (black, white) = board.stone_counts();
    if black == white {
        Color::Black
    } else {
        Color::White
    }
}

/// A balanced opening, or `None` if this draw is not.
fn opening(rng: &mut StdRng, args: &Args, searcher: &mut Searcher) -> Option<Board> {
    let mut board = Board::new(args.size, args.size, Rule::FREESTYLE).ok()?;
    let c = args.size as i64 / 2;
    while board.history().len() < args.opening_stones {
        let p = Point::new(
            (c + rng.random_range(-2..=2)) as usize,
            (c + rng.random_range(-2..=2)) as usize,
        );
        if board.is_empty(p) {
            board.make(p, side_to_move(&board));
        }
    }
    let me = side_to_move(&board);
    if !is_quiet(&board, me) {
        return None;
    }
    searcher.clear();
    let result = searcher.search(&mut board, me, &limits(args.balance_nodes), &mut Unlimited);
    (result.score.abs() <= args.balance).then_some(board)
}

/// Plays the game out; returns the positions (moves so far, side to move)
/// that were quiet, and the winner.
fn play(
    mut board: Board,
    nodes: u64,
    searchers: &mut [Searcher; 2],
) -> (Vec<(String, Color)>, Option<Color>) {
    let mut quiet = Vec::new();
    for s in searchers.iter_mut() {
        s.clear();
    }
    loop {
        if board.is_full() {
            return (quiet, None);
        }
        let me = side_to_move(&board);
        if is_quiet(&board, me) {
            let moves: Vec<String> = board.history().iter().map(|(p, _)| p.to_string()).collect();
            quiet.push((moves.join(" "), me));
        }
        let result = searchers[me.index()].search(&mut board, me, &limits(nodes), &mut Unlimited);
        let Some(p) = result.best else {
            return (quiet, None);
        };
        board.make(p, me);
        if board.is_win_at(p) {
            return (quiet, Some(me));
        }
    }
}

fn main() {
    let args = Args::parse();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut searchers = [Searcher::new(TT_BYTES), Searcher::new(TT_BYTES)];
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut played, mut tried, mut wins) = (0, 0, [0, 0]);
    while played < args.games {
        tried += 1;
        let Some(board) = opening(&mut rng, &args, &mut searchers[0]) else {
            continue;
        };
        let (positions, winner) = play(board, args.nodes, &mut searchers);
        played += 1;
        if let Some(w) = winner {
            wins[w.index()] += 1;
        }
        for (moves, me) in positions {
            let score = match winner {
                None => 0.5,
                Some(w) if w == me => 1.0,
                Some(_) => 0.0,
            };
            writeln!(out, "{};{moves};{score}", args.size).expect("stdout");
        }
        out.flush().expect("stdout");
        if played % 20 == 0 {
            eprintln!(
                "{played} games ({tried} openings drawn): black {} white {} draws {}",
                wins[0],
                wins[1],
                played - wins[0] - wins[1]
            );
        }
    }
}
