//! The physical model, in metres, kilograms and seconds: the sticks, the mat with its rim and
//! the floor around it, and the world's poses in the app's mat points (the scale itself is
//! `scale`'s, which needs no simulation).

use crate::records::Pose;
pub(crate) use crate::scale::{
    Geometry, HALF_WIDTH, HAND_SPACING, LENGTH, RELEASE_HEIGHT, RIM_HEIGHT, THICKNESS,
};
use rapier3d::prelude::*;

/// Segments of the rounded back.
pub(crate) const ARC_SEGMENTS: usize = 8;
const RIM_THICKNESS: f32 = 0.05;
/// Birch-like wood.
const WOOD_DENSITY: f32 = 650.0;
/// Simulation steps per second.
pub(crate) const STEP_HZ: u32 = 100;
/// Frames per second of the flight handed out.
pub(crate) const FPS: u32 = 60;
/// The air's and the cloth's drag on a spinning stick; also stops the round back rocking.
pub(crate) const ANGULAR_DAMPING: f32 = 0.9;
/// The air's drag on a flying stick.
pub(crate) const AIR_LINEAR_DAMPING: f32 = 0.05;
/// Straw and cloth swallow a stick's spin and slide once it touches: damping while in
/// contact with the mat (the air's is `ANGULAR_DAMPING`).
pub(crate) const MAT_ANGULAR_DAMPING: f32 = 30.0;
pub(crate) const MAT_LINEAR_DAMPING: f32 = 1.5;

/// Collider user data: what each collider is (sticks are their index, 0..4).
pub(crate) const TAG_MAT: u128 = 10;
pub(crate) const TAG_EDGE: u128 = 11;
pub(crate) const TAG_FLOOR: u128 = 12;

impl Geometry {
    pub(crate) fn on_mat(&self, p: Vector) -> bool {
        p.x.abs() < self.half_x && p.z.abs() < self.half_z
    }

    /// A pose of the world in the app's mat points.
    pub(crate) fn pose(&self, iso: &Pose3) -> Pose {
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

    /// A flight's pose in the simulation's units (the inverse of [`Geometry::pose`]).
    pub(crate) fn world_pose(&self, p: &Pose) -> Pose3 {
        let at = Vector::new(
            p.x / self.scale - self.half_x,
            p.z / self.scale,
            p.y / self.scale - self.half_z,
        );
        let axis = Vector::new(p.axis[0], p.axis[2], p.axis[1]);
        let normal = Vector::new(p.normal[0], p.normal[2], p.normal[1]);
        let side = axis.cross(normal);
        Pose3::from_parts(
            at,
            Rotation::from_mat3(&Mat3::from_cols(axis, normal, side)),
        )
    }
}

/// How far the flat face is rolled about the stick's length from facing straight up
/// (0: flat up, ±π: flat down).
pub(crate) fn roll_from_up(r: &Rotation) -> f32 {
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
pub(crate) fn stick_axis(yaw: f32) -> Vector {
    Vector::new(libm::cosf(yaw), 0.0, -libm::sinf(yaw))
}

/// A stick's orientation: turned `yaw` about the vertical, rolled `roll` about its length.
pub(crate) fn rotation(yaw: f32, roll: f32) -> Rotation {
    Rotation::from_axis_angle(Vector::Y, yaw) * Rotation::from_axis_angle(Vector::X, roll)
}

/// The half-round section, in the stick's own frame: the flat face at y = 0 across z, the
/// back curving down to -THICKNESS, from one side (z = HALF_WIDTH) round to the other.
pub(crate) fn section() -> impl Iterator<Item = (f32, f32)> {
    (0..=ARC_SEGMENTS).map(|s| {
        let a = std::f32::consts::PI * s as f32 / ARC_SEGMENTS as f32;
        (-THICKNESS * libm::sinf(a), HALF_WIDTH * libm::cosf(a))
    })
}

/// The stick's solid and its mass, made once: a convex hull and its inertia cost more than
/// a whole step.
fn stick_shape() -> Option<&'static (SharedShape, MassProperties)> {
    static SHAPE: std::sync::OnceLock<Option<(SharedShape, MassProperties)>> =
        std::sync::OnceLock::new();
    SHAPE
        .get_or_init(|| {
            let points: Vec<Vector> = [-LENGTH / 2.0, LENGTH / 2.0]
                .iter()
                .flat_map(|end| section().map(move |(y, z)| Vector::new(*end, y, z)))
                .collect();
            let shape = SharedShape::convex_hull(&points)?;
            let mass = shape.mass_properties(WOOD_DENSITY);
            Some((shape, mass))
        })
        .as_ref()
}

/// A stick's collider: its solid, its mass, and wood's bounce and grip.
pub(crate) fn stick_collider() -> Option<ColliderBuilder> {
    let (shape, mass) = stick_shape()?;
    Some(
        ColliderBuilder::new(shape.clone())
            .mass_properties(*mass)
            .friction(0.45)
            .restitution(0.15)
            .restitution_combine_rule(CoefficientCombineRule::Average),
    )
}

/// The world of one throw: the mat, its edges and the floor around it.
pub(crate) fn world_for(g: &Geometry) -> PhysicsWorld {
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
