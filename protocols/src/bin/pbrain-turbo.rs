//! `pbrain-turbo`: a Gomocup (Piskvork protocol) brain on stdin/stdout.

use std::io::{self, Write};
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
}

fn main() {
    let cli = Cli::parse();
    if let Some(Sub::Bench { depth }) = cli.command {
        let result = bench::run(depth);
        for line in result.lines {
            println!("{line}");
        }
        return;
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
            return;
        }
    }
}
