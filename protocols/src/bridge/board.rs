//! One board as the deal files record it: the deal, who dealt, the
//! vulnerability, the auction, the play, the result and the analysis tags.
//! PBN ([`super::pbn`]) and LIN ([`super::lin`]) both read into and write
//! from this record; [`Board::validate`] holds the checks they share.

use std::collections::BTreeMap;
use std::fmt;

use engine::bridge::bidding;
use engine::bridge::{
    Auction, AuctionError, Card, ContractBid, DdTable, Deal, DealError, Play, PlayError, Seat,
    Side, Strain, Trick, Vulnerability,
};

/// The PBN Contract tag: passed out, or a contract (declarer apart, in the
/// Declarer tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractTag {
    PassedOut,
    Bid(ContractBid),
    /// End positions give only the trump strain.
    StrainOnly(Strain),
}

/// The calls with their alerts and explanations: `annotations[i]` is
/// `Some` when call `i` was alerted or explained (PBN note `=n=`, LIN `!`
/// / `an`), holding the explanation text (possibly empty); `alerts[i]`
/// says whether it was alerted (LIN's `!`). PBN knows no alert but its
/// note, so a PBN note counts as one; LIN also explains calls it does not
/// alert (`mb|1C|an|3+ clubs|`, as BBO's robots do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionRecord {
    pub auction: Auction,
    pub annotations: Vec<Option<String>>,
    pub alerts: Vec<bool>,
}

impl AuctionRecord {
    pub fn new(auction: Auction) -> AuctionRecord {
        let n = auction.calls().len();
        AuctionRecord {
            auction,
            annotations: vec![None; n],
            alerts: vec![false; n],
        }
    }

    /// A record whose annotated calls are the alerted ones (PBN's view).
    pub fn with_annotations(auction: Auction, mut annotations: Vec<Option<String>>) -> Self {
        annotations.resize(auction.calls().len(), None);
        let alerts = annotations.iter().map(Option::is_some).collect();
        AuctionRecord {
            auction,
            annotations,
            alerts,
        }
    }

    /// Keeps the annotations of the calls that `auction` continues (the
    /// input's calls, then the program's): the record of the table's
    /// auction after the program has called.
    pub fn continued(&self, auction: Auction) -> AuctionRecord {
        let n = auction.calls().len();
        let mut annotations = self.annotations.clone();
        let mut alerts = self.alerts.clone();
        annotations.resize(n, None);
        alerts.resize(n, false);
        AuctionRecord {
            auction,
            annotations,
            alerts,
        }
    }

    /// Whether call `i` was alerted.
    pub fn alerted(&self, i: usize) -> bool {
        self.alerts.get(i).copied().unwrap_or(false)
    }

    /// `--explain`: gives every call that has no annotation yet the
    /// explanation of our bidding system (what the call shows, read by the
    /// same `BidSystem` the program bids with). Annotations the input
    /// brought (a player's own alerts) are kept as they were.
    pub fn explain(&mut self) {
        let explained = bidding::explain_auction(&self.auction);
        let n = self.auction.calls().len();
        self.annotations.resize(n, None);
        self.alerts.resize(n, false);
        for (i, e) in explained.into_iter().enumerate() {
            if self.annotations[i].is_none() {
                self.annotations[i] = Some(e.to_string());
                // Artificial calls are the ones a player alerts.
                self.alerts[i] = e.is_artificial();
            }
        }
    }
}

/// The play as PBN records it: one row per trick, in **seat columns**
/// starting from the opening leader (`tricks[i][k]` is the card of
/// `leader.offset(k)` in trick `i`), `None` for a card not known or not
/// played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRecord {
    pub leader: Seat,
    pub tricks: Vec<[Option<Card>; 4]>,
}

/// Why a board's parts do not fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The deal is malformed (a card twice, a hand of the wrong size).
    Deal(DealError),
    /// The hands hold different numbers of cards.
    HandSizes {
        seat: Seat,
        count: usize,
        expected: usize,
    },
    /// Call number `index` (from 1) is illegal.
    Call { index: usize, error: AuctionError },
    /// The Contract/Declarer tags disagree with the auction.
    ContractMismatch { tags: String, auction: String },
    /// A play is given but no contract says what is trumps.
    PlayWithoutContract,
    /// A card shows up twice in the play.
    CardPlayedTwice(Card),
    /// Trick `trick` (from 1): the card is illegal.
    Card { trick: usize, error: PlayError },
    /// Result outside 0..=13.
    Result(u8),
    /// The Auction section starts with another seat than the Dealer tag.
    AuctionDealer { dealer: Seat, first: Seat },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Deal(e) => write!(f, "deal: {e}"),
            BoardError::HandSizes {
                seat,
                count,
                expected,
            } => write!(
                f,
                "deal: {seat} holds {count} cards, expected {expected} like the other hands (13 for a new deal)"
            ),
            BoardError::Call { index, error } => write!(f, "auction: call {index}: {error}"),
            BoardError::ContractMismatch { tags, auction } => write!(
                f,
                "Contract/Declarer {tags} disagree with the auction, which reaches {auction}"
            ),
            BoardError::PlayWithoutContract => {
                f.write_str("play: a Play section needs a Contract (or a complete auction)")
            }
            BoardError::CardPlayedTwice(c) => write!(f, "play: {c} is played twice"),
            BoardError::Card { trick, error } => write!(f, "play: trick {trick}: {error}"),
            BoardError::Result(r) => write!(f, "Result {r}: expected 0 to 13 tricks"),
            BoardError::AuctionDealer { dealer, first } => write!(
                f,
                "auction starts with {first} but the dealer is {dealer}: expected the dealer to call first"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl From<DealError> for BoardError {
    fn from(e: DealError) -> BoardError {
        BoardError::Deal(e)
    }
}

/// A board with everything PBN and LIN can say about it. Strings that a
/// file leaves out are empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub event: String,
    pub site: String,
    pub date: String,
    pub number: Option<u32>,
    /// Player names indexed by `Seat as usize`.
    pub players: [String; 4],
    pub dealer: Option<Seat>,
    pub vulnerability: Option<Vulnerability>,
    pub deal: Deal,
    pub scoring: String,
    pub declarer: Option<Seat>,
    pub contract: Option<ContractTag>,
    /// Tricks won by declarer.
    pub result: Option<u8>,
    pub auction: Option<AuctionRecord>,
    pub play: Option<PlayRecord>,
    /// The score for North-South (PBN `Score "NS 420"`).
    pub score: Option<i32>,
    /// BridgeComposer DoubleDummyTricks.
    pub dd_tricks: Option<DdTable>,
    /// The par score for North-South (PBN `OptimumScore "NS 140"`).
    pub optimum_score: Option<i32>,
    /// The par contract(s) as written, e.g. `EW 1S+2`.
    pub par_contract: Option<String>,
    /// The OptimumResultTable rows.
    pub optimum_table: Option<DdTable>,
    /// Any other tag, kept for export (supplemental, alphabetical there).
    pub other_tags: BTreeMap<String, String>,
}

impl Board {
    /// A dealt board: deal, number, and the dealer and vulnerability of
    /// that number in the standard cycle.
    pub fn dealt(number: u32, deal: Deal) -> Board {
        Board {
            number: Some(number),
            dealer: Some(engine::bridge::board_dealer(number)),
            vulnerability: Some(engine::bridge::board_vulnerability(number)),
            deal,
            ..Board::default()
        }
    }

    /// Records an auction (as far as it went) and, once it is complete,
    /// the Contract and Declarer tags it implies.
    pub fn set_auction(&mut self, auction: Auction) {
        if auction.is_complete() {
            let contract = auction.final_contract();
            self.contract =
                Some(contract.map_or(ContractTag::PassedOut, |c| ContractTag::Bid(c.into())));
            self.declarer = contract.map(|c| c.declarer);
        }
        self.auction = Some(AuctionRecord::new(auction));
    }

    /// Records a play: the cards in PBN columns and, once the play is
    /// finished (or claimed), the Result and the Score for North-South.
    pub fn set_play(&mut self, play: &Play) {
        let cards: Vec<Card> = play.cards_played().into_iter().map(|(_, c)| c).collect();
        // A Play never holds a card twice.
        let _ = self.set_linear_play(play.opening_leader(), &cards, play.strain());
        if let Some(result) = play.result() {
            self.result = Some(result);
            let vul = self.vulnerability.unwrap_or_default();
            self.score = Some(engine::bridge::scoring::ns_score(
                self.contract().as_ref(),
                vul,
                result,
            ));
        }
    }

    /// The contract with its declarer, from the tags or else from the
    /// auction; `None` when unknown or passed out.
    pub fn contract(&self) -> Option<engine::bridge::Contract> {
        match (self.contract, self.declarer) {
            (Some(ContractTag::Bid(bid)), Some(d)) => Some(bid.with_declarer(d)),
            (Some(ContractTag::PassedOut), _) | (Some(ContractTag::StrainOnly(_)), _) => None,
            _ => self
                .auction
                .as_ref()
                .and_then(|a| a.auction.final_contract()),
        }
    }

    /// The trump strain: the contract's, or the Contract tag's alone (end
    /// positions may give only the strain).
    pub fn strain(&self) -> Option<Strain> {
        match self.contract {
            Some(ContractTag::Bid(b)) => Some(b.strain),
            Some(ContractTag::StrainOnly(s)) => Some(s),
            _ => self.contract().map(|c| c.strain),
        }
    }

    /// Whether the declaring side (or `side`) is vulnerable.
    pub fn is_vulnerable(&self, side: Side) -> bool {
        self.vulnerability.unwrap_or_default().is_vulnerable(side)
    }

    /// The play in the order the cards were played, as far as it is known:
    /// stops at the first unknown card (the next leader is then unknown).
    pub fn linear_play(&self) -> Vec<(Seat, Card)> {
        let (Some(play), Some(strain)) = (&self.play, self.strain()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut leader = play.leader;
        for row in &play.tricks {
            let mut trick = Vec::new();
            for k in 0..4 {
                let seat = leader.offset(k);
                let col = (seat.index() + 4 - play.leader.index()) % 4;
                match row[col] {
                    Some(c) => trick.push((seat, c)),
                    None => {
                        out.extend(trick);
                        return out;
                    }
                }
            }
            out.extend(trick.iter().copied());
            leader = trick_winner(&trick, strain).unwrap_or(leader);
        }
        out
    }

    /// Builds the PBN play record from cards in play order, starting with
    /// `leader`: the inverse of [`Board::linear_play`]. No cards, no
    /// record. Refuses a card given twice (legality against the hands is
    /// [`Board::validate`]'s job).
    pub fn set_linear_play(
        &mut self,
        leader: Seat,
        cards: &[Card],
        strain: Strain,
    ) -> Result<(), BoardError> {
        let mut seen = engine::bridge::Hand::EMPTY;
        for &c in cards {
            if !seen.insert(c) {
                return Err(BoardError::CardPlayedTwice(c));
            }
        }
        if cards.is_empty() {
            self.play = None;
            return Ok(());
        }
        let mut tricks = Vec::new();
        let mut lead = leader;
        for chunk in cards.chunks(4) {
            let mut row = [None; 4];
            let mut trick = Vec::new();
            for (k, &c) in chunk.iter().enumerate() {
                let seat = lead.offset(k);
                row[(seat.index() + 4 - leader.index()) % 4] = Some(c);
                trick.push((seat, c));
            }
            tricks.push(row);
            if chunk.len() == 4 {
                lead = trick_winner(&trick, strain).unwrap_or(lead);
            }
        }
        self.play = Some(PlayRecord { leader, tricks });
        Ok(())
    }

    /// Declarer's tricks when the play holds all 13 tricks (and the board
    /// is valid: call after [`Board::validate`]).
    pub fn played_result(&self) -> Option<u8> {
        let contract = self.contract()?;
        let cards = self.linear_play();
        if cards.len() != 52 {
            return None;
        }
        let mut play = Play::new(&self.deal, &contract);
        for (_, card) in cards {
            play.play(card).ok()?;
        }
        play.result()
    }

    /// The dealer: the auction's, else the Dealer tag, else the standard
    /// rotation from the board number (board 1 when there is none). Every
    /// mode reads it here, so a board has one dealer whether it is played,
    /// solved, shown or seated at a table.
    pub fn dealer_or_rotation(&self) -> Seat {
        self.auction
            .as_ref()
            .map(|a| a.auction.dealer())
            .or(self.dealer)
            .unwrap_or_else(|| engine::bridge::board_dealer(self.number.unwrap_or(1)))
    }

    /// The vulnerability: the Vulnerable tag, else the standard 16-board
    /// rotation from the board number (board 1 when there is none).
    pub fn vulnerability_or_rotation(&self) -> Vulnerability {
        self.vulnerability
            .unwrap_or_else(|| engine::bridge::board_vulnerability(self.number.unwrap_or(1)))
    }

    /// Fills in the one unknown hand when the other three hold 13 cards
    /// each (LIN files omit East; a PBN deal may say `-`).
    pub fn complete_deal(&mut self) {
        let empty: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&s| self.deal[s].is_empty())
            .collect();
        let full = Seat::ALL
            .iter()
            .filter(|&&s| self.deal[s].len() == 13)
            .count();
        if let [seat] = empty[..]
            && full == 3
        {
            self.deal.complete(seat);
        }
    }

    /// The checks every reader applies once a board is read: hands of
    /// equal size (13 unless an end position), the auction legal and in
    /// agreement with the Contract/Declarer tags, the play legal.
    pub fn validate(&self) -> Result<(), BoardError> {
        self.deal.check_partial()?;
        let known: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&s| !self.deal[s].is_empty())
            .collect();
        let position_size = known.iter().map(|&s| self.deal[s].len()).max();
        if let Some(expected) = position_size {
            // A fresh deal has 13 cards a hand; an end position has equal
            // hands. Either way every known hand has the same size.
            let expected = if self.auction.is_some() { 13 } else { expected };
            for &seat in &known {
                let count = self.deal[seat].len();
                if count != expected {
                    return Err(BoardError::HandSizes {
                        seat,
                        count,
                        expected,
                    });
                }
            }
        }
        if let Some(r) = self.result.filter(|&r| r > 13) {
            return Err(BoardError::Result(r));
        }
        if let (Some(dealer), Some(rec)) = (self.dealer, &self.auction) {
            let first = rec.auction.dealer();
            if first != dealer {
                return Err(BoardError::AuctionDealer { dealer, first });
            }
        }
        self.check_contract_tags()?;
        self.check_play()
    }

    fn check_contract_tags(&self) -> Result<(), BoardError> {
        let Some(rec) = &self.auction else {
            return Ok(());
        };
        if !rec.auction.is_complete() {
            return Ok(());
        }
        let reached = rec.auction.final_contract();
        let tags = match (self.contract, self.declarer) {
            (Some(ContractTag::PassedOut), _) => Some(None),
            (Some(ContractTag::Bid(b)), Some(d)) => Some(Some(b.with_declarer(d))),
            _ => None,
        };
        match tags {
            Some(t) if t != reached => Err(BoardError::ContractMismatch {
                tags: t.map_or("Pass".to_string(), |c| c.to_string()),
                auction: reached.map_or("Pass".to_string(), |c| c.to_string()),
            }),
            _ => Ok(()),
        }
    }

    fn check_play(&self) -> Result<(), BoardError> {
        let Some(play) = &self.play else {
            return Ok(());
        };
        let mut seen = engine::bridge::Hand::EMPTY;
        for card in play.tricks.iter().flatten().flatten() {
            if !seen.insert(*card) {
                return Err(BoardError::CardPlayedTwice(*card));
            }
        }
        if seen.is_empty() {
            return Ok(());
        }
        let Some(strain) = self.strain() else {
            return Err(BoardError::PlayWithoutContract);
        };
        // Replay through the checked play when every hand is known.
        if Seat::ALL.iter().any(|&s| self.deal[s].is_empty()) {
            return Ok(());
        }
        let declarer = self.declarer.unwrap_or(play.leader.prev());
        let mut state = Play::from_position(&self.deal, strain, declarer, play.leader);
        for (i, (_, card)) in self.linear_play().into_iter().enumerate() {
            state.play(card).map_err(|error| BoardError::Card {
                trick: i / 4 + 1,
                error,
            })?;
        }
        Ok(())
    }
}

/// The winner of a trick given in play order.
fn trick_winner(cards: &[(Seat, Card)], strain: Strain) -> Option<Seat> {
    let (leader, _) = *cards.first()?;
    let played: Vec<Card> = cards.iter().map(|&(_, c)| c).collect();
    Trick::from_cards(leader, &played)?.winner(strain)
}
