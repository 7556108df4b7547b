//! Data the apps build screens from (the board, the throw names, the presets and the rule
//! options), exported from yut-app's catalog.

use crate::error::{guarded, YutError};
use yut_app::catalog;
use yut_app::records::*;

/// The board: 29 stations with their drawing positions and names, and the lines between
/// them.
#[uniffi::export]
pub fn board_layout() -> BoardLayout {
    catalog::board_layout()
}

/// The six results with their ids and names, in step order (Back-Do first).
#[uniffi::export]
pub fn throw_kinds() -> Vec<ThrowInfo> {
    catalog::throw_kinds()
}

/// A result by its id in files (`back_do`, `do`, `gae`, `geol`, `yut`, `mo`).
#[uniffi::export]
pub fn throw_from_id(id: String) -> Result<Throw, YutError> {
    catalog::throw_from_id(id)
}

/// A route by its id in files (`outer`, `mo`, `mo_straight`, `dwitmo`, `jjimo`).
#[uniffi::export]
pub fn route_from_id(id: String) -> Result<Route, YutError> {
    catalog::route_from_id(id)
}

/// The named traditions, the app's own first.
#[uniffi::export]
pub fn presets() -> Vec<PresetInfo> {
    catalog::presets()
}

/// Pieces each seat plays with at this table, as the preset's tradition deals them (Culin:
/// 3 for three players, 2 for four in teams; otherwise 4). The new-game form sets
/// `pieces_per_player` to it whenever the preset, the seat count or the teams change.
#[uniffi::export]
pub fn table_pieces(preset: Preset, seats: i32, teams: bool) -> i32 {
    catalog::table_pieces(preset, seats, teams)
}

/// A preset with nothing changed.
#[uniffi::export]
pub fn preset_rules(preset: Preset) -> Rules {
    catalog::preset_rules(preset)
}

/// Checks a rule set and describes every option: label, allowed values, current value and
/// the preset's value. The new-game screen is built from this list.
#[uniffi::export]
pub fn describe_rules(rules: Rules) -> Result<RulesDescription, YutError> {
    guarded(|| catalog::describe_rules(rules))
}
