//! A finger on the stick mat, turned into the core's [`Swipe`]: where it let go, how fast it
//! moved over the last tens of milliseconds, and how fast its path was turning. The shells
//! send the drag's samples (mat points, milliseconds); the swipe only shapes the sticks'
//! flight, never the result.

use crate::flight::{Mat, Swipe};

/// A touch that moves less than this (points) from where it started is no throw.
pub const SLOP: f64 = 10.0;
/// The release velocity is measured over this last stretch of the drag (ms).
const VELOCITY_WINDOW_MS: f64 = 80.0;
/// The path's turning is read over this last stretch (ms).
const SPIN_WINDOW_MS: f64 = 150.0;
/// Samples older than this before the last one are dropped (ms).
const KEEP_MS: f64 = 300.0;
/// A finger faster than this (points per second) at the end is moving: the bundle in the
/// hand turns across it.
const MOVING_SPEED: f64 = 60.0;
/// The fastest release taken (points per second).
const SPEED_LIMIT: f64 = 6000.0;
/// The fastest turning taken (radians per second).
const SPIN_LIMIT: f64 = 30.0;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    x: f64,
    y: f64,
    t: f64,
}

/// One drag on the mat, from the finger coming down to its release.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    start: Sample,
    /// The recent samples, oldest first (the last one is the finger now).
    samples: Vec<Sample>,
    /// The finger has left the slop at some point: a swipe, not a tap.
    swiped: bool,
}

impl Drag {
    pub fn start(x: f64, y: f64, t_ms: f64) -> Drag {
        let s = Sample { x, y, t: t_ms };
        Drag {
            start: s,
            samples: vec![s],
            swiped: false,
        }
    }

    fn last(&self) -> Sample {
        self.samples.last().copied().unwrap_or(self.start)
    }

    /// Where the finger is at `t_ms` (samples out of order or not finite are ignored).
    pub fn add(&mut self, x: f64, y: f64, t_ms: f64) {
        if !(x.is_finite() && y.is_finite() && t_ms.is_finite()) || t_ms < self.last().t {
            return;
        }
        self.samples.push(Sample { x, y, t: t_ms });
        if !self.swiped && (x - self.start.x).hypot(y - self.start.y) >= SLOP {
            self.swiped = true;
        }
        let oldest = t_ms - KEEP_MS;
        if let Some(first) = self.samples.iter().position(|s| s.t >= oldest) {
            // Keep one sample before the window: the finger stood there until the next.
            if first > 1 {
                self.samples.drain(..first - 1);
            }
        }
    }

    /// Where the finger was at `t`. A moving finger reports about every frame; a finger
    /// held still reports nothing, so across a longer gap it stood at the earlier sample
    /// until a frame before the later one.
    fn position(&self, t: f64) -> (f64, f64) {
        let Some(after) = self.samples.iter().position(|s| s.t >= t) else {
            let l = self.last();
            return (l.x, l.y);
        };
        if after == 0 {
            return (self.samples[0].x, self.samples[0].y);
        }
        let (a, b) = (self.samples[after - 1], self.samples[after]);
        let frame = 1000.0 / 60.0;
        let moving = if b.t - a.t > 2.0 * frame {
            b.t - frame
        } else {
            a.t
        };
        if t <= moving || b.t <= moving {
            return (a.x, a.y);
        }
        let f = (t - moving) / (b.t - moving);
        (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
    }

    /// The velocity (points per second) over the last window: a finger that stopped
    /// before letting go throws softly, however fast it moved before.
    fn velocity(&self) -> (f64, f64) {
        let end = self.last();
        let from = (end.t - VELOCITY_WINDOW_MS).max(self.start.t);
        let span = end.t - from;
        if span < 5.0 {
            return (0.0, 0.0);
        }
        let p = self.position(from);
        let per_s = 1000.0 / span;
        ((end.x - p.0) * per_s, (end.y - p.1) * per_s)
    }

    /// How fast the drag's direction was turning near the end, radians per second,
    /// positive clockwise on screen (y down).
    fn spin(&self) -> f64 {
        let end = self.last().t;
        let from = (end - SPIN_WINDOW_MS).max(self.start.t);
        if end - from < 30.0 {
            return 0.0;
        }
        let mid = (from + end) / 2.0;
        let (a, m, b) = (self.position(from), self.position(mid), self.position(end));
        let d1 = (m.0 - a.0, m.1 - a.1);
        let d2 = (b.0 - m.0, b.1 - m.1);
        if d1.0.hypot(d1.1) <= 2.0 || d2.0.hypot(d2.1) <= 2.0 {
            return 0.0;
        }
        let mut turn = d2.1.atan2(d2.0) - d1.1.atan2(d1.0);
        if turn > std::f64::consts::PI {
            turn -= 2.0 * std::f64::consts::PI;
        }
        if turn < -std::f64::consts::PI {
            turn += 2.0 * std::f64::consts::PI;
        }
        // The two headings are half the window apart.
        (turn / ((end - from) / 2000.0)).clamp(-SPIN_LIMIT, SPIN_LIMIT)
    }

    /// The direction the finger is moving (radians, screen axes), or `None` while it is
    /// still: the bundle of sticks under the finger turns across it.
    pub fn heading(&self) -> Option<f64> {
        let v = self.velocity();
        (v.0.hypot(v.1) > MOVING_SPEED).then(|| v.1.atan2(v.0))
    }

    /// Where the finger is now, on the mat.
    pub fn at(&self) -> (f64, f64) {
        let l = self.last();
        (l.x, l.y)
    }

    /// The swipe when the finger lets go at (x, y) at `t_ms` on `mat`, or `None` when it
    /// never left the slop (a tap on the mat does not throw; the Throw button does).
    pub fn release(mut self, x: f64, y: f64, t_ms: f64, mat: Mat) -> Option<Swipe> {
        let t = t_ms.max(self.last().t);
        self.add(x, y, t);
        if !self.swiped {
            return None;
        }
        let (vx, vy) = self.velocity();
        let l = self.last();
        Some(Swipe {
            mat,
            release_x: l.x.clamp(0.0, f64::from(mat.width)) as f32,
            release_y: l.y.clamp(0.0, f64::from(mat.height)) as f32,
            velocity_x: vx.clamp(-SPEED_LIMIT, SPEED_LIMIT) as f32,
            velocity_y: vy.clamp(-SPEED_LIMIT, SPEED_LIMIT) as f32,
            spin: self.spin() as f32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAT: Mat = Mat {
        width: 360.0,
        height: 420.0,
    };

    /// A flick up the mat, one sample a frame: its velocity points up at the finger's
    /// speed, and it is let go where the finger was.
    #[test]
    fn a_flick_throws_up_the_mat_at_its_speed() {
        let mut d = Drag::start(180.0, 380.0, 0.0);
        for i in 1..=10 {
            d.add(180.0, 380.0 - 15.0 * f64::from(i), 16.0 * f64::from(i));
        }
        let s = d.release(180.0, 215.0, 176.0, MAT).expect("a swipe");
        assert!(
            (s.velocity_y + 937.5).abs() < 60.0,
            "15 points a 16 ms frame: {}",
            s.velocity_y
        );
        assert!(s.velocity_x.abs() < 1.0);
        assert_eq!((s.release_x, s.release_y), (180.0, 215.0));
    }

    /// A finger that never leaves the slop is a tap: no throw.
    #[test]
    fn a_touch_within_the_slop_does_not_throw() {
        let mut d = Drag::start(100.0, 100.0, 0.0);
        d.add(104.0, 103.0, 40.0);
        assert_eq!(d.release(105.0, 104.0, 80.0, MAT), None);
    }

    /// A fast drag that stops before letting go throws softly.
    #[test]
    fn a_finger_that_stopped_throws_softly() {
        let mut d = Drag::start(180.0, 400.0, 0.0);
        for i in 1..=8 {
            d.add(180.0, 400.0 - 20.0 * f64::from(i), 16.0 * f64::from(i));
        }
        let s = d.release(180.0, 240.0, 600.0, MAT).expect("a swipe");
        assert!(s.velocity_y.abs() < 1.0, "{}", s.velocity_y);
    }

    /// The drag the Android mat sent for a finger dragged right across it (12 ms apart, mat
    /// points at the hand's height): released moving right at the finger's speed, not
    /// straight, slowly or up the mat.
    #[test]
    fn a_drag_to_the_right_throws_to_the_right() {
        let mat = Mat {
            width: 268.0,
            height: 195.5,
        };
        let mut d = Drag::start(43.91, 147.0, 9872.0);
        for i in 1..=12 {
            let f = f64::from(i);
            d.add(43.91 + 10.539 * f, 147.0 - 0.911 * f, 9872.0 + 12.0 * f);
        }
        let s = d.release(170.38, 136.07, 10016.0, mat).expect("a swipe");
        assert!(
            (s.velocity_x - 878.0).abs() < 20.0,
            "10.5 points a 12 ms frame: {s:?}"
        );
        assert!(
            s.velocity_y < 0.0 && s.velocity_y.abs() < s.velocity_x * 0.1,
            "{s:?}"
        );
        assert!(s.spin.abs() < 0.1, "a straight drag does not spin: {s:?}");
        assert_eq!((s.release_x, s.release_y), (170.38, 136.07));
    }
}
