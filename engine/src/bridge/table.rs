//! Turbo Bridge at the table (handbook ch. 7, the main loop of BRIDGE.PAS):
//! one board's auction and play, the seats the program plays, declarer
//! playing dummy, and the score.
//!
//! A [`Table`] records what happens at the table, whoever decides it: calls
//! and cards come from the front end (a file, a player, a table manager)
//! or from the program. A [`Player`] is the program: for the seat to act
//! it finds the call (`FindBid`) or the card (`FindCard`, Monte-Carlo over
//! the double-dummy solver), and plays the seats it is given until a seat
//! it does not play or the end of the board. The front end only maps its
//! records onto the table and back.
//!
//! The player decides from what the seat to act may know: its own hand,
//! dummy's once it is shown, and what the auction revealed (`View`); only
//! the cheat option looks at every hand.
//!
//! # Examples
//!
//! ```
//! use engine::bridge::play::PlayOptions;
//! use engine::bridge::table::{Player, Seats, Table};
//! use engine::bridge::{Deal, Seat, Vulnerability};
//! use engine::control::Unlimited;
//! use rand::SeedableRng;
//!
//! let deal: Deal = "N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65"
//!     .parse()
//!     .unwrap();
//! let mut table = Table::new(deal, Seat::North, Vulnerability::None).unwrap();
//! let mut player = Player::new(PlayOptions::heuristic(), None);
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! player.act_for(&mut table, Seats::ALL, &mut rng, &mut Unlimited).unwrap();
//! assert!(table.is_finished());
//! assert!(table.ns_score().is_some());
//! ```

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::auction_sim::{self, BidOptions};
use super::bidding::Bidding;
use super::dds::Solver;
use super::par::{Par, par};
use super::play::{PlayOptions, choose_card};
use super::scoring::ns_score;
use super::seat::SeatPlayer;
use super::{Call, Card, Contract, DdTable, Deal, Play, Seat, Vulnerability};
use super::{compete, placement};
use crate::control::{Control, Progress};

/// The seats the program plays (the handbook's "hands you wish to play",
/// inverted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats(pub [bool; 4]);

impl Seats {
    pub const ALL: Seats = Seats([true; 4]);
    pub const NONE: Seats = Seats([false; 4]);

    pub fn contains(self, seat: Seat) -> bool {
        self.0[seat.index()]
    }
}

/// A `Seats` text that is not a set of seat letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatsParseError(pub String);

impl fmt::Display for SeatsParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad seats {:?}: expected letters from NESW, e.g. NS or NESW",
            self.0
        )
    }
}

impl std::error::Error for SeatsParseError {}

impl std::str::FromStr for Seats {
    type Err = SeatsParseError;

    /// Seat letters in any order and case, commas and spaces ignored.
    fn from_str(s: &str) -> Result<Seats, SeatsParseError> {
        let mut seats = [false; 4];
        for c in s.chars().filter(|c| !matches!(c, ',' | ' ')) {
            let seat = Seat::from_letter(c).ok_or_else(|| SeatsParseError(s.to_string()))?;
            seats[seat.index()] = true;
        }
        Ok(Seats(seats))
    }
}

impl fmt::Display for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL.into_iter().filter(|&s| self.contains(s)) {
            write!(f, "{}", seat.letter())?;
        }
        Ok(())
    }
}

/// Why the table refused a deal, a call or a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A hand is missing cards: the table needs a full deal.
    IncompleteDeal { seat: Seat, cards: usize },
    /// The call is not legal now.
    IllegalCall { call: Call, reason: String },
    /// The card is not legal now (or the auction has not reached a
    /// contract to play).
    IllegalCard {
        seat: Seat,
        card: Card,
        reason: String,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::IncompleteDeal { seat, cards } => {
                write!(
                    f,
                    "{seat} holds {cards} cards: expected a full deal of 13 cards a hand"
                )
            }
            TableError::IllegalCall { call, reason } => write!(f, "illegal call {call}: {reason}"),
            TableError::IllegalCard { seat, card, reason } => {
                write!(f, "illegal card {card} by {seat}: {reason}")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// One decision at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Call(Call),
    Card(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Call(c) => c.fmt(f),
            Action::Card(c) => c.fmt(f),
        }
    }
}

/// One board at the table: the deal, the auction (with what each call
/// revealed) and, once the auction has a contract, the play.
#[derive(Clone, Debug)]
pub struct Table {
    deal: Deal,
    vulnerability: Vulnerability,
    bidding: Bidding,
    play: Option<(Contract, Play)>,
}

impl Table {
    /// A board about to be bid: every hand must hold 13 cards.
    pub fn new(
        deal: Deal,
        dealer: Seat,
        vulnerability: Vulnerability,
    ) -> Result<Table, TableError> {
        for seat in Seat::ALL {
            let cards = deal[seat].len();
            if cards != 13 {
                return Err(TableError::IncompleteDeal { seat, cards });
            }
        }
        Ok(Table {
            deal,
            vulnerability,
            bidding: Bidding::new(dealer).with_vulnerability(vulnerability),
            play: None,
        })
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn dealer(&self) -> Seat {
        self.bidding.auction().dealer()
    }

    pub fn vulnerability(&self) -> Vulnerability {
        self.vulnerability
    }

    /// The auction so far, with what each call revealed.
    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The contract, once the auction has ended in one.
    pub fn contract(&self) -> Option<Contract> {
        self.play.as_ref().map(|(c, _)| *c)
    }

    /// The play so far, once there is a contract.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref().map(|(_, p)| p)
    }

    /// Whether the auction has ended with four passes.
    pub fn is_passed_out(&self) -> bool {
        self.bidding.is_complete() && self.play.is_none()
    }

    /// Whether the board is over: passed out, or all 13 tricks played.
    pub fn is_finished(&self) -> bool {
        self.is_passed_out() || self.play().is_some_and(Play::is_finished)
    }

    /// The seat whose decision comes next (declarer decides for dummy), or
    /// `None` when the board is over.
    pub fn to_act(&self) -> Option<Seat> {
        if !self.bidding.is_complete() {
            return Some(self.bidding.next_seat());
        }
        let play = self.play().filter(|p| !p.is_finished())?;
        let next = play.next_seat();
        Some(if next == play.declarer().partner() {
            play.declarer()
        } else {
            next
        })
    }

    /// Records the next call; the play starts when the auction ends in a
    /// contract.
    pub fn call(&mut self, call: Call) -> Result<(), TableError> {
        self.bidding
            .push(call)
            .map_err(|e| TableError::IllegalCall {
                call,
                reason: e.to_string(),
            })?;
        if self.bidding.is_complete()
            && let Some(contract) = self.bidding.auction().final_contract()
        {
            self.play = Some((contract, Play::new(&self.deal, &contract)));
        }
        Ok(())
    }

    /// Records the next card (of the player to play, dummy's included).
    pub fn card(&mut self, card: Card) -> Result<(), TableError> {
        let seat = self
            .play()
            .map_or(self.bidding.next_seat(), Play::next_seat);
        let Some((_, play)) = self.play.as_mut() else {
            return Err(TableError::IllegalCard {
                seat,
                card,
                reason: "the auction has not ended in a contract".to_string(),
            });
        };
        play.play(card).map_err(|e| TableError::IllegalCard {
            seat,
            card,
            reason: e.to_string(),
        })
    }

    /// Declarer's tricks once all 13 are played.
    pub fn result(&self) -> Option<u8> {
        self.play().and_then(Play::result)
    }

    /// The contract and declarer's tricks of a finished board (`None` for
    /// the contract when it was passed out).
    pub fn outcome(&self) -> Option<(Option<Contract>, u8)> {
        if self.is_passed_out() {
            return Some((None, 0));
        }
        Some((self.contract(), self.result()?))
    }

    /// The duplicate score for North-South (Law 77) of a finished board.
    pub fn ns_score(&self) -> Option<i32> {
        let (contract, tricks) = self.outcome()?;
        Some(ns_score(contract.as_ref(), self.vulnerability, tricks))
    }

    /// Par of this board from its double-dummy table.
    pub fn par(&self, table: &DdTable) -> Par {
        par(table, self.dealer(), self.vulnerability)
    }
}

/// The program at the table: `FindBid` for calls, `FindCard` for cards,
/// with the double-dummy solver its Monte-Carlo play and the par score use.
pub struct Player {
    options: PlayOptions,
    solver: Option<Solver>,
    time_per_card_ms: Option<u64>,
    time_per_board_ms: Option<u64>,
    bid_options: BidOptions,
}

impl Player {
    /// A player with these card-play options; without a solver it plays by
    /// the heuristics alone and cannot work out par.
    pub fn new(options: PlayOptions, solver: Option<Solver>) -> Player {
        Player {
            options,
            solver,
            time_per_card_ms: None,
            time_per_board_ms: None,
            bid_options: BidOptions::default(),
        }
    }

    /// Bid by simulation at the contested calls (see [`auction_sim`]) and
    /// at the calls that place the contract (see [`placement`]); the
    /// default bids by the rules alone. Simulation needs the solver.
    pub fn with_bidding(mut self, options: BidOptions) -> Player {
        self.bid_options = options;
        self
    }

    /// The call of the player to act in `bidding`, holding `hand`, from
    /// that hand and the auction alone: `FindBid`, or the simulation at a
    /// contested call, then the placement simulation at a call that places
    /// the contract, then the slam decision where that call leaves us in
    /// game, then the contested game decision where it takes us to game
    /// over the opponents' bidding. `control` gives the clock of the time
    /// limit.
    pub fn choose_call(
        &mut self,
        bidding: &Bidding,
        hand: super::Hand,
        vulnerability: Vulnerability,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Call {
        let at_vulnerability;
        let bidding = if bidding.vulnerability() == vulnerability {
            bidding
        } else {
            at_vulnerability = bidding.clone().with_vulnerability(vulnerability);
            &at_vulnerability
        };
        let Some(solver) = self.solver.as_mut() else {
            return bidding.find_bid(hand);
        };
        let options = &self.bid_options;
        let rules = if options.samples > 0 {
            auction_sim::choose_call(bidding, hand, vulnerability, options, solver, control).call
        } else {
            bidding.find_bid(hand)
        };
        let placed = placement::place(
            bidding,
            hand,
            rules,
            vulnerability,
            options.placement_samples,
            options.seed,
            solver,
            control,
        )
        .call;
        let placed = placement::place_slam(
            bidding,
            hand,
            placed,
            vulnerability,
            options.slam_samples,
            options.seed,
            solver,
            control,
        )
        .call;
        compete::decide(
            bidding,
            hand,
            placed,
            vulnerability,
            options.compete_samples,
            options.seed,
            solver,
            control,
        )
        .call
    }

    /// [`Player::choose_call`] for the seat of `view` from that seat's
    /// view alone; None when it is not that seat's call.
    pub fn call_as(
        &mut self,
        view: &SeatPlayer,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Option<Call> {
        (view.next_caller() == Some(view.seat()))
            .then(|| self.choose_call(view.bidding(), view.hand(), view.vulnerability(), control))
    }

    /// Stop sampling deals for a card once this many milliseconds of the
    /// control's clock have gone on it.
    pub fn with_time_per_card(mut self, ms: Option<u64>) -> Player {
        self.time_per_card_ms = ms;
        self
    }

    /// Keep the 52 cards of a board within this many milliseconds of the
    /// control's clock: each card gets its share by the tricks still to
    /// play, squared (an early card has more to analyse and more to lose),
    /// on top of any per-card budget. The shares add up to the board's
    /// budget, so a board never takes longer whatever seats the program
    /// plays.
    pub fn with_time_per_board(mut self, ms: Option<u64>) -> Player {
        self.time_per_board_ms = ms;
        self
    }

    /// The time budget of a card with `tricks_left` tricks to play (the
    /// current one included).
    fn card_budget_ms(&self, tricks_left: usize) -> Option<u64> {
        // Four cards a trick: 4 × (1² + 2² + … + 13²).
        const BOARD_WEIGHT: u64 = 4 * 819;
        let left = tricks_left.clamp(1, 13) as u64;
        let share = self
            .time_per_board_ms
            .map(|board| (board * left * left / BOARD_WEIGHT).max(1));
        match (self.time_per_card_ms, share) {
            (Some(card), Some(share)) => Some(card.min(share)),
            (card, share) => card.or(share),
        }
    }

    /// `control` with the card's time budget from now on.
    fn card_control<'a>(
        &self,
        tricks_left: usize,
        control: &'a mut dyn Control<Progress<Card>>,
    ) -> CardBudget<'a> {
        CardBudget {
            start_ms: control.elapsed_ms(),
            budget_ms: self.card_budget_ms(tricks_left),
            inner: control,
        }
    }

    /// The call or card the program makes for the seat to act, or `None`
    /// when the board is over. `control` is asked between the sampled
    /// deals of a card.
    pub fn decide<R: Rng + ?Sized>(
        &mut self,
        table: &Table,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Option<Action> {
        let seat = table.to_act()?;
        if !table.bidding.is_complete() {
            let hand = table.deal[seat];
            return Some(Action::Call(self.choose_call(
                &table.bidding,
                hand,
                table.vulnerability,
                control,
            )));
        }
        let (contract, play) = table.play.as_ref()?;
        Some(Action::Card(self.find_card(
            &table.bidding,
            contract,
            play,
            rng,
            control,
        )))
    }

    /// Makes the calls of `seats` until the auction ends or reaches a seat
    /// the program does not play. `control` gives the clock of the
    /// simulation's time limit.
    pub fn bid_for(
        &mut self,
        table: &mut Table,
        seats: Seats,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Result<(), TableError> {
        while !table.bidding.is_complete() && seats.contains(table.bidding.next_seat()) {
            let hand = table.deal[table.bidding.next_seat()];
            let call = self.choose_call(&table.bidding, hand, table.vulnerability, control);
            table.call(call)?;
        }
        Ok(())
    }

    /// Plays the cards of `seats` (declarer's seat plays dummy) until the
    /// play ends or reaches a seat the program does not play.
    pub fn play_for<R: Rng + ?Sized>(
        &mut self,
        table: &mut Table,
        seats: Seats,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Result<(), TableError> {
        while let Some((contract, play)) = card_to_choose(table, seats) {
            let card = self.find_card(&table.bidding, contract, play, rng, control);
            table.card(card)?;
        }
        Ok(())
    }

    /// [`Player::play_for`] with a generator of its own for each card,
    /// seeded by [`card_seed`] from `board_seed` and the play so far: the
    /// cards of a board are reproducible one by one, and a change to one
    /// card's choice leaves the sampling of the cards it does not touch as
    /// it was (with one stream for the board, every later card would draw
    /// other deals, and measurements would be noisier than the change).
    pub fn play_for_seeded(
        &mut self,
        table: &mut Table,
        seats: Seats,
        board_seed: u64,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Result<(), TableError> {
        while let Some((contract, play)) = card_to_choose(table, seats) {
            let mut rng = StdRng::seed_from_u64(card_seed(board_seed, play));
            let card = self.find_card(&table.bidding, contract, play, &mut rng, control);
            table.card(card)?;
        }
        Ok(())
    }

    /// [`Player::bid_for`] then [`Player::play_for`]: the board as far as
    /// the program's seats take it.
    pub fn act_for<R: Rng + ?Sized>(
        &mut self,
        table: &mut Table,
        seats: Seats,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Result<(), TableError> {
        self.bid_for(table, seats, control)?;
        self.play_for(table, seats, rng, control)
    }

    /// `FindCard` for the seat of `view` from that seat's view alone (a
    /// seat at a table manager, or a partial deal): its hand, the auction,
    /// dummy once shown and the cards played. With the same generator it
    /// chooses the card the whole-deal [`Player::decide`] chooses. None
    /// when the next card is not that seat's to choose.
    pub fn decide_as<R: Rng + ?Sized>(
        &mut self,
        view: &SeatPlayer,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Option<Card> {
        let completed = view.cards().len() / 4;
        let mut budget = self.card_control(13 - completed.min(12), control);
        let dd = self
            .solver
            .as_mut()
            .map(|s| s as &mut dyn super::play::DoubleDummy);
        view.choose_card(&self.options, dd, rng, &mut budget)
    }

    /// The double-dummy table of a full deal, with the player's solver.
    pub fn dd_table(&mut self, deal: &Deal) -> Option<DdTable> {
        self.solver.as_mut()?.dd_table(deal).ok()
    }

    fn find_card<R: Rng + ?Sized>(
        &mut self,
        bidding: &Bidding,
        contract: &Contract,
        play: &Play,
        rng: &mut R,
        control: &mut dyn Control<Progress<Card>>,
    ) -> Card {
        let tricks_left = play.hands().hands.iter().map(|h| h.len()).max();
        let mut budget = self.card_control(tricks_left.unwrap_or(13), control);
        let dd = self
            .solver
            .as_mut()
            .map(|s| s as &mut dyn super::play::DoubleDummy);
        let legal = play.legal_cards();
        choose_card(
            play,
            bidding,
            contract.tricks_needed(),
            &self.options,
            dd,
            rng,
            &mut budget,
        )
        .map(|c| c.card)
        .filter(|&c| legal.contains(c))
        .or_else(|| legal.iter().next())
        .unwrap_or(Card::new(super::Suit::Clubs, super::Rank(2)))
    }
}

/// The contract and the play when the next card is for one of `seats` to
/// choose (declarer's seat plays dummy): the auction is over and the play
/// is not.
fn card_to_choose(table: &Table, seats: Seats) -> Option<(&Contract, &Play)> {
    if !table.bidding.is_complete() || !seats.contains(table.to_act()?) {
        return None;
    }
    table.play.as_ref().map(|(contract, play)| (contract, play))
}

/// The seed of the generator for the next card of `play`, from the
/// board's seed, the cards played so far and the seat to play: the same
/// position of the same board always samples the same deals.
pub fn card_seed(board_seed: u64, play: &Play) -> u64 {
    // SplitMix64's finaliser: every input bit moves every output bit.
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    let cards = play.cards_played();
    let start = mix(board_seed ^ 0x9e37_79b9_7f4a_7c15) ^ play.next_seat().index() as u64;
    cards
        .iter()
        .fold(mix(start ^ ((cards.len() as u64) << 8)), |h, (_, c)| {
            mix(h ^ u64::from(c.bit()) ^ 0x100)
        })
}

/// The caller's control with a time budget for one card on top.
struct CardBudget<'a> {
    inner: &'a mut dyn Control<Progress<Card>>,
    start_ms: u64,
    budget_ms: Option<u64>,
}

impl Control<Progress<Card>> for CardBudget<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.inner.elapsed_ms()
    }

    fn stop_requested(&self) -> bool {
        self.inner.stop_requested()
            || self
                .budget_ms
                .is_some_and(|b| self.inner.elapsed_ms().saturating_sub(self.start_ms) >= b)
    }

    fn report(&mut self, progress: &Progress<Card>) {
        self.inner.report(progress);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Unlimited;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn table() -> Table {
        let deal: Deal = "N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65"
            .parse()
            .expect("deal");
        Table::new(deal, Seat::North, Vulnerability::None).expect("full deal")
    }

    #[test]
    fn the_bidding_knows_the_boards_vulnerability() {
        // The calls that weigh a sacrifice read it from the bidding: the
        // table's and a seat's bidding carry the board's, and so does the
        // auction after calls.
        let deal = *table().deal();
        let mut t = Table::new(deal, Seat::North, Vulnerability::EW).expect("full deal");
        t.call(Call::Pass).expect("pass is legal");
        assert_eq!(t.bidding().vulnerability(), Vulnerability::EW);
        let seat = SeatPlayer::new(Seat::South, deal[Seat::South], Seat::North)
            .expect("13 cards")
            .with_vulnerability(Vulnerability::Both);
        assert_eq!(seat.bidding().vulnerability(), Vulnerability::Both);
        assert_eq!(
            Bidding::new(Seat::North).vulnerability(),
            Vulnerability::None
        );
    }

    #[test]
    fn seats_round_trip_and_reject_bad_letters() {
        for text in ["NESW", "NS", "EW", "S", ""] {
            let seats: Seats = text.parse().expect("valid seats");
            assert_eq!(seats.to_string(), text);
        }
        assert_eq!(
            "sn".parse::<Seats>().map(|s| s.to_string()),
            Ok("NS".into())
        );
        assert_eq!(
            "N,S".parse::<Seats>().map(|s| s.to_string()),
            Ok("NS".into())
        );
        for bad in ["X", "NQ", "1"] {
            let err = bad.parse::<Seats>().expect_err("invalid seats");
            assert!(err.to_string().contains("NESW"), "{err}");
        }
    }

    #[test]
    fn the_program_stops_at_a_seat_it_does_not_play() {
        let mut t = table();
        let mut player = Player::new(PlayOptions::heuristic(), None);
        let mut rng = StdRng::seed_from_u64(1);
        let north = "N".parse().expect("seats");
        player
            .act_for(&mut t, north, &mut rng, &mut Unlimited)
            .expect("legal");
        assert_eq!(t.bidding().len(), 1, "North's call only");
        assert_eq!(t.to_act(), Some(Seat::East));
        // East's call comes from outside; the program goes on for North.
        t.call(Call::Pass).expect("pass is legal");
        player
            .act_for(&mut t, Seats::NONE, &mut rng, &mut Unlimited)
            .expect("nothing to do");
        assert_eq!(t.bidding().len(), 2);
        let before = t.bidding().len();
        assert!(matches!(
            player.decide(&t, &mut rng, &mut Unlimited),
            Some(Action::Call(_))
        ));
        assert_eq!(t.bidding().len(), before, "decide does not act");
    }

    #[test]
    fn cards_need_a_contract_and_declarer_plays_dummy() {
        let mut t = table();
        let err = t
            .card("SA".parse().expect("card"))
            .expect_err("no contract yet");
        assert!(err.to_string().contains("contract"), "{err}");
        for call in ["1S", "Pass", "Pass", "Pass"] {
            t.call(call.parse().expect("call")).expect("legal");
        }
        let contract = t.contract().expect("1S by North");
        assert_eq!(contract.declarer, Seat::North);
        assert_eq!(t.to_act(), Some(Seat::East), "opening leader");
        let lead = t
            .play()
            .expect("play")
            .legal_cards()
            .iter()
            .next()
            .expect("card");
        t.card(lead).expect("legal lead");
        // Dummy (South) is next to play, and declarer decides for it.
        assert_eq!(t.play().expect("play").next_seat(), Seat::South);
        assert_eq!(t.to_act(), Some(Seat::North));
        assert!(t.ns_score().is_none(), "not finished");
    }

    #[test]
    fn seeded_play_samples_each_card_from_the_board_and_the_play_so_far() {
        let played = |board_seed: u64| {
            let mut t = table();
            for call in ["1S", "Pass", "Pass", "Pass"] {
                t.call(call.parse().expect("call")).expect("legal");
            }
            let mut player = Player::new(PlayOptions::heuristic(), None);
            player
                .play_for_seeded(&mut t, Seats::ALL, board_seed, &mut Unlimited)
                .expect("legal");
            t.play().expect("played").cards_played()
        };
        let first = played(5);
        assert_eq!(first.len(), 52);
        assert_eq!(played(5), first, "the same board plays the same cards");
        // Each position has a seed of its own: the board's, the cards
        // before it and the seat to play all count.
        let mut t = table();
        for call in ["1S", "Pass", "Pass", "Pass"] {
            t.call(call.parse().expect("call")).expect("legal");
        }
        let start = t.play().expect("play").clone();
        let seeds: Vec<u64> = start
            .legal_cards()
            .iter()
            .map(|c| {
                let mut after = start.clone();
                after.play(c).expect("legal");
                card_seed(5, &after)
            })
            .collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len());
        assert_ne!(card_seed(5, &start), card_seed(6, &start));
        assert_eq!(card_seed(5, &start), card_seed(5, &start.clone()));
    }

    #[test]
    fn a_passed_out_board_is_over_and_scores_zero() {
        let mut t = table();
        for _ in 0..4 {
            t.call(Call::Pass).expect("pass");
        }
        assert!(t.is_passed_out() && t.is_finished());
        assert_eq!(t.to_act(), None);
        assert_eq!(t.outcome(), Some((None, 0)));
        assert_eq!(t.ns_score(), Some(0));
    }

    #[test]
    fn a_short_hand_is_refused() {
        let mut deal = table().deal;
        let card = deal[Seat::West].iter().next().expect("a card");
        deal[Seat::West].remove(card);
        let err = Table::new(deal, Seat::North, Vulnerability::None).expect_err("12 cards");
        assert_eq!(
            err,
            TableError::IncompleteDeal {
                seat: Seat::West,
                cards: 12
            }
        );
    }
}
