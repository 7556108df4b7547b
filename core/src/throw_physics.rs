//! The throw made physical: four yut sticks leave the finger, tumble, bounce and settle on
//! a mat, simulated with rapier3d.
//!
//! The result is drawn first by the game's RNG (saves, replays, bots and odds never see the
//! swipe). This module then finds, deterministically from the swipe, a simulated throw that
//! comes to rest on exactly the drawn faces: it runs the launch the swipe asks for and, when a
//! run lands wrong, re-runs it with small changes to the spin of the sticks that landed wrong.
//! Only how many sticks show the flat side is left to chance, because the Back-Do mark is
//! given afterwards to a stick that landed the way the marked stick must: the sticks lie in
//! the hand round side up, so no one can see which one carries the mark until they land.
//! After a bounded number of tries a gentle low toss, spun by exactly the half-turns each
//! stick needs, is simulated instead; it is a real run too, never a snap.
//!
//! Units: the simulation works in metres and seconds (y up); everything handed out is in the
//! app's mat points (x right, y down the screen, z the height above the mat) and
//! milliseconds, so the apps draw without knowing the scale.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rapier3d::prelude::*;
use serde::{Deserialize, Serialize};

/// The mat as the app lays it out, in points. Any size is accepted; an unusable one (not
/// finite, not positive, or thinner than 1:2) is replaced by a sensible mat.
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

/// What the throw must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// Per drawn stick, flat side up (stick 0 is marked).
    pub flat: [bool; 4],
    /// One stick must end off the mat (낙).
    pub nak: bool,
}

// ----- the model (metres, kilograms, seconds) -----

/// A real 윷가락 is about a span long: 15 cm, 3.4 cm across, the round back 1.6 cm high.
const LENGTH: f32 = 0.15;
const HALF_WIDTH: f32 = 0.017;
const THICKNESS: f32 = 0.016;
/// Segments of the rounded back.
const ARC_SEGMENTS: usize = 8;
/// The mat's shorter side, metres: a 멍석 for a table game.
const MAT_SHORT_SIDE: f32 = 0.72;
const RIM_HEIGHT: f32 = 0.03;
const RIM_THICKNESS: f32 = 0.03;
/// Birch-like wood.
const WOOD_DENSITY: f32 = 650.0;
/// Where the hand lets go above the mat.
const RELEASE_HEIGHT: f32 = 0.16;
const STEP_HZ: u32 = 120;
const FPS: u32 = 60;
/// A run that has not settled by then is a failed run.
const MAX_SECONDS: f32 = 4.0;
/// Still for this long = settled.
const SETTLE_SECONDS: f32 = 0.2;
const SETTLE_LINVEL: f32 = 0.02;
const SETTLE_ANGVEL: f32 = 0.35;
/// The air's and the cloth's drag on a spinning stick; also stops the round back rocking.
const ANGULAR_DAMPING: f32 = 0.9;
/// Runs tried before the gentle toss.
const MAX_TRIES: u32 = 12;
/// Gentle tosses tried after that.
const GENTLE_TRIES: u32 = 8;
/// Fastest throw along the mat, metres per second.
const MAX_SPEED: f32 = 3.2;
/// Impulse that plays at full strength (a hard flick's first landing).
const FULL_IMPULSE: f32 = 0.02;
/// Softer knocks than this make no sound.
const MIN_IMPULSE: f32 = 0.0012;
/// Sticks sunk into each other deeper than this at rest would look broken.
const MAX_REST_PENETRATION: f32 = 0.002;

/// One stick's launch.
#[derive(Clone, Copy, Debug)]
struct Launch {
    position: Vector,
    yaw: f32,
    /// Roll about the stick's length at release (π: round side up).
    roll: f32,
    linvel: Vector,
    angvel: Vector,
}

/// The world's scale and extent for one mat.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    mat: Mat,
    /// Points per metre.
    scale: f32,
    half_x: f32,
    half_z: f32,
}

impl Mat {
    fn usable(self) -> Mat {
        let ok = |v: f32| v.is_finite() && v > 1.0 && v < 100_000.0;
        if !ok(self.width) || !ok(self.height) {
            return Mat::default();
        }
        let aspect = self.width / self.height;
        if !(0.5..=2.0).contains(&aspect) {
            return Mat::default();
        }
        self
    }
}

impl Geometry {
    fn new(mat: Mat) -> Geometry {
        let mat = mat.usable();
        let scale = mat.width.min(mat.height) / MAT_SHORT_SIDE;
        Geometry {
            mat,
            scale,
            half_x: mat.width / scale / 2.0,
            half_z: mat.height / scale / 2.0,
        }
    }

    fn size(&self) -> StickSize {
        StickSize {
            length: LENGTH * self.scale,
            width: 2.0 * HALF_WIDTH * self.scale,
            thickness: THICKNESS * self.scale,
            rim: RIM_HEIGHT * self.scale,
        }
    }

    fn on_mat(&self, p: Vector) -> bool {
        p.x.abs() < self.half_x && p.z.abs() < self.half_z
    }

    fn pose(&self, iso: &Pose3) -> Pose {
        let t = iso.translation;
        let axis = iso.rotation * Vector::X;
        let normal = iso.rotation * Vector::Y;
        Pose {
            x: (t.x + self.half_x) * self.scale,
            y: (t.z + self.half_z) * self.scale,
            z: t.y * self.scale,
            axis: [axis.x, axis.z, axis.y],
            normal: [normal.x, normal.z, normal.y],
        }
    }
}

fn finite_or(v: f32, or: f32) -> f32 {
    if v.is_finite() {
        v
    } else {
        or
    }
}

/// The launch the swipe asks for, before any perturbation.
fn launches(g: &Geometry, swipe: &Swipe, seed: u64) -> [Launch; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let margin = 0.12;
    let rx = finite_or(swipe.release_x / g.scale - g.half_x, 0.0)
        .clamp(-g.half_x + margin, g.half_x - margin);
    let rz = finite_or(swipe.release_y / g.scale - g.half_z, 0.0)
        .clamp(-g.half_z + margin, g.half_z - margin);
    let vx = finite_or(swipe.velocity_x / g.scale, 0.0);
    let vz = finite_or(swipe.velocity_y / g.scale, 0.0);
    let speed = (vx * vx + vz * vz).sqrt().min(MAX_SPEED * 3.0);
    // The direction the sticks go; a tap drops them towards the far side.
    let (dx, dz) = if speed > 0.05 {
        (vx / speed, vz / speed)
    } else {
        (0.0, -1.0)
    };
    let strength = (speed / MAX_SPEED).clamp(0.0, 1.0);
    let up = 1.3 + 1.0 * strength;
    let fall = (up + (up * up + 2.0 * 9.81 * RELEASE_HEIGHT).sqrt()) / 9.81;
    // How far the mat goes from the release point in the throw's direction, so that a hard
    // flick still comes down on the mat and bounces off the edge rather than over it.
    let room = {
        let tx = if dx.abs() > 1e-4 {
            ((g.half_x - 0.1) * dx.signum() - rx) / dx
        } else {
            f32::INFINITY
        };
        let tz = if dz.abs() > 1e-4 {
            ((g.half_z - 0.1) * dz.signum() - rz) / dz
        } else {
            f32::INFINITY
        };
        tx.min(tz).max(0.0)
    };
    let along = (strength * MAX_SPEED).min(room / fall).max(0.15);
    let spin = finite_or(swipe.spin, 0.0).clamp(-12.0, 12.0);
    // Sticks lie across the throw, one behind the other, like a bundle in the fist.
    let yaw0 = libm::atan2f(-dz, dx) + std::f32::consts::FRAC_PI_2;
    let (side_x, side_z) = (-dz, dx);
    let roll_rate = 7.0 + 20.0 * strength;
    std::array::from_fn(|i| {
        let k = i as f32 - 1.5;
        let jitter = |rng: &mut ChaCha8Rng, r: f32| rng.gen_range(-r..=r);
        let position = Vector::new(
            rx + dx * k * 0.04 + jitter(&mut rng, 0.01),
            RELEASE_HEIGHT + 0.012 * (i % 2) as f32,
            rz + dz * k * 0.04 + jitter(&mut rng, 0.01),
        );
        let spread = 0.12 + 0.25 * strength;
        let forward = along * (1.0 + 0.12 * k / 1.5 + jitter(&mut rng, 0.06));
        let lateral = spread * k / 1.5 + jitter(&mut rng, 0.05);
        let linvel = Vector::new(
            dx * forward + side_x * lateral,
            up + jitter(&mut rng, 0.15),
            dz * forward + side_z * lateral,
        );
        // Roll about the length (the flick's topspin), yaw from the drag's curve.
        let roll = roll_rate * (1.0 + jitter(&mut rng, 0.35));
        let yaw_rate = -spin * 0.6 + jitter(&mut rng, 2.0);
        let yaw = yaw0 + jitter(&mut rng, 0.25);
        Launch {
            position,
            yaw,
            roll: std::f32::consts::PI,
            linvel,
            angvel: stick_axis(yaw) * roll + Vector::new(0.0, yaw_rate, 0.0),
        }
    })
}

/// How far the flat face is rolled about the stick's length from facing straight up
/// (0: flat up, ±π: flat down).
fn roll_from_up(r: &Rotation) -> f32 {
    let axis = *r * Vector::X;
    let normal = *r * Vector::Y;
    let up = Vector::Y - axis * axis.y;
    if up.length_squared() < 1e-6 {
        return 0.0;
    }
    let u = up.normalize();
    let v = axis.cross(u);
    libm::atan2f(normal.dot(v), normal.dot(u))
}

/// The stick's length direction for a yaw about the vertical.
fn stick_axis(yaw: f32) -> Vector {
    Vector::new(libm::cosf(yaw), 0.0, -libm::sinf(yaw))
}

fn rotation(yaw: f32, roll: f32) -> Rotation {
    Rotation::from_axis_angle(Vector::Y, yaw) * Rotation::from_axis_angle(Vector::X, roll)
}

/// The half-round section: a flat face at y = 0, the back curving down to -THICKNESS.
fn stick_collider() -> Option<ColliderBuilder> {
    let mut points = Vec::with_capacity(2 * (ARC_SEGMENTS + 1));
    for end in [-LENGTH / 2.0, LENGTH / 2.0] {
        for s in 0..=ARC_SEGMENTS {
            let a = std::f32::consts::PI * s as f32 / ARC_SEGMENTS as f32;
            points.push(Vector::new(
                end,
                -THICKNESS * libm::sinf(a),
                HALF_WIDTH * libm::cosf(a),
            ));
        }
    }
    ColliderBuilder::convex_hull(&points).map(|c| {
        c.density(WOOD_DENSITY)
            .friction(0.45)
            .restitution(0.32)
            .restitution_combine_rule(CoefficientCombineRule::Average)
    })
}

/// What one simulated run did.
struct Run {
    frames: [Vec<Pose>; 4],
    contacts: Vec<Contact>,
    settle_ms: [u32; 4],
    flat_up: [bool; 4],
    /// Final centre of each stick, world.
    rest: [Vector; 4],
    /// Ever crossed out of the mat's area.
    left: [bool; 4],
    /// Lying tilted on something: no clear face.
    unclear: [bool; 4],
    overlap: bool,
    settled: bool,
    /// First touch-down of each stick: seconds after release, and the roll of its flat face
    /// from straight up then (radians, -π..π).
    impact: [Option<(f32, f32)>; 4],
}

/// Collider user data: what each collider is.
const TAG_MAT: u128 = 10;
const TAG_EDGE: u128 = 11;
const TAG_FLOOR: u128 = 12;

/// Runs the launch. With `want_flat`, gives up as soon as the sticks already at rest show
/// more flat or more round faces than the target allows (the rest of a failed run would only
/// cost time).
fn simulate(g: &Geometry, launch: &[Launch; 4], want_flat: Option<usize>) -> Run {
    let mut world = PhysicsWorld::new();
    world.integration_parameters.dt = 1.0 / STEP_HZ as f32;
    // Sticks are a few centimetres: tolerances scaled to a 10 cm world, not a metre one.
    world.integration_parameters.length_unit = 0.1;
    // The floor beyond the mat, the mat (cloth on it), and the raised edges.
    world.insert(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.5 - 0.004, 0.0)),
        ColliderBuilder::cuboid(20.0, 0.5, 20.0)
            .friction(0.35)
            .restitution(0.3)
            .user_data(TAG_FLOOR),
    );
    world.insert(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.002, 0.0)),
        ColliderBuilder::cuboid(g.half_x, 0.002, g.half_z)
            .friction(0.9)
            .restitution(0.05)
            .user_data(TAG_MAT),
    );
    let (hx, hz, t) = (g.half_x, g.half_z, RIM_THICKNESS / 2.0);
    for (cx, cz, ex, ez) in [
        (0.0, -hz - t, hx + 2.0 * t, t),
        (0.0, hz + t, hx + 2.0 * t, t),
        (-hx - t, 0.0, t, hz),
        (hx + t, 0.0, t, hz),
    ] {
        world.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(cx, RIM_HEIGHT / 2.0 - 0.004, cz)),
            ColliderBuilder::cuboid(ex, RIM_HEIGHT / 2.0 + 0.002, ez)
                .friction(0.5)
                .restitution(0.45)
                .user_data(TAG_EDGE),
        );
    }
    let mut bodies = Vec::with_capacity(4);
    let mut colliders = Vec::with_capacity(4);
    for (i, l) in launch.iter().enumerate() {
        let Some(shape) = stick_collider() else {
            break;
        };
        let (b, c) = world.insert(
            RigidBodyBuilder::dynamic()
                .pose(Pose3::from_parts(l.position, rotation(l.yaw, l.roll)))
                .linvel(l.linvel)
                .angvel(l.angvel)
                .linear_damping(0.05)
                .angular_damping(ANGULAR_DAMPING)
                .ccd_enabled(true),
            shape.user_data(i as u128),
        );
        bodies.push(b);
        colliders.push(c);
    }
    let mut run = Run {
        frames: Default::default(),
        contacts: Vec::new(),
        settle_ms: [0; 4],
        flat_up: [false; 4],
        rest: [Vector::ZERO; 4],
        left: [false; 4],
        unclear: [true; 4],
        overlap: false,
        settled: false,
        impact: [None; 4],
    };
    if bodies.len() < 4 {
        return run;
    }
    let step_ms = 1000.0 / STEP_HZ as f32;
    let settle_steps = (SETTLE_SECONDS * STEP_HZ as f32) as u32;
    let mut still = [0u32; 4];
    // Pairs touching after the last step, and when each last knocked.
    let mut touching: Vec<(u128, u128)> = Vec::new();
    let mut last_knock: Vec<((u128, u128), u32)> = Vec::new();
    let max_steps = (MAX_SECONDS * STEP_HZ as f32) as u32;
    let per_frame = STEP_HZ / FPS;
    for (i, b) in bodies.iter().enumerate() {
        run.frames[i].push(g.pose(world.bodies[*b].position()));
    }
    for step in 1..=max_steps {
        world.step();
        let at_ms = (step as f32 * step_ms) as u32;
        // Knocks: a pair that starts touching with a real impulse.
        let mut now = Vec::new();
        for pair in world.narrow_phase.contact_pairs() {
            if !pair.has_any_active_contact() {
                continue;
            }
            let (Some(c1), Some(c2)) = (
                world.colliders.get(pair.collider1),
                world.colliders.get(pair.collider2),
            ) else {
                continue;
            };
            let (a, b) = (
                c1.user_data.min(c2.user_data),
                c1.user_data.max(c2.user_data),
            );
            now.push((a, b));
            let impulse = pair.total_impulse_magnitude();
            let fresh = !touching.contains(&(a, b));
            let recent = last_knock
                .iter()
                .any(|(p, t)| *p == (a, b) && at_ms.saturating_sub(*t) < 60);
            if a < 4 && b >= TAG_MAT && run.impact[a as usize].is_none() {
                if let Some(body) = bodies.get(a as usize).and_then(|h| world.bodies.get(*h)) {
                    run.impact[a as usize] =
                        Some((at_ms as f32 / 1000.0, roll_from_up(body.rotation())));
                }
            }
            if fresh && !recent && impulse >= MIN_IMPULSE && a < 4 {
                let against = match b {
                    TAG_MAT => Against::Mat,
                    TAG_EDGE => Against::Edge,
                    TAG_FLOOR => Against::Floor,
                    other => Against::Stick(other as u8),
                };
                run.contacts.push(Contact {
                    at_ms,
                    stick: a as u8,
                    against,
                    impulse,
                    strength: (impulse / FULL_IMPULSE).clamp(0.05, 1.0),
                });
                last_knock.retain(|(p, _)| *p != (a, b));
                last_knock.push(((a, b), at_ms));
            }
        }
        touching = now;
        let mut all_still = true;
        for (i, b) in bodies.iter().enumerate() {
            let body = &world.bodies[*b];
            if !g.on_mat(body.translation()) {
                run.left[i] = true;
            }
            let moving =
                body.linvel().length() > SETTLE_LINVEL || body.angvel().length() > SETTLE_ANGVEL;
            if moving {
                still[i] = 0;
            } else {
                if still[i] == 0 {
                    run.settle_ms[i] = at_ms;
                }
                still[i] += 1;
            }
            if still[i] < settle_steps {
                all_still = false;
            }
            if step % per_frame == 0 {
                run.frames[i].push(g.pose(body.position()));
            }
        }
        if let Some(want) = want_flat {
            let done = |flat: bool| {
                (0..4)
                    .filter(|i| {
                        still[*i] >= settle_steps && {
                            let up = world.bodies[bodies[*i]].rotation() * Vector::Y;
                            (up.y > 0.0) == flat
                        }
                    })
                    .count()
            };
            if !all_still && (done(true) > want || done(false) > 4 - want) {
                break;
            }
        }
        if all_still {
            run.settled = true;
            if step % per_frame != 0 {
                for (i, b) in bodies.iter().enumerate() {
                    run.frames[i].push(g.pose(world.bodies[*b].position()));
                }
            }
            break;
        }
    }
    for (i, b) in bodies.iter().enumerate() {
        let body = &world.bodies[*b];
        let up = body.rotation() * Vector::Y;
        run.flat_up[i] = up.y > 0.0;
        run.unclear[i] = up.y.abs() < 0.8;
        run.rest[i] = body.translation();
    }
    for i in 0..4 {
        for j in i + 1..4 {
            if let Some(pair) = world.narrow_phase.contact_pair(colliders[i], colliders[j]) {
                let deep = pair
                    .manifolds()
                    .iter()
                    .any(|m| m.points.iter().any(|p| p.dist < -MAX_REST_PENETRATION));
                run.overlap |= deep;
            }
        }
    }
    run
}

/// Which drawn stick each simulated stick becomes, when the run shows the drawn faces:
/// `order[label] = simulated stick`.
fn relabel(run: &Run, g: &Geometry, target: &Target) -> Option<[usize; 4]> {
    if !run.settled || run.overlap || run.unclear.iter().any(|u| *u) {
        return None;
    }
    let off: Vec<usize> = (0..4).filter(|i| !g.on_mat(run.rest[*i])).collect();
    let expected_off = usize::from(target.nak);
    if off.len() != expected_off {
        return None;
    }
    // Outside a 낙, no stick may even pass over the edge.
    if !target.nak && run.left.iter().any(|l| *l) {
        return None;
    }
    let mut order = [usize::MAX; 4];
    let mut used = [false; 4];
    for (label, want) in target.flat.iter().enumerate() {
        let pick = (0..4).find(|i| !used[*i] && run.flat_up[*i] == *want)?;
        used[pick] = true;
        order[label] = pick;
    }
    Some(order)
}

fn flight(g: &Geometry, run: Run, order: [usize; 4], tries: u32, fallback: bool) -> Flight {
    let mut label_of = [0u8; 4];
    for (label, sim) in order.iter().enumerate() {
        label_of[*sim] = label as u8;
    }
    let mut frames = run.frames;
    let sticks = order
        .iter()
        .enumerate()
        .map(|(label, sim)| StickTrack {
            marked: label == 0,
            flat_up: run.flat_up[*sim],
            off_mat: !g.on_mat(run.rest[*sim]),
            settle_ms: run.settle_ms[*sim],
            frames: std::mem::take(&mut frames[*sim]),
        })
        .collect::<Vec<_>>();
    let contacts = run
        .contacts
        .iter()
        .map(|c| Contact {
            stick: label_of[c.stick as usize % 4],
            against: match c.against {
                Against::Stick(s) => Against::Stick(label_of[s as usize % 4]),
                other => other,
            },
            ..*c
        })
        .collect();
    let end_ms = sticks.iter().map(|s| s.settle_ms).max().unwrap_or(0);
    Flight {
        fps: FPS,
        mat: g.mat,
        size: g.size(),
        sticks,
        contacts,
        end_ms,
        tries,
        fallback,
    }
}

/// A low toss from just above the mat, each stick turned by exactly the half-turns its face
/// needs during the short flight: what the search falls back to when the swipe's own launch
/// keeps landing wrong.
fn gentle(g: &Geometry, target: &Target, seed: u64, attempt: u32) -> [Launch; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6E74_6C65 ^ u64::from(attempt) << 32);
    let height = 0.10 + 0.015 * attempt as f32;
    let up = 1.2;
    let fall = (up + (up * up + 2.0 * 9.81 * height).sqrt()) / 9.81;
    let nak_stick = (seed % 4) as usize;
    std::array::from_fn(|i| {
        let k = i as f32 - 1.5;
        let yaw = std::f32::consts::FRAC_PI_2 + rng.gen_range(-0.3..=0.3);
        let mut linvel = Vector::new(rng.gen_range(-0.05..=0.05), up, -0.2);
        let position = Vector::new(k * 0.06, height, 0.05 + rng.gen_range(-0.02..=0.02));
        if target.nak && i == nak_stick {
            // Over the edge on the near side.
            let to_edge = g.half_z - position.z + 0.12;
            linvel.z = to_edge / fall;
        }
        // Round side up in the hand: a flat face needs one half-turn, a round one a full turn
        // (never zero, so every stick tumbles).
        let turns = if target.flat[i] { 1.0 } else { 2.0 };
        let roll_rate = turns * std::f32::consts::PI / (fall * 0.98);
        Launch {
            position,
            yaw,
            roll: std::f32::consts::PI,
            linvel,
            angvel: stick_axis(yaw) * roll_rate,
        }
    })
}

/// Mixes the inputs into the search's seed, so the same swipe gives the same throw.
fn seed_of(swipe: &Swipe, target: &Target, salt: u64) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325 ^ salt;
    let mut eat = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0100_0000_01B3);
        h ^= h >> 29;
    };
    for v in [
        swipe.mat.width,
        swipe.mat.height,
        swipe.release_x,
        swipe.release_y,
        swipe.velocity_x,
        swipe.velocity_y,
        swipe.spin,
    ] {
        eat(u64::from(v.to_bits()));
    }
    for f in target.flat {
        eat(u64::from(f));
    }
    eat(u64::from(target.nak));
    h
}

/// Simulates the throw the swipe made, landing on `target`. `salt` tells one throw of the
/// game from the next (two identical swipes still look different). Deterministic: the same
/// inputs give the same flight on every device.
pub fn throw(swipe: &Swipe, target: Target, salt: u64) -> Flight {
    let g = Geometry::new(swipe.mat);
    let seed = seed_of(swipe, &target, salt);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let mut launch = launches(&g, swipe, seed);
    let nak_stick = (seed >> 7) as usize % 4;
    if target.nak {
        send_off(&g, &mut launch[nak_stick]);
    }
    let want_flat = target.flat.iter().filter(|f| **f).count();
    for tries in 1..=MAX_TRIES {
        let run = simulate(&g, &launch, Some(want_flat));
        if let Some(order) = relabel(&run, &g, &target) {
            return flight(&g, run, order, tries, false);
        }
        perturb(&run, &g, &target, &mut launch, nak_stick, &mut rng);
    }
    for attempt in 0..GENTLE_TRIES {
        let launch = gentle(&g, &target, seed, attempt);
        let run = simulate(&g, &launch, None);
        if let Some(order) = relabel(&run, &g, &target) {
            return flight(&g, run, order, MAX_TRIES + attempt + 1, true);
        }
    }
    // Still reached today (about 2 throws in 100 in `yut throws`, see the README): the game
    // never stops on a throw, so the last gentle run is returned with the faces it shows.
    let launch = gentle(&g, &target, seed, 0);
    let run = simulate(&g, &launch, None);
    flight(&g, run, [0, 1, 2, 3], MAX_TRIES + GENTLE_TRIES + 1, true)
}

/// Sends a stick over the nearest side edge for a 낙.
fn send_off(g: &Geometry, l: &mut Launch) {
    let up = l.linvel.y.max(1.2);
    let fall = (up + (up * up + 2.0 * 9.81 * l.position.y).sqrt()) / 9.81;
    let (dist_x, dist_z) = (g.half_x - l.position.x.abs(), g.half_z - l.position.z.abs());
    l.linvel.y = up;
    if dist_x < dist_z {
        l.linvel.x = l.position.x.signum().max(0.0) * 2.0 - 1.0;
        l.linvel.x *= (dist_x + 0.15) / fall;
    } else {
        l.linvel.z = l.position.z.signum().max(0.0) * 2.0 - 1.0;
        l.linvel.z *= (dist_z + 0.15) / fall;
    }
}

/// Changes the launch of as many sticks as must change face, and of any that went wrong in
/// another way, leaving the sticks that landed well alone. A stick to turn over gets the
/// extra roll that brings its flat face to the wanted side at the moment it first touched
/// down in the last run (Δω = Δroll / time in the air, allowing for the air's damping).
fn perturb(
    run: &Run,
    g: &Geometry,
    target: &Target,
    launch: &mut [Launch; 4],
    nak_stick: usize,
    rng: &mut ChaCha8Rng,
) {
    let want_flat = target.flat.iter().filter(|f| **f).count();
    // What each stick should show next run: its own face unless chosen to turn.
    let mut want: [bool; 4] = run.flat_up;
    let mut redo = [false; 4];
    for i in 0..4 {
        let off = !g.on_mat(run.rest[i]);
        let stray = (!target.nak || i != nak_stick) && (off || run.left[i]);
        if stray {
            // Too hard towards an edge: a little softer and more upward.
            launch[i].linvel.x *= 0.7;
            launch[i].linvel.z *= 0.7;
            redo[i] = true;
        }
        if target.nak && i == nak_stick && !off {
            launch[i].linvel.x *= 1.25;
            launch[i].linvel.z *= 1.25;
            launch[i].linvel.y += 0.3;
        }
        redo[i] |= run.unclear[i];
    }
    let got_flat = run.flat_up.iter().filter(|f| **f).count();
    if got_flat != want_flat {
        let turn_to = got_flat < want_flat;
        // The sticks that came closest to the other face turn first.
        let mut candidates: Vec<(usize, f32)> = (0..4)
            .filter(|i| run.flat_up[*i] != turn_to)
            .map(|i| {
                let closeness = run.impact[i].map_or(0.0, |(_, phi)| {
                    let to = if turn_to {
                        phi.abs()
                    } else {
                        std::f32::consts::PI - phi.abs()
                    };
                    -to
                });
                (i, closeness + rng.gen_range(0.0..0.3))
            })
            .collect();
        candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (i, _) in candidates.into_iter().take(got_flat.abs_diff(want_flat)) {
            want[i] = turn_to;
            redo[i] = true;
        }
    }
    if run.overlap || !run.settled {
        for r in &mut redo {
            *r |= rng.gen_bool(0.5);
        }
    }
    for i in 0..4 {
        if !redo[i] {
            continue;
        }
        let l = &mut launch[i];
        let axis = stick_axis(l.yaw);
        let target_phi = if want[i] { 0.0 } else { std::f32::consts::PI };
        let delta = match run.impact[i] {
            Some((t, phi)) if t > 0.05 => {
                let mut d = target_phi - phi + rng.gen_range(-0.25..=0.25);
                while d > std::f32::consts::PI {
                    d -= 2.0 * std::f32::consts::PI;
                }
                while d < -std::f32::consts::PI {
                    d += 2.0 * std::f32::consts::PI;
                }
                let c = ANGULAR_DAMPING;
                d * c / (1.0 - libm::expf(-c * t))
            }
            _ => rng.gen_range(-4.0..=4.0),
        };
        l.angvel += axis * delta;
        l.angvel.y += rng.gen_range(-0.5..=0.5);
    }
}

/// How deep the sticks of a flight sink into each other at rest, checked from its last
/// poses alone (independently of the run that made it): pairs deeper than 2 mm.
pub fn overlaps_at_rest(flight: &Flight) -> usize {
    let g = Geometry::new(flight.mat);
    let Some(shape) = stick_collider().map(|c| c.build()) else {
        return 0;
    };
    let poses: Vec<Pose3> = flight
        .sticks
        .iter()
        .filter_map(|s| s.frames.last())
        .map(|p| {
            let at = Vector::new(
                p.x / g.scale - g.half_x,
                p.z / g.scale,
                p.y / g.scale - g.half_z,
            );
            let axis = Vector::new(p.axis[0], p.axis[2], p.axis[1]);
            let normal = Vector::new(p.normal[0], p.normal[2], p.normal[1]);
            let side = axis.cross(normal);
            let m = Mat3::from_cols(axis, normal, side);
            Pose3::from_parts(at, Rotation::from_mat3(&m))
        })
        .collect();
    let mut deep = 0;
    for i in 0..poses.len() {
        for j in i + 1..poses.len() {
            if let Ok(Some(c)) = rapier3d::parry::query::contact(
                &poses[i],
                shape.shape(),
                &poses[j],
                shape.shape(),
                0.0,
            ) {
                if c.dist < -MAX_REST_PENETRATION {
                    deep += 1;
                }
            }
        }
    }
    deep
}

/// Whether any stick of the flight passed beyond the mat's area at any frame (outside a
/// 낙, where one must).
pub fn left_mat(flight: &Flight) -> usize {
    flight
        .sticks
        .iter()
        .filter(|s| {
            s.frames.iter().any(|p| {
                p.x < 0.0 || p.y < 0.0 || p.x > flight.mat.width || p.y > flight.mat.height
            })
        })
        .count()
}
