//! Responder's rebid after partner's notrump opening answered Stayman or
//! completed a transfer (issue 20): the notrump bids that a Goren-style
//! partnership reads as invitations, not as "what we can make".
//!
//! `NormalBid` alone reads 1NT-2D-2H-2NT as "2NT makes opposite partner's
//! 17", which five high-card points satisfy, and the opener, counting on
//! no more, declines game with 18. The partnership's agreement is the
//! invitation: 2NT shows 8-9 high-card points, so the opener bids 3NT with
//! a maximum. Over a Stayman answer in one major, a notrump rebid also
//! shows four cards in the other major (with the answered major we would
//! have raised), so the opener with that major plays in it. The raise of
//! the completed transfer to three invites in the same way.

use super::class::{BidClass, Context};
use super::info::HandShape;
use super::meaning::{Meaning, Requirement};
use super::normal;
use crate::bridge::{Call, Strain};

/// The high-card points of the invitation in notrump after Stayman or a
/// transfer over 1NT (16-18): the same range as the direct raise 1NT-2NT.
const INVITATION: (u8, u8) = (8, 9);
/// What the opener counts the inviter for: a maximum reaches the 26 points
/// of game with 17, as the handbook's opener accepts 1NT-2NT with 17-18.
/// The direct raise 1NT-2NT reads the same (`invitation_meaning`): read
/// as 8-12 (the three points of a void no balanced raise holds) it was
/// counted at 10, and the opener accepted with 16.
const INVITATION_REVEALED_MAX: u8 = 10;

/// What a five-card suit adds to the opener's acceptance of partner's
/// notrump invitation: a good 16 with a five-card suit accepts, as a 17
/// does (the long suit's fifth card is a trick in notrump).
const FIVE_CARD_SUIT_UPGRADE: i32 = 30;

/// The meaning of responder's notrump rebid after partner's notrump
/// opening answered our Stayman or completed our transfer, with no
/// opponent bidding; `None` for any other bid (the normal meaning holds).
pub(crate) fn responder_notrump_rebid(ctx: &Context<'_>, call: Call) -> Option<Meaning> {
    let Call::Bid { level, strain } = call else {
        return None;
    };
    let (_, own_call, own_class) = ctx.own_last()?;
    let (_, answer, partner_class) = ctx.partner_last()?;
    let answered = matches!(
        (own_class, partner_class),
        (BidClass::Stayman, BidClass::StaymanResponse)
            | (BidClass::Transfer, BidClass::TransferCompletion)
    );
    let partner_holds = ctx.partner_holds_contract();
    if !answered || !ctx.rho_passed() || !partner_holds {
        return None;
    }
    // Stayman and the transfers are bid at two over 1NT, at three over 2NT.
    let opened_one = matches!(own_call, Call::Bid { level: 2, .. });
    if strain != Strain::NoTrump {
        return transfer_raise(ctx, call, answer, own_class, opened_one);
    }
    let mut meaning = normal::normal_bid_meaning(ctx, level, Strain::NoTrump);
    if level == 2 && opened_one {
        meaning.requirement.hcp = INVITATION;
        meaning.revealed.min_p = INVITATION.0;
        meaning.revealed.max_p = INVITATION_REVEALED_MAX;
    }
    if own_class == BidClass::Stayman
        && let Call::Bid { strain, .. } = answer
    {
        let other = match strain {
            Strain::Hearts => Some(3),
            Strain::Spades => Some(2),
            _ => None,
        };
        if let Some(s) = other {
            meaning.requirement.min_len[s] = meaning.requirement.min_len[s].max(4);
            meaning.revealed.min_len[s] = meaning.revealed.min_len[s].max(4);
        }
    }
    Some(meaning)
}

/// The direct raise 1NT-2NT: 8-9 high-card points, counted at most
/// [`INVITATION_REVEALED_MAX`] like the invitation after Stayman or a
/// transfer.
pub(crate) fn invitation_meaning() -> Meaning {
    let mut meaning: Meaning = Requirement::hcp(INVITATION.0, INVITATION.1).into();
    meaning.revealed.max_p = INVITATION_REVEALED_MAX;
    meaning
}

/// The opener's 3NT over partner's 2NT invitation (1NT-2NT, or after
/// Stayman or a transfer) with 16 high-card points and a five-card suit:
/// [`FIVE_CARD_SUIT_UPGRADE`] against the point the count lacks.
pub(crate) fn acceptance_upgrade(ctx: &Context<'_>, call: Call, hand: &HandShape) -> i32 {
    if call != Call::bid(3, Strain::NoTrump).unwrap_or(Call::Pass)
        || !ctx.rho_passed()
        || !ctx.opponents_silent()
    {
        return 0;
    }
    let opened_notrump =
        matches!(
            ctx.bidding.classes().iter().enumerate().find(|&(i, c)| {
                *c != BidClass::OpeningPass && ctx.bidding.seat_of(i) == ctx.seat
            }),
            Some((_, BidClass::OpeningNotrump))
        );
    let invited = matches!(
        ctx.partner_last(),
        Some((i, Call::Bid { level: 2, strain: Strain::NoTrump }, _)) if i + 2 == ctx.bidding.len()
    );
    let long = hand.len.iter().any(|&l| l >= 5);
    if opened_notrump && invited && long && hand.hcp == 16 {
        FIVE_CARD_SUIT_UPGRADE
    } else {
        0
    }
}

/// 1NT-2D-2H-3H: six cards in the major and the same invitation in points
/// (the opener passes a minimum, bids four with a maximum); `None` for
/// other suit bids.
fn transfer_raise(
    ctx: &Context<'_>,
    call: Call,
    answer: Call,
    own_class: BidClass,
    opened_one: bool,
) -> Option<Meaning> {
    let Call::Bid { level: 3, strain } = call else {
        return None;
    };
    if own_class != BidClass::Transfer
        || !opened_one
        || !matches!(answer, Call::Bid { strain: s, .. } if s == strain)
    {
        return None;
    }
    let mut meaning = normal::normal_bid_meaning(ctx, 3, strain);
    meaning.requirement.points = INVITATION;
    meaning.revealed.min_p = INVITATION.0;
    meaning.revealed.max_p = INVITATION_REVEALED_MAX;
    Some(meaning)
}
