//! `turbochess`: the Turbo Chess engine. Without a subcommand it speaks UCI
//! on stdin/stdout (load it into Arena or Cute Chess); the subcommands are
//! tools: perft, benchmarks, the evaluation of a position.

use clap::{Parser, Subcommand};
use engine::chess::Board;
use engine::chess::search::bench::DEFAULT_DEPTH;
use protocols::chess_perft;
use protocols::uci;
use protocols::uci::report::{bench_report, eval_report, parse_piece};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "turbochess",
    about = "Turbo Chess: a UCI chess engine (no subcommand), perft, benchmarks, evaluation"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default).
    Uci,
    /// Play Turbo Chess in the terminal (the handbook's console game).
    Play(protocols::console::cli::PlayArgs),
    /// Prove or refute a mate in N: key move and main line.
    Mate(protocols::console::cli::MateArgs),
    /// Show the opening book's moves for a position, or export the library.
    Book(protocols::console::cli::BookArgs),
    /// Count the leaves of the move tree: divide lines, then the total.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position to count from (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Benchmarks: without a subcommand the search bench (fixed positions,
    /// fixed depth, one thread, 16 MiB hash; the node count is the search's
    /// fingerprint).
    Bench {
        #[command(subcommand)]
        what: Option<Bench>,
        /// Search depth of the search bench.
        #[arg(long, default_value_t = DEFAULT_DEPTH)]
        depth: u32,
    },
    /// Print the evaluation breakdown of a position (centipawns) and,
    /// with --piece, that piece's value table (the handbook's Value command).
    Eval {
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Piece letter: N = white knight, q = black queen, ...
        #[arg(long)]
        piece: Option<String>,
    },
    /// Fit the leaf evaluation's weights to labelled positions (Texel
    /// tuning). Each line: FEN;...;SCORE with White's expected score 0..1.
    Tune {
        /// The labelled positions.
        file: std::path::PathBuf,
        /// Gradient-descent iterations on the linearised evaluation, before
        /// the local search.
        #[arg(long, default_value_t = 2000)]
        iterations: usize,
        /// First step of the local search in points (halved down to 1).
        #[arg(long, default_value_t = 8)]
        step: i32,
        /// At most this many passes of the local search over the weights.
        #[arg(long, default_value_t = 10)]
        passes: usize,
        /// Threads for the error sums.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Ridge penalty per squared point a weight moves (gradient descent).
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Share of the positions (the last ones) held out of the fit to
        /// measure it on.
        #[arg(long, default_value_t = 0.1)]
        holdout: f64,
        /// Weights held fixed, by name prefix (repeatable). By default the
        /// tempo and the root tables' weight, which labels at the sample's
        /// own root overrate.
        #[arg(long, default_values_t = ["tempo".to_string(), "placement".to_string()])]
        freeze: Vec<String>,
        /// Use only the first N positions.
        #[arg(long)]
        limit: Option<usize>,
        /// No progress line on stderr (it only ever appears on a terminal,
        /// on runs longer than two seconds).
        #[arg(long)]
        quiet: bool,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// perft(6) of the start position and perft(5) of Kiwipete.
    Perft,
}

/// Writes a report to stdout. A reader that closed the pipe early
/// (`turbochess perft 6 | head`) has what it wanted: not a panic.
fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None | Some(Command::Uci) => {
            uci::run_stdio();
            ExitCode::SUCCESS
        }
        Some(Command::Play(args)) => protocols::console::cli::play(args),
        Some(Command::Mate(args)) => protocols::console::cli::mate(args),
        Some(Command::Book(args)) => protocols::console::cli::book(args),
        Some(Command::Perft { depth, fen }) => {
            match chess_perft::perft_command(depth, fen.as_deref()) {
                Ok((report, note)) => {
                    if let Some(note) = note {
                        eprintln!("turbochess: {note}");
                    }
                    emit(&report);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("turbochess: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Bench {
            what: Some(Bench::Perft),
            ..
        }) => match chess_perft::bench_perft(None) {
            Ok(report) => {
                emit(&report);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("turbochess: bench failed: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Bench { what: None, depth }) => {
            if !(1..=64).contains(&depth) {
                eprintln!("turbochess: expected --depth 1..=64, got {depth}");
                return ExitCode::from(2);
            }
            emit(&bench_report(depth));
            ExitCode::SUCCESS
        }
        Some(Command::Tune {
            file,
            iterations,
            step,
            passes,
            threads,
            l2,
            holdout,
            freeze,
            limit,
            quiet,
        }) => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("turbochess: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            let args = protocols::chess_tune::TuneArgs {
                iterations,
                first_step: step,
                max_passes: passes,
                threads: threads.max(1),
                l2,
                holdout,
                frozen: freeze,
                limit,
            };
            let mut progress = protocols::progress::Progress::stderr("iterations", None, quiet);
            match protocols::chess_tune::run_with_progress(
                &text,
                &args,
                &mut std::io::stdout().lock(),
                &mut progress,
            ) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Some(Command::Eval { fen, piece }) => {
            let board = match fen.as_deref().map(Board::from_fen) {
                None => Board::startpos(),
                Some(Ok(b)) => b,
                Some(Err(e)) => {
                    eprintln!("turbochess: {e}");
                    return ExitCode::from(2);
                }
            };
            let piece = match piece.as_deref().map(parse_piece) {
                None => None,
                Some(Some(p)) => Some(p),
                Some(None) => {
                    eprintln!(
                        "turbochess: expected --piece with one piece letter (PNBRQK white, pnbrqk black)"
                    );
                    return ExitCode::from(2);
                }
            };
            emit(&eval_report(&board, piece));
            ExitCode::SUCCESS
        }
    }
}
