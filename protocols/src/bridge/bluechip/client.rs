//! `turbobridge client`: one seat at a Blue Chip table manager. The
//! manager sends the deal, the calls and cards of the other seats; the
//! program answers with its own calls and cards, chosen from its seat's
//! view by [`SeatPlayer`].

use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use clap::Args;

use engine::bridge::dds::Solver;

use crate::bridge::budget::Budget;
use engine::bridge::play::PlayOptions;
use engine::bridge::seat::{SeatError, SeatPlayer, card_rng};
use engine::bridge::table::Player;
use engine::bridge::{Card, Seat};

use super::message::{Message, MessageParseError, Whose};
use crate::bridge::filter::{BidArgs, Level, WallClock};

/// A seat named in full or by its letter, in any case.
pub fn parse_seat_arg(s: &str) -> Result<Seat, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "n" | "north" => Ok(Seat::North),
        "e" | "east" => Ok(Seat::East),
        "s" | "south" => Ok(Seat::South),
        "w" | "west" => Ok(Seat::West),
        _ => Err(format!("bad seat {s:?}: expected N, E, S, W or the name")),
    }
}

/// Options of `turbobridge client`.
#[derive(Args, Clone, Debug)]
pub struct ClientArgs {
    /// Host of the table manager.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port of the table manager.
    #[arg(long)]
    pub port: u16,
    /// The seat to take: N, E, S, W (or North, …).
    #[arg(long, value_parser = parse_seat_arg)]
    pub seat: Seat,
    /// Team name sent in the connect line.
    #[arg(long, default_value = "turbobridge")]
    pub team: String,
    /// Card play: heuristics only, or Monte-Carlo over the solver.
    #[arg(long, value_enum, default_value_t = Level::Montecarlo)]
    pub level: Level,
    /// Random deals analysed per card.
    #[arg(long, default_value_t = 24)]
    pub samples: usize,
    /// Time budget per card in milliseconds (sampling stops when spent).
    #[arg(long, value_name = "MS", value_parser = crate::bridge::budget::parse_ms, allow_negative_numbers = true)]
    pub time_per_card: Option<u64>,
    /// Time budget of a whole board in milliseconds, or `none`: each card
    /// gets its share, the early ones more (sampling stops when spent).
    #[arg(long, value_name = "MS|none", default_value_t = Budget::default(), allow_negative_numbers = true)]
    pub time_per_board: Budget,
    /// Use the double-dummy analysis once this many tricks are left (the
    /// heuristics alone before, except for the opening lead, which is
    /// always simulated); 13, the default, searches every card.
    #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u8).range(0..=13))]
    pub search_tricks: u8,
    /// Seed of the sampled hands (the same as the filter's `--seed`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub bidding: BidArgs,
    /// Print the protocol transcript on stderr (`-> ` sent, `<- ` received).
    #[arg(long)]
    pub verbose: bool,
}

impl ClientArgs {
    /// The program: the filter's options for this level, a seat's view
    /// (no cheating), the per-card time budget.
    pub fn player(&self, solver: Option<Solver>) -> Player {
        Player::new(self.play_options(), solver)
            .with_time_per_card(self.time_per_card)
            .with_time_per_board(self.time_per_board.0)
            .with_bidding(self.bidding.options(self.seed))
    }

    /// The play options, built as the filter builds them.
    pub fn play_options(&self) -> PlayOptions {
        self.level
            .play_options(self.samples, self.search_tricks, false)
    }
}

/// Why the client stopped before `End of session`.
#[derive(Debug)]
pub enum ClientError {
    Io(io::Error),
    /// The manager closed the connection.
    Disconnected {
        waiting_for: &'static str,
    },
    /// A line that is no protocol message.
    Unparseable(MessageParseError),
    /// A message out of place.
    Unexpected {
        line: String,
        expected: &'static str,
    },
    /// The manager refused our call or card.
    Refused {
        line: String,
    },
    /// A call, card or dummy that does not fit the board.
    Board {
        board: u32,
        error: SeatError,
    },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Io(e) => write!(f, "connection error: {e}"),
            ClientError::Disconnected { waiting_for } => {
                write!(f, "manager disconnected while we waited for {waiting_for}")
            }
            ClientError::Unparseable(e) => write!(f, "manager sent a line we {e}"),
            ClientError::Unexpected { line, expected } => {
                write!(f, "manager sent {line:?}, expected {expected}")
            }
            ClientError::Refused { line } => write!(f, "manager refused our action: {line:?}"),
            ClientError::Board { board, error } => write!(f, "board {board}: {error}"),
        }
    }
}

impl std::error::Error for ClientError {}

impl From<io::Error> for ClientError {
    /// A manager that closes first makes our next write fail (or a read
    /// be reset): that is a disconnect, not a connection fault.
    fn from(e: io::Error) -> Self {
        match e.kind() {
            io::ErrorKind::BrokenPipe
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::UnexpectedEof => ClientError::Disconnected {
                waiting_for: "our message to go through",
            },
            _ => ClientError::Io(e),
        }
    }
}

/// What a session did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientSummary {
    pub boards: u32,
}

/// One protocol conversation over a reader and a writer (a TCP stream in
/// the program, buffers in tests), with an optional transcript.
pub struct Link<'a, R: BufRead, W: Write> {
    reader: R,
    writer: W,
    transcript: Option<&'a mut dyn Write>,
}

impl<'a, R: BufRead, W: Write> Link<'a, R, W> {
    pub fn new(reader: R, writer: W, transcript: Option<&'a mut dyn Write>) -> Self {
        Link {
            reader,
            writer,
            transcript,
        }
    }

    pub fn send(&mut self, m: &Message) -> io::Result<()> {
        let text = m.to_string();
        if let Some(t) = self.transcript.as_deref_mut() {
            let _ = writeln!(t, "-> {text}");
        }
        write!(self.writer, "{text}\r\n")?;
        self.writer.flush()
    }

    /// The next non-blank line, None at end of input.
    pub fn read_line(&mut self) -> io::Result<Option<String>> {
        loop {
            let mut bytes = Vec::new();
            if self.reader.read_until(b'\n', &mut bytes)? == 0 {
                return Ok(None);
            }
            let line = String::from_utf8_lossy(&bytes).trim().to_string();
            if let Some(t) = self.transcript.as_deref_mut() {
                let _ = writeln!(t, "<- {line}");
            }
            if !line.is_empty() {
                return Ok(Some(line));
            }
        }
    }

    /// The next message; informational ones (`… to lead`) are skipped.
    fn recv(&mut self, waiting_for: &'static str) -> Result<(String, Message), ClientError> {
        loop {
            let line = self
                .read_line()?
                .ok_or(ClientError::Disconnected { waiting_for })?;
            let m: Message = line.parse().map_err(ClientError::Unparseable)?;
            match m {
                Message::ToLead(_) => continue,
                Message::IllegalBid | Message::IllegalCard => {
                    return Err(ClientError::Refused { line });
                }
                m => return Ok((line, m)),
            }
        }
    }
}

fn unexpected(line: String, expected: &'static str) -> ClientError {
    ClientError::Unexpected { line, expected }
}

/// Plays a whole session as `args.seat` until `End of session`; `player`
/// is the program (see [`ClientArgs::player`]).
pub fn run_client<R: BufRead, W: Write>(
    link: &mut Link<'_, R, W>,
    args: &ClientArgs,
    player: &mut Player,
) -> Result<ClientSummary, ClientError> {
    let me = args.seat;
    link.send(&Message::Connecting {
        team: args.team.clone(),
        seat: Some(me),
        version: 18,
    })?;
    match link.recv("the seat")? {
        (_, Message::Seated { seat, .. }) if seat == me => {}
        (line, _) => return Err(unexpected(line, "<seat> (\"<team>\") seated")),
    }
    link.send(&Message::ReadyForTeams(me))?;
    match link.recv("the teams")? {
        (_, Message::Teams { .. }) => {}
        (line, _) => return Err(unexpected(line, "Teams : …")),
    }
    link.send(&Message::ReadyToStart(me))?;
    let mut summary = ClientSummary::default();
    loop {
        match link.recv("the next board")? {
            (_, Message::StartOfBoard) => {}
            (_, Message::EndOfSession) => return Ok(summary),
            (_, Message::Timing(_)) => continue,
            (line, _) => return Err(unexpected(line, "Start of board or End of session")),
        }
        play_board(link, args, player)?;
        summary.boards += 1;
    }
}

fn play_board<R: BufRead, W: Write>(
    link: &mut Link<'_, R, W>,
    args: &ClientArgs,
    program: &mut Player,
) -> Result<(), ClientError> {
    let me = args.seat;
    link.send(&Message::ReadyForDeal(me))?;
    let (number, dealer, vulnerability) = match link.recv("the deal")? {
        (
            _,
            Message::BoardInfo {
                number,
                dealer,
                vulnerability,
            },
        ) => (number, dealer, vulnerability),
        (line, _) => return Err(unexpected(line, "Board number …")),
    };
    let board_err = |error| ClientError::Board {
        board: number,
        error,
    };
    link.send(&Message::ReadyForCards(me))?;
    let hand = match link.recv("our cards")? {
        (
            _,
            Message::Cards {
                whose: Whose::Seat(s),
                hand,
            },
        ) if s == me => hand,
        (line, _) => return Err(unexpected(line, "<our seat>'s cards : …")),
    };
    let mut player = SeatPlayer::new(me, hand, dealer)
        .map_err(board_err)?
        .with_vulnerability(vulnerability);
    while let Some(next) = player.next_caller() {
        if next == me {
            let mut clock = WallClock(Instant::now());
            let call = program
                .call_as(&player, &mut clock)
                .unwrap_or_else(|| player.choose_call());
            player.call(me, call).map_err(board_err)?;
            link.send(&Message::Call {
                seat: me,
                call,
                alert: None,
            })?;
        } else {
            link.send(&Message::ReadyForCall {
                seat: me,
                from: next,
            })?;
            match link.recv("a call")? {
                (_, Message::Call { seat, call, .. }) => {
                    player.call(seat, call).map_err(board_err)?
                }
                (line, _) => {
                    return Err(unexpected(line, "<seat> passes|doubles|redoubles|bids …"));
                }
            }
        }
    }
    let Some(contract) = player.contract() else {
        return Ok(());
    };
    while let Some(next) = player.next_player() {
        let played = player.cards().len();
        if played == 1 && me != contract.dummy() && player.dummy_hand().is_none() {
            link.send(&Message::ReadyForDummy(me))?;
            match link.recv("dummy's cards")? {
                (
                    _,
                    Message::Cards {
                        whose: Whose::Dummy,
                        hand,
                    },
                ) => player.show_dummy(hand).map_err(board_err)?,
                (line, _) => return Err(unexpected(line, "Dummy's cards : …")),
            }
        }
        if player.chooses_next() {
            let card = choose(&player, args, program, number).ok_or(ClientError::Board {
                board: number,
                error: SeatError::NoPlay,
            })?;
            player.play(next, card).map_err(board_err)?;
            link.send(&Message::Plays { seat: next, card })?;
        } else {
            let from = if next == contract.dummy() {
                Whose::Dummy
            } else {
                Whose::Seat(next)
            };
            link.send(&Message::ReadyForCard {
                seat: me,
                from,
                trick: (played / 4 + 1) as u8,
            })?;
            match link.recv("a card")? {
                (_, Message::Plays { seat, card }) => player.play(seat, card).map_err(board_err)?,
                (line, _) => return Err(unexpected(line, "<seat> plays <card>")),
            }
        }
    }
    Ok(())
}

fn choose(view: &SeatPlayer, args: &ClientArgs, player: &mut Player, board: u32) -> Option<Card> {
    let mut clock = WallClock(Instant::now());
    let mut rng = card_rng(args.seed, board as u64, view.cards().len());
    player.decide_as(view, &mut rng, &mut clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn args(seat: Seat) -> ClientArgs {
        ClientArgs {
            host: "127.0.0.1".into(),
            port: 0,
            seat,
            team: "t".into(),
            level: Level::Heuristic,
            samples: 2,
            time_per_card: None,
            time_per_board: Budget(None),
            search_tricks: 13,
            seed: 1,
            bidding: BidArgs::RULES,
            verbose: false,
        }
    }

    fn session(input: &str, seat: Seat) -> (Result<ClientSummary, ClientError>, String) {
        let mut out = Vec::new();
        let result = {
            let mut link = Link::new(Cursor::new(input.as_bytes().to_vec()), &mut out, None);
            run_client(&mut link, &args(seat), &mut args(seat).player(None))
        };
        (result, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn a_passed_out_board_and_the_end_of_session() {
        let input = "North (\"t\") seated\r\nTeams : N/S : \"t\" E/W : \"u\"\r\nStart of board\r\n\
            Board number 1. Dealer North. Neither vulnerable.\r\n\
            North's cards : S 2 3 4. H 2 3 4. D 2 3 4. C 2 3 4 5.\r\n\
            East passes\r\nSouth passes\r\nWest passes\r\nEnd of session\r\n";
        let (result, sent) = session(input, Seat::North);
        assert_eq!(result.expect("clean end").boards, 1, "{sent}");
        let lines: Vec<&str> = sent.lines().collect();
        assert_eq!(
            lines,
            [
                "Connecting \"t\" as North using protocol version 18",
                "North ready for teams",
                "North ready to start",
                "North ready for deal",
                "North ready for cards",
                "North passes",
                "North ready for East's bid",
                "North ready for South's bid",
                "North ready for West's bid",
            ]
        );
    }

    #[test]
    fn a_disconnect_or_garbage_is_a_clear_error() {
        let (result, _) = session("North (\"t\") seated\r\n", Seat::North);
        let e = result.expect_err("disconnected");
        assert!(e.to_string().contains("disconnected"), "{e}");
        let (result, _) = session("North (\"t\") seated\r\nwhat is this\r\n", Seat::North);
        let e = result.expect_err("garbage");
        assert!(e.to_string().contains("\"what is this\""), "{e}");
        let (result, _) = session("South (\"t\") seated\r\n", Seat::North);
        assert!(result.is_err());
    }
}
