//! Transposition table for the alpha-beta search: one entry per slot,
//! always replaced, indexed by the Zobrist key.

use super::geometry::Point;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    pub best: Option<Point>,
    /// The search below never stopped at its depth: the score holds at
    /// any depth. (Fits in the padding: the entry keeps its size.)
    pub complete: bool,
}

/// Bytes per entry, for sizing under `INFO max_memory`.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Option<Entry>>();

pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of at most `bytes` (a power of two of entries, at least 1).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            slots: vec![None; len],
        }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        self.slots[i] = Some(entry);
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
