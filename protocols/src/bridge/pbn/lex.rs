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
    /// The Board tag's value, if the game has one: names a game that
    /// failed to read.
    pub fn board_tag(&self) -> Option<&str> {
        self.tokens.iter().find_map(|t| match t {
            Token::Tag(name, value) if name.eq_ignore_ascii_case("Board") => Some(value.as_str()),
            _ => None,
        })
    }
}

/// Splits a PBN text into games (separated by semi-empty lines outside
/// `{}` comments) and tokenizes each; `%` lines are skipped. Games
/// without any token (comments only) are dropped.
pub fn split_games(text: &str) -> Vec<RawGame> {
    // Windows tools may start the file with a byte-order mark.
    let text = text.trim_start_matches('\u{feff}');
    let mut games = Vec::new();
    let mut current = RawGame {
        tokens: Vec::new(),
        error: None,
    };
    let mut in_brace = false;
    let mut had_content = false;
    for line in text.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if !in_brace && line.starts_with('%') {
            continue;
        }
        if !in_brace && line.trim().is_empty() {
            if had_content {
                games.push(std::mem::replace(
                    &mut current,
                    RawGame {
                        tokens: Vec::new(),
                        error: None,
                    },
                ));
                had_content = false;
            }
            continue;
        }
        had_content |= lex_line(line, &mut in_brace, &mut current);
    }
    if in_brace && current.error.is_none() {
        current.error = Some(PbnError::UnclosedComment);
        had_content = true;
    }
    if had_content {
        games.push(current);
    }
    games.retain(|g| !g.tokens.is_empty() || g.error.is_some());
    games
}

/// Tokenizes one line into `game`; returns whether the line held anything
/// (a token or a comment: a comment-only game is later dropped).
fn lex_line(line: &str, in_brace: &mut bool, game: &mut RawGame) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let mut any = false;
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
                i += 1;
            }
            ';' => return true,
            '[' => {
                any = true;
                match lex_tag(&chars, i) {
                    Ok((name, value, next)) => {
                        game.tokens.push(Token::Tag(name, value));
                        i = next;
                    }
                    Err(e) => {
                        game.error.get_or_insert(e);
                        return true;
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
                        return true;
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
    any
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
