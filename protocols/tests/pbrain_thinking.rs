//! The brain while it thinks: it keeps reading its input, so `END` ends it
//! and a GUI's `STOP` gets the best move so far at once; end of input ends
//! it too; an untimed search stops when it has nothing left to search; and
//! each finished depth is shown to the user as a `MESSAGE`.
//!
//! The bounds are wide (seconds where the brain needs milliseconds, against
//! searches that would otherwise take 30 s), so a loaded machine does not
//! make them fail.

use std::thread;
use std::time::{Duration, Instant};

#[path = "common/pbrain.rs"]
mod pbrain;

use pbrain::{Session, coord, is_move};

/// A brain given 30 s for its move, already thinking about it.
fn thinking_brain() -> Session {
    let mut brain = Session::start(&[]);
    brain.send("START 15\nINFO timeout_turn 30000\nINFO timeout_match 0\nTURN 7,7");
    // Let the search get under way.
    thread::sleep(Duration::from_millis(500));
    brain
}

#[test]
fn end_during_a_search_exits_at_once() {
    let mut brain = thinking_brain();
    let start = Instant::now();
    brain.send("END");
    let status = brain
        .exit_within(Duration::from_secs(2))
        .expect("END during a 30 s search: the brain must exit within 2 s");
    assert!(status.success(), "{status:?}");
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn stop_answers_the_best_move_so_far_and_the_brain_goes_on() {
    let mut brain = thinking_brain();
    brain.send("STOP");
    let lines = brain
        .until_move(Duration::from_secs(2))
        .expect("STOP during a 30 s search: a move within 2 s");
    assert_ne!(coord(lines.last().unwrap()), (7, 7), "{lines:?}");
    // A STOP with nothing to stop is answered by nothing, and the next
    // move is thought about again (it is not stopped by the old STOP).
    brain.send("STOP\nABOUT");
    let about = brain.reply_within(Duration::from_secs(2)).unwrap();
    assert!(about.starts_with("name=\"pbrain-turbo\""), "{about}");
    brain.send("INFO timeout_turn 1000\nTURN 0,0");
    let lines = brain.until_move(Duration::from_secs(5)).expect("a move");
    let debug = lines.iter().find(|l| l.starts_with("DEBUG")).unwrap();
    assert!(!debug.contains(" depth 0 "), "{debug}");
}

#[test]
fn end_of_input_during_a_search_answers_and_exits() {
    let mut brain = thinking_brain();
    brain.close_input();
    let lines = brain
        .until_move(Duration::from_secs(2))
        .expect("end of input during a 30 s search: the move within 2 s");
    assert!(is_move(lines.last().unwrap()));
    let status = brain
        .exit_within(Duration::from_secs(2))
        .expect("and then the brain exits");
    assert!(status.success());
}

/// A 7×7 position with 21 empty points where neither side can force a
/// five: the alpha-beta tree runs out long before depth 64, which the
/// search used to reach only after about 30 s of searching the same tree
/// again and again.
const EXHAUSTED: &str = "BOARD
6,5,1
1,5,2
6,0,1
1,6,2
3,6,1
5,3,2
4,6,1
0,3,2
1,1,1
6,6,2
4,2,1
0,2,2
6,4,1
6,1,2
5,4,1
4,4,2
1,3,1
5,5,2
2,1,1
3,5,2
6,3,1
0,1,2
2,0,1
1,2,2
3,3,1
3,2,2
5,2,1
2,4,2
DONE";

#[test]
fn an_untimed_search_stops_when_nothing_is_left_to_search() {
    let mut brain = Session::start(&[]);
    brain.send("START 7\nINFO timeout_turn 2147483647\nINFO timeout_match 0");
    brain.send("INFO time_left 2147483647");
    brain.send(EXHAUSTED);
    let lines = brain
        .until_move(Duration::from_secs(10))
        .expect("an untimed search with nothing left to search must answer");
    let (x, y) = coord(lines.last().unwrap());
    assert!(x < 7 && y < 7);
}

#[test]
fn progress_is_shown_once_per_finished_depth() {
    let mut brain = Session::start(&[]);
    brain.send("START 15\nINFO timeout_turn 1000\nTURN 7,7");
    let lines = brain.until_move(Duration::from_secs(5)).expect("a move");
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE depth "))
        .map(|rest| {
            assert!(rest.contains(" score ") && rest.contains(" pv "), "{rest}");
            let pv = rest.split(" pv ").nth(1).unwrap();
            for p in pv.split(' ') {
                let (x, y) = coord(p);
                assert!(x < 15 && y < 15, "{rest}");
            }
            rest.split(' ').next().unwrap().parse().unwrap()
        })
        .collect();
    assert!(!depths.is_empty(), "no progress shown: {lines:?}");
    let expected: Vec<u32> = (1..=depths.len() as u32).collect();
    assert_eq!(
        depths, expected,
        "one MESSAGE per finished depth: {lines:?}"
    );
    // Every progress line comes before the move it leads to.
    assert!(is_move(lines.last().unwrap()));
}

/// The brain's remarks about a move without their times.
fn without_times(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if (words[i] == "time" || words[i] == "in") && words.get(i + 2) == Some(&"ms") {
                    i += 3;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

/// `INFO max_node` (Yixin's and Rapfi's key): a node budget ends the
/// search although the turn allows ten minutes, and the same position then
/// gets the same search, reports and move on any machine, whatever its
/// load (what self-play tests of the search at fixed nodes rely on).
#[test]
fn node_limit_ends_the_search_and_replays_it() {
    let think = || {
        let mut brain = Session::start(&[]);
        brain.send(
            "START 15\nINFO timeout_turn 600000\nINFO timeout_match 0\nINFO max_node 3000\n\
             BOARD\n7,7,2\n8,8,1\n6,8,2\nDONE",
        );
        let lines = brain
            .until_move(Duration::from_secs(60))
            .expect("a 3000-node search answers long before its ten minutes");
        brain.send("END");
        without_times(&lines)
    };
    let first = think();
    assert!(is_move(first.last().unwrap()), "{first:?}");
    assert!(
        first.iter().any(|l| l.starts_with("MESSAGE depth")),
        "{first:?}"
    );
    assert_eq!(first, think());
}
