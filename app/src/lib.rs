//! yut-app: the app core. Everything the apps do that is not drawing, written once:
//! screens and the way between them, the table's interaction, the throw's timing and cues,
//! bot turns, autosave and the Resume list, settings, online rooms.
//!
//! Sans-IO and deterministic: [`App::update`] takes an input stamped with the time and
//! returns effects as values; [`App::view`] returns the view model. No threads, no clock,
//! no files of its own: storage comes in through [`store`]'s traits, and everything slow or
//! outside (bot searches, timers, the room's socket) goes out as an [`Effect`].
//! docs/APP_CORE.md has the design.

/// Gives each record and enum of a `records!`-style list serde's traits (for the web, and
/// for the journeys' snapshots of the view model).
macro_rules! with_serde {
    ($($(#[$attr:meta])* pub $kind:ident $name:ident $body:tt)*) => {
        $( $(#[$attr])* #[derive(serde::Serialize, serde::Deserialize)] pub $kind $name $body )*
    };
}

mod app;
pub mod catalog;
pub mod convert;
mod ctx;
pub mod effect;
pub mod error;
pub mod flight;
mod form;
pub mod input;
pub mod kv_saves;
mod local;
pub mod message;
pub mod online;
pub mod pacing;
mod picking;
pub mod poses;
pub mod records;
#[cfg(feature = "physics")]
pub mod samples;
pub mod settings;
mod shown;
pub mod snapshot;
pub mod store;
pub mod swipe;
pub mod timers;
pub mod view;
pub mod work;

pub use app::App;
pub use effect::{Effect, Effects, HapticKind, ShellEffect, SpeechPart};
pub use error::YutError;
pub use input::{
    AppEvent, AppScreen, FormEvent, Input, SavedAction, SettingsAction, SocketEvent, TableAction,
};
pub use local::NETS_PATIENCE_MS;
pub use pacing::Pacing;
pub use view::AppView;
