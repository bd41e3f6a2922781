//! The engine's renju forbidden points, one position a line, for
//! `protocols/tools/renju_check.py` to compare with GomocupJudge's.
//!
//! Input, one position a line: the side, a space, then `side * side`
//! characters row by row (row 0 first): `X` black, `O` white, `.` empty.
//! Output, one line each: `x,y:code` for every forbidden empty point
//! (code 1 double three, 2 double four, 3 overline), space-separated, or
//! `-` when there is none; a bad line gets `error: …` and the run goes on.
//!
//! `cargo run --release -p protocols --example renju_forbidden < positions`

use engine::gomoku::{Board, Rule};
use std::io::{BufRead, Write};

fn answer(line: &str) -> Result<String, String> {
    let (side, cells) = line.split_once(' ').ok_or("expected `<side> <cells>`")?;
    let side: usize = side
        .parse()
        .map_err(|_| format!("bad side {side:?}: expected a number"))?;
    let cells = cells.trim();
    if cells.len() != side * side {
        return Err(format!(
            "{} cells for side {side}: expected {}",
            cells.len(),
            side * side
        ));
    }
    let diagram: String = cells
        .as_bytes()
        .chunks(side)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let renju = Rule::from_mask(4).expect("renju is a known rule");
    let mut board = Board::from_diagram(&diagram, renju)?;
    let fouls: Vec<String> = board
        .points()
        .filter_map(|p| board.renju_foul(p).map(|f| format!("{p}:{}", f.code())))
        .collect();
    Ok(if fouls.is_empty() {
        "-".to_string()
    } else {
        fouls.join(" ")
    })
}

fn main() {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = answer(&line).unwrap_or_else(|e| format!("error: {e}"));
        if writeln!(out, "{reply}").is_err() {
            break;
        }
    }
}
