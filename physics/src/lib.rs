//! The throw made physical: four yut sticks leave the finger, tumble, bounce and settle on
//! a mat, simulated with rapier3d.
//!
//! The result is drawn first by the game's RNG (saves, replays, bots and odds never see the
//! swipe). This crate then finds, deterministically from the swipe, a simulated throw that
//! comes to rest on exactly the drawn faces:
//!
//! - The sticks leave the hand side by side from where the finger let go, in its direction
//!   and at its speed, tossed up, each spun about its length at the rate that brings the face
//!   it is aimed at down first (the spin is aimed, not left to chance). All four fly together
//!   and knock into each other where they meet; about half of all throws land right on this
//!   first run.
//! - Only how many sticks show the flat side matters: the Back-Do mark is given afterwards to
//!   a stick that landed the way the marked stick must (the sticks lie round side up in the
//!   hand, so no one can see which one carries it until they land).
//! - Otherwise the sticks that landed usably without touching another keep their flight, and
//!   each other stick is flown again alone, its spin corrected by where it was in its turn
//!   when it came down, with the kept sticks replayed around it (it knocks into them rather
//!   than passing through), until it shows its face; after a few tries, lower and gentler
//!   tosses of it. Every flight handed out is a real run for every stick, never a snap.
//!
//! Every search is bounded; `yut throws` measures how often each way is taken and how long
//! planning takes.
//!
//! Units: the simulation works in metres and seconds (y up); everything handed out is in the
//! app's mat points (x right, y down the screen, z the height above the mat) and
//! milliseconds, so the apps draw without knowing the scale.
//!
//! The modules, in the order a throw goes through them: [`records`] (what comes in and goes
//! out), `model` (the sticks, the mat and the world's scale), `launch` (how the hand lets
//! go), `simulation` (one run of the world), `search` (runs until the drawn faces show),
//! [`checks`] (what a flight must not show, measured from its frames alone).
//!
//! Without the `simulation` feature (on by default) only the records, the mat's layout
//! (`scale`) and the flights' compact form ([`wire`]) are here, and nothing of rapier: the
//! browser's app core is built so, and gets its flights from a separate WebAssembly module
//! (web/physics-wasm) that it downloads after the menu.

#[cfg(feature = "simulation")]
pub mod checks;
#[cfg(feature = "simulation")]
mod launch;
#[cfg(feature = "simulation")]
mod model;
pub mod records;
mod scale;
#[cfg(feature = "simulation")]
mod search;
#[cfg(feature = "simulation")]
mod simulation;
pub mod wire;

#[cfg(feature = "simulation")]
pub use checks::{left_mat, overlapping_frames, overlaps_at_rest};
pub use records::{
    Against, Contact, Flight, Mat, MatLayout, Pose, StickSize, StickTrack, Swipe, Target,
};
pub use scale::mat_layout;
#[cfg(feature = "simulation")]
pub use search::throw;
