use super::*;
use crate::flight::{plan_flight, tap_swipe, Mat};

const MAT: Mat = Mat {
    width: 360.0,
    height: 420.0,
};

fn flight(sticks: [bool; 4], swipe: Swipe) -> Flight {
    match plan_flight(swipe, sticks.to_vec(), false, 5) {
        Ok(f) => f,
        Err(e) => panic!("plan_flight refused a valid throw: {e:?}"),
    }
}

fn shown(flight: Flight, motion: ThrowMotion) -> ThrowShown {
    let start = 10_000;
    ThrowShown {
        seq: 1,
        seat: 0,
        colour: "#000".into(),
        sticks: flight.sticks.iter().map(|t| t.flat_up).collect(),
        lands_at_ms: start + u64::from(flight.end_ms),
        flight,
        motion,
        started_at_ms: start,
        by_bot: false,
        outcome: None,
    }
}

fn flick() -> Swipe {
    Swipe {
        release_x: 120.0,
        release_y: 330.0,
        velocity_x: 300.0,
        velocity_y: -700.0,
        spin: 2.0,
        ..tap_swipe(MAT)
    }
}

fn corners(d: &StickDrawing) -> [(f32, f32); 4] {
    [
        (d.x + d.along_x + d.across_x, d.y + d.along_y + d.across_y),
        (d.x + d.along_x - d.across_x, d.y + d.along_y - d.across_y),
        (d.x - d.along_x - d.across_x, d.y - d.along_y - d.across_y),
        (d.x - d.along_x + d.across_x, d.y - d.along_y + d.across_y),
    ]
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn a_stick_lying_flat_face_up_is_drawn_flat_at_full_width() {
    let layout = mat_layout(MAT);
    let lying = |normal_z: f32| ShownStick {
        pose: Pose {
            x: 180.0,
            y: 210.0,
            z: 0.0,
            axis_x: 1.0,
            axis_y: 0.0,
            axis_z: 0.0,
            normal_x: 0.0,
            normal_y: 0.0,
            normal_z,
        },
        marked: true,
        opacity: 1.0,
    };
    let drawn = drawings(layout, &[lying(1.0), lying(-1.0)]);
    let (up, down) = (&drawn[0], &drawn[1]);
    assert!(up.flat_up && !down.flat_up);
    for d in [up, down] {
        // On the mat, in its middle: where it lies, as long and wide as the stick.
        assert!(close(d.x, 180.0) && close(d.y, 210.0), "{d:?}");
        assert!(close(d.along_x, layout.size.length / 2.0) && close(d.along_y, 0.0));
        assert!(close(d.across_x, 0.0));
        assert!(close(d.across_y.abs(), layout.size.width / 2.0), "{d:?}");
        assert!(d.marked);
    }
}

#[test]
fn a_stick_on_its_edge_is_a_sliver_and_a_high_one_is_larger() {
    let layout = mat_layout(MAT);
    let at = |z: f32, normal_y: f32, normal_z: f32| ShownStick {
        pose: Pose {
            x: 180.0,
            y: 210.0,
            z,
            axis_x: 1.0,
            axis_y: 0.0,
            axis_z: 0.0,
            normal_x: 0.0,
            normal_y,
            normal_z,
        },
        marked: false,
        opacity: 1.0,
    };
    let d = drawings(layout, &[at(0.0, 1.0, 0.0), at(80.0, 0.0, 1.0)]);
    let (edge, high) = (&d[0], &d[1]);
    assert!(
        edge.across_y.abs() < layout.size.width / 2.0 * 0.5,
        "{edge:?}"
    );
    assert!(high.along_x > layout.size.length / 2.0 + 1.0, "{high:?}");
    assert!(high.shadow_y > edge.shadow_y);
}

#[test]
fn sticks_are_drawn_lowest_first() {
    let layout = mat_layout(MAT);
    let at = |z: f32, marked: bool| ShownStick {
        pose: Pose {
            z,
            ..waiting_poses(layout)[0]
        },
        marked,
        opacity: 1.0,
    };
    let d = drawings(layout, &[at(50.0, true), at(2.0, false)]);
    assert!(!d[0].marked && d[1].marked, "{d:?}");
}

#[test]
fn past_the_landing_the_sticks_are_at_rest() {
    let f = flight([true, false, true, true], flick());
    let rest: Vec<Pose> = f
        .sticks
        .iter()
        .filter_map(|t| t.frames.last().copied())
        .collect();
    for motion in [ThrowMotion::Flight, ThrowMotion::Drop] {
        let play = Playback::new(shown(f.clone(), motion), None);
        for ms in [
            play.duration_ms(),
            play.duration_ms() + 5_000.0,
            f32::INFINITY,
        ] {
            let now: Vec<Pose> = play.sticks_at(ms).iter().map(|s| s.pose).collect();
            assert_eq!(now, rest, "{motion:?} at {ms}");
        }
        assert!(play.sticks_at(1e9).iter().all(|s| s.opacity == 1.0));
    }
}

#[test]
fn between_two_frames_a_stick_is_between_them() {
    let f = flight([false, false, true, false], flick());
    let frame_ms = 1000.0 / f.fps as f32;
    let i = 10;
    let now = flight_poses(&f, (i as f32 + 0.5) * frame_ms);
    for (t, p) in f.sticks.iter().zip(&now) {
        let (a, b) = (t.frames[i], t.frames[i + 1]);
        assert!(
            close(p.x, (a.x + b.x) / 2.0) && close(p.z, (a.z + b.z) / 2.0),
            "{p:?}"
        );
        let unit = axis(p).length();
        assert!((unit - 1.0).abs() < 1e-3 && normal(p).dot(axis(p)).abs() < 1e-3);
    }
    // Before the release, the first frame.
    let before = flight_poses(&f, -50.0);
    assert!(before.iter().zip(&f.sticks).all(|(p, t)| *p == t.frames[0]));
}

#[test]
fn a_flight_leaves_the_hand_where_it_held_the_sticks() {
    let swipe = flick();
    let f = flight([true, true, false, true], swipe);
    let layout = mat_layout(f.mat);
    let hold = hand_hold(swipe, layout);
    let hand = hand_poses(layout, hold);
    let play = Playback::new(shown(f.clone(), ThrowMotion::Flight), Some(hold));
    let at_release = play.sticks_at(0.0);
    // Every stick is one of the hand's, each of the hand's taken once.
    let mut taken = [false; 4];
    for s in &at_release {
        let k = hand
            .iter()
            .position(|h| centre(h).sub(centre(&s.pose)).length() < 0.01)
            .unwrap_or_else(|| panic!("{s:?} is not in the hand {hand:?}"));
        assert!(!taken[k]);
        taken[k] = true;
        assert!(axis(&s.pose).dot(axis(&hand[k])).abs() > 0.999);
        assert!(normal(&s.pose).dot(normal(&hand[k])) > 0.999);
    }
    // Once handed off, the flight exactly as it flies.
    let duration = play.duration_ms();
    let ms = HAND_OFF_MS / flight_ms(&f) * duration + 1.0;
    let later: Vec<Pose> = play.sticks_at(ms).iter().map(|s| s.pose).collect();
    assert_eq!(later, flight_poses(&f, ms / duration * flight_ms(&f)));
}

#[test]
fn a_drop_falls_onto_the_resting_poses_fading_in() {
    let f = flight([false, true, false, false], tap_swipe(MAT));
    let play = Playback::new(shown(f.clone(), ThrowMotion::Drop), None);
    let start = play.sticks_at(0.0);
    let half = play.sticks_at(play.duration_ms() / 2.0);
    for ((s, m), t) in start.iter().zip(&half).zip(&f.sticks) {
        let rest = t.frames[t.frames.len() - 1];
        assert!(close(s.pose.z, rest.z + f.size.length / 2.0));
        assert!(rest.z < m.pose.z && m.pose.z < s.pose.z);
        assert!(close(s.pose.x, rest.x) && close(s.opacity, 0.4));
        assert_eq!(s.marked, t.marked);
    }
}

#[test]
fn the_drawn_sticks_stay_inside_the_mat() {
    for (k, swipe) in [flick(), tap_swipe(MAT)].into_iter().enumerate() {
        let f = flight([k == 0, true, false, k == 1], swipe);
        let play = Playback::new(shown(f.clone(), ThrowMotion::Flight), None);
        let frames = play.frames();
        let span = u64::from(f.end_ms) * u64::from(f.fps);
        assert_eq!(frames.len() as u64, span.div_ceil(1000) + 1);
        let Some(last) = frames.last() else {
            panic!("no frames");
        };
        let layout = mat_layout(f.mat);
        assert_eq!(last, &drawings(layout, &play.sticks_at(f32::INFINITY)));
        for d in last.iter().chain(&waiting_drawings(layout)) {
            for (x, y) in corners(d) {
                assert!(
                    (0.0..=f.mat.width).contains(&x) && (0.0..=f.mat.height).contains(&y),
                    "{d:?} leaves the mat"
                );
            }
        }
    }
}

#[test]
fn a_still_finger_holds_the_sticks_up_the_mat_and_a_moving_one_along_its_way() {
    let layout = mat_layout(MAT);
    assert_eq!(hand_hold(tap_swipe(MAT), layout).heading, UP);
    let right = Swipe {
        velocity_x: 500.0,
        velocity_y: 0.0,
        ..tap_swipe(MAT)
    };
    let hold = hand_hold(right, layout);
    assert!(close(hold.heading, 0.0));
    let hand = hand_poses(layout, hold);
    // Lengths to the right, side by side down the mat at the hand's spacing, round side up.
    assert!(hand
        .iter()
        .all(|p| close(p.axis_x, 1.0) && p.normal_z < 0.0));
    assert!(hand.iter().all(|p| close(p.z, layout.release_height)));
    assert!(hand
        .windows(2)
        .all(|w| close(w[1].y - w[0].y, layout.hand_spacing)));
    let waiting = waiting_poses(layout);
    assert!(waiting
        .iter()
        .all(|p| p.z == 0.0 && p.normal_z < 0.0 && close(p.axis_y, -1.0)));
}

/// The bundle drawn in the hand is where the flight leaves from: stick by stick, each of a
/// flight's first frame lies within a quarter of the spacing of the hand's stick in its
/// place in the row, along the throw and round side up, so the hand-off is a small one.
#[test]
fn the_bundle_in_the_hand_is_the_flights_first_frame_stick_by_stick() {
    let mats = [
        Mat {
            width: 300.0,
            height: 200.0,
        },
        Mat {
            width: 480.0,
            height: 160.0,
        },
        Mat {
            width: 200.0,
            height: 400.0,
        },
    ];
    for mat in mats {
        let layout = mat_layout(mat);
        let flick = |vx: f32, vy: f32| Swipe {
            release_x: mat.width * 0.5,
            release_y: mat.height * 0.6,
            velocity_x: vx,
            velocity_y: vy,
            spin: 0.0,
            ..tap_swipe(mat)
        };
        for swipe in [flick(0.0, -900.0), flick(700.0, -300.0), tap_swipe(mat)] {
            let hold = hand_hold(swipe, layout);
            let hand = hand_poses(layout, hold);
            let along = v3(hold.heading.cos(), hold.heading.sin(), 0.0);
            for salt in 0..6u64 {
                let sticks = (0..4).map(|k| (salt >> k) & 1 == 1).collect();
                let Ok(f) = plan_flight(swipe, sticks, false, salt) else {
                    panic!("plan_flight refused a valid throw");
                };
                let first = flight_poses(&f, 0.0);
                let places = row_places(&hand, &first);
                let mut sorted = places.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, vec![0, 1, 2, 3], "{mat:?} {swipe:?} salt {salt}");
                for (p, &place) in first.iter().zip(&places) {
                    let off = centre(p).sub(centre(&hand[place]));
                    assert!(
                        v3(off.x, off.y, 0.0).length() <= layout.hand_spacing / 4.0,
                        "{off:?} off its place: {mat:?} {swipe:?} salt {salt}"
                    );
                    assert!(axis(p).dot(along).abs() > 0.1f32.cos());
                    assert!(p.normal_z < -0.99, "round side up");
                }
            }
        }
    }
}
