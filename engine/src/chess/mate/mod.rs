//! Mate problems: the handbook's *Mate search* level ("first tries to find
//! a mate in 1 move, then a mate in 2, 3, 4, 5 … moves") and Bell's
//! two-move mate solver (*Games Playing with Computers*, ch. 3), grown to
//! mate in N.
//!
//! Bell's program "makes white's opening moves one after the other until it
//! finds the opening move which, regardless of what black does …, allows
//! white to check on his second move and to capture the black king on his
//! third move". [`MateSolver`] does the same exhaustively for any N, as an
//! AND/OR proof search: the attacker needs *one* move after which *every*
//! defence is mated within the remaining moves, the defender needs *one*
//! reply that escapes. The pruning is proof-style, never heuristic, so a
//! "no mate" answer is a proof too:
//! * on the last move only checks can mate (Bell: "check on his second
//!   move"), so only checks are tried there;
//! * the defender's reply that refuted the previous try is tried first
//!   (a killer move), so wrong keys fail after a reply or two;
//! * the attacker tries checks and captures first;
//! * results are remembered per position as bounds ("mate in ≤ k proven",
//!   "no mate in ≤ k"), so transpositions and the deepening from mate in 1
//!   to mate in N reuse earlier work.
//!
//! The problem convention is used: the 50-move rule and repetitions do not
//! save the defender (within a few moves they cannot arise in a problem).
//!
//! It is not UCI's `go mate` ([`crate::chess::search::Limits::mate`]), a
//! limit on the alpha-beta search that keeps the game's rules, clock and
//! reports and plays a move when there is no mate; this solver proves a
//! mate or its absence, so the console's Mate level and `turbochess mate`
//! can say "no mate in N", which the search cannot.

mod solver;

pub use solver::{MateResult, MateSolution, MateSolver};
