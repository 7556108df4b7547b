//! `yut throws`: the physical throw's benchmark. Plans many throws over every outcome with
//! random swipes, from a gentle drop to a hard flick, and reports whether they landed on
//! the drawn faces, stayed on the mat and did not sink into each other, how long planning
//! took and how the throws moved. Build with `--release`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;
use yut_physics::{Mat, Swipe, Target};

/// The physical throw's benchmark (build with --release)
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Plans N physical throws (every result and 낙 in turn, random swipes \
                        on phone-sized mats) and prints whether each landed on the drawn \
                        faces, stayed on the mat and came to rest without sticks sinking \
                        into each other, the planning time and the settle times."
)]
pub struct Options {
    /// Throws to plan
    #[arg(long, value_name = "N", value_parser = crate::args::at_least_one::<usize>)]
    count: usize,
    /// Seed of the swipes and faces
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
}

/// The drawn faces for throw `n`: Mo, Do, Gae, Geol, Yut, Back-Do and 낙 in turn.
fn target(n: usize, rng: &mut ChaCha8Rng) -> Target {
    let kind = n % 7;
    let mut flat = [false; 4];
    match kind {
        0..=4 => {
            // `kind` flat faces; for Do the marked stick (0) stays round side up.
            let mut placed = 0;
            while placed < kind {
                let i = if kind == 1 {
                    rng.gen_range(1..4)
                } else {
                    rng.gen_range(0..4)
                };
                if !flat[i] {
                    flat[i] = true;
                    placed += 1;
                }
            }
        }
        5 => flat[0] = true,
        _ => flat = std::array::from_fn(|_| rng.gen_bool(0.5)),
    }
    Target {
        flat,
        nak: kind == 6,
    }
}

/// A random swipe: 1 in 10 a tap, the rest from a slow push to a hard flick, mostly up the
/// mat, some sideways or down.
fn swipe(rng: &mut ChaCha8Rng) -> (Swipe, f32) {
    let mat = Mat {
        width: rng.gen_range(300.0..=420.0),
        height: rng.gen_range(320.0..=480.0),
    };
    if rng.gen_bool(0.1) {
        return (Swipe::tap(mat), 0.0);
    }
    let speed: f32 = rng.gen_range(100.0..=4000.0);
    let angle: f32 = if rng.gen_bool(0.85) {
        -std::f32::consts::FRAC_PI_2 + rng.gen_range(-1.0..=1.0)
    } else {
        rng.gen_range(-std::f32::consts::PI..=std::f32::consts::PI)
    };
    let s = Swipe {
        mat,
        release_x: rng.gen_range(0.2..=0.8) * mat.width,
        release_y: rng.gen_range(0.45..=0.9) * mat.height,
        velocity_x: speed * angle.cos(),
        velocity_y: speed * angle.sin(),
        spin: rng.gen_range(-8.0..=8.0),
    };
    (s, speed)
}

fn median(v: &mut [f64]) -> f64 {
    percentile(v, 0.5)
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let i = ((v.len() - 1) as f64 * p).round() as usize;
    v[i.min(v.len() - 1)]
}

pub fn main(o: Options) -> ExitCode {
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let mut plan_ms = Vec::with_capacity(o.count);
    let mut settle = Vec::with_capacity(o.count);
    let mut contacts = Vec::with_capacity(o.count);
    // (swipe speed, settle ms, bounces, first touch ms) for the fastest/slowest fifths.
    let mut by_speed: Vec<(f32, f64, f64, f64, f64)> = Vec::with_capacity(o.count);
    let (mut matched, mut left, mut overlap, mut fallbacks, mut tries) = (0, 0, 0, 0, 0u64);
    let mut through = 0;
    let mut odd = Vec::new();
    for n in 0..o.count {
        let t = target(n, &mut rng);
        let (s, speed) = swipe(&mut rng);
        let started = Instant::now();
        let f = yut_physics::throw(&s, t, n as u64);
        plan_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        let shown = f.shows(&t);
        matched += usize::from(shown);
        if !shown || !(800..=2500).contains(&f.end_ms) {
            // Which throws to look at: the swipe and target are printed with --json.
            odd.push(json!({
                "throw": n,
                "swipe": [s.mat.width, s.mat.height, s.release_x, s.release_y, s.velocity_x, s.velocity_y, s.spin],
                "flat": t.flat,
                "nak": t.nak,
                "faces_match": shown,
                "settle_ms": f.end_ms,
            }));
        }
        if !t.nak {
            left += yut_physics::left_mat(&f);
        }
        overlap += yut_physics::overlaps_at_rest(&f);
        through += yut_physics::overlapping_frames(&f);
        fallbacks += usize::from(f.fallback);
        tries += u64::from(f.tries);
        settle.push(f64::from(f.end_ms));
        contacts.push(f.contacts.len() as f64);
        by_speed.push((
            speed,
            f64::from(f.end_ms),
            f.bounces() as f64,
            f64::from(f.first_touch_ms()),
            f64::from(f.travel()),
        ));
    }
    by_speed.sort_by(|a, b| a.0.total_cmp(&b.0));
    let fifth = (by_speed.len() / 5).max(1);
    let group = |rows: &[(f32, f64, f64, f64, f64)]| {
        let mut s: Vec<f64> = rows.iter().map(|r| r.1).collect();
        let mut b: Vec<f64> = rows.iter().map(|r| r.2).collect();
        let mut a: Vec<f64> = rows.iter().map(|r| r.3).collect();
        let mut d: Vec<f64> = rows.iter().map(|r| r.4).collect();
        json!({
            "settle_ms_median": median(&mut s),
            "bounces_median": median(&mut b),
            "airborne_ms_median": median(&mut a),
            "travel_points_median": median(&mut d),
        })
    };
    let slow = group(&by_speed[..fifth.min(by_speed.len())]);
    let fast = group(&by_speed[by_speed.len().saturating_sub(fifth)..]);
    let settle_min = settle.iter().copied().fold(f64::INFINITY, f64::min);
    let settle_max = settle.iter().copied().fold(0.0, f64::max);
    let report = json!({
        "throws": o.count,
        "faces_match": matched,
        "left_mat": left,
        "overlap_at_rest": overlap,
        "overlapping_frames": through,
        "fallbacks": fallbacks,
        "runs_mean": tries as f64 / o.count as f64,
        "plan_ms_median": median(&mut plan_ms.clone()),
        "plan_ms_p99": percentile(&mut plan_ms, 0.99),
        "settle_ms_min": settle_min,
        "settle_ms_median": median(&mut settle),
        "settle_ms_max": settle_max,
        "contacts_median": median(&mut contacts),
        "slowest_fifth": slow,
        "fastest_fifth": fast,
        "outside_targets": odd,
    });
    if o.json {
        println!("{report}");
    } else {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("yut throws: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if matched == o.count && left == 0 && overlap == 0 && through == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
