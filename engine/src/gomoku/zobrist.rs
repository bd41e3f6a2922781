//! Zobrist keys, computed at compile time (no runtime-initialised globals).

use super::geometry::MAX_SIDE;

const SQUARES: usize = MAX_SIDE * MAX_SIDE;

/// SplitMix64: a fixed, well-mixed sequence for the key table.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> [[u64; 3]; SQUARES] {
    let mut table = [[0u64; 3]; SQUARES];
    let mut state = 0x7475_7262_6f31_3938u64; // "turbo198"
    let mut sq = 0;
    while sq < SQUARES {
        let mut k = 0;
        while k < 3 {
            let (next, value) = splitmix(state);
            state = next;
            table[sq][k] = value;
            k += 1;
        }
        sq += 1;
    }
    table
}

/// Key of a black stone, a white stone and a wall on each square of a
/// 32-wide index (`y * 32 + x`), so keys do not depend on the board width.
/// Computed at compile time: a `static` only so that it is not copied.
pub static KEYS: [[u64; 3]; SQUARES] = build();

/// Key of square (x, y) holding occupant slot `slot` (0 black, 1 white, 2 wall).
pub fn key(x: usize, y: usize, slot: usize) -> u64 {
    KEYS[y * MAX_SIDE + x][slot]
}

/// Hasher for maps keyed by Zobrist keys: the keys are random bits
/// already, so they serve as their own hash (the default SipHash costs
/// more than the threat search's lookup it serves).
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 ^= key;
    }
}

/// A map keyed by Zobrist keys.
pub type KeyMap<V> = std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;
