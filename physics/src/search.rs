//! The search for a flight that shows the drawn faces: the four sticks flown together from
//! the swipe's launch; when that run lands wrong, the sticks that must change flown again
//! one at a time among the ones kept; when a whole pass fails, the pass again with other
//! small differences, then the same hand thrown softer. Every loop is bounded.

use crate::checks::{left_mat, overlapping_frames, overlaps_at_rest};
use crate::launch::{gentle_toss, keep_on_mat, launches, nearest_edge, respin, send_off, Launch};
use crate::model::{Geometry, FPS};
use crate::records::{Against, Contact, Flight, StickTrack, Swipe, Target};
use crate::simulation::{simulate, SimulatedStick, Simulation};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rapier3d::prelude::Vector;

/// A stick still moving after this is flown again: a throw is over within 2.5 s.
const LATEST_REST_MS: u32 = 2300;
/// Whole plans of a throw, each from the same hand, before the first is shown as it is.
const WHOLE_PASSES: u64 = 3;
/// Runs of one stick alone before gentler tosses of it.
const ALONE_TRIES: u32 = 4;
/// Gentle tosses of one stick after that.
const GENTLE_TRIES: u32 = 12;
/// A run where two sticks sink further into each other while they knock is not used (the
/// flight's frames are checked against `MAX_REST_PENETRATION`, with this margin).
const MAX_KNOCK_DEPTH: f32 = 0.0018;

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
    // What no gesture can say is bounded before it shapes (or slows) any run.
    let swipe = &swipe.bounded();
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
    for i in (1..4u64).rev() {
        // Drawn as u64, never usize: a usize draw takes 32 bits of the stream on 32-bit
        // platforms (armv7 phones, the web's wasm32) and 64 on the others, and the same
        // swipe would fly differently there.
        order.swap(i as usize, rng.gen_range(0..=i) as usize);
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

/// Finishes a throw whose run landed wrong. Each stick that must change (see
/// [`wanted_faces`]) is flown again on its own, its spin changed by what its last run
/// showed, with the sticks already decided replayed around it (so it knocks into them
/// rather than passing through), until it lands right. Each stick's search is bounded and
/// ends in gentle tosses of that stick.
fn settle(
    g: &Geometry,
    target: &Target,
    launch: [Launch; 4],
    aims: [bool; 4],
    nak_stick: usize,
    rng: &mut ChaCha8Rng,
    first: Simulation,
) -> Flight {
    let mut sims = 1;
    let off = |i: usize| target.nak && i == nak_stick;
    let sticks = first.sticks;
    if sticks.len() != 4 {
        let run = Simulation {
            sticks,
            overlap: false,
            deepest: 0.0,
        };
        return flight(g, run, [0, 1, 2, 3], sims, true);
    }
    let good: Vec<bool> = (0..4)
        .map(|i| usable(g, &sticks[i], off(i)) && !sticks[i].knocked)
        .collect();
    let want = wanted_faces(target, &sticks, &good, aims, rng);
    // First around the sticks kept from the first run; if a stick cannot be fitted among
    // them, every stick is flown again, one after the other.
    let mut fallback = false;
    let mut decided: Vec<Option<SimulatedStick>> = Vec::new();
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
            let around: Vec<&SimulatedStick> = decided.iter().flatten().collect();
            let (run, outcome) = fly_alone(
                g,
                launch[i],
                want[i],
                off(i),
                &sticks[i],
                &around,
                rng,
                &mut sims,
            );
            fitted &= outcome != AloneOutcome::Missed;
            fallback |= outcome == AloneOutcome::Gentle;
            decided[i] = Some(run);
        }
        if fitted {
            break;
        }
    }
    let run = Simulation {
        sticks: decided.into_iter().flatten().collect(),
        overlap: false,
        deepest: 0.0,
    };
    let order = relabel(&run, g, target).unwrap_or([0, 1, 2, 3]);
    flight(g, run, order, sims, fallback)
}

/// What each stick must show after a run that landed wrong: its own face where it landed
/// usably without touching another stick (`good`), else its aim; then as many turned over
/// as the count needs (unusable ones first, then those nearest the other face when they
/// came down).
fn wanted_faces(
    target: &Target,
    sticks: &[SimulatedStick],
    good: &[bool],
    aims: [bool; 4],
    rng: &mut ChaCha8Rng,
) -> [bool; 4] {
    let k = target.flat.iter().filter(|f| **f).count();
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
    want
}

/// How a stick flown alone ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AloneOutcome {
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
/// how it ended.
#[allow(clippy::too_many_arguments)]
fn fly_alone(
    g: &Geometry,
    mut launch: Launch,
    flat: bool,
    off: bool,
    last: &SimulatedStick,
    around: &[&SimulatedStick],
    rng: &mut ChaCha8Rng,
    sims: &mut u32,
) -> (SimulatedStick, AloneOutcome) {
    let index = last.index;
    let mut last = last.clone();
    let mut best: Option<SimulatedStick> = None;
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
        let crowded = last.knocked || last.unclear;
        if crowded && !off {
            if let Some(to) = towards_open_mat(&last, around, &base, pushes, rng) {
                pushes += 1;
                aside = to;
            }
        }
        let calm = if gentle {
            launch = gentle_toss(launch, flat, attempt - ALONE_TRIES, rng);
            0.3 / (1.0 + (attempt - ALONE_TRIES) as f32)
        } else {
            respin(&mut launch, last.impact, flat, rng);
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
            let outcome = if gentle {
                AloneOutcome::Gentle
            } else {
                AloneOutcome::Landed
            };
            return (run, outcome);
        }
        if best.is_none() && fits {
            best = Some(run.clone());
        }
        last = run;
        last.knocked |= overlap;
    }
    // The throw never stops on a stick: the first usable run (with the other face) or the
    // last stands, and the caller tries another way.
    (best.unwrap_or(last), AloneOutcome::Missed)
}

/// Where a stick that came down on or against the sticks already decided is pushed along
/// the mat on its next try: towards open mat, away from the nearest of them and towards the
/// middle; crowded again (`pushes` > 0), away from where they all left the hand as well.
/// `None` when no stick is decided.
fn towards_open_mat(
    last: &SimulatedStick,
    around: &[&SimulatedStick],
    base: &Launch,
    pushes: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Vector> {
    let near = around.iter().map(|o| o.rest).min_by(|a, b| {
        (*a - last.rest)
            .length()
            .total_cmp(&(*b - last.rest).length())
    })?;
    let away = Vector::new(last.rest.x - near.x, 0.0, last.rest.z - near.z).normalize_or_zero();
    let centre = Vector::new(-last.rest.x, 0.0, -last.rest.z).normalize_or_zero();
    let starts: Vec<Vector> = around
        .iter()
        .filter_map(|o| o.steps.first())
        .map(|p| p.translation)
        .collect();
    let from_hand = if pushes > 0 && !starts.is_empty() {
        let mean = starts.iter().copied().sum::<Vector>() / starts.len() as f32;
        Vector::new(base.position.x - mean.x, 0.0, base.position.z - mean.z).normalize_or_zero()
    } else {
        Vector::ZERO
    };
    Some((away * 0.5 + centre + from_hand).normalize_or_zero() * rng.gen_range(0.2..0.35))
}

/// Whether a stick's run can stand in the throw: at rest (and soon enough), lying clearly on
/// one face, on the mat without ever crossing its edge (or, for the stick sent off in a 낙,
/// off it).
fn usable(g: &Geometry, s: &SimulatedStick, off: bool) -> bool {
    s.settled
        && s.settle_ms <= LATEST_REST_MS
        && !s.unclear
        && if off { !g.on_mat(s.rest) } else { !s.left }
}

/// Which drawn stick each simulated stick becomes, when the run shows the drawn faces:
/// `order[label] = simulated stick`. The sticks lie round side up in the hand, so which
/// one carries the Back-Do mark is only seen when they land: the mark goes to a stick that
/// landed the way the marked stick must.
fn relabel(run: &Simulation, g: &Geometry, target: &Target) -> Option<[usize; 4]> {
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
fn flight(g: &Geometry, run: Simulation, order: [usize; 4], tries: u32, fallback: bool) -> Flight {
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
