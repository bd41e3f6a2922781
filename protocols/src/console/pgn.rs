//! The game listing. The handbook's program appends every game to a text
//! file called CHESS (No, Player, Program, Hint, Value, Level, Nodes,
//! Time); we write the same information as PGN, the format every chess
//! program reads, with the figures in move comments.

use engine::chess::{Board, Move, STARTPOS};
use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

/// What the listing records for one half-move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    pub mv: Move,
    pub san: String,
    /// How the move was found.
    pub source: MoveSource,
    /// Seconds spent on the move.
    pub seconds: f64,
}

/// Who made a move, and the program's figures when it was the program.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveSource {
    /// Entered by a person.
    Person,
    /// Played from the opening library.
    Book,
    /// Found by the search: value (pawns, the program's view), depth,
    /// nodes, and the expected reply (the handbook's Hint column).
    Search {
        value: String,
        depth: u32,
        nodes: u64,
        hint: Option<String>,
    },
}

/// How a game ended, for the `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unfinished,
}

impl GameResult {
    pub fn tag(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

/// The tags of one game.
#[derive(Clone, Debug)]
pub struct GameHeader {
    pub white: String,
    pub black: String,
    pub level: String,
    pub round: u32,
    /// FEN of the start position when it is not the standard one.
    pub start_fen: String,
    pub result: GameResult,
    /// Why the game ended (mate, stalemate, resignation …), as a comment.
    pub termination: Option<String>,
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn comment(record: &MoveRecord) -> String {
    match &record.source {
        MoveSource::Person => format!("{{time {:.1}s}}", record.seconds),
        MoveSource::Book => format!("{{book, time {:.1}s}}", record.seconds),
        MoveSource::Search {
            value,
            depth,
            nodes,
            hint,
        } => {
            let hint = hint
                .as_ref()
                .map(|h| format!(", hint {h}"))
                .unwrap_or_default();
            format!(
                "{{value {value}, depth {depth}, nodes {nodes}, time {:.1}s{hint}}}",
                record.seconds
            )
        }
    }
}

/// One game as PGN text (tags, then the moves wrapped at 80 columns).
pub fn game_text(
    header: &GameHeader,
    first_move_number: u32,
    black_first: bool,
    moves: &[MoveRecord],
) -> String {
    let mut out = String::new();
    let tags = [
        ("Event", "Turbo Chess console game".to_string()),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", header.round.to_string()),
        ("White", header.white.clone()),
        ("Black", header.black.clone()),
        ("Result", header.result.tag().to_string()),
        // Turbo Chess levels are not PGN time controls: a tag of our own.
        ("Level", header.level.clone()),
    ];
    for (k, v) in tags {
        let _ = writeln!(out, "[{k} \"{}\"]", v.replace('"', "'"));
    }
    if header.start_fen != STARTPOS {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{}\"]", header.start_fen);
    }
    out.push('\n');
    let mut tokens = Vec::new();
    let mut number = first_move_number;
    let mut white_to_move = !black_first;
    for (i, record) in moves.iter().enumerate() {
        if white_to_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(record.san.clone());
        tokens.push(comment(record));
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    if let Some(t) = &header.termination {
        tokens.push(format!("{{{t}}}"));
    }
    tokens.push(header.result.tag().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The SAN of `mv` in `board` (for records made before the move).
pub fn record(board: &Board, mv: Move, source: MoveSource, seconds: f64) -> MoveRecord {
    MoveRecord {
        mv,
        san: board.san(mv),
        source,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_text_has_tags_moves_and_figures() {
        let board = Board::startpos();
        let e4 = board.parse_uci_move("e2e4").unwrap();
        let mut after = board.clone();
        after.make(e4);
        let e5 = after.parse_uci_move("e7e5").unwrap();
        let moves = vec![
            record(&board, e4, MoveSource::Person, 3.0),
            record(
                &after,
                e5,
                MoveSource::Search {
                    value: "+0.10".into(),
                    depth: 4,
                    nodes: 1234,
                    hint: Some("Nf3".into()),
                },
                1.5,
            ),
        ];
        let header = GameHeader {
            white: "Player".into(),
            black: "Turbo Chess".into(),
            level: "ply 4".into(),
            round: 1,
            start_fen: STARTPOS.to_string(),
            result: GameResult::Unfinished,
            termination: None,
        };
        let text = game_text(&header, 1, false, &moves);
        assert!(text.contains("[White \"Player\"]"));
        assert!(text.contains("[Level \"ply 4\"]"));
        assert!(text.contains("[Result \"*\"]"));
        assert!(text.contains(
            "1. e4 {time 3.0s} e5 {value +0.10, depth 4, nodes 1234, time 1.5s, hint Nf3} *"
        ));
        assert!(!text.contains("FEN"));
        assert_eq!(today().len(), 10);
    }
}
