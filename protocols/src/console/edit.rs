//! The chess board editor (handbook ch. 2, "Changing Colors and Setting Up
//! Positions"): place and remove pieces, choose the side to move, clear the
//! board, save and load the handbook's board file, and leave only with a
//! legal position.

use engine::chess::{Board, BoardFile, Color, Piece, Role, Square};
use std::path::Path;

/// The editor's command list.
pub const HELP: &str = "\
Edit: <piece><square> places a piece of the current colour (QD8, PE4),
  <square> alone removes a piece (D8), W / B choose the colour (and the side
  to move), C clears the board, D shows it, S <file> saves the board file,
  L <file> loads one, Q leaves the editor.";

/// What an editor command did.
pub enum Outcome {
    /// A message for the user.
    Message(String),
    /// Show the board being edited.
    Show,
    /// The editor was left with this (legal) position.
    Done(Box<Board>),
    /// Leaving was refused: the position is not legal.
    Refused(String),
}

/// The position being edited.
pub struct Editor {
    grid: [Option<Piece>; 64],
    /// Colour of the pieces being placed, and the side to move.
    pub side: Color,
}

/// Reads `WQ` / `bn`: a colour letter and a piece letter.
pub fn parse_colour_piece(text: &str) -> Option<Piece> {
    let mut chars = text.chars();
    let color = match chars.next()?.to_ascii_uppercase() {
        'W' => Color::White,
        'B' => Color::Black,
        _ => return None,
    };
    let role = Role::from_char(chars.next()?.to_ascii_lowercase())?;
    chars.next().is_none().then_some(Piece::new(color, role))
}

/// Reads a board file; the error names the file and the fault.
pub fn load_board_file(path: &Path) -> Result<(Board, Color), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file = BoardFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((file.board, file.program))
}

impl Editor {
    /// Starts editing the given position.
    pub fn new(board: &Board) -> Editor {
        let mut grid = [None; 64];
        for color in Color::ALL {
            for (sq, role) in board.pieces(color) {
                grid[sq.index64()] = Some(Piece::new(color, role));
            }
        }
        Editor {
            grid,
            side: board.side_to_move(),
        }
    }

    /// The position as board file text (any placement, legal or not).
    fn board_file_text(&self) -> String {
        let name = |c: Color| if c == Color::White { "WHITE" } else { "BLACK" };
        let mut text = format!(
            "{} to Play\n{}=Program\n",
            name(self.side),
            name(!self.side)
        );
        for color in Color::ALL {
            for i in 0..64u8 {
                if let Some(p) = self.grid[i as usize].filter(|p| p.color == color) {
                    let sq = Square::new(i % 8, i / 8);
                    let c = if color == Color::White { 'W' } else { 'B' };
                    text.push_str(&format!(
                        "{c}{} {}\n",
                        p.role.upper_char(),
                        sq.to_string().to_ascii_uppercase()
                    ));
                }
            }
        }
        text
    }

    /// The piece on a square of the board being edited.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.grid[sq.index64()]
    }

    /// Carries out one editor command.
    pub fn command(&mut self, line: &str) -> Outcome {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word.to_ascii_uppercase().as_str() {
            "" => Outcome::Show,
            "W" | "WHITE" => {
                self.side = Color::White;
                Outcome::Message("Placing White pieces; White to move.".into())
            }
            "B" | "BLACK" => {
                self.side = Color::Black;
                Outcome::Message("Placing Black pieces; Black to move.".into())
            }
            "C" | "CLEAR" => {
                self.grid = [None; 64];
                Outcome::Message("Board cleared.".into())
            }
            "D" | "SHOW" => Outcome::Show,
            "S" | "SAVE" if !rest.is_empty() => {
                match std::fs::write(rest, self.board_file_text()) {
                    Ok(()) => Outcome::Message(format!("Board saved to {rest}.")),
                    Err(e) => Outcome::Message(format!("cannot save to {rest}: {e}")),
                }
            }
            "L" | "LOAD" if !rest.is_empty() => match load_board_file(Path::new(rest)) {
                Ok((board, _)) => {
                    *self = Editor::new(&board);
                    Outcome::Message(format!("Board loaded from {rest}."))
                }
                Err(e) => Outcome::Message(e),
            },
            "S" | "SAVE" | "L" | "LOAD" => {
                Outcome::Message("give a file name, e.g. S mate.txt".into())
            }
            "Q" | "QUIT" => match BoardFile::parse(&self.board_file_text()) {
                Ok(file) => Outcome::Done(Box::new(file.board)),
                Err(e) => Outcome::Refused(e.to_string()),
            },
            _ => self.place_or_remove(word),
        }
    }

    fn place_or_remove(&mut self, text: &str) -> Outcome {
        let bad = || {
            Outcome::Message(format!(
                "'{text}' is not an editor command: expected a piece and a square (QD8), \
                 a square to clear (D8), W, B, C, D, S <file>, L <file> or Q"
            ))
        };
        if !text.is_ascii() {
            return bad();
        }
        let text = &text.to_ascii_uppercase();
        let square = |s: &str| s.to_ascii_lowercase().parse::<Square>().ok();
        let (piece, sq) = match text.len() {
            2 => (None, square(text)),
            3 => match Role::from_char(
                text[0..1]
                    .to_ascii_lowercase()
                    .chars()
                    .next()
                    .unwrap_or(' '),
            ) {
                Some(role) => (Some(Piece::new(self.side, role)), square(&text[1..])),
                None => return bad(),
            },
            4 => match parse_colour_piece(&text[0..2]) {
                Some(p) => (Some(p), square(&text[2..])),
                None => return bad(),
            },
            _ => return bad(),
        };
        let Some(sq) = sq else { return bad() };
        match piece {
            None => {
                self.grid[sq.index64()] = None;
                Outcome::Message(format!("{sq} cleared."))
            }
            Some(p) => {
                if p.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                    return Outcome::Message(
                        "a pawn cannot stand on the first or last rank".into(),
                    );
                }
                self.grid[sq.index64()] = Some(p);
                // "The color next to move will be the same color as the
                // last entered piece."
                self.side = p.color;
                Outcome::Message(format!(
                    "{} {:?} on {sq}.",
                    if p.color == Color::White {
                        "White"
                    } else {
                        "Black"
                    },
                    p.role
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_up_a_position_and_leave() {
        let mut e = Editor::new(&Board::startpos());
        assert!(matches!(e.command("c"), Outcome::Message(_)));
        // No kings yet: leaving is refused with the reason.
        assert!(matches!(e.command("q"), Outcome::Refused(_)));
        e.command("w");
        e.command("KH2");
        e.command("PG3");
        e.command("b");
        e.command("KC4");
        e.command("wqd1");
        e.command("w");
        assert!(
            matches!(e.command("xyz"), Outcome::Message(m) if m.contains("not an editor command"))
        );
        e.command("d1");
        let Outcome::Done(board) = e.command("q") else {
            panic!("legal position refused")
        };
        assert_eq!(board.to_fen(), "8/8/8/8/2k5/6P1/7K/8 w - - 0 1");
        assert_eq!(
            parse_colour_piece("bn"),
            Some(Piece::new(Color::Black, Role::Knight))
        );
        assert_eq!(parse_colour_piece("xq"), None);
    }
}
