//! `turbobridge table`: a Blue Chip table manager. It listens on one
//! port; each seat connects and names its seat in the connect line (or
//! says `ANYPL` and gets a free one). It deals the boards, relays every
//! call and card to the other seats, refuses illegal ones (`Illegal bid`,
//! `Illegal card`: the seat tries again and the board goes on), shows
//! dummy after the opening lead, and records every board for PBN.
//!
//! Each connection has a reader thread feeding one channel, so a silent
//! or vanished seat is noticed (a timeout, or end of stream) and never
//! hangs the table.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use engine::bridge::{Auction, Card, Contract, Play, Seat};

use super::message::{Message, Whose, seat_name};
use crate::bridge::board::{Board, ContractTag};

/// A board as played at the table.
#[derive(Clone, Debug)]
pub struct PlayedBoard {
    pub board: Board,
    /// North-South's duplicate score.
    pub ns_score: i32,
}

impl PlayedBoard {
    /// `4S by N, 10 tricks, NS +420` (or `passed out`).
    pub fn summary(&self) -> String {
        match (self.board.contract(), self.board.result) {
            (Some(c), Some(t)) => format!("{c}, {t} tricks, NS {:+}", self.ns_score),
            _ => "passed out, NS 0".to_string(),
        }
    }
}

/// Why the table stopped.
#[derive(Debug)]
pub enum TableError {
    Io(io::Error),
    /// A seat did not answer in time.
    Timeout {
        seat: Option<Seat>,
        waiting_for: String,
    },
    /// A seat closed its connection.
    Disconnected {
        seat: Seat,
        waiting_for: String,
    },
    /// The caller asked the table to stop (e.g. a seat's program exited).
    Aborted,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(e) => write!(f, "{e}"),
            TableError::Timeout {
                seat: Some(s),
                waiting_for,
            } => write!(
                f,
                "{} sent nothing in time: waiting for {waiting_for}",
                seat_name(*s)
            ),
            TableError::Timeout {
                seat: None,
                waiting_for,
            } => write!(f, "timed out waiting for {waiting_for}"),
            TableError::Aborted => f.write_str("the table was stopped"),
            TableError::Disconnected { seat, waiting_for } => write!(
                f,
                "{} disconnected while the table waited for {waiting_for}",
                seat_name(*seat)
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<io::Error> for TableError {
    fn from(e: io::Error) -> Self {
        TableError::Io(e)
    }
}

enum Event {
    Connected(usize, TcpStream),
    Line(usize, String),
    Closed(usize),
}

/// Fills in the dealer and vulnerability of a board the way the filter
/// does, and drops any auction or play it came with (the table plays the
/// board afresh). Refuses a deal without 13 cards a hand.
pub fn prepare_board(mut board: Board) -> Result<Board, String> {
    board.complete_deal();
    if let Err(e) = board.deal.check_full() {
        return Err(e.to_string());
    }
    board.number = Some(board.number.unwrap_or(1));
    board.dealer = Some(board.dealer_or_rotation());
    board.vulnerability = Some(board.vulnerability_or_rotation());
    board.auction = None;
    board.play = None;
    board.contract = None;
    board.declarer = None;
    board.result = None;
    board.score = None;
    board.scoring = String::new();
    Ok(board)
}

/// The manager's side of one table.
pub struct Table<'a> {
    events: Receiver<Event>,
    streams: Vec<Option<TcpStream>>,
    seat_of: Vec<Option<Seat>>,
    writers: [Option<TcpStream>; 4],
    queues: [VecDeque<String>; 4],
    teams: [String; 4],
    timeout: Duration,
    abort: Option<&'a AtomicBool>,
    log: &'a mut dyn Write,
}

impl<'a> Table<'a> {
    /// Starts accepting on `listener` (connections are read by threads of
    /// their own); `timeout` bounds every wait for a seat.
    pub fn new(
        listener: TcpListener,
        timeout: Duration,
        abort: Option<&'a AtomicBool>,
        log: &'a mut dyn Write,
    ) -> Table<'a> {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || accept(listener, tx));
        Table {
            events: rx,
            streams: Vec::new(),
            seat_of: Vec::new(),
            writers: Default::default(),
            queues: Default::default(),
            teams: Default::default(),
            timeout,
            abort,
            log,
        }
    }

    fn send(&mut self, seat: Seat, m: &Message) -> Result<(), TableError> {
        if let Some(w) = self.writers[seat.index()].as_mut() {
            write!(w, "{m}\r\n")?;
            w.flush()?;
        }
        Ok(())
    }

    fn broadcast(&mut self, m: &Message) -> Result<(), TableError> {
        for s in Seat::ALL {
            self.send(s, m)?;
        }
        Ok(())
    }

    /// Waits for the next event until `deadline`; Err when told to stop.
    fn event(&mut self, deadline: Instant) -> Result<Option<Event>, TableError> {
        loop {
            if self.abort.is_some_and(|a| a.load(Ordering::Relaxed)) {
                return Err(TableError::Aborted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            // Short slices, so that a stop request is seen promptly.
            match self
                .events
                .recv_timeout(left.min(Duration::from_millis(50)))
            {
                Ok(e) => return Ok(Some(e)),
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }

    /// Seats the four players: the connect line names the seat (or
    /// `ANYPL`: the first free one).
    pub fn seat_players(&mut self) -> Result<(), TableError> {
        let deadline = Instant::now() + self.timeout;
        while self.writers.iter().any(Option::is_none) {
            let Some(event) = self.event(deadline)? else {
                return Err(TableError::Timeout {
                    seat: None,
                    waiting_for: "four seats to connect".to_string(),
                });
            };
            match event {
                Event::Connected(id, stream) => {
                    if self.streams.len() <= id {
                        self.streams.resize_with(id + 1, || None);
                        self.seat_of.resize(id + 1, None);
                    }
                    self.streams[id] = Some(stream);
                }
                Event::Line(id, line) => match self.seat_of.get(id).copied().flatten() {
                    Some(seat) => self.queues[seat.index()].push_back(line),
                    None => self.connect(id, &line)?,
                },
                Event::Closed(id) => {
                    if let Some(seat) = self.seat_of.get(id).copied().flatten() {
                        return Err(TableError::Disconnected {
                            seat,
                            waiting_for: "the other seats to connect".to_string(),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn connect(&mut self, id: usize, line: &str) -> Result<(), TableError> {
        let Some(stream) = self.streams.get_mut(id).and_then(Option::take) else {
            return Ok(());
        };
        let seat = match line.parse::<Message>() {
            Ok(Message::Connecting { team, seat, .. }) => {
                let free = |s: &Seat| self.writers[s.index()].is_none();
                match seat {
                    Some(s) => Some(s).filter(free),
                    // ANYPL: the first free seat.
                    None => Seat::ALL.into_iter().find(free),
                }
                .map(|s| (s, team))
            }
            _ => None,
        };
        let Some((seat, team)) = seat else {
            let _ = writeln!(self.log, "table: refused connection: {line:?}");
            let mut stream = stream;
            let _ = write!(stream, "Seat refused\r\n");
            let _ = stream.shutdown(Shutdown::Both);
            return Ok(());
        };
        self.seat_of[id] = Some(seat);
        self.writers[seat.index()] = Some(stream);
        self.teams[seat.index()] = team.clone();
        self.send(seat, &Message::Seated { seat, team })
    }

    /// The next message from `seat`; lines that are no message are
    /// reported and skipped.
    fn next_from(&mut self, seat: Seat, waiting_for: &str) -> Result<Message, TableError> {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(line) = self.queues[seat.index()].pop_front() {
                match line.parse::<Message>() {
                    Ok(m) => return Ok(m),
                    Err(e) => {
                        let _ = writeln!(self.log, "table: {}: {e}", seat_name(seat));
                        continue;
                    }
                }
            }
            match self.event(deadline)? {
                None => {
                    return Err(TableError::Timeout {
                        seat: Some(seat),
                        waiting_for: waiting_for.to_string(),
                    });
                }
                Some(Event::Line(id, line)) => {
                    if let Some(s) = self.seat_of.get(id).copied().flatten() {
                        self.queues[s.index()].push_back(line);
                    }
                }
                Some(Event::Closed(id)) => {
                    if let Some(s) = self.seat_of.get(id).copied().flatten() {
                        return Err(TableError::Disconnected {
                            seat: s,
                            waiting_for: waiting_for.to_string(),
                        });
                    }
                }
                Some(Event::Connected(_, stream)) => {
                    // The table is full.
                    let _ = stream.shutdown(Shutdown::Both);
                }
            }
        }
    }

    /// The next message from `seat` that `wanted` accepts; others are
    /// reported and skipped.
    fn expect(
        &mut self,
        seat: Seat,
        waiting_for: &str,
        wanted: impl Fn(&Message) -> bool,
    ) -> Result<Message, TableError> {
        loop {
            let m = self.next_from(seat, waiting_for)?;
            if wanted(&m) {
                return Ok(m);
            }
            let _ = writeln!(
                self.log,
                "table: {}: ignored {:?} (waiting for {waiting_for})",
                seat_name(seat),
                m.to_string()
            );
        }
    }

    /// `ready for teams` from everyone, the teams, `ready to start`.
    pub fn start_session(&mut self) -> Result<(), TableError> {
        for s in Seat::ALL {
            self.expect(s, "ready for teams", |m| {
                matches!(m, Message::ReadyForTeams(_))
            })?;
        }
        let teams = Message::Teams {
            ns: self.teams[0].clone(),
            ew: self.teams[1].clone(),
        };
        self.broadcast(&teams)?;
        for s in Seat::ALL {
            self.expect(s, "ready to start", |m| {
                matches!(m, Message::ReadyToStart(_))
            })?;
        }
        Ok(())
    }

    /// Plays one prepared board (see [`prepare_board`]).
    pub fn play_board(&mut self, board: &Board) -> Result<PlayedBoard, TableError> {
        let dealer = board.dealer.unwrap_or(Seat::North);
        self.broadcast(&Message::StartOfBoard)?;
        for s in Seat::ALL {
            self.expect(s, "ready for deal", |m| {
                matches!(m, Message::ReadyForDeal(_))
            })?;
        }
        self.broadcast(&Message::BoardInfo {
            number: board.number.unwrap_or(1),
            dealer,
            vulnerability: board.vulnerability.unwrap_or_default(),
        })?;
        for s in Seat::ALL {
            self.expect(s, "ready for cards", |m| {
                matches!(m, Message::ReadyForCards(_))
            })?;
            self.send(
                s,
                &Message::Cards {
                    whose: Whose::Seat(s),
                    hand: board.deal[s],
                },
            )?;
        }
        let mut auction = Auction::new(dealer);
        while !auction.is_complete() {
            let next = auction.next_seat();
            let (call, alert) = loop {
                let m = self.expect(next, "a call", |m| matches!(m, Message::Call { .. }))?;
                if let Message::Call { seat, call, alert } = m
                    && seat == next
                    && auction.check(call).is_ok()
                {
                    break (call, alert);
                }
                let _ = writeln!(self.log, "table: {}: illegal call refused", seat_name(next));
                self.send(next, &Message::IllegalBid)?;
            };
            let _ = auction.push(call);
            for s in Seat::ALL.into_iter().filter(|&s| s != next) {
                self.expect(s, "ready for a call", |m| {
                    matches!(m, Message::ReadyForCall { .. })
                })?;
                self.send(
                    s,
                    &Message::Call {
                        seat: next,
                        call,
                        alert: alert.clone(),
                    },
                )?;
            }
        }
        let mut played = board.clone();
        played.set_auction(auction.clone());
        let Some(contract) = auction.final_contract() else {
            played.contract = Some(ContractTag::PassedOut);
            played.score = Some(0);
            return Ok(PlayedBoard {
                board: played,
                ns_score: 0,
            });
        };
        let play = self.play_cards(board, &contract)?;
        played.set_play(&play);
        let ns_score = played.score.unwrap_or(0);
        Ok(PlayedBoard {
            board: played,
            ns_score,
        })
    }

    fn play_cards(&mut self, board: &Board, contract: &Contract) -> Result<Play, TableError> {
        let mut play = Play::new(&board.deal, contract);
        let dummy = contract.dummy();
        while !play.is_finished() {
            if play.cards_played().len() == 1 {
                let shown = Message::Cards {
                    whose: Whose::Dummy,
                    hand: play.hands()[dummy],
                };
                for s in Seat::ALL.into_iter().filter(|&s| s != dummy) {
                    self.expect(s, "ready for dummy", |m| {
                        matches!(m, Message::ReadyForDummy(_))
                    })?;
                    self.send(s, &shown)?;
                }
            }
            let next = play.next_seat();
            let chooser = if next == dummy {
                contract.declarer
            } else {
                next
            };
            if play.current_trick().is_empty() {
                // Managers tell the seat that leads (declarer for dummy);
                // some clients wait for it before leading.
                let whose = if next == dummy {
                    Whose::Dummy
                } else {
                    Whose::Seat(next)
                };
                self.send(chooser, &Message::ToLead(whose))?;
            }
            let card: Card = loop {
                let m = self.expect(chooser, "a card", |m| matches!(m, Message::Plays { .. }))?;
                if let Message::Plays { seat, card } = m
                    && (seat == next || seat == chooser)
                    && play.check(card).is_ok()
                {
                    break card;
                }
                let _ = writeln!(
                    self.log,
                    "table: {}: illegal card refused",
                    seat_name(chooser)
                );
                self.send(chooser, &Message::IllegalCard)?;
            };
            let _ = play.play(card);
            for s in Seat::ALL.into_iter().filter(|&s| s != chooser) {
                self.expect(s, "ready for a card", |m| {
                    matches!(m, Message::ReadyForCard { .. })
                })?;
                self.send(s, &Message::Plays { seat: next, card })?;
            }
        }
        Ok(play)
    }

    /// `End of session` to everyone.
    pub fn end_session(&mut self) -> Result<(), TableError> {
        self.broadcast(&Message::EndOfSession)
    }
}

impl Drop for Table<'_> {
    /// Closing the sockets ends the reader threads and tells every client
    /// the session is over, whatever stopped the table.
    fn drop(&mut self) {
        for w in self.writers.iter().flatten() {
            let _ = w.shutdown(Shutdown::Both);
        }
    }
}

fn accept(listener: TcpListener, tx: Sender<Event>) {
    for (id, stream) in listener.incoming().enumerate() {
        let Ok(stream) = stream else { continue };
        let _ = stream.set_nodelay(true);
        let Ok(reader) = stream.try_clone() else {
            continue;
        };
        if tx.send(Event::Connected(id, stream)).is_err() {
            return;
        }
        let tx = tx.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            loop {
                let mut bytes = Vec::new();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Event::Closed(id));
                        return;
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes).trim().to_string();
                        if !line.is_empty() && tx.send(Event::Line(id, line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
    }
}

/// Runs a whole session on `listener`: seats the four players, plays the
/// boards (each handed to `on_board` as soon as it is complete), ends the
/// session. Progress and refusals go to `log`; setting `abort` stops the
/// table at its next wait.
pub fn serve(
    listener: TcpListener,
    boards: &[Board],
    timeout: Duration,
    abort: Option<&AtomicBool>,
    log: &mut dyn Write,
    on_board: &mut dyn FnMut(&PlayedBoard) -> io::Result<()>,
) -> Result<Vec<PlayedBoard>, (Vec<PlayedBoard>, TableError)> {
    let mut done = Vec::new();
    let mut table = Table::new(listener, timeout, abort, log);
    let result = (|| {
        table.seat_players()?;
        table.start_session()?;
        for board in boards {
            let played = table.play_board(board)?;
            on_board(&played)?;
            done.push(played);
        }
        table.end_session()
    })();
    match result {
        Ok(()) => Ok(done),
        Err(e) => Err((done, e)),
    }
}
