//! The mate-in-N proof search (see the module documentation).

use crate::chess::{Board, Move, MoveList, Role};
use crate::control::{Control, Unlimited};
use std::collections::HashMap;

/// Nodes between two looks at the caller's stop flag: often enough to
/// answer a stop within milliseconds, rarely enough to cost nothing.
const STOP_POLL_NODES: u64 = 4096;

/// The caller's stop flag, as the solver sees it.
type Stop<'a> = &'a dyn Fn() -> bool;

/// A proven forced mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateSolution {
    /// Mate in this many moves of the side to move (the shortest there is).
    pub moves: u32,
    /// The key: the first move of the mate.
    pub key: Move,
    /// The main line, key first, ending in mate: the defender always plays
    /// the reply that holds out longest, the attacker the fastest mate.
    pub line: Vec<Move>,
}

/// The answer to "can the side to move force mate within N moves?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// Yes: the shortest mate, its key and main line.
    Mate(MateSolution),
    /// Proven impossible: every attacking try within N moves is refuted.
    NoMate { within: u32 },
    /// The node limit ran out, or the caller asked to stop, before a
    /// proof either way.
    Aborted { nodes: u64 },
}

/// Out of nodes or stopped: unwinds the search.
struct Abort;

type Proof = Result<bool, Abort>;

/// What is known about an attacker-to-move position.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// Mate proven within this many moves (`u8::MAX`: none proven).
    proven: u8,
    /// Mate proven impossible within this many moves (0: nothing known).
    refuted: u8,
}

/// The mate-in-N solver. It keeps its table of proven bounds between calls
/// on the same problem; [`MateSolver::clear`] forgets them.
///
/// # Examples
/// ```
/// use engine::chess::Board;
/// use engine::chess::mate::{MateResult, MateSolver};
/// // Back-rank mate in 1.
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let MateResult::Mate(m) = MateSolver::new().solve(&board, 3) else { panic!() };
/// assert_eq!((m.moves, m.key.to_uci()), (1, "a1a8".to_string()));
/// ```
#[derive(Debug, Default)]
pub struct MateSolver {
    table: HashMap<u64, Bounds>,
    /// Defender replies that refuted an attacking try, per remaining depth.
    killers: Vec<Option<Move>>,
    nodes: u64,
    node_limit: Option<u64>,
    /// The node count when the caller's stop flag was last looked at (a
    /// small problem is solved without looking, as a small search is).
    last_poll: u64,
}

/// Victim value for ordering captures (most valuable first).
fn victim_value(mv: Move) -> u8 {
    match mv.captured {
        None => 0,
        Some(Role::Pawn) => 1,
        Some(Role::Knight) | Some(Role::Bishop) => 3,
        Some(Role::Rook) => 5,
        Some(Role::Queen) => 9,
        Some(Role::King) => 0,
    }
}

impl MateSolver {
    /// A solver with no node limit.
    pub fn new() -> MateSolver {
        MateSolver::default()
    }

    /// A solver that gives up ([`MateResult::Aborted`]) after `limit` nodes.
    pub fn with_node_limit(limit: u64) -> MateSolver {
        MateSolver {
            node_limit: Some(limit),
            ..MateSolver::default()
        }
    }

    /// Positions visited (moves made) since the solver was created.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the proven bounds (call between unrelated problems to free
    /// memory; results stay correct either way).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Finds the shortest forced mate of the side to move within
    /// `max_moves` moves, trying mate in 1, 2, … as the handbook's Mate
    /// search level does.
    pub fn solve(&mut self, board: &Board, max_moves: u32) -> MateResult {
        self.solve_under(board, max_moves, &Unlimited as &dyn Control)
    }

    /// [`MateSolver::solve`] under the caller's control: the solver gives
    /// up ([`MateResult::Aborted`]) soon after
    /// [`Control::stop_requested`] says so (it is asked every few thousand
    /// nodes). The solver reports no progress.
    pub fn solve_under<R: ?Sized>(
        &mut self,
        board: &Board,
        max_moves: u32,
        control: &dyn Control<R>,
    ) -> MateResult {
        let stop = || control.stop_requested();
        let stop: Stop = &stop;
        let mut board = board.clone();
        for n in 1..=max_moves.min(u32::from(u8::MAX - 1)) {
            match self.key(&mut board, n, stop) {
                Err(Abort) => return MateResult::Aborted { nodes: self.nodes },
                Ok(None) => continue,
                Ok(Some(key)) => {
                    return match self.main_line(&mut board, n, key, stop) {
                        Ok(line) => MateResult::Mate(MateSolution {
                            moves: n,
                            key,
                            line,
                        }),
                        Err(Abort) => MateResult::Aborted { nodes: self.nodes },
                    };
                }
            }
        }
        MateResult::NoMate { within: max_moves }
    }

    /// Every key that forces mate within `moves` moves (a sound problem has
    /// exactly one; more are "cooks"). `None` if the node limit ran out.
    pub fn all_keys(&mut self, board: &Board, moves: u32) -> Option<Vec<Move>> {
        let stop: Stop = &|| false;
        let mut board = board.clone();
        let mut keys = Vec::new();
        for mv in self.attacker_moves(&mut board, moves) {
            self.make(&mut board, mv, stop).ok()?;
            let mated = self.defends_fail(&mut board, moves - 1, stop);
            board.unmake();
            if mated.ok()? {
                keys.push(mv);
            }
        }
        Some(keys)
    }

    /// A key move forcing mate within `n` moves, if there is one.
    fn key(&mut self, board: &mut Board, n: u32, stop: Stop) -> Result<Option<Move>, Abort> {
        for mv in self.attacker_moves(board, n) {
            self.make(board, mv, stop)?;
            let mated = self.defends_fail(board, n - 1, stop);
            board.unmake();
            if mated? {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    fn make(&mut self, board: &mut Board, mv: Move, stop: Stop) -> Result<(), Abort> {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            return Err(Abort);
        }
        if self.nodes >= self.last_poll + STOP_POLL_NODES {
            self.last_poll = self.nodes;
            if stop() {
                return Err(Abort);
            }
        }
        board.make(mv);
        Ok(())
    }

    /// The attacker's candidate moves with `n` moves left: on the last move
    /// only checks (a mate is a check), otherwise all moves, checks first,
    /// then captures by victim value.
    fn attacker_moves(&mut self, board: &mut Board, n: u32) -> Vec<Move> {
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        let mut scored: Vec<(u8, Move)> = Vec::with_capacity(list.len());
        for &mv in list.iter() {
            // Trying a move for check visits a position too.
            self.nodes += 1;
            board.make(mv);
            let check = board.in_check();
            board.unmake();
            if n <= 1 && !check {
                continue;
            }
            let score = if check { 20 } else { 0 }
                + victim_value(mv)
                + u8::from(mv.promotion() == Some(Role::Queen)) * 9;
            scored.push((score, mv));
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().map(|(_, mv)| mv).collect()
    }

    /// Attacker to move: can it force mate within `n` moves?
    fn attacks(&mut self, board: &mut Board, n: u32, stop: Stop) -> Proof {
        if n == 0 {
            return Ok(false);
        }
        let key = board.key();
        if let Some(b) = self.table.get(&key) {
            if u32::from(b.proven) <= n {
                return Ok(true);
            }
            if u32::from(b.refuted) >= n {
                return Ok(false);
            }
        }
        let mut found = false;
        for mv in self.attacker_moves(board, n) {
            self.make(board, mv, stop)?;
            let mated = self.defends_fail(board, n - 1, stop);
            board.unmake();
            if mated? {
                found = true;
                break;
            }
        }
        let entry = self.table.entry(key).or_insert(Bounds {
            proven: u8::MAX,
            refuted: 0,
        });
        let n8 = n as u8;
        if found {
            entry.proven = entry.proven.min(n8);
        } else {
            entry.refuted = entry.refuted.max(n8);
        }
        Ok(found)
    }

    /// Defender to move, attacker having `n` moves left after the reply:
    /// is the defender mated (now, or after every reply within `n`)?
    fn defends_fail(&mut self, board: &mut Board, n: u32, stop: Stop) -> Proof {
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        if list.is_empty() {
            // Checkmate is the goal; stalemate is a draw.
            return Ok(board.in_check());
        }
        if n == 0 {
            return Ok(false);
        }
        let slot = n as usize;
        if self.killers.len() <= slot {
            self.killers.resize(slot + 1, None);
        }
        // Killer first, then captures (they most often break a mating net),
        // then the rest in generation order.
        let killer = self.killers[slot];
        let moves = list.as_mut_slice();
        moves.sort_by_key(|&mv| {
            if Some(mv) == killer {
                0
            } else if mv.is_capture() {
                1
            } else {
                2
            }
        });
        for &reply in moves.iter() {
            self.make(board, reply, stop)?;
            let mated = self.attacks(board, n, stop);
            board.unmake();
            if !mated? {
                self.killers[slot] = Some(reply);
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The shortest mate the attacker (to move) has, at most `n`.
    fn shortest(&mut self, board: &mut Board, n: u32, stop: Stop) -> Result<Option<u32>, Abort> {
        for k in 1..=n {
            if self.attacks(board, k, stop)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The main line of a proven mate in `n` starting with `key`: the
    /// defender picks the reply that delays mate longest, the attacker the
    /// quickest mate after it.
    fn main_line(
        &mut self,
        board: &mut Board,
        n: u32,
        key: Move,
        stop: Stop,
    ) -> Result<Vec<Move>, Abort> {
        let mut line = vec![key];
        let mut played = 1;
        board.make(key);
        let mut left = n - 1;
        loop {
            let mut list = MoveList::new();
            board.legal_moves(&mut list);
            if list.is_empty() || left == 0 {
                break;
            }
            let mut best: Option<(u32, Move)> = None;
            for &reply in list.iter() {
                board.make(reply);
                let k = self.shortest(board, left, stop);
                board.unmake();
                // Every reply is mated within `left` (that is the proof).
                let k = k?.unwrap_or(left);
                if best.is_none_or(|(bk, _)| k > bk) {
                    best = Some((k, reply));
                }
            }
            let Some((k, reply)) = best else { break };
            board.make(reply);
            line.push(reply);
            played += 1;
            let Some(next) = self.key(board, k, stop)? else {
                break;
            };
            board.make(next);
            line.push(next);
            played += 1;
            left = k - 1;
        }
        for _ in 0..played {
            board.unmake();
        }
        Ok(line)
    }
}
