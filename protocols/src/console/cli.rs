//! The `turbochess play` and `turbochess mate` subcommands: their
//! arguments and what they run. `turbochess.rs` only forwards to these.

use super::{ConsoleOptions, Level};
use clap::Args;
use engine::chess::mate::{MateResult, MateSolver};
use engine::chess::{Board, Color};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// `turbochess play`: Turbo Chess's console game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The program plays itself, game after game (the Auto command).
    #[arg(long)]
    pub auto: bool,
    /// Playing level: seconds per move (e.g. 1), or normal N, full MIN,
    /// demo, infinite, ply N, mate N (write ply:4 or "ply 4").
    #[arg(long, default_value = "normal 15")]
    pub level: String,
    /// With --auto: stop after this many games. Such a run plays its games
    /// without input; otherwise the end of input ends the program.
    #[arg(long)]
    pub games: Option<u32>,
    /// End a game as unfinished after this many full moves.
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// PGN file every game is appended to.
    #[arg(long, default_value = "chess.pgn")]
    pub pgn: PathBuf,
    /// Do not write the PGN listing.
    #[arg(long)]
    pub no_pgn: bool,
    /// Play without the opening library.
    #[arg(long)]
    pub no_book: bool,
    /// Use this Polyglot .bin book instead of the built-in library.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Start from a board file (the handbook's format, e.g. books/mate/mate01.txt).
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Seed for the opening library's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Runs the console game on stdin/stdout.
pub fn play(args: PlayArgs) -> ExitCode {
    let level = match args.level.parse::<Level>() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("turbochess play: {e}");
            return ExitCode::from(2);
        }
    };
    let options = ConsoleOptions {
        level,
        auto: args.auto,
        games: args.games,
        max_moves: args.max_moves,
        pgn: (!args.no_pgn).then_some(args.pgn),
        own_book: !args.no_book,
        book_file: args.book,
        board_file: args.board,
        seed: args.seed,
        echo_input: !io::stdin().is_terminal(),
        ..ConsoleOptions::default()
    };
    let stdin = Box::new(io::BufReader::new(io::stdin()));
    let mut stdout = io::stdout();
    match super::run(options, stdin, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed terminal or pipe ends the game; nothing to report to.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("turbochess play: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `turbochess mate`: prove or refute a mate in N.
#[derive(Args, Debug)]
pub struct MateArgs {
    /// Number of moves (mate in N), 1 to 20.
    pub moves: u32,
    /// The position as FEN.
    #[arg(long, conflicts_with = "board")]
    pub fen: Option<String>,
    /// The position as a board file (books/mate/*.txt).
    #[arg(long)]
    pub board: Option<PathBuf>,
}

/// Solves the problem and prints the key and the main line, or that there
/// is no mate. Exit status 0 for a mate, 1 for none, 2 for bad input.
pub fn mate(args: MateArgs) -> ExitCode {
    if !(1..=20).contains(&args.moves) {
        eprintln!(
            "turbochess mate: expected a number of moves from 1 to 20, got {}",
            args.moves
        );
        return ExitCode::from(2);
    }
    let board = match (&args.fen, &args.board) {
        (Some(fen), _) => match Board::from_fen(fen) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("turbochess mate: {e}");
                return ExitCode::from(2);
            }
        },
        (None, Some(path)) => match super::edit::load_board_file(path) {
            Ok((b, _)) => b,
            Err(e) => {
                eprintln!("turbochess mate: {e}");
                return ExitCode::from(2);
            }
        },
        (None, None) => {
            eprintln!("turbochess mate: give the position with --fen FEN or --board FILE");
            return ExitCode::from(2);
        }
    };
    let side = if board.side_to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    let start = Instant::now();
    let mut solver = MateSolver::new();
    let result = solver.solve(&board, args.moves);
    let secs = start.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    let code = match result {
        MateResult::Mate(m) => {
            let _ = writeln!(out, "{side} mates in {}", m.moves);
            let _ = writeln!(out, "key: {}", board.san(m.key));
            let mut b = board.clone();
            let mut text = Vec::new();
            for (i, &mv) in m.line.iter().enumerate() {
                let san = b.san(mv);
                text.push(match (b.side_to_move(), i) {
                    (Color::White, _) => format!("{}. {san}", b.fullmove_number()),
                    (Color::Black, 0) => format!("{}... {san}", b.fullmove_number()),
                    (Color::Black, _) => san,
                });
                b.make(mv);
            }
            let _ = writeln!(out, "main line: {}", text.join(" "));
            ExitCode::SUCCESS
        }
        MateResult::NoMate { within } => {
            let _ = writeln!(out, "no mate in {within} for {side}");
            ExitCode::from(1)
        }
        MateResult::Aborted { nodes } => {
            let _ = writeln!(out, "gave up after {nodes} nodes");
            ExitCode::from(1)
        }
    };
    let nps = solver.nodes() as f64 / secs.max(1e-6);
    let _ = writeln!(
        out,
        "nodes {}  time {secs:.3}s  {nps:.0} nodes/s",
        solver.nodes()
    );
    code
}

/// `turbochess book`: what the opening book says about a position, or the
/// built-in library written as a Polyglot book.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The position as FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from that position first, SAN or UCI, e.g. "e4 e5 Nf3".
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Look in this Polyglot .bin book instead of the built-in library.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Write the built-in library to this file as a Polyglot .bin book.
    #[arg(long)]
    pub export: Option<PathBuf>,
}

/// Lists the book moves of a position with their weights and shares, or
/// exports the library. Exit status 0, or 2 for bad input.
pub fn book(args: BookArgs) -> ExitCode {
    use engine::chess::book::{Book, Library, PolyglotBook};
    let fail = |e: String| {
        eprintln!("turbochess book: {e}");
        ExitCode::from(2)
    };
    let library = match Library::builtin() {
        Ok(l) => l,
        Err(e) => return fail(e.to_string()),
    };
    if let Some(path) = &args.export {
        let book = library.to_polyglot();
        return match std::fs::write(path, book.to_bytes()) {
            Ok(()) => {
                println!("wrote {} entries to {}", book.len(), path.display());
                ExitCode::SUCCESS
            }
            Err(e) => fail(format!("cannot write {}: {e}", path.display())),
        };
    }
    let mut board = match args.fen.as_deref().map(Board::from_fen) {
        None => Board::startpos(),
        Some(Ok(b)) => b,
        Some(Err(e)) => return fail(e.to_string()),
    };
    for text in args.moves.split_whitespace() {
        match super::input::parse_user_move(&board, text) {
            Ok(mv) => board.make(mv),
            Err(e) => return fail(format!("--moves: {e}")),
        }
    }
    let book = match &args.file {
        None => {
            println!(
                "Opening library: {} variations, {} positions",
                library.variations(),
                library.positions()
            );
            Book::Library(library)
        }
        Some(path) => match crate::uci::book::read_book_file(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|b| PolyglotBook::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(b) => {
                println!("Polyglot book {}: {} entries", path.display(), b.len());
                Book::Polyglot(b)
            }
            Err(e) => return fail(e),
        },
    };
    println!("Position: {}", board.to_fen());
    let moves = book.moves(&board);
    if moves.is_empty() {
        println!("not in the book");
        return ExitCode::SUCCESS;
    }
    let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
    for m in &moves {
        let share = if total == 0 {
            0.0
        } else {
            100.0 * f64::from(m.weight) / f64::from(total)
        };
        println!(
            "{:<8} {:<6} weight {:>5}  {share:5.1}%",
            board.san(m.mv),
            m.mv.to_uci(),
            m.weight
        );
    }
    ExitCode::SUCCESS
}
