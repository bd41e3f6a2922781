//! The convention card in `books/` says what the bidding code does: it is
//! the text `engine::bridge::bidding::convention_card` generates from the
//! `BidSystem`, byte for byte.

use engine::bridge::bidding::convention_card;

const REGENERATE: &str =
    "cargo run --release -p protocols --bin turbobridge -- card > books/convention-card.txt";

#[test]
fn the_committed_card_is_the_one_the_code_generates() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/books/convention-card.txt");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = convention_card();
    if committed != generated {
        let first = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "books/convention-card.txt differs from what the bidding code shows \
             (first at line {}:\n  card: {:?}\n  code: {:?}).\n\
             The bidding changed: regenerate the card with\n  {REGENERATE}\n\
             and commit it.",
            first + 1,
            committed.lines().nth(first).unwrap_or("<end>"),
            generated.lines().nth(first).unwrap_or("<end>"),
        );
    }
}
