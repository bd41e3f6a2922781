//! Lazy SMP: helper threads run the same iterative deepening on the same
//! root, each with its own board, killers and history, sharing only the
//! transposition table, a stop flag and a node counter. They help by
//! filling the table with results the main thread then finds; they never
//! report. The main thread's result is the search's result.
//!
//! The helper threads live only while a search runs (`std::thread::scope`),
//! so a `Searcher` holds no thread between searches.
//!
//! Measured on a 2-core machine shared with other jobs (rough figures):
//! 2 threads searched 7.2 M nodes/s against 3.8–3.9 M for 1 while the
//! machine was otherwise idle. With the same node budget per move,
//! 2 threads at 400 000 nodes in all scored 67.5% (+127 Elo, 60 games)
//! against 1 thread at 200 000, where 1 thread at 400 000 scored 71.7%
//! (+161): the helpers turn most of their nodes into strength. At 10+0.1
//! on the busy machine (load about 3 on 2 cores) 2 threads scored 47.5%
//! in 80 games against 1: no gain without a free core. On the idle
//! machine, 60 games at 10+0.1 gave 2 threads 54.2% (+29 Elo, 95%
//! interval -44..+105): a small gain, not yet significant.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;

use super::{Limits, SearchReport, SearchResult, Searcher, iterate};
use crate::chess::Board;
use crate::control::Control;

/// Stack of a helper thread, as deep as the UCI search thread's (only the
/// pages touched are committed).
const HELPER_STACK_BYTES: usize = 64 << 20;

/// Which iterations a helper skips, by helper number (Stockfish 7–10's
/// `SkipSize` / `SkipPhase`): helper `i` skips depth `d` when
/// `(d + PHASE[i]) / SIZE[i]` is odd, so the helpers spread over the next
/// few depths instead of all searching the main thread's.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// A searcher's part in the current search.
pub(super) enum Role {
    /// No helpers.
    Alone,
    /// Thread `index` of a Lazy SMP search: 0 is the main thread, which
    /// reports; the helpers count from 1. Every [`CHECK_EVERY`] nodes each
    /// adds its new nodes to the shared `total`.
    ///
    /// [`CHECK_EVERY`]: super::alphabeta::CHECK_EVERY
    Thread {
        index: usize,
        total: Arc<AtomicU64>,
        published: u64,
    },
}

impl Role {
    /// Nodes of every thread so far, given this thread's own count: exact
    /// for this thread, up to [`CHECK_EVERY`] behind for each other one.
    ///
    /// [`CHECK_EVERY`]: super::alphabeta::CHECK_EVERY
    pub(super) fn total_nodes(&self, own: u64) -> u64 {
        match self {
            Role::Alone => own,
            Role::Thread {
                total, published, ..
            } => total.load(Ordering::Relaxed) + (own - published),
        }
    }

    /// Adds the nodes searched since the last call to the shared count.
    pub(super) fn publish_nodes(&mut self, own: u64) {
        if let Role::Thread {
            total, published, ..
        } = self
        {
            total.fetch_add(own - *published, Ordering::Relaxed);
            *published = own;
        }
    }

    /// Whether this searcher leaves out the iteration of `depth`.
    pub(super) fn skips(&self, depth: u32) -> bool {
        match self {
            Role::Thread { index, .. } if *index > 0 => {
                let i = (index - 1) % SKIP_SIZE.len();
                (depth + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 == 1
            }
            _ => false,
        }
    }
}

/// What a helper is told: only whether to stop.
struct HelperObserver<'a> {
    stop: &'a AtomicBool,
}

impl Control<SearchReport> for HelperObserver<'_> {
    fn elapsed_ms(&self) -> u64 {
        0
    }
    fn clock_running(&self) -> bool {
        false
    }
    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Raises the stop flag when dropped, so the helpers end even if the main
/// thread's search panics (the scope would otherwise wait for them).
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A search with `main.helpers` helping: they search until the main thread
/// is done. Every thread stops when the nodes of all of them reach the
/// node limit (each looks every 1024 nodes, so the total may pass it by
/// about 2048 per thread); time limits, `stop` and the reports are the
/// main thread's business.
pub(super) fn search(
    main: &mut Searcher,
    board: &mut Board,
    limits: &Limits,
    observer: &mut dyn Control<SearchReport>,
) -> SearchResult {
    let stop = AtomicBool::new(false);
    let total = Arc::new(AtomicU64::new(0));
    main.role = Role::Thread {
        index: 0,
        total: Arc::clone(&total),
        published: 0,
    };
    // Helpers search until stopped, one line each; the main thread's depth,
    // node and mate limits bound them as well.
    let helper_limits = Limits {
        time: None,
        multipv: 1,
        infinite: true,
        ..limits.clone()
    };
    let mut helpers = std::mem::take(&mut main.helpers);
    for helper in &mut helpers {
        // A helper that does not start must not count last search's nodes.
        helper.nodes = 0;
    }
    let mut result = thread::scope(|scope| {
        for (i, helper) in helpers.iter_mut().enumerate() {
            helper.role = Role::Thread {
                index: i + 1,
                total: Arc::clone(&total),
                published: 0,
            };
            let mut helper_board = board.clone();
            let (stop, helper_limits) = (&stop, &helper_limits);
            let spawned = thread::Builder::new()
                .name(format!("search helper {}", i + 1))
                .stack_size(HELPER_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    iterate::run(
                        helper,
                        &mut helper_board,
                        helper_limits,
                        &mut HelperObserver { stop },
                    );
                });
            // A thread the system refuses is one helper less, not a failure.
            if spawned.is_err() {
                break;
            }
        }
        let _stop_helpers = StopOnDrop(&stop);
        iterate::run(main, board, limits, observer)
    });
    main.helpers = helpers;
    result.nodes = main.nodes + main.helpers.iter().map(|h| h.nodes).sum::<u64>();
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::eval::PAWN_VALUE;
    use crate::chess::search::TOLERANCE;

    fn helper(index: usize) -> Role {
        Role::Thread {
            index,
            total: Arc::new(AtomicU64::new(0)),
            published: 0,
        }
    }

    fn searched(role: &Role) -> Vec<u32> {
        (1..=8).filter(|&d| !role.skips(d)).collect()
    }

    #[test]
    fn helpers_spread_over_depths() {
        assert_eq!(searched(&Role::Alone), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(searched(&helper(0)), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(searched(&helper(1)), [2, 4, 6, 8]);
        assert_eq!(searched(&helper(2)), [1, 3, 5, 7]);
        assert_eq!(searched(&helper(3)), [1, 4, 5, 8]);
        // The tables repeat after 20 helpers.
        assert_eq!(searched(&helper(21)), searched(&helper(1)));
    }

    use crate::control::Unlimited;

    const MIDDLEGAME: &str =
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    #[test]
    fn node_limit_counts_every_thread() {
        let mut board = Board::from_fen(MIDDLEGAME).unwrap();
        let mut searcher = Searcher::new(1);
        searcher.set_threads(2);
        let limits = Limits {
            nodes: Some(50_000),
            multipv: 1,
            ..Limits::default()
        };
        let result = searcher.search(&mut board, &limits, &mut Unlimited);
        assert!(result.best.is_some());
        assert_eq!(board.to_fen(), MIDDLEGAME);
        // Each thread adds its count to the total and compares every 1024
        // of its nodes.
        assert!(result.nodes <= 50_000 + 3 * 2 * 1024, "{result:?}");
        assert!(result.nodes >= 50_000, "{result:?}");
        assert!(searcher.helpers[0].nodes > 0, "the helper searched");
    }

    #[test]
    fn back_to_one_thread_searches_as_before() {
        let limits = Limits {
            depth: Some(6),
            multipv: 1,
            ..Limits::default()
        };
        let single = {
            let mut board = Board::from_fen(MIDDLEGAME).unwrap();
            Searcher::new(1).search(&mut board, &limits, &mut Unlimited)
        };
        let mut searcher = Searcher::new(1);
        searcher.set_threads(3);
        let mut board = Board::from_fen(MIDDLEGAME).unwrap();
        let smp = searcher.search(&mut board, &limits, &mut Unlimited);
        assert_eq!(smp.depth, 6);
        assert!(smp.best.is_some());
        // The helpers' deeper table entries can move a depth-6 score in
        // this sharp middlegame by more than a pawn (the leaf threat terms
        // make the shallow scores swing); the check is for a sane score, not
        // the single thread's.
        assert!(
            (smp.score - single.score).abs() < 2 * PAWN_VALUE + TOLERANCE,
            "{smp:?} {single:?}"
        );
        searcher.set_threads(1);
        assert_eq!(searcher.threads(), 1);
        assert!(searcher.helpers.is_empty());
        searcher.clear();
        assert_eq!(searcher.search(&mut board, &limits, &mut Unlimited), single);
    }
}
