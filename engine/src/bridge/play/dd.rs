//! The double-dummy solver as `FindCard`'s open-cards analysis.

use super::search::DoubleDummy;
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

    fn tricks(&mut self, hands: &Deal, leader: Seat, strain: Strain) -> u8 {
        Position::new(hands, leader).map_or(0, |position| Solver::tricks(self, &position, strain))
    }
}
