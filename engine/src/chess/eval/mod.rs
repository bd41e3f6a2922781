//! Turbo Chess evaluation (EVALU.CH): material in Turbo's units (a pawn is
//! 256 points), piece-value tables computed at the root (`CalcPVTable`),
//! the incremental value of a move (`StateValu`), the "evaluation spices",
//! the mating evaluation and the draw rules.
//!
//! Scores are `i32` points; [`Evaluator::static_white`] is White's view,
//! the search turns it into the side to move's.

pub mod attack;
pub mod leaf;
pub mod pawns;
pub mod pvtable;
pub mod tune;

use attack::{FULL_MATERIAL_LEVEL, centre_distance, king_distance};
use pawns::PawnFiles;
use pvtable::PieceValueTables;

use crate::chess::{Board, Color, Move, Role, Special, Square};

/// One pawn in evaluation points.
pub const PAWN_VALUE: i32 = 256;

/// Material of each role (Turbo Chess: pawn $100, knight and bishop $300,
/// rook $4C0, queen $900; the king is never captured).
pub const MATERIAL: [i32; 6] = [256, 768, 768, 1216, 2304, 0];

/// Castling bonus: 32 for castling short, 4 more for long.
pub const CASTLE_SHORT: i32 = 32;
pub const CASTLE_LONG: i32 = 36;
/// Tempo: at a leaf the side to move has the next move in hand, worth
/// this much in a quiet position (it can answer a threat or make one); the
/// root tables and the leaf terms are both blind to whose move it is.
pub const TEMPO: i32 = 40;
/// Bonus for exchanging pieces when ahead (charged to the side behind when
/// it takes a piece).
pub const EXCHANGE: i32 = 32;

/// Material of a role.
#[inline]
pub const fn material(role: Role) -> i32 {
    MATERIAL[role as usize]
}

/// +1 for White, −1 for Black.
#[inline]
pub const fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Everything computed at the root for one search: the piece-value tables
/// and the facts the spices depend on.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// `PVTable`.
    pub tables: PieceValueTables,
    /// `MaterialLevel`: 45 in the early middlegame, 0 in the endgame.
    pub material_level: i32,
    /// White's material advantage at the root.
    pub material_balance: i32,
    /// The losing colour when the mating evaluation is on (`Mating`,
    /// `LosingColor`).
    pub mating: Option<Color>,
    /// The side a pawn or more behind at the root: it pays for exchanging
    /// pieces.
    pub behind: Option<Color>,
}

/// The evaluation of a position split into its parts, White's view, in
/// points; for the `eval` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub material: [i32; 2],
    pub placement: [i32; 2],
    pub pawn_structure: [i32; 2],
    /// The leaf terms (mobility, king safety, passed pawns, rooks on open
    /// files, bishop pair, threats, tapered material), White's view.
    pub leaf: i32,
    /// Mating evaluation term (White's view) when it is on.
    pub mating: Option<i32>,
    pub material_level: i32,
    /// The score the search starts from, White's view.
    pub total: i32,
}

impl Evaluator {
    /// `CalcPVTable` for the position at the root of a search.
    pub fn new(board: &Board) -> Evaluator {
        let mut material_by = [0; 2];
        let mut count = [[0; 6]; 2];
        for color in Color::ALL {
            for (_, role) in board.pieces(color) {
                material_by[color.index()] += material(role);
                count[color.index()][role.index()] += 1;
            }
        }
        let total = material_by[0] + material_by[1];
        let material_level = (total / PAWN_VALUE - 32).clamp(0, FULL_MATERIAL_LEVEL);
        let balance = material_by[0] - material_by[1];
        let mating = Color::ALL.into_iter().find(|&loser| {
            let [l, w] = [count[loser.index()], count[(!loser).index()]];
            let bare = l[..5].iter().all(|&n| n == 0);
            // Pawns, a queen or rook, two bishops, or bishop and knight
            // (K+B+N is attempted without special knowledge); a lone minor
            // or two knights cannot force mate.
            let (p, n, b, r, q) = (w[0], w[1], w[2], w[3], w[4]);
            let mating_material = p > 0 || r > 0 || q > 0 || b >= 2 || (b >= 1 && n >= 1);
            bare && mating_material
        });
        let behind = if balance >= PAWN_VALUE {
            Some(Color::Black)
        } else if balance <= -PAWN_VALUE {
            Some(Color::White)
        } else {
            None
        };
        let tables = if mating.is_some() {
            PieceValueTables::zero()
        } else {
            PieceValueTables::calculate(board, material_level)
        };
        Evaluator {
            tables,
            material_level,
            material_balance: balance,
            mating,
            behind,
        }
    }

    /// The static evaluation from scratch, White's view: material, the
    /// table values of every piece and the isolated/doubled pawn terms.
    /// The twin of the incremental [`Evaluator::move_delta`].
    pub fn static_white(&self, board: &Board) -> i32 {
        let b = self.breakdown_parts(board);
        b.0[0] - b.0[1] + b.1[0] - b.1[1] + b.2[0] - b.2[1]
    }

    fn breakdown_parts(&self, board: &Board) -> ([i32; 2], [i32; 2], [i32; 2]) {
        let mut material_by = [0; 2];
        let mut placement = [0; 2];
        for color in Color::ALL {
            for (sq, role) in board.pieces(color) {
                material_by[color.index()] += material(role);
                placement[color.index()] += self.tables.get(color, role, sq);
            }
        }
        let files = PawnFiles::from_board(board);
        let structure = [
            files.structure_value(Color::White),
            files.structure_value(Color::Black),
        ];
        (material_by, placement, structure)
    }

    /// The evaluation split into parts (for the `eval` command).
    pub fn breakdown(&self, board: &Board) -> Breakdown {
        let (material_by, placement, pawn_structure) = self.breakdown_parts(board);
        let mating = self
            .mating
            .map(|_| self.mating_white(board) - (material_by[0] - material_by[1]));
        let leaf = if self.mating.is_some() {
            0
        } else {
            leaf::leaf_white(board)
        };
        let total = match self.mating {
            Some(_) => self.mating_white(board),
            None => self.static_white(board) + leaf,
        };
        Breakdown {
            material: material_by,
            placement,
            pawn_structure,
            leaf,
            mating,
            material_level: self.material_level,
            total,
        }
    }

    /// Turbo Chess `StateValu`: the change of the static evaluation caused
    /// by `mv`, seen from the side making it, computed from the tables
    /// before the move is made. `files` (the handbook's `PawnBit`) is
    /// updated to the position after the move.
    pub fn move_delta(&self, board: &Board, mv: Move, files: &mut PawnFiles) -> i32 {
        let us = board.side_to_move();
        let them = !us;
        let t = &self.tables;
        let new_role = mv.promotion().unwrap_or(mv.piece);
        let mut delta = t.get(us, new_role, mv.to) - t.get(us, mv.piece, mv.from)
            + material(new_role)
            - material(mv.piece);
        let captured_on = if mv.is_en_passant() {
            Square::new(mv.to.file(), mv.from.rank())
        } else {
            mv.to
        };
        if let Some(captured) = mv.captured {
            delta += material(captured) + t.get(them, captured, captured_on);
        }
        if let Special::Castle { rook } = mv.special {
            let rook_to = Square::new(if mv.to.file() == 6 { 5 } else { 3 }, mv.to.rank());
            delta += t.get(us, Role::Rook, rook_to) - t.get(us, Role::Rook, rook);
        }
        // PawnBit changes only when a pawn changes file, promotes or is
        // taken; the isolated/doubled terms are then recounted (8 files).
        let pawn_changes_file =
            mv.piece == Role::Pawn && (mv.from.file() != mv.to.file() || mv.promotion().is_some());
        if pawn_changes_file || mv.captured == Some(Role::Pawn) {
            let before = files.balance();
            if pawn_changes_file {
                files.change(us, mv.from.file(), -1);
                if mv.promotion().is_none() {
                    files.change(us, mv.to.file(), 1);
                }
            }
            if mv.captured == Some(Role::Pawn) {
                files.change(them, captured_on.file(), -1);
            }
            delta += sign(us) * (files.balance() - before);
        }
        delta
    }

    /// The spices that depend on the move rather than the position, seen
    /// from the side making it: the castling bonus, and the charge for
    /// exchanging pieces while behind.
    pub fn move_bonus(&self, board: &Board, mv: Move) -> i32 {
        let mut bonus = 0;
        if mv.is_castle() {
            bonus += if mv.to.file() == 6 {
                CASTLE_SHORT
            } else {
                CASTLE_LONG
            };
        }
        if let Some(captured) = mv.captured
            && captured != Role::Pawn
            && self.behind == Some(board.side_to_move())
        {
            bonus -= EXCHANGE;
        }
        bonus
    }

    /// The mating evaluation, White's view: material, then the losing king
    /// pushed away from the centre, the winning king close to it, and the
    /// winner's pawns advanced.
    pub fn mating_white(&self, board: &Board) -> i32 {
        let Some(loser) = self.mating else {
            return self.static_white(board);
        };
        let winner = !loser;
        let mut value = 0;
        for color in Color::ALL {
            for (sq, role) in board.pieces(color) {
                value += sign(color) * material(role);
                if color == winner && role == Role::Pawn {
                    let advance = match winner {
                        Color::White => sq.rank() as i32,
                        Color::Black => 7 - sq.rank() as i32,
                    };
                    value += sign(winner) * 16 * advance;
                }
            }
        }
        let losing_king = board.king_square(loser);
        let winning_king = board.king_square(winner);
        let push =
            24 * centre_distance(losing_king) + 12 * (7 - king_distance(losing_king, winning_king));
        value + sign(winner) * push
    }
}

/// The handbook's draw rules that scale a score instead of zeroing it: the
/// second occurrence of a position halves it; 10 full moves without a
/// capture or pawn move take a quarter off, 48 full moves three quarters.
/// A gradual taper instead of the two steps played level (issue 23,
/// session 40: `search/mod.rs`).
pub fn apply_draw_rules(score: i32, halfmove_clock: u32, second_repetition: bool) -> i32 {
    let mut score = score;
    if halfmove_clock >= 96 {
        score /= 4;
    } else if halfmove_clock >= 20 {
        score = score * 3 / 4;
    }
    if second_repetition {
        score /= 2;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_level() {
        let board = Board::startpos();
        let e = Evaluator::new(&board);
        assert_eq!(e.static_white(&board), 0);
        assert_eq!(e.material_level, FULL_MATERIAL_LEVEL);
        assert_eq!(e.mating, None);
        assert_eq!(e.behind, None);
    }

    #[test]
    fn mating_evaluation_switches_on_against_a_bare_king() {
        for (fen, loser) in [
            ("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", Some(Color::Black)),
            ("8/8/8/4k3/8/8/8/KR6 b - - 0 1", Some(Color::Black)),
            ("kq6/8/8/8/8/8/8/4K3 w - - 0 1", Some(Color::White)),
            ("8/8/8/4k3/8/8/8/KBB5 w - - 0 1", Some(Color::Black)),
            ("8/8/8/4k3/8/8/8/KN6 w - - 0 1", None),
            ("8/8/8/4k3/8/8/8/KB6 w - - 0 1", None),
            ("8/8/8/4k3/8/8/8/KNN5 w - - 0 1", None),
            ("8/8/8/4k3/8/8/P7/K7 w - - 0 1", Some(Color::Black)),
        ] {
            let board = Board::from_fen(fen).unwrap();
            assert_eq!(Evaluator::new(&board).mating, loser, "{fen}");
        }
        // Corner king is worse for the loser than a central one.
        let centre = Board::from_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").unwrap();
        let corner = Board::from_fen("7k/8/8/8/8/8/8/KQ6 w - - 0 1").unwrap();
        let e = Evaluator::new(&centre);
        assert!(e.mating_white(&corner) > e.mating_white(&centre));
    }

    #[test]
    fn draw_rules_scale_toward_zero() {
        assert_eq!(apply_draw_rules(400, 0, false), 400);
        assert_eq!(apply_draw_rules(400, 20, false), 300);
        assert_eq!(apply_draw_rules(400, 96, false), 100);
        assert_eq!(apply_draw_rules(-400, 0, true), -200);
    }
}
