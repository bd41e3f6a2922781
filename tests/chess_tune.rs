//! `turbochess tune` as a user runs it on a file of labelled positions:
//! bad lines are counted and skipped, the fit lowers the error, and the
//! result comes out as Rust source to paste over `LEAF_WEIGHTS`.

use protocols::chess_tune::{TuneArgs, parse_samples, run};

/// Positions where one side has an extra piece or a far-advanced passed
/// pawn, labelled as a stronger program would (one with the root its tables
/// come from), plus lines a user's file may hold by mistake.
const LABELS: &str = "\
r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4;30;0.55
r1bqkb1r/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5;310;0.93
r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5;-290;0.08
6k1/5ppp/8/1P6/8/8/5PPP/6K1 w - - 0 1;180;0.80
6k1/5ppp/1P6/8/8/8/5PPP/6K1 w - - 0 1;450;0.97
6k1/1p3ppp/8/8/8/8/5PPP/6K1 w - - 0 1;-170;0.20
8/5pk1/6p1/1P6/P7/6P1/5PK1/8 w - - 0 1;260;0.88
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10;20;0.53
6k1/5ppp/1P6/8/8/8/5PPP/6K1 b - - 0 1;440;0.96;6k1/5ppp/8/8/1P6/8/5PPP/6K1 w - - 0 1
6k1/5ppp/1P6/8/8/8/5PPP/6K1 b - - 0 1;440;0.96;not a root
not a fen;0;0.5
6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1;0;1.7
6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1
";

#[test]
fn bad_lines_are_counted_and_skipped() {
    let (samples, skipped) = parse_samples(LABELS, None);
    assert_eq!(samples.len(), 9);
    assert_eq!(skipped, 4);
    let (samples, _) = parse_samples(LABELS, Some(3));
    assert_eq!(samples.len(), 3);
}

#[test]
fn tuning_lowers_the_error_and_prints_rust() {
    let args = TuneArgs {
        iterations: 300,
        first_step: 4,
        max_passes: 2,
        threads: 2,
        l2: 0.0,
        holdout: 0.0,
        frozen: vec!["tempo".into(), "placement".into()],
        limit: None,
    };
    let mut out = Vec::new();
    run(LABELS, &args, &mut out).expect("writes to a buffer");
    let text = String::from_utf8(out).expect("UTF-8 report");
    assert!(
        text.contains("samples 9 fitted, 0 held out (skipped 4 lines)"),
        "{text}"
    );
    let final_line = text
        .lines()
        .find(|l| l.starts_with("final error"))
        .expect("a final line");
    let numbers: Vec<f64> = final_line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|t| t.parse().ok())
        .collect();
    let (end, start) = (numbers[0], numbers[1]);
    assert!(end < start, "{final_line}");
    // Frozen weights stay where they are; the leaf weights come out whole.
    let frozen = format!(
        "// tempo {}; root tables at 100% of the handbook's",
        engine::chess::eval::TEMPO
    );
    assert!(text.contains(&frozen), "{text}");
    let source = &text[text.find("pub const LEAF_WEIGHTS").expect("Rust source")..];
    for field in ["mobility:", "material_taper:", "square: ["] {
        assert!(source.contains(field), "{field} missing");
    }
    assert!(source.trim_end().ends_with("};"));
}

/// What `tune` prints for the current weights is, line for line, the
/// initialiser in `leaf.rs`: a fit's output pastes over it as it stands.
#[test]
fn printed_weights_match_the_source_layout() {
    let printed =
        protocols::chess_tune::rust_source(&engine::chess::eval::tune::Weights::current());
    let source = include_str!("../engine/src/chess/eval/leaf.rs");
    let initialiser = &printed[printed.find("#[rustfmt::skip]").expect("attribute")..];
    assert!(source.contains(initialiser), "{initialiser}");
}
