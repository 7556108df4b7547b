//! What a flight must never show, measured on the sticks' solids: two sticks sunk into each
//! other (at rest or in the air), a stick beyond the mat's edge. The search uses the same
//! measure to refuse a run; the public checks read a flight's frames alone, independently
//! of the runs that made it (`yut throws` and the tests count them).

use crate::model::{section, Geometry, HALF_WIDTH, LENGTH};
use crate::records::Flight;
use rapier3d::prelude::{Pose3, Vector};

/// Sticks sunk into each other deeper than this at rest would look broken.
pub(crate) const MAX_REST_PENETRATION: f32 = 0.002;

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
        let arc: Vec<(f32, f32)> = section().collect();
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
pub(crate) fn sink_depth(a: &Pose3, b: &Pose3) -> f32 {
    if clearly_apart(a, b) {
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
pub(crate) fn clearly_apart(a: &Pose3, b: &Pose3) -> bool {
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
        .map(|p| g.world_pose(p))
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

/// How many sticks of the flight passed beyond the mat's area at any frame (outside a 낙,
/// where one must).
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
    use crate::model::{rotation, THICKNESS};

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
