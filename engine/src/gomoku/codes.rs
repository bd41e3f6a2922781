//! Pattern codes: for every empty point, each direction and each side, the
//! shape a stone of that side there would make on that line (five, open
//! four, four, open three, three, open two, …), and the four directions
//! combined into a point class (Rapfi's `Pattern4`: five, open four,
//! four-three, double three, …). The classical engines (Rapfi, Yixin,
//! Embryo) generate and order moves and evaluate positions from these.
//!
//! A point's code in one direction depends only on the four points either
//! side of it on that line, so a stone changes the codes of at most 32
//! points (8 per direction): [`Codes::set`] updates them, and with them a
//! per-side sum of point values (the static evaluation). [`Codes::recompute`]
//! is the from-scratch twin.
//!
//! The shapes are read under freestyle (five or more wins). Under exact
//! five, renju and caro the real fours and threes are a subset of these,
//! so the codes are a prefilter there: callers confirm a claimed win with
//! [`Board::shape`](super::board::Board), which knows the rule.

use super::geometry::{Color, DIRECTIONS};

/// Shape on one line, weakest first.
pub const NONE: u8 = 0;
/// A lone stone with room for five only one way round.
pub const B1: u8 = 1;
pub const F1: u8 = 2;
/// A two that can become a three (`B3`) but not an open three.
pub const B2: u8 = 3;
/// An open two: one more stone makes an open three.
pub const F2: u8 = 4;
/// A three that can become a four but not an open four.
pub const B3: u8 = 5;
/// An open three: one more stone makes an open four.
pub const F3: u8 = 6;
/// A four: one point completes five.
pub const B4: u8 = 7;
/// An open four (or two fours on the line): two points complete five.
pub const F4: u8 = 8;
pub const F5: u8 = 9;
pub const LINE_SHAPES: usize = 10;

/// Point classes (Rapfi's `Pattern4`), weakest first.
pub const C_NONE: u8 = 0;
/// Twos and lone stones only.
pub const C_TWO: u8 = 1;
pub const C_FLEX2: u8 = 2;
pub const C_BLOCK3: u8 = 3;
pub const C_FLEX2_2X: u8 = 4;
pub const C_BLOCK3_PLUS: u8 = 5;
pub const C_FLEX3: u8 = 6;
pub const C_FLEX3_PLUS: u8 = 7;
pub const C_FLEX3_2X: u8 = 8;
pub const C_BLOCK4: u8 = 9;
pub const C_BLOCK4_PLUS: u8 = 10;
pub const C_BLOCK4_FLEX3: u8 = 11;
/// An open four or a double four: wins unless the opponent has a five.
pub const C_FLEX4: u8 = 12;
pub const C_FIVE: u8 = 13;
pub const CLASSES: usize = 14;

/// Worth of a point to the side to move by the shape a stone there makes
/// on each line, summed over the four lines; the class adds a bonus for
/// shapes that combine into a threat one line alone is not
/// ([`WAIT_SHAPE_VALUE`] and [`WAIT_CLASS_BONUS`] are the same for the
/// side that just moved). The static evaluation sums these over the empty
/// points (`search::evaluate`); `pbrain-turbo tune` fits them
/// (`gomoku::tune`).
///
/// Refitted (issue 24, session 40) because white lost its games against
/// Rapfi in the opening: on 20 random 3-stone openings (white to move,
/// one stone against two) the session-39 values judged white 34 to 396
/// points ahead where Rapfi has it 3 to 218 of its own points behind, and
/// ranked white's first replies against Rapfi's judgement of each (20,000
/// nodes) with a Spearman correlation of 0.55 (this fit: white -228 to
/// +128, correlation 0.62). Labels: the 5,000 below and 12,700 new ones
/// (`gomoku_label.py --nodes 20000`): 100 random openings with the
/// position after every reply within two points (`--openings 100
/// --opening-seed 90210 --count 0`, 4,700 positions; the last 20 openings,
/// those above, kept out of the fit), 4,000 positions of the eight Rapfi
/// match logs of sessions 38-39 (`--count 4000 --seed 11`) and 4,000 of
/// 1,000 fixed-node self-play games of sessions 38-39 (`--seed 13`),
/// shuffled together; `pbrain-turbo tune --iterations 4000 --l2 1e-7`
/// with the weak shapes (`shape[1]`-`[3]` and their `wait_` twins) held
/// as well: left free they fit to fractions of a point that count on
/// nearly every empty point, so that rounded to whole points the fit's
/// error went from 0.0434 to 0.065. Held-out error 0.0457 -> 0.0431
/// (fitted 0.0482 -> 0.0442). Bench 8193 -> 16089 nodes.
/// - Fixed-node self-play against main's build e71c92f (the command
///   below), seed 276: +115 =4 -81, 58.5 %, Elo +60 [+12, +110]; seed
///   278: +109 =2 -89, 55.0 %, Elo +35 [-13, +84]; the 400 games +224 =6
///   -170, 56.8 %, about Elo +47 [+13, +82].
/// - Against Rapfi-classical at 500 ms a move (the command below, `NEW
///   RAPFI`), seed 270: +11 =0 -19 where main's build scored +8 -22;
///   seed 272: +7 =1 -22 where main's build scored +7 -23 (one of its
///   wins Rapfi's timeout while tests were built); the 60 games +18 =1
///   -41 (30.8 %) against +15 -45 (25.0 %), inside the noise again. Every
///   win as black still (main's build won one as white, seed 270): the
///   opening replies are judged better, the white games are still lost.
///
/// Fitted and not played: a colour term (black's edge whichever side is
/// to move; it is the same in every position a search compares, so it
/// changes no move, only how the other weights are fitted), 69 points,
/// held-out error 0.0425 -> 0.0414 against the same fit without it.
///
/// Refitted and not kept (session 41): 9,700 more labels, white's second
/// and third moves (`gomoku_label.py --replies-at 5,7 --replies-games 90
/// --seed 17` on the eight Rapfi match logs of sessions 39-40: 180
/// positions of 5 and 7 stones, each with every reply within two points,
/// 30 of them held out), fitted as above with the colour term free (58;
/// no weight moved more than 15 points): held-out error, each set at its
/// own fitted scale, 0.0095 -> 0.0080 on those replies and 0.0430 ->
/// 0.0418 on the old set. Fixed-node self-play against main's build (the
/// command below, seed 280, 400 games): +193 =6 -201, 49.0 %, Elo -7
/// [-41, +27]; white's games were not better (new build as white +44 =3
/// -153, main's +48 =3 -149). 3,000 positions of session 40's Rapfi games
/// added to those moved no weight more than 15 points further (not
/// played).
///
/// Refitted (issue 24, session 39) on the same 5,000 Rapfi labels as
/// below, with two more kinds of weight: points for each flag of Rapfi's
/// threat mask (`search::THREAT_TERMS`), and the side to move's values
/// apart from those of the side that just moved. `pbrain-turbo tune
/// labels.txt --iterations 4000 --l2 1e-7` (`shape[0]`, `class[0]`, their
/// `wait_` twins and the tempo held): held-out error 0.0842 -> 0.0728 with
/// the flags alone, 0.0690 with the split too (fitted: 0.0730 -> 0.0609 ->
/// 0.0537). The split says the opponent's open three (an `F4` point of the
/// side that just moved) is worth 241 to him where the same point of the
/// side to move was 199 in the one table, and a point that makes an open
/// three (`F3`) 66 to the side to move against 45 to the other. The flags
/// come out at 29 to 103 points each for either side's threats: the side
/// to move gains from every threat on the board, his and his opponent's
/// (a sense of initiative no sum of point values has), less 36 when the
/// opponent has an open three to answer. Bench 14618 -> 14340 (the flags)
/// -> 8193 nodes. Fixed-node self-play against main's build 473396b
/// (`gomoku_match.py -v --games 200 --size 15 --max-node 10000 --turn-ms
/// 600000 --delay-ms 0 --opening-stones 3 --seed S NEW OLD`):
/// - the flags alone, seed 270: +119 =0 -81, 59.5 %, Elo +67 [+19, +118];
/// - both, seed 272: +122 =1 -77, 61.3 %, Elo +80 [+31, +131];
/// - both, seed 274: +128 =2 -70, 64.5 %, Elo +104 [+55, +156];
/// - both, 400 games: +250 =3 -147, 62.9 %, Elo +92 [+57, +128].
///
/// Against Rapfi-classical at 500 ms a move (`gomoku_match.py -v --games
/// 30 --size 15 --turn-ms 500 --match-ms 50000 --max-memory 134217728
/// --delay-ms 30 --opening-stones 3 --seed S NEW RAPFI`) no gain shows:
/// seed 266 +8 =0 -22 for both builds, seed 268 +8 -22 where main's build
/// scored +9 -21; the 60 games +16 -44 (26.7 %) against +17 -43 (28.3 %),
/// all 16 wins as black (main's build won one as white). In the four white
/// games of seed 268 that Rapfi judged (`gomoku_analyse.py --turn-ms
/// 1000`), Rapfi put white at -58 to -258 before its first move, and our
/// first two or three moves took that to -350 to -800 (one of them cost
/// about 460 points): white loses in the opening, move by move.
/// Fitted and not played (held-out error only, same labels): each threat
/// flag counted again at three or more such points, 0.0728 -> 0.0723; the
/// tempo fitted too (it went to 98), 0.0728 -> 0.0724. Too small to be
/// worth a match; the tempo stays at 20.
///
/// Fitted (issue 24, session 38) to Rapfi-classical's judgement rather than
/// to game results: `gomoku_label.py --count 5000 --nodes 20000 --seed 7`
/// drew 5,000 positions of the 800 self-play games of session 37's four
/// fixed-node and 200 ms matches (`gomoku_match.py -v` logs) and had Rapfi
/// search each for 20,000 nodes, its evaluation E for the side to move
/// taken as 1 / (1 + e^(-E/200)), a forced win as 1 and a loss as 0; then
/// `pbrain-turbo tune labels.txt --iterations 4000 --l2 1e-7` (shape[0],
/// class[0] and the tempo held; 3,532 quiet positions fitted, 392 held
/// out): mean squared error 0.0965 -> 0.0730, held out 0.1074 -> 0.0842,
/// logistic scale 1136. The hand values were shapes `[0, 1, 3, 5, 14, 16,
/// 45, 50, 200, 500]`, classes `[0, 0, 0, 0, 10, 5, 0, 20, 80, 0, 30, 100,
/// 150, 0]` (`search::THREAT_WIN` and `THREAT_PARRY` came out at 3001 and
/// 296, left at 3000 and 300). What moved most: a point that makes a four
/// (`B4`, a three on the board) 50 -> 137, a point that makes an open four
/// (`F4`, an open three) 200 -> 180. The evaluation reads `F4` points only
/// for the side not to move (the side to move's open three is a win at
/// the leaf): they say what an open three is worth that is blocked next.
/// Unregularised, the fit trades `F4` against the open-four class (1358
/// and -1207): the two always come together. Bench 20246 -> 14618 nodes.
///
/// Against the hand values at fixed nodes (`gomoku_match.py -v --games 200
/// --size 15 --max-node 10000 --turn-ms 600000 --delay-ms 0
/// --opening-stones 3 --seed S NEW OLD`, OLD main's build c651e56):
/// - seed 260: +112 =1 -87, 56.2 %, Elo +44 [-4, +93];
/// - seed 262: +110 =0 -90, 55.0 %, Elo +35 [-13, +84];
/// - both, 400 games: +222 =1 -177, 55.6 %, about Elo +39 [+5, +74].
///
/// Against Rapfi-classical at 500 ms a move (`gomoku_match.py -v --games 30
/// --size 15 --turn-ms 500 --match-ms 50000 --max-memory 134217728
/// --delay-ms 30 --opening-stones 3 --seed 258 NEW RAPFI`): +9 =0 -21
/// (30.0 %, Elo -147 [-321, -25]) where the hand values scored +7 =0 -23
/// (23.3 %, Elo -207 [-420, -82]) on the same openings; 9 of 15 won as
/// black (was 7), none as white (both). On seed 264's openings +7 =0 -23
/// where main's build scored +6 =0 -24; the 60 games together +16 -44
/// (26.7 %) against +13 -47 (21.7 %), a gain well inside the noise.
///
/// Earlier, a fit to game results was measured and not kept: `pbrain-turbo
/// tune all.txt --iterations 3000 --l2 0` (shape[0], class[0] and the tempo
/// held) on 38,881 quiet positions of 1,200 self-play games at 2,000 nodes a
/// move (the `gomoku_selfplay` example: 400 games each from 4 and 5 random
/// stones on 15×15, 200 each on 20×20, openings kept when a 3,000-node
/// search scores them within 200), the last 3,888 positions held out: mean
/// squared error 0.1804 -> 0.1682, held out 0.1936 -> 0.1877, logistic scale
/// 992; shapes `[0, -7, -5, -3, 45, 66, 110, 77, 349, 500]`, classes `[0,
/// 17, -35, -50, -75, -43, -62, -30, -171, 44, 195, 761, -200, 0]`, with
/// `search::THREAT_WIN` 4408 and `THREAT_PARRY` -158 (bench 50686 -> 86870
/// nodes). Self-play against the hand values at fixed nodes
/// (`gomoku_match.py --max-node 20000 --turn-ms 600000 --delay-ms 0
/// --opening-stones 4`, both colours per opening):
/// - 15×15, 200 games, seed 41: +110 =2 -88, 55.5 %, Elo +38 [-9, +88];
/// - 20×20, 100 games, seed 43: +53 =0 -47, 53.0 %, Elo +21 [-47, +91];
/// - confirmation, 15×15, 200 games, seed 61: +100 =2 -98, 50.5 %, Elo +3
///   [-45, +52];
/// - all 500 games: +263 =4 -233, 53.0 %, about +21 Elo [-10, +52].
///
/// Against Rapfi-classical at 1 s a move, 20 games (seed 31): +2 -18, the
/// same as the hand values on the same openings. A fit with ridge 3e-8
/// (shapes `[0, -7, -5, -3, 27, 41, 50, 145, 139, 500]`, classes `[0, 22,
/// -13, -22, -32, 5, 2, 47, 40, -24, 105, 157, 83, 0]`) scored +105 =3 -92
/// (Elo +23 [-25, +71]) on seed 41's openings: like the Rapfi-labelled
/// fit, it raised the four-making point and lowered the open-four one.
/// The colour bias of that data (black won about 64 %) is not modelled; a
/// colour term would let the tempo be fitted too.
pub const SHAPE_VALUE: [i32; LINE_SHAPES] = [0, -4, -6, -3, 44, 59, 70, 159, 199, 500];
pub const CLASS_BONUS: [i32; CLASSES] =
    [0, 9, -29, -34, -49, -37, 21, 46, 39, -24, 123, 159, 139, 0];
/// The same for the side that just moved (a move behind on every threat),
/// fitted with them.
pub const WAIT_SHAPE_VALUE: [i32; LINE_SHAPES] = [0, -4, -5, -2, 50, 44, 58, 177, 259, 500];
pub const WAIT_CLASS_BONUS: [i32; CLASSES] =
    [0, 5, -41, -18, -75, -38, 26, 30, 30, 3, 113, 176, 190, 0];

/// The same for choosing and ordering the search's moves (attack plus
/// defence value of a point): the evaluation's hand values before its
/// fit, kept apart so that a fit of the evaluation, which may value weak
/// shapes below nothing, does not change which moves are searched (the
/// search skips points valued at zero or less).
///
/// Measured and not kept (session 41): the fitted value of the side to
/// move (at least 1) ranking the same points, these only choosing which
/// (bench 16089 -> 14284 nodes): fixed-node self-play against main's
/// build (`gomoku_match.py -v --games 400 --size 15 --max-node 10000
/// --turn-ms 600000 --delay-ms 0 --opening-stones 3 --seed 282 NEW OLD`)
/// +197 =3 -200, 49.6 %, Elo -3 [-37, +31].
const ORDER_SHAPE_VALUE: [i32; LINE_SHAPES] = [0, 1, 3, 5, 14, 16, 45, 50, 200, 500];
const ORDER_CLASS_BONUS: [i32; CLASSES] = [0, 0, 0, 0, 10, 5, 0, 20, 80, 0, 30, 100, 150, 0];

/// Off-board squares, walls and the other side's stones all block.
const EMPTY: u16 = 0;
const OWN: u16 = 1;
const BLOCKED: u16 = 2;

/// 3^8 arrangements of the eight neighbours of a point on a line.
const KEYS: usize = 6561;
const POW3: [u16; 8] = [1, 3, 9, 27, 81, 243, 729, 2187];

/// The cells of a key: slots 0..4 are offsets -4..-1, slots 4..8 are +1..+4.
const fn digit(key: usize, slot: usize) -> u16 {
    ((key / POW3[slot] as usize) % 3) as u16
}

/// Whether the own stone in the middle, with `extra` (a slot or 8 for
/// none) also own, is part of five or more in a row.
const fn five_through(key: usize, extra: usize) -> bool {
    const fn own(key: usize, extra: usize, slot: usize) -> bool {
        slot == extra || digit(key, slot) == OWN
    }
    let mut len = 1;
    let mut s = 4; // slot of offset -1 is 3
    while s > 0 && own(key, extra, s - 1) {
        len += 1;
        s -= 1;
    }
    let mut s = 4; // slot of offset +1 is 4
    while s < 8 && own(key, extra, s) {
        len += 1;
        s += 1;
    }
    len >= 5
}

/// The line shape of every key, by the recursive definition: a four has a
/// point that completes five through the middle stone (an open four two),
/// an open three a point that makes an open four, a three one that makes a
/// four, and so on down to a lone stone. Keys with more own stones are
/// settled first, so a key's children are always known.
const fn build() -> [u8; KEYS] {
    let mut shape = [NONE; KEYS];
    let mut own = [0u8; KEYS];
    let mut key = 0;
    while key < KEYS {
        let mut s = 0;
        while s < 8 {
            if digit(key, s) == OWN {
                own[key] += 1;
            }
            s += 1;
        }
        key += 1;
    }
    let mut count = 9;
    while count > 0 {
        count -= 1;
        let mut key = 0;
        while key < KEYS {
            if own[key] as usize == count {
                shape[key] = classify(key, &shape);
            }
            key += 1;
        }
    }
    shape
}

const fn classify(key: usize, shape: &[u8; KEYS]) -> u8 {
    if five_through(key, 8) {
        return F5;
    }
    let mut fives = 0;
    let mut best_child = NONE;
    let mut s = 0;
    while s < 8 {
        if digit(key, s) == EMPTY {
            if five_through(key, s) {
                fives += 1;
            }
            let child = shape[key + POW3[s] as usize];
            if child > best_child {
                best_child = child;
            }
        }
        s += 1;
    }
    if fives >= 2 {
        return F4;
    }
    if fives == 1 {
        return B4;
    }
    // One more stone lifts a shape by one rank: F4 → F3, B4 → B3, F3 → F2…
    match best_child {
        F4 => F3,
        B4 => B3,
        F3 => F2,
        B3 => B2,
        F2 => F1,
        B2 => B1,
        _ => NONE,
    }
}

/// Line shape by key, computed at compile time.
static SHAPES: [u8; KEYS] = build();

/// `SHAPES` padded to a power of two, so that a key masked into range
/// needs no bounds check in the update loop (keys stay below `KEYS`, so
/// the mask never changes one).
const SHAPES_PADDED: usize = 8192;
static SHAPES_BY_MASK: [u8; SHAPES_PADDED] = {
    let mut table = [NONE; SHAPES_PADDED];
    let mut key = 0;
    while key < KEYS {
        table[key] = SHAPES[key];
        key += 1;
    }
    table
};

/// The point class of four line shapes.
pub const fn class_of(shapes: [u8; 4]) -> u8 {
    let mut n = [0u8; LINE_SHAPES];
    let mut d = 0;
    while d < 4 {
        n[shapes[d] as usize] += 1;
        d += 1;
    }
    let plus = n[B3 as usize] + n[F2 as usize];
    if n[F5 as usize] > 0 {
        C_FIVE
    } else if n[F4 as usize] > 0 || n[B4 as usize] >= 2 {
        C_FLEX4
    } else if n[B4 as usize] > 0 && n[F3 as usize] > 0 {
        C_BLOCK4_FLEX3
    } else if n[B4 as usize] > 0 && plus > 0 {
        C_BLOCK4_PLUS
    } else if n[B4 as usize] > 0 {
        C_BLOCK4
    } else if n[F3 as usize] >= 2 {
        C_FLEX3_2X
    } else if n[F3 as usize] > 0 && plus > 0 {
        C_FLEX3_PLUS
    } else if n[F3 as usize] > 0 {
        C_FLEX3
    } else if n[B3 as usize] > 0 && plus >= 2 {
        C_BLOCK3_PLUS
    } else if n[F2 as usize] >= 2 {
        C_FLEX2_2X
    } else if n[B3 as usize] > 0 {
        C_BLOCK3
    } else if n[F2 as usize] > 0 {
        C_FLEX2
    } else if n[B2 as usize] + n[F1 as usize] + n[B1 as usize] > 0 {
        C_TWO
    } else {
        C_NONE
    }
}

/// Index of four line shapes in the combined tables.
const fn combo(shapes: [u8; 4]) -> usize {
    ((shapes[0] as usize * LINE_SHAPES + shapes[1] as usize) * LINE_SHAPES + shapes[2] as usize)
        * LINE_SHAPES
        + shapes[3] as usize
}

/// What a shape on each direction counts in `combo`.
const COMBO_WEIGHT: [i32; 4] = [
    (LINE_SHAPES * LINE_SHAPES * LINE_SHAPES) as i32,
    (LINE_SHAPES * LINE_SHAPES) as i32,
    LINE_SHAPES as i32,
    1,
];

const COMBOS: usize = LINE_SHAPES * LINE_SHAPES * LINE_SHAPES * LINE_SHAPES;

/// What a point is worth to one side: its class, its value and its
/// strongest line shape, packed so that a refresh compares and copies one
/// word. An occupied point holds [`Code::OCCUPIED`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Code {
    /// The evaluation's value: to the side to move, to the side that
    /// just moved.
    value: [i16; 2],
    /// The move order's value.
    order: i16,
    class: u8,
    best: u8,
}

impl Code {
    const OCCUPIED: Code = Code {
        value: [0; 2],
        order: 0,
        class: C_NONE,
        best: u8::MAX,
    };
}

impl Default for Code {
    fn default() -> Code {
        Code::OCCUPIED
    }
}

/// The code of every combination of four line shapes: a point's refresh
/// is then one lookup per side (computed at compile time).
const fn build_combos() -> [Code; COMBOS] {
    let mut table = [Code::OCCUPIED; COMBOS];
    let mut i = 0;
    while i < COMBOS {
        let shapes = [
            (i / 1000) as u8,
            (i / 100 % 10) as u8,
            (i / 10 % 10) as u8,
            (i % 10) as u8,
        ];
        let class = class_of(shapes);
        let mut value = CLASS_BONUS[class as usize];
        let mut wait = WAIT_CLASS_BONUS[class as usize];
        let mut order = ORDER_CLASS_BONUS[class as usize];
        let mut best = 0;
        let mut d = 0;
        while d < 4 {
            value += SHAPE_VALUE[shapes[d] as usize];
            wait += WAIT_SHAPE_VALUE[shapes[d] as usize];
            order += ORDER_SHAPE_VALUE[shapes[d] as usize];
            if shapes[d] > best {
                best = shapes[d];
            }
            d += 1;
        }
        // A value refitted past i16 must fail the build, not wrap.
        assert!(value >= i16::MIN as i32 && value <= i16::MAX as i32);
        assert!(wait >= i16::MIN as i32 && wait <= i16::MAX as i32);
        assert!(order >= i16::MIN as i32 && order <= i16::MAX as i32);
        table[combo(shapes)] = Code {
            value: [value as i16, wait as i16],
            order: order as i16,
            class,
            best,
        };
        i += 1;
    }
    table
}

static COMBO_TABLE: [Code; COMBOS] = build_combos();

/// `COMBO_TABLE` padded to a power of two, as `SHAPES_BY_MASK`.
const COMBOS_PADDED: usize = 16384;
static COMBO_BY_MASK: [Code; COMBOS_PADDED] = {
    let mut table = [Code::OCCUPIED; COMBOS_PADDED];
    let mut i = 0;
    while i < COMBOS {
        table[i] = COMBO_TABLE[i];
        i += 1;
    }
    table
};

/// What a square holds, as the codes see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Empty,
    Stone(Color),
    /// A wall (dead stone): blocks both sides.
    Wall,
}

/// Per point and side: the four line keys, their shapes, and the code
/// (class, value, strongest shape) they combine into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PointCodes {
    keys: [[u16; 4]; 2],
    /// `SHAPES` of `keys`, kept so that a stone changes one lookup per
    /// side rather than four.
    shapes: [[u8; 4]; 2],
    /// `combo` of `shapes`, moved with them: the index of `code` in
    /// `COMBO_TABLE`.
    combo: [u16; 2],
    code: [Code; 2],
    /// The move generator's score of the point with each side to move:
    /// the mover's order value by 5/4 (attack weighs more than defence,
    /// Turbo's `AttackFactor`) plus the other side's; 0 when occupied.
    /// Kept here so that generating moves reads one number a point.
    score: [i32; 2],
}

/// The pattern codes of a board, kept in step with its stones.
#[derive(Clone, Debug)]
pub struct Codes {
    width: usize,
    height: usize,
    points: Vec<PointCodes>,
    occupied: Vec<bool>,
    /// Per side: sum of the values of the empty points, with that side to
    /// move and with the other side to move.
    total: [[i32; 2]; 2],
    /// Per side: how many empty points have each strongest line shape.
    levels: [[u16; LINE_SHAPES]; 2],
    /// Per side: how many empty points are of each class.
    classes: [[u16; CLASSES]; 2],
    /// The undo record of [`Codes::place`]: the points a stone changed, as
    /// they were before it, and per stone where its points start and the
    /// counts before it. Taking a stone back copies them back, which costs
    /// less than reading the lines again.
    saved: Vec<(usize, PointCodes)>,
    frames: Vec<Frame>,
}

/// What [`Codes::lift`] restores besides the points.
#[derive(Clone, Debug)]
struct Frame {
    start: usize,
    total: [[i32; 2]; 2],
    levels: [[u16; LINE_SHAPES]; 2],
    classes: [[u16; CLASSES]; 2],
}

/// Two codes are equal when they describe the same position (however they
/// got there: the undo records are not compared).
impl PartialEq for Codes {
    fn eq(&self, other: &Codes) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.points == other.points
            && self.occupied == other.occupied
            && self.total == other.total
            && self.levels == other.levels
            && self.classes == other.classes
    }
}

impl Eq for Codes {}

/// Digit of a square in `c`'s key.
fn digit_for(square: Square, c: usize) -> u16 {
    match square {
        Square::Empty => EMPTY,
        Square::Stone(s) if s.index() == c => OWN,
        _ => BLOCKED,
    }
}

/// Slot of the neighbour `offset` (±1..±4) away in a point's key.
fn slot(offset: isize) -> usize {
    if offset < 0 {
        (offset + 4) as usize
    } else {
        (offset + 3) as usize
    }
}

impl Codes {
    /// The codes of an empty `width` × `height` board.
    pub fn new(width: usize, height: usize) -> Codes {
        let mut codes = Codes {
            width,
            height,
            points: vec![PointCodes::default(); width * height],
            occupied: vec![false; width * height],
            total: [[0; 2]; 2],
            levels: [[0; LINE_SHAPES]; 2],
            classes: [[0; CLASSES]; 2],
            saved: Vec::new(),
            frames: Vec::new(),
        };
        for y in 0..height {
            for x in 0..width {
                let mut keys = [0u16; 4];
                for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    for offset in [-4isize, -3, -2, -1, 1, 2, 3, 4] {
                        let qx = x as isize + dx * offset;
                        let qy = y as isize + dy * offset;
                        if qx < 0 || qy < 0 || qx as usize >= width || qy as usize >= height {
                            keys[dir] += BLOCKED * POW3[slot(offset)];
                        }
                    }
                }
                let i = y * width + x;
                codes.points[i].keys = [keys, keys];
                let shapes = keys.map(|k| SHAPES[k as usize]);
                codes.points[i].shapes = [shapes, shapes];
                codes.points[i].combo = [combo(shapes) as u16; 2];
                codes.refresh(i);
            }
        }
        codes
    }

    /// The from-scratch twin: the codes of a board whose squares are
    /// `squares` (row by row).
    pub fn recompute(width: usize, height: usize, squares: &[Square]) -> Codes {
        let mut codes = Codes::new(width, height);
        for (i, &sq) in squares.iter().enumerate() {
            if sq != Square::Empty {
                codes.set(i % width, i / width, Square::Empty, sq);
            }
        }
        codes
    }

    /// Recomputes point `i`'s codes and the totals.
    fn refresh(&mut self, i: usize) {
        self.refresh_sides(i, [true; 2]);
    }

    /// Recomputes point `i`'s codes for the sides in `sides` (those whose
    /// line shapes changed) and the totals.
    #[inline]
    fn refresh_sides(&mut self, i: usize, sides: [bool; 2]) {
        let occupied = self.occupied[i];
        let p = &mut self.points[i];
        for c in 0..2 {
            if !sides[c] {
                continue;
            }
            let old = p.code[c];
            let new = if occupied {
                Code::OCCUPIED
            } else {
                COMBO_BY_MASK[p.combo[c] as usize & (COMBOS_PADDED - 1)]
            };
            if new == old {
                continue;
            }
            p.code[c] = new;
            self.total[c][0] += new.value[0] as i32 - old.value[0] as i32;
            self.total[c][1] += new.value[1] as i32 - old.value[1] as i32;
            // Most changes move the value alone.
            if (old.best, old.class) == (new.best, new.class) {
                continue;
            }
            if old.best != u8::MAX {
                self.levels[c][old.best as usize] -= 1;
                self.classes[c][old.class as usize] -= 1;
            }
            if new.best != u8::MAX {
                self.levels[c][new.best as usize] += 1;
                self.classes[c][new.class as usize] += 1;
            }
        }
        let order = p.code.map(|code| code.order as i32);
        p.score = [order[0] * 5 / 4 + order[1], order[1] * 5 / 4 + order[0]];
    }

    /// The neighbours of (x, y) within four points along `(dx, dy)` that
    /// lie on the board: the offsets `lo..=hi` (without 0), and the index
    /// step of one offset.
    #[inline]
    fn reach(&self, x: usize, y: usize, (dx, dy): (isize, isize)) -> (isize, isize, isize) {
        let room = |d: isize, at: usize, side: usize| match d {
            1 => (side - 1 - at).min(4) as isize,
            -1 => at.min(4) as isize,
            _ => 4,
        };
        let hi = room(dx, x, self.width).min(room(dy, y, self.height));
        let lo = room(-dx, x, self.width).min(room(-dy, y, self.height));
        (-lo, hi, dy * self.width as isize + dx)
    }

    /// Square (x, y) goes from `before` to `after` (one of them empty):
    /// the keys of the points within four of it on its lines change.
    pub fn set(&mut self, x: usize, y: usize, before: Square, after: Square) {
        let i = y * self.width + x;
        self.occupied[i] = after != Square::Empty;
        self.refresh(i);
        let delta = [
            digit_for(after, 0) as i32 - digit_for(before, 0) as i32,
            digit_for(after, 1) as i32 - digit_for(before, 1) as i32,
        ];
        for (dir, &step) in DIRECTIONS.iter().enumerate() {
            let (lo, hi, stride) = self.reach(x, y, step);
            // Two plain ranges either side of the point: cheaper to walk
            // than one that skips its middle.
            for offset in (lo..0).chain(1..hi + 1) {
                let j = (i as isize + offset * stride) as usize;
                // Seen from q, (x, y) is at -offset.
                let weight = POW3[slot(-offset)] as i32;
                self.shift(j, dir, [delta[0] * weight, delta[1] * weight]);
            }
        }
    }

    /// Adds `moved` to point `j`'s two keys along `dir` and refreshes the
    /// sides whose line shape that changes.
    #[inline(always)]
    fn shift(&mut self, j: usize, dir: usize, moved: [i32; 2]) {
        let p = &mut self.points[j];
        let mut changed = [false; 2];
        for (c, &moved) in moved.iter().enumerate() {
            let key = (p.keys[c][dir] as i32 + moved) as u16;
            p.keys[c][dir] = key;
            let shape = SHAPES_BY_MASK[key as usize & (SHAPES_PADDED - 1)];
            let old = p.shapes[c][dir];
            if shape != old {
                changed[c] = true;
                p.shapes[c][dir] = shape;
                p.combo[c] =
                    (p.combo[c] as i32 + (shape as i32 - old as i32) * COMBO_WEIGHT[dir]) as u16;
            }
        }
        // A side whose line shapes stand keeps its class and value.
        if (changed[0] || changed[1]) && !self.occupied[j] {
            self.refresh_sides(j, changed);
        }
    }

    /// Puts `square` (not empty) on the empty square (x, y), keeping what
    /// [`Codes::lift`] needs to take it back.
    pub fn place(&mut self, x: usize, y: usize, square: Square) {
        let i = y * self.width + x;
        self.frames.push(Frame {
            start: self.saved.len(),
            total: self.total,
            levels: self.levels,
            classes: self.classes,
        });
        self.saved.push((i, self.points[i]));
        for &step in &DIRECTIONS {
            let (lo, hi, stride) = self.reach(x, y, step);
            for offset in (lo..0).chain(1..hi + 1) {
                let j = (i as isize + offset * stride) as usize;
                self.saved.push((j, self.points[j]));
            }
        }
        self.set(x, y, Square::Empty, square);
    }

    /// Takes back the last [`Codes::place`]d stone, at (x, y).
    pub fn lift(&mut self, x: usize, y: usize) {
        let frame = self.frames.pop().expect("a placed stone to lift");
        for &(j, point) in &self.saved[frame.start..] {
            self.points[j] = point;
        }
        debug_assert_eq!(self.saved[frame.start].0, y * self.width + x);
        self.saved.truncate(frame.start);
        self.occupied[y * self.width + x] = false;
        self.total = frame.total;
        self.levels = frame.levels;
        self.classes = frame.classes;
    }

    /// The shape a stone of `c` on (x, y) makes along direction `dir`
    /// (meaningful for empty points).
    #[inline]
    pub fn shape(&self, x: usize, y: usize, c: Color, dir: usize) -> u8 {
        self.points[y * self.width + x].shapes[c.index()][dir]
    }

    /// The class of (x, y) for `c`; `C_NONE` on an occupied point.
    #[inline]
    pub fn class(&self, x: usize, y: usize, c: Color) -> u8 {
        self.points[y * self.width + x].code[c.index()].class
    }

    /// The evaluation's value of (x, y) to `c` with `c` to move; 0 on an
    /// occupied point.
    #[inline]
    pub fn value(&self, x: usize, y: usize, c: Color) -> i32 {
        self.points[y * self.width + x].code[c.index()].value[0] as i32
    }

    /// Per point (row by row): its class for `c` (`C_NONE` when occupied).
    #[inline]
    pub fn classes(&self, c: Color) -> impl Iterator<Item = u8> + '_ {
        self.points.iter().map(move |p| p.code[c.index()].class)
    }

    /// Per point (row by row): [`Codes::best_shape`] for `c`.
    #[inline]
    pub fn best_shapes(&self, c: Color) -> impl Iterator<Item = u8> + '_ {
        self.points
            .iter()
            .map(move |p| match p.code[c.index()].best {
                u8::MAX => NONE,
                best => best,
            })
    }

    /// Calls `f(x, y, score)`, row by row, for every point whose move
    /// generator's score with `me` to move (the codes' order value of `me` by 5/4
    /// plus the opponent's) is above zero: no occupied point is.
    #[inline]
    pub fn each_scored(&self, me: Color, mut f: impl FnMut(usize, usize, i32)) {
        let m = me.index();
        for (y, row) in self.points.chunks_exact(self.width).enumerate() {
            for (x, p) in row.iter().enumerate() {
                if p.score[m] > 0 {
                    f(x, y, p.score[m]);
                }
            }
        }
    }

    /// The move generator's score of (x, y) with `me` to move, as
    /// [`Codes::each_scored`] gives it; 0 on an occupied point.
    #[inline]
    pub fn move_score(&self, x: usize, y: usize, me: Color) -> i32 {
        self.points[y * self.width + x].score[me.index()]
    }

    /// The strongest shape a stone of `c` on the empty point (x, y) makes
    /// on any of its lines. (`B4` or more: a live five-point line through
    /// it holds three of `c`'s stones; `B3` or more: two.)
    #[inline]
    pub fn best_shape(&self, x: usize, y: usize, c: Color) -> u8 {
        match self.points[y * self.width + x].code[c.index()].best {
            u8::MAX => NONE,
            best => best,
        }
    }

    /// Whether some empty point gives `c` a line shape of `shape` or more.
    #[inline]
    pub fn any_shape(&self, c: Color, shape: u8) -> bool {
        self.levels[c.index()][shape as usize..]
            .iter()
            .any(|&n| n > 0)
    }

    /// How many empty points are of class `class` for `c`.
    #[inline]
    pub fn class_count(&self, c: Color, class: u8) -> u16 {
        self.classes[c.index()][class as usize]
    }

    /// Whether some empty point is of class `class` or stronger for `c`.
    #[inline]
    pub fn any_class(&self, c: Color, class: u8) -> bool {
        self.classes[c.index()][class as usize..]
            .iter()
            .any(|&n| n > 0)
    }

    /// Sum of `c`'s values over the empty points with `c` to move.
    pub fn total(&self, c: Color) -> i32 {
        self.total[c.index()][0]
    }

    /// Sum of `c`'s values over the empty points with the other side to
    /// move ([`WAIT_SHAPE_VALUE`], [`WAIT_CLASS_BONUS`]).
    pub fn total_waiting(&self, c: Color) -> i32 {
        self.total[c.index()][1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line diagram of nine cells centred on the point:
    /// `X` own, `O` or `#` blocked, `.` empty; the middle must be `*`.
    fn key(line: &str) -> usize {
        let cells: Vec<char> = line.chars().collect();
        assert_eq!(cells.len(), 9, "{line}");
        assert_eq!(cells[4], '*');
        let mut key = 0;
        for (i, &ch) in cells.iter().enumerate() {
            if i == 4 {
                continue;
            }
            let d = match ch {
                'X' => OWN,
                'O' | '#' => BLOCKED,
                _ => EMPTY,
            };
            key += (d * POW3[slot(i as isize - 4)]) as usize;
        }
        key
    }

    #[test]
    fn known_line_shapes_classify_right() {
        let cases = [
            ("XX.X*....", B4),
            ("..XX*XX..", F5),
            ("...X*XX..", F4),
            ("..OX*XX..", B4),
            ("X..X*X..X", F3),
            ("...X*X...", F3),
            ("..OX*X...", B3),
            ("...X*.X..", F3),
            ("OOXX*...O", B3),
            ("....*X...", F2),
            ("...X*....", F2),
            ("...O*X...", B2),
            ("....*....", F1),
            ("#OOO*XXXO", NONE),
            ("...O*O...", NONE),
            ("X.XX*.XXX", F4),
            ("XXXX*XXXX", F5),
            ("OX.X*X.XO", F4),
        ];
        for (line, want) in cases {
            assert_eq!(SHAPES[key(line)], want, "{line}");
        }
    }

    #[test]
    fn classes_combine_line_shapes() {
        assert_eq!(class_of([F5, NONE, NONE, NONE]), C_FIVE);
        assert_eq!(class_of([B4, B4, NONE, NONE]), C_FLEX4);
        assert_eq!(class_of([F4, F2, NONE, NONE]), C_FLEX4);
        assert_eq!(class_of([B4, F3, NONE, NONE]), C_BLOCK4_FLEX3);
        assert_eq!(class_of([B4, F2, NONE, NONE]), C_BLOCK4_PLUS);
        assert_eq!(class_of([F3, F3, NONE, NONE]), C_FLEX3_2X);
        assert_eq!(class_of([F3, B3, NONE, NONE]), C_FLEX3_PLUS);
        assert_eq!(class_of([F3, B2, NONE, NONE]), C_FLEX3);
        assert_eq!(class_of([F2, F2, B1, NONE]), C_FLEX2_2X);
        assert_eq!(class_of([B1, NONE, NONE, NONE]), C_TWO);
    }
}
