//! The physical throw for the apps, exported from yut-app's `flight`: after the core has
//! drawn a throw, the app hands over the player's swipe and the drawn sticks and gets back
//! the whole simulated flight (pose tracks, contacts, settle times) to play back. The odds
//! never depend on the swipe.

use crate::error::{guarded, YutError};
use yut_app::flight::{self, Flight, Mat, MatLayout, Swipe};

/// The layout of the sticks on `mat`, the same numbers every flight on it uses.
#[uniffi::export]
pub fn mat_layout(mat: Mat) -> MatLayout {
    flight::mat_layout(mat)
}

/// A tap on the Throw button (or the screen reader's action): a gentle drop in the
/// middle of the mat.
#[uniffi::export]
pub fn tap_swipe(mat: Mat) -> Swipe {
    flight::tap_swipe(mat)
}

/// Simulates the throw the player made, coming to rest on the drawn `sticks` (flat side up
/// per stick, stick 0 the marked one, as in `ThrowReport.sticks`); `nak` (the report's
/// result is none) sends one stick off the mat. `salt` tells one throw of a game from the
/// next, e.g. the number of throws so far. Same inputs, same flight on every device. It
/// takes some milliseconds: call it off the main thread.
#[uniffi::export]
pub fn plan_flight(
    swipe: Swipe,
    sticks: Vec<bool>,
    nak: bool,
    salt: u64,
) -> Result<Flight, YutError> {
    guarded(|| flight::plan_flight(swipe, sticks, nak, salt))
}
