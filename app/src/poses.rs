//! Where the four sticks are on screen at any moment: in the hand, waiting on the mat, or
//! at a time of a throw's playback (between the flight's frames, out of the hand that let
//! go, or dropping onto their resting poses), and, for a flat view of the mat (the web's),
//! each stick as a 2D drawing. Written once so the shells only keep the time and draw.

use crate::flight::{
    mat_layout, Flight, HandHold, MatLayout, Pose, ShownStick, StickDrawing, Swipe,
};
use crate::view::{ThrowMotion, ThrowShown};
use std::f32::consts::FRAC_PI_2;

/// How long the sticks take to go from the bundle in the hand into their own flight.
pub const HAND_OFF_MS: f32 = 150.0;

/// Straight up the mat: the way a tap drops the sticks, and a still finger holds them.
pub const UP: f32 = -FRAC_PI_2;

/// A finger slower than this many of the sticks' spacings in the hand each second is still.
const STILL_SPACINGS_PER_SECOND: f32 = 1.0;

const STICKS: usize = 4;

/// A point or direction of the mat's world: x, y on the mat (points, y towards the player),
/// z above it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct V3 {
    x: f32,
    y: f32,
    z: f32,
}

const fn v3(x: f32, y: f32, z: f32) -> V3 {
    V3 { x, y, z }
}

impl V3 {
    fn add(self, o: V3) -> V3 {
        v3(self.x + o.x, self.y + o.y, self.z + o.z)
    }
    fn sub(self, o: V3) -> V3 {
        v3(self.x - o.x, self.y - o.y, self.z - o.z)
    }
    fn scale(self, k: f32) -> V3 {
        v3(self.x * k, self.y * k, self.z * k)
    }
    fn dot(self, o: V3) -> f32 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }
    fn cross(self, o: V3) -> V3 {
        v3(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }
    fn length(self) -> f32 {
        self.dot(self).sqrt()
    }
    /// The unit vector along this one (or this one, when it has no length).
    fn normalized(self) -> V3 {
        let l = self.length();
        if l > 1e-6 {
            self.scale(1.0 / l)
        } else {
            self
        }
    }
    fn lerp(self, o: V3, t: f32) -> V3 {
        self.add(o.sub(self).scale(t))
    }
    fn at(self, i: usize) -> f32 {
        match i {
            0 => self.x,
            1 => self.y,
            _ => self.z,
        }
    }
    /// This direction turned `angle` radians about the unit `axis` (right-handed).
    fn rotated(self, axis: V3, angle: f32) -> V3 {
        let (s, c) = angle.sin_cos();
        self.scale(c)
            .add(axis.cross(self).scale(s))
            .add(axis.scale(axis.dot(self) * (1.0 - c)))
    }
}

fn centre(p: &Pose) -> V3 {
    v3(p.x, p.y, p.z)
}
fn axis(p: &Pose) -> V3 {
    v3(p.axis_x, p.axis_y, p.axis_z)
}
fn normal(p: &Pose) -> V3 {
    v3(p.normal_x, p.normal_y, p.normal_z)
}

fn pose_of(c: V3, a: V3, n: V3) -> Pose {
    Pose {
        x: c.x,
        y: c.y,
        z: c.z,
        axis_x: a.x,
        axis_y: a.y,
        axis_z: a.z,
        normal_x: n.x,
        normal_y: n.y,
        normal_z: n.z,
    }
}

/// The pose `t` (0–1) of the way from `a` to `b`: the centre in a straight line, the
/// directions blended, kept unit and square to each other.
fn lerp_pose(a: &Pose, b: &Pose, t: f32) -> Pose {
    let t = t.clamp(0.0, 1.0);
    let ax = axis(a).lerp(axis(b), t).normalized();
    let raw = normal(a).lerp(normal(b), t);
    let n = raw.sub(ax.scale(raw.dot(ax))).normalized();
    pose_of(centre(a).lerp(centre(b), t), ax, n)
}

/// A stick of `frames` (recorded at `fps`) `ms` after the release: between the two frames
/// around that time, its first before the release and its last once it has settled.
fn track_pose(frames: &[Pose], fps: u32, ms: f32) -> Option<Pose> {
    let last = frames.len().checked_sub(1)?;
    let at = if ms.is_nan() {
        0.0
    } else {
        ms * fps.max(1) as f32 / 1000.0
    };
    let at = at.clamp(0.0, last as f32);
    // In 0..=last, so the cast neither wraps nor truncates a whole part.
    let i = (at.floor() as usize).min(last);
    let here = frames.get(i)?;
    let part = at - i as f32;
    Some(match frames.get(i + 1) {
        Some(next) if part > 0.0 => lerp_pose(here, next, part),
        _ => *here,
    })
}

/// How long `flight` moves: to its last frame, or its end if that is later.
fn flight_ms(flight: &Flight) -> f32 {
    let fps = flight.fps.max(1) as f32;
    let frames = flight
        .sticks
        .iter()
        .map(|t| t.frames.len())
        .max()
        .unwrap_or(0);
    let last = frames.saturating_sub(1) as f32 * 1000.0 / fps;
    last.max(flight.end_ms as f32)
}

/// Every stick of `flight` `ms` after the release, in the order of its sticks.
pub fn flight_poses(flight: &Flight, ms: f32) -> Vec<Pose> {
    flight
        .sticks
        .iter()
        .filter_map(|t| track_pose(&t.frames, flight.fps, ms))
        .collect()
}

/// The hold of a finger over `swipe`'s release point moving at its velocity: the sticks
/// point the way it goes, or [`UP`] when it is (nearly) still, as a throw of `swipe` lays
/// them out.
pub fn hand_hold(swipe: Swipe, layout: MatLayout) -> HandHold {
    let (vx, vy) = (swipe.velocity_x, swipe.velocity_y);
    let speed = vx.hypot(vy);
    let still = !speed.is_finite() || speed < layout.hand_spacing * STILL_SPACINGS_PER_SECOND;
    HandHold {
        x: swipe.release_x,
        y: swipe.release_y,
        heading: if still { UP } else { vy.atan2(vx) },
    }
}

/// The four sticks in the hand, as a flight starts them (its frame 0, less the hand's
/// jitter): side by side across the throw `hand_spacing` apart, lengths along the hold's
/// heading, round side up, at the release height, the row centred on the hold; from left to
/// right looking along the throw.
pub fn hand_poses(layout: MatLayout, hold: HandHold) -> Vec<Pose> {
    let heading = if hold.heading.is_finite() {
        hold.heading
    } else {
        UP
    };
    let along = v3(heading.cos(), heading.sin(), 0.0);
    // To the right of the throw, looking along it (y grows towards the player).
    let across = v3(-along.y, along.x, 0.0);
    let c = v3(hold.x, hold.y, layout.release_height);
    (0..STICKS)
        .map(|place| {
            let off = (place as f32 - (STICKS as f32 - 1.0) / 2.0) * layout.hand_spacing;
            pose_of(c.add(across.scale(off)), along, ROUND_SIDE_UP)
        })
        .collect()
}

/// Round side up: the flat face looks down.
const ROUND_SIDE_UP: V3 = v3(0.0, 0.0, -1.0);

/// Four sticks lying round side up side by side in the middle of the near half of the mat,
/// lengths up the mat, waiting to be picked up (before any throw).
pub fn waiting_poses(layout: MatLayout) -> Vec<Pose> {
    let hold = HandHold {
        x: layout.mat.width / 2.0,
        y: layout.mat.height * 0.55,
        heading: UP,
    };
    hand_poses(layout, hold)
        .into_iter()
        .map(|p| Pose { z: 0.0, ..p })
        .collect()
}

/// The shift and the turn that take a flight's first pose to the hand's stick in its place.
#[derive(Clone, Copy, Debug)]
struct Gap {
    shift: V3,
    turn_axis: V3,
    turn: f32,
}

/// For each stick of `first` (a flight's frame 0), its place in the row of `hand`: the
/// sticks taken in order across the throw. Empty when the two do not match.
fn row_places(hand: &[Pose], first: &[Pose]) -> Vec<usize> {
    let (Some(a), Some(b)) = (hand.first(), hand.last()) else {
        return Vec::new();
    };
    if hand.len() != first.len() || hand.len() < 2 {
        return Vec::new();
    }
    let d = centre(b).sub(centre(a));
    let across = v3(d.x, d.y, 0.0).normalized();
    let mut order: Vec<usize> = (0..first.len()).collect();
    order.sort_by(|&i, &j| {
        let key = |k: usize| first.get(k).map_or(0.0, |p| centre(p).dot(across));
        key(i).total_cmp(&key(j))
    });
    let mut places = vec![0; first.len()];
    for (place, i) in order.into_iter().enumerate() {
        if let Some(slot) = places.get_mut(i) {
            *slot = place;
        }
    }
    places
}

/// The shift and the turn from the flight's pose `f` to the hand's `h`.
fn gap(f: &Pose, h: &Pose) -> Gap {
    // A stick looks the same end for end: turn to whichever end of the hand's is nearer.
    let h_axis = if axis(h).dot(axis(f)) < 0.0 {
        axis(h).scale(-1.0)
    } else {
        axis(h)
    };
    let (fa, fn_) = (axis(f).normalized(), normal(f).normalized());
    let (ha, hn) = (h_axis.normalized(), normal(h).normalized());
    let (fb, hb) = (fa.cross(fn_), ha.cross(hn));
    // R = H·Fᵀ, the rotation from the flight's frame to the hand's, as an axis and an angle.
    let r = |i: usize, j: usize| ha.at(i) * fa.at(j) + hn.at(i) * fn_.at(j) + hb.at(i) * fb.at(j);
    let trace = r(0, 0) + r(1, 1) + r(2, 2);
    let angle = ((trace - 1.0) / 2.0).clamp(-1.0, 1.0).acos();
    let ax = v3(r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1));
    let turnable = ax.length() > 1e-6 && angle > 1e-6;
    Gap {
        shift: centre(h).sub(centre(f)),
        turn_axis: if turnable {
            ax.normalized()
        } else {
            v3(0.0, 0.0, 1.0)
        },
        turn: if turnable { angle } else { 0.0 },
    }
}

/// A throw being shown, ready to be asked where its sticks are at any time: the shells
/// keep the clock and draw what this gives.
#[derive(Clone, Debug)]
pub struct Playback {
    shown: ThrowShown,
    /// Per stick of the flight, from its first frame to the hand's stick in its place
    /// (empty without a hand, or for a drop).
    gaps: Vec<Option<Gap>>,
}

impl Playback {
    /// The playback of `shown`; a flight leaves the sticks from `hand` (where the finger that
    /// threw it held them) when given, so nothing jumps at the release.
    pub fn new(shown: ThrowShown, hand: Option<HandHold>) -> Playback {
        let gaps = match (hand, shown.motion) {
            (Some(hold), ThrowMotion::Flight) => {
                let held = hand_poses(mat_layout(shown.flight.mat), hold);
                let first = flight_poses(&shown.flight, 0.0);
                let places = row_places(&held, &first);
                first
                    .iter()
                    .enumerate()
                    .map(|(i, f)| places.get(i).and_then(|&p| held.get(p)).map(|h| gap(f, h)))
                    .collect()
            }
            _ => Vec::new(),
        };
        Playback { shown, gaps }
    }

    /// How long the sticks move, in milliseconds of the shell's clock.
    pub fn duration_ms(&self) -> f32 {
        self.shown
            .lands_at_ms
            .saturating_sub(self.shown.started_at_ms) as f32
    }

    /// Every stick `elapsed_ms` after the sticks left the hand (the shell's clock), in the
    /// order of the flight's sticks: the flight (to its last frame) stretched over the
    /// throw's playing time,
    /// taking over from the hand over its first [`HAND_OFF_MS`]; or a drop that falls onto
    /// the resting poses and fades in. Past the end, the resting poses.
    pub fn sticks_at(&self, elapsed_ms: f32) -> Vec<ShownStick> {
        let flight = &self.shown.flight;
        let duration = self.duration_ms();
        let progress = if duration <= 0.0 || elapsed_ms.is_nan() {
            1.0
        } else {
            (elapsed_ms / duration).clamp(0.0, 1.0)
        };
        let marked = |i: usize| flight.sticks.get(i).is_some_and(|t| t.marked);
        match self.shown.motion {
            ThrowMotion::Flight => {
                let ms = progress * flight_ms(flight);
                let poses = flight_poses(flight, ms);
                let left = if ms < HAND_OFF_MS {
                    let u = (ms / HAND_OFF_MS).clamp(0.0, 1.0);
                    1.0 - u * u * (3.0 - 2.0 * u)
                } else {
                    0.0
                };
                poses
                    .into_iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let pose = match self.gaps.get(i).copied().flatten() {
                            Some(g) if left > 0.0 => {
                                let angle = g.turn * left;
                                pose_of(
                                    centre(&p).add(g.shift.scale(left)),
                                    axis(&p).rotated(g.turn_axis, angle),
                                    normal(&p).rotated(g.turn_axis, angle),
                                )
                            }
                            _ => p,
                        };
                        ShownStick {
                            pose,
                            marked: marked(i),
                            opacity: 1.0,
                        }
                    })
                    .collect()
            }
            ThrowMotion::Drop => {
                // A short fall onto where it comes to rest, fading in.
                let lift = flight.size.length * 0.5 * (1.0 - progress * progress);
                flight
                    .sticks
                    .iter()
                    .filter_map(|t| t.frames.last().map(|rest| (t.marked, rest)))
                    .map(|(marked, rest)| ShownStick {
                        pose: Pose {
                            z: rest.z + lift,
                            ..*rest
                        },
                        marked,
                        opacity: 0.4 + 0.6 * progress,
                    })
                    .collect()
            }
        }
    }

    /// [`Playback::sticks_at`] drawn flat ([`drawings`]), for every frame of the flight's
    /// rate from the release to the landing: the web's page plays these back without asking
    /// its worker each frame.
    pub fn frames(&self) -> Vec<Vec<StickDrawing>> {
        let fps = u64::from(self.shown.flight.fps.max(1));
        let span = self
            .shown
            .lands_at_ms
            .saturating_sub(self.shown.started_at_ms);
        let count = span.saturating_mul(fps).div_ceil(1000).saturating_add(1);
        let layout = mat_layout(self.shown.flight.mat);
        (0..count)
            .map(|k| drawings(layout, &self.sticks_at(k as f32 * 1000.0 / fps as f32)))
            .collect()
    }
}

/// The sticks seen from straight above, in a light perspective (a stick higher up looks
/// larger and further from the middle of the mat), each a flat quad with its shadow, in the
/// order to draw them (lowest first). Sticks on the mat stay inside it.
pub fn drawings(layout: MatLayout, sticks: &[ShownStick]) -> Vec<StickDrawing> {
    let (w, h) = (layout.mat.width, layout.mat.height);
    let eye = 2.5 * w.max(h);
    let mut order: Vec<&ShownStick> = sticks.iter().collect();
    order.sort_by(|a, b| a.pose.z.total_cmp(&b.pose.z));
    order
        .into_iter()
        .map(|s| {
            let p = &s.pose;
            let k = eye / (eye * 0.4).max(eye - p.z);
            let a = axis(p).normalized();
            // The side across the flat face, as seen from above; a stick on its edge shows
            // a sliver of it across its length.
            let side = normal(p).cross(a);
            let seen = v3(side.x, side.y, 0.0).length();
            let dir = if seen > 1e-3 {
                v3(side.x / seen, side.y / seen, 0.0)
            } else {
                v3(-a.y, a.x, 0.0).normalized()
            };
            let half_across = seen.max(0.18) * layout.size.width * 0.5 * k;
            let half_along = layout.size.length * 0.5 * k;
            StickDrawing {
                x: w / 2.0 + (p.x - w / 2.0) * k,
                y: h / 2.0 + (p.y - h / 2.0) * k,
                along_x: a.x * half_along,
                along_y: a.y * half_along,
                across_x: dir.x * half_across,
                across_y: dir.y * half_across,
                shadow_x: p.z.max(0.0) * 0.25 + 2.0,
                shadow_y: p.z.max(0.0) * 0.4 + 2.0,
                flat_up: p.normal_z > 0.0,
                marked: s.marked,
                opacity: s.opacity,
            }
        })
        .collect()
}

/// The waiting sticks drawn flat (see [`drawings`]): none marked, round side up.
pub fn waiting_drawings(layout: MatLayout) -> Vec<StickDrawing> {
    let sticks: Vec<ShownStick> = waiting_poses(layout)
        .into_iter()
        .map(|pose| ShownStick {
            pose,
            marked: false,
            opacity: 1.0,
        })
        .collect();
    drawings(layout, &sticks)
}

#[cfg(all(test, feature = "physics"))]
mod tests;
