//! The physical throw: deterministic, safe on any input, and shaped by the swipe.

use yut_core::throw_physics::{self, Against, Mat, Swipe, Target};

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
    let a = throw_physics::throw(&flick(1800.0), YUT, 3);
    let b = throw_physics::throw(&flick(1800.0), YUT, 3);
    assert_eq!(a, b);
    let c = throw_physics::throw(&flick(1800.0), YUT, 4);
    assert_ne!(a.sticks[0].frames, c.sticks[0].frames);
}

#[test]
fn every_stick_has_a_track_from_release_to_rest_and_knocks_in_time_order() {
    let f = throw_physics::throw(&flick(2500.0), YUT, 1);
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
    assert_eq!(throw_physics::left_mat(&f), 0);
}

#[test]
fn a_hard_flick_goes_further_and_lasts_longer_than_a_tap() {
    let tap = throw_physics::throw(&Swipe::tap(Mat::default()), YUT, 1);
    let hard = throw_physics::throw(&flick(3500.0), YUT, 1);
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
        let f = throw_physics::throw(&s, YUT, 0);
        assert!(f.mat.width > 100.0 && f.mat.height > 100.0);
        assert_eq!(f.sticks.len(), 4);
        for p in f.sticks.iter().flat_map(|s| &s.frames) {
            assert!(p.x.is_finite() && p.y.is_finite() && p.z.is_finite());
        }
    }
}
