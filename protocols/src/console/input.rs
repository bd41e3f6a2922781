//! What the user types at the move prompt: one of the handbook's commands
//! (first letter or whole word, either case) or a move in algebraic
//! (`e2e4`), short (`Nf3`, `KG1` to castle, `QE8` to promote, `e4` for a
//! pawn) or standard algebraic notation (`exd5`, `O-O`, `e8=Q+`).

use engine::chess::{Board, Color, Move, MoveList, Role, Square};
use std::fmt;

/// A main-menu command (handbook ch. 2, "Turbo Chess Commands").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    NewGame,
    Quit,
    /// `L` with the rest of the line (empty: show the menu).
    Level(String),
    /// Take back this many half-moves.
    Back(u32),
    /// Replay this many taken-back half-moves.
    Forward(u32),
    Hint,
    Play,
    Turn,
    Edit,
    Auto,
    MultiMove,
    /// `V` with the rest of the line (the piece, e.g. `WQ`).
    Value(String),
    Help,
    /// Anything else is read as a move.
    Move(String),
}

/// Reads one input line. Commands are a single letter or a whole word;
/// everything of two or more characters that is not a command word is a
/// move (so `b4` is a move, `b` is Back).
pub fn parse_command(line: &str) -> Command {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let count = || rest.parse::<u32>().unwrap_or(1).max(1);
    match word.to_ascii_lowercase().as_str() {
        "n" | "new" | "newgame" => Command::NewGame,
        "q" | "quit" | "exit" => Command::Quit,
        "l" | "level" => Command::Level(rest.to_string()),
        "b" | "back" => Command::Back(count()),
        "f" | "forward" => Command::Forward(count()),
        "h" | "hint" => Command::Hint,
        "p" | "play" => Command::Play,
        "t" | "turn" => Command::Turn,
        "e" | "edit" => Command::Edit,
        "a" | "auto" => Command::Auto,
        "m" | "multimove" => Command::MultiMove,
        "v" | "value" => Command::Value(rest.to_string()),
        "?" | "help" => Command::Help,
        _ => Command::Move(line.to_string()),
    }
}

/// Why a typed move was refused: the reason is shown to the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInputError {
    /// Not a move in any notation the program reads.
    NotAMove(String),
    /// No piece on the from-square.
    EmptySquare(Square),
    /// The piece on the from-square belongs to the other side.
    NotYourPiece(Square, Color),
    /// The side to move is in check and the move does not answer it.
    InCheck(String),
    /// The king would step onto an attacked square.
    IntoCheck(String),
    /// The move would expose the king (a pinned piece).
    ExposesKing(String),
    /// The piece does not move that way, or the way is blocked.
    CannotMove(String),
    /// Short notation that fits more than one legal move.
    Ambiguous(String),
    /// No piece of that kind can reach the square.
    NoSuchMove(String),
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveInputError::NotAMove(t) => write!(
                f,
                "'{t}' is not a move or command: type a move as e2e4, Nf3, exd5, O-O, KG1 \
                 (castle), e8q or QE8 (promote), or ? for the commands"
            ),
            MoveInputError::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            MoveInputError::NotYourPiece(s, side) => {
                write!(
                    f,
                    "the piece on {s} is not yours: {} is to move",
                    side.name()
                )
            }
            MoveInputError::InCheck(t) => {
                write!(
                    f,
                    "{t} is illegal: your king is in check and this move does not answer it"
                )
            }
            MoveInputError::IntoCheck(t) => {
                write!(f, "{t} is illegal: the king may not move into check")
            }
            MoveInputError::ExposesKing(t) => {
                write!(f, "{t} is illegal: it would expose your king to check")
            }
            MoveInputError::CannotMove(t) => {
                write!(f, "{t} is illegal: the piece cannot move there")
            }
            MoveInputError::Ambiguous(t) => write!(
                f,
                "'{t}' fits more than one move: give the from-square too, e.g. g1f3"
            ),
            MoveInputError::NoSuchMove(t) => write!(f, "no legal move fits '{t}'"),
        }
    }
}

impl std::error::Error for MoveInputError {}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    list.iter().copied().collect()
}

fn square(text: &str) -> Option<Square> {
    text.to_ascii_lowercase().parse().ok()
}

fn role_letter(c: char) -> Option<Role> {
    Role::from_char(c.to_ascii_lowercase())
}

/// Reads a move typed by the user and checks it, explaining a refusal.
pub fn parse_user_move(board: &Board, text: &str) -> Result<Move, MoveInputError> {
    let raw = text.trim();
    let compact: String = raw
        .chars()
        .filter(|&c| c != '-' || raw.starts_with(['O', 'o', '0']))
        .collect();
    // Every notation is ASCII; slicing below relies on it.
    if !compact.is_ascii() {
        return Err(MoveInputError::NotAMove(raw.to_string()));
    }
    let legal = legal_moves(board);
    let bytes = compact.as_bytes();

    // Algebraic from-to: e2e4, E2-E4, e7e8 (queen by default), e7e8n.
    if (4..=5).contains(&bytes.len())
        && let (Some(from), Some(to)) = (square(&compact[0..2]), square(&compact[2..4]))
    {
        let promotion = match compact[4..].chars().next() {
            None => None,
            Some(c) => {
                Some(role_letter(c).ok_or_else(|| MoveInputError::NotAMove(raw.to_string()))?)
            }
        };
        return from_to(board, &legal, raw, from, to, promotion);
    }
    // Castling in any case, with letters or zeros: o-o, 0-0-0.
    let castle = compact
        .trim_end_matches(['+', '#'])
        .to_ascii_uppercase()
        .replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        return board
            .parse_san(&castle)
            .map_err(|_| MoveInputError::NoSuchMove(raw.to_string()));
    }
    // Standard algebraic notation, case as written (Nf3, exd5, e8=Q).
    if let Ok(mv) = board.parse_san(&compact) {
        return Ok(mv);
    }
    short_notation(&legal, raw, &compact)
}

/// A from-square/to-square move, with the reason when it is illegal.
fn from_to(
    board: &Board,
    legal: &[Move],
    raw: &str,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveInputError> {
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from == from
                && (m.to == to
                    || matches!(m.special, engine::chess::Special::Castle { rook } if rook == to))
        })
        .collect();
    let wanted = promotion.or_else(|| {
        candidates
            .iter()
            .any(|m| m.promotion().is_some())
            .then_some(Role::Queen)
    });
    if let Some(mv) = candidates.iter().copied().find(|m| m.promotion() == wanted) {
        return Ok(mv);
    }
    Err(illegal_reason(board, raw, from, to))
}

/// Why the move `from`-`to` is not legal here.
fn illegal_reason(board: &Board, raw: &str, from: Square, to: Square) -> MoveInputError {
    let us = board.side_to_move();
    let Some(piece) = board.piece_at(from) else {
        return MoveInputError::EmptySquare(from);
    };
    if piece.color != us {
        return MoveInputError::NotYourPiece(from, us);
    }
    let king_step = from.file().abs_diff(to.file()) <= 1 && from.rank().abs_diff(to.rank()) <= 1;
    if piece.role == Role::King
        && king_step
        && board.piece_at(to).is_none_or(|p| p.color != us)
        && board.is_attacked(to, !us)
    {
        return MoveInputError::IntoCheck(raw.to_string());
    }
    if board.in_check() {
        return MoveInputError::InCheck(raw.to_string());
    }
    // Would the move be possible with the king out of the picture? Then it
    // is a pin.
    if piece.role != Role::King && pinned_move_possible(board, from, to) {
        return MoveInputError::ExposesKing(raw.to_string());
    }
    MoveInputError::CannotMove(raw.to_string())
}

/// Whether `from`-`to` becomes legal once the enemy sliders are lifted off
/// the board (all but a piece standing on `to`): then only a pin stops it.
/// Lifting pieces never makes a geometrically impossible move possible.
fn pinned_move_possible(board: &Board, from: Square, to: Square) -> bool {
    let us = board.side_to_move();
    let mut fen_board = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let keep = match board.piece_at(sq) {
                Some(p) if p.color != us && p.role.is_slider() && sq != to => None,
                other => other,
            };
            match keep {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        fen_board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen_board.push(p.char());
                }
            }
        }
        if empty > 0 {
            fen_board.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen_board.push('/');
        }
    }
    let side = if us == Color::White { 'w' } else { 'b' };
    let Ok(relaxed) = Board::from_fen(&format!("{fen_board} {side} - - 0 1")) else {
        return false;
    };
    legal_moves(&relaxed)
        .iter()
        .any(|m| m.from == from && m.to == to)
}

/// The handbook's short notation: a piece letter and the destination
/// (`NF3`, `KG1` castles, `QE8` promotes a pawn to a queen), or the
/// destination alone for a pawn (`E4`, `e8q`).
fn short_notation(legal: &[Move], raw: &str, text: &str) -> Result<Move, MoveInputError> {
    let not_a_move = || MoveInputError::NotAMove(raw.to_string());
    let chars: Vec<char> = text.chars().collect();
    let (role, dest, promo) = match chars.len() {
        // e4
        2 => (Role::Pawn, square(text).ok_or_else(not_a_move)?, None),
        // Nf3, or e8q
        3 => match square(&text[0..2]) {
            Some(sq) => (
                Role::Pawn,
                sq,
                Some(role_letter(chars[2]).ok_or_else(not_a_move)?),
            ),
            None => (
                role_letter(chars[0]).ok_or_else(not_a_move)?,
                square(&text[1..3]).ok_or_else(not_a_move)?,
                None,
            ),
        },
        _ => return Err(not_a_move()),
    };
    let is_castle_to =
        |m: &Move| matches!(m.special, engine::chess::Special::Castle { .. }) && m.to == dest;
    let mut fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == dest || is_castle_to(m))
        .filter(|m| match promo {
            Some(p) => m.piece == Role::Pawn && m.promotion() == Some(p),
            None => m.piece == role && m.promotion().is_none_or(|p| p == Role::Queen),
        })
        .collect();
    // Short notation promotion: the new piece's letter, `QE8`.
    if fits.is_empty() && promo.is_none() && role != Role::Pawn {
        fits = legal
            .iter()
            .copied()
            .filter(|m| m.to == dest && m.promotion() == Some(role))
            .collect();
    }
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveInputError::NoSuchMove(raw.to_string())),
        _ => Err(MoveInputError::Ambiguous(raw.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(board: &Board, text: &str) -> String {
        parse_user_move(board, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_uci()
    }

    #[test]
    fn commands_by_letter_and_word() {
        assert_eq!(parse_command("N"), Command::NewGame);
        assert_eq!(parse_command("quit"), Command::Quit);
        assert_eq!(parse_command("b 2"), Command::Back(2));
        assert_eq!(parse_command("B"), Command::Back(1));
        assert_eq!(parse_command("l ply 3"), Command::Level("ply 3".into()));
        assert_eq!(parse_command("v wq"), Command::Value("wq".into()));
        assert_eq!(parse_command("?"), Command::Help);
        assert_eq!(parse_command("b4"), Command::Move("b4".into()));
        assert_eq!(parse_command("Nf3"), Command::Move("Nf3".into()));
    }

    #[test]
    fn moves_in_every_notation() {
        let board = Board::startpos();
        assert_eq!(uci(&board, "e2e4"), "e2e4");
        assert_eq!(uci(&board, "E2-E4"), "e2e4");
        assert_eq!(uci(&board, "Nf3"), "g1f3");
        assert_eq!(uci(&board, "NF3"), "g1f3");
        assert_eq!(uci(&board, "e4"), "e2e4");
        assert_eq!(uci(&board, "E4"), "e2e4");
        let castle = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(uci(&castle, "KG1"), "e1g1");
        assert_eq!(uci(&castle, "O-O-O"), "e1c1");
        assert_eq!(uci(&castle, "o-o"), "e1g1");
        assert_eq!(uci(&castle, "0-0-0"), "e1c1");
        assert_eq!(uci(&castle, "e1g1"), "e1g1");
        let promote = Board::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(uci(&promote, "a7a8"), "a7a8q");
        assert_eq!(uci(&promote, "a7a8n"), "a7a8n");
        assert_eq!(uci(&promote, "a8q"), "a7a8q");
        assert_eq!(uci(&promote, "QA8"), "a7a8q");
        assert_eq!(uci(&promote, "Na8"), "a7a8n");
        assert_eq!(uci(&promote, "a8=R"), "a7a8r");
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason() {
        let board = Board::startpos();
        let err = |b: &Board, t: &str| parse_user_move(b, t).unwrap_err();
        assert_eq!(
            err(&board, "e3e4"),
            MoveInputError::EmptySquare("e3".parse().unwrap())
        );
        assert!(matches!(
            err(&board, "e7e5"),
            MoveInputError::NotYourPiece(..)
        ));
        assert!(matches!(err(&board, "e2e5"), MoveInputError::CannotMove(_)));
        assert!(matches!(err(&board, "xyz"), MoveInputError::NotAMove(_)));
        assert!(matches!(err(&board, "é2e4"), MoveInputError::NotAMove(_)));
        assert!(matches!(err(&board, "Ñf3"), MoveInputError::NotAMove(_)));
        assert!(matches!(err(&board, "Ke2"), MoveInputError::NoSuchMove(_)));
        assert!(matches!(err(&board, "o-o"), MoveInputError::NoSuchMove(_)));
        // In check: only answers to the check.
        let check = Board::from_fen("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1").unwrap();
        assert!(matches!(err(&check, "a1a2"), MoveInputError::InCheck(_)));
        assert!(matches!(err(&check, "e1f2"), MoveInputError::IntoCheck(_)));
        // A pinned knight.
        let pin = Board::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
        assert!(matches!(err(&pin, "e2c3"), MoveInputError::ExposesKing(_)));
        // Two knights reach d2.
        let two = Board::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        assert!(matches!(err(&two, "Nd2"), MoveInputError::Ambiguous(_)));
        for e in [err(&board, "e2e5"), err(&two, "Nd2"), err(&board, "xyz")] {
            assert!(!e.to_string().is_empty());
        }
    }
}
