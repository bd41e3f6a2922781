//! PBN lexing: games separated by semi-empty lines, `%` lines skipped,
//! comments dropped, tag pairs, words (calls, cards, `-`, `*`, `+`, `AP`)
//! and note references; suffixes, NAGs and irregularity marks are dropped.

use super::PbnError;

/// A lexical token of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Tag(String, String),
    Word(String),
    Note(u32),
}

/// One game's tokens, or the lexical error that spoiled it.
#[derive(Debug)]
pub struct RawGame {
    pub(super) tokens: Vec<Token>,
    pub(super) error: Option<PbnError>,
}

impl RawGame {
    fn new() -> RawGame {
        RawGame {
            tokens: Vec::new(),
            error: None,
        }
    }

    /// The game's `Board` tag, if it has a positive number: the name its
    /// errors are reported under, even when the game cannot be read.
    pub fn number(&self) -> Option<u32> {
        self.tokens.iter().find_map(|t| match t {
            Token::Tag(name, value) if name.eq_ignore_ascii_case("board") => {
                value.trim().parse().ok().filter(|&n| n > 0)
            }
            _ => None,
        })
    }
}

/// Splits a PBN text into games (separated by semi-empty lines outside
/// `{}` comments) and tokenizes each; `%` lines are skipped. Games
/// without any token (comments only) are dropped. Lines may end in LF,
/// CRLF or CR alone (old Mac files).
///
/// A `{` comment that never closes, or runs across a game boundary into
/// tag pairs, spoils only its own game: the text after that game (from
/// the first semi-empty line after the `{`) is read again as games, so
/// the boards it would have swallowed are read (or reported) one by one.
pub fn split_games(text: &str) -> Vec<RawGame> {
    // Windows tools may start the file with a byte-order mark.
    let text = text
        .trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    let mut games = Vec::new();
    let mut start = 0;
    while start < lines.len() {
        start = split_from(&lines, start, &mut games);
    }
    games.retain(|g| !g.tokens.is_empty() || g.error.is_some());
    games
}

/// Whether the first line after the semi-empty lines at the start of
/// `lines` opens a tag pair (`[Name "…`): the start of a game.
fn game_follows(lines: &[&str]) -> bool {
    lines
        .iter()
        .map(|l| l.trim_start())
        .find(|l| !l.is_empty())
        .is_some_and(|l| {
            let mut chars = l.chars();
            chars.next() == Some('[') && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        })
}

/// Lexes games from `lines[start..]` into `games`; returns where to go
/// on: the end, or the line after an unclosed `{`.
fn split_from(lines: &[&str], start: usize, games: &mut Vec<RawGame>) -> usize {
    let mut current = RawGame::new();
    let mut in_brace = false;
    let mut had_content = false;
    let mut opened_at = start;
    for (i, &line) in lines.iter().enumerate().skip(start) {
        if in_brace && line.trim().is_empty() && game_follows(&lines[i..]) {
            // A comment does not hold whole games: one that runs across
            // a game boundary into tag pairs is a `{` left open that would
            // swallow the games after it (whatever later `}` closes it).
            current.error.get_or_insert(PbnError::UnclosedComment);
            games.push(current);
            return i;
        }
        if !in_brace && line.starts_with('%') {
            continue;
        }
        if !in_brace && line.trim().is_empty() {
            if had_content {
                games.push(std::mem::replace(&mut current, RawGame::new()));
                had_content = false;
            }
            continue;
        }
        let (content, opened) = lex_line(line, &mut in_brace, &mut current);
        had_content |= content;
        if opened {
            opened_at = i;
        }
    }
    if in_brace {
        current.error.get_or_insert(PbnError::UnclosedComment);
        games.push(current);
        // The rest of the spoilt game goes with it: read on from the
        // first semi-empty line after the `{`.
        return (opened_at + 1..lines.len())
            .find(|&j| lines[j].trim().is_empty())
            .unwrap_or(lines.len());
    }
    if had_content {
        games.push(current);
    }
    lines.len()
}

/// Tokenizes one line into `game`; returns whether the line held anything
/// (a token or a comment: a comment-only game is later dropped) and
/// whether a `{` comment opened on it.
fn lex_line(line: &str, in_brace: &mut bool, game: &mut RawGame) -> (bool, bool) {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let mut any = false;
    let mut opened = false;
    while i < chars.len() {
        let c = chars[i];
        if *in_brace {
            if c == '}' {
                *in_brace = false;
            }
            i += 1;
            continue;
        }
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => {
                *in_brace = true;
                any = true;
                opened = true;
                i += 1;
            }
            ';' => return (true, opened),
            '[' => {
                any = true;
                match lex_tag(&chars, i) {
                    Ok((name, value, next)) => {
                        game.tokens.push(Token::Tag(name, value));
                        i = next;
                    }
                    Err(e) => {
                        game.error.get_or_insert(e);
                        return (true, opened);
                    }
                }
            }
            '=' => {
                any = true;
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '=')
                    .map(|p| i + 1 + p);
                let text: String = match end {
                    Some(e) => chars[i + 1..e].iter().collect(),
                    None => chars[i..].iter().collect(),
                };
                match (end, text.parse::<u32>()) {
                    (Some(e), Ok(n)) => {
                        game.tokens.push(Token::Note(n));
                        i = e + 1;
                    }
                    _ => {
                        game.error.get_or_insert(PbnError::Note(text));
                        return (true, opened);
                    }
                }
            }
            '$' => {
                // NAG: dropped.
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            '!' | '?' => i += 1,
            '^' => i += 2,
            _ => {
                any = true;
                let start = i;
                // A stray `]` or `}` is a one-character word (an error
                // later); everything else runs to a separator.
                i += 1;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !"[]{};=$!?".contains(chars[i])
                {
                    i += 1;
                }
                game.tokens
                    .push(Token::Word(chars[start..i].iter().collect()));
            }
        }
    }
    (any, opened)
}

/// Lexes `[Name "value"]` starting at `chars[start] == '['`; returns the
/// name, the unescaped value and the index after `]`.
fn lex_tag(chars: &[char], start: usize) -> Result<(String, String, usize), PbnError> {
    let rest: String = chars[start..].iter().collect();
    let err = || PbnError::Tag(rest.clone());
    let mut i = start + 1;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let name_start = i;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == name_start {
        return Err(err());
    }
    let name: String = chars[name_start..i].iter().collect();
    skip_ws(&mut i);
    if chars.get(i) != Some(&'"') {
        return Err(err());
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return Err(err()),
            Some('"') => break,
            Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                value.push(chars[i + 1]);
                i += 2;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_ws(&mut i);
    if chars.get(i) != Some(&']') {
        return Err(err());
    }
    Ok((name, value, i + 1))
}
