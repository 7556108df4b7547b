//! One number for the flights of a fixed set of swipes: every bit of every pose, knock and
//! time, hashed (FNV-1a). Two devices that give the same number play the same throws.
//! Shared by the test `same_flights.rs` (on this machine) and the browser's simulation
//! module, web/physics-wasm (the same on the web's WebAssembly, see
//! scripts/check-physics-wasm.sh and the web suite's "same flights").

use yut_physics::{mat_layout, throw, Against, Flight, Mat, Swipe, Target};

/// The swipes: taps, pushes and hard flicks in every direction, on small, large, wide and
/// tall mats, with every count of flat faces and some 낙.
fn cases() -> Vec<(Swipe, Target, u64)> {
    // A fixed xorshift, so the cases never depend on another crate's random numbers.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    (0..36u64)
        .map(|n| {
            let mat = Mat {
                width: 240.0 + 600.0 * next(),
                height: 240.0 + 600.0 * next(),
            };
            let flat = std::array::from_fn(|i| (n >> i) & 1 == 1);
            let target = Target {
                flat,
                nak: n % 7 == 3,
            };
            let swipe = if n % 6 == 0 {
                Swipe::tap(mat)
            } else {
                Swipe {
                    mat,
                    release_x: mat.width * next(),
                    release_y: mat.height * next(),
                    velocity_x: 6000.0 * next() - 3000.0,
                    velocity_y: 6000.0 * next() - 4000.0,
                    spin: 16.0 * next() - 8.0,
                }
            };
            (swipe, target, n * 31)
        })
        .collect()
}

fn eat(h: &mut u64, v: u64) {
    for b in v.to_le_bytes() {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x0100_0000_01B3);
    }
}

fn eat_flight(h: &mut u64, f: &Flight) {
    for v in [f.fps, f.end_ms, f.tries, u32::from(f.fallback)] {
        eat(h, u64::from(v));
    }
    for v in [f.mat.width, f.mat.height, f.size.length, f.size.width] {
        eat(h, u64::from(v.to_bits()));
    }
    for v in [f.size.thickness, f.size.rim] {
        eat(h, u64::from(v.to_bits()));
    }
    for s in &f.sticks {
        for v in [s.marked, s.flat_up, s.off_mat] {
            eat(h, u64::from(v));
        }
        eat(h, u64::from(s.settle_ms));
        for p in &s.frames {
            for v in [p.x, p.y, p.z].iter().chain(&p.axis).chain(&p.normal) {
                eat(h, u64::from(v.to_bits()));
            }
        }
    }
    for c in &f.contacts {
        let against = match c.against {
            Against::Mat => 100,
            Against::Edge => 101,
            Against::Floor => 102,
            Against::Stick(i) => u64::from(i),
        };
        for v in [u64::from(c.at_ms), u64::from(c.stick), against] {
            eat(h, v);
        }
        eat(h, u64::from(c.impulse.to_bits()));
        eat(h, u64::from(c.strength.to_bits()));
    }
}

/// The digest of every case's flight and mat layout.
pub fn digest() -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325;
    for (swipe, target, salt) in cases() {
        eat_flight(&mut h, &throw(&swipe, target, salt));
        let l = mat_layout(swipe.mat);
        for v in [l.mat.width, l.mat.height, l.release_height, l.hand_spacing] {
            eat(&mut h, u64::from(v.to_bits()));
        }
    }
    h
}
