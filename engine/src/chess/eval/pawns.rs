//! The part of the Turbo Chess pawn structure the piece-value tables cannot
//! hold: isolated and doubled pawns, from the per-file pawn counts
//! (`PawnBit`) that the search keeps incrementally.

use crate::chess::{Board, Color, Role};

/// Penalty for an isolated pawn.
pub const ISOLATED: i32 = 20;
/// Penalty for a doubled pawn.
pub const DOUBLED: i32 = 8;
/// Total penalty for an isolated doubled pair.
pub const ISOLATED_DOUBLED: i32 = 68;

/// Pawns per file for each colour (the handbook's `PawnBit`), indexed
/// `[color.index()][file]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnFiles(pub [[u8; 8]; 2]);

impl PawnFiles {
    /// Counts the pawns of a board from scratch.
    pub fn from_board(board: &Board) -> PawnFiles {
        let mut files = PawnFiles::default();
        for color in Color::ALL {
            for (sq, role) in board.pieces(color) {
                if role == Role::Pawn {
                    files.0[color.index()][sq.file() as usize] += 1;
                }
            }
        }
        files
    }

    /// Adds (`+1`) or removes (`-1`) a pawn of `color` on `file`.
    #[inline]
    pub fn change(&mut self, color: Color, file: u8, delta: i8) {
        let n = &mut self.0[color.index()][file as usize];
        *n = n.wrapping_add_signed(delta);
    }

    /// The handbook's `PawnStrVal`: the (non-positive) value of one side's
    /// isolated and doubled pawns.
    ///
    /// All eight files at once, one byte a file (a file holds at most eight
    /// pawns, so four bits): each pawn beyond the first on its file costs
    /// [`DOUBLED`], and an isolated file costs [`ISOLATED`] with one pawn or
    /// [`ISOLATED_DOUBLED`] less one [`DOUBLED`] with more. The search asks
    /// twice for every pawn move that changes file; the file-by-file loop
    /// ([`Self::structure_value_by_files`], the tested twin) showed in the
    /// profile.
    #[inline]
    pub fn structure_value(&self, color: Color) -> i32 {
        const LOW: u64 = 0x0101_0101_0101_0101;
        let x = u64::from_le_bytes(self.0[color.index()]);
        let occupied = (x | x >> 1 | x >> 2 | x >> 3) & LOW;
        let several = (x >> 1 | x >> 2 | x >> 3) & LOW;
        // Byte lanes: a shift by 8 moves each file's flag onto its
        // neighbour (nothing wraps from the h-file to the a-file).
        let isolated = occupied & !(occupied << 8 | occupied >> 8);
        let pawns = (x.wrapping_mul(LOW) >> 56) as i32;
        let files = occupied.count_ones() as i32;
        let lone = (isolated & !several).count_ones() as i32;
        let crowded = (isolated & several).count_ones() as i32;
        -(DOUBLED * (pawns - files) + ISOLATED * lone + (ISOLATED_DOUBLED - DOUBLED) * crowded)
    }

    /// [`Self::structure_value`] file by file, as the handbook counts.
    #[cfg(test)]
    fn structure_value_by_files(&self, color: Color) -> i32 {
        let counts = &self.0[color.index()];
        let mut value = 0;
        for file in 0..8 {
            let n = i32::from(counts[file]);
            if n == 0 {
                continue;
            }
            let left = file > 0 && counts[file - 1] > 0;
            let right = file < 7 && counts[file + 1] > 0;
            let isolated = !left && !right;
            value -= match (isolated, n) {
                (false, 1) => 0,
                (true, 1) => ISOLATED,
                (false, n) => DOUBLED * (n - 1),
                (true, n) => ISOLATED_DOUBLED + DOUBLED * (n - 2),
            };
        }
        value
    }

    /// White's structure value minus Black's.
    pub fn balance(&self) -> i32 {
        self.structure_value(Color::White) - self.structure_value(Color::Black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(white: [u8; 8]) -> PawnFiles {
        PawnFiles([white, [0; 8]])
    }

    #[test]
    fn penalties_as_the_handbook_lists_them() {
        assert_eq!(
            files([1, 1, 1, 1, 1, 1, 1, 1]).structure_value(Color::White),
            0
        );
        assert_eq!(
            files([1, 0, 1, 1, 0, 0, 0, 0]).structure_value(Color::White),
            -20
        );
        assert_eq!(
            files([0, 0, 1, 2, 0, 0, 0, 0]).structure_value(Color::White),
            -8
        );
        assert_eq!(
            files([2, 0, 1, 1, 0, 0, 0, 0]).structure_value(Color::White),
            -68
        );
        assert_eq!(files([2, 0, 1, 1, 0, 0, 0, 0]).balance(), -68);
    }

    #[test]
    fn all_files_at_once_equals_file_by_file() {
        // Every file holding 0 to 3 pawns (4^8 structures), then each file
        // in turn holding 4 to 8 beside a fixed pattern.
        for code in 0..4u32.pow(8) {
            let counts: [u8; 8] = std::array::from_fn(|f| ((code >> (2 * f)) & 3) as u8);
            let f = files(counts);
            assert_eq!(
                f.structure_value(Color::White),
                f.structure_value_by_files(Color::White),
                "{counts:?}"
            );
        }
        for file in 0..8 {
            for n in 4..=8 {
                let mut counts = [1, 0, 2, 0, 0, 1, 1, 0];
                counts[file] = n;
                let f = PawnFiles([[0; 8], counts]);
                assert_eq!(
                    f.structure_value(Color::Black),
                    f.structure_value_by_files(Color::Black),
                    "{counts:?}"
                );
            }
        }
    }

    #[test]
    fn change_is_reversible() {
        let mut f = files([1, 1, 1, 1, 1, 1, 1, 1]);
        f.change(Color::White, 1, -1);
        f.change(Color::Black, 4, 1);
        assert_eq!(f.structure_value(Color::White), -20);
        f.change(Color::White, 1, 1);
        f.change(Color::Black, 4, -1);
        assert_eq!(f, files([1, 1, 1, 1, 1, 1, 1, 1]));
    }
}
