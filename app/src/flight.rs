//! The physical throw for the apps: after the core has drawn a throw, the app hands over
//! the player's swipe and the drawn sticks and gets back the whole simulated flight (pose
//! tracks, contacts, settle times) to play back. The odds never depend on the swipe.
//!
//! The app plans through a [`Planner`]: with the `physics` feature (the phones', the
//! terminal's) it is yut-physics' simulation itself, [`Simulation`]; the browser's app core
//! is built without it (rapier was two thirds of its download) and supplies one that calls
//! the simulation's own WebAssembly module, downloaded after the menu.

use crate::error::YutError;
use yut_physics as physics;

/// Expands to `$then! { … }` over the flight's records and enums (see `records!`).
#[macro_export]
macro_rules! flight_records {
    ($then:ident) => {
        $then! {
            /// The stick mat as the app lays it out, in points.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Mat {
                pub width: f32,
                pub height: f32,
            }

            /// How the player let go: the release point on the mat (points, origin top-left, y down),
            /// the release velocity over the last 50–100 ms of the drag (points per second) and the
            /// spin read from the drag's curve (radians per second, positive clockwise). A tap is a
            /// zero velocity: a gentle drop.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Swipe {
                pub mat: Mat,
                pub release_x: f32,
                pub release_y: f32,
                pub velocity_x: f32,
                pub velocity_y: f32,
                pub spin: f32,
            }

            /// A stick's size as it should be drawn, in mat points.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct StickSize {
                pub length: f32,
                pub width: f32,
                /// How high the rounded back rises below the flat face.
                pub thickness: f32,
                /// The mat's raised edge, drawn around its border.
                pub rim: f32,
            }

            /// One frame of one stick: the centre of its flat face (x, y on the mat, z the height
            /// above it, points), the unit direction of its length and the outward normal of its flat
            /// face. The flat face is seen when `normal_z > 0`.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Pose {
                pub x: f32,
                pub y: f32,
                pub z: f32,
                pub axis_x: f32,
                pub axis_y: f32,
                pub axis_z: f32,
                pub normal_x: f32,
                pub normal_y: f32,
                pub normal_z: f32,
            }

            /// What a stick knocked against.
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum Against {
                Mat,
                Edge,
                Stick {
                    other: i32,
                },
                /// The floor beyond the mat (낙).
                Floor,
            }

            /// One knock: play a clack and a haptic tap scaled by `strength` (0–1) at `at_ms`.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct Contact {
                pub at_ms: u32,
                pub stick: i32,
                pub against: Against,
                /// Newton-seconds, as simulated.
                pub impulse: f32,
                pub strength: f32,
            }

            /// One stick from release to rest, one pose per frame.
            #[derive(Clone, Debug, PartialEq)]
            pub struct StickTrack {
                /// Carries the Back-Do mark on its flat face.
                pub marked: bool,
                /// Flat side up at rest.
                pub flat_up: bool,
                /// Came to rest off the mat (낙).
                pub off_mat: bool,
                /// When it stopped moving.
                pub settle_ms: u32,
                pub frames: Vec<Pose>,
            }

            /// The whole throw: frames at `fps` from release; the result may be shown at `end_ms`,
            /// when the last stick has settled.
            #[derive(Clone, Debug, PartialEq)]
            pub struct Flight {
                pub fps: u32,
                pub mat: Mat,
                pub size: StickSize,
                pub sticks: Vec<StickTrack>,
                /// In time order.
                pub contacts: Vec<Contact>,
                pub end_ms: u32,
                /// The order the sticks came to rest in (indices into `sticks`), for screen readers and
                /// the terminal.
                pub settle_order: Vec<i32>,
                /// Simulated runs the search took (1: the swipe's own launch landed right).
                pub tries: u32,
                /// Some stick came from a gentle toss after its other tries went wrong.
                pub fallback: bool,
            }

            /// What an app needs to draw the mat and the bundle in the hand before any throw, in the
            /// mat's points: `mat` is the mat the simulation uses (one thinner than 1:3 or not finite
            /// is replaced by 360 × 420), the sticks' size and rim, how high above the mat the hand lets
            /// go (a flight's first frame has the sticks there) and how far apart the four sticks lie
            /// side by side in the hand, centre to centre, lengths along the throw.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct MatLayout {
                pub mat: Mat,
                pub size: StickSize,
                pub release_height: f32,
                pub hand_spacing: f32,
            }

            /// Where the hand holds the four sticks: over (`x`, `y`) on the mat (points), their
            /// lengths pointing `heading` radians in the mat's axes as seen on screen (0 to the
            /// right, y down; -π/2 is straight up the mat, towards its far end).
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct HandHold {
                pub x: f32,
                pub y: f32,
                pub heading: f32,
            }

            /// One stick to draw at a moment of a throw: its pose, whether it carries the
            /// Back-Do mark, and how opaque to draw it (0–1: a drop fades in).
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct ShownStick {
                pub pose: Pose,
                pub marked: bool,
                pub opacity: f32,
            }

            /// One stick as a flat drawing on the mat seen from above (mat points, y down):
            /// a quad round (`x`, `y`) reaching `along_*` to either end and `across_*` to
            /// either side, its shadow the same quad moved by `shadow_*`. A stick higher up is
            /// drawn larger and further from the middle.
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct StickDrawing {
                pub x: f32,
                pub y: f32,
                pub along_x: f32,
                pub along_y: f32,
                pub across_x: f32,
                pub across_y: f32,
                pub shadow_x: f32,
                pub shadow_y: f32,
                /// The flat face is seen (else the round back).
                pub flat_up: bool,
                pub marked: bool,
                pub opacity: f32,
            }
        }
    };
}

flight_records!(with_serde);

/// The layout of the sticks on `mat`, the same numbers every flight on it uses.
pub fn mat_layout(mat: Mat) -> MatLayout {
    let l = physics::mat_layout(mat.into());
    MatLayout {
        mat: l.mat.into(),
        size: l.size.into(),
        release_height: l.release_height,
        hand_spacing: l.hand_spacing,
    }
}

impl From<physics::StickSize> for StickSize {
    fn from(s: physics::StickSize) -> StickSize {
        StickSize {
            length: s.length,
            width: s.width,
            thickness: s.thickness,
            rim: s.rim,
        }
    }
}

impl Flight {
    /// A placeholder while the report is put together (never handed out).
    pub fn empty() -> Flight {
        Flight {
            fps: 60,
            mat: Mat {
                width: 0.0,
                height: 0.0,
            },
            size: StickSize {
                length: 0.0,
                width: 0.0,
                thickness: 0.0,
                rim: 0.0,
            },
            sticks: Vec::new(),
            contacts: Vec::new(),
            end_ms: 0,
            settle_order: Vec::new(),
            tries: 0,
            fallback: false,
        }
    }
}

/// A tap on the Throw button (or the screen reader's action): a gentle drop in the
/// middle of the mat.
pub fn tap_swipe(mat: Mat) -> Swipe {
    physics::Swipe::tap(mat.into()).into()
}

/// What plans an app's flights (see the module's doc).
pub trait Planner: Send {
    /// Whether a flight can be planned now. While not, the app holds every input that may
    /// plan one (`App::waits_for_planner`) until the embedder calls `App::planner_ready`.
    fn ready(&self) -> bool;

    /// The flight of `swipe` coming to rest on `target` (see [`plan_flight`]); `None` when
    /// it cannot be planned.
    fn plan(
        &self,
        swipe: &physics::Swipe,
        target: physics::Target,
        salt: u64,
    ) -> Option<physics::Flight>;
}

/// yut-physics' simulation, in this process: always ready.
#[cfg(feature = "physics")]
pub struct Simulation;

#[cfg(feature = "physics")]
impl Planner for Simulation {
    fn ready(&self) -> bool {
        true
    }

    fn plan(
        &self,
        swipe: &physics::Swipe,
        target: physics::Target,
        salt: u64,
    ) -> Option<physics::Flight> {
        Some(physics::throw(swipe, target, salt))
    }
}

/// Simulates the throw the player made, coming to rest on the drawn `sticks` (flat side up
/// per stick, stick 0 the marked one, as in `ThrowReport.sticks`); `nak` (the report's
/// result is none) sends one stick off the mat. `salt` tells one throw of a game from the
/// next, e.g. the number of throws so far. Same inputs, same flight on every device. It
/// takes some milliseconds: call it off the main thread.
#[cfg(feature = "physics")]
pub fn plan_flight(
    swipe: Swipe,
    sticks: Vec<bool>,
    nak: bool,
    salt: u64,
) -> Result<Flight, YutError> {
    plan_with(&Simulation, swipe, sticks, nak, salt)
}

/// [`plan_flight`] through `planner`.
pub fn plan_with(
    planner: &dyn Planner,
    swipe: Swipe,
    sticks: Vec<bool>,
    nak: bool,
    salt: u64,
) -> Result<Flight, YutError> {
    let flat: [bool; 4] = sticks
        .as_slice()
        .try_into()
        .map_err(|_| YutError::InvalidInput {
            reason: format!("a throw has 4 sticks, not {}", sticks.len()),
        })?;
    let flight = planner
        .plan(&swipe.into(), physics::Target { flat, nak }, salt)
        .ok_or_else(|| YutError::Io {
            reason: "the throw's simulation is not there".into(),
        })?;
    Ok(Flight::from(&flight))
}

impl From<Mat> for physics::Mat {
    fn from(m: Mat) -> physics::Mat {
        physics::Mat {
            width: m.width,
            height: m.height,
        }
    }
}

impl Default for Mat {
    fn default() -> Mat {
        physics::Mat::default().into()
    }
}

impl From<physics::Mat> for Mat {
    fn from(m: physics::Mat) -> Mat {
        Mat {
            width: m.width,
            height: m.height,
        }
    }
}

impl From<Swipe> for physics::Swipe {
    fn from(s: Swipe) -> physics::Swipe {
        physics::Swipe {
            mat: s.mat.into(),
            release_x: s.release_x,
            release_y: s.release_y,
            velocity_x: s.velocity_x,
            velocity_y: s.velocity_y,
            spin: s.spin,
        }
    }
}

impl From<physics::Swipe> for Swipe {
    fn from(s: physics::Swipe) -> Swipe {
        Swipe {
            mat: s.mat.into(),
            release_x: s.release_x,
            release_y: s.release_y,
            velocity_x: s.velocity_x,
            velocity_y: s.velocity_y,
            spin: s.spin,
        }
    }
}

impl From<&physics::Pose> for Pose {
    fn from(p: &physics::Pose) -> Pose {
        Pose {
            x: p.x,
            y: p.y,
            z: p.z,
            axis_x: p.axis[0],
            axis_y: p.axis[1],
            axis_z: p.axis[2],
            normal_x: p.normal[0],
            normal_y: p.normal[1],
            normal_z: p.normal[2],
        }
    }
}

impl From<physics::Against> for Against {
    fn from(a: physics::Against) -> Against {
        match a {
            physics::Against::Mat => Against::Mat,
            physics::Against::Edge => Against::Edge,
            physics::Against::Stick(i) => Against::Stick {
                other: i32::from(i),
            },
            physics::Against::Floor => Against::Floor,
        }
    }
}

impl From<&physics::Flight> for Flight {
    fn from(f: &physics::Flight) -> Flight {
        let sticks: Vec<StickTrack> = f
            .sticks
            .iter()
            .map(|t| StickTrack {
                marked: t.marked,
                flat_up: t.flat_up,
                off_mat: t.off_mat,
                settle_ms: t.settle_ms,
                frames: t.frames.iter().map(Pose::from).collect(),
            })
            .collect();
        let mut settle_order: Vec<i32> = (0..sticks.len())
            .filter_map(|i| i32::try_from(i).ok())
            .collect();
        settle_order.sort_by_key(|&i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| sticks.get(i))
                .map_or(u32::MAX, |t| t.settle_ms)
        });
        Flight {
            fps: f.fps,
            mat: f.mat.into(),
            size: f.size.into(),
            sticks,
            contacts: f
                .contacts
                .iter()
                .map(|c| Contact {
                    at_ms: c.at_ms,
                    stick: i32::from(c.stick),
                    against: c.against.into(),
                    impulse: c.impulse,
                    strength: c.strength,
                })
                .collect(),
            end_ms: f.end_ms,
            settle_order,
            tries: f.tries,
            fallback: f.fallback,
        }
    }
}

#[cfg(all(test, feature = "physics"))]
mod tests {
    use super::*;

    const MAT: Mat = Mat {
        width: 360.0,
        height: 420.0,
    };

    #[test]
    fn a_flight_rests_on_the_drawn_sticks_with_its_settle_order() {
        let sticks = vec![true, false, true, true];
        let flight = plan_flight(tap_swipe(MAT), sticks.clone(), false, 3);
        let Ok(flight) = flight else {
            panic!("plan_flight refused a valid throw: {flight:?}");
        };
        assert_eq!(flight.sticks.len(), 4);
        let landed: Vec<bool> = flight.sticks.iter().map(|t| t.flat_up).collect();
        assert_eq!(landed, sticks);
        let marked: Vec<&StickTrack> = flight.sticks.iter().filter(|t| t.marked).collect();
        assert_eq!(
            marked.len(),
            1,
            "exactly one stick carries the Back-Do mark"
        );
        let mut order = flight.settle_order.clone();
        let times: Vec<u32> = order
            .iter()
            .map(|&i| flight.sticks[i as usize].settle_ms)
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
        order.sort_unstable();
        assert_eq!(order, vec![0, 1, 2, 3]);
        assert!(flight.end_ms >= *times.last().unwrap_or(&0));
        assert!(flight.contacts.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    }

    /// The bundle the app draws in the hand is where the flight starts: the sticks' first
    /// frame is at the layout's release height, side by side at its spacing.
    #[test]
    fn the_layout_is_where_a_flight_leaves_the_hand() {
        let layout = mat_layout(MAT);
        let Ok(flight) = plan_flight(tap_swipe(MAT), vec![false; 4], false, 2) else {
            panic!("plan_flight refused a valid throw");
        };
        assert_eq!(flight.size, layout.size);
        assert_eq!(layout.mat, MAT);
        let starts: Vec<&Pose> = flight.sticks.iter().map(|t| &t.frames[0]).collect();
        let lowest = starts.iter().map(|p| p.z).fold(f32::MAX, f32::min);
        assert!(
            (lowest - layout.release_height).abs() < 0.5,
            "{lowest} vs {}",
            layout.release_height
        );
        let mut xs: Vec<f32> = starts.iter().map(|p| p.x).collect();
        xs.sort_by(f32::total_cmp);
        let span = xs[3] - xs[0];
        // Three gaps of the spacing, give or take the hand's jitter (1 cm each way).
        let per_metre = layout.size.length / 0.15;
        assert!(
            (span - 3.0 * layout.hand_spacing).abs() < 0.021 * per_metre,
            "{span} vs {}",
            3.0 * layout.hand_spacing
        );
        // A mat thinner than 1:3 is replaced, and the layout says so.
        let strip = mat_layout(Mat {
            width: 1000.0,
            height: 100.0,
        });
        assert_eq!(
            strip.mat,
            Mat {
                width: 360.0,
                height: 420.0
            }
        );
    }

    #[test]
    fn a_throw_of_three_sticks_is_a_typed_error() {
        let refused = plan_flight(tap_swipe(MAT), vec![true, true, false], false, 0);
        assert!(
            matches!(refused, Err(YutError::InvalidInput { .. })),
            "{refused:?}"
        );
    }

    #[test]
    fn the_release_point_moves_where_the_sticks_start() {
        let left = Swipe {
            release_x: 60.0,
            release_y: 300.0,
            ..tap_swipe(MAT)
        };
        let right = Swipe {
            release_x: 300.0,
            ..left
        };
        let sticks = vec![false, false, true, false];
        let a = plan_flight(left, sticks.clone(), false, 1);
        let b = plan_flight(right, sticks, false, 1);
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("plan_flight refused a valid throw");
        };
        let mean_x = |f: &Flight| f.sticks.iter().map(|t| t.frames[0].x).sum::<f32>() / 4.0;
        assert!(
            mean_x(&a) + 100.0 < mean_x(&b),
            "{} vs {}",
            mean_x(&a),
            mean_x(&b)
        );
    }
}
