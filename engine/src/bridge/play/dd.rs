//! The double-dummy solver as `FindCard`'s open-cards analysis.

use super::search::{DoubleDummy, value_in};
use crate::bridge::dds::{Position, Solver};
use crate::bridge::{Card, Deal, Seat, Strain};

impl DoubleDummy for Solver {
    fn card_values(
        &mut self,
        hands: &Deal,
        leader: Seat,
        trick: &[Card],
        strain: Strain,
    ) -> Vec<(Card, u8)> {
        // Sampled deals always form a valid position; an invalid one
        // (impossible by construction) simply offers no analysis.
        match Position::with_trick(hands, leader, trick) {
            Ok(position) => Solver::card_values(self, &position, strain),
            Err(_) => Vec::new(),
        }
    }

    fn card_value(
        &mut self,
        hands: &Deal,
        leader: Seat,
        trick: &[Card],
        card: Card,
        strain: Strain,
    ) -> Option<u8> {
        let mover = leader.offset(trick.len());
        if trick.len() >= 3 || !hands[mover].contains(card) {
            // The card ends the trick (or is not there): the all-cards
            // analysis answers.
            return value_in(
                DoubleDummy::card_values(self, hands, leader, trick, strain),
                card,
            );
        }
        // Tricks left, the current one included: the mover still holds a
        // card for it.
        let left = hands[mover].len() as u8;
        let mut rest = *hands;
        rest[mover].remove(card);
        let mut after = trick.to_vec();
        after.push(card);
        let position = Position::with_trick(&rest, leader, &after).ok()?;
        // The next player, of the other side, is to move.
        Some(left - Solver::tricks(self, &position, strain))
    }

    fn tricks(&mut self, hands: &Deal, leader: Seat, strain: Strain) -> u8 {
        Position::new(hands, leader).map_or(0, |position| Solver::tricks(self, &position, strain))
    }
}
