//! The Gomoku program: a player that owns the game (its stones, as the
//! manager tells them), the rule, the clock budget and the search kept
//! between moves, and answers "your move" under a [`Control`](crate::control::Control).
//!
//! A front end only translates: Gomocup's `TURN`, `BOARD`, `BEGIN`,
//! `SWAP2BOARD`, `INFO` become calls here, and the answers become lines.

use std::fmt;

use super::board::{Board, PlayError, SizeError};
use super::clock::Clock;
use super::geometry::{Color, Point};
use super::rules::Rule;
use super::search::{DEFAULT_TT_BYTES, Limits, SearchControl, SearchResult, Searcher, evaluate};
use super::turbo1985::Turbo1985;

/// Who chooses the player's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Threat search and alpha-beta.
    Turbo,
    /// The 1985 `FindMove`, the baseline.
    Turbo1985,
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_lowercase().as_str() {
            "turbo" | "search" => Ok(Level::Turbo),
            "turbo1985" | "1985" => Ok(Level::Turbo1985),
            _ => Err(format!("unknown level {s:?}: expected turbo or turbo1985")),
        }
    }
}

/// Whose a stone is, from the player's side of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Own,
    Opponent,
    /// A stone of a finished line in a continuous game: it blocks lines.
    Dead,
}

/// Why the player cannot do what it was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// No game has been started.
    NoGame,
    /// `begin` on a board that already holds stones.
    NotEmpty,
    Size(SizeError),
    Play(PlayError),
    /// No point left to play.
    NoMove,
    /// A swap2 decision asked with a number of stones other than 0, 3, 5.
    Swap2Stones(usize),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::NoGame => write!(f, "no game has been started"),
            PlayerError::NotEmpty => write!(f, "the first move needs an empty board"),
            PlayerError::Size(e) => e.fmt(f),
            PlayerError::Play(e) => e.fmt(f),
            PlayerError::NoMove => write!(f, "the board is full: no move left"),
            PlayerError::Swap2Stones(n) => write!(f, "{n} stones given: expected 0, 3 or 5"),
        }
    }
}

impl std::error::Error for PlayerError {}

impl From<PlayError> for PlayerError {
    fn from(e: PlayError) -> PlayerError {
        PlayerError::Play(e)
    }
}

impl From<SizeError> for PlayerError {
    fn from(e: SizeError) -> PlayerError {
        PlayerError::Size(e)
    }
}

/// The move the player chose, and the search behind it (none for the 1985
/// level).
#[derive(Clone, Debug)]
pub struct Decision {
    pub point: Point,
    pub search: Option<SearchResult>,
}

/// A swap2 opening decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2 {
    /// The three opening stones (black, white, black).
    Open([Point; 3]),
    /// Take the other colour.
    Swap,
    /// Play on with this stone.
    Move(Point),
}

/// The stones of the game in the order they came.
#[derive(Clone, Debug)]
struct Game {
    width: usize,
    height: usize,
    stones: Vec<(Point, Owner)>,
}

impl Game {
    fn at(&self, p: Point) -> Option<Owner> {
        self.stones.iter().find(|(s, _)| *s == p).map(|&(_, o)| o)
    }

    fn check_free(&self, p: Point) -> Result<(), PlayError> {
        if p.x >= self.width || p.y >= self.height {
            return Err(PlayError::OffBoard {
                x: p.x,
                y: p.y,
                width: self.width,
                height: self.height,
            });
        }
        if self.at(p).is_some() {
            return Err(PlayError::Occupied(p));
        }
        Ok(())
    }

    fn empty_points(&self) -> usize {
        self.width * self.height - self.stones.len()
    }

    /// The engine's board, with the player's colour: black if it is to
    /// move with as many stones as the opponent (black moves first).
    fn board(&self, rule: Rule) -> Result<(Board, Color), PlayerError> {
        let own = self.stones.iter().filter(|s| s.1 == Owner::Own).count();
        let opp = self
            .stones
            .iter()
            .filter(|s| s.1 == Owner::Opponent)
            .count();
        let me = if own == opp {
            Color::Black
        } else {
            Color::White
        };
        let mut board = Board::new(self.width, self.height, rule)?;
        for &(p, owner) in &self.stones {
            match owner {
                Owner::Own => board.play(p, me),
                Owner::Opponent => board.play(p, me.opponent()),
                Owner::Dead => board.place_wall(p),
            }?;
        }
        Ok((board, me))
    }
}

/// A Gomoku player: feed it the game, ask it for moves.
pub struct Player {
    game: Option<Game>,
    rule: Rule,
    clock: Clock,
    /// `max_memory` in bytes; 0 means no limit.
    max_memory: u64,
    /// Alpha-beta nodes a move may search (`INFO max_node`): with a turn
    /// time too long to bind, the same position gets the same move on any
    /// machine, which self-play tests of the search rely on.
    node_limit: u64,
    level: Level,
    searcher: Option<Searcher>,
    turbo1985: Turbo1985,
}

impl Player {
    /// A player before its first game. Cheap: the search tables are
    /// allocated at the first move.
    pub fn new(level: Level) -> Player {
        Player {
            game: None,
            rule: Rule::FREESTYLE,
            clock: Clock::default(),
            max_memory: 0,
            node_limit: u64::MAX,
            level,
            searcher: None,
            turbo1985: Turbo1985::new(1985),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The rule of the next moves (the stones are judged by it from now).
    pub fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
    }

    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The time settings, for the front end to update.
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// The memory the player may use, in bytes (0: no limit).
    pub fn set_max_memory(&mut self, bytes: u64) {
        self.max_memory = bytes;
    }

    /// The alpha-beta node budget of each move (`None`: only the clock
    /// limits the search). The threat searches' budgets are capped by it
    /// too.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.unwrap_or(u64::MAX);
    }

    /// Width and height of the current game.
    pub fn size(&self) -> Option<(usize, usize)> {
        self.game.as_ref().map(|g| (g.width, g.height))
    }

    /// A new game on an empty `width` × `height` board. A new game replays
    /// the same way: the 1985 level's dice restart and the table empties.
    pub fn start(&mut self, width: usize, height: usize) -> Result<(), PlayerError> {
        Board::new(width, height, self.rule)?;
        self.game = Some(Game {
            width,
            height,
            stones: Vec::new(),
        });
        self.turbo1985 = Turbo1985::new(1985);
        if let Some(s) = &mut self.searcher {
            s.clear();
        }
        Ok(())
    }

    /// A new game on a board of the same size.
    pub fn restart(&mut self) -> Result<(), PlayerError> {
        let (w, h) = self.size().ok_or(PlayerError::NoGame)?;
        self.start(w, h)
    }

    fn game(&self) -> Result<&Game, PlayerError> {
        self.game.as_ref().ok_or(PlayerError::NoGame)
    }

    fn game_mut(&mut self) -> Result<&mut Game, PlayerError> {
        self.game.as_mut().ok_or(PlayerError::NoGame)
    }

    /// The first move of a game on an empty board.
    pub fn begin(&mut self, control: &mut SearchControl<'_>) -> Result<Decision, PlayerError> {
        if !self.game()?.stones.is_empty() {
            return Err(PlayerError::NotEmpty);
        }
        self.think_and_play(control)
    }

    /// The opponent played `p`: answer with a move. On an error the game
    /// is as it was.
    pub fn reply_to(
        &mut self,
        p: Point,
        control: &mut SearchControl<'_>,
    ) -> Result<Decision, PlayerError> {
        self.game()?.check_free(p)?;
        self.game_mut()?.stones.push((p, Owner::Opponent));
        let decision = self.think_and_play(control);
        if decision.is_err() {
            self.game_mut()?.stones.pop();
        }
        decision
    }

    /// Replaces the game by `stones` and answers with a move. On an error
    /// the game is as it was.
    pub fn set_position(
        &mut self,
        stones: &[(Point, Owner)],
        control: &mut SearchControl<'_>,
    ) -> Result<Decision, PlayerError> {
        let game = self.game()?;
        let mut fresh = Game {
            width: game.width,
            height: game.height,
            stones: Vec::with_capacity(stones.len()),
        };
        for &(p, owner) in stones {
            fresh.check_free(p)?;
            fresh.stones.push((p, owner));
        }
        let old = self.game.replace(fresh);
        let decision = self.think_and_play(control);
        if decision.is_err() {
            self.game = old;
        }
        decision
    }

    /// Plays `p` as the player's own move without thinking (Gomocup
    /// `PLAY`, the answer to a suggestion).
    pub fn play_own(&mut self, p: Point) -> Result<(), PlayerError> {
        self.game()?.check_free(p)?;
        self.game_mut()?.stones.push((p, Owner::Own));
        Ok(())
    }

    /// Removes the stone at `p`, whoever played it.
    pub fn take_back(&mut self, p: Point) -> Result<(), PlayerError> {
        let game = self.game_mut()?;
        if p.x >= game.width || p.y >= game.height {
            return Err(PlayError::OffBoard {
                x: p.x,
                y: p.y,
                width: game.width,
                height: game.height,
            }
            .into());
        }
        let i = game
            .stones
            .iter()
            .position(|(s, _)| *s == p)
            .ok_or(PlayError::Empty(p))?;
        game.stones.remove(i);
        Ok(())
    }

    /// Swap2 opening decisions on `stones` (played black, white, black, …).
    /// The game is not changed: the agreed stones come as a new position.
    pub fn swap2(
        &mut self,
        stones: &[Point],
        control: &mut SearchControl<'_>,
    ) -> Result<Swap2, PlayerError> {
        let (w, h) = self.size().ok_or(PlayerError::NoGame)?;
        let mut board = Board::new(w, h, self.rule)?;
        for (i, &p) in stones.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            board.play(p, color)?;
        }
        match stones.len() {
            0 => {
                // A quiet, roughly balanced opening: two black stones and
                // a white one not touching.
                let (cx, cy) = (w / 2, h / 2);
                Ok(Swap2::Open([
                    Point::new(cx, cy),
                    Point::new(cx + 1, cy - 1),
                    Point::new(cx + 2, cy + 1),
                ]))
            }
            3 | 5 => {
                // White to move. If black is clearly better, take black.
                let to_move = Color::White;
                if evaluate(&board, to_move) < -60 {
                    return Ok(Swap2::Swap);
                }
                let mut limits = Limits::within(self.clock.budget(w * h - stones.len()));
                limits.nodes = self.node_limit;
                let result = self
                    .searcher()
                    .search(&mut board, to_move, &limits, control);
                result.best.map(Swap2::Move).ok_or(PlayerError::NoMove)
            }
            n => Err(PlayerError::Swap2Stones(n)),
        }
    }

    /// The transposition table's share of `max_memory`.
    fn tt_bytes(&self) -> usize {
        match self.max_memory {
            0 => DEFAULT_TT_BYTES,
            // Leave most of the allowance to the process and the board.
            m => ((m / 4) as usize).min(DEFAULT_TT_BYTES * 2),
        }
    }

    /// The searcher, made anew if the memory limit shrank below it.
    fn searcher(&mut self) -> &mut Searcher {
        let bytes = self.tt_bytes();
        if self
            .searcher
            .as_ref()
            .is_none_or(|s| s.tt_bytes() > bytes.max(1))
        {
            self.searcher = Some(Searcher::new(bytes));
        }
        self.searcher.as_mut().expect("just made")
    }

    /// Chooses a move for the current position, plays it and returns it.
    fn think_and_play(&mut self, control: &mut SearchControl<'_>) -> Result<Decision, PlayerError> {
        let game = self.game()?;
        let (mut board, me) = game.board(self.rule)?;
        let empty = game.empty_points();
        if board.is_full() {
            return Err(PlayerError::NoMove);
        }
        let decision = match self.level {
            Level::Turbo1985 => self
                .turbo1985
                .find_move(&mut board, me)
                .map(|point| Decision {
                    point,
                    search: None,
                }),
            Level::Turbo => {
                let mut limits = Limits::within(self.clock.budget(empty));
                limits.nodes = self.node_limit;
                if self.clock.is_fast() {
                    limits.depth = 2;
                }
                let result = self.searcher().search(&mut board, me, &limits, control);
                result.best.map(|point| Decision {
                    point,
                    search: Some(result),
                })
            }
        };
        let decision = decision.ok_or(PlayerError::NoMove)?;
        self.game_mut()?.stones.push((decision.point, Owner::Own));
        Ok(decision)
    }
}
