//! The recursive search (`Search`, `LoopBody`, `Update`) and the capture
//! search at the horizon.

use super::SearchReport;
use super::moves::encode;
use super::ordering::{counter_index, history_index, mvv_lva, pick, score_moves};
use super::score::{INFINITY, MATE, MATE_BOUND, from_tt, to_tt};
use super::see::see;
use super::tt::{Bound, Entry, NO_EVAL};
use super::{MAX_PLY, Searcher};
use crate::chess::eval::leaf::{leaf_white_placed, placement_delta};
use crate::chess::eval::{TEMPO, apply_draw_rules, material, sign};
use crate::chess::{Board, Color, Move, MoveList, Role};
use crate::control::Control;

/// How often (in nodes) the clock and the stop flag are looked at.
pub(super) const CHECK_EVERY: u64 = 1024;

/// Futility margins by remaining depth (points).
const FUTILITY_MARGIN: [i32; 4] = [0, 300, 520, 760];

/// Reverse futility pruning ("static null move", `002_…` part II): at
/// shallow depth a node whose static value beats beta by this much per
/// remaining ply (one ply less when the side is improving) is not searched
/// (points).
const REVERSE_FUTILITY_MARGIN: i32 = 200;
const REVERSE_FUTILITY_DEPTH: i32 = 6;

/// Razoring margins by remaining depth (points): a node whose static
/// value lies this far below alpha is settled by a null-window capture
/// search at alpha when that does not reach alpha either (a quiet move
/// that near the horizon seldom wins back so much).
const RAZOR_MARGIN: [i32; 3] = [0, 640, 960];

/// Internal iterative reduction from this remaining depth on.
const IIR_DEPTH: i32 = 4;

/// Late-move pruning: at remaining depth d a quiet move that comes after
/// this many moves in the handbook's order is not tried (a cut-off that
/// late is rare enough not to pay for the search). Half as many when the
/// side to move is not improving.
const LATE_MOVE_COUNT: [usize; 5] = [0, 5, 8, 13, 20];

/// Exchange pruning in the main search: up to this remaining depth, a
/// quiet move (capture) that loses more than the margin per ply by static
/// exchange is not tried (points).
const SEE_PRUNE_DEPTH: i32 = 6;
const SEE_QUIET_MARGIN: i32 = 64;
const SEE_CAPTURE_MARGIN: i32 = 128;

/// Capture-search delta margin: a capture that cannot lift the score near
/// alpha even with this much positional gain is not tried (300 measured
/// level in session 40: `mod.rs`).
const DELTA_MARGIN: i32 = 200;

/// Late-move reduction in plies for (depth, move number), from a table
/// for the usual range (two logarithms at every late move showed in
/// `perf`).
#[inline]
fn reduction(depth: i32, move_number: usize) -> i32 {
    let d = depth.max(1) as usize;
    let m = move_number.max(1);
    if d < REDUCTION_RANGE && m < REDUCTION_RANGE {
        i32::from(REDUCTIONS[d][m])
    } else {
        reduction_formula(d, m)
    }
}

/// Depths and move numbers below this come from [`REDUCTIONS`].
const REDUCTION_RANGE: usize = 64;

static REDUCTIONS: std::sync::LazyLock<[[u8; REDUCTION_RANGE]; REDUCTION_RANGE]> =
    std::sync::LazyLock::new(|| {
        let mut t = [[0; REDUCTION_RANGE]; REDUCTION_RANGE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = reduction_formula(d, m) as u8;
            }
        }
        t
    });

/// Late-move reduction from ln(depth)·ln(moves) (depth and move number at
/// least 1).
fn reduction_formula(depth: usize, move_number: usize) -> i32 {
    let d = depth as f64;
    let m = move_number as f64;
    (0.5 + d.ln() * m.ln() / 2.5) as i32
}

impl Searcher {
    /// Whether the search must stop now: node limit (checked every node,
    /// so `go nodes N` is reproducible with one thread), then every
    /// [`CHECK_EVERY`] nodes the node limit on all threads' nodes, the hard
    /// time limit and the stop flag.
    #[inline]
    pub(super) fn out_of_budget(&mut self, observer: &dyn Control<SearchReport>) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.aborted = self.poll(observer);
        }
        self.aborted
    }

    /// The checks made every [`CHECK_EVERY`] nodes; true to stop.
    fn poll(&mut self, observer: &dyn Control<SearchReport>) -> bool {
        self.role.publish_nodes(self.nodes);
        if self.role.total_nodes(self.nodes) >= self.node_limit {
            return true;
        }
        if self.must_finish {
            return false;
        }
        let late = self
            .hard_limit
            .is_some_and(|hard| observer.clock_running() && observer.elapsed_ms() >= hard);
        late || observer.stop_requested()
    }

    /// The static evaluation of the node at `ply`, side to move's view,
    /// with the tempo and the 10/48-move draw scaling.
    pub(super) fn evaluate(&self, board: &Board, ply: usize) -> i32 {
        with_draw_rules(self.raw_evaluate(board, ply), board)
    }

    /// The static evaluation before the draw rules, taken from the table
    /// entry when this search already computed it: the leaf terms are the
    /// costliest part of a node, and a transposition has the same value.
    fn cached_evaluate(&self, entry: Option<&Entry>, board: &Board, ply: usize) -> i32 {
        match entry {
            Some(e) if e.eval != NO_EVAL => i32::from(e.eval),
            _ => self.raw_evaluate(board, ply),
        }
    }

    /// The static evaluation with the tempo, side to move's view, before
    /// the draw rules (which depend on the move clock, not on the position
    /// the table keys).
    fn raw_evaluate(&self, board: &Board, ply: usize) -> i32 {
        let evaluator = self.evaluator.as_ref().expect("evaluator set at the root");
        let frame = &self.stack[ply];
        let (white, tempo) = if evaluator.mating.is_some() {
            (evaluator.mating_white(board), 0)
        } else {
            debug_assert_eq!(
                frame.static_white,
                evaluator.static_white(board),
                "incremental evaluation drifted from the from-scratch twin at {}",
                board.to_fen()
            );
            (
                frame.static_white + frame.bonus_white + leaf_white_placed(board, frame.placement),
                TEMPO,
            )
        };
        (sign(board.side_to_move()) * white + tempo).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Plays `mv` and sets up the next frame (Turbo Chess `Update`: the
    /// incremental evaluation via `StateValu`).
    pub(super) fn make_move(&mut self, board: &mut Board, mv: Move, ply: usize) {
        self.tt.prefetch(board.key_after(mv));
        let evaluator = self.evaluator.as_ref().expect("evaluator set at the root");
        let us = board.side_to_move();
        let mut next = self.stack[ply];
        let delta = evaluator.move_delta(board, mv, &mut next.files);
        next.static_white += sign(us) * delta;
        next.bonus_white += sign(us) * evaluator.move_bonus(board, mv);
        next.placement += placement_delta(board, mv);
        next.last_move = Some(mv);
        next.static_eval = None;
        next.in_check = None;
        board.make(mv);
        self.stack[ply + 1] = next;
        self.nodes += 1;
    }

    /// Whether the side to move at `ply` is in check: from the frame when
    /// the parent knew it, else from the board.
    #[inline]
    fn in_check(&self, board: &Board, ply: usize) -> bool {
        let known = self.stack[ply].in_check;
        debug_assert!(known.is_none_or(|c| c == board.in_check()));
        known.unwrap_or_else(|| board.in_check())
    }

    pub(super) fn unmake_move(&mut self, board: &mut Board) {
        board.unmake();
    }

    /// The improving flag (Stockfish's `improving`): the
    /// static value stands higher than at this side's previous node, two
    /// plies up (four when that one was in check). A side that is not
    /// improving is pruned harder; with nothing to compare, it counts as
    /// improving.
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        let earlier = |back: usize| {
            ply.checked_sub(back)
                .and_then(|p| self.stack[p].static_eval)
        };
        earlier(2)
            .or_else(|| earlier(4))
            .is_none_or(|before| static_eval > before)
    }

    /// Principal variation search below the root. `depth` is in plies;
    /// checking moves (unless the checker is lost by exchange) and pawns
    /// reaching the 7th rank do not use one.
    ///
    /// `PV` is the node type (Stockfish's `template<NodeType>`): a PV node
    /// is searched with an open window and keeps its principal line; a
    /// non-PV node has a null window and may be pruned.
    ///
    /// `cut_node` marks a non-PV node expected to fail high (Knuth and
    /// Moore's type-2 node, Stockfish's `cutNode`): the first move of a
    /// cut node leads to an expected all-node, the null-window search of
    /// every later move (and of every move of an all-node) to an expected
    /// cut node; a re-search at full depth, after the reduced search beat
    /// alpha, flips the parent's type as the first move does.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pvs<const PV: bool>(
        &mut self,
        board: &mut Board,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
        observer: &dyn Control<SearchReport>,
    ) -> i32 {
        debug_assert!(!(PV && cut_node));
        self.pv[ply].clear();
        if self.out_of_budget(observer) {
            return 0;
        }
        let in_check = self.in_check(board, ply);
        if depth <= 0 && !in_check {
            return self.quiesce(board, alpha, beta, ply, observer);
        }
        self.seldepth = self.seldepth.max(ply);

        // Draw rules: repetition inside the tree or a third occurrence,
        // the 50-move rule, insufficient material.
        let repetitions = board.repetitions(self.root_ply);
        if repetitions.since_mark || repetitions.count >= 2 || board.halfmove_clock() >= 100 {
            return 0;
        }
        let second_repetition = repetitions.count == 1;
        let files = self.stack[ply].files.0;
        if files[0].iter().chain(files[1].iter()).all(|&n| n == 0)
            && board.is_insufficient_material()
        {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        // Mate-distance pruning: no line from here can beat a mate already
        // found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = board.key();
        let entry = self.tt.probe(key);
        let hash_move = entry.map_or(0, |e| e.mv);
        if let Some(e) = entry
            && !PV
            && !second_repetition
            && i32::from(e.depth) >= depth
            && let Some(score) = tt_cutoff(&e, ply, alpha, beta)
        {
            return score;
        }

        // Internal iterative reduction: a node the table knows no move for
        // was not worth searching before, and is searched a ply shallower
        // (the next iteration finds it with a move to try first).
        if hash_move == 0 && depth >= IIR_DEPTH && !self.exhaustive {
            depth -= 1;
        }

        let raw_eval = if in_check {
            None
        } else {
            Some(self.cached_evaluate(entry.as_ref(), board, ply))
        };
        let plain_eval = raw_eval.map_or(-INFINITY, |e| with_draw_rules(e, board));
        // A table score whose bound lies beyond the static value, on the
        // side the bound points to, is the better guess of this node's
        // value for the pruning decisions below (a searched value refines
        // the static one).
        let static_eval = match entry {
            Some(e) if !in_check => {
                let score = from_tt(i32::from(e.score), ply);
                let sharper = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score > plain_eval,
                    Bound::Upper => score < plain_eval,
                };
                if sharper && score.abs() < MATE_BOUND {
                    score
                } else {
                    plain_eval
                }
            }
            _ => plain_eval,
        };

        self.stack[ply].static_eval = raw_eval.map(|_| static_eval);
        let improving = !in_check && self.improving(ply, static_eval);

        let us = board.side_to_move();
        let selective = !self.exhaustive && !PV && !in_check;
        // Two null moves in a row would only search the same position
        // shallower.
        let after_null = self.stack[ply].last_move.is_none();

        if selective
            && depth <= REVERSE_FUTILITY_DEPTH
            && static_eval - REVERSE_FUTILITY_MARGIN * (depth - i32::from(improving)) >= beta
            && beta.abs() < MATE_BOUND
        {
            return static_eval;
        }

        if selective
            && self.features.razoring
            && depth < RAZOR_MARGIN.len() as i32
            && static_eval + RAZOR_MARGIN[depth as usize] <= alpha
            && alpha.abs() < MATE_BOUND
        {
            let value = self.quiesce(board, alpha - 1, alpha, ply, observer);
            if value < alpha {
                return value;
            }
        }

        // Null-move pruning: if passing still beats beta, a real move will.
        if selective
            && self.features.null_move
            && !after_null
            && depth >= 2
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && has_officers(board, us)
        {
            // The further the static value stands above beta, the less
            // search the refutation needs (Stockfish's adaptive null-move
            // reduction): one more ply per pawn of surplus, at most three.
            let r = 3 + depth / 6 + ((static_eval - beta) / 256).min(3);
            let mut next = self.stack[ply];
            next.last_move = None;
            next.static_eval = None;
            // Not in check before passing, so the opponent is not either.
            next.in_check = Some(false);
            board.make_null();
            self.stack[ply + 1] = next;
            self.nodes += 1;
            let value = -self.pvs::<false>(
                board,
                -beta,
                -beta + 1,
                depth - 1 - r,
                ply + 1,
                !cut_node,
                observer,
            );
            board.unmake_null();
            if self.aborted {
                return 0;
            }
            if value >= beta {
                return if value >= MATE_BOUND { beta } else { value };
            }
        }

        let futile = selective
            && self.features.futility
            && depth < FUTILITY_MARGIN.len() as i32
            && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha
            && alpha.abs() < MATE_BOUND;

        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        if list.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let check_info = board.check_info();
        let killers = self.killers[ply];
        let last_move = self.stack[ply].last_move.filter(|m| !m.is_null());
        let counter_move =
            last_move.map_or(Move::NULL, |m| self.counter_moves[counter_index(!us, m)]);
        score_moves(
            board,
            &list,
            &mut self.scores[ply],
            hash_move,
            self.stack[ply].last_move,
            &killers,
            counter_move,
            &self.history,
            us,
        );

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        // Quiet moves searched without a cut-off, to lower their history
        // when a later move cuts off.
        let mut tried_quiets = [Move::NULL; 64];
        let mut tried = 0usize;
        for i in 0..list.len() {
            let mv = pick(&mut list, &mut self.scores[ply], i);
            let quiet = mv.captured.is_none() && mv.promotion().is_none();
            let is_killer = mv == killers[0] || mv == killers[1];
            // A move that checks is never pruned.
            let prunable = quiet
                && searched > 0
                && (futile
                    || (selective
                        && depth < LATE_MOVE_COUNT.len() as i32
                        && i >= LATE_MOVE_COUNT[depth as usize] / (2 - usize::from(improving))
                        && best > -MATE_BOUND));
            let gives_check = board.gives_check_with(mv, &check_info);
            debug_assert_eq!(gives_check, board.gives_check(mv), "{mv}");
            if prunable && !gives_check {
                continue;
            }
            // Near the horizon a move that loses material by exchange is
            // not tried: the margin grows with the depth left to win it back.
            if selective
                && depth <= SEE_PRUNE_DEPTH
                && searched > 0
                && !gives_check
                && best > -MATE_BOUND
            {
                let margin = if quiet {
                    SEE_QUIET_MARGIN
                } else {
                    SEE_CAPTURE_MARGIN
                };
                if see(board, mv) < -margin * depth {
                    continue;
                }
            }
            // A check that loses the checking piece is seldom worth a ply.
            let extend_check = gives_check && see(board, mv) >= 0;
            self.make_move(board, mv, ply);
            self.stack[ply + 1].in_check = Some(gives_check);
            // Turbo Chess `Update`: checks and pawns reaching the 7th rank
            // are not counted as a ply (bounded so the tree stays finite).
            let extend = (extend_check || reaches_seventh(mv, us)) && ply < 2 * MAX_PLY / 3;
            let new_depth = depth - 1 + i32::from(extend);
            let mut value;
            if searched == 0 {
                value = -self.pvs::<PV>(
                    board,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !PV && !cut_node,
                    observer,
                );
            } else {
                let mut r = 0;
                if !self.exhaustive
                    && self.features.late_move_reductions
                    && depth >= 3
                    && searched >= 3
                    && quiet
                    && !in_check
                    && !gives_check
                    && !is_killer
                {
                    // At an expected cut node the first moves were
                    // expected to refute; a late quiet move seldom does,
                    // and is reduced a ply more (issue 23, session 38:
                    // +22 Elo [+2, +41] over 804 fixed-node games, the
                    // commit message has the runs).
                    r = reduction(depth, searched) - i32::from(PV) + i32::from(cut_node);
                    r = r.clamp(0, new_depth - 1);
                }
                value = -self.pvs::<false>(
                    board,
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    true,
                    observer,
                );
                if value > alpha && r > 0 {
                    value = -self.pvs::<false>(
                        board,
                        -alpha - 1,
                        -alpha,
                        new_depth,
                        ply + 1,
                        !cut_node,
                        observer,
                    );
                }
                if PV && value > alpha && value < beta {
                    value = -self.pvs::<true>(
                        board,
                        -beta,
                        -alpha,
                        new_depth,
                        ply + 1,
                        false,
                        observer,
                    );
                }
            }
            self.unmake_move(board);
            if self.aborted {
                return 0;
            }
            searched += 1;
            if value > best {
                best = value;
                best_move = mv;
                if value > alpha {
                    alpha = value;
                    if PV {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(mv);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if value >= beta {
                        if quiet {
                            self.update_quiet_stats(us, mv, ply, depth);
                            if let Some(last) = last_move {
                                self.counter_moves[counter_index(!us, last)] = mv;
                            }
                            for &other in &tried_quiets[..tried] {
                                self.history_malus(us, other, depth);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && tried < tried_quiets.len() {
                tried_quiets[tried] = mv;
                tried += 1;
            }
        }
        if searched == 0 {
            // Every move was futile: the static bound stands.
            return alpha;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt.store(
            key,
            Entry {
                mv: if bound == Bound::Upper {
                    0
                } else {
                    encode(best_move)
                },
                score: to_tt(best, ply) as i16,
                eval: raw_eval.map_or(NO_EVAL, |e| e as i16),
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        if second_repetition && best.abs() < MATE_BOUND {
            // The handbook: the second occurrence is worth half.
            return best / 2;
        }
        best
    }

    /// Killer moves (two per ply, Turbo's `UpdateKill`) and the history
    /// heuristic, for a quiet move that caused a cut-off.
    fn update_quiet_stats(&mut self, us: Color, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        self.adjust_history(us, mv, depth * depth);
    }

    /// A quiet move tried before the one that cut off was the wrong
    /// guess: its history falls as much as the cut-off move's rises.
    fn history_malus(&mut self, us: Color, mv: Move, depth: i32) {
        self.adjust_history(us, mv, -depth * depth);
    }

    /// Moves a history score, halving the whole table when one grows past
    /// the bound so that old successes fade.
    fn adjust_history(&mut self, us: Color, mv: Move, delta: i32) {
        let h = &mut self.history[history_index(us, mv)];
        *h += delta;
        if h.abs() > 1 << 20 {
            self.history.iter_mut().for_each(|v| *v /= 2);
        }
    }

    /// Capture search with stand-pat: only captures and promotions, all
    /// moves when in check.
    pub(super) fn quiesce(
        &mut self,
        board: &mut Board,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        observer: &dyn Control<SearchReport>,
    ) -> i32 {
        self.pv[ply].clear();
        if self.out_of_budget(observer) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        // Any entry knows at least as much as the capture search would
        // find here.
        let key = board.key();
        let entry = self.tt.probe(key);
        if let Some(e) = &entry
            && let Some(score) = tt_cutoff(e, ply, alpha, beta)
        {
            return score;
        }
        let original_alpha = alpha;
        let in_check = self.in_check(board, ply);
        let mut list = MoveList::new();
        let mut best;
        let stand_pat;
        let mut raw_eval = None;
        if in_check {
            board.legal_moves(&mut list);
            if list.is_empty() {
                return -MATE + ply as i32;
            }
            best = -INFINITY;
            stand_pat = -INFINITY;
        } else {
            let raw = self.cached_evaluate(entry.as_ref(), board, ply);
            raw_eval = Some(raw);
            stand_pat = with_draw_rules(raw, board);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            board.legal_captures(&mut list);
        }
        let scores = &mut self.scores[ply];
        for (i, &mv) in list.iter().enumerate() {
            scores[i] = mvv_lva(mv) + mv.promotion().map_or(0, |r| material(r) * 8);
            // Each capture's table entry is on its way while the others
            // are scored and sorted (the make itself is too late to hide
            // the wait for memory).
            self.tt.prefetch(board.key_after(mv));
        }
        for i in 0..list.len() {
            let mv = pick(&mut list, &mut self.scores[ply], i);
            if !in_check {
                if matches!(mv.promotion(), Some(r) if r != Role::Queen) {
                    continue;
                }
                let gain = mv.captured.map_or(0, material)
                    + mv.promotion()
                        .map_or(0, |r| material(r) - material(Role::Pawn));
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // Captures that lose material by exchange are the capture
                // search's nonsense (only worth checking when the taker is
                // worth more than the victim).
                let victim = mv.captured.map_or(0, material);
                if self.features.exchange_pruning
                    && mv.piece != Role::Pawn
                    && material(mv.piece) > victim
                    && see(board, mv) < 0
                {
                    continue;
                }
            }
            self.make_move(board, mv, ply);
            let value = -self.quiesce(board, -beta, -alpha, ply + 1, observer);
            self.unmake_move(board);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.store_capture_search(key, best, raw_eval, original_alpha, beta, ply);
        best
    }

    /// Keeps a capture-search result at depth 0, so that a transposition
    /// (or the next iteration's capture search) finds it instead of
    /// searching the captures again. A deeper entry is not displaced.
    fn store_capture_search(
        &self,
        key: u64,
        best: i32,
        raw_eval: Option<i32>,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) {
        let bound = Bound::of(best, alpha, beta);
        self.tt.store(
            key,
            Entry {
                mv: 0,
                score: to_tt(best, ply) as i16,
                eval: raw_eval.map_or(NO_EVAL, |e| e as i16),
                depth: 0,
                bound,
            },
        );
    }
}

/// Turbo Chess's draw knowledge on a static value: the 10/48-move
/// no-capture counts pull it toward zero.
fn with_draw_rules(score: i32, board: &Board) -> i32 {
    apply_draw_rules(score, board.halfmove_clock(), false)
}

/// Whether the side has a piece other than king and pawns (null move is
/// unsafe in pawn endings: zugzwang).
fn has_officers(board: &Board, color: Color) -> bool {
    board
        .pieces(color)
        .any(|(_, role)| role != Role::King && role != Role::Pawn)
}

/// A pawn move to the 7th rank (seen from the mover).
fn reaches_seventh(mv: Move, us: Color) -> bool {
    mv.piece == Role::Pawn
        && mv.promotion().is_none()
        && match us {
            Color::White => mv.to.rank() == 6,
            Color::Black => mv.to.rank() == 1,
        }
}

/// The score a table entry settles at this node, if its bound answers the
/// window `alpha..beta`.
fn tt_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(i32::from(e.score), ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduction_table_matches_the_formula() {
        for depth in -2..100 {
            for moves in 0..300 {
                let d = depth.max(1) as usize;
                let m = moves.max(1);
                assert_eq!(
                    reduction(depth, moves),
                    reduction_formula(d, m),
                    "{depth} {moves}"
                );
            }
        }
        assert_eq!(reduction(10, 20), 3);
    }
}
