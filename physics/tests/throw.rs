//! The physical throw: deterministic, safe on any input, and shaped by the swipe.

use proptest::prelude::*;
use yut_physics::{Against, Mat, Swipe, Target};

fn flick(speed: f32) -> Swipe {
    let mat = Mat::default();
    Swipe {
        mat,
        release_x: mat.width * 0.5,
        release_y: mat.height * 0.8,
        velocity_x: 0.1 * speed,
        velocity_y: -speed,
        spin: 2.0,
    }
}

const YUT: Target = Target {
    flat: [true, true, true, true],
    nak: false,
};

#[test]
fn the_same_swipe_gives_the_same_flight_and_the_next_throw_another() {
    let a = yut_physics::throw(&flick(1800.0), YUT, 3);
    let b = yut_physics::throw(&flick(1800.0), YUT, 3);
    assert_eq!(a, b);
    let c = yut_physics::throw(&flick(1800.0), YUT, 4);
    assert_ne!(a.sticks[0].frames, c.sticks[0].frames);
}

#[test]
fn every_stick_has_a_track_from_release_to_rest_and_knocks_in_time_order() {
    let f = yut_physics::throw(&flick(2500.0), YUT, 1);
    assert_eq!(f.fps, 60);
    assert_eq!(f.sticks.len(), 4);
    assert!(f.sticks[0].marked && f.sticks.iter().skip(1).all(|s| !s.marked));
    for s in &f.sticks {
        assert!(s.frames.len() > 10, "a throw lasts more than a few frames");
        assert!(s.settle_ms <= f.end_ms);
        let last = s.frames.last().copied();
        assert!(
            last.is_some_and(|p| p.z < f.size.thickness * 2.0),
            "at rest on the mat"
        );
    }
    assert!(f.contacts.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    assert!(f.contacts.iter().any(|c| c.against == Against::Mat));
    assert!(f
        .contacts
        .iter()
        .all(|c| (0.0..=1.0).contains(&c.strength) && c.impulse > 0.0));
    assert_eq!(yut_physics::left_mat(&f), 0);
}

#[test]
fn a_hard_flick_goes_further_and_lasts_longer_than_a_tap() {
    let tap = yut_physics::throw(&Swipe::tap(Mat::default()), YUT, 1);
    let hard = yut_physics::throw(&flick(3500.0), YUT, 1);
    assert!(
        hard.travel() > tap.travel() * 1.5,
        "{} vs {}",
        hard.travel(),
        tap.travel()
    );
    assert!(hard.first_touch_ms() > tap.first_touch_ms());
}

#[test]
fn hostile_swipes_and_mats_still_throw_on_a_sensible_mat() {
    for s in [
        Swipe {
            mat: Mat {
                width: f32::NAN,
                height: -4.0,
            },
            release_x: f32::INFINITY,
            release_y: f32::NEG_INFINITY,
            velocity_x: f32::NAN,
            velocity_y: 1e30,
            spin: f32::NAN,
        },
        Swipe {
            mat: Mat {
                width: 10_000.0,
                height: 10.0,
            },
            velocity_x: -9e9,
            ..Swipe::default()
        },
    ] {
        let f = yut_physics::throw(&s, YUT, 0);
        assert!(f.mat.width > 100.0 && f.mat.height > 100.0);
        assert_eq!(f.sticks.len(), 4);
        for p in f.sticks.iter().flat_map(|s| &s.frames) {
            assert!(p.x.is_finite() && p.y.is_finite() && p.z.is_finite());
        }
    }
}

/// The fastest swipe a gesture can say, in points a second: 26.7 of the mat's short sides.
fn fastest_gesture(mat: Mat) -> f32 {
    26.7 * mat.width.min(mat.height)
}

/// A swipe no finger made (values near `f32::MAX`, infinities) is bounded to what a gesture
/// can say before it is planned: it throws as its bounded self, in a few runs (it took
/// the whole search, 646 runs and seconds, when planned as it came).
#[test]
fn a_swipe_no_finger_made_is_bounded_before_it_is_planned() {
    let mat = Mat::default();
    let hand = Swipe {
        mat,
        release_x: 180.0,
        release_y: 330.0,
        velocity_x: 300.0,
        velocity_y: -2500.0,
        spin: 2.0,
    };
    let hostile = [
        Swipe {
            velocity_x: 3e38,
            velocity_y: -3e38,
            ..hand
        },
        Swipe {
            velocity_y: -3.4e38,
            ..hand
        },
        Swipe {
            velocity_x: f32::MAX,
            velocity_y: f32::INFINITY,
            ..hand
        },
        Swipe {
            release_x: 3e38,
            release_y: -3e38,
            velocity_x: 1e30,
            velocity_y: 1e30,
            spin: 3e38,
            ..hand
        },
    ];
    for s in hostile {
        let b = s.bounded();
        let speed = b.velocity_x.hypot(b.velocity_y);
        assert!(speed <= fastest_gesture(mat) * 1.001, "{s:?} → {b:?}");
        assert!(
            b.spin.abs() <= 60.0 && b.release_x.abs() <= 2.0 * mat.width,
            "{b:?}"
        );
        assert!(b.release_y.abs() <= 2.0 * mat.height, "{b:?}");
        for n in 0..6u64 {
            let target = Target {
                flat: std::array::from_fn(|i| (n >> i) & 1 == 1),
                nak: n == 5,
            };
            let f = yut_physics::throw(&s, target, n);
            assert_eq!(f, yut_physics::throw(&b, target, n), "{s:?}");
            assert!(f.tries < 200, "{s:?}: {} runs", f.tries);
            assert_eq!(faces_of(&f), target.flat.to_vec());
        }
    }
}

fn faces_of(f: &yut_physics::Flight) -> Vec<bool> {
    f.sticks.iter().map(|s| s.flat_up).collect()
}

/// The thirty-two ways four sticks can land, plus 낙 with any faces.
fn target_strategy() -> impl Strategy<Value = Target> {
    (any::<[bool; 4]>(), prop::bool::weighted(0.15)).prop_map(|(flat, nak)| Target { flat, nak })
}

fn swipe_strategy() -> impl Strategy<Value = Swipe> {
    (
        240.0f32..900.0,
        240.0f32..900.0,
        0.0f32..1.0,
        0.0f32..1.0,
        0.0f32..4500.0,
        -std::f32::consts::PI..std::f32::consts::PI,
        -10.0f32..10.0,
    )
        .prop_map(|(w, h, rx, ry, speed, angle, spin)| Swipe {
            mat: Mat {
                width: w,
                height: h,
            },
            release_x: rx * w,
            release_y: ry * h,
            velocity_x: speed * angle.cos(),
            velocity_y: speed * angle.sin(),
            spin,
        })
}

/// Swipes a finger can make, up to the fastest a gesture can say, on mats of every usable
/// shape: bit for bit what they were, so bounding changes none of their flights.
fn gesture_strategy() -> impl Strategy<Value = Swipe> {
    (
        120.0f32..2000.0,
        0.34f32..2.9,
        -1.0f32..2.0,
        -1.0f32..2.0,
        0.0f32..0.995,
        -std::f32::consts::PI..std::f32::consts::PI,
        -60.0f32..60.0,
    )
        .prop_map(|(w, aspect, rx, ry, fast, angle, spin)| {
            let mat = Mat {
                width: w,
                height: w / aspect,
            };
            let speed = fast * fastest_gesture(mat);
            Swipe {
                mat,
                release_x: rx * mat.width,
                release_y: ry * mat.height,
                velocity_x: speed * angle.cos(),
                velocity_y: speed * angle.sin(),
                spin,
            }
        })
}

proptest! {
    #[test]
    fn a_swipe_a_finger_can_make_is_planned_as_it_came(swipe in gesture_strategy()) {
        prop_assert_eq!(swipe.bounded(), swipe);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("YUT_PROPTEST_THROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(96)
    ))]

    /// Whatever the swipe and the mat, the sticks come to rest on exactly the drawn faces
    /// (the marked stick where it must be, one stick off the mat for a 낙 and none
    /// otherwise), never through each other, and the same inputs give the same flight.
    #[test]
    fn every_throw_rests_on_the_drawn_faces_and_replays_exactly(
        swipe in swipe_strategy(),
        target in target_strategy(),
        salt in 0u64..1000,
    ) {
        let f = yut_physics::throw(&swipe, target, salt);
        prop_assert_eq!(faces_of(&f), target.flat.to_vec());
        prop_assert!(f.sticks[0].marked && f.sticks.iter().skip(1).all(|s| !s.marked));
        let off = f.sticks.iter().filter(|s| s.off_mat).count();
        prop_assert_eq!(off, usize::from(target.nak));
        if !target.nak {
            prop_assert_eq!(yut_physics::left_mat(&f), 0);
        }
        prop_assert_eq!(yut_physics::overlaps_at_rest(&f), 0);
        prop_assert_eq!(yut_physics::overlapping_frames(&f), 0);
        let frames = f.sticks[0].frames.len();
        prop_assert!(f.sticks.iter().all(|s| s.frames.len() == frames), "every track runs to the end");
        prop_assert!(f.end_ms >= 800 && f.end_ms <= 2500, "settled after {} ms", f.end_ms);
        let again = yut_physics::throw(&swipe, target, salt);
        prop_assert!(again == f, "the same inputs gave another flight");
    }
}
