//! `pbrain-turbo`: a Gomocup (Piskvork protocol) brain on stdin/stdout.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use protocols::gomocup::input::{Signals, Thinking, spawn_reader};
use protocols::gomocup::{Brain, Level, bench};

#[derive(Parser)]
#[command(
    name = "pbrain-turbo",
    version,
    about = "Turbo Go-Moku as a Gomocup brain"
)]
struct Cli {
    /// Who plays: `turbo` (threat search and alpha-beta) or `turbo1985`
    /// (the 1985 FindMove).
    #[arg(long, default_value = "turbo")]
    level: Level,
    #[command(subcommand)]
    command: Option<Sub>,
}

#[derive(Subcommand)]
enum Sub {
    /// Search fixed positions to a fixed depth; print nodes and nodes/second.
    Bench {
        #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
        depth: u32,
    },
    /// Fit the evaluation's weights to labelled positions (lines
    /// `SIZE;MOVES;SCORE`, as the gomoku_selfplay example writes them).
    Tune {
        file: std::path::PathBuf,
        /// Gradient-descent iterations.
        #[arg(long, default_value_t = 3000)]
        iterations: usize,
        /// Ridge penalty per squared point a weight moves.
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Share of the positions (the last ones) held out of the fit to
        /// measure it on.
        #[arg(long, default_value_t = 0.1)]
        holdout: f64,
        /// Weights held fixed, by name prefix (repeatable). By default
        /// the shape and class of nothing (for both sides to move), which a
        /// shift of all the shape values (or all the class bonuses) would
        /// otherwise carry along without changing any evaluation, and the
        /// tempo, which in self-play results takes up black's advantage as
        /// well.
        #[arg(long, default_values_t = ["shape[0]", "class[0]", "wait_shape[0]", "wait_class[0]", "tempo"].map(String::from))]
        freeze: Vec<String>,
        /// Use only the first N positions.
        #[arg(long)]
        limit: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Sub::Bench { depth }) => {
            let result = bench::run(depth);
            for line in result.lines {
                println!("{line}");
            }
            return ExitCode::SUCCESS;
        }
        Some(Sub::Tune {
            file,
            iterations,
            l2,
            holdout,
            freeze,
            limit,
        }) => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("pbrain-turbo: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            let args = protocols::gomoku_tune::TuneArgs {
                iterations,
                l2,
                holdout,
                frozen: freeze,
                limit,
            };
            return match protocols::gomoku_tune::run(&text, &args, &mut io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            };
        }
        None => {}
    }
    let mut brain = Brain::new(cli.level);
    let signals = Arc::new(Signals::default());
    let lines = spawn_reader(io::BufReader::new(io::stdin()), Arc::clone(&signals));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Returning from main ends the process, the reader thread with it.
    for line in lines {
        if line.is_stop {
            signals.stop_answered();
        }
        let mut failed = false;
        let mut print = |text: String| {
            failed |= writeln!(out, "{text}").and_then(|()| out.flush()).is_err();
        };
        let reply = {
            let mut control = Thinking::new(line.received, &signals, &mut print);
            brain.handle(&line.text, &mut control)
        };
        for text in reply.lines {
            print(text);
        }
        if failed || reply.exit {
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
