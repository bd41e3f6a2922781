//! `pbrain-turbo`: a Gomocup (Piskvork protocol) brain on stdin/stdout.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use clap::{Parser, Subcommand};
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
        #[arg(long, default_value_t = 6)]
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
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut line = Vec::new();
    loop {
        // Lines may end in CR, LF or CRLF: a line ends at either byte (the
        // empty line between CR and LF is ignored), so a CR alone does not
        // leave us waiting for an LF that never comes.
        let (done, used) = match input.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(buf) => match buf.iter().position(|&b| b == b'\r' || b == b'\n') {
                Some(i) => {
                    line.extend_from_slice(&buf[..i]);
                    (true, i + 1)
                }
                None => {
                    line.extend_from_slice(buf);
                    (false, buf.len())
                }
            },
        };
        input.consume(used);
        if !done {
            continue;
        }
        let received = Instant::now();
        let reply = brain.handle(&String::from_utf8_lossy(&line), received);
        line.clear();
        for l in &reply.lines {
            if writeln!(out, "{l}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
        if reply.exit {
            return;
        }
    }
    // End of input without END: finish any pending line.
    if !line.is_empty() {
        let reply = brain.handle(&String::from_utf8_lossy(&line), Instant::now());
        for l in &reply.lines {
            let _ = writeln!(out, "{l}");
        }
    }
}
