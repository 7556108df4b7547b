//! yut-core: everything that is the game of Yut Nori (윷놀이) in Yunnori.
//!
//! Rules of three traditions and their house rules, the throw RNG, turn order, board
//! geometry, setups from loosely typed data. The apps draw; this crate decides.

pub mod board;
pub mod bot;
pub mod game;
pub mod route;
pub mod rules;
pub mod save;
pub mod scenario;
pub mod seat_name;
pub mod session;
pub mod setup;
pub mod sim;
pub mod throw;

pub use board::{Spot, Station};
pub use game::{Event, Game, HandResult, LegalMove, Move, Phase, RuleError, SetupError, Stack};
pub use route::{RouteId, RouteMap};
pub use rules::{Preset, RuleSet, RuleSetError};
pub use setup::{MoveSpec, Setup, TableSpec};
pub use throw::{Outcome, Throw, ThrowRng};
