//! Mate problems: the classic problems in `books/mate/` (the handbook's
//! MATE.01 … files, in its board file format) are solved with their known
//! keys, shorter mates are refuted, and the solver's answers are checked on
//! small positions whose answer is known by construction.

use engine::chess::mate::{MateResult, MateSolver};
use engine::chess::{Board, BoardFile};
use std::path::PathBuf;

struct Problem {
    name: String,
    file: BoardFile,
    moves: u32,
    key: String,
}

/// Reads every problem: the first line's comment says `Mate in N. Key: K`.
fn problems() -> Vec<Problem> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("books/mate");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("books/mate")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("read problem");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let file = BoardFile::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let header = text.lines().next().unwrap();
            let after = |tag: &str| {
                let i = header
                    .find(tag)
                    .unwrap_or_else(|| panic!("{name}: no '{tag}'"));
                header[i + tag.len()..]
                    .split(['.', ' '])
                    .find(|w| !w.is_empty())
                    .unwrap()
                    .to_string()
            };
            let moves = after("Mate in ").parse().expect("mate length");
            // The key may end with '+' which the split keeps.
            let key = after("Key: ");
            Problem {
                name,
                file,
                moves,
                key,
            }
        })
        .collect()
}

#[test]
fn classic_problems_are_solved_with_their_keys() {
    let problems = problems();
    assert!(problems.len() >= 6);
    for n in [2, 3, 4] {
        assert!(problems.iter().any(|p| p.moves == n), "no mate in {n}");
    }
    for p in &problems {
        let board = &p.file.board;
        let mut solver = MateSolver::new();
        let MateResult::Mate(solution) = solver.solve(board, p.moves) else {
            panic!("{}: no mate in {} found", p.name, p.moves);
        };
        assert_eq!(solution.moves, p.moves, "{}: shorter mate found", p.name);
        assert_eq!(board.san(solution.key), p.key, "{}: key", p.name);
        // A sound problem: the known key is the only one.
        let keys = solver.all_keys(board, p.moves).expect("no node limit");
        assert_eq!(keys, [solution.key], "{}: more than one key", p.name);
        // The main line is legal, alternates sides and ends in mate.
        let mut b: Board = board.clone();
        for mv in &solution.line {
            b.play(*mv).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        }
        assert!(
            b.in_check() && b.has_no_moves(),
            "{}: line does not mate",
            p.name
        );
        assert_eq!(solution.line.len() as u32, 2 * p.moves - 1, "{}", p.name);
    }
}

#[test]
fn shorter_mates_and_quiet_positions_are_refuted() {
    for p in problems() {
        let mut solver = MateSolver::new();
        let result = solver.solve(&p.file.board, p.moves - 1);
        assert_eq!(
            result,
            MateResult::NoMate {
                within: p.moves - 1
            },
            "{}",
            p.name
        );
    }
    // Nobody mates in two from the start position.
    assert_eq!(
        MateSolver::new().solve(&Board::startpos(), 2),
        MateResult::NoMate { within: 2 }
    );
}

#[test]
fn stalemate_and_mated_positions_are_not_mates() {
    // Black to move is stalemated; White to move is already mated.
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
        assert_eq!(
            MateSolver::new().solve(&board, 3),
            MateResult::NoMate { within: 3 },
            "{fen}"
        );
    }
    // Queen and king against king: Qf7 would stalemate; the key found must
    // really mate.
    let board = Board::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
    let MateResult::Mate(m) = MateSolver::new().solve(&board, 1) else {
        panic!("mate in 1 missed");
    };
    let mut after = board.clone();
    after.make(m.key);
    assert!(after.in_check() && after.has_no_moves());
}

#[test]
fn node_limit_aborts() {
    let p = problems().into_iter().find(|p| p.moves == 4).unwrap();
    let mut solver = MateSolver::with_node_limit(50);
    assert!(matches!(
        solver.solve(&p.file.board, 4),
        MateResult::Aborted { .. }
    ));
}

/// A caller that wants the answer after its first few looks.
struct StopAfter(std::cell::Cell<u32>);

impl engine::control::Control for StopAfter {
    fn elapsed_ms(&self) -> u64 {
        0
    }

    fn stop_requested(&self) -> bool {
        let left = self.0.get();
        self.0.set(left.saturating_sub(1));
        left == 0
    }
}

#[test]
fn a_stop_aborts_within_a_few_thousand_nodes() {
    // Kiwipete has no mate in 5, and refuting it takes tens of millions of
    // nodes.
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let mut solver = MateSolver::new();
    let result = solver.solve_under(&board, 5, &StopAfter(std::cell::Cell::new(2)));
    let MateResult::Aborted { nodes } = result else {
        panic!("{result:?}");
    };
    assert!(nodes < 20_000, "{nodes} nodes");
}

/// The from-scratch twin: plain minimax over every move, no table, no
/// ordering, no check-only pruning.
fn naive_mates(board: &mut Board, n: u32) -> bool {
    let mut list = engine::chess::MoveList::new();
    board.legal_moves(&mut list);
    for &mv in list.iter() {
        board.make(mv);
        let mut replies = engine::chess::MoveList::new();
        board.legal_moves(&mut replies);
        let mated = if replies.is_empty() {
            board.in_check()
        } else {
            n > 1
                && replies.iter().all(|&r| {
                    board.make(r);
                    let m = naive_mates(board, n - 1);
                    board.unmake();
                    m
                })
        };
        board.unmake();
        if mated {
            return true;
        }
    }
    false
}

/// Randomized: on small random positions the solver's shortest mate (up to
/// 2 moves) agrees with the naive search.
#[test]
fn solver_agrees_with_naive_search_on_random_positions() {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(2);
    let mut checked = 0;
    let mut mates = 0;
    while checked < 150 {
        let mut cells = ['.'; 64];
        for piece in ['K', 'k', 'Q', 'R', 'N', 'r', 'p', 'P'] {
            loop {
                let i = rng.random_range(0..64);
                let back_rank = !(8..56).contains(&i);
                if cells[i] == '.' && !(back_rank && piece.eq_ignore_ascii_case(&'p')) {
                    cells[i] = piece;
                    break;
                }
            }
        }
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|r| {
                let mut row = String::new();
                let mut empty = 0;
                for f in 0..8 {
                    let c = cells[r * 8 + f];
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                        }
                        empty = 0;
                        row.push(c);
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let fen = format!("{} w - - 0 1", rows.join("/"));
        let Ok(mut board) = Board::from_fen(&fen) else {
            continue;
        };
        checked += 1;
        let want = (1..=2).find(|&n| naive_mates(&mut board, n));
        let got = match MateSolver::new().solve(&board, 2) {
            MateResult::Mate(m) => Some(m.moves),
            MateResult::NoMate { .. } => None,
            MateResult::Aborted { .. } => unreachable!("no limit"),
        };
        assert_eq!(got, want, "{fen}");
        mates += usize::from(want.is_some());
    }
    assert!(mates >= 10, "only {mates} positions with a mate: weak test");
}
