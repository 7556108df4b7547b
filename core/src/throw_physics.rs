//! The throw made physical: four yut sticks leave the finger, tumble, bounce and settle on
//! a mat, simulated with rapier3d.
//!
//! The result is drawn first by the game's RNG (saves, replays, bots and odds never see the
//! swipe). This module then finds, deterministically from the swipe, a simulated throw that
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

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rapier3d::prelude::*;
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
const RIM_THICKNESS: f32 = 0.05;
/// How far ahead (metres) a moving stick looks for contacts each step.
const SOFT_CCD: f32 = 0.03;
/// Birch-like wood.
const WOOD_DENSITY: f32 = 650.0;
/// Where the hand lets go above the mat.
const RELEASE_HEIGHT: f32 = 0.2;
const STEP_HZ: u32 = 100;
const FPS: u32 = 60;
/// A run that has not settled by then is a failed run.
const MAX_SECONDS: f32 = 4.0;
/// A stick still moving after this is flown again: a throw is over within 2.5 s.
const LATEST_REST_MS: u32 = 2300;
/// Still for this long = settled.
const SETTLE_SECONDS: f32 = 0.2;
const SETTLE_LINVEL: f32 = 0.012;
const SETTLE_ANGVEL: f32 = 0.25;
/// The air's and the cloth's drag on a spinning stick; also stops the round back rocking.
const ANGULAR_DAMPING: f32 = 0.9;
/// Upward speed of a tap's toss, and what the hardest flick adds, metres per second.
const TOSS_UP: f32 = 3.3;
const TOSS_UP_FLICK: f32 = 0.7;
/// Straw and cloth swallow a stick's spin and slide once it touches: damping while in
/// contact with the mat (the air's is `ANGULAR_DAMPING`).
const MAT_ANGULAR_DAMPING: f32 = 30.0;
const MAT_LINEAR_DAMPING: f32 = 1.5;
/// Whole plans of a throw, each from the same hand, before the first is shown as it is.
const WHOLE_PASSES: u64 = 3;
/// Runs of one stick alone before gentler tosses of it.
const ALONE_TRIES: u32 = 4;
/// Gentle tosses of one stick after that.
const GENTLE_TRIES: u32 = 12;
/// How far apart the sticks leave the hand, centre to centre, metres.
const HAND_SPACING: f32 = 0.06;
/// The fastest the drag's curve turns the bundle, radians per second.
const MAX_TWIST: f32 = 2.5;
/// Where a stick first comes down, at least this far inside the mat's edge, metres.
const LANDING_MARGIN: f32 = 0.1;
/// The air's drag on a flying stick.
const AIR_LINEAR_DAMPING: f32 = 0.05;
/// Fastest throw along the mat, metres per second.
const MAX_SPEED: f32 = 3.2;
/// Impulse that plays at full strength (a hard flick's first landing).
const FULL_IMPULSE: f32 = 0.02;
/// Softer knocks than this make no sound.
const MIN_IMPULSE: f32 = 0.0012;
/// Sticks sunk into each other deeper than this at rest would look broken.
const MAX_REST_PENETRATION: f32 = 0.002;
/// A run where two sticks sink further into each other while they knock is not used (the
/// flight's frames are checked against `MAX_REST_PENETRATION`, with this margin).
const MAX_KNOCK_DEPTH: f32 = 0.0018;

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
        if !(1.0 / 3.0..=3.0).contains(&aspect) {
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

/// The roll rate that turns a stick from round side up in the hand to `flat` (or round)
/// side up at the moment it first comes down, `fall` seconds after release, as close to
/// `nominal` as the half-turns allow: the spin is aimed, not left to chance, so most
/// throws land right on their first run. Allows for the air's damping of the spin.
fn aimed_roll(flat: bool, fall: f32, nominal: f32) -> f32 {
    let c = ANGULAR_DAMPING;
    let reach = (1.0 - libm::expf(-c * fall)) / c;
    let wanted = nominal * reach;
    let pi = std::f32::consts::PI;
    // Half-turns: odd ones end flat side up, even ones (never zero) round side up.
    let first = if flat { 1.0 } else { 2.0 };
    let mut best = first * pi;
    let mut turns = first;
    while turns < 40.0 {
        if (turns * pi - wanted).abs() < (best - wanted).abs() {
            best = turns * pi;
        }
        turns += 2.0;
    }
    best / reach
}

/// Seconds from release until a stick at `height` thrown up at `up` comes down to `floor`.
fn fall_time(height: f32, up: f32, floor: f32) -> f32 {
    let drop = (height - floor).max(0.0);
    (up + (up * up + 2.0 * 9.81 * drop).sqrt()) / 9.81
}

/// The launch the swipe asks for, before any perturbation; `aims[i]`: stick i is spun to
/// come down flat side up.
fn launches(g: &Geometry, swipe: &Swipe, seed: u64, aims: [bool; 4]) -> [Launch; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The bundle (four sticks side by side) starts on the mat, whichever way it lies.
    let margin = 0.08 + 1.5 * HAND_SPACING;
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
    // Yut sticks are tossed up, not slid: even a tap lifts them a hand's breadth, and a
    // hard flick throws them higher as well as further.
    let up = TOSS_UP + TOSS_UP_FLICK * strength;
    let fall = fall_time(RELEASE_HEIGHT, up, 0.01);
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
    let along = (strength * MAX_SPEED).min(room / fall).max(0.1);
    let twist = (-0.3 * finite_or(swipe.spin, 0.0)).clamp(-MAX_TWIST, MAX_TWIST);
    // The sticks leave the hand side by side, nearly parallel, lying along the throw, and
    // fan out: none can catch up with another, and they knock only when the twist or the
    // landing brings them together.
    let (side_x, side_z) = (-dz, dx);
    let yaw0 = libm::atan2f(-dz, dx);
    let roll_rate = 8.0 + 16.0 * strength;
    std::array::from_fn(|i| {
        let k = i as f32 - 1.5;
        let jitter = |rng: &mut ChaCha8Rng, r: f32| rng.gen_range(-r..=r);
        let height = RELEASE_HEIGHT + 0.012 * (i % 2) as f32;
        let position = Vector::new(
            rx + side_x * k * HAND_SPACING + jitter(&mut rng, 0.01),
            height,
            rz + side_z * k * HAND_SPACING + jitter(&mut rng, 0.01),
        );
        let spread = 0.12 + 0.25 * strength;
        let forward = along * (1.0 + 0.12 * k / 1.5 + jitter(&mut rng, 0.06));
        let lateral = spread * k / 1.5 + jitter(&mut rng, 0.05);
        let lift = up + jitter(&mut rng, 0.15);
        // The drag's curve twists the whole bundle: each stick turns about its own centre
        // and is carried round the bundle's, so the sticks keep clear of each other.
        let (ax, az) = (position.x - rx, position.z - rz);
        let mut linvel = Vector::new(
            dx * forward + side_x * lateral + twist * az,
            lift,
            dz * forward + side_z * lateral - twist * ax,
        );
        // Each stick first comes down on the mat: a hard flick reaches the far edge by
        // sliding and bouncing, never by flying over it.
        linvel = keep_on_mat(g, position, linvel);
        // Roll about the length (the flick's topspin), aimed at the stick's face; yaw from
        // the drag's curve.
        let floor = if aims[i] { THICKNESS } else { 0.004 };
        let nominal = roll_rate * (1.0 + jitter(&mut rng, 0.3));
        let roll = aimed_roll(aims[i], fall_time(height, lift, floor), nominal);
        let yaw_rate = twist + jitter(&mut rng, 0.3);
        let yaw = yaw0 + jitter(&mut rng, 0.05);
        Launch {
            position,
            yaw,
            roll: std::f32::consts::PI,
            linvel,
            angvel: stick_axis(yaw) * roll + Vector::new(0.0, yaw_rate, 0.0),
        }
    })
}

/// `linvel` with its speed along the mat scaled down so that a stick launched from
/// `position` first comes down at least `LANDING_MARGIN` inside the mat's edge.
fn keep_on_mat(g: &Geometry, position: Vector, linvel: Vector) -> Vector {
    let t = fall_time(position.y, linvel.y, 0.01);
    let inside = |p: f32, v: f32, half: f32| {
        let edge = (half - LANDING_MARGIN).max(0.0);
        let land = p + v * t;
        if land.abs() <= edge || (v * t).abs() < 1e-6 {
            1.0
        } else {
            ((edge * land.signum() - p) / (v * t)).clamp(0.0, 1.0)
        }
    };
    let fit = inside(position.x, linvel.x, g.half_x).min(inside(position.z, linvel.z, g.half_z));
    Vector::new(linvel.x * fit, linvel.y, linvel.z * fit)
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

/// The half-round section (a flat face at y = 0, the back curving down to -THICKNESS) and
/// its mass, made once: a convex hull and its inertia cost more than a whole step.
fn stick_shape() -> Option<&'static (SharedShape, MassProperties)> {
    static SHAPE: std::sync::OnceLock<Option<(SharedShape, MassProperties)>> =
        std::sync::OnceLock::new();
    SHAPE
        .get_or_init(|| {
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
            let shape = SharedShape::convex_hull(&points)?;
            let mass = shape.mass_properties(WOOD_DENSITY);
            Some((shape, mass))
        })
        .as_ref()
}

fn stick_collider() -> Option<ColliderBuilder> {
    let (shape, mass) = stick_shape()?;
    Some(
        ColliderBuilder::new(shape.clone())
            .mass_properties(*mass)
            .friction(0.45)
            .restitution(0.15)
            .restitution_combine_rule(CoefficientCombineRule::Average),
    )
}

/// What one stick did in a simulated run.
#[derive(Clone)]
struct StickRun {
    /// Which of the four sticks (its index in the launch).
    index: usize,
    frames: Vec<Pose>,
    /// The same frames in the simulation's units.
    shown: Vec<Pose3>,
    /// Its pose after every step (the first at release): how it is replayed as an obstacle
    /// when another stick is flown again.
    steps: Vec<Pose3>,
    /// This stick's knocks.
    contacts: Vec<Contact>,
    /// Touched another stick that flew with it: its path depends on that stick's.
    knocked: bool,
    settle_ms: u32,
    /// Still for `SETTLE_SECONDS` when the run ended.
    settled: bool,
    flat_up: bool,
    /// Final centre, world.
    rest: Vector,
    /// Ever crossed out of the mat's area.
    left: bool,
    /// Lying tilted on something: no clear face.
    unclear: bool,
    /// First touch-down: seconds after release, and the roll of its flat face from straight
    /// up then (radians, -π..π).
    impact: Option<(f32, f32)>,
}

/// What one simulated run did.
struct Run {
    sticks: Vec<StickRun>,
    /// Two sticks sunk into each other at rest.
    overlap: bool,
    /// How deep two sticks ever sank into each other while knocking, metres (a run where
    /// they sink visibly far is not used).
    deepest: f32,
}

impl Run {
    fn settled(&self) -> bool {
        self.sticks.iter().all(|s| s.settled)
    }
}

/// Collider user data: what each collider is (sticks are their index, 0..4).
const TAG_MAT: u128 = 10;
const TAG_EDGE: u128 = 11;
const TAG_FLOOR: u128 = 12;

/// The mat, its edges and the floor around it.
fn world_for(g: &Geometry) -> PhysicsWorld {
    let mut world = PhysicsWorld::new();
    world.integration_parameters.dt = 1.0 / STEP_HZ as f32;
    // Sticks are a few centimetres: tolerances scaled to a 10 cm world, not a metre one.
    world.integration_parameters.length_unit = 0.1;
    // No swept CCD (it recomputes a convex hull's mass at every sweep: most of a step's
    // cost); the thick mat and rims and soft CCD keep fast sticks from tunnelling.
    world.integration_parameters.max_ccd_substeps = 0;
    world.insert(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.5 - 0.004, 0.0)),
        ColliderBuilder::cuboid(20.0, 0.5, 20.0)
            .friction(0.35)
            .restitution(0.3)
            .user_data(TAG_FLOOR),
    );
    // The mat is a thick block (its top at y = 0) so that a fast stick can never pass
    // through it between two steps.
    world.insert(
        RigidBodyBuilder::fixed().translation(Vector::new(0.0, -0.05, 0.0)),
        ColliderBuilder::cuboid(g.half_x, 0.05, g.half_z)
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
    world
}

/// Runs the launch of one to four sticks (`(index, launch)`), knocking into each other and
/// into `obstacles`: sticks whose flight is already decided, replayed step by step (they
/// push the new stick aside but are not moved by it). With `want_flat`, gives up as soon as
/// the sticks already at rest show more flat or more round faces than that (the rest of a
/// failed run would only cost time).
fn simulate(
    g: &Geometry,
    launch: &[(usize, Launch)],
    obstacles: &[&StickRun],
    want_flat: Option<usize>,
) -> Run {
    let mut world = world_for(g);
    let n = launch.len().min(4);
    let mut slot_of: [Option<usize>; 4] = [None; 4];
    let mut bodies = Vec::with_capacity(n);
    let mut colliders = Vec::with_capacity(4);
    for (slot, (index, l)) in launch.iter().take(n).enumerate() {
        let Some(shape) = stick_collider() else {
            break;
        };
        let (b, c) = world.insert(
            RigidBodyBuilder::dynamic()
                .pose(Pose3::from_parts(l.position, rotation(l.yaw, l.roll)))
                .linvel(l.linvel)
                .angvel(l.angvel)
                .linear_damping(AIR_LINEAR_DAMPING)
                .angular_damping(ANGULAR_DAMPING)
                .soft_ccd_prediction(SOFT_CCD)
                // The run ends when every stick is still; none needs to sleep before.
                .can_sleep(false),
            shape.user_data((*index % 4) as u128),
        );
        slot_of[*index % 4] = Some(slot);
        bodies.push(b);
        colliders.push(c);
    }
    let mut replayed = Vec::with_capacity(obstacles.len());
    for o in obstacles {
        let (Some(shape), Some(first)) = (stick_collider(), o.steps.first()) else {
            continue;
        };
        let (b, c) = world.insert(
            RigidBodyBuilder::kinematic_position_based()
                .pose(*first)
                .soft_ccd_prediction(SOFT_CCD)
                // Asleep, it would stop following its track.
                .can_sleep(false),
            shape.user_data((o.index % 4) as u128),
        );
        replayed.push((b, o.steps.as_slice()));
        colliders.push(c);
    }
    let mut run = Run {
        sticks: launch
            .iter()
            .take(bodies.len())
            .map(|(index, _)| StickRun {
                index: *index,
                frames: Vec::new(),
                shown: Vec::new(),
                steps: Vec::with_capacity(320),
                contacts: Vec::new(),
                knocked: false,
                settle_ms: 0,
                settled: false,
                flat_up: false,
                rest: Vector::ZERO,
                left: false,
                unclear: true,
                impact: None,
            })
            .collect(),
        overlap: false,
        deepest: 0.0,
    };
    if bodies.len() < n {
        return run;
    }
    let step_ms = 1000.0 / STEP_HZ as f32;
    let settle_steps = (SETTLE_SECONDS * STEP_HZ as f32) as u32;
    let mut still = vec![0u32; n];
    // Pairs touching after the last step, and when each last knocked.
    let mut touching: Vec<(u128, u128)> = Vec::new();
    let mut last_knock: Vec<((u128, u128), u32)> = Vec::new();
    let max_steps = (MAX_SECONDS * STEP_HZ as f32) as u32;
    let record = |world: &PhysicsWorld, run: &mut Run| {
        for (s, b) in run.sticks.iter_mut().zip(&bodies) {
            if let Some(body) = world.bodies.get(*b) {
                s.steps.push(*body.position());
            }
        }
    };
    record(&world, &mut run);
    for step in 1..=max_steps {
        for (b, steps) in &replayed {
            let at = steps.get(step as usize).or(steps.last());
            if let (Some(body), Some(at)) = (world.bodies.get_mut(*b), at) {
                body.set_next_kinematic_position(*at);
            }
        }
        world.step();
        let at_ms = (step as f32 * step_ms) as u32;
        // Knocks: a pair that starts touching with a real impulse.
        let mut now = Vec::new();
        let mut grounded = [false; 4];
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
            if a >= 4 {
                continue;
            }
            now.push((a, b));
            // The stick this knock belongs to (a flying one), and what it struck.
            let (stick, against) = match b {
                TAG_MAT => (a, Against::Mat),
                TAG_EDGE => (a, Against::Edge),
                TAG_FLOOR => (a, Against::Floor),
                other if slot_of[a as usize].is_some() => (a, Against::Stick(other as u8)),
                other => (other, Against::Stick(a as u8)),
            };
            let Some(slot) = slot_of.get(stick as usize).copied().flatten() else {
                continue;
            };
            if let Against::Stick(other) = against {
                run.sticks[slot].knocked = true;
                if let Some(o) = slot_of[other as usize % 4] {
                    run.sticks[o].knocked = true;
                }
            } else {
                grounded[slot] = true;
                if run.sticks[slot].impact.is_none() {
                    if let Some(body) = world.bodies.get(bodies[slot]) {
                        run.sticks[slot].impact =
                            Some((at_ms as f32 / 1000.0, roll_from_up(body.rotation())));
                    }
                }
            }
            let impulse = pair.total_impulse_magnitude();
            let fresh = !touching.contains(&(a, b));
            let recent = last_knock
                .iter()
                .any(|(p, t)| *p == (a, b) && at_ms.saturating_sub(*t) < 60);
            if fresh && !recent && impulse >= MIN_IMPULSE {
                run.sticks[slot].contacts.push(Contact {
                    at_ms,
                    stick: stick as u8,
                    against,
                    impulse,
                    strength: (impulse / FULL_IMPULSE).clamp(0.05, 1.0),
                });
                last_knock.retain(|(p, _)| *p != (a, b));
                last_knock.push(((a, b), at_ms));
            }
        }
        touching = now;
        // How deep any flying stick sinks into another, measured on the hulls themselves (a
        // contact manifold holds only a few points, and misses some).
        {
            let flying: Vec<Pose3> = bodies
                .iter()
                .filter_map(|b| world.bodies.get(*b).map(|b| *b.position()))
                .collect();
            let others: Vec<Pose3> = replayed
                .iter()
                .filter_map(|(b, _)| world.bodies.get(*b).map(|b| *b.position()))
                .collect();
            for (i, a) in flying.iter().enumerate() {
                for b in flying.iter().skip(i + 1).chain(others.iter()) {
                    if apart(a, b) {
                        continue;
                    }
                    run.deepest = run.deepest.max(sink_depth(a, b));
                }
            }
        }
        let mut all_still = true;
        for (i, b) in bodies.iter().enumerate() {
            let Some(body) = world.bodies.get_mut(*b) else {
                continue;
            };
            // Straw and cloth swallow spin and slide; the air hardly does.
            let (lin, ang) = if grounded[i] {
                (MAT_LINEAR_DAMPING, MAT_ANGULAR_DAMPING)
            } else {
                (AIR_LINEAR_DAMPING, ANGULAR_DAMPING)
            };
            body.set_linear_damping(lin);
            body.set_angular_damping(ang);
            if !g.on_mat(body.translation()) {
                run.sticks[i].left = true;
            }
            let moving =
                body.linvel().length() > SETTLE_LINVEL || body.angvel().length() > SETTLE_ANGVEL;
            if moving {
                still[i] = 0;
            } else {
                if still[i] == 0 {
                    run.sticks[i].settle_ms = at_ms;
                }
                still[i] += 1;
            }
            if still[i] < settle_steps {
                all_still = false;
            }
        }
        // A stick flown among others is not done while one of them is still moving: it may
        // yet be pushed.
        let replaying = replayed
            .iter()
            .any(|(_, steps)| (step as usize) + 1 < steps.len());
        all_still &= !replaying;
        record(&world, &mut run);
        if let Some(want) = want_flat {
            let done = |flat: bool| {
                (0..n)
                    .filter(|i| {
                        still[*i] >= settle_steps
                            && world.bodies.get(bodies[*i]).is_some_and(|b| {
                                let up = b.rotation() * Vector::Y;
                                (up.y > 0.0) == flat
                            })
                    })
                    .count()
            };
            if !all_still && (done(true) > want || done(false) > n.saturating_sub(want)) {
                break;
            }
        }
        if all_still {
            break;
        }
    }
    for s in &mut run.sticks {
        s.shown = frames_of(&s.steps);
        s.frames = s.shown.iter().map(|p| g.pose(p)).collect();
    }
    // What the apps draw between steps must not show sticks through each other either.
    for i in 0..run.sticks.len() {
        let mine = &run.sticks[i].shown;
        let others = run.sticks[i + 1..]
            .iter()
            .map(|s| &s.shown)
            .chain(obstacles.iter().map(|o| &o.shown));
        for theirs in others {
            let frames = mine.len().max(theirs.len());
            for f in 0..frames {
                if let (Some(a), Some(b)) =
                    (mine.get(f).or(mine.last()), theirs.get(f).or(theirs.last()))
                {
                    run.deepest = run.deepest.max(sink_depth(a, b));
                }
            }
        }
    }
    for (i, b) in bodies.iter().enumerate() {
        let Some(body) = world.bodies.get(*b) else {
            continue;
        };
        let up = body.rotation() * Vector::Y;
        let s = &mut run.sticks[i];
        s.settled = still[i] >= settle_steps;
        s.flat_up = up.y > 0.0;
        s.unclear = up.y.abs() < 0.8;
        s.rest = body.translation();
    }
    for i in 0..n {
        for j in i + 1..colliders.len() {
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

/// The stick's hull in its own frame: its corners, the normals of its faces (the flat face,
/// the two ends, the facets of the rounded back) and the directions of its edges.
struct Hull {
    corners: Vec<Vector>,
    normals: Vec<Vector>,
    edges: Vec<Vector>,
}

fn hull() -> &'static Hull {
    static HULL: std::sync::OnceLock<Hull> = std::sync::OnceLock::new();
    HULL.get_or_init(|| {
        let arc: Vec<(f32, f32)> = (0..=ARC_SEGMENTS)
            .map(|s| {
                let a = std::f32::consts::PI * s as f32 / ARC_SEGMENTS as f32;
                (-THICKNESS * libm::sinf(a), HALF_WIDTH * libm::cosf(a))
            })
            .collect();
        let corners = [-LENGTH / 2.0, LENGTH / 2.0]
            .iter()
            .flat_map(|x| arc.iter().map(move |(y, z)| Vector::new(*x, *y, *z)))
            .collect();
        let mut normals = vec![Vector::Y, Vector::X, -Vector::X];
        let mut edges = vec![Vector::X, Vector::Z];
        for w in arc.windows(2) {
            let (dy, dz) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
            let n = Vector::new(0.0, dz, -dy).normalize_or_zero();
            let mid = Vector::new(0.0, (w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0);
            normals.push(if n.dot(mid) < 0.0 { -n } else { n });
            edges.push(Vector::new(0.0, dy, dz).normalize_or_zero());
        }
        Hull {
            corners,
            normals,
            edges,
        }
    })
}

/// How deep two sticks sink into each other, metres (0 when apart): the least overlap of
/// their shadows on every separating axis two convex solids can have (each one's face
/// normals, and the cross products of their edges). Exact, and the same whichever stick
/// comes first, which the general contact queries were not for these thin hulls.
fn sink_depth(a: &Pose3, b: &Pose3) -> f32 {
    if apart(a, b) {
        return 0.0;
    }
    let h = hull();
    let ca: Vec<Vector> = h.corners.iter().map(|c| *a * *c).collect();
    let cb: Vec<Vector> = h.corners.iter().map(|c| *b * *c).collect();
    let span = |cs: &[Vector], n: Vector| {
        cs.iter()
            .map(|c| c.dot(n))
            .fold((f32::MAX, f32::MIN), |(lo, hi), d| (lo.min(d), hi.max(d)))
    };
    let mut depth = f32::MAX;
    let mut test = |n: Vector| {
        let n = n.normalize_or_zero();
        if n == Vector::ZERO {
            return true;
        }
        let (a0, a1) = span(&ca, n);
        let (b0, b1) = span(&cb, n);
        let overlap = (a1 - b0).min(b1 - a0);
        depth = depth.min(overlap);
        overlap > 0.0
    };
    for n in &h.normals {
        if !test(a.rotation * *n) || !test(b.rotation * *n) {
            return 0.0;
        }
    }
    for ea in &h.edges {
        for eb in &h.edges {
            if !test((a.rotation * *ea).cross(b.rotation * *eb)) {
                return 0.0;
            }
        }
    }
    depth.max(0.0)
}

/// Whether two sticks certainly do not touch: their axes (the length through the flat
/// face's centre, which every point of a stick lies within `HALF_WIDTH` of) are further apart
/// than two of those. Cheaper than asking for the hulls' contact.
fn apart(a: &Pose3, b: &Pose3) -> bool {
    let half = Vector::X * (LENGTH / 2.0);
    let (p, d1) = (a.translation, a.rotation * half * 2.0);
    let (q, d2) = (b.translation, b.rotation * half * 2.0);
    let (p, q) = (p - d1 / 2.0, q - d2 / 2.0);
    segment_distance(p, d1, q, d2) > 2.0 * HALF_WIDTH + 0.002
}

/// The distance between segments p..p+d1 and q..q+d2 (the closest points clamped to both).
fn segment_distance(p: Vector, d1: Vector, q: Vector, d2: Vector) -> f32 {
    let r = p - q;
    let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
    let (c, b) = (d1.dot(r), d1.dot(d2));
    let denom = a * e - b * b;
    let mut s = if denom > 1e-9 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = if e > 1e-9 { (b * s + f) / e } else { 0.0 };
    if t < 0.0 {
        t = 0.0;
        s = if a > 1e-9 {
            (-c / a).clamp(0.0, 1.0)
        } else {
            0.0
        };
    } else if t > 1.0 {
        t = 1.0;
        s = if a > 1e-9 {
            ((b - c) / a).clamp(0.0, 1.0)
        } else {
            0.0
        };
    }
    ((p + d1 * s) - (q + d2 * t)).length()
}

/// A track at the apps' frame rate from one at the simulation's step rate: each frame
/// between the two steps around it (position straight, rotation along the shortest arc), and
/// a last frame on the last step, so that every track ends at rest.
fn frames_of(steps: &[Pose3]) -> Vec<Pose3> {
    let Some(last) = steps.last() else {
        return Vec::new();
    };
    let span = (steps.len() - 1) as f32 / STEP_HZ as f32;
    let count = (span * FPS as f32).floor() as usize + 1;
    let mut frames: Vec<Pose3> = (0..count)
        .map(|f| {
            let at = f as f32 * STEP_HZ as f32 / FPS as f32;
            let i = (at.floor() as usize).min(steps.len() - 1);
            let j = (i + 1).min(steps.len() - 1);
            let t = at - i as f32;
            let (a, b) = (&steps[i], &steps[j]);
            Pose3::from_parts(
                a.translation.lerp(b.translation, t),
                a.rotation.slerp(b.rotation, t),
            )
        })
        .collect();
    if (count - 1) as f32 * (STEP_HZ as f32 / FPS as f32) < (steps.len() - 1) as f32 {
        frames.push(*last);
    }
    frames
}

/// Whether a stick's run can stand in the throw: at rest (and soon enough), lying clearly on
/// one face, on the mat without ever crossing its edge (or, for the stick sent off in a 낙,
/// off it).
fn usable(g: &Geometry, s: &StickRun, off: bool) -> bool {
    s.settled
        && s.settle_ms <= LATEST_REST_MS
        && !s.unclear
        && if off { !g.on_mat(s.rest) } else { !s.left }
}

/// Which drawn stick each simulated stick becomes, when the run shows the drawn faces:
/// `order[label] = simulated stick`. The sticks lie round side up in the hand, so which
/// one carries the Back-Do mark is only seen when they land: the mark goes to a stick that
/// landed the way the marked stick must.
fn relabel(run: &Run, g: &Geometry, target: &Target) -> Option<[usize; 4]> {
    if run.sticks.len() != 4 || !run.settled() || run.overlap || run.deepest > MAX_KNOCK_DEPTH {
        return None;
    }
    let off: Vec<usize> = (0..4).filter(|i| !g.on_mat(run.sticks[*i].rest)).collect();
    if off.len() != usize::from(target.nak) {
        return None;
    }
    for (i, s) in run.sticks.iter().enumerate() {
        if !usable(g, s, off.contains(&i)) {
            return None;
        }
    }
    let mut order = [usize::MAX; 4];
    let mut used = [false; 4];
    for (label, want) in target.flat.iter().enumerate() {
        let pick = (0..4).find(|i| !used[*i] && run.sticks[*i].flat_up == *want)?;
        used[pick] = true;
        order[label] = pick;
    }
    Some(order)
}

/// The flight handed out: `run.sticks[order[label]]` becomes drawn stick `label`.
fn flight(g: &Geometry, run: Run, order: [usize; 4], tries: u32, fallback: bool) -> Flight {
    let mut label_of = [0u8; 4];
    for (label, sim) in order.iter().enumerate() {
        if let Some(s) = run.sticks.get(*sim) {
            label_of[s.index % 4] = label as u8;
        }
    }
    let mut sticks_in = run.sticks;
    // Every track runs to the end of the throw: a stick at rest keeps its last pose.
    let frames = sticks_in.iter().map(|s| s.frames.len()).max().unwrap_or(0);
    for s in &mut sticks_in {
        if let Some(last) = s.frames.last().copied() {
            s.frames.resize(frames, last);
        }
    }
    let mut contacts: Vec<Contact> = sticks_in
        .iter()
        .flat_map(|s| s.contacts.iter())
        .map(|c| Contact {
            stick: label_of[c.stick as usize % 4],
            against: match c.against {
                Against::Stick(s) => Against::Stick(label_of[s as usize % 4]),
                other => other,
            },
            ..*c
        })
        .collect();
    contacts.sort_by_key(|c| (c.at_ms, c.stick));
    let sticks = order
        .iter()
        .enumerate()
        .filter_map(|(label, sim)| {
            let s = sticks_in.get_mut(*sim)?;
            Some(StickTrack {
                marked: label == 0,
                flat_up: s.flat_up,
                off_mat: !g.on_mat(s.rest),
                settle_ms: s.settle_ms,
                frames: std::mem::take(&mut s.frames),
            })
        })
        .collect::<Vec<_>>();
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
///
/// The four sticks fly together, knocking into each other where they meet, with their
/// spins aimed at the faces. When the run lands wrong, the sticks that touched no other
/// stick and landed usably keep their flight (nothing else shaped it), and the others are
/// flown again one at a time, with the decided sticks replayed around them, until each
/// shows its face: see [`settle`].
pub fn throw(swipe: &Swipe, target: Target, salt: u64) -> Flight {
    let seed = seed_of(swipe, &target, salt);
    // Resting on the right faces is not enough: a stick may not be seen leaving the mat
    // (only a 낙's does), nor lie in or pass through another.
    let good = |f: &Flight| {
        f.shows(&target)
            && f.end_ms <= LATEST_REST_MS
            && (target.nak || left_mat(f) == 0)
            && overlaps_at_rest(f) == 0
            && overlapping_frames(f) == 0
    };
    let first = plan(swipe, target, seed);
    if good(&first) {
        return first;
    }
    // The rare throw whose every bounded search missed is planned again from the same hand
    // with other small differences between the sticks, rather than shown wrong; if none
    // lands right, the first pass stands.
    let mut tries = first.tries;
    for pass in 1..WHOLE_PASSES {
        let mut f = plan(
            swipe,
            target,
            seed ^ pass.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        tries += f.tries;
        if good(&f) {
            f.tries = tries;
            return f;
        }
    }
    // A flick too hard for its mat can end in a wrong flight in every pass (sticks heaped
    // in one another at rest, seen once here): the same hand, thrown softer (down to a
    // drop), rather than a wrong flight shown.
    for (pass, soften) in [0.5f32, 0.25, 0.0].into_iter().enumerate() {
        let softer = Swipe {
            velocity_x: swipe.velocity_x * soften,
            velocity_y: swipe.velocity_y * soften,
            spin: swipe.spin * soften,
            ..*swipe
        };
        let mut f = plan(
            &softer,
            target,
            seed ^ (WHOLE_PASSES + pass as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        tries += f.tries;
        if good(&f) {
            f.tries = tries;
            f.fallback = true;
            return f;
        }
    }
    Flight { tries, ..first }
}

/// One pass of [`throw`], all of its randomness from `seed`.
fn plan(swipe: &Swipe, target: Target, seed: u64) -> Flight {
    let g = Geometry::new(swipe.mat);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    // Which sticks are aimed flat: as many as the target shows, chosen by the seed (any
    // stick may become any drawn one, see `relabel`).
    let want_flat = target.flat.iter().filter(|f| **f).count();
    let mut aims = [false; 4];
    let mut order = [0usize, 1, 2, 3];
    for i in (1..4).rev() {
        order.swap(i, rng.gen_range(0..=i));
    }
    for i in order.iter().take(want_flat) {
        aims[*i] = true;
    }
    let mut launch = launches(&g, swipe, seed, aims);
    // For a 낙, the stick nearest an edge of the mat goes over it (it crosses no other).
    let nak_stick = nearest_edge(&g, &launch);
    if target.nak {
        send_off(&g, &mut launch[nak_stick]);
    }
    let together: Vec<(usize, Launch)> = launch.iter().copied().enumerate().collect();
    let run = simulate(&g, &together, &[], None);
    if let Some(order) = relabel(&run, &g, &target) {
        return flight(&g, run, order, 1, false);
    }
    settle(&g, &target, launch, aims, nak_stick, &mut rng, run)
}

/// Finishes a throw whose run landed wrong. What each stick must show: its own face where
/// it landed usably without touching another stick, else its aim; then as many turned over
/// as the count needs (unusable ones first, then those nearest the other face when they
/// came down). Each stick that must change is flown again on its own, its spin changed by
/// what its last run showed, with the sticks already decided replayed around it (so it
/// knocks into them rather than passing through), until it lands right. Each stick's search
/// is bounded and ends in gentle tosses of that stick.
fn settle(
    g: &Geometry,
    target: &Target,
    launch: [Launch; 4],
    aims: [bool; 4],
    nak_stick: usize,
    rng: &mut ChaCha8Rng,
    first: Run,
) -> Flight {
    let mut sims = 1;
    let k = target.flat.iter().filter(|f| **f).count();
    let off = |i: usize| target.nak && i == nak_stick;
    let sticks = first.sticks;
    if sticks.len() != 4 {
        let run = Run {
            sticks,
            overlap: false,
            deepest: 0.0,
        };
        return flight(g, run, [0, 1, 2, 3], sims, true);
    }
    let good: Vec<bool> = (0..4)
        .map(|i| usable(g, &sticks[i], off(i)) && !sticks[i].knocked)
        .collect();
    let mut want: [bool; 4] =
        std::array::from_fn(|i| if good[i] { sticks[i].flat_up } else { aims[i] });
    let have = want.iter().filter(|w| **w).count();
    if have != k {
        let turn_to = have < k;
        let mut candidates: Vec<(usize, f32)> = (0..4)
            .filter(|i| want[*i] != turn_to)
            .map(|i| {
                let nearness = if good[i] {
                    sticks[i].impact.map_or(0.0, |(_, phi)| {
                        if turn_to {
                            -phi.abs()
                        } else {
                            phi.abs() - std::f32::consts::PI
                        }
                    })
                } else {
                    10.0
                };
                (i, nearness + rng.gen_range(0.0..0.3))
            })
            .collect();
        candidates.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (i, _) in candidates.into_iter().take(have.abs_diff(k)) {
            want[i] = turn_to;
        }
    }
    // First around the sticks kept from the first run; if a stick cannot be fitted among
    // them, every stick is flown again, one after the other.
    let mut fallback = false;
    let mut decided: Vec<Option<StickRun>> = Vec::new();
    for keep in [true, false] {
        decided = sticks
            .iter()
            .enumerate()
            .map(|(i, s)| (keep && good[i] && s.flat_up == want[i]).then(|| s.clone()))
            .collect();
        let mut fitted = true;
        for i in 0..4 {
            if decided[i].is_some() {
                continue;
            }
            let around: Vec<&StickRun> = decided.iter().flatten().collect();
            let (run, outcome) = alone(
                g,
                launch[i],
                want[i],
                off(i),
                &sticks[i],
                &around,
                rng,
                &mut sims,
            );
            fitted &= outcome != Alone::Missed;
            fallback |= outcome == Alone::Gentle;
            decided[i] = Some(run);
        }
        if fitted {
            break;
        }
    }
    let run = Run {
        sticks: decided.into_iter().flatten().collect(),
        overlap: false,
        deepest: 0.0,
    };
    let order = relabel(&run, g, target).unwrap_or([0, 1, 2, 3]);
    flight(g, run, order, sims, fallback)
}

/// How a stick flown alone ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alone {
    /// On its face, from a changed launch.
    Landed,
    /// On its face, from one of the gentle tosses.
    Gentle,
    /// Every try went wrong; the run returned is the best of them.
    Missed,
}

/// One stick flown on its own (among `around`, the sticks already decided) until it lands
/// `flat` side up (or off the mat, for `off`): its launch changed each try by what the last
/// run showed; after `ALONE_TRIES`, gentler tosses from the same hand. Returns the run and
/// whether it was a gentle toss.
#[allow(clippy::too_many_arguments)]
fn alone(
    g: &Geometry,
    mut launch: Launch,
    flat: bool,
    off: bool,
    last: &StickRun,
    around: &[&StickRun],
    rng: &mut ChaCha8Rng,
    sims: &mut u32,
) -> (StickRun, Alone) {
    let index = last.index;
    let mut last = last.clone();
    let mut best: Option<StickRun> = None;
    let base = launch;
    // Along the mat, each try is the first launch scaled by `soft` (less after crossing an
    // edge, more for a 낙 that stayed on) plus `aside`.
    let mut soft = 1.0f32;
    let mut aside = Vector::ZERO;
    let mut pushes = 0;
    for attempt in 0..ALONE_TRIES + GENTLE_TRIES {
        let gentle = attempt >= ALONE_TRIES;
        if off {
            if g.on_mat(last.rest) {
                soft *= 1.25;
            }
        } else if last.left || !g.on_mat(last.rest) {
            soft *= 0.6;
        }
        // Came down on or against the sticks already decided: fly towards open mat, away
        // from the nearest of them and towards the middle; crowded again, away from where
        // they all left the hand as well.
        let crowded = last.knocked || last.unclear;
        if crowded && !off {
            if let Some(near) = around.iter().map(|o| o.rest).min_by(|a, b| {
                (*a - last.rest)
                    .length()
                    .total_cmp(&(*b - last.rest).length())
            }) {
                let away = Vector::new(last.rest.x - near.x, 0.0, last.rest.z - near.z)
                    .normalize_or_zero();
                let centre = Vector::new(-last.rest.x, 0.0, -last.rest.z).normalize_or_zero();
                let starts: Vec<Vector> = around
                    .iter()
                    .filter_map(|o| o.steps.first())
                    .map(|p| p.translation)
                    .collect();
                let apart = if pushes > 0 && !starts.is_empty() {
                    let mean = starts.iter().copied().sum::<Vector>() / starts.len() as f32;
                    Vector::new(base.position.x - mean.x, 0.0, base.position.z - mean.z)
                        .normalize_or_zero()
                } else {
                    Vector::ZERO
                };
                pushes += 1;
                aside =
                    (away * 0.5 + centre + apart).normalize_or_zero() * rng.gen_range(0.2..0.35);
            }
        }
        let calm = if gentle {
            launch = gentle_toss(launch, flat, attempt - ALONE_TRIES, rng);
            0.3 / (1.0 + (attempt - ALONE_TRIES) as f32)
        } else {
            respin(&mut launch, &last, flat, rng);
            1.0
        };
        let along = if off { soft } else { soft * calm };
        launch.linvel.x = base.linvel.x * along + aside.x;
        launch.linvel.z = base.linvel.z * along + aside.z;
        if !off {
            launch.linvel = keep_on_mat(g, launch.position, launch.linvel);
        }
        *sims += 1;
        let run = simulate(g, &[(index, launch)], around, Some(usize::from(flat)));
        let overlap = run.overlap || run.deepest > MAX_KNOCK_DEPTH;
        let Some(run) = run.sticks.into_iter().next() else {
            break;
        };
        let fits = usable(g, &run, off) && !overlap;
        if fits && run.flat_up == flat {
            return (run, if gentle { Alone::Gentle } else { Alone::Landed });
        }
        if best.is_none() && fits {
            best = Some(run.clone());
        }
        last = run;
        last.knocked |= overlap;
    }
    // The throw never stops on a stick: the first usable run (with the other face) or the
    // last stands, and the caller tries another way.
    (best.unwrap_or(last), Alone::Missed)
}

/// Changes one stick's spin after a run that went wrong: the extra roll that brings its
/// flat face to the wanted side at the moment it first touched down (Δω = Δroll / time in
/// the air, allowing for the air's damping).
fn respin(l: &mut Launch, last: &StickRun, flat: bool, rng: &mut ChaCha8Rng) {
    let axis = stick_axis(l.yaw);
    let target_phi = if flat { 0.0 } else { std::f32::consts::PI };
    let delta = match last.impact {
        Some((t, phi)) if t > 0.05 => {
            let d = wrap(target_phi - phi + rng.gen_range(-0.3..=0.3));
            let c = ANGULAR_DAMPING;
            d * c / (1.0 - libm::expf(-c * t))
        }
        _ => rng.gen_range(-4.0..=4.0),
    };
    l.angvel += axis * delta;
    l.angvel.y += rng.gen_range(-0.2..=0.2);
}

/// An angle brought into -π..π.
fn wrap(a: f32) -> f32 {
    if !a.is_finite() {
        return 0.0;
    }
    let turn = 2.0 * std::f32::consts::PI;
    a - turn * libm::floorf((a + std::f32::consts::PI) / turn)
}

/// A gentler toss of one stick from the same hand: lower each time (a lower toss lands on
/// the face it is aimed at more surely), the spin aimed at its face with few turns. Its
/// speed along the mat is set by the caller.
fn gentle_toss(from: Launch, flat: bool, attempt: u32, rng: &mut ChaCha8Rng) -> Launch {
    let mut l = from;
    l.linvel.y = (TOSS_UP - 0.25 * attempt as f32).max(1.6) + rng.gen_range(-0.1..=0.1);
    let floor = if flat { THICKNESS } else { 0.004 };
    let fall = fall_time(l.position.y, l.linvel.y, floor);
    let nominal = rng.gen_range(5.0..=9.0);
    let spin = aimed_roll(flat, fall, nominal);
    l.angvel = stick_axis(l.yaw) * spin + Vector::new(0.0, l.angvel.y, 0.0);
    l
}

/// The stick of a launch nearest to an edge of the mat.
fn nearest_edge(g: &Geometry, launch: &[Launch; 4]) -> usize {
    let gap = |l: &Launch| (g.half_x - l.position.x.abs()).min(g.half_z - l.position.z.abs());
    (0..4)
        .min_by(|a, b| gap(&launch[*a]).total_cmp(&gap(&launch[*b])))
        .unwrap_or(0)
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

/// A flight's pose in the simulation's units (the inverse of `Geometry::pose`).
fn world_pose(g: &Geometry, p: &Pose) -> Pose3 {
    let at = Vector::new(
        p.x / g.scale - g.half_x,
        p.z / g.scale,
        p.y / g.scale - g.half_z,
    );
    let axis = Vector::new(p.axis[0], p.axis[2], p.axis[1]);
    let normal = Vector::new(p.normal[0], p.normal[2], p.normal[1]);
    let side = axis.cross(normal);
    Pose3::from_parts(
        at,
        Rotation::from_mat3(&Mat3::from_cols(axis, normal, side)),
    )
}

/// Pairs of sticks sunk into each other deeper than 2 mm in `frame` (the last when `None`),
/// checked from the flight's poses alone, independently of the runs that made it.
fn overlaps_in(flight: &Flight, frame: Option<usize>) -> usize {
    let g = Geometry::new(flight.mat);
    let poses: Vec<Pose3> = flight
        .sticks
        .iter()
        .filter_map(|s| match frame {
            Some(f) => s.frames.get(f).or(s.frames.last()),
            None => s.frames.last(),
        })
        .map(|p| world_pose(&g, p))
        .collect();
    let mut deep = 0;
    for i in 0..poses.len() {
        for j in i + 1..poses.len() {
            if sink_depth(&poses[i], &poses[j]) > MAX_REST_PENETRATION {
                deep += 1;
            }
        }
    }
    deep
}

/// How many pairs of sticks sink into each other at rest (deeper than 2 mm).
pub fn overlaps_at_rest(flight: &Flight) -> usize {
    overlaps_in(flight, None)
}

/// How many frames of the flight show two sticks passing through each other (deeper than
/// 2 mm), at rest or in the air.
pub fn overlapping_frames(flight: &Flight) -> usize {
    let frames = flight
        .sticks
        .iter()
        .map(|s| s.frames.len())
        .max()
        .unwrap_or(0);
    (0..frames)
        .filter(|f| overlaps_in(flight, Some(*f)) > 0)
        .count()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lying(x: f32, z: f32, yaw: f32, flat_up: bool) -> Pose3 {
        let roll = if flat_up { 0.0 } else { std::f32::consts::PI };
        let y = if flat_up { THICKNESS } else { 0.0 };
        Pose3::from_parts(Vector::new(x, y, z), rotation(yaw, roll))
    }

    /// Two sticks side by side sink in by exactly how far their widths overlap, whichever
    /// is asked first; apart or just touching, not at all.
    #[test]
    fn sink_depth_is_the_overlap_of_two_sticks_whichever_comes_first() {
        let a = lying(0.0, 0.0, 0.0, false);
        for (gap, want) in [(0.04, 0.0), (0.034, 0.0), (0.03, 0.004), (0.025, 0.009)] {
            let b = lying(0.0, gap, 0.0, false);
            let (ab, ba) = (sink_depth(&a, &b), sink_depth(&b, &a));
            assert!((ab - want).abs() < 2e-4, "gap {gap}: {ab} (want {want})");
            assert!((ab - ba).abs() < 1e-6, "gap {gap}: {ab} vs {ba}");
        }
        // Crossed, one resting on the round back of the other: touching, not sunk.
        let under = lying(0.0, 0.0, 0.0, false);
        let over = Pose3::from_parts(
            Vector::new(0.0, 2.0 * THICKNESS + 0.0005, 0.0),
            rotation(1.3, 0.0),
        );
        assert_eq!(sink_depth(&under, &over), 0.0);
    }
}
