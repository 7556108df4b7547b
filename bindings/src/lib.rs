//! yut-ffi: the Kotlin and Swift face of yut-core, through UniFFI.
//!
//! A thin skin: objects hold a core value behind a mutex and hand out records. Nothing of
//! the rules is decided here.
//!
//! - [`AppCore`]: the app core (yut-app): every screen's behaviour; send it what the person
//!   does, draw the view it hands an [`AppShell`], perform the effects that are the
//!   platform's. The objects below are the older API the shells use until they move onto it.
//! - [`GameSession`]: a game at a table of named seats (throws from the game's RNG,
//!   moves, undo, bots thinking asynchronously, saving).
//! - [`SaveLibrary`]: the saved games of a directory (list, load, save, delete).
//! - [`ScenarioGame`]: a position from the scenario file format, played with forced
//!   throws.
//! - Free functions: the board layout, throw names, presets and rule options, and the
//!   physical throw's flight ([`plan_flight`]), and the app at telling moments for
//!   previews ([`sample_view`]), a room code read from a link ([`read_room_code`]).
//!
//! Online rooms are the app core's (`AppEvent::Online`, the socket as an effect).
//!
//! Every fallible call returns [`YutError`]; a stale move, a closed library or a poisoned
//! object is an error, never a crash.

uniffi::setup_scaffolding!();

mod app_core;
mod catalog;
mod error;
mod file_kv;
mod flight;
mod legacy_rooms;
mod library;
mod remote;
mod room_code;
mod samples;
mod scenario;
mod session;

pub use app_core::{default_pacing, AppCore, AppShell};
pub use catalog::{
    board_layout, describe_rules, preset_rules, presets, route_from_id, table_pieces,
    throw_from_id, throw_kinds,
};
pub use error::YutError;
pub use flight::{mat_layout, plan_flight, tap_swipe};
pub use library::{LoadedGame, SaveLibrary};
pub use room_code::{default_server, read_room_code};
pub use samples::sample_view;
pub use scenario::ScenarioGame;
pub use session::GameSession;
pub use yut_app::flight::{
    Against, Contact, Flight, Mat, MatLayout, Pose, StickSize, StickTrack, Swipe,
};
pub use yut_app::records::*;

/// The version of the core the bindings were built with.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
