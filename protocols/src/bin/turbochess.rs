//! `turbochess`: the Turbo Chess engine's command line.

use clap::{Parser, Subcommand};
use protocols::chess_perft;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "turbochess",
    about = "Turbo Chess: rules core, perft and benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree: divide lines, then the total.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position to count from (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Benchmarks with fixed positions and known node counts.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// perft(6) of the start position and perft(5) of Kiwipete.
    Perft,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { depth, fen } => match chess_perft::perft_command(depth, fen.as_deref()) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("turbochess: {e}");
                ExitCode::from(2)
            }
        },
        Command::Bench { what: Bench::Perft } => match chess_perft::bench_perft(None) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("turbochess: bench failed: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
