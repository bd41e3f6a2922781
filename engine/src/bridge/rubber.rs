//! Rubber scoring as Turbo Bridge keeps it (handbook chapter 7, SCORE.BR:
//! the *Games* record with, per side, the games won, the points above the
//! line and the points below the line in each of the three games).
//!
//! Only the contracted tricks score below the line toward game (100); a
//! side that has won a game is vulnerable; the first side to win two games
//! wins the rubber and a bonus of 700 (opponents without a game) or 500.
//! Overtricks, slam bonuses, the bonus for making a doubled contract and
//! the defenders' penalties go above the line. Like Turbo Bridge we score
//! no honours and no premium for an unfinished rubber.

use std::fmt;

use super::card::Side;
use super::contract::{Contract, Doubling};
use super::deal::Vulnerability;
use super::scoring::{contract_trick_score, overtrick_score, slam_bonus, undertrick_penalty};

/// Points below the line needed for a game.
pub const GAME: i32 = 100;
/// Rubber bonus when the opponents have not won a game.
pub const RUBBER_TWO_NIL: i32 = 700;
/// Rubber bonus when the opponents have won a game.
pub const RUBBER_TWO_ONE: i32 = 500;

/// One side's column of the score card (the handbook's `ScoreType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideScore {
    pub games_won: u8,
    /// Bonus points, above the line.
    pub above: i32,
    /// Points below the line in games 1, 2 and 3.
    pub below: [i32; 3],
}

impl SideScore {
    /// Above plus all below-the-line points.
    pub fn total(&self) -> i32 {
        self.above + self.below.iter().sum::<i32>()
    }
}

/// What one deal added to the card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealScore {
    /// The side that scored (declarers when made, defenders when down);
    /// `None` when passed out.
    pub side: Option<Side>,
    pub below: i32,
    pub above: i32,
    /// The deal completed a game for `side`.
    pub game: bool,
    /// The rubber bonus, when the deal ended the rubber.
    pub rubber_bonus: i32,
}

/// Why a deal could not be entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RubberError {
    /// The rubber is over; start a new one.
    Finished,
    /// More than 13 tricks.
    Tricks(u8),
}

impl fmt::Display for RubberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RubberError::Finished => f.write_str("the rubber is over"),
            RubberError::Tricks(t) => write!(f, "{t} tricks: expected 0 to 13"),
        }
    }
}

impl std::error::Error for RubberError {}

/// The rubber score card (the handbook's `GameTableType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rubber {
    /// The game being played, 0..=2.
    current_game: usize,
    sides: [SideScore; 2],
    finished: bool,
}

impl Rubber {
    pub fn new() -> Rubber {
        Rubber::default()
    }

    /// The game being played, 1 to 3 (as on the card).
    pub fn current_game(&self) -> usize {
        self.current_game + 1
    }

    pub fn side(&self, side: Side) -> &SideScore {
        &self.sides[side.index()]
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The side that won two games, once the rubber is over.
    pub fn winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.sides[s.index()].games_won >= 2)
    }

    /// A side that has won a game is vulnerable.
    pub fn vulnerability(&self) -> Vulnerability {
        Vulnerability::from_sides(self.sides[0].games_won > 0, self.sides[1].games_won > 0)
    }

    /// Enters a deal: the contract (`None` when passed out) and the tricks
    /// declarer took.
    pub fn record(
        &mut self,
        contract: Option<&Contract>,
        tricks: u8,
    ) -> Result<DealScore, RubberError> {
        if self.finished {
            return Err(RubberError::Finished);
        }
        if tricks > 13 {
            return Err(RubberError::Tricks(tricks));
        }
        let Some(c) = contract else {
            return Ok(DealScore::default());
        };
        let declarers = c.side();
        let vulnerable = self.vulnerability().is_vulnerable(declarers);
        let needed = c.tricks_needed();
        if tricks < needed {
            let penalty = undertrick_penalty(c.doubling, vulnerable, needed - tricks);
            let defenders = declarers.opponents();
            self.sides[defenders.index()].above += penalty;
            return Ok(DealScore {
                side: Some(defenders),
                above: penalty,
                ..DealScore::default()
            });
        }
        let below = contract_trick_score(c);
        let insult = match c.doubling {
            Doubling::Undoubled => 0,
            Doubling::Doubled => 50,
            Doubling::Redoubled => 100,
        };
        let mut above = overtrick_score(c, vulnerable, tricks - needed)
            + slam_bonus(c.level, vulnerable)
            + insult;
        let mut result = DealScore {
            side: Some(declarers),
            below,
            ..DealScore::default()
        };
        let game = self.current_game;
        let me = &mut self.sides[declarers.index()];
        me.below[game] += below;
        if me.below[game] >= GAME {
            me.games_won += 1;
            result.game = true;
            if me.games_won == 2 {
                let their_games = self.sides[declarers.opponents().index()].games_won;
                result.rubber_bonus = if their_games == 0 {
                    RUBBER_TWO_NIL
                } else {
                    RUBBER_TWO_ONE
                };
                above += result.rubber_bonus;
                self.finished = true;
            } else {
                // Part-scores do not carry into the next game.
                self.current_game += 1;
            }
        }
        self.sides[declarers.index()].above += above;
        result.above = above;
        Ok(result)
    }

    /// The score card in the layout of the handbook's *DisplayScore*.
    pub fn card(&self) -> ScoreCard<'_> {
        ScoreCard(self)
    }
}

/// Display adapter: the handbook's BRIDGE SCORE board.
pub struct ScoreCard<'a>(&'a Rubber);

impl fmt::Display for ScoreCard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ns, ew] = self.0.sides;
        writeln!(f, "BRIDGE SCORE")?;
        writeln!(f, "{:<16}{:>6}{:>6}", "", "N/S", "E/W")?;
        writeln!(f, "{:<16}{:>6}{:>6}", "Overline", ns.above, ew.above)?;
        for g in 0..3 {
            let label = format!("Game {}", g + 1);
            writeln!(f, "{:<16}{:>6}{:>6}", label, ns.below[g], ew.below[g])?;
        }
        writeln!(f, "{:<16}{:>6}{:>6}", "Totals", ns.total(), ew.total())
    }
}
