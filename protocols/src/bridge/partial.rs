//! The play mode on a deal with unknown hands (`-` in the PBN Deal tag):
//! each seat the program plays acts from its own view, as at a table
//! manager ([`SeatPlayer`]): its hand, the auction, dummy once shown and
//! the cards played. The seats to act must be given; so must dummy, once
//! the program has to play after the opening lead.

use engine::bridge::bidding::Bidding;
use engine::bridge::scoring::ns_score;
use engine::bridge::seat::{SeatError, SeatPlayer, card_rng};
use engine::bridge::table::{Player, TableError};
use engine::bridge::{Call, Card, Contract, Seat};

use super::board::{AuctionRecord, Board, ContractTag};
use super::filter::{FilterError, PlayArgs, WallClock};

/// Whether the board's deal leaves hands unknown (after filling in the
/// one missing hand a LIN file or a `-` may leave).
pub fn is_partial(board: &Board) -> bool {
    let mut b = board.clone();
    b.complete_deal();
    !b.deal.is_full()
}

/// A board's deal checked for play from the seats' views: every hand is
/// either 13 cards or unknown.
fn prepare(board: &mut Board) -> Result<(), FilterError> {
    board.complete_deal();
    for seat in Seat::ALL {
        let cards = board.deal[seat].len();
        if cards != 13 && cards != 0 {
            return Err(TableError::IncompleteDeal { seat, cards }.into());
        }
    }
    board.dealer = Some(board.dealer_or_rotation());
    board.vulnerability = Some(board.vulnerability_or_rotation());
    Ok(())
}

fn unknown(seat: Seat) -> FilterError {
    FilterError::UnknownHand(seat)
}

fn known(board: &Board, seat: Seat) -> Result<engine::bridge::Hand, FilterError> {
    let hand = board.deal[seat];
    if hand.len() == 13 {
        Ok(hand)
    } else {
        Err(unknown(seat))
    }
}

fn seat_error(e: SeatError) -> FilterError {
    FilterError::Table(match e {
        SeatError::Call { call, error } => TableError::IllegalCall {
            call,
            reason: error.to_string(),
        },
        SeatError::Card { seat, card, reason } => TableError::IllegalCard { seat, card, reason },
        other => TableError::IllegalCall {
            call: Call::Pass,
            reason: other.to_string(),
        },
    })
}

/// The view of `viewer` after `calls` and `cards`: dummy is shown once a
/// card is played, if the deal gives it.
fn view(
    board: &Board,
    viewer: Seat,
    calls: &[Call],
    cards: &[Card],
) -> Result<SeatPlayer, FilterError> {
    let dealer = board.dealer.unwrap_or(Seat::North);
    let mut player = SeatPlayer::new(viewer, known(board, viewer)?, dealer).map_err(seat_error)?;
    for &call in calls {
        let seat = player.next_caller().unwrap_or(viewer);
        player.call(seat, call).map_err(seat_error)?;
    }
    let contract = player.contract();
    for (i, &card) in cards.iter().enumerate() {
        let seat = player.next_player().ok_or(FilterError::NoContract)?;
        player.play(seat, card).map_err(seat_error)?;
        if i == 0
            && let Some(c) = contract
            && c.dummy() != viewer
            && board.deal[c.dummy()].len() == 13
        {
            player
                .show_dummy(board.deal[c.dummy()])
                .map_err(seat_error)?;
        }
    }
    Ok(player)
}

/// The seat that chooses the next card.
fn controller(player: &SeatPlayer, contract: &Contract) -> Option<Seat> {
    let next = player.next_player()?;
    Some(if next == contract.dummy() {
        contract.declarer
    } else {
        next
    })
}

/// What the input gives and the program adds.
struct Progress {
    bidding: Bidding,
    cards: Vec<Card>,
}

/// Replays the input and, with `act`, makes the calls and plays the cards
/// of the program's seats from their own views.
fn advance(
    player: &mut Player,
    clock: &mut WallClock,
    args: &PlayArgs,
    n: usize,
    board: &Board,
    act: bool,
) -> Result<Progress, FilterError> {
    let mut bidding = Bidding::new(board.dealer.unwrap_or(Seat::North));
    if let Some(rec) = &board.auction {
        for &call in rec.auction.calls() {
            bidding.push(call).map_err(|e| TableError::IllegalCall {
                call,
                reason: e.to_string(),
            })?;
        }
    }
    while act && !bidding.is_complete() && args.seats.contains(bidding.next_seat()) {
        let call = bidding.find_bid(known(board, bidding.next_seat())?);
        bidding.push(call).map_err(|e| TableError::IllegalCall {
            call,
            reason: e.to_string(),
        })?;
    }
    let mut cards: Vec<Card> = board.linear_play().into_iter().map(|(_, c)| c).collect();
    let contract = bidding
        .is_complete()
        .then(|| bidding.auction().final_contract())
        .flatten();
    let Some(contract) = contract else {
        if !cards.is_empty() {
            return Err(FilterError::NoContract);
        }
        return Ok(Progress { bidding, cards });
    };
    // Any given hand can check the input's cards.
    let checker = Seat::ALL
        .into_iter()
        .find(|&s| board.deal[s].len() == 13)
        .ok_or(unknown(Seat::North))?;
    view(board, checker, bidding.calls(), &cards)?;
    if !act {
        return Ok(Progress { bidding, cards });
    }
    loop {
        let probe = view(board, checker, bidding.calls(), &cards)?;
        let Some(chooser) = controller(&probe, &contract) else {
            break;
        };
        if !args.seats.contains(chooser) {
            break;
        }
        let card = choose(player, clock, args, n, board, &bidding, &cards, chooser)?;
        cards.push(card);
    }
    Ok(Progress { bidding, cards })
}

#[allow(clippy::too_many_arguments)]
fn choose(
    player: &mut Player,
    clock: &mut WallClock,
    args: &PlayArgs,
    n: usize,
    board: &Board,
    bidding: &Bidding,
    cards: &[Card],
    chooser: Seat,
) -> Result<Card, FilterError> {
    let view = view(board, chooser, bidding.calls(), cards)?;
    if let Some(c) = view.contract()
        && !cards.is_empty()
        && view.dummy_hand().is_none()
        && c.dummy() != chooser
    {
        return Err(unknown(c.dummy()));
    }
    let mut rng = card_rng(args.seed, n as u64, cards.len());
    player
        .decide_as(&view, &mut rng, clock)
        .ok_or(FilterError::NoContract)
}

/// The play mode on a partial deal: the board with the program's calls
/// and cards added, and Result and Score once the play is complete.
pub fn process(
    player: &mut Player,
    clock: &mut WallClock,
    args: &PlayArgs,
    n: usize,
    mut board: Board,
) -> Result<Board, FilterError> {
    prepare(&mut board)?;
    let progress = advance(player, clock, args, n, &board, true)?;
    let auction = progress.bidding.auction().clone();
    board.auction = Some(match &board.auction {
        Some(rec) => rec.continued(auction),
        None => AuctionRecord::new(auction),
    });
    if !progress.bidding.is_complete() {
        return Ok(board);
    }
    let vulnerability = board.vulnerability.unwrap_or_default();
    let Some(contract) = progress.bidding.auction().final_contract() else {
        board.contract = Some(ContractTag::PassedOut);
        board.declarer = None;
        board.result = None;
        board.score = Some(ns_score(None, vulnerability, 0));
        return Ok(board);
    };
    board.contract = Some(ContractTag::Bid(contract.into()));
    board.declarer = Some(contract.declarer);
    if !progress.cards.is_empty() {
        let _ = board.set_linear_play(contract.opening_leader(), &progress.cards, contract.strain);
    }
    if progress.cards.len() == 52 {
        let checker = Seat::ALL
            .into_iter()
            .find(|&s| board.deal[s].len() == 13)
            .ok_or(unknown(Seat::North))?;
        let player = view(&board, checker, progress.bidding.calls(), &progress.cards)?;
        let tricks = player.position().map_err(seat_error)?.declarer_tricks();
        board.result = Some(tricks);
        board.score = Some(ns_score(Some(&contract), vulnerability, tricks));
    }
    Ok(board)
}

/// `--next` on a partial deal: the next call or card of the seat to act,
/// from its own view; `-` when the board is complete.
pub fn next_action(
    player: &mut Player,
    clock: &mut WallClock,
    args: &PlayArgs,
    n: usize,
    mut board: Board,
) -> Result<String, FilterError> {
    prepare(&mut board)?;
    let progress = advance(player, clock, args, n, &board, false)?;
    if !progress.bidding.is_complete() {
        let seat = progress.bidding.next_seat();
        return Ok(progress.bidding.find_bid(known(&board, seat)?).to_string());
    }
    let Some(contract) = progress.bidding.auction().final_contract() else {
        return Ok("-".to_string());
    };
    let checker = Seat::ALL
        .into_iter()
        .find(|&s| board.deal[s].len() == 13)
        .ok_or(unknown(Seat::North))?;
    let probe = view(&board, checker, progress.bidding.calls(), &progress.cards)?;
    match controller(&probe, &contract) {
        None => Ok("-".to_string()),
        Some(chooser) => Ok(choose(
            player,
            clock,
            args,
            n,
            &board,
            &progress.bidding,
            &progress.cards,
            chooser,
        )?
        .to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::filter::{Level, Robot, Scoring, Seats};
    use engine::bridge::{Auction, Deal, Hand};
    use rand::SeedableRng;

    fn args() -> PlayArgs {
        PlayArgs {
            deals: None,
            seed: 7,
            seats: Seats::ALL,
            next: true,
            scoring: Scoring::Duplicate,
            level: Level::Heuristic,
            samples: 3,
            time_per_card: None,
            cheat: false,
            search_tricks: 10,
            explain: false,
        }
    }

    fn only(board: &Board, seats: &[Seat]) -> Board {
        let mut b = board.clone();
        for s in Seat::ALL {
            if !seats.contains(&s) {
                b.deal[s] = Hand::EMPTY;
            }
        }
        b
    }

    /// With only the hands a player sees, `--next` names the call or card
    /// the program names when it is given the whole deal, at every step of
    /// a played board.
    #[test]
    fn the_next_action_from_a_seats_view_is_the_whole_deal_one() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut robot = Robot::new(args(), None);
        let mut steps = 0;
        for number in 1..=3 {
            let dealt = Board::dealt(number, Deal::random(&mut rng));
            let played = robot
                .process(number as usize, dealt.clone())
                .expect("played");
            let calls = played
                .auction
                .as_ref()
                .expect("auction")
                .auction
                .calls()
                .to_vec();
            let dealer = played.dealer.expect("dealer");
            for k in 0..calls.len() {
                let mut b = dealt.clone();
                b.auction = Some(AuctionRecord::new(
                    Auction::from_calls(dealer, calls[..k].iter().copied()).expect("legal"),
                ));
                let caller = dealer.offset(k);
                let partial = only(&b, &[caller]);
                assert!(is_partial(&partial));
                assert_eq!(
                    robot
                        .next_action(number as usize, partial)
                        .expect("partial"),
                    robot.next_action(number as usize, b).expect("whole"),
                    "board {number}, call {k}"
                );
                steps += 1;
            }
            let Some(contract) = played.contract() else {
                continue;
            };
            let cards: Vec<Card> = played.linear_play().into_iter().map(|(_, c)| c).collect();
            assert_eq!(cards.len(), 52);
            for k in 0..52 {
                let mut b = dealt.clone();
                b.set_auction(Auction::from_calls(dealer, calls.iter().copied()).expect("legal"));
                let _ = b.set_linear_play(contract.opening_leader(), &cards[..k], contract.strain);
                let probe = view(&b, contract.declarer, &calls, &cards[..k]).expect("view");
                let chooser = controller(&probe, &contract).expect("a card to play");
                let partial = only(&b, &[chooser, contract.dummy()]);
                assert_eq!(
                    robot
                        .next_action(number as usize, partial)
                        .expect("partial"),
                    robot.next_action(number as usize, b).expect("whole"),
                    "board {number}, card {k}"
                );
                steps += 1;
            }
            // The whole board played from the seats' views, E-W unknown
            // after the auction: N-S play their cards, the input gives
            // none of E-W's, so the program stops at E-W's first card.
            let partial = only(&played, &[Seat::North, Seat::South]);
            assert_eq!(
                robot
                    .process(number as usize, partial)
                    .expect("replayed")
                    .score,
                played.score,
                "board {number}: the given play replays to the same score"
            );
        }
        assert!(steps > 100, "{steps}");
    }

    #[test]
    fn unknown_hands_the_program_needs_are_named() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let dealt = Board::dealt(1, Deal::random(&mut rng));
        let mut robot = Robot::new(args(), None);
        // North deals; only South's hand is given.
        let err = robot
            .next_action(1, only(&dealt, &[Seat::South]))
            .expect_err("North's hand is needed");
        assert!(err.to_string().contains("N's hand is unknown"), "{err}");
    }
}
