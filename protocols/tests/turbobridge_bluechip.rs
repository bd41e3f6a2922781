//! `turbobridge table`, `client` and `match` over loopback TCP: whole
//! boards with four client processes, a seat that breaks the rules, seats
//! and managers that vanish or talk nonsense. Every wait is bounded; ports
//! are ephemeral so the tests run in parallel.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use engine::bridge::{Call, Card, Contract, Deal, Doubling, Play, Seat, Strain};
use protocols::bridge::bluechip::{Message, Whose};

const BIN: &str = env!("CARGO_BIN_EXE_turbobridge");
const LIMIT: Duration = Duration::from_secs(60);

/// Two boards (numbers 1 and 2: dealers North and East).
const DEALS: &str = "[Board \"1\"]\n[Deal \"N:AT632.K52.QJ74.3 K54.J83.86.KQ962 QJ8.Q9764.KT.AJT 97.AT.A9532.8754\"]\n\n\
[Board \"2\"]\n[Deal \"N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9\"]\n";

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("turbobridge-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write temp file");
    path
}

/// Waits for a child at most `LIMIT`; a child still running then is
/// killed and the test fails (nothing may hang).
fn finish(mut child: Child, what: &str) -> Output {
    let start = Instant::now();
    loop {
        match child.try_wait().expect("try_wait") {
            Some(_) => return child.wait_with_output().expect("output"),
            None if start.elapsed() > LIMIT => {
                let _ = child.kill();
                let out = child.wait_with_output().expect("output");
                panic!(
                    "{what} hung; stderr: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    }
}

/// Starts `turbobridge table` with `args`; returns it, its port and its
/// stderr reader (positioned after the `listening on` line).
fn start_table(args: &[&str]) -> (Child, u16, BufReader<std::process::ChildStderr>) {
    let mut table = Command::new(BIN)
        .arg("table")
        .args(if args.contains(&"--timeout") {
            &[][..]
        } else {
            &["--timeout", "20"][..]
        })
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start table");
    let mut err = BufReader::new(table.stderr.take().expect("stderr"));
    let mut line = String::new();
    err.read_line(&mut line).expect("table's first line");
    let port = line
        .trim()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    (table, port, err)
}

fn client(port: u16, seat: &str, extra: &[&str]) -> Child {
    Command::new(BIN)
        .args(["client", "--port", &port.to_string(), "--seat", seat])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start client")
}

fn rest(mut err: BufReader<std::process::ChildStderr>) -> String {
    let mut s = String::new();
    let _ = err.read_to_string(&mut s);
    s
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Plays the deal file at a table with four clients; returns the table's
/// PBN.
fn table_session(deals: &std::path::Path, client_args: &[&str]) -> String {
    table_session_with(deals, &[], client_args)
}

/// [`table_session`] with more options for the table.
fn table_session_with(
    deals: &std::path::Path,
    table_args: &[&str],
    client_args: &[&str],
) -> String {
    let deals_arg = ["--deals", deals.to_str().expect("path")];
    let (table, port, err) = start_table(&[&deals_arg[..], table_args].concat());
    let clients: Vec<Child> = ["N", "E", "S", "W"]
        .iter()
        .map(|&s| {
            let verbose: &[&str] = if s == "S" { &["--verbose"] } else { &[] };
            client(port, s, &[client_args, verbose].concat())
        })
        .collect();
    for (c, s) in clients.into_iter().zip(["N", "E", "S", "W"]) {
        let out = finish(c, "client");
        let log = stderr(&out);
        assert!(out.status.success(), "client {s}: {log}");
        if s == "S" {
            // The transcript of the session, both directions.
            for line in [
                "-> Connecting \"turbobridge\" as South using protocol version 18",
                "<- South (\"turbobridge\") seated",
                "<- Board number 1. Dealer North. Neither vulnerable.",
                "<- South's cards : S Q J 8. H Q 9 7 6 4. D K T. C A J T.",
                "-> South ready for dummy",
                "<- End of session",
            ] {
                assert!(log.lines().any(|l| l == line), "{line:?} not in {log}");
            }
        } else {
            assert!(log.is_empty(), "client {s}: {log}");
        }
    }
    let out = finish(table, "table");
    let log = rest(err);
    assert!(out.status.success(), "table: {log}");
    stdout(&out)
}

fn filter(deals: &std::path::Path, args: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(args)
        .stdin(std::fs::File::open(deals).expect("deals"))
        .output()
        .expect("run filter");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

/// Four programs that each see only their own seat play the cards the
/// filter plays seeing the whole deal: the seats sample the hidden hands
/// from the same unseen cards with the same per-card generator, so the
/// boards come out byte for byte the same (both levels of play).
#[test]
fn four_clients_at_the_table_play_what_the_filter_plays() {
    let deals = temp_file("deals.pbn", DEALS);
    for level in [
        &["--level", "heuristic"][..],
        &[
            "--level",
            "montecarlo",
            "--samples",
            "3",
            "--time-per-board",
            "none",
        ][..],
    ] {
        let at_table = table_session(&deals, level);
        let by_filter = filter(&deals, level);
        assert!(at_table.contains("[Play "), "{at_table}");
        assert!(at_table.contains("[Result "), "{at_table}");
        assert!(at_table.contains("[Score "), "{at_table}");
        assert_eq!(at_table, by_filter, "level {level:?}");
    }
    let _ = std::fs::remove_file(deals);
}

/// `--explain` at the table writes the notes the filter writes: every call
/// of the played boards explained.
#[test]
fn the_table_explains_the_calls_like_the_filter() {
    let deals = temp_file("explain.pbn", DEALS);
    let level = ["--level", "heuristic"];
    let at_table = table_session_with(&deals, &["--explain"], &level);
    let by_filter = filter(&deals, &["--explain", "--level", "heuristic"]);
    assert!(at_table.contains("[Note \"1:"), "{at_table}");
    assert_eq!(at_table, by_filter);
    let _ = std::fs::remove_file(deals);
}

// ------------------------------------------------------ scripted seats

/// A seat played by the test itself over a raw socket.
struct Script {
    seat: Seat,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    leads: Vec<Whose>,
}

impl Script {
    fn connect(port: u16, seat: Seat) -> Script {
        let writer = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        writer
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        let reader = BufReader::new(writer.try_clone().expect("clone"));
        let mut s = Script {
            seat,
            reader,
            writer,
            leads: Vec::new(),
        };
        s.send(&Message::Connecting {
            team: "script".into(),
            seat: Some(seat),
            version: 18,
        });
        s
    }

    fn send(&mut self, m: &Message) {
        write!(self.writer, "{m}\r\n").expect("send");
    }

    fn send_text(&mut self, text: &str) {
        write!(self.writer, "{text}\r\n").expect("send");
    }

    /// The next message; `… to lead` is noted in `leads` and skipped.
    fn recv(&mut self) -> Message {
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).expect("a line in time");
            match line.parse() {
                Ok(Message::ToLead(w)) => self.leads.push(w),
                Ok(m) => return m,
                Err(e) => panic!("{:?}: {e}", self.seat),
            }
        }
    }

    /// Up to the seat's cards.
    fn start_board(&mut self) {
        let me = self.seat;
        assert!(matches!(self.recv(), Message::Seated { .. }));
        self.send(&Message::ReadyForTeams(me));
        assert!(matches!(self.recv(), Message::Teams { .. }));
        self.send(&Message::ReadyToStart(me));
        assert_eq!(self.recv(), Message::StartOfBoard);
        self.send(&Message::ReadyForDeal(me));
        assert!(matches!(self.recv(), Message::BoardInfo { .. }));
        self.send(&Message::ReadyForCards(me));
        assert!(matches!(self.recv(), Message::Cards { .. }));
    }
}

/// North opens 1C, all pass; every card is the lowest legal one. West
/// first tries an insufficient 1C and East first leads a card it does not
/// hold: the table refuses both and the board goes on.
fn scripted_seat(port: u16, seat: Seat, deal: Deal) -> Vec<String> {
    let mut s = Script::connect(port, seat);
    s.start_board();
    let mut notes = Vec::new();
    let calls = [
        Call::bid(1, Strain::Clubs).expect("1C"),
        Call::Pass,
        Call::Pass,
        Call::Pass,
    ];
    for (i, &call) in calls.iter().enumerate() {
        let caller = Seat::North.offset(i);
        if caller == seat {
            if seat == Seat::West {
                s.send_text("West bids 1C");
                assert_eq!(s.recv(), Message::IllegalBid);
                notes.push("illegal bid refused".to_string());
            }
            s.send(&Message::Call {
                seat,
                call,
                alert: None,
            });
        } else {
            s.send(&Message::ReadyForCall { seat, from: caller });
            let m = s.recv();
            assert_eq!(
                m,
                Message::Call {
                    seat: caller,
                    call,
                    alert: None
                }
            );
        }
    }
    let contract = Contract::new(1, Strain::Clubs, Doubling::Undoubled, Seat::North).expect("1C");
    let dummy = contract.dummy();
    let mut play = Play::new(&deal, &contract);
    while !play.is_finished() {
        let k = play.cards_played().len();
        if k == 1 && seat != dummy {
            s.send(&Message::ReadyForDummy(seat));
            let m = s.recv();
            assert!(
                matches!(
                    m,
                    Message::Cards {
                        whose: Whose::Dummy,
                        ..
                    }
                ),
                "{m:?}"
            );
        }
        let next = play.next_seat();
        let chooser = if next == dummy {
            contract.declarer
        } else {
            next
        };
        if chooser == seat {
            let card: Card = play.legal_cards().iter().next().expect("a card");
            if seat == Seat::East && k == 0 {
                let foreign = deal[Seat::North].iter().next().expect("north's card");
                s.send(&Message::Plays {
                    seat,
                    card: foreign,
                });
                assert_eq!(s.recv(), Message::IllegalCard);
                notes.push("illegal card refused".to_string());
            }
            s.send(&Message::Plays { seat: next, card });
            play.play(card).expect("legal");
        } else {
            let from = if next == dummy {
                Whose::Dummy
            } else {
                Whose::Seat(next)
            };
            s.send(&Message::ReadyForCard {
                seat,
                from,
                trick: (k / 4 + 1) as u8,
            });
            match s.recv() {
                Message::Plays { seat: who, card } => {
                    assert_eq!(who, next);
                    play.play(card).expect("the table relays legal cards");
                }
                m => panic!("{seat:?} expected a card, got {m:?}"),
            }
        }
    }
    assert_eq!(s.recv(), Message::EndOfSession);
    // The seat that chose each lead was told `<seat> to lead` (declarer
    // `Dummy to lead`) first.
    let expected: Vec<Whose> = std::iter::once(contract.opening_leader())
        .chain(
            play.tricks()
                .iter()
                .take(12)
                .filter_map(|t| t.winner(contract.strain)),
        )
        .filter(|&l| {
            if l == dummy {
                contract.declarer == seat
            } else {
                l == seat
            }
        })
        .map(|l| {
            if l == dummy {
                Whose::Dummy
            } else {
                Whose::Seat(l)
            }
        })
        .collect();
    assert_eq!(s.leads, expected, "{seat:?}");
    notes
}

#[test]
fn illegal_calls_and_cards_are_refused_and_the_board_goes_on() {
    let deals = temp_file("one.pbn", DEALS.split("\n\n").next().expect("board 1"));
    let deal: Deal = "N:AT632.K52.QJ74.3 K54.J83.86.KQ962 QJ8.Q9764.KT.AJT 97.AT.A9532.8754"
        .parse()
        .expect("deal");
    let (table, port, err) = start_table(&["--deals", deals.to_str().expect("path")]);
    let seats: Vec<_> = Seat::ALL
        .into_iter()
        .map(|seat| std::thread::spawn(move || scripted_seat(port, seat, deal)))
        .collect();
    let notes: Vec<String> = seats
        .into_iter()
        .flat_map(|h| h.join().expect("scripted seat"))
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    let out = finish(table, "table");
    let log = rest(err);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("West: illegal call refused"), "{log}");
    assert!(log.contains("East: illegal card refused"), "{log}");
    let pbn = stdout(&out);
    assert!(pbn.contains("[Contract \"1C\"]"), "{pbn}");
    assert!(pbn.contains("[Declarer \"N\"]"), "{pbn}");
    assert!(pbn.contains("[Result \""), "{pbn}");
    let _ = std::fs::remove_file(deals);
}

#[test]
fn a_seat_that_vanishes_mid_board_ends_the_table_and_its_clients() {
    let (table, port, err) = start_table(&["--boards", "1", "--seed", "4"]);
    let clients: Vec<Child> = ["N", "E", "W"]
        .iter()
        .map(|s| client(port, s, &["--level", "heuristic"]))
        .collect();
    let mut south = Script::connect(port, Seat::South);
    south.start_board();
    drop(south);
    let out = finish(table, "table");
    let log = rest(err);
    assert!(!out.status.success());
    assert!(log.contains("board 1: South disconnected"), "{log}");
    for c in clients {
        let out = finish(c, "client");
        assert!(!out.status.success());
        assert!(
            stderr(&out).contains("manager disconnected"),
            "{}",
            stderr(&out)
        );
    }
}

/// A fake manager: seats the client, then says `then` (or hangs up).
fn client_against(then: Option<&str>) -> Output {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let child = client(port, "E", &["--level", "heuristic"]);
    let (stream, _) = listener.accept().expect("client connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer = stream;
    let mut line = String::new();
    reader.read_line(&mut line).expect("connect line");
    assert_eq!(
        line.trim_end(),
        "Connecting \"turbobridge\" as East using protocol version 18"
    );
    write!(writer, "East (\"turbobridge\") seated\r\n").expect("seat");
    line.clear();
    reader.read_line(&mut line).expect("ready for teams");
    if let Some(text) = then {
        write!(writer, "{text}\r\n").expect("send");
    }
    drop(writer);
    drop(reader);
    finish(child, "client")
}

#[test]
fn a_client_stops_cleanly_on_nonsense_or_a_vanished_manager() {
    let out = client_against(Some("Teams are overrated"));
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("\"Teams are overrated\""), "{err}");
    assert_eq!(err.lines().count(), 1, "one clear line: {err}");
    let out = client_against(None);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("manager disconnected"),
        "{}",
        stderr(&out)
    );
}

/// The program sits in a folder with a blank in its name, quoted in the
/// command as a shell would take it.
#[test]
fn a_match_of_a_program_against_itself_is_level() {
    let dir = std::env::temp_dir().join(format!("turbo bridge {}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let link = dir.join("turbobridge");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(BIN, &link).expect("link to the binary");
    let program = format!("'{}' client --level heuristic", link.display());
    let out = Command::new(BIN)
        .args(["match", &program, &program, "--boards", "3", "--seed", "9"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start match");
    let out = finish(out, "match");
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert_eq!(
        text.lines().filter(|l| l.starts_with("board ")).count(),
        3,
        "{text}"
    );
    // The same deterministic program in both rooms plays every board the
    // same way from the other side: each board is tied.
    assert!(
        text.contains("3 boards: A won 0, lost 0, tied 3; A +0 IMPs"),
        "{text}"
    );
    assert!(text.contains("IMPs/board, 95% interval"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--seats` with a partial deal (`-` for the hands nobody shows): the
/// program acts from its seat's view and says what it would with the
/// whole deal.
#[test]
fn a_partial_deal_is_played_from_the_seats_view() {
    let board = |deal: &str| {
        format!("[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{deal}\"]\n[Auction \"N\"]\n1S 2C\n")
    };
    let whole = board("N:AT632.K52.QJ74.3 K54.J83.86.KQ962 QJ8.Q9764.KT.AJT 97.AT.A9532.8754");
    let partial = board("N:- - QJ8.Q9764.KT.AJT -");
    let run = |text: &str, seats: &str, extra: &[&str]| {
        let path = temp_file(&format!("partial-{}-{seats}.pbn", text.len()), text);
        let mut args = vec!["--seats", seats, "--level", "heuristic"];
        args.extend_from_slice(extra);
        let out = Command::new(BIN)
            .args(&args)
            .stdin(std::fs::File::open(&path).expect("file"))
            .output()
            .expect("run");
        let _ = std::fs::remove_file(path);
        (out.status.success(), stdout(&out), stderr(&out))
    };
    let (ok, next, err) = run(&partial, "S", &["--next"]);
    assert!(ok, "{err}");
    assert_eq!(next, run(&whole, "S", &["--next"]).1);
    // 1S (2C): five hearts and 13 HCP make a negative double.
    assert_eq!(next.trim(), "X");
    // The play mode adds South's call and stops at West's turn.
    let (ok, played, err) = run(&partial, "S", &[]);
    assert!(ok, "{err}");
    assert!(played.contains("1S 2C X"), "{played}");
    // West's hand is needed for West's call when West is one of ours.
    let (ok, _, err) = run(&partial, "SW", &["--next"]);
    assert!(ok, "{err}");
    let (ok, _, err) = run(&partial, "SW", &[]);
    assert!(!ok);
    assert!(err.contains("W's hand is unknown"), "{err}");
}

/// A seat that connects and then says nothing does not hang the table:
/// after `--timeout` seconds it stops, naming the seat.
#[test]
fn a_silent_seat_times_out() {
    let (table, port, err) = start_table(&["--boards", "1", "--timeout", "2"]);
    let clients: Vec<Child> = ["N", "E", "S"]
        .iter()
        .map(|s| client(port, s, &["--level", "heuristic"]))
        .collect();
    let silent = Script::connect(port, Seat::West);
    let out = finish(table, "table");
    drop(silent);
    let log = rest(err);
    assert!(!out.status.success());
    // On a loaded machine the clients may not even have connected in
    // time: a timeout either way, never a hang.
    assert!(
        log.contains("West sent nothing in time")
            || log.contains("timed out waiting for four seats"),
        "{log}"
    );
    for c in clients {
        let out = finish(c, "client");
        assert!(!out.status.success());
        let err = stderr(&out);
        assert!(
            err.contains("manager disconnected") || err.contains("cannot connect"),
            "{err}"
        );
    }
}

/// A program that cannot start its seats stops the match at once, with
/// the room and seat named, instead of leaving the tables to time out.
#[test]
fn a_match_with_a_broken_program_stops_at_once() {
    let good = format!("{BIN} client --level heuristic");
    let broken = format!("{BIN} client --no-such-option");
    let child = Command::new(BIN)
        .args(["match", &good, &broken, "--boards", "1", "--timeout", "50"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start match");
    let out = finish(child, "match");
    assert!(!out.status.success());
    let err = stderr(&out);
    // B sits East-West in the open room: whichever of its seats is seen
    // to exit first is named.
    assert!(
        err.contains("Open room: East's program exited")
            || err.contains("Open room: West's program exited"),
        "{err}"
    );
}
