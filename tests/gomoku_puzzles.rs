//! Published threat problems, solved by the engine (issue 24).
//!
//! Each problem is written from its source as a move list in renju
//! notation (columns A..O from the left, rows 1..15 from the bottom, moves
//! alternating from black); the published solution is replayed to check
//! the transcription, and the engine must find a win of its own that
//! holds the same way.

use engine::gomoku::threats::{ThreatLimits, find_vcf, find_vct};
use engine::gomoku::{Board, Color, Point, Rule};

/// A point in renju notation (`H8` is the centre of the 15×15 board).
fn point(name: &str) -> Point {
    let x = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse().expect("row number");
    Point::new(x, 15 - row)
}

fn position(moves: &str, rule: Rule) -> (Board, Color) {
    let mut board = Board::new(15, 15, rule).unwrap();
    let mut colour = Color::Black;
    for m in moves.split(',') {
        board.play(point(m), colour).unwrap();
        colour = colour.opponent();
    }
    (board, colour)
}

/// Replays a VCF line (attacker four, the defender's only block, …): every
/// attacker move is legal and leaves exactly one point to block (or a
/// block the defender may not play), and the line ends with a five.
fn replay_vcf(mut board: Board, attacker: Color, line: &[Point]) -> Result<(), String> {
    let defender = attacker.opponent();
    for pair in line.chunks(2) {
        let m = pair[0];
        if !board.allowed(m, attacker) {
            return Err(format!("{m} is not allowed\n{board}"));
        }
        if board.makes_five(m, attacker) {
            return Ok(());
        }
        board.play(m, attacker).unwrap();
        let fives = board.five_points(attacker);
        match (fives.as_slice(), pair.get(1)) {
            ([block], Some(&reply)) if *block == reply => {
                if !board.allowed(reply, defender) {
                    return Ok(());
                }
                if board.makes_five(reply, defender) {
                    return Err(format!("the block {reply} makes five\n{board}"));
                }
                board.play(reply, defender).unwrap();
            }
            ([block], None) if !board.allowed(*block, defender) => return Ok(()),
            (fives, None) if fives.len() >= 2 => return Ok(()),
            (fives, reply) => {
                return Err(format!(
                    "after {m} the fives are {fives:?}, the line blocks at {reply:?}\n{board}"
                ));
            }
        }
    }
    Err(format!("the line ends without a five\n{board}"))
}

/// renju-note/quintet's README, its VCF example: white to move wins by
/// fours in 8 moves under renju, solution G1 G3 E6 H9 H5 I6 F5 E5 C8 D7
/// C11 C9 C14 C13 D13.
const QUINTET_VCF: &str = "H8,H7,F6,G7,I7,G9,G6,H6,F8,E8,F9,F7,E7,D6,H4,G5,J6,I5,J4,K5,J5,J3,J8,\
J7,I4,K4,K6,L7,L6,M6,I2,N7,L5,K7,M7,G4,I8,G8,K8,L8,D5,E4,F4,F3,H3,G2,E2,I10,J11,F11,G11,D9,E10,\
E12,F13,C10,B11,C12,D12";
const QUINTET_VCF_SOLUTION: &str = "G1,G3,E6,H9,H5,I6,F5,E5,C8,D7,C11,C9,C14,C13,D13";

#[test]
fn quintet_readme_vcf_is_solved() {
    let renju = Rule::from_mask(4).unwrap();
    let (board, to_move) = position(QUINTET_VCF, renju);
    assert_eq!(to_move, Color::White);
    let published: Vec<Point> = QUINTET_VCF_SOLUTION.split(',').map(point).collect();
    replay_vcf(board.clone(), Color::White, &published).expect("the published solution");
    let mut work = board.clone();
    let line = find_vcf(&mut work, Color::White, LIMITS).expect("white's VCF");
    replay_vcf(board.clone(), Color::White, &line).expect("the engine's line");
    // A VCF is a VCT too.
    let line = find_vct(
        &mut work,
        Color::White,
        ThreatLimits {
            depth: 10,
            ..LIMITS
        },
    )
    .expect("white's VCT");
    assert_eq!(work.key(), board.key());
    assert!(!line.is_empty());
}

const LIMITS: ThreatLimits = ThreatLimits {
    depth: 20,
    nodes: 200_000,
    deadline: None,
};
