//! PBN export: strict, CRLF, the mandatory tags in order, supplemental
//! tags alphabetically.

use engine::bridge::{Seat, Strain, Vulnerability};

use crate::bridge::board::{AuctionRecord, Board, ContractTag, PlayRecord};

/// Writes a points-for-North-South value as PBN: `NS 420` or `EW 420`.
fn side_score(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// The export file header.
pub const HEADER: &str = "% PBN 2.1\r\n% EXPORT\r\n";

/// Escapes a tag value for export; tabs (forbidden in export, tolerated
/// on import) become spaces.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\t', " ")
}

fn tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\r\n", escape(value)));
}

/// Writes one board in export format (no file header, no blank line):
/// CRLF line ends, the mandatory tags in order, then the sections.
pub fn write_board(b: &Board) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", &b.event);
    tag(&mut out, "Site", &b.site);
    tag(&mut out, "Date", &b.date);
    tag(
        &mut out,
        "Board",
        &b.number.map(|n| n.to_string()).unwrap_or_default(),
    );
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        let name = match seat {
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
        };
        tag(&mut out, name, &b.players[seat.index()]);
    }
    tag(
        &mut out,
        "Dealer",
        &b.dealer.map(|d| d.to_string()).unwrap_or_default(),
    );
    tag(
        &mut out,
        "Vulnerable",
        b.vulnerability.map(Vulnerability::as_pbn).unwrap_or(""),
    );
    tag(
        &mut out,
        "Deal",
        &b.deal.to_pbn(b.dealer.unwrap_or(Seat::North)),
    );
    tag(&mut out, "Scoring", &b.scoring);
    tag(
        &mut out,
        "Declarer",
        &b.declarer.map(|d| d.to_string()).unwrap_or_default(),
    );
    let contract = match b.contract {
        None => String::new(),
        Some(ContractTag::PassedOut) => "Pass".to_string(),
        Some(ContractTag::Bid(c)) => c.to_string(),
        Some(ContractTag::StrainOnly(s)) => s.to_string(),
    };
    tag(&mut out, "Contract", &contract);
    tag(
        &mut out,
        "Result",
        &b.result.map(|r| r.to_string()).unwrap_or_default(),
    );
    if let Some(rec) = &b.auction {
        write_auction(&mut out, rec);
    }
    if let Some(play) = &b.play {
        write_play(&mut out, play);
    }
    // Supplemental tags, alphabetically.
    let mut supplemental: Vec<(String, String)> = b
        .other_tags
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if let Some(t) = &b.dd_tricks {
        supplemental.push(("DoubleDummyTricks".into(), t.to_hex()));
    }
    if let Some(s) = b.optimum_score {
        supplemental.push(("OptimumScore".into(), side_score(s)));
    }
    if let Some(p) = &b.par_contract {
        supplemental.push(("ParContract".into(), p.clone()));
    }
    if let Some(s) = b.score {
        supplemental.push(("Score".into(), side_score(s)));
    }
    if b.optimum_table.is_some() {
        supplemental.push((
            "OptimumResultTable".into(),
            "Declarer;Denomination\\2R;Result\\2R".into(),
        ));
    }
    supplemental.sort();
    for (name, value) in supplemental {
        if name == "OptimumResultTable" {
            // The header holds backslashes that are table syntax, not
            // escapes: write it as is.
            out.push_str(&format!("[{name} \"{value}\"]\r\n"));
            if let Some(t) = &b.optimum_table {
                for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
                    for strain in Strain::DESCENDING {
                        out.push_str(&format!(
                            "{seat} {:>2} {:>2}\r\n",
                            strain.as_str(),
                            t.get(seat, strain)
                        ));
                    }
                }
            }
        } else {
            tag(&mut out, &name, &value);
        }
    }
    out
}

fn write_auction(out: &mut String, rec: &AuctionRecord) {
    tag(out, "Auction", &rec.auction.dealer().to_string());
    // Calls with the same text share one note: the standard numbers
    // notes 1 to 32, and `--explain` notes every call.
    let mut notes: Vec<String> = Vec::new();
    let calls = rec.auction.calls();
    for (i, call) in calls.iter().enumerate() {
        let mut token = call.to_string();
        if let Some(Some(text)) = rec.annotations.get(i) {
            let n = match notes.iter().position(|t| t == text) {
                Some(k) => k + 1,
                None => {
                    notes.push(text.clone());
                    notes.len()
                }
            };
            token.push_str(&format!(" ={n}="));
        }
        out.push_str(&token);
        out.push_str(if i % 4 == 3 || i + 1 == calls.len() {
            "\r\n"
        } else {
            " "
        });
    }
    if !rec.auction.is_complete() {
        out.push_str("*\r\n");
    }
    for (i, text) in notes.iter().enumerate() {
        tag(out, "Note", &format!("{}:{text}", i + 1));
    }
}

fn write_play(out: &mut String, play: &PlayRecord) {
    tag(out, "Play", &play.leader.to_string());
    for row in &play.tricks {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.map_or("-".to_string(), |c| c.to_string()))
            .collect();
        out.push_str(&cells.join(" "));
        out.push_str("\r\n");
    }
    let complete = play.tricks.len() == 13 && play.tricks.iter().flatten().all(Option::is_some);
    if !complete {
        out.push_str("*\r\n");
    }
}

/// Writes boards as one export file: header, games separated by an empty
/// line.
pub fn write_file(boards: &[Board]) -> String {
    let mut out = HEADER.to_string();
    for (i, b) in boards.iter().enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        out.push_str(&write_board(b));
    }
    out
}
