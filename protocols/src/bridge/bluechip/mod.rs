//! Turbo Bridge at a computer-bridge table: the Blue Chip Bridge
//! table-manager protocol (version 18), as a client seat
//! (`turbobridge client`), as a table manager (`turbobridge table`) and as
//! a two-room team match between two programs (`turbobridge match`).

pub mod client;
pub mod matches;
pub mod message;
pub mod table;

pub use message::{Message, MessageParseError, Whose};

use std::io::{self, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::bridge::board::Board;
use crate::bridge::filter;
use crate::bridge::io::{BoardWriter, Format, board_name, read_boards};

/// `turbobridge client`: connects and plays the session. The error names
/// what went wrong (and quotes a line it could not parse).
pub fn run_client_command(args: &client::ClientArgs) -> Result<client::ClientSummary, String> {
    let stream = TcpStream::connect((args.host.as_str(), args.port))
        .map_err(|e| format!("cannot connect to {}:{}: {e}", args.host, args.port))?;
    // One short line per message, each awaited by the other side: without
    // NODELAY every exchange waits for a delayed acknowledgement.
    let _ = stream.set_nodelay(true);
    let reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
    let mut stderr = io::stderr();
    let transcript: Option<&mut dyn Write> = if args.verbose {
        Some(&mut stderr)
    } else {
        None
    };
    let mut link = client::Link::new(reader, stream, transcript);
    // The bidding simulation needs the solver even at the heuristic level.
    let solver = match args.level {
        filter::Level::Heuristic if !args.bidding.simulates() => None,
        _ => filter::default_solver(),
    };
    client::run_client(&mut link, args, &mut args.player(solver)).map_err(|e| e.to_string())
}

/// Where a table's boards come from and where they go.
#[derive(Args, Clone, Debug)]
pub struct TableArgs {
    /// Address to listen on (loopback by default).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on; 0 picks a free one. The address is printed on
    /// stderr as `table: listening on HOST:PORT`.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Deal N random boards from the seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub boards: u32,
    /// Seed of the random boards.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the boards of this PBN or LIN file instead of random ones.
    #[arg(long, value_name = "FILE")]
    pub deals: Option<PathBuf>,
    /// Write the played boards here instead of stdout (PBN, or LIN with
    /// `--format lin`).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Seconds to wait for any seat before giving up.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
}

/// The boards of a table or match: from a file, or dealt from the seed.
/// Boards that cannot be played are reported on stderr and skipped.
pub fn table_boards(file: Option<&PathBuf>, count: u32, seed: u64) -> io::Result<Vec<Board>> {
    let raw: Vec<Result<Board, (Option<u32>, String)>> = match file {
        Some(path) => {
            let text = crate::bridge::io::decode(std::fs::read(path)?);
            read_boards(&text)
                .1
                .into_iter()
                .map(|r| r.map_err(|e| (e.number, e.to_string())))
                .collect()
        }
        None => {
            use rand::SeedableRng;
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            (1..=count)
                .map(|n| Ok(Board::dealt(n, engine::bridge::Deal::random(&mut rng))))
                .collect()
        }
    };
    let mut boards = Vec::new();
    for (i, b) in raw.into_iter().enumerate() {
        let prepared = b.and_then(|b| {
            let number = b.number;
            table::prepare_board(b).map_err(|e| (number, e))
        });
        match prepared {
            Ok(b) => boards.push(b),
            Err((number, e)) => eprintln!("board {}: {e}", board_name(number, i + 1)),
        }
    }
    Ok(boards)
}

/// The board as written: with `explain`, every call annotated with what it
/// shows.
fn explained(board: &Board, explain: bool) -> Board {
    let mut b = board.clone();
    if explain && let Some(rec) = &mut b.auction {
        rec.explain();
    }
    b
}

/// `turbobridge table`: serves one session and writes the boards.
/// With `explain`, every call of the boards written carries what it shows
/// in our system (`--explain`).
pub fn run_table_command(args: &TableArgs, format: Format, explain: bool) -> Result<(), String> {
    let boards = table_boards(args.deals.as_ref(), args.boards, args.seed)
        .map_err(|e| format!("cannot read the deals: {e}"))?;
    let listener = TcpListener::bind((args.host.as_str(), args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!("table: listening on {addr}");
    let out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(
            std::fs::File::create(path).map_err(|e| format!("cannot write {path:?}: {e}"))?,
        ),
        None => Box::new(io::stdout()),
    };
    let mut writer = BoardWriter::new(out, format);
    let mut log = io::stderr();
    let mut on_board = |p: &table::PlayedBoard| {
        eprintln!("board {}: {}", p.board.number.unwrap_or(0), p.summary());
        writer.write(&explained(&p.board, explain))
    };
    table::serve(
        listener,
        &boards,
        Duration::from_secs(args.timeout),
        None,
        &mut log,
        &mut on_board,
    )
    .map(|_| ())
    .map_err(|(done, e)| {
        let number = boards.get(done.len()).and_then(|b| b.number);
        format!("board {}: {e}", board_name(number, done.len() + 1))
    })
}

/// Options of `turbobridge match`.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// Program A: a command line, run once per seat with `--host H --port
    /// P --seat S` appended (e.g. "turbobridge client --level heuristic").
    pub a: String,
    /// Program B, likewise.
    pub b: String,
    /// Boards to play (each in both rooms).
    #[arg(long, default_value_t = 16)]
    pub boards: u32,
    /// Seed of the random boards.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the boards of this PBN or LIN file instead of random ones.
    #[arg(long, value_name = "FILE")]
    pub deals: Option<PathBuf>,
    /// Write both rooms' boards here (PBN with a Room tag, or LIN with
    /// `--format lin`).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Seconds to wait for any seat before giving up.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
}

/// `turbobridge match`: per-board lines and the summary on `out`; with
/// `explain`, the boards written to `--output` explain every call.
pub fn run_match_command(
    args: &MatchArgs,
    format: Format,
    explain: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let boards = table_boards(args.deals.as_ref(), args.boards, args.seed)
        .map_err(|e| format!("cannot read the deals: {e}"))?;
    let result = matches::play_match(
        &args.a,
        &args.b,
        &boards,
        Duration::from_secs(args.timeout),
        out,
    )
    .map_err(|e| e.to_string())?;
    if let Some(path) = &args.output {
        let file =
            std::fs::File::create(path).map_err(|e| format!("cannot write {path:?}: {e}"))?;
        let mut writer = BoardWriter::new(file, format);
        for p in result.open.iter().chain(&result.closed) {
            writer
                .write(&explained(&p.board, explain))
                .map_err(|e| e.to_string())?;
        }
    }
    let stats = matches::ImpStats::of(&result.imps);
    writeln!(out, "A: {}\nB: {}\n{stats}", args.a, args.b).map_err(|e| e.to_string())
}
