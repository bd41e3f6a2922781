//! Turbo Chess `CalcPVTable`: the piece-value tables, computed once at the
//! root of every search from the position on the board, so that the value
//! of a move during the search is simply "value on the new square minus
//! value on the old" (`StateValu`).

use super::attack::{AttackTable, FULL_MATERIAL_LEVEL, attack_values, centre_distance};
use crate::chess::{Board, Color, Role, Square};

/// Weight of piece development: attack sums (in points) are doubled so
/// that a well-placed officer is worth about what Figure 6-10 shows.
const DEVELOPMENT_WEIGHT: i32 = 2;

/// `PawnRank` for the 2nd..7th rank (index = rank from the pawn's side).
const PAWN_RANK: [i32; 8] = [0, 0, 0, 2, 4, 8, 30, 0];
/// Extra `PawnRank` for a passed pawn.
const PASSED_PAWN_RANK: [i32; 8] = [0, 0, 10, 20, 40, 60, 70, 0];
/// `PawnFileFactor` for the a..h file.
const PAWN_FILE_FACTOR: [i32; 8] = [0, 0, 2, 5, 6, 2, 0, 0];
/// Pawn-chain bonuses: a pawn beside, a pawn covering, each pawn covered.
const CHAIN_BESIDE: i32 = 6;
const CHAIN_COVERED: i32 = 3;
const CHAIN_COVERS: i32 = 3;
/// "Every pawn move weakens your game."
const PAWN_MOVED: i32 = 3;
/// Bishop on d3/e3 blocking its own d2/e2 pawn.
const BISHOP_BLOCKS_CENTRE_PAWN: i32 = 20;
/// Rook on the file behind a passed pawn (either side's pawn).
const ROOK_BEHIND_PASSED_PAWN: i32 = 16;

const ROOK_STEPS: [i8; 4] = [1, -1, 16, -16];
const BISHOP_STEPS: [i8; 4] = [15, 17, -15, -17];
const KNIGHT_STEPS: [i8; 8] = [14, 18, 31, 33, -14, -18, -31, -33];

/// Positional values (in points, 256 to the pawn) of every role on every
/// square for both colours, material excluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceValueTables {
    values: [[[i32; 64]; 6]; 2],
}

impl PieceValueTables {
    /// The positional value of `role` of `color` on `sq`.
    #[inline]
    pub fn get(&self, color: Color, role: Role, sq: Square) -> i32 {
        self.values[color.index()][role.index()][sq.index64()]
    }

    /// Tables that are zero everywhere (used by the mating evaluation,
    /// which does not look at development).
    pub fn zero() -> PieceValueTables {
        PieceValueTables {
            values: [[[0; 64]; 6]; 2],
        }
    }

    /// Computes the tables for `board` at game phase `material_level`
    /// (0 = endgame, 45 = early middlegame).
    pub fn calculate(board: &Board, material_level: i32) -> PieceValueTables {
        let mut values = [[[0; 64]; 6]; 2];
        let level = material_level.clamp(0, FULL_MATERIAL_LEVEL);
        for color in Color::ALL {
            let attack = attack_values(color, board.king_square(!color), level);
            let table = &mut values[color.index()];
            for sq in Square::all() {
                let i = sq.index64();
                let rook = slider_sum(board, color, sq, &ROOK_STEPS, Role::Rook, &attack);
                let bishop = slider_sum(board, color, sq, &BISHOP_STEPS, Role::Bishop, &attack);
                let knight: i32 = KNIGHT_STEPS
                    .iter()
                    .filter_map(|&s| sq.offset(s))
                    .map(|t| attack[t.index64()])
                    .sum();
                let dist = centre_distance(sq);
                // Quarter points → points, with the development weight.
                table[Role::Rook.index()][i] = rook * DEVELOPMENT_WEIGHT / 4;
                table[Role::Bishop.index()][i] = bishop * DEVELOPMENT_WEIGHT / 4;
                table[Role::Queen.index()][i] = (rook + bishop) * DEVELOPMENT_WEIGHT / 16;
                table[Role::Knight.index()][i] = (knight / 2 - 12 * dist) * DEVELOPMENT_WEIGHT / 4;
                // Kings: 0, but in the endgame −2·(distance to centre),
                // phased in as the material level falls.
                table[Role::King.index()][i] =
                    -2 * dist * DEVELOPMENT_WEIGHT * (FULL_MATERIAL_LEVEL - level)
                        / FULL_MATERIAL_LEVEL;
                table[Role::Pawn.index()][i] = pawn_value(board, color, sq);
            }
            bishop_blocking_centre_pawn(board, color, table);
        }
        rooks_behind_passed_pawns(board, &mut values);
        PieceValueTables { values }
    }
}

/// Sum of the attack values a rook or bishop would control from `from`:
/// through a piece of the same kind (or a queen) at full value — the
/// handbook's indirect attack — through any other piece at half value, and
/// no further than the second blocker.
fn slider_sum(
    board: &Board,
    color: Color,
    from: Square,
    steps: &[i8; 4],
    kind: Role,
    attack: &AttackTable,
) -> i32 {
    let mut sum = 0;
    for &step in steps {
        let mut halved = false;
        let mut sq = from;
        while let Some(next) = sq.offset(step) {
            sq = next;
            let value = attack[sq.index64()];
            sum += if halved { value / 2 } else { value };
            if let Some(piece) = board.piece_at(sq) {
                let battery =
                    piece.color == color && (piece.role == kind || piece.role == Role::Queen);
                if battery {
                    continue;
                }
                if halved {
                    break;
                }
                halved = true;
            }
        }
    }
    sum
}

fn own_pawn_at(board: &Board, color: Color, file: i32, rank: i32) -> bool {
    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
        return false;
    }
    board
        .piece_at(Square::new(file as u8, rank as u8))
        .is_some_and(|p| p.color == color && p.role == Role::Pawn)
}

/// Whether a pawn of `color` on `sq` would be passed: no enemy pawn ahead
/// on its own or a neighbouring file.
pub fn is_passed(board: &Board, color: Color, sq: Square) -> bool {
    let forward: i32 = if color == Color::White { 1 } else { -1 };
    let f = sq.file() as i32;
    let mut r = sq.rank() as i32 + forward;
    while (0..8).contains(&r) {
        for df in -1..=1 {
            if own_pawn_at(board, !color, f + df, r) {
                return false;
            }
        }
        r += forward;
    }
    true
}

/// The pawn table entry: rank and file value, passed-pawn bonus, chain
/// bonuses against the pawns on the board, −3 once the pawn has moved.
fn pawn_value(board: &Board, color: Color, sq: Square) -> i32 {
    let relative_rank = match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    } as usize;
    if relative_rank == 0 || relative_rank == 7 {
        return 0;
    }
    let file = sq.file() as usize;
    // The handbook counts ranks from 1: PawnRank + (Rank + 1) · FileFactor.
    let mut value = PAWN_RANK[relative_rank] + (relative_rank as i32 + 2) * PAWN_FILE_FACTOR[file];
    if is_passed(board, color, sq) {
        value += PASSED_PAWN_RANK[relative_rank];
    }
    let back: i32 = if color == Color::White { -1 } else { 1 };
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    if own_pawn_at(board, color, f - 1, r) || own_pawn_at(board, color, f + 1, r) {
        value += CHAIN_BESIDE;
    } else if own_pawn_at(board, color, f - 1, r + back)
        || own_pawn_at(board, color, f + 1, r + back)
    {
        value += CHAIN_COVERED;
    }
    for df in [-1, 1] {
        if own_pawn_at(board, color, f + df, r - back) {
            value += CHAIN_COVERS;
        }
    }
    if relative_rank > 1 {
        value -= PAWN_MOVED;
    }
    value
}

/// A bishop on d3/e3 in front of its own d2/e2 pawn (mirrored for Black).
fn bishop_blocking_centre_pawn(board: &Board, color: Color, table: &mut [[i32; 64]; 6]) {
    let (pawn_rank, bishop_rank) = match color {
        Color::White => (1, 2),
        Color::Black => (6, 5),
    };
    for file in [3u8, 4] {
        if own_pawn_at(board, color, i32::from(file), pawn_rank) {
            let sq = Square::new(file, bishop_rank as u8);
            table[Role::Bishop.index()][sq.index64()] -= BISHOP_BLOCKS_CENTRE_PAWN;
        }
    }
}

/// +16 for either side's rook on the squares behind a passed pawn.
fn rooks_behind_passed_pawns(board: &Board, values: &mut [[[i32; 64]; 6]; 2]) {
    for color in Color::ALL {
        for (sq, role) in board.pieces(color) {
            if role != Role::Pawn || !is_passed(board, color, sq) {
                continue;
            }
            let back: i8 = if color == Color::White { -16 } else { 16 };
            let mut behind = sq;
            while let Some(next) = behind.offset(back) {
                behind = next;
                for rook_color in Color::ALL {
                    values[rook_color.index()][Role::Rook.index()][behind.index64()] +=
                        ROOK_BEHIND_PASSED_PAWN;
                }
                if board.piece_at(behind).is_some() {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn pawn_values_of_the_handbook_example() {
        let board = Board::startpos();
        let t = PieceValueTables::calculate(&board, FULL_MATERIAL_LEVEL);
        // e2: 0 + (2+1)·6 = 18, plus 6 for a pawn beside it.
        assert_eq!(t.get(Color::White, Role::Pawn, sq("e2")), 18 + 6);
        // e4: 2 + (4+1)·6 = 32, no neighbours, −3 for having moved.
        assert_eq!(t.get(Color::White, Role::Pawn, sq("e4")), 32 - 3);
        // Symmetric for Black.
        for s in Square::all() {
            for role in Role::ALL {
                assert_eq!(
                    t.get(Color::White, role, s),
                    t.get(Color::Black, role, s.flip_rank()),
                    "{role:?} {s}"
                );
            }
        }
    }

    #[test]
    fn development_squares_beat_home_squares() {
        let board = Board::startpos();
        let t = PieceValueTables::calculate(&board, FULL_MATERIAL_LEVEL);
        assert!(
            t.get(Color::White, Role::Knight, sq("f3"))
                > t.get(Color::White, Role::Knight, sq("g1"))
        );
        assert!(
            t.get(Color::White, Role::Knight, sq("e5"))
                > t.get(Color::White, Role::Knight, sq("h3"))
        );
        assert!(
            t.get(Color::White, Role::Bishop, sq("c4"))
                > t.get(Color::White, Role::Bishop, sq("f1"))
        );
        // The d3 penalty while the d2 pawn is at home.
        assert!(
            t.get(Color::White, Role::Bishop, sq("d3"))
                < t.get(Color::White, Role::Bishop, sq("c4"))
        );
        assert_eq!(t.get(Color::White, Role::King, sq("e1")), 0);
    }

    #[test]
    fn endgame_king_wants_the_centre() {
        let board = Board::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
        let t = PieceValueTables::calculate(&board, 0);
        assert!(
            t.get(Color::White, Role::King, sq("d4")) > t.get(Color::White, Role::King, sq("a1"))
        );
        assert_eq!(t.get(Color::White, Role::King, sq("e5")), 0);
    }

    #[test]
    fn passed_pawns() {
        let board = Board::from_fen("4k3/8/8/8/8/8/P6p/4K3 w - - 0 1").unwrap();
        assert!(is_passed(&board, Color::White, sq("a2")));
        assert!(is_passed(&board, Color::Black, sq("h2")));
        let blocked = Board::from_fen("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        assert!(!is_passed(&blocked, Color::White, sq("a2")));
        let t = PieceValueTables::calculate(&board, 10);
        assert!(t.get(Color::White, Role::Rook, sq("a1")) >= 16);
    }
}
