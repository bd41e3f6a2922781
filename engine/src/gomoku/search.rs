//! The search past 1985: threat-space search first (our VCF, our VCT), then
//! principal-variation alpha-beta with iterative deepening over candidate
//! moves ordered by Turbo's square values and by threats.
//!
//! The core reads no clock: the caller hands it a [`Control`] (elapsed
//! time, a stop flag, a progress report) and a [`Deadline`] in that
//! control's milliseconds, and the search reports each finished iteration
//! through it.

use crate::control::{Control, Deadline, Progress};

use super::board::Board;
use super::codes::{
    B1, B4, C_BLOCK4, C_BLOCK4_FLEX3, C_BLOCK4_PLUS, C_FLEX3, C_FLEX3_2X, C_FLEX3_PLUS, C_FLEX4,
};
use super::geometry::{Color, MAX_SIDE, Point};
use super::rules::Rule;
use super::threats::{ThreatLimits, ThreatSearch};
use super::tt::{Bound, Entry, Table};

/// Score of a five made now; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
const WIN_BOUND: i32 = WIN - 10_000;
const INFINITY: i32 = WIN + 1;
/// Zobrist key of "white to move", so that the same stones with a
/// different side to move do not share an entry.
const WHITE_TO_MOVE: u64 = 0x9d39_247e_3377_6d41;

/// Candidate moves kept at the root and inside the tree (beyond forced
/// replies and threats).
///
/// Why this search loses to Rapfi-classical (issue 24, session 27): 10 games
/// at 1 s a move (`gomoku_match.py -v --games 10 --turn-ms 1000 --match-ms
/// 100000 --max-memory 134217728 --opening-stones 3 --seed 31`, +1 -9),
/// every position of the 9 losses judged by Rapfi at 1.5 s
/// (`gomoku_analyse.py`). In 8 the game turned on one of our moves 2 to 35
/// plies in, from Rapfi's -160 to -620 (already worse, no forced line) to a
/// forced win for Rapfi in 23 to 37 plies; our VCT finds none of the 5 such
/// wins checked (depth 12, 2,000,000 nodes: they have quiet moves in them),
/// so the defence's threat search is not what is missing. The position was
/// as good as lost by then: at 8 s a move instead of 1 this search changed
/// 5 of 7 turning moves, and Rapfi judged the new ones lost (2) or +224 to
/// +582 for itself. In the ninth we missed wins Rapfi saw (25 to 29 plies)
/// three times. Time is a small part: 653 ms used a thinking move against
/// Rapfi's 966. So the losses are positional (the evaluation and a search
/// of depth 6-7 against Rapfi's 19-20), decided in the first moves. Rapfi's
/// preferred move was outside our 12 tree candidates in 10 of 88 positions
/// and outside the 20 root ones in 3 (one a turning move). The 9 losses of
/// games 11-20 (the wider build below) read the same: 7 turned on our move
/// into Rapfi wins of 17 to 39 plies (5 from -266 to -541, one from +50,
/// one from +253), one was lost by the first move (+940 for Rapfi), and in
/// 2 we had missed wins of 27 to 43 plies; the two wins checked are again
/// beyond our VCT.
///
/// Tried and not kept (self-play at fixed nodes, `gomoku_match.py --games
/// 200 --size 15 --max-node 20000 --turn-ms 600000 --delay-ms 0
/// --opening-stones 4 --seed S`, against the search without the change):
/// - 30 root and, with 3 plies or more left, 20 tree candidates (seed 79):
///   +93 =7 -100, 48.2 %, Elo -12 [-60, +35]; against Rapfi on the 20
///   openings of seed 31 (the match above with `--games 20`) +2 -18, as
///   without it;
/// - the leaf evaluation's point values averaged with the position's
///   before the last stone (Rapfi's basic evaluation does so, against the
///   odd-even swing of the side that moved last; seed 73): +99 =1 -100,
///   Elo -2 [-50, +47];
/// - no horizon on an open three of the opponent (its answers searched up
///   to 2 plies past depth 0, seed 71): stopped at +32 =0 -56, 36.4 %, Elo
///   -97 [-179, -25] (whether by the nodes it spends or by making our own
///   threes worth less, it plays worse);
/// - the other way, an open three's point value (`codes::SHAPE_VALUE[F3]`)
///   doubled to 90 (seed 83): +95 =1 -104, Elo -16 [-64, +32].
const ROOT_WIDTH: usize = 20;
const TREE_WIDTH: usize = 12;
/// At most this many answers to a threat are searched without using up
/// depth.
///
/// Tried and not kept (issue 24, session 29; self-play at fixed nodes
/// against main's build, `gomoku_match.py --games 200 --size 15
/// --max-node 10000 --turn-ms 600000 --delay-ms 0 --opening-stones 3
/// --seed S`, bench 20272 nodes before):
/// - no extension of the answers to an open three (only a single forced
///   reply extended; seed 137, bench 11163): +90 =2 -108, 45.5 %, Elo -31
///   [-80, +16], although the depth reached at 1 s on the depth probe's
///   middlegame positions rose by 1.5 plies (5, 5, 6, 6 -> 5, 7, 8, 8):
///   those plies are thin ones, the threat lines they cut matter more;
/// - late-move reduction at the root from the fourth move on, as at a
///   principal-variation node (seed 149, bench 14271): +94 =6 -100, 48.5
///   %, Elo -10 [-58, +37], depth at 1 s unchanged.
///
/// Kept (session 30, the same match): the answers still extended, the
/// later ones reduced like other moves (the LMR table below, not for
/// fours), with Rapfi's reduction of distant counter-fours
/// ([`distraction_reduction`]). The answers' reduction alone: seed 139
/// (session 29, bench 18274) +100 =7 -93, Elo +12 [-35, +60]; seed 157
/// +103 =6 -91, 53.0 %, Elo +21 [-27, +69]. With the counter-fours' too
/// (bench 20246): seed 163 +106 =5 -89, 54.2 %, Elo +30 [-18, +78];
/// seed 167 +107 =2 -91, 54.0 %, Elo +28 [-20, +77]; the two seeds
/// pooled +213 =7 -180, 54.1 %, about Elo +29 [-5, +63].
/// Against Rapfi-classical at 1 s a move (`gomoku_match.py --games 20
/// --size 15 --turn-ms 1000 --match-ms 100000 --max-memory 134217728
/// --delay-ms 30 --opening-stones 3 --seed 191`) this build and the one
/// before it both scored +6 -14 on the same openings.
const DEFENCE_EXTENSION_WIDTH: usize = 8;
/// Bounds of the VCF tried at each leaf where the side to move has a
/// line of three.
///
/// Session 32 (issue 24), measured and not kept: Rapfi's quiescence over
/// fours (`vcfsearch`/`vcfdefend`) in place of this VCF. The side to move
/// stands pat on the evaluation or makes a four; the opponent takes its
/// single completion point (a block that makes his own four is answered
/// at once, two fives lose, a forbidden block loses); the best score is
/// returned, not only a win. At most 10 fours a line and 64 a leaf, each
/// four (with its block) counted as a node of the budget, where this
/// VCF's nodes are not. Self-play at fixed nodes against main's build
/// (`gomoku_match.py --games 200 --size 15 --max-node 10000 --turn-ms
/// 600000 --delay-ms 0 --opening-stones 3 --seed S`):
/// - Rapfi's move choice: fours within two points or four along a line
///   of the side's last stone (`RANGE_SQUARE2_LINE4`), plain fours (no
///   two or three on the other lines) only as the first two of a line or
///   after two combined ones. Bench 20246 -> 19672, 5-7 % of the nodes in
///   the quiescence. Seed 223: +98 =8 -94, 51.0 %, Elo +7 [-40, +55].
/// - Every four on the board (bench 21470, up to 25 % of the nodes in
///   the quiescence on the renju position), seed 227, stopped at 99
///   games: +33 =0 -66, 33.3 %, Elo -120 [-200, -52].
/// - Only combined fours until two have been made (bench 19354), seed
///   229: +92 =4 -104, 47.0 %, Elo -21 [-69, +27].
///
/// The more fours it read, the worse it played (perhaps each four line
/// is one more chance for a noisy evaluation to beat the stand-pat
/// score; not measured).
const LEAF_VCF_DEPTH: u32 = 6;
const LEAF_VCF_NODES: u64 = 40;
/// Late-move reductions, late-move pruning and futility pruning (issue 24,
/// session 28, after Rapfi's classical search): Rapfi reaches depth 19-20
/// where this search reached 6-7, by searching few of the moves at each
/// node to full depth. Together, against main's build at fixed nodes
/// (`gomoku_match.py --games 200 --size 15 --max-node 10000 --turn-ms
/// 600000 --delay-ms 0 --opening-stones 3 --seed 101`): +110 =9 -81,
/// 57.2 %, Elo +51 [+4, +100]. At 1 s a move against Rapfi-classical
/// (`gomoku_match.py --games 20 --size 15 --turn-ms 1000 --match-ms 100000
/// --max-memory 134217728 --delay-ms 30 --opening-stones 3 --seed 97`)
/// +4 -16, the same as main's build on those openings; the depth of our
/// thinking moves (500 ms or more) in those games rose from 6.3 (140
/// moves, 47,000 nodes) to 6.8 (121 moves, 53,000 nodes). (Not measured:
/// the answers to threats, neither reduced nor pruned, may hold most of
/// the tree.) Confirmed on other openings, the same settings with `--seed
/// 113`: +117 =5 -78, 59.8 %, Elo +69 [+21, +119]; on 20x20 (`--games
/// 100 --size 20 --seed 127`, 10,000 nodes): +58 =0 -42, 58.0 %, Elo +56
/// [-12, +128].
///
/// Late-move reduction: the `i`-th move (from 0) of a node with `depth`
/// plies left is searched `ln(depth)·ln(i+1) + 1/2` plies shallower
/// (Rapfi's table, which uses the factor 1), one ply less at a
/// principal-variation node and for a move that makes an open three or
/// more, none for a four (but see [`distraction_reduction`]), the answers
/// to a threat included (they keep their extension); a reduced move that
/// beats alpha is searched again at full depth.
///
/// Earlier tried and not kept (session 25, self-play at fixed nodes
/// against the same search without it, `gomoku_match.py --games 200
/// --size 15 --turn-ms 600000 --max-node 20000 --delay-ms 0
/// --opening-stones 3 --seed 11`), with the one-ply reduction from the
/// fourth move that this replaces: a history of quiet cutoffs per side and
/// point (a bonus of 16·depth² to the move that cut, the same malus to the
/// quiet moves tried before it, Stockfish's gravity at ±2^14, halved each
/// move) added to the candidates' static score at 64 points full scale:
/// +99 =5 -96, 50.7 % (95 %: 43.9-57.6 %, Elo +5 [-43, +53]), although
/// bench fell 50686 -> 46761 nodes. The static pattern order leaves
/// history little to add. A second ply of reduction from the seventh move
/// on (index 6, with three plies or more left): +99 =5 -96 as well (other
/// games, same tally), Elo +5 [-43, +53], bench 50686 -> 39131 nodes.
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    (0.5 + f64::from(depth.max(1)).ln() * ((index + 1) as f64).ln()) as i32
}

/// Rapfi's reduction of a "useless defence": when the opponent threatens
/// an open four, a four of ours that spoils none of his four points only
/// delays the answer, and one far from the last two moves (more than 4
/// points, king's distance) most likely so. Two plies when it is far from
/// the opponent's last stone, one more when far from our own previous
/// stone (Rapfi's 1.93 and 0.96). `m` is the stone just played.
fn distraction_reduction(board: &Board, m: Point) -> i32 {
    let history = board.history();
    let far = |back: usize| {
        history.len() > back && {
            let q = history[history.len() - 1 - back].0;
            q.x.abs_diff(m.x).max(q.y.abs_diff(m.y)) > 4
        }
    };
    2 * i32::from(far(1)) + i32::from(far(2))
}

/// Late-move pruning (Rapfi's move-count pruning, `3 + depth^1.32`): with
/// 1 to 3 plies left at a node that answers no threat and off the
/// principal variation, quiet moves from this index on are not searched
/// once a move that does not lose is in hand; moves that make an open
/// three or more always are.
const LATE_MOVE_COUNT: [usize; 4] = [usize::MAX, 4, 5, 7];

/// Futility pruning (Rapfi's "futility pruning: child node"): with 1 or 2
/// plies left off the principal variation and no threat to answer, a
/// static evaluation this many points per ply above beta is taken as the
/// node's score. Tried and not kept (session 29, the self-play match of
/// the notes at `DEFENCE_EXTENSION_WIDTH`, seed 151): 80 points a ply
/// (bench 20272 -> 17217 nodes), +96 =9 -95, 50.2 %, Elo +2 [-46, +49].
/// Razoring with the leaf threat search (Rapfi's "razoring with VCF",
/// which it credits with about +68 Elo), session 30, measured and not
/// kept: off the principal variation with 1 or 2 plies left, no threat to
/// answer and alpha no win or loss, a static evaluation at most alpha
/// less 40 + 28 a ply (twice Rapfi's 19 + 14d, as this futility margin is
/// about twice its) returned `quiesce`. Same match, seed 173: +39 =2 -159,
/// 20.0 %, Elo -241 [-308, -186] (bench 20272 -> 10787 nodes). The static
/// evaluation is too coarse to trust near alpha at these depths.
///
/// Session 31, the same match against main's build, not kept:
/// - Rapfi's fail-high reduction ("~50 Elo" in its source): nodes told
///   apart as cut nodes (the reduced search of a late move, the first
///   child of an expected fail-low node), and at a cut node whose static
///   evaluation is at least beta + `-18 + 30·depth` (+174 when answering
///   an open three; Rapfi's `-9 + 15d + 87`, doubled) every move but a
///   four searched a ply shallower. Seed 193 (bench 20246 -> 24302):
///   +96 =4 -100, 49.0 %, Elo -7 [-55, +41].
/// - Rapfi's reduction after an alpha improvement ("~26 Elo"): at a
///   principal-variation node with 3 to 11 plies left, each move that
///   raises alpha (a score under 4000) takes a ply off the moves after
///   it. With the root included (bench 20246 -> 4975), seed 197, stopped
///   at 85 games: +33 =3 -49, 40.6 %, Elo -66 [-144, +6]; below the root
///   only (bench 9068), seed 199, stopped at 78: +26 =1 -51, 34.0 %, Elo
///   -115 [-205, -39]. Like razoring: at 10,000 nodes the plies these
///   reductions buy are worth less than the moves they read shallower.
/// - This futility pruning without its depth cap (Rapfi's has none), the
///   same 120 points a ply (bench 20246 -> 20044), seed 211: +91 =4 -105,
///   46.5 %, Elo -24 [-73, +23].
///
/// Still unmeasured differences from Rapfi's alpha-beta (its
/// `search/ab/`): it has no width cap (every candidate, cut by its
/// move-count pruning `3 + d^1.32` at every depth, halved when the
/// evaluation is not improving) (session 32, measured, promising but not
/// confirmed, so not kept: at non-PV nodes the candidates widened to 30,
/// and with 4 plies or more left every move but a four past `3 +
/// d^1.32` not searched once one does not lose; past index 12 only
/// threats searched, as before. Bench 20246 -> 19063. The self-play match
/// above, seed 233: +106 =4 -90, 54.0 %, Elo +28 [-20, +77]; the same
/// build on a second seed, 239: +93 =4 -103, 47.5 %, Elo -17 [-66, +30],
/// so both seeds together are about +5, no gain shown); (its leaves' alpha-beta over fours, measured in
/// session 32: see `LEAF_VCF_DEPTH`); its futility margin is `63·(d - 1 -
/// improving)` and holds when the opponent has an open three; its LMR
/// adds 1.8 plies at cut nodes for non-killers and takes 1 off for
/// positions once on the principal variation, and uses a history of
/// attacking and quiet cutoffs; a forced block gets 1.3 plies; singular
/// extension and multi-cut only from 6.65 plies left, which our 10,000
/// node searches seldom leave inside the tree.
const FUTILITY_MARGIN: i32 = 120;

/// Evaluation bonus of the side to move. Held in the fit of the point
/// values (`codes::SHAPE_VALUE`): self-play results would give it black's
/// advantage too (a free fit took it to several hundred points).
/// Measured and not kept (session 41): 50, because from depth to depth
/// the score fell 53 points on average into an even depth (the root's
/// side to move at the leaves) and rose 9 into an odd one (24 positions
/// of a Rapfi match, 60,000 nodes; the mean swing is 155-210 either way).
/// Bench 16089 -> 13671; fixed-node self-play against main's build
/// (`gomoku_match.py -v --games 400 --size 15 --max-node 10000 --turn-ms
/// 600000 --delay-ms 0 --opening-stones 3 --seed 284 NEW OLD`): +199 =2
/// -199, 50.0 %, Elo 0 [-34, +34].
pub const TEMPO: i32 = 20;
/// A winning double threat to play (not proven: the opponent's answers
/// may make threats of their own).
pub const THREAT_WIN: i32 = 3000;
/// An opponent's double threat to parry.
pub const THREAT_PARRY: i32 = 300;

/// Share of the time left after the threat searches kept for the safety
/// check (up to eight VCTs of 4,000 nodes at most), which gives up at the
/// hard deadline. Measured on a loaded two-core machine (session 36, a
/// build tracing its phases, 15 and 14 positions of a self-play game): it
/// took 0-32 ms at 1 s a move and 0-28 ms at 200 ms, mostly under 3 ms,
/// and it never changed the move in 549 moves of session 35's matches, so
/// a cut check costs little. The 15 % kept before (135 ms at 1 s) went
/// mostly unused.
const SAFETY_CHECK_SHARE: f64 = 0.05;

/// What the search tells its caller while it thinks: one report per
/// finished iteration, with the principal line read from the table.
pub type Report = Progress<Point>;

/// The control a search runs under.
pub type SearchControl<'a> = dyn Control<Report> + 'a;

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// In the control's milliseconds: no new iteration after `soft_ms`,
    /// the best move by `hard_ms`.
    pub deadline: Option<Deadline>,
    /// Deepest alpha-beta iteration.
    pub depth: u32,
    /// Node budget of the alpha-beta search (the threat searches have
    /// their own budgets, scaled from it).
    pub nodes: u64,
}

impl Limits {
    /// A fixed-depth search without a clock (bench, tests).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            deadline: None,
            depth,
            nodes: u64::MAX,
        }
    }

    /// A search that must be done by `deadline`.
    pub fn within(deadline: Deadline) -> Limits {
        Limits {
            deadline: Some(deadline),
            depth: 64,
            nodes: u64::MAX,
        }
    }
}

/// Why the move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first move of the game: the centre.
    Opening,
    /// It makes five.
    Five,
    /// It blocks the opponent's five.
    BlockFive,
    /// First move of a winning sequence of fours.
    Vcf,
    /// First move of a winning sequence of threes and fours.
    Vct,
    /// Alpha-beta search.
    Search,
    /// No legal move (full board).
    NoMove,
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Point>,
    pub score: i32,
    pub depth: u32,
    /// Nodes of all the searches (threat and alpha-beta).
    pub nodes: u64,
    pub reason: Reason,
}

/// The search state kept between moves: the transposition table.
pub struct Searcher {
    tt: Table,
}

/// One search: the table it learns into, the control it answers to, and
/// its counters.
struct Run<'a, 'c> {
    tt: &'a mut Table,
    control: &'a mut SearchControl<'c>,
    nodes: u64,
    node_limit: u64,
    /// Hard stop of the alpha-beta part, in the control's milliseconds.
    deadline: Option<u64>,
    stopped: bool,
    /// Whether the current iteration cut a line at its depth (rather than
    /// at a five, a full board or a proven score). An iteration that never
    /// does has searched everything its move choice allows: a deeper one
    /// would search the same tree again.
    horizon: bool,
    /// Per ply, the last two moves that cut off a sibling's search (the
    /// killer heuristic): quiet moves that refuted one line often refute
    /// its neighbours, so they are tried right after the table's move.
    killers: Vec<[Option<Point>; 2]>,
    /// The move generator's scratch list of order keys, kept between
    /// nodes so that it is allocated once.
    order_keys: Vec<u64>,
}

/// Default table size when the manager sets no memory limit.
pub const DEFAULT_TT_BYTES: usize = 32 << 20;

enum Candidates {
    /// A four that cannot be stopped.
    Win(Point),
    /// The moves, and whether they answer an opponent's threat of an
    /// unstoppable four (then every one is a defence: none is reduced).
    Moves(Vec<Point>, bool),
}

impl Searcher {
    /// A searcher whose transposition table takes at most `tt_bytes`.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: Table::with_bytes(tt_bytes),
        }
    }

    /// Bytes used by the transposition table.
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Picks a move for `me` under `control`. The board is returned
    /// unchanged.
    pub fn search(
        &mut self,
        board: &mut Board,
        me: Color,
        limits: &Limits,
        control: &mut SearchControl<'_>,
    ) -> SearchResult {
        Run {
            tt: &mut self.tt,
            control,
            nodes: 0,
            node_limit: limits.nodes,
            deadline: None,
            stopped: false,
            horizon: false,
            killers: Vec::new(),
            order_keys: Vec::new(),
        }
        .search(board, me, limits)
    }
}

impl Run<'_, '_> {
    fn search(&mut self, board: &mut Board, me: Color, limits: &Limits) -> SearchResult {
        let start = self.control.elapsed_ms();
        let opp = me.opponent();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            reason: Reason::NoMove,
        };
        if board.is_full() {
            return result;
        }
        if board.stone_counts() == (0, 0) {
            let centre = Point::new(board.width() / 2, board.height() / 2);
            if board.allowed(centre, me) {
                result.best = Some(centre);
                result.reason = Reason::Opening;
                return result;
            }
        }
        if let Some(&p) = board.five_points(me).first() {
            result.best = Some(p);
            result.score = WIN - 1;
            result.reason = Reason::Five;
            return result;
        }
        let opp_fives = board.five_points(opp);
        if !opp_fives.is_empty() && board.rule().caro {
            // A completion point if one holds, else a cap.
            let stop = board.five_stops(opp).first().copied();
            result.best = stop.or_else(|| any_allowed(board, me));
            result.score = if stop.is_some() { 0 } else { -(WIN - 2) };
            result.reason = Reason::BlockFive;
            return result;
        }
        if !opp_fives.is_empty() {
            let block = opp_fives.iter().copied().find(|&p| board.allowed(p, me));
            result.best = block.or_else(|| any_allowed(board, me));
            result.score = if opp_fives.len() > 1 { -(WIN - 2) } else { 0 };
            result.reason = Reason::BlockFive;
            return result;
        }

        // Threat-space search: a win by fours, then by threes and fours.
        let fraction = |f: f64| {
            limits
                .deadline
                .map(|d| start + (d.hard_ms.saturating_sub(start) as f64 * f) as u64)
        };
        let vcf_limits = ThreatLimits {
            depth: 30,
            nodes: limits.nodes.min(50_000),
            deadline: fraction(0.08),
        };
        let mut threats = ThreatSearch::with_control(board, me, vcf_limits, &*self.control);
        let vcf = threats.vcf();
        result.nodes += threats.nodes();
        if let Some(line) = vcf {
            result.best = Some(line[0]);
            result.score = WIN - line.len() as i32;
            result.reason = Reason::Vcf;
            self.report_line(&result, line);
            return result;
        }
        let vct_limits = ThreatLimits {
            depth: 6,
            nodes: limits.nodes.min(30_000),
            deadline: fraction(0.1),
        };
        let mut threats = ThreatSearch::with_control(board, me, vct_limits, &*self.control);
        let vct = threats.vct();
        result.nodes += threats.nodes();
        if let Some(line) = vct {
            result.best = Some(line[0]);
            result.score = WIN - line.len() as i32;
            result.reason = Reason::Vct;
            self.report_line(&result, line);
            return result;
        }

        let mut moves = match self.candidates(board, me, ROOT_WIDTH) {
            Candidates::Win(p) => {
                result.best = Some(p);
                result.score = WIN - 3;
                result.reason = Reason::Vcf;
                return result;
            }
            Candidates::Moves(m, _) => m,
        };
        if moves.is_empty() {
            // Only forbidden or far-away points are left: any legal one.
            result.best = any_allowed(board, me);
            result.reason = if result.best.is_some() {
                Reason::Search
            } else {
                Reason::NoMove
            };
            return result;
        }
        // Refuse moves after which the opponent wins by fours, when some
        // move avoids that.
        let opp_vcf_limits = ThreatLimits {
            depth: 20,
            nodes: limits.nodes.min(3_000),
            deadline: fraction(0.3),
        };
        let mut opp_threats =
            ThreatSearch::with_control(board, opp, opp_vcf_limits, &*self.control);
        let opp_vcf = opp_threats.vcf();
        result.nodes += opp_threats.nodes();
        if opp_vcf.is_some() {
            let safe: Vec<Point> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    board.make(m, me);
                    let mut after =
                        ThreatSearch::with_control(board, opp, opp_vcf_limits, &*self.control);
                    let loses = after.vcf().is_some();
                    result.nodes += after.nodes();
                    board.undo();
                    !loses
                })
                .collect();
            if !safe.is_empty() {
                moves = safe;
            }
        }

        result.best = Some(moves[0]);
        result.reason = Reason::Search;
        self.deadline = fraction(1.0 - SAFETY_CHECK_SHARE);
        for depth in 1..=limits.depth.max(1) {
            if self.control.stop_requested() {
                break;
            }
            self.horizon = false;
            let Some((best, score)) = self.root(board, me, &mut moves, depth as i32) else {
                break;
            };
            result.best = Some(best);
            result.score = score;
            result.depth = depth;
            if !self.stopped {
                let pv = self.principal_line(board, me, best, depth as usize);
                self.control.report(&Progress {
                    depth,
                    score,
                    nodes: result.nodes + self.nodes,
                    pv,
                });
            }
            // The natural end: a proven result, a forced move, or a tree
            // that no longer reaches its depth.
            if self.stopped || score.abs() >= WIN_BOUND || moves.len() == 1 || !self.horizon {
                break;
            }
            // No iteration starts after the caller's soft limit. The
            // Gomocup clock sets it at the deadline: a cut iteration still
            // answers from the moves it searched fully (see `root`).
            if limits
                .deadline
                .is_some_and(|d| !d.may_start_step(self.control.elapsed_ms()))
            {
                break;
            }
        }
        result.nodes += self.nodes;
        if result.score > -WIN_BOUND && result.score < WIN_BOUND {
            self.safety_check(board, me, &moves, &mut result, fraction(1.0));
        }
        result
    }

    /// Before playing a quiet move, make sure the opponent has no win by
    /// threats after it (the search may be too shallow to see one); take
    /// the next candidate that leaves none, if any does.
    fn safety_check(
        &mut self,
        board: &mut Board,
        me: Color,
        moves: &[Point],
        result: &mut SearchResult,
        deadline: Option<u64>,
    ) {
        // A deeper check (depth 6, 12,000 nodes) was measured and not kept:
        // self-play at 200 ms a move against main's build, seed 254 (the
        // command of be28659's note), +93 =2 -105, 47.0 %, Elo -21 [-70, +27].
        let limits = ThreatLimits {
            depth: 4,
            nodes: 4_000,
            deadline,
        };
        let Some(best) = result.best else {
            return;
        };
        let order = std::iter::once(best).chain(moves.iter().copied().filter(|&m| m != best));
        for m in order.take(8) {
            board.make(m, me);
            let mut opponent =
                ThreatSearch::with_control(board, me.opponent(), limits, &*self.control);
            let loses = opponent.vct().is_some();
            result.nodes += opponent.nodes();
            board.undo();
            if !loses {
                result.best = Some(m);
                return;
            }
            if self.out_of_time(deadline) {
                return;
            }
        }
    }

    /// One iteration at the root, the last iteration's best first
    /// (iterative deepening with a partial last iteration). Cut short, it
    /// answers only from moves searched fully: nothing if the first one
    /// was not (the caller keeps the last iteration's move), else the
    /// first, or a later move whose own search (null window, then full
    /// window) finished above it.
    fn root(
        &mut self,
        board: &mut Board,
        me: Color,
        moves: &mut [Point],
        depth: i32,
    ) -> Option<(Point, i32)> {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(usize, i32)> = None;
        for (i, &m) in moves.iter().enumerate() {
            board.make(m, me);
            let score = if i == 0 {
                -self.pvs(board, me.opponent(), depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.pvs(board, me.opponent(), depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    -self.pvs(board, me.opponent(), depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            board.undo();
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((i, score));
            }
        }
        let (i, score) = best?;
        moves[..=i].rotate_right(1);
        Some((moves[0], score))
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        // The stop flag is one load; the clock is read less often.
        if self.control.stop_requested()
            || (self.nodes & 255 == 0 && self.out_of_time(self.deadline))
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the caller asked for the move or `deadline` has passed.
    fn out_of_time(&self, deadline: Option<u64>) -> bool {
        self.control.stop_requested() || deadline.is_some_and(|d| self.control.elapsed_ms() >= d)
    }

    /// Reports a winning threat sequence as a finished search.
    fn report_line(&mut self, result: &SearchResult, line: Vec<Point>) {
        self.control.report(&Progress {
            depth: line.len() as u32,
            score: result.score,
            nodes: result.nodes,
            pv: line,
        });
    }

    /// The expected line after `first`: the table's best moves, followed
    /// while they are legal and the game goes on, at most `len` moves.
    fn principal_line(&self, board: &mut Board, me: Color, first: Point, len: usize) -> Vec<Point> {
        let mut pv = vec![first];
        board.make(first, me);
        let mut side = me.opponent();
        while pv.len() < len && !board.is_win_at(pv[pv.len() - 1]) {
            let Some(p) = self.tt.probe(tt_key(board, side)).and_then(|e| e.best) else {
                break;
            };
            if !board.allowed(p, side) {
                break;
            }
            board.make(p, side);
            pv.push(p);
            side = side.opponent();
        }
        for _ in &pv {
            board.undo();
        }
        pv
    }

    /// Principal-variation search from `me`'s point of view.
    fn pvs(
        &mut self,
        board: &mut Board,
        me: Color,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if !self.tick() {
            return 0;
        }
        let opp = me.opponent();
        if board.has_five_point(me) {
            return WIN - ply;
        }
        let opp_fives = board.five_points(opp);
        // Under caro two completion points may still be held by a cap.
        let caro = board.rule().caro;
        if opp_fives.len() >= 2 && !caro {
            return -(WIN - ply - 1);
        }
        if board.is_full() || !board.codes().any_shape(me, B1) && !board.codes().any_shape(opp, B1)
        {
            return 0;
        }
        if depth <= 0 && opp_fives.is_empty() {
            self.horizon = true;
            return self.quiesce(board, me, ply);
        }
        let key = tt_key(board, me);
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            let score = from_tt(e.score, ply);
            if e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    self.horizon |= !e.complete;
                    return score;
                }
            }
        }
        let mut defending = true;
        let mut moves = if caro && !opp_fives.is_empty() {
            let stops = board.five_stops(opp);
            if stops.is_empty() {
                return -(WIN - ply - 1);
            }
            stops
        } else if let Some(&block) = opp_fives.first() {
            if !board.allowed(block, me) {
                return -(WIN - ply - 1);
            }
            vec![block]
        } else {
            match self.candidates(board, me, TREE_WIDTH) {
                Candidates::Win(_) => return WIN - ply - 2,
                Candidates::Moves(m, threatened) => {
                    defending = threatened;
                    m
                }
            }
        };
        if moves.is_empty() {
            return 0;
        }
        self.order_killers(&mut moves, ply);
        if let Some(t) = tt_move
            && let Some(i) = moves.iter().position(|&m| m == t)
        {
            moves[..=i].rotate_right(1);
        }
        // A forced reply costs no depth: fours are searched to the end.
        // So do the few answers to a threat of an open four: the
        // opponent's threat sequences (his VCT) are read twice as deep.
        let extend = moves.len() == 1 || (defending && moves.len() <= DEFENCE_EXTENSION_WIDTH);
        let next = if extend { depth } else { depth - 1 };
        let pv_node = beta - alpha > 1;
        // No threat to answer and a choice of moves: the shallow prunings
        // below may skip what is left.
        let quiet_node = !defending && opp_fives.is_empty() && moves.len() > 1;
        if !pv_node && quiet_node && depth <= 2 && beta.abs() < WIN_BOUND {
            let eval = evaluate(board, me);
            if eval - FUTILITY_MARGIN * depth >= beta {
                self.horizon = true;
                return eval;
            }
        }
        let alpha0 = alpha;
        // Whether this node's own subtree reaches the horizon.
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let threat = board.codes().class(m.x, m.y, me) >= C_FLEX3;
            let blocks = board.codes().class(m.x, m.y, opp) >= C_BLOCK4;
            if quiet_node
                && !pv_node
                && (1..=3).contains(&depth)
                && best_score > -WIN_BOUND
                && !threat
                && i >= LATE_MOVE_COUNT[depth as usize]
            {
                self.horizon = true;
                continue;
            }
            board.make(m, me);
            let score = if i == 0 {
                -self.pvs(board, opp, next, -beta, -alpha, ply + 1)
            } else {
                let r = if !self.makes_four(board, me) {
                    late_move_reduction(depth, i) - i32::from(pv_node) - i32::from(threat)
                } else if defending && !blocks {
                    distraction_reduction(board, m)
                } else {
                    0
                };
                let reduced = (next - r).clamp(1, next.max(1));
                let mut s = if reduced < next {
                    -self.pvs(board, opp, reduced, -alpha - 1, -alpha, ply + 1)
                } else {
                    alpha + 1
                };
                if s > alpha && !self.stopped {
                    s = -self.pvs(board, opp, next, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.pvs(board, opp, next, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            board.undo();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if moves.len() > 1 {
                    self.add_killer(m, ply);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let complete = !self.horizon;
        self.horizon |= outer_horizon;
        self.tt.store(Entry {
            key,
            score: to_tt(best_score, ply),
            depth: depth as i16,
            bound,
            best: best_move,
            complete,
        });
        best_score
    }

    /// Whether the stone `me` just played threatens five.
    fn makes_four(&self, board: &Board, me: Color) -> bool {
        board.has_five_point(me)
    }

    /// Moves this ply's killers that are among `moves` to its front (the
    /// table's move then goes before them).
    fn order_killers(&mut self, moves: &mut [Point], ply: i32) {
        let Some(&killers) = self.killers.get(ply as usize) else {
            return;
        };
        let mut front = 0;
        for k in killers.into_iter().flatten() {
            if let Some(i) = moves[front..].iter().position(|&m| m == k) {
                moves[front..=front + i].rotate_right(1);
                front += 1;
            }
        }
    }

    fn add_killer(&mut self, m: Point, ply: i32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
    }

    /// Leaf: a four that cannot be stopped wins in three plies (the
    /// opponent has no five to play, the caller checked); otherwise the
    /// line scores.
    fn quiesce(&mut self, board: &mut Board, me: Color, ply: i32) -> i32 {
        // Under caro a four with two completion points can still be held
        // by capping an end: no win is claimed without searching it.
        if board.rule().caro {
            return evaluate(board, me);
        }
        if !board.codes().any_shape(me, B4) {
            return evaluate(board, me);
        }
        // Under freestyle the codes' open fours are the rule's: the class
        // counts answer at once.
        if board.rule() == Rule::FREESTYLE {
            if board.codes().any_class(me, C_FLEX4) {
                return WIN - ply - 2;
            }
        } else {
            for y in 0..board.height() {
                for x in 0..board.width() {
                    let p = Point::new(x, y);
                    if board.is_empty(p)
                        && board.codes().class(x, y, me) >= C_FLEX4
                        && board.shape(p, me, false).winning_four()
                        && board.allowed(p, me)
                    {
                        return WIN - ply - 2;
                    }
                }
            }
        }
        // A short VCF at the leaf: fours force their answers, so a win by
        // fours is a fact of the position, not a matter of depth.
        let limits = ThreatLimits {
            depth: LEAF_VCF_DEPTH,
            nodes: LEAF_VCF_NODES,
            deadline: self.deadline,
        };
        let mut threats = ThreatSearch::with_control(board, me, limits, &*self.control);
        if let Some(line) = threats.vcf() {
            return WIN - ply - line.len() as i32;
        }
        evaluate(board, me)
    }

    /// Moves worth searching for `me`, best first, read off the pattern
    /// codes (Rapfi's move generation): a point where `me` makes an open
    /// four or a double four wins at once; when the opponent has such a
    /// point (an open three, a four-three to be), only our fours and his
    /// four points (the points that spoil it) are kept ("if opponent has
    /// an open 3 and can make an open 4, block it"); otherwise the points
    /// of the highest attack plus defence value, at most `width`.
    fn candidates(&mut self, board: &mut Board, me: Color, width: usize) -> Candidates {
        let opp = me.opponent();
        // Under freestyle the codes are exact; other rules confirm with
        // the rule-aware shape reader.
        let exact = board.rule() == Rule::FREESTYLE;
        let caro = board.rule().caro;
        // One pass over the codes: every point's order key; and, when
        // the codes show a four to make for either side, aside the points
        // where one is made, which need a closer look in board order.
        let mut scored = std::mem::take(&mut self.order_keys);
        scored.clear();
        let codes = board.codes();
        codes.each_scored(me, |x, y, score| {
            scored.push(order_key(score, Point::new(x, y)))
        });
        let mut fourish: Vec<(Point, u8, u8, i32)> = Vec::new();
        if codes.any_class(me, C_BLOCK4) || codes.any_class(opp, C_BLOCK4) {
            for p in board.points() {
                let (mine, theirs) = (codes.class(p.x, p.y, me), codes.class(p.x, p.y, opp));
                if mine >= C_BLOCK4 || theirs >= C_BLOCK4 {
                    fourish.push((p, mine, theirs, codes.move_score(p.x, p.y, me)));
                }
            }
        }
        let mut fours = Vec::new();
        let mut defences = Vec::new();
        let mut opp_threat = false;
        for &(p, mine, theirs, score) in &fourish {
            if mine >= C_BLOCK4 {
                let (four, wins) = if exact {
                    (true, mine >= C_FLEX4)
                } else {
                    let s = board.shape(p, me, false);
                    (s.fours > 0 && board.allowed(p, me), s.winning_four())
                };
                if four {
                    if wins && !caro {
                        self.order_keys = scored;
                        return Candidates::Win(p);
                    }
                    fours.push((p, score));
                }
            }
            if theirs >= C_BLOCK4 {
                defences.push(order_key(score, p));
                if !opp_threat
                    && theirs >= C_FLEX4
                    && (exact
                        || (board.shape(p, opp, false).winning_four() && board.allowed(p, opp)))
                {
                    opp_threat = true;
                }
            }
        }
        let moves: &mut Vec<u64> = if opp_threat {
            for &(f, score) in &fours {
                if !defences.contains(&order_key(score, f)) {
                    // Our fours first: they force the answer.
                    defences.push(order_key(i32::MAX, f));
                }
            }
            &mut defences
        } else {
            for &(f, score) in &fours {
                if let Some(m) = scored.iter_mut().find(|k| **k == order_key(score, f)) {
                    *m = order_key(score.max(i32::MAX / 2), f);
                }
            }
            &mut scored
        };
        let keep = if opp_threat {
            moves.len()
        } else {
            width.max(fours.len()).min(moves.len())
        };
        keep_best(moves, keep);
        let mut moves: Vec<Point> = moves.iter().map(|&k| order_point(k)).collect();
        self.order_keys = scored;
        if !exact {
            moves.retain(|&p| board.allowed(p, me));
        }
        if moves.is_empty() && !opp_threat {
            // Nothing on any line of a stone (a nearly empty board): the
            // neighbours of the stones.
            moves = board.neighbourhood(2);
            moves.retain(|&p| board.allowed(p, me));
        }
        Candidates::Moves(moves, opp_threat)
    }
}

/// A candidate's score and point in one word, so that the best of a
/// node's moves are found by comparing integers: the higher score first,
/// on equal scores the lower point (by column, then row).
fn order_key(score: i32, p: Point) -> u64 {
    let biased = (i64::from(score) - i64::from(i32::MIN)) as u64;
    (biased << POINT_BITS) | (POINT_MASK - (p.x * MAX_SIDE + p.y)) as u64
}

fn order_point(key: u64) -> Point {
    let index = POINT_MASK - (key as usize & POINT_MASK);
    Point::new(index / MAX_SIDE, index % MAX_SIDE)
}

/// Bits of an order key that hold the point: every point of the largest
/// board, column by column.
const POINT_BITS: u32 = (MAX_SIDE * MAX_SIDE).next_power_of_two().trailing_zeros();
const POINT_MASK: usize = (1 << POINT_BITS) - 1;

/// Leaves the `keep` highest keys in `keys`, highest first: they are
/// gathered by insertion (a node keeps a dozen of two hundred points, and
/// most fall below the dozen at one comparison).
fn keep_best(keys: &mut Vec<u64>, keep: usize) {
    if keep >= keys.len() {
        keys.sort_unstable_by(|a, b| b.cmp(a));
        return;
    }
    keys[..keep].sort_unstable_by(|a, b| b.cmp(a));
    for i in keep..keys.len() {
        let k = keys[i];
        if keep == 0 || k <= keys[keep - 1] {
            continue;
        }
        let mut j = keep - 1;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
    keys.truncate(keep);
}

/// Plies to the end of a proven result: positive when the side to move
/// wins, negative when it loses; `None` for a judgement of the position.
pub fn plies_to_end(score: i32) -> Option<i32> {
    if score >= WIN_BOUND {
        Some(WIN - score)
    } else if score <= -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// Static evaluation for the side to move: the values of the empty
/// points by their pattern codes ([`super::codes`]), ours (as the side to
/// move) minus theirs (as the side that just moved), plus the move and
/// the threats.
pub fn evaluate(board: &Board, me: Color) -> i32 {
    let codes = board.codes();
    let opp = me.opponent();
    codes.total(me) - codes.total_waiting(opp)
        + TEMPO
        + threat_bonus(board, me)
        + threat_terms(board, me)
}

/// Flags of Rapfi's threat mask (`makeThreatMask`) beyond the five and
/// the open four, each worth its own fitted number of points
/// ([`THREAT_TERMS`]): which of the two sides can make a four with a
/// second threat, a four, a three with a second threat, an open three,
/// and whether the opponent has an open four to make (the side to move
/// must answer it). The side to move's threats are a tempo ahead of the
/// same threats of the opponent, which the point values cannot say.
pub const THREAT_FLAGS: usize = 9;

/// Points of each of [`threat_flags`], fitted (see [`super::codes::SHAPE_VALUE`]).
pub const THREAT_TERMS: [i32; THREAT_FLAGS] = [47, 50, 109, 91, -50, 44, 41, 2, 39];

/// The side to move's threat flags, in [`THREAT_TERMS`] order: ours
/// (four-plus, four, three-plus, three), the opponent's open four to
/// make, then his (four-plus, four, three-plus, three).
pub fn threat_flags(board: &Board, me: Color) -> [bool; THREAT_FLAGS] {
    let codes = board.codes();
    let opp = me.opponent();
    let has = |c: Color, class: u8| codes.class_count(c, class) > 0;
    let side = |c: Color| {
        [
            has(c, C_BLOCK4_PLUS) || has(c, C_BLOCK4_FLEX3),
            has(c, C_BLOCK4),
            has(c, C_FLEX3_PLUS) || has(c, C_FLEX3_2X),
            has(c, C_FLEX3),
        ]
    };
    let (mine, theirs) = (side(me), side(opp));
    [
        mine[0],
        mine[1],
        mine[2],
        mine[3],
        codes.any_class(opp, C_FLEX4),
        theirs[0],
        theirs[1],
        theirs[2],
        theirs[3],
    ]
}

fn threat_terms(board: &Board, me: Color) -> i32 {
    threat_flags(board, me)
        .iter()
        .zip(THREAT_TERMS)
        .map(|(&f, v)| if f { v } else { 0 })
        .sum()
}

/// What the side to move's threats are worth beyond their points (Rapfi's
/// threat term): a double three or a four-three to play, with no four for
/// the opponent to interpose, is nearly a win; one the opponent could play
/// next must be parried, which costs the move.
fn threat_bonus(board: &Board, me: Color) -> i32 {
    let codes = board.codes();
    let opp = me.opponent();
    let opp_fours = codes.any_class(opp, C_BLOCK4);
    let mine = codes.class_count(me, C_BLOCK4_FLEX3) + codes.class_count(me, C_FLEX3_2X);
    if mine > 0 && !opp_fours {
        return THREAT_WIN;
    }
    let theirs = codes.class_count(opp, C_BLOCK4_FLEX3) + codes.class_count(opp, C_FLEX3_2X);
    if theirs > 0 && !codes.any_class(me, C_BLOCK4) {
        return -THREAT_PARRY;
    }
    0
}

fn any_allowed(board: &mut Board, me: Color) -> Option<Point> {
    let points: Vec<Point> = board.points().collect();
    points.into_iter().find(|&p| board.allowed(p, me))
}

/// The table key of `board` with `me` to move.
fn tt_key(board: &Board, me: Color) -> u64 {
    board.key() ^ if me == Color::White { WHITE_TO_MOVE } else { 0 }
}

fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score + ply
    } else if score <= -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score - ply
    } else if score <= -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move generator ranks candidates by their order keys: a higher
    /// score first, on equal scores the lower point, and every point of
    /// the largest board comes back out of its key.
    #[test]
    fn order_keys_rank_by_score_then_point() {
        for x in 0..MAX_SIDE {
            for y in 0..MAX_SIDE {
                for score in [i32::MIN, -7, 0, 7, i32::MAX] {
                    assert_eq!(
                        order_point(order_key(score, Point::new(x, y))),
                        Point::new(x, y)
                    );
                }
            }
        }
        let (a, b) = (Point::new(3, 9), Point::new(4, 0));
        assert!(order_key(5, b) > order_key(4, a));
        assert!(order_key(4, a) > order_key(4, b));
        assert!(order_key(-1, a) < order_key(0, b));
    }
}
