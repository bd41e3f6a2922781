//! `turbobridge`: Turbo Bridge as a text filter. Reads PBN or LIN deals on
//! stdin (the format is detected), processes them board by board and
//! writes them on stdout; a bad board is reported as `board N: <error>` on
//! stderr and skipped, and the exit status is non-zero if any board failed.
//!
//! Modes are subcommands; each supplies only the per-board work to
//! [`protocols::bridge::io::run_filter`].

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use protocols::bridge::bluechip;
use protocols::bridge::board::Board;
use protocols::bridge::filter;
use protocols::bridge::io::{self as bridge_io, Charset, EncodingWriter, Format};
use protocols::bridge::{show, solve};
use protocols::progress::Progress;

#[derive(Parser, Debug)]
#[command(
    name = "turbobridge",
    version,
    about = "Turbo Bridge: PBN/LIN deals in, boards out"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = OutFormat::Pbn, global = true)]
    format: OutFormat,

    /// One BBO handviewer link per board: in place of the board (play mode,
    /// convert, solve), or on a line under the diagram (show).
    #[arg(long, global = true)]
    handviewer: bool,

    /// Explain every call of the boards written (or shown): what it shows
    /// in our bidding system (points, suit lengths, the convention when it
    /// is artificial), as a PBN note `[Note "n:..."]` referenced by `=n=`,
    /// or a LIN `an|` explanation. Notes of the input are kept.
    #[arg(long, global = true)]
    explain: bool,

    /// No progress line on stderr (it only ever appears on a terminal, on
    /// runs longer than two seconds).
    #[arg(long, global = true)]
    quiet: bool,

    /// Options of the default mode: bid and play.
    #[command(flatten)]
    play: filter::PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Bid and play the boards (the default when no mode is given).
    Play,
    /// Read the boards and write them back (PBN export or LIN): a format
    /// check and converter.
    Convert,
    /// Fill in DoubleDummyTricks, OptimumResultTable, OptimumScore and
    /// ParContract with the double-dummy solver.
    Solve {
        /// Solver threads [default: one per core]. With more boards than
        /// threads each thread solves whole boards; otherwise the strains of
        /// a board are shared out.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Sit at a Blue Chip table manager as one seat (stdin unused).
    Client(bluechip::client::ClientArgs),
    /// Run a Blue Chip table manager for four client seats and write the
    /// played boards as PBN.
    Table(bluechip::TableArgs),
    /// A team match between two programs, each board in two rooms with the
    /// programs swapping directions: IMPs per board with a 95% interval.
    Match(bluechip::MatchArgs),
    /// Print each board as a hand diagram for people: the four hands, the
    /// auction, contract, result and score, the play trick by trick, and
    /// the double-dummy table with par when known.
    Show(show::ShowArgs),
    /// Print the convention card: what each call of our bidding system
    /// shows, generated from the bidding code (stdin unused). The card in
    /// books/ is this output: `turbobridge card > books/convention-card.txt`.
    Card,
    /// Time the double-dummy solver on the 200 fixture deals (stdin unused).
    Bench {
        /// Only the first N deals.
        #[arg(long, default_value_t = 200)]
        deals: usize,
        /// Solver threads for the tables.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Time only the tables or only the all-cards solves.
        #[arg(long, value_enum)]
        only: Option<solve::BenchPart>,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OutFormat {
    Pbn,
    Lin,
}

impl From<OutFormat> for Format {
    fn from(f: OutFormat) -> Format {
        match f {
            OutFormat::Pbn => Format::Pbn,
            OutFormat::Lin => Format::Lin,
        }
    }
}

/// `--explain` for the modes that pass boards through: every call gets
/// what it shows, unless the input already explained it.
fn explained(mut board: Board, explain: bool) -> Board {
    if explain && let Some(rec) = &mut board.auction {
        rec.explain();
    }
    board
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    cli.play.explain = cli.explain;
    if let Some(Command::Show(args)) = &mut cli.command {
        args.explain = cli.explain;
    }
    if let Some(Command::Card) = cli.command {
        // A closed pipe (`| head`) is not an error worth a panic.
        let _ = io::stdout().write_all(engine::bridge::bidding::convention_card().as_bytes());
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Bench {
        deals,
        threads,
        only,
    }) = cli.command
    {
        let fixture = solve::fixture_deals();
        let mut progress = Progress::stderr("tables", None, cli.quiet);
        let report = solve::bench_with_progress(
            &fixture[..deals.min(fixture.len())],
            threads,
            only,
            &mut progress,
        );
        // A closed pipe (`| head`) is not an error worth a panic.
        let _ = writeln!(io::stdout(), "{report}");
        return ExitCode::SUCCESS;
    }
    // The table-manager modes speak TCP, not stdin/stdout filters.
    let session = match &cli.command {
        Some(Command::Client(args)) => Some(bluechip::run_client_command(args).map(|_| ())),
        Some(Command::Table(args)) => Some(bluechip::run_table_command(
            args,
            Format::from(cli.format),
            cli.explain,
        )),
        Some(Command::Match(args)) => Some(bluechip::run_match_command(
            args,
            Format::from(cli.format),
            cli.explain,
            &mut io::stdout(),
        )),
        _ => None,
    };
    if let Some(result) = session {
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("turbobridge: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let format = if cli.handviewer {
        Format::Handviewer
    } else {
        Format::from(cli.format)
    };
    let explain = cli.explain;
    let command = cli.command.unwrap_or(Command::Play);
    // Made before stdin is read: a slow producer makes a long run too.
    let mut progress = Progress::stderr("boards", None, cli.quiet);
    // `--deals N` never touches stdin: CI runs without one.
    let input = if matches!(command, Command::Play) && cli.play.deals.is_some() {
        Ok((String::new(), Charset::Utf8))
    } else {
        // Latin-1 (PBN's character set) or UTF-8, written back the same way.
        bridge_io::read_text(io::stdin().lock())
    };
    let (text, charset) = match input {
        Ok(read) => read,
        Err(e) => {
            eprintln!("turbobridge: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Diagrams are for a terminal: UTF-8 (suit symbols) whatever was read.
    let out_charset = match command {
        Command::Show(_) => Charset::Utf8,
        _ => charset,
    };
    let stdout = EncodingWriter::new(io::stdout().lock(), out_charset);
    let stderr = EncodingWriter::new(io::stderr().lock(), charset);
    let result = match command {
        Command::Play => filter::run_with_progress(
            cli.play,
            filter::default_solver(),
            || Ok(text),
            format,
            stdout,
            stderr,
            &mut progress,
        )
        .map(|s| s.failed),
        Command::Convert => {
            bridge_io::run_filter_with(&text, format, stdout, stderr, &mut progress, |_, b| {
                Ok(explained(b, explain))
            })
            .map(|s| s.failed)
        }
        Command::Show(args) => {
            show::run(&text, &args, cli.handviewer, stdout, stderr, &mut progress).map(|s| s.failed)
        }
        Command::Solve { threads } => Ok(text)
            .and_then(|text| {
                let threads = threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
                let mut solvers = solve::solvers(threads);
                if threads > 1 && bridge_io::read_boards(&text).1.len() > threads {
                    bridge_io::run_filter_shared_with(
                        &text,
                        format,
                        stdout,
                        stderr,
                        &mut progress,
                        &mut solvers,
                        |solver, _, b| {
                            solve::solve_board(std::slice::from_mut(solver), b)
                                .map(|b| explained(b, explain))
                        },
                    )
                } else {
                    bridge_io::run_filter_with(
                        &text,
                        format,
                        stdout,
                        stderr,
                        &mut progress,
                        |_, b| solve::solve_board(&mut solvers, b).map(|b| explained(b, explain)),
                    )
                }
            })
            .map(|s| s.failed),
        Command::Bench { .. }
        | Command::Card
        | Command::Client(_)
        | Command::Table(_)
        | Command::Match(_) => Ok(0),
    };
    match result {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        // The reader went away (e.g. `| head`): nothing left to report.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("turbobridge: {e}");
            ExitCode::FAILURE
        }
    }
}
