//! The physical throw for the apps, exported from yut-app's `flight`: after the core has
//! drawn a throw, the app hands over the player's swipe and the drawn sticks and gets back
//! the whole simulated flight (pose tracks, contacts, settle times) to play back. The odds
//! never depend on the swipe.

use crate::error::{guarded, YutError};
use std::sync::Arc;
use yut_app::flight::{self, Flight, HandHold, Mat, MatLayout, Pose, ShownStick, Swipe};
use yut_app::poses;
use yut_app::view::ThrowShown;

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

/// Every stick of `flight` `ms` after the release, between its frames (for previews of a
/// flight at a moment; a throw being shown plays through `ThrowPlayback`).
#[uniffi::export]
pub fn flight_poses(flight: Flight, ms: f32) -> Vec<Pose> {
    poses::flight_poses(&flight, ms)
}

/// The hold of a finger over `swipe`'s release point moving at its velocity: the sticks
/// point the way it goes, or straight up the mat when it is (nearly) still.
#[uniffi::export]
pub fn hand_hold(swipe: Swipe, layout: MatLayout) -> HandHold {
    poses::hand_hold(swipe, layout)
}

/// The four sticks in the hand `hold`, as a flight leaves it.
#[uniffi::export]
pub fn hand_poses(layout: MatLayout, hold: HandHold) -> Vec<Pose> {
    poses::hand_poses(layout, hold)
}

/// Four sticks lying round side up on the mat, waiting to be picked up.
#[uniffi::export]
pub fn waiting_poses(layout: MatLayout) -> Vec<Pose> {
    poses::waiting_poses(layout)
}

/// A throw being shown: made once when it starts (it holds the flight on the Rust side),
/// then asked each frame where the sticks are.
#[derive(uniffi::Object)]
pub struct ThrowPlayback {
    inner: poses::Playback,
}

#[uniffi::export]
impl ThrowPlayback {
    /// The playback of `shown`; a flight leaves the sticks from `hand` (where the finger that
    /// threw it held them) when given, so nothing jumps at the release.
    #[uniffi::constructor]
    pub fn new(shown: ThrowShown, hand: Option<HandHold>) -> Arc<ThrowPlayback> {
        Arc::new(ThrowPlayback {
            inner: poses::Playback::new(shown, hand),
        })
    }

    /// How long the sticks move, in milliseconds.
    pub fn duration_ms(&self) -> f32 {
        self.inner.duration_ms()
    }

    /// Every stick `elapsed_ms` after the sticks left the hand, in the flight's order; the
    /// resting poses from the end on.
    pub fn sticks_at(&self, elapsed_ms: f32) -> Vec<ShownStick> {
        self.inner.sticks_at(elapsed_ms)
    }
}
