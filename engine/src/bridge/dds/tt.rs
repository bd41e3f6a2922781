//! Transposition table on trick boundaries, keyed on *relative* ranks.
//!
//! Partition search in its simplest exact form: two positions whose every
//! suit has the same owners in the same rank order (whatever the absolute
//! ranks of the cards already played) have the same double-dummy value, so
//! the key lists, per suit, the owner of each remaining card from the top
//! down. The key also holds the leader and the trump, so entries stay valid
//! across deals and strains and the table never needs clearing.

use super::state::{Board, suit_mask, top_bit};

/// Exact relative-rank key of a trick-start position.
pub(crate) fn position_key(board: &Board) -> u128 {
    let mut key = (board.leader | (board.trump << 2)) as u128;
    for suit in 0..4 {
        let h = board.hands.map(|hand| suit_mask(hand, suit));
        let all = h[0] | h[1] | h[2] | h[3];
        let odd = h[1] | h[3];
        let high = h[2] | h[3];
        let (mut b0, mut b1) = (0u128, 0u128);
        let mut rest = all;
        while rest != 0 {
            let r = top_bit(rest);
            rest &= !(1u16 << r);
            b0 = (b0 << 1) | u128::from((odd >> r) & 1);
            b1 = (b1 << 1) | u128::from((high >> r) & 1);
        }
        key = (key << 30) | (u128::from(all.count_ones()) << 26) | (b0 << 13) | b1;
    }
    key
}

/// Best move stored relative to the position: suit and how many live
/// cards of that suit rank above it.
pub(crate) fn relative_move(card: u8, live: u64) -> u8 {
    let suit = usize::from(card >> 4);
    let above = suit_mask(live, suit) & (u16::MAX << ((card & 15) + 1));
    (card & 0xf0) | above.count_ones() as u8
}

/// Inverse of [`relative_move`] in a position with the given live cards.
pub(crate) fn absolute_move(rel: u8, live: u64) -> Option<u8> {
    let suit = usize::from(rel >> 4);
    let mut mask = suit_mask(live, suit);
    for _ in 0..(rel & 15) {
        if mask == 0 {
            return None;
        }
        mask &= !(1u16 << top_bit(mask));
    }
    if mask == 0 {
        return None;
    }
    Some((rel & 0xf0) | top_bit(mask))
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key_hi: u64,
    key_lo: u64,
    /// Bounds on the tricks North-South take from here.
    lower: u8,
    upper: u8,
    /// Relative best move plus one (0 = none).
    best: u8,
    /// Tricks left: deeper entries were costlier to compute.
    depth: u8,
}

/// What the table knows of a position.
pub(crate) struct Probe {
    pub lower: u8,
    pub upper: u8,
    pub best: Option<u8>,
}

/// Four-way bucketed, depth-preferred hash table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

const WAYS: usize = 4;

impl Table {
    /// A table of `2^bits` entries (24 bytes each).
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.max(4);
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let (hi, lo) = ((key >> 64) as u64, key as u64);
        let mut h = (lo ^ hi.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 32;
        (h as usize) & self.mask & !(WAYS - 1)
    }

    #[inline]
    pub fn probe(&self, key: u128) -> Option<Probe> {
        let (hi, lo) = ((key >> 64) as u64, key as u64);
        let base = self.bucket(key);
        self.entries[base..base + WAYS]
            .iter()
            .find(|e| e.depth != 0 && e.key_hi == hi && e.key_lo == lo)
            .map(|e| Probe {
                lower: e.lower,
                upper: e.upper,
                best: e.best.checked_sub(1),
            })
    }

    /// Records that North-South take at least `lower` and at most `upper`
    /// tricks, merging with what is already known of the position.
    #[inline]
    pub fn store(&mut self, key: u128, depth: u8, lower: u8, upper: u8, best: Option<u8>) {
        let (hi, lo) = ((key >> 64) as u64, key as u64);
        let base = self.bucket(key);
        let bucket = &mut self.entries[base..base + WAYS];
        let best = best.map_or(0, |b| b + 1);
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| e.depth != 0 && e.key_hi == hi && e.key_lo == lo)
        {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if best != 0 {
                e.best = best;
            }
            return;
        }
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| e.depth)
            .expect("bucket is not empty");
        *victim = Entry {
            key_hi: hi,
            key_lo: lo,
            lower,
            upper,
            best,
            depth,
        };
    }
}
