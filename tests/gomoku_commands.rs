//! The Gomocup command syntax: lists of valid and invalid lines, and
//! coordinates that round-trip through their text form.

use protocols::gomocup::command::{parse_board_line, parse_coord};
use protocols::gomocup::{Command, CommandError, Coord, Field, parse_command};

#[test]
fn valid_commands() {
    let cases: [(&str, Command); 16] = [
        ("START 15", Command::Start(15)),
        ("start 20", Command::Start(20)),
        ("  START   19  ", Command::Start(19)),
        ("RECTSTART 20,15", Command::RectStart(20, 15)),
        ("RESTART", Command::Restart),
        ("BEGIN", Command::Begin),
        ("TURN 7,8", Command::Turn(Coord { x: 7, y: 8 })),
        ("turn 0,0", Command::Turn(Coord { x: 0, y: 0 })),
        ("TURN 3, 4", Command::Turn(Coord { x: 3, y: 4 })),
        ("BOARD", Command::Board),
        ("SWAP2BOARD", Command::Swap2Board),
        (
            "INFO timeout_turn 1000",
            Command::Info("timeout_turn".into(), "1000".into()),
        ),
        (
            "INFO FOLDER C:\\My Brains",
            Command::Info("folder".into(), "C:\\My Brains".into()),
        ),
        ("TAKEBACK 1,2", Command::TakeBack(Coord { x: 1, y: 2 })),
        ("PLAY 3,3", Command::Play(Coord { x: 3, y: 3 })),
        ("ABOUT", Command::About),
    ];
    for (line, want) in cases {
        assert_eq!(parse_command(line), Ok(want), "{line:?}");
    }
    assert_eq!(parse_command("END"), Ok(Command::End));
}

#[test]
fn invalid_commands() {
    let unknown = ["FOO", "YXBOARD", "SUGGEST 1,1", "7,7", "STARTX 15"];
    for line in unknown {
        let e = parse_command(line).unwrap_err();
        assert!(e.is_unknown(), "{line:?} -> {e}");
    }
    let errors = [
        "START",
        "START x",
        "START -3",
        "START 1.5",
        "RECTSTART 20",
        "RECTSTART a,b",
        "TURN",
        "TURN 7",
        "TURN 7,",
        "TURN ,7",
        "TURN 7,8,9",
        "TURN -1,2",
        "TURN a,b",
        "TAKEBACK",
        "PLAY 1;2",
        "INFO",
    ];
    for line in errors {
        let e = parse_command(line).unwrap_err();
        assert!(
            !e.is_unknown(),
            "{line:?} should be a known command with a bad argument"
        );
        let text = e.to_string();
        assert!(
            text.contains("expected"),
            "{line:?}: message {text:?} names no syntax"
        );
    }
    assert!(matches!(
        parse_command("TURN 7"),
        Err(CommandError::BadCoord { .. })
    ));
}

#[test]
fn coordinates_round_trip() {
    for (x, y) in [(0, 0), (7, 7), (19, 0), (31, 31), (14, 3)] {
        let c = Coord { x, y };
        assert_eq!(parse_coord(&c.to_string()), Ok(c));
    }
    for bad in ["", "1", "1,", ",1", "1,2,3", "a,1", "1,-1", "+1,1", "1 2"] {
        assert!(parse_coord(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn board_lines_round_trip() {
    for (field, n) in [(Field::Own, 1), (Field::Opponent, 2), (Field::Dead, 3)] {
        let c = Coord { x: 4, y: 9 };
        let text = format!("{c},{field}");
        assert_eq!(text, format!("4,9,{n}"));
        assert_eq!(parse_board_line(&text), Ok((c, field)));
    }
    for bad in ["4,9", "4,9,0", "4,9,4", "4,9,x", "4,9,1,1", "DONE", ""] {
        assert!(parse_board_line(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn unknown_commands_are_echoed_briefly() {
    let long = "A".repeat(100_000);
    let e = parse_command(&long).unwrap_err();
    assert!(e.is_unknown());
    assert!(e.to_string().len() < 300);
}
