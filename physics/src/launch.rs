//! How the hand lets go: each stick's position, velocity and spin at release, from the
//! swipe, and the changed launches the search tries when a stick landed wrong.

use crate::model::{
    stick_axis, Geometry, ANGULAR_DAMPING, HAND_SPACING, RELEASE_HEIGHT, THICKNESS,
};
use crate::records::Swipe;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rapier3d::prelude::Vector;

/// Upward speed of a tap's toss, and what the hardest flick adds, metres per second.
const TOSS_UP: f32 = 3.3;
const TOSS_UP_FLICK: f32 = 0.7;
/// The fastest the drag's curve turns the bundle, radians per second.
const MAX_TWIST: f32 = 2.5;
/// Where a stick first comes down, at least this far inside the mat's edge, metres.
const LANDING_MARGIN: f32 = 0.1;
/// Fastest throw along the mat, metres per second.
const MAX_SPEED: f32 = 3.2;
/// The swipe speed past which the hand throws no harder: the launch takes only the
/// direction from a faster swipe (metres per second of the world).
const HARDEST_SWIPE: f32 = 3.0 * MAX_SPEED;
/// The fastest swipe a gesture can say, metres per second of the world: twice the hardest
/// (26.7 of the mat's short sides a second: 9,600 points a second on a phone's 360-point
/// mat, beyond the 8,000 Android counts as the fastest fling). Every swipe up to it plans
/// exactly as before it was bounded; a faster one, which no finger made, plans as this.
const MAX_SWIPE: f32 = 2.0 * HARDEST_SWIPE;
/// The fastest turning of a drag's path a gesture can say, radians per second (the
/// launch's twist stops growing at 8.3).
const MAX_SPIN: f32 = 60.0;

/// One stick's launch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Launch {
    pub(crate) position: Vector,
    pub(crate) yaw: f32,
    /// Roll about the stick's length at release (π: round side up).
    pub(crate) roll: f32,
    pub(crate) linvel: Vector,
    pub(crate) angvel: Vector,
}

fn finite_or(v: f32, or: f32) -> f32 {
    if v.is_finite() {
        v
    } else {
        or
    }
}

/// What a gesture can say, before anything is planned from it: the mat made usable, the
/// release point at most a mat's size beyond its edges, the speed at most `MAX_SWIPE`
/// along the swipe's own direction, the spin at most `MAX_SPIN`; a value that is not a
/// number is the launch's own default (the mat's centre, no speed, no spin). Values a
/// gesture can say are kept bit for bit, so their flights do not change. A swipe near
/// `f32::MAX` otherwise flew the sticks so fast that every search failed: seconds of
/// planning for a flight no finger asked for.
pub(crate) fn bounded(swipe: &Swipe) -> Swipe {
    let mat = swipe.mat.usable();
    let g = Geometry::new(mat);
    let within = |v: f32, size: f32| {
        if v.is_finite() {
            v.clamp(-size, 2.0 * size)
        } else {
            size / 2.0
        }
    };
    let (mut vx, mut vy) = (
        finite_or(swipe.velocity_x, 0.0),
        finite_or(swipe.velocity_y, 0.0),
    );
    // In f64, so that the speed of a swipe near f32::MAX does not overflow.
    let speed = f64::from(vx).hypot(f64::from(vy));
    let max = f64::from(MAX_SWIPE * g.scale);
    if speed > max {
        vx = (f64::from(vx) * max / speed) as f32;
        vy = (f64::from(vy) * max / speed) as f32;
    }
    Swipe {
        mat,
        release_x: within(swipe.release_x, mat.width),
        release_y: within(swipe.release_y, mat.height),
        velocity_x: vx,
        velocity_y: vy,
        spin: finite_or(swipe.spin, 0.0).clamp(-MAX_SPIN, MAX_SPIN),
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
pub(crate) fn launches(g: &Geometry, swipe: &Swipe, seed: u64, aims: [bool; 4]) -> [Launch; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The bundle (four sticks side by side) starts on the mat, whichever way it lies.
    let margin = 0.08 + 1.5 * HAND_SPACING;
    let rx = finite_or(swipe.release_x / g.scale - g.half_x, 0.0)
        .clamp(-g.half_x + margin, g.half_x - margin);
    let rz = finite_or(swipe.release_y / g.scale - g.half_z, 0.0)
        .clamp(-g.half_z + margin, g.half_z - margin);
    let vx = finite_or(swipe.velocity_x / g.scale, 0.0);
    let vz = finite_or(swipe.velocity_y / g.scale, 0.0);
    let speed = (vx * vx + vz * vz).sqrt().min(HARDEST_SWIPE);
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
pub(crate) fn keep_on_mat(g: &Geometry, position: Vector, linvel: Vector) -> Vector {
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

/// Changes one stick's spin after a run that went wrong: the extra roll that brings its
/// flat face to the wanted side at the moment it first touched down (Δω = Δroll / time in
/// the air, allowing for the air's damping). `impact` is when it first came down and the
/// roll of its flat face from straight up then, as the last run measured it.
pub(crate) fn respin(l: &mut Launch, impact: Option<(f32, f32)>, flat: bool, rng: &mut ChaCha8Rng) {
    let axis = stick_axis(l.yaw);
    let target_phi = if flat { 0.0 } else { std::f32::consts::PI };
    let delta = match impact {
        Some((t, phi)) if t > 0.05 => {
            let d = wrap_angle(target_phi - phi + rng.gen_range(-0.3..=0.3));
            let c = ANGULAR_DAMPING;
            d * c / (1.0 - libm::expf(-c * t))
        }
        _ => rng.gen_range(-4.0..=4.0),
    };
    l.angvel += axis * delta;
    l.angvel.y += rng.gen_range(-0.2..=0.2);
}

/// An angle brought into -π..π.
fn wrap_angle(a: f32) -> f32 {
    if !a.is_finite() {
        return 0.0;
    }
    let turn = 2.0 * std::f32::consts::PI;
    a - turn * libm::floorf((a + std::f32::consts::PI) / turn)
}

/// A gentler toss of one stick from the same hand: lower each time (a lower toss lands on
/// the face it is aimed at more surely), the spin aimed at its face with few turns. Its
/// speed along the mat is set by the caller.
pub(crate) fn gentle_toss(from: Launch, flat: bool, attempt: u32, rng: &mut ChaCha8Rng) -> Launch {
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
pub(crate) fn nearest_edge(g: &Geometry, launch: &[Launch; 4]) -> usize {
    let gap = |l: &Launch| (g.half_x - l.position.x.abs()).min(g.half_z - l.position.z.abs());
    (0..4)
        .min_by(|a, b| gap(&launch[*a]).total_cmp(&gap(&launch[*b])))
        .unwrap_or(0)
}

/// Sends a stick over the nearest side edge for a 낙.
pub(crate) fn send_off(g: &Geometry, l: &mut Launch) {
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
