//! Transposition table on the Zobrist key (`002_…` part II: the 1985
//! program kept only the best line between iterations; a hash table keeps
//! bounds and best moves of every position it has room for).
//!
//! Each slot is two `AtomicU64`s, `key ^ data` and `data` (the "lockless
//! hashing" trick), so a table shared between search threads never needs a
//! lock: a torn write shows up as a key mismatch and is treated as a miss.

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (all moves failed low).
    Upper = 1,
    /// The true score is at least the stored one (a cut-off).
    Lower = 2,
    /// The stored score is exact (a PV node).
    Exact = 3,
}

impl Bound {
    /// What a search of the window `(alpha, beta)` that returned `best`
    /// knows about the true score.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// The `eval` of an entry that has no usable static evaluation.
pub const NO_EVAL: i16 = i16::MIN;

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Best or refutation move, as a [`super::moves::MoveCode`] (0: none).
    pub mv: u16,
    /// Score relative to the side to move, mate scores relative to this node.
    pub score: i16,
    /// Static evaluation of the position, side to move's view, before the
    /// draw rules; [`NO_EVAL`] when none was computed (in check) or when it
    /// comes from an earlier search, whose root tables valued it.
    pub eval: i16,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of [`Entry`]s; one entry per slot, replaced by depth
/// and age. Every method takes `&self`, so the Lazy SMP threads share one
/// table behind an `Arc` without a lock.
pub struct TranspositionTable {
    slots: Slots,
    /// Age of the current search (6 bits); only the main thread advances it,
    /// between searches.
    generation: AtomicU8,
}

const BYTES_PER_SLOT: usize = 16;

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) * 1024 * 1024 / BYTES_PER_SLOT).max(1);
        TranspositionTable {
            slots: Slots::zeroed(count),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry (`ucinewgame`, `Clear Hash`).
    /// Not to be called while a search runs on the table.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let next = (self.generation() + 1) & 0x3f;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    fn index(&self, key: u64) -> usize {
        // Multiply-high maps the key onto the table without a division.
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring `key`'s slot into the cache: the probe
    /// of a node is mostly a wait for memory (a quarter of the search's
    /// time in `perf`), and the parent knows the key a little before the
    /// child looks it up. Only a hint; no effect on what a probe returns.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[self.index(key)];
            // SAFETY: prefetching is a hint that never faults, and the
            // address is that of a live slot.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[self.index(key)];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let mut entry = unpack(data)?;
        // Turbo Chess values a position with the piece-value tables of the
        // root it was searched from: an evaluation from another search is
        // another evaluator's opinion.
        if ((data >> 58) & 0x3f) as u8 != self.generation() {
            entry.eval = NO_EVAL;
        }
        Some(entry)
    }

    /// Stores a result for `key`, keeping a deeper entry of the same search
    /// about another position.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[self.index(key)];
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old_data;
        let generation = self.generation();
        let mut entry = entry;
        if old_data != 0 {
            let old_generation = ((old_data >> 58) & 0x3f) as u8;
            let old_depth = ((old_data >> 48) & 0xff) as u8;
            if old_key == key {
                // Same position: keep the old best move if we have none.
                if entry.mv == 0 {
                    entry.mv = (old_data & 0xffff) as u16;
                }
                if entry.bound != Bound::Exact
                    && old_generation == generation
                    && entry.depth.saturating_add(2) < old_depth
                {
                    return;
                }
            } else if old_generation == generation && entry.depth < old_depth {
                return;
            }
        }
        let data = pack(&entry, generation);
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Per-mille of the first thousand slots used in this search (UCI
    /// `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let generation = self.generation();
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && ((d >> 58) & 0x3f) as u8 == generation
            })
            .count();
        (used * 1000 / n) as u32
    }
}

/// The slots, in memory the kernel is asked to back with 2 MiB pages
/// (Linux's transparent huge pages on request, as Stockfish does). A probe
/// lands on a random slot: with 4 KiB pages nearly every probe also misses
/// the processor's address-translation cache, and a table walk in a
/// virtual machine costs as much as the memory access itself.
struct Slots {
    ptr: NonNull<Slot>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Slots` owns its memory like a `Box<[Slot]>`, and `Slot` is two
// atomics, shared between threads by design.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

/// Size of a huge page: tables at least this big are aligned to it.
const HUGE_PAGE: usize = 2 << 20;

impl Slots {
    /// `len` (at least 1) empty slots.
    fn zeroed(len: usize) -> Slots {
        let array = Layout::array::<Slot>(len).expect("table size fits the address space");
        let align = if array.size() >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            array.align()
        };
        let layout = array.align_to(align).expect("power-of-two alignment");
        // SAFETY: the layout has a non-zero size (len >= 1).
        let raw = unsafe { alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<Slot>()) else {
            handle_alloc_error(layout)
        };
        // Before the first write: the pages are made on first touch.
        advise_huge_pages(raw, layout.size());
        // SAFETY: `ptr` is valid for `len` slots, and all-zero bytes are
        // two atomics holding 0: an empty slot.
        unsafe { std::ptr::write_bytes(ptr.as_ptr(), 0, len) };
        Slots { ptr, len, layout }
    }
}

impl Deref for Slots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        // SAFETY: `ptr` holds `len` initialised slots for `self`'s life.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.ptr.as_ptr().cast::<u8>(), self.layout) };
    }
}

/// Asks Linux to back `len` bytes at `addr` with huge pages: a hint (the
/// C library's `madvise`, which the standard library links anyway); where
/// it is refused or unknown the pages are ordinary ones.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: *mut u8, len: usize) {
    use std::ffi::{c_int, c_void};
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    // SAFETY: the range is memory this table owns; the advice changes how
    // it is paged, never its contents. The result is ignored on purpose.
    unsafe { madvise(addr.cast::<c_void>(), len, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: *mut u8, _len: usize) {}

// Layout: move 0..16, score 16..32, eval 32..48, depth 48..56, bound 56..58,
// generation 58..64. A bound of 0 never occurs, so data != 0 marks a used
// slot.
fn pack(e: &Entry, generation: u8) -> u64 {
    u64::from(e.mv)
        | u64::from(e.score as u16) << 16
        | u64::from(e.eval as u16) << 32
        | u64::from(e.depth) << 48
        | (e.bound as u64) << 56
        | u64::from(generation & 0x3f) << 58
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        mv: (data & 0xffff) as u16,
        score: ((data >> 16) & 0xffff) as u16 as i16,
        eval: ((data >> 32) & 0xffff) as u16 as i16,
        depth: ((data >> 48) & 0xff) as u8,
        bound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mv: u16, score: i16, depth: u8, bound: Bound) -> Entry {
        Entry {
            mv,
            score,
            eval: -17,
            depth,
            bound,
        }
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let e = entry(0x1234, -31000, 7, Bound::Lower);
        tt.store(0xdead_beef_0000_0001, e);
        assert_eq!(tt.probe(0xdead_beef_0000_0001), Some(e));
        assert_eq!(tt.probe(0xdead_beef_0000_0002), None);
        for bound in [Bound::Upper, Bound::Lower, Bound::Exact] {
            let e = entry(1, 32000, 255, bound);
            assert_eq!(unpack(pack(&e, 63)), Some(e));
        }
    }

    #[test]
    fn evaluation_of_an_earlier_search_is_not_offered() {
        let tt = TranspositionTable::new(1);
        let e = entry(0x1234, 50, 7, Bound::Exact);
        tt.store(42, e);
        assert_eq!(tt.probe(42).map(|f| f.eval), Some(-17));
        tt.new_search();
        let found = tt.probe(42).expect("the entry itself survives");
        assert_eq!((found.mv, found.score, found.eval), (0x1234, 50, NO_EVAL));
    }

    #[test]
    fn shallow_entry_does_not_evict_deep_one_of_same_search() {
        let tt = TranspositionTable::new(1);
        let n = tt.slots.len() as u128;
        // Two keys mapping to the same slot.
        let a: u64 = 5;
        let b: u64 = a + 1;
        assert_eq!(tt.index(a), tt.index(b), "{n}");
        tt.store(a, entry(1, 10, 9, Bound::Exact));
        tt.store(b, entry(2, 20, 3, Bound::Exact));
        assert!(tt.probe(a).is_some());
        // A later search replaces it.
        tt.new_search();
        tt.store(b, entry(2, 20, 3, Bound::Exact));
        assert!(tt.probe(b).is_some());
        tt.clear();
        assert_eq!(tt.probe(b), None);
        assert_eq!(tt.hashfull(), 0);
    }

    /// An entry whose every field is a function of the key, so a reader
    /// can tell a torn slot from a sound one.
    fn entry_of(key: u64) -> Entry {
        entry(
            key as u16,
            (key >> 16) as i16,
            (key >> 32) as u8,
            [Bound::Upper, Bound::Lower, Bound::Exact][(key % 3) as usize],
        )
    }

    #[test]
    fn threads_sharing_a_table_never_read_a_torn_entry() {
        // A tiny table, so the threads keep overwriting each other's slots.
        let tt = TranspositionTable::new(1);
        let slots = tt.slots.len() as u64;
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    let mut key = thread.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                    let mut hits = 0;
                    for _ in 0..200_000 {
                        key ^= key << 13;
                        key ^= key >> 7;
                        key ^= key << 17;
                        // Keys crowd into the first 64 slots.
                        let k = key % 64 * (u64::MAX / slots) + (key >> 58);
                        tt.store(k, entry_of(k));
                        if let Some(found) = tt.probe(k) {
                            assert_eq!(found, entry_of(k), "key {k:#x}");
                            hits += 1;
                        }
                    }
                    assert!(hits > 0);
                });
            }
        });
    }
}
