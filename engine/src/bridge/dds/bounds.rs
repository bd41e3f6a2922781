//! Cheap sure bounds at the start of a trick, which end most branches
//! before any card is searched.
//!
//! Quick tricks: winners the side on lead can cash at once without losing
//! the lead. Later tricks: in a suit contract, the defenders' top trump is
//! a trick for them whatever happens.

use super::state::{Board, NO_TRUMP, suit_mask, top_bit};

/// Number of top cards of `all` (from the highest down) that `hand` holds
/// in an unbroken run.
#[inline]
fn top_run(hand: u16, all: u16) -> u32 {
    // The run ends at the highest card somebody else holds.
    let others = all & !hand;
    let run = if others == 0 {
        all.count_ones()
    } else {
        (all >> (top_bit(others) + 1)).count_ones()
    };
    debug_assert_eq!(run, top_run_slow(hand, all));
    run
}

/// Card-by-card twin of [`top_run`].
fn top_run_slow(hand: u16, all: u16) -> u32 {
    let mut run = 0;
    let mut rest = all;
    while rest != 0 {
        let r = top_bit(rest);
        if hand & (1 << r) == 0 {
            break;
        }
        run += 1;
        rest &= !(1u16 << r);
    }
    run
}

/// The `n`-th highest card (1-based) of a suit's rank mask, as a card bit.
#[inline]
fn nth_top(all: u16, n: u32, suit: usize) -> u64 {
    let mut m = all;
    for _ in 1..n {
        m &= !(1u16 << top_bit(m));
    }
    1u64 << (16 * suit + top_bit(m) as usize)
}

/// The winners one hand can cash from the top of one suit: how many, and
/// how many of the suit's top cards that count rests on.
#[derive(Clone, Copy, Default)]
struct Run {
    tricks: u32,
    tops: u32,
    /// Won by a finesse: from the second round on, the count rests on the
    /// top three cards.
    finesse: bool,
}

/// Tricks `seat` can cash from the top when on lead, per suit: each
/// winner led wins, and in a suit contract a side-suit winner only counts
/// for as many rounds as every defender holding trumps still follows.
fn suit_runs(board: &Board, seat: usize) -> [Run; 4] {
    let trump = board.trump;
    let lho = (seat + 1) & 3;
    let rho = (seat + 3) & 3;
    let partner = seat ^ 2;
    let has_trumps = |s: usize| trump != NO_TRUMP && suit_mask(board.hands[s], trump) != 0;
    // Asked once here rather than in every suit.
    let ruffers = [lho, rho].map(|def| (def, has_trumps(def)));
    let partner_ruffs = has_trumps(partner);
    let mut runs = [Run::default(); 4];
    for (suit, slot) in runs.iter_mut().enumerate() {
        let h = |s: usize| suit_mask(board.hands[s], suit);
        let all = suit_mask(board.held, suit);
        if all == 0 || h(seat) & (1 << top_bit(all)) == 0 {
            continue;
        }
        let top = top_run(h(seat), all);
        // Length winners: once the top cards have drawn every other
        // hand's cards of the suit, the rest of ours are winners too.
        let others = h(lho)
            .count_ones()
            .max(h(rho).count_ones())
            .max(h(partner).count_ones());
        let mut run = if others <= top {
            h(seat).count_ones()
        } else {
            top
        };
        if trump != NO_TRUMP && suit != trump {
            for (def, ruffs) in ruffers {
                if ruffs {
                    run = run.min(h(def).count_ones());
                }
            }
            // Partner, once out of the suit, might have nothing but trumps
            // and be forced to ruff (taking the lead): count only the
            // rounds partner follows.
            if partner_ruffs {
                run = run.min(h(partner).count_ones());
            }
        }
        // The winners rest on the top cards only (lengths are part of
        // every position's key); once the top cards have drawn every
        // other hand's cards, the rest win by length whatever their ranks.
        // A suit nobody else holds wins on the lengths alone, which
        // every key carries: no card of it in the entry, which then
        // stands for more positions (session 41: callgrind `turbobridge
        // bench --only tables --deals 10` 9,428,343,269 -> 8,854,808,025
        // instructions, -6.1%, trick nodes 4,256,696 -> 4,010,380;
        // `--only cards --deals 40` 11,710,546,516 -> 11,060,544,680,
        // -5.5%, 5,215,502 -> 4,947,935).
        let tops = if others <= top { others } else { top };
        *slot = Run {
            tricks: run,
            tops,
            finesse: false,
        };
    }
    runs
}

/// Total of some suits' counts, and the cards that reach `need` with the
/// fewest suits (longest first) and the fewest rounds of the last one, so
/// that the bound holds in as many positions as possible (no cards when
/// the total falls short of `need`).
fn total_and_cards(board: &Board, runs: [Run; 4], need: u32) -> (u32, u64) {
    let total = runs.iter().map(|r| r.tricks).sum();
    // Short of `need` the count settles nothing, and no caller reads the
    // cards.
    if total < need {
        return (total, 0);
    }
    let mut order = [0usize, 1, 2, 3];
    order.sort_unstable_by_key(|&suit| std::cmp::Reverse(runs[suit].tricks));
    let mut rel = 0u64;
    let mut got = 0;
    for suit in order {
        let run = runs[suit];
        if got >= need || run.tricks == 0 {
            break;
        }
        let rounds = run.tricks.min(need - got);
        let all = suit_mask(board.held, suit);
        let tops = if run.finesse && rounds >= 2 {
            3
        } else {
            rounds.min(run.tops)
        };
        if tops > 0 {
            rel |= nth_top(all, tops, suit);
        }
        got += run.tricks;
    }
    (total, rel)
}

/// Sure tricks for the side on lead at a trick start: the leader's own
/// cashable winners, or, when the leader can reach partner in a suit where
/// partner holds the top card, the leader's winners in some suits and then
/// partner's in the others.
/// `need` is the count that would settle the question at hand: the
/// winning ranks returned are those of enough suits to reach it.
///
/// Tried and not kept (session 35): a ceiling first, each suit headed by
/// the leader or partner counted as the longer of their holdings plus a
/// trick for a ruff, the count skipped when that falls short of `need`.
/// It rarely does (`need` is mostly small): 0.3% fewer instructions
/// (cachegrind, `turbobridge bench --only tables --deals 3`, 2,609,367,924
/// -> 2,600,603,228; `--only cards --deals 10` 2,398,796,302 ->
/// 2,391,467,107), too little for a second rule to keep in step.
///
/// Nor (session 40) DDS's trumps drawn first: the leader cashes its top
/// trumps, each round taking one from every hand holding any, and then
/// counts its side-suit winners with only the hands still holding trumps
/// as ruffers (the drawing trumps added to the cards it rests on). Trick
/// nodes of `turbobridge bench` (200 fixture deals) tables 116,556,723 ->
/// 116,294,757 (-0.2%), all-cards 27,689,979 -> 27,633,853 (-0.2%), but
/// callgrind `bench --only tables --deals 10` 9,443,131,638 ->
/// 9,522,220,637 instructions (+0.8%), `--only cards --deals 40`
/// 11,995,764,705 -> 12,185,315,930 (+1.6%).
pub(crate) fn quick_tricks(board: &Board, need: u32) -> (u32, u64) {
    if need == 1
        && let Some(rel) = cashable_winner(board)
    {
        // A ruff in partner's hand rests on the lengths alone.
        return (
            1,
            if rel != 0 && ruff_to_partner(board) {
                0
            } else {
                rel
            },
        );
    }
    let leader = board.leader;
    let ruff = u32::from(ruff_to_partner(board));
    let mine = suit_runs(board, leader);
    let own = total_and_cards(board, mine, need.saturating_sub(ruff));
    let mut best = (own.0 + ruff, own.1);
    if best.0 >= need {
        return best;
    }
    if let Some(cross) = crossing_tricks(board, need, &mine)
        && cross.0 > best.0
    {
        best = cross;
        if best.0 >= need {
            return best;
        }
    }
    if let Some(split) = split_tops_tricks(board, need, &mine)
        && split.0 > best.0
    {
        best = split;
    }
    best
}

/// One trick for the side on lead when that settles the question: the
/// top card of a suit the leader holds, led at once, where no defender
/// can ruff (partner may: the trick is ours either way). A suit nobody
/// else holds comes first: it wins on the lengths alone.
///
/// Asked before the whole count at need 1 (session 41), the same
/// answers found sooner, resting on one card or none: callgrind
/// `turbobridge bench --only tables --deals 10` 9,491,165,410 ->
/// 9,428,343,269 instructions (-0.7%, trick nodes 4,301,311 ->
/// 4,256,696), `--only cards --deals 40` 11,810,242,207 ->
/// 11,710,546,516 (-0.8%, 5,271,769 -> 5,215,502). Not kept: any suit
/// the defenders are out of and cannot ruff (partner holding some of it
/// too) resting on the lengths alone, not only one nobody else holds:
/// trick nodes -0.15% on both benches, but instructions 8,854,808,025 ->
/// 8,892,835,921 (+0.4%) and 11,060,544,680 -> 11,126,440,936 (+0.6%).
fn cashable_winner(board: &Board) -> Option<u64> {
    let leader = board.leader;
    let mut found = None;
    for suit in 0..4 {
        let mine = suit_mask(board.hands[leader], suit);
        let all = suit_mask(board.held, suit);
        if mine == 0 || mine >> top_bit(all) & 1 == 0 {
            continue;
        }
        if defender_ruffs(board, suit) {
            continue;
        }
        if all == mine {
            return Some(0);
        }
        if found.is_none() {
            found = Some(1u64 << (16 * suit + top_bit(all) as usize));
        }
    }
    if found.is_some() {
        return found;
    }
    // Else a small card to partner's top card, as [`crossing_tricks`]
    // finds it: callgrind 8,854,808,025 -> 8,817,721,638 instructions
    // (-0.4%) and 11,060,544,680 -> 10,999,086,611 (-0.6%) on the two
    // benches above, trick nodes 4,010,380 -> 4,009,827 and 4,947,935 ->
    // 4,946,775.
    let partner = leader ^ 2;
    (0..4).find_map(|suit| {
        let all = suit_mask(board.held, suit);
        let reaches = suit_mask(board.hands[leader], suit) != 0
            && suit_mask(board.hands[partner], suit) >> top_bit(all) & 1 != 0
            && !defender_ruffs(board, suit);
        reaches.then(|| 1u64 << (16 * suit + top_bit(all) as usize))
    })
}

/// Whether a defender of the side on lead is out of `suit` and holds a
/// trump, so that a winner led in it may be ruffed.
fn defender_ruffs(board: &Board, suit: usize) -> bool {
    let trump = board.trump;
    trump != NO_TRUMP
        && suit != trump
        && [(board.leader + 1) & 3, (board.leader + 3) & 3]
            .iter()
            .any(|&d| suit_mask(board.hands[d], suit) == 0 && suit_mask(board.hands[d], trump) != 0)
}

/// The leader's winners in some suits, then partner's after crossing to
/// partner's top card in a suit where the leader holds a card.
fn crossing_tricks(board: &Board, need: u32, mine: &[Run; 4]) -> Option<(u32, u64)> {
    let leader = board.leader;
    let partner = leader ^ 2;
    // A suit in which the leader can reach partner's top card.
    let reach = (0..4).find(|&suit| {
        let mine = suit_mask(board.hands[leader], suit);
        let pards = suit_mask(board.hands[partner], suit);
        let all = suit_mask(board.held, suit);
        let ruffed = board.trump != NO_TRUMP
            && suit != board.trump
            && [(leader + 1) & 3, (leader + 3) & 3].iter().any(|&d| {
                suit_mask(board.hands[d], suit) == 0 && suit_mask(board.hands[d], board.trump) != 0
            });
        mine != 0 && pards != 0 && top_bit(pards) == top_bit(all) && !ruffed
    });
    let cross = reach?;
    // The crossing rests on partner's top card of that suit.
    let entry = 1u64 << (16 * cross + top_bit(suit_mask(board.hands[partner], cross)) as usize);
    let mut theirs = suit_runs(board, partner);
    if let Some(finesse) = finesse_over_lho(board, cross)
        && finesse.tricks > theirs[cross].tricks
    {
        theirs[cross] = finesse;
    }
    // Each suit is cashed by one hand: the leader's first (keeping a card
    // of the crossing suit), then partner's after the crossing.
    let mut split = [Run::default(); 4];
    let mut leader_cashes = [false; 4];
    for suit in 0..4 {
        if suit != cross && mine[suit].tricks > theirs[suit].tricks {
            split[suit] = mine[suit];
            leader_cashes[suit] = true;
        } else {
            split[suit] = theirs[suit];
        }
    }
    // Partner must find a discard for each round of the leader's suits he
    // cannot follow, without throwing a counted winner.
    let (mut discards, mut spare) = (0, 0);
    for suit in 0..4 {
        let len = suit_mask(board.hands[partner], suit).count_ones();
        if leader_cashes[suit] {
            discards += split[suit].tricks.saturating_sub(len);
            spare += len.saturating_sub(split[suit].tricks);
        } else {
            spare += len - theirs[suit].tricks.min(len);
        }
    }
    let (count, rel) = if discards <= spare {
        total_and_cards(board, split, need)
    } else {
        total_and_cards(board, theirs, need)
    };
    Some((count, rel | entry))
}

/// DDS's finesse in the crossing suit: partner holds the top and third
/// cards with the second in front of them, at the leader's left. The leader
/// leads the suit, and partner wins whatever that defender plays and then
/// cashes the other honour: two tricks (and in notrump the rest of
/// partner's cards when the others are then out of the suit).
fn finesse_over_lho(board: &Board, suit: usize) -> Option<Run> {
    let leader = board.leader;
    let (lho, partner, rho) = ((leader + 1) & 3, leader ^ 2, (leader + 3) & 3);
    let h = |s: usize| suit_mask(board.hands[s], suit);
    let all = suit_mask(board.held, suit);
    if all.count_ones() < 3 {
        return None;
    }
    let top = top_bit(all);
    let second = top_bit(all & !(1u16 << top));
    let third = top_bit(all & !(1u16 << top) & !(1u16 << second));
    if h(partner) >> top & 1 == 0 || h(lho) >> second & 1 == 0 || h(partner) >> third & 1 == 0 {
        return None;
    }
    let trump = board.trump;
    let ruffers = trump != NO_TRUMP
        && suit != trump
        && [lho, rho]
            .iter()
            .any(|&d| suit_mask(board.hands[d], trump) != 0);
    if ruffers && (h(lho).count_ones() < 2 || h(rho).count_ones() < 2) {
        return None;
    }
    let (lo, ll, lr, lp) = (
        h(leader).count_ones(),
        h(lho).count_ones(),
        h(rho).count_ones(),
        h(partner).count_ones(),
    );
    let tricks = if !ruffers && lo <= 2 && ll <= 2 && lr <= 2 {
        lp.max(2)
    } else {
        2
    };
    Some(Run {
        tricks,
        tops: 3,
        finesse: true,
    })
}

/// DDS's split honours: the two top cards of a suit divided
/// between the leader and partner, each with a small card beside it, make
/// two tricks (the top card first, then a small card over to the other
/// honour, or a small card to partner's honour and back); and when the
/// defenders then have none left and one of the two hands is exhausted,
/// the longer hand's other cards too (the shorter hand wins its honour
/// second, so that the longer ends on lead). The leader cashes own
/// winners first only in suits partner follows to throughout.
fn split_tops_tricks(board: &Board, need: u32, mine: &[Run; 4]) -> Option<(u32, u64)> {
    let leader = board.leader;
    let partner = leader ^ 2;
    let trump = board.trump;
    let defenders = [(leader + 1) & 3, (leader + 3) & 3];
    let trumps = |seat: usize| trump != NO_TRUMP && suit_mask(board.hands[seat], trump) != 0;
    let mut best: Option<(u32, u64)> = None;
    for suit in 0..4 {
        let h = |s: usize| suit_mask(board.hands[s], suit);
        let (own, pards) = (h(leader), h(partner));
        if own.count_ones() < 2 || pards.count_ones() < 2 {
            continue;
        }
        let all = suit_mask(board.held, suit);
        let (lo, lp) = (own.count_ones(), pards.count_ones());
        let longest = defenders.map(|d| h(d).count_ones());
        // A side suit in a trump contract: every round counted must be
        // followed by each defender holding a trump.
        let side = trump != NO_TRUMP && suit != trump;
        let ruffers = side && defenders.iter().any(|&d| trumps(d));
        // The side's top cards down to the defenders' length, both hands
        // holding some of them and each hand at least that long: each
        // hand wins its share while the other plays small, a small card
        // crosses between them, and once the defenders are void the
        // longer hand, ending on lead, cashes the rest.
        let drawn = longest[0].max(longest[1]).max(2);
        let shared = !ruffers && drawn <= lo.min(lp) && top_run(own | pards, all) >= drawn && {
            let upper = !(suit_mask(nth_top(all, drawn, suit), suit) - 1);
            own & upper != 0 && pards & upper != 0
        };
        let (tricks, rests_on) = if shared {
            (lo.max(lp), drawn)
        } else {
            let top = top_bit(all);
            let second = top_bit(all & !(1u16 << top));
            let split = (own >> top & 1) + (own >> second & 1) == 1
                && (pards >> top & 1) + (pards >> second & 1) == 1;
            let ruffed = side
                && defenders
                    .iter()
                    .zip(longest)
                    .any(|(&d, n)| n < 2 && trumps(d));
            if !split || ruffed {
                continue;
            }
            (2, 2)
        };
        // The leader cashes own winners first; partner discards on the
        // rounds it cannot follow, from cards it needs neither for this
        // suit nor to follow the leader's other suits, or else the leader
        // keeps to suits partner follows throughout.
        let mut runs = *mine;
        runs[suit].tricks = 0;
        let plen = |s: usize| suit_mask(board.hands[partner], s).count_ones();
        let (mut discards, mut spare) = (0, 0);
        for other in (0..4).filter(|&s| s != suit) {
            discards += runs[other].tricks.saturating_sub(plen(other));
            spare += plen(other).saturating_sub(runs[other].tricks);
        }
        if discards > spare {
            for (other, run) in runs.iter_mut().enumerate() {
                if plen(other) < run.tricks {
                    run.tricks = 0;
                }
            }
        }
        let (total, rel) = total_and_cards(board, runs, need.saturating_sub(tricks));
        let count = (total + tricks, rel | nth_top(all, rests_on, suit));
        if best.is_none_or(|b| count.0 > b.0) {
            best = Some(count);
        }
    }
    best
}

/// After cashing, the leader can still lead a side suit that partner ruffs
/// and no defender can overruff or ruff first: one more trick. (The suit
/// must not be one the leader cashes in, and the cashing never makes
/// partner or a defender with trumps shorten it: they all follow suit.)
fn ruff_to_partner(board: &Board) -> bool {
    let trump = board.trump;
    if trump == NO_TRUMP {
        return false;
    }
    let leader = board.leader;
    let partner = leader ^ 2;
    let trumps = |s: usize| suit_mask(board.hands[s], trump) != 0;
    // Partner follows to every round of trumps the leader cashes and must
    // still hold one.
    let t = |s: usize| suit_mask(board.hands[s], trump);
    let drawn = top_run(t(leader), suit_mask(board.held, trump));
    if t(partner).count_ones() <= drawn {
        return false;
    }
    (0..4).filter(|&suit| suit != trump).any(|suit| {
        let h = |s: usize| suit_mask(board.hands[s], suit);
        h(leader) != 0
            && h(partner) == 0
            && [(leader + 1) & 3, (leader + 3) & 3]
                .iter()
                .all(|&d| h(d) != 0 || !trumps(d))
    })
}

/// Upper bound on the tricks the side on lead can take at a trick start,
/// with the cards it rests on: those that keep the side below `need`
/// when the bound does. `lengths` is [`trump_length_tricks`] of the
/// board, which the caller has at hand.
pub(crate) fn later_tricks_cap(
    board: &Board,
    tricks_left: u32,
    need: u32,
    lengths: Option<(u32, u32)>,
) -> (u32, u64) {
    let (mut cap, mut rel) = top_trump_cap(board, tricks_left, need);
    if let Some((_, most)) = lengths
        && most <= cap
    {
        (cap, rel) = (most, 0);
    }
    if cap == tricks_left
        && let Some(lost) = lead_is_lost(board)
            .or_else(|| topped_suits_fall_short(board, tricks_left))
            .or_else(|| guarded_trump_trick(board))
    {
        cap = tricks_left - 1;
        rel = lost;
    }
    (cap, rel)
}

/// DDS's later-tricks rule for a side that heads the trumps but wants
/// every trick: a defender's guarded second-best trump makes a trick when
/// it sits over the top trump (the side leads every trick it wins, so the
/// defender always plays after that card and can duck it once), and so do
/// the second- and third-best trumps both with the defenders (the top
/// trump can take only one of them). Returns the top trumps this rests on.
fn guarded_trump_trick(board: &Board) -> Option<u64> {
    let trump = board.trump;
    if trump == NO_TRUMP {
        return None;
    }
    let t = |s: usize| suit_mask(board.hands[s], trump);
    let all = suit_mask(board.held, trump);
    if all.count_ones() < 2 {
        return None;
    }
    let leader = board.leader;
    let owner = |rank: u8| (0..4).find(|&s| t(s) >> rank & 1 != 0).unwrap_or(leader);
    let top = top_bit(all);
    let holder = owner(top);
    if holder & 1 != leader & 1 {
        return None;
    }
    let second = top_bit(all & !(1u16 << top));
    let guard = owner(second);
    if guard & 1 == leader & 1 || t(guard).count_ones() < 2 {
        return None;
    }
    if guard == (holder + 1) & 3 {
        return Some(nth_top(all, 2, trump));
    }
    let rest = all & !(1u16 << top) & !(1u16 << second);
    if rest != 0 && owner(top_bit(rest)) & 1 != leader & 1 {
        return Some(nth_top(all, 3, trump));
    }
    None
}

/// DDS's later-tricks rule for the side on lead wanting every trick, with
/// no trumps in play: each trick is then led by that side and won in the
/// suit led, and a suit can be led at most as often as the longer of the
/// two hands holds it (both must follow). Counting only the suits the side
/// heads, if those rounds fall short of the tricks left, some trick has to
/// be led in a suit the defenders head, and they win it. Returns the
/// defenders' top cards this rests on (a suit the side heads can only
/// lose its top card in a matching position, which shortens the count).
fn topped_suits_fall_short(board: &Board, tricks_left: u32) -> Option<u64> {
    let trump = board.trump;
    if trump != NO_TRUMP && board.hands.iter().any(|&h| suit_mask(h, trump) != 0) {
        return None;
    }
    let leader = board.leader;
    let partner = leader ^ 2;
    let mut rounds = 0;
    let mut rel = 0u64;
    for suit in 0..4 {
        let h = |s: usize| suit_mask(board.hands[s], suit);
        let all = suit_mask(board.held, suit);
        if all == 0 {
            continue;
        }
        let top = top_bit(all);
        if (h(leader) | h(partner)) & (1 << top) != 0 {
            rounds += h(leader).count_ones().max(h(partner).count_ones());
        } else if (0..4).all(|s| h(s) == 0 || h(s) & (1 << top) != 0) {
            // Only the defender heading the suit holds it: its lengths
            // alone keep it theirs.
        } else {
            rel |= 1u64 << (16 * suit + top as usize);
        }
    }
    (rounds < tricks_left).then_some(rel)
}

/// Every suit the leader can lead is headed by a defender's card that
/// nobody on the leader's side can ruff: the defenders win this trick.
/// Returns the top cards this rests on.
fn lead_is_lost(board: &Board) -> Option<u64> {
    let leader = board.leader;
    let partner = leader ^ 2;
    let trump = board.trump;
    let partner_trumps = trump != NO_TRUMP && suit_mask(board.hands[partner], trump) != 0;
    let mut rel = 0u64;
    for suit in 0..4 {
        let mine = suit_mask(board.hands[leader], suit);
        if mine == 0 {
            continue;
        }
        let pards = suit_mask(board.hands[partner], suit);
        let all = suit_mask(board.held, suit);
        let top = top_bit(all);
        if (mine | pards) & (1 << top) != 0 {
            return None;
        }
        if suit != trump && pards == 0 && partner_trumps {
            return None;
        }
        rel |= 1u64 << (16 * suit + top as usize);
    }
    Some(rel)
}

/// In a suit contract, the defenders' top trump (and the trumps right
/// below it in the same hand) take a trick each, whatever happens.
fn top_trump_cap(board: &Board, tricks_left: u32, need: u32) -> (u32, u64) {
    let trump = board.trump;
    if trump == NO_TRUMP {
        return (tricks_left, 0);
    }
    let leader = board.leader;
    let t = |s: usize| suit_mask(board.hands[s], trump);
    let all = suit_mask(board.held, trump);
    if all == 0 {
        return (tricks_left, 0);
    }
    let top = top_bit(all);
    let ours = t(leader) | t(leader ^ 2);
    if ours & (1 << top) != 0 {
        return (tricks_left, 0);
    }
    // The defender with the top trump also makes the next ones he holds in
    // an unbroken run: each is the highest trump left when it is played.
    let holder = if t((leader + 1) & 3) & (1 << top) != 0 {
        (leader + 1) & 3
    } else {
        (leader + 3) & 3
    };
    let mut run = top_run(t(holder), all);
    // DDS's later tricks: the second-best trump with the other defender
    // also wins, unless both are singletons that can fall together.
    let other = holder ^ 2;
    let below = all & !(1u16 << top);
    if run == 1
        && below != 0
        && t(other) & (1u16 << top_bit(below)) != 0
        && (t(holder).count_ones() > 1 || t(other).count_ones() > 1)
    {
        run = 2;
    }
    // When fewer of those trumps already keep the side on lead below
    // `need`, only they count.
    let enough = (tricks_left + 1).saturating_sub(need).max(1);
    (
        tricks_left.saturating_sub(run),
        nth_top(all, run.min(enough), trump),
    )
}

/// Second hand to play, with one card led: does second hand's side win
/// this trick whatever the third hand does? Returns the card the win rests
/// on (our top card of the suit, or our top trump when ruffing).
pub(crate) fn second_hand_wins(board: &Board) -> Option<u64> {
    let seat = board.to_move();
    let partner = seat ^ 2;
    let third = (seat + 1) & 3;
    let trump = board.trump;
    let (led, _) = board.winning();
    let suit = usize::from(led >> 4);
    let h = |s: usize, suit: usize| suit_mask(board.hands[s], suit);
    let third_ruffs =
        trump != NO_TRUMP && suit != trump && h(third, suit) == 0 && h(third, trump) != 0;
    let (mine, pards) = (h(seat, suit), h(partner, suit));
    // Partner, last to play, ruffs: third hand follows suit or holds no
    // trumps, so it cannot overruff first (lengths alone).
    if trump != NO_TRUMP && suit != trump && pards == 0 && h(partner, trump) != 0 && !third_ruffs {
        return Some(0);
    }
    if mine != 0 {
        // Following: our side's top card of the suit beats the led card and
        // third hand's, and third hand cannot ruff. Partner's top card only
        // counts if partner can play it (holds the suit).
        let ours = mine | pards;
        let top = top_bit(ours);
        let beaten = (1u16 << (led & 15)) | h(third, suit);
        if third_ruffs || top < top_bit(beaten) {
            return None;
        }
        return Some(1u64 << (16 * suit + top as usize));
    }
    if trump == NO_TRUMP || suit == trump || h(seat, trump) == 0 {
        return None;
    }
    // Ruffing: third hand must follow suit or hold no trumps; partner
    // (last to play) never overruffs us. Any trump wins then: the win
    // rests on suit lengths alone.
    if third_ruffs {
        return None;
    }
    Some(0)
}

/// Second hand to play, when second hand's side surely wins this trick
/// (see [`second_hand_wins`]): does it take `need` tricks in a row? In
/// notrump the hand that wins this trick keeps the lead and cashes on:
/// the next card of the suit led when it also holds that, the top card of
/// each other suit it heads, and every card of a suit nobody else holds
/// (DDS's second-hand quick tricks). In a suit contract (DDS counts only
/// this trick there) only a second trick is sought, when `need` is 2
/// ([`second_trick_in_suit_contract`]). Returns the cards the count rests
/// on.
///
/// The whole count in a suit contract was tried and not kept (session
/// 33): the winner cashing the next round of the suit led, its top trumps
/// and each other suit's top card, a round counting only when every
/// opponent holding trumps and our other hand (unless out of trumps)
/// still follow: 1.4% fewer trick nodes in the tables of the first 30
/// fixture deals and 1.3% fewer in the all-cards solves of the first 100,
/// but the same instructions (cachegrind, `turbobridge bench --only
/// tables --deals 3`: 2,774,880,048 -> 2,771,695,926): the test at every
/// second hand costs what the cut saves. Asked only when `need` is 2, it
/// was 1.0% fewer instructions on those 3 tables, but CPU time on the
/// loaded machine could not tell. Written anew in session 38, resting on
/// the fewest cards (a suit the opponents are out of first, on lengths
/// alone; then one top card of another suit; the suit led last): trick
/// nodes of `turbobridge bench` (200 fixture deals) tables 119,405,701 ->
/// 117,957,254 (-1.2%), all-cards 28,177,748 -> 27,968,776 (-0.7%), 0
/// tables differ; instructions (callgrind) `bench --only tables --deals
/// 10` 10,037,802,091 -> 9,973,805,296 (-0.6%), `--only cards --deals 40`
/// 12,866,379,924 -> 12,775,698,449 (-0.7%). The first version, the suit
/// led tried first and no lengths-only case, searched more (+0.6% and
/// +1.1% trick nodes): the bound's cards weigh more than the cut. The
/// notrump count in the same order (it took the suit led first, then the
/// suits in turn): trick nodes tables 117,957,254 -> 117,731,187,
/// all-cards 27,968,776 -> 27,925,833; instructions -0.16% and -0.28%
/// (the same two callgrind runs: 9,958,068,389 and 12,739,909,533). Then
/// with our side ruffing this trick too (the ruffer keeping its top trump
/// when it holds two): trick nodes tables 117,731,187 -> 116,556,723
/// (-1.0%), all-cards 27,925,833 -> 27,689,979 (-0.8%); instructions
/// 9,958,068,389 -> 9,802,497,237 (-1.6%) and 12,739,909,533 ->
/// 12,688,030,542 (-0.4%).
pub(crate) fn second_hand_tricks(board: &Board, need: u32) -> Option<u64> {
    let mut rel = second_hand_wins(board)?;
    if need <= 1 {
        return Some(rel);
    }
    if board.trump != NO_TRUMP {
        return if need == 2 {
            second_trick_in_suit_contract(board).map(|more| rel | more)
        } else {
            None
        };
    }
    let seat = board.to_move();
    let partner = seat ^ 2;
    let (led, _) = board.winning();
    let suit = usize::from(led >> 4);
    let h = |s: usize, suit: usize| suit_mask(board.hands[s], suit);
    // In notrump second hand's side wins by following with its top card.
    let top = top_bit(h(seat, suit) | h(partner, suit));
    let winner = if h(seat, suit) & (1 << top) != 0 {
        seat
    } else {
        partner
    };
    let mut tricks = 1;
    let all = |suit: usize| h(0, suit) | h(1, suit) | h(2, suit) | h(3, suit);
    // Suits nobody else holds first (lengths alone), then the top cards of
    // the other suits, the suit led last: the count rests on the fewest
    // cards that reach `need`.
    let mut tops = 0u64;
    for other in (0..4).filter(|&s| s != suit) {
        let mine = h(winner, other);
        if mine == 0 {
            continue;
        }
        let cards = all(other);
        if cards == mine {
            tricks += mine.count_ones();
            if tricks >= need {
                return Some(rel);
            }
        } else if mine & (1 << top_bit(cards)) != 0 {
            tops |= 1u64 << (16 * other + top_bit(cards) as usize);
        }
    }
    while tops != 0 {
        let bit = tops & tops.wrapping_neg();
        tops ^= bit;
        tricks += 1;
        rel |= bit;
        if tricks >= need {
            return Some(rel);
        }
    }
    let rest = all(suit) & !(1u16 << top);
    if rest != 0 && h(winner, suit) & (1 << top_bit(rest)) != 0 {
        tricks += 1;
        rel |= 1u64 << (16 * suit + top_bit(rest) as usize);
    }
    (tricks >= need).then_some(rel)
}

/// Second hand to play in a suit contract, when our side surely wins this
/// trick (see [`second_hand_wins`]): does the hand that wins it surely
/// win the next trick too, on lead with a card no opponent can beat or
/// ruff? A suit the opponents are out of and cannot ruff, the top trump,
/// the top card of a side suit that each opponent holding trumps still
/// follows, or the next card of the suit led above the opponents' cards
/// of it. Returns the card that trick rests on.
fn second_trick_in_suit_contract(board: &Board) -> Option<u64> {
    let trump = board.trump;
    let seat = board.to_move();
    let partner = seat ^ 2;
    let third = (seat + 1) & 3;
    let leader = (seat + 3) & 3;
    let (lead, _) = board.winning();
    let led = usize::from(lead >> 4);
    let h = |s: usize, suit: usize| suit_mask(board.hands[s], suit);
    let (mine, pards) = (h(seat, led), h(partner, led));
    // Who wins this trick, as [`second_hand_wins`] has it: partner ruffing
    // last, else our top card of the suit led, else second hand ruffing
    // (with its lowest trump: a ruffer keeps its top trump when it holds
    // two).
    let (winner, top) = if pards == 0 && h(partner, trump) != 0 && led != trump {
        (partner, None)
    } else if mine != 0 {
        let top = top_bit(mine | pards);
        (if mine >> top & 1 != 0 { seat } else { partner }, Some(top))
    } else {
        (seat, None)
    };
    let spent = |suit: usize| top.is_none() && suit == trump;
    // Third hand follows suit here (a void third hand holds no trump, or
    // our side would not surely win): its other suits stay as they are.
    let ruffs = |def: usize, suit: usize| {
        suit != trump && h(def, trump) != 0 && {
            let left = h(def, suit).count_ones();
            // The leader has played already; third hand plays now.
            left <= u32::from(def == third && suit == led)
        }
    };
    let theirs = |suit: usize| h(leader, suit) | h(third, suit);
    let safe = |suit: usize| !ruffs(leader, suit) && !ruffs(third, suit);
    // A suit the opponents are out of wins on lengths alone; else the
    // top card of another suit, then the suit led again: the bound that
    // rests on the fewest cards keeps the table's entry general.
    let mut found = None;
    for suit in (0..4).filter(|&s| s != led) {
        let ours = h(winner, suit);
        if ours.count_ones() <= u32::from(spent(suit)) || !safe(suit) {
            continue;
        }
        if theirs(suit) == 0 {
            return Some(0);
        }
        let best = top_bit(ours);
        if found.is_none() && theirs(suit) >> best == 0 {
            found = Some(1u64 << (16 * suit + best as usize));
        }
    }
    if found.is_some() {
        return found;
    }
    let top = top?;
    let rest = h(winner, led) & !(1u16 << top);
    if rest != 0 && safe(led) {
        let next = top_bit(rest);
        if theirs(led) >> next == 0 {
            return Some(1u64 << (16 * led + next as usize));
        }
    }
    None
}

/// DDS's ruff in the short trump hand, when only the side on lead holds
/// trumps: the leader, with at least as many trumps as partner, leads a
/// suit partner is void in and partner ruffs it. That trick is one more
/// than the leader's trumps make, each on a trick of its own (lengths
/// alone).
fn ruff_in_short_hand(board: &Board) -> bool {
    let trump = board.trump;
    let leader = board.leader;
    let partner = leader ^ 2;
    let t = |seat: usize| suit_mask(board.hands[seat], trump).count_ones();
    t(partner) > 0
        && t(leader) >= t(partner)
        && (0..4).any(|suit| {
            suit != trump
                && suit_mask(board.hands[leader], suit) != 0
                && suit_mask(board.hands[partner], suit) == 0
        })
}

/// When only one side holds trumps, every trump of that side's longer
/// trump hand wins a trick: whenever it is played the trick is won by a
/// trump, and only that side has any. Returns the sure tricks and the most
/// tricks of the side on lead, or `None` when both sides hold trumps (or
/// in notrump). These rest on suit lengths alone.
pub(crate) fn trump_length_tricks(board: &Board) -> Option<(u32, u32)> {
    let trump = board.trump;
    if trump == NO_TRUMP {
        return None;
    }
    let leader = board.leader;
    let t = |s: usize| suit_mask(board.hands[s], trump).count_ones();
    let ours = t(leader).max(t(leader ^ 2));
    let theirs = t((leader + 1) & 3).max(t((leader + 3) & 3));
    let left = board.hands[leader].count_ones();
    match (ours, theirs) {
        (0, 0) => None,
        (0, theirs) => Some((0, left - theirs)),
        (ours, 0) => Some((ours + u32::from(ruff_in_short_hand(board)), left)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from four hands written "S.H.D.C" (North, East, South, West).
    fn board(hands: [&str; 4], trump: usize, leader: usize) -> Board {
        let parse = |hand: &str| {
            let mut set = 0u64;
            for (k, holding) in hand.split('.').enumerate() {
                let suit = 3 - k;
                for c in holding.chars() {
                    let rank = "23456789TJQKA".find(c).expect("rank") + 2;
                    set |= 1u64 << (16 * suit + rank);
                }
            }
            set
        };
        Board::new(hands.map(parse), trump, leader)
    }

    const SPADES: usize = 3;

    #[test]
    fn shared_top_cards_run_the_long_suit() {
        // North leads: NS hold the top diamonds between them (Q and J
        // split), East and West one diamond each: three diamond tricks
        // and the spade ace make four.
        let b = board(
            ["A98..Q76.T", "T7653.T.2.", ".J854.JT9.", "KQJ4..8.65"],
            NO_TRUMP,
            0,
        );
        let mine = suit_runs(&b, 0);
        assert_eq!(mine.iter().map(|r| r.tricks).sum::<u32>(), 3);
        assert!(quick_tricks(&b, 4).0 >= 4);
    }

    #[test]
    fn finesse_in_the_crossing_suit_makes_two() {
        // South leads a club towards North's Q-T over West's J-9: two club
        // tricks, then North's spades make two more.
        let b = board(["T9...QT", ".Q543..", ".AKJ..2", "8.9..J9"], NO_TRUMP, 2);
        assert!(quick_tricks(&b, 4).0 >= 4);
    }

    #[test]
    fn guarded_trump_over_the_ace_takes_a_trick() {
        // Spades trumps, North leads holding the ace; East's K-x sits over
        // it: North-South cannot take all three tricks, and the bound
        // rests on the ace and king alone.
        let b = board(["A2.K..", "K3.2..", "54.3..", ".AQ.2."], SPADES, 0);
        let (cap, rel) = later_tricks_cap(&b, 3, 3, trump_length_tricks(&b));
        assert_eq!(cap, 2);
        let top_two = (1u64 << (16 * SPADES + 14)) | (1u64 << (16 * SPADES + 13));
        assert_eq!(rel & !top_two, 0);
    }

    #[test]
    fn length_winners_rest_on_the_drawing_cards_only() {
        // North's A-K-Q-5-4 of spades against singletons: the ace draws
        // every other spade, so five tricks rest on the ace alone.
        let b = board(["AKQ54...", "3...", "2...", "6..."], NO_TRUMP, 0);
        let (tricks, rel) = quick_tricks(&b, 5);
        assert_eq!(tricks, 5);
        assert_eq!(rel, 1u64 << (16 * SPADES + 14));
    }

    #[test]
    fn a_suit_nobody_else_holds_rests_on_no_card() {
        // Notrump, North leads: North's three clubs are the only clubs
        // left, three tricks on the lengths alone; the fourth needs the
        // spade ace too.
        let b = board(["A...K84", "K.J.54.", "Q.4.A2.", "J.3.76."], NO_TRUMP, 0);
        assert_eq!(quick_tricks(&b, 3), (4, 0));
        assert_eq!(quick_tricks(&b, 4), (4, 1u64 << (16 * SPADES + 14)));
    }

    #[test]
    fn second_hand_wins_this_trick_and_the_next_with_the_top_trump() {
        // Spades trumps; West leads the club two. North's king wins the
        // trick (East and South follow), and North then cashes the ace of
        // trumps: two tricks, resting on those two cards.
        let mut b = board(["A...K3", "2...Q4", "..2.J5", "3...T2"], SPADES, 3);
        b.play(2);
        let king_ace = (1u64 << 13) | (1u64 << (16 * SPADES + 14));
        assert_eq!(second_hand_tricks(&b, 2), Some(king_ace));
        // A diamond ace instead: both opponents are out of diamonds with
        // trumps left and ruff it, and the clubs left are the opponents'.
        let mut b = board(["..A.K3", "2...Q4", "..2.J5", "3...T2"], SPADES, 3);
        b.play(2);
        assert_eq!(second_hand_tricks(&b, 1), Some(1u64 << 13));
        assert_eq!(second_hand_tricks(&b, 2), None);
    }

    #[test]
    fn second_hand_ruffing_low_keeps_the_top_trump_for_the_next_trick() {
        // Spades trumps; West leads the club two and North, void, ruffs
        // with the three: the ace of trumps makes the next trick.
        let mut b = board(["A3..2.", "2...Q4", "..3.J5", "4...T2"], SPADES, 3);
        b.play(2);
        let ace = 1u64 << (16 * SPADES + 14);
        assert_eq!(second_hand_tricks(&b, 2), Some(ace));
        // With the ace alone North ruffs with it, and West ruffs the
        // diamonds.
        let mut b = board(["A..32.", "2...Q4", "..3.J5", "4...T2"], SPADES, 3);
        b.play(2);
        assert_eq!(second_hand_tricks(&b, 1), Some(0));
        assert_eq!(second_hand_tricks(&b, 2), None);
    }

    #[test]
    fn partner_ruffing_last_wins_second_hands_trick() {
        // Hearts trumps; West leads a club, North follows, East (third)
        // follows too, South is void with trumps: North-South win it, on
        // suit lengths alone.
        let mut b = board(["..2.K", "...QJ", ".5.3.", "...A4"], 2, 3);
        b.play(4); // West's club four
        assert_eq!(second_hand_wins(&b), Some(0));
    }
}
