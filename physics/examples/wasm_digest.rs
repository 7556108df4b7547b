//! The flights' digest (tests/digest) as a WebAssembly export, for
//! scripts/check-physics-wasm.sh: built for wasm32-unknown-unknown and called from Node, it
//! must give the digest the tests pin.

#[path = "../tests/digest/mod.rs"]
mod digest;

/// The digest of the fixed flights.
#[no_mangle]
pub extern "C" fn flight_digest() -> u64 {
    digest::digest()
}
