//! Zobrist keys, computed at compile time (no global state to initialise).

/// SplitMix64: a fixed, well-mixed sequence, so keys are the same on every
/// build and in every test.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// Indexed by the board's cell code (colour × 8 + role + 1) and the 0x88
    /// square.
    pub piece: [[u64; 128]; 16],
    /// Castling right of a colour with the rook on a file (Chess960-ready:
    /// the right is identified by its rook).
    pub castle: [[u64; 8]; 2],
    /// En-passant file, hashed only when a pawn could capture there.
    pub en_passant: [u64; 8],
    /// Black to move.
    pub black: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        piece: [[0; 128]; 16],
        castle: [[0; 8]; 2],
        en_passant: [0; 8],
        black: 0,
    };
    let mut state = 0x7475_7262_6f63_6873u64; // "turbochs"
    let mut code = 0;
    while code < 16 {
        let mut sq = 0;
        while sq < 128 {
            let (s, v) = splitmix(state);
            state = s;
            keys.piece[code][sq] = v;
            sq += 1;
        }
        code += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut f = 0;
        while f < 8 {
            let (s, v) = splitmix(state);
            state = s;
            keys.castle[c][f] = v;
            f += 1;
        }
        c += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, v) = splitmix(state);
        state = s;
        keys.en_passant[f] = v;
        f += 1;
    }
    let (_, v) = splitmix(state);
    keys.black = v;
    keys
}

// A `static` (immutable, evaluated at compile time) so indexing does not copy the table.
pub(crate) static KEYS: Keys = build();
