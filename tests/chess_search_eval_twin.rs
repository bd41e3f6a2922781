//! The incremental evaluation (`StateValu` with `PawnBit`) against its
//! from-scratch twin over random games: every legal move of every visited
//! position, with the tables of the game's first position and of a fresh
//! root.

use engine::chess::eval::pawns::PawnFiles;
use engine::chess::eval::{Evaluator, sign};
use engine::chess::{Board, MoveList};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn check_all_moves(evaluator: &Evaluator, board: &mut Board) {
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    let before = evaluator.static_white(board);
    let files = PawnFiles::from_board(board);
    for &mv in list.iter() {
        let mut after_files = files;
        let us = board.side_to_move();
        let delta = evaluator.move_delta(board, mv, &mut after_files);
        board.make(mv);
        assert_eq!(
            before + sign(us) * delta,
            evaluator.static_white(board),
            "{mv} drifted, now at {}",
            board.to_fen()
        );
        assert_eq!(
            after_files,
            PawnFiles::from_board(board),
            "{mv} PawnBit at {}",
            board.to_fen()
        );
        board.unmake();
    }
}

#[test]
fn incremental_evaluation_matches_the_from_scratch_twin() {
    let mut rng = StdRng::seed_from_u64(1985);
    for start in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        for _game in 0..6 {
            let mut board = Board::from_fen(start).unwrap();
            let root = Evaluator::new(&board);
            for _ply in 0..80 {
                check_all_moves(&root, &mut board);
                check_all_moves(&Evaluator::new(&board), &mut board);
                let mut list = MoveList::new();
                board.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[rng.random_range(0..list.len())];
                board.make(mv);
            }
        }
    }
}
