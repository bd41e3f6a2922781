//! `turbobridge show`: a board as a bridge column prints it, for a person
//! rather than a program. North at the top, West and East at the sides,
//! South at the bottom; then the auction in four columns from West, the
//! contract, result and duplicate score, the play trick by trick, and the
//! double-dummy table with the par score when known.
//!
//! Everything here is presentation: scores, tricks, the table and par
//! come from the engine (`scoring`, `Trick::winner`, the solver, `par`).
//! Every line fits an 80-column terminal, except the handviewer link,
//! which a terminal must not break.

use std::fmt::Write as _;
use std::io::{self, Write};

use engine::bridge::dds;
use engine::bridge::par::{Par, par};
use engine::bridge::scoring::ns_score;
use engine::bridge::{
    Call, Card, Contract, DdTable, Hand, Play, Rank, Seat, Side, Strain, Suit, Trick, Vulnerability,
};

use super::board::{Board, ContractTag};
use super::handviewer;
use super::io::{FilterSummary, board_name, read_boards};
use crate::progress::Progress;

/// How suits are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// ♠ ♥ ♦ ♣, and — for a void.
    Unicode,
    /// S H D C, and - for a void: for terminals and printers without them.
    Ascii,
}

impl Symbols {
    fn suit(self, suit: Suit) -> &'static str {
        match (self, suit) {
            (Symbols::Unicode, Suit::Spades) => "♠",
            (Symbols::Unicode, Suit::Hearts) => "♥",
            (Symbols::Unicode, Suit::Diamonds) => "♦",
            (Symbols::Unicode, Suit::Clubs) => "♣",
            (Symbols::Ascii, Suit::Spades) => "S",
            (Symbols::Ascii, Suit::Hearts) => "H",
            (Symbols::Ascii, Suit::Diamonds) => "D",
            (Symbols::Ascii, Suit::Clubs) => "C",
        }
    }

    fn strain(self, strain: Strain) -> &'static str {
        strain.trump().map_or("NT", |s| self.suit(s))
    }

    fn void(self) -> &'static str {
        match self {
            Symbols::Unicode => "—",
            Symbols::Ascii => "-",
        }
    }

    fn card(self, card: Card) -> String {
        format!("{}{}", self.suit(card.suit), rank(card.rank))
    }

    fn call(self, call: Call) -> String {
        match call {
            Call::Bid { level, strain } => format!("{level}{}", self.strain(strain)),
            other => other.to_string(),
        }
    }

    fn contract(self, c: &Contract) -> String {
        format!(
            "{}{}{} by {}",
            c.level,
            self.strain(c.strain),
            c.doubling.suffix(),
            seat_name(c.declarer)
        )
    }

    /// Suits written `!S`, `\S` (LIN and PBN notes) in this style.
    fn note(self, text: &str) -> String {
        let mut out = text.to_string();
        for suit in Suit::DESCENDING {
            for mark in ['!', '\\'] {
                for letter in [suit.letter(), suit.letter().to_ascii_lowercase()] {
                    out = out.replace(&format!("{mark}{letter}"), self.suit(suit));
                }
            }
        }
        out
    }
}

/// Columns bridge writers use: 10 as `10`, honours as letters.
fn rank(r: Rank) -> String {
    if r == Rank::TEN {
        "10".to_string()
    } else {
        r.letter().to_string()
    }
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

fn vulnerability_name(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NS => "N-S",
        Vulnerability::EW => "E-W",
        Vulnerability::Both => "Both",
    }
}

/// The computed facts shown under a diagram: the double-dummy table
/// and its par.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub table: DdTable,
    pub par: Par,
}

impl Analysis {
    /// The par of `table` for the board's dealer and vulnerability (those of
    /// its number when the board does not say).
    pub fn new(board: &Board, table: DdTable) -> Analysis {
        let (dealer, vulnerability) = dealer_and_vulnerability(board);
        Analysis {
            table,
            par: par(&table, dealer, vulnerability),
        }
    }

    /// The table the board carries (DoubleDummyTricks or
    /// OptimumResultTable), with its par.
    pub fn from_board(board: &Board) -> Option<Analysis> {
        let table = board.dd_tricks.or(board.optimum_table)?;
        Some(Analysis::new(board, table))
    }
}

fn dealer_and_vulnerability(board: &Board) -> (Seat, Vulnerability) {
    (
        board.dealer_or_rotation(),
        board.vulnerability_or_rotation(),
    )
}

/// Where the hands start: West at the left edge, North and South in the
/// middle, East at the right; a 13-card suit (`♠ A K Q J 10 9 8 7 6 5 4 3
/// 2`, 29 columns) still fits on either side.
const MIDDLE: usize = 22;
const RIGHT: usize = 44;
/// Width of an auction or play column.
const CELL: usize = 8;

/// Pads `text` with spaces to `width` characters (suit symbols count one).
fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(n)))
}

/// The first `max` characters of a name.
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The five lines of a hand: its seat (with the player's name) and one
/// line per suit.
fn hand_lines(board: &Board, seat: Seat, s: Symbols) -> Vec<String> {
    let name = board.players[seat.index()].trim();
    let mut lines = vec![if name.is_empty() || name == "?" {
        seat_name(seat).to_string()
    } else {
        format!("{} {}", seat_name(seat), clip(name, 16))
    }];
    let hand: Hand = board.deal[seat];
    if hand.is_empty() {
        lines.push("(not given)".to_string());
        return lines;
    }
    for suit in Suit::DESCENDING {
        let ranks: Vec<String> = Rank::descending()
            .filter(|r| hand.suit(suit) >> r.0 & 1 != 0)
            .map(rank)
            .collect();
        let holding = if ranks.is_empty() {
            s.void().to_string()
        } else {
            ranks.join(" ")
        };
        lines.push(format!("{} {holding}", s.suit(suit)));
    }
    lines
}

/// The diagram of one board, every line ended by `\n`.
pub fn diagram(board: &Board, s: Symbols, analysis: Option<&Analysis>) -> String {
    let mut out = String::new();
    let (dealer, vulnerability) = dealer_and_vulnerability(board);
    let mut header = vec![
        board
            .number
            .map_or("Board".to_string(), |n| format!("Board {n}")),
        format!("Dealer {}", seat_name(dealer)),
        format!("Vul {}", vulnerability_name(vulnerability)),
    ];
    if !board.event.trim().is_empty() && board.event != "?" {
        header.push(clip(board.event.trim(), MIDDLE - 2));
    }
    let north = hand_lines(board, Seat::North, s);
    for i in 0..north.len().max(header.len()) {
        let left = header.get(i).map_or("", String::as_str);
        let right = north.get(i).map_or("", String::as_str);
        push_line(&mut out, &format!("{}{right}", pad(left, MIDDLE)));
    }
    let west = hand_lines(board, Seat::West, s);
    let east = hand_lines(board, Seat::East, s);
    for i in 0..west.len().max(east.len()) {
        let left = west.get(i).map_or("", String::as_str);
        let right = east.get(i).map_or("", String::as_str);
        push_line(&mut out, &format!("{}{right}", pad(left, RIGHT)));
    }
    for line in hand_lines(board, Seat::South, s) {
        push_line(&mut out, &format!("{}{line}", " ".repeat(MIDDLE)));
    }
    auction(&mut out, board, s);
    contract_and_result(&mut out, board, s);
    play(&mut out, board, s);
    if let Some(a) = analysis {
        double_dummy(&mut out, a, s);
    } else if board.optimum_score.is_some() || board.par_contract.is_some() {
        // Par given without its table: shown as the file states it.
        out.push('\n');
        let score = board.optimum_score.map_or(String::new(), side_score);
        let contracts = board.par_contract.clone().unwrap_or_default();
        push_line(&mut out, &format!("Par {score} {contracts}"));
    }
    out
}

/// Appends a line without trailing spaces.
fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// A North-South score the way the Score tag writes it: the side that
/// gains, `NS 0` when nobody does.
fn side_score(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// The auction in four columns West, North, East, South; `--` in the
/// seats before the dealer; the last three passes after a bid as
/// `All Pass`; explained calls numbered, their explanations below.
fn auction(out: &mut String, board: &Board, s: Symbols) {
    let Some(rec) = &board.auction else {
        return;
    };
    out.push('\n');
    let order = [Seat::West, Seat::North, Seat::East, Seat::South];
    let header: String = order.iter().map(|&x| pad(seat_name(x), CELL)).collect();
    push_line(out, &header);
    let dealer = rec.auction.dealer();
    let skip = order.iter().position(|&x| x == dealer).unwrap_or(0);
    let mut cells: Vec<String> = vec!["--".to_string(); skip];
    let calls = rec.auction.calls();
    let all_pass = rec.auction.is_complete() && !rec.auction.is_passed_out();
    let shown = if all_pass {
        calls.len() - 3
    } else {
        calls.len()
    };
    let mut notes = Vec::new();
    for (i, &call) in calls[..shown].iter().enumerate() {
        let mut cell = s.call(call);
        match rec.annotations.get(i).cloned().flatten() {
            Some(text) if text.trim().is_empty() => cell.push('!'),
            Some(text) => {
                notes.push(text);
                cell.push_str(&format!("({})", notes.len()));
            }
            None => {}
        }
        cells.push(cell);
    }
    if all_pass {
        cells.push("All Pass".to_string());
    } else if !rec.auction.is_complete() {
        cells.push("?".to_string());
    }
    for row in cells.chunks(4) {
        let line: String = row.iter().map(|c| pad(c, CELL)).collect();
        push_line(out, &line);
    }
    for (i, text) in notes.iter().enumerate() {
        wrap(out, &format!("({}) ", i + 1), &s.note(text.trim()));
    }
}

/// Writes `text` after `lead` in lines of at most 79 characters,
/// continuation lines indented under the text.
fn wrap(out: &mut String, lead: &str, text: &str) {
    let indent = lead.chars().count();
    let mut line = lead.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if !empty && len + 1 + word.chars().count() > 79 {
            push_line(out, &line);
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    push_line(out, &line);
}

/// Contract, declarer, tricks and duplicate score (Law 77, from the
/// engine).
fn contract_and_result(out: &mut String, board: &Board, s: Symbols) {
    let vulnerability = dealer_and_vulnerability(board).1;
    let passed_out = matches!(board.contract, Some(ContractTag::PassedOut))
        || board
            .auction
            .as_ref()
            .is_some_and(|a| a.auction.is_passed_out());
    if passed_out {
        out.push('\n');
        push_line(out, "Passed out, score 0");
        return;
    }
    let Some(contract) = board.contract() else {
        if let Some(ContractTag::StrainOnly(strain)) = board.contract {
            out.push('\n');
            push_line(out, &format!("Trumps {}", s.strain(strain)));
        }
        return;
    };
    out.push('\n');
    let mut line = format!("Contract {}", s.contract(&contract));
    match board.result.or_else(|| played_result(board, &contract)) {
        Some(tricks) => {
            let diff = i32::from(tricks) - i32::from(contract.tricks_needed());
            let outcome = match diff {
                0 => "made".to_string(),
                d if d > 0 => format!("made +{d}"),
                d => format!("down {}", -d),
            };
            let score = ns_score(Some(&contract), vulnerability, tricks);
            let _ = write!(
                line,
                ", {tricks} tricks ({outcome}), score {}",
                side_score(score)
            );
        }
        None => match board.score {
            Some(score) => {
                let _ = write!(line, ", score {}", side_score(score));
            }
            None => line.push_str(", result not given"),
        },
    }
    push_line(out, &line);
}

/// Declarer's tricks when the file gives no Result but the whole play:
/// the engine's play replayed to the end.
fn played_result(board: &Board, contract: &Contract) -> Option<u8> {
    let cards = board.linear_play();
    if cards.len() != 52 || !board.deal.is_full() {
        return None;
    }
    let mut play = Play::new(&board.deal, contract);
    for (_, card) in cards {
        play.play(card).ok()?;
    }
    play.result()
}

/// The play in seat columns (West, North, East, South), one trick a
/// line: `>` marks the card led, `*` the card that won, and the tricks
/// each side has taken so far.
fn play(out: &mut String, board: &Board, s: Symbols) {
    let cards = board.linear_play();
    let Some(strain) = board.strain() else {
        return;
    };
    if cards.is_empty() {
        return;
    }
    out.push('\n');
    let order = [Seat::West, Seat::North, Seat::East, Seat::South];
    let header: String = order.iter().map(|&x| pad(seat_name(x), CELL)).collect();
    push_line(out, &format!("Trick  {header}NS EW"));
    let mut won = [0u8; 2];
    for (i, trick_cards) in cards.chunks(4).enumerate() {
        let (leader, _) = trick_cards[0];
        let played: Vec<Card> = trick_cards.iter().map(|&(_, c)| c).collect();
        let winner = Trick::from_cards(leader, &played)
            .filter(Trick::is_complete)
            .and_then(|t| t.winner(strain));
        if let Some(w) = winner {
            won[w.side().index()] += 1;
        }
        let mut line = format!("{:>3}    ", i + 1);
        for seat in order {
            let cell = match trick_cards.iter().find(|&&(x, _)| x == seat) {
                Some(&(_, card)) => {
                    let lead = if seat == leader { ">" } else { " " };
                    let win = if winner == Some(seat) { "*" } else { "" };
                    format!("{lead}{}{win}", s.card(card))
                }
                None => String::new(),
            };
            line.push_str(&pad(&cell, CELL));
        }
        if winner.is_some() {
            let _ = write!(
                line,
                "{:>2} {:>2}",
                won[Side::NorthSouth.index()],
                won[Side::EastWest.index()]
            );
        }
        push_line(out, &line);
    }
    push_line(out, "(> led, * won the trick)");
    let complete = cards.len() / 4;
    if let (Some(result), Some(contract)) = (board.result, board.contract())
        && complete < 13
    {
        push_line(
            out,
            &format!(
                "Claim: {} takes {result} tricks in all",
                seat_name(contract.declarer)
            ),
        );
    }
}

/// The double-dummy table (tricks for each declarer in each strain) and
/// the par score with its contracts.
fn double_dummy(out: &mut String, a: &Analysis, s: Symbols) {
    out.push('\n');
    let mut header = pad("Double dummy", 14);
    for strain in Strain::DESCENDING {
        header.push_str(&format!("{:>4}", s.strain(strain)));
    }
    push_line(out, &header);
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        let mut line = pad(&format!("  {}", seat_name(seat)), 14);
        for strain in Strain::DESCENDING {
            let _ = write!(line, "{:>4}", a.table.get(seat, strain));
        }
        push_line(out, &line);
    }
    let contracts: Vec<String> = a
        .par
        .contracts
        .iter()
        .map(|p| {
            let c = &p.contract;
            let diff = i32::from(p.tricks) - i32::from(c.tricks_needed());
            let outcome = match diff {
                0 => "=".to_string(),
                d if d > 0 => format!("+{d}"),
                d => d.to_string(),
            };
            format!(
                "{} {}{}{}{outcome}",
                c.declarer.side().as_str(),
                c.level,
                s.strain(c.strain),
                c.doubling.suffix()
            )
        })
        .collect();
    let contracts = if contracts.is_empty() {
        "passed out".to_string()
    } else {
        contracts.join(", ")
    };
    wrap(
        out,
        &format!("Par {} ", side_score(a.par.ns_score)),
        &format!("({contracts})"),
    );
}

/// Options of `turbobridge show`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ShowArgs {
    /// Suits as S H D C (and - for a void) instead of ♠ ♥ ♦ ♣.
    #[arg(long)]
    pub ascii: bool,
    /// Solve each board double dummy (table and par) when the input does
    /// not carry its table.
    #[arg(long)]
    pub dd: bool,
    /// Every call numbered with what it shows (`turbobridge --explain`, a
    /// global option of the binary).
    #[arg(skip)]
    pub explain: bool,
}

/// Shows every board of `text` on `out`: the diagram, then (with
/// `handviewer`) the board's BBO handviewer link on a line of its own,
/// an empty line between boards. A board that cannot be read or solved
/// is reported on `errors` as `board N: <error>`, N its Board tag (its
/// position when it has none), and skipped.
pub fn run<W: Write, E: Write>(
    text: &str,
    args: &ShowArgs,
    handviewer: bool,
    mut out: W,
    mut errors: E,
    progress: &mut Progress,
) -> io::Result<FilterSummary> {
    let symbols = if args.ascii {
        Symbols::Ascii
    } else {
        Symbols::Unicode
    };
    let (_, boards) = read_boards(text);
    progress.set_total(boards.len());
    let mut solvers = Vec::new();
    let mut summary = FilterSummary::default();
    for (i, read) in boards.into_iter().enumerate() {
        summary.boards += 1;
        let name = |number| board_name(number, i + 1);
        let shown = read
            .map_err(|e| (name(e.number), e.to_string()))
            .and_then(|mut board| {
                let number = board.number;
                if args.explain
                    && let Some(rec) = &mut board.auction
                {
                    rec.explain();
                }
                let analysis = match Analysis::from_board(&board) {
                    Some(a) => Some(a),
                    None if args.dd => {
                        if solvers.is_empty() {
                            let threads =
                                std::thread::available_parallelism().map_or(1, |n| n.get());
                            solvers = dds::solvers(threads);
                        }
                        Some(analyse(&mut solvers, &board).map_err(|e| (name(number), e))?)
                    }
                    None => None,
                };
                let mut text = diagram(&board, symbols, analysis.as_ref());
                if handviewer {
                    text.push_str(&format!("Handviewer {}\n", handviewer::link(&board)));
                }
                Ok(text)
            });
        match shown {
            Ok(text) => {
                if summary.boards - summary.failed > 1 {
                    out.write_all(b"\n")?;
                }
                out.write_all(text.as_bytes())?;
                out.flush()?;
            }
            Err((name, e)) => {
                summary.failed += 1;
                progress.clear();
                writeln!(errors, "board {name}: {e}")?;
            }
        }
        progress.update(i + 1, "");
    }
    progress.clear();
    Ok(summary)
}

/// The double-dummy table of a full deal, solved here, and its par.
fn analyse(solvers: &mut [dds::Solver], board: &Board) -> Result<Analysis, String> {
    let mut board = board.clone();
    board.complete_deal();
    board
        .deal
        .check_full()
        .map_err(|e| format!("--dd needs a full deal (13 cards in each hand): {e}"))?;
    let table = dds::dd_table(solvers, &board.deal).map_err(|e| format!("--dd: {e}"))?;
    Ok(Analysis::new(&board, table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::pbn;

    /// Four 13-card suits and long names: the widest a diagram gets.
    const WIDEST: &str = "[Board \"3\"]\n[Dealer \"W\"]\n\
        [Deal \"W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\
        [West \"A very long player name indeed, longer than anyone\"]\n\
        [East \"Another quite long name of a player\"]\n\
        [Auction \"W\"]\n1S 2H 3D\n";

    #[test]
    fn the_widest_board_fits_80_columns() {
        let board = pbn::parse_board(WIDEST).expect("board");
        for s in [Symbols::Unicode, Symbols::Ascii] {
            let text = diagram(&board, s, None);
            assert!(text.lines().all(|l| l.chars().count() < 80), "{text}");
            assert!(text.contains("A K Q J 10 9 8 7 6 5 4 3 2"), "{text}");
        }
    }

    #[test]
    fn an_unfinished_auction_waits_for_the_next_seat() {
        let board = pbn::parse_board(WIDEST).expect("board");
        let text = diagram(&board, Symbols::Ascii, None);
        assert!(
            text.contains("West    North   East    South\n1S      2H      3D      ?\n"),
            "{text}"
        );
        // No contract yet: no contract line, no play.
        assert!(!text.contains("Contract") && !text.contains("Trick"));
    }

    #[test]
    fn suits_in_notes_follow_the_style() {
        assert_eq!(
            Symbols::Unicode.note("5+ !H, \\s stopper"),
            "5+ ♥, ♠ stopper"
        );
        assert_eq!(Symbols::Ascii.note("5+ !h"), "5+ H");
    }
}
