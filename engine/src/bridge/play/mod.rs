//! Turbo Bridge card play (handbook ch. 7, PLAY.BR): the heuristic card
//! selection and the Monte-Carlo `FindCard` over a double-dummy analysis,
//! with the opening lead simulated over deals that fit the auction.

mod dd;
mod lead;
mod search;
mod select;
mod signal;
mod view;

pub use lead::{
    AuctionFit, DEFEAT_BONUS, LEAD_POINT_WIDENING, LEAD_SAMPLES, REBID_MISS_WEIGHT, choose_card,
    effective_deals, find_lead, lead_classes, lead_deal_weight, lead_view, likely_deal, resample,
};
pub use search::{CardChoice, DoubleDummy, PlayOptions, find_card};
pub use select::select;
pub use view::View;
