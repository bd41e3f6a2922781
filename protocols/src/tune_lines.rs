//! The labelled-position files both tuners read (`turbochess tune`,
//! `pbrain-turbo tune`): one sample a line, blank lines ignored, lines
//! that do not parse counted and skipped rather than failing the run.

/// Parses the samples of `text` with `parse_line`, at most `limit` of
/// them (the first ones); returns them and the number of lines skipped.
pub fn parse_lines<T>(
    text: &str,
    limit: Option<usize>,
    parse_line: impl Fn(&str) -> Option<T>,
) -> (Vec<T>, usize) {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if limit.is_some_and(|n| samples.len() >= n) {
            break;
        }
        match parse_line(line) {
            Some(s) => samples.push(s),
            None => skipped += 1,
        }
    }
    (samples, skipped)
}
