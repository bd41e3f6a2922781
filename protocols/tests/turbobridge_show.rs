//! `turbobridge show` and `--handviewer` conversations with the built
//! binary: diagrams against golden files, the double-dummy section
//! against the tags the sample deals carry, handviewer links read back by
//! our LIN reader, and no progress line when stderr is not a terminal.

#[path = "common/turbobridge.rs"]
mod turbobridge;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use protocols::bridge::board::Board;
use protocols::bridge::{handviewer, lin, pbn};

use turbobridge::run;

fn deals(name: &str) -> String {
    let path = format!("{}/../books/deals/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn golden(name: &str) -> String {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `show` with `args` on `input` succeeds quietly; its stdout.
fn show(args: &[&str], input: &str) -> String {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    let out = run(&all, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.is_empty(), "{err}");
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Every line of a diagram fits an 80-column terminal.
fn assert_fits_80_columns(text: &str) {
    for line in text.lines().filter(|l| !l.starts_with("Handviewer ")) {
        assert!(line.chars().count() < 80, "too wide: {line:?}");
    }
}

#[test]
fn sample_deals_with_symbols_match_the_golden_diagram() {
    let text = show(&[], &deals("known-results.pbn"));
    assert_eq!(text, golden("known-results.txt"));
    assert_fits_80_columns(&text);
    // North, West/East, South: the void of board 4 and the par line.
    assert!(text.contains("Board 4               North\nDealer West           ♠ —\n"));
    assert!(text.contains("♥ —                                         ♥ 10 9 8 7 5\n"));
    assert!(text.contains("Par EW 1430 (EW 6♠=)\n"));
}

#[test]
fn sample_deals_in_ascii_match_the_golden_diagram() {
    let text = show(&["--ascii"], &deals("known-results.pbn"));
    assert_eq!(text, golden("known-results-ascii.txt"));
    assert!(text.is_ascii());
    assert!(text.contains("H -                                         H 10 9 8 7 5\n"));
    assert_fits_80_columns(&text);
}

#[test]
fn a_played_board_shows_auction_contract_score_and_tricks() {
    let text = show(&[], &deals("played.pbn"));
    assert_eq!(text, golden("played.txt"));
    assert_fits_80_columns(&text);
    // East deals: West and North get `--`; the alerted call is numbered.
    assert!(text.contains("West    North   East    South\n--      --      1♠      Pass\n"));
    assert!(text.contains("3♦(1)") && text.contains("\n(1) natural\n"));
    // 6♦ vulnerable made: 120 + 500 + 750 (engine scoring).
    assert!(text.contains("Contract 6♦ by East, 12 tricks (made), score EW 1370\n"));
    // South leads ♥2, East ruffs and wins; then leads ♦6 to West's ace.
    assert!(text.contains("  1     ♥4      ♥K      ♦2*    >♥2      0  1\n"));
    assert!(text.contains("  2     ♦A*     ♦10    >♦6      ♦3      0  2\n"));
}

#[test]
fn a_played_lin_board_with_a_claim() {
    let text = show(&["--ascii"], &deals("sample.lin"));
    assert_eq!(text, golden("sample-lin-ascii.txt"));
    assert!(text.contains("Contract 2H by South, 9 tricks (made +1), score NS 140\n"));
    assert!(text.contains("Claim: South takes 9 tricks in all\n"));
    // LIN's `!H` in an explanation is a suit.
    assert!(text.contains("(2) Jacoby transfer -- 5+ H\n"));
}

#[test]
fn a_passed_out_board() {
    let input = "[Board \"9\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
        [Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\n\
        [Auction \"S\"]\nPass Pass Pass Pass\n";
    let text = show(&["--ascii"], input);
    let tail = "\nWest    North   East    South\n\
        --      --      --      Pass\n\
        Pass    Pass    Pass\n\
        \n\
        Passed out, score 0\n";
    assert!(text.ends_with(tail), "{text}");
    assert!(text.starts_with("Board 9               North\nDealer South          S 10 5\nVul E-W"));
}

#[test]
fn dd_computes_the_table_and_par_the_sample_file_carries() {
    // The same boards without their analysis tags: `--dd` must find the
    // same tables and par (BridgeComposer's and endplay's values).
    let stripped: String = deals("known-results.pbn")
        .lines()
        .filter(|l| {
            !["[DoubleDummyTricks", "[OptimumScore", "[ParContract"]
                .iter()
                .any(|t| l.starts_with(t))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(!show(&[], &stripped).contains("Double dummy"));
    assert_eq!(show(&["--dd"], &stripped), golden("known-results.txt"));
}

#[test]
fn bad_boards_are_named_by_their_board_tag_and_fail_the_run() {
    let good = "[Board \"1\"]\n[Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\n";
    let bad = "[Board \"17\"]\n[Deal \"N:AA.. - - -\"]\n";
    let partial = "[Board \"20\"]\n[Deal \"N:AKQ... - - -\"]\n";
    let out = run(
        &["show", "--dd"],
        &format!("{good}\n{bad}\n{partial}\n{good}"),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("board 17: Deal: "), "{err}");
    assert!(
        lines[1].starts_with("board 20: --dd needs a full deal"),
        "{err}"
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.matches("Board 1 ").count(), 2, "{text}");
}

/// The boards a handviewer link holds, read back by our LIN reader.
fn board_of_link(link: &str) -> Board {
    assert!(
        link.starts_with("https://www.bridgebase.com/tools/handviewer.html?lin="),
        "{link}"
    );
    // A URL: no spaces, bars or other characters a chat program would cut.
    assert!(
        link.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~%:/?=".contains(&b)),
        "{link}"
    );
    let lin = handviewer::lin_of_link(link).expect("a percent-encoded LIN");
    lin::parse_board(&lin).unwrap_or_else(|e| panic!("{lin}: {e}"))
}

/// What the link must carry: the deal, dealer, vulnerability, auction,
/// play and result.
fn assert_same_board(back: &Board, original: &Board) {
    assert_eq!(back.deal, original.deal);
    assert_eq!(back.number, original.number);
    assert_eq!(back.dealer, original.dealer);
    assert_eq!(back.vulnerability, original.vulnerability);
    assert_eq!(
        back.auction.as_ref().map(|a| a.auction.calls().to_vec()),
        original
            .auction
            .as_ref()
            .map(|a| a.auction.calls().to_vec())
    );
    assert_eq!(back.linear_play(), original.linear_play());
    assert_eq!(back.result, original.result);
}

#[test]
fn show_puts_a_handviewer_link_under_each_diagram() {
    let input = deals("played.pbn");
    let text = show(&["--handviewer"], &input);
    let links: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("Handviewer "))
        .collect();
    assert_eq!(links.len(), 1, "{text}");
    let original = pbn::parse_board(&input).expect("sample board");
    assert_same_board(&board_of_link(links[0]), &original);
    // The diagram itself is unchanged.
    assert!(text.starts_with(&golden("played.txt")));
}

#[test]
fn convert_and_play_write_one_link_per_board() {
    let input = deals("sample.lin");
    let out = run(&["convert", "--handviewer"], &input);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "{text}");
    let original = lin::parse_board(&input).expect("sample board");
    assert_same_board(&board_of_link(text.trim_end()), &original);
    assert_eq!(original.players, board_of_link(text.trim_end()).players);

    let pbn_input = deals("known-results.pbn");
    let out = run(&["convert", "--handviewer"], &pbn_input);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let originals: Vec<Board> = pbn::parse_all(&pbn_input)
        .into_iter()
        .map(|b| b.expect("sample board"))
        .collect();
    assert_eq!(text.lines().count(), originals.len());
    for (link, original) in text.lines().zip(&originals) {
        assert_same_board(&board_of_link(link), original);
    }

    // The play mode: the link holds the board as the program played it.
    let played = run(&["--deals", "2", "--level", "heuristic"], "");
    let linked = run(
        &["--deals", "2", "--level", "heuristic", "--handviewer"],
        "",
    );
    assert!(played.status.success() && linked.status.success());
    let boards = pbn::parse_all(&String::from_utf8(played.stdout).expect("utf-8"));
    let links = String::from_utf8(linked.stdout).expect("utf-8");
    assert_eq!(links.lines().count(), 2);
    for (link, board) in links.lines().zip(boards) {
        let board = board.expect("played board");
        assert_eq!(board.linear_play().len(), 52);
        assert_same_board(&board_of_link(link), &board);
    }
}

/// Longer than the two seconds after which a run shows progress: the
/// input arrives this late, so the run lasts at least as long without
/// using the processor.
const SLOW_INPUT: Duration = Duration::from_millis(3000);

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_turbobridge"))
        .arg("show")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn turbobridge");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        std::thread::sleep(SLOW_INPUT);
        let _ = stdin.write_all(deals("known-results.pbn").as_bytes());
    }
    let out = child.wait_with_output().expect("wait for turbobridge");
    assert!(start.elapsed() >= SLOW_INPUT);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        golden("known-results.txt")
    );
    assert!(
        out.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `command` (a shell line) with a pseudo-terminal as stdin, stdout
/// and stderr, through util-linux `script`; `None` where it is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    let out = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    assert!(out.status.success(), "{command}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn progress_shows_on_a_terminal_unless_quiet() {
    let input = format!(
        "{}/../books/deals/known-results.pbn",
        env!("CARGO_MANIFEST_DIR")
    );
    let bin = env!("CARGO_BIN_EXE_turbobridge");
    let secs = SLOW_INPUT.as_secs_f64();
    let line =
        |quiet: &str| format!("(sleep {secs}; cat '{input}') | '{bin}' show {quiet} > /dev/null");
    let Some(shown) = on_a_terminal(&line("")) else {
        eprintln!("no `script` here: the terminal case is not tested");
        return;
    };
    let quiet = on_a_terminal(&line("--quiet")).expect("script ran once");
    assert!(
        shown.contains("\rboards ") && shown.contains("/4  "),
        "{shown:?}"
    );
    assert!(shown.contains("/s") && shown.contains(" left"), "{shown:?}");
    assert!(!quiet.contains("boards"), "{quiet:?}");
}

#[test]
fn a_board_played_out_without_a_result_tag_scores_from_its_play() {
    let played = run(&["--deals", "3", "--level", "heuristic"], "");
    assert!(played.status.success());
    let full = String::from_utf8(played.stdout).expect("utf-8");
    let bare: String = full
        .lines()
        .filter(|l| !l.starts_with("[Result ") && !l.starts_with("[Score "))
        .map(|l| format!("{l}\n"))
        .collect();
    let contract_lines = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("Contract ") || l.starts_with("Passed out"))
            .map(str::to_string)
            .collect()
    };
    let with_tags = contract_lines(&show(&[], &full));
    assert_eq!(with_tags.len(), 3);
    // Seed 1 bids a contract on all three boards.
    assert!(
        with_tags
            .iter()
            .all(|l| l.starts_with("Contract ") && l.contains(" tricks (")),
        "{with_tags:?}"
    );
    assert_eq!(contract_lines(&show(&[], &bare)), with_tags);
}
