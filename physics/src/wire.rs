//! A flight as bytes, and a swipe as numbers: how the browser's simulation module
//! (web/physics-wasm) and its app core (web/wasm), two WebAssembly modules, hand a throw
//! across JavaScript without JSON. Every number is 4 bytes, little-endian, bit for bit,
//! so a flight decoded is the flight planned.
//!
//! A flight: `fps`, the mat (2 × f32), the size (4 × f32), `end_ms`, `tries`, `fallback`
//! (0/1), the number of sticks, then per stick its flags (bit 0 marked, 1 flat up, 2 off
//! the mat), `settle_ms`, the number of frames and each frame's 9 f32 (x, y, z, axis,
//! normal); then the number of contacts and per contact `at_ms`, the stick, what it hit
//! (0 the mat, 1 the edge, 2 the floor, 3 + i stick i), `impulse`, `strength`.

use crate::records::{Against, Contact, Flight, Mat, Pose, StickSize, StickTrack, Swipe};

/// A swipe's numbers, in the order [`swipe_from_words`] reads them.
pub fn swipe_words(s: &Swipe) -> [f32; 7] {
    [
        s.mat.width,
        s.mat.height,
        s.release_x,
        s.release_y,
        s.velocity_x,
        s.velocity_y,
        s.spin,
    ]
}

/// The swipe of [`swipe_words`]; `None` unless there are exactly 7 numbers.
pub fn swipe_from_words(w: &[f32]) -> Option<Swipe> {
    let &[width, height, release_x, release_y, velocity_x, velocity_y, spin] = w else {
        return None;
    };
    Some(Swipe {
        mat: Mat { width, height },
        release_x,
        release_y,
        velocity_x,
        velocity_y,
        spin,
    })
}

/// The flight as bytes (the module's doc has the layout).
pub fn encode(f: &Flight) -> Vec<u8> {
    let frames: usize = f.sticks.iter().map(|s| s.frames.len()).sum();
    let mut out = Words(Vec::with_capacity(
        4 * (12 + 4 * f.sticks.len() + 9 * frames),
    ));
    out.u32(f.fps);
    out.f32s(&[f.mat.width, f.mat.height]);
    out.f32s(&[f.size.length, f.size.width, f.size.thickness, f.size.rim]);
    out.u32(f.end_ms);
    out.u32(f.tries);
    out.u32(u32::from(f.fallback));
    out.len(f.sticks.len());
    for s in &f.sticks {
        out.u32(u32::from(s.marked) | (u32::from(s.flat_up) << 1) | (u32::from(s.off_mat) << 2));
        out.u32(s.settle_ms);
        out.len(s.frames.len());
        for p in &s.frames {
            out.f32s(&[p.x, p.y, p.z]);
            out.f32s(&p.axis);
            out.f32s(&p.normal);
        }
    }
    out.len(f.contacts.len());
    for c in &f.contacts {
        out.u32(c.at_ms);
        out.u32(u32::from(c.stick));
        out.u32(match c.against {
            Against::Mat => 0,
            Against::Edge => 1,
            Against::Floor => 2,
            Against::Stick(i) => 3 + u32::from(i),
        });
        out.f32s(&[c.impulse, c.strength]);
    }
    out.0
}

/// The flight of [`encode`]; `None` when the bytes are not one (cut short, a count larger
/// than the bytes left, bytes left over).
pub fn decode(bytes: &[u8]) -> Option<Flight> {
    let mut r = Reader(bytes);
    let fps = r.u32()?;
    let mat = Mat {
        width: r.f32()?,
        height: r.f32()?,
    };
    let size = StickSize {
        length: r.f32()?,
        width: r.f32()?,
        thickness: r.f32()?,
        rim: r.f32()?,
    };
    let end_ms = r.u32()?;
    let tries = r.u32()?;
    let fallback = r.u32()? != 0;
    let sticks = (0..r.count(4)?)
        .map(|_| {
            let flags = r.u32()?;
            let settle_ms = r.u32()?;
            let frames = (0..r.count(36)?)
                .map(|_| {
                    Some(Pose {
                        x: r.f32()?,
                        y: r.f32()?,
                        z: r.f32()?,
                        axis: [r.f32()?, r.f32()?, r.f32()?],
                        normal: [r.f32()?, r.f32()?, r.f32()?],
                    })
                })
                .collect::<Option<Vec<Pose>>>()?;
            Some(StickTrack {
                marked: flags & 1 != 0,
                flat_up: flags & 2 != 0,
                off_mat: flags & 4 != 0,
                settle_ms,
                frames,
            })
        })
        .collect::<Option<Vec<StickTrack>>>()?;
    let contacts = (0..r.count(20)?)
        .map(|_| {
            let at_ms = r.u32()?;
            let stick = u8::try_from(r.u32()?).ok()?;
            let against = match r.u32()? {
                0 => Against::Mat,
                1 => Against::Edge,
                2 => Against::Floor,
                n => Against::Stick(u8::try_from(n - 3).ok()?),
            };
            Some(Contact {
                at_ms,
                stick,
                against,
                impulse: r.f32()?,
                strength: r.f32()?,
            })
        })
        .collect::<Option<Vec<Contact>>>()?;
    r.0.is_empty().then_some(Flight {
        fps,
        mat,
        size,
        sticks,
        contacts,
        end_ms,
        tries,
        fallback,
    })
}

struct Words(Vec<u8>);

impl Words {
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    fn f32s(&mut self, vs: &[f32]) {
        for v in vs {
            self.0.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }

    /// A count: a flight's lists are far below 2³² long.
    fn len(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn u32(&mut self) -> Option<u32> {
        let (word, rest) = self.0.split_first_chunk::<4>()?;
        self.0 = rest;
        Some(u32::from_le_bytes(*word))
    }

    fn f32(&mut self) -> Option<f32> {
        self.u32().map(f32::from_bits)
    }

    /// A count of items of at least `each` bytes: refused when the bytes left cannot hold
    /// them (so a bad count never asks for a huge allocation).
    fn count(&mut self, each: usize) -> Option<usize> {
        let n = usize::try_from(self.u32()?).ok()?;
        (n.checked_mul(each)? <= self.0.len()).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flight() -> Flight {
        let pose = |k: f32| Pose {
            x: k,
            y: -k,
            z: f32::MIN_POSITIVE,
            axis: [1.0, 0.0, -0.0],
            normal: [0.0, k, 1.0],
        };
        Flight {
            fps: 60,
            mat: Mat::default(),
            size: StickSize {
                length: 75.0,
                width: 17.0,
                thickness: 8.0,
                rim: 15.0,
            },
            sticks: (0..4u8)
                .map(|i| StickTrack {
                    marked: i == 0,
                    flat_up: i % 2 == 1,
                    off_mat: i == 3,
                    settle_ms: 900 + u32::from(i),
                    frames: (0..3)
                        .map(|k| pose(f32::from(i) + k as f32 / 7.0))
                        .collect(),
                })
                .collect(),
            contacts: vec![
                Contact {
                    at_ms: 120,
                    stick: 2,
                    against: Against::Stick(1),
                    impulse: 0.031,
                    strength: 0.4,
                },
                Contact {
                    at_ms: 300,
                    stick: 3,
                    against: Against::Floor,
                    impulse: 0.2,
                    strength: 1.0,
                },
            ],
            end_ms: 1200,
            tries: 3,
            fallback: true,
        }
    }

    #[test]
    fn a_flight_comes_back_bit_for_bit() {
        let f = flight();
        assert_eq!(decode(&encode(&f)), Some(f));
    }

    #[test]
    fn bytes_that_are_not_a_flight_are_refused() {
        let bytes = encode(&flight());
        assert_eq!(decode(&bytes[..bytes.len() - 1]), None);
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0; 4]);
        assert_eq!(decode(&longer), None);
        // A stick count far beyond the bytes: refused, nothing allocated for it.
        let mut huge = bytes;
        huge[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(decode(&huge), None);
        assert_eq!(decode(&[]), None);
    }

    #[test]
    fn a_swipe_comes_back_from_its_words() {
        let s = Swipe {
            mat: Mat::default(),
            release_x: 1.5,
            release_y: 2.5,
            velocity_x: -300.0,
            velocity_y: -1200.0,
            spin: 3.0,
        };
        assert_eq!(swipe_from_words(&swipe_words(&s)), Some(s));
        assert_eq!(swipe_from_words(&[1.0; 6]), None);
    }
}
