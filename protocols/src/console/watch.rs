//! The console's side of a search: it stops the search on **P**lay (or
//! Quit), answers **H**int while the program thinks, keeps other input for
//! later and prints the analysis (depth, value, nodes/second, best line).

use super::brain::{Progress, Watcher};
use super::display::{san_line, value_text};
use super::input::{Command, parse_command};
use engine::chess::{Board, Move};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{Receiver, TryRecvError};

/// The console's side of a search: stop on **P**lay (or Quit), keep other
/// lines for later, print the analysis.
pub struct ThinkWatch<'a, 'b> {
    pub console_out: &'a mut dyn Write,
    pub lines: &'a Receiver<String>,
    pub pending: &'a mut VecDeque<String>,
    pub closed: &'a mut bool,
    pub quit: &'a mut bool,
    pub board: &'b Board,
    pub infinite: bool,
    /// Whether the end of the input ends the session (not in a self-play
    /// run bounded by `--games`).
    pub end_of_input_quits: bool,
    /// The best line so far (for a Hint asked while the program thinks).
    pub pv: Vec<Move>,
}

impl ThinkWatch<'_, '_> {
    /// Hint while the program is analysing: the reply its best line
    /// expects from the person.
    fn hint(&mut self) {
        let text = match self.pv.as_slice() {
            [mine, reply, ..] => {
                let mut after = self.board.clone();
                after.make(*mine);
                format!(
                    "Hint: if I play {}, your best reply is {}",
                    self.board.san(*mine),
                    after.san(*reply)
                )
            }
            _ => "Hint: not yet, still thinking".to_string(),
        };
        let _ = writeln!(self.console_out, "{text}");
        let _ = self.console_out.flush();
    }
}

impl Watcher for ThinkWatch<'_, '_> {
    fn stop_now(&mut self) -> bool {
        loop {
            match self.lines.try_recv() {
                Ok(line) => match parse_command(&line) {
                    Command::Play => return true,
                    Command::Quit => {
                        *self.quit = true;
                        return true;
                    }
                    Command::Hint => self.hint(),
                    _ => self.pending.push_back(line),
                },
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => {
                    *self.closed = true;
                    // End of input is a Quit once the lines typed ahead are
                    // done: answer now with the best move so far.
                    if self.end_of_input_quits && self.pending.is_empty() {
                        *self.quit = true;
                        return true;
                    }
                    // Nobody is left to enter Play: an infinite analysis
                    // would never end.
                    return self.infinite;
                }
            }
        }
    }

    fn progress(&mut self, p: &Progress) {
        if p.info.multipv == 1 && !p.info.pv.is_empty() {
            self.pv = p.info.pv.clone();
        }
        let secs = p.elapsed.as_secs_f64().max(0.001);
        let nps = (p.info.nodes as f64 / secs) as u64;
        let _ = writeln!(
            self.console_out,
            "  depth {:>2}  value {:>8}  nodes {:>9}  {:>8} n/s  line: {}",
            p.info.depth,
            value_text(p.info.score),
            p.info.nodes,
            nps,
            san_line(self.board, &p.info.pv)
        );
        let _ = self.console_out.flush();
    }
}
