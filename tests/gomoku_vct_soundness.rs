//! Issue 24, sound threat search: every VCT win the engine claims, on
//! positions from its own games under each rule, is confirmed by an AND-OR
//! search in which the defender has every reply: each empty point it may
//! play (blocks, far blocks, its own fours, fours that block, counter-
//! threes), at every defender turn. The attacker's choices are the claimed
//! line, moves that win outright next turn, and the engine's own threat
//! search where the line does not go; each is checked the same way, so a
//! confirmed claim is a proof tree, not a main line.

#[path = "common/gomoku_games.rs"]
mod gomoku_games;

use engine::control::Unlimited;
use engine::gomoku::codes::B4;
use engine::gomoku::geometry::DIRECTIONS;
use engine::gomoku::search::{Reason, WIN};
use engine::gomoku::threats::{ThreatLimits, find_vcf, find_vct};
use engine::gomoku::{Board, Color, Limits, Point, Searcher};
use gomoku_games::{own_game, rules};

/// Positions looked at from the end of each game.
const LAST_MOVES: usize = 24;

/// The claims looked for in the games: the search's VCT depth with fewer
/// nodes, to keep the test quick (a claim is a claim at any budget).
const SCAN_LIMITS: ThreatLimits = ThreatLimits {
    depth: 6,
    nodes: 3_000,
    deadline: None,
};

/// The engine's threat search where the claimed line does not go.
const HINT_LIMITS: ThreatLimits = ThreatLimits {
    depth: 6,
    nodes: 30_000,
    deadline: None,
};

/// Attacker moves the check allows beyond the line's own: a defence that
/// is not the line's, a defender four above all, may need a longer win
/// (a caro claim from the engine's games needed 5 more).
const SLACK: u32 = 5;

/// The AND-OR check: the attacker to move wins within `depth` of its moves
/// against every defence.
struct Prover {
    attacker: Color,
    nodes: u64,
    budget: u64,
}

impl Prover {
    fn attack(&mut self, b: &mut Board, depth: u32, hint: &[Point]) -> Result<(), String> {
        let (a, d) = (self.attacker, self.attacker.opponent());
        if !b.five_points(a).is_empty() {
            return Ok(());
        }
        self.nodes += 1;
        if depth == 0 || self.nodes > self.budget {
            return Err(format!("no win found within the depth\n{b}"));
        }
        let threats = b.five_points(d);
        let mut candidates: Vec<Point> = Vec::new();
        match threats.len() {
            0 => {
                candidates.extend(hint.first());
                candidates.extend(sure_wins(b, a));
                if hint.is_empty() {
                    let mut work = b.clone();
                    let line = find_vcf(&mut work, a, HINT_LIMITS)
                        .or_else(|| find_vct(&mut work, a, HINT_LIMITS));
                    candidates.extend(line.and_then(|l| l.first().copied()));
                }
            }
            // The defender threatens five: the attacker must stop it.
            1 => candidates.extend(b.five_stops(d)),
            _ => return Err(format!("the defender has two fives\n{b}")),
        }
        let mut why = format!("the attacker has no move\n{b}");
        let mut tried = Vec::new();
        for m in candidates {
            if tried.contains(&m) || !b.allowed(m, a) {
                continue;
            }
            tried.push(m);
            let rest = if hint.first() == Some(&m) {
                &hint[1..]
            } else {
                &[]
            };
            match self.defend(b, m, depth, rest) {
                Ok(()) => return Ok(()),
                Err(e) => why = e,
            }
        }
        Err(why)
    }

    /// With the attacker about to play `m`: every defender reply loses.
    fn defend(
        &mut self,
        b: &mut Board,
        m: Point,
        depth: u32,
        hint: &[Point],
    ) -> Result<(), String> {
        let (a, d) = (self.attacker, self.attacker.opponent());
        if b.makes_five(m, a) {
            return Ok(());
        }
        b.make(m, a);
        let sure = sure_wins(b, a);
        let mut result = Ok(());
        for r in b.points().collect::<Vec<_>>() {
            if !b.allowed(r, d) {
                continue;
            }
            if b.makes_five(r, d) {
                result = Err(format!("after {m} the defender makes five at {r}"));
                break;
            }
            b.make(r, d);
            let holds = if !b.five_points(a).is_empty()
                || sure.iter().any(|&w| b.is_empty(w) && is_sure_win(b, a, w))
            {
                Ok(())
            } else {
                let rest = if hint.first() == Some(&r) {
                    &hint[1..]
                } else {
                    &[]
                };
                self.attack(b, depth - 1, rest)
            };
            b.undo();
            if let Err(e) = holds {
                result = Err(format!("after {m}, defence {r}: {e}"));
                break;
            }
        }
        b.undo();
        result
    }
}

/// Attacker moves that win next turn whatever the defender does.
fn sure_wins(b: &mut Board, a: Color) -> Vec<Point> {
    let points: Vec<Point> = b.points().collect();
    points
        .into_iter()
        .filter(|&w| {
            b.is_empty(w) && b.codes().best_shape(w.x, w.y, a) >= B4 && is_sure_win(b, a, w)
        })
        .collect()
}

/// Whether `a` playing `w` wins next turn: it is allowed, the defender
/// then has no five to make, and no defender stone leaves `a` without one.
fn is_sure_win(b: &mut Board, a: Color, w: Point) -> bool {
    if !b.allowed(w, a) {
        return false;
    }
    if b.makes_five(w, a) {
        return true;
    }
    let d = a.opponent();
    b.make(w, a);
    let fives = b.five_points(a);
    let sure = !fives.is_empty()
        && b.five_points(d).is_empty()
        && if !b.rule().caro {
            // One defender stone takes one five point and cannot spoil
            // another (it is not on that five); a five point the defender
            // may not play (renju) cannot be taken at all.
            fives.len() >= 2 || !b.allowed(fives[0], d)
        } else {
            // Under caro a stone at either end of a five spoils it too: a
            // defender stone matters only on the lines through a five
            // point, within five of it, and none may leave `a` without one.
            let mut near: Vec<Point> = Vec::new();
            for f in &fives {
                for step in DIRECTIONS {
                    for k in -5..=5 {
                        if let Some(r) = b.step(*f, step, k)
                            && b.is_empty(r)
                            && !near.contains(&r)
                        {
                            near.push(r);
                        }
                    }
                }
            }
            near.into_iter().all(|r| {
                if !b.allowed(r, d) {
                    return true;
                }
                b.make(r, d);
                let left = !b.five_points(a).is_empty();
                b.undo();
                left
            })
        };
    b.undo();
    sure
}

/// Confirms a claimed `line` for `attacker` on `board`.
fn confirm(board: &Board, attacker: Color, line: &[Point]) -> Result<(), String> {
    let mut prover = Prover {
        attacker,
        nodes: 0,
        budget: 20_000,
    };
    let depth = line.len().div_ceil(2) as u32 + SLACK;
    prover.attack(&mut board.clone(), depth, line)
}

/// Whatever VCT the engine claims for `attacker` on `board` within
/// `limits` holds against every defence (claiming none is fine).
fn assert_any_claim_holds(board: &Board, attacker: Color, limits: ThreatLimits) {
    let mut work = board.clone();
    if let Some(line) = find_vct(&mut work, attacker, limits) {
        confirm(board, attacker, &line)
            .unwrap_or_else(|why| panic!("{attacker:?} claims {line:?}: {why}\n{board}"));
    }
}

#[test]
fn every_vct_the_engine_claims_in_its_own_games_holds_against_every_defence() {
    // With a fourth game a rule, this found the caro false win kept below
    // (a_caro_three_capped_five_points_out_is_no_win).
    let mut positions = 0;
    let mut claims = 0;
    let mut false_wins = Vec::new();
    for (r, rule) in rules().into_iter().enumerate() {
        for game in 0..4 {
            let seed = (r * 100 + game) as u64;
            let game = own_game(rule, seed, 300);
            // The threats are near the end of a game.
            for (board, me) in game.iter().rev().take(LAST_MOVES).cloned() {
                positions += 1;
                // The side to move, and the other side as if it were to
                // move (the threats it would have after a quiet move).
                for attacker in [me, me.opponent()] {
                    let mut work = board.clone();
                    if find_vcf(&mut work, attacker, SCAN_LIMITS).is_some()
                        || !work.five_points(attacker.opponent()).is_empty()
                    {
                        // tests/gomoku_vcf_soundness.rs checks VCFs.
                        continue;
                    }
                    let Some(line) = find_vct(&mut work, attacker, SCAN_LIMITS) else {
                        continue;
                    };
                    claims += 1;
                    if attacker == me {
                        // The search claims the same win with the same move.
                        let mut limits = Limits::depth(1);
                        limits.nodes = SCAN_LIMITS.nodes;
                        let result =
                            Searcher::new(1 << 16).search(&mut work, me, &limits, &mut Unlimited);
                        // The search tries fours first, and deeper than
                        // the scan: it may find a longer win by fours.
                        let deep_vcf = ThreatLimits {
                            depth: 30,
                            ..SCAN_LIMITS
                        };
                        if result.reason == Reason::Vcf {
                            let deeper = find_vcf(&mut work, me, deep_vcf);
                            assert!(deeper.is_some(), "rule {}\n{board}", rule.mask());
                            assert!(result.score > WIN - 100);
                        } else {
                            assert_eq!(result.reason, Reason::Vct, "rule {}\n{board}", rule.mask());
                            assert!(result.score > WIN - 100 && result.best == Some(line[0]));
                        }
                    }
                    if let Err(why) = confirm(&board, attacker, &line) {
                        false_wins.push(format!(
                            "rule {} game {seed}: {attacker:?} claims {line:?}: {why}\n{board}",
                            rule.mask()
                        ));
                    }
                }
            }
        }
    }
    eprintln!("{positions} positions, {claims} VCT claims (no VCF)");
    assert!(
        false_wins.is_empty(),
        "{} false wins:\n{}",
        false_wins.len(),
        false_wins.join("\n")
    );
    assert!(
        positions >= 300 && claims >= 20,
        "{positions} positions, {claims} claims"
    );
}

/// A false win the test above found in a caro game (rule 9, seed 403)
/// before caro's VCT was cut to fours:
/// white's 5,6 makes a split three on row 6, and the engine looked for
/// defences only four points out. Black holds with 10,6: white's straight
/// four 5..8 then has the five 5..9 capped at both ends once black takes
/// 4,6.
#[test]
fn a_caro_three_capped_five_points_out_is_no_win() {
    let diagram = "
        ...............
        ...............
        ...............
        ...............
        ........X......
        .......XOX.....
        ......O.O......
        .....X.OOOXO...
        ......O.XXO....
        .....X.XOX.X...
        ...............
        ...............
        ...............
        ...............
        ...............";
    let board = Board::from_diagram(diagram, engine::gomoku::Rule::from_mask(9).unwrap()).unwrap();
    assert_any_claim_holds(&board, Color::White, SCAN_LIMITS);
}

/// A three whose refutation is a defender four that starts no VCF:
/// black's 6,5 makes an open three on the diagonal 6,5 7,6 8,7, and white
/// has no win by fours after it (not even at depth 30), so the counter
/// search in `after_three` finds nothing here, cut or not. White holds
/// with the four 10,8 and the threats after it (the check above finds no
/// black win then; the search, as white, plays 10,8). The VCT must find
/// that among its defences: with the defender's fours left out of them it
/// claimed 6,5 2,1 9,8 (a sweep of the test above over more games, seed
/// 5004), which the check above refutes, while the test above passed.
#[test]
fn a_three_refuted_by_a_defender_four_is_no_win() {
    let diagram = "
        ...............
        ...............
        .........O.....
        .........X.....
        ......XOXX.....
        .......O.X.....
        ......XXOX.....
        ......OOXO.....
        ......OO.......
        ...............
        ...............
        ...............
        ...............
        ...............
        ...............";
    let board = Board::from_diagram(diagram, engine::gomoku::Rule::from_mask(0).unwrap()).unwrap();
    let three = Point::new(6, 5);
    let mut after = board.clone();
    assert!(after.shape(three, Color::Black, true).threes > 0);
    after.make(three, Color::Black);
    let deep = ThreatLimits {
        depth: 30,
        nodes: 1_000_000,
        deadline: None,
    };
    assert!(find_vcf(&mut after, Color::White, deep).is_none());
    assert_any_claim_holds(&board, Color::Black, HINT_LIMITS);
}

/// The case a capped counter search would miss: white's 8,8 makes an
/// open three, and black's only answer that wins is a VCF of 7 fours
/// (13 plies), deeper than `after_three`'s counter search reaches (6
/// fours, 400 nodes; a sweep of 40 own games, seed 7104, found it). The
/// VCT must not take the cut counter search for "black has no VCF": the
/// fours are among its defences, and it claims no win here that does not
/// hold.
#[test]
fn a_three_against_a_defender_vcf_beyond_the_counter_search_is_no_win() {
    let diagram = "
        ...............
        ...............
        ...............
        ...............
        ...............
        ......X.X......
        ......OXX......
        ......X.X......
        .....OXO.O.....
        ......XO.O.....
        ......O........
        ...............
        ...............
        ...............
        ...............";
    let board = Board::from_diagram(diagram, engine::gomoku::Rule::from_mask(0).unwrap()).unwrap();
    let three = Point::new(8, 8);
    let mut after = board.clone();
    assert!(after.shape(three, Color::White, true).threes > 0);
    after.make(three, Color::White);
    let counter = ThreatLimits {
        depth: 6,
        nodes: 400,
        deadline: None,
    };
    assert!(find_vcf(&mut after, Color::Black, counter).is_none());
    let deep = ThreatLimits {
        depth: 30,
        nodes: 1_000_000,
        deadline: None,
    };
    let refutation = find_vcf(&mut after, Color::Black, deep).expect("black's VCF");
    assert!(refutation.len() > 2 * 6, "{refutation:?}");
    assert_any_claim_holds(&board, Color::White, HINT_LIMITS);
}

/// Published renju problems: Hiroshi Okabe's "5 moves to win" problems
/// Nos. 2, 63 and 68, as renju-note/quintet's VCT tests write them (X
/// black, O white, top row is row 15), with their published solutions in
/// renju notation (attacker, defence, …). Each is won by four attacker
/// moves under renju (quintet names No. 63 its counter-threat test and
/// No. 68 its forbidden-point test). The published lines are confirmed by
/// the check above, which also checks the transcription.
const OKABE: [(&str, Color, &str, &str); 3] = [
    (
        "No. 2",
        Color::Black,
        "F10,G9,I10,G10,H11,H12,G12",
        "
        ...............
        ...............
        ...............
        ...............
        ........O......
        .......X.......
        .......XOX.....
        ......OX.O.....
        .......OX......
        ...............
        ...............
        ...............
        ...............
        ...............
        ...............",
    ),
    (
        "No. 63",
        Color::White,
        "F7,E8,G8,E6,G5,G7,H6",
        "
        ...............
        ...............
        ...............
        ...............
        .........X.....
        .......XO......
        ...OOX.OX......
        .....X.XXO.....
        .......XO......
        ......O........
        ...............
        ...............
        ...............
        ...............
        ...............",
    ),
    (
        "No. 68",
        Color::Black,
        "J8,I7,I8,G8,L8,K8,K7",
        "
        ...............
        ...............
        ...............
        ...............
        ...............
        ........O......
        ........O......
        .......X.......
        .......O.......
        .......XOX.....
        ......XOX......
        ...............
        ...............
        ...............
        ...............",
    ),
];

/// A point in renju notation (`H8` is the centre of the 15×15 board).
fn renju_point(name: &str) -> Point {
    let x = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse().expect("row number");
    Point::new(x, 15 - row)
}

#[test]
fn okabe_five_moves_to_win_problems_are_solved() {
    let renju = engine::gomoku::Rule::from_mask(4).unwrap();
    for (name, attacker, solution, diagram) in OKABE {
        let board = Board::from_diagram(diagram, renju).unwrap();
        let published: Vec<Point> = solution.split(',').map(renju_point).collect();
        confirm(&board, attacker, &published)
            .unwrap_or_else(|why| panic!("{name}: the published solution: {why}"));
        let mut work = board.clone();
        assert!(
            find_vcf(&mut work, attacker, SCAN_LIMITS).is_none(),
            "{name}"
        );
        let line = find_vct(&mut work, attacker, HINT_LIMITS)
            .unwrap_or_else(|| panic!("{name} is not solved\n{board}"));
        // A problem has one key move: the engine finds it.
        assert_eq!(line[0], published[0], "{name}: {line:?}");
        confirm(&board, attacker, &line)
            .unwrap_or_else(|why| panic!("{name}: {attacker:?} claims {line:?}: {why}"));
    }
}
