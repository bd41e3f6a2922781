//! Positions from the engine's own games, for the threat-search soundness
//! tests (tests/gomoku_vcf_soundness.rs, tests/gomoku_vct_soundness.rs).

use engine::control::Unlimited;
use engine::gomoku::{Board, Color, Limits, Point, Rule, Searcher, Turbo1985};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The rules a game is played under: freestyle, exact five, renju, and
/// both caro masks.
pub fn rules() -> [Rule; 5] {
    [0, 1, 4, 8, 9].map(|mask| Rule::from_mask(mask).unwrap())
}

/// A game of the search (at `nodes` nodes a move) against the 1985
/// program from a random opening of two to four stones near the centre;
/// returns the position before every move with the side to move.
pub fn own_game(rule: Rule, seed: u64, nodes: u64) -> Vec<(Board, Color)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let size = 15;
    let mut b = Board::new(size, size, rule).unwrap();
    let mut me = Color::Black;
    for _ in 0..rng.random_range(2..=4) {
        loop {
            let p = Point::new(rng.random_range(5..10), rng.random_range(5..10));
            if b.allowed(p, me) {
                b.play(p, me).unwrap();
                break;
            }
        }
        me = me.opponent();
    }
    let mut searcher = Searcher::new(1 << 20);
    let mut turbo = Turbo1985::new(seed);
    let search_colour = if seed.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let mut limits = Limits::depth(3);
    limits.nodes = nodes;
    let mut positions = Vec::new();
    while !b.is_full() {
        positions.push((b.clone(), me));
        let m = if me == search_colour {
            searcher.search(&mut b, me, &limits, &mut Unlimited).best
        } else {
            turbo.find_move(&mut b, me)
        };
        let Some(m) = m else { break };
        b.play(m, me).unwrap();
        if b.is_win_at(m) {
            break;
        }
        me = me.opponent();
    }
    positions
}
