//! Pattern codes: known shapes on a board, and the codes against the
//! rule-aware shape reader (`Board::shape`) on random freestyle positions.
//! (The incremental codes against their recompute are checked with the
//! rest of the board's tables in `gomoku_core.rs`.)

use engine::gomoku::codes::{
    B4, C_BLOCK3, C_BLOCK4, C_BLOCK4_FLEX3, C_FIVE, C_FLEX3, C_FLEX3_2X, C_FLEX4, F3, F4,
};
use engine::gomoku::{Board, Color, Point, Rule};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn p(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

#[test]
fn known_shapes_on_a_board_classify_right() {
    let b = Board::from_diagram(
        "...............
         ...............
         ..XXX..........
         ...............
         ....X.X........
         .....X.........
         ......X........
         ...............
         ..........O....
         ..........XXX.O
         ...........X...
         ...........X...
         ...............
         ...............
         ...............",
        Rule::FREESTYLE,
    )
    .unwrap();
    let c = b.codes();
    let x = Color::Black;
    // The open three on row 2: its ends make an open four.
    assert_eq!(c.shape(1, 2, x, 0), F4);
    assert_eq!(c.shape(5, 2, x, 0), F4);
    assert_eq!(c.class(5, 2, x), C_FLEX4);
    // One further out: a four with one completion point.
    assert_eq!(c.shape(6, 2, x, 0), B4);
    // (The diagonal to 4,4 adds a two: a four plus.)
    assert!((C_BLOCK4..C_BLOCK4_FLEX3).contains(&c.class(6, 2, x)));
    // The broken diagonal 4,4 5,5 6,6 (with 7,7 empty): 3,3 and 7,7 make fours.
    assert_eq!(c.shape(7, 7, x, 1), F4);
    // Row 9: the three is capped on the right at 14,9 (13,9 empty), so
    // 13,9 makes a four and 9,9 an open four; 11,9 is taken.
    assert_eq!(c.shape(13, 9, x, 0), B4);
    assert_eq!(c.shape(9, 9, x, 0), F4);
    // 11,12 extends the column 11,9..11,11 to an open four (11,8 and
    // 11,13 are empty).
    assert_eq!(c.shape(11, 12, x, 2), F4);
    // White has a lone stone at 10,8: nothing beyond twos around it.
    assert!(c.class(10, 7, Color::White) < C_BLOCK3);
    // An occupied point has no class.
    assert_eq!(c.class(2, 2, x), 0);
    assert_eq!(c.value(2, 2, x), 0);
}

#[test]
fn four_three_and_double_three_points_are_recognised() {
    let b = Board::from_diagram(
        "...........
         ...........
         ..XXX......
         .....X.....
         .....X.....
         ...........
         ...........
         .X.........
         .X.........
         ...........
         ...........",
        Rule::FREESTYLE,
    )
    .unwrap();
    let c = b.codes();
    let x = Color::Black;
    // 5,2: the row three becomes an open four, the column 5,3 5,4 a three.
    assert_eq!(c.shape(5, 2, x, 0), F4);
    assert_eq!(c.shape(5, 2, x, 2), F3);
    assert_eq!(c.class(5, 2, x), C_FLEX4);
    // 5,5 extends the column to an open three only.
    assert_eq!(c.shape(5, 5, x, 2), F3);
    // (With 2,2 on its diagonal: an open three plus a two.)
    assert!((C_FLEX3..C_FLEX3_2X).contains(&c.class(5, 5, x)));
    // 1,6 and 1,9 make open threes on column 1.
    assert_eq!(c.class(1, 6, x), C_FLEX3);
    assert_eq!(c.class(1, 9, x), C_FLEX3);
    // 1,2 extends the row three to an open four (0,2 and 5,2 empty).
    assert_eq!(c.shape(1, 2, x, 0), F4);

    let b = Board::from_diagram(
        ".........
         .........
         ..XX.....
         ....XX...
         .........
         ....X....
         .........
         .........
         .........",
        Rule::FREESTYLE,
    )
    .unwrap();
    let c = b.codes();
    // 4,2 makes an open three on row 2 and one on column 4 (4,3 4,5 with
    // 4,4 empty between): a double three.
    assert_eq!(c.shape(4, 2, x, 0), F3);
    assert_eq!(c.shape(4, 2, x, 2), F3);
    assert_eq!(c.class(4, 2, x), C_FLEX3_2X);
    // 6,3 extends row 3 (4,3 5,3) to an open three.
    assert_eq!(c.shape(6, 3, x, 0), F3);
}

/// Under freestyle the codes and the shape reader must agree on fives,
/// fours and unstoppable fours at every empty point.
#[test]
fn codes_agree_with_the_shape_reader_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    for _ in 0..60 {
        let mut b = Board::new(15, 15, Rule::FREESTYLE).unwrap();
        let stones = rng.random_range(10..70);
        let mut colour = Color::Black;
        for _ in 0..stones {
            // Stones near the centre so that lines form.
            let q = p(rng.random_range(3..12), rng.random_range(3..12));
            if b.is_empty(q) {
                b.make(q, colour);
                colour = colour.opponent();
            }
        }
        for q in b.points().collect::<Vec<_>>() {
            if !b.is_empty(q) {
                continue;
            }
            for c in [Color::Black, Color::White] {
                // The shape reader counts an old four's completion point
                // among a new four's: compare where c has no four yet.
                if !b.five_points(c).is_empty() {
                    continue;
                }
                let class = b.codes().class(q.x, q.y, c);
                let shape = b.shape(q, c, false);
                assert_eq!(class == C_FIVE, shape.five, "{q} {c:?}\n{b}");
                if shape.five {
                    continue;
                }
                let four_dirs = (0..4)
                    .filter(|&d| matches!(b.codes().shape(q.x, q.y, c, d), B4 | F4))
                    .count();
                assert_eq!(four_dirs > 0, shape.fours > 0, "{q} {c:?}\n{b}");
                assert_eq!(
                    class == C_FLEX4,
                    shape.winning_four(),
                    "{q} {c:?} class {class}\n{b}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000);
}
