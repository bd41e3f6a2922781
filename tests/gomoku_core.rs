//! Go-Moku core: Turbo's incremental tables against their recompute, the
//! rule variants, the 1985 FindMove, and the threat searches.

use engine::control::Unlimited;
use engine::gomoku::lines::{LineTable, WEIGHT};
use engine::gomoku::search::Reason;
use engine::gomoku::threats::{CLOCK_INTERVAL, ThreatLimits, ThreatSearch, find_vcf, find_vct};
use engine::gomoku::turbo1985::square_value;
use engine::gomoku::{
    Board, Cell, Clock, Color, Level, Limits, Owner, Player, Point, Rule, Searcher, Turbo1985,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const RENJU: Rule = Rule {
    exact_five: false,
    renju: true,
    caro: false,
};

fn board(rule: Rule, diagram: &str) -> Board {
    Board::from_diagram(diagram, rule).expect("valid diagram")
}

fn p(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

#[test]
fn line_count_matches_the_handbook() {
    // "There are 15×19 horizontal, 19×15 vertical and 2×15×15 diagonal
    // lines, giving a total of 1020."
    assert_eq!(LineTable::line_count(19, 19), 1020);
    assert_eq!(LineTable::line_count(5, 5), 12);
}

#[test]
fn values_follow_the_weights() {
    let mut b = Board::new(19, 19, Rule::FREESTYLE).unwrap();
    b.play(p(9, 9), Color::Black).unwrap();
    let lines = b.lines();
    // A neighbour of one black stone: that stone shares 4 of the 5
    // horizontal lines through (10, 9), each of which would then hold 2
    // stones (Weight[2] = 4); the other 16 lines would hold 1 (Weight[1] = 0).
    assert_eq!(
        lines.value(10, 9, Color::Black),
        4 * WEIGHT[2] + 16 * WEIGHT[1]
    );
    assert_eq!(lines.value(10, 9, Color::Black), 16);
    // For white, those four lines are dead; the rest hold nothing (weight 0).
    assert_eq!(lines.value(10, 9, Color::White), 0);
    assert_eq!(lines.total_lines(), 1020);
    b.play(p(10, 9), Color::White).unwrap();
    // The four horizontal lines holding both stones are no longer open.
    assert_eq!(b.lines().total_lines(), 1016);
}

#[test]
fn incremental_tables_equal_recompute_after_random_moves_and_undos() {
    let mut rng = StdRng::seed_from_u64(5);
    for round in 0..40 {
        let w = rng.random_range(5..=20);
        let h = if round % 3 == 0 {
            rng.random_range(5..=20)
        } else {
            w
        };
        let mut b = Board::new(w, h, Rule::FREESTYLE).unwrap();
        for step in 0..(w * h) {
            let empties: Vec<Point> = b.points().filter(|&q| b.is_empty(q)).collect();
            if empties.is_empty() {
                break;
            }
            let q = empties[rng.random_range(0..empties.len())];
            match rng.random_range(0..10) {
                0 => b.place_wall(q).unwrap(),
                1..=2 if b.filled() > 0 => {
                    b.undo();
                }
                3 if b.filled() > 2 => {
                    let (taken, _) = b.history()[rng.random_range(0..b.filled())];
                    b.take_back(taken).unwrap();
                }
                n => b
                    .play(
                        q,
                        if n % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        },
                    )
                    .unwrap(),
            }
            if step % 7 == 0 || b.is_full() {
                assert!(b.tables_consistent(), "round {round} step {step}\n{b}");
            }
        }
        assert!(b.tables_consistent());
        while b.undo().is_some() {}
        assert_eq!(b.lines(), LineTable::new(w, h));
        assert_eq!(b.key(), 0);
    }
}

#[test]
fn play_rejects_bad_points_and_leaves_the_board_alone() {
    let mut b = Board::new(15, 15, Rule::FREESTYLE).unwrap();
    b.play(p(7, 7), Color::Black).unwrap();
    let key = b.key();
    assert!(b.play(p(15, 0), Color::White).is_err());
    assert!(b.play(p(7, 7), Color::White).is_err());
    assert!(b.take_back(p(3, 3)).is_err());
    assert_eq!(b.key(), key);
    assert_eq!(b.filled(), 1);
    assert!(Board::new(4, 15, Rule::FREESTYLE).is_err());
    assert!(Board::new(33, 33, Rule::FREESTYLE).is_err());
    assert!(Board::new(32, 5, Rule::FREESTYLE).is_ok());
}

#[test]
fn rule_masks_decode() {
    for (mask, exact, renju, caro) in [
        (0, false, false, false),
        (1, true, false, false),
        (2, false, false, false),
        (3, true, false, false),
        (4, false, true, false),
        (8, false, false, true),
        (9, true, false, true),
    ] {
        let r = Rule::from_mask(mask).unwrap();
        assert_eq!(
            (r.exact_five, r.renju, r.caro),
            (exact, renju, caro),
            "mask {mask}"
        );
        assert_eq!(Rule::from_mask(r.mask()), Ok(r));
    }
    for bad in [-1, 16, 100] {
        assert!(Rule::from_mask(bad).is_err());
    }
}

const OVERLINE: &str = "
    .........
    XX.XXX...
    .........
    OO.OOO...
    .........
    .........
    .........
    .........
    .........";

#[test]
fn overline_wins_in_freestyle_but_not_under_exact_five() {
    let free = board(Rule::FREESTYLE, OVERLINE);
    assert!(free.makes_five(p(2, 1), Color::Black));
    let exact = board(Rule::from_mask(1).unwrap(), OVERLINE);
    assert!(!exact.makes_five(p(2, 1), Color::Black));
    assert!(!exact.makes_five(p(2, 3), Color::White));
    assert!(exact.five_points(Color::Black).is_empty());
    // Under renju only black is held to exactly five.
    let renju = board(RENJU, OVERLINE);
    assert!(!renju.makes_five(p(2, 1), Color::Black));
    assert!(renju.makes_five(p(2, 3), Color::White));
}

#[test]
fn renju_forbidden_points_for_black() {
    // (2,1) is an overline, (8,6) a double three; neither is forbidden for
    // white, nor outside renju.
    let diagram = "
        ............
        XX.XXX......
        ............
        ............
        ........X...
        ........X...
        ......XX....
        ............
        ............
        ............
        ............
        ............";
    let mut b = board(RENJU, diagram);
    assert!(b.is_forbidden(p(2, 1)), "overline\n{b}");
    assert!(b.is_forbidden(p(8, 6)), "double three\n{b}");
    assert!(!b.allowed(p(8, 6), Color::Black));
    assert!(b.allowed(p(8, 6), Color::White));
    assert!(!b.is_forbidden(p(5, 6)), "a single three is allowed");
    let mut free = board(Rule::FREESTYLE, diagram);
    assert!(free.allowed(p(8, 6), Color::Black));
    assert!(free.allowed(p(2, 1), Color::Black));
    let mut b = board(
        RENJU,
        "
        ....O.....
        ....X.....
        ....X.....
        ....X.....
        OXXX......
        ..........
        ..........
        ..........
        ..........
        ..........",
    );
    assert!(b.is_forbidden(p(4, 4)), "double four\n{b}");
    assert!(!b.is_forbidden(p(4, 5)), "a single four is allowed");
    let mut b = board(
        RENJU,
        "
        ..........
        ..........
        ..........
        ..........
        ..........
        ....X.....
        ....X.....
        ....X.....
        ..........
        XXXX......",
    );
    assert!(
        !b.is_forbidden(p(4, 9)),
        "a five is never forbidden, even with a four"
    );
    assert!(b.makes_five(p(4, 9), Color::Black));
    // Recognised in the opponent: black's overline point is no threat.
    let b = board(RENJU, diagram);
    assert!(!b.five_points(Color::Black).contains(&p(2, 1)));
}

#[test]
fn caro_needs_an_unblocked_five() {
    let diagram = "
        ..........
        OXXXX.O...
        ..........
        XXXX.O....
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........";
    let free = board(Rule::FREESTYLE, diagram);
    assert!(free.makes_five(p(5, 1), Color::Black));
    for mask in [8, 9] {
        let caro = board(Rule::from_mask(mask).unwrap(), diagram);
        assert!(
            !caro.makes_five(p(5, 1), Color::Black),
            "blocked both ends, rule {mask}"
        );
        assert!(
            caro.makes_five(p(4, 3), Color::Black),
            "the edge does not block, rule {mask}"
        );
    }
    let overline = "
        ..........
        XX.XXX....
        ..........
        ..........
        ..........";
    assert!(board(Rule::from_mask(8).unwrap(), overline).makes_five(p(2, 1), Color::Black));
    assert!(!board(Rule::from_mask(9).unwrap(), overline).makes_five(p(2, 1), Color::Black));
}

#[test]
fn turbo1985_plays_the_centre_then_by_value() {
    let mut t = Turbo1985::new(7);
    let mut b = Board::new(19, 19, Rule::FREESTYLE).unwrap();
    assert_eq!(t.find_move(&mut b, Color::Black), Some(p(9, 9)));
    let mut b = Board::new(15, 15, Rule::FREESTYLE).unwrap();
    assert_eq!(t.find_move(&mut b, Color::Black), Some(p(7, 7)));
    // Weight[5] = 500 dominates: FindMove makes its five, or blocks one.
    let mut b = board(
        Rule::FREESTYLE,
        "
        .........
        .XXXX....
        .........
        .OOO.....
        .........
        .........
        .........
        .........
        .........",
    );
    let m = t.find_move(&mut b, Color::Black).unwrap();
    assert!(m == p(0, 1) || m == p(5, 1));
    let m = t.find_move(&mut b, Color::White).unwrap();
    assert!(m == p(0, 1) || m == p(5, 1), "white blocks the four");
}

/// Replays a threat line: every attacker move but the last leaves exactly
/// one completion point, which the defender's next move takes; the last
/// move makes five or leaves two completion points. Returns the board.
fn replay_vcf(mut b: Board, attacker: Color, line: &[Point]) {
    let defender = attacker.opponent();
    for (i, pair) in line.chunks(2).enumerate() {
        let m = pair[0];
        assert!(b.five_points(defender).len() <= 1);
        assert!(b.allowed(m, attacker), "move {i} {m} illegal\n{b}");
        let five = b.makes_five(m, attacker);
        b.play(m, attacker).unwrap();
        if five {
            assert_eq!(pair.len(), 1, "five before the end of the line");
            return;
        }
        let completions = b.five_points(attacker);
        match pair.get(1) {
            Some(&reply) => {
                assert_eq!(completions, vec![reply], "move {i}: {m} is not a four\n{b}");
                b.play(reply, defender).unwrap();
            }
            None => {
                assert!(completions.len() >= 2, "last move {m} does not win\n{b}");
                assert!(b.five_points(defender).is_empty());
                return;
            }
        }
    }
    panic!("line ends without a win");
}

const LIMITS: ThreatLimits = ThreatLimits {
    depth: 20,
    nodes: 200_000,
    deadline: None,
};

/// VCF positions composed by us: black to move and win by fours.
const VCF_POSITIONS: [&str; 3] = [
    // Two closed threes whose fours meet on column 5.
    "
    ..........
    .....O....
    .OXXX.....
    .....X....
    .....X....
    .OXXX.....
    ..........
    ..........
    ..........
    ..........",
    // A ladder: each four's stone is part of the next four, the third is
    // a double four.
    "
    ............
    .....O......
    .OXXX.......
    .....X......
    ....OX......
    ............
    ......X.....
    .......X....
    ....OXXX....
    ............
    ............
    ............",
    // Broken fours: X.XX. shapes on a row and a diagonal.
    "
    ............
    ............
    ............
    ...OX.XX....
    ............
    ......X.....
    .......X....
    ............
    .........O..
    ............
    ............
    ............",
];

#[test]
fn vcf_positions_are_solved_and_the_lines_replay() {
    for (i, diagram) in VCF_POSITIONS.iter().enumerate() {
        let b = board(Rule::FREESTYLE, diagram);
        let mut work = b.clone();
        let line = find_vcf(&mut work, Color::Black, LIMITS)
            .unwrap_or_else(|| panic!("VCF {i} not found\n{b}"));
        assert!(
            work.tables_consistent() && work.key() == b.key(),
            "board restored"
        );
        replay_vcf(b.clone(), Color::Black, &line);
        // White has no such win here.
        assert!(
            find_vcf(&mut work, Color::White, LIMITS).is_none(),
            "position {i}"
        );
        // The full search plays the first move of a win by fours.
        let mut s = Searcher::new(1 << 20);
        let r = s.search(&mut work, Color::Black, &Limits::depth(2), &mut Unlimited);
        assert!(
            matches!(r.reason, Reason::Vcf | Reason::Five),
            "position {i}: {:?}",
            r.reason
        );
    }
}

/// VCT positions: black wins with threes and fours but not with fours alone.
const VCT_POSITIONS: [&str; 3] = [
    // Double three at (5,5).
    "
    O.........
    ..........
    ..........
    .....X....
    .....X....
    ...XX.....
    ..........
    ..........
    ..........
    .........O",
    // Found by a random search and kept: a four, then a double three.
    "
    ............
    ............
    ............
    .....XXOO...
    ...OO...X...
    ............
    .....XX.....
    ....O.X.O...
    ............
    ............
    ............
    ............",
    // Likewise: a three, a four, then the winning threat.
    "
    ............
    ............
    ............
    ............
    ...X.XOX....
    ...O..X.....
    ...OO.......
    ...X....O...
    ...O.X......
    ............
    ............
    ............",
];

/// Replays a VCT line with the defences it lists: it must end with a five
/// or with two completion points for the attacker.
fn replay_vct(mut b: Board, attacker: Color, line: &[Point]) {
    let defender = attacker.opponent();
    for pair in line.chunks(2) {
        let m = pair[0];
        if b.makes_five(m, attacker) {
            return;
        }
        b.play(m, attacker).unwrap();
        match pair.get(1) {
            Some(&reply) => b.play(reply, defender).unwrap(),
            None => {
                assert!(
                    b.five_points(attacker).len() >= 2,
                    "line does not end in a win\n{b}"
                );
                return;
            }
        }
    }
    panic!("line ends without a win");
}

#[test]
fn vct_positions_are_solved() {
    for (i, diagram) in VCT_POSITIONS.iter().enumerate() {
        let b = board(Rule::FREESTYLE, diagram);
        let mut work = b.clone();
        assert!(
            find_vcf(&mut work, Color::Black, LIMITS).is_none(),
            "position {i} is a VCF"
        );
        let line = find_vct(&mut work, Color::Black, ThreatLimits { depth: 4, ..LIMITS })
            .unwrap_or_else(|| panic!("VCT {i} not found\n{b}"));
        assert_eq!(work.key(), b.key());
        replay_vct(b.clone(), Color::Black, &line);
        let mut s = Searcher::new(1 << 20);
        let r = s.search(&mut work, Color::Black, &Limits::depth(2), &mut Unlimited);
        assert_eq!(r.reason, Reason::Vct, "position {i}");
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    // The double three at (5,5) wins in freestyle; under renju it is
    // forbidden, and neither level plays it.
    let mut b = board(RENJU, VCT_POSITIONS[0]);
    assert!(b.is_forbidden(p(5, 5)));
    let mut s = Searcher::new(1 << 20);
    let r = s.search(&mut b, Color::Black, &Limits::depth(3), &mut Unlimited);
    assert_ne!(r.best, Some(p(5, 5)));
    assert!(b.allowed(r.best.unwrap(), Color::Black));
    let mut t = Turbo1985::new(3);
    let m = t.find_move(&mut b, Color::Black).unwrap();
    assert!(b.allowed(m, Color::Black));
}

#[test]
fn blocks_an_open_three() {
    let b = board(
        Rule::FREESTYLE,
        "
        ...............
        ...............
        ...............
        ...............
        ...............
        ...............
        ....X..........
        .....OOO.......
        ...X...........
        ...............
        ...............
        ...............
        ...............
        ...............
        ...............",
    );
    let mut work = b.clone();
    let mut s = Searcher::new(1 << 20);
    let r = s.search(&mut work, Color::Black, &Limits::depth(3), &mut Unlimited);
    let m = r.best.unwrap();
    work.play(m, Color::Black).unwrap();
    let threats: Vec<Point> = work
        .points()
        .filter(|&q| work.is_empty(q) && work.clone().shape(q, Color::White, false).winning_four())
        .collect();
    assert!(
        threats.is_empty(),
        "{m} leaves white an open four at {threats:?}\n{work}"
    );
}

/// Random positions: whenever the side to move can make five it does, and
/// otherwise it blocks the opponent's five.
#[test]
fn never_misses_a_five_never_ignores_a_four() {
    let mut rng = StdRng::seed_from_u64(1985);
    let (mut wins, mut blocks) = (0, 0);
    for _ in 0..400 {
        let size = if rng.random_range(0..2) == 0 { 15 } else { 20 };
        let mut b = Board::new(size, size, Rule::FREESTYLE).unwrap();
        let c = size as i64 / 2;
        let stones = rng.random_range(8..40);
        let mut me = Color::Black;
        let mut ok = true;
        for _ in 0..stones {
            let q = loop {
                let x = (c + rng.random_range(-4..=4)) as usize;
                let y = (c + rng.random_range(-4..=4)) as usize;
                if b.is_empty(p(x, y)) {
                    break p(x, y);
                }
            };
            b.play(q, me).unwrap();
            if b.is_win_at(q) {
                ok = false;
                break;
            }
            me = me.opponent();
        }
        if !ok {
            continue;
        }
        let own = b.five_points(me);
        let theirs = b.five_points(me.opponent());
        if own.is_empty() && theirs.is_empty() {
            continue;
        }
        let mut s = Searcher::new(1 << 16);
        let r = s.search(&mut b, me, &Limits::depth(1), &mut Unlimited);
        let m = r.best.unwrap();
        if !own.is_empty() {
            assert!(
                own.contains(&m),
                "missed a five: played {m}, fives {own:?}\n{b}"
            );
            wins += 1;
        } else {
            assert!(
                theirs.contains(&m),
                "ignored a four: played {m}, threats {theirs:?}\n{b}"
            );
            blocks += 1;
        }
        assert_eq!(b.cell(m), Cell::Empty);
    }
    assert!(
        wins >= 20 && blocks >= 20,
        "too few cases: {wins} wins, {blocks} blocks"
    );
}

#[test]
fn transposition_table_stays_under_the_memory_limit() {
    for bytes in [1 << 10, 1 << 20, 350 << 20, 3 << 20] {
        let s = Searcher::new(bytes);
        assert!(s.tt_bytes() <= bytes && s.tt_bytes() > bytes / 4, "{bytes}");
    }
}

/// Plays the search (fixed depth, no clock) against the 1985 FindMove on
/// an empty board; returns the winner's colour, or `None` for a draw.
fn game_against_1985(size: usize, search_colour: Color, seed: u64) -> Option<Color> {
    let mut b = Board::new(size, size, Rule::FREESTYLE).unwrap();
    let mut turbo = Turbo1985::new(seed);
    let mut searcher = Searcher::new(4 << 20);
    let mut limits = Limits::depth(4);
    limits.nodes = 3_000;
    let mut me = Color::Black;
    while !b.is_full() {
        let m = if me == search_colour {
            searcher.search(&mut b, me, &limits, &mut Unlimited).best
        } else {
            turbo.find_move(&mut b, me)
        }
        .expect("a move on a board with space");
        b.play(m, me).unwrap();
        if b.is_win_at(m) {
            return Some(me);
        }
        me = me.opponent();
    }
    None
}

#[test]
fn the_search_beats_the_1985_move_choice_with_either_colour() {
    for (size, colour, seed) in [
        (15, Color::Black, 1),
        (15, Color::White, 2),
        (20, Color::Black, 3),
        (20, Color::White, 4),
    ] {
        assert_eq!(
            game_against_1985(size, colour, seed),
            Some(colour),
            "{size}x{size}, search plays {colour:?}"
        );
    }
}

/// A control for the player tests: a clock that stands still, a stop
/// flag, and the reports it received.
#[derive(Default)]
struct Recorder {
    stop: bool,
    reports: Vec<engine::gomoku::Report>,
}

impl engine::control::Control<engine::gomoku::Report> for Recorder {
    fn elapsed_ms(&self) -> u64 {
        0
    }

    fn stop_requested(&self) -> bool {
        self.stop
    }

    fn report(&mut self, progress: &engine::gomoku::Report) {
        self.reports.push(progress.clone());
    }
}

fn untimed_player(size: usize) -> Player {
    let mut player = Player::new(Level::Turbo);
    *player.clock_mut() = Clock {
        turn_ms: i32::MAX as i64,
        match_ms: 0,
        left_ms: engine::gomoku::clock::UNLIMITED,
    };
    player.start(size, size).unwrap();
    player
}

#[test]
fn the_player_reports_each_finished_depth_and_plays_its_move() {
    let mut player = untimed_player(15);
    player.set_max_memory(4 << 20);
    let mut control = Recorder::default();
    // A few stones in the middle; the search is bounded by the nodes of
    // the clock's fast mode (time_left under 100 ms: depth 2).
    player.clock_mut().left_ms = 50;
    let d = player.reply_to(p(7, 7), &mut control).unwrap();
    let depths: Vec<u32> = control.reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2]);
    let last = control.reports.last().unwrap();
    assert_eq!(last.pv[0], d.point, "the line starts with the move");
    assert_eq!(d.search.unwrap().depth, 2);
    // The move is now the player's own stone: it cannot be played again.
    assert!(player.reply_to(d.point, &mut control).is_err());
}

#[test]
fn a_stopped_player_still_answers_with_a_legal_move() {
    let mut player = untimed_player(15);
    player.set_max_memory(4 << 20);
    let mut control = Recorder {
        stop: true,
        ..Recorder::default()
    };
    let d = player.reply_to(p(7, 7), &mut control).unwrap();
    assert_ne!(d.point, p(7, 7));
    assert!(control.reports.is_empty(), "no depth was finished");
}

#[test]
fn an_untimed_search_ends_when_its_tree_does() {
    // 21 empty points, no forced win: every line of the search ends at a
    // full board or a dead position long before depth 64. (It used to
    // search the same tree again up to depth 64: about 30 s.)
    let stones = [
        (6, 5, Owner::Own),
        (1, 5, Owner::Opponent),
        (6, 0, Owner::Own),
        (1, 6, Owner::Opponent),
        (3, 6, Owner::Own),
        (5, 3, Owner::Opponent),
        (4, 6, Owner::Own),
        (0, 3, Owner::Opponent),
        (1, 1, Owner::Own),
        (6, 6, Owner::Opponent),
        (4, 2, Owner::Own),
        (0, 2, Owner::Opponent),
        (6, 4, Owner::Own),
        (6, 1, Owner::Opponent),
        (5, 4, Owner::Own),
        (4, 4, Owner::Opponent),
        (1, 3, Owner::Own),
        (5, 5, Owner::Opponent),
        (2, 1, Owner::Own),
        (3, 5, Owner::Opponent),
        (6, 3, Owner::Own),
        (0, 1, Owner::Opponent),
        (2, 0, Owner::Own),
        (1, 2, Owner::Opponent),
        (3, 3, Owner::Own),
        (3, 2, Owner::Opponent),
        (5, 2, Owner::Own),
        (2, 4, Owner::Opponent),
    ];
    let stones: Vec<(Point, Owner)> = stones.iter().map(|&(x, y, o)| (p(x, y), o)).collect();
    let mut player = untimed_player(7);
    player.set_max_memory(4 << 20);
    let mut control = Recorder::default();
    let d = player.set_position(&stones, &mut control).unwrap();
    let depth = d.search.unwrap().depth;
    assert!(depth < 30, "searched to depth {depth}");
}

/// A control that asks for the move once its stop flag has been read
/// `stop_after` times (the search reads it at every node): a deadline that
/// can fall anywhere in an iteration, at the same node on every run.
struct StopAfter {
    reads: std::cell::Cell<u64>,
    stop_after: u64,
    reports: Vec<engine::gomoku::Report>,
}

impl StopAfter {
    fn new(stop_after: u64) -> StopAfter {
        StopAfter {
            reads: std::cell::Cell::new(0),
            stop_after,
            reports: Vec::new(),
        }
    }
}

impl engine::control::Control<engine::gomoku::Report> for StopAfter {
    fn elapsed_ms(&self) -> u64 {
        0
    }

    fn stop_requested(&self) -> bool {
        let n = self.reads.get() + 1;
        self.reads.set(n);
        n > self.stop_after
    }

    fn report(&mut self, progress: &engine::gomoku::Report) {
        self.reports.push(progress.clone());
    }
}

/// Iterative deepening with a partial last iteration: an iteration cut
/// short answers with the last finished iteration's move until its first
/// root move (that same move) is searched fully, and after that only with
/// a move whose own search finished above it. Cut at every point of a
/// depth-6 search, the answer is the last report's move and score, or the
/// cut iteration's best so far: a score no higher than that iteration
/// finishes with (the root's alpha only rises), equal when the move is
/// the one it finishes with. A move whose search was cut off (its score
/// is the stop's 0) would break one of these.
#[test]
fn a_cut_iteration_answers_only_with_fully_searched_moves() {
    // The first ten stones of a self-play game; black to move.
    let game = [
        (9, 5),
        (5, 7),
        (6, 9),
        (5, 8),
        (5, 9),
        (6, 7),
        (7, 8),
        (8, 7),
        (7, 7),
        (7, 9),
    ];
    let mut b = Board::new(15, 15, Rule::default()).unwrap();
    for (i, &(x, y)) in game.iter().enumerate() {
        let colour = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.play(p(x, y), colour).unwrap();
    }
    let limits = Limits::depth(6);
    let search = |stop_after: u64| {
        let mut work = b.clone();
        let mut control = StopAfter::new(stop_after);
        let r = Searcher::new(4 << 20).search(&mut work, Color::Black, &limits, &mut control);
        (r, control)
    };
    let (full, control) = search(u64::MAX);
    let reads = control.reads.get();
    let finished = control.reports;
    assert_eq!(full.reason, Reason::Search);
    assert_eq!(finished.len(), 6, "one report per depth");
    let mut cut_answers = 0;
    for k in 0..50 {
        let (r, control) = search(reads * k / 50);
        let best = r.best.expect("a move");
        assert!(b.is_empty(best));
        assert_eq!(control.reports[..], finished[..control.reports.len()]);
        let Some(last) = control.reports.last() else {
            continue;
        };
        if r.depth == last.depth {
            assert_eq!((best, r.score), (last.pv[0], last.score), "cut at {k}/50");
            continue;
        }
        // The cut iteration searched its first move fully.
        assert_eq!(r.depth, last.depth + 1, "cut at {k}/50");
        let end = &finished[r.depth as usize - 1];
        assert!(
            r.score <= end.score,
            "cut at {k}/50: {} above {}",
            r.score,
            end.score
        );
        if best == end.pv[0] {
            assert_eq!(r.score, end.score, "cut at {k}/50");
        }
        cut_answers += 1;
    }
    assert!(cut_answers > 0, "some cut iteration answered");
}

#[test]
fn square_values_read_off_the_stones_equal_the_line_table() {
    let mut rng = StdRng::seed_from_u64(1985);
    for _ in 0..20 {
        let (w, h) = (rng.random_range(5..=19), rng.random_range(5..=19));
        let mut b = Board::new(w, h, Rule::FREESTYLE).unwrap();
        for i in 0..rng.random_range(0..w * h / 2) {
            let q = p(rng.random_range(0..w), rng.random_range(0..h));
            if !b.is_empty(q) {
                continue;
            }
            if i % 11 == 10 {
                b.place_wall(q).unwrap();
            } else {
                b.make(
                    q,
                    if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                );
            }
        }
        let lines = b.lines();
        for q in b.points() {
            for c in [Color::Black, Color::White] {
                assert_eq!(
                    square_value(&b, q, c),
                    lines.value(q.x, q.y, c),
                    "{q} {c:?}\n{b}"
                );
            }
        }
    }
}

/// A clock that advances one millisecond each time a search reads its
/// stop flag, which every node of a threat search does (a three's counter
/// search included): the clock counts the nodes searched so far.
struct NodeClock {
    ticks: std::cell::Cell<u64>,
}

impl engine::control::Control<engine::gomoku::Report> for NodeClock {
    fn elapsed_ms(&self) -> u64 {
        self.ticks.get()
    }

    fn stop_requested(&self) -> bool {
        self.ticks.set(self.ticks.get() + 1);
        false
    }
}

/// A threat search stops within `CLOCK_INTERVAL` nodes of its deadline,
/// even when a three's counter search adds its nodes in one step (a test
/// of the count's low bits skipped most clock readings, and the root's
/// VCT ran on to its node budget). Positions of a self-play game, each
/// side's VCT cut at a quarter and at half of its uncut node count.
#[test]
fn a_threat_search_stops_at_its_deadline() {
    let game = "9,5 5,7 6,9 5,8 5,9 6,7 7,8 8,7 7,7 7,9 7,6 8,6 8,8 7,5 8,4 6,6 6,4 6,8 \
                4,6 3,7 3,9 5,4 4,5 4,9 9,4 4,8 2,7 3,10 2,11 4,10 4,11 5,10 6,10 10,6";
    let moves: Vec<Point> = game
        .split_whitespace()
        .map(|m| {
            let (x, y) = m.split_once(',').unwrap();
            p(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let limits = ThreatLimits {
        depth: 6,
        nodes: 30_000,
        deadline: None,
    };
    let mut b = Board::new(15, 15, Rule::default()).unwrap();
    let mut cut = 0;
    for (i, &m) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        b.play(m, colour).unwrap();
        for attacker in [Color::Black, Color::White] {
            let mut uncut = ThreatSearch::new(&mut b, attacker, limits);
            let win = uncut.vct().is_some();
            let all = uncut.nodes();
            if win || all < 2_000 {
                continue;
            }
            for deadline in [all / 4, all / 2] {
                let clock = NodeClock {
                    ticks: std::cell::Cell::new(0),
                };
                let timed = ThreatLimits {
                    deadline: Some(deadline),
                    ..limits
                };
                let mut search = ThreatSearch::with_control(&mut b, attacker, timed, &clock);
                assert!(search.vct().is_none());
                assert_eq!(clock.ticks.get(), search.nodes());
                assert!(
                    search.nodes() <= deadline + CLOCK_INTERVAL,
                    "{} nodes for a deadline at {deadline} ({all} uncut), ply {i}",
                    search.nodes()
                );
                cut += 1;
            }
        }
    }
    assert!(cut >= 4, "only {cut} searches long enough to cut");
}
