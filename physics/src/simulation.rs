//! One run of the world: one to four sticks launched together, knocking into each other and
//! into the sticks already decided (replayed along their tracks), until every stick is
//! still, with each stick's track, knocks and resting face recorded.

use crate::checks::{clearly_apart, sink_depth, MAX_REST_PENETRATION};
use crate::launch::Launch;
use crate::model::{
    roll_from_up, rotation, stick_collider, world_for, Geometry, AIR_LINEAR_DAMPING,
    ANGULAR_DAMPING, FPS, MAT_ANGULAR_DAMPING, MAT_LINEAR_DAMPING, STEP_HZ, TAG_EDGE, TAG_FLOOR,
    TAG_MAT,
};
use crate::records::{Against, Contact, Pose};
use rapier3d::prelude::*;

/// How far ahead (metres) a moving stick looks for contacts each step.
const SOFT_CCD: f32 = 0.03;
/// A run that has not settled by then is a failed run.
const MAX_SECONDS: f32 = 4.0;
/// Still for this long = settled.
const SETTLE_SECONDS: f32 = 0.2;
const SETTLE_LINVEL: f32 = 0.012;
const SETTLE_ANGVEL: f32 = 0.25;
/// Impulse that plays at full strength (a hard flick's first landing).
const FULL_IMPULSE: f32 = 0.02;
/// Softer knocks than this make no sound.
const MIN_IMPULSE: f32 = 0.0012;

/// What one stick did in a simulated run.
#[derive(Clone)]
pub(crate) struct SimulatedStick {
    /// Which of the four sticks (its index in the launch).
    pub(crate) index: usize,
    pub(crate) frames: Vec<Pose>,
    /// The same frames in the simulation's units.
    pub(crate) shown: Vec<Pose3>,
    /// Its pose after every step (the first at release): how it is replayed as an obstacle
    /// when another stick is flown again.
    pub(crate) steps: Vec<Pose3>,
    /// This stick's knocks.
    pub(crate) contacts: Vec<Contact>,
    /// Touched another stick that flew with it: its path depends on that stick's.
    pub(crate) knocked: bool,
    pub(crate) settle_ms: u32,
    /// Still for `SETTLE_SECONDS` when the run ended.
    pub(crate) settled: bool,
    pub(crate) flat_up: bool,
    /// Final centre, world.
    pub(crate) rest: Vector,
    /// Ever crossed out of the mat's area.
    pub(crate) left: bool,
    /// Lying tilted on something: no clear face.
    pub(crate) unclear: bool,
    /// First touch-down: seconds after release, and the roll of its flat face from straight
    /// up then (radians, -π..π).
    pub(crate) impact: Option<(f32, f32)>,
}

impl SimulatedStick {
    /// A stick launched as `index`, before the first step.
    fn launched(index: usize) -> SimulatedStick {
        SimulatedStick {
            index,
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
        }
    }
}

/// What one simulated run did.
pub(crate) struct Simulation {
    pub(crate) sticks: Vec<SimulatedStick>,
    /// Two sticks sunk into each other at rest.
    pub(crate) overlap: bool,
    /// How deep two sticks ever sank into each other while knocking, metres (a run where
    /// they sink visibly far is not used).
    pub(crate) deepest: f32,
}

impl Simulation {
    pub(crate) fn settled(&self) -> bool {
        self.sticks.iter().all(|s| s.settled)
    }
}

/// The world of one run and the sticks in it.
struct Scene<'a> {
    world: PhysicsWorld,
    /// The launched sticks' bodies, in launch order (a stick's slot).
    bodies: Vec<RigidBodyHandle>,
    /// The slot of each stick index that flies.
    slot_of: [Option<usize>; 4],
    /// The decided sticks and the tracks they are replayed along.
    replayed: Vec<(RigidBodyHandle, &'a [Pose3])>,
    /// Every stick's collider, the launched ones first.
    colliders: Vec<ColliderHandle>,
}

impl<'a> Scene<'a> {
    fn new(g: &Geometry, launch: &[(usize, Launch)], obstacles: &[&'a SimulatedStick]) -> Self {
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
        Scene {
            world,
            bodies,
            slot_of,
            replayed,
            colliders,
        }
    }

    /// Moves each replayed stick to where its track has it after `step` (the last pose once
    /// the track is over).
    fn replay(&mut self, step: u32) {
        for (b, steps) in &self.replayed {
            let at = steps.get(step as usize).or(steps.last());
            if let (Some(body), Some(at)) = (self.world.bodies.get_mut(*b), at) {
                body.set_next_kinematic_position(*at);
            }
        }
    }

    /// Whether a replayed stick still has steps to go after `step`.
    fn replaying(&self, step: u32) -> bool {
        self.replayed
            .iter()
            .any(|(_, steps)| (step as usize) + 1 < steps.len())
    }

    /// Appends each launched stick's pose to its steps.
    fn record(&self, run: &mut Simulation) {
        for (s, b) in run.sticks.iter_mut().zip(&self.bodies) {
            if let Some(body) = self.world.bodies.get(*b) {
                s.steps.push(*body.position());
            }
        }
    }

    /// How deep any launched stick sinks into another now, measured on the hulls
    /// themselves (a contact manifold holds only a few points, and misses some).
    fn deepen(&self, deepest: &mut f32) {
        let flying: Vec<Pose3> = self
            .bodies
            .iter()
            .filter_map(|b| self.world.bodies.get(*b).map(|b| *b.position()))
            .collect();
        let others: Vec<Pose3> = self
            .replayed
            .iter()
            .filter_map(|(b, _)| self.world.bodies.get(*b).map(|b| *b.position()))
            .collect();
        for (i, a) in flying.iter().enumerate() {
            for b in flying.iter().skip(i + 1).chain(others.iter()) {
                if clearly_apart(a, b) {
                    continue;
                }
                *deepest = deepest.max(sink_depth(a, b));
            }
        }
    }

    /// How many of the launched sticks are settled by `still` and rest `flat` side up (or
    /// round side up).
    fn resting(&self, still: &Stillness, flat: bool) -> usize {
        (0..self.bodies.len())
            .filter(|i| {
                still.steps[*i] >= still.enough
                    && self.world.bodies.get(self.bodies[*i]).is_some_and(|b| {
                        let up = b.rotation() * Vector::Y;
                        (up.y > 0.0) == flat
                    })
            })
            .count()
    }
}

/// Which pairs touch, to tell a knock from a contact that goes on.
#[derive(Default)]
struct Knocks {
    /// Pairs touching after the last step.
    touching: Vec<(u128, u128)>,
    /// When each pair last knocked.
    last: Vec<((u128, u128), u32)>,
}

impl Knocks {
    /// Records the knocks of the step just taken: a pair that starts touching with a real
    /// impulse (not within 60 ms of its last knock) is a contact of the flying stick; a stick
    /// meeting another is marked knocked, and its first touch-down on the mat, the edge or
    /// the floor kept. Returns which slots touch the mat, the edge or the floor.
    fn record(&mut self, scene: &Scene, run: &mut Simulation, at_ms: u32) -> [bool; 4] {
        let world = &scene.world;
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
                other if scene.slot_of[a as usize].is_some() => (a, Against::Stick(other as u8)),
                other => (other, Against::Stick(a as u8)),
            };
            let Some(slot) = scene.slot_of.get(stick as usize).copied().flatten() else {
                continue;
            };
            if let Against::Stick(other) = against {
                run.sticks[slot].knocked = true;
                if let Some(o) = scene.slot_of[other as usize % 4] {
                    run.sticks[o].knocked = true;
                }
            } else {
                grounded[slot] = true;
                if run.sticks[slot].impact.is_none() {
                    if let Some(body) = world.bodies.get(scene.bodies[slot]) {
                        run.sticks[slot].impact =
                            Some((at_ms as f32 / 1000.0, roll_from_up(body.rotation())));
                    }
                }
            }
            let impulse = pair.total_impulse_magnitude();
            let fresh = !self.touching.contains(&(a, b));
            let recent = self
                .last
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
                self.last.retain(|(p, _)| *p != (a, b));
                self.last.push(((a, b), at_ms));
            }
        }
        self.touching = now;
        grounded
    }
}

/// How long each launched stick has been still, in steps.
struct Stillness {
    steps: Vec<u32>,
    /// Steps still that make a stick settled.
    enough: u32,
}

impl Stillness {
    /// After a step: each launched stick damped by where it is (straw and cloth swallow
    /// spin and slide, the air hardly does), marked when it is off the mat, and counted
    /// still or moving. Returns whether every one has been still long enough.
    fn update(
        &mut self,
        g: &Geometry,
        scene: &mut Scene,
        run: &mut Simulation,
        grounded: [bool; 4],
        at_ms: u32,
    ) -> bool {
        let mut all_still = true;
        for (i, b) in scene.bodies.iter().enumerate() {
            let Some(body) = scene.world.bodies.get_mut(*b) else {
                continue;
            };
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
                self.steps[i] = 0;
            } else {
                if self.steps[i] == 0 {
                    run.sticks[i].settle_ms = at_ms;
                }
                self.steps[i] += 1;
            }
            if self.steps[i] < self.enough {
                all_still = false;
            }
        }
        all_still
    }
}

/// Runs the launch of one to four sticks (`(index, launch)`), knocking into each other and
/// into `obstacles`: sticks whose flight is already decided, replayed step by step (they
/// push the new stick aside but are not moved by it). With `want_flat`, gives up as soon as
/// the sticks already at rest show more flat or more round faces than that (the rest of a
/// failed run would only cost time).
pub(crate) fn simulate(
    g: &Geometry,
    launch: &[(usize, Launch)],
    obstacles: &[&SimulatedStick],
    want_flat: Option<usize>,
) -> Simulation {
    let mut scene = Scene::new(g, launch, obstacles);
    let n = launch.len().min(4);
    let mut run = Simulation {
        sticks: launch
            .iter()
            .take(scene.bodies.len())
            .map(|(index, _)| SimulatedStick::launched(*index))
            .collect(),
        overlap: false,
        deepest: 0.0,
    };
    if scene.bodies.len() < n {
        return run;
    }
    let step_ms = 1000.0 / STEP_HZ as f32;
    let mut still = Stillness {
        steps: vec![0u32; n],
        enough: (SETTLE_SECONDS * STEP_HZ as f32) as u32,
    };
    let mut knocks = Knocks::default();
    let max_steps = (MAX_SECONDS * STEP_HZ as f32) as u32;
    scene.record(&mut run);
    for step in 1..=max_steps {
        scene.replay(step);
        scene.world.step();
        let at_ms = (step as f32 * step_ms) as u32;
        let grounded = knocks.record(&scene, &mut run, at_ms);
        scene.deepen(&mut run.deepest);
        let mut all_still = still.update(g, &mut scene, &mut run, grounded, at_ms);
        // A stick flown among others is not done while one of them is still moving: it may
        // yet be pushed.
        all_still &= !scene.replaying(step);
        scene.record(&mut run);
        if let Some(want) = want_flat {
            let over = |flat: bool, most: usize| scene.resting(&still, flat) > most;
            if !all_still && (over(true, want) || over(false, n.saturating_sub(want))) {
                break;
            }
        }
        if all_still {
            break;
        }
    }
    finish(g, &scene, &still, obstacles, &mut run);
    run
}

/// What a run hands on once it stops: each stick's frames, the deepest two sticks sink into
/// each other between steps as the apps draw them, and how each lies at rest.
fn finish(
    g: &Geometry,
    scene: &Scene,
    still: &Stillness,
    obstacles: &[&SimulatedStick],
    run: &mut Simulation,
) {
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
    for (i, b) in scene.bodies.iter().enumerate() {
        let Some(body) = scene.world.bodies.get(*b) else {
            continue;
        };
        let up = body.rotation() * Vector::Y;
        let s = &mut run.sticks[i];
        s.settled = still.steps[i] >= still.enough;
        s.flat_up = up.y > 0.0;
        s.unclear = up.y.abs() < 0.8;
        s.rest = body.translation();
    }
    let n = scene.bodies.len();
    for i in 0..n {
        for j in i + 1..scene.colliders.len() {
            if let Some(pair) = scene
                .world
                .narrow_phase
                .contact_pair(scene.colliders[i], scene.colliders[j])
            {
                let deep = pair
                    .manifolds()
                    .iter()
                    .any(|m| m.points.iter().any(|p| p.dist < -MAX_REST_PENETRATION));
                run.overlap |= deep;
            }
        }
    }
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
