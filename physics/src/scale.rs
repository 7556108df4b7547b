//! The world's scale for one mat and the layout the apps draw before any throw: plain
//! arithmetic, so it is here without the simulation (the browser lays out the mat before
//! its simulation has arrived).

use crate::records::{Mat, MatLayout, StickSize};

/// A real 윷가락 is about a span long: 15 cm, 3.4 cm across, the round back 1.6 cm high.
pub(crate) const LENGTH: f32 = 0.15;
pub(crate) const HALF_WIDTH: f32 = 0.017;
pub(crate) const THICKNESS: f32 = 0.016;
/// The mat's shorter side, metres: a 멍석 for a table game.
const MAT_SHORT_SIDE: f32 = 0.72;
pub(crate) const RIM_HEIGHT: f32 = 0.03;
/// Where the hand lets go above the mat.
pub(crate) const RELEASE_HEIGHT: f32 = 0.2;
/// How far apart the sticks leave the hand, centre to centre, metres.
pub(crate) const HAND_SPACING: f32 = 0.06;

/// The world's scale and extent for one mat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geometry {
    pub(crate) mat: Mat,
    /// Points per metre.
    pub(crate) scale: f32,
    #[cfg_attr(not(feature = "simulation"), allow(dead_code))]
    pub(crate) half_x: f32,
    #[cfg_attr(not(feature = "simulation"), allow(dead_code))]
    pub(crate) half_z: f32,
}

impl Geometry {
    pub(crate) fn new(mat: Mat) -> Geometry {
        let mat = mat.usable();
        let scale = mat.width.min(mat.height) / MAT_SHORT_SIDE;
        Geometry {
            mat,
            scale,
            half_x: mat.width / scale / 2.0,
            half_z: mat.height / scale / 2.0,
        }
    }

    pub(crate) fn size(&self) -> StickSize {
        StickSize {
            length: LENGTH * self.scale,
            width: 2.0 * HALF_WIDTH * self.scale,
            thickness: THICKNESS * self.scale,
            rim: RIM_HEIGHT * self.scale,
        }
    }
}

/// The layout of `mat`: the same numbers every flight on it uses.
pub fn mat_layout(mat: Mat) -> MatLayout {
    let g = Geometry::new(mat);
    MatLayout {
        mat: g.mat,
        size: g.size(),
        release_height: RELEASE_HEIGHT * g.scale,
        hand_spacing: HAND_SPACING * g.scale,
    }
}
