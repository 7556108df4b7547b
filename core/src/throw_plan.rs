//! The stick animation plan: the result is drawn by the core's RNG first; the gesture only
//! shapes how the four sticks fly and land, so both apps show the same throw and a swipe
//! can never change the odds.

use serde::{Deserialize, Serialize};

/// How the player threw: a swipe (direction in radians on screen, speed in points per
/// second, duration in milliseconds), or a tap (all zero).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Gesture {
    pub direction_rad: f32,
    pub speed: f32,
    pub duration_ms: u32,
}

impl Gesture {
    pub fn tap() -> Gesture {
        Gesture::default()
    }
}

/// One stick's flight, from release to rest.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StickPlan {
    /// Stick 0 carries the Back-Do mark on its flat side.
    pub marked: bool,
    /// Release position in the unit square of the mat and angle (radians).
    pub start_x: f32,
    pub start_y: f32,
    pub start_angle: f32,
    /// Where it comes to rest.
    pub end_x: f32,
    pub end_y: f32,
    pub end_angle: f32,
    /// Whole half-turns about its long axis; even/odd decides the face shown at rest.
    pub half_turns: u32,
    /// Time in the air, milliseconds.
    pub flight_ms: u32,
    /// The face at rest: true = flat side up.
    pub flat_up: bool,
    /// Lands off the mat (낙).
    pub off_mat: bool,
}

/// The plan for all four sticks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowPlan {
    pub sticks: [StickPlan; 4],
    /// When the last stick comes to rest, milliseconds.
    pub total_ms: u32,
}

/// A tiny deterministic mixer (splitmix64) so the plan depends only on its inputs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn unit(h: u64) -> f32 {
    (h >> 40) as f32 / (1u64 << 24) as f32
}

/// Builds the plan for sticks that landed as `flat` (flat side up per stick), `nak` when a
/// stick went off the mat. `salt` varies the look between throws (e.g. the throw count).
pub fn plan(flat: [bool; 4], nak: bool, gesture: Gesture, salt: u64) -> ThrowPlan {
    let speed = if gesture.speed.is_finite() {
        gesture.speed.clamp(0.0, 5000.0)
    } else {
        0.0
    };
    let dir = if gesture.direction_rad.is_finite() {
        gesture.direction_rad
    } else {
        0.0
    };
    // Faster swipes fly longer and spin more; a tap is a gentle toss.
    let strength = (speed / 2500.0).clamp(0.15, 1.0);
    let (dx, dy) = (dir.cos(), dir.sin());
    let seed = mix(salt
        ^ (speed.to_bits() as u64) << 17
        ^ gesture.duration_ms as u64
        ^ (dir.to_bits() as u64) << 40);
    let off_stick = (mix(seed ^ 0xA5) % 4) as usize;
    let mut total = 0;
    let sticks = std::array::from_fn(|i| {
        let h = mix(seed ^ ((i as u64 + 1) * 0x1000_0001));
        let start_x = 0.38 + 0.08 * i as f32;
        let start_y = 0.9;
        let travel = 0.35 + 0.3 * strength;
        let jitter = (unit(h) - 0.5) * 0.2;
        let off_mat = nak && i == off_stick;
        let (end_x, end_y) = if off_mat {
            (
                if dx >= 0.0 { 1.15 } else { -0.15 },
                0.3 + 0.2 * unit(h >> 3),
            )
        } else {
            (
                (start_x + dx * travel * 0.5 + jitter).clamp(0.08, 0.92),
                (start_y - travel + dy * 0.1 + jitter * 0.5).clamp(0.1, 0.85),
            )
        };
        // Half-turns: an even count shows the starting face (round side up), odd flips.
        let base = 2 * (2 + (strength * 4.0) as u32 + (h % 3) as u32);
        let half_turns = base + u32::from(flat[i]);
        let flight_ms = 550 + (strength * 500.0) as u32 + (h % 120) as u32;
        total = total.max(flight_ms + 150);
        StickPlan {
            marked: i == 0,
            start_x,
            start_y,
            start_angle: (unit(h >> 7) - 0.5) * 0.4,
            end_x,
            end_y,
            end_angle: (unit(h >> 13) - 0.5) * std::f32::consts::PI,
            half_turns,
            flight_ms,
            flat_up: flat[i],
            off_mat,
        }
    });
    ThrowPlan {
        sticks,
        total_ms: total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::throw::Throw;

    #[test]
    fn plan_lands_on_the_drawn_faces_whatever_the_gesture() {
        let faces = [true, false, false, false];
        for g in [
            Gesture::tap(),
            Gesture {
                direction_rad: 1.2,
                speed: 3000.0,
                duration_ms: 120,
            },
            Gesture {
                direction_rad: f32::NAN,
                speed: f32::INFINITY,
                duration_ms: 0,
            },
        ] {
            let p = plan(faces, false, g, 3);
            let flat: Vec<bool> = p.sticks.iter().map(|s| s.flat_up).collect();
            assert_eq!(flat, faces);
            for s in &p.sticks {
                // Starting round side up, an odd number of half-turns shows the flat side.
                assert_eq!(s.half_turns % 2 == 1, s.flat_up);
                assert!(s.flight_ms > 0 && s.flight_ms < p.total_ms);
            }
            assert!(p.sticks[0].marked && !p.sticks[1].marked);
            let read = Throw::from_sticks(
                [
                    p.sticks[0].flat_up,
                    p.sticks[1].flat_up,
                    p.sticks[2].flat_up,
                    p.sticks[3].flat_up,
                ],
                true,
            );
            assert_eq!(read, Throw::BackDo);
        }
    }

    #[test]
    fn same_inputs_same_plan_and_a_faster_swipe_flies_longer() {
        let g = Gesture {
            direction_rad: 0.5,
            speed: 800.0,
            duration_ms: 90,
        };
        assert_eq!(plan([true; 4], false, g, 1), plan([true; 4], false, g, 1));
        let fast = Gesture { speed: 4000.0, ..g };
        assert!(
            plan([true; 4], false, fast, 1).total_ms
                > plan([true; 4], false, Gesture::tap(), 1).total_ms
        );
    }

    #[test]
    fn nak_sends_exactly_one_stick_off_the_mat() {
        let p = plan([false; 4], true, Gesture::tap(), 9);
        assert_eq!(p.sticks.iter().filter(|s| s.off_mat).count(), 1);
        let p = plan([false; 4], false, Gesture::tap(), 9);
        assert_eq!(p.sticks.iter().filter(|s| s.off_mat).count(), 0);
    }
}
