//! Transposition table on trick boundaries: partition search on relative
//! ranks.
//!
//! A bound found by the search depends only on the suit lengths of each
//! hand and on who holds the cards that *mattered*: those that won a trick
//! by outranking a card of their own suit, or were counted as sure
//! winners. The search reports them (the "winning ranks"); per suit, every
//! card from the top down to the lowest of them becomes part of the entry's
//! pattern, and the smaller cards count only by number. Any later position
//! with the same leader, trump, suit lengths and owners of those top cards
//! shares the bound, whatever the small cards are — this is what lets one
//! entry stand for thousands of positions (Ginsberg's partition search, as
//! DDS uses it). The table never needs clearing: a pattern is valid on any
//! deal.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use super::state::{Board, suit_mask, top_bit};

/// A trick-start position described for the table: suit lengths per hand,
/// and per suit the owners of the live cards (2 bits a card, the lowest
/// card in the lowest bits of the suit's 32-bit lane).
pub(crate) struct Shape {
    /// Group key: suit lengths, tricks left and leader (see [`Shape::of`]).
    group: u64,
    trump: usize,
    owners: u128,
}

/// The length bits of clubs, diamonds and hearts in `Lanes::lengths`
/// (spades' lengths, in the top 16 bits, follow from them at a trick
/// start: every hand holds one card per trick left).
const THREE_SUITS: u64 = (1 << 48) - 1;

impl Shape {
    pub fn of(board: &mut Board) -> Shape {
        let lanes = *board.lanes();
        let owners = lanes.owners;
        debug_assert_eq!(owners, Shape::owners_from_scratch(board));
        debug_assert_eq!(board.played, 0);
        // One 64-bit key rather than the lengths and a byte beside them:
        // the map's slots shrink from 40 to 32 bytes.
        let left = u64::from(board.hands[board.leader].count_ones());
        Shape {
            group: (lanes.lengths & THREE_SUITS) | left << 48 | (board.leader as u64) << 52,
            trump: board.trump,
            owners,
        }
    }

    /// Twin of the incremental owner lanes, card by card.
    fn owners_from_scratch(board: &Board) -> u128 {
        let mut owners = 0u128;
        for suit in 0..4 {
            let mut lane = 0u32;
            let mut k = 0;
            for rank in 0..16 {
                if let Some(seat) =
                    (0..4).find(|&s| suit_mask(board.hands[s], suit) >> rank & 1 != 0)
                {
                    lane |= (seat as u32) << (2 * k);
                    k += 1;
                }
            }
            owners |= u128::from(lane) << (32 * suit);
        }
        owners
    }
}

/// Pattern mask of the owners that matter: per suit, every card ranking at
/// or above the lowest relevant card (`rel`, a card set) of that suit.
fn pattern_mask(board: &Board, rel: u64) -> u128 {
    let all = board.held;
    let mut mask = 0u128;
    for suit in 0..4 {
        let r = suit_mask(rel, suit);
        if r == 0 {
            continue;
        }
        let low = r.trailing_zeros();
        let cards = suit_mask(all, suit);
        let k = (cards >> low).count_ones();
        if k == 0 {
            continue;
        }
        // The top `k` of the suit's `n` cards sit in lane bits 2(n-k)..2n.
        let n = cards.count_ones();
        let lane = ((1u64 << (2 * k)) - 1) << (2 * (n - k));
        mask |= u128::from(lane as u32) << (32 * suit);
    }
    mask
}

/// The relevant cards of a stored pattern, back in the current position:
/// the lowest of the top `k` cards of each suit. Found instead as the
/// suit's `n - k`-th lowest card with one [`super::bits::deposit`] (the
/// lane's lowest set bit gives `n - k`): 0.7% more instructions in all
/// (cachegrind, `turbobridge bench --only tables --deals 3`), `k` being
/// mostly one or two cards (session 35).
fn pattern_cards(board: &Board, mask: u128) -> u64 {
    let all = board.held;
    let mut rel = 0u64;
    for suit in 0..4 {
        let k = ((mask >> (32 * suit)) as u32).count_ones() / 2;
        let mut m = suit_mask(all, suit);
        for _ in 1..k {
            m &= !(1u16 << top_bit(m));
        }
        if k > 0 && m != 0 {
            rel |= 1u64 << (16 * suit + top_bit(m) as usize);
        }
    }
    rel
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

/// The pattern of an entry: the owners of the cards that mattered, and
/// which cards those are; and in the lanes' spare bits the questions the
/// entry answers, its answer and its best move: 32 bytes an entry, two to
/// a cache line.
///
/// Kept as 64-bit halves (8-byte alignment) rather than `u128`s, whose
/// 16-byte alignment padded each entry from 35 to 48 bytes: a scan reads
/// a sixth fewer cache lines. A lane holds two bits for each of at most 13
/// cards, so its top 6 bits (26-31) are free, in the owners and in the
/// mask alike; a match ignores them as long as no spare bit is set in
/// both. The owners' hold one bit per target, set when the entry answers
/// "North-South take at least `target`?" (targets 1-6 in the first lane,
/// 7-12 in the second, 13 in the third; see [`target_bit`]), so a scan
/// tests a bound with one shift of a word it reads anyway; the mask's
/// fourth lane holds the answer (bit 27 of its half) and the relative
/// best move plus one (0 = none; bits 58-63). Against 40-byte entries
/// with the bound in bytes beside the pattern (session 39; the same trick
/// nodes): callgrind `turbobridge bench --only tables --deals 10`
/// 9,586,465,655 -> 9,458,465,835 instructions (-1.3%), `--only cards
/// --deals 40` 12,393,733,275 -> 12,013,634,416 (-3.1%). The bound's
/// value and kind in the spare bits instead, compared as before, cost
/// +1.9% and +3.1% (9,770,542,091 and 12,774,721,902).
#[derive(Clone, Copy, Default)]
struct Key {
    owners: [u64; 2],
    mask: [u64; 2],
}

/// The owner lanes' bits proper, without the spare ones.
const LANE_BITS: u128 = 0x03ff_ffff * 0x0000_0001_0000_0001_0000_0001_0000_0001;
const REACHED_BIT: u64 = 1 << 27;
const BEST_SHIFT: u32 = 58;

/// Where an entry's owner lanes say whether it answers the question for
/// `target` (1-13): the half and the bit.
#[inline]
fn target_bit(target: u8) -> (usize, u32) {
    debug_assert!((1..=13).contains(&target));
    match target {
        1..=6 => (0, 25 + u32::from(target)),
        7..=12 => (0, 51 + u32::from(target)),
        _ => (1, 26),
    }
}

/// The owner-lane bits of the targets in `targets` (bit `t` for target
/// `t`, 1-13), at their [`target_bit`]s.
#[inline]
fn target_bits(targets: u16) -> [u64; 2] {
    let t = u64::from(targets);
    [
        (((t >> 1) & 63) << 26) | (((t >> 7) & 63) << 58),
        ((t >> 13) & 1) << 26,
    ]
}

impl Key {
    /// The cards that matter, as a mask of owner-lane bits.
    #[inline]
    fn mask(&self) -> u128 {
        (u128::from(self.mask[0]) | u128::from(self.mask[1]) << 64) & LANE_BITS
    }

    /// Do the `owners` of a position agree with this pattern?
    #[inline]
    fn matches(&self, owners: u128) -> bool {
        let (lo, hi) = (owners as u64, (owners >> 64) as u64);
        ((self.owners[0] ^ lo) & self.mask[0]) | ((self.owners[1] ^ hi) & self.mask[1]) == 0
    }

    /// Does the entry answer the question whose [`target_bit`] is
    /// `(half, bit)`?
    #[inline]
    fn answers(&self, (half, bit): (usize, u32)) -> bool {
        (self.owners[half] >> bit) & 1 != 0
    }

    /// The answer: North-South reach the target.
    #[inline]
    fn reached(&self) -> bool {
        self.mask[1] & REACHED_BIT != 0
    }

    /// Relative best move plus one (0 = none).
    #[inline]
    fn best(&self) -> u8 {
        (self.mask[1] >> BEST_SHIFT) as u8
    }
}

/// One group's entries, oldest first. Pattern and bound side by side: a
/// scan compares nine patterns in ten, and one list is one stream of
/// cache misses instead of two (1.4% fewer instructions on 3 fixture
/// deals than two parallel lists, and no slower).
#[derive(Default)]
struct Group {
    entries: Vec<Key>,
}

/// What the table settles about a question "North-South take at least
/// `target` tricks?".
pub(crate) enum Probe {
    /// Answered, with the cards the answer rests on.
    Known(bool, u64),
    /// Not answered; maybe a move to try first: the best move of an
    /// entry matching this position (`true`), or else of one of the same
    /// shape only (`false`).
    Unknown(Option<(u8, bool)>),
}

/// Entries grouped by suit lengths, leader and trump; within a group a
/// lookup scans the patterns, most recent first.
///
/// A probe is mostly waiting on memory (in perf, a third of its samples
/// on the map's slot and the first entry). Tried and not kept (issue 21,
/// 20 fixture deals, CPU seconds alternated five times, and instructions
/// of 3 deals under callgrind): an open-addressed array of groups of our
/// own with the next trick's slot prefetched at the fourth hand's cards
/// (+7% time without the prefetch, +11% with it, the prefetch's own work
/// costing 9% more instructions); the bound packed into the owner lanes'
/// spare bits for 32-byte entries (+1.4%; session 39 packs them there
/// again, with the bound as a set of the targets it answers, see [`Key`]);
/// a ring or a double-length list
/// instead of dropping the oldest entry by shifting the others (0.2% fewer
/// instructions, +1.5% time). Also not kept (session 23, CPU seconds of
/// `turbobridge bench --deals 20` alternated four times): the lists of
/// the groups a clear empties kept for the next groups made, to spare
/// malloc, realloc and free their 2.5% of the samples (2.59 -> 2.79 s:
/// the reused lists, grown to the largest group's size, spread the
/// groups over more memory). Nor (session 24) an 8-byte summary per
/// entry scanned apart from the full patterns (the owners of each suit's
/// top three cards, fixed places within a group, the bound and the best
/// move; the full pattern read only when it reaches lower): the same
/// nodes, but 15% more CPU time (`turbobridge bench --deals 20`, four
/// runs alternated, 2.76 against 2.40 s) — the scan is not short of
/// memory bandwidth. Nor (session 25) moving an entry that answers
/// towards the newest end, so that the next probe meets it sooner: hits
/// scanned 6 entries instead of 14 and 0.6% fewer trick nodes on 60
/// all-cards solves, but moved to the end (a rotate) it cost 3% more CPU
/// time (`turbobridge bench --only cards --deals 100`, three runs
/// alternated, 3.72 against 3.62 s), and swapped with the newest one
/// 8% more (with 0.7% more nodes: the newest entry goes back).
/// Nor (session 31) the patterns and the bounds in two lists, so that a
/// scan reads a pattern only for an entry whose bound answers: 5.7% fewer
/// first-level cache misses but 2% more instructions (cachegrind, `bench
/// --only tables --deals 3`), and about half the entries scanned answer
/// (the pattern then read anyway), so the scan must branch on each one;
/// not faster in CPU time (with the move hint sought among the newest 16
/// entries; five runs alternated, 6.71 against 6.34 s).
/// Nor (session 39) the group looked up and its newest entry prefetched
/// before the owner lanes are worked out, so that memory and that work
/// overlap: 1.6% more instructions (callgrind, `turbobridge bench --only
/// tables --deals 10`, 9,586,465,655 -> 9,742,062,411; `--only cards
/// --deals 40` +1.6%) and no less CPU time (`--only tables --deals 10`,
/// five runs alternated, median 1.39 against 1.37 s).
pub(crate) struct Table {
    /// One map per trump strain (index 4: notrump): a strain's searches
    /// never match another strain's patterns, and with the strains apart
    /// the map a search walks stays small (a table's five strains share a
    /// solver): 4% less CPU time on `turbobridge bench --deals 20`, the
    /// same nodes. With the 32-byte slots as well, `dds_compare.py --deals
    /// 100 --repeat 2` gave full tables ours/DDS 0.875 against 0.939 for
    /// the solver before them, measured one after the other (all-cards
    /// 0.893 against 0.884: that bench clears the table for every deal,
    /// one strain each, and gains nothing here).
    groups: [HashMap<u64, Group, BuildMix>; 5],
    stored: usize,
    capacity: usize,
}

/// Patterns kept per group; the oldest is dropped beyond this. With the
/// bounds resting on fewer cards, more patterns of a group stay useful:
/// 256 searched 1.5% fewer trick nodes than 128 on the first 6 fixture
/// deals. 1024 rather than 256 (session 37): a group fills only in the
/// largest searches (the first 3 deals' tables never reach 256), where
/// we trail DDS most, and there dropping the oldest entry shifts the
/// whole list at each store: 1024 searches fewer nodes *and* costs fewer
/// instructions. `turbobridge bench` trick nodes, 200 fixture deals:
/// tables 122,394,095 -> 119,405,701 (-2.4%), all-cards 28,416,179 ->
/// 28,177,748 (-0.8%); instructions (callgrind) `bench --only tables
/// --deals 10` 10,165,671,836 -> 10,054,360,496 (-1.1%), `--only cards
/// --deals 40` 12,986,407,184 -> 12,885,543,438 (-0.8%); notrump solves
/// of deals 56-60 -11%, deal 10's clubs -9.8%. 2048 searches the same
/// as 1024 on those. (Session 23 had found 1024 no faster in CPU time,
/// `bench --deals 20`, which the larger groups hardly touch.) CPU time
/// could not tell on the loaded machine: `bench --only tables`, two runs
/// alternated, 33.2/33.1 s before, 30.9/35.7 after; `dds_compare.py
/// --repeat 1`, one run each, tables ours/DDS 0.658 before and 0.746
/// after, all-cards 0.716 and 0.674.
const GROUP_CAP: usize = 1024;

/// Multiplicative hasher for the group keys (already well mixed bits).
#[derive(Clone, Copy, Default)]
pub(crate) struct BuildMix;

pub(crate) struct Mix(u64);

impl BuildHasher for BuildMix {
    type Hasher = Mix;
    fn build_hasher(&self) -> Mix {
        Mix(0)
    }
}

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 31;
        h
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(29) ^ v).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }
    fn write_u8(&mut self, v: u8) {
        self.0 = (self.0.rotate_left(29) ^ u64::from(v)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }
}

impl Table {
    /// A table holding up to `2^bits` patterns (32 bytes each) before it
    /// starts afresh.
    pub fn new(bits: u32) -> Table {
        Table {
            groups: std::array::from_fn(|_| HashMap::with_hasher(BuildMix)),
            stored: 0,
            capacity: 1usize << bits.max(4),
        }
    }

    pub fn clear(&mut self) {
        self.groups.iter_mut().for_each(HashMap::clear);
        self.stored = 0;
    }

    /// Scans the group newest first for an entry that answers the
    /// question, testing each entry with no branch on its outcome (an
    /// unpredictable branch per entry: 5% less CPU time on `turbobridge
    /// bench --only cards --deals 100`, 2% on `--only tables --deals 30`,
    /// the same nodes; session 25). The move to try first comes from the
    /// newest entry alone: its best move, tried first when its pattern
    /// matches, else given the bonus of a position of the same shape.
    /// Looking further back for the best move of the newest matching entry
    /// (and of the newest entry with a best move, when the newest has
    /// none) found a worse first move: taking the newest entry's instead
    /// searches 1.2% fewer trick nodes in the tables of the first 30
    /// fixture deals (12,654,515 -> 12,503,192) and 1.5% fewer in the
    /// all-cards solves of the first 100 (15,277,999 -> 15,056,399), and
    /// the scan no longer branches on each entry until both moves turn up
    /// (session 31).
    #[inline]
    pub fn probe(&self, board: &Board, shape: &Shape, target: u8) -> Probe {
        let Some(group) = self.groups[shape.trump].get(&shape.group) else {
            return Probe::Unknown(None);
        };
        let entries = &group.entries;
        let Some((newest, rest)) = entries.split_last() else {
            return Probe::Unknown(None);
        };
        let question = target_bit(target);
        let matches = newest.matches(shape.owners);
        if matches && newest.answers(question) {
            return Probe::Known(newest.reached(), pattern_cards(board, newest.mask()));
        }
        for k in rest.iter().rev() {
            if k.answers(question) & k.matches(shape.owners) {
                return Probe::Known(k.reached(), pattern_cards(board, k.mask()));
            }
        }
        // A position of the same shape: its best move is a fair first
        // guess here too.
        Probe::Unknown(newest.best().checked_sub(1).map(|best| (best, matches)))
    }

    /// Records the answer to "North-South take at least `target`?" with the
    /// cards `rel` it rests on. An entry of the same pattern stays: the
    /// newer one, met first, is the tighter bound (looking for it cost more
    /// than the duplicates do).
    pub fn store(
        &mut self,
        board: &Board,
        shape: &Shape,
        target: u8,
        reached: bool,
        rel: u64,
        best: Option<u8>,
    ) {
        let mask = pattern_mask(board, rel);
        // Reached: every target up to this one is; else none from it up.
        let up_to = (2u16 << target) - 2;
        let targets = if reached {
            up_to
        } else {
            0x3ffe & !(up_to >> 1)
        };
        let spare = target_bits(targets);
        debug_assert_eq!(mask & !LANE_BITS, 0);
        let owners = shape.owners & mask;
        let extra = (u64::from(reached) * REACHED_BIT)
            | (u64::from(best.map_or(0, |b| b + 1)) << BEST_SHIFT);
        let key = Key {
            owners: [owners as u64 | spare[0], (owners >> 64) as u64 | spare[1]],
            mask: [mask as u64, (mask >> 64) as u64 | extra],
        };
        if self.stored >= self.capacity {
            self.clear();
        }
        let group = self.groups[shape.trump].entry(shape.group).or_default();
        if group.entries.len() >= GROUP_CAP {
            group.entries.remove(0);
        } else {
            self.stored += 1;
        }
        group.entries.push(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Deal;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// A bound resting on no card answers the questions it settles, and
    /// only those, with its best move kept for the others.
    #[test]
    fn an_entry_answers_exactly_the_targets_its_bound_settles() {
        let deal = Deal::random(&mut StdRng::seed_from_u64(3));
        for trump in [0, 4] {
            let mut board = Board::new(deal.hands.map(|h| h.0), trump, 1);
            for (reached, target) in [
                (true, 1),
                (true, 7),
                (true, 13),
                (false, 1),
                (false, 7),
                (false, 13),
            ] {
                let mut table = Table::new(10);
                let shape = Shape::of(&mut board);
                table.store(&board, &shape, target, reached, 0, Some(0x3c));
                for asked in 1..=13u8 {
                    let settled = if reached {
                        asked <= target
                    } else {
                        asked >= target
                    };
                    match table.probe(&board, &shape, asked) {
                        Probe::Known(answer, rel) => {
                            assert!(settled, "{reached} {target} answered {asked}");
                            assert_eq!((answer, rel), (reached, 0));
                        }
                        Probe::Unknown(hint) => {
                            assert!(!settled, "{reached} {target} left {asked} open");
                            assert_eq!(hint, Some((0x3c, true)));
                        }
                    }
                }
            }
        }
    }
}
