//! Turbo Bridge card play (handbook ch. 7, PLAY.BR): the heuristic card
//! selection and the Monte-Carlo `FindCard` over a double-dummy analysis.

mod dd;
mod search;
mod select;
mod view;

pub use search::{CardChoice, DoubleDummy, PlayOptions, find_card};
pub use select::select;
pub use view::View;
