//! yut-physics-web: the throw's simulation for the browser, a WebAssembly module of its
//! own. rapier was two thirds of the app core's download (docs/FIGURES.md), so the core
//! (web/wasm, yut-app without its `physics` feature) leaves it out; the page fetches this
//! module once the menu shows and the worker hands [`plan`] to the core
//! (`Core::provide_physics`), which plans every flight through it. Flights cross as bytes
//! (`yut_physics::wire`), not JSON.

use wasm_bindgen::prelude::*;
use yut_physics::{wire, Target};

/// The flights' digest of yut-physics' fixed swipes (its tests pin it).
#[path = "../../../physics/tests/digest/mod.rs"]
mod digest;

/// Plans the flight of a swipe (its 7 numbers, `yut_physics::wire::swipe_words`) coming to
/// rest on the drawn faces (bit i: stick i flat side up), one stick off the mat when `nak`;
/// returns it as `wire` bytes, or no bytes when the swipe is not 7 numbers.
#[wasm_bindgen]
pub fn plan(swipe: &[f32], flat: u8, nak: bool, salt: u64) -> Vec<u8> {
    let Some(swipe) = wire::swipe_from_words(swipe) else {
        return Vec::new();
    };
    let target = Target {
        flat: std::array::from_fn(|i| (flat >> i) & 1 == 1),
        nak,
    };
    wire::encode(&yut_physics::throw(&swipe, target, salt))
}

/// The digest of the fixed flights of `physics/tests/digest`, as 16 hex digits: equal to
/// the pinned one, the browser plays every swipe as the phones do.
#[wasm_bindgen]
pub fn flight_digest() -> String {
    format!("{:016x}", digest::digest())
}

/// The same digest as a number, for scripts/check-physics-wasm.sh, which runs this
/// module's build in Node without its JavaScript glue.
#[no_mangle]
pub extern "C" fn flight_digest_u64() -> u64 {
    digest::digest()
}
