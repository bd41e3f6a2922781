//! Bitboards beside the 0x88 array, for the speed goal: one bit per square
//! (index a1 = 0 … h8 = 63) per colour and per role, updated by the same
//! primitives that update the square array and the piece list. Attack sets
//! come from compile-time tables (knight, king, pawn, lines between
//! squares) and, for sliders, the "hyperbola quintessence" trick on files
//! and diagonals plus a first-rank table for ranks.

/// Bit of a square index.
#[inline(always)]
pub(crate) const fn bb(sq: usize) -> u64 {
    1u64 << sq
}

/// 0x88 number of a square index (0..64).
#[inline(always)]
pub(crate) const fn to_0x88(i: usize) -> u8 {
    ((i & 7) | ((i & 56) << 1)) as u8
}

/// Square index (0..64) of an on-board 0x88 number.
#[inline(always)]
pub(crate) const fn to_index(s: u8) -> usize {
    ((s + (s & 7)) >> 1) as usize
}

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xFF;

const fn step_attacks(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

pub(crate) static KNIGHT: [u64; 64] = step_attacks(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub(crate) static KING: [u64; 64] = step_attacks(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// Squares a pawn of each colour on a square attacks.
pub(crate) static PAWN: [[u64; 64]; 2] = [
    step_attacks(&[(1, 1), (-1, 1)]),
    step_attacks(&[(1, -1), (-1, -1)]),
];

/// Ray from `sq` in direction (df, dr), not including `sq`.
const fn ray(sq: usize, df: i32, dr: i32) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    let mut m = 0;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        m |= 1u64 << (r * 8 + f);
        f += df;
        r += dr;
    }
    m
}

struct Lines {
    file: [u64; 64],
    diag: [u64; 64],
    anti: [u64; 64],
    rook_empty: [u64; 64],
    bishop_empty: [u64; 64],
}

const fn build_lines() -> Lines {
    let mut l = Lines {
        file: [0; 64],
        diag: [0; 64],
        anti: [0; 64],
        rook_empty: [0; 64],
        bishop_empty: [0; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        l.file[sq] = ray(sq, 0, 1) | ray(sq, 0, -1);
        l.diag[sq] = ray(sq, 1, 1) | ray(sq, -1, -1);
        l.anti[sq] = ray(sq, -1, 1) | ray(sq, 1, -1);
        l.rook_empty[sq] = l.file[sq] | ray(sq, 1, 0) | ray(sq, -1, 0);
        l.bishop_empty[sq] = l.diag[sq] | l.anti[sq];
        sq += 1;
    }
    l
}

static LINES: Lines = build_lines();

/// Rook attacks along the first rank for a rook on `file` with the six
/// inner squares (b..g) occupied as in the index.
const fn build_first_rank() -> [[u8; 64]; 8] {
    let mut t = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u32;
            let mut a = 0u8;
            let mut f = file as i32 + 1;
            while f < 8 {
                a |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i32 - 1;
            while f >= 0 {
                a |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            t[file][inner] = a;
            inner += 1;
        }
        file += 1;
    }
    t
}

static FIRST_RANK: [[u8; 64]; 8] = build_first_rank();

/// Squares strictly between two squares on a line (0 if not aligned), and
/// the whole line through two aligned squares (0 if not aligned).
struct Between {
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
}

const fn build_between() -> Between {
    let mut t = Between {
        between: [[0; 64]; 64],
        line: [[0; 64]; 64],
    };
    let dirs: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            let full = ray(a, df, dr) | ray(a, -df, -dr) | (1u64 << a);
            let (mut f, mut r) = ((a % 8) as i32 + df, (a / 8) as i32 + dr);
            let mut between = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                t.between[a][b] = between;
                t.line[a][b] = full;
                between |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static BETWEEN: Between = build_between();

#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> u64 {
    BETWEEN.between[a][b]
}

#[inline(always)]
pub(crate) fn line(a: usize, b: usize) -> u64 {
    BETWEEN.line[a][b]
}

#[inline(always)]
pub(crate) fn rook_empty(sq: usize) -> u64 {
    LINES.rook_empty[sq]
}

#[inline(always)]
pub(crate) fn bishop_empty(sq: usize) -> u64 {
    LINES.bishop_empty[sq]
}

/// Hyperbola quintessence: attacks along a file or diagonal `mask` (not
/// containing `sq`) given the occupancy.
#[inline(always)]
fn hq(occ: u64, sq: usize, mask: u64) -> u64 {
    let o = occ & mask;
    let s = bb(sq);
    let forward = o.wrapping_sub(s.wrapping_mul(2));
    let reverse = o
        .swap_bytes()
        .wrapping_sub(s.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (forward ^ reverse) & mask
}

#[inline(always)]
fn rank_attacks(occ: u64, sq: usize) -> u64 {
    let shift = sq & 56;
    let inner = ((occ >> (shift + 1)) & 63) as usize;
    (FIRST_RANK[sq & 7][inner] as u64) << shift
}

#[inline(always)]
pub(crate) fn rook_attacks(sq: usize, occ: u64) -> u64 {
    hq(occ, sq, LINES.file[sq]) | rank_attacks(occ, sq)
}

#[inline(always)]
pub(crate) fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    hq(occ, sq, LINES.diag[sq]) | hq(occ, sq, LINES.anti[sq])
}

/// Iterator over the set squares of a bitboard, lowest first.
#[inline(always)]
pub(crate) fn pop_lsb(b: &mut u64) -> usize {
    let sq = b.trailing_zeros() as usize;
    *b &= *b - 1;
    sq
}
