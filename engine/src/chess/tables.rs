//! Compile-time tables of the 0x88 geometry: directions and the handbook's
//! `AttackTab`, indexed by the difference of two squares.

/// King and queen directions (the handbook's `DirTab`): orthogonals first.
pub(crate) const KING_DIRS: [i8; 8] = [16, -16, 1, -1, 17, 15, -17, -15];
/// Knight jumps (the handbook's `KnightDir`).
pub(crate) const KNIGHT_DIRS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

/// Role bits in [`ATTACK`] (bit `Role::index()`).
pub(crate) const KNIGHT_BIT: u8 = 1 << 1;
pub(crate) const BISHOP_BIT: u8 = 1 << 2;
pub(crate) const ROOK_BIT: u8 = 1 << 3;
pub(crate) const QUEEN_BIT: u8 = 1 << 4;
pub(crate) const KING_BIT: u8 = 1 << 5;

/// Offset that turns a square difference (-0x77..=0x77) into a table index.
pub(crate) const DIFF_BASE: i32 = 0x77;
const DIFF_LEN: usize = 0xEF;

/// The handbook's `AttackTab`: for the difference `to - from` of two 0x88
/// squares, which roles standing on `from` could attack `to` if the squares
/// between were empty. In 0x88 numbering the difference alone decides the
/// geometry, so one small table serves every pair of squares.
pub(crate) static ATTACK: [u8; DIFF_LEN] = build_attack();

/// For aligned squares, the unit step from `from` toward `to` (0 if the
/// squares share no line).
pub(crate) static STEP: [i8; DIFF_LEN] = build_step();

const fn build_attack() -> [u8; DIFF_LEN] {
    let mut t = [0u8; DIFF_LEN];
    let mut i = 0;
    while i < 8 {
        let d = KNIGHT_DIRS[i] as i32;
        t[(d + DIFF_BASE) as usize] |= KNIGHT_BIT;
        let d = KING_DIRS[i] as i32;
        t[(d + DIFF_BASE) as usize] |= KING_BIT;
        let diagonal = i >= 4;
        let mut k = 1;
        while k < 8 {
            let idx = (d * k + DIFF_BASE) as usize;
            t[idx] |= QUEEN_BIT | if diagonal { BISHOP_BIT } else { ROOK_BIT };
            k += 1;
        }
        i += 1;
    }
    t
}

const fn build_step() -> [i8; DIFF_LEN] {
    let mut t = [0i8; DIFF_LEN];
    let mut i = 0;
    while i < 8 {
        let d = KING_DIRS[i] as i32;
        let mut k = 1;
        while k < 8 {
            t[(d * k + DIFF_BASE) as usize] = d as i8;
            k += 1;
        }
        i += 1;
    }
    t
}

/// Index into [`ATTACK`]/[`STEP`] for the pair (from, to).
#[inline(always)]
pub(crate) const fn diff_index(from: u8, to: u8) -> usize {
    (to as i32 - from as i32 + DIFF_BASE) as usize
}

/// Bit of a role in [`ATTACK`].
#[inline(always)]
pub(crate) const fn role_bit(role_index: usize) -> u8 {
    1 << role_index
}
