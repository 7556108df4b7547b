//! What goes into a throw (the mat, the swipe, the drawn faces) and what comes out (the
//! flight the apps play back), all in the app's mat points and milliseconds.

use serde::{Deserialize, Serialize};

/// The mat as the app lays it out, in points. Any size is accepted; an unusable one (not
/// finite, not positive, or thinner than 1:3) is replaced by a 360 × 420 mat.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mat {
    pub width: f32,
    pub height: f32,
}

impl Default for Mat {
    fn default() -> Mat {
        Mat {
            width: 360.0,
            height: 420.0,
        }
    }
}

impl Mat {
    /// This mat, or the default one when it cannot be used (see [`Mat`]).
    pub(crate) fn usable(self) -> Mat {
        let ok = |v: f32| v.is_finite() && v > 1.0 && v < 100_000.0;
        if !ok(self.width) || !ok(self.height) {
            return Mat::default();
        }
        let aspect = self.width / self.height;
        if !(1.0 / 3.0..=3.0).contains(&aspect) {
            return Mat::default();
        }
        self
    }
}

/// How the player threw. Positions are in mat points (origin at the mat's top-left corner,
/// y down), the velocity in points per second measured over the last 50–100 ms of the drag,
/// `spin` in radians per second (how fast the drag's path was turning at release, positive
/// clockwise on screen). A tap is a zero velocity: a gentle drop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Swipe {
    pub mat: Mat,
    pub release_x: f32,
    pub release_y: f32,
    pub velocity_x: f32,
    pub velocity_y: f32,
    pub spin: f32,
}

impl Swipe {
    /// A tap (the Throw button, a screen reader's action, the terminal, a bot): a gentle
    /// drop from above the middle of the lower half of the mat.
    pub fn tap(mat: Mat) -> Swipe {
        let mat = mat.usable();
        Swipe {
            mat,
            release_x: mat.width * 0.5,
            release_y: mat.height * 0.62,
            ..Swipe::default()
        }
    }

    /// This swipe as planned: what a gesture can say, every value bounded (the mat made
    /// usable, the release at most a mat's size off it, the speed at most 26.7 of the
    /// mat's short sides a second, the spin at most 60 radians a second, a value that is
    /// not a number replaced). A swipe any finger made is returned unchanged, bit for bit;
    /// [`crate::throw`] plans every swipe bounded, so a swipe and its bounded self give the
    /// same flight.
    #[cfg(feature = "simulation")]
    pub fn bounded(&self) -> Swipe {
        crate::launch::bounded(self)
    }
}

/// What the throw must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// Per drawn stick, flat side up (stick 0 is marked).
    pub flat: [bool; 4],
    /// One stick must end off the mat (낙).
    pub nak: bool,
}

/// The size of a stick, in points, as drawn: the flat face is `length` × `width`; the
/// rounded back rises `thickness` below it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StickSize {
    pub length: f32,
    pub width: f32,
    pub thickness: f32,
    /// Height of the mat's raised edge.
    pub rim: f32,
}

/// What an app needs to draw the mat and the sticks in the hand before any throw, in the
/// mat's points: the sticks' size and the rim, how high above the mat the hand lets go, and
/// how far apart (centre to centre) the four sticks lie side by side in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatLayout {
    /// The mat the simulation uses (an unusable one replaced, see [`Mat`]).
    pub mat: Mat,
    pub size: StickSize,
    pub release_height: f32,
    pub hand_spacing: f32,
}

/// Where a stick is at one frame: the centre of its flat face (x, y on the mat, z above
/// it, in points), the direction of its length and the outward normal of its flat face
/// (unit vectors in the same axes). The flat face shows when `normal.z > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub axis: [f32; 3],
    pub normal: [f32; 3],
}

/// What a stick struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Against {
    Mat,
    Edge,
    /// Another stick (by its index in the flight).
    Stick(u8),
    /// The floor beyond the mat (a stick thrown off it: 낙).
    Floor,
}

/// One knock: a stick meeting something, for a clack and a haptic tap.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contact {
    pub at_ms: u32,
    pub stick: u8,
    pub against: Against,
    /// Newton-seconds, as simulated.
    pub impulse: f32,
    /// The impulse scaled to 0–1 for sound volume and haptic intensity.
    pub strength: f32,
}

/// One stick, release to rest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StickTrack {
    /// Carries the Back-Do mark on its flat face (always stick 0).
    pub marked: bool,
    /// Came to rest flat side up.
    pub flat_up: bool,
    /// Came to rest off the mat (낙).
    pub off_mat: bool,
    /// When it stopped moving.
    pub settle_ms: u32,
    /// One pose per frame from the release (frame 0) to the end of the throw.
    pub frames: Vec<Pose>,
}

/// The whole throw as the apps play it back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flight {
    pub fps: u32,
    pub mat: Mat,
    pub size: StickSize,
    /// In the order of the drawn sticks: stick 0 is the marked one.
    pub sticks: Vec<StickTrack>,
    /// In time order.
    pub contacts: Vec<Contact>,
    /// When the last stick settled: the result may be shown from here on.
    pub end_ms: u32,
    /// Simulated runs it took (1 when the swipe's own launch landed right).
    pub tries: u32,
    /// The gentle toss was used after the tries ran out.
    pub fallback: bool,
}

impl Flight {
    /// Whether the sticks rest as `target` drew them: each drawn stick on its face, the
    /// marked one first, and exactly one off the mat for a 낙.
    pub fn shows(&self, target: &Target) -> bool {
        self.sticks.len() == 4
            && self
                .sticks
                .iter()
                .zip(target.flat)
                .all(|(s, want)| s.flat_up == want)
            && self.sticks.iter().filter(|s| s.off_mat).count() == usize::from(target.nak)
            && self.sticks[0].marked
    }

    /// When the first stick first came down on the mat (or the edge, or the floor).
    pub fn first_touch_ms(&self) -> u32 {
        self.contacts
            .iter()
            .find(|c| !matches!(c.against, Against::Stick(_)))
            .map_or(self.end_ms, |c| c.at_ms)
    }

    /// How far the sticks went from the release to where they rest, in points (the mean).
    pub fn travel(&self) -> f32 {
        let d: f32 = self
            .sticks
            .iter()
            .filter_map(|s| Some((s.frames.first()?, s.frames.last()?)))
            .map(|(a, b)| ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt())
            .sum();
        d / self.sticks.len().max(1) as f32
    }

    /// Knocks against the mat, the edge or the floor (not stick on stick).
    pub fn bounces(&self) -> usize {
        self.contacts
            .iter()
            .filter(|c| !matches!(c.against, Against::Stick(_)))
            .count()
    }
}
